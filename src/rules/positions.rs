//! The one position store of the ko variants: every distinct (key, position) a
//! variant has seen gets a small integer id, so sets, counts, histories and runs
//! hold ids and compare them exactly.
//!
//! The key is the caller's 64-bit hash of what it stores: the position's Zobrist
//! hash, or a [`situation_hash`] when the player to move matters. Invariants:
//! - two entries never have the same key and the same position; an entry's id is
//!   its index and never changes (ids are only forgotten all at once by `clear`);
//! - lookup goes by key, and every key hit is confirmed by comparing the stored
//!   position, so a hash collision can never merge two entries (and so never
//!   changes a legality or a game end);
//! - positions are packed two bits per point, `width` bytes each, end to end in
//!   one buffer. An entry costs `width` bytes (91 on 19x19) plus its key and a
//!   map slot, whatever the board's in-memory size: the variants' memory grows by
//!   at most one entry per turn. A copy of the store (the search rebuilds a
//!   node's game at every expansion) is buffer copies, not one allocation per
//!   position.

use crate::board::{Board, Color, Point};
use ahash::AHashMap;
use smallvec::SmallVec;

pub(crate) type PositionId = u32;

/// Hash of a situation: the position plus the player to move.
pub(crate) fn situation_hash(position_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => position_hash,
        Color::White => position_hash ^ crate::board::zobrist::WHITE_TO_MOVE,
    }
}

const NO_ID: PositionId = PositionId::MAX;

/// A packed position, on the stack for every board size the engine accepts.
type Packed = SmallVec<[u8; 96]>;

fn pack(board: &Board) -> Packed {
    let mut packed = Packed::new();
    let (mut byte, mut filled) = (0u8, 0);
    for p in board.points() {
        // The board's raw cell codes are the packed ones (0 empty, 1 Black,
        // 2 White) on every point of the board.
        byte |= board.cell_code(p) << (2 * filled);
        filled += 1;
        if filled == 4 {
            packed.push(byte);
            (byte, filled) = (0, 0);
        }
    }
    if filled > 0 {
        packed.push(byte);
    }
    packed
}

#[derive(Default, Debug)]
pub(crate) struct PositionStore {
    /// The latest id stored under each key; `earlier[id]` the one stored
    /// before `id` under its key ([`NO_ID`] for none). Plain integers, so a
    /// copy of the store (an undo checkpoint) is a copy of memory.
    by_key: AHashMap<u64, PositionId>,
    earlier: Vec<PositionId>,
    keys: Vec<u64>,
    packed: Vec<u8>,
    /// Bytes per packed position; fixed by the first entry (a game's board size
    /// never changes).
    width: usize,
}

impl Clone for PositionStore {
    fn clone(&self) -> PositionStore {
        PositionStore {
            by_key: self.by_key.clone(),
            earlier: self.earlier.clone(),
            keys: self.keys.clone(),
            packed: self.packed.clone(),
            width: self.width,
        }
    }

    /// Reuses `self`'s buffers (see `Game::copy_from`).
    fn clone_from(&mut self, other: &PositionStore) {
        self.by_key.clone_from(&other.by_key);
        self.earlier.clone_from(&other.earlier);
        self.keys.clone_from(&other.keys);
        self.packed.clone_from(&other.packed);
        self.width = other.width;
    }
}

impl PositionStore {
    pub(crate) fn new() -> PositionStore {
        PositionStore::default()
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.keys.len()
    }

    fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets every entry, keeping the buffers.
    fn clear(&mut self) {
        self.by_key.clear();
        self.earlier.clear();
        self.keys.clear();
        self.packed.clear();
    }

    /// The id of the board's position under `key`, adding it if new; the flag
    /// says whether it was new. The caller guarantees that `key` is a function
    /// of the position (and of whatever else the store distinguishes).
    pub(crate) fn intern(&mut self, key: u64, board: &Board) -> (PositionId, bool) {
        let packed = pack(board);
        if let Some(id) = self.find_packed(key, &packed) {
            return (id, false);
        }
        debug_assert!(self.is_empty() || self.width == packed.len());
        self.width = packed.len();
        let id = self.keys.len() as PositionId;
        self.packed.extend_from_slice(&packed);
        self.keys.push(key);
        self.earlier
            .push(self.by_key.insert(key, id).unwrap_or(NO_ID));
        (id, true)
    }

    /// The ids stored under `key`, latest first.
    fn ids(&self, key: u64) -> impl Iterator<Item = PositionId> + '_ {
        let first = self.by_key.get(&key).copied();
        std::iter::successors(first, |&id| {
            Some(self.earlier[id as usize]).filter(|&e| e != NO_ID)
        })
    }

    /// The id of the board's position under `key`, if present.
    #[cfg(test)]
    fn find(&self, key: u64, board: &Board) -> Option<PositionId> {
        if !self.by_key.contains_key(&key) {
            return None;
        }
        self.find_packed(key, &pack(board))
    }

    /// The id of the position `color` playing the pseudolegal point `p` would
    /// produce, under the key `key_of(its Zobrist hash)`, if present and
    /// `wanted` accepts it. Only ids that pass `wanted` are confirmed, and the
    /// board is copied only for that confirmation, so a miss costs one hash
    /// computation.
    pub(crate) fn find_after(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        key_of: impl Fn(u64) -> u64,
        wanted: impl Fn(PositionId) -> bool,
    ) -> Option<PositionId> {
        let key = key_of(board.hash_after(color, p));
        if !self.ids(key).any(&wanted) {
            return None;
        }
        let mut after = board.clone();
        after.play_unchecked(color, p);
        let packed = pack(&after);
        self.ids(key)
            .find(|&id| wanted(id) && self.position(id) == &packed[..])
    }

    /// The key an entry was stored under.
    pub(crate) fn key(&self, id: PositionId) -> u64 {
        self.keys[id as usize]
    }

    /// `like` with its stones replaced by those of the stored position (prisoners,
    /// komi-free settings and size stay `like`'s). Costs a chain rebuild per
    /// changed point: for counting, not for search.
    pub(crate) fn board(&self, id: PositionId, like: &Board) -> Board {
        let mut board = like.clone();
        let packed = self.position(id);
        for (i, p) in like.points().enumerate() {
            let stone = match (packed[i / 4] >> (2 * (i % 4))) & 3 {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            if board.stone(p) != stone {
                board.set_cell(p, stone);
            }
        }
        board
    }

    fn position(&self, id: PositionId) -> &[u8] {
        let start = id as usize * self.width;
        &self.packed[start..start + self.width]
    }

    fn find_packed(&self, key: u64, packed: &[u8]) -> Option<PositionId> {
        self.ids(key).find(|&id| self.position(id) == packed)
    }
}

/// How often each situation has occurred since it was last cleared, for the
/// no-result rule (a situation occurring a third time since the last pass).
#[derive(Clone, Default, Debug)]
pub(crate) struct SituationCounter {
    seen: PositionStore,
    counts: Vec<u32>,
}

impl SituationCounter {
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.counts.clear();
    }

    /// Records one more occurrence of the board's position with `to_move` and
    /// returns how many times it has now occurred.
    pub(crate) fn record(&mut self, board: &Board, to_move: Color) -> u32 {
        let (id, new) = self
            .seen
            .intern(situation_hash(board.hash(), to_move), board);
        if new {
            self.counts.push(0);
        }
        self.counts[id as usize] += 1;
        self.counts[id as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_hash_collision_keeps_positions_apart() {
        let mut store = PositionStore::new();
        let mut a = Board::new(5);
        a.set_cell(a.point(0, 0), Some(Color::Black));
        let mut b = Board::new(5);
        b.set_cell(b.point(4, 4), Some(Color::White));
        // Same (fake) key for two different positions: the ids must differ and
        // each must be found again under that key.
        let (ia, new_a) = store.intern(42, &a);
        let (ib, new_b) = store.intern(42, &b);
        assert!(new_a && new_b);
        assert_ne!(ia, ib);
        assert_eq!(store.intern(42, &a), (ia, false));
        assert_eq!(store.intern(42, &b), (ib, false));
        assert_eq!(store.find(42, &a), Some(ia));
        assert_eq!(store.find(43, &a), None);
        assert_eq!(store.len(), 2);
    }

    #[test]
    fn find_after_sees_the_position_a_play_makes() {
        let mut store = PositionStore::new();
        let empty = Board::new(5);
        let mut after = empty.clone();
        let c3 = after.point(2, 2);
        after.play_unchecked(Color::Black, c3);
        let (id, _) = store.intern(after.hash(), &after);
        let same = |h| h;
        assert_eq!(
            store.find_after(&empty, Color::Black, c3, same, |_| true),
            Some(id)
        );
        assert_eq!(
            store.find_after(&empty, Color::Black, c3, same, |_| false),
            None
        );
        assert_eq!(
            store.find_after(&empty, Color::White, c3, same, |_| true),
            None
        );
        // The same position under a situation key is another entry.
        let white_next = |h| situation_hash(h, Color::White);
        assert_eq!(
            store.find_after(&empty, Color::Black, c3, white_next, |_| true),
            None
        );
        assert_eq!(store.find(after.hash(), &after), Some(id));
        assert_eq!(store.find(empty.hash(), &empty), None);
    }

    #[test]
    fn a_stored_position_comes_back_as_a_board() {
        // 19x19 (361 points, not a multiple of four) with stones in the last
        // packed byte, restored onto a board showing something else.
        let mut store = PositionStore::new();
        let mut board = Board::new(19);
        for (x, y, c) in [
            (0, 0, Color::Black),
            (18, 18, Color::White),
            (3, 7, Color::White),
        ] {
            board.set_cell(board.point(x, y), Some(c));
        }
        let (id, _) = store.intern(board.hash(), &board);
        let mut other = Board::new(19);
        other.set_cell(other.point(9, 9), Some(Color::Black));
        let restored = store.board(id, &other);
        assert_eq!(restored.to_ascii(), board.to_ascii());
        assert_eq!(restored.hash(), board.hash());
    }

    #[test]
    fn the_counter_counts_situations_until_cleared() {
        let mut counter = SituationCounter::default();
        let board = Board::new(5);
        assert_eq!(counter.record(&board, Color::Black), 1);
        assert_eq!(counter.record(&board, Color::White), 1);
        assert_eq!(counter.record(&board, Color::Black), 2);
        counter.clear();
        assert_eq!(counter.record(&board, Color::Black), 1);
    }
}
