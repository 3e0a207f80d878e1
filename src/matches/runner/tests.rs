use super::*;
use crate::matches::options::RefereeChoice;
use crate::rules::Rules;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("koban-runner-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A fake GTP engine in POSIX sh. `genmove` and `play` are sh snippets
    /// that set `r` (the reply) or answer themselves and `continue`; `$n`
    /// counts genmoves.
    fn bot(&self, name: &str, genmove: &str, play: &str) -> String {
        let script = format!(
            r#"n=0
while read -r id cmd rest; do
  r=""
  case "$cmd" in
    name) r="{name}" ;;
    version) r="1.0" ;;
    list_commands) r="$(printf 'name\nversion\nboardsize\nclear_board\nkomi\nplay\ngenmove\nfinal_score\ntime_settings\ntime_left\nquit')" ;;
    genmove) n=$((n+1)); {genmove} ;;
    play) {play} ;;
    final_score) r="B+1.5" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
  esac
  printf '=%s %s\n\n' "$id" "$r"
done
"#
        );
        let path = self.0.join(format!("{name}.sh"));
        std::fs::write(&path, script).unwrap();
        format!("sh '{}'", path.display())
    }

    fn options(&self, black: String, white: String) -> Options {
        Options {
            black,
            white,
            sgffile: self.0.join("m").display().to_string(),
            games: 1,
            size: 5,
            komi: 0.5,
            alternate: false,
            time: None,
            timeout: 5.0,
            maxmoves: 1000,
            referee: RefereeChoice::None,
            rules: Rules::default(),
            rules_name: "chinese".into(),
            force: false,
            verbose: false,
            debug_to_comment: false,
            sprt: None,
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const PASS: &str = "r=pass";
const ACCEPT: &str = ":";

fn play(options: Options) -> Vec<Outcome> {
    let games = options.games;
    let mut m = Match::start(options, None).unwrap();
    for i in 0..games {
        m.play_game(i).unwrap();
    }
    m.close();
    m.outcomes.clone()
}

fn forfeit_of(o: &Outcome) -> (Color, bool, String) {
    match &o.end {
        End::Forfeit {
            loser,
            on_time,
            message,
        } => (*loser, *on_time, message.clone()),
        other => panic!("expected a forfeit, got {other:?}"),
    }
}

#[test]
fn resignation_and_alternation() {
    let s = Scratch::new();
    let mut o = s.options(
        s.bot("quitter", "r=resign", ACCEPT),
        s.bot("passer", PASS, ACCEPT),
    );
    o.games = 2;
    o.alternate = true;
    let out = play(o);
    // Game 0: the first engine is Black and resigns at once.
    assert_eq!(out[0].end, End::Resign(Color::Black));
    assert_eq!(out[0].result, "W+R");
    assert_eq!(
        (out[0].row.result_black.as_str(), out[0].row.length),
        ("W+R", 0)
    );
    // Game 1: it is White; Black passes, White resigns: B+R in colors, and
    // in the table (first engine = B) the inverted W+R.
    assert_eq!(out[1].end, End::Resign(Color::White));
    assert_eq!(out[1].result, "B+R");
    assert_eq!(out[1].row.result_referee, "W+R");
    assert!(out[1].row.alternated && !out[1].row.error);
    assert_eq!(out[1].row.length, 1);
    assert_eq!(
        (out[0].first_engine_points(), out[1].first_engine_points()),
        (Some(0.0), Some(0.0))
    );
    assert_eq!(
        (out[1].black_label.as_str(), out[1].white_label.as_str()),
        ("passer", "quitter")
    );
    let sgf = std::fs::read_to_string(s.0.join("m-1.sgf")).unwrap();
    assert!(
        sgf.contains("PB[passer]PW[quitter]") && sgf.contains("RE[B+R]"),
        "{sgf}"
    );
    let dat = std::fs::read_to_string(s.0.join("m.dat")).unwrap();
    let (header, rows) = table::parse(&dat).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(header.contains(&("BlackLabel".to_string(), "quitter".to_string())));
    assert!(header.contains(&("Referee".to_string(), "-".to_string())));
}

#[test]
fn scored_games_use_the_engines_agreeing_scores() {
    let s = Scratch::new();
    let out = play(s.options(s.bot("a", PASS, ACCEPT), s.bot("b", PASS, ACCEPT)));
    assert_eq!(out[0].end, End::Passes);
    assert_eq!(out[0].result, "B+1.5");
    assert_eq!(out[0].row.result_referee, "?");
    assert_eq!((out[0].row.length, out[0].row.error), (2, false));
    assert_eq!(out[0].first_engine_points(), Some(1.0));
}

#[test]
fn illegal_and_invalid_moves_forfeit() {
    let s = Scratch::new();
    let out = play(s.options(
        s.bot("stubborn", "r=C3", ACCEPT),
        s.bot("passer", PASS, ACCEPT),
    ));
    let (loser, on_time, message) = forfeit_of(&out[0]);
    assert_eq!((loser, on_time), (Color::Black, false));
    assert!(message.contains("illegal move: C3"), "{message}");
    assert_eq!(
        (out[0].result.as_str(), out[0].row.error, out[0].row.length),
        ("W+F", true, 2)
    );

    let s = Scratch::new();
    let out = play(s.options(
        s.bot("passer", PASS, ACCEPT),
        s.bot("offboard", "r=Z9", ACCEPT),
    ));
    let (loser, _, message) = forfeit_of(&out[0]);
    assert_eq!(loser, Color::White);
    assert!(message.contains("invalid move: Z9"), "{message}");
    assert_eq!(out[0].result, "B+F");
}

#[test]
fn error_replies_and_refused_plays_forfeit() {
    let s = Scratch::new();
    let grumpy = "printf '?%s not now\\n\\n' \"$id\"; continue";
    let out = play(s.options(
        s.bot("grumpy", grumpy, ACCEPT),
        s.bot("passer", PASS, ACCEPT),
    ));
    let (loser, _, message) = forfeit_of(&out[0]);
    assert_eq!(loser, Color::Black);
    assert!(message.contains("not now"), "{message}");

    // The runner judged C3 legal, so White's refusal is White's fault.
    let s = Scratch::new();
    let refuse = "printf '?%s illegal move\\n\\n' \"$id\"; continue";
    let out = play(s.options(
        s.bot("player", "r=C3", ACCEPT),
        s.bot("refuser", PASS, refuse),
    ));
    let (loser, _, message) = forfeit_of(&out[0]);
    assert_eq!(loser, Color::White);
    assert!(message.contains("play b C3"), "{message}");
    assert_eq!(out[0].result, "B+F");
}

#[test]
fn crashes_forfeit_and_the_engine_is_restarted() {
    let s = Scratch::new();
    let mut o = s.options(
        s.bot("crasher", "echo boom >&2; exit 7", ACCEPT),
        s.bot("passer", PASS, ACCEPT),
    );
    o.games = 2;
    let out = play(o);
    for game in &out {
        let (loser, on_time, message) = forfeit_of(game);
        assert_eq!((loser, on_time), (Color::Black, false));
        assert!(
            message.contains("boom") && message.contains('7'),
            "{message}"
        );
    }
}

#[test]
fn slow_engines_lose_on_time() {
    let s = Scratch::new();
    let mut o = s.options(
        s.bot("sleeper", "sleep 10", ACCEPT),
        s.bot("passer", PASS, ACCEPT),
    );
    o.timeout = 0.3;
    let start = Instant::now();
    let out = play(o);
    assert!(start.elapsed() < Duration::from_secs(5));
    let (loser, on_time, _) = forfeit_of(&out[0]);
    assert_eq!(
        (loser, on_time, out[0].result.as_str()),
        (Color::Black, true, "W+T")
    );

    // Main time: 1 s + 1 s grace; White spends 0.7 s a move and plays on.
    let s = Scratch::new();
    let slow = "sleep 0.7; case $n in 1) r=A1;; 2) r=B1;; 3) r=C1;; *) r=D1;; esac";
    let mut o = s.options(s.bot("passer", PASS, ACCEPT), s.bot("slow", slow, ACCEPT));
    o.time = Some(1);
    let out = play(o);
    let (loser, on_time, message) = forfeit_of(&out[0]);
    assert_eq!((loser, on_time), (Color::White, true));
    assert!(message.contains("main time"), "{message}");
    assert_eq!(out[0].row.length, 5);
}

#[test]
fn move_limit_is_an_error_without_a_winner() {
    let s = Scratch::new();
    let mut o = s.options(s.bot("a", "r=C3", ACCEPT), s.bot("b", PASS, ACCEPT));
    o.maxmoves = 1;
    let out = play(o);
    assert_eq!(out[0].end, End::MoveLimit);
    assert_eq!(
        (out[0].row.error, out[0].row.error_message.as_str()),
        (true, "move limit exceeded")
    );
    // Both fake engines claim B+1.5, so the result is that.
    assert_eq!(out[0].result, "B+1.5");
}

#[test]
fn startup_and_setup_failures_stop_the_match() {
    let s = Scratch::new();
    let o = s.options("/nonexistent/engine".into(), s.bot("b", PASS, ACCEPT));
    assert!(
        Match::start(o, None)
            .err()
            .unwrap()
            .to_string()
            .contains("cannot start")
    );

    let s = Scratch::new();
    let picky = s.bot("picky", PASS, ACCEPT);
    let script = std::fs::read_to_string(s.0.join("picky.sh")).unwrap();
    let script = script.replace(
        "    genmove)",
        "    boardsize) printf '?%s unacceptable size\\n\\n' \"$id\"; continue ;;\n    genmove)",
    );
    std::fs::write(s.0.join("picky.sh"), script).unwrap();
    let mut m = Match::start(s.options(picky, s.bot("b", PASS, ACCEPT)), None).unwrap();
    let e = m.play_game(0).err().unwrap().to_string();
    assert!(
        e.contains("boardsize 5") && e.contains("unacceptable size"),
        "{e}"
    );
}

#[test]
fn labels_disambiguate_equal_names() {
    let mut a = Program::new("Black", "x", false, Duration::from_secs(1)).unwrap();
    let mut b = Program::new("White", "y", false, Duration::from_secs(1)).unwrap();
    a.name = "koban".into();
    b.name = "koban".into();
    a.version = "1".into();
    b.version = "2".into();
    assign_labels(&mut [&mut a, &mut b]);
    assert_eq!((a.label.as_str(), b.label.as_str()), ("koban:1", "koban:2"));
    b.version = "1".into();
    assign_labels(&mut [&mut a, &mut b]);
    assert_eq!(
        (a.label.as_str(), b.label.as_str()),
        ("koban:1[1]", "koban:1[2]")
    );
    b.name = "gnugo".into();
    assign_labels(&mut [&mut a, &mut b]);
    assert_eq!((a.label.as_str(), b.label.as_str()), ("koban", "gnugo"));
}

#[test]
fn debugtocomment_puts_each_engines_stderr_on_its_moves() {
    let s = Scratch::new();
    // Black plays C3 and D4 and resigns at its third genmove; White passes.
    // Both say what they are doing on stderr (after a pause, so each line
    // is read long before the runner asks for it).
    let black = "sleep 0.1; echo \"black search $n\" >&2; \
                 case $n in 1) r=C3 ;; 2) r=D4 ;; *) echo 'black gives up' >&2; r=resign ;; esac";
    let white = "sleep 0.1; echo \"white search $n\" >&2; r=pass";
    let mut o = s.options(s.bot("b", black, ACCEPT), s.bot("w", white, ACCEPT));
    o.debug_to_comment = true;
    let out = play(o);
    assert_eq!(out[0].end, End::Resign(Color::Black));
    let sgf = std::fs::read_to_string(s.0.join("m-0.sgf")).unwrap();
    for node in [
        ";B[cc]C[black search 1]\n;W[]C[white search 1]\n",
        ";B[db]C[black search 2]\n;W[]C[",
    ] {
        assert!(sgf.contains(node), "{node}: {sgf}");
    }
    // The resigning genmove's output goes on the last node, with White's
    // output since its last genmove.
    let last = sgf.rsplit(";W[]C[").next().unwrap();
    for line in ["white search 2", "black search 3", "black gives up"] {
        assert!(last.contains(line), "{line}: {sgf}");
    }

    // Without the option no stderr reaches the record.
    let s = Scratch::new();
    let o = s.options(s.bot("b", black, ACCEPT), s.bot("w", white, ACCEPT));
    play(o);
    let sgf = std::fs::read_to_string(s.0.join("m-0.sgf")).unwrap();
    assert!(!sgf.contains("search"), "{sgf}");
}
