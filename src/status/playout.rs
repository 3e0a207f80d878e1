//! The playouts behind a dedicated ownership batch.
//!
//! Kept apart from the search's playouts on purpose: the scoring must not move
//! when the search's playout policy is tuned, and it wants a different policy.
//! Uniformly random play breaks settled positions at random: a chain with one
//! eye and a few liberties survives whenever its owner's opponent fills its own
//! liberties first. Three rules keep the play closer to sense, as in MoGo-
//! and Pachi-style playouts:
//! - capture: when the opponent's last play left its chain in atari, take it;
//! - nakade: else take the vital point of a small eye space next to the last
//!   play ([`nakade_point`]), which both sides want;
//! - no self-atari: never play a move that leaves a chain of two or more stones
//!   with one liberty without capturing (a lone stone may still be thrown in:
//!   that is how eye shapes are destroyed), unless it is a nakade throw-in
//!   ([`is_nakade_throw_in`]): a chain of up to three stones inside an eye
//!   space whose last liberty is also the enclosing chain's last.
//!
//! Otherwise the move is uniformly random among legal points that do not fill
//! the mover's own true eye (the light policy), and a playout ends after two
//! passes in a row or three moves per point.

use crate::board::{Board, Color, Point};
use crate::mcts::heavy::nakade_point;
use crate::rng::FastRng;

/// The single liberty of the chain at `p` (which has exactly one).
fn only_liberty(board: &Board, p: Point) -> Option<Point> {
    board
        .chain_stones(p)
        .find_map(|s| board.neighbours(s).into_iter().find(|&q| board.is_empty(q)))
}

/// Whether `color` playing the legal empty point `p` leaves a chain of two or
/// more stones with a single liberty and captures nothing.
pub fn is_group_self_atari(board: &Board, color: Color, p: Point) -> bool {
    // Liberties found so far (other than p); two are enough to say no.
    let mut libs = [Point::NONE; 2];
    let mut n = 0;
    let mut found_second = |q: Point| {
        if q != p && board.is_empty(q) && !libs[..n].contains(&q) {
            if n == 1 {
                return true;
            }
            libs[n] = q;
            n += 1;
        }
        false
    };
    let mut friends = false;
    for q in board.neighbours(p) {
        match board.stone(q) {
            Some(c) if c == color => friends = true,
            // A capture gains liberties: never a self-atari.
            Some(_) if board.liberties(q) == 1 => return false,
            Some(_) => {}
            None => {
                if found_second(q) {
                    return false;
                }
            }
        }
    }
    if !friends {
        return false;
    }
    for q in board.neighbours(p) {
        if board.stone(q) != Some(color) {
            continue;
        }
        for s in board.chain_stones(q) {
            for r in board.neighbours(s) {
                if found_second(r) {
                    return false;
                }
            }
        }
    }
    true
}

/// Largest own chain a [nakade throw-in](is_nakade_throw_in) may leave in
/// atari in the scoring playouts: once captured, three stones leave at most a
/// bent or straight three, which dies if the thrower then takes its middle.
pub const NAKADE_THROW_IN_STONES: usize = 3;

/// Whether `color` playing the empty point `p` leaves its own chain of at
/// most `max_stones` stones with a single liberty that is then also the only
/// liberty of an opponent chain next to it, capturing nothing. That is how
/// the inside of an eye space is filled (the third stone in a square four):
/// the opponent must capture, and what the capture leaves is one eye. With
/// every group self-atari refused, the filling stops one stone short, both
/// sides pass, and the playouts take an eyeless group for alive.
pub fn is_nakade_throw_in(board: &Board, color: Color, p: Point, max_stones: usize) -> bool {
    let mut liberty = Point::NONE;
    // Records an empty point next to the new chain; false at a second one.
    let mut single = |q: Point| {
        if q == p || !board.is_empty(q) || q == liberty {
            true
        } else if liberty == Point::NONE {
            liberty = q;
            true
        } else {
            false
        }
    };
    let mut stones = 1;
    let mut heads = [Point::NONE; 4];
    for (i, q) in board.neighbours(p).into_iter().enumerate() {
        match board.stone(q) {
            None => {
                if !single(q) {
                    return false;
                }
            }
            Some(c) if c == color => {
                let head = board.chain_head(q);
                if heads.contains(&head) {
                    continue;
                }
                heads[i] = head;
                stones += board.chain_size(q);
                if stones > max_stones {
                    return false;
                }
                for s in board.chain_stones(q) {
                    for r in board.neighbours(s) {
                        if !single(r) {
                            return false;
                        }
                    }
                }
            }
            // A capture is no throw-in.
            Some(_) if board.liberties(q) == 1 => return false,
            Some(_) => {}
        }
    }
    if liberty == Point::NONE {
        return false;
    }
    // An opponent chain next to `p` whose liberties are `p` and `liberty`.
    board.neighbours(p).into_iter().any(|q| {
        board.stone(q) == Some(color.opponent())
            && board.liberties(q) == 2
            && board
                .neighbours(liberty)
                .into_iter()
                .any(|r| board.stone(r).is_some() && board.chain_head(r) == board.chain_head(q))
    })
}

/// Plays `board` out from `to_move`'s turn by the policy above.
pub fn careful_playout(board: &mut Board, mut to_move: Color, rng: &mut FastRng) {
    board.set_allow_suicide(false);
    let cap = 3 * board.size() * board.size();
    let (mut passes, mut moves) = (0, 0);
    let mut last: Option<Point> = None;
    while passes < 2 && moves < cap {
        let mut chosen = None;
        if let Some(l) = last
            && board.stone(l) == Some(to_move.opponent())
            && board.liberties(l) == 1
            && let Some(q) = only_liberty(board, l)
            && board.is_legal(to_move, q)
        {
            chosen = Some(q);
        }
        if chosen.is_none()
            && let Some(l) = last
            && let Some(v) = nakade_point(board, l)
            && board.is_legal(to_move, v)
        {
            chosen = Some(v);
        }
        if chosen.is_none() {
            let mut n = board.empty_count();
            while n > 0 {
                let slot = rng.below(n);
                let p = board.empty_point_at(slot);
                if !board.is_true_eye(to_move, p)
                    && board.is_legal(to_move, p)
                    && (!is_group_self_atari(board, to_move, p)
                        || is_nakade_throw_in(board, to_move, p, NAKADE_THROW_IN_STONES))
                {
                    chosen = Some(p);
                    break;
                }
                n -= 1;
                board.swap_empty_slots(slot, n);
            }
        }
        match chosen {
            Some(p) => {
                board.play_in_playout(to_move, p);
                passes = 0;
                last = Some(p);
            }
            None => {
                board.pass();
                passes += 1;
                last = None;
            }
        }
        moves += 1;
        to_move = to_move.opponent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::board_from;

    #[test]
    fn group_self_atari() {
        let board = board_from(&[
            ".....", //
            ".....", //
            ".X...", //
            "XOX..", //
            ".O...", //
        ]);
        let at = |v: &str| crate::gtp::vertex::parse_point(v, &board).unwrap();
        // White B1 B2 has liberties A1 and C1: A1 leaves it only C1.
        assert!(is_group_self_atari(&board, Color::White, at("A1")));
        assert!(!is_group_self_atari(&board, Color::White, at("C1")));
        // Black A1 joins A2, whose only other liberty is A3.
        assert!(is_group_self_atari(&board, Color::Black, at("A1")));
        // A lone stone, and a join with liberties to spare, are fine.
        assert!(!is_group_self_atari(&board, Color::Black, at("D1")));
        assert!(!is_group_self_atari(&board, Color::Black, at("C1")));
        // A self-atari that captures is no self-atari.
        let board = board_from(&[
            ".....", //
            ".....", //
            ".X...", //
            "XOX..", //
            ".OX..", //
        ]);
        assert!(!is_group_self_atari(&board, Color::Black, at("A1")));
    }

    #[test]
    fn nakade_throw_in() {
        // White's chain A3 B3 C3 C2 C1 has only its square four A1 B1 A2 B2
        // left, and Black's A1 A2 are inside it.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X.OX.", //
            "X.OX.", //
        ]);
        let at = |v: &str| crate::gtp::vertex::parse_point(v, &board).unwrap();
        // B2 or B1 leaves three black stones and White with one liberty, the
        // same one.
        for v in ["B2", "B1"] {
            assert!(is_group_self_atari(&board, Color::Black, at(v)));
            assert!(is_nakade_throw_in(&board, Color::Black, at(v), 3), "{v}");
            assert!(!is_nakade_throw_in(&board, Color::Black, at(v), 2), "{v}");
        }
        // With one black stone inside, a second leaves two liberties.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X.OX.", //
            "..OX.", //
        ]);
        assert!(!is_nakade_throw_in(&board, Color::Black, at("A1"), 3));
        // A self-atari whose last liberty White does not share is none.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X..X.", //
            "X.OX.", //
        ]);
        assert!(is_group_self_atari(&board, Color::Black, at("B1")));
        assert!(!is_nakade_throw_in(&board, Color::Black, at("B1"), 3));
    }
}
