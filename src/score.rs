//! Counting a position: area (stones + surrounded empty regions) and territory
//! (surrounded empty regions + prisoners), and the GTP result string.
//!
//! An empty region counts for a colour when every stone bordering it has that
//! colour; regions bordered by both colours (dame, seki) count for nobody. Which
//! stones are dead is decided elsewhere ([`crate::status`]); these functions count
//! what they are given. Under territory scoring the eyes of a seki are nobody's
//! either: [`seki_territory`] is what to take off again.

use crate::board::{Board, Color, Point};

/// Points per colour: `[black, white]`.
pub type Points = [f64; 2];

/// Owner of each empty region of `board`, as a per-point map (`None` for stones
/// and neutral points), plus the size of each owner's area.
pub fn empty_region_owners(board: &Board) -> Vec<(Point, Option<Color>)> {
    let mut owners = Vec::new();
    let mut seen = vec![false; crate::board::MAX_POINTS];
    for start in board.points() {
        if !board.is_empty(start) || seen[start.idx()] {
            continue;
        }
        let mut region = vec![start];
        seen[start.idx()] = true;
        let mut borders = [false; 2];
        let mut i = 0;
        while i < region.len() {
            for q in board.neighbours(region[i]) {
                match board.stone(q) {
                    Some(c) => borders[c.index()] = true,
                    None if board.is_on_board(q) && !seen[q.idx()] => {
                        seen[q.idx()] = true;
                        region.push(q);
                    }
                    None => {}
                }
            }
            i += 1;
        }
        let owner = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        owners.extend(region.into_iter().map(|p| (p, owner)));
    }
    owners
}

/// Under territory scoring, points in seki are nobody's: for each colour, the
/// size of the empty regions it alone borders that touch a stone marked in
/// `seki` (per point index). [`territory`] counted them; the caller takes them
/// off again.
pub fn seki_territory(board: &Board, seki: &[bool]) -> Points {
    let mut points = [0.0; 2];
    let mut seen = vec![false; crate::board::MAX_POINTS];
    for start in board.points() {
        if !board.is_empty(start) || seen[start.idx()] {
            continue;
        }
        let mut region = vec![start];
        seen[start.idx()] = true;
        let mut borders = [false; 2];
        let mut touches_seki = false;
        let mut i = 0;
        while i < region.len() {
            for q in board.neighbours(region[i]) {
                match board.stone(q) {
                    Some(c) => {
                        borders[c.index()] = true;
                        touches_seki |= seki[q.idx()];
                    }
                    None if board.is_on_board(q) && !seen[q.idx()] => {
                        seen[q.idx()] = true;
                        region.push(q);
                    }
                    None => {}
                }
            }
            i += 1;
        }
        if touches_seki {
            match borders {
                [true, false] => points[0] += region.len() as f64,
                [false, true] => points[1] += region.len() as f64,
                _ => {}
            }
        }
    }
    points
}

fn territory_points(board: &Board) -> Points {
    let mut points = [0.0; 2];
    for (_, owner) in empty_region_owners(board) {
        if let Some(c) = owner {
            points[c.index()] += 1.0;
        }
    }
    points
}

/// Stones on the board plus empty regions surrounded by one colour.
pub fn area(board: &Board) -> Points {
    let mut points = territory_points(board);
    for c in Color::BOTH {
        points[c.index()] += board.stone_count(c) as f64;
    }
    points
}

/// Surrounded empty regions plus prisoners taken.
pub fn territory(board: &Board) -> Points {
    let mut points = territory_points(board);
    for c in Color::BOTH {
        points[c.index()] += board.prisoners(c) as f64;
    }
    points
}

/// `B+3.5`, `W+0.5` or `0` for Black's points minus White's (komi included).
pub fn result_string(black_minus_white: f64) -> String {
    if black_minus_white > 0.0 {
        format!("B+{black_minus_white}")
    } else if black_minus_white < 0.0 {
        format!("W+{}", -black_minus_white)
    } else {
        "0".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_regions_and_formats() {
        let mut b = Board::new(5);
        // A black wall on column B and a white wall on column D; C is dame.
        for y in 0..5 {
            let (pb, pw) = (b.point(1, y), b.point(3, y));
            b.set_cell(pb, Some(Color::Black));
            b.set_cell(pw, Some(Color::White));
        }
        assert_eq!(area(&b), [10.0, 10.0]);
        assert_eq!(territory(&b), [5.0, 5.0]);
        assert_eq!(result_string(2.5), "B+2.5");
        assert_eq!(result_string(-0.5), "W+0.5");
        assert_eq!(result_string(0.0), "0");
        assert_eq!(result_string(-7.0), "W+7");
    }

    #[test]
    fn seki_territory_is_the_regions_touching_seki_stones() {
        // Black: A1 eye next to the (pretend) seki chain A2 B2 B1; C1 is shared
        // with White's C2, which is not marked.
        let mut b = Board::new(3);
        for (x, y, c) in [
            (0, 1, Color::Black),
            (1, 1, Color::Black),
            (1, 0, Color::Black),
            (2, 1, Color::White),
            (0, 2, Color::White),
            (1, 2, Color::White),
        ] {
            let p = b.point(x, y);
            b.set_cell(p, Some(c));
        }
        let mut seki = vec![false; crate::board::MAX_POINTS];
        for (x, y) in [(0, 1), (1, 1), (1, 0)] {
            seki[b.point(x, y).idx()] = true;
        }
        // A1 (Black's alone) counts; C1 borders both colours, and C3 is White's
        // but touches no seki stone.
        assert_eq!(seki_territory(&b, &seki), [1.0, 0.0]);
        assert_eq!(
            seki_territory(&b, &[false; crate::board::MAX_POINTS]),
            [0.0, 0.0]
        );
    }
}
