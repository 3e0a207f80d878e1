//! The move-generator interface between the GTP front end and the search, and
//! the end-of-game corrections of a player's decisions.
//!
//! The GTP layer owns the game and the clock; a [`Player`] only answers "what would
//! you play here" within a budget, and for analysis shows what its search sees
//! ([`SearchProbe`], [`Analysis`]). It never writes to stdout.
//!
//! `capture_dead` turns a [`Decision`] into cleanup play (capturing the dead stones
//! the status estimate finds before passing); it lives here, above `status`,
//! because it acts on decisions while `status` only judges positions.

pub(crate) mod capture_dead;

use crate::board::{Color, Move};
use crate::game::Game;
use crate::rng::FastRng;
use crate::rules::{Action, Phase};
use crate::time::Budget;
use std::time::Duration;

/// A generated move, or giving up.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Decision {
    Play(Move),
    Resign,
}

pub trait Player: Send {
    /// Chooses a turn for `color`; it must be legal under the game's rules.
    fn genmove(&mut self, game: &Game, color: Color, budget: &Budget) -> Decision;

    /// [`genmove`](Player::genmove) with a live view: a searching player runs the
    /// search in the background and calls `watch` on the calling thread with a
    /// probe of it; the move is chosen once the search has ended and `watch` has
    /// returned. A player without a search never calls `watch`.
    fn genmove_watched(
        &mut self,
        game: &Game,
        color: Color,
        budget: &Budget,
        watch: SearchWatch<'_>,
    ) -> Decision {
        let _ = watch;
        self.genmove(game, color, budget)
    }

    /// Analysis without a move: searches `game` for `color` in the background,
    /// within `budget` (none: no limit), while `watch` runs on the calling thread;
    /// the search stops when `watch` returns if it has not ended before. A player
    /// without a search hands `watch` an empty probe.
    fn analyze(&mut self, game: &Game, color: Color, budget: &Budget, watch: SearchWatch<'_>) {
        let _ = (game, color, budget);
        watch(&NoSearch);
    }

    /// Pondering: searches `game` for `color` (the opponent, after this
    /// player's move) in the background while `watch` runs on the calling
    /// thread, and stops when `watch` returns (or earlier, by limits of its
    /// own); the tree is kept for the next move. Nothing else a caller can see
    /// changes. A player without a search hands `watch` an empty probe.
    fn ponder(&mut self, game: &Game, color: Color, watch: SearchWatch<'_>) {
        let _ = (game, color);
        watch(&NoSearch);
    }

    /// Searches within `budget` without choosing a move and returns the final
    /// picture, ownership included (empty for a player without a search).
    fn evaluate(&mut self, game: &Game, color: Color, budget: &Budget) -> Analysis {
        let _ = (game, budget);
        Analysis::empty(color)
    }

    /// Called when the game changes other than by this player's own moves, so a
    /// searcher can drop or reuse its tree.
    fn game_changed(&mut self) {}

    /// Hands the player the flag the GTP reader raises on `# interrupt`; a
    /// searcher stops early when it is set.
    fn set_interrupt(&mut self, _flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {}

    /// The side to move's estimated win rate (0..1) after the last search, if any.
    fn win_rate(&self) -> Option<f64> {
        None
    }
}

/// One candidate move at the root of a search.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Candidate {
    pub(crate) mv: Move,
    /// Simulations through the move (those of earlier searches kept in the tree
    /// included).
    pub(crate) visits: u32,
    /// Mean result for the player to move at the root, 0..1 (0.5 before a visit).
    pub(crate) winrate: f64,
    /// How much of the search went into this move: its share of the root's
    /// visits, 0..1. The search has no policy prior, so this plays the role of one
    /// (the search's own policy).
    pub(crate) prior: f64,
    /// A one-sided 95% lower confidence bound of `winrate` (the Wilson score
    /// bound over `visits` results); 0 without visits.
    pub(crate) lcb: f64,
    /// The mean final margin of the simulations through the move, in points
    /// for the player to move at the root (komi and the variant's bonus
    /// included, dynamic komi not); `None` where too few simulations make it
    /// noise.
    pub(crate) score_lead: Option<f64>,
    /// Principal variation, starting with `mv`.
    pub(crate) pv: Vec<Move>,
}

/// A picture of a search at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The player to move at the root.
    pub(crate) color: Color,
    /// Every root move, most visited first (ties: higher win rate first).
    pub(crate) candidates: Vec<Candidate>,
    /// Simulations through the root.
    pub(crate) visits: u64,
    /// The mean result of every simulation through the root for the player
    /// to move, 0..1; `None` before any.
    pub(crate) winrate: Option<f64>,
    /// The root's mean final margin for the player to move, as
    /// [`Candidate::score_lead`].
    pub(crate) score_lead: Option<f64>,
    /// Black's expected ownership of points, -1 (White's) to 1 (Black's), where the
    /// search measured it; empty otherwise.
    pub(crate) ownership: Vec<(crate::board::Point, f64)>,
}

impl Analysis {
    pub(crate) fn empty(color: Color) -> Analysis {
        Analysis {
            color,
            candidates: Vec::new(),
            visits: 0,
            winrate: None,
            score_lead: None,
            ownership: Vec::new(),
        }
    }
}

/// Code that runs on the caller's thread while a search runs on others, looking
/// at it through the probe.
pub(crate) type SearchWatch<'a> = &'a mut dyn FnMut(&dyn SearchProbe);

/// A live view of a search running on other threads.
pub trait SearchProbe: Sync {
    /// The search as it stands now.
    fn snapshot(&self) -> Analysis;
    /// Blocks until the search has ended or `timeout` has passed; true once it
    /// has ended.
    fn wait_end(&self, timeout: Duration) -> bool;
}

/// The probe of a player that does not search: nothing to show, already over.
struct NoSearch;

impl SearchProbe for NoSearch {
    fn snapshot(&self) -> Analysis {
        Analysis::empty(Color::Black)
    }

    fn wait_end(&self, _timeout: Duration) -> bool {
        true
    }
}

/// Uniformly random legal move that does not fill the mover's own single-point eye;
/// passes when none is left. The placeholder before the search, and a baseline.
pub struct RandomPlayer {
    rng: FastRng,
}

impl RandomPlayer {
    pub fn new(seed: Option<u64>) -> RandomPlayer {
        RandomPlayer {
            rng: seed.map_or_else(FastRng::from_entropy, FastRng::new),
        }
    }
}

impl Player for RandomPlayer {
    fn genmove(&mut self, game: &Game, color: Color, _budget: &Budget) -> Decision {
        let board = game.board();
        let mut candidates: Vec<Move> = game
            .legal_points(color)
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .map(Move::Play)
            .collect();
        variant_filter(game, color, &mut candidates);
        if candidates.is_empty() {
            Decision::Play(Move::Pass)
        } else {
            Decision::Play(candidates[self.rng.below(candidates.len())])
        }
    }
}

/// Cheap variant awareness for the random player, asked of the game rather
/// than of the variant's name:
/// - a play that would be punished (a Geneva forfeit costs a point) is kept only
///   when nothing else is left, and then only if it captures (a forfeit that
///   captures nothing leaves the position as it was: a pass is as good);
/// - past the main phase (cleanup) the position at the start of phase 2 is what
///   counts, so filling one's own area there only loses points; play captures
///   and unblocks (which remove dead stones and lift blocks), otherwise pass;
/// - kee needs nothing: two passes do not end the game, and the game's own
///   `over()` says when it has.
fn variant_filter(game: &Game, color: Color, candidates: &mut Vec<Move>) {
    let board = game.board();
    let (forfeits, plain): (Vec<Move>, Vec<Move>) = candidates
        .iter()
        .partition(|&&mv| game.would_forfeit(color, mv));
    if !forfeits.is_empty() {
        *candidates = if plain.is_empty() {
            forfeits
                .into_iter()
                .filter(|&mv| matches!(mv, Move::Play(p) if board.would_capture(color, p)))
                .collect()
        } else {
            plain
        };
    }
    if game.phase() != Phase::Main {
        candidates.retain(|&mv| match mv {
            Move::Play(p) => {
                board.would_capture(color, p)
                    || matches!(game.check(color, mv), Ok(Action::Unblock(_)))
            }
            Move::Pass => true,
        });
    }
}
