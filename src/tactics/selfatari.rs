//! Self-atari: moves that leave the mover's own chain with one liberty.

use crate::board::{Board, Color, Point};

/// A quick sufficient test that a legal stone of `color` at `p` (with at most
/// one empty neighbour) is no self-atari: it joins a chain of three or more
/// liberties, or captures.
#[inline(always)]
pub(crate) fn clearly_no_self_atari(board: &Board, color: Color, p: Point) -> bool {
    let me = color.index() as u8 + 1;
    for q in board.neighbours(p) {
        let c = board.cell_code(q);
        if c == me {
            if board.liberties(q) >= 3 {
                return true;
            }
        } else if c == 3 - me && board.liberties(q) == 1 {
            return true;
        }
    }
    false
}

/// Whether `color` playing the legal empty point `p` leaves a chain of two or
/// more stones with a single liberty and captures nothing.
pub(crate) fn is_group_self_atari(board: &Board, color: Color, p: Point) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    #[test]
    fn group_self_atari() {
        let board = board_from(&[
            ".....", //
            ".....", //
            ".X...", //
            "XOX..", //
            ".O...", //
        ]);
        let at = |v: &str| crate::board::vertex::parse_point(v, &board).unwrap();
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
}
