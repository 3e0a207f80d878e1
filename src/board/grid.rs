//! The per-point array type of the board and its unchecked index.
//!
//! Invariant: every array is [`GRID`] long, a power of two at least
//! [`MAX_POINTS`](super::MAX_POINTS), so a `usize` index is masked rather than
//! bounds-checked; a [`Near`] is below `MAX_POINTS` by construction and indexes
//! with neither.

use super::MAX_POINTS;

/// Per-point arrays are this long: a power of two at least [`MAX_POINTS`], so that
/// indexing masks the index instead of bounds-checking it (an out-of-range index,
/// a bug, reads a wrong entry rather than memory outside the array; debug builds
/// assert). The entries past the board's `stride * stride` are never used.
pub(super) const GRID: usize = 1024;
const _: () = assert!(GRID >= MAX_POINTS && GRID.is_power_of_two());

#[derive(Clone, PartialEq)]
pub(super) struct Grid<T>(pub(super) [T; GRID]);

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < MAX_POINTS, "point index {i}");
        &self.0[i & (GRID - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < MAX_POINTS, "point index {i}");
        &mut self.0[i & (GRID - 1)]
    }
}

/// An index into the per-point arrays that is below [`MAX_POINTS`] by
/// construction, so indexing with it needs neither the mask nor a bounds check.
///
/// Only the move-playing internals build these, from indices that are in range
/// by the board's invariants: `p` itself (`play_impl` asserts it is an empty
/// on-board point; setups assert on-board points, so no other point ever
/// changes from border), its neighbours and diagonals and those of any stone
/// (on-board points are at least `stride + 1` from either end of the
/// `stride * stride` array), chain heads and `next[]` links (always stones),
/// and empty-list slots (below `empty_count`, at most `size * size`).
#[derive(Copy, Clone)]
pub(super) struct Near(usize);

impl Near {
    #[inline(always)]
    pub(super) fn new(i: usize) -> Near {
        debug_assert!(i < MAX_POINTS, "point index {i}");
        Near(i)
    }
}

impl<T> std::ops::Index<Near> for Grid<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: Near) -> &T {
        // SAFETY: a `Near` index is below MAX_POINTS <= GRID (see `Near`).
        unsafe { self.0.get_unchecked(i.0) }
    }
}

impl<T> std::ops::IndexMut<Near> for Grid<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: Near) -> &mut T {
        // SAFETY: a `Near` index is below MAX_POINTS <= GRID (see `Near`).
        unsafe { self.0.get_unchecked_mut(i.0) }
    }
}

impl<T> std::ops::Deref for Grid<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Grid<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}
