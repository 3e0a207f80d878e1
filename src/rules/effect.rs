//! What a board play would do, worked out without playing it: the stones it
//! captures, the stones a multi-stone suicide removes, the chain the new stone
//! joins, and whether it is a basic ko capture (spec section 0).
//!
//! The rarer variants ask this for every candidate (Ing-Spight's play identities
//! and footprints, cleanup's ko-moves), so it reads the board's chain data and
//! never copies the board. Invariant: for a pseudolegal play, `captured` and
//! `suicided` are exactly the stones `Board::play_unchecked` removes.

use crate::board::{Board, Color, Point};
use smallvec::SmallVec;

type Points = SmallVec<[Point; 8]>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayEffect {
    pub(crate) color: Color,
    pub(crate) point: Point,
    /// Opponent stones removed, sorted.
    pub(crate) captured: Points,
    /// Own stones removed by a multi-stone suicide (the played point included),
    /// sorted; empty when the play lives.
    pub(crate) suicided: Points,
    /// The chain containing the new stone once captures are resolved, sorted. For
    /// a suicide it is the chain that is then removed.
    pub(crate) chain: Points,
    /// The new stone has an empty neighbour before captures.
    has_empty_neighbour: bool,
}

impl PlayEffect {
    /// The effect of `color` playing `p`, which must be pseudolegal.
    pub(crate) fn of(board: &Board, color: Color, p: Point) -> PlayEffect {
        let opponent = color.opponent();
        let mut captured = Points::new();
        let mut chain = Points::new();
        chain.push(p);
        let mut seen_heads: SmallVec<[Point; 4]> = SmallVec::new();
        let mut has_empty_neighbour = false;
        let mut own_chains_in_atari = true;
        for q in board.neighbours(p) {
            match board.stone(q) {
                None if board.is_empty(q) => has_empty_neighbour = true,
                None => {}
                Some(c) => {
                    let head = board.chain_head(q);
                    if seen_heads.contains(&head) {
                        continue;
                    }
                    seen_heads.push(head);
                    if c == opponent {
                        if board.liberties(q) == 1 {
                            captured.extend(board.chain_stones(q));
                        }
                    } else {
                        own_chains_in_atari &= board.liberties(q) == 1;
                        chain.extend(board.chain_stones(q));
                    }
                }
            }
        }
        captured.sort_unstable();
        chain.sort_unstable();
        let suicided = if captured.is_empty() && !has_empty_neighbour && own_chains_in_atari {
            chain.clone()
        } else {
            Points::new()
        };
        PlayEffect {
            color,
            point: p,
            captured,
            suicided,
            chain,
            has_empty_neighbour,
        }
    }

    /// For a basic ko capture (exactly one stone captured, the new stone a
    /// one-stone chain whose only liberty is the captured point), the captured
    /// point, which is also the ko point.
    pub(crate) fn basic_ko(&self) -> Option<Point> {
        (self.captured.len() == 1 && self.chain.len() == 1 && !self.has_empty_neighbour)
            .then(|| self.captured[0])
    }

    /// Every point the play empties of stones (captures, or a suicide's chain).
    pub(crate) fn removed(&self) -> impl Iterator<Item = Point> + '_ {
        self.captured.iter().chain(self.suicided.iter()).copied()
    }

    /// The points whose color the play touches: the played point and every point
    /// it empties. (For a suicide the played point is listed though it ends empty
    /// as it began: the play still happened there.)
    pub(crate) fn changed_points(&self) -> Points {
        let mut points = Points::new();
        points.push(self.point);
        for q in self.removed() {
            if q != self.point {
                points.push(q);
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn setup(size: usize, black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        let mut b = Board::new(size);
        for &(x, y) in black {
            let p = b.point(x, y);
            b.set_cell(p, Some(Color::Black));
        }
        for &(x, y) in white {
            let p = b.point(x, y);
            b.set_cell(p, Some(Color::White));
        }
        b
    }

    /// The effect's removals equal what the board really removes, for every
    /// pseudolegal play of both colors on a crowded random-ish position.
    #[test]
    fn matches_the_board_on_every_play() {
        let mut rng = crate::rng::FastRng::new(11);
        for allow_suicide in [false, true] {
            let mut board = Board::new(5);
            board.set_allow_suicide(allow_suicide);
            for _ in 0..400 {
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let points: Vec<Point> = board.points().collect();
                for &p in &points {
                    if board.check_pseudolegal(color, p).is_err() {
                        continue;
                    }
                    let effect = PlayEffect::of(&board, color, p);
                    let mut after = board.clone();
                    let outcome = after.play_unchecked(color, p);
                    assert_eq!(effect.captured.len() as u32, outcome.captured);
                    assert_eq!(effect.suicided.len() as u32, outcome.suicided);
                    assert_eq!(effect.basic_ko(), outcome.ko_point);
                    for q in effect.removed() {
                        assert!(after.is_empty(q));
                    }
                }
                let legal: Vec<Point> = points
                    .into_iter()
                    .filter(|&p| board.check_pseudolegal(color, p).is_ok())
                    .collect();
                if legal.is_empty() {
                    board = Board::new(5);
                    board.set_allow_suicide(allow_suicide);
                    continue;
                }
                let p = legal[rng.below(legal.len())];
                board.play(color, Move::Play(p)).ok();
            }
        }
    }

    #[test]
    fn suicide_and_basic_ko() {
        // 3x3: White A2 B2 C1; Black A1 then B1 is a two-stone suicide.
        let mut b = setup(3, &[(0, 0)], &[(0, 1), (1, 1), (2, 0)]);
        b.set_allow_suicide(true);
        let b1 = b.point(1, 0);
        let e = PlayEffect::of(&b, Color::Black, b1);
        assert_eq!(e.suicided.len(), 2);
        assert!(e.captured.is_empty());
        assert_eq!(e.changed_points().len(), 2);
        // A basic ko: Black B1 A2 C2 B3 around, White A1? Use the T1 shape:
        // Black captures the lone white stone and sits with one liberty.
        let b = setup(
            4,
            &[(1, 0), (0, 1), (1, 2)],
            &[(2, 0), (1, 1), (3, 1), (2, 2)],
        );
        let c2 = b.point(2, 1);
        let e = PlayEffect::of(&b, Color::Black, c2);
        assert_eq!(e.basic_ko(), Some(b.point(1, 1)));
    }
}
