//! Zobrist keys for positions.
//!
//! The table is built at compile time from a fixed seed, so a position hashes to the
//! same 64-bit key in every run and every thread; the rules layer depends on that when
//! it keeps sets of earlier positions.
//!
//! Also the hashes computed from the keys without playing: from scratch (which the
//! incremental `hash` must always equal) and after a candidate move.

use super::legality::LibertyEffect;
use super::{Board, Color, MAX_POINTS, Point};

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const fn build() -> [[u64; MAX_POINTS]; 2] {
    let mut table = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x6B6F_6261_6E5F_7A6Fu64; // "koban_zo"
    let mut color = 0;
    while color < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (next, value) = splitmix64(state);
            state = next;
            table[color][p] = value;
            p += 1;
        }
        color += 1;
    }
    table
}

/// `STONE[color index][point]`: the key XORed in while that stone is on the board.
pub(crate) static STONE: [[u64; MAX_POINTS]; 2] = build();

/// XORed into a position hash to make a situation hash with White to move.
pub(crate) const WHITE_TO_MOVE: u64 = 0x5D1F_3C7A_9B24_E681;

impl Board {
    /// The position hash after `color` plays the pseudolegal point `p`, computed
    /// without playing: O(stones removed). Superko checks use it to stay O(1) per
    /// candidate when nothing is captured.
    pub(crate) fn hash_after(&self, color: Color, p: Point) -> u64 {
        let me = color.cell();
        let opp = color.opponent();
        let mut h = self.hash ^ STONE[color.index()][p.idx()];
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
                let key = &STONE[if suicide { color } else { opp }.index()];
                for s in self.chain_stones(q) {
                    h ^= key[s.idx()];
                }
            }
        }
        if suicide {
            // The played stone goes too.
            h ^= STONE[color.index()][p.idx()];
        }
        h
    }

    /// Hash recomputed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        self.points()
            .filter_map(|p| self.stone(p).map(|c| STONE[c.index()][p.idx()]))
            .fold(0, |a, b| a ^ b)
    }
}
