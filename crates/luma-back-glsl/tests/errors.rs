//! Every diagnostic code of the GLSL back end, triggered by a small IR module: the code and the
//! message it gives. Back-end errors have no source span (the IR has none to give).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_glsl::{codes, write, write_all, Error, Options};

fn module(text: &str) -> luma_ir::Module {
    let module = luma_ir::parse::parse_module(text).unwrap();
    luma_ir::verify::verify(&module).unwrap();
    module
}

fn error_of(text: &str, entry: &str) -> Error {
    let options = Options {
        entry_point: entry.to_string(),
        ..Options::default()
    };
    write(&module(text), &options).unwrap_err()
}

const COMPUTE: &str = r#"
fn fn0 "main"() {
body:
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#;

#[test]
fn e0930_no_such_entry_point() {
    let e = error_of(COMPUTE, "missing");
    assert_eq!(e.code, codes::NO_SUCH_ENTRY_POINT);
    assert_eq!(
        e.message,
        "the module has no entry point `missing`; it has `main`"
    );
    assert_eq!(e.to_string(), format!("E0930: {}", e.message));
}

#[test]
fn e0931_unsupported_stage() {
    let text = r#"
fn fn0 "gs"() {
body:
  return
}
entry geometry "gs" = fn0
"#;
    let e = error_of(text, "gs");
    assert_eq!(e.code, codes::UNSUPPORTED_STAGE);
    assert_eq!(
        e.message,
        "the GLSL back end cannot write the geometry stage of entry point `gs`"
    );
}

#[test]
fn e0932_combined_sampler_half_passed_alone() {
    let text = r#"
global g0 "tex_tex": texture_2d<f32> in handle @group(0) @binding(0) @combined(0, "tex", texture)
global g1 "tex_samp": sampler in handle @group(0) @binding(1) @combined(0, "tex", sampler)

fn fn0 "size_of"("t": texture_2d<f32>) -> (vec2<i32>) {
  %0 "t": texture_2d<f32> = param 0
body:
  %1: vec2<i32> = image_size %0
  return %1
}

fn fn1 "main"() -> ("size": vec2<i32> @location(0)) {
  %0: ptr<handle, texture_2d<f32>> = global g0
body:
  %1: texture_2d<f32> = load %0
  %2: vec2<i32> = call fn0(%1)
  return %2
}
entry fragment "main" = fn1
"#;
    let e = error_of(text, "main");
    assert_eq!(e.code, codes::SPLIT_COMBINED_SAMPLER);
    assert!(
        e.message
            .starts_with("a combined sampler's texture or sampler is passed to `size_of`"),
        "{}",
        e.message
    );
}

#[test]
fn e0933_texel_fetch_from_combined_shadow_sampler() {
    let text = r#"
const c0: i32 = 0
const c1: vec2<i32> = {c0, c0}
global g0 "shadow_tex": texture_depth_2d in handle @group(0) @binding(0) @combined(0, "shadow", texture)
global g1 "shadow_samp": sampler_comparison in handle @group(0) @binding(1) @combined(0, "shadow", sampler)

fn fn0 "main"() -> ("depth": f32 @location(0)) {
  %0: ptr<handle, texture_depth_2d> = global g0
  %1: vec2<i32> = const c1
  %2: i32 = const c0
body:
  %3: texture_depth_2d = load %0
  %4: f32 = image_fetch %3, %1, level %2
  return %4
}
entry fragment "main" = fn0
"#;
    let e = error_of(text, "main");
    assert_eq!(e.code, codes::UNSUPPORTED_TEXTURE_OP);
    assert_eq!(
        e.message,
        "GLSL cannot fetch texels from a combined shadow sampler; declare the depth texture and \
         its comparison sampler separately"
    );
}

#[test]
fn e0934_layout_values_above_what_glslang_accepts() {
    // glslang keeps layout values in bit fields: a set up to 62, a binding up to 65534 and a
    // constant_id up to 2046 (one more is "too large", measured with glslangValidator).
    let at = |group: u32, binding: u32, spec: u32| {
        format!(
            r#"
global g0 "data": [f32] in storage(read_write) @group({group}) @binding({binding})
@spec({spec}) const c0 "SCALE": f32 = 1.0
const c1: u32 = 0u
fn fn0 "main"() {{
  %0: f32 = const c0
  %1: ptr<storage(read_write), [f32]> = global g0
  %2: u32 = const c1
body:
  %3: ptr<storage(read_write), f32> = access %1, %2
  store %3, %0
  return
}}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#
        )
    };
    let e = error_of(&at(0, 65_535, 0), "main");
    assert_eq!(e.code, codes::LAYOUT_VALUE_TOO_LARGE);
    assert_eq!(
        e.message,
        "`data`: binding 65535 is above 65534, the largest glslang accepts in a GLSL layout \
         qualifier"
    );
    assert_eq!(e.global.as_deref(), Some("data"));
    let e = error_of(&at(63, 0, 0), "main");
    assert_eq!(
        e.message,
        "`data`: set 63 is above 62, the largest glslang accepts in a GLSL layout qualifier"
    );
    let e = error_of(&at(0, 0, 2047), "main");
    assert_eq!(e.code, codes::LAYOUT_VALUE_TOO_LARGE);
    assert_eq!(
        e.message,
        "`SCALE`: constant_id 2047 is above 2046, the largest glslang accepts in a GLSL layout \
         qualifier"
    );
    assert_eq!(e.global.as_deref(), Some("SCALE"));
    // The largest values that fit are written.
    let options = Options {
        entry_point: "main".to_string(),
        ..Options::default()
    };
    let text = write(&module(&at(62, 65_534, 2046)), &options).unwrap();
    assert!(text.contains("set = 62, binding = 65534"), "{text}");
    assert!(text.contains("layout(constant_id = 2046)"), "{text}");
}

#[test]
fn e0939_invalid_ir_is_an_error_not_a_panic() {
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
    let e = write_all(&module, &Options::default()).unwrap_err();
    assert_eq!(e.code, codes::INVALID_IR);
    assert_eq!(e.message, "value 1 used before its definition");
}

#[test]
fn every_code_is_documented_in_the_range() {
    for doc in codes::CODES {
        let n: u32 = doc.code.as_str().trim_start_matches('E').parse().unwrap();
        assert!(
            (930..940).contains(&n),
            "{} is outside E0930-E0939",
            doc.code
        );
    }
}
