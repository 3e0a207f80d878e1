//! Chains with a few liberties (three or more): their defence in a
//! capturing race (the idea of Pachi's `nlib` defence check).
//!
//! Gaining liberties with such a chain is slow, and the playouts do not try;
//! what they can do is start on a neighbouring opponent chain with two
//! liberties before the approach moves of the race decide it, by putting it
//! in atari.

use super::{PointSet, after_play, two_liberties};
use crate::board::{Board, Color, Point};

/// The defences of `color`'s chains next to the opponent's stone at `last`
/// (its 8-neighbourhood) that have three to `max_liberties` liberties: the
/// ataris on the opponent's chains with two liberties next to them (see
/// [`race_ataris`]).
pub(crate) fn nlib_defence_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    max_liberties: usize,
    out: &mut PointSet<N>,
) {
    let mut ours = PointSet::<8>::default();
    let mut theirs = PointSet::<16>::default();
    for q in super::neighbourhood(board, last) {
        if board.stone(q) != Some(color) || !(3..=max_liberties).contains(&board.liberties(q)) {
            continue;
        }
        if ours.contains(board.chain_head(q)) {
            continue;
        }
        ours.add(board.chain_head(q));
        for s in board.chain_stones(q) {
            if !board.has_neighbour_of(color.opponent(), s) {
                continue;
            }
            for r in board.neighbours(s) {
                if board.stone(r) != Some(color.opponent()) || board.liberties(r) != 2 {
                    continue;
                }
                if !theirs.contains(board.chain_head(r)) {
                    theirs.add(board.chain_head(r));
                    race_ataris(board, color, r, out);
                }
            }
        }
    }
}

/// The ataris `color` can play on the opponent's chain through `p` (two
/// liberties): each liberty that is legal and no self-atari, but only the
/// one that is not lumpy when the other is (a stone with three or more of
/// its neighbours ours or the edge wastes its liberties, and the other
/// atari does the same job).
fn race_ataris<const N: usize>(board: &Board, color: Color, p: Point, out: &mut PointSet<N>) {
    let mut playable = [(Point::NONE, false); 2];
    let mut n = 0;
    for lib in two_liberties(board, p) {
        if board.is_legal(color, lib) && !after_play(board, color, lib).is_self_atari() {
            let closed = board
                .neighbours(lib)
                .into_iter()
                .filter(|&q| board.stone(q) == Some(color) || !board.is_on_board(q))
                .count();
            playable[n] = (lib, closed >= 3);
            n += 1;
        }
    }
    let prefer_open = n == 2 && playable[0].1 != playable[1].1;
    for &(lib, lumpy) in &playable[..n] {
        if !(prefer_open && lumpy) {
            out.add(lib);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};

    fn defences(rows: &[&str], last: &str) -> Vec<Point> {
        let board = board_from(rows);
        let mut out = PointSet::<12>::default();
        nlib_defence_moves(&board, Color::Black, at(&board, last), 4, &mut out);
        out.as_slice().to_vec()
    }

    /// White's D4 took the fourth liberty of Black's A3-D3, which has C2,
    /// D2 and E3 left; White's A2-B2-B1 next to it has two, A1 and C2.
    const RACE: [&str; 9] = [
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        "OOOO.....", //
        "XXXX.....", //
        "OO..X....", //
        ".OX.X....", //
    ];

    #[test]
    fn a_chain_left_with_three_liberties_ataris_a_two_liberty_neighbour() {
        let board = board_from(&RACE);
        assert_eq!(board.liberties(at(&board, "A3")), 3);
        // A1 would be suicide: only C2 is an atari.
        assert_eq!(defences(&RACE, "D4"), vec![at(&board, "C2")]);
        // A limit of two liberties leaves the chain out.
        let mut out = PointSet::<12>::default();
        nlib_defence_moves(&board, Color::Black, at(&board, "D4"), 2, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn of_two_ataris_the_one_that_is_not_lumpy() {
        // Black's C2-E2 has four liberties; White's D1 next to it has two,
        // C1 and E1. E1 touches Black's E2 and F1 and the edge: C1 is the
        // atari to play.
        let rows = [
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "..OOO....", //
            "..XXX....", //
            "...O.X...", //
        ];
        let board = board_from(&rows);
        assert_eq!(board.liberties(at(&board, "C2")), 4);
        assert_eq!(defences(&rows, "D3"), vec![at(&board, "C1")]);
        // With C3 empty the chain has five liberties: not in danger.
        let mut roomy = rows;
        roomy[6] = "...OO....";
        assert_eq!(defences(&roomy, "D3"), vec![]);
    }
}
