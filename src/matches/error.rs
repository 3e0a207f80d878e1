//! The match runner's errors, one type per boundary: [`OptionError`] for the
//! command line, [`SplitError`] for an engine command line, [`DatError`] for a
//! results table that does not parse, [`RefereeError`] for a referee that cannot
//! score a game (the game is kept, with a note), and [`MatchError`] for whatever
//! stops a match.
//!
//! Invariant: each `Display` is the message `koban match` prints after its
//! `koban match: ` prefix, word for word as users and tests know it.

use super::client::GtpError;
use std::fmt;

/// Why a command line could not be split into words (see
/// [`split_command`](super::options::split_command)); each names the line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum SplitError {
    UnterminatedSingleQuote(String),
    UnterminatedDoubleQuote(String),
    TrailingBackslash(String),
    /// Nothing but blanks.
    Empty,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::UnterminatedSingleQuote(line) => {
                write!(f, "unterminated single quote in '{line}'")
            }
            SplitError::UnterminatedDoubleQuote(line) => {
                write!(f, "unterminated double quote in '{line}'")
            }
            SplitError::TrailingBackslash(line) => write!(f, "trailing backslash in '{line}'"),
            SplitError::Empty => write!(f, "empty command line"),
        }
    }
}

impl std::error::Error for SplitError {}

/// A `koban match` command line that cannot run; `flag` fields are spelled with
/// one dash, as the usage text does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum OptionError {
    /// A word that is not an option.
    UnexpectedArgument(String),
    UnknownOption(String),
    /// A gogui-twogtp option we do not implement.
    Unsupported(String),
    NeedsValue(String),
    TakesNoValue(String),
    Required(&'static str),
    NotANumber {
        flag: String,
        text: String,
    },
    NotSeconds {
        flag: String,
        text: String,
    },
    NoGames,
    Size {
        min: usize,
        max: usize,
    },
    Komi(String),
    Time(String),
    MaxMoves,
    UnknownRules {
        name: String,
        presets: String,
    },
    Command {
        flag: String,
        error: SplitError,
    },
    Sprt {
        flag: &'static str,
        error: super::sprt::SprtError,
    },
    /// `-alpha` or `-beta` without `-sprt`.
    WithoutSprt(&'static str),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnexpectedArgument(arg) => write!(f, "unexpected argument '{arg}'"),
            OptionError::UnknownOption(arg) => write!(f, "unknown option '{arg}'"),
            OptionError::Unsupported(flag) => write!(
                f,
                "{flag} is a gogui-twogtp option that koban match does not support"
            ),
            OptionError::NeedsValue(flag) => write!(f, "{flag} needs a value"),
            OptionError::TakesNoValue(flag) => write!(f, "{flag} takes no value"),
            OptionError::Required(flag) => write!(f, "{flag} is required"),
            OptionError::Sprt { flag, error } => write!(f, "{flag}: {error}"),
            OptionError::WithoutSprt(flag) => write!(f, "{flag} needs -sprt"),
            OptionError::NotANumber { flag, text } => {
                write!(f, "{flag}: '{text}' is not a valid number")
            }
            OptionError::NotSeconds { flag, text } => {
                write!(f, "{flag}: '{text}' must be a positive number of seconds")
            }
            OptionError::NoGames => write!(
                f,
                "-games: at least one game (unlimited matches are not supported)"
            ),
            OptionError::Size { min, max } => write!(f, "-size: must be between {min} and {max}"),
            OptionError::Komi(value) => write!(f, "-komi: '{value}' is out of range"),
            OptionError::Time(value) => write!(
                f,
                "-time: '{value}' must be a positive whole number of seconds"
            ),
            OptionError::MaxMoves => write!(f, "-maxmoves: must be at least 1"),
            OptionError::UnknownRules { name, presets } => {
                write!(f, "-rules: unknown preset '{name}'; presets: {presets}")
            }
            OptionError::Command { flag, error } => write!(f, "{flag}: {error}"),
        }
    }
}

impl std::error::Error for OptionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OptionError::Command { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A results table (`PREFIX.dat`) that does not parse; lines count from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DatError {
    SecondColumnLine {
        line: usize,
    },
    BadHeader {
        line: usize,
    },
    RowBeforeColumns {
        line: usize,
    },
    FieldCount {
        line: usize,
        found: usize,
        expected: usize,
    },
    NoColumnLine,
    /// A row without a column the tally needs.
    MissingColumn(String),
    /// A value that does not parse as its column's type; rows count from 1.
    BadValue {
        row: usize,
        column: String,
        value: String,
    },
}

impl fmt::Display for DatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatError::SecondColumnLine { line } => write!(f, "line {line}: second column line"),
            DatError::BadHeader { line } => write!(f, "line {line}: bad header"),
            DatError::RowBeforeColumns { line } => {
                write!(f, "line {line}: row before the column line")
            }
            DatError::FieldCount {
                line,
                found,
                expected,
            } => write!(f, "line {line}: {found} fields, expected {expected}"),
            DatError::NoColumnLine => write!(f, "no column line"),
            DatError::MissingColumn(name) => write!(f, "no column {name}"),
            DatError::BadValue { row, column, value } => {
                write!(f, "row {row}: '{value}' is not a valid {column}")
            }
        }
    }
}

impl std::error::Error for DatError {}

/// Why the referee gave no score for a game.
#[derive(Debug)]
pub(crate) enum RefereeError {
    /// The referee could not be (re)started.
    Start(Box<MatchError>),
    /// It refused a command replaying the game.
    Replay {
        command: String,
        error: GtpError,
    },
    FinalScore(GtpError),
    /// A `final_score` reply that is not a score.
    UnexpectedReply(String),
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereeError::Start(e) => write!(f, "{e}"),
            RefereeError::Replay { command, error } => write!(f, "'{command}': {error}"),
            RefereeError::FinalScore(e) => write!(f, "final_score: {e}"),
            RefereeError::UnexpectedReply(reply) => {
                write!(f, "final_score: unexpected reply '{reply}'")
            }
        }
    }
}

impl std::error::Error for RefereeError {}

/// What stops a match (exit status 1), or a `-summary` that cannot be read.
#[derive(Debug)]
pub(crate) enum MatchError {
    /// An engine command line that `-black`/`-white`/`-referee` let through.
    Command(SplitError),
    /// The program could not be started as a child process.
    Spawn {
        program: String,
        error: std::io::Error,
    },
    /// The child process came without the named pipe (`stdout`, `stderr`).
    NoPipe(&'static str),
    /// An engine failed a command of the start-up handshake.
    Handshake {
        role: &'static str,
        command: String,
        step: &'static str,
        error: GtpError,
    },
    NoFinalScore {
        referee: String,
    },
    /// An engine refused a game setting.
    Refused {
        label: String,
        command: String,
        setting: String,
        error: GtpError,
    },
    Write {
        path: String,
        error: std::io::Error,
    },
    Read {
        path: String,
        error: std::io::Error,
    },
    Dat {
        path: String,
        error: DatError,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Command(e) => write!(f, "{e}"),
            MatchError::Spawn { program, error } => write!(f, "cannot start '{program}': {error}"),
            MatchError::NoPipe(which) => write!(f, "no {which} pipe"),
            MatchError::Handshake {
                role,
                command,
                step,
                error,
            } => write!(f, "{role} ({command}): {step}: {error}"),
            MatchError::NoFinalScore { referee } => {
                write!(f, "referee '{referee}' does not support final_score")
            }
            MatchError::Refused {
                label,
                command,
                setting,
                error,
            } => write!(f, "{label} ({command}) refused '{setting}': {error}"),
            MatchError::Write { path, error } => write!(f, "cannot write {path}: {error}"),
            MatchError::Read { path, error } => write!(f, "cannot read {path}: {error}"),
            MatchError::Dat { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

impl std::error::Error for MatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MatchError::Command(e) => Some(e),
            MatchError::Spawn { error, .. }
            | MatchError::Write { error, .. }
            | MatchError::Read { error, .. } => Some(error),
            MatchError::Handshake { error, .. } | MatchError::Refused { error, .. } => Some(error),
            MatchError::Dat { error, .. } => Some(error),
            MatchError::NoPipe(_) | MatchError::NoFinalScore { .. } => None,
        }
    }
}

impl From<SplitError> for MatchError {
    fn from(e: SplitError) -> MatchError {
        MatchError::Command(e)
    }
}
