//! Every corpus shader through the HLSL back end at every opt level: every entry point compiles
//! with glslang's HLSL front end (`glslangValidator -D -e ENTRY -S STAGE -V --target-env
//! vulkan1.1`) to SPIR-V that passes `spirv-val --target-env vulkan1.1`, the output is
//! byte-identical across runs, and equal to its committed snapshot at `Basic`
//! (`tests/out/hlsl/<path>.hlsl`, blessed with `LUMA_BLESS=1`). Every entry point at every
//! level also compiles with Slang, a second HLSL front end that reads HLSL 2021 as DXC does
//! (`tools/slang/slangc.py FILE -lang hlsl -target spirv -entry ENTRY -stage STAGE`), without a
//! warning, to SPIR-V that passes `spirv-val --target-env vulkan1.3`.
//!
//! glslang's HLSL front end is a partial check (roughly Shader Model 5.1; DXC cannot be installed
//! here); output with `float16_t` gets `--hlsl-enable-16bit-types` and `float16_t` spelled
//! `half`, glslang's name for it. Shaders whose HLSL is beyond it are listed in
//! [`GLSLANG_GAPS`] with the reason; they must still fail in glslang (so the list cannot go
//! stale) and pass every other check.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use luma_back_hlsl::{write, HlslOutput, Options};
use luma_ir::{Module, ResourceBinding, ScalarKind, ShaderStage, TypeInner};
use luma_testutil::{
    assert_snapshot, corpus_path, map_in_parallel, require_tool, run, scratch_dir, shader_corpus,
    tests_dir,
};
use lumac::OptLevel;

/// Corpus shaders whose HLSL glslang cannot compile, with the reason.
const GLSLANG_GAPS: &[(&str, &str)] = &[(
    "features/texture_gather_cube_compare.luma",
    "glslang's HLSL front end compiles `TextureCube.GatherCmp(s, dir, ref)` to an \
         `OpImageDrefGather` with a `Bias` operand (AMD's gather bias), which spirv-val rejects",
)];

const LEVELS: [(OptLevel, &str); 3] = [
    (OptLevel::None, "none"),
    (OptLevel::Basic, "basic"),
    (OptLevel::Aggressive, "aggressive"),
];

/// Default options, with `num_workgroups` in a constant buffer one group past every binding, and
/// shader model 6.2 for a module with `half` values, as `lumac` picks it.
fn options_for(module: &Module) -> Options {
    let half = module.types.iter().any(|(_, t)| {
        matches!(&t.inner,
            TypeInner::Scalar(s) | TypeInner::Atomic(s)
            | TypeInner::Vector { scalar: s, .. }
            | TypeInner::Matrix { scalar: s, .. } if s.kind == ScalarKind::Float && s.width == 2)
    });
    let group = module
        .globals
        .iter()
        .filter_map(|(_, g)| g.binding.map(|b| b.group + 1))
        .max()
        .unwrap_or(0);
    Options {
        num_workgroups: Some(ResourceBinding { group, binding: 0 }),
        shader_model: if half { (6, 2) } else { (6, 0) },
        ..Options::default()
    }
}

/// Compiles every entry point with glslang and validates the SPIR-V.
fn validate(label: &str, out: &HlslOutput) -> Result<(), String> {
    let glslang = require_tool("glslangValidator");
    let spirv_val = require_tool("spirv-val");
    let dir = scratch_dir(&format!(
        "hlsl-corpus-{}",
        label.replace(['/', '\\', '.'], "_")
    ));
    let src = dir.join("shader.hlsl");
    // Shader model 6.2 output may use `float16_t`, which DXC has under `-enable-16bit-types`
    // and glslang only as `half` under `--hlsl-enable-16bit-types` (the spelling the execution
    // harness gives it the same way).
    let half = out.source.contains("float16_t");
    let text = if half {
        let mut prelude = String::from("#define float16_t half\n");
        for n in 1..=4 {
            prelude.push_str(&format!("#define float16_t{n} half{n}\n"));
            for m in 1..=4 {
                prelude.push_str(&format!("#define float16_t{n}x{m} half{n}x{m}\n"));
            }
        }
        format!("{prelude}#line 1\n{}", out.source)
    } else {
        out.source.clone()
    };
    std::fs::write(&src, &text).unwrap();
    let mut errors = Vec::new();
    for ep in &out.entry_points {
        let stage = match ep.stage {
            ShaderStage::Vertex => "vert",
            ShaderStage::Fragment => "frag",
            ShaderStage::Compute => "comp",
            other => panic!("unexpected stage {other:?}"),
        };
        let spv = dir.join(format!("{}.spv", ep.name));
        let mut cmd = Command::new(&glslang);
        if half {
            cmd.arg("--hlsl-enable-16bit-types");
        }
        let (ok, log) = run(cmd
            .args([
                "-D",
                "-e",
                &ep.name,
                "-S",
                stage,
                "-V",
                "--target-env",
                "vulkan1.1",
                "-o",
            ])
            .arg(&spv)
            .arg(&src));
        if !ok {
            errors.push(format!(
                "{label}: glslang rejected entry `{}`:\n{log}",
                ep.name
            ));
            continue;
        }
        let (ok, log) = run(Command::new(&spirv_val)
            .args(["--target-env", "vulkan1.1"])
            .arg(&spv));
        if !ok {
            errors.push(format!(
                "{label}: spirv-val rejected entry `{}`:\n{log}",
                ep.name
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// Entry points for Slang, compiled together once the corpus is written (loading Slang takes
/// half a second, so one process compiles them all).
struct SlangJobs {
    dir: std::path::PathBuf,
    jobs: Vec<Job>,
}

/// One Slang job: (label, entry point, SPIR-V path, slangc arguments).
type Job = (String, String, std::path::PathBuf, Vec<String>);

impl SlangJobs {
    fn add(&mut self, label: &str, out: &HlslOutput) {
        let index = self.jobs.len();
        let src = self.dir.join(format!("{index}.hlsl"));
        std::fs::write(&src, &out.source).unwrap();
        for ep in &out.entry_points {
            let stage = match ep.stage {
                ShaderStage::Vertex => "vertex",
                ShaderStage::Fragment => "fragment",
                ShaderStage::Compute => "compute",
                other => panic!("unexpected stage {other:?}"),
            };
            let spv = self.dir.join(format!("{}.spv", self.jobs.len()));
            let mut args = vec![src.to_string_lossy().into_owned()];
            args.extend(["-lang", "hlsl", "-target", "spirv", "-entry"].map(String::from));
            args.extend([ep.name.clone(), "-stage".into(), stage.into()]);
            // Slang's `float16_t` needs shader model 6.2, as DXC's does.
            if out.source.contains("float16_t") {
                args.extend(["-profile", "sm_6_2"].map(String::from));
            }
            args.extend(["-o".into(), spv.to_string_lossy().into_owned()]);
            self.jobs
                .push((label.to_string(), ep.name.clone(), spv, args));
        }
    }

    /// Compiles every job with Slang and validates the SPIR-V; one message per failure.
    fn run(self) -> Vec<String> {
        // The harness's lookup: `LUMA_SLANGC`, else the repository's driver once installed.
        let driver = luma_harness::paths::Tools::find().slang.unwrap_or_else(|| {
            panic!(
                "Slang is not installed (tools/slang/lib/libslang-compiler.so*); run \
                 `scripts/install-test-tools.sh` (see README.md) to install every tool the tests use"
            )
        });
        let python = require_tool("python3");
        let spirv_val = require_tool("spirv-val");
        // One batch (one Slang process) per core, each over a contiguous share of the jobs.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let share = self.jobs.len().div_ceil(cores).max(1);
        let batches: Vec<(usize, &[Job])> = self
            .jobs
            .chunks(share)
            .enumerate()
            .map(|(b, jobs)| (b * share, jobs))
            .collect();
        let outcomes = map_in_parallel(&batches, |&(first, jobs)| {
            let jobs_file = self.dir.join(format!("jobs.{first}.json"));
            let results_file = self.dir.join(format!("results.{first}.json"));
            let args: Vec<&Vec<String>> = jobs.iter().map(|j| &j.3).collect();
            std::fs::write(&jobs_file, serde_json::to_string(&args).unwrap()).unwrap();
            let (ok, log) = run(Command::new(&python)
                .arg(&driver)
                .arg("--batch")
                .arg(&jobs_file)
                .arg(&results_file));
            if !ok {
                // The driver prints `job N` before each job: the last one is the input Slang
                // crashed on.
                let last = log
                    .lines()
                    .rev()
                    .filter_map(|l| l.strip_prefix("job "))
                    .find_map(|n| n.trim().parse::<usize>().ok())
                    .and_then(|n| jobs.get(n))
                    .map(|j| format!("{} entry `{}`: {}", j.0, j.1, j.3.join(" ")))
                    .unwrap_or_default();
                return Err(format!("Slang failed while compiling {last}:\n{log}"));
            }
            let results: Vec<serde_json::Value> =
                serde_json::from_str(&std::fs::read_to_string(&results_file).unwrap()).unwrap();
            assert_eq!(results.len(), jobs.len());
            Ok(results)
        });
        let mut results = Vec::with_capacity(self.jobs.len());
        let mut failures = Vec::new();
        for outcome in outcomes {
            match outcome {
                Ok(r) => results.extend(r),
                Err(e) => failures.push(e),
            }
        }
        if !failures.is_empty() {
            return failures;
        }
        for ((label, entry, spv, _), result) in self.jobs.iter().zip(&results) {
            let diagnostics = result["diagnostics"].as_str().unwrap_or_default();
            if result["ok"] != serde_json::Value::Bool(true) {
                failures.push(format!(
                    "{label}: Slang rejected entry `{entry}`:\n{diagnostics}"
                ));
                continue;
            }
            // A warning is a failure too: users compile this HLSL with warnings on.
            if !diagnostics.trim().is_empty() {
                failures.push(format!(
                    "{label}: Slang warned on entry `{entry}`:\n{diagnostics}"
                ));
            }
            let (ok, log) = run(Command::new(&spirv_val)
                .args(["--target-env", "vulkan1.3"])
                .arg(spv));
            if !ok {
                failures.push(format!(
                    "{label}: spirv-val rejected Slang's SPIR-V of entry `{entry}`:\n{log}"
                ));
            }
        }
        if failures.is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
        failures
    }
}

/// What one corpus shader's checks found, and its outputs for the Slang batch.
#[derive(Default)]
struct ShaderReport {
    failures: Vec<String>,
    validated: usize,
    slang: Vec<(String, HlslOutput)>,
}

/// Every glslang check of one corpus shader at every opt level.
fn check_shader(path: &Path, out_dir: &Path) -> ShaderReport {
    let mut report = ShaderReport::default();
    let rel = corpus_path(path);
    let gap = GLSLANG_GAPS.iter().find(|(name, _)| *name == rel);
    for (level, level_name) in LEVELS {
        let label = format!("{rel} ({level_name})");
        let module = match lumac::frontend_ir(path, level) {
            Ok(m) => m,
            Err(e) => {
                report
                    .failures
                    .push(format!("{label}: the front end failed:\n{e}"));
                continue;
            }
        };
        let options = options_for(&module);
        let out = match write(&module, &options) {
            Ok(out) => out,
            Err(e) => {
                report.failures.push(format!("{label}: {e}"));
                continue;
            }
        };
        if write(&module, &options).as_ref() != Ok(&out) {
            report
                .failures
                .push(format!("{label}: output differs between two runs"));
        }
        report.slang.push((label.clone(), out.clone()));
        if level == OptLevel::Basic {
            let snapshot = out_dir.join(Path::new(&rel).with_extension("hlsl"));
            assert_snapshot(&snapshot, &out.source);
            // `#line` directives (lowering records locations when asked) must not
            // disturb the compiler either.
            let located = lumac::frontend_ir_with(
                path,
                &lumac::Options {
                    opt_level: level,
                    line_directives: true,
                    include_dirs: vec![tests_dir()
                        .join("shaders")
                        .join("include")
                        .to_string_lossy()
                        .into_owned()],
                    ..lumac::Options::default()
                },
            );
            let lines = Options {
                line_directives: true,
                ..options.clone()
            };
            match located.map(|m| write(&m, &lines)) {
                Ok(Ok(with_lines)) if with_lines.source.contains("#line ") => {
                    if gap.is_none() {
                        if let Err(e) = validate(&format!("{label} #line"), &with_lines) {
                            report.failures.push(e);
                        }
                    }
                }
                Ok(Ok(_)) => report
                    .failures
                    .push(format!("{label}: no #line directive written")),
                Ok(Err(e)) => report.failures.push(format!("{label} #line: {e}")),
                Err(e) => report
                    .failures
                    .push(format!("{label} #line: the front end failed:\n{e}")),
            }
        }
        match (validate(&label, &out), gap) {
            (Ok(()), None) => report.validated += out.entry_points.len(),
            (Err(e), None) => report.failures.push(e),
            (Err(_), Some(_)) => {}
            (Ok(()), Some((_, why))) => report.failures.push(format!(
                "{label}: listed as beyond glslang ({why}) but glslang now compiles it; \
                 remove it from GLSLANG_GAPS"
            )),
        }
    }
    report
}

#[test]
fn corpus_through_hlsl() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let out_dir = tests_dir().join("out").join("hlsl");
    let mut failures = Vec::new();
    let mut validated = 0usize;
    let mut slang = SlangJobs {
        dir: scratch_dir("hlsl-corpus-slang"),
        jobs: Vec::new(),
    };
    // Shaders are independent (each validates in its own scratch folder): one per core. Slang
    // then compiles every output in one batch.
    for report in map_in_parallel(&corpus, |path| check_shader(path, &out_dir)) {
        failures.extend(report.failures);
        validated += report.validated;
        for (label, out) in &report.slang {
            slang.add(label, out);
        }
    }
    let slang_entries = slang.jobs.len();
    failures.extend(slang.run());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(validated > 0 && slang_entries > 0);
}

/// Declares only what the written functions use, like every other target: a resource that only
/// an entry point dropped by `--entry` used, or that nothing uses, is not in the output, and
/// the kept resources keep the registers the whole source gives them.
#[test]
fn only_used_globals_are_declared() {
    let source = "
uniform unused: [2]texture2D
uniform only_fs: texture2D
uniform s: sampler
uniform tint: vec4
@entry(vertex)
function vs() -> (@builtin(position) p: vec4)
\treturn { p = tint }
end
@entry(fragment)
function fs() -> (c: vec4)
\treturn { c = sample_level(only_fs, s, vec2(0.0), 0.0) }
end
";
    let hlsl = |entry: Option<&str>| {
        let options = lumac::Options {
            entry_point: entry.map(str::to_string),
            ..lumac::Options::default()
        };
        let out = lumac::compile(
            "entries.luma",
            source,
            &lumac::MemoryReader::default(),
            &options,
            &[lumac::Target::Hlsl],
        );
        assert!(out.success(), "{}", out.render(false));
        String::from_utf8_lossy(out.outputs[0].data.as_bytes()).into_owned()
    };
    let all = hlsl(None);
    assert!(!all.contains("unused"), "{all}");
    // `unused` takes t0 and t1 all the same (registers follow the declarations).
    assert!(
        all.contains("Texture2D<float4> only_fs : register(t2, space0);"),
        "{all}"
    );
    assert!(
        all.contains("SamplerState s : register(s2, space0);"),
        "{all}"
    );
    assert!(
        all.contains("cbuffer tint_block : register(b3, space0)"),
        "{all}"
    );
    let vs = hlsl(Some("vs"));
    assert!(
        !vs.contains("only_fs") && !vs.contains("SamplerState"),
        "{vs}"
    );
    assert!(
        vs.contains("cbuffer tint_block : register(b3, space0)"),
        "{vs}"
    );
    let fs = hlsl(Some("fs"));
    assert!(!fs.contains("tint_block"), "{fs}");
    assert!(
        fs.contains("Texture2D<float4> only_fs : register(t2, space0);"),
        "{fs}"
    );
}
