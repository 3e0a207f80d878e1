//! Counting a position: area (stones + surrounded empty regions) and territory
//! (surrounded empty regions + prisoners), and the GTP result string.
//!
//! An empty region counts for a color when every stone bordering it has that
//! color; regions bordered by both colors (dame, seki) count for nobody. Which
//! stones are dead is decided elsewhere ([`crate::status`]); these functions count
//! what they are given. Under territory scoring the eyes of a seki are nobody's
//! either: [`seki_territory`] is what to take off again.

use crate::board::{Board, Color, Point};

/// Points per color: `[black, white]`.
pub(crate) type Points = [f64; 2];

/// Calls `visit` once per empty region of `board` (a maximal set of connected
/// empty points) with its points and the stones that border it.
fn for_each_empty_region(board: &Board, mut visit: impl FnMut(&[Point], &[Point])) {
    let mut seen = vec![false; crate::board::MAX_POINTS];
    let mut region = Vec::new();
    let mut border = Vec::new();
    for start in board.points() {
        if !board.is_empty(start) || seen[start.idx()] {
            continue;
        }
        region.clear();
        border.clear();
        region.push(start);
        seen[start.idx()] = true;
        let mut i = 0;
        while i < region.len() {
            for q in board.neighbours(region[i]) {
                if board.stone(q).is_some() {
                    border.push(q);
                } else if board.is_on_board(q) && !seen[q.idx()] {
                    seen[q.idx()] = true;
                    region.push(q);
                }
            }
            i += 1;
        }
        visit(&region, &border);
    }
}

/// The color of every bordering stone, if they all have one color.
fn sole_border_color(board: &Board, border: &[Point]) -> Option<Color> {
    let mut colors = border.iter().filter_map(|&q| board.stone(q));
    let first = colors.next()?;
    colors.all(|c| c == first).then_some(first)
}

/// Owner of each empty point of `board`: the color that alone borders its
/// region, or `None` for neutral points (dame, shared liberties).
pub(crate) fn empty_region_owners(board: &Board) -> Vec<(Point, Option<Color>)> {
    let mut owners = Vec::new();
    for_each_empty_region(board, |region, border| {
        let owner = sole_border_color(board, border);
        owners.extend(region.iter().map(|&p| (p, owner)));
    });
    owners
}

/// Under territory scoring, points in seki are nobody's: for each color, the
/// size of the empty regions it alone borders that touch a stone marked in
/// `seki` (per point index). [`territory`] counted them; the caller takes them
/// off again.
pub(crate) fn seki_territory(board: &Board, seki: &[bool]) -> Points {
    let mut points = [0.0; 2];
    for_each_empty_region(board, |region, border| {
        if border.iter().any(|q| seki[q.idx()])
            && let Some(c) = sole_border_color(board, border)
        {
            points[c.index()] += region.len() as f64;
        }
    });
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

/// Stones on the board plus empty regions surrounded by one color.
pub(crate) fn area(board: &Board) -> Points {
    let mut points = territory_points(board);
    for c in Color::BOTH {
        points[c.index()] += board.stone_count(c) as f64;
    }
    points
}

/// Surrounded empty regions plus prisoners taken.
pub(crate) fn territory(board: &Board) -> Points {
    let mut points = territory_points(board);
    for c in Color::BOTH {
        points[c.index()] += board.prisoners(c) as f64;
    }
    points
}

/// `B+3.5`, `W+0.5` or `0` for Black's points minus White's (komi included).
pub(crate) fn result_string(black_minus_white: f64) -> String {
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
        // A1 (Black's alone) counts; C1 borders both colors, and C3 is White's
        // but touches no seki stone.
        assert_eq!(seki_territory(&b, &seki), [1.0, 0.0]);
        assert_eq!(
            seki_territory(&b, &[false; crate::board::MAX_POINTS]),
            [0.0, 0.0]
        );
    }
}
