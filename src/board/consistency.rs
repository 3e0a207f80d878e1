//! The board's self-check: every derived structure rebuilt from the colors alone
//! and compared with the incremental one. Tests and debug runs call it after every
//! move; nothing on the playing path does.
//!
//! It checks exactly the invariants listed in `mod.rs`, and reports the first one
//! it finds broken as a [`ConsistencyError`].

use super::{Board, EMPTY, MAX_POINTS, Point};
use std::fmt;

/// The first invariant [`Board::check_consistency`] found broken. Points and heads
/// are indices into the padded array.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ConsistencyError {
    /// An empty point whose `empty_index` slot does not hold it.
    EmptyNotIndexed {
        point: usize,
    },
    EmptyCount {
        recorded: usize,
        actual: usize,
    },
    /// A stone whose recorded head is not a stone of its chain.
    HeadNotInChain {
        point: usize,
        head: usize,
    },
    /// `diagram` is the board as text, to see the chain.
    Liberties {
        point: usize,
        recorded: u16,
        actual: u16,
        diagram: String,
    },
    ChainSize {
        point: usize,
        recorded: u16,
        actual: u16,
    },
    CycleLeavesChain {
        head: usize,
        at: usize,
    },
    CycleLength {
        head: usize,
        count: usize,
    },
    StaleNeighbourCounts {
        point: usize,
    },
    StaleRingCode {
        point: usize,
    },
    StaleHash,
    KoOccupied,
}

impl fmt::Display for ConsistencyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConsistencyError::EmptyNotIndexed { point } => {
                write!(f, "empty point {point} not indexed in the empty list")
            }
            ConsistencyError::EmptyCount { recorded, actual } => {
                write!(f, "empty count {recorded} but {actual} empty points")
            }
            ConsistencyError::HeadNotInChain { point, head } => {
                write!(f, "point {point}: chain head {head} is not in its chain")
            }
            ConsistencyError::Liberties {
                point,
                recorded,
                actual,
                diagram,
            } => write!(
                f,
                "point {point}: {recorded} liberties recorded, {actual} real\n{diagram}"
            ),
            ConsistencyError::ChainSize {
                point,
                recorded,
                actual,
            } => write!(f, "point {point}: chain size {recorded} vs {actual}"),
            ConsistencyError::CycleLeavesChain { head, at } => {
                write!(f, "next[] cycle of {head} leaves the chain at {at}")
            }
            ConsistencyError::CycleLength { head, count } => {
                write!(f, "next[] cycle of {head} has {count} stones")
            }
            ConsistencyError::StaleNeighbourCounts { point } => {
                write!(f, "neighbour counts of point {point} are stale")
            }
            ConsistencyError::StaleRingCode { point } => {
                write!(f, "ring code of point {point} is stale")
            }
            ConsistencyError::StaleHash => {
                write!(f, "incremental hash differs from the recomputed one")
            }
            ConsistencyError::KoOccupied => write!(f, "ko point is occupied"),
        }
    }
}

impl std::error::Error for ConsistencyError {}

impl Board {
    /// Rebuild every derived structure from the colors and compare it with the
    /// incremental one. Tests call this after every move.
    pub fn check_consistency(&self) -> Result<(), ConsistencyError> {
        let mut empties_seen = 0;
        for p in self.points() {
            let pi = p.idx();
            if self.cells[pi] == EMPTY {
                empties_seen += 1;
                let slot = self.empty_index[pi] as usize;
                if slot >= self.empty_count || self.empties[slot] as usize != pi {
                    return Err(ConsistencyError::EmptyNotIndexed { point: pi });
                }
            }
        }
        if empties_seen != self.empty_count {
            return Err(ConsistencyError::EmptyCount {
                recorded: self.empty_count,
                actual: empties_seen,
            });
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
                return Err(ConsistencyError::HeadNotInChain { point: pi, head });
            }
            if self.libs[head] != libs[true_head] {
                return Err(ConsistencyError::Liberties {
                    point: pi,
                    recorded: self.libs[head],
                    actual: libs[true_head],
                    diagram: self.to_ascii(),
                });
            }
            if self.stones[head] != stones[true_head] {
                return Err(ConsistencyError::ChainSize {
                    point: pi,
                    recorded: self.stones[head],
                    actual: stones[true_head],
                });
            }
            if pi == head {
                // The next[] cycle from the head visits exactly the chain's stones.
                let mut count = 0;
                let mut s = head;
                loop {
                    if chain[s] as usize != true_head {
                        return Err(ConsistencyError::CycleLeavesChain { head, at: s });
                    }
                    count += 1;
                    s = self.next[s] as usize;
                    if s == head || count > MAX_POINTS {
                        break;
                    }
                }
                if count != stones[true_head] as usize {
                    return Err(ConsistencyError::CycleLength { head, count });
                }
            }
        }
        let nbr = self.neighbour_counts();
        if let Some(p) = self.points().find(|p| nbr[p.idx()] != self.nbr[p.idx()]) {
            return Err(ConsistencyError::StaleNeighbourCounts { point: p.idx() });
        }
        let ring = self.ring_codes();
        if let Some(p) = self.points().find(|p| ring[p.idx()] != self.ring[p.idx()]) {
            return Err(ConsistencyError::StaleRingCode { point: p.idx() });
        }
        if !self.hash_stale && self.hash != self.compute_hash() {
            return Err(ConsistencyError::StaleHash);
        }
        if self.ko != Point::NONE && !self.is_empty(self.ko) {
            return Err(ConsistencyError::KoOccupied);
        }
        Ok(())
    }
}
