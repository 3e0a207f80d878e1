//! Cleanup play: take the opponent's dead stones off the board by capturing them
//! before passing (`kgs-genmove_cleanup`, and `genmove` under rules where nothing
//! is removed at the end, Tromp-Taylor).
//!
//! The search decides first; this layer only corrects its decision:
//! - it never passes while an opponent chain estimated dead is on the board and a
//!   safe move attacks it;
//! - an attacking move is a liberty of a dead opponent chain that is legal and
//!   not forfeited, captures, or leaves the mover's new chain at least two
//!   liberties; a lone stone that puts the dead chain in atari (a throw-in into
//!   its eye space) is allowed too. Captures first, then ataris, then the dead
//!   chain with the fewest liberties; ties go to the first point in board order;
//! - in full cleanup mode it also refuses a search move that fills the mover's
//!   own true eye or leaves one of its chains in atari without capturing, and it
//!   prefers the attack unless the search rates its own move clearly higher (a
//!   defence against a real threat).
//!
//! A dead chain that no safe move can attack (only the mover's own eyes or
//! self-ataris of big chains are left next to it) is not capturable, so it is
//! left alone; the decision then stands.

use super::{Status, Statuses};
use crate::board::{Board, Color, Move, Point};
use crate::game::Game;
use crate::player::Decision;

/// The search's own move is kept against the attack only when it is rated this
/// much higher (in win rate) than the attack.
pub const KEEP_SEARCH_MARGIN: f64 = 0.1;

/// When the layer steps in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `kgs-genmove_cleanup`: every decision is checked.
    Full,
    /// `genmove` under no-removal rules: only a pass is replaced.
    InsteadOfPass,
}

/// Whether a board play by `color` at `p` neither fills one of its own true
/// eyes nor leaves its chain in atari (or suicides) without capturing.
pub fn is_safe_play(board: &Board, color: Color, p: Point) -> bool {
    if !board.is_empty(p) || board.is_true_eye(color, p) {
        return false;
    }
    let mut after = board.clone();
    let outcome = after.play_unchecked(color, p);
    after.stone(p) == Some(color) && (outcome.captured > 0 || after.liberties(p) >= 2)
}

/// How good an attack on a dead chain the play is, or `None` if it is none.
fn attack_value(game: &Game, color: Color, p: Point, target: Point) -> Option<i64> {
    let board = game.board();
    let mv = Move::Play(p);
    if !game.is_legal(color, mv) || game.would_forfeit(color, mv) {
        return None;
    }
    let mut after = board.clone();
    let outcome = after.play_unchecked(color, p);
    if after.stone(p) != Some(color) {
        return None;
    }
    if outcome.captured > 0 {
        return Some(3_000 + i64::from(outcome.captured));
    }
    let own_libs = after.liberties(p);
    let target_libs = after.liberties(target) as i64;
    if own_libs >= 2 {
        Some(
            if target_libs == 1 {
                2_000
            } else {
                1_000 - 10 * target_libs
            } + own_libs.min(9) as i64,
        )
    } else if after.chain_size(p) == 1 && target_libs == 1 {
        Some(500)
    } else {
        None
    }
}

/// The best attack on the opponent's dead stones, if there is one.
pub fn attack(game: &Game, color: Color, statuses: &Statuses) -> Option<Point> {
    let board = game.board();
    let mut best: Option<(i64, Point)> = None;
    for chain in statuses
        .with_status(Status::Dead)
        .filter(|c| c.color == color.opponent())
    {
        let target = chain.stones[0];
        if board.stone(target) != Some(chain.color) {
            continue;
        }
        let mut libs = board.chain_liberties(target);
        libs.sort_unstable();
        for p in libs {
            if let Some(v) = attack_value(game, color, p, target)
                && best.is_none_or(|(b, q)| v > b || (v == b && p < q))
            {
                best = Some((v, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Whether the play touches a dead opponent chain (takes a liberty of it).
fn touches_dead(board: &Board, statuses: &Statuses, color: Color, p: Point) -> bool {
    board.neighbours(p).iter().any(|&q| {
        board.stone(q) == Some(color.opponent()) && statuses.status(q) == Some(Status::Dead)
    })
}

/// The search's `decision` corrected for cleanup play. `winrate` gives the
/// search's win rate for a root move, if it has one.
pub fn decide(
    game: &Game,
    color: Color,
    decision: Decision,
    statuses: &Statuses,
    winrate: &dyn Fn(Move) -> Option<f64>,
    mode: Mode,
) -> Decision {
    let board = game.board();
    let Decision::Play(mv) = decision else {
        return decision;
    };
    let safe = match mv {
        Move::Play(p) => is_safe_play(board, color, p),
        Move::Pass => false,
    };
    if mode == Mode::InsteadOfPass && mv != Move::Pass {
        return decision;
    }
    let Some(p) = attack(game, color, statuses) else {
        // Nothing left to capture: pass rather than spoil the position.
        return if mv == Move::Pass || safe {
            decision
        } else {
            Decision::Play(Move::Pass)
        };
    };
    if let Move::Play(q) = mv
        && safe
    {
        if board.would_capture(color, q) || touches_dead(board, statuses, color, q) {
            return decision;
        }
        let mine = winrate(mv).unwrap_or(0.0);
        let theirs = winrate(Move::Play(p)).unwrap_or(0.0);
        if mine > theirs + KEEP_SEARCH_MARGIN {
            return decision;
        }
    }
    Decision::Play(Move::Play(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::game::Game;
    use crate::rules::Rules;
    use crate::status::{Ownership, estimate};

    fn game_from(rows: &[&str]) -> Game {
        let board = crate::mcts::testutil::board_from(rows);
        let mut game = Game::new(board.size(), Rules::default());
        let stones: Vec<_> = board.points().map(|p| (p, board.stone(p))).collect();
        game.setup(&stones).unwrap();
        game
    }

    fn pt(board: &Board, v: &str) -> Point {
        crate::gtp::vertex::parse_point(v, board).unwrap()
    }

    fn statuses(game: &Game, color: Color) -> Statuses {
        estimate(game.board(), &Ownership::by_playouts(game.board(), color))
    }

    #[test]
    fn never_passes_while_dead_stones_can_be_attacked() {
        // Black's wall on C, White's on D; a dead White stone at A4.
        let mut game = game_from(&[
            "..XO.", //
            "O.XO.", //
            "..XO.", //
            "..XO.", //
            "..XO.", //
        ]);
        let none = |_: Move| None;
        let mut moves = 0;
        loop {
            let st = statuses(&game, Color::Black);
            let d = decide(
                &game,
                Color::Black,
                Decision::Play(Move::Pass),
                &st,
                &none,
                Mode::InsteadOfPass,
            );
            let Decision::Play(Move::Play(p)) = d else {
                break;
            };
            assert!(is_safe_play(game.board(), Color::Black, p));
            game.play(Color::Black, Move::Play(p)).unwrap();
            game.play(Color::White, Move::Pass).unwrap();
            moves += 1;
            assert!(moves < 10, "cleanup does not end");
        }
        let b = game.board();
        assert_eq!(b.stone(pt(b, "A4")), None, "{b:?}");
        assert_eq!(b.prisoners(Color::Black), 1);
    }

    #[test]
    fn refuses_to_fill_own_eyes_or_self_atari() {
        // Black has two eyes (A1, C1); White's stone at E5 is dead in nothing:
        // no dead White stone, so a bad search move becomes a pass.
        let game = game_from(&[
            "XXXO.", //
            "XXXO.", //
            "XXXO.", //
            "XXXO.", //
            ".X.O.", //
        ]);
        let b = game.board();
        assert!(!is_safe_play(b, Color::Black, pt(b, "A1")));
        let st = statuses(&game, Color::Black);
        let d = decide(
            &game,
            Color::Black,
            Decision::Play(Move::Play(pt(b, "A1"))),
            &st,
            &|_| None,
            Mode::Full,
        );
        assert_eq!(d, Decision::Play(Move::Pass));
    }
}
