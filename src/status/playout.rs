//! The playouts behind a dedicated ownership batch.
//!
//! Kept apart from the search's playouts on purpose: the scoring must not move
//! when the search's playout policy is tuned, and it wants a different policy.
//! Uniformly random play breaks settled positions at random: a chain with one
//! eye and a few liberties survives whenever its owner's opponent fills its own
//! liberties first. Three rules keep the play closer to sense, as in MoGo-
//! and Pachi-style playouts:
//! - capture: when the opponent's last play left its chain in atari, take it;
//! - nakade: else take the vital point of a small eye space next to the last
//!   play ([`nakade_point`]), which both sides want;
//! - no self-atari: never play a move that leaves a chain of two or more stones
//!   with one liberty without capturing (a lone stone may still be thrown in:
//!   that is how eye shapes are destroyed), unless it is a nakade throw-in
//!   ([`is_nakade_throw_in`]): a chain of up to three stones inside an eye
//!   space whose last liberty is also the enclosing chain's last.
//!
//! Otherwise the move is uniformly random among legal points that do not fill
//! the mover's own true eye (the light policy), and a playout ends after two
//! passes in a row or three moves per point.

use crate::board::{Board, Color, Point};
use crate::rng::FastRng;
use crate::tactics::{
    NAKADE_THROW_IN_STONES, is_group_self_atari, is_nakade_throw_in, nakade_point,
};

/// The single liberty of the chain at `p` (which has exactly one).
fn only_liberty(board: &Board, p: Point) -> Option<Point> {
    board
        .chain_stones(p)
        .find_map(|s| board.neighbours(s).into_iter().find(|&q| board.is_empty(q)))
}

/// Plays `board` out from `to_move`'s turn by the policy above.
pub fn careful_playout(board: &mut Board, mut to_move: Color, rng: &mut FastRng) {
    board.set_allow_suicide(false);
    let cap = 3 * board.size() * board.size();
    let (mut passes, mut moves) = (0, 0);
    let mut last: Option<Point> = None;
    while passes < 2 && moves < cap {
        let mut chosen = None;
        if let Some(l) = last
            && board.stone(l) == Some(to_move.opponent())
            && board.liberties(l) == 1
            && let Some(q) = only_liberty(board, l)
            && board.is_legal(to_move, q)
        {
            chosen = Some(q);
        }
        if chosen.is_none()
            && let Some(l) = last
            && let Some(v) = nakade_point(board, l)
            && board.is_legal(to_move, v)
        {
            chosen = Some(v);
        }
        if chosen.is_none() {
            let mut n = board.empty_count();
            while n > 0 {
                let slot = rng.below(n);
                let p = board.empty_point_at(slot);
                if !board.is_true_eye(to_move, p)
                    && board.is_legal(to_move, p)
                    && (!is_group_self_atari(board, to_move, p)
                        || is_nakade_throw_in(board, to_move, p, NAKADE_THROW_IN_STONES))
                {
                    chosen = Some(p);
                    break;
                }
                n -= 1;
                board.swap_empty_slots(slot, n);
            }
        }
        match chosen {
            Some(p) => {
                board.play_in_playout(to_move, p);
                passes = 0;
                last = Some(p);
            }
            None => {
                board.pass();
                passes += 1;
                last = None;
            }
        }
        moves += 1;
        to_move = to_move.opponent();
    }
}
