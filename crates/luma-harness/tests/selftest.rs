//! Harness self-tests on the real Vulkan driver with hand-written GLSL and SPIR-V assembly:
//! every feature the Luma corpus relies on (buffers, push and specialization constants, every
//! texture shape in both binding layouts, rendering with vertex buffers, depth, MRT and discard)
//! must pass, and a wrong expected value, a validation error and a missing binding must fail.
//! A test that needs an optional device feature runs where the device has it and is n/a with
//! the missing feature as the reason where it does not.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};

use luma_harness::paths::Tools;
use luma_harness::report::Report;
use luma_harness::runner::{Runner, Status, TestResult};
use luma_harness::spec;
use luma_harness::{Gpu, GpuOptions};

fn selftest_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/selftest")
}

fn gpu() -> Gpu {
    // The loader and lavapipe want a runtime dir; CI machines may not set one.
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        std::env::set_var("XDG_RUNTIME_DIR", "/tmp");
    }
    luma_testutil::require_tool("glslangValidator");
    luma_testutil::require_tool("spirv-as");
    match Gpu::new(&GpuOptions::default()) {
        Ok(gpu) => gpu,
        Err(e) => panic!("cannot open the Vulkan device: {e}"),
    }
}

fn run(gpu: &Gpu, spec_path: &Path, label: &str) -> TestResult {
    let test = spec::load(spec_path).unwrap_or_else(|e| panic!("{e}"));
    let runner = Runner {
        gpu,
        tools: Tools::find(),
        luma: None,
        scratch: luma_testutil::scratch_dir(label),
    };
    let result = runner.run(&test, &[]);
    let _ = std::fs::remove_dir_all(&runner.scratch);
    result
}

#[test]
fn self_tests_pass_on_the_device() {
    let gpu = gpu();
    let specs = spec::discover(&selftest_dir()).unwrap();
    assert!(specs.len() >= 8, "self-tests missing: {specs:?}");
    let start = std::time::Instant::now();
    let tests: Vec<TestResult> = specs
        .iter()
        .map(|p| run(&gpu, p, "harness-selftest"))
        .collect();
    let report = Report {
        device: gpu.info().clone(),
        tests,
        seconds: start.elapsed().as_secs_f64(),
    };
    let table = report.table();
    println!("{table}");
    assert!(report.ok(), "self-tests failed:\n{table}");
    for t in &report.tests {
        assert!(!t.paths.is_empty(), "{} ran no path", t.name);
    }
}

#[test]
fn a_wrong_expected_value_fails() {
    let gpu = gpu();
    let result = run(
        &gpu,
        &selftest_dir().join("must_fail/wrong_value.toml"),
        "harness-wrong-value",
    );
    let [path] = result.paths.as_slice() else {
        panic!("expected one path: {result:?}");
    };
    match &path.status {
        Status::Fail(lines) => {
            assert_eq!(
                lines,
                &vec![
                    "expect #1 (buffer at group 0 binding 1): byte 28: i32 expected 0, got -1"
                        .to_string()
                ]
            );
        }
        other => panic!("a wrong expected value must fail the test, got {other:?}"),
    }
}

#[test]
fn a_validation_error_fails() {
    let gpu = gpu();
    let result = run(
        &gpu,
        &selftest_dir().join("must_fail/validation_error.toml"),
        "harness-validation-error",
    );
    let [path] = result.paths.as_slice() else {
        panic!("expected one path: {result:?}");
    };
    match &path.status {
        Status::Error(m) => {
            assert!(m.contains("validation layer reported"), "{m}");
            assert!(m.contains("Float64"), "{m}");
        }
        other => panic!("a validation error must fail the run, got {other:?}"),
    }
}

#[test]
fn a_binding_without_data_fails() {
    let gpu = gpu();
    let result = run(
        &gpu,
        &selftest_dir().join("must_fail/missing_buffer.toml"),
        "harness-missing-buffer",
    );
    match &result.paths.as_slice() {
        [p] => match &p.status {
            Status::Error(m) => assert!(
                m.contains(
                    "the shader uses storage buffer `src` at group 0 binding 0, but the \
                            test gives no buffer there"
                ),
                "{m}"
            ),
            other => panic!("expected an error, got {other:?}"),
        },
        other => panic!("expected one path: {other:?}"),
    }
}

/// The reflection reader binds what the entry point uses: a buffer reached only through a
/// called function counts, a declared but unused one does not, and the push constant block's
/// size follows its offsets and matrix strides.
#[test]
fn reflection_reports_what_the_entry_uses() {
    let glslang = luma_testutil::require_tool("glslangValidator");
    let dir = luma_testutil::scratch_dir("harness-reflect");
    let src = dir.join("r.comp");
    std::fs::write(
        &src,
        "#version 450\n\
         layout(local_size_x = 1) in;\n\
         layout(set = 0, binding = 0, std430) buffer A { float a[]; };\n\
         layout(set = 0, binding = 3, std430) buffer B { float b[]; };\n\
         layout(set = 2, binding = 1, std140) uniform U { vec4 u; };\n\
         layout(set = 1, binding = 5) uniform sampler2D tex[3];\n\
         layout(push_constant, std430) uniform P { vec2 v; mat3 m; float tail; } pc;\n\
         void helper() { b[0] = u.x + textureLod(tex[1], vec2(0.0), 0.0).x; }\n\
         void main() { helper(); b[1] = pc.tail + pc.m[2].z; }\n",
    )
    .unwrap();
    let out = dir.join("r.spv");
    let status = std::process::Command::new(glslang)
        .args(["-V", "--target-env", "vulkan1.1", "-o"])
        .arg(&out)
        .arg(&src)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let words = luma_harness::paths::read_words(&out).unwrap();
    let module = luma_harness::reflect::reflect(&words).unwrap();
    let entry = module
        .entry(luma_harness::reflect::Stage::Compute, Some("main"))
        .unwrap();
    let used: Vec<(u32, u32, &str, u32)> = entry
        .resources
        .iter()
        .map(|r| (r.set, r.binding, r.kind.name(), r.count))
        .collect();
    assert_eq!(
        used,
        vec![
            (0, 3, "storage buffer", 1),
            (1, 5, "combined image sampler", 3),
            (2, 1, "uniform buffer", 1),
        ]
    );
    // v at 0, m at 16 (three 16-byte columns), tail at 64.
    assert_eq!(entry.push_constant_size, Some(68));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `device_features`: the harness enables descriptor indexing's non-uniform features where the
/// device has them, so the test runs (and passes) there; elsewhere every path is n/a and says
/// which feature is missing. A name the harness does not know is a spec error.
#[test]
fn device_features_run_where_the_device_has_them() {
    let gpu = gpu();
    let spec_path = selftest_dir().join("nonuniform_indexing.toml");
    let test = spec::load(&spec_path).unwrap();
    let result = run(&gpu, &spec_path, "harness-device-features");
    let [path] = result.paths.as_slice() else {
        panic!("expected one path: {result:?}");
    };
    let features = &gpu.info().features;
    if test
        .device_features
        .iter()
        .all(|f| features.contains(&f.as_str()))
    {
        assert_eq!(path.status, Status::Pass, "{result:?}");
    } else {
        match &path.status {
            Status::NotApplicable(reason) => {
                assert!(reason.contains("ArrayNonUniformIndexing"), "{reason}")
            }
            other => panic!("expected n/a on a device without the features, got {other:?}"),
        }
    }

    let dir = luma_testutil::scratch_dir("harness-unknown-feature");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(&spec_path)
        .unwrap()
        .replace("shaderStorageImageArrayNonUniformIndexing", "shaderFloat64");
    let bad = dir.join("unknown_feature.toml");
    std::fs::write(&bad, text).unwrap();
    std::fs::copy(
        selftest_dir().join("nonuniform_indexing.comp"),
        dir.join("nonuniform_indexing.comp"),
    )
    .unwrap();
    let e = spec::load(&bad).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("device_features names `shaderFloat64`"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
