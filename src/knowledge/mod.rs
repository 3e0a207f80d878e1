//! Go knowledge: what koban knows about good moves beyond the rules, kept
//! apart from the search that uses it (as Pachi keeps `pattern/`,
//! `playout/` and `tactics/` apart from `uct/`).
//!
//! - [`patterns`]: the hand-written 3x3 playout patterns and the 3x3
//!   neighbourhood code they are matched on;
//! - [`heavy`]: the heavy playout policy, over [`crate::tactics`] and the
//!   patterns;
//! - [`ratings`]: the move ratings learned by minorisation-maximisation, with
//!   their features ([`ratings::shape`] codes, [`ratings::spatial`]
//!   patterns) and their compiled-in tables;
//! - [`book`]: the 9x9 opening book and its learner;
//! - [`symmetry`]: the eight symmetries of the board, the one implementation
//!   every component above uses;
//! - [`table_error`]: the error of the compiled-in tables' text formats.
//!
//! Invariants: every answer here is a pure function of the board (and for the
//! book, the game record) and of the parameters passed in; nothing here
//! knows the search, its tree or its parameter table, which fills each
//! component's parameter struct ([`heavy::HeavyParams`]) for one board
//! size. Boards of [`LARGE_BOARD`] and up use the large-board tables, those
//! of [`BOARD_19_FROM`] and up the 19x19 ones.

pub mod book;
pub(crate) mod heavy;
pub(crate) mod patterns;
pub mod ratings;
pub(crate) mod symmetry;
pub(crate) mod table_error;

pub use table_error::{TableError, TableReason};

/// Boards this size and up take a large-board ratings table (the 13x13 one
/// up to 15x15, the 19x19 one from [`BOARD_19_FROM`]: `Ratings::for_size`)
/// and the search's parameters for large boards where a parameter has them.
pub(crate) const LARGE_BOARD: usize = 13;

/// Boards this size and up are played as 19x19: the 19x19 ratings table, and
/// the values of the search's parameters measured on 19x19 where they differ
/// from 13x13's (a 15x15 board is nearer 13x13 than 19x19 in how much of it
/// is edge).
pub(crate) const BOARD_19_FROM: usize = 16;

#[cfg(test)]
pub(crate) mod testutil {
    pub(crate) use crate::board::tests::board_from;
    use crate::board::{Board, Point};

    /// The point named `name` (GTP vertex) on `board`.
    pub(crate) fn at(board: &Board, name: &str) -> Point {
        crate::board::vertex::parse_point(name, board).unwrap()
    }
}
