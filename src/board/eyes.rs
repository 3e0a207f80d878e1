//! Eye shape queries and the light playout's move choice built on them, plus the
//! playout's eye-based area count. All answer from the packed neighbour counts
//! (`nbr`) and stay branch-light: `random_light_move` is the hottest loop in a
//! light playout.

use super::grid::Near;
use super::{BLACK, BORDER, Board, Color, EMPTY, NBR_BLACK, NBR_EMPTY, NBR_WHITE, Point, WHITE};
use crate::rng::FastRng;

impl Board {
    /// `p` is empty and every neighbour is a stone of `color` or border.
    #[inline]
    pub(crate) fn is_eyelike(&self, color: Color, p: Point) -> bool {
        let others = match color {
            Color::Black => NBR_WHITE | NBR_EMPTY,
            Color::White => NBR_BLACK | NBR_EMPTY,
        };
        self.nbr[p.idx()] & others == 0
    }

    /// Who owns `p` by the playouts' count: a stone's colour, or the colour
    /// an empty point is eyelike for; `None` for any other empty point.
    #[inline]
    pub(crate) fn playout_owner(&self, p: Point) -> Option<Color> {
        match self.stone(p) {
            Some(c) => Some(c),
            None if self.is_eyelike(Color::Black, p) => Some(Color::Black),
            None if self.is_eyelike(Color::White, p) => Some(Color::White),
            None => None,
        }
    }

    /// A single-point eye of `color` that the opponent cannot make false: eyelike,
    /// and the opponent holds fewer than two diagonals (fewer than one on the edge).
    #[inline]
    pub fn is_true_eye(&self, color: Color, p: Point) -> bool {
        if !self.is_eyelike(color, p) {
            return false;
        }
        let opp = color.opponent().cell();
        let mut bad = 0;
        let mut border = false;
        for q in self.diagonals(p) {
            let c = self.cells[q.idx()];
            if c == opp {
                bad += 1;
            } else if c == BORDER {
                border = true;
            }
        }
        bad + u32::from(border) < 2
    }

    /// `!self.is_true_eye(color, p) && self.is_legal(color, p)` for an empty point
    /// `p` without empty neighbours (the light policy's slow path, where most
    /// candidates are eyes or suicide), computed with few branches.
    #[cfg(test)]
    pub(crate) fn surrounded_point_playable(&self, color: Color, p: Point) -> bool {
        assert!(self.is_on_board(p) && self.is_empty(p) && !self.has_empty_neighbour(p));
        self.surrounded_playable_at(color, p.idx())
    }

    /// `Board::surrounded_point_playable` for the on-board point `pi`.
    ///
    /// Every neighbour is then a stone or border. A border point matches neither
    /// color, so reading `libs[chain[q]]` for it (a valid index: border points
    /// keep `chain` 0) is harmless and needs no case split.
    #[inline(always)]
    fn surrounded_playable_at(&self, color: Color, pi: usize) -> bool {
        let p = Point(pi as u16);
        let around = self.nbr[Near::new(pi)];
        let (me, opp, my_mask, opp_mask) = match color {
            Color::Black => (BLACK, WHITE, NBR_BLACK, NBR_WHITE),
            Color::White => (WHITE, BLACK, NBR_WHITE, NBR_BLACK),
        };
        if around & opp_mask == 0 {
            // Eyelike for `color`: a true eye unless the opponent holds two
            // diagonals, or one on the edge (where fewer than four neighbours
            // are stones).
            let mut bad = u32::from((around & my_mask) != (my_mask & 0x4444));
            for q in self.diagonals(p) {
                bad += u32::from(self.cells[Near::new(q.idx())] == opp);
            }
            if bad < 2 {
                return false;
            }
        }
        if p == self.ko && color == self.ko_banned {
            return false;
        }
        for q in self.neighbours(p) {
            let c = self.cells[Near::new(q.idx())];
            let libs = self.libs[Near::new(self.chain[Near::new(q.idx())] as usize)];
            // Joins a chain of ours with another liberty, or captures.
            if (c == me && libs > 1) || (c == opp && libs == 1) {
                return true;
            }
        }
        self.allow_suicide && around & my_mask != 0
    }

    /// The light playout policy's move: a uniformly random empty point that is
    /// legal for `color` and not its own true eye, or `None`.
    ///
    /// Rejection sampling over the empty-point list: draw a slot among the first
    /// `n`, and if the point is not acceptable swap it to slot `n - 1` and shrink
    /// `n`. Every acceptable point is equally likely at each draw, so the result
    /// is exactly uniform over acceptable moves, in O(1) expected time while
    /// most points are acceptable. Reorders the empty-point list.
    #[inline(always)]
    pub(crate) fn random_light_move(&mut self, color: Color, rng: &mut FastRng) -> Option<Point> {
        let mut n = self.empty_count;
        while n > 0 {
            // Slots below empty_count <= size * size hold on-board points, so all
            // the indices here are `Near`.
            let slot = rng.below(n);
            let pi = self.empties[Near::new(slot)] as usize;
            // Fast path: a point with an empty neighbour is neither an eye nor
            // suicide, and cannot be the ko point (all of whose neighbours are
            // the capturer's stones).
            if self.nbr[Near::new(pi)] & NBR_EMPTY != 0 || self.surrounded_playable_at(color, pi) {
                return Some(Point(pi as u16));
            }
            n -= 1;
            let last = self.empties[Near::new(n)];
            self.empties[Near::new(slot)] = last;
            self.empties[Near::new(n)] = pi as u16;
            self.empty_index[Near::new(last as usize)] = slot as u16;
            self.empty_index[Near::new(pi)] = n as u16;
        }
        None
    }

    /// Area ownership by the simple playout rule: a stone's owner, or the color that
    /// is every neighbour of an empty point. Returns Black minus White.
    pub(crate) fn playout_area_score(&self) -> i32 {
        let mut score = 0i32;
        for p in self.points() {
            match self.cells[p.idx()] {
                BLACK => score += 1,
                WHITE => score -= 1,
                EMPTY => {
                    if self.is_eyelike(Color::Black, p) {
                        score += 1;
                    } else if self.is_eyelike(Color::White, p) {
                        score -= 1;
                    }
                }
                _ => {}
            }
        }
        score
    }
}
