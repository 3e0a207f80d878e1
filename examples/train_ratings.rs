//! Trains koban's move ratings from game records: `src/knowledge/ratings/ratings9.txt`
//! (boards below 13x13) from Pachi's moves in 9x9 games, and
//! `src/knowledge/ratings/ratings19.txt` (13x13 and up) from 19x19 games:
//!
//!     cargo run --release --example train_ratings -- [OPTIONS] FILES... > TABLE
//!
//! FILES are Tygem game lists (one game a line, `id<TAB>;B[pd];W[dp];...`
//! in SGF coordinates, as in yenw/computer-go-dataset's `TYGEM/Kifu`) or SGF
//! records (`.sgf`, the main line, no setup stones). Only SGF records of the
//! size learned (`--size`, 19 unless given) count; Tygem lists are 19x19
//! games and count at any size, so a table for a smaller board can learn
//! from strong 19x19 games beside its own size's records (the features are
//! the same on every board; the moves drawn from a Tygem game are
//! `--tygem-per-game` and `--tygem-dict-per-game`, by default the same as
//! the others). Give the SGF records first: every 10th game is held out,
//! counted over all files in order, so they then hold out the same games
//! with or without the lists after them. With `--learn-from NAME`, only
//! the moves of the player named NAME in an SGF record's `PB`/`PW` are
//! learned from (the opponent's are played, not learned): that is how a
//! stronger engine's moves are taken from its games against koban.
//! docs/engine.md and docs/ratings.md give each table's exact rebuild.
//!
//! A 19x19 position has some 300 legal moves, so not every move of every
//! game need be a training position: in each game `--per-game` moves
//! (default 4; 1000 takes them all) are drawn by a fixed hash of the seed,
//! the game's number and the move's, so a run is reproducible. Those
//! positions' features ([`MoveFeatures::compute`] and the spatial keys) are
//! learned with Coulom's minorisation-maximisation (one virtual win and one
//! virtual loss against gamma 1 per level), keeping each candidate's
//! strength and updating it as a group's gammas change. Shapes and
//! diamonds legal fewer than `MIN_SHAPE_SEEN` times share the level `rare`.
//!
//! Spatial patterns ([`koban::knowledge::ratings::spatial`]): the keys of the chosen move
//! of `--dict-per-game` drawn moves per training game (default 50) are
//! counted, and those chosen at least `--min-spatial` times (default 12) are
//! the table's patterns; a candidate's level is its pattern at the largest
//! radius listed, none if no radius is. Every counted pattern is written,
//! whatever its gamma: a pattern is never counted more often than the
//! smaller one inside it, so the table lists a radius only where it lists
//! the smaller ones, and play relies on that to stop reading a move's
//! radii at the first one the table lacks.
//!
//! `--drop NAME,...` leaves groups out (`edge`, `spatial`, `diamond`, ...), to
//! measure what each adds. Every `HOLDOUT`th game is kept out of training;
//! the program reports on standard error the top-1 rate and the mean
//! log-likelihood of the chosen moves on the held-out positions.
//!
//! `--evaluate TABLE` learns nothing: it reports the same two figures for a
//! table already written (a compiled-in one, say) on the same held-out
//! positions, and on every drawn position (the larger sample, for records
//! the table did not learn from), so tables learned from different records
//! compare on one set of moves.

use ahash::AHashMap;
use koban::board::{Board, Color, Move, Point};
use koban::knowledge::ratings::spatial::{self, RADII};
use koban::knowledge::ratings::{
    GROUP_NAMES, GROUPS, Group, MoveFeatures, NONE, RARE_SHAPE, Ratings, SPATIAL_NAME,
};
use koban::tactics::LadderStack;
use mm_set::{ABSENT, chosen_counts, evaluate, judge, level_text};

/// Shapes legal fewer times than this share the level `rare`.
const MIN_SHAPE_SEEN: u32 = 30;
/// One game in this many is held out.
const HOLDOUT: usize = 10;
/// The board size learned unless `--size` says otherwise.
const SIZE: usize = 19;
/// Columns of a candidate: the groups, then the spatial pattern.
const COLUMNS: usize = GROUPS + 1;
const SPATIAL: usize = GROUPS;

#[path = "common/mm_set.rs"]
mod mm_set;

type Set = mm_set::Set<COLUMNS>;

struct Options {
    per_game: usize,
    dict_per_game: usize,
    tygem_per_game: Option<usize>,
    tygem_dict_per_game: Option<usize>,
    min_spatial: u32,
    rounds: usize,
    seed: u64,
    size: usize,
    learn_from: Option<String>,
    evaluate: Option<String>,
    drop: Vec<bool>,
    files: Vec<String>,
}

/// A game: its board size and its moves from Black, `None` a pass, each with
/// whether it is learned from (`--learn-from`), and whether it came from a
/// Tygem list.
struct Game {
    size: usize,
    tygem: bool,
    moves: Vec<GameMove>,
}

/// A move of a [`Game`]: the mover, the point (`None` a pass), learned from.
type GameMove = (Color, Option<(usize, usize)>, bool);

/// The size of a Tygem list's games.
const TYGEM_SIZE: usize = 19;

fn usage() -> ! {
    eprintln!(
        "usage: train_ratings [--per-game N] [--dict-per-game N] [--tygem-per-game N] \
         [--tygem-dict-per-game N] [--min-spatial N] \
         [--rounds N] [--seed N] [--size N] [--learn-from NAME] [--drop GROUP,...] [--evaluate TABLE] FILES..."
    );
    std::process::exit(2);
}

fn options() -> Options {
    let mut o = Options {
        per_game: 4,
        dict_per_game: 50,
        tygem_per_game: None,
        tygem_dict_per_game: None,
        min_spatial: 12,
        rounds: 25,
        seed: 1,
        size: SIZE,
        learn_from: None,
        evaluate: None,
        drop: vec![false; COLUMNS],
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = || -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| usage())
        };
        match a.as_str() {
            "--per-game" => o.per_game = number() as usize,
            "--dict-per-game" => o.dict_per_game = number() as usize,
            "--tygem-per-game" => o.tygem_per_game = Some(number() as usize),
            "--tygem-dict-per-game" => o.tygem_dict_per_game = Some(number() as usize),
            "--min-spatial" => o.min_spatial = number() as u32,
            "--rounds" => o.rounds = number() as usize,
            "--seed" => o.seed = number(),
            "--size" => o.size = number() as usize,
            "--learn-from" => o.learn_from = Some(args.next().unwrap_or_else(|| usage())),
            "--evaluate" => o.evaluate = Some(args.next().unwrap_or_else(|| usage())),
            "--drop" => {
                for name in args.next().unwrap_or_else(|| usage()).split(',') {
                    match column_of(name) {
                        Some(c) => o.drop[c] = true,
                        None => usage(),
                    }
                }
            }
            _ if a.starts_with("--") => usage(),
            _ => o.files.push(a),
        }
    }
    if o.files.is_empty() || !(2..=19).contains(&o.size) {
        usage();
    }
    o
}

fn column_of(name: &str) -> Option<usize> {
    if name == SPATIAL_NAME {
        return Some(SPATIAL);
    }
    GROUP_NAMES.iter().position(|&g| g == name)
}

/// A fixed 64-bit mix (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which of a game's `len` moves are drawn: `count` of them, by hash order.
fn drawn(seed: u64, salt: u64, game: usize, len: usize, count: usize) -> Vec<bool> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by_key(|&i| mix(seed ^ mix(salt ^ (game as u64) << 20 ^ i as u64)));
    let mut chosen = vec![false; len];
    for &i in order.iter().take(count) {
        chosen[i] = true;
    }
    chosen
}

/// The games of a Tygem list: `id<TAB>;B[pd];W[dp];...`.
fn read_tygem(text: &str) -> Vec<Game> {
    let size = TYGEM_SIZE;
    let mut games = Vec::new();
    for line in text.lines() {
        let Some((_, record)) = line.split_once('\t') else {
            continue;
        };
        let mut game = Vec::new();
        for node in record.split(';').map(str::trim).filter(|n| !n.is_empty()) {
            let color = match node.as_bytes()[0] {
                b'B' => Color::Black,
                b'W' => Color::White,
                _ => break,
            };
            let Some(inner) = node.get(2..node.len().saturating_sub(1)) else {
                break;
            };
            let mv = match inner.as_bytes() {
                [] | [b't', b't'] => None,
                &[c, r]
                    if (b'a'..b'a' + size as u8).contains(&c)
                        && (b'a'..b'a' + size as u8).contains(&r) =>
                {
                    Some(((c - b'a') as usize, size - 1 - (r - b'a') as usize))
                }
                _ => break,
            };
            game.push((color, mv, true));
        }
        if !game.is_empty() {
            games.push(Game {
                size,
                tygem: true,
                moves: game,
            });
        }
    }
    games
}

fn read_games(o: &Options) -> Vec<Game> {
    let mut games = Vec::new();
    for file in &o.files {
        let text = std::fs::read(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        });
        if file.ends_with(".sgf") {
            match koban::sgf::parse(&text) {
                Ok(g) if g.size == o.size && g.setup.is_empty() && g.handicap == 0 => {
                    let learned = |c: Color| match &o.learn_from {
                        None => true,
                        Some(name) => g.player_name(c) == Some(name.as_str()),
                    };
                    games.push(Game {
                        size: g.size,
                        tygem: false,
                        moves: g.moves.iter().map(|&(c, m)| (c, m, learned(c))).collect(),
                    })
                }
                Ok(_) => eprintln!("{file}: not an even game of the size learned, skipped"),
                Err(e) => eprintln!("{file}: {e}"),
            }
        } else {
            games.extend(read_tygem(&String::from_utf8_lossy(&text)));
        }
    }
    games
}

/// Which of a game's moves are drawn (`salt` 1: the dictionary's, 2: the
/// training positions'), by the counts of its kind of record.
fn drawn_in(o: &Options, salt: u64, n: usize, game: &Game) -> Vec<bool> {
    let count = match (salt, game.tygem) {
        (1, false) => o.dict_per_game,
        (1, true) => o.tygem_dict_per_game.unwrap_or(o.dict_per_game),
        (_, false) => o.per_game,
        (_, true) => o.tygem_per_game.unwrap_or(o.per_game),
    };
    drawn(o.seed, salt, n, game.moves.len(), count)
}

/// Replays a game on its board, calling `visit` before each drawn move that
/// is learned from with the board, the mover, the last two stones and the
/// chosen point.
fn replay(game: &Game, drawn: &[bool], mut visit: impl FnMut(&Board, Color, Point, Point, Point)) {
    let mut board = Board::new(game.size);
    let (mut last, mut own) = (Point::NONE, Point::NONE);
    for (i, &(color, mv, learned)) in game.moves.iter().enumerate() {
        let Some((x, y)) = mv else {
            board.pass();
            own = last;
            last = Point::NONE;
            continue;
        };
        let p = board.point(x, y);
        if drawn[i] && learned && board.is_legal(color, p) {
            visit(&board, color, last, own, p);
        }
        if board.play(color, Move::Play(p)).is_err() {
            return;
        }
        own = last;
        last = p;
    }
}

fn main() {
    let o = options();
    let games = read_games(&o);
    eprintln!("{}", games_text(&o, &games));
    let held = |n: usize| n % HOLDOUT == HOLDOUT - 1;
    if let Some(table) = &o.evaluate {
        evaluate_table(&o, &games, table, held);
        return;
    }

    // The spatial dictionary: keys of chosen moves in training games.
    let mut seen: AHashMap<u64, u32> = AHashMap::new();
    if !o.drop[SPATIAL] {
        for (n, game) in games.iter().enumerate().filter(|(n, _)| !held(*n)) {
            let d = drawn_in(&o, 1, n, game);
            replay(game, &d, |board, color, _, _, p| {
                for key in spatial::keys(board, color, p) {
                    *seen.entry(key).or_default() += 1;
                }
            });
        }
    }
    let mut known: Vec<u64> = seen
        .iter()
        .filter(|&(_, &c)| c >= o.min_spatial)
        .map(|(&k, _)| k)
        .collect();
    known.sort_unstable();
    drop(seen);
    eprintln!(
        "{} spatial patterns chosen at least {} times",
        known.len(),
        o.min_spatial
    );

    // Levels: (column, raw level) -> dense index; the spatial patterns first.
    let mut names: Vec<(usize, u64)> = known.iter().map(|&k| (SPATIAL, k)).collect();
    let mut index: AHashMap<(usize, u64), u32> = names
        .iter()
        .enumerate()
        .map(|(i, &n)| (n, i as u32))
        .collect();
    let (mut train, mut test) = (Set::default(), Set::default());
    let mut ladders = LadderStack::default();
    for (n, game) in games.iter().enumerate() {
        let d = drawn_in(&o, 2, n, game);
        let set = if held(n) { &mut test } else { &mut train };
        replay(game, &d, |board, color, last, own, p| {
            let all = MoveFeatures::compute(board, color, last, own, &mut ladders);
            let Some(k) = all.moves.iter().position(|&(q, _)| q == p) else {
                return;
            };
            let start = set.features.len();
            for (i, (_, f)) in all.moves.iter().enumerate() {
                let mut row = [ABSENT; COLUMNS];
                for g in 0..GROUPS {
                    if f[g] != NONE && !o.drop[g] {
                        let next = names.len() as u32;
                        row[g] = *index.entry((g, u64::from(f[g]))).or_insert_with(|| {
                            names.push((g, u64::from(f[g])));
                            next
                        });
                    }
                }
                if !o.drop[SPATIAL] {
                    let keys = spatial::keys(board, color, all.moves[i].0);
                    row[SPATIAL] = (0..RADII.len())
                        .rev()
                        .find_map(|r| index.get(&(SPATIAL, keys[r])).copied())
                        .unwrap_or(ABSENT);
                }
                set.features.push(row);
            }
            set.positions.push((start, all.moves.len(), k));
        });
    }
    drop(index);

    // Shapes and diamonds too rare in training share their group's `rare`.
    let mut count = vec![0u32; names.len()];
    for row in &train.features {
        for &i in row {
            if i != ABSENT {
                count[i as usize] += 1;
            }
        }
    }
    let shaped = |g: usize| g == Group::Shape as usize || g == Group::Diamond as usize;
    let mut remap = vec![0u32; names.len()];
    let mut levels: Vec<(usize, u64)> = Vec::new();
    let mut rare_of: AHashMap<usize, u32> = AHashMap::new();
    for (i, &(g, raw)) in names.iter().enumerate() {
        remap[i] = if shaped(g) && count[i] < MIN_SHAPE_SEEN {
            *rare_of.entry(g).or_insert_with(|| {
                levels.push((g, (g as u64) << 25 | u64::from(RARE_SHAPE)));
                (levels.len() - 1) as u32
            })
        } else {
            levels.push((g, raw));
            (levels.len() - 1) as u32
        };
    }
    for set in [&mut train, &mut test] {
        for row in set.features.iter_mut() {
            for i in row.iter_mut().filter(|i| **i != ABSENT) {
                *i = remap[*i as usize];
            }
        }
    }
    eprintln!(
        "{} training positions ({} candidates), {} held out, {} levels",
        train.positions.len(),
        train.features.len(),
        test.positions.len(),
        levels.len()
    );

    let wins = chosen_counts(&train, levels.len());
    let gamma = minorise(&train, &test, &levels, &wins, o.rounds);
    write_table(&o, &games, &train, &test, &levels, &gamma, &wins);
}

/// How many games of which size: `N 13x13 games`, or with Tygem games of
/// another size `N games (A 13x13, B 19x19)`.
fn games_text(o: &Options, games: &[Game]) -> String {
    let own = games.iter().filter(|g| g.size == o.size).count();
    if own == games.len() {
        format!("{own} {0}x{0} games", o.size)
    } else {
        let other = games.len() - own;
        format!(
            "{} games ({own} {1}x{1}, {other} {2}x{2})",
            games.len(),
            o.size,
            TYGEM_SIZE
        )
    }
}

/// `--evaluate`: the top-1 rate and mean log-likelihood of `table` on the
/// held-out positions the training would draw, and on every drawn position
/// (the larger sample, for records the table did not learn from).
fn evaluate_table(o: &Options, games: &[Game], table: &str, held: impl Fn(usize) -> bool) {
    let text = std::fs::read_to_string(table).unwrap_or_else(|e| {
        eprintln!("{table}: {e}");
        std::process::exit(1);
    });
    let ratings = Ratings::parse(&text).unwrap_or_else(|e| {
        eprintln!("{table}: {e}");
        std::process::exit(1);
    });
    let mut ladders = LadderStack::default();
    // (positions, top-1 hits, summed log-likelihood): held out, all.
    let mut tally = [(0usize, 0usize, 0f64); 2];
    for (n, game) in games.iter().enumerate() {
        let d = drawn_in(o, 2, n, game);
        replay(game, &d, |board, color, last, own, p| {
            let all = MoveFeatures::compute(board, color, last, own, &mut ladders);
            let probabilities = ratings.probabilities(board, &all);
            let Some(chosen) = probabilities.iter().position(|&(q, _)| q == p) else {
                return;
            };
            let values: Vec<f64> = probabilities.iter().map(|&(_, v)| f64::from(v)).collect();
            let (hit, ln) = judge(&values, chosen);
            for t in &mut tally[usize::from(!held(n))..] {
                t.0 += 1;
                t.1 += usize::from(hit);
                t.2 += ln;
            }
        });
    }
    for ((positions, top, loglik), which) in tally.into_iter().zip(["held-out", "drawn"]) {
        let n = positions.max(1) as f64;
        println!(
            "{table}: {positions} {which} positions; top-1 {:.1}%; log-likelihood {:.3}",
            100.0 * top as f64 / n,
            loglik / n
        );
    }
}

/// Coulom's minorisation-maximisation over the training set, reporting on
/// both sets every five rounds.
fn minorise(
    train: &Set,
    test: &Set,
    levels: &[(usize, u64)],
    wins: &[f64],
    rounds: usize,
) -> Vec<f64> {
    let mut gamma = vec![1f64; levels.len()];
    let mut strength = vec![1f64; train.features.len()];
    let mut totals = vec![0f64; train.positions.len()];
    for round in 0..rounds {
        for (s, row) in strength.iter_mut().zip(&train.features) {
            *s = mm_set::strength(row, &gamma);
        }
        for column in 0..COLUMNS {
            for (t, &(start, len, _)) in totals.iter_mut().zip(&train.positions) {
                *t = strength[start..start + len].iter().sum();
            }
            let mut denominator = vec![0f64; levels.len()];
            for (&t, &(start, len, _)) in totals.iter().zip(&train.positions) {
                let rows = &train.features[start..start + len];
                for (row, s) in rows.iter().zip(&strength[start..start + len]) {
                    let i = row[column];
                    if i != ABSENT {
                        denominator[i as usize] += s / gamma[i as usize] / t;
                    }
                }
            }
            let old = gamma.clone();
            for (i, &(g, _)) in levels.iter().enumerate() {
                if g == column {
                    gamma[i] = (wins[i] + 1.0) / (denominator[i] + 2.0 / (gamma[i] + 1.0));
                }
            }
            for (s, row) in strength.iter_mut().zip(&train.features) {
                let i = row[column];
                if i != ABSENT {
                    *s *= gamma[i as usize] / old[i as usize];
                }
            }
        }
        if round % 5 == 4 || round == rounds - 1 {
            let (a, l) = evaluate(train, &gamma);
            let (ta, tl) = evaluate(test, &gamma);
            eprintln!(
                "round {}: training top-1 {:.1}% log-likelihood {l:.3}; held out top-1 {:.1}% log-likelihood {tl:.3}",
                round + 1,
                100.0 * a,
                100.0 * ta
            );
        }
    }
    gamma
}

fn write_table(
    o: &Options,
    games: &[Game],
    train: &Set,
    test: &Set,
    levels: &[(usize, u64)],
    gamma: &[f64],
    wins: &[f64],
) {
    println!("# koban move ratings (Coulom's Elo ratings of move features):");
    println!("# GROUP LEVEL GAMMA, then how often a chosen move had the level.");
    println!(
        "# Trained by examples/train_ratings.rs ({} rounds of minorisation-maximisation;",
        o.rounds
    );
    println!(
        "# --per-game {} --dict-per-game {} --min-spatial {} --seed {}{}).",
        o.per_game,
        o.dict_per_game,
        o.min_spatial,
        o.seed,
        [
            o.tygem_per_game.map(|n| format!(" --tygem-per-game {n}")),
            o.tygem_dict_per_game
                .map(|n| format!(" --tygem-dict-per-game {n}")),
            (o.size != SIZE).then(|| format!(" --size {}", o.size)),
        ]
        .into_iter()
        .flatten()
        .collect::<String>()
    );
    // SGF records are named by their folders, game lists by their files.
    let mut sources: Vec<&str> = o
        .files
        .iter()
        .map(|f| match f.rsplit_once('/') {
            Some((dir, _)) if f.ends_with(".sgf") => dir,
            Some((_, name)) => name,
            None => f.as_str(),
        })
        .collect();
    sources.dedup();
    println!("# Sources: {}.", sources.join(" "));
    if let Some(name) = &o.learn_from {
        println!("# Learned from the SGF moves of {name} only (--learn-from {name}).");
    }
    println!(
        "# {} ({} positions; every {HOLDOUT}th game held out: {} positions).",
        games_text(o, games),
        train.positions.len(),
        test.positions.len()
    );
    let (ta, tl) = evaluate(test, gamma);
    println!(
        "# Held out: the most probable move is the chosen one {:.1}% of the time; mean log-likelihood {tl:.3}.",
        100.0 * ta
    );
    let mut rows: Vec<(usize, u64, f64, f64)> = (0..levels.len())
        .map(|i| (levels[i].0, levels[i].1, gamma[i], wins[i]))
        .collect();
    rows.sort_by_key(|r| (r.0, r.1));
    for (g, level, gm, w) in rows {
        if g == SPATIAL {
            println!("{SPATIAL_NAME} {level:016x} {gm:.4} {w}");
            continue;
        }
        println!(
            "{} {} {gm:.4} {w}",
            GROUP_NAMES[g],
            level_text(level as u32)
        );
    }
}
