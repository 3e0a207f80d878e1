//! How well each compiled-in move-ratings table predicts one player's moves
//! in SGF game records: the share of positions where the table's most
//! probable move is the one played (top-1), and the mean log-probability of
//! the played move, overall and by stage of the game.
//!
//!     cargo run --release --example predict_moves -- PLAYER FILE.sgf...
//!
//! PLAYER is matched against the start of the records' `PB`/`PW`; the other
//! side's moves are replayed, not scored. Used to choose the 9x9 table
//! (docs/ratings.md).

use koban::board::{Board, Color, Move, Point};
use koban::mcts::ratings::{MoveFeatures, Ratings};
use koban::tactics::LadderStack;

/// Stages of the game, in moves (the last one open-ended).
const STAGE: usize = 15;
const STAGES: usize = 4;

#[derive(Default, Clone, Copy)]
struct Tally {
    positions: u32,
    hits: [u32; 2],
    log_likelihood: [f64; 2],
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((player, files)) = args.split_first() else {
        eprintln!("usage: predict_moves PLAYER FILE.sgf...");
        std::process::exit(2);
    };
    let tables = [
        ("9x9", Ratings::learned(), false),
        ("19x19", Ratings::learned_large(), true),
    ];
    let mut ladders = LadderStack::default();
    let mut stages = [Tally::default(); STAGES];
    for file in files {
        let text = match std::fs::read(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                continue;
            }
        };
        let game = match koban::sgf::parse(&text) {
            Ok(g) if g.setup.is_empty() => g,
            Ok(_) => continue,
            Err(e) => {
                eprintln!("{file}: {e}");
                continue;
            }
        };
        let text = String::from_utf8_lossy(&text);
        let scored = if text.contains(&format!("PB[{player}")) {
            Color::Black
        } else if text.contains(&format!("PW[{player}")) {
            Color::White
        } else {
            continue;
        };
        let mut board = Board::new(game.size);
        let (mut last, mut own) = (Point::NONE, Point::NONE);
        for (n, &(color, mv)) in game.moves.iter().enumerate() {
            let Some((x, y)) = mv else {
                board.pass();
                own = last;
                last = Point::NONE;
                continue;
            };
            let p = board.point(x, y);
            if color == scored {
                let tally = &mut stages[(n / STAGE).min(STAGES - 1)];
                tally.positions += 1;
                for (t, &(_, table, large)) in tables.iter().enumerate() {
                    let features =
                        MoveFeatures::compute_groups(&board, color, last, own, &mut ladders, large);
                    let probabilities = table.probabilities(&features);
                    let best = probabilities
                        .iter()
                        .max_by(|a, b| a.1.total_cmp(&b.1))
                        .map(|&(q, _)| q);
                    let played = probabilities
                        .iter()
                        .find(|&&(q, _)| q == p)
                        .map_or(0.0, |&(_, v)| v);
                    tally.hits[t] += u32::from(best == Some(p));
                    tally.log_likelihood[t] += f64::from(played.max(1e-6)).ln();
                }
            }
            if board.play(color, Move::Play(p)).is_err() {
                break;
            }
            own = last;
            last = p;
        }
    }
    let report = |label: String, t: &Tally| {
        let n = f64::from(t.positions.max(1));
        let cells: Vec<String> = tables
            .iter()
            .enumerate()
            .map(|(i, (name, _, _))| {
                format!(
                    "{name} {:.1}% ({:.3})",
                    100.0 * f64::from(t.hits[i]) / n,
                    t.log_likelihood[i] / n
                )
            })
            .collect();
        println!(
            "{label}: {} positions; top-1 (mean log-probability): {}",
            t.positions,
            cells.join(", ")
        );
    };
    let mut all = Tally::default();
    for (s, t) in stages.iter().enumerate() {
        all.positions += t.positions;
        for i in 0..2 {
            all.hits[i] += t.hits[i];
            all.log_likelihood[i] += t.log_likelihood[i];
        }
        let to = if s + 1 == STAGES {
            String::from("end")
        } else {
            (STAGE * (s + 1)).to_string()
        };
        report(format!("  moves {}-{to}", STAGE * s + 1), t);
    }
    report(format!("{player}, all"), &all);
}
