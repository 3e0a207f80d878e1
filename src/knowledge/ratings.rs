//! Move ratings: Coulom's Elo ratings of move features ("Computing Elo Ratings
//! of Move Patterns in the Game of Go", 2007), a generalised Bradley-Terry
//! model of which legal move a good player chooses.
//!
//! Every legal move has at most one *level* in each feature [`Group`] (its
//! 3x3 shape with liberties, its twelve-point diamond, its distance to the
//! last two stones, whether it captures, escapes, ataris, self-ataris or
//! gives an own two-liberty chain a third, its line, its distances to the
//! two nearest edges) and a large spatial pattern ([`spatial`]). Each
//! level has a strength gamma; a move's strength is the product of its
//! levels' gammas (a missing level counts 1), and its probability is its
//! strength over the sum of the strengths of every legal move.
//! `examples/train_ratings.rs` learns the gammas by minorisation-
//! maximisation: `ratings9.txt`, the table of boards below `LARGE_BOARD`,
//! from Pachi's moves in 9x9 games; `ratings13.txt`, the table of boards
//! from `LARGE_BOARD` to 15x15, from 13x13 games; and `ratings19.txt`, the
//! table of larger boards, from 19x19 games. All three are compiled in
//! ([`Ratings::for_size`]).
//!
//! The tree's priors use the probabilities (`prior_ratings`,
//! `prior_ratings_large`): the model knows the ladders, captures and shapes
//! together, where the hand-written priors add separate bonuses.
//!
//! Invariant: [`MoveFeatures::compute`] is a pure function of the board, the
//! mover and the last two stones, so training and play see the same levels.

pub(crate) mod shape;
pub mod spatial;

use super::patterns::{code, swap_colors};
use super::symmetry::canonical_ring_code;
use super::table_error::{TableError, TableReason};
use super::{BOARD_19_FROM, LARGE_BOARD};
use crate::board::{Board, Color, MAX_POINTS, Point};
use crate::tactics::{
    LadderStack, PointSet, after_play, atari_liberty, liberty_gaining_moves, two_liberties,
};
use ahash::AHashMap;
use shape::{canonical, shape_code};
use std::sync::OnceLock;

/// The trained tables, compiled in: small boards (Pachi's 9x9 moves), middle
/// boards (13x13 games), large boards (19x19 games).
const TRAINED: &str = include_str!("ratings/ratings9.txt");
const TRAINED_13: &str = include_str!("ratings/ratings13.txt");
const TRAINED_LARGE: &str = include_str!("ratings/ratings19.txt");

/// The feature groups; a move has at most one level in each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// The canonical 3x3 shape code with the orthogonal chains' liberties
    /// ([`shape`], without its last-stone bit); shapes the table does
    /// not list share the level [`RARE_SHAPE`].
    Shape = 0,
    /// Distance to the opponent's last stone, `dx + dy + max(dx, dy)` (2 next
    /// to it, 3 diagonal), capped at `DISTANCE_CAP`.
    DistanceLast = 1,
    /// The same to the mover's own previous stone.
    DistanceOwn = 2,
    /// Captures (see the `CAPTURE_*` levels).
    Capture = 3,
    /// Extends one of the mover's chains in atari (`ESCAPE_*`).
    Escape = 4,
    /// Leaves the mover's chain with one liberty without capturing
    /// (`SELF_ATARI_*`).
    SelfAtari = 5,
    /// Ataris an opponent chain (`ATARI_*`).
    Atari = 6,
    /// Line from the edge, 1 to 4, and 5 for the rest.
    Line = 7,
    /// Gives the mover's chain with two liberties three or more.
    Defence = 8,
    /// The colors of the twelve points within Manhattan distance two (the
    /// 3x3 ring and the four points two away in line), canonical under the
    /// board's symmetries; diamonds the table does not list share the level
    /// [`RARE_SHAPE`].
    Diamond = 9,
    /// The lines of the two nearest edges, each capped at `EDGE_CAP`, the
    /// nearer first, as `near * 8 + far` (4-4 is 36, 3-4 28); on an empty
    /// board it knows the corners.
    Edge = 10,
}

/// How many groups there are (the spatial pattern is kept apart: its levels
/// are 64-bit keys).
pub const GROUPS: usize = 11;

/// Group names as in `ratings.txt`.
pub const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "distance-last",
    "distance-own",
    "capture",
    "escape",
    "self-atari",
    "atari",
    "line",
    "defence",
    "diamond",
    "edge",
];

/// The name of the spatial patterns' lines in the table.
pub const SPATIAL_NAME: &str = "spatial";

/// Edge lines from this on share one level.
const EDGE_CAP: usize = 6;

/// Distances from this on share one level.
const DISTANCE_CAP: u32 = 12;
/// The shape level of shapes too rare to have their own.
pub const RARE_SHAPE: u32 = 1 << 24;

/// Captures the chain the opponent's last stone is in.
const CAPTURE_LAST: u32 = 1;
/// Captures a chain next to one of the mover's chains in atari (saves it).
const CAPTURE_SAVE: u32 = 2;
/// Captures two or more stones otherwise.
const CAPTURE_MANY: u32 = 3;
/// Captures one stone otherwise.
const CAPTURE_ONE: u32 = 4;

/// Extends a one-stone chain in atari to safety (three liberties, or two
/// that no ladder takes).
const ESCAPE_ONE: u32 = 1;
/// The same for a chain of two or more stones.
const ESCAPE_MANY: u32 = 2;
/// Extends a chain in atari into a ladder that catches it.
const ESCAPE_LADDER: u32 = 3;

/// Self-atari of one stone, of two or three, of four or more.
const SELF_ATARI_ONE: u32 = 1;
const SELF_ATARI_FEW: u32 = 2;
const SELF_ATARI_MANY: u32 = 3;

/// Atari on a chain that a ladder then catches.
const ATARI_LADDER: u32 = 1;
/// Any other atari.
const ATARI_OTHER: u32 = 2;

/// Gives one's own two-liberty chain a third.
const DEFENCE: u32 = 1;

/// Deepest ladder chase read for the features.
const LADDER_DEPTH: u32 = 40;

/// A level of a group, packed as `group << 25 | level`.
pub type Feature = u32;

/// The packed feature of `level` in `group`.
#[inline]
fn feature(group: Group, level: u32) -> Feature {
    (group as u32) << 25 | level
}

/// The group and level of a packed feature.
#[inline]
pub fn unpack(f: Feature) -> (usize, u32) {
    ((f >> 25) as usize, f & ((1 << 25) - 1))
}

/// Marks no level.
pub const NONE: Feature = u32::MAX;

/// Per-point tactical levels found by scanning the chains once.
struct Tactics {
    capture: Vec<u8>,
    escape: Vec<u8>,
    atari: Vec<u8>,
    defence: Vec<u8>,
}

impl Tactics {
    fn new() -> Tactics {
        Tactics {
            capture: vec![0; MAX_POINTS],
            escape: vec![0; MAX_POINTS],
            atari: vec![0; MAX_POINTS],
            defence: vec![0; MAX_POINTS],
        }
    }
}

/// Keeps the better (smaller nonzero) of two levels.
#[inline]
fn better(slot: &mut u8, level: u32) {
    let level = level as u8;
    if *slot == 0 || level < *slot {
        *slot = level;
    }
}

/// The features of every legal move of one position.
pub struct MoveFeatures {
    /// The legal points and their features, one per group ([`NONE`] if the
    /// move has no level there). A move's spatial pattern is read from the
    /// board when it is needed ([`spatial::keys`], [`Ratings::probabilities`]):
    /// play reads only the radii its table lists.
    pub moves: Vec<(Point, [Feature; GROUPS])>,
    /// The mover.
    pub color: Color,
}

/// Whether a move with features `f` only extends a chain in atari into a
/// ladder that catches it (no other chain saved, nothing captured).
pub fn escapes_into_ladder(f: &[Feature; GROUPS]) -> bool {
    f[Group::Escape as usize] == feature(Group::Escape, ESCAPE_LADDER)
}

impl MoveFeatures {
    /// The features of every legal move (simple ko) of `color` on `board`,
    /// after the opponent's stone `last` and the mover's own previous stone
    /// `own` (either [`Point::NONE`]; a point no longer holding that color's
    /// stone counts as none).
    pub fn compute(
        board: &Board,
        color: Color,
        last: Point,
        own: Point,
        ladders: &mut LadderStack,
    ) -> MoveFeatures {
        let opp = color.opponent();
        let last = if last != Point::NONE && board.stone(last) == Some(opp) {
            last
        } else {
            Point::NONE
        };
        let own = if own != Point::NONE && board.stone(own) == Some(color) {
            own
        } else {
            Point::NONE
        };
        let tactics = scan_chains(board, color, last, ladders);
        let size = board.size();
        let mut moves = Vec::with_capacity(board.empty_count());
        for p in board.empty_points() {
            if !board.is_legal(color, p) {
                continue;
            }
            let mut f = [NONE; GROUPS];
            let code = shape_code(board, color, p, Point::NONE);
            f[Group::Shape as usize] = feature(Group::Shape, canonical(code));
            f[Group::Diamond as usize] = feature(Group::Diamond, diamond_code(board, color, p));
            let (x, y) = board.coords(p);
            for (group, stone) in [(Group::DistanceLast, last), (Group::DistanceOwn, own)] {
                if stone != Point::NONE {
                    let (sx, sy) = board.coords(stone);
                    let (dx, dy) = (x.abs_diff(sx) as u32, y.abs_diff(sy) as u32);
                    let d = (dx + dy + dx.max(dy)).min(DISTANCE_CAP);
                    f[group as usize] = feature(group, d);
                }
            }
            let i = p.idx();
            for (group, level) in [
                (Group::Capture, tactics.capture[i]),
                (Group::Escape, tactics.escape[i]),
                (Group::Atari, tactics.atari[i]),
                (Group::Defence, tactics.defence[i]),
            ] {
                if level != 0 {
                    f[group as usize] = feature(group, u32::from(level));
                }
            }
            let after = after_play(board, color, p);
            if after.is_self_atari() {
                let level = match after.stones {
                    1 => SELF_ATARI_ONE,
                    2 | 3 => SELF_ATARI_FEW,
                    _ => SELF_ATARI_MANY,
                };
                f[Group::SelfAtari as usize] = feature(Group::SelfAtari, level);
                // An atari that puts the attacker in atari is not one.
                f[Group::Atari as usize] = NONE;
            }
            let line = board.edge_distance(p) as u32 + 1;
            f[Group::Line as usize] = feature(Group::Line, line.min(5));
            let edge = |c: usize| (c.min(size - 1 - c) + 1).min(EDGE_CAP) as u32;
            let (ex, ey) = (edge(x), edge(y));
            let level = ex.min(ey) * 8 + ex.max(ey);
            f[Group::Edge as usize] = feature(Group::Edge, level);
            moves.push((p, f));
        }
        MoveFeatures { moves, color }
    }
}

/// The canonical diamond code of `p` for `color` to move: a ring code
/// ([`super::symmetry`]) with the 3x3 ring's colors as in
/// [`super::patterns::code`] (mover-relative) and, in its four directions,
/// the points two away to the N, E, S and W.
fn diamond_code(board: &Board, color: Color, p: Point) -> u32 {
    let ring = code(board, p);
    let ring = match color {
        Color::Black => ring,
        Color::White => swap_colors(ring),
    };
    let (x, y) = board.coords(p);
    let n = board.size() as isize;
    let mut outer = 0u32;
    for (j, (dx, dy)) in [(0isize, 2isize), (2, 0), (0, -2), (-2, 0)]
        .into_iter()
        .enumerate()
    {
        let (qx, qy) = (x as isize + dx, y as isize + dy);
        let cell = if qx < 0 || qy < 0 || qx >= n || qy >= n {
            3
        } else {
            match board.stone(board.point(qx as usize, qy as usize)) {
                None => 0,
                Some(c) if c == color => 1,
                Some(_) => 2,
            }
        };
        outer |= cell << (2 * j);
    }
    canonical_ring_code(u32::from(ring) | outer << 16)
}

/// The capture, escape, atari and defence levels of every point, from one pass
/// over the chains with one or two liberties.
fn scan_chains(board: &Board, color: Color, last: Point, ladders: &mut LadderStack) -> Tactics {
    let mut t = Tactics::new();
    let last_head = if last != Point::NONE {
        board.chain_head(last)
    } else {
        Point::NONE
    };
    for (p, c) in board.chains() {
        match (board.liberties(p), c == color) {
            (1, false) => {
                let lib = atari_liberty(board, p);
                let saves = board.chain_stones(p).any(|s| {
                    board
                        .neighbours(s)
                        .iter()
                        .any(|&q| board.stone(q) == Some(color) && board.liberties(q) == 1)
                });
                let level = if board.chain_head(p) == last_head {
                    CAPTURE_LAST
                } else if saves {
                    CAPTURE_SAVE
                } else if board.chain_size(p) >= 2 {
                    CAPTURE_MANY
                } else {
                    CAPTURE_ONE
                };
                better(&mut t.capture[lib.idx()], level);
            }
            (1, true) => {
                let lib = atari_liberty(board, p);
                if !board.is_legal(color, lib) {
                    continue;
                }
                let after = after_play(board, color, lib);
                let level = if after.captures || after.liberties >= 3 {
                    Some(false)
                } else if after.liberties == 2 {
                    Some(ladders.extension_is_caught(board, color, lib, p, LADDER_DEPTH))
                } else {
                    None
                };
                match level {
                    Some(true) => better(&mut t.escape[lib.idx()], ESCAPE_LADDER),
                    Some(false) if board.chain_size(p) >= 2 => {
                        better(&mut t.escape[lib.idx()], ESCAPE_MANY)
                    }
                    Some(false) => better(&mut t.escape[lib.idx()], ESCAPE_ONE),
                    None => {}
                }
            }
            (2, false) => {
                let caught = ladders.is_ladder(board, p, LADDER_DEPTH);
                for lib in two_liberties(board, p) {
                    let level = if caught { ATARI_LADDER } else { ATARI_OTHER };
                    better(&mut t.atari[lib.idx()], level);
                }
            }
            (2, true) => {
                let mut gains = PointSet::<2>::default();
                liberty_gaining_moves(board, color, p, &mut gains);
                for &lib in gains.as_slice() {
                    better(&mut t.defence[lib.idx()], DEFENCE);
                }
            }
            _ => {}
        }
    }
    t
}

/// Gammas by feature: a table of move ratings.
pub struct Ratings {
    /// The shapes' and the diamonds' gammas by canonical code...
    shapes: [AHashMap<u32, f32>; 2],
    /// ...and the gamma of those not listed.
    rare: [f32; 2],
    /// Gammas of the small groups, by group and level.
    small: [Vec<f32>; GROUPS],
    /// Gammas of the spatial patterns by key ([`spatial`]).
    spatial: AHashMap<u64, f32>,
}

impl Ratings {
    /// Parses the text format: `#` comments, then lines `GROUP LEVEL GAMMA`
    /// with the group's name (or `spatial`), the level (a shape's canonical
    /// code in hex, `rare` for the rare shapes, a spatial pattern's key in
    /// hex, a number otherwise) and its gamma; further fields are ignored.
    pub fn parse(text: &str) -> Result<Ratings, TableError> {
        let mut ratings = Ratings {
            shapes: Default::default(),
            rare: [1.0; 2],
            small: Default::default(),
            spatial: AHashMap::new(),
        };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |reason| TableError {
                table: "ratings",
                line: n + 1,
                text: line.to_string(),
                reason,
            };
            let mut fields = line.split_whitespace();
            let name = fields.next().unwrap_or_default();
            let group = GROUP_NAMES.iter().position(|&g| g == name);
            if group.is_none() && name != SPATIAL_NAME {
                return Err(bad(TableReason::UnknownGroup));
            }
            let level = fields
                .next()
                .ok_or_else(|| bad(TableReason::MissingLevel))?;
            let gamma: f32 = fields
                .next()
                .and_then(|g| g.parse().ok())
                .filter(|g: &f32| g.is_finite() && *g > 0.0)
                .ok_or_else(|| bad(TableReason::BadGamma))?;
            let Some(group) = group else {
                let key = u64::from_str_radix(level, 16).map_err(|_| bad(TableReason::BadCode))?;
                ratings.spatial.insert(key, gamma);
                continue;
            };
            if group == Group::Shape as usize || group == Group::Diamond as usize {
                let index = usize::from(group == Group::Diamond as usize);
                if level == "rare" {
                    ratings.rare[index] = gamma;
                    continue;
                }
                let code = u32::from_str_radix(level, 16)
                    .ok()
                    .filter(|&c| c < 1 << 24)
                    .ok_or_else(|| bad(TableReason::BadCode))?;
                ratings.shapes[index].insert(code, gamma);
            } else {
                let level: usize = level
                    .parse()
                    .ok()
                    .filter(|&l| l < 64)
                    .ok_or_else(|| bad(TableReason::BadLevel))?;
                let gammas = &mut ratings.small[group];
                if gammas.len() <= level {
                    gammas.resize(level + 1, 1.0);
                }
                gammas[level] = gamma;
            }
        }
        Ok(ratings)
    }

    /// A compiled-in table, parsed on first use into `cell`.
    fn compiled(cell: &'static OnceLock<Ratings>, text: &str, name: &str) -> &'static Ratings {
        cell.get_or_init(|| {
            Ratings::parse(text)
                .unwrap_or_else(|e| panic!("the compiled-in {name} does not parse: {e}"))
        })
    }

    /// The compiled-in table of boards below `LARGE_BOARD`.
    fn learned() -> &'static Ratings {
        static TABLE: OnceLock<Ratings> = OnceLock::new();
        Ratings::compiled(&TABLE, TRAINED, "ratings9.txt")
    }

    /// The compiled-in table of boards from `LARGE_BOARD` to 15x15, learned
    /// from 13x13 games.
    fn learned_13() -> &'static Ratings {
        static TABLE: OnceLock<Ratings> = OnceLock::new();
        Ratings::compiled(&TABLE, TRAINED_13, "ratings13.txt")
    }

    /// The compiled-in table of boards of `BOARD_19_FROM` and up, learned
    /// from 19x19 games.
    fn learned_large() -> &'static Ratings {
        static TABLE: OnceLock<Ratings> = OnceLock::new();
        Ratings::compiled(&TABLE, TRAINED_LARGE, "ratings19.txt")
    }

    /// The compiled-in table of a board of `size`.
    pub(crate) fn for_size(size: usize) -> &'static Ratings {
        if size >= BOARD_19_FROM {
            Ratings::learned_large()
        } else if size >= LARGE_BOARD {
            Ratings::learned_13()
        } else {
            Ratings::learned()
        }
    }

    /// The gamma of a move's spatial pattern, given its keys smallest radius
    /// first: that of its pattern at the largest radius the table lists, 1
    /// if it lists none.
    ///
    /// It stops at the first radius the table lacks. The tables list every
    /// pattern their trainer's dictionary kept, and the dictionary counts
    /// each chosen move's pattern at every radius, so a pattern is never
    /// counted more often than the smaller one it contains: a table that
    /// lacks a radius lacks every larger one (the test
    /// `stopping_at_the_first_unlisted_radius_loses_nothing` checks the
    /// compiled-in tables).
    #[inline]
    fn spatial_gamma(&self, keys: impl Iterator<Item = u64>) -> f32 {
        let mut gamma = 1.0;
        if self.spatial.is_empty() {
            return gamma;
        }
        for key in keys {
            match self.spatial.get(&key) {
                Some(&g) => gamma = g,
                None => break,
            }
        }
        gamma
    }

    /// The gamma of one feature ([`NONE`] counts 1).
    #[inline]
    fn gamma(&self, f: Feature) -> f32 {
        if f == NONE {
            return 1.0;
        }
        let (group, level) = unpack(f);
        if group == Group::Shape as usize || group == Group::Diamond as usize {
            // Features and the table both hold canonical codes.
            let index = usize::from(group == Group::Diamond as usize);
            return self.shapes[index]
                .get(&level)
                .copied()
                .unwrap_or(self.rare[index]);
        }
        self.small[group]
            .get(level as usize)
            .copied()
            .unwrap_or(1.0)
    }

    /// A move's strength: the product of its features' gammas.
    #[inline]
    fn strength(&self, features: &[Feature; GROUPS]) -> f32 {
        features.iter().map(|&f| self.gamma(f)).product()
    }

    /// Every legal move's probability, as `(point, probability)`, from the
    /// features of the position on `board`.
    pub fn probabilities(&self, board: &Board, features: &MoveFeatures) -> Vec<(Point, f32)> {
        let color = features.color;
        let strengths: Vec<(Point, f32)> = features
            .moves
            .iter()
            .map(|&(p, ref f)| {
                let spatial = self.spatial_gamma(spatial::Growing::new(board, color, p));
                (p, self.strength(f) * spatial)
            })
            .collect();
        let total: f32 = strengths.iter().map(|&(_, s)| s).sum();
        if total <= 0.0 {
            return strengths;
        }
        strengths.into_iter().map(|(p, s)| (p, s / total)).collect()
    }
}

#[cfg(test)]
mod tests;
