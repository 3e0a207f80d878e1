//! `cputime` counts the search: the process's CPU time grows by at least the
//! work of a real search (its threads included), as gogui-twogtp's CPU column
//! expects. The answer's form is checked in `gtp-tests/cputime.tst`.

mod common;

use common::Session;
use koban::time::Budget;

fn cputime(s: &mut Session) -> f64 {
    let lines = s.ask("cputime");
    assert_eq!(lines.len(), 1, "{lines:?}");
    let text = lines[0].strip_prefix("= ").expect("cputime succeeds");
    assert!(
        regex::Regex::new(r"^\d+\.\d{3}$").unwrap().is_match(text),
        "{text}"
    );
    text.parse().unwrap()
}

#[test]
fn cputime_grows_by_the_search_of_a_genmove() {
    // 2000 playouts on 19x19 take about 0.4 s of CPU (4.3 s for 20000), far
    // above the 10 ms resolution, however loaded the machine is (CPU time, not
    // wall time).
    let mut s = Session::new(Budget {
        playouts: Some(2_000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    });
    let before = cputime(&mut s);
    let reply = s.ask("genmove b");
    assert!(reply[0].starts_with("= "), "{reply:?}");
    let after = cputime(&mut s);
    assert!(after - before >= 0.1, "cputime {before} then {after}");
    // Nothing runs between two commands.
    let idle = cputime(&mut s);
    assert!(idle - after < 0.1, "cputime {after} then {idle}");
}
