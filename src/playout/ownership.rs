//! Who owns each point as a position stands: how many of a batch of
//! playouts from it end with the point Black's by the playout rule (a
//! Black stone, or an empty point all of whose neighbours are Black). The
//! status estimate judges dead stones by such a batch (of its own careful
//! policy).
//!
//! Invariant: with the same policy, position, starts and seed the counts
//! are the same, so a seeded estimate is reproducible.

use super::{Playout, PlayoutPolicy, Start, cap};
use crate::board::{Board, Color, MAX_POINTS};
use crate::rng::FastRng;

/// How many of `playouts` playouts by `policy` from `board` ended with each
/// point Black's (indexed by `Point::idx`, 0 off the board). Playout `i`
/// starts as `start(i, copy)` says, given a fresh copy of `board` it may
/// adjust (a batch that alternates the side to move clears the ko).
pub(crate) fn black_counts<P: PlayoutPolicy + ?Sized>(
    board: &Board,
    policy: &P,
    playouts: u32,
    rng: &mut FastRng,
    mut start: impl FnMut(u32, &mut Board) -> Start,
) -> Vec<u32> {
    let mut black = vec![0u32; MAX_POINTS];
    let playout = Playout::new(policy, cap(board.size()));
    let mut scratch = board.clone();
    for i in 0..playouts {
        scratch.copy_from(board);
        let start = start(i, &mut scratch);
        playout.play(&mut scratch, start, rng, |_, _| {});
        for p in scratch.points() {
            if scratch.playout_owner(p) == Some(Color::Black) {
                black[p.idx()] += 1;
            }
        }
    }
    black
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;
    use crate::board::vertex::parse_point;
    use crate::playout::LightPolicy;

    /// Black's wall on the left with two eyes, White's on the right with two.
    const SPLIT: [&str; 9] = [
        ".X.XO....",
        "XXXXO....",
        ".X.XO....",
        "XXXXO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XOOOOO",
        "...XO.O.O",
    ];

    #[test]
    fn settled_areas_belong_to_their_owner_and_a_seed_gives_one_map() {
        let board = board_from(&SPLIT);
        let counts = |seed| {
            let start = |_, _: &mut Board| Start::new(Color::Black);
            black_counts(&board, &LightPolicy, 200, &mut FastRng::new(seed), start)
        };
        let map = counts(7);
        let at = |name| map[parse_point(name, &board).unwrap().idx()];
        assert_eq!(at("A9"), 200, "Black's eye");
        assert!(at("B5") > 180, "inside Black's wall: {}", at("B5"));
        assert_eq!(at("F1"), 0, "White's eye");
        assert_eq!(at("E5"), 0, "White's wall itself");
        assert_eq!(map, counts(7));
        assert_ne!(map, counts(8), "another seed, other playouts");
    }
}
