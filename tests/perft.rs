//! Perft: the number of distinct legal turn sequences of a given length from small
//! positions, counted by the engine (`Game`) and by an independent brute-force
//! model written here from the rules text (plain arrays and flood fills, no code
//! shared with the board or the rules layer). Any disagreement in legality, capture,
//! ko, superko, suicide or game end shows up as a count mismatch.
//!
//! A sequence stops being extended once the game is over (two passes, or the
//! no-result rule under `simple`), so it counts only if the end falls exactly on
//! its last turn.

use koban::board::{Color, Move};
use koban::game::Game;
use koban::rules::{KoRule, Rules, Scoring};

// ---------------------------------------------------------------- reference model

#[derive(Clone, PartialEq, Eq, Debug)]
struct Grid {
    n: usize,
    cells: Vec<u8>, // 0 empty, 1 black, 2 white
}

fn color_code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

impl Grid {
    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.n, i / self.n);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.n);
        }
        if y + 1 < self.n {
            v.push(i + self.n);
        }
        v
    }

    /// The group through `i` and whether it has a liberty.
    fn group(&self, i: usize) -> (Vec<usize>, usize) {
        let c = self.cells[i];
        let mut members = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < members.len() {
            for q in self.nbrs(members[k]) {
                if self.cells[q] == c && !members.contains(&q) {
                    members.push(q);
                } else if self.cells[q] == 0 && !libs.contains(&q) {
                    libs.push(q);
                }
            }
            k += 1;
        }
        (members, libs.len())
    }
}

struct BoardPlay {
    grid: Grid,
    /// Basic ko capture: the captured point.
    ko: Option<usize>,
}

/// A board play by the rules text: captures first, then suicide.
fn board_play(g: &Grid, color: u8, i: usize, suicide: bool) -> Option<BoardPlay> {
    if g.cells[i] != 0 {
        return None;
    }
    let mut grid = g.clone();
    grid.cells[i] = color;
    let mut captured = Vec::new();
    for q in g.nbrs(i) {
        if grid.cells[q] == 3 - color {
            let (members, libs) = grid.group(q);
            if libs == 0 {
                for m in members {
                    grid.cells[m] = 0;
                    captured.push(m);
                }
            }
        }
    }
    let (own, own_libs) = grid.group(i);
    if own_libs == 0 {
        if own.len() < 2 || !suicide {
            return None;
        }
        for m in own {
            grid.cells[m] = 0;
        }
    }
    let ko =
        (captured.len() == 1 && own_libs == 1 && grid.group(i).0.len() == 1).then(|| captured[0]);
    Some(BoardPlay { grid, ko })
}

#[derive(Clone)]
struct RefState {
    grid: Grid,
    to_move: u8,
    passes: u32,
    /// Simple ko: the point banned and the color it binds.
    ko: Option<(usize, u8)>,
    positions: Vec<Grid>,
    situations: Vec<(Grid, u8)>,
    since_pass: Vec<(Grid, u8)>,
    no_result: bool,
}

impl RefState {
    fn over(&self) -> bool {
        self.no_result || self.passes >= 2
    }

    fn turns(&self, rule: KoRule, suicide: bool) -> Vec<RefState> {
        let c = self.to_move;
        let mut out = Vec::new();
        // Pass.
        let mut s = self.clone();
        s.passes += 1;
        s.ko = None;
        s.to_move = 3 - c;
        s.situations.push((s.grid.clone(), s.to_move));
        s.since_pass = vec![(s.grid.clone(), s.to_move)];
        out.push(s);
        for i in 0..self.grid.cells.len() {
            let Some(play) = board_play(&self.grid, c, i, suicide) else {
                continue;
            };
            let next = 3 - c;
            let legal = match rule {
                KoRule::Simple => self.ko != Some((i, c)),
                KoRule::Positional => !self.positions.contains(&play.grid),
                KoRule::Situational => !self.situations.contains(&(play.grid.clone(), next)),
                other => unreachable!("{other}"),
            };
            if !legal {
                continue;
            }
            let mut s = self.clone();
            s.passes = 0;
            s.ko = play.ko.map(|k| (k, next));
            s.grid = play.grid;
            s.to_move = next;
            s.positions.push(s.grid.clone());
            s.situations.push((s.grid.clone(), next));
            let occurred = s
                .since_pass
                .iter()
                .filter(|(g, t)| *g == s.grid && *t == next)
                .count();
            if rule == KoRule::Simple && occurred >= 2 {
                s.no_result = true;
            }
            s.since_pass.push((s.grid.clone(), next));
            out.push(s);
        }
        out
    }
}

fn ref_perft(s: &RefState, depth: u32, rule: KoRule, suicide: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if s.over() {
        return 0;
    }
    s.turns(rule, suicide)
        .iter()
        .map(|t| ref_perft(t, depth - 1, rule, suicide))
        .sum()
}

// ---------------------------------------------------------------- engine side

fn engine_perft(g: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if g.over() != koban::rules::Over::No {
        return 0;
    }
    let c = g.to_move();
    let mut moves: Vec<Move> = vec![Move::Pass];
    moves.extend(g.legal_points(c).into_iter().map(Move::Play));
    moves
        .into_iter()
        .map(|m| {
            let mut child = g.clone();
            child
                .play(c, m)
                .expect("legal_points listed an illegal move");
            engine_perft(&child, depth - 1)
        })
        .sum()
}

// ---------------------------------------------------------------- the cases

/// A start position: rows top first, `X` Black, `O` White, and who moves first.
struct Case {
    rows: &'static [&'static str],
    first: Color,
    depth: u32,
}

const CASES: &[Case] = &[
    Case {
        rows: &["..", ".."],
        first: Color::Black,
        depth: 9,
    },
    Case {
        rows: &["...", "...", "..."],
        first: Color::Black,
        depth: 5,
    },
    // A ko in the corner of 3x3 with White to move: retakes, superko and passes.
    Case {
        rows: &[".X.", "XO.", "O.."],
        first: Color::White,
        depth: 7,
    },
    // 4x4 with a ko on the edge and stones in atari.
    Case {
        rows: &[".XO.", "XO.O", ".XO.", "...."],
        first: Color::Black,
        depth: 4,
    },
];

fn start(case: &Case, rules: Rules) -> (Game, RefState) {
    let n = case.rows.len();
    let mut game = Game::new(n, rules);
    let mut cells = vec![0u8; n * n];
    let mut setup = Vec::new();
    for (r, row) in case.rows.iter().enumerate() {
        let y = n - 1 - r;
        for (x, ch) in row.chars().enumerate() {
            let stone = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            if let Some(c) = stone {
                cells[y * n + x] = color_code(c);
                setup.push((game.board().point(x, y), Some(c)));
            }
        }
    }
    game.setup(&setup).unwrap();
    game.set_first_player(case.first).unwrap();
    let grid = Grid { n, cells };
    let first = color_code(case.first);
    let state = RefState {
        grid: grid.clone(),
        to_move: first,
        passes: 0,
        ko: None,
        positions: vec![grid.clone()],
        situations: vec![(grid.clone(), first)],
        since_pass: vec![(grid, first)],
        no_result: false,
    };
    (game, state)
}

fn check(rule: KoRule, suicide: bool) {
    let rules = Rules {
        ko: rule,
        scoring: Scoring::Area,
        suicide,
        ..Rules::default()
    };
    for case in CASES {
        let (game, state) = start(case, rules);
        for depth in 1..=case.depth {
            let expected = ref_perft(&state, depth, rule, suicide);
            let got = engine_perft(&game, depth);
            assert_eq!(
                got, expected,
                "{rule} suicide={suicide} {:?} depth {depth}",
                case.rows
            );
        }
    }
}

#[test]
fn perft_simple() {
    check(KoRule::Simple, false);
}

#[test]
fn perft_positional() {
    check(KoRule::Positional, false);
}

#[test]
fn perft_situational() {
    check(KoRule::Situational, false);
}

#[test]
fn perft_positional_with_suicide() {
    check(KoRule::Positional, true);
}

#[test]
fn perft_situational_with_suicide() {
    check(KoRule::Situational, true);
}

#[test]
fn perft_simple_with_suicide() {
    check(KoRule::Simple, true);
}

/// The variants must actually differ on these positions, or the cross-check
/// would not be testing the ko rules at all.
#[test]
fn variants_differ_on_the_cases() {
    let case = &CASES[2];
    let counts: Vec<u64> = [KoRule::Simple, KoRule::Positional, KoRule::Situational]
        .into_iter()
        .map(|ko| {
            let rules = Rules {
                ko,
                scoring: Scoring::Area,
                suicide: false,
                ..Rules::default()
            };
            let (game, _) = start(case, rules);
            engine_perft(&game, case.depth)
        })
        .collect();
    assert!(
        counts[0] != counts[1] && counts[1] != counts[2],
        "{counts:?}"
    );
}
