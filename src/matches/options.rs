//! Command-line options of `koban match`, spelled as gogui-twogtp spells them
//! (`-black CMD`), with `--black CMD` and `--black=CMD` accepted too, and the
//! shell-like splitting of engine command lines.
//!
//! Parsing never panics: every malformed option is an `Err` with a message meant
//! for a person, and the caller exits with status 2.

use super::error::{OptionError, SplitError};
use super::sprt::{Sprt, SprtError};
use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::rules::{Preset, Rules, preset_names};
use crate::time::MAX_SECONDS;

const USAGE: &str = "usage: koban match -black CMD -white CMD -sgffile PREFIX [options]
       koban match -summary FILE.dat

Plays games between two GTP engines and writes PREFIX-0.sgf, PREFIX-1.sgf, ...
and a gogui-twogtp compatible results table PREFIX.dat.
  -black CMD       command line of the first engine (Black in even games)
  -white CMD       command line of the second engine
  -sgffile PREFIX  prefix of the output files
  -games N         number of games (default 1)
  -size N          board size (default 19)
  -komi K          komi (default 6.5)
  -alternate       the engines swap colours in odd games
  -time SECONDS    main time per side (whole seconds), sent as time_settings
  -timeout SECONDS wall-clock limit for one engine reply (default 60); an engine
                   that exceeds it (or its main time) loses on time
  -maxmoves N      stop a game after N moves, recorded as an error (default 1000)
  -referee CMD     GTP engine scoring games that end by two passes; 'none' for
                   no referee (default: GNU Go with Chinese rules if installed)
  -rules PRESET    rules the runner judges moves by (default chinese);
                   presets: PRESETS
  -sprt ELO0,ELO1  stop early when a sequential probability ratio test on the
                   results accepts H0 (the first engine is ELO0 Elo stronger)
                   or H1 (ELO1 stronger); -games is then the most to play
  -alpha A         SPRT: chance of accepting H1 when H0 holds (default 0.05)
  -beta B          SPRT: chance of accepting H0 when H1 holds (default 0.05)
  -force           overwrite an existing PREFIX.dat; without it the match in
                   PREFIX.dat goes on (its games count toward -games and -sprt)
                   if it is this match: the same engines, size, komi and
                   -alternate
  -verbose         log the GTP streams to stderr
  -debugtocomment  keep what each engine writes to stderr in the SGF: the
                   comment of each move holds its engine's output from that
                   genmove to its next one (at most 16 KiB a move)
  -auto            accepted for gogui-twogtp compatibility (always on)
  -summary FILE    only print the first engine's win rate from a table written
                   by koban match or gogui-twogtp
  -help            this text
Options may also be written --name VALUE or --name=VALUE. Command lines are
split like a shell does: quote arguments that contain spaces.";

/// Where final scores come from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RefereeChoice {
    /// GNU Go if it is installed, else none.
    Auto,
    None,
    Command(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub(crate) black: String,
    pub(crate) white: String,
    pub(crate) sgffile: String,
    pub(crate) games: usize,
    pub(crate) size: usize,
    pub(crate) komi: f64,
    pub(crate) alternate: bool,
    /// Main time per side in whole seconds.
    pub(crate) time: Option<u64>,
    /// Limit for one reply, in seconds.
    pub(crate) timeout: f64,
    pub(crate) maxmoves: usize,
    pub(crate) referee: RefereeChoice,
    pub(crate) rules: Rules,
    pub(crate) rules_name: String,
    pub(crate) force: bool,
    pub(crate) verbose: bool,
    /// Each move's SGF comment holds what its engine wrote to stderr.
    pub(crate) debug_to_comment: bool,
    /// Stop when this test decides.
    pub(crate) sprt: Option<Sprt>,
}

impl Options {
    /// Whether the engines swap colours in game `index`: the odd games
    /// (1, 3, ...) under `-alternate`.
    pub(crate) fn alternated(&self, index: usize) -> bool {
        self.alternate && index % 2 == 1
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub(crate) enum Parsed {
    Run(Box<Options>),
    /// Print the win rate recorded in an existing results table.
    Summary(String),
    Help,
}

/// The usage text with the preset names filled in.
pub(crate) fn usage() -> String {
    USAGE.replace("PRESETS", &preset_names())
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, OptionError> {
    text.trim().parse().map_err(|_| OptionError::NotANumber {
        flag: flag.to_string(),
        text: text.to_string(),
    })
}

fn seconds(flag: &str, text: &str) -> Result<f64, OptionError> {
    let v: f64 = number(flag, text)?;
    if !v.is_finite() || v <= 0.0 || v > MAX_SECONDS {
        return Err(OptionError::NotSeconds {
            flag: flag.to_string(),
            text: text.to_string(),
        });
    }
    Ok(v)
}

pub(crate) fn parse(args: &[String]) -> Result<Parsed, OptionError> {
    let mut black = None;
    let mut white = None;
    let mut sgffile = None;
    let mut options = Options {
        black: String::new(),
        white: String::new(),
        sgffile: String::new(),
        games: 1,
        size: 19,
        komi: 6.5,
        alternate: false,
        time: None,
        timeout: 60.0,
        maxmoves: 1000,
        referee: RefereeChoice::Auto,
        rules: Rules::default(),
        rules_name: Preset::Chinese.name().to_string(),
        force: false,
        verbose: false,
        debug_to_comment: false,
        sprt: None,
    };
    let mut hypotheses: Option<String> = None;
    let mut rates: [Option<f64>; 2] = [None, None];
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'));
        let Some(body) = body.filter(|b| !b.is_empty()) else {
            return Err(OptionError::UnexpectedArgument(arg.to_string()));
        };
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let flag = format!("-{name}");
        let takes_value = matches!(
            name,
            "black"
                | "white"
                | "sgffile"
                | "games"
                | "size"
                | "komi"
                | "time"
                | "timeout"
                | "maxmoves"
                | "referee"
                | "rules"
                | "summary"
                | "sprt"
                | "alpha"
                | "beta"
        );
        let value = if takes_value {
            match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    args.get(i)
                        .cloned()
                        .ok_or_else(|| OptionError::NeedsValue(flag.clone()))?
                }
            }
        } else {
            if inline.is_some() {
                return Err(OptionError::TakesNoValue(flag));
            }
            String::new()
        };
        match name {
            "black" => black = Some(value),
            "white" => white = Some(value),
            "sgffile" => sgffile = Some(value),
            "games" => {
                options.games = number(&flag, &value)?;
                if options.games == 0 {
                    return Err(OptionError::NoGames);
                }
            }
            "size" => {
                options.size = number(&flag, &value)?;
                if !(MIN_SIZE..=MAX_SIZE).contains(&options.size) {
                    return Err(OptionError::Size {
                        min: MIN_SIZE,
                        max: MAX_SIZE,
                    });
                }
            }
            "komi" => {
                let k: f64 = number(&flag, &value)?;
                if !k.is_finite() || k.abs() > 1000.0 {
                    return Err(OptionError::Komi(value));
                }
                options.komi = k;
            }
            "time" => {
                let t: u64 = number(&flag, &value)?;
                if t == 0 || t as f64 > MAX_SECONDS {
                    return Err(OptionError::Time(value));
                }
                options.time = Some(t);
            }
            "timeout" => options.timeout = seconds(&flag, &value)?,
            "maxmoves" => {
                options.maxmoves = number(&flag, &value)?;
                if options.maxmoves == 0 {
                    return Err(OptionError::MaxMoves);
                }
            }
            "referee" => {
                options.referee = if value.trim().is_empty() || value.trim() == "none" {
                    RefereeChoice::None
                } else {
                    split_command(&value).map_err(|error| OptionError::Command {
                        flag: flag.clone(),
                        error,
                    })?;
                    RefereeChoice::Command(value)
                };
            }
            "rules" => {
                let preset = Preset::from_name(&value.to_ascii_lowercase()).ok_or_else(|| {
                    OptionError::UnknownRules {
                        name: value.clone(),
                        presets: preset_names(),
                    }
                })?;
                options.rules = preset.rules();
                options.rules_name = preset.name().to_string();
            }
            "summary" => return Ok(Parsed::Summary(value)),
            "sprt" => hypotheses = Some(value),
            "alpha" | "beta" => {
                let (slot, flag) = if name == "alpha" {
                    (0, "-alpha")
                } else {
                    (1, "-beta")
                };
                let rate: f64 = number(flag, &value)?;
                if !(rate > 0.0 && rate < 0.5) {
                    return Err(OptionError::Sprt {
                        flag,
                        error: SprtError::ErrorRate(value),
                    });
                }
                rates[slot] = Some(rate);
            }
            "alternate" => options.alternate = true,
            "force" => options.force = true,
            "verbose" => options.verbose = true,
            "debugtocomment" => options.debug_to_comment = true,
            "auto" => {}
            "help" | "h" => return Ok(Parsed::Help),
            "threads" | "openings" | "observer" | "xml" | "analyze" | "compare" | "config" => {
                return Err(OptionError::Unsupported(flag));
            }
            _ => return Err(OptionError::UnknownOption(arg.to_string())),
        }
        i += 1;
    }
    let need = |v: Option<String>, flag: &'static str| -> Result<String, OptionError> {
        match v {
            Some(v) if !v.trim().is_empty() => Ok(v),
            _ => Err(OptionError::Required(flag)),
        }
    };
    match hypotheses {
        Some(h) => {
            let sprt = Sprt::parse(&h, rates[0].unwrap_or(0.05), rates[1].unwrap_or(0.05))
                .map_err(|error| OptionError::Sprt {
                    flag: "-sprt",
                    error,
                })?;
            options.sprt = Some(sprt);
        }
        None => {
            if let Some(flag) = [("-alpha", rates[0]), ("-beta", rates[1])]
                .into_iter()
                .find_map(|(flag, rate)| rate.map(|_| flag))
            {
                return Err(OptionError::WithoutSprt(flag));
            }
        }
    }
    options.black = need(black, "-black")?;
    options.white = need(white, "-white")?;
    options.sgffile = need(sgffile, "-sgffile")?;
    for (flag, command) in [("-black", &options.black), ("-white", &options.white)] {
        split_command(command).map_err(|error| OptionError::Command {
            flag: flag.to_string(),
            error,
        })?;
    }
    Ok(Parsed::Run(Box::new(options)))
}

/// Splits a command line into words as a POSIX shell would, without expansions:
/// blanks separate words; single quotes keep everything literally; double quotes
/// keep everything but `\"`, `\\`, `\$` and `` \` ``, which lose the backslash;
/// outside quotes a backslash keeps the next character literally.
pub(crate) fn split_command(line: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnterminatedSingleQuote(line.to_string())),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => {
                                return Err(SplitError::UnterminatedDoubleQuote(line.to_string()));
                            }
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnterminatedDoubleQuote(line.to_string())),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(SplitError::TrailingBackslash(line.to_string())),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(SplitError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(
            split_command("gnugo --mode gtp").unwrap(),
            ["gnugo", "--mode", "gtp"]
        );
        assert_eq!(
            split_command(r#"a 'b c' "d \"e\" \n" f\ g ''"#).unwrap(),
            ["a", "b c", r#"d "e" \n"#, "f g", ""]
        );
        assert_eq!(split_command("  x\t y  ").unwrap(), ["x", "y"]);
        for bad in ["", "   ", "'open", "\"open", "x\\"] {
            assert!(split_command(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parses_gogui_and_gnu_spellings() {
        let parsed = parse(&args(&[
            "-black",
            "koban --seed 1",
            "--white=gnugo --mode gtp",
            "-size",
            "9",
            "--komi",
            "7",
            "-games",
            "4",
            "-alternate",
            "-auto",
            "-sgffile",
            "out/m",
            "-time",
            "30",
            "-referee",
            "none",
            "-rules",
            "japanese",
        ]))
        .unwrap();
        let Parsed::Run(o) = parsed else {
            panic!("expected a run")
        };
        assert_eq!(o.black, "koban --seed 1");
        assert_eq!(o.white, "gnugo --mode gtp");
        assert_eq!((o.size, o.komi, o.games, o.alternate), (9, 7.0, 4, true));
        assert_eq!(o.time, Some(30));
        assert_eq!(o.referee, RefereeChoice::None);
        assert_eq!(o.rules, Preset::Japanese.rules());
        assert_eq!(o.sprt, None);
        assert!(!o.debug_to_comment);
        let Ok(Parsed::Run(o)) = parse(&args(&[
            "-black",
            "a",
            "-white",
            "b",
            "-sgffile",
            "p",
            "--sprt=-5,20",
            "-beta",
            "0.1",
            "-debugtocomment",
        ])) else {
            panic!("expected a run")
        };
        assert_eq!(o.sprt, Some(Sprt::parse("-5,20", 0.05, 0.1).unwrap()));
        assert!(o.debug_to_comment);
        assert!(matches!(parse(&args(&["--help"])), Ok(Parsed::Help)));
        assert!(
            matches!(parse(&args(&["-summary", "m.dat"])), Ok(Parsed::Summary(f)) if f == "m.dat")
        );
    }

    #[test]
    fn bad_options_are_errors() {
        let base = ["-black", "a", "-white", "b", "-sgffile", "p"];
        for extra in [
            &["-size", "1"][..],
            &["-size", "26"],
            &["-size", "nine"],
            &["-komi", "nan"],
            &["-games", "0"],
            &["-games", "-3"],
            &["-time", "0"],
            &["-time", "1.5"],
            &["-timeout", "-1"],
            &["-maxmoves", "0"],
            &["-rules", "klingon"],
            &["-threads", "2"],
            &["-bogus"],
            &["stray"],
            &["-alternate=1"],
            &["-referee", "'unterminated"],
            &["-size"],
            &["-sprt", "5,0"],
            &["-sprt", "0,5", "-alpha", "0.5"],
            &["-sprt", "0,5", "-beta", "x"],
            &["-alpha", "0.1"],
        ] {
            let mut a = args(&base);
            a.extend(args(extra));
            assert!(parse(&a).is_err(), "{extra:?}");
        }
        assert!(
            parse(&args(&["-black", "a", "-white", "b"]))
                .unwrap_err()
                .to_string()
                .contains("-sgffile")
        );
        assert!(parse(&args(&["-black", "a", "-white", "  ", "-sgffile", "p"])).is_err());
    }

    /// The messages users see after `koban match: ` are the ones gogui-twogtp
    /// users and our docs know; the typed errors must print them word for word.
    #[test]
    fn option_errors_print_the_known_messages() {
        let base = ["-black", "a", "-white", "b", "-sgffile", "p"];
        for (extra, kind, message) in [
            (
                &["stray"][..],
                OptionError::UnexpectedArgument("stray".into()),
                "unexpected argument 'stray'",
            ),
            (
                &["-bogus"],
                OptionError::UnknownOption("-bogus".into()),
                "unknown option '-bogus'",
            ),
            (
                &["-xml"],
                OptionError::Unsupported("-xml".into()),
                "-xml is a gogui-twogtp option that koban match does not support",
            ),
            (
                &["-size"],
                OptionError::NeedsValue("-size".into()),
                "-size needs a value",
            ),
            (
                &["-alternate=1"],
                OptionError::TakesNoValue("-alternate".into()),
                "-alternate takes no value",
            ),
            (
                &["-games", "x"],
                OptionError::NotANumber {
                    flag: "-games".into(),
                    text: "x".into(),
                },
                "-games: 'x' is not a valid number",
            ),
            (
                &["-timeout", "0"],
                OptionError::NotSeconds {
                    flag: "-timeout".into(),
                    text: "0".into(),
                },
                "-timeout: '0' must be a positive number of seconds",
            ),
            (
                &["-games", "0"],
                OptionError::NoGames,
                "-games: at least one game (unlimited matches are not supported)",
            ),
            (
                &["-size", "1"],
                OptionError::Size {
                    min: MIN_SIZE,
                    max: MAX_SIZE,
                },
                "-size: must be between 2 and 25",
            ),
            (
                &["-komi", "1e9"],
                OptionError::Komi("1e9".into()),
                "-komi: '1e9' is out of range",
            ),
            (
                &["-time", "0"],
                OptionError::Time("0".into()),
                "-time: '0' must be a positive whole number of seconds",
            ),
            (
                &["-maxmoves", "0"],
                OptionError::MaxMoves,
                "-maxmoves: must be at least 1",
            ),
            (
                &["-referee", "'x"],
                OptionError::Command {
                    flag: "-referee".into(),
                    error: SplitError::UnterminatedSingleQuote("'x".into()),
                },
                "-referee: unterminated single quote in ''x'",
            ),
            (
                &["-sprt", "0"],
                OptionError::Sprt {
                    flag: "-sprt",
                    error: SprtError::Hypotheses("0".into()),
                },
                "-sprt: '0' is not ELO0,ELO1 with ELO0 < ELO1 (Elo between -1000 and 1000)",
            ),
            (
                &["-sprt", "0,5", "-alpha", "0.6"],
                OptionError::Sprt {
                    flag: "-alpha",
                    error: SprtError::ErrorRate("0.6".into()),
                },
                "-alpha: '0.6' must be a probability between 0 and 0.5",
            ),
            (
                &["-beta", "0.1"],
                OptionError::WithoutSprt("-beta"),
                "-beta needs -sprt",
            ),
        ] {
            let mut a = args(&base);
            a.extend(args(extra));
            let e = parse(&a).err().unwrap();
            assert_eq!(e, kind, "{extra:?}");
            assert_eq!(e.to_string(), message);
        }
        let e = parse(&args(&["-black", "a", "-white", "b"])).err().unwrap();
        assert_eq!(e, OptionError::Required("-sgffile"));
        assert_eq!(e.to_string(), "-sgffile is required");
        let e = parse(&args(&["-black", "a\\", "-white", "b", "-sgffile", "p"]))
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "-black: trailing backslash in 'a\\'");
        let rules = parse(&args(&["-rules", "nope"])).err().unwrap().to_string();
        assert!(
            rules.starts_with("-rules: unknown preset 'nope'; presets: "),
            "{rules}"
        );
        assert_eq!(
            split_command("a \"b").unwrap_err().to_string(),
            "unterminated double quote in 'a \"b'"
        );
        assert_eq!(split_command("  ").unwrap_err(), SplitError::Empty);
    }
}
