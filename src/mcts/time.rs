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

use super::params::*;
use crate::board::Color;
use crate::time::{Clock, Lag, TimeSystem};
use std::fmt;
use std::time::Duration;

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
    pub(crate) stage: Stage,
}

impl Plan {
    pub(crate) fn time(&self) -> Duration {
        Duration::from_secs_f64(self.seconds)
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
    let main = |seconds: f64| Plan {
        seconds,
        stop_early: true,
        stage: Stage::Main { left: r.seconds },
    };
    let plan = match clock.system {
        TimeSystem::None => return None,
        TimeSystem::Absolute { main: total } => {
            let reserve = TIME_RESERVE_SECONDS.min(TIME_RESERVE_MAX_FRACTION * total);
            let plannable = r.seconds - reserve - moves_left(pos) * lag;
            main(main_share(plannable, pos))
        }
        TimeSystem::Byoyomi {
            period, periods, ..
        } if in_main => {
            // The move may run on into the first period.
            let spare = period_seconds(period, period, periods, lag).max(0.0);
            main(spare + overtime_extra(r.seconds, spare, pos, lag))
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
                stage: Stage::Period { left, periods },
            }
        }
        TimeSystem::Canadian { period, stones, .. } if in_main => {
            // The move may run on into the first block as its first stone.
            let spare = block_seconds(period, stones, lag).max(0.0);
            main(spare + overtime_extra(r.seconds, spare, pos, lag))
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
                stage: Stage::Block { left, stones },
            }
        }
    };
    Some(Plan {
        seconds: plan.seconds.max(TIME_MIN_MOVE_SECONDS),
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
/// bank books as debt).
pub(crate) fn banked(per_move: f64, saved: f64, pos: Position) -> Plan {
    let seconds = (per_move * weight(pos.fill()).min(1.0) + saved)
        .min(per_move * TIME_BANK_MAX_RATIO)
        .max(TIME_MIN_MOVE_SECONDS);
    Plan {
        seconds,
        stop_early: true,
        stage: Stage::Bank { per_move, saved },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::ClockReading;

    /// What each simulated move costs beyond its plan: the search's overshoot,
    /// the decision, GTP and network. Within the default lag, as the plans
    /// assume.
    fn overhead() -> f64 {
        0.9 * Lag::default().seconds()
    }

    fn position(size: usize, empty: usize) -> Position {
        Position {
            area: size * size,
            empty,
        }
    }

    fn plan_for(clock: &Clock, color: Color, pos: Position) -> Plan {
        plan(clock, color, pos, Lag::default()).unwrap()
    }

    /// One own move of a simulated game.
    struct Move {
        plan: Plan,
        empty: usize,
    }

    struct Game {
        moves: Vec<Move>,
        /// The controller's clock, which the engine learns through `time_left`.
        referee: Clock,
    }

    impl Game {
        fn seconds(&self) -> Vec<f64> {
            self.moves.iter().map(|m| m.plan.seconds).collect()
        }

        /// Plans of the moves played in overtime.
        fn overtime(&self) -> Vec<Plan> {
            let main = |m: &&Move| matches!(m.plan.stage, Stage::Main { .. });
            self.moves
                .iter()
                .filter(|m| !main(m))
                .map(|m| m.plan)
                .collect()
        }
    }

    /// Plays `own_moves` moves of Black as kgsGtp drives a bot: before each
    /// move the engine's clock gets the referee's reading (`time_left`), and the
    /// move costs the referee exactly its plan plus [`overhead`]. The board fills
    /// from empty to 25% empty over 80% of the moves and stays there. Panics on
    /// a flag.
    fn simulate(system: TimeSystem, size: usize, own_moves: usize) -> Game {
        let mut referee = Clock::default();
        referee.set_system(system);
        let mut engine = Clock::default();
        engine.set_system(system);
        let area = size * size;
        let mut moves = Vec::new();
        for i in 0..own_moves {
            let progress = (i as f64 / (0.8 * own_moves as f64)).min(1.0);
            let empty = (area as f64 * (1.0 - 0.75 * progress)) as usize;
            let before = referee.reading(Color::Black);
            engine.set_left(Color::Black, before);
            let plan = plan_for(&engine, Color::Black, position(size, empty));
            assert!(plan.seconds > 0.0);
            assert!(
                referee.spend(Color::Black, plan.seconds + overhead()),
                "{system:?} {size}x{size}: flagged at move {i} of {own_moves} with {before:?}, {plan:?}"
            );
            moves.push(Move { plan, empty });
        }
        Game { moves, referee }
    }

    /// Main time the simulated game spent, as a fraction.
    fn main_used(g: &Game, main: f64) -> f64 {
        let r = g.referee.reading(Color::Black);
        if r.count > 0 {
            1.0
        } else {
            1.0 - r.seconds / main
        }
    }

    fn mean(xs: &[f64]) -> f64 {
        xs.iter().sum::<f64>() / xs.len() as f64
    }

    #[test]
    fn absolute_time_never_flags_and_is_used() {
        for (size, main, lengths) in [
            (19, 600.0, [100, 150, 220]),
            (19, 1800.0, [100, 150, 220]),
            (19, 60.0, [100, 150, 220]),
            (9, 20.0, [25, 40, 50]),
            (9, 60.0, [25, 40, 60]),
            (9, 300.0, [25, 40, 60]),
            (13, 300.0, [50, 80, 120]),
        ] {
            for own_moves in lengths {
                let g = simulate(TimeSystem::Absolute { main }, size, own_moves);
                let left = g.referee.reading(Color::Black).seconds;
                // A normal-length game on a clock that is more than lag uses
                // most of it.
                if own_moves == lengths[1] && main >= 60.0 {
                    assert!(left < 0.5 * main, "{size} {main} {own_moves}: {left} left");
                }
            }
        }
    }

    #[test]
    fn the_middle_game_gets_more_main_time_than_the_opening_and_the_endgame() {
        for (size, main, own_moves) in [(19, 900.0, 150), (9, 120.0, 40)] {
            let g = simulate(TimeSystem::Absolute { main }, size, own_moves);
            let by_fill = |lo: f64, hi: f64| {
                let s: Vec<f64> = g
                    .moves
                    .iter()
                    .filter(|m| {
                        let fill = 1.0 - m.empty as f64 / (size * size) as f64;
                        (lo..hi).contains(&fill)
                    })
                    .map(|m| m.plan.seconds)
                    .collect();
                mean(&s)
            };
            let (opening, middle, end) =
                (by_fill(0.0, 0.06), by_fill(0.15, 0.45), by_fill(0.6, 1.0));
            assert!(
                middle > 1.3 * opening && middle > 1.3 * end,
                "{size}x{size}: opening {opening:.2}, middle {middle:.2}, end {end:.2}"
            );
            // And no single move takes an absurd share.
            let max = g.seconds().iter().cloned().fold(0.0, f64::max);
            assert!(max < TIME_MAX_SHARE * main, "{max}");
        }
    }

    #[test]
    fn byoyomi_uses_the_main_time_and_half_of_each_period_and_never_loses_one() {
        for (main, period, periods) in [
            (10.0, 1.0, 1),
            (10.0, 1.0, 5),
            (60.0, 1.0, 5),
            (0.0, 1.0, 1),
            (0.0, 30.0, 5),
            (600.0, 30.0, 3),
            (60.0, 10.0, 1),
            (300.0, 5.0, 5),
            (0.0, 3.0, 1),
        ] {
            let system = TimeSystem::Byoyomi {
                main,
                period,
                periods,
            };
            for (size, own_moves) in [(19, 150), (19, 250), (9, 30), (9, 50)] {
                let g = simulate(system, size, own_moves);
                let r = g.referee.reading(Color::Black);
                assert_eq!(r.count, periods, "{system:?}: lost a period");
                for p in g.overtime() {
                    assert!(p.seconds >= 0.5 * period, "{system:?}: {p:?}");
                    assert!(!p.stop_early, "{system:?}: unused time in a period is lost");
                }
                // Main time is worth little against the periods on these
                // clocks: all of it goes before the endgame.
                let used = main_used(&g, main);
                if main > 0.0 && main <= 60.0 * period {
                    assert!(used >= 0.7, "{system:?} {size} {own_moves}: {used:.2}");
                }
            }
        }
    }

    #[test]
    fn a_move_in_main_time_may_run_on_into_the_first_period() {
        // 10 s of main time on 9x9 cannot pay the lag of 36 moves, but the
        // first move still gets the period on top of its share.
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Byoyomi {
            main: 10.0,
            period: 1.0,
            periods: 1,
        });
        let first = plan_for(&clock, Color::Black, position(9, 81));
        assert_eq!(first.stage, Stage::Main { left: 10.0 });
        assert!(first.seconds >= 1.2, "{first:?}");
        assert!(first.stop_early);
        // With 0.3 s of main time left the move ends in the period, which it
        // does not overdraw.
        clock.set_left(
            Color::Black,
            ClockReading {
                seconds: 0.3,
                count: 0,
            },
        );
        let last = plan_for(&clock, Color::Black, position(9, 40));
        let spare = 1.0 - 0.1 - Lag::default().seconds();
        assert!(last.seconds <= 0.3 + spare + 1e-9, "{last:?}");
        assert!(last.seconds >= spare, "{last:?}");
    }

    #[test]
    fn the_last_byoyomi_period_is_used_but_not_overdrawn() {
        // `kgs-time_settings byoyomi 0 1 1`: one period of one second.
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Byoyomi {
            main: 0.0,
            period: 1.0,
            periods: 1,
        });
        let p = plan_for(&clock, Color::White, position(9, 60));
        assert_eq!(
            p.stage,
            Stage::Period {
                left: 1.0,
                periods: 1
            }
        );
        assert!(p.seconds >= 0.5, "{p:?}");
        assert!(p.seconds + Lag::default().seconds() <= 0.95, "{p:?}");
        assert!(!p.stop_early);
        // A reading of main time spent and no periods counted: the first of
        // five starts now.
        clock.set_system(TimeSystem::Byoyomi {
            main: 10.0,
            period: 1.0,
            periods: 5,
        });
        clock.set_left(
            Color::White,
            ClockReading {
                seconds: 0.0,
                count: 0,
            },
        );
        let p = plan_for(&clock, Color::White, position(9, 60));
        assert_eq!(
            p.stage,
            Stage::Period {
                left: 1.0,
                periods: 5
            }
        );
        assert!(p.seconds >= 0.7, "{p:?}");
    }

    #[test]
    fn canadian_shares_the_block_among_its_stones_and_never_flags() {
        // `time_settings 0 1 1`: one stone per second.
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 1.0,
            stones: 1,
        });
        let p = plan_for(&clock, Color::Black, position(19, 300));
        assert!(p.seconds >= 0.5, "{p:?}");
        assert!(!p.stop_early, "the block's last stone cannot save time");
        // Ten seconds left for four stones of a block: a quarter each, less
        // the lag and a margin.
        clock.set_left(
            Color::Black,
            ClockReading {
                seconds: 10.0,
                count: 4,
            },
        );
        let p = plan_for(&clock, Color::Black, position(19, 300));
        let share = 10.0 / 4.0 - Lag::default().seconds();
        assert!(p.seconds >= 0.9 * share && p.seconds < share, "{p:?}");
        assert!(p.stop_early, "time saved goes to the block's later stones");

        for (main, period, stones) in [
            (0.0, 1.0, 1),
            (0.0, 300.0, 25),
            (10.0, 5.0, 5),
            (600.0, 60.0, 10),
            (60.0, 30.0, 20),
            (1200.0, 300.0, 20),
        ] {
            let system = TimeSystem::Canadian {
                main,
                period,
                stones,
            };
            for (size, own_moves) in [(19, 150), (19, 250), (9, 50)] {
                let g = simulate(system, size, own_moves);
                for p in g.overtime() {
                    let Stage::Block { left, stones } = p.stage else {
                        unreachable!()
                    };
                    let share = left / f64::from(stones) - Lag::default().seconds();
                    assert!(p.seconds >= 0.5 * share, "{system:?}: {p:?}");
                }
            }
        }
    }

    #[test]
    fn the_lag_comes_off_every_move() {
        let pos = position(9, 50);
        let at = |system: TimeSystem, lag: f64| {
            let mut clock = Clock::default();
            clock.set_system(system);
            plan(&clock, Color::Black, pos, Lag::new(lag).unwrap())
                .unwrap()
                .seconds
        };
        let byoyomi = TimeSystem::Byoyomi {
            main: 0.0,
            period: 5.0,
            periods: 3,
        };
        assert!((at(byoyomi, 0.0) - at(byoyomi, 1.5) - 1.5).abs() < 1e-9);
        // Absolute time reserves it for every move still to come.
        let absolute = TimeSystem::Absolute { main: 100.0 };
        let (none, some) = (at(absolute, 0.0), at(absolute, 1.0));
        assert!(some < none, "{none} {some}");
        // More lag than a period: the least move, not a negative one.
        let short = TimeSystem::Byoyomi {
            main: 0.0,
            period: 1.0,
            periods: 3,
        };
        assert_eq!(at(short, 2.0), TIME_MIN_MOVE_SECONDS);
    }

    #[test]
    fn no_time_system_gives_no_limit() {
        assert_eq!(
            plan(
                &Clock::default(),
                Color::White,
                position(9, 81),
                Lag::default()
            ),
            None
        );
    }

    #[test]
    fn time_left_overrides_the_plan() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Byoyomi {
            main: 600.0,
            period: 30.0,
            periods: 5,
        });
        let pos = position(19, 300);
        let fresh = plan_for(&clock, Color::Black, pos);
        clock.set_left(
            Color::Black,
            ClockReading {
                seconds: 12.0,
                count: 2,
            },
        );
        let in_period = plan_for(&clock, Color::Black, pos);
        // 12 s less the margin (1.5 s) and the lag.
        assert!(
            (in_period.seconds - (12.0 - 1.5 - Lag::default().seconds())).abs() < 1e-9,
            "{in_period:?}"
        );
        assert!(fresh.seconds > in_period.seconds);
        // White's clock is untouched.
        assert_eq!(plan_for(&clock, Color::White, pos), fresh);
    }

    #[test]
    fn a_banked_game_never_averages_more_than_its_time_per_move() {
        use crate::time::TimeBank;
        let per_move = 1.0;
        let mut bank = TimeBank::default();
        let (mut spent, mut longest, mut first) = (0.0, 0.0f64, None);
        for n in 1..=40 {
            let pos = position(9, 81 - 2 * n.min(30));
            let plan = banked(per_move, bank.saved(Color::Black), pos);
            first.get_or_insert(plan.seconds);
            assert!(plan.stop_early, "{plan:?}");
            assert!(plan.seconds <= TIME_BANK_MAX_RATIO * per_move + 1e-9);
            longest = longest.max(plan.seconds);
            // Every third move is decided early; the rest run a little over.
            let cost = if n % 3 == 0 {
                0.3 * plan.seconds
            } else {
                plan.seconds + 0.01
            };
            bank.settle(Color::Black, per_move, cost);
            spent += cost;
            assert!(
                spent <= per_move * n as f64 + 0.01 * n as f64 + 1e-9,
                "move {n}: {spent} s spent"
            );
        }
        // The first move is cheap and the savings buy longer searches later.
        assert!(first.unwrap() < per_move, "{first:?}");
        assert!(longest > 1.5 * per_move, "{longest}");
        // A debt comes off the next move.
        let mut bank = TimeBank::default();
        bank.settle(Color::White, per_move, 1.25);
        let middle = position(9, 50);
        assert!((banked(per_move, bank.saved(Color::White), middle).seconds - 0.75).abs() < 1e-9);
    }
}
