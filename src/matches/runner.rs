//! Plays the games: the genmove/play loop, adjudication, scoring, and the
//! per-game SGF and table row (each engine's process is a `program`).
//!
//! The runner keeps its own copy of every game under the match rules and judges
//! each generated move before passing it on, so an engine's illegal or
//! unparsable move, error reply, crash or timeout ends the game as a loss for that
//! engine (`+F` forfeit, `+T` on time) with ERR 1 in the table. Engines are kept
//! running between games and restarted when one died or was killed. Problems
//! that are not about play (an engine that cannot be started, refuses the board
//! size or komi, or files that cannot be written) stop the match with an `Err`.

use super::client::GtpError;
use super::error::{MatchError, RefereeError};
use super::options::Options;
use super::program::{Program, assign_labels};
use super::resume::Continued;
use super::table::{self, Moves, Row};
use crate::board::{Color, Move};
use crate::game::Game;
use crate::gtp::vertex::{Vertex, format_move};
use crate::sgf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Slack on top of the main time before a side loses on time: pipe latency and
/// process scheduling are counted on the engine's clock.
const TIME_GRACE: f64 = 1.0;

/// Under `-debugtocomment`, how long the runner lets an engine's stderr
/// reader catch up before taking its lines: stderr is not ordered with the
/// replies, and on a loaded machine the reader thread may not have run yet
/// when the opponent answers at once (a book move). At a game's end, for the
/// last lines of both, it waits `STDERR_SETTLE_END`.
const STDERR_SETTLE: Duration = Duration::from_millis(20);
const STDERR_SETTLE_END: Duration = Duration::from_millis(50);

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum End {
    Passes,
    Resign(Color),
    /// `loser` broke the rules or the protocol, crashed, or ran out of time.
    Forfeit {
        loser: Color,
        on_time: bool,
        message: String,
    },
    MoveLimit,
}

/// Everything recorded about one finished game.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    alternated: bool,
    pub(crate) end: End,
    /// Result in colors (`B+R`, `W+3.5`, `?`): the SGF `RE`.
    pub(crate) result: String,
    /// The table row (results in first/second-engine terms).
    pub(crate) row: Row,
    pub(crate) black_label: String,
    pub(crate) white_label: String,
}

/// A game as played, before it is judged.
struct Played {
    index: usize,
    alternated: bool,
    game: Game,
    end: End,
    /// Seconds each color used, as the runner timed them.
    used: [f64; 2],
    /// CPU seconds each engine reported (first engine first).
    cpu_by_player: [f64; 2],
    /// Under `-debugtocomment`, each node's comment (index 0 the root, i the
    /// i-th move); empty otherwise.
    comments: Vec<String>,
}

/// The engines' stderr, gathered into move comments under `-debugtocomment`:
/// what an engine writes from one genmove to its next goes on the move that
/// genmove played (a genmove that played none, a resignation or a forfeit, has
/// its output on the game's last node). Lines written before the game's first
/// genmove (the setup's) are dropped; a line that reaches the runner more
/// than `STDERR_SETTLE` after the opponent's reply goes on the engine's next
/// move.
struct Comments {
    nodes: Vec<String>,
    /// The node of each player's last move (0: none yet).
    last: [usize; 2],
}

impl Comments {
    fn new() -> Comments {
        Comments {
            nodes: vec![String::new()],
            last: [0, 0],
        }
    }

    fn attach(&mut self, node: usize, text: String) {
        if text.is_empty() || node == 0 {
            return;
        }
        if self.nodes.len() <= node {
            self.nodes.resize(node + 1, String::new());
        }
        let slot = &mut self.nodes[node];
        if !slot.is_empty() {
            slot.push('\n');
        }
        slot.push_str(&text);
    }
}

/// The results of a game.
struct Verdict {
    /// Each color's engine's `final_score` (or the result of a resignation
    /// or forfeit).
    by_color: [String; 2],
    referee_result: String,
    /// The referee's result, else the engines' when they agree, else `?`.
    result: String,
    /// Extra lines for the SGF comment.
    notes: Vec<String>,
    error: bool,
    error_message: String,
}

impl Outcome {
    /// Points for the first engine: 1 win, ½ draw, 0 loss, `None` unknown.
    pub(crate) fn first_engine_points(&self) -> Option<f64> {
        let first_color = if self.alternated {
            Color::White
        } else {
            Color::Black
        };
        table::points_for(&self.result, first_color)
    }
}

pub(crate) struct Match {
    pub(crate) options: Options,
    /// The two players: index 0 is the first (`-black`) engine.
    pub(crate) players: [Program; 2],
    referee: Option<Program>,
    /// The rows of a continued table's games, before this run's.
    continued_rows: Vec<Row>,
    outcomes: Vec<Outcome>,
    earlier: Vec<(usize, bool, Moves)>,
    header: Vec<(String, String)>,
}

fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn gtp_float(v: f64) -> String {
    // Rust prints 7.0 as "7" and 6.5 as "6.5": both valid GTP floats.
    format!("{v}")
}

impl Match {
    /// Starts the engines (and the referee) and writes the empty table, so that a
    /// bad command line or an unwritable prefix fails before the first game.
    pub(crate) fn start(options: Options, referee: Option<String>) -> Result<Match, MatchError> {
        Match::open(options, referee, None)
    }

    /// [`start`](Self::start) for a match that goes on from `continued`: its
    /// table keeps the earlier header and rows, and the next game is compared
    /// with the earlier games for duplicates.
    pub(crate) fn start_continuing(
        options: Options,
        referee: Option<String>,
        continued: Continued,
    ) -> Result<Match, MatchError> {
        Match::open(options, referee, Some(continued))
    }

    fn open(
        options: Options,
        referee: Option<String>,
        continued: Option<Continued>,
    ) -> Result<Match, MatchError> {
        let timeout = Duration::from_secs_f64(options.timeout);
        let mut first = Program::new("Black", &options.black, options.verbose, timeout)?;
        let mut second = Program::new("White", &options.white, options.verbose, timeout)?;
        let mut referee = match referee {
            Some(command) => Some(Program::new("Referee", &command, options.verbose, timeout)?),
            None => None,
        };
        first.ensure_running()?;
        second.ensure_running()?;
        if let Some(r) = referee.as_mut() {
            r.ensure_running()?;
            if !r.supports("final_score") {
                return Err(MatchError::NoFinalScore {
                    referee: r.command.clone(),
                });
            }
        }
        // Labels tell the players apart; the referee is named as it calls itself.
        assign_labels(&mut [&mut first, &mut second]);
        if let Some(r) = referee.as_mut() {
            r.label = r.name.clone();
        }
        let mut header = Vec::new();
        for p in [&first, &second].into_iter().chain(referee.as_ref()) {
            header.push((p.role.to_string(), p.name.clone()));
            header.push((format!("{}Version", p.role), p.version.clone()));
            header.push((format!("{}Label", p.role), p.label.clone()));
            header.push((format!("{}Command", p.role), p.command.clone()));
        }
        if referee.is_none() {
            header.push(("Referee".into(), "-".into()));
        }
        header.push(("Size".into(), options.size.to_string()));
        header.push(("Komi".into(), gtp_float(options.komi)));
        header.push(("Date".into(), table::date_long(now_unix())));
        header.push(("Host".into(), table::host_info()));
        header.push(("Xml".into(), "0".into()));
        let (header, continued_rows, earlier) = match continued {
            Some(c) => (c.header, c.rows, c.moves),
            None => (header, Vec::new(), Vec::new()),
        };
        let m = Match {
            options,
            players: [first, second],
            referee,
            continued_rows,
            outcomes: Vec::new(),
            earlier,
            header,
        };
        m.write_table()?;
        Ok(m)
    }

    /// Sets header properties of the results table (replacing those with the
    /// same keys) and rewrites it: how the sequential test's state is kept.
    pub(crate) fn set_properties(
        &mut self,
        properties: &[(&str, String)],
    ) -> Result<(), MatchError> {
        for (key, value) in properties {
            match self.header.iter_mut().find(|(k, _)| k == key) {
                Some(entry) => entry.1 = value.clone(),
                None => self.header.push((key.to_string(), value.clone())),
            }
        }
        self.write_table()
    }

    pub(crate) fn table_path(&self) -> String {
        format!("{}.dat", self.options.sgffile)
    }

    fn sgf_path(&self, index: usize) -> String {
        format!("{}-{index}.sgf", self.options.sgffile)
    }

    fn write_table(&self) -> Result<(), MatchError> {
        let rows: Vec<Row> = (self.continued_rows.iter().cloned())
            .chain(self.outcomes.iter().map(|o| o.row.clone()))
            .collect();
        let text = table::render(&self.header, &rows);
        let path = self.table_path();
        let tmp = format!("{path}.new");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|error| MatchError::Write { path, error })
    }

    /// Index into `players` of the engine playing `color` in a game.
    fn player_index(alternated: bool, color: Color) -> usize {
        color.index() ^ usize::from(alternated)
    }

    /// Sends the game settings; any refusal here stops the match.
    fn setup(&mut self, who: usize) -> Result<(), MatchError> {
        let o = &self.options;
        let commands = [
            format!("boardsize {}", o.size),
            "clear_board".to_string(),
            format!("komi {}", gtp_float(o.komi)),
        ];
        let time = o.time;
        let p = &mut self.players[who];
        p.ensure_running()?;
        for c in &commands {
            p.send(c).map_err(|error| MatchError::Refused {
                label: p.label.clone(),
                command: p.command.clone(),
                setting: c.clone(),
                error,
            })?;
        }
        if let Some(t) = time
            && p.supports("time_settings")
        {
            // Like gogui-twogtp: sent when supported, and a refusal is not fatal.
            if let Err(e) = p.send(&format!("time_settings {t} 0 0")) {
                eprintln!("koban match: {}: time_settings: {e}", p.label);
            }
        }
        Ok(())
    }

    /// Plays game `index` and records it (SGF, table, outcome).
    pub(crate) fn play_game(&mut self, index: usize) -> Result<&Outcome, MatchError> {
        let alternated = self.options.alternated(index);
        for who in 0..2 {
            self.setup(who)?;
        }
        for p in self.players.iter_mut() {
            p.take_cpu_time();
        }
        let mut game = Game::new(self.options.size, self.options.rules);
        game.set_komi(self.options.komi);
        let mut used = [0.0f64; 2];
        let started = Instant::now();
        let mut comments = self.options.debug_to_comment.then(Comments::new);
        if comments.is_some() {
            for p in &self.players {
                p.take_stderr();
            }
        }
        let end = self.play_moves(&mut game, alternated, &mut used, &mut comments);
        if let Some(c) = comments.as_mut() {
            std::thread::sleep(STDERR_SETTLE_END);
            let failed = match &end {
                End::Resign(color) => Some(*color),
                End::Forfeit { loser, .. } => Some(*loser),
                _ => None,
            };
            for who in 0..2 {
                let node = if failed.is_some_and(|f| Self::player_index(alternated, f) == who) {
                    game.record().len()
                } else {
                    c.last[who]
                };
                c.attach(node, self.players[who].take_stderr());
            }
        }
        let cpu_by_player = [
            self.players[0].take_cpu_time(),
            self.players[1].take_cpu_time(),
        ];
        let played = Played {
            index,
            alternated,
            game,
            end,
            used,
            cpu_by_player,
            comments: comments.map(|c| c.nodes).unwrap_or_default(),
        };
        let verdict = self.adjudicate(&played);
        let row = self.table_row(&played, &verdict);
        let (black_label, white_label) = self.write_sgf(&played, &verdict, &row)?;
        log::debug!("game {index} took {:.1} s", started.elapsed().as_secs_f64());
        self.outcomes.push(Outcome {
            alternated,
            end: played.end,
            result: verdict.result,
            row,
            black_label,
            white_label,
        });
        self.write_table()?;
        Ok(self.outcomes.last().expect("just pushed"))
    }

    /// The results of a finished game: each engine's and the referee's, and
    /// the one the game is recorded with.
    fn adjudicate(&mut self, played: &Played) -> Verdict {
        let Played {
            index,
            alternated,
            ref game,
            ref end,
            ..
        } = *played;
        let win = |loser: Color, how: char| format!("{}+{how}", loser.opponent().letter());
        let (mut by_color, mut referee_result) =
            (["?".to_string(), "?".to_string()], "?".to_string());
        let mut notes = Vec::new();
        let (error, error_message) = match end {
            End::Resign(c) => {
                by_color = [win(*c, 'R'), win(*c, 'R')];
                referee_result = win(*c, 'R');
                (false, String::new())
            }
            End::Forfeit {
                loser,
                on_time,
                message,
            } => {
                let r = win(*loser, if *on_time { 'T' } else { 'F' });
                by_color = [r.clone(), r.clone()];
                referee_result = r;
                (true, message.clone())
            }
            End::Passes | End::MoveLimit => {
                for color in Color::BOTH {
                    let who = Self::player_index(alternated, color);
                    by_color[color.index()] = self.players[who].final_score();
                }
                if self.referee.is_some() {
                    match self.referee_score(game) {
                        Ok(r) => referee_result = r,
                        Err(e) => {
                            eprintln!("koban match: game {index}: referee: {e}");
                            notes.push(format!("Referee error: {e}"));
                        }
                    }
                }
                if *end == End::MoveLimit {
                    (true, "move limit exceeded".into())
                } else {
                    (false, String::new())
                }
            }
        };
        let result = if self.referee.is_some() && referee_result != "?" {
            referee_result.clone()
        } else if by_color[0] == by_color[1] && by_color[0] != "?" {
            by_color[0].clone()
        } else {
            "?".into()
        };
        Verdict {
            by_color,
            referee_result,
            result,
            notes,
            error,
            error_message,
        }
    }

    /// The game's row of the results table (columns per engine), noting
    /// the game among the earlier ones for the duplicate check.
    fn table_row(&mut self, played: &Played, verdict: &Verdict) -> Row {
        let Played {
            index,
            alternated,
            ref game,
            ref end,
            used,
            cpu_by_player,
            ..
        } = *played;
        let Verdict {
            ref by_color,
            ref referee_result,
            error,
            ref error_message,
            ..
        } = *verdict;
        let moves: Moves = game
            .record()
            .iter()
            .map(|t| {
                let at = match t.mv {
                    Move::Pass => None,
                    Move::Play(p) => Some(game.board().coords(p)),
                };
                (t.color, at)
            })
            .collect();
        let duplicate = table::duplicate(
            self.options.size,
            &moves,
            &self.earlier,
            self.options.alternate,
            alternated,
        );
        self.earlier.push((index, alternated, moves));

        // Table columns are per engine; `B` in a result means the first engine.
        let for_table = |r: &str| {
            if alternated {
                table::invert(r)
            } else {
                r.to_string()
            }
        };
        let first_color = if alternated {
            Color::White
        } else {
            Color::Black
        };
        let second_color = first_color.opponent();
        let referee_in_table =
            if self.referee.is_some() || matches!(end, End::Resign(_) | End::Forfeit { .. }) {
                for_table(referee_result)
            } else {
                "?".to_string()
            };
        Row {
            game: index,
            result_black: for_table(&by_color[first_color.index()]),
            result_white: for_table(&by_color[second_color.index()]),
            result_referee: referee_in_table,
            alternated,
            duplicate,
            length: game.record().len(),
            time_black: used[first_color.index()],
            time_white: used[second_color.index()],
            cpu_black: cpu_by_player[0],
            cpu_white: cpu_by_player[1],
            error,
            error_message: error_message.clone(),
        }
    }

    /// Writes the game's SGF file; returns the black and white players'
    /// labels.
    fn write_sgf(
        &self,
        played: &Played,
        verdict: &Verdict,
        row: &Row,
    ) -> Result<(String, String), MatchError> {
        let Played {
            index,
            alternated,
            ref game,
            ref comments,
            ..
        } = *played;
        let Verdict {
            ref by_color,
            ref referee_result,
            ref result,
            ref notes,
            ..
        } = *verdict;
        let black = &self.players[Self::player_index(alternated, Color::Black)];
        let white = &self.players[Self::player_index(alternated, Color::White)];
        let (black_label, white_label) = (black.label.clone(), white.label.clone());
        let mut comment = vec![
            format!("Black command: {}", black.command),
            format!("White command: {}", white.command),
            format!("Black version: {}", black.version),
            format!("White version: {}", white.version),
            format!("Result[Black]: {}", by_color[0]),
            format!("Result[White]: {}", by_color[1]),
        ];
        if let Some(r) = &self.referee {
            comment.push(format!("Referee: {}", r.command));
            comment.push(format!("Result[Referee]: {referee_result}"));
        }
        if row.error {
            comment.push(format!("Error: {}", row.error_message));
        }
        comment.extend(notes.iter().cloned());
        comment.push(format!("Host: {}", table::host_info()));
        comment.push(format!("Date: {}", table::date_long(now_unix())));
        let mut root = vec![
            ("AP", format!("koban-match:{}", env!("CARGO_PKG_VERSION"))),
            ("PB", black_label.clone()),
            ("PW", white_label.clone()),
            ("DT", table::date_iso(now_unix())),
        ];
        if result != "?" {
            root.push(("RE", result.clone()));
        }
        root.push(("C", comment.join("\n")));
        let path = self.sgf_path(index);
        let nodes: Vec<Vec<(&str, String)>> = comments
            .iter()
            .map(|c| {
                if c.is_empty() {
                    Vec::new()
                } else {
                    vec![("C", c.clone())]
                }
            })
            .collect();
        std::fs::write(&path, sgf::write_annotated(game, &root, &nodes))
            .map_err(|error| MatchError::Write { path, error })?;
        Ok((black_label, white_label))
    }

    /// The genmove/play loop. Never fails: every engine failure ends the game.
    fn play_moves(
        &mut self,
        game: &mut Game,
        alternated: bool,
        used: &mut [f64; 2],
        comments: &mut Option<Comments>,
    ) -> End {
        let timeout = self.options.timeout;
        loop {
            if game.record().len() >= self.options.maxmoves {
                return End::MoveLimit;
            }
            let color = game.to_move();
            let c = if color == Color::Black { "b" } else { "w" };
            let mover = Self::player_index(alternated, color);
            let mut limit = timeout;
            let mut clock_limited = false;
            if let Some(main) = self.options.time {
                let remaining = main as f64 - used[color.index()];
                let p = &mut self.players[mover];
                if p.supports("time_left") {
                    let command = format!("time_left {c} {} 0", remaining.max(0.0).floor() as u64);
                    // A refusal is harmless; silence or death is the mover's loss.
                    match p.send(&command) {
                        Ok(_) | Err(GtpError::Failure(_)) => {}
                        Err(e) => {
                            let on_time = matches!(e, GtpError::Timeout(_));
                            let message = format!("{}: {command}: {e}", p.label);
                            return End::Forfeit {
                                loser: color,
                                on_time,
                                message,
                            };
                        }
                    }
                }
                if remaining + TIME_GRACE < limit {
                    limit = (remaining + TIME_GRACE).max(0.0);
                    clock_limited = true;
                }
            }
            let p = &mut self.players[mover];
            let label = p.label.clone();
            if let Some(c) = comments.as_mut() {
                std::thread::sleep(STDERR_SETTLE);
                c.attach(c.last[mover], p.take_stderr());
            }
            let start = Instant::now();
            let reply = p.send_within(&format!("genmove {c}"), Duration::from_secs_f64(limit));
            used[color.index()] += start.elapsed().as_secs_f64();
            let forfeit = |on_time: bool, message: String| End::Forfeit {
                loser: color,
                on_time,
                message,
            };
            let text = match reply {
                Ok(t) => t,
                Err(GtpError::Timeout(_)) => {
                    let why = if clock_limited {
                        format!(
                            "{label} lost on time (main time {} s used up)",
                            self.options.time.unwrap_or(0)
                        )
                    } else {
                        format!("{label} did not answer genmove within {timeout} s")
                    };
                    return forfeit(true, why);
                }
                Err(e) => return forfeit(false, format!("{label}: genmove {c}: {e}")),
            };
            let text = text.trim();
            if text.eq_ignore_ascii_case("resign") {
                return End::Resign(color);
            }
            let Some(mv) = Vertex::parse(text).and_then(|v| v.to_move(game.board())) else {
                return forfeit(false, format!("{label} played invalid move: {text}"));
            };
            if game.play(color, mv).is_err() {
                let name = format_move(game.board(), mv);
                return forfeit(false, format!("{label} played illegal move: {name}"));
            }
            if let Some(c) = comments.as_mut() {
                c.last[mover] = game.record().len();
            }
            let name = format_move(game.board(), mv);
            let other = &mut self.players[1 - mover];
            if let Err(e) = other.send(&format!("play {c} {name}")) {
                let label = other.label.clone();
                let mut message = format!("{label}: play {c} {name}: {e}");
                if matches!(e, GtpError::Died(_)) && !message.contains("stderr") {
                    let tail = other.stderr_tail();
                    if !tail.is_empty() {
                        message.push_str(&format!("; stderr: {tail}"));
                    }
                }
                let on_time = matches!(e, GtpError::Timeout(_));
                return End::Forfeit {
                    loser: color.opponent(),
                    on_time,
                    message,
                };
            }
            let record = game.record();
            if record.len() >= 2
                && record[record.len() - 2..]
                    .iter()
                    .all(|t| t.mv == Move::Pass)
            {
                return End::Passes;
            }
        }
    }

    /// Replays the game into the referee and asks for `final_score`.
    fn referee_score(&mut self, game: &Game) -> Result<String, RefereeError> {
        let Some(referee) = self.referee.as_mut() else {
            return Ok("?".into());
        };
        referee
            .ensure_running()
            .map_err(|e| RefereeError::Start(Box::new(e)))?;
        let mut commands = vec![
            format!("boardsize {}", game.size()),
            "clear_board".to_string(),
            format!("komi {}", gtp_float(game.komi())),
        ];
        for t in game.record() {
            let c = if t.color == Color::Black { "b" } else { "w" };
            commands.push(format!("play {c} {}", format_move(game.board(), t.mv)));
        }
        for c in &commands {
            referee.send(c).map_err(|error| RefereeError::Replay {
                command: c.clone(),
                error,
            })?;
        }
        let reply = referee
            .send("final_score")
            .map_err(RefereeError::FinalScore)?;
        match table::normalize_score(&reply) {
            r if r == "?" => Err(RefereeError::UnexpectedReply(reply)),
            r => Ok(r),
        }
    }

    pub(crate) fn close(&mut self) {
        for p in self.players.iter_mut().chain(self.referee.as_mut()) {
            p.close();
        }
    }
}

impl Drop for Match {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests;
