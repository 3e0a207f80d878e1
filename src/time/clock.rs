//! Clock state from `time_settings` / `time_left`, the per-move budget handed
//! to the player, and the lag margin the time manager plans for every move.

use crate::board::Color;
use std::time::Duration;

/// The time system the controller announced.
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub enum TimeSystem {
    /// No limit (the default, and `time_settings M B>0 0`).
    #[default]
    None,
    /// Main time only.
    Absolute { main: f64 },
    /// `stones` moves per `period` seconds after main time.
    Canadian { main: f64, period: f64, stones: u32 },
    /// `periods` periods of `period` seconds each after main time.
    Byoyomi {
        main: f64,
        period: f64,
        periods: u32,
    },
}

/// What the controller last told us about one player's clock.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct ClockReading {
    pub seconds: f64,
    /// Stones left in the Canadian period, or byo-yomi periods left; 0 while main
    /// time runs.
    pub count: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Clock {
    pub(crate) system: TimeSystem,
    left: [Option<ClockReading>; 2],
}

impl Clock {
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None, None];
    }

    pub(crate) fn set_left(&mut self, color: Color, reading: ClockReading) {
        self.left[color.index()] = Some(reading);
    }

    /// What the clock of `color` shows now: the last reading, or the start of the
    /// game's time if none came yet.
    pub fn reading(&self, color: Color) -> ClockReading {
        if let Some(r) = self.left[color.index()] {
            return r;
        }
        let (main, overtime) = match self.system {
            TimeSystem::None => (0.0, None),
            TimeSystem::Absolute { main } => (main, None),
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            } => (main, Some((period, periods))),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => (main, Some((period, stones))),
        };
        match overtime {
            // No main time: the game starts in overtime.
            Some((period, count)) if main == 0.0 => ClockReading {
                seconds: period,
                count,
            },
            _ => ClockReading {
                seconds: main,
                count: 0,
            },
        }
    }

    /// Charges a move of `seconds` to `color` as a game clock would: main time
    /// first, then byo-yomi periods (a period that is not exceeded is restored,
    /// each one exceeded is lost) or Canadian blocks (S stones in T seconds, then
    /// a fresh block). Returns false if the player has run out of time (the clock
    /// then shows zero).
    pub fn spend(&mut self, color: Color, seconds: f64) -> bool {
        let mut r = self.reading(color);
        let alive = match self.system {
            TimeSystem::None => return true,
            TimeSystem::Absolute { .. } => {
                r.seconds -= seconds;
                r.seconds >= 0.0
            }
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                let mut over = seconds;
                if r.count == 0 {
                    // Main time; what it cannot pay spills into the periods.
                    if seconds <= r.seconds {
                        r.seconds -= seconds;
                        self.left[color.index()] = Some(r);
                        return true;
                    }
                    over -= r.seconds;
                    r = ClockReading {
                        seconds: period,
                        count: periods,
                    };
                }
                // Each exceeded period is lost; the one the move ends in is
                // restored.
                while over > r.seconds && r.count > 0 {
                    over -= r.seconds;
                    r.count -= 1;
                    r.seconds = period;
                }
                r.seconds = period;
                r.count > 0
            }
            TimeSystem::Canadian { period, stones, .. } => {
                let mut over = seconds;
                if r.count == 0 {
                    over -= r.seconds;
                    if over <= 0.0 {
                        r.seconds = -over;
                        self.left[color.index()] = Some(r);
                        return true;
                    }
                    r = ClockReading {
                        seconds: period,
                        count: stones,
                    };
                }
                r.seconds -= over;
                r.count = r.count.saturating_sub(1);
                let ok = r.seconds >= 0.0;
                if ok && r.count == 0 {
                    r = ClockReading {
                        seconds: period,
                        count: stones,
                    };
                }
                ok
            }
        };
        if !alive {
            r.seconds = 0.0;
        }
        self.left[color.index()] = Some(r);
        alive
    }
}

/// How much the player may spend on one move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Budget {
    /// Playouts per move, if limited.
    pub playouts: Option<u64>,
    /// Wall time for this move, if limited.
    pub time: Option<Duration>,
    /// Stop before `time` once the move is decided. Only worth it when the
    /// time saved goes back to a clock for later moves: a fixed time per move
    /// without a clock cannot be saved, and searching on grows the subtree
    /// the next move reuses.
    pub stop_early: bool,
    /// With `stop_early`: the time after which a search whose best move is
    /// clear stops, keeping the rest of `time` for unclear moves (the time
    /// manager's soft time; used under the `time_keep_for_unclear`
    /// parameter).
    pub soft_time: Option<Duration>,
    /// Under `time_keep_for_unclear`, the most a move whose choice is not
    /// clear at `soft_time` may take, in place of `time` (the time manager's
    /// worst time; `None`: `time`).
    pub unclear_time: Option<Duration>,
}

/// `--time-bank`: what each player's moves of this game left unused of the
/// fixed `--time` per move (negative if they overran it). A move may spend
/// its `--time` plus this, so a game's moves never average more than
/// `--time` while a decided move's savings go to later, harder ones.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct TimeBank {
    saved: [f64; 2],
}

impl TimeBank {
    pub(crate) fn saved(&self, color: Color) -> f64 {
        self.saved[color.index()]
    }

    /// Books a move of `color` that spent `spent` seconds of `per_move`.
    pub(crate) fn settle(&mut self, color: Color, per_move: f64, spent: f64) {
        self.saved[color.index()] += per_move - spent;
    }

    /// A new game starts with nothing saved.
    pub(crate) fn reset(&mut self) {
        *self = TimeBank::default();
    }
}

/// Upper bound for any time value a controller may send (about 115 days): larger
/// values are refused as absurd.
pub const MAX_SECONDS: f64 = 1e7;

/// Time a move costs beyond the search: the engine's own decision and GTP
/// output, the controller's pipe or the network (a KGS bot's round trip to the
/// server), process scheduling. The clock charges it on every move, so the time
/// manager plans it for every move it expects; within `0..=MAX_LAG_SECONDS`.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Lag(f64);

/// The lag assumed without `--lag`: a local controller adds milliseconds, a
/// loaded machine or a network round trip a good part of this.
const DEFAULT_LAG_SECONDS: f64 = 0.2;

/// A lag above this is not a network delay but a mistake (it would leave nothing
/// of most clocks).
const MAX_LAG_SECONDS: f64 = 10.0;

/// Why a lag was refused.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum LagError {
    /// NaN or infinite.
    NotFinite,
    Negative,
    TooLarge,
}

impl std::fmt::Display for LagError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LagError::NotFinite => write!(f, "not a finite number of seconds"),
            LagError::Negative => write!(f, "negative"),
            LagError::TooLarge => write!(f, "more than {MAX_LAG_SECONDS} seconds"),
        }
    }
}

impl Lag {
    pub fn new(seconds: f64) -> Result<Lag, LagError> {
        if !seconds.is_finite() {
            Err(LagError::NotFinite)
        } else if seconds < 0.0 {
            Err(LagError::Negative)
        } else if seconds > MAX_LAG_SECONDS {
            Err(LagError::TooLarge)
        } else {
            Ok(Lag(seconds))
        }
    }

    pub(crate) fn seconds(self) -> f64 {
        self.0
    }
}

impl Default for Lag {
    fn default() -> Lag {
        Lag(DEFAULT_LAG_SECONDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lag_is_a_finite_non_negative_number_of_seconds() {
        assert_eq!(Lag::new(0.0).map(Lag::seconds), Ok(0.0));
        assert_eq!(Lag::new(1.5).map(Lag::seconds), Ok(1.5));
        assert_eq!(Lag::new(MAX_LAG_SECONDS).map(Lag::seconds), Ok(10.0));
        assert_eq!(Lag::new(-0.1), Err(LagError::Negative));
        assert_eq!(Lag::new(f64::NAN), Err(LagError::NotFinite));
        assert_eq!(Lag::new(f64::INFINITY), Err(LagError::NotFinite));
        assert_eq!(Lag::new(10.01), Err(LagError::TooLarge));
        assert_eq!(Lag::default().seconds(), DEFAULT_LAG_SECONDS);
    }

    #[test]
    fn the_bank_books_each_players_savings_until_the_game_ends() {
        let mut bank = TimeBank::default();
        bank.settle(Color::Black, 1.0, 0.25);
        bank.settle(Color::Black, 1.0, 1.5);
        bank.settle(Color::White, 1.0, 1.1);
        assert!((bank.saved(Color::Black) - 0.25).abs() < 1e-12);
        assert!((bank.saved(Color::White) + 0.1).abs() < 1e-12);
        bank.reset();
        assert_eq!(bank.saved(Color::Black), 0.0);
        assert_eq!(bank.saved(Color::White), 0.0);
    }

    #[test]
    fn spending_follows_each_time_system() {
        let mut c = Clock::default();
        c.set_system(TimeSystem::Absolute { main: 10.0 });
        assert!(c.spend(Color::Black, 4.0));
        assert_eq!(c.reading(Color::Black).seconds, 6.0);
        assert!(!c.spend(Color::Black, 7.0));
        assert_eq!(c.reading(Color::White).seconds, 10.0);

        // Byo-yomi: main time spills into the first period, which a move that
        // fits restores; a move over a period loses it.
        c.set_system(TimeSystem::Byoyomi {
            main: 5.0,
            period: 10.0,
            periods: 3,
        });
        assert!(c.spend(Color::Black, 12.0));
        assert_eq!(
            c.reading(Color::Black),
            ClockReading {
                seconds: 10.0,
                count: 3
            }
        );
        assert!(c.spend(Color::Black, 9.0));
        assert_eq!(c.reading(Color::Black).count, 3);
        assert!(c.spend(Color::Black, 15.0));
        assert_eq!(
            c.reading(Color::Black),
            ClockReading {
                seconds: 10.0,
                count: 2
            }
        );
        assert!(!c.spend(Color::Black, 25.0));

        // Canadian: 3 stones in 10 seconds, then a fresh block.
        c.set_system(TimeSystem::Canadian {
            main: 0.0,
            period: 10.0,
            stones: 3,
        });
        assert_eq!(
            c.reading(Color::Black),
            ClockReading {
                seconds: 10.0,
                count: 3
            }
        );
        assert!(c.spend(Color::Black, 4.0));
        assert!(c.spend(Color::Black, 4.0));
        assert_eq!(
            c.reading(Color::Black),
            ClockReading {
                seconds: 2.0,
                count: 1
            }
        );
        assert!(c.spend(Color::Black, 1.5));
        assert_eq!(
            c.reading(Color::Black),
            ClockReading {
                seconds: 10.0,
                count: 3
            }
        );
        assert!(c.spend(Color::Black, 6.0));
        assert!(!c.spend(Color::Black, 6.0));
    }
}
