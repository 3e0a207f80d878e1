//! Each case of the judgement on a small diagram, with its contrast: the
//! same shape changed so that the self-atari gives stones away.

use super::*;
use crate::board::tests::{at, board_from};
use crate::tactics::is_group_self_atari;

/// (is_bad_self_atari, is_really_bad_self_atari) for `color` at `v`, which
/// must be a self-atari by the plain test.
fn judge(rows: &[&str], color: Color, v: &str) -> (bool, bool) {
    let board = board_from(rows);
    let p = at(&board, v);
    assert!(board.is_legal(color, p), "{v}");
    let plain = crate::tactics::after_play(&board, color, p);
    assert!(plain.is_self_atari(), "{v} is a self-atari");
    (
        is_bad_self_atari(&board, color, p),
        is_really_bad_self_atari(&board, color, p),
    )
}

#[test]
fn a_plain_self_atari_is_bad_and_a_big_one_really_bad() {
    // Black C2 into White's mouth, its liberty C1 open on both sides.
    let mouth = [".....", ".....", "..O..", ".O.O.", "....."];
    assert_eq!(judge(&mouth, Color::Black, "C2"), (true, false));
    // Black C3 joins A3 B3 into three stones whose last liberty A2 opens
    // onto A1: nothing is killed, three stones are lost.
    let three = [".....", "OOO..", "XX.O.", ".OO..", "....."];
    let board = board_from(&three);
    assert!(is_group_self_atari(&board, Color::Black, at(&board, "C3")));
    assert_eq!(judge(&three, Color::Black, "C3"), (true, true));
    // Two stones the same way: bad, but left to chance by the lenient test.
    let two = [".....", ".OO..", ".X.O.", ".OO..", "....."];
    assert_eq!(judge(&two, Color::Black, "C3"), (true, false));
}

#[test]
fn no_self_atari_is_never_bad() {
    let board = board_from(&[".....", "OOOX.", "XX.OX", ".OOX.", "....."]);
    // C3 captures White D3 (its last liberty is C3).
    for p in [at(&board, "C3"), at(&board, "E5"), at(&board, "A1")] {
        assert!(!is_bad_self_atari(&board, Color::Black, p));
        assert!(!is_really_bad_self_atari(&board, Color::Black, p));
    }
}

#[test]
fn a_nakade_that_leaves_a_dead_shape_is_allowed_and_a_living_one_refused() {
    // White's bulky five A1 B1 C1 A2 B2, Black's A1 B1 C1 inside. Black B2
    // makes the pyramid four with the last liberty A2 inside: once White
    // captures, Black's B1 kills.
    let pyramid = [".....", ".....", "OOO..", "..OO.", "XXXO."];
    assert_eq!(judge(&pyramid, Color::Black, "B2"), (false, false));
    // Black A2 A1 B1 and C1: the bent four, which White's eye space keeps
    // alive after the capture.
    let bent = [".....", ".....", "OOO..", "X.OO.", "XX.O."];
    assert_eq!(judge(&bent, Color::Black, "C1"), (true, true));
    // The same pyramid when a White chain next to Black's stones is in atari:
    // capturing it is better (White's D1, cut off by Black D2, last liberty
    // E1).
    let capture = [".....", ".....", "OOO..", "..OX.", "XXXO."];
    assert_eq!(judge(&capture, Color::Black, "B2"), (true, true));
}

#[test]
fn a_throw_in_that_leaves_the_opponent_the_same_last_liberty_is_allowed() {
    // White's chain has only A1 and B1; Black A1 (or B1) leaves it B1 (A1),
    // which it must fill to capture, and then Black takes everything.
    let corner = [".....", ".....", "XXX..", "OOOX.", "..OX."];
    assert_eq!(judge(&corner, Color::Black, "A1"), (false, false));
    assert_eq!(judge(&corner, Color::Black, "B1"), (false, false));
    // With White out at D2 the stone only feeds a chain with liberties to
    // spare.
    let open = [".....", ".....", "XXX..", "OOOO.", "..OX."];
    assert_eq!(judge(&open, Color::Black, "A1"), (true, false));
}

#[test]
fn a_throw_in_into_a_false_eye_is_allowed_and_into_a_real_one_refused() {
    // White C1 inside Black's eye space B1 C1; White's D2 holds the
    // diagonal, so C1 is a false eye and the throw-in destroys it.
    let false_eye = [".....", ".....", ".....", "XXXO.", "X..X."];
    assert_eq!(judge(&false_eye, Color::White, "C1"), (false, false));
    // Without White D2, Black's eye stays real: the stone is wasted.
    let real_eye = [".....", ".....", ".....", "XXX..", "X..X."];
    assert_eq!(judge(&real_eye, Color::White, "C1"), (true, false));
}

#[test]
fn a_stone_that_sets_up_a_snapback_is_allowed() {
    // Black B2 leaves itself only C2; White capturing there has the single
    // liberty B2 and Black takes three stones back.
    let snapback = [".....", "XXXX.", "XOOX.", "O..X.", ".OX.."];
    assert_eq!(judge(&snapback, Color::Black, "B2"), (false, false));
    // With C1 empty, White's capture at C2 has C1 too: no snapback.
    let no_snapback = [".....", "XXXX.", "XOOX.", "O..X.", ".O..."];
    assert_eq!(judge(&no_snapback, Color::Black, "B2"), (true, false));
}

#[test]
fn dead_eye_shapes() {
    let board = board_from(&[".....", ".....", ".....", ".....", "....."]);
    let shape = |vs: &[&str]| {
        let pts: Vec<Point> = vs.iter().map(|v| at(&board, v)).collect();
        is_dead_eye_shape(&board, &pts)
    };
    assert!(shape(&["A1", "B1", "C1"]));
    assert!(shape(&["A1", "B1", "A2", "B2"]), "square four");
    assert!(shape(&["A1", "B1", "C1", "B2"]), "pyramid four");
    assert!(!shape(&["A1", "B1", "C1", "D1"]), "straight four");
    assert!(!shape(&["A2", "A1", "B1", "C1"]), "bent four");
    assert!(shape(&["A1", "B1", "C1", "A2", "B2"]), "bulky five");
    assert!(!shape(&["A1", "B1", "C1", "D1", "E1"]), "straight five");
}
