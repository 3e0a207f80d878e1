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
//! - `hash` is the XOR of the Zobrist keys of all stones;
//! - `ko` is the point the side `ko_banned` may not play because of the opponent's
//!   immediately preceding basic ko capture (simple ko only: superko and the rarer
//!   variants live in `rules`, above this layer).
//!
//! The board is a plain value with fixed-size arrays: copying it for a playout costs
//! one memcpy and playouts allocate nothing.

pub mod vertex;
pub mod zobrist;

use crate::rng::FastRng;
use std::fmt;

/// The largest board GTP allows and we support.
pub const MAX_SIZE: usize = 25;
/// The smallest board we play on.
pub const MIN_SIZE: usize = 2;
const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Length of every per-point array.
pub const MAX_POINTS: usize = MAX_STRIDE * MAX_STRIDE;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// Units of the packed neighbour counts, indexed by cell value.
const NBR_UNIT: [u16; 4] = [1 << 8, 1, 1 << 4, 0];
const NBR_BLACK: u16 = 0xF;
const NBR_WHITE: u16 = 0xF0;
const NBR_EMPTY: u16 = 0xF00;

/// Per-point arrays are this long: a power of two at least [`MAX_POINTS`], so that
/// indexing masks the index instead of bounds-checking it (an out-of-range index,
/// a bug, reads a wrong entry rather than memory outside the array; debug builds
/// assert). The entries past the board's `stride * stride` are never used.
const GRID: usize = 1024;
const _: () = assert!(GRID >= MAX_POINTS && GRID.is_power_of_two());

#[derive(Clone, PartialEq)]
struct Grid<T>([T; GRID]);

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
struct Near(usize);

impl Near {
    #[inline(always)]
    fn new(i: usize) -> Near {
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

/// A stone colour, which is also a player.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-colour tables.
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
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// What occupies a point.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
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
    pub fn idx(self) -> usize {
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
    pub captured: u32,
    /// Own stones removed by a multi-stone suicide.
    pub suicided: u32,
    /// The play was a basic ko capture; this is its ko point.
    pub ko_point: Option<Point>,
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
    ko: Point,
    ko_banned: Color,
    hash: u64,
    /// Set once `play_in_playout` has skipped hash updates.
    hash_stale: bool,
    /// Stones each colour has removed from the board (captures and the opponent's
    /// suicides), indexed by the capturer.
    prisoners: [u32; 2],
    /// Scratch stamps for liberty recounts after multi-chain merges.
    mark: Grid<u32>,
    mark_generation: u32,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_ascii())
    }
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
        board
    }

    /// Makes `self` a copy of `other`, copying only the part of each array a board
    /// of this size uses (a 9x9 board uses 121 of 729 entries). Playouts use it to
    /// reset their working board. The liberty-count scratch space is not copied.
    pub fn copy_from(&mut self, other: &Board) {
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
        self.empty_count = other.empty_count;
        self.empties.0[..other.empty_count].copy_from_slice(&other.empties.0[..other.empty_count]);
        self.ko = other.ko;
        self.ko_banned = other.ko_banned;
        self.hash = other.hash;
        self.hash_stale = other.hash_stale;
        self.prisoners = other.prisoners;
    }

    /// A board from a diagram, top row first: `X` Black, `O` White, anything else
    /// empty (as in the tests' position drawings). Panics unless the diagram has
    /// a legal size; chains without liberties are kept as drawn.
    pub fn from_diagram(rows: &[&str]) -> Board {
        let size = rows.len();
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let y = size - 1 - i;
            for (x, ch) in row.chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if stone.is_some() {
                    let p = board.point(x, y);
                    board.set_cell(p, stone);
                }
            }
        }
        board
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    pub fn allows_suicide(&self) -> bool {
        self.allow_suicide
    }

    /// Multi-stone suicide switch. Single-stone suicide is never legal.
    pub fn set_allow_suicide(&mut self, allow: bool) {
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

    #[inline]
    pub fn is_on_board(&self, p: Point) -> bool {
        p.idx() < MAX_POINTS && self.cells[p.idx()] != BORDER
    }

    /// All on-board points, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.point(x, y)))
    }

    /// Every chain once, as its head and colour, in the board order of
    /// [`points`](Self::points) (by head).
    pub fn chains(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.points().filter_map(move |p| {
            let color = self.stone(p)?;
            (self.chain_head(p) == p).then_some((p, color))
        })
    }

    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let i = p.0;
        let s = self.stride as u16;
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }

    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
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
    pub fn cell(&self, p: Point) -> Cell {
        match self.cells[p.idx()] {
            EMPTY => Cell::Empty,
            BLACK => Cell::Stone(Color::Black),
            WHITE => Cell::Stone(Color::White),
            _ => Cell::Border,
        }
    }

    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
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

    /// The simple-ko point and the colour it binds, if any.
    pub fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != Point::NONE).then_some((self.ko, self.ko_banned))
    }

    /// Forget the simple-ko point. Passes and setup changes clear it.
    pub fn clear_ko(&mut self) {
        self.ko = Point::NONE;
    }

    pub fn prisoners(&self, capturer: Color) -> u32 {
        self.prisoners[capturer.index()]
    }

    pub fn add_prisoners(&mut self, capturer: Color, count: u32) {
        self.prisoners[capturer.index()] += count;
    }

    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// The empty points in the board's internal (arbitrary) order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.0[..self.empty_count].iter().map(|&p| Point(p))
    }

    #[inline]
    pub fn empty_point_at(&self, slot: usize) -> Point {
        Point(self.empties[slot])
    }

    /// Swap two slots of the empty-point list; playouts use it to set rejected
    /// candidates aside without losing the set.
    #[inline]
    pub fn swap_empty_slots(&mut self, a: usize, b: usize) {
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

    /// Head point of the chain through the stone at `p`.
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        Point(self.chain[p.idx()])
    }

    /// Exact liberty count of the chain through the stone at `p`.
    #[inline]
    pub fn liberties(&self, p: Point) -> usize {
        self.libs[self.chain[p.idx()] as usize] as usize
    }

    /// Number of stones in the chain through the stone at `p`.
    #[inline]
    pub fn chain_size(&self, p: Point) -> usize {
        self.stones[self.chain[p.idx()] as usize] as usize
    }

    /// The stones of the chain through the stone at `p`.
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p.0,
            current: p.0,
            done: false,
        }
    }

    /// The liberties of the chain through the stone at `p`, each once.
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
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

    /// Board-level legality: on an empty point, not the simple-ko point for this
    /// colour, and not suicide (unless multi-stone suicide is switched on).
    pub fn check(&self, color: Color, p: Point) -> Result<(), Illegal> {
        if !self.is_on_board(p) {
            return Err(Illegal::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(Illegal::Occupied);
        }
        if p == self.ko && color == self.ko_banned {
            return Err(Illegal::Ko);
        }
        match self.liberty_effect(color, p) {
            LibertyEffect::Lives => Ok(()),
            LibertyEffect::MultiStoneSuicide if self.allow_suicide => Ok(()),
            _ => Err(Illegal::Suicide),
        }
    }

    /// [`Board::check`] without the simple-ko point: pseudolegality as the rules
    /// layer defines it (variants that allow or replace the ko ban start here).
    pub fn check_pseudolegal(&self, color: Color, p: Point) -> Result<(), Illegal> {
        if !self.is_on_board(p) {
            return Err(Illegal::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(Illegal::Occupied);
        }
        match self.liberty_effect(color, p) {
            LibertyEffect::Lives => Ok(()),
            LibertyEffect::MultiStoneSuicide if self.allow_suicide => Ok(()),
            _ => Err(Illegal::Suicide),
        }
    }

    /// The position hash after `color` plays the pseudolegal point `p`, computed
    /// without playing: O(stones removed). Superko checks use it to stay O(1) per
    /// candidate when nothing is captured.
    pub fn hash_after(&self, color: Color, p: Point) -> u64 {
        let me = color.cell();
        let opp = color.opponent();
        let mut h = self.hash ^ zobrist::STONE[color.index()][p.idx()];
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let suicide = matches!(
            self.liberty_effect(color, p),
            LibertyEffect::MultiStoneSuicide
        );
        for q in self.neighbours(p) {
            let c = self.cells[q.idx()];
            let head = self.chain[q.idx()];
            let removed = if suicide {
                c == me
            } else {
                c == opp.cell() && self.libs[head as usize] == 1
            };
            if removed && !seen[..n_seen].contains(&head) {
                seen[n_seen] = head;
                n_seen += 1;
                let key = &zobrist::STONE[if suicide { color } else { opp }.index()];
                for s in self.chain_stones(q) {
                    h ^= key[s.idx()];
                }
            }
        }
        if suicide {
            // The played stone goes too.
            h ^= zobrist::STONE[color.index()][p.idx()];
        }
        h
    }

    #[inline]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.is_empty(p) && !(p == self.ko && color == self.ko_banned) && {
            match self.liberty_effect(color, p) {
                LibertyEffect::Lives => true,
                LibertyEffect::MultiStoneSuicide => self.allow_suicide,
                LibertyEffect::SingleStoneSuicide => false,
            }
        }
    }

    /// Whether a stone of `color` on empty `p` would have a liberty after captures.
    #[inline]
    fn liberty_effect(&self, color: Color, p: Point) -> LibertyEffect {
        if self.nbr[p.idx()] & NBR_EMPTY != 0 {
            return LibertyEffect::Lives;
        }
        let me = color.cell();
        let mut friend_in_atari = false;
        for q in self.neighbours(p) {
            let c = self.cells[q.idx()];
            if c == EMPTY {
                return LibertyEffect::Lives;
            }
            if c == BORDER {
                continue;
            }
            let libs = self.libs[self.chain[q.idx()] as usize];
            if c == me {
                if libs > 1 {
                    return LibertyEffect::Lives;
                }
                friend_in_atari = true;
            } else if libs == 1 {
                return LibertyEffect::Lives;
            }
        }
        if friend_in_atari {
            LibertyEffect::MultiStoneSuicide
        } else {
            LibertyEffect::SingleStoneSuicide
        }
    }

    /// Whether a board play by `color` at the empty point `p` would capture.
    pub fn would_capture(&self, color: Color, p: Point) -> bool {
        let opp = color.opponent().cell();
        self.neighbours(p)
            .iter()
            .any(|q| self.cells[q.idx()] == opp && self.libs[self.chain[q.idx()] as usize] == 1)
    }

    /// Whether some neighbour of `p` is an empty point.
    #[inline]
    pub fn has_empty_neighbour(&self, p: Point) -> bool {
        self.nbr[p.idx()] & NBR_EMPTY != 0
    }

    /// How many neighbours of `p` are empty points.
    #[inline]
    pub fn empty_neighbour_count(&self, p: Point) -> usize {
        usize::from((self.nbr[p.idx()] & NBR_EMPTY) >> 8)
    }

    /// The raw content of a point: 0 empty, 1 Black, 2 White, 3 border (the
    /// playout policy's 3x3 pattern codes are built from these).
    #[inline]
    pub fn cell_code(&self, p: Point) -> u8 {
        self.cells[p.idx()]
    }

    /// `p` is empty and every neighbour is a stone of `color` or border.
    #[inline]
    pub fn is_eyelike(&self, color: Color, p: Point) -> bool {
        let others = match color {
            Color::Black => NBR_WHITE | NBR_EMPTY,
            Color::White => NBR_BLACK | NBR_EMPTY,
        };
        self.nbr[p.idx()] & others == 0
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
    pub fn surrounded_point_playable(&self, color: Color, p: Point) -> bool {
        assert!(self.is_on_board(p) && self.is_empty(p) && !self.has_empty_neighbour(p));
        self.surrounded_playable_at(color, p.idx())
    }

    /// [`Board::surrounded_point_playable`] for the on-board point `pi`.
    ///
    /// Every neighbour is then a stone or border. A border point matches neither
    /// colour, so reading `libs[chain[q]]` for it (a valid index: border points
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
    pub fn random_light_move(&mut self, color: Color, rng: &mut FastRng) -> Option<Point> {
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

    /// Checked play: validates, then plays. `Err` leaves the board unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<PlayOutcome, Illegal> {
        match mv {
            Move::Pass => {
                self.pass();
                Ok(PlayOutcome::default())
            }
            Move::Play(p) => {
                self.check(color, p)?;
                Ok(self.play_unchecked(color, p))
            }
        }
    }

    /// A pass only clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = Point::NONE;
    }

    /// Plays a stone the caller knows to be legal under [`Board::check`] (the ko
    /// point may be ignored on purpose by rules that allow the retake). Playing an
    /// illegal single-stone suicide corrupts nothing but is undefined as Go.
    #[inline]
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> PlayOutcome {
        self.play_impl::<true>(color, p)
    }

    /// [`Board::play_unchecked`] inlined into the caller, without the outcome and
    /// without the Zobrist hash: for the playout loop, where the call, the
    /// outcome and the hash updates cost about 9%. The board's hash is stale
    /// afterwards (playout boards are scratch copies that nobody hashes).
    #[inline(always)]
    pub fn play_in_playout(&mut self, color: Color, p: Point) {
        self.hash_stale = true;
        self.play_impl::<false>(color, p);
    }

    #[inline(always)]
    fn play_impl<const HASH: bool>(&mut self, color: Color, p: Point) -> PlayOutcome {
        let me = color.cell();
        let opp_color = color.opponent();
        let pi = p.idx();
        // Everything below indexes without bounds checks (`Near`), relying on
        // p being an empty on-board point: checked here, once per move, so that
        // a caller's bug panics instead of touching memory outside the board.
        assert!(
            pi < MAX_POINTS && self.cells[pi] == EMPTY,
            "play on a point that is not empty"
        );

        self.ko = Point::NONE;
        self.remove_empty(pi);
        self.cells[Near::new(pi)] = me;
        if HASH {
            self.hash ^= zobrist::STONE[color.index()][pi];
        }

        let nbrs = self.neighbours(p);
        let delta = NBR_UNIT[me as usize].wrapping_sub(NBR_UNIT[EMPTY as usize]);
        for q in nbrs {
            self.nbr[Near::new(q.idx())] = self.nbr[Near::new(q.idx())].wrapping_add(delta);
        }
        let around = self.nbr[Near::new(pi)];
        if around & (NBR_BLACK | NBR_WHITE) == 0 {
            // No stone next to p: a new one-stone chain, nothing captured.
            self.chain[Near::new(pi)] = p.0;
            self.next[Near::new(pi)] = p.0;
            self.stones[Near::new(pi)] = 1;
            self.libs[Near::new(pi)] = (around & NBR_EMPTY) >> 8;
            return PlayOutcome::default();
        }
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let mut friends = [0u16; 4];
        let mut n_friends = 0;
        // Opponent chains left without liberties, in neighbour order.
        let mut dead = [0u16; 4];
        let mut n_dead = 0;
        let mut direct_libs = 0u16;
        for q in nbrs {
            let c = self.cells[Near::new(q.idx())];
            if c == EMPTY {
                direct_libs += 1;
            } else if c != BORDER {
                let head = self.chain[Near::new(q.idx())];
                if !seen[..n_seen].contains(&head) {
                    seen[n_seen] = head;
                    n_seen += 1;
                    let libs = self.libs[Near::new(head as usize)] - 1;
                    self.libs[Near::new(head as usize)] = libs;
                    if c == me {
                        friends[n_friends] = head;
                        n_friends += 1;
                    } else if libs == 0 {
                        dead[n_dead] = head;
                        n_dead += 1;
                    }
                }
            }
        }

        let head = match n_friends {
            0 => {
                self.chain[Near::new(pi)] = p.0;
                self.next[Near::new(pi)] = p.0;
                self.stones[Near::new(pi)] = 1;
                self.libs[Near::new(pi)] = direct_libs;
                p.0
            }
            1 => {
                let head = friends[0];
                // An empty neighbour of p is a new liberty unless it already touches
                // the chain through another stone.
                let mut gained = 0;
                // (Fast case: p is q's only neighbour of our colour.)
                let my_mask = if color == Color::Black {
                    NBR_BLACK
                } else {
                    NBR_WHITE
                };
                let my_unit = NBR_UNIT[me as usize];
                for q in nbrs {
                    if self.cells[Near::new(q.idx())] == EMPTY
                        && (self.nbr[Near::new(q.idx())] & my_mask == my_unit
                            || !self.neighbours(q).iter().any(|&r| {
                                r != p
                                    && self.cells[Near::new(r.idx())] == me
                                    && self.chain[Near::new(r.idx())] == head
                            }))
                    {
                        gained += 1;
                    }
                }
                self.libs[Near::new(head as usize)] += gained;
                self.attach_stone(head, pi);
                head
            }
            _ => self.merge_chains(p, me, &friends[..n_friends]),
        };

        let mut outcome = PlayOutcome::default();
        let mut last_captured = 0u16;
        for &h in &dead[..n_dead] {
            // A one-stone chain's head is that stone: the ko point if it is the
            // only capture.
            last_captured = h;
            outcome.captured += self.remove_chain::<HASH>(h, opp_color);
        }
        self.prisoners[color.index()] += outcome.captured;

        let own_libs = self.libs[Near::new(head as usize)];
        if own_libs == 0 {
            // Only reachable with multi-stone suicide (checked by the caller).
            outcome.suicided = self.remove_chain::<HASH>(head, color);
            self.prisoners[opp_color.index()] += outcome.suicided;
        } else if outcome.captured == 1
            && own_libs == 1
            && self.stones[Near::new(head as usize)] == 1
        {
            self.ko = Point(last_captured);
            self.ko_banned = opp_color;
            outcome.ko_point = Some(self.ko);
        }
        outcome
    }

    /// The stone `p` (already coloured `me`) joins two or more chains of its
    /// colour, their heads `friends` (liberties already reduced for `p`); returns
    /// the merged chain's head. Kept out of line: merges are a minority of moves
    /// and inlining them into the playout loop costs registers there.
    #[inline(never)]
    fn merge_chains(&mut self, p: Point, me: u8, friends: &[u16]) -> u16 {
        let pi = p.idx();
        let nbrs = self.neighbours(p);
        let mut head = friends[0];
        for &f in &friends[1..] {
            if self.stones[Near::new(f as usize)] > self.stones[Near::new(head as usize)] {
                head = f;
            }
        }
        // The merged chain's liberties: the largest chain's (p already
        // taken off) plus each distinct liberty of p and of the smaller
        // chains that does not touch the largest chain. Walking only the
        // smaller chains keeps merges cheap (union by size).
        let generation = self.next_mark_generation();
        let mut libs = self.libs[Near::new(head as usize)];
        for q in nbrs {
            libs += self.new_liberty(q, p, head, me, generation);
        }
        for &f in friends {
            if f == head {
                continue;
            }
            let mut s = f;
            loop {
                for q in self.neighbours(Point(s)) {
                    libs += self.new_liberty(q, p, head, me, generation);
                }
                s = self.next[Near::new(s as usize)];
                if s == f {
                    break;
                }
            }
        }
        for &f in friends {
            if f != head {
                self.merge_into(head, f);
            }
        }
        self.attach_stone(head, pi);
        self.libs[Near::new(head as usize)] = libs;
        debug_assert_eq!(libs, self.count_liberties(head));
        head
    }

    #[inline]
    fn attach_stone(&mut self, head: u16, pi: usize) {
        let h = head as usize;
        self.chain[Near::new(pi)] = head;
        self.next[Near::new(pi)] = self.next[Near::new(h)];
        self.next[Near::new(h)] = pi as u16;
        self.stones[Near::new(h)] += 1;
    }

    /// Relabel the chain headed by `other` into `head` and splice the stone cycles.
    fn merge_into(&mut self, head: u16, other: u16) {
        let mut s = other;
        loop {
            self.chain[Near::new(s as usize)] = head;
            s = self.next[Near::new(s as usize)];
            if s == other {
                break;
            }
        }
        let (h, o) = (head as usize, other as usize);
        self.next.swap(h, o);
        self.stones[Near::new(h)] += self.stones[Near::new(o)];
    }

    /// A fresh stamp for `mark[]`: no point carries it yet.
    #[inline]
    fn next_mark_generation(&mut self) -> u32 {
        self.mark_generation = self.mark_generation.wrapping_add(1);
        if self.mark_generation == 0 {
            self.mark = Grid([0; GRID]);
            self.mark_generation = 1;
        }
        self.mark_generation
    }

    /// 1 if `q` is an empty point not yet stamped with `generation` (it is stamped
    /// now) that touches no stone of the chain `head` other than the new stone `p`.
    #[inline]
    fn new_liberty(&mut self, q: Point, p: Point, head: u16, me: u8, generation: u32) -> u16 {
        let qi = q.idx();
        if self.cells[Near::new(qi)] != EMPTY || self.mark[Near::new(qi)] == generation {
            return 0;
        }
        self.mark[Near::new(qi)] = generation;
        let touches = self.neighbours(q).iter().any(|&r| {
            r != p && self.cells[Near::new(r.idx())] == me && self.chain[Near::new(r.idx())] == head
        });
        u16::from(!touches)
    }

    fn count_liberties(&mut self, head: u16) -> u16 {
        let generation = self.next_mark_generation();
        let mut count = 0;
        let mut s = head;
        loop {
            for q in self.neighbours(Point(s)) {
                let qi = q.idx();
                if self.cells[Near::new(qi)] == EMPTY && self.mark[Near::new(qi)] != generation {
                    self.mark[Near::new(qi)] = generation;
                    count += 1;
                }
            }
            s = self.next[Near::new(s as usize)];
            if s == head {
                break;
            }
        }
        count
    }

    /// Removes a whole chain of `color`; adjacent chains gain the freed liberties.
    fn remove_chain<const HASH: bool>(&mut self, head: u16, color: Color) -> u32 {
        let other = color.opponent().cell();
        let key = &zobrist::STONE[color.index()];
        let mut removed = 0;
        let mut s = head;
        loop {
            let si = s as usize;
            let next = self.next[Near::new(si)];
            self.cells[Near::new(si)] = EMPTY;
            if HASH {
                self.hash ^= key[si];
            }
            self.add_empty(si);
            removed += 1;
            // Each distinct neighbouring chain gains exactly this one liberty.
            let nbrs = self.neighbours(Point(s));
            let delta = NBR_UNIT[EMPTY as usize].wrapping_sub(NBR_UNIT[color.cell() as usize]);
            let mut seen = [0u16; 4];
            let mut n_seen = 0;
            for q in nbrs {
                self.nbr[Near::new(q.idx())] = self.nbr[Near::new(q.idx())].wrapping_add(delta);
                if self.cells[Near::new(q.idx())] == other {
                    let h = self.chain[Near::new(q.idx())];
                    if !seen[..n_seen].contains(&h) {
                        seen[n_seen] = h;
                        n_seen += 1;
                        self.libs[Near::new(h as usize)] += 1;
                    }
                }
            }
            s = next;
            if s == head {
                break;
            }
        }
        removed
    }

    #[inline]
    fn remove_empty(&mut self, pi: usize) {
        let slot = self.empty_index[Near::new(pi)] as usize;
        self.empty_count -= 1;
        let last = self.empties[Near::new(self.empty_count)];
        self.empties[Near::new(slot)] = last;
        self.empty_index[Near::new(last as usize)] = slot as u16;
    }

    #[inline]
    fn add_empty(&mut self, pi: usize) {
        self.empties[Near::new(self.empty_count)] = pi as u16;
        self.empty_index[Near::new(pi)] = self.empty_count as u16;
        self.empty_count += 1;
    }

    /// Setup: put a stone (or nothing) on a point without captures or a turn, as
    /// `gogui-setup`, handicap and SGF AB/AW/AE do. Chains are rebuilt around it.
    /// Setups can leave chains without liberties; those stay until a play touches
    /// them, as in GoGui.
    pub fn set_cell(&mut self, p: Point, stone: Option<Color>) {
        // The unchecked indexing of play_impl relies on border points staying
        // border (see `Near`).
        assert!(self.is_on_board(p), "setup on a point off the board");
        let pi = p.idx();
        let old = self.cells[pi];
        if let Some(c) = self.stone(p) {
            self.hash ^= zobrist::STONE[c.index()][pi];
        }
        if old == EMPTY && stone.is_some() {
            self.remove_empty(pi);
        } else if old != EMPTY && stone.is_none() {
            self.add_empty(pi);
        }
        self.cells[pi] = match stone {
            None => EMPTY,
            Some(c) => {
                self.hash ^= zobrist::STONE[c.index()][pi];
                c.cell()
            }
        };
        self.ko = Point::NONE;
        self.rebuild_chains();
    }

    /// Recompute chains and liberties from the colours alone.
    fn rebuild_chains(&mut self) {
        let (chain, next, libs, stones) = self.recompute_chains();
        self.chain.0[..MAX_POINTS].copy_from_slice(&chain);
        self.next.0[..MAX_POINTS].copy_from_slice(&next);
        self.libs.0[..MAX_POINTS].copy_from_slice(&libs);
        self.stones.0[..MAX_POINTS].copy_from_slice(&stones);
        self.recompute_neighbour_counts();
    }

    /// The packed neighbour counts of every on-board point, from the colours.
    fn neighbour_counts(&self) -> Grid<u16> {
        let mut nbr = Grid([0; GRID]);
        for p in self.points() {
            nbr[p.idx()] = self
                .neighbours(p)
                .iter()
                .map(|q| NBR_UNIT[self.cells[q.idx()] as usize])
                .sum();
        }
        nbr
    }

    fn recompute_neighbour_counts(&mut self) {
        self.nbr = self.neighbour_counts();
    }

    #[allow(clippy::type_complexity)]
    fn recompute_chains(
        &self,
    ) -> (
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
    ) {
        let mut chain = [0u16; MAX_POINTS];
        let mut next = [0u16; MAX_POINTS];
        let mut libs = [0u16; MAX_POINTS];
        let mut stones = [0u16; MAX_POINTS];
        let mut visited = [false; MAX_POINTS];
        let mut stack = Vec::new();
        for p in self.points() {
            let pi = p.idx();
            let c = self.cells[pi];
            if c == EMPTY || visited[pi] {
                continue;
            }
            let mut members = Vec::new();
            visited[pi] = true;
            stack.push(p);
            while let Some(s) = stack.pop() {
                members.push(s);
                for q in self.neighbours(s) {
                    if self.cells[q.idx()] == c && !visited[q.idx()] {
                        visited[q.idx()] = true;
                        stack.push(q);
                    }
                }
            }
            let mut liberty_set = Vec::new();
            for &s in &members {
                for q in self.neighbours(s) {
                    if self.cells[q.idx()] == EMPTY && !liberty_set.contains(&q) {
                        liberty_set.push(q);
                    }
                }
            }
            for (i, &s) in members.iter().enumerate() {
                chain[s.idx()] = p.0;
                next[s.idx()] = members[(i + 1) % members.len()].0;
            }
            libs[pi] = liberty_set.len() as u16;
            stones[pi] = members.len() as u16;
        }
        (chain, next, libs, stones)
    }

    /// Hash recomputed from scratch.
    pub fn compute_hash(&self) -> u64 {
        self.points()
            .filter_map(|p| self.stone(p).map(|c| zobrist::STONE[c.index()][p.idx()]))
            .fold(0, |a, b| a ^ b)
    }

    /// Rebuild every derived structure from the colours and compare it with the
    /// incremental one. Tests call this after every move.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut empties_seen = 0;
        for p in self.points() {
            let pi = p.idx();
            if self.cells[pi] == EMPTY {
                empties_seen += 1;
                let slot = self.empty_index[pi] as usize;
                if slot >= self.empty_count || self.empties[slot] as usize != pi {
                    return Err(format!("empty point {pi} not indexed in the empty list"));
                }
            }
        }
        if empties_seen != self.empty_count {
            return Err(format!(
                "empty count {} but {} empty points",
                self.empty_count, empties_seen
            ));
        }
        let (chain, _next, libs, stones) = self.recompute_chains();
        for p in self.points() {
            let pi = p.idx();
            if self.cells[pi] == EMPTY {
                continue;
            }
            let (head, true_head) = (self.chain[pi] as usize, chain[pi] as usize);
            // Same partition: my head and the recomputed head must map one-to-one.
            if chain[head] as usize != true_head || self.cells[head] != self.cells[pi] {
                return Err(format!("point {pi}: chain head {head} is not in its chain"));
            }
            if self.libs[head] != libs[true_head] {
                return Err(format!(
                    "point {pi}: {} liberties recorded, {} real\n{}",
                    self.libs[head],
                    libs[true_head],
                    self.to_ascii()
                ));
            }
            if self.stones[head] != stones[true_head] {
                return Err(format!(
                    "point {pi}: chain size {} vs {}",
                    self.stones[head], stones[true_head]
                ));
            }
            if pi == head {
                // The next[] cycle from the head visits exactly the chain's stones.
                let mut count = 0;
                let mut s = head;
                loop {
                    if chain[s] as usize != true_head {
                        return Err(format!("next[] cycle of {head} leaves the chain at {s}"));
                    }
                    count += 1;
                    s = self.next[s] as usize;
                    if s == head || count > MAX_POINTS {
                        break;
                    }
                }
                if count != stones[true_head] as usize {
                    return Err(format!("next[] cycle of {head} has {count} stones"));
                }
            }
        }
        let nbr = self.neighbour_counts();
        if let Some(p) = self.points().find(|p| nbr[p.idx()] != self.nbr[p.idx()]) {
            return Err(format!("neighbour counts of point {} are stale", p.idx()));
        }
        if !self.hash_stale && self.hash != self.compute_hash() {
            return Err("incremental hash differs from the recomputed one".into());
        }
        if self.ko != Point::NONE && !self.is_empty(self.ko) {
            return Err("ko point is occupied".into());
        }
        Ok(())
    }

    /// Plain text diagram, top row first, `X` Black, `O` White.
    pub fn to_ascii(&self) -> String {
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
    pub fn append_position_key(&self, out: &mut Vec<u8>) {
        out.extend(self.points().map(|p| self.cells[p.idx()]));
    }

    /// Area ownership by the simple playout rule: a stone's owner, or the colour that
    /// is every neighbour of an empty point. Returns Black minus White.
    pub fn playout_area_score(&self) -> i32 {
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

enum LibertyEffect {
    Lives,
    SingleStoneSuicide,
    MultiStoneSuicide,
}

/// Iterator over a chain's stones (follows the `next[]` cycle).
pub struct ChainStones<'a> {
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

#[cfg(test)]
pub(crate) mod tests;
