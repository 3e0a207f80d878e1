//! `ing-spight`: the Ing-Spight ko rule (spec section 6): hot stones in the current
//! ko sequence may not be removed by a ko play, and each odd cycle may be completed
//! only once per game.
//!
//! State, all a pure function of P0 and the record:
//! - `ko_play[t]`: whether turn t is a ko play. A basic ko capture is one when
//!   played; a play that completes an even cycle in the current run flags itself
//!   and every play of that cycle, retroactively.
//! - `sequence_start`: where the current ko sequence (the longest all-ko suffix of
//!   the record) begins; `ko_play.len()` when it is empty.
//! - `placed_turn[point]`: the turn that placed the stone now on the point. A stone
//!   is hot iff it was placed at or after `sequence_start`: every turn from there
//!   on is in the sequence, so that is exactly "placed by a play of the sequence".
//! - The current run: `run[i]` is the position before the run's i-th board play
//!   (`run[0]` the position after the last pass, or P0), the last entry the
//!   current position; `run_latest` maps a position to its latest index there and
//!   `run_distinct_from` is the smallest index from which the run's positions are
//!   pairwise distinct. The even-cycle test is then O(1) plus one hash lookup.
//! - `plays`: every board play with its identity and the colors it changed, for
//!   the odd-cycle walk; `signatures`: the odd cycles completed so far, each as
//!   the lexicographically least rotation of its play identities.
//!
//! Readings of the spec taken here (each is pinned by `gtp-tests/ko_ing_spight.tst`):
//! - Even cycle: Y is the latest play of the run whose before-position equals the
//!   position after X, and the cycle's positions (before Y .. before X) must be
//!   pairwise distinct: a simple cycle, so "no position repeats strictly inside
//!   the span" also excludes a return to the end position inside it.
//! - "Removes" counts every stone the play takes off the board, so a suicide that
//!   completes an even cycle may not remove its own hot stones either.
//! - For a suicide the played point counts as changed, and the identity's chain is
//!   the chain that was removed.

use super::effect::PlayEffect;
use super::positions::{PositionId, PositionStore};
use super::{Action, KoFact, KoRule, KoVariant, Over, PassCounter, Refusal};
use crate::board::{Board, Color, MAX_POINTS, Move, Point};
use ahash::{AHashMap, AHashSet};
use smallvec::SmallVec;

/// How many earlier board plays the odd-cycle walk examines at most.
const ODD_CYCLE_WINDOW: usize = 32;

const NOT_PLACED: u32 = u32::MAX;

/// (player, point, chain after the play, points removed), ordered so that
/// sequences of identities compare lexicographically.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct PlayIdentity {
    color: u8,
    point: Point,
    chain: Box<[Point]>,
    removed: Box<[Point]>,
}

impl PlayIdentity {
    fn of(effect: &PlayEffect) -> PlayIdentity {
        let mut removed: Vec<Point> = effect.removed().collect();
        removed.sort_unstable();
        PlayIdentity {
            color: effect.color.index() as u8,
            point: effect.point,
            chain: effect.chain.iter().copied().collect(),
            removed: removed.into_boxed_slice(),
        }
    }
}

/// A point a play changed: (point, color before, color after).
type Change = (Point, Option<Color>, Option<Color>);

fn changes_of(effect: &PlayEffect) -> SmallVec<[Change; 4]> {
    let mut changes = SmallVec::new();
    let suicide = !effect.suicided.is_empty();
    changes.push((
        effect.point,
        None,
        if suicide { None } else { Some(effect.color) },
    ));
    for q in effect.captured.iter().copied() {
        changes.push((q, Some(effect.color.opponent()), None));
    }
    for q in effect.suicided.iter().copied() {
        if q != effect.point {
            changes.push((q, Some(effect.color), None));
        }
    }
    changes
}

#[derive(Clone)]
struct PlayRecord {
    identity: PlayIdentity,
    changes: SmallVec<[Change; 4]>,
}

/// Everything the rule needs to know about one candidate play.
struct Analysis {
    effect: PlayEffect,
    /// Run index of Y when the play completes an even cycle.
    even_cycle_from: Option<usize>,
    /// The canonical signature when the play completes an odd cycle.
    odd_cycle: Option<Vec<PlayIdentity>>,
}

impl Analysis {
    fn is_ko_play(&self) -> bool {
        self.effect.basic_ko().is_some() || self.even_cycle_from.is_some()
    }
}

/// The lexicographically least rotation of a sequence.
fn least_rotation<T: Ord + Clone>(sequence: &[T]) -> Vec<T> {
    let n = sequence.len();
    let rotation = |r: usize| sequence[r..].iter().chain(&sequence[..r]);
    let best = (0..n)
        .min_by(|&a, &b| rotation(a).cmp(rotation(b)))
        .unwrap_or(0);
    rotation(best).cloned().collect()
}

#[derive(Clone)]
pub(crate) struct IngSpight {
    positions: PositionStore,
    ko_play: Vec<bool>,
    sequence_start: usize,
    placed_turn: Vec<u32>,
    plays: Vec<PlayRecord>,
    run: Vec<PositionId>,
    run_turns: Vec<usize>,
    run_latest: AHashMap<PositionId, usize>,
    run_distinct_from: usize,
    signatures: AHashSet<Vec<PlayIdentity>>,
    passes: PassCounter,
}

impl IngSpight {
    pub(crate) fn new(p0: &Board) -> IngSpight {
        let mut rule = IngSpight {
            positions: PositionStore::new(),
            ko_play: Vec::new(),
            sequence_start: 0,
            placed_turn: vec![NOT_PLACED; MAX_POINTS],
            plays: Vec::new(),
            run: Vec::new(),
            run_turns: Vec::new(),
            run_latest: AHashMap::new(),
            run_distinct_from: 0,
            signatures: AHashSet::new(),
            passes: PassCounter::default(),
        };
        rule.start_run(p0);
        rule
    }

    fn start_run(&mut self, board: &Board) {
        let (id, _) = self.positions.intern(board.hash(), board);
        self.run.clear();
        self.run_turns.clear();
        self.run_latest.clear();
        self.run.push(id);
        self.run_latest.insert(id, 0);
        self.run_distinct_from = 0;
    }

    fn is_hot(&self, board: &Board, q: Point) -> bool {
        let placed = self.placed_turn[q.idx()];
        board.stone(q).is_some() && placed != NOT_PLACED && placed as usize >= self.sequence_start
    }

    fn analyse(&self, board: &Board, color: Color, p: Point) -> Analysis {
        let effect = PlayEffect::of(board, color, p);
        let even_cycle_from = self.even_cycle_from(board, color, p);
        let odd_cycle = self.odd_cycle(board, &effect);
        Analysis {
            effect,
            even_cycle_from,
            odd_cycle,
        }
    }

    /// Y's index in the run if the play completes an even cycle there.
    fn even_cycle_from(&self, board: &Board, color: Color, p: Point) -> Option<usize> {
        let id = self.positions.find_after(
            board,
            color,
            p,
            |h| h,
            |id| self.run_latest.contains_key(&id),
        )?;
        let y = self.run_latest[&id];
        // Plays Y..=X: X is the run's play number run.len() - 1.
        let plays = self.run.len() - y;
        (y >= self.run_distinct_from && plays.is_multiple_of(2)).then_some(y)
    }

    /// The walk-back of spec section 6: the canonical signature of the odd cycle
    /// the play (with this effect) completes, if it completes one.
    fn odd_cycle(&self, board: &Board, effect: &PlayEffect) -> Option<Vec<PlayIdentity>> {
        let x_changes = changes_of(effect);
        let after_x = |q: Point| {
            x_changes
                .iter()
                .find(|c| c.0 == q)
                .map_or(board.stone(q), |c| c.2)
        };
        let mut footprint: SmallVec<[Point; 16]> = effect.changed_points().into_iter().collect();
        // Colors just before the play currently walked, where they differ from
        // the current board; later entries (further back) win.
        let mut before: SmallVec<[(Point, Option<Color>); 32]> = SmallVec::new();
        let color_before = |before: &[(Point, Option<Color>)], q: Point| {
            before
                .iter()
                .rev()
                .find(|e| e.0 == q)
                .map_or(board.stone(q), |e| e.1)
        };
        let mut related: SmallVec<[usize; 8]> = SmallVec::new();
        for index in (0..self.plays.len()).rev().take(ODD_CYCLE_WINDOW) {
            let play = &self.plays[index];
            before.extend(play.changes.iter().map(|c| (c.0, c.1)));
            let touches = play.changes.iter().any(|c| {
                footprint.contains(&c.0)
                    || board.neighbours(c.0).iter().any(|n| footprint.contains(n))
            });
            if !touches {
                continue;
            }
            for c in &play.changes {
                if !footprint.contains(&c.0) {
                    footprint.push(c.0);
                }
            }
            related.push(index);
            let count = related.len() + 1;
            if count >= 3
                && count % 2 == 1
                && footprint
                    .iter()
                    .all(|&q| color_before(&before, q) == after_x(q))
            {
                let mut cycle: Vec<PlayIdentity> = related
                    .iter()
                    .rev()
                    .map(|&i| self.plays[i].identity.clone())
                    .collect();
                cycle.push(PlayIdentity::of(effect));
                return Some(least_rotation(&cycle));
            }
        }
        None
    }
}

impl KoVariant for IngSpight {
    fn rule(&self) -> KoRule {
        KoRule::IngSpight
    }

    fn check(&self, board: &Board, color: Color, mv: Move) -> Result<Action, Refusal> {
        let Move::Play(p) = mv else {
            return Ok(Action::Pass);
        };
        board.check_pseudolegal(color, p)?;
        let analysis = self.analyse(board, color, p);
        if analysis.is_ko_play() && analysis.effect.removed().any(|q| self.is_hot(board, q)) {
            return Err(Refusal::Variant("a ko play may not remove a hot stone"));
        }
        if analysis
            .odd_cycle
            .as_ref()
            .is_some_and(|s| self.signatures.contains(s))
        {
            return Err(Refusal::Variant("this odd cycle was completed before"));
        }
        Ok(Action::Play(p))
    }

    fn apply(&mut self, board: &mut Board, color: Color, action: Action) {
        self.passes.record(action);
        let turn = self.ko_play.len();
        let Action::Play(p) = action else {
            board.pass();
            self.ko_play.push(false);
            self.sequence_start = self.ko_play.len();
            self.start_run(board);
            return;
        };
        let analysis = self.analyse(board, color, p);
        board.play_unchecked(color, p);

        self.ko_play.push(analysis.is_ko_play());
        if let Some(y) = analysis.even_cycle_from {
            for &t in &self.run_turns[y..] {
                self.ko_play[t] = true;
            }
        }
        self.sequence_start = self.ko_play.len();
        while self.sequence_start > 0 && self.ko_play[self.sequence_start - 1] {
            self.sequence_start -= 1;
        }

        for q in analysis.effect.removed() {
            self.placed_turn[q.idx()] = NOT_PLACED;
        }
        if board.stone(p).is_some() {
            self.placed_turn[p.idx()] = turn as u32;
        }
        self.plays.push(PlayRecord {
            identity: PlayIdentity::of(&analysis.effect),
            changes: changes_of(&analysis.effect),
        });

        let (id, _) = self.positions.intern(board.hash(), board);
        if let Some(&previous) = self.run_latest.get(&id) {
            self.run_distinct_from = self.run_distinct_from.max(previous + 1);
        }
        self.run_latest.insert(id, self.run.len());
        self.run.push(id);
        self.run_turns.push(turn);

        if let Some(signature) = analysis.odd_cycle {
            self.signatures.insert(signature);
        }
    }

    fn over(&self) -> Over {
        if self.passes.game_over() {
            Over::Yes
        } else {
            Over::No
        }
    }

    fn facts(&self, board: &Board) -> Vec<KoFact> {
        let hot = board.points().filter(|&q| self.is_hot(board, q)).collect();
        vec![KoFact::Hot(hot)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_rotation_is_rotation_canonical() {
        let a = [3, 1, 2, 1, 2];
        let canonical = least_rotation(&a);
        assert_eq!(canonical, vec![1, 2, 1, 2, 3]);
        for r in 0..a.len() {
            let rotated: Vec<i32> = a[r..].iter().chain(&a[..r]).copied().collect();
            assert_eq!(least_rotation(&rotated), canonical);
        }
        // A different cycle over the same elements stays different.
        assert_ne!(least_rotation(&[1, 1, 2, 2, 3]), canonical);
        assert_eq!(least_rotation::<i32>(&[]), Vec::<i32>::new());
    }

    fn play(rule: &mut IngSpight, board: &mut Board, color: Color, name: &str) {
        let p = crate::board::vertex::parse_point(name, board).unwrap();
        let action = rule.check(board, color, Move::Play(p)).expect(name);
        rule.apply(board, color, action);
    }

    /// The sending-two-returning-one corner of `ko_superko.tst`, Black to play
    /// A1, on a board of `size`.
    fn sending_two_position(size: usize) -> Board {
        let mut board = Board::new(size);
        for (name, c) in [
            ("A4", Color::Black),
            ("B4", Color::Black),
            ("B3", Color::Black),
            ("A2", Color::Black),
            ("B2", Color::White),
            ("B1", Color::White),
        ] {
            let p = crate::board::vertex::parse_point(name, &board).unwrap();
            board.set_cell(p, Some(c));
        }
        board
    }

    /// Sending two returning one (the 5x5 position of `ko_superko.tst`): the
    /// three plays complete an odd cycle; its rotation starting with Black's
    /// second A1 has the same signature and is refused.
    #[test]
    fn odd_cycle_signatures_match_across_rotations() {
        let mut board = sending_two_position(5);
        let mut rule = IngSpight::new(&board);
        play(&mut rule, &mut board, Color::Black, "A1");
        play(&mut rule, &mut board, Color::White, "A3");
        play(&mut rule, &mut board, Color::Black, "A2");
        assert_eq!(rule.signatures.len(), 1);
        let first = rule.signatures.iter().next().unwrap().clone();
        assert_eq!(first.len(), 3);
        play(&mut rule, &mut board, Color::White, "E5");
        let a1 = crate::board::vertex::parse_point("A1", &board).unwrap();
        let analysis = rule.analyse(&board, Color::Black, a1);
        assert_eq!(analysis.odd_cycle, Some(first));
        assert!(rule.check(&board, Color::Black, Move::Play(a1)).is_err());
    }

    /// The walk looks back at most 32 board plays: with 30 unrelated plays (and a
    /// pass, which is skipped) between the first cycle and Black's second A1, W A3
    /// is the 32nd play back and the cycle is found; with 31 it is out of reach.
    #[test]
    fn the_odd_cycle_walk_stops_after_32_plays() {
        for (between, refused) in [(30, true), (31, false)] {
            let mut board = sending_two_position(9);
            let mut rule = IngSpight::new(&board);
            play(&mut rule, &mut board, Color::Black, "A1");
            play(&mut rule, &mut board, Color::White, "A3");
            play(&mut rule, &mut board, Color::Black, "A2");
            // White fills F1-J4, Black F6-J9: far from the corner, no captures
            // (row 5 stays empty).
            let columns = ["F", "G", "H", "J"];
            let white: Vec<String> = (1..=4)
                .flat_map(|r| columns.iter().map(move |c| format!("{c}{r}")))
                .collect();
            let black: Vec<String> = (6..=9)
                .flat_map(|r| columns.iter().map(move |c| format!("{c}{r}")))
                .collect();
            for i in 0..between {
                let (color, name) = if i % 2 == 0 {
                    (Color::White, &white[i / 2])
                } else {
                    (Color::Black, &black[i / 2])
                };
                play(&mut rule, &mut board, color, name);
            }
            if between % 2 == 0 {
                rule.apply(&mut board, Color::White, Action::Pass);
            }
            let a1 = crate::board::vertex::parse_point("A1", &board).unwrap();
            assert_eq!(
                rule.check(&board, Color::Black, Move::Play(a1)).is_err(),
                refused,
                "{between} plays in between"
            );
        }
    }
}
