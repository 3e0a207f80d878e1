//! The numbers' forms in analysis lines: Leela Zero's integer rates, KataGo's
//! floats, and the ownership map
//! (`kata-analyze ... ownership true`), for the player the analysis is for,
//! row by row from the top left as KataGo's docs/GTP_Extensions.md lays it
//! out.

use crate::board::Board;
use crate::player::Analysis;

/// A win rate or share (0..1) as Leela Zero prints it: an integer 0..10000.
fn per_10000(x: f64) -> u32 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// A win rate or share in the dialect's form: KataGo's float, or Leela
/// Zero's integer 0..10000.
pub(super) fn rate(x: f64, float: bool) -> String {
    if float {
        format!("{:.6}", x.clamp(0.0, 1.0))
    } else {
        per_10000(x).to_string()
    }
}

/// Ownership as KataGo writes it, row by row from the top left (A19 on
/// 19x19) to the bottom right: Black's times `sign` (1 for Black's view, -1
/// for White's; `kata-analyze` gives the player to move's), 0 where the
/// search measured nothing, never -0.
pub(crate) fn ownership_rows(board: &Board, analysis: &Analysis, sign: f64) -> Vec<f64> {
    let mut black = vec![0.0; crate::board::MAX_POINTS];
    for &(p, o) in &analysis.ownership {
        black[p.idx()] = o;
    }
    let size = board.size();
    (0..size)
        .rev()
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .map(|(x, y)| sign * black[board.point(x, y).idx()] + 0.0)
        .collect()
}
