//! Smoke test of the benchmark: every code path of `scripts/bench.sh` (generation, in-process
//! and process measurements, naga, glslang, spirv-opt, instruction counts, the report) on tiny
//! inputs. Nothing here asserts a time: shared machines are too noisy for that.
// Helpers of a test may fail loudly: a panic here is a failed test.
#![allow(clippy::expect_used, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::Command;

use luma_bench::corpus::Sizes;
use luma_bench::generate::{generate, modules_for_lines, DEFAULT_SEED};
use luma_bench::process::run_measured;
use luma_bench::run::{naga_compile, run_all, Config};
use luma_bench::stats::Budget;
use luma_bench::tools::{Machine, Tools};
use luma_bench::{report, spirv};
use lumac::{MemoryReader, Options, Target};

/// Builds the `luma` binary of this workspace (same profile as the test) and returns its path.
fn luma_binary() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args([
            "build",
            "--quiet",
            "-p",
            "luma-cli",
            "--message-format=json",
        ])
        .current_dir(luma_testutil::workspace_root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo build -p luma-cli failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "luma")
        .find_map(|v| v["executable"].as_str().map(PathBuf::from))
        .expect("cargo reports the luma executable")
}

#[test]
fn generated_shaders_are_deterministic_valid_and_grow_by_modules() {
    let small = generate(3, DEFAULT_SEED);
    assert_eq!(small, generate(3, DEFAULT_SEED));
    assert_ne!(small, generate(3, DEFAULT_SEED + 1));
    // A larger shader holds the smaller one's modules unchanged (only the groups and the entry
    // points, after the modules, differ).
    let big = generate(12, DEFAULT_SEED);
    let modules = small.split("function group0").next().unwrap();
    assert!(big.starts_with(modules));
    // Sizes follow the module count.
    let lines = |m: usize| generate(m, DEFAULT_SEED).lines().count() as f64;
    let ratio = lines(64) / lines(16);
    assert!(
        (3.5..4.5).contains(&ratio),
        "64 modules / 16 modules = {ratio} lines"
    );
    let m = modules_for_lines(2000, DEFAULT_SEED);
    assert!(generate(m, DEFAULT_SEED).lines().count() >= 2000);
    assert!(generate(m - 1, DEFAULT_SEED).lines().count() < 2000 || m <= 1);

    // Every target compiles it with no diagnostic at all, and naga accepts the WGSL.
    let result = lumac::compile(
        "gen.luma",
        &big,
        &MemoryReader::default(),
        &Options::default(),
        &Target::ALL,
    );
    assert!(
        result.success() && result.diagnostics.is_empty(),
        "{}",
        result.render(false)
    );
    let module = result.module.as_ref().unwrap();
    let names: Vec<&str> = module
        .entry_points
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["cs_main", "vs_main", "fs_main"]);
    // Nothing is dead: every module's root survives optimisation in some entry point's tree.
    assert!(
        module.functions.len() > 12 * 3,
        "{} functions",
        module.functions.len()
    );
    let wgsl = result.output(Target::Wgsl).unwrap().data.as_text().unwrap();
    naga_compile(wgsl).unwrap();
    let spv = result.output(Target::Spirv).unwrap();
    assert!(spirv::count(spv.data.as_bytes()).unwrap().in_functions > 1000);
}

/// naga in process takes WGSL with overrides (Luma's specialization constants), as its CLI does.
#[test]
fn naga_in_process_applies_override_defaults() {
    let source = "@spec(0) const SCALE: float = 2.0\nbuffer data: []float\n\n\
                  @entry(compute) @workgroup_size(1)\nfunction main()\n\tdata[0] = data[0] * SCALE\nend\n";
    let result = lumac::compile(
        "spec.luma",
        source,
        &lumac::MemoryReader::default(),
        &lumac::Options::default(),
        &[Target::Wgsl],
    );
    let wgsl = result.output(Target::Wgsl).unwrap().data.as_text().unwrap();
    assert!(wgsl.contains("override"), "{wgsl}");
    let words = naga_compile(wgsl).unwrap();
    assert_eq!(words.first(), Some(&0x0723_0203), "a SPIR-V module");
}

#[test]
fn probe_measures_a_process() {
    let probe = PathBuf::from(env!("CARGO_BIN_EXE_luma-bench"));
    let dir = luma_testutil::scratch_dir("bench-probe");
    let out = dir.join("g.luma");
    let cmd = [
        probe.clone().into_os_string(),
        "generate".into(),
        "--modules".into(),
        "8".into(),
        "-o".into(),
        out.clone().into_os_string(),
    ];
    let run = run_measured(&probe, &cmd).unwrap();
    assert!(run.max_rss > 1 << 20, "peak memory {} bytes", run.max_rss);
    assert!(run.wall.as_nanos() > 0);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        generate(8, DEFAULT_SEED)
    );
    // A failing command is an error that shows what it printed.
    let bad = [
        probe.into_os_string(),
        "generate".into(),
        "--nonsense".into(),
    ];
    let err = run_measured(&PathBuf::from(env!("CARGO_BIN_EXE_luma-bench")), &bad).unwrap_err();
    assert!(err.contains("unknown argument `--nonsense`"), "{err}");
}

#[test]
fn whole_benchmark_on_tiny_inputs() {
    luma_testutil::require_tool("naga");
    luma_testutil::require_tool("glslangValidator");
    luma_testutil::require_tool("spirv-opt");
    let root = luma_testutil::workspace_root();
    let tools = Tools::find(
        Some(luma_binary()),
        PathBuf::from(env!("CARGO_BIN_EXE_luma-bench")),
    )
    .unwrap();
    let config = Config {
        work: luma_testutil::scratch_dir("bench-smoke"),
        budget: Budget::QUICK,
        count_limit_bytes: 1 << 20,
    };
    let sizes = Sizes {
        large_lines: 400,
        scales: vec![1, 2, 4],
        small_limit: Some(2),
    };
    let mut log = Vec::new();
    let results = run_all(
        &root,
        &config,
        &sizes,
        DEFAULT_SEED,
        &tools,
        &mut |l: &str| log.push(l.to_string()),
    )
    .unwrap();
    let names: Vec<&str> = results.cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["small", "medium", "large-1x", "large-2x", "large-4x"]
    );
    for case in &results.cases {
        assert_eq!(
            case.luma.len(),
            6,
            "{}: five targets and all five",
            case.name
        );
        assert!(case.luma_proc_all.max_rss > 0 && case.naga_proc.max_rss > 0);
        assert!(case.glslang_proc.max_rss > 0 && case.glsl_bytes > 0 && case.wgsl_bytes > 0);
        let counts = case.counts.as_ref().expect("counted").as_ref().unwrap();
        assert_eq!(counts.entry_points, case.entry_points);
        assert!(counts.glslang.non_debug > 0 && counts.glslang_spirv_opt.non_debug > 0);
        assert!(counts.luma.iter().all(|c| c.non_debug > 0));
    }
    let small = &results.cases[0];
    assert_eq!(small.files, 2);
    // The stage breakdown is measured for the large shader at 1x only.
    let stages: Vec<usize> = results.cases.iter().map(|c| c.stages.len()).collect();
    assert_eq!(stages, [0, 0, luma_bench::stages::STAGES.len(), 0, 0]);
    // The heap by stage needs the `luma-bench` binary's counting allocator: this test binary
    // has the system's, so it counts nothing and the report leaves the table out.
    assert!(results.cases.iter().all(|c| c.heap.is_none()));
    let text = report::render(&results, &Machine::describe(&root), &tools, &config.budget);
    for heading in [
        "## Machine",
        "## Targets",
        "## Inputs",
        "## Luma end to end, in process",
        "## Front-end throughput, in process",
        "## Where the time goes (large-1x)",
        "## Luma against naga, to SPIR-V",
        "## Luma against glslang, to SPIR-V (processes)",
        "## The same comparisons by the wall clock",
        "## Peak memory (processes)",
        "## Growth with input size",
        "## SPIR-V size",
        "## Output size",
    ] {
        assert!(
            text.contains(heading),
            "the report lacks {heading}:\n{text}"
        );
    }
    for figure in [
        "naga's throughput to SPIR-V",
        "Linear growth with size",
        "Peak memory under 8 bytes per source byte",
        &tools.naga.version,
    ] {
        assert!(text.contains(figure), "the report lacks {figure}:\n{text}");
    }
    assert!(log.iter().any(|l| l.contains("SPIR-V instruction counts")));
}
