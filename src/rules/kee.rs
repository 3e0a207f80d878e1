//! `kee`: Kee Rules v3.0 (spec section 5). Per-player board histories, passes that
//! reset the passer's history, the end of the game when a whole game situation
//! repeats, and area scoring over the positions each player passed on in the cycle.
//!
//! State and invariants (a turn costs a few dozen bytes whatever the board size:
//! ids and offsets, never a board):
//! - Every position the game has shown is interned in `positions` (exact ids).
//! - A history H(c) lives in `members[c]` as an *epoch*: a contiguous range
//!   holding its members in insertion order. Between two passes of c, H(c) only
//!   grows, so the current H(c) is the whole of its epoch, and the H(c) of any
//!   earlier moment is a prefix of one of c's epochs: a `Snapshot { start, len }`.
//!   A pass starts a new epoch holding only the current position.
//!   `in_current[c]` is the set of c's current epoch; earlier epochs need no
//!   index, because a snapshot is only ever compared with a current history. A
//!   snapshot names a range of an append-only array, so equal ranges hold equal
//!   sets.
//! - `history_hash[c]` is the XOR of `member_hash(position hash)` over H(c),
//!   updated when a position joins (never twice: it is a set) and recomputed on a
//!   reset, so the game-situation key costs O(1) per turn. `member_hash` is a
//!   non-linear mix: XOR-ing raw Zobrist hashes would make structurally related
//!   sets collide (hash{A,B} = hash{C,D} whenever A^B = C^D as stone sets).
//! - `situations[t]` is the game situation after t turns (t = 0: the start, with
//!   the non-first player's history holding P0 as if she had just made it). A key
//!   hit is confirmed by comparing player to move, position id and both histories
//!   as sets, so a hash collision can never end the game.
//! - `passes` holds every pass as (turn, player, position id); the count rebuilds
//!   a board only for the distinct positions it scores.
//! - `ended` holds, when the latest turn produced a game situation that occurred
//!   before, the index of its first occurrence. A turn after the end (a controller
//!   resuming the game) makes it recompute from that turn's situation.

use super::positions::{PositionId, PositionStore};
use super::{Action, KoFact, KoRule, KoVariant, Over, Refusal, Scoring};
use crate::board::{Board, Color, Move};
use crate::score::{self, Points};
use ahash::{AHashMap, AHashSet};

/// A player's history at some moment: `members[c][start..start + len]`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Snapshot {
    start: u32,
    len: u32,
}

#[derive(Copy, Clone, Debug)]
struct GameSituation {
    to_move: Color,
    position: PositionId,
    histories: [Snapshot; 2],
}

/// A pass, remembered for the multi-position count.
#[derive(Copy, Clone, Debug)]
struct PassOnPosition {
    /// The pass was turn number `turn` (1-based): the situation after it is
    /// `situations[turn]`.
    turn: u32,
    color: Color,
    position: PositionId,
}

pub(crate) struct Kee {
    positions: PositionStore,
    members: [Vec<PositionId>; 2],
    /// Where each player's current epoch starts in `members`.
    current: [u32; 2],
    in_current: [AHashSet<PositionId>; 2],
    history_hash: [u64; 2],
    situations: Vec<GameSituation>,
    /// The first and the latest situation filed under each key;
    /// `later_same_key[i]` the one filed after situation `i` under its key
    /// ([`NONE`] for none). Plain integers rather than a list per key, so a
    /// copy of the state (an undo checkpoint) is a copy of memory, not an
    /// allocation per situation.
    situation_index: AHashMap<u64, (u32, u32)>,
    later_same_key: Vec<u32>,
    passes: Vec<PassOnPosition>,
    ended: Option<usize>,
}

/// A non-linear bijective mix (splitmix64's finaliser) of a position hash into
/// the value a history set XORs together.
const NONE: u32 = u32::MAX;

fn member_hash(position_hash: u64) -> u64 {
    let mut z = position_hash.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn situation_key(to_move: Color, position_hash: u64, histories: [u64; 2]) -> u64 {
    // Different odd multipliers and rotations keep H(B) and H(W) from cancelling
    // when they are equal sets.
    super::positions::situation_hash(position_hash, to_move)
        ^ histories[0]
            .wrapping_mul(0xD6E8_FEB8_6659_FD93)
            .rotate_left(17)
        ^ histories[1]
            .wrapping_mul(0xA076_1D64_78BD_642F)
            .rotate_left(41)
}

impl Clone for Kee {
    fn clone(&self) -> Kee {
        Kee {
            positions: self.positions.clone(),
            members: self.members.clone(),
            current: self.current,
            in_current: self.in_current.clone(),
            history_hash: self.history_hash,
            situations: self.situations.clone(),
            situation_index: self.situation_index.clone(),
            later_same_key: self.later_same_key.clone(),
            passes: self.passes.clone(),
            ended: self.ended,
        }
    }

    /// Reuses `self`'s buffers: an undo copies its checkpoint into the game's
    /// state this way, and fresh allocations of a long game's history would
    /// cost a page fault per page.
    fn clone_from(&mut self, other: &Kee) {
        self.positions.clone_from(&other.positions);
        self.members.clone_from(&other.members);
        self.current = other.current;
        self.in_current.clone_from(&other.in_current);
        self.history_hash = other.history_hash;
        self.situations.clone_from(&other.situations);
        self.situation_index.clone_from(&other.situation_index);
        self.later_same_key.clone_from(&other.later_same_key);
        self.passes.clone_from(&other.passes);
        self.ended = other.ended;
    }
}

impl Kee {
    pub(crate) fn new(p0: &Board, to_move: Color) -> Kee {
        let mut kee = Kee {
            positions: PositionStore::new(),
            members: [Vec::new(), Vec::new()],
            current: [0; 2],
            in_current: [AHashSet::new(), AHashSet::new()],
            history_hash: [0; 2],
            situations: Vec::new(),
            situation_index: AHashMap::new(),
            later_same_key: Vec::new(),
            passes: Vec::new(),
            ended: None,
        };
        let p0_id = kee.intern(p0);
        // The player who does not move first holds P0, as if she had just made it.
        kee.add_to_history(to_move.opponent(), p0_id);
        kee.record_situation(to_move, p0_id);
        kee
    }

    fn intern(&mut self, board: &Board) -> PositionId {
        self.positions.intern(board.hash(), board).0
    }

    /// The position on the board now: the latest situation's (P0's before
    /// any turn, [`Kee::new`] records it).
    fn current_position(&self) -> PositionId {
        self.situations
            .last()
            .expect("Kee::new records P0's situation")
            .position
    }

    fn add_to_history(&mut self, c: Color, id: PositionId) {
        let i = c.index();
        if !self.in_current[i].insert(id) {
            return;
        }
        self.members[i].push(id);
        self.history_hash[i] ^= member_hash(self.positions.key(id));
    }

    fn reset_history(&mut self, c: Color, id: PositionId) {
        let i = c.index();
        self.current[i] = self.members[i].len() as u32;
        self.in_current[i].clear();
        self.history_hash[i] = 0;
        self.add_to_history(c, id);
    }

    fn snapshot(&self, c: Color) -> Snapshot {
        let i = c.index();
        Snapshot {
            start: self.current[i],
            len: self.members[i].len() as u32 - self.current[i],
        }
    }

    /// Whether the snapshot `earlier` of c's history holds the same set of
    /// positions as c's current history.
    fn same_as_current(&self, c: Color, earlier: Snapshot) -> bool {
        let now = self.snapshot(c);
        if earlier.len != now.len {
            return false;
        }
        if earlier.start == now.start {
            return true;
        }
        let (start, len) = (earlier.start as usize, earlier.len as usize);
        self.members[c.index()][start..start + len]
            .iter()
            .all(|id| self.in_current[c.index()].contains(id))
    }

    /// Whether the recorded `earlier` situation equals the current one, given as
    /// its player to move and position.
    fn same_as_now(&self, earlier: &GameSituation, to_move: Color, position: PositionId) -> bool {
        earlier.to_move == to_move
            && earlier.position == position
            && Color::BOTH
                .into_iter()
                .all(|c| self.same_as_current(c, earlier.histories[c.index()]))
    }

    /// Appends the situation after the latest turn and returns the index of its
    /// first earlier occurrence, if any.
    fn record_situation(&mut self, to_move: Color, position: PositionId) -> Option<usize> {
        let situation = GameSituation {
            to_move,
            position,
            histories: [self.snapshot(Color::Black), self.snapshot(Color::White)],
        };
        let key = situation_key(to_move, self.positions.key(position), self.history_hash);
        let earlier = self.earlier_occurrence(key, to_move, position);
        self.file(key, self.situations.len() as u32);
        self.situations.push(situation);
        earlier
    }

    /// Files situation `i` (the latest) under `key`.
    fn file(&mut self, key: u64, i: u32) {
        let at = i as usize;
        if self.later_same_key.len() <= at {
            self.later_same_key.resize(at + 1, NONE);
        }
        self.later_same_key[at] = NONE;
        match self.situation_index.get_mut(&key) {
            Some((_, latest)) => {
                self.later_same_key[*latest as usize] = i;
                *latest = i;
            }
            None => {
                self.situation_index.insert(key, (i, i));
            }
        }
    }

    /// The first recorded situation filed under `key` that really equals the
    /// current one: a key hit alone proves nothing.
    fn earlier_occurrence(&self, key: u64, to_move: Color, position: PositionId) -> Option<usize> {
        let mut at = self
            .situation_index
            .get(&key)
            .map_or(NONE, |&(first, _)| first);
        while at != NONE {
            let i = at as usize;
            if self.same_as_now(&self.situations[i], to_move, position) {
                return Some(i);
            }
            at = self.later_same_key[i];
        }
        None
    }

    fn in_history(&self, c: Color, id: PositionId) -> bool {
        self.in_current[c.index()].contains(&id)
    }
}

impl KoVariant for Kee {
    fn rule(&self) -> KoRule {
        KoRule::Kee
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) => {
                board.check_pseudolegal(color, p)?;
                if self
                    .positions
                    .find_after(board, color, p, |h| h, |id| self.in_history(color, id))
                    .is_some()
                {
                    return Err(Refusal::Superko);
                }
                Ok(Action::Play(p))
            }
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        let id = match action {
            Action::Play(p) => {
                board.play_unchecked(color, p);
                let id = self.intern(board);
                self.add_to_history(color, id);
                id
            }
            _ => {
                board.pass();
                // A pass leaves the stones as they were: the position is the
                // latest situation's, already interned.
                let id = self.current_position();
                self.reset_history(color, id);
                self.passes.push(PassOnPosition {
                    turn: self.situations.len() as u32,
                    color,
                    position: id,
                });
                id
            }
        };
        self.ended = self.record_situation(color.opponent(), id);
    }

    fn over(&self) -> Over {
        if self.ended.is_some() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn facts(&self, _board: &Board) -> Vec<KoFact> {
        Vec::new()
    }

    /// Area-style whatever `scoring` says (the rules layer keeps it `area`). At the
    /// Kee end each player takes her best position among those she passed on after
    /// the first occurrence of the repeated situation; before it (two passes, or
    /// a controller asking early) both accept the current position (Kee E.4).
    fn final_points(&self, board: &Board, _scoring: Scoring) -> Points {
        let current = score::area(board);
        let Some(first) = self.ended else {
            return current;
        };
        let mut points = [f64::NEG_INFINITY; 2];
        // Each distinct position is rebuilt and counted once, however often it
        // was passed on.
        let mut counted: AHashMap<PositionId, Points> = AHashMap::new();
        for pass in self.passes.iter().filter(|p| p.turn as usize > first) {
            let area = *counted
                .entry(pass.position)
                .or_insert_with(|| score::area(&self.positions.board(pass.position, board)));
            let i = pass.color.index();
            points[i] = points[i].max(area[i]);
        }
        // Under alternating turns every player who moved in the cycle passed in
        // it (her board plays grow her history, only a pass can restore it). A
        // player with no pass there (a controller that let one color move
        // twice) accepts the current position.
        for c in Color::BOTH {
            if points[c.index()] == f64::NEG_INFINITY {
                points[c.index()] = current[c.index()];
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(kee: &mut Kee, board: &mut Board, color: Color, mv: Move) {
        let action = kee.check(board, color, mv).expect("legal");
        kee.apply(board, color, action);
    }

    #[test]
    fn equal_sets_in_different_epochs_compare_equal() {
        let mut kee = Kee::new(&Board::new(3), Color::Black);
        let a = kee.snapshot(Color::White);
        let b1 = kee.intern(&Board::new(3));
        kee.reset_history(Color::White, b1);
        assert_ne!(a.start, kee.snapshot(Color::White).start);
        assert!(kee.same_as_current(Color::White, a));
        let mut other = Board::new(3);
        other.set_cell(other.point(1, 1), Some(Color::Black));
        let id = kee.intern(&other);
        kee.add_to_history(Color::White, id);
        assert!(!kee.same_as_current(Color::White, a));
        // Same length, different members: {P0} against {other}.
        kee.reset_history(Color::White, id);
        assert!(!kee.same_as_current(Color::White, a));
    }

    #[test]
    fn the_member_mix_breaks_linear_collisions() {
        // {A, B} and {C, D} with A ^ B == C ^ D as Zobrist hashes: the empty
        // board, one stone, another stone, and both stones.
        let z = &crate::board::zobrist::STONE[0];
        let (x, y) = (z[10], z[20]);
        let linear = |a: u64, b: u64| a ^ b;
        assert_eq!(linear(x, y), linear(0, x ^ y));
        assert_ne!(
            member_hash(x) ^ member_hash(y),
            member_hash(0) ^ member_hash(x ^ y)
        );
    }

    #[test]
    fn a_forced_key_collision_does_not_end_the_game() {
        let mut board = Board::new(3);
        let mut kee = Kee::new(&board, Color::Black);
        let c2 = board.point(1, 1);
        play(&mut kee, &mut board, Color::Black, Move::Play(c2));
        let now = kee.situations[1];
        // File the start situation (a different one) under a fake key, as a
        // collision would: the confirmation must reject it.
        kee.file(7, 0);
        assert_eq!(kee.earlier_occurrence(7, now.to_move, now.position), None);
        kee.file(7, 1);
        assert_eq!(
            kee.earlier_occurrence(7, now.to_move, now.position),
            Some(1)
        );
    }

    #[test]
    fn a_quiet_start_ends_on_the_third_pass() {
        // From P0 with no move: B pass, W pass, B pass repeats
        // (W to move, P0, {P0}, {P0}), first seen after the first pass.
        let mut board = Board::new(3);
        let mut kee = Kee::new(&board, Color::Black);
        for (i, c) in [Color::Black, Color::White, Color::Black]
            .into_iter()
            .enumerate()
        {
            play(&mut kee, &mut board, c, Move::Pass);
            assert_eq!(kee.over() == Over::Yes, i == 2);
        }
        assert_eq!(kee.ended, Some(1));
    }
}
