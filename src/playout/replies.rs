//! Last good reply with forgetting (LGRF-2, Baier and Drake 2010): the playouts
//! learn, during one search, which answer to a move (or to a pair of moves) won.
//!
//! After each simulation the winner's moves are stored as the replies to the
//! moves before them, and the loser's are forgotten where they were stored. A
//! playout then first tries the stored reply to the last two moves, then to the
//! last one, and falls back to its policy when neither is acceptable.
//!
//! Invariants: each worker thread owns its table (no sharing, no locks); entries
//! are board points or [`Point::NONE`]; a stored reply is only a suggestion and
//! is checked on the current board before it is played.

use crate::board::{Board, Color, Point};
use crate::tactics::after_play;

/// Reply tables of one thread, indexed by the mover and the previous one or two
/// moves' points (a pass is [`Point::NONE`] and neither stores nor finds a reply).
pub struct ReplyTable {
    /// Points per board index: the padded area of the board.
    points: usize,
    one: Vec<Point>,
    two: Vec<Point>,
}

impl ReplyTable {
    /// Empty tables for boards like `board`.
    pub fn new(board: &Board) -> ReplyTable {
        let points = board.stride() * board.stride();
        ReplyTable {
            points,
            one: vec![Point::NONE; 2 * points],
            two: vec![Point::NONE; 2 * points * points],
        }
    }

    fn slot_one(&self, color: Color, prev: Point) -> usize {
        color.index() * self.points + prev.idx()
    }

    fn slot_two(&self, color: Color, prev2: Point, prev: Point) -> usize {
        (color.index() * self.points + prev2.idx()) * self.points + prev.idx()
    }

    /// The stored reply of `color` to `prev2` then `prev` that is acceptable on
    /// `board`, else the one to `prev` alone, else `None`.
    #[inline]
    pub fn reply(&self, board: &Board, color: Color, prev2: Point, prev: Point) -> Option<Point> {
        if prev == Point::NONE {
            return None;
        }
        if prev2 != Point::NONE {
            let r = self.two[self.slot_two(color, prev2, prev)];
            if acceptable(board, color, r) {
                return Some(r);
            }
        }
        let r = self.one[self.slot_one(color, prev)];
        acceptable(board, color, r).then_some(r)
    }

    /// Learns from one simulation: `moves` in order (a pass as
    /// [`Point::NONE`]), the first made by `first`, colors alternating; `before`
    /// are the points of the two turns before the first (oldest first).
    pub fn learn(&mut self, before: [Point; 2], first: Color, moves: &[Point], winner: Color) {
        let [mut prev2, mut prev] = before;
        let mut color = first;
        for &mv in moves {
            if mv != Point::NONE && prev != Point::NONE {
                let one = self.slot_one(color, prev);
                let two = (prev2 != Point::NONE).then(|| self.slot_two(color, prev2, prev));
                if color == winner {
                    self.one[one] = mv;
                    if let Some(two) = two {
                        self.two[two] = mv;
                    }
                } else {
                    if self.one[one] == mv {
                        self.one[one] = Point::NONE;
                    }
                    if let Some(two) = two
                        && self.two[two] == mv
                    {
                        self.two[two] = Point::NONE;
                    }
                }
            }
            prev2 = prev;
            prev = mv;
            color = color.opponent();
        }
    }
}

/// A reply is played only where the playout policy itself could play: a legal
/// empty point that is not the mover's own true eye and does not put a chain of
/// two or more stones into atari. (A single-stone self-atari is allowed: it won
/// before, and throw-ins are what such replies are for.)
#[inline]
fn acceptable(board: &Board, color: Color, p: Point) -> bool {
    if p == Point::NONE || !board.is_legal(color, p) || board.is_true_eye(color, p) {
        return false;
    }
    let after = after_play(board, color, p);
    !(after.is_self_atari() && after.stones >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    #[test]
    fn winner_replies_are_stored_and_loser_replies_forgotten() {
        let board = Board::new(9);
        let mut table = ReplyTable::new(&board);
        let [a, b, c, d] = [(2, 2), (6, 6), (2, 6), (6, 2)].map(|(x, y)| board.point(x, y));
        // Black a, White b, Black c, White d; White won: White's b answers a
        // and d answers c (and the pair b, c).
        table.learn([Point::NONE; 2], Color::Black, &[a, b, c, d], Color::White);
        assert_eq!(table.reply(&board, Color::White, Point::NONE, a), Some(b));
        assert_eq!(table.reply(&board, Color::White, b, c), Some(d));
        // Black's moves in a lost game are not stored.
        assert_eq!(table.reply(&board, Color::Black, Point::NONE, b), None);
        // White loses with the same answer to a: it is forgotten.
        table.learn([Point::NONE; 2], Color::Black, &[a, b], Color::Black);
        assert_eq!(table.reply(&board, Color::White, Point::NONE, a), None);
        // The pair reply outlives a different one-move reply to c.
        table.learn([Point::NONE; 2], Color::Black, &[c, a], Color::White);
        assert_eq!(table.reply(&board, Color::White, Point::NONE, c), Some(a));
        assert_eq!(table.reply(&board, Color::White, b, c), Some(d));
    }

    #[test]
    fn passes_neither_store_nor_find_replies() {
        let board = Board::new(9);
        let mut table = ReplyTable::new(&board);
        let [a, b] = [(4, 4), (2, 2)].map(|(x, y)| board.point(x, y));
        // Black a, White passes, Black b: neither b (after a pass) nor the pass
        // is stored, whoever won.
        for winner in [Color::Black, Color::White] {
            table.learn([Point::NONE; 2], Color::Black, &[a, Point::NONE, b], winner);
        }
        assert!(
            table
                .one
                .iter()
                .chain(&table.two)
                .all(|&p| p == Point::NONE)
        );
        assert_eq!(table.reply(&board, Color::Black, a, Point::NONE), None);
    }

    #[test]
    fn replies_that_the_policy_could_not_play_are_refused() {
        // White's B9 is a true eye, D9 is taken, and G6 would leave White's G5
        // and G6 with one liberty (G7).
        let board = board_from(&[
            "O.OX.....",
            "OOOX.....",
            ".........",
            ".....X.X.",
            ".....XOX.",
            "......X..",
            ".........",
            ".........",
            ".........",
        ]);
        let mut table = ReplyTable::new(&board);
        let prev = board.point(0, 0);
        for (x, y) in [(1, 8), (3, 8), (6, 5)] {
            let reply = board.point(x, y);
            table.learn([Point::NONE; 2], Color::Black, &[prev, reply], Color::White);
            assert_eq!(
                table.reply(&board, Color::White, Point::NONE, prev),
                None,
                "{x},{y}"
            );
        }
        let fine = board.point(2, 2);
        table.learn([Point::NONE; 2], Color::Black, &[prev, fine], Color::White);
        assert_eq!(
            table.reply(&board, Color::White, Point::NONE, prev),
            Some(fine)
        );
    }
}
