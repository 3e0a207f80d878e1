//! Cleanup play: take the opponent's dead stones off the board by capturing them
//! before passing (`kgs-genmove_cleanup`, and `genmove` under rules where nothing
//! is removed at the end, Tromp-Taylor).
//!
//! The status estimate (`crate::status`, pure judgement of a position) says
//! which opponent chains are dead; this module chooses the moves that capture
//! them, and corrects the player's [`Decision`]:
//! - it never passes while an opponent chain estimated dead is on the board and a
//!   safe move attacks it;
//! - an attacking move is a liberty of a dead opponent chain, outside the
//!   opponent's living area, that is legal and not forfeited, captures, or
//!   leaves the mover's new chain at least two liberties; a lone stone that puts
//!   the dead chain in atari (a throw-in into its eye space) is allowed too.
//!   Captures first, then ataris, then the dead chain with the fewest liberties;
//!   ties go to the first point in board order. Each attack takes a liberty
//!   (or captures), so the dead stones go in as few moves as their liberties allow;
//! - in full cleanup mode the attack is played, not the search's move: in a
//!   settled position the search's preferences are noise (every move wins or
//!   every move loses), and they wander into the opponent's area. The search's
//!   move is kept only as a tactical defence: a safe move outside the
//!   opponent's living area that captures or gives an own chain in atari more
//!   liberties. With nothing left to attack and nothing to defend, it passes.
//!
//! The opponent's living area is every empty point whose region, once the dead
//! stones are off the board, is bordered by the opponent's stones alone; a
//! cleanup move never goes there (the opponent would only have to capture it).
//! A dead chain that no safe move can attack (only the mover's own eyes or
//! self-ataris of big chains are left next to it) is not capturable, so it is
//! left alone; the decision then stands.

use super::Decision;
use crate::board::{Board, Color, MAX_POINTS, Move, Point};
use crate::game::Game;
use crate::score;
use crate::status::{Status, Statuses};

/// When the layer steps in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// `kgs-genmove_cleanup`: every decision is checked.
    Full,
    /// `genmove` under no-removal rules: only a pass is replaced.
    InsteadOfPass,
}

/// Whether a board play by `color` at `p` neither fills one of its own true
/// eyes nor leaves its chain in atari (or suicides) without capturing.
fn is_safe_play(board: &Board, color: Color, p: Point) -> bool {
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

/// Per point index: the empty points of the opponent's living area, the regions
/// bordered by its stones alone once the dead stones are off the board.
fn opponent_area(board: &Board, statuses: &Statuses, color: Color) -> Vec<bool> {
    let mut area = vec![false; MAX_POINTS];
    for (p, owner) in score::empty_region_owners(&statuses.remove_dead(board)) {
        area[p.idx()] = owner == Some(color.opponent());
    }
    area
}

/// The best attack on the opponent's dead stones, if there is one.
pub(crate) fn attack(game: &Game, color: Color, statuses: &Statuses) -> Option<Point> {
    let board = game.board();
    let their_area = opponent_area(board, statuses, color);
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
        for p in libs.into_iter().filter(|p| !their_area[p.idx()]) {
            if let Some(v) = attack_value(game, color, p, target)
                && best.is_none_or(|(b, q)| v > b || (v == b && p < q))
            {
                best = Some((v, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Whether the play at `p` captures or gives one of the mover's chains in atari
/// next to it more liberties: the only search moves cleanup play keeps.
fn is_defence(board: &Board, color: Color, p: Point) -> bool {
    board.would_capture(color, p)
        || board
            .neighbours(p)
            .iter()
            .any(|&q| board.stone(q) == Some(color) && board.liberties(q) == 1)
}

/// The search's `decision` corrected for cleanup play.
pub(crate) fn decide(
    game: &Game,
    color: Color,
    decision: Decision,
    statuses: &Statuses,
    mode: Mode,
) -> Decision {
    let board = game.board();
    let Decision::Play(mv) = decision else {
        return decision;
    };
    if mode == Mode::InsteadOfPass && mv != Move::Pass {
        return decision;
    }
    // A safe defence outside the opponent's area (safe: not an own eye, and
    // left with two liberties unless it captures).
    let defence = match mv {
        Move::Play(q) => {
            is_safe_play(board, color, q)
                && !opponent_area(board, statuses, color)[q.idx()]
                && is_defence(board, color, q)
        }
        Move::Pass => false,
    };
    if defence {
        return decision;
    }
    match attack(game, color, statuses) {
        Some(p) => Decision::Play(Move::Play(p)),
        None => Decision::Play(Move::Pass),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::game::Game;
    use crate::rules::Rules;
    use crate::status::{Ownership, estimate};

    fn game_from(rows: &[&str]) -> Game {
        let board = crate::board::tests::board_from(rows);
        let mut game = Game::new(board.size(), Rules::default());
        let stones: Vec<_> = board.points().map(|p| (p, board.stone(p))).collect();
        game.setup(&stones).unwrap();
        game
    }

    fn pt(board: &Board, v: &str) -> Point {
        crate::board::vertex::parse_point(v, board).unwrap()
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
        let mut moves = 0;
        loop {
            let st = statuses(&game, Color::Black);
            let d = decide(
                &game,
                Color::Black,
                Decision::Play(Move::Pass),
                &st,
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
    fn plays_the_attack_not_a_search_move_in_the_opponents_area() {
        // Black's wall on C, White's on D; a dead White stone at A4. E3 is
        // White's area: a search move there gives way to the attack, and the
        // attack itself never goes there.
        let game = game_from(&[
            "..XO.", //
            "O.XO.", //
            "..XO.", //
            "..XO.", //
            "..XO.", //
        ]);
        let b = game.board();
        let st = statuses(&game, Color::Black);
        let area = opponent_area(b, &st, Color::Black);
        assert!(area[pt(b, "E3").idx()] && !area[pt(b, "B4").idx()]);
        let d = decide(
            &game,
            Color::Black,
            Decision::Play(Move::Play(pt(b, "E3"))),
            &st,
            Mode::Full,
        );
        let Decision::Play(Move::Play(p)) = d else {
            panic!("{d:?}")
        };
        assert!(["A5", "B4", "A3"].iter().any(|v| pt(b, v) == p), "{p:?}");
    }

    #[test]
    fn a_defence_is_a_capture_or_more_liberties_for_a_chain_in_atari() {
        // Black A1 in atari (its one liberty B1); White A2 has two (A3, B2), so
        // B2 neither captures nor helps A1.
        let game = game_from(&[
            ".....", //
            ".....", //
            ".....", //
            "O....", //
            "X....", //
        ]);
        let b = game.board();
        assert!(is_defence(b, Color::Black, pt(b, "B1")));
        assert!(!is_defence(b, Color::Black, pt(b, "C3")));
        assert!(!is_defence(b, Color::Black, pt(b, "B2")));
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
            Mode::Full,
        );
        assert_eq!(d, Decision::Play(Move::Pass));
    }

    #[test]
    fn attacks_in_random_positions_are_legal() {
        let mut rng = crate::rng::FastRng::new(99);
        for round in 0..40 {
            let (game, color) = crate::game::random_game(&mut rng);
            let own = Ownership::by_playouts_n(game.board(), color, 200);
            let st = estimate(game.board(), &own);
            if let Some(p) = attack(&game, color, &st) {
                assert!(game.is_legal(color, Move::Play(p)), "{round}");
            }
        }
    }
}
