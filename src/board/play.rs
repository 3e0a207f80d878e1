//! Making moves: the checked `play`, the unchecked plays for search and playouts,
//! and the incremental bookkeeping behind them (chain merges, captures, liberty
//! counts, the empty-point list, neighbour counts, ring codes, the Zobrist hash).
//!
//! Every function here keeps the invariants listed in `mod.rs`; indexing uses
//! [`Near`] because `play_impl` asserts once per move that the played point is an
//! empty on-board point, from which every other index follows.

use super::grid::{GRID, Grid, Near};
use super::{
    BORDER, Board, Color, EMPTY, Illegal, MAX_POINTS, Move, NBR_BLACK, NBR_EMPTY, NBR_UNIT,
    NBR_WHITE, PlayOutcome, Point, zobrist,
};

impl Board {
    /// Checked play: validates, then plays. `Err` leaves the board unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<PlayOutcome, Illegal> {
        match mv {
            Move::Pass => {
                self.pass();
                Ok(PlayOutcome::default())
            }
            Move::Play(p) => {
                self.check(color, p)?;
                Ok(self.play_unchecked(color, p))
            }
        }
    }

    /// A pass only clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = Point::NONE;
    }

    /// Plays a stone the caller knows to be legal under [`Board::check`] (the ko
    /// point may be ignored on purpose by rules that allow the retake). Playing an
    /// illegal single-stone suicide corrupts nothing but is undefined as Go.
    #[inline]
    pub(crate) fn play_unchecked(&mut self, color: Color, p: Point) -> PlayOutcome {
        self.play_impl::<true>(color, p)
    }

    /// [`Board::play_unchecked`] inlined into the caller, without the outcome and
    /// without the Zobrist hash: for the playout loop, where the call, the
    /// outcome and the hash updates cost about 9%. The board's hash is stale
    /// afterwards (playout boards are scratch copies that nobody hashes).
    #[inline(always)]
    pub(crate) fn play_in_playout(&mut self, color: Color, p: Point) {
        self.hash_stale = true;
        self.play_impl::<false>(color, p);
    }

    #[inline(always)]
    fn play_impl<const HASH: bool>(&mut self, color: Color, p: Point) -> PlayOutcome {
        let me = color.cell();
        let opp_color = color.opponent();
        let pi = p.idx();
        // Everything below indexes without bounds checks (`Near`), relying on
        // p being an empty on-board point: checked here, once per move, so that
        // a caller's bug panics instead of touching memory outside the board.
        assert!(
            pi < MAX_POINTS && self.cells[pi] == EMPTY,
            "play on a point that is not empty"
        );

        self.ko = Point::NONE;
        self.remove_empty(pi);
        self.cells[Near::new(pi)] = me;
        self.toggle_in_rings(pi, me);
        if HASH {
            self.hash ^= zobrist::STONE[color.index()][pi];
        }

        let nbrs = self.neighbours(p);
        let delta = NBR_UNIT[me as usize].wrapping_sub(NBR_UNIT[EMPTY as usize]);
        for q in nbrs {
            self.nbr[Near::new(q.idx())] = self.nbr[Near::new(q.idx())].wrapping_add(delta);
        }
        let around = self.nbr[Near::new(pi)];
        if around & (NBR_BLACK | NBR_WHITE) == 0 {
            // No stone next to p: a new one-stone chain, nothing captured.
            self.chain[Near::new(pi)] = p.0;
            self.next[Near::new(pi)] = p.0;
            self.stones[Near::new(pi)] = 1;
            self.libs[Near::new(pi)] = (around & NBR_EMPTY) >> 8;
            return PlayOutcome::default();
        }
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let mut friends = [0u16; 4];
        let mut n_friends = 0;
        // Opponent chains left without liberties, in neighbour order.
        let mut dead = [0u16; 4];
        let mut n_dead = 0;
        let mut direct_libs = 0u16;
        for q in nbrs {
            let c = self.cells[Near::new(q.idx())];
            if c == EMPTY {
                direct_libs += 1;
            } else if c != BORDER {
                let head = self.chain[Near::new(q.idx())];
                if !seen[..n_seen].contains(&head) {
                    seen[n_seen] = head;
                    n_seen += 1;
                    let libs = self.libs[Near::new(head as usize)] - 1;
                    self.libs[Near::new(head as usize)] = libs;
                    if c == me {
                        friends[n_friends] = head;
                        n_friends += 1;
                    } else if libs == 0 {
                        dead[n_dead] = head;
                        n_dead += 1;
                    }
                }
            }
        }

        let head = match n_friends {
            0 => {
                self.chain[Near::new(pi)] = p.0;
                self.next[Near::new(pi)] = p.0;
                self.stones[Near::new(pi)] = 1;
                self.libs[Near::new(pi)] = direct_libs;
                p.0
            }
            1 => {
                let head = friends[0];
                // An empty neighbour of p is a new liberty unless it already touches
                // the chain through another stone.
                let mut gained = 0;
                // (Fast case: p is q's only neighbour of our color.)
                let my_mask = if color == Color::Black {
                    NBR_BLACK
                } else {
                    NBR_WHITE
                };
                let my_unit = NBR_UNIT[me as usize];
                for q in nbrs {
                    if self.cells[Near::new(q.idx())] == EMPTY
                        && (self.nbr[Near::new(q.idx())] & my_mask == my_unit
                            || !self.neighbours(q).iter().any(|&r| {
                                r != p
                                    && self.cells[Near::new(r.idx())] == me
                                    && self.chain[Near::new(r.idx())] == head
                            }))
                    {
                        gained += 1;
                    }
                }
                self.libs[Near::new(head as usize)] += gained;
                self.attach_stone(head, pi);
                head
            }
            _ => self.merge_chains(p, me, &friends[..n_friends]),
        };

        let mut outcome = PlayOutcome::default();
        let mut last_captured = 0u16;
        for &h in &dead[..n_dead] {
            // A one-stone chain's head is that stone: the ko point if it is the
            // only capture.
            last_captured = h;
            outcome.captured += self.remove_chain::<HASH>(h, opp_color);
        }
        self.prisoners[color.index()] += outcome.captured;

        let own_libs = self.libs[Near::new(head as usize)];
        if own_libs == 0 {
            // Only reachable with multi-stone suicide (checked by the caller).
            outcome.suicided = self.remove_chain::<HASH>(head, color);
            self.prisoners[opp_color.index()] += outcome.suicided;
        } else if outcome.captured == 1
            && own_libs == 1
            && self.stones[Near::new(head as usize)] == 1
        {
            self.ko = Point(last_captured);
            self.ko_banned = opp_color;
            outcome.ko_point = Some(self.ko);
        }
        outcome
    }

    /// The stone `p` (already colored `me`) joins two or more chains of its
    /// color, their heads `friends` (liberties already reduced for `p`); returns
    /// the merged chain's head. Kept out of line: merges are a minority of moves
    /// and inlining them into the playout loop costs registers there.
    #[inline(never)]
    fn merge_chains(&mut self, p: Point, me: u8, friends: &[u16]) -> u16 {
        let pi = p.idx();
        let nbrs = self.neighbours(p);
        let mut head = friends[0];
        for &f in &friends[1..] {
            if self.stones[Near::new(f as usize)] > self.stones[Near::new(head as usize)] {
                head = f;
            }
        }
        // The merged chain's liberties: the largest chain's (p already
        // taken off) plus each distinct liberty of p and of the smaller
        // chains that does not touch the largest chain. Walking only the
        // smaller chains keeps merges cheap (union by size).
        let generation = self.next_mark_generation();
        let mut libs = self.libs[Near::new(head as usize)];
        for q in nbrs {
            libs += self.new_liberty(q, p, head, me, generation);
        }
        for &f in friends {
            if f == head {
                continue;
            }
            let mut s = f;
            loop {
                for q in self.neighbours(Point(s)) {
                    libs += self.new_liberty(q, p, head, me, generation);
                }
                s = self.next[Near::new(s as usize)];
                if s == f {
                    break;
                }
            }
        }
        for &f in friends {
            if f != head {
                self.merge_into(head, f);
            }
        }
        self.attach_stone(head, pi);
        self.libs[Near::new(head as usize)] = libs;
        debug_assert_eq!(libs, self.count_liberties(head));
        head
    }

    #[inline]
    fn attach_stone(&mut self, head: u16, pi: usize) {
        let h = head as usize;
        self.chain[Near::new(pi)] = head;
        self.next[Near::new(pi)] = self.next[Near::new(h)];
        self.next[Near::new(h)] = pi as u16;
        self.stones[Near::new(h)] += 1;
    }

    /// Relabel the chain headed by `other` into `head` and splice the stone cycles.
    fn merge_into(&mut self, head: u16, other: u16) {
        let mut s = other;
        loop {
            self.chain[Near::new(s as usize)] = head;
            s = self.next[Near::new(s as usize)];
            if s == other {
                break;
            }
        }
        let (h, o) = (head as usize, other as usize);
        self.next.swap(h, o);
        self.stones[Near::new(h)] += self.stones[Near::new(o)];
    }

    /// A fresh stamp for `mark[]`: no point carries it yet.
    #[inline]
    fn next_mark_generation(&mut self) -> u32 {
        self.mark_generation = self.mark_generation.wrapping_add(1);
        if self.mark_generation == 0 {
            self.mark = Grid([0; GRID]);
            self.mark_generation = 1;
        }
        self.mark_generation
    }

    /// 1 if `q` is an empty point not yet stamped with `generation` (it is stamped
    /// now) that touches no stone of the chain `head` other than the new stone `p`.
    #[inline]
    fn new_liberty(&mut self, q: Point, p: Point, head: u16, me: u8, generation: u32) -> u16 {
        let qi = q.idx();
        if self.cells[Near::new(qi)] != EMPTY || self.mark[Near::new(qi)] == generation {
            return 0;
        }
        self.mark[Near::new(qi)] = generation;
        let touches = self.neighbours(q).iter().any(|&r| {
            r != p && self.cells[Near::new(r.idx())] == me && self.chain[Near::new(r.idx())] == head
        });
        u16::from(!touches)
    }

    fn count_liberties(&mut self, head: u16) -> u16 {
        let generation = self.next_mark_generation();
        let mut count = 0;
        let mut s = head;
        loop {
            for q in self.neighbours(Point(s)) {
                let qi = q.idx();
                if self.cells[Near::new(qi)] == EMPTY && self.mark[Near::new(qi)] != generation {
                    self.mark[Near::new(qi)] = generation;
                    count += 1;
                }
            }
            s = self.next[Near::new(s as usize)];
            if s == head {
                break;
            }
        }
        count
    }

    /// Removes a whole chain of `color`; adjacent chains gain the freed liberties.
    fn remove_chain<const HASH: bool>(&mut self, head: u16, color: Color) -> u32 {
        let other = color.opponent().cell();
        let key = &zobrist::STONE[color.index()];
        let mut removed = 0;
        let mut s = head;
        loop {
            let si = s as usize;
            let next = self.next[Near::new(si)];
            self.cells[Near::new(si)] = EMPTY;
            self.toggle_in_rings(si, color.cell());
            if HASH {
                self.hash ^= key[si];
            }
            self.add_empty(si);
            removed += 1;
            // Each distinct neighbouring chain gains exactly this one liberty.
            let nbrs = self.neighbours(Point(s));
            let delta = NBR_UNIT[EMPTY as usize].wrapping_sub(NBR_UNIT[color.cell() as usize]);
            let mut seen = [0u16; 4];
            let mut n_seen = 0;
            for q in nbrs {
                self.nbr[Near::new(q.idx())] = self.nbr[Near::new(q.idx())].wrapping_add(delta);
                if self.cells[Near::new(q.idx())] == other {
                    let h = self.chain[Near::new(q.idx())];
                    if !seen[..n_seen].contains(&h) {
                        seen[n_seen] = h;
                        n_seen += 1;
                        self.libs[Near::new(h as usize)] += 1;
                    }
                }
            }
            s = next;
            if s == head {
                break;
            }
        }
        removed
    }

    #[inline]
    pub(super) fn remove_empty(&mut self, pi: usize) {
        let slot = self.empty_index[Near::new(pi)] as usize;
        self.empty_count -= 1;
        let last = self.empties[Near::new(self.empty_count)];
        self.empties[Near::new(slot)] = last;
        self.empty_index[Near::new(last as usize)] = slot as u16;
    }

    #[inline]
    pub(super) fn add_empty(&mut self, pi: usize) {
        self.empties[Near::new(self.empty_count)] = pi as u16;
        self.empty_index[Near::new(pi)] = self.empty_count as u16;
        self.empty_count += 1;
    }
}
