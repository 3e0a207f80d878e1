//! The fixed constants of the search: the tree's memory, pondering, the
//! search's looks at the clock and resigning. Unlike the rows of [`super::TABLE`] they are not
//! match-tuned and take no `--param`; each says here why it is what it is.
//! (Re-exported by `params`, so they are read as `params::NAME`.)

/// Default memory cap of the search tree in MiB (`--max-memory`): 8,388,608
/// nodes (the cap before it was an option, so searches are unchanged) of 32
/// bytes (28 until the nodes kept a margin sum for the score lead), small
/// enough for a machine with 1 GB. Memory is committed as
/// nodes are used; when the arena is full the search keeps running playouts
/// from the leaves without expanding (and says so in the log). A reused
/// subtree is moved to the front of the same arena, so the cap holds across
/// moves too.
pub(crate) const DEFAULT_MAX_MEMORY_MB: u64 = 256;

/// Pondering (`--ponder`) stops once the root has this many visits, the
/// pondered ones and those reused from the move search together: minutes of
/// one thread (some 4,000 simulations a second on 19x19), far more than a
/// move search spends. With the default `--max-memory` the tree share below
/// binds first; this cap binds with a large one, and keeps the `u32` visit
/// counters far from overflowing however long the opponent thinks.
pub(crate) const PONDER_MAX_VISITS: u32 = 1_000_000;

/// Pondering stops once the tree fills this share of the arena
/// (`--max-memory`), leaving the rest to the move search that follows (the
/// subtree of the opponent's actual move is kept, the rest freed).
pub(crate) const PONDER_TREE_SHARE: f64 = 0.5;

/// How many simulations a thread runs between two looks at the clock.
pub(crate) const TIME_CHECK_INTERVAL: u32 = 16;

/// A time-limited search may stop early, once the most visited root move cannot be
/// overtaken at the current rate, but not before this fraction of its time.
pub(crate) const EARLY_STOP_MIN_FRACTION: f64 = 0.2;

/// Under `time_keep_for_unclear`, a search past its soft time goes on while
/// the runner-up has more than 1/this of the best move's visits: Pachi's
/// `best2_ratio`.
pub(crate) const UNCLEAR_VISIT_RATIO: f64 = 2.5;

/// ...or while the best move's value and its most visited reply's differ by
/// more than this: Pachi's `bestr_ratio`.
pub(crate) const UNCLEAR_REPLY_DELTA: f64 = 0.02;

/// Playouts per move when neither the command line nor a clock gives a limit.
pub(crate) const DEFAULT_PLAYOUTS: u64 = 20_000;

/// Resign when the best move's win rate is below this on consecutive moves.
pub(crate) const DEFAULT_RESIGN_THRESHOLD: f64 = 0.1;
/// ...on this many consecutive genmoves...
pub(crate) const RESIGN_CONSECUTIVE: u32 = 2;
/// ...each with at least this many visits at the root (reused ones included).
pub(crate) const RESIGN_MIN_VISITS: u32 = 2_000;

/// When a pass would end the game with a loss, the engine plays on only if its
/// best move's win rate is at least this (otherwise it would fill its own eyes
/// in a lost position and turn a small loss into a rout).
pub(crate) const PLAY_ON_MIN_WINRATE: f64 = 0.05;

/// A stone whose point the opponent owns in at least this fraction of the root's
/// playouts counts as clearly dead when deciding whether a final pass wins.
pub(crate) const DEAD_OWNERSHIP: f64 = 0.9;
