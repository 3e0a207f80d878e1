//! Perft-style cross-check of `geneva` and `kee` against an independent
//! brute-force implementation written here from the spec text alone: plain byte
//! arrays, flood-fill captures, histories as sorted sets of whole positions,
//! linear searches. It shares no code with the engine.
//!
//! The walk visits every legal turn sequence (board plays and passes, colors
//! alternating) to a fixed depth, stopping where the game is over. At every node
//! both sides must agree on the position, the legal turns, whether the game is
//! over, the points `final_score` would count, and (Geneva) the forfeit counts.

use koban::board::{Color, Move, Point};
use koban::game::Game;
use koban::rules::{KoFact, Over, Rules};
use std::collections::BTreeSet;

type Grid = Vec<u8>;
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn neighbours(n: usize, i: usize) -> Vec<usize> {
    let (x, y) = (i % n, i / n);
    let mut v = Vec::new();
    if x > 0 {
        v.push(i - 1);
    }
    if x + 1 < n {
        v.push(i + 1);
    }
    if y > 0 {
        v.push(i - n);
    }
    if y + 1 < n {
        v.push(i + n);
    }
    v
}

/// The stones of the chain through `i` and its liberty count.
fn chain(g: &Grid, n: usize, i: usize) -> (Vec<usize>, usize) {
    let color = g[i];
    let mut stones = vec![i];
    let mut libs = BTreeSet::new();
    let mut k = 0;
    while k < stones.len() {
        for j in neighbours(n, stones[k]) {
            if g[j] == EMPTY {
                libs.insert(j);
            } else if g[j] == color && !stones.contains(&j) {
                stones.push(j);
            }
        }
        k += 1;
    }
    (stones, libs.len())
}

/// A board play: (new grid, stones captured, own stones suicided), or None when
/// it is not pseudolegal.
fn board_play(g: &Grid, n: usize, c: u8, i: usize, suicide: bool) -> Option<(Grid, u32, u32)> {
    if g[i] != EMPTY {
        return None;
    }
    let mut next = g.clone();
    next[i] = c;
    let opponent = 3 - c;
    let mut captured = 0;
    for j in neighbours(n, i) {
        if next[j] == opponent {
            let (stones, libs) = chain(&next, n, j);
            if libs == 0 {
                for s in &stones {
                    next[*s] = EMPTY;
                }
                captured += stones.len() as u32;
            }
        }
    }
    let (own, libs) = chain(&next, n, i);
    let mut suicided = 0;
    if libs == 0 {
        if own.len() >= 2 && suicide {
            for s in &own {
                next[*s] = EMPTY;
            }
            suicided = own.len() as u32;
        } else {
            return None;
        }
    }
    Some((next, captured, suicided))
}

/// Empty regions bordered by one color only, per color.
fn territory(g: &Grid, n: usize) -> [f64; 2] {
    let mut seen = vec![false; g.len()];
    let mut points = [0.0; 2];
    for start in 0..g.len() {
        if g[start] != EMPTY || seen[start] {
            continue;
        }
        let mut region = vec![start];
        seen[start] = true;
        let mut borders = [false; 3];
        let mut k = 0;
        while k < region.len() {
            for j in neighbours(n, region[k]) {
                if g[j] == EMPTY {
                    if !seen[j] {
                        seen[j] = true;
                        region.push(j);
                    }
                } else {
                    borders[g[j] as usize] = true;
                }
            }
            k += 1;
        }
        match (borders[1], borders[2]) {
            (true, false) => points[0] += region.len() as f64,
            (false, true) => points[1] += region.len() as f64,
            _ => {}
        }
    }
    points
}

fn area(g: &Grid, n: usize) -> [f64; 2] {
    let mut points = territory(g, n);
    for &v in g {
        if v != EMPTY {
            points[v as usize - 1] += 1.0;
        }
    }
    points
}

trait Model: Clone {
    fn grid(&self) -> &Grid;
    /// Legal board plays (as indices) and the pass (None), plays first, in index order.
    fn legal(&self, c: u8) -> Vec<Option<usize>>;
    fn play(&mut self, c: u8, mv: Option<usize>);
    fn over(&self) -> bool;
    fn points(&self) -> [f64; 2];
    fn extra(&self) -> Vec<KoFact> {
        Vec::new()
    }
    /// Board plays that are pseudolegal but refused by the variant.
    fn refused(&self, c: u8) -> usize;
    /// The node shows the variant's own mechanism at work (a forfeit so far).
    fn notable(&self) -> bool {
        false
    }
}

#[derive(Clone)]
struct GenevaModel {
    n: usize,
    suicide: bool,
    territory: bool,
    grid: Grid,
    seen: Vec<Grid>,
    forfeited_to: [u32; 2],
    prisoners: [u32; 2],
    passes: u32,
}

impl Model for GenevaModel {
    fn grid(&self) -> &Grid {
        &self.grid
    }
    fn legal(&self, c: u8) -> Vec<Option<usize>> {
        let mut v: Vec<Option<usize>> = (0..self.grid.len())
            .filter(|&i| board_play(&self.grid, self.n, c, i, self.suicide).is_some())
            .map(Some)
            .collect();
        v.push(None);
        v
    }
    fn play(&mut self, c: u8, mv: Option<usize>) {
        let Some(i) = mv else {
            self.passes += 1;
            return;
        };
        self.passes = 0;
        let (mut next, captured, suicided) =
            board_play(&self.grid, self.n, c, i, self.suicide).unwrap();
        let (me, opponent) = (c as usize - 1, 2 - c as usize);
        self.prisoners[me] += captured;
        self.prisoners[opponent] += suicided;
        if self.seen.contains(&next) {
            if suicided == 0 {
                next[i] = EMPTY;
                if self.territory {
                    self.prisoners[opponent] += 1;
                }
            }
            self.forfeited_to[opponent] += 1;
        }
        self.grid = next;
        self.seen.push(self.grid.clone());
    }
    fn over(&self) -> bool {
        self.passes >= 2
    }
    fn points(&self) -> [f64; 2] {
        if self.territory {
            let mut p = territory(&self.grid, self.n);
            p[0] += self.prisoners[0] as f64;
            p[1] += self.prisoners[1] as f64;
            p
        } else {
            let mut p = area(&self.grid, self.n);
            p[0] += self.forfeited_to[0] as f64;
            p[1] += self.forfeited_to[1] as f64;
            p
        }
    }
    fn refused(&self, _c: u8) -> usize {
        0
    }
    fn notable(&self) -> bool {
        self.forfeited_to != [0, 0]
    }
    fn extra(&self) -> Vec<KoFact> {
        vec![KoFact::Forfeits(self.forfeited_to)]
    }
}

type Situation = (u8, Grid, BTreeSet<Grid>, BTreeSet<Grid>);

#[derive(Clone)]
struct KeeModel {
    n: usize,
    grid: Grid,
    histories: [BTreeSet<Grid>; 2],
    situations: Vec<Situation>,
    /// (turn number, color, grid passed on)
    passes: Vec<(usize, u8, Grid)>,
    ended: Option<usize>,
}

impl KeeModel {
    fn new(n: usize, p0: Grid, first: u8) -> KeeModel {
        let mut histories = [BTreeSet::new(), BTreeSet::new()];
        histories[2 - first as usize].insert(p0.clone());
        let situations = vec![(
            first,
            p0.clone(),
            histories[0].clone(),
            histories[1].clone(),
        )];
        KeeModel {
            n,
            grid: p0,
            histories,
            situations,
            passes: Vec::new(),
            ended: None,
        }
    }
}

impl Model for KeeModel {
    fn grid(&self) -> &Grid {
        &self.grid
    }
    fn legal(&self, c: u8) -> Vec<Option<usize>> {
        let mut v: Vec<Option<usize>> = (0..self.grid.len())
            .filter(|&i| {
                board_play(&self.grid, self.n, c, i, false)
                    .is_some_and(|(next, _, _)| !self.histories[c as usize - 1].contains(&next))
            })
            .map(Some)
            .collect();
        v.push(None);
        v
    }
    fn play(&mut self, c: u8, mv: Option<usize>) {
        let me = c as usize - 1;
        match mv {
            Some(i) => {
                self.grid = board_play(&self.grid, self.n, c, i, false).unwrap().0;
                self.histories[me].insert(self.grid.clone());
            }
            None => {
                self.histories[me] = BTreeSet::from([self.grid.clone()]);
                self.passes
                    .push((self.situations.len(), c, self.grid.clone()));
            }
        }
        let situation = (
            3 - c,
            self.grid.clone(),
            self.histories[0].clone(),
            self.histories[1].clone(),
        );
        self.ended = self.situations.iter().position(|s| *s == situation);
        self.situations.push(situation);
    }
    fn over(&self) -> bool {
        self.ended.is_some()
    }
    fn refused(&self, c: u8) -> usize {
        let pseudolegal = (0..self.grid.len())
            .filter(|&i| board_play(&self.grid, self.n, c, i, false).is_some())
            .count();
        pseudolegal + 1 - self.legal(c).len()
    }
    fn points(&self) -> [f64; 2] {
        let current = area(&self.grid, self.n);
        let Some(first) = self.ended else {
            return current;
        };
        let mut best = [None::<f64>; 2];
        for (turn, c, grid) in &self.passes {
            if *turn > first {
                let k = *c as usize - 1;
                let value = area(grid, self.n)[k];
                best[k] = Some(best[k].map_or(value, |b: f64| b.max(value)));
            }
        }
        [best[0].unwrap_or(current[0]), best[1].unwrap_or(current[1])]
    }
}

fn index_of(game: &Game, p: Point) -> usize {
    let (x, y) = game.board().coords(p);
    y * game.size() + x
}

#[derive(Default, Debug)]
struct Count {
    nodes: u64,
    over: u64,
    /// Nodes where the variant's mechanism had acted (Geneva: a forfeit so far).
    notable: u64,
    /// Pseudolegal plays the variant refused, summed over nodes.
    refused: u64,
}

fn walk<M: Model>(model: &M, game: &Game, color: Color, depth: u32, count: &mut Count) {
    let at = format!("after {:?}", game.record());
    assert_eq!(&game.board().position_key(), model.grid(), "{at}");
    assert_eq!(game.over() != Over::No, model.over(), "{at}");
    assert_eq!(game.final_points(), model.points(), "{at}");
    let facts = game.variant().facts(game.board());
    for fact in model.extra() {
        assert!(facts.contains(&fact), "{at}: {facts:?} lacks {fact:?}");
    }
    count.nodes += 1;
    count.notable += u64::from(model.notable());
    if model.over() {
        count.over += 1;
        return;
    }
    if depth == 0 {
        return;
    }
    let c = cell(color);
    count.refused += model.refused(c) as u64;
    let expected = model.legal(c);
    let mut actual: Vec<Option<usize>> = game
        .legal_points(color)
        .into_iter()
        .map(|p| Some(index_of(game, p)))
        .collect();
    assert!(game.is_legal(color, Move::Pass));
    actual.push(None);
    assert_eq!(actual, expected, "{at}: legal turns of {color:?}");
    for mv in expected {
        let mut child_model = model.clone();
        child_model.play(c, mv);
        let mut child = game.clone();
        let engine_move = match mv {
            Some(i) => Move::Play(game.board().point(i % game.size(), i / game.size())),
            None => Move::Pass,
        };
        child.play(color, engine_move).unwrap();
        walk(&child_model, &child, color.opponent(), depth - 1, count);
    }
}

/// A game on an n x n board with stones from rows of text (top row first).
fn setup(rows: &[&str], rules: Rules, first: Color) -> (Game, Grid) {
    let n = rows.len();
    let mut game = Game::new(n, rules);
    let mut grid = vec![EMPTY; n * n];
    let mut stones = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let y = n - 1 - r;
        for (x, ch) in row.chars().enumerate() {
            let stone = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            if let Some(c) = stone {
                grid[y * n + x] = cell(c);
                stones.push((game.board().point(x, y), Some(c)));
            }
        }
    }
    game.setup(&stones).unwrap();
    game.set_first_player(first).unwrap();
    (game, grid)
}

fn rules(args: &[&str]) -> Rules {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    Rules::default().apply_arguments(&args).unwrap()
}

/// A ko on 4x4 (Black takes at C3, White retakes at B3) with room around it.
const KO_4X4: [&str; 4] = ["....", ".XO.", "XO.O", ".XO."];

fn geneva(rows: &[&str], args: &[&str], depth: u32, first: Color) -> Count {
    let r = rules(args);
    let (game, grid) = setup(rows, r, first);
    let model = GenevaModel {
        n: rows.len(),
        suicide: r.suicide,
        territory: r.scoring == koban::rules::Scoring::Territory,
        seen: vec![grid.clone()],
        grid,
        forfeited_to: [0; 2],
        prisoners: [0; 2],
        passes: 0,
    };
    let mut count = Count::default();
    walk(&model, &game, first, depth, &mut count);
    count
}

fn kee(rows: &[&str], depth: u32, first: Color) -> Count {
    let (game, grid) = setup(rows, rules(&["ko=kee"]), first);
    let model = KeeModel::new(rows.len(), grid, cell(first));
    let mut count = Count::default();
    walk(&model, &game, first, depth, &mut count);
    count
}

#[test]
fn perft_geneva_matches_brute_force() {
    let counts = [
        geneva(&["...", "...", "..."], &["ko=geneva"], 5, Color::Black),
        geneva(&KO_4X4, &["ko=geneva"], 4, Color::Black),
        geneva(
            &KO_4X4,
            &["ko=geneva", "scoring=territory"],
            4,
            Color::White,
        ),
        // Multi-stone suicide allowed: repeating suicides are forfeits too.
        geneva(
            &["O..", "XO.", ".X."],
            &["ko=geneva", "suicide=allowed"],
            5,
            Color::Black,
        ),
    ];
    eprintln!("geneva perft: {counts:?}");
    assert!(counts.iter().all(|c| c.nodes > 1000));
    // Forfeits happen on every board with something to capture.
    assert!(counts[1..].iter().all(|c| c.notable > 0));
}

#[test]
fn perft_kee_matches_brute_force() {
    let counts = [
        kee(&["...", "...", "..."], 5, Color::Black),
        kee(&KO_4X4, 4, Color::Black),
        kee(&KO_4X4, 4, Color::White),
        // Passes reset histories, so games end only after several; a 2x2 board
        // lets the walk reach those ends.
        kee(&["..", ".."], 9, Color::Black),
    ];
    eprintln!("kee perft: {counts:?}");
    assert!(counts.iter().all(|c| c.nodes > 1000));
    // History refusals happen wherever captures do.
    assert!(counts[1..].iter().all(|c| c.refused > 0));
    assert!(counts[3].over > 0);
}
