//! One test per construct class of the SPIR-V writer, checked on the disassembly: capabilities
//! and extensions appear only when used, decorations, specialization constant ids, debug
//! information, version-dependent choices, options and errors.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use luma_back_spirv::{codes, write, Options};

/// The disassembly of test file `name` under `options`, after checking it with `spirv-val`.
fn dis(name: &str, options: &Options) -> String {
    let path = ir_dir().join(format!("{name}.ir"));
    let text = std::fs::read_to_string(&path).unwrap();
    dis_text(&text, name, options)
}

/// The disassembly of IR `text` under `options`, after checking it with `spirv-val`.
fn dis_text(text: &str, label: &str, options: &Options) -> String {
    let module = parse_verified(text, label);
    let words = compile(&module, options, label);
    let label = format!("{label}-1.{}", options.version.1);
    validate(&words, target_env(options.version), &label).unwrap();
    disassemble(&words, &label)
}

fn version(minor: u8) -> Options {
    Options {
        version: (1, minor),
        ..Options::default()
    }
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn capabilities_and_extensions_only_when_used() {
    let basic = dis("fragment_basic", &Options::default());
    assert_eq!(count(&basic, "OpCapability"), 1, "{basic}");
    assert!(basic.contains("OpCapability Shader"));
    assert!(!basic.contains("OpExtension"));
    assert!(
        !basic.contains("GLSL.std.450"),
        "no import when no extended instruction is used"
    );

    let images = dis("images", &Options::default());
    assert!(images.contains("OpCapability ImageQuery"));
    assert!(images.contains("OpCapability SampledCubeArray"));
    assert!(!images.contains("DerivativeControl"));

    let math = dis("math", &Options::default());
    assert!(math.contains("OpCapability DerivativeControl"));
    assert!(math.contains("OpExtInstImport \"GLSL.std.450\""));

    let builtins = dis("fragment_builtins", &Options::default());
    assert!(builtins.contains("OpCapability SampleRateShading"));

    let half = dis("half", &Options::default());
    for capability in [
        "Float16",
        "StorageBuffer16BitAccess",
        "UniformAndStorageBuffer16BitAccess",
    ] {
        assert!(
            half.contains(&format!("OpCapability {capability}\n")),
            "{capability}"
        );
    }
    assert!(!half.contains("StoragePushConstant16"));
    assert!(
        !half.contains("OpExtension"),
        "16-bit storage is core in SPIR-V 1.3"
    );
    let half_1_0 = dis("half", &version(0));
    assert!(half_1_0.contains("OpExtension \"SPV_KHR_16bit_storage\""));
    assert!(half_1_0.contains("OpExtension \"SPV_KHR_storage_buffer_storage_class\""));

    let compute = dis("compute_atomics", &version(0));
    assert!(compute.contains("OpExtension \"SPV_KHR_storage_buffer_storage_class\""));
    assert!(!dis("compute_atomics", &Options::default()).contains("OpExtension"));
}

#[test]
fn interface_decorations() {
    let basic = dis("fragment_basic", &Options::default());
    for needle in [
        "Location 0",
        "Location 1",
        "Location 2",
        "Flat",
        "NoPerspective",
        "BuiltIn FragCoord",
        "BuiltIn FragDepth",
        "DescriptorSet 1",
        "Binding 1",
        "OpExecutionMode %26 OriginUpperLeft",
        "DepthReplacing",
    ] {
        assert!(basic.contains(needle), "missing `{needle}`:\n{basic}");
    }
    let builtins = dis("fragment_builtins", &Options::default());
    assert!(builtins.contains("EarlyFragmentTests"));
    assert!(builtins.contains("BuiltIn SampleId"));
    assert!(builtins.contains("BuiltIn FrontFacing"));
    let mask = dis("sample_mask", &Options::default());
    assert!(mask.contains("BuiltIn SampleMask"));
    assert!(mask.contains("OpTypeArray %uint %uint_1"));
    let vertex = dis("vertex", &Options::default());
    for needle in [
        "BuiltIn VertexIndex",
        "BuiltIn InstanceIndex",
        "BuiltIn Position",
        "Location 1\n",
    ] {
        assert!(vertex.contains(needle), "missing `{needle}`:\n{vertex}");
    }
    // Interpolation qualifiers never go on vertex inputs.
    assert_eq!(count(&vertex, " Flat"), 1, "{vertex}");
    let compute = dis("compute_atomics", &Options::default());
    assert!(
        compute.contains("OpExecutionMode %23 LocalSize 64 1 1"),
        "{compute}"
    );
    assert!(compute.contains("BuiltIn LocalInvocationIndex"));
}

#[test]
fn buffer_layout_decorations() {
    let layouts = dis("layouts", &Options::default());
    for needle in [
        "Block",
        "Offset 224",
        "Offset 256",
        "ColMajor",
        "MatrixStride 16",
        "ArrayStride 16",
        "ArrayStride 4",
        "ArrayStride 32",
    ] {
        assert!(layouts.contains(needle), "missing `{needle}`:\n{layouts}");
    }
    // std140 and std430 copies of `Scene`, a plain one, and the wrapper of the bare array.
    assert_eq!(count(&layouts, "OpDecorate %_struct_"), 3, "{layouts}");
    let compute = dis("compute_atomics", &Options::default());
    assert_eq!(
        count(&compute, " NonWritable"),
        1,
        "read-only buffers only:\n{compute}"
    );
    assert!(compute.contains("OpArrayLength %uint %"));
}

#[test]
fn whole_composite_copies_between_layouts() {
    let old = dis("layouts", &version(3));
    assert!(!old.contains("OpCopyLogical"));
    assert!(old.contains("OpCompositeConstruct %_struct_"));
    let new = dis("layouts", &version(4));
    assert!(new.contains("OpCopyLogical"), "{new}");
    // Mesa's SPIR-V reader (lavapipe 22.3 ran it) fails the pipeline when an `OpCopyLogical`
    // converts a buffer's `Block` struct to or from a plain struct, so whole-block loads and
    // stores go member by member, each member converted on its own.
    for minor in 4..=6 {
        let text = dis("layouts", &version(minor));
        let blocks: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("OpDecorate "))
            .filter_map(|l| l.strip_suffix(" Block"))
            .collect();
        assert!(!blocks.is_empty(), "{text}");
        let type_of = |id: &str| -> Option<String> {
            text.lines().find_map(|l| {
                let (result, rest) = l.trim().split_once(" = ")?;
                let mut words = rest.split_whitespace();
                let op = words.next()?;
                (result == id && op != "OpTypeStruct").then(|| words.next().map(String::from))?
            })
        };
        for line in text.lines().filter(|l| l.contains("OpCopyLogical")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (result_ty, operand) = (words[3], words[4]);
            assert!(!blocks.contains(&result_ty), "1.{minor}: {line}\n{text}");
            let operand_ty = type_of(operand).unwrap_or_default();
            assert!(
                !blocks.contains(&operand_ty.as_str()),
                "1.{minor}: {line}\n{text}"
            );
        }
    }
}

#[test]
fn specialization_constants() {
    let spec = dis("spec_constants", &Options::default());
    for needle in [
        "SpecId 0",
        "SpecId 1",
        "SpecId 2",
        "SpecId 7",
        "SpecId 9",
        "OpSpecConstantTrue %bool",
        "OpSpecConstantFalse %bool",
        "OpSpecConstant %int 4",
        "OpSpecConstant %float 1.5",
        "OpSpecConstant %uint 255",
    ] {
        assert!(spec.contains(needle), "missing `{needle}`:\n{spec}");
    }
    let composite = dis("spec_composite", &Options::default());
    assert!(
        composite.contains("OpSpecConstantComposite %v2float"),
        "{composite}"
    );
    let named = dis(
        "spec_constants",
        &Options {
            debug: true,
            ..Options::default()
        },
    );
    assert!(
        named.contains("OpName %LIGHT_COUNT \"LIGHT_COUNT\""),
        "{named}"
    );
}

const DEBUG_IR: &str = r#"
source 0 "shaders/main.luma" text "line one\nline two\n"
source 1 "include/util.luma"

const c0: f32 = 2.0

fn fn0 "helper"("x": f32) -> (f32) {
  %0 "x": f32 = param 0
  %1: f32 = const c0
body:
  %2 "doubled": f32 = mul %0, %1 !1:7:3
  return %2 !1:8:3
}

fn fn1 "fs_main"("uv": vec2<f32> @location(0)) -> ("color": vec4<f32> @location(0)) {
  %0 "uv": vec2<f32> = param 0
body:
  %1 "u": f32 = extract %0, 0 !0:3:5
  %2 "v": f32 = call fn0(%1) !0:4:9
  %3 "color": vec4<f32> = compose %0, %1, %2 !0:4:9
  return %3 !0:5:3
}

entry fragment "fs_main" = fn1
"#;

#[test]
fn debug_information_maps_to_files_and_lines() {
    let options = Options {
        debug: true,
        ..Options::default()
    };
    let text = dis_text(DEBUG_IR, "debug", &options);
    for needle in [
        "%1 = OpString \"shaders/main.luma\"",
        "%2 = OpString \"include/util.luma\"",
        "OpSource Unknown 0 %1 \"line one\nline two\n\"",
        "OpName %helper \"helper\"",
        "OpName %fs_main \"fs_main\"",
        "OpName %doubled \"doubled\"",
        "OpName %uv \"uv\"",
        "OpLine %2 7 3",
        "OpLine %2 8 3",
        "OpLine %1 3 5",
        "OpLine %1 4 9",
        "OpLine %1 5 3",
    ] {
        assert!(text.contains(needle), "missing `{needle}`:\n{text}");
    }
    // A location shared by consecutive statements is stated once.
    assert_eq!(count(&text, "OpLine %1 4 9"), 1, "{text}");
    // No OpSource for a file without text; no debug output at all without --debug.
    assert_eq!(count(&text, "OpSource"), 1);
    let plain = dis_text(DEBUG_IR, "debug-off", &Options::default());
    for needle in ["OpString", "OpSource", "OpName", "OpLine"] {
        assert!(
            !plain.contains(needle),
            "`{needle}` without debug:\n{plain}"
        );
    }
}

#[test]
fn version_dependent_choices() {
    for minor in 0..=6u8 {
        let module = parse(
            &std::fs::read_to_string(ir_dir().join("fragment_basic.ir")).unwrap(),
            "fragment_basic",
        );
        let words = write(&module, &version(minor)).unwrap();
        assert_eq!(words[0], spirv::MAGIC_NUMBER);
        assert_eq!(words[1], 0x0001_0000 | (u32::from(minor) << 8));
    }
    assert!(dis("fragment_basic", &version(5)).contains("OpKill"));
    let v16 = dis("fragment_basic", &version(6));
    assert!(
        v16.contains("OpTerminateInvocation") && !v16.contains("OpKill"),
        "{v16}"
    );

    // Below 1.4 the interface lists inputs and outputs; from 1.4 every used global too.
    let entry = |text: &str| {
        text.lines()
            .find(|l| l.contains("OpEntryPoint"))
            .unwrap()
            .to_string()
    };
    let old = entry(&dis("compute_atomics", &version(3)));
    assert_eq!(old.split_whitespace().count(), 6, "{old}");
    let new = entry(&dis("compute_atomics", &version(4)));
    assert_eq!(new.split_whitespace().count(), 10, "{new}");

    // Loop hints: PartialCount and MaxIterations exist from 1.4.
    let old = dis("control_flow", &version(3));
    assert!(old.contains("OpLoopMerge %13 %12 None"), "{old}");
    assert!(old.contains("DontUnroll") && old.contains(" Unroll"));
    let new = dis("control_flow", &version(4));
    assert!(new.contains("MaxIterations|PartialCount 100 4"), "{new}");

    // Whole-struct selects: a selection construct before 1.4, OpSelect from 1.4.
    let old = dis("select_composite", &version(3));
    assert_eq!(count(&old, "OpPhi"), 3, "{old}");
    let new = dis("select_composite", &version(4));
    assert_eq!(count(&new, "OpPhi"), 0, "{new}");
    assert!(new.contains("OpSelect %_struct_"));
}

#[test]
fn bounds_checks_clamp_dynamic_indices() {
    let on = dis("compute_atomics", &Options::default());
    assert_eq!(count(&on, "UMin"), 4, "{on}");
    let off = dis(
        "compute_atomics",
        &Options {
            bounds_checks: false,
            ..Options::default()
        },
    );
    assert_eq!(count(&off, "UMin"), 0, "{off}");
    assert_eq!(
        count(&off, "OpArrayLength"),
        2,
        "only the program's own lengths:\n{off}"
    );
}

#[test]
fn integer_division_guards() {
    let text = dis("arithmetic", &Options::default());
    // `a / b`, `a % b` and their vector forms guard zero and MIN / -1; unsigned only zero.
    assert_eq!(count(&text, "OpSDiv"), 3, "{text}");
    assert_eq!(count(&text, "OpSRem"), 3, "{text}");
    // `x / -1` is a wrapping negation; constant divisors have no guard.
    assert!(text.contains("OpSDiv %int %17 %int_3"), "{text}");
    assert!(text.contains("OpSRem %v2int %21 %"), "{text}");
    // Float `%` is x - y * trunc(x / y); `mod` is OpFMod.
    assert!(text.contains("Trunc"));
    assert!(text.contains("OpFMod"));
    assert!(!text.contains("OpFRem"));
    // Shift counts are masked, constant ones folded.
    assert!(text.contains("OpBitwiseAnd %uint %20 %uint_31"));
    assert!(
        text.contains("OpShiftLeftLogical %int %17 %uint_8"),
        "{text}"
    );
}

const TWO_ENTRIES: &str = r#"
fn fn0 "vs"("p": vec4<f32> @location(0)) -> ("pos": vec4<f32> @builtin(position)) {
  %0 "p": vec4<f32> = param 0
body:
  return %0
}

fn fn1 "fs"() -> ("color": vec4<f32> @location(0)) {
  %0: vec4<f32> = const c1
body:
  return %0
}

const c0: f32 = 1.0
const c1: vec4<f32> = {c0, c0, c0, c0}

entry vertex "vs" = fn0
entry fragment "fs" = fn1
"#;

/// Two compute entry points: `a` sized by `@spec(3)` `GROUP` (an `i32`, default 64) and
/// `@spec(4)` `ROWS` (a `u32`, default 2), `b` by literals.
const SPEC_SIZED: &str = r#"
fn fn0 "a"() {
body:
  return
}

fn fn1 "b"() {
body:
  return
}

@spec(3) const c0 "GROUP": i32 = 64
@spec(4) const c1 "ROWS": u32 = 2u

entry compute "a" = fn0 @workgroup_size(c0 = 64, c1 = 2, 1)
entry compute "b" = fn1 @workgroup_size(B_SIZE)
"#;

#[test]
fn workgroup_sizes_from_specialization_constants() {
    // Alone, `a` gets the `WorkgroupSize` builtin: a `uint` twin of the `int` constant with the
    // same SpecId, the `uint` constant itself, and `LocalSize` with the defaults.
    let only_a = SPEC_SIZED.replace(r#"entry compute "b" = fn1 @workgroup_size(B_SIZE)"#, "");
    let a = dis_text(&only_a, "spec_sized", &Options::default());
    for needle in [
        "LocalSize 64 2 1",
        "SpecId 4",
        "OpSpecConstant %int 64",
        "OpSpecConstant %uint 2",
        "OpSpecConstant %uint 64",
        "BuiltIn WorkgroupSize",
        "OpSpecConstantComposite %v3uint",
    ] {
        assert!(a.contains(needle), "missing `{needle}`:\n{a}");
    }
    assert_eq!(count(&a, "SpecId 3"), 2, "{a}");
    // With `b` of the same size (and constants) they share the builtin; with another size the
    // module cannot hold both.
    let same = SPEC_SIZED.replace(
        "@workgroup_size(B_SIZE)",
        "@workgroup_size(c0 = 64, c1 = 2, 1)",
    );
    let both = dis_text(&same, "spec_sized_both", &Options::default());
    assert_eq!(count(&both, "BuiltIn WorkgroupSize"), 1, "{both}");
    let other = SPEC_SIZED.replace("@workgroup_size(B_SIZE)", "@workgroup_size(8, 1, 1)");
    let err = write(&parse(&other, "spec_sized_other"), &Options::default()).unwrap_err();
    assert_eq!(err.code, codes::MIXED_WORKGROUP_SIZES);
    assert_eq!(
        err.message,
        "compute entry points `a` and `b` cannot share one SPIR-V module: the workgroup size of \
         `a` is specialized, and SPIR-V gives every compute entry point of a module that size; \
         select one with `--entry`"
    );
    let selected = Options {
        entry_point: Some("b".into()),
        ..Options::default()
    };
    let b = dis_text(&other, "spec_sized_b", &selected);
    assert!(!b.contains("WorkgroupSize"), "{b}");
}

#[test]
fn entry_point_selection() {
    let both = dis_text(TWO_ENTRIES, "two", &Options::default());
    assert_eq!(count(&both, "OpEntryPoint"), 2);
    let only_fs = dis_text(
        TWO_ENTRIES,
        "only-fs",
        &Options {
            entry_point: Some("fs".into()),
            ..Options::default()
        },
    );
    assert_eq!(count(&only_fs, "OpEntryPoint"), 1);
    assert!(only_fs.contains("OpEntryPoint Fragment"));
    assert!(!only_fs.contains("BuiltIn Position"), "{only_fs}");
    let module = parse(TWO_ENTRIES, "two");
    let err = write(
        &module,
        &Options {
            entry_point: Some("cs".into()),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code, codes::UNKNOWN_ENTRY_POINT);
    assert_eq!(
        err.to_string(),
        "error[E0911]: no entry point named `cs` in this module"
    );
}

#[test]
fn errors_have_codes() {
    let module = parse(TWO_ENTRIES, "two");
    let err = write(&module, &version(7)).unwrap_err();
    assert_eq!(err.code, codes::UNSUPPORTED_VERSION);
    assert_eq!(
        err.message,
        "SPIR-V version `1.7` is not supported; use 1.0 through 1.6"
    );
    let geometry = TWO_ENTRIES.replace("entry vertex", "entry geometry");
    let module = parse(&geometry, "geometry");
    let err = write(&module, &Options::default()).unwrap_err();
    assert_eq!(err.code, codes::UNSUPPORTED_STAGE);
    assert!(err.message.contains("`geometry`"), "{}", err.message);
    // Every code is documented once.
    let mut listed: Vec<_> = codes::ALL.iter().map(|c| c.code).collect();
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), codes::ALL.len());
    for code in [
        codes::UNSUPPORTED_VERSION,
        codes::UNKNOWN_ENTRY_POINT,
        codes::UNSUPPORTED_STAGE,
        codes::INVALID_IR,
        codes::INSTRUCTION_TOO_LONG,
        codes::TOO_MANY_IDS,
        codes::MIXED_WORKGROUP_SIZES,
    ] {
        assert!(listed.contains(&code), "{code} is not in codes::ALL");
    }
}

#[test]
fn long_source_text_continues() {
    // More than one instruction can hold (65535 words): OpSource, then OpSourceContinued.
    let long = "-- a comment line of a long shader source file\\n".repeat(7000);
    let text = DEBUG_IR.replace("line one\\nline two\\n", &long);
    let options = Options {
        debug: true,
        ..Options::default()
    };
    let out = dis_text(&text, "long-source", &options);
    assert_eq!(count(&out, "OpSourceContinued"), 1);
}

/// Non-uniform indices into arrays of resources: `NonUniform` on the (clamped) index, the access
/// chain, the loaded texture, sampler or image and the sampled image, once each; the
/// capabilities per kind; `SPV_EXT_descriptor_indexing` only below SPIR-V 1.5; a uniform index
/// and a marked constant one stay undecorated.
#[test]
fn non_uniform_resource_indices() {
    let spv = dis("nonuniform", &Options::default());
    for capability in [
        "ShaderNonUniform",
        "SampledImageArrayNonUniformIndexing",
        "StorageImageArrayNonUniformIndexing",
    ] {
        assert!(
            spv.contains(&format!("OpCapability {capability}\n")),
            "{capability}\n{spv}"
        );
    }
    assert!(
        spv.contains("OpExtension \"SPV_EXT_descriptor_indexing\""),
        "{spv}"
    );
    // Texture: index, chain, load; sampler: index, chain, load; the sampled image; storage
    // image: index, chain, load.
    assert_eq!(count(&spv, " NonUniform\n"), 10, "{spv}");
    let decorated: Vec<&str> = spv
        .lines()
        .filter_map(|l| l.trim().strip_prefix("OpDecorate "))
        .filter_map(|l| l.strip_suffix(" NonUniform"))
        .collect();
    let defined_by = |id: &str| -> String {
        spv.lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} = ")))
            .unwrap_or_else(|| panic!("{id} is not defined"))
            .trim()
            .to_string()
    };
    let ops: Vec<String> = decorated
        .iter()
        .map(|id| {
            defined_by(id)
                .split_whitespace()
                .nth(2)
                .unwrap()
                .to_string()
        })
        .collect();
    for (op, n) in [
        ("OpExtInst", 3),
        ("OpAccessChain", 3),
        ("OpLoad", 3),
        ("OpSampledImage", 1),
    ] {
        assert_eq!(
            ops.iter().filter(|o| *o == op).count(),
            n,
            "{op}: {ops:?}\n{spv}"
        );
    }
    assert!(!dis("nonuniform", &version(5)).contains("OpExtension"));
    assert!(!dis("nonuniform", &version(6)).contains("OpExtension"));
}
