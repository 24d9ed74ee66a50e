//! Every corpus shader through the SPIR-V back end at every opt level: valid for
//! `spirv-val --target-env vulkan1.1`, read and validated by naga's SPIR-V front end as a second
//! opinion, byte-identical across runs, and equal to its committed disassembly at `Basic`
//! (`tests/out/spirv/<path>.spvasm`, blessed with `LUMA_BLESS=1`). The `Basic` IR is also
//! written at every other SPIR-V version and with debug information, and validated for the
//! Vulkan version that goes with it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use luma_back_spirv::{to_bytes, write, Options};
use luma_testutil::{corpus_path, require_tool, run, scratch_dir, shader_corpus, tests_dir};
use lumac::OptLevel;

/// Valid SPIR-V that naga 30's SPIR-V reader cannot take, by corpus shader: the error naga gives
/// and why. These shaders must still fail in naga exactly that way, so the list cannot go
/// stale silently: when naga learns the construct, the test says so.
const NAGA_READER_GAPS: &[(&str, &str, &str)] = &[
    (
        "features/spec_workgroup_size.luma",
        "InitializerExprType",
        "naga's SPIR-V reader makes the `WorkgroupSize` builtin (an OpSpecConstantComposite of \
         specialization constants) a constant whose initializer reads overrides, which its \
         validator rejects; glslang's SPIR-V for GLSL's `local_size_x_id` fails the same way",
    ),
    (
        "programs/bindless_materials.luma",
        "UnsupportedCapability(ShaderNonUniform)",
        "naga's SPIR-V reader does not list ShaderNonUniform (nor the descriptor-indexing \
         capabilities) in its supported capabilities, so every module that marks an index into \
         an array of resources non-uniform fails, glslang's `nonuniformEXT` output too",
    ),
    (
        "ports_sascha_willems/descriptorindexing.luma",
        "UnsupportedCapability(ShaderNonUniform)",
        "as programs/bindless_materials.luma: a texture array indexed by a flat varying",
    ),
    (
        "features/fragment_io.luma",
        "InitializerType",
        "naga reads the SampleMask output as a scalar and initializes it with a u32, but Vulkan \
         declares it as an array of one u32 (VUID-SampleMask-SampleMask-04359)",
    ),
    (
        "features/matrices.luma",
        "UnsupportedMatrixStride",
        "a mat2 in a uniform block has std140's 16-byte column stride (Luma's layout contract); \
         naga's IR only has the natural 8-byte stride for it",
    ),
    (
        "features/matrix_column_components.luma",
        "UnsupportedMatrixStride",
        "a mat2 in a uniform block has std140's 16-byte column stride (Luma's layout contract); \
         naga's IR only has the natural 8-byte stride for it",
    ),
    (
        "programs/layout_traps.luma",
        "UnsupportedMatrixStride",
        "a mat3x2 in a uniform block has std140's 16-byte column stride (Luma's layout \
         contract); naga's IR only has the natural 8-byte stride for it",
    ),
    (
        "programs/motion_blur_passes.luma",
        "InvalidImage",
        "naga's SPIR-V reader does not take arrays of storage images (`[2]image2D`): a load or \
         a store of an element fails, and so does glslang's SPIR-V of `image2D imgs[2]`; naga's \
         own WGSL path (the harness's) handles them",
    ),
    (
        "images/layered.luma",
        "InvalidImage",
        "naga's SPIR-V reader does not take arrayed storage images (`image2DArray`): glslang's \
         SPIR-V of a read-write `uimage2DArray` fails the same way, and of a read-only or \
         write-only one panics in naga (front/spv/image.rs: the coordinate type was never set \
         up); naga's own WGSL path (the harness's) handles them",
    ),
    (
        "programs/ggx_prefilter.luma",
        "InvalidBinaryOperandTypes { op: Less",
        "naga's SPIR-V reader gives `OpImageQuerySize` of an arrayed storage image \
         (`image2DArray`) two components without the layer count, so the store's bounds \
         check compares a uvec3 coordinate with a uvec2 (as in images/layered.luma)",
    ),
    (
        "programs/voxel_clear.luma",
        "OutOfBoundsIndex",
        "naga's SPIR-V reader gives `OpImageQuerySize` of an arrayed storage image \
         (`image2DArray`) two components without the layer count, so `image_layers` (its \
         third component) is out of bounds (as in images/layered.luma)",
    ),
    (
        "features/textures.luma",
        "InvalidBinaryOperandTypes { op: Subtract",
        "naga's SPIR-V reader gives `OpImageQuerySizeLod` of an arrayed texture \
         (`texture2DArray`) two components without the layer count, so the bounds-checked \
         `texel_fetch` subtracts an ivec3 of ones from an ivec2 (as in programs/ggx_prefilter.luma \
         for storage images)",
    ),
    (
        "programs/point_shadows.luma",
        "InitializerType",
        "the SampleMask output, as in features/fragment_io.luma",
    ),
    (
        "ports_tint/sample_mask_struct.luma",
        "InitializerType",
        "the SampleMask output, as in features/fragment_io.luma",
    ),
    (
        "ports_tint/vertex_const_arrays.luma",
        "UnsupportedMatrixStride",
        "two mat2s in uniform blocks have std140's 16-byte column stride (Luma's layout \
         contract); naga's IR only has the natural 8-byte stride for it",
    ),
    (
        "ports_spirv_cross/frag_builtins.luma",
        "InitializerType",
        "the SampleMask output, as in features/fragment_io.luma",
    ),
    (
        "ports_spirv_cross/image_formats.luma",
        "OutOfBoundsIndex",
        "`image_layers` of an `image2DArray`, whose `OpImageQuerySize` naga's SPIR-V reader \
         gives two components, as in programs/voxel_clear.luma",
    ),
    (
        "programs/skinned_forward.luma",
        "InitializerType",
        "the SampleMask output, as in features/fragment_io.luma",
    ),
    (
        "programs/half_varyings.luma",
        "UnsupportedCapability(StorageInputOutput16)",
        "naga's SPIR-V reader does not take 16-bit inputs and outputs (`half` varyings), which \
         SPIR-V declares with the `StorageInputOutput16` capability",
    ),
    (
        "features/reflect_every_member.luma",
        "UnsupportedMatrixStride",
        "a mat2 in a uniform block has std140's 16-byte column stride, as in \
         features/matrices.luma",
    ),
    (
        "features/reflect_storage_formats.luma",
        "InvalidBinaryOperandTypes { op: Subtract",
        "naga's SPIR-V reader gives `OpImageQuerySize` of an arrayed storage image \
         (`image2DArray`) two components without the layer count, so the bounds-checked \
         `image_load` subtracts an ivec3 of ones from an ivec2 (as in programs/ggx_prefilter.luma)",
    ),
    (
        "programs/half_mobile_lighting.luma",
        "UnsupportedCapability(StorageInputOutput16)",
        "`half` varyings, as in programs/half_varyings.luma",
    ),
    (
        "features/texture_layers_samples.luma",
        "OutOfBoundsIndex",
        "naga's SPIR-V reader gives `OpImageQuerySizeLod` of an arrayed texture two components \
         without the layer count (as in features/textures.luma), so `texture_layers`' \
         `OpCompositeExtract` of component 2 is out of bounds",
    ),
    (
        "ports_naga/image_queries.luma",
        "OutOfBoundsIndex",
        "`texture_layers` of a `texture2DArray`, as in features/texture_layers_samples.luma: \
         naga's SPIR-V reader gives `OpImageQuerySizeLod` of an arrayed texture two components",
    ),
    (
        "ports_naga/interface.luma",
        "InitializerType",
        "a `sample_mask` output, as in features/fragment_io.luma: naga reads the SampleMask \
         output as a scalar, Vulkan declares it as an array of one u32",
    ),
    (
        "features/texture_gather_depth.luma",
        "InvalidScalar",
        "naga's SPIR-V reader types an `OpImageGather` of a depth image (`Depth` 1, no \
         reference) as the depth's scalar instead of a vec4, so the gather's result fails \
         validation; the harness's WGSL path (naga's WGSL front end) runs the same gather",
    ),
];

const LEVELS: [(OptLevel, &str); 3] = [
    (OptLevel::None, "none"),
    (OptLevel::Basic, "basic"),
    (OptLevel::Aggressive, "aggressive"),
];

/// A scratch `.spv` file of its own for `words` (tests run in parallel threads).
fn spv_file(words: &[u32]) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = scratch_dir("spirv-corpus").join(format!("{n}.spv"));
    std::fs::write(&path, to_bytes(words)).unwrap();
    path
}

fn spirv_val(words: &[u32], env: &str) -> Result<(), String> {
    let path = spv_file(words);
    let (ok, report) = run(Command::new(require_tool("spirv-val"))
        .args(["--target-env", env])
        .arg(&path));
    let _ = std::fs::remove_file(&path);
    if ok {
        Ok(())
    } else {
        Err(report)
    }
}

fn spirv_dis(words: &[u32]) -> String {
    let path = spv_file(words);
    let (ok, text) = run(Command::new(require_tool("spirv-dis"))
        .arg("--no-color")
        .arg(&path));
    let _ = std::fs::remove_file(&path);
    assert!(ok, "spirv-dis failed: {text}");
    text
}

fn naga_check(words: &[u32]) -> Result<(), String> {
    let options = naga::front::spv::Options {
        adjust_coordinate_space: false,
        strict_capabilities: true,
        block_ctx_dump_prefix: None,
    };
    let module = naga::front::spv::parse_u8_slice(&to_bytes(words), &options)
        .map_err(|e| format!("naga cannot read the SPIR-V: {e:?}"))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|e| format!("naga rejects the module: {:?}", e.into_inner()))?;
    Ok(())
}

fn compile(ir: &luma_ir::Module, options: &Options, what: &str) -> Result<Vec<u32>, String> {
    write(ir, options).map_err(|e| format!("{what}: the SPIR-V writer failed: {e}"))
}

#[test]
fn corpus_at_every_opt_level() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let mut failures = Vec::new();
    for path in &corpus {
        let rel = corpus_path(path);
        for (level, name) in LEVELS {
            let what = format!("{rel} at {name}");
            let ir = match lumac::frontend_ir(path, level) {
                Ok(ir) => ir,
                Err(e) => {
                    failures.push(format!("{what}: the front end failed:\n{e}"));
                    continue;
                }
            };
            let options = Options::default();
            let words = match compile(&ir, &options, &what) {
                Ok(words) => words,
                Err(e) => {
                    failures.push(e);
                    continue;
                }
            };
            if compile(&ir, &options, &what).as_ref() != Ok(&words) {
                failures.push(format!("{what}: output differs between two runs"));
            }
            if let Err(report) = spirv_val(&words, "vulkan1.1") {
                failures.push(format!("{what}: spirv-val rejects it:\n{report}"));
                continue;
            }
            let gap = NAGA_READER_GAPS
                .iter()
                .find(|(shader, _, _)| *shader == rel);
            match (naga_check(&words), gap) {
                (Ok(()), None) => {}
                (Err(e), None) => failures.push(format!("{what}: {e}")),
                (Err(e), Some((_, expected, _))) if e.contains(expected) => {}
                (Err(e), Some((_, expected, why))) => failures.push(format!(
                    "{what}: expected naga's known failure `{expected}` ({why}), got: {e}"
                )),
                (Ok(()), Some((_, _, why))) => failures.push(format!(
                    "{what}: naga now accepts it; remove it from NAGA_READER_GAPS ({why})"
                )),
            }
            if level == OptLevel::Basic {
                let snapshot = tests_dir()
                    .join("out")
                    .join("spirv")
                    .join(Path::new(&rel).with_extension("spvasm"));
                luma_testutil::assert_snapshot(&snapshot, &spirv_dis(&words));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn corpus_at_every_spirv_version() {
    let mut failures = Vec::new();
    for path in shader_corpus() {
        let rel = corpus_path(&path);
        let ir = match lumac::frontend_ir(&path, OptLevel::Basic) {
            Ok(ir) => ir,
            Err(e) => {
                failures.push(format!("{rel}: the front end failed:\n{e}"));
                continue;
            }
        };
        for (minor, env) in [
            (0, "vulkan1.0"),
            (3, "vulkan1.1"),
            (4, "vulkan1.1spv1.4"),
            (5, "vulkan1.2"),
            (6, "vulkan1.3"),
        ] {
            for debug in [false, true] {
                let what = format!(
                    "{rel} as SPIR-V 1.{minor}{}",
                    if debug { " with debug info" } else { "" }
                );
                let options = Options {
                    version: (1, minor),
                    debug,
                    ..Options::default()
                };
                match compile(&ir, &options, &what) {
                    Ok(words) => {
                        if let Err(report) = spirv_val(&words, env) {
                            failures.push(format!(
                                "{what}: spirv-val --target-env {env} rejects it:\n{report}"
                            ));
                        }
                    }
                    Err(e) => failures.push(e),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
