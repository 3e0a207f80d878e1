//! Priors of new tree nodes: Go knowledge as virtual visits.
//!
//! Every child starts with `prior_even` visits at 0.5; the knowledge below adds
//! virtual won visits (bonuses) or lost ones (penalties), stored as one signed
//! byte per node. With RAVE the prior is also the first-play urgency: a child
//! nobody has visited is worth its prior.
//!
//! - eye fill or Geneva forfeit: `prior_eye_fill` lost;
//! - capture: `prior_capture` won; saving a chain the last move put in atari
//!   (capturing an attacker, or extending out of it without a ladder):
//!   `prior_escape` won;
//! - self-atari of two or more stones: `prior_self_atari` lost (half for one);
//! - next to the last move: `prior_near_last`, plus `prior_pattern` for a 3x3
//!   shape answer; at distance two half of `prior_near_last`;
//! - even-game heuristics with nothing within two points: first line
//!   `prior_edge_empty` lost (second line half); third line (and on 13x13 and up
//!   the fourth) `prior_good_line` won.

use super::heavy::{LadderStack, PointSet, after_play, tactical_moves};
use super::params::Tunables;
use super::patterns::PatternTable;
use super::tree::{FLAG_EYE_FILL, FLAG_FORFEIT};
use crate::board::{Board, Color, Point};

/// The priors of one node's children: what is known about the position once.
pub struct Priors<'a> {
    board: &'a Board,
    color: Color,
    last: Option<(usize, usize)>,
    last_point: Point,
    tactical: PointSet<16>,
    params: &'a Tunables,
    patterns: &'static PatternTable,
}

impl<'a> Priors<'a> {
    /// For `color` to move on `board` after the opponent's stone `last`
    /// ([`Point::NONE`] if none). `ladders` holds working boards for ladders.
    pub fn new(
        board: &'a Board,
        color: Color,
        last: Point,
        params: &'a Tunables,
        ladders: &mut LadderStack,
    ) -> Priors<'a> {
        let mut tactical = PointSet::default();
        let last_ok = last != Point::NONE && board.stone(last) == Some(color.opponent());
        if last_ok {
            tactical_moves(board, color, last, ladders, &mut tactical);
        }
        Priors {
            board,
            color,
            last: last_ok.then(|| board.coords(last)),
            last_point: if last_ok { last } else { Point::NONE },
            tactical,
            params,
            patterns: PatternTable::standard(),
        }
    }

    /// Whether any stone is within Manhattan distance two of `(x, y)`.
    fn stones_near(&self, x: usize, y: usize) -> bool {
        let n = self.board.size() as isize;
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                if dx.abs() + dy.abs() > 2 {
                    continue;
                }
                let (qx, qy) = (x as isize + dx, y as isize + dy);
                if qx < 0 || qy < 0 || qx >= n || qy >= n {
                    continue;
                }
                let q = self.board.point(qx as usize, qy as usize);
                if self.board.stone(q).is_some() {
                    return true;
                }
            }
        }
        false
    }

    /// The prior of the play at empty `p` with the node flags `flags`: virtual
    /// won visits if positive, lost ones if negative.
    pub fn of(&self, p: Point, flags: u8) -> i8 {
        let t = self.params;
        let mut b = 0.0;
        if flags & (FLAG_EYE_FILL | FLAG_FORFEIT) != 0 {
            b -= t.prior_eye_fill;
        }
        let after = after_play(self.board, self.color, p);
        if after.captures {
            b += t.prior_capture;
        } else if self.tactical.contains(p) {
            b += t.prior_escape;
        }
        if after.is_self_atari() {
            b -= if after.stones >= 2 {
                t.prior_self_atari
            } else {
                t.prior_self_atari * 0.5
            };
        }
        let (x, y) = self.board.coords(p);
        if let Some((lx, ly)) = self.last {
            let (dx, dy) = (x.abs_diff(lx), y.abs_diff(ly));
            if dx.max(dy) <= 1 {
                b += t.prior_near_last;
                if self.patterns.weight(self.board, self.color, p) > 0 {
                    b += t.prior_pattern;
                }
            } else if dx + dy <= 2 || dx.max(dy) == 2 && dx + dy == 3 {
                b += t.prior_near_last * 0.5;
            }
            debug_assert_ne!(p, self.last_point);
        }
        let size = self.board.size();
        let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
        if (line <= 3) && !self.stones_near(x, y) {
            match line {
                0 => b -= t.prior_edge_empty,
                1 => b -= t.prior_edge_empty * 0.5,
                2 => b += t.prior_good_line,
                _ if size >= 13 => b += t.prior_good_line,
                _ => {}
            }
        }
        b.round().clamp(-127.0, 127.0) as i8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::board_from;

    fn at(board: &Board, name: &str) -> Point {
        crate::gtp::vertex::parse_point(name, board).unwrap()
    }

    #[test]
    fn knowledge_ranks_captures_over_self_ataris() {
        // White C3 is in atari (liberty C2) after its move; Black A1 would put
        // Black's A2-B2... nothing: check capture > quiet > self-atari.
        let board = board_from(&[".....", "..X..", ".XOX.", ".....", "O...."]);
        let params = Tunables::default();
        let mut scratch = LadderStack::default();
        let priors = Priors::new(
            &board,
            Color::Black,
            at(&board, "C3"),
            &params,
            &mut scratch,
        );
        let capture = priors.of(at(&board, "C2"), 0);
        let quiet = priors.of(at(&board, "E5"), 0);
        assert!(capture > quiet, "{capture} {quiet}");
        assert!(capture >= params.prior_capture as i8);
        let eye = priors.of(at(&board, "E5"), FLAG_EYE_FILL);
        assert!(eye < quiet);
    }

    #[test]
    fn empty_first_line_is_penalised_and_third_line_favoured() {
        let board = Board::new(19);
        let params = Tunables::default();
        let mut scratch = LadderStack::default();
        let priors = Priors::new(&board, Color::Black, Point::NONE, &params, &mut scratch);
        let edge = priors.of(at(&board, "A10"), 0);
        let third = priors.of(at(&board, "C10"), 0);
        let centre = priors.of(at(&board, "K10"), 0);
        assert!(
            edge < 0 && third > 0 && centre == 0,
            "{edge} {third} {centre}"
        );
    }
}
