//! Clock state from `time_settings` / `time_left`, and the per-move budget handed
//! to the player.

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
    pub system: TimeSystem,
    pub left: [Option<ClockReading>; 2],
}

impl Clock {
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None, None];
    }

    pub fn set_left(&mut self, color: Color, reading: ClockReading) {
        self.left[color.index()] = Some(reading);
    }
}

/// How much the player may spend on one move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Budget {
    /// Playouts per move, if limited.
    pub playouts: Option<u64>,
    /// Wall time for this move, if limited.
    pub time: Option<Duration>,
}

/// Upper bound for any time value a controller may send (about 115 days): larger
/// values are refused as absurd.
pub const MAX_SECONDS: f64 = 1e7;
