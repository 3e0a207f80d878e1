//! The training set both move-ratings trainers fit by minorisation-
//! maximisation (`train_ratings` for small boards, `train_ratings_large` for
//! 13x13 and up), and how a fitted model is scored on it.
//!
//! A candidate move is a row of `N` dense level indices, one per column
//! ([`ABSENT`] where the move has no level); a model is one gamma per index.

/// The index of a column the move has no level in.
pub const ABSENT: u32 = u32::MAX;

/// Candidates' rows, per position.
#[derive(Default)]
pub struct Set<const N: usize> {
    /// Per candidate move, `N` dense indices.
    pub features: Vec<[u32; N]>,
    /// Per position: first candidate, number of candidates, the chosen one.
    pub positions: Vec<(usize, usize, usize)>,
}

/// A candidate's strength: the product of its levels' gammas.
pub fn strength<const N: usize>(row: &[u32; N], gamma: &[f64]) -> f64 {
    row.iter()
        .filter(|&&i| i != ABSENT)
        .map(|&i| gamma[i as usize])
        .product()
}

/// Top-1 rate and mean log-likelihood of the chosen moves.
pub fn evaluate<const N: usize>(set: &Set<N>, gamma: &[f64]) -> (f64, f64) {
    let (mut hits, mut log_likelihood) = (0usize, 0f64);
    for &(start, len, chosen) in &set.positions {
        let strengths: Vec<f64> = set.features[start..start + len]
            .iter()
            .map(|f| strength(f, gamma))
            .collect();
        let total: f64 = strengths.iter().sum();
        let best = (0..len)
            .max_by(|&a, &b| strengths[a].total_cmp(&strengths[b]))
            .unwrap_or(0);
        hits += usize::from(best == chosen);
        log_likelihood += (strengths[chosen] / total).ln();
    }
    let n = set.positions.len().max(1) as f64;
    (hits as f64 / n, log_likelihood / n)
}
