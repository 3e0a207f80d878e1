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
//! 3. Shapes (with probability `pattern_prob`): the empty points around the last
//!    stone that match a 3x3 pattern ([`super::patterns`]), at random; with
//!    `heavy_pattern_either_color` (the default) the opponent's shapes too,
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
//! Every choice is legal on the board (simple ko, no suicide). The tactics it
//! reads are [`crate::tactics`], which the tree's priors share.

use super::params::Tunables;
use super::patterns::PatternTable;
use super::shapes::{ShapeTable, shape_code};
use crate::board::{Board, Color, Point};
use crate::playout::{Context, PlayoutPolicy};
use crate::rng::FastRng;
use crate::tactics::{
    NoLadders, PointSet, ThreadLadders, after_play, clearly_no_self_atari, neighbourhood,
    tactical_moves, two_liberty_moves,
};

/// The heavy playout policy; see the module documentation.
pub(crate) struct HeavyPolicy {
    patterns: &'static PatternTable,
    /// Probabilities in 1/2^32 units, drawn against one random word.
    ko_fight: u64,
    tactics: u64,
    two_libs: u64,
    pattern: u64,
    single_self_atari_reject: u64,
    self_atari_stones: usize,
    ladder_check: bool,
    /// Shapes count for either player ([`PatternTable::shape_weight`]).
    pattern_either_color: bool,
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
    pub(crate) fn new(t: &Tunables, board_size: usize) -> HeavyPolicy {
        let t = &t.for_board(board_size).playout;
        HeavyPolicy {
            patterns: PatternTable::standard(),
            ko_fight: probability(t.ko_fight_prob),
            tactics: probability(t.tactics_prob),
            two_libs: probability(t.two_liberty_prob),
            pattern: probability(t.pattern_prob),
            single_self_atari_reject: probability(t.single_self_atari_reject),
            self_atari_stones: t.self_atari_stones as usize,
            ladder_check: t.ladder_check,
            pattern_either_color: t.pattern_either_color,
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
        let either = self.pattern_either_color;
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
        let own = self.pattern_own_last
            && own_last != Point::NONE
            && board.stone(own_last) == Some(color);
        let centres = [last, if own { own_last } else { Point::NONE }];
        let mut draw = WeightedDraw::around(board, centres, |q| {
            let tenths = table.tenths(shape_code(board, color, q, last));
            (tenths >= self.learned_threshold).then(|| table.weight(tenths))
        });
        draw.pick(board, color, rng)
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

impl HeavyPolicy {
    /// The choice after the opponent's `last` and the mover's `own_last`:
    /// steps 1 to 3 around them, else step 4.
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
}

/// The weighted draw of the learned-shape step: up to sixteen empty points
/// around two centres, each with a weight.
struct WeightedDraw {
    cands: [Point; 16],
    weights: [f32; 16],
    n: usize,
    total: f32,
}

impl WeightedDraw {
    /// The empty points next to `centres` (either may be [`Point::NONE`]),
    /// each once, that `weight` gives a weight.
    #[inline]
    fn around(
        board: &Board,
        centres: [Point; 2],
        mut weight: impl FnMut(Point) -> Option<f32>,
    ) -> WeightedDraw {
        let mut d = WeightedDraw {
            cands: [Point::NONE; 16],
            weights: [0f32; 16],
            n: 0,
            total: 0f32,
        };
        for centre in centres.into_iter().filter(|&c| c != Point::NONE) {
            for q in neighbourhood(board, centre) {
                if !board.is_empty(q) || d.cands[..d.n].contains(&q) {
                    continue;
                }
                if let Some(w) = weight(q) {
                    d.cands[d.n] = q;
                    d.weights[d.n] = w;
                    d.total += w;
                    d.n += 1;
                }
            }
        }
        d
    }

    /// A point drawn in proportion to its weight that is legal and no
    /// self-atari for `color` (refused ones are dropped and the draw
    /// repeated).
    #[inline]
    fn pick(&mut self, board: &Board, color: Color, rng: &mut FastRng) -> Option<Point> {
        while self.n > 0 {
            let mut r = rng.unit() as f32 * self.total;
            let mut i = 0;
            while i + 1 < self.n && r >= self.weights[i] {
                r -= self.weights[i];
                i += 1;
            }
            let p = self.cands[i];
            if board.is_legal(color, p) && !after_play(board, color, p).is_self_atari() {
                return Some(p);
            }
            self.total -= self.weights[i];
            self.n -= 1;
            self.cands[i] = self.cands[self.n];
            self.weights[i] = self.weights[self.n];
        }
        None
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
        self.choose_after(cx.board, cx.color, cx.last, cx.own_last, cx.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::testutil::{CONTACT_PLAY, at, board_from};
    use crate::playout::{Playout, Start};

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
            if let Some(q) = p.choose_after(&mut b, color, last, Point::NONE, &mut rng)
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
            let q = p.choose_after(&mut b, Color::Black, Point::NONE, Point::NONE, &mut rng);
            assert_ne!(q, Some(at(&board, "B1")));
            assert_ne!(q, Some(at(&board, "A1")));
        }
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
    fn defends_the_opponents_cutting_point_with_either_colors_shapes() {
        // White's B4 threatens to cut at C3 between Black's C4 and B3; no
        // capture or escape is at stake, so the shape step decides.
        let board = board_from(&[".....", ".OX..", ".X...", ".....", "....."]);
        let last = at(&board, "B4");
        let with_either = |either| Tunables::default().with("heavy_pattern_either_colour", either);
        // Only the mover's shapes: C3 is no answer. Either color's: every
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

    #[test]
    fn the_ko_fight_step_retakes_the_ko_it_is_offered_when_on_and_legal() {
        // Black took the ko at C6 (B6 is empty, White's to retake), threats
        // exchanged: with the step on White retakes at once; off, the other
        // steps choose (not always B6); an illegal offer is refused.
        let board = board_from(&[
            ".XO....", //
            "X.XO...", //
            ".XO....", //
            ".......", //
            ".......", //
            ".....O.", //
            "......X", //
        ]);
        let b6 = at(&board, "B6");
        let pick = |prob: &str, offer: Point, seed: u64| {
            let policy = HeavyPolicy::new(
                &Tunables::default().with("heavy_ko_fight_prob", prob),
                board.size(),
            );
            let mut b = board.clone();
            let mut rng = FastRng::new(seed);
            policy.choose(&mut Context {
                board: &mut b,
                color: Color::White,
                last: at(&board, "G1"),
                own_last: at(&board, "F2"),
                ko_retake: offer,
                rng: &mut rng,
            })
        };
        for seed in 0..20 {
            assert_eq!(pick("1", b6, seed), Some(b6));
        }
        assert!((0..20).any(|seed| pick("0", b6, seed) != Some(b6)));
        // An offer that is not legal (an occupied point) is refused.
        let c7 = at(&board, "C7");
        assert!((0..20).all(|seed| pick("1", c7, seed) != Some(c7)));
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
                    match p.choose_after(&mut board, color, last, Point::NONE, &mut rng) {
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
            let r = Playout::new(&p, crate::mcts::search::playout_cap(size)).play_and_score(
                &mut Board::new(size),
                Start::new(Color::Black),
                &mut rng,
                |_, _| {},
            );
            assert!(r.score.abs() <= (size * size) as i32);
        }
    }
}
