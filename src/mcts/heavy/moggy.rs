//! The heavy policy's steps taken from Pachi's moggy playouts: the capture
//! after a refused self-atari and the capturing race (steps 2 and 4 of
//! [`super`]). Each is called only when its probability is above
//! 0, and kept out of line so the policy's hot path stays as it was.

use super::HeavyPolicy;
use crate::board::{Board, Color, Point};
use crate::mcts::params::NLIB_MAX_LIBERTIES;
use crate::playout::Memo;
use crate::rng::FastRng;
use crate::tactics::{PointSet, ThreadLadders, ladder_capture_moves, nlib_defence_moves};

impl HeavyPolicy {
    /// Step 2: the opponent's random step refused a self-atari somewhere
    /// since the mover's last look; with probability `self_atari_capture`
    /// (the note is used up then, as in Pachi) atari a chain of theirs with
    /// two liberties at or next to that point where the atari catches it in a
    /// ladder.
    #[inline(never)]
    pub(super) fn capture_after_refused_self_atari(
        &self,
        board: &Board,
        color: Color,
        memo: &mut Memo,
        rng: &mut FastRng,
    ) -> Option<Point> {
        let refused = &mut memo.refused_self_atari[color.opponent().index()];
        if *refused == Point::NONE || !Self::chance(rng, self.self_atari_capture) {
            return None;
        }
        let at = std::mem::replace(refused, Point::NONE);
        let mut cands = PointSet::<5>::default();
        ladder_capture_moves(board, color, at, &mut ThreadLadders, &mut cands);
        self.pick(board, color, &mut cands, true, rng)
    }

    /// Step 4, with probability `nlib`: the capturing race around `last`.
    #[inline(never)]
    pub(super) fn race(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if !Self::chance(rng, self.nlib) {
            return None;
        }
        let mut cands = PointSet::<12>::default();
        nlib_defence_moves(board, color, last, NLIB_MAX_LIBERTIES, &mut cands);
        self.pick(board, color, &mut cands, true, rng)
    }
}
