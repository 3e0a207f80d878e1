//! The light policy: uniformly random legal moves that fill no own eye.

use super::{Context, PlayoutPolicy};
use crate::board::Point;

/// Uniformly random among legal moves that do not fill the mover's own true
/// single-point eye ([`Board::is_true_eye`](crate::board::Board::is_true_eye));
/// pass when there is none.
///
/// Rejection sampling over the empty-point list: draw a slot among the first `n`,
/// and if the point is not acceptable swap it to slot `n - 1` and shrink `n`. Every
/// acceptable point is equally likely at each draw, so the result is exactly
/// uniform over acceptable moves, in O(1) expected time while most points are
/// acceptable.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct LightPolicy;

impl PlayoutPolicy for LightPolicy {
    #[inline(always)]
    fn choose(&self, cx: &mut Context<'_>) -> Option<Point> {
        cx.board.random_light_move(cx.color, cx.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Color};
    use crate::playout::{Playout, PlayoutResult, Start, black_half_wins, cap as playout_cap};
    use crate::rng::FastRng;

    /// A light playout of `board` from `to_move`'s turn, `passes` passes and
    /// the stone `last` just played.
    fn play_out(
        board: &mut Board,
        to_move: Color,
        passes: u32,
        last: Point,
        rng: &mut FastRng,
        record: impl FnMut(Color, Point),
    ) -> PlayoutResult {
        let start = Start {
            to_move,
            passes,
            last,
            before: Point::NONE,
        };
        Playout::new(&LightPolicy, playout_cap(board.size()))
            .play_and_score(board, start, rng, record)
    }

    /// The light policy's move for `color`, nothing known of the last moves.
    fn choose(board: &mut Board, color: Color, rng: &mut FastRng) -> Option<Point> {
        LightPolicy.choose(&mut Context::new(
            board,
            color,
            Point::NONE,
            Point::NONE,
            rng,
        ))
    }

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
                    assert_eq!(choose(&mut board, c, &mut rng), None, "{board:?}");
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
            let p = choose(&mut board, Color::White, &mut rng).unwrap();
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
            crate::board::tests::board_from(&[".XXX.", "XXXXX", "XXXXX", "XXXXX", "XXXXX"]);
        let mut rng = FastRng::new(4);
        assert_eq!(choose(&mut board, Color::Black, &mut rng), None);
        // White cannot play either: both points are suicide.
        assert_eq!(choose(&mut board, Color::White, &mut rng), None);
        assert_eq!(board.playout_area_score(), 25);
    }

    #[test]
    fn same_seed_same_playout() {
        let run = |seed| {
            let mut board = Board::new(9);
            let mut rng = FastRng::new(seed);
            let mut trace = Vec::new();
            play_out(
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
                    &mut work,
                    Color::White,
                    0,
                    Point::NONE,
                    &mut FastRng::new(seed),
                    |_, _| {},
                );
                let b = play_out(
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
}
