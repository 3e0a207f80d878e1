//! A koban engine running the real GTP loop on its own thread behind two pipes,
//! driven line by line as a client (Sabaki, GoGui, kgsGtp) would drive it, reading
//! the output while the engine is still running.

#![allow(dead_code)]

use koban::gtp::{self, Engine, engine::Config};
use koban::mcts::{MctsConfig, MctsPlayer};
use koban::time::Budget;
use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

pub const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// A running engine: its input pipe and its output, line by line.
pub struct Session {
    input: std::io::PipeWriter,
    pub output: Receiver<String>,
    engine: Option<std::thread::JoinHandle<()>>,
}

impl Session {
    pub fn new(budget: Budget) -> Session {
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
                ..Config::default()
            };
            let mut engine = Engine::new(config, Box::new(player));
            gtp::run(&mut engine, BufReader::new(in_reader), out_writer).unwrap();
        });
        let (tx, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out_reader).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            input,
            output,
            engine: Some(engine),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.input.write_all(line.as_bytes()).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
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
        if std::thread::panicking() {
            return;
        }
        self.send("quit");
        if let Some(engine) = self.engine.take() {
            engine.join().unwrap();
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
