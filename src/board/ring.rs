//! The 3x3 ring code of every point, kept up to date by each stone placed or
//! removed (as Pachi keeps its pattern3 codes). The heavy playouts look up the
//! shape of up to sixteen points a move; one load each is cheaper than
//! gathering eight cells each, even though every play pays for the upkeep.
//!
//! A point's code packs its eight neighbours' raw cell values
//! ([`Board::cell_code`]), two bits each, in the order N, NE, E, SE, S, SW, W,
//! NW from the low bits up, where N is one stride up: the order of
//! `knowledge::patterns` and the move ratings. Codes are kept for every point
//! a stone can border, border points included (those are never read).

use super::grid::{GRID, Grid, Near};
use super::{Board, Point};

impl Board {
    /// The ring code of `p`.
    #[inline(always)]
    pub(crate) fn ring_code(&self, p: Point) -> u16 {
        self.ring[p.idx()]
    }

    /// The ring code of every on-board point, from the cells alone.
    pub(super) fn ring_codes(&self) -> Grid<u16> {
        let s = self.stride;
        let mut ring = Grid([0; GRID]);
        for p in self.points() {
            let i = p.idx();
            let places = [
                i + s,
                i + s + 1,
                i + 1,
                i - s + 1,
                i - s,
                i - s - 1,
                i - 1,
                i + s - 1,
            ];
            ring[i] = places
                .iter()
                .enumerate()
                .map(|(k, &q)| u16::from(self.cells[q]) << (2 * k))
                .fold(0, |a, b| a | b);
        }
        ring
    }

    pub(super) fn recompute_ring_codes(&mut self) {
        self.ring = self.ring_codes();
    }

    /// Flips the cell value `value` of on-board point `pi` in its eight
    /// neighbours' codes: placing a stone on an empty point (value 0) and
    /// removing it again are the same exclusive or.
    #[inline(always)]
    pub(super) fn toggle_in_rings(&mut self, pi: usize, value: u8) {
        let s = self.stride;
        let v = u16::from(value);
        // `pi` is the neighbour in place k of the point at `pi` minus that
        // place's offset.
        let holders = [
            pi - s,
            pi - s - 1,
            pi - 1,
            pi + s - 1,
            pi + s,
            pi + s + 1,
            pi + 1,
            pi - s + 1,
        ];
        for (k, q) in holders.into_iter().enumerate() {
            self.ring[Near::new(q)] ^= v << (2 * k);
        }
    }
}
