//! Handicap compensation (spec section 8): the points White's count gets, on
//! top of komi, for the handicap stones Black received, as GNU Go
//! `--chinese-rules` (one per stone), the AGA rules (one less than the stones)
//! and KataGo's rule presets give them.
//!
//! Invariant: compensation exists under area scoring only. Under territory
//! scoring a handicap stone earns nothing by itself (it is just a stone), so
//! counting it would give White points no rule text awards.

use super::Scoring;

/// How many points White gets per game with H handicap stones, named as in
/// `koban-rules handicap=NAME`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum HandicapCompensation {
    /// H points (Chinese rules).
    PerStone,
    /// H - 1 points, none when H < 2 (AGA rules).
    PerStoneButOne,
    /// None (New Zealand, Tromp-Taylor).
    NoPoints,
}

impl HandicapCompensation {
    pub(crate) const ALL: [HandicapCompensation; 3] = [
        HandicapCompensation::PerStone,
        HandicapCompensation::PerStoneButOne,
        HandicapCompensation::NoPoints,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            HandicapCompensation::PerStone => "n",
            HandicapCompensation::PerStoneButOne => "n-1",
            HandicapCompensation::NoPoints => "none",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<HandicapCompensation> {
        HandicapCompensation::ALL
            .into_iter()
            .find(|h| h.name() == name)
    }

    /// The accepted names, for error messages.
    pub(crate) fn names() -> String {
        HandicapCompensation::ALL.map(|h| h.name()).join(" ")
    }

    /// White's extra points in a game with `stones` handicap stones counted
    /// by `scoring`.
    pub(crate) fn points(self, scoring: Scoring, stones: usize) -> f64 {
        if scoring != Scoring::Area {
            return 0.0;
        }
        match self {
            HandicapCompensation::PerStone => stones as f64,
            HandicapCompensation::PerStoneButOne => stones.saturating_sub(1) as f64,
            HandicapCompensation::NoPoints => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compensation_follows_the_rule_texts() {
        use HandicapCompensation::*;
        for (rule, stones, points) in [
            (PerStone, 0, 0.0),
            (PerStone, 3, 3.0),
            (PerStone, 9, 9.0),
            (PerStoneButOne, 0, 0.0),
            (PerStoneButOne, 1, 0.0),
            (PerStoneButOne, 2, 1.0),
            (PerStoneButOne, 3, 2.0),
            (NoPoints, 3, 0.0),
        ] {
            assert_eq!(
                rule.points(Scoring::Area, stones),
                points,
                "{rule:?} {stones}"
            );
            assert_eq!(rule.points(Scoring::Territory, stones), 0.0);
        }
        for rule in HandicapCompensation::ALL {
            assert_eq!(HandicapCompensation::from_name(rule.name()), Some(rule));
        }
        assert_eq!(HandicapCompensation::from_name("n+1"), None);
    }
}
