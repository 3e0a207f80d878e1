//! Last good replies with forgetting (Baier and Drake's LGRF-2): a search
//! thread remembers, for each player, the reply that won the last simulation
//! in which it followed the opponent's move (and the two moves before it), and
//! forgets a reply when a simulation that played it was lost. The playouts
//! try the remembered reply before their shapes, so a local answer the search
//! keeps winning with spreads to every playout that meets the same move.
//!
//! The table learns online, from the search's own simulations, nothing from
//! any opponent's games: it is per thread and per search (each `genmove`
//! starts empty), so nothing is shared and no lock is taken.
//!
//! Invariants: an entry is [`Point::NONE`] or a point that was played in some
//! simulation; the policy that reads it still checks legality, eyes and
//! self-atari, so a stale entry costs a rejected candidate, never an illegal
//! move.

use crate::board::{Color, Point};

/// The replies of one search thread, indexed by the points of one board.
pub(crate) struct ReplyTable {
    /// Points per index (the board's stride squared).
    points: usize,
    /// `[color][last]`: the reply to the opponent's `last`.
    one: Vec<Point>,
    /// `[color][own_last][last]`: the reply to `last` after the mover's
    /// `own_last`.
    two: Vec<Point>,
}

impl ReplyTable {
    /// An empty table for a board whose point indices are below `points`.
    pub(crate) fn new(points: usize) -> ReplyTable {
        ReplyTable {
            points,
            one: vec![Point::NONE; 2 * points],
            two: vec![Point::NONE; 2 * points * points],
        }
    }

    #[inline]
    fn one_slot(&self, color: Color, last: Point) -> usize {
        color.index() * self.points + last.idx()
    }

    #[inline]
    fn two_slot(&self, color: Color, own_last: Point, last: Point) -> usize {
        (color.index() * self.points + own_last.idx()) * self.points + last.idx()
    }

    /// The remembered reply of `color` to the opponent's `last` after its own
    /// `own_last` (either may be [`Point::NONE`], a pass or unknown): the
    /// two-move reply if there is one, else the one-move reply, else
    /// [`Point::NONE`].
    #[inline]
    pub(crate) fn reply(&self, color: Color, own_last: Point, last: Point) -> Point {
        if last == Point::NONE {
            return Point::NONE;
        }
        if own_last != Point::NONE {
            let p = self.two[self.two_slot(color, own_last, last)];
            if p != Point::NONE {
                return p;
            }
        }
        self.one[self.one_slot(color, last)]
    }

    /// Learns from one simulation's moves in order (a pass is
    /// [`Point::NONE`]): each reply by the winner is remembered, each reply by
    /// the loser that is the remembered one is forgotten. `winner` is `None`
    /// for a draw, which teaches nothing.
    pub(crate) fn learn(&mut self, moves: &[(Color, Point)], winner: Option<Color>) {
        let Some(winner) = winner else { return };
        for i in 1..moves.len() {
            let (color, p) = moves[i];
            let (prev_color, last) = moves[i - 1];
            if p == Point::NONE || last == Point::NONE || prev_color == color {
                continue;
            }
            let own_last = match i.checked_sub(2).map(|j| moves[j]) {
                Some((c, q)) if c == color => q,
                _ => Point::NONE,
            };
            let one = self.one_slot(color, last);
            let two = (own_last != Point::NONE).then(|| self.two_slot(color, own_last, last));
            if color == winner {
                self.one[one] = p;
                if let Some(two) = two {
                    self.two[two] = p;
                }
            } else {
                if self.one[one] == p {
                    self.one[one] = Point::NONE;
                }
                if let Some(two) = two
                    && self.two[two] == p
                {
                    self.two[two] = Point::NONE;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn remembers_the_winners_replies_and_forgets_the_losers() {
        let b = Board::new(9);
        let (a, c, d, e) = (b.point(2, 2), b.point(3, 2), b.point(4, 4), b.point(6, 6));
        let mut t = ReplyTable::new(b.stride() * b.stride());
        let game = [
            (Color::Black, a),
            (Color::White, c),
            (Color::Black, d),
            (Color::White, e),
        ];
        t.learn(&game, Some(Color::White));
        // White won: its replies are remembered, Black's are not.
        assert_eq!(t.reply(Color::White, Point::NONE, a), c);
        assert_eq!(t.reply(Color::White, c, d), e);
        assert_eq!(t.reply(Color::Black, Point::NONE, c), Point::NONE);
        // The two-move reply is keyed by the mover's own move too: after
        // another own move only the one-move reply answers.
        assert_eq!(t.reply(Color::White, a, d), e);
        t.learn(&game[..2], Some(Color::Black));
        // Black won this one: White's reply c to a is forgotten.
        assert_eq!(t.reply(Color::White, Point::NONE, a), Point::NONE);
        // A draw teaches nothing.
        t.learn(&game, None);
        assert_eq!(t.reply(Color::White, Point::NONE, a), Point::NONE);
    }

    #[test]
    fn a_pass_breaks_the_chain_of_replies() {
        let b = Board::new(9);
        let (a, c, d) = (b.point(2, 2), b.point(3, 2), b.point(4, 4));
        let mut t = ReplyTable::new(b.stride() * b.stride());
        // Black a, White passes, Black c, White d: c follows Black's own
        // move, not White's, so it is no reply; d answers c.
        let game = [
            (Color::Black, a),
            (Color::White, Point::NONE),
            (Color::Black, c),
            (Color::White, d),
        ];
        t.learn(&game, Some(Color::Black));
        assert_eq!(t.reply(Color::Black, Point::NONE, a), Point::NONE);
        t.learn(&game, Some(Color::White));
        assert_eq!(t.reply(Color::White, Point::NONE, c), d);
        // Playout records leave passes out: two moves of one colour in a
        // row teach nothing either.
        t.learn(&[(Color::Black, a), (Color::Black, c)], Some(Color::Black));
        assert_eq!(t.reply(Color::Black, Point::NONE, a), Point::NONE);
    }
}
