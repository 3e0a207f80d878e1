//! Who owns each point as the position stands: the share of a few playouts
//! from it that end with the point Black's (a stone, or an empty point all of
//! whose neighbours are Black). The move ratings' `owner` group reads it (Pachi
//! rates moves by the same map, `mcowner`): a play in territory that is
//! already settled is rarely the move, one in a contested area often is.
//!
//! The search estimates the map once, from its root, before it expands
//! anything (`prior_owner`), and every node's priors read that one map; the
//! trainer estimates it for every training position the same way, with the
//! default heavy policy, so training and play see the same levels.
//!
//! Invariant: with the same policy, position and seed the map is the same.

use super::heavy::HeavyPolicy;
use super::params::Tunables;
use super::search::playout_cap;
use crate::board::{Board, Color, Point};
use crate::playout::{Playout, PlayoutPolicy, Start};
use crate::rng::FastRng;

/// Playouts behind one map: enough that a point's share is known to within a
/// few per cent (Pachi runs 500 before each search; the trainer pays this for
/// each of its 85,000 positions).
pub const OWNER_PLAYOUTS: u32 = 200;

/// Black's share of each point (indexed by [`Point::idx`]) over `playouts`
/// playouts by `policy` from `board` with `start`.
pub(crate) fn black_shares<P: PlayoutPolicy + ?Sized>(
    board: &Board,
    start: Start,
    policy: &P,
    playouts: u32,
    rng: &mut FastRng,
) -> Vec<f32> {
    let mut black = vec![0u32; board.points().map(|p| p.idx() + 1).max().unwrap_or(0)];
    let playout = Playout::new(policy, playout_cap(board.size()));
    let mut scratch = board.clone();
    for _ in 0..playouts {
        scratch.copy_from(board);
        playout.play(&mut scratch, start, rng, |_, _| {});
        for p in scratch.points() {
            let owned = match scratch.stone(p) {
                Some(c) => c == Color::Black,
                None => scratch.is_eyelike(Color::Black, p),
            };
            if owned {
                black[p.idx()] += 1;
            }
        }
    }
    let n = playouts.max(1) as f32;
    black.into_iter().map(|b| b as f32 / n).collect()
}

/// The map the trainer uses: [`OWNER_PLAYOUTS`] playouts of the default heavy
/// policy for the board's size, `color` to move after the stones `last` (the
/// opponent's) and `before` (the mover's own previous one), seeded by `seed`.
pub fn estimate(board: &Board, color: Color, last: Point, before: Point, seed: u64) -> Vec<f32> {
    let policy = HeavyPolicy::new(&Tunables::default(), board.size());
    let start = Start {
        to_move: color,
        passes: 0,
        last,
        before,
    };
    black_shares(
        board,
        start,
        &policy,
        OWNER_PLAYOUTS,
        &mut FastRng::new(seed),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::{at, board_from};

    /// Black's wall on the left with its two eyes, White's on the right.
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
    fn settled_areas_belong_to_their_owner_and_the_map_is_reproducible() {
        let board = board_from(&SPLIT);
        let map = estimate(&board, Color::Black, Point::NONE, Point::NONE, 7);
        assert!(map[at(&board, "A9").idx()] > 0.95, "Black's eye");
        assert!(map[at(&board, "B5").idx()] > 0.9, "inside Black's wall");
        assert!(map[at(&board, "F1").idx()] < 0.05, "White's eye");
        assert!(map[at(&board, "E5").idx()] < 0.1, "White's wall itself");
        assert_eq!(
            map,
            estimate(&board, Color::Black, Point::NONE, Point::NONE, 7)
        );
    }
}
