//! The score lead and KataGo's analysis format, end to end with the real
//! binary, seeded (`--threads 1 --seed N`) and with fixed playouts.
//!
//! - On finished positions (the hand-counted files of `gtp-tests/score`), the
//!   root's score lead agrees with `final_score` in sign and, within a few
//!   points, in size.
//! - `kata-analyze` lines parse by KataGo's documented format
//!   (docs/GTP_Extensions.md in KataGo's repository): top-level `info`
//!   groups of key-value pairs ending in `pv`, then `rootInfo` pairs, then
//!   `ownership` with one float per point, row by row from the top left.

mod common;

use common::Session;
use std::collections::HashMap;

/// One move of a `kata-analyze` line.
#[derive(Debug)]
struct MoveInfo {
    fields: HashMap<String, String>,
    pv: Vec<String>,
}

/// A parsed `kata-analyze` line.
#[derive(Debug, Default)]
struct KataLine {
    moves: Vec<MoveInfo>,
    root: HashMap<String, String>,
    ownership: Option<Vec<f64>>,
}

/// Parses a line as KataGo documents it: top-level fields `info`,
/// `rootInfo`, `ownership` (and `ownershipStdev`); an `info` holds key-value
/// pairs in any order, of which `pv` takes every token up to the next
/// top-level field.
fn parse_kata_line(line: &str) -> KataLine {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let top = |t: &str| matches!(t, "info" | "rootInfo" | "ownership" | "ownershipStdev");
    let mut parsed = KataLine::default();
    let mut i = 0;
    while i < tokens.len() {
        let field = tokens[i];
        assert!(top(field), "not a top-level field: {field} in {line}");
        i += 1;
        let start = i;
        while i < tokens.len() && !top(tokens[i]) {
            i += 1;
        }
        let body = &tokens[start..i];
        match field {
            "info" => {
                let mut fields = HashMap::new();
                let mut pv = Vec::new();
                let mut k = 0;
                while k < body.len() {
                    if body[k] == "pv" {
                        pv = body[k + 1..].iter().map(|s| s.to_string()).collect();
                        break;
                    }
                    assert!(k + 1 < body.len(), "key without value in {line}");
                    fields.insert(body[k].to_string(), body[k + 1].to_string());
                    k += 2;
                }
                parsed.moves.push(MoveInfo { fields, pv });
            }
            "rootInfo" => {
                assert_eq!(body.len() % 2, 0, "{line}");
                for kv in body.chunks(2) {
                    parsed.root.insert(kv[0].to_string(), kv[1].to_string());
                }
            }
            "ownership" => {
                let values = body.iter().map(|v| v.parse::<f64>().unwrap()).collect();
                parsed.ownership = Some(values);
            }
            _ => panic!("unexpected {field}"),
        }
    }
    parsed
}

fn float(fields: &HashMap<String, String>, key: &str) -> Option<f64> {
    fields.get(key).map(|v| {
        v.parse::<f64>()
            .unwrap_or_else(|_| panic!("{key} is not a float: {v}"))
    })
}

/// Checks every move of a parsed line against KataGo's documented fields.
fn check_moves(line: &KataLine) {
    assert!(!line.moves.is_empty());
    let mut last_visits = u64::MAX;
    for (order, m) in line.moves.iter().enumerate() {
        let visits: u64 = m.fields["visits"].parse().unwrap();
        assert!(visits >= 1 && visits <= last_visits);
        last_visits = visits;
        for key in ["winrate", "prior", "lcb"] {
            let v = float(&m.fields, key).unwrap();
            assert!((0.0..=1.0).contains(&v), "{key} {v}");
            // KataGo's floats, not Leela Zero's integers.
            assert!(m.fields[key].contains('.'), "{key} {}", m.fields[key]);
        }
        assert!(float(&m.fields, "lcb") <= float(&m.fields, "winrate"));
        assert_eq!(m.fields["order"], order.to_string());
        assert_eq!(m.pv.first(), Some(&m.fields["move"]));
        // Where a lead is given, scoreMean (what Lizzie reads) is the same.
        assert_eq!(m.fields.get("scoreLead"), m.fields.get("scoreMean"));
        // Fields this search cannot fill are left out, not invented.
        for absent in ["utility", "scoreStdev", "scoreSelfplay", "utilityLcb"] {
            assert!(!m.fields.contains_key(absent), "{absent}");
        }
    }
}

/// The last `info` line of a limited analysis (`playouts N`), after its
/// `=` line.
fn last_line_of(s: &mut Session, command: &str) -> String {
    let response = s.ask(command);
    assert_eq!(response[0], "= ", "{command}");
    response
        .last()
        .filter(|l| l.starts_with("info "))
        .unwrap_or_else(|| panic!("{command}: no info line"))
        .clone()
}

/// Black's margin from `final_score`'s `B+x` / `W+x` / `0`.
fn black_margin(result: &str) -> f64 {
    match result.split_at(2) {
        ("B+", x) => x.parse().unwrap(),
        ("W+", x) => -x.parse::<f64>().unwrap(),
        _ => 0.0,
    }
}

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A finished position on a `size` board: Black owns the rows up to
/// `black_rows`, White the rest, each side's area filled with its stones but
/// for single-point eyes spaced three apart. No playout can change it (every
/// move left is suicide or fills an own eye, which playouts never do), so
/// every simulation ends in the count: the score lead must be it exactly.
fn play_finished_position(s: &mut Session, size: usize, black_rows: usize) {
    assert_eq!(s.ask(&format!("boardsize {size}")), ["= "]);
    assert_eq!(s.ask("clear_board"), ["= "]);
    assert_eq!(s.ask("komi 7.5"), ["= "]);
    for y in 0..size {
        let (color, first) = if y < black_rows {
            ("b", 0)
        } else {
            ("w", black_rows)
        };
        let last = if y < black_rows {
            black_rows - 1
        } else {
            size - 1
        };
        for (x, &column) in COLUMNS.iter().enumerate().take(size) {
            let eye = x % 3 == 1 && x + 1 < size && (y - first) % 3 == 1 && y > first && y < last;
            if !eye {
                let vertex = format!("{}{}", column as char, y + 1);
                assert_eq!(s.ask(&format!("play {color} {vertex}")), ["= "], "{vertex}");
            }
        }
    }
}

#[test]
fn the_score_lead_of_finished_positions_is_final_score() {
    // 9x9: Black 4 rows (36 points), White 5 (45): W+16.5. 19x19: Black 10
    // rows (190), White 9 (171): B+11.5. A search maximises its chance to
    // win, not its points: in a decided game every move of the loser loses
    // (filling its own eyes as much as passing), so the tree explores them
    // and the mean margin can only drift to the winner's side. The lead
    // must be right in sign, and at least the count in size.
    for (size, black_rows, count) in [(9, 4, -16.5), (19, 10, 11.5)] {
        let mut s = Session::binary(&["--threads", "1", "--seed", "5"]);
        play_finished_position(&mut s, size, black_rows);
        let score = s.ask("final_score")[0].trim_start_matches("= ").to_string();
        assert_eq!(black_margin(&score), count, "{size}: {score}");
        for color in ["B", "W"] {
            let line = last_line_of(
                &mut s,
                &format!("kata-analyze {color} interval 100 playouts 500 rootInfo true"),
            );
            let parsed = parse_kata_line(&line);
            check_moves(&parsed);
            // The lead is the player's to move: Black's margin or its negation.
            let sign = if color == "B" { 1.0 } else { -1.0 };
            let want = sign * count;
            let best = float(&parsed.moves[0].fields, "scoreLead").unwrap();
            let root = float(&parsed.root, "scoreLead").expect("a root lead");
            for lead in [best, root] {
                assert_eq!(lead.signum(), want.signum(), "{size} {color}: {line}");
                assert!(lead.abs() >= want.abs() - 0.5, "{size} {color}: {line}");
                assert!(lead.abs() <= (size * size) as f64 + 7.5, "{line}");
            }
            // Sabaki's form says the same, with integer rates.
            let line = last_line_of(&mut s, &format!("analyze {color} 100 playouts 500"));
            assert!(line.starts_with("info move pass visits"), "{line}");
            assert!(line.contains(" scoreLead "), "{size} {color}: {line}");
            assert!(!line.contains("winrate 0.") && !line.contains("scoreMean"));
            // Leela Zero's form has no lead.
            let line = last_line_of(&mut s, &format!("lz-analyze {color} 100 playouts 200"));
            assert!(!line.contains("scoreLead"), "{line}");
        }
    }
}

#[test]
fn kata_analyze_lines_carry_ownership_of_every_point_from_the_top_left() {
    // The finished positions above: Black's rows at the bottom, White's at
    // the top, so the first value (A9, A19) is White's and the last (J1,
    // T1) Black's; both seen from the player to move.
    for (size, black_rows, black_wins) in [(9usize, 4usize, false), (19, 10, true)] {
        let mut s = Session::binary(&["--threads", "1", "--seed", "3"]);
        play_finished_position(&mut s, size, black_rows);
        for (color, sign) in [("B", 1.0), ("W", -1.0)] {
            let line = last_line_of(
                &mut s,
                &format!(
                    "kata-analyze {color} interval 100 playouts 500 ownership true rootInfo true"
                ),
            );
            let parsed = parse_kata_line(&line);
            check_moves(&parsed);
            let own = parsed.ownership.expect("ownership requested");
            assert_eq!(own.len(), size * size);
            // Most simulations pass to the count; the rest fill an own eye
            // (see above) and may lose stones, never gain any.
            // The winner's area is the winner's in every simulation; the
            // loser's stones die in some tree lines (see above).
            for (i, v) in own.iter().enumerate() {
                let black = i >= (size - black_rows) * size;
                let want = if black { sign } else { -sign };
                if black == black_wins {
                    assert_eq!(*v, want, "{size} {color}: point {i}: {v}");
                }
            }
            let visits: u64 = parsed.root["visits"].parse().unwrap();
            assert!(visits >= 500, "{visits}");
        }
        // Without the option, no ownership.
        let line = last_line_of(&mut s, "kata-analyze B interval 100 playouts 200");
        assert!(parse_kata_line(&line).ownership.is_none());
    }
}

#[test]
fn the_score_lead_of_a_live_position_is_given_for_well_visited_moves_only() {
    // An open 9x9 position mid-search: leads are finite, given for every
    // move with 20 visits or more and for none below.
    let mut s = Session::binary(&["--threads", "1", "--seed", "9"]);
    assert_eq!(s.ask("boardsize 9"), ["= "]);
    for mv in ["play b e5", "play w c3", "play b g4"] {
        assert_eq!(s.ask(mv), ["= "]);
    }
    let line = last_line_of(
        &mut s,
        "kata-analyze W interval 100 playouts 1500 minmoves 30",
    );
    let parsed = parse_kata_line(&line);
    check_moves(&parsed);
    assert!(parsed.moves.len() >= 30);
    for m in &parsed.moves {
        let visits: u32 = m.fields["visits"].parse().unwrap();
        let lead = float(&m.fields, "scoreLead");
        assert_eq!(lead.is_some(), visits >= 20, "{visits}: {lead:?}");
        assert!(lead.is_none_or(|l| l.abs() < 81.0 + 7.5));
    }
}
