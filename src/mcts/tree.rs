//! The search tree: an arena of nodes with contiguous children and `u32` indices.
//!
//! Every field of a [`Node`] is an atomic, so threads share the arena by reference.
//! A node is published to other threads by its parent's `state` store (Release);
//! readers load `state` with Acquire before touching the children. Statistics use
//! Relaxed operations: visits and wins of nodes on the path with `fetch_add`, AMAF
//! counts with plain load-and-store (a rare lost update only blurs a statistic).
//!
//! Statistics of a node are from the point of view of the player who made the move
//! into it, in half-wins (a win is 2, a jigo 1), so the parent's player maximises.
//! The one exception is the margin sum behind the score lead: Black's margins in
//! half-points, read only by analysis, never by selection, so that keeping it
//! cannot change a move.

use crate::board::{Board, MAX_POINTS, Move, Point};
use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::sync::atomic::{
    AtomicI8, AtomicI32, AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering::*,
};

/// Node states.
pub(crate) const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
pub(crate) const EXPANDED: u8 = 2;
pub(crate) const TERMINAL: u8 = 3;

/// What the move into a node does to the board.
pub(crate) const KIND_PLAY: u8 = 0;
pub(crate) const KIND_PASS: u8 = 1;
/// A turn that changes no point (cleanup's unblock).
pub(crate) const KIND_NO_BOARD_CHANGE: u8 = 2;
const KIND_MASK: u8 = 3;
/// The move fills the mover's own true eye (prior penalty).
pub(crate) const FLAG_EYE_FILL: u8 = 4;
/// The node's position differs from the plain board replay of its path (a variant
/// changed the board in its own way, e.g. a Geneva forfeit); the exact board is in
/// the tree's override table.
pub(crate) const FLAG_OVERRIDE: u8 = 8;
/// The move is legal but punished (a Geneva forfeit): prior penalty.
pub(crate) const FLAG_FORFEIT: u8 = 16;

/// The most nodes an arena holds: indices are `u32`, and `u32::MAX` stays free.
const MAX_NODES: usize = u32::MAX as usize - 1;

/// A node's margin sum takes the results of its first this many visits only:
/// with each result at most [`MARGIN_CLAMP`] half-points the `i32` sum cannot
/// overflow (2^21 * 1000 < 2^31). Past it the mean score is that of the
/// first two million simulations through the node.
const MARGIN_MAX_SAMPLES: u32 = 1 << 21;

/// The largest margin, in half-points, one result adds to a margin sum (500
/// points: beyond any 19x19 count with a sane komi).
const MARGIN_CLAMP: i32 = 1000;

/// Bytes per node, the unit of the memory cap (`--max-memory`).
pub(crate) const NODE_BYTES: usize = std::mem::size_of::<Node>();

#[derive(Default)]
pub(crate) struct Node {
    /// The point played into this node (0 for a pass).
    point: AtomicU16,
    flags: AtomicU8,
    state: AtomicU8,
    pub(crate) visits: AtomicU32,
    pub(crate) wins: AtomicU32,
    pub(crate) amaf_visits: AtomicU32,
    pub(crate) amaf_wins: AtomicU32,
    first_child: AtomicU32,
    child_count: AtomicU16,
    /// For terminal nodes: Black's margin in half-points, rounded away from
    /// zero and clamped to the i8 range (the sign is exact; see
    /// `outcome::terminal_margin_code`).
    terminal_margin: AtomicI8,
    /// The prior beyond the even visits: this many virtual won visits, or lost
    /// ones when negative (see `value::child_value`).
    prior: AtomicI8,
    /// Black's final margins of the simulations through the node, summed in
    /// half-points (komi and the variant's bonus included, dynamic komi not):
    /// the score lead analysis shows. Never read by the search itself.
    margin_sum: AtomicI32,
}

impl Node {
    #[inline]
    pub(crate) fn point(&self) -> Point {
        Point(self.point.load(Relaxed))
    }

    #[inline]
    pub(crate) fn flags(&self) -> u8 {
        self.flags.load(Relaxed)
    }

    #[inline]
    pub(crate) fn kind(&self) -> u8 {
        self.flags() & KIND_MASK
    }

    /// The move as the rules layer takes it.
    #[inline]
    pub(crate) fn mv(&self) -> Move {
        if self.kind() == KIND_PASS {
            Move::Pass
        } else {
            Move::Play(self.point())
        }
    }

    /// The real win rate for the player who moved into the node (`wins`
    /// counts half-points), 0.5 before any visit.
    pub(crate) fn winrate(&self) -> f64 {
        let visits = self.visits.load(Relaxed);
        if visits == 0 {
            0.5
        } else {
            f64::from(self.wins.load(Relaxed)) * 0.5 / f64::from(visits)
        }
    }

    /// Virtual won (positive) or lost (negative) visits of the prior.
    #[inline]
    pub(crate) fn prior(&self) -> i8 {
        self.prior.load(Relaxed)
    }

    #[inline]
    pub(crate) fn state(&self) -> u8 {
        self.state.load(Acquire)
    }

    /// Claims the right to expand a leaf; false if another thread has it.
    #[inline]
    pub(crate) fn try_begin_expansion(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives an expansion back (arena full): the node stays a leaf.
    fn abandon_expansion(&self) {
        self.state.store(LEAF, Release);
    }

    pub(crate) fn set_terminal(&self, black_margin_half_points: i8) {
        self.terminal_margin
            .store(black_margin_half_points, Relaxed);
        self.state.store(TERMINAL, Release);
    }

    /// Adds one simulation's final margin for Black (half-points) to the
    /// node's sum, while it still counts samples (see [`MARGIN_MAX_SAMPLES`]).
    /// Called after the visit was added on the way down.
    #[inline]
    pub(crate) fn add_margin(&self, black_half_points: i32) {
        if self.visits.load(Relaxed) <= MARGIN_MAX_SAMPLES {
            self.margin_sum.fetch_add(
                black_half_points.clamp(-MARGIN_CLAMP, MARGIN_CLAMP),
                Relaxed,
            );
        }
    }

    /// Black's mean final margin in points over the simulations through the
    /// node; `None` before any. Visits still in flight count as samples, so
    /// a mid-search reading leans by a few simulations towards zero.
    pub(crate) fn mean_black_margin(&self) -> Option<f64> {
        let samples = self.visits.load(Relaxed).min(MARGIN_MAX_SAMPLES);
        (samples > 0).then(|| f64::from(self.margin_sum.load(Relaxed)) * 0.5 / f64::from(samples))
    }

    #[inline]
    pub(crate) fn terminal_margin(&self) -> i8 {
        self.terminal_margin.load(Relaxed)
    }

    /// Publishes the children written at `first..first + count`.
    fn set_children(&self, first: u32, count: usize) {
        self.first_child.store(first, Relaxed);
        self.child_count.store(count as u16, Relaxed);
        self.state.store(EXPANDED, Release);
    }

    /// Child index range; empty unless expanded (call after `state()`).
    #[inline]
    pub(crate) fn children(&self) -> std::ops::Range<u32> {
        let first = self.first_child.load(Relaxed);
        first..first + u32::from(self.child_count.load(Relaxed))
    }

    fn init(&self, mv: Move, flags: u8, prior: i8) {
        self.prior.store(prior, Relaxed);
        let (point, kind) = match mv {
            Move::Pass => (0, KIND_PASS),
            Move::Play(p) => (p.0, flags & KIND_MASK),
        };
        self.point.store(point, Relaxed);
        self.flags.store((flags & !KIND_MASK) | kind, Relaxed);
        self.state.store(LEAF, Relaxed);
        for a in [
            &self.visits,
            &self.wins,
            &self.amaf_visits,
            &self.amaf_wins,
            &self.first_child,
        ] {
            a.store(0, Relaxed);
        }
        self.child_count.store(0, Relaxed);
        self.terminal_margin.store(0, Relaxed);
        self.margin_sum.store(0, Relaxed);
    }

    /// Copies `other` into this node (possibly the same one), with its
    /// children now at `children` (first, count) if it is expanded. A claimed
    /// expansion (`EXPANDING`) becomes a leaf again.
    fn move_from(&self, other: &Node, children: Option<(u32, usize)>) {
        let state = match other.state.load(Acquire) {
            EXPANDING => LEAF,
            s => s,
        };
        let (first, count) = children.unwrap_or((0, 0));
        let values = [
            other.visits.load(Relaxed),
            other.wins.load(Relaxed),
            other.amaf_visits.load(Relaxed),
            other.amaf_wins.load(Relaxed),
        ];
        let (point, flags) = (other.point.load(Relaxed), other.flags.load(Relaxed));
        let (margin, prior) = (
            other.terminal_margin.load(Relaxed),
            other.prior.load(Relaxed),
        );
        self.point.store(point, Relaxed);
        self.flags.store(flags, Relaxed);
        for (a, v) in [&self.visits, &self.wins, &self.amaf_visits, &self.amaf_wins]
            .into_iter()
            .zip(values)
        {
            a.store(v, Relaxed);
        }
        self.terminal_margin.store(margin, Relaxed);
        self.prior.store(prior, Relaxed);
        self.margin_sum
            .store(other.margin_sum.load(Relaxed), Relaxed);
        self.first_child.store(first, Relaxed);
        self.child_count.store(count as u16, Relaxed);
        self.state.store(state, Relaxed);
    }

    /// Racy increment for statistics where a lost update is harmless.
    #[inline]
    pub(crate) fn bump(counter: &AtomicU32, by: u32) {
        counter.store(counter.load(Relaxed).wrapping_add(by), Relaxed);
    }
}

/// A fixed-capacity node arena. Memory is reserved zeroed, so the operating
/// system commits pages only as nodes are used.
pub(crate) struct Arena {
    nodes: Box<[Node]>,
    used: AtomicUsize,
}

impl Arena {
    fn new(capacity: usize) -> Arena {
        let capacity = capacity.clamp(1, MAX_NODES);
        Arena::try_new(capacity)
            .unwrap_or_else(|| handle_alloc_error(Layout::array::<Node>(capacity).unwrap()))
    }

    /// An arena of `capacity` nodes (at most [`MAX_NODES`]), or `None` when
    /// the system refuses to reserve that much address space.
    fn try_new(capacity: usize) -> Option<Arena> {
        let capacity = capacity.clamp(1, MAX_NODES);
        let layout = Layout::array::<Node>(capacity).ok()?;
        // SAFETY: `Node` consists only of atomic integers, for which the all-zero
        // bit pattern is a valid value, so zeroed memory is `capacity` valid nodes.
        // The box is freed with the same layout (`Layout::array::<Node>`).
        let nodes = unsafe {
            let ptr = alloc_zeroed(layout) as *mut Node;
            if ptr.is_null() {
                return None;
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, capacity))
        };
        #[cfg(test)]
        reserved::add(capacity);
        Some(Arena {
            nodes,
            used: AtomicUsize::new(0),
        })
    }

    pub(crate) fn capacity(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn used(&self) -> usize {
        self.used.load(Relaxed)
    }

    /// Reserves `n` consecutive nodes; `None` when the arena is full.
    fn alloc(&self, n: usize) -> Option<u32> {
        let mut used = self.used.load(Relaxed);
        loop {
            if used + n > self.nodes.len() {
                return None;
            }
            match self
                .used
                .compare_exchange_weak(used, used + n, Relaxed, Relaxed)
            {
                Ok(_) => return Some(used as u32),
                Err(now) => used = now,
            }
        }
    }

    #[inline]
    fn get(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }
}

#[cfg(test)]
impl Drop for Arena {
    fn drop(&mut self) {
        reserved::remove(self.nodes.len());
    }
}

/// Test accounting: the nodes reserved by this thread's live arenas, and
/// their peak, so that a test can check that a player never holds more than
/// its cap (players create their trees on the calling thread).
#[cfg(test)]
pub(crate) mod reserved {
    use std::cell::Cell;

    thread_local! {
        static NODES: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    }

    pub(super) fn add(n: usize) {
        NODES.with(|c| {
            let (now, peak) = c.get();
            c.set((now + n, peak.max(now + n)));
        });
    }

    pub(super) fn remove(n: usize) {
        NODES.with(|c| {
            let (now, peak) = c.get();
            c.set((now - n, peak));
        });
    }

    /// The peak since the last call, which restarts it at the current value.
    pub(crate) fn take_peak() -> usize {
        NODES.with(|c| {
            let (now, peak) = c.get();
            c.set((now, now));
            peak
        })
    }
}

/// The exact state of an override node: its board and Black's extra points.
#[derive(Clone)]
struct Override {
    board: Box<Board>,
    bonus: f64,
}

/// A tree: the arena, its root, and the exact boards of override nodes.
pub(crate) struct Tree {
    pub(crate) arena: Arena,
    pub(crate) root: u32,
    overrides: std::sync::Mutex<ahash::AHashMap<u32, Override>>,
}

impl Tree {
    /// A tree with a fresh root (a leaf; the move into it is recorded as a pass).
    pub(crate) fn new(capacity: usize) -> Tree {
        let arena = Arena::new(capacity);
        let root = arena.alloc(1).expect("arena has room for a root");
        arena.get(root).init(Move::Pass, 0, 0);
        Tree {
            arena,
            root,
            overrides: Default::default(),
        }
    }

    #[inline]
    pub(crate) fn node(&self, i: u32) -> &Node {
        self.arena.get(i)
    }

    pub(crate) fn root_node(&self) -> &Node {
        self.node(self.root)
    }

    /// Writes the children of `parent` (moves with their flags and priors) and
    /// publishes them. False when the arena is full (the parent stays a leaf).
    pub(crate) fn expand(&self, parent: u32, children: &[(Move, u8, i8)]) -> bool {
        let Some(first) = self.arena.alloc(children.len()) else {
            self.node(parent).abandon_expansion();
            return false;
        };
        for (i, &(mv, flags, prior)) in children.iter().enumerate() {
            self.node(first + i as u32).init(mv, flags, prior);
        }
        self.node(parent).set_children(first, children.len());
        true
    }

    /// Records the exact board of `node` and Black's extra points there (see
    /// [`FLAG_OVERRIDE`]).
    pub(crate) fn set_override(&self, node: u32, board: &Board, bonus: f64) {
        let entry = Override {
            board: Box::new(board.clone()),
            bonus,
        };
        self.overrides.lock().unwrap().insert(node, entry);
        let n = self.node(node);
        n.flags.store(n.flags() | FLAG_OVERRIDE, Release);
    }

    /// Copies the exact board of an override node into `board`; returns Black's
    /// extra points there.
    pub(crate) fn load_override(&self, node: u32, board: &mut Board) -> f64 {
        match self.overrides.lock().unwrap().get(&node) {
            Some(o) => {
                board.copy_from(&o.board);
                o.bonus
            }
            None => 0.0,
        }
    }

    /// The child of `node` reached by `mv`, if `node` is expanded and has it.
    pub(crate) fn find_child(&self, node: u32, mv: Move) -> Option<u32> {
        let n = self.node(node);
        if n.state() != EXPANDED {
            return None;
        }
        n.children().find(|&c| self.node(c).mv() == mv)
    }

    /// Keeps only the subtree under `new_root`, moved to the front of the same
    /// arena: a reused tree never needs a second arena, so memory stays within
    /// one arena's capacity (`--max-memory`). Single-threaded: call between
    /// searches.
    ///
    /// Why moving in place is safe: a node's children are allocated after the
    /// node itself, so every index in the subtree is above its parent's, and
    /// child groups never overlap. Numbering the subtree's nodes by their old
    /// index (root first, then each child group, groups in arena order) gives
    /// every node a new index at most its old one, monotone in the old one;
    /// moving nodes in increasing old index only ever overwrites a slot that
    /// is garbage or already moved. Relative order is kept, children stay
    /// contiguous and in their order.
    pub(crate) fn reroot(&mut self, new_root: u32) {
        // Child groups of the subtree as (old first, count), read before
        // anything moves.
        let mut groups: Vec<(u32, u32)> = Vec::new();
        let mut stack = vec![new_root];
        while let Some(i) = stack.pop() {
            let n = self.node(i);
            if n.state() == EXPANDED {
                let range = n.children();
                groups.push((range.start, range.len() as u32));
                stack.extend(range);
            }
        }
        groups.sort_unstable_by_key(|g| g.0);
        let mut new_first = Vec::with_capacity(groups.len());
        let mut used = 1u32;
        for &(_, count) in &groups {
            new_first.push(used);
            used += count;
        }
        // The new index of an old one in the subtree; `None` outside it.
        let new_index = |old: u32| -> Option<u32> {
            if old == new_root {
                return Some(0);
            }
            let k = groups.partition_point(|g| g.0 <= old).checked_sub(1)?;
            let (first, count) = groups[k];
            (old < first + count).then(|| new_first[k] + (old - first))
        };
        let moves = std::iter::once((new_root, 0)).chain(
            groups
                .iter()
                .zip(&new_first)
                .flat_map(|(&(first, count), &to)| (0..count).map(move |k| (first + k, to + k))),
        );
        for (old, new) in moves {
            debug_assert!(new <= old);
            let children = match self.node(old).state() {
                EXPANDED => {
                    let range = self.node(old).children();
                    let first = new_index(range.start).expect("children are in the subtree");
                    Some((first, range.len()))
                }
                _ => None,
            };
            self.node(new).move_from(self.node(old), children);
        }
        let overrides = std::mem::take(self.overrides.get_mut().unwrap());
        *self.overrides.get_mut().unwrap() = overrides
            .into_iter()
            .filter_map(|(old, o)| Some((new_index(old)?, o)))
            .collect();
        self.root = 0;
        self.arena.used.store(used as usize, Relaxed);
    }

    /// Number of nodes in use.
    pub(crate) fn size(&self) -> usize {
        self.arena.used()
    }
}

/// Why a memory cap for the tree (`--max-memory`) cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemoryCapError {
    /// Zero MiB.
    Zero,
    /// More than `u32` node indices can address.
    TooLarge { max_mb: u64 },
    /// The system refused to reserve that much address space.
    CannotReserve { mb: u64 },
}

impl std::fmt::Display for MemoryCapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MemoryCapError::Zero => write!(f, "the tree needs at least 1 MiB"),
            MemoryCapError::TooLarge { max_mb } => {
                write!(f, "the tree can use at most {max_mb} MiB")
            }
            MemoryCapError::CannotReserve { mb } => {
                write!(f, "cannot reserve {mb} MiB for the tree on this machine")
            }
        }
    }
}

impl std::error::Error for MemoryCapError {}

/// The node count of a tree that uses at most `mb` MiB. The arena is
/// reserved once on trial (address space only: pages are committed as nodes
/// are used), so that a cap the system cannot give is refused at startup
/// instead of aborting at the first search.
pub(crate) fn nodes_for_memory(mb: u64) -> Result<usize, MemoryCapError> {
    let max_mb = ((MAX_NODES * NODE_BYTES) >> 20) as u64;
    if mb == 0 {
        return Err(MemoryCapError::Zero);
    }
    if mb > max_mb {
        return Err(MemoryCapError::TooLarge { max_mb });
    }
    let nodes = ((mb as usize) << 20) / NODE_BYTES;
    Arena::try_new(nodes).ok_or(MemoryCapError::CannotReserve { mb })?;
    Ok(nodes)
}

/// Per-point scratch for AMAF: which color played each point first in the rest of
/// a simulation, stamped so that it never needs clearing.
pub(crate) struct AmafMap {
    stamp: Box<[u32]>,
    color: Box<[u8]>,
    /// Index in the simulation's move sequence (tree moves first) of the
    /// marked play, for weighting early plays above late ones.
    order: Box<[u32]>,
    generation: u32,
}

impl Default for AmafMap {
    fn default() -> Self {
        AmafMap {
            stamp: vec![0; MAX_POINTS].into_boxed_slice(),
            color: vec![0; MAX_POINTS].into_boxed_slice(),
            order: vec![0; MAX_POINTS].into_boxed_slice(),
            generation: 0,
        }
    }
}

impl AmafMap {
    /// Starts a new simulation: no point is marked.
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Marks `p` as first played by `color` at sequence index `order` unless
    /// an earlier play is marked (playout moves are fed in order).
    #[inline]
    pub(crate) fn mark_if_new(&mut self, p: Point, color: u8, order: u32) {
        let i = p.idx();
        if self.stamp[i] != self.generation {
            self.stamp[i] = self.generation;
            self.color[i] = color;
            self.order[i] = order;
        }
    }

    /// Marks `p` as played by `color` at `order`, before everything marked so
    /// far (tree moves are fed from the deepest up).
    #[inline]
    pub(crate) fn mark_earlier(&mut self, p: Point, color: u8, order: u32) {
        self.stamp[p.idx()] = self.generation;
        self.color[p.idx()] = color;
        self.order[p.idx()] = order;
    }

    /// The color and sequence index marked at `p`, if any.
    #[inline]
    pub(crate) fn get_with_order(&self, p: Point) -> Option<(u8, u32)> {
        (self.stamp[p.idx()] == self.generation).then(|| (self.color[p.idx()], self.order[p.idx()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::FastRng;

    /// The subtree under `i` as nested (move, statistics, prior, state,
    /// override bonus, children), independent of where it sits in the arena.
    #[derive(Debug, PartialEq)]
    struct Shape(Move, [u32; 5], i8, u8, Option<u64>, Vec<Shape>);

    fn shape(tree: &Tree, i: u32) -> Shape {
        let n = tree.node(i);
        let mut board = Board::new(9);
        let has_override = tree.overrides.lock().unwrap().contains_key(&i);
        let bonus = has_override.then(|| tree.load_override(i, &mut board).to_bits());
        let [v, w, av, aw] =
            [&n.visits, &n.wins, &n.amaf_visits, &n.amaf_wins].map(|a| a.load(Relaxed));
        let stats = [v, w, av, aw, n.margin_sum.load(Relaxed) as u32];
        let children = match n.state() {
            EXPANDED => n.children().map(|c| shape(tree, c)).collect(),
            _ => Vec::new(),
        };
        Shape(n.mv(), stats, n.prior(), n.state(), bonus, children)
    }

    #[test]
    fn a_margin_sum_is_a_clamped_mean_and_stops_before_it_could_overflow() {
        let tree = Tree::new(4);
        let n = tree.root_node();
        assert_eq!(n.mean_black_margin(), None);
        for m in [15, -3, 4000] {
            n.visits.fetch_add(1, Relaxed);
            n.add_margin(m);
        }
        // 7.5, -1.5 and the clamped 500 points.
        assert_eq!(n.mean_black_margin(), Some((7.5 - 1.5 + 500.0) / 3.0));
        // Past the cap the sum stays, and so does the mean of what it holds.
        n.visits.store(MARGIN_MAX_SAMPLES, Relaxed);
        n.add_margin(MARGIN_CLAMP);
        let sum = n.margin_sum.load(Relaxed);
        n.visits.store(u32::MAX, Relaxed);
        for _ in 0..10 {
            n.add_margin(MARGIN_CLAMP);
        }
        assert_eq!(n.margin_sum.load(Relaxed), sum);
        let mean = n.mean_black_margin().unwrap();
        assert_eq!(mean, f64::from(sum) * 0.5 / f64::from(MARGIN_MAX_SAMPLES));
    }

    #[test]
    fn rerooting_keeps_the_subtree_exactly_and_frees_the_rest() {
        for seed in 0..20 {
            let mut rng = FastRng::new(seed);
            let mut tree = Tree::new(4_000);
            // Random growth: expand random leaves, so child groups of
            // different subtrees interleave in the arena as in a search.
            let mut leaves = vec![tree.root];
            while let Some(k) = (!leaves.is_empty()).then(|| rng.below(leaves.len())) {
                let leaf = leaves.swap_remove(k);
                let n = tree.node(leaf);
                n.visits.store(rng.below(1000) as u32, Relaxed);
                n.wins.store(rng.below(1000) as u32, Relaxed);
                n.amaf_visits.store(rng.below(1000) as u32, Relaxed);
                n.add_margin(rng.below(2000) as i32 - 1000);
                match rng.below(6) {
                    0 => n.set_terminal(rng.below(100) as i8),
                    1 => tree.set_override(leaf, &Board::new(9), rng.below(10) as f64),
                    _ => {}
                }
                if n.state() == TERMINAL {
                    continue;
                }
                let children: Vec<_> = (0..1 + rng.below(5))
                    .map(|c| (Move::Play(Point(c as u16 + 1)), 0, rng.below(50) as i8))
                    .collect();
                assert!(n.try_begin_expansion());
                if tree.expand(leaf, &children) {
                    leaves.extend(tree.node(leaf).children());
                }
            }
            // A grandchild of the root with a subtree of its own.
            let root = tree.root_node().children().start;
            let Some(new_root) = tree.node(root).children().next() else {
                continue;
            };
            let before = shape(&tree, new_root);
            let count = |s: &Shape| -> usize {
                fn c(s: &Shape) -> usize {
                    1 + s.5.iter().map(c).sum::<usize>()
                }
                c(s)
            };
            let nodes = count(&before);
            tree.reroot(new_root);
            assert_eq!(tree.root, 0);
            assert_eq!(shape(&tree, tree.root), before, "seed {seed}");
            assert_eq!(tree.size(), nodes, "seed {seed}");
            // The freed room is usable again.
            let n = tree.node(tree.root);
            if n.state() == LEAF && n.try_begin_expansion() {
                assert!(tree.expand(tree.root, &[(Move::Pass, 0, 0)]));
            }
        }
    }
}
