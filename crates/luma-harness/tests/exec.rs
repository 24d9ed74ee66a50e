//! The execution corpus (`tests/exec`) on the Vulkan device: every test through the four Luma
//! paths (SPIR-V; GLSL through glslangValidator; HLSL through glslangValidator -D; WGSL through
//! naga) at each opt level, plus its hand-written GLSL reference, all required to produce the
//! expected values under the validation layer. A path that cannot run a test must be declared
//! in the test's spec with a reason; the report lists those.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use luma_harness::data::Value;
use luma_harness::luma::Compiler;
use luma_harness::paths::Tools;
use luma_harness::report::Report;
use luma_harness::runner::{Runner, Status, TestResult};
use luma_harness::spec::{self, PathKind, Test};
use luma_harness::{Gpu, GpuOptions};
use luma_opt::OptLevel;

fn corpus_dir() -> PathBuf {
    luma_testutil::tests_dir().join("exec")
}

fn corpus() -> Vec<Test> {
    spec::discover(&corpus_dir())
        .unwrap()
        .iter()
        .map(|p| spec::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn gpu() -> Gpu {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        std::env::set_var("XDG_RUNTIME_DIR", "/tmp");
    }
    luma_testutil::require_tool("glslangValidator");
    Gpu::new(&GpuOptions::default())
        .unwrap_or_else(|e| panic!("cannot open the Vulkan device: {e}"))
}

/// Runs the corpus at one opt level; the references run only with `references`.
fn run_corpus(opt: OptLevel, references: bool) -> Report {
    let gpu = gpu();
    let compiler = Compiler::new(opt);
    let runner = Runner {
        gpu: &gpu,
        tools: Tools::find(),
        luma: Some(&compiler),
        scratch: luma_testutil::scratch_dir(&format!("exec-{}", opt.as_str())),
    };
    let only: Vec<PathKind> = if references {
        Vec::new()
    } else {
        PathKind::LUMA.to_vec()
    };
    let start = std::time::Instant::now();
    let tests: Vec<TestResult> = corpus().iter().map(|t| runner.run(t, &only)).collect();
    let _ = std::fs::remove_dir_all(&runner.scratch);
    Report {
        device: gpu.info().clone(),
        tests,
        seconds: start.elapsed().as_secs_f64(),
    }
}

fn assert_clean(report: &Report, opt: OptLevel) {
    let table = report.table();
    println!("opt level {}:\n{table}", opt.as_str());
    for t in &report.tests {
        for kind in PathKind::LUMA {
            assert!(
                t.paths.iter().any(|p| p.path == kind),
                "{}: the {} path neither ran nor was declared not applicable",
                t.name,
                kind.name()
            );
        }
    }
    assert!(
        report.ok(),
        "execution corpus failures at opt level {}:\n{table}",
        opt.as_str()
    );
}

#[test]
fn corpus_is_complete() {
    let tests = corpus();
    assert!(tests.len() >= 50, "only {} execution tests", tests.len());
    for t in &tests {
        assert!(t.luma.is_some(), "{} has no Luma source", t.name);
        assert!(
            !t.references.glsl.is_empty(),
            "{} has no hand-written GLSL reference to confirm its expected values",
            t.name
        );
        assert!(!t.description.is_empty(), "{} has no description", t.name);
    }
}

#[test]
fn corpus_passes_at_opt_basic_with_references() {
    let report = run_corpus(OptLevel::Basic, true);
    assert_clean(&report, OptLevel::Basic);
}

#[test]
fn corpus_passes_at_opt_none() {
    let report = run_corpus(OptLevel::None, false);
    assert_clean(&report, OptLevel::None);
}

#[test]
fn corpus_passes_at_opt_aggressive() {
    let report = run_corpus(OptLevel::Aggressive, false);
    assert_clean(&report, OptLevel::Aggressive);
}

/// The SPIR-V path at SPIR-V 1.6 (Vulkan 1.3), the newest version the back end writes: from
/// 1.4 on it writes some constructs differently (interfaces list every global, `OpCopyLogical`
/// converts between layouts, `OpSelect` takes composites), and Mesa's SPIR-V reader once failed
/// pipeline creation on a copy between a `Block` struct and a plain one that `spirv-val` accepts.
#[test]
fn corpus_passes_on_spirv_1_6() {
    let compiler = Compiler::new(OptLevel::Basic).with_spirv_version((1, 6));
    corpus_passes_on_one_path(
        &gpu(),
        &compiler,
        Tools::find(),
        PathKind::Spirv,
        "SPIR-V 1.6",
    );
}

/// The `hlsl-slang` path (Luma's HLSL through Slang, a second HLSL front end) at the default
/// level, on a device with the features Slang's SPIR-V declares ([`GpuOptions::slang_features`]);
/// the other levels' HLSL is compiled by Slang in luma-tests' HLSL corpus test.
#[test]
fn corpus_passes_through_slang_at_opt_basic() {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        std::env::set_var("XDG_RUNTIME_DIR", "/tmp");
    }
    let gpu = Gpu::new(&GpuOptions {
        slang_features: true,
        ..GpuOptions::default()
    })
    .unwrap_or_else(|e| panic!("cannot open the Vulkan device: {e}"));
    let tools = Tools::find();
    assert!(
        tools.slang.is_some(),
        "Slang is not installed (tools/slang/lib); run scripts/install-test-tools.sh"
    );
    corpus_passes_on_one_path(
        &gpu,
        &Compiler::new(OptLevel::Basic),
        tools,
        PathKind::HlslSlang,
        "hlsl-slang at opt level basic",
    );
}

/// Runs every corpus test on `path` alone and requires each to pass or be declared not
/// applicable there; `label` names the run in the table and the failure.
fn corpus_passes_on_one_path(
    gpu: &Gpu,
    compiler: &Compiler,
    tools: Tools,
    path: PathKind,
    label: &str,
) {
    let runner = Runner {
        gpu,
        tools,
        luma: Some(compiler),
        scratch: luma_testutil::scratch_dir(&format!("exec-{}", label.replace(' ', "-"))),
    };
    let start = std::time::Instant::now();
    let tests: Vec<TestResult> = corpus().iter().map(|t| runner.run(t, &[path])).collect();
    let _ = std::fs::remove_dir_all(&runner.scratch);
    let report = Report {
        device: gpu.info().clone(),
        tests,
        seconds: start.elapsed().as_secs_f64(),
    };
    let table = report.table();
    println!("{label}:\n{table}");
    for t in &report.tests {
        assert!(
            t.paths.iter().any(|p| p.path == path),
            "{}: the {} path neither ran nor was declared not applicable",
            t.name,
            path.name()
        );
    }
    assert!(report.ok(), "failures of {label}:\n{table}");
}

/// A corpus test with one expected value changed must fail on every Luma path, with a message
/// that names the value.
#[test]
fn a_wrong_expected_value_fails_every_path() {
    let gpu = gpu();
    let compiler = Compiler::new(OptLevel::Basic);
    let runner = Runner {
        gpu: &gpu,
        tools: Tools::find(),
        luma: Some(&compiler),
        scratch: luma_testutil::scratch_dir("exec-wrong-value"),
    };
    let mut test = spec::load(&corpus_dir().join("bit_ops.toml")).unwrap();
    let field = &mut test.expects[0].data.fields[0];
    // a & b is 0x0f0f0000; expect one more.
    assert_eq!(field.value, Value::Int(0x0f0f_0000));
    field.value = Value::Int(0x0f0f_0001);
    let result = runner.run(&test, &PathKind::LUMA);
    let _ = std::fs::remove_dir_all(&runner.scratch);
    assert_eq!(result.paths.len(), 4);
    for p in &result.paths {
        match &p.status {
            Status::Fail(lines) => assert_eq!(
                lines,
                &vec![
                    "expect #1 (buffer at group 0 binding 2): byte 0: i32 expected 252641281, \
                     got 252641280"
                        .to_string()
                ],
                "{} path",
                p.path.name()
            ),
            other => panic!(
                "the {} path must fail on a wrong expected value, got {other:?}",
                p.path.name()
            ),
        }
    }
}

/// The `hlsl-slang` path compiles through one Slang process kept for the whole run: a
/// rejected shader must still fail with Slang's message, and the next one must still compile.
#[test]
fn slang_reports_errors_and_goes_on_compiling() {
    let tools = Tools::find();
    assert!(
        tools.slang.is_some(),
        "Slang is not installed (tools/slang/lib); run scripts/install-test-tools.sh"
    );
    let scratch = luma_testutil::scratch_dir("exec-slang-server");
    let stage = luma_harness::reflect::Stage::Compute;
    let broken = "[numthreads(1, 1, 1)] void main() { undefined_thing = 1; }\n";
    let err = luma_harness::paths::slang(&tools, broken, stage, "main", &[], &scratch, "broken")
        .unwrap_err()
        .to_string();
    assert!(err.contains("undefined identifier"), "{err}");
    let fine = "RWStructuredBuffer<uint> data : register(u0);\n\
                [numthreads(1, 1, 1)] void main() { data[0] = 7u; }\n";
    let words =
        luma_harness::paths::slang(&tools, fine, stage, "main", &[], &scratch, "fine").unwrap();
    assert_eq!(words.first(), Some(&0x0723_0203), "not a SPIR-V module");
    let _ = std::fs::remove_dir_all(&scratch);
}
