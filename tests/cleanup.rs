//! Cleanup play with the real search: `kgs-genmove_cleanup`, and `genmove`
//! under Tromp-Taylor rules, take the opponent's dead stones off the board
//! before passing, and never spoil their own living groups while doing so.
//!
//! The position (7x7): Black's wall on D with the A-C area, White's wall on E
//! with F-G; White B6 is dead in Black's area, Black G4 in White's. White only
//! passes, as GNU Go does once it thinks the game is over.

mod common;

use koban::board::Color;
use koban::gtp::{Engine, engine::Config};
use koban::mcts::{MctsConfig, MctsPlayer};
use koban::rules::Preset;
use koban::time::Budget;

fn engine(preset: Preset) -> Engine {
    let player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(7),
        resign_threshold: None,
        ..MctsConfig::default()
    });
    let config = Config {
        rules: preset.rules(),
        budget: Budget {
            playouts: Some(1500),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        },
        ..Config::default()
    };
    Engine::new(config, Box::new(player))
}

use common::handle_line as gtp;

fn setup(engine: &mut Engine) {
    for line in [
        "boardsize 7",
        "komi 0.5",
        "gogui-setup b d1 b d2 b d3 b d4 b d5 b d6 b d7 w e1 w e2 w e3 w e4 w e5 w e6 w e7 \
         w b6 b g4",
    ] {
        gtp(engine, line).unwrap();
    }
}

fn stones(engine: &mut Engine, color: Color) -> String {
    let name = if color == Color::Black { "b" } else { "w" };
    gtp(engine, &format!("list_stones {name}")).unwrap()
}

/// Black's generated moves until it passes (White passing in between); checks
/// after each move that the wall is whole and that Black passes only when no
/// White stone is estimated dead. Returns Black's moves.
fn clean_up(engine: &mut Engine, command: &str) -> Vec<String> {
    let mut moves = Vec::new();
    loop {
        let mv = gtp(engine, command).unwrap();
        let black = stones(engine, Color::Black);
        for wall in ["D1", "D4", "D7"] {
            assert!(black.contains(wall), "wall broken after {moves:?} {mv}");
        }
        if mv == "pass" {
            let dead = gtp(engine, "final_status_list dead").unwrap();
            let white = stones(engine, Color::White);
            for v in dead.split_whitespace() {
                assert!(
                    !white.split_whitespace().any(|w| w == v),
                    "passed with dead White {v} on the board after {moves:?}"
                );
            }
            eprintln!("{command}: {moves:?}");
            return moves;
        }
        moves.push(mv);
        assert!(moves.len() <= 12, "no end to the cleanup: {moves:?}");
        gtp(engine, "play w pass").unwrap();
    }
}

#[test]
fn kgs_genmove_cleanup_captures_dead_stones_then_passes() {
    let mut engine = engine(Preset::Chinese);
    setup(&mut engine);
    // Both passed; the opponent disputes the count and the cleanup starts.
    gtp(&mut engine, "play b pass").unwrap();
    gtp(&mut engine, "play w pass").unwrap();
    assert_eq!(
        gtp(&mut engine, "final_status_list dead").unwrap(),
        "G4\nB6"
    );
    let moves = clean_up(&mut engine, "kgs-genmove_cleanup b");
    assert!(
        !stones(&mut engine, Color::White).contains("B6"),
        "{moves:?}"
    );
    // Black's own stone G4 is still dead in White's area; the count is the same
    // as before the cleanup (area scoring: capturing costs nothing).
    assert_eq!(gtp(&mut engine, "final_score").unwrap(), "B+6.5");
}

#[test]
fn genmove_under_tromp_taylor_does_not_pass_with_dead_stones_left() {
    let mut engine = engine(Preset::TrompTaylor);
    setup(&mut engine);
    gtp(&mut engine, "play b pass").unwrap();
    gtp(&mut engine, "play w pass").unwrap();
    let moves = clean_up(&mut engine, "genmove b");
    assert!(
        !stones(&mut engine, Color::White).contains("B6"),
        "{moves:?}"
    );
}

/// gtp-tests/score/walls9.sgf: Black's wall on D, White's on E, White's B7 dead
/// in Black's area and Black's H5 dead in White's. Both sides capture the
/// other's dead stone one liberty at a time, from their own side of the walls,
/// and then pass. (The search on its own wandered into the other side's area
/// while the dead stone stayed on the board.)
#[test]
fn cleanup_on_walls9_captures_from_outside_the_opponents_area_then_passes() {
    let sgf = concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-tests/score/walls9.sgf");
    for (color, other, dead, own_columns) in [("b", "w", "B7", "ABCD"), ("w", "b", "H5", "EFGHJ")] {
        let mut engine = engine(Preset::Chinese);
        gtp(&mut engine, &format!("loadsgf {sgf}")).unwrap();
        let mut moves = Vec::new();
        loop {
            let mv = gtp(&mut engine, &format!("kgs-genmove_cleanup {color}")).unwrap();
            if mv == "pass" {
                break;
            }
            assert!(
                own_columns.contains(&mv[..1]),
                "{color} played {mv} inside the opponent's area after {moves:?}"
            );
            moves.push(mv);
            assert!(moves.len() <= 4, "no end to the cleanup: {moves:?}");
            gtp(&mut engine, &format!("play {other} pass")).unwrap();
        }
        // Four liberties, four moves: one each, the last one capturing.
        assert_eq!(moves.len(), 4, "{color}: {moves:?}");
        let opponent = if color == "b" {
            Color::White
        } else {
            Color::Black
        };
        let left = stones(&mut engine, opponent);
        assert!(!left.split_whitespace().any(|v| v == dead), "{left}");
        assert_eq!(
            gtp(&mut engine, "final_status_list dead").unwrap(),
            if color == "b" { "H5" } else { "B7" }
        );
    }
}
