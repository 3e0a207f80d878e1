//! `positional`: positional superko. A board play may not recreate any position
//! that has occurred (P0 and the position after every turn), whoever is to move.

use super::history::PositionSet;
use super::{Action, KoRule, KoVariant, Over, PassCounter, Refusal, ko_point_line};
use crate::board::{Board, Color, Move};

pub struct PositionalSuperko {
    seen: PositionSet,
    passes: PassCounter,
}

impl Clone for PositionalSuperko {
    fn clone(&self) -> PositionalSuperko {
        PositionalSuperko {
            seen: self.seen.clone(),
            passes: self.passes,
        }
    }

    /// Reuses the position set's buffers (see `Game::copy_from`).
    fn clone_from(&mut self, other: &PositionalSuperko) {
        self.seen.clone_from(&other.seen);
        self.passes = other.passes;
    }
}

impl PositionalSuperko {
    pub fn new(p0: &Board) -> PositionalSuperko {
        let mut seen = PositionSet::new();
        seen.insert(p0.hash(), p0);
        PositionalSuperko {
            seen,
            passes: PassCounter::default(),
        }
    }
}

impl KoVariant for PositionalSuperko {
    fn rule(&self) -> KoRule {
        KoRule::Positional
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check_pseudolegal(color, p)?;
                if self.seen.contains_after(board, color, p, |h| h) {
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
                self.seen.insert(board.hash(), board);
            }
            _ => board.pass(),
        }
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
