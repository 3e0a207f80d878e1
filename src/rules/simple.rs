//! `simple`: basic ko only, plus the no-result rule (a situation occurring a third
//! time since the most recent pass ends the game without result: triple ko, eternal
//! life).

use super::positions::SituationCounter;
use super::{Action, KoFact, KoRule, KoVariant, Over, PassCounter, Refusal, ko_point_fact};
use crate::board::{Board, Color, Move};

#[derive(Clone)]
pub(crate) struct SimpleKo {
    passes: PassCounter,
    since_pass: SituationCounter,
    no_result: bool,
}

impl SimpleKo {
    pub(crate) fn new(p0: &Board, to_move: Color) -> SimpleKo {
        let mut since_pass = SituationCounter::default();
        since_pass.record(p0, to_move);
        SimpleKo {
            passes: PassCounter::default(),
            since_pass,
            no_result: false,
        }
    }
}

impl KoVariant for SimpleKo {
    fn rule(&self) -> KoRule {
        KoRule::Simple
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check(color, p)?;
                Ok(Action::Play(p))
            }
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        self.passes.record(action);
        match action {
            Action::Play(p) => {
                board.play_unchecked(color, p);
                if self.since_pass.record(board, color.opponent()) >= 3 {
                    self.no_result = true;
                }
            }
            _ => {
                board.pass();
                self.since_pass.clear();
                self.since_pass.record(board, color.opponent());
            }
        }
    }

    fn over(&self) -> Over {
        if self.no_result {
            Over::NoResult
        } else if self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn facts(&self, board: &Board) -> Vec<KoFact> {
        ko_point_fact(board).into_iter().collect()
    }
}
