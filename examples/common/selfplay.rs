//! Reading the game files of `scripts/gnugo-selfplay.py`, shared by the
//! trainers: one game per line, the moves in order from Black as GTP
//! vertices (`pass` for a pass), a move GNU Go did not choose (a random one)
//! marked with a trailing `*`; comment lines start with `#`, and the
//! generator's header names the board size (`--size N`).

use koban::board::Color;
use koban::gtp::vertex::parse_coords;

/// A move of a game: its player, its point (column and row from the
/// bottom left; `None` for a pass) and whether GNU Go chose it.
pub type RecordMove = (Color, Option<(usize, usize)>, bool);

/// A game: its size and its moves (the SGF trainer builds these too).
pub struct Record {
    pub size: usize,
    pub moves: Vec<RecordMove>,
}

/// The games of `text`, read from `file` (named in messages). A game stops
/// before a vertex that does not parse; a game before any size header ends
/// the program.
pub fn read(file: &str, text: &str) -> Vec<Record> {
    let mut size = 0;
    let mut games = Vec::new();
    for line in text.lines() {
        if let Some(header) = line.strip_prefix('#') {
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
        let mut color = Color::Black;
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let (vertex, chosen) = match word.strip_suffix('*') {
                Some(v) => (v, false),
                None => (word, true),
            };
            let mv = if vertex.eq_ignore_ascii_case("pass") {
                None
            } else {
                match parse_coords(vertex, size) {
                    Some(xy) => Some(xy),
                    None => {
                        eprintln!("{file}: bad vertex '{vertex}' in: {line}");
                        break;
                    }
                }
            };
            moves.push((color, mv, chosen));
            color = color.opponent();
        }
        games.push(Record { size, moves });
    }
    games
}
