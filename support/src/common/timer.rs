//! The interleaved timer: every run of a comparison timed back to back, round after round, so
//! that a slow spell of a shared machine hits all of them alike; ratios are taken within a round
//! and summarized as median [min-max] over the rounds. Shared by the formatters bench's ratio
//! mode, the report and the tour.

use std::fmt;
use std::time::Instant;

/// One thing to time: a closure doing the whole timed unit once.
pub type Run<'a> = Box<dyn FnMut() + 'a>;

/// How many times to run.
#[derive(Clone, Copy, Debug)]
pub struct Rounds {
    /// Untimed runs of each run before the first round.
    pub warm_up: usize,
    /// Timed rounds.
    pub rounds: usize,
    /// Runs of each run per round; the fastest counts.
    pub reps: usize,
}

/// Seconds taken by one call of `run`.
pub fn seconds(run: &mut dyn FnMut()) -> f64 {
    let start = Instant::now();
    run();
    start.elapsed().as_secs_f64()
}

/// The fastest of `reps` back-to-back calls of `run`, in seconds.
pub fn best_of(reps: usize, run: &mut dyn FnMut()) -> f64 {
    (0..reps)
        .map(|_| seconds(run))
        .fold(f64::INFINITY, f64::min)
}

/// Times `runs` in interleaved rounds after a warm-up: `times[run][round]`, in seconds, each the
/// best of `reps` back-to-back calls. Each round starts with the next run, so that none always
/// goes first.
pub fn interleaved(runs: &mut [Run<'_>], rounds: Rounds) -> Vec<Vec<f64>> {
    for run in runs.iter_mut() {
        for _ in 0..rounds.warm_up {
            run();
        }
    }
    let mut times = vec![Vec::with_capacity(rounds.rounds); runs.len()];
    for round in 0..rounds.rounds {
        for k in 0..runs.len() {
            let i = (round + k) % runs.len();
            times[i].push(best_of(rounds.reps, &mut *runs[i]));
        }
    }
    times
}

/// The median and the range of some values (per-round times or ratios).
#[derive(Clone, Copy, Debug)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    /// The spread of `xs` (not empty).
    pub fn of(mut xs: Vec<f64>) -> Spread {
        xs.sort_by(f64::total_cmp);
        let mid = xs.len() / 2;
        let median = if xs.len() % 2 == 1 {
            xs[mid]
        } else {
            (xs[mid - 1] + xs[mid]) / 2.0
        };
        Spread {
            median,
            min: xs[0],
            max: xs[xs.len() - 1],
        }
    }

    /// The spread of the per-round ratios `a[r] / b[r]`.
    pub fn ratio(a: &[f64], b: &[f64]) -> Spread {
        Spread::of(a.iter().zip(b).map(|(a, b)| a / b).collect())
    }
}

/// A time given in nanoseconds, with three significant digits and a unit (`ns`, `µs`, `ms`,
/// `s`).
pub fn format_nanos(ns: f64) -> String {
    let (value, unit) = match ns {
        n if n < 1e3 => (n, "ns"),
        n if n < 1e6 => (n / 1e3, "µs"),
        n if n < 1e9 => (n / 1e6, "ms"),
        n => (n / 1e9, "s"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// `median [min-max]`, two decimals.
impl fmt::Display for Spread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2} [{:.2}-{:.2}]", self.median, self.min, self.max)
    }
}
