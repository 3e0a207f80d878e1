//! `geneva`: no ko restriction; a repetition is punished instead of forbidden
//! (spec section 4).
//!
//! Every pseudolegal play is legal, the ko point included. When the position a
//! board play produces (captures and suicide resolved) equals an earlier position
//! (P0 or the position after any earlier turn), the play keeps its captures but the
//! stone just played is removed again and forfeited to the opponent: a prisoner
//! under territory scoring, one point under area scoring. The position after the
//! forfeit is recorded like any other and is never punished a second time.
//!
//! Invariants: `seen` holds exactly P0 and the position after every turn so far
//! (after the forfeit, where there was one); `forfeited_to[c]` counts the stones
//! forfeited *to* color c, i.e. by c's opponent. That is the reading the spec's
//! own case fixes: White's forfeit in case T1 reports `forfeits: B 1 W 0`, as
//! `showboard` reports "captured by black".
//!
//! A repeating multi-stone suicide (suicide allowed) is a forfeiting play too; its
//! played stone is already off the board and already among the opponent's
//! prisoners, so under territory scoring no second prisoner is added, while under
//! area scoring, which ignores prisoners, the forfeit is still worth its point.

use super::positions::PositionStore;
use super::{Action, KoFact, KoRule, KoVariant, Over, PassCounter, Refusal, Scoring, count_board};
use crate::board::{Board, Color, Move, Point};
use crate::score::Points;

#[derive(Clone)]
pub(crate) struct Geneva {
    seen: PositionStore,
    passes: PassCounter,
    scoring: Scoring,
    forfeited_to: [u32; 2],
}

impl Geneva {
    pub(crate) fn new(p0: &Board, scoring: Scoring) -> Geneva {
        let mut seen = PositionStore::new();
        seen.intern(p0.hash(), p0);
        Geneva {
            seen,
            passes: PassCounter::default(),
            scoring,
            forfeited_to: [0; 2],
        }
    }
}

impl KoVariant for Geneva {
    fn rule(&self) -> KoRule {
        KoRule::Geneva
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check_pseudolegal(color, p)?;
                Ok(Action::Play(p))
            }
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        self.passes.record(action);
        let Action::Play(p) = action else {
            // A pass repeats the position it leaves, which is already recorded.
            board.pass();
            return;
        };
        let outcome = board.play_unchecked(color, p);
        if !self.seen.intern(board.hash(), board).1 {
            let opponent = color.opponent();
            if outcome.suicided == 0 {
                board.set_cell(p, None);
                if self.scoring == Scoring::Territory {
                    board.add_prisoners(opponent, 1);
                }
            }
            self.forfeited_to[opponent.index()] += 1;
            self.seen.intern(board.hash(), board);
        }
        // Nothing is ever banned here, so the board must not advertise a ko point.
        board.clear_ko();
    }

    fn over(&self) -> Over {
        if self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn facts(&self, _board: &Board) -> Vec<KoFact> {
        vec![KoFact::Forfeits(self.forfeited_to)]
    }

    fn final_points(&self, board: &Board, scoring: Scoring) -> Points {
        let mut points = count_board(board, scoring);
        if scoring == Scoring::Area {
            for c in Color::BOTH {
                points[c.index()] += self.forfeited_to[c.index()] as f64;
            }
        }
        // Under territory scoring the forfeits are prisoners, already counted.
        points
    }

    fn score_bonus(&self) -> Points {
        // A forfeit is worth one point to the receiver under either scoring, and
        // an area count of the board cannot see it.
        [self.forfeited_to[0] as f64, self.forfeited_to[1] as f64]
    }

    fn would_forfeit(&self, board: &Board, color: Color, p: Point) -> bool {
        self.seen
            .find_after(board, color, p, |h| h, |_| true)
            .is_some()
    }
}
