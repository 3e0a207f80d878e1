//! Time management: how long the next move may take, as a pure function of the
//! clock the controller reported and the position. No clock is read here, so
//! tests drive it with simulated games.
//!
//! Plan: split the usable time evenly over the own moves estimated to remain
//! (from the empty points), give the opening and middle game more, never plan
//! the reserve or the expected lag, and never let one move risk a flag: in
//! byo-yomi a move stays inside its period (a margin kept), in Canadian overtime
//! inside its share of the block.

use super::params::*;
use crate::board::Color;
use crate::time::{Clock, ClockReading, TimeSystem};
use std::time::Duration;

/// The state of the board that matters for planning.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub area: usize,
    pub empty: usize,
}

/// Own moves estimated to remain.
pub fn moves_left(pos: Position) -> f64 {
    let empty = pos.empty as f64;
    let fill = empty / pos.area.max(1) as f64;
    let rate =
        TIME_MOVES_PER_EMPTY_END + (TIME_MOVES_PER_EMPTY_OPENING - TIME_MOVES_PER_EMPTY_END) * fill;
    (empty * rate + TIME_EXTRA_MOVES_PER_POINT * pos.area as f64).max(TIME_MIN_MOVES_LEFT)
}

/// Margin kept inside a byo-yomi period or a Canadian block of `period` seconds.
fn period_margin(period: f64) -> f64 {
    (period * TIME_PERIOD_MARGIN_FRACTION).clamp(TIME_PERIOD_MARGIN_MIN, TIME_PERIOD_MARGIN_MAX)
}

/// This move's share of `main` seconds of main time.
fn main_share(main: f64, pos: Position) -> f64 {
    let left = moves_left(pos);
    let plannable = main - TIME_RESERVE_SECONDS - left * TIME_LAG_SECONDS;
    if plannable <= 0.0 {
        return 0.0;
    }
    let busy = pos.empty as f64 > TIME_BUSY_EMPTY_FRACTION * pos.area as f64;
    let factor = if busy { TIME_BUSY_FACTOR } else { 1.0 };
    (plannable / left * factor).min(plannable * TIME_MAX_SHARE)
}

/// Seconds the next move of `color` may take, or `None` without a time limit.
pub fn move_seconds(clock: &Clock, color: Color, pos: Position) -> Option<f64> {
    let reading = |main: f64| {
        clock.left[color.index()].unwrap_or(ClockReading {
            seconds: main,
            count: 0,
        })
    };
    let seconds = match clock.system {
        TimeSystem::None => return None,
        TimeSystem::Absolute { main } => main_share(reading(main).seconds, pos),
        TimeSystem::Byoyomi {
            main,
            period,
            periods,
        } => {
            let r = reading(main);
            let in_main = r.count == 0 && (r.seconds > 0.0 || clock.left[color.index()].is_some());
            if in_main && periods > 0 || periods == 0 {
                // Main time, then (if any) the first period, which a move may use
                // without losing it.
                let spare = if periods > 0 {
                    (period - period_margin(period) - TIME_LAG_SECONDS).max(0.0)
                } else {
                    0.0
                };
                let hard = r.seconds - TIME_LAG_SECONDS + spare;
                (main_share(r.seconds, pos) + spare).min(hard)
            } else {
                // In byo-yomi (or main time 0 before any time_left): the time left
                // in this period, less the margin; more margin in the last one.
                let (left, count) = if r.count == 0 {
                    (period, periods)
                } else {
                    (r.seconds, r.count)
                };
                let margin = if count <= 1 {
                    2.0 * period_margin(period)
                } else {
                    period_margin(period)
                };
                left - margin - TIME_LAG_SECONDS
            }
        }
        TimeSystem::Canadian {
            main,
            period,
            stones,
        } => {
            let r = reading(main);
            let per_stone =
                (period - period_margin(period)) / f64::from(stones.max(1)) - TIME_LAG_SECONDS;
            if r.count == 0 && r.seconds > 0.0 {
                let spare = per_stone.max(0.0);
                (main_share(r.seconds, pos) + spare).min(r.seconds - TIME_LAG_SECONDS + spare)
            } else {
                let (left, count) = if r.count == 0 {
                    (period, stones)
                } else {
                    (r.seconds, r.count)
                };
                (left - period_margin(period)) / f64::from(count.max(1)) - TIME_LAG_SECONDS
            }
        }
    };
    Some(seconds.max(TIME_MIN_MOVE_SECONDS))
}

/// [`move_seconds`] as a duration.
pub fn move_time(clock: &Clock, color: Color, pos: Position) -> Option<Duration> {
    move_seconds(clock, color, pos).map(Duration::from_secs_f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a controller adds to every move beyond the search's budget: the
    /// search's overshoot (it looks at the clock every few simulations), the
    /// decision, GTP and network. Below the planned `TIME_LAG_SECONDS`.
    const OVERHEAD: f64 = 0.27;

    struct Game {
        budgets: Vec<f64>,
        clock: Clock,
    }

    /// Plays `own_moves` moves of Black on a simulated clock, each taking exactly
    /// the planned time plus `OVERHEAD`; the board fills from empty to 25% empty
    /// over 80% of the moves and stays there. Panics on a flag.
    fn simulate(system: TimeSystem, size: usize, own_moves: usize) -> Game {
        let mut clock = Clock::default();
        clock.set_system(system);
        let area = size * size;
        let mut budgets = Vec::new();
        for i in 0..own_moves {
            let progress = (i as f64 / (0.8 * own_moves as f64)).min(1.0);
            let empty = (area as f64 * (1.0 - 0.75 * progress)) as usize;
            let budget = move_seconds(&clock, Color::Black, Position { area, empty }).unwrap();
            assert!(budget > 0.0);
            let before = clock.reading(Color::Black);
            assert!(
                clock.spend(Color::Black, budget + OVERHEAD),
                "{system:?} {size}x{size}: flagged at move {i} of {own_moves} with {before:?}, budget {budget:.2}"
            );
            budgets.push(budget);
        }
        Game { budgets, clock }
    }

    fn mean(xs: &[f64]) -> f64 {
        xs.iter().sum::<f64>() / xs.len() as f64
    }

    #[test]
    fn absolute_time_never_flags_and_is_used() {
        for (size, main, lengths) in [
            (19, 600.0, [100, 150, 220]),
            (19, 1800.0, [100, 150, 220]),
            (9, 60.0, [25, 40, 60]),
            (9, 300.0, [25, 40, 60]),
            (13, 300.0, [50, 80, 120]),
        ] {
            for own_moves in lengths {
                let g = simulate(TimeSystem::Absolute { main }, size, own_moves);
                let left = g.clock.reading(Color::Black).seconds;
                assert!(
                    left >= TIME_RESERVE_SECONDS * 0.5,
                    "{size} {main} {own_moves}: {left}"
                );
                // A normal-length game uses most of the clock.
                if own_moves == lengths[1] {
                    assert!(left < 0.6 * main, "{size} {main} {own_moves}: {left} left");
                }
            }
        }
    }

    #[test]
    fn opening_and_middle_game_get_more_time_than_the_endgame() {
        let g = simulate(TimeSystem::Absolute { main: 900.0 }, 19, 150);
        let n = g.budgets.len();
        let early = mean(&g.budgets[..n / 3]);
        let late = mean(&g.budgets[2 * n / 3..]);
        assert!(early > 1.3 * late, "early {early:.2} late {late:.2}");
        // And no single move takes an absurd share.
        let max = g.budgets.iter().cloned().fold(0.0, f64::max);
        assert!(max < 0.13 * 900.0, "{max}");
    }

    #[test]
    fn byoyomi_never_loses_a_period_and_uses_most_of_each() {
        for (main, period, periods) in [
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
            for (size, own_moves) in [(19, 150), (19, 250), (9, 50)] {
                let g = simulate(system, size, own_moves);
                let r = g.clock.reading(Color::Black);
                assert_eq!(r.count, periods, "{system:?}: lost a period");
                // Once in byo-yomi, a move uses at least half of the period.
                let last = *g.budgets.last().unwrap();
                assert!(last >= 0.5 * period, "{system:?}: {last:.2} of {period}");
            }
        }
    }

    #[test]
    fn canadian_never_flags() {
        for (main, period, stones) in [
            (0.0, 300.0, 25),
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
                let last = *g.budgets.last().unwrap();
                // Overtime moves get a fair share of the block.
                assert!(
                    last >= 0.5 * period / f64::from(stones) - OVERHEAD,
                    "{system:?}: {last:.2}"
                );
            }
        }
    }

    #[test]
    fn no_time_system_gives_no_limit() {
        let pos = Position {
            area: 81,
            empty: 81,
        };
        assert_eq!(move_seconds(&Clock::default(), Color::White, pos), None);
    }

    #[test]
    fn time_left_overrides_the_plan() {
        let mut clock = Clock::default();
        clock.set_system(TimeSystem::Byoyomi {
            main: 600.0,
            period: 30.0,
            periods: 5,
        });
        let pos = Position {
            area: 361,
            empty: 300,
        };
        let fresh = move_seconds(&clock, Color::Black, pos).unwrap();
        clock.set_left(
            Color::Black,
            ClockReading {
                seconds: 12.0,
                count: 2,
            },
        );
        let in_period = move_seconds(&clock, Color::Black, pos).unwrap();
        assert!(in_period < 12.0 && in_period > 6.0, "{in_period}");
        assert!(fresh > in_period);
        // White's clock is untouched.
        assert_eq!(move_seconds(&clock, Color::White, pos).unwrap(), fresh);
    }
}
