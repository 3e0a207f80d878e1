//! Learns koban's 9x9 opening book (`src/knowledge/book/book9.txt`) from match records:
//!
//!     cargo run --release --example build_book -- [OPTIONS] FILES... > BOOK
//!
//! FILES are SGF records (the main line) of even games of the book's size
//! (`--size`, 9) at its komi (`--komi`, 7.5), with the player named
//! `--player` (`koban`) in `PB` or `PW` and a result `RE[B+...]` or
//! `RE[W+...]`; other records are skipped. The book covers the positions of
//! the first `--max-moves` moves (4) and chooses among moves played in at
//! least `--min-games` games (30); `koban::knowledge::book::learn` says how.
//! docs/engine.md gives the exact rebuild.

use koban::knowledge::book::{LearnOptions, Record, learn};

fn usage() -> ! {
    eprintln!(
        "usage: build_book [--size N] [--komi K] [--player NAME] [--max-moves N] \
         [--min-games N] FILES..."
    );
    std::process::exit(2);
}

fn main() {
    let mut o = LearnOptions::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--size" => o.size = value().parse().unwrap_or_else(|_| usage()),
            "--komi" => o.komi = value().parse().unwrap_or_else(|_| usage()),
            "--player" => o.player = value(),
            "--max-moves" => o.max_moves = value().parse().unwrap_or_else(|_| usage()),
            "--min-games" => o.min_games = value().parse().unwrap_or_else(|_| usage()),
            f if !f.starts_with("--") => files.push(f.to_string()),
            _ => usage(),
        }
    }
    if files.is_empty() || !(2..=25).contains(&o.size) {
        usage();
    }
    let mut records = Vec::new();
    let mut sources: Vec<&str> = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        });
        records.extend(Record::from_sgf(&o, &bytes));
        let dir = file.rsplit_once('/').map_or(".", |(d, _)| d);
        if !sources.contains(&dir) {
            sources.push(dir);
        }
    }
    eprintln!("{} of {} records used", records.len(), files.len());
    print!("{}", learn(&o, &records, &sources));
}
