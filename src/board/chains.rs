//! Chain queries: heads, stone and liberty counts, and walks over a chain's stones
//! and liberties. Read-only; the counts are exact because `play` and `setup` keep
//! `chain`, `next`, `stones` and `libs` up to date (see the invariants in `mod.rs`).

use super::{Board, Color, Point};

impl Board {
    /// Every chain once, as its head and color, in the board order of
    /// [`points`](Self::points) (by head).
    pub(crate) fn chains(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points().filter_map(move |p| {
            let color = self.stone(p)?;
            (self.chain_head(p) == p).then_some((p, color))
        })
    }

    /// Head point of the chain through the stone at `p`.
    #[inline]
    pub(crate) fn chain_head(&self, p: Point) -> Point {
        Point(self.chain[p.idx()])
    }

    /// Exact liberty count of the chain through the stone at `p`.
    #[inline]
    pub(crate) fn liberties(&self, p: Point) -> usize {
        self.libs[self.chain[p.idx()] as usize] as usize
    }

    /// Number of stones in the chain through the stone at `p`.
    #[inline]
    pub(crate) fn chain_size(&self, p: Point) -> usize {
        self.stones[self.chain[p.idx()] as usize] as usize
    }

    /// The stones of the chain through the stone at `p`.
    pub(crate) fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p.0,
            current: p.0,
            done: false,
        }
    }

    /// The liberties of the chain through the stone at `p`, each once.
    pub(crate) fn chain_liberties(&self, p: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        for s in self.chain_stones(p) {
            for q in self.neighbours(s) {
                if self.is_empty(q) && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs
    }
}

/// Iterator over a chain's stones (follows the `next[]` cycle).
pub(crate) struct ChainStones<'a> {
    board: &'a Board,
    start: u16,
    current: u16,
    done: bool,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.current;
        self.current = self.board.next[p as usize];
        if self.current == self.start {
            self.done = true;
        }
        Some(Point(p))
    }
}
