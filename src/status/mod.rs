//! Life and death at the end of the game: the status (alive, dead, seki) of every
//! chain, for `final_status_list`, `final_score` and cleanup play. This module
//! only estimates; acting on the estimate (cleanup play, which corrects a
//! player's decision) is `crate::player::capture_dead`, a layer above.
//!
//! Steps, in the order they are applied (a later one overrides an earlier one,
//! except that nothing overrides Benson):
//! 1. `benson`: pass-alive chains are alive, and opponent stones inside a region
//!    vital to a pass-alive chain are dead.
//! 2. Playout ownership ([`Ownership`]): every other chain is dead when the
//!    opponent owns its points in most playouts (the mean over its stones of its
//!    own color's share is below one half). The ownership comes from a batch of
//!    playouts seeded from the position (`Ownership::by_playouts`, with the
//!    capture and no-self-atari rules of `playout` and its nakade throw-ins),
//!    never from the last search's playouts: those never fill a square four,
//!    so a group whose only eye space is one lives to them, and once merged in
//!    they outweighed the batch (docs/scoring.md has the figures).
//! 3. `enclosed`: light playouts cannot settle big open territories, so an
//!    eyeless chain inside a region enclosed by confidently living opponent
//!    chains is dead whatever its share.
//! 4. `throw_in`: a chain whose two liberties are an opponent's killing
//!    throw-in and the capture it forces, after which only a dying eye shape
//!    is left, is dead, and the stones inside it that kill it are alive
//!    (playouts seldom find the throw-in and its vital point).
//! 5. `seki`: chains of both colors whose liberties are only their own eyes and
//!    shared points neither side can fill are in seki. Looked for on the board
//!    without the dead chains, and again with each dead chain put back alone
//!    (playouts break a seki at random, so seki chains often look dead).
//!
//! Invariants: `estimate` is a pure function of the board and the ownership, and
//! the batch is a pure function of the board and the player to move, so repeated
//! questions about one position get one answer. A chain has exactly one status.
//! Chains are listed in board order: by their first stone, and the stones of a
//! chain in the same order, where the order is row 1 first and A to T within a
//! row (the order of `list_stones` and `all_legal`). Chains are points, not
//! vertex names: `final_status_list` in the protocol layer spells them.

mod benson;
mod enclosed;
mod playout;
mod seki;
mod throw_in;

use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::game::Game;
use crate::playout::{Start, black_counts};
use crate::rng::FastRng;
use crate::rules::Scoring;
use crate::score::Points;
use playout::ScoringPolicy;

/// The life status of a chain, named as `final_status_list` names it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

impl Status {
    const ALL: [Status; 3] = [Status::Alive, Status::Dead, Status::Seki];

    fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Status> {
        Status::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

/// Playouts in a dedicated batch: enough that a point's share is known to about
/// 0.01, and a 19x19 batch stays well under a second on one core.
const BATCH_PLAYOUTS: u32 = 4000;

/// A chain is dead when its own color's mean share of its points is below this.
const DEAD_BELOW: f64 = 0.5;

/// For every point, the share of playouts that ended with it Black's (a Black
/// stone, or an empty point all of whose neighbours are Black), after the
/// playout rule of the search.
#[derive(Clone, Debug)]
pub struct Ownership {
    black: Vec<f64>,
}

impl Ownership {
    /// From per-point counts of Black-owned endings over `playouts` playouts.
    pub(crate) fn from_counts(black_owned: &[u32], playouts: u64) -> Ownership {
        let n = playouts.max(1) as f64;
        let mut black = vec![0.5; MAX_POINTS];
        if playouts > 0 {
            for (b, &c) in black.iter_mut().zip(black_owned) {
                *b = f64::from(c) / n;
            }
        }
        Ownership { black }
    }

    /// Share of playouts that ended with `p` Black's.
    fn black(&self, p: Point) -> f64 {
        self.black[p.idx()]
    }

    /// A dedicated batch of [`BATCH_PLAYOUTS`] playouts from `board`, half
    /// with `to_move` first and half with the other side first (so neither side
    /// gains a tempo), seeded from the position: the same board gives the same
    /// ownership.
    pub(crate) fn by_playouts(board: &Board, to_move: Color) -> Ownership {
        Ownership::by_playouts_n(board, to_move, BATCH_PLAYOUTS)
    }

    /// [`Ownership::by_playouts`] with a batch of `playouts`.
    pub(crate) fn by_playouts_n(board: &Board, to_move: Color, playouts: u32) -> Ownership {
        let seed = board.hash() ^ (board.size() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = FastRng::new(seed ^ to_move.index() as u64);
        let counts = black_counts(board, &ScoringPolicy, playouts, &mut rng, |i, work| {
            let first = if i % 2 == 0 {
                to_move
            } else {
                to_move.opponent()
            };
            if first != to_move {
                work.clear_ko();
            }
            Start::new(first)
        });
        Ownership::from_counts(&counts, u64::from(playouts))
    }
}

/// One chain and its status.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChainStatus {
    pub(crate) color: Color,
    /// In board order; the first is the chain's place in the list.
    pub(crate) stones: Vec<Point>,
    status: Status,
    /// Mean share of the chain's points its own color owned in the playouts.
    own_share: f64,
}

/// The status of every chain of a position.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Statuses {
    chains: Vec<ChainStatus>,
    /// Per point index: the index of the chain of the stone there.
    chain_at: Vec<u32>,
}

const NO_CHAIN: u32 = u32::MAX;

impl Statuses {
    /// Chains in board order.
    #[cfg(test)]
    fn chains(&self) -> &[ChainStatus] {
        &self.chains
    }

    /// The status of the stone at `p` (`None` for an empty point).
    #[cfg(test)]
    fn status(&self, p: Point) -> Option<Status> {
        match self.chain_at[p.idx()] {
            NO_CHAIN => None,
            i => Some(self.chains[i as usize].status),
        }
    }

    /// The chains with `status`, in board order.
    pub(crate) fn with_status(&self, status: Status) -> impl Iterator<Item = &ChainStatus> {
        self.chains.iter().filter(move |c| c.status == status)
    }

    /// Dead stones with their color.
    fn dead_stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.with_status(Status::Dead)
            .flat_map(|c| c.stones.iter().map(move |&p| (p, c.color)))
    }

    /// `board` with the dead stones taken off, each counted as a prisoner of the
    /// other color (as if captured in play).
    pub(crate) fn remove_dead(&self, board: &Board) -> Board {
        let mut cleaned = board.clone();
        for (p, color) in self.dead_stones() {
            cleaned.set_cell(p, None);
            cleaned.add_prisoners(color.opponent(), 1);
        }
        cleaned
    }

    /// Per point index: a stone of a chain in seki.
    fn seki_points(&self) -> Vec<bool> {
        let mut seki = vec![false; MAX_POINTS];
        for c in self.with_status(Status::Seki) {
            for p in &c.stones {
                seki[p.idx()] = true;
            }
        }
        seki
    }
}

/// The chains of `board` in board order, each with its stones in board order.
fn chains_in_order(board: &Board) -> Vec<(Color, Vec<Point>)> {
    let mut seen = vec![false; MAX_POINTS];
    let mut chains = Vec::new();
    for p in board.points() {
        let Some(color) = board.stone(p) else {
            continue;
        };
        if seen[p.idx()] {
            continue;
        }
        let mut stones: Vec<Point> = board.chain_stones(p).collect();
        for s in &stones {
            seen[s.idx()] = true;
        }
        // Point indices grow row by row from the bottom, left to right.
        stones.sort_unstable();
        chains.push((color, stones));
    }
    chains
}

/// The status of every chain of `board` given the playouts' ownership.
pub(crate) fn estimate(board: &Board, ownership: &Ownership) -> Statuses {
    let pass_alive = [
        benson::pass_alive(board, Color::Black),
        benson::pass_alive(board, Color::White),
    ];
    let mut chains = Vec::new();
    let mut chain_at = vec![NO_CHAIN; MAX_POINTS];
    // Whether each chain's status is certain (Benson), so seki cannot change it.
    let mut certain = Vec::new();
    for (color, stones) in chains_in_order(board) {
        let own_share = stones
            .iter()
            .map(|&p| match color {
                Color::Black => ownership.black(p),
                Color::White => 1.0 - ownership.black(p),
            })
            .sum::<f64>()
            / stones.len() as f64;
        let head = stones[0].idx();
        let sure = if pass_alive[color.index()].alive[head] {
            Some(Status::Alive)
        } else if pass_alive[color.opponent().index()].territory[head] {
            Some(Status::Dead)
        } else {
            None
        };
        let status = sure.unwrap_or(if own_share < DEAD_BELOW {
            Status::Dead
        } else {
            Status::Alive
        });
        for s in &stones {
            chain_at[s.idx()] = chains.len() as u32;
        }
        certain.push(sure.is_some());
        chains.push(ChainStatus {
            color,
            stones,
            status,
            own_share,
        });
    }
    // Eyeless chains enclosed by confident opponent chains.
    let mut confident = vec![false; MAX_POINTS];
    let mut dead = vec![false; MAX_POINTS];
    for (chain, &sure) in chains.iter().zip(&certain) {
        let alive =
            chain.status == Status::Alive && (sure || chain.own_share >= enclosed::CONFIDENT_SHARE);
        for &p in &chain.stones {
            confident[p.idx()] = alive;
            dead[p.idx()] = chain.status == Status::Dead;
        }
    }
    let enclosed_dead = enclosed::eyeless_enclosed(board, &confident, &dead);
    for (chain, &sure) in chains.iter_mut().zip(&certain) {
        if !sure && enclosed_dead[chain.stones[0].idx()] {
            chain.status = Status::Dead;
        }
    }
    // Chains a throw-in kills, and the stones inside them that kill them.
    let kills = throw_in::kills(board);
    for (chain, &sure) in chains.iter_mut().zip(&certain) {
        let head = chain.stones[0].idx();
        if sure {
            continue;
        }
        if kills.dead[head] {
            chain.status = Status::Dead;
        } else if kills.alive[head] {
            chain.status = Status::Alive;
        }
    }
    // Seki, among the chains whose status is not certain. A seki is about
    // liberties, so it is looked for on the board without the dead chains
    // (a dead neighbour starves a living chain of liberties and would fake
    // one). But playouts break a seki at random, and the side whose chain is
    // bigger loses more by it: so each chain judged dead is also tried back on that
    // board, with the dead chains of its color that share a liberty with it
    // (a seki's side may be two chains, and the playouts that kill one kill
    // both), and if it then forms a seki, it and its partners are in seki.
    let mut base = board.clone();
    let mut alive_candidates = vec![false; MAX_POINTS];
    for (chain, &sure) in chains.iter().zip(&certain) {
        for &p in &chain.stones {
            if chain.status == Status::Dead {
                base.set_cell(p, None);
            } else {
                alive_candidates[p.idx()] = !sure;
            }
        }
    }
    let mut seki = seki::find(&base, &alive_candidates);
    for (index, (chain, &sure)) in chains.iter().zip(&certain).enumerate() {
        if sure || chain.status != Status::Dead {
            continue;
        }
        let mut trial = base.clone();
        let mut candidates = alive_candidates.clone();
        let liberties: Vec<Point> = chain
            .stones
            .iter()
            .flat_map(|&s| board.neighbours(s))
            .filter(|&q| board.is_empty(q))
            .collect();
        let shares_a_liberty = |other: &ChainStatus| {
            other.stones.iter().any(|&s| {
                board
                    .neighbours(s)
                    .into_iter()
                    .any(|q| liberties.contains(&q))
            })
        };
        for (other_index, (other, &other_sure)) in chains.iter().zip(&certain).enumerate() {
            let tried = other_index == index
                || (!other_sure
                    && other.status == Status::Dead
                    && other.color == chain.color
                    && shares_a_liberty(other));
            if tried {
                for &p in &other.stones {
                    trial.set_cell(p, Some(other.color));
                    candidates[p.idx()] = true;
                }
            }
        }
        let found = seki::find(&trial, &candidates);
        if found[chain.stones[0].idx()] {
            for (s, f) in seki.iter_mut().zip(&found) {
                *s |= f;
            }
        }
    }
    for chain in &mut chains {
        if seki[chain.stones[0].idx()] {
            chain.status = Status::Seki;
        }
    }
    Statuses { chains, chain_at }
}

/// Points per color, komi excluded, as `final_score` counts them with the
/// estimated `statuses`: the dead stones come off as prisoners of the other
/// color and the variant counts the rest (Geneva adds its forfeits); under
/// territory scoring the eyes of a seki count for nobody. Nothing is removed
/// where [`Game::removes_estimated_dead`] says so.
pub(crate) fn final_points(game: &Game, statuses: &Statuses) -> Points {
    if !game.removes_estimated_dead() {
        return game.final_points();
    }
    let cleaned = statuses.remove_dead(game.board());
    let mut points = game.final_points_of(&cleaned);
    if game.rules().scoring == Scoring::Territory {
        let seki = crate::score::seki_territory(&cleaned, &statuses.seki_points());
        for c in Color::BOTH {
            points[c.index()] -= seki[c.index()];
        }
    }
    points
}

#[cfg(test)]
mod tests;
