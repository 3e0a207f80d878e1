//! What the heavy playouts alone say of a position: Black's share of wins
//! over a number of playouts, with the tunables given. The search backs up
//! exactly these results; `examples/playout_eval.rs` compares parameter sets
//! by how well these shares predict how recorded games ended, on thousands
//! of positions in a minute. That screens a playout change before a match;
//! it does not replace one (the strength log, runs 102 to 107: the
//! screen's best set did not win more).
//!
//! Invariant: the same position, tunables, count and seed give the same share.

use super::heavy::HeavyPolicy;
use super::outcome::half_wins_of_margin;
use super::params::Tunables;
use super::search::playout_cap;
use crate::board::{Board, Color, Point};
use crate::playout::{Playout, Start};
use crate::rng::FastRng;

/// A position to judge: the board, who moves, the last two stones played
/// (the heavy policy answers them; [`Point::NONE`] when unknown or a pass)
/// and the komi.
#[derive(Copy, Clone, Debug)]
pub struct Position<'a> {
    pub board: &'a Board,
    pub to_move: Color,
    /// The opponent's last stone.
    pub last: Point,
    /// The mover's own previous stone.
    pub before: Point,
    pub komi: f64,
}

/// Black's share of wins (a draw counts half) over `playouts` heavy playouts
/// from `pos`, under `tunables` for the board's size, seeded by `seed`.
pub fn black_win_share(pos: &Position<'_>, tunables: &Tunables, playouts: u32, seed: u64) -> f64 {
    let size = pos.board.size();
    let policy = HeavyPolicy::new(tunables, size);
    let playout = Playout::new(&policy, playout_cap(size));
    let start = Start {
        to_move: pos.to_move,
        passes: 0,
        last: pos.last,
        before: pos.before,
    };
    let mut rng = FastRng::new(seed);
    let mut scratch = pos.board.clone();
    let mut half_wins = 0u64;
    for _ in 0..playouts {
        scratch.copy_from(pos.board);
        let result = playout.play_and_score(&mut scratch, start, &mut rng, |_, _| {});
        half_wins += u64::from(half_wins_of_margin(f64::from(result.score) - pos.komi));
    }
    half_wins as f64 / (2.0 * f64::from(playouts.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::board_from;

    fn share(rows: &[&str], komi: f64, seed: u64) -> f64 {
        let board = board_from(rows);
        let pos = Position {
            board: &board,
            to_move: Color::Black,
            last: Point::NONE,
            before: Point::NONE,
            komi,
        };
        black_win_share(&pos, &Tunables::default(), 200, seed)
    }

    /// Black's living wall and its eyes take the left six columns, White's
    /// the right three: 54 points against 27, whatever the playouts do.
    const SPLIT: [&str; 9] = [
        "XXXX.XO..",
        "X.XXXXO..",
        "XXXX.XOOO",
        "XXXXXXO.O",
        "X.XX.XOOO",
        "XXXXXXO..",
        "X.XX.XO..",
        "XXXXXXOOO",
        "XXXX.XO.O",
    ];

    #[test]
    fn a_settled_board_is_judged_by_its_score_against_komi() {
        // Black leads by 27 points: won at komi 7.5, lost at komi 30.5.
        assert_eq!(share(&SPLIT, 7.5, 1), 1.0);
        assert_eq!(share(&SPLIT, 30.5, 1), 0.0);
    }

    #[test]
    fn the_share_is_deterministic_for_a_seed_and_varies_on_an_open_board() {
        let rows = ["........."; 9];
        let a = share(&rows, 7.5, 3);
        assert_eq!(a, share(&rows, 7.5, 3));
        // The empty board is close to even: neither side wins every playout.
        assert!(a > 0.2 && a < 0.8, "{a}");
    }
}
