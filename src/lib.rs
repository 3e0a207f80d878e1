//! koban: a Go engine with Monte-Carlo tree search and a choice of ko rules.
//!
//! The top-level modules form layers, listed bottom up in [`LAYERS`]: a module
//! uses only modules listed before it, never one after (`tests/architecture.rs`
//! checks this on the source). [`board`] is the fast incremental board (simple
//! ko only); [`tactics`] what the board alone says about fights; [`rules`] the ko variants and presets; [`game`] P0, the move record
//! and replay; [`status`] dead stones and seki at the end of the game;
//! [`knowledge`] what koban knows of good moves (patterns, the heavy playout
//! policy, move ratings, the opening book);
//! [`player`] the move-generator interface, which [`mcts`] implements, and
//! cleanup play over the status estimate; [`gtp`]
//! the protocol front end; [`matches`](mod@matches) the match runner behind
//! `koban match`.

pub mod board;
mod cputime;
pub mod game;
pub mod gtp;
pub mod knowledge;
pub mod matches;
pub mod mcts;
pub mod player;
mod playout;
pub mod rng;
pub mod rules;
mod score;
pub mod sgf;
pub mod status;
pub mod tactics;
pub mod time;

/// The top-level modules bottom up; each may use only those before it.
/// - `rng`, `cputime`: the random source and the process's CPU time;
/// - `board`: the board (with vertex names);
/// - `tactics`: liberties, ladders, nakade, self-atari, on the board alone;
/// - `playout`: the playout loop, its policy interface, the light policy, a
///   search thread's table of last good replies and ownership maps from a
///   batch of playouts (the heavy policy is Go knowledge, in `knowledge`;
///   the scoring one is in `status`);
/// - `score`: counting a board, which the rules' variants use;
/// - `rules`, `game`, `sgf`: ko variants, the game record, its file format;
/// - `time`: the clock, the per-move budget and the time plan, needed from
///   the player up;
/// - `status`: life and death at the end of the game (the estimate only);
/// - `knowledge`: Go knowledge the search combines (patterns, the heavy
///   playout policy, move ratings, the opening book, the board's symmetries),
///   knowing nothing of the search;
/// - `player`: the move-generator interface, below its implementation `mcts`,
///   and cleanup play, which corrects a player's decisions with the estimate;
/// - `gtp`, `matches`: the protocol front end and the match runner over it.
pub const LAYERS: [&str; 16] = [
    "rng",
    "cputime",
    "board",
    "tactics",
    "playout",
    "score",
    "rules",
    "game",
    "sgf",
    "time",
    "status",
    "knowledge",
    "player",
    "mcts",
    "gtp",
    "matches",
];
