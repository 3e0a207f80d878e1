//! The GTP command handlers: one method per command, over the game, the clock and
//! the move generator. A handler that fails leaves every piece of state as it was.
//! The end-of-game handlers (`final_score`, `final_status_list`, cleanup play)
//! are in the private `scoring` module.

mod ponder;
mod scoring;

use super::Request;
use super::command::{COMMANDS, Command, ParseError};
use super::files;
use super::vertex::{Vertex, color_name, format_coords, format_move, format_point};
use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE, Move, Point};
use crate::game::{Game, SetupError, fixed_handicap_points, free_handicap_points};
use crate::player::{Decision, Player};
use crate::rules::{KoFact, Preset, Rules};
use crate::sgf;
use crate::time::{Budget, Clock, ClockReading, Lag, TimeBank, TimeSystem};
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;

type Reply = Result<String, String>;

// The commands for analysis clients (Sabaki, GoGui): streamed analysis, GoGui's
// analyze commands and live graphics.
mod clients;
pub(crate) mod kata;
// Each move's budget: the command-line limits, the clock's plan, the bank.
mod budget;

/// Engine-wide settings from the command line.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub rules: Rules,
    pub budget: Budget,
    /// Show the search live in GoGui during `genmove` (`gogui-gfx:` on stderr).
    pub live_gfx: bool,
    /// What a move costs beyond the search (`--lag`), planned by the time
    /// manager.
    pub lag: Lag,
    /// Search on the opponent's time after a move of our own (`--ponder`).
    pub ponder: bool,
    /// A fixed `--time` per move is an average: a decided search stops early
    /// and later moves of the game spend what it saved (`--time-bank`).
    pub time_bank: bool,
}

pub struct Engine {
    game: Game,
    player: Box<dyn Player>,
    clock: Clock,
    /// What this game's moves saved of a fixed `--time` under `--time-bank`.
    bank: TimeBank,
    config: Config,
    /// An input line a streamed response consumed to learn that it must stop;
    /// the loop runs it as the next command.
    pending_line: Option<Vec<u8>>,
    interrupt: Arc<AtomicBool>,
    status_cache: Option<scoring::StatusCache>,
    /// [`Game::MAX_TURNS`], lowered by tests.
    max_turns: usize,
    /// The position right after this engine's last committed move, while it
    /// may ponder there (see `ponder`).
    ponder_from: Option<ponder::Position>,
}

fn err<T>(message: &str) -> Result<T, String> {
    Err(message.to_string())
}

impl Engine {
    pub fn new(config: Config, mut player: Box<dyn Player>) -> Engine {
        let interrupt = Arc::new(AtomicBool::new(false));
        player.set_interrupt(interrupt.clone());
        let mut game = Game::new(19, config.rules);
        // The controller's game: undo replays from a checkpoint, not from P0.
        game.keep_checkpoints();
        Engine {
            game,
            player,
            clock: Clock::default(),
            bank: TimeBank::default(),
            config,
            pending_line: None,
            interrupt,
            status_cache: None,
            max_turns: Game::MAX_TURNS,
            ponder_from: None,
        }
    }

    /// The input line a stopped analysis left to run next, if any.
    pub(crate) fn take_pending_line(&mut self) -> Option<Vec<u8>> {
        self.pending_line.take()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub(crate) fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    pub(crate) fn clear_interrupt(&self) {
        self.interrupt.store(false, Ordering::SeqCst);
    }

    /// Runs one request. Returns the reply (`None` if the handler already wrote a
    /// streamed response) and whether to quit.
    pub(crate) fn execute<W: Write>(
        &mut self,
        request: &Request,
        lines: &Receiver<Vec<u8>>,
        out: &mut W,
    ) -> io::Result<(Option<Reply>, bool)> {
        let command = match Command::parse(&request.name, &request.args) {
            Ok(c) => c,
            Err(ParseError::Unknown) => return Ok((Some(err("unknown command")), false)),
            Err(ParseError::Syntax(m)) => return Ok((Some(Err(m)), false)),
        };
        if let Command::Analyze(_) | Command::GenMoveAnalyze(_) = command {
            self.stream(command, request.id, lines, out)?;
            return Ok((None, false));
        }
        let quit = command == Command::Quit;
        Ok((Some(self.handle(command)), quit))
    }

    /// Dispatch for commands that answer with one reply.
    pub fn handle(&mut self, command: Command) -> Reply {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok("koban".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(size) => self.boardsize(size),
            Command::ClearBoard => self.clear_board(),
            Command::Komi(komi) => {
                self.game.set_komi(komi);
                Ok(String::new())
            }
            Command::Play(color, vertex) => self.play(color, vertex),
            Command::GenMove(color) => self.genmove(color, true, false),
            Command::RegGenMove(color) => self.genmove(color, false, false),
            Command::KgsGenMoveCleanup(color) => self.genmove(color, true, true),
            Command::Undo => self.undo(),
            Command::ShowBoard => Ok(self.showboard()),
            Command::FixedHandicap(n) => self.fixed_handicap(n),
            Command::PlaceFreeHandicap(n) => self.place_free_handicap(n),
            Command::SetFreeHandicap(vertices) => self.set_free_handicap(&vertices),
            Command::TimeSettings {
                main,
                period,
                stones,
            } => self.time_settings(main, period, stones),
            Command::TimeLeft {
                color,
                seconds,
                count,
            } => {
                self.clock.set_left(color, ClockReading { seconds, count });
                Ok(String::new())
            }
            Command::KgsTimeSettings(system) => {
                self.clock.set_system(system);
                Ok(String::new())
            }
            Command::IsLegal(color, vertex) => self.is_legal(color, vertex),
            Command::AllLegal(color) => Ok(self.all_legal(color)),
            Command::ListStones(color) => Ok(self.list_stones(color)),
            Command::GoguiSetup(stones) => self.gogui_setup(&stones),
            Command::GoguiSetupPlayer(color) => self.gogui_setup_player(color),
            Command::LoadSgf { file, move_number } => self.loadsgf(&file, move_number),
            Command::PrintSgf(file) => self.printsgf(file.as_deref()),
            Command::KgsRules(name) => self.kgs_rules(&name),
            Command::KobanRules(args) => self.koban_rules(&args),
            Command::KobanKoState(key) => self.ko_state(key.as_deref()),
            Command::FinalScore => self.final_score(),
            Command::FinalStatusList(status) => self.final_status_list(status),
            Command::KgsGameOver => {
                // The game may only be adjourned: keep everything, just stop thinking.
                self.changed();
                self.stop_pondering();
                Ok(String::new())
            }
            Command::KgsChat {
                private,
                user,
                text,
            } => Ok(self.chat(private, &user, &text)),
            Command::CpuTime => crate::cputime::process_seconds()
                .map(|s| format!("{s:.3}"))
                .map_err(|e| e.to_string()),
            Command::Analyze(_)
            | Command::GenMoveAnalyze(_)
            | Command::GoguiInterrupt
            | Command::GoguiAnalyzeCommands
            | Command::KobanGfx { .. }
            | Command::KobanRuleParams(_) => self.handle_client_command(command),
        }
    }

    fn changed(&mut self) {
        self.player.game_changed();
    }

    fn boardsize(&mut self, size: usize) -> Reply {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return err("unacceptable size");
        }
        self.game.resize(size);
        self.bank.reset();
        self.changed();
        Ok(String::new())
    }

    fn clear_board(&mut self) -> Reply {
        self.game.clear();
        self.bank.reset();
        self.changed();
        Ok(String::new())
    }

    fn to_move(&self, vertex: Vertex) -> Result<Move, String> {
        vertex
            .to_move(self.game.board())
            .ok_or_else(|| "syntax error: vertex off the board".into())
    }

    fn play(&mut self, color: Color, vertex: Vertex) -> Reply {
        let mv = self.to_move(vertex)?;
        self.room_for_a_turn()?;
        self.game.play(color, mv).map_err(|refusal| {
            log::debug!("play {color:?} {mv:?} refused: {refusal:?}");
            "illegal move".to_string()
        })?;
        self.changed();
        Ok(String::new())
    }

    /// `cleanup`: `kgs-genmove_cleanup` (capture dead stones before passing).
    fn genmove(&mut self, color: Color, commit: bool, cleanup: bool) -> Reply {
        if self.config.live_gfx {
            return self.genmove_live_gfx(color, commit, cleanup);
        }
        self.genmove_watched(color, commit, cleanup, None)
    }

    /// Refuses a turn that would make the record longer than the limit: a
    /// controller (or a file) may not grow the game's memory without bound.
    fn room_for_a_turn(&self) -> Result<(), String> {
        if self.game.record().len() >= self.max_turns {
            return Err(format!("game too long: at most {} turns", self.max_turns));
        }
        Ok(())
    }

    /// `genmove`, with `watch` (if any) running while the player searches.
    fn genmove_watched(
        &mut self,
        color: Color,
        commit: bool,
        cleanup: bool,
        watch: Option<crate::player::SearchWatch<'_>>,
    ) -> Reply {
        if commit {
            self.room_for_a_turn()?;
        }
        let start = std::time::Instant::now();
        let budget = self.move_budget(color);
        let decision = match watch {
            Some(watch) => self
                .player
                .genmove_watched(&self.game, color, &budget, watch),
            None => self.player.genmove(&self.game, color, &budget),
        };
        let decision = self.cleanup_decision(color, decision, cleanup);
        // Keep our own account of the clock for controllers that send no
        // time_left (a time_left overrides it); reg_genmove plays nothing.
        if commit {
            let spent = start.elapsed().as_secs_f64();
            self.clock.spend(color, spent);
            if let Some(per_move) = self.banked_time() {
                self.bank.settle(color, per_move, spent);
            }
        }
        let mv = match decision {
            Decision::Resign => return Ok("resign".into()),
            Decision::Play(mv) => mv,
        };
        let mv = if self.game.is_legal(color, mv) {
            mv
        } else {
            log::error!("the player chose an illegal move {mv:?}; passing instead");
            Move::Pass
        };
        if commit {
            self.game
                .play(color, mv)
                .map_err(|_| "illegal move".to_string())?;
            self.ponder_from = Some(ponder::Position::of(&self.game));
        }
        Ok(format_move(self.game.board(), mv))
    }

    fn undo(&mut self) -> Reply {
        if !self.game.undo() {
            return err("cannot undo");
        }
        self.changed();
        Ok(String::new())
    }

    fn showboard(&self) -> String {
        let board = self.game.board();
        let size = board.size();
        let letters: String = (0..size)
            .map(|x| format!(" {}", &format_coords(x, 0)[..1]))
            .collect();
        let mut out = format!("\n  {letters}\n");
        let ko = board.ko().map(|(p, _)| p);
        for y in (0..size).rev() {
            out.push_str(&format!("{:>2}", y + 1));
            for x in 0..size {
                let p = board.point(x, y);
                let ch = match board.stone(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if ko == Some(p) => '*',
                    None => '.',
                };
                out.push(' ');
                out.push(ch);
            }
            out.push_str(&format!(" {}\n", y + 1));
        }
        out.push_str(&format!("  {letters}\n"));
        out.push_str(&format!(
            "captured by black: {}  captured by white: {}\n",
            board.prisoners(Color::Black),
            board.prisoners(Color::White)
        ));
        out.push_str(&format!(
            "to move: {}  moves: {}  komi: {}  rules: {}",
            color_name(self.game.to_move()),
            self.game.record().len(),
            self.game.komi(),
            self.game.rules()
        ));
        out
    }

    fn place_handicap(&mut self, points: &[Point]) -> Reply {
        match self.game.place_handicap(points) {
            Ok(()) => {
                self.changed();
                Ok(vertex_list(self.game.board(), points.iter().copied()))
            }
            Err(SetupError::BoardNotEmpty | SetupError::AfterMoves) => err("board not empty"),
            Err(SetupError::NoLiberties) => err("bad vertex list"),
        }
    }

    fn fixed_handicap(&mut self, n: usize) -> Reply {
        match fixed_handicap_points(self.game.board(), n) {
            Some(points) => self.place_handicap(&points),
            None => err("invalid number of stones"),
        }
    }

    fn place_free_handicap(&mut self, n: usize) -> Reply {
        let board = self.game.board();
        let area = board.size() * board.size();
        if n < 2 || n >= area {
            return err("invalid number of stones");
        }
        let points = free_handicap_points(board, n);
        self.place_handicap(&points)
    }

    fn set_free_handicap(&mut self, vertices: &[Vertex]) -> Reply {
        let board = self.game.board();
        let mut points = Vec::new();
        for &v in vertices {
            match v.to_move(board) {
                Some(Move::Play(p)) if !points.contains(&p) => points.push(p),
                _ => return err("bad vertex list"),
            }
        }
        if points.len() < 2 || points.len() >= board.size() * board.size() {
            return err("bad vertex list");
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    fn time_settings(&mut self, main: f64, period: f64, stones: u32) -> Reply {
        let system = if period > 0.0 && stones == 0 {
            TimeSystem::None
        } else if period == 0.0 && stones == 0 {
            TimeSystem::Absolute { main }
        } else if period == 0.0 {
            return err("syntax error: byo-yomi stones without byo-yomi time");
        } else {
            TimeSystem::Canadian {
                main,
                period,
                stones,
            }
        };
        self.clock.set_system(system);
        Ok(String::new())
    }

    fn is_legal(&self, color: Color, vertex: Vertex) -> Reply {
        let mv = self.to_move(vertex)?;
        Ok(if self.game.is_legal(color, mv) {
            "1"
        } else {
            "0"
        }
        .into())
    }

    fn all_legal(&self, color: Color) -> String {
        vertex_list(self.game.board(), self.game.legal_points(color))
    }

    fn list_stones(&self, color: Color) -> String {
        let board = self.game.board();
        vertex_list(
            board,
            board.points().filter(|&p| board.stone(p) == Some(color)),
        )
    }

    fn gogui_setup(&mut self, stones: &[(Option<Color>, Vertex)]) -> Reply {
        let board = self.game.board();
        let mut setup = Vec::new();
        for &(stone, v) in stones {
            match v.to_move(board) {
                Some(Move::Play(p)) => setup.push((p, stone)),
                _ => return err("syntax error: vertex off the board"),
            }
        }
        match self.game.setup(&setup) {
            Ok(()) => {
                self.changed();
                Ok(String::new())
            }
            Err(SetupError::NoLiberties) => err("setup leaves a chain without liberties"),
            Err(_) => err("setup is only possible before the first move"),
        }
    }

    fn gogui_setup_player(&mut self, color: Color) -> Reply {
        match self.game.set_first_player(color) {
            Ok(()) => {
                self.changed();
                Ok(String::new())
            }
            Err(_) => err("setup is only possible before the first move"),
        }
    }

    fn loadsgf(&mut self, file: &str, move_number: Option<usize>) -> Reply {
        let options = sgf::LoadOptions {
            rules: self.game.rules(),
            komi: self.game.komi(),
            move_number,
            max_turns: self.max_turns,
        };
        let loaded = files::read_regular(Path::new(file), files::MAX_SGF_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|bytes| Game::from_sgf(&bytes, &options).map_err(|e| e.to_string()));
        match loaded {
            Ok(game) => {
                self.game = game;
                self.bank.reset();
                self.changed();
                Ok(String::new())
            }
            Err(reason) => {
                log::warn!("loadsgf {file}: {reason}");
                err("cannot load file")
            }
        }
    }

    fn printsgf(&self, file: Option<&str>) -> Reply {
        let text = sgf::write(&self.game);
        match file {
            None => Ok(text),
            Some(path) => match files::write_regular(Path::new(path), text.as_bytes()) {
                Ok(()) => Ok(String::new()),
                Err(e) => {
                    log::warn!("printsgf {path}: {e}");
                    err("cannot save file")
                }
            },
        }
    }

    fn set_rules(&mut self, rules: Rules) -> Result<(), String> {
        self.game.set_rules(rules).map_err(|e| {
            format!(
                "move {} of this game is illegal under {rules}; rules unchanged",
                e.index + 1
            )
        })?;
        self.changed();
        Ok(())
    }

    fn kgs_rules(&mut self, name: &str) -> Reply {
        let Some(preset) = Preset::from_kgs_name(&name.to_ascii_lowercase()) else {
            return err("unknown rules; accepted: japanese chinese aga new_zealand");
        };
        self.set_rules(preset.rules())?;
        Ok(String::new())
    }

    fn koban_rules(&mut self, args: &[String]) -> Reply {
        let rules = self
            .game
            .rules()
            .apply_arguments(args)
            .map_err(|e| e.to_string())?;
        if rules != self.game.rules() {
            self.set_rules(rules)?;
        }
        Ok(self.game.rules().to_string())
    }

    /// All `key: value` lines, or with a key only that line (empty when the key
    /// does not apply right now, e.g. `ko-point` with no ko).
    fn ko_state(&self, key: Option<&str>) -> Reply {
        const KEYS: &[&str] = &[
            "ko", "phase", "over", "forfeits", "hot", "blocked", "ko-point",
        ];
        let game = &self.game;
        let board = game.board();
        let mut entries = vec![
            ("ko", game.rules().ko.to_string()),
            ("phase", game.phase().name().to_string()),
            ("over", game.over().name().to_string()),
        ];
        entries.extend(
            game.variant()
                .facts(board)
                .iter()
                .map(|fact| ko_fact_entry(board, fact)),
        );
        // An empty list still names its key, with nothing after the colon.
        let line = |(k, v): &(&str, String)| {
            if v.is_empty() {
                format!("{k}:")
            } else {
                format!("{k}: {v}")
            }
        };
        match key {
            None => Ok(entries.iter().map(line).collect::<Vec<_>>().join("\n")),
            Some(k) if KEYS.contains(&k) => Ok(entries
                .iter()
                .find(|(name, _)| *name == k)
                .map(line)
                .unwrap_or_default()),
            Some(k) => Err(format!("unknown key '{k}'; keys: {}", KEYS.join(" "))),
        }
    }

    /// A one-line answer for KGS chat (a `#` would be lost on the way, so none).
    fn chat(&self, private: bool, user: &str, text: &str) -> String {
        let lower = text.to_ascii_lowercase();
        let reply = if lower.contains("rule") || lower.contains("ko") {
            let over = self.game.over().name();
            format!(
                "rules: {} (phase {}, game over: {over})",
                self.game.rules(),
                self.game.phase().name()
            )
        } else if lower.contains("win") || lower.contains("rate") || lower.contains("score") {
            match self.player.win_rate() {
                Some(w) => format!("my last search gave me a {:.0}% chance to win", w * 100.0),
                None => "I have not searched a position yet".to_string(),
            }
        } else {
            format!(
                "koban {} (Monte-Carlo tree search). Ask me about 'rules' or 'winrate'.",
                env!("CARGO_PKG_VERSION")
            )
        };
        log::info!(
            "kgs-chat {} {user}: {text}",
            if private { "private" } else { "game" }
        );
        reply.replace('#', "no.")
    }
}

/// A variant's fact as a `koban-ko_state` key and value.
fn ko_fact_entry(board: &Board, fact: &KoFact) -> (&'static str, String) {
    match fact {
        KoFact::KoPoint(p) => ("ko-point", format_point(board, *p)),
        KoFact::Forfeits([black, white]) => ("forfeits", format!("B {black} W {white}")),
        KoFact::Hot(points) => ("hot", vertex_list(board, points.iter().copied())),
        KoFact::Blocked(points) => ("blocked", vertex_list(board, points.iter().copied())),
    }
}

/// Points as a space-separated vertex list.
fn vertex_list(board: &Board, points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| format_point(board, p))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(engine: &mut Engine, line: &str) -> Reply {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let args: Vec<String> = words.map(String::from).collect();
        let command = Command::parse(name, &args).map_err(|e| format!("{e:?}"))?;
        engine.handle(command)
    }

    /// At the turn limit `play` and `genmove` answer a clear error and change
    /// nothing; `undo` makes room again.
    #[test]
    fn the_record_stops_at_the_turn_limit() {
        let player = crate::player::RandomPlayer::new(Some(3));
        let mut engine = Engine::new(Config::default(), Box::new(player));
        engine.max_turns = 4;
        for line in ["koban-rules ko=kee", "boardsize 9", "play b c3"] {
            gtp(&mut engine, line).unwrap();
        }
        for color in ["w", "b", "w"] {
            gtp(&mut engine, &format!("play {color} pass")).unwrap();
        }
        let full = sgf::write(&engine.game);
        let refused = Err("game too long: at most 4 turns".to_string());
        assert_eq!(gtp(&mut engine, "play b d4"), refused);
        assert_eq!(gtp(&mut engine, "genmove b"), refused);
        assert_eq!(sgf::write(&engine.game), full);
        gtp(&mut engine, "undo").unwrap();
        gtp(&mut engine, "play w d4").unwrap();
        // A file with more turns than the limit is refused before it is replayed;
        // one within it loads.
        let path =
            std::env::temp_dir().join(format!("koban-turn-limit-{}.sgf", std::process::id()));
        for (passes, loads) in [(5, false), (4, true)] {
            let moves: String = (0..passes)
                .map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" })
                .collect();
            std::fs::write(&path, format!("(;GM[1]SZ[9]{moves})")).unwrap();
            let answer = gtp(&mut engine, &format!("loadsgf {}", path.display()));
            assert_eq!(answer.is_ok(), loads, "{passes} passes: {answer:?}");
        }
        let _ = std::fs::remove_file(&path);
    }

    /// `koban-ko_state` names every variant's facts as the spec spells them,
    /// and `final_status_list` puts one chain per line. The expected answers
    /// are those of the engine before the rules and status layers returned
    /// typed facts and chains instead of text.
    #[test]
    fn ko_state_and_status_lists_are_spelled_as_before() {
        const T1: &str = "gogui-setup b b5 b a4 b b3 b e3 b f3 b g3 b e2 b e1 \
                          w c5 w b4 w d4 w c3 w f2 w g2";
        const T2: &str = "gogui-setup w a6 w b6 w c6 w d6 w e6 w f6 w g6 w a5 b b5 \
                          w c5 w e5 w g5 b a4 b c4 w d4 b e4 w f4 b g4 b a3 b b3 \
                          b c3 b d3 b e3 b f3 b g3 w a2 w b2 w c2 w d2 w e2 w f2 w g2";
        let player = crate::player::RandomPlayer::new(Some(3));
        let mut engine = Engine::new(Config::default(), Box::new(player));
        let mut answer = |lines: &[&str]| {
            let (last, before) = lines.split_last().unwrap();
            for line in before {
                gtp(&mut engine, line).expect(line);
            }
            gtp(&mut engine, last).unwrap()
        };
        let common = |ko: &str, phase: &str| format!("ko: {ko}\nphase: {phase}\nover: no\n");
        for ko in ["simple", "positional", "situational"] {
            let rules = format!("koban-rules ko={ko}");
            let t1 = [
                "boardsize 7",
                rules.as_str(),
                T1,
                "play b c4",
                "koban-ko_state",
            ];
            assert_eq!(answer(&t1), common(ko, "main") + "ko-point: B4");
        }
        let t1 = [T1, "play b c4", "play w b4", "koban-ko_state"];
        assert_eq!(
            answer(&[&["boardsize 7", "koban-rules ko=geneva"][..], &t1[..]].concat()),
            common("geneva", "main") + "forfeits: B 1 W 0"
        );
        assert_eq!(answer(&["koban-ko_state forfeits"]), "forfeits: B 1 W 0");
        let t1 = [
            "boardsize 7",
            "koban-rules ko=kee",
            T1,
            "play b c4",
            "koban-ko_state",
        ];
        assert_eq!(answer(&t1), "ko: kee\nphase: main\nover: no");
        let t2 = [
            "clear_board",
            T2,
            "play b pass",
            "play w pass",
            "play b d5",
            "play w b4",
            "play b f5",
            "koban-ko_state",
        ];
        assert_eq!(
            answer(&[&["koban-rules ko=ing-spight"][..], &t2[..]].concat()),
            common("ing-spight", "main") + "hot: B4 D5 F5"
        );
        let t1 = [
            "boardsize 7",
            "koban-rules ko=cleanup",
            T1,
            "play b c4",
            "koban-ko_state",
        ];
        assert_eq!(
            answer(&t1),
            common("cleanup", "main") + "ko-point: B4\nblocked:"
        );
        assert_eq!(answer(&["koban-ko_state blocked"]), "blocked:");
        assert_eq!(
            answer(&t2),
            common("cleanup", "cleanup-1") + "blocked: B4 D5 F5"
        );
        assert_eq!(answer(&["koban-ko_state ko-point"]), "");
        // Black's D column and White's E column split the board; the lone
        // stones in the other's area are dead.
        let setup = "gogui-setup b d7 b d6 b d5 b d4 b d3 b d2 b d1 \
                     w e7 w e6 w e5 w e4 w e3 w e2 w e1 w b6 b g4";
        let dead = [
            "boardsize 7",
            "koban-rules chinese",
            setup,
            "final_status_list dead",
        ];
        assert_eq!(answer(&dead), "G4\nB6");
        assert_eq!(
            answer(&["final_status_list alive"]),
            "D1 D2 D3 D4 D5 D6 D7\nE1 E2 E3 E4 E5 E6 E7"
        );
        assert_eq!(answer(&["final_status_list seki"]), "");
    }
}
