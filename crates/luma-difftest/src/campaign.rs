//! A run over many seeds: build cases of a few programs each, run every source, and for each
//! disagreement minimise the case and save it.

use std::path::PathBuf;
use std::time::Instant;

use luma_opt::OptLevel;

use crate::ast::Case;
use crate::eval::{self, Outputs};
use crate::gen::Config;
use crate::minimize;
use crate::print;
use crate::regress::{self, Built};
use crate::rng::mix;
use crate::run::{self, Env, Kind, Source, Timing, Verdict};

/// What to run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// First program seed.
    pub start: u64,
    /// Number of programs.
    pub count: u64,
    /// Programs per shader.
    pub batch: usize,
    /// Program size.
    pub config: Config,
    /// Which kinds of sources run.
    pub kinds: Vec<Kind>,
    /// At which opt levels.
    pub opts: Vec<OptLevel>,
    /// Minimise disagreements.
    pub minimize: bool,
    /// Where minimised programs are saved (`None`: not saved).
    pub save: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            start: 0,
            count: 100,
            batch: 8,
            config: Config::default(),
            kinds: Kind::ALL.to_vec(),
            opts: run::OPT_LEVELS.to_vec(),
            minimize: true,
            save: None,
        }
    }
}

/// One disagreement.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The program seeds of the case.
    pub seeds: Vec<u64>,
    /// The sources that disagreed, with how.
    pub bad: Vec<(Source, Verdict)>,
    /// The case's source text.
    pub text: String,
    /// The minimised case and its expected outputs.
    pub minimized: Option<(Case, Outputs)>,
    /// Where it was saved.
    pub saved: Option<PathBuf>,
}

impl Finding {
    /// A report for a person: who disagreed, how, and the smallest program.
    pub fn describe(&self) -> String {
        let mut s = format!("programs {:?}:\n", self.seeds);
        for (src, v) in &self.bad {
            match v {
                Verdict::Mismatch(slots) => {
                    s.push_str(&format!("  {src}: {} slot(s) differ\n", slots.len()));
                    for slot in slots.iter().take(4) {
                        s.push_str(&format!("    {slot}\n"));
                    }
                }
                Verdict::Error(e) => {
                    let short: String = e.lines().take(12).collect::<Vec<_>>().join("\n    ");
                    s.push_str(&format!("  {src}: {short}\n"));
                }
                Verdict::Agree => {}
            }
        }
        if let Some((c, _)) = &self.minimized {
            s.push_str("  minimised program:\n");
            s.push_str(&print::case(c));
        }
        if let Some(p) = &self.saved {
            s.push_str(&format!("  saved as {}\n", p.display()));
        }
        s
    }
}

/// Totals of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Programs run.
    pub programs: u64,
    /// Shaders run.
    pub cases: u64,
    /// Programs drawn again because their result was not determinate.
    pub redrawn: usize,
    /// Malformed programs (generator bugs), with the reason.
    pub malformed: Vec<(u64, String)>,
    /// Comparisons made (source × shader).
    pub comparisons: u64,
    /// Device jobs run.
    pub device_runs: usize,
    /// Disagreements.
    pub findings: Vec<Finding>,
    /// Where the time went.
    pub timing: Timing,
    /// Wall time.
    pub seconds: f64,
}

/// Whether `v` still fails the way `original` did.
fn same_failure(original: &Verdict, v: &Verdict) -> bool {
    match (original, v) {
        // The same slot still differs: deleting code moves no slot, and requiring one keeps
        // the minimiser from drifting to another disagreement.
        (Verdict::Mismatch(a), Verdict::Mismatch(b)) => a
            .iter()
            .any(|x| b.iter().any(|y| x.buf == y.buf && x.index == y.index)),
        _ => v.is_bad() && v.signature() == original.signature(),
    }
}

/// Minimises `case` while one of `bad` still fails the same way.
pub fn shrink(env: &Env, case: &Case, bad: &[(Source, Verdict)]) -> (Case, Outputs, usize) {
    let which: Vec<Source> = bad.iter().map(|(s, _)| *s).collect();
    let dir = env.scratch().join("minimize");
    let mut interesting = |c: &Case| -> bool {
        let Ok(expected) = eval::run(c) else {
            return false;
        };
        let Ok(prepared) = regress::write_case(&dir, "candidate", "minimising", c, &expected)
        else {
            return false;
        };
        let report = run::run(env, &prepared, &which);
        report
            .results
            .iter()
            .any(|(src, v)| bad.iter().any(|(s0, v0)| s0 == src && same_failure(v0, v)))
    };
    let (small, tries) = minimize::minimize(case, &mut interesting);
    // Fewer, renumbered output slots when the disagreement survives it.
    let compact = minimize::compact_slots(&small);
    let small = if interesting(&compact) {
        compact
    } else {
        small
    };
    let expected = eval::run(&small).unwrap_or(Outputs {
        out: Vec::new(),
        fout: Vec::new(),
    });
    (small, expected, tries)
}

impl Summary {
    /// Adds the totals of `other`, a run over other seeds, after this one's.
    pub fn absorb(&mut self, other: Summary) {
        self.programs += other.programs;
        self.cases += other.cases;
        self.redrawn += other.redrawn;
        self.malformed.extend(other.malformed);
        self.comparisons += other.comparisons;
        self.device_runs += other.device_runs;
        self.findings.extend(other.findings);
        self.timing.add(&other.timing);
    }
}

/// Runs the settings' seeds on up to `workers` threads, each with its own [`Env`] from `open`
/// (given the worker's number; a Vulkan device and its validation messages are per `Env`).
/// Why threads: nearly all of a run is the Vulkan driver compiling pipelines, one at a time
/// per device, so a second device on a second core halves the wall time.
///
/// The seeds are split at whole batches, so the shaders are those of [`campaign`] over the
/// same settings, and the summary lists them in seed order whatever the number of workers.
/// `log` receives progress lines from every worker as they come.
pub fn campaign_parallel(
    settings: &Settings,
    workers: usize,
    open: &(dyn Fn(usize) -> Result<Env, String> + Sync),
    log: &(dyn Fn(&str) + Sync),
) -> Result<Summary, String> {
    let start = Instant::now();
    let batch = settings.batch.max(1) as u64;
    let batches = settings.count.div_ceil(batch);
    let workers = (workers.max(1) as u64).min(batches.max(1));
    // Worker `w` runs batches [w * batches / workers, (w + 1) * batches / workers).
    let parts: Vec<Settings> = (0..workers)
        .map(|w| {
            let first = w * batches / workers * batch;
            let end = ((w + 1) * batches / workers * batch).min(settings.count);
            Settings {
                start: settings.start + first,
                count: end.saturating_sub(first),
                ..settings.clone()
            }
        })
        .collect();
    let results: Vec<Result<Summary, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .iter()
            .enumerate()
            .map(|(w, part)| {
                scope.spawn(move || {
                    let env = open(w)?;
                    Ok(campaign(&env, part, &mut |line: &str| log(line)))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a campaign worker panicked".to_string()))
            })
            .collect()
    });
    let mut sum = Summary::default();
    for r in results {
        sum.absorb(r?);
    }
    sum.seconds = start.elapsed().as_secs_f64();
    Ok(sum)
}

/// Runs the settings' seeds; `log` receives progress lines.
pub fn campaign(env: &Env, s: &Settings, log: &mut dyn FnMut(&str)) -> Summary {
    let start = Instant::now();
    let mut sum = Summary::default();
    let which = run::sources(&s.kinds, &s.opts);
    let which: Vec<Source> = which
        .into_iter()
        .filter(|src| env.has_device() || !src.kind.device())
        .collect();
    let seeds: Vec<u64> = (s.start..s.start + s.count).collect();
    for chunk in seeds.chunks(s.batch.max(1)) {
        let first = chunk.first().copied().unwrap_or(0);
        let built: Built = regress::build(mix(first, u64::MAX), chunk, s.config);
        sum.programs += built.case.programs.len() as u64;
        sum.cases += 1;
        sum.redrawn += built.redrawn;
        sum.malformed.extend(built.malformed.iter().cloned());
        let name = format!("case_{first}");
        let prepared = match regress::write_case(
            env.scratch(),
            &name,
            "luma-difftest case",
            &built.case,
            &built.expected,
        ) {
            Ok(p) => p,
            Err(e) => {
                log(&format!("{name}: cannot write the case: {e}"));
                continue;
            }
        };
        let report = run::run(env, &prepared, &which);
        sum.comparisons += report.results.len() as u64;
        sum.device_runs += report.device_runs;
        sum.timing.add(&report.seconds);
        let bad: Vec<(Source, Verdict)> = report.bad().into_iter().cloned().collect();
        if bad.is_empty() {
            log(&format!(
                "{name}: {} programs agree ({} sources)",
                built.case.programs.len(),
                report.results.len()
            ));
            continue;
        }
        let names: Vec<String> = bad.iter().map(|(s, _)| s.to_string()).collect();
        log(&format!("{name}: DISAGREEMENT in {}", names.join(", ")));
        let mut finding = Finding {
            seeds: chunk.to_vec(),
            bad: bad.clone(),
            text: print::case(&built.case),
            minimized: None,
            saved: None,
        };
        if s.minimize {
            let t = Instant::now();
            let (small, expected, tries) = shrink(env, &built.case, &bad);
            log(&format!(
                "{name}: minimised from {} to {} statements in {tries} tries ({:.1} s)",
                minimize::size(&built.case),
                minimize::size(&small),
                t.elapsed().as_secs_f64()
            ));
            if let Some(dir) = &s.save {
                let desc = format!(
                    "found by luma-difftest (program seeds {:?}): {} disagreed with the language's meaning",
                    chunk,
                    names.join(", ")
                );
                let file = format!("seed_{first}");
                match regress::write_case(dir, &file, &desc, &small, &expected) {
                    Ok(p) => finding.saved = Some(p.source),
                    Err(e) => log(&format!("{name}: cannot save: {e}")),
                }
            }
            finding.minimized = Some((small, expected));
        }
        log(&finding.describe());
        sum.findings.push(finding);
    }
    sum.seconds = start.elapsed().as_secs_f64();
    sum
}
