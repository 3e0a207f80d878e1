//! Trains koban's move ratings (`src/mcts/ratings.txt`) from game records:
//!
//!     cargo run --release --example train_ratings -- FILES... > src/mcts/ratings.txt
//!
//! FILES are SGF game records (`.sgf`, the main line of 9x9 games without
//! setup stones) and game files of `scripts/gnugo-selfplay.py` (one game per
//! line, random moves marked `*`, which are played but not learned from).
//! Every chosen move that is not a pass is a training position: the chosen
//! move against every other legal move ([`MoveFeatures::compute`]).
//!
//! The gammas are fitted by Coulom's minorisation-maximisation: each round
//! updates one group's gammas at a time, each with a prior of one virtual win
//! and one virtual loss against a move of gamma 1. Shapes (and diamonds)
//! that were legal moves fewer than `MIN_SHAPE_SEEN` times share one level,
//! `rare`.
//!
//! With `--learn-from NAME` first, only the moves of the player named NAME
//! in an SGF record's `PB`/`PW` are learned from (the opponent's moves are
//! played, not learned); game files of the self-play script are read as
//! usual. That is how a stronger player's moves are taken from its games
//! against koban.
//!
//! With `--compare TABLE`, the program also reports how well the ratings
//! table TABLE (e.g. the committed one) predicts the same held-out moves.
//! (Shapes this training set saw too rarely to rate count as TABLE's
//! `rare`.)
//!
//! Every `HOLDOUT`th game is kept out of training; the program reports on
//! standard error how often the model's most probable move is the chosen one
//! and the mean log-likelihood of the chosen moves, on the training and the
//! held-out positions.

use ahash::AHashMap;
use koban::board::{Board, Color, Move, Point};
use koban::mcts::ratings::{
    Feature, GROUP_NAMES, GROUPS, Group, MoveFeatures, NONE, RARE_SHAPE, unpack,
};
use koban::tactics::LadderStack;

/// Shapes legal fewer times than this share the level `rare`.
const MIN_SHAPE_SEEN: u32 = 30;
/// One game in this many is held out.
const HOLDOUT: usize = 10;
/// Rounds of updates of every group.
const ROUNDS: usize = 30;

#[path = "common/mm_set.rs"]
mod mm_set;
#[path = "common/selfplay.rs"]
mod selfplay;

use mm_set::{ABSENT, chosen_counts, evaluate, level_text, strength};
use selfplay::Record;

type Set = mm_set::Set<GROUPS>;

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    let (mut learn_from, mut compare) = (None, None);
    while files.len() >= 2 && files[0].starts_with("--") {
        let value = files[1].clone();
        match files[0].as_str() {
            "--learn-from" => learn_from = Some(value),
            "--compare" => compare = Some(value),
            _ => break,
        }
        files.drain(..2);
    }
    if files.is_empty() {
        eprintln!("usage: train_ratings [--learn-from NAME] [--compare TABLE] FILES...");
        std::process::exit(2);
    }
    let mut records = Vec::new();
    for file in &files {
        let text = std::fs::read(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        });
        if file.ends_with(".sgf") {
            match koban::sgf::parse(&text) {
                Ok(g) if g.setup.is_empty() && g.handicap == 0 => {
                    let text = String::from_utf8_lossy(&text);
                    let learned = |c: Color| match &learn_from {
                        None => true,
                        Some(name) => player_name(&text, c) == Some(name.as_str()),
                    };
                    records.push(Record {
                        size: g.size,
                        moves: g.moves.iter().map(|&(c, m)| (c, m, learned(c))).collect(),
                    })
                }
                Ok(_) => eprintln!("{file}: setup stones, skipped"),
                Err(e) => eprintln!("{file}: {e}"),
            }
        } else {
            records.extend(selfplay::read(file, &String::from_utf8_lossy(&text)));
        }
    }
    records.retain(|r| r.size == 9);
    eprintln!("{} 9x9 games", records.len());

    // Raw positions: each candidate's raw features, the chosen index.
    let mut raw: Vec<(Vec<[Feature; GROUPS]>, usize, bool)> = Vec::new();
    let mut ladders = LadderStack::default();
    for (n, record) in records.iter().enumerate() {
        let held_out = n % HOLDOUT == HOLDOUT - 1;
        replay(record, &mut ladders, |features, chosen| {
            raw.push((features, chosen, held_out));
        });
    }
    // Dense indices: shapes and diamonds seen often enough in training get
    // their own, the rest their group's `rare` level.
    let mut shape_seen: AHashMap<Feature, u32> = AHashMap::new();
    for (cands, _, held) in &raw {
        if !held {
            for f in cands {
                *shape_seen.entry(f[Group::Shape as usize]).or_default() += 1;
                *shape_seen.entry(f[Group::Diamond as usize]).or_default() += 1;
            }
        }
    }
    let mut index: AHashMap<Feature, u32> = AHashMap::new();
    let mut names: Vec<Feature> = Vec::new();
    let mut dense = |f: Feature, index: &mut AHashMap<Feature, u32>| -> u32 {
        if f == NONE {
            return ABSENT;
        }
        let (group, _) = unpack(f);
        let shaped = group == Group::Shape as usize || group == Group::Diamond as usize;
        let f = if shaped && shape_seen.get(&f).copied().unwrap_or(0) < MIN_SHAPE_SEEN {
            (f >> 25) << 25 | RARE_SHAPE
        } else {
            f
        };
        *index.entry(f).or_insert_with(|| {
            names.push(f);
            (names.len() - 1) as u32
        })
    };
    let (mut train, mut test) = (Set::default(), Set::default());
    for (cands, chosen, held) in &raw {
        let set = if *held { &mut test } else { &mut train };
        let start = set.features.len();
        for f in cands {
            let d: [u32; GROUPS] = std::array::from_fn(|g| dense(f[g], &mut index));
            set.features.push(d);
        }
        set.positions.push((start, cands.len(), *chosen));
    }
    drop(raw);
    let levels = names.len();
    eprintln!(
        "{} training positions, {} held out, {levels} levels",
        train.positions.len(),
        test.positions.len()
    );

    let wins = chosen_counts(&train, levels);
    let group_of: Vec<usize> = names.iter().map(|&f| unpack(f).0).collect();
    let mut gamma = vec![1f64; levels];
    for round in 0..ROUNDS {
        for g in 0..GROUPS {
            // Sum over positions of (teammates' strength / total strength).
            let mut denominator = vec![0f64; levels];
            let mut strengths = Vec::new();
            for &(start, len, _) in &train.positions {
                let cands = &train.features[start..start + len];
                strengths.clear();
                strengths.extend(cands.iter().map(|f| strength(f, &gamma)));
                let total: f64 = strengths.iter().sum();
                for (f, s) in cands.iter().zip(&strengths) {
                    let i = f[g];
                    if i != ABSENT {
                        denominator[i as usize] += s / gamma[i as usize] / total;
                    }
                }
            }
            for i in 0..levels {
                if group_of[i] == g {
                    // Coulom's prior: one win and one loss against gamma 1.
                    gamma[i] = (wins[i] + 1.0) / (denominator[i] + 2.0 / (gamma[i] + 1.0));
                }
            }
        }
        if round % 5 == 4 || round == ROUNDS - 1 {
            let (a, l) = evaluate(&train, &gamma);
            let (ta, tl) = evaluate(&test, &gamma);
            eprintln!(
                "round {}: training top-1 {:.1}% log-likelihood {l:.3}; held out top-1 {:.1}% log-likelihood {tl:.3}",
                round + 1,
                100.0 * a,
                100.0 * ta
            );
        }
    }

    if let Some(table) = &compare {
        let gamma = table_gammas(table, &names);
        let (ta, tl) = evaluate(&test, &gamma);
        eprintln!(
            "{table} on the same held-out positions: top-1 {:.1}% log-likelihood {tl:.3}",
            100.0 * ta
        );
    }

    println!("# koban move ratings (Coulom's Elo ratings of move features): GROUP LEVEL GAMMA,");
    println!("# then how often a chosen move had the level.");
    println!(
        "# Trained by examples/train_ratings.rs ({ROUNDS} rounds of minorisation-maximisation)"
    );
    let mut sources: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit_once('/').map_or(".", |(dir, _)| dir))
        .collect();
    sources.dedup();
    println!("# Sources: {}.", sources.join(" "));
    if let Some(name) = &learn_from {
        println!("# Learned from the SGF moves of {name} only (--learn-from {name}).");
    }
    println!(
        "# {} 9x9 games ({} positions; every {HOLDOUT}th game held out: {} positions).",
        records.len(),
        train.positions.len(),
        test.positions.len()
    );
    let (ta, tl) = evaluate(&test, &gamma);
    println!(
        "# Held out: the most probable move is the chosen one {:.1}% of the time; mean log-likelihood {tl:.3}.",
        100.0 * ta
    );
    let mut rows: Vec<(Feature, f64, f64)> =
        (0..levels).map(|i| (names[i], gamma[i], wins[i])).collect();
    rows.sort_by_key(|r| r.0);
    for (f, g, w) in rows {
        let group = unpack(f).0;
        println!("{} {} {g:.4} {w}", GROUP_NAMES[group], level_text(f));
    }
}

/// The gammas a ratings table file gives the levels `names` (a shape or
/// diamond it does not list gets its `rare`, anything else 1).
fn table_gammas(file: &str, names: &[Feature]) -> Vec<f64> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    });
    let mut rows: AHashMap<(&str, &str), f64> = AHashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [group, level, gamma, ..] = words[..]
            && let Ok(g) = gamma.parse()
        {
            rows.insert((group, level), g);
        }
    }
    names
        .iter()
        .map(|&f| {
            let group = GROUP_NAMES[unpack(f).0];
            let level = level_text(f);
            rows.get(&(group, level.as_str()))
                .or_else(|| rows.get(&(group, "rare")))
                .copied()
                .unwrap_or(1.0)
        })
        .collect()
}

/// The `PB` (Black) or `PW` (White) property of an SGF record's root: the
/// player's name, if the record gives one (escapes are not undone; engine
/// names have none).
fn player_name(sgf: &str, color: Color) -> Option<&str> {
    let key = match color {
        Color::Black => "PB[",
        Color::White => "PW[",
    };
    let start = sgf.find(key)? + key.len();
    let len = sgf[start..].find(']')?;
    Some(&sgf[start..start + len])
}

/// Replays a game, calling `learn` with every chosen non-pass move's position:
/// the features of each legal move and the index of the chosen one.
fn replay(
    record: &Record,
    ladders: &mut LadderStack,
    mut learn: impl FnMut(Vec<[Feature; GROUPS]>, usize),
) {
    let mut board = Board::new(record.size);
    let (mut last, mut own) = (Point::NONE, Point::NONE);
    for &(color, mv, chosen) in &record.moves {
        let Some((x, y)) = mv else {
            board.pass();
            own = last;
            last = Point::NONE;
            continue;
        };
        let p = board.point(x, y);
        if chosen {
            let all = MoveFeatures::compute(&board, color, last, own, ladders);
            if let Some(k) = all.moves.iter().position(|&(q, _)| q == p) {
                learn(all.moves.into_iter().map(|(_, f)| f).collect(), k);
            }
        }
        if board.play(color, Move::Play(p)).is_err() {
            return;
        }
        own = last;
        last = p;
    }
}
