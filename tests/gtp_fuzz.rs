//! Seeded GTP fuzzing over every command `list_commands` names: valid arguments,
//! mutated ones (bad vertices and colors, huge and non-finite numbers, unknown
//! words), byte edits (invalid UTF-8, NUL and other control characters, `#`,
//! tabs), unknown names, lines far past the length limit, and ids that are
//! missing or past 64 bits. Lines go one at a time to the real GTP loop over
//! pipes (tests/common's `Session`: the MCTS player, one thread, 16 playouts a
//! move), each followed by an empty line that stops an analysis stream.
//!
//! Checked for every line: exactly one response whose first line is `=ID ` or
//! `?ID ` with the line's own id (none when it had none or one past 64 bits),
//! ended by one empty line (a second one, or a line missing, shows up as the
//! next response's head being wrong). Checked for every failed command: the
//! state as `showboard`, `printsgf`, `koban-ko_state` and `koban-rules` show it is
//! exactly what it was before the command.
//!
//! `cargo test` runs [`DEFAULT_COMMANDS`] commands. Longer runs:
//! `scripts/fuzz.sh SEED COUNT`, which sets `KOBAN_FUZZ_SEED` and
//! `KOBAN_FUZZ_COMMANDS` for this test; a failure names the seed, the session
//! and the line.

mod common;

use common::{Session, env_u64};
use koban::rng::FastRng;
use koban::time::Budget;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

const DEFAULT_COMMANDS: u64 = 3000;
/// Commands per engine session: each session starts from a fresh engine.
const SESSION_COMMANDS: u64 = 1000;
const PROBES: [&str; 4] = ["showboard", "printsgf", "koban-ko_state", "koban-rules"];

/// The id a line carries, as the engine must echo it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Id {
    Number(u64),
    Missing,
    /// Digits past `u64::MAX`: not an id, so the response has none.
    Huge,
}

impl Id {
    fn echoed(self) -> String {
        match self {
            Id::Number(i) => i.to_string(),
            Id::Missing | Id::Huge => String::new(),
        }
    }
}

const EXPENSIVE: &[&str] = &["final_score", "final_status_list", "kgs-genmove_cleanup"];
const COLORS: &[&str] = &["b", "w", "black", "white", "B", "WHITE", "Black"];
const BAD_COLORS: &[&str] = &["x", "e", "bw", "blac", "0", "é"];
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
/// Arguments no command accepts where a number, vertex or name is due.
const HOSTILE: &[&str] = &[
    "",
    "0",
    "-0",
    "-1",
    "1e400",
    "-1e400",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e-320",
    "0x1f",
    "+5",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-9223372036854775809",
    "4294967296",
    "1000001",
    "0.5",
    "A0",
    "a26",
    "Z25",
    "Y26",
    "I5",
    "i9",
    "T20",
    "AA1",
    "5E",
    "e-1",
    "e99999999999999999999",
    "pass",
    "PaSs",
    "resign",
    "٣",
    "ü",
    "\u{feff}",
    "\u{202e}e5",
    "'; DROP TABLE",
    "%s%n",
    "ko=",
    "=",
    "ko=superko",
    "scoring=",
    "suicide=maybe",
    "playouts",
    "interval",
    "minmoves",
    "maxmoves",
];
const RULE_WORDS: &[&str] = &[
    "ko=simple",
    "ko=positional",
    "ko=situational",
    "ko=geneva",
    "ko=kee",
    "ko=ing-spight",
    "ko=cleanup",
    "scoring=area",
    "scoring=territory",
    "suicide=allowed",
    "suicide=forbidden",
    "chinese",
    "japanese",
    "aga",
    "new_zealand",
    "tromp-taylor",
    "KO=Kee",
];

/// The generator of lines, with the few files a session may name.
struct Fuzzer {
    rng: FastRng,
    names: Vec<String>,
    /// The board size last asked for, to aim most vertices at the board.
    size: usize,
    sgf_files: Vec<String>,
    scratch: PathBuf,
}

impl Fuzzer {
    fn pick<'a>(&mut self, items: &'a [&'a str]) -> &'a str {
        items[self.rng.below(items.len())]
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.rng.below(one_in) == 0
    }

    fn color(&mut self) -> String {
        if self.chance(15) {
            self.pick(BAD_COLORS).into()
        } else {
            self.pick(COLORS).into()
        }
    }

    fn vertex(&mut self) -> String {
        match self.rng.below(25) {
            0 => "pass".into(),
            1 => "PASS".into(),
            2 => self.pick(HOSTILE).into(),
            3 => {
                // Anywhere up to 25x25, on this board or not.
                let c = COLUMNS[self.rng.below(COLUMNS.len())] as char;
                format!("{c}{}", self.rng.below(27))
            }
            _ => {
                let c = COLUMNS[self.rng.below(self.size)] as char;
                let c = if self.chance(2) {
                    c.to_ascii_lowercase()
                } else {
                    c
                };
                format!("{c}{}", 1 + self.rng.below(self.size))
            }
        }
    }

    fn number(&mut self, small: usize) -> String {
        if self.chance(10) {
            self.pick(HOSTILE).into()
        } else {
            self.rng.below(small).to_string()
        }
    }

    fn seconds(&mut self) -> String {
        match self.rng.below(8) {
            0 => self.pick(HOSTILE).into(),
            1 => format!("{}.{}", self.rng.below(30), self.rng.below(10)),
            _ => self.rng.below(600).to_string(),
        }
    }

    fn board_size(&mut self) -> String {
        let size = match self.rng.below(20) {
            0 => return self.pick(HOSTILE).into(),
            1 => 26 + self.rng.below(100),
            2 if self.chance(4) => 14 + self.rng.below(12),
            2 | 3 => 10 + self.rng.below(4),
            _ => 2 + self.rng.below(6),
        };
        if (2..=25).contains(&size) {
            self.size = size;
        }
        size.to_string()
    }

    fn scratch_file(&self, name: &str) -> String {
        self.scratch.join(name).display().to_string()
    }

    /// Valid arguments for `name` (most of the time: a few are off by design).
    fn arguments(&mut self, name: &str) -> Vec<String> {
        let mut args = Vec::new();
        match name {
            "known_command" => {
                let n = if self.chance(3) {
                    self.pick(HOSTILE).to_string()
                } else {
                    self.names[self.rng.below(self.names.len())].clone()
                };
                args.push(n);
            }
            "boardsize" => args.push(self.board_size()),
            "komi" => args.push(match self.rng.below(6) {
                0 => self.pick(HOSTILE).into(),
                1 => format!("-{}.5", self.rng.below(1200)),
                _ => format!("{}.{}", self.rng.below(20), self.rng.below(10)),
            }),
            "play" | "is_legal" => {
                args.push(self.color());
                args.push(self.vertex());
            }
            "genmove"
            | "reg_genmove"
            | "kgs-genmove_cleanup"
            | "all_legal"
            | "list_stones"
            | "gogui-setup_player" => args.push(self.color()),
            "fixed_handicap" | "place_free_handicap" => args.push(self.number(12)),
            "set_free_handicap" => {
                for _ in 0..2 + self.rng.below(4) {
                    args.push(self.vertex());
                }
            }
            "time_settings" => {
                args.push(self.seconds());
                args.push(self.seconds());
                args.push(self.number(30));
            }
            "time_left" => {
                args.push(self.color());
                args.push(self.seconds());
                args.push(self.number(30));
            }
            "kgs-time_settings" => {
                let kind = self.pick(&[
                    "none", "absolute", "byoyomi", "canadian", "Byoyomi", "fischer",
                ]);
                args.push(kind.into());
                let count = match kind.to_ascii_lowercase().as_str() {
                    _ if self.chance(4) => self.rng.below(5),
                    "none" => 0,
                    "absolute" => 1,
                    _ => 3,
                };
                for _ in 0..count {
                    args.push(self.seconds());
                }
            }
            "gogui-setup" => {
                for _ in 0..self.rng.below(5) {
                    args.push(self.pick(&["b", "w", "e", "empty", "B", "x"]).into());
                    args.push(self.vertex());
                }
            }
            "loadsgf" => {
                let file = match self.rng.below(10) {
                    0 => self
                        .pick(&[
                            "/dev/zero",
                            "/dev/urandom",
                            "/dev/null",
                            "/dev/stdin",
                            "/nonexistent",
                            "/",
                            "",
                        ])
                        .into(),
                    1 => self.scratch_file("fifo"),
                    2 => self.scratch_file("out.sgf"),
                    _ => self.sgf_files[self.rng.below(self.sgf_files.len())].clone(),
                };
                args.push(file);
                if self.chance(3) {
                    args.push(self.number(200));
                }
            }
            "printsgf" => match self.rng.below(4) {
                0 => args.push(self.scratch_file("out.sgf")),
                1 => args.push(self.scratch_file("fifo")),
                2 => args.push("/dev/null".into()),
                _ => {}
            },
            "kgs-rules" => args.push(
                self.pick(&[
                    "chinese",
                    "japanese",
                    "aga",
                    "new_zealand",
                    "tromp-taylor",
                    "ing",
                    "Chinese",
                ])
                .into(),
            ),
            "koban-rules" => {
                for _ in 0..self.rng.below(4) {
                    args.push(self.pick(RULE_WORDS).into());
                }
            }
            "koban-ko_state" if self.chance(2) => {
                args.push(
                    self.pick(&[
                        "ko", "phase", "over", "forfeits", "hot", "blocked", "ko-point", "nope",
                    ])
                    .into(),
                );
            }
            "final_status_list" => args.push(
                self.pick(&["alive", "dead", "seki", "ALIVE", "unknown"])
                    .into(),
            ),
            "kgs-chat" => {
                args.push(self.pick(&["game", "private", "public"]).into());
                args.push(self.pick(&["alice", "bob", "a#b", "%s"]).into());
                for _ in 0..self.rng.below(6) {
                    args.push(self.pick(HOSTILE).into());
                }
            }
            "analyze" | "lz-analyze" | "genmove_analyze" | "lz-genmove_analyze" => {
                if self.chance(2) {
                    args.push(self.color());
                }
                if self.chance(2) {
                    args.push(self.number(30));
                }
                for _ in 0..self.rng.below(3) {
                    args.push(
                        self.pick(&["interval", "minmoves", "maxmoves", "playouts", "ownership"])
                            .into(),
                    );
                    args.push(self.number(60));
                }
            }
            "koban-ownership" | "koban-pv" if self.chance(2) => {
                args.push(self.color());
            }
            "koban-move_stats" => {
                for _ in 0..self.rng.below(3) {
                    let word = if self.chance(2) {
                        self.color()
                    } else {
                        self.pick(&["winrate", "visits", "WINRATE", "score"]).into()
                    };
                    args.push(word);
                }
            }
            "koban-rule_params" if self.chance(2) => {
                args.push(self.pick(&["ko", "scoring", "suicide", "komi"]).into());
                args.push(
                    self.pick(&[
                        "kee",
                        "cleanup",
                        "geneva",
                        "simple",
                        "area",
                        "territory",
                        "allowed",
                        "forbidden",
                        "x",
                    ])
                    .into(),
                );
            }
            _ => {}
        }
        args
    }

    /// A listed command; `play` more often than the rest so games get somewhere
    /// (captures, kos) and `clear_board` so setup commands can succeed, those that estimate the end of the game (thousands of
    /// playouts per new position) an eighth as often, to keep the run short.
    fn command_name(&mut self) -> String {
        if self.chance(8) {
            return "play".into();
        }
        if self.chance(30) {
            // The handicap and setup commands need an empty board.
            return "clear_board".into();
        }
        loop {
            let name = self.names[self.rng.below(self.names.len())].clone();
            if !EXPENSIVE.contains(&name.as_str()) || self.chance(8) {
                return name;
            }
        }
    }

    /// Mutates whole arguments: replace, drop, add.
    fn mutate_arguments(&mut self, args: &mut Vec<String>) {
        for _ in 0..1 + self.rng.below(3) {
            match self.rng.below(3) {
                0 if !args.is_empty() => {
                    let i = self.rng.below(args.len());
                    args[i] = self.pick(HOSTILE).into();
                }
                1 if !args.is_empty() => {
                    args.remove(self.rng.below(args.len()));
                }
                _ => {
                    let at = self.rng.below(args.len() + 1);
                    let word = if self.chance(2) {
                        self.vertex()
                    } else {
                        self.pick(HOSTILE).into()
                    };
                    args.insert(at, word);
                }
            }
        }
    }

    /// Edits raw bytes: any byte but the newline may appear.
    fn mutate_bytes(&mut self, body: &mut Vec<u8>) {
        const CHUNKS: &[&[u8]] = &[
            b"#",
            b"\t",
            b"\r",
            b"\0",
            b"\xff\xfe",
            b"\xc3",
            b"\x1b[2J",
            b"\x7f",
            b" ",
        ];
        for _ in 0..1 + self.rng.below(3) {
            let at = self.rng.below(body.len() + 1);
            match self.rng.below(4) {
                0 if at < body.len() => {
                    body.remove(at);
                }
                1 if at < body.len() => body[at] = self.byte(),
                2 => {
                    let chunk = CHUNKS[self.rng.below(CHUNKS.len())];
                    body.splice(at..at, chunk.iter().copied());
                }
                _ => {
                    let b = self.byte();
                    body.insert(at, b);
                }
            }
        }
    }

    fn byte(&mut self) -> u8 {
        loop {
            let b = self.rng.below(256) as u8;
            if b != b'\n' {
                return b;
            }
        }
    }

    /// One line (without its newline) and the id it carries.
    fn line(&mut self, number: u64) -> (Vec<u8>, Id) {
        let id = match self.rng.below(50) {
            0 => Id::Missing,
            1 => Id::Huge,
            _ => Id::Number(number),
        };
        let name = match self.rng.below(40) {
            0 if id == Id::Number(number) => self
                .pick(&[
                    "",
                    "qiut",
                    "genmove_black",
                    "play-b",
                    "PLAY",
                    "Name",
                    "list",
                    "kgs-",
                    "koban-",
                ])
                .into(),
            _ => self.command_name(),
        };
        let mut args = self.arguments(&name);
        let kind = self.rng.below(100);
        if kind < 20 {
            self.mutate_arguments(&mut args);
        }
        let mut body = name.into_bytes();
        for a in &args {
            body.push(b' ');
            body.extend_from_slice(a.as_bytes());
        }
        // Byte edits could make a digit word the first one: only for lines whose
        // id comes first.
        if (20..32).contains(&kind) && matches!(id, Id::Number(_)) {
            self.mutate_bytes(&mut body);
        }
        if kind == 99 {
            // Past the 64 KiB line limit (sometimes), in words or raw bytes.
            let len = 1000 + self.rng.below(150_000);
            let fill = if self.chance(2) { b'x' } else { self.byte() };
            body.extend(
                std::iter::repeat_n(fill, len)
                    .enumerate()
                    .map(|(i, b)| if i % 7 == 0 { b' ' } else { b }),
            );
        }
        let mut line = match id {
            Id::Number(i) => format!("{i} ").into_bytes(),
            Id::Missing => Vec::new(),
            Id::Huge => b"184467440737095516150 ".to_vec(),
        };
        line.extend_from_slice(&body);
        (line, id)
    }

    /// Whether the line is safe to send: never `quit` (the session would end),
    /// and `printsgf` writes only into the scratch directory or `/dev/null`.
    fn harmless(&self, line: &[u8]) -> bool {
        let Some(request) = koban::gtp::preprocess(line) else {
            return false;
        };
        match request.name.as_str() {
            "quit" => false,
            "printsgf" => request
                .args
                .first()
                .is_none_or(|f| f == "/dev/null" || Path::new(f).starts_with(&self.scratch)),
            _ => true,
        }
    }
}

/// The figures of a run.
#[derive(Default, Debug)]
struct Tally {
    commands: u64,
    failed: u64,
    probes: u64,
    long_lines: u64,
    /// Per command name as the engine read it: (succeeded, failed).
    by_name: BTreeMap<String, (u64, u64)>,
}

impl Tally {
    fn count(&mut self, line: &[u8], names: &[String], ok: bool) {
        self.commands += 1;
        self.failed += u64::from(!ok);
        self.long_lines += u64::from(line.len() > koban::gtp::MAX_LINE);
        let name = koban::gtp::preprocess(line).map_or(String::new(), |r| r.name);
        let key = if names.contains(&name) {
            name
        } else {
            "(unknown)".to_string()
        };
        let entry = self.by_name.entry(key).or_default();
        if ok {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
    }
}

/// Runs the [`PROBES`] and returns their answers (which must all succeed).
fn state(s: &mut Session, next_id: &mut u64, tally: &mut Tally) -> Vec<Vec<String>> {
    PROBES
        .iter()
        .map(|probe| {
            *next_id += 1;
            let id = *next_id;
            tally.probes += 1;
            let mut r = s.ask(&format!("{id} {probe}"));
            let head = format!("={id} ");
            assert!(
                r.first().is_some_and(|l| l.starts_with(&head)),
                "{probe}: {r:?}"
            );
            // Compared across probes: the id is not part of the state.
            r[0].replace_range(..head.len(), "");
            r
        })
        .collect()
}

fn shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let short: String = text.chars().take(300).collect();
    format!("{:?}{}", short, if text.len() > 300 { "..." } else { "" })
}

fn session(seed: u64, index: u64, commands: u64, scratch: &Path, tally: &mut Tally, ponder: bool) {
    let budget = Budget {
        playouts: Some(16),
        ..Budget::default()
    };
    let mut s = Session::in_thread(budget, ponder);
    let names: Vec<String> = s
        .ask("list_commands")
        .into_iter()
        .map(|l| l.trim_start_matches("= ").to_string())
        .filter(|n| n != "quit")
        .collect();
    assert!(names.len() > 40, "{names:?}");
    let mut sgf_files: Vec<String> = ["gtp-tests/sgf", "gtp-tests/score"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    sgf_files.sort();
    let mut f = Fuzzer {
        rng: FastRng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index),
        names,
        size: 19,
        sgf_files,
        scratch: scratch.to_path_buf(),
    };
    // Start small (19x19 is kept for the sizes the fuzzer asks for now and then):
    // the end-of-game commands run thousands of playouts.
    f.size = 2 + f.rng.below(8);
    assert_eq!(s.ask(&format!("boardsize {}", f.size)), ["= "]);
    let mut next_id = 0u64;
    let mut before: Option<Vec<Vec<String>>> = None;
    for _ in 0..commands {
        if before.is_none() {
            before = Some(state(&mut s, &mut next_id, tally));
        }
        next_id += 1;
        let (line, id) = loop {
            let (line, id) = f.line(next_id);
            if f.harmless(&line) {
                break (line, id);
            }
        };
        let where_ = || format!("seed {seed} session {index} line {}", shown(&line));
        // The empty line stops an analysis stream; anything else skips it.
        s.send_bytes(&[&line[..], b"\n"].concat());
        let response = s.rest_of_response();
        let head = response.first().map(String::as_str).unwrap_or("");
        let echo = id.echoed();
        let ok = head.starts_with(&format!("={echo} "));
        assert!(
            ok || head.starts_with(&format!("?{echo} ")),
            "{}: response {response:?} does not echo id {echo:?}",
            where_()
        );
        tally.count(&line, &f.names, ok);
        if ok {
            before = None;
            continue;
        }
        let after = state(&mut s, &mut next_id, tally);
        let was = before.as_ref().unwrap();
        for (i, probe) in PROBES.iter().enumerate() {
            assert_eq!(
                was[i],
                after[i],
                "{}: failed with {head:?} but changed `{probe}`",
                where_()
            );
        }
    }
    next_id += 1;
    assert_eq!(
        s.ask(&format!("{next_id} name")),
        [format!("={next_id} koban")]
    );
}

/// A scratch directory with a FIFO in it, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        Scratch::new_named("plain")
    }

    /// A scratch directory of its own for each test running at once.
    fn new_named(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("koban-gtp-fuzz-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(dir.join("fifo"))
            .status()
            .unwrap();
        assert!(status.success());
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `total` fuzzed commands over as many sessions of at most
/// `SESSION_COMMANDS` as they take: the tally and the number of sessions.
fn sessions(seed: u64, total: u64, scratch: &Path, ponder: bool) -> (Tally, u64) {
    let mut tally = Tally::default();
    let mut index = 0;
    while tally.commands < total {
        let n = SESSION_COMMANDS.min(total - tally.commands);
        session(seed, index, n, scratch, &mut tally, ponder);
        index += 1;
    }
    (tally, index)
}

#[test]
fn fuzzed_commands_frame_echo_and_never_change_state_on_failure() {
    let seed = env_u64("KOBAN_FUZZ_SEED", 28);
    let total = env_u64("KOBAN_FUZZ_COMMANDS", DEFAULT_COMMANDS);
    let scratch = Scratch::new();
    let start = Instant::now();
    let (tally, index) = sessions(seed, total, &scratch.0, false);
    let table: Vec<String> = tally
        .by_name
        .iter()
        .map(|(name, (ok, failed))| format!("{name} {ok}/{failed}"))
        .collect();
    eprintln!(
        "gtp fuzz: seed {seed}: {} commands in {index} sessions, {} failed (state unchanged after each), {} lines past the length limit, {} state probes; every response framed with its id; {:.1} s\nper command (succeeded/failed): {}",
        tally.commands,
        tally.failed,
        tally.long_lines,
        tally.probes,
        start.elapsed().as_secs_f64(),
        table.join(", ")
    );
    // Every command was exercised both ways (only checked at the default size,
    // where the seed is fixed).
    if total >= DEFAULT_COMMANDS {
        let names = koban::gtp::command::COMMANDS
            .iter()
            .filter(|&&n| n != "quit");
        for name in names {
            let (ok, failed) = tally.by_name.get(*name).copied().unwrap_or_default();
            assert!(
                ok > 0 && failed > 0,
                "{name}: {ok} succeeded, {failed} failed"
            );
        }
    }
}

/// The fuzzed lines again with pondering on (`--ponder`): whenever a
/// `genmove` left the opponent to move, the engine searches until the next
/// line arrives, and every line must still be framed, echoed and leave the
/// state unchanged when it fails.
#[test]
fn fuzzed_commands_with_ponder() {
    let seed = env_u64("KOBAN_FUZZ_SEED", 28) ^ 0x5eed;
    let total = env_u64("KOBAN_FUZZ_COMMANDS", DEFAULT_COMMANDS) / 3;
    let scratch = Scratch::new_named("ponder");
    let (tally, _) = sessions(seed, total, &scratch.0, true);
    let genmoves = ["genmove", "kgs-genmove_cleanup"]
        .iter()
        .map(|n| tally.by_name.get(*n).map_or(0, |c| c.0))
        .sum::<u64>();
    assert!(genmoves > 0, "no move was generated, so nothing pondered");
}
