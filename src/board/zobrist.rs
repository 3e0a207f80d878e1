//! Zobrist keys for positions.
//!
//! The table is built at compile time from a fixed seed, so a position hashes to the
//! same 64-bit key in every run and every thread; the rules layer depends on that when
//! it keeps sets of earlier positions.

use super::MAX_POINTS;

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
    let mut colour = 0;
    while colour < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (next, value) = splitmix64(state);
            state = next;
            table[colour][p] = value;
            p += 1;
        }
        colour += 1;
    }
    table
}

/// `STONE[colour index][point]`: the key XORed in while that stone is on the board.
pub static STONE: [[u64; MAX_POINTS]; 2] = build();

/// XORed into a position hash to make a situation hash with White to move.
pub const WHITE_TO_MOVE: u64 = 0x5D1F_3C7A_9B24_E681;
