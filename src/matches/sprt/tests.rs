use super::*;
use crate::rng::FastRng;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn bounds_and_scores_are_the_known_values() {
    let s = Sprt::parse("0,5", 0.05, 0.05).unwrap();
    // Fishtest prints these bounds as (-2.94, 2.94): ln 19.
    let (lower, upper) = s.bounds();
    assert!(close(lower, -2.944_438_979, 1e-9) && close(upper, 2.944_438_979, 1e-9));
    let s = Sprt::parse("0,5", 0.05, 0.1).unwrap();
    let (lower, upper) = s.bounds();
    assert!(close(lower, -2.251_291_799, 1e-9), "{lower}");
    assert!(close(upper, 2.890_371_758, 1e-9), "{upper}");
    assert_eq!(score_of_elo(0.0), 0.5);
    assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-12));
    assert!(close(score_of_elo(-400.0), 1.0 / 11.0, 1e-12));
    assert!(close(score_of_elo(100.0), 0.640_065, 1e-6));
}

#[test]
fn without_draws_the_llr_is_the_binomial_one() {
    // With only wins and losses the constrained maximum is the Bernoulli law
    // with the hypothesis's mean itself, so the LLR has a closed form.
    for (wins, losses, elo0, elo1) in [
        (30.0, 20.0, 0.0, 50.0),
        (7.0, 13.0, -20.0, 30.0),
        (512.0, 488.0, 0.0, 5.0),
        (1.0, 1.0, -100.0, 100.0),
    ] {
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        let exact = wins * (s1 / s0).ln() + losses * ((1.0 - s1) / (1.0 - s0)).ln();
        let got = llr(&TRINOMIAL_SCORES, &[losses, 0.0, wins], s0, s1);
        assert!(close(got, exact, 1e-9), "{wins}-{losses}: {got} vs {exact}");
    }
}

/// The normal approximation of the GSPRT (fishtest's and OpenBench's quick
/// formula): `N (s1 − s0) (2 ŝ − s0 − s1) / (2 σ̂²)` with the sample mean and
/// variance of the outcome scores. Close hypotheses make it nearly exact.
fn normal_llr(scores: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    let n: f64 = counts.iter().sum();
    let mean = scores.iter().zip(counts).map(|(a, c)| a * c).sum::<f64>() / n;
    let var = scores
        .iter()
        .zip(counts)
        .map(|(a, c)| c * (a - mean).powi(2))
        .sum::<f64>()
        / n;
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

#[test]
fn with_draws_and_pairs_it_agrees_with_the_normal_approximation() {
    for (scores, counts) in [
        (&TRINOMIAL_SCORES[..], &[480.0, 100.0, 520.0][..]),
        (&TRINOMIAL_SCORES[..], &[900.0, 40.0, 1010.0][..]),
        (
            &PENTANOMIAL_SCORES[..],
            &[100.0, 400.0, 1000.0, 450.0, 120.0][..],
        ),
        (
            &PENTANOMIAL_SCORES[..],
            &[300.0, 10.0, 900.0, 12.0, 260.0][..],
        ),
    ] {
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
        let exact = llr(scores, counts, s0, s1);
        let approx = normal_llr(scores, counts, s0, s1);
        assert!(
            (exact - approx).abs() <= 0.03 * approx.abs().max(0.1),
            "{counts:?}: {exact} vs {approx}"
        );
    }
}

#[test]
fn mirrored_results_negate_the_llr() {
    // Losses for the first engine are wins for the second: swapping the outcome
    // order and mirroring the hypotheses (H0' = −elo1, H1' = −elo0) negates it.
    let counts = [12.0, 30.0, 41.0, 25.0, 9.0];
    let mut mirrored = counts;
    mirrored.reverse();
    let (s0, s1) = (score_of_elo(-10.0), score_of_elo(40.0));
    let a = llr(&PENTANOMIAL_SCORES, &counts, s0, s1);
    let b = llr(&PENTANOMIAL_SCORES, &mirrored, 1.0 - s1, 1.0 - s0);
    assert!(close(a, -b, 1e-9), "{a} {b}");
}

#[test]
fn one_sided_results_stay_finite_and_grow() {
    let s = Sprt::parse("0,50", 0.05, 0.05).unwrap();
    let mut tally = Tally::new(Model::Pentanomial);
    assert_eq!(s.llr(&tally), 0.0);
    let mut last = 0.0;
    for _ in 0..6 {
        tally.add(Some(1.0));
        tally.add(Some(1.0));
        let l = s.llr(&tally);
        assert!(l.is_finite() && l > last, "{l} after {last}");
        last = l;
    }
    let mut tally = Tally::new(Model::Trinomial);
    for _ in 0..6 {
        tally.add(Some(0.0));
    }
    assert!(s.llr(&tally) < 0.0 && s.llr(&tally).is_finite());
}

#[test]
fn games_pair_up_and_unknown_results_are_skipped() {
    let mut t = Tally::new(Model::Pentanomial);
    for p in [
        Some(1.0),
        Some(0.0),
        Some(1.0),
        Some(1.0),
        Some(0.5),
        Some(1.0),
        None,
        Some(1.0),
        Some(0.0),
    ] {
        t.add(p);
    }
    // Pairs: 1+0, 1+1, ½+1, ?+1; the last game waits for its partner.
    assert_eq!(t.counts, [0.0, 0.0, 1.0, 1.0, 1.0]);
    assert_eq!(t.skipped, 1);
    assert_eq!(t.describe(), "pairs by points 0-0.5-1-1.5-2 0-0-1-1-1");
    let mut t = Tally::new(Model::Trinomial);
    for p in [Some(1.0), Some(0.5), None, Some(0.0), Some(1.0)] {
        t.add(p);
    }
    assert_eq!(t.describe(), "losses-draws-wins 1-1-2");
    assert_eq!(t.skipped, 1);
}

#[test]
fn bad_settings_are_refused() {
    for bad in ["", "5", "5,0", "3,3", "a,b", "0,nan", "0,2000", "0,5,9"] {
        assert!(
            matches!(Sprt::parse(bad, 0.05, 0.05), Err(SprtError::Hypotheses(_))),
            "{bad}"
        );
    }
    for rate in [0.0, 0.5, -0.1, f64::NAN, 1.0] {
        assert!(matches!(
            Sprt::parse("0,5", rate, 0.05),
            Err(SprtError::ErrorRate(_))
        ));
        assert!(Sprt::parse("0,5", 0.05, rate).is_err());
    }
    let s = Sprt::parse(" -5 , 10 ", 0.05, 0.1).unwrap();
    assert_eq!((s.elo0, s.elo1), (-5.0, 10.0));
}

/// Plays one simulated sequential test: the first engine is `elo` stronger and
/// Black is worth `colour` Elo; games alternate colours. Returns the verdict
/// and the number of games.
fn simulate(
    sprt: &Sprt,
    model: Model,
    elo: f64,
    colour: f64,
    rng: &mut FastRng,
) -> (Verdict, usize) {
    let mut tally = Tally::new(model);
    for game in 0..20_000 {
        let as_black = game % 2 == 0;
        let p = score_of_elo(if as_black { elo + colour } else { elo - colour });
        tally.add(Some(if rng.unit() < p { 1.0 } else { 0.0 }));
        let verdict = sprt.verdict(sprt.llr(&tally));
        if verdict != Verdict::Continue {
            return (verdict, game + 1);
        }
    }
    (Verdict::Continue, 20_000)
}

#[test]
fn simulated_runs_decide_with_the_promised_error_rates() {
    let sprt = Sprt::parse("0,60", 0.05, 0.05).unwrap();
    let runs = 200;
    for model in [Model::Trinomial, Model::Pentanomial] {
        let mut rng = FastRng::new(60);
        let mut rate = |elo: f64, want: Verdict| {
            let mut hits = 0;
            let mut games = 0;
            for _ in 0..runs {
                let (v, n) = simulate(&sprt, model, elo, 80.0, &mut rng);
                hits += usize::from(v == want);
                games += n;
            }
            (hits as f64 / runs as f64, games / runs)
        };
        // At either hypothesis the wrong verdict comes at most about α (β) of
        // the time; 0.1 leaves three standard deviations of 200 runs.
        let (h1_at_h0, _) = rate(0.0, Verdict::AcceptH1);
        let (h0_at_h1, mean_games) = rate(60.0, Verdict::AcceptH0);
        assert!(h1_at_h0 <= 0.1, "{model:?}: H1 accepted in {h1_at_h0}");
        assert!(h0_at_h1 <= 0.1, "{model:?}: H0 accepted in {h0_at_h1}");
        // A fixed-size test with the same errors needs about ((1.645 + 1.645)
        // σ / Δs)² = (3.29 · 0.5 / 0.0855)² ≈ 370 games here; the sequential
        // one needs far fewer on average.
        assert!(mean_games < 370, "{model:?}: {mean_games} games");
        // Clearly stronger and weaker engines are sorted right nearly always.
        let (stronger, _) = rate(150.0, Verdict::AcceptH1);
        let (weaker, _) = rate(-90.0, Verdict::AcceptH0);
        assert!(
            stronger >= 0.99 && weaker >= 0.99,
            "{model:?}: {stronger} {weaker}"
        );
    }
}
