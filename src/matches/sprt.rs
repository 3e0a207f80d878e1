//! The sequential probability ratio test that lets `koban match -sprt ELO0,ELO1`
//! stop as soon as the games decide between two hypotheses about the first
//! engine's Elo advantage: H0 "it is `elo0`" against H1 "it is `elo1`".
//!
//! This is the generalised SPRT of chess-engine testing (fishtest, OpenBench)
//! with the logistic Elo model: an advantage `e` means an expected score of
//! `1 / (1 + 10^(-e/400))` a game. The results are a multinomial sample, each
//! outcome with a score in `[0, 1]`: one game (loss ½-draw win, the trinomial
//! model), or with colours alternating one pair of games (0, ¼, ½, ¾ or 1 a game,
//! the pentanomial model, which cancels the colour advantage and so needs fewer
//! games). For each hypothesis the log-likelihood is maximised over all outcome
//! distributions whose mean score is that hypothesis's score; the log-likelihood
//! ratio (LLR) of the two maxima is compared with Wald's bounds
//! `ln(β / (1 − α))` and `ln((1 − β) / α)`. Crossing the lower bound accepts H0,
//! the upper one H1; α and β are the chances of accepting H1 when H0 holds and H0
//! when H1 holds.
//!
//! Invariants: the LLR is finite for every tally (an empty tally gives 0), and is
//! exact, not an approximation, when only losses and wins occurred.

use std::fmt;

/// Expected score a game of an engine `elo` points stronger (logistic model).
pub(crate) fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Counts given to outcomes never seen when the hypotheses' scores lie outside
/// the seen ones (say after three straight wins), where no distribution over the
/// seen outcomes alone has the hypothesis's mean. Fishtest regularises alike.
const UNSEEN: f64 = 1e-3;

/// What the test concluded so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Verdict {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Verdict::Continue => "continue",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::AcceptH1 => "H1 accepted",
        })
    }
}

/// The two hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sprt {
    pub(crate) elo0: f64,
    pub(crate) elo1: f64,
    pub(crate) alpha: f64,
    pub(crate) beta: f64,
}

/// Why an SPRT setting is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SprtError {
    /// Not two numbers `ELO0,ELO1` with `ELO0 < ELO1`.
    Hypotheses(String),
    /// An error rate outside (0, ½).
    ErrorRate(String),
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SprtError::Hypotheses(text) => write!(
                f,
                "'{text}' is not ELO0,ELO1 with ELO0 < ELO1 (Elo between -1000 and 1000)"
            ),
            SprtError::ErrorRate(text) => {
                write!(f, "'{text}' must be a probability between 0 and 0.5")
            }
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    /// Parses `ELO0,ELO1` with the given error rates (also validated).
    pub(crate) fn parse(hypotheses: &str, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let bad = || SprtError::Hypotheses(hypotheses.to_string());
        let (a, b) = hypotheses.split_once(',').ok_or_else(bad)?;
        let elo = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|e| e.is_finite() && e.abs() <= 1000.0)
        };
        let (elo0, elo1) = (elo(a).ok_or_else(bad)?, elo(b).ok_or_else(bad)?);
        if elo0 >= elo1 {
            return Err(bad());
        }
        for rate in [alpha, beta] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(SprtError::ErrorRate(rate.to_string()));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's (lower, upper) bounds on the LLR.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub(crate) fn llr(&self, tally: &Tally) -> f64 {
        let (scores, counts) = tally.outcomes();
        llr(
            scores,
            counts,
            score_of_elo(self.elo0),
            score_of_elo(self.elo1),
        )
    }

    pub(crate) fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }

    /// The settings as recorded in a results table.
    pub(crate) fn describe(&self, model: Model) -> String {
        format!(
            "elo0 {}, elo1 {}, alpha {}, beta {}, logistic Elo, {}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            model.name()
        )
    }
}

/// How results are grouped into outcomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Model {
    /// Each game: loss, draw, win.
    Trinomial,
    /// Each pair of games with colours swapped: 0 to 2 points in half points.
    Pentanomial,
}

impl Model {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Model::Trinomial => "trinomial (games)",
            Model::Pentanomial => "pentanomial (game pairs)",
        }
    }
}

/// The results so far, grouped for the model.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tally {
    pub(crate) model: Model,
    /// Games (trinomial: losses, draws, wins) or pairs (pentanomial: 0, ½, 1,
    /// 1½, 2 points) by outcome.
    counts: [f64; 5],
    /// The first game of an unfinished pair: its points, `None` if unknown.
    half: Option<Option<f64>>,
    /// Games (trinomial) or pairs with a game of unknown result: not counted.
    pub(crate) skipped: usize,
}

const TRINOMIAL_SCORES: [f64; 3] = [0.0, 0.5, 1.0];
const PENTANOMIAL_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Tally {
    pub(crate) fn new(model: Model) -> Tally {
        Tally {
            model,
            counts: [0.0; 5],
            half: None,
            skipped: 0,
        }
    }

    /// Adds the next game's points for the first engine (1, ½, 0, or `None`
    /// when unknown). Games must come in order: games 2k and 2k+1 form a pair.
    pub(crate) fn add(&mut self, points: Option<f64>) {
        match self.model {
            Model::Trinomial => match points {
                Some(p) => self.counts[(p * 2.0).round().clamp(0.0, 2.0) as usize] += 1.0,
                None => self.skipped += 1,
            },
            Model::Pentanomial => match self.half.take() {
                None => self.half = Some(points),
                Some(first) => match (first, points) {
                    (Some(a), Some(b)) => {
                        self.counts[((a + b) * 2.0).round().clamp(0.0, 4.0) as usize] += 1.0
                    }
                    _ => self.skipped += 1,
                },
            },
        }
    }

    /// Outcome counts as a table records them (`L-D-W` or `0-1-2-3-4`).
    pub(crate) fn describe(&self) -> String {
        let (_, counts) = self.outcomes();
        let list: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
        match self.model {
            Model::Trinomial => format!("losses-draws-wins {}", list.join("-")),
            Model::Pentanomial => format!("pairs by points 0-0.5-1-1.5-2 {}", list.join("-")),
        }
    }

    fn outcomes(&self) -> (&'static [f64], &[f64]) {
        match self.model {
            Model::Trinomial => (&TRINOMIAL_SCORES, &self.counts[..3]),
            Model::Pentanomial => (&PENTANOMIAL_SCORES, &self.counts[..]),
        }
    }
}

/// The generalised log-likelihood ratio of mean score `s1` against `s0` for
/// `counts[i]` outcomes of score `scores[i]` (scores ascending, in `[0, 1]`).
pub(crate) fn llr(scores: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    let total: f64 = counts.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    let seen = |i: usize| counts[i] > 0.0;
    let lowest = (0..scores.len()).find(|&i| seen(i)).map(|i| scores[i]);
    let highest = (0..scores.len()).rfind(|&i| seen(i)).map(|i| scores[i]);
    let straddles = matches!((lowest, highest),
        (Some(lo), Some(hi)) if lo < s0.min(s1) && hi > s0.max(s1));
    let counts: Vec<f64> = if straddles {
        counts.to_vec()
    } else {
        counts.iter().map(|&c| c.max(UNSEEN)).collect()
    };
    let total: f64 = counts.iter().sum();
    let p: Vec<f64> = counts.iter().map(|c| c / total).collect();
    let l0 = lagrange(scores, &p, s0);
    let l1 = lagrange(scores, &p, s1);
    scores
        .iter()
        .zip(&counts)
        .filter(|&(_, &n)| n > 0.0)
        .map(|(&a, &n)| n * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln()))
        .sum()
}

/// The multiplier λ of the maximum-likelihood distribution with mean `s`:
/// `p_i / (1 + λ (a_i − s))` sums to 1 and has mean `s` exactly when
/// `Σ p_i (a_i − s) / (1 + λ (a_i − s)) = 0`. That sum falls from +∞ to −∞
/// over the λ that keep every weight positive, so bisection finds its root.
/// Needs outcomes seen on both sides of `s`.
fn lagrange(scores: &[f64], p: &[f64], s: f64) -> f64 {
    let deviations = || {
        scores
            .iter()
            .zip(p)
            .filter(|&(_, &q)| q > 0.0)
            .map(move |(&a, &q)| (a - s, q))
    };
    let above = deviations().map(|(d, _)| d).fold(f64::MIN, f64::max);
    let below = deviations().map(|(d, _)| d).fold(f64::MAX, f64::min);
    if above <= 0.0 || below >= 0.0 {
        return 0.0;
    }
    let (mut lo, mut hi) = (-1.0 / above, -1.0 / below);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let f: f64 = deviations().map(|(d, q)| q * d / (1.0 + mid * d)).sum();
        if f > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests;
