//! Chains with two liberties: ataris worth playing and liberties worth
//! taking (Pachi's `2lib`).

use super::{PointSet, after_play, after_play_without, atari_liberty, two_liberties};
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
/// it that it left with two liberties a third one; with `counter`, also
/// counter-attack from those chains ([`counter_atari_moves`]).
pub(crate) fn two_liberty_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    counter: bool,
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
        if counter {
            counter_atari_moves(board, color, q, out);
        }
    }
}

/// The counter-attacks of our chain through `q` (two liberties) in a
/// capturing race, as Pachi's defender does: capture an opponent chain
/// touching it that is in atari, or atari one that has two liberties.
#[inline]
pub(crate) fn counter_atari_moves<const N: usize>(
    board: &Board,
    color: Color,
    q: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let mut seen = PointSet::<8>::default();
    for s in board.chain_stones(q) {
        for n in board.neighbours(s) {
            if board.stone(n) != Some(opp) {
                continue;
            }
            let h = board.chain_head(n);
            if seen.contains(h) {
                continue;
            }
            seen.add(h);
            match board.liberties(n) {
                1 => {
                    out.add(atari_liberty(board, n));
                }
                2 => {
                    for lib in two_liberties(board, n) {
                        out.add(lib);
                    }
                }
                _ => {}
            }
        }
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

    #[test]
    fn the_counter_attack_ataris_the_opponent_chains_touching_ours() {
        // White's last stone C4 leaves Black's D4-D2 with two liberties, E4
        // and C3. Touching it, White's D1 and E3-E2 have two liberties each
        // (C1 and E1; E4 and E1); White's C2 and D5 have three.
        let board = board_from(&[
            ".......", ".......", "...O...", "..OX...", "...XOX.", "..OXOX.", "...O...",
        ]);
        let last = at(&board, "C4");
        let moves = |counter| {
            let mut out = PointSet::<16>::default();
            two_liberty_moves(&board, Color::Black, last, counter, &mut out);
            let mut v = out.as_slice().to_vec();
            v.sort();
            v
        };
        let names = |ps: &[&str]| {
            let mut v: Vec<Point> = ps.iter().map(|p| at(&board, p)).collect();
            v.sort();
            v
        };
        // Only E4 gives the chain a third liberty.
        assert_eq!(moves(false), names(&["E4"]));
        assert_eq!(moves(true), names(&["E4", "C1", "E1"]));
    }
}
