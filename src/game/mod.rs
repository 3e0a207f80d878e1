//! The game: P0 (the position after setup), the move record, the current board, and
//! the selected ko variant's state.
//!
//! Invariants: `board` and `variant` are exactly what replaying `record` from `p0`
//! under `rules` produces; every turn in `record` was legal when played. Rule
//! changes and loading rebuild both by replay, so a rule change applies to the
//! whole game; `undo` replays from a checkpoint ([`checkpoints`]) when the game
//! keeps them, so an undone move's bans vanish at the cost of a few turns. A
//! failed operation changes nothing.
//!
//! A game from an SGF file is `Game::from_sgf`, defined in `crate::sgf`, the
//! layer above that knows the file format.

mod checkpoints;

use crate::board::{Board, Color, Move, Point};
use crate::rules::{self, Action, KoVariant, Over, Phase, Refusal, Rules};
use crate::score::Points;
use checkpoints::{Checkpoints, Snap};

/// One turn of the record, as the controller sent it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    pub(crate) color: Color,
    pub(crate) mv: Move,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Setup is only possible before the first move.
    AfterMoves,
    /// The resulting position has a chain without liberties.
    NoLiberties,
    /// Handicap and setup need an empty board.
    BoardNotEmpty,
}

pub struct Game {
    rules: Rules,
    komi: f64,
    p0: Board,
    first: Color,
    record: Vec<Turn>,
    board: Board,
    variant: Box<dyn KoVariant>,
    handicap: usize,
    /// Not copied by `clone` or `copy_from`: the search's copies keep none.
    checkpoints: Checkpoints,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            komi: self.komi,
            p0: self.p0.clone(),
            first: self.first,
            record: self.record.clone(),
            board: self.board.clone(),
            variant: self.variant.clone(),
            handicap: self.handicap,
            checkpoints: Checkpoints::default(),
        }
    }
}

impl Game {
    /// The most turns a record may hold: GTP `play`, `genmove` and `loadsgf`
    /// refuse to go further. A turn costs the game a bounded amount (its record
    /// entry and at most one entry of each variant store, tens to a few hundred
    /// bytes, never a board), so this bounds a game's memory; no real game comes
    /// near it. [`Game::play`] itself does not refuse, because the search plays
    /// its lookahead on copies of the game.
    pub(crate) const MAX_TURNS: usize = 1_000_000;

    pub fn new(size: usize, rules: Rules) -> Game {
        let mut p0 = Board::new(size);
        p0.set_allow_suicide(rules.suicide);
        let variant = rules::new_variant(rules, &p0, Color::Black);
        Game {
            rules,
            komi: 7.5,
            board: p0.clone(),
            p0,
            first: Color::Black,
            record: Vec::new(),
            variant,
            handicap: 0,
            checkpoints: Checkpoints::default(),
        }
    }

    /// Makes this game keep undo checkpoints from now on (the game a controller
    /// holds; the search's copies do not). Costs a replay when the record is long.
    pub(crate) fn keep_checkpoints(&mut self) {
        if !self.checkpoints.enabled {
            self.checkpoints.enabled = true;
            self.rebuild();
        }
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Makes `self` a copy of `other`, reusing `self`'s allocations: the boards
    /// copy only the part of their arrays a board of this size uses. The search
    /// rebuilds a node's game this way at every expansion, where a fresh
    /// `clone()` spent most of its time copying the unused parts of two boards.
    pub(crate) fn copy_from(&mut self, other: &Game) {
        self.rules = other.rules;
        self.komi = other.komi;
        self.p0.copy_from(&other.p0);
        self.first = other.first;
        self.record.clone_from(&other.record);
        self.board.copy_from(&other.board);
        self.variant.clone_from(&other.variant);
        self.handicap = other.handicap;
        self.checkpoints.clear();
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub(crate) fn p0(&self) -> &Board {
        &self.p0
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The komi as set (GTP `komi`, SGF `KM`); counts use [`Game::white_komi`].
    pub(crate) fn komi(&self) -> f64 {
        self.komi
    }

    /// What White adds to her count: komi plus the rules' compensation for
    /// Black's handicap stones (area scoring only, spec section 8). Every
    /// count of a margin goes through here (`final_score`, the search's
    /// playouts and finished games, the pass decision), so none can disagree.
    pub(crate) fn white_komi(&self) -> f64 {
        self.komi + self.rules.handicap_points(self.handicap)
    }

    pub(crate) fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    pub fn record(&self) -> &[Turn] {
        &self.record
    }

    pub(crate) fn first_player(&self) -> Color {
        self.first
    }

    pub(crate) fn handicap(&self) -> usize {
        self.handicap
    }

    pub fn variant(&self) -> &dyn KoVariant {
        &*self.variant
    }

    /// The player whose turn it is: the first player, or the opponent of whoever
    /// moved last.
    pub fn to_move(&self) -> Color {
        self.record
            .last()
            .map_or(self.first, |t| t.color.opponent())
    }

    pub fn over(&self) -> Over {
        self.variant.over()
    }

    pub(crate) fn phase(&self) -> Phase {
        self.variant.phase()
    }

    /// Empty board of the same size, default first player, no handicap. Rules and
    /// komi stay (GTP `clear_board`).
    pub(crate) fn clear(&mut self) {
        let keep = self.checkpoints.enabled;
        *self = Game {
            komi: self.komi,
            ..Game::new(self.size(), self.rules)
        };
        self.checkpoints.enabled = keep;
    }

    /// A new empty board of `size` (GTP `boardsize`); the caller validates the size.
    pub(crate) fn resize(&mut self, size: usize) {
        let keep = self.checkpoints.enabled;
        *self = Game {
            komi: self.komi,
            ..Game::new(size, self.rules)
        };
        self.checkpoints.enabled = keep;
    }

    /// Changes P0 before the first move: stones are placed or removed without
    /// captures. Fails (changing nothing) after moves or if a chain would be left
    /// without liberties.
    pub fn setup(&mut self, stones: &[(Point, Option<Color>)]) -> Result<(), SetupError> {
        if !self.record.is_empty() {
            return Err(SetupError::AfterMoves);
        }
        let mut p0 = self.p0.clone();
        for &(p, stone) in stones {
            p0.set_cell(p, stone);
        }
        if p0
            .points()
            .any(|p| p0.stone(p).is_some() && p0.liberties(p) == 0)
        {
            return Err(SetupError::NoLiberties);
        }
        self.p0 = p0;
        self.rebuild();
        Ok(())
    }

    /// Handicap stones: setup on an empty board, after which White moves first.
    pub(crate) fn place_handicap(&mut self, points: &[Point]) -> Result<(), SetupError> {
        if !self.record.is_empty() || self.p0.points().any(|p| !self.p0.is_empty(p)) {
            return Err(SetupError::BoardNotEmpty);
        }
        let stones: Vec<_> = points.iter().map(|&p| (p, Some(Color::Black))).collect();
        self.setup(&stones)?;
        self.handicap = points.len();
        self.first = Color::White;
        self.rebuild();
        Ok(())
    }

    /// Who moves first from P0 (GTP `gogui-setup_player`, SGF `PL`).
    pub fn set_first_player(&mut self, color: Color) -> Result<(), SetupError> {
        if !self.record.is_empty() {
            return Err(SetupError::AfterMoves);
        }
        self.first = color;
        self.rebuild();
        Ok(())
    }

    /// Whether `color` may play `mv` now under the rules, and what it would do.
    pub(crate) fn check(&self, color: Color, mv: Move) -> Result<Action, Refusal> {
        self.variant.check(&self.board, color, mv)
    }

    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.check(color, mv).is_ok()
    }

    /// Plays a turn if the rules allow it; on refusal nothing changes.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Action, Refusal> {
        let len = self.record.len();
        self.play_toward(color, mv, len + 1)
    }

    /// [`Game::play`] in a record that will be `final_len` long (a replay's
    /// whole record), which decides the checkpoints worth taking on the way.
    fn play_toward(&mut self, color: Color, mv: Move, final_len: usize) -> Result<Action, Refusal> {
        let action = self.check(color, mv)?;
        let len = self.record.len();
        self.checkpoints
            .before_turn(len, final_len, &self.board, &*self.variant);
        self.variant.apply(&mut self.board, color, action);
        self.record.push(Turn { color, mv });
        Ok(action)
    }

    /// The board points `color` may play now (passes are always legal and not
    /// listed), bottom row first. Only empty points: a cleanup unblock is listed
    /// at the point of the ko-move it stands for, not at the marked stone.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.board.is_empty(p) && self.is_legal(color, Move::Play(p)))
            .collect()
    }

    /// Whether the legal turn would be punished (a Geneva forfeit).
    pub fn would_forfeit(&self, color: Color, mv: Move) -> bool {
        match mv {
            Move::Play(p) => self.variant.would_forfeit(&self.board, color, p),
            Move::Pass => false,
        }
    }

    /// Points per color, komi excluded, as `final_score` counts them now (the
    /// variant decides what is counted; dead stones are not estimated here).
    pub fn final_points(&self) -> Points {
        self.variant.final_points(&self.board, self.rules.scoring)
    }

    /// Points of the finished game for Black minus White, komi (and handicap
    /// compensation) included, as the variant counts them (`final_score`
    /// without the dead-stone estimate: every stone on the board alive).
    pub(crate) fn final_margin(&self) -> f64 {
        let points = self.final_points();
        points[0] - points[1] - self.white_komi()
    }

    /// Whether estimated dead stones come off before the count: not where the
    /// rules remove nothing (Tromp-Taylor, Kee) or where the variant has settled
    /// them by its own rule (cleanup phase 2). See `status::final_points`.
    pub(crate) fn removes_estimated_dead(&self) -> bool {
        self.rules.removes_dead_stones() && !self.variant.decides_dead_stones()
    }

    /// The variant's count of `board` (this game's board with dead stones
    /// removed) in place of the current board: Geneva adds its forfeits.
    pub(crate) fn final_points_of(&self, board: &Board) -> Points {
        self.variant.final_points(board, self.rules.scoring)
    }

    /// Points per color the variant awards beyond what an area count of the
    /// current board shows (Geneva forfeits); a playout's count adds them.
    pub fn score_bonus(&self) -> Points {
        self.variant.score_bonus()
    }

    /// Takes back the last turn: replays the rest from a checkpoint when the
    /// game keeps them and one serves, else from P0.
    pub fn undo(&mut self) -> bool {
        if self.record.pop().is_none() {
            return false;
        }
        let (p0, rules, first) = (&self.p0, self.rules, self.first);
        let fresh = || Snap {
            len: 0,
            board: p0.clone(),
            variant: rules::new_variant(rules, p0, first),
        };
        let restored =
            self.checkpoints
                .restore(&self.record, &mut self.board, &mut self.variant, fresh);
        if !restored {
            self.rebuild();
        }
        true
    }

    /// Switches rules and replays the game under them. If a recorded turn is illegal
    /// under the new rules, nothing changes and the error names it.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), IllegalTurn> {
        let mut candidate = self.clone();
        candidate.checkpoints = self.checkpoints.settings();
        candidate.rules = rules;
        candidate.p0.set_allow_suicide(rules.suicide);
        candidate.replay_strict()?;
        *self = candidate;
        Ok(())
    }

    /// A game from P0 and a record, rejecting the first illegal turn.
    pub fn with_record(&self, record: &[Turn]) -> Result<Game, IllegalTurn> {
        let mut candidate = self.clone();
        candidate.checkpoints = self.checkpoints.settings();
        candidate.record = record.to_vec();
        candidate.replay_strict()?;
        Ok(candidate)
    }

    fn replay_strict(&mut self) -> Result<(), IllegalTurn> {
        let record = std::mem::take(&mut self.record);
        self.board = self.p0.clone();
        self.variant = rules::new_variant(self.rules, &self.p0, self.first);
        self.checkpoints.clear();
        self.record.reserve_exact(record.len());
        for (i, turn) in record.iter().enumerate() {
            self.play_toward(turn.color, turn.mv, record.len())
                .map_err(|refusal| IllegalTurn { index: i, refusal })?;
        }
        Ok(())
    }

    /// Replays the record, which is known to be legal under the current rules.
    fn rebuild(&mut self) {
        self.replay_strict()
            .expect("a recorded turn became illegal on replay");
    }
}

/// A recorded turn the rules refuse on replay ([`Game::set_rules`],
/// [`Game::with_record`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct IllegalTurn {
    /// Its index in the record (0 for the first turn).
    pub index: usize,
    pub refusal: Refusal,
}

impl std::fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "turn {} is refused ({:?})", self.index + 1, self.refusal)
    }
}

impl std::error::Error for IllegalTurn {}

/// The fixed handicap layout, or `None` when `n` stones are not allowed on this
/// board (below 7x7; more than 4 on even sizes and 7x7; more than 9 elsewhere).
pub(crate) fn fixed_handicap_points(board: &Board, n: usize) -> Option<Vec<Point>> {
    let size = board.size();
    let max = if size < 7 {
        0
    } else if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    };
    if n < 2 || n > max {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    let at = |x: usize, y: usize| board.point(x, y);
    let mut points = vec![at(low, low), at(high, high), at(low, high), at(high, low)];
    points.truncate(n.min(4));
    if n >= 6 {
        points.extend([at(low, mid), at(high, mid)]);
    }
    if n >= 8 {
        points.extend([at(mid, low), at(mid, high)]);
    }
    if !n.is_multiple_of(2) && n >= 5 {
        points.push(at(mid, mid));
    }
    Some(points)
}

/// Free handicap chosen by the engine: the fixed layout as far as it goes, then the
/// points farthest from the edges and from stones already placed.
pub(crate) fn free_handicap_points(board: &Board, n: usize) -> Vec<Point> {
    let size = board.size();
    let max_fixed = (2..=9)
        .rev()
        .find(|&k| fixed_handicap_points(board, k).is_some());
    let mut points = match max_fixed {
        Some(k) => fixed_handicap_points(board, k.min(n)).unwrap_or_default(),
        None => Vec::new(),
    };
    while points.len() < n {
        let best = board
            .points()
            .filter(|p| !points.contains(p))
            .max_by_key(|&p| {
                let (x, y) = board.coords(p);
                let edge = board.edge_distance(p).min(3);
                let spacing = points
                    .iter()
                    .map(|&q| {
                        let (qx, qy) = board.coords(q);
                        qx.abs_diff(x) + qy.abs_diff(y)
                    })
                    .min()
                    .unwrap_or(size);
                (spacing.min(6), edge, std::cmp::Reverse(y * size + x))
            })
            .expect("fewer stones than points");
        points.push(best);
    }
    points
}

/// A game of `Rules::default()` on a random board of 2x2 to 11x11, up to three
/// moves a point long, each a random legal move or (one time in twenty, or
/// with none legal) a pass; and the colour to move next. For tests that want
/// positions of every kind; built from `rng` alone, so a seed gives the same
/// game.
#[cfg(test)]
pub(crate) fn random_game(rng: &mut crate::rng::FastRng) -> (Game, Color) {
    let size = 2 + rng.below(10);
    let mut game = Game::new(size, Rules::default());
    let mut color = Color::Black;
    for _ in 0..rng.below(3 * size * size) {
        let mv = random_move(&game, color, rng, 20);
        game.play(color, mv).unwrap();
        color = color.opponent();
    }
    (game, color)
}

/// A random legal move of `color` in `game`, or (one time in `pass_one_in`,
/// or with none legal) a pass: the turn of the tests' random games.
#[cfg(test)]
pub(crate) fn random_move(
    game: &Game,
    color: Color,
    rng: &mut crate::rng::FastRng,
    pass_one_in: usize,
) -> Move {
    let legal = game.legal_points(color);
    if legal.is_empty() || rng.below(pass_one_in) == 0 {
        Move::Pass
    } else {
        Move::Play(legal[rng.below(legal.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::KoRule;

    fn pt(g: &Game, name: &str) -> Point {
        crate::board::vertex::parse_point(name, g.board()).unwrap()
    }

    #[test]
    fn undo_restores_position_and_bans() {
        let mut g = Game::new(5, Rules::default());
        let empty_hash = g.board().hash();
        let c3 = pt(&g, "C3");
        g.play(Color::Black, Move::Play(c3)).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert!(g.undo());
        assert_eq!(g.board().hash(), empty_hash);
        assert!(!g.undo());
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn a_rules_switch_that_makes_a_recorded_turn_illegal_names_it_and_changes_nothing() {
        // White's A2 takes the last liberty of its own A1-B1-A2 inside
        // Black's C1, B2 and A3 (5x5): legal only while the rules allow
        // suicide (of more than one stone). Simple ko: under superko the
        // suicide would repeat the position before White's A1.
        let rules = |suicide| Rules {
            ko: KoRule::Simple,
            suicide,
            ..Rules::default()
        };
        let mut g = Game::new(5, rules(true));
        let turns = [
            (Color::Black, "C1"),
            (Color::Black, "B2"),
            (Color::Black, "A3"),
            (Color::White, "A1"),
            (Color::White, "B1"),
            (Color::White, "A2"),
        ];
        for (color, name) in turns {
            let mv = Move::Play(pt(&g, name));
            g.play(color, mv).unwrap();
        }
        let snapshot = |g: &Game| (g.board().to_ascii(), g.board().hash(), g.record().to_vec());
        let before = snapshot(&g);
        let refused = g.set_rules(rules(false)).unwrap_err();
        assert_eq!(refused.index, 5);
        assert!(matches!(refused.refusal, Refusal::Board(_)), "{refused}");
        assert_eq!(snapshot(&g), before);
        assert_eq!(g.rules(), rules(true));
        let replayed = Game::new(5, rules(false)).with_record(g.record());
        assert_eq!(replayed.err(), Some(refused));
    }

    /// Everything a game answers about legality and the end, for comparisons.
    fn observable(g: &Game) -> impl PartialEq + std::fmt::Debug {
        let legal = |c| g.legal_points(c);
        (
            g.board().to_ascii(),
            g.board().hash(),
            g.record().to_vec(),
            g.to_move(),
            format!("{:?} {:?}", g.over(), g.phase()),
            legal(Color::Black),
            legal(Color::White),
            g.final_points(),
        )
    }

    #[test]
    fn copy_from_gives_the_same_game_whatever_the_copy_held_before() {
        let mut rng = crate::rng::FastRng::new(11);
        // The scratch game starts as another size and rule set each time, and
        // keeps what the previous copies left in its buffers.
        let mut scratch = Game::new(7, Rules::default());
        for (i, ko) in KoRule::ALL.into_iter().enumerate() {
            let rules = Rules {
                ko,
                suicide: i % 2 == 1,
                ..Rules::default()
            };
            let mut g = Game::new(5, rules);
            for _ in 0..80 {
                if !matches!(g.over(), Over::No) {
                    break;
                }
                scratch.copy_from(&g);
                assert_eq!(
                    observable(&scratch),
                    observable(&g),
                    "{ko} at {}",
                    g.record().len()
                );
                // Random turns on a small board: captures, kos and repetitions.
                let color = g.to_move();
                let mv = random_move(&g, color, &mut rng, 12);
                g.play(color, mv).unwrap();
                // The copy is independent: playing on it leaves the original.
                let before = observable(&g);
                let mut copy = Game::new(5, rules);
                copy.copy_from(&g);
                let _ = copy.play(copy.to_move(), Move::Pass);
                assert_eq!(observable(&g), before);
            }
        }
    }

    #[test]
    fn setup_rejects_chains_without_liberties_and_later_setups() {
        let mut g = Game::new(3, Rules::default());
        let a1 = pt(&g, "A1");
        let a2 = pt(&g, "A2");
        let b1 = pt(&g, "B1");
        let before = g.board().hash();
        assert_eq!(
            g.setup(&[
                (a1, Some(Color::Black)),
                (a2, Some(Color::White)),
                (b1, Some(Color::White))
            ]),
            Err(SetupError::NoLiberties)
        );
        assert_eq!(g.board().hash(), before);
        g.setup(&[(a1, Some(Color::Black))]).unwrap();
        g.play(Color::White, Move::Play(b1)).unwrap();
        assert_eq!(
            g.setup(&[(a2, Some(Color::White))]),
            Err(SetupError::AfterMoves)
        );
    }

    /// A game of `ko` on 5x5 that keeps checkpoints every `step` turns.
    fn with_checkpoints(ko: KoRule, step: usize) -> Game {
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        let mut g = Game::new(5, rules);
        g.checkpoints.step = step;
        g.keep_checkpoints();
        g
    }

    #[test]
    fn undo_from_checkpoints_gives_what_a_replay_from_p0_gives() {
        let mut rng = crate::rng::FastRng::new(62);
        for ko in KoRule::ALL {
            let mut g = with_checkpoints(ko, 4);
            // Runs of plays and runs of undos, crossing checkpoints both ways.
            for round in 0..60 {
                for _ in 0..rng.below(30) {
                    let color = g.to_move();
                    let mv = random_move(&g, color, &mut rng, 8);
                    g.play(color, mv).unwrap();
                }
                for _ in 0..rng.below(40) {
                    g.undo();
                    let fresh = Game::new(5, g.rules()).with_record(g.record()).unwrap();
                    assert_eq!(
                        observable(&g),
                        observable(&fresh),
                        "{ko}, round {round}, {} turns",
                        g.record().len()
                    );
                }
            }
        }
    }

    #[test]
    fn an_undo_replays_a_bounded_number_of_turns() {
        // 20,000 passes and moves, undone to the start: every undo replays at
        // most a step plus the advance of the next checkpoint, never the record.
        let step = 64;
        for ko in KoRule::ALL {
            let mut g = with_checkpoints(ko, step);
            let mut rng = crate::rng::FastRng::new(7);
            let mut record = Vec::new();
            let mut play = Game::new(5, g.rules());
            while record.len() < 20_000 {
                let color = play.to_move();
                let mv = random_move(&play, color, &mut rng, 2);
                play.play(color, mv).unwrap();
                record.push(Turn { color, mv });
            }
            g = g.with_record(&record).unwrap();
            let mut worst = 0;
            while g.undo() {
                let len = g.record().len();
                worst = worst.max(g.checkpoints.replayed);
                assert!(
                    g.checkpoints.replayed <= 2 * step + len / step + 1,
                    "{ko}: {} turns replayed at {len}",
                    g.checkpoints.replayed
                );
            }
            assert!(worst > 0, "{ko}");
        }
    }

    #[test]
    fn undo_at_a_million_turns_replays_about_two_thousand() {
        for ko in [KoRule::Kee, KoRule::IngSpight] {
            let mut g = Game::new(
                19,
                Rules {
                    ko,
                    ..Rules::default()
                },
            );
            g.keep_checkpoints();
            let record: Vec<Turn> = (0..Game::MAX_TURNS)
                .map(|i| Turn {
                    color: if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    mv: Move::Pass,
                })
                .collect();
            g = g.with_record(&record).unwrap();
            for _ in 0..3 {
                assert!(g.undo());
                assert!(
                    g.checkpoints.replayed <= 2 * checkpoints::STEP + Game::MAX_TURNS / 1024 + 1,
                    "{ko}: {}",
                    g.checkpoints.replayed
                );
            }
            assert_eq!(g.record().len(), Game::MAX_TURNS - 3);
        }
    }
}
