//! One benchmark run: every measurement of every case, in a fixed order, into [`Results`].
//!
//! Each case is a list of files; one timed "run" handles every file of the case in turn (so
//! the small corpus is timed as a whole, file by file). In-process timings call `lumac` and the
//! `naga` crate directly; process timings start `luma`, `naga` and `glslangValidator` under the
//! probe ([`crate::process`]), which also reports their peak memory.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lumac::{Diagnostics, FsReader, OptLevel, Options, ResourceBinding, Target};

use crate::corpus::{self, Case, Class, Sizes, Source};
use crate::process::{run_measured, ProcRun};
use crate::spirv::{self, Counts};
use crate::stats::{measure, measure_with, Budget, Sample, Times};
use crate::tools::Tools;

/// What one run measures and where it writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Scratch directory for generated shaders and compiler outputs.
    pub work: PathBuf,
    /// How long to repeat each measurement.
    pub budget: Budget,
    /// Whether to count SPIR-V instructions with glslang and spirv-opt (slow on huge inputs,
    /// so only done for cases up to this many bytes).
    pub count_limit_bytes: usize,
}

/// Figures of a command run repeatedly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcSample {
    /// CPU time (the child's user + system) and wall time from start to exit.
    pub time: Sample,
    /// The highest peak resident memory of any run of any file, in bytes.
    pub max_rss: u64,
}

/// Cumulative front-end timings: each stage includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrontEnd {
    /// Preprocess and parse.
    pub parse: Sample,
    /// + type checking.
    pub check: Sample,
    /// + lowering to verified IR.
    pub lower: Sample,
    /// + optimisation at the default level.
    pub optimize: Sample,
}

/// SPIR-V instruction counts of one case, summed over its entry points (each compiled alone,
/// as glslang compiles the GLSL of one entry point at a time).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SizeCounts {
    /// Entry points counted.
    pub entry_points: usize,
    /// Luma at `--opt none`, `basic`, `aggressive`.
    pub luma: [Counts; 3],
    /// Luma at `aggressive`, then `spirv-opt -O`.
    pub luma_spirv_opt: Counts,
    /// glslangValidator on Luma's GLSL (default level).
    pub glslang: Counts,
    /// glslang's output after `spirv-opt -O`.
    pub glslang_spirv_opt: Counts,
}

/// Every figure of one case.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseResult {
    /// The case's name.
    pub name: String,
    /// Its kind.
    pub class: Class,
    /// Files.
    pub files: usize,
    /// Bytes of source.
    pub bytes: usize,
    /// Lines of source.
    pub lines: usize,
    /// SHA-256 of the sources.
    pub digest: String,
    /// Entry points over all files.
    pub entry_points: usize,
    /// Bytes of Luma's output per target (GLSL: all entry points), default level.
    pub output_bytes: Vec<(Target, usize)>,
    /// In-process `lumac::compile` to each target, then to all five at once (`None`).
    pub luma: Vec<(Option<Target>, Sample)>,
    /// In-process `lumac::compile` to SPIR-V at `--opt none`.
    pub luma_spirv_opt_none: Sample,
    /// In-process front-end stages.
    pub front: FrontEnd,
    /// The `luma` binary compiling to SPIR-V.
    pub luma_proc_spirv: ProcSample,
    /// The `luma` binary compiling to all five targets.
    pub luma_proc_all: ProcSample,
    /// `naga in.wgsl out.spv` on Luma's WGSL.
    pub naga_proc: ProcSample,
    /// The `naga` crate in process: parse, validate, write SPIR-V, on Luma's WGSL.
    pub naga_inproc: Sample,
    /// Bytes of the WGSL naga compiled.
    pub wgsl_bytes: usize,
    /// `glslangValidator -V` on each GLSL output of Luma.
    pub glslang_proc: ProcSample,
    /// Bytes of the GLSL glslang compiled.
    pub glsl_bytes: usize,
    /// Instruction counts, when the case was small enough to count.
    pub counts: Option<Result<SizeCounts, String>>,
    /// Time per compilation stage (large shader at 1x only).
    pub stages: Vec<(&'static str, Sample)>,
    /// Heap per compilation stage (large shader at 1x only; `None` elsewhere, and when the
    /// benchmark binary does not count allocations).
    pub heap: Option<Vec<crate::memory::StageHeap>>,
}

/// Everything one run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Results {
    /// Per case, in order.
    pub cases: Vec<CaseResult>,
    /// Peak memory of the `luma` binary on a tiny shader: its fixed cost.
    pub luma_baseline_rss: u64,
    /// Wall time of the whole run.
    pub elapsed: Duration,
    /// The one-minute load average when the run started (`/proc/loadavg`).
    pub load_before: String,
    /// The one-minute load average when it ended.
    pub load_after: String,
}

/// The one-minute load average, or "unknown".
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Where HLSL reads `num_workgroups` from, for the corpus shaders that use it (HLSL has no
/// semantic for it, so compiling them for every target needs this option); group 7 is free in
/// every corpus shader.
pub const HLSL_NUM_WORKGROUPS: ResourceBinding = ResourceBinding {
    group: 7,
    binding: 0,
};

fn options_for(case: &Case, opt: OptLevel) -> Options {
    Options {
        include_dirs: case.include_dirs.clone(),
        opt_level: opt,
        hlsl_num_workgroups: Some(HLSL_NUM_WORKGROUPS),
        ..Options::default()
    }
}

/// Compiles one source in process; an error holds the rendered diagnostics.
fn compile(
    source: &Source,
    options: &Options,
    targets: &[Target],
) -> Result<lumac::CompileResult, String> {
    let name = source.path.to_string_lossy();
    let result = lumac::compile(&name, &source.text, &FsReader, options, targets);
    if !result.success() {
        return Err(format!(
            "{} does not compile:\n{}",
            name,
            result.render(false)
        ));
    }
    Ok(result)
}

/// The front end up to `stage` (0 parse, 1 check, 2 lower, 3 lower and optimise) on one
/// source.
fn front_end(source: &Source, options: &Options, stage: usize) -> Result<(), String> {
    let name = source.path.to_string_lossy();
    let fail = || format!("{name}: the front end reported errors");
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let mut parsed = lumac::parse(&name, &source.text, &FsReader, options, &mut diags);
    if diags.has_errors() {
        return Err(fail());
    }
    if stage == 0 {
        return Ok(());
    }
    let mut program =
        lumac::check_taking_bodies(&mut parsed, options, &mut diags).ok_or_else(fail)?;
    if stage == 1 {
        return Ok(());
    }
    // As `lumac::compile` does, each function optimised as soon as it is lowered: lowering
    // alone is the same at `--opt none`.
    let options = match stage {
        2 => &Options {
            opt_level: OptLevel::None,
            ..options.clone()
        },
        _ => options,
    };
    lumac::lower_optimized(&mut program, &parsed, options, &mut diags)
        .map(drop)
        .ok_or_else(fail)
}

/// Compiles WGSL with the naga crate the way `naga in.wgsl out.spv` does: parse, validate
/// with the capabilities SPIR-V supports, apply the overrides' defaults, write SPIR-V.
pub fn naga_compile(wgsl: &str) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::back::spv::supported_capabilities(),
    )
    .validate(&module)
    .map_err(|e| format!("naga rejects Luma's WGSL: {e:?}"))?;
    // Overrides (Luma's specialization constants) take their defaults, as the CLI does.
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        None,
        &naga::back::PipelineConstants::default(),
    )
    .map_err(|e| format!("naga cannot apply the overrides' defaults: {e}"))?;
    naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
        .map_err(|e| format!("naga cannot write SPIR-V: {e}"))
}

fn os(s: impl Into<OsString>) -> OsString {
    s.into()
}

/// Runs `commands` (one per file) under the probe as one timed run, repeated per `budget`.
fn measure_commands(
    tools: &Tools,
    budget: &Budget,
    commands: &[Vec<OsString>],
) -> Result<ProcSample, String> {
    let mut max_rss = 0;
    let time = measure_with(budget, || {
        let mut times = Times::default();
        for cmd in commands {
            let ProcRun {
                wall,
                user,
                sys,
                max_rss: rss,
            } = run_measured(&tools.probe, cmd)?;
            times += Times {
                wall,
                cpu: user + sys,
            };
            max_rss = max_rss.max(rss);
        }
        Ok(times)
    })?;
    Ok(ProcSample { time, max_rss })
}

/// The outputs the peers compile, written once per case.
struct PeerInputs {
    /// One WGSL file per source.
    wgsl: Vec<PathBuf>,
    wgsl_text: Vec<String>,
    /// Every GLSL output (one per entry point).
    glsl: Vec<PathBuf>,
    /// Entry point names per source.
    entries: Vec<Vec<String>>,
    output_bytes: Vec<(Target, usize)>,
}

fn write_peer_inputs(case: &Case, dir: &Path) -> Result<PeerInputs, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let options = options_for(case, OptLevel::default());
    let mut inputs = PeerInputs {
        wgsl: Vec::new(),
        wgsl_text: Vec::new(),
        glsl: Vec::new(),
        entries: Vec::new(),
        output_bytes: Target::ALL.iter().map(|&t| (t, 0)).collect(),
    };
    for (i, source) in case.sources.iter().enumerate() {
        let result = compile(source, &options, &Target::ALL)?;
        // File names carry an index: corpus files in different folders may share a stem.
        let stem = format!("{i:03}-{}", source.stem());
        for out in &result.outputs {
            if let Some(slot) = inputs
                .output_bytes
                .iter_mut()
                .find(|(t, _)| *t == out.target)
            {
                slot.1 += out.data.as_bytes().len();
            }
            let path = dir.join(out.file_name(&stem));
            std::fs::write(&path, out.data.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            match out.target {
                Target::Wgsl => {
                    inputs.wgsl.push(path);
                    inputs
                        .wgsl_text
                        .push(out.data.as_text().unwrap_or_default().to_string());
                }
                Target::Glsl => inputs.glsl.push(path),
                _ => {}
            }
        }
        let entries = result
            .module
            .as_ref()
            .map(|m| m.entry_points.iter().map(|e| e.name.clone()).collect())
            .unwrap_or_default();
        inputs.entries.push(entries);
    }
    Ok(inputs)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// `spirv-opt -O` on `input`, written to `output`.
fn spirv_opt(tools: &Tools, input: &Path, output: &Path) -> Result<Counts, String> {
    let status = std::process::Command::new(&tools.spirv_opt.path)
        .arg("-O")
        .arg(input)
        .arg("-o")
        .arg(output)
        .output()
        .map_err(|e| format!("cannot run spirv-opt: {e}"))?;
    if !status.status.success() {
        return Err(format!(
            "spirv-opt -O {} failed: {}",
            input.display(),
            String::from_utf8_lossy(&status.stderr).trim()
        ));
    }
    spirv::count(&read(output)?)
}

fn glslang_args(tools: &Tools, glsl: &Path, out: &Path) -> Vec<OsString> {
    vec![
        os(&tools.glslang.path),
        os("-V"),
        os("--target-env"),
        os("vulkan1.1"),
        os(glsl),
        os("-o"),
        os(out),
    ]
}

/// Instruction counts of every entry point of `case`, each compiled alone.
fn size_counts(case: &Case, tools: &Tools, dir: &Path) -> Result<SizeCounts, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut counts = SizeCounts::default();
    let levels = [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive];
    for (i, source) in case.sources.iter().enumerate() {
        let all = compile(source, &options_for(case, OptLevel::default()), &[])?;
        let entries: Vec<String> = all
            .module
            .as_ref()
            .map(|m| m.entry_points.iter().map(|e| e.name.clone()).collect())
            .unwrap_or_default();
        for entry in entries {
            counts.entry_points += 1;
            let stem = format!("{i:03}-{}-{entry}", source.stem());
            for (slot, level) in counts.luma.iter_mut().zip(levels) {
                let mut options = options_for(case, level);
                options.entry_point = Some(entry.clone());
                let result = compile(source, &options, &[Target::Spirv])?;
                let out = result
                    .output(Target::Spirv)
                    .ok_or("no SPIR-V output".to_string())?;
                *slot = slot.plus(spirv::count(out.data.as_bytes())?);
                if level == OptLevel::Aggressive {
                    let path = dir.join(format!("{stem}.luma.spv"));
                    std::fs::write(&path, out.data.as_bytes())
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    let opt = spirv_opt(tools, &path, &dir.join(format!("{stem}.luma.opt.spv")))?;
                    counts.luma_spirv_opt = counts.luma_spirv_opt.plus(opt);
                }
            }
            let mut options = options_for(case, OptLevel::default());
            options.entry_point = Some(entry.clone());
            let result = compile(source, &options, &[Target::Glsl])?;
            let out = result
                .output(Target::Glsl)
                .ok_or("no GLSL output".to_string())?;
            let glsl = dir.join(out.file_name(&stem));
            std::fs::write(&glsl, out.data.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", glsl.display()))?;
            let spv = dir.join(format!("{stem}.glslang.spv"));
            let args = glslang_args(tools, &glsl, &spv);
            run_measured(&tools.probe, &args)?;
            counts.glslang = counts.glslang.plus(spirv::count(&read(&spv)?)?);
            let opt = spirv_opt(tools, &spv, &dir.join(format!("{stem}.glslang.opt.spv")))?;
            counts.glslang_spirv_opt = counts.glslang_spirv_opt.plus(opt);
        }
    }
    Ok(counts)
}

/// Measures one case.
pub fn run_case(
    case: &Case,
    tools: &Tools,
    config: &Config,
    log: &mut dyn FnMut(&str),
) -> Result<CaseResult, String> {
    let budget = &config.budget;
    let dir = config.work.join(&case.name);
    log(&format!(
        "{}: {} files, {} lines, {} bytes",
        case.name,
        case.sources.len(),
        case.lines(),
        case.bytes()
    ));
    let peers = write_peer_inputs(case, &dir.join("out"))?;
    let default = options_for(case, OptLevel::default());

    let mut luma = Vec::new();
    let configs: Vec<Option<Target>> = Target::ALL
        .iter()
        .map(|&t| Some(t))
        .chain(std::iter::once(None))
        .collect();
    for target in configs {
        let targets: Vec<Target> = match target {
            Some(t) => vec![t],
            None => Target::ALL.to_vec(),
        };
        let sample = measure(budget, || {
            for s in &case.sources {
                compile(s, &default, &targets)?;
            }
            Ok(())
        })?;
        log(&format!(
            "  luma in-process {:<6} {:>10.3} ms CPU, {:>10.3} ms wall",
            target.map_or("all", Target::name),
            sample.secs() * 1e3,
            sample.wall_secs() * 1e3
        ));
        luma.push((target, sample));
    }
    let none = options_for(case, OptLevel::None);
    let luma_spirv_opt_none = measure(budget, || {
        for s in &case.sources {
            compile(s, &none, &[Target::Spirv])?;
        }
        Ok(())
    })?;

    let mut stages = Vec::new();
    for stage in 0..4 {
        stages.push(measure(budget, || {
            for s in &case.sources {
                front_end(s, &default, stage)?;
            }
            Ok(())
        })?);
    }
    let front = match stages.as_slice() {
        [parse, check, lower, optimize] => FrontEnd {
            parse: *parse,
            check: *check,
            lower: *lower,
            optimize: *optimize,
        },
        _ => return Err("front-end stages missing".to_string()),
    };
    log(&format!(
        "  front end: parse {:.3} ms, +check {:.3} ms, +lower {:.3} ms, +opt {:.3} ms",
        front.parse.secs() * 1e3,
        front.check.secs() * 1e3,
        front.lower.secs() * 1e3,
        front.optimize.secs() * 1e3
    ));

    // Process runs. Includes are passed the way a build would.
    let proc_out = dir.join("proc");
    std::fs::create_dir_all(&proc_out)
        .map_err(|e| format!("cannot create {}: {e}", proc_out.display()))?;
    let (spirv_cmds, all_cmds): (Vec<Vec<OsString>>, Vec<Vec<OsString>>) = case
        .sources
        .iter()
        .map(|s| {
            let mut base = vec![
                os(&tools.luma.path),
                os("compile"),
                os("--color=never"),
                os(format!(
                    "--hlsl-num-workgroups={},{}",
                    HLSL_NUM_WORKGROUPS.group, HLSL_NUM_WORKGROUPS.binding
                )),
            ];
            for inc in &case.include_dirs {
                base.push(os(format!("--include-dir={inc}")));
            }
            base.push(os(&s.path));
            let mut spirv = base.clone();
            spirv.extend([os("--target=spirv"), os("-o"), os(proc_out.join("out.spv"))]);
            let mut all = base;
            all.extend([os("--target=all"), os("--out-dir"), os(&proc_out)]);
            (spirv, all)
        })
        .unzip();
    let luma_proc_spirv = measure_commands(tools, budget, &spirv_cmds)?;
    let luma_proc_all = measure_commands(tools, budget, &all_cmds)?;
    log(&format!(
        "  luma process: spirv {:.3} ms CPU ({} MiB), all {:.3} ms CPU ({} MiB)",
        luma_proc_spirv.time.secs() * 1e3,
        luma_proc_spirv.max_rss >> 20,
        luma_proc_all.time.secs() * 1e3,
        luma_proc_all.max_rss >> 20
    ));

    let naga_cmds: Vec<Vec<OsString>> = peers
        .wgsl
        .iter()
        .map(|w| vec![os(&tools.naga.path), os(w), os(proc_out.join("naga.spv"))])
        .collect();
    let naga_proc = measure_commands(tools, budget, &naga_cmds)?;
    let naga_inproc = measure(budget, || {
        for w in &peers.wgsl_text {
            naga_compile(w)?;
        }
        Ok(())
    })?;
    log(&format!(
        "  naga: process {:.3} ms CPU ({} MiB), in-process {:.3} ms CPU",
        naga_proc.time.secs() * 1e3,
        naga_proc.max_rss >> 20,
        naga_inproc.secs() * 1e3
    ));
    let glslang_cmds: Vec<Vec<OsString>> = peers
        .glsl
        .iter()
        .map(|g| glslang_args(tools, g, &proc_out.join("glslang.spv")))
        .collect();
    let glslang_proc = measure_commands(tools, budget, &glslang_cmds)?;
    log(&format!(
        "  glslang: process {:.3} ms CPU ({} MiB)",
        glslang_proc.time.secs() * 1e3,
        glslang_proc.max_rss >> 20
    ));

    let counts = if case.bytes() <= config.count_limit_bytes {
        let started = Instant::now();
        let counts = size_counts(case, tools, &dir.join("counts"));
        log(&format!(
            "  SPIR-V instruction counts ({:.1} s){}",
            started.elapsed().as_secs_f64(),
            match &counts {
                Ok(_) => String::new(),
                Err(e) => format!(": failed: {e}"),
            }
        ));
        Some(counts)
    } else {
        None
    };

    let (stages, heap) = match (case.class, case.sources.as_slice()) {
        (Class::Large { scale: 1 }, [source]) => {
            let stages = crate::stages::breakdown(source, &case.include_dirs, budget)?;
            let name = source.path.to_string_lossy();
            let heap = crate::memory::by_stage(&name, &source.text, &case.include_dirs)?;
            log("  stage breakdown (time and heap) measured");
            (stages, heap)
        }
        _ => (Vec::new(), None),
    };

    let size = |paths: &[PathBuf]| -> usize {
        paths
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len() as usize)
            .sum()
    };
    Ok(CaseResult {
        name: case.name.clone(),
        class: case.class,
        files: case.sources.len(),
        bytes: case.bytes(),
        lines: case.lines(),
        digest: case.digest(),
        entry_points: peers.entries.iter().map(Vec::len).sum(),
        output_bytes: peers.output_bytes,
        luma,
        luma_spirv_opt_none,
        front,
        luma_proc_spirv,
        luma_proc_all,
        naga_proc,
        naga_inproc,
        wgsl_bytes: size(&peers.wgsl),
        glslang_proc,
        glsl_bytes: size(&peers.glsl),
        counts,
        stages,
        heap,
    })
}

/// Peak memory of `luma` compiling a tiny shader to SPIR-V: the binary's fixed cost.
pub fn luma_baseline(tools: &Tools, work: &Path) -> Result<u64, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let src = work.join("tiny.luma");
    std::fs::write(
        &src,
        "buffer data: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tdata[0] = 1.0\nend\n",
    )
    .map_err(|e| format!("cannot write {}: {e}", src.display()))?;
    let cmd = vec![
        os(&tools.luma.path),
        os("compile"),
        os(&src),
        os("-o"),
        os(work.join("tiny.spv")),
    ];
    let mut rss = u64::MAX;
    for _ in 0..3 {
        rss = rss.min(run_measured(&tools.probe, &cmd)?.max_rss);
    }
    Ok(rss)
}

/// The whole benchmark: the small corpus under `root`, then the generated cases of `sizes`,
/// each measured by [`run_case`]. `log` receives progress lines.
pub fn run_all(
    root: &Path,
    config: &Config,
    sizes: &Sizes,
    seed: u64,
    tools: &Tools,
    log: &mut dyn FnMut(&str),
) -> Result<Results, String> {
    let started = Instant::now();
    let load_before = load_average();
    let luma_baseline_rss = luma_baseline(tools, &config.work)?;
    let mut cases = vec![corpus::small(root, sizes.small_limit)?];
    log("generating the medium and large shaders");
    cases.extend(corpus::generated(
        &config.work.join("generated"),
        sizes,
        seed,
    )?);
    let mut results = Vec::new();
    for case in &cases {
        results.push(run_case(case, tools, config, log)?);
    }
    Ok(Results {
        cases: results,
        luma_baseline_rss,
        elapsed: started.elapsed(),
        load_before,
        load_after: load_average(),
    })
}
