//! Pondering (`--ponder`): searching on the opponent's time.
//!
//! After a move of its own (`genmove`, `kgs-genmove_cleanup`,
//! `genmove_analyze`), while the opponent is to move in a game that is not
//! over, the engine searches the position in the background instead of
//! blocking on its input. Any input line stops it: the line is the watch's
//! return value, the search halts at its next look at its stop flag, and the
//! loop runs the line as it would have without pondering. The tree is the
//! player's usual saved tree, so the next search reuses the subtree of the
//! opponent's actual move.
//!
//! Invariants: pondering writes nothing to the output and changes neither the
//! game, nor the clock, nor anything a command answers except the next
//! search's tree; it happens only at the exact position the engine's own move
//! left (a `play`, `undo`, new game or loaded file ends it until the next
//! `genmove`; `kgs-game_over` ends it too). Off (the default), the loop blocks
//! on its input exactly as before.

use super::Engine;
use crate::board::Color;
use crate::game::Game;
use crate::rules::Over;
use std::sync::mpsc::{Receiver, TryRecvError};

/// Where pondering may happen: the position right after our own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    turns: usize,
    hash: u64,
    to_move: Color,
}

impl Position {
    pub(super) fn of(game: &Game) -> Position {
        Position {
            turns: game.record().len(),
            hash: game.board().hash(),
            to_move: game.to_move(),
        }
    }
}

impl Engine {
    /// The side to ponder for, if pondering is on and the game still stands
    /// where our last move left it, with the opponent to move.
    fn ponder_color(&self) -> Option<Color> {
        if !self.config.ponder || self.game.over() != Over::No {
            return None;
        }
        let here = Position::of(&self.game);
        (self.ponder_from == Some(here)).then_some(here.to_move)
    }

    /// Forgets the position to ponder in (the game ended or was adjourned).
    pub(super) fn stop_pondering(&mut self) {
        self.ponder_from = None;
    }

    /// The next input line, `None` at the end of input. With pondering due,
    /// the search runs until the line arrives; a line already waiting is taken
    /// at once without starting one.
    pub(crate) fn next_line(&mut self, lines: &Receiver<Vec<u8>>) -> Option<Vec<u8>> {
        let Some(color) = self.ponder_color() else {
            return lines.recv().ok();
        };
        match lines.try_recv() {
            Ok(line) => return Some(line),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => {}
        }
        // Tests wait for this line before they interrupt a ponder.
        log::info!(
            "pondering for {color:?} after move {}",
            self.game.record().len()
        );
        let mut line = None;
        self.player.ponder(&self.game, color, &mut |_| {
            line = lines.recv().ok();
        });
        line
    }
}
