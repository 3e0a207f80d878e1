//! Framing under hostile input: very long lines, arbitrary bytes, and a seeded
//! stream of random commands with random arguments. Every line that is not empty
//! after preprocessing gets exactly one well-formed response, in order, and the
//! engine never panics.

use koban::gtp::{self, Engine, engine::Config};
use koban::player::RandomPlayer;
use koban::rng::FastRng;

fn run(input: Vec<u8>) -> (String, Engine) {
    let mut engine = Engine::new(Config::default(), Box::new(RandomPlayer::new(Some(3))));
    let mut output = Vec::new();
    gtp::run(&mut engine, std::io::Cursor::new(input), &mut output).unwrap();
    (
        String::from_utf8(output).expect("responses are UTF-8"),
        engine,
    )
}

fn responses(output: &str) -> Vec<&str> {
    assert!(output.is_empty() || output.ends_with("\n\n"), "{output:?}");
    output.split_terminator("\n\n").collect()
}

/// `quit` is answered and ends the loop: nothing after it is read or answered.
/// (gtp-tests/protocol.tst ends with `quit`, since gogui-regress dies on a
/// command after it.)
#[test]
fn nothing_after_quit_is_answered() {
    let (output, _) = run(b"1 name\n2 quit\n3 name\n4 play b d4\n".to_vec());
    assert_eq!(responses(&output), ["=1 koban", "=2 "]);
}

#[test]
fn very_long_lines_get_an_error_and_change_nothing() {
    let mut input = b"boardsize 9\nplay b e5\n1 play w ".to_vec();
    input.extend(std::iter::repeat_n(b'x', 300_000));
    input.extend_from_slice(b"\n2 komi ");
    input.extend(std::iter::repeat_n(b'9', 200_000));
    input.extend_from_slice(b"\n3 list_stones black\n4 list_stones white\n");
    let (output, _) = run(input);
    let r = responses(&output);
    assert_eq!(r.len(), 6, "{r:?}");
    assert!(r[2].starts_with("?1 syntax error"), "{}", r[2]);
    assert!(
        r[3].starts_with("?2 syntax error"),
        "{}",
        &r[3][..40.min(r[3].len())]
    );
    assert_eq!(r[4], "=3 E5");
    assert_eq!(r[5], "=4 ");
}

#[test]
fn bytes_of_every_kind() {
    let mut input = Vec::new();
    for b in 0u8..=255 {
        input.extend_from_slice(b"5 play b ");
        input.push(b);
        input.extend_from_slice(b"4\n");
    }
    input.extend_from_slice(b"\xff\xfe\xfd\n\x00\x01\x02\n6 name\n");
    let (output, engine) = run(input);
    let r = responses(&output);
    assert_eq!(r.last(), Some(&"=6 koban"));
    // Each of the 19 columns is played once (upper case comes first; the lower-case
    // repeat finds the point occupied); every other byte is refused.
    let played = r.iter().filter(|x| x.starts_with("=5")).count();
    assert_eq!(played, 19, "{r:?}");
    assert_eq!(
        engine
            .game()
            .board()
            .stone_count(koban::board::Color::Black),
        19
    );
    engine.game().board().check_consistency().unwrap();
}

#[test]
fn random_command_stream_never_panics_and_always_frames() {
    let mut rng = FastRng::new(2024);
    let names: Vec<&str> = koban::gtp::command::COMMANDS
        .iter()
        .copied()
        .filter(|&n| n != "quit")
        .collect();
    let words = [
        "b",
        "w",
        "black",
        "WHITE",
        "x",
        "pass",
        "a1",
        "T19",
        "j9",
        "i5",
        "z25",
        "e5",
        "c3",
        "0",
        "1",
        "2",
        "7",
        "19",
        "26",
        "-1",
        "6.5",
        "nan",
        "1e400",
        "ko=simple",
        "ko=geneva",
        "japanese",
        "chinese",
        "scoring=territory",
        "suicide=allowed",
        "e",
        "over",
        "dead",
        "seki",
        "alive",
        "gtp-tests/sgf/game9.sgf",
        "/nonexistent",
        "",
    ];
    let mut input = Vec::new();
    let mut expected = 0;
    for i in 0..10_000 {
        let name = names[rng.below(names.len())];
        let mut line = format!("{i} {name}");
        for _ in 0..rng.below(5) {
            line.push(' ');
            line.push_str(words[rng.below(words.len())]);
        }
        // Never let printsgf overwrite a fixture; keep boards small so genmove
        // stays cheap.
        if name == "printsgf" {
            line = format!("{i} printsgf");
        }
        if name == "boardsize" {
            line = format!("{i} boardsize {}", 2 + rng.below(8));
        }
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
        expected += 1;
    }
    let (output, engine) = run(input);
    let r = responses(&output);
    assert_eq!(r.len(), expected);
    for (i, resp) in r.iter().enumerate() {
        let ok = resp.starts_with(&format!("={i} ")) || resp.starts_with(&format!("?{i} "));
        assert!(ok, "response {i}: {resp:?}");
    }
    engine.game().board().check_consistency().unwrap();
}
