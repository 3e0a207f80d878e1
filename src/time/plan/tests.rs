//! Tests of the time plan on simulated games and clocks: no plan overdraws
//! its clock, and each time system spends as documented.

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
    simulate_spending(system, size, own_moves, |plan| plan.seconds)
}

/// [`simulate`] with each move's search taking `search(plan)` seconds.
fn simulate_spending(
    system: TimeSystem,
    size: usize,
    own_moves: usize,
    search: fn(&Plan) -> f64,
) -> Game {
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
            referee.spend(Color::Black, search(&plan) + overhead()),
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
        let (opening, middle, end) = (by_fill(0.0, 0.06), by_fill(0.15, 0.45), by_fill(0.6, 1.0));
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

#[test]
fn a_banked_move_keeps_most_of_the_savings_for_an_unclear_choice() {
    let middle = position(19, 200);
    // 8 s saved: a clear move gets its second and one eighth of them, an
    // unclear one up to three seconds.
    let plan = banked(1.0, 8.0, middle);
    assert_eq!(plan.soft, Some(1.0 + 8.0 * TIME_BANK_CLEAR_SHARE));
    assert_eq!(plan.seconds, TIME_BANK_MAX_RATIO);
    // Little saved: both times are nearly the second.
    let plan = banked(1.0, 0.1, middle);
    assert!(
        plan.soft.unwrap() < plan.seconds && plan.seconds < 1.2,
        "{plan:?}"
    );
    // In debt the soft time is the whole (shortened) move.
    let plan = banked(1.0, -0.25, middle);
    assert_eq!(plan.soft, Some(plan.seconds));
    assert_eq!(plan.seconds, 0.75);
    // The bank's full time is its worst time.
    assert_eq!(plan.unclear, None);
}

#[test]
fn a_main_time_move_may_search_on_when_unclear_and_a_period_may_not() {
    let middle = position(19, 200);
    // Absolute time: the share is the soft time, twice it the worst.
    let mut clock = Clock::default();
    clock.set_system(TimeSystem::Absolute { main: 600.0 });
    let plan = plan_for(&clock, Color::Black, middle);
    assert_eq!(plan.soft, Some(plan.seconds));
    assert_eq!(
        plan.unclear,
        Some(TIME_UNCLEAR_RATIO_ABSOLUTE * plan.seconds)
    );
    // Main time before byo-yomi: three times the extra over a period's
    // move, which the worst time keeps.
    clock.set_system(TimeSystem::Byoyomi {
        main: 600.0,
        period: 30.0,
        periods: 5,
    });
    let plan = plan_for(&clock, Color::Black, middle);
    let spare = period_seconds(30.0, 30.0, 5, Lag::default().seconds());
    let extra = plan.seconds - spare;
    assert!(extra > 0.0, "{plan:?}");
    let unclear = plan.unclear.unwrap();
    assert!(
        (unclear - (spare + TIME_BANK_MAX_RATIO * extra)).abs() < 1e-9,
        "{plan:?}"
    );
    // Never more than the main time left beyond the first period.
    clock.set_left(
        Color::Black,
        ClockReading {
            seconds: 2.0,
            count: 0,
        },
    );
    let plan = plan_for(&clock, Color::Black, middle);
    assert!(plan.unclear.unwrap() <= spare + 2.0 + 1e-9, "{plan:?}");
    // In the periods time left unused is lost anyway: no soft time.
    clock.set_left(
        Color::Black,
        ClockReading {
            seconds: 30.0,
            count: 5,
        },
    );
    let plan = plan_for(&clock, Color::Black, middle);
    assert!(matches!(plan.stage, Stage::Period { .. }), "{plan:?}");
    assert_eq!((plan.soft, plan.unclear), (None, None));
}

#[test]
fn a_game_of_unclear_moves_never_flags() {
    // Every main-time move runs to its worst time: the later shares shrink
    // and no clock is overdrawn (simulate panics on a flag).
    let unclear = |plan: &Plan| plan.unclear.unwrap_or(plan.seconds);
    for (size, own_moves) in [(19, 150), (19, 220), (9, 40), (13, 90)] {
        for system in [
            TimeSystem::Absolute { main: 600.0 },
            TimeSystem::Absolute { main: 60.0 },
            TimeSystem::Byoyomi {
                main: 300.0,
                period: 10.0,
                periods: 3,
            },
            TimeSystem::Byoyomi {
                main: 60.0,
                period: 1.0,
                periods: 1,
            },
            TimeSystem::Canadian {
                main: 600.0,
                period: 60.0,
                stones: 10,
            },
        ] {
            let g = simulate_spending(system, size, own_moves, unclear);
            if let TimeSystem::Byoyomi { periods, .. } = system {
                let r = g.referee.reading(Color::Black);
                assert_eq!(r.count, periods, "{system:?}: lost a period");
            }
        }
    }
}
