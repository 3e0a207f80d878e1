//! The `koban` binary: a GTP engine on stdin/stdout (logs on stderr, `RUST_LOG`).

use koban::gtp::{self, Engine, engine::Config};
use koban::player::RandomPlayer;
use koban::rules::{KoRule, Preset, ko_names, preset_names};
use std::process::ExitCode;

const USAGE: &str = "usage: koban [--rules PRESET] [--ko VARIANT] [--seed N]

Speaks GTP version 2 on standard input and output.
  --rules PRESET   chinese (default), japanese, aga, new_zealand, tromp-taylor
  --ko VARIANT     simple, positional, situational (overrides the preset's ko rule)
  --seed N         seed for the move generator (reproducible play)
  --help           this text";

fn parse_args(args: &[String]) -> Result<(Config, Option<u64>), String> {
    let mut config = Config::default();
    let mut seed = None;
    let mut ko: Option<String> = None;
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
                seed = Some(v.parse().map_err(|_| format!("bad seed '{v}'"))?);
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 1;
    }
    if let Some(v) = ko {
        if KoRule::from_name(&v).is_none() {
            return Err(format!(
                "unknown ko variant '{v}'; variants: {}",
                ko_names()
            ));
        }
        config.rules = config.rules.apply_arguments(&[format!("ko={v}")])?;
    }
    Ok((config, seed))
}

/// `koban bench [--quick]`: speed figures on stdout, see `koban::mcts::bench`.
fn bench(args: &[String]) -> ExitCode {
    let quick = match args {
        [] => false,
        [flag] if flag == "--quick" => true,
        _ => {
            eprintln!("koban: usage: koban bench [--quick]");
            return ExitCode::from(2);
        }
    };
    match koban::mcts::bench::run(quick, &mut std::io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koban: {e}");
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
    let (config, seed) = match parse_args(&args) {
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
    let mut engine = Engine::new(config, Box::new(RandomPlayer::new(seed)));
    let stdin = std::io::BufReader::new(std::io::stdin());
    match gtp::run(&mut engine, stdin, std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("GTP I/O error: {e}");
            ExitCode::FAILURE
        }
    }
}
