//! Nakade: the vital point of a small eye space, and the throw-ins that fill
//! one from inside.

use super::{PointSet, chain_next_to, neighbourhood, opponent_chain_on};
use crate::board::{Board, Cell, Color, Point};

/// Largest eye space [`nakade_point`] looks at.
const NAKADE_MAX: usize = 6;

/// The vital point of a small empty region touching the 3x3 neighbourhood of
/// `last` that stones of one color enclose (with the edge), when its shape
/// lives or dies by one point: three in a row or bent (the middle), the pyramid
/// four, the bulky and the crossed five, the rabbity six (the point with the
/// most neighbours in the region). Both sides want it at once: there the owner
/// makes two eyes and the attacker leaves one. Random playouts reach it late or
/// never, so they misjudge every group whose life hangs on such a space.
/// Regions with stones inside are not looked at.
pub(crate) fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    let mut seen = PointSet::<8>::default();
    for start in neighbourhood(board, last) {
        if !board.is_empty(start) || seen.contains(start) {
            continue;
        }
        let (region, enclosed) = flood_eye_space(board, start, None);
        for &p in region.as_slice() {
            seen.add(p);
        }
        if !enclosed || region.len() < 3 {
            continue;
        }
        if let Some(p) = vital_point(board, region.as_slice()) {
            return Some(p);
        }
    }
    None
}

/// The playouts' nakade answer to the stone at `last` (as Pachi's moggy
/// `nakade_check`): the vital point of a small eye space, enclosed by
/// `last`'s color, that `last` borders, read from `last`'s empty orthogonal
/// neighbours. Regions touching `last` only diagonally, which
/// [`nakade_point`] reads too, are left out: the step runs at every playout
/// move, and the eight floods of the full reading cost a sixth of a 19x19
/// search. A stone with three or four empty neighbours is skipped. (Pachi
/// reads one region, and none whenever two empty neighbours face each
/// other across the stone; that misses the eye a stone closes along the edge
/// while it keeps an outside liberty, which is read here.)
pub(crate) fn nakade_answer(board: &Board, last: Point) -> Option<Point> {
    let color = board.stone(last)?;
    // With three or four empty neighbours, two face each other: a region
    // through both goes around the stone (more than six points), and the
    // rare small space such a protruding stone closes (the crossed five of
    // the tests) is left to the other steps. Most moves of a playout are of
    // this kind, and they cost no flood.
    if board.empty_neighbour_count(last) >= 3 {
        return None;
    }
    let mut seen = PointSet::<{ 2 * (NAKADE_MAX + 1) }>::default();
    for start in board.neighbours(last) {
        if !board.is_empty(start) || seen.contains(start) {
            continue;
        }
        let (region, enclosed) = flood_eye_space(board, start, Some(color));
        if enclosed
            && region.len() >= 3
            && let Some(p) = vital_point(board, region.as_slice())
        {
            return Some(p);
        }
        // Another start inside it is the same region (a full set forgets,
        // which only reads a region twice).
        for &p in region.as_slice() {
            seen.add(p);
        }
    }
    None
}

/// Floods the empty region through `start`: the points read, and whether
/// stones of one color (`owner`, or the first met when `None`) and the edge
/// enclose it within [`NAKADE_MAX`] points. When not, the points are those
/// read before the flood stopped, all in the same region.
#[inline]
fn flood_eye_space(
    board: &Board,
    start: Point,
    mut owner: Option<Color>,
) -> (PointSet<{ NAKADE_MAX + 1 }>, bool) {
    let mut region = PointSet::<{ NAKADE_MAX + 1 }>::default();
    region.add(start);
    let mut next = 0;
    while next < region.len() {
        let p = region.as_slice()[next];
        next += 1;
        for q in board.neighbours(p) {
            // Too big, or bordered by the other color too.
            let failed = match board.cell(q) {
                Cell::Empty => region.add(q),
                Cell::Stone(c) => *owner.get_or_insert(c) != c,
                Cell::Border => false,
            };
            if failed {
                return (region, false);
            }
        }
    }
    (region, true)
}

/// Whether `region` (3 to 6 points, or fewer) makes a dead eye space when
/// the attacker moves first: three points or fewer, the square four (dead
/// whoever moves), or a shape with a single vital point that
/// [`nakade_point`] would take. The region's points need not be empty: the
/// self-atari judgement asks it of the stones the opponent would capture.
pub(crate) fn is_dead_eye_shape(board: &Board, region: &[Point]) -> bool {
    if region.len() <= 3 {
        return true;
    }
    let edges = region
        .iter()
        .map(|&p| {
            board
                .neighbours(p)
                .iter()
                .filter(|q| region.contains(q))
                .count()
        })
        .sum::<usize>()
        / 2;
    (region.len() == 4 && edges == 4) || vital_point(board, region).is_some()
}

/// See [`nakade_point`]: `region` is an enclosed empty region of 3 to 6 points.
fn vital_point(board: &Board, region: &[Point]) -> Option<Point> {
    let mut best = Point::NONE;
    let mut best_degree = 0;
    let mut unique = false;
    let mut degree_sum = 0;
    for &p in region {
        let degree = board
            .neighbours(p)
            .iter()
            .filter(|q| region.contains(q))
            .count();
        degree_sum += degree;
        if degree > best_degree {
            (best, best_degree, unique) = (p, degree, true);
        } else if degree == best_degree {
            unique = false;
        }
    }
    let edges = degree_sum / 2;
    let vital = match (region.len(), best_degree, edges) {
        // Three in a row or bent: the middle point.
        (3, 2, 2) => true,
        // The pyramid (a square four has no point of degree 3, the straight
        // and bent fours none either: they live).
        (4, 3, 3) => true,
        // The crossed five (a tree), and the bulky five (a square and one: one
        // cycle, so five edges).
        (5, 4, 4) | (5, 3, 5) => true,
        // The rabbity six: the cross and the point closing one of its corners.
        (6, 4, 6) => true,
        _ => false,
    };
    (vital && unique).then_some(best)
}

/// Largest own chain a [nakade throw-in](is_nakade_throw_in) may leave in
/// atari: once captured, six stones leave at most a rabbity six, the largest
/// eye space that dies when the thrower then takes its vital point.
pub(crate) const NAKADE_THROW_IN_STONES: usize = NAKADE_MAX;

/// Whether the points of `region` (1 to [`NAKADE_MAX`] of them, connected),
/// emptied by a capture inside one enclosing group, leave that group one eye
/// when the other side moves first: up to three in any shape; four as a
/// square, a pyramid or bent in the corner (alive only through a ko the
/// attacker starts when it has removed the threats, so dead under area
/// scoring); the bulky and the crossed five and the rabbity six (their vital
/// point).
fn dies_when_emptied(board: &Board, region: &[Point]) -> bool {
    let degree = |p: Point| {
        board
            .neighbours(p)
            .iter()
            .filter(|q| region.contains(q))
            .count()
    };
    let edges = region.iter().map(|&p| degree(p)).sum::<usize>() / 2;
    let corner = |p: Point| {
        board
            .neighbours(p)
            .iter()
            .filter(|&&q| board.cell(q) != Cell::Border)
            .count()
            == 2
    };
    match region.len() {
        0..=3 => true,
        4 if edges == 4 => true,
        4 if region.iter().any(|&p| corner(p) && degree(p) == 2) => true,
        _ => vital_point(board, region).is_some(),
    }
}

/// Whether `color` playing the empty point `p` leaves its own chain of at
/// most `max_stones` stones with a single liberty that is then also the only
/// liberty of an opponent chain next to it, capturing nothing, and the
/// chain's points once captured die ([`dies_when_emptied`]). That is how the
/// inside of an eye space is filled (the third stone in a square four, the
/// fourth making a square of the stones inside a seki-like corner): the
/// opponent must capture, and what the capture leaves is one eye. With every
/// group self-atari refused, the filling stops one stone short, both sides
/// pass, and the playouts take an eyeless group for alive (or for a seki).
pub(crate) fn is_nakade_throw_in(board: &Board, color: Color, p: Point, max_stones: usize) -> bool {
    nakade_throw_in_liberty(board, color, p, max_stones).is_some()
}

/// The chain's single liberty after a [nakade throw-in](is_nakade_throw_in)
/// of `color` at `p` (where the opponent must capture), or `None` when `p` is
/// no such throw-in.
#[inline]
fn nakade_throw_in_liberty(
    board: &Board,
    color: Color,
    p: Point,
    max_stones: usize,
) -> Option<Point> {
    let mut liberty = Point::NONE;
    // Records an empty point next to the new chain; false at a second one.
    let mut single = |q: Point| {
        if q == p || !board.is_empty(q) || q == liberty {
            true
        } else if liberty == Point::NONE {
            liberty = q;
            true
        } else {
            false
        }
    };
    let max_stones = max_stones.min(NAKADE_MAX);
    let mut chain = PointSet::<{ NAKADE_MAX + 1 }>::default();
    chain.add(p);
    let mut heads = [Point::NONE; 4];
    for (i, q) in board.neighbours(p).into_iter().enumerate() {
        match board.stone(q) {
            None => {
                if !single(q) {
                    return None;
                }
            }
            Some(c) if c == color => {
                let head = board.chain_head(q);
                if heads.contains(&head) {
                    continue;
                }
                heads[i] = head;
                if chain.len() + board.chain_size(q) > max_stones {
                    return None;
                }
                for s in board.chain_stones(q) {
                    chain.add(s);
                    for r in board.neighbours(s) {
                        if !single(r) {
                            return None;
                        }
                    }
                }
            }
            // A capture is no throw-in.
            Some(_) if board.liberties(q) == 1 => return None,
            Some(_) => {}
        }
    }
    if liberty == Point::NONE {
        return None;
    }
    // An opponent chain next to `p` whose liberties are `p` and `liberty`.
    (opponent_chain_on(board, color, p, liberty) && dies_when_emptied(board, chain.as_slice()))
        .then_some(liberty)
}

/// Whether `color`'s [nakade throw-in](is_nakade_throw_in) at `p` kills:
/// after it and the capture it forces, the capturing chain's only liberties
/// are the points the capture emptied (nothing outside gives it an eye or a
/// connection), which die. `victims` gets the heads of the opponent chains
/// it kills (those next to `p` that the throw-in leaves one liberty).
/// `scratch` is a working board, overwritten.
pub(crate) fn throw_in_kill<const N: usize>(
    board: &Board,
    color: Color,
    p: Point,
    scratch: &mut Board,
    victims: &mut PointSet<N>,
) -> bool {
    let Some(liberty) = nakade_throw_in_liberty(board, color, p, NAKADE_THROW_IN_STONES) else {
        return false;
    };
    // The thrown chain: `p` and our chains next to it, named by their heads.
    let mut heads = PointSet::<4>::default();
    for q in board.neighbours(p) {
        if board.stone(q) == Some(color) {
            heads.add(board.chain_head(q));
        }
    }
    let thrown =
        |q: Point| q == p || (board.stone(q) == Some(color) && heads.contains(board.chain_head(q)));
    let opponent = color.opponent();
    scratch.copy_from(board);
    scratch.play_unchecked(color, p);
    let mut found = PointSet::<4>::default();
    for q in board.neighbours(p) {
        // Its last liberty is the thrown chain's: the capture takes it.
        if scratch.stone(q) == Some(opponent)
            && scratch.liberties(q) == 1
            && chain_next_to(scratch, q, liberty)
        {
            found.add(board.chain_head(q));
        }
    }
    if found.is_empty() || scratch.check_pseudolegal(opponent, liberty).is_err() {
        return false;
    }
    scratch.play_unchecked(opponent, liberty);
    if scratch.stone(p).is_some() {
        return false;
    }
    for s in scratch.chain_stones(liberty) {
        for r in scratch.neighbours(s) {
            if scratch.is_empty(r) && !thrown(r) {
                return false;
            }
        }
    }
    for &v in found.as_slice() {
        victims.add(v);
    }
    true
}

/// Every nakade throw-in of `board` that kills ([`throw_in_kill`]), either
/// color's: `found(color, p, victims)` for each, in board order, Black
/// first at a point. A point with no opponent chain of two liberties next
/// to it is skipped on the board's counts (a throw-in needs one), which
/// spares the reading nearly everywhere. `scratch` is a working board.
pub(crate) fn for_each_throw_in_kill(
    board: &Board,
    scratch: &mut Board,
    mut found: impl FnMut(Color, Point, &[Point]),
) {
    for p in board.empty_points() {
        for color in Color::BOTH {
            let opponent = Some(color.opponent());
            if !board
                .neighbours(p)
                .into_iter()
                .any(|q| board.stone(q) == opponent && board.liberties(q) == 2)
            {
                continue;
            }
            let mut victims = PointSet::<4>::default();
            if throw_in_kill(board, color, p, scratch, &mut victims) {
                found(color, p, victims.as_slice());
            }
        }
    }
}

/// Test fixture: Black's A2-E2 group holds White's B1 B2 C2 (a bent three)
/// and shares its last two liberties, A1 and C1, with them: the shape of run
/// 249's game 62 on 13x13, which koban counted a seki and lost by 18.5.
/// White's throw-in at C1 kills it (a square four); the playout and tree
/// counts above this layer test against the same board.
#[cfg(test)]
pub(crate) const FALSE_SEKI: [&str; 7] = [
    ".......", //
    ".......", //
    "OOO.O..", //
    "XOOO.O.", //
    "XXXXOO.", //
    "XOOXXO.", //
    ".O.XOO.", //
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::{at, board_from};
    use crate::tactics::is_group_self_atari;

    /// The nakade point next to `last`, as a vertex.
    fn nakade(rows: &[&str], last: &str) -> Option<String> {
        let board = board_from(rows);
        nakade_point(&board, at(&board, last))
            .map(|p| crate::board::vertex::format_point(&board, p))
    }

    #[test]
    fn finds_the_vital_point_of_killable_eye_spaces() {
        // White's straight three A5-A3 (the middle), beside the last stone B4.
        let three = [".O...", ".O...", ".O...", "OO...", "....."];
        assert_eq!(nakade(&three, "B4").as_deref(), Some("A4"));
        // Black's bent three A5, A4, B4 (the corner point A4).
        let bent = [".X...", "..X..", "XX...", ".....", "....."];
        assert_eq!(nakade(&bent, "C4").as_deref(), Some("A4"));
        // The pyramid four A5, A4, B4, A3: its centre A4.
        let pyramid = [".O...", "..O..", ".O...", "O....", "....."];
        assert_eq!(nakade(&pyramid, "C4").as_deref(), Some("A4"));
        // The bulky five A5, B5, A4, B4, A3: the point with three neighbours
        // in the region, A4.
        let bulky = ["..O..", "..O..", ".O...", "O....", "....."];
        assert_eq!(nakade(&bulky, "C5").as_deref(), Some("A4"));
        // The crossed five around C4: its centre.
        let crossed = [
            ".O.O.", //
            "O...O", //
            ".O.O.", //
            "..O..", //
            ".....",
        ];
        assert_eq!(nakade(&crossed, "C2").as_deref(), Some("C4"));
    }

    #[test]
    fn the_playouts_answer_reads_the_region_the_last_stone_borders() {
        let answer = |rows: &[&str], last: &str| {
            let board = board_from(rows);
            nakade_answer(&board, at(&board, last))
                .map(|p| crate::board::vertex::format_point(&board, p))
        };
        // The shapes of the test above, walled in where the last stone had
        // three empty neighbours: the same vital point.
        let shapes: [(&[&str], &str, &str); 5] = [
            (&[".O...", ".O...", ".O...", "OO...", "....."], "B4", "A4"),
            (&[".XX..", "..X..", "XXX..", ".....", "....."], "C4", "A4"),
            (&[".OO..", "..O..", ".OO..", "O....", "....."], "C4", "A4"),
            (&["..O..", "..O..", ".O...", "O....", "....."], "C5", "A4"),
            (&["OO.OO", "O...O", "OO.OO", "OOOOO", "....."], "C2", "C4"),
        ];
        for (rows, last, vital) in shapes {
            assert_eq!(answer(rows, last).as_deref(), Some(vital), "{rows:?}");
            assert_eq!(nakade(rows, last).as_deref(), Some(vital));
        }
        // The bent three A5, A4, B4 touches C5 only diagonally (at B4): the
        // full reading finds it from C5's 3x3 neighbourhood, the answer not.
        let bent = [".XX..", "..X..", "XX...", ".....", "....."];
        assert_eq!(nakade(&bent, "C5").as_deref(), Some("A4"));
        assert_eq!(answer(&bent, "C5"), None);
        // C3 divides two bent threes (A3 B3 A2 and D3 E3 E2): each is read
        // from its own side.
        let split = [".....", "OOOOO", "..O..", ".OOO.", "OO.OO"];
        assert!(matches!(answer(&split, "C3").as_deref(), Some("A3" | "E3")));
        // D1 closes the straight three A1 B1 C1 while keeping E1 outside.
        let closed = [".....", ".....", ".....", "OOOO.", "...O."];
        assert_eq!(answer(&closed, "D1").as_deref(), Some("B1"));
        // C2 closes the crossed five with three empty neighbours: left out.
        let crossed = [".O.O.", "O...O", ".O.O.", "..O..", "....."];
        assert_eq!(nakade(&crossed, "C2").as_deref(), Some("C4"));
        assert_eq!(answer(&crossed, "C2"), None);
        // A region bordered by the other color's stones too, and an open area.
        assert_eq!(
            answer(&[".O...", ".X...", ".O...", "OO...", "....."], "B3"),
            None
        );
        assert_eq!(
            answer(&[".....", ".....", "..O..", ".....", "....."], "C3"),
            None
        );
    }

    #[test]
    fn leaves_eye_spaces_that_live_or_die_anyway() {
        // Straight four: two points make two eyes, so no single vital point.
        let four = [".O...", ".O...", ".O...", ".O...", "O...."];
        assert_eq!(nakade(&four, "B3"), None);
        // The square four is dead whoever moves.
        let square = ["..O..", "..O..", "OO...", ".....", "....."];
        assert_eq!(nakade(&square, "C4"), None);
        // A region both colors touch is no eye space.
        let mixed = [".O...", ".X...", ".O...", "OO...", "....."];
        assert_eq!(nakade(&mixed, "B3"), None);
        // An open area is too big.
        assert_eq!(
            nakade(&[".....", ".....", "..O..", ".....", "....."], "C3"),
            None
        );
    }

    #[test]
    fn nakade_throw_in() {
        // White's chain A3 B3 C3 C2 C1 has only its square four A1 B1 A2 B2
        // left, and Black's A1 A2 are inside it.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X.OX.", //
            "X.OX.", //
        ]);
        let at = |v: &str| crate::board::vertex::parse_point(v, &board).unwrap();
        // B2 or B1 leaves three black stones and White with one liberty, the
        // same one.
        for v in ["B2", "B1"] {
            assert!(is_group_self_atari(&board, Color::Black, at(v)));
            assert!(is_nakade_throw_in(&board, Color::Black, at(v), 3), "{v}");
            assert!(!is_nakade_throw_in(&board, Color::Black, at(v), 2), "{v}");
        }
        // With one black stone inside, a second leaves two liberties.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X.OX.", //
            "..OX.", //
        ]);
        assert!(!is_nakade_throw_in(&board, Color::Black, at("A1"), 3));
        // A self-atari whose last liberty White does not share is none.
        let board = board_from(&[
            ".X.X.", //
            "XXXXX", //
            "OOOX.", //
            "X..X.", //
            "X.OX.", //
        ]);
        assert!(is_group_self_atari(&board, Color::Black, at("B1")));
        assert!(!is_nakade_throw_in(&board, Color::Black, at("B1"), 3));
    }

    #[test]
    fn a_throw_in_of_four_or_more_stones_must_leave_a_shape_that_dies() {
        let at = |board: &Board, v: &str| crate::board::vertex::parse_point(v, board).unwrap();
        // Black's A2 A3 B3 inside White's chain, which Black's outer wall
        // encloses; the two share A1 and B2. B2 makes the square A2 B2 A3 B3,
        // whose capture leaves White a square four.
        let board = board_from(&[
            "XXXX.", //
            "OOOX.", //
            "XXOX.", //
            "X.OX.", //
            ".OOX.", //
        ]);
        assert!(is_nakade_throw_in(
            &board,
            Color::Black,
            at(&board, "B2"),
            6
        ));
        assert!(!is_nakade_throw_in(
            &board,
            Color::Black,
            at(&board, "B2"),
            3
        ));
        // Black's A2 A3 A4 share A1 and A5 with White's B column: either makes
        // a straight four, which lives once captured.
        let board = board_from(&[
            ".OX..", //
            "XOX..", //
            "XOX..", //
            "XOX..", //
            ".OX..", //
        ]);
        for v in ["A1", "A5"] {
            assert!(
                is_group_self_atari(&board, Color::Black, at(&board, v)),
                "{v}"
            );
            assert!(
                !is_nakade_throw_in(&board, Color::Black, at(&board, v), 6),
                "{v}"
            );
        }
        // Black's A3 A4 A5 share B3 and B5 with White: B5 makes the bent four
        // in the corner (its bend A5 is the corner), which dies; B3 bends it
        // at A3, which lives.
        let board = board_from(&[
            "X.OX.", //
            "XOOX.", //
            "X.OX.", //
            "OOOX.", //
            "XXXX.", //
        ]);
        assert!(is_nakade_throw_in(
            &board,
            Color::Black,
            at(&board, "B5"),
            6
        ));
        assert!(is_group_self_atari(&board, Color::Black, at(&board, "B3")));
        assert!(!is_nakade_throw_in(
            &board,
            Color::Black,
            at(&board, "B3"),
            6
        ));
    }

    #[test]
    fn a_throw_in_that_leaves_a_square_four_kills_the_group_around_it() {
        let board = board_from(&FALSE_SEKI);
        let mut scratch = board.clone();
        // White's C1 makes a square four in atari; Black must capture at A1,
        // and the square four it leaves is one eye.
        let mut victims = PointSet::<4>::default();
        assert!(throw_in_kill(
            &board,
            Color::White,
            at(&board, "C1"),
            &mut scratch,
            &mut victims
        ));
        assert_eq!(victims.as_slice(), &[board.chain_head(at(&board, "D1"))]);
        // A1 makes a zigzag four, which lives once captured; Black's fills
        // join its nine stones, too many to be thrown in.
        for (color, v) in [
            (Color::White, "A1"),
            (Color::Black, "A1"),
            (Color::Black, "C1"),
        ] {
            let mut victims = PointSet::<4>::default();
            assert!(
                !throw_in_kill(&board, color, at(&board, v), &mut scratch, &mut victims),
                "{color:?} {v}"
            );
            assert!(victims.is_empty());
        }
        // With D4 empty the group has a liberty outside: no throw-in.
        let mut open = FALSE_SEKI;
        open[3] = "XOO..O.";
        let board = board_from(&open);
        let mut victims = PointSet::<4>::default();
        assert!(!throw_in_kill(
            &board,
            Color::White,
            at(&board, "C1"),
            &mut scratch,
            &mut victims
        ));
    }
}
