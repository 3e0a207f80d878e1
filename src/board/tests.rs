use super::*;
use crate::rng::FastRng;

/// Board from rows, top row first: `X` Black, `O` White, `.` empty.
pub(crate) fn board_from(rows: &[&str]) -> Board {
    let b = Board::from_diagram(rows);
    b.check_consistency().unwrap();
    b
}

/// Each kind of corruption is reported as the invariant it breaks.
#[test]
fn check_consistency_names_the_broken_invariant() {
    let b = board_from(&["...", ".XX", "..O"]);
    let x = at(&b, "B2");
    let head = b.chain_head(x);
    let mut bad = b.clone();
    bad.libs[head.idx()] += 1;
    match bad.check_consistency() {
        Err(ConsistencyError::Liberties {
            recorded, actual, ..
        }) => assert_eq!((recorded, actual), (5, 4)),
        other => panic!("{other:?}"),
    }
    let mut bad = b.clone();
    bad.stones[head.idx()] = 3;
    assert!(matches!(
        bad.check_consistency(),
        Err(ConsistencyError::ChainSize {
            recorded: 3,
            actual: 2,
            ..
        })
    ));
    let mut bad = b.clone();
    bad.hash ^= 1;
    let e = bad.check_consistency().unwrap_err();
    assert_eq!(e, ConsistencyError::StaleHash);
    assert_eq!(
        e.to_string(),
        "incremental hash differs from the recomputed one"
    );
    let mut bad = b.clone();
    bad.ko = x;
    assert_eq!(
        bad.check_consistency().unwrap_err(),
        ConsistencyError::KoOccupied
    );
    let mut bad = b.clone();
    bad.empty_count -= 1;
    assert!(bad.check_consistency().is_err());
}

pub(crate) fn at(b: &Board, name: &str) -> Point {
    let (x, y) = crate::board::vertex::parse_coords(name, b.size()).unwrap();
    b.point(x, y)
}

#[test]
fn capture_and_ko_point() {
    // . X O .
    // X O . O
    // . X O .
    // . . . .
    let mut b = board_from(&[".XO.", "XO.O", ".XO.", "...."]);
    let c3 = at(&b, "C3");
    let out = b.play(Color::Black, Move::Play(c3)).unwrap();
    assert_eq!(out.captured, 1);
    let b3 = at(&b, "B3");
    assert!(b.is_empty(b3));
    assert_eq!(b.ko(), Some((b3, Color::White)));
    assert_eq!(out.ko_point, Some(b3));
    assert_eq!(b.check(Color::White, b3), Err(Illegal::Ko));
    // Black itself may fill the ko point (GTP allows the same color twice).
    assert!(b.is_legal(Color::Black, b3));
    b.play(Color::White, Move::Pass).unwrap();
    assert!(b.is_legal(Color::White, b3));
    assert_eq!(b.prisoners(Color::Black), 1);
    b.check_consistency().unwrap();
}

#[test]
fn single_stone_suicide_is_never_legal() {
    let mut b = board_from(&[".O..", "O...", "....", "...."]);
    let a4 = at(&b, "A4");
    assert_eq!(b.check(Color::Black, a4), Err(Illegal::Suicide));
    b.set_allow_suicide(true);
    assert_eq!(b.check(Color::Black, a4), Err(Illegal::Suicide));
}

#[test]
fn multi_stone_suicide_follows_the_switch() {
    // X . O .
    // O O . .
    let mut b = board_from(&["X.O.", "OO..", "....", "...."]);
    let b4 = at(&b, "B4");
    assert_eq!(b.check(Color::Black, b4), Err(Illegal::Suicide));
    b.set_allow_suicide(true);
    let before = b.hash();
    let out = b.play(Color::Black, Move::Play(b4)).unwrap();
    assert_eq!(out.suicided, 2);
    assert!(b.is_empty(at(&b, "A4")) && b.is_empty(b4));
    assert_eq!(b.prisoners(Color::White), 2);
    assert_ne!(b.hash(), before);
    b.check_consistency().unwrap();
}

#[test]
fn capture_beats_suicide() {
    // Filling the last liberty is fine when it captures.
    let mut b = board_from(&[".OX.", "OX..", "X...", "...."]);
    let a4 = at(&b, "A4");
    assert!(b.is_legal(Color::Black, a4));
    let out = b.play(Color::Black, Move::Play(a4)).unwrap();
    assert_eq!(out.captured, 2);
    b.check_consistency().unwrap();
}

#[test]
fn merge_counts_shared_liberties_once() {
    let mut b = board_from(&[".....", ".X.X.", ".....", ".....", "....."]);
    let c4 = at(&b, "C4");
    b.play(Color::Black, Move::Play(c4)).unwrap();
    assert_eq!(b.liberties(c4), 8);
    assert_eq!(b.chain_size(c4), 3);
    b.check_consistency().unwrap();
}

#[test]
fn eyes() {
    let b = board_from(&[".X...", "X....", ".....", ".....", "....."]);
    let a5 = at(&b, "A5");
    assert!(b.is_eyelike(Color::Black, a5));
    assert!(b.is_true_eye(Color::Black, a5));
    let b = board_from(&[".X...", "XO...", ".....", ".....", "....."]);
    assert!(
        !b.is_true_eye(Color::Black, a5),
        "corner eye with an enemy diagonal is false"
    );
    let b = board_from(&[".....", "OXO..", "X.X..", ".X...", "....."]);
    let b3 = at(&b, "B3");
    assert!(b.is_eyelike(Color::Black, b3));
    assert!(!b.is_true_eye(Color::Black, b3));
}

/// Plays seeded random games and after every move checks the incremental state
/// against a rebuild, `is_legal` against `play`, the light policy's fast test
/// against the general one, and the hash against a recompute.
fn stress(size: usize, games: usize, seed: u64, allow_suicide: bool) {
    let mut rng = FastRng::new(seed);
    for game in 0..games {
        let mut b = Board::new(size);
        b.set_allow_suicide(allow_suicide);
        let mut color = Color::Black;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < size * size * 3 {
            // Compare is_legal with play on a sample of points (all of them on small
            // boards) before choosing a move.
            let points: Vec<Point> = b.points().collect();
            let sample = if size <= 9 { points.len() } else { 12 };
            for _ in 0..sample {
                let p = points[rng.below(points.len())];
                let legal = b.is_legal(color, p);
                let mut copy = b.clone();
                let played = copy.play(color, Move::Play(p));
                assert_eq!(
                    legal,
                    played.is_ok(),
                    "game {game} move {moves} point {p:?}\n{b:?}"
                );
                if played.is_err() {
                    assert!(copy == b, "failed play changed the board");
                }
            }
            // The light policy's test for surrounded points agrees with the
            // general predicates, for both colors.
            for p in b.empty_points().filter(|&p| !b.has_empty_neighbour(p)) {
                for c in Color::BOTH {
                    assert_eq!(
                        b.surrounded_point_playable(c, p),
                        !b.is_true_eye(c, p) && b.is_legal(c, p),
                        "game {game} move {moves} point {p:?} {c:?}\n{b:?}"
                    );
                }
            }
            // Random legal non-eye-filling move, including suicides when allowed.
            let candidates: Vec<Point> = b
                .empty_points()
                .filter(|&p| b.is_legal(color, p) && !b.is_true_eye(color, p))
                .collect();
            if candidates.is_empty() || rng.below(50) == 0 {
                b.play(color, Move::Pass).unwrap();
                passes += 1;
            } else {
                let p = candidates[rng.below(candidates.len())];
                b.play(color, Move::Play(p)).unwrap();
                passes = 0;
            }
            if let Err(e) = b.check_consistency() {
                panic!("game {game} move {moves}: {e}\n{b:?}");
            }
            assert_eq!(b.hash(), b.compute_hash());
            color = color.opponent();
            moves += 1;
        }
    }
}

#[test]
fn stress_5x5() {
    stress(5, 400, 1, false);
}

#[test]
fn stress_5x5_suicide() {
    stress(5, 300, 2, true);
}

#[test]
fn stress_9x9() {
    stress(9, 150, 3, false);
}

#[test]
fn stress_19x19() {
    stress(19, 12, 4, false);
}

#[test]
fn setup_keeps_consistency() {
    let mut rng = FastRng::new(9);
    let mut b = Board::new(7);
    for _ in 0..500 {
        let points: Vec<Point> = b.points().collect();
        let p = points[rng.below(points.len())];
        let stone = match rng.below(3) {
            0 => None,
            1 => Some(Color::Black),
            _ => Some(Color::White),
        };
        b.set_cell(p, stone);
        b.check_consistency().unwrap();
    }
}
