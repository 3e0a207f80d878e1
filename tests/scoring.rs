//! Agreement with hand-counted finished games: every `gtp-tests/score/*.sgf`
//! carries its known result and dead stones as root properties,
//!
//! - `KA[...]`: the result under area scoring, `KT[...]` under territory scoring;
//! - `KD[...]`: the dead stones, `KS[...]`: the stones in seki (vertices);
//!
//! and its root comment explains the count. Each file is loaded in-process
//! through GTP (`loadsgf`), and `final_score` under both scorings and
//! `final_status_list dead|seki` must match. Komi comes from the file's `KM`.

mod common;

use koban::gtp::{self, Engine, engine::Config};
use koban::player::RandomPlayer;
use regex::Regex;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Runs GTP commands in a fresh engine; returns each answer (`Ok` text after
/// `= `, `Err` message after `? `).
fn run(commands: &[String]) -> Vec<Result<String, String>> {
    let mut input = String::new();
    for c in commands {
        input.push_str(c);
        input.push('\n');
    }
    let mut engine = Engine::new(Config::default(), Box::new(RandomPlayer::new(Some(1))));
    let mut output = Vec::new();
    gtp::run(&mut engine, std::io::Cursor::new(input), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    output
        .split_terminator("\n\n")
        .map(|r| {
            let (mark, text) = r.split_at(1);
            let text = text.strip_prefix(' ').unwrap_or(text).to_string();
            if mark == "=" { Ok(text) } else { Err(text) }
        })
        .collect()
}

fn property(text: &str, name: &str) -> String {
    let re = Regex::new(&format!(r"(?:^|[;\s\]]){name}\[([^\]]*)\]")).unwrap();
    re.captures(text)
        .unwrap_or_else(|| panic!("no {name}[] property"))[1]
        .to_string()
}

fn vertex_set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(|v| v.to_uppercase()).collect()
}

fn score_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/score");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    files
}

/// Every mismatch of one file, as readable lines.
fn check_file(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let (area, territory) = (property(&text, "KA"), property(&text, "KT"));
    let (dead, seki) = (property(&text, "KD"), property(&text, "KS"));
    let commands: Vec<String> = [
        format!("loadsgf {}", path.display()),
        "koban-rules scoring=area".into(),
        "final_score".into(),
        "koban-rules scoring=territory".into(),
        "final_score".into(),
        "final_status_list dead".into(),
        "final_status_list seki".into(),
        "final_status_list alive".into(),
    ]
    .into();
    let answers = run(&commands);
    let mut failures = Vec::new();
    for (i, a) in answers.iter().enumerate() {
        if let Err(e) = a {
            failures.push(format!("{name}: `{}` failed: {e}", commands[i]));
        }
    }
    if !failures.is_empty() {
        return failures;
    }
    let get = |i: usize| answers[i].clone().unwrap();
    if get(2) != area {
        failures.push(format!("{name}: area score {} (expected {area})", get(2)));
    }
    if get(4) != territory {
        failures.push(format!(
            "{name}: territory score {} (expected {territory})",
            get(4)
        ));
    }
    if vertex_set(&get(5)) != vertex_set(&dead) {
        failures.push(format!(
            "{name}: dead [{}] (expected [{dead}])",
            get(5).replace('\n', " | ")
        ));
    }
    if vertex_set(&get(6)) != vertex_set(&seki) {
        failures.push(format!(
            "{name}: seki [{}] (expected [{seki}])",
            get(6).replace('\n', " | ")
        ));
    }
    // The three lists partition the stones: nothing listed twice or missing.
    let listed: Vec<String> = [5, 6, 7]
        .iter()
        .flat_map(|&i| {
            get(i)
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    let unique: BTreeSet<&String> = listed.iter().collect();
    if unique.len() != listed.len() {
        failures.push(format!("{name}: a stone is in two status lists"));
    }
    failures
}

#[test]
fn final_score_and_status_match_the_hand_counts() {
    let files = score_files();
    assert!(files.len() >= 6, "score files missing: {files:?}");
    let failures = common::failures_in_parallel(&files, |f| check_file(f));
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_check_catches_a_wrong_count() {
    // A copy of walls9 with a wrong KA must be reported.
    let dir = std::env::temp_dir().join(format!("koban-scoring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/score/walls9.sgf");
    let text = std::fs::read_to_string(src)
        .unwrap()
        .replace("KA[W+16.5]", "KA[W+15.5]");
    let file = dir.join("wrong.sgf");
    std::fs::write(&file, text).unwrap();
    let failures = check_file(&file);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].contains("area score W+16.5"), "{failures:?}");
}
