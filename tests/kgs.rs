//! The command sequence kgsGtp sends for a ranked 19x19 game with byo-yomi, replayed
//! against the real GTP loop, with every response checked.
//!
//! kgsGtp (see the KGS section of the GTP spec): it asks `name`, `version` and
//! `list_commands` once and then only sends listed commands; a game starts with
//! `kgs-rules`, `boardsize`, `clear_board`, `komi`, `kgs-time_settings`; moves
//! already played (a resumed game) are replayed with lowercase `play`; before each
//! `genmove` it sends `time_left` (with byo-yomi, the periods left); after two
//! passes it asks `final_status_list dead`, and when the players disagree under
//! non-Japanese rules it sends `kgs-genmove_cleanup` for every bot move until the
//! bot passes; `kgs-game_over` closes the game. An error reply to a genmove, or an
//! illegal move, would make the bot leave the game.
//!
//! The bot plays White. Game 1 is played live in byo-yomi; game 2 is the GNU Go
//! game `gtp-tests/score/game19.sgf` (ending with two passes, Black's E4 D6 E6
//! dead), resumed by replay and then cleaned up after a dispute.

mod common;

use common::Session;
use koban::board::Color;
use koban::gtp::vertex::format_coords;
use koban::time::Budget;
use std::time::Instant;

fn ok(response: Vec<String>) -> Vec<String> {
    assert!(
        response.first().is_some_and(|l| l.starts_with("= ")),
        "expected success, got {response:?}"
    );
    response
}

fn ok_empty(s: &mut Session, command: &str) {
    assert_eq!(s.ask(command), ["= "], "{command}");
}

/// A vertex or `pass` (never `resign`, never an error).
fn expect_move(s: &mut Session, command: &str) -> String {
    let r = ok(s.ask(command));
    assert_eq!(r.len(), 1, "{command}: {r:?}");
    let mv = r[0][2..].to_string();
    let valid = mv == "pass"
        || (mv.len() >= 2
            && mv.as_bytes()[0].is_ascii_uppercase()
            && mv[1..].parse::<u32>().is_ok_and(|n| (1..=19).contains(&n)));
    assert!(valid, "{command}: {mv:?}");
    mv
}

fn game_start(s: &mut Session, rules: &str) {
    ok_empty(s, &format!("kgs-rules {rules}"));
    ok_empty(s, "boardsize 19");
    ok_empty(s, "clear_board");
    ok_empty(s, "komi 7.5");
    // 3 s of main time, then 3 periods of 3 s.
    ok_empty(s, "kgs-time_settings byoyomi 3 3 3");
}

#[test]
fn ranked_game_with_byoyomi_and_cleanup() {
    // A playout cap keeps the test short; the time manager still plans every move
    // from the clock (it only ever lowers the budget).
    let mut s = Session::new(Budget {
        playouts: Some(3000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    });

    // Connection.
    assert_eq!(s.ask("name"), ["= koban"]);
    assert_eq!(ok(s.ask("version")).len(), 1);
    let listed = ok(s.ask("list_commands"));
    let listed: Vec<&str> = listed.iter().map(|l| l.trim_start_matches("= ")).collect();
    for needed in [
        "kgs-rules",
        "kgs-time_settings",
        "time_left",
        "kgs-genmove_cleanup",
        "final_status_list",
        "kgs-game_over",
        "kgs-chat",
        "genmove",
        "play",
    ] {
        assert!(listed.contains(&needed), "{needed} not listed: {listed:?}");
    }

    // Game 1, live: Black's moves as a human sends them, White from the search,
    // the clock running down through main time into the byo-yomi periods. The
    // bot must answer every genmove with a move inside the time left.
    game_start(&mut s, "chinese");
    // Black takes the next of these points the bot has not taken (the bot
    // plays corner points too).
    let mut black = [
        "q16", "d4", "q3", "d16", "k10", "c10", "r10", "k3", "k17", "c3",
    ]
    .into_iter()
    .map(String::from);
    let mut taken: Vec<String> = Vec::new();
    let (mut main, mut periods) = (3.0f64, 3u32);
    const PERIOD: f64 = 3.0;
    for i in 0..6 {
        let b = black.find(|b| !taken.contains(b)).unwrap();
        ok_empty(&mut s, &format!("play b {b}"));
        let (left, count) = if main > 0.0 {
            (main, 0)
        } else {
            (PERIOD, periods)
        };
        ok_empty(
            &mut s,
            &format!("time_left white {} {count}", left.floor() as u64),
        );
        let start = Instant::now();
        taken.push(expect_move(&mut s, "genmove w").to_lowercase());
        let used = start.elapsed().as_secs_f64();
        let allowed = if main > 0.0 { main + PERIOD } else { PERIOD };
        assert!(
            used < allowed,
            "move {i}: {used:.2} s with {left} s and {count} periods left"
        );
        if main > 0.0 {
            main = (main - used).max(0.0);
        } else if used > PERIOD {
            periods -= 1;
        }
    }
    assert_eq!(periods, 3, "the bot spent a byo-yomi period");
    ok_empty(&mut s, "kgs-game_over");

    // Game 2: an adjourned game resumed. kgsGtp replays every move, both passes
    // included, then asks for the dead stones.
    game_start(&mut s, "chinese");
    let record = koban::sgf::parse(
        &std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/gtp-tests/score/game19.sgf"
        ))
        .unwrap(),
    )
    .unwrap();
    for &(color, at) in &record.moves {
        let c = if color == Color::Black { 'b' } else { 'w' };
        let v = at.map_or("pass".to_string(), |(x, y)| {
            format_coords(x, y).to_lowercase()
        });
        ok_empty(&mut s, &format!("play {c} {v}"));
    }
    let dead = ok(s.ask("final_status_list dead"));
    let dead: Vec<&str> = dead
        .iter()
        .flat_map(|l| l.trim_start_matches("= ").split_whitespace())
        .collect();
    for v in ["E4", "D6", "E6"] {
        assert!(dead.contains(&v), "{v} not dead: {dead:?}");
    }

    // The human disputes: cleanup. The bot may not pass while Black's dead stones
    // are on the board; Black passes throughout.
    let mut cleanup_moves = 0;
    loop {
        ok_empty(&mut s, "time_left white 3 3");
        let mv = expect_move(&mut s, "kgs-genmove_cleanup w");
        if mv == "pass" {
            break;
        }
        cleanup_moves += 1;
        assert!(cleanup_moves < 40, "cleanup does not end");
        ok_empty(&mut s, "play b pass");
    }
    assert!(
        cleanup_moves >= 2,
        "three dead stones need more than one move to capture"
    );
    let black_left = ok(s.ask("list_stones black"));
    for v in ["E4", "D6", "E6"] {
        assert!(
            !black_left[0].split_whitespace().any(|w| w == v),
            "{v} still on the board"
        );
    }
    ok_empty(&mut s, "play b pass");
    let dead = ok(s.ask("final_status_list dead"));
    assert_eq!(dead, ["= "], "dead stones left after cleanup");
    let score = ok(s.ask("final_score"));
    assert!(score[0].starts_with("= W+"), "{score:?}");
    let chat = ok(s.ask("kgs-chat game opponent what rules?"));
    assert!(chat[0].contains("ko=positional"), "{chat:?}");
    ok_empty(&mut s, "kgs-game_over");
    // The adjourned game is kept.
    assert!(ok(s.ask("list_stones white"))[0].len() > 100);
}
