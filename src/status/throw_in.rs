//! Chains a throw-in kills, read on the board rather than left to playouts.
//!
//! A chain whose only liberties are two points inside the opponent's stones
//! can look alive: neither side may fill a liberty without being captured.
//! But where the opponent's fill is a nakade throw-in
//! (`tactics::is_nakade_throw_in`), the chain must capture, and the capture
//! leaves it only the captured points as eye space, in a shape that dies
//! (a bent four in the corner, a square four, a bulky five, ...). The
//! playouts seldom find that (the throw-in is a self-atari of several stones,
//! and after it comes the vital point), so they count the chain alive and the
//! stones inside it dead: a finished 13x13 game against Pachi was counted
//! W+8.5 by koban and B+23.5 by GNU Go so.
//!
//! Invariant: a chain is reported killed only when the whole sequence holds
//! on the board: after the throw-in and the forced capture, every liberty of
//! the capturing chain is a captured point, so nothing outside gives it an
//! eye or a connection.

use crate::board::{Board, MAX_POINTS};
use crate::tactics::for_each_throw_in_kill;

/// Per point index: stones of chains a throw-in kills (`dead`), and stones
/// of the thrower's chains next to the throw-in, which kill them (`alive`).
pub(crate) struct Kills {
    pub(crate) dead: Vec<bool>,
    pub(crate) alive: Vec<bool>,
}

/// The chains of `board` that a throw-in kills, and their killers: the
/// stones of the thrower's chains next to the throw-in.
pub(crate) fn kills(board: &Board) -> Kills {
    let mut kills = Kills {
        dead: vec![false; MAX_POINTS],
        alive: vec![false; MAX_POINTS],
    };
    let mut scratch = board.clone();
    for_each_throw_in_kill(board, &mut scratch, |color, p, victims| {
        for &v in victims {
            for s in board.chain_stones(v) {
                kills.dead[s.idx()] = true;
            }
        }
        for q in board.neighbours(p) {
            if board.stone(q) == Some(color) {
                for s in board.chain_stones(q) {
                    kills.alive[s.idx()] = true;
                }
            }
        }
    });
    kills
}

#[cfg(test)]
mod tests {
    use crate::board::tests::{at, board_from};

    #[test]
    fn a_throw_in_that_leaves_a_bent_four_in_the_corner_kills() {
        // White's C7-C4 group and Black's A7-A5 share B7 and B5 only. Black's
        // throw-in at B7 is captured from B5, leaving White a bent four in
        // the corner; a throw-in at B5 would leave a bent four on the edge,
        // which lives, so it is no kill.
        let board = board_from(&[
            "X.OX...", //
            "XOOX...", //
            "X.OX...", //
            "OOOX...", //
            "XXXX...", //
            ".......", //
            ".......", //
        ]);
        let found = super::kills(&board);
        for v in ["C7", "B6", "C5", "A4", "C4"] {
            assert!(found.dead[at(&board, v).idx()], "{v} dead");
        }
        for v in ["A7", "A6", "A5"] {
            assert!(found.alive[at(&board, v).idx()], "{v} alive");
            assert!(!found.dead[at(&board, v).idx()], "{v} not dead");
        }
        assert!(!found.dead[at(&board, "D7").idx()]);
        // With White's group joined to the open board by B4-B3, it has
        // outside liberties and nothing is killed.
        let board = board_from(&[
            "X.OX...", //
            "XOOX...", //
            "X.OX...", //
            "OOOX...", //
            "XO.X...", //
            ".......", //
            ".......", //
        ]);
        let found = super::kills(&board);
        assert!(found.dead.iter().all(|&d| !d));
    }
}
