//! The CPU time this process has used, for GTP `cputime` (what GNU Go answers
//! and what gogui-twogtp and gogui-regress read for their CPU columns).
//!
//! Read from `/proc/self/stat` with `std` only: fields 14 and 15 (`utime`,
//! `stime`) hold the user and system time of the whole thread group, search
//! threads included, also those that have ended, in clock ticks. Linux fixes
//! the tick it reports to user space (`USER_HZ`) at 100 per second on every
//! architecture, so the resolution is 10 ms. `/proc/self/schedstat` would be
//! finer but counts the main thread only, which misses the search threads.

use std::fmt;

/// Clock ticks per second in `/proc` (Linux `USER_HZ`).
const TICKS_PER_SECOND: f64 = 100.0;

/// Why the CPU time could not be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CpuTimeError {
    /// `/proc/self/stat` is missing or unreadable (not Linux, no procfs).
    Unavailable,
    /// The file does not have the expected fields.
    Malformed,
}

impl fmt::Display for CpuTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CpuTimeError::Unavailable => "CPU time unavailable: cannot read /proc/self/stat",
            CpuTimeError::Malformed => "CPU time unavailable: unexpected /proc/self/stat",
        })
    }
}

/// User plus system CPU seconds used by this process so far.
pub(crate) fn process_seconds() -> Result<f64, CpuTimeError> {
    let stat = std::fs::read_to_string("/proc/self/stat").map_err(|_| CpuTimeError::Unavailable)?;
    seconds_of_stat(&stat)
}

/// `utime + stime` of a `/proc/PID/stat` line, in seconds. The command name
/// (field 2) is in parentheses and may itself hold spaces and parentheses, so
/// the fields are counted from the last `)`.
fn seconds_of_stat(stat: &str) -> Result<f64, CpuTimeError> {
    let (_, rest) = stat.rsplit_once(')').ok_or(CpuTimeError::Malformed)?;
    // `rest` starts at field 3 (the state): utime is field 14, stime 15.
    let mut fields = rest.split_whitespace().skip(11);
    let mut ticks = || -> Result<u64, CpuTimeError> {
        fields
            .next()
            .and_then(|f| f.parse().ok())
            .ok_or(CpuTimeError::Malformed)
    };
    let (user, system) = (ticks()?, ticks()?);
    Ok((user + system) as f64 / TICKS_PER_SECOND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_user_and_system_ticks_after_the_command_name() {
        let line = "4242 (ko ban) (x) R 1 2 3 0 -1 4194304 99 0 0 0 1234 56 7 8 20 0 5 0";
        assert_eq!(seconds_of_stat(line), Ok(12.9));
        assert_eq!(
            seconds_of_stat("4242 (koban) R 1 2"),
            Err(CpuTimeError::Malformed)
        );
        assert_eq!(seconds_of_stat("no name"), Err(CpuTimeError::Malformed));
    }

    #[test]
    fn the_process_time_grows_with_work() {
        let before = process_seconds().unwrap();
        // Spin until the tick counter moves: at most a few ticks of CPU.
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while process_seconds().unwrap() <= before {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            assert!(start.elapsed().as_secs() < 30, "CPU time never moved ({x})");
        }
        assert!(process_seconds().unwrap() > before);
    }
}
