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
use koban::board::{Board, Move, Point};
use koban::gtp::vertex::format_coords;
use koban::mcts::shapes::{canonical, shape_code};

#[path = "common/selfplay.rs"]
mod selfplay;

use selfplay::Record;

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
        for game in selfplay::read(file, &text) {
            games += 1;
            size = game.size;
            positions += learn_game(&game, &mut counts);
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

/// Replays one game, counting its positions; returns how many were used.
fn learn_game(game: &Record, counts: &mut AHashMap<u32, Count>) -> u64 {
    let mut board = Board::new(game.size);
    let mut last = Point::NONE;
    let mut used = 0;
    for &(color, mv, chosen) in &game.moves {
        let Some((x, y)) = mv else {
            board.pass();
            last = Point::NONE;
            continue;
        };
        let p = board.point(x, y);
        if chosen {
            let legal: Vec<_> = board
                .empty_points()
                .filter(|&q| board.is_legal(color, q))
                .collect();
            if !legal.contains(&p) {
                eprintln!("illegal move {} in a game", format_coords(x, y));
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
            eprintln!("illegal move {} in a game", format_coords(x, y));
            return used;
        }
        last = p;
    }
    used
}
