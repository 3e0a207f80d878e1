//! A small, fast, seedable random number generator for playouts and tests.
//!
//! Our own (wyrand) rather than `rand`'s generators so that a seed gives the same
//! sequence whatever `rand` version is built: the benchmark signature and seeded
//! tests rely on that. `rand` is still used where statistical quality matters more
//! than speed and stability (seeding from entropy).

#[derive(Clone, Debug)]
pub struct FastRng {
    state: u64,
}

impl FastRng {
    pub fn new(seed: u64) -> FastRng {
        FastRng {
            state: seed ^ 0x2545_F491_4F6C_DD1D,
        }
    }

    /// Seeded from the operating system's entropy.
    pub(crate) fn from_entropy() -> FastRng {
        FastRng::new(rand::random())
    }

    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xA076_1D64_78BD_642F);
        let t = (self.state as u128).wrapping_mul((self.state ^ 0xE703_7ED1_A0B4_28DB) as u128);
        ((t >> 64) ^ t) as u64
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; the bias for n below 2^16 is
    /// under 2^-48, far below anything a playout can notice). `n` must be nonzero.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in `[0, 1)`.
    #[inline]
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = FastRng::new(7);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[rng.below(10)] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn same_seed_same_sequence() {
        let mut a = FastRng::new(42);
        let mut b = FastRng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(FastRng::new(1).next_u64(), FastRng::new(2).next_u64());
    }
}
