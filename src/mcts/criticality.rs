//! Criticality of the tree's moves (Coulom, "Criticality: a Monte-Carlo
//! heuristic for Go programs", 2009; Pachi's `ucb1amaf` has it on by
//! default as `crit_rave`): how much owning a node's point at the end of a
//! simulation through it goes with winning that simulation. AMAF credits
//! every stone of the winner alike; a move whose point decides a capturing
//! race is worth more than that says, and one that only looks good because
//! the winner happens to own its point, less.
//!
//! It switches on only for a child with `crit_min_visits` simulations of this
//! search (2,000 in Pachi), so it changes long searches, not short ones: the
//! setting of the time-scaling experiments of issue 60. Its parent's
//! selection then treats `crit_rave * criticality * AMAF samples` extra AMAF
//! samples as won by the chooser (as Pachi merges them into the RAVE
//! statistics; a negative criticality takes won samples away).
//!
//! The counts live beside the tree, by node index, and cover one search: the
//! tree moves nodes when it is rerooted between searches, and a fresh count
//! is the position's own. Nodes past [`TRACKED_NODES`] are not counted; a
//! node that gathers thousands of simulations in one search is created early
//! in it (or kept from the last one, which rerooting moves to the front).
//!
//! Invariant: counts are in half-units (a point neither side owns counts
//! half to each, and so does a drawn game), and every sample adds to all
//! four counters of its node.

use crate::board::{Board, Color, Point};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Nodes counted per search (4 MiB of counts while the heuristic is on).
pub(crate) const TRACKED_NODES: usize = 1 << 18;

/// One node's counts, in half-units.
#[derive(Default)]
struct Counts {
    samples: AtomicU32,
    winner_owned: AtomicU32,
    black_owned: AtomicU32,
    black_won: AtomicU32,
}

/// The criticality counts of one search; empty (and free) when off.
pub(crate) struct Criticality {
    counts: Box<[Counts]>,
}

impl Criticality {
    /// Counts for the first [`TRACKED_NODES`] nodes when `on`, none
    /// otherwise.
    pub(crate) fn new(on: bool) -> Criticality {
        let n = if on { TRACKED_NODES } else { 0 };
        Criticality {
            counts: (0..n).map(|_| Counts::default()).collect(),
        }
    }

    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        !self.counts.is_empty()
    }

    /// Records a simulation through `node`, whose move was a play at `p`,
    /// that ended on `board` with Black's half-wins `result_black` (2 won, 1
    /// drawn, 0 lost). Ownership is the playouts' own count: a stone, or an
    /// empty point only one colour borders.
    #[inline]
    pub(crate) fn record(&self, node: u32, p: Point, board: &Board, result_black: u8) {
        let Some(c) = self.counts.get(node as usize) else {
            return;
        };
        let black: u32 = match board.playout_owner(p) {
            Some(Color::Black) => 2,
            Some(Color::White) => 0,
            None => 1,
        };
        let black_won = u32::from(result_black.min(2));
        // The winner's half-share of the point: Black's share when Black won,
        // White's when White did, the mean on a draw.
        let winner = (black * black_won + (2 - black) * (2 - black_won)) / 2;
        c.samples.fetch_add(2, Relaxed);
        c.black_owned.fetch_add(black, Relaxed);
        c.winner_owned.fetch_add(winner, Relaxed);
        c.black_won.fetch_add(black_won, Relaxed);
    }

    /// The criticality of `node`: P(the winner owns its point) less what
    /// independence would give, P(Black owns) P(Black wins) + P(White owns)
    /// P(White wins); `None` below `min_samples` simulations of this search.
    #[inline]
    pub(crate) fn of(&self, node: u32, min_samples: u32) -> Option<f32> {
        let c = self.counts.get(node as usize)?;
        let n = c.samples.load(Relaxed);
        if n / 2 < min_samples.max(1) {
            return None;
        }
        let n = n as f32;
        let winner = c.winner_owned.load(Relaxed) as f32 / n;
        let black = c.black_owned.load(Relaxed) as f32 / n;
        let won = c.black_won.load(Relaxed) as f32 / n;
        Some(winner - (black * won + (1.0 - black) * (1.0 - won)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    #[test]
    fn a_point_owned_by_every_winner_is_critical_and_an_independent_one_is_not() {
        let black = board_from(&["X..", "...", "..."]);
        let white = board_from(&["O..", "...", "..."]);
        let p = black.points().find(|&p| black.stone(p).is_some()).unwrap();
        let crit = Criticality::new(true);
        // The point goes to whoever wins: half Black's wins, half White's.
        for _ in 0..50 {
            crit.record(3, p, &black, 2);
            crit.record(3, p, &white, 0);
        }
        let c = crit.of(3, 100).unwrap();
        assert!((c - 0.5).abs() < 1e-6, "{c}");
        // Another node's counts are its own.
        assert_eq!(crit.of(4, 1), None);
        // The stone stays Black's whoever wins: owning it says nothing.
        for _ in 0..50 {
            crit.record(5, p, &black, 2);
            crit.record(5, p, &black, 0);
        }
        let c = crit.of(5, 100).unwrap();
        assert!(c.abs() < 1e-6, "{c}");
        // A point that goes to whoever loses: negative.
        for _ in 0..50 {
            crit.record(6, p, &black, 0);
            crit.record(6, p, &white, 2);
        }
        let c = crit.of(6, 100).unwrap();
        assert!((c + 0.5).abs() < 1e-6, "{c}");
        // Neither side's point (half to each) says nothing either.
        let q = black
            .points()
            .find(|&q| {
                black.stone(q).is_none()
                    && !black.is_eyelike(Color::Black, q)
                    && !black.is_eyelike(Color::White, q)
            })
            .unwrap();
        for _ in 0..50 {
            crit.record(7, q, &black, 2);
            crit.record(7, q, &black, 0);
        }
        let c = crit.of(7, 100).unwrap();
        assert!(c.abs() < 1e-6, "{c}");
        // Too few samples: no figure; beyond the tracked nodes: none kept.
        assert_eq!(crit.of(7, 101), None);
        crit.record(TRACKED_NODES as u32, q, &black, 2);
        assert_eq!(crit.of(TRACKED_NODES as u32, 0), None);
        assert!(!Criticality::new(false).is_on());
        assert_eq!(Criticality::new(false).of(7, 0), None);
    }
}
