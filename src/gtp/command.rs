//! Typed GTP commands: parsing a request's name and arguments into a [`Command`]
//! never panics and rejects every malformed argument with a `syntax error` message,
//! before any state is touched.

use super::vertex::{Vertex, parse_color};
use crate::board::Color;
use crate::status::Status;
use crate::time::{MAX_SECONDS, TimeSystem};

/// Every command koban answers, in `list_commands` order. [`Command::parse`]
/// accepts exactly these names (a test checks both directions).
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "is_legal",
    "all_legal",
    "list_stones",
    "gogui-setup",
    "gogui-setup_player",
    "loadsgf",
    "printsgf",
    "kgs-rules",
    "koban-rules",
    "koban-ko_state",
    "final_score",
    "final_status_list",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "kgs-chat",
    "cputime",
    // Sabaki (and Lizzie, Leela Zero clients): streamed analysis.
    "analyze",
    "lz-analyze",
    "genmove_analyze",
    "lz-genmove_analyze",
    // Lizzie, LizGoban and KataGo tools: KataGo's format, ownership on request.
    "kata-analyze",
    "kata-genmove_analyze",
    // GoGui.
    "gogui-interrupt",
    "gogui-analyze_commands",
    "koban-ownership",
    "koban-move_stats",
    "koban-pv",
    "koban-rule_params",
];

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(String),
    ListCommands,
    Quit,
    BoardSize(usize),
    ClearBoard,
    Komi(f64),
    Play(Color, Vertex),
    GenMove(Color),
    RegGenMove(Color),
    Undo,
    ShowBoard,
    FixedHandicap(usize),
    PlaceFreeHandicap(usize),
    SetFreeHandicap(Vec<Vertex>),
    TimeSettings {
        main: f64,
        period: f64,
        stones: u32,
    },
    TimeLeft {
        color: Color,
        seconds: f64,
        count: u32,
    },
    KgsTimeSettings(TimeSystem),
    IsLegal(Color, Vertex),
    AllLegal(Color),
    ListStones(Color),
    GoguiSetup(Vec<(Option<Color>, Vertex)>),
    GoguiSetupPlayer(Color),
    LoadSgf {
        file: String,
        move_number: Option<usize>,
    },
    PrintSgf(Option<String>),
    KgsRules(String),
    KobanRules(Vec<String>),
    KobanKoState(Option<String>),
    FinalScore,
    FinalStatusList(Status),
    KgsGenMoveCleanup(Color),
    KgsGameOver,
    CpuTime,
    KgsChat {
        private: bool,
        user: String,
        text: String,
    },
    Analyze(AnalyzeArgs),
    GenMoveAnalyze(AnalyzeArgs),
    GoguiInterrupt,
    GoguiAnalyzeCommands,
    KobanGfx {
        view: GfxView,
        color: Option<Color>,
    },
    /// GoGui's parameter protocol: no argument lists, `KEY VALUE` sets.
    KobanRuleParams(Option<(String, String)>),
}

/// Longest analysis interval accepted, in centiseconds (one hour).
const MAX_INTERVAL_CENTIS: u64 = 360_000;

/// Arguments of the analysis commands, in any of the forms clients send:
/// `[COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N]`, and koban's own
/// `[playouts N]`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct AnalyzeArgs {
    /// The player to analyse for; the player to move when absent.
    pub(crate) color: Option<Color>,
    /// Centiseconds between two `info` lines; 0 prints none. Absent: 100.
    pub(crate) interval: Option<u64>,
    /// Show at least this many moves per line, visited or not.
    pub(crate) min_moves: usize,
    /// Show at most this many moves per line.
    pub(crate) max_moves: Option<usize>,
    /// End the analysis by itself after this many playouts (a response that
    /// completes without input, for scripts and regression files).
    pub(crate) playouts: Option<u64>,
    /// Which client's line format to write.
    pub(crate) format: InfoFormat,
    /// KataGo's `ownership true`: end each line with the ownership map.
    pub(crate) ownership: bool,
    /// KataGo's `rootInfo true`: a `rootInfo` section after the moves.
    pub(crate) root_info: bool,
}

/// The dialects of analysis lines.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum InfoFormat {
    /// `lz-analyze`: Leela Zero's fields, rates as integers 0..10000.
    #[default]
    Leela,
    /// `analyze`: Leela Zero's fields plus `scoreLead` (Sabaki reads rates
    /// as integers for this command, and draws the score lead).
    Sabaki,
    /// `kata-analyze`: KataGo's format, rates as floats, score lead,
    /// `rootInfo` and `ownership` on request.
    Kata,
}

impl InfoFormat {
    fn of(command: &str) -> InfoFormat {
        match command {
            "analyze" => InfoFormat::Sabaki,
            "kata-analyze" => InfoFormat::Kata,
            _ => InfoFormat::Leela,
        }
    }
}

/// What a GoGui `gfx` command of koban shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GfxView {
    /// Black's expected ownership of each point (`INFLUENCE`).
    Ownership,
    /// Win rate of each candidate move, in percent (`LABEL`).
    WinRates,
    /// Visits of each candidate move (`LABEL`).
    Visits,
    /// The principal variation (`VAR`).
    Variation,
}

/// Why a request could not become a command.
#[derive(Clone, Debug, PartialEq)]
pub enum ParseError {
    Unknown,
    Syntax(String),
}

fn syntax<T>(detail: &str) -> Result<T, ParseError> {
    Err(ParseError::Syntax(format!("syntax error: {detail}")))
}

struct Args<'a> {
    items: &'a [String],
    next: usize,
}

impl<'a> Args<'a> {
    fn take(&mut self, what: &str) -> Result<&'a str, ParseError> {
        match self.items.get(self.next) {
            Some(s) => {
                self.next += 1;
                Ok(s)
            }
            None => syntax(&format!("expected {what}")),
        }
    }

    fn color(&mut self) -> Result<Color, ParseError> {
        let s = self.take("a colour")?;
        parse_color(s).map_or_else(|| syntax("expected a colour"), Ok)
    }

    fn vertex(&mut self) -> Result<Vertex, ParseError> {
        let s = self.take("a vertex")?;
        Vertex::parse(s).map_or_else(|| syntax(&format!("invalid vertex '{s}'")), Ok)
    }

    fn uint(&mut self, what: &str, max: u64) -> Result<u64, ParseError> {
        let s = self.take(what)?;
        match s.parse::<u64>() {
            Ok(v) if v <= max => Ok(v),
            Ok(_) => syntax(&format!("{what} out of range")),
            Err(_) => syntax(&format!("expected {what}")),
        }
    }

    /// Seconds: a non-negative number (integers in GTP; fractions accepted).
    fn seconds(&mut self, what: &str) -> Result<f64, ParseError> {
        let s = self.take(what)?;
        match s.parse::<f64>() {
            Ok(v) if v.is_finite() && (0.0..=MAX_SECONDS).contains(&v) => Ok(v),
            Ok(_) => syntax(&format!("{what} out of range")),
            Err(_) => syntax(&format!("expected {what}")),
        }
    }

    fn rest(&mut self) -> &'a [String] {
        let rest = &self.items[self.next..];
        self.next = self.items.len();
        rest
    }

    fn done(&self) -> Result<(), ParseError> {
        if self.next < self.items.len() {
            syntax(&format!("unexpected argument '{}'", self.items[self.next]))
        } else {
            Ok(())
        }
    }
}

impl Command {
    pub fn parse(name: &str, args: &[String]) -> Result<Command, ParseError> {
        let mut a = Args {
            items: args,
            next: 0,
        };
        let command = match name {
            "protocol_version" => Command::ProtocolVersion,
            "name" => Command::Name,
            "version" => Command::Version,
            "known_command" => Command::KnownCommand(a.take("a command name")?.to_string()),
            "list_commands" => Command::ListCommands,
            "quit" => Command::Quit,
            "boardsize" => {
                // Sizes the engine cannot play are refused later with
                // `unacceptable size`; only non-numbers are syntax errors.
                let s = a.take("a board size")?;
                match s.parse::<u64>() {
                    Ok(v) => Command::BoardSize(v.min(usize::MAX as u64) as usize),
                    Err(_) => return syntax("expected a board size"),
                }
            }
            "clear_board" => Command::ClearBoard,
            "komi" => {
                let s = a.take("komi")?;
                match s.parse::<f64>() {
                    Ok(k) if k.is_finite() && k.abs() <= 1000.0 => Command::Komi(k),
                    Ok(_) => return syntax("komi out of range"),
                    Err(_) => return syntax("expected komi"),
                }
            }
            "play" => Command::Play(a.color()?, a.vertex()?),
            "genmove" => Command::GenMove(a.color()?),
            "reg_genmove" => Command::RegGenMove(a.color()?),
            "undo" => Command::Undo,
            "showboard" => Command::ShowBoard,
            "fixed_handicap" => {
                Command::FixedHandicap(a.uint("a number of stones", 1000)? as usize)
            }
            "place_free_handicap" => {
                Command::PlaceFreeHandicap(a.uint("a number of stones", 1000)? as usize)
            }
            "set_free_handicap" => {
                let mut vertices = Vec::new();
                while a.next < args.len() {
                    vertices.push(a.vertex()?);
                }
                if vertices.is_empty() {
                    return syntax("expected vertices");
                }
                Command::SetFreeHandicap(vertices)
            }
            "time_settings" => Command::TimeSettings {
                main: a.seconds("main time")?,
                period: a.seconds("byo-yomi time")?,
                stones: a.uint("byo-yomi stones", 1_000_000)? as u32,
            },
            "time_left" => Command::TimeLeft {
                color: a.color()?,
                seconds: a.seconds("time")?,
                count: a.uint("stones", 1_000_000)? as u32,
            },
            "kgs-time_settings" => {
                let kind = a
                    .take("none, absolute, byoyomi or canadian")?
                    .to_ascii_lowercase();
                let system = match kind.as_str() {
                    "none" => TimeSystem::None,
                    "absolute" => TimeSystem::Absolute {
                        main: a.seconds("main time")?,
                    },
                    "byoyomi" => {
                        let main = a.seconds("main time")?;
                        let period = a.seconds("period time")?;
                        let periods = a.uint("periods", 1_000_000)? as u32;
                        if period == 0.0 || periods == 0 {
                            TimeSystem::Absolute { main }
                        } else {
                            TimeSystem::Byoyomi {
                                main,
                                period,
                                periods,
                            }
                        }
                    }
                    "canadian" => {
                        let main = a.seconds("main time")?;
                        let period = a.seconds("period time")?;
                        let stones = a.uint("stones", 1_000_000)? as u32;
                        if period == 0.0 || stones == 0 {
                            TimeSystem::Absolute { main }
                        } else {
                            TimeSystem::Canadian {
                                main,
                                period,
                                stones,
                            }
                        }
                    }
                    _ => return syntax("expected none, absolute, byoyomi or canadian"),
                };
                Command::KgsTimeSettings(system)
            }
            "is_legal" => Command::IsLegal(a.color()?, a.vertex()?),
            "all_legal" => Command::AllLegal(a.color()?),
            "list_stones" => Command::ListStones(a.color()?),
            "gogui-setup" => {
                let mut stones = Vec::new();
                while a.next < args.len() {
                    let c = a.take("a colour")?;
                    let color = if c.eq_ignore_ascii_case("e") || c.eq_ignore_ascii_case("empty") {
                        None
                    } else {
                        Some(parse_color(c).map_or_else(|| syntax("expected b, w or e"), Ok)?)
                    };
                    let v = a.vertex()?;
                    if v == Vertex::Pass {
                        return syntax("setup needs a point, not pass");
                    }
                    stones.push((color, v));
                }
                Command::GoguiSetup(stones)
            }
            "gogui-setup_player" => Command::GoguiSetupPlayer(a.color()?),
            "loadsgf" => {
                let file = a.take("a file name")?.to_string();
                let move_number = if a.next < args.len() {
                    Some(a.uint("a move number", u32::MAX as u64)? as usize)
                } else {
                    None
                };
                Command::LoadSgf { file, move_number }
            }
            "printsgf" => Command::PrintSgf(a.rest().first().cloned()),
            "kgs-rules" => Command::KgsRules(a.take("a rule set")?.to_string()),
            "koban-rules" => Command::KobanRules(a.rest().to_vec()),
            "koban-ko_state" => Command::KobanKoState(a.rest().first().cloned()),
            "final_score" => Command::FinalScore,
            "final_status_list" => {
                let s = a.take("alive, dead or seki")?;
                match Status::from_name(s) {
                    Some(status) => Command::FinalStatusList(status),
                    None => return syntax("expected alive, dead or seki"),
                }
            }
            "kgs-genmove_cleanup" => Command::KgsGenMoveCleanup(a.color()?),
            "kgs-game_over" => Command::KgsGameOver,
            "cputime" => Command::CpuTime,
            "kgs-chat" => {
                let private = match a.take("game or private")? {
                    "game" => false,
                    "private" => true,
                    _ => return syntax("expected game or private"),
                };
                let user = a.take("a user name")?.to_string();
                Command::KgsChat {
                    private,
                    user,
                    text: a.rest().join(" "),
                }
            }
            "analyze" | "lz-analyze" | "kata-analyze" => {
                Command::Analyze(analyze_args(InfoFormat::of(name), a.rest())?)
            }
            "genmove_analyze" | "lz-genmove_analyze" | "kata-genmove_analyze" => {
                let name = name.replace("genmove_", "");
                Command::GenMoveAnalyze(analyze_args(InfoFormat::of(&name), a.rest())?)
            }
            "gogui-interrupt" => Command::GoguiInterrupt,
            "gogui-analyze_commands" => Command::GoguiAnalyzeCommands,
            "koban-ownership" | "koban-pv" => {
                let view = if name == "koban-pv" {
                    GfxView::Variation
                } else {
                    GfxView::Ownership
                };
                let color = match a.rest() {
                    [] => None,
                    [c] => Some(parse_color(c).map_or_else(|| syntax("expected a colour"), Ok)?),
                    [_, extra, ..] => return syntax(&format!("unexpected argument '{extra}'")),
                };
                Command::KobanGfx { view, color }
            }
            "koban-move_stats" => {
                let mut color = None;
                let mut view = GfxView::WinRates;
                for arg in a.rest() {
                    match arg.to_ascii_lowercase().as_str() {
                        "winrate" => view = GfxView::WinRates,
                        "visits" => view = GfxView::Visits,
                        other => match parse_color(other) {
                            Some(c) if color.is_none() => color = Some(c),
                            _ => {
                                return syntax(&format!(
                                    "unexpected argument '{arg}'; expected [COLOUR] [winrate|visits]"
                                ));
                            }
                        },
                    }
                }
                Command::KobanGfx { view, color }
            }
            "koban-rule_params" => match a.rest() {
                [] => Command::KobanRuleParams(None),
                [key, value] => Command::KobanRuleParams(Some((key.clone(), value.clone()))),
                _ => return syntax("expected no argument, or a key and a value"),
            },
            _ => return Err(ParseError::Unknown),
        };
        a.done()?;
        Ok(command)
    }
}

/// Parses `[COLOR] [INTERVAL] [KEY VALUE]...` (Leela Zero, KataGo and Sabaki
/// all send some subset, in this order).
fn analyze_args(format: InfoFormat, args: &[String]) -> Result<AnalyzeArgs, ParseError> {
    let mut parsed = AnalyzeArgs {
        format,
        ..AnalyzeArgs::default()
    };
    let mut rest = args;
    if let [first, tail @ ..] = rest
        && let Some(color) = parse_color(first)
    {
        parsed.color = Some(color);
        rest = tail;
    }
    let number = |text: &str, what: &str, max: u64| -> Result<u64, ParseError> {
        match text.parse::<u64>() {
            Ok(v) if v <= max => Ok(v),
            Ok(_) => syntax(&format!("{what} out of range")),
            Err(_) => syntax(&format!("expected {what}, not '{text}'")),
        }
    };
    if let [first, tail @ ..] = rest
        && first.bytes().all(|b| b.is_ascii_digit())
    {
        parsed.interval = Some(number(first, "an interval", MAX_INTERVAL_CENTIS)?);
        rest = tail;
    }
    while let [key, tail @ ..] = rest {
        let Some(value) = tail.first() else {
            return syntax(&format!("'{key}' needs a value"));
        };
        let count = |what| number(value, what, 1000).map(|v| v as usize);
        match key.to_ascii_lowercase().as_str() {
            "interval" => {
                parsed.interval = Some(number(value, "an interval", MAX_INTERVAL_CENTIS)?)
            }
            "minmoves" => parsed.min_moves = count("a number of moves")?,
            "maxmoves" => parsed.max_moves = Some(count("a number of moves")?),
            "playouts" => match number(value, "a number of playouts", 1_000_000_000_000)? {
                0 => return syntax("playouts must be at least 1"),
                n => parsed.playouts = Some(n),
            },
            "ownership" | "rootinfo" if format == InfoFormat::Kata => {
                let on = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return syntax(&format!("'{key}' takes true or false")),
                };
                if key.eq_ignore_ascii_case("ownership") {
                    parsed.ownership = on;
                } else {
                    parsed.root_info = on;
                }
            }
            // KataGo's fields that this search has no numbers for: accepted
            // so that clients asking for them still get the rest, and left
            // out of the lines.
            "ownershipstdev"
            | "movesownership"
            | "movesownershipstdev"
            | "pvvisits"
            | "pvedgevisits"
            | "noresultvalue"
                if format == InfoFormat::Kata =>
            {
                if value != "true" && value != "false" {
                    return syntax(&format!("'{key}' takes true or false"));
                }
            }
            _ => {
                let kata = if format == InfoFormat::Kata {
                    " ownership rootInfo"
                } else {
                    ""
                };
                return syntax(&format!(
                    "unknown analysis option '{key}'; options: interval minmoves maxmoves playouts{kata}"
                ));
            }
        }
        rest = &tail[1..];
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn every_listed_command_parses_somehow() {
        for name in COMMANDS {
            // Unknown means the table and the parser disagree; syntax errors for
            // missing arguments are fine.
            assert_ne!(
                Command::parse(name, &[]),
                Err(ParseError::Unknown),
                "{name}"
            );
        }
        assert_eq!(Command::parse("nonsense", &[]), Err(ParseError::Unknown));
    }

    #[test]
    fn kgs_time_settings() {
        let parse = |a: &str| Command::parse("kgs-time_settings", &args(a));
        assert_eq!(
            parse("none"),
            Ok(Command::KgsTimeSettings(TimeSystem::None))
        );
        assert_eq!(
            parse("absolute 300"),
            Ok(Command::KgsTimeSettings(TimeSystem::Absolute {
                main: 300.0
            }))
        );
        assert_eq!(
            parse("byoyomi 600 30 5"),
            Ok(Command::KgsTimeSettings(TimeSystem::Byoyomi {
                main: 600.0,
                period: 30.0,
                periods: 5
            }))
        );
        assert_eq!(
            parse("canadian 600 300 25"),
            Ok(Command::KgsTimeSettings(TimeSystem::Canadian {
                main: 600.0,
                period: 300.0,
                stones: 25
            }))
        );
        assert_eq!(
            parse("BYOYOMI 60 0 5"),
            Ok(Command::KgsTimeSettings(TimeSystem::Absolute {
                main: 60.0
            }))
        );
    }

    #[test]
    fn analysis_arguments_in_every_client_order() {
        let parse = |a: &str| match Command::parse("lz-analyze", &args(a)) {
            Ok(Command::Analyze(x)) => x,
            other => panic!("{a}: {other:?}"),
        };
        let b50 = AnalyzeArgs {
            color: Some(Color::Black),
            interval: Some(50),
            ..AnalyzeArgs::default()
        };
        assert_eq!(parse("B 50"), b50);
        assert_eq!(parse("b interval 50"), b50);
        assert_eq!(parse("black 50"), b50);
        assert_eq!(
            parse("50"),
            AnalyzeArgs {
                interval: Some(50),
                ..AnalyzeArgs::default()
            }
        );
        assert_eq!(parse(""), AnalyzeArgs::default());
        assert_eq!(
            parse("b 10 playouts 500"),
            AnalyzeArgs {
                color: Some(Color::Black),
                interval: Some(10),
                playouts: Some(500),
                ..AnalyzeArgs::default()
            }
        );
        assert_eq!(
            parse("W 0 minmoves 3 maxmoves 10"),
            AnalyzeArgs {
                color: Some(Color::White),
                interval: Some(0),
                min_moves: 3,
                max_moves: Some(10),
                ..AnalyzeArgs::default()
            }
        );
        // KataGo's form, with the fields koban fills and those it leaves out.
        assert_eq!(
            Command::parse(
                "kata-analyze",
                &args("B interval 20 ownership true rootInfo true pvVisits true")
            ),
            Ok(Command::Analyze(AnalyzeArgs {
                color: Some(Color::Black),
                interval: Some(20),
                format: InfoFormat::Kata,
                ownership: true,
                root_info: true,
                ..AnalyzeArgs::default()
            }))
        );
        for bad in ["ownership yes", "pvVisits 1", "avoid b d4 1"] {
            assert!(
                matches!(
                    Command::parse("kata-analyze", &args(bad)),
                    Err(ParseError::Syntax(_))
                ),
                "{bad}"
            );
        }
        // Only KataGo's command takes KataGo's options.
        assert!(matches!(
            Command::parse("lz-analyze", &args("ownership true")),
            Err(ParseError::Syntax(_))
        ));
        assert_eq!(
            Command::parse("genmove_analyze", &args("w 25")),
            Ok(Command::GenMoveAnalyze(AnalyzeArgs {
                color: Some(Color::White),
                interval: Some(25),
                format: InfoFormat::Sabaki,
                ..AnalyzeArgs::default()
            }))
        );
        for bad in [
            "x 50",
            "b -5",
            "b 5.5",
            "b 50 avoid b d4 1",
            "b interval",
            "b 99999999999999999999",
            "b 360001",
            "b 50 minmoves many",
            "b 50 playouts 0",
        ] {
            match Command::parse("analyze", &args(bad)) {
                Err(ParseError::Syntax(m)) => assert!(m.starts_with("syntax error"), "{m}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn gogui_gfx_arguments() {
        assert_eq!(
            Command::parse("koban-move_stats", &args("w visits")),
            Ok(Command::KobanGfx {
                view: GfxView::Visits,
                color: Some(Color::White)
            })
        );
        assert_eq!(
            Command::parse("koban-pv", &[]),
            Ok(Command::KobanGfx {
                view: GfxView::Variation,
                color: None
            })
        );
        for (name, a) in [
            ("koban-move_stats", "b w"),
            ("koban-move_stats", "ratio"),
            ("koban-ownership", "b b"),
            ("koban-pv", "green"),
            ("koban-rule_params", "ko"),
        ] {
            assert!(
                matches!(Command::parse(name, &args(a)), Err(ParseError::Syntax(_))),
                "{name} {a}"
            );
        }
    }

    #[test]
    fn bad_arguments_are_syntax_errors() {
        for (name, a) in [
            ("play", "x d4"),
            ("play", "b i5"),
            ("play", "b"),
            ("play", "b d4 extra"),
            ("komi", "abc"),
            ("komi", "inf"),
            ("boardsize", "-3"),
            ("time_settings", "1 2"),
            ("time_settings", "-1 2 3"),
            ("time_settings", "1e300 0 0"),
            ("time_left", "b 10"),
            ("kgs-time_settings", "byoyomi 10 5"),
            ("kgs-time_settings", "fischer 10 5"),
            ("kgs-time_settings", "absolute -1"),
            ("kgs-time_settings", "none 5"),
            ("gogui-setup", "b"),
            ("gogui-setup", "x a1"),
            ("fixed_handicap", "two"),
            ("final_status_list", "bogus"),
            ("final_status_list", ""),
            ("final_status_list", "dead seki"),
            ("kgs-genmove_cleanup", "red"),
        ] {
            match Command::parse(name, &args(a)) {
                Err(ParseError::Syntax(m)) => assert!(m.starts_with("syntax error")),
                other => panic!("{name} {a}: {other:?}"),
            }
        }
    }
}
