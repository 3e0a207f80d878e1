//! The board's self-check: every derived structure rebuilt from the colours alone
//! and compared with the incremental one. Tests and debug runs call it after every
//! move; nothing on the playing path does.
//!
//! It checks exactly the invariants listed in `mod.rs` and reports the first one
//! it finds broken.

use super::{Board, EMPTY, MAX_POINTS, Point};

impl Board {
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
}
