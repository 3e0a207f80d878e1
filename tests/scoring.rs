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

/// The end of a 13x13 game against Pachi (`data/games/pachi13-1s-small-sprt/part-0-24.sgf`,
/// run 211): Black's twenty stones from C1 to G5 have only the square four
/// E1 F1 E2 F2 inside White's area, so they are dead (GNU Go: W+18.5). White
/// passed. The search's playouts never fill a square four (the third stone
/// would be a self-atari), so to them the group lives and passing wins: that
/// search must not decide the count. Its playouts used to be merged into the
/// dead-stone estimate, and koban counted B+29.5.
#[test]
fn a_search_blind_to_a_dead_shape_does_not_change_the_count() {
    use koban::mcts::{MctsConfig, MctsPlayer};
    use koban::time::Budget;
    const BLACK: &str = "C1 D1 G1 H1 J1 K1 B2 C2 D2 G2 C3 D3 E3 F3 G3 H3 E4 F4 G4 G5 C6 L6 M6 \
        B7 C7 L7 M7 N7 B8 D8 E8 F8 G8 M8 N8 B9 E9 H9 J9 L9 M9 A10 C10 D10 E10 G10 J10 K10 N10 \
        A11 B11 E11 F11 G11 H11 K11 M11 B12 C12 D12 E12 G12 K12 L12 N12 B13 C13 E13 G13 H13 M13";
    const WHITE: &str = "A1 B1 L1 M1 N1 A2 H2 J2 K2 M2 A3 B3 J3 K3 L3 N3 A4 C4 D4 H4 K4 L4 M4 \
        N4 A5 B5 C5 D5 E5 F5 H5 J5 K5 L5 M5 N5 A6 B6 D6 E6 G6 H6 J6 K6 N6 A7 D7 E7 F7 G7 H7 K7 \
        A8 H8 J8 K8 L8 A9 K9 L10 J11";
    const DEAD_GROUP: &str = "C1 D1 G1 H1 J1 K1 B2 C2 D2 G2 C3 D3 E3 F3 G3 H3 E4 F4 G4 G5";
    let player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(1),
        resign_threshold: None,
        ..MctsConfig::default()
    });
    let config = Config {
        budget: Budget {
            playouts: Some(12_000),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        },
        ..Config::default()
    };
    let mut engine = Engine::new(config, Box::new(player));
    let mut gtp = |line: &str| common::handle_line(&mut engine, line);
    let mut setup = String::from("gogui-setup");
    for (color, stones) in [("b", BLACK), ("w", WHITE)] {
        for v in stones.split_whitespace() {
            setup.push_str(&format!(" {color} {v}"));
        }
    }
    for line in ["boardsize 13", "komi 7.5", &setup, "play w pass"] {
        gtp(line).unwrap();
    }
    let before = gtp("final_score").unwrap();
    assert_eq!(before, "W+18.5", "the estimate without a search");
    let mv = gtp("genmove b").unwrap();
    let after = gtp("final_score").unwrap();
    let dead = gtp("final_status_list dead").unwrap();
    assert_eq!(after, "W+18.5", "after the search (it played {mv})");
    let dead = vertex_set(&dead);
    assert!(
        vertex_set(DEAD_GROUP).is_subset(&dead),
        "the square-four group is dead: {dead:?}"
    );
}
