//! The move generator: Monte-Carlo tree search over random playouts.
//!
//! Job: given a [`Game`](crate::game::Game) and a budget, choose a turn that is
//! legal under the game's rules, by UCT with RAVE over a shared tree, with
//! playouts at the leaves (heavy ones by default, `heavy`; uniformly random
//! ones, `crate::playout::LightPolicy`, as the option and the benchmark's reference).
//!
//! Invariants:
//! - The tree is a tree, not a DAG: a node's position is determined by its path from
//!   the root. Its legal children are computed once, when it is expanded, by the full
//!   rules layer (`Game::check` on the root game replayed along the path), so
//!   superko bans and every other ko variant's effects are honoured in the tree
//!   without the search knowing the variant.
//! - The search plays tree moves on a plain board copy. Where the variant's turn
//!   does something else (a Geneva forfeit removes the stone just played), the
//!   expansion sees the rebuilt game's board differ and records the exact board,
//!   and the variant's score bonus, with the node ("override"); descents load it.
//!   Terminal nodes are counted as `final_score` counts them.
//! - Playouts know only the board (simple ko, no suicide) and never allocate.
//! - Node statistics are atomics; visits are added on the way down (virtual loss),
//!   wins on the way back. With one thread and a seed the search is deterministic.
//! - The search never writes to stdout; it logs through `log`.

mod analysis;
pub mod bench;
mod criticality;
mod outcome;
mod params;
mod player;
mod prior;
mod search;

mod tree;
mod value;
mod worker;

#[cfg(test)]
mod tests;

pub use params::{ParamError, Tunables, listing as param_listing};
pub use player::{MctsConfig, MctsPlayer, PolicyKind};
pub use tree::MemoryCapError;

#[cfg(test)]
pub(crate) mod testutil {
    pub(crate) use crate::board::tests::board_from;
    use crate::board::{Board, Point};

    /// The point named `name` (GTP vertex) on `board`.
    pub(crate) fn at(board: &Board, name: &str) -> Point {
        crate::board::vertex::parse_point(name, board).unwrap()
    }
}
