//! The heavy playout policy: still random, but it answers the last move.
//!
//! Each turn, in order:
//! 0. A ko fight (with probability `ko_fight_prob`, Pachi's `korate`): retake
//!    the ko the opponent took at most `KO_AGE` turns ago, once a threat and
//!    its answer have lifted the ban.
//! 1. Tactics around the opponent's last stone (with probability
//!    `tactics_prob`): capture it if it is in atari, and save our chains next to
//!    it that it put in atari, by capturing one of their attackers or by extending
//!    when that gains liberties (and the extension is no ladder). One of the
//!    candidates, at random.
//! 2. Two-liberty fights (with probability `two_liberty_prob`): atari the last
//!    stone's chain when it has two liberties and could not simply run away,
//!    or give our chains next to it that it left with two liberties a third.
//!
//!    Then the race step (with probability `race_prob`, Pachi's `2lib`
//!    defence and `nlib`): next to the last stone, our chains with two to
//!    four liberties capture an opponent chain touching them that is in
//!    atari or atari one with two liberties ([`race_moves`]); a self-atari
//!    among them passes when it is a nakade throw-in
//!    ([`is_nakade_throw_in`]), which is how a race inside an eye space is
//!    won. At 0 no number is drawn for it.
//!
//!    Then the reply step, the last good reply (with probability
//!    `reply_prob`): the reply to the last move (after the mover's own
//!    before it) that won the search thread's latest simulation that played
//!    it ([`crate::playout::ReplyTable`]), if it is legal, fills no own true
//!    eye and is no self-atari step 1 would refuse. At 0 no number is drawn
//!    for it.
//! 3. Nakade (with probability `nakade_prob`, Pachi's `nakaderate`): the
//!    vital point of a small eye space the last stone borders, one that lives
//!    or dies by that point ([`nakade_answer`]). At 0 no number is drawn for
//!    it, so the other steps' random sequence is the same as without it.
//! 4. Shapes (with probability `pattern_prob`): the empty points around the last
//!    stone that match a 3x3 pattern ([`super::patterns`]), at random; with
//!    `heavy_pattern_either_color` (the default) the opponent's shapes too,
//!    since their cutting point is where the mover connects; with
//!    `heavy_pattern_own_last`, around the mover's own previous stone too.
//! 5. Otherwise a uniformly random legal move that fills
//!    no own true eye and puts no chain of `self_atari_stones` or more stones
//!    into atari (a single stone's self-atari, a throw-in or a nakade, is
//!    refused only with probability `single_self_atari_reject`). With
//!    `heavy_throw_in`, a nakade throw-in of up to six stones passes too
//!    ([`is_nakade_throw_in`]): refusing it, the playouts never fill a
//!    square four, and a group whose only eye space holds the opponent's
//!    stones lives in all of them.
//!
//! With `heavy_self_atari_judge` above 0, the self-ataris of steps 1, 2, 4
//! (shapes) and 5 are judged instead, as Pachi's moggy does:
//! with that probability by [`is_bad_self_atari`] (nakade, throw-ins and
//! snapbacks pass, the rest is refused), otherwise by
//! [`is_really_bad_self_atari`] (only losing three or more stones for
//! nothing is refused). At 0 the judgement is never called and no random
//! number is drawn for it, so the playouts are the same as without it.
//!
//! Every choice is legal on the board (simple ko, no suicide). The tactics it
//! reads are [`crate::tactics`], which the tree's priors share.

use super::patterns::PatternTable;
use crate::board::{Board, Color, Point};
use crate::playout::{Context, PlayoutPolicy};
use crate::rng::FastRng;
use crate::tactics::{
    NAKADE_THROW_IN_STONES, NoLadders, PointSet, ThreadLadders, after_play, clearly_no_self_atari,
    is_bad_self_atari, is_nakade_throw_in, is_really_bad_self_atari, nakade_answer, neighbourhood,
    race_moves, tactical_moves, two_liberty_moves,
};

/// The heavy playout policy's parameters, probabilities in [0, 1]. The
/// search's parameter table fills them for each board size (the `heavy_*`
/// rows of `koban params`), and documents each field there.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct HeavyParams {
    pub(crate) ko_fight_prob: f64,
    pub(crate) tactics_prob: f64,
    pub(crate) two_liberty_prob: f64,
    pub(crate) nakade_prob: f64,
    pub(crate) pattern_prob: f64,
    pub(crate) pattern_either_color: bool,
    pub(crate) pattern_own_last: bool,
    pub(crate) self_atari_stones: u32,
    pub(crate) single_self_atari_reject: f64,
    pub(crate) self_atari_judge: f64,
    pub(crate) throw_in: bool,
    pub(crate) ladder_check: bool,
    pub(crate) reply_prob: f64,
    pub(crate) race_prob: f64,
}

/// The heavy playout policy; see the module documentation.
pub(crate) struct HeavyPolicy {
    patterns: &'static PatternTable,
    /// Probabilities in 1/2^32 units, drawn against one random word.
    ko_fight: u64,
    tactics: u64,
    two_libs: u64,
    nakade: u64,
    pattern: u64,
    single_self_atari_reject: u64,
    self_atari_stones: usize,
    /// Probability of the strict self-atari judgement; 0: the judgement is
    /// off and the two fields above decide.
    self_atari_judge: u64,
    ladder_check: bool,
    /// Step 5's nakade throw-ins of up to six stones pass the self-atari rule.
    throw_in: bool,
    /// The reply step's probability; 0: the search keeps no table of replies.
    reply: u64,
    /// The race step's probability.
    race: u64,
    /// Shapes count for either player ([`PatternTable::is_shape`]).
    pattern_either_color: bool,
    /// The shape step also looks around the mover's own previous stone.
    pattern_own_last: bool,
}

/// Which self-ataris a local step's candidates may be (with the judgement
/// off; with it on, those it does not refuse).
#[derive(Copy, Clone, PartialEq, Eq)]
enum SelfAtari {
    /// Of fewer than `self_atari_stones` stones (the tactics' answers).
    Small,
    /// None (two-liberty fights, shapes).
    None,
    /// Nakade throw-ins of up to six stones (the race step).
    ThrowIn,
}

/// The race step's reach: our chains of up to this many liberties (Pachi's
/// `nlib_count`).
const RACE_LIBERTIES: usize = 4;

fn probability(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * 4_294_967_296.0) as u64
}

impl HeavyPolicy {
    /// The policy with the parameters of one board size.
    pub(crate) fn new(t: &HeavyParams) -> HeavyPolicy {
        HeavyPolicy {
            patterns: PatternTable::standard(),
            ko_fight: probability(t.ko_fight_prob),
            tactics: probability(t.tactics_prob),
            two_libs: probability(t.two_liberty_prob),
            nakade: probability(t.nakade_prob),
            pattern: probability(t.pattern_prob),
            single_self_atari_reject: probability(t.single_self_atari_reject),
            self_atari_stones: t.self_atari_stones as usize,
            self_atari_judge: probability(t.self_atari_judge),
            ladder_check: t.ladder_check,
            throw_in: t.throw_in,
            reply: probability(t.reply_prob),
            race: probability(t.race_prob),
            pattern_either_color: t.pattern_either_color,
            pattern_own_last: t.pattern_own_last,
        }
    }

    #[inline]
    fn chance(rng: &mut FastRng, p: u64) -> bool {
        (rng.next_u64() >> 32) < p
    }

    /// A random legal point of `cands` that is no self-atari `rule` refuses;
    /// with the judgement on, no self-atari it refuses (but a throw-in under
    /// [`SelfAtari::ThrowIn`]).
    #[inline(always)]
    fn pick<const N: usize>(
        &self,
        board: &Board,
        color: Color,
        cands: &mut PointSet<N>,
        rule: SelfAtari,
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
                let ok = if !after.is_self_atari()
                    || (rule == SelfAtari::ThrowIn
                        && is_nakade_throw_in(board, color, p, NAKADE_THROW_IN_STONES))
                {
                    true
                } else if self.self_atari_judge == 0 {
                    rule == SelfAtari::Small && after.stones < self.self_atari_stones
                } else {
                    !self.refuses_self_atari(board, color, p, rng)
                };
                if ok {
                    return Some(p);
                }
            }
            cands.remove_at(i);
        }
        None
    }

    /// Whether the judgement refuses the self-atari of `color` at `p`: the
    /// strict test with probability `self_atari_judge`, else the lenient one
    /// (Pachi's moggy `selfatarirate`).
    #[cold]
    fn refuses_self_atari(&self, board: &Board, color: Color, p: Point, rng: &mut FastRng) -> bool {
        if Self::chance(rng, self.self_atari_judge) {
            is_bad_self_atari(board, color, p)
        } else {
            is_really_bad_self_atari(board, color, p)
        }
    }

    /// Random move of step 5.
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
                if !after.is_self_atari() {
                    true
                } else if self.self_atari_judge == 0 {
                    (after.stones < self.self_atari_stones
                        && !Self::chance(rng, self.single_self_atari_reject))
                        || (self.throw_in
                            && after.stones > 1
                            && is_nakade_throw_in(board, color, p, NAKADE_THROW_IN_STONES))
                } else {
                    !self.refuses_self_atari(board, color, p, rng)
                }
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
        self.pick(board, color, &mut cands, SelfAtari::Small, rng)
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
        let either = self.pattern_either_color;
        for q in neighbourhood(board, centre) {
            if board.is_empty(q) && self.patterns.is_shape(board, color, q, either) {
                cands.add(q);
            }
        }
    }

    /// The reply step: the remembered `reply`, if it passes the checks of
    /// step 1's answers.
    #[inline]
    fn last_good_reply(
        &self,
        board: &Board,
        color: Color,
        reply: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if reply == Point::NONE || !board.is_empty(reply) || !Self::chance(rng, self.reply) {
            return None;
        }
        if board.empty_neighbour_count(reply) == 0 && board.is_true_eye(color, reply) {
            return None;
        }
        let mut cands = PointSet::<1>::default();
        cands.add(reply);
        self.pick(board, color, &mut cands, SelfAtari::Small, rng)
    }

    /// The race step. Kept out of line: it is off up to 11x11, and inlined
    /// it made the steps too large for the compiler to inline into
    /// `choose` (1.5% more instructions on the path without it).
    #[inline(never)]
    fn capturing_race(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        let mut cands = PointSet::<12>::default();
        race_moves(board, color, last, RACE_LIBERTIES, &mut cands);
        self.pick(board, color, &mut cands, SelfAtari::ThrowIn, rng)
    }

    /// Steps 1 to 4; `own_last` is the mover's previous stone, for the
    /// shapes, and `reply` the remembered reply of the reply step.
    #[inline]
    fn local(
        &self,
        board: &Board,
        color: Color,
        last: Point,
        own_last: Point,
        reply: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if let Some(p) = self.tactics(board, color, last, rng) {
            return Some(p);
        }
        if Self::chance(rng, self.two_libs) {
            let mut cands = PointSet::<12>::default();
            two_liberty_moves(board, color, last, &mut cands);
            if let Some(p) = self.pick(board, color, &mut cands, SelfAtari::None, rng) {
                return Some(p);
            }
        }
        if self.race > 0
            && Self::chance(rng, self.race)
            && let Some(p) = self.capturing_race(board, color, last, rng)
        {
            return Some(p);
        }
        if self.reply > 0
            && let Some(p) = self.last_good_reply(board, color, reply, rng)
        {
            return Some(p);
        }
        if self.nakade > 0
            && Self::chance(rng, self.nakade)
            && let Some(p) = nakade_answer(board, last)
            && board.is_legal(color, p)
        {
            return Some(p);
        }
        if Self::chance(rng, self.pattern) {
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
            if let Some(p) = self.pick(board, color, &mut cands, SelfAtari::None, rng) {
                return Some(p);
            }
        }
        None
    }
}

impl HeavyPolicy {
    /// The choice after the opponent's `last` and the mover's `own_last`:
    /// steps 1 to 4 around them (with `reply`, the reply step's), else step 5.
    #[inline(always)]
    fn choose_after(
        &self,
        board: &mut Board,
        color: Color,
        last: Point,
        own_last: Point,
        reply: Point,
        rng: &mut FastRng,
    ) -> Option<Point> {
        if last != Point::NONE
            && board.stone(last) == Some(color.opponent())
            && let Some(p) = self.local(board, color, last, own_last, reply, rng)
        {
            return Some(p);
        }
        self.random_move(board, color, rng)
    }
}

impl PlayoutPolicy for HeavyPolicy {
    #[inline]
    fn choose(&self, cx: &mut Context<'_>) -> Option<Point> {
        // Step 0, a ko fight: retake the ko the opponent took, now that a
        // threat and its answer have lifted the ban.
        if self.ko_fight > 0
            && cx.ko_retake != Point::NONE
            && Self::chance(cx.rng, self.ko_fight)
            && cx.board.is_legal(cx.color, cx.ko_retake)
        {
            return Some(cx.ko_retake);
        }
        self.choose_after(cx.board, cx.color, cx.last, cx.own_last, cx.reply, cx.rng)
    }
}

#[cfg(test)]
mod tests;
