//! Shape codes: a point's 3x3 neighbourhood with the liberties of the chains
//! around it, the move ratings' shape feature ([`super`]). Not to be confused
//! with the hand-written 3x3 playout patterns (`knowledge::patterns`), which
//! match the neighbourhood alone.
//!
//! A point's *shape code* (25 bits) describes it from the side of the player
//! to move:
//! - bits 0..16: the eight neighbours in the order of
//!   `neighbourhood` (N, NE, E, SE, S, SW, W, NW, a ring), two
//!   bits each: 0 empty, 1 the mover's stone, 2 the opponent's, 3 off the board;
//! - bits 16..24: the liberties of the chains on the four orthogonal
//!   neighbours (N, E, S, W), two bits each: 0 no stone, 1, 2, 3 three or more
//!   (so captures, ataris, self-ataris and connections show in the shape);
//! - bit 24: the opponent's last stone is one of the eight neighbours.
//!
//! Codes that one of the board's eight symmetries maps onto each other are the
//! same shape; the smallest of them is its canonical code ([`canonical`]).
//!
//! Invariant: the code is a pure function of the board, the mover, the point
//! and the last stone, so training and play see the same shapes.

use crate::board::{Board, Color, Point};
use crate::knowledge::patterns::{code, swap_colors};
use crate::knowledge::symmetry::canonical_ring_code;
use crate::tactics::neighbourhood;

/// The orthogonal neighbours' places in the ring of eight.
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];

/// The shape code of the empty point `p` for `color` to move, after the
/// opponent's stone `last` ([`Point::NONE`] if none).
#[inline]
pub(crate) fn shape_code(board: &Board, color: Color, p: Point, last: Point) -> u32 {
    let ring = neighbourhood(board, p);
    let colors = match color {
        Color::Black => code(board, p),
        Color::White => swap_colors(code(board, p)),
    };
    let mut shape = u32::from(colors);
    for (j, &k) in ORTHOGONAL.iter().enumerate() {
        let q = ring[k];
        if board.stone(q).is_some() {
            let class = board.liberties(q).min(3) as u32;
            shape |= class << (16 + 2 * j);
        }
    }
    if last != Point::NONE && ring.contains(&last) {
        shape |= 1 << 24;
    }
    shape
}

/// The smallest code of the shape under the board's symmetries: the key
/// the table is trained and stored under. The four liberty fields are the
/// ring code's four directions ([`symmetry`](crate::knowledge::symmetry)).
pub(crate) fn canonical(code: u32) -> u32 {
    canonical_ring_code(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::testutil::{at, board_from};

    #[test]
    fn symmetric_positions_share_the_canonical_code() {
        // The same hane shape in four orientations, for Black and (colors
        // swapped) for White: one canonical code.
        let shapes = [
            ([".....", ".XO..", ".....", ".....", "....."], "C3"),
            ([".....", ".....", ".....", "..OX.", "....."], "C3"),
            ([".....", ".X...", ".O...", ".....", "....."], "C3"),
            ([".....", "...X.", "...O.", ".....", "....."], "C3"),
        ];
        let mut keys = Vec::new();
        for (rows, mv) in shapes {
            let board = board_from(&rows);
            keys.push(canonical(shape_code(
                &board,
                Color::Black,
                at(&board, mv),
                Point::NONE,
            )));
            let swapped: Vec<String> = rows
                .iter()
                .map(|r| r.replace('X', "x").replace('O', "X").replace('x', "O"))
                .collect();
            let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
            let board = board_from(&swapped);
            keys.push(canonical(shape_code(
                &board,
                Color::White,
                at(&board, mv),
                Point::NONE,
            )));
        }
        assert!(keys.iter().all(|&k| k == keys[0]), "{keys:x?}");
        // A different shape (the stones the other way round) differs.
        let board = board_from(&[".....", ".OX..", ".....", ".....", "....."]);
        let other = canonical(shape_code(
            &board,
            Color::Black,
            at(&board, "C3"),
            Point::NONE,
        ));
        assert_ne!(other, keys[0]);
    }

    #[test]
    fn an_asymmetric_shape_has_eight_images_and_one_key() {
        use crate::knowledge::symmetry::Symmetry;
        let code = 0b01 | (0b10 << 2) | (0b11 << 10) | (0b01 << 16) | (0b11 << 18) | (1 << 24);
        let mut set: Vec<u32> = Symmetry::ALL.iter().map(|s| s.ring_code(code)).collect();
        set.sort();
        set.dedup();
        assert_eq!(set.len(), 8);
        assert!(set.iter().all(|&image| canonical(image) == set[0]));
        assert!(set.iter().all(|&image| image & (1 << 24) != 0));
    }

    #[test]
    fn liberties_and_the_last_stone_are_part_of_the_shape() {
        // White's C4 is in atari; C3 captures it for Black. With White's
        // stone given a second liberty the shape differs.
        let atari = board_from(&["..X..", ".XOX.", ".....", ".....", "....."]);
        let free = board_from(&[".....", ".XO..", ".....", ".....", "....."]);
        let c3 = at(&atari, "C3");
        let c4 = at(&atari, "C4");
        let a = shape_code(&atari, Color::Black, c3, Point::NONE);
        assert_eq!((a >> 16) & 3, 1, "N is White's C4 with one liberty: {a:x}");
        assert_ne!(
            canonical(a),
            canonical(shape_code(&free, Color::Black, c3, Point::NONE))
        );
        assert_eq!(shape_code(&atari, Color::Black, c3, c4), a | 1 << 24);
    }
}
