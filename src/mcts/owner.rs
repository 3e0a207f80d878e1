//! The ownership map behind the move ratings' `owner` group
//! (`prior_owner_large`): how many of [`OWNER_PLAYOUTS`] playouts from the
//! search's root end with each point Black's
//! ([`crate::playout::black_counts`]). The search estimates it once, before
//! it expands anything, and every node's priors read that one map, as
//! Pachi's do; the ratings' trainer estimates it for each training position
//! with [`estimate`]. Both go through [`map`], so a table learned with it
//! sees the levels play sees.
//!
//! Invariant: [`estimate`] is a pure function of the position and the seed.

use super::params::Tunables;
use crate::board::{Board, Color, Point};
use crate::knowledge::heavy::HeavyPolicy;
use crate::knowledge::ratings::OwnerMap;
use crate::playout::{PlayoutPolicy, Start, black_counts};
use crate::rng::FastRng;

/// Playouts behind one map: a point's share to within about 5% where it is
/// open, and exactly where it is settled, which is what the group mostly
/// tells apart. Pachi runs 500; the trainer pays for every one of its
/// 185,000 19x19 positions.
pub const OWNER_PLAYOUTS: u16 = 100;

/// The map of [`OWNER_PLAYOUTS`] playouts by `policy` from `board` with
/// `start`.
pub(crate) fn map<P: PlayoutPolicy + ?Sized>(
    board: &Board,
    start: Start,
    policy: &P,
    rng: &mut FastRng,
) -> OwnerMap {
    let playouts = u32::from(OWNER_PLAYOUTS);
    let black = black_counts(board, policy, playouts, rng, |_, _| start);
    OwnerMap::new(&black, OWNER_PLAYOUTS)
}

/// The map for `color` to move on `board` after the stones `last` (the
/// opponent's) and `before` (the mover's previous one), either
/// [`Point::NONE`]: [`OWNER_PLAYOUTS`] playouts of the default playout
/// policy of the board's size, seeded by `seed`.
pub fn estimate(board: &Board, color: Color, last: Point, before: Point, seed: u64) -> OwnerMap {
    let tunables = Tunables::default();
    let policy = HeavyPolicy::new(&tunables.for_board(board.size()).playout);
    let start = Start {
        to_move: color,
        passes: 0,
        last,
        before,
    };
    map(board, start, &policy, &mut FastRng::new(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::mcts::testutil::at;

    #[test]
    fn an_enclosed_corner_is_its_owners_and_the_open_board_is_shared() {
        // Black has walled off the lower left corner of a 13x13 board with
        // two eyes; the rest is open.
        let mut board = Board::new(13);
        for name in [
            "A5", "B5", "C5", "D5", "E5", "E4", "E3", "E2", "E1", "B2", "B1", "A2",
        ] {
            let p = at(&board, name);
            board.play(Color::Black, Move::Play(p)).unwrap();
        }
        let map = estimate(&board, Color::White, Point::NONE, Point::NONE, 3);
        let share = |name| map.black_share(at(&board, name));
        assert!(share("C3") > 0.9, "inside the wall: {}", share("C3"));
        assert!(share("E5") > 0.9, "the wall itself: {}", share("E5"));
        let open = share("K10");
        assert!((0.1..0.9).contains(&open), "the open side: {open}");
        assert_eq!(
            map,
            estimate(&board, Color::White, Point::NONE, Point::NONE, 3)
        );
    }
}
