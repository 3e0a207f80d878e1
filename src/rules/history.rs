//! Sets of earlier positions (or situations) with collision-proof membership.
//!
//! Membership is decided by the 64-bit Zobrist key in O(1) expected time; a key hit
//! is confirmed by comparing the stored position, so a hash collision can never make
//! a legal move illegal. The stored copies cost one byte per point per entry.

use crate::board::{Board, Color, Point};
use ahash::AHashMap;
use smallvec::SmallVec;

/// Hash of a situation: the position plus the player to move.
pub fn situation_hash(position_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => position_hash,
        Color::White => position_hash ^ crate::board::zobrist::WHITE_TO_MOVE,
    }
}

/// Invariant: `ends[i]` is where stored position `i` ends in `stored`, the
/// positions lying end to end; `by_hash` lists each position's id under its key.
#[derive(Default, Debug)]
pub struct PositionSet {
    by_hash: AHashMap<u64, SmallVec<[u32; 1]>>,
    /// The `Board::position_key` bytes of every position, in one buffer so
    /// that inserting allocates nothing once it has grown and a copy of the set
    /// (the search rebuilds a node's game at every expansion) is two buffer
    /// copies and a table copy, not one allocation per position.
    stored: Vec<u8>,
    ends: Vec<usize>,
}

impl Clone for PositionSet {
    fn clone(&self) -> PositionSet {
        PositionSet {
            by_hash: self.by_hash.clone(),
            stored: self.stored.clone(),
            ends: self.ends.clone(),
        }
    }

    /// Reuses `self`'s buffers.
    fn clone_from(&mut self, other: &PositionSet) {
        self.by_hash.clone_from(&other.by_hash);
        self.stored.clone_from(&other.stored);
        self.ends.clone_from(&other.ends);
    }
}

impl PositionSet {
    pub fn new() -> PositionSet {
        PositionSet::default()
    }

    pub fn clear(&mut self) {
        self.by_hash.clear();
        self.stored.clear();
        self.ends.clear();
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds the board's position under `key` (its hash, or a situation hash).
    /// Returns false if it was already there.
    pub fn insert(&mut self, key: u64, board: &Board) -> bool {
        let start = self.stored.len();
        board.append_position_key(&mut self.stored);
        if self.contains_position(key, &self.stored[start..]) {
            self.stored.truncate(start);
            return false;
        }
        self.ends.push(self.stored.len());
        self.by_hash
            .entry(key)
            .or_default()
            .push(self.ends.len() as u32 - 1);
        true
    }

    /// Whether the position `board` shows is present under `key`.
    pub fn contains(&self, key: u64, board: &Board) -> bool {
        self.by_hash.contains_key(&key) && self.contains_position(key, &board.position_key())
    }

    /// Whether `color` playing the pseudolegal point `p` on `board` would produce a
    /// position present under `key_of(resulting hash)`. The board is copied only on
    /// a key hit, to confirm it.
    pub fn contains_after(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        key_of: impl Fn(u64) -> u64,
    ) -> bool {
        let key = key_of(board.hash_after(color, p));
        if !self.by_hash.contains_key(&key) {
            return false;
        }
        let mut after = board.clone();
        after.play_unchecked(color, p);
        self.contains_position(key, &after.position_key())
    }

    /// The stored position with id `i`.
    fn position(&self, i: u32) -> &[u8] {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.stored[start..self.ends[i]]
    }

    fn contains_position(&self, key: u64, position: &[u8]) -> bool {
        self.by_hash
            .get(&key)
            .is_some_and(|ids| ids.iter().any(|&i| self.position(i) == position))
    }
}

/// Counts of situations, for the no-result rule (a situation occurring a third time).
#[derive(Clone, Default, Debug)]
pub struct SituationCounter {
    by_hash: AHashMap<u64, SmallVec<[(u32, u32); 1]>>,
    stored: Vec<Box<[u8]>>,
}

impl SituationCounter {
    pub fn clear(&mut self) {
        self.by_hash.clear();
        self.stored.clear();
    }

    /// Records one more occurrence of the board's position with `to_move` and
    /// returns how many times it has now occurred.
    pub fn record(&mut self, board: &Board, to_move: Color) -> u32 {
        let key = situation_hash(board.hash(), to_move);
        let position = board.position_key();
        let entries = self.by_hash.entry(key).or_default();
        for (id, count) in entries.iter_mut() {
            if *self.stored[*id as usize] == *position {
                *count += 1;
                return *count;
            }
        }
        self.stored.push(position.into_boxed_slice());
        entries.push((self.stored.len() as u32 - 1, 1));
        1
    }
}
