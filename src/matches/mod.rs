//! `koban match`: plays a series of games between two GTP engines, like
//! gogui-twogtp with `-auto`, and writes gogui-twogtp's files: `PREFIX-N.sgf` for
//! game N (from 0) and the results table `PREFIX.dat`.
//!
//! Layers: `options` (command line), `client` (one engine as a child process,
//! every reply under a deadline), `program` (one engine of the match: its
//! process's lifecycle and handshake), [`table`] (the `.dat` format and
//! result strings), `resume` (an existing table of the same match, which
//! the run continues as gogui-twogtp does), `runner` (the games). This module ties them together, prints one
//! progress line per game on stderr and the first engine's win rate with a 95%
//! Wilson interval on stdout.
//!
//! Invariants: the match never waits on an engine without a deadline; every game
//! that was played has its SGF file and its table row on disk before the next one
//! starts; the table is replaced atomically, so it is always well-formed.
//! Exit status: 0 after the last game, 1 when the match had to stop (an engine
//! that cannot be started or refuses the settings, files that cannot be
//! written), 2 for a bad command line.

mod client;
mod error;
mod options;
mod program;
mod resume;
mod runner;
mod sprt;
pub mod table;

pub use error::DatError;
use error::MatchError;
use options::{Parsed, RefereeChoice};
use resume::Continued;
use runner::{End, Match};
use std::path::Path;

/// Where Debian puts GNU Go (`apt-get install gnugo`).
const GNUGO_PATH: &str = "/usr/games/gnugo";

/// The GNU Go binary: `GNUGO_PATH`, else `gnugo` on the `PATH`.
pub fn find_gnugo() -> Option<String> {
    if Path::new(GNUGO_PATH).is_file() {
        return Some(GNUGO_PATH.to_string());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("gnugo"))
        .find(|p| p.is_file())
        .map(|p| p.display().to_string())
}

/// The referee command line for the options, if any.
fn referee_command(options: &options::Options) -> Option<String> {
    match &options.referee {
        RefereeChoice::None => None,
        RefereeChoice::Command(c) => Some(c.clone()),
        RefereeChoice::Auto => {
            let rules = match options.rules.scoring {
                crate::rules::Scoring::Territory => "--japanese-rules",
                crate::rules::Scoring::Area => "--chinese-rules",
            };
            find_gnugo().map(|g| format!("{g} --mode gtp {rules}"))
        }
    }
}

/// The Wilson score interval for `successes` out of `n` at normal quantile `z`
/// (1.96 for 95%); `(0, 1)` when there is no data.
fn wilson_interval(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Win/loss tally of the first engine, and both engines' thinking time.
#[derive(Default, Debug, Clone, PartialEq)]
struct Tally {
    wins: usize,
    losses: usize,
    draws: usize,
    unknown: usize,
    errors: usize,
    /// Moves of the counted games, both colours.
    moves: usize,
    /// Wall seconds the first and the second engine spent on them.
    seconds: [f64; 2],
    /// The first engine's (wins, games with a known result) with Black and
    /// with White: the strength log states both, since the colours differ
    /// in strength at komi 7.5.
    by_colour: [(usize, usize); 2],
}

impl Tally {
    pub(crate) fn add(&mut self, outcome: &runner::Outcome) {
        self.count(
            outcome.first_engine_points(),
            outcome.row.error,
            outcome.row.alternated,
        );
        self.time(&outcome.row);
    }

    /// Adds a game's moves and the engines' seconds (the table's LEN,
    /// TIME_B and TIME_W).
    fn time(&mut self, row: &table::Row) {
        self.moves += row.length;
        self.seconds[0] += row.time_black;
        self.seconds[1] += row.time_white;
    }

    /// Counts one game; `alternated`: the first engine played White.
    fn count(&mut self, points: Option<f64>, error: bool, alternated: bool) {
        if let Some(p) = points {
            let colour = &mut self.by_colour[usize::from(alternated)];
            colour.0 += usize::from(p > 0.5);
            colour.1 += 1;
        }
        match points {
            Some(p) if p > 0.5 => self.wins += 1,
            Some(p) if p < 0.5 => self.losses += 1,
            Some(_) => self.draws += 1,
            None => self.unknown += 1,
        }
        if error {
            self.errors += 1;
        }
    }

    /// Tallies a results table (ours or gogui-twogtp's): per row the referee's
    /// result, else the engines' when they agree; `B` is the first engine.
    fn from_table(text: &str) -> Result<Tally, DatError> {
        let (_, rows) = table::parse(text)?;
        let mut tally = Tally::default();
        for row in rows {
            let get = |name: &str| {
                row.iter()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v.trim().to_string())
                    .ok_or_else(|| DatError::MissingColumn(name.to_string()))
            };
            let (referee, black, white) = (get("RES_R")?, get("RES_B")?, get("RES_W")?);
            tally.count(
                table::first_engine_points(&referee, &black, &white),
                get("ERR")? != "0",
                get("ALT")? == "1",
            );
            // A table that lacks a figure or has a bad one still tallies;
            // its times are then left out whole.
            let number = |name: &str| get(name).ok().and_then(|v| v.parse::<f64>().ok());
            if let (Some(length), Some(first), Some(second)) =
                (number("LEN"), number("TIME_B"), number("TIME_W"))
            {
                tally.moves += length as usize;
                tally.seconds[0] += first;
                tally.seconds[1] += second;
            }
        }
        Ok(tally)
    }

    /// The summary line: counts and the win rate with its 95% interval.
    fn describe(&self, first: &str) -> String {
        match self.win_rate() {
            Some((rate, lo, hi)) => format!(
                "{first}: {} wins, {} losses, {} draws, {} unknown; win rate {} (95% Wilson interval {} to {})",
                self.wins,
                self.losses,
                self.draws,
                self.unknown,
                percent(rate),
                percent(lo),
                percent(hi)
            ),
            None => format!(
                "{first}: no game with a known result ({} unknown)",
                self.unknown
            ),
        }
    }

    /// Each engine's wall seconds a move, taking it to have played half of
    /// every game's moves: what a timed run must state for both engines.
    fn describe_time(&self, first: &str, second: &str) -> Option<String> {
        (self.moves > 0).then(|| {
            let half = self.moves as f64 / 2.0;
            format!(
                "seconds a move: {first} {:.2}, {second} {:.2} ({} moves)",
                self.seconds[0] / half,
                self.seconds[1] / half,
                self.moves
            )
        })
    }

    /// The first engine's wins with each colour (draws count as not won).
    fn describe_colours(&self, first: &str) -> String {
        let [(bw, bn), (ww, wn)] = self.by_colour;
        format!("{first} with Black: {bw} of {bn} won; with White: {ww} of {wn}")
    }

    fn decided(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// Win rate (draws count half) and its 95% Wilson interval.
    fn win_rate(&self) -> Option<(f64, f64, f64)> {
        let n = self.decided() as f64;
        if n == 0.0 {
            return None;
        }
        let points = self.wins as f64 + 0.5 * self.draws as f64;
        let (lo, hi) = wilson_interval(points, n, 1.96);
        Some((points / n, lo, hi))
    }
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Runs `koban match ARGS...`; returns the process exit status.
pub fn main(args: &[String]) -> u8 {
    let options = match options::parse(args) {
        Ok(Parsed::Help) => {
            println!("{}", options::usage());
            return 0;
        }
        Ok(Parsed::Run(o)) => *o,
        Ok(Parsed::Summary(file)) => return summary(&file),
        Err(message) => {
            eprintln!("koban match: {message}\n(see 'koban match -help')");
            return 2;
        }
    };
    let table = format!("{}.dat", options.sgffile);
    let continued = if Path::new(&table).exists() && !options.force {
        match resume::read(&options) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("koban match: {e}");
                return 2;
            }
        }
    } else {
        None
    };
    match run(options, continued) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("koban match: {message}");
            1
        }
    }
}

/// `koban match -summary FILE`.
fn summary(file: &str) -> u8 {
    let tally = std::fs::read_to_string(file)
        .map_err(|error| MatchError::Read {
            path: file.to_string(),
            error,
        })
        .and_then(|text| {
            let dat = |error| MatchError::Dat {
                path: file.to_string(),
                error,
            };
            let (header, _) = table::parse(&text).map_err(dat)?;
            let label = |key: &str, fallback: &str| {
                header
                    .iter()
                    .find(|(k, _)| k == key)
                    .map_or(fallback.to_string(), |(_, v)| v.clone())
            };
            let tally = Tally::from_table(&text).map_err(dat)?;
            let sprt = header.iter().any(|(k, _)| k == "SPRT").then(|| {
                format!(
                    "SPRT ({}): {}, LLR {} (bounds {}), {}",
                    label("SPRT", "?"),
                    label("SPRT_Result", "?"),
                    label("SPRT_LLR", "?"),
                    label("SPRT_Bounds", "?"),
                    label("SPRT_Tally", "?")
                )
            });
            Ok((
                tally,
                label("BlackLabel", "first engine"),
                label("WhiteLabel", "second engine"),
                sprt,
            ))
        });
    match tally {
        Ok((tally, first, second, sprt)) => {
            println!(
                "{first} vs {second}: {} games",
                tally.decided() + tally.unknown
            );
            println!("{}", tally.describe(&first));
            println!("{}", tally.describe_colours(&first));
            if let Some(time) = tally.describe_time(&first, &second) {
                println!("{time}");
            }
            println!("games with errors: {}", tally.errors);
            if let Some(sprt) = sprt {
                println!("{sprt}");
            }
            0
        }
        Err(e) => {
            eprintln!("koban match: {e}");
            1
        }
    }
}

/// Plays the match, or its games after `continued`'s, which count toward
/// `-games`, the tally and the sequential test as if just played.
fn run(options: options::Options, continued: Option<Continued>) -> Result<(), MatchError> {
    let referee = referee_command(&options);
    match &referee {
        Some(r) => eprintln!("koban match: referee: {r}"),
        None => eprintln!("koban match: no referee; results of scored games come from the engines"),
    }
    let games = options.games;
    let mut test = options
        .sprt
        .map(|s| SequentialTest::new(s, options.alternate));
    let mut tally = Tally::default();
    let earlier = continued.as_ref().map_or(0, |c| c.rows.len());
    for row in continued.iter().flat_map(|c| &c.rows) {
        let points =
            table::first_engine_points(&row.result_referee, &row.result_black, &row.result_white);
        tally.count(points, row.error, row.alternated);
        tally.time(row);
        if let Some(t) = test.as_mut() {
            t.tally.add(points);
        }
    }
    let mut m = match continued {
        Some(c) => {
            eprintln!(
                "koban match: continuing {}.dat after its {earlier} games",
                options.sgffile
            );
            Match::start_continuing(options, referee, c)?
        }
        None => Match::start(options, referee)?,
    };
    if let Some(t) = &test {
        m.set_properties(&t.properties(earlier))?;
    }
    let first = m.players[0].label.clone();
    let mut played = earlier;
    // The earlier games may have decided the test already.
    let mut decided = test
        .as_ref()
        .filter(|t| t.verdict() != sprt::Verdict::Continue)
        .map(SequentialTest::status);
    let next = if decided.is_some() { games } else { earlier };
    for index in next..games {
        let outcome = m.play_game(index)?;
        tally.add(outcome);
        played += 1;
        let points = outcome.first_engine_points();
        let how = match &outcome.end {
            End::Forfeit { message, .. } => format!(" ({message})"),
            End::MoveLimit => " (move limit)".to_string(),
            _ => String::new(),
        };
        eprintln!(
            "game {}/{games}: {} (B) vs {} (W): {}{how}, {} moves [{first}: {} won, {} lost, {} drawn, {} unknown]",
            index + 1,
            outcome.black_label,
            outcome.white_label,
            outcome.result,
            outcome.row.length,
            tally.wins,
            tally.losses,
            tally.draws,
            tally.unknown,
        );
        if let Some(t) = test.as_mut() {
            t.tally.add(points);
            eprintln!("sprt: {}", t.status());
            m.set_properties(&t.properties(played))?;
            if t.verdict() != sprt::Verdict::Continue {
                decided = Some(t.status());
                break;
            }
        }
    }
    let o = &m.options;
    println!(
        "{} vs {}: {played} games on {}x{}, komi {}, rules {}",
        first, m.players[1].label, o.size, o.size, o.komi, o.rules_name
    );
    println!("{}", tally.describe(&first));
    println!("{}", tally.describe_colours(&first));
    if let Some(time) = tally.describe_time(&first, &m.players[1].label) {
        println!("{time}");
    }
    println!("games with errors: {}", tally.errors);
    if let Some(t) = &test {
        match decided {
            Some(status) => println!("SPRT stopped the match after {played} games: {status}"),
            None => println!("SPRT undecided after {played} games: {}", t.status()),
        }
    }
    println!("results: {}", m.table_path());
    m.close();
    Ok(())
}

/// `-sprt`: the test and the results it has seen; pairs of games with colours
/// swapped when the engines alternate.
struct SequentialTest {
    sprt: sprt::Sprt,
    tally: sprt::Tally,
}

impl SequentialTest {
    fn new(sprt: sprt::Sprt, alternate: bool) -> SequentialTest {
        let model = if alternate {
            sprt::Model::Pentanomial
        } else {
            sprt::Model::Trinomial
        };
        SequentialTest {
            sprt,
            tally: sprt::Tally::new(model),
        }
    }

    fn llr(&self) -> f64 {
        self.sprt.llr(&self.tally)
    }

    fn verdict(&self) -> sprt::Verdict {
        self.sprt.verdict(self.llr())
    }

    /// `H1 accepted, LLR 2.97 (bounds -2.94, 2.94), <tally>`.
    fn status(&self) -> String {
        let (lower, upper) = self.sprt.bounds();
        format!(
            "{}, LLR {:.3} (bounds {lower:.3}, {upper:.3}), {}",
            self.verdict(),
            self.llr(),
            self.tally.describe()
        )
    }

    /// The state as results-table properties, after `played` games.
    fn properties(&self, played: usize) -> [(&'static str, String); 5] {
        let (lower, upper) = self.sprt.bounds();
        [
            ("SPRT", self.sprt.describe(self.tally.model)),
            ("SPRT_Bounds", format!("{lower:.3} {upper:.3}")),
            ("SPRT_LLR", format!("{:.3}", self.llr())),
            ("SPRT_Tally", self.tally.describe()),
            (
                "SPRT_Result",
                format!("{} after {played} games", self.verdict()),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 7 of 10 at 95%: 0.3968 .. 0.8922 (textbook value).
        let (lo, hi) = wilson_interval(7.0, 10.0, 1.96);
        assert!(
            (lo - 0.3968).abs() < 1e-3 && (hi - 0.8922).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0.0, 2.0, 1.96);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.6576).abs() < 1e-3, "{hi}");
        assert_eq!(wilson_interval(0.0, 0.0, 1.96), (0.0, 1.0));
    }

    #[test]
    fn tallies_tables_by_referee_then_agreement() {
        let text = "# BlackLabel: a\n#\n#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n\
            0\tW+3\tW+5\tB+1\t0\t-\t9\t4.5\t9\t0\t0\t0\t\n\
            1\tW+R\tW+R\t?\t1\t-\t11\t5.5\t11.5\t0\t0\t0\t\n\
            2\tB+2\tW+2\t?\t0\t-\t9\t0\t0\t0\t0\t0\t\n\
            3\t0\t0\t?\t1\t-\t9\t0\t0\t0\t0\t1\tmove limit exceeded\n";
        let t = Tally::from_table(text).unwrap();
        assert_eq!(
            t,
            Tally {
                wins: 1,
                losses: 1,
                draws: 1,
                unknown: 1,
                errors: 1,
                moves: 38,
                seconds: [10.0, 20.5],
                // Game 0 won with Black, game 1 lost and game 3 drawn with
                // White; game 2's result is unknown.
                by_colour: [(1, 1), (0, 2)],
            }
        );
        assert_eq!(
            t.describe_colours("a"),
            "a with Black: 1 of 1 won; with White: 0 of 2"
        );
        assert!(t.describe("a").contains("win rate 50.0%"));
        // 38 moves, 19 each: 10 / 19 and 20.5 / 19 seconds.
        assert_eq!(
            t.describe_time("a", "b").as_deref(),
            Some("seconds a move: a 0.53, b 1.08 (38 moves)")
        );
        assert_eq!(Tally::default().describe_time("a", "b"), None);
        assert!(Tally::from_table("junk").is_err());
    }
}
