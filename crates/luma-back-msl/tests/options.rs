//! Options, errors, naming and the binding remap of the MSL back end, each on a small IR module.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use luma_back_msl::{write, MslClass, Options};
use luma_ir::parse::parse_module;

fn module(text: &str) -> luma_ir::Module {
    let m = parse_module(text).unwrap();
    luma_ir::verify::verify(&m).unwrap();
    m
}

const RESOURCES: &str = r#"
struct Params {
  scale: f32,
}
global g0 "params": Params in uniform @group(1) @binding(4)
global g1 "data": [f32] in storage(read_write) @group(0) @binding(7)
global g2 "tex": [texture_2d<f32>; 3] in handle @group(0) @binding(0)
global g3 "samp": sampler in handle @group(0) @binding(3)
global g4 "pc": Params in push_constant
global g5 "extra": texture_2d<f32> in handle @group(2) @binding(0)
global g6 "other": [u32] in storage(read) @group(0) @binding(9)
const c0: i32 = 0
const c1: f32 = 0.5
fn fn0 "helper"("i": u32) -> (f32) {
  %0 "i": u32 = param 0
  %1: ptr<storage(read_write), [f32]> = global g1
body:
  %2: ptr<storage(read_write), f32> = access %1, %0
  %3: f32 = load %2
  return %3
}
fn fn1 "main"("uv": vec2<f32> @location(0)) -> ("color": vec4<f32> @location(0)) {
  %0 "uv": vec2<f32> = param 0
  %1: ptr<uniform, Params> = global g0
  %2: ptr<handle, [texture_2d<f32>; 3]> = global g2
  %3: ptr<handle, sampler> = global g3
  %4: ptr<push_constant, Params> = global g4
  %5: ptr<handle, texture_2d<f32>> = global g5
  %6: i32 = const c0
  %7: f32 = const c1
body:
  %8: ptr<handle, texture_2d<f32>> = access %2, %6
  %9: texture_2d<f32> = load %8
  %10: sampler = load %3
  %11: vec4<f32> = image_sample %9, %10, %0, level auto
  %12: ptr<uniform, f32> = access %1, %6
  %13: f32 = load %12
  %14: ptr<push_constant, f32> = access %4, %6
  %15: f32 = load %14
  %16: u32 = convert %13
  %17: f32 = call fn0(%16)
  %18: f32 = add %15, %17
  %19: vec4<f32> = vector_times_scalar %11, %18
  %20: texture_2d<f32> = load %5
  %21: vec4<f32> = image_sample %20, %10, %0, level zero
  %22: vec4<f32> = add %19, %21
  return %22
}
entry fragment "main" = fn1
"#;

#[test]
fn bindings_are_contiguous_per_class_in_group_binding_order() {
    let m = module(RESOURCES);
    let out = write(&m, &Options::default()).unwrap();
    let map = &out.bindings;
    let find = |n: &str| map.resources.iter().find(|r| r.name == n).unwrap();
    // Textures: tex (0,0) takes 3 slots, extra (2,0) follows.
    assert_eq!(
        (find("tex").class, find("tex").index, find("tex").count),
        (MslClass::Texture, 0, 3)
    );
    assert_eq!(
        (find("extra").class, find("extra").index),
        (MslClass::Texture, 3)
    );
    assert_eq!(
        (find("samp").class, find("samp").index),
        (MslClass::Sampler, 0)
    );
    // Buffers in (group, binding) order: data (0,7), other (0,9), params (1,4); then the push
    // constant block and the sizes buffer.
    assert_eq!(find("data").index, 0);
    assert_eq!(find("other").index, 1);
    assert_eq!(find("params").index, 2);
    assert_eq!((find("pc").index, find("pc").binding), (3, None));
    assert_eq!(map.sizes_buffer, Some(4));
    assert_eq!(map.sizes, vec!["data".to_string(), "other".to_string()]);
    let src = &out.source;
    for expected in [
        "metal::array<metal::texture2d<float>, 3> tex [[texture(0)]]",
        "metal::texture2d<float> extra [[texture(3)]]",
        "metal::sampler samp [[sampler(0)]]",
        "constant Params_std140& params [[buffer(2)]]",
        "constant Params& pc [[buffer(3)]]",
        "device float* data [[buffer(0)]]",
        "constant uint* luma_buffer_sizes [[buffer(4)]]",
        // The helper receives the buffer and the sizes it indexes with.
        "float helper(uint i, device float* data, constant uint* luma_buffer_sizes)",
        "helper(static_cast<uint>(params.scale), data, luma_buffer_sizes)",
        "data[metal::min(i, luma_buffer_sizes[0] / 4u - 1u)]",
    ] {
        assert!(src.contains(expected), "missing `{expected}` in:\n{src}");
    }
    // `other` is bound but unused by the entry point: in the map, not a parameter.
    assert!(!src.contains("other [[buffer"), "{src}");
}

#[test]
fn bounds_checks_off_leaves_indices_alone() {
    let m = module(RESOURCES);
    let src = write(
        &m,
        &Options {
            bounds_checks: false,
            ..Options::default()
        },
    )
    .unwrap()
    .source;
    assert!(src.contains("const float e = data[i];"), "{src}");
    assert!(!src.contains("luma_buffer_sizes"), "{src}");
}

#[test]
fn reserved_words_are_renamed() {
    let m = module(
        r#"
struct device {
  kernel: f32,
}
global g0 "constant": device in uniform @group(0) @binding(0)
const c0: i32 = 0
fn fn0 "main"("float4": vec4<f32> @location(0)) -> ("thread": vec4<f32> @location(0)) {
  %0 "float4": vec4<f32> = param 0
  %1: ptr<uniform, device> = global g0
  %2: i32 = const c0
body:
  %3: ptr<uniform, f32> = access %1, %2
  %4 "metal": f32 = load %3
  %5: f32 = mul %4, %4
  %6: vec4<f32> = vector_times_scalar %0, %5
  return %6
}
entry fragment "main" = fn0
"#,
    );
    let src = write(&m, &Options::default()).unwrap().source;
    for expected in [
        "struct device_ {",
        "float kernel_;",
        "constant device_std140& constant_ [[buffer(0)]]",
        "metal::float4 float4_ [[user(loc0)]];",
        "metal::float4 thread_ [[color(0)]];",
        "fragment main_Output main_(",
        "const float metal_ = constant_.kernel_;",
    ] {
        assert!(src.contains(expected), "missing `{expected}` in:\n{src}");
    }
}

#[test]
fn cpp_alternative_tokens_are_renamed() {
    // `xor`, `bitand`, `and_eq` ... are operators in C++ (and so in MSL), never identifiers.
    let m = module(
        r#"
struct S {
  xor: i32,
  xor_eq: i32,
  bitor: i32,
}
global g0 "s": S in uniform @group(0) @binding(0)
const c0: i32 = 0
const c1: i32 = 1
const c2: i32 = 2
fn fn0 "main"() -> ("compl": i32 @location(0)) {
  %0: ptr<uniform, S> = global g0
  %1: i32 = const c0
  %2: i32 = const c1
  %3: i32 = const c2
body:
  %4: ptr<uniform, i32> = access %0, %1
  %5 "xor": i32 = load %4
  %6: ptr<uniform, i32> = access %0, %2
  %7 "and_eq": i32 = load %6
  %8: ptr<uniform, i32> = access %0, %3
  %9 "not_eq": i32 = load %8
  %10: i32 = add %5, %7
  %11: i32 = add %10, %9
  return %11
}
entry fragment "main" = fn0
"#,
    );
    let src = write(&m, &Options::default()).unwrap().source;
    for expected in ["int xor_;", "int xor_eq_;", "int bitor_;"] {
        assert!(src.contains(expected), "missing `{expected}` in:\n{src}");
    }
    for word in ["xor", "xor_eq", "bitor", "and_eq", "not_eq", "compl"] {
        let bare = |c: char| !(c.is_ascii_alphanumeric() || c == '_');
        assert!(
            !src.split(bare).any(|token| token == word),
            "`{word}` used as an identifier in:\n{src}"
        );
    }
}

#[test]
fn unsupported_stages_and_versions_are_errors() {
    let m = module(
        r#"
fn fn0 "gs"() {
body:
  return
}
entry geometry "gs" = fn0
"#,
    );
    let err = write(&m, &Options::default()).unwrap_err();
    assert_eq!(err.code.as_str(), "E0940");
    assert!(err.message.contains("geometry"), "{err}");
    let err = write(
        &module("fn fn0 \"f\"() {\nbody:\n  return\n}\n"),
        &Options {
            lang_version: (3, 0),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code.as_str(), "E0940");
}

#[test]
fn layouts_metal_cannot_reproduce_are_reported() {
    // std140 gives each column of a `mat2` of halves 16 bytes; Metal packs them in 4.
    let source = r#"
struct U {
  m: mat2x2<f16>,
}
global g0 "u": U in uniform @group(0) @binding(0)
fn fn0 "main"() {
  %0: ptr<uniform, U> = global g0
body:
  %1: U = load %0
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#;
    let err = write(&module(source), &Options::default()).unwrap_err();
    assert_eq!(err.code.as_str(), "E0941");
    assert!(err.message.contains("`u`"), "{err}");
    assert!(err.message.contains("16-byte column stride"), "{err}");
    // A block no entry point uses is declared by no output, so its layout does not matter.
    let unused = source.replace("  %1: U = load %0\n", "");
    assert!(write(&module(&unused), &Options::default()).is_ok());
}

#[test]
fn argument_table_overflows_are_reported() {
    // Metal's argument tables hold 16 samplers, 128 textures and 31 buffers per function; the
    // Metal compiler rejects `[[sampler(16)]]` and beyond.
    let with = |decl: &str| {
        module(&format!(
            "{decl}\nfn fn0 \"main\"() {{\nbody:\n  return\n}}\nentry compute \"main\" = fn0 @workgroup_size(1, 1, 1)\n"
        ))
    };
    let fits = with(
        "global g0 \"s\": [sampler; 15] in handle @group(0) @binding(0)\n\
         global g1 \"t\": sampler in handle @group(0) @binding(1)\n\
         global g2 \"many\": [texture_2d<f32>; 128] in handle @group(0) @binding(2)",
    );
    write(&fits, &Options::default()).unwrap();
    let err = write(
        &with(
            "global g0 \"s\": [sampler; 16] in handle @group(0) @binding(0)\n\
             global g1 \"t\": sampler in handle @group(0) @binding(1)",
        ),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(err.code.as_str(), "E0940");
    assert!(err.message.contains("`t` needs `[[sampler(16)]]`"), "{err}");
    assert!(err.message.contains("only 16 sampler slots"), "{err}");
    let err = write(
        &with("global g0 \"many\": [texture_2d<f32>; 129] in handle @group(0) @binding(0)"),
        &Options::default(),
    )
    .unwrap_err();
    assert!(
        err.message.contains("`many` needs `[[texture(128)]]`"),
        "{err}"
    );
}
