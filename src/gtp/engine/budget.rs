//! Each move's budget: the command-line limits (`--playouts`, `--time`), the
//! time manager's plan when a clock runs, and under `--time-bank` the plan
//! that makes a fixed `--time` the game's average (`crate::time`).
//!
//! Invariant: a clock from `time_settings` always takes over from the bank;
//! without `--time-bank` a fixed `--time` is used whole, as before it.

use super::Engine;
use crate::board::Color;
use crate::time::{Budget, Position, Stage, TimeSystem, banked, plan};
use std::time::Duration;

impl Engine {
    /// This move's budget: the command-line limits, and the time manager's share
    /// of the clock if one runs (the smaller time wins).
    pub(super) fn move_budget(&self, color: Color) -> Budget {
        let board = self.game.board();
        let position = Position {
            area: board.size() * board.size(),
            empty: board.empty_count(),
        };
        let plan = plan(&self.clock, color, position, self.config.lag).or_else(|| {
            let per_move = self.banked_time()?;
            Some(banked(per_move, self.bank.saved(color), position))
        });
        if let Some(plan) = plan {
            // Tests and match logs read the plan from this line.
            log::info!(
                "time plan {color:?}: {:.3} s, {}, stop early: {}",
                plan.seconds,
                plan.stage,
                plan.stop_early
            );
            if let Some(soft) = plan.soft {
                // What `time_keep_for_unclear` makes of the plan.
                log::info!(
                    "time plan {color:?} under time_keep_for_unclear: a clear choice stops at {soft:.3} s, \
                     an unclear one at {:.3} s",
                    plan.unclear.unwrap_or(plan.seconds)
                );
            }
        }
        let limit = |of_plan: Option<Duration>| match (self.config.budget.time, plan) {
            // The bank's plan is `--time` made flexible, not a clock under it.
            (_, Some(p)) if matches!(p.stage, Stage::Bank { .. }) => of_plan,
            (Some(a), Some(_)) => of_plan.map(|b| a.min(b)),
            (a, _) => a.or(of_plan),
        };
        Budget {
            playouts: self.config.budget.playouts,
            time: limit(plan.map(|p| p.time())),
            stop_early: plan.is_some_and(|p| p.stop_early),
            soft_time: plan.and_then(|p| p.soft_time()),
            unclear_time: plan
                .and_then(|p| p.unclear_time())
                .and_then(|u| limit(Some(u))),
        }
    }

    /// The fixed `--time` per move when `--time-bank` makes it an average
    /// (a clock from `time_settings` takes over from it).
    pub(super) fn banked_time(&self) -> Option<f64> {
        let per_move = self.config.budget.time?;
        (self.config.time_bank && self.clock.system == TimeSystem::None)
            .then_some(per_move.as_secs_f64())
    }
}
