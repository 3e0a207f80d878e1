//! The ko variants' interface: what the game layer asks of a variant
//! ([`KoVariant`]: check a turn, apply it, say when the game is over, count
//! it, describe its live state as [`KoFact`]s), the answers' types, and the
//! one constructor [`new_variant`] that picks a variant's type from the
//! rules. Each variant is its own type in a file of its own beside this one.

use super::superko::{Repetition, Superko};
use super::{KoRule, Rules, Scoring};
use super::{cleanup, geneva, ing_spight, kee, simple};
use crate::board::{Board, Color, Illegal, Move, Point};
use crate::score::{self, Points};

/// Why the rules refuse a turn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Not a board play at all (occupied, suicide, off the board).
    Board(Illegal),
    /// The simple-ko ban.
    Ko,
    /// Repeats an earlier position or situation.
    Superko,
    /// Forbidden by a variant-specific rule (hot stones, blocks, odd cycles, ...).
    Variant(&'static str),
}

impl From<Illegal> for Refusal {
    fn from(illegal: Illegal) -> Refusal {
        match illegal {
            Illegal::Ko => Refusal::Ko,
            other => Refusal::Board(other),
        }
    }
}

/// What an accepted turn does to the grid.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Pass,
    Play(Point),
    /// Cleanup only: remove the ko-recapture block from the marked stone at the
    /// point; the grid does not change.
    Unblock(Point),
}

/// Whether and how the game has ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Over {
    No,
    Yes,
    NoResult,
}

impl Over {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Over::No => "no",
            Over::Yes => "yes",
            Over::NoResult => "no-result",
        }
    }
}

/// The phase of the game (only `cleanup` has more than one).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    Main,
    Cleanup1,
    Cleanup2,
}

impl Phase {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Phase::Main => "main",
            Phase::Cleanup1 => "cleanup-1",
            Phase::Cleanup2 => "cleanup-2",
        }
    }
}

/// One ko variant's rules and live state.
///
/// The game layer calls `check` and then `apply` with the same arguments; `apply`
/// alone mutates the board, because some variants change it in ways a plain board
/// play does not (a Geneva forfeit removes the played stone, a cleanup unblock
/// changes no point).
pub trait KoVariant: Send + Sync + CloneVariant {
    fn rule(&self) -> KoRule;

    /// Whether `color` may take the turn `mv` now, and what it would do.
    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal>;

    /// Carries out a turn `check` accepted. `board` is the current board.
    fn apply(&mut self, board: &mut Board, color: Color, action: Action);

    fn over(&self) -> Over;

    fn phase(&self) -> Phase {
        Phase::Main
    }

    /// What the variant's live state holds beyond the rule, the phase and
    /// [`KoVariant::over`]: the facts `koban-ko_state` reports, one per kind,
    /// in the order it lists them.
    fn facts(&self, board: &Board) -> Vec<KoFact>;

    /// Points per color, komi excluded, if the game were counted now: what
    /// `final_score` reports. The default counts the board as it stands under
    /// `scoring`; variants whose rules count something else (forfeits, several
    /// positions, a phase's starting position) override it.
    fn final_points(&self, board: &Board, scoring: Scoring) -> Points {
        count_board(board, scoring)
    }

    /// Whether [`KoVariant::final_points`] already settles which stones are dead
    /// by the variant's own rule (cleanup from phase 2 on: the stones captured
    /// in it). Estimated dead stones must then not be removed before counting.
    fn decides_dead_stones(&self) -> bool {
        false
    }

    /// Points per color that a count of the current board alone cannot see and
    /// that a playout's area count should add (Geneva forfeits). Zero by default.
    fn score_bonus(&self) -> Points {
        [0.0; 2]
    }

    /// Whether the legal board play of `color` at `p` would be punished rather
    /// than simply played (a Geneva forfeit). Move generators use it to avoid
    /// needless penalties.
    fn would_forfeit(&self, _board: &Board, _color: Color, _p: Point) -> bool {
        false
    }
}

/// The plain count of a board: area or territory, as the rules say.
pub(crate) fn count_board(board: &Board, scoring: Scoring) -> Points {
    match scoring {
        Scoring::Area => score::area(board),
        Scoring::Territory => score::territory(board),
    }
}

/// Cloning behind the trait object; every `Clone` variant gets it for free.
pub trait CloneVariant {
    fn clone_box(&self) -> Box<dyn KoVariant>;
    /// Makes `target` a copy of `self` with `Clone::clone_from`, which reuses
    /// its allocations, when it is the same variant; a fresh clone otherwise.
    fn clone_into_box(&self, target: &mut Box<dyn KoVariant>);
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<T: KoVariant + Clone + 'static> CloneVariant for T {
    fn clone_box(&self) -> Box<dyn KoVariant> {
        Box::new(self.clone())
    }

    fn clone_into_box(&self, target: &mut Box<dyn KoVariant>) {
        match (**target).as_any_mut().downcast_mut::<T>() {
            Some(same) => same.clone_from(self),
            None => *target = Box::new(self.clone()),
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl Clone for Box<dyn KoVariant> {
    fn clone(&self) -> Self {
        self.clone_box()
    }

    fn clone_from(&mut self, source: &Self) {
        source.clone_into_box(self)
    }
}

/// A fresh variant state for the game starting at `p0` with `to_move` to play,
/// under `rules` (the variant is `rules.ko`; Geneva also needs the scoring).
pub(crate) fn new_variant(rules: Rules, p0: &Board, to_move: Color) -> Box<dyn KoVariant> {
    match rules.ko {
        KoRule::Simple => Box::new(simple::SimpleKo::new(p0, to_move)),
        KoRule::Positional => Box::new(Superko::new(Repetition::Position, p0, to_move)),
        KoRule::Situational => Box::new(Superko::new(Repetition::Situation, p0, to_move)),
        KoRule::Geneva => Box::new(geneva::Geneva::new(p0, rules.scoring)),
        KoRule::Kee => Box::new(kee::Kee::new(p0, to_move)),
        KoRule::IngSpight => Box::new(ing_spight::IngSpight::new(p0)),
        KoRule::Cleanup => Box::new(cleanup::Cleanup::new(p0, to_move)),
    }
}

/// Counts consecutive passes; shared by the variants that end on two passes.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct PassCounter {
    consecutive: u32,
}

impl PassCounter {
    pub(super) fn record(&mut self, action: Action) {
        match action {
            Action::Pass => self.consecutive += 1,
            _ => self.consecutive = 0,
        }
    }

    pub(super) fn game_over(&self) -> bool {
        self.consecutive >= 2
    }
}

/// One fact of a variant's live state (see [`KoVariant::facts`]). Points are
/// listed in board order (the order of [`Board::points`]); naming them is the
/// protocol's business.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum KoFact {
    /// The point the simple-ko ban forbids now, for the variants that keep
    /// the board's simple ko (cleanup only in its main phase).
    KoPoint(Point),
    /// Geneva: the forfeits so far, indexed by the color they were forfeited to
    /// ([`Color::index`]).
    Forfeits([u32; 2]),
    /// Ing-Spight: the hot stones, possibly none.
    Hot(Vec<Point>),
    /// Cleanup: the marked (ko-recapture blocked) stones, possibly none.
    Blocked(Vec<Point>),
}

/// The [`KoFact::KoPoint`] of a variant that keeps the board's simple ko.
pub(super) fn ko_point_fact(board: &Board) -> Option<KoFact> {
    board.ko().map(|(p, _)| KoFact::KoPoint(p))
}
