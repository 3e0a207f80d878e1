//! Eyeless chains enclosed by the opponent's living stones are dead.
//!
//! Light playouts cannot judge a big open territory: random stones of both
//! colors fill it and either may end up owning it, so a lone invader far from
//! the walls keeps about half the playouts (walls19: 0.65). At the end of the
//! game a player does not need to prove such stones dead; a human count takes
//! them off when they have no eye and no way out. This rule says so:
//!
//! For a color b, a *b-region* is a maximal 4-connected set of points without
//! a b stone. When every b chain bordering a b-region is *confidently alive*
//! (pass-alive, or alive in at least [`CONFIDENT_SHARE`] of the playouts), the
//! opponent's chains inside it that are not confidently alive themselves and
//! whose *group* has no eye are dead. A group is the opponent chains linked by
//! shared liberties; it has an eye when one of its chains touches an empty
//! region bordered only by its own color's stones and by stones already judged
//! dead.
//!
//! A chain with an eye, or in a region that touches a weak or uncertain b chain,
//! is left to the playouts. Seki is looked for afterwards and overrides this.

use crate::board::{Board, Color, MAX_POINTS, Point};

/// A chain alive in at least this share of the playouts is taken as alive when
/// it encloses a region.
pub(crate) const CONFIDENT_SHARE: f64 = 0.8;

/// Marks dead, per point index, the stones of eyeless chains enclosed by
/// confident opponent chains. `confident[p]`: the stone at p belongs to a
/// confidently alive chain; `dead[p]`: the stone at p is judged dead so far.
/// Returns the newly dead stones, per point index.
pub(crate) fn eyeless_enclosed(board: &Board, confident: &[bool], dead: &[bool]) -> Vec<bool> {
    let mut newly_dead = vec![false; MAX_POINTS];
    for b in Color::BOTH {
        let w = b.opponent();
        let has_eye = eyed_groups(board, w, dead);
        let mut seen = vec![false; MAX_POINTS];
        for start in board.points() {
            if board.stone(start) == Some(b) || seen[start.idx()] {
                continue;
            }
            let mut region = vec![start];
            seen[start.idx()] = true;
            let mut enclosed = true;
            let mut i = 0;
            while i < region.len() {
                for q in board.neighbours(region[i]) {
                    if !board.is_on_board(q) {
                        continue;
                    }
                    if board.stone(q) == Some(b) {
                        enclosed &= confident[q.idx()];
                    } else if !seen[q.idx()] {
                        seen[q.idx()] = true;
                        region.push(q);
                    }
                }
                i += 1;
            }
            // A region with no b stone around it at all is the whole board
            // without b stones: nothing encloses it.
            let bordered = region.iter().any(|&p| {
                board
                    .neighbours(p)
                    .iter()
                    .any(|&q| board.stone(q) == Some(b))
            });
            if !enclosed || !bordered {
                continue;
            }
            for &p in &region {
                if board.stone(p) == Some(w) && !confident[p.idx()] && !has_eye[p.idx()] {
                    newly_dead[p.idx()] = true;
                }
            }
        }
    }
    newly_dead
}

/// Per point index: a `w` stone whose group (chains linked by shared
/// liberties) touches an empty region bordered only by `w` stones and stones
/// in `dead`.
fn eyed_groups(board: &Board, w: Color, dead: &[bool]) -> Vec<bool> {
    // Union-find over chain heads.
    let mut parent: Vec<u16> = (0..MAX_POINTS as u16).collect();
    fn find(parent: &mut [u16], mut x: u16) -> u16 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    for p in board.empty_points() {
        let mut first: Option<u16> = None;
        for q in board.neighbours(p) {
            if board.stone(q) == Some(w) {
                let h = find(&mut parent, board.chain_head(q).0);
                match first {
                    None => first = Some(h),
                    Some(f) if f != h => parent[h as usize] = f,
                    Some(_) => {}
                }
            }
        }
    }
    let mut eyed = vec![false; MAX_POINTS];
    let mut seen = vec![false; MAX_POINTS];
    for start in board.points() {
        if !board.is_empty(start) || seen[start.idx()] {
            continue;
        }
        let mut region = vec![start];
        seen[start.idx()] = true;
        let mut own_only = true;
        let mut touching: Vec<Point> = Vec::new();
        let mut i = 0;
        while i < region.len() {
            for q in board.neighbours(region[i]) {
                match board.stone(q) {
                    Some(c) if c == w => touching.push(q),
                    Some(_) => own_only &= dead[q.idx()],
                    None if board.is_on_board(q) && !seen[q.idx()] => {
                        seen[q.idx()] = true;
                        region.push(q);
                    }
                    None => {}
                }
            }
            i += 1;
        }
        if own_only {
            for q in touching {
                let root = find(&mut parent, board.chain_head(q).0);
                eyed[root as usize] = true;
            }
        }
    }
    let mut result = vec![false; MAX_POINTS];
    for p in board.points() {
        if board.stone(p) == Some(w) {
            let root = find(&mut parent, board.chain_head(p).0);
            result[p.idx()] = eyed[root as usize];
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    fn marks(board: &Board, f: impl Fn(Point) -> bool) -> Vec<bool> {
        let mut v = vec![false; MAX_POINTS];
        for p in board.points() {
            v[p.idx()] = f(p);
        }
        v
    }

    #[test]
    fn a_lone_invader_behind_a_confident_wall_is_dead() {
        let board = board_from(&[
            ".....XO", //
            ".O...XO", //
            ".....XO", //
            ".....XO", //
            ".....XO", //
            "...O.XO", //
            "..O.OXO", //
        ]);
        // The walls are confident; nothing is dead yet.
        let confident = marks(&board, |p| {
            let (x, _) = board.coords(p);
            x >= 5
        });
        let dead = eyeless_enclosed(&board, &confident, &[false; MAX_POINTS]);
        let at = |v: &str| crate::board::vertex::parse_point(v, &board).unwrap().idx();
        assert!(dead[at("B6")]);
        // C1, D2 and E1 share the liberty D1: one group, whose empty region
        // D1 is bordered by White alone: an eye, so the playouts decide.
        assert!(!dead[at("C1")] && !dead[at("D2")] && !dead[at("E1")]);
        assert!(!dead[at("F1")] && !dead[at("G1")]);
    }

    #[test]
    fn an_uncertain_wall_encloses_nothing() {
        let board = board_from(&[
            ".....XO", //
            ".O...XO", //
            ".....XO", //
            ".....XO", //
            ".....XO", //
            ".....XO", //
            ".....XO", //
        ]);
        let confident = marks(&board, |p| board.coords(p).0 == 6);
        let dead = eyeless_enclosed(&board, &confident, &[false; MAX_POINTS]);
        assert!(dead.iter().all(|&d| !d));
    }
}
