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

/// Capturing races around the opponent's stone at `last` (the defence of
/// Pachi's `2lib` and its `nlib`): for each of our chains next to it with two
/// to `max_liberties` liberties, capture an opponent chain touching it that
/// is in atari, or atari one with two liberties that cannot simply run away
/// ([`atari_moves`]). Inside an eye space such an atari is often a throw-in,
/// a self-atari that wins the race (the opponent must capture and is left
/// one eye); whether to let it through is the caller's choice.
pub(crate) fn race_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    max_liberties: usize,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let mut ours = PointSet::<4>::default();
    // Opponent chains already answered; past eight a chain may be looked at
    // twice, which only repeats candidates `out` already holds.
    let mut theirs = PointSet::<8>::default();
    for q in board.neighbours(last) {
        if board.stone(q) != Some(color) || !(2..=max_liberties).contains(&board.liberties(q)) {
            continue;
        }
        let head = board.chain_head(q);
        if ours.contains(head) {
            continue;
        }
        ours.add(head);
        for s in board.chain_stones(q) {
            for r in board.neighbours(s) {
                if board.stone(r) != Some(opp) {
                    continue;
                }
                let head = board.chain_head(r);
                if theirs.contains(head) {
                    continue;
                }
                theirs.add(head);
                match board.liberties(r) {
                    1 => {
                        out.add(atari_liberty(board, r));
                    }
                    2 => atari_moves(board, color, r, out),
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};

    fn race(board: &Board, color: Color, last: &str, max_liberties: usize) -> Vec<Point> {
        let mut out = PointSet::<12>::default();
        race_moves(board, color, at(board, last), max_liberties, &mut out);
        let mut v = out.as_slice().to_vec();
        v.sort();
        v
    }

    #[test]
    fn a_race_captures_a_chain_in_atari_away_from_the_last_stone() {
        // White's C4 touches Black's D4-D5 (four liberties), which touches
        // White's E5, in atari at E4: the race answers with the capture,
        // which the tactics step (chains next to C4 only) does not see.
        let board = board_from(&[
            ".......", //
            "....X..", //
            "...XOX.", //
            "..OX.O.", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert_eq!(race(&board, Color::Black, "C4", 4), vec![at(&board, "E4")]);
        // Past its reach (four liberties, at most three asked) it offers nothing.
        assert!(race(&board, Color::Black, "C4", 3).is_empty());
    }

    #[test]
    fn a_race_in_an_eye_space_offers_both_shared_liberties() {
        // White's corner group and Black's F6-F7 inside it share their two
        // liberties, E7 and G7. After White's E6 either is the throw-in that
        // kills: three black stones in atari, and once White captures, a
        // bent three.
        let board = board_from(&[
            "..XO.X.", //
            "..XOOXO", //
            "..XOOOO", //
            "..XXXXX", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        let mut both = vec![at(&board, "E7"), at(&board, "G7")];
        both.sort();
        assert_eq!(race(&board, Color::Black, "E6", 4), both);
        for p in &both {
            assert!(after_play(&board, Color::Black, *p).is_self_atari());
        }
    }
}
