//! Seeded SGF fuzzing of `loadsgf` (issue 62): real game records from
//! `data/games` (9x9 and 19x19), each mutated one to three times: compressed
//! point lists (up to 100,000 rectangles), setup on points the moves later
//! use or on points already set, deep variations (past the 10,000 limit at
//! times) and wide ones (thousands of siblings), huge property values (up to
//! 4 MB, escapes included), wrong sizes, setup after the first move, and byte
//! edits (deletions, duplicated chunks, truncation).
//!
//! The real binary loads them under a 1 GiB address-space limit. Checked for
//! every file: the answer is `=` or `? cannot load file` within
//! [`ANSWER_SECONDS`] (the engine neither aborts nor hangs), and after a
//! refusal `printsgf` and `showboard` show exactly the state before it.
//!
//! `cargo test` loads [`DEFAULT_FILES`] files; longer runs: `scripts/fuzz.sh`
//! sets `KOBAN_FUZZ_SEED` and `KOBAN_SGF_FUZZ_FILES`. The figures are printed
//! with `--nocapture`.

mod common;

use common::{Session, env_u64};
use koban::rng::FastRng;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const DEFAULT_FILES: u64 = 120;
const FILES_PER_SESSION: u64 = 40;
/// Generous: a load within the size limit takes well under a second on the
/// release build; the test binary is slower and the machine shared.
const ANSWER_SECONDS: u64 = 20;
const LIMIT_KB: u64 = 1024 * 1024;

/// Every record of the two game directories, sorted so a seed names files.
fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games");
    let mut files = Vec::new();
    for dir in ["pachi9-10k-prune2", "gnugo19-10k-b"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "no records under data/games");
    files
}

fn point(rng: &mut FastRng, size: usize) -> String {
    let c = |rng: &mut FastRng| (b'a' + rng.below(size) as u8) as char;
    format!("{}{}", c(rng), c(rng))
}

/// The byte offset just after the root node's `;`.
fn root_end(text: &str) -> usize {
    text.find(';').map_or(0, |i| i + 1)
}

/// One mutation of `text`; returns its name.
fn mutate(text: &mut String, rng: &mut FastRng) -> &'static str {
    let size = if text.contains("SZ[19]") { 19 } else { 9 };
    let root = root_end(text);
    match rng.below(9) {
        0 => {
            let n = [1, 10, 1000, 100_000][rng.below(4)];
            let prop = ["AB", "AW", "AE"][rng.below(3)];
            let mut list = String::from(prop);
            for _ in 0..n {
                let (a, b) = (point(rng, size), point(rng, size));
                list.push_str(&format!("[{a}:{b}]"));
            }
            text.insert_str(root, &list);
            "point list"
        }
        1 => {
            // Setup where the moves will play, or twice on one point.
            let moves: Vec<String> = text
                .match_indices(";B[")
                .take(20)
                .map(|(i, _)| text[i + 3..i + 5].to_string())
                .collect();
            let mut list = String::from("AB");
            for m in moves.iter().filter(|m| m.len() == 2).take(1 + rng.below(5)) {
                list.push_str(&format!("[{m}]"));
            }
            let p = point(rng, size);
            list.push_str(&format!("[{p}]AW[{p}]"));
            text.insert_str(root, &list);
            "setup on occupied points"
        }
        2 => {
            let depth = [10, 1000, 9_999, 12_000][rng.below(4)];
            let at = text.rfind(')').unwrap_or(text.len());
            let inner = format!("{}{}", "(;C[v]".repeat(depth), ")".repeat(depth));
            text.insert_str(at, &inner);
            "deep variations"
        }
        3 => {
            let width = [2, 100, 50_000][rng.below(3)];
            let at = text.rfind(')').unwrap_or(text.len());
            let sibling = format!("(;B[{}];W[])", point(rng, size));
            text.insert_str(at, &sibling.repeat(width));
            "wide variations"
        }
        4 => {
            let len = [10, 100_000, 4_000_000][rng.below(3)];
            let value = "x\\]y\\\\".repeat(len / 6);
            let at = text.find(";B[").unwrap_or(root);
            let prop = ["C", "PB", "GN", "AB"][rng.below(4)];
            text.insert_str(at.max(1), &format!("{prop}[{value}]"));
            "huge value"
        }
        5 => {
            let size = ["0", "1", "2", "26", "99", "x", "19", "5:5", "-3", ""][rng.below(10)];
            *text = text.replacen("SZ[9]", &format!("SZ[{size}]"), 1).replacen(
                "SZ[19]",
                &format!("SZ[{size}]"),
                1,
            );
            "wrong size"
        }
        6 => {
            let at = text.find(";W[").map_or(root, |i| i + 1);
            text.insert_str(at, &format!("AB[{}]", point(rng, size)));
            "setup after a move"
        }
        7 => {
            let b = text.as_bytes();
            let (from, len) = (rng.below(b.len().max(1)), 1 + rng.below(64));
            let end = (from + len).min(b.len());
            let chunk = b[from..end].to_vec();
            let mut out = b.to_vec();
            if rng.below(2) == 0 {
                out.drain(from..end);
            } else {
                for _ in 0..1 + rng.below(1000) {
                    out.splice(from..from, chunk.iter().copied());
                }
            }
            *text = String::from_utf8_lossy(&out).into_owned();
            "byte edit"
        }
        _ => {
            let keep = rng.below(text.len().max(1));
            let mut cut = keep;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
            "truncation"
        }
    }
}

#[derive(Default)]
struct Tally {
    files: u64,
    loaded: u64,
    refused: u64,
    slowest: Duration,
    biggest: usize,
}

fn session(
    seed: u64,
    index: u64,
    files: u64,
    sources: &[PathBuf],
    scratch: &Path,
    tally: &mut Tally,
) {
    let mut rng = FastRng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index);
    let mut engine = Session::binary_limited(LIMIT_KB, &[]);
    let path = scratch.join(format!("fuzz-{index}.sgf"));
    let probe = |engine: &mut Session| {
        ["printsgf", "showboard"].map(|c| engine.ask_within(c, Duration::from_secs(10)))
    };
    for n in 0..files {
        let source = &sources[rng.below(sources.len())];
        let mut text = std::fs::read_to_string(source).unwrap();
        let mutations: Vec<&str> = (0..1 + rng.below(3))
            .map(|_| mutate(&mut text, &mut rng))
            .collect();
        std::fs::write(&path, &text).unwrap();
        let where_ = format!(
            "seed {seed} session {index} file {n}: {} with {mutations:?}",
            source.display()
        );
        let before = probe(&mut engine);
        let started = Instant::now();
        let answer = engine
            .ask_within(
                &format!("loadsgf {}", path.display()),
                Duration::from_secs(ANSWER_SECONDS),
            )
            .unwrap_or_else(|| panic!("{where_}: no answer within {ANSWER_SECONDS} s"));
        let took = started.elapsed();
        match answer.as_slice() {
            [a] if a == "= " => tally.loaded += 1,
            [a] if a == "? cannot load file" => {
                tally.refused += 1;
                assert_eq!(
                    probe(&mut engine),
                    before,
                    "{where_}: a refusal changed the state"
                );
            }
            other => panic!("{where_}: answered {other:?}"),
        }
        tally.files += 1;
        tally.slowest = tally.slowest.max(took);
        tally.biggest = tally.biggest.max(text.len());
        // The first file of a session starts from the engine's empty game;
        // after that, from whatever the last load left, or a fresh game.
        if rng.below(4) == 0 {
            engine
                .ask_within("clear_board", Duration::from_secs(10))
                .unwrap();
        }
    }
}

#[test]
fn mutated_records_load_or_are_refused_in_bounded_time_and_memory() {
    let seed = env_u64("KOBAN_FUZZ_SEED", 62);
    let total = env_u64("KOBAN_SGF_FUZZ_FILES", DEFAULT_FILES);
    let scratch = std::env::temp_dir().join(format!("koban-sgf-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let sources = sources();
    let mut tally = Tally::default();
    let started = Instant::now();
    for index in 0..total.div_ceil(FILES_PER_SESSION) {
        let files = FILES_PER_SESSION.min(total - index * FILES_PER_SESSION);
        session(seed, index, files, &sources, &scratch, &mut tally);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "sgf fuzz: seed {seed}: {} files ({} loaded, {} refused, state unchanged after every refusal), slowest answer {:.0} ms, largest file {} bytes, {:.1} s",
        tally.files,
        tally.loaded,
        tally.refused,
        tally.slowest.as_secs_f64() * 1000.0,
        tally.biggest,
        started.elapsed().as_secs_f64()
    );
    assert!(
        tally.loaded > 0 && tally.refused > 0,
        "the mutations should both load and fail"
    );
}
