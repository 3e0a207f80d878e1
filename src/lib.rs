//! koban: a Go engine with Monte-Carlo tree search and a choice of ko rules.
//!
//! Layers, bottom up: [`board`] (fast incremental board, simple ko only), [`rules`]
//! (ko variants and presets) and [`game`] (P0, move record, replay), [`player`]
//! (the move-generator interface), [`gtp`] (the protocol front end), [`sgf`],
//! [`status`] (dead stones and seki at the end of the game, cleanup play),
//! [`cputime`] (the process's CPU time, for GTP `cputime`).
//! [`matches`](mod@matches) is the match runner behind `koban match`.

pub mod board;
pub mod cputime;
pub mod game;
pub mod gtp;
pub mod matches;
pub mod mcts;
pub mod player;
pub mod rng;
pub mod rules;
pub mod score;
pub mod sgf;
pub mod status;
pub mod time;
