//! Ladder reading: whether a chain in atari that extends to two liberties is
//! chased down anyway.

use super::{PointSet, add_liberties, after_play};
use crate::board::{Board, Color, Point};

/// Working boards for ladder reading, one per level of the chase, reused.
#[derive(Default)]
pub struct LadderStack {
    boards: Vec<Board>,
}

impl LadderStack {
    fn ensure(&mut self, levels: usize, like: &Board) {
        while self.boards.len() < levels {
            self.boards.push(like.clone());
        }
    }

    /// Whether the chain through `chain` (of `color`, in atari) is caught in a
    /// ladder after it extends at its liberty `lib`: the opponent ataris it on
    /// one of its two new liberties, it extends on the other, and so on until
    /// it gains a third liberty or an attacker falls into atari (escaped), or it
    /// cannot (caught). At most `depth` ataris are read.
    pub(crate) fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
        depth: u32,
    ) -> bool {
        self.ensure(1, board);
        self.boards[0].copy_from(board);
        self.boards[0].play_in_playout(color, lib);
        ladder_read(&mut self.boards, 0, chain, depth)
    }

    /// Whether the chain through `p`, with two liberties and the opponent to
    /// move, is caught in a ladder.
    pub(crate) fn is_ladder(&mut self, board: &Board, p: Point, depth: u32) -> bool {
        self.ensure(1, board);
        self.boards[0].copy_from(board);
        ladder_read(&mut self.boards, 0, p, depth)
    }
}

/// What one atari of a ladder chase leads to.
enum Chase {
    Caught,
    Escaped,
    /// The defender extended and has two liberties again.
    Continues,
}

/// Plays the attacker's atari at `atari` and the defender's extension at
/// `escape` on `board` (the chain through `p` of `color`). The board is a
/// scratch copy that nobody hashes, and after `Caught` or `Escaped` nobody
/// reads it either.
fn chase_step(board: &mut Board, p: Point, color: Color, atari: Point, escape: Point) -> Chase {
    board.play_in_playout(color.opponent(), atari);
    if board.stone(p) != Some(color) || !board.is_legal(color, escape) {
        return Chase::Caught;
    }
    let liberties = if board.would_capture(color, escape) {
        // `after_play` counts a capture's liberties only next to the stone (a
        // lower bound); the ladder has always read them so.
        let after = after_play(board, color, escape);
        if after.liberties == 2 {
            board.play_in_playout(color, escape);
        }
        after.liberties
    } else {
        // Without a capture the played chain's own count is `after_play`'s
        // (which stops at three), and playing first spares the walk.
        board.play_in_playout(color, escape);
        if board.stone(p) == Some(color) {
            board.liberties(p)
        } else {
            0
        }
    };
    if liberties >= 3 {
        Chase::Escaped
    } else if liberties <= 1 {
        Chase::Caught
    } else {
        Chase::Continues
    }
}

/// On `stack[level]` the chain through `p` has two liberties and the opponent
/// is to move: is it caught? The chase is played on `stack[level]` itself; a
/// deeper level is used only when both ataris need reading.
fn ladder_read(stack: &mut Vec<Board>, level: usize, p: Point, mut depth: u32) -> bool {
    while depth > 0 {
        depth -= 1;
        let board = &stack[level];
        let Some(color) = board.stone(p) else {
            return true;
        };
        let attacker = color.opponent();
        let mut libs = PointSet::<2>::default();
        add_liberties(board, p, Point::NONE, Point::NONE, &mut libs);
        if libs.len() != 2 {
            return libs.len() < 2;
        }
        // An attacker in atari next to the chain lets it escape by capturing
        // (close enough for playouts and priors).
        for s in board.chain_stones(p) {
            for q in board.neighbours(s) {
                if board.stone(q) == Some(attacker) && board.liberties(q) == 1 {
                    return false;
                }
            }
        }
        let [a, b] = [libs.as_slice()[0], libs.as_slice()[1]];
        let mut tries = [(a, b); 2];
        let mut n = 0;
        for (atari, escape) in [(a, b), (b, a)] {
            // The escape's liberties once the atari stone stands: with three
            // or more this atari cannot catch the chain.
            let mut empties = board.empty_neighbour_count(escape);
            if board.neighbours(escape).contains(&atari) {
                empties -= 1;
            }
            if empties >= 3 {
                continue;
            }
            // Two empty neighbours make the atari legal and no self-atari.
            if board.empty_neighbour_count(atari) < 2
                && (!board.is_legal(attacker, atari)
                    || after_play(board, attacker, atari).is_self_atari())
            {
                continue;
            }
            tries[n] = (atari, escape);
            n += 1;
        }
        if n == 0 {
            return false;
        }
        if n == 2 {
            // Read the first atari on a copy.
            if stack.len() < level + 2 {
                let like = stack[level].clone();
                stack.push(like);
            }
            let (done, rest) = stack.split_at_mut(level + 1);
            rest[0].copy_from(&done[level]);
            let (atari, escape) = tries[0];
            let caught = match chase_step(&mut rest[0], p, color, atari, escape) {
                Chase::Caught => true,
                Chase::Escaped => false,
                Chase::Continues => ladder_read(stack, level + 1, p, depth),
            };
            if caught {
                return true;
            }
            tries[0] = tries[1];
        }
        let (atari, escape) = tries[0];
        match chase_step(&mut stack[level], p, color, atari, escape) {
            Chase::Caught => return true,
            Chase::Escaped => return false,
            Chase::Continues => {}
        }
    }
    false
}

/// How [`tactical_moves`](super::tactical_moves) reads ladders.
pub(crate) trait LadderReader {
    /// Whether extending the chain through `chain` (in atari) at `lib` runs
    /// into a ladder.
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool;
}

/// No ladder reading: every extension to two liberties is taken.
pub(crate) struct NoLadders;

impl LadderReader for NoLadders {
    fn extension_is_caught(&mut self, _: &Board, _: Color, _: Point, _: Point) -> bool {
        false
    }
}

/// Deepest chase read.
const LADDER_DEPTH: u32 = 40;

impl LadderReader for LadderStack {
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool {
        LadderStack::extension_is_caught(self, board, color, lib, chain, LADDER_DEPTH)
    }
}

thread_local! {
    static LADDERS: std::cell::RefCell<LadderStack> = std::cell::RefCell::new(LadderStack::default());
}

/// Ladder reading on the thread's own [`LadderStack`] (for playouts).
pub(crate) struct ThreadLadders;

impl LadderReader for ThreadLadders {
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool {
        LADDERS.with(|stack| {
            stack
                .borrow_mut()
                .extension_is_caught(board, color, lib, chain, LADDER_DEPTH)
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};
    use crate::tactics::tactical_moves;

    /// White's C2 has put Black's C3 in atari; extending at D3 leaves two
    /// liberties (E3, D2) and White chases the chain into the bottom edge.
    pub(crate) const CAUGHT_AT_D3: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "..OO.....",
        ".OX......",
        "..O......",
        ".........",
    ];

    #[test]
    fn does_not_extend_into_a_ladder() {
        // White's C2 put Black's C3 in atari (liberty D3).
        let open = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..O......",
            ".OX......",
            "..O......",
            ".........",
        ]);
        // With D4 White too, extending to D3 leaves two liberties (E3, D2) and
        // White chases the chain into the bottom edge: a ladder.
        let ladder = board_from(&CAUGHT_AT_D3);
        let mut stack = LadderStack::default();
        let tactics = |board: &Board, ladders: &mut dyn FnMut(&Board, &mut PointSet<12>)| {
            let mut cands = PointSet::<12>::default();
            ladders(board, &mut cands);
            cands.as_slice().to_vec()
        };
        let mut read = |board: &Board, cands: &mut PointSet<12>| {
            tactical_moves(board, Color::Black, at(board, "C2"), &mut stack, cands)
        };
        // D3 gives three liberties on the open board: an escape.
        assert_eq!(tactics(&open, &mut read), vec![at(&open, "D3")]);
        assert_eq!(tactics(&ladder, &mut read), vec![]);
        // Without the ladder check the extension is offered.
        let mut unread = |board: &Board, cands: &mut PointSet<12>| {
            tactical_moves(board, Color::Black, at(board, "C2"), &mut NoLadders, cands)
        };
        assert_eq!(tactics(&ladder, &mut unread), vec![at(&ladder, "D3")]);
        // The reader agrees directly: after D3 the chain is caught.
        let mut stack = LadderStack::default();
        let mut after = ladder.clone();
        after.play_unchecked(Color::Black, at(&ladder, "D3"));
        assert!(stack.is_ladder(&after, at(&ladder, "C3"), 30));
        let mut after = open.clone();
        after.play_unchecked(Color::Black, at(&open, "D3"));
        assert!(!stack.is_ladder(&after, at(&open, "C3"), 30));
        // A ladder breaker on the diagonal (a Black stone at G7 far up the
        // chase's path) does not matter here: the chase runs into the edge.
        let mut broken = ladder.clone();
        broken.set_cell(at(&ladder, "G7"), Some(Color::Black));
        broken.play_unchecked(Color::Black, at(&ladder, "D3"));
        assert!(stack.is_ladder(&broken, at(&ladder, "C3"), 30));
    }
}
