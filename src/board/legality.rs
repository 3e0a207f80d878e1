//! Board-level legality: occupied, off-board, the simple-ko point and suicide,
//! answered without playing. Superko and the other ko variants are the rules
//! layer's; this file knows only the basic ko ban the board records.

use super::{BORDER, Board, Color, EMPTY, Illegal, NBR_EMPTY, Point};

impl Board {
    /// Board-level legality: on an empty point, not the simple-ko point for this
    /// color, and not suicide (unless multi-stone suicide is switched on).
    pub(crate) fn check(&self, color: Color, p: Point) -> Result<(), Illegal> {
        if !self.is_on_board(p) {
            return Err(Illegal::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(Illegal::Occupied);
        }
        if p == self.ko && color == self.ko_banned {
            return Err(Illegal::Ko);
        }
        match self.liberty_effect(color, p) {
            LibertyEffect::Lives => Ok(()),
            LibertyEffect::MultiStoneSuicide if self.allow_suicide => Ok(()),
            _ => Err(Illegal::Suicide),
        }
    }

    /// [`Board::check`] without the simple-ko point: pseudolegality as the rules
    /// layer defines it (variants that allow or replace the ko ban start here).
    pub(crate) fn check_pseudolegal(&self, color: Color, p: Point) -> Result<(), Illegal> {
        if !self.is_on_board(p) {
            return Err(Illegal::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(Illegal::Occupied);
        }
        match self.liberty_effect(color, p) {
            LibertyEffect::Lives => Ok(()),
            LibertyEffect::MultiStoneSuicide if self.allow_suicide => Ok(()),
            _ => Err(Illegal::Suicide),
        }
    }

    #[inline]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.is_empty(p) && !(p == self.ko && color == self.ko_banned) && {
            match self.liberty_effect(color, p) {
                LibertyEffect::Lives => true,
                LibertyEffect::MultiStoneSuicide => self.allow_suicide,
                LibertyEffect::SingleStoneSuicide => false,
            }
        }
    }

    /// Whether a stone of `color` on empty `p` would have a liberty after captures.
    #[inline]
    pub(super) fn liberty_effect(&self, color: Color, p: Point) -> LibertyEffect {
        if self.nbr[p.idx()] & NBR_EMPTY != 0 {
            return LibertyEffect::Lives;
        }
        let me = color.cell();
        let mut friend_in_atari = false;
        for q in self.neighbours(p) {
            let c = self.cells[q.idx()];
            if c == EMPTY {
                return LibertyEffect::Lives;
            }
            if c == BORDER {
                continue;
            }
            let libs = self.libs[self.chain[q.idx()] as usize];
            if c == me {
                if libs > 1 {
                    return LibertyEffect::Lives;
                }
                friend_in_atari = true;
            } else if libs == 1 {
                return LibertyEffect::Lives;
            }
        }
        if friend_in_atari {
            LibertyEffect::MultiStoneSuicide
        } else {
            LibertyEffect::SingleStoneSuicide
        }
    }

    /// Whether a board play by `color` at the empty point `p` would capture.
    pub(crate) fn would_capture(&self, color: Color, p: Point) -> bool {
        let opp = color.opponent().cell();
        self.neighbours(p)
            .iter()
            .any(|q| self.cells[q.idx()] == opp && self.libs[self.chain[q.idx()] as usize] == 1)
    }
}

pub(super) enum LibertyEffect {
    Lives,
    SingleStoneSuicide,
    MultiStoneSuicide,
}
