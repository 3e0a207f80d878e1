//! Interned positions: every distinct position a variant has seen gets a small
//! integer id, so histories, runs and records can hold ids and compare them exactly.
//!
//! Invariant: two boards get the same id if and only if they show the same
//! position. Lookup goes by the 64-bit Zobrist key, and every key hit is confirmed
//! by comparing the stored position byte for byte, so a hash collision can never
//! merge two positions (and so never changes a legality or a game end).

use crate::board::{Board, Color, Point};
use ahash::AHashMap;
use smallvec::SmallVec;

pub type PositionId = u32;

#[derive(Clone, Default, Debug)]
pub struct PositionTable {
    by_hash: AHashMap<u64, SmallVec<[PositionId; 1]>>,
    stored: Vec<Box<[u8]>>,
    hashes: Vec<u64>,
}

impl PositionTable {
    pub fn new() -> PositionTable {
        PositionTable::default()
    }

    pub fn len(&self) -> usize {
        self.stored.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stored.is_empty()
    }

    /// The id of the board's position, adding it if new.
    pub fn intern(&mut self, board: &Board) -> PositionId {
        self.intern_key(board.hash(), board.position_key())
    }

    /// The id of a position given as its hash and `Board::position_key` bytes.
    /// The caller guarantees that `hash` is the position's Zobrist hash.
    pub fn intern_key(&mut self, hash: u64, position: Vec<u8>) -> PositionId {
        if let Some(id) = self.find_key(hash, &position) {
            return id;
        }
        let id = self.stored.len() as PositionId;
        self.stored.push(position.into_boxed_slice());
        self.hashes.push(hash);
        self.by_hash.entry(hash).or_default().push(id);
        id
    }

    /// The id of the board's position, if it was interned.
    pub fn find(&self, board: &Board) -> Option<PositionId> {
        if !self.by_hash.contains_key(&board.hash()) {
            return None;
        }
        self.find_key(board.hash(), &board.position_key())
    }

    /// The id of the position `color` playing the pseudolegal point `p` would
    /// produce, if it was interned and `wanted` accepts it. Only ids that pass
    /// `wanted` are confirmed, and the board is copied only for that
    /// confirmation, so a miss costs one hash computation.
    pub fn find_after(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        wanted: impl Fn(PositionId) -> bool,
    ) -> Option<PositionId> {
        let hash = board.hash_after(color, p);
        let candidates = self.by_hash.get(&hash)?;
        if !candidates.iter().any(|&id| wanted(id)) {
            return None;
        }
        let mut after = board.clone();
        after.play_unchecked(color, p);
        let position = after.position_key();
        candidates
            .iter()
            .copied()
            .find(|&id| wanted(id) && *self.stored[id as usize] == *position)
    }

    /// The Zobrist hash of an interned position.
    pub fn hash(&self, id: PositionId) -> u64 {
        self.hashes[id as usize]
    }

    /// The stored position (`Board::position_key` layout).
    pub fn position(&self, id: PositionId) -> &[u8] {
        &self.stored[id as usize]
    }

    fn find_key(&self, hash: u64, position: &[u8]) -> Option<PositionId> {
        self.by_hash
            .get(&hash)?
            .iter()
            .copied()
            .find(|&id| *self.stored[id as usize] == *position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_hash_collision_keeps_positions_apart() {
        let mut table = PositionTable::new();
        let mut a = Board::new(5);
        a.set_cell(a.point(0, 0), Some(Color::Black));
        let mut b = Board::new(5);
        b.set_cell(b.point(4, 4), Some(Color::White));
        // Same (fake) key for two different positions: the ids must differ and
        // each must be found again under that key.
        let ia = table.intern_key(42, a.position_key());
        let ib = table.intern_key(42, b.position_key());
        assert_ne!(ia, ib);
        assert_eq!(table.intern_key(42, a.position_key()), ia);
        assert_eq!(table.intern_key(42, b.position_key()), ib);
        assert_eq!(table.len(), 2);
    }

    #[test]
    fn find_after_sees_the_position_a_play_makes() {
        let mut table = PositionTable::new();
        let empty = Board::new(5);
        let mut after = empty.clone();
        let c3 = after.point(2, 2);
        after.play_unchecked(Color::Black, c3);
        let id = table.intern(&after);
        assert_eq!(
            table.find_after(&empty, Color::Black, c3, |_| true),
            Some(id)
        );
        assert_eq!(table.find_after(&empty, Color::Black, c3, |_| false), None);
        assert_eq!(table.find_after(&empty, Color::White, c3, |_| true), None);
        assert_eq!(table.find(&after), Some(id));
        assert_eq!(table.find(&empty), None);
    }
}
