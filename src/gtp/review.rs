//! `koban review GAME.sgf`: every position of a game's main line searched
//! with a fixed budget, written back as an annotated copy of the record and
//! a graph beside it.
//!
//! - Every node gets Sabaki's properties for the position after it: `SBKV`,
//!   Black's win rate in percent, and `SBKS`, Black's score lead in points
//!   (where the search has one; see `analysis::SCORE_LEAD_MIN_VISITS`). The
//!   position's value is its most visited move's, as Sabaki records it.
//! - A move that lost more than the threshold (in points of score lead, for
//!   the player who made it) gets a comment naming koban's preferred move
//!   and the loss. The loss is the difference of two noisy means, so the
//!   threshold is a few points, not one.
//! - The graph is an SVG file: Black's win rate (0 to 100%) and score lead
//!   (scaled to the game's largest) over the moves.
//! - The rules come from the record's `RU` (KataGo's and Sabaki's common
//!   names, and koban's own `koban:ko=...` form) unless given; a record whose
//!   rules are unknown and not given is refused, not guessed.
//!
//! Lives beside the GTP front end because, like it and `koban analysis`, it
//! turns the player's searches into what a user's tools read.

use super::json_analysis::katago_preset;
use crate::board::Color;
use crate::board::vertex::format_move;
use crate::game::Game;
use crate::player::{Analysis, Player};
use crate::rules::{Preset, Rules};
use crate::sgf::{self, LoadOptions};
use crate::time::Budget;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Comment a move that lost more than this many points, by default: the
/// loss is the difference of two positions' leads, each off by a point or
/// two at a few thousand playouts, so below this most comments would be
/// noise.
pub const DEFAULT_THRESHOLD: f64 = 5.0;

/// What a review is asked for.
pub struct ReviewOptions {
    /// The search per position.
    pub budget: Budget,
    /// The rules; `None` reads them from the record's `RU`.
    pub rules: Option<Rules>,
    /// Comment moves that lost more than this many points.
    pub threshold: f64,
    /// Where to write `PREFIX.sgf` and `PREFIX.svg`; `None` puts them beside
    /// the record as `GAME-review.sgf` and `GAME-review.svg`.
    pub output: Option<PathBuf>,
}

/// Why a review could not be made.
#[derive(Debug)]
pub enum ReviewError {
    Read(PathBuf, std::io::Error),
    Sgf(sgf::SgfError),
    /// The record names rules koban does not know and none were given.
    UnknownRules(String),
    Write(PathBuf, std::io::Error),
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewError::Read(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            ReviewError::Sgf(e) => write!(f, "cannot review the record: {e}"),
            ReviewError::UnknownRules(ru) => write!(
                f,
                "the record's rules RU[{ru}] are unknown: give them with --rules (and --ko)"
            ),
            ReviewError::Write(p, e) => write!(f, "cannot write {}: {e}", p.display()),
        }
    }
}

impl std::error::Error for ReviewError {}

/// The rules an SGF `RU` value names: the common names (as Sabaki, KGS,
/// OGS and KataGo write them) and koban's `koban:key=value,...`.
pub fn rules_of_ru(ru: &str) -> Option<Rules> {
    let text = ru.trim();
    if let Some(args) = text.strip_prefix("koban:") {
        let args: Vec<String> = args.split(',').map(str::to_string).collect();
        return Rules::default().apply_arguments(&args).ok();
    }
    // KataGo's names, then the short forms SGF editors write.
    let name = text.to_ascii_lowercase().replace(' ', "-");
    let preset = katago_preset(&name).or(match name.as_str() {
        "cn" => Some(Preset::Chinese),
        "jp" => Some(Preset::Japanese),
        "nz" => Some(Preset::NewZealand),
        "tt" => Some(Preset::TrompTaylor),
        _ => None,
    })?;
    Some(preset.rules())
}

/// One position's evaluation, from Black's side.
#[derive(Clone, Debug)]
struct Eval {
    /// Black's win rate, 0..1.
    winrate: f64,
    /// Black's score lead, where the search has one.
    lead: Option<f64>,
    /// koban's preferred move there, with the mover's win rate and lead.
    best: Option<(crate::board::Move, f64, Option<f64>)>,
}

/// The position's value from the search: its most visited move's, or for a
/// finished game its result.
fn point_of(game: &Game, to_move: Color, a: &Analysis) -> Eval {
    let black = |x: f64| if to_move == Color::Black { x } else { 1.0 - x };
    let black_lead = |x: f64| if to_move == Color::Black { x } else { -x };
    match a.candidates.first().filter(|c| c.visits > 0) {
        Some(c) => Eval {
            winrate: black(c.winrate),
            lead: c.score_lead.map(black_lead),
            best: Some((c.mv, c.winrate, c.score_lead)),
        },
        None => {
            // Nothing to search: the game is over (or one move is left); the
            // count is the answer.
            let margin = game.final_margin();
            Eval {
                winrate: if margin > 0.0 {
                    1.0
                } else if margin < 0.0 {
                    0.0
                } else {
                    0.5
                },
                lead: Some(margin),
                best: None,
            }
        }
    }
}

/// The files a review wrote.
#[derive(Debug)]
pub struct ReviewFiles {
    pub sgf: PathBuf,
    pub svg: PathBuf,
    /// Moves commented as losing more than the threshold.
    pub mistakes: usize,
}

/// Reviews the record at `path` with `player`, writing progress lines to
/// `progress` (stderr from the command line).
pub fn review(
    path: &Path,
    options: &ReviewOptions,
    player: &mut dyn Player,
    progress: &mut dyn Write,
) -> Result<ReviewFiles, ReviewError> {
    // As `loadsgf`: a regular file within the size limit, so no FIFO or
    // device can stall the review and no file can exhaust its memory.
    let text = super::files::read_regular(path, super::files::MAX_SGF_BYTES)
        .map_err(|e| ReviewError::Read(path.into(), std::io::Error::other(e.to_string())))?;
    let record = sgf::parse(&text).map_err(ReviewError::Sgf)?;
    let rules = match (options.rules, record.rules.as_deref()) {
        (Some(r), _) => r,
        (None, None) => Rules::default(),
        (None, Some(ru)) => rules_of_ru(ru).ok_or_else(|| ReviewError::UnknownRules(ru.into()))?,
    };
    let load = LoadOptions {
        rules,
        komi: 7.5,
        move_number: None,
        max_turns: Game::MAX_TURNS,
    };
    let game = Game::from_sgf(&text, &load).map_err(ReviewError::Sgf)?;
    let turns = game.record().to_vec();
    let n = turns.len();
    let mut points = Vec::with_capacity(n + 1);
    let board = game.board().clone();
    // The positions in turn, each one turn on from the last: a replay of the
    // record once, not of every prefix.
    let mut at = game
        .with_record(&[])
        .map_err(|e| ReviewError::Sgf(sgf::SgfError::IllegalMove(e.index + 1)))?;
    for i in 0..=n {
        if i > 0 {
            let turn = &turns[i - 1];
            at.play(turn.color, turn.mv)
                .map_err(|_| ReviewError::Sgf(sgf::SgfError::IllegalMove(i)))?;
        }
        let to_move = turns.get(i).map_or_else(|| at.to_move(), |t| t.color);
        let analysis = player.evaluate(&at, to_move, &options.budget);
        let p = point_of(&at, to_move, &analysis);
        let lead = p.lead.map_or("-".into(), |l| format!("{l:+.1}"));
        // A progress line rewritten in place; errors on stderr are not worth
        // stopping a review for.
        let _ = write!(
            progress,
            "\rreview: position {i}/{n} ({}%), Black {:.1}% {lead}   ",
            i * 100 / n.max(1),
            p.winrate * 100.0
        );
        let _ = progress.flush();
        points.push(p);
    }
    let _ = writeln!(progress);
    let mut nodes: Vec<Vec<(&str, String)>> = Vec::with_capacity(n + 1);
    let mut mistakes = 0;
    for (i, p) in points.iter().enumerate() {
        let mut props = vec![("SBKV", format!("{:.2}", p.winrate * 100.0))];
        if let Some(l) = p.lead {
            props.push(("SBKS", format!("{l:.2}")));
        }
        if i > 0
            && let Some(comment) =
                comment(&board, &turns[i - 1], &points[i - 1], p, options.threshold)
        {
            props.push(("C", comment));
            mistakes += 1;
        }
        nodes.push(props);
    }
    let (sgf_path, svg_path) = output_paths(path, options.output.as_deref());
    let mut extra: Vec<(&str, String)> = Vec::new();
    for (id, value) in [
        ("PB", record.player_name(Color::Black)),
        ("PW", record.player_name(Color::White)),
        ("RE", record.result()),
    ] {
        if let Some(v) = value {
            extra.push((id, v.to_string()));
        }
    }
    extra.push(("C", format!(
        "Reviewed by koban {}: every position searched with {}; SBKV is Black's win rate, SBKS Black's score lead (the mean final margin of the simulations, noisy: see docs/clients.md). Moves that lost more than {} points are commented.",
        env!("CARGO_PKG_VERSION"),
        budget_text(&options.budget),
        options.threshold
    )));
    let text = sgf::write_annotated(&game, &extra, &nodes);
    // As `printsgf`: regular files only, so a FIFO or device named as the
    // output cannot stall the review.
    let write = |path: &PathBuf, bytes: &[u8]| {
        super::files::write_regular(path, bytes)
            .map_err(|e| ReviewError::Write(path.clone(), std::io::Error::other(e.to_string())))
    };
    write(&sgf_path, text.as_bytes())?;
    write(&svg_path, graph(&points).as_bytes())?;
    Ok(ReviewFiles {
        sgf: sgf_path,
        svg: svg_path,
        mistakes,
    })
}

fn budget_text(budget: &Budget) -> String {
    match (budget.playouts, budget.time) {
        (Some(p), _) => format!("{p} playouts"),
        (None, Some(t)) => format!("{:.1} s", t.as_secs_f64()),
        (None, None) => "the default budget".into(),
    }
}

/// The comment on a move (`turn`, from position `before` to `after`) when
/// it lost more than `threshold` points for its player.
fn comment(
    board: &crate::board::Board,
    turn: &crate::game::Turn,
    before: &Eval,
    after: &Eval,
    threshold: f64,
) -> Option<String> {
    let (best, best_rate, best_lead) = before.best?;
    let mover_lead_before = best_lead?;
    let sign = if turn.color == Color::Black {
        1.0
    } else {
        -1.0
    };
    let mover_lead_after = sign * after.lead?;
    let lost = mover_lead_before - mover_lead_after;
    if lost <= threshold || best == turn.mv {
        return None;
    }
    let rate_after = if turn.color == Color::Black {
        after.winrate
    } else {
        1.0 - after.winrate
    };
    let name = if turn.color == Color::Black {
        "Black"
    } else {
        "White"
    };
    Some(format!(
        "koban prefers {} ({:.1}%, {:+.1}). {} {} loses about {lost:.1} points ({name}'s win rate {:.1}% -> {:.1}%).",
        format_move(board, best),
        best_rate * 100.0,
        mover_lead_before,
        name,
        format_move(board, turn.mv),
        best_rate * 100.0,
        rate_after * 100.0
    ))
}

/// `PREFIX.sgf` and `PREFIX.svg`, the prefix given or `GAME-review` beside
/// the record.
fn output_paths(record: &Path, prefix: Option<&Path>) -> (PathBuf, PathBuf) {
    let prefix = match prefix {
        Some(p) => p.to_path_buf(),
        None => {
            let stem = record
                .file_stem()
                .map_or("game".into(), |s| s.to_string_lossy());
            record.with_file_name(format!("{stem}-review"))
        }
    };
    let with = |ext: &str| {
        let mut s = prefix.clone().into_os_string();
        s.push(ext);
        PathBuf::from(s)
    };
    (with(".sgf"), with(".svg"))
}

/// The SVG graph: Black's win rate (blue, 0 to 100%) and score lead (red,
/// scaled to the largest lead of the game, at least 10 points), with the
/// even line, move numbers and the scales.
fn graph(points: &[Eval]) -> String {
    let (w, h, left, right, top, bottom) = (900.0, 360.0, 60.0, 60.0, 30.0, 40.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let n = (points.len().max(2) - 1) as f64;
    let max_lead = points
        .iter()
        .filter_map(|p| p.lead)
        .fold(10.0f64, |m, l| m.max(l.abs()))
        .ceil();
    let x = |i: usize| left + pw * i as f64 / n;
    let y_rate = |r: f64| top + ph * (1.0 - r);
    let y_lead = |l: f64| top + ph * (0.5 - l / (2.0 * max_lead));
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <rect x=\"{left}\" y=\"{top}\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#888\"/>\n\
         <line x1=\"{left}\" y1=\"{mid}\" x2=\"{x2}\" y2=\"{mid}\" stroke=\"#bbb\" stroke-dasharray=\"4 4\"/>\n",
        mid = y_rate(0.5),
        x2 = left + pw
    );
    // Move numbers every tenth (or fiftieth) move.
    let step = if n > 150.0 { 50 } else { 10 };
    for i in (0..points.len()).step_by(step) {
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{y0}\" x2=\"{x:.1}\" y2=\"{y1}\" stroke=\"#eee\"/><text x=\"{x:.1}\" y=\"{ty}\" text-anchor=\"middle\">{i}</text>",
            x = x(i),
            y0 = top,
            y1 = top + ph,
            ty = top + ph + 16.0
        );
    }
    for (label, r) in [("100%", 1.0), ("50%", 0.5), ("0%", 0.0)] {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#1f5fbf\">{label}</text>",
            left - 6.0,
            y_rate(r) + 4.0
        );
    }
    for l in [max_lead, 0.0, -max_lead] {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{:.1}\" fill=\"#c0392b\">{l:+}</text>",
            left + pw + 6.0,
            y_lead(l) + 4.0
        );
    }
    let rate_line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y_rate(p.winrate)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>",
        rate_line.join(" ")
    );
    // The lead line breaks where a position has no lead.
    let mut segment: Vec<String> = Vec::new();
    let mut segments = Vec::new();
    for (i, p) in points.iter().enumerate() {
        match p.lead {
            Some(l) => segment.push(format!("{:.1},{:.1}", x(i), y_lead(l))),
            None => segments.push(std::mem::take(&mut segment)),
        }
    }
    segments.push(segment);
    for s in segments.into_iter().filter(|s| !s.is_empty()) {
        let _ = writeln!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.5\"/>",
            s.join(" ")
        );
    }
    let _ = write!(
        svg,
        "<text x=\"{left}\" y=\"18\" fill=\"#1f5fbf\">Black's win rate</text>\
         <text x=\"{}\" y=\"18\" text-anchor=\"end\" fill=\"#c0392b\">Black's score lead (points)</text>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">move</text>\n</svg>\n",
        left + pw,
        left + pw / 2.0,
        h - 6.0
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::KoRule;

    #[test]
    fn ru_names_the_rules() {
        assert_eq!(rules_of_ru("Chinese"), Some(Preset::Chinese.rules()));
        assert_eq!(rules_of_ru("Japanese"), Some(Preset::Japanese.rules()));
        assert_eq!(rules_of_ru("NZ"), Some(Preset::NewZealand.rules()));
        let geneva = Rules::default()
            .apply_arguments(&["ko=geneva".into()])
            .unwrap();
        assert_eq!(rules_of_ru(&geneva.sgf_name()), Some(geneva));
        assert_eq!(geneva.ko, KoRule::Geneva);
        assert_eq!(rules_of_ru("Ing"), None);
    }

    #[test]
    fn the_graph_breaks_the_lead_line_where_there_is_no_lead() {
        let p = |winrate, lead| Eval {
            winrate,
            lead,
            best: None,
        };
        let svg = graph(&[
            p(0.5, Some(1.0)),
            p(0.6, Some(3.0)),
            p(0.4, None),
            p(0.3, Some(-20.0)),
        ]);
        assert_eq!(svg.matches("<polyline").count(), 3, "{svg}");
        assert!(svg.contains("+20"), "scaled to the largest lead: {svg}");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }
}
