//! `koban match` end to end: two koban processes play tiny games through the real
//! binary, and the SGF files and the gogui-twogtp table must be written and
//! well-formed. Needs no GNU Go; when it is installed, one more game is scored by
//! it as referee.

use koban::matches::table;
use std::path::PathBuf;
use std::process::{Command, Output};

const KOBAN: &str = env!("CARGO_BIN_EXE_koban");

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("koban-match-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn prefix(&self) -> String {
        self.0.join("m").display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn koban_match(args: &[&str]) -> Output {
    Command::new(KOBAN)
        .arg("match")
        .args(args)
        .output()
        .unwrap()
}

fn field<'a>(row: &'a [(String, String)], name: &str) -> &'a str {
    &row.iter()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no column {name}"))
        .1
}

#[test]
fn two_koban_engines_play_a_recorded_match() {
    let s = Scratch::new("kk");
    let prefix = s.prefix();
    // Small fixed budgets keep the games quick; no resignation, so that both
    // engines count a finished position.
    let black = format!("'{KOBAN}' --seed 1 --playouts 300 --no-resign");
    let white = format!("\"{KOBAN}\" --seed 2 --playouts 300 --no-resign");
    let out = koban_match(&[
        "-black",
        &black,
        "-white",
        &white,
        "-size",
        "7",
        "-komi",
        "7.5",
        "-games",
        "2",
        "-alternate",
        "-sgffile",
        &prefix,
        "-referee",
        "none",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{stderr}"
    );
    assert!(stdout.contains("win rate"), "{stdout}");
    // The colour line splits the wins of the summary: one game with each
    // colour, as `-alternate` plays them.
    let numbers = |line: &str| -> Vec<usize> {
        line.split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect()
    };
    // (The labels, `koban:0.1.0[1]`, hold digits too: read after them.)
    let after = |marker: &str| {
        let line = stdout.lines().find(|l| l.contains(marker));
        let line = line.unwrap_or_else(|| panic!("no '{marker}' in {stdout}"));
        numbers(line.split_once(marker).unwrap().1)
    };
    let wins = after("[1]: ")[0];
    let colours = after("[1] with Black: ");
    assert_eq!(colours[1] + colours[3], 2, "{stdout}");
    assert_eq!(colours[0] + colours[2], wins, "{stdout}");

    let dat = std::fs::read_to_string(format!("{prefix}.dat")).unwrap();
    let (header, rows) = table::parse(&dat).unwrap();
    let columns: Vec<&str> = dat.lines().find(|l| l.starts_with("#GAME")).unwrap()[1..]
        .split('\t')
        .collect();
    assert_eq!(columns, table::COLUMNS);
    for (key, value) in [
        ("Size", "7"),
        ("Komi", "7.5"),
        ("Referee", "-"),
        ("Black", "koban"),
        ("White", "koban"),
    ] {
        assert!(
            header.contains(&(key.to_string(), value.to_string())),
            "{key}: {header:?}"
        );
    }
    assert_eq!(rows.len(), 2);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(field(row, "GAME"), i.to_string());
        assert_eq!(field(row, "ALT"), if i == 0 { "0" } else { "1" });
        assert_eq!(field(row, "ERR"), "0", "{row:?}");
        assert_eq!(field(row, "RES_R"), "?");
        // Both engines count the same final position the same way.
        let result = field(row, "RES_B");
        assert!(
            result.starts_with("B+") || result.starts_with("W+") || result == "0",
            "{row:?}"
        );
        assert_eq!(result, field(row, "RES_W"));

        let text = std::fs::read(format!("{prefix}-{i}.sgf")).unwrap();
        let sgf = koban::sgf::parse(&text).unwrap();
        assert_eq!((sgf.size, sgf.komi), (7, Some(7.5)));
        assert_eq!(field(row, "LEN"), sgf.moves.len().to_string());
        let last_two: Vec<_> = sgf.moves.iter().rev().take(2).collect();
        assert!(
            last_two.iter().all(|m| m.1.is_none()),
            "game {i} did not end by two passes"
        );
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains("PB[koban:0.1.0[") && text.contains("PW[koban:0.1.0["),
            "{text}"
        );
        // RE is in colors; the table's results are in engines (B = first engine).
        let re = if i == 0 {
            result.to_string()
        } else {
            table::invert(result)
        };
        assert!(text.contains(&format!("RE[{re}]")), "{text}");
    }

    // The table is not overwritten by accident.
    let again = koban_match(&["-black", &black, "-white", &white, "-sgffile", &prefix]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("-force"));
}

/// Run again with more `-games`, a match goes on where its table stopped, as
/// gogui-twogtp's does: the earlier rows stay, the new games are numbered and
/// coloured after them and checked for duplicates against them. Game 2 is
/// game 0 again (the same seeded engines, fresh processes, the same colours),
/// and game 3 is game 1. A run that is not the same match, or asks for fewer
/// games than the table holds, is refused and changes nothing.
#[test]
fn a_match_run_again_continues_its_table() {
    let s = Scratch::new("continue");
    let prefix = s.prefix();
    let black = format!("'{KOBAN}' --seed 1 --threads 1 --playouts 100");
    let white = format!("'{KOBAN}' --seed 2 --threads 1 --playouts 100");
    let run = |games: &str, komi: &str| {
        koban_match(&[
            "-black",
            &black,
            "-white",
            &white,
            "-size",
            "7",
            "-komi",
            komi,
            "-games",
            games,
            "-alternate",
            "-referee",
            "none",
            "-sgffile",
            &prefix,
        ])
    };
    let read = || std::fs::read_to_string(format!("{prefix}.dat")).unwrap();
    let out = run("2", "7.5");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, before) = table::parse(&read()).unwrap();
    assert_eq!(before.len(), 2);

    let out = run("4", "7.5");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("continuing"), "{stderr}");
    let games: Vec<&str> = stderr.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{stderr}");
    assert!(games[0].starts_with("game 3/4: "), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(": 4 games on 7x7"), "{stdout}");
    let (_, rows) = table::parse(&read()).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[..2], before[..]);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(field(row, "GAME"), i.to_string());
        assert_eq!(field(row, "ALT"), (i % 2).to_string());
        assert!(std::path::Path::new(&format!("{prefix}-{i}.sgf")).is_file());
    }
    assert_eq!(field(&rows[2], "DUP"), "0", "{rows:?}");
    assert_eq!(field(&rows[3], "DUP"), "1", "{rows:?}");

    let table_before = read();
    for (games, komi, message) in [
        ("3", "7.5", "already holds 4 games, more than -games 3"),
        (
            "6",
            "6.5",
            "is another match (its Komi is '7.5', this one's '6.5')",
        ),
    ] {
        let out = run(games, komi);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        assert_eq!(read(), table_before);
    }
    let junk = s.0.join("junk").display().to_string();
    std::fs::write(format!("{junk}.dat"), "junk\n").unwrap();
    let out = koban_match(&["-black", &black, "-white", &white, "-sgffile", &junk]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot continue it, use -force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(format!("{junk}.dat")).unwrap(),
        "junk\n"
    );
}

#[test]
fn bad_command_lines_exit_with_status_2() {
    let s = Scratch::new("bad");
    let prefix = s.prefix();
    for args in [
        vec!["-black", KOBAN, "-white", KOBAN],
        vec![
            "-black", KOBAN, "-white", KOBAN, "-sgffile", &prefix, "-size", "0",
        ],
        vec![
            "-black", KOBAN, "-white", KOBAN, "-sgffile", &prefix, "-games",
        ],
        vec!["-black", "'unclosed", "-white", KOBAN, "-sgffile", &prefix],
        vec!["-frobnicate"],
    ] {
        let out = koban_match(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("koban match: ") && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
    // An engine that cannot be started stops the match with status 1.
    let out = koban_match(&[
        "-black",
        "/nonexistent/engine",
        "-white",
        KOBAN,
        "-sgffile",
        &prefix,
    ]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn gnugo_referee_scores_finished_games_when_installed() {
    let Some(gnugo) = koban::matches::find_gnugo() else {
        eprintln!("GNU Go not installed; referee check skipped");
        return;
    };
    let s = Scratch::new("ref");
    let prefix = s.prefix();
    let referee = format!("{gnugo} --mode gtp --chinese-rules");
    let out = koban_match(&[
        "-black", KOBAN, "-white", KOBAN, "-size", "7", "-komi", "7", "-sgffile", &prefix,
        "-referee", &referee,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (header, rows) =
        table::parse(&std::fs::read_to_string(format!("{prefix}.dat")).unwrap()).unwrap();
    assert!(
        header.contains(&("Referee".to_string(), "GNU Go".to_string())),
        "{header:?}"
    );
    let result = field(&rows[0], "RES_R");
    assert!(
        result.starts_with("B+") || result.starts_with("W+"),
        "{result}"
    );
}

/// `-sprt` ends a match once the games decide: a koban with 150 playouts a move
/// against one with a single playout is far more than 200 Elo stronger, so H1
/// (200 Elo) is accepted long before the 40 games; with the engines swapped,
/// H0 (0 Elo) is. Each verdict is printed, recorded in the table and read back
/// by `-summary`.
#[test]
fn sprt_stops_the_match_when_the_test_decides() {
    let strong = format!("'{KOBAN}' --seed 1 --threads 1 --playouts 150");
    let weak = format!("'{KOBAN}' --seed 2 --threads 1 --playouts 1");
    for (name, first, second, verdict) in [
        ("sprt-h1", &strong, &weak, "H1 accepted"),
        ("sprt-h0", &weak, &strong, "H0 accepted"),
    ] {
        let s = Scratch::new(name);
        let prefix = s.prefix();
        let out = koban_match(&[
            "-black",
            first,
            "-white",
            second,
            "-size",
            "7",
            "-komi",
            "7.5",
            "-games",
            "40",
            "-alternate",
            "-referee",
            "none",
            "-sprt",
            "0,200",
            "-sgffile",
            &prefix,
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stderr}");
        let games = stderr.lines().filter(|l| l.starts_with("game ")).count();
        let llrs: Vec<&str> = stderr.lines().filter(|l| l.starts_with("sprt: ")).collect();
        assert_eq!(llrs.len(), games, "{stderr}");
        assert!(
            llrs.last()
                .unwrap()
                .starts_with(&format!("sprt: {verdict}, LLR "))
        );
        assert!(
            llrs[..games - 1]
                .iter()
                .all(|l| l.starts_with("sprt: continue, LLR ")),
            "{stderr}"
        );
        // Pairs decide, and the pair that crossed the bound was the last one.
        assert!(games % 2 == 0 && games < 40, "{games} games\n{stderr}");
        assert!(
            stdout.contains(&format!(
                "SPRT stopped the match after {games} games: {verdict}, LLR "
            )),
            "{stdout}"
        );
        let (header, rows) =
            table::parse(&std::fs::read_to_string(format!("{prefix}.dat")).unwrap()).unwrap();
        assert_eq!(rows.len(), games);
        let property = |key: &str| {
            header
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        assert_eq!(
            property("SPRT_Result"),
            format!("{verdict} after {games} games")
        );
        assert!(property("SPRT").contains("pentanomial"), "{header:?}");
        let llr: f64 = property("SPRT_LLR").parse().unwrap();
        assert!(if verdict == "H1 accepted" {
            llr >= 2.944
        } else {
            llr <= -2.944
        });
        let summary = koban_match(&["-summary", &format!("{prefix}.dat")]);
        let text = String::from_utf8_lossy(&summary.stdout);
        assert!(
            text.contains(&format!("{verdict} after {games} games")),
            "{text}"
        );
    }
}

/// A sequential test goes on across runs: the first run stops undecided at
/// its `-games`, and the continued one counts those games, so it stops at the
/// same verdict after as many games in all as one run would have played.
#[test]
fn a_continued_sprt_counts_the_earlier_games() {
    let strong = format!("'{KOBAN}' --seed 1 --threads 1 --playouts 150");
    let weak = format!("'{KOBAN}' --seed 2 --threads 1 --playouts 1");
    let s = Scratch::new("sprt-continue");
    let prefix = s.prefix();
    let run = |games: &str| {
        koban_match(&[
            "-black",
            &strong,
            "-white",
            &weak,
            "-size",
            "7",
            "-komi",
            "7.5",
            "-games",
            games,
            "-alternate",
            "-referee",
            "none",
            "-sprt",
            "0,200",
            "-sgffile",
            &prefix,
        ])
    };
    let first = run("2");
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(first.status.success(), "{stdout}");
    assert!(stdout.contains("SPRT undecided after 2 games"), "{stdout}");
    let out = run("40");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stderr}");
    let played = stderr.lines().filter(|l| l.starts_with("game ")).count();
    let (header, rows) =
        table::parse(&std::fs::read_to_string(format!("{prefix}.dat")).unwrap()).unwrap();
    let games = rows.len();
    assert_eq!(played, games - 2, "{stderr}");
    assert!(games % 2 == 0 && games < 40, "{games} games\n{stderr}");
    assert!(
        stdout.contains(&format!(
            "SPRT stopped the match after {games} games: H1 accepted, LLR "
        )),
        "{stdout}"
    );
    assert!(
        header.contains(&(
            "SPRT_Result".to_string(),
            format!("H1 accepted after {games} games")
        )),
        "{header:?}"
    );
}
