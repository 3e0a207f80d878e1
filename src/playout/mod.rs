//! Playouts: finish a game quickly by a cheap policy. One loop, [`Playout`],
//! for every policy: the search's light ([`LightPolicy`]) and heavy
//! (`knowledge::heavy`) playouts and the scoring playouts of `status`; a
//! batch of them from one position says who owns each point
//! ([`black_counts`]).
//!
//! Playouts know only the board: simple ko, no suicide, area scoring by the simple
//! playout rule (stones plus empty points whose neighbours are all one color). That
//! is enough because a playout ends when neither side has a non-eye move left, so at
//! the end every empty point is a single-point eye.
//!
//! A policy answers one question, [`PlayoutPolicy::choose`], from a small
//! [`Context`]: the board, the mover and the last two stones (Pachi's
//! `playout_policy_t`: the loop plays, the policy chooses).
//!
//! Invariants: a playout allocates nothing; the loop draws no random numbers
//! itself, so with a seed the policy's draws make a playout reproducible.

mod light;
mod ownership;
mod replies;

pub(crate) use light::LightPolicy;
pub(crate) use ownership::black_counts;
pub(crate) use replies::ReplyTable;

use crate::board::{Board, Color, Point};
use crate::rng::FastRng;

/// Turns per board point a playout may last. Light playouts from the empty
/// board average 1.37 area (111 moves on 9x9, 455 on 19x19) and practically
/// never pass 2.5 area; the cap only stops the rare superko-style cycles that
/// simple ko allows.
const CAP_PER_POINT: usize = 3;

/// The playout move cap for a board of this size ([`CAP_PER_POINT`] turns a
/// point), the one every caller of [`Playout::new`] uses.
pub(crate) fn cap(size: usize) -> u32 {
    (CAP_PER_POINT * size * size) as u32
}

/// What a policy sees of one turn.
pub(crate) struct Context<'a> {
    /// May have its empty-point list reordered by the policy.
    pub(crate) board: &'a mut Board,
    /// The mover.
    pub(crate) color: Color,
    /// The stone the opponent just played ([`Point::NONE`] after a pass or when
    /// unknown).
    pub(crate) last: Point,
    /// The mover's own previous stone ([`Point::NONE`] if it passed or is
    /// unknown).
    pub(crate) own_last: Point,
    /// A ko the mover may now retake: the opponent took it at most
    /// [`KO_AGE`] turns ago, the ban has lapsed (the mover played a threat
    /// and the opponent answered) and the point is empty ([`Point::NONE`]
    /// otherwise). Only a policy that fights kos reads it.
    pub(crate) ko_retake: Point,
    /// The mover's last good reply to `last` ([`ReplyTable::reply`]), or
    /// [`Point::NONE`]: none remembered, or the playout has no table. Only a
    /// policy that plays replies reads it; it may be stale (occupied,
    /// illegal).
    pub(crate) reply: Point,
    pub(crate) rng: &'a mut FastRng,
}

/// A ko taken this many turns ago or fewer may be retaken in a playout's ko
/// fight (Pachi's `koage`): one threat and its answer in between.
pub(crate) const KO_AGE: u32 = 3;

impl<'a> Context<'a> {
    /// One turn's context.
    #[cfg(test)]
    fn new(
        board: &'a mut Board,
        color: Color,
        last: Point,
        own_last: Point,
        rng: &'a mut FastRng,
    ) -> Context<'a> {
        Context {
            board,
            color,
            last,
            own_last,
            ko_retake: Point::NONE,
            reply: Point::NONE,
            rng,
        }
    }
}

/// How a playout chooses its moves.
pub(crate) trait PlayoutPolicy: Send + Sync {
    /// A board-legal point for the mover (simple ko, no suicide), or `None` to
    /// pass.
    fn choose(&self, cx: &mut Context<'_>) -> Option<Point>;
}

/// Where a playout starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Start {
    pub(crate) to_move: Color,
    /// Consecutive passes just made.
    pub(crate) passes: u32,
    /// The stone played just before ([`Point::NONE`] if none or unknown).
    pub(crate) last: Point,
    /// The point of the turn before `last` ([`Point::NONE`] if unknown).
    pub(crate) before: Point,
}

impl Start {
    /// `to_move` to play, nothing known of the turns before.
    pub(crate) fn new(to_move: Color) -> Start {
        Start {
            to_move,
            passes: 0,
            last: Point::NONE,
            before: Point::NONE,
        }
    }
}

/// What a playout ended with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayoutResult {
    /// Black's area minus White's by the playout rule, komi not included.
    pub(crate) score: i32,
    /// Turns played, passes included (the two final passes count).
    pub(crate) moves: u32,
}

/// The playout loop: a policy, a cap on the turns and, for a policy that
/// plays them, the thread's last good replies.
pub(crate) struct Playout<'a, P: ?Sized> {
    policy: &'a P,
    cap: u32,
    replies: Option<&'a ReplyTable>,
}

impl<'a, P: PlayoutPolicy + ?Sized> Playout<'a, P> {
    /// Playouts by `policy` of at most `cap` turns.
    pub(crate) fn new(policy: &'a P, cap: u32) -> Self {
        Playout {
            policy,
            cap,
            replies: None,
        }
    }

    /// The same playouts, with each turn's remembered reply in the
    /// policy's [`Context::reply`].
    pub(crate) fn with_replies(mut self, replies: &'a ReplyTable) -> Self {
        self.replies = Some(replies);
        self
    }

    /// Plays `board` out from `start` until two consecutive passes or the cap;
    /// returns the number of turns played. Every stone played is reported to
    /// `record` (for AMAF). Multi-stone suicide is switched off on `board`.
    #[inline]
    pub(crate) fn play(
        &self,
        board: &mut Board,
        start: Start,
        rng: &mut FastRng,
        mut record: impl FnMut(Color, Point),
    ) -> u32 {
        board.set_allow_suicide(false);
        let Start {
            mut to_move,
            mut passes,
            mut last,
            mut before,
        } = start;
        let mut moves = 0;
        // The last ko taken: its point, the color it banned and the turn.
        let mut taken = (Point::NONE, to_move, 0u32);
        while passes < 2 && moves < self.cap {
            let ko_retake = if taken.0 != Point::NONE
                && taken.1 == to_move
                && moves - taken.2 <= KO_AGE
                && board.ko().is_none()
                && board.is_empty(taken.0)
            {
                taken.0
            } else {
                Point::NONE
            };
            let reply = match self.replies {
                Some(table) => table.reply(to_move, before, last),
                None => Point::NONE,
            };
            let choice = self.policy.choose(&mut Context {
                board,
                color: to_move,
                last,
                own_last: before,
                ko_retake,
                reply,
                rng,
            });
            before = last;
            match choice {
                Some(p) => {
                    board.play_in_playout(to_move, p);
                    if let Some((point, banned)) = board.ko() {
                        taken = (point, banned, moves);
                    }
                    record(to_move, p);
                    passes = 0;
                    last = p;
                }
                None => {
                    board.pass();
                    passes += 1;
                    last = Point::NONE;
                }
            }
            moves += 1;
            to_move = to_move.opponent();
        }
        moves
    }

    /// [`play`](Self::play), then the score by the playout rule.
    #[inline]
    pub(crate) fn play_and_score(
        &self,
        board: &mut Board,
        start: Start,
        rng: &mut FastRng,
        record: impl FnMut(Color, Point),
    ) -> PlayoutResult {
        let moves = self.play(board, start, rng, record);
        PlayoutResult {
            score: board.playout_area_score(),
            moves,
        }
    }
}

/// The result of an area score for Black against komi: 2 for a Black win, 1 for a
/// draw (jigo), 0 for a loss. Half-units keep win counts integral.
#[inline]
#[cfg(test)]
fn black_half_wins(score: i32, komi: f64) -> u32 {
    let margin = f64::from(score) - komi;
    if margin > 0.0 {
        2
    } else if margin == 0.0 {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::tests::board_from;
    use std::sync::Mutex;

    /// Plays a fixed list of points (then passes) and keeps the `ko_retake`
    /// each turn saw.
    struct Script {
        moves: Vec<Point>,
        seen: Mutex<Vec<Point>>,
    }

    impl PlayoutPolicy for Script {
        fn choose(&self, cx: &mut Context<'_>) -> Option<Point> {
            let mut seen = self.seen.lock().unwrap();
            let turn = seen.len();
            seen.push(cx.ko_retake);
            self.moves.get(turn).copied()
        }
    }

    #[test]
    fn a_ko_may_be_retaken_after_one_threat_and_its_answer_and_not_later() {
        // Black takes the ko at C6 (capturing B6); White is banned, plays a
        // threat at F2, Black answers at G1: now White may retake at B6. White
        // plays E2 instead, Black F1, and the ko is too old.
        let mut board = board_from(&[
            ".XO....", //
            "XO.O...", //
            ".XO....", //
            ".......", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        let at = |b: &Board, name: &str| crate::board::vertex::parse_point(name, b).unwrap();
        let script = Script {
            moves: ["C6", "F2", "G1", "E2", "F1"]
                .iter()
                .map(|n| at(&board, n))
                .collect(),
            seen: Mutex::new(Vec::new()),
        };
        let mut rng = FastRng::new(1);
        Playout::new(&script, 7).play(&mut board, Start::new(Color::Black), &mut rng, |_, _| {});
        let seen = script.seen.into_inner().unwrap();
        let b6 = at(&board, "B6");
        let none = Point::NONE;
        assert_eq!(&seen[..6], &[none, none, none, b6, none, none]);
    }

    #[test]
    fn half_wins() {
        assert_eq!(black_half_wins(7, 6.5), 2);
        assert_eq!(black_half_wins(6, 6.5), 0);
        assert_eq!(black_half_wins(7, 7.0), 1);
    }
}
