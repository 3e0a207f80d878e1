//! The training set the move-ratings trainer (`train_ratings`) fits by
//! minorisation-maximisation, how often each level was chosen, how a fitted
//! model is scored on it, and how a level is spelled in a table.
//!
//! A candidate move is a row of `N` dense level indices, one per column
//! ([`ABSENT`] where the move has no level); a model is one gamma per index.

use koban::knowledge::ratings::{Feature, Group, RARE_SHAPE, unpack};

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
        let (hit, ln) = judge(&strengths, chosen);
        hits += usize::from(hit);
        log_likelihood += ln;
    }
    let n = set.positions.len().max(1) as f64;
    (hits as f64 / n, log_likelihood / n)
}

/// One position scored: whether the chosen candidate is the most probable
/// (ties go to the last of the best) and the log of its probability, given
/// every candidate's strength (or probability).
pub fn judge(strengths: &[f64], chosen: usize) -> (bool, f64) {
    let total: f64 = strengths.iter().sum();
    let best = (0..strengths.len())
        .max_by(|&a, &b| strengths[a].total_cmp(&strengths[b]))
        .unwrap_or(0);
    // A probability that underflowed to 0 counts as 1e-30, not minus infinity.
    (best == chosen, (strengths[chosen] / total).max(1e-30).ln())
}

/// Per level: how many chosen moves had it (MM's wins).
pub fn chosen_counts<const N: usize>(set: &Set<N>, levels: usize) -> Vec<f64> {
    let mut wins = vec![0f64; levels];
    for &(start, _, chosen) in &set.positions {
        for &i in set.features[start + chosen]
            .iter()
            .filter(|&&i| i != ABSENT)
        {
            wins[i as usize] += 1.0;
        }
    }
    wins
}

/// A feature's level as the tables write it: shapes and diamonds as six hex
/// digits (or `rare`), every other group as its number.
pub fn level_text(f: Feature) -> String {
    let (group, level) = unpack(f);
    if group == Group::Shape as usize || group == Group::Diamond as usize {
        if level == RARE_SHAPE {
            "rare".to_string()
        } else {
            format!("{level:06x}")
        }
    } else {
        level.to_string()
    }
}
