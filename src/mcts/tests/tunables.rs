//! What a tunable does to a seeded one-thread search of fixed simulations:
//! the backed-up AMAF samples, the tree's growth, the playouts' last good
//! replies.

use super::{NoTime, pt};
use crate::board::{Color, Move};
use crate::game::Game;
use crate::knowledge::heavy::HeavyPolicy;
use crate::mcts::params::{BoardParams, Tunables};
use crate::mcts::search::{Limits, Search};
use crate::mcts::tree::Tree;
use crate::playout::{LightPolicy, PlayoutPolicy};
use crate::rules::Rules;
use crate::tactics::CAUGHT_AT_D3;
use std::sync::atomic::Ordering::Relaxed;

/// A seeded one-thread search of `playouts` light playouts for Black from
/// `game` into `tree`, with `configure` applied to its parameters first.
fn run_light_search(
    tree: &Tree,
    game: &Game,
    playouts: u64,
    configure: impl FnOnce(&mut BoardParams),
) {
    let mut params = Tunables::default().for_board(game.size()).clone();
    configure(&mut params);
    run_seeded_search(tree, game, Color::Black, &LightPolicy, playouts, 7, params);
}

/// A one-thread search of exactly `playouts` simulations for `color` from
/// `game` into `tree`, by `policy` and `params`, with `seed`.
fn run_seeded_search<P: PlayoutPolicy>(
    tree: &Tree,
    game: &Game,
    color: Color,
    policy: &P,
    playouts: u64,
    seed: u64,
    params: BoardParams,
) {
    let search = Search::new(
        tree,
        game,
        color,
        policy,
        Limits {
            playouts: Some(playouts),
            time: None,
            stop_early: false,
            ..Limits::default()
        },
        &NoTime,
        params,
    );
    search.run(1, seed);
}

#[test]
fn distance_rave_weighs_the_backed_up_amaf_samples() {
    // The root children's AMAF visits after the same seeded search: with
    // weight 3 every sample counts 1 to 3 (early plays more), so the total
    // grows by a factor between 1 and 3, well above 1; the real visits do not.
    let game = Game::new(9, Rules::default());
    let totals = |weight: u32| {
        let tree = Tree::new(1 << 16);
        run_light_search(&tree, &game, 200, |p| {
            p.search.rave_distance_weight = weight;
        });
        let root = tree.root_node();
        let (mut amaf, mut visits) = (0u64, 0u64);
        for i in root.children() {
            amaf += u64::from(tree.node(i).amaf_visits.load(Relaxed));
            visits += u64::from(tree.node(i).visits.load(Relaxed));
        }
        (amaf, visits)
    };
    let (plain, plain_visits) = totals(0);
    let (weighted, weighted_visits) = totals(3);
    assert_eq!(plain_visits, weighted_visits);
    let ratio = weighted as f64 / plain as f64;
    assert!(ratio > 1.5 && ratio < 3.0, "{weighted} / {plain} = {ratio}");
}

#[test]
fn a_higher_expansion_threshold_grows_a_smaller_tree() {
    // The same seeded search: a leaf waits for `expand_visits` visits before
    // its children are created, so at 8 far fewer nodes exist than at 2.
    let game = Game::new(9, Rules::default());
    let nodes = |visits: u32| {
        let tree = Tree::new(1 << 18);
        run_light_search(&tree, &game, 2000, |p| p.search.expand_visits = visits);
        tree.size()
    };
    let (two, eight) = (nodes(2), nodes(8));
    assert!(eight * 2 < two, "{eight} nodes at 8 against {two} at 2");
}

#[test]
fn the_last_good_replies_reach_the_search_playouts_only_when_on() {
    // The same seeded one-thread heavy search from a 9x9 opening, its root
    // children's visits: at 0 the reply step draws nothing and keeps no
    // table, so the search is the default's to the visit; at 1 the
    // playouts play the replies the worker learned, and the search differs.
    let mut game = Game::new(9, Rules::default());
    for (color, v) in [
        (Color::Black, "E5"),
        (Color::White, "C3"),
        (Color::Black, "G4"),
    ] {
        let p = pt(&game, v);
        game.play(color, Move::Play(p)).unwrap();
    }
    let visits = |reply: Option<f64>| {
        let mut params = Tunables::default().for_board(game.size()).clone();
        if let Some(r) = reply {
            params.playout.reply_prob = r;
        }
        let policy = HeavyPolicy::new(&params.playout);
        let tree = Tree::new(1 << 16);
        run_seeded_search(&tree, &game, Color::White, &policy, 600, 11, params);
        let root = tree.root_node();
        root.children()
            .map(|i| tree.node(i).visits.load(Relaxed))
            .collect::<Vec<_>>()
    };
    let default = visits(None);
    assert_eq!(visits(Some(0.0)), default);
    assert_ne!(visits(Some(1.0)), default);
}

#[test]
fn prune_ladders_keeps_a_caught_extension_out_of_the_tree() {
    // White's C2 has put Black's C3 in atari and D3 runs into a ladder:
    // pruned, the root has no D3 child and every other move it had.
    let game = super::game_from(&CAUGHT_AT_D3, 7.5, Rules::default());
    let d3 = Move::Play(pt(&game, "D3"));
    let moves = |prune: bool| {
        let tree = Tree::new(1 << 16);
        run_light_search(&tree, &game, 200, |p| p.prior.prune_ladders = prune);
        let root = tree.root_node();
        root.children()
            .map(|i| tree.node(i).mv())
            .collect::<Vec<_>>()
    };
    let (off, on) = (moves(false), moves(true));
    assert!(off.contains(&d3));
    assert!(!on.contains(&d3));
    assert_eq!(on.len() + 1, off.len());
}

#[test]
fn criticality_changes_the_search_only_past_its_threshold() {
    // The root children's real visits after the same seeded search. Counting
    // criticality changes nothing by itself: with a threshold no child
    // reaches, the search is the one without it, visit for visit; with one
    // the leading children pass, their extra AMAF samples move visits.
    let game = Game::new(9, Rules::default());
    let visits = |crit_rave: f64, min: u32| {
        let tree = Tree::new(1 << 16);
        run_light_search(&tree, &game, 3000, |p| {
            p.search.crit_rave = crit_rave;
            p.search.crit_min_visits = min;
        });
        let root = tree.root_node();
        root.children()
            .map(|i| tree.node(i).visits.load(Relaxed))
            .collect::<Vec<_>>()
    };
    let off = visits(0.0, 2000);
    assert_eq!(visits(1.1, 1_000_000), off);
    let on = visits(1.1, 50);
    assert_eq!(on.len(), off.len());
    assert_ne!(on, off);
}
