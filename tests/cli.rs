//! The `koban` binary's command line: rule flags reach the engine, bad flags are
//! refused with exit code 2 and a message, never a panic.

use std::io::Write;
use std::process::{Command, Stdio};

fn session(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    session_with_env(args, &[], input)
}

/// [`session`] with extra environment variables for the engine.
fn session_with_env(
    args: &[&str],
    vars: &[(&str, &str)],
    input: &str,
) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koban"))
        .args(args)
        .envs(vars.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn rule_flags_set_the_rules() {
    let (code, out, _) = session(
        &["--rules", "japanese", "--ko", "situational"],
        "1 koban-rules\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("=1 ko=situational scoring=territory suicide=forbidden handicap=none\n\n"),
        "{out}"
    );
    let (_, out, _) = session(&["--rules", "new_zealand"], "koban-rules\n");
    assert!(
        out.starts_with("= ko=situational scoring=area suicide=allowed handicap=none\n\n"),
        "{out}"
    );
    // kgs-rules from a server overrides the flags.
    let (_, out, _) = session(&["--ko", "simple"], "kgs-rules chinese\nkoban-rules\n");
    assert!(
        out.ends_with("= ko=positional scoring=area suicide=forbidden handicap=n\n\n"),
        "{out}"
    );
}

#[test]
fn bad_flags_are_refused() {
    for args in [
        &["--rules", "klingon"][..],
        &["--ko", "nonsense"],
        &["--rules"],
        &["--frobnicate"],
        &["--seed", "abc"],
        &["--threads", "0"],
        &["--threads", "100000"],
        &["--playouts", "0"],
        &["--playouts", "-5"],
        &["--time", "0"],
        &["--time", "nan"],
        &["--time", "1e300"],
        &["--time-bank"],
        &["--playouts", "100", "--time-bank"],
        &["--resign-threshold", "0.7"],
        &["--resign-threshold", "0.2", "--no-resign"],
        &["bench", "--slow"],
        &["bench", "--param"],
        &["bench", "--param", "no_such_tunable=1"],
        &["bench", "--param", "heavy_tactics_prob=2"],
        &["bench", "--param", "heavy_nlib_prob=0.25"],
        &["bench", "--param", "heavy_self_atari_capture_prob=0.9"],
        &["bench", "--param", "heavy_eye_fix_prob=1"],
        &["bench", "--quick", "--quick"],
        &["params", "--all"],
        &["--policy", "medium"],
        &["--param", "no_such_tunable=1"],
        &["--param", "rave_equiv"],
        &["--param", "rave_equiv=abc"],
        &["--param", "rave_equiv=inf"],
        &["--param", "prior_even=-5"],
        &["--lag"],
        &["--lag", "-0.1"],
        &["--lag", "nan"],
        &["--lag", "inf"],
        &["--lag", "11"],
        &["--lag", "0.2s"],
        &["--param", "heavy_ladder_check=0.7"],
        &["--param", "heavy_tactics_prob=1.5"],
        &["--param", "playout_last_good_reply=1"],
        &["--max-memory", "0"],
        &["--max-memory", "-64"],
        &["--max-memory", "1.5"],
        &["--max-memory", "lots"],
        &["--max-memory", "200000"],
        &["--max-memory", "18446744073709551616"],
    ] {
        let (code, out, err) = session(args, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("koban:"), "{args:?}: {err}");
    }
    // A cap beyond the machine's memory is refused where the system says
    // how much there is.
    if let Some(total_kb) = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .map(String::from)
        })
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    {
        let beyond = (total_kb / 1024 + 1).to_string();
        let (code, out, err) = session(&["--max-memory", &beyond], "");
        assert_eq!(code, Some(2), "{beyond}: {err}");
        assert!(out.is_empty() && err.contains("memory"), "{err}");
    }
    // A cap the tree can hold is accepted and the engine plays under it.
    let (code, out, _) = session(
        &["--max-memory", "2", "--threads", "1", "--playouts", "300"],
        "boardsize 9\ngenmove b\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.starts_with("= \n\n= ") && !out.contains('?'), "{out}");
    let (code, out, _) = session(&["--help"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("--rules"));
    assert!(out.contains("--lag SECONDS"), "{out}");
    // A bad lag says what a good one is.
    let (_, _, err) = session(&["--lag", "-1"], "");
    assert!(
        err.contains("--lag needs seconds from 0 to 10, not '-1' (negative)"),
        "{err}"
    );
}

#[test]
fn end_of_input_ends_the_engine_cleanly() {
    let (code, out, _) = session(&[], "boardsize 9\nclear_board\ngenmove b\nshowboard\n");
    assert_eq!(code, Some(0));
    assert_eq!(out.matches("\n\n").count(), 4, "{out}");
}

#[test]
fn search_flags_reach_the_search() {
    // One thread, a seed and a playout budget: the same input gives the same
    // moves.
    let args = [
        "--threads",
        "1",
        "--seed",
        "7",
        "--playouts",
        "500",
        "--no-resign",
    ];
    let input = "boardsize 9\nclear_board\ngenmove b\ngenmove w\ngenmove b\n";
    let (code, first, _) = session(&args, input);
    assert_eq!(code, Some(0));
    let (_, second, _) = session(&args, input);
    assert_eq!(first, second);
    assert_eq!(first.matches("\n\n").count(), 5, "{first}");
    let (code, out, _) = session(
        &["--time", "0.05", "--resign-threshold", "0.2"],
        "genmove b\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.starts_with("= "), "{out}");
}

#[test]
fn gogui_live_gfx_shows_the_search_on_stderr_during_genmove() {
    // Five seconds cannot stop early before one (a fifth of the time), so the
    // frame due at half a second is drawn even on a loaded machine.
    let (code, out, err) = session(
        &["--gogui-live-gfx", "--time", "5", "--threads", "1"],
        "boardsize 9\n1 genmove b\nquit\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        regex::Regex::new(r"^= \n\n=1 [A-HJ][1-9]\n\n= \n\n$")
            .unwrap()
            .is_match(&out),
        "stdout has the responses only: {out:?}"
    );
    let frames = err.matches("gogui-gfx:\n").count();
    assert!(frames >= 1, "{err}");
    assert!(err.contains("\nTEXT "), "{err}");
    assert!(err.ends_with("gogui-gfx: CLEAR\n"), "{err}");
    // Without the flag, nothing of the kind.
    let (_, _, err) = session(&["--playouts", "500"], "boardsize 9\ngenmove b\n");
    assert!(!err.contains("gogui-gfx"), "{err}");
}

/// Seconds the `genmove b` search took in a `--time 2` session on a 7x7 board
/// where one capture wins at once (so the move is decided early), by the
/// engine's own log; `clock` is sent before the move.
fn capture_search_seconds(clock: &str) -> f64 {
    // White's stones at C5 and C4 are in atari at D4, and taking them gives
    // Black the game (the position of the search tests' `CAPTURE`).
    let rows = [
        ".X.XO.O", "X.XXOO.", ".XOXO.O", "XXO.OO.", ".XXXO.O", "X.XXOO.", ".X.XO.O",
    ];
    let mut input = String::from("boardsize 7\nclear_board\nkomi 4.5\n");
    for (i, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let vertex = format!("{}{}", "ABCDEFG".as_bytes()[x] as char, 7 - i);
            match c {
                'X' => input += &format!("play b {vertex}\n"),
                'O' => input += &format!("play w {vertex}\n"),
                _ => {}
            }
        }
    }
    input += clock;
    input += "genmove b\nquit\n";
    let (_, stdout, err) = session_with_env(
        &["--time", "2", "--threads", "1"],
        &[("RUST_LOG", "info")],
        &input,
    );
    assert!(!stdout.contains('?'), "every command accepted: {stdout}");
    let line = err
        .lines()
        .find(|l| l.contains("genmove Black"))
        .unwrap_or_else(|| panic!("no genmove log: {err}"));
    let seconds = regex::Regex::new(r" in ([0-9.]+)s ")
        .unwrap()
        .captures(line)
        .unwrap_or_else(|| panic!("{line}"))[1]
        .parse()
        .unwrap();
    assert!(stdout.contains("= D4"), "{stdout}");
    seconds
}

#[test]
fn a_fixed_time_per_move_is_used_whole_and_a_clock_saves_what_it_can() {
    // Without a clock the second saved could not be spent later: the search
    // keeps growing the tree the next move reuses.
    let fixed = capture_search_seconds("");
    assert!(fixed >= 1.95, "searched {fixed} s of 2");
    // With a clock the time saved goes back to it: the decided move stops
    // early (about halfway, by simulations, whatever the machine's load).
    let clocked = capture_search_seconds("time_settings 600 0 0\n");
    assert!(clocked < 1.6, "searched {clocked} s of 2");
}

#[test]
fn params_lists_every_tunable_and_each_listed_default_is_accepted() {
    let (code, out, err) = session(&["params"], "");
    assert_eq!(code, Some(0), "{err}");
    let assignments: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' '))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert!(assignments.contains(&"rave_equiv=3000"), "{out}");
    assert!(assignments.contains(&"prior_ratings_large=210"), "{out}");
    assert!(assignments.len() >= 30, "{out}");
    // Every entry has its documentation under it.
    assert_eq!(out.matches("\n\n").count(), assignments.len(), "{out}");
    let mut args = Vec::new();
    for a in &assignments {
        args.extend(["--param", a]);
    }
    let (code, out, err) = session(&args, "name\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("= koban"), "{out}");
}
