//! Tactics: what the board alone says about liberties, captures, ladders,
//! two-liberty fights, nakade and self-atari (plain, and which ones a playout
//! should refuse).
//!
//! One library at the bottom, shared by the playout policies, the tree's
//! priors, the move ratings and the scoring playouts (as Pachi's `tactics/{1lib,2lib,ladder,nakade,selfatari}.c` sit
//! under its playout policy, pattern matcher, ownership map and tree).
//!
//! Invariants: every function reads only the board it is given (ladder reading
//! plays on boards of its own) and none allocates once its working boards
//! exist; the candidate sets are filled in a fixed order, so a seeded caller
//! stays deterministic.

mod bad_selfatari;
mod ladder;
mod liberties;
mod nakade;
mod one_lib;
mod points;
mod selfatari;
mod two_lib;

pub(crate) use bad_selfatari::{is_bad_self_atari, is_really_bad_self_atari};
pub use ladder::LadderStack;
#[cfg(test)]
pub(crate) use ladder::tests::CAUGHT_AT_D3;
pub(crate) use ladder::{LadderReader, NoLadders, ThreadLadders};
pub(crate) use liberties::add_liberties;
pub(crate) use liberties::{
    after_play, after_play_without, atari_liberty, chain_next_to, opponent_chain_on, two_liberties,
};
#[cfg(test)]
pub(crate) use nakade::FALSE_SEKI;
pub(crate) use nakade::{
    NAKADE_THROW_IN_STONES, for_each_throw_in_kill, is_dead_eye_shape, is_nakade_throw_in,
    nakade_answer, nakade_point,
};
pub(crate) use one_lib::{escape_moves, tactical_moves};
pub(crate) use points::{PointSet, neighbourhood};
pub(crate) use selfatari::clearly_no_self_atari;
pub(crate) use selfatari::is_group_self_atari;
pub(crate) use two_lib::{atari_moves, liberty_gaining_moves, race_moves, two_liberty_moves};
