//! Priors of new tree nodes: Go knowledge as virtual visits.
//!
//! Every child starts with `prior_even` visits at 0.5; the knowledge below adds
//! virtual won visits (bonuses) or lost ones (penalties), stored as one signed
//! byte per node (the sum is clamped to -127..127). With RAVE the prior is also
//! the first-play urgency: a child nobody has visited is worth its prior.
//!
//! - eye fill or Geneva forfeit: `prior_eye_fill` lost;
//! - chains in atari anywhere: capturing one, or saving one's own (capturing an
//!   attacker, extending out without a ladder): `prior_atari` won; extending
//!   into a ladder that catches the chain: `prior_ladder` lost and nothing
//!   else;
//! - ataris on opponent chains with two liberties that cannot simply run away:
//!   `prior_two_liberty` won;
//! - self-atari of two or more stones: `prior_self_atari` lost (half for one);
//! - a 3x3 shape of the mover's ([`crate::knowledge::patterns`]): `prior_pattern` won;
//! - the bonuses above count half away from the last move (outside its
//!   8-neighbourhood);
//! - distance to the last move in the common fate graph (chains collapsed to
//!   one point): `prior_cfg1`, `prior_cfg2`, `prior_cfg3` won at 1, 2, 3 steps;
//! - even-game heuristics on 13x13 and up, with no stone within two points:
//!   first line `prior_lines` lost, third line `prior_lines` won;
//! - or, instead of all the knowledge above but the eye fill, the move
//!   ratings ([`crate::knowledge::ratings`]): `prior_ratings` (on 13x13 and up
//!   `prior_ratings_large`, with the table learned from 19x19 games) times
//!   the square root of the move's probability under the learned model, won.
//!   Both are on by default, so the hand-written knowledge is what
//!   `prior_ratings=0` / `prior_ratings_large=0` fall back to.

use super::params::PriorParams;
use super::tree::{FLAG_EYE_FILL, FLAG_FORFEIT};
use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::knowledge::patterns::PatternTable;
use crate::knowledge::ratings::{MoveFeatures, Ratings, escapes_into_ladder};
use crate::tactics::{
    LadderStack, PointSet, after_play, atari_liberty, atari_moves, escape_moves, neighbourhood,
};

/// Moves marked by the global scans, at most this many each.
const MARKS: usize = 64;

/// The priors of one node's children: what is known about the position once.
pub(crate) struct Priors<'a> {
    board: &'a Board,
    color: Color,
    /// The opponent's last stone, or [`Point::NONE`].
    last: Point,
    /// Captures and escapes of chains in atari.
    atari: PointSet<MARKS>,
    /// Extensions into ladders.
    ladder: PointSet<MARKS>,
    /// Ataris on chains with two liberties.
    two_liberty: PointSet<MARKS>,
    /// Common-fate-graph distance from the last move's chain, per point (255:
    /// farther than 3 or no last move).
    distance: Vec<u8>,
    params: &'a PriorParams,
    patterns: &'static PatternTable,
    /// The move ratings' probability of each point and their weight, when
    /// `prior_ratings` (`prior_ratings_large`) is on; they then replace the
    /// hand-written knowledge above.
    ratings: Option<(Vec<f32>, f64)>,
}

impl<'a> Priors<'a> {
    /// For `color` to move on `board` after the opponent's stone `last` and
    /// the mover's own previous stone `own` (either [`Point::NONE`] if none).
    /// `ladders` holds working boards for ladders.
    pub(crate) fn new(
        board: &'a Board,
        color: Color,
        last: Point,
        own: Point,
        params: &'a PriorParams,
        ladders: &mut LadderStack,
    ) -> Priors<'a> {
        let last_ok = last != Point::NONE && board.stone(last) == Some(color.opponent());
        let mut priors = Priors {
            board,
            color,
            last: if last_ok { last } else { Point::NONE },
            atari: PointSet::default(),
            ladder: PointSet::default(),
            two_liberty: PointSet::default(),
            distance: vec![255; MAX_POINTS],
            params,
            patterns: PatternTable::standard(),
            ratings: None,
        };
        let ratings_weight = params.ratings;
        if ratings_weight > 0.0 {
            let features = MoveFeatures::compute(board, color, priors.last, own, ladders);
            if params.prune_ladders {
                for (p, f) in &features.moves {
                    if escapes_into_ladder(f) {
                        priors.ladder.add(*p);
                    }
                }
            }
            let mut probabilities = vec![0.0; MAX_POINTS];
            for (p, probability) in Ratings::for_size(board.size()).probabilities(board, &features)
            {
                probabilities[p.idx()] = probability;
            }
            priors.ratings = Some((probabilities, ratings_weight));
        } else {
            priors.scan_chains(ladders);
            if last_ok {
                priors.cfg_distances(last);
            }
        }
        priors
    }

    /// Whether the move `p` is left out of the tree: by `prune_ladders` when
    /// it only extends a chain in atari into a ladder that catches it and no
    /// ko is being fought (after a ko capture the move may be a threat); by
    /// `prune_open_edge_large` (on) and `prune_open_edge_13` (off) when it
    /// is on the first two lines with no stone within three points (such a
    /// stone can be no threat, no capture and no answer to anything on the
    /// board).
    pub(crate) fn pruned(&self, p: Point) -> bool {
        (self.params.prune_ladders
            && self.board.ko().is_none()
            && self.ladder.contains(p)
            && !self.atari.contains(p))
            || (self.params.prune_open_edge && self.open_edge(p))
    }

    /// Whether `p` is on the first or second line with no stone within
    /// Manhattan distance three.
    fn open_edge(&self, p: Point) -> bool {
        let (x, y) = self.board.coords(p);
        self.board.edge_distance(p) <= 1 && !self.stones_near(x, y, 3)
    }

    /// Marks the tactical moves of every chain with one or two liberties.
    fn scan_chains(&mut self, ladders: &mut LadderStack) {
        let board = self.board;
        for (p, c) in board.chains() {
            match board.liberties(p) {
                1 if c == self.color => {
                    if let Some(lib) = escape_moves(board, c, p, ladders, &mut self.atari) {
                        self.ladder.add(lib);
                    }
                }
                1 => {
                    self.atari.add(atari_liberty(board, p));
                }
                2 if c != self.color => atari_moves(board, self.color, p, &mut self.two_liberty),
                _ => {}
            }
        }
    }

    /// Breadth-first distances from the chain of `last`, stepping onto a chain
    /// counting as one step for all its stones, up to 3.
    fn cfg_distances(&mut self, last: Point) {
        let board = self.board;
        let mut frontier: Vec<Point> = board.chain_stones(last).collect();
        for &s in &frontier {
            self.distance[s.idx()] = 0;
        }
        for d in 1..=3u8 {
            let mut next = Vec::new();
            for &u in &frontier {
                for v in board.neighbours(u) {
                    if self.distance[v.idx()] != 255 || !board.is_on_board(v) {
                        continue;
                    }
                    if board.is_empty(v) {
                        self.distance[v.idx()] = d;
                        next.push(v);
                    } else {
                        for s in board.chain_stones(v) {
                            self.distance[s.idx()] = d;
                            next.push(s);
                        }
                    }
                }
            }
            frontier = next;
        }
    }

    /// Whether any stone is within Manhattan distance `reach` of `(x, y)`.
    fn stones_near(&self, x: usize, y: usize, reach: isize) -> bool {
        let n = self.board.size() as isize;
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                if dx.abs() + dy.abs() > reach {
                    continue;
                }
                let (qx, qy) = (x as isize + dx, y as isize + dy);
                if qx < 0 || qy < 0 || qx >= n || qy >= n {
                    continue;
                }
                let q = self.board.point(qx as usize, qy as usize);
                if self.board.stone(q).is_some() {
                    return true;
                }
            }
        }
        false
    }

    /// The prior of the play at empty `p` with the node flags `flags`: virtual
    /// won visits if positive, lost ones if negative.
    pub(crate) fn of(&self, p: Point, flags: u8) -> i8 {
        let t = self.params;
        let mut b = 0.0;
        if flags & (FLAG_EYE_FILL | FLAG_FORFEIT) != 0 {
            b -= t.eye_fill;
        }
        if let Some((probabilities, weight)) = &self.ratings {
            // The probabilities are shares among the legal plays, and a pass
            // is not one: when nearly every play fills an own eye, each
            // would get a large share. An eye fill gets none.
            if flags & (FLAG_EYE_FILL | FLAG_FORFEIT) == 0 {
                // Pachi's scale: the square root keeps a likely move's lead
                // over the rest while giving unlikely ones a little.
                b += weight * f64::from(probabilities[p.idx()]).sqrt();
            }
            return clamp(b);
        }
        let local = self.last != Point::NONE && neighbourhood(self.board, self.last).contains(&p);
        let scale = if local { 1.0 } else { 0.5 };
        let after = after_play(self.board, self.color, p);
        if after.captures || self.atari.contains(p) {
            b += t.atari * scale;
        } else if self.ladder.contains(p) {
            // Nothing else counts: the chain is lost and the move only adds
            // stones to it.
            return clamp(b - t.ladder);
        }
        if self.two_liberty.contains(p) && !after.is_self_atari() {
            b += t.two_liberty * scale;
        }
        if after.is_self_atari() {
            b -= if after.stones >= 2 {
                t.self_atari
            } else {
                t.self_atari * 0.5
            };
        } else if self.patterns.is_shape(self.board, self.color, p, false) {
            b += t.pattern * scale;
        }
        b += match self.distance[p.idx()] {
            1 => t.cfg[0],
            2 => t.cfg[1],
            3 => t.cfg[2],
            _ => 0.0,
        };
        let (x, y) = self.board.coords(p);
        let line = self.board.edge_distance(p);
        if t.lines != 0.0 && (line == 0 || line == 2) && !self.stones_near(x, y, 2) {
            b += if line == 0 { -t.lines } else { t.lines };
        }
        clamp(b)
    }
}

fn clamp(b: f64) -> i8 {
    b.round().clamp(-127.0, 127.0) as i8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::params::Tunables;
    use crate::mcts::testutil::{at, board_from};
    use crate::tactics::CAUGHT_AT_D3;

    /// The hand-written knowledge alone: the move ratings replace it by
    /// default.
    fn handwritten() -> Tunables {
        Tunables::default()
            .with("prior_ratings", "0")
            .with("prior_ratings_large", "0")
    }

    /// The priors for Black to move after White's `last`, with no own
    /// previous stone.
    fn black_priors<'a>(board: &'a Board, last: Point, params: &'a Tunables) -> Priors<'a> {
        Priors::new(
            board,
            Color::Black,
            last,
            Point::NONE,
            &params.for_board(board.size()).prior,
            &mut LadderStack::default(),
        )
    }

    fn priors_of(board: &Board, color: Color, last: &str, moves: &[&str]) -> Vec<i8> {
        let params = handwritten();
        let mut ladders = LadderStack::default();
        let last = if last.is_empty() {
            Point::NONE
        } else {
            at(board, last)
        };
        let prior = &params.for_board(board.size()).prior;
        let priors = Priors::new(board, color, last, Point::NONE, prior, &mut ladders);
        moves.iter().map(|m| priors.of(at(board, m), 0)).collect()
    }

    #[test]
    fn knowledge_ranks_captures_over_quiet_moves_and_eye_fills() {
        // White C3 is in atari (liberty C2) after its move.
        let board = board_from(&[".....", "..X..", ".XOX.", ".....", "O...."]);
        let params = handwritten();
        let priors = black_priors(&board, at(&board, "C3"), &params);
        let capture = priors.of(at(&board, "C2"), 0);
        let quiet = priors.of(at(&board, "E5"), 0);
        assert!(capture > quiet, "{capture} {quiet}");
        assert!(f64::from(capture) >= params.for_board(9).prior.atari);
        let eye = priors.of(at(&board, "E5"), FLAG_EYE_FILL);
        assert!(eye < quiet);
    }

    #[test]
    fn the_9x9_opening_priors_come_from_pachis_moves() {
        // From the empty 9x9 board the 9x9 table's best first move is a 4-4
        // point, where Pachi, whose moves it learned, opens.
        let board = Board::new(9);
        let params = Tunables::default();
        let priors = black_priors(&board, Point::NONE, &params);
        let (p, _) = board
            .points()
            .map(|p| (p, priors.of(p, 0)))
            .max_by_key(|&(_, b)| b)
            .unwrap();
        let (x, y) = board.coords(p);
        let line = |c: usize| c.min(8 - c) + 1;
        assert_eq!((line(x), line(y)), (4, 4));
    }

    #[test]
    fn move_ratings_replace_the_knowledge_on_small_boards_only() {
        // White's D5 is in atari (liberty D4) after its move, on 7x7 and
        // (the same corner) on 13x13.
        let corner = [
            ".......", ".......", "...X...", "..XOX..", ".......", ".......", ".......",
        ];
        let small = board_from(&corner);
        let mut rows = vec![".............".to_string(); 6];
        rows.extend(corner.iter().map(|r| format!("{r}......")));
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let large = board_from(&rows);
        let mut params = Tunables::default();
        params.set("prior_ratings", "210").unwrap();
        let priors = black_priors(&small, at(&small, "D4"), &params);
        let capture = priors.of(at(&small, "D3"), 0);
        let far = priors.of(at(&small, "A7"), 0);
        // The capture's probability is far above the rest, and the far point
        // still gets a little (a square root of a small probability).
        assert!(capture > 60, "{capture}");
        assert!(far > 0 && far < capture / 4, "{far}");
        // An eye fill gets its penalty and no share: the shares are among
        // the plays, and when nearly all fill eyes each gets a large one.
        assert_eq!(
            f64::from(priors.of(at(&small, "A7"), FLAG_EYE_FILL)),
            -params.for_board(9).prior.eye_fill
        );
        // The hand-written knowledge is not added on top: with the ratings'
        // weight at the smallest step, the capture gets less than
        // `prior_atari` alone would give it.
        params.set("prior_ratings", "1").unwrap();
        let priors = black_priors(&small, at(&small, "D4"), &params);
        assert!(f64::from(priors.of(at(&small, "D3"), 0)) < params.for_board(9).prior.atari);
        // On 13x13 `prior_ratings` does not count: with
        // `prior_ratings_large` off the knowledge stays.
        params.set("prior_ratings", "210").unwrap();
        params.set("prior_ratings_large", "0").unwrap();
        let off = handwritten();
        let with = black_priors(&large, at(&large, "D4"), &params);
        let without = black_priors(&large, at(&large, "D4"), &off);
        for p in ["D3", "A7", "K10"] {
            assert_eq!(
                with.of(at(&large, p), 0),
                without.of(at(&large, p), 0),
                "{p}"
            );
        }
        assert!(f64::from(with.of(at(&large, "D3"), 0)) >= off.for_board(9).prior.atari);
    }

    #[test]
    fn extending_into_a_ladder_is_penalised() {
        // White's C2 put Black's C3 in atari; D3 runs into a ladder.
        let board = board_from(&CAUGHT_AT_D3);
        let [ladder, elsewhere] = priors_of(&board, Color::Black, "C2", &["D3", "G7"])[..] else {
            unreachable!()
        };
        assert!(ladder < 0, "{ladder}");
        assert!(ladder < elsewhere);
    }

    #[test]
    fn prune_ladders_leaves_out_a_caught_extension_unless_a_ko_is_fought() {
        // As above, D3 runs Black's C3 into a ladder. The top right holds a
        // ko shape: White's G8 takes H8, and Black may not retake at once.
        let mut rows = CAUGHT_AT_D3;
        rows[..3].copy_from_slice(&["......XO.", ".....X.XO", "......XO."]);
        let board = board_from(&rows);
        let (d3, e6) = (at(&board, "D3"), at(&board, "E6"));
        // With the move ratings (the default) and with the hand-written
        // knowledge alike.
        for ratings in ["210", "0"] {
            let on = Tunables::default()
                .with("prior_ratings", ratings)
                .with("prune_ladders", "1");
            let priors = black_priors(&board, at(&board, "C2"), &on);
            assert!(priors.pruned(d3), "prior_ratings={ratings}");
            assert!(!priors.pruned(e6));
            let off = Tunables::default().with("prior_ratings", ratings);
            assert!(!black_priors(&board, at(&board, "C2"), &off).pruned(d3));
        }
        let mut ko = board_from(&rows);
        ko.play_unchecked(Color::White, at(&ko, "G8"));
        assert!(ko.ko().is_some());
        let on = Tunables::default().with("prune_ladders", "1");
        assert!(!black_priors(&ko, at(&ko, "G8"), &on).pruned(d3));
    }

    #[test]
    fn prune_open_edge_leaves_out_low_moves_far_from_every_stone_on_large_boards() {
        // Black's D4 and White's K10 on 13x13.
        let mut rows = vec![".............".to_string(); 13];
        rows[9].replace_range(3..4, "X");
        rows[3].replace_range(9..10, "O");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = board_from(&rows);
        assert_eq!(board.size(), 13);
        let on = Tunables::default().with("prune_open_edge_13", "1");
        let priors = black_priors(&board, at(&board, "K10"), &on);
        // Second and first line, five or more points from D4: left out.
        for p in ["G2", "A1", "N7", "H13"] {
            assert!(priors.pruned(at(&board, p)), "{p}");
        }
        // Within three points of D4 (B4 two, D1 three), or on the third line.
        for p in ["B4", "D1", "G3", "C10"] {
            assert!(!priors.pruned(at(&board, p)), "{p}");
        }
        let defaults = Tunables::default();
        let off = black_priors(&board, at(&board, "K10"), &defaults);
        assert!(!off.pruned(at(&board, "G2")));
        // A 9x9 board is mostly edge: the switch is for 13x13 and up.
        let small = board_from(&CAUGHT_AT_D3);
        let nine = black_priors(&small, Point::NONE, &on);
        assert!(small.points().all(|p| !nine.pruned(p)));
    }

    #[test]
    fn moves_near_the_last_move_are_favoured_by_graph_distance() {
        // White's D5 chain (D5-E5) next to Black's C5: the liberties of the
        // chain are one step away, the points beyond two or three.
        let board = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "..XOO....",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let p = priors_of(&board, Color::Black, "D5", &["F5", "G5", "H5", "H1"]);
        assert!(p[0] > p[1] && p[1] > p[2] && p[2] > p[3], "{p:?}");
    }

    #[test]
    fn empty_first_line_is_penalised_and_third_line_favoured() {
        let board = Board::new(19);
        let p = priors_of(&board, Color::Black, "", &["A10", "C10", "K10"]);
        assert!(p[0] < 0 && p[1] > 0 && p[2] == 0, "{p:?}");
    }
}
