//! `situational`: situational superko. A board play by c may not recreate an
//! earlier situation (position, player to move), where the situations are
//! (P0, first player) and (position after each turn, player to move next), passes
//! included.

use super::history::{PositionSet, situation_hash};
use super::{Action, KoRule, KoVariant, Over, PassCounter, Refusal, ko_point_line};
use crate::board::{Board, Color, Move};

pub struct SituationalSuperko {
    seen: PositionSet,
    passes: PassCounter,
}

impl Clone for SituationalSuperko {
    fn clone(&self) -> SituationalSuperko {
        SituationalSuperko {
            seen: self.seen.clone(),
            passes: self.passes,
        }
    }

    /// Reuses the position set's buffers (see `Game::copy_from`).
    fn clone_from(&mut self, other: &SituationalSuperko) {
        self.seen.clone_from(&other.seen);
        self.passes = other.passes;
    }
}

impl SituationalSuperko {
    pub fn new(p0: &Board, to_move: Color) -> SituationalSuperko {
        let mut seen = PositionSet::new();
        seen.insert(situation_hash(p0.hash(), to_move), p0);
        SituationalSuperko {
            seen,
            passes: PassCounter::default(),
        }
    }
}

impl KoVariant for SituationalSuperko {
    fn rule(&self) -> KoRule {
        KoRule::Situational
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check_pseudolegal(color, p)?;
                let next = color.opponent();
                if self
                    .seen
                    .contains_after(board, color, p, |h| situation_hash(h, next))
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
        self.seen
            .insert(situation_hash(board.hash(), color.opponent()), board);
    }

    fn over(&self) -> Over {
        if self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn report(&self, board: &Board) -> Vec<String> {
        ko_point_line(board).into_iter().collect()
    }
}
