//! Every tunable of the search in this module; change them here, nowhere
//! else.
//! The match-tuned ones are the rows of [`TABLE`], typed (switches,
//! counts, bounded weights) and documented there, set with `--param` and
//! resolved for the board size once ([`Tunables::for_board`]); their
//! measurements are in `docs/strength-log.md`. The fixed constants of the
//! tree's memory, pondering, the clock and resigning are in `fixed`.

use crate::knowledge::heavy::HeavyParams;
use crate::knowledge::{BOARD_19_FROM, LARGE_BOARD};

/// Visits a leaf needs before it is expanded: `expand_visits` ([`TABLE`]),
/// or one per `EXPAND_AREA_PER_VISIT` points of board area if that is more (a
/// 19x19 node has up to 362 children, and expansion rebuilds the node's game
/// with the full rules: a clone of the root game and a replay of the path,
/// amortised over the visits). The threshold then doubles with each quarter
/// of the tree arena in use (up to 8x when three quarters are full), so long
/// searches do not run out of nodes early.
pub(crate) const EXPAND_AREA_PER_VISIT: usize = 40;

/// What the search, the priors and the playouts read: every parameter of
/// [`TABLE`] resolved for one board size (see [`Tunables::for_board`]). Each
/// field is documented once, in its [`TABLE`] entry (the parameter of the same
/// name, with its component's prefix).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct BoardParams {
    pub(crate) search: SearchParams,
    pub(crate) prior: PriorParams,
    pub(crate) playout: HeavyParams,
}

/// The tree policy's parameters (`rave_*`, `uct_*`, `score_*`, `dynkomi_*`),
/// whether the opening book answers before any search (`opening_book`) and
/// when a timed search may stop (`time_keep_for_unclear`).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SearchParams {
    pub(crate) rave_equiv: f64,
    pub(crate) rave_playout_fraction: f64,
    pub(crate) rave_distance_weight: u32,
    pub(crate) expand_visits: u32,
    pub(crate) uct_exploration: f64,
    pub(crate) crit_rave: f64,
    pub(crate) crit_min_visits: u32,
    pub(crate) rave_prior_real_only: bool,
    pub(crate) score_bonus: f64,
    pub(crate) score_throw_in_kills: bool,
    pub(crate) dynkomi_per_stone: f64,
    pub(crate) dynkomi_moves_per_point: f64,
    pub(crate) opening_book: bool,
    pub(crate) keep_time_for_unclear: bool,
}

/// The priors of new children (`prior_*`), in virtual visits.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct PriorParams {
    pub(crate) even: f64,
    pub(crate) eye_fill: f64,
    pub(crate) atari: f64,
    pub(crate) ladder: f64,
    pub(crate) two_liberty: f64,
    pub(crate) self_atari: f64,
    pub(crate) pattern: f64,
    /// `prior_cfg1` to `prior_cfg3`.
    pub(crate) cfg: [f64; 3],
    pub(crate) lines: f64,
    pub(crate) ratings: f64,
    pub(crate) prune_ladders: bool,
    pub(crate) prune_open_edge: bool,
}

/// Where a `--param` value goes: a typed field of [`BoardParams`] with its
/// bounds.
enum Slot<'a> {
    /// `0`/`1`, `off`/`on` or `false`/`true`.
    Switch(&'a mut bool),
    /// A whole number in `[min, max]`.
    Count(&'a mut u32, u32, u32),
    /// A finite number in `[min, max]`.
    Weight(&'a mut f64, f64, f64),
}

/// Which board sizes a parameter's value is for. The sizes fall in three
/// bands: small (below [`LARGE_BOARD`]), 13x13 (to 15x15) and 19x19 (from
/// [`BOARD_19_FROM`]); a parameter with two values has a twin row, whose name
/// ends in `_large`, for the larger sizes, and one with a value of its own
/// on 13x13 a row whose name ends in `_13` between the two.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Scope {
    /// Every size.
    All,
    /// Below [`LARGE_BOARD`] (the name without `_large`).
    Small,
    /// [`LARGE_BOARD`] and up (the `_large` name, or a parameter only large
    /// boards use).
    Large,
    /// Below [`BOARD_19_FROM`]: small boards and 13x13, where 13x13's own
    /// matches found the small-board value better (the name without `_large`).
    UpTo13,
    /// [`BOARD_19_FROM`] and up (the `_large` name).
    Nineteen,
    /// The 13x13 band alone, [`LARGE_BOARD`] to below [`BOARD_19_FROM`]
    /// (the `_13` name of a parameter with three rows).
    Thirteen,
}

impl Scope {
    /// Whether the value is for the small, the 13x13 and the 19x19 band.
    fn bands(self) -> [bool; 3] {
        match self {
            Scope::All => [true, true, true],
            Scope::Small => [true, false, false],
            Scope::Large => [false, true, true],
            Scope::UpTo13 => [true, true, false],
            Scope::Nineteen => [false, false, true],
            Scope::Thirteen => [false, true, false],
        }
    }

    /// The sizes, as `koban params` lists them.
    fn sizes(self) -> &'static str {
        match self {
            Scope::All => "every board size",
            Scope::Small => "boards up to 11x11",
            Scope::Large => "13x13 and up",
            Scope::UpTo13 => "boards up to 15x15",
            Scope::Nineteen => "16x16 and up",
            Scope::Thirteen => "13x13 to 15x15",
        }
    }
}

/// One row of [`TABLE`].
struct Param {
    name: &'static str,
    scope: Scope,
    /// As `--param` would give it; parsed through the same checks.
    default: &'static str,
    slot: fn(&mut BoardParams) -> Slot<'_>,
    /// What the parameter does and what its matches said (`koban params`
    /// prints it).
    doc: &'static str,
}

/// Why a `--param` was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// Not `NAME=VALUE`.
    NotAnAssignment(String),
    Unknown(String),
    NotASwitch {
        name: &'static str,
        value: String,
    },
    NotACount {
        name: &'static str,
        value: String,
        min: u32,
        max: u32,
    },
    OutOfRange {
        name: &'static str,
        value: String,
        min: f64,
        max: f64,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::NotAnAssignment(text) => {
                write!(f, "--param needs NAME=VALUE, not '{text}'")
            }
            ParamError::Unknown(name) => {
                let names: Vec<_> = TABLE.iter().map(|p| p.name).collect();
                write!(
                    f,
                    "unknown parameter '{name}'; parameters: {}",
                    names.join(", ")
                )
            }
            ParamError::NotASwitch { name, value } => {
                write!(
                    f,
                    "--param {name}: a switch takes 0 or 1 (off or on), not '{value}'"
                )
            }
            ParamError::NotACount {
                name,
                value,
                min,
                max,
            } => {
                write!(
                    f,
                    "--param {name}: needs a whole number from {min} to {max}, not '{value}'"
                )
            }
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => {
                write!(
                    f,
                    "--param {name}: needs a number from {min} to {max}, not '{value}'"
                )
            }
        }
    }
}

impl std::error::Error for ParamError {}

impl Param {
    /// Parses `value` by this parameter's type and bounds into `params`.
    fn set(&self, params: &mut BoardParams, value: &str) -> Result<(), ParamError> {
        let name = self.name;
        let text = || value.to_string();
        let number = value.parse::<f64>().ok().filter(|v| v.is_finite());
        match (self.slot)(params) {
            Slot::Switch(field) => {
                *field = match value {
                    "1" | "on" | "true" => true,
                    "0" | "off" | "false" => false,
                    _ => {
                        return Err(ParamError::NotASwitch {
                            name,
                            value: text(),
                        });
                    }
                }
            }
            Slot::Count(field, min, max) => {
                *field = number
                    .filter(|v| v.fract() == 0.0 && (f64::from(min)..=f64::from(max)).contains(v))
                    .map(|v| v as u32)
                    .ok_or_else(|| ParamError::NotACount {
                        name,
                        value: text(),
                        min,
                        max,
                    })?;
            }
            Slot::Weight(field, min, max) => {
                *field = number.filter(|v| (min..=max).contains(v)).ok_or_else(|| {
                    ParamError::OutOfRange {
                        name,
                        value: text(),
                        min,
                        max,
                    }
                })?;
            }
        }
        Ok(())
    }
}

/// The parameters as set: `TABLE`'s defaults and any `--param`, for each
/// band of board sizes ([`Scope`]). Components read them through
/// `Tunables::for_board`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tunables {
    /// Small boards, 13x13 (to 15x15), 19x19 (from 16x16).
    bands: [BoardParams; 3],
}

impl Default for Tunables {
    fn default() -> Tunables {
        let mut t = Tunables {
            bands: Default::default(),
        };
        for param in TABLE {
            t.apply(param, param.default)
                .expect("every default passes its own checks");
        }
        t
    }
}

impl Tunables {
    /// The parameters for a `size` board.
    pub(crate) fn for_board(&self, size: usize) -> &BoardParams {
        let band = if size >= BOARD_19_FROM {
            2
        } else if size >= LARGE_BOARD {
            1
        } else {
            0
        };
        &self.bands[band]
    }

    /// Sets the parameter `name` from its text `value`, checked by its type.
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let param = TABLE
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        self.apply(param, value.trim())
    }

    /// `NAME=VALUE` as on the command line.
    pub fn set_assignment(&mut self, text: &str) -> Result<(), ParamError> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| ParamError::NotAnAssignment(text.to_string()))?;
        self.set(name.trim(), value)
    }

    /// [`set`](Self::set) for tests that build settings inline.
    #[cfg(test)]
    pub(crate) fn with(mut self, name: &str, value: &str) -> Tunables {
        if let Err(e) = self.set(name, value) {
            panic!("{e}");
        }
        self
    }

    fn apply(&mut self, param: &Param, value: &str) -> Result<(), ParamError> {
        // Parse into a copy first: a refused value changes nothing.
        let mut bands = self.bands.clone();
        for (params, on) in bands.iter_mut().zip(param.scope.bands()) {
            if on {
                param.set(params, value)?;
            }
        }
        self.bands = bands;
        Ok(())
    }
}

/// The `koban params` listing: every row of [`TABLE`] with its default, its
/// type and bounds, the board sizes it is for and its documentation (rustdoc
/// links turned into plain code), wrapped to 80 columns.
pub fn listing() -> String {
    let mut scratch = BoardParams::default();
    let mut out = String::new();
    for param in TABLE {
        let kind = match (param.slot)(&mut scratch) {
            Slot::Switch(_) => "switch, 0 or 1".to_string(),
            Slot::Count(_, min, max) => format!("whole number, {min} to {max}"),
            Slot::Weight(_, min, max) => format!("number, {min} to {max}"),
        };
        let sizes = param.scope.sizes();
        out.push_str(&format!(
            "{}={}  ({kind}; {sizes})\n",
            param.name, param.default
        ));
        let doc = param.doc.replace("[`", "`").replace("`]", "`");
        let mut line = String::from("   ");
        for word in doc.split_whitespace() {
            if line.len() + 1 + word.len() > 80 && line.len() > 3 {
                out.push_str(&line);
                out.push('\n');
                line = String::from("   ");
            }
            line.push(' ');
            line.push_str(word);
        }
        out.push_str(&line);
        out.push_str("\n\n");
    }
    out
}

mod fixed;
mod table;
pub(crate) use fixed::*;
use table::TABLE;

#[cfg(test)]
mod tests;
