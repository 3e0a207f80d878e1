//! The move-generator interface between the GTP front end and the search.
//!
//! The GTP layer owns the game and the clock; a [`Player`] only answers "what would
//! you play here" within a budget. It never writes to stdout.

use crate::board::{Color, Move};
use crate::game::Game;
use crate::rng::FastRng;
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
        let candidates: Vec<Move> = game
            .legal_points(color)
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .map(Move::Play)
            .collect();
        if candidates.is_empty() {
            Decision::Play(Move::Pass)
        } else {
            Decision::Play(candidates[self.rng.below(candidates.len())])
        }
    }
}
