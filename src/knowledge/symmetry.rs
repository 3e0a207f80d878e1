//! The eight symmetries of the square board (four rotations, each with or
//! without a mirror): the one implementation behind the 3x3 patterns, the
//! shape and diamond codes, the spatial patterns and the opening book.
//!
//! A [`Symmetry`] acts on offsets from a point ([`Symmetry::offset`]), on the
//! coordinates of a square board about its centre ([`Symmetry::coords`]) and
//! on *ring codes* ([`Symmetry::ring_code`]): two bits for each of the eight
//! neighbours of a point in the order of [`RING`] (bits 0..16), then two bits
//! for each of the four orthogonal directions N, E, S, W (bits 16..24, what
//! lies there is the caller's: the shape codes keep liberties, the diamond
//! codes the points two away). Bits from 24 up are left alone.
//!
//! Invariant: [`Symmetry::ALL`] is a group (closed under composition, each
//! with its inverse), so a minimum over all eight images is the same for
//! every image of a pattern, whatever the numbering.

/// One of the eight symmetries: bit 0 mirrors the x axis (x to -x), bit 1
/// the y axis, then bit 2 swaps x and y.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry(u8);

/// The offsets of a point's eight neighbours, x to the east and y to the
/// north: N, NE, E, SE, S, SW, W, NW, the ring order of the 3x3 codes
/// (`tactics::neighbourhood`).
pub(crate) const RING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// `PLACES[s][k]`: the ring place that place `k` goes to under symmetry `s`.
const PLACES: [[u8; 8]; 8] = {
    let mut places = [[0u8; 8]; 8];
    let mut s = 0;
    while s < 8 {
        let mut k = 0;
        while k < 8 {
            let image = Symmetry(s as u8).offset(RING[k]);
            let mut j = 0;
            while RING[j].0 != image.0 || RING[j].1 != image.1 {
                j += 1;
            }
            places[s][k] = j as u8;
            k += 1;
        }
        s += 1;
    }
    places
};

/// `IMAGES[s][b][v]`: the image under symmetry `s` of a ring code whose
/// byte `b` (of the low three) is `v` and the rest zero. Each field moves
/// within its own kind (ring places among bits 0..16, directions among
/// 16..24), so a code's image is the OR of its three bytes' images: three
/// loads where the field-by-field image took twelve field moves, for each of
/// the eight images of every candidate point the move ratings rate (24 KiB
/// of tables; u16 and u8 entries, 10 KiB, missed the cache less but cost
/// more instructions than they saved).
static IMAGES: [[[u32; 256]; 3]; 8] = {
    let mut images = [[[0u32; 256]; 3]; 8];
    let mut s = 0;
    while s < 8 {
        let mut b = 0;
        while b < 3 {
            let mut v = 0;
            while v < 256 {
                images[s][b][v] = Symmetry(s as u8).ring_code_by_fields((v as u32) << (8 * b));
                v += 1;
            }
            b += 1;
        }
        s += 1;
    }
    images
};

impl Symmetry {
    /// All eight, the identity first.
    pub(crate) const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The image of the offset `(dx, dy)`.
    #[inline]
    pub(crate) const fn offset(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        let x = if self.0 & 1 != 0 { -dx } else { dx };
        let y = if self.0 & 2 != 0 { -dy } else { dy };
        if self.0 & 4 != 0 { (y, x) } else { (x, y) }
    }

    /// The image of the point `(x, y)` (0-based) of a `size` board, turned
    /// about the board's centre.
    pub(crate) fn coords(self, size: usize, (x, y): (usize, usize)) -> (usize, usize) {
        // Doubled offsets from the centre stay whole on even sizes too.
        let last = size as i32 - 1;
        let (dx, dy) = self.offset((2 * x as i32 - last, 2 * y as i32 - last));
        (((dx + last) / 2) as usize, ((dy + last) / 2) as usize)
    }

    /// The symmetry that undoes this one.
    pub(crate) const fn inverse(self) -> Symmetry {
        if self.0 & 4 != 0 {
            // Mirroring then swapping is swapping then mirroring the other axis.
            Symmetry(4 | (self.0 & 1) << 1 | (self.0 & 2) >> 1)
        } else {
            self
        }
    }

    /// The image of a ring code (see the module documentation), field by
    /// field: the definition [`IMAGES`] tabulates.
    const fn ring_code_by_fields(self, code: u32) -> u32 {
        let places = &PLACES[self.0 as usize];
        let mut out = code & !0xFF_FFFF;
        let mut k = 0;
        while k < 8 {
            out |= ((code >> (2 * k)) & 3) << (2 * places[k] as u32);
            k += 1;
        }
        // The orthogonal directions are the even ring places.
        let mut j = 0;
        while j < 4 {
            let to = places[2 * j] as u32 / 2;
            out |= ((code >> (16 + 2 * j)) & 3) << (16 + 2 * to);
            j += 1;
        }
        out
    }

    /// The image of a ring code (see the module documentation).
    #[inline]
    pub(crate) fn ring_code(self, code: u32) -> u32 {
        let images = &IMAGES[self.0 as usize];
        (code & !0xFF_FFFF)
            | images[0][(code & 0xFF) as usize]
            | images[1][((code >> 8) & 0xFF) as usize]
            | images[2][((code >> 16) & 0xFF) as usize]
    }

    /// The ring place that place `k` goes to.
    pub(crate) fn ring_place(self, k: usize) -> usize {
        usize::from(PLACES[self.0 as usize][k])
    }
}

/// The least of a ring code's eight images: the key under which every image
/// of one shape is stored.
#[inline]
pub(crate) fn canonical_ring_code(code: u32) -> u32 {
    Symmetry::ALL
        .iter()
        .map(|s| s.ring_code(code))
        .min()
        .unwrap_or(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tabulated_images_are_the_field_by_field_ones() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let code = x as u32;
            for s in Symmetry::ALL {
                assert_eq!(
                    s.ring_code(code),
                    s.ring_code_by_fields(code),
                    "{s:?} {code:x}"
                );
            }
        }
    }

    fn compose(a: Symmetry, b: Symmetry) -> Symmetry {
        // The symmetry that maps every offset as `a` after `b`.
        let probe = [(1, 0), (0, 1)];
        *Symmetry::ALL
            .iter()
            .find(|s| probe.iter().all(|&o| s.offset(o) == a.offset(b.offset(o))))
            .expect("closed under composition")
    }

    #[test]
    fn the_eight_are_distinct_a_group_and_each_has_its_inverse() {
        let images: Vec<_> = Symmetry::ALL.iter().map(|s| s.offset((2, 1))).collect();
        for (i, a) in images.iter().enumerate() {
            assert!(!images[i + 1..].contains(a), "{images:?}");
        }
        for a in Symmetry::ALL {
            assert_eq!(compose(a, a.inverse()), Symmetry::ALL[0]);
            for b in Symmetry::ALL {
                compose(a, b);
            }
        }
    }

    #[test]
    fn coordinates_turn_about_the_centre_and_undo_exactly() {
        for size in [9, 10, 19] {
            for s in Symmetry::ALL {
                for p in [(0, 0), (2, 3), (size - 1, 1), (size / 2, size / 2)] {
                    let q = s.coords(size, p);
                    assert!(q.0 < size && q.1 < size);
                    assert_eq!(s.inverse().coords(size, q), p);
                }
            }
        }
        // The corner's images are the four corners.
        let mut corners: Vec<_> = Symmetry::ALL.iter().map(|s| s.coords(9, (0, 0))).collect();
        corners.sort_unstable();
        corners.dedup();
        assert_eq!(corners, [(0, 0), (0, 8), (8, 0), (8, 8)]);
        // 9x9 tengen is fixed, 3-4 has eight images.
        assert!(Symmetry::ALL.iter().all(|s| s.coords(9, (4, 4)) == (4, 4)));
        let mut threefour: Vec<_> = Symmetry::ALL.iter().map(|s| s.coords(9, (2, 3))).collect();
        threefour.sort_unstable();
        threefour.dedup();
        assert_eq!(threefour.len(), 8);
    }

    #[test]
    fn ring_codes_move_with_their_points() {
        // A code whose value at each place is a function of the place's
        // offset (the directions beside their ring places): turning the
        // points turns the code.
        let value = |o: (i32, i32)| -> u32 {
            match o {
                (0, 1) | (1, -1) | (-1, 0) => 1,
                (1, 1) | (0, -1) => 2,
                (1, 0) | (-1, -1) => 3,
                _ => 0,
            }
        };
        let arms = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let code_with = |map: &dyn Fn((i32, i32)) -> (i32, i32)| -> u32 {
            let mut c = 1 << 24;
            for (k, &o) in RING.iter().enumerate() {
                c |= value(map(o)) << (2 * k);
            }
            for (j, &o) in arms.iter().enumerate() {
                c |= (3 - value(map(o))) << (16 + 2 * j);
            }
            c
        };
        let identity = code_with(&|o| o);
        for s in Symmetry::ALL {
            // The point at offset o now holds what was at s^-1(o).
            let moved = code_with(&|o| s.inverse().offset(o));
            assert_eq!(s.ring_code(identity), moved, "{s:?}");
            assert_eq!(canonical_ring_code(moved), canonical_ring_code(identity));
            for k in 0..8 {
                assert_eq!(RING[s.ring_place(k)], s.offset(RING[k]));
            }
        }
    }
}
