//! Pondering's own stopping rules, on the real player: a ponder with no input
//! must end by itself at its visit cap or at its share of the arena, and what
//! it searched must be the tree the next search starts from.

use crate::board::Color;
use crate::game::Game;
use crate::mcts::player::{MctsConfig, MctsPlayer};
use crate::mcts::tree::NODE_BYTES;
use crate::player::{Decision, Player, SearchProbe};
use crate::rules::Rules;
use crate::time::Budget;
use std::time::Duration;

/// Long enough for any of these ponders on a loaded machine; reached only by
/// a ponder that does not stop by itself.
const NEVER: Duration = Duration::from_secs(120);

/// A seeded player without the opening book, which would answer Black's
/// first move without the search these tests ponder on.
fn player(config: MctsConfig) -> MctsPlayer {
    MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(5),
        resign_threshold: None,
        params: super::no_book(),
        ..config
    })
}

/// Black's first move on 9x9 with 100 playouts, played: White to move.
fn after_black_move(p: &mut MctsPlayer) -> Game {
    let mut game = Game::new(9, Rules::default());
    let budget = Budget {
        playouts: Some(100),
        ..Budget::default()
    };
    let Decision::Play(mv) = p.genmove(&game, Color::Black, &budget) else {
        panic!("no resignation on an empty board");
    };
    game.play(Color::Black, mv).unwrap();
    game
}

/// Ponders with no input until the search ends by itself; returns whether
/// it did and the root's visits at the end.
fn ponder_alone(p: &mut MctsPlayer, game: &Game) -> (bool, u64) {
    let mut ended = false;
    let mut visits = 0;
    p.ponder(game, Color::White, &mut |probe: &dyn SearchProbe| {
        ended = probe.wait_end(NEVER);
        visits = probe.snapshot().visits;
    });
    (ended, visits)
}

#[test]
fn a_ponder_without_input_stops_at_its_visit_cap() {
    let mut p = player(MctsConfig {
        ponder_max_visits: 3_000,
        ..MctsConfig::default()
    });
    let game = after_black_move(&mut p);
    let (ended, visits) = ponder_alone(&mut p, &game);
    assert!(ended, "the ponder did not stop by itself");
    // One look at the cap every 16 simulations.
    assert!((3_000..3_000 + 16).contains(&visits), "{visits} visits");
    // The next search in that position starts from the pondered tree.
    let budget = Budget {
        playouts: Some(10),
        ..Budget::default()
    };
    p.genmove(&game, Color::White, &budget);
    assert_eq!(
        u64::from(p.last_report().unwrap().reused_visits),
        visits,
        "the pondered visits were not reused"
    );
}

#[test]
fn a_ponder_without_input_stops_at_half_the_arena() {
    let mut config = MctsConfig::default();
    config.set_max_memory(2).unwrap();
    let capacity = (2 << 20) / NODE_BYTES;
    let mut p = player(config);
    let game = after_black_move(&mut p);
    let (ended, visits) = ponder_alone(&mut p, &game);
    assert!(ended, "the ponder did not stop by itself");
    assert!(
        visits < 1_000_000,
        "{visits} visits: stopped by the visit cap"
    );
    let report = p.last_report().unwrap();
    // The last report is still the move search's, not the ponder's.
    assert_eq!(report.stats.simulations, 100);
    let nodes = p.tree_size().unwrap();
    assert!(
        nodes >= capacity / 2 && nodes < capacity,
        "{nodes} nodes of {capacity}"
    );
}
