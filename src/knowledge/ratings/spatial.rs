//! Large spatial patterns for the move ratings (every board size): the colors of
//! every point within a gridcular distance of a move, hashed.
//!
//! The gridcular distance of an offset `(dx, dy)` is `|dx| + |dy| +
//! max(|dx|, |dy|)` (Pachi's measure: 2 next to the point, 3 diagonal, 4 two
//! away in line, 10 covers the 72 points up to five away in line). A move's
//! pattern at radius `r` holds, for every offset within `r`, whether the
//! point there is empty, the mover's, the opponent's or off the board; its
//! key is a Zobrist hash of those, the smallest over the board's eight
//! symmetries (so a pattern and its rotations and mirrors share a key) and
//! tagged with the radius (so radii never collide by design). Colors are
//! mover-relative, so Black's and White's patterns share keys too.
//!
//! [`keys`] gives the key at each radius of [`RADII`], [`Growing`] the same
//! one radius at a time; the ratings table lists the patterns seen often
//! enough in training, and a move's spatial level is its pattern at the
//! largest radius the table knows.
//!
//! Invariant: the keys are a pure function of the board, the mover and the
//! point, and the hash constants are fixed (derived from their index), so a
//! table trained once keeps matching.

use crate::board::{Board, Color, Point};
use crate::knowledge::symmetry::Symmetry;
use std::sync::OnceLock;

/// The radii with a key, smallest first.
pub const RADII: [u32; 6] = [5, 6, 7, 8, 9, 10];

/// One key per radius of [`RADII`].
pub(crate) type SpatialKeys = [u64; RADII.len()];

/// The offsets in order of distance, and the Zobrist constants by symmetry,
/// offset and content (0: empty, never hashed; 1 own; 2 opponent's; 3 off).
struct Tables {
    offsets: Vec<(i32, i32)>,
    /// How many leading offsets each radius of [`RADII`] covers.
    ends: [usize; RADII.len()],
    /// `zobrist[k][v][s]`: the constant of content `v` at offset `k` seen
    /// through symmetry `s` (the constant of the transformed offset). The
    /// eight symmetries side by side make one point's update of the eight
    /// hashes a single vectorised exclusive or.
    zobrist: Vec<[[u64; 8]; 4]>,
}

/// Gridcular distance of an offset.
fn gridcular(dx: i32, dy: i32) -> u32 {
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    ax + ay + ax.max(ay)
}

/// A fixed 64-bit mix (splitmix64's finaliser) for the constants.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let max = RADII[RADII.len() - 1];
        let mut offsets = Vec::new();
        for dy in -5i32..=5 {
            for dx in -5i32..=5 {
                let d = gridcular(dx, dy);
                if d > 0 && d <= max {
                    offsets.push((dx, dy));
                }
            }
        }
        // By distance, then a fixed order, so the layout is reproducible.
        offsets.sort_by_key(|&(dx, dy)| (gridcular(dx, dy), dy, dx));
        let ends = RADII.map(|r| {
            offsets
                .iter()
                .filter(|&&(dx, dy)| gridcular(dx, dy) <= r)
                .count()
        });
        let base = |k: usize, v: usize| mix((k as u64) << 2 | v as u64);
        let zobrist = offsets
            .iter()
            .map(|&o| {
                let images = Symmetry::ALL.map(|s| {
                    let t = s.offset(o);
                    offsets.iter().position(|&q| q == t).expect("symmetric set")
                });
                std::array::from_fn(|v| images.map(|k| if v == 0 { 0 } else { base(k, v) }))
            })
            .collect();
        Tables {
            offsets,
            ends,
            zobrist,
        }
    })
}

/// The pattern keys of the empty point `p` for `color` to move, one per
/// radius of [`RADII`].
pub fn keys(board: &Board, color: Color, p: Point) -> SpatialKeys {
    let mut grow = Growing::new(board, color, p);
    std::array::from_fn(|_| grow.next().expect("one key per radius"))
}

/// The keys of one point's patterns radius by radius, smallest first: each
/// radius hashes only the points it adds, so a reader that stops at the
/// first key its table lacks pays only for the radii it looked at.
pub(crate) struct Growing<'a> {
    board: &'a Board,
    color: Color,
    x: i32,
    y: i32,
    /// The hash of the offsets so far under each symmetry.
    h: [u64; 8],
    /// The next radius (index into [`RADII`]); its first offset to hash is
    /// the end of the radius before.
    r: usize,
}

impl<'a> Growing<'a> {
    pub(crate) fn new(board: &'a Board, color: Color, p: Point) -> Growing<'a> {
        let (x, y) = board.coords(p);
        Growing {
            board,
            color,
            x: x as i32,
            y: y as i32,
            h: [0; 8],
            r: 0,
        }
    }
}

impl Iterator for Growing<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let t = tables();
        let end = *t.ends.get(self.r)?;
        let start = self.r.checked_sub(1).map_or(0, |prev| t.ends[prev]);
        let n = self.board.size() as i32;
        for k in start..end {
            let (dx, dy) = t.offsets[k];
            let (qx, qy) = (self.x + dx, self.y + dy);
            let v = if qx < 0 || qy < 0 || qx >= n || qy >= n {
                3
            } else {
                match self.board.stone(self.board.point(qx as usize, qy as usize)) {
                    None => continue,
                    Some(c) if c == self.color => 1,
                    Some(_) => 2,
                }
            };
            let keys = &t.zobrist[k][v];
            for (hs, key) in self.h.iter_mut().zip(keys) {
                *hs ^= key;
            }
        }
        let min = self.h.iter().copied().min().unwrap_or(0);
        let key = min ^ mix(0x5A17_0000 + u64::from(RADII[self.r]));
        self.r += 1;
        Some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::testutil::{at, board_from};

    #[test]
    fn the_radii_cover_pachis_point_counts() {
        let t = tables();
        // Distance 10 reaches five points out in line: 72 points around.
        assert_eq!(t.ends, [20, 28, 36, 48, 60, 72]);
    }

    #[test]
    fn symmetric_and_color_swapped_patterns_share_keys_and_radii_differ() {
        // A black stone at a knight's move from D4 (E6), the same turned
        // a quarter, mirrored, and for White with the colors swapped.
        let one = board_from(&[
            ".......", "....X..", ".......", ".......", ".......", ".......", ".......",
        ]);
        let turned = board_from(&[
            ".......", ".......", ".......", ".......", ".....X.", ".......", ".......",
        ]);
        let mirrored = board_from(&[
            ".......", "..X....", ".......", ".......", ".......", ".......", ".......",
        ]);
        let swapped = board_from(&[
            ".......", ".......", ".......", ".......", ".O.....", ".......", ".......",
        ]);
        let d4 = at(&one, "D4");
        let k = keys(&one, Color::Black, d4);
        assert_eq!(k, keys(&turned, Color::Black, d4));
        assert_eq!(k, keys(&mirrored, Color::Black, d4));
        assert_eq!(k, keys(&swapped, Color::White, d4));
        // The mover's stone is not the opponent's.
        assert_ne!(k, keys(&one, Color::White, d4));
        // Every radius has its own key, even on an empty board.
        let empty = Board::new(19);
        let e = keys(&empty, Color::Black, empty.point(9, 9));
        for i in 1..RADII.len() {
            assert_ne!(e[i - 1], e[i]);
        }
    }

    #[test]
    fn large_radii_see_the_edges_and_small_ones_do_not() {
        // On an empty 19x19 board the 4-4 point and the 4-5 point look the
        // same at radius 5 (two points out in line), not at radius 10.
        let empty = Board::new(19);
        let k44 = keys(&empty, Color::Black, empty.point(3, 3));
        let k45 = keys(&empty, Color::Black, empty.point(3, 4));
        let k54 = keys(&empty, Color::Black, empty.point(4, 3));
        assert_eq!(k45, k54, "a mirror image");
        assert_ne!(k44[RADII.len() - 1], k45[RADII.len() - 1]);
        let centre = keys(&empty, Color::Black, empty.point(9, 9));
        assert_eq!(k44[0], centre[0], "both see no edge within 2");
        assert_ne!(k44[RADII.len() - 1], centre[RADII.len() - 1]);
    }
}
