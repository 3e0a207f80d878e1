//! `koban review` end to end: the real binary, seeded (`--threads 1 --seed
//! N`), fixed playouts, on a real 9x9 game record under Geneva ko.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koban-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn koban(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_koban"))
        .args(args)
        .output()
        .unwrap()
}

/// The move nodes of a review, one text each (a node per line).
fn nodes(sgf: &str) -> Vec<&str> {
    sgf.split("\n;").skip(1).collect()
}

#[test]
fn a_geneva_review_annotates_every_move_and_draws_the_game() {
    let dir = scratch("geneva");
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/review/game9.sgf");
    let game = dir.join("game9.sgf");
    std::fs::copy(&record, &game).unwrap();
    let out = koban(&[
        "review",
        game.to_str().unwrap(),
        "--ko",
        "geneva",
        "--playouts",
        "400",
        "--threads",
        "1",
        "--seed",
        "3",
        "--threshold",
        "2",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The progress line went to stderr, position by position.
    assert!(stderr.contains("review: position 0/"), "{stderr}");
    assert!(stderr.contains("wrote"), "{stderr}");
    let text = std::fs::read_to_string(dir.join("game9-review.sgf")).unwrap();
    assert!(text.contains("RU[koban:ko=geneva"), "{text}");
    let parsed = koban::sgf::parse(text.as_bytes()).unwrap();
    let original = koban::sgf::parse(&std::fs::read(&record).unwrap()).unwrap();
    assert_eq!(parsed.moves, original.moves, "the same game");
    let moves = nodes(&text);
    assert_eq!(moves.len(), original.moves.len());
    for node in &moves {
        let kv = node.split("SBKV[").nth(1).expect("SBKV on every move");
        let kv: f64 = kv[..kv.find(']').unwrap()].parse().unwrap();
        assert!((0.0..=100.0).contains(&kv), "{node}");
    }
    // Every comment names a preferred move and a loss above the threshold.
    let comments: Vec<&&str> = moves.iter().filter(|n| n.contains("C[")).collect();
    assert!(!comments.is_empty(), "a 400-playout review finds something");
    for c in comments {
        assert!(c.contains("koban prefers"), "{c}");
        let lost = c.split("loses about ").nth(1).unwrap();
        let lost: f64 = lost[..lost.find(' ').unwrap()].parse().unwrap();
        assert!(lost > 2.0, "{c}");
    }
    let svg = std::fs::read_to_string(dir.join("game9-review.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.matches("<polyline").count() >= 2);

    // Reviewing the review reads Geneva back from its RU.
    let again = dir.join("game9-review.sgf");
    let out = koban(&[
        "review",
        again.to_str().unwrap(),
        "--playouts",
        "50",
        "--threads",
        "1",
        "--output",
        dir.join("again").to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(dir.join("again.sgf")).unwrap();
    assert!(text.contains("RU[koban:ko=geneva"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_rules_and_bad_files_are_refused_with_a_reason() {
    let dir = scratch("refused");
    let ing = dir.join("ing.sgf");
    std::fs::write(&ing, "(;GM[1]SZ[9]RU[Ing];B[ee];W[cc])").unwrap();
    let out = koban(&["review", ing.to_str().unwrap(), "--playouts", "20"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("RU[Ing]"));
    // Given rules, the same record is reviewed.
    let out = koban(&[
        "review",
        ing.to_str().unwrap(),
        "--rules",
        "chinese",
        "--playouts",
        "20",
    ]);
    assert!(out.status.success());
    for bad in ["(;GM[1]SZ[9];B[ee];W[ee])", "not sgf"] {
        let f = dir.join("bad.sgf");
        std::fs::write(&f, bad).unwrap();
        let out = koban(&["review", f.to_str().unwrap(), "--playouts", "20"]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
    }
    let out = koban(&["review", dir.join("missing.sgf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    // A device is refused at once, as loadsgf refuses it, not read forever.
    let out = koban(&["review", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    // So is an output named by a FIFO, as printsgf refuses it.
    let fifo = dir.join("out.sgf");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/review/game9.sgf");
    let out = koban(&[
        "review",
        game.to_str().unwrap(),
        "--playouts",
        "20",
        "--output",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    let out = koban(&["review"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
