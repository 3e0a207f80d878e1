//! Time: the clock the controller reports and the plan of how long each move
//! may take.
//!
//! - `clock`: the clock state from `time_settings` / `time_left`, the
//!   per-move [`Budget`] handed to the player, the `--time-bank` savings and
//!   the lag margin;
//! - `plan`: the time manager, a pure function of the clock, the position
//!   and the lag ([`plan()`], [`banked`]), with its constants.
//!
//! The GTP layer turns a plan into the [`Budget`] of the player interface;
//! the search only reads that budget and never plans.

mod clock;
mod plan;

pub use clock::*;
pub(crate) use plan::{Position, Stage, banked, plan};
