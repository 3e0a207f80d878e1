//! The opening book: its canonical lines, its format's checks, the games it
//! answers and refuses, and its exact rebuild from the records it names (the
//! real player playing it is tested with the search, `mcts/tests/opening.rs`).

use super::*;
use crate::knowledge::table_error::TableReason;
use crate::rules::Rules;

fn empty_game(size: usize, komi: f64) -> Game {
    let mut game = Game::new(size, Rules::default());
    game.set_komi(komi);
    game
}

/// `game` after `moves` (column, row), colours alternating from Black.
fn play(game: &mut Game, moves: &[Coords]) {
    for (i, &(x, y)) in moves.iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = game.board().point(x, y);
        game.play(color, Move::Play(p)).unwrap();
    }
}

#[test]
fn every_image_of_a_sequence_has_the_same_canonical_form_and_reply() {
    let moves = [(2, 3), (6, 5), (6, 3)];
    let reply = (5, 4);
    let (key, ts) = canonical(9, &moves);
    assert_eq!(
        ts.len(),
        1,
        "an asymmetric sequence has one canonical image"
    );
    for t in Symmetry::ALL {
        let image: Vec<Coords> = moves.iter().map(|&m| t.coords(9, m)).collect();
        assert_eq!(canonical(9, &image).0, key);
        assert_eq!(
            canonical_reply(9, &image, t.coords(9, reply)),
            canonical_reply(9, &moves, reply)
        );
    }
    // On the empty board the four 4-4 points are one move.
    let fours: Vec<Coords> = [(3, 3), (5, 3), (3, 5), (5, 5)]
        .iter()
        .map(|&p| canonical_reply(9, &[], p).1)
        .collect();
    assert!(fours.iter().all(|&f| f == fours[0]));
    assert_ne!(canonical_reply(9, &[], (4, 4)).1, fours[0]);
}

#[test]
fn the_compiled_in_book_answers_every_image_of_its_lines_with_a_legal_move() {
    let book = Book::standard();
    assert!(book.len() >= 5, "{} lines", book.len());
    for (line, reply) in &book.lines {
        for t in Symmetry::ALL {
            let image: Vec<Coords> = line.iter().map(|&m| t.coords(9, m)).collect();
            let mut game = empty_game(9, 7.5);
            play(&mut game, &image);
            let color = game.to_move();
            let p = book
                .answer(&game, color)
                .expect("the book answers its own line");
            let answered = game.board().coords(p);
            assert_eq!(
                canonical_reply(9, &image, answered),
                (line.clone(), *reply),
                "line {line:?} seen as {image:?}"
            );
        }
    }
}

#[test]
fn the_book_answers_only_the_games_it_was_learned_for() {
    let book = Book::standard();
    let black = Color::Black;
    // An empty 9x9 board at komi 7.5: a 4-4 point, as learned.
    let game = empty_game(9, 7.5);
    let p = book.answer(&game, black).unwrap();
    assert_eq!(canonical_reply(9, &[], game.board().coords(p)).1, (3, 3));
    // Another komi, size or first player, a handicap, setup stones, a pass,
    // or the wrong colour: no answer.
    assert_eq!(book.answer(&empty_game(9, 6.5), black), None);
    assert_eq!(book.answer(&empty_game(13, 7.5), black), None);
    assert_eq!(book.answer(&game, Color::White), None);
    let mut white_first = empty_game(9, 7.5);
    white_first.set_first_player(Color::White).unwrap();
    assert_eq!(book.answer(&white_first, Color::White), None);
    let mut handicap = empty_game(9, 7.5);
    let stones = [handicap.board().point(2, 2), handicap.board().point(6, 6)];
    handicap.place_handicap(&stones).unwrap();
    assert_eq!(book.answer(&handicap, Color::White), None);
    let mut setup = empty_game(9, 7.5);
    let stone = setup.board().point(4, 4);
    setup.setup(&[(stone, Some(Color::Black))]).unwrap();
    assert_eq!(book.answer(&setup, black), None);
    let mut passed = empty_game(9, 7.5);
    passed.play(black, Move::Pass).unwrap();
    assert_eq!(book.answer(&passed, Color::White), None);
    // A first move the book has no line after: no answer.
    let mut edge = empty_game(9, 7.5);
    play(&mut edge, &[(0, 0)]);
    assert_eq!(book.answer(&edge, Color::White), None);
}

#[test]
fn a_malformed_book_is_refused_with_its_line() {
    let refused = [
        ("# Size: nine\n", 1, TableReason::BadHeader),
        ("- : 3,3\n", 1, TableReason::BadHeader),
        (
            "# Size: 9\n# Komi: 7.5\n3,3 : 9,0\n",
            3,
            TableReason::BadLine,
        ),
        ("# Size: 9\n3,3 : 3,3\n", 2, TableReason::BadLine),
        ("# Size: 9\n3,3 4,4\n", 2, TableReason::BadLine),
        ("# Size: 9\n3;3 : 4,4\n", 2, TableReason::BadLine),
    ];
    for (text, line, reason) in refused {
        let e = Book::parse(text).unwrap_err();
        assert_eq!(
            (e.table, e.line, e.reason),
            ("book", line, reason),
            "{text:?}"
        );
    }
    let book = Book::parse("# Size: 9\n# Komi: 7.5\n- : 3,3 1 2  # D4\n3,3 : 4,5\n").unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(book.reply(&[(5, 5)]), Some((4, 3)));
}

#[test]
fn the_compiled_in_book_rebuilds_from_its_sources() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources: Vec<&str> = TEXT
        .lines()
        .find_map(|l| l.strip_prefix("# Sources: "))
        .and_then(|s| s.strip_suffix('.'))
        .expect("a # Sources: line")
        .split(' ')
        .collect();
    let o = LearnOptions::default();
    let mut records = Vec::new();
    for dir in &sources {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "sgf") {
                records.extend(Record::from_sgf(&o, &std::fs::read(&path).unwrap()));
            }
        }
    }
    assert_eq!(learn(&o, &records, &sources), TEXT);
}
