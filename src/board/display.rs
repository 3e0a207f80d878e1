//! Text views of a board: the `X`/`O` diagram (also its `Debug` form) and the
//! one-byte-per-point position keys the rules layer stores to confirm hash hits.

use super::{Board, Color};
use std::fmt;

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_ascii())
    }
}

impl Board {
    /// Plain text diagram, top row first, `X` Black, `O` White.
    pub(crate) fn to_ascii(&self) -> String {
        let mut s = String::new();
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                s.push(match self.stone(self.point(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// The position as one byte per point (0 empty, 1 Black, 2 White), row by row;
    /// the rules layer stores these to confirm hash hits.
    pub fn position_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(self.size * self.size);
        self.append_position_key(&mut key);
        key
    }

    /// [`Self::position_key`] appended to `out`.
    fn append_position_key(&self, out: &mut Vec<u8>) {
        out.extend(self.points().map(|p| self.cells[p.idx()]));
    }
}
