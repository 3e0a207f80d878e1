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

use crate::board::{Board, MAX_POINTS, Move, Point};
use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::sync::atomic::{AtomicI8, AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering::*};

/// Node states.
pub const LEAF: u8 = 0;
pub const EXPANDING: u8 = 1;
pub const EXPANDED: u8 = 2;
pub const TERMINAL: u8 = 3;

/// What the move into a node does to the board.
pub const KIND_PLAY: u8 = 0;
pub const KIND_PASS: u8 = 1;
/// A turn that changes no point (cleanup's unblock).
pub const KIND_NO_BOARD_CHANGE: u8 = 2;
const KIND_MASK: u8 = 3;
/// The move fills the mover's own true eye (prior penalty).
pub const FLAG_EYE_FILL: u8 = 4;
/// The node's position differs from the plain board replay of its path (a variant
/// changed the board in its own way, e.g. a Geneva forfeit); the exact board is in
/// the tree's override table.
pub const FLAG_OVERRIDE: u8 = 8;
/// The move is legal but punished (a Geneva forfeit): prior penalty.
pub const FLAG_FORFEIT: u8 = 16;

#[derive(Default)]
pub struct Node {
    /// The point played into this node (0 for a pass).
    point: AtomicU16,
    flags: AtomicU8,
    state: AtomicU8,
    pub visits: AtomicU32,
    pub wins: AtomicU32,
    pub amaf_visits: AtomicU32,
    pub amaf_wins: AtomicU32,
    first_child: AtomicU32,
    child_count: AtomicU16,
    /// For terminal nodes: Black's margin in half-points, rounded away from
    /// zero and clamped to the i8 range (the sign is exact; see
    /// `search::terminal_margin_code`).
    terminal_margin: AtomicI8,
    /// The prior beyond the even visits: this many virtual won visits, or lost
    /// ones when negative (see `search::child_value`).
    prior: AtomicI8,
}

impl Node {
    #[inline]
    pub fn point(&self) -> Point {
        Point(self.point.load(Relaxed))
    }

    #[inline]
    pub fn flags(&self) -> u8 {
        self.flags.load(Relaxed)
    }

    #[inline]
    pub fn kind(&self) -> u8 {
        self.flags() & KIND_MASK
    }

    /// The move as the rules layer takes it.
    #[inline]
    pub fn mv(&self) -> Move {
        if self.kind() == KIND_PASS {
            Move::Pass
        } else {
            Move::Play(self.point())
        }
    }

    /// Virtual won (positive) or lost (negative) visits of the prior.
    #[inline]
    pub fn prior(&self) -> i8 {
        self.prior.load(Relaxed)
    }

    #[inline]
    pub fn state(&self) -> u8 {
        self.state.load(Acquire)
    }

    /// Claims the right to expand a leaf; false if another thread has it.
    #[inline]
    pub fn try_begin_expansion(&self) -> bool {
        self.state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives an expansion back (arena full): the node stays a leaf.
    pub fn abandon_expansion(&self) {
        self.state.store(LEAF, Release);
    }

    pub fn set_terminal(&self, black_margin_half_points: i8) {
        self.terminal_margin
            .store(black_margin_half_points, Relaxed);
        self.state.store(TERMINAL, Release);
    }

    #[inline]
    pub fn terminal_margin(&self) -> i8 {
        self.terminal_margin.load(Relaxed)
    }

    /// Publishes the children written at `first..first + count`.
    pub fn set_children(&self, first: u32, count: usize) {
        self.first_child.store(first, Relaxed);
        self.child_count.store(count as u16, Relaxed);
        self.state.store(EXPANDED, Release);
    }

    /// Child index range; empty unless expanded (call after `state()`).
    #[inline]
    pub fn children(&self) -> std::ops::Range<u32> {
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
    }

    fn copy_from(&self, other: &Node) {
        self.point.store(other.point.load(Relaxed), Relaxed);
        self.flags.store(other.flags.load(Relaxed), Relaxed);
        let state = match other.state.load(Acquire) {
            EXPANDING => LEAF,
            s => s,
        };
        self.state.store(state, Relaxed);
        for (a, b) in [
            (&self.visits, &other.visits),
            (&self.wins, &other.wins),
            (&self.amaf_visits, &other.amaf_visits),
            (&self.amaf_wins, &other.amaf_wins),
        ] {
            a.store(b.load(Relaxed), Relaxed);
        }
        self.terminal_margin
            .store(other.terminal_margin.load(Relaxed), Relaxed);
        self.prior.store(other.prior.load(Relaxed), Relaxed);
    }

    /// Racy increment for statistics where a lost update is harmless.
    #[inline]
    pub fn bump(counter: &AtomicU32, by: u32) {
        counter.store(counter.load(Relaxed).wrapping_add(by), Relaxed);
    }
}

/// A fixed-capacity node arena. Memory is reserved zeroed, so the operating
/// system commits pages only as nodes are used.
pub struct Arena {
    nodes: Box<[Node]>,
    used: AtomicUsize,
}

impl Arena {
    pub fn new(capacity: usize) -> Arena {
        let capacity = capacity.clamp(1, u32::MAX as usize - 1);
        let layout = Layout::array::<Node>(capacity).expect("arena size");
        // SAFETY: `Node` consists only of atomic integers, for which the all-zero
        // bit pattern is a valid value, so zeroed memory is `capacity` valid nodes.
        // The box is freed with the same layout (`Layout::array::<Node>`).
        let nodes = unsafe {
            let ptr = alloc_zeroed(layout) as *mut Node;
            if ptr.is_null() {
                handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, capacity))
        };
        Arena {
            nodes,
            used: AtomicUsize::new(0),
        }
    }

    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    pub fn used(&self) -> usize {
        self.used.load(Relaxed)
    }

    /// Reserves `n` consecutive nodes; `None` when the arena is full.
    pub fn alloc(&self, n: usize) -> Option<u32> {
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
    pub fn get(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }
}

/// The exact state of an override node: its board and Black's extra points.
#[derive(Clone)]
struct Override {
    board: Box<Board>,
    bonus: f64,
}

/// A tree: the arena, its root, and the exact boards of override nodes.
pub struct Tree {
    pub arena: Arena,
    pub root: u32,
    overrides: std::sync::Mutex<ahash::AHashMap<u32, Override>>,
}

impl Tree {
    /// A tree with a fresh root (a leaf; the move into it is recorded as a pass).
    pub fn new(capacity: usize) -> Tree {
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
    pub fn node(&self, i: u32) -> &Node {
        self.arena.get(i)
    }

    pub fn root_node(&self) -> &Node {
        self.node(self.root)
    }

    /// Writes the children of `parent` (moves with their flags and priors) and
    /// publishes them. False when the arena is full (the parent stays a leaf).
    pub fn expand(&self, parent: u32, children: &[(Move, u8, i8)]) -> bool {
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
    pub fn set_override(&self, node: u32, board: &Board, bonus: f64) {
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
    pub fn load_override(&self, node: u32, board: &mut Board) -> f64 {
        match self.overrides.lock().unwrap().get(&node) {
            Some(o) => {
                board.copy_from(&o.board);
                o.bonus
            }
            None => 0.0,
        }
    }

    /// The child of `node` reached by `mv`, if `node` is expanded and has it.
    pub fn find_child(&self, node: u32, mv: Move) -> Option<u32> {
        let n = self.node(node);
        if n.state() != EXPANDED {
            return None;
        }
        n.children().find(|&c| self.node(c).mv() == mv)
    }

    /// A new tree holding only the subtree under `new_root`, copied breadth-first
    /// (children stay contiguous). Single-threaded: call between searches.
    pub fn extract(&self, new_root: u32, capacity: usize) -> Tree {
        let mut tree = Tree::new(capacity);
        tree.node(tree.root).copy_from(self.node(new_root));
        let mut queue = std::collections::VecDeque::from([(new_root, tree.root)]);
        let old_overrides = self.overrides.lock().unwrap();
        let mut overrides = ahash::AHashMap::new();
        while let Some((old, new)) = queue.pop_front() {
            if let Some(b) = old_overrides.get(&old) {
                overrides.insert(new, b.clone());
            }
            let o = self.node(old);
            if o.state() != EXPANDED {
                continue;
            }
            let range = o.children();
            let count = range.len();
            let Some(first) = tree.arena.alloc(count) else {
                tree.node(new).state.store(LEAF, Relaxed);
                continue;
            };
            for (k, c) in range.enumerate() {
                let nc = first + k as u32;
                tree.node(nc).copy_from(self.node(c));
                queue.push_back((c, nc));
            }
            tree.node(new).set_children(first, count);
        }
        tree.overrides = std::sync::Mutex::new(overrides);
        tree
    }

    /// Number of nodes in use.
    pub fn size(&self) -> usize {
        self.arena.used()
    }
}

/// Per-point scratch for AMAF: which colour played each point first in the rest of
/// a simulation, stamped so that it never needs clearing.
pub struct AmafMap {
    stamp: Box<[u32]>,
    colour: Box<[u8]>,
    /// Index in the simulation's move sequence (tree moves first) of the
    /// marked play, for weighting early plays above late ones.
    order: Box<[u32]>,
    generation: u32,
}

impl Default for AmafMap {
    fn default() -> Self {
        AmafMap {
            stamp: vec![0; MAX_POINTS].into_boxed_slice(),
            colour: vec![0; MAX_POINTS].into_boxed_slice(),
            order: vec![0; MAX_POINTS].into_boxed_slice(),
            generation: 0,
        }
    }
}

impl AmafMap {
    /// Starts a new simulation: no point is marked.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Marks `p` as first played by `colour` at sequence index `order` unless
    /// an earlier play is marked (playout moves are fed in order).
    #[inline]
    pub fn mark_if_new(&mut self, p: Point, colour: u8, order: u32) {
        let i = p.idx();
        if self.stamp[i] != self.generation {
            self.stamp[i] = self.generation;
            self.colour[i] = colour;
            self.order[i] = order;
        }
    }

    /// Marks `p` as played by `colour` at `order`, before everything marked so
    /// far (tree moves are fed from the deepest up).
    #[inline]
    pub fn mark_earlier(&mut self, p: Point, colour: u8, order: u32) {
        self.stamp[p.idx()] = self.generation;
        self.colour[p.idx()] = colour;
        self.order[p.idx()] = order;
    }

    /// The colour and sequence index marked at `p`, if any.
    #[inline]
    pub fn get_with_order(&self, p: Point) -> Option<(u8, u32)> {
        (self.stamp[p.idx()] == self.generation)
            .then(|| (self.colour[p.idx()], self.order[p.idx()]))
    }
}
