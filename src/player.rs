//! The move-generator interface between the GTP front end and the search.
//!
//! The GTP layer owns the game and the clock; a [`Player`] only answers "what would
//! you play here" within a budget. It never writes to stdout.

use crate::board::{Board, Color, Move};
use crate::game::Game;
use crate::rng::FastRng;
use crate::rules::{Action, KoRule, Phase};
use crate::time::Budget;

/// A generated move, or giving up.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Decision {
    Play(Move),
    Resign,
}

pub trait Player: Send {
    /// Chooses a turn for `color`; it must be legal under the game's rules.
    fn genmove(&mut self, game: &Game, color: Color, budget: &Budget) -> Decision;

    /// Called when the game changes other than by this player's own moves, so a
    /// searcher can drop or reuse its tree.
    fn game_changed(&mut self) {}

    /// Hands the player the flag the GTP reader raises on `# interrupt`; a
    /// searcher stops early when it is set.
    fn set_interrupt(&mut self, _flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {}

    /// The side to move's estimated win rate (0..1) after the last search, if any.
    fn win_rate(&self) -> Option<f64> {
        None
    }

    /// The playouts' ownership from the last search, if it searched `board`
    /// (dead-stone estimates prefer it to a batch of their own).
    fn ownership(&self, _board: &Board) -> Option<crate::status::Ownership> {
        None
    }

    /// The last search's win rate (0..1, for the side it searched) of the root
    /// move `mv`, if it has one.
    fn move_winrate(&self, _mv: Move) -> Option<f64> {
        None
    }
}

/// Uniformly random legal move that does not fill the mover's own single-point eye;
/// passes when none is left. The placeholder before the search, and a baseline.
pub struct RandomPlayer {
    rng: FastRng,
}

impl RandomPlayer {
    pub fn new(seed: Option<u64>) -> RandomPlayer {
        RandomPlayer {
            rng: seed.map_or_else(FastRng::from_entropy, FastRng::new),
        }
    }
}

impl Player for RandomPlayer {
    fn genmove(&mut self, game: &Game, color: Color, _budget: &Budget) -> Decision {
        let board = game.board();
        let mut candidates: Vec<Move> = game
            .legal_points(color)
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .map(Move::Play)
            .collect();
        variant_filter(game, color, &mut candidates);
        if candidates.is_empty() {
            Decision::Play(Move::Pass)
        } else {
            Decision::Play(candidates[self.rng.below(candidates.len())])
        }
    }
}

/// Cheap variant awareness for the random player.
/// - geneva: a forfeit costs a point, so plays that would forfeit are kept only
///   when nothing else is left, and then only those that capture (a forfeit that
///   captures nothing leaves the position as it was: a pass is as good).
/// - cleanup phases: the position at the start of phase 2 is what counts, so
///   filling one's own area there only loses points; play captures and unblocks
///   (which remove dead stones and lift blocks), otherwise pass.
/// - kee needs nothing: two passes do not end the game, and the game's own
///   `over()` says when it has.
fn variant_filter(game: &Game, color: Color, candidates: &mut Vec<Move>) {
    let board = game.board();
    match game.rules().ko {
        KoRule::Geneva => {
            let (forfeits, plain): (Vec<Move>, Vec<Move>) = candidates
                .iter()
                .partition(|&&mv| game.would_forfeit(color, mv));
            *candidates = if plain.is_empty() {
                forfeits
                    .into_iter()
                    .filter(|&mv| matches!(mv, Move::Play(p) if board.would_capture(color, p)))
                    .collect()
            } else {
                plain
            };
        }
        KoRule::Cleanup if game.phase() != Phase::Main => {
            candidates.retain(|&mv| match mv {
                Move::Play(p) => {
                    board.would_capture(color, p)
                        || matches!(game.check(color, mv), Ok(Action::Unblock(_)))
                }
                Move::Pass => true,
            });
        }
        _ => {}
    }
}
