//! The `koban` binary: a GTP engine on stdin/stdout (logs on stderr, `RUST_LOG`),
//! or with `match` as the first argument the match runner ([`koban::matches`]).

use koban::gtp::{self, Engine, engine::Config};
use koban::mcts::{MctsConfig, MctsPlayer, PolicyKind};
use koban::rules::{KoRule, Preset, ko_names, preset_names};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: koban [OPTIONS]
       koban bench [--quick] [--param NAME=VALUE ...]
       koban params
       koban match -black CMD -white CMD -sgffile PREFIX [options]  (see koban match -help)
       koban analysis [OPTIONS]   KataGo's JSON analysis protocol on stdin/stdout
                                  (maxVisits defaults to --playouts, else 2000)
       koban review GAME.sgf [--threshold POINTS] [--output PREFIX] [OPTIONS]
                                  annotated copy (SBKV, SBKS, comments) and an SVG
                                  graph; rules from RU unless --rules/--ko; per
                                  position --playouts (default 2000) or --time

Speaks GTP version 2 on standard input and output (logs on stderr, RUST_LOG).
  --rules PRESET          chinese (default), japanese, aga, new_zealand, tromp-taylor
  --ko VARIANT            simple, positional, situational, geneva, kee, ing-spight,
                          cleanup (overrides the preset's ko rule)
  --threads N             search threads (default 2, at most 256)
  --playouts N            playouts per move (default 20000 when no time limit applies)
  --time SECONDS          time per move, used whole; the clock from time_settings
                          may lower it (and then a decided search stops early)
  --time-bank             with --time and no clock: SECONDS is the average, not a
                          fixed time; a decided search stops early and later moves
                          of the game spend what it saved (each at most three times
                          SECONDS; the first moves get less)
  --lag SECONDS           what a move costs beyond the search (pipe, network,
                          scheduling), planned for every move under a clock
                          (default 0.2, at most 10; raise it for a slow link)
  --seed S                seed for the search; with --threads 1 identical input gives
                          identical moves
  --resign-threshold F    resign when the win rate stays below F (default 0.1)
  --no-resign             never resign
  --policy light|heavy    playout policy (default heavy: captures, atari escapes,
                          3x3 shapes; light: uniformly random)
  --max-memory MB         memory cap of the search tree in MiB (default 256); a full
                          tree stops growing and the search goes on
  --param NAME=VALUE      set a search tunable (repeatable; koban params lists
                          them with their defaults, bounds and meaning)
  --ponder                after its own move, search on the opponent's time until
                          the next command arrives (any input stops it at once),
                          and keep the tree for the next move; at most 1,000,000
                          visits at the root or half of --max-memory. Uses
                          --threads cores: keep it off when both engines share
                          one machine
  --gogui-live-gfx        during genmove, show the search in GoGui (candidate
                          moves, visits, best line) through gogui-gfx on stderr
  --help                  this text

bench measures playouts per second (raw and during genmove, 9x9 and 19x19) and
prints a signature; --quick runs a tenth of it, --param measures other tunables.";

/// Everything the command line sets.
struct Options {
    config: Config,
    mcts: MctsConfig,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut config = Config::default();
    let mut mcts = MctsConfig::default();
    let mut ko: Option<String> = None;
    let mut resign_threshold = None;
    let mut no_resign = false;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let mut value = || -> Result<String, String> {
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "--rules" => {
                let v = value()?;
                let preset = Preset::from_name(&v)
                    .ok_or_else(|| format!("unknown preset '{v}'; presets: {}", preset_names()))?;
                config.rules = preset.rules();
            }
            "--ko" => ko = Some(value()?),
            "--seed" => {
                let v = value()?;
                mcts.seed = Some(v.parse().map_err(|_| format!("bad seed '{v}'"))?);
            }
            "--threads" => {
                let v = value()?;
                mcts.threads = match v.parse::<usize>() {
                    Ok(n) if (1..=256).contains(&n) => n,
                    _ => return Err(format!("--threads needs a number from 1 to 256, not '{v}'")),
                };
            }
            "--playouts" => {
                let v = value()?;
                config.budget.playouts = match v.parse::<u64>() {
                    Ok(n) if (1..=1_000_000_000_000).contains(&n) => Some(n),
                    _ => {
                        return Err(format!(
                            "--playouts needs a number from 1 to 10^12, not '{v}'"
                        ));
                    }
                };
            }
            "--time" => {
                let v = value()?;
                config.budget.time = match v.parse::<f64>() {
                    Ok(t) if t.is_finite() && t > 0.0 && t <= koban::time::MAX_SECONDS => {
                        Some(Duration::from_secs_f64(t))
                    }
                    _ => return Err(format!("--time needs seconds above 0, not '{v}'")),
                };
            }
            "--lag" => {
                let v = value()?;
                config.lag = v
                    .parse::<f64>()
                    .map_err(|_| koban::time::LagError::NotFinite)
                    .and_then(koban::time::Lag::new)
                    .map_err(|e| format!("--lag needs seconds from 0 to 10, not '{v}' ({e})"))?;
            }
            "--resign-threshold" => {
                let v = value()?;
                resign_threshold = match v.parse::<f64>() {
                    Ok(f) if (0.0..0.5).contains(&f) => Some(f),
                    _ => {
                        return Err(format!(
                            "--resign-threshold needs a win rate in [0, 0.5), not '{v}'"
                        ));
                    }
                };
            }
            "--no-resign" => no_resign = true,
            "--policy" => {
                let v = value()?;
                mcts.policy = PolicyKind::from_name(&v)
                    .ok_or_else(|| format!("--policy needs light or heavy, not '{v}'"))?;
            }
            "--max-memory" => {
                let v = value()?;
                let mb = v.parse::<u64>().map_err(|_| {
                    format!("--max-memory needs a whole number of MiB above 0, not '{v}'")
                })?;
                if let Some(total) = physical_memory_mb().filter(|&total| mb > total) {
                    return Err(format!(
                        "--max-memory {mb}: more than this machine's {total} MiB of memory"
                    ));
                }
                mcts.set_max_memory(mb)
                    .map_err(|e| format!("--max-memory {mb}: {e}"))?;
            }
            "--param" => {
                let v = value()?;
                mcts.params.set_assignment(&v).map_err(|e| e.to_string())?;
            }
            "--gogui-live-gfx" => config.live_gfx = true,
            "--ponder" => config.ponder = true,
            "--time-bank" => config.time_bank = true,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 1;
    }
    if let Some(v) = ko {
        let ko = KoRule::from_name(&v)
            .ok_or_else(|| format!("unknown ko variant '{v}'; variants: {}", ko_names()))?;
        config.rules = config.rules.with_ko(ko);
    }
    if config.time_bank && config.budget.time.is_none() {
        return Err("--time-bank needs --time".into());
    }
    if no_resign && resign_threshold.is_some() {
        return Err("--no-resign and --resign-threshold contradict each other".into());
    }
    if no_resign {
        mcts.resign_threshold = None;
    } else if let Some(f) = resign_threshold {
        mcts.resign_threshold = Some(f);
    }
    Ok(Options { config, mcts })
}

/// The machine's memory in MiB, where the system says (Linux's
/// `/proc/meminfo`): a tree cap above it could only end in the
/// out-of-memory killer, since the arena's pages are committed as it grows.
fn physical_memory_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// `koban bench [--quick] [--param NAME=VALUE ...]`: speed figures on
/// stdout, see `koban::mcts::bench`.
fn bench(args: &[String]) -> ExitCode {
    let mut quick = false;
    let mut params = koban::mcts::Tunables::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let result = match arg.as_str() {
            "--quick" if !quick => {
                quick = true;
                Ok(())
            }
            "--param" => match args.next() {
                Some(v) => params.set_assignment(v).map_err(|e| e.to_string()),
                None => Err("--param needs NAME=VALUE".to_string()),
            },
            _ => Err("usage: koban bench [--quick] [--param NAME=VALUE ...]".to_string()),
        };
        if let Err(e) = result {
            eprintln!("koban: {e}");
            return ExitCode::from(2);
        }
    }
    match koban::mcts::bench::run(quick, &params, &mut std::io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koban: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `koban review GAME.sgf [--threshold POINTS] [--output PREFIX] [OPTIONS]`.
fn review(args: &[String]) -> ExitCode {
    use koban::gtp::review::{DEFAULT_THRESHOLD, ReviewOptions, review};
    let mut file = None;
    let mut threshold = DEFAULT_THRESHOLD;
    let mut output = None;
    let mut rest = Vec::new();
    let mut rules_given = false;
    let mut i = 0;
    let usage = |message: String| {
        eprintln!("koban review: {message}\n{USAGE}");
        ExitCode::from(2)
    };
    while i < args.len() {
        let arg = args[i].as_str();
        match arg {
            "--threshold" | "--output" => {
                let Some(v) = args.get(i + 1) else {
                    return usage(format!("{arg} needs a value"));
                };
                if arg == "--output" {
                    output = Some(std::path::PathBuf::from(v));
                } else {
                    match v.parse::<f64>() {
                        Ok(t) if t.is_finite() && t >= 0.0 => threshold = t,
                        _ => return usage(format!("--threshold needs points, not '{v}'")),
                    }
                }
                i += 2;
                continue;
            }
            _ if !arg.starts_with("--") && file.is_none() => file = Some(arg.to_string()),
            _ => {
                rules_given |= arg == "--rules" || arg == "--ko";
                rest.push(args[i].clone());
            }
        }
        i += 1;
    }
    let Some(file) = file else {
        return usage("which game? koban review GAME.sgf".into());
    };
    let options = match parse_args(&rest) {
        Ok(o) => o,
        Err(message) => return usage(message),
    };
    let mut budget = options.config.budget;
    if budget.playouts.is_none() && budget.time.is_none() {
        budget.playouts = Some(2000);
    }
    let review_options = ReviewOptions {
        budget,
        rules: rules_given.then_some(options.config.rules),
        threshold,
        output,
    };
    let mut player = MctsPlayer::new(options.mcts);
    match review(
        std::path::Path::new(&file),
        &review_options,
        &mut player,
        &mut std::io::stderr(),
    ) {
        Ok(files) => {
            eprintln!(
                "review: wrote {} and {} ({} moves commented)",
                files.sgf.display(),
                files.svg.display(),
                files.mistakes
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("koban review: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        return bench(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("params") {
        if args.len() > 1 {
            eprintln!("koban: usage: koban params");
            return ExitCode::from(2);
        }
        print!("{}", koban::mcts::param_listing());
        return ExitCode::SUCCESS;
    }
    if args.first().map(String::as_str) == Some("match") {
        return ExitCode::from(koban::matches::main(&args[1..]));
    }
    if args.first().map(String::as_str) == Some("review") {
        return review(&args[1..]);
    }
    let analysis = args.first().map(String::as_str) == Some("analysis");
    let args = if analysis { &args[1..] } else { &args[..] };
    let options = match parse_args(args) {
        Ok(c) => c,
        Err(message) => {
            if message.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("koban: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let player = MctsPlayer::new(options.mcts);
    if analysis {
        let mut engine = koban::gtp::json_analysis::JsonAnalysis::new(
            Box::new(player),
            options.config.rules,
            options.config.budget.playouts,
        );
        let stdin = std::io::BufReader::new(std::io::stdin());
        return match koban::gtp::json_analysis::run(&mut engine, stdin, std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                log::error!("analysis I/O error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut engine = Engine::new(options.config, Box::new(player));
    let stdin = std::io::BufReader::new(std::io::stdin());
    match gtp::run(&mut engine, stdin, std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("GTP I/O error: {e}");
            ExitCode::FAILURE
        }
    }
}
