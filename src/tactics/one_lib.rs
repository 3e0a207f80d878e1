//! Chains in atari: captures, and ways to save one's own (Pachi's `1lib`).

use super::{LadderReader, PointSet, after_play, atari_liberty};
use crate::board::{Board, Color, Point};

/// Ways to save our chain through `q`, in atari: capture an attacker in atari,
/// or extend at the liberty if that gains liberties without running into a
/// ladder. Returns the liberty if the extension was refused as a ladder.
pub(crate) fn escape_moves<const N: usize>(
    board: &Board,
    color: Color,
    q: Point,
    ladders: &mut impl LadderReader,
    out: &mut PointSet<N>,
) -> Option<Point> {
    let opp = color.opponent();
    for s in board.chain_stones(q) {
        for r in board.neighbours(s) {
            if board.stone(r) == Some(opp) && board.liberties(r) == 1 {
                out.add(atari_liberty(board, r));
            }
        }
    }
    let lib = atari_liberty(board, q);
    let after = after_play(board, color, lib);
    if after.liberties >= 3 || after.captures {
        out.add(lib);
    } else if after.liberties == 2 && board.is_legal(color, lib) {
        if ladders.extension_is_caught(board, color, lib, q) {
            return Some(lib);
        }
        out.add(lib);
    }
    None
}

/// Candidate answers to the opponent's stone at `last`: captures of its chain or
/// of chains next to it in atari, and ways to save our chains it put in atari.
/// `ladders` reads the extensions that gain only one liberty.
pub(crate) fn tactical_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    ladders: &mut impl LadderReader,
    out: &mut PointSet<N>,
) {
    if board.liberties(last) == 1 {
        out.add(atari_liberty(board, last));
    }
    let mut seen = PointSet::<4>::default();
    for q in board.neighbours(last) {
        if board.stone(q) != Some(color) || board.liberties(q) != 1 {
            continue;
        }
        let h = board.chain_head(q);
        if seen.contains(h) {
            continue;
        }
        seen.add(h);
        escape_moves(board, color, q, ladders, out);
    }
}
