//! `positional` and `situational`: superko. A board play may not recreate an
//! earlier position (positional) or an earlier situation, the position plus the
//! player to move (situational). The two differ only in what a repetition is, so
//! they are one type with a [`Repetition`] that makes the store's key.
//!
//! Invariant: `seen` holds, under `repetition.key`, P0 with the first player to
//! move and the position after every turn with the player to move next, passes
//! included. Under `positional` a pass adds nothing new (its position is
//! already there), which is exactly the spec's set of P0 and every position
//! after a turn.

use super::positions::{PositionStore, situation_hash};
use super::{Action, KoFact, KoRule, KoVariant, Over, PassCounter, Refusal, ko_point_fact};
use crate::board::{Board, Color, Move};

/// What counts as a repetition.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Repetition {
    /// The same coloring of the grid, whoever is to move.
    Position,
    /// The same coloring with the same player to move.
    Situation,
}

impl Repetition {
    /// The store key of the position with Zobrist hash `position_hash` and
    /// `to_move` to play.
    fn key(self, position_hash: u64, to_move: Color) -> u64 {
        match self {
            Repetition::Position => position_hash,
            Repetition::Situation => situation_hash(position_hash, to_move),
        }
    }
}

#[derive(Clone)]
pub(crate) struct Superko {
    repetition: Repetition,
    seen: PositionStore,
    passes: PassCounter,
}

impl Superko {
    pub(crate) fn new(repetition: Repetition, p0: &Board, to_move: Color) -> Superko {
        let mut seen = PositionStore::new();
        seen.intern(repetition.key(p0.hash(), to_move), p0);
        Superko {
            repetition,
            seen,
            passes: PassCounter::default(),
        }
    }
}

impl KoVariant for Superko {
    fn rule(&self) -> KoRule {
        match self.repetition {
            Repetition::Position => KoRule::Positional,
            Repetition::Situation => KoRule::Situational,
        }
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check_pseudolegal(color, p)?;
                let next = color.opponent();
                let key = |h| self.repetition.key(h, next);
                if self
                    .seen
                    .find_after(board, color, p, key, |_| true)
                    .is_some()
                {
                    return Err(Refusal::Superko);
                }
                Ok(Action::Play(p))
            }
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        self.passes.record(action);
        match action {
            Action::Play(p) => {
                board.play_unchecked(color, p);
            }
            _ => board.pass(),
        }
        let key = self.repetition.key(board.hash(), color.opponent());
        self.seen.intern(key, board);
    }

    fn over(&self) -> Over {
        if self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn facts(&self, board: &Board) -> Vec<KoFact> {
        ko_point_fact(board).into_iter().collect()
    }
}
