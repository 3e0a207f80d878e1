//! The fixed constants of the search: the tree's memory, pondering, the
//! clock and resigning. Unlike the rows of [`super::TABLE`] they are not
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

// --- Time management (see `time.rs`; the lag is `crate::time::Lag`) ---

/// Absolute time never planned into moves: this many seconds, at most
/// `TIME_RESERVE_MAX_FRACTION` of the main time (a 10 s clock cannot keep 1 s).
pub(crate) const TIME_RESERVE_SECONDS: f64 = 1.0;
pub(crate) const TIME_RESERVE_MAX_FRACTION: f64 = 0.05;

/// Margin kept in a byo-yomi period or a Canadian block against the search's
/// overshoot (one look at the clock every few simulations) and jitter beyond
/// the lag: this fraction of the period, at least `TIME_PERIOD_MARGIN_MIN` and
/// at most `TIME_PERIOD_MARGIN_MAX` seconds. Doubled in the last byo-yomi
/// period, where overstepping loses the game.
pub(crate) const TIME_PERIOD_MARGIN_FRACTION: f64 = 0.05;
pub(crate) const TIME_PERIOD_MARGIN_MIN: f64 = 0.05;
pub(crate) const TIME_PERIOD_MARGIN_MAX: f64 = 2.0;

/// Estimated own moves left: empty points times a rate that falls from
/// `TIME_MOVES_PER_EMPTY_OPENING` on an empty board to
/// `TIME_MOVES_PER_EMPTY_END` on a full one (19x19 games last about 125 moves a
/// side, 9x9 about 30), plus `TIME_EXTRA_MOVES_PER_POINT` times the area for
/// games that run long (fights, dame, cleanup), and never below
/// `TIME_MIN_MOVES_LEFT`.
pub(crate) const TIME_MOVES_PER_EMPTY_OPENING: f64 = 0.35;
pub(crate) const TIME_MOVES_PER_EMPTY_END: f64 = 0.15;
pub(crate) const TIME_MIN_MOVES_LEFT: f64 = 12.0;
pub(crate) const TIME_EXTRA_MOVES_PER_POINT: f64 = 0.1;

/// How much a move's share of main time weighs by the stage of the game, as
/// (fraction of the board occupied, weight) corners of a piecewise linear curve:
/// the first moves are standard and cheap, the middle game (fights, the shape
/// of the territories) weighs most, the endgame's small moves less.
pub(crate) const TIME_WEIGHTS: [(f64, f64); 5] = [
    (0.0, 0.6),
    (0.08, 1.0),
    (0.15, 1.4),
    (0.45, 1.4),
    (0.7, 0.6),
];

/// Fraction of the board occupied when a game ends, in the model of the moves
/// still to come that spreads the weights.
pub(crate) const TIME_END_FILL: f64 = 0.8;

/// With an overtime, main time too short to cover every move still expected
/// goes in chunks of up to this many times what a move in overtime gets, on top
/// of it. For a search whose strength grows with the logarithm of its time,
/// spending main time in moves of about three periods buys the most.
pub(crate) const TIME_OVERTIME_CHUNK: f64 = 2.0;

/// No single move takes more than this fraction of the plannable main time.
pub(crate) const TIME_MAX_SHARE: f64 = 0.12;

/// Under `--time-bank` no move takes more than this many times the fixed
/// `--time`: Pachi's `max_maintime_ratio`, so savings go to a run of hard
/// moves rather than all to the first one.
pub(crate) const TIME_BANK_MAX_RATIO: f64 = 3.0;

/// The least time a move is given (the search also always runs a few
/// simulations).
pub(crate) const TIME_MIN_MOVE_SECONDS: f64 = 0.02;
