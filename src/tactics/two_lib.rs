//! Chains with two liberties: ataris worth playing and liberties worth
//! taking (Pachi's `2lib`).

use super::{LadderReader, PointSet, after_play, after_play_without, two_liberties};
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

/// The ataris of `color` that catch in a ladder the opponent's chains with
/// two liberties at or next to `p`: for each chain, the first of its
/// liberties where an atari does (see [`LadderReader::atari_catches`]).
/// Meant for a point where the opponent's own move was refused as a
/// self-atari: their chain there is short of liberties and may not run.
pub(crate) fn ladder_capture_moves<const N: usize>(
    board: &Board,
    color: Color,
    p: Point,
    ladders: &mut impl LadderReader,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let mut seen = PointSet::<5>::default();
    let around = board.neighbours(p);
    for q in std::iter::once(p).chain(around) {
        if board.stone(q) != Some(opp)
            || board.liberties(q) != 2
            || seen.contains(board.chain_head(q))
        {
            continue;
        }
        seen.add(board.chain_head(q));
        if let Some(atari) = two_liberties(board, q)
            .into_iter()
            .find(|&atari| ladders.atari_catches(board, atari, q))
        {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};
    use crate::tactics::LadderStack;

    fn ladder_captures(rows: &[&str], p: &str) -> Vec<Point> {
        let board = board_from(rows);
        let mut out = PointSet::<4>::default();
        let mut ladders = LadderStack::default();
        ladder_capture_moves(&board, Color::Black, at(&board, p), &mut ladders, &mut out);
        out.as_slice().to_vec()
    }

    #[test]
    fn ataris_that_catch_a_two_liberty_chain_next_to_the_point_in_a_ladder() {
        // White's C3 (liberties C2 and D3) next to C2, where White's own
        // stone would be a self-atari: the atari at C2 leaves D3, where
        // White runs into D4 and D2.
        let closed = [
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "..XX.....", //
            ".XO......", //
            ".X.X.....", //
            "..X......", //
        ];
        let board = board_from(&closed);
        assert_eq!(ladder_captures(&closed, "C2"), vec![at(&board, "C2")]);
        // Without D2 and D4 White gets out at D3 after C2, but the atari at
        // D3 leaves C2, closed in by Black.
        let open = [
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "..X......", //
            ".XO......", //
            ".X.......", //
            "..X......", //
        ];
        let board = board_from(&open);
        assert_eq!(ladder_captures(&open, "C2"), vec![at(&board, "D3")]);
        // Nothing of White's next to E6.
        assert_eq!(ladder_captures(&closed, "E6"), vec![]);
    }
}
