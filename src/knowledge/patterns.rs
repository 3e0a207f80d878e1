//! 3x3 shape patterns: the eight points around a candidate move, looked up in a
//! table that holds every pattern under all eight symmetries.
//!
//! A point's *code* packs its eight neighbours, two bits each (0 empty, 1 Black,
//! 2 White, 3 off the board), in the order N, NE, E, SE, S, SW, W, NW from the low
//! bits up. The table is indexed by the player to move and the code, and answers
//! whether any pattern matches.
//!
//! The shapes are written down here by hand, in a notation relative to the player
//! to move: `X` a stone of the player to move, `O` an opponent stone, `.` empty,
//! `#` off the board, `?` anything, `x` anything but `X`, `o` anything but `O`.
//! The centre (always `.`) is the move. They are the classic local answers of
//! Monte-Carlo playouts (hane, cuts, edge blocks): shapes where the move next to a
//! fresh contact is usually urgent for the player to move.

use super::symmetry::Symmetry;
use crate::board::{Board, Color, Point};
use std::sync::OnceLock;

/// A pattern: three rows, top first.
struct Pattern {
    name: &'static str,
    rows: [&'static str; 3],
}

/// The playout shapes.
const PATTERNS: &[Pattern] = &[
    // Hane between two of our stones around a contact stone: encloses it.
    Pattern {
        name: "enclosing hane",
        rows: ["XOX", "...", "???"],
    },
    // Hane at the head of a contact stone, no cutting point behind it.
    Pattern {
        name: "hane",
        rows: ["XO.", "...", "?.?"],
    },
    // Turn around the opponent's stone with our two stones behind the move.
    Pattern {
        name: "bend",
        rows: ["XO?", "X..", "x.?"],
    },
    // Answer a diagonal contact by standing next to it.
    Pattern {
        name: "diagonal answer",
        rows: [".O.", "X..", "..."],
    },
    // Cut two opponent stones that touch only diagonally.
    Pattern {
        name: "cut",
        rows: ["XO?", "O.o", "?o?"],
    },
    // The same cut with our stone already peeping on the other side.
    Pattern {
        name: "peep cut",
        rows: ["XO?", "O.X", "???"],
    },
    // Push between two opponent stones one point apart.
    Pattern {
        name: "push through",
        rows: ["?X?", "O.O", "ooo"],
    },
    // Cut a knight's move connection.
    Pattern {
        name: "knight cut",
        rows: ["OX?", "?.O", "?o?"],
    },
    // First line: block the opponent's crawl.
    Pattern {
        name: "edge block",
        rows: ["X.?", "O.?", "###"],
    },
    // First line: block the cut under our stones.
    Pattern {
        name: "edge block cut",
        rows: ["OX?", "X.O", "###"],
    },
    // First line: connect under our stone against the opponent's reach.
    Pattern {
        name: "edge connect",
        rows: ["?X?", "x.O", "###"],
    },
    // First line: descend to stop the opponent sliding along.
    Pattern {
        name: "edge descent",
        rows: ["?XO", "x.x", "###"],
    },
    // First line: cut the opponent's stones.
    Pattern {
        name: "edge cut",
        rows: ["?O?", "X.O", "###"],
    },
];

/// The 3x3 code of `p` (absolute colors), which the board keeps.
#[inline(always)]
pub(crate) fn code(board: &Board, p: Point) -> u16 {
    board.ring_code(p)
}

/// The code with Black and White exchanged: the two bits of each field trade
/// places (1 and 2 swap, 0 empty and 3 border stay).
#[inline(always)]
pub(crate) fn swap_colors(code: u16) -> u16 {
    ((code & 0x5555) << 1) | ((code & 0xAAAA) >> 1)
}

/// The allowed cell values (bit v for value v, mover-relative: 1 = mover) of a
/// pattern character.
fn allowed(ch: u8) -> u8 {
    match ch {
        b'.' => 1,
        b'X' => 2,
        b'O' => 4,
        b'#' => 8,
        b'?' => 15,
        b'x' => 1 | 4 | 8,
        b'o' => 1 | 2 | 8,
        _ => panic!("bad pattern character {:?}", ch as char),
    }
}

/// Grid cells in code order (N, NE, E, SE, S, SW, W, NW) as (row, column).
const CODE_ORDER: [(usize, usize); 8] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
    (0, 0),
];

/// A table of 65536 matches for the player to move being Black (mover = 1),
/// from `patterns`.
fn build_table(patterns: &[Pattern]) -> Vec<bool> {
    let mut table = vec![false; 1 << 16];
    for pat in patterns {
        let mut grid = [[0u8; 3]; 3];
        for (r, row) in pat.rows.iter().enumerate() {
            let bytes = row.as_bytes();
            assert_eq!(bytes.len(), 3, "pattern {}", pat.name);
            grid[r].copy_from_slice(&bytes[..3]);
        }
        assert_eq!(
            grid[1][1], b'.',
            "pattern {}: the centre is the move",
            pat.name
        );
        let sets = CODE_ORDER.map(|(r, c)| allowed(grid[r][c]));
        for s in Symmetry::ALL {
            let mut image = [0u8; 8];
            for (k, &set) in sets.iter().enumerate() {
                image[s.ring_place(k)] = set;
            }
            mark(&image, 0, 0, &mut table);
        }
    }
    table
}

/// Marks every code whose field `k` onwards takes a value `sets` allows.
fn mark(sets: &[u8], k: usize, code: u16, table: &mut [bool]) {
    if k == sets.len() {
        table[code as usize] = true;
        return;
    }
    for v in 0..4u16 {
        if sets[k] & (1 << v) != 0 {
            mark(sets, k + 1, code | (v << (2 * k)), table);
        }
    }
}

/// The playout pattern table for both colors: for each code, bit
/// `color.index()` says whether it is a shape for that color to move, so one
/// byte answers for the mover and the opponent together.
pub(crate) struct PatternTable {
    shapes: Vec<u8>,
}

impl PatternTable {
    fn new(patterns: &[Pattern]) -> PatternTable {
        let black = build_table(patterns);
        let bit = |color: Color| 1u8 << color.index();
        let shapes = (0..1u32 << 16)
            .map(|c| {
                let for_black = if black[c as usize] {
                    bit(Color::Black)
                } else {
                    0
                };
                // White's shapes are Black's with the colors swapped.
                let for_white = if black[swap_colors(c as u16) as usize] {
                    bit(Color::White)
                } else {
                    0
                };
                for_black | for_white
            })
            .collect();
        PatternTable { shapes }
    }

    /// The shared table of [`PATTERNS`].
    pub(crate) fn standard() -> &'static PatternTable {
        static TABLE: OnceLock<PatternTable> = OnceLock::new();
        TABLE.get_or_init(|| PatternTable::new(PATTERNS))
    }

    /// Whether the neighbourhood of empty `p` is a shape for `color` to move,
    /// or with `either_color` for the opponent too: a shape that is urgent for the
    /// opponent (their cut, their hane) makes the same point urgent for
    /// `color`, as the defence. MoGo's, Pachi's and Michi's playouts match
    /// their shapes this way.
    #[inline(always)]
    pub(crate) fn is_shape(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        either_color: bool,
    ) -> bool {
        let mask = if either_color { 3 } else { 1 << color.index() };
        self.shapes[code(board, p) as usize] & mask != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::testutil::{at, board_from};

    #[test]
    fn a_pattern_matches_in_every_orientation_and_for_either_color() {
        // The enclosing hane: X O X above the move, rotated and mirrored on the
        // board, for Black and (colors swapped) for White.
        let table = PatternTable::standard();
        let shapes: [[&str; 5]; 4] = [
            [".....", ".XOX.", ".....", ".....", "....."],
            [".....", ".....", ".....", ".XOX.", "....."],
            [".....", "...X.", "...O.", "...X.", "....."],
            [".....", ".X...", ".O...", ".X...", "....."],
        ];
        let moves = ["C3", "C3", "C3", "C3"];
        for (rows, mv) in shapes.iter().zip(moves) {
            let board = board_from(rows);
            let p = at(&board, mv);
            assert!(table.is_shape(&board, Color::Black, p, false), "{board:?}");
            // For White the same stones are the opponent's shape, not hers.
            let swapped: Vec<String> = rows
                .iter()
                .map(|r| {
                    r.chars()
                        .map(|c| match c {
                            'X' => 'O',
                            'O' => 'X',
                            c => c,
                        })
                        .collect()
                })
                .collect();
            let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
            let board = board_from(&swapped);
            assert!(table.is_shape(&board, Color::White, p, false), "{board:?}");
        }
    }

    #[test]
    fn the_boards_ring_code_is_the_neighbourhood_in_code_order() {
        // The table and the move ratings read the board's kept code in the
        // order of `neighbourhood`; a playout's captures must keep it so.
        let mut board = board_from(&[".XO..", "XO.O.", ".XO..", "..X..", "O...X"]);
        let mut rng = crate::rng::FastRng::new(7);
        let mut color = Color::Black;
        for _ in 0..40 {
            for p in board.points() {
                let mut want = 0u16;
                for (k, q) in crate::tactics::neighbourhood(&board, p)
                    .into_iter()
                    .enumerate()
                {
                    want |= u16::from(board.cell_code(q)) << (2 * k);
                }
                assert_eq!(code(&board, p), want, "{board:?}");
            }
            match board.random_light_move(color, &mut rng) {
                Some(p) => board.play_in_playout(color, p),
                None => board.pass(),
            }
            color = color.opponent();
        }
    }

    #[test]
    fn the_enclosing_hane_needs_the_opponent_stone_in_the_middle() {
        let table = PatternTable::standard();
        let board = board_from(&[".....", ".XXX.", ".....", ".....", "....."]);
        assert!(!table.is_shape(&board, Color::Black, at(&board, "C3"), false));
        // An empty board matches nothing.
        let board = Board::new(9);
        for p in board.points() {
            assert!(!table.is_shape(&board, Color::Black, p, false));
        }
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // Edge block: Black A2, White A1; B1 blocks White's crawl.
        let edge_block = PATTERNS.iter().position(|p| p.name == "edge block");
        let table = PatternTable::new(&PATTERNS[edge_block.unwrap()..][..1]);
        let board = board_from(&[".....", ".....", ".....", "X....", "O...."]);
        assert!(table.is_shape(&board, Color::Black, at(&board, "B1"), false));
        // The same shape one line up is not an edge shape (it is a hane).
        let board = board_from(&[".....", ".....", "X....", "O....", "....."]);
        assert!(!table.is_shape(&board, Color::Black, at(&board, "B2"), false));
    }

    #[test]
    fn cut_matches_diagonal_opponent_stones() {
        let table = PatternTable::standard();
        // White stones C4 and B3 touch diagonally; B4 is Black; C3 cuts.
        let board = board_from(&[".....", ".XO..", ".O...", ".....", "....."]);
        assert!(table.is_shape(&board, Color::Black, at(&board, "C3"), false));
        // With a white stone at D3 as well, C3 is no cut (the point across
        // must not be White) and no push (that needs our stone above).
        let board = board_from(&[".....", ".XO..", ".O.O.", ".....", "....."]);
        assert!(!table.is_shape(&board, Color::Black, at(&board, "C3"), false));
    }

    #[test]
    fn the_opponents_cutting_point_is_a_shape_for_either_color_only() {
        // White B4 touches Black C4 and B3, which meet only diagonally: C3 is
        // White's cut. It is no shape of Black's own, but as the defence it
        // counts for Black when either color's shapes do.
        let table = PatternTable::standard();
        let board = board_from(&[".....", ".OX..", ".X...", ".....", "....."]);
        let c3 = at(&board, "C3");
        assert!(table.is_shape(&board, Color::White, c3, false));
        assert!(!table.is_shape(&board, Color::Black, c3, false));
        assert!(table.is_shape(&board, Color::Black, c3, true));
        // An empty neighbourhood stays no shape either way.
        assert!(!table.is_shape(&board, Color::Black, at(&board, "E1"), true));
    }
}
