//! Framing under hostile input: very long lines and arbitrary bytes. Every line
//! that is not empty after preprocessing gets exactly one well-formed response, in
//! order, and the engine never panics. The seeded stream of random commands is
//! tests/gtp_fuzz.rs.

use koban::gtp::{self, Engine, engine::Config};
use koban::player::RandomPlayer;

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
