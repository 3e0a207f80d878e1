//! Search tests: tactics with fixed budgets and seeds, legality under every ko
//! variant, determinism, tree reuse and its memory cap. The stopping rules
//! are in `stop_tests`, which shares this file's helpers and positions.

mod handicap;
mod kills;
mod opening;
mod pass_count;
mod ponder;
mod stop;
mod tunables;

use super::player::{MctsConfig, MctsPlayer};
use super::search::{Limits, Timer};
use super::testutil::board_from;
use crate::board::{Color, Move, Point};
use crate::game::Game;
use crate::player::{Decision, Player};
use crate::rules::{KoRule, Rules};
use crate::time::Budget;
use std::time::Duration;

/// A game whose P0 is `rows` (top row first), with komi and rules.
pub(super) fn game_from(rows: &[&str], komi: f64, rules: Rules) -> Game {
    let board = board_from(rows);
    let mut game = Game::new(board.size(), rules);
    game.set_komi(komi);
    let stones: Vec<_> = board
        .points()
        .filter_map(|p| board.stone(p).map(|c| (p, Some(c))))
        .collect();
    game.setup(&stones).unwrap();
    game
}

pub(super) fn pt(game: &Game, name: &str) -> Point {
    crate::board::vertex::parse_point(name, game.board()).unwrap()
}

/// A seeded player without the opening book: these tests are about the
/// search, and the book would answer the empty 9x9 board without one.
pub(super) fn player(seed: u64, threads: usize) -> MctsPlayer {
    player_with(seed, threads, no_book())
}

/// [`player`] with other parameters.
pub(super) fn player_with(
    seed: u64,
    threads: usize,
    params: super::params::Tunables,
) -> MctsPlayer {
    MctsPlayer::new(MctsConfig {
        threads,
        seed: Some(seed),
        resign_threshold: None,
        params,
        ..MctsConfig::default()
    })
}

/// The default parameters with the opening book off.
pub(super) fn no_book() -> super::params::Tunables {
    super::params::Tunables::default().with("opening_book", "0")
}

fn genmove(p: &mut MctsPlayer, game: &Game, color: Color, playouts: u64) -> Decision {
    p.genmove(
        game,
        color,
        &Budget {
            playouts: Some(playouts),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        },
    )
}

/// Black's settled area is columns A-D, White's E-G, except for the white chain
/// C5-C4 in atari at D4. Black D4 captures it (Black area 28 to 21: B+2.5 at komi
/// 4.5); anything else lets White connect at D4 (25 to 24: W+3.5).
pub(super) const CAPTURE: [&str; 7] = [
    ".X.XO.O", //
    "X.XXOO.", //
    ".XOXO.O", //
    "XXO.OO.", //
    ".XXXO.O", //
    "X.XXOO.", //
    ".X.XO.O", //
];

/// `rows` mirrored left to right with the colors swapped.
fn mirrored(rows: &[&str]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            r.chars()
                .rev()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    other => other,
                })
                .collect()
        })
        .collect()
}

/// Black's D4 stone is in atari at C4, a ko: if White takes it Black has no
/// threat and White connects (Black 20, White 29). Filling at C4 keeps both
/// points (22 to 27); with komi -5.5 only the fill wins.
const KO_FILL: [&str; 7] = [
    ".XXOO.O", //
    "X.XO.O.", //
    ".XXOOOO", //
    "XX.XO.O", //
    ".XXOOO.", //
    "X.XO.OO", //
    ".XXOO.O", //
];

fn assert_finds(rows: &[&str], komi: f64, expected: &str, playouts: u64) {
    for seed in [1, 2] {
        let game = game_from(rows, komi, Rules::default());
        let mut p = player(seed, 1);
        let want = Decision::Play(Move::Play(pt(&game, expected)));
        assert_eq!(
            genmove(&mut p, &game, Color::Black, playouts),
            want,
            "seed {seed}"
        );
    }
}

#[test]
fn captures_the_group_in_atari_that_decides_the_game() {
    assert_finds(&CAPTURE, 4.5, "D4", 10_000);
}

#[test]
fn saves_the_group_in_atari_that_decides_the_game() {
    let rows = mirrored(&CAPTURE);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    // Saving: Black 24 to 25, B+0.5 at komi -1.5; captured: 21 to 28, W+5.5.
    assert_finds(&rows, -1.5, "D4", 10_000);
}

#[test]
fn fills_the_ko_it_cannot_afford_to_fight() {
    assert_finds(&KO_FILL, -5.5, "C4", 10_000);
}

/// The 7x6 triple ko of the ko-rules spec (case T2) with an empty row on top.
/// After `B D5, W B4, B F5, W D4, B B5`, White's F4 would recreate P0.
fn triple_ko(ko: KoRule) -> Game {
    let rules = Rules {
        ko,
        ..Rules::default()
    };
    let mut game = game_from(
        &[
            ".......", "OOOOOOO", "OXO.O.O", "X.XOXOX", "XXXXXXX", "OOOOOOO", ".......",
        ],
        0.5,
        rules,
    );
    for (c, v) in [
        (Color::Black, "D5"),
        (Color::White, "B4"),
        (Color::Black, "F5"),
        (Color::White, "D4"),
        (Color::Black, "B5"),
    ] {
        // Ing-spight already refuses White's D4 (it would take a hot stone).
        let p = pt(&game, v);
        if game.play(c, Move::Play(p)).is_err() {
            break;
        }
    }
    game
}

#[test]
fn root_moves_follow_the_ko_variant() {
    for ko in KoRule::ALL {
        let game = triple_ko(ko);
        let f4 = Move::Play(pt(&game, "F4"));
        let mut p = player(3, 1);
        let report = p.search(
            &game,
            Color::White,
            Limits {
                playouts: Some(300),
                time: None,
                stop_early: false,
                ..Limits::default()
            },
            &NoTime,
        );
        let has_f4 = report.moves.iter().any(|m| m.mv == f4);
        assert_eq!(has_f4, game.is_legal(Color::White, f4), "{ko}");
        // The spec's case T2: F4 recreates P0. Simple ko and cleanup's main phase
        // allow it, Geneva allows it as a forfeit, the superko rules and Kee
        // forbid it (ing-spight refused D4 already: not this position).
        let expected = match ko {
            KoRule::Simple | KoRule::Geneva | KoRule::Cleanup => Some(true),
            KoRule::Positional | KoRule::Situational | KoRule::Kee => Some(false),
            KoRule::IngSpight => None,
        };
        if let Some(e) = expected {
            assert_eq!(has_f4, e, "{ko}");
        }
        // Every root move is legal under the variant, and every legal move is there.
        let legal = game.legal_points(Color::White).len() + 1;
        assert_eq!(report.moves.len(), legal, "{ko}");
        for m in &report.moves {
            assert!(game.is_legal(Color::White, m.mv), "{ko}: {:?}", m.mv);
        }
    }
}

/// Plays `moves` turns of self-play with small budgets and checks each generated
/// turn with the rules before playing it.
fn self_play_is_legal(mut game: Game, moves: usize, playouts: u64, threads: usize) -> Game {
    let mut p = player(7, threads);
    for _ in 0..moves {
        if game.over() != crate::rules::Over::No {
            break;
        }
        let color = game.to_move();
        match genmove(&mut p, &game, color, playouts) {
            Decision::Resign => panic!("resigned with resignation off"),
            Decision::Play(mv) => {
                assert!(
                    game.is_legal(color, mv),
                    "{:?} plays illegal {mv:?}\n{:?}",
                    game.rules().ko,
                    game.board()
                );
                game.play(color, mv).unwrap();
            }
        }
    }
    game
}

#[test]
fn genmove_returns_only_legal_moves_under_every_ko_variant() {
    for ko in KoRule::ALL {
        // The triple ko, where the variants disagree, and a small empty board
        // played to the end (passes, captures, tree reuse across moves).
        self_play_is_legal(triple_ko(ko), 12, 300, 1);
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        let game = self_play_is_legal(Game::new(5, rules), 80, 300, 2);
        assert!(
            game.record().len() >= 10,
            "{ko}: {} moves",
            game.record().len()
        );
    }
}

#[test]
fn one_thread_and_a_seed_give_identical_moves() {
    let run = |seed| {
        let mut p = player(seed, 1);
        let mut game = Game::new(9, Rules::default());
        let mut moves = Vec::new();
        for _ in 0..4 {
            let color = game.to_move();
            let Decision::Play(mv) = genmove(&mut p, &game, color, 2_000) else {
                panic!()
            };
            game.play(color, mv).unwrap();
            moves.push(mv);
        }
        (moves, p.last_report().unwrap().stats.playout_moves)
    };
    assert_eq!(run(11), run(11));
    assert_ne!(run(11), run(12));
}

#[test]
fn tree_is_reused_when_the_played_moves_are_in_it() {
    let mut p = player(5, 1);
    let mut game = Game::new(9, Rules::default());
    let Decision::Play(mv) = genmove(&mut p, &game, Color::Black, 3_000) else {
        panic!()
    };
    game.play(Color::Black, mv).unwrap();
    // Black's chosen move is an expanded root child, so White's search starts
    // from its subtree.
    genmove(&mut p, &game, Color::White, 3_000);
    let first = p.last_report().unwrap().reused_visits;
    assert!(first > 0, "the subtree of Black's move was reused");
    // A different game (another komi) starts afresh.
    game.set_komi(0.5);
    genmove(&mut p, &game, Color::White, 100);
    assert_eq!(p.last_report().unwrap().reused_visits, 0);
}

#[test]
fn a_capped_tree_never_holds_more_nodes_than_its_cap_across_reused_moves() {
    use super::tree::reserved;
    // Small enough that each search fills it: the reused subtree of a full
    // tree is large, which is when copying it into a second arena (as reuse
    // once did) doubled the memory.
    let cap = 20_000;
    let mut p = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(5),
        resign_threshold: None,
        max_nodes: cap,
        params: no_book(),
        ..MctsConfig::default()
    });
    let mut game = Game::new(9, Rules::default());
    reserved::take_peak();
    let mut reused = 0;
    for _ in 0..4 {
        let color = game.to_move();
        let Decision::Play(mv) = genmove(&mut p, &game, color, 3_000) else {
            panic!()
        };
        let report = p.last_report().unwrap();
        assert!(report.tree_nodes <= cap);
        reused += report.reused_visits;
        game.play(color, mv).unwrap();
    }
    assert!(reused > 0, "the subtrees were reused");
    let peak = reserved::take_peak();
    assert!(peak <= cap, "{peak} nodes reserved at once, cap {cap}");
}

#[test]
fn the_memory_cap_is_refused_when_zero_or_beyond_what_the_tree_can_index() {
    use super::tree::{MemoryCapError, NODE_BYTES, nodes_for_memory};
    let mut config = MctsConfig::default();
    assert_eq!(config.max_nodes, 1 << 23, "the default keeps the old cap");
    assert_eq!(config.set_max_memory(0), Err(MemoryCapError::Zero));
    assert!(matches!(
        config.set_max_memory(1 << 40),
        Err(MemoryCapError::TooLarge { .. })
    ));
    assert_eq!(config.max_nodes, 1 << 23, "a refused cap changes nothing");
    config.set_max_memory(64).unwrap();
    assert_eq!(config.max_nodes, (64 << 20) / NODE_BYTES);
    assert_eq!(nodes_for_memory(1), Ok((1 << 20) / NODE_BYTES));
}

/// A clock that stands still: the search stops on its playout limit only.
pub(super) struct NoTime;

impl Timer for NoTime {
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}

#[test]
fn passes_to_win_when_the_opponent_passed_and_dead_stones_are_gone() {
    // Black owns the board but two eyes; White passed. Passing wins at once.
    let mut game = game_from(
        &[".XXXX", "XXXXX", "XX.XX", "XXXXX", "XXXX."],
        7.5,
        Rules::default(),
    );
    game.set_first_player(Color::White).unwrap();
    game.play(Color::White, Move::Pass).unwrap();
    let mut p = player(1, 1);
    assert_eq!(
        genmove(&mut p, &game, Color::Black, 500),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn does_not_pass_into_a_loss_after_the_opponent_passed() {
    // Under Tromp-Taylor nothing is removed at the end: the dead white stone at
    // D2 would count (Black 23, White 1: W+1.5 at komi 23.5). Black must capture
    // it at D1 (B+1.5) before passing.
    let rules = crate::rules::Preset::TrompTaylor.rules();
    let mut game = game_from(&["XXXXX", "X.X.X", "XXXXX", "X.XOX", "XXX.X"], 23.5, rules);
    game.set_first_player(Color::White).unwrap();
    game.play(Color::White, Move::Pass).unwrap();
    let mut p = player(1, 1);
    let d = genmove(&mut p, &game, Color::Black, 2_000);
    assert_eq!(
        d,
        Decision::Play(Move::Play(pt(&game, "D1"))),
        "{:?}",
        p.last_report().unwrap().moves
    );
}

#[test]
fn resigns_only_when_the_position_stays_lost() {
    // Black owns the board; White can only play inside it (B2-D2) and die.
    let game = game_from(
        &["XXXXX", "X.X.X", "XXXXX", "X...X", "XXXX."],
        0.5,
        Rules::default(),
    );
    let mut p = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(1),
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(3_000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    let first = p.genmove(&game, Color::White, &budget);
    assert_ne!(first, Decision::Resign, "one bad search is not enough");
    assert_eq!(p.genmove(&game, Color::White, &budget), Decision::Resign);
    // With resignation off it plays on.
    let mut q = player(1, 1);
    assert_ne!(
        genmove(&mut q, &game, Color::White, 3_000),
        Decision::Resign
    );
    assert_ne!(
        genmove(&mut q, &game, Color::White, 3_000),
        Decision::Resign
    );
}

#[test]
fn captures_dead_stones_rather_than_passing_under_area_scoring() {
    // Black passed with eight stones around one eye. White wins by passing only if
    // the stones count as dead; capturing them at B2 settles it and costs nothing
    // under area scoring.
    let mut game = game_from(&["XXX", "X.X", "XXX"], 7.5, Rules::default());
    game.play(Color::Black, Move::Pass).unwrap();
    let mut p = player(1, 1);
    let b2 = Move::Play(pt(&game, "B2"));
    assert_eq!(
        genmove(&mut p, &game, Color::White, 500),
        Decision::Play(b2)
    );
}

#[test]
fn a_geneva_forfeit_in_the_tree_keeps_the_exact_board() {
    use super::search::Search;
    use super::tree::{EXPANDED, FLAG_FORFEIT, FLAG_OVERRIDE, Tree};
    // White's F4 in the triple ko repeats P0 under Geneva: the stone is played,
    // captures F5 and is forfeited. The tree must continue from that board, not
    // from a plain board play.
    let game = triple_ko(KoRule::Geneva);
    let f4 = Move::Play(pt(&game, "F4"));
    let tree = Tree::new(1 << 16);
    let search = Search::new(
        &tree,
        &game,
        Color::White,
        &crate::playout::LightPolicy,
        Limits {
            playouts: Some(100),
            time: None,
            stop_early: false,
            ..Limits::default()
        },
        &NoTime,
        super::params::Tunables::default()
            .for_board(game.size())
            .clone(),
    );
    search.run(1, 1);
    // The search does not want F4 (it gives a stone away); expand it directly.
    let child = search.expand_path(&[f4]);
    let node = tree.node(child);
    assert_eq!(node.state(), EXPANDED);
    assert_ne!(node.flags() & FLAG_OVERRIDE, 0);
    let mut after = game.clone();
    after.play(Color::White, f4).unwrap();
    let mut board = game.board().clone();
    let bonus = tree.load_override(child, &mut board);
    assert_eq!(board, *after.board());
    // The forfeit is worth a point to Black in the playouts' count, and the
    // move carries the forfeit prior.
    let extra = after.score_bonus();
    assert_eq!(bonus, extra[0] - extra[1]);
    assert!(bonus > 0.0, "{extra:?}");
    assert_ne!(node.flags() & FLAG_FORFEIT, 0);
    assert!(
        after.board().is_empty(pt(&game, "F4")),
        "the stone was forfeited"
    );
}

#[test]
fn the_search_beats_a_random_player() {
    // 7x7, 500 playouts a move, both colors: every game is won by the search.
    use crate::player::RandomPlayer;
    for (seed, search_color) in [(1, Color::Black), (2, Color::White)] {
        let mut game = Game::new(7, Rules::default());
        game.set_komi(if search_color == Color::Black {
            7.5
        } else {
            0.5
        });
        let mut mcts = player(seed, 1);
        let mut random = RandomPlayer::new(Some(seed));
        let budget = Budget {
            playouts: Some(500),
            time: None,
            stop_early: false,
            soft_time: None,
            unclear_time: None,
        };
        let mut resigned = None;
        while game.over() == crate::rules::Over::No && game.record().len() < 300 {
            let color = game.to_move();
            let decision = if color == search_color {
                mcts.genmove(&game, color, &budget)
            } else {
                random.genmove(&game, color, &budget)
            };
            match decision {
                Decision::Play(mv) => game.play(color, mv).unwrap(),
                Decision::Resign => {
                    resigned = Some(color);
                    break;
                }
            };
        }
        let winner = match resigned {
            Some(c) => c.opponent(),
            None => {
                let margin = game.final_margin();
                if margin > 0.0 {
                    Color::Black
                } else {
                    Color::White
                }
            }
        };
        assert_eq!(winner, search_color, "seed {seed}\n{:?}", game.board());
    }
}

#[test]
fn nodes_stay_small() {
    // The arena's memory budget assumes 32-byte nodes (two to a cache line):
    // 28 bytes of search statistics and the score lead's margin sum.
    assert!(std::mem::size_of::<super::tree::Node>() <= 32);
}

#[test]
fn does_not_fill_its_own_eyes_when_the_game_is_lost_anyway() {
    // White passed; Black (two eyes, A5 and C5 in the top left) is behind on the
    // count and every move left fills an eye. Passing loses by the count; filling
    // the eyes would lose everything. Black passes.
    let mut game = game_from(
        &[".X.XO", "XXXXO", "OOOOO", "OOOOO", "OO.O."],
        0.5,
        Rules::default(),
    );
    game.set_first_player(Color::White).unwrap();
    game.play(Color::White, Move::Pass).unwrap();
    let mut p = player(1, 1);
    assert_eq!(
        genmove(&mut p, &game, Color::Black, 1_000),
        Decision::Play(Move::Pass)
    );
}

/// Black's four stones A6-B6-C6-B7 are in atari at A7, and White's top-left
/// chain still has two liberties, so whatever Black plays White captures at A7
/// and wins (from a GNU Go game, Black to move at move 79). Playouts misjudge
/// A7: a White A7 played later in a playout comes after Black has attacked the
/// top-left chain, so A7's AMAF win rate for White is near zero while each real
/// visit wins. With one RAVE schedule for every child, White's A7 kept that AMAF
/// value, never got visited without an exploration term (every child of the
/// lost node is worth nearly 0, A7 a little less), and Black saw a sure win in
/// three seeds out of four.
const REFUTED_TENUKI: [&str; 9] = [
    "..OOOXXX.", //
    ".O.OX.XOO", //
    ".XOOXXXXO", //
    "XXXOXXXOO", //
    "OOOXXXO.O", //
    "OXXXOXXOO", //
    "OOOXOOXXO", //
    ".XOOOOXOO", //
    "..OXXXXO.", //
];

#[test]
fn sees_the_capture_that_refutes_every_black_move() {
    let game = game_from(&REFUTED_TENUKI, 7.5, Rules::default());
    for seed in 1..=4 {
        let mut p = player(seed, 1);
        genmove(&mut p, &game, Color::Black, 20_000);
        let best = p.last_report().unwrap().moves[0];
        assert!(best.winrate < 0.5, "seed {seed}: {best:?}");
    }
}

#[test]
fn amaf_over_the_playouts_first_moves_sees_the_refutation_without_exploration() {
    // The starved refutation of REFUTED_TENUKI again, with no exploration term
    // and the earlier playouts, which matched only the mover's shapes around
    // the opponent's last stone and left two-liberty fights and kos alone: A7's AMAF
    // value comes from White stones played there late in playouts. Counting
    // only the playouts' first moves lets its real visits show.
    let game = game_from(&REFUTED_TENUKI, 7.5, Rules::default());
    let best_winrate = |seed, fraction: &str, earlier_playouts: bool| {
        let mut config = MctsConfig {
            threads: 1,
            seed: Some(seed),
            resign_threshold: None,
            ..MctsConfig::default()
        };
        config.params.set("uct_exploration", "0").unwrap();
        config
            .params
            .set("rave_playout_fraction", fraction)
            .unwrap();
        if earlier_playouts {
            // ...and the earlier tree: hand-written priors, every AMAF
            // sample counted once, the priors in the AMAF statistics too.
            for name in [
                "heavy_ko_fight_prob",
                "heavy_pattern_either_colour",
                "heavy_pattern_own_last",
                "heavy_two_liberty_prob",
                "prior_ratings",
                "rave_distance_weight",
                "rave_prior_real_only",
            ] {
                config.params.set(name, "0").unwrap();
            }
        }
        let mut p = MctsPlayer::new(config);
        genmove(&mut p, &game, Color::Black, 20_000);
        p.last_report().unwrap().moves[0].winrate
    };
    for seed in 1..=4 {
        let w = best_winrate(seed, "0.3", true);
        assert!(w < 0.5, "seed {seed}: first 30% of each playout: {w}");
    }
    // With those playouts, AMAF over all of each playout (the default
    // fraction) needs the exploration term here.
    let w = best_winrate(1, "1", true);
    assert!(w > 0.9, "whole playouts: {w}");
    // The default playouts also answer the opponent's shapes: they defend
    // the cut themselves, and whole playouts see the refutation.
    for seed in 1..=4 {
        let w = best_winrate(seed, "1", false);
        assert!(w < 0.5, "seed {seed}: default playouts: {w}");
    }
}

/// Black's settled area is columns A-D, White's E-G, but for two white
/// intrusions in atari: C6 (liberty D6) and C4-C3-B3 (liberty D4). Black can
/// capture one; White then connects the other at its liberty. At komi -4.5
/// both win: D4 by 7.5 points (Black 26, White 23), D6 by 3.5 (24 to 25).
const TWO_CAPTURES: [&str; 7] = [
    ".XXXO.O", //
    "XXO.OO.", //
    ".XXXO.O", //
    "XXO.OO.", //
    "XOOXO.O", //
    "XXXXOO.", //
    ".X.XO.O", //
];

#[test]
fn the_score_bonus_makes_the_search_play_for_the_larger_win() {
    let game = game_from(&TWO_CAPTURES, -4.5, Rules::default());
    let search = |seed, weight: &str| {
        let mut config = MctsConfig {
            threads: 1,
            seed: Some(seed),
            resign_threshold: None,
            ..MctsConfig::default()
        };
        config.params.set("score_bonus", weight).unwrap();
        let mut p = MctsPlayer::new(config);
        // 10,000: with the hand-written priors seed 3 spent 2,000 of its
        // first 3,000 simulations on D6 before D4 overtook it, and with the
        // move ratings seed 2 has D4 and D6 level at 5,000.
        let decision = genmove(&mut p, &game, Color::Black, 10_000);
        let moves = p.last_report().unwrap().moves.clone();
        let winrate = |name| {
            let mv = Move::Play(pt(&game, name));
            moves.iter().find(|m| m.mv == mv).map(|m| m.winrate)
        };
        (decision, winrate("D4").unwrap(), winrate("D6").unwrap())
    };
    for seed in [1, 2, 3] {
        // Off, a win is a win: both captures look certain.
        let (_, big, small) = search(seed, "0");
        assert!(
            big > 0.95 && small > 0.95,
            "seed {seed}, off: D4 {big}, D6 {small}"
        );
        // On, the margin shows: the larger capture is worth more, and played.
        let (decision, big, small) = search(seed, "1");
        assert_eq!(
            decision,
            Decision::Play(Move::Play(pt(&game, "D4"))),
            "seed {seed}: D4 {big}, D6 {small}"
        );
        assert!(big > small + 0.02, "seed {seed}: D4 {big}, D6 {small}");
        assert!(
            big < 0.7,
            "seed {seed}: the margin is weighted in: D4 {big}"
        );
    }
}
