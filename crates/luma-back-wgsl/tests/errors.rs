//! Every diagnostic code of the WGSL back end, triggered by a small IR module: the code and the
//! message it gives. Back-end errors have no source span (the IR has none to give).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_wgsl::{codes, write, Error, Options};

fn error_of(text: &str) -> Error {
    let module = luma_ir::parse::parse_module(text).unwrap();
    luma_ir::verify::verify(&module).unwrap();
    write(&module, &Options::default()).unwrap_err()
}

#[test]
fn e0950_unsupported_stage() {
    let e = error_of(
        r#"
fn fn0 "hs"() {
body:
  return
}
entry tessellation_control "hs" = fn0
"#,
    );
    assert_eq!(e.code, codes::UNSUPPORTED_STAGE);
    assert_eq!(
        e.message,
        "WGSL has no tessellation_control stage (entry point `hs`)"
    );
    assert_eq!(e.to_string(), format!("E0950: {}", e.message));
}

#[test]
fn e0951_depth_texture_sampled_with_a_bias() {
    let e = error_of(
        r#"
const c0: f32 = 0.5
const c1: vec2<f32> = {c0, c0}
global g0 "depth": texture_depth_2d in handle @group(0) @binding(0)
global g1 "samp": sampler in handle @group(0) @binding(1)

fn fn0 "main"() -> ("d": f32 @location(0)) {
  %0: ptr<handle, texture_depth_2d> = global g0
  %1: ptr<handle, sampler> = global g1
  %2: vec2<f32> = const c1
  %3: f32 = const c0
body:
  %4: texture_depth_2d = load %0
  %5: sampler = load %1
  %6: f32 = image_sample %4, %5, %2, level bias %3
  return %6
}
entry fragment "main" = fn0
"#,
    );
    assert_eq!(e.code, codes::UNSUPPORTED_TEXTURE_OP);
    assert_eq!(e.message, "WGSL cannot sample a depth texture with a bias");
}

#[test]
fn e0952_override_id_too_large() {
    let e = error_of(
        r#"
@spec(70000) const c0 "N": i32 = 4
global g0 "out": [i32] in storage(read_write) @group(0) @binding(0)

fn fn0 "main"() {
  %0: ptr<storage(read_write), [i32]> = global g0
  %1: i32 = const c0
body:
  %2: ptr<storage(read_write), i32> = access %0, %1
  store %2, %1
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#,
    );
    assert_eq!(e.code, codes::UNSUPPORTED_SPEC_CONSTANT);
    assert_eq!(
        e.message,
        "WGSL override ids are at most 65535; `N` has id 70000"
    );
}

#[test]
fn e0953_private_variable_initialized_to_infinity() {
    let e = error_of(
        r#"
const c0: f32 = inf
global g0 "big": f32 in private = c0
global g1 "out": [f32] in storage(read_write) @group(0) @binding(0)
const c1: u32 = 0u

fn fn0 "main"() {
  %0: ptr<private, f32> = global g0
  %1: ptr<storage(read_write), [f32]> = global g1
  %2: u32 = const c1
body:
  %3: f32 = load %0
  %4: ptr<storage(read_write), f32> = access %1, %2
  store %4, %3
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#,
    );
    assert_eq!(e.code, codes::UNSUPPORTED_VALUE);
    assert_eq!(
        e.message,
        "WGSL initializes private variables with constant expressions only; the initial value \
         of `big` is not one"
    );
}

#[test]
fn e0955_half_in_push_constants() {
    let e = error_of(
        r#"
struct Push {
  scale: f16,
  bias: f32,
}
global g0 "push": Push in push_constant
global g1 "out": [f16] in storage(read_write) @group(0) @binding(0)
const c0: u32 = 0u

fn fn0 "main"() {
  %0: ptr<push_constant, Push> = global g0
  %1: ptr<storage(read_write), [f16]> = global g1
  %2: u32 = const c0
body:
  %3: ptr<push_constant, f16> = access %0, %2
  %4: f16 = load %3
  %5: ptr<storage(read_write), f16> = access %1, %2
  store %5, %4
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#,
    );
    assert_eq!(e.code, codes::UNSUPPORTED_IMMEDIATE);
    assert_eq!(
        e.message,
        "`push`: WGSL immediates (push constants) cannot hold `half` values; pass them as \
         `float`, or in a uniform or storage buffer"
    );
}

/// A compute shader that copies one element of a push-constant `[f32; len]` to a buffer.
fn push_constant_array_module(len: u32) -> String {
    format!(
        r#"
struct Push {{
  values: [f32; {len}],
}}
global g0 "push": Push in push_constant
global g1 "out": [f32] in storage(read_write) @group(0) @binding(0)
const c0: u32 = 0u

fn fn0 "main"() {{
  %0: ptr<push_constant, Push> = global g0
  %1: ptr<storage(read_write), [f32]> = global g1
  %2: u32 = const c0
body:
  %3: ptr<push_constant, f32> = access %0, %2, %2
  %4: f32 = load %3
  %5: ptr<storage(read_write), f32> = access %1, %2
  store %5, %4
  return
}}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#
    )
}

#[test]
fn e0955_push_constant_arrays_too_large_to_declare_flat() {
    // 1024 members are the most; one more, at the end of the last array or past it, is an
    // error (the bound was once checked before each member was added, letting 1025 through).
    for len in [1025, 1100] {
        let e = error_of(&push_constant_array_module(len));
        assert_eq!(e.code, codes::UNSUPPORTED_IMMEDIATE, "[f32; {len}]");
        assert!(e.message.contains("more than 1024"), "{}", e.message);
    }
    let module = luma_ir::parse::parse_module(&push_constant_array_module(1024)).unwrap();
    let wgsl = write(&module, &Options::default()).unwrap();
    assert!(wgsl.contains("values_1023: f32"), "{wgsl}");
}

#[test]
fn e0959_invalid_ir_is_an_error_not_a_panic() {
    // An operation no statement places: the verifier rejects it, and the back end reports it
    // instead of panicking.
    let text = r#"
const c0: i32 = 1
fn fn0 "main"() -> ("out": i32 @location(0)) {
  %0: i32 = const c0
  %1: i32 = add %0, %0
body:
  return %1
}
entry fragment "main" = fn0
"#;
    let module = luma_ir::parse::parse_module(text).unwrap();
    assert!(luma_ir::verify::verify(&module).is_err());
    let e = write(&module, &Options::default()).unwrap_err();
    assert_eq!(e.code, codes::INVALID_IR);
    assert_eq!(e.message, "value 1 used before its definition");
}

#[test]
fn w0950_vertex_shader_writes_storage() {
    let module = luma_ir::parse::parse_module(
        r#"
const c0: u32 = 1u

global g0 "counts": [u32] in storage(read_write) @group(0) @binding(0)
global g1 "positions": [vec4<f32>] in storage(read) @group(0) @binding(1)

fn fn0 "mark"("i": u32) {
  %0 "i": u32 = param 0
  %1: u32 = const c0
  %2: ptr<storage(read_write), [u32]> = global g0
body:
  %3: ptr<storage(read_write), u32> = access %2, %0
  store %3, %1
  return
}

fn fn1 "vs"("i": u32 @builtin(vertex_index)) -> ("p": vec4<f32> @builtin(position)) {
  %0 "i": u32 = param 0
  %1: ptr<storage(read), [vec4<f32>]> = global g1
body:
  call fn0(%0)
  %2: ptr<storage(read), vec4<f32>> = access %1, %0
  %3: vec4<f32> = load %2
  return %3
}

fn fn2 "cs"("i": u32 @builtin(local_invocation_index)) {
  %0 "i": u32 = param 0
body:
  call fn0(%0)
  return
}

entry vertex "vs" = fn1
entry compute "cs" = fn2 @workgroup_size(1, 1, 1)
"#,
    )
    .unwrap();
    luma_ir::verify::verify(&module).unwrap();
    // The module is still written: wgpu runs it with `VERTEX_WRITABLE_STORAGE`.
    let source = write(&module, &Options::default()).unwrap();
    assert!(
        source.contains("var<storage, read_write> counts"),
        "{source}"
    );
    let warnings = luma_back_wgsl::warnings(&module);
    // Only the vertex shader, and only the buffer it writes (through a call).
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let w = &warnings[0];
    assert_eq!(w.code, codes::VERTEX_STORAGE_WRITE);
    assert_eq!(w.entry_point, "vs");
    assert_eq!(
        w.message,
        "vertex shader `vs` writes storage buffer `counts`, which WebGPU does not allow"
    );
    assert!(w.help.contains("VERTEX_WRITABLE_STORAGE"), "{}", w.help);
}

#[test]
fn w0950_vertex_shader_uses_storage_holding_atomics() {
    // WGSL's atomics live only in read_write storage, so a buffer holding them gets no
    // read-only twin for the vertex stage: an `atomic_load` there, or a plain member read
    // beside atomics that a compute shader writes, leaves the vertex shader a read_write
    // buffer, which Tint rejects. Only writes were warned about.
    let module = luma_ir::parse::parse_module(
        r#"
struct C {
  n: atomic<u32>,
  x: f32,
}

const c0: u32 = 1u
const c1: f32 = 0.0
const c2: f32 = 1.0
const c3: u32 = 0u

global g0 "cnt": C in storage(read_write) @group(0) @binding(0)
global g1 "seen": [atomic<u32>] in storage(read_write) @group(0) @binding(1)

fn fn0 "vs"("i": u32 @builtin(vertex_index)) -> ("p": vec4<f32> @builtin(position)) {
  %0 "i": u32 = param 0
  %1: ptr<storage(read_write), C> = global g0
  %2: u32 = const c0
  %5: ptr<storage(read_write), [atomic<u32>]> = global g1
  %9: f32 = const c1
  %10: f32 = const c2
body:
  %3: ptr<storage(read_write), f32> = access %1, %2
  %4: f32 = load %3
  %6: ptr<storage(read_write), atomic<u32>> = access %5, %0
  %7: u32 = atomic_load %6
  %8: f32 = convert %7
  %11: vec4<f32> = compose %4, %8, %9, %10
  return %11
}

fn fn1 "cs"() {
  %0: ptr<storage(read_write), C> = global g0
  %1: u32 = const c3
  %3: u32 = const c0
body:
  %2: ptr<storage(read_write), atomic<u32>> = access %0, %1
  %4: u32 = atomic_add %2, %3
  return
}

entry vertex "vs" = fn0
entry compute "cs" = fn1 @workgroup_size(1, 1, 1)
"#,
    )
    .unwrap();
    luma_ir::verify::verify(&module).unwrap();
    let source = write(&module, &Options::default()).unwrap();
    assert!(source.contains("var<storage, read_write> cnt"), "{source}");
    assert!(source.contains("var<storage, read_write> seen"), "{source}");
    let warnings = luma_back_wgsl::warnings(&module);
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "vertex shader `vs` uses storage buffer `cnt`, whose atomics make it read_write, \
             which WebGPU does not allow",
            "vertex shader `vs` uses storage buffer `seen`, whose atomics make it read_write, \
             which WebGPU does not allow",
        ]
    );
    assert!(warnings
        .iter()
        .all(|w| w.code == codes::VERTEX_STORAGE_WRITE
            && w.entry_point == "vs"
            && w.help.contains("VERTEX_WRITABLE_STORAGE")));
}

#[test]
fn every_code_is_documented_in_the_range() {
    for doc in codes::CODES {
        let code = doc.code.as_str();
        let n: u32 = code[1..].parse().unwrap();
        assert!(
            (950..960).contains(&n),
            "{} is outside E0950-E0959 and W0950-W0959",
            doc.code
        );
        assert_eq!(
            code.starts_with('W'),
            doc.severity == luma_base::Severity::Warning,
            "{code}"
        );
    }
}
