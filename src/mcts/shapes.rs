//! Learned shapes: how much more (or less) often than an average move a good
//! player plays a point, judged by the point's 3x3 neighbourhood; the
//! playouts' shape step can use it (`heavy_learned_shapes`). (The tree's
//! learned shape prior, `prior_shapes`, was removed: see the strength log.)
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
//! The table (`shapes.txt`, one canonical code per line with its value) is
//! trained by `examples/train_shapes.rs` from GNU Go self-play games
//! (`scripts/gnugo-selfplay.py`): for each shape, the times it was played out
//! of the times it was a legal move, smoothed towards the overall rate. A
//! shape's value is the natural log of its rate over the overall rate, in
//! tenths; shapes not in the table are worth 0.
//!
//! Invariant: the code is a pure function of the board, the mover, the point
//! and the last stone, so training and play see the same shapes.

use super::patterns::{code, swap_colors};
use super::table_error::{TableError, TableReason};
use crate::board::{Board, Color, Point};
use crate::tactics::neighbourhood;
use std::sync::OnceLock;

/// The trained table, compiled in.
const TRAINED: &str = include_str!("shapes.txt");

/// Bits in a shape code.
const CODE_BITS: u32 = 25;

/// The orthogonal neighbours' places in the ring of eight.
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];

/// The shape code of the empty point `p` for `color` to move, after the
/// opponent's stone `last` ([`Point::NONE`] if none).
#[inline]
pub fn shape_code(board: &Board, color: Color, p: Point, last: Point) -> u32 {
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

/// The code of the same shape turned a quarter (each neighbour two places on
/// in the ring, each liberty field one place on).
fn rotate(code: u32) -> u32 {
    let ring = code & 0xFFFF;
    let libs = (code >> 16) & 0xFF;
    let ring = ((ring << 4) | (ring >> 12)) & 0xFFFF;
    let libs = ((libs << 2) | (libs >> 6)) & 0xFF;
    (code & (1 << 24)) | (libs << 16) | ring
}

/// The code of the same shape mirrored about the N-S axis (ring place k goes
/// to 8 - k, liberty field j to 4 - j).
fn mirror(code: u32) -> u32 {
    let mut out = code & !0xFF_FFFF;
    for k in 0..8 {
        let field = (code >> (2 * k)) & 3;
        out |= field << (2 * ((8 - k) % 8));
    }
    for j in 0..4 {
        let field = (code >> (16 + 2 * j)) & 3;
        out |= field << (16 + 2 * ((4 - j) % 4));
    }
    out
}

/// The eight images of a code under the board's symmetries.
fn images(code: u32) -> [u32; 8] {
    let mut out = [0; 8];
    let mut c = code;
    for i in 0..4 {
        out[2 * i] = c;
        out[2 * i + 1] = mirror(c);
        c = rotate(c);
    }
    out
}

/// The smallest code of the shape: the key the table is trained and stored under.
pub fn canonical(code: u32) -> u32 {
    images(code).into_iter().min().unwrap_or(code)
}

/// Shape values by raw code, every symmetric image filled in, so a lookup is
/// one index.
pub(crate) struct ShapeTable {
    tenths: Vec<i8>,
    /// e^value by the value's tenths as a byte.
    weights: [f32; 256],
}

impl ShapeTable {
    /// Parses the text format: `#` comments, then lines `CODE VALUE ...` with
    /// the canonical code in hex and the value in tenths of a natural log
    /// (further fields, the counts, are ignored).
    fn parse(text: &str) -> Result<ShapeTable, TableError> {
        let mut tenths = vec![0i8; 1 << CODE_BITS];
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.split_whitespace();
            let bad = |reason| TableError {
                table: "shapes",
                line: n + 1,
                text: line.to_string(),
                reason,
            };
            let code = fields
                .next()
                .and_then(|f| u32::from_str_radix(f, 16).ok())
                .filter(|&c| c < 1 << CODE_BITS)
                .ok_or_else(|| bad(TableReason::BadCode))?;
            let value: i8 = fields
                .next()
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| bad(TableReason::BadValue))?;
            for image in images(code) {
                tenths[image as usize] = value;
            }
        }
        let weights = std::array::from_fn(|i| (f32::from(i as u8 as i8) * 0.1).exp());
        Ok(ShapeTable { tenths, weights })
    }

    /// The compiled-in table (built on first use).
    pub(crate) fn learned() -> &'static ShapeTable {
        static TABLE: OnceLock<ShapeTable> = OnceLock::new();
        TABLE.get_or_init(|| ShapeTable::parse(TRAINED).expect("the compiled-in shapes.txt parses"))
    }

    /// The value of a shape code: ln(rate / overall rate).
    #[cfg(test)]
    pub(crate) fn value(&self, code: u32) -> f64 {
        f64::from(self.tenths(code)) * 0.1
    }

    /// The value in tenths, as stored.
    #[inline(always)]
    pub(crate) fn tenths(&self, code: u32) -> i8 {
        self.tenths[code as usize]
    }

    /// e^value of a value in tenths: the shape's rate relative to the overall
    /// rate, for draws in proportion to it.
    #[inline(always)]
    pub(crate) fn weight(&self, tenths: i8) -> f32 {
        self.weights[usize::from(tenths as u8)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::{at, board_from};

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
    fn the_symmetries_form_a_group_of_eight() {
        // An asymmetric code has eight distinct images, and every image has
        // the same set of images.
        let code = 0b01 | (0b10 << 2) | (0b11 << 10) | (0b01 << 16) | (0b11 << 18) | (1 << 24);
        let mut set = images(code).to_vec();
        set.sort();
        set.dedup();
        assert_eq!(set.len(), 8);
        for &image in &set {
            let mut again = images(image).to_vec();
            again.sort();
            assert_eq!(again, set);
        }
        assert_eq!(rotate(rotate(rotate(rotate(code)))), code);
        assert_eq!(mirror(mirror(code)), code);
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

    #[test]
    fn the_trained_table_ranks_answers_to_contact_over_empty_edges() {
        let table = ShapeTable::learned();
        // White's C3 attaches to Black's C2: the hanes B2 and D2 and the
        // extension B3 are the usual answers...
        let board = board_from(&[".....", ".....", "..O..", "..X..", "....."]);
        let last = at(&board, "C3");
        for answer in ["B2", "D2", "B3", "D3"] {
            let value = table.value(shape_code(&board, Color::Black, at(&board, answer), last));
            assert!(value > 1.0, "{answer}: {value}");
        }
        // ...the first line of an empty board and its corner are played far
        // less often than an average move, and an open point as often.
        let empty = Board::new(9);
        let value = |name: &str| {
            table.value(shape_code(
                &empty,
                Color::Black,
                at(&empty, name),
                Point::NONE,
            ))
        };
        assert!(value("E1") < -1.0, "E1 {}", value("E1"));
        assert!(value("A1") < -1.0, "A1 {}", value("A1"));
        assert!(value("E5").abs() <= 0.5, "E5 {}", value("E5"));
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(ShapeTable::parse("# comment\n1f 12 4 100\n").is_ok());
        let reason = |text| ShapeTable::parse(text).err().map(|e| e.reason);
        assert_eq!(reason("zz 1\n"), Some(TableReason::BadCode));
        assert_eq!(reason("1f 300\n"), Some(TableReason::BadValue));
        assert_eq!(reason("2000000 1\n"), Some(TableReason::BadCode));
        let e = ShapeTable::parse("# c\n1f x\n").err().unwrap();
        assert_eq!(e.to_string(), "shapes line 2: '1f x'");
    }
}
