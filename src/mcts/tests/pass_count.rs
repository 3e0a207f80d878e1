//! The pass that ends the game, counted as the referee counts it: the root's
//! pass child and the pass rule take the status estimate's dead stones off
//! (`estimated_pass_margin`), on the real player.

use super::{game_from, genmove, no_book, player_with, pt};
use crate::board::{Color, Move};
use crate::mcts::player::estimated_pass_margin;
use crate::player::Decision;
use crate::rules::Rules;

/// Run 220's game 17 (`data/games/pachi13-1s-defaults/part-0-17.sgf`) after
/// Black's pass at move 171, White (koban) to play. Every stone alive, White
/// wins; with the dead stones off (Black's B1, C2 and D2, White's 13 stones
/// in the top left), Black wins by 21.5, as GNU Go counted and koban's own
/// `final_score` does. koban passed and lost; it plays on now (L12).
const PASSED: [&str; 13] = [
    "OOOOOXX.XXO..", //
    "..OXX.XXXO.OO", //
    "..OOXX.XOOOOO", //
    "OOOOX.XOOOOOO", //
    "XOXXXXXXO.OO.", //
    "XXXOOX.XXOOOO", //
    "XXOOX.X.XXXOX", //
    "XXOXXXXXOOOOX", //
    "XOOXOXXXXXOXX", //
    "OO.OOOXX.XX.X", //
    "OOOOOOOOXX.X.", //
    "OOXXOO.OXXX.X", //
    ".XO.O.OXXX.X.", //
];

#[test]
fn a_pass_after_the_opponents_counts_the_dead_stones_off() {
    let mut game = game_from(&PASSED, 7.5, Rules::default());
    game.play(Color::Black, Move::Pass).unwrap();
    let mut after = game.clone();
    after.play(Color::White, Move::Pass).unwrap();
    assert!(after.final_margin() < 0.0, "every stone alive, White wins");
    let mut p = player_with(1, 1, no_book());
    let decision = genmove(&mut p, &game, Color::White, 5_000);
    let report = p.last_report().unwrap();
    let pass = report.moves.iter().find(|m| m.mv == Move::Pass).unwrap();
    let margin = report.pass_margin.unwrap();
    assert!(margin > 0.0, "the estimate: Black wins by {margin}");
    // Scored by the estimate, the pass is a loss for White, where every
    // stone alive made it a certain win that took every visit.
    assert_eq!(pass.winrate, 0.0, "{:?}", report.moves);
    let best = &report.moves[0];
    assert!(best.mv != Move::Pass && best.winrate > 0.2, "{best:?}");
    assert_eq!(decision, Decision::Play(best.mv));
}

#[test]
fn the_estimate_counts_only_the_first_pass_in_a_row() {
    let mut game = game_from(&PASSED, 7.5, Rules::default());
    assert_eq!(estimated_pass_margin(&game, Color::White), None, "no pass");
    game.play(Color::Black, Move::Pass).unwrap();
    let margin = estimated_pass_margin(&game, Color::White).unwrap();
    assert_eq!(margin, 21.5);
    // White plays on, Black passes again: the pass rule counts as before.
    game.play(Color::White, Move::Play(pt(&game, "L12")))
        .unwrap();
    game.play(Color::Black, Move::Pass).unwrap();
    assert_eq!(estimated_pass_margin(&game, Color::White), None);
    // Where nothing comes off at the count, there is nothing to estimate.
    let mut tt = game_from(&PASSED, 7.5, crate::rules::Preset::TrompTaylor.rules());
    tt.play(Color::Black, Move::Pass).unwrap();
    assert_eq!(estimated_pass_margin(&tt, Color::White), None);
}
