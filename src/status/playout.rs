//! The policy of the playouts behind a dedicated ownership batch, played by
//! the one playout loop ([`crate::playout::black_counts`]).
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
//!   ([`is_nakade_throw_in`]): a chain of up to six stones inside an eye
//!   space whose last liberty is also the enclosing chain's last, and whose
//!   points once captured leave a shape that dies.
//!
//! Otherwise the move is uniformly random among legal points that do not fill
//! the mover's own true eye (the light policy), and a playout ends after two
//! passes in a row or three moves per point.

use crate::board::{Board, Point};
use crate::playout::{Context, PlayoutPolicy};
use crate::tactics::{
    NAKADE_THROW_IN_STONES, is_group_self_atari, is_nakade_throw_in, nakade_point,
};

/// The single liberty of the chain at `p` (which has exactly one).
fn only_liberty(board: &Board, p: Point) -> Option<Point> {
    board
        .chain_stones(p)
        .find_map(|s| board.neighbours(s).into_iter().find(|&q| board.is_empty(q)))
}

/// The scoring playouts' policy; see the module documentation.
pub(super) struct ScoringPolicy;

impl PlayoutPolicy for ScoringPolicy {
    fn choose(&self, cx: &mut Context<'_>) -> Option<Point> {
        let (board, to_move, last) = (&mut *cx.board, cx.color, cx.last);
        if last != Point::NONE
            && board.stone(last) == Some(to_move.opponent())
            && board.liberties(last) == 1
            && let Some(q) = only_liberty(board, last)
            && board.is_legal(to_move, q)
        {
            return Some(q);
        }
        if last != Point::NONE
            && let Some(v) = nakade_point(board, last)
            && board.is_legal(to_move, v)
        {
            return Some(v);
        }
        let mut n = board.empty_count();
        while n > 0 {
            let slot = cx.rng.below(n);
            let p = board.empty_point_at(slot);
            if !board.is_true_eye(to_move, p)
                && board.is_legal(to_move, p)
                && (!is_group_self_atari(board, to_move, p)
                    || is_nakade_throw_in(board, to_move, p, NAKADE_THROW_IN_STONES))
            {
                return Some(p);
            }
            n -= 1;
            board.swap_empty_slots(slot, n);
        }
        None
    }
}
