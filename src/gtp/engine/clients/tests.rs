//! Tests of the analysis clients' commands: the info lines, the GoGui
//! views and live frames, and the real search behind them.

use super::*;
use crate::player::Candidate;

fn candidate(board: &Board, name: &str, visits: u32, winrate: f64, pv: &[&str]) -> Candidate {
    let mv = |n: &str| {
        crate::gtp::vertex::Vertex::parse(n)
            .unwrap()
            .to_move(board)
            .unwrap()
    };
    Candidate {
        mv: mv(name),
        visits,
        winrate,
        prior: 0.25,
        lcb: winrate * 0.9,
        score_lead: None,
        pv: pv.iter().map(|&n| mv(n)).collect(),
    }
}

#[test]
fn info_lines_follow_leela_zero() {
    let board = Board::new(19);
    let mut analysis = Analysis::empty(Color::Black);
    assert_eq!(info_line(&board, &analysis, &AnalyzeArgs::default()), None);
    // 17 visits are a 1/50th of 836, 16 are not.
    analysis.candidates = vec![
        candidate(&board, "D4", 836, 0.46557, &["D4", "Q16", "D16"]),
        candidate(&board, "pass", 17, 0.1, &["pass"]),
        candidate(&board, "K10", 16, 0.9, &["K10"]),
        candidate(&board, "Q4", 0, 0.5, &["Q4"]),
    ];
    assert_eq!(
        info_line(&board, &analysis, &AnalyzeArgs::default()).unwrap(),
        "info move D4 visits 836 winrate 4656 prior 2500 lcb 4190 order 0 pv D4 Q16 D16 \
         info move pass visits 17 winrate 1000 prior 2500 lcb 900 order 1 pv pass"
    );
    let one = AnalyzeArgs {
        max_moves: Some(1),
        ..AnalyzeArgs::default()
    };
    assert!(!info_line(&board, &analysis, &one).unwrap().contains("pass"));
    let all = AnalyzeArgs {
        min_moves: 4,
        ..AnalyzeArgs::default()
    };
    assert!(
        info_line(&board, &analysis, &all)
            .unwrap()
            .ends_with("info move Q4 visits 0 winrate 5000 prior 2500 lcb 4500 order 3 pv Q4")
    );
}

#[test]
fn the_win_rates_view_squares_the_best_move_and_leaves_out_noise() {
    let board = Board::new(19);
    let mut analysis = Analysis::empty(Color::Black);
    assert_eq!(
        move_stats_view(&board, &analysis, GfxView::WinRates, "Black"),
        "TEXT no move statistics: nothing was searched"
    );
    // M13's 58% and D11's 56% come from 9 and 12 visits: below a tenth of
    // D3's 130, they are left out of the win rates, not of the visits.
    analysis.visits = 300;
    analysis.candidates = vec![
        candidate(&board, "D3", 130, 0.48, &["D3"]),
        candidate(&board, "Q16", 13, 0.47, &["Q16"]),
        candidate(&board, "D11", 12, 0.56, &["D11"]),
        candidate(&board, "M13", 9, 0.58, &["M13"]),
        candidate(&board, "pass", 2, 0.01, &["pass"]),
        candidate(&board, "A1", 0, 0.5, &["A1"]),
    ];
    assert_eq!(
        move_stats_view(&board, &analysis, GfxView::WinRates, "Black"),
        "LABEL D3 48 Q16 47\nSQUARE D3\n\
         TEXT Black to play: best D3 48.0% (130 visits), pass 1.0% (2 visits), \
         300 simulations; shown: moves with 13+ visits"
    );
    assert_eq!(
        move_stats_view(&board, &analysis, GfxView::Visits, "Black"),
        "LABEL D3 130 Q16 13 D11 12 M13 9\nSQUARE D3\n\
         TEXT Black to play: best D3 48.0% (130 visits), pass 1.0% (2 visits), \
         300 simulations; shown: moves with 3+ visits"
    );
}

/// The real search on an empty 19x19 board spreads visits over every
/// move: the views and lines must keep the moves with a share of them.
#[test]
fn the_real_search_shows_only_moves_with_a_share_of_the_visits() {
    use crate::mcts::{MctsConfig, MctsPlayer};
    use crate::player::Player;
    let game = crate::game::Game::new(19, crate::rules::Rules::default());
    let mut player = MctsPlayer::new(MctsConfig {
        threads: 1,
        seed: Some(3),
        resign_threshold: None,
        ..MctsConfig::default()
    });
    let budget = Budget {
        playouts: Some(3000),
        time: None,
        stop_early: false,
        soft_time: None,
        unclear_time: None,
    };
    let analysis = player.evaluate(&game, Color::Black, &budget);
    let board = game.board();
    let best = &analysis.candidates[0];
    let visited: Vec<&Candidate> = analysis
        .candidates
        .iter()
        .filter(|c| c.visits > 0 && c.mv != Move::Pass)
        .collect();

    let view = move_stats_view(board, &analysis, GfxView::WinRates, "Black");
    let lines: Vec<&str> = view.lines().collect();
    let labels: Vec<&str> = lines[0]
        .strip_prefix("LABEL ")
        .unwrap()
        .split(' ')
        .step_by(2)
        .collect();
    let floor = share_floor(best.visits, WINRATE_VIEW_SHARE_OF_BEST);
    for c in &visited {
        let name = format_move(board, c.mv);
        assert_eq!(
            labels.contains(&name.as_str()),
            c.visits >= floor,
            "{name}: {} visits, floor {floor}",
            c.visits
        );
    }
    assert!(
        visited.iter().any(|c| c.visits < floor),
        "nothing to leave out: {visited:?}"
    );
    assert_eq!(lines[1], format!("SQUARE {}", format_move(board, best.mv)));
    assert!(lines[2].ends_with(&format!("shown: moves with {floor}+ visits")));

    let line = info_line(board, &analysis, &AnalyzeArgs::default()).unwrap();
    let listed: Vec<u32> = line
        .split("info move ")
        .skip(1)
        .map(|g| g.split(' ').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(listed[0], best.visits);
    assert!(
        listed
            .iter()
            .all(|&v| v * INFO_SHARE_OF_BEST >= best.visits)
    );
    let qualifying = analysis
        .candidates
        .iter()
        .filter(|c| has_share(c.visits, best.visits, INFO_SHARE_OF_BEST))
        .count();
    assert_eq!(listed.len(), qualifying);
    assert!(
        listed.len() < visited.len(),
        "{} of {} visited moves listed",
        listed.len(),
        visited.len()
    );
}

#[test]
fn live_gfx_frames_follow_gogui() {
    let board = Board::new(19);
    let mut analysis = Analysis::empty(Color::Black);
    assert_eq!(live_gfx_frame(&board, &analysis), None);
    analysis.visits = 2000;
    analysis.candidates = vec![
        candidate(&board, "D4", 1234, 0.523, &["D4", "Q16"]),
        candidate(&board, "pass", 12, 0.1, &["pass"]),
        candidate(&board, "Q4", 0, 0.5, &["Q4"]),
    ];
    assert_eq!(
        live_gfx_frame(&board, &analysis).unwrap(),
        "gogui-gfx:\nLABEL D4 1.2k\nSQUARE D4\nTEXT D4 52.3% after 2000 simulations: D4 Q16\n\n"
    );
}

#[test]
fn counts_fit_a_board_label() {
    for (n, s) in [
        (0, "0"),
        (845, "845"),
        (999, "999"),
        (1000, "1.0k"),
        (1234, "1.2k"),
        (9949, "9.9k"),
        (9950, "10k"),
        (123_456, "123k"),
        (999_499, "999k"),
        (999_500, "1.0M"),
        (3_400_000, "3.4M"),
        (12_000_000, "12M"),
    ] {
        assert_eq!(compact_count(n), s, "{n}");
        assert!(s.len() <= 4);
    }
}

#[test]
fn analyze_commands_are_well_formed_for_gogui() {
    for line in GOGUI_ANALYZE_COMMANDS {
        let parts: Vec<&str> = line.split('/').collect();
        assert_eq!(parts.len(), 3, "{line}");
        let known = [
            "none", "string", "hstring", "gfx", "param", "plist", "pspairs", "var", "varc",
        ];
        assert!(known.contains(&parts[0]), "{line}");
        let name = parts[2].split(' ').next().unwrap();
        assert!(
            crate::gtp::command::COMMANDS.contains(&name),
            "{name} is not listed"
        );
    }
}
