//! Vertices and colors as GTP spells them: columns `A`..`Z` without `I`, row 1 at
//! the bottom, case-insensitive on input and uppercase on output.
//!
//! Kept with the board (as KataGo keeps `Location::toString` in `board.h`) so
//! that the tests of every layer can name points, and the SGF module, below the
//! protocol, may. Outside tests only `gtp`, `sgf` and `matches` use it
//! (`tests/architecture.rs` checks this): the other layers hand typed points up
//! and the protocol names them.

use crate::board::{Board, Color, MAX_SIZE, Move, Point};

const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A syntactically valid vertex, not yet checked against a board size.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Vertex {
    Pass,
    At { x: usize, y: usize },
}

impl Vertex {
    pub(crate) fn parse(text: &str) -> Option<Vertex> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Vertex::Pass);
        }
        let bytes = text.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return None;
        }
        let letter = bytes[0].to_ascii_uppercase();
        let x = COLUMNS.iter().position(|&c| c == letter)?;
        let digits = &text[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        if row == 0 || row > MAX_SIZE {
            return None;
        }
        Some(Vertex::At { x, y: row - 1 })
    }

    /// The move on `board`, or `None` if the vertex is off this board.
    pub(crate) fn to_move(self, board: &Board) -> Option<Move> {
        match self {
            Vertex::Pass => Some(Move::Pass),
            Vertex::At { x, y } => {
                (x < board.size() && y < board.size()).then(|| Move::Play(board.point(x, y)))
            }
        }
    }
}

/// Column and row of a vertex name on a board of `size` (no pass).
pub fn parse_coords(text: &str, size: usize) -> Option<(usize, usize)> {
    match Vertex::parse(text)? {
        Vertex::At { x, y } if x < size && y < size => Some((x, y)),
        _ => None,
    }
}

/// The point a vertex name denotes on `board` (no pass).
pub fn parse_point(text: &str, board: &Board) -> Option<Point> {
    parse_coords(text, board.size()).map(|(x, y)| board.point(x, y))
}

pub fn format_coords(x: usize, y: usize) -> String {
    format!("{}{}", COLUMNS[x] as char, y + 1)
}

pub(crate) fn format_point(board: &Board, p: Point) -> String {
    let (x, y) = board.coords(p);
    format_coords(x, y)
}

pub(crate) fn format_move(board: &Board, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::Play(p) => format_point(board, p),
    }
}

pub(crate) fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        assert_eq!(Vertex::parse("a1"), Some(Vertex::At { x: 0, y: 0 }));
        assert_eq!(Vertex::parse("J9"), Some(Vertex::At { x: 8, y: 8 }));
        assert_eq!(Vertex::parse("Z25"), Some(Vertex::At { x: 24, y: 24 }));
        assert_eq!(Vertex::parse("PaSs"), Some(Vertex::Pass));
        for bad in [
            "I5", "A0", "A26", "A", "11", "AA1", "A01", "A-1", "", "é1", "A1x",
        ] {
            assert_eq!(Vertex::parse(bad), None, "{bad}");
        }
        assert_eq!(format_coords(8, 8), "J9");
        let b = Board::new(9);
        assert_eq!(parse_point("k1", &b), None);
        assert_eq!(format_point(&b, parse_point("h8", &b).unwrap()), "H8");
    }
}
