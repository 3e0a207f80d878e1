//! Small point sets and the 3x3 neighbourhood: the vocabulary of the tactics.

use crate::board::{Board, Point};

/// A small set of points without allocation.
#[derive(Clone, Copy)]
pub(crate) struct PointSet<const N: usize> {
    pub(crate) points: [Point; N],
    len: usize,
}

impl<const N: usize> Default for PointSet<N> {
    fn default() -> Self {
        PointSet {
            points: [Point::NONE; N],
            len: 0,
        }
    }
}

impl<const N: usize> PointSet<N> {
    /// Adds `p` unless present or full; returns whether the set is full.
    #[inline]
    pub(crate) fn add(&mut self, p: Point) -> bool {
        if self.len < N && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
        self.len >= N
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    #[inline]
    pub(crate) fn remove_at(&mut self, i: usize) {
        self.len -= 1;
        self.points[i] = self.points[self.len];
    }
}

/// The eight neighbours of a point in code order: N, NE, E, SE, S, SW, W, NW.
#[inline(always)]
pub(crate) fn neighbourhood(board: &Board, p: Point) -> [Point; 8] {
    let s = board.stride() as u16;
    let i = p.0;
    [
        Point(i + s),
        Point(i + s + 1),
        Point(i + 1),
        Point(i - s + 1),
        Point(i - s),
        Point(i - s - 1),
        Point(i - 1),
        Point(i + s - 1),
    ]
}
