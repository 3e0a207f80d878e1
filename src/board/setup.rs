//! Setup without play (`gogui-setup`, handicap, SGF AB/AW/AE, test diagrams) and
//! the from-scratch recomputation of chains, liberties and neighbour counts that
//! setup uses and `check_consistency` compares against.
//!
//! Setups may leave chains without liberties; the derived arrays still describe
//! the colors exactly, so every invariant in `mod.rs` holds afterwards.

use super::grid::{GRID, Grid};
use super::{Board, Color, EMPTY, MAX_POINTS, NBR_UNIT, Point, zobrist};

impl Board {
    /// A board from a diagram, top row first: `X` Black, `O` White, anything else
    /// empty (as in the tests' position drawings). Panics unless the diagram has
    /// a legal size; chains without liberties are kept as drawn.
    #[cfg(test)]
    pub(crate) fn from_diagram(rows: &[&str]) -> Board {
        let size = rows.len();
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let y = size - 1 - i;
            for (x, ch) in row.chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if stone.is_some() {
                    let p = board.point(x, y);
                    board.set_cell(p, stone);
                }
            }
        }
        board
    }

    /// Setup: put a stone (or nothing) on a point without captures or a turn, as
    /// `gogui-setup`, handicap and SGF AB/AW/AE do. Chains are rebuilt around it.
    /// Setups can leave chains without liberties; those stay until a play touches
    /// them, as in GoGui.
    pub(crate) fn set_cell(&mut self, p: Point, stone: Option<Color>) {
        // The unchecked indexing of play_impl relies on border points staying
        // border (see `Near`).
        assert!(self.is_on_board(p), "setup on a point off the board");
        let pi = p.idx();
        let old = self.cells[pi];
        if let Some(c) = self.stone(p) {
            self.hash ^= zobrist::STONE[c.index()][pi];
        }
        if old == EMPTY && stone.is_some() {
            self.remove_empty(pi);
        } else if old != EMPTY && stone.is_none() {
            self.add_empty(pi);
        }
        self.cells[pi] = match stone {
            None => EMPTY,
            Some(c) => {
                self.hash ^= zobrist::STONE[c.index()][pi];
                c.cell()
            }
        };
        self.ko = Point::NONE;
        self.rebuild_chains();
    }

    /// Recompute chains and liberties from the colors alone.
    fn rebuild_chains(&mut self) {
        let (chain, next, libs, stones) = self.recompute_chains();
        self.chain.0[..MAX_POINTS].copy_from_slice(&chain);
        self.next.0[..MAX_POINTS].copy_from_slice(&next);
        self.libs.0[..MAX_POINTS].copy_from_slice(&libs);
        self.stones.0[..MAX_POINTS].copy_from_slice(&stones);
        self.recompute_neighbour_counts();
        self.recompute_ring_codes();
    }

    /// The packed neighbour counts of every on-board point, from the colors.
    pub(super) fn neighbour_counts(&self) -> Grid<u16> {
        let mut nbr = Grid([0; GRID]);
        for p in self.points() {
            nbr[p.idx()] = self
                .neighbours(p)
                .iter()
                .map(|q| NBR_UNIT[self.cells[q.idx()] as usize])
                .sum();
        }
        nbr
    }

    pub(super) fn recompute_neighbour_counts(&mut self) {
        self.nbr = self.neighbour_counts();
    }

    #[allow(clippy::type_complexity)]
    pub(super) fn recompute_chains(
        &self,
    ) -> (
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
        [u16; MAX_POINTS],
    ) {
        let mut chain = [0u16; MAX_POINTS];
        let mut next = [0u16; MAX_POINTS];
        let mut libs = [0u16; MAX_POINTS];
        let mut stones = [0u16; MAX_POINTS];
        let mut visited = [false; MAX_POINTS];
        let mut stack = Vec::new();
        for p in self.points() {
            let pi = p.idx();
            let c = self.cells[pi];
            if c == EMPTY || visited[pi] {
                continue;
            }
            let mut members = Vec::new();
            visited[pi] = true;
            stack.push(p);
            while let Some(s) = stack.pop() {
                members.push(s);
                for q in self.neighbours(s) {
                    if self.cells[q.idx()] == c && !visited[q.idx()] {
                        visited[q.idx()] = true;
                        stack.push(q);
                    }
                }
            }
            let mut liberty_set = Vec::new();
            for &s in &members {
                for q in self.neighbours(s) {
                    if self.cells[q.idx()] == EMPTY && !liberty_set.contains(&q) {
                        liberty_set.push(q);
                    }
                }
            }
            for (i, &s) in members.iter().enumerate() {
                chain[s.idx()] = p.0;
                next[s.idx()] = members[(i + 1) % members.len()].0;
            }
            libs[pi] = liberty_set.len() as u16;
            stones[pi] = members.len() as u16;
        }
        (chain, next, libs, stones)
    }
}
