//! The client protocols end to end, in-process: the GTP loop runs on its own
//! thread behind two pipes, and each test talks to it line by line as Sabaki or
//! GoGui would, reading the output while the engine is still running.
//!
//! The machine is shared and may be loaded, so nothing here asserts tight
//! timings: reads wait up to a minute, and the one timing check (an interrupted
//! two-minute search answers within twenty seconds) has a wide margin.

mod common;

use common::Session;
use koban::time::Budget;
use regex::Regex;
use std::time::{Duration, Instant};

/// Checks one `info` line as Sabaki parses it and returns its moves: groups of
/// `info move V visits N winrate N [scoreLead F] prior N lcb N order N pv
/// V...`, pv last, integers 0..10000, orders counting up from 0, most visited
/// first; `scoreLead` (Sabaki's `analyze`, not `lz-analyze`) only for moves
/// with 20 visits or more.
fn check_info_line(line: &str) -> Vec<String> {
    let group = Regex::new(
        r"^move ([A-HJ][1-9]|pass) visits (\d+) winrate (\d+)( scoreLead -?\d+\.\d\d)? prior (\d+) lcb (\d+) order (\d+) pv((?: (?:[A-HJ][1-9]|pass))+)$",
    )
    .unwrap();
    let body = line
        .strip_prefix("info ")
        .unwrap_or_else(|| panic!("not an info line: {line:?}"));
    let mut moves = Vec::new();
    let mut last_visits = u64::MAX;
    for (i, g) in body.split(" info ").enumerate() {
        let c = group
            .captures(g)
            .unwrap_or_else(|| panic!("bad group {g:?} in {line:?}"));
        let n = |k: usize| c[k].parse::<u64>().unwrap();
        assert!(n(2) >= 1, "{g}");
        assert!(n(2) <= last_visits, "not most visited first: {line}");
        last_visits = n(2);
        if c.get(4).is_some() {
            assert!(n(2) >= 20, "a lead from too few visits: {g}");
        }
        for k in [3, 5, 6] {
            assert!(n(k) <= 10_000, "{g}");
        }
        assert!(n(6) <= n(3), "lcb above the win rate: {g}");
        assert_eq!(n(7), i as u64, "{line}");
        assert_eq!(
            c[8].split_whitespace().next(),
            Some(&c[1]),
            "pv starts elsewhere: {g}"
        );
        moves.push(c[1].to_string());
    }
    moves
}

fn nine_by_nine(s: &mut Session) {
    assert_eq!(s.ask("boardsize 9"), ["= "]);
    assert_eq!(s.ask("clear_board"), ["= "]);
}

#[test]
fn analysis_streams_until_any_input_line_which_then_runs() {
    let mut s = Session::new(Budget::default());
    nine_by_nine(&mut s);
    assert_eq!(s.ask("play b e5"), ["= "]);

    // Sabaki's form; the stopping line is a real command and is answered next.
    s.send("1 lz-analyze W 5");
    assert_eq!(s.line(), "=1 ");
    let mut seen = Vec::new();
    for _ in 0..2 {
        let moves = check_info_line(&s.line());
        assert!(!moves.contains(&"E5".to_string()), "{moves:?}");
        seen.push(moves);
    }
    let sent = Instant::now();
    s.send("2 name");
    for line in s.rest_of_response() {
        check_info_line(&line);
    }
    assert_eq!(s.rest_of_response(), ["=2 koban"]);
    assert!(
        sent.elapsed() < Duration::from_secs(20),
        "{:?}",
        sent.elapsed()
    );

    // Lizzie's form (interval only); an empty line stops it and is dropped.
    s.send("3 analyze 5");
    assert_eq!(s.line(), "=3 ");
    check_info_line(&s.line());
    s.send("");
    for line in s.rest_of_response() {
        check_info_line(&line);
    }
    assert_eq!(s.ask("4 protocol_version"), ["=4 2"]);

    // KataGo's key-value form; GoGui's interrupt comment stops it too.
    s.send("5 lz-analyze b interval 5 maxmoves 3");
    assert_eq!(s.line(), "=5 ");
    assert!(check_info_line(&s.line()).len() <= 3);
    s.send("# interrupt");
    for line in s.rest_of_response() {
        assert!(check_info_line(&line).len() <= 3);
    }
    assert_eq!(s.ask("6 list_stones black"), ["=6 E5"]);
    assert_eq!(s.ask("7 list_stones white"), ["=7 "]);
}

#[test]
fn a_limited_analysis_ends_by_itself() {
    let mut s = Session::new(Budget::default());
    nine_by_nine(&mut s);
    s.send("1 lz-analyze b 100000 playouts 2000");
    assert_eq!(s.line(), "=1 ");
    // The interval is far away: the only line is the final picture.
    let lines = s.rest_of_response();
    assert_eq!(lines.len(), 1, "{lines:?}");
    check_info_line(&lines[0]);
    assert_eq!(s.ask("2 name"), ["=2 koban"]);
}

#[test]
fn genmove_analyze_streams_then_plays_the_move() {
    let mut s = Session::new(Budget {
        playouts: Some(3000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    });
    nine_by_nine(&mut s);
    let vertex = Regex::new("^[A-HJ][1-9]$").unwrap();
    for (id, command, color) in [
        (1, "genmove_analyze b 1", "black"),
        (3, "lz-genmove_analyze W 1", "white"),
    ] {
        s.send(&format!("{id} {command}"));
        assert_eq!(s.line(), format!("={id} "));
        let lines = s.rest_of_response();
        let (play, infos) = lines.split_last().unwrap();
        assert!(!infos.is_empty(), "a final info line at least: {lines:?}");
        for line in infos {
            check_info_line(line);
        }
        let mv = play
            .strip_prefix("play ")
            .unwrap_or_else(|| panic!("{lines:?}"));
        assert!(vertex.is_match(mv), "{mv}");
        assert_eq!(
            s.ask(&format!("{} list_stones {color}", id + 1)),
            [format!("={} {mv}", id + 1)]
        );
    }
}

#[test]
fn gogui_interrupt_stops_a_long_genmove_with_a_legal_move() {
    let mut s = Session::new(Budget {
        playouts: None,
        time: Some(Duration::from_secs(120)),
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    });
    nine_by_nine(&mut s);
    assert_eq!(
        s.ask("1 list_commands")
            .iter()
            .filter(|l| l.contains("gogui-interrupt"))
            .count(),
        1
    );
    let start = Instant::now();
    s.send("2 genmove b");
    // The interrupt only counts once genmove runs, which a loaded machine may
    // delay: repeat it until the answer comes (extra ones are comments).
    let first = loop {
        match s.output.recv_timeout(Duration::from_millis(300)) {
            Ok(line) => break line,
            Err(_) => {
                assert!(start.elapsed() < Duration::from_secs(60), "no answer");
                s.send("# interrupt");
            }
        }
    };
    let elapsed = start.elapsed();
    assert_eq!(s.rest_of_response(), Vec::<String>::new());
    // A time-limited search may stop by itself once a fifth of its time is
    // gone (24 s here): an answer well before that is the interrupt's doing.
    assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
    let mv = first.strip_prefix("=2 ").unwrap();
    assert!(Regex::new("^[A-HJ][1-9]$").unwrap().is_match(mv), "{first}");
    assert_eq!(s.ask("3 list_stones black"), [format!("=3 {mv}")]);
    // The next command is not interrupted.
    assert_eq!(s.ask("4 name"), ["=4 koban"]);
}

#[test]
fn gogui_gfx_views_of_a_search() {
    let mut s = Session::new(Budget {
        playouts: Some(2000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    });
    nine_by_nine(&mut s);
    assert_eq!(s.ask("play b e5"), ["= "]);

    let commands = s.ask("1 gogui-analyze_commands");
    assert_eq!(commands[0], "=1 gfx/Ownership/koban-ownership %m");
    assert!(commands.iter().skip(1).all(|l| l.split('/').count() == 3));

    let ownership = s.ask("2 koban-ownership");
    let influence = ownership[0].strip_prefix("=2 INFLUENCE ").unwrap();
    let pairs: Vec<&str> = influence.split(' ').collect();
    assert_eq!(pairs.len(), 2 * 81);
    for pair in pairs.chunks(2) {
        let v: f64 = pair[1].parse().unwrap();
        assert!((-1.0..=1.0).contains(&v), "{pair:?}");
        if pair[0] == "E5" {
            assert!(v > 0.5, "Black's stone is Black's: {v}");
        }
    }
    assert!(
        ownership[1].starts_with("TEXT White to play"),
        "{ownership:?}"
    );

    let stats = s.ask("3 koban-move_stats w visits");
    let labels = stats[0].strip_prefix("=3 LABEL ").unwrap();
    assert!(!labels.contains("E5"));
    let best = stats[2]
        .strip_prefix("TEXT White to play: best ")
        .unwrap_or_else(|| panic!("{stats:?}"))
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(stats[1], format!("SQUARE {best}"));
    let rates = s.ask("4 koban-move_stats w winrate");
    for pair in rates[0]
        .strip_prefix("=4 LABEL ")
        .unwrap()
        .split(' ')
        .collect::<Vec<_>>()
        .chunks(2)
    {
        let v: u32 = pair[1].parse().unwrap();
        assert!(v <= 100, "{pair:?}");
    }

    let pv = s.ask("5 koban-pv w");
    assert!(
        Regex::new(r"^=5 VAR w [A-HJ][1-9]( b \S+( w \S+)?)*$")
            .unwrap()
            .is_match(&pv[0]),
        "{pv:?}"
    );

    let params = s.ask("6 koban-rule_params");
    assert_eq!(params.len(), 4);
    assert_eq!(
        s.ask("7 koban-rule_params ko simple"),
        ["=7 ko=simple scoring=area suicide=forbidden handicap=n"]
    );
}

/// The groups of an `info` line on any board: (move, visits), in order.
fn info_groups(line: &str) -> Vec<(String, u32)> {
    let group = Regex::new(
        r"^move (\S+) visits (\d+) winrate \d+ prior \d+ lcb \d+ order (\d+) pv( \S+)+$",
    )
    .unwrap();
    line.strip_prefix("info ")
        .unwrap_or_else(|| panic!("not an info line: {line:?}"))
        .split(" info ")
        .enumerate()
        .map(|(i, g)| {
            let c = group
                .captures(g)
                .unwrap_or_else(|| panic!("bad group {g:?}"));
            assert_eq!(c[3].parse::<usize>().unwrap(), i, "{line}");
            (c[1].to_string(), c[2].parse().unwrap())
        })
        .collect()
}

/// One limited analysis on the current board, its final line's groups.
fn final_analysis(s: &mut Session, id: u32, options: &str) -> (Vec<(String, u32)>, usize) {
    s.send(&format!("{id} lz-analyze b 100000 {options}"));
    assert_eq!(s.line(), format!("={id} "));
    let lines = s.rest_of_response();
    assert_eq!(lines.len(), 1, "{lines:?}");
    (info_groups(&lines[0]), lines[0].len())
}

#[test]
fn analysis_lines_keep_the_moves_with_a_share_of_the_visits() {
    // On an empty 19x19 board the search visits nearly every move: listing
    // them all gave lines of 256 moves and more (24 KB after 8000
    // simulations). By default a move needs a 1/50th of the best's visits.
    let mut s = Session::new(Budget::default());
    assert_eq!(s.ask("boardsize 19"), ["= "]);
    assert_eq!(s.ask("clear_board"), ["= "]);
    let (groups, length) = final_analysis(&mut s, 1, "playouts 3000");
    let best = groups[0].1;
    assert!(groups.iter().all(|g| g.1 <= best), "{groups:?}");
    assert!(groups.iter().all(|g| g.1 * 50 >= best), "{groups:?}");
    assert!(
        (2..=60).contains(&groups.len()) && length < 6000,
        "{} moves, {length} bytes: {groups:?}",
        groups.len()
    );
    // maxmoves still cuts the line, best move first.
    let (groups, _) = final_analysis(&mut s, 2, "playouts 1000 maxmoves 5");
    assert_eq!(groups.len(), 5, "{groups:?}");
    assert!(groups.iter().all(|g| g.1 <= groups[0].1), "{groups:?}");
    // minmoves asks for more than the share gives.
    let (groups, _) = final_analysis(&mut s, 3, "playouts 1000 minmoves 120");
    assert!(groups.len() >= 120, "{}", groups.len());
    assert_eq!(s.ask("4 name"), ["=4 koban"]);
}
