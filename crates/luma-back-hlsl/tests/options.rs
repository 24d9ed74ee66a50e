//! Options, errors and naming of the HLSL back end, each on a small IR module.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_hlsl::{write, Options};
use luma_ir::{parse::parse_module, ResourceBinding, ShaderStage};

fn module(text: &str) -> luma_ir::Module {
    let m = parse_module(text).unwrap();
    luma_ir::verify::verify(&m).unwrap();
    m
}

const NUM_WORKGROUPS: &str = r#"
global g0 "out": [vec3<u32>] in storage(read_write) @group(0) @binding(0)
const c0: u32 = 0u
fn fn0 "main"("n": vec3<u32> @builtin(num_workgroups), "id": vec3<u32> @builtin(global_invocation_id)) {
  %0 "n": vec3<u32> = param 0
  %1 "id": vec3<u32> = param 1
  %2: ptr<storage(read_write), [vec3<u32>]> = global g0
  %3: u32 = const c0
body:
  %4: u32 = extract %1, 0
  %5: ptr<storage(read_write), vec3<u32>> = access %2, %4
  store %5, %0
  return
}
entry compute "main" = fn0 @workgroup_size(8, 1, 1)
"#;

#[test]
fn num_workgroups_needs_a_constant_buffer() {
    let m = module(NUM_WORKGROUPS);
    let err = write(&m, &Options::default()).unwrap_err();
    assert_eq!(err.code.as_str(), "E0922");
    assert!(err.message.contains("num_workgroups"), "{err}");
    let options = Options {
        num_workgroups: Some(ResourceBinding {
            group: 3,
            binding: 5,
        }),
        ..Options::default()
    };
    let out = write(&m, &options).unwrap();
    assert!(
        out.source.contains(
            "[[vk::binding(5, 3)]] cbuffer luma_num_workgroups_block : register(b5, space3)"
        ),
        "{}",
        out.source
    );
    assert!(out.source.contains("uint3 luma_num_workgroups;"));
    assert!(
        out.source.contains(", luma_num_workgroups);"),
        "{}",
        out.source
    );
    assert_eq!(out.entry_points[0].profile, "cs_6_0");
    assert_eq!(out.entry_points[0].stage, ShaderStage::Compute);
}

#[test]
fn num_workgroups_constant_buffer_needs_a_binding_of_its_own() {
    let text = NUM_WORKGROUPS.replace(
        "const c0: u32 = 0u",
        "global g1 \"params\": vec4<f32> in uniform @group(1) @binding(2)\nconst c0: u32 = 0u",
    );
    let m = module(&text);
    let at = |group, binding| Options {
        num_workgroups: Some(ResourceBinding { group, binding }),
        ..Options::default()
    };
    // The storage buffer's binding, and a uniform buffer's (whose `b` register is its binding).
    for (group, binding, name) in [(0, 0, "out"), (1, 2, "params")] {
        let err = write(&m, &at(group, binding)).unwrap_err();
        assert_eq!(err.code.as_str(), "E0922");
        assert!(
            err.message.contains(&format!(
                "at group {group}, binding {binding} (register b{binding}, space{group}) \
                 would share it with `{name}`"
            )),
            "{err}"
        );
    }
    // The push-constant block's register, when the options place it there.
    let with_push = NUM_WORKGROUPS
        .replace(
            "const c0: u32 = 0u",
            "global g1 \"pc\": vec3<u32> in push_constant\nconst c0: u32 = 0u",
        )
        .replace(
            "  %3: u32 = const c0\n",
            "  %3: u32 = const c0\n  %6: ptr<push_constant, vec3<u32>> = global g1\n",
        )
        .replace(
            "  store %5, %0\n",
            "  %7: vec3<u32> = load %6\n  store %5, %7\n",
        );
    let pm = module(&with_push);
    let options = Options {
        push_constant_register: Some(ResourceBinding {
            group: 0,
            binding: 4,
        }),
        ..at(0, 4)
    };
    let err = write(&pm, &options).unwrap_err();
    assert!(
        err.message
            .contains("would share it with the push-constant block"),
        "{err}"
    );
    // The same binding number in another group, or another number in the group, is free.
    for (group, binding) in [(1, 0), (0, 2), (0, 1)] {
        let out = write(&m, &at(group, binding)).unwrap();
        assert!(out.source.contains(&format!(
            "[[vk::binding({binding}, {group})]] cbuffer luma_num_workgroups_block : \
             register(b{binding}, space{group})"
        )));
    }
}

#[test]
fn bounds_checks_clamp_dynamic_indices_only_when_asked() {
    let m = module(NUM_WORKGROUPS);
    let options = Options {
        num_workgroups: Some(ResourceBinding {
            group: 1,
            binding: 0,
        }),
        ..Options::default()
    };
    let checked = write(&m, &options).unwrap().source;
    assert!(
        checked.contains("min(input.id.x, luma_length_out_() - 1u) * 16u, luma_num_workgroups)"),
        "{checked}"
    );
    let unchecked = write(
        &m,
        &Options {
            bounds_checks: false,
            ..options
        },
    )
    .unwrap()
    .source;
    assert!(!unchecked.contains("min("), "{unchecked}");
    assert!(
        unchecked.contains("out_.Store3(input.id.x * 16u, luma_num_workgroups)"),
        "{unchecked}"
    );
}

#[test]
fn reserved_words_are_renamed() {
    let m = module(
        r#"
struct sample {
  line: f32,
  register: f32,
}
global g0 "packoffset": sample in uniform @group(0) @binding(0)
const c0: i32 = 0
fn fn0 "lerp"("x": f32) -> (f32) {
  %0 "x": f32 = param 0
body:
  return %0
}
fn fn1 "main"("float4": vec4<f32> @location(0)) -> ("SV_Target": vec4<f32> @location(0)) {
  %0 "float4": vec4<f32> = param 0
  %1: ptr<uniform, sample> = global g0
  %2: i32 = const c0
body:
  %3: ptr<uniform, f32> = access %1, %2
  %4 "uniform": f32 = load %3
  %5: f32 = call fn0(%4)
  %6: f32 = mul %5, %4
  %7: vec4<f32> = vector_times_scalar %0, %6
  return %7
}
entry fragment "main" = fn1
"#,
    );
    let src = write(&m, &Options::default()).unwrap().source;
    for expected in [
        "struct sample_ {",
        "float line_;",
        "float register_;",
        "sample_std140 packoffset_;",
        "float lerp_(float x)",
        "float4 float4_ : TEXCOORD0;",
        "const float uniform_ = packoffset_.line_;",
    ] {
        assert!(src.contains(expected), "missing `{expected}` in:\n{src}");
    }
}

#[test]
fn push_constants_that_cbuffer_packing_cannot_express_are_read_as_words() {
    let m = module(
        r#"
struct P {
  weights: [f32; 4],
}
global g0 "pc": P in push_constant
const c0: i32 = 0
fn fn0 "main"() {
  %0: ptr<push_constant, P> = global g0
  %1: i32 = const c0
body:
  %2: ptr<push_constant, f32> = access %0, %1, %1
  %3: f32 = load %2
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#,
    );
    // `[4]float` at a 4-byte stride: 16 bytes, one whole register, read at its std430 offsets.
    let out = write(&m, &Options::default()).unwrap();
    let src = &out.source;
    assert!(
        src.contains("[[vk::push_constant]] cbuffer pc_block {"),
        "{src}"
    );
    assert!(src.contains("uint4 pc_words[1];"), "{src}");
    assert!(!src.contains("pc_tail"), "{src}");
}

#[test]
fn stages_profiles_and_shader_models() {
    let m = module(
        r#"
fn fn0 "vs"() -> ("p": vec4<f32> @builtin(position)) {
  %0: vec4<f32> = const c0
body:
  return %0
}
const c0: vec4<f32> = zero
entry vertex "vs" = fn0
"#,
    );
    let out = write(
        &m,
        &Options {
            shader_model: (6, 2),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(out.entry_points[0].profile, "vs_6_2");
    assert!(out.source.starts_with("// HLSL Shader Model 6.2"));
    let err = write(
        &m,
        &Options {
            shader_model: (5, 1),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code.as_str(), "E0920");
}

#[test]
fn line_directives_name_the_source() {
    let m = module(
        r#"
source 0 "shaders/main.luma"
const c0: f32 = 1.0
fn fn0 "main"() -> ("c": vec4<f32> @location(0)) {
  %0: f32 = const c0
body:
  %1: vec4<f32> = splat %0 !0:7:3
  return %1 !0:8:3
}
entry fragment "main" = fn0
"#,
    );
    let with = write(
        &m,
        &Options {
            line_directives: true,
            ..Options::default()
        },
    )
    .unwrap()
    .source;
    // The file is named where it changes; later directives keep it.
    assert!(with.contains("#line 7 \"shaders/main.luma\"\n"), "{with}");
    assert!(with.contains("#line 8\n"), "{with}");
    assert_eq!(with.matches("shaders/main.luma").count(), 1, "{with}");
    let without = write(&m, &Options::default()).unwrap().source;
    assert!(!without.contains("#line"));
}

#[test]
fn half_needs_shader_model_6_2_and_constant_buffers_read_it_as_words() {
    let values = module(
        r#"
const c0: f16 = 0.5h
fn fn0 "main"() -> ("c": vec4<f32> @location(0)) {
  %0: f16 = const c0
body:
  %1: f16 = add %0, %0
  %2: f32 = convert %1
  %3: vec4<f32> = splat %2
  return %3
}
entry fragment "main" = fn0
"#,
    );
    let err = write(&values, &Options::default()).unwrap_err();
    assert_eq!(err.code.as_str(), "E0920");
    assert!(err.message.contains("6.2"), "{err}");
    let sm62 = Options {
        shader_model: (6, 2),
        ..Options::default()
    };
    let src = write(&values, &sm62).unwrap().source;
    assert!(src.contains("float16_t"), "{src}");

    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/half.ir");
    let buffers = module(&std::fs::read_to_string(path).unwrap());
    // The uniform block holding half is read as 32-bit words at its std140 offsets.
    let src = write(&buffers, &sm62).unwrap().source;
    assert!(src.contains("cbuffer params_block"), "{src}");
    assert!(src.contains("params_load("), "{src}");
    assert!(src.contains("f16tof32(params_load("), "{src}");
}

/// `fits` uses exactly 32 KiB of groupshared memory; `over` also reaches, through a call, two
/// `Cell`s of 16 bytes each (a `float3` is 12 bytes in groupshared memory, not 16).
const GROUPSHARED: &str = r#"
struct Cell {
  p: vec3<f32>,
  w: f32,
}

const c0: f32 = 1.0
const c1: u32 = 1u

global g0 "tile": [f32; 8192] in workgroup
global g1 "cells": [Cell; 2] in workgroup

fn fn0 "touch"("i": u32) {
  %0 "i": u32 = param 0
  %1: f32 = const c0
  %2: ptr<workgroup, [Cell; 2]> = global g1
  %3: u32 = const c1
body:
  %4: ptr<workgroup, f32> = access %2, %0, %3
  store %4, %1
  return
}

fn fn1 "fits"("i": u32 @builtin(local_invocation_index)) {
  %0 "i": u32 = param 0
  %1: f32 = const c0
  %2: ptr<workgroup, [f32; 8192]> = global g0
body:
  %3: ptr<workgroup, f32> = access %2, %0
  store %3, %1
  return
}

fn fn2 "over"("i": u32 @builtin(local_invocation_index)) {
  %0 "i": u32 = param 0
  %1: f32 = const c0
  %2: ptr<workgroup, [f32; 8192]> = global g0
body:
  %3: ptr<workgroup, f32> = access %2, %0
  store %3, %1
  call fn0(%0)
  return
}

entry compute "fits" = fn1 @workgroup_size(64, 1, 1)
entry compute "over" = fn2 @workgroup_size(64, 1, 1)
"#;

#[test]
fn groupshared_memory_over_32_kib_is_an_error() {
    let mut m = module(GROUPSHARED);
    let err = write(&m, &Options::default()).unwrap_err();
    assert_eq!(err.code.as_str(), "E0924");
    assert_eq!(
        err.message,
        "compute entry point `over` uses 32800 bytes of `shared` memory, but Direct3D allows \
         at most 32768 bytes of groupshared memory"
    );
    // Exactly the limit is fine.
    m.entry_points.retain(|e| e.name == "fits");
    write(&m, &Options::default()).unwrap();
}

/// Between `half` and an integer the value goes through `float` (glslang's HLSL front end has
/// no such constructor), and a `half` specialization constant's default is a literal, its exact
/// decimal with `h` (glslang crashed on `float16_t(f16tof32(...))` there).
#[test]
fn half_conversions_and_spec_defaults_for_glslang() {
    let m = module(
        r#"
@spec(3) const c0 "S": f16 = 0.0999755859375h
fn fn0 "main"("i": i32 @location(0, flat)) -> ("c": vec4<f32> @location(0)) {
  %0 "i": i32 = param 0
  %1: f16 = const c0
body:
  %2: f16 = convert %0
  %3: f16 = mul %2, %1
  %4: i32 = convert %3
  %5: f32 = convert %4
  %6: vec4<f32> = splat %5
  return %6
}
entry fragment "main" = fn0
"#,
    );
    let sm62 = Options {
        shader_model: (6, 2),
        ..Options::default()
    };
    let src = write(&m, &sm62).unwrap().source;
    assert!(
        src.contains("#define LUMA_SPEC_3 0.0999755859375h"),
        "{src}"
    );
    assert!(src.contains("float16_t(float("), "{src}");
    assert!(src.contains("int(float("), "{src}");
}

/// A fragment output states its Vulkan location as the vertex outputs do: Slang numbers
/// `SV_Target` outputs in declaration order for SPIR-V, so without it a shader whose outputs
/// leave a gap (locations 0 and 3) wrote its second output to attachment 1.
#[test]
fn fragment_outputs_carry_their_vulkan_location() {
    let m = module(
        r#"
fn fn0 "main"("uv": vec4<f32> @location(0)) -> ("c": vec4<f32> @location(3)) {
  %0 "uv": vec4<f32> = param 0
body:
  return %0
}
entry fragment "main" = fn0
"#,
    );
    let src = write(&m, &Options::default()).unwrap().source;
    assert!(
        src.contains("[[vk::location(3)]] float4 c : SV_Target3;"),
        "{src}"
    );
}
