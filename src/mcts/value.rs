//! The selection value of a child: its RAVE blend of real visits, AMAF
//! samples and the prior's virtual visits, plus the UCT exploration term; and
//! the weight an AMAF sample is backed up with (distance RAVE).
//!
//! Invariants:
//! - A value is the choosing player's view: the child's wins are counted for
//!   the player who moved into it.
//! - Computing a value only reads the node's atomics, so threads select
//!   concurrently without locks; visits added on the way down (virtual loss)
//!   lower a value until the result comes back.
//! - A terminal child counts at its mean result alone, without prior or AMAF.
//! - Every AMAF sample weighs at least 1.

use super::params::BoardParams;
#[cfg(test)]
use super::tree::Node;
use super::tree::{TERMINAL, Tree};
use std::sync::atomic::Ordering::Relaxed;

/// Pachi's distance-RAVE weight of an AMAF sample: `1 + distance_weight *
/// still_to_come / span` in whole steps, where `still_to_come` counts the
/// simulation's plays from the sample's play on and `span` is one more than
/// the plays after the node.
#[inline]
pub(crate) fn amaf_weight(distance_weight: u32, still_to_come: u32, span: u32) -> u32 {
    1 + distance_weight * still_to_come / span
}

/// The tunables `child_value` (the scalar definition, in tests) needs, as `f32`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ValueConstants {
    /// `uct_exploration`; when 0 the caller need not take the parent's log.
    pub(super) explore: f32,
    rave_inv: f32,
    even: f32,
    prior_real_only: bool,
}

impl ValueConstants {
    #[inline]
    pub(crate) fn of(t: &BoardParams) -> ValueConstants {
        ValueConstants {
            explore: t.search.uct_exploration as f32,
            rave_inv: 1.0 / t.search.rave_equiv as f32,
            even: t.prior.even as f32,
            prior_real_only: t.search.rave_prior_real_only,
        }
    }
}

/// The selection value of a child for the player choosing it: RAVE-blended value
/// (priors included) plus a small UCT exploration term. Terminal children count
/// at their exact value. The definition, child by child, that the search's
/// [`child_values`] computes eight at a time.
#[cfg(test)]
pub(crate) fn child_value(ch: &Node, log_parent: f32, k: &ValueConstants) -> f32 {
    let v = ch.visits.load(Relaxed) as f32;
    let explore = if k.explore > 0.0 {
        k.explore * (log_parent / (v + 1.0)).sqrt()
    } else {
        0.0
    };
    if ch.state() == TERMINAL {
        // Every visit of a terminal child scores the same stored margin (drawn
        // afresh only under the score bonus), so its mean needs no prior or
        // AMAF once visited.
        let w = ch.wins.load(Relaxed) as f32 * 0.5;
        return if v > 0.0 {
            w / v + explore
        } else {
            0.5 + explore
        };
    }
    let (pv, pw) = prior(f32::from(ch.prior()), k.even);
    let wins = ch.wins.load(Relaxed) as f32 * 0.5;
    let q = (wins + pw) / (v + pv);
    let av = ch.amaf_visits.load(Relaxed) as f32;
    let amaf_wins = ch.amaf_wins.load(Relaxed) as f32 * 0.5;
    // The visits beta weighs AMAF against: the real ones, plus the prior's
    // when the prior counts as real visits only (then AMAF is its samples
    // alone).
    let (qa, n) = if k.prior_real_only {
        let qa = if av > 0.0 { amaf_wins / av } else { 0.0 };
        (qa, v + pv)
    } else {
        ((amaf_wins + pw) / (av + pv), v)
    };
    let beta = av / (av + n + n * av * k.rave_inv + 1e-6);
    (1.0 - beta) * q + beta * qa + explore
}

/// Children valued together by [`child_values`].
pub(crate) const LANES: usize = 8;

/// `child_value` of the `n` (at most [`LANES`]) children from `first`,
/// lane by lane: the loads first, then the same arithmetic in the same order
/// with the branches as selections, which the compiler turns into packed
/// divisions and square roots (each lane's result is the scalar one: IEEE
/// division and square root round the same either way). Selection spends
/// most of the tree's time here, over every child of every node it passes.
#[inline]
pub(crate) fn child_values(
    tree: &Tree,
    first: u32,
    n: usize,
    log_parent: f32,
    k: &ValueConstants,
) -> [f32; LANES] {
    lane_values::<false>(tree, first, n, log_parent, k, &[0.0; LANES])
}

/// [`child_values`] with `extra[j]` more AMAF samples for lane `j`, all won
/// by the chooser (won ones taken away when negative, never below none): the
/// criticality bonus ([`super::criticality`]). With no extra the values are
/// [`child_values`]' to the bit (adding 0 to a count changes nothing).
#[inline]
pub(crate) fn child_values_with(
    tree: &Tree,
    first: u32,
    n: usize,
    log_parent: f32,
    k: &ValueConstants,
    extra: &[f32; LANES],
) -> [f32; LANES] {
    lane_values::<true>(tree, first, n, log_parent, k, extra)
}

/// The lanes' values, with `extra` read only when `EXTRA` (so the default
/// search pays nothing for the criticality bonus).
#[inline(always)]
fn lane_values<const EXTRA: bool>(
    tree: &Tree,
    first: u32,
    n: usize,
    log_parent: f32,
    k: &ValueConstants,
    extra: &[f32; LANES],
) -> [f32; LANES] {
    let mut visits = [0f32; LANES];
    let mut wins = [0f32; LANES];
    let mut amaf_visits = [0f32; LANES];
    let mut amaf_wins = [0f32; LANES];
    let mut bonus = [0f32; LANES];
    let mut terminal = [false; LANES];
    for j in 0..n.min(LANES) {
        let ch = tree.node(first + j as u32);
        visits[j] = ch.visits.load(Relaxed) as f32;
        terminal[j] = ch.state() == TERMINAL;
        bonus[j] = f32::from(ch.prior());
        wins[j] = ch.wins.load(Relaxed) as f32 * 0.5;
        amaf_visits[j] = ch.amaf_visits.load(Relaxed) as f32;
        amaf_wins[j] = ch.amaf_wins.load(Relaxed) as f32 * 0.5;
        if EXTRA {
            amaf_visits[j] = (amaf_visits[j] + extra[j]).max(0.0);
            amaf_wins[j] = (amaf_wins[j] + extra[j]).max(0.0);
        }
    }
    let mut out = [0f32; LANES];
    for j in 0..LANES {
        let v = visits[j];
        let explore = if k.explore > 0.0 {
            k.explore * (log_parent / (v + 1.0)).sqrt()
        } else {
            0.0
        };
        let (pv, pw) = prior(bonus[j], k.even);
        let q = (wins[j] + pw) / (v + pv);
        let av = amaf_visits[j];
        let (qa, n) = if k.prior_real_only {
            let qa = if av > 0.0 { amaf_wins[j] / av } else { 0.0 };
            (qa, v + pv)
        } else {
            ((amaf_wins[j] + pw) / (av + pv), v)
        };
        let beta = av / (av + n + n * av * k.rave_inv + 1e-6);
        let value = (1.0 - beta) * q + beta * qa + explore;
        let terminal_value = if v > 0.0 {
            wins[j] / v + explore
        } else {
            0.5 + explore
        };
        out[j] = if terminal[j] { terminal_value } else { value };
    }
    out
}

/// Virtual visits and wins a child starts with: `even` at 0.5, plus the node's
/// prior `b` (a whole number) as won (positive) or lost (negative) visits.
/// Branch-free once inlined into [`child_values`]' lanes.
#[inline(always)]
fn prior(b: f32, even: f32) -> (f32, f32) {
    if b >= 0.0 {
        (even + b, even * 0.5 + b)
    } else {
        (even - b, even * 0.5)
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::Tunables;
    use super::super::tree::Tree;
    use super::*;
    use crate::board::{Move, Point};

    /// The value of a child with `prior`, `visits` real visits won half the
    /// time and `amaf` AMAF samples won a quarter of the time.
    fn value_of(prior: i8, visits: u32, amaf: u32, real_only: bool) -> f32 {
        let tree = Tree::new(16);
        let root = tree.root_node();
        assert!(root.try_begin_expansion());
        assert!(tree.expand(tree.root, &[(Move::Play(Point(1)), 0, prior)]));
        let child = tree.node(root.children().start);
        // Wins are counted in half-points: 2 per won visit.
        child.visits.store(visits, Relaxed);
        child.wins.store(visits, Relaxed);
        child.amaf_visits.store(amaf, Relaxed);
        child.amaf_wins.store(amaf / 2, Relaxed);
        let switch = if real_only { "1" } else { "0" };
        let params = Tunables::default()
            .with("rave_prior_real_only", switch)
            .with("uct_exploration", "0");
        child_value(child, 0.0, &ValueConstants::of(params.for_board(9)))
    }

    #[test]
    fn a_prior_in_the_real_statistics_only_outlasts_the_amaf_samples() {
        // A strong prior (127 won visits) on a child visited 20 times and seen
        // in 3,000 AMAF samples that mostly lost. Blended into the AMAF
        // statistics too, the prior is under 5% of them and beta gives them 98.7%
        // of the weight (0.290); counted as real visits, the prior lowers
        // beta to 90% and keeps the real mean in the blend (0.312).
        let blended = value_of(127, 20, 3000, false);
        let real_only = value_of(127, 20, 3000, true);
        assert!((blended - 0.290).abs() < 0.001, "{blended}");
        assert!((real_only - 0.312).abs() < 0.001, "{real_only}");
        // With neither prior nor samples the two agree on the real mean
        // (the even visits are at 0.5 either way).
        assert!((value_of(0, 20, 0, false) - value_of(0, 20, 0, true)).abs() < 1e-6);
    }

    #[test]
    fn child_values_are_child_value_lane_by_lane() {
        // Eleven children (a full group of eight and a partial one) with
        // priors of both signs, unvisited, visited, with and without AMAF
        // samples, one terminal; under both AMAF modes, with exploration.
        let tree = Tree::new(64);
        let root = tree.root_node();
        assert!(root.try_begin_expansion());
        let priors = [0i8, 5, -3, 127, -128, 0, 1, -1, 40, 0, 2];
        let children: Vec<_> = (0..priors.len())
            .map(|i| (Move::Play(Point(i as u16 + 1)), 0, priors[i]))
            .collect();
        assert!(tree.expand(tree.root, &children));
        let first = root.children().start;
        for (i, (visits, amaf)) in [(0, 0), (3, 0), (0, 7), (50, 400), (9, 9), (1, 0)]
            .into_iter()
            .cycle()
            .take(priors.len())
            .enumerate()
        {
            let child = tree.node(first + i as u32);
            child.visits.store(visits, Relaxed);
            child.wins.store(visits + i as u32, Relaxed);
            child.amaf_visits.store(amaf, Relaxed);
            child.amaf_wins.store(amaf / 3, Relaxed);
        }
        tree.node(first + 3).set_terminal(4);
        tree.node(first + 9).set_terminal(-2);
        for switch in ["0", "1"] {
            let params = Tunables::default()
                .with("rave_prior_real_only", switch)
                .with("uct_exploration", "0.3");
            let k = ValueConstants::of(params.for_board(9));
            let log_n = 5.5f32.ln();
            for (start, n) in [(0, LANES), (LANES, priors.len() - LANES)] {
                let values = child_values(&tree, first + start as u32, n, log_n, &k);
                for (j, value) in values[..n].iter().enumerate() {
                    let want = child_value(tree.node(first + (start + j) as u32), log_n, &k);
                    assert_eq!(value.to_bits(), want.to_bits(), "child {}", start + j);
                }
            }
        }
    }

    #[test]
    fn extra_won_samples_raise_a_value_and_taken_ones_lower_it() {
        // One child visited 20 times (half won) with 400 AMAF samples won a
        // third of the time: won extra samples (positive criticality) raise
        // its value, taken ones (negative) lower it, none leaves it alone,
        // and taking more than there are cannot make a count negative.
        let tree = Tree::new(16);
        let root = tree.root_node();
        assert!(root.try_begin_expansion());
        assert!(tree.expand(tree.root, &[(Move::Play(Point(1)), 0, 0)]));
        let first = root.children().start;
        let child = tree.node(first);
        child.visits.store(20, Relaxed);
        child.wins.store(20, Relaxed);
        child.amaf_visits.store(400, Relaxed);
        child.amaf_wins.store(266, Relaxed);
        let params = Tunables::default().with("uct_exploration", "0");
        let k = ValueConstants::of(params.for_board(9));
        let with = |extra: f32| {
            let mut e = [0f32; LANES];
            e[0] = extra;
            child_values_with(&tree, first, 1, 0.0, &k, &e)[0]
        };
        let plain = child_values(&tree, first, 1, 0.0, &k)[0];
        assert_eq!(with(0.0).to_bits(), plain.to_bits());
        assert!(with(100.0) > plain + 0.05, "{} {plain}", with(100.0));
        assert!(with(-100.0) < plain - 0.05, "{} {plain}", with(-100.0));
        let emptied = with(-1000.0);
        assert!(emptied.is_finite() && emptied >= 0.0, "{emptied}");
    }

    #[test]
    fn distance_rave_weighs_early_plays_in_thirds() {
        // Twelve plays after the node (span 13): with weight 3 the plays in the
        // first third count 3, the middle third 2, the last third 1.
        let weights: Vec<u32> = (1..=12)
            .rev()
            .map(|left| amaf_weight(3, left, 13))
            .collect();
        assert_eq!(weights, [3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]);
        // Weight 0 counts every sample once.
        assert!((1..=12).all(|left| amaf_weight(0, left, 13) == 1));
    }
}
