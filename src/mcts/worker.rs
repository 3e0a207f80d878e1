//! A search thread's private state ([`Worker`]): its board, random source
//! and scratch buffers, allocated once per search and reused by every
//! simulation, and its ownership counts with their flushes into the live
//! pool that analysis reads while the search runs.

use super::analysis::LiveOwnership;
use super::search::SearchStats;
use super::tree::AmafMap;
use crate::board::{Board, Color, MAX_POINTS, Move, Point};
use crate::game::Game;
use crate::playout::{self, ReplyTable};
use crate::rng::FastRng;
use crate::tactics::LadderStack;
use std::sync::atomic::Ordering::Relaxed;

/// A thread's private state: allocated once per search, reused by every
/// simulation.
pub(super) struct Worker {
    pub(super) board: Box<Board>,
    pub(super) rng: FastRng,
    pub(super) path: Vec<u32>,
    pub(super) moves: Vec<(Color, Point)>,
    pub(super) children: Vec<(Move, u8, i8)>,
    pub(super) amaf: AmafMap,
    /// Working boards for ladder reading in the priors.
    pub(super) ladders: LadderStack,
    pub(super) black_owned: Vec<u32>,
    pub(super) playouts: u64,
    /// What of `black_owned` and `playouts` is already in the live pool.
    pub(super) flushed_owned: Vec<u32>,
    pub(super) flushed_playouts: u64,
    /// Simulations that ended at a finished game in the tree, and per point
    /// those that ended with it Black's: for the live pool only (the final
    /// statistics count playouts alone, as before).
    pub(super) terminal_owned: Vec<u32>,
    pub(super) terminal_sims: u64,
    pub(super) playout_moves: u64,
    pub(super) simulations: u64,
    /// Black's extra points at the current node (see [`bonus_margin`](super::outcome::bonus_margin)).
    pub(super) bonus: f64,
    /// Scratch for the expanded node's game, rebuilt from the root's at each
    /// expansion (allocated by the first).
    pub(super) game: Option<Box<Game>>,
    /// The thread's last good replies, when the playouts read them
    /// (allocated by the first playout that does).
    pub(super) replies: Option<ReplyTable>,
    /// Scratch: the simulation's moves, tree and playout, for the replies.
    pub(super) sequence: Vec<(Color, Point)>,
    /// Scratch for `score_throw_in_kills`: a working board (allocated by
    /// the first playout that reads kills) and the kills found.
    pub(super) kill_board: Option<Box<Board>>,
    pub(super) kills: Vec<(Point, Color)>,
}

impl Worker {
    pub(super) fn new(root: &Board, seed: u64) -> Worker {
        let area = root.size() * root.size();
        Worker {
            board: Box::new(root.clone()),
            rng: FastRng::new(seed),
            path: Vec::with_capacity(256),
            moves: Vec::with_capacity(playout::cap(root.size()) as usize + 8),
            children: Vec::with_capacity(area + 1),
            amaf: AmafMap::default(),
            ladders: LadderStack::default(),
            black_owned: vec![0; MAX_POINTS],
            playouts: 0,
            flushed_owned: Vec::new(),
            flushed_playouts: 0,
            terminal_owned: Vec::new(),
            terminal_sims: 0,
            playout_moves: 0,
            simulations: 0,
            bonus: 0.0,
            game: None,
            replies: None,
            sequence: Vec::new(),
            kill_board: None,
            kills: Vec::new(),
        }
    }

    /// Counts the finished game on the worker's board (a terminal node) as
    /// a playout is counted: stones and eye-like points.
    pub(super) fn count_terminal_ownership(&mut self) {
        if self.terminal_owned.is_empty() {
            self.terminal_owned = vec![0; MAX_POINTS];
        }
        let board = &self.board;
        for p in board.points() {
            let black = match board.stone(p) {
                Some(c) => c == Color::Black,
                None => board.is_eyelike(Color::Black, p),
            };
            if black {
                self.terminal_owned[p.idx()] += 1;
            }
        }
        self.terminal_sims += 1;
    }

    /// Adds the ownership counts gathered since the last flush to `live`.
    pub(super) fn flush_ownership(&mut self, live: &LiveOwnership) {
        if self.flushed_owned.is_empty() {
            self.flushed_owned = vec![0; MAX_POINTS];
        }
        if self.terminal_sims > 0 {
            for (shared, n) in live.black_owned.iter().zip(self.terminal_owned.iter_mut()) {
                if *n > 0 {
                    shared.fetch_add(std::mem::take(n), Relaxed);
                }
            }
            live.playouts
                .fetch_add(std::mem::take(&mut self.terminal_sims), Relaxed);
        }
        for ((shared, &now), was) in live
            .black_owned
            .iter()
            .zip(&self.black_owned)
            .zip(self.flushed_owned.iter_mut())
        {
            if now != *was {
                shared.fetch_add(now - *was, Relaxed);
                *was = now;
            }
        }
        live.playouts
            .fetch_add(self.playouts - self.flushed_playouts, Relaxed);
        self.flushed_playouts = self.playouts;
    }

    pub(super) fn stats(&self) -> SearchStats {
        SearchStats {
            simulations: self.simulations,
            playout_moves: self.playout_moves,
            black_owned: self.black_owned.clone(),
            playouts: self.playouts,
        }
    }
}
