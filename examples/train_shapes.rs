//! Trains koban's learned shape table (`src/mcts/shapes.txt`) from game files
//! written by `scripts/gnugo-selfplay.py`:
//!
//!     cargo run --release --example train_shapes -- GAMES... > src/mcts/shapes.txt
//!
//! For every position where the next move is the player's own choice (not a
//! random move, not a pass), every legal point counts as *available* under its
//! canonical shape code, and the point played as *played*. A shape's rate is
//! smoothed towards the overall rate (`SMOOTHING` virtual samples at that
//! rate), and its value is ln(rate / overall rate), in tenths. Shapes seen
//! fewer than `MIN_SEEN` times are left out (worth 0).

use ahash::AHashMap;
use koban::board::{Board, Color, Move};
use koban::gtp::vertex::parse_point;
use koban::mcts::shapes::{canonical, shape_code};

/// Virtual samples at the overall rate added to every shape.
const SMOOTHING: f64 = 20.0;
/// Shapes available fewer times than this are not written.
const MIN_SEEN: u64 = 10;

#[derive(Default, Clone, Copy)]
struct Count {
    seen: u64,
    played: u64,
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: train_shapes GAMES...");
        std::process::exit(2);
    }
    let mut counts: AHashMap<u32, Count> = AHashMap::new();
    let (mut games, mut positions, mut size) = (0u64, 0u64, 0usize);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        });
        for line in text.lines() {
            if let Some(header) = line.strip_prefix('#') {
                // The generator's header names the board size.
                let mut words = header.split_whitespace();
                while let Some(w) = words.next() {
                    if w == "--size" {
                        size = words.next().and_then(|s| s.parse().ok()).unwrap_or(0);
                    }
                }
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            if size == 0 {
                eprintln!("{file}: no '# ... --size N' header before the games");
                std::process::exit(1);
            }
            games += 1;
            positions += learn_game(line, size, &mut counts);
        }
    }
    let total_seen: u64 = counts.values().map(|c| c.seen).sum();
    let total_played: u64 = counts.values().map(|c| c.played).sum();
    let base = total_played as f64 / total_seen.max(1) as f64;
    let mut rows: Vec<(u32, Count, i8)> = counts
        .iter()
        .filter(|(_, c)| c.seen >= MIN_SEEN)
        .map(|(&code, &c)| {
            let rate = (c.played as f64 + SMOOTHING * base) / (c.seen as f64 + SMOOTHING);
            let tenths = (10.0 * (rate / base).ln()).round().clamp(-127.0, 127.0) as i8;
            (code, c, tenths)
        })
        .filter(|&(_, _, t)| t != 0)
        .collect();
    rows.sort_by_key(|&(code, _, _)| code);
    println!("# koban learned shapes: canonical code (hex), ln(rate / overall rate) in tenths,");
    println!("# times played, times available. Trained by examples/train_shapes.rs from");
    println!(
        "# {} ({games} games, {positions} positions, {size}x{size});",
        files.join(" ")
    );
    println!(
        "# overall rate {base:.5}, {} shapes seen, {} written (seen >= {MIN_SEEN}, value != 0).",
        counts.len(),
        rows.len()
    );
    for (code, c, tenths) in rows {
        println!("{code:07x} {tenths} {} {}", c.played, c.seen);
    }
}

/// Replays one game line, counting its positions; returns how many were used.
fn learn_game(line: &str, size: usize, counts: &mut AHashMap<u32, Count>) -> u64 {
    let mut board = Board::new(size);
    let mut color = Color::Black;
    let mut last = koban::board::Point::NONE;
    let mut used = 0;
    for word in line.split_whitespace() {
        let (vertex, chosen) = match word.strip_suffix('*') {
            Some(v) => (v, false),
            None => (word, true),
        };
        if vertex.eq_ignore_ascii_case("pass") {
            board.pass();
            last = koban::board::Point::NONE;
            color = color.opponent();
            continue;
        }
        let Some(p) = parse_point(vertex, &board) else {
            eprintln!("bad vertex '{vertex}' in: {line}");
            return used;
        };
        if chosen {
            let legal: Vec<_> = board
                .empty_points()
                .filter(|&q| board.is_legal(color, q))
                .collect();
            if !legal.contains(&p) {
                eprintln!("illegal move {vertex} in: {line}");
                return used;
            }
            used += 1;
            for q in legal {
                let c = counts
                    .entry(canonical(shape_code(&board, color, q, last)))
                    .or_default();
                c.seen += 1;
                c.played += u64::from(q == p);
            }
        }
        if board.play(color, Move::Play(p)).is_err() {
            eprintln!("illegal move {vertex} in: {line}");
            return used;
        }
        last = p;
        color = color.opponent();
    }
    used
}
