//! Large-board opening tests with the real player: from the empty 19x19
//! board the search, led by the large-board move ratings, begins in a
//! corner, as strong players and Pachi do (it played H2 with the
//! hand-written priors); on 9x9 the player plays the opening book's move
//! without searching, and searches past the book.

use crate::board::{Color, Move};
use crate::game::Game;
use crate::knowledge::book::{Book, Coords};
use crate::mcts::Tunables;
use crate::mcts::player::{MctsConfig, MctsPlayer};
use crate::player::{Decision, Player};
use crate::rules::Rules;
use crate::time::Budget;

/// The first move of Black on an empty `size` board, komi 7.5, with `seed`,
/// `playouts` on one thread and `params`, as column and row from the bottom
/// left.
fn first_move(size: usize, seed: u64, playouts: u64, params: Tunables) -> (usize, usize) {
    let mut game = Game::new(size, Rules::default());
    game.set_komi(7.5);
    let mut player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(seed),
        resign_threshold: None,
        params,
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(playouts),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    match player.genmove(&game, Color::Black, &budget) {
        Decision::Play(Move::Play(p)) => game.board().coords(p),
        other => panic!("seed {seed}: {other:?}"),
    }
}

#[test]
fn the_first_move_on_an_empty_19x19_board_is_a_corner_point() {
    for seed in [1, 2] {
        let (x, y) = first_move(19, seed, 1_000, Tunables::default());
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

#[test]
fn a_long_search_keeps_off_the_open_edge() {
    // At 15,000 simulations the tree has outgrown the prior, and the
    // playouts rate low moves on the open sides as high as the corners:
    // with seed 1 and `prune_open_edge_large=0` koban opens B7. With the
    // open edge left out (the 19x19 default) the move is on the third or
    // fourth line.
    let (x, y) = first_move(19, 1, 15_000, Tunables::default());
    let line = |c: usize| c.min(18 - c) + 1;
    let near = line(x).min(line(y));
    assert!((3..=4).contains(&near), "first move at column {x}, row {y}");
}

/// The real player's first moves with `book` on or off: its move after
/// `moves`, and whether it searched.
fn player_move(book: &str, moves: &[Coords]) -> (Coords, bool) {
    let mut game = Game::new(9, Rules::default());
    game.set_komi(7.5);
    for (i, &(x, y)) in moves.iter().enumerate() {
        let color = [Color::Black, Color::White][i % 2];
        let p = game.board().point(x, y);
        game.play(color, Move::Play(p)).unwrap();
    }
    let mut player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(5),
        resign_threshold: None,
        params: Tunables::default().with("opening_book", book),
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(200),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    let color = game.to_move();
    match player.genmove(&game, color, &budget) {
        Decision::Play(Move::Play(p)) => (game.board().coords(p), player.last_report().is_some()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_player_plays_the_book_without_searching_and_searches_past_it() {
    let book = Book::standard();
    // From the empty board and after its own book move and the usual reply.
    let first = book.reply(&[]).unwrap();
    assert_eq!(player_move("1", &[]), (first, false));
    let second = book.reply(&[first, (4, 5)]).unwrap();
    assert_eq!(player_move("1", &[first, (4, 5)]), (second, false));
    // Off, or out of the book: a search.
    assert!(player_move("0", &[]).1);
    assert!(player_move("1", &[(0, 0), (8, 8)]).1);
}
