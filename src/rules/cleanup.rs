//! `cleanup`: Japanese-style play with ko-recapture blocks in the cleanup (spec
//! section 7).
//!
//! The main phase is simple ko with territory scoring. Two consecutive passes
//! start cleanup phase 1, two more phase 2, two more end the game. In a cleanup
//! phase the simple ko point does not apply; instead a ko-move (a basic ko
//! capture) marks the stone just played, a ko-move may not capture a marked stone
//! nor repeat a ko-move of the same player on the same point from the same grid in
//! the phase, and a player may spend a turn to *unblock* (remove the mark from the
//! marked stone her ko-move would capture). The no-result rule of `simple` holds
//! in every phase. The game is scored on the position at the start of phase 2,
//! with the stones of that position captured during phase 2 removed as dead.
//!
//! Invariants (all a pure function of P0 and the record):
//! - `marked[p]` only on points holding a stone; cleared with each new phase.
//! - `grid` is the id of the current position in `grids` (exact ids, so the
//!   same-grid rule cannot be fooled by a hash collision); `ko_moves` holds
//!   (player, point, grid before) of every ko-move of the current cleanup phase.
//! - From the start of phase 2, `original[p]` says the stone on p has stood there
//!   since that start, and `dead[p]` that such a stone was captured in phase 2.
//!
//! GTP encodings of an unblock: `play c V` with V the point of the blocked
//! ko-move (the canonical one: `all_legal` lists V), or `play c W` with W the
//! marked stone itself. Both give `Action::Unblock(W)`.

use super::effect::PlayEffect;
use super::positions::{PositionId, PositionStore, SituationCounter};
use super::{
    Action, KoFact, KoRule, KoVariant, Over, PassCounter, Phase, Refusal, Scoring, ko_point_fact,
};
use crate::board::{Board, Color, Illegal, MAX_POINTS, Move, Point};
use crate::score::{self, Points};
use ahash::AHashSet;

#[derive(Clone)]
pub(crate) struct Cleanup {
    phase: Phase,
    passes: PassCounter,
    since_pass: SituationCounter,
    no_result: bool,
    marked: Vec<bool>,
    grids: PositionStore,
    grid: PositionId,
    ko_moves: AHashSet<(usize, Point, PositionId)>,
    phase2_start: Option<Board>,
    original: Vec<bool>,
    dead: Vec<bool>,
}

impl Cleanup {
    pub(crate) fn new(p0: &Board, to_move: Color) -> Cleanup {
        let mut since_pass = SituationCounter::default();
        since_pass.record(p0, to_move);
        let mut grids = PositionStore::new();
        let (grid, _) = grids.intern(p0.hash(), p0);
        Cleanup {
            phase: Phase::Main,
            passes: PassCounter::default(),
            since_pass,
            no_result: false,
            marked: vec![false; MAX_POINTS],
            grids,
            grid,
            ko_moves: AHashSet::new(),
            phase2_start: None,
            original: vec![false; MAX_POINTS],
            dead: vec![false; MAX_POINTS],
        }
    }

    fn start_phase(&mut self, board: &mut Board, phase: Phase) {
        self.phase = phase;
        self.passes = PassCounter::default();
        self.marked.fill(false);
        self.ko_moves.clear();
        self.grid = self.grids.intern(board.hash(), board).0;
        board.clear_ko();
        if phase == Phase::Cleanup2 {
            for p in board.points() {
                self.original[p.idx()] = board.stone(p).is_some();
            }
            self.phase2_start = Some(board.clone());
        }
    }

    /// The point of the ko-move by `color` that would capture the stone at `w`,
    /// if there is one (pseudolegal; the marks and records are not consulted).
    fn ko_move_capturing(&self, board: &Board, color: Color, w: Point) -> Option<Point> {
        if board.stone(w) != Some(color.opponent())
            || board.chain_size(w) != 1
            || board.liberties(w) != 1
        {
            return None;
        }
        let liberty = board.chain_liberties(w)[0];
        board.check_pseudolegal(color, liberty).ok()?;
        (PlayEffect::of(board, color, liberty).basic_ko() == Some(w)).then_some(liberty)
    }

    fn check_cleanup_play(&self, board: &Board, color: Color, p: Point) -> Result<Action, Refusal> {
        if !board.is_on_board(p) {
            return Err(Refusal::Board(Illegal::OffBoard));
        }
        if board.stone(p).is_some() {
            // `play c W` on the marked stone itself names the same unblock.
            if self.marked[p.idx()] && self.ko_move_capturing(board, color, p).is_some() {
                return Ok(Action::Unblock(p));
            }
            return Err(Refusal::Board(Illegal::Occupied));
        }
        board.check_pseudolegal(color, p)?;
        if let Some(captured) = PlayEffect::of(board, color, p).basic_ko() {
            if self.marked[captured.idx()] {
                return Ok(Action::Unblock(captured));
            }
            if self.ko_moves.contains(&(color.index(), p, self.grid)) {
                return Err(Refusal::Variant(
                    "this ko-move was already made from this grid in this phase",
                ));
            }
        }
        Ok(Action::Play(p))
    }
}

impl KoVariant for Cleanup {
    fn rule(&self) -> KoRule {
        KoRule::Cleanup
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        match mv {
            Move::Pass => Ok(Action::Pass),
            Move::Play(p) if self.phase == Phase::Main => {
                board.check(color, p)?;
                Ok(Action::Play(p))
            }
            Move::Play(p) => self.check_cleanup_play(board, color, p),
        }
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        self.passes.record(action);
        match action {
            Action::Pass => {
                board.pass();
                self.since_pass.clear();
                self.since_pass.record(board, color.opponent());
                if self.passes.game_over() {
                    match self.phase {
                        Phase::Main => self.start_phase(board, Phase::Cleanup1),
                        Phase::Cleanup1 => self.start_phase(board, Phase::Cleanup2),
                        // Two passes in phase 2 end the game: `over` sees them.
                        Phase::Cleanup2 => {}
                    }
                }
            }
            Action::Play(p) => {
                if self.phase == Phase::Main {
                    board.play_unchecked(color, p);
                } else {
                    let effect = PlayEffect::of(board, color, p);
                    if effect.basic_ko().is_some() {
                        self.ko_moves.insert((color.index(), p, self.grid));
                    }
                    board.play_unchecked(color, p);
                    // No simple-ko ban in a cleanup phase; the marks replace it.
                    board.clear_ko();
                    if effect.basic_ko().is_some() {
                        self.marked[p.idx()] = true;
                    }
                    for q in effect.removed() {
                        self.marked[q.idx()] = false;
                        if self.phase == Phase::Cleanup2 && self.original[q.idx()] {
                            self.dead[q.idx()] = true;
                            self.original[q.idx()] = false;
                        }
                    }
                    self.grid = self.grids.intern(board.hash(), board).0;
                }
                if self.since_pass.record(board, color.opponent()) >= 3 {
                    self.no_result = true;
                }
            }
            Action::Unblock(w) => {
                self.marked[w.idx()] = false;
                // The situation occurs (the other player is to move) but only a
                // board play can trigger the no-result rule.
                self.since_pass.record(board, color.opponent());
            }
        }
    }

    fn over(&self) -> Over {
        if self.no_result {
            Over::NoResult
        } else if self.phase == Phase::Cleanup2 && self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    fn facts(&self, board: &Board) -> Vec<KoFact> {
        let mut facts = Vec::new();
        if self.phase == Phase::Main {
            facts.extend(ko_point_fact(board));
        }
        let blocked = board.points().filter(|q| self.marked[q.idx()]).collect();
        facts.push(KoFact::Blocked(blocked));
        facts
    }

    fn decides_dead_stones(&self) -> bool {
        self.phase2_start.is_some()
    }

    /// Territory, whatever `scoring` says (the rules layer keeps it so). Before
    /// phase 2 the current position is counted as it stands; from the start of
    /// phase 2, that start's position without the stones captured since.
    fn final_points(&self, board: &Board, _scoring: Scoring) -> Points {
        let Some(start) = &self.phase2_start else {
            return score::territory(board);
        };
        let mut counted = start.clone();
        for p in start.points().filter(|p| self.dead[p.idx()]) {
            counted.set_cell(p, None);
        }
        let mut points = [0.0; 2];
        for (_, owner) in score::empty_region_owners(&counted) {
            if let Some(c) = owner {
                points[c.index()] += 1.0;
            }
        }
        // Every prisoner of the game, the dead stones included (phase 2 captured
        // them, so they already are their captor's prisoners).
        for c in Color::BOTH {
            points[c.index()] += board.prisoners(c) as f64;
        }
        points
    }
}
