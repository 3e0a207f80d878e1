//! [`MctsPlayer`]: the search behind the [`Player`] interface, with tree reuse
//! between moves, resignation and the rules for passing.

use super::analysis::{EndSignal, LiveOwnership, SetOnDrop, TreeProbe, snapshot};
use super::outcome::finished_margin;
use super::params::{
    DEAD_OWNERSHIP, DEFAULT_MAX_MEMORY_MB, DEFAULT_PLAYOUTS, DEFAULT_RESIGN_THRESHOLD,
    PLAY_ON_MIN_WINRATE, PONDER_MAX_VISITS, PONDER_TREE_SHARE, RESIGN_CONSECUTIVE,
    RESIGN_MIN_VISITS, Tunables,
};
use super::search::{Limits, Search, SearchStats, Timer, WallTimer};
use super::tree::{EXPANDED, MemoryCapError, NODE_BYTES, Tree, nodes_for_memory};
use crate::board::{Board, Color, Move};
use crate::game::{Game, Turn};
use crate::knowledge::book::Book;
use crate::knowledge::heavy::HeavyPolicy;
use crate::player::{Analysis, Decision, Player, SearchWatch};
use crate::playout::{LightPolicy, PlayoutPolicy};
use crate::rng::FastRng;
use crate::rules::{Over, Rules, Scoring};
use crate::status::{self, Ownership};
use crate::time::Budget;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The player's settings (from the command line).
#[derive(Clone, Debug)]
pub struct MctsConfig {
    pub threads: usize,
    /// Seed of the player's random sequence; `None` draws one from the system.
    pub seed: Option<u64>,
    /// Resign below this win rate; `None` never resigns.
    pub resign_threshold: Option<f64>,
    /// The tree's node cap (`--max-memory`, see `nodes_for_memory`).
    pub max_nodes: usize,
    /// The playout policy.
    pub policy: PolicyKind,
    /// The search's tunables (`--param`).
    pub params: Tunables,
    /// Pondering stops once the root has this many visits
    /// (`PONDER_MAX_VISITS`; tests lower it).
    pub ponder_max_visits: u32,
}

/// Which playout policy the search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum PolicyKind {
    /// Uniformly random non-eye-filling moves (`LightPolicy`).
    Light,
    /// Captures, atari escapes, 3x3 shapes, no big self-ataris (`HeavyPolicy`).
    #[default]
    Heavy,
}

impl PolicyKind {
    pub fn from_name(name: &str) -> Option<PolicyKind> {
        match name {
            "light" => Some(PolicyKind::Light),
            "heavy" => Some(PolicyKind::Heavy),
            _ => None,
        }
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            threads: 2,
            seed: None,
            resign_threshold: Some(DEFAULT_RESIGN_THRESHOLD),
            max_nodes: ((DEFAULT_MAX_MEMORY_MB as usize) << 20) / NODE_BYTES,
            policy: PolicyKind::default(),
            params: Tunables::default(),
            ponder_max_visits: PONDER_MAX_VISITS,
        }
    }
}

impl MctsConfig {
    /// Caps the tree at `mb` MiB (`--max-memory`).
    pub fn set_max_memory(&mut self, mb: u64) -> Result<(), MemoryCapError> {
        self.max_nodes = nodes_for_memory(mb)?;
        Ok(())
    }
}

/// One root child's statistics after a search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct MoveStat {
    pub(crate) mv: Move,
    visits: u32,
    /// Win rate for the player to move at the root.
    pub(crate) winrate: f64,
}

/// What the last search found.
#[derive(Clone, Debug, Default)]
pub(crate) struct SearchReport {
    /// Root children, most visited first.
    pub(crate) moves: Vec<MoveStat>,
    pub(crate) stats: SearchStats,
    elapsed: Duration,
    pub(crate) tree_nodes: usize,
    /// Visits the root already had from the previous move's tree.
    pub(crate) reused_visits: u32,
    /// The root player's pass that ends the game, counted by the status
    /// estimate (see [`estimated_pass_margin`]).
    pub(crate) pass_margin: Option<f64>,
}

/// Identifies the game a saved tree belongs to, apart from its moves.
#[derive(Clone, PartialEq, Debug)]
struct GameKey {
    p0: Board,
    first: Color,
    rules: Rules,
    komi: u64,
}

impl GameKey {
    fn of(game: &Game) -> GameKey {
        GameKey {
            p0: game.p0().clone(),
            first: game.first_player(),
            rules: game.rules(),
            komi: game.white_komi().to_bits(),
        }
    }
}

/// A watch over a search (see [`MctsPlayer::search_watched`]).
enum Watch<'w> {
    /// For analysis: the search runs until the watch returns (or its limits).
    Analysis(SearchWatch<'w>),
    /// For a move: the search runs to its limits; the watch sees it meanwhile.
    Move(SearchWatch<'w>),
    /// Pondering: as for analysis, and the search says in the log when it
    /// reaches its limits before the watch returns.
    Ponder(SearchWatch<'w>),
}

struct SavedTree {
    tree: Tree,
    key: GameKey,
    record: Vec<Turn>,
    color: Color,
}

pub struct MctsPlayer {
    config: MctsConfig,
    rng: FastRng,
    saved: Option<SavedTree>,
    low_winrate_streak: u32,
    interrupt: Option<Arc<AtomicBool>>,
    last: Option<SearchReport>,
}

impl MctsPlayer {
    /// The search limits of `budget` on `game`'s board size.
    fn limits(&self, game: &Game, budget: &Budget) -> Limits {
        let search = &self.config.params.for_board(game.size()).search;
        limits_of(budget, search.keep_time_for_unclear)
    }

    pub fn new(config: MctsConfig) -> MctsPlayer {
        let rng = config.seed.map_or_else(FastRng::from_entropy, FastRng::new);
        MctsPlayer {
            config,
            rng,
            saved: None,
            low_winrate_streak: 0,
            interrupt: None,
            last: None,
        }
    }

    /// The nodes of the tree kept for the next move, if any.
    #[cfg(test)]
    pub(crate) fn tree_size(&self) -> Option<usize> {
        self.saved.as_ref().map(|s| s.tree.size())
    }

    /// The report of the last search.
    #[cfg(test)]
    pub(crate) fn last_report(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }

    /// The saved tree's root, if it can continue into `game` with `color` to move:
    /// the same game whose record extends the saved one along expanded nodes.
    fn reusable_tree(&mut self, game: &Game, color: Color) -> Option<Tree> {
        let saved = self.saved.take()?;
        if saved.key != GameKey::of(game) || !game.record().starts_with(&saved.record) {
            return None;
        }
        let mut tree = saved.tree;
        let mut node = tree.root;
        let mut to_move = saved.color;
        for turn in &game.record()[saved.record.len()..] {
            if turn.color != to_move {
                return None;
            }
            node = tree.find_child(node, turn.mv)?;
            to_move = to_move.opponent();
        }
        if to_move != color {
            return None;
        }
        if node != tree.root {
            tree.reroot(node);
        }
        Some(tree)
    }

    /// Searches the position within `limits` on the configured threads and
    /// returns the root statistics. The tree is kept for the next move.
    pub(crate) fn search(
        &mut self,
        game: &Game,
        color: Color,
        limits: Limits,
        timer: &dyn Timer,
    ) -> SearchReport {
        self.search_watched(game, color, limits, timer, None)
    }

    /// [`search`](Self::search), optionally watched: the search then runs on a
    /// thread of its own while the watch runs on the calling thread. With
    /// [`Watch::Analysis`] the search stops when the watch returns (or earlier by
    /// its limits, if any); with [`Watch::Move`] it ends by its limits (or the GTP
    /// interrupt) as usual.
    fn search_watched(
        &mut self,
        game: &Game,
        color: Color,
        limits: Limits,
        timer: &dyn Timer,
        watch: Option<Watch<'_>>,
    ) -> SearchReport {
        let start = Instant::now();
        let pass_margin = estimated_pass_margin(game, color);
        // A kept tree scored the pass that ends the game with every stone
        // alive; its statistics would outweigh the estimate.
        let kept = if pass_margin.is_some() {
            self.saved = None;
            None
        } else {
            self.reusable_tree(game, color)
        };
        let tree = kept.unwrap_or_else(|| Tree::new(self.config.max_nodes));
        let reused_visits = tree.root_node().visits.load(Relaxed);
        let seed = self.rng.next_u64();
        let stats = match self.config.policy {
            PolicyKind::Light => self.run_search(
                &tree,
                game,
                color,
                &LightPolicy,
                limits,
                timer,
                seed,
                pass_margin,
                watch,
            ),
            PolicyKind::Heavy => {
                let policy = HeavyPolicy::new(&self.config.params.for_board(game.size()).playout);
                self.run_search(
                    &tree,
                    game,
                    color,
                    &policy,
                    limits,
                    timer,
                    seed,
                    pass_margin,
                    watch,
                )
            }
        };
        let mut moves = root_moves(&tree);
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
        });
        let report = SearchReport {
            moves,
            stats,
            elapsed: start.elapsed(),
            tree_nodes: tree.size(),
            reused_visits,
            pass_margin,
        };
        self.saved = Some(SavedTree {
            tree,
            key: GameKey::of(game),
            record: game.record().to_vec(),
            color,
        });
        report
    }

    /// Runs one search with `policy`; watched searches run on a thread of their
    /// own while the watch runs on the calling thread.
    #[allow(clippy::too_many_arguments)]
    fn run_search<P: PlayoutPolicy>(
        &self,
        tree: &Tree,
        game: &Game,
        color: Color,
        policy: &P,
        limits: Limits,
        timer: &dyn Timer,
        seed: u64,
        pass_margin: Option<f64>,
        watch: Option<Watch<'_>>,
    ) -> SearchStats {
        let threads = self.config.threads;
        let new_search = || {
            let params = self.config.params.for_board(game.size()).clone();
            let mut search = Search::new(tree, game, color, policy, limits, timer, params);
            search.root_pass_margin = pass_margin;
            search
        };
        let Some(watch) = watch else {
            let mut search = new_search();
            search.interrupt = self.interrupt.as_deref();
            return search.run(threads, seed);
        };
        // An analysis or a ponder stops when its watch returns, a move search
        // by its limits or the GTP interrupt.
        let halt = AtomicBool::new(false);
        let pondering = matches!(watch, Watch::Ponder(_));
        let (watch, stop_flag, halt_after_watch) = match watch {
            Watch::Analysis(w) | Watch::Ponder(w) => (w, &halt, true),
            Watch::Move(w) => (w, self.interrupt.as_deref().unwrap_or(&halt), false),
        };
        let end = EndSignal::default();
        let live = LiveOwnership::default();
        std::thread::scope(|s| {
            let searcher = s.spawn(|| {
                // Raised on the way out even if the search unwinds, so a watch
                // waiting for the end cannot wait forever.
                let _end = end.raise_on_drop();
                let mut search = new_search();
                search.interrupt = Some(stop_flag);
                search.live = Some(&live);
                let stats = search.run(threads, seed);
                if pondering && !halt.load(Relaxed) {
                    // Tests wait for this line: the ponder is over before any input.
                    log::info!(
                        "ponder {color:?}: stopped by itself after {} simulations, root {} visits, {} of {} nodes",
                        stats.simulations,
                        tree.root_node().visits.load(Relaxed),
                        tree.size(),
                        tree.arena.capacity(),
                    );
                }
                stats
            });
            {
                // Likewise an unwinding watch still stops an analysis (the scope
                // joins the searcher before the panic goes on).
                let _halt = SetOnDrop(halt_after_watch.then_some(&halt));
                watch(&TreeProbe {
                    tree,
                    color,
                    end: &end,
                    live: &live,
                    board: game.board(),
                });
            }
            searcher
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    /// The decision after a search: resignation, the pass rules, or the most
    /// visited move.
    fn decide(&mut self, game: &Game, color: Color, report: &SearchReport) -> Decision {
        let Some(best) = report.moves.first() else {
            return Decision::Play(Move::Pass);
        };
        if let Some(threshold) = self.config.resign_threshold {
            let visits: u32 = report.moves.iter().map(|m| m.visits).sum();
            if visits >= RESIGN_MIN_VISITS && best.winrate < threshold {
                self.low_winrate_streak += 1;
            } else {
                self.low_winrate_streak = 0;
            }
            if self.low_winrate_streak >= RESIGN_CONSECUTIVE {
                return Decision::Resign;
            }
        }
        let mut after_pass = game.clone();
        let pass_ends_game =
            after_pass.play(color, Move::Pass).is_ok() && after_pass.over() != Over::No;
        if !pass_ends_game {
            return Decision::Play(best.mv);
        }
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let take_off_kills = self
            .config
            .params
            .for_board(game.size())
            .search
            .score_throw_in_kills;
        // The estimate is the count `final_score` gives, and it named GNU
        // Go's winner in every 13x13 game on record koban lost at the count:
        // a pass it counts lost never ends the game.
        let estimate_wins = report.pass_margin.is_none_or(|m| sign * m > 0.0);
        let strict = estimate_wins && sign * finished_margin(&after_pass, take_off_kills) > 0.0;
        let lenient = estimate_wins
            && !game.rules().tromp_taylor_cleanup
            && sign * margin_without_dead_stones(&after_pass, &report.stats) > 0.0;
        let finished = after_pass.over() == Over::Yes;
        let best_play = report.moves.iter().find(|m| m.mv != Move::Pass);
        // As the board stands the pass wins: take it. If it only wins once the
        // playouts' dead stones are removed, rely on that under territory scoring
        // (capturing would cost points) or when playing on looks worse; under area
        // scoring capturing them costs nothing and settles the count.
        let playing_on_is_good = best_play.is_some_and(|m| m.winrate >= 0.5);
        let rely_on_dead_stones = game.rules().scoring == Scoring::Territory || !playing_on_is_good;
        if finished && (strict || (lenient && rely_on_dead_stones)) {
            return Decision::Play(Move::Pass);
        }
        // Never end the game with a loss while a move keeps some chance; but when
        // every move is hopeless too (filling one's own eyes), do not destroy the
        // position: pass and lose by the count.
        match best_play {
            Some(m) if m.winrate >= PLAY_ON_MIN_WINRATE => Decision::Play(m.mv),
            _ => Decision::Play(Move::Pass),
        }
    }
}

/// Root children with their statistics, in arena order.
fn root_moves(tree: &Tree) -> Vec<MoveStat> {
    let root = tree.root_node();
    if root.state() != EXPANDED {
        return Vec::new();
    }
    root.children()
        .map(|i| {
            let n = tree.node(i);
            MoveStat {
                mv: n.mv(),
                visits: n.visits.load(Relaxed),
                winrate: n.winrate(),
            }
        })
        .collect()
}

/// Black's margin (komi included) if `color` passes now and the pass ends
/// the game, counted as `final_score` counts it: the status estimate's dead
/// stones off (`status::final_points`). `None` where the pass does not end
/// the game or the rules take nothing off. The tree and the pass rule
/// otherwise count every stone alive, so a dead group of the root player's
/// that the opponent left on the board when it passed (to be taken off at
/// the count) made that pass a certain win, and koban passed into a loss
/// (docs/strength-log.md, "the pass that ends the game"). The estimate takes
/// about 0.15 s on 13x13 and 0.4 s on 19x19, inside the move's time, and
/// only after the opponent's pass.
///
/// Only once in a row: where the opponent passed before our last move too,
/// `None`. The estimate misreads a few capturing races (5 winners in 260
/// counted 9x9 games on record differ from GNU Go's), and one it calls lost
/// that the opponent and the search call won would otherwise keep koban
/// playing on while the opponent passes; a saving move is found the first
/// time, and the opponent answers it.
pub(super) fn estimated_pass_margin(game: &Game, color: Color) -> Option<f64> {
    let passed = |back: usize| {
        let record = game.record();
        record.len() >= back && record[record.len() - back].mv == Move::Pass
    };
    if !passed(1) || passed(3) {
        return None;
    }
    let mut after = game.clone();
    if after.play(color, Move::Pass).is_err()
        || after.over() != Over::Yes
        || !after.removes_estimated_dead()
    {
        return None;
    }
    let board = after.board();
    let statuses = status::estimate(board, &Ownership::by_playouts(board, after.to_move()));
    let points = status::final_points(&after, &statuses);
    Some(points[0] - points[1] - after.white_komi())
}

/// Black's margin (komi included) of a finished game once the stones the search's
/// playouts give to the other side in at least [`DEAD_OWNERSHIP`] of cases are
/// taken off as prisoners.
fn margin_without_dead_stones(game: &Game, stats: &SearchStats) -> f64 {
    let mut board = game.board().clone();
    let dead: Vec<_> = board
        .points()
        .filter_map(|p| {
            let owner_black = stats.black_ownership(p);
            match board.stone(p)? {
                Color::Black if owner_black <= 1.0 - DEAD_OWNERSHIP => Some((p, Color::White)),
                Color::White if owner_black >= DEAD_OWNERSHIP => Some((p, Color::Black)),
                _ => None,
            }
        })
        .collect();
    for &(p, capturer) in &dead {
        board.set_cell(p, None);
        board.add_prisoners(capturer, 1);
    }
    let points = crate::rules::count_board(&board, game.rules().scoring);
    let bonus = game.score_bonus();
    points[0] + bonus[0] - points[1] - bonus[1] - game.white_komi()
}

/// The search limits of a budget: with neither playouts nor time,
/// [`DEFAULT_PLAYOUTS`]. Under `keep_for_unclear` (`time_keep_for_unclear`)
/// the budget's unclear time, where it has one, is the hard limit, and the
/// search stops at the soft time if its choice is clear by then; without the
/// rule there is no soft time. This is the rule's one switch.
pub(super) fn limits_of(budget: &Budget, keep_for_unclear: bool) -> Limits {
    Limits {
        playouts: budget.playouts.or(if budget.time.is_none() {
            Some(DEFAULT_PLAYOUTS)
        } else {
            None
        }),
        time: match budget.unclear_time {
            Some(unclear) if keep_for_unclear && budget.time.is_some() => Some(unclear),
            _ => budget.time,
        },
        stop_early: budget.stop_early,
        soft_time: budget.soft_time.filter(|_| keep_for_unclear),
        ..Limits::default()
    }
}

impl Player for MctsPlayer {
    /// Plays the opening book's move where it has one (`opening_book`),
    /// without a search; a watched genmove (analysis, live graphics) always
    /// searches, since its caller asked to see one.
    fn genmove(&mut self, game: &Game, color: Color, budget: &Budget) -> Decision {
        let book = self
            .config
            .params
            .for_board(game.size())
            .search
            .opening_book;
        if book && let Some(p) = Book::standard().answer(game, color) {
            log::info!("genmove {color:?}: {p:?} from the opening book");
            self.last = None;
            return Decision::Play(Move::Play(p));
        }
        self.genmove_watched(game, color, budget, &mut |_| {})
    }

    fn genmove_watched(
        &mut self,
        game: &Game,
        color: Color,
        budget: &Budget,
        watch: SearchWatch<'_>,
    ) -> Decision {
        let timer = WallTimer(Instant::now());
        let limits = self.limits(game, budget);
        let report = self.search_watched(game, color, limits, &timer, Some(Watch::Move(watch)));
        let decision = self.decide(game, color, &report);
        let secs = report.elapsed.as_secs_f64();
        if let Some(best) = report.moves.first() {
            log::info!(
                "genmove {color:?}: {:?} after {} simulations in {secs:.2}s ({:.0}/s), best {:?} {} visits win rate {:.3}, {} nodes, {} reused",
                decision,
                report.stats.simulations,
                report.stats.simulations as f64 / secs.max(1e-9),
                best.mv,
                best.visits,
                best.winrate,
                report.tree_nodes,
                report.reused_visits,
            );
        }
        self.last = Some(report);
        decision
    }

    fn analyze(&mut self, game: &Game, color: Color, budget: &Budget, watch: SearchWatch<'_>) {
        let timer = WallTimer(Instant::now());
        let report = self.search_watched(
            game,
            color,
            Limits {
                playouts: budget.playouts,
                time: budget.time,
                stop_early: budget.stop_early,
                ..Limits::default()
            },
            &timer,
            Some(Watch::Analysis(watch)),
        );
        log::info!(
            "analysis {color:?}: {} simulations in {:.2}s, {} nodes, {} reused",
            report.stats.simulations,
            report.elapsed.as_secs_f64(),
            report.tree_nodes,
            report.reused_visits,
        );
        self.last = Some(report);
    }

    /// Searches on until `watch` returns (input has arrived), or the root has
    /// [`MctsConfig::ponder_max_visits`], or the tree fills
    /// `PONDER_TREE_SHARE` of the arena. The tree is kept like any other; the
    /// last report (win rate, ownership for dead stones) and the resignation
    /// streak are left as the move search made them, so that pondering changes
    /// no answer but the next search's.
    fn ponder(&mut self, game: &Game, color: Color, watch: SearchWatch<'_>) {
        let timer = WallTimer(Instant::now());
        let limits = Limits {
            max_root_visits: Some(self.config.ponder_max_visits),
            max_tree_nodes: Some((self.config.max_nodes as f64 * PONDER_TREE_SHARE) as usize),
            ..Limits::default()
        };
        let report = self.search_watched(game, color, limits, &timer, Some(Watch::Ponder(watch)));
        let root_visits = self
            .saved
            .as_ref()
            .map_or(0, |s| s.tree.root_node().visits.load(Relaxed));
        let (best, best_visits) = report
            .moves
            .first()
            .map_or((Move::Pass, 0), |m| (m.mv, m.visits));
        log::info!(
            "ponder {color:?}: {} simulations in {:.2}s, root {root_visits} visits ({} reused), best {best:?} {best_visits} visits, {} nodes",
            report.stats.simulations,
            report.elapsed.as_secs_f64(),
            report.reused_visits,
            report.tree_nodes,
        );
    }

    fn evaluate(&mut self, game: &Game, color: Color, budget: &Budget) -> Analysis {
        let timer = WallTimer(Instant::now());
        let report = self.search(game, color, self.limits(game, budget), &timer);
        let mut analysis = match &self.saved {
            Some(saved) => snapshot(&saved.tree, color),
            None => Analysis::empty(color),
        };
        if report.stats.playouts > 0 {
            let board = game.board();
            analysis.ownership = board
                .points()
                .map(|p| (p, 2.0 * report.stats.black_ownership(p) - 1.0))
                .collect();
        }
        self.last = Some(report);
        analysis
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn win_rate(&self) -> Option<f64> {
        self.last.as_ref()?.moves.first().map(|m| m.winrate)
    }
}
