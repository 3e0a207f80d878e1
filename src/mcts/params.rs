//! Every tunable of the search in one table; change them here, nowhere else.
//! The match-tuned ones are in [`Tunables`]; their measurements are in
//! `docs/strength-log.md`.

/// Playout move cap as a multiple of the board area. Light playouts from the empty
/// board average 1.37 area (111 moves on 9x9, 455 on 19x19) and practically never
/// pass 2.5 area; the cap only stops the rare superko-style cycles that simple ko
/// allows.
pub const PLAYOUT_CAP_PER_POINT: usize = 3;

/// Visits a leaf needs before it is expanded: `EXPAND_THRESHOLD`, or one per
/// `EXPAND_AREA_PER_VISIT` points of board area if that is more (a 19x19 node has
/// up to 362 children, and expansion rebuilds the node's game with the full rules:
/// a clone of the root game and a replay of the path, amortised over the visits).
/// The threshold then doubles with each quarter of the tree arena in use (up to 8x
/// when three quarters are full), so long searches do not run out of nodes early.
pub const EXPAND_THRESHOLD: u32 = 2;
pub const EXPAND_AREA_PER_VISIT: usize = 40;

/// The tunables that match play adjusts: defaults here, overridable per run
/// with `--param NAME=VALUE` (see [`Tunables::set`]) so that a tuning match
/// needs no rebuild. Each is an `f64`; counts are rounded where used.
macro_rules! tunables {
    ($($(#[$doc:meta])* $name:ident = $default:expr;)*) => {
        #[derive(Clone, Debug, PartialEq)]
        pub struct Tunables {
            $($(#[$doc])* pub $name: f64,)*
        }

        impl Default for Tunables {
            fn default() -> Tunables {
                Tunables { $($name: $default,)* }
            }
        }

        impl Tunables {
            /// Every tunable's name, in table order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];

            /// Sets the tunable `name` to `value`.
            pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
                if !value.is_finite() {
                    return Err(format!("{name}: {value} is not a number"));
                }
                // Every tunable is a weight, a count or a probability: a
                // negative one would turn a bonus into a penalty (or a visit
                // count below zero) without saying so.
                if value < 0.0 {
                    return Err(format!("{name}: {value} is negative"));
                }
                match name {
                    $(stringify!($name) => self.$name = value,)*
                    _ => {
                        return Err(format!(
                            "unknown parameter '{name}'; parameters: {}",
                            Tunables::NAMES.join(", ")
                        ))
                    }
                }
                Ok(())
            }

            /// `NAME=VALUE` as on the command line.
            pub fn set_assignment(&mut self, text: &str) -> Result<(), String> {
                let (name, value) = text
                    .split_once('=')
                    .ok_or_else(|| format!("--param needs NAME=VALUE, not '{text}'"))?;
                let value: f64 = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("--param {name}: bad number '{value}'"))?;
                self.set(name.trim(), value)
            }
        }
    };
}

tunables! {
    /// RAVE equivalence parameter in Gelly and Silver's minimum-error schedule
    /// beta = amaf_n / (amaf_n + n + n * amaf_n / rave_equiv): roughly the visit
    /// count at which the real value takes over from AMAF.
    rave_equiv = 3000.0;
    /// AMAF counts the tree moves and this fraction of a playout's moves, the
    /// first ones (a stone played late in a playout says little about playing
    /// it now: see `sees_the_capture_that_refutes_every_black_move`); 1 counts
    /// them all. All: 0.3 and 0.6 fixed that position but lost more games
    /// (strength log, runs 19 and 20).
    rave_playout_fraction = 1.0;
    /// Pachi's distance RAVE: an AMAF sample counts 1 + this many times the
    /// share of the simulation still to come after the play (in whole steps:
    /// with 3, plays in the first third after the node count 3, the middle
    /// third 2, the rest 1), since a play made at once says more about
    /// playing it now than one made late in the playout. 0: every sample
    /// counts 1. On boards up to 11x11. At 10,000 playouts 3 alone won
    /// 128/142 over three runs (docs/strength-log.md, runs 55, 59 and 62)
    /// against the earlier defaults' 278/318; with the move ratings, see
    /// `prior_ratings`.
    rave_distance_weight = 3.0;
    /// The same on 13x13 and up.
    rave_distance_weight_large = 0.0;
    /// Weight of each child's own AMAF bias estimate in its RAVE schedule (see
    /// `search::amaf_bias_squared`); 0 gives every child the fixed schedule.
    /// Off: it fixed single positions but did not win more games (strength log).
    rave_bias_fit = 0.0;
    /// ...counting only the part of the gap between real and AMAF win rates
    /// beyond this many times the real rate's sampling variance.
    rave_bias_noise = 4.0;
    /// UCT exploration constant added on top of the RAVE value. RAVE explores by
    /// itself (MoGo and Pachi run with none), but without any term a child whose
    /// AMAF value is wrong can starve: in a lost node every child is worth
    /// nearly 0, a refutation whose AMAF value is a little lower than the rest
    /// is never visited, and the parent looks won (see the test
    /// `sees_the_capture_that_refutes_every_black_move`). A small constant only
    /// breaks such near-ties; 0.1 already dilutes the values (docs/strength-log.md).
    uct_exploration = 0.01;
    /// Every new child starts with this many virtual visits at an even (0.5)
    /// value in both its real and its AMAF statistics, so early noise cannot
    /// lock a move out. With the bonuses below this is also the first-play
    /// urgency: an unvisited child is worth its prior.
    prior_even = 14.0;
    /// Virtual lost visits for a move that fills the mover's own true eye
    /// (nearly never right, but legal, so not pruned), or is a Geneva forfeit.
    prior_eye_fill = 20.0;
    /// Prior bonus (virtual won visits) for capturing a chain in atari or
    /// saving one's own (capturing an attacker, or extending without running
    /// into a ladder), anywhere on the board; half of it away from the last
    /// move (outside its 8-neighbourhood).
    prior_atari = 28.0;
    /// Prior penalty (virtual lost visits) for extending a chain in atari into
    /// a ladder that catches it.
    prior_ladder = 28.0;
    /// Prior bonus for an atari on an opponent chain with two liberties that
    /// could not simply run away; half of it away from the last move.
    prior_two_liberty = 14.0;
    /// Prior bonus for giving one's own chain with two liberties a third or
    /// more (extending, or connecting it to a chain with liberties to spare),
    /// anywhere on the board; half of it away from the last move. It is meant
    /// for the connection that wins a capturing race, a reply the search
    /// starves when its AMAF value is poor. Off: at 14 it did not make the
    /// search find that reply in the sample position, and it has not been
    /// matched against GNU Go (docs/strength-log.md, after run 26).
    prior_two_liberty_defence = 0.0;
    /// Prior penalty for putting a chain of two or more stones into atari
    /// without capturing; half of it for a single stone.
    prior_self_atari = 14.0;
    /// Prior bonus for a 3x3 shape ([`super::patterns`]); half of it away from
    /// the last move.
    prior_pattern = 14.0;
    /// 1: the shape prior also rewards the opponent's shapes (the defence of
    /// their cut), as [`heavy_pattern_either_colour`](Self::heavy_pattern_either_colour)
    /// does in the playouts; 0: only the mover's. With both on, 88/100
    /// (run 22): no gain over the playouts alone, so it stays off.
    prior_pattern_either_colour = 0.0;
    /// Prior bonus by distance to the last move in the common fate graph (a
    /// chain counts as one point): 1, 2 and 3 steps.
    prior_cfg1 = 10.0;
    prior_cfg2 = 5.0;
    prior_cfg3 = 2.0;
    /// Even-game heuristic on 13x13 and up, with no stone within two points
    /// (Manhattan): a
    /// first-line move gets this many lost visits, a third-line move this many
    /// won ones.
    prior_lines = 14.0;
    /// Weight of the learned shape prior ([`super::shapes`]): a move gets this
    /// many virtual visits per unit of its shape's value, the natural log of
    /// how much more often than an average legal move GNU Go plays that shape
    /// (won visits if above average, lost ones if below), on boards up to
    /// 11x11. Off: at 4 it won 178/200 against the defaults' 175/200
    /// (docs/strength-log.md, runs 40 and 42), no measurable gain.
    prior_shapes = 0.0;
    /// The same on 13x13 and up. The table was learned from 9x9 games and
    /// measured on 9x9 only, so it stays off on the big boards until matches
    /// there show it helps.
    prior_shapes_large = 0.0;
    /// Weight of the move ratings' prior ([`super::ratings`]): a move gets
    /// this many virtual won visits times the square root of its probability
    /// under the learned model (Pachi's pattern prior, whose weight on 9x9 is
    /// 210), on boards up to 11x11. When on, it replaces the hand-written
    /// knowledge (`prior_atari` to `prior_cfg3`); the eye-fill penalty and
    /// the even prior stay. 0: off. At 10,000 playouts 210 alone won 92/100
    /// (docs/strength-log.md, run 57), 100 on top of the hand-written
    /// knowledge 45/51 (run 56, stopped); with distance RAVE at 3, the
    /// defaults, 191/200 (runs 60 and 63; 283/300 with run 58).
    prior_ratings = 210.0;
    /// The same on 13x13 and up. The table was learned from 9x9 games.
    prior_ratings_large = 0.0;
    /// Weight of the margin in a playout's result (Fuego's score
    /// modification): a win counts `1 - w + w * s` and a loss `w * s`, where
    /// `s` maps Black's area margin linearly from [-area, area] to [0, 1]
    /// (for White, `1 - s`). Among moves that all win, the search then
    /// prefers the larger margin instead of giving points away: 28 of
    /// koban's 33 19x19 wins so far were by the smallest margin the board
    /// allows (docs/strength-log.md, runs 27, 28, 31 to 33, 35, 37). 0: off;
    /// 0.02 won 57/69 on 9x9 (docs/strength-log.md, run 34), no gain.
    score_bonus = 0.0;
    /// Dynamic komi in handicap games (see `search::dynamic_komi`): points per
    /// handicap stone at the start...
    dynkomi_per_stone = 7.0;
    /// ...falling linearly to none after this many moves per board point (0.5:
    /// 180 moves on 19x19, 40 on 9x9).
    dynkomi_moves_per_point = 0.5;
    /// Playout policy: probability of looking for captures and atari escapes
    /// around the opponent's last stone.
    heavy_tactics_prob = 1.0;
    /// Playout policy: probability of looking for two-liberty fights (ataris
    /// and defences) around the opponent's last stone, on boards up to 11x11.
    /// 0.25 with `heavy_pattern_own_last` on: 278/318 against GNU Go at
    /// 10,000 playouts, the defaults before it 175/200 (docs/strength-log.md,
    /// runs 38, 45, 51 and 52 against 21 and 23), no gain per playout; with
    /// the whole second used, 98/100 at 1 second a move (run 50), the
    /// setting measured there; alone, 88/100 (run 26).
    heavy_two_liberty_prob = 0.25;
    /// The same on 13x13 and up, where the 40-game 19x19 figure was measured
    /// without the fights; off there until a 19x19 match shows they help.
    heavy_two_liberty_prob_large = 0.0;
    /// Playout policy: probability of looking for 3x3 shape answers around the
    /// opponent's last stone.
    heavy_pattern_prob = 1.0;
    /// Playout policy: 1 also answers with a shape that is the opponent's
    /// (their cutting point is where we connect), 0 only the mover's shapes.
    /// Against GNU Go at 10,000 playouts 1 won 175/200 and 0 won 172/200
    /// (docs/strength-log.md, runs 21 and 23 against 8 and 13): no worse,
    /// and it reads the cut of the AMAF starvation test that 0 misreads.
    heavy_pattern_either_colour = 1.0;
    /// Playout policy: 1 also looks for shapes around the mover's own
    /// previous stone (Pachi's second pattern centre), 0 only around the
    /// opponent's last stone; on boards up to 11x11. Alone it won 130/147
    /// (runs 30 and 36), no gain; with two-liberty fights at 0.25, see
    /// `heavy_two_liberty_prob`.
    heavy_pattern_own_last = 1.0;
    /// The same on 13x13 and up: off, as `heavy_two_liberty_prob_large`.
    heavy_pattern_own_last_large = 0.0;
    /// Playout policy: 1 draws the shape step's answers from the learned
    /// shapes ([`super::shapes`]) instead of the hand-written 3x3 patterns.
    /// Off: with the learned prior it won 89/100 (docs/strength-log.md,
    /// run 43), no gain, and its playouts are about 15% slower.
    heavy_learned_shapes = 0.0;
    /// ...taking the points around the last stone whose shape is worth at
    /// least this (ln of its rate over the average move's), in proportion to
    /// e^value.
    heavy_learned_threshold = 1.0;
    /// Playout policy: probability of capturing any opponent chain in atari
    /// on the board when there is no local answer.
    heavy_capture_anywhere_prob = 0.0;
    /// Playout policy: probability of playing the vital point of a small eye
    /// space next to the opponent's last stone (see `heavy::nakade_point`),
    /// after the tactics and before the two-liberty fights and shapes.
    heavy_nakade_prob = 0.0;
    /// Playout policy: before the random move, this many draws of a random
    /// empty point, played if its eight neighbours are empty too (Fuego's
    /// fill-board rule: claim open areas before small fights).
    heavy_fill_board_tries = 0.0;
    /// Playout policy: a random move that leaves a chain of this many stones or
    /// more in atari (without capturing) is never played.
    heavy_self_atari_stones = 2.0;
    /// Playout policy: probability of refusing a random single-stone self-atari.
    heavy_single_self_atari_reject = 0.5;
    /// Playouts: 1 plays a stored last good reply ([`super::replies`]) before
    /// the policy's own choice, 2 after the heavy policy's captures and atari
    /// escapes around the last stone (before its other steps), 0 never.
    playout_last_good_reply = 0.0;
    /// Playout policy: read ladders before extending out of atari (1 on, 0 off).
    heavy_ladder_check = 1.0;
    /// Playout policy: 1 lets the random step play a nakade throw-in, a
    /// self-atari of up to three stones whose last liberty is also the last
    /// of the enclosing chain (the third stone in a square four; see
    /// `status::playout::is_nakade_throw_in`), which the self-atari rule
    /// otherwise refuses, so that the playouts can kill such groups; 0 off.
    heavy_nakade_throw_in = 0.0;
}

/// Default memory cap of the search tree in MiB (`--max-memory`): 8,388,608
/// nodes of 28 bytes (the cap before it was an option, so searches are
/// unchanged), small enough for a machine with 1 GB. Memory is committed as
/// nodes are used; when the arena is full the search keeps running playouts
/// from the leaves without expanding (and says so in the log). A reused
/// subtree is moved to the front of the same arena, so the cap holds across
/// moves too.
pub const DEFAULT_MAX_MEMORY_MB: u64 = 224;

/// How many simulations a thread runs between two looks at the clock.
pub const TIME_CHECK_INTERVAL: u32 = 16;

/// A time-limited search may stop early, once the most visited root move cannot be
/// overtaken at the current rate, but not before this fraction of its time.
pub const EARLY_STOP_MIN_FRACTION: f64 = 0.2;

/// Playouts per move when neither the command line nor a clock gives a limit.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;

/// Resign when the best move's win rate is below this on consecutive moves.
pub const DEFAULT_RESIGN_THRESHOLD: f64 = 0.1;
/// ...on this many consecutive genmoves...
pub const RESIGN_CONSECUTIVE: u32 = 2;
/// ...each with at least this many visits at the root (reused ones included).
pub const RESIGN_MIN_VISITS: u32 = 2_000;

/// When a pass would end the game with a loss, the engine plays on only if its
/// best move's win rate is at least this (otherwise it would fill its own eyes
/// in a lost position and turn a small loss into a rout).
pub const PLAY_ON_MIN_WINRATE: f64 = 0.05;

/// A stone whose point the opponent owns in at least this fraction of the root's
/// playouts counts as clearly dead when deciding whether a final pass wins.
pub const DEAD_OWNERSHIP: f64 = 0.9;

// --- Time management (see `time.rs`) ---

/// Assumed cost of one move outside our search: GTP round trip, network lag,
/// the controller's own clock granularity. Planned for every remaining move.
pub const TIME_LAG_SECONDS: f64 = 0.3;

/// Main time never planned into moves.
pub const TIME_RESERVE_SECONDS: f64 = 1.0;

/// Margin kept in a byo-yomi period or a Canadian block: this fraction of the
/// period, at least `TIME_PERIOD_MARGIN_MIN` and at most `TIME_PERIOD_MARGIN_MAX`
/// seconds. Doubled in the last byo-yomi period.
pub const TIME_PERIOD_MARGIN_FRACTION: f64 = 0.15;
pub const TIME_PERIOD_MARGIN_MIN: f64 = 0.5;
pub const TIME_PERIOD_MARGIN_MAX: f64 = 3.0;

/// Estimated own moves left: empty points times a rate that falls from
/// `TIME_MOVES_PER_EMPTY_OPENING` on an empty board to
/// `TIME_MOVES_PER_EMPTY_END` on a full one (19x19 games last about 125 moves a
/// side, 9x9 about 30), plus `TIME_EXTRA_MOVES_PER_POINT` times the area for
/// games that run long (fights, dame, cleanup), and never below
/// `TIME_MIN_MOVES_LEFT`.
pub const TIME_MOVES_PER_EMPTY_OPENING: f64 = 0.35;
pub const TIME_MOVES_PER_EMPTY_END: f64 = 0.15;
pub const TIME_MIN_MOVES_LEFT: f64 = 12.0;
pub const TIME_EXTRA_MOVES_PER_POINT: f64 = 0.1;

/// Opening and middle game (more than this fraction of the board empty) get
/// `TIME_BUSY_FACTOR` times the even share of main time; later moves get what is
/// left, which the per-move recomputation spreads out by itself.
pub const TIME_BUSY_EMPTY_FRACTION: f64 = 0.45;
pub const TIME_BUSY_FACTOR: f64 = 1.4;

/// No single move takes more than this fraction of the plannable main time.
pub const TIME_MAX_SHARE: f64 = 0.12;

/// The least time a move is given (the search also always runs a few
/// simulations).
pub const TIME_MIN_MOVE_SECONDS: f64 = 0.02;
