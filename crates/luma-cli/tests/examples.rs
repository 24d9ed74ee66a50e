//! Every shader in `examples/` compiled the way the README tells a new user to
//! (`luma compile examples/<x>.luma --target=all --out-dir out/`, from the repository root) at
//! every opt level, and every output checked by a validator nobody on this project wrote:
//! SPIR-V by `spirv-val`; GLSL by `glslangValidator` and `spirv-val` on its SPIR-V, with
//! glslang's buffer layouts compared to the layouter's; HLSL by glslang's HLSL front end per
//! entry point and `spirv-val`; WGSL by naga (with layouts compared) and Tint. MSL cannot be
//! validated on Linux: the test checks that every entry point is declared.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "../../luma-back-glsl/tests/common/mod.rs"]
mod glsl_common;
#[path = "../../luma-back-wgsl/tests/common/mod.rs"]
mod wgsl_common;

use std::path::{Path, PathBuf};
use std::process::Command;

use luma_ir::ShaderStage;
use luma_testutil::{require_tool, run, scratch_dir, workspace_root};

const LEVELS: [(&str, lumac::OptLevel); 3] = [
    ("none", lumac::OptLevel::None),
    ("basic", lumac::OptLevel::Basic),
    ("aggressive", lumac::OptLevel::Aggressive),
];

/// The example shaders: `examples/*.luma` (files under `examples/lib/` are only included).
fn examples() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(workspace_root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "luma"))
        .collect();
    out.sort();
    out
}

fn stage(name: &str) -> ShaderStage {
    match name {
        "vertex" => ShaderStage::Vertex,
        "fragment" => ShaderStage::Fragment,
        "compute" => ShaderStage::Compute,
        other => panic!("unexpected stage {other}"),
    }
}

fn stage_flag(stage: ShaderStage) -> &'static str {
    glsl_common::stage_ext(stage)
}

/// How long one compilation may take; far more than any example needs.
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// Runs `cmd`; `None` if it runs past [`TIMEOUT`] (it is killed), else whether it succeeded and
/// its standard error.
fn run_with_timeout(cmd: &mut Command) -> Option<(bool, String)> {
    use std::io::Read;
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut stderr)
                .unwrap();
            return Some((status.success(), stderr));
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Checks one output of the manifest; returns the WGSL file for the batched Tint run.
fn validate(
    output: &serde_json::Value,
    module: &luma_ir::Module,
    scratch: &Path,
    failures: &mut Vec<String>,
) -> Option<PathBuf> {
    let path = PathBuf::from(output["path"].as_str().unwrap());
    let label = path.display().to_string();
    let spirv_val = |spv: &Path, failures: &mut Vec<String>| {
        let (ok, log) = run(Command::new(require_tool("spirv-val"))
            .args(["--target-env", "vulkan1.1"])
            .arg(spv));
        if !ok {
            failures.push(format!(
                "{label}: spirv-val rejects {}:\n{log}",
                spv.display()
            ));
        }
    };
    match output["target"].as_str().unwrap() {
        "spirv" => spirv_val(&path, failures),
        "glsl" => {
            let source = std::fs::read_to_string(&path).unwrap();
            let st = stage(output["stage"].as_str().unwrap());
            let file = scratch.join(path.file_name().unwrap());
            if let Err(e) = glsl_common::check(module, &source, st, &file) {
                failures.push(format!("{label}: {e}"));
            }
        }
        "hlsl" => {
            for entry in output["entry_points"].as_array().unwrap() {
                let name = entry["target_name"].as_str().unwrap();
                let st = stage(entry["stage"].as_str().unwrap());
                let spv = scratch.join(format!("{name}.hlsl.spv"));
                let (ok, log) = run(Command::new(require_tool("glslangValidator"))
                    .args(["-D", "-e", name, "-S", stage_flag(st), "-V"])
                    .args(["--target-env", "vulkan1.1", "-o"])
                    .arg(&spv)
                    .arg(&path));
                if ok {
                    spirv_val(&spv, failures);
                } else {
                    failures.push(format!("{label}: glslang rejects entry `{name}`:\n{log}"));
                }
            }
        }
        "wgsl" => {
            let source = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = wgsl_common::naga_check(module, &source) {
                failures.push(format!("{label}: {e}"));
            }
            return Some(path);
        }
        "msl" => {
            let source = std::fs::read_to_string(&path).unwrap();
            if !source.contains("#include <metal_stdlib>") {
                failures.push(format!("{label}: no `#include <metal_stdlib>`"));
            }
            for entry in output["entry_points"].as_array().unwrap() {
                let name = entry["target_name"].as_str().unwrap();
                if !source.contains(&format!(" {name}(")) {
                    failures.push(format!("{label}: entry point `{name}` is not declared"));
                }
            }
        }
        other => failures.push(format!("{label}: unexpected target {other}")),
    }
    None
}

#[test]
fn examples_compile_to_every_target_and_validate() {
    let examples = examples();
    assert!(examples.len() >= 8, "only {} examples", examples.len());
    let root = workspace_root();
    let scratch = scratch_dir("examples");
    let mut failures = Vec::new();
    let mut wgsl_files = Vec::new();
    let mut checked = 0;
    for example in &examples {
        let rel = example
            .strip_prefix(&root)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let stem = example.file_stem().unwrap().to_str().unwrap().to_string();
        for (level, opt) in LEVELS {
            let out = scratch.join(level).join(&stem);
            let _ = std::fs::remove_dir_all(&out);
            let manifest = out.join("manifest.json");
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_luma"));
            cmd.current_dir(&root)
                .args(["compile", &rel, "--target=all", "--opt", level, "--out-dir"])
                .arg(format!("{}/", out.display()))
                .arg("--manifest")
                .arg(&manifest);
            let Some((success, stderr)) = run_with_timeout(&mut cmd) else {
                failures.push(format!(
                    "{rel} ({level}): luma ran past {TIMEOUT:?} (a hang) and was killed"
                ));
                continue;
            };
            if !success {
                failures.push(format!("{rel} ({level}): luma failed:\n{stderr}"));
                continue;
            }
            if !stderr.is_empty() {
                failures.push(format!(
                    "{rel} ({level}): examples compile without warnings:\n{stderr}"
                ));
            }
            let options = lumac::Options {
                opt_level: opt,
                ..lumac::Options::default()
            };
            let module = lumac::frontend_ir_with(example, &options).unwrap();
            let json: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
            let outputs = json["outputs"].as_array().unwrap();
            let targets: std::collections::BTreeSet<&str> = outputs
                .iter()
                .map(|o| o["target"].as_str().unwrap())
                .collect();
            assert_eq!(targets.len(), 5, "{rel}: {targets:?}");
            let work = out.join("check");
            std::fs::create_dir_all(&work).unwrap();
            for output in outputs {
                if let Some(wgsl) = validate(output, &module, &work, &mut failures) {
                    wgsl_files.push(wgsl);
                }
                checked += 1;
            }
        }
    }
    if let Err(e) = wgsl_common::tint_check(&wgsl_files) {
        failures.push(e);
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} example outputs failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_example_says_what_it_is() {
    for example in examples() {
        let text = std::fs::read_to_string(&example).unwrap();
        assert!(
            text.starts_with("-- "),
            "{} should open with a comment saying what it shows",
            example.display()
        );
    }
}
