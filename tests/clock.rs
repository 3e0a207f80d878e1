//! The time manager through the real binary, driven as kgsGtp drives a bot:
//! `kgs-time_settings` (or `time_settings`) once, then `time_left` before every
//! `genmove`. The plans are read from the engine's `time plan` log line, so the
//! game test does not depend on the machine's speed or load; the wall-clock test
//! only checks lower bounds (a loaded machine makes moves longer, not shorter)
//! and a generous upper bound.

mod common;

use common::Session;
use koban::board::Color;
use koban::time::{Clock, TimeSystem};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// One `time plan` log line.
#[derive(Debug)]
struct Plan {
    seconds: f64,
    stage: String,
    stop_early: bool,
}

/// The binary with its `info` log.
struct Engine {
    session: Session,
    log: Receiver<String>,
}

impl Engine {
    /// The binary with `args` and the opening book off: the tests read the
    /// time plans of searches, and the book plays the first moves without.
    fn start(args: &[&str]) -> Engine {
        let args: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--param", "opening_book=0"])
            .collect();
        let (session, log) = Session::binary_with_log(&args);
        Engine { session, log }
    }

    /// Sends `command` and returns the result of its one-line success answer.
    fn ask(&mut self, command: &str) -> String {
        let lines = self.session.ask(command);
        assert_eq!(lines.len(), 1, "{command}: {lines:?}");
        assert!(lines[0].starts_with("= "), "{command}: {}", lines[0]);
        lines[0][2..].to_string()
    }

    /// The next time plan the engine logged.
    fn plan(&self) -> Plan {
        let re =
            regex::Regex::new(r"time plan \w+: ([0-9.]+) s, (.*), stop early: (\w+)$").unwrap();
        loop {
            let line = self.log.recv_timeout(TIMEOUT).expect("a time plan line");
            if let Some(c) = re.captures(&line) {
                return Plan {
                    seconds: c[1].parse().unwrap(),
                    stage: c[2].to_string(),
                    stop_early: &c[3] == "true",
                };
            }
        }
    }
}

#[test]
fn a_short_timed_game_spends_the_main_time_and_most_of_each_period() {
    // Self-play on 9x9 with 10 s of main time and one byo-yomi period of 1 s,
    // kgsGtp style. Each move costs the referee's clock its plan plus 0.1 s (a
    // local controller's cost is well inside the default lag of 0.2 s); a
    // playout cap keeps the test short, but the plans come from the clock.
    const MAIN: f64 = 10.0;
    const COST: f64 = 0.1;
    let mut e = Engine::start(&[
        "--threads",
        "1",
        "--seed",
        "3",
        "--playouts",
        "300",
        "--no-resign",
    ]);
    for c in [
        "boardsize 9",
        "clear_board",
        "komi 7",
        "kgs-time_settings byoyomi 10 1 1",
    ] {
        e.ask(c);
    }
    let mut referee = Clock::default();
    referee.set_system(TimeSystem::Byoyomi {
        main: MAIN,
        period: 1.0,
        periods: 1,
    });
    let mut planned_in_main = [0.0f64; 2];
    let mut overtime_moves = [0usize; 2];
    let mut passes = 0;
    for ply in 0..160 {
        let color = if ply % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let c = if color == Color::Black { "b" } else { "w" };
        let r = referee.reading(color);
        // kgsGtp sends whole seconds.
        e.ask(&format!("time_left {c} {} {}", r.seconds.floor(), r.count));
        let mv = e.ask(&format!("genmove {c}"));
        let plan = e.plan();
        if plan.stage.starts_with("main time") {
            assert!(plan.stop_early, "{plan:?}");
            planned_in_main[color.index()] += plan.seconds;
        } else {
            // In byo-yomi: at least half of the period, and room for the lag.
            assert!(plan.stage.starts_with("byo-yomi"), "{plan:?}");
            assert!(
                (0.5..=0.8).contains(&plan.seconds) && !plan.stop_early,
                "{plan:?}"
            );
            overtime_moves[color.index()] += 1;
        }
        assert!(
            referee.spend(color, plan.seconds + COST),
            "{color:?} lost on time at ply {ply}: {r:?}, {plan:?}"
        );
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    for color in [Color::Black, Color::White] {
        let i = color.index();
        assert!(overtime_moves[i] > 0, "{color:?} never reached byo-yomi");
        // The stated share: at least 70% of the main time went into searches.
        assert!(
            planned_in_main[i] >= 0.7 * MAIN,
            "{color:?} planned {:.2} s of {MAIN} s of main time",
            planned_in_main[i]
        );
        assert_eq!(referee.reading(color).count, 1, "{color:?} lost a period");
    }
}

#[test]
fn overtime_moves_search_most_of_their_period() {
    // Wall clock, one period of one second: byo-yomi in its last period, then
    // a Canadian block of one stone. The search runs until its plan is used up
    // (no early stop in a period or on a block's last stone), so each move takes
    // at least half a second however loaded the machine is.
    let mut e = Engine::start(&["--threads", "1", "--seed", "5", "--no-resign"]);
    e.ask("boardsize 9");
    e.ask("clear_board");
    for (settings, color) in [
        ("kgs-time_settings byoyomi 0 1 1", "b"),
        ("time_settings 0 1 1", "w"),
        ("kgs-time_settings canadian 0 1 1", "b"),
    ] {
        e.ask(settings);
        let start = Instant::now();
        e.ask(&format!("genmove {color}"));
        let took = start.elapsed().as_secs_f64();
        let plan = e.plan();
        assert!(
            (0.5..=0.8).contains(&plan.seconds) && !plan.stop_early,
            "{settings}: {plan:?}"
        );
        assert!(
            (0.5..5.0).contains(&took),
            "{settings}: genmove took {took:.2} s"
        );
    }
}

#[test]
fn the_lag_flag_comes_off_each_planned_move() {
    // A 5 s period with 3 left keeps a margin of 0.25 s and the lag.
    for (args, expected) in [
        (&["--playouts", "50"][..], 5.0 - 0.25 - 0.2),
        (&["--playouts", "50", "--lag", "1.5"], 5.0 - 0.25 - 1.5),
        (&["--playouts", "50", "--lag", "0"], 5.0 - 0.25),
    ] {
        let mut e = Engine::start(args);
        e.ask("boardsize 9");
        e.ask("kgs-time_settings byoyomi 0 5 3");
        e.ask("time_left b 5 3");
        e.ask("genmove b");
        let plan = e.plan();
        assert!(
            (plan.seconds - expected).abs() < 0.001,
            "{args:?}: {plan:?}"
        );
    }
}

#[test]
fn absolute_time_is_planned_from_time_left() {
    // Absolute time: with the lag of every remaining move kept back, the plan
    // shrinks with the clock and stays inside it.
    let mut e = Engine::start(&["--playouts", "50"]);
    e.ask("boardsize 19");
    e.ask("time_settings 300 0 0");
    let mut last = f64::INFINITY;
    for left in [300, 200, 100, 50] {
        e.ask(&format!("time_left b {left} 0"));
        e.ask("genmove b");
        let plan = e.plan();
        assert!(plan.stage.starts_with("main time"), "{plan:?}");
        assert!(
            plan.seconds < last && plan.seconds < f64::from(left) * 0.12,
            "{plan:?}"
        );
        last = plan.seconds;
        e.ask("undo");
    }
}

#[test]
fn a_banked_time_per_move_is_planned_from_the_games_savings() {
    let mut e = Engine::start(&["--time", "0.1", "--time-bank", "--threads", "1"]);
    e.ask("boardsize 9");
    for _ in 0..2 {
        e.ask("clear_board");
        // A new game starts with nothing saved; its first move gets the
        // opening's weight, 0.6 of the time per move.
        e.ask("genmove b");
        let first = e.plan();
        assert_eq!(first.stage, "0.10 s a move, 0.00 s saved", "{first:?}");
        assert!((first.seconds - 0.06).abs() < 1e-9, "{first:?}");
        assert!(first.stop_early, "{first:?}");
        for color in ["w", "b", "w", "b", "w"] {
            e.ask(&format!("genmove {color}"));
            let plan = e.plan();
            assert!(plan.stage.starts_with("0.10 s a move"), "{plan:?}");
            assert!(plan.seconds <= 0.2 + 1e-9, "{plan:?}");
        }
    }
    // A clock takes over from the bank.
    e.ask("time_settings 300 0 0");
    e.ask("genmove b");
    let plan = e.plan();
    assert!(plan.stage.starts_with("main time"), "{plan:?}");
}
