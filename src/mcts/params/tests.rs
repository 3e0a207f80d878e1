//! Tests of the parameter table: names, bounds, types and the per-size
//! resolution.

use super::*;

/// The names `--param` took before the parameters were typed.
const OLD_NAMES: [&str; 44] = [
    "rave_equiv",
    "rave_playout_fraction",
    "rave_distance_weight",
    "rave_distance_weight_large",
    "rave_bias_fit",
    "rave_bias_noise",
    "uct_exploration",
    "prior_even",
    "prior_eye_fill",
    "prior_atari",
    "prior_ladder",
    "prior_two_liberty",
    "prior_two_liberty_defence",
    "prior_self_atari",
    "prior_pattern",
    "prior_pattern_either_colour",
    "prior_cfg1",
    "prior_cfg2",
    "prior_cfg3",
    "prior_lines",
    "prior_shapes",
    "prior_shapes_large",
    "prior_ratings",
    "prior_ratings_large",
    "score_bonus",
    "dynkomi_per_stone",
    "dynkomi_moves_per_point",
    "heavy_tactics_prob",
    "heavy_two_liberty_prob",
    "heavy_two_liberty_prob_large",
    "heavy_pattern_prob",
    "heavy_pattern_either_colour",
    "heavy_pattern_own_last",
    "heavy_pattern_own_last_large",
    "heavy_learned_shapes",
    "heavy_learned_threshold",
    "heavy_capture_anywhere_prob",
    "heavy_nakade_prob",
    "heavy_fill_board_tries",
    "heavy_self_atari_stones",
    "heavy_single_self_atari_reject",
    "playout_last_good_reply",
    "heavy_ladder_check",
    "heavy_nakade_throw_in",
];

/// The rows added since the parameters were typed.
const NEW_NAMES: [&str; 23] = [
    "heavy_ko_fight_prob",
    "heavy_ko_fight_prob_large",
    "expand_visits",
    "rave_prior_real_only",
    "rave_prior_real_only_large",
    "opening_book",
    "time_keep_for_unclear",
    "heavy_self_atari_judge",
    "heavy_throw_in",
    "heavy_last_good_reply",
    "heavy_race_prob",
    "heavy_ladder_check_large",
    "heavy_race_prob_large",
    "score_throw_in_kills",
    "score_throw_in_kills_13",
    "score_throw_in_kills_large",
    "crit_rave",
    "crit_min_visits",
    "prune_ladders",
    "heavy_nakade_prob_13",
    "heavy_nakade_prob_large",
    "prune_open_edge_13",
    "prune_open_edge_large",
];

#[test]
fn every_row_has_a_unique_name_a_doc_and_a_default_its_own_checks_accept() {
    let mut names: Vec<_> = TABLE.iter().map(|p| p.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), TABLE.len());
    for param in TABLE {
        assert!(param.doc.len() > 20, "{}", param.name);
        let mut t = Tunables::default();
        t.set(param.name, param.default).unwrap();
        assert_eq!(t, Tunables::default(), "{}", param.name);
    }
    // Every surviving old name is still a row (the removed ones are named
    // in docs/strength-log.md), and the rest are the rows added since.
    let kept = OLD_NAMES.iter().filter(|n| names.contains(n)).count();
    assert_eq!(kept + NEW_NAMES.len(), TABLE.len());
    assert!(NEW_NAMES.iter().all(|n| names.contains(n)));
}

#[test]
fn values_are_checked_by_their_type_and_a_refused_one_changes_nothing() {
    let mut t = Tunables::default();
    let refused = [
        ("heavy_ladder_check", "0.7"),
        ("heavy_ladder_check", "2"),
        ("heavy_self_atari_stones", "2.5"),
        ("heavy_self_atari_stones", "0"),
        ("heavy_tactics_prob", "1.5"),
        ("heavy_tactics_prob", "-0.1"),
        ("heavy_self_atari_judge", "2"),
        ("heavy_self_atari_judge", "-0.5"),
        ("prior_even", "-5"),
        ("rave_equiv", "inf"),
        ("rave_equiv", "NaN"),
        ("rave_equiv", "abc"),
        ("rave_equiv", "0"),
    ];
    for (name, value) in refused {
        let e = t.set(name, value).unwrap_err();
        assert!(e.to_string().contains(name), "{e}");
        assert_eq!(t, Tunables::default(), "{name}={value}");
    }
    assert!(matches!(
        t.set("heavy_ladder_check", "0.7"),
        Err(ParamError::NotASwitch { .. })
    ));
    assert!(matches!(
        t.set("heavy_tactics_prob", "1.5"),
        Err(ParamError::OutOfRange { .. })
    ));
    assert!(matches!(
        t.set("heavy_self_atari_stones", "2.5"),
        Err(ParamError::NotACount { .. })
    ));
    assert_eq!(
        t.set("no_such", "1"),
        Err(ParamError::Unknown("no_such".into()))
    );
    assert_eq!(
        t.set_assignment("rave_equiv"),
        Err(ParamError::NotAnAssignment("rave_equiv".into()))
    );
    let e: Box<dyn std::error::Error> = Box::new(ParamError::Unknown("x".into()));
    assert!(e.to_string().contains("rave_equiv"), "lists the names");
    // The old float spellings of switches and counts still work.
    t.set_assignment("heavy_ladder_check=0").unwrap();
    t.set_assignment("heavy_self_atari_stones = 3.0").unwrap();
    let p = &t.for_board(9).playout;
    assert!(!p.ladder_check);
    assert_eq!(p.self_atari_stones, 3);
}

#[test]
fn each_band_of_sizes_takes_its_own_values_and_the_rest_are_shared() {
    let t = Tunables::default();
    for size in [5, 9, 11] {
        let p = t.for_board(size);
        assert_eq!(p.search.rave_distance_weight, 3);
        assert_eq!(p.prior.ratings, 210.0);
        assert_eq!(p.prior.lines, 0.0, "the line heuristic is for large boards");
        assert!(p.playout.pattern_own_last);
    }
    // 13x13 to 15x15 share the small boards' five measured values and the
    // large boards' rest (the line heuristic).
    for size in [13, 15] {
        let p = t.for_board(size);
        assert_eq!(p.search.rave_distance_weight, 3);
        assert!(p.search.rave_prior_real_only);
        assert_eq!(p.playout.two_liberty_prob, 0.25);
        assert_eq!(p.playout.ko_fight_prob, 0.4);
        assert!(p.playout.pattern_own_last);
        assert_eq!(p.prior.ratings, 210.0);
        assert_eq!(p.prior.lines, 14.0);
        assert!(!p.prior.prune_open_edge);
    }
    for size in [16, 19, 25] {
        let p = t.for_board(size);
        assert_eq!(p.search.rave_distance_weight, 0);
        assert!(!p.search.rave_prior_real_only);
        // The 13x13 playouts since run 274, but RAVE as it was measured.
        assert_eq!(p.playout.two_liberty_prob, 0.25);
        assert_eq!(p.playout.ko_fight_prob, 0.4);
        assert!(p.playout.pattern_own_last);
        assert_eq!(p.prior.ratings, 210.0);
        assert_eq!(p.prior.lines, 14.0);
        assert!(p.prior.prune_open_edge);
    }
    // A name without `_large` sets small boards only when it has a twin,
    // every size when it has none.
    let t = Tunables::default()
        .with("heavy_two_liberty_prob", "0.5")
        .with("heavy_tactics_prob", "0.5")
        .with("heavy_pattern_own_last_large", "0");
    assert_eq!(t.for_board(9).playout.two_liberty_prob, 0.5);
    assert_eq!(t.for_board(13).playout.two_liberty_prob, 0.5);
    assert_eq!(t.for_board(19).playout.two_liberty_prob, 0.25);
    assert_eq!(t.for_board(19).playout.tactics_prob, 0.5);
    assert!(t.for_board(13).playout.pattern_own_last);
    assert!(!t.for_board(19).playout.pattern_own_last);
}

#[test]
fn the_playouts_read_ladders_on_every_size() {
    let mut t = Tunables::default();
    assert!(t.for_board(9).playout.ladder_check);
    assert!(t.for_board(13).playout.ladder_check);
    assert!(t.for_board(19).playout.ladder_check);
    // Each band keeps its own value.
    t.set("heavy_ladder_check_large", "0").unwrap();
    assert!(t.for_board(13).playout.ladder_check);
    assert!(!t.for_board(19).playout.ladder_check);
    t.set("heavy_ladder_check", "0").unwrap();
    t.set("heavy_ladder_check_large", "1").unwrap();
    assert!(!t.for_board(13).playout.ladder_check);
    assert!(t.for_board(19).playout.ladder_check);
}

#[test]
fn the_playouts_play_out_races_from_13x13_up() {
    let mut t = Tunables::default();
    assert_eq!(t.for_board(9).playout.race_prob, 0.0);
    assert_eq!(t.for_board(13).playout.race_prob, 1.0);
    assert_eq!(t.for_board(19).playout.race_prob, 1.0);
    t.set("heavy_race_prob", "0.5").unwrap();
    t.set("heavy_race_prob_large", "0").unwrap();
    assert_eq!(t.for_board(9).playout.race_prob, 0.5);
    assert_eq!(t.for_board(13).playout.race_prob, 0.0);
    assert_eq!(t.for_board(19).playout.race_prob, 0.0);
}

#[test]
fn the_playouts_play_the_nakade_point_from_13x13_up() {
    let mut t = Tunables::default();
    assert_eq!(t.for_board(9).playout.nakade_prob, 0.0);
    assert_eq!(t.for_board(13).playout.nakade_prob, 0.8);
    assert_eq!(t.for_board(15).playout.nakade_prob, 0.8);
    assert_eq!(t.for_board(19).playout.nakade_prob, 0.8);
    t.set("heavy_nakade_prob", "0.5").unwrap();
    t.set("heavy_nakade_prob_13", "0").unwrap();
    t.set("heavy_nakade_prob_large", "1").unwrap();
    assert_eq!(t.for_board(9).playout.nakade_prob, 0.5);
    assert_eq!(t.for_board(13).playout.nakade_prob, 0.0);
    assert_eq!(t.for_board(19).playout.nakade_prob, 1.0);
}

#[test]
fn the_playout_count_takes_off_throw_in_kills_from_13x13_up() {
    let mut t = Tunables::default();
    assert!(!t.for_board(9).search.score_throw_in_kills);
    assert!(t.for_board(13).search.score_throw_in_kills);
    assert!(t.for_board(15).search.score_throw_in_kills);
    assert!(t.for_board(19).search.score_throw_in_kills);
    t.set("score_throw_in_kills_large", "0").unwrap();
    assert!(!t.for_board(19).search.score_throw_in_kills);
    t.set("score_throw_in_kills", "1").unwrap();
    t.set("score_throw_in_kills_13", "0").unwrap();
    assert!(t.for_board(9).search.score_throw_in_kills);
    assert!(!t.for_board(13).search.score_throw_in_kills);
    assert!(!t.for_board(19).search.score_throw_in_kills);
    t.set("score_throw_in_kills_large", "1").unwrap();
    assert!(t.for_board(19).search.score_throw_in_kills);
}
