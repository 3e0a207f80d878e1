//! The search's stopping rules, on the real player: a time limit ends the
//! search on a simulated clock, a time-limited search stops early once its
//! choice cannot change (and a playout-limited one does not), and a position
//! with nothing to choose is answered without searching.

use super::{CAPTURE, NoTime, game_from, player, pt};
use crate::board::{Color, Move};
use crate::game::Game;
use crate::mcts::player::limits_of;
use crate::mcts::search::{Limits, Timer};
use crate::player::{Decision, Player};
use crate::rules::Rules;
use crate::time::Budget;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A simulated clock: every look at it advances it by `step`.
struct SteppingTimer {
    nanos: AtomicU64,
    step: Duration,
}

impl SteppingTimer {
    /// A clock at zero that advances by `step` at every look.
    fn new(step: Duration) -> SteppingTimer {
        SteppingTimer {
            nanos: AtomicU64::new(0),
            step,
        }
    }
}

impl Timer for SteppingTimer {
    fn elapsed(&self) -> Duration {
        Duration::from_nanos(
            self.nanos
                .fetch_add(self.step.as_nanos() as u64, Ordering::Relaxed),
        )
    }
}

#[test]
fn search_stops_at_its_time_limit_on_a_simulated_clock() {
    for threads in [1, 2] {
        let game = Game::new(9, Rules::default());
        let mut p = player(1, threads);
        let timer = SteppingTimer::new(Duration::from_millis(10));
        let limits = Limits {
            playouts: None,
            time: Some(Duration::from_secs(1)),
            stop_early: false,
            ..Limits::default()
        };
        let report = p.search(&game, Color::Black, limits, &timer);
        // One look every TIME_CHECK_INTERVAL simulations per thread: the limit is
        // reached on the 101st look, after at most 101 intervals per thread; an
        // early stop comes no sooner than the 20th look.
        let sims = report.stats.simulations;
        let interval = u64::from(crate::mcts::params::TIME_CHECK_INTERVAL);
        assert!(
            sims >= 20 * interval && sims <= 101 * interval * threads as u64,
            "{sims}"
        );
        assert!(timer.nanos.load(Ordering::Relaxed) <= 1_000_000_000 + 10_000_000 * threads as u64);
    }
}

#[test]
fn no_search_when_there_is_nothing_to_choose() {
    // After two passes the game is over; genmove answers at once even with a
    // long time limit.
    let mut game = Game::new(5, Rules::default());
    game.play(Color::Black, Move::Pass).unwrap();
    game.play(Color::White, Move::Pass).unwrap();
    let mut p = player(1, 2);
    let budget = Budget {
        playouts: None,
        time: Some(Duration::from_secs(30)),
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    let start = std::time::Instant::now();
    assert_eq!(
        p.genmove(&game, Color::Black, &budget),
        Decision::Play(Move::Pass)
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(p.last_report().unwrap().stats.simulations, 0);
}

/// Simulated seconds a search of `game` for `color` within `limits` takes.
fn seconds_used(game: &Game, color: Color, limits: Limits) -> f64 {
    let mut p = super::player_with(1, 1, super::no_book());
    let timer = SteppingTimer::new(Duration::from_millis(1));
    p.search(game, color, limits, &timer);
    timer.nanos.load(Ordering::Relaxed) as f64 * 1e-9
}

/// 9x9 after Black's tengen: an unclear choice for White.
fn after_tengen() -> Game {
    let mut game = Game::new(9, Rules::default());
    game.play(Color::Black, Move::Play(pt(&game, "E5")))
        .unwrap();
    game
}

#[test]
fn a_clear_choice_stops_at_the_soft_time_and_an_unclear_one_searches_on() {
    // A banked move: 3 s at most, its own share (1 s) the soft time, no
    // unclear time. Without the rule `limits_of` gives the search no soft time.
    let budget = Budget {
        playouts: None,
        time: Some(Duration::from_secs(3)),
        stop_early: true,
        soft_time: Some(Duration::from_secs(1)),
        unclear_time: None,
    };
    let used =
        |game: &Game, color: Color, keep: bool| seconds_used(game, color, limits_of(&budget, keep));
    // White's answer to Black's tengen comes in symmetric sets of four or
    // eight equal moves, so the runner-up stays close to the best: the search
    // goes on past the soft time.
    let tengen = after_tengen();
    let unclear = used(&tengen, Color::White, true);
    assert!(unclear > 1.5, "stopped after {unclear} s");
    // The capture position: D4 takes nearly every visit. With the rule the
    // search stops at the soft time; without it, only once D4 cannot be
    // overtaken (about half the full time).
    let capture = game_from(&CAPTURE, 4.5, Rules::default());
    let clear = used(&capture, Color::Black, true);
    assert!((1.0..1.1).contains(&clear), "stopped after {clear} s");
    let strict = used(&capture, Color::Black, false);
    assert!(strict > 1.2, "stopped after {strict} s");
}

#[test]
fn a_main_time_move_searches_on_to_its_unclear_time_only_under_the_rule() {
    // A main-time budget as the time manager makes it: the share (1 s) is
    // both the time and the soft time, twice it the worst time.
    let budget = Budget {
        playouts: None,
        time: Some(Duration::from_secs(1)),
        stop_early: true,
        soft_time: Some(Duration::from_secs(1)),
        unclear_time: Some(Duration::from_secs(2)),
    };
    // The rule is the soft time's one switch.
    assert_eq!(limits_of(&budget, true).soft_time, budget.soft_time);
    assert_eq!(limits_of(&budget, false).soft_time, None);
    let used =
        |game: &Game, color: Color, keep: bool| seconds_used(game, color, limits_of(&budget, keep));
    // The answer to tengen stays unclear: with the rule it runs past the
    // share toward the worst time, without it the share is the limit.
    let tengen = after_tengen();
    let unclear = used(&tengen, Color::White, true);
    assert!(unclear > 1.2 && unclear < 2.1, "stopped after {unclear} s");
    let strict = used(&tengen, Color::White, false);
    assert!(strict <= 1.01, "stopped after {strict} s");
    // The capture position is clear by the share: the rule stops there.
    let capture = game_from(&CAPTURE, 4.5, Rules::default());
    let clear = used(&capture, Color::Black, true);
    assert!(clear <= 1.01, "stopped after {clear} s");
}

#[test]
fn time_limited_search_stops_early_when_the_choice_is_made() {
    // The capture position: D4 takes every visit, so the search ends long before
    // its (simulated) time is up; a playout-limited search runs to the end.
    let game = game_from(&CAPTURE, 4.5, Rules::default());
    let mut p = player(1, 1);
    let timer = SteppingTimer::new(Duration::from_millis(1));
    let limits = Limits {
        playouts: None,
        time: Some(Duration::from_secs(10)),
        stop_early: true,
        ..Limits::default()
    };
    let report = p.search(&game, Color::Black, limits, &timer);
    let used = timer.nanos.load(Ordering::Relaxed);
    // It cannot be overtaken once its lead exceeds what the remaining time can
    // add: at about half the time when one move takes every visit.
    assert!(used < 6_000_000_000, "used {used} ns");
    assert_eq!(report.moves[0].mv, Move::Play(pt(&game, "D4")));
    // Without a clock to give the time back to, the search uses all of it.
    timer.nanos.store(0, Ordering::Relaxed);
    let limits = Limits {
        stop_early: false,
        ..limits
    };
    p.search(&game, Color::Black, limits, &timer);
    let used = timer.nanos.load(Ordering::Relaxed);
    assert!(used >= 10_000_000_000, "used {used} ns");
    let report = p.search(
        &game,
        Color::Black,
        Limits {
            playouts: Some(5_000),
            time: None,
            stop_early: false,
            ..Limits::default()
        },
        &NoTime,
    );
    assert_eq!(report.stats.simulations, 5_000);
}
