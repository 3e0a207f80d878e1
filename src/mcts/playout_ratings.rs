//! The move ratings in the playouts: Crazy Stone's softmax draw, kept local.
//!
//! Crazy Stone draws every playout move with probability proportional to its
//! strength under the move ratings. Computing every legal move's features at
//! every playout step costs far too much, so this draws among the empty
//! points next to the opponent's last stone and the mover's previous one,
//! with a strength from the cheap groups of the ratings table (the 3x3 shape
//! with liberties and the two distances), against one more outcome, "a move
//! elsewhere", whose strength is the other empty points' count times the
//! strength of a move on an empty 3x3 far from both stones. When that
//! outcome is drawn the policy falls through to its random step.
//!
//! The tactical groups (captures, ataris, escapes) are left to the policy's
//! earlier steps and to the shape's liberties, which show them locally.
//!
//! Invariant: the strengths come from the same compiled-in table as the
//! tree's prior (`Ratings::for_board`), so the playouts and the prior agree
//! on what a good local move is.

use super::ratings::{Group, Ratings};
use super::shapes::{images, shape_code};
use crate::board::{Board, Color, Point};
use ahash::AHashMap;
use std::sync::OnceLock;

/// Distances of the table's distance groups are capped here (as in
/// `ratings`).
const DISTANCE_LEVELS: usize = 13;

/// The cheap part of a ratings table, as the playouts read it.
pub(crate) struct PlayoutRatings {
    /// Shape gammas by raw code (every symmetric image of each listed
    /// shape), so a lookup needs no canonical form.
    shapes: AHashMap<u32, f32>,
    /// The gamma of a shape the table does not list.
    rare: f32,
    /// Gammas by distance level to the opponent's last stone and to the
    /// mover's own previous one (index 0 and 1 unused: 2 is the least).
    last: [f32; DISTANCE_LEVELS],
    own: [f32; DISTANCE_LEVELS],
    /// The strength of a move on an empty 3x3 at the capped distance from
    /// both stones: what one of the moves elsewhere is worth.
    far: f32,
}

impl PlayoutRatings {
    fn from_table(table: &Ratings) -> PlayoutRatings {
        let mut shapes = AHashMap::new();
        for (code, gamma) in table.shape_gammas() {
            for image in images(code) {
                shapes.insert(image, gamma);
            }
        }
        let mut last = [1.0; DISTANCE_LEVELS];
        let mut own = [1.0; DISTANCE_LEVELS];
        for d in 0..DISTANCE_LEVELS {
            last[d] = table.small_gamma(Group::DistanceLast, d as u32);
            own[d] = table.small_gamma(Group::DistanceOwn, d as u32);
        }
        let rare = table.rare_shape_gamma();
        let empty = shapes.get(&0).copied().unwrap_or(rare);
        let far = empty * last[DISTANCE_LEVELS - 1] * own[DISTANCE_LEVELS - 1];
        PlayoutRatings {
            shapes,
            rare,
            last,
            own,
            far,
        }
    }

    /// The playouts' view of the compiled-in table for a board of `size`
    /// (built on first use).
    pub(crate) fn for_board(size: usize) -> &'static PlayoutRatings {
        static SMALL: OnceLock<PlayoutRatings> = OnceLock::new();
        static LARGE: OnceLock<PlayoutRatings> = OnceLock::new();
        let cell = if size >= super::params::LARGE_BOARD {
            &LARGE
        } else {
            &SMALL
        };
        cell.get_or_init(|| PlayoutRatings::from_table(Ratings::for_board(size)))
    }

    /// The strength of a move elsewhere.
    #[inline]
    pub(crate) fn far(&self) -> f32 {
        self.far
    }

    /// The strength of `color` playing the empty point `p`, after the
    /// opponent's `last` and the mover's `own` (either may be
    /// [`Point::NONE`]).
    #[inline]
    pub(crate) fn strength(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        last: Point,
        own: Point,
    ) -> f32 {
        let code = shape_code(board, color, p, Point::NONE);
        let shape = self.shapes.get(&code).copied().unwrap_or(self.rare);
        shape * self.distance(board, p, last, &self.last) * self.distance(board, p, own, &self.own)
    }

    #[inline]
    fn distance(
        &self,
        board: &Board,
        p: Point,
        stone: Point,
        gammas: &[f32; DISTANCE_LEVELS],
    ) -> f32 {
        if stone == Point::NONE {
            return 1.0;
        }
        let (x, y) = board.coords(p);
        let (sx, sy) = board.coords(stone);
        let (dx, dy) = (x.abs_diff(sx), y.abs_diff(sy));
        gammas[(dx + dy + dx.max(dy)).min(DISTANCE_LEVELS - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::{at, board_from};

    #[test]
    fn symmetric_points_are_equally_strong_and_the_table_prefers_a_hane_to_the_edge() {
        let r = PlayoutRatings::for_board(9);
        // White's C5 against Black's C4: B5 and D5 are the same shape seen in
        // a mirror, and so equally strong.
        let board = board_from(&crate::mcts::testutil::CONTACT_PLAY);
        let (last, own) = (at(&board, "C5"), at(&board, "C4"));
        let s = |name| r.strength(&board, Color::Black, at(&board, name), last, own);
        assert!((s("B5") - s("D5")).abs() < 1e-6, "{} {}", s("B5"), s("D5"));
        // The hane at D5 is stronger than a lone move far away on the edge,
        // and both are positive.
        assert!(
            s("D5") > s("J1") && s("J1") > 0.0,
            "{} {}",
            s("D5"),
            s("J1")
        );
        // H8 is on an empty 3x3 at the capped distance from both stones:
        // exactly what a move elsewhere is taken to be worth.
        assert!((s("H8") - r.far()).abs() < 1e-6, "{} {}", s("H8"), r.far());
    }
}
