//! Runs every `gtp-tests/*.tst` file through the real engine, as `gogui-regress`
//! does: the `koban` binary with the search seeded on one thread and a fixed
//! number of playouts ([`ENGINE_ARGS`]), started with the `.tst` file's folder
//! as its working directory (so file paths in the tests are relative to it),
//! fed the whole file, its answers read back in order.
//!
//! The files are GNU Go regression files that mean the same to both runners:
//! - `N command` followed by `#? [regex]`: a test. The command must succeed and
//!   the regex match the whole first line of the answer (as GNU Go's runner
//!   reads it) and the whole trimmed answer with `.` matching newlines (as
//!   gogui-regress reads it). `[!regex]` negates.
//! - any other command must succeed (gogui-regress fails a test with an id
//!   whose command answers an error, and counts an error without an id).
//! - a command that must fail has no id and is followed by a line
//!   `# koban-error: [regex]`; its error message must match the regex whole.
//!   gogui-regress reads that line as a comment and only counts the error in
//!   its "Error" column: it cannot read an error message. So the next command
//!   that is not itself one that must fail is a test of the state the failed
//!   command must have left unchanged, which both runners check.
//! - `#? [...]*` (GNU Go's "known failure", which gogui-regress never fails) is
//!   refused: a test either holds or is fixed.
//! - `quit`, if present, is the last command: gogui-regress dies on anything
//!   after it.

mod common;

use koban::gtp;
use regex::Regex;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

/// The engine the files run against; `scripts/gogui-regress.sh` passes the same.
const ENGINE_ARGS: &[&str] = &["--seed", "1", "--threads", "1", "--playouts", "1000"];

/// The comment line that gives the error a command without an id must answer.
const ERROR_MARK: &str = "# koban-error:";

struct Expectation {
    pattern: String,
    /// The pattern over the first line (or over an error message).
    regex: Regex,
    /// The same pattern over the whole response, `.` matching newlines.
    whole: Regex,
    negate: bool,
}

enum Expect {
    /// Success, nothing more.
    Success,
    /// A test (`#?`): success matching the pattern.
    Test(Expectation),
    /// `# koban-error:`: an error whose message matches.
    Error(Expectation),
}

struct Command {
    line: usize,
    text: Vec<u8>,
    id: Option<u64>,
    is_quit: bool,
    expect: Expect,
}

fn bracketed(spec: &str) -> Result<Expectation, String> {
    let spec = spec.trim();
    if spec.ends_with('*') {
        return Err(format!(
            "known-failing test `{spec}`: fix the engine or the test \
             (a command that must fail is written `{ERROR_MARK} [message]` without an id)"
        ));
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
    })
}

fn parse_file(bytes: &[u8]) -> Result<Vec<Command>, String> {
    let mut commands: Vec<Command> = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let text = String::from_utf8_lossy(raw);
        let trimmed = text.trim();
        let at = |e: String| format!("line {line}: {e}");
        if let Some(spec) = trimmed.strip_prefix("#?") {
            let last = commands
                .last_mut()
                .filter(|c| c.id.is_some() && matches!(c.expect, Expect::Success))
                .ok_or_else(|| at("`#?` without a preceding test command with an id".into()))?;
            last.expect = Expect::Test(bracketed(spec).map_err(at)?);
            continue;
        }
        if let Some(spec) = trimmed.strip_prefix(ERROR_MARK) {
            let last = commands
                .last_mut()
                .filter(|c| c.id.is_none() && matches!(c.expect, Expect::Success))
                .ok_or_else(|| {
                    at(format!(
                        "`{ERROR_MARK}` needs a preceding command without an id \
                         (gogui-regress would fail a test with an id that answers an error)"
                    ))
                })?;
            let e = bracketed(spec).map_err(at)?;
            if e.negate {
                return Err(at("an error message is matched, not negated".into()));
            }
            last.expect = Expect::Error(e);
            continue;
        }
        let Some(request) = gtp::preprocess(raw) else {
            continue;
        };
        if commands.last().is_some_and(|c| c.is_quit) {
            return Err(at("a command after quit (gogui-regress dies on it)".into()));
        }
        commands.push(Command {
            line,
            text: raw.to_vec(),
            id: request.id,
            is_quit: request.name == "quit",
            expect: Expect::Success,
        });
    }
    // Every command that must fail is followed by a state test.
    let mut pending: Option<usize> = None;
    for c in &commands {
        match (&c.expect, pending) {
            (Expect::Error(_), None) => pending = Some(c.line),
            (Expect::Error(_), Some(_)) => {}
            (Expect::Test(_), Some(_)) => pending = None,
            (Expect::Success, Some(line)) => {
                return Err(format!(
                    "line {line}: the command that must fail is not followed by a `#?` \
                     test of the state it leaves unchanged (line {} comes first)",
                    c.line
                ));
            }
            (_, None) => {}
        }
    }
    if let Some(line) = pending {
        return Err(format!(
            "line {line}: the command that must fail is not followed by a state test"
        ));
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

/// The engine's whole output for `input`, run in `dir` as gogui-regress runs it.
fn run_engine(dir: &Path, input: Vec<u8>, extra: &[&str]) -> Result<String, String> {
    let mut child = Process::new(env!("CARGO_BIN_EXE_koban"))
        .args(ENGINE_ARGS)
        .args(extra)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread of its own: the engine answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    writer.join().unwrap();
    if !output.status.success() {
        return Err(format!("the engine exited with {}", output.status));
    }
    String::from_utf8(output.stdout).map_err(|_| "output is not UTF-8".into())
}

fn run_file(path: &Path) -> Vec<String> {
    run_file_with(path, &[])
}

/// [`run_file`] with `extra` engine arguments after [`ENGINE_ARGS`].
fn run_file_with(path: &Path, extra: &[&str]) -> Vec<String> {
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
    let output = match run_engine(path.parent().unwrap(), input, extra) {
        Ok(o) => o,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let responses = match split_responses(&output) {
        Ok(r) => r,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    let mut failures = Vec::new();
    if responses.len() != commands.len() {
        failures.push(format!(
            "{name}: {} commands but {} responses",
            commands.len(),
            responses.len()
        ));
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
        let must_fail = matches!(command.expect, Expect::Error(_));
        match &command.expect {
            Expect::Success if *error => failures.push(format!("{at}: unexpected error '{text}'")),
            Expect::Success => {}
            _ if *error != must_fail => failures.push(format!(
                "{at}: expected {}, got '{first_line}'",
                if must_fail { "an error" } else { "success" }
            )),
            Expect::Error(e) => {
                if !e.regex.is_match(text.trim()) {
                    failures.push(format!(
                        "{at}: expected the error [{}], got '{}'",
                        e.pattern,
                        text.trim()
                    ));
                }
            }
            Expect::Test(e) => {
                if e.regex.is_match(first_line) == e.negate {
                    failures.push(format!(
                        "{at}: expected [{}], got '{first_line}'",
                        e.pattern
                    ));
                } else if e.whole.is_match(text.trim()) == e.negate {
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

/// Pondering changes no answer the files check: each file again, the engine
/// pondering after each of its own moves until the next line arrives.
#[test]
fn gtp_regression_files_with_ponder() {
    let files = test_files();
    let failures = common::failures_in_parallel(&files, |f| run_file_with(f, &["--ponder"]));
    assert!(
        failures.is_empty(),
        "{} failures with --ponder:\n{}",
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

/// The failures of a file `name` holding `text`, in a folder of its own that
/// also holds `extra` files (name, contents).
fn failures_of(name: &str, text: &str, extra: &[(&str, &str)]) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("koban-runner-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    for (file, contents) in extra {
        std::fs::write(dir.join(file), contents).unwrap();
    }
    let failures = run_file(&path);
    std::fs::remove_dir_all(&dir).unwrap();
    failures
}

#[test]
fn the_runner_catches_wrong_answers() {
    // Deliberately wrong expectations must be reported, or the suite proves
    // nothing: a wrong answer, an unexpected error, a wrong error message, an
    // unexpected success.
    let failures = failures_of(
        "wrong.tst",
        "1 protocol_version\n#? [3]\nplay b z99\n\
         play b z99\n# koban-error: [illegal move]\n\
         name\n# koban-error: [unknown command]\n2 list_stones black\n#? []\n",
        &[],
    );
    assert_eq!(failures.len(), 4, "{failures:?}");
}

#[test]
fn the_runner_refuses_files_gogui_regress_would_misread() {
    for (what, text) in [
        ("a known failure", "1 name\n#? [x]*\n"),
        (
            "an error check on a test",
            "1 frobnicate\n# koban-error: [unknown command]\n",
        ),
        (
            "a failure without a state test",
            "frobnicate\n# koban-error: [unknown command]\nname\n",
        ),
        ("a command after quit", "1 name\n#? [koban]\nquit\n2 name\n"),
    ] {
        let failures = failures_of("refused.tst", text, &[]);
        assert_eq!(failures.len(), 1, "{what}: {failures:?}");
        assert!(failures[0].contains("line"), "{what}: {failures:?}");
    }
}

/// A path in a file is relative to the file's own folder, as under gogui-regress.
#[test]
fn the_engine_runs_in_the_files_folder() {
    let failures = failures_of(
        "paths.tst",
        "1 loadsgf here.sgf\n#? []\n2 list_stones black\n#? [C3]\n",
        &[("here.sgf", "(;GM[1]FF[4]SZ[9];B[cg])")],
    );
    assert!(failures.is_empty(), "{failures:?}");
}
