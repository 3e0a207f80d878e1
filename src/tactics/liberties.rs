//! Liberties of a chain, and what a stone would make: the one- and
//! two-liberty facts every other tactic reads.

use super::PointSet;
use crate::board::{Board, Color, Point};

/// The liberty of the chain through `p`, which has exactly one (the first found
/// otherwise).
#[inline]
pub(crate) fn atari_liberty(board: &Board, p: Point) -> Point {
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if board.is_empty(q) {
                return q;
            }
        }
    }
    Point::NONE
}

/// Adds the liberties of the chain through `p` other than `skip` and `skip2`
/// to `set` until it is full.
#[inline]
pub(crate) fn add_liberties<const N: usize>(
    board: &Board,
    p: Point,
    skip: Point,
    skip2: Point,
    set: &mut PointSet<N>,
) {
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if q != skip && q != skip2 && board.is_empty(q) && set.add(q) {
                return;
            }
        }
    }
}

/// The liberty other than `lib` of the chain through `p`, which has exactly
/// two, one of them `lib`.
#[inline]
fn other_liberty(board: &Board, p: Point, lib: Point) -> Point {
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if q != lib && board.is_empty(q) {
                return q;
            }
        }
    }
    Point::NONE
}

/// Whether a stone of the chain through `q` is next to `p`.
pub(crate) fn chain_next_to(board: &Board, q: Point, p: Point) -> bool {
    let head = board.chain_head(q);
    board
        .neighbours(p)
        .into_iter()
        .any(|r| board.stone(r).is_some() && board.chain_head(r) == head)
}

/// Whether an opponent chain of `color`'s next to `p` has exactly the two
/// liberties `p` and `lib`: a stone of `color` on `p` leaves it `lib` alone,
/// where a stone of ours in atari on `lib` would be captured.
pub(crate) fn opponent_chain_on(board: &Board, color: Color, p: Point, lib: Point) -> bool {
    board.neighbours(p).into_iter().any(|q| {
        board.stone(q) == Some(color.opponent())
            && board.liberties(q) == 2
            && chain_next_to(board, q, lib)
    })
}

/// The two liberties of the chain through `p`, which has exactly two.
#[inline]
pub(crate) fn two_liberties(board: &Board, p: Point) -> [Point; 2] {
    let mut libs = PointSet::<2>::default();
    add_liberties(board, p, Point::NONE, Point::NONE, &mut libs);
    [libs.points[0], libs.points[1]]
}

/// What a stone of `color` on empty `p` would make: the liberties of its chain
/// (counted up to 3), the stones of that chain, and whether it captures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct AfterPlay {
    pub(crate) liberties: usize,
    pub(crate) stones: usize,
    pub(crate) captures: bool,
}

impl AfterPlay {
    /// The move leaves its own chain in atari without capturing anything.
    #[inline]
    pub(crate) fn is_self_atari(&self) -> bool {
        self.liberties <= 1 && !self.captures
    }
}

/// See [`AfterPlay`]. Captured stones next to `p` count as liberties (the others
/// are not looked for: the count is a lower bound when something is captured).
#[inline]
pub(crate) fn after_play(board: &Board, color: Color, p: Point) -> AfterPlay {
    after_play_without(board, color, p, Point::NONE)
}

/// [`after_play`] with the point `filled` not counted as a liberty (as if the
/// opponent had a stone there, apart from captures it would make).
#[inline]
pub(crate) fn after_play_without(
    board: &Board,
    color: Color,
    p: Point,
    filled: Point,
) -> AfterPlay {
    let mut libs = PointSet::<3>::default();
    let mut heads = PointSet::<4>::default();
    let mut stones = 1;
    let mut captures = false;
    let mut many = false;
    for q in board.neighbours(p) {
        match board.stone(q) {
            None => {
                if q != filled && board.is_empty(q) {
                    libs.add(q);
                }
            }
            Some(c) if c == color => {
                let h = board.chain_head(q);
                if heads.contains(h) {
                    continue;
                }
                heads.add(h);
                stones += board.chain_size(q);
                if many || libs.len() >= 3 {
                    continue;
                }
                // Enough liberties that `p` and `filled` cannot bring them
                // under three.
                let plenty = if filled == Point::NONE { 3 } else { 4 };
                match board.liberties(q) {
                    n if n > plenty => many = true,
                    // Its one liberty is `p`: nothing to add (and a chain in
                    // atari can be long).
                    1 => {}
                    // One liberty besides `p`: stop the walk at it.
                    2 => {
                        let other = other_liberty(board, q, p);
                        if other != filled {
                            libs.add(other);
                        }
                    }
                    _ => add_liberties(board, q, p, filled, &mut libs),
                }
            }
            Some(_) => {
                if board.liberties(q) == 1 {
                    captures = true;
                    libs.add(q);
                }
            }
        }
    }
    AfterPlay {
        liberties: if many { 3 } else { libs.len() },
        stones,
        captures,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};

    #[test]
    fn after_play_agrees_with_playing_the_move() {
        // Without captures its counts are the played chain's, up to three
        // liberties, with `filled` not counted: long chains in atari and
        // chains with one liberty besides `p` are shortcuts, not walks.
        let mut board = Board::new(7);
        let mut rng = crate::rng::FastRng::new(5);
        let mut color = Color::Black;
        let mut checked = 0;
        for _ in 0..400 {
            let empties: Vec<Point> = board.empty_points().collect();
            for &p in &empties {
                for c in Color::BOTH {
                    if !board.is_legal(c, p) {
                        continue;
                    }
                    let mut played = board.clone();
                    played.play_unchecked(c, p);
                    for filled in [Point::NONE, empties[0], empties[empties.len() / 2]] {
                        if filled == p {
                            continue;
                        }
                        let after = after_play_without(&board, c, p, filled);
                        if after.captures {
                            continue;
                        }
                        let libs = played.chain_liberties(p);
                        let libs = libs.iter().filter(|&&q| q != filled).count();
                        assert_eq!(after.liberties, libs.min(3), "{board:?} {p:?}");
                        assert_eq!(after.stones, played.chain_size(p));
                        checked += 1;
                    }
                }
            }
            match board.random_light_move(color, &mut rng) {
                Some(p) => board.play_in_playout(color, p),
                None => board = Board::new(7),
            }
            color = color.opponent();
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn after_play_counts_liberties_stones_and_captures() {
        // White B3 is in atari (liberty C3): Black C3 captures it and has that
        // one liberty, which is no self-atari.
        let board = board_from(&[".....", ".XO..", "XO.O.", ".XO..", "....."]);
        let a = after_play(&board, Color::Black, at(&board, "C3"));
        assert_eq!(
            a,
            AfterPlay {
                liberties: 1,
                stones: 1,
                captures: true
            }
        );
        assert!(!a.is_self_atari());
        let b = after_play(&board, Color::White, at(&board, "E5"));
        assert_eq!(
            b,
            AfterPlay {
                liberties: 2,
                stones: 1,
                captures: false
            }
        );
        // White C3 joins B3, C4... no: C4 and C2 and D3; the chain keeps the
        // liberties of all of them.
        let c = after_play(&board, Color::White, at(&board, "C3"));
        assert_eq!(c.stones, 5);
        assert!(c.liberties >= 3);
    }
}
