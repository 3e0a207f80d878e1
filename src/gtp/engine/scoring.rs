//! The end of the game: `final_score`, `final_status_list` and the cleanup
//! correction of generated moves (`kgs-genmove_cleanup`, and `genmove` under
//! rules that remove nothing at the end: Tromp-Taylor, Kee).
//!
//! Invariant: one position gets one status estimate. It is made on first use
//! (from a seeded batch of playouts; never from the last search's playouts,
//! which are blind to dead shapes the batch's rules kill, and are biased by
//! the lines the search preferred) and kept until the board changes, so
//! `final_status_list` and `final_score` always agree, and so does the cleanup
//! play that follows a disputed count.

use super::{Engine, Reply, err, vertex_list};
use crate::board::{Color, Move};
use crate::player::{Decision, capture_dead};
use crate::rules::Over;
use crate::score;
use crate::status::{self, Ownership, Status, Statuses};

/// The estimate of one position: board size, hash and the player to move.
pub(crate) struct StatusCache {
    key: (usize, u64, Color),
    statuses: Statuses,
}

impl Engine {
    /// The statuses of the current position's chains.
    fn statuses(&mut self) -> Statuses {
        let board = self.game.board();
        let to_move = self.game.to_move();
        let key = (board.size(), board.hash(), to_move);
        if let Some(cache) = &self.status_cache
            && cache.key == key
        {
            return cache.statuses.clone();
        }
        let statuses = status::estimate(board, &Ownership::by_playouts(board, to_move));
        self.status_cache = Some(StatusCache {
            key,
            statuses: statuses.clone(),
        });
        statuses
    }

    pub(super) fn final_score(&mut self) -> Reply {
        if self.game.over() == Over::NoResult {
            return err("cannot score: no result");
        }
        let statuses = self.statuses();
        let points = status::final_points(&self.game, &statuses);
        Ok(score::result_string(
            points[0] - points[1] - self.game.white_komi(),
        ))
    }

    pub(super) fn final_status_list(&mut self, status: Status) -> Reply {
        let statuses = self.statuses();
        let board = self.game.board();
        // One chain per line, its stones in board order.
        Ok(statuses
            .with_status(status)
            .map(|chain| vertex_list(board, chain.stones.iter().copied()))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// The player's `decision` corrected for cleanup play: always for
    /// `kgs-genmove_cleanup` (`requested`), and for a pass under rules that
    /// remove nothing at the end.
    pub(super) fn cleanup_decision(
        &mut self,
        color: Color,
        decision: Decision,
        requested: bool,
    ) -> Decision {
        let mode = if requested {
            capture_dead::Mode::Full
        } else if !self.game.rules().removes_dead_stones() && decision == Decision::Play(Move::Pass)
        {
            capture_dead::Mode::InsteadOfPass
        } else {
            return decision;
        };
        let statuses = self.statuses();
        let corrected = capture_dead::decide(&self.game, color, decision, &statuses, mode);
        if corrected != decision {
            log::info!("cleanup: {decision:?} replaced by {corrected:?}");
        }
        corrected
    }
}
