//! The statistics of a run: the distribution of one side's results, and the paired
//! comparison of two sides played on the same seeds.
//!
//! Confidence intervals and p-values use Student's t distribution (computed here from
//! the regularized incomplete beta function), so they are right for small runs too; for
//! runs of thousands of games they equal the normal approximation.

use serde::{Deserialize, Serialize};

/// How the results of one side are distributed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    pub games: usize,
    pub mean: f64,
    /// Sample standard deviation (0 for a single game).
    pub sd: f64,
    /// 95% confidence interval of the mean (the mean itself for a single game).
    pub ci95: [f64; 2],
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
}

impl Distribution {
    /// `values` must not be empty.
    pub fn of(values: &[f64]) -> Distribution {
        let (mean, sd, ci95) = mean_sd_ci(values);
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Distribution {
            games: values.len(),
            mean,
            sd,
            ci95,
            min: sorted[0],
            q1: quantile(&sorted, 0.25),
            median: quantile(&sorted, 0.5),
            q3: quantile(&sorted, 0.75),
            max: sorted[sorted.len() - 1],
        }
    }
}

/// Side A against side B (the side it is compared against), game by game on the same
/// seeds: what A changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    pub games: usize,
    /// Mean of (A − B) over the games.
    pub mean_difference: f64,
    pub ci95: [f64; 2],
    /// Student's t of the paired test (absent when every difference is the same).
    pub t: Option<f64>,
    /// Two-sided p-value of the paired t test.
    pub p_value: f64,
    /// p < 0.05.
    pub significant: bool,
    pub b_better: usize,
    pub equal: usize,
    pub a_better: usize,
}

impl Paired {
    /// `a` and `b` hold the results of the same games in the same order (not empty).
    pub fn of(a: &[f64], b: &[f64]) -> Paired {
        let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        let (mean, sd, ci95) = mean_sd_ci(&diffs);
        let n = diffs.len();
        let (t, p_value) = if n < 2 {
            // One difference tells nothing of the spread: no test.
            (None, 1.0)
        } else if sd > 0.0 {
            let t = mean / (sd / (n as f64).sqrt());
            (Some(t), t_two_sided_p(t, (n - 1) as f64))
        } else {
            // Every game differs by the same amount: certain if it is not zero.
            (None, if mean == 0.0 { 1.0 } else { 0.0 })
        };
        Paired {
            games: n,
            mean_difference: mean,
            ci95,
            t,
            p_value,
            significant: p_value < 0.05,
            b_better: diffs.iter().filter(|d| **d < 0.0).count(),
            equal: diffs.iter().filter(|d| **d == 0.0).count(),
            a_better: diffs.iter().filter(|d| **d > 0.0).count(),
        }
    }
}

/// Mean, sample standard deviation and the 95% t interval of the mean.
fn mean_sd_ci(values: &[f64]) -> (f64, f64, [f64; 2]) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0, [mean, mean]);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let sd = var.sqrt();
    let half = t_quantile_975(n - 1.0) * sd / n.sqrt();
    (mean, sd, [mean - half, mean + half])
}

/// The `q` quantile of sorted values, interpolated between neighbours (R's type 7).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let lo = h.floor() as usize;
    let hi = h.ceil() as usize;
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// Two-sided p-value of Student's t with `df` degrees of freedom.
pub fn t_two_sided_p(t: f64, df: f64) -> f64 {
    incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
}

/// The t value with 2.5% of the distribution above it (found by bisection on the p-value).
fn t_quantile_975(df: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, 1000.0);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if t_two_sided_p(mid, df) > 0.05 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The regularized incomplete beta function I_x(a, b), by its continued fraction
/// (modified Lentz), using the symmetry I_x(a,b) = 1 − I_{1−x}(b,a) where that
/// converges faster.
fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(a, b, x) / a
    } else {
        1.0 - front * beta_fraction(b, a, 1.0 - x) / b
    }
}

fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..300 {
        let m = m as f64;
        for numerator in [
            m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0)),
        ] {
            d = 1.0 + numerator * d;
            if d.abs() < TINY {
                d = TINY;
            }
            c = 1.0 + numerator / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            h *= d * c;
        }
        if (d * c - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = C[1..]
        .iter()
        .enumerate()
        .fold(C[0], |s, (i, c)| s + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn t_p_values_match_tables() {
        // Two-sided p of Student's t (R: 2 * pt(-|t|, df)).
        for (t, df, p) in [
            (2.0, 10.0, 0.073_388),
            (2.228_139, 10.0, 0.05),
            (1.0, 1.0, 0.5),
            (1.959_964, 1e6, 0.05),
            (0.0, 5.0, 1.0),
            (5.0, 30.0, 2.329_669e-5),
        ] {
            let got = t_two_sided_p(t, df);
            assert!(
                close(got, p, p * 1e-3 + 1e-9),
                "t={t} df={df}: {got} != {p}"
            );
        }
        assert!(close(t_quantile_975(10.0), 2.228_139, 1e-5));
        assert!(close(t_quantile_975(1e6), 1.959_966, 1e-5));
    }

    #[test]
    fn distribution_of_a_small_sample() {
        let d = Distribution::of(&[4.0, 1.0, 3.0, 2.0, 10.0]);
        assert_eq!((d.games, d.mean, d.min, d.max), (5, 4.0, 1.0, 10.0));
        assert_eq!((d.q1, d.median, d.q3), (2.0, 3.0, 4.0));
        assert!(close(d.sd, 3.535_534, 1e-6));
        // mean ± t(0.975, 4) · sd / √5, t = 2.776445
        assert!(close(d.ci95[0], 4.0 - 4.389_91, 1e-4), "{:?}", d.ci95);
        assert!(close(d.ci95[1], 4.0 + 4.389_91, 1e-4), "{:?}", d.ci95);
        let one = Distribution::of(&[7.0]);
        assert_eq!((one.sd, one.ci95), (0.0, [7.0, 7.0]));
    }

    #[test]
    fn paired_comparison_counts_and_tests_the_differences() {
        let a = [10.0, 12.0, 9.0, 14.0, 11.0, 10.0];
        let b = [12.0, 15.0, 9.0, 17.0, 12.0, 13.0];
        let p = Paired::of(&a, &b);
        assert_eq!((p.b_better, p.equal, p.a_better), (5, 1, 0));
        assert!(close(p.mean_difference, -2.0, 1e-12));
        // diffs (A − B) −2,−3,0,−3,−1,−3: sd 1.264911, t = −3.872983, df 5, p = 0.011725
        assert!(close(p.t.unwrap(), -3.872_983, 1e-5));
        assert!(close(p.p_value, 0.011_725, 1e-5), "{}", p.p_value);
        assert!(p.significant);
        let same = Paired::of(&a, &a);
        assert_eq!((same.t, same.p_value, same.significant), (None, 1.0, false));
        let one = Paired::of(&[365.0], &[356.0]);
        assert_eq!((one.t, one.p_value, one.significant), (None, 1.0, false));
        let alike = Paired::of(&[365.0, 365.0], &[356.0, 356.0]);
        assert_eq!((alike.p_value, alike.significant), (0.0, true));
    }
}
