//! A GTP engine run as a child process, with a deadline on every reply.
//!
//! The engine's stdout and stderr are read on their own threads, so the runner
//! waits on a channel with a timeout and never blocks on a silent or stuck engine.
//! Invariants: every command carries a fresh numeric id and only a response with
//! that id (or none) is accepted; after any timeout, death or protocol error the
//! process is killed and the client is marked dead, so a late answer can never be
//! taken for the reply to a later command. Dropping a client always reaps the
//! child: `quit`, a short grace period, then a kill.

use super::error::{MatchError, SplitError};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Longest stdout line kept; longer lines are cut (GTP replies are short).
const MAX_LINE: usize = 64 * 1024;
/// Stdout lines buffered before the engine's writes block.
const STDOUT_BACKLOG: usize = 4096;
/// Longest response accepted; a larger one is a protocol error.
const MAX_RESPONSE: usize = 1024 * 1024;
/// Stderr lines kept for error messages, and the most characters quoted.
const STDERR_TAIL: usize = 3;
const STDERR_CHARS: usize = 300;
/// Most bytes of stderr kept between two [`GtpProcess::take_stderr`] calls
/// (`-debugtocomment`: one move's comment); later lines are counted, not kept.
const STDERR_CAPTURE: usize = 16 * 1024;
/// How long a quitting engine gets before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// Why a command got no successful reply.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum GtpError {
    /// The engine answered `? message`.
    Failure(String),
    /// No complete reply within the deadline; the engine was killed.
    Timeout(Duration),
    /// The engine exited or closed its pipes; the text says how.
    Died(String),
    /// The engine wrote something that is not a GTP response.
    Protocol(String),
}

impl std::fmt::Display for GtpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GtpError::Failure(m) => write!(f, "error reply: {m}"),
            GtpError::Timeout(d) => write!(f, "no reply within {:.1} s", d.as_secs_f64()),
            GtpError::Died(m) => write!(f, "engine died: {m}"),
            GtpError::Protocol(m) => write!(f, "protocol error: {m}"),
        }
    }
}

impl std::error::Error for GtpError {}

pub(crate) struct GtpProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Everything written to stderr since the last `take_stderr`, bounded.
    stderr_capture: Arc<Mutex<Capture>>,
    /// Disconnects when the stderr reader has seen end of file.
    stderr_done: Receiver<()>,
    next_id: u64,
    /// Prefix for logging the GTP stream to stderr, if verbose.
    log: Option<String>,
    dead: bool,
}

/// Stderr lines since the last take, at most [`STDERR_CAPTURE`] bytes of them.
#[derive(Default)]
struct Capture {
    text: String,
    /// Lines dropped because the text was full.
    cut: usize,
}

fn read_lines<R: Read>(input: R, mut each: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.len() == MAX_LINE && buf.last() != Some(&b'\n') {
            // Discard the rest of an overlong line.
            let mut rest = Vec::new();
            if reader.read_until(b'\n', &mut rest).is_err() {
                return;
            }
        }
        let text = String::from_utf8_lossy(&buf);
        if !each(text.trim_end_matches(['\n', '\r']).to_string()) {
            return;
        }
    }
}

impl GtpProcess {
    /// Starts `argv`. Fails only if the program cannot be started at all.
    pub(crate) fn spawn(argv: &[String], log: Option<String>) -> Result<GtpProcess, MatchError> {
        let (program, args) = argv
            .split_first()
            .ok_or(MatchError::Command(SplitError::Empty))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| MatchError::Spawn {
                program: program.clone(),
                error,
            })?;
        let stdout = child.stdout.take().ok_or(MatchError::NoPipe("stdout"))?;
        let stderr = child.stderr.take().ok_or(MatchError::NoPipe("stderr"))?;
        // Bounded, so an engine flooding stdout blocks on its pipe instead of
        // filling memory while the runner waits out the deadline.
        let (tx, lines) = mpsc::sync_channel(STDOUT_BACKLOG);
        std::thread::spawn(move || read_lines(stdout, |line| tx.send(line).is_ok()));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr_tail.clone();
        let stderr_capture = Arc::new(Mutex::new(Capture::default()));
        let capture = stderr_capture.clone();
        let err_log = log.clone();
        let (done_tx, stderr_done) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _done = done_tx;
            read_lines(stderr, |line| {
                if let Some(prefix) = &err_log {
                    eprintln!("{prefix}! {line}");
                }
                if let Ok(mut c) = capture.lock() {
                    if c.text.len() + line.len() < STDERR_CAPTURE {
                        c.text.push_str(&line);
                        c.text.push('\n');
                    } else {
                        c.cut += 1;
                    }
                }
                if line.trim().is_empty() {
                    return true;
                }
                if let Ok(mut t) = tail.lock() {
                    if t.len() == STDERR_TAIL {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
                true
            })
        });
        Ok(GtpProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr_tail,
            stderr_capture,
            stderr_done,
            next_id: 1,
            log,
            dead: false,
        })
    }

    pub(crate) fn is_dead(&self) -> bool {
        self.dead
    }

    /// The last few non-blank lines the engine wrote to stderr, joined with ` | `
    /// and cut to their last few hundred characters (they end up in one table cell).
    pub(crate) fn stderr_tail(&self) -> String {
        let joined = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default();
        let chars: Vec<char> = joined.chars().collect();
        if chars.len() <= STDERR_CHARS {
            joined
        } else {
            // The end of the output says most about why an engine died.
            format!(
                "...{}",
                chars[chars.len() - STDERR_CHARS..]
                    .iter()
                    .collect::<String>()
            )
        }
    }

    /// What the engine wrote to stderr since the last call (lines past
    /// [`STDERR_CAPTURE`] bytes are counted at the end), without trailing
    /// blank lines; clears it.
    pub(crate) fn take_stderr(&self) -> String {
        let Ok(mut c) = self.stderr_capture.lock() else {
            return String::new();
        };
        let mut text = std::mem::take(&mut c.text);
        let cut = std::mem::take(&mut c.cut);
        text.truncate(text.trim_end().len());
        if cut > 0 {
            text.push_str(&format!("\n[{cut} more lines not kept]"));
        }
        text
    }

    /// Kills the engine (if still running) and reaps it.
    fn kill(&mut self) {
        self.dead = true;
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Describes how the engine ended, waiting briefly for it to exit.
    fn death_report(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break None,
            }
        };
        self.kill();
        // Let the stderr reader copy the last lines (bounded: a grandchild may
        // still hold the pipe open).
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        let mut text = match status {
            Some(s) => format!("exited ({s})"),
            None => "closed its output".to_string(),
        };
        let tail = self.stderr_tail();
        if !tail.is_empty() {
            text.push_str(&format!("; stderr: {tail}"));
        }
        text
    }

    /// Sends one command and waits at most `timeout` for its response.
    pub(crate) fn send(&mut self, command: &str, timeout: Duration) -> Result<String, GtpError> {
        if self.dead {
            return Err(GtpError::Died("not running".into()));
        }
        let id = self.next_id;
        self.next_id += 1;
        if let Some(prefix) = &self.log {
            eprintln!("{prefix}< {id} {command}");
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{id} {command}").and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("stdin closed")),
        };
        if written.is_err() {
            return Err(GtpError::Died(self.death_report()));
        }
        let result = self.read_response(id, Instant::now() + timeout, timeout);
        match &result {
            Ok(_) | Err(GtpError::Failure(_)) => {}
            Err(GtpError::Died(_)) => {}
            Err(_) => self.kill(),
        }
        result
    }

    fn read_response(
        &mut self,
        id: u64,
        deadline: Instant,
        timeout: Duration,
    ) -> Result<String, GtpError> {
        let mut body: Vec<String> = Vec::new();
        let mut size = 0;
        let mut ok = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(GtpError::Timeout(timeout)),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(GtpError::Died(self.death_report()));
                }
            };
            if let Some(prefix) = &self.log {
                eprintln!("{prefix}> {line}");
            }
            let Some(success) = ok else {
                // Before a response starts, engines sometimes print stray blank or
                // diagnostic lines on stdout; only `=`/`?` lines start a response.
                let first = line.trim_start();
                let success = match first.chars().next() {
                    Some('=') => true,
                    Some('?') => false,
                    _ => continue,
                };
                let rest = &first[1..];
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits > 0 && rest[..digits].parse::<u64>().ok() != Some(id) {
                    return Err(GtpError::Protocol(format!(
                        "reply id {} to command id {id}",
                        &rest[..digits]
                    )));
                }
                body.push(rest[digits..].trim().to_string());
                ok = Some(success);
                continue;
            };
            if line.trim().is_empty() {
                let text = body.join("\n");
                return if success {
                    Ok(text)
                } else {
                    Err(GtpError::Failure(text))
                };
            }
            size += line.len();
            if size > MAX_RESPONSE {
                return Err(GtpError::Protocol("response too long".into()));
            }
            body.push(line);
        }
    }

    /// Asks the engine to quit, then makes sure it is gone.
    pub(crate) fn close(&mut self) {
        if self.dead {
            return;
        }
        let _ = self.send("quit", QUIT_GRACE);
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                self.dead = true;
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake engine in POSIX sh: answers `name` and echoes everything else,
    /// so the tests need nothing but /bin/sh.
    fn fake(script: &str) -> GtpProcess {
        let argv = vec!["sh".to_string(), "-c".to_string(), script.to_string()];
        GtpProcess::spawn(&argv, None).unwrap()
    }

    const ECHO: &str = r#"while read -r id cmd rest; do
        case "$cmd" in
          name) printf '=%s fake\n\n' "$id" ;;
          multi) printf '=%s one\ntwo\n\n' "$id" ;;
          fail) printf '?%s no way\n\n' "$id" ;;
          hang) sleep 5 ;;
          die) echo dying >&2; exit 3 ;;
          wrongid) printf '=999 x\n\n' ;;
          flood) yes junk ;;
          quit) printf '=%s\n\n' "$id"; exit 0 ;;
          *) printf '=%s %s\n\n' "$id" "$rest" ;;
        esac
      done"#;

    const T: Duration = Duration::from_secs(5);

    #[test]
    fn replies_failures_and_multiline() {
        let mut e = fake(ECHO);
        assert_eq!(e.send("name", T), Ok("fake".into()));
        assert_eq!(e.send("echo a b", T), Ok("a b".into()));
        assert_eq!(e.send("multi", T), Ok("one\ntwo".into()));
        assert_eq!(e.send("fail", T), Err(GtpError::Failure("no way".into())));
        assert!(!e.is_dead());
        e.close();
        assert!(e.is_dead());
    }

    #[test]
    fn timeouts_kill_the_engine() {
        let mut e = fake(ECHO);
        let start = Instant::now();
        assert_eq!(
            e.send("hang", Duration::from_millis(200)),
            Err(GtpError::Timeout(Duration::from_millis(200)))
        );
        assert!(start.elapsed() < Duration::from_secs(3));
        assert!(e.is_dead());
        assert!(matches!(e.send("name", T), Err(GtpError::Died(_))));
    }

    #[test]
    fn deaths_are_reported_with_stderr() {
        let mut e = fake(ECHO);
        match e.send("die", T) {
            Err(GtpError::Died(m)) => assert!(m.contains("dying") && m.contains('3'), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(e.is_dead());
    }

    #[test]
    fn floods_of_junk_end_in_a_timeout() {
        let mut e = fake(ECHO);
        assert!(matches!(
            e.send("flood", Duration::from_millis(300)),
            Err(GtpError::Timeout(_))
        ));
        assert!(e.is_dead());
    }

    #[test]
    fn wrong_ids_are_protocol_errors() {
        let mut e = fake(ECHO);
        assert!(matches!(e.send("wrongid", T), Err(GtpError::Protocol(_))));
        assert!(e.is_dead());
    }

    #[test]
    fn missing_programs_fail_to_spawn() {
        let argv = vec!["/nonexistent/engine".to_string()];
        assert!(GtpProcess::spawn(&argv, None).is_err());
    }
}
