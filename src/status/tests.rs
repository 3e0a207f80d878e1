use super::*;
use crate::board::tests::board_from;

/// The chains with `status`, each as its vertices, chains separated by ` | `.
fn names(board: &Board, statuses: &Statuses, status: Status) -> String {
    statuses
        .with_status(status)
        .map(|c| {
            let names: Vec<String> = c
                .stones
                .iter()
                .map(|&p| crate::board::vertex::format_point(board, p))
                .collect();
            names.join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn batch(board: &Board) -> Statuses {
    estimate(board, &Ownership::by_playouts(board, Color::Black))
}

#[test]
fn the_batch_is_reproducible() {
    let board = board_from(&[
        "..XO.", //
        "O.XO.", //
        "..XOX", //
        "..XO.", //
        "..XO.", //
    ]);
    let a = Ownership::by_playouts(&board, Color::Black);
    let b = Ownership::by_playouts(&board, Color::Black);
    assert_eq!(a.black, b.black);
    // Shares of BATCH_PLAYOUTS playouts: multiples of 1/BATCH_PLAYOUTS.
    let n = f64::from(BATCH_PLAYOUTS);
    assert!(
        a.black
            .iter()
            .all(|x| ((x * n).round() - x * n).abs() < 1e-6)
    );
}

#[test]
fn invaders_in_territory_are_dead() {
    let board = board_from(&[
        "...XO..", //
        ".O.XO..", //
        "...XO..", //
        "...XO.X", //
        "...XO..", //
        "...XO..", //
        "...XO..", //
    ]);
    let st = batch(&board);
    assert_eq!(names(&board, &st, Status::Dead), "G4 | B6");
    assert_eq!(
        names(&board, &st, Status::Alive),
        "D1 D2 D3 D4 D5 D6 D7 | E1 E2 E3 E4 E5 E6 E7"
    );
    assert_eq!(names(&board, &st, Status::Seki), "");
    let cleaned = st.remove_dead(&board);
    assert_eq!(cleaned.prisoners(Color::Black), 1);
    assert_eq!(cleaned.prisoners(Color::White), 1);
    assert_eq!(crate::score::area(&cleaned), [28.0, 21.0]);
}

#[test]
fn a_group_whose_only_eye_space_is_a_square_four_is_dead() {
    // The end of two games koban lost against GNU Go believing its group
    // alive (docs/strength-log.md, run 46): White's top group has only the
    // square four D9 E9 D8 E8 and no eye.
    let board = board_from(&[
        "XOO..OOOX", //
        "XXO..OOXX", //
        "XOOOOOOOX", //
        "XXOOXXOXX", //
        "X.XX.XXX.", //
        "XXXXX.XX.", //
        "OXOXOXX.X", //
        "OOOOOOOXX", //
        ".....OXX.", //
    ]);
    let st = batch(&board);
    assert_eq!(
        names(&board, &st, Status::Dead),
        "C6 D6 G6 B7 C7 D7 E7 F7 G7 H7 C8 F8 G8 B9 C9 F9 G9 H9"
    );
    // The same shape in the corner, H3 J3 H2 J2, around White's group on
    // the right.
    let board = board_from(&[
        "XXXX.X.X.", //
        "OOX.XXXXX", //
        ".OOXX.X..", //
        "OOOOXXXXX", //
        ".OOXXOOXO", //
        "..OOXXOOO", //
        "OOOXXOO..", //
        ".OOXXXO..", //
        ".OXXXOOOO", //
    ]);
    let st = batch(&board);
    assert_eq!(
        names(&board, &st, Status::Dead),
        "F1 G1 H1 J1 G2 F3 G3 G4 H4 J4 F5 G5 J5"
    );
}

#[test]
fn a_seki_of_long_chains_is_found_and_a_killing_throw_in_is_not_one() {
    // Black's row 2 and J1 and White's B1-G1 share A1 and H1: a seki.
    let board = board_from(&[
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        ".........", //
        "OOOOOOOOO", //
        "XXXXXXXXX", //
        ".OOOOOO.X", //
    ]);
    let st = batch(&board);
    assert_eq!(
        names(&board, &st, Status::Seki),
        "B1 C1 D1 E1 F1 G1 | J1 A2 B2 C2 D2 E2 F2 G2 H2 J2"
    );
    assert_eq!(names(&board, &st, Status::Dead), "");
    // The corner where White's throw-in at C1 kills Black (its capture
    // leaves a bent three whose vital point White then takes).
    let board = board_from(&[
        "....OX.", //
        "....OX.", //
        "....OX.", //
        "OOOOOX.", //
        "XXXOOX.", //
        "XOXXOX.", //
        ".O.XOX.", //
    ]);
    let st = batch(&board);
    assert_eq!(names(&board, &st, Status::Seki), "");
    assert_eq!(names(&board, &st, Status::Dead), "D1 A2 C2 D2 A3 B3 C3");
}

#[test]
fn pass_alive_chains_are_alive_whatever_the_ownership() {
    let board = board_from(&[
        ".X.O.", //
        "XXXO.", //
        "XXXO.", //
        ".X.O.", //
        "XXXO.", //
    ]);
    // An ownership that gives everything to White.
    let own = Ownership::from_counts(&[0; MAX_POINTS], 100);
    let st = estimate(&board, &own);
    assert_eq!(st.status(board.point(1, 0)), Some(Status::Alive));
}

#[test]
fn chains_and_stones_are_listed_in_board_order() {
    let board = board_from(&[
        "X...O", //
        "X...O", //
        ".....", //
        ".X.O.", //
        "XX.OO", //
    ]);
    let own = Ownership::from_counts(&[0; MAX_POINTS], 0);
    let st = estimate(&board, &own);
    assert_eq!(
        names(&board, &st, Status::Alive),
        "A1 B1 B2 | D1 E1 D2 | A4 A5 | E4 E5"
    );
}

#[test]
fn random_positions_get_a_status_for_every_stone() {
    let mut rng = FastRng::new(99);
    for round in 0..40 {
        let (game, color) = crate::game::random_game(&mut rng);
        let board = game.board();
        let own = Ownership::by_playouts_n(board, color, 200);
        let st = estimate(board, &own);
        for p in board.points() {
            assert_eq!(st.status(p).is_some(), board.stone(p).is_some(), "{round}");
        }
        let listed: usize = st.chains().iter().map(|c| c.stones.len()).sum();
        assert_eq!(
            listed,
            board.stone_count(Color::Black) + board.stone_count(Color::White)
        );
        st.remove_dead(board).check_consistency().unwrap();
        let _ = final_points(&game, &st);
    }
}

#[test]
fn an_ownership_without_playouts_gives_every_point_to_nobody() {
    let board = Board::new(5);
    let p = board.point(2, 2);
    let mut black = vec![0u32; MAX_POINTS];
    black[p.idx()] = 300;
    assert!((Ownership::from_counts(&black, 400).black(p) - 0.75).abs() < 1e-12);
    assert_eq!(Ownership::from_counts(&[0; MAX_POINTS], 0).black(p), 0.5);
}

#[test]
fn a_throw_in_that_leaves_a_bent_four_in_the_corner_kills_what_looks_like_a_seki() {
    // The end of run 211's game 167 (data/games/pachi13-1s-small-sprt):
    // White's twelve stones from C13 to E9 and Black's A11-A13 have only
    // B11 and B13, shared. It looks like a seki, but Black's throw-in at B13
    // forces White to capture at B11, which leaves White a bent four in the
    // corner and no other eye: White is dead, as GNU Go counts it. The
    // playouts took Black's three stones for dead instead.
    let board = board_from(&[
        "X.OXX.XX.XXO.", //
        "XOOOXXX.X.OXX", //
        "X.OX.X.XXXXXO", //
        "OOOXX.XXX.XOO", //
        "XXOOOXOOXXXO.", //
        ".XXXXXXOOXOO.", //
        "XXOOOXXXOOOOO", //
        "OOO..OXXXXOO.", //
        ".OO.OOOXXXXOO", //
        ".O.O.OOOXXOOX", //
        ".OOOOOXOOXOXX", //
        "OO...OXXXXX.X", //
        ".O.OOOX.XO.X.", //
    ]);
    let st = batch(&board);
    assert_eq!(names(&board, &st, Status::Seki), "");
    assert_eq!(
        names(&board, &st, Status::Dead),
        "K1 | C9 D9 E9 A10 B10 C10 C11 B12 C12 D12 C13 | L12 | M13"
    );
    // GNU Go's count: B+23.5 at komi 7.5.
    let cleaned = st.remove_dead(&board);
    let [black, white] = crate::score::area(&cleaned);
    assert_eq!(black - white - 7.5, 23.5);
}
