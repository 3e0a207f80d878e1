//! Large-board opening tests with the real player: from the empty 19x19
//! board the search, led by the large-board move ratings, begins in a
//! corner, as strong players and Pachi do (it played H2 with the
//! hand-written priors).

use super::player::{MctsConfig, MctsPlayer};
use crate::board::{Color, Move};
use crate::game::Game;
use crate::player::{Decision, Player};
use crate::rules::Rules;
use crate::time::Budget;

/// The first move of Black on an empty `size` board, komi 7.5, with `seed`
/// and `playouts` on one thread, as column and row from the bottom left.
fn first_move(size: usize, seed: u64, playouts: u64) -> (usize, usize) {
    let mut game = Game::new(size, Rules::default());
    game.set_komi(7.5);
    let mut player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(seed),
        resign_threshold: None,
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(playouts),
        time: None,
        stop_early: false,
    };
    match player.genmove(&game, Color::Black, &budget) {
        Decision::Play(Move::Play(p)) => game.board().coords(p),
        other => panic!("seed {seed}: {other:?}"),
    }
}

#[test]
fn the_first_move_on_an_empty_19x19_board_is_a_corner_point() {
    for seed in [1, 2] {
        let (x, y) = first_move(19, seed, 1_000);
        // Lines from the two nearest edges: the nearer on the 3rd or 4th
        // line, the farther within 5 lines of the corner.
        let line = |c: usize| c.min(18 - c) + 1;
        let (near, far) = (line(x).min(line(y)), line(x).max(line(y)));
        assert!(
            (3..=4).contains(&near) && far <= 5,
            "seed {seed}: first move at column {x}, row {y}"
        );
    }
}
