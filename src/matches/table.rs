//! The results table `PREFIX.dat`, in the format gogui-twogtp writes and its
//! `-analyze` reads: `# key: value` header lines, a lone `#`, the column titles on a
//! `#` line separated by tabs, then one tab-separated row per game.
//!
//! Columns follow gogui-twogtp: RES_B and RES_W are the results the first
//! (`-black`) and second (`-white`) engines reported, RES_R the referee's; in
//! every result column `B` stands for the first engine and `W` for the second,
//! so results of games with swapped colors (ALT 1) are inverted. TIME_* and CPU_*
//! are per engine, in seconds. DUP is `-`, or the number of an earlier game with
//! the same moves up to symmetry (`N?` when nearly the same).
//!
//! Values never contain tabs or newlines: `clean` replaces them.

use super::error::DatError;
use crate::board::Color;
use crate::knowledge::symmetry::Symmetry;
use std::fmt::Write as _;

pub const COLUMNS: [&str; 13] = [
    "GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN", "TIME_B", "TIME_W", "CPU_B", "CPU_W",
    "ERR", "ERR_MSG",
];

/// One game's row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row {
    pub(crate) game: usize,
    pub(crate) result_black: String,
    pub(crate) result_white: String,
    pub(crate) result_referee: String,
    pub(crate) alternated: bool,
    pub(crate) duplicate: String,
    pub(crate) length: usize,
    pub(crate) time_black: f64,
    pub(crate) time_white: f64,
    pub(crate) cpu_black: f64,
    pub(crate) cpu_white: f64,
    pub(crate) error: bool,
    pub(crate) error_message: String,
}

/// A table value: tabs and line breaks become spaces.
pub(crate) fn clean(value: &str) -> String {
    value.replace(['\t', '\n', '\r'], " ").trim().to_string()
}

/// Seconds as gogui writes them: at most one decimal, no trailing zero.
fn format_seconds(s: f64) -> String {
    let tenths = (s * 10.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}")
    } else {
        format!("{tenths:.1}")
    }
}

/// Writes the whole table; `header` is the list of `key: value` properties.
pub(crate) fn render(header: &[(String, String)], rows: &[Row]) -> String {
    let mut out = String::new();
    for (key, value) in header {
        let _ = writeln!(out, "# {}: {}", clean(key), clean(value));
    }
    out.push_str("#\n#");
    out.push_str(&COLUMNS.join("\t"));
    out.push('\n');
    for r in rows {
        let fields = [
            r.game.to_string(),
            clean(&r.result_black),
            clean(&r.result_white),
            clean(&r.result_referee),
            if r.alternated { "1" } else { "0" }.to_string(),
            clean(&r.duplicate),
            r.length.to_string(),
            format_seconds(r.time_black),
            format_seconds(r.time_white),
            format_seconds(r.cpu_black),
            format_seconds(r.cpu_white),
            if r.error { "1" } else { "0" }.to_string(),
            clean(&r.error_message),
        ];
        out.push_str(&fields.join("\t"));
        out.push('\n');
    }
    out
}

/// Reads a table back: header properties and rows as column-name → value maps.
/// Used by tests and tools; strict about the column line, lenient about values.
type ParsedTable = (Vec<(String, String)>, Vec<Vec<(String, String)>>);

pub fn parse(text: &str) -> Result<ParsedTable, DatError> {
    let mut header = Vec::new();
    let mut columns: Option<Vec<String>> = None;
    let mut after_blank = false;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if after_blank {
                if columns.is_some() {
                    return Err(DatError::SecondColumnLine { line: n + 1 });
                }
                columns = Some(comment.split('\t').map(String::from).collect());
            } else if comment.is_empty() {
                after_blank = true;
            } else {
                let (k, v) = comment
                    .split_once(':')
                    .ok_or(DatError::BadHeader { line: n + 1 })?;
                header.push((k.trim().to_string(), v.trim().to_string()));
            }
            continue;
        }
        let cols = columns
            .as_ref()
            .ok_or(DatError::RowBeforeColumns { line: n + 1 })?;
        let values: Vec<&str> = line.split('\t').collect();
        if values.len() != cols.len() {
            return Err(DatError::FieldCount {
                line: n + 1,
                found: values.len(),
                expected: cols.len(),
            });
        }
        rows.push(
            cols.iter()
                .cloned()
                .zip(values.into_iter().map(String::from))
                .collect(),
        );
    }
    if columns.is_none() {
        return Err(DatError::NoColumnLine);
    }
    Ok((header, rows))
}

/// A table's `# key: value` properties, in file order.
pub(crate) type Header = Vec<(String, String)>;

/// Reads a table back as typed rows, in file order: what a continued match
/// starts from (`-summary` reads more leniently, through [`parse`]). Every column of [`COLUMNS`] must be
/// there; a value that does not parse is an error naming its row and column.
pub(crate) fn rows(text: &str) -> Result<(Header, Vec<Row>), DatError> {
    let (header, maps) = parse(text)?;
    let mut rows = Vec::with_capacity(maps.len());
    for (n, map) in maps.iter().enumerate() {
        let get = |name: &str| {
            map.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.trim())
                .ok_or_else(|| DatError::MissingColumn(name.to_string()))
        };
        let bad = |column: &str, value: &str| DatError::BadValue {
            row: n + 1,
            column: column.to_string(),
            value: value.to_string(),
        };
        let whole = |name: &str| -> Result<usize, DatError> {
            let v = get(name)?;
            v.parse().map_err(|_| bad(name, v))
        };
        let seconds = |name: &str| -> Result<f64, DatError> {
            let v = get(name)?;
            v.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| bad(name, v))
        };
        let flag = |name: &str| -> Result<bool, DatError> {
            match get(name)? {
                "0" => Ok(false),
                "1" => Ok(true),
                v => Err(bad(name, v)),
            }
        };
        rows.push(Row {
            game: whole("GAME")?,
            result_black: get("RES_B")?.to_string(),
            result_white: get("RES_W")?.to_string(),
            result_referee: get("RES_R")?.to_string(),
            alternated: flag("ALT")?,
            duplicate: get("DUP")?.to_string(),
            length: whole("LEN")?,
            time_black: seconds("TIME_B")?,
            time_white: seconds("TIME_W")?,
            cpu_black: seconds("CPU_B")?,
            cpu_white: seconds("CPU_W")?,
            error: flag("ERR")?,
            error_message: get("ERR_MSG")?.to_string(),
        });
    }
    Ok((header, rows))
}

/// Points for the first engine of a table row with these results (its
/// RES_R, RES_B and RES_W columns), counted by [`counted_result`].
pub(crate) fn first_engine_points(referee: &str, black: &str, white: &str) -> Option<f64> {
    points_for(counted_result(referee, black, white), Color::Black)
}

/// The result a game counts with: the referee's, else the engines' when
/// they agree, else `?`; in a table's columns `B` is the first engine.
fn counted_result<'a>(referee: &'a str, black: &'a str, white: &'a str) -> &'a str {
    if referee != "?" && !referee.is_empty() {
        referee
    } else if black == white {
        black
    } else {
        "?"
    }
}

/// Swaps the colors in a result (`B+R` ↔ `W+R`), as gogui-twogtp does for
/// games with exchanged colors.
pub fn invert(result: &str) -> String {
    result
        .chars()
        .map(|c| match c {
            'B' => 'W',
            'W' => 'B',
            c => c,
        })
        .collect()
}

/// Normalises an engine's `final_score` reply to a result (`B+3.5`, `W+R`, `0`),
/// or `?` when it is not one.
pub(crate) fn normalize_score(reply: &str) -> String {
    let word = reply.split_whitespace().next().unwrap_or("");
    let upper = word.to_ascii_uppercase();
    if upper == "0" || upper == "DRAW" || upper == "JIGO" {
        return "0".into();
    }
    match upper.split_once('+') {
        Some((w @ ("B" | "W"), rest)) => {
            let ok = rest.is_empty()
                || matches!(rest, "R" | "RESIGN" | "T" | "TIME" | "F" | "FORFEIT")
                || rest.parse::<f64>().is_ok_and(|v| v.is_finite());
            if ok {
                format!("{w}+{rest}")
            } else {
                "?".into()
            }
        }
        _ => "?".into(),
    }
}

/// Points scored by the first letter of a result: 1 for a win of `winner`, ½ for a
/// draw, 0 for a loss, `None` when unknown.
pub(crate) fn points_for(result: &str, winner: Color) -> Option<f64> {
    if result == "0" {
        return Some(0.5);
    }
    match result.get(..2) {
        Some("B+") => Some(if winner == Color::Black { 1.0 } else { 0.0 }),
        Some("W+") => Some(if winner == Color::White { 1.0 } else { 0.0 }),
        _ => None,
    }
}

/// A game's moves as (color, point or pass), for the duplicate check.
pub(crate) type Moves = Vec<(Color, Option<(usize, usize)>)>;

/// gogui-twogtp's duplicate check: the number of the first earlier game whose moves
/// equal `moves` under one of the 8 board symmetries, or that number with `?` when
/// fewer than a fifth of the moves differ; `-` otherwise. With `alternate`, only
/// games with the same color assignment are compared.
pub(crate) fn duplicate(
    size: usize,
    moves: &Moves,
    earlier: &[(usize, bool, Moves)],
    alternate: bool,
    alternated: bool,
) -> String {
    let mut result = "-".to_string();
    for (number, game_alternated, other) in earlier {
        if alternate && *game_alternated != alternated {
            continue;
        }
        for sym in Symmetry::ALL {
            let max_different = moves.len() / 5;
            let common = moves.len().min(other.len());
            let mut different = moves.len().abs_diff(other.len());
            for i in 0..common {
                if different > max_different {
                    break;
                }
                let (c, p) = moves[i];
                let (oc, op) = other[i];
                if c != oc || op.map(|q| sym.coords(size, q)) != p {
                    different += 1;
                }
            }
            if different == 0 {
                return number.to_string();
            } else if different < max_different {
                result = format!("{number}?");
            }
        }
    }
    result
}

/// The current UTC time as Java's long English date format writes it
/// (`January 5, 2025 3:04:05 PM UTC`), which gogui-twogtp puts in `Date`.
pub(crate) fn date_long(unix_seconds: u64) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let (y, m, d) = civil_from_days((unix_seconds / 86_400) as i64);
    let secs = unix_seconds % 86_400;
    let (h, min, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    let (h12, ampm) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!(
        "{} {d}, {y} {h12}:{min:02}:{s:02} {ampm} UTC",
        MONTHS[(m - 1) as usize]
    )
}

/// `YYYY-MM-DD` for SGF `DT`.
pub(crate) fn date_iso(unix_seconds: u64) -> String {
    let (y, m, d) = civil_from_days((unix_seconds / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's method).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The host name and CPU model, as gogui-twogtp's `Host` property gives them.
pub(crate) fn host_info() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "?".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        });
    match cpu {
        Some(cpu) => format!("{name} ({cpu})"),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: usize) -> Row {
        Row {
            game,
            result_black: "B+R".into(),
            result_white: "B+R".into(),
            result_referee: "?".into(),
            alternated: game % 2 == 1,
            duplicate: "-".into(),
            length: 42,
            time_black: 1.24,
            time_white: 0.0,
            cpu_black: 3.0,
            cpu_white: 0.04,
            error: false,
            error_message: "bad\tthing\nhere".into(),
        }
    }

    #[test]
    fn renders_the_gogui_layout_and_reads_it_back() {
        let header = vec![
            ("Black".to_string(), "koban".to_string()),
            ("Size".into(), "9".into()),
        ];
        let text = render(&header, &[row(0), row(1)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "# Black: koban");
        assert_eq!(lines[2], "#");
        assert_eq!(
            lines[3],
            "#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG"
        );
        assert_eq!(
            lines[5],
            "1\tB+R\tB+R\t?\t1\t-\t42\t1.2\t0\t3\t0\t0\tbad thing here"
        );
        let (h, rows) = parse(&text).unwrap();
        assert_eq!(h, header);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1][4], ("ALT".to_string(), "1".to_string()));
        assert_eq!(
            parse("1\t2\n").unwrap_err(),
            DatError::RowBeforeColumns { line: 1 }
        );
        let e = parse("#\n#A\tB\n1\n").unwrap_err();
        assert_eq!(
            e,
            DatError::FieldCount {
                line: 3,
                found: 1,
                expected: 2
            }
        );
        assert_eq!(e.to_string(), "line 3: 1 fields, expected 2");
        assert_eq!(parse("# a: b\n").unwrap_err().to_string(), "no column line");
        assert_eq!(
            parse("# nocolon\n").unwrap_err().to_string(),
            "line 1: bad header"
        );
        assert_eq!(
            parse("#\n#A\n#B\n").unwrap_err().to_string(),
            "line 3: second column line"
        );
    }

    /// What a continued match reads back is what was written, up to the
    /// table's rounding of seconds and cleaning of messages.
    #[test]
    fn typed_rows_read_back_what_was_rendered() {
        let header = vec![("Size".to_string(), "9".to_string())];
        let text = render(&header, &[row(0), row(1)]);
        let (h, rows) = rows(&text).unwrap();
        assert_eq!(h, header);
        let mut expected = [row(0), row(1)];
        for r in &mut expected {
            r.time_black = 1.2;
            r.time_white = 0.0;
            r.cpu_white = 0.0;
            r.error_message = "bad thing here".into();
        }
        assert_eq!(rows, expected);
        let broken = text.replace("\t42\t", "\tmany\t");
        let e = super::rows(&broken).unwrap_err();
        assert_eq!(e.to_string(), "row 1: 'many' is not a valid LEN");
        let broken = text.replace("\t1\t-\t", "\tyes\t-\t");
        assert_eq!(
            super::rows(&broken).unwrap_err().to_string(),
            "row 2: 'yes' is not a valid ALT"
        );
        assert_eq!(counted_result("W+2", "B+1", "B+1"), "W+2");
        assert_eq!(counted_result("?", "B+1", "B+1"), "B+1");
        assert_eq!(counted_result("", "B+1", "W+1"), "?");
        assert_eq!(first_engine_points("?", "W+R", "W+R"), Some(0.0));
        assert_eq!(first_engine_points("?", "B+1", "W+1"), None);
    }

    #[test]
    fn results() {
        assert_eq!(invert("B+R"), "W+R");
        assert_eq!(invert("W+3.5"), "B+3.5");
        assert_eq!(invert("?"), "?");
        assert_eq!(normalize_score("B+4.0"), "B+4.0");
        assert_eq!(normalize_score("w+12.5 extra"), "W+12.5");
        assert_eq!(normalize_score("0"), "0");
        for junk in ["", "hello", "B+x", "C+1", "B+inf"] {
            assert_eq!(normalize_score(junk), "?", "{junk}");
        }
        assert_eq!(points_for("B+R", Color::Black), Some(1.0));
        assert_eq!(points_for("B+R", Color::White), Some(0.0));
        assert_eq!(points_for("0", Color::White), Some(0.5));
        assert_eq!(points_for("?", Color::White), None);
    }

    #[test]
    fn duplicates_up_to_symmetry() {
        let size = 9;
        let game: Moves = (0..10)
            .map(|i| {
                (
                    if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    Some((i % 9, i / 2)),
                )
            })
            .collect();
        let mirrored: Moves = game
            .iter()
            .map(|&(c, p)| (c, p.map(|(x, y)| (8 - x, y))))
            .collect();
        let mut near = game.clone();
        near[9].1 = None;
        let earlier = vec![(3, false, game.clone())];
        assert_eq!(duplicate(size, &mirrored, &earlier, false, false), "3");
        // One move of ten differs: fewer than a fifth, a near duplicate.
        assert_eq!(duplicate(size, &near, &earlier, false, false), "3?");
        let mut other = game.clone();
        for m in other.iter_mut().take(3) {
            m.1 = None;
        }
        assert_eq!(duplicate(size, &other, &earlier, false, false), "-");
        assert_eq!(duplicate(size, &mirrored, &earlier, true, true), "-");
    }

    #[test]
    fn dates() {
        assert_eq!(date_long(0), "January 1, 1970 12:00:00 AM UTC");
        assert_eq!(
            date_long(1_700_000_000),
            "November 14, 2023 10:13:20 PM UTC"
        );
        assert_eq!(date_iso(951_782_400), "2000-02-29");
        assert_eq!(format_seconds(2.0), "2");
        assert_eq!(format_seconds(0.04), "0");
        assert_eq!(format_seconds(12.345), "12.3");
    }
}
