//! The IR test files (`tests/ir/*.ir`) through the SPIR-V writer: `spirv-val` at every SPIR-V
//! version, naga's reader and validator, `spirv-dis` snapshots and byte-identical reruns.

mod common;

use common::*;
use luma_back_spirv::Options;

/// Valid SPIR-V that naga 30's SPIR-V reader cannot take, by test file: the error naga gives
/// and why. These files must still fail in naga exactly that way, so the list cannot go stale
/// silently: when naga learns the construct, the test says so.
const NAGA_READER_GAPS: &[(&str, &str, &str)] = &[
    (
        "image_layers",
        "OutOfBoundsIndex",
        "naga reads OpImageQuerySizeLod as a size without the layer count \
         (front/spv/image.rs: \"TODO: handle arrays and cubes\"), so the layer component is \
         out of bounds",
    ),
    (
        "images",
        "InvalidBinaryOperandTypes { op: Subtract",
        "naga reads OpImageQuerySizeLod as a size without the layer count (as for \
         image_layers), so the bounds-checked fetch from the 2D array texture subtracts an \
         ivec3 of ones from an ivec2",
    ),
    (
        "nonuniform",
        "UnsupportedCapability(ShaderNonUniform)",
        "naga's SPIR-V reader does not list ShaderNonUniform (nor the descriptor-indexing \
         capabilities) among its supported capabilities",
    ),
    (
        "sample_mask",
        "InitializerType",
        "naga reads the SampleMask output as a scalar and initializes it with a u32, but \
         Vulkan declares it as an array of one u32 (VUID-SampleMask-SampleMask-04359)",
    ),
    (
        "spec_composite",
        "InitializerExprType",
        "naga reads OpSpecConstantComposite as a plain constant whose parts are overrides, \
         which its validator rejects",
    ),
];

/// Every file at the default options: valid for Vulkan 1.1, accepted by naga, equal to its
/// committed disassembly (`<name>.spvasm`, blessed with `LUMA_BLESS=1`), and deterministic.
#[test]
fn ir_files_match_snapshots_and_validate() {
    let files = ir_files();
    assert!(
        !files.is_empty(),
        "no IR test files found in {}",
        ir_dir().display()
    );
    let mut failures = Vec::new();
    for path in &files {
        let label = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let module = parse_verified(&text, &label);
        let options = Options::default();
        let words = compile(&module, &options, &label);
        assert_eq!(
            words,
            compile(&module, &options, &label),
            "{label}: output differs between two runs"
        );
        if let Err(e) = validate(&words, "vulkan1.1", &label) {
            failures.push(e);
            continue;
        }
        let gap = NAGA_READER_GAPS.iter().find(|(name, _, _)| *name == label);
        match (naga_check(&words, &label), gap) {
            (Ok(()), None) => {}
            (Err(e), None) => failures.push(e),
            (Err(e), Some((_, expected, _))) if e.contains(expected) => {}
            (Err(e), Some((_, expected, why))) => failures.push(format!(
                "{label}: expected naga's known failure `{expected}` ({why}), got: {e}"
            )),
            (Ok(()), Some((_, _, why))) => failures.push(format!(
                "{label}: naga now accepts this file; remove it from NAGA_READER_GAPS ({why})"
            )),
        }
        let snapshot = path.with_extension("spvasm");
        luma_testutil::assert_snapshot(&snapshot, &disassemble(&words, &label));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every file at every SPIR-V version, with and without debug information, is valid for the
/// Vulkan version that goes with it.
#[test]
fn ir_files_validate_at_every_version() {
    let mut failures = Vec::new();
    for path in ir_files() {
        let label = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let module = parse_verified(&text, &label);
        for minor in 0..=6u8 {
            for debug in [false, true] {
                let options = Options {
                    version: (1, minor),
                    debug,
                    ..Options::default()
                };
                let what = format!("{label}-1.{minor}{}", if debug { "-debug" } else { "" });
                let words = compile(&module, &options, &what);
                if let Err(e) = validate(&words, target_env((1, minor)), &what) {
                    failures.push(e);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
