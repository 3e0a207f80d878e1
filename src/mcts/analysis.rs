//! What a running search shows to analysis clients: pictures of the root
//! ([`snapshot`]) read from the shared tree while the workers keep running, and
//! the probe handed to the GTP front end ([`TreeProbe`]).
//!
//! Invariants: reading a snapshot never blocks or disturbs the workers (it only
//! loads atomics, and enters a node's children only after seeing it expanded with
//! an Acquire load, as the workers do). Numbers come from one moment per node, so
//! a snapshot taken mid-search may be off by the few simulations in flight.

use super::tree::{EXPANDED, Tree};
use crate::board::{Board, Color, Move};
use crate::board::{MAX_POINTS, Point};
use crate::player::{Analysis, Candidate, SearchProbe};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Normal quantile of the one-sided 95% bound reported as `lcb`.
const LCB_Z: f64 = 1.645;

/// A principal variation stops at the first node with fewer visits than this (its
/// most visited child is noise below it), or after [`PV_MAX_MOVES`] moves.
const PV_MIN_VISITS: u32 = 3;
const PV_MAX_MOVES: usize = 40;

/// A score lead is shown only for a node with at least this many
/// simulations. A playout's final margin spreads widely (a standard deviation
/// of 10 to 30 points on 9x9 and 19x19 alike in the middle game), so the mean
/// of n of them is off by about that over sqrt(n): below 20 a lead would be
/// noise, and clients draw it as if it were not.
pub(crate) const SCORE_LEAD_MIN_VISITS: u32 = 20;

/// The mean final margin of `node` for `color`, in points, where it has
/// enough simulations to mean something.
fn score_lead(node: &super::tree::Node, color: Color) -> Option<f64> {
    if node.visits.load(Relaxed) < SCORE_LEAD_MIN_VISITS {
        return None;
    }
    let black = node.mean_black_margin()?;
    Some(if color == Color::Black { black } else { -black })
}

/// Lower bound of the Wilson score interval for a mean `mean` of `n` results in
/// 0..1. Results here are wins, losses and the odd jigo (a half), whose variance is
/// at most that of wins and losses, so the bound is conservative. 0 when `n` is 0.
fn wilson_lower_bound(mean: f64, n: f64, z: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    let p = mean.clamp(0.0, 1.0);
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - margin) / (1.0 + z2 / n)).clamp(0.0, 1.0)
}

/// The root of `tree` as it stands: every root move with its statistics (from the
/// point of view of `color`, the player to move at the root), most visited first.
pub(crate) fn snapshot(tree: &Tree, color: Color) -> Analysis {
    let root = tree.root_node();
    let mut analysis = Analysis::empty(color);
    analysis.visits = u64::from(root.visits.load(Relaxed));
    analysis.score_lead = score_lead(root, color);
    if analysis.visits > 0 {
        // The root's wins are the player's who moved into it.
        let wins = f64::from(root.wins.load(Relaxed)) * 0.5;
        analysis.winrate = Some((1.0 - wins / analysis.visits as f64).clamp(0.0, 1.0));
    }
    if root.state() != EXPANDED {
        return analysis;
    }
    // Each child's visits are read once: the search keeps running, and shares
    // computed from a second reading would not sum to one.
    let children: Vec<(u32, u32)> = root
        .children()
        .map(|i| (i, tree.node(i).visits.load(Relaxed)))
        .collect();
    let total: u64 = children.iter().map(|&(_, v)| u64::from(v)).sum();
    analysis.candidates = children
        .into_iter()
        .map(|(i, visits)| {
            let node = tree.node(i);
            // Wins are half-wins of the player who moved into the node: the
            // player to move at the root.
            let wins = node.wins.load(Relaxed);
            let winrate = if visits == 0 {
                0.5
            } else {
                (f64::from(wins) * 0.5 / f64::from(visits)).min(1.0)
            };
            Candidate {
                mv: node.mv(),
                visits,
                winrate,
                prior: if total == 0 {
                    0.0
                } else {
                    f64::from(visits) / total as f64
                },
                lcb: wilson_lower_bound(winrate, f64::from(visits), LCB_Z),
                score_lead: score_lead(node, color),
                pv: principal_variation(tree, i),
            }
        })
        .collect();
    analysis.candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    analysis
}

/// The move into `node`, then the most visited child at each step down.
fn principal_variation(tree: &Tree, node: u32) -> Vec<Move> {
    let mut pv = vec![tree.node(node).mv()];
    let mut at = node;
    while pv.len() < PV_MAX_MOVES {
        let n = tree.node(at);
        if n.state() != EXPANDED {
            break;
        }
        let best = n
            .children()
            .max_by_key(|&c| (tree.node(c).visits.load(Relaxed), std::cmp::Reverse(c)));
        match best {
            Some(c) if tree.node(c).visits.load(Relaxed) >= PV_MIN_VISITS => {
                pv.push(tree.node(c).mv());
                at = c;
            }
            _ => break,
        }
    }
    pv
}

/// The ownership counts of a running search's playouts, pooled from the
/// workers every `search::LIVE_FLUSH_PLAYOUTS`, for analysis clients to read while
/// it runs (the final counts are in `search::SearchStats`).
pub(crate) struct LiveOwnership {
    pub(super) black_owned: Vec<AtomicU32>,
    pub(super) playouts: AtomicU64,
}

impl Default for LiveOwnership {
    fn default() -> Self {
        LiveOwnership {
            black_owned: (0..MAX_POINTS).map(|_| AtomicU32::new(0)).collect(),
            playouts: AtomicU64::new(0),
        }
    }
}

impl LiveOwnership {
    /// Black's ownership of `p` so far, -1 (White's) to 1 (Black's); `None`
    /// before the first flush.
    pub(crate) fn black(&self, p: Point) -> Option<f64> {
        let n = self.playouts.load(Relaxed);
        (n > 0).then(|| 2.0 * f64::from(self.black_owned[p.idx()].load(Relaxed)) / n as f64 - 1.0)
    }
}

/// Raised once by the thread that ran the search, when it has ended.
#[derive(Default)]
pub(crate) struct EndSignal {
    ended: Mutex<bool>,
    changed: Condvar,
}

impl EndSignal {
    fn raise(&self) {
        *self.ended.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.changed.notify_all();
    }

    /// Waits up to `timeout` for the signal; true once raised.
    fn wait(&self, timeout: Duration) -> bool {
        let ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
        let (ended, _) = self
            .changed
            .wait_timeout_while(ended, timeout, |ended| !*ended)
            .unwrap_or_else(|e| e.into_inner());
        *ended
    }
}

/// Raises its signal when dropped.
pub(crate) struct RaiseOnDrop<'a>(&'a EndSignal);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.raise();
    }
}

impl EndSignal {
    /// A guard that raises the signal when it goes out of scope, however.
    pub(crate) fn raise_on_drop(&self) -> RaiseOnDrop<'_> {
        RaiseOnDrop(self)
    }
}

/// Sets the flag (if any) when dropped: stops a search even when the code that
/// should stop it unwinds.
pub(crate) struct SetOnDrop<'a>(pub Option<&'a AtomicBool>);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        if let Some(flag) = self.0 {
            flag.store(true, Relaxed);
        }
    }
}

/// The live view of one search: its tree, its pooled ownership on the root
/// board, and whether it has ended.
pub(crate) struct TreeProbe<'a> {
    pub(crate) tree: &'a Tree,
    pub(crate) color: Color,
    pub(crate) end: &'a EndSignal,
    pub(crate) live: &'a LiveOwnership,
    pub(crate) board: &'a Board,
}

impl SearchProbe for TreeProbe<'_> {
    fn snapshot(&self) -> Analysis {
        let mut analysis = snapshot(self.tree, self.color);
        analysis.ownership = self
            .board
            .points()
            .map_while(|p| Some((p, self.live.black(p)?)))
            .collect();
        analysis
    }

    fn wait_end(&self, timeout: Duration) -> bool {
        self.end.wait(timeout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::mcts::{MctsConfig, MctsPlayer};
    use crate::player::Player;
    use crate::rules::Rules;
    use crate::time::Budget;

    fn player() -> MctsPlayer {
        MctsPlayer::new(MctsConfig {
            threads: 2,
            seed: Some(5),
            resign_threshold: None,
            ..MctsConfig::default()
        })
    }

    /// Polls snapshots until the search has at least `visits` root visits.
    fn wait_for_visits(probe: &dyn SearchProbe, visits: u64) -> Analysis {
        let start = std::time::Instant::now();
        loop {
            let a = probe.snapshot();
            if a.visits >= visits {
                return a;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "search stuck");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn analysis_runs_until_the_watch_returns_and_its_tree_is_kept() {
        let game = Game::new(9, Rules::default());
        let mut p = player();
        let mut pictures = Vec::new();
        p.analyze(&game, Color::Black, &Budget::default(), &mut |probe| {
            pictures.push(wait_for_visits(probe, 500));
            pictures.push(wait_for_visits(probe, pictures[0].visits + 500));
            assert!(!probe.wait_end(Duration::ZERO), "no limit: still running");
        });
        let (first, second) = (&pictures[0], &pictures[1]);
        assert!(second.visits > first.visits);
        let c = &second.candidates;
        assert_eq!(c.len(), 82, "every point and pass");
        assert!(c.windows(2).all(|w| w[0].visits >= w[1].visits));
        let shares: f64 = c.iter().map(|m| m.prior).sum();
        assert!((shares - 1.0).abs() < 1e-9, "{shares}");
        for m in c {
            assert!(m.lcb <= m.winrate && (0.0..=1.0).contains(&m.winrate));
            assert_eq!(m.pv[0], m.mv);
        }
        // The next search of the same position starts from the analysed tree.
        let budget = Budget {
            playouts: Some(100),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        };
        let after = p.evaluate(&game, Color::Black, &budget);
        assert!(after.visits >= second.visits + 100, "{}", after.visits);
        assert_eq!(after.ownership.len(), 81);
    }

    #[test]
    fn a_limited_analysis_ends_by_itself() {
        let game = Game::new(7, Rules::default());
        let mut p = player();
        let budget = Budget {
            playouts: Some(300),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        };
        p.analyze(&game, Color::White, &budget, &mut |probe| {
            while !probe.wait_end(Duration::from_secs(60)) {}
            let a = probe.snapshot();
            assert!(a.visits >= 300 && a.visits < 320, "{}", a.visits);
            assert_eq!(a.color, Color::White);
        });
    }

    #[test]
    fn a_panicking_watch_stops_the_analysis_instead_of_hanging() {
        let game = Game::new(9, Rules::default());
        let mut p = player();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            p.analyze(&game, Color::Black, &Budget::default(), &mut |_| {
                panic!("watch fails")
            })
        }));
        assert!(outcome.is_err());
    }

    #[test]
    fn the_score_lead_leaves_dynamic_komi_out() {
        // A 9x9 four-stone handicap game, White to move: the search counts
        // with dynamic komi (White's extra points shrinking over the game),
        // the lead must not. The same search without dynamic komi gives the
        // same lead give or take noise, far less than the dynamic komi.
        use crate::mcts::outcome::dynamic_komi;
        use crate::mcts::params::Tunables;
        let mut game = Game::new(9, Rules::default());
        let stones: Vec<_> = ["C3", "G7", "C7", "G3"]
            .iter()
            .map(|v| crate::mcts::testutil::at(game.board(), v))
            .collect();
        game.place_handicap(&stones).unwrap();
        let with = Tunables::default().with("opening_book", "0");
        let k = dynamic_komi(&game, &with.for_board(9).search);
        assert!(k >= 10.0, "dynamic komi {k}");
        let lead = |params: Tunables| {
            let mut p = MctsPlayer::new(MctsConfig {
                threads: 1,
                seed: Some(4),
                resign_threshold: None,
                params,
                ..MctsConfig::default()
            });
            let budget = Budget {
                playouts: Some(3000),
                time: None,
                stop_early: false,
                soft_time: None,
                unclear_time: None,
            };
            p.evaluate(&game, Color::White, &budget).score_lead.unwrap()
        };
        let (a, b) = (
            lead(with.clone()),
            lead(with.with("dynkomi_per_stone", "0")),
        );
        // Four stones on 9x9 are a big lead for Black: White's is negative.
        assert!(a < 0.0 && b < 0.0, "{a} {b}");
        assert!((a - b).abs() < k / 2.0, "{a} {b}, dynamic komi {k}");
    }

    #[test]
    fn wilson_bound_is_below_the_mean_and_tightens_with_visits() {
        assert_eq!(wilson_lower_bound(0.7, 0.0, LCB_Z), 0.0);
        let mut last = 0.0;
        for n in [1.0, 10.0, 100.0, 1000.0, 100_000.0] {
            let lcb = wilson_lower_bound(0.7, n, LCB_Z);
            assert!(lcb < 0.7 && lcb > last, "n {n}: {lcb}");
            last = lcb;
        }
        assert!(0.7 - last < 0.005, "{last}");
        // Known value: 60 wins of 100 at z 1.645 gives about 0.518.
        let lcb = wilson_lower_bound(0.6, 100.0, LCB_Z);
        assert!((lcb - 0.518).abs() < 0.002, "{lcb}");
        assert!(wilson_lower_bound(0.0, 50.0, LCB_Z) == 0.0);
        assert!(wilson_lower_bound(1.0, 50.0, LCB_Z) > 0.9);
    }

    #[test]
    fn end_signal_wakes_a_waiter() {
        let end = EndSignal::default();
        assert!(!end.wait(Duration::from_millis(1)));
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                end.raise();
            });
            assert!(end.wait(Duration::from_secs(60)));
        });
        assert!(end.wait(Duration::ZERO));
    }
}
