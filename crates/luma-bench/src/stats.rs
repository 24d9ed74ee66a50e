//! Timing loops and the statistics the report shows: medians of repeated runs after warm-up,
//! and growth exponents fitted on a log-log scale.

use std::time::{Duration, Instant};

use nix::time::{clock_gettime, ClockId};

/// How long and how often to repeat one measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Runs before timing starts (caches, allocator, page faults).
    pub warmup: usize,
    /// Timed runs at least, whatever the time they take.
    pub min_runs: usize,
    /// Timed runs at most.
    pub max_runs: usize,
    /// Keep running (between `min_runs` and `max_runs`) until this much time went into timed
    /// runs.
    pub time: Duration,
}

impl Budget {
    /// The budget of the full benchmark: medians of at least 5 runs, about 1.5 s each.
    pub const FULL: Budget = Budget {
        warmup: 2,
        min_runs: 5,
        max_runs: 500,
        time: Duration::from_millis(1500),
    };

    /// A budget for the smoke test and `--quick`: one warm-up, three runs.
    pub const QUICK: Budget = Budget {
        warmup: 1,
        min_runs: 3,
        max_runs: 3,
        time: Duration::ZERO,
    };

    /// The same budget with fewer runs for inputs where one run is expensive: over 2 s, one
    /// warm-up and at least 3 runs; over 30 s (glslang on the largest input takes minutes), the
    /// first run is itself timed (`warmup: 0`: caches matter nothing at that length) and 3
    /// runs in all are kept.
    pub fn for_cost(self, one_run: Duration) -> Budget {
        if one_run > Duration::from_secs(30) {
            Budget {
                warmup: 0,
                min_runs: self.min_runs.min(3),
                max_runs: self.max_runs.min(3),
                ..self
            }
        } else if one_run > Duration::from_secs(2) {
            Budget {
                warmup: self.warmup.min(1),
                min_runs: self.min_runs.min(3),
                ..self
            }
        } else {
            self
        }
    }
}

/// The time one run took, by the wall clock and in CPU time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Times {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user + system) of the work measured.
    pub cpu: Duration,
}

impl std::ops::AddAssign for Times {
    fn add_assign(&mut self, other: Times) {
        self.wall += other.wall;
        self.cpu += other.cpu;
    }
}

/// What repeated runs of one measurement gave: medians by both clocks.
///
/// The report quotes CPU time: on a machine shared with other work, waiting for a core
/// inflates wall time but not CPU time. Wall time is kept for the single-user reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The median CPU time.
    pub cpu: Duration,
    /// The median wall time.
    pub wall: Duration,
    /// The smallest CPU time of any run.
    pub min_cpu: Duration,
    /// How many runs were timed.
    pub runs: usize,
}

impl Sample {
    /// A sample made of the given runs (`None` when there are none).
    pub fn from_runs(runs: &[Times]) -> Option<Sample> {
        let mut cpu: Vec<Duration> = runs.iter().map(|t| t.cpu).collect();
        let mut wall: Vec<Duration> = runs.iter().map(|t| t.wall).collect();
        cpu.sort();
        wall.sort();
        Some(Sample {
            cpu: median_sorted(&cpu)?,
            wall: median_sorted(&wall)?,
            min_cpu: *cpu.first()?,
            runs: runs.len(),
        })
    }

    /// The median CPU time in seconds (the figure the report compares).
    pub fn secs(&self) -> f64 {
        self.cpu.as_secs_f64()
    }

    /// The median wall time in seconds.
    pub fn wall_secs(&self) -> f64 {
        self.wall.as_secs_f64()
    }
}

/// The median of sorted durations (the mean of the middle two for an even count).
fn median_sorted(sorted: &[Duration]) -> Option<Duration> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    let hi = *sorted.get(n / 2)?;
    if n % 2 == 1 {
        return Some(hi);
    }
    let lo = *sorted.get(n / 2 - 1)?;
    Some((lo + hi) / 2)
}

/// CPU time this thread has used so far (nanosecond resolution; `getrusage` counts in
/// scheduler ticks for a thread, too coarse for a shader that compiles in a millisecond).
pub fn thread_cpu() -> Duration {
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(Duration::ZERO, |t| {
        Duration::from_secs(u64::try_from(t.tv_sec()).unwrap_or(0))
            + Duration::from_nanos(u64::try_from(t.tv_nsec()).unwrap_or(0))
    })
}

/// Runs `f` under `budget` and returns the medians of the timed runs. `f` reports its own
/// times (so setup it does not want timed stays out); a failed run ends the measurement.
pub fn measure_with(
    budget: &Budget,
    mut f: impl FnMut() -> Result<Times, String>,
) -> Result<Sample, String> {
    let first = f()?;
    let budget = budget.for_cost(first.wall);
    for _ in 1..budget.warmup {
        f()?;
    }
    let mut runs = Vec::new();
    let mut spent = Duration::ZERO;
    if budget.warmup == 0 {
        spent += first.wall;
        runs.push(first);
    }
    while runs.len() < budget.max_runs.max(1)
        && (runs.len() < budget.min_runs.max(1) || spent < budget.time)
    {
        let t = f()?;
        spent += t.wall;
        runs.push(t);
    }
    Sample::from_runs(&runs).ok_or_else(|| "no timed run".to_string())
}

/// [`measure_with`] for a closure that runs on this thread, timed as a whole.
pub fn measure<T>(
    budget: &Budget,
    mut f: impl FnMut() -> Result<T, String>,
) -> Result<Sample, String> {
    measure_with(budget, || {
        let cpu = thread_cpu();
        let start = Instant::now();
        let value = f()?;
        let wall = start.elapsed();
        let cpu = thread_cpu().saturating_sub(cpu);
        drop(value);
        Ok(Times { wall, cpu })
    })
}

/// The exponent `k` of the least-squares fit `y = c * x^k` through `points` (`None` with
/// fewer than two distinct `x` or a non-positive value).
pub fn growth_exponent(points: &[(f64, f64)]) -> Option<f64> {
    if points.iter().any(|&(x, y)| x <= 0.0 || y <= 0.0) {
        return None;
    }
    let logs: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x.ln(), y.ln())).collect();
    let n = logs.len() as f64;
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= f64::EPSILON {
        return None;
    }
    Some(sxy / sxx)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ms: u64) -> Times {
        Times {
            wall: Duration::from_millis(ms * 2),
            cpu: Duration::from_millis(ms),
        }
    }

    #[test]
    fn medians() {
        let ms = Duration::from_millis;
        let s = Sample::from_runs(&[t(5), t(1), t(3)]).unwrap();
        assert_eq!((s.cpu, s.wall, s.min_cpu, s.runs), (ms(3), ms(6), ms(1), 3));
        let s = Sample::from_runs(&[t(4), t(1), t(2), t(3)]).unwrap();
        assert_eq!(s.cpu, Duration::from_micros(2500));
        assert!(Sample::from_runs(&[]).is_none());
    }

    #[test]
    fn thread_cpu_advances() {
        let before = thread_cpu();
        let mut x = 0u64;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(30) {
            x = x.wrapping_mul(31).wrapping_add(7);
        }
        std::hint::black_box(x);
        assert!(thread_cpu() > before);
    }

    #[test]
    fn expensive_runs_get_smaller_budgets() {
        let full = Budget::FULL;
        assert_eq!(full.for_cost(Duration::from_millis(10)), full);
        let slow = full.for_cost(Duration::from_secs(5));
        assert_eq!((slow.warmup, slow.min_runs), (1, 3));
        let very_slow = full.for_cost(Duration::from_secs(60));
        assert_eq!(
            (very_slow.warmup, very_slow.min_runs, very_slow.max_runs),
            (0, 3, 3)
        );
    }

    #[test]
    fn first_run_is_timed_when_it_is_very_long() {
        // A 31 s first run makes the full budget one of exactly 3 runs, the first among them.
        let mut calls = 0;
        let long = Duration::from_secs(31);
        let s = measure_with(&Budget::FULL, || {
            calls += 1;
            Ok(Times {
                wall: long,
                cpu: long + Duration::from_secs(calls),
            })
        })
        .unwrap();
        assert_eq!((calls, s.runs), (3, 3));
        // CPU times 32, 33, 34 s: the first run is in the median.
        assert_eq!(s.min_cpu, Duration::from_secs(32));
    }

    #[test]
    fn exponents() {
        let linear = [(1.0, 2.0), (4.0, 8.0), (16.0, 32.0)];
        assert!((growth_exponent(&linear).unwrap() - 1.0).abs() < 1e-9);
        let quadratic = [(1.0, 1.0), (4.0, 16.0), (16.0, 256.0)];
        assert!((growth_exponent(&quadratic).unwrap() - 2.0).abs() < 1e-9);
        assert!(growth_exponent(&[(1.0, 1.0)]).is_none());
        assert!(growth_exponent(&[(1.0, 0.0), (2.0, 1.0)]).is_none());
    }

    #[test]
    fn budgets_stop() {
        let mut calls = 0;
        let s = measure_with(&Budget::QUICK, || {
            calls += 1;
            Ok(t(1))
        })
        .unwrap();
        // One warm-up (the first call) and three timed runs.
        assert_eq!((calls, s.runs), (4, 3));
        let err = measure(&Budget::QUICK, || Err::<(), _>("boom".to_string()));
        assert_eq!(err, Err("boom".to_string()));
    }
}
