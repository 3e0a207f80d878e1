//! Playouts: finish a game quickly by a cheap policy and score it.
//!
//! Playouts know only the board: simple ko, no suicide, area scoring by the simple
//! playout rule (stones plus empty points whose neighbours are all one colour). That
//! is enough because a playout ends when neither side has a non-eye move left, so at
//! the end every empty point is a single-point eye.

use super::params::PLAYOUT_CAP_PER_POINT;
use super::replies::ReplyTable;
use crate::board::{Board, Color, Point};
use crate::rng::FastRng;

/// How a playout chooses its moves. Heavier policies (patterns, captures, atari
/// escapes) plug in here.
pub trait PlayoutPolicy: Send + Sync {
    /// A board-legal point for `color` (simple ko, no suicide), or `None` to pass.
    /// `last` is the stone the opponent just played ([`Point::NONE`] after a pass
    /// or when unknown). The policy may reorder the board's empty-point list.
    fn choose(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        rng: &mut FastRng,
    ) -> Option<Point>;

    /// [`choose`](Self::choose) knowing also `own_last`, the mover's own
    /// previous stone ([`Point::NONE`] if it passed or is unknown): a policy
    /// that answers both recent stones overrides this.
    #[inline(always)]
    fn choose_after(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        _own_last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        self.choose(board, color, last, rng)
    }

    /// [`choose`](Self::choose) when the playout has a last good reply
    /// ([`super::replies`]) that is acceptable on `board`. By default the reply
    /// is played; a policy may put its most urgent answers first.
    #[inline]
    fn choose_with_reply(
        &self,
        _board: &mut Board,
        _color: Color,
        _last: Point,
        reply: Point,
        _rng: &mut FastRng,
    ) -> Option<Point> {
        Some(reply)
    }
}

/// Uniformly random among legal moves that do not fill the mover's own true
/// single-point eye ([`Board::is_true_eye`]); pass when there is none.
///
/// Rejection sampling over the empty-point list: draw a slot among the first `n`,
/// and if the point is not acceptable swap it to slot `n - 1` and shrink `n`. Every
/// acceptable point is equally likely at each draw, so the result is exactly
/// uniform over acceptable moves, in O(1) expected time while most points are
/// acceptable.
#[derive(Copy, Clone, Debug, Default)]
pub struct LightPolicy;

impl PlayoutPolicy for LightPolicy {
    #[inline(always)]
    fn choose(
        &self,
        board: &mut Board,
        color: Color,
        _last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        board.random_light_move(color, rng)
    }
}

/// What a playout ended with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Black's area minus White's by the playout rule, komi not included.
    pub score: i32,
    /// Turns played, passes included (the two final passes count).
    pub moves: u32,
}

/// The move cap for a board of this size.
pub fn playout_cap(size: usize) -> u32 {
    (PLAYOUT_CAP_PER_POINT * size * size) as u32
}

/// Plays `board` out from `to_move`'s turn, `passes` consecutive passes having just
/// been made (`last`: the stone played just before, or [`Point::NONE`]), until two
/// consecutive passes or the move cap, and scores it by the playout rule. Every
/// stone played is reported to `record` (for AMAF).
/// Multi-stone suicide is switched off on `board`. Allocates nothing.
#[inline]
pub fn play_out<P: PlayoutPolicy + ?Sized>(
    policy: &P,
    board: &mut Board,
    to_move: Color,
    passes: u32,
    last: Point,
    rng: &mut FastRng,
    record: impl FnMut(Color, Point),
) -> PlayoutResult {
    let moves = play_moves(
        policy,
        board,
        to_move,
        passes,
        last,
        Point::NONE,
        None,
        rng,
        record,
    );
    PlayoutResult {
        score: board.playout_area_score(),
        moves,
    }
}

/// [`play_out`] without the scoring: returns the number of turns played.
/// `before` is the point of the turn before `last` ([`Point::NONE`] if
/// unknown). With `replies`, a stored reply to the last moves
/// ([`ReplyTable::reply`]) goes before the policy.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn play_moves<P: PlayoutPolicy + ?Sized>(
    policy: &P,
    board: &mut Board,
    mut to_move: Color,
    mut passes: u32,
    mut last: Point,
    mut before: Point,
    replies: Option<&ReplyTable>,
    rng: &mut FastRng,
    mut record: impl FnMut(Color, Point),
) -> u32 {
    board.set_allow_suicide(false);
    let cap = playout_cap(board.size());
    let mut moves = 0;
    while passes < 2 && moves < cap {
        let choice = match replies.and_then(|t| t.reply(board, to_move, before, last)) {
            Some(reply) => policy.choose_with_reply(board, to_move, last, reply, rng),
            None => policy.choose_after(board, to_move, last, before, rng),
        };
        before = last;
        match choice {
            Some(p) => {
                board.play_in_playout(to_move, p);
                record(to_move, p);
                passes = 0;
                last = p;
            }
            None => {
                board.pass();
                passes += 1;
                last = Point::NONE;
            }
        }
        moves += 1;
        to_move = to_move.opponent();
    }
    moves
}

/// The result of an area score for Black against komi: 2 for a Black win, 1 for a
/// draw (jigo), 0 for a loss. Half-units keep win counts integral.
#[inline]
pub fn black_half_wins(score: i32, komi: f64) -> u32 {
    let margin = f64::from(score) - komi;
    if margin > 0.0 {
        2
    } else if margin == 0.0 {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `n` light playouts from the empty board; returns Black's win fraction
    /// (draws count half) and the mean number of moves.
    fn empty_board_stats(size: usize, komi: f64, n: u32, seed: u64) -> (f64, f64) {
        let empty = Board::new(size);
        let mut rng = FastRng::new(seed);
        let mut board = empty.clone();
        let (mut half_wins, mut moves) = (0u64, 0u64);
        for _ in 0..n {
            board.copy_from(&empty);
            let r = play_out(
                &LightPolicy,
                &mut board,
                Color::Black,
                0,
                Point::NONE,
                &mut rng,
                |_, _| {},
            );
            half_wins += u64::from(black_half_wins(r.score, komi));
            moves += u64::from(r.moves);
        }
        (
            half_wins as f64 / (2.0 * f64::from(n)),
            moves as f64 / f64::from(n),
        )
    }

    /// Don Dailey's reference bot (computer-go list, October 2008): 1,000,000 light
    /// playouts from the empty 9x9 board give 111.04 moves per playout (both final
    /// passes included) and Black 0.447 of the wins at komi 6.5 (0.4457 at 5.5,
    /// 0.4213 at 7.5). Our playouts follow the same definitions (uniform over legal
    /// non-eye moves, simple ko, no suicide, eye = orthogonally own and at most one
    /// enemy diagonal, none on the edge, end on two passes), so they must match.
    #[test]
    fn light_playouts_match_the_reference_bot_on_9x9() {
        let n = 100_000;
        let (black, moves) = empty_board_stats(9, 6.5, n, 1);
        // Standard error of the win fraction: sqrt(0.25 / n) = 0.0016; allow 4.
        assert!((black - 0.447).abs() < 0.0065, "black wins {black}");
        // Per-playout move counts spread by about 13, so the mean's error is 0.04.
        assert!((moves - 111.04).abs() < 0.3, "moves per playout {moves}");
    }

    /// The 19x19 reference: about 455 moves per playout.
    #[test]
    fn light_playouts_match_the_reference_bot_on_19x19() {
        let (_, moves) = empty_board_stats(19, 7.5, 4_000, 2);
        assert!((moves - 455.0).abs() < 2.5, "moves per playout {moves}");
    }

    #[test]
    fn playouts_keep_the_board_consistent_and_end_with_only_eyes() {
        let mut rng = FastRng::new(3);
        for size in [5, 9, 13] {
            for _ in 0..50 {
                let mut board = Board::new(size);
                let r = play_out(
                    &LightPolicy,
                    &mut board,
                    Color::Black,
                    0,
                    Point::NONE,
                    &mut rng,
                    |_, _| {},
                );
                board.check_consistency().unwrap();
                assert!(r.moves < playout_cap(size));
                // Neither side has a non-eye legal move left.
                for c in Color::BOTH {
                    assert_eq!(
                        LightPolicy.choose(&mut board, c, Point::NONE, &mut rng),
                        None,
                        "{board:?}"
                    );
                }
                // So every empty point is owned and the scores add up to the area.
                let black = board.stone_count(Color::Black) as i32;
                let white = board.stone_count(Color::White) as i32;
                let empty_owned = board
                    .empty_points()
                    .filter(|&p| {
                        board.is_eyelike(Color::Black, p) || board.is_eyelike(Color::White, p)
                    })
                    .count();
                assert_eq!(empty_owned, board.empty_count());
                assert!(r.score.abs() <= (size * size) as i32);
                assert!(black + white + board.empty_count() as i32 == (size * size) as i32);
            }
        }
    }

    #[test]
    fn light_policy_is_uniform_over_acceptable_moves() {
        // 3x3 with Black at B2 (centre): White may play the 8 other points; Black
        // too, none of them being an eye yet.
        let mut board = Board::new(3);
        let centre = board.point(1, 1);
        board.set_cell(centre, Some(Color::Black));
        let mut rng = FastRng::new(9);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..80_000 {
            let p = LightPolicy
                .choose(&mut board, Color::White, Point::NONE, &mut rng)
                .unwrap();
            *counts.entry(p).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 8);
        for (&p, &c) in &counts {
            assert!((9_400..10_600).contains(&c), "{p:?}: {c}");
        }
        board.check_consistency().unwrap();
    }

    #[test]
    fn light_policy_never_fills_own_true_eye_and_passes_when_only_eyes_remain() {
        // Black owns everything but two true eyes.
        let mut board =
            crate::mcts::testutil::board_from(&[".XXX.", "XXXXX", "XXXXX", "XXXXX", "XXXXX"]);
        let mut rng = FastRng::new(4);
        assert_eq!(
            LightPolicy.choose(&mut board, Color::Black, Point::NONE, &mut rng),
            None
        );
        // White cannot play either: both points are suicide.
        assert_eq!(
            LightPolicy.choose(&mut board, Color::White, Point::NONE, &mut rng),
            None
        );
        assert_eq!(board.playout_area_score(), 25);
    }

    #[test]
    fn same_seed_same_playout() {
        let run = |seed| {
            let mut board = Board::new(9);
            let mut rng = FastRng::new(seed);
            let mut trace = Vec::new();
            play_out(
                &LightPolicy,
                &mut board,
                Color::Black,
                0,
                Point::NONE,
                &mut rng,
                |c, p| trace.push((c, p)),
            );
            trace
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }

    #[test]
    fn copy_from_reuses_a_board_exactly() {
        // Reusing one working board across playouts and positions (even of another
        // size) must give the same boards as fresh clones.
        let mut rng = FastRng::new(11);
        let mut work = Board::new(19);
        for size in [9, 9, 13, 9] {
            let mut start = Board::new(size);
            play_out(
                &LightPolicy,
                &mut start,
                Color::Black,
                0,
                Point::NONE,
                &mut FastRng::new(size as u64),
                |_, _| {},
            );
            // A start position with stones, captures behind it and a few empties.
            for _ in 0..20 {
                work.copy_from(&start);
                assert_eq!(work, start);
                work.check_consistency().unwrap();
                let mut fresh = start.clone();
                let seed = rng.next_u64();
                let a = play_out(
                    &LightPolicy,
                    &mut work,
                    Color::White,
                    0,
                    Point::NONE,
                    &mut FastRng::new(seed),
                    |_, _| {},
                );
                let b = play_out(
                    &LightPolicy,
                    &mut fresh,
                    Color::White,
                    0,
                    Point::NONE,
                    &mut FastRng::new(seed),
                    |_, _| {},
                );
                assert_eq!(a, b);
                assert_eq!(work, fresh);
                work.check_consistency().unwrap();
            }
        }
    }

    #[test]
    fn half_wins() {
        assert_eq!(black_half_wins(7, 6.5), 2);
        assert_eq!(black_half_wins(6, 6.5), 0);
        assert_eq!(black_half_wins(7, 7.0), 1);
    }
}
