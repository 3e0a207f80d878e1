//! The heavy playout policy: still random, but it answers the last move.
//!
//! Each turn, in order:
//! 1. Tactics around the opponent's last stone (with probability
//!    `tactics_prob`): capture it if it is in atari, and save our chains next to
//!    it that it put in atari, by capturing one of their attackers or by extending
//!    when that gains liberties (and the extension is no ladder). One of the
//!    candidates, at random.
//! 2. Two-liberty fights (with probability `two_liberty_prob`): atari the last
//!    stone's chain when it has two liberties and could not simply run away,
//!    or give our chains next to it that it left with two liberties a third.
//! 3. Shapes (with probability `pattern_prob`): the empty points around the last
//!    stone that match a 3x3 pattern ([`super::patterns`]), at random; with
//!    `heavy_pattern_either_colour` (the default) the opponent's shapes too,
//!    since their cutting point is where the mover connects; with
//!    `heavy_pattern_own_last`, around the mover's own previous stone too.
//!    With `heavy_learned_shapes`, the learned shapes ([`super::shapes`])
//!    take the hand-written ones' place: points whose shape is worth at least
//!    `heavy_learned_threshold`, drawn in proportion to how often GNU Go plays
//!    them.
//! 4. Otherwise a uniformly random legal move that fills
//!    no own true eye and puts no chain of `self_atari_stones` or more stones
//!    into atari (a single stone's self-atari, a throw-in or a nakade, is
//!    refused only with probability `single_self_atari_reject`).
//!
//! With last good replies on (`playout_last_good_reply`, see
//! [`super::replies`]), a stored reply goes before step 1, or (at 2) right
//! after it.
//!
//! Every choice is legal on the board (simple ko, no suicide). The tactical
//! helpers are also used by the tree's priors.

use super::params::{ReplyMode, Tunables};
use super::patterns::{PatternTable, neighbourhood};
use super::playout::PlayoutPolicy;
use super::shapes::{ShapeTable, shape_code};
use crate::board::{Board, Cell, Color, Point};
use crate::rng::FastRng;

/// A small set of points without allocation.
#[derive(Clone, Copy)]
pub struct PointSet<const N: usize> {
    points: [Point; N],
    len: usize,
}

impl<const N: usize> Default for PointSet<N> {
    fn default() -> Self {
        PointSet {
            points: [Point::NONE; N],
            len: 0,
        }
    }
}

impl<const N: usize> PointSet<N> {
    /// Adds `p` unless present or full; returns whether the set is full.
    #[inline]
    pub fn add(&mut self, p: Point) -> bool {
        if self.len < N && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
        self.len >= N
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    #[inline]
    fn remove_at(&mut self, i: usize) {
        self.len -= 1;
        self.points[i] = self.points[self.len];
    }
}

/// The liberty of the chain through `p`, which has exactly one (the first found
/// otherwise).
#[inline]
pub fn atari_liberty(board: &Board, p: Point) -> Point {
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if board.is_empty(q) {
                return q;
            }
        }
    }
    Point::NONE
}

/// Adds the liberties of the chain through `p` other than `skip` and `skip2`
/// to `set` until it is full.
#[inline]
fn add_liberties<const N: usize>(
    board: &Board,
    p: Point,
    skip: Point,
    skip2: Point,
    set: &mut PointSet<N>,
) {
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if q != skip && q != skip2 && board.is_empty(q) && set.add(q) {
                return;
            }
        }
    }
}

/// Largest eye space [`nakade_point`] looks at.
const NAKADE_MAX: usize = 6;

/// The vital point of a small empty region touching the 3x3 neighbourhood of
/// `last` that stones of one colour enclose (with the edge), when its shape
/// lives or dies by one point: three in a row or bent (the middle), the pyramid
/// four, the bulky and the crossed five, the rabbity six (the point with the
/// most neighbours in the region). Both sides want it at once: there the owner
/// makes two eyes and the attacker leaves one. Random playouts reach it late or
/// never, so they misjudge every group whose life hangs on such a space.
/// Regions with stones inside are not looked at.
pub fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    let mut seen = PointSet::<8>::default();
    for start in neighbourhood(board, last) {
        if !board.is_empty(start) || seen.contains(start) {
            continue;
        }
        let mut region = PointSet::<{ NAKADE_MAX + 1 }>::default();
        region.add(start);
        let mut owner = None;
        let mut enclosed = true;
        let mut next = 0;
        'fill: while next < region.len() {
            let p = region.as_slice()[next];
            next += 1;
            for q in board.neighbours(p) {
                match board.cell(q) {
                    Cell::Empty => {
                        if region.add(q) {
                            enclosed = false;
                            break 'fill;
                        }
                    }
                    Cell::Stone(c) => {
                        if *owner.get_or_insert(c) != c {
                            enclosed = false;
                            break 'fill;
                        }
                    }
                    Cell::Border => {}
                }
            }
        }
        for &p in region.as_slice() {
            seen.add(p);
        }
        if !enclosed || region.len() < 3 {
            continue;
        }
        if let Some(p) = vital_point(board, region.as_slice()) {
            return Some(p);
        }
    }
    None
}

/// See [`nakade_point`]: `region` is an enclosed empty region of 3 to 6 points.
fn vital_point(board: &Board, region: &[Point]) -> Option<Point> {
    let mut best = Point::NONE;
    let mut best_degree = 0;
    let mut unique = false;
    let mut degree_sum = 0;
    for &p in region {
        let degree = board
            .neighbours(p)
            .iter()
            .filter(|q| region.contains(q))
            .count();
        degree_sum += degree;
        if degree > best_degree {
            (best, best_degree, unique) = (p, degree, true);
        } else if degree == best_degree {
            unique = false;
        }
    }
    let edges = degree_sum / 2;
    let vital = match (region.len(), best_degree, edges) {
        // Three in a row or bent: the middle point.
        (3, 2, 2) => true,
        // The pyramid (a square four has no point of degree 3, the straight
        // and bent fours none either: they live).
        (4, 3, 3) => true,
        // The crossed five (a tree), and the bulky five (a square and one: one
        // cycle, so five edges).
        (5, 4, 4) | (5, 3, 5) => true,
        // The rabbity six: the cross and the point closing one of its corners.
        (6, 4, 6) => true,
        _ => false,
    };
    (vital && unique).then_some(best)
}

/// What a stone of `color` on empty `p` would make: the liberties of its chain
/// (counted up to 3), the stones of that chain, and whether it captures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AfterPlay {
    pub liberties: usize,
    pub stones: usize,
    pub captures: bool,
}

impl AfterPlay {
    /// The move leaves its own chain in atari without capturing anything.
    #[inline]
    pub fn is_self_atari(&self) -> bool {
        self.liberties <= 1 && !self.captures
    }
}

/// See [`AfterPlay`]. Captured stones next to `p` count as liberties (the others
/// are not looked for: the count is a lower bound when something is captured).
#[inline]
pub fn after_play(board: &Board, color: Color, p: Point) -> AfterPlay {
    after_play_without(board, color, p, Point::NONE)
}

/// [`after_play`] with the point `filled` not counted as a liberty (as if the
/// opponent had a stone there, apart from captures it would make).
#[inline]
pub fn after_play_without(board: &Board, color: Color, p: Point, filled: Point) -> AfterPlay {
    let mut libs = PointSet::<3>::default();
    let mut heads = PointSet::<4>::default();
    let mut stones = 1;
    let mut captures = false;
    let mut many = false;
    for q in board.neighbours(p) {
        match board.stone(q) {
            None => {
                if q != filled && board.is_empty(q) {
                    libs.add(q);
                }
            }
            Some(c) if c == color => {
                let h = board.chain_head(q);
                if heads.contains(h) {
                    continue;
                }
                heads.add(h);
                stones += board.chain_size(q);
                if many || libs.len() >= 3 {
                    continue;
                }
                // Enough liberties that `p` and `filled` cannot bring them
                // under three.
                let plenty = if filled == Point::NONE { 3 } else { 4 };
                if board.liberties(q) > plenty {
                    many = true;
                } else {
                    add_liberties(board, q, p, filled, &mut libs);
                }
            }
            Some(_) => {
                if board.liberties(q) == 1 {
                    captures = true;
                    libs.add(q);
                }
            }
        }
    }
    AfterPlay {
        liberties: if many { 3 } else { libs.len() },
        stones,
        captures,
    }
}

/// Working boards for ladder reading, one per level of the chase, reused.
#[derive(Default)]
pub struct LadderStack {
    boards: Vec<Board>,
}

impl LadderStack {
    fn ensure(&mut self, levels: usize, like: &Board) {
        while self.boards.len() < levels {
            self.boards.push(like.clone());
        }
    }

    /// Whether the chain through `chain` (of `color`, in atari) is caught in a
    /// ladder after it extends at its liberty `lib`: the opponent ataris it on
    /// one of its two new liberties, it extends on the other, and so on until
    /// it gains a third liberty or an attacker falls into atari (escaped), or it
    /// cannot (caught). At most `depth` ataris are read.
    pub fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
        depth: u32,
    ) -> bool {
        self.ensure(1, board);
        self.boards[0].copy_from(board);
        self.boards[0].play_unchecked(color, lib);
        ladder_read(&mut self.boards, 0, chain, depth)
    }

    /// Whether the chain through `p`, with two liberties and the opponent to
    /// move, is caught in a ladder.
    pub fn is_ladder(&mut self, board: &Board, p: Point, depth: u32) -> bool {
        self.ensure(1, board);
        self.boards[0].copy_from(board);
        ladder_read(&mut self.boards, 0, p, depth)
    }
}

/// What one atari of a ladder chase leads to.
enum Chase {
    Caught,
    Escaped,
    /// The defender extended and has two liberties again.
    Continues,
}

/// Plays the attacker's atari at `atari` and the defender's extension at
/// `escape` on `board` (the chain through `p` of `color`).
fn chase_step(board: &mut Board, p: Point, color: Color, atari: Point, escape: Point) -> Chase {
    board.play_unchecked(color.opponent(), atari);
    if board.stone(p) != Some(color) || !board.is_legal(color, escape) {
        return Chase::Caught;
    }
    let after = after_play(board, color, escape);
    if after.liberties >= 3 {
        Chase::Escaped
    } else if after.liberties <= 1 {
        Chase::Caught
    } else {
        board.play_unchecked(color, escape);
        Chase::Continues
    }
}

/// On `stack[level]` the chain through `p` has two liberties and the opponent
/// is to move: is it caught? The chase is played on `stack[level]` itself; a
/// deeper level is used only when both ataris need reading.
fn ladder_read(stack: &mut Vec<Board>, level: usize, p: Point, mut depth: u32) -> bool {
    while depth > 0 {
        depth -= 1;
        let board = &stack[level];
        let Some(color) = board.stone(p) else {
            return true;
        };
        let attacker = color.opponent();
        let mut libs = PointSet::<2>::default();
        add_liberties(board, p, Point::NONE, Point::NONE, &mut libs);
        if libs.len() != 2 {
            return libs.len() < 2;
        }
        // An attacker in atari next to the chain lets it escape by capturing
        // (close enough for playouts and priors).
        for s in board.chain_stones(p) {
            for q in board.neighbours(s) {
                if board.stone(q) == Some(attacker) && board.liberties(q) == 1 {
                    return false;
                }
            }
        }
        let [a, b] = [libs.as_slice()[0], libs.as_slice()[1]];
        let mut tries = [(a, b); 2];
        let mut n = 0;
        for (atari, escape) in [(a, b), (b, a)] {
            if !board.is_legal(attacker, atari)
                || after_play(board, attacker, atari).is_self_atari()
            {
                continue;
            }
            // The escape's liberties once the atari stone stands: with three
            // or more this atari cannot catch the chain.
            let mut empties = board.empty_neighbour_count(escape);
            if board.neighbours(escape).contains(&atari) {
                empties -= 1;
            }
            if empties < 3 {
                tries[n] = (atari, escape);
                n += 1;
            }
        }
        if n == 0 {
            return false;
        }
        if n == 2 {
            // Read the first atari on a copy.
            if stack.len() < level + 2 {
                let like = stack[level].clone();
                stack.push(like);
            }
            let (done, rest) = stack.split_at_mut(level + 1);
            rest[0].copy_from(&done[level]);
            let (atari, escape) = tries[0];
            let caught = match chase_step(&mut rest[0], p, color, atari, escape) {
                Chase::Caught => true,
                Chase::Escaped => false,
                Chase::Continues => ladder_read(stack, level + 1, p, depth),
            };
            if caught {
                return true;
            }
            tries[0] = tries[1];
        }
        let (atari, escape) = tries[0];
        match chase_step(&mut stack[level], p, color, atari, escape) {
            Chase::Caught => return true,
            Chase::Escaped => return false,
            Chase::Continues => {}
        }
    }
    false
}

/// How [`tactical_moves`] reads ladders.
pub trait LadderReader {
    /// Whether extending the chain through `chain` (in atari) at `lib` runs
    /// into a ladder.
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool;
}

/// No ladder reading: every extension to two liberties is taken.
pub struct NoLadders;

impl LadderReader for NoLadders {
    fn extension_is_caught(&mut self, _: &Board, _: Color, _: Point, _: Point) -> bool {
        false
    }
}

/// Deepest chase read.
pub const LADDER_DEPTH: u32 = 40;

impl LadderReader for LadderStack {
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool {
        LadderStack::extension_is_caught(self, board, color, lib, chain, LADDER_DEPTH)
    }
}

thread_local! {
    static LADDERS: std::cell::RefCell<LadderStack> = std::cell::RefCell::new(LadderStack::default());
}

/// Ladder reading on the thread's own [`LadderStack`] (for playouts).
pub struct ThreadLadders;

impl LadderReader for ThreadLadders {
    fn extension_is_caught(
        &mut self,
        board: &Board,
        color: Color,
        lib: Point,
        chain: Point,
    ) -> bool {
        LADDERS.with(|stack| {
            stack
                .borrow_mut()
                .extension_is_caught(board, color, lib, chain, LADDER_DEPTH)
        })
    }
}

/// A quick sufficient test that a legal stone of `color` at `p` (with at most
/// one empty neighbour) is no self-atari: it joins a chain of three or more
/// liberties, or captures.
#[inline(always)]
fn clearly_no_self_atari(board: &Board, color: Color, p: Point) -> bool {
    let me = color.index() as u8 + 1;
    for q in board.neighbours(p) {
        let c = board.cell_code(q);
        if c == me {
            if board.liberties(q) >= 3 {
                return true;
            }
        } else if c == 3 - me && board.liberties(q) == 1 {
            return true;
        }
    }
    false
}

/// The two liberties of the chain through `p`, which has exactly two.
#[inline]
pub fn two_liberties(board: &Board, p: Point) -> [Point; 2] {
    let mut libs = PointSet::<2>::default();
    add_liberties(board, p, Point::NONE, Point::NONE, &mut libs);
    [libs.points[0], libs.points[1]]
}

/// Ways to save our chain through `q`, in atari: capture an attacker in atari,
/// or extend at the liberty if that gains liberties without running into a
/// ladder. Returns the liberty if the extension was refused as a ladder.
pub fn escape_moves<const N: usize>(
    board: &Board,
    color: Color,
    q: Point,
    ladders: &mut impl LadderReader,
    out: &mut PointSet<N>,
) -> Option<Point> {
    let opp = color.opponent();
    for s in board.chain_stones(q) {
        for r in board.neighbours(s) {
            if board.stone(r) == Some(opp) && board.liberties(r) == 1 {
                out.add(atari_liberty(board, r));
            }
        }
    }
    let lib = atari_liberty(board, q);
    let after = after_play(board, color, lib);
    if after.liberties >= 3 || after.captures {
        out.add(lib);
    } else if after.liberties == 2 && board.is_legal(color, lib) {
        if ladders.extension_is_caught(board, color, lib, q) {
            return Some(lib);
        }
        out.add(lib);
    }
    None
}

/// Candidate answers to the opponent's stone at `last`: captures of its chain or
/// of chains next to it in atari, and ways to save our chains it put in atari.
/// `ladders` reads the extensions that gain only one liberty.
pub fn tactical_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    ladders: &mut impl LadderReader,
    out: &mut PointSet<N>,
) {
    if board.liberties(last) == 1 {
        out.add(atari_liberty(board, last));
    }
    let mut seen = PointSet::<4>::default();
    for q in board.neighbours(last) {
        if board.stone(q) != Some(color) || board.liberties(q) != 1 {
            continue;
        }
        let h = board.chain_head(q);
        if seen.contains(h) {
            continue;
        }
        seen.add(h);
        escape_moves(board, color, q, ladders, out);
    }
}

/// The ataris on the opponent's chain through `p` (two liberties) worth
/// playing: on one liberty when the chain, extending on the other, would have
/// at most two liberties (it cannot simply run away).
#[inline]
pub fn atari_moves<const N: usize>(board: &Board, color: Color, p: Point, out: &mut PointSet<N>) {
    let opp = color.opponent();
    let [a, b] = two_liberties(board, p);
    for (atari, run) in [(a, b), (b, a)] {
        let after = after_play_without(board, opp, run, atari);
        if after.liberties <= 2 && !after.captures {
            out.add(atari);
        }
    }
}

/// Two-liberty fights around the opponent's stone at `last`: atari its chain
/// when it has two liberties (see [`atari_moves`]), and give our chains next to
/// it that it left with two liberties a third one.
pub fn two_liberty_moves<const N: usize>(
    board: &Board,
    color: Color,
    last: Point,
    out: &mut PointSet<N>,
) {
    if board.liberties(last) == 2 {
        atari_moves(board, color, last, out);
    }
    let mut seen = PointSet::<4>::default();
    for q in board.neighbours(last) {
        if board.stone(q) != Some(color) || board.liberties(q) != 2 {
            continue;
        }
        let h = board.chain_head(q);
        if seen.contains(h) {
            continue;
        }
        seen.add(h);
        liberty_gaining_moves(board, color, q, out);
    }
}

/// The liberties of our chain through `q` (two liberties) where playing gives
/// it three or more: extending, or connecting to a chain with liberties to
/// spare.
#[inline]
pub fn liberty_gaining_moves<const N: usize>(
    board: &Board,
    color: Color,
    q: Point,
    out: &mut PointSet<N>,
) {
    for lib in two_liberties(board, q) {
        if after_play(board, color, lib).liberties >= 3 {
            out.add(lib);
        }
    }
}

/// The heavy playout policy; see the module documentation.
pub struct HeavyPolicy {
    patterns: &'static PatternTable,
    /// Probabilities in 1/2^32 units, drawn against one random word.
    tactics: u64,
    two_libs: u64,
    pattern: u64,
    single_self_atari_reject: u64,
    self_atari_stones: usize,
    ladder_check: bool,
    /// A last good reply waits for the tactics step (step 1).
    reply_after_tactics: bool,
    /// Shapes count for either player ([`PatternTable::shape_weight`]).
    pattern_either_colour: bool,
    /// The shape step also looks around the mover's own previous stone.
    pattern_own_last: bool,
    /// The shape step draws from the learned shapes instead of the hand-written
    /// ones: points whose shape is worth at least `learned_threshold`, weighted
    /// by how often GNU Go plays them.
    learned_shapes: Option<&'static ShapeTable>,
    learned_threshold: i8,
}

fn probability(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * 4_294_967_296.0) as u64
}

impl HeavyPolicy {
    /// The policy for a `board_size` board (see [`Tunables::for_board`]).
    pub fn new(t: &Tunables, board_size: usize) -> HeavyPolicy {
        let t = &t.for_board(board_size).playout;
        HeavyPolicy {
            patterns: PatternTable::standard(),
            tactics: probability(t.tactics_prob),
            two_libs: probability(t.two_liberty_prob),
            pattern: probability(t.pattern_prob),
            single_self_atari_reject: probability(t.single_self_atari_reject),
            self_atari_stones: t.self_atari_stones as usize,
            ladder_check: t.ladder_check,
            reply_after_tactics: t.last_good_reply == ReplyMode::AfterTactics,
            pattern_either_colour: t.pattern_either_colour,
            pattern_own_last: t.pattern_own_last,
            learned_shapes: t.learned_shapes.then(ShapeTable::learned),
            learned_threshold: (t.learned_threshold * 10.0).round().clamp(-127.0, 127.0) as i8,
        }
    }

    #[inline]
    fn chance(rng: &mut FastRng, p: u64) -> bool {
        (rng.next_u64() >> 32) < p
    }

    /// A random legal point of `cands` that is not a self-atari of
    /// `self_atari_stones` or more stones (any self-atari when `strict`).
    #[inline(always)]
    fn pick<const N: usize>(
        &self,
        board: &Board,
        color: Color,
        cands: &mut PointSet<N>,
        strict: bool,
        rng: &mut FastRng,
    ) -> Option<Point> {
        while !cands.is_empty() {
            let i = rng.below(cands.len());
            let p = cands.as_slice()[i];
            // Two empty neighbours: legal and no self-atari.
            if board.empty_neighbour_count(p) >= 2
                || (board.is_legal(color, p) && clearly_no_self_atari(board, color, p))
            {
                return Some(p);
            }
            if board.is_legal(color, p) {
                let after = after_play(board, color, p);
                if !after.is_self_atari() || (!strict && after.stones < self.self_atari_stones) {
                    return Some(p);
                }
            }
            cands.remove_at(i);
        }
        None
    }

    /// Random move of step 4.
    #[inline]
    fn random_move(&self, board: &mut Board, color: Color, rng: &mut FastRng) -> Option<Point> {
        let mut n = board.empty_count();
        while n > 0 {
            let slot = rng.below(n);
            let p = board.empty_point_at(slot);
            let empties = board.empty_neighbour_count(p);
            let ok = if empties >= 2 {
                true
            } else if empties == 0 && (board.is_true_eye(color, p) || !board.is_legal(color, p)) {
                false
            } else if clearly_no_self_atari(board, color, p) {
                true
            } else {
                let after = after_play(board, color, p);
                !after.is_self_atari()
                    || (after.stones < self.self_atari_stones
                        && !Self::chance(rng, self.single_self_atari_reject))
            };
            if ok {
                return Some(p);
            }
            n -= 1;
            board.swap_empty_slots(slot, n);
        }
        None
    }

    /// Step 1.
    #[inline]
    fn tactics(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if !Self::chance(rng, self.tactics) {
            return None;
        }
        let mut cands = PointSet::<12>::default();
        if self.ladder_check {
            tactical_moves(board, color, last, &mut ThreadLadders, &mut cands);
        } else {
            tactical_moves(board, color, last, &mut NoLadders, &mut cands);
        }
        self.pick(board, color, &mut cands, false, rng)
    }

    /// Adds the empty points around `centre` that are shapes for `color`.
    #[inline(always)]
    fn add_shapes<const N: usize>(
        &self,
        board: &Board,
        color: Color,
        centre: Point,
        cands: &mut PointSet<N>,
    ) {
        let either = self.pattern_either_colour;
        for q in neighbourhood(board, centre) {
            if board.is_empty(q) && self.patterns.shape_weight(board, color, q, either) > 0 {
                cands.add(q);
            }
        }
    }

    /// Step 3 with learned shapes: the empty points around the last stone
    /// (and the mover's previous one, with `pattern_own_last`) whose shape is
    /// worth at least the threshold, drawn in proportion to how often GNU Go
    /// plays them (e^value); legal, no self-atari.
    fn learned_shape(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        own_last: Point,
        table: &ShapeTable,
        rng: &mut FastRng,
    ) -> Option<Point> {
        let mut cands = [Point::NONE; 16];
        let mut weights = [0f32; 16];
        let (mut n, mut total) = (0, 0f32);
        let own = self.pattern_own_last
            && own_last != Point::NONE
            && board.stone(own_last) == Some(color);
        let centres = [last, if own { own_last } else { Point::NONE }];
        for centre in centres.into_iter().filter(|&c| c != Point::NONE) {
            for q in neighbourhood(board, centre) {
                if !board.is_empty(q) || cands[..n].contains(&q) {
                    continue;
                }
                let tenths = table.tenths(shape_code(board, color, q, last));
                if tenths >= self.learned_threshold {
                    cands[n] = q;
                    weights[n] = table.weight(tenths);
                    total += weights[n];
                    n += 1;
                }
            }
        }
        while n > 0 {
            let mut r = rng.unit() as f32 * total;
            let mut i = 0;
            while i + 1 < n && r >= weights[i] {
                r -= weights[i];
                i += 1;
            }
            let p = cands[i];
            if board.is_legal(color, p) && !after_play(board, color, p).is_self_atari() {
                return Some(p);
            }
            total -= weights[i];
            n -= 1;
            cands[i] = cands[n];
            weights[i] = weights[n];
        }
        None
    }

    /// Steps 1 to 3; `own_last` is the mover's previous stone, for the shapes.
    #[inline]
    fn local(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        own_last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if let Some(p) = self.tactics(board, color, last, rng) {
            return Some(p);
        }
        if Self::chance(rng, self.two_libs) {
            let mut cands = PointSet::<12>::default();
            two_liberty_moves(board, color, last, &mut cands);
            if let Some(p) = self.pick(board, color, &mut cands, true, rng) {
                return Some(p);
            }
        }
        if let Some(table) = self.learned_shapes {
            if Self::chance(rng, self.pattern)
                && let Some(p) = self.learned_shape(board, color, last, own_last, table, rng)
            {
                return Some(p);
            }
        } else if Self::chance(rng, self.pattern) {
            let mut cands = PointSet::<16>::default();
            self.add_shapes(board, color, last, &mut cands);
            // Pachi's second pattern centre: the shape our own last stone
            // started (a hane to follow up, a cut to defend) is as local as
            // the opponent's answer to it.
            if self.pattern_own_last
                && own_last != Point::NONE
                && board.stone(own_last) == Some(color)
            {
                self.add_shapes(board, color, own_last, &mut cands);
            }
            if let Some(p) = self.pick(board, color, &mut cands, true, rng) {
                return Some(p);
            }
        }
        None
    }
}

impl PlayoutPolicy for HeavyPolicy {
    #[inline]
    fn choose(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        self.choose_after(board, color, last, Point::NONE, rng)
    }

    #[inline]
    fn choose_after(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        own_last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if last != Point::NONE
            && board.stone(last) == Some(color.opponent())
            && let Some(p) = self.local(board, color, last, own_last, rng)
        {
            return Some(p);
        }
        self.random_move(board, color, rng)
    }

    #[inline]
    fn choose_with_reply(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        reply: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if self.reply_after_tactics
            && board.stone(last) == Some(color.opponent())
            && let Some(p) = self.tactics(board, color, last, rng)
        {
            return Some(p);
        }
        Some(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::playout::play_out;
    use crate::mcts::testutil::{CONTACT_PLAY, at, board_from};

    fn policy() -> HeavyPolicy {
        HeavyPolicy::new(
            &Tunables::default()
                .with("heavy_tactics_prob", "1")
                .with("heavy_pattern_prob", "1"),
            9,
        )
    }

    /// The moves `policy` picks for `color` after `last`, over many draws.
    fn choices(board: &Board, color: Color, last: &str, n: usize) -> Vec<Point> {
        let p = policy();
        let mut rng = FastRng::new(5);
        let last = at(board, last);
        let mut out = Vec::new();
        for _ in 0..n {
            let mut b = board.clone();
            if let Some(q) = p.choose(&mut b, color, last, &mut rng)
                && !out.contains(&q)
            {
                out.push(q);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn captures_the_last_stone_in_atari() {
        // White just played C3 next to Black's B3, C4, D3: only C2 is left.
        let board = board_from(&[".....", "..X..", ".XOX.", ".....", "....."]);
        assert_eq!(
            choices(&board, Color::Black, "C3", 50),
            vec![at(&board, "C2")]
        );
    }

    #[test]
    fn extends_a_chain_out_of_atari() {
        // White's D3 put Black's C3 in atari (liberty C2, which leads to the
        // open board below): Black extends.
        let board = board_from(&[".....", "..O..", ".OXO.", ".....", "....."]);
        assert_eq!(
            choices(&board, Color::Black, "D3", 50),
            vec![at(&board, "C2")]
        );
    }

    #[test]
    fn saves_a_chain_by_capturing_an_attacker_or_extending() {
        // White's D3 put Black's C3 in atari (liberty C2); White's B3 is itself
        // in atari (liberty B2). Both capturing B3 and extending save C3.
        let board = board_from(&[".....", ".XO..", "XOXO.", ".....", "....."]);
        assert_eq!(
            choices(&board, Color::Black, "D3", 200),
            vec![at(&board, "B2"), at(&board, "C2")]
        );
    }

    #[test]
    fn does_not_extend_into_a_ladder() {
        // White's C2 put Black's C3 in atari (liberty D3).
        let open = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..O......",
            ".OX......",
            "..O......",
            ".........",
        ]);
        // With D4 White too, extending to D3 leaves two liberties (E3, D2) and
        // White chases the chain into the bottom edge: a ladder.
        let ladder = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..OO.....",
            ".OX......",
            "..O......",
            ".........",
        ]);
        let mut stack = LadderStack::default();
        let tactics = |board: &Board, ladders: &mut dyn FnMut(&Board, &mut PointSet<12>)| {
            let mut cands = PointSet::<12>::default();
            ladders(board, &mut cands);
            cands.as_slice().to_vec()
        };
        let mut read = |board: &Board, cands: &mut PointSet<12>| {
            tactical_moves(board, Color::Black, at(board, "C2"), &mut stack, cands)
        };
        // D3 gives three liberties on the open board: an escape.
        assert_eq!(tactics(&open, &mut read), vec![at(&open, "D3")]);
        assert_eq!(tactics(&ladder, &mut read), vec![]);
        // Without the ladder check the extension is offered.
        let mut unread = |board: &Board, cands: &mut PointSet<12>| {
            tactical_moves(board, Color::Black, at(board, "C2"), &mut NoLadders, cands)
        };
        assert_eq!(tactics(&ladder, &mut unread), vec![at(&ladder, "D3")]);
        // The reader agrees directly: after D3 the chain is caught.
        let mut stack = LadderStack::default();
        let mut after = ladder.clone();
        after.play_unchecked(Color::Black, at(&ladder, "D3"));
        assert!(stack.is_ladder(&after, at(&ladder, "C3"), 30));
        let mut after = open.clone();
        after.play_unchecked(Color::Black, at(&open, "D3"));
        assert!(!stack.is_ladder(&after, at(&open, "C3"), 30));
        // A ladder breaker on the diagonal (a Black stone at G7 far up the
        // chase's path) does not matter here: the chase runs into the edge.
        let mut broken = ladder.clone();
        broken.set_cell(at(&ladder, "G7"), Some(Color::Black));
        broken.play_unchecked(Color::Black, at(&ladder, "D3"));
        assert!(stack.is_ladder(&broken, at(&ladder, "C3"), 30));
    }

    #[test]
    fn avoids_self_atari_of_a_big_group() {
        // Black's A2-B2-C2-C1 has two liberties, A1 and B1; playing either
        // leaves five stones in atari. The policy never does.
        let board = board_from(&["OOOOO", "OOOOO", "OOO..", "XXXO.", "..XO."]);
        let after = after_play(&board, Color::Black, at(&board, "B1"));
        assert!(after.is_self_atari());
        assert_eq!(after.stones, 5);
        let p = policy();
        let mut rng = FastRng::new(1);
        for _ in 0..200 {
            let mut b = board.clone();
            let q = p.choose(&mut b, Color::Black, Point::NONE, &mut rng);
            assert_ne!(q, Some(at(&board, "B1")));
            assert_ne!(q, Some(at(&board, "A1")));
        }
    }

    #[test]
    fn after_play_counts_liberties_stones_and_captures() {
        // White B3 is in atari (liberty C3): Black C3 captures it and has that
        // one liberty, which is no self-atari.
        let board = board_from(&[".....", ".XO..", "XO.O.", ".XO..", "....."]);
        let a = after_play(&board, Color::Black, at(&board, "C3"));
        assert_eq!(
            a,
            AfterPlay {
                liberties: 1,
                stones: 1,
                captures: true
            }
        );
        assert!(!a.is_self_atari());
        let b = after_play(&board, Color::White, at(&board, "E5"));
        assert_eq!(
            b,
            AfterPlay {
                liberties: 2,
                stones: 1,
                captures: false
            }
        );
        // White C3 joins B3, C4... no: C4 and C2 and D3; the chain keeps the
        // liberties of all of them.
        let c = after_play(&board, Color::White, at(&board, "C3"));
        assert_eq!(c.stones, 5);
        assert!(c.liberties >= 3);
    }

    #[test]
    fn answers_with_a_pattern_next_to_the_last_stone() {
        // White's C3 between Black's B3 and D3: C4 and C2 are enclosing hanes.
        // With patterns certain, every choice is next to C3.
        let board = board_from(&[".....", ".....", ".XOX.", ".....", "....."]);
        let got = choices(&board, Color::Black, "C3", 200);
        let near = neighbourhood(&board, at(&board, "C3"));
        assert!(!got.is_empty());
        for q in &got {
            assert!(near.contains(q), "{q:?}");
        }
    }

    /// 200 draws of the policy with `params` for Black after `last`, Black's
    /// own previous stone being `own_last`.
    fn draws(board: &Board, params: Tunables, last: Point, own_last: Point) -> Vec<Point> {
        let policy = HeavyPolicy::new(&params, board.size());
        let mut rng = FastRng::new(3);
        (0..200)
            .filter_map(|_| {
                policy.choose_after(&mut board.clone(), Color::Black, last, own_last, &mut rng)
            })
            .collect()
    }

    /// `with` (draws with a shape option on) all answer next to `centre`, and
    /// the cutting point `cut` far more often than in `without` (the option
    /// off, where it comes only from the random step, like any point).
    fn assert_defends_the_cut(
        board: &Board,
        with: &[Point],
        without: &[Point],
        centre: Point,
        cut: Point,
    ) {
        let near = neighbourhood(board, centre);
        assert!(with.iter().all(|p| near.contains(p)), "{with:?}");
        let defended = with.iter().filter(|&&p| p == cut).count();
        let random = without.iter().filter(|&&p| p == cut).count();
        assert!(
            defended > random + 20,
            "{cut:?} {defended} times, {random} without"
        );
    }

    #[test]
    fn defends_the_opponents_cutting_point_with_either_colours_shapes() {
        // White's B4 threatens to cut at C3 between Black's C4 and B3; no
        // capture or escape is at stake, so the shape step decides.
        let board = board_from(&[".....", ".OX..", ".X...", ".....", "....."]);
        let last = at(&board, "B4");
        let with_either = |either| Tunables::default().with("heavy_pattern_either_colour", either);
        // Only the mover's shapes: C3 is no answer. Either colour's: every
        // draw answers next to B4, C3 among them.
        let own = draws(&board, with_either("0"), last, Point::NONE);
        let either = draws(&board, with_either("1"), last, Point::NONE);
        assert_defends_the_cut(&board, &either, &own, last, at(&board, "C3"));
    }

    #[test]
    fn learned_shapes_answer_in_proportion_to_their_value() {
        // White's C5 attaches to Black's C4 (no capture or escape is at
        // stake, so the shape step decides): the points next to C5 whose
        // shape is worth the threshold are drawn in proportion to e^value,
        // the others only by the random step, like any far point.
        let board = board_from(&CONTACT_PLAY);
        let last = at(&board, "C5");
        let params = Tunables::default().with("heavy_learned_shapes", "1");
        let table = ShapeTable::learned();
        let policy = HeavyPolicy::new(&params, board.size());
        let mut rng = FastRng::new(5);
        let n = 4000;
        let mut counts = std::collections::HashMap::new();
        for _ in 0..n {
            let p = policy.choose_after(
                &mut board.clone(),
                Color::Black,
                last,
                Point::NONE,
                &mut rng,
            );
            *counts.entry(p.unwrap()).or_insert(0usize) += 1;
        }
        let value = |p: Point| table.value(shape_code(&board, Color::Black, p, last));
        let near = neighbourhood(&board, last);
        let chosen: Vec<Point> = near
            .into_iter()
            .filter(|&p| {
                board.is_empty(p) && value(p) >= params.for_board(9).playout.learned_threshold
            })
            .collect();
        assert!(chosen.len() >= 2, "the table has answers to a contact play");
        let total: f64 = chosen.iter().map(|&p| value(p).exp()).sum();
        let drawn: usize = chosen
            .iter()
            .map(|p| counts.get(p).copied().unwrap_or(0))
            .sum();
        // Nearly every draw is a shape answer (a random draw lands on one of
        // the 77 empty points).
        assert!(drawn > n * 9 / 10, "{drawn} of {n}");
        for &p in &chosen {
            let expected = value(p).exp() / total;
            let got = counts.get(&p).copied().unwrap_or(0) as f64 / drawn as f64;
            assert!(
                (got - expected).abs() < 0.04,
                "{p:?}: {got} against {expected}"
            );
        }
        for p in near
            .into_iter()
            .filter(|p| board.is_empty(*p) && !chosen.contains(p))
        {
            assert!(counts.get(&p).copied().unwrap_or(0) < n / 50, "{p:?}");
        }
    }

    #[test]
    fn answers_shapes_around_its_own_last_stone_only_with_the_option() {
        // Black's own last stone C4 left the cutting point C3 between C4 and
        // B3 next to White's B4; White then played far away, at H8, where no
        // shape is at stake.
        let board = board_from(&[
            ".........",
            ".......O.",
            ".........",
            ".........",
            ".........",
            ".OX......",
            ".X.......",
            ".........",
            ".........",
        ]);
        let (last, own_last) = (at(&board, "H8"), at(&board, "C4"));
        let with_own_last = |own| Tunables::default().with("heavy_pattern_own_last", own);
        let without = draws(&board, with_own_last("0"), last, own_last);
        let with = draws(&board, with_own_last("1"), last, own_last);
        assert_defends_the_cut(&board, &with, &without, own_last, at(&board, "C3"));
    }

    /// The position of the test above on a `size` board (its lower left
    /// corner, so every vertex keeps its name).
    fn own_last_position(size: usize) -> Board {
        let rows = [
            ".........",
            ".......O.",
            ".........",
            ".........",
            ".........",
            ".OX......",
            ".X.......",
            ".........",
            ".........",
        ];
        let mut padded = vec![".".repeat(size); size - rows.len()];
        padded.extend(rows.iter().map(|r| format!("{r:.<size$}")));
        board_from(&padded.iter().map(String::as_str).collect::<Vec<_>>())
    }

    #[test]
    fn own_last_shapes_are_on_by_default_up_to_11x11_only() {
        // The default answers Black's own cut on 9x9 and 11x11; on 13x13 it
        // needs the `_large` tunable, whose default is off.
        let off = Tunables::default()
            .with("heavy_pattern_own_last", "0")
            .with("heavy_pattern_own_last_large", "0");
        let large_on = Tunables::default().with("heavy_pattern_own_last_large", "1");
        for size in [9, 11] {
            let board = own_last_position(size);
            let (last, own_last) = (at(&board, "H8"), at(&board, "C4"));
            let without = draws(&board, off.clone(), last, own_last);
            let default = draws(&board, Tunables::default(), last, own_last);
            assert_defends_the_cut(&board, &default, &without, own_last, at(&board, "C3"));
        }
        let board = own_last_position(13);
        let (last, own_last, cut) = (at(&board, "H8"), at(&board, "C4"), at(&board, "C3"));
        let default = draws(&board, Tunables::default(), last, own_last);
        let without = draws(&board, off, last, own_last);
        assert_eq!(default, without, "the default is off on 13x13");
        let with = draws(&board, large_on, last, own_last);
        assert_defends_the_cut(&board, &with, &without, own_last, cut);
    }

    /// The nakade point next to `last`, as a vertex.
    fn nakade(rows: &[&str], last: &str) -> Option<String> {
        let board = board_from(rows);
        nakade_point(&board, at(&board, last)).map(|p| crate::gtp::vertex::format_point(&board, p))
    }

    #[test]
    fn finds_the_vital_point_of_killable_eye_spaces() {
        // White's straight three A5-A3 (the middle), beside the last stone B4.
        let three = [".O...", ".O...", ".O...", "OO...", "....."];
        assert_eq!(nakade(&three, "B4").as_deref(), Some("A4"));
        // Black's bent three A5, A4, B4 (the corner point A4).
        let bent = [".X...", "..X..", "XX...", ".....", "....."];
        assert_eq!(nakade(&bent, "C4").as_deref(), Some("A4"));
        // The pyramid four A5, A4, B4, A3: its centre A4.
        let pyramid = [".O...", "..O..", ".O...", "O....", "....."];
        assert_eq!(nakade(&pyramid, "C4").as_deref(), Some("A4"));
        // The bulky five A5, B5, A4, B4, A3: the point with three neighbours
        // in the region, A4.
        let bulky = ["..O..", "..O..", ".O...", "O....", "....."];
        assert_eq!(nakade(&bulky, "C5").as_deref(), Some("A4"));
        // The crossed five around C4: its centre.
        let crossed = [
            ".O.O.", //
            "O...O", //
            ".O.O.", //
            "..O..", //
            ".....",
        ];
        assert_eq!(nakade(&crossed, "C2").as_deref(), Some("C4"));
    }

    #[test]
    fn leaves_eye_spaces_that_live_or_die_anyway() {
        // Straight four: two points make two eyes, so no single vital point.
        let four = [".O...", ".O...", ".O...", ".O...", "O...."];
        assert_eq!(nakade(&four, "B3"), None);
        // The square four is dead whoever moves.
        let square = ["..O..", "..O..", "OO...", ".....", "....."];
        assert_eq!(nakade(&square, "C4"), None);
        // A region both colours touch is no eye space.
        let mixed = [".O...", ".X...", ".O...", "OO...", "....."];
        assert_eq!(nakade(&mixed, "B3"), None);
        // An open area is too big.
        assert_eq!(
            nakade(&[".....", ".....", "..O..", ".....", "....."], "C3"),
            None
        );
    }

    #[test]
    fn heavy_playouts_are_legal_and_keep_the_board_consistent() {
        let mut rng = FastRng::new(3);
        for size in [5, 7, 9, 13, 19] {
            let p = HeavyPolicy::new(&Tunables::default(), size);
            for _ in 0..20 {
                let mut board = Board::new(size);
                board.set_allow_suicide(false);
                let mut color = Color::Black;
                let mut last = Point::NONE;
                let mut passes = 0;
                let mut moves = 0;
                while passes < 2 && moves < 3 * size * size {
                    match p.choose(&mut board, color, last, &mut rng) {
                        Some(q) => {
                            assert!(board.is_legal(color, q), "{board:?} {q:?}");
                            board.play_unchecked(color, q);
                            last = q;
                            passes = 0;
                        }
                        None => {
                            board.pass();
                            last = Point::NONE;
                            passes += 1;
                        }
                    }
                    color = color.opponent();
                    moves += 1;
                }
                board.check_consistency().unwrap();
            }
            let r = play_out(
                &p,
                &mut Board::new(size),
                Color::Black,
                0,
                Point::NONE,
                &mut rng,
                |_, _| {},
            );
            assert!(r.score.abs() <= (size * size) as i32);
        }
    }
}
