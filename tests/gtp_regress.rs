//! Runs every `gtp-tests/*.tst` file through the real GTP loop, in-process.
//!
//! The files use the GNU Go regression format, so `gogui-regress` can run them
//! too: a command with a numeric id followed by `#? [regex]` is a test; the regex
//! must match the whole first line of the response text (after `=id `), as GNU
//! Go's runner reads it, and also the whole trimmed response with `.` matching
//! newlines, as gogui-regress reads it, so every file holds under both tools.
//! `[!regex]` negates. A trailing `*` (`#? [regex]*`) marks a command that must *fail*: the
//! response must be an error (`?id message`) whose message matches the regex
//! (gogui-regress counts these as expected failures). Any other command must
//! succeed. Responses must come in order with the ids of their commands.

mod common;

use koban::gtp::{self, Engine, engine::Config};
use koban::player::RandomPlayer;
use regex::Regex;
use std::path::{Path, PathBuf};

struct Expectation {
    pattern: String,
    regex: Regex,
    /// The same pattern over the whole response, `.` matching newlines.
    whole: Regex,
    negate: bool,
    must_fail: bool,
}

struct Command {
    line: usize,
    text: Vec<u8>,
    id: Option<u64>,
    expect: Option<Expectation>,
}

fn parse_expectation(spec: &str) -> Result<Expectation, String> {
    let mut spec = spec.trim();
    let must_fail = spec.ends_with('*');
    if must_fail {
        spec = spec[..spec.len() - 1].trim_end();
    }
    let inner = spec
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| format!("pattern needs brackets: {spec}"))?
        .trim();
    let (negate, pattern) = match inner.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, inner),
    };
    let regex = Regex::new(&format!("^(?:{pattern})$")).map_err(|e| e.to_string())?;
    let whole = Regex::new(&format!("(?s)^(?:{pattern})$")).map_err(|e| e.to_string())?;
    Ok(Expectation {
        pattern: inner.to_string(),
        regex,
        whole,
        negate,
        must_fail,
    })
}

fn parse_file(bytes: &[u8]) -> Result<Vec<Command>, String> {
    let mut commands: Vec<Command> = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let text = String::from_utf8_lossy(raw);
        let trimmed = text.trim();
        if let Some(spec) = trimmed.strip_prefix("#?") {
            let last = commands
                .last_mut()
                .ok_or(format!("line {line}: pattern before any command"))?;
            if last.id.is_none() || last.expect.is_some() {
                return Err(format!(
                    "line {line}: pattern without a preceding test command with an id"
                ));
            }
            last.expect = Some(parse_expectation(spec).map_err(|e| format!("line {line}: {e}"))?);
            continue;
        }
        if gtp::preprocess(raw).is_none() {
            continue;
        }
        let request = gtp::preprocess(raw).unwrap();
        commands.push(Command {
            line,
            text: raw.to_vec(),
            id: request.id,
            expect: None,
        });
    }
    Ok(commands)
}

/// Splits the output stream into (is_error, id, text) responses.
fn split_responses(output: &str) -> Result<Vec<(bool, Option<u64>, String)>, String> {
    if !output.is_empty() && !output.ends_with("\n\n") {
        return Err(format!(
            "output does not end with an empty line: {output:?}"
        ));
    }
    let mut responses = Vec::new();
    for chunk in output.split_terminator("\n\n") {
        let error = match chunk.as_bytes().first() {
            Some(b'=') => false,
            Some(b'?') => true,
            _ => return Err(format!("response does not start with = or ?: {chunk:?}")),
        };
        let rest = &chunk[1..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &rest[digits.len()..];
        let text = rest
            .strip_prefix(' ')
            .ok_or_else(|| format!("no space after the id in {chunk:?}"))?;
        responses.push((error, digits.parse().ok(), text.to_string()));
    }
    Ok(responses)
}

fn run_file(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let commands = match parse_file(&bytes) {
        Ok(c) => c,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let mut input = Vec::new();
    for c in &commands {
        input.extend_from_slice(&c.text);
        input.push(b'\n');
    }
    let mut engine = Engine::new(Config::default(), Box::new(RandomPlayer::new(Some(1))));
    let mut output = Vec::new();
    gtp::run(&mut engine, std::io::Cursor::new(input), &mut output).unwrap();
    let output = match String::from_utf8(output) {
        Ok(s) => s,
        Err(_) => return vec![format!("{name}: output is not UTF-8")],
    };
    let responses = match split_responses(&output) {
        Ok(r) => r,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let mut failures = Vec::new();
    if responses.len() != commands.len() {
        let quit_at = commands
            .iter()
            .position(|c| String::from_utf8_lossy(&c.text).contains("quit"));
        if quit_at.map(|q| q + 1) != Some(responses.len()) {
            failures.push(format!(
                "{name}: {} commands but {} responses",
                commands.len(),
                responses.len()
            ));
        }
    }
    for (command, (error, id, text)) in commands.iter().zip(&responses) {
        let shown = String::from_utf8_lossy(&command.text);
        let at = format!("{name}:{} `{}`", command.line, shown.trim());
        if *id != command.id {
            failures.push(format!(
                "{at}: response id {id:?}, expected {:?}",
                command.id
            ));
        }
        let first_line = text.lines().next().unwrap_or("");
        match &command.expect {
            None if *error => failures.push(format!("{at}: unexpected error '{text}'")),
            None => {}
            Some(e) => {
                if e.must_fail != *error {
                    failures.push(format!(
                        "{at}: expected {} [{}], got {} '{first_line}'",
                        if e.must_fail { "an error" } else { "success" },
                        e.pattern,
                        if *error { "error" } else { "success" }
                    ));
                } else if e.regex.is_match(first_line) == e.negate {
                    failures.push(format!(
                        "{at}: expected [{}], got '{first_line}'",
                        e.pattern
                    ));
                } else if !*error && e.whole.is_match(text.trim()) == e.negate {
                    failures.push(format!(
                        "{at}: [{}] holds for the first line but not for the whole \
                         response, as gogui-regress reads it: '{}'",
                        e.pattern,
                        text.trim()
                    ));
                }
            }
        }
    }
    failures
}

fn test_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    files
}

#[test]
fn gtp_regression_files() {
    let files = test_files();
    assert!(!files.is_empty(), "no .tst files found");
    let failures = common::failures_in_parallel(&files, |f| run_file(f));
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every command in `list_commands` is exercised by at least one test file.
#[test]
fn every_listed_command_has_a_case() {
    let mut all = String::new();
    for f in test_files() {
        all.push_str(&String::from_utf8_lossy(&std::fs::read(f).unwrap()));
        all.push('\n');
    }
    let mut missing = Vec::new();
    for name in koban::gtp::command::COMMANDS {
        let used = all.lines().any(|line| {
            let line = line.trim();
            !line.starts_with('#')
                && gtp::preprocess(line.as_bytes())
                    .is_some_and(|r| r.id.is_some() && r.name == *name)
        });
        if !used {
            missing.push(*name);
        }
    }
    assert!(
        missing.is_empty(),
        "commands without a test case (with an id): {missing:?}"
    );
}

#[test]
fn the_runner_catches_wrong_answers() {
    // A deliberately wrong expectation must be reported, or the suite proves nothing.
    let dir = std::env::temp_dir().join(format!("koban-runner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.tst");
    std::fs::write(
        &file,
        "1 protocol_version\n#? [3]\n2 play b z99\n#? [.*]\n3 name\n#? [bad]*\n",
    )
    .unwrap();
    let failures = run_file(&file);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(failures.len(), 3, "{failures:?}");
}
