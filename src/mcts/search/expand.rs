//! Expansion: a leaf's game rebuilt by replay with the full rules (every
//! ko variant, superko, the end of the game), then recorded as finished
//! (with its count) or given its legal children and their priors.
//!
//! Invariant: a node's children are exactly the moves its rebuilt game
//! allows; a finished node's margin is [`finished_margin`] (the root's
//! pass child: the status estimate, [`Search::root_pass_margin`]), never
//! rewritten.

use super::*;

impl<P: PlayoutPolicy> Search<'_, P> {
    /// Rebuilds the node's game by replaying its path from the root game with the
    /// full rules, then records it as terminal or creates its legal children.
    /// The caller holds the node's expansion claim. False if the arena is full.
    pub(super) fn expand(&self, w: &mut Worker, node: u32, color: Color) -> bool {
        let mut game = match w.game.take() {
            Some(mut game) => {
                game.copy_from(self.game);
                game
            }
            None => Box::new(self.game.clone()),
        };
        let expanded = self.expand_in(w, &mut game, node, color);
        w.game = Some(game);
        expanded
    }

    /// [`Self::expand`] with `game` a copy of the root's game.
    fn expand_in(&self, w: &mut Worker, game: &mut Game, node: u32, color: Color) -> bool {
        let tree = self.tree;
        let mut c = self.color;
        for &i in &w.path[1..] {
            if let Err(refusal) = game.play(c, tree.node(i).mv()) {
                // Cannot happen: each child was legal in its parent's rebuilt game.
                log::error!(
                    "tree move {:?} refused on replay: {refusal:?}",
                    tree.node(i).mv()
                );
                tree.node(node).set_terminal(0);
                return true;
            }
            c = c.opponent();
        }
        debug_assert_eq!(c, color);
        let bonus = bonus_margin(game);
        if game.board().hash() != w.board.hash() || bonus != w.bonus {
            tree.set_override(node, game.board(), bonus);
            w.board.copy_from(game.board());
            w.bonus = bonus;
        }
        match game.over() {
            Over::NoResult => {
                tree.node(node).set_terminal(0);
                return true;
            }
            Over::Yes => {
                let margin = match self.root_pass_margin {
                    Some(m) if w.path.len() == 2 && tree.node(node).mv() == Move::Pass => m,
                    _ => finished_margin(game, self.params.search.score_throw_in_kills),
                };
                tree.node(node)
                    .set_terminal(terminal_margin_code(margin - self.komi_offset));
                return true;
            }
            Over::No => {}
        }
        let board = game.board();
        let last = self.point_into(w, w.path.len() as isize - 1);
        let own = self.point_into(w, w.path.len() as isize - 2);
        let priors = Priors::new(board, color, last, own, &self.params.prior, &mut w.ladders);
        w.children.clear();
        for p in board.points() {
            if !board.is_empty(p) {
                continue;
            }
            let kind = match game.check(color, Move::Play(p)) {
                Ok(Action::Play(_)) => KIND_PLAY,
                Ok(Action::Pass | Action::Unblock(_)) => KIND_NO_BOARD_CHANGE,
                Err(_) => continue,
            };
            if priors.pruned(p) {
                continue;
            }
            let mut flags = kind;
            if board.is_true_eye(color, p) {
                flags |= FLAG_EYE_FILL;
            }
            if game.would_forfeit(color, Move::Play(p)) {
                flags |= FLAG_FORFEIT;
            }
            w.children.push((Move::Play(p), flags, priors.of(p, flags)));
        }
        if game.check(color, Move::Pass).is_ok() {
            w.children.push((Move::Pass, KIND_PASS, 0));
        }
        if w.children.is_empty() {
            tree.node(node).set_terminal(0);
            return true;
        }
        tree.expand(node, &w.children)
    }

    /// Test access: follows `moves` from the root through expanded nodes and
    /// expands the node reached, as a simulation would. Returns its index.
    #[cfg(test)]
    pub(crate) fn expand_path(&self, moves: &[Move]) -> u32 {
        let mut w = Worker::new(&self.root_board, 0);
        w.path.push(self.tree.root);
        let (mut node, mut color) = (self.tree.root, self.color);
        for &mv in moves {
            node = self.tree.find_child(node, mv).expect("move in the tree");
            self.descend(&mut w, node, color, 0);
            color = color.opponent();
        }
        assert!(self.tree.node(node).try_begin_expansion());
        self.expand(&mut w, node, color);
        node
    }
}
