//! The commands analysis clients need on top of plain GTP.
//!
//! Sabaki, Lizzie and other Leela Zero clients: `analyze` / `lz-analyze` stream
//! `info` lines from a search running in the background until any input line
//! arrives; `genmove_analyze` / `lz-genmove_analyze` stream them during a move
//! search and end with `play VERTEX`. GoGui: `gogui-analyze_commands` lists the
//! `gfx` views (ownership, win rates, visits, principal variation), the rules
//! commands and the ko state; `gogui-interrupt` announces that `# interrupt`
//! stops a long command (the input thread raises the flag the search watches).
//!
//! Invariants of a streamed response: `=id ` alone on the first line, then only
//! non-empty lines (`info ...`, `play V`), then one empty line; every line is
//! flushed as it is written, and nothing else reaches the output. An analysis
//! line holds at least one move, or is not written at all. The line that stops
//! an analysis is kept for the loop to run next ([`Engine::take_pending_line`]).

use super::kata::{ownership_rows, rate};
use super::{Engine, Reply, err};
use crate::board::{Board, Color, Move};
use crate::gtp::command::{AnalyzeArgs, Command, GfxView, InfoFormat};
use crate::gtp::vertex::{format_move, format_point};
use crate::player::{Analysis, SearchProbe, SearchWatch};
use crate::rules::{HandicapCompensation, KoRule};
use crate::time::Budget;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Interval between two `info` lines when the command gives none, in centiseconds.
const DEFAULT_INTERVAL_CENTIS: u64 = 100;

/// How often an analysis with a playout limit looks whether its search has ended.
const END_POLL: Duration = Duration::from_millis(20);

/// Time between two live graphics frames during `genmove` (`--gogui-live-gfx`).
const LIVE_GFX_PERIOD: Duration = Duration::from_millis(500);

/// Candidate moves labelled in a live graphics frame.
const LIVE_GFX_MOVES: usize = 10;

/// GoGui's analyze commands, `type/label/command` (GoGui splits on `/`, so no
/// label or command may contain one). `%m` is the color to move, `%c` a color
/// chosen in GoGui's analyze dialog, `%s` text the user types.
const GOGUI_ANALYZE_COMMANDS: &[&str] = &[
    "gfx/Ownership/koban-ownership %m",
    "gfx/Win rates/koban-move_stats %c winrate",
    "gfx/Visits/koban-move_stats %c visits",
    "gfx/Principal variation/koban-pv %c",
    "string/Rules/koban-rules",
    "string/Set rules.../koban-rules %s",
    "param/Rules and ko variant/koban-rule_params",
    "hstring/Ko state/koban-ko_state",
];

/// An analysis line lists by default only the moves with at least a 1/50th
/// of the best move's visits (the best always qualifies). Leela Zero and
/// KataGo list the moves their search actually explored, which a policy
/// network keeps to a few dozen; this search gives every legal move a few
/// visits, so listing them all made lines of up to 256 moves (17.5 KB on an
/// empty 19x19 board after one second) that mostly carried noise. `minmoves`
/// still asks for more, `maxmoves` for fewer.
const INFO_SHARE_OF_BEST: u32 = 50;

/// GoGui's Win rates view labels only the moves with at least a tenth of the
/// best move's visits: its labels are bare percentages, and the rate of a
/// move with a handful of visits (the noise of n results is about 50/sqrt(n)
/// points) would read as better than the best move's.
const WINRATE_VIEW_SHARE_OF_BEST: u32 = 10;

/// GoGui's Visits view labels the moves with at least a 1/50th of the best
/// move's visits, as analysis lines do: counts are not noisy, but a board
/// full of single digits hides the candidates.
const VISITS_VIEW_SHARE_OF_BEST: u32 = INFO_SHARE_OF_BEST;

/// Whether `visits` are at least 1/`divisor` of the best move's `best`
/// visits (and not none).
fn has_share(visits: u32, best: u32, divisor: u32) -> bool {
    visits > 0 && u64::from(visits) * u64::from(divisor) >= u64::from(best)
}

/// The fewest visits [`has_share`] accepts.
fn share_floor(best: u32, divisor: u32) -> u32 {
    best.div_ceil(divisor).max(1)
}

/// One `info` line for the moves of `analysis` that `args` asks for: the
/// moves with a share of the visits ([`INFO_SHARE_OF_BEST`]), or at least
/// `min_moves` moves, and at most `max_moves`, in the dialect of the command
/// ([`InfoFormat`]). `None` when no move qualifies (an empty line would end
/// the response).
///
/// A move's `scoreLead` is written only where the search has one
/// ([`Candidate::score_lead`](crate::player::Candidate): enough simulations),
/// never invented; KataGo's fields this search has no numbers for (utility,
/// score deviation, self-play score) are left out.
pub(crate) fn info_line(board: &Board, analysis: &Analysis, args: &AnalyzeArgs) -> Option<String> {
    let best = analysis.candidates.first().map_or(0, |c| c.visits);
    let kata = args.format == InfoFormat::Kata;
    // Sabaki takes a position's score lead as the largest lead of the moves
    // listed (and none at all if one of them has none): once the best move
    // has a lead, its lines list only moves with one and a tenth of the
    // best's visits, so that a thinly visited move's noise does not become
    // the position's score.
    let sabaki_leads = args.format == InfoFormat::Sabaki
        && analysis
            .candidates
            .first()
            .is_some_and(|c| c.score_lead.is_some());
    let divisor = if sabaki_leads {
        WINRATE_VIEW_SHARE_OF_BEST
    } else {
        INFO_SHARE_OF_BEST
    };
    let mut line = String::new();
    let mut order = 0;
    for c in &analysis.candidates {
        if args.max_moves.is_some_and(|max| order >= max) {
            break;
        }
        if order >= args.min_moves
            && (!has_share(c.visits, best, divisor) || sabaki_leads && c.score_lead.is_none())
        {
            continue;
        }
        if order > 0 {
            line.push(' ');
        }
        let pv: Vec<String> = c.pv.iter().map(|&m| format_move(board, m)).collect();
        line.push_str(&format!(
            "info move {} visits {} winrate {}",
            format_move(board, c.mv),
            c.visits,
            rate(c.winrate, kata)
        ));
        if args.format != InfoFormat::Leela
            && let Some(lead) = c.score_lead
        {
            if kata {
                // Lizzie reads `scoreMean`, which KataGo defines as the lead.
                line.push_str(&format!(" scoreMean {lead:.2}"));
            }
            line.push_str(&format!(" scoreLead {lead:.2}"));
        }
        line.push_str(&format!(
            " prior {} lcb {} order {order} pv {}",
            rate(c.prior, kata),
            rate(c.lcb, kata),
            pv.join(" ")
        ));
        order += 1;
    }
    if order == 0 {
        return None;
    }
    if kata && args.root_info {
        line.push_str(&format!(" rootInfo visits {}", analysis.visits));
        if let Some(w) = analysis.winrate {
            line.push_str(&format!(" winrate {w:.6}"));
        }
        if let Some(lead) = analysis.score_lead {
            line.push_str(&format!(" scoreMean {lead:.2} scoreLead {lead:.2}"));
        }
    }
    if kata && args.ownership && !analysis.ownership.is_empty() {
        line.push_str(" ownership");
        let mover = if analysis.color == Color::Black {
            1.0
        } else {
            -1.0
        };
        for v in ownership_rows(board, analysis, mover) {
            line.push_str(&format!(" {v:.3}"));
        }
    }
    Some(line)
}

/// Writes one line of a streamed response and flushes it.
fn emit<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

/// The first line of a streamed success response: `=id ` (a space even then).
fn stream_head(id: Option<u64>) -> String {
    format!("={} ", id.map(|i| i.to_string()).unwrap_or_default())
}

/// The time between two `info` lines; `None` for none at all (interval 0).
fn interval_of(args: &AnalyzeArgs) -> Option<Duration> {
    let centis = args.interval.unwrap_or(DEFAULT_INTERVAL_CENTIS);
    (centis > 0).then(|| Duration::from_millis(centis * 10))
}

/// The next deadline after `deadline`, never in the past: a slow client or a
/// loaded machine delays lines instead of bunching them.
fn next_deadline(deadline: Instant, interval: Duration) -> Instant {
    let next = deadline + interval;
    let now = Instant::now();
    if next < now { now + interval } else { next }
}

/// A count in at most four characters, for a board label: 845, 1.2k, 12k, 3.4M.
fn compact_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..9_950 => format!("{:.1}k", n as f64 / 1e3),
        9_950..999_500 => format!("{}k", (n as f64 / 1e3).round()),
        999_500..9_950_000 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{}M", (n as f64 / 1e6).round()),
    }
}

impl Engine {
    /// Runs a command that writes its own streamed response.
    pub(super) fn stream<W: Write>(
        &mut self,
        command: Command,
        id: Option<u64>,
        lines: &Receiver<Vec<u8>>,
        out: &mut W,
    ) -> io::Result<()> {
        match command {
            Command::Analyze(args) => self.analyze_stream(id, &args, lines, out),
            Command::GenMoveAnalyze(args) => self.genmove_analyze_stream(id, &args, out),
            other => {
                let reply = self.handle(other);
                out.write_all(crate::gtp::format_response(id, &reply).as_bytes())?;
                out.flush()
            }
        }
    }

    /// `analyze` / `lz-analyze`: searches in the background and writes an `info`
    /// line every interval until an input line (or the end of input) arrives, or,
    /// with `playouts N`, until the search has run them (a last line then shows
    /// its final picture).
    fn analyze_stream<W: Write>(
        &mut self,
        id: Option<u64>,
        args: &AnalyzeArgs,
        lines: &Receiver<Vec<u8>>,
        out: &mut W,
    ) -> io::Result<()> {
        let color = args.color.unwrap_or_else(|| self.game.to_move());
        let interval = interval_of(args);
        let budget = Budget {
            playouts: args.playouts,
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        };
        // Only a limited analysis ends by itself: one whose search stopped early
        // (the game is over, or one move is legal) still waits for the client.
        let ends_by_itself = args.playouts.is_some();
        emit(out, &stream_head(id))?;
        let board = self.game.board();
        let mut stopper = None;
        let mut failure = None;
        self.player.analyze(
            &self.game,
            color,
            &budget,
            &mut |probe: &dyn SearchProbe| {
                let mut deadline = interval.map(|i| Instant::now() + i);
                loop {
                    let mut wait = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                    if ends_by_itself {
                        wait = Some(wait.map_or(END_POLL, |w| w.min(END_POLL)));
                    }
                    let received = match wait {
                        None => lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
                        Some(w) => lines.recv_timeout(w),
                    };
                    match received {
                        Ok(line) => {
                            stopper = Some(line);
                            return;
                        }
                        Err(RecvTimeoutError::Disconnected) => return,
                        Err(RecvTimeoutError::Timeout) => {}
                    }
                    let ended = ends_by_itself && probe.wait_end(Duration::ZERO);
                    let due = deadline.is_some_and(|d| Instant::now() >= d);
                    if (due || ended && interval.is_some())
                        && let Some(text) = info_line(board, &probe.snapshot(), args)
                        && let Err(e) = emit(out, &text)
                    {
                        failure = Some(e);
                        return;
                    }
                    if ended {
                        return;
                    }
                    if due {
                        deadline = deadline.zip(interval).map(|(d, i)| next_deadline(d, i));
                    }
                }
            },
        );
        if let Some(e) = failure {
            return Err(e);
        }
        self.pending_line = stopper;
        out.write_all(b"\n")?;
        out.flush()
    }

    /// `genmove_analyze` / `lz-genmove_analyze`: `genmove` (same budget, clock
    /// and move), with `info` lines every interval while it searches, a last one
    /// for the final picture, and `play VERTEX` at the end. Like `genmove`, it
    /// ends early on `# interrupt` only; other input waits for it.
    fn genmove_analyze_stream<W: Write>(
        &mut self,
        id: Option<u64>,
        args: &AnalyzeArgs,
        out: &mut W,
    ) -> io::Result<()> {
        let color = args.color.unwrap_or_else(|| self.game.to_move());
        let interval = interval_of(args);
        emit(out, &stream_head(id))?;
        let board = self.game.board().clone();
        let mut failure = None;
        let reply = {
            let mut watch = |probe: &dyn SearchProbe| {
                let Some(interval) = interval else {
                    return;
                };
                let mut deadline = Instant::now() + interval;
                loop {
                    let ended = probe.wait_end(deadline.saturating_duration_since(Instant::now()));
                    if let Some(text) = info_line(&board, &probe.snapshot(), args)
                        && let Err(e) = emit(out, &text)
                    {
                        failure = Some(e);
                        return;
                    }
                    if ended {
                        return;
                    }
                    deadline = next_deadline(deadline, interval);
                }
            };
            self.genmove_watched(color, true, false, Some(&mut watch as SearchWatch<'_>))
        };
        if let Some(e) = failure {
            return Err(e);
        }
        match reply {
            Ok(mv) => emit(out, &format!("play {mv}"))?,
            // Cannot happen (genmove only fails if its checked move is refused);
            // the stream has begun, so it can only be logged.
            Err(e) => log::error!("genmove_analyze {color:?}: {e}"),
        }
        out.write_all(b"\n")?;
        out.flush()
    }

    /// `genmove` showing its search in GoGui: every [`LIVE_GFX_PERIOD`] a
    /// `gogui-gfx:` frame on stderr (the visits of the leading moves, the best
    /// one squared, and a status line with its win rate and line of play), and
    /// `gogui-gfx: CLEAR` at the end so no frame outlives the command. The
    /// response on stdout is `genmove`'s, unchanged.
    pub(super) fn genmove_live_gfx(&mut self, color: Color, commit: bool, cleanup: bool) -> Reply {
        let board = self.game.board().clone();
        let mut watch = |probe: &dyn SearchProbe| {
            let mut deadline = Instant::now() + LIVE_GFX_PERIOD;
            while !probe.wait_end(deadline.saturating_duration_since(Instant::now())) {
                if let Some(frame) = live_gfx_frame(&board, &probe.snapshot()) {
                    // One write under the lock, so log lines cannot split a frame.
                    let _ = std::io::stderr().lock().write_all(frame.as_bytes());
                }
                deadline = next_deadline(deadline, LIVE_GFX_PERIOD);
            }
        };
        let reply =
            self.genmove_watched(color, commit, cleanup, Some(&mut watch as SearchWatch<'_>));
        let _ = std::io::stderr().lock().write_all(b"gogui-gfx: CLEAR\n");
        reply
    }

    /// The client commands that answer with one reply.
    pub(super) fn handle_client_command(&mut self, command: Command) -> Reply {
        match command {
            Command::GoguiInterrupt => Ok(String::new()),
            Command::GoguiAnalyzeCommands => Ok(GOGUI_ANALYZE_COMMANDS.join("\n")),
            Command::KobanGfx { view, color } => Ok(self.gfx(view, color)),
            Command::KobanRuleParams(None) => Ok(self.rule_params()),
            Command::KobanRuleParams(Some((key, value))) => self.set_rule_param(&key, &value),
            Command::Analyze(_) | Command::GenMoveAnalyze(_) => {
                err("this command streams its answer: send it through the GTP loop")
            }
            _ => err("unknown command"),
        }
    }

    /// A GoGui `gfx` view of a search of the current position with the
    /// command-line budget (the game's clock is neither used nor charged).
    fn gfx(&mut self, view: GfxView, color: Option<Color>) -> String {
        let color = color.unwrap_or_else(|| self.game.to_move());
        let budget = self.config.budget;
        let analysis = self.player.evaluate(&self.game, color, &budget);
        let board = self.game.board();
        let side = match color {
            Color::Black => "Black",
            Color::White => "White",
        };
        let mut lines = Vec::new();
        match view {
            GfxView::Ownership => {
                if analysis.ownership.is_empty() {
                    return "TEXT no ownership: nothing was searched".into();
                }
                let pairs: Vec<String> = analysis
                    .ownership
                    .iter()
                    .map(|&(p, o)| format!("{} {:.2}", format_point(board, p), o))
                    .collect();
                lines.push(format!("INFLUENCE {}", pairs.join(" ")));
                let balance: f64 = analysis.ownership.iter().map(|&(_, o)| o).sum();
                lines.push(format!(
                    "TEXT {side} to play: Black owns {balance:+.1} points of area more than White (komi not included), {} simulations",
                    analysis.visits
                ));
            }
            GfxView::WinRates | GfxView::Visits => {
                return move_stats_view(board, &analysis, view, side);
            }
            GfxView::Variation => {
                let Some(best) = analysis.candidates.first().filter(|c| c.visits > 0) else {
                    return "TEXT no variation: nothing was searched".into();
                };
                let mut mover = color;
                let mut var = String::from("VAR");
                for &mv in &best.pv {
                    let c = if mover == Color::Black { 'b' } else { 'w' };
                    var.push_str(&format!(" {c} {}", format_move(board, mv)));
                    mover = mover.opponent();
                }
                lines.push(var);
                lines.push(format!(
                    "TEXT {side} to play: {} {:.1}% ({} visits), {} simulations",
                    format_move(board, best.mv),
                    best.winrate * 100.0,
                    best.visits,
                    analysis.visits
                ));
            }
        }
        lines.join("\n")
    }

    /// The rules as GoGui parameters: `[list/...] key value` per line.
    fn rule_params(&self) -> String {
        let rules = self.game.rules();
        let kos: Vec<&str> = KoRule::ALL.iter().map(|k| k.name()).collect();
        [
            format!("[list/{}] ko {}", kos.join("/"), rules.ko),
            format!("[list/area/territory] scoring {}", rules.scoring.name()),
            format!(
                "[list/forbidden/allowed] suicide {}",
                if rules.suicide {
                    "allowed"
                } else {
                    "forbidden"
                }
            ),
            format!(
                "[list/{}] handicap {}",
                HandicapCompensation::ALL.map(|h| h.name()).join("/"),
                rules.handicap.name()
            ),
        ]
        .join("\n")
    }

    /// GoGui's parameter change, `KEY VALUE`: `koban-rules KEY=VALUE`.
    fn set_rule_param(&mut self, key: &str, value: &str) -> Reply {
        let key = key.to_ascii_lowercase();
        if !["ko", "scoring", "suicide", "handicap"].contains(&key.as_str()) {
            return Err(format!(
                "unknown key '{key}'; keys: ko scoring suicide handicap"
            ));
        }
        self.koban_rules(&[format!("{key}={value}")])
    }
}

/// GoGui's Win rates or Visits view of `analysis`: a `LABEL` on each move with
/// its share of the visits (see [`WINRATE_VIEW_SHARE_OF_BEST`] and
/// [`VISITS_VIEW_SHARE_OF_BEST`]), a `SQUARE` on the best move (the most
/// visited, the one `genmove` would choose) so that no higher label is taken
/// for it, and a `TEXT` status line naming the best move, the pass and the
/// visit floor.
fn move_stats_view(board: &Board, analysis: &Analysis, view: GfxView, side: &str) -> String {
    let Some(best) = analysis.candidates.first().filter(|c| c.visits > 0) else {
        return "TEXT no move statistics: nothing was searched".into();
    };
    let divisor = if view == GfxView::Visits {
        VISITS_VIEW_SHARE_OF_BEST
    } else {
        WINRATE_VIEW_SHARE_OF_BEST
    };
    let labels: Vec<String> = analysis
        .candidates
        .iter()
        .filter(|c| has_share(c.visits, best.visits, divisor))
        .filter_map(|c| match c.mv {
            Move::Pass => None,
            Move::Play(p) => Some(format!(
                "{} {}",
                format_point(board, p),
                if view == GfxView::Visits {
                    compact_count(u64::from(c.visits))
                } else {
                    format!("{:.0}", c.winrate * 100.0)
                }
            )),
        })
        .collect();
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    if let Move::Play(p) = best.mv {
        lines.push(format!("SQUARE {}", format_point(board, p)));
    }
    let mut text = format!(
        "TEXT {side} to play: best {} {:.1}% ({} visits)",
        format_move(board, best.mv),
        best.winrate * 100.0,
        best.visits
    );
    if let Some(pass) = analysis.candidates.iter().find(|c| c.mv == Move::Pass)
        && best.mv != Move::Pass
    {
        text.push_str(&format!(
            ", pass {:.1}% ({} visits)",
            pass.winrate * 100.0,
            pass.visits
        ));
    }
    text.push_str(&format!(
        ", {} simulations; shown: moves with {}+ visits",
        analysis.visits,
        share_floor(best.visits, divisor)
    ));
    lines.push(text);
    lines.join("\n")
}

/// One live graphics frame in GoGui's multi-line form (`gogui-gfx:`, draw
/// commands, an empty line); `None` before any move has visits.
fn live_gfx_frame(board: &Board, analysis: &Analysis) -> Option<String> {
    let best = analysis.candidates.first().filter(|c| c.visits > 0)?;
    let labels: Vec<String> = analysis
        .candidates
        .iter()
        .take(LIVE_GFX_MOVES)
        .filter(|c| c.visits > 0)
        .filter_map(|c| match c.mv {
            Move::Pass => None,
            Move::Play(p) => Some(format!(
                "{} {}",
                format_point(board, p),
                compact_count(u64::from(c.visits))
            )),
        })
        .collect();
    let mut frame = String::from("gogui-gfx:\n");
    if !labels.is_empty() {
        frame.push_str(&format!("LABEL {}\n", labels.join(" ")));
    }
    if let Move::Play(p) = best.mv {
        frame.push_str(&format!("SQUARE {}\n", format_point(board, p)));
    }
    let pv: Vec<String> = best.pv.iter().map(|&m| format_move(board, m)).collect();
    frame.push_str(&format!(
        "TEXT {} {:.1}% after {} simulations: {}\n\n",
        format_move(board, best.mv),
        best.winrate * 100.0,
        analysis.visits,
        pv.join(" ")
    ));
    Some(frame)
}

#[cfg(test)]
mod tests;
