//! Every SGF within the size limit and every history costs bounded time and
//! memory (issue 62). Each test names the failure it guards against, as
//! measured on the release build before the fix; the engine runs as the real
//! binary under an address-space limit, so an allocation that outgrows it
//! aborts the process and the test sees the pipe close instead of an answer.
//! The time bounds are generous (catching a super-linear cost, not timing the
//! engine): benchmarks, not tests, hold the speed.

mod common;

use common::Session;
use std::path::PathBuf;
use std::time::Duration;

/// A file in a fresh scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str, text: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("koban-limits-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.sgf");
        std::fs::write(&path, text).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

const MIB: u64 = 1024;

/// The answer to `command` within `seconds`, or a message saying there was
/// none (the engine died or took longer).
fn answer(engine: &mut Session, command: &str, seconds: u64) -> Vec<String> {
    engine
        .ask_within(command, Duration::from_secs(seconds))
        .unwrap_or_else(|| panic!("no answer to '{command}' within {seconds} s"))
}

/// Loads `text` under a `limit_mib` address-space limit and returns the
/// answer; the engine must still answer afterwards.
fn load(tag: &str, text: &str, limit_mib: u64, seconds: u64) -> Vec<String> {
    let file = Scratch::new(tag, text);
    let mut engine = Session::binary_limited(limit_mib * MIB, &[]);
    let loaded = answer(&mut engine, &format!("loadsgf {}", file.path()), seconds);
    assert_eq!(answer(&mut engine, "name", 10), ["= koban"], "{tag}");
    loaded
}

#[test]
fn a_seven_megabyte_point_list_loads_in_bounded_memory() {
    // Was: 361 million setup entries, `memory allocation of 3221225472 bytes
    // failed` and SIGABRT under 3 GiB.
    let text = format!("(;GM[1]SZ[19]AE{})", "[aa:ss]".repeat(1_000_000));
    assert_eq!(load("ae", &text, 512, 30), ["= "]);
}

#[test]
fn point_lists_expand_in_linear_time() {
    // Was: 49 s for 10^4 rectangles and 116 s and 995 MB for 10^5. A full
    // board of Black stones has no liberty: refused, with the engine alive.
    let text = format!("(;GM[1]SZ[19]AB{})", "[aa:ss]".repeat(100_000));
    assert_eq!(load("ab", &text, 512, 10), ["? cannot load file"]);
    // A million single points, one of them on the board: a stone at A19.
    let text = format!("(;GM[1]SZ[19]AB{})", "[aa]".repeat(1_000_000));
    let file = Scratch::new("ab1", &text);
    let mut engine = Session::binary_limited(512 * MIB, &[]);
    assert_eq!(
        answer(&mut engine, &format!("loadsgf {}", file.path()), 10),
        ["= "]
    );
    assert_eq!(answer(&mut engine, "list_stones black", 10), ["= A19"]);
}

#[test]
fn pass_files_cost_a_small_multiple_of_their_size() {
    // Was: 16 MiB of passes (4.2 million turns, refused for length) peaked at
    // 1.69 GB, and exactly 1,000,000 passes at 406 MB.
    let turns = (16 << 20) / 8 - 10;
    let text = format!("(;GM[1]SZ[19]{})", ";B[];W[]".repeat(turns));
    assert_eq!(load("pass16", &text, 256, 10), ["? cannot load file"]);
    let text = format!("(;GM[1]SZ[19]{})", ";B[];W[]".repeat(500_000));
    assert_eq!(load("pass1m", &text, 256, 30), ["= "]);
}

#[test]
fn undo_at_a_million_turns_replays_from_a_checkpoint() {
    // Was: 1.9 to 4.4 s per undo at a million turns, Kee and Ing-Spight the
    // slowest (the whole record replayed from P0); now tens of milliseconds.
    let text = format!("(;GM[1]SZ[19]{})", ";B[];W[]".repeat(500_000));
    let file = Scratch::new("undo", &text);
    for ko in ["kee", "ing-spight"] {
        let mut engine = Session::binary_limited(1024 * MIB, &[]);
        answer(&mut engine, &format!("koban-rules ko={ko}"), 10);
        assert_eq!(
            answer(&mut engine, &format!("loadsgf {}", file.path()), 60),
            ["= "]
        );
        for _ in 0..3 {
            assert_eq!(answer(&mut engine, "undo", 1), ["= "], "{ko}");
        }
        assert_eq!(answer(&mut engine, "play b D4", 1), ["= "], "{ko}");
        assert_eq!(answer(&mut engine, "undo", 1), ["= "], "{ko}");
    }
}

#[test]
fn a_move_number_past_the_turn_limit_is_refused_and_changes_nothing() {
    // Was: `loadsgf FILE 1000002` loaded the whole 3-move file.
    let file = Scratch::new("number", "(;GM[1]SZ[19];B[aa];W[bb];B[cc])");
    let mut engine = Session::binary(&[]);
    answer(&mut engine, "play b D4", 10);
    let before = answer(&mut engine, "printsgf", 10);
    let load = |n: usize| format!("loadsgf {} {n}", file.path());
    assert_eq!(
        answer(&mut engine, &load(1_000_002), 10),
        ["? cannot load file"]
    );
    assert_eq!(answer(&mut engine, "printsgf", 10), before);
    // The last move number within the limit loads what the file has.
    assert_eq!(answer(&mut engine, &load(1_000_001), 10), ["= "]);
    assert_eq!(answer(&mut engine, "list_stones black", 10), ["= C17 A19"]);
}
