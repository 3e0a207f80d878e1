//! The error of the compiled-in knowledge tables' text formats (`ratings9.txt`,
//! `ratings13.txt`, `ratings19.txt`, the opening book `book9.txt`): which table, which line
//! (from 1), the line itself and what is wrong with it. The `Display` form is
//! `TABLE line N: 'TEXT'`.

use std::fmt;

/// What is wrong with a table line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TableReason {
    /// A ratings line whose first field is not a feature group's name.
    UnknownGroup,
    /// A ratings line without its level field.
    MissingLevel,
    /// A level that is not a number below 64.
    BadLevel,
    /// A shape code that is not hex or too large for its table.
    BadCode,
    /// A gamma that is missing, not a number, or not positive and finite.
    BadGamma,
    /// A book header (`# Size:`, `# Komi:`) that does not parse, or a line
    /// before the size.
    BadHeader,
    /// A book line that is not `MOVES : REPLY ...` with points on the board
    /// and the reply not among the moves.
    BadLine,
}

/// A line of a table that does not parse.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableError {
    /// The table's name, `ratings` (any size's table) or `book`.
    pub table: &'static str,
    pub line: usize,
    pub text: String,
    pub reason: TableReason,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}: '{}'", self.table, self.line, self.text)
    }
}

impl std::error::Error for TableError {}
