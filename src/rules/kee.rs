//! `kee`: Kee Rules v3.0 (spec section 5). Per-player board histories, passes that
//! reset the passer's history, the end of the game when a whole game situation
//! repeats, and area scoring over the positions each player passed on in the cycle.
//!
//! State and invariants:
//! - Every position the game has shown is interned in `positions` (exact ids).
//! - A history H(c) is stored as an *epoch*: the members in insertion order plus an
//!   index from member id to its slot. Between two passes of c, H(c) only grows,
//!   so the current H(c) is the whole of its epoch, and the H(c) of any earlier
//!   moment is a prefix of some epoch: a `Snapshot { epoch, len }`. A pass starts
//!   a new epoch holding only the current position.
//! - `history_hash[c]` is the XOR of `member_hash(position hash)` over H(c),
//!   updated when a position joins (never twice: it is a set) and recomputed on a
//!   reset, so the game-situation key costs O(1) per turn. `member_hash` is a
//!   non-linear mix: XOR-ing raw Zobrist hashes would make structurally related
//!   sets collide (hash{A,B} = hash{C,D} whenever A^B = C^D as stone sets).
//! - `situations[t]` is the game situation after t turns (t = 0: the start, with
//!   the non-first player's history holding P0 as if she had just made it). A key
//!   hit is confirmed by comparing player to move, position id and both histories
//!   as sets, so a hash collision can never end the game.
//! - `ended` holds, when the latest turn produced a game situation that occurred
//!   before, the index of its first occurrence. A turn after the end (a controller
//!   resuming the game) makes it recompute from that turn's situation.

use super::positions::{PositionId, PositionTable};
use super::{Action, KoRule, KoVariant, Over, Refusal, Scoring};
use crate::board::{Board, Color, Move};
use crate::score::{self, Points};
use ahash::AHashMap;
use smallvec::SmallVec;

/// One lineage of a player's history between two of her passes.
#[derive(Clone, Default, Debug)]
struct Epoch {
    members: Vec<PositionId>,
    slot: AHashMap<PositionId, u32>,
}

/// A player's history at some moment: the first `len` members of `epoch`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Snapshot {
    epoch: u32,
    len: u32,
}

#[derive(Copy, Clone, Debug)]
struct GameSituation {
    to_move: Color,
    position: PositionId,
    histories: [Snapshot; 2],
}

/// A pass, remembered for the multi-position count.
#[derive(Clone)]
struct PassOnPosition {
    /// The pass was turn number `turn` (1-based): the situation after it is
    /// `situations[turn]`.
    turn: usize,
    color: Color,
    board: Board,
}

#[derive(Clone)]
pub struct Kee {
    positions: PositionTable,
    epochs: Vec<Epoch>,
    current: [u32; 2],
    history_hash: [u64; 2],
    situations: Vec<GameSituation>,
    situation_index: AHashMap<u64, SmallVec<[u32; 1]>>,
    passes: Vec<PassOnPosition>,
    ended: Option<usize>,
}

/// A non-linear bijective mix (splitmix64's finaliser) of a position hash into
/// the value a history set XORs together.
fn member_hash(position_hash: u64) -> u64 {
    let mut z = position_hash.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn situation_key(to_move: Color, position_hash: u64, histories: [u64; 2]) -> u64 {
    // Different odd multipliers and rotations keep H(B) and H(W) from cancelling
    // when they are equal sets.
    super::history::situation_hash(position_hash, to_move)
        ^ histories[0]
            .wrapping_mul(0xD6E8_FEB8_6659_FD93)
            .rotate_left(17)
        ^ histories[1]
            .wrapping_mul(0xA076_1D64_78BD_642F)
            .rotate_left(41)
}

impl Kee {
    pub fn new(p0: &Board, to_move: Color) -> Kee {
        let mut kee = Kee {
            positions: PositionTable::new(),
            epochs: Vec::new(),
            current: [0; 2],
            history_hash: [0; 2],
            situations: Vec::new(),
            situation_index: AHashMap::new(),
            passes: Vec::new(),
            ended: None,
        };
        let p0_id = kee.positions.intern(p0);
        // The player who does not move first holds P0, as if she had just made it.
        for c in Color::BOTH {
            kee.current[c.index()] = kee.epochs.len() as u32;
            kee.epochs.push(Epoch::default());
            if c != to_move {
                kee.add_to_history(c, p0_id);
            }
        }
        kee.record_situation(to_move, p0_id);
        kee
    }

    fn add_to_history(&mut self, c: Color, id: PositionId) {
        let epoch = &mut self.epochs[self.current[c.index()] as usize];
        if epoch.slot.contains_key(&id) {
            return;
        }
        epoch.slot.insert(id, epoch.members.len() as u32);
        epoch.members.push(id);
        self.history_hash[c.index()] ^= member_hash(self.positions.hash(id));
    }

    fn reset_history(&mut self, c: Color, id: PositionId) {
        self.current[c.index()] = self.epochs.len() as u32;
        self.epochs.push(Epoch::default());
        self.history_hash[c.index()] = 0;
        self.add_to_history(c, id);
    }

    fn snapshot(&self, c: Color) -> Snapshot {
        let epoch = self.current[c.index()];
        Snapshot {
            epoch,
            len: self.epochs[epoch as usize].members.len() as u32,
        }
    }

    /// Whether two history snapshots hold the same set of positions.
    fn same_set(&self, a: Snapshot, b: Snapshot) -> bool {
        if a.len != b.len {
            return false;
        }
        if a.epoch == b.epoch {
            return true;
        }
        let (ea, eb) = (
            &self.epochs[a.epoch as usize],
            &self.epochs[b.epoch as usize],
        );
        ea.members[..a.len as usize]
            .iter()
            .all(|id| eb.slot.get(id).is_some_and(|&s| s < b.len))
    }

    fn same_situation(&self, a: &GameSituation, b: &GameSituation) -> bool {
        a.to_move == b.to_move
            && a.position == b.position
            && self.same_set(a.histories[0], b.histories[0])
            && self.same_set(a.histories[1], b.histories[1])
    }

    /// Appends the situation after the latest turn and returns the index of its
    /// first earlier occurrence, if any.
    fn record_situation(&mut self, to_move: Color, position: PositionId) -> Option<usize> {
        let situation = GameSituation {
            to_move,
            position,
            histories: [self.snapshot(Color::Black), self.snapshot(Color::White)],
        };
        let key = situation_key(to_move, self.positions.hash(position), self.history_hash);
        let earlier = self.earlier_occurrence(key, &situation);
        self.situation_index
            .entry(key)
            .or_default()
            .push(self.situations.len() as u32);
        self.situations.push(situation);
        earlier
    }

    /// The first recorded situation filed under `key` that really equals
    /// `situation`: a key hit alone proves nothing.
    fn earlier_occurrence(&self, key: u64, situation: &GameSituation) -> Option<usize> {
        self.situation_index.get(&key).and_then(|ids| {
            ids.iter()
                .map(|&i| i as usize)
                .find(|&i| self.same_situation(&self.situations[i], situation))
        })
    }

    fn in_history(&self, c: Color, id: PositionId) -> bool {
        self.epochs[self.current[c.index()] as usize]
            .slot
            .contains_key(&id)
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
                    .find_after(board, color, p, |id| self.in_history(color, id))
                    .is_some()
                {
                    return Err(Refusal::Superko);
                }
                Ok(Action::Play(p))
            }
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        match action {
            Action::Play(p) => {
                board.play_unchecked(color, p);
                let id = self.positions.intern(board);
                self.add_to_history(color, id);
            }
            _ => {
                board.pass();
                let id = self.positions.intern(board);
                self.reset_history(color, id);
                self.passes.push(PassOnPosition {
                    turn: self.situations.len(),
                    color,
                    board: board.clone(),
                });
            }
        }
        let id = self.positions.intern(board);
        self.ended = self.record_situation(color.opponent(), id);
    }

    fn over(&self) -> Over {
        if self.ended.is_some() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn report(&self, _board: &Board) -> Vec<String> {
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
        for pass in self.passes.iter().filter(|p| p.turn > first) {
            let i = pass.color.index();
            points[i] = points[i].max(score::area(&pass.board)[i]);
        }
        // Under alternating turns every player who moved in the cycle passed in
        // it (her board plays grow her history, only a pass can restore it). A
        // player with no pass there (a controller that let one colour move
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
        let b1 = kee.positions.intern(&Board::new(3));
        kee.reset_history(Color::White, b1);
        let b = kee.snapshot(Color::White);
        assert_ne!(a.epoch, b.epoch);
        assert!(kee.same_set(a, b));
        let mut other = Board::new(3);
        other.set_cell(other.point(1, 1), Some(Color::Black));
        let id = kee.positions.intern(&other);
        kee.add_to_history(Color::White, id);
        assert!(!kee.same_set(a, kee.snapshot(Color::White)));
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
        kee.situation_index.insert(7, SmallVec::from_slice(&[0]));
        assert_eq!(kee.earlier_occurrence(7, &now), None);
        kee.situation_index.insert(7, SmallVec::from_slice(&[0, 1]));
        assert_eq!(kee.earlier_occurrence(7, &now), Some(1));
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
