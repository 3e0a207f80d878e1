//! Every tunable of the search in one table. Values were chosen by measurement or
//! from the literature cited beside them; change them here, nowhere else.

/// Playout move cap as a multiple of the board area. Light playouts from the empty
/// board average 1.37 area (111 moves on 9x9, 455 on 19x19) and practically never
/// pass 2.5 area; the cap only stops the rare superko-style cycles that simple ko
/// allows.
pub const PLAYOUT_CAP_PER_POINT: usize = 3;

/// Visits a leaf needs before it is expanded. Expansion rebuilds the node's game
/// with the full rules (clone of the root game + replay of the path), so it is
/// amortised over this many playouts.
pub const EXPAND_THRESHOLD: u32 = 2;

/// RAVE equivalence parameter (Gelly and Silver's "k"-like constant in the form
/// beta = amaf_n / (amaf_n + n + n * amaf_n / RAVE_EQUIV)): the visit count at which
/// the AMAF and the real value weigh equally.
pub const RAVE_EQUIV: f64 = 3000.0;

/// UCT exploration constant added on top of the RAVE value. RAVE explores by
/// itself, so a small value is enough.
pub const UCT_EXPLORATION: f64 = 0.02;

/// Every new child starts with this many virtual visits at an even (0.5) value
/// in both its real and its AMAF statistics, so early noise cannot lock a move out.
pub const PRIOR_EVEN_VISITS: u32 = 10;

/// A move that fills the mover's own true eye starts with this many virtual lost
/// visits (nearly never right, but legal, so not pruned).
pub const PRIOR_EYE_FILL_LOSSES: u32 = 40;

/// Tree size limit in nodes (each about 32 bytes). Memory is committed as nodes
/// are used; when the arena is full the search keeps running playouts from the
/// leaves without expanding.
pub const MAX_TREE_NODES: usize = 1 << 23;

/// Before a search, when the reused subtree is smaller than this fraction of the
/// arena's used part, it is copied into a fresh arena to reclaim the rest.
pub const COMPACT_WHEN_LIVE_BELOW: f64 = 0.5;

/// How many simulations a thread runs between two looks at the clock.
pub const TIME_CHECK_INTERVAL: u32 = 16;

/// Playouts per move when neither the command line nor a clock gives a limit.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;

/// Resign when the best move's win rate is below this on consecutive moves.
pub const DEFAULT_RESIGN_THRESHOLD: f64 = 0.1;
/// ...on this many consecutive genmoves...
pub const RESIGN_CONSECUTIVE: u32 = 2;
/// ...each with at least this many visits on the best move.
pub const RESIGN_MIN_VISITS: u32 = 2_000;

/// A stone whose point the opponent owns in at least this fraction of the root's
/// playouts counts as clearly dead when deciding whether a final pass wins.
pub const DEAD_OWNERSHIP: f64 = 0.9;
