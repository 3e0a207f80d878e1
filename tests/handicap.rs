//! Handicap compensation over GTP where the `.tst` files cannot reach: handicap
//! read from an SGF's `HA` with its `AB` stones (the files' paths depend on
//! the runner's folder), and `koban-rules handicap=` errors with their exact
//! message (gogui-regress cannot read one). The counts themselves are in
//! `gtp-tests/compensation.tst`.

mod common;

use common::Session;
use koban::time::Budget;
use std::path::Path;

fn session() -> Session {
    Session::new(Budget {
        playouts: Some(50),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    })
}

fn ask1(s: &mut Session, command: &str) -> String {
    let lines = s.ask(command);
    assert_eq!(lines.len(), 1, "{command}: {lines:?}");
    lines[0].clone()
}

#[test]
fn handicap_stones_from_an_sgf_earn_compensation() {
    // HA[2] AB[cg][gc], komi 0.5: loaded before its first move, Black's area
    // is 81.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/sgf/handicap9.sgf");
    let mut s = session();
    ask1(&mut s, "koban-rules chinese");
    assert_eq!(ask1(&mut s, &format!("loadsgf {} 1", file.display())), "= ");
    assert_eq!(ask1(&mut s, "final_score"), "= B+78.5");
    ask1(&mut s, "koban-rules aga");
    assert_eq!(ask1(&mut s, "final_score"), "= B+79.5");
    ask1(&mut s, "koban-rules new_zealand");
    assert_eq!(ask1(&mut s, "final_score"), "= B+80.5");

    // AB stones that do not match HA are plain setup: no compensation.
    let dir = std::env::temp_dir().join(format!("koban-handicap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let setup = dir.join("setup.sgf");
    std::fs::write(&setup, "(;GM[1]FF[4]SZ[9]KM[0.5]HA[3]AB[cg][gc]PL[W])").unwrap();
    ask1(&mut s, "koban-rules chinese");
    let loaded = ask1(&mut s, &format!("loadsgf {}", setup.display()));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(loaded, "= ");
    assert_eq!(ask1(&mut s, "final_score"), "= B+80.5");
}

#[test]
fn an_unknown_handicap_value_fails_listing_the_accepted_ones_and_changes_nothing() {
    let mut s = session();
    let before = ask1(&mut s, "koban-rules aga");
    assert_eq!(
        before,
        "= ko=situational scoring=area suicide=forbidden handicap=n-1"
    );
    assert_eq!(
        ask1(&mut s, "koban-rules handicap=n+1"),
        "? unknown handicap 'n+1'; handicap: n n-1 none"
    );
    // Earlier arguments of a failing command are not applied either.
    assert_eq!(
        ask1(&mut s, "koban-rules chinese handicap=half"),
        "? unknown handicap 'half'; handicap: n n-1 none"
    );
    assert_eq!(ask1(&mut s, "koban-rules"), before);
    assert!(ask1(&mut s, "koban-rules colour=blue").contains("handicap="));
    // GoGui's parameter dialog offers the same key.
    assert_eq!(
        ask1(&mut s, "koban-rule_params handicap none"),
        "= ko=situational scoring=area suicide=forbidden handicap=none"
    );
    assert_eq!(
        s.ask("koban-rule_params").last().unwrap(),
        "[list/n/n-1/none] handicap none"
    );
}
