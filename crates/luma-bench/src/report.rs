//! The markdown report (`docs/benchmarks.md`): the machine, the targets of issue 11 and where
//! Luma stands, then every table, medians with ratios Luma/peer.

use std::fmt::Write as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lumac::Target;

use crate::corpus::Class;
use crate::run::{CaseResult, ProcSample, Results};
use crate::spirv::Counts;
use crate::stats::{growth_exponent, Budget, Sample};
use crate::tools::{Machine, Tools};

/// The memory target: at most this many bytes of peak memory per byte of source...
pub const MEMORY_BYTES_PER_SOURCE_BYTE: u64 = 8;
/// ... plus this many bytes.
pub const MEMORY_FIXED: u64 = 10 << 20;
/// The speed target: Luma at least this many times naga's throughput to SPIR-V.
pub const SPEED_FACTOR: f64 = 3.0;
/// Growth exponents up to this count as linear (timing noise on shared machines).
pub const LINEAR_EXPONENT: f64 = 1.15;

/// A duration for a table: three significant digits, in ms or s.
pub fn dur(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms >= 10_000.0 {
        format!("{:.1} s", ms / 1e3)
    } else if ms >= 1000.0 {
        format!("{:.2} s", ms / 1e3)
    } else if ms >= 100.0 {
        format!("{ms:.0} ms")
    } else if ms >= 10.0 {
        format!("{ms:.1} ms")
    } else if ms >= 1.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.3} ms")
    }
}

fn med(s: &Sample) -> String {
    dur(s.cpu)
}

/// Bytes as MiB with one decimal.
pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
}

fn ratio(a: f64, b: f64) -> String {
    if b <= 0.0 {
        return "-".to_string();
    }
    let r = a / b;
    if r >= 10.0 {
        format!("{r:.1}")
    } else {
        format!("{r:.2}")
    }
}

fn per_sec(amount: f64, d: Duration) -> f64 {
    let s = d.as_secs_f64();
    if s <= 0.0 {
        0.0
    } else {
        amount / s
    }
}

fn mb_s(bytes: usize, d: Duration) -> String {
    format!("{:.2}", per_sec(bytes as f64, d) / 1e6)
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn luma_time(case: &CaseResult, target: Option<Target>) -> Option<&Sample> {
    case.luma.iter().find(|(t, _)| *t == target).map(|(_, s)| s)
}

fn large(results: &Results) -> Vec<(usize, &CaseResult)> {
    results
        .cases
        .iter()
        .filter_map(|c| match c.class {
            Class::Large { scale } => Some((scale, c)),
            _ => None,
        })
        .collect()
}

fn memory_limit(bytes: usize) -> u64 {
    bytes as u64 * MEMORY_BYTES_PER_SOURCE_BYTE + MEMORY_FIXED
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "**met**"
    } else {
        "**not met**"
    }
}

/// The report for `results`, measured on `machine` with `tools`.
pub fn render(results: &Results, machine: &Machine, tools: &Tools, budget: &Budget) -> String {
    let mut o = String::new();
    let w = &mut o;
    let _ = writeln!(w, "# Luma benchmarks\n");
    let _ = writeln!(
        w,
        "Written by `scripts/bench.sh` (the `luma-bench` crate) on {}; the whole run took {}. \
         Do not edit: rerun the command. Issue 11 asks for these figures; \
         `bench/README.md` describes the inputs and the method.\n",
        today(),
        dur(results.elapsed)
    );

    let _ = writeln!(w, "## Machine\n");
    let _ = writeln!(w, "| | |\n|---|---|");
    let _ = writeln!(w, "| CPU | {} |", machine.cpu);
    let _ = writeln!(w, "| Logical cores | {} |", machine.cores);
    let _ = writeln!(w, "| Memory | {} |", mib(machine.memory));
    let _ = writeln!(w, "| OS | {} |", machine.os);
    let _ = writeln!(w, "| Rust | {} |", machine.rustc);
    let _ = writeln!(
        w,
        "| Luma | {} (release build), commit {} |",
        tools.luma.version, machine.commit
    );
    let _ = writeln!(w, "| naga | naga-cli {} |", tools.naga.version);
    let _ = writeln!(w, "| glslang | {} |", tools.glslang.version);
    let _ = writeln!(w, "| spirv-opt | {} |", tools.spirv_opt.version);
    let _ = writeln!(
        w,
        "| Load average (1 min) | {} at the start, {} at the end |",
        results.load_before, results.load_after
    );
    let _ = writeln!(
        w,
        "| Method | median of at least {} timed runs (at least 3 when one run takes over 2 s) \
         after {} warm-up (one when a run takes over 2 s; none, and exactly 3 runs, when it \
         takes over 30 s), each measurement repeated for at least {:.1} s. Times are CPU time \
         (user + system; in process: this thread's), wall-clock medians are in their own \
         table. Processes are measured by a probe that waits for them (wall time, CPU time, \
         peak RSS from `getrusage(RUSAGE_CHILDREN)`). In-process figures (Luma and the naga \
         crate alike) run under mimalloc, the `luma` binary's allocator |\n",
        budget.min_runs,
        budget.warmup,
        budget.time.as_secs_f64()
    );

    targets(w, results);
    inputs(w, results);
    luma_table(w, results);
    front_table(w, results);
    stages_table(w, results);
    naga_table(w, results);
    glslang_table(w, results);
    wall_table(w, results);
    memory_table(w, results);
    growth_table(w, results);
    counts_table(w, results);
    outputs_table(w, results);
    o
}

fn targets(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Targets\n");
    let _ = writeln!(w, "| target | figure | status |\n|---|---|---|");
    if let Some((_, one)) = large(results).into_iter().find(|(s, _)| *s == 1) {
        if let Some(spirv) = luma_time(one, Some(Target::Spirv)) {
            let inproc = one.naga_inproc.secs() / spirv.secs().max(f64::MIN_POSITIVE);
            let process = one.naga_proc.time.secs() / one.luma_proc_spirv.time.secs().max(1e-12);
            let _ = writeln!(
                w,
                "| Luma at least {SPEED_FACTOR}x naga's throughput to SPIR-V on the large \
                 shader ({} lines) | in process: Luma {} vs naga {} = **{:.2}x**; as \
                 processes: Luma {} vs naga {} = **{:.2}x** | {} |",
                thousands(one.lines),
                med(spirv),
                med(&one.naga_inproc),
                inproc,
                med(&one.luma_proc_spirv.time),
                med(&one.naga_proc.time),
                process,
                verdict(inproc >= SPEED_FACTOR && process >= SPEED_FACTOR)
            );
        }
    }
    let scaled = large(results);
    let points = |f: &dyn Fn(&CaseResult) -> f64| -> Vec<(f64, f64)> {
        scaled.iter().map(|(s, c)| (*s as f64, f(c))).collect()
    };
    let time_exp = growth_exponent(&points(&|c| {
        luma_time(c, Some(Target::Spirv)).map_or(0.0, Sample::secs)
    }));
    let all_exp = growth_exponent(&points(&|c| luma_time(c, None).map_or(0.0, Sample::secs)));
    let mem_exp = growth_exponent(&points(&|c| c.luma_proc_all.max_rss as f64));
    // The `luma` process too, not only the in-process figures: repeated compilations in one
    // process reuse memory the first one faulted in, so they grow more gently than a build
    // tool's fresh process does.
    let proc_exp = growth_exponent(&points(&|c| c.luma_proc_spirv.time.secs()));
    let proc_all_exp = growth_exponent(&points(&|c| c.luma_proc_all.time.secs()));
    let show = |e: Option<f64>| e.map_or("-".to_string(), |e| format!("{e:.2}"));
    let linear = [time_exp, all_exp, proc_exp, proc_all_exp]
        .iter()
        .all(|e| e.is_some_and(|e| e <= LINEAR_EXPONENT));
    let _ = writeln!(
        w,
        "| Linear growth with size (1x, 4x, 16x) | growth exponent of time to SPIR-V {} in \
         process and {} as a process, to all five {} and {}; of peak memory {} (1.00 is \
         linear; the target is at most {LINEAR_EXPONENT:.2} for each time) | {} |",
        show(time_exp),
        show(proc_exp),
        show(all_exp),
        show(proc_all_exp),
        show(mem_exp),
        verdict(linear)
    );
    let mut worst: Option<(&CaseResult, f64)> = None;
    let mut all_ok = true;
    let mut rows = Vec::new();
    for (scale, c) in &scaled {
        let rss = c.luma_proc_all.max_rss.max(c.luma_proc_spirv.max_rss);
        let limit = memory_limit(c.bytes);
        all_ok &= rss <= limit;
        rows.push(format!("{scale}x: {} of {}", mib(rss), mib(limit)));
        let per_byte = rss as f64 / c.bytes.max(1) as f64;
        if worst.is_none_or(|(_, b)| per_byte > b) {
            worst = Some((c, per_byte));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(
            w,
            "| Peak memory under {MEMORY_BYTES_PER_SOURCE_BYTE} bytes per source byte + {} \
             (the `luma` binary, all five targets) | {}; worst {:.1} bytes per source byte | {} |",
            mib(MEMORY_FIXED),
            rows.join("; "),
            worst.map_or(0.0, |(_, b)| b),
            verdict(all_ok)
        );
    }
    let _ = writeln!(w);
}

fn inputs(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Inputs\n");
    let _ = writeln!(
        w,
        "`small` is every shader of `tests/shaders` and `examples/`, compiled one file at a \
         time (figures are for the whole set); `medium` and `large-*` are generated by \
         `luma-bench generate` (realistic modules of structs, helpers, loops, branches, vector \
         and integer math, buffer, uniform and texture reads; every function reachable from \
         the three entry points).\n"
    );
    let _ = writeln!(
        w,
        "| case | files | lines | bytes | entry points | SHA-256 of the sources |\n|---|---:|---:|---:|---:|---|"
    );
    for c in &results.cases {
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | `{}` |",
            c.name,
            c.files,
            thousands(c.lines),
            thousands(c.bytes),
            c.entry_points,
            c.digest.get(..16).unwrap_or(&c.digest)
        );
    }
    let _ = writeln!(w);
}

fn luma_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Luma end to end, in process\n");
    let _ = writeln!(
        w,
        "`lumac::compile` from source text to the target's bytes (default options: `--opt \
         basic`), median per run over the case's files. The last column is SPIR-V at \
         `--opt none`.\n"
    );
    let _ = writeln!(
        w,
        "| case | SPIR-V | GLSL | HLSL | MSL | WGSL | all five | SPIR-V, opt none | all five, MB/s | all five, lines/s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let mut row = format!("| {} ", c.name);
        for t in Target::ALL {
            let _ = write!(row, "| {} ", luma_time(c, Some(t)).map_or("-".into(), med));
        }
        let all = luma_time(c, None);
        let _ = write!(
            row,
            "| {} | {} | {} | {:.0} |",
            all.map_or("-".into(), med),
            med(&c.luma_spirv_opt_none),
            all.map_or("-".into(), |s| mb_s(c.bytes, s.cpu)),
            all.map_or(0.0, |s| per_sec(c.lines as f64, s.cpu))
        );
        let _ = writeln!(w, "{row}");
    }
    let _ = writeln!(w);
}

fn front_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Front-end throughput, in process\n");
    let _ = writeln!(
        w,
        "Each column includes the stages before it: preprocess + parse; + type check; + \
         lowering to verified IR (at `--opt none`); + optimisation (`basic`, each function as \
         soon as it is lowered, as `lumac::compile` does). Throughput is source bytes and \
         lines per second of wall time.\n"
    );
    let _ = writeln!(
        w,
        "| case | parse | MB/s | lines/s | +check | MB/s | lines/s | +lower | MB/s | lines/s | +optimize | MB/s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let f = &c.front;
        let cell = |s: &Sample| {
            format!(
                "{} | {} | {:.0}",
                med(s),
                mb_s(c.bytes, s.cpu),
                per_sec(c.lines as f64, s.cpu)
            )
        };
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | {} |",
            c.name,
            cell(&f.parse),
            cell(&f.check),
            cell(&f.lower),
            med(&f.optimize),
            mb_s(c.bytes, f.optimize.cpu)
        );
    }
    let _ = writeln!(w);
}

fn stages_table(w: &mut String, results: &Results) {
    for c in &results.cases {
        if c.stages.is_empty() {
            continue;
        }
        let _ = writeln!(w, "## Where the time goes ({})\n", c.name);
        let _ = writeln!(
            w,
            "One compilation of `{}` at the default level, every stage timed on its own, in \
             the order `lumac::compile` runs them (`luma-bench stages FILE` prints the same). \
             The SPIR-V path is every stage but the four text back ends; rows starting with \
             *of which* or *aside* are not added to the totals.\n",
            c.name
        );
        let _ = writeln!(
            w,
            "| stage | CPU time | share | MB/s |\n|---|---:|---:|---:|"
        );
        let total: f64 = c
            .stages
            .iter()
            .filter(|(name, _)| crate::stages::counted(name))
            .map(|(_, s)| s.secs())
            .sum();
        for (name, s) in &c.stages {
            let _ = writeln!(
                w,
                "| {name} | {} | {:.1}% | {} |",
                med(s),
                s.secs() / total.max(f64::MIN_POSITIVE) * 100.0,
                mb_s(c.bytes, s.cpu)
            );
        }
        let spirv: f64 = c
            .stages
            .iter()
            .filter(|(name, _)| {
                let text_back_end = name.starts_with("emit") && !name.ends_with("SPIR-V");
                crate::stages::counted(name) && !text_back_end
            })
            .map(|(_, s)| s.secs())
            .sum();
        let _ = writeln!(
            w,
            "| **SPIR-V path** | **{}** | {:.1}% | {} |\n| **all stages** | **{}** | 100% | {} |\n",
            dur(Duration::from_secs_f64(spirv)),
            spirv / total.max(f64::MIN_POSITIVE) * 100.0,
            mb_s(c.bytes, Duration::from_secs_f64(spirv)),
            dur(Duration::from_secs_f64(total)),
            mb_s(c.bytes, Duration::from_secs_f64(total)),
        );
    }
}

fn naga_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Luma against naga, to SPIR-V\n");
    let _ = writeln!(
        w,
        "naga compiles Luma's own WGSL output of the same shader (default options) to SPIR-V. \
         *In process*: `lumac::compile` (Luma source to SPIR-V) against the `naga` crate \
         (parse WGSL, validate, write SPIR-V), both in this process. *Process*: the `luma` \
         binary (`luma compile F --target=spirv`) against the naga CLI (`naga F.wgsl F.spv`), \
         start-up included. Luma/naga is the ratio of times (below 1: Luma is faster); \
         speed-up is naga's time over Luma's.\n"
    );
    let _ = writeln!(
        w,
        "| case | WGSL bytes | Luma in process | naga in process | Luma/naga | speed-up | Luma process | naga process | Luma/naga | speed-up |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let Some(spirv) = luma_time(c, Some(Target::Spirv)) else {
            continue;
        };
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | {}x | {} | {} | {} | {}x |",
            c.name,
            thousands(c.wgsl_bytes),
            med(spirv),
            med(&c.naga_inproc),
            ratio(spirv.secs(), c.naga_inproc.secs()),
            ratio(c.naga_inproc.secs(), spirv.secs()),
            med(&c.luma_proc_spirv.time),
            med(&c.naga_proc.time),
            ratio(c.luma_proc_spirv.time.secs(), c.naga_proc.time.secs()),
            ratio(c.naga_proc.time.secs(), c.luma_proc_spirv.time.secs()),
        );
    }
    let _ = writeln!(w);
}

fn glslang_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Luma against glslang, to SPIR-V (processes)\n");
    let _ = writeln!(
        w,
        "`glslangValidator -V --target-env vulkan1.1` compiles each GLSL output of Luma (one \
         per entry point) to SPIR-V; its time is the sum over those files. Luma's is the \
         `luma` binary compiling the Luma source to SPIR-V (every entry point in one module).\n"
    );
    let _ = writeln!(
        w,
        "| case | GLSL bytes | Luma process | glslang process | Luma/glslang | speed-up |\n|---|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | {}x |",
            c.name,
            thousands(c.glsl_bytes),
            med(&c.luma_proc_spirv.time),
            med(&c.glslang_proc.time),
            ratio(c.luma_proc_spirv.time.secs(), c.glslang_proc.time.secs()),
            ratio(c.glslang_proc.time.secs(), c.luma_proc_spirv.time.secs()),
        );
    }
    let _ = writeln!(w);
}

fn wall_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## The same comparisons by the wall clock\n");
    let _ = writeln!(
        w,
        "Every other table quotes CPU time (user + system), which waiting for a busy core \
         does not inflate. These are the wall-clock medians of the same runs; on a quiet \
         machine they are close to the CPU times (process start-up included).\n"
    );
    let _ = writeln!(
        w,
        "| case | Luma in process, SPIR-V | naga in process | Luma/naga | Luma process, SPIR-V | Luma process, all five | naga process | Luma/naga | glslang process | Luma/glslang |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let Some(spirv) = luma_time(c, Some(Target::Spirv)) else {
            continue;
        };
        let wall = |s: &Sample| dur(s.wall);
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.name,
            wall(spirv),
            wall(&c.naga_inproc),
            ratio(spirv.wall_secs(), c.naga_inproc.wall_secs()),
            wall(&c.luma_proc_spirv.time),
            wall(&c.luma_proc_all.time),
            wall(&c.naga_proc.time),
            ratio(
                c.luma_proc_spirv.time.wall_secs(),
                c.naga_proc.time.wall_secs()
            ),
            wall(&c.glslang_proc.time),
            ratio(
                c.luma_proc_spirv.time.wall_secs(),
                c.glslang_proc.time.wall_secs()
            ),
        );
    }
    let _ = writeln!(w);
}

fn rss_per_byte(p: &ProcSample, bytes: usize) -> String {
    format!("{:.1}", p.max_rss as f64 / bytes.max(1) as f64)
}

fn memory_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Peak memory (processes)\n");
    let _ = writeln!(
        w,
        "Peak resident set size of one process (the largest over the case's files and runs). \
         The `luma` binary's fixed cost, compiling a five-line shader, is {}. B/B is peak \
         bytes per source byte; the budget is {MEMORY_BYTES_PER_SOURCE_BYTE} B/B + {}.\n",
        mib(results.luma_baseline_rss),
        mib(MEMORY_FIXED)
    );
    let _ = writeln!(
        w,
        "| case | source | Luma SPIR-V | B/B | Luma all five | B/B | budget | naga | glslang |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.name,
            mib(c.bytes as u64),
            mib(c.luma_proc_spirv.max_rss),
            rss_per_byte(&c.luma_proc_spirv, c.bytes),
            mib(c.luma_proc_all.max_rss),
            rss_per_byte(&c.luma_proc_all, c.bytes),
            mib(memory_limit(c.bytes)),
            mib(c.naga_proc.max_rss),
            mib(c.glslang_proc.max_rss),
        );
    }
    let _ = writeln!(w);
    heap_table(w, results);
}

/// Which stage holds the heap: what explains the peak of the memory table above.
fn heap_table(w: &mut String, results: &Results) {
    for c in &results.cases {
        let Some(heaps) = &c.heap else { continue };
        let _ = writeln!(
            w,
            "### Heap by stage ({})
",
            c.name
        );
        let _ = writeln!(
            w,
            "One in-process compilation of `{}` to all five targets, stage by stage as \
             `lumac::compile` runs them (`luma-bench memory FILE` prints the same): heap bytes \
             live when the stage ends and the most live while it runs, counted by a wrapper \
             around mimalloc (so without the allocator's own overhead, the binary, or the \
             source text). The *freed* rows are `compile` dropping the syntax tree before \
             lowering and the typed program after it; lowering optimises each function as \
             soon as it is lowered.\n",
            c.name
        );
        let _ = writeln!(
            w,
            "| stage | live after | peak during | peak B/B |\n|---|---:|---:|---:|"
        );
        for h in heaps {
            let _ = writeln!(
                w,
                "| {} | {} | {} | {:.1} |",
                h.stage,
                mib(h.live_after as u64),
                mib(h.peak_during as u64),
                h.peak_during as f64 / c.bytes.max(1) as f64
            );
        }
        let _ = writeln!(w);
    }
}

fn growth_table(w: &mut String, results: &Results) {
    let scaled = large(results);
    if scaled.len() < 2 {
        return;
    }
    let _ = writeln!(w, "## Growth with input size\n");
    let _ = writeln!(
        w,
        "The large shader at 1x, 4x and 16x its size (4x and 16x hold 4 and 16 times the \
         modules). The exponent k fits cost = c * size^k over the three sizes: 1.00 is linear, \
         2.00 quadratic. Per-line figures should stay flat.\n"
    );
    let mut header = String::from("| figure ");
    let mut rule = String::from("|---");
    for (s, _) in &scaled {
        let _ = write!(header, "| {s}x ");
        rule.push_str("|---:");
    }
    let _ = writeln!(w, "{header}| exponent |\n{rule}|---:|");
    type Row<'a> = (&'a str, Box<dyn Fn(&CaseResult) -> f64 + 'a>, bool);
    let rows: Vec<Row<'_>> = vec![
        ("lines", Box::new(|c| c.lines as f64), false),
        (
            "Luma in process, SPIR-V",
            Box::new(|c| luma_time(c, Some(Target::Spirv)).map_or(0.0, Sample::secs)),
            true,
        ),
        (
            "Luma in process, all five",
            Box::new(|c| luma_time(c, None).map_or(0.0, Sample::secs)),
            true,
        ),
        ("parse", Box::new(|c| c.front.parse.secs()), true),
        ("parse + check", Box::new(|c| c.front.check.secs()), true),
        (
            "parse + check + lower",
            Box::new(|c| c.front.lower.secs()),
            true,
        ),
        (
            "front end + optimize",
            Box::new(|c| c.front.optimize.secs()),
            true,
        ),
        (
            "Luma process, SPIR-V",
            Box::new(|c| c.luma_proc_spirv.time.secs()),
            true,
        ),
        (
            "Luma process, all five",
            Box::new(|c| c.luma_proc_all.time.secs()),
            true,
        ),
        ("naga in process", Box::new(|c| c.naga_inproc.secs()), true),
        ("naga process", Box::new(|c| c.naga_proc.time.secs()), true),
        (
            "glslang process",
            Box::new(|c| c.glslang_proc.time.secs()),
            true,
        ),
        (
            "Luma peak memory, all five (MiB)",
            Box::new(|c| c.luma_proc_all.max_rss as f64),
            false,
        ),
        (
            "naga peak memory (MiB)",
            Box::new(|c| c.naga_proc.max_rss as f64),
            false,
        ),
    ];
    for (label, f, is_time) in &rows {
        let mut line = format!("| {label} ");
        let mut points = Vec::new();
        for (s, c) in &scaled {
            let v = f(c);
            points.push((*s as f64, v));
            let cell = if *is_time {
                dur(Duration::from_secs_f64(v.max(0.0)))
            } else if label.contains("MiB") {
                format!("{:.1}", v / (1u64 << 20) as f64)
            } else {
                thousands(v as usize)
            };
            let _ = write!(line, "| {cell} ");
        }
        let exp = growth_exponent(&points).map_or("-".to_string(), |e| format!("{e:.2}"));
        let _ = writeln!(w, "{line}| {exp} |");
    }
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "Microseconds per source line (Luma in process, all five targets):\n"
    );
    let mut line = String::from("| ");
    let mut rule = String::from("|");
    for (s, c) in &scaled {
        let us = luma_time(c, None).map_or(0.0, |t| t.secs() * 1e6 / c.lines.max(1) as f64);
        let _ = write!(line, "{s}x: {us:.2} | ");
        rule.push_str("---:|");
    }
    let _ = writeln!(w, "{line}\n{rule}\n");
}

fn counts_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## SPIR-V size\n");
    let _ = writeln!(
        w,
        "Instructions without debug information (glslang emits names, Luma does not by \
         default), summed over entry points, each compiled on its own (`--entry`), as glslang \
         compiles Luma's GLSL of one entry point at a time. glslang's input is Luma's GLSL at \
         the default level. `spirv-opt -O` is SPIRV-Tools' performance recipe. Ratios are \
         Luma `aggressive` over glslang.\n"
    );
    let _ = writeln!(
        w,
        "| case | entry points | Luma none | Luma basic | Luma aggressive | Luma aggressive + spirv-opt -O | glslang | glslang + spirv-opt -O | Luma/glslang | Luma/(glslang + spirv-opt) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let mut failures = Vec::new();
    for c in &results.cases {
        match &c.counts {
            Some(Ok(k)) => {
                let n = |x: &Counts| thousands(x.non_debug as usize);
                let [none, basic, aggressive] = &k.luma;
                let _ = writeln!(
                    w,
                    "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    c.name,
                    k.entry_points,
                    n(none),
                    n(basic),
                    n(aggressive),
                    n(&k.luma_spirv_opt),
                    n(&k.glslang),
                    n(&k.glslang_spirv_opt),
                    ratio(aggressive.non_debug as f64, k.glslang.non_debug as f64),
                    ratio(
                        aggressive.non_debug as f64,
                        k.glslang_spirv_opt.non_debug as f64
                    ),
                );
            }
            Some(Err(e)) => failures.push(format!("- {}: {e}", c.name)),
            None => {}
        }
    }
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "Function-body instructions only (what runs; the rest is types, constants, \
         decorations):\n"
    );
    let _ = writeln!(
        w,
        "| case | Luma none | Luma basic | Luma aggressive | Luma aggressive + spirv-opt -O | glslang | glslang + spirv-opt -O |\n|---|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        if let Some(Ok(k)) = &c.counts {
            let n = |x: &Counts| thousands(x.in_functions as usize);
            let [none, basic, aggressive] = &k.luma;
            let _ = writeln!(
                w,
                "| {} | {} | {} | {} | {} | {} | {} |",
                c.name,
                n(none),
                n(basic),
                n(aggressive),
                n(&k.luma_spirv_opt),
                n(&k.glslang),
                n(&k.glslang_spirv_opt)
            );
        }
    }
    let _ = writeln!(w);
    let skipped: Vec<&str> = results
        .cases
        .iter()
        .filter(|c| c.counts.is_none())
        .map(|c| c.name.as_str())
        .collect();
    if !skipped.is_empty() {
        let _ = writeln!(
            w,
            "Not counted (too large for a per-entry-point spirv-opt run in reasonable time): {}.\n",
            skipped.join(", ")
        );
    }
    if !failures.is_empty() {
        let _ = writeln!(w, "Counting failed:\n\n{}\n", failures.join("\n"));
    }
}

fn outputs_table(w: &mut String, results: &Results) {
    let _ = writeln!(w, "## Output size (bytes, default options)\n");
    let _ = writeln!(
        w,
        "| case | source | SPIR-V | GLSL (all entry points) | HLSL | MSL | WGSL |\n|---|---:|---:|---:|---:|---:|---:|"
    );
    for c in &results.cases {
        let mut row = format!("| {} | {} ", c.name, thousands(c.bytes));
        for t in Target::ALL {
            let b = c
                .output_bytes
                .iter()
                .find(|(x, _)| *x == t)
                .map_or(0, |(_, b)| *b);
            let _ = write!(row, "| {} ", thousands(b));
        }
        let _ = writeln!(w, "{row}|");
    }
    let _ = writeln!(w);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(dur(Duration::from_micros(1234)), "1.23 ms");
        assert_eq!(dur(Duration::from_micros(123)), "0.123 ms");
        assert_eq!(dur(Duration::from_millis(1234)), "1.23 s");
        assert_eq!(dur(Duration::from_millis(12345)), "12.3 s");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(12), "12");
        assert_eq!(ratio(1.0, 0.0), "-");
        assert_eq!(ratio(1.0, 3.0), "0.33");
        assert_eq!(mib(3 << 20), "3.0 MiB");
        assert_eq!(today().len(), 10);
    }
}
