//! A long game costs bounded memory. Kee once kept a copy of the whole board
//! (about 19.5 KB) per pass, so 200,000 passes needed 3.9 GB and the engine
//! aborted under a 2 GB address-space limit after 65,537 answers; every
//! variant's history now costs a few dozen bytes per turn. The engine runs under
//! `ulimit -v` in `sh`, the passes are sent pipelined, and every one must be
//! answered with success.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Sends `koban-rules ko=KO` and `passes` alternating passes to the engine run
/// under an address-space limit of `limit_kb`; returns the successful and the
/// failed answers and the exit status.
fn passes_answered(ko: &str, passes: usize, limit_kb: u64) -> (usize, usize, Option<i32>) {
    let mut child = Command::new("sh")
        .args([
            "-c",
            "ulimit -v \"$1\" && exec \"$0\"",
            env!("CARGO_BIN_EXE_koban"),
            &limit_kb.to_string(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().unwrap();
    let ko = ko.to_string();
    let writer = std::thread::spawn(move || {
        let mut text = format!("koban-rules ko={ko}\n");
        for i in 0..passes {
            text.push_str(if i % 2 == 0 {
                "play b pass\n"
            } else {
                "play w pass\n"
            });
        }
        text.push_str("quit\n");
        // The engine may die early; a broken pipe is then the expected outcome.
        let _ = stdin.write_all(text.as_bytes());
    });
    let (mut ok, mut failed) = (0, 0);
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap_or_default();
        if line.starts_with('=') {
            ok += 1;
        } else if line.starts_with('?') {
            failed += 1;
        }
    }
    writer.join().unwrap();
    let status = child.wait().expect("the engine exits");
    (ok, failed, status.code())
}

#[test]
fn two_hundred_thousand_kee_passes_fit_in_two_gigabytes() {
    let passes = 200_000;
    let (ok, failed, code) = passes_answered("kee", passes, 2_000_000);
    // koban-rules, every pass and quit.
    assert_eq!((ok, failed, code), (passes + 2, 0, Some(0)));
}
