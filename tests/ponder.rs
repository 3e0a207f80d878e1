//! Pondering (`--ponder`) through the real binary and the real GTP loop: the
//! engine searches on the opponent's time after its own move, any input stops
//! it at once, the next search reuses what it found, and nothing else changes.
//! What the engine did is read from its `info` log (the `ponder` and `genmove`
//! lines), so no test depends on the machine's speed; the time bounds are
//! generous and only catch an engine that does not stop at all.

mod common;

use common::Session;
use koban::time::Budget;
use regex::Regex;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long a command may take to be answered while the engine ponders (the
/// failure this catches is an engine that never stops).
const PROMPT: Duration = Duration::from_secs(2);

/// The first log line containing `needle`, read within a minute.
fn log_line(log: &Receiver<String>, needle: &str) -> String {
    let deadline = Instant::now() + common::READ_TIMEOUT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match log.recv_timeout(left) {
            Ok(line) if line.contains(needle) => return line,
            Ok(_) => {}
            Err(e) => panic!("no log line with {needle:?}: {e}"),
        }
    }
}

/// The number before `word` in a log line (`... 1234 reused`).
fn number_before(line: &str, word: &str) -> u64 {
    let re = Regex::new(&format!(r"(\d+) {word}")).unwrap();
    re.captures(line)
        .unwrap_or_else(|| panic!("no number before {word:?} in {line:?}"))[1]
        .parse()
        .unwrap()
}

/// The vertex of a `= VERTEX` answer.
fn vertex(answer: &[String]) -> String {
    assert_eq!(answer.len(), 1, "{answer:?}");
    let v = answer[0].strip_prefix("= ").expect("a success");
    assert!(!v.is_empty() && v != "resign", "{answer:?}");
    v.to_string()
}

/// Black moves, White answers with the move the engine itself would choose,
/// Black moves again: the visits the second Black search reused. With
/// `ponder` the engine ponders after the first Black move until its tree is
/// half of `--max-memory` (the log says when) before White is asked.
fn reused_at_black_second_move(ponder: bool) -> (u64, Vec<String>) {
    // The opening book is off: it would play these moves without the
    // searches whose trees the test follows.
    let mut args = vec![
        "--threads",
        "1",
        "--seed",
        "1",
        "--playouts",
        "200",
        "--max-memory",
        "16",
        "--param",
        "opening_book=0",
    ];
    if ponder {
        args.push("--ponder");
    }
    let (mut s, log) = Session::binary_with_log(&args);
    let mut seen = Vec::new();
    assert_eq!(s.ask("boardsize 9"), ["= "]);
    vertex(&s.ask("genmove b"));
    seen.push(log_line(&log, "genmove Black"));
    if ponder {
        let stopped = log_line(&log, "ponder White: stopped by itself");
        // Stopped by the memory share: half of 16 MiB of nodes, not by visits.
        let nodes = number_before(&stopped, "of");
        // 32-byte nodes (`NODE_BYTES`).
        assert!(nodes >= (16 << 20) / 32 / 2, "{stopped}");
        let pondered = number_before(&stopped, "visits");
        let white = vertex(&s.ask("reg_genmove w"));
        let line = log_line(&log, "genmove White");
        // The pondered tree, every visit of it, is where White's search began.
        assert_eq!(number_before(&line, "reused"), pondered, "{line}");
        seen.push(stopped);
        seen.push(line);
        assert_eq!(s.ask(&format!("play w {white}")), ["= "]);
    } else {
        let white = vertex(&s.ask("reg_genmove w"));
        seen.push(log_line(&log, "genmove White"));
        assert_eq!(s.ask(&format!("play w {white}")), ["= "]);
    }
    vertex(&s.ask("genmove b"));
    let line = log_line(&log, "genmove Black");
    let reused = number_before(&line, "reused");
    seen.push(line);
    (reused, seen)
}

/// (a) The next move reuses the pondered subtree: without pondering, Black's
/// second search can reuse at most what the two searches before it ran (200
/// playouts each); after pondering, the subtree under White's move holds more.
#[test]
fn the_next_move_reuses_the_pondered_tree() {
    let (without, log) = reused_at_black_second_move(false);
    assert!(without <= 400, "{log:?}");
    let (with, log) = reused_at_black_second_move(true);
    assert!(
        with > 400,
        "pondering left only {with} visits to reuse: {log:?}"
    );
}

/// (b) Commands sent while the engine ponders are answered at once and as
/// usual, an analysis included; pondering then resumes, and `quit` ends it.
#[test]
fn input_stops_the_ponder_at_once() {
    let (mut s, log) =
        Session::binary_with_log(&["--ponder", "--threads", "2", "--playouts", "100"]);
    assert_eq!(s.ask("boardsize 19"), ["= "]);
    let black = vertex(&s.ask("genmove b"));
    log_line(&log, "pondering for White after move 1");
    // Let it search (no bound depends on this).
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        s.ask_within("7 name", PROMPT),
        Some(vec!["=7 koban".to_string()])
    );
    let stopped = log_line(&log, "ponder White:");
    assert!(number_before(&stopped, "simulations") > 0, "{stopped}");
    // The position and the record are those of the game, nothing more.
    let sgf = s.ask_within("printsgf", PROMPT).unwrap().join("\n");
    assert!(sgf.contains(";B["), "{sgf}");
    assert!(!sgf.contains(";W["), "{sgf}");
    let stones = s.ask_within("list_stones black", PROMPT).unwrap();
    assert_eq!(stones, [format!("= {black}")]);
    // Resumed after each command (the position is still the one our move left).
    log_line(&log, "pondering for White after move 1");
    // An analysis stops the ponder and streams as usual until a line arrives.
    s.send("8 lz-analyze w 10");
    assert_eq!(s.line(), "=8 ");
    let info = s.line();
    assert!(info.starts_with("info move "), "{info}");
    s.send("");
    loop {
        let line = s.line();
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line}");
    }
    log_line(&log, "pondering for White after move 1");
    assert_eq!(
        s.ask_within("9 quit", PROMPT),
        Some(vec!["=9 ".to_string()])
    );
    assert!(
        s.exits_within(PROMPT),
        "quit while pondering did not end the engine"
    );
}

/// (b) The end of input while the engine ponders ends it cleanly.
#[test]
fn end_of_input_ends_a_ponder() {
    let (mut s, log) =
        Session::binary_with_log(&["--ponder", "--threads", "1", "--playouts", "50"]);
    assert_eq!(s.ask("boardsize 13"), ["= "]);
    vertex(&s.ask("genmove w"));
    log_line(&log, "pondering for Black after move 1");
    s.close_input();
    assert!(
        s.exits_within(PROMPT),
        "the engine did not end with its input"
    );
}

/// (c) A whole game the engine plays against itself while pondering: every
/// answer is a move, and after every move the board, the record and the
/// score are exactly those of an engine without pondering that is told the
/// same moves.
#[test]
fn a_pondering_game_keeps_the_same_states() {
    let budget = Budget {
        playouts: Some(50),
        ..Budget::default()
    };
    let mut pondering = Session::in_thread(budget, true);
    let mut plain = Session::new(budget);
    for s in [&mut pondering, &mut plain] {
        assert_eq!(s.ask("boardsize 9"), ["= "]);
        assert_eq!(s.ask("komi 7.5"), ["= "]);
    }
    let mut passes = 0;
    let mut turns = 0;
    while passes < 2 && turns < 200 {
        let color = ["b", "w"][turns % 2];
        let mv = vertex(&pondering.ask(&format!("genmove {color}")));
        assert_eq!(plain.ask(&format!("play {color} {mv}")), ["= "]);
        passes = if mv == "pass" { passes + 1 } else { 0 };
        turns += 1;
        for probe in ["showboard", "koban-ko_state", "10 time_left b 30 0"] {
            assert_eq!(
                pondering.ask(probe),
                plain.ask(probe),
                "{probe} after {turns} turns"
            );
        }
    }
    assert!(turns >= 20, "a game of {turns} turns");
    for probe in ["printsgf", "final_score", "final_status_list dead"] {
        assert_eq!(pondering.ask(probe), plain.ask(probe), "{probe}");
    }
}

/// (d) Without `--ponder` nothing searches after a move: no ponder in the
/// log, and the process uses no CPU while it waits. With it, the same wait
/// costs CPU (the check that the measure can see pondering).
#[test]
fn without_ponder_the_engine_idles_after_its_move() {
    let cpu_while_waiting = |ponder: bool| -> (f64, Vec<String>) {
        let mut args = vec!["--threads", "1", "--playouts", "100"];
        if ponder {
            args.push("--ponder");
        }
        let (mut s, log) = Session::binary_with_log(&args);
        assert_eq!(s.ask("boardsize 19"), ["= "]);
        vertex(&s.ask("genmove b"));
        let seconds = |s: &mut Session| -> f64 {
            let answer = s.ask("cputime");
            answer[0].strip_prefix("= ").unwrap().parse().unwrap()
        };
        let before = seconds(&mut s);
        std::thread::sleep(Duration::from_secs(1));
        let after = seconds(&mut s);
        assert_eq!(s.ask("quit"), ["= "]);
        assert!(s.exits_within(Duration::from_secs(10)));
        (after - before, log.iter().collect())
    };
    let (idle, log) = cpu_while_waiting(false);
    assert!(idle < 0.25, "{idle:.3} s of CPU in a second of waiting");
    assert!(!log.iter().any(|l| l.contains("ponder")), "{log:?}");
    let (busy, log) = cpu_while_waiting(true);
    assert!(busy > 0.1, "pondering used {busy:.3} s of CPU in a second");
    assert!(
        log.iter().any(|l| l.contains("pondering for White")),
        "{log:?}"
    );
}
