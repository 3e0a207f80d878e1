//! `koban analysis` end to end: the real binary, seeded (`--threads 1
//! --seed N`), sent a mixed batch of KataGo analysis queries at once, every
//! answer checked against KataGo's docs/Analysis_Engine.md.

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

/// A ko at D3/E3 on 9x9 (Black C3 D2 D4, White E2 E4 F3): White plays D3,
/// Black captures it at E3, and White retakes at once at D3.
fn ko_query(id: &str, rules: Value) -> Value {
    json!({
        "id": id,
        "initialStones": [["B","C3"],["B","D2"],["B","D4"],["W","E2"],["W","E4"],["W","F3"]],
        "initialPlayer": "W",
        "moves": [["W","D3"],["B","E3"],["W","D3"]],
        "rules": rules,
        "komi": 7.5,
        "boardXSize": 9, "boardYSize": 9,
        "maxVisits": 200
    })
}

/// Sends `lines` to a fresh `koban analysis` at once, closes its input and
/// returns every response line, parsed.
fn run_batch(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koban"))
        .args(["analysis", "--threads", "1", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Checks one analysis response for `id` at `turn`, with `player` to move
/// and ownership of `size * size` values when `ownership`.
fn check_response(
    r: &Value,
    id: &str,
    turn: u64,
    player: &str,
    visits: u64,
    ownership: Option<usize>,
) {
    assert_eq!(r["id"], id, "{r}");
    assert_eq!(r["turnNumber"], turn, "{r}");
    assert_eq!(r["isDuringSearch"], false);
    let infos = r["moveInfos"].as_array().unwrap();
    assert!(!infos.is_empty(), "{r}");
    let mut last = u64::MAX;
    for (order, m) in infos.iter().enumerate() {
        assert_eq!(m["order"], order as u64);
        let v = m["visits"].as_u64().unwrap();
        assert!(v >= 1 && v <= last, "{m}");
        last = v;
        let w = m["winrate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&w), "{m}");
        let prior = m["prior"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&prior), "{m}");
        assert_eq!(m["pv"][0], m["move"], "{m}");
        // A lead where enough simulations back it, and only there.
        assert_eq!(m.get("scoreLead").is_some(), v >= 20, "{m}");
        assert_eq!(m.get("scoreLead"), m.get("scoreMean"));
        // Nothing invented: no policy, utility or deviation.
        for absent in ["utility", "scoreStdev", "scoreSelfplay"] {
            assert!(m.get(absent).is_none(), "{absent}");
        }
    }
    let root = &r["rootInfo"];
    assert!(root["visits"].as_u64().unwrap() >= visits, "{root}");
    assert_eq!(root["currentPlayer"], player);
    assert!((0.0..=1.0).contains(&root["winrate"].as_f64().unwrap()));
    assert!(root["scoreLead"].is_f64());
    match ownership {
        Some(n) => {
            let own = r["ownership"].as_array().unwrap();
            assert_eq!(own.len(), n);
            assert!(
                own.iter()
                    .all(|v| (-1.0..=1.0).contains(&v.as_f64().unwrap()))
            );
        }
        None => assert!(r.get("ownership").is_none()),
    }
}

#[test]
fn a_mixed_batch_gets_every_answer_in_order() {
    let good9 = json!({
        "id": "g9",
        "moves": [["B","E5"],["W","C3"],["B","G4"]],
        "rules": "chinese", "komi": 7.5,
        "boardXSize": 9, "boardYSize": 9,
        "analyzeTurns": [0, 2, 3],
        "maxVisits": 300,
        "includeOwnership": true
    });
    let good19 = json!({
        "id": "g19",
        "moves": [["B","Q16"],["W","D4"]],
        "rules": "japanese", "komi": 6.5,
        "boardXSize": 19, "boardYSize": 19,
        "maxVisits": 200,
        "includeOwnership": true
    });
    let illegal = json!({
        "id": "illegal",
        "moves": [["B","E5"],["W","E5"]],
        "rules": "tromp-taylor",
        "boardXSize": 9, "boardYSize": 9
    });
    let unknown_rule = json!({
        "id": "rule", "moves": [], "rules": "ing-1996",
        "boardXSize": 9, "boardYSize": 9
    });
    let unknown_ko = ko_query("ko", json!({"ko": "superkoish"}));
    let lines = vec![
        json!({"id": "v", "action": "query_version"}).to_string(),
        good9.to_string(),
        "{\"id\": \"broken\", \"moves\": [".to_string(),
        illegal.to_string(),
        unknown_rule.to_string(),
        good19.to_string(),
        // The ko recapture: the ko ban refuses it under Chinese rules; under
        // Geneva it is legal (and forfeited), so the query runs.
        ko_query("chinese-ko", json!("chinese")).to_string(),
        ko_query("geneva", json!({"ko": "geneva", "scoring": "area"})).to_string(),
        unknown_ko.to_string(),
        json!({"id": "rect", "moves": [], "rules": "chinese", "boardXSize": 9, "boardYSize": 13}).to_string(),
        json!({"id": "t", "action": "terminate", "terminateId": "g9"}).to_string(),
        String::new(),
        json!({"id": "turns", "moves": [], "rules": "chinese", "boardXSize": 9, "boardYSize": 9, "analyzeTurns": [1]}).to_string(),
    ];
    let r = run_batch(&lines);
    let ids: Vec<&str> = r.iter().map(|v| v["id"].as_str().unwrap_or("-")).collect();
    assert_eq!(
        ids,
        [
            "v",
            "g9",
            "g9",
            "g9",
            "-",
            "illegal",
            "rule",
            "g19",
            "chinese-ko",
            "geneva",
            "ko",
            "rect",
            "t",
            "turns"
        ]
    );
    assert_eq!(r[0]["action"], "query_version");
    assert!(r[0]["version"].is_string());
    // Turn 0: Black to move; turn 2 (after E5 C3): Black; turn 3: White.
    check_response(&r[1], "g9", 0, "B", 300, Some(81));
    check_response(&r[2], "g9", 2, "B", 300, Some(81));
    check_response(&r[3], "g9", 3, "W", 300, Some(81));
    assert!(r[4]["error"].as_str().unwrap().contains("JSON"), "{}", r[4]);
    assert_eq!(r[5]["field"], "moves");
    assert!(
        r[5]["error"].as_str().unwrap().contains("illegal move 2"),
        "{}",
        r[5]
    );
    assert_eq!(r[6]["field"], "rules");
    assert!(r[6]["error"].as_str().unwrap().contains("ing-1996"));
    check_response(&r[7], "g19", 2, "B", 200, Some(361));
    assert_eq!(r[8]["field"], "moves");
    assert!(
        r[8]["error"].as_str().unwrap().contains("illegal move 3"),
        "{}",
        r[8]
    );
    check_response(&r[9], "geneva", 3, "B", 200, None);
    assert_eq!(r[10]["field"], "rules");
    assert!(
        r[10]["error"].as_str().unwrap().contains("geneva"),
        "{}",
        r[10]
    );
    assert_eq!(r[11]["field"], "boardYSize");
    assert_eq!(r[12], serde_json::from_str::<Value>(&lines[10]).unwrap());
    assert_eq!(r[13]["field"], "analyzeTurns");
}

#[test]
fn rates_and_leads_are_black_s_unless_the_query_asks_otherwise() {
    // The same position twice, with White to move: Black's view, then
    // White's (KataGo's overrideSettings). Same seed and engine, so the
    // same search: the numbers mirror.
    let query = |id: &str, report: Option<&str>| {
        let mut q = json!({
            "id": id,
            "moves": [["B","E5"],["W","C3"],["B","G4"]],
            "rules": "chinese", "komi": 7.5,
            "boardXSize": 9, "boardYSize": 9,
            "maxVisits": 400,
            "includeOwnership": true
        });
        if let Some(r) = report {
            q["overrideSettings"] = json!({"reportAnalysisWinratesAs": r});
        }
        q.to_string()
    };
    let black = run_batch(&[query("b", None)]);
    let white = run_batch(&[query("w", Some("WHITE"))]);
    let (b, w) = (&black[0], &white[0]);
    let close = |x: &Value, y: &Value| (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-9;
    assert!(close(
        &b["rootInfo"]["winrate"],
        &json!(1.0 - w["rootInfo"]["winrate"].as_f64().unwrap())
    ));
    assert!(close(
        &b["rootInfo"]["scoreLead"],
        &json!(-w["rootInfo"]["scoreLead"].as_f64().unwrap())
    ));
    let (ob, ow) = (
        b["ownership"].as_array().unwrap(),
        w["ownership"].as_array().unwrap(),
    );
    assert!(
        ob.iter()
            .zip(ow)
            .all(|(x, y)| close(x, &json!(-y.as_f64().unwrap())))
    );
    // Black's E5 stone is Black's: its point (row 5, column E) is positive
    // in Black's view.
    assert!(ob[4 * 9 + 4].as_f64().unwrap() > 0.5, "{}", ob[4 * 9 + 4]);
}

#[test]
fn a_query_past_the_size_limit_is_answered_and_the_next_one_runs() {
    // 17 MiB of one line, then a good query: one error, then the version.
    let huge = format!("{{\"id\":\"{}\"}}", "x".repeat(17 << 20));
    let version = json!({"id": "v", "action": "query_version"}).to_string();
    let answers = run_batch(&[huge, version]);
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(
        answers[0]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("query longer than")),
        "{}",
        answers[0]
    );
    assert_eq!(answers[1]["action"], "query_version");
}
