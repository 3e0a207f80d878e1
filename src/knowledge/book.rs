//! The 9x9 opening book: for the first moves of an even game, the move with
//! the best record in koban's recorded games against Pachi 12.90 (the best
//! lower bound of its win rate's 95% interval, [`learn`]).
//!
//! The book (`book9.txt`) is learned ([`learn`], `examples/build_book.rs`)
//! from the match records in `data/games/` and rebuilds byte for byte from
//! the records its `# Sources:` line names. koban's choice of
//! opening varies from game to game with the search's noise, and those
//! records show that the choice matters far more than the search at the empty
//! board can tell: as Black, the 4-4 point won 51% of 1,871 games and tengen
//! 38% of 574.
//!
//! Invariants:
//! - A line is a sequence of moves from the empty board in its canonical
//!   orientation ([`canonical`]: the least of its eight symmetric images), and
//!   the move the book plays there, in the same orientation.
//! - [`Book::answer`] answers only the positions the book was learned for:
//!   its board size and komi, no handicap or setup stones, Black first and no
//!   pass; it tries the game's moves in every orientation and turns the book
//!   move back, so every symmetric image of a line is covered.

mod learn;
#[cfg(test)]
mod tests;

pub use learn::{LearnOptions, Record, learn};

use super::symmetry::Symmetry;
use super::table_error::{TableError, TableReason};
use crate::board::{Color, Move, Point};
use crate::game::Game;
use std::sync::OnceLock;

const TEXT: &str = include_str!("book/book9.txt");

/// A point as column and row from the lower left, 0-based.
pub(crate) type Coords = (usize, usize);

/// The canonical orientation of a move sequence: the least of its eight
/// images (compared move by move), and the symmetries that give it (more
/// than one when the position is symmetric).
pub(crate) fn canonical(size: usize, moves: &[Coords]) -> (Vec<Coords>, Vec<Symmetry>) {
    let mut best: Option<Vec<Coords>> = None;
    let mut ts = Vec::new();
    for t in Symmetry::ALL {
        let image: Vec<Coords> = moves.iter().map(|&m| t.coords(size, m)).collect();
        match &best {
            Some(b) if image > *b => {}
            Some(b) if image == *b => ts.push(t),
            _ => {
                best = Some(image);
                ts = vec![t];
            }
        }
    }
    (best.unwrap_or_default(), ts)
}

/// A move in the frame of a canonical sequence, as one representative: the
/// least of its images under the symmetries that keep the sequence (so the
/// 4-4 points of the empty board are one move).
pub(crate) fn canonical_reply(
    size: usize,
    moves: &[Coords],
    reply: Coords,
) -> (Vec<Coords>, Coords) {
    let (key, ts) = canonical(size, moves);
    let in_frame = ts[0].coords(size, reply);
    let keep: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|t| key.iter().all(|&m| t.coords(size, m) == m))
        .collect();
    let reply = keep
        .iter()
        .map(|t| t.coords(size, in_frame))
        .min()
        .unwrap_or(in_frame);
    (key, reply)
}

/// The opening book: canonical sequences and the move to play after each.
#[derive(Debug, Default)]
pub(crate) struct Book {
    size: usize,
    komi: f64,
    lines: Vec<(Vec<Coords>, Coords)>,
}

impl Book {
    /// Reads the book's text: `# Size:` and `# Komi:` header lines, then one
    /// line per position, `MOVES : REPLY WON PLAYED`, each move `x,y` (`-`
    /// for the empty board); `#` starts a comment.
    pub(crate) fn parse(text: &str) -> Result<Book, TableError> {
        let mut book = Book::default();
        for (n, raw) in text.lines().enumerate() {
            let fail = |reason| TableError {
                table: "book",
                line: n + 1,
                text: raw.to_string(),
                reason,
            };
            if let Some(v) = raw.strip_prefix("# Size:") {
                book.size = v.trim().parse().map_err(|_| fail(TableReason::BadHeader))?;
                continue;
            }
            if let Some(v) = raw.strip_prefix("# Komi:") {
                book.komi = v.trim().parse().map_err(|_| fail(TableReason::BadHeader))?;
                continue;
            }
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if !(2..=25).contains(&book.size) {
                return Err(fail(TableReason::BadHeader));
            }
            let point = |text: &str| -> Option<Coords> {
                let (x, y) = text.split_once(',')?;
                let (x, y) = (x.parse().ok()?, y.parse().ok()?);
                (x < book.size && y < book.size).then_some((x, y))
            };
            let (moves, rest) = line
                .split_once(':')
                .ok_or_else(|| fail(TableReason::BadLine))?;
            let moves: Option<Vec<Coords>> = match moves.trim() {
                "-" => Some(Vec::new()),
                m => m.split_whitespace().map(point).collect(),
            };
            let reply = rest.split_whitespace().next().and_then(point);
            match (moves, reply) {
                (Some(moves), Some(reply)) if !moves.contains(&reply) => {
                    book.lines.push((moves, reply))
                }
                _ => return Err(fail(TableReason::BadLine)),
            }
        }
        Ok(book)
    }

    /// The compiled-in book (parsed on first use).
    pub(crate) fn standard() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(TEXT).expect("the compiled-in book9.txt parses"))
    }

    /// The number of positions the book answers, up to symmetry.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// The book's move after `moves` (from the empty board), in the
    /// orientation of `moves`, or `None` if the book lacks the position.
    pub(crate) fn reply(&self, moves: &[Coords]) -> Option<Coords> {
        Symmetry::ALL.into_iter().find_map(|t| {
            let image: Vec<Coords> = moves.iter().map(|&m| t.coords(self.size, m)).collect();
            self.lines
                .iter()
                .find(|(line, _)| *line == image)
                .map(|&(_, reply)| t.inverse().coords(self.size, reply))
        })
    }

    /// The book's move for `color` in `game`, if the game is one the book was
    /// learned for and its moves so far are a line of the book.
    pub(crate) fn answer(&self, game: &Game, color: Color) -> Option<Point> {
        let board = game.board();
        let fits = game.size() == self.size
            && game.komi() == self.komi
            && game.handicap() == 0
            && game.first_player() == Color::Black
            && game.p0().empty_count() == self.size * self.size
            && game.to_move() == color;
        if !fits {
            return None;
        }
        let mut moves = Vec::new();
        for (i, turn) in game.record().iter().enumerate() {
            let expected = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            match turn.mv {
                Move::Play(p) if turn.color == expected => moves.push(board.coords(p)),
                _ => return None,
            }
        }
        let (x, y) = self.reply(&moves)?;
        let p = board.point(x, y);
        game.is_legal(color, Move::Play(p)).then_some(p)
    }
}
