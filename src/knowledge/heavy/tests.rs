//! Tests of the heavy playout policy on hand-built positions: each step
//! plays its answer when on, and the playouts stay legal.

use super::*;
use crate::knowledge::testutil::{at, board_from};
use crate::playout::{Playout, Start};

/// The small-board defaults of the search's parameter table, written out
/// so that each test below states what it changes.
fn base() -> HeavyParams {
    HeavyParams {
        ko_fight_prob: 0.4,
        tactics_prob: 1.0,
        two_liberty_prob: 0.25,
        nakade_prob: 0.0,
        pattern_prob: 1.0,
        pattern_either_color: true,
        pattern_own_last: true,
        self_atari_stones: 2,
        single_self_atari_reject: 0.5,
        self_atari_judge: 0.0,
        throw_in: false,
        ladder_check: true,
        reply_prob: 0.0,
        race_prob: 0.0,
    }
}

/// [`base`] with the self-atari judgement at `judge`.
fn judged(judge: f64) -> HeavyParams {
    HeavyParams {
        self_atari_judge: judge,
        ..base()
    }
}

fn policy_params() -> HeavyParams {
    HeavyParams {
        tactics_prob: 1.0,
        pattern_prob: 1.0,
        ..base()
    }
}

fn policy() -> HeavyPolicy {
    HeavyPolicy::new(&policy_params())
}

/// The distinct choices (`None`: a pass) of the policy with `params` for
/// `color` after `last`, over `n` draws from `seed`, sorted.
fn distinct_picks(
    params: &HeavyParams,
    board: &Board,
    color: Color,
    last: Point,
    seed: u64,
    n: usize,
) -> Vec<Option<Point>> {
    let p = HeavyPolicy::new(params);
    let mut rng = FastRng::new(seed);
    let mut out = Vec::new();
    for _ in 0..n {
        let mut b = board.clone();
        let q = p.choose_after(&mut b, color, last, Point::NONE, Point::NONE, &mut rng);
        if !out.contains(&q) {
            out.push(q);
        }
    }
    out.sort();
    out
}

/// The moves `policy` picks for `color` after `last`, over many draws.
fn choices(board: &Board, color: Color, last: &str, n: usize) -> Vec<Point> {
    let last = at(board, last);
    distinct_picks(&policy_params(), board, color, last, 5, n)
        .into_iter()
        .flatten()
        .collect()
}

#[test]
fn captures_the_last_stone_in_atari() {
    // White just played C3 next to Black's B3, C4, D3: only C2 is left.
    let board = board_from(&[".....", "..X..", ".XOX.", ".....", "....."]);
    assert_eq!(
        choices(&board, Color::Black, "C3", 50),
        vec![at(&board, "C2")]
    );
}

#[test]
fn extends_a_chain_out_of_atari() {
    // White's D3 put Black's C3 in atari (liberty C2, which leads to the
    // open board below): Black extends.
    let board = board_from(&[".....", "..O..", ".OXO.", ".....", "....."]);
    assert_eq!(
        choices(&board, Color::Black, "D3", 50),
        vec![at(&board, "C2")]
    );
}

#[test]
fn saves_a_chain_by_capturing_an_attacker_or_extending() {
    // White's D3 put Black's C3 in atari (liberty C2); White's B3 is itself
    // in atari (liberty B2). Both capturing B3 and extending save C3.
    let board = board_from(&[".....", ".XO..", "XOXO.", ".....", "....."]);
    assert_eq!(
        choices(&board, Color::Black, "D3", 200),
        vec![at(&board, "B2"), at(&board, "C2")]
    );
}

#[test]
fn the_nakade_step_takes_the_vital_point_of_the_eye_space_the_last_stone_closed() {
    // White's D1 closes a straight three (A1 B1 C1) in the corner: Black's
    // B1 leaves it one eye. Nothing else is urgent, so without the step Black
    // plays around the board.
    let board = board_from(&[".....", ".....", ".....", "OOOO.", "...O."]);
    let (b1, d1) = (at(&board, "B1"), at(&board, "D1"));
    let picks = |nakade_prob: f64| {
        let params = HeavyParams {
            nakade_prob,
            ..base()
        };
        distinct_picks(&params, &board, Color::Black, d1, 7, 100)
    };
    assert_eq!(picks(1.0), vec![Some(b1)]);
    let off = picks(0.0);
    assert!(off.iter().flatten().count() > 3, "{off:?}");
}

#[test]
fn a_nakade_throw_in_is_played_only_with_the_option() {
    // White's A3 B3 C3 C2 C1 has only B1 and B2 left, both inside its square
    // four, where Black's A1 A2 sit. Either throw-in leaves three black
    // stones in atari and White with the same last liberty; once White
    // captures, the square four is dead. Black's other points are eyes.
    let board = board_from(&[".X.X.", "XXXXX", "OOOXX", "X.OX.", "X.OXX"]);
    let (b1, b2) = (at(&board, "B1"), at(&board, "B2"));
    let picks = |throw_in: bool| {
        let params = HeavyParams { throw_in, ..base() };
        distinct_picks(&params, &board, Color::Black, Point::NONE, 9, 100)
    };
    assert_eq!(picks(false), vec![None]);
    let mut both = vec![Some(b1), Some(b2)];
    both.sort();
    assert_eq!(picks(true), both);
}

#[test]
fn avoids_self_atari_of_a_big_group() {
    // Black's A2-B2-C2-C1 has two liberties, A1 and B1; playing either
    // leaves five stones in atari. The policy never does.
    let board = board_from(&["OOOOO", "OOOOO", "OOO..", "XXXO.", "..XO."]);
    let after = after_play(&board, Color::Black, at(&board, "B1"));
    assert!(after.is_self_atari());
    assert_eq!(after.stones, 5);
    let p = policy();
    let mut rng = FastRng::new(1);
    for _ in 0..200 {
        let mut b = board.clone();
        let q = p.choose_after(
            &mut b,
            Color::Black,
            Point::NONE,
            Point::NONE,
            Point::NONE,
            &mut rng,
        );
        assert_ne!(q, Some(at(&board, "B1")));
        assert_ne!(q, Some(at(&board, "A1")));
    }
}

#[test]
fn a_killing_nakade_is_played_only_with_the_self_atari_judgement_on() {
    // Black's A1 B1 C1 sit in White's bulky five; Black's only legal moves
    // are A2 and B2 (A5 is suicide). B2 makes the pyramid four with its last
    // liberty A2 inside: once White captures, Black's B1 kills. A2 makes the
    // bent four, which lives. Both are four-stone self-ataris.
    let board = board_from(&[".OOOO", "OOOOO", "OOOOO", "..OOO", "XXXOO"]);
    let (a2, b2) = (at(&board, "A2"), at(&board, "B2"));
    assert_eq!(after_play(&board, Color::Black, b2).stones, 4);
    assert!(after_play(&board, Color::Black, b2).is_self_atari());
    let picks =
        |judge: f64| distinct_picks(&judged(judge), &board, Color::Black, Point::NONE, 3, 100);
    // Off: every self-atari of two or more stones is refused, so Black
    // passes.
    assert_eq!(picks(0.0), vec![None]);
    // On, whichever test is drawn: the nakade and never the bent four.
    assert_eq!(picks(1.0), vec![Some(b2)]);
    assert_eq!(picks(0.6), vec![Some(b2)]);
    assert!(!picks(0.6).contains(&Some(a2)));
}

#[test]
fn answers_with_a_pattern_next_to_the_last_stone() {
    // White's C3 between Black's B3 and D3: C4 and C2 are enclosing hanes.
    // With patterns certain, every choice is next to C3.
    let board = board_from(&[".....", ".....", ".XOX.", ".....", "....."]);
    let got = choices(&board, Color::Black, "C3", 200);
    let near = neighbourhood(&board, at(&board, "C3"));
    assert!(!got.is_empty());
    for q in &got {
        assert!(near.contains(q), "{q:?}");
    }
}

/// 200 draws of the policy with `params` for Black after `last`, Black's
/// own previous stone being `own_last`.
fn draws(board: &Board, params: HeavyParams, last: Point, own_last: Point) -> Vec<Point> {
    let policy = HeavyPolicy::new(&params);
    let mut rng = FastRng::new(3);
    (0..200)
        .filter_map(|_| {
            policy.choose_after(
                &mut board.clone(),
                Color::Black,
                last,
                own_last,
                Point::NONE,
                &mut rng,
            )
        })
        .collect()
}

/// `with` (draws with a shape option on) all answer next to `centre`, and
/// the cutting point `cut` far more often than in `without` (the option
/// off, where it comes only from the random step, like any point).
fn assert_defends_the_cut(
    board: &Board,
    with: &[Point],
    without: &[Point],
    centre: Point,
    cut: Point,
) {
    let near = neighbourhood(board, centre);
    assert!(with.iter().all(|p| near.contains(p)), "{with:?}");
    let defended = with.iter().filter(|&&p| p == cut).count();
    let random = without.iter().filter(|&&p| p == cut).count();
    assert!(
        defended > random + 20,
        "{cut:?} {defended} times, {random} without"
    );
}

#[test]
fn defends_the_opponents_cutting_point_with_either_colors_shapes() {
    // White's B4 threatens to cut at C3 between Black's C4 and B3; no
    // capture or escape is at stake, so the shape step decides.
    let board = board_from(&[".....", ".OX..", ".X...", ".....", "....."]);
    let last = at(&board, "B4");
    let with_either = |either| HeavyParams {
        pattern_either_color: either,
        ..base()
    };
    // Only the mover's shapes: C3 is no answer. Either color's: every
    // draw answers next to B4, C3 among them.
    let own = draws(&board, with_either(false), last, Point::NONE);
    let either = draws(&board, with_either(true), last, Point::NONE);
    assert_defends_the_cut(&board, &either, &own, last, at(&board, "C3"));
}

#[test]
fn answers_shapes_around_its_own_last_stone_only_with_the_option() {
    // Black's own last stone C4 left the cutting point C3 between C4 and
    // B3 next to White's B4; White then played far away, at H8, where no
    // shape is at stake.
    let board = board_from(&[
        ".........",
        ".......O.",
        ".........",
        ".........",
        ".........",
        ".OX......",
        ".X.......",
        ".........",
        ".........",
    ]);
    let (last, own_last) = (at(&board, "H8"), at(&board, "C4"));
    let with_own_last = |own| HeavyParams {
        pattern_own_last: own,
        ..base()
    };
    let without = draws(&board, with_own_last(false), last, own_last);
    let with = draws(&board, with_own_last(true), last, own_last);
    assert_defends_the_cut(&board, &with, &without, own_last, at(&board, "C3"));
}

#[test]
fn the_ko_fight_step_retakes_the_ko_it_is_offered_when_on_and_legal() {
    // Black took the ko at C6 (B6 is empty, White's to retake), threats
    // exchanged: with the step on White retakes at once; off, the other
    // steps choose (not always B6); an illegal offer is refused.
    let board = board_from(&[
        ".XO....", //
        "X.XO...", //
        ".XO....", //
        ".......", //
        ".......", //
        ".....O.", //
        "......X", //
    ]);
    let b6 = at(&board, "B6");
    let pick = |prob: f64, offer: Point, seed: u64| {
        let policy = HeavyPolicy::new(&HeavyParams {
            ko_fight_prob: prob,
            ..base()
        });
        let mut b = board.clone();
        let mut rng = FastRng::new(seed);
        policy.choose(&mut Context {
            board: &mut b,
            color: Color::White,
            last: at(&board, "G1"),
            own_last: at(&board, "F2"),
            ko_retake: offer,
            reply: Point::NONE,
            rng: &mut rng,
        })
    };
    for seed in 0..20 {
        assert_eq!(pick(1.0, b6, seed), Some(b6));
    }
    assert!((0..20).any(|seed| pick(0.0, b6, seed) != Some(b6)));
    // An offer that is not legal (an occupied point) is refused.
    let c7 = at(&board, "C7");
    assert!((0..20).all(|seed| pick(1.0, c7, seed) != Some(c7)));
}

#[test]
fn the_reply_step_plays_the_remembered_reply_when_on_and_acceptable() {
    // White's last stone at E3 needs no answer (no atari, no two-liberty
    // fight): with the step on Black plays the reply it is offered; off,
    // the other steps choose; an own true eye (A1) or an occupied point is
    // refused.
    let board = board_from(&[
        ".......", //
        ".......", //
        "..X....", //
        ".......", //
        "....O..", //
        "XX.....", //
        ".X.....", //
    ]);
    let pick = |prob: f64, offer: &str, seed: u64| {
        let policy = HeavyPolicy::new(&HeavyParams {
            reply_prob: prob,
            ..base()
        });
        let mut b = board.clone();
        let mut rng = FastRng::new(seed);
        policy.choose(&mut Context {
            board: &mut b,
            color: Color::Black,
            last: at(&board, "E3"),
            own_last: at(&board, "C5"),
            ko_retake: Point::NONE,
            reply: at(&board, offer),
            rng: &mut rng,
        })
    };
    let b6 = at(&board, "B6");
    for seed in 0..20 {
        assert_eq!(pick(1.0, "B6", seed), Some(b6));
    }
    assert!((0..20).any(|seed| pick(0.0, "B6", seed) != Some(b6)));
    let (a1, c5) = (at(&board, "A1"), at(&board, "C5"));
    assert!((0..20).all(|seed| pick(1.0, "A1", seed) != Some(a1)));
    assert!((0..20).all(|seed| pick(1.0, "C5", seed) != Some(c5)));
}

#[test]
fn heavy_playouts_are_legal_and_keep_the_board_consistent() {
    let mut rng = FastRng::new(3);
    // Off, Pachi's mix, and the strict judgement alone.
    for (size, judge) in [5, 7, 9, 13, 19]
        .into_iter()
        .flat_map(|size| [0.0, 0.6, 1.0].map(|j| (size, j)))
    {
        let p = HeavyPolicy::new(&judged(judge));
        for _ in 0..20 {
            let mut board = Board::new(size);
            board.set_allow_suicide(false);
            let mut color = Color::Black;
            let mut last = Point::NONE;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 3 * size * size {
                match p.choose_after(&mut board, color, last, Point::NONE, Point::NONE, &mut rng) {
                    Some(q) => {
                        assert!(board.is_legal(color, q), "{board:?} {q:?}");
                        board.play_unchecked(color, q);
                        last = q;
                        passes = 0;
                    }
                    None => {
                        board.pass();
                        last = Point::NONE;
                        passes += 1;
                    }
                }
                color = color.opponent();
                moves += 1;
            }
            board.check_consistency().unwrap();
        }
        let r = Playout::new(&p, crate::playout::cap(size)).play_and_score(
            &mut Board::new(size),
            Start::new(Color::Black),
            &mut rng,
            |_, _| {},
        );
        assert!(r.score.abs() <= (size * size) as i32);
    }
}

/// How often White's top-right group (H8) is still on the board at the end
/// of `n` playouts after White's E9, with `params`; Black to move.
fn bent_three_survivals(params: HeavyParams, n: usize) -> usize {
    // From pachi9-10k-control5/part-0-22.sgf: move 40, then J5 G9 J9 E9.
    // Black J9 sits on the vital point of White's corner eye space (H9, J8,
    // J9); with the outside liberties gone, Black kills by throwing in at H9
    // or J8, a two-stone self-atari.
    let board = board_from(&[
        "....O.O.X",
        "....OXOO.",
        "..XXXXXOO",
        ".X.OO.XOX",
        ".OX..OXXX",
        ".OX.OX...",
        ".XOXOXXO.",
        ".XOO.OXO.",
        "......O..",
    ]);
    let p = HeavyPolicy::new(&params);
    let mut rng = FastRng::new(11);
    let h8 = at(&board, "H8");
    let mut alive = 0;
    for _ in 0..n {
        let mut b = board.clone();
        b.set_allow_suicide(false);
        let mut start = Start::new(Color::Black);
        start.last = at(&board, "E9");
        start.before = at(&board, "J9");
        Playout::new(&p, crate::playout::cap(9)).play(&mut b, start, &mut rng, |_, _| {});
        if b.stone(h8) == Some(Color::White) {
            alive += 1;
        }
    }
    alive
}

#[test]
fn the_self_atari_judgement_lets_the_playouts_kill_a_bent_three() {
    // Refusing every two-stone self-atari, neither side ever fills the two
    // shared liberties, so the dead group lives in every playout (a seki
    // that is not one); the judgement lets Black's throw-in through.
    let n = 1000;
    let off = bent_three_survivals(base(), n);
    let on = bent_three_survivals(judged(0.6), n);
    assert!(off >= n * 9 / 10, "{off}");
    assert!(on <= n / 4, "{on}");
}

#[test]
fn the_race_step_throws_in_to_kill_a_corner_only_when_on() {
    // White's corner and Black's F6-F7 inside it share their two liberties,
    // E7 and G7; either Black stone there is a three-stone self-atari that
    // leaves White to capture a bent three (`tactics::race_moves`). No other
    // step plays it: the random step and the shapes refuse the self-atari.
    let board = board_from(&[
        "..XO.X.", //
        "..XOOXO", //
        "..XOOOO", //
        "..XXXXX", //
        ".......", //
        ".......", //
        ".......", //
    ]);
    let (e6, e7, g7) = (at(&board, "E6"), at(&board, "E7"), at(&board, "G7"));
    let picks = |race_prob: f64| {
        let params = HeavyParams {
            race_prob,
            two_liberty_prob: 0.0,
            ..base()
        };
        distinct_picks(&params, &board, Color::Black, e6, 3, 200)
    };
    let off = picks(0.0);
    assert!(
        !off.contains(&Some(e7)) && !off.contains(&Some(g7)),
        "{off:?}"
    );
    assert!(off.len() > 10, "{off:?}");
    let mut both = vec![Some(e7), Some(g7)];
    both.sort();
    assert_eq!(picks(1.0), both);
}
