//! The fast incremental board: the only structure playouts touch.
//!
//! Layout: a padded 1-D array of `stride = size + 2` columns and rows, so every
//! on-board point has four neighbours and the border needs no bounds checks.
//!
//! Invariants (all checked by [`Board::check_consistency`]):
//! - every stone belongs to exactly one chain; `chain[p]` is the chain's head point,
//!   `next[]` links the stones of a chain into one cycle, and `stones[head]` and
//!   `libs[head]` hold its exact stone and liberty counts;
//! - `empties[..empty_count]` lists exactly the empty on-board points, and
//!   `empty_index[p]` is the slot of empty point `p` in that list;
//! - `ring[p]` is the 3x3 ring code of on-board point `p` (`ring.rs`);
//! - `hash` is the XOR of the Zobrist keys of all stones;
//! - `ko` is the point the side `ko_banned` may not play because of the opponent's
//!   immediately preceding basic ko capture (simple ko only: superko and the rarer
//!   variants live in `rules`, above this layer).
//!
//! The board is a plain value with fixed-size arrays: copying it for a playout costs
//! one memcpy and playouts allocate nothing.

//!
//! Files, one job each: this one holds the types, the board's fields and its plain
//! accessors; `play` makes moves and keeps the invariants; `setup` places stones
//! without play and recomputes from scratch; `chains` answers chain and liberty
//! queries; `legality` answers whether a play is allowed; `eyes` holds eye shapes
//! and the light playout's move choice; `zobrist` the hash keys and hashes;
//! `ring` the 3x3 ring codes; `consistency` the self-check; `display` the text views; `grid` the per-point
//! array type; `vertex` vertex names.

mod chains;
mod consistency;
mod display;
mod eyes;
mod grid;
mod legality;
mod play;
mod ring;
mod setup;
pub mod vertex;
pub(crate) mod zobrist;

pub use consistency::ConsistencyError;
use grid::{GRID, Grid};

/// The largest board GTP allows and we support.
pub(crate) const MAX_SIZE: usize = 25;
/// The smallest board we play on.
pub(crate) const MIN_SIZE: usize = 2;
const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Length of every per-point array.
pub(crate) const MAX_POINTS: usize = MAX_STRIDE * MAX_STRIDE;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// Units of the packed neighbour counts, indexed by cell value.
const NBR_UNIT: [u16; 4] = [1 << 8, 1, 1 << 4, 0];
const NBR_BLACK: u16 = 0xF;
const NBR_WHITE: u16 = 0xF0;
const NBR_EMPTY: u16 = 0xF00;

/// A stone color, which is also a player.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub(crate) const BOTH: [Color; 2] = [Color::Black, Color::White];

    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-color tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    fn cell(self) -> u8 {
        match self {
            Color::Black => BLACK,
            Color::White => WHITE,
        }
    }

    /// The SGF / single-letter name: `B` or `W`.
    pub(crate) fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// What occupies a point.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Cell {
    Empty,
    Stone(Color),
    Border,
}

/// An index into the padded array. Point 0 is always border, which makes it a
/// convenient "no point" sentinel ([`Point::NONE`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Point(pub u16);

impl Point {
    pub const NONE: Point = Point(0);

    #[inline]
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A turn on the board: a stone on a point, or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Pass,
    Play(Point),
}

/// Why a board play is not allowed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    Occupied,
    OffBoard,
    /// Retaking the ko at once.
    Ko,
    /// Removes only the stone just played (always illegal), or a larger chain while
    /// multi-stone suicide is forbidden.
    Suicide,
}

/// What a board play did, for the layers above.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct PlayOutcome {
    /// Opponent stones removed.
    pub(crate) captured: u32,
    /// Own stones removed by a multi-stone suicide.
    pub(crate) suicided: u32,
    /// The play was a basic ko capture; this is its ko point.
    pub(crate) ko_point: Option<Point>,
}

#[derive(Clone)]
pub struct Board {
    size: usize,
    stride: usize,
    allow_suicide: bool,
    cells: Grid<u8>,
    chain: Grid<u16>,
    next: Grid<u16>,
    libs: Grid<u16>,
    stones: Grid<u16>,
    empties: Grid<u16>,
    empty_index: Grid<u16>,
    empty_count: usize,
    /// Per point, its neighbours by kind, packed: Black in bits 0-3, White in
    /// 4-7, empty in 8-11 (the rest are border). One load answers "has an empty
    /// neighbour" and "is eyelike".
    nbr: Grid<u16>,
    /// Per point, its eight neighbours' cells packed (`ring.rs`).
    ring: Grid<u16>,
    ko: Point,
    ko_banned: Color,
    hash: u64,
    /// Set once `play_in_playout` has skipped hash updates.
    hash_stale: bool,
    /// Stones each color has removed from the board (captures and the opponent's
    /// suicides), indexed by the capturer.
    prisoners: [u32; 2],
    /// Scratch stamps for liberty recounts after multi-chain merges.
    mark: Grid<u32>,
    mark_generation: u32,
}

impl PartialEq for Board {
    /// Two boards are equal when they show the same position; scratch state, the
    /// empty-list order and prisoners do not count.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}

impl Board {
    /// An empty board. Panics on sizes outside `MIN_SIZE..=MAX_SIZE`; callers that
    /// take sizes from input validate them first.
    pub fn new(size: usize) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let stride = size + 2;
        let mut board = Board {
            size,
            stride,
            allow_suicide: false,
            cells: Grid([BORDER; GRID]),
            chain: Grid([0; GRID]),
            next: Grid([0; GRID]),
            libs: Grid([0; GRID]),
            stones: Grid([0; GRID]),
            empties: Grid([0; GRID]),
            empty_index: Grid([0; GRID]),
            empty_count: 0,
            nbr: Grid([0; GRID]),
            ring: Grid([0; GRID]),
            ko: Point::NONE,
            ko_banned: Color::Black,
            hash: 0,
            hash_stale: false,
            prisoners: [0; 2],
            mark: Grid([0; GRID]),
            mark_generation: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let p = board.point(x, y).idx();
                board.cells[p] = EMPTY;
                board.empty_index[p] = board.empty_count as u16;
                board.empties[board.empty_count] = p as u16;
                board.empty_count += 1;
            }
        }
        board.recompute_neighbour_counts();
        board.recompute_ring_codes();
        board
    }

    /// Makes `self` a copy of `other`, copying only the part of each array a board
    /// of this size uses (a 9x9 board uses 121 of 729 entries). Playouts use it to
    /// reset their working board. The liberty-count scratch space is not copied.
    pub(crate) fn copy_from(&mut self, other: &Board) {
        if self.size != other.size {
            self.clone_from(other);
            return;
        }
        let n = self.stride * self.stride;
        self.allow_suicide = other.allow_suicide;
        self.cells.0[..n].copy_from_slice(&other.cells.0[..n]);
        self.chain.0[..n].copy_from_slice(&other.chain.0[..n]);
        self.next.0[..n].copy_from_slice(&other.next.0[..n]);
        self.libs.0[..n].copy_from_slice(&other.libs.0[..n]);
        self.stones.0[..n].copy_from_slice(&other.stones.0[..n]);
        self.empty_index.0[..n].copy_from_slice(&other.empty_index.0[..n]);
        self.nbr.0[..n].copy_from_slice(&other.nbr.0[..n]);
        self.ring.0[..n].copy_from_slice(&other.ring.0[..n]);
        self.empty_count = other.empty_count;
        self.empties.0[..other.empty_count].copy_from_slice(&other.empties.0[..other.empty_count]);
        self.ko = other.ko;
        self.ko_banned = other.ko_banned;
        self.hash = other.hash;
        self.hash_stale = other.hash_stale;
        self.prisoners = other.prisoners;
    }

    #[inline]
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// Multi-stone suicide switch. Single-stone suicide is never legal.
    pub(crate) fn set_allow_suicide(&mut self, allow: bool) {
        self.allow_suicide = allow;
    }

    /// The point at column `x` (0 = left) and row `y` (0 = bottom).
    #[inline]
    pub fn point(&self, x: usize, y: usize) -> Point {
        debug_assert!(x < self.size && y < self.size);
        Point(((y + 1) * self.stride + x + 1) as u16)
    }

    /// Column and row of an on-board point.
    #[inline]
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let i = p.idx();
        (i % self.stride - 1, i / self.stride - 1)
    }

    /// Lines between an on-board point and the nearest edge: 0 on the first
    /// line, 2 on the third.
    #[inline]
    pub(crate) fn edge_distance(&self, p: Point) -> usize {
        let (x, y) = self.coords(p);
        let last = self.size() - 1;
        x.min(y).min(last - x).min(last - y)
    }

    #[inline]
    pub(crate) fn is_on_board(&self, p: Point) -> bool {
        p.idx() < MAX_POINTS && self.cells[p.idx()] != BORDER
    }

    /// All on-board points, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.point(x, y)))
    }

    #[inline]
    pub(crate) fn neighbours(&self, p: Point) -> [Point; 4] {
        let i = p.0;
        let s = self.stride as u16;
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }

    #[inline]
    fn diagonals(&self, p: Point) -> [Point; 4] {
        let i = p.0;
        let s = self.stride as u16;
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }

    #[inline]
    pub(crate) fn cell(&self, p: Point) -> Cell {
        match self.cells[p.idx()] {
            EMPTY => Cell::Empty,
            BLACK => Cell::Stone(Color::Black),
            WHITE => Cell::Stone(Color::White),
            _ => Cell::Border,
        }
    }

    #[inline]
    pub(crate) fn stone(&self, p: Point) -> Option<Color> {
        match self.cells[p.idx()] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.idx()] == EMPTY
    }

    /// Zobrist hash of the position (stones only).
    #[inline]
    pub fn hash(&self) -> u64 {
        debug_assert!(
            !self.hash_stale,
            "hash of a board played by play_in_playout"
        );
        self.hash
    }

    /// The simple-ko point and the color it binds, if any.
    pub(crate) fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != Point::NONE).then_some((self.ko, self.ko_banned))
    }

    /// Forget the simple-ko point. Passes and setup changes clear it.
    pub(crate) fn clear_ko(&mut self) {
        self.ko = Point::NONE;
    }

    pub(crate) fn prisoners(&self, capturer: Color) -> u32 {
        self.prisoners[capturer.index()]
    }

    pub(crate) fn add_prisoners(&mut self, capturer: Color, count: u32) {
        self.prisoners[capturer.index()] += count;
    }

    #[inline]
    pub(crate) fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// The empty points in the board's internal (arbitrary) order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.0[..self.empty_count].iter().map(|&p| Point(p))
    }

    #[inline]
    pub(crate) fn empty_point_at(&self, slot: usize) -> Point {
        Point(self.empties[slot])
    }

    /// Swap two slots of the empty-point list; playouts use it to set rejected
    /// candidates aside without losing the set.
    #[inline]
    pub(crate) fn swap_empty_slots(&mut self, a: usize, b: usize) {
        let (pa, pb) = (self.empties[a], self.empties[b]);
        self.empties[a] = pb;
        self.empties[b] = pa;
        self.empty_index[pb as usize] = a as u16;
        self.empty_index[pa as usize] = b as u16;
    }

    pub fn stone_count(&self, color: Color) -> usize {
        let c = color.cell();
        self.points().filter(|p| self.cells[p.idx()] == c).count()
    }

    /// Whether some neighbour of `p` is an empty point.
    #[cfg(test)]
    fn has_empty_neighbour(&self, p: Point) -> bool {
        self.nbr[p.idx()] & NBR_EMPTY != 0
    }

    /// How many neighbours of `p` are empty points.
    #[inline]
    pub(crate) fn empty_neighbour_count(&self, p: Point) -> usize {
        usize::from((self.nbr[p.idx()] & NBR_EMPTY) >> 8)
    }

    /// The raw content of a point: 0 empty, 1 Black, 2 White, 3 border (the
    /// playout policy's 3x3 pattern codes are built from these).
    #[inline]
    pub(crate) fn cell_code(&self, p: Point) -> u8 {
        self.cells[p.idx()]
    }
}

#[cfg(test)]
pub(crate) mod tests;
