//! Chains with two liberties: ataris worth playing and liberties worth
//! taking (Pachi's `2lib`).

use super::{
    PointSet, after_play, after_play_without, atari_liberty, neighbourhood, two_liberties,
};
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

/// Where a stone of `color` on `p` would be a self-atari: the other liberties
/// of the opponent's two-liberty chains next to `p` (Pachi's self-atari
/// cousin). Played there instead, the atari comes from the outside and leaves
/// no stone of ours in atari on `p`.
#[inline]
pub(crate) fn self_atari_cousins<const N: usize>(
    board: &Board,
    color: Color,
    p: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    for q in board.neighbours(p) {
        if board.stone(q) == Some(opp) && board.liberties(q) == 2 {
            for lib in two_liberties(board, q) {
                if lib != p {
                    out.add(lib);
                }
            }
        }
    }
}

/// The captures and ataris of the opponent's chains on the diagonals of `p`
/// that are short of liberties: the liberty of one in atari, both liberties
/// of one with two.
#[inline]
pub(crate) fn diagonal_shortage_moves<const N: usize>(
    board: &Board,
    color: Color,
    p: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let around = neighbourhood(board, p);
    for d in [around[1], around[3], around[5], around[7]] {
        if board.stone(d) != Some(opp) {
            continue;
        }
        match board.liberties(d) {
            1 => {
                out.add(atari_liberty(board, d));
            }
            2 => {
                for lib in two_liberties(board, d) {
                    out.add(lib);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};

    #[test]
    fn the_self_atari_cousin_is_the_opponents_outside_liberty() {
        // White's B5-B4 has two liberties, A5 and B3. Black A5 would join A4
        // with only A3 left; B3, the liberty on the outside, is the cousin.
        let board = board_from(&[".OX..", "XOX..", "..X..", ".....", "....."]);
        assert!(after_play(&board, Color::Black, at(&board, "A5")).is_self_atari());
        let mut out = PointSet::<8>::default();
        self_atari_cousins(&board, Color::Black, at(&board, "A5"), &mut out);
        assert_eq!(out.as_slice(), &[at(&board, "B3")]);
        // No opponent chain with two liberties next to E1: no cousin.
        let mut none = PointSet::<8>::default();
        self_atari_cousins(&board, Color::Black, at(&board, "E1"), &mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn diagonal_shortage_moves_capture_or_atari_the_cutting_stone() {
        // Black's false eye at B5: White C4 on its diagonal is in atari
        // (liberty C3), so the move is the capture.
        let board = board_from(&["X.X..", ".XOX.", ".....", ".....", "....."]);
        assert!(board.is_eyelike(Color::Black, at(&board, "B5")));
        assert!(!board.is_true_eye(Color::Black, at(&board, "B5")));
        let mut out = PointSet::<8>::default();
        diagonal_shortage_moves(&board, Color::Black, at(&board, "B5"), &mut out);
        assert_eq!(out.as_slice(), &[at(&board, "C3")]);
        // With D4 gone, C4 has two liberties, C3 and D4: both are ataris.
        let board = board_from(&["X.X..", ".XO..", ".....", ".....", "....."]);
        let mut out = PointSet::<8>::default();
        diagonal_shortage_moves(&board, Color::Black, at(&board, "B5"), &mut out);
        let mut got = out.as_slice().to_vec();
        got.sort();
        let mut want = vec![at(&board, "C3"), at(&board, "D4")];
        want.sort();
        assert_eq!(got, want);
    }
}
