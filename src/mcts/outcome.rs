//! How a finished simulation or game is scored for the tree: Black's margin
//! in a finished game, the dynamic komi of handicap games, the variant's
//! score bonus, the half-wins a result is backed up as, and (with
//! `score_throw_in_kills`) a playout's and a finished game's count with the
//! chains a throw-in kills taken off.
//!
//! Invariants:
//! - A margin is Black's points minus White's, komi (and handicap
//!   compensation) included: positive is a Black win, zero a jigo.
//! - A result is Black's half-wins: 0 (loss), 1 (jigo) or 2 (win). The score
//!   bonus draws a whole win or loss with the weighted value's probability,
//!   never a fraction, and leaves a jigo a jigo.
//! - A finished game's margin stored in the tree keeps the exact sign of the
//!   real one (rounded away from zero), so its result is never changed.

use super::params::SearchParams;
use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::rng::FastRng;
use crate::tactics::for_each_throw_in_kill;

/// Linear dynamic komi for handicap games (handicap stones placed as such,
/// not other setup stones): the search counts with
/// `dynkomi_per_stone` extra komi per handicap stone at the start, shrinking
/// linearly to none after `dynkomi_moves_per_point` times the board area in
/// moves. Either side then sees win rates near one half and plays for a margin
/// (White to catch up, Black to stay ahead) instead of drifting. 0 in even
/// games.
pub(crate) fn dynamic_komi(game: &Game, params: &SearchParams) -> f64 {
    let h = game.handicap();
    if h == 0 {
        return 0.0;
    }
    let horizon = params.dynkomi_moves_per_point * (game.size() * game.size()) as f64;
    let played = game.record().len() as f64;
    let left = if horizon > 0.0 {
        (1.0 - played / horizon).max(0.0)
    } else {
        0.0
    };
    params.dynkomi_per_stone * h as f64 * left
}

/// Black's points beyond what an area count of the board shows (Geneva
/// forfeits), as a margin.
pub(super) fn bonus_margin(game: &Game) -> f64 {
    let bonus = game.score_bonus();
    bonus[0] - bonus[1]
}

/// Black's half-wins for the plain result of `margin`: a win 2, a jigo 1, a
/// loss 0.
pub(super) fn half_wins_of_margin(margin: f64) -> u8 {
    if margin > 0.0 {
        2
    } else if margin == 0.0 {
        1
    } else {
        0
    }
}

/// A finished game's margin for [`Node::set_terminal`](super::tree::Node::set_terminal): half-points, rounded
/// away from zero so that the sign (the result) stays exact, clamped to the
/// i8 range (63.5 points either way: beyond that the score bonus hardly
/// changes).
pub(crate) fn terminal_margin_code(margin: f64) -> i8 {
    if margin == 0.0 {
        0
    } else {
        let half_points = (margin.abs() * 2.0).ceil().clamp(1.0, 127.0) as i8;
        if margin > 0.0 {
            half_points
        } else {
            -half_points
        }
    }
}

/// Black's half-wins for a simulation that ended with Black `margin` points
/// ahead (komi included) on a board of `area` points, the margin weighted in
/// by `score_bonus` (see `score_bonus` in `params::TABLE`). The weighted value is
/// drawn as a whole win or loss with its probability, so the tree keeps
/// counting half-wins and a node's mean is the weighted value; a jigo stays a
/// jigo. Playouts and finished games in the tree count alike, so the bonus
/// does not favour lines that end the game by passing.
pub(crate) fn weighted_half_wins(
    margin: f64,
    area: usize,
    score_bonus: f64,
    rng: &mut FastRng,
) -> u8 {
    let half_wins = half_wins_of_margin(margin);
    if half_wins == 1 {
        return 1;
    }
    let weight = score_bonus.min(1.0);
    let s = (0.5 + margin / (2.0 * area as f64)).clamp(0.0, 1.0);
    let value = if half_wins == 2 {
        1.0 - weight + weight * s
    } else {
        weight * s
    };
    if rng.unit() < value { 2 } else { 0 }
}

/// The chains of a finished playout's board that a nakade throw-in kills
/// (`tactics::throw_in_kill`), as their heads with the killer's color, in
/// `out` (cleared first). The playouts refuse a throw-in of several stones,
/// so where the only eye space of a group holds the opponent's stones with
/// the same two liberties, both sides pass and the group counts as alive,
/// or as a seki, though the throw-in and its capture leave it one eye (a
/// square four, a bulky five): the mistake behind most 13x13 games koban
/// lost at the count. `scratch` is a working board.
pub(super) fn throw_in_kills(board: &Board, scratch: &mut Board, out: &mut Vec<(Point, Color)>) {
    out.clear();
    for_each_throw_in_kill(board, scratch, |color, _, victims| {
        for &v in victims {
            if !out.iter().any(|&(h, _)| h == v) {
                out.push((v, color));
            }
        }
    });
}

/// Black's margin (komi included) of a finished game as the tree and the
/// pass rule count it: [`Game::final_margin`], every stone alive, unless
/// `take_off_kills` (`score_throw_in_kills`) and the rules take dead stones
/// off, when the chains a throw-in kills ([`throw_in_kills`]) come off first
/// as their killers' prisoners, so that a finished game in the tree agrees
/// with the playouts, which take them off. (The root's pass child after the
/// opponent's pass is counted by the status estimate instead, see
/// `Search::root_pass_margin`.)
pub(crate) fn finished_margin(game: &Game, take_off_kills: bool) -> f64 {
    if !(take_off_kills && game.removes_estimated_dead()) {
        return game.final_margin();
    }
    let board = game.board();
    let mut scratch = board.clone();
    let mut kills = Vec::new();
    throw_in_kills(board, &mut scratch, &mut kills);
    if kills.is_empty() {
        return game.final_margin();
    }
    let mut cleaned = board.clone();
    for &(head, killer) in &kills {
        for p in board.chain_stones(head) {
            cleaned.set_cell(p, None);
            cleaned.add_prisoners(killer, 1);
        }
    }
    let points = game.final_points_of(&cleaned);
    points[0] - points[1] - game.white_komi()
}

/// Black's area margin of a finished playout's board (komi not included)
/// with the chains of `kills` ([`throw_in_kills`]) counted for their
/// killers, as are the empty points next to them that are no eye: the
/// playout rule (stones and eye-like points) otherwise. Each point counted
/// Black's adds one to `black_owned`.
pub(super) fn count_with_kills(
    board: &Board,
    kills: &[(Point, Color)],
    black_owned: &mut [u32],
) -> i32 {
    let killer = |q: Point| {
        let head = board.chain_head(q);
        kills.iter().find(|&&(h, _)| h == head).map(|&(_, c)| c)
    };
    let mut score = 0;
    for p in board.points() {
        let owner = match board.stone(p) {
            Some(c) => Some(killer(p).unwrap_or(c)),
            None if board.is_eyelike(Color::Black, p) => Some(Color::Black),
            None if board.is_eyelike(Color::White, p) => Some(Color::White),
            None => board
                .neighbours(p)
                .into_iter()
                .find_map(|q| board.stone(q).and_then(|_| killer(q))),
        };
        match owner {
            Some(Color::Black) => {
                score += 1;
                black_owned[p.idx()] += 1;
            }
            Some(Color::White) => score -= 1,
            None => {}
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Move, Point};
    use crate::mcts::params::Tunables;
    use crate::mcts::testutil::at;
    use crate::rules::Rules;
    use crate::tactics::FALSE_SEKI;

    #[test]
    fn dynamic_komi_shrinks_linearly_in_handicap_games_and_is_off_in_even_games() {
        let params = Tunables::default().for_board(19).search.clone();
        let mut game = Game::new(19, Rules::default());
        assert_eq!(dynamic_komi(&game, &params), 0.0);
        let stones: Vec<Point> = ["D4", "Q16", "D16", "Q4"]
            .iter()
            .map(|v| at(game.board(), v))
            .collect();
        game.place_handicap(&stones).unwrap();
        // 4 stones at 7 points each, shrinking to none after 0.5 * 361 moves.
        assert_eq!(dynamic_komi(&game, &params), 28.0);
        let mut color = Color::White;
        for y in 6..12 {
            for x in 0..19 {
                if game.record().len() == 90 {
                    break;
                }
                let p = game.board().point(x, y);
                if game.play(color, Move::Play(p)).is_ok() {
                    color = color.opponent();
                }
            }
        }
        assert_eq!(game.record().len(), 90);
        let k = dynamic_komi(&game, &params);
        assert!((k - 28.0 * (1.0 - 90.0 / 180.5)).abs() < 1e-9, "{k}");
    }

    #[test]
    fn a_simulation_result_weighs_the_margin_in_with_the_score_bonus() {
        let mut rng = FastRng::new(1);
        let mut mean = |margin: f64, weight: f64| {
            let n = 20_000;
            let half_wins: u32 = (0..n)
                .map(|_| u32::from(weighted_half_wins(margin, 81, weight, &mut rng)))
                .sum();
            f64::from(half_wins) * 0.5 / f64::from(n)
        };
        // Off: the plain result.
        assert_eq!(mean(1.5, 0.0), 1.0);
        assert_eq!(mean(-0.5, 0.0), 0.0);
        // A jigo stays a jigo.
        assert_eq!(mean(0.0, 1.0), 0.5);
        // Weight 1: the margin alone, mapped from [-81, 81] to [0, 1].
        let close = |got: f64, want: f64| (got - want).abs() < 0.01;
        let m = mean(1.5, 1.0);
        assert!(close(m, 0.5 + 1.5 / 162.0), "win by 1.5: {m}");
        let m = mean(73.5, 1.0);
        assert!(close(m, 0.5 + 73.5 / 162.0), "win by 73.5: {m}");
        assert_eq!(mean(-88.5, 1.0), 0.0, "loss by 88.5");
        // Fuego's scale: a win is worth a little less, a loss a little more.
        let m = mean(1.5, 0.1);
        assert!(
            close(m, 0.9 + 0.1 * (0.5 + 1.5 / 162.0)),
            "weight 0.1, win: {m}"
        );
        let m = mean(-8.5, 0.1);
        assert!(close(m, 0.1 * (0.5 - 8.5 / 162.0)), "weight 0.1, loss: {m}");
    }

    #[test]
    fn finished_games_keep_the_sign_of_their_margin() {
        assert_eq!(terminal_margin_code(0.0), 0);
        assert_eq!(terminal_margin_code(0.25), 1);
        assert_eq!(terminal_margin_code(-0.25), -1);
        assert_eq!(terminal_margin_code(7.5), 15);
        assert_eq!(terminal_margin_code(-361.0), -127);
    }

    #[test]
    fn a_playout_count_gives_a_group_a_throw_in_kills_to_its_killer() {
        // Black's A2-E2 group shares A1 and C1 with White's B1 B2 C2 inside
        // it; White's throw-in at C1 leaves it a square four.
        let board = crate::mcts::testutil::board_from(&FALSE_SEKI);
        let mut scratch = board.clone();
        let mut kills = vec![(Point::NONE, Color::Black)];
        throw_in_kills(&board, &mut scratch, &mut kills);
        let group = board.chain_head(at(&board, "A2"));
        assert_eq!(kills, vec![(group, Color::White)]);
        let mut plain_owned = vec![0; crate::board::MAX_POINTS];
        let plain = count_with_kills(&board, &[], &mut plain_owned);
        let mut owned = vec![0; crate::board::MAX_POINTS];
        let counted = count_with_kills(&board, &kills, &mut owned);
        // The nine stones change hands, and A1 and C1, nobody's before, are
        // White's.
        assert_eq!(counted, plain - 2 * 9 - 2);
        for v in ["A4", "A2", "D1", "E2"] {
            assert_eq!(plain_owned[at(&board, v).idx()], 1, "{v}");
            assert_eq!(owned[at(&board, v).idx()], 0, "{v}");
        }
        // With D4 empty the group lives (a liberty outside): no kill.
        let board = crate::mcts::testutil::board_from(&[
            ".......", //
            ".......", //
            "OOO.O..", //
            "XOO..O.", //
            "XXXXOO.", //
            "XOOXXO.", //
            ".O.XOO.", //
        ]);
        throw_in_kills(&board, &mut scratch, &mut kills);
        assert!(kills.is_empty());
    }

    #[test]
    fn a_finished_game_counts_a_group_a_throw_in_kills_for_its_killer() {
        // The same board, both players passed: the nine stones and A1 and C1
        // are White's once the group comes off, 20 points of margin.
        let finished = |rules| {
            let mut game = crate::mcts::tests::game_from(&FALSE_SEKI, 0.5, rules);
            game.play(Color::Black, Move::Pass).unwrap();
            game.play(Color::White, Move::Pass).unwrap();
            assert_eq!(game.over(), crate::rules::Over::Yes);
            game
        };
        let game = finished(Rules::default());
        let alive = game.final_margin();
        assert_eq!(finished_margin(&game, false), alive);
        assert_eq!(finished_margin(&game, true), alive - 20.0);
        // Where the rules take nothing off, the stones stay on the board.
        let game = finished(crate::rules::Preset::TrompTaylor.rules());
        assert_eq!(finished_margin(&game, true), game.final_margin());
    }
}
