//! Learning the opening book from match records (`examples/build_book.rs`
//! is its command line; the test `the_compiled_in_book_rebuilds_from_its_sources`
//! relearns `book9.txt` from the records its `# Sources:` line names).
//!
//! For every position of the first `max_moves` moves where the player was to
//! move, the games are grouped by the position up to symmetry and by the move
//! played (one representative of the moves the position's own symmetries make
//! equal). The book takes the move with the best lower bound of the 95%
//! Wilson interval of its win rate among those played in at least `min_games`
//! games, and keeps only the positions it reaches by its own moves: every
//! earlier move of the player there is the book's own.

use super::{Coords, canonical_reply};
use crate::board::Color;
use crate::sgf;
use ahash::AHashMap;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What the book is learned for and from.
#[derive(Clone, Debug)]
pub struct LearnOptions {
    pub size: usize,
    pub komi: f64,
    /// The player whose moves are judged, by its `PB`/`PW` name.
    pub player: String,
    /// The book covers positions with fewer moves than this.
    pub max_moves: usize,
    /// A move needs this many games to be chosen.
    pub min_games: u32,
}

impl Default for LearnOptions {
    fn default() -> LearnOptions {
        LearnOptions {
            size: 9,
            komi: 7.5,
            player: "koban".to_string(),
            max_moves: 8,
            min_games: 30,
        }
    }
}

/// One game: the player's colour index (0 Black), whether the player won,
/// and the first moves (up to the first pass).
pub struct Record {
    player: usize,
    won: bool,
    moves: Vec<Coords>,
}

impl Record {
    /// The record of an SGF game, if it is an even game of the book's size
    /// and komi with the player on one side and a winner (`RE[B+...]` or
    /// `RE[W+...]`).
    pub fn from_sgf(o: &LearnOptions, bytes: &[u8]) -> Option<Record> {
        let game = sgf::parse(bytes).ok()?;
        let even = game.size == o.size && game.handicap == 0 && game.setup.is_empty();
        if !even || game.komi != Some(o.komi) {
            return None;
        }
        let player = Color::BOTH
            .into_iter()
            .find(|&c| game.player_name(c) == Some(o.player.as_str()))?;
        let winner = game.winner()?;
        let moves = game
            .moves
            .iter()
            .take(o.max_moves)
            .map_while(|&(_, m)| m)
            .collect();
        Some(Record {
            player: player.index(),
            won: winner == player,
            moves,
        })
    }

    /// The positions where the player moved, each canonical with the
    /// canonical move played.
    fn choices(&self, size: usize) -> impl Iterator<Item = (Vec<Coords>, Coords)> + '_ {
        (self.player..self.moves.len())
            .step_by(2)
            .map(move |ply| canonical_reply(size, &self.moves[..ply], self.moves[ply]))
    }
}

/// The 95% Wilson interval's lower bound of `won` of `played`.
fn lower_bound(won: u32, played: u32) -> f64 {
    let (n, z) = (f64::from(played), 1.96);
    let p = f64::from(won) / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - spread) / (1.0 + z * z / n)
}

/// A point's GTP name, for the book's comments.
fn name((x, y): Coords) -> String {
    let column = b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[x] as char;
    format!("{column}{}", y + 1)
}

fn coords_text(moves: &[Coords]) -> String {
    if moves.is_empty() {
        return "-".to_string();
    }
    let texts: Vec<String> = moves.iter().map(|(x, y)| format!("{x},{y}")).collect();
    texts.join(" ")
}

/// A move's record: games won and played.
type Tally = (u32, u32);

/// A position's choice: the move, its record and the runner-up's.
type Choice = (Coords, Tally, Option<(Coords, Tally)>);

/// The book learned from `records`, as the text `Book::parse` reads;
/// `sources` goes on its `# Sources:` line.
pub fn learn(o: &LearnOptions, records: &[Record], sources: &[&str]) -> String {
    let mut stats: AHashMap<Vec<Coords>, AHashMap<Coords, Tally>> = AHashMap::new();
    for r in records {
        for (key, reply) in r.choices(o.size) {
            let entry = stats.entry(key).or_default().entry(reply).or_default();
            entry.0 += u32::from(r.won);
            entry.1 += 1;
        }
    }
    // The choice in every position with a move played often enough, ordered
    // by the number of moves, then the moves.
    let mut choices: BTreeMap<(usize, Vec<Coords>), Choice> = BTreeMap::new();
    for (key, replies) in &stats {
        let mut ranked: Vec<(Coords, Tally)> = replies
            .iter()
            .filter(|(_, s)| s.1 >= o.min_games)
            .map(|(&m, &s)| (m, s))
            .collect();
        ranked.sort_by(|a, b| {
            let (la, lb) = (lower_bound(a.1.0, a.1.1), lower_bound(b.1.0, b.1.1));
            lb.total_cmp(&la).then(a.0.cmp(&b.0))
        });
        if let Some(&(best, tally)) = ranked.first() {
            choices.insert(
                (key.len(), key.clone()),
                (best, tally, ranked.get(1).copied()),
            );
        }
    }
    let mut reached: AHashMap<Vec<Coords>, ()> = AHashMap::new();
    for r in records {
        for (key, reply) in r.choices(o.size) {
            let Some(&(best, ..)) = choices.get(&(key.len(), key.clone())) else {
                break;
            };
            reached.insert(key, ());
            if reply != best {
                break;
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# koban's opening book, learned by examples/build_book.rs --max-moves {} \
         --min-games {} from {} games of {}.",
        o.max_moves,
        o.min_games,
        records.len(),
        o.player
    );
    let _ = writeln!(out, "# Sources: {}.", sources.join(" "));
    let _ = writeln!(out, "# Size: {}", o.size);
    let _ = writeln!(out, "# Komi: {}", o.komi);
    let _ = writeln!(
        out,
        "# Moves so far (column,row from the lower left, from 0) : the book's move, \
         its games won and played; then a comment with the same in GTP names and the runner-up."
    );
    for ((_, key), (best, (won, played), runner_up)) in &choices {
        if !reached.contains_key(key) {
            continue;
        }
        let names: Vec<String> = key.iter().map(|&m| name(m)).collect();
        let names = if names.is_empty() {
            "empty".to_string()
        } else {
            names.join(" ")
        };
        let second = runner_up.map_or(String::from("none"), |(m, (w, n))| {
            format!("{} {w}/{n}", name(m))
        });
        let _ = writeln!(
            out,
            "{} : {},{} {won} {played}  # {names} -> {} {won}/{played}; {second}",
            coords_text(key),
            best.0,
            best.1,
            name(*best),
        );
    }
    out
}
