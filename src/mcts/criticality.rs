//! Criticality of the root's moves (Coulom's "Criticality: a Monte-Carlo
//! heuristic for Go programs", 2009, as Pachi's `crit_rave` uses it): how
//! much owning a move's point at the end of a simulation goes with winning
//! it. A move whose point decides the game is worth more than its AMAF value
//! says, since AMAF credits every stone of the winner alike.
//!
//! The counts cover the simulations of one search through each root child,
//! so they are fresh for the position and cost nothing below the root. At
//! the budgets koban plays (about 10,000 simulations a move) Pachi's
//! threshold of 2,000 simulations reaches only root children anyway.
//!
//! Invariant: all counts are in half-units (a point neither side owns counts
//! half to each), and a sample is recorded only with its owner and winner.

use crate::board::{Board, Color, MAX_POINTS, Point};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Per root child (by point): simulations, and how often its point ended the
/// winner's and Black's.
#[derive(Default)]
struct Counts {
    samples: AtomicU32,
    winner_owned: AtomicU32,
    black_owned: AtomicU32,
    black_won: AtomicU32,
}

/// The counts of one search; empty (and free) when the heuristic is off.
pub(crate) struct Criticality {
    counts: Box<[Counts]>,
}

impl Criticality {
    /// Counts for every point when `on`, none otherwise.
    pub(crate) fn new(on: bool) -> Criticality {
        let n = if on { MAX_POINTS } else { 0 };
        Criticality {
            counts: (0..n).map(|_| Counts::default()).collect(),
        }
    }

    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        !self.counts.is_empty()
    }

    /// Records a simulation through the root child at `p` that ended on
    /// `board` with Black's half-wins `result_black` (2 won, 1 drawn, 0 lost).
    pub(crate) fn record(&self, p: Point, board: &Board, result_black: u8) {
        let Some(c) = self.counts.get(p.idx()) else {
            return;
        };
        // Black's half-ownership of the point: a stone, an eye-like point, or
        // neither (half each).
        let black: u32 = match board.stone(p) {
            Some(Color::Black) => 2,
            Some(Color::White) => 0,
            None if board.is_eyelike(Color::Black, p) => 2,
            None if board.is_eyelike(Color::White, p) => 0,
            None => 1,
        };
        let black_won = u32::from(result_black);
        // The winner's share of the point, by halves: a drawn game counts
        // half to each side.
        let winner = (black * black_won + (2 - black) * (2 - black_won)) / 2;
        c.samples.fetch_add(2, Relaxed);
        c.black_owned.fetch_add(black, Relaxed);
        c.winner_owned.fetch_add(winner, Relaxed);
        c.black_won.fetch_add(black_won, Relaxed);
    }

    /// The criticality of the root child at `p`: P(the winner owns it) minus
    /// what independence would give, P(Black owns) P(Black wins) + P(White
    /// owns) P(White wins); `None` below `min_samples` simulations.
    pub(crate) fn of(&self, p: Point, min_samples: u32) -> Option<f32> {
        let c = self.counts.get(p.idx())?;
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
            crit.record(p, &black, 2);
            crit.record(p, &white, 0);
        }
        let c = crit.of(p, 100).unwrap();
        assert!((c - 0.5).abs() < 1e-6, "{c}");
        // The stone stays Black's whoever wins: owning it says nothing.
        let crit = Criticality::new(true);
        for _ in 0..50 {
            crit.record(p, &black, 2);
            crit.record(p, &black, 0);
        }
        let c = crit.of(p, 100).unwrap();
        assert!(c.abs() < 1e-6, "{c}");
        // Neither side's point (half to each) says nothing either.
        let q = black
            .points()
            .find(|&q| {
                black.is_empty(q)
                    && !black.is_eyelike(Color::Black, q)
                    && !black.is_eyelike(Color::White, q)
            })
            .unwrap();
        for _ in 0..50 {
            crit.record(q, &black, 2);
            crit.record(q, &black, 0);
        }
        let c = crit.of(q, 100).unwrap();
        assert!(c.abs() < 1e-6, "{c}");
        // Too few samples: no figure.
        assert_eq!(crit.of(q, 101), None);
        assert!(!Criticality::new(false).is_on());
        assert_eq!(Criticality::new(false).of(q, 0), None);
    }
}
