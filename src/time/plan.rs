//! Time management: how long the next move may take, as a pure function of the
//! clock the controller reported, the position and the lag. No clock is read
//! here, so tests drive it with simulated games.
//!
//! Plan:
//! - Main time is divided over the own moves estimated to remain (from the board
//!   size and how full it is), each weighted by the stage of the game so the
//!   middle game gets most (`TIME_WEIGHTS`). Absolute time keeps a small reserve
//!   and the lag of every remaining move out of the plan. With an overtime a
//!   main-time move gets what a move in overtime gets (one that runs past the
//!   main time ends in the first period or block without losing it) plus its
//!   extra: main time that cannot cover every move still expected goes in
//!   chunks of a few periods (see `overtime_extra`).
//! - Under `time_keep_for_unclear` a main-time move's share is its soft time
//!   and a move whose choice is still unclear then may search on to its worst
//!   time (`Plan::unclear`), Pachi's desired and worst times: twice the share
//!   under absolute time (less on a blitz clock), three times the extra with
//!   an overtime. Each plan is made from the clock left, so what an unclear
//!   move takes comes off the later moves' shares.
//! - A byo-yomi move uses the period left less the lag and a margin (twice the
//!   margin in the last period). Time a period leaves unused is lost, so the
//!   search does not stop early there.
//! - A Canadian move gets the block left divided by the stones left in it, less
//!   the lag and a margin; time saved goes to the block's later stones.
//!
//! Invariant: while each move's cost beyond the search stays within the lag, no
//! plan overdraws the part of the clock it runs on (absolute time while the
//! game lasts no longer than estimated plus the reserve; a byo-yomi period; a
//! Canadian block).

use super::clock::{Clock, Lag, TimeSystem};
use crate::board::Color;
use std::fmt;
use std::time::Duration;

// The plan's constants: fixed, not match-tuned; each says why it is what it is.

/// Absolute time never planned into moves: this many seconds, at most
/// `TIME_RESERVE_MAX_FRACTION` of the main time (a 10 s clock cannot keep 1 s).
const TIME_RESERVE_SECONDS: f64 = 1.0;
const TIME_RESERVE_MAX_FRACTION: f64 = 0.05;

/// Margin kept in a byo-yomi period or a Canadian block against the search's
/// overshoot (one look at the clock every few simulations) and jitter beyond
/// the lag: this fraction of the period, at least `TIME_PERIOD_MARGIN_MIN` and
/// at most `TIME_PERIOD_MARGIN_MAX` seconds. Doubled in the last byo-yomi
/// period, where overstepping loses the game.
const TIME_PERIOD_MARGIN_FRACTION: f64 = 0.05;
const TIME_PERIOD_MARGIN_MIN: f64 = 0.05;
const TIME_PERIOD_MARGIN_MAX: f64 = 2.0;

/// Estimated own moves left: empty points times a rate that falls from
/// `TIME_MOVES_PER_EMPTY_OPENING` on an empty board to
/// `TIME_MOVES_PER_EMPTY_END` on a full one (19x19 games last about 125 moves a
/// side, 9x9 about 30), plus `TIME_EXTRA_MOVES_PER_POINT` times the area for
/// games that run long (fights, dame, cleanup), and never below
/// `TIME_MIN_MOVES_LEFT`.
const TIME_MOVES_PER_EMPTY_OPENING: f64 = 0.35;
const TIME_MOVES_PER_EMPTY_END: f64 = 0.15;
const TIME_MIN_MOVES_LEFT: f64 = 12.0;
const TIME_EXTRA_MOVES_PER_POINT: f64 = 0.1;

/// How much a move's share of main time weighs by the stage of the game, as
/// (fraction of the board occupied, weight) corners of a piecewise linear curve:
/// the first moves are standard and cheap, the middle game (fights, the shape
/// of the territories) weighs most, the endgame's small moves less.
const TIME_WEIGHTS: [(f64, f64); 5] = [
    (0.0, 0.6),
    (0.08, 1.0),
    (0.15, 1.4),
    (0.45, 1.4),
    (0.7, 0.6),
];

/// Fraction of the board occupied when a game ends, in the model of the moves
/// still to come that spreads the weights.
const TIME_END_FILL: f64 = 0.8;

/// With an overtime, main time too short to cover every move still expected
/// goes in chunks of up to this many times what a move in overtime gets, on top
/// of it. For a search whose strength grows with the logarithm of its time,
/// spending main time in moves of about three periods buys the most.
const TIME_OVERTIME_CHUNK: f64 = 2.0;

/// No single move takes more than this fraction of the plannable main time.
const TIME_MAX_SHARE: f64 = 0.12;

/// Under `--time-bank` no move takes more than this many times the fixed
/// `--time`: Pachi's `max_maintime_ratio`, so savings go to a run of hard
/// moves rather than all to the first one. Under a clock with an overtime, a
/// main-time move whose choice is unclear may take this many times its extra
/// (see [`Plan::unclear`]), as Pachi's worst time does.
const TIME_BANK_MAX_RATIO: f64 = 3.0;

/// Under absolute time, a main-time move whose choice is unclear may take
/// this many times its share (Pachi's `MAX_SUDDEN_DEATH_RATIO`): lower than
/// with an overtime, since nothing follows the main time; less on a clock so
/// short that the lag of the moves to come costs about as much as their
/// thinking.
const TIME_UNCLEAR_RATIO_ABSOLUTE: f64 = 2.0;

/// Under `--time-bank`, a move whose best choice is clear stops after its
/// `--time` (by the stage weights) plus this share of the savings; the rest
/// of the savings waits for unclear moves (see [`Plan::soft`]).
const TIME_BANK_CLEAR_SHARE: f64 = 0.125;

/// The least time a move is given (the search also always runs a few
/// simulations).
const TIME_MIN_MOVE_SECONDS: f64 = 0.02;

/// The state of the board that matters for planning.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Position {
    pub(crate) area: usize,
    pub(crate) empty: usize,
}

impl Position {
    /// Fraction of the board occupied.
    fn fill(self) -> f64 {
        1.0 - self.empty as f64 / self.area.max(1) as f64
    }
}

/// The part of the clock the next move runs on.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) enum Stage {
    Main {
        left: f64,
    },
    Period {
        left: f64,
        periods: u32,
    },
    Block {
        left: f64,
        stones: u32,
    },
    /// A fixed time per move with `--time-bank`, `saved` seconds in the bank.
    Bank {
        per_move: f64,
        saved: f64,
    },
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stage::Main { left } => write!(f, "main time, {left:.2} s left"),
            Stage::Period { left, periods } => {
                write!(f, "byo-yomi, {left:.2} s left, {periods} periods")
            }
            Stage::Block { left, stones } => {
                write!(f, "Canadian, {left:.2} s left for {stones} stones")
            }
            Stage::Bank { per_move, saved } => {
                write!(f, "{per_move:.2} s a move, {saved:.2} s saved")
            }
        }
    }
}

/// What the time manager allows the next move.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) struct Plan {
    pub(crate) seconds: f64,
    /// Whether time the move leaves unused goes back to the clock (main time, a
    /// Canadian block with stones after this one), so a decided search should
    /// stop early.
    pub(crate) stop_early: bool,
    /// The time after which a search whose best move is clear may stop,
    /// keeping the rest of `seconds` for moves that are not (Pachi's desired
    /// and worst times); `None`: no such point. The search uses it only with
    /// `time_keep_for_unclear`.
    pub(crate) soft: Option<f64>,
    /// Under `time_keep_for_unclear`, the most an unclear move may take in
    /// place of `seconds` (Pachi's worst time); `None`: `seconds`. Main time
    /// has one: its share is the soft time, and a move whose choice is not
    /// clear by then searches on up to this. The bank's `seconds` is already
    /// its worst time.
    pub(crate) unclear: Option<f64>,
    pub(crate) stage: Stage,
}

impl Plan {
    pub(crate) fn time(&self) -> Duration {
        Duration::from_secs_f64(self.seconds)
    }

    pub(crate) fn soft_time(&self) -> Option<Duration> {
        self.soft.map(Duration::from_secs_f64)
    }

    pub(crate) fn unclear_time(&self) -> Option<Duration> {
        self.unclear.map(Duration::from_secs_f64)
    }
}

/// Own moves estimated to remain.
fn moves_left(pos: Position) -> f64 {
    let empty = pos.empty as f64;
    let fill = empty / pos.area.max(1) as f64;
    let rate =
        TIME_MOVES_PER_EMPTY_END + (TIME_MOVES_PER_EMPTY_OPENING - TIME_MOVES_PER_EMPTY_END) * fill;
    (empty * rate + TIME_EXTRA_MOVES_PER_POINT * pos.area as f64).max(TIME_MIN_MOVES_LEFT)
}

/// The weight of a move played with `fill` of the board occupied.
fn weight(fill: f64) -> f64 {
    let w = &TIME_WEIGHTS;
    if fill <= w[0].0 {
        return w[0].1;
    }
    for pair in w.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        if fill <= x1 {
            return y0 + (y1 - y0) * (fill - x0) / (x1 - x0);
        }
    }
    w[w.len() - 1].1
}

/// This move's share of `plannable` seconds of main time: its weight over the
/// weights of the moves estimated to remain (this one included), the board
/// filling evenly until `TIME_END_FILL`.
fn main_share(plannable: f64, pos: Position) -> f64 {
    if plannable <= 0.0 {
        return 0.0;
    }
    let n = moves_left(pos).round().max(1.0) as usize;
    let fill = pos.fill();
    let end = TIME_END_FILL.max(fill);
    let total: f64 = (0..n)
        .map(|i| weight(fill + (end - fill) * i as f64 / n as f64))
        .sum();
    (plannable * weight(fill) / total).min(plannable * TIME_MAX_SHARE)
}

/// What a move in main time gets on top of `spare`, the time a move in
/// overtime gets, from `left` seconds of main time. Every main-time move spends
/// main time on thinking it would have had for free in overtime, so main time
/// spent in moves barely longer than `spare` buys almost nothing: it goes in
/// chunks of up to `TIME_OVERTIME_CHUNK` times `spare` extra (the most at the
/// heaviest stage), unless there is enough to give every move still expected
/// its `spare` and lag and share the rest by weight. Never more than `left`,
/// so a move that runs on into overtime overdraws nothing there.
fn overtime_extra(left: f64, spare: f64, pos: Position, lag: f64) -> f64 {
    let uniform = main_share(left - moves_left(pos) * (spare + lag), pos);
    let heaviest = TIME_WEIGHTS.iter().map(|w| w.1).fold(0.0, f64::max);
    let chunk = TIME_OVERTIME_CHUNK * spare * weight(pos.fill()) / heaviest;
    uniform.max(chunk).min(left)
}

/// Margin kept inside a byo-yomi period or a Canadian block of `period` seconds.
fn period_margin(period: f64) -> f64 {
    (period * TIME_PERIOD_MARGIN_FRACTION).clamp(TIME_PERIOD_MARGIN_MIN, TIME_PERIOD_MARGIN_MAX)
}

/// A byo-yomi move with `left` seconds of the period and `periods` periods left.
fn period_seconds(left: f64, period: f64, periods: u32, lag: f64) -> f64 {
    let margin = if periods <= 1 {
        2.0 * period_margin(period)
    } else {
        period_margin(period)
    };
    left - margin - lag
}

/// A Canadian move with `left` seconds for `stones` stones.
fn block_seconds(left: f64, stones: u32, lag: f64) -> f64 {
    (left - period_margin(left)) / f64::from(stones.max(1)) - lag
}

/// The plan for the next move of `color`, or `None` without a time limit.
pub(crate) fn plan(clock: &Clock, color: Color, pos: Position, lag: Lag) -> Option<Plan> {
    let lag = lag.seconds();
    let r = clock.reading(color);
    let in_main = r.count == 0 && r.seconds > 0.0;
    // A main-time move: its time, and what an unclear one may take instead.
    let main = |seconds: f64, unclear: f64| Plan {
        seconds,
        stop_early: true,
        soft: Some(seconds),
        unclear: Some(unclear),
        stage: Stage::Main { left: r.seconds },
    };
    // With an overtime the extra over a period's move is what grows, up to
    // the main time left.
    let with_overtime = |spare: f64, extra: f64| {
        main(
            spare + extra,
            spare + (TIME_BANK_MAX_RATIO * extra).min(r.seconds),
        )
    };
    let plan = match clock.system {
        TimeSystem::None => return None,
        TimeSystem::Absolute { main: total } => {
            let reserve = TIME_RESERVE_SECONDS.min(TIME_RESERVE_MAX_FRACTION * total);
            let lags = moves_left(pos) * lag;
            let plannable = r.seconds - reserve - lags;
            let share = main_share(plannable, pos);
            // On a clock where the moves' lag costs about as much as their
            // thinking, a game longer than estimated already eats into the
            // reserve: no extension there, the whole one from twice as much
            // thinking as lag.
            let room = if lags > 0.0 {
                (plannable / lags - 1.0).clamp(0.0, 1.0)
            } else {
                1.0
            };
            main(
                share,
                share * (1.0 + (TIME_UNCLEAR_RATIO_ABSOLUTE - 1.0) * room),
            )
        }
        TimeSystem::Byoyomi {
            period, periods, ..
        } if in_main => {
            // The move may run on into the first period.
            let spare = period_seconds(period, period, periods, lag).max(0.0);
            with_overtime(spare, overtime_extra(r.seconds, spare, pos, lag))
        }
        TimeSystem::Byoyomi {
            period, periods, ..
        } => {
            // A reading of no main time and no periods means main time just ran
            // out: the first period starts with this move.
            let (left, periods) = if r.count == 0 {
                (period, periods)
            } else {
                (r.seconds, r.count)
            };
            Plan {
                seconds: period_seconds(left, period, periods, lag),
                stop_early: false,
                soft: None,
                unclear: None,
                stage: Stage::Period { left, periods },
            }
        }
        TimeSystem::Canadian { period, stones, .. } if in_main => {
            // The move may run on into the first block as its first stone.
            let spare = block_seconds(period, stones, lag).max(0.0);
            with_overtime(spare, overtime_extra(r.seconds, spare, pos, lag))
        }
        TimeSystem::Canadian { period, stones, .. } => {
            let (left, stones) = if r.count == 0 {
                (period, stones)
            } else {
                (r.seconds, r.count)
            };
            Plan {
                seconds: block_seconds(left, stones, lag),
                stop_early: stones > 1,
                soft: None,
                unclear: None,
                stage: Stage::Block { left, stones },
            }
        }
    };
    let seconds = plan.seconds.max(TIME_MIN_MOVE_SECONDS);
    Some(Plan {
        seconds,
        soft: plan.soft.map(|s| s.max(TIME_MIN_MOVE_SECONDS)),
        unclear: plan.unclear.map(|u| u.max(seconds)),
        ..plan
    })
}

/// The plan for a move under a fixed `per_move` time with `--time-bank`, the
/// mover having `saved` seconds from its earlier moves of the game: its
/// `per_move` (less in the first moves and the late endgame, by the stage
/// weights) plus what is saved, at most `TIME_BANK_MAX_RATIO` times
/// `per_move`. A decided search stops early and banks the rest. No move is
/// given more than `per_move` plus the savings, so a game's moves never
/// average more than `per_move` (but for the search's overshoot, which the
/// bank books as debt). The soft time is the same with only
/// `TIME_BANK_CLEAR_SHARE` of the savings.
pub(crate) fn banked(per_move: f64, saved: f64, pos: Position) -> Plan {
    let base = per_move * weight(pos.fill()).min(1.0);
    let seconds = (base + saved)
        .min(per_move * TIME_BANK_MAX_RATIO)
        .max(TIME_MIN_MOVE_SECONDS);
    let soft = (base + saved.max(0.0) * TIME_BANK_CLEAR_SHARE)
        .max(TIME_MIN_MOVE_SECONDS)
        .min(seconds);
    Plan {
        seconds,
        stop_early: true,
        soft: Some(soft),
        unclear: None,
        stage: Stage::Bank { per_move, saved },
    }
}

#[cfg(test)]
mod tests;
