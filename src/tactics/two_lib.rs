//! Chains with two liberties: ataris worth playing and liberties worth
//! taking (Pachi's `2lib`).

use super::{PointSet, after_play, after_play_without, two_liberties};
use crate::board::{Board, Color, Point};

/// The ataris on the opponent's chain through `p` (two liberties) worth
/// playing: on one liberty when the chain, extending on the other, would have
/// at most two liberties (it cannot simply run away).
#[inline]
pub(crate) fn atari_moves<const N: usize>(
    board: &Board,
    color: Color,
    p: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let [a, b] = two_liberties(board, p);
    for (atari, run) in [(a, b), (b, a)] {
        let after = after_play_without(board, opp, run, atari);
        if after.liberties <= 2 && !after.captures {
            out.add(atari);
        }
    }
}

/// Two-liberty fights around the opponent's stone at `last`: atari its chain
/// when it has two liberties (see [`atari_moves`]), and give our chains next to
/// it that it left with two liberties a third one.
pub(crate) fn two_liberty_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    out: &mut PointSet<N>,
) {
    if board.liberties(last) == 2 {
        atari_moves(board, color, last, out);
    }
    let mut seen = PointSet::<4>::default();
    for q in board.neighbours(last) {
        if board.stone(q) != Some(color) || board.liberties(q) != 2 {
            continue;
        }
        let h = board.chain_head(q);
        if seen.contains(h) {
            continue;
        }
        seen.add(h);
        liberty_gaining_moves(board, color, q, out);
    }
}

/// The liberties of our chain through `q` (two liberties) where playing gives
/// it three or more: extending, or connecting to a chain with liberties to
/// spare.
#[inline]
pub(crate) fn liberty_gaining_moves<const N: usize>(
    board: &Board,
    color: Color,
    q: Point,
    out: &mut PointSet<N>,
) {
    for lib in two_liberties(board, q) {
        if after_play(board, color, lib).liberties >= 3 {
            out.add(lib);
        }
    }
}
