//! Eyes the opponent's last stone is about to make false, and the point that
//! keeps each true (the idea of Pachi's moggy `eye_fix_check`).
//!
//! The shape: the opponent's new stone stands next to one of its stones `n`
//! that pokes in between two of ours (or ours and the edge). Before the new
//! stone, playing on `n`'s liberty `f` would have been a self-atari for the
//! opponent; now it connects, and a stone on `f` makes one of our eyes
//! diagonal to `f` false. We fill `f` first, or capture a stone already on
//! another diagonal of that eye if it is in atari.

use super::{PointSet, atari_liberty};
use crate::board::{Board, Color, Point};

/// The answers of `color` to the opponent's stone at `last` that keep an
/// eye true (see the module documentation): `n`'s empty neighbour `f` when an
/// eye diagonal to it is true now and an opponent stone on `f` would make it
/// false, and the liberty of every opponent stone in atari on that eye's
/// diagonals. Neither is checked for legality or self-atari.
pub(crate) fn eye_fix_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    // Most stones join none of their own: nothing to look at.
    if !board.has_neighbour_of(opp, last) {
        return;
    }
    let ours_or_edge = |q: Point| board.stone(q) == Some(color) || !board.is_on_board(q);
    for n in board.neighbours(last) {
        if board.stone(n) != Some(opp) || board.empty_neighbour_count(n) == 0 {
            continue;
        }
        // `n` sits between two of ours: the points next to both `n` and a
        // diagonal of `last`, that is `n` plus or minus the step across.
        let across = if n.0.abs_diff(last.0) == 1 {
            board.stride() as u16
        } else {
            1
        };
        if !ours_or_edge(Point(n.0 - across)) || !ours_or_edge(Point(n.0 + across)) {
            continue;
        }
        for f in board.neighbours(n) {
            if !board.is_empty(f) {
                continue;
            }
            for eye in board.diagonals(f) {
                if board.is_empty(eye) && board.is_eyelike(color, eye) {
                    add_eye_fix(board, color, f, eye, out);
                }
            }
        }
    }
}

/// For our eyelike `eye` diagonal to the empty `f`: captures of the opponent's
/// stones in atari on its diagonals, and `f` itself when the eye is true now
/// and an opponent stone on `f` would make it false (one opponent diagonal
/// too many, the edge counting as one).
#[inline]
fn add_eye_fix<const N: usize>(
    board: &Board,
    color: Color,
    f: Point,
    eye: Point,
    out: &mut PointSet<N>,
) {
    let opp = color.opponent();
    let mut spoilers = 0;
    let mut edge = false;
    for d in board.diagonals(eye) {
        if board.stone(d) == Some(opp) {
            if board.liberties(d) == 1 {
                out.add(atari_liberty(board, d));
            } else {
                spoilers += 1;
            }
        } else if !board.is_on_board(d) {
            edge = true;
        }
    }
    if spoilers + usize::from(edge) == 1 {
        out.add(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};

    fn fixes(rows: &[&str], last: &str) -> Vec<Point> {
        let board = board_from(rows);
        let mut out = PointSet::<12>::default();
        eye_fix_moves(&board, Color::Black, at(&board, last), &mut out);
        out.as_slice().to_vec()
    }

    /// White's E1 joins D1, which pokes in between Black's D2 and the edge:
    /// White on C1 would now connect and make Black's eye at B2 false (White
    /// already holds its diagonal C3).
    const APPROACHED: [&str; 7] = [
        ".......", //
        ".......", //
        ".......", //
        "..OO...", //
        "XXO.O..", //
        "X.XXO..", //
        "XX.OO..", //
    ];

    #[test]
    fn fills_the_point_that_would_make_an_eye_false() {
        let board = board_from(&APPROACHED);
        assert!(board.is_true_eye(Color::Black, at(&board, "B2")));
        assert_eq!(fixes(&APPROACHED, "E1"), vec![at(&board, "C1")]);
    }

    #[test]
    fn captures_a_spoiling_stone_in_atari_instead() {
        // White's C3 is in atari (liberty C4): capturing it keeps B2 true
        // without filling C1.
        let rows = [
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            "XXOX...", //
            "X.XXO..", //
            "XX.OO..", //
        ];
        let board = board_from(&rows);
        assert_eq!(board.liberties(at(&board, "C3")), 1);
        assert_eq!(fixes(&rows, "E1"), vec![at(&board, "C4")]);
    }

    #[test]
    fn nothing_when_the_eye_is_safe_already_false_or_not_approached() {
        // White's E3 joins D3 between Black's D4 and D2, but B4, in the
        // middle of the board, has no White diagonal: one White stone on C3
        // leaves it true.
        let safe = [
            ".......", //
            ".......", //
            "XXX.O..", //
            "X.XXO..", //
            "XX.OO.O", //
            "XXXX...", //
            ".......", //
        ];
        assert_eq!(fixes(&safe, "E3"), vec![]);
        // White holds two of B2's diagonals (A3 and C3): it is false already.
        let false_eye = [
            ".......", //
            ".......", //
            ".......", //
            "O.OO...", //
            "OXO.O..", //
            "X.XXO..", //
            "XX.OO..", //
        ];
        let board = board_from(&false_eye);
        assert!(board.is_eyelike(Color::Black, at(&board, "B2")));
        assert!(!board.is_true_eye(Color::Black, at(&board, "B2")));
        assert_eq!(fixes(&false_eye, "E1"), vec![]);
        // D2 is empty: D1 is not between two Black stones, and White's E1
        // is no approach to the eye.
        let open = [
            ".......", //
            ".......", //
            ".......", //
            "..OO...", //
            "XXO.O..", //
            "X.X.O..", //
            "XX.OO..", //
        ];
        assert_eq!(fixes(&open, "E1"), vec![]);
    }
}
