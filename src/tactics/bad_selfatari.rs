//! The finer self-atari judgement (the idea of Pachi's `is_bad_selfatari`
//! and `is_really_bad_selfatari`): which self-ataris a playout should refuse.
//!
//! A self-atari is not always a blunder. Filling an eye space from inside
//! so that what the capture leaves is one dead eye (nakade), a throw-in that
//! leaves the opponent's chain with the same last liberty as ours, a
//! throw-in into a false eye, and a stone that sets up a snapback are the
//! very moves that kill groups; a playout that never plays them takes dead
//! groups for alive. The rest give stones away for nothing.
//!
//! Invariants: both judgements read only the board they are given, allocate
//! nothing, and answer `false` for any move that is no self-atari (two empty
//! neighbours, a capture, or two liberties through its own chains); they do
//! not look at legality beyond calling a suicide bad.

use super::{PointSet, chain_next_to, is_dead_eye_shape, neighbourhood, opponent_chain_on};
use crate::board::{Board, Cell, Color, Point};

/// Largest chain the judgement ever lets go: a captured group of seven or
/// more stones leaves an eye space that lives.
const NAKADE_MAX_STONES: usize = 6;

/// The chain a self-atari would make: its stones (the move first, up to one
/// more than [`NAKADE_MAX_STONES`]), the heads of the own chains it joins,
/// and its single liberty ([`Point::NONE`] for a suicide).
struct Chain {
    stones: PointSet<{ NAKADE_MAX_STONES + 1 }>,
    /// Counted in full, unlike `stones`.
    size: usize,
    heads: PointSet<4>,
    liberty: Point,
}

/// The chain `color` would make at `p` when it is a self-atari that captures
/// nothing; `None` otherwise.
fn self_atari_chain(board: &Board, color: Color, p: Point) -> Option<Chain> {
    let mut chain = Chain {
        stones: PointSet::default(),
        size: 1,
        heads: PointSet::default(),
        liberty: Point::NONE,
    };
    chain.stones.add(p);
    // Records a liberty; false at a second one.
    let single = |q: Point, liberty: &mut Point| {
        if q == p || !board.is_empty(q) || q == *liberty {
            true
        } else if *liberty == Point::NONE {
            *liberty = q;
            true
        } else {
            false
        }
    };
    for q in board.neighbours(p) {
        match board.stone(q) {
            None => {
                if !single(q, &mut chain.liberty) {
                    return None;
                }
            }
            Some(c) if c == color => {
                let head = board.chain_head(q);
                if chain.heads.contains(head) {
                    continue;
                }
                chain.heads.add(head);
                chain.size += board.chain_size(q);
                for s in board.chain_stones(q) {
                    chain.stones.add(s);
                    for r in board.neighbours(s) {
                        if !single(r, &mut chain.liberty) {
                            return None;
                        }
                    }
                }
            }
            Some(_) if board.liberties(q) == 1 => return None,
            Some(_) => {}
        }
    }
    Some(chain)
}

/// Whether `color` playing the empty point `p` is a self-atari a playout
/// should refuse: one that captures nothing and is none of a nakade that
/// leaves a dead eye space, a throw-in that puts the opponent's chain in
/// atari on the same last liberty, a throw-in into a false eye, or a stone
/// that sets up a snapback. Pachi's `is_bad_selfatari`, without its seki
/// check, its three-liberty "slow suicide" and its approach-move tests.
pub(crate) fn is_bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    if board.empty_neighbour_count(p) >= 2 {
        return false;
    }
    let Some(chain) = self_atari_chain(board, color, p) else {
        return false;
    };
    if chain.liberty == Point::NONE {
        return true;
    }
    if chain.size == 1 {
        return !(shares_the_last_liberty(board, color, p, chain.liberty)
            || sets_up_snapback(board, color, p, chain.liberty)
            || falsifies_an_eye(board, color, p, chain.liberty));
    }
    !is_good_nakade(board, color, p, &chain)
}

/// Whether `color` playing `p` is a self-atari of three or more stones that
/// is no nakade leaving a dead eye space: losing that many stones for
/// nothing is never right, while the one- and two-stone cases are left to
/// chance (Pachi's `is_really_bad_selfatari`).
pub(crate) fn is_really_bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    if board.empty_neighbour_count(p) >= 2 {
        return false;
    }
    let Some(chain) = self_atari_chain(board, color, p) else {
        return false;
    };
    if chain.liberty == Point::NONE {
        return true;
    }
    chain.size >= 3 && !is_good_nakade(board, color, p, &chain)
}

/// The chain sits inside the opponent's eye space and its capture leaves a
/// dead eye: at most [`NAKADE_MAX_STONES`] stones, its liberty inside too,
/// no opponent chain next to it in atari (capturing that instead would be
/// better), and the stones forming a dead shape.
fn is_good_nakade(board: &Board, color: Color, p: Point, chain: &Chain) -> bool {
    chain.size <= NAKADE_MAX_STONES
        && liberty_is_inside(board, color, p, chain)
        && !can_capture_instead(board, color, chain)
        && is_dead_eye_shape(board, chain.stones.as_slice())
}

/// Every neighbour of the chain's liberty is the move, a stone of the chain,
/// an opponent stone or the edge: the chain and its liberty fill a region the
/// opponent encloses, so the chain could not have run out through it.
fn liberty_is_inside(board: &Board, color: Color, p: Point, chain: &Chain) -> bool {
    board.neighbours(chain.liberty).into_iter().all(|q| {
        q == p
            || match board.cell(q) {
                Cell::Empty => false,
                Cell::Border => true,
                Cell::Stone(c) if c == color => chain.heads.contains(board.chain_head(q)),
                Cell::Stone(_) => true,
            }
    })
}

/// An opponent chain in atari touches one of the own chains the move joins.
fn can_capture_instead(board: &Board, color: Color, chain: &Chain) -> bool {
    chain.heads.as_slice().iter().any(|&head| {
        board.chain_stones(head).any(|s| {
            board
                .neighbours(s)
                .into_iter()
                .any(|q| board.stone(q) == Some(color.opponent()) && board.liberties(q) == 1)
        })
    })
}

/// A lone stone at `p` whose liberty `lib` is also the last-but-one liberty
/// of an opponent chain next to it, with nowhere else to go from `lib`: the
/// opponent must capture on `lib` (or lose the chain), and the stone cost
/// nothing but the move. The "atari from inside" of an eye space.
fn shares_the_last_liberty(board: &Board, color: Color, p: Point, lib: Point) -> bool {
    let inside = board.neighbours(lib).into_iter().all(|q| {
        q == p || matches!(board.cell(q), Cell::Border) || board.stone(q) == Some(color.opponent())
    });
    inside && opponent_chain_on(board, color, p, lib)
}

/// A lone stone at `p` (liberty `lib`) that the opponent can only capture by
/// playing `lib` into a chain with the single liberty `p`: we take back more
/// than we gave. `lib`'s only empty neighbour is `p`, no own chain next to
/// `lib` is in atari (the capture would then take more than our stone), and
/// every opponent chain next to `lib` has no liberty but `lib` and `p`; one of
/// them, next to `p`, has exactly those two.
fn sets_up_snapback(board: &Board, color: Color, p: Point, lib: Point) -> bool {
    if board.empty_neighbour_count(lib) != 1 {
        return false;
    }
    let mut opponent_next_to_lib = false;
    for q in board.neighbours(lib) {
        match board.stone(q) {
            Some(c) if c == color && board.liberties(q) == 1 => return false,
            Some(c) if c == color => {}
            Some(_) => {
                opponent_next_to_lib = true;
                match board.liberties(q) {
                    1 => {}
                    2 if chain_next_to(board, q, p) => {}
                    _ => return false,
                }
            }
            None => {}
        }
    }
    opponent_next_to_lib && opponent_chain_on(board, color, p, lib)
}

/// A lone stone at `p` in what would be the opponent's false eye: three of
/// its sides are the opponent's or the edge (not a corner), the mover holds
/// enough diagonals to make the eye false, and the liberty `lib` is closed
/// on both sides across the line from `p`, so the stone is thrown in rather
/// than starting an escape.
fn falsifies_an_eye(board: &Board, color: Color, p: Point, lib: Point) -> bool {
    let opponent = color.opponent();
    let mut walls = 0;
    let mut edges = 0;
    for q in board.neighbours(p) {
        match board.cell(q) {
            Cell::Border => edges += 1,
            Cell::Stone(c) if c == opponent => walls += 1,
            _ => {}
        }
    }
    if edges >= 2 || walls + edges != 3 {
        return false;
    }
    // The diagonals, in `neighbourhood`'s order.
    let around = neighbourhood(board, p);
    let mut ours = 0;
    let mut edge_diagonal = false;
    for q in [around[1], around[3], around[5], around[7]] {
        match board.cell(q) {
            Cell::Border => edge_diagonal = true,
            Cell::Stone(c) if c == color => ours += 1,
            _ => {}
        }
    }
    if ours + usize::from(edge_diagonal) < 2 {
        return false;
    }
    // The two sides of `lib` across the line p-lib.
    let step = lib.0 as i32 - p.0 as i32;
    let across = if step.abs() == 1 {
        board.stride() as i32
    } else {
        1
    };
    [lib.0 as i32 + across, lib.0 as i32 - across]
        .into_iter()
        .all(|i| match board.cell(Point(i as u16)) {
            Cell::Border => true,
            Cell::Stone(c) => c == opponent,
            Cell::Empty => false,
        })
}

#[cfg(test)]
mod tests;
