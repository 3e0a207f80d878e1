//! One search over a shared tree: selection (UCT with RAVE, by the children's
//! values from `value`), expansion with the full rules (`expand`), playouts, backup of
//! the results (scored by `outcome`), the stopping rules, and the worker
//! threads that share the tree.

use super::analysis::LiveOwnership;
use super::criticality::Criticality;
use super::outcome::{
    bonus_margin, count_with_kills, dynamic_komi, finished_margin, half_wins_of_margin,
    terminal_margin_code, throw_in_kills, weighted_half_wins,
};
use super::params::{
    BoardParams, EARLY_STOP_MIN_FRACTION, EXPAND_AREA_PER_VISIT, TIME_CHECK_INTERVAL,
    UNCLEAR_REPLY_DELTA, UNCLEAR_VISIT_RATIO,
};
use super::prior::Priors;
use super::tree::*;
use super::value::{LANES, ValueConstants, amaf_weight, child_values, child_values_with};
use super::worker::Worker;
use crate::board::{Board, Color, Move, Point};
use crate::game::{Game, Turn};
use crate::playout::{self, Playout, PlayoutPolicy, ReplyTable, Start};
use crate::rng::FastRng;
use crate::rules::{Action, Over};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::*};
use std::time::{Duration, Instant};

mod expand;

/// Elapsed time since the search began. Injected so that tests can drive a
/// simulated clock.
pub(crate) trait Timer: Sync {
    fn elapsed(&self) -> Duration;
}

/// Wall-clock time from a start instant.
pub(crate) struct WallTimer(pub Instant);

impl Timer for WallTimer {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

/// When to stop.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Limits {
    /// Simulations in this search (not counting reused ones).
    pub(crate) playouts: Option<u64>,
    /// Wall time from the timer's start.
    pub(crate) time: Option<Duration>,
    /// Stop before `time` once the most visited move cannot be overtaken (see
    /// [`crate::time::Budget::stop_early`]).
    pub(crate) stop_early: bool,
    /// Past this time a search whose best move is clear stops (see
    /// [`crate::time::Budget::soft_time`]); `player::limits_of` sets it only
    /// under `time_keep_for_unclear`.
    pub(crate) soft_time: Option<Duration>,
    /// Stop once the root has this many visits, reused ones included: a
    /// search without other limits (pondering) must end somewhere, and the
    /// visit counters are `u32`.
    pub(crate) max_root_visits: Option<u32>,
    /// Stop once the tree holds this many nodes: pondering leaves the rest of
    /// the arena to the move search that follows.
    pub(crate) max_tree_nodes: Option<usize>,
}

/// One search from the root of `tree`.
pub(crate) struct Search<'a, P: PlayoutPolicy> {
    pub(crate) tree: &'a Tree,
    /// The game at the root; nodes are rebuilt from it by replay.
    game: &'a Game,
    /// The player to move at the root.
    color: Color,
    policy: &'a P,
    limits: Limits,
    timer: &'a dyn Timer,
    /// Set from outside (GTP interrupt) to stop early.
    pub(crate) interrupt: Option<&'a AtomicBool>,
    /// Where the workers pool their ownership counts while the search runs,
    /// for analysis lines that show territory; `None` when nobody watches.
    pub(crate) live: Option<&'a LiveOwnership>,
    /// Black's margin (komi included) if the root player passes and so ends
    /// the game, as the status estimate counts it (dead stones off), where
    /// the rules take dead stones off: the root's pass child is scored so,
    /// not by the count of every stone alive (see `estimated_pass_margin`).
    pub(crate) root_pass_margin: Option<f64>,
    /// The tunables, resolved for the board size; fixed for the search, so
    /// the constants below are derived from them once, in [`Search::new`].
    params: BoardParams,
    /// The selection constants of `params`.
    value: ValueConstants,
    /// Visits a leaf needs before it is expanded while the arena is under a
    /// quarter full (see [`expand_threshold`]).
    expand_after: u32,
    /// Extra komi Black must beat in the search's counts (dynamic komi in
    /// handicap games, see [`dynamic_komi`]); 0 in even games.
    komi_offset: f64,
    root_board: Board,
    root_passes: u32,
    /// The stone played into the root position, if the last turn was a play.
    root_last: Point,
    /// ...and the one played by the turn before that.
    root_before: Point,
    /// Black's extra points at the root (see [`bonus_margin`]).
    root_bonus: f64,
    /// The nodes' criticality counts in this search (empty unless
    /// `crit_rave`).
    crit: Criticality,
    sims: AtomicU64,
    stop: AtomicBool,
    arena_full: AtomicBool,
}

/// What a search did, for the decision, logs and the benchmark.
#[derive(Clone, Debug, Default)]
pub(crate) struct SearchStats {
    pub(crate) simulations: u64,
    /// Playout moves, passes included.
    pub(crate) playout_moves: u64,
    /// Per point: playouts (of this search) that ended with the point Black's.
    pub(crate) black_owned: Vec<u32>,
    pub(crate) playouts: u64,
}

/// A worker adds its ownership counts to the live pool every this many
/// playouts: often enough for lines a few times a second, rarely enough that
/// the shared counters cost nothing next to the playouts.
const LIVE_FLUSH_PLAYOUTS: u64 = 32;

/// A margin in half-points, to the nearest (margins are whole or half points
/// but for a variant's fractional bonus).
#[inline]
fn half_points(margin: f64) -> i32 {
    (margin * 2.0).round().clamp(-1e6, 1e6) as i32
}

/// The point a turn played, or [`Point::NONE`] for a pass or no turn.
fn played_point(turn: Option<&Turn>) -> Point {
    match turn {
        Some(Turn {
            mv: Move::Play(p), ..
        }) => *p,
        _ => Point::NONE,
    }
}

/// Consecutive passes at the end of the record.
fn trailing_passes(game: &Game) -> u32 {
    game.record()
        .iter()
        .rev()
        .take_while(|t| t.mv == Move::Pass)
        .count() as u32
}

/// The expansion threshold for a board size: at least `visits`, and big
/// boards wait longer (their nodes have up to 362 children).
fn expand_threshold(size: usize, visits: u32) -> u32 {
    visits.max((size * size / EXPAND_AREA_PER_VISIT) as u32)
}

impl<'a, P: PlayoutPolicy> Search<'a, P> {
    pub(crate) fn new(
        tree: &'a Tree,
        game: &'a Game,
        color: Color,
        policy: &'a P,
        limits: Limits,
        timer: &'a dyn Timer,
        params: BoardParams,
    ) -> Search<'a, P> {
        let crit = Criticality::new(params.search.crit_rave > 0.0);
        Search {
            tree,
            game,
            color,
            policy,
            limits,
            timer,
            interrupt: None,
            live: None,
            root_pass_margin: None,
            value: ValueConstants::of(&params),
            expand_after: expand_threshold(game.size(), params.search.expand_visits),
            komi_offset: dynamic_komi(game, &params.search),
            params,
            root_board: game.board().clone(),
            root_passes: trailing_passes(game),
            root_last: played_point(game.record().last()),
            root_before: played_point(game.record().iter().nth_back(1)),
            root_bonus: bonus_margin(game),
            crit,
            sims: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            arena_full: AtomicBool::new(false),
        }
    }

    /// Runs the search on `threads` threads (the calling thread alone when 1, which
    /// with a fixed seed makes it deterministic).
    pub(crate) fn run(&self, threads: usize, seed: u64) -> SearchStats {
        let mut first = Worker::new(&self.root_board, seed);
        // The root is expanded before the workers start, so they all descend.
        let root = self.tree.root;
        if self.tree.node(root).state() == LEAF && self.tree.node(root).try_begin_expansion() {
            first.path.clear();
            first.path.push(root);
            first.board.copy_from(&self.root_board);
            self.expand(&mut first, root, self.color);
        }
        // Nothing to choose: the game is over or only one turn is legal.
        let root_node = self.tree.node(root);
        if root_node.state() == TERMINAL || root_node.children().len() == 1 {
            return first.stats();
        }
        if threads <= 1 {
            self.work(&mut first);
            return first.stats();
        }
        let mut workers: Vec<Worker> = (1..threads)
            .map(|t| {
                Worker::new(
                    &self.root_board,
                    seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                )
            })
            .collect();
        std::thread::scope(|s| {
            for w in workers.iter_mut() {
                s.spawn(|| self.work(w));
            }
            self.work(&mut first);
        });
        let mut stats = first.stats();
        for w in &workers {
            stats.merge(&w.stats());
        }
        stats
    }

    fn should_stop(&self) -> bool {
        if let Some(flag) = self.interrupt
            && flag.load(Relaxed)
        {
            return true;
        }
        if self
            .limits
            .max_root_visits
            .is_some_and(|max| self.tree.root_node().visits.load(Relaxed) >= max)
            || self
                .limits
                .max_tree_nodes
                .is_some_and(|max| self.tree.size() >= max)
        {
            return true;
        }
        let Some(limit) = self.limits.time else {
            return false;
        };
        let elapsed = self.timer.elapsed();
        if elapsed >= limit {
            return true;
        }
        if let Some(soft) = self.limits.soft_time
            && elapsed >= soft
            && self.choice_is_clear(
                elapsed.as_secs_f64(),
                soft.as_secs_f64(),
                limit.as_secs_f64(),
            )
        {
            return true;
        }
        if !self.limits.stop_early {
            return false;
        }
        // Time-limited searches also stop once the most visited move cannot be
        // overtaken at the rate so far (saves the clock for later moves).
        let elapsed = elapsed.as_secs_f64();
        if elapsed < EARLY_STOP_MIN_FRACTION * limit.as_secs_f64() {
            return false;
        }
        let done = self.sims.load(Relaxed) as f64;
        let remaining = done / elapsed * (limit.as_secs_f64() - elapsed);
        let (best, second) = self.root_leaders().map_or((0, 0), |(_, b, s)| (b, s));
        f64::from(best - second) > remaining
    }

    /// The root's most visited child (the first of equals) and its visits,
    /// with the runner-up's visits (0 without one); `None` without children.
    fn root_leaders(&self) -> Option<(u32, u32, u32)> {
        let mut leaders: Option<(u32, u32, u32)> = None;
        for i in self.tree.root_node().children() {
            let v = self.tree.node(i).visits.load(Relaxed);
            leaders = match leaders {
                None => Some((i, v, 0)),
                Some((_, bv, sv)) if v > bv => Some((i, v, bv.max(sv))),
                Some((b, bv, sv)) => Some((b, bv, sv.max(v))),
            };
        }
        leaders
    }

    /// Pachi's rule for stopping at the soft time (`uct_search_keep_looking`):
    /// the choice is clear unless the runner-up has more than
    /// 1/`UNCLEAR_VISIT_RATIO` of the best move's visits, or the best move's
    /// value and that of its most visited reply differ by more than
    /// `UNCLEAR_REPLY_DELTA` (its line has not settled). A winning search stops
    /// sooner: between the soft and the full time as the win rate goes from
    /// 0.5 to 1.
    fn choice_is_clear(&self, elapsed: f64, soft: f64, limit: f64) -> bool {
        let tree = self.tree;
        let root = tree.root_node();
        if root.state() != EXPANDED {
            return false;
        }
        let Some((best, visits, second)) = self.root_leaders() else {
            return true;
        };
        let node = tree.node(best);
        let value = node.winrate();
        let beta = (2.0 * (value - 0.5)).max(0.0);
        if elapsed >= soft * beta + limit * (1.0 - beta) {
            return true;
        }
        if f64::from(second) * UNCLEAR_VISIT_RATIO > f64::from(visits) {
            return false;
        }
        if node.state() == EXPANDED
            && let Some(reply) = node
                .children()
                .max_by_key(|&c| tree.node(c).visits.load(Relaxed))
                .map(|c| tree.node(c))
            && reply.visits.load(Relaxed) > 0
            && (value - (1.0 - reply.winrate())).abs() > UNCLEAR_REPLY_DELTA
        {
            return false;
        }
        true
    }

    fn work(&self, w: &mut Worker) {
        let mut since_check = 0;
        while !self.stop.load(Relaxed) {
            let k = self.sims.fetch_add(1, Relaxed);
            if self.limits.playouts.is_some_and(|max| k >= max) {
                self.stop.store(true, Relaxed);
                break;
            }
            self.simulate(w);
            w.simulations += 1;
            if let Some(live) = self.live
                && w.playouts - w.flushed_playouts + w.terminal_sims >= LIVE_FLUSH_PLAYOUTS
            {
                w.flush_ownership(live);
            }
            since_check += 1;
            if since_check >= TIME_CHECK_INTERVAL {
                since_check = 0;
                if self.should_stop() {
                    self.stop.store(true, Relaxed);
                }
            }
        }
        if let Some(live) = self.live {
            w.flush_ownership(live);
        }
    }

    /// The player who moved into the node at `depth` of a path (the root is depth 0).
    #[inline]
    fn mover_at(&self, depth: usize) -> Color {
        if depth.is_multiple_of(2) {
            self.color.opponent()
        } else {
            self.color
        }
    }

    /// One simulation: descend, maybe expand, play out, back up.
    fn simulate(&self, w: &mut Worker) {
        let tree = self.tree;
        w.board.copy_from(&self.root_board);
        w.bonus = self.root_bonus;
        w.path.clear();
        w.moves.clear();
        let mut node = tree.root;
        w.path.push(node);
        tree.node(node).visits.fetch_add(1, Relaxed);
        let mut color = self.color;
        let mut passes = self.root_passes;
        let result_black: u8;
        // Black's final margin in half-points, dynamic komi excluded (for
        // the score lead; the result above counts it).
        let margin_black: i32;
        loop {
            let n = tree.node(node);
            match n.state() {
                EXPANDED => {
                    let child = self.select(node);
                    passes = self.descend(w, child, color, passes);
                    color = color.opponent();
                    node = child;
                }
                TERMINAL => {
                    let margin = f64::from(n.terminal_margin()) * 0.5;
                    result_black = self.result_of_margin(margin, &mut w.rng);
                    margin_black = half_points(margin + self.komi_offset);
                    if self.live.is_some() {
                        w.count_terminal_ownership();
                    }
                    break;
                }
                _ => {
                    let threshold = if passes >= 2 {
                        0
                    } else {
                        // Doubles with each quarter of the arena used, so a long
                        // search keeps growing the tree where it matters.
                        let arena = &tree.arena;
                        let quarter = (arena.used() * 4 / arena.capacity()).min(3);
                        self.expand_after << quarter
                    };
                    if n.visits.load(Relaxed) > threshold
                        && !self.arena_full.load(Relaxed)
                        && n.try_begin_expansion()
                    {
                        if !self.expand(w, node, color) && !self.arena_full.swap(true, Relaxed) {
                            log::warn!(
                                "search tree full ({} nodes, --max-memory {} MiB): \
                                 the search goes on without growing it",
                                tree.arena.capacity(),
                                (tree.arena.capacity() * NODE_BYTES).div_ceil(1 << 20)
                            );
                        }
                        continue;
                    }
                    (result_black, margin_black) = self.play_out(w, color, passes);
                    break;
                }
            }
        }
        self.backup(w, result_black, margin_black);
    }

    /// The point of the move that led into the node at `depth` of the worker's
    /// path (depth 0 is the root, -1 the position before it: the game's last
    /// turns), or [`Point::NONE`] for a pass.
    fn point_into(&self, w: &Worker, depth: isize) -> Point {
        match depth {
            0 => self.root_last,
            -1 => self.root_before,
            d if d > 0 => {
                let n = self.tree.node(w.path[d as usize]);
                if n.kind() == KIND_PLAY {
                    n.point()
                } else {
                    Point::NONE
                }
            }
            _ => Point::NONE,
        }
    }

    /// Steps from the worker's current node into `child` (moved by `color`):
    /// counts the visit, plays the move on the worker's board (or loads the
    /// node's exact board) and extends the path. Returns the consecutive passes.
    #[inline]
    fn descend(&self, w: &mut Worker, child: u32, color: Color, passes: u32) -> u32 {
        let c = self.tree.node(child);
        c.visits.fetch_add(1, Relaxed);
        let flags = c.flags();
        let passes = match flags & 3 {
            KIND_PLAY => {
                w.board.play_unchecked(color, c.point());
                0
            }
            KIND_PASS => {
                w.board.pass();
                passes + 1
            }
            _ => 0,
        };
        if flags & FLAG_OVERRIDE != 0 {
            w.bonus = self.tree.load_override(child, &mut w.board);
        }
        w.path.push(child);
        passes
    }

    /// Playout from the worker's board; returns Black's half-wins and Black's
    /// margin in half-points without dynamic komi.
    fn play_out(&self, w: &mut Worker, color: Color, passes: u32) -> (u8, i32) {
        let leaf = w.path.len() as isize - 1;
        let last = self.point_into(w, leaf);
        let before = self.point_into(w, leaf - 1);
        let moves = &mut w.moves;
        let start = Start {
            to_move: color,
            passes: passes.min(1),
            last,
            before,
        };
        let mut playout = Playout::new(self.policy, playout::cap(w.board.size()));
        if self.params.playout.reply_prob > 0.0 {
            let points = w.board.stride() * w.board.stride();
            playout =
                playout.with_replies(w.replies.get_or_insert_with(|| ReplyTable::new(points)));
        }
        let n = playout.play(&mut w.board, start, &mut w.rng, |c, p| moves.push((c, p)));
        w.playout_moves += u64::from(n);
        w.playouts += 1;
        // Score by the playout rule and note who owns each point.
        let board = &w.board;
        let killed = self.params.search.score_throw_in_kills && {
            let scratch = w.kill_board.get_or_insert_with(|| board.clone());
            throw_in_kills(board, scratch, &mut w.kills);
            !w.kills.is_empty()
        };
        let mut score = 0i32;
        if killed {
            score = count_with_kills(board, &w.kills, &mut w.black_owned);
        } else {
            for p in board.points() {
                let Some(owner) = board.playout_owner(p) else {
                    continue;
                };
                if owner == Color::Black {
                    score += 1;
                    w.black_owned[p.idx()] += 1;
                } else {
                    score -= 1;
                }
            }
        }
        let komi = self.game.white_komi() + self.komi_offset - w.bonus;
        let shown = f64::from(score) - self.game.white_komi() + w.bonus;
        (
            self.result_of_margin(f64::from(score) - komi, &mut w.rng),
            half_points(shown),
        )
    }

    /// Black's half-wins for a simulation that ended with Black `margin`
    /// points ahead (komi included), as [`weighted_half_wins`] counts them.
    #[inline]
    fn result_of_margin(&self, margin: f64, rng: &mut FastRng) -> u8 {
        let weight = self.params.search.score_bonus;
        if weight > 0.0 {
            let size = self.game.size();
            weighted_half_wins(margin, size * size, weight, rng)
        } else {
            // No draw when off, so the default search's random sequence
            // (and the bench signature) does not depend on the option.
            half_wins_of_margin(margin)
        }
    }

    /// The child to descend to: the highest RAVE value, the first on ties.
    #[inline]
    fn select(&self, node: u32) -> u32 {
        let tree = self.tree;
        let parent = tree.node(node);
        let k = &self.value;
        let log_n = if k.explore > 0.0 {
            (parent.visits.load(Relaxed).max(1) as f32).ln()
        } else {
            0.0
        };
        let mut best = u32::MAX;
        let mut best_value = f32::NEG_INFINITY;
        let children = parent.children();
        let mut first = children.start;
        while first < children.end {
            let n = ((children.end - first) as usize).min(LANES);
            let values = if self.crit.is_on() {
                child_values_with(tree, first, n, log_n, k, &self.critical_extra(first, n))
            } else {
                child_values(tree, first, n, log_n, k)
            };
            for (j, &value) in values[..n].iter().enumerate() {
                if value > best_value {
                    best_value = value;
                    best = first + j as u32;
                }
            }
            first += n as u32;
        }
        best
    }

    /// The criticality bonus of the `n` children from `first`: a child with
    /// `crit_min_visits` simulations in this search gets `crit_rave` times its
    /// criticality times its AMAF samples as extra AMAF samples won by the
    /// chooser (Pachi's `crit_rave`; won ones taken away when negative).
    fn critical_extra(&self, first: u32, n: usize) -> [f32; LANES] {
        let weight = self.params.search.crit_rave as f32;
        let min = self.params.search.crit_min_visits;
        let mut extra = [0f32; LANES];
        for (j, e) in extra[..n].iter_mut().enumerate() {
            let i = first + j as u32;
            if let Some(c) = self.crit.of(i, min) {
                *e = c * weight * self.tree.node(i).amaf_visits.load(Relaxed) as f32;
            }
        }
        extra
    }

    /// Teaches the worker's last good replies the simulation's moves, tree
    /// and playout, and its result (Black's half-wins).
    fn learn_replies(&self, w: &mut Worker, result_black: u8) {
        let Some(table) = w.replies.as_mut() else {
            return;
        };
        let winner = match result_black {
            2 => Some(Color::Black),
            0 => Some(Color::White),
            _ => None,
        };
        w.sequence.clear();
        for depth in 1..w.path.len() {
            let n = self.tree.node(w.path[depth]);
            let p = if n.kind() == KIND_PLAY {
                n.point()
            } else {
                Point::NONE
            };
            w.sequence.push((self.mover_at(depth), p));
        }
        w.sequence.extend_from_slice(&w.moves);
        table.learn(&w.sequence, winner);
    }

    /// Adds the result to every node of the path and the AMAF statistics of the
    /// siblings along it.
    fn backup(&self, w: &mut Worker, result_black: u8, margin_black: i32) {
        self.learn_replies(w, result_black);
        let tree = self.tree;
        let for_color = |c: Color| -> u32 {
            let r = u32::from(result_black);
            if c == Color::Black { r } else { 2 - r }
        };
        for (depth, &i) in w.path.iter().enumerate() {
            let node = tree.node(i);
            node.wins
                .fetch_add(for_color(self.mover_at(depth)), Relaxed);
            node.add_margin(margin_black);
        }
        if self.crit.is_on() {
            for &i in &w.path[1..] {
                let n = tree.node(i);
                if n.kind() == KIND_PLAY {
                    self.crit.record(i, n.point(), &w.board, result_black);
                }
            }
        }
        // AMAF: a move counts for the node where it could have been chosen if its
        // player played it first at that point in the rest of the simulation.
        // With `rave_playout_fraction` below 1 only the playout's first moves
        // count: late ones are played in a different position.
        w.amaf.clear();
        let fraction = self.params.search.rave_playout_fraction;
        let counted = if fraction >= 1.0 {
            w.moves.len()
        } else {
            (w.moves.len() as f64 * fraction).ceil() as usize
        };
        // Sequence indices: the tree moves into path[1..] are 0..tree_moves,
        // the playout's follow.
        let tree_moves = w.path.len() - 1;
        for (i, &(c, p)) in w.moves[..counted].iter().enumerate() {
            w.amaf
                .mark_if_new(p, c.index() as u8, (tree_moves + i) as u32);
        }
        let length = (tree_moves + w.moves.len()) as u32;
        let distance_weight = self.params.search.rave_distance_weight;
        for depth in (0..tree_moves).rev() {
            let to_move = self.mover_at(depth + 1);
            let chosen = tree.node(w.path[depth + 1]);
            if chosen.kind() == KIND_PLAY {
                w.amaf
                    .mark_earlier(chosen.point(), to_move.index() as u8, depth as u32);
            }
            let win = for_color(to_move);
            let mark = to_move.index() as u8;
            // Pachi's distance RAVE: a play made soon after this node says more
            // about playing it here than one made late in the playout, after the
            // position has changed around it. With a weight of 3, the first
            // third of the plays after the node count 3, the middle third 2,
            // the last third 1.
            let span = length - depth as u32 + 1;
            for i in tree.node(w.path[depth]).children() {
                let ch = tree.node(i);
                if ch.kind() != KIND_PLAY {
                    continue;
                }
                if let Some((color, first)) = w.amaf.get_with_order(ch.point())
                    && color == mark
                {
                    let weight = amaf_weight(distance_weight, length - first, span);
                    Node::bump(&ch.amaf_visits, weight);
                    Node::bump(&ch.amaf_wins, win * weight);
                }
            }
        }
    }
}

impl SearchStats {
    fn merge(&mut self, other: &SearchStats) {
        self.simulations += other.simulations;
        self.playout_moves += other.playout_moves;
        self.playouts += other.playouts;
        for (a, b) in self.black_owned.iter_mut().zip(&other.black_owned) {
            *a += b;
        }
    }

    /// Fraction of this search's playouts in which `p` ended Black's.
    pub(crate) fn black_ownership(&self, p: Point) -> f64 {
        if self.playouts == 0 {
            0.5
        } else {
            f64::from(self.black_owned[p.idx()]) / self.playouts as f64
        }
    }
}
