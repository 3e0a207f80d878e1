//! Replay checkpoints, so that `undo` costs a bounded number of turns rather
//! than a replay of the whole record.
//!
//! A game that keeps checkpoints (the one a controller holds, not the search's
//! copies) holds at most two copies of its replay state (board and ko variant):
//! `base` after the largest multiple of [`STEP`] turns below the record's
//! length, and `next`, [`STEP`] turns earlier, either complete or being
//! replayed from P0 a few turns at each undo. An undo copies `base` and replays
//! fewer than [`STEP`] turns; when the record drops below `base`, `next` takes
//! its place and a new `next` starts, advancing by `base / STEP + 1` turns per
//! undo so that it is complete before it is needed. So an undo costs one copy of
//! the variant state plus at most `STEP + len / STEP + 1` turns, and memory is at
//! most three replay states (the game's own and two checkpoints).
//!
//! Invariants: `base.len <= record length`, `base.len` a positive multiple of
//! [`STEP`], `next_target == base.len - STEP`; every checkpoint is the replay of
//! the game's current record prefix under its current rules. Anything that
//! changes P0, the rules or the first player replays and rebuilds them.

use super::Turn;
use crate::board::Board;
use crate::rules::KoVariant;

/// Turns between checkpoints: about the square root of the longest game, so
/// that the replay from `base` and the advance of `next` weigh the same there.
pub(super) const STEP: usize = 1024;

/// The replay state after the first `len` turns of the record.
#[derive(Clone)]
pub(super) struct Snap {
    pub(super) len: usize,
    pub(super) board: Board,
    pub(super) variant: Box<dyn KoVariant>,
}

impl Snap {
    /// Replays `record[self.len..to]`, which the rules accepted when played.
    pub(super) fn advance(&mut self, record: &[Turn], to: usize) {
        for turn in &record[self.len..to] {
            replay_turn(&mut self.board, &mut self.variant, *turn);
        }
        self.len = to;
    }
}

/// Replays one recorded turn (legal when it was played, so legal now).
pub(super) fn replay_turn(board: &mut Board, variant: &mut Box<dyn KoVariant>, turn: Turn) {
    let action = variant
        .check(board, turn.color, turn.mv)
        .expect("a recorded turn became illegal on replay");
    variant.apply(board, turn.color, action);
}

pub(super) struct Checkpoints {
    pub(super) enabled: bool,
    /// [`STEP`], smaller in tests.
    pub(super) step: usize,
    base: Option<Snap>,
    next: Option<Snap>,
    next_target: usize,
    /// Turns replayed by the last [`Checkpoints::restore`] (tests count them).
    pub(super) replayed: usize,
}

impl Default for Checkpoints {
    fn default() -> Checkpoints {
        Checkpoints {
            enabled: false,
            step: STEP,
            base: None,
            next: None,
            next_target: 0,
            replayed: 0,
        }
    }
}

impl Checkpoints {
    /// No checkpoints, kept as `self` keeps them.
    pub(super) fn settings(&self) -> Checkpoints {
        Checkpoints {
            enabled: self.enabled,
            step: self.step,
            ..Checkpoints::default()
        }
    }

    /// Forgets every checkpoint (the record was replaced or replayed).
    pub(super) fn clear(&mut self) {
        self.base = None;
        self.next = None;
    }

    /// Called before the turn that makes the record `len + 1` long, with the
    /// replay state after `len` turns; `final_len` is the length the record
    /// will reach (a replay's whole record, or `len + 1` in play). Takes a
    /// checkpoint at a multiple of [`STEP`] when it will be `base` or `next`.
    pub(super) fn before_turn(
        &mut self,
        len: usize,
        final_len: usize,
        board: &Board,
        variant: &dyn KoVariant,
    ) {
        let step = self.step;
        if !self.enabled || len == 0 || !len.is_multiple_of(step) || len + 2 * step < final_len {
            return;
        }
        if self.base.as_ref().is_some_and(|b| b.len == len) {
            return;
        }
        self.next = self.base.take();
        self.next_target = len - step;
        self.base = Some(Snap {
            len,
            board: board.clone(),
            variant: variant.clone_box(),
        });
    }

    /// Makes `board` and `variant` the replay of `record` from a checkpoint;
    /// `false` when none serves (then the caller replays from P0).
    /// `fresh` gives the replay state at P0, for a new `next`.
    pub(super) fn restore(
        &mut self,
        record: &[Turn],
        board: &mut Board,
        variant: &mut Box<dyn KoVariant>,
        fresh: impl FnOnce() -> Snap,
    ) -> bool {
        let (len, step) = (record.len(), self.step);
        self.replayed = 0;
        while self.base.as_ref().is_some_and(|b| b.len > len) {
            let target = self.next_target;
            self.base = self.next.take().filter(|_| target > 0 && target <= len);
            if let Some(base) = &mut self.base {
                // Complete already, unless plays and undos crossed a checkpoint
                // back and forth before it was.
                self.replayed += target - base.len;
                base.advance(record, target);
                self.next_target = target - step.min(target);
            }
        }
        let Some(base) = &self.base else {
            return false;
        };
        board.copy_from(&base.board);
        variant.clone_from(&base.variant);
        for turn in &record[base.len..] {
            replay_turn(board, variant, *turn);
        }
        self.replayed += len - base.len;
        if self.next_target > 0 {
            let next = self.next.get_or_insert_with(fresh);
            let to = (next.len + self.next_target / step + 1).min(self.next_target);
            self.replayed += to - next.len;
            next.advance(record, to);
        }
        true
    }
}
