//! Where the time of one compilation goes: every stage of `lumac::compile` timed on its own,
//! in the order `compile` runs them (the optimiser pass by pass), so a hot path shows up by
//! name in the report and in `luma-bench stages FILE`.

use std::time::Instant;

use lumac::{Diagnostics, FsReader, OptLevel, Options, Target};

use crate::corpus::Source;
use crate::stats::{thread_cpu, Budget, Sample, Times};

/// The stages, in order. Names starting with `of which` (part of the stage before) or `aside`
/// (not part of a plain compile) are timed but not added to the totals.
pub const STAGES: [&str; 10] = [
    "preprocess + parse",
    "check",
    "lower + optimize, basic, function by function (verified)",
    "aside: one IR verification (lowering ends with one)",
    "aside: canonical IR hash (only for --hash and manifests)",
    "emit SPIR-V",
    "emit GLSL",
    "emit HLSL",
    "emit MSL",
    "emit WGSL",
];

/// Times every stage of one compilation of `source` at the default level (`basic`).
fn one_run(source: &Source, options: &Options) -> Result<Vec<Times>, String> {
    let name = source.path.to_string_lossy();
    let mut times = Vec::with_capacity(STAGES.len());
    let mut clock = (Instant::now(), thread_cpu());
    let mut lap = |times: &mut Vec<Times>| {
        let now = (Instant::now(), thread_cpu());
        times.push(Times {
            wall: now.0 - clock.0,
            cpu: now.1.saturating_sub(clock.1),
        });
        clock = (Instant::now(), thread_cpu());
    };
    let fail = || format!("{name}: compilation failed");
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let mut parsed = lumac::parse(&name, &source.text, &FsReader, options, &mut diags);
    lap(&mut times);
    let mut program =
        lumac::check_taking_bodies(&mut parsed, options, &mut diags).ok_or_else(fail)?;
    lap(&mut times);
    // As `lumac::compile` does: each function optimised as soon as it is lowered.
    let module =
        lumac::lower_optimized(&mut program, &parsed, options, &mut diags).ok_or_else(fail)?;
    lap(&mut times);
    // The verifier once more on the optimised module: what the one at the end of `lower`
    // costs, about.
    lumac::verify(&module).map_err(|e| format!("{name}: {e}"))?;
    lap(&mut times);
    // `CompileResult::ir_hash` computes this on demand, for `--hash` and manifests only.
    std::hint::black_box(luma_ir::hash::canonical_hash(&module));
    lap(&mut times);
    for target in Target::ALL {
        let out = lumac::emit(&module, target, options).map_err(|e| format!("{name}: {e}"))?;
        std::hint::black_box(out);
        lap(&mut times);
    }
    Ok(times)
}

/// Whether stage `name` is part of the compile's total (see [`STAGES`]).
pub fn counted(name: &str) -> bool {
    !name.starts_with("of which") && !name.starts_with("aside")
}

/// Medians of every stage of [`STAGES`] over runs of `source`, repeated per `budget`.
pub fn breakdown(
    source: &Source,
    include_dirs: &[String],
    budget: &Budget,
) -> Result<Vec<(&'static str, Sample)>, String> {
    let options = Options {
        include_dirs: include_dirs.to_vec(),
        opt_level: OptLevel::Basic,
        hlsl_num_workgroups: Some(crate::run::HLSL_NUM_WORKGROUPS),
        ..Options::default()
    };
    let first = one_run(source, &options)?;
    let one: std::time::Duration = first.iter().map(|t| t.wall).sum();
    let budget = budget.for_cost(one);
    for _ in 1..budget.warmup {
        one_run(source, &options)?;
    }
    let mut runs: Vec<Vec<Times>> = Vec::new();
    let mut spent = std::time::Duration::ZERO;
    if budget.warmup == 0 {
        spent += one;
        runs.push(first);
    }
    while runs.len() < budget.max_runs.max(1)
        && (runs.len() < budget.min_runs.max(1) || spent < budget.time)
    {
        let r = one_run(source, &options)?;
        spent += r.iter().map(|t| t.wall).sum();
        runs.push(r);
    }
    STAGES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let column: Vec<Times> = runs.iter().filter_map(|r| r.get(i).copied()).collect();
            Sample::from_runs(&column)
                .map(|s| (*name, s))
                .ok_or_else(|| format!("no timing for {name}"))
        })
        .collect()
}
