//! One GTP program of a match, a player or the referee: its process's
//! lifecycle (started on first use, restarted after it died or was killed),
//! the handshake that learns its name, version and commands, its replies
//! under the match's deadline, its CPU time and gogui-twogtp's labels.

use super::client::{GtpError, GtpProcess};
use super::error::MatchError;
use super::options::split_command;
use super::table;
use std::time::Duration;

/// One GTP program of the match: a player or the referee.
pub(crate) struct Program {
    /// gogui-twogtp's name for the role (`Black`, `White`, `Referee`), used for
    /// table properties; `Black` is the first engine whatever color it plays.
    pub(super) role: &'static str,
    pub(super) command: String,
    argv: Vec<String>,
    log: Option<String>,
    pub(super) timeout: Duration,
    process: Option<GtpProcess>,
    pub(super) name: String,
    pub(super) version: String,
    pub(crate) label: String,
    commands: Vec<String>,
    cpu_mark: f64,
}

impl Program {
    pub(super) fn new(
        role: &'static str,
        command: &str,
        verbose: bool,
        timeout: Duration,
    ) -> Result<Program, MatchError> {
        let argv = split_command(command)?;
        let log = verbose.then(|| role[..1].to_string());
        Ok(Program {
            role,
            command: command.to_string(),
            argv,
            log,
            timeout,
            process: None,
            name: String::new(),
            version: String::new(),
            label: String::new(),
            commands: Vec::new(),
            cpu_mark: 0.0,
        })
    }

    fn is_running(&self) -> bool {
        self.process.as_ref().is_some_and(|p| !p.is_dead())
    }

    /// Starts the program if it is not running, and learns its name, version and
    /// commands.
    pub(super) fn ensure_running(&mut self) -> Result<(), MatchError> {
        if self.is_running() {
            return Ok(());
        }
        let restart = self.process.is_some();
        self.process = None;
        let process = GtpProcess::spawn(&self.argv, self.log.clone())?;
        self.process = Some(process);
        let (role, command) = (self.role, self.command.clone());
        let fail = |step: &'static str, error: GtpError| MatchError::Handshake {
            role,
            command: command.clone(),
            step,
            error,
        };
        // An engine may not know protocol_version; only silence or death matter.
        match self.send("protocol_version") {
            Ok(_) | Err(GtpError::Failure(_)) => {}
            Err(e) => return Err(fail("protocol_version", e)),
        }
        let name = match self.send("name") {
            Ok(n) if !n.trim().is_empty() => n.trim().to_string(),
            Ok(_) | Err(GtpError::Failure(_)) => self.role.to_string(),
            Err(e) => return Err(fail("name", e)),
        };
        let version = match self.send("version") {
            Ok(v) => v.trim().to_string(),
            Err(GtpError::Failure(_)) => String::new(),
            Err(e) => return Err(fail("version", e)),
        };
        self.commands = match self.send("list_commands") {
            Ok(list) => list
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect(),
            Err(GtpError::Failure(_)) => Vec::new(),
            Err(e) => return Err(fail("list_commands", e)),
        };
        if !restart {
            self.name = name;
            self.version = version;
        }
        self.cpu_mark = 0.0;
        Ok(())
    }

    pub(super) fn supports(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    pub(super) fn send(&mut self, command: &str) -> Result<String, GtpError> {
        self.send_within(command, self.timeout)
    }

    pub(super) fn send_within(
        &mut self,
        command: &str,
        timeout: Duration,
    ) -> Result<String, GtpError> {
        match self.process.as_mut() {
            Some(p) => p.send(command, timeout),
            None => Err(GtpError::Died("not running".into())),
        }
    }

    /// CPU seconds since the last call, from `cputime` when the engine has it.
    pub(super) fn take_cpu_time(&mut self) -> f64 {
        if !self.supports("cputime") {
            return 0.0;
        }
        match self
            .send("cputime")
            .ok()
            .and_then(|t| t.trim().parse::<f64>().ok())
        {
            Some(total) if total.is_finite() => {
                let used = (total - self.cpu_mark).max(0.0);
                self.cpu_mark = total;
                used
            }
            _ => 0.0,
        }
    }

    /// The engine's own `final_score`, normalised, or `?`.
    pub(super) fn final_score(&mut self) -> String {
        if !self.is_running() || !self.supports("final_score") {
            return "?".into();
        }
        self.send("final_score")
            .map(|s| table::normalize_score(&s))
            .unwrap_or_else(|_| "?".into())
    }

    pub(super) fn stderr_tail(&self) -> String {
        self.process
            .as_ref()
            .map(|p| p.stderr_tail())
            .unwrap_or_default()
    }

    /// What the engine wrote to stderr since the last call (`-debugtocomment`).
    pub(super) fn take_stderr(&self) -> String {
        self.process
            .as_ref()
            .map(|p| p.take_stderr())
            .unwrap_or_default()
    }

    pub(super) fn close(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.close();
        }
    }
}

/// gogui-twogtp's labels: the name, or `name:version` when names clash; a number
/// is appended when that is still ambiguous.
pub(super) fn assign_labels(programs: &mut [&mut Program]) {
    let names: Vec<String> = programs.iter().map(|p| p.name.clone()).collect();
    for (i, p) in programs.iter_mut().enumerate() {
        let clash = names
            .iter()
            .enumerate()
            .any(|(j, n)| j != i && *n == p.name);
        p.label = if !clash {
            p.name.clone()
        } else if !p.version.trim().is_empty() && p.version.len() <= 40 {
            format!("{}:{}", p.name, p.version)
        } else {
            format!("{}[{}]", p.name, i + 1)
        };
    }
    let labels: Vec<String> = programs.iter().map(|p| p.label.clone()).collect();
    for (i, p) in programs.iter_mut().enumerate() {
        if labels
            .iter()
            .enumerate()
            .any(|(j, l)| j != i && *l == p.label)
        {
            p.label = format!("{}[{}]", p.label, i + 1);
        }
    }
}
