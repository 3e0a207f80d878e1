//! The playouts' count with the chains a throw-in kills taken off
//! (`score_throw_in_kills_13`, on by default on 13x13), on the real player.

use super::{game_from, genmove, no_book, player_with, pt};
use crate::board::Color;
use crate::rules::Rules;

/// Run 249's game 62 (`data/games/pachi13-1s-race/part-0-62.sgf`) before
/// move 147, Black to play. Black's nine stones A4-E2 hold White's B1 B2 C2
/// and share their last two liberties, A1 and C1: White's throw-in at C1
/// makes a square four that Black must capture, and what it leaves is one
/// eye. koban rated the position 0.999 for Black, passed two moves later,
/// and lost the count by 18.5 (GNU Go's, and koban's own `final_score`).
const FALSE_SEKI: [&str; 13] = [
    "...XXXOO.O.O.", //
    "X.X.XOOOOOO.O", //
    ".X.XOOOO.O.OO", //
    "...XXO.OOOOXO", //
    "XX...XOOOXXXX", //
    "OX.X.XO.OOX..", //
    "OXXXXXOOXX.XX", //
    "OOXOOOOOXX.XX", //
    "OOO.O.OXXX.XX", //
    "XOOO.OOOOXX.X", //
    "XXXXOO.OX.XX.", //
    "XOOXXOOOXXX..", //
    ".O.XOO.OOX..X", //
];

#[test]
fn the_count_takes_off_a_group_a_throw_in_kills() {
    let game = game_from(&FALSE_SEKI, 7.5, Rules::default());
    let search = |on: &str| {
        let mut p = player_with(1, 1, no_book().with("score_throw_in_kills_13", on));
        genmove(&mut p, &game, Color::Black, 3000);
        let report = p.last_report().unwrap();
        let a2 = report.stats.black_ownership(pt(&game, "A2"));
        (report.moves[0].winrate, a2)
    };
    let (winrate, a2) = search("1");
    assert!(
        winrate < 0.2 && a2 < 0.2,
        "on: Black's win rate {winrate}, A2 Black's in {a2}"
    );
    // The same search without it: the playouts never throw in four stones,
    // so they count the group alive and Black far ahead.
    let (winrate, a2) = search("0");
    assert!(
        winrate > 0.8 && a2 > 0.8,
        "off: Black's win rate {winrate}, A2 Black's in {a2}"
    );
}
