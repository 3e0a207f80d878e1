//! A koban engine running the real GTP loop behind two pipes, on its own thread or
//! as the real `koban` binary, driven line by line as a client (Sabaki, GoGui,
//! kgsGtp) would drive it, reading the output while the engine is still running.

#![allow(dead_code)]

use koban::gtp::{self, Engine, engine::Config};
use koban::mcts::{MctsConfig, MctsPlayer};
use koban::time::Budget;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the engine runs.
enum Runner {
    Thread(std::thread::JoinHandle<()>),
    Process(Child),
}

/// A running engine: its input pipe and its output, line by line.
pub struct Session {
    input: Box<dyn Write + Send>,
    pub output: Receiver<String>,
    engine: Option<Runner>,
}

/// Sends each line of `output` to the returned channel, from a thread of its own.
/// Output that is not UTF-8 ends the stream with a line saying so (GTP responses
/// are text; a test must see that, not a silent end).
fn read_lines(output: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let line = line.unwrap_or_else(|e| format!("<unreadable engine output: {e}>"));
            let unreadable = line.starts_with("<unreadable");
            if tx.send(line).is_err() || unreadable {
                break;
            }
        }
    });
    rx
}

impl Session {
    pub fn new(budget: Budget) -> Session {
        Session::in_thread(budget, false)
    }

    /// [`Session::new`], pondering (`--ponder`) when `ponder` is set.
    pub fn in_thread(budget: Budget, ponder: bool) -> Session {
        let (in_reader, input) = std::io::pipe().unwrap();
        let (out_reader, out_writer) = std::io::pipe().unwrap();
        let engine = std::thread::spawn(move || {
            let player = MctsPlayer::new(MctsConfig {
                threads: 1,
                seed: Some(11),
                resign_threshold: None,
                ..MctsConfig::default()
            });
            let config = Config {
                budget,
                ponder,
                ..Config::default()
            };
            let mut engine = Engine::new(config, Box::new(player));
            gtp::run(&mut engine, BufReader::new(in_reader), out_writer).unwrap();
        });
        Session {
            input: Box::new(input),
            output: read_lines(out_reader),
            engine: Some(Runner::Thread(engine)),
        }
    }

    /// The real `koban` binary with `args`, its standard input a pipe this
    /// session holds open (so whatever reads the engine's stdin blocks, as it
    /// would under a client), its log discarded.
    pub fn binary(args: &[&str]) -> Session {
        let mut command = Command::new(env!("CARGO_BIN_EXE_koban"));
        command.args(args);
        Session::spawn(command)
    }

    /// [`Session::binary`] under an address-space limit of `limit_kb` (set
    /// by `ulimit -v` in `sh`, which then becomes the engine).
    pub fn binary_limited(limit_kb: u64, args: &[&str]) -> Session {
        let mut command = Command::new("sh");
        command
            .args(["-c", "ulimit -v \"$1\" && shift && exec \"$@\""])
            .arg(env!("CARGO_BIN_EXE_koban"))
            .arg(limit_kb.to_string())
            .arg(env!("CARGO_BIN_EXE_koban"))
            .args(args);
        Session::spawn(command)
    }

    /// `command` as the engine of a session: stdin and stdout piped, stderr
    /// discarded.
    fn spawn(mut command: Command) -> Session {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = read_lines(child.stdout.take().unwrap());
        Session {
            input: Box::new(input),
            output,
            engine: Some(Runner::Process(child)),
        }
    }

    /// [`Session::binary`] logging at `info` level, its log lines on the
    /// returned channel.
    pub fn binary_with_log(args: &[&str]) -> (Session, Receiver<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koban"))
            .args(args)
            .env("RUST_LOG", "info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = read_lines(child.stdout.take().unwrap());
        let log = read_lines(child.stderr.take().unwrap());
        let session = Session {
            input: Box::new(input),
            output,
            engine: Some(Runner::Process(child)),
        };
        (session, log)
    }

    /// The engine's process id, for a session running the binary.
    pub fn pid(&self) -> Option<u32> {
        match &self.engine {
            Some(Runner::Process(child)) => Some(child.id()),
            _ => None,
        }
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.input = Box::new(std::io::sink());
    }

    /// Whether the engine process has exited successfully within `limit`.
    pub fn exits_within(&mut self, limit: Duration) -> bool {
        let Some(Runner::Process(child)) = self.engine.as_mut() else {
            panic!("only a process exits");
        };
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                self.engine = None;
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends one raw line (any bytes; the newline is added).
    pub fn send_bytes(&mut self, line: &[u8]) {
        self.input.write_all(line).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
    }

    /// The response to `command` if it is complete within `limit` of sending it.
    pub fn ask_within(&mut self, command: &str, limit: Duration) -> Option<Vec<String>> {
        let deadline = Instant::now() + limit;
        self.send(command);
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.output.recv_timeout(left).ok()?;
            if line.is_empty() {
                return Some(lines);
            }
            lines.push(line);
        }
    }

    pub fn line(&self) -> String {
        self.output
            .recv_timeout(READ_TIMEOUT)
            .expect("the engine answers within a minute")
    }

    /// The rest of the current response: every line up to the empty one.
    pub fn rest_of_response(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            if line.is_empty() {
                return lines;
            }
            lines.push(line);
        }
    }

    /// Sends a one-reply command and returns its response lines.
    pub fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.rest_of_response()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        match self.engine.take() {
            // A failed test leaves a thread behind (it may be stuck) but never a
            // process.
            Some(Runner::Process(mut child)) if std::thread::panicking() => {
                let _ = child.kill();
                let _ = child.wait();
            }
            _ if std::thread::panicking() => {}
            Some(Runner::Thread(engine)) => {
                self.send("quit");
                engine.join().unwrap();
            }
            Some(Runner::Process(mut child)) => {
                self.send("quit");
                assert!(child.wait().unwrap().success());
            }
            None => {}
        }
    }
}

/// Runs `check` on every item on a thread of its own and gathers what each
/// reports (one line per failure), in item order.
pub fn failures_in_parallel<T: Sync>(
    items: &[T],
    check: impl Fn(&T) -> Vec<String> + Sync,
) -> Vec<String> {
    let check = &check;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .iter()
            .map(|item| s.spawn(move || check(item)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

/// A count from the environment variable `name` (a fuzzing run's length or
/// seed), `default` when it is unset; a malformed value stops the test.
pub fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: expected a number")),
        Err(_) => default,
    }
}

/// One GTP command line handled by an in-process `engine`, without the
/// protocol loop: `Ok` with the answer's text, `Err` with a parse or command error.
pub fn handle_line(engine: &mut Engine, line: &str) -> Result<String, String> {
    let mut words = line.split_whitespace();
    let name = words.next().unwrap();
    let args: Vec<String> = words.map(String::from).collect();
    let command = koban::gtp::command::Command::parse(name, &args).map_err(|e| format!("{e:?}"))?;
    engine.handle(command)
}
