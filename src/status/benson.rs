//! Benson's unconditional life: the chains of one color that no sequence of
//! opponent plays can capture even if their owner passes every turn, and the
//! regions they enclose where the opponent can never make an eye.
//!
//! Definitions (Benson 1976): a *region* of color c is a maximal 4-connected set
//! of points not holding a c stone (empty points and opponent stones). A region
//! is *vital* to a c chain when every empty point of the region is a liberty of
//! that chain. Start with every c chain and every region; repeatedly drop the
//! chains with fewer than two vital regions left, and the regions bordered by a
//! dropped chain. What remains is pass-alive.
//!
//! Every empty point of a region vital to a pass-alive chain touches that chain,
//! so no opponent stone there can ever own an eye: opponent stones inside such a
//! region are dead whatever the playouts say.

use crate::board::{Board, Color, MAX_POINTS, Point};

/// The pass-alive part of one color's position.
pub(crate) struct PassAlive {
    /// Per point index: a stone of a pass-alive chain.
    pub(crate) alive: Vec<bool>,
    /// Per point index: part of a region vital to a pass-alive chain.
    pub(crate) territory: Vec<bool>,
}

pub(crate) fn pass_alive(board: &Board, color: Color) -> PassAlive {
    // Chains of `color`, numbered in board order.
    let mut chain_of = vec![usize::MAX; MAX_POINTS];
    let mut chain_heads: Vec<Point> = Vec::new();
    for (head, _) in board.chains().filter(|&(_, c)| c == color) {
        let i = chain_heads.len();
        chain_heads.push(head);
        for s in board.chain_stones(head) {
            chain_of[s.idx()] = i;
        }
    }
    // Regions: flood fill over points without a `color` stone.
    let mut region_of = vec![usize::MAX; MAX_POINTS];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for start in board.points() {
        if board.stone(start) == Some(color) || region_of[start.idx()] != usize::MAX {
            continue;
        }
        let r = regions.len();
        let mut members = vec![start];
        region_of[start.idx()] = r;
        let mut i = 0;
        while i < members.len() {
            for q in board.neighbours(members[i]) {
                if board.is_on_board(q)
                    && board.stone(q) != Some(color)
                    && region_of[q.idx()] == usize::MAX
                {
                    region_of[q.idx()] = r;
                    members.push(q);
                }
            }
            i += 1;
        }
        regions.push(members);
    }
    // Per region: the chains bordering it and the chains it is vital to.
    let mut borders: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for members in &regions {
        let mut border = Vec::new();
        let mut vital: Option<Vec<usize>> = None;
        for &p in members {
            let adjacent: Vec<usize> = board
                .neighbours(p)
                .iter()
                .filter(|q| board.stone(**q) == Some(color))
                .map(|q| chain_of[q.idx()])
                .collect();
            for &c in &adjacent {
                if !border.contains(&c) {
                    border.push(c);
                }
            }
            if board.is_empty(p) {
                vital = Some(match vital {
                    None => adjacent,
                    Some(v) => v.into_iter().filter(|c| adjacent.contains(c)).collect(),
                });
            }
        }
        let mut vital = vital.unwrap_or_default();
        vital.sort_unstable();
        vital.dedup();
        borders.push(border);
        vital_to.push(vital);
    }
    let mut chain_alive = vec![true; chain_heads.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let vital_regions = (0..regions.len())
                .filter(|&r| region_alive[r] && vital_to[r].contains(&c))
                .take(2)
                .count();
            if vital_regions < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, alive) in region_alive.iter_mut().enumerate() {
            if *alive && borders[r].iter().any(|&c| !chain_alive[c]) {
                *alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut result = PassAlive {
        alive: vec![false; MAX_POINTS],
        territory: vec![false; MAX_POINTS],
    };
    for (c, &head) in chain_heads.iter().enumerate() {
        if chain_alive[c] {
            for s in board.chain_stones(head) {
                result.alive[s.idx()] = true;
            }
        }
    }
    for (r, members) in regions.iter().enumerate() {
        if region_alive[r] && vital_to[r].iter().any(|&c| chain_alive[c]) {
            for p in members {
                result.territory[p.idx()] = true;
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    #[test]
    fn two_vital_regions_make_a_chain_pass_alive() {
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            ".....", //
            "OOOOO", //
            "O.O..", //
        ]);
        let black = pass_alive(&board, Color::Black);
        let white = pass_alive(&board, Color::White);
        let at = |x, y| board.point(x, y).idx();
        // Black's eyes A5, C5, E5 are each vital: alive, and they are territory.
        assert!(black.alive[at(0, 3)]);
        assert!(black.territory[at(0, 4)]);
        // The open middle is not vital to anyone (E1 is no liberty of Black).
        assert!(!black.territory[at(0, 2)]);
        assert!(!white.territory[at(0, 2)]);
        // White: B1 and the D1-E1 region are both all liberties of its chain.
        assert!(white.alive[at(0, 1)]);
        assert!(white.territory[at(4, 0)]);
    }

    #[test]
    fn one_vital_region_is_not_enough() {
        let board = board_from(&[
            ".....", //
            ".....", //
            "XXX..", //
            "..X..", //
            "X.X..", //
        ]);
        // A2 B2 B1 is vital to the big chain only (B2 does not touch A1).
        let black = pass_alive(&board, Color::Black);
        assert!(!black.alive[board.point(2, 2).idx()]);
        assert!(!black.alive[board.point(0, 0).idx()]);
    }

    #[test]
    fn opponent_stones_in_a_vital_region_are_in_territory() {
        // Black's eyes: A2, and the A4-A5 region holding a White stone, whose
        // only empty point A4 is a Black liberty.
        let board = board_from(&[
            "OX...", //
            ".X...", //
            "XX...", //
            ".X...", //
            "XX...", //
        ]);
        let black = pass_alive(&board, Color::Black);
        assert!(black.alive[board.point(1, 0).idx()]);
        assert!(black.territory[board.point(0, 4).idx()]);
        assert!(!black.territory[board.point(2, 2).idx()]);
    }
}
