//! `koban bench`: playout and search speed on fixed seeded positions, plus a
//! signature for spotting unintended behaviour changes.
//!
//! Every measurement prints one line
//! `bench KIND size=S threads=T playouts=N seconds=X pps=Y`. KIND is `raw` for
//! light playouts, `raw-heavy` for the heavy policy's, `search` for a
//! `genmove`-style search (default settings otherwise) with light playouts, as
//! the speed goals are stated, and `search-heavy` for the same search with the
//! default (heavy) playout policy, as koban plays. The last line is `Bench: SIG`,
//! the total number of playout moves (passes included) of the deterministic runs
//! (raw playouts and single-thread seeded searches, all with fixed playout
//! counts). A change meant not to change behaviour must keep it identical; a
//! faster board gives the same signature.

use super::params::Tunables;
use super::player::{MctsConfig, MctsPlayer, PolicyKind};
use super::search::{Limits, WallTimer};
use crate::board::{Board, Color};
use crate::game::Game;
use crate::knowledge::heavy::HeavyPolicy;
use crate::playout::{LightPolicy, Playout, PlayoutPolicy, Start};
use crate::rng::FastRng;
use crate::rules::Rules;
use std::time::Instant;

/// One measurement.
#[derive(Clone, Debug)]
struct Measurement {
    kind: &'static str,
    size: usize,
    threads: usize,
    playouts: u64,
    seconds: f64,
    /// Playout moves, passes included (part of the signature when deterministic).
    moves: u64,
}

impl Measurement {
    fn pps(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }

    fn line(&self) -> String {
        format!(
            "bench {} size={} threads={} playouts={} seconds={:.3} pps={:.0}",
            self.kind,
            self.size,
            self.threads,
            self.playouts,
            self.seconds,
            self.pps()
        )
    }
}

/// The fixed seed of every benchmark run.
const BENCH_SEED: u64 = 20_240_501;

/// Raw light playouts from the empty board, one thread, `n` playouts.
fn raw(size: usize, n: u64) -> Measurement {
    raw_with(&LightPolicy, "raw", size, n)
}

/// Raw heavy playouts (`params` for the size) from the empty board, one
/// thread.
fn raw_heavy(params: &Tunables, size: usize, n: u64) -> Measurement {
    raw_with(
        &HeavyPolicy::new(&params.for_board(size).playout),
        "raw-heavy",
        size,
        n,
    )
}

fn raw_with<P: PlayoutPolicy>(policy: &P, kind: &'static str, size: usize, n: u64) -> Measurement {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = FastRng::new(BENCH_SEED);
    let mut moves = 0u64;
    let start = Instant::now();
    for _ in 0..n {
        board.copy_from(&empty);
        let r = Playout::new(policy, crate::playout::cap(size)).play_and_score(
            &mut board,
            Start::new(Color::Black),
            &mut rng,
            |_, _| {},
        );
        moves += u64::from(r.moves);
    }
    let seconds = start.elapsed().as_secs_f64();
    Measurement {
        kind,
        size,
        threads: 1,
        playouts: n,
        seconds,
        moves,
    }
}

/// A search with `n` simulations and light playouts from the empty board
/// (Chinese rules, komi 7.5, Black to move, the bench seed) on `threads`
/// threads, as `genmove` runs it.
fn search(params: &Tunables, size: usize, threads: usize, n: u64) -> Measurement {
    search_with(params, PolicyKind::Light, "search", size, threads, n)
}

/// [`search`] with the default (heavy) playout policy.
fn search_heavy(params: &Tunables, size: usize, threads: usize, n: u64) -> Measurement {
    search_with(params, PolicyKind::Heavy, "search-heavy", size, threads, n)
}

fn search_with(
    params: &Tunables,
    policy: PolicyKind,
    kind: &'static str,
    size: usize,
    threads: usize,
    n: u64,
) -> Measurement {
    let mut game = Game::new(size, Rules::default());
    game.set_komi(7.5);
    let config = MctsConfig {
        threads,
        seed: Some(BENCH_SEED),
        resign_threshold: None,
        policy,
        params: params.clone(),
        ..MctsConfig::default()
    };
    let mut player = MctsPlayer::new(config);
    let start = Instant::now();
    let limits = Limits {
        playouts: Some(n),
        time: None,
        stop_early: false,
        ..Limits::default()
    };
    let report = player.search(&game, Color::Black, limits, &WallTimer(start));
    let seconds = start.elapsed().as_secs_f64();
    Measurement {
        kind,
        size,
        threads,
        playouts: report.stats.simulations,
        seconds,
        moves: report.stats.playout_moves,
    }
}

/// Runs the whole benchmark with the tunables `params` (the defaults, or
/// `--param`s to measure a playout step's cost), printing each line as it is
/// measured to `out`. Returns the signature.
pub fn run(quick: bool, params: &Tunables, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    let scale = if quick { 10 } else { 1 };
    let mut signature = 0u64;
    let mut emit = |m: Measurement, deterministic: bool, out: &mut dyn std::io::Write| {
        if deterministic {
            signature += m.moves;
        }
        writeln!(out, "{}", m.line())?;
        out.flush()
    };
    for (size, n) in [(9, 300_000u64), (19, 60_000)] {
        emit(raw(size, n / scale), true, out)?;
    }
    for (size, n) in [(9, 100_000u64), (19, 20_000)] {
        emit(raw_heavy(params, size, n / scale), true, out)?;
    }
    for search in [search, search_heavy] {
        for (size, n) in [(9, 100_000u64), (19, 20_000)] {
            for threads in [1, 2] {
                emit(search(params, size, threads, n / scale), threads == 1, out)?;
            }
        }
    }
    writeln!(out, "Bench: {signature}")?;
    Ok(signature)
}
