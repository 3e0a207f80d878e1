//! Seki: chains of both colors that share liberties neither side can fill.
//!
//! A *locked* point is an empty point next to stones of both colors where a
//! play by either color is suicide, or captures nothing and leaves the player's
//! chain with a single liberty (a self-atari the opponent answers by capturing)
//! without being a nakade throw-in (`tactics::is_nakade_throw_in`), whose
//! capture leaves the other side one eye.
//! A set of chains is in seki when every chain in it touches a locked point that
//! also touches a chain of the other color in the set, and every liberty of
//! every chain is either such a shared locked point or one of its own eyes (an
//! empty region bordered only by its own color, and only by chains of the set:
//! a region also bordering another chain of the same color is a connection to
//! it, which would bring liberties from outside). The set is found by starting
//! from every candidate chain next to a locked point and dropping chains that
//! break the condition until none does.
//!
//! Chains with an outside liberty are not in seki: the side that can approach
//! from outside decides the fight, and the playouts judge it.

use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::score::empty_region_owners;
use crate::tactics::{NAKADE_THROW_IN_STONES, is_nakade_throw_in};

/// Whether `color` cannot usefully play the empty point `p`: suicide, or a
/// self-atari that captures nothing and is no nakade throw-in (after which
/// the capture leaves the enclosing group one eye: a square of four stones
/// inside a corner is no seki).
fn cannot_fill(board: &Board, color: Color, p: Point) -> bool {
    if board.check_pseudolegal(color, p).is_err() {
        return true;
    }
    if board.would_capture(color, p) || is_nakade_throw_in(board, color, p, NAKADE_THROW_IN_STONES)
    {
        return false;
    }
    let mut after = board.clone();
    after.play_unchecked(color, p);
    after.stone(p).is_none() || after.liberties(p) <= 1
}

/// The seki chains among `candidates` (per point index: a stone whose chain may
/// be in seki). Returns per point index: a stone of a chain in seki.
pub(crate) fn find(board: &Board, candidates: &[bool]) -> Vec<bool> {
    let mut owner = vec![None; MAX_POINTS];
    for (p, o) in empty_region_owners(board) {
        owner[p.idx()] = o;
    }
    // Per empty point: its region's index; per region: the chains around it.
    let mut region_of = vec![usize::MAX; MAX_POINTS];
    let mut region_chains: Vec<Vec<Point>> = Vec::new();
    for start in board.empty_points() {
        if region_of[start.idx()] != usize::MAX {
            continue;
        }
        let r = region_chains.len();
        let mut members = vec![start];
        region_of[start.idx()] = r;
        let mut heads = Vec::new();
        let mut i = 0;
        while i < members.len() {
            for q in board.neighbours(members[i]) {
                if board.stone(q).is_some() {
                    let h = board.chain_head(q);
                    if !heads.contains(&h) {
                        heads.push(h);
                    }
                } else if board.is_empty(q) && region_of[q.idx()] == usize::MAX {
                    region_of[q.idx()] = r;
                    members.push(q);
                }
            }
            i += 1;
        }
        region_chains.push(heads);
    }
    let touches = |p: Point, c: Color| {
        board
            .neighbours(p)
            .iter()
            .any(|&q| board.stone(q) == Some(c))
    };
    let mut locked = vec![false; MAX_POINTS];
    for p in board.empty_points() {
        if touches(p, Color::Black)
            && touches(p, Color::White)
            && cannot_fill(board, Color::Black, p)
            && cannot_fill(board, Color::White, p)
        {
            locked[p.idx()] = true;
        }
    }
    // Candidate chains (by head) with their color and liberties.
    let mut in_set = vec![false; MAX_POINTS];
    let mut chains: Vec<(Point, Color, Vec<Point>)> = Vec::new();
    for (p, color) in board.chains() {
        if !candidates[p.idx()] {
            continue;
        }
        let libs = board.chain_liberties(p);
        if libs.iter().any(|q| locked[q.idx()]) {
            in_set[p.idx()] = true;
            chains.push((p, color, libs));
        }
    }
    let shared_with_set = |in_set: &[bool], q: Point, opponent: Color| {
        locked[q.idx()]
            && board
                .neighbours(q)
                .iter()
                .any(|&n| board.stone(n) == Some(opponent) && in_set[board.chain_head(n).idx()])
    };
    loop {
        let mut changed = false;
        for (head, color, libs) in &chains {
            if !in_set[head.idx()] {
                continue;
            }
            let opponent = color.opponent();
            let mut shares = false;
            let mut ok = true;
            for &q in libs {
                if shared_with_set(&in_set, q, opponent) {
                    shares = true;
                } else if owner[q.idx()] != Some(*color)
                    || region_chains[region_of[q.idx()]]
                        .iter()
                        .any(|h| !in_set[h.idx()])
                {
                    ok = false;
                    break;
                }
            }
            if !(ok && shares) {
                in_set[head.idx()] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut seki = vec![false; MAX_POINTS];
    for (head, _, _) in &chains {
        if in_set[head.idx()] {
            for s in board.chain_stones(*head) {
                seki[s.idx()] = true;
            }
        }
    }
    seki
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    fn all(board: &Board) -> Vec<bool> {
        let mut v = vec![false; MAX_POINTS];
        for p in board.points() {
            v[p.idx()] = board.stone(p).is_some();
        }
        v
    }

    fn in_seki(board: &Board, seki: &[bool], vertex: &str) -> bool {
        seki[crate::board::vertex::parse_point(vertex, board)
            .unwrap()
            .idx()]
    }

    #[test]
    fn shared_liberties_make_a_seki() {
        // Black's row 2 and J1 and White's B1-G1 share A1 and H1 only. A
        // White stone there would be a self-atari of seven stones whose
        // capture gives Black a straight seven; a Black one, of Black's
        // whole chain. White's row 3 has liberties outside.
        let board = board_from(&[
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "OOOOOOOOO", //
            "XXXXXXXXX", //
            ".OOOOOO.X", //
        ]);
        let seki = find(&board, &all(&board));
        for v in ["A2", "E2", "J2", "J1", "B1", "G1"] {
            assert!(in_seki(&board, &seki, v), "{v} in seki");
        }
        assert!(!in_seki(&board, &seki, "A3"), "A3 not in seki");
        // Without the White chain as a candidate, Black alone is no seki.
        let mut candidates = all(&board);
        candidates[crate::board::vertex::parse_point("B1", &board)
            .unwrap()
            .idx()] = false;
        assert!(find(&board, &candidates).iter().all(|&s| !s));
    }

    #[test]
    fn a_killing_throw_in_is_no_seki() {
        // Black A2 A3 B3 C3 C2 D2 D1 and White B1 B2 share A1 and C1 only,
        // but White C1 is a throw-in: Black must take the three stones at A1,
        // and White's stone at B1, the bent three's vital point, leaves one
        // eye. Black is dead (GNU Go agrees), not in seki.
        let board = board_from(&[
            ".......", //
            ".......", //
            ".......", //
            "OOOO...", //
            "XXXOO..", //
            "XOXXO..", //
            ".O.XO..", //
        ]);
        assert!(find(&board, &all(&board)).iter().all(|&s| !s));
    }

    #[test]
    fn dame_is_not_a_seki() {
        let board = board_from(&[
            "X.O..", //
            "X.O..", //
            "X.O..", //
            "X.O..", //
            "X.O..", //
        ]);
        let seki = find(&board, &all(&board));
        assert!(seki.iter().all(|&s| !s));
    }

    #[test]
    fn one_eye_each_and_a_shared_liberty_is_a_seki() {
        // Black A2 B2 C2 B1 (eye A1) and White D2 E2 F2 D1 F1 (eye E1) share
        // C1; each is walled in by the other color's outer stones.
        let board = board_from(&[
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            "OOOXXXX", //
            "XXXOOOX", //
            ".X.O.OX", //
        ]);
        let seki = find(&board, &all(&board));
        for v in ["A2", "B2", "C2", "B1", "D2", "E2", "F2", "D1", "F1"] {
            assert!(in_seki(&board, &seki, v), "{v} in seki");
        }
        for v in ["A3", "D3", "G1"] {
            assert!(!in_seki(&board, &seki, v), "{v} not in seki");
        }
    }

    #[test]
    fn an_eye_shared_with_a_living_chain_is_a_connection() {
        // Black A2..E2 B1 C1 (eye A1) and White E1 share D1, which neither can
        // fill as it stands. But E1's other liberty F1 also touches White's
        // outer chain: White connects there, then fills D1 safely. No seki.
        let board = board_from(&[
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            "OOOOOOO", //
            "XXXXXOO", //
            ".XX.O.O", //
        ]);
        let seki = find(&board, &all(&board));
        assert!(seki.iter().all(|&s| !s));
    }

    #[test]
    fn an_outside_liberty_breaks_the_seki() {
        // As above, but White's inner group also touches G1: Black can approach
        // from outside, so this is a capturing race, not a seki.
        let board = board_from(&[
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            "OOOXXXX", //
            "XXXOOOX", //
            ".X.O.O.", //
        ]);
        let seki = find(&board, &all(&board));
        assert!(!in_seki(&board, &seki, "D1"));
        assert!(!in_seki(&board, &seki, "B1"));
    }
}
