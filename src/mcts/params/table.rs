//! The rows of [`TABLE`]: each match-tuned parameter's name, the board
//! sizes it is for, its default, the typed field it sets with its bounds, and
//! its documentation. A row is the one place a parameter is documented; its
//! measurements are in `docs/strength-log.md` under its name.

use super::{Param, Scope, Slot};

/// Every tunable the matches adjust, each documented here and only here;
/// `--param NAME=VALUE` sets one by this table, checked by its type. The
/// `_large` rows are the values for the larger sizes ([`Scope`]): from
/// [`LARGE_BOARD`](crate::knowledge::LARGE_BOARD) where 13x13 and 19x19 share
/// a value, from [`BOARD_19_FROM`](crate::knowledge::BOARD_19_FROM)
/// where 13x13 takes the small-board one.
pub(super) static TABLE: &[Param] = &[
    Param {
        name: "rave_equiv",
        scope: Scope::All,
        default: "3000",
        slot: |p| Slot::Weight(&mut p.search.rave_equiv, 1.0, 1e9),
        doc: "RAVE equivalence parameter in Gelly and Silver's minimum-error \
               schedule beta = amaf_n / (amaf_n + n + n * amaf_n / rave_equiv): \
               roughly the visit count at which the real value takes over from AMAF \
               (n counts the prior's virtual visits too under \
               `rave_prior_real_only`). Evidence: docs/strength-log.md, under this \
               name.",
    },
    Param {
        name: "rave_playout_fraction",
        scope: Scope::All,
        default: "1",
        slot: |p| Slot::Weight(&mut p.search.rave_playout_fraction, 0.0, 1.0),
        doc: "AMAF counts the tree moves and this fraction of a playout's moves, \
               the first ones (a stone played late in a playout says little about \
               playing it now: see \
               `sees_the_capture_that_refutes_every_black_move`); 1 counts them \
               all. Smaller fractions fixed that position but lost games. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "rave_distance_weight",
        scope: Scope::UpTo13,
        default: "3",
        slot: |p| Slot::Count(&mut p.search.rave_distance_weight, 0, 100),
        doc: "Pachi's distance RAVE: an AMAF sample counts 1 + this many times the \
               share of the simulation still to come after the play (in whole \
               steps: with 3, plays in the first third after the node count 3, the \
               middle third 2, the rest 1), since a play made at once says more \
               about playing it now than one made late in the playout. 0: every \
               sample counts 1. On boards up to 15x15. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "rave_distance_weight_large",
        scope: Scope::Nineteen,
        default: "0",
        slot: |p| Slot::Count(&mut p.search.rave_distance_weight, 0, 100),
        doc: "The same on 16x16 and up: off, as the 19x19 figures were measured.",
    },
    Param {
        name: "rave_prior_real_only",
        scope: Scope::UpTo13,
        default: "1",
        slot: |p| Slot::Switch(&mut p.search.rave_prior_real_only),
        doc: "1: the prior's virtual visits join a child's real statistics only, \
               and count as real visits in beta, as in Pachi (`amaf_prior` off), so \
               a strong prior holds until real visits outnumber it. 0: they join \
               both the real and the AMAF statistics and beta counts only real \
               visits, so the prior fades as AMAF samples pile up, long before the \
               child has been visited much. On boards up to 15x15. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "rave_prior_real_only_large",
        scope: Scope::Nineteen,
        default: "0",
        slot: |p| Slot::Switch(&mut p.search.rave_prior_real_only),
        doc: "The same on 16x16 and up, where 1 is untried (the 19x19 figures were \
               measured with 0).",
    },
    Param {
        name: "expand_visits",
        scope: Scope::All,
        default: "2",
        slot: |p| Slot::Count(&mut p.search.expand_visits, 1, 1000),
        doc: "Visits a leaf needs before it is expanded (its children created with \
               their priors), or one per 40 points of board area if that is more (9 \
               on 19x19). Pachi's `expand_p` is 8 on every board; 8 searched faster \
               here (fewer priors to compute) but won no more. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "uct_exploration",
        scope: Scope::All,
        default: "0.01",
        slot: |p| Slot::Weight(&mut p.search.uct_exploration, 0.0, 10.0),
        doc: "UCT exploration constant added on top of the RAVE value. RAVE \
               explores by itself (MoGo and Pachi run with none), but without any \
               term a child whose AMAF value is wrong can starve: in a lost node \
               every child is worth nearly 0, a refutation whose AMAF value is a \
               little lower than the rest is never visited, and the parent looks \
               won (see the test `sees_the_capture_that_refutes_every_black_move`). \
               A small constant only breaks such near-ties; 0.1 already dilutes the \
               values. Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "crit_rave",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Weight(&mut p.search.crit_rave, 0.0, 10.0),
        doc: "Criticality (Coulom; Pachi's `crit_rave`, 1.1 there by default): \
               a child with `crit_min_visits` simulations in this search counts \
               this times its criticality times its AMAF samples as extra AMAF \
               samples won by the chooser (won ones taken away when negative). \
               Criticality is how much the winner of a simulation through the \
               child owns its point beyond what chance gives, so a move whose \
               point decides the game rises above AMAF's even credit. Only \
               children of long searches reach the threshold. 0: off, nothing \
               counted. Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "crit_min_visits",
        scope: Scope::All,
        default: "2000",
        slot: |p| Slot::Count(&mut p.search.crit_min_visits, 1, 1_000_000_000),
        doc: "Simulations of this search a child needs before `crit_rave` \
               counts its criticality (Pachi's `crit_min_playouts`).",
    },
    Param {
        name: "prior_even",
        scope: Scope::All,
        default: "14",
        slot: |p| Slot::Weight(&mut p.prior.even, 0.0, 1000.0),
        doc: "Every new child starts with this many virtual visits at an even (0.5) \
               value in its real statistics (and its AMAF ones unless \
               `rave_prior_real_only`), so early noise cannot \
               lock a move out. With the bonuses below this is also the first-play \
               urgency: an unvisited child is worth its prior.",
    },
    Param {
        name: "prior_eye_fill",
        scope: Scope::All,
        default: "20",
        slot: |p| Slot::Weight(&mut p.prior.eye_fill, 0.0, 127.0),
        doc: "Virtual lost visits for a move that fills the mover's own true eye \
               (nearly never right, but legal, so not pruned), or is a Geneva \
               forfeit.",
    },
    Param {
        name: "prior_atari",
        scope: Scope::All,
        default: "28",
        slot: |p| Slot::Weight(&mut p.prior.atari, 0.0, 127.0),
        doc: "Prior bonus (virtual won visits) for capturing a chain in atari or \
               saving one's own (capturing an attacker, or extending without running \
               into a ladder), anywhere on the board; half of it away from the last \
               move (outside its 8-neighbourhood).",
    },
    Param {
        name: "prior_ladder",
        scope: Scope::All,
        default: "28",
        slot: |p| Slot::Weight(&mut p.prior.ladder, 0.0, 127.0),
        doc: "Prior penalty (virtual lost visits) for extending a chain in atari \
               into a ladder that catches it.",
    },
    Param {
        name: "prune_ladders",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Switch(&mut p.prior.prune_ladders),
        doc: "Leave out of the tree the moves that only extend a chain in atari \
               into a ladder that catches it (Pachi's `prune_ladders`, on there by \
               default), unless a ko is being fought (the move may be a threat). \
               A penalty in the prior (`prior_ladder`, or the move ratings) is \
               outweighed by AMAF once the point does well in playouts; pruning \
               is not. Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "prune_open_edge_13",
        scope: Scope::Thirteen,
        default: "0",
        slot: |p| Slot::Switch(&mut p.prior.prune_open_edge),
        doc: "Leave out of the tree, on 13x13 to 15x15, the plays on the first \
               two lines with no stone of either colour within three points \
               (Manhattan): a lone stone low on an open side. Off until a 13x13 \
               match decides (the 13x13 playouts read ladders and the flaw it \
               mends is a 19x19 one). Evidence: docs/strength-log.md, under \
               `prune_open_edge`.",
    },
    Param {
        name: "prune_open_edge_large",
        scope: Scope::Nineteen,
        default: "1",
        slot: |p| Slot::Switch(&mut p.prior.prune_open_edge),
        doc: "The same on 16x16 and up, where it is on. The playouts without \
               ladders (`heavy_ladder_check_large` 0, the 19x19 default before \
               run 274) rate such moves as high as the third- and fourth-line \
               points, so once a long search has \
               outgrown the prior, the tree picks them (H2, J18 and B14 as the \
               first three moves at 3 s on two threads); a prior penalty only \
               delays that. Against Pachi at 1 s it won 24 of 40 beside the \
               defaults' 23 of 40. Evidence: docs/strength-log.md, under \
               `prune_open_edge`.",
    },
    Param {
        name: "prior_two_liberty",
        scope: Scope::All,
        default: "14",
        slot: |p| Slot::Weight(&mut p.prior.two_liberty, 0.0, 127.0),
        doc: "Prior bonus for an atari on an opponent chain with two liberties that \
               could not simply run away; half of it away from the last move.",
    },
    Param {
        name: "prior_self_atari",
        scope: Scope::All,
        default: "14",
        slot: |p| Slot::Weight(&mut p.prior.self_atari, 0.0, 127.0),
        doc: "Prior penalty for putting a chain of two or more stones into atari \
               without capturing; half of it for a single stone.",
    },
    Param {
        name: "prior_pattern",
        scope: Scope::All,
        default: "14",
        slot: |p| Slot::Weight(&mut p.prior.pattern, 0.0, 127.0),
        doc: "Prior bonus for a 3x3 shape (`knowledge::patterns`); half of it away \
               from the last move.",
    },
    Param {
        name: "prior_cfg1",
        scope: Scope::All,
        default: "10",
        slot: |p| Slot::Weight(&mut p.prior.cfg[0], 0.0, 127.0),
        doc: "Prior bonus by distance to the last move in the common fate graph (a \
               chain counts as one point) at 1 step (`prior_cfg2`, `prior_cfg3`: 2 \
               and 3 steps).",
    },
    Param {
        name: "prior_cfg2",
        scope: Scope::All,
        default: "5",
        slot: |p| Slot::Weight(&mut p.prior.cfg[1], 0.0, 127.0),
        doc: "Prior bonus at 2 steps from the last move (see `prior_cfg1`).",
    },
    Param {
        name: "prior_cfg3",
        scope: Scope::All,
        default: "2",
        slot: |p| Slot::Weight(&mut p.prior.cfg[2], 0.0, 127.0),
        doc: "Prior bonus at 3 steps from the last move (see `prior_cfg1`).",
    },
    Param {
        name: "prior_lines",
        scope: Scope::Large,
        default: "14",
        slot: |p| Slot::Weight(&mut p.prior.lines, 0.0, 127.0),
        doc: "Even-game heuristic on 13x13 and up, with no stone within two points \
               (Manhattan): a first-line move gets this many lost visits, a third- \
               line move this many won ones.",
    },
    Param {
        name: "prior_ratings",
        scope: Scope::Small,
        default: "210",
        slot: |p| Slot::Weight(&mut p.prior.ratings, 0.0, 1000.0),
        doc: "Weight of the move ratings' prior (`knowledge::ratings`): a move \
               gets this many virtual won visits times the square root of its \
               probability under the learned model (Pachi's pattern prior, whose \
               weight on 9x9 is 210), on boards up to 11x11, with the small-board \
               table (`ratings9.txt`, learned from Pachi's 9x9 moves). When on, it \
               replaces the hand-written knowledge (`prior_atari` to `prior_cfg3`); \
               the eye-fill penalty and the even prior stay. 0: off. \
               docs/ratings.md says how the table is learned;evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "prior_ratings_large",
        scope: Scope::Large,
        default: "210",
        slot: |p| Slot::Weight(&mut p.prior.ratings, 0.0, 1000.0),
        doc: "The same on 13x13 and up, with the 13x13 table on boards up to \
               15x15 (`ratings13.txt`, learned from 13x13 games and 19x19 Tygem 9d \
               games together) and the 19x19 table above (`ratings19.txt`, from the \
               Tygem games), both with the edge and spatial pattern groups. When on it replaces the hand-written \
               knowledge, `prior_lines` included. 0: off (the hand-written priors, \
               which opened H2 on 19x19). See docs/ratings.md.",
    },
    Param {
        name: "opening_book",
        scope: Scope::Small,
        default: "1",
        slot: |p| Slot::Switch(&mut p.search.opening_book),
        doc: "1: in the first eight moves of an even 9x9 game at komi 7.5, play \
               the opening book's move (`knowledge/book/book9.txt`: the move with \
               the best record in koban's recorded games against Pachi) without \
               searching; 0: always search. On boards up to 11x11; the book covers \
               9x9 only. Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "time_keep_for_unclear",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Switch(&mut p.search.keep_time_for_unclear),
        doc: "1: under `--time-bank`, a move whose best choice is clear stops \
               after its `--time` (by the stage weights) and an eighth of the \
               savings, and the rest of the savings waits for moves that are not \
               clear (the runner-up has more than 40% of the best move's visits, \
               or the best move's value and its expected reply's differ by more \
               than 0.02), which may search up to three times `--time`; under a \
               clock, a main-time move that is clear at its share of the main \
               time stops there and an unclear one searches on, up to twice the \
               share (absolute time) or three times its extra over an overtime \
               move (byo-yomi, Canadian): Pachi's rule for spending its time. 0: \
               every move may spend all the savings (in main time, its share), \
               and stops early only once its best move cannot be overtaken. \
               Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "score_bonus",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Weight(&mut p.search.score_bonus, 0.0, 1.0),
        doc: "Weight of the margin in a playout's result (Fuego's score \
               modification): a win counts `1 - w + w * s` and a loss `w * s`, \
               where `s` maps Black's area margin linearly from [-area, area] to \
               [0, 1] (for White, `1 - s`). Among moves that all win, the search \
               then prefers the larger margin instead of giving points away (most \
               of koban's early 19x19 wins were by the smallest margin). 0: off; \
               small weights showed no gain. Evidence: docs/strength-log.md, under \
               this name.",
    },
    Param {
        name: "score_throw_in_kills",
        scope: Scope::Small,
        default: "0",
        slot: |p| Slot::Switch(&mut p.search.score_throw_in_kills),
        doc: "The count at the end of each playout takes off the chains a nakade \
               throw-in kills (`tactics::throw_in_kill`: the opponent's stones \
               inside a group's only eye space share its two last liberties, and \
               filling one leaves, once captured, a shape that dies, such as a \
               square four or a bulky five), as `final_status_list` does. The \
               playouts never play such a throw-in of several stones, so they \
               count the group alive; the moves played are unchanged. 1 on, 0 \
               off. On boards up to 11x11, where it is untested. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "score_throw_in_kills_13",
        scope: Scope::Thirteen,
        default: "1",
        slot: |p| Slot::Switch(&mut p.search.score_throw_in_kills),
        doc: "The same on 13x13 to 15x15, where it is on: against Pachi at 1 s \
               it won 22 of 28 where the defaults before it stood at 59%, and \
               it costs at most 2% of the search's instructions. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "score_throw_in_kills_large",
        scope: Scope::Nineteen,
        default: "1",
        slot: |p| Slot::Switch(&mut p.search.score_throw_in_kills),
        doc: "The same on 16x16 and up, where it is on, with the five 13x13 playout \
               settings below (`heavy_*_large`): it corrects the count in 11 of 13 \
               misjudged 19x19 positions. Together, at 3 s on two threads against \
               Pachi, they passed a sequential test (12 of 20) where the defaults \
               before them stood at 3 of 10, and at 1 s they won as many as a \
               control beside them (19 and 19 of 40) at 0.69 times its \
               simulations a second. Evidence: docs/strength-log.md, runs 273 \
               and 274.",
    },
    Param {
        name: "dynkomi_per_stone",
        scope: Scope::All,
        default: "7",
        slot: |p| Slot::Weight(&mut p.search.dynkomi_per_stone, 0.0, 50.0),
        doc: "Dynamic komi in handicap games (see `outcome::dynamic_komi`): points \
               per handicap stone at the start...",
    },
    Param {
        name: "dynkomi_moves_per_point",
        scope: Scope::All,
        default: "0.5",
        slot: |p| Slot::Weight(&mut p.search.dynkomi_moves_per_point, 0.0, 10.0),
        doc: "...falling linearly to none after this many moves per board point \
               (0.5: 180 moves on 19x19, 40 on 9x9).",
    },
    Param {
        name: "heavy_tactics_prob",
        scope: Scope::All,
        default: "1",
        slot: |p| Slot::Weight(&mut p.playout.tactics_prob, 0.0, 1.0),
        doc: "Playout policy: probability of looking for captures and atari escapes \
               around the opponent's last stone.",
    },
    Param {
        name: "heavy_two_liberty_prob",
        scope: Scope::UpTo13,
        default: "0.25",
        slot: |p| Slot::Weight(&mut p.playout.two_liberty_prob, 0.0, 1.0),
        doc: "Playout policy: probability of looking for two-liberty fights \
               (ataris and defences) around the opponent's last stone, on boards up \
               to 15x15. It pays with `heavy_pattern_own_last` on. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_two_liberty_prob_large",
        scope: Scope::Nineteen,
        default: "0.25",
        slot: |p| Slot::Weight(&mut p.playout.two_liberty_prob, 0.0, 1.0),
        doc: "The same on 16x16 and up, 0.25 as on 13x13, one of the package of \
               `score_throw_in_kills_large`. Evidence: docs/strength-log.md, \
               runs 273 and 274.",
    },
    Param {
        name: "heavy_nakade_prob",
        scope: Scope::Small,
        default: "0",
        slot: |p| Slot::Weight(&mut p.playout.nakade_prob, 0.0, 1.0),
        doc: "Playout policy: probability of playing the vital point of a small eye \
               space the opponent's last stone borders (`tactics::nakade_answer`), \
               after the two-liberty fights and before the shapes (Pachi's moggy \
               `nakaderate`, 0.8 there). On boards up to 11x11, off: untested \
               there against Pachi. Evidence: docs/strength-log.md, under this \
               name.",
    },
    Param {
        name: "heavy_nakade_prob_13",
        scope: Scope::Thirteen,
        default: "0.8",
        slot: |p| Slot::Weight(&mut p.playout.nakade_prob, 0.0, 1.0),
        doc: "The same on 13x13 to 15x15, where it is 0.8: against Pachi at 1 s \
               it won 70 of 100 where the defaults before it won 58, and koban \
               lost far fewer games it had rated won late; with it the search \
               runs at 0.82 times the simulations a second. Evidence: \
               docs/strength-log.md, under heavy_nakade_prob.",
    },
    Param {
        name: "heavy_nakade_prob_large",
        scope: Scope::Nineteen,
        default: "0.8",
        slot: |p| Slot::Weight(&mut p.playout.nakade_prob, 0.0, 1.0),
        doc: "The same on 16x16 and up, 0.8 as on 13x13, one of the package of \
               `score_throw_in_kills_large` (alone, on 19x19 the point corrected \
               none of the misjudged positions it was tried on). Evidence: \
               docs/strength-log.md, runs 273 and 274.",
    },
    Param {
        name: "heavy_pattern_prob",
        scope: Scope::All,
        default: "1",
        slot: |p| Slot::Weight(&mut p.playout.pattern_prob, 0.0, 1.0),
        doc: "Playout policy: probability of looking for 3x3 shape answers around \
               the opponent's last stone.",
    },
    Param {
        name: "heavy_pattern_either_colour",
        scope: Scope::All,
        default: "1",
        slot: |p| Slot::Switch(&mut p.playout.pattern_either_color),
        doc: "Playout policy: 1 also answers with a shape that is the opponent's \
               (their cutting point is where we connect), 0 only the mover's \
               shapes. No weaker in matches, and it reads the cut of the AMAF \
               starvation test that 0 misreads. Evidence: docs/strength-log.md, \
               under this name.",
    },
    Param {
        name: "heavy_pattern_own_last",
        scope: Scope::UpTo13,
        default: "1",
        slot: |p| Slot::Switch(&mut p.playout.pattern_own_last),
        doc: "Playout policy: 1 also looks for shapes around the mover's own \
               previous stone (Pachi's second pattern centre), 0 only around the \
               opponent's last stone; on boards up to 15x15. It pays together with \
               `heavy_two_liberty_prob`. Evidence: docs/strength-log.md, under this \
               name.",
    },
    Param {
        name: "heavy_pattern_own_last_large",
        scope: Scope::Nineteen,
        default: "1",
        slot: |p| Slot::Switch(&mut p.playout.pattern_own_last),
        doc: "The same on 16x16 and up, on as on 13x13, one of the package of \
               `score_throw_in_kills_large`. Evidence: docs/strength-log.md, \
               runs 273 and 274.",
    },
    Param {
        name: "heavy_ko_fight_prob",
        scope: Scope::UpTo13,
        default: "0.4",
        slot: |p| Slot::Weight(&mut p.playout.ko_fight_prob, 0.0, 1.0),
        doc: "Playout policy: probability of retaking a ko the opponent took at \
               most three turns ago, once a threat and its answer have lifted the \
               ban (Pachi's moggy `korate`, 0.4 there), before any other step, on \
               boards up to 15x15; 0: the playouts retake kos only by chance. \
               Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_ko_fight_prob_large",
        scope: Scope::Nineteen,
        default: "0.4",
        slot: |p| Slot::Weight(&mut p.playout.ko_fight_prob, 0.0, 1.0),
        doc: "The same on 16x16 and up, 0.4 as on 13x13, one of the package of \
               `score_throw_in_kills_large`. Evidence: docs/strength-log.md, \
               runs 273 and 274.",
    },
    Param {
        name: "heavy_self_atari_stones",
        scope: Scope::All,
        default: "2",
        slot: |p| Slot::Count(&mut p.playout.self_atari_stones, 1, 361),
        doc: "Playout policy: a random move that leaves a chain of this many stones \
               or more in atari (without capturing) is never played.",
    },
    Param {
        name: "heavy_single_self_atari_reject",
        scope: Scope::All,
        default: "0.5",
        slot: |p| Slot::Weight(&mut p.playout.single_self_atari_reject, 0.0, 1.0),
        doc: "Playout policy: probability of refusing a random single-stone \
               self-atari (a throw-in or a nakade is often right, so not always). \
               Evidence: docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_self_atari_judge",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Weight(&mut p.playout.self_atari_judge, 0.0, 1.0),
        doc: "Playout policy: 0 (off) refuses self-ataris by size as the two rows \
               above say. Above 0, a self-atari the playout would play (a random \
               move, a tactical answer or a shape) is judged instead, as Pachi's \
               moggy does (`selfatarirate`, 0.6 there): with this probability by \
               the strict test (refused unless it captures, is a nakade leaving \
               a dead eye space, a throw-in on the opponent's last-but-one \
               liberty or into a false eye, or sets up a snapback), otherwise by \
               the lenient one (refused only when it loses three or more stones \
               that are no such nakade); the two rows above are then unused.",
    },
    Param {
        name: "heavy_throw_in",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Switch(&mut p.playout.throw_in),
        doc: "Playout policy: a random move may leave a chain of up to six stones \
               in atari when it is a nakade throw-in (`tactics::is_nakade_throw_in`: \
               its last liberty is also the last of the enclosing chain, and the \
               shape its capture empties dies), so a group whose only eye space \
               holds the opponent's stones is not taken for alive or in seki. \
               Unused while `heavy_self_atari_judge` is above 0. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_race_prob",
        scope: Scope::Small,
        default: "0",
        slot: |p| Slot::Weight(&mut p.playout.race_prob, 0.0, 1.0),
        doc: "Playout policy: probability of the race step after the two-liberty \
               step (Pachi's `2lib` defence and `nlib`, `tactics::race_moves`): \
               when the last stone touches our chain of two to four liberties, \
               capture an opponent chain touching that chain in atari, or atari \
               one of two liberties, a nakade throw-in allowed, so a capturing \
               race inside an eye space is played out instead of left as a \
               seki. 0: off. On boards up to 11x11. Evidence: docs/strength-log.md, \
               under this name.",
    },
    Param {
        name: "heavy_race_prob_large",
        scope: Scope::Large,
        default: "1",
        slot: |p| Slot::Weight(&mut p.playout.race_prob, 0.0, 1.0),
        doc: "The same on 13x13 and up, where it is on: it costs about a quarter \
               of the 19x19 search's simulations (a fifth of 13x13's), and at \
               equal time against Pachi it lost nothing for them. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_last_good_reply",
        scope: Scope::All,
        default: "0",
        slot: |p| Slot::Weight(&mut p.playout.reply_prob, 0.0, 1.0),
        doc: "Playout policy: probability of playing the last good reply \
               (Baier and Drake's LGRF-2, `playout::ReplyTable`) after the \
               tactics and two-liberty steps: each search thread remembers the \
               reply to a move (and to the two moves before it) that won its \
               latest simulation and forgets it when a simulation that played it \
               is lost. Learned from the search's own simulations, per thread \
               and per move. 0: off, no table kept. Evidence: \
               docs/strength-log.md, under this name.",
    },
    Param {
        name: "heavy_ladder_check",
        scope: Scope::UpTo13,
        default: "1",
        slot: |p| Slot::Switch(&mut p.playout.ladder_check),
        doc: "Playout policy: read ladders before extending out of atari (1 on, 0 \
               off), on boards up to 15x15. Evidence: docs/strength-log.md, under \
               this name.",
    },
    Param {
        name: "heavy_ladder_check_large",
        scope: Scope::Nineteen,
        default: "1",
        slot: |p| Slot::Switch(&mut p.playout.ladder_check),
        doc: "The same on 16x16 and up, on as on 13x13, one of the package of \
               `score_throw_in_kills_large`: reading takes about a sixth of the \
               19x19 search's time (1.2 times the simulations without it). \
               Evidence: docs/strength-log.md, runs 273 and 274.",
    },
];
