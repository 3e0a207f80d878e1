//! Continuing a match whose results table is already on disk, as
//! gogui-twogtp does: the table's games count toward `-games` and `-sprt`,
//! the next game is numbered after them, and later games are checked for
//! duplicates against theirs. A run too long for one sitting (a 19x19 match at
//! real thinking times, a sequential test that is still undecided) goes on
//! where it stopped instead of starting a second table.
//!
//! Invariants: a table is continued only when it is the same match (the same
//! engine command lines, board size, komi and colour alternation) and its rows
//! are games 0, 1, 2, ... in order, as one `koban match` process writes them;
//! anything else is refused before an engine starts, and nothing is written.

use super::error::MatchError;
use super::options::Options;
use super::table::{self, Moves, Row};
use std::fmt;

/// An earlier part of the match, read back from its table and game files.
pub(crate) struct Continued {
    pub(crate) header: table::Header,
    pub(crate) rows: Vec<Row>,
    /// Each earlier game's number, colour swap and moves, for the duplicate
    /// check; a game whose SGF file is missing or unreadable is left out.
    pub(crate) moves: Vec<(usize, bool, Moves)>,
}

/// Why an existing table cannot be continued; each names the table and says
/// how to start afresh.
#[derive(Debug)]
pub(crate) enum ResumeError {
    /// The table cannot be read or does not parse ([`MatchError::Read`],
    /// [`MatchError::Dat`]).
    Unreadable(MatchError),
    /// The table records other settings than the command line's.
    DifferentMatch {
        path: String,
        key: &'static str,
        table: String,
        ours: String,
    },
    /// Row `row` (from 1) holds another game than the next one.
    OutOfOrder {
        path: String,
        row: usize,
        game: usize,
    },
    /// The table already holds more games than `-games` asks for.
    TooMany {
        path: String,
        games: usize,
        asked: usize,
    },
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const AFRESH: &str = "use -force to overwrite it";
        match self {
            ResumeError::Unreadable(e) => write!(f, "{e}; cannot continue it, {AFRESH}"),
            ResumeError::DifferentMatch {
                path,
                key,
                table,
                ours,
            } => write!(
                f,
                "{path} exists and is another match (its {key} is '{table}', this one's '{ours}'); {AFRESH}"
            ),
            ResumeError::OutOfOrder { path, row, game } => write!(
                f,
                "{path}: row {row} is game {game}, not {}; only a table of one process can be continued; {AFRESH}",
                row - 1
            ),
            ResumeError::TooMany { path, games, asked } => write!(
                f,
                "{path} already holds {games} games, more than -games {asked}"
            ),
        }
    }
}

impl std::error::Error for ResumeError {}

/// Reads the table at `PREFIX.dat` and the game files beside it, and checks
/// that `options` describe the same match.
pub(crate) fn read(options: &Options) -> Result<Continued, ResumeError> {
    let path = format!("{}.dat", options.sgffile);
    let text = std::fs::read_to_string(&path).map_err(|error| {
        ResumeError::Unreadable(MatchError::Read {
            path: path.clone(),
            error,
        })
    })?;
    let (header, rows) = table::rows(&text).map_err(|error| {
        ResumeError::Unreadable(MatchError::Dat {
            path: path.clone(),
            error,
        })
    })?;
    let property = |key: &str| {
        header
            .iter()
            .find(|(k, _)| k == key)
            .map_or(String::new(), |(_, v)| v.clone())
    };
    let komi_matches = property("Komi").parse::<f64>().ok() == Some(options.komi);
    let checks = [
        ("BlackCommand", table::clean(&options.black), None),
        ("WhiteCommand", table::clean(&options.white), None),
        ("Size", options.size.to_string(), None),
        ("Komi", options.komi.to_string(), Some(komi_matches)),
    ];
    for (key, ours, same) in checks {
        let recorded = property(key);
        if !same.unwrap_or(recorded == ours) {
            return Err(ResumeError::DifferentMatch {
                path,
                key,
                table: recorded,
                ours,
            });
        }
    }
    if rows.len() > options.games {
        return Err(ResumeError::TooMany {
            path,
            games: rows.len(),
            asked: options.games,
        });
    }
    let mut moves = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.game != i {
            return Err(ResumeError::OutOfOrder {
                path,
                row: i + 1,
                game: row.game,
            });
        }
        let alternated = options.alternated(i);
        if row.alternated != alternated {
            return Err(ResumeError::DifferentMatch {
                path,
                key: "colour alternation",
                table: if options.alternate { "off" } else { "on" }.into(),
                ours: if options.alternate { "on" } else { "off" }.into(),
            });
        }
        let file = format!("{}-{i}.sgf", options.sgffile);
        match std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(|bytes| crate::sgf::parse(&bytes).map_err(|e| e.to_string()))
        {
            Ok(game) => moves.push((i, alternated, game.moves)),
            Err(e) => {
                eprintln!("koban match: {file}: {e}; game {i} is left out of the duplicate check")
            }
        }
    }
    Ok(Continued {
        header,
        rows,
        moves,
    })
}
