//! The search counts handicap compensation as `final_score` does: in its
//! playouts (the win rates it reports, hence resignation and `kgs-chat`), in
//! its finished games and in the pass decision. Positions are reached by real
//! moves, more than half the board area of them, so that dynamic komi has
//! run out and only the compensation separates the outcomes.

use crate::board::{Color, Move};
use crate::game::Game;
use crate::mcts::player::{MctsConfig, MctsPlayer};
use crate::mcts::testutil::at;
use crate::player::{Decision, Player};
use crate::rules::{HandicapCompensation, Preset, Rules};
use crate::time::Budget;

/// 5x5, handicap stones B4 C3 B2, then these turns (White first):
/// ```text
///   A B C D E
/// 5 . X X O .
/// 4 X X X O O
/// 3 . X X O .
/// 2 X X . O O
/// 1 . X X O .
/// ```
/// Both sides have three eyes. Black's area is 14, White's 10, and C2 is the
/// one dame: whoever fills it gains a point.
const TURNS: [(Color, &str); 16] = [
    (Color::White, "D5"),
    (Color::Black, "B5"),
    (Color::White, "D4"),
    (Color::Black, "C5"),
    (Color::White, "E4"),
    (Color::Black, "A4"),
    (Color::White, "D3"),
    (Color::Black, "C4"),
    (Color::White, "D2"),
    (Color::Black, "B3"),
    (Color::White, "E2"),
    (Color::Black, "A2"),
    (Color::White, "D1"),
    (Color::Black, "B1"),
    (Color::White, "pass"),
    (Color::Black, "C1"),
];

/// The position above with White to move, under `rules` and `komi`.
fn dame_game(rules: Rules, komi: f64) -> Game {
    let mut game = Game::new(5, rules);
    game.set_komi(komi);
    let stones: Vec<_> = ["B4", "C3", "B2"]
        .iter()
        .map(|v| at(game.board(), v))
        .collect();
    game.place_handicap(&stones).unwrap();
    for (color, v) in TURNS {
        let mv = if v == "pass" {
            Move::Pass
        } else {
            Move::Play(at(game.board(), v))
        };
        game.play(color, mv).unwrap();
    }
    assert_eq!(game.handicap(), 3);
    assert_eq!(game.final_points(), [14.0, 10.0]);
    game
}

fn rules_with(handicap: HandicapCompensation) -> Rules {
    Rules {
        handicap,
        ..Preset::Chinese.rules()
    }
}

fn search(game: &Game, color: Color) -> (Decision, f64) {
    let mut p = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(1),
        resign_threshold: None,
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(1_000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    let decision = p.genmove(game, color, &budget);
    let winrate = p.win_rate().unwrap();
    (decision, winrate)
}

#[test]
fn white_komi_adds_the_compensation_under_area_scoring_only() {
    let mut game = dame_game(Preset::Chinese.rules(), 0.5);
    assert_eq!(game.white_komi(), 3.5);
    game.set_rules(Preset::Aga.rules()).unwrap();
    assert_eq!(game.white_komi(), 2.5);
    game.set_rules(Preset::NewZealand.rules()).unwrap();
    assert_eq!(game.white_komi(), 0.5);
    game.set_rules(Preset::Japanese.rules()).unwrap();
    assert_eq!(game.white_komi(), 0.5);
    // Handicap stones only: the same stones set up as such earn nothing.
    let mut setup = Game::new(5, Preset::Chinese.rules());
    setup.set_komi(0.5);
    let b4 = at(setup.board(), "B4");
    setup.setup(&[(b4, Some(Color::Black))]).unwrap();
    assert_eq!(setup.white_komi(), 0.5);
}

#[test]
fn playouts_count_the_compensation() {
    // White to move, komi 2.5. Black wins by 14 + 1 - 10 - 2.5 = 2.5 at best
    // without compensation, and loses by 0.5 at best with 3 points of it:
    // every playout, whoever fills the dame, ends the same way.
    let (_, with) = search(&dame_game(Preset::Chinese.rules(), 2.5), Color::White);
    assert!(with > 0.9, "White's win rate with compensation: {with}");
    let (_, without) = search(
        &dame_game(rules_with(HandicapCompensation::NoPoints), 2.5),
        Color::White,
    );
    assert!(
        without < 0.1,
        "White's win rate without compensation: {without}"
    );
}

#[test]
fn the_pass_decision_counts_the_compensation() {
    // White passes again; Black to move, komi 1.5. Passing ends the game with
    // Black 14 to 10: B+2.5 without compensation, B+0.5 with AGA's 2 points,
    // but W+0.5 with 3 points (Chinese), where only filling the dame at C2
    // wins (B+0.5).
    let passed = |rules| {
        let mut game = dame_game(rules, 1.5);
        game.play(Color::White, Move::Pass).unwrap();
        game
    };
    let game = passed(Preset::Chinese.rules());
    let c2 = Move::Play(at(game.board(), "C2"));
    assert_eq!(search(&game, Color::Black).0, Decision::Play(c2));
    for rules in [
        Preset::Aga.rules(),
        rules_with(HandicapCompensation::NoPoints),
    ] {
        assert_eq!(
            search(&passed(rules), Color::Black).0,
            Decision::Play(Move::Pass),
            "{rules}"
        );
    }
}
