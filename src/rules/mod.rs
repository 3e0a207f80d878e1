//! Rules: the ko variants, scoring and suicide settings, and the presets.
//!
//! This file holds the rule settings ([`Rules`], [`KoRule`], [`Scoring`],
//! [`Preset`], the `koban-rules` arguments and their [`RulesError`]);
//! `variant` the variants' interface, re-exported here.
//!
//! The board knows only the simple-ko point. Each ko variant is its own type (one
//! file each) behind [`KoVariant`], holding whatever history it needs (position sets,
//! situations since the last pass, per-player histories, phases, marks). A variant's
//! state is a pure function of P0 and the move record: [`crate::game::Game`] rebuilds
//! it by replaying from P0 on `undo`, `loadsgf` and rules changes.
//!
//! Counting goes through the variant too ([`KoVariant::final_points`]): Geneva adds
//! its forfeits, Kee counts the positions passed on in the final cycle, cleanup the
//! position at the start of its phase 2. [`KoVariant::score_bonus`] is the part a
//! playout's area count of the board cannot see. Handicap compensation
//! ([`HandicapCompensation`], area scoring only) is a rules setting that the
//! game turns into White's komi (`crate::game::Game::white_komi`).
//!
//! Shared helpers: `positions` (the one position store: exact ids, hash hits
//! confirmed by comparison, a few dozen bytes per entry) and `effect` (what a play would capture or remove, without
//! playing it).
//!
//! Names of [`KoRule`] values and presets are exactly the names GTP uses. A
//! variant's live state is described as typed facts ([`KoFact`]: points, not
//! vertex names); `koban-ko_state` in the protocol layer spells them.

mod cleanup;
mod effect;
mod geneva;
mod handicap;
mod ing_spight;
mod kee;
mod positions;
mod simple;
mod superko;
mod variant;

use std::fmt;

pub use handicap::HandicapCompensation;
pub use variant::*;
use variant::{PassCounter, ko_point_fact};

/// The ko variants, named as in `koban-rules ko=NAME`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum KoRule {
    Simple,
    Positional,
    Situational,
    Geneva,
    Kee,
    IngSpight,
    Cleanup,
}

impl KoRule {
    pub const ALL: [KoRule; 7] = [
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::Geneva,
        KoRule::Kee,
        KoRule::IngSpight,
        KoRule::Cleanup,
    ];

    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
            KoRule::Geneva => "geneva",
            KoRule::Kee => "kee",
            KoRule::IngSpight => "ing-spight",
            KoRule::Cleanup => "cleanup",
        }
    }

    pub fn from_name(name: &str) -> Option<KoRule> {
        KoRule::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The scoring the variant's own rules fix, if any: cleanup is scored by
    /// territory (spec section 7), Kee by area (section 5). Selecting the variant
    /// selects it, and a contrary `scoring=` is refused: the rules line must not
    /// claim a scoring the count ignores.
    fn implied_scoring(self) -> Option<Scoring> {
        match self {
            KoRule::Cleanup => Some(Scoring::Territory),
            KoRule::Kee => Some(Scoring::Area),
            _ => None,
        }
    }

    /// Whether a count may take the stones estimated dead off the board. Not
    /// under Kee, whose count is of positions as they stand (spec section 5:
    /// stones plus regions bordered only by them) and whose game goes on after
    /// two passes so that dead stones can be captured.
    fn removes_dead_stones(self) -> bool {
        self != KoRule::Kee
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Scoring {
    Area,
    Territory,
}

impl Scoring {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }
}

/// The rule presets, named as GTP and KGS name them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Preset {
    Chinese,
    Japanese,
    Aga,
    NewZealand,
    TrompTaylor,
}

impl Preset {
    const ALL: [Preset; 5] = [
        Preset::Chinese,
        Preset::Japanese,
        Preset::Aga,
        Preset::NewZealand,
        Preset::TrompTaylor,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Preset::Chinese => "chinese",
            Preset::Japanese => "japanese",
            Preset::Aga => "aga",
            Preset::NewZealand => "new_zealand",
            Preset::TrompTaylor => "tromp-taylor",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The presets KGS sends with `kgs-rules`.
    pub(crate) fn from_kgs_name(name: &str) -> Option<Preset> {
        match name {
            "japanese" => Some(Preset::Japanese),
            "chinese" => Some(Preset::Chinese),
            "aga" => Some(Preset::Aga),
            "new_zealand" => Some(Preset::NewZealand),
            _ => None,
        }
    }

    pub fn rules(self) -> Rules {
        use HandicapCompensation::{NoPoints, PerStone, PerStoneButOne};
        let (ko, scoring, suicide, handicap) = match self {
            Preset::Chinese => (KoRule::Positional, Scoring::Area, false, PerStone),
            Preset::Japanese => (KoRule::Simple, Scoring::Territory, false, NoPoints),
            Preset::Aga => (KoRule::Situational, Scoring::Area, false, PerStoneButOne),
            Preset::NewZealand => (KoRule::Situational, Scoring::Area, true, NoPoints),
            Preset::TrompTaylor => (KoRule::Positional, Scoring::Area, true, NoPoints),
        };
        Rules {
            ko,
            scoring,
            suicide,
            tromp_taylor_cleanup: self == Preset::TrompTaylor,
            handicap,
        }
    }
}

/// The complete rule settings of a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    pub ko: KoRule,
    pub scoring: Scoring,
    /// Multi-stone suicide allowed. Single-stone suicide never is.
    pub suicide: bool,
    /// Nothing is removed at the end (Tromp-Taylor): the engine captures dead
    /// stones before passing.
    pub tromp_taylor_cleanup: bool,
    /// White's points for Black's handicap stones (area scoring only).
    pub handicap: HandicapCompensation,
}

impl Default for Rules {
    fn default() -> Rules {
        Preset::Chinese.rules()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ko={} scoring={} suicide={} handicap={}",
            self.ko,
            self.scoring.name(),
            if self.suicide { "allowed" } else { "forbidden" },
            self.handicap.name()
        )
    }
}

impl Rules {
    /// Whether a count takes the dead stones off the board: not under
    /// Tromp-Taylor, nor under a variant that counts positions as they stand
    /// ([`KoRule::removes_dead_stones`]). Under these rules the engine captures
    /// dead stones before passing.
    pub(crate) fn removes_dead_stones(&self) -> bool {
        !self.tromp_taylor_cleanup && self.ko.removes_dead_stones()
    }

    /// The SGF `RU` value: the common name where the rules are exactly a
    /// well-known set, koban's own rules line otherwise.
    pub(crate) fn sgf_name(&self) -> String {
        match (self.ko, self.scoring, self.suicide, self.handicap) {
            (KoRule::Positional, Scoring::Area, false, HandicapCompensation::PerStone) => {
                "Chinese".to_string()
            }
            (KoRule::Simple, Scoring::Territory, false, _) => "Japanese".to_string(),
            _ => format!("koban:{self}").replace(' ', ","),
        }
    }

    /// White's points for `stones` handicap stones, on top of komi: none
    /// under territory scoring.
    pub(crate) fn handicap_points(&self, stones: usize) -> f64 {
        self.handicap.points(self.scoring, stones)
    }

    /// These rules under the ko variant `ko`, with the scoring the variant
    /// implies (`ko=` of [`Rules::apply_arguments`], `--ko`).
    pub fn with_ko(self, ko: KoRule) -> Rules {
        Rules {
            ko,
            tromp_taylor_cleanup: false,
            scoring: ko.implied_scoring().unwrap_or(self.scoring),
            ..self
        }
    }

    /// Applies `koban-rules` arguments left to right. On error nothing changes and
    /// the message lists the accepted values.
    pub fn apply_arguments(&self, args: &[String]) -> Result<Rules, RulesError> {
        let mut rules = *self;
        for arg in args {
            let lower = arg.to_ascii_lowercase();
            if let Some(preset) = Preset::from_name(&lower) {
                rules = preset.rules();
                continue;
            }
            let Some((key, value)) = lower.split_once('=') else {
                return Err(RulesError::UnknownPreset(arg.clone()));
            };
            match key {
                "ko" => {
                    let ko = KoRule::from_name(value)
                        .ok_or_else(|| RulesError::UnknownKo(value.to_string()))?;
                    rules = rules.with_ko(ko);
                }
                "scoring" => {
                    rules.scoring = match value {
                        "area" => Scoring::Area,
                        "territory" => Scoring::Territory,
                        _ => return Err(RulesError::UnknownScoring(value.to_string())),
                    };
                    rules.tromp_taylor_cleanup = false;
                }
                "handicap" => {
                    let Some(handicap) = HandicapCompensation::from_name(value) else {
                        return Err(RulesError::UnknownHandicap(value.to_string()));
                    };
                    rules.handicap = handicap;
                }
                "suicide" => {
                    rules.suicide = match value {
                        "allowed" => true,
                        "forbidden" => false,
                        _ => return Err(RulesError::UnknownSuicide(value.to_string())),
                    };
                }
                _ => return Err(RulesError::UnknownKey(key.to_string())),
            }
        }
        match rules.ko.implied_scoring() {
            Some(scoring) if scoring != rules.scoring => Err(RulesError::ImpliedScoring {
                ko: rules.ko,
                scoring,
            }),
            _ => Ok(rules),
        }
    }
}

/// Why rule settings were refused. The messages are the GTP error texts: each
/// lists the accepted values.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesError {
    /// An argument that is neither a preset nor `key=value`.
    UnknownPreset(String),
    UnknownKo(String),
    UnknownScoring(String),
    UnknownSuicide(String),
    UnknownHandicap(String),
    UnknownKey(String),
    /// A variant with a scoring of its own, with another scoring.
    ImpliedScoring {
        ko: KoRule,
        scoring: Scoring,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(arg) => write!(
                f,
                "unknown preset '{arg}'; presets: {}; keys: ko= scoring= suicide= handicap=",
                preset_names()
            ),
            RulesError::UnknownKo(value) => {
                write!(f, "unknown ko variant '{value}'; variants: {}", ko_names())
            }
            RulesError::UnknownScoring(value) => {
                write!(f, "unknown scoring '{value}'; scoring: area territory")
            }
            RulesError::UnknownSuicide(value) => {
                write!(f, "unknown suicide '{value}'; suicide: allowed forbidden")
            }
            RulesError::UnknownHandicap(value) => write!(
                f,
                "unknown handicap '{value}'; handicap: {}",
                HandicapCompensation::names()
            ),
            RulesError::UnknownKey(key) => write!(
                f,
                "unknown key '{key}'; keys: ko= scoring= suicide= handicap=; presets: {}",
                preset_names()
            ),
            RulesError::ImpliedScoring { ko, scoring } => {
                write!(f, "ko={ko} implies scoring={}", scoring.name())
            }
        }
    }
}

impl std::error::Error for RulesError {}

pub fn preset_names() -> String {
    Preset::ALL
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The variants, as `koban-rules ko=` accepts them.
pub fn ko_names() -> String {
    KoRule::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(args: &[&str]) -> Result<Rules, RulesError> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        Rules::default().apply_arguments(&args)
    }

    /// Selecting a variant selects the scoring its rules fix, and a contrary
    /// scoring is refused with the message GTP answers.
    #[test]
    fn a_variant_brings_its_own_scoring() {
        for ko in KoRule::ALL {
            let rules = apply(&["japanese", &format!("ko={ko}")]).unwrap();
            let expected = ko.implied_scoring().unwrap_or(Scoring::Territory);
            assert_eq!(rules.scoring, expected, "{ko}");
        }
        let refused = |args: &[&str]| apply(args).map_err(|e| e.to_string());
        assert_eq!(
            refused(&["ko=kee", "scoring=territory"]),
            Err("ko=kee implies scoring=area".to_string())
        );
        assert_eq!(
            refused(&["ko=cleanup", "scoring=area"]),
            Err("ko=cleanup implies scoring=territory".to_string())
        );
        assert_eq!(
            refused(&["ko=bogus"]),
            Err(format!(
                "unknown ko variant 'bogus'; variants: {}",
                "simple positional situational geneva kee ing-spight cleanup"
            ))
        );
        assert_eq!(
            refused(&["Colour=red"]),
            Err(
                "unknown key 'colour'; keys: ko= scoring= suicide= handicap=; presets: \
                 chinese japanese aga new_zealand tromp-taylor"
                    .to_string()
            )
        );
        let error: Box<dyn std::error::Error> = Box::new(apply(&["x"]).unwrap_err());
        assert!(
            error
                .to_string()
                .starts_with("unknown preset 'x'; presets: ")
        );
    }

    #[test]
    fn dead_stones_and_sgf_names_follow_the_rules() {
        let rules = |args: &[&str]| apply(args).unwrap();
        assert!(rules(&["chinese"]).removes_dead_stones());
        assert!(!rules(&["tromp-taylor"]).removes_dead_stones());
        assert!(!rules(&["ko=kee"]).removes_dead_stones());
        assert!(rules(&["ko=cleanup"]).removes_dead_stones());
        assert_eq!(rules(&["chinese"]).sgf_name(), "Chinese");
        assert_eq!(rules(&["japanese"]).sgf_name(), "Japanese");
        assert_eq!(
            rules(&["aga"]).sgf_name(),
            "koban:ko=situational,scoring=area,suicide=forbidden,handicap=n-1"
        );
        assert_eq!(
            rules(&["chinese", "suicide=allowed"]).sgf_name(),
            "koban:ko=positional,scoring=area,suicide=allowed,handicap=n"
        );
        assert_eq!(
            rules(&["chinese", "handicap=none"]).sgf_name(),
            "koban:ko=positional,scoring=area,suicide=forbidden,handicap=none"
        );
    }
}
