//! Judges parameter sets of the heavy playouts by how well the playouts alone
//! predict how recorded games ended:
//!
//!     cargo run --release --example playout_eval -- [OPTIONS] FILES...
//!
//! FILES are SGF records of 9x9 (or other) games with a result (`RE[B+...]`
//! or `RE[W+...]`; others are skipped). From every `--every`th position
//! (default 4) between move `--from` (default 8) and `--to-end` moves
//! (default 8) before the end, each parameter set plays `--playouts`
//! (default 64) heavy playouts ([`koban::mcts::probe`]) and its Black win
//! share `s` is scored against the outcome `y` (1 if Black won): the mean
//! squared error `(s - y)^2`, the log-loss, the bias (mean `s` minus mean
//! `y`) and the AUC (the chance that a position whose game Black won is
//! rated above one Black lost: the order alone, not the calibration). The
//! first set is always the defaults; each `--variant
//! NAME=VALUE[,NAME=VALUE...]` adds one. Every set sees the same positions
//! and seeds.
//!
//! The outcome is a noisy label: the players' later moves decide it too. But
//! its expectation is the position's value under their play, so the
//! difference of two sets' mean squared errors estimates the difference of
//! their errors against that value, and the report gives it with a standard
//! error taken over games (positions of one game are not independent).
//! A lower error means playouts that judge positions more like the game did;
//! whether that wins matches is the match's to say: the set this screen
//! liked best, `heavy_self_atari_stones=3`, did not (the strength log, runs
//! 102 to 107).

use koban::board::{Board, Move, Point};
use koban::mcts::Tunables;
use koban::mcts::probe::{Position, black_win_share};

struct Options {
    playouts: u32,
    every: usize,
    from: usize,
    to_end: usize,
    variants: Vec<(String, Tunables)>,
    files: Vec<String>,
}

fn usage() -> ! {
    eprintln!(
        "usage: playout_eval [--playouts N] [--every K] [--from M] [--to-end M] \
         [--variant NAME=VALUE[,NAME=VALUE...]]... FILES..."
    );
    std::process::exit(2)
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> T {
    value.and_then(|v| v.parse().ok()).unwrap_or_else(|| {
        eprintln!("playout_eval: {flag} takes a whole number");
        usage()
    })
}

fn options() -> Options {
    let mut o = Options {
        playouts: 64,
        every: 4,
        from: 8,
        to_end: 8,
        variants: vec![("defaults".to_string(), Tunables::default())],
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--playouts" => o.playouts = number(&a, args.next()),
            "--every" => o.every = number::<usize>(&a, args.next()).max(1),
            "--from" => o.from = number(&a, args.next()),
            "--to-end" => o.to_end = number(&a, args.next()),
            "--variant" => {
                let spec = args.next().unwrap_or_else(|| usage());
                let mut t = Tunables::default();
                for assignment in spec.split(',') {
                    if let Err(e) = t.set_assignment(assignment) {
                        eprintln!("playout_eval: --variant {spec}: {e}");
                        std::process::exit(2);
                    }
                }
                o.variants.push((spec, t));
            }
            _ if a.starts_with("--") => usage(),
            _ => o.files.push(a),
        }
    }
    if o.files.is_empty() {
        usage()
    }
    o
}

/// 1.0 if the record says Black won, 0.0 if White did, `None` otherwise.
fn black_won(sgf: &str) -> Option<f64> {
    let start = sgf.find("RE[")? + 3;
    match sgf[start..].chars().next()? {
        'B' | 'b' => Some(1.0),
        'W' | 'w' => Some(0.0),
        _ => None,
    }
}

/// Per set: squared error, log-loss and share summed over the positions, the
/// squared error summed per game (for the paired standard error), and every
/// position's share with its outcome (for the AUC).
struct Tally {
    squared: f64,
    log_loss: f64,
    share: f64,
    per_game: Vec<f64>,
    judged: Vec<(f64, bool)>,
}

/// The area under the ROC curve: the chance that a position whose game Black
/// won has a higher share than one Black lost (ties count half). Unlike the
/// squared error it does not reward shares pulled towards 0.5: it measures
/// only whether the playouts order positions as the games did.
fn auc(judged: &mut [(f64, bool)]) -> f64 {
    judged.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut lost_below, mut sum, mut i) = (0.0f64, 0.0f64, 0usize);
    let (mut won, mut lost) = (0.0f64, 0.0f64);
    while i < judged.len() {
        let mut j = i;
        let (mut w, mut l) = (0.0, 0.0);
        while j < judged.len() && judged[j].0 == judged[i].0 {
            if judged[j].1 {
                w += 1.0
            } else {
                l += 1.0
            }
            j += 1;
        }
        sum += w * (lost_below + 0.5 * l);
        lost_below += l;
        won += w;
        lost += l;
        i = j;
    }
    if won == 0.0 || lost == 0.0 {
        0.5
    } else {
        sum / (won * lost)
    }
}

fn main() {
    let o = options();
    let mut tallies: Vec<Tally> = o
        .variants
        .iter()
        .map(|_| Tally {
            squared: 0.0,
            log_loss: 0.0,
            share: 0.0,
            per_game: Vec::new(),
            judged: Vec::new(),
        })
        .collect();
    let (mut positions, mut outcomes, mut games) = (0usize, 0.0f64, 0usize);
    for file in &o.files {
        let Ok(bytes) = std::fs::read(file) else {
            eprintln!("{file}: unreadable, skipped");
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let Some(y) = black_won(&text) else {
            continue;
        };
        let g = match koban::sgf::parse(&bytes) {
            Ok(g) if g.setup.is_empty() && g.handicap == 0 => g,
            _ => {
                eprintln!("{file}: not a plain game record, skipped");
                continue;
            }
        };
        let komi = g.komi.unwrap_or(7.5);
        let mut board = Board::new(g.size);
        let (mut last, mut before) = (Point::NONE, Point::NONE);
        let end = g.moves.len().saturating_sub(o.to_end);
        for t in &mut tallies {
            t.per_game.push(0.0);
        }
        games += 1;
        for (i, &(color, mv)) in g.moves.iter().enumerate() {
            if i >= o.from && i < end && (i - o.from).is_multiple_of(o.every) {
                let pos = Position {
                    board: &board,
                    to_move: color,
                    last,
                    before,
                    komi,
                };
                let seed = (games as u64) << 16 | i as u64;
                for (t, (_, tunables)) in tallies.iter_mut().zip(&o.variants) {
                    let s = black_win_share(&pos, tunables, o.playouts, seed);
                    let e = (s - y) * (s - y);
                    t.squared += e;
                    *t.per_game.last_mut().expect("pushed above") += e;
                    let p = if y > 0.5 { s } else { 1.0 - s };
                    t.log_loss -= p.clamp(0.01, 0.99).ln();
                    t.share += s;
                    t.judged.push((s, y > 0.5));
                }
                positions += 1;
                outcomes += y;
            }
            before = last;
            match mv {
                None => {
                    board.pass();
                    last = Point::NONE;
                }
                Some((col, row)) => {
                    let p = board.point(col, row);
                    if board.play(color, Move::Play(p)).is_err() {
                        eprintln!("{file}: illegal move {}, rest skipped", i + 1);
                        break;
                    }
                    last = p;
                }
            }
        }
    }
    if positions == 0 {
        eprintln!("playout_eval: no position to judge");
        std::process::exit(1);
    }
    let n = positions as f64;
    println!(
        "{games} games, {positions} positions, {} playouts each; Black won {:.1}% of the positions' games",
        o.playouts,
        100.0 * outcomes / n
    );
    println!("set\tmse\tlog-loss\tbias\tauc\tmse - defaults (s.e. over games)");
    let base = tallies[0].per_game.clone();
    for (t, (name, _)) in tallies.iter_mut().zip(&o.variants) {
        // Paired difference per game against the defaults, its mean over
        // positions and the standard error of that mean from the games' sums.
        let diffs: Vec<f64> = t.per_game.iter().zip(&base).map(|(a, b)| a - b).collect();
        let mean = diffs.iter().sum::<f64>() / n;
        let per_game_mean = diffs.iter().sum::<f64>() / games as f64;
        let var = diffs
            .iter()
            .map(|d| (d - per_game_mean) * (d - per_game_mean))
            .sum::<f64>()
            / (games as f64 - 1.0).max(1.0);
        let se = (var * games as f64).sqrt() / n;
        println!(
            "{name}\t{:.5}\t{:.5}\t{:+.4}\t{:.4}\t{:+.5} ({:.5})",
            t.squared / n,
            t.log_loss / n,
            (t.share - outcomes) / n,
            auc(&mut t.judged),
            mean,
            se
        );
    }
}
