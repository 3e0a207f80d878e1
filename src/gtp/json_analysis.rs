//! `koban analysis`: KataGo's JSON analysis protocol (KataGo's
//! docs/Analysis_Engine.md), for tools that review many positions: one JSON
//! query a line on stdin, one JSON response a line on stdout per analysed
//! turn.
//!
//! Invariants:
//! - Queries are answered one after another, in the order they arrive, and
//!   each query's turns in the order `analyzeTurns` lists them; every
//!   response line is flushed as it is written.
//! - A query that cannot be run (malformed JSON, a missing or ill-typed
//!   field, an unknown rule, an illegal move, a turn out of range) gets one
//!   `{"id":..., "error":..., "field":...}` line (no `id` when none could be
//!   read) and nothing else; the next line is read as usual. Nothing a
//!   client sends panics the engine or stops it.
//! - Rates, leads and ownership are reported for Black, as KataGo's
//!   analysis engine does with its example configuration
//!   (`reportAnalysisWinratesAs = BLACK`); a query's `overrideSettings` may
//!   ask for `WHITE` or `SIDETOMOVE`.
//! - Fields the search has no numbers for (utility, score deviation, policy
//!   prior, lcb from Black's side) are left out, not invented.
//!
//! JSON goes through serde_json: the protocol's queries nest arrays and
//! objects with escapes and numbers in every form, and a hand-written parser
//! for that would be larger than this module and less trustworthy.

use super::engine::kata::ownership_rows;
use crate::board::vertex::{Vertex, format_move, parse_color};
use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE, Move, Point};
use crate::game::Game;
use crate::player::{Analysis, Player};
use crate::rules::{KoRule, Preset, Rules};
use crate::time::Budget;
use serde_json::{Map, Value, json};
use std::io::{self, BufRead, Write};

/// Visits per turn when neither the query (`maxVisits`) nor the command
/// line (`--playouts`) says.
pub const DEFAULT_MAX_VISITS: u64 = 2000;

/// The most visits a query may ask for per turn (root visits are `u32`).
const MAX_VISITS: u64 = 100_000_000;

/// Komi beyond this is refused, as KataGo does.
const MAX_KOMI: f64 = 400.0;
/// The longest query line read, in bytes (as the longest SGF file): a
/// million-turn `moves` list fits.
const MAX_QUERY_BYTES: usize = 16 * 1024 * 1024;

/// What `query_version` reports.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The engine behind `koban analysis`: a player and the defaults of queries.
pub struct JsonAnalysis {
    player: Box<dyn Player>,
    /// Rules of a query without `rules`.
    rules: Rules,
    max_visits: u64,
}

/// A query refused: the message and the field at fault.
#[derive(Debug)]
struct QueryError {
    field: Option<&'static str>,
    message: String,
}

fn fail<T>(field: &'static str, message: impl Into<String>) -> Result<T, QueryError> {
    Err(QueryError {
        field: Some(field),
        message: message.into(),
    })
}

/// Whose point of view rates and leads are given from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Perspective {
    Black,
    White,
    SideToMove,
}

/// A query, checked: everything needed to analyse its turns.
struct Query {
    id: Value,
    size: usize,
    rules: Rules,
    komi: Option<f64>,
    initial: Vec<(Point, Color)>,
    initial_player: Option<Color>,
    moves: Vec<(Color, Move)>,
    turns: Vec<usize>,
    visits: u64,
    ownership: bool,
    perspective: Perspective,
}

impl JsonAnalysis {
    pub fn new(player: Box<dyn Player>, rules: Rules, max_visits: Option<u64>) -> JsonAnalysis {
        JsonAnalysis {
            player,
            rules,
            max_visits: max_visits.unwrap_or(DEFAULT_MAX_VISITS),
        }
    }

    /// Answers one input line, handing each response line to `emit` as it is
    /// ready. Blank lines are ignored.
    pub fn handle(&mut self, line: &str, emit: &mut dyn FnMut(Value)) {
        if line.trim().is_empty() {
            return;
        }
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                emit(json!({ "error": format!("could not parse JSON: {e}") }));
                return;
            }
        };
        let Some(object) = value.as_object() else {
            emit(json!({ "error": "a query must be a JSON object" }));
            return;
        };
        let id = object.get("id").cloned().unwrap_or(Value::Null);
        let error = |e: QueryError| {
            let mut m = Map::new();
            if !id.is_null() {
                m.insert("id".into(), id.clone());
            }
            m.insert("error".into(), Value::String(e.message));
            if let Some(field) = e.field {
                m.insert("field".into(), Value::String(field.into()));
            }
            Value::Object(m)
        };
        if !id.is_string() {
            emit(error(QueryError {
                field: Some("id"),
                message: "'id' is required and must be a string".into(),
            }));
            return;
        }
        if let Some(action) = object.get("action") {
            match self.action(object, action) {
                Ok(reply) => emit(reply),
                Err(e) => emit(error(e)),
            }
            return;
        }
        let query = match self.parse_query(object) {
            Ok(q) => q,
            Err(e) => {
                emit(error(e));
                return;
            }
        };
        // Every turn is replayed before any is analysed, so that a bad move
        // gets its error line instead of half an answer.
        let games: Result<Vec<(usize, Game, Color)>, QueryError> = query
            .turns
            .iter()
            .map(|&turn| position(&query, turn).map(|(g, c)| (turn, g, c)))
            .collect();
        let games = match games {
            Ok(g) => g,
            Err(e) => {
                emit(error(e));
                return;
            }
        };
        for (turn, game, color) in games {
            let budget = Budget {
                playouts: Some(query.visits),
                time: None,
                stop_early: false,
                soft_time: None,
                unclear_time: None,
            };
            let analysis = self.player.evaluate(&game, color, &budget);
            emit(response(&query, turn, game.board(), &analysis));
        }
    }

    /// `query_version`, `terminate`, `terminate_all`, `clear_cache`.
    fn action(&self, object: &Map<String, Value>, action: &Value) -> Result<Value, QueryError> {
        let mut reply = object.clone();
        match action.as_str() {
            Some("query_version") => {
                reply.insert("version".into(), json!(VERSION));
                reply.insert("git_hash".into(), json!("<omitted>"));
            }
            // Queries run one at a time in order: by the time a terminate is
            // read, every earlier query is answered, so there is nothing left
            // to stop; the acknowledgement is the echo KataGo sends.
            Some("terminate") => {
                if !object.get("terminateId").is_some_and(Value::is_string) {
                    return fail(
                        "terminateId",
                        "'terminateId' is required and must be a string",
                    );
                }
            }
            Some("terminate_all") | Some("clear_cache") => {}
            _ => {
                return fail(
                    "action",
                    "unknown action; actions: query_version terminate terminate_all clear_cache",
                );
            }
        }
        Ok(Value::Object(reply))
    }

    fn parse_query(&self, q: &Map<String, Value>) -> Result<Query, QueryError> {
        let dimension = |key: &'static str| -> Result<usize, QueryError> {
            match q.get(key).and_then(Value::as_u64) {
                Some(n) if (MIN_SIZE as u64..=MAX_SIZE as u64).contains(&n) => Ok(n as usize),
                Some(n) => fail(
                    key,
                    format!("board size {n} not supported: {MIN_SIZE} to {MAX_SIZE}"),
                ),
                None => fail(key, format!("'{key}' is required and must be an integer")),
            }
        };
        let (x, y) = (dimension("boardXSize")?, dimension("boardYSize")?);
        if x != y {
            return fail("boardYSize", "only square boards are supported");
        }
        let rules = match q.get("rules") {
            None => self.rules,
            Some(r) => parse_rules(r)?,
        };
        let komi = match q.get("komi") {
            None => None,
            Some(k) => match k.as_f64() {
                Some(k) if k.abs() <= MAX_KOMI && (k * 2.0).fract() == 0.0 => Some(k),
                _ => {
                    return fail(
                        "komi",
                        "'komi' must be an integer or half-integer in [-400, 400]",
                    );
                }
            },
        };
        let board = Board::new(x);
        let stone_list = |key: &'static str| -> Result<Vec<(Color, Move)>, QueryError> {
            let Some(v) = q.get(key) else {
                return Ok(Vec::new());
            };
            let Some(items) = v.as_array() else {
                return fail(
                    key,
                    format!("'{key}' must be an array of [player, location]"),
                );
            };
            items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let pair = item.as_array().filter(|a| a.len() == 2);
                    let parsed = pair.and_then(|a| {
                        let color = parse_color(a[0].as_str()?)?;
                        let mv = Vertex::parse(a[1].as_str()?)?.to_move(&board)?;
                        Some((color, mv))
                    });
                    parsed.map_or_else(
                        || {
                            fail(
                                key,
                                format!(
                                    "{key}[{i}] is not a [player, location] on this board: {item}"
                                ),
                            )
                        },
                        Ok,
                    )
                })
                .collect()
        };
        if !q.get("moves").is_some_and(Value::is_array) {
            return fail("moves", "'moves' is required and must be an array");
        }
        let moves = stone_list("moves")?;
        let mut initial = Vec::new();
        for (color, mv) in stone_list("initialStones")? {
            match mv {
                Move::Play(p) => initial.push((p, color)),
                Move::Pass => return fail("initialStones", "an initial stone cannot be a pass"),
            }
        }
        let initial_player = match q.get("initialPlayer") {
            None => None,
            Some(v) => match v.as_str().and_then(parse_color) {
                Some(c) => Some(c),
                None => return fail("initialPlayer", "'initialPlayer' must be \"B\" or \"W\""),
            },
        };
        let turns = match q.get("analyzeTurns") {
            None => vec![moves.len()],
            Some(v) => {
                let Some(items) = v.as_array() else {
                    return fail(
                        "analyzeTurns",
                        "'analyzeTurns' must be an array of integers",
                    );
                };
                let mut turns = Vec::new();
                for t in items {
                    match t.as_u64() {
                        Some(t) if t as usize <= moves.len() => turns.push(t as usize),
                        _ => {
                            return fail(
                                "analyzeTurns",
                                format!("turn {t} is not in 0..={}", moves.len()),
                            );
                        }
                    }
                }
                turns
            }
        };
        let visits = match q.get("maxVisits") {
            None => self.max_visits,
            Some(v) => match v.as_u64() {
                Some(n) if (1..=MAX_VISITS).contains(&n) => n,
                _ => {
                    return fail(
                        "maxVisits",
                        format!("'maxVisits' must be from 1 to {MAX_VISITS}"),
                    );
                }
            },
        };
        let ownership = match q.get("includeOwnership") {
            None => false,
            Some(v) => match v.as_bool() {
                Some(b) => b,
                None => return fail("includeOwnership", "'includeOwnership' must be a boolean"),
            },
        };
        let perspective = match q
            .get("overrideSettings")
            .and_then(|s| s.get("reportAnalysisWinratesAs"))
        {
            None => Perspective::Black,
            Some(v) => match v.as_str().map(str::to_ascii_uppercase).as_deref() {
                Some("BLACK") => Perspective::Black,
                Some("WHITE") => Perspective::White,
                Some("SIDETOMOVE") => Perspective::SideToMove,
                _ => {
                    return fail(
                        "overrideSettings",
                        "reportAnalysisWinratesAs must be BLACK, WHITE or SIDETOMOVE",
                    );
                }
            },
        };
        Ok(Query {
            id: q["id"].clone(),
            size: x,
            rules,
            komi,
            initial,
            initial_player,
            moves,
            turns,
            visits,
            ownership,
            perspective,
        })
    }
}

/// The preset a KataGo rules name stands for (`chinese-ogs`, `korean`,
/// `bga`, ... any case, `_` for `-`); `koban review` reads a record's `RU`
/// with it too.
pub(crate) fn katago_preset(name: &str) -> Option<Preset> {
    match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "tromp-taylor" => Some(Preset::TrompTaylor),
        "chinese" | "chinese-ogs" | "chinese-kgs" => Some(Preset::Chinese),
        "japanese" | "korean" => Some(Preset::Japanese),
        "aga" | "bga" => Some(Preset::Aga),
        "new-zealand" => Some(Preset::NewZealand),
        _ => None,
    }
}

/// KataGo's rule names, and an object `{"ko": ..., "scoring": ...,
/// "suicide": ..., "whiteHandicapBonus": ...}` whose `ko` may name any of
/// koban's variants (KataGo's `SIMPLE`, `POSITIONAL`, `SITUATIONAL`, or
/// `geneva`, `kee`, `ing-spight`, `cleanup`).
fn parse_rules(value: &Value) -> Result<Rules, QueryError> {
    let args: Vec<String> = match value {
        Value::String(name) => {
            let preset = match katago_preset(name) {
                Some(preset) => preset.name(),
                None => {
                    return fail(
                        "rules",
                        format!(
                            "unknown rules '{name}'; rules: tromp-taylor chinese chinese-ogs \
                             chinese-kgs japanese korean aga bga new-zealand, or an object \
                             with ko (any of koban's variants), scoring, suicide, whiteHandicapBonus"
                        ),
                    );
                }
            };
            vec![preset.to_string()]
        }
        Value::Object(fields) => {
            let mut args = Vec::new();
            for (key, v) in fields {
                let text = v.as_str().map(str::to_ascii_lowercase);
                let arg = match (key.as_str(), v) {
                    ("ko", _) => {
                        let ko = text.unwrap_or_default();
                        if KoRule::from_name(&ko).is_none() {
                            let names: Vec<&str> = KoRule::ALL.iter().map(|k| k.name()).collect();
                            return fail(
                                "rules",
                                format!("unknown ko '{ko}'; ko: {}", names.join(" ")),
                            );
                        }
                        format!("ko={ko}")
                    }
                    ("scoring", _) => format!("scoring={}", text.unwrap_or_default()),
                    ("suicide", Value::Bool(b)) => {
                        format!("suicide={}", if *b { "allowed" } else { "forbidden" })
                    }
                    ("whiteHandicapBonus", _) => {
                        let bonus = match text.as_deref() {
                            Some("0") => "none",
                            Some("n") => "n",
                            Some("n-1") => "n-1",
                            _ => return fail("rules", "whiteHandicapBonus must be 0, N or N-1"),
                        };
                        format!("handicap={bonus}")
                    }
                    // KataGo's fields that change nothing here at their
                    // default values.
                    ("hasButton" | "friendlyPassOk", Value::Bool(false)) => continue,
                    ("tax", _) if text.as_deref() == Some("none") => continue,
                    _ => {
                        return fail(
                            "rules",
                            format!(
                                "rules field '{key}': {v} not supported; fields: ko scoring suicide whiteHandicapBonus"
                            ),
                        );
                    }
                };
                args.push(arg);
            }
            args
        }
        _ => return fail("rules", "'rules' must be a rule name or an object"),
    };
    Rules::default()
        .apply_arguments(&args)
        .or_else(|e| fail("rules", e.to_string()))
}

/// The game at `turn` of the query and the player to move there.
fn position(q: &Query, turn: usize) -> Result<(Game, Color), QueryError> {
    let mut game = Game::new(q.size, q.rules);
    if let Some(k) = q.komi {
        game.set_komi(k);
    }
    if !q.initial.is_empty() {
        let stones: Vec<(Point, Option<Color>)> =
            q.initial.iter().map(|&(p, c)| (p, Some(c))).collect();
        game.setup(&stones)
            .or_else(|e| fail("initialStones", format!("initial stones refused: {e:?}")))?;
    }
    let first = q
        .moves
        .first()
        .map(|&(c, _)| c)
        .or(q.initial_player)
        .unwrap_or(Color::Black);
    game.set_first_player(first)
        .or_else(|e| fail("initialPlayer", format!("{e:?}")))?;
    for (i, &(color, mv)) in q.moves[..turn].iter().enumerate() {
        if let Err(refusal) = game.play(color, mv) {
            let c = if color == Color::Black { "B" } else { "W" };
            return fail(
                "moves",
                format!(
                    "illegal move {} ({c} {}): {refusal:?}",
                    i + 1,
                    format_move(game.board(), mv)
                ),
            );
        }
    }
    let to_move = match q.moves.get(turn) {
        Some(&(c, _)) => c,
        None if turn > 0 => q.moves[turn - 1].0.opponent(),
        None => q.initial_player.unwrap_or(game.to_move()),
    };
    Ok((game, to_move))
}

/// The response for one turn.
fn response(q: &Query, turn: usize, board: &Board, a: &Analysis) -> Value {
    // The sign that turns the player to move's numbers into the reported ones.
    let flip = match q.perspective {
        Perspective::SideToMove => false,
        Perspective::Black => a.color == Color::White,
        Perspective::White => a.color == Color::Black,
    };
    let rate = |w: f64| if flip { 1.0 - w } else { w };
    let lead = |l: f64| if flip { -l } else { l };
    let move_infos: Vec<Value> = a
        .candidates
        .iter()
        .filter(|c| c.visits > 0)
        .enumerate()
        .map(|(order, c)| {
            let mut m = Map::new();
            m.insert("move".into(), json!(format_move(board, c.mv)));
            m.insert("visits".into(), json!(c.visits));
            m.insert("winrate".into(), json!(rate(c.winrate)));
            if let Some(l) = c.score_lead {
                m.insert("scoreLead".into(), json!(lead(l)));
                m.insert("scoreMean".into(), json!(lead(l)));
            }
            m.insert("prior".into(), json!(c.prior));
            m.insert("order".into(), json!(order));
            let pv: Vec<String> = c.pv.iter().map(|&mv| format_move(board, mv)).collect();
            m.insert("pv".into(), json!(pv));
            Value::Object(m)
        })
        .collect();
    let mut root = Map::new();
    root.insert("visits".into(), json!(a.visits));
    if let Some(w) = a.winrate {
        root.insert("winrate".into(), json!(rate(w)));
    }
    if let Some(l) = a.score_lead {
        root.insert("scoreLead".into(), json!(lead(l)));
    }
    root.insert(
        "currentPlayer".into(),
        json!(if a.color == Color::Black { "B" } else { "W" }),
    );
    let mut r = Map::new();
    r.insert("id".into(), q.id.clone());
    r.insert("turnNumber".into(), json!(turn));
    r.insert("isDuringSearch".into(), json!(false));
    r.insert("moveInfos".into(), Value::Array(move_infos));
    r.insert("rootInfo".into(), Value::Object(root));
    if q.ownership {
        let black_sign = match q.perspective {
            Perspective::Black => 1.0,
            Perspective::White => -1.0,
            Perspective::SideToMove if a.color == Color::Black => 1.0,
            Perspective::SideToMove => -1.0,
        };
        r.insert(
            "ownership".into(),
            // Three decimals are all a few thousand playouts can say.
            json!(
                ownership_rows(board, a, black_sign)
                    .into_iter()
                    .map(|v| (v * 1000.0).round() / 1000.0 + 0.0)
                    .collect::<Vec<_>>()
            ),
        );
    }
    Value::Object(r)
}

/// Reads queries from `input` until it ends and writes the responses to
/// `out`. Lines that are not UTF-8 get an error line like any malformed
/// query.
pub fn run<R: BufRead, W: Write>(
    engine: &mut JsonAnalysis,
    mut input: R,
    mut out: W,
) -> io::Result<()> {
    loop {
        let Some(bytes) = super::read_line_within(&mut input, MAX_QUERY_BYTES + 1)? else {
            return Ok(());
        };
        let mut failure = None;
        let mut emit = |response: Value| {
            if failure.is_none()
                && let Err(e) = writeln!(out, "{response}").and_then(|()| out.flush())
            {
                failure = Some(e);
            }
        };
        // A query past the limit is answered, not parsed: memory stays
        // bounded whatever a client sends.
        if bytes.len() > MAX_QUERY_BYTES {
            emit(json!({ "error": format!("query longer than {MAX_QUERY_BYTES} bytes") }));
        } else {
            engine.handle(&String::from_utf8_lossy(&bytes), &mut emit);
        }
        if let Some(e) = failure {
            return Err(e);
        }
    }
}
