//! Helpers of the SPIR-V back end's tests: IR text in, SPIR-V out, checked by `spirv-val`,
//! disassembled by `spirv-dis`, and read back by naga's SPIR-V front end and validator.
#![allow(dead_code, clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use luma_back_spirv::{to_bytes, write, Options};
use luma_testutil::{require_tool, run, scratch_dir};

/// The folder of the IR test inputs.
pub fn ir_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("ir")
}

/// Every `.ir` file of the test inputs, sorted.
pub fn ir_files() -> Vec<PathBuf> {
    luma_testutil::files_with_extension(&ir_dir(), "ir")
}

/// Parses IR text, panicking with the parse error.
pub fn parse(text: &str, what: &str) -> luma_ir::Module {
    match luma_ir::parse::parse_module(text) {
        Ok(module) => module,
        Err(e) => panic!("{what}: IR does not parse: {e}"),
    }
}

/// Test files that go beyond the verifier's contract on purpose, with the rule they break: the
/// writer handles these constructs for front ends that produce them, and the files check that.
pub const BEYOND_VERIFIER: &[(&str, &str)] = &[
    (
        "spec_composite",
        "composite constants have no specialization-constant parts",
    ),
    (
        "select_composite",
        "`Select` takes only scalars and vectors",
    ),
    (
        "beyond_verifier_ops",
        "componentwise operators and math take scalars and vectors of one type; dot takes floats",
    ),
];

/// Parses IR text and runs the IR verifier on it (except for [`BEYOND_VERIFIER`] files, which
/// must fail it), panicking with the first problem.
pub fn parse_verified(text: &str, what: &str) -> luma_ir::Module {
    let module = parse(text, what);
    let exempt = BEYOND_VERIFIER.iter().any(|(name, _)| *name == what);
    match (luma_ir::verify::verify(&module), exempt) {
        (Ok(()), false) | (Err(_), true) => {}
        (Err(e), false) => panic!("{what}: the IR verifier rejects the test input: {e}"),
        (Ok(()), true) => panic!("{what}: listed in BEYOND_VERIFIER but the verifier accepts it"),
    }
    module
}

/// Writes `module`, panicking with the back end's error.
pub fn compile(module: &luma_ir::Module, options: &Options, what: &str) -> Vec<u32> {
    match write(module, options) {
        Ok(words) => words,
        Err(e) => panic!("{what}: the SPIR-V writer failed: {e}"),
    }
}

/// Writes the module to a scratch `.spv` file and returns its path. Each call gets its own
/// file: tests run in parallel threads and may share labels.
pub fn spv_file(words: &[u32], label: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = scratch_dir("spirv-tests");
    let name: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let path = dir.join(format!("{name}-{unique}.spv"));
    std::fs::write(&path, to_bytes(words)).unwrap();
    path
}

/// The `spirv-val` target environment for a SPIR-V version.
pub fn target_env(version: (u8, u8)) -> &'static str {
    match version.1 {
        0 => "vulkan1.0",
        1..=3 => "vulkan1.1",
        4 => "vulkan1.1spv1.4",
        5 => "vulkan1.2",
        _ => "vulkan1.3",
    }
}

/// Runs `spirv-val --target-env <env>`; `Err` carries its report and the disassembly.
pub fn validate(words: &[u32], env: &str, label: &str) -> Result<(), String> {
    let path = spv_file(words, label);
    let (ok, report) = run(Command::new(require_tool("spirv-val"))
        .arg("--target-env")
        .arg(env)
        .arg(&path));
    let _ = std::fs::remove_file(&path);
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{label}: spirv-val --target-env {env} rejects the output:\n{report}\n{}",
            disassemble(words, label)
        ))
    }
}

/// `spirv-dis` output (friendly names, no colour).
pub fn disassemble(words: &[u32], label: &str) -> String {
    let path = spv_file(words, label);
    let (ok, text) = run(Command::new(require_tool("spirv-dis"))
        .arg("--no-color")
        .arg(&path));
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{label}: spirv-dis failed: {text}");
    text
}

/// Reads the module with naga's SPIR-V front end and validates the result.
pub fn naga_check(words: &[u32], label: &str) -> Result<(), String> {
    let bytes = to_bytes(words);
    let options = naga::front::spv::Options {
        adjust_coordinate_space: false,
        strict_capabilities: true,
        block_ctx_dump_prefix: None,
    };
    let module = naga::front::spv::parse_u8_slice(&bytes, &options)
        .map_err(|e| format!("{label}: naga cannot read the SPIR-V: {e:?}"))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("{label}: naga rejects the module: {:?}", e.into_inner()))?;
    Ok(())
}
