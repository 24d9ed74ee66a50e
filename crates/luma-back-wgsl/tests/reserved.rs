//! Reserved-word renaming: source names that WGSL reserves (keywords, reserved words,
//! predeclared types and enumerants the output uses, built-in functions) get a `_` suffix;
//! names WGSL allows are kept. `tests/ir/reserved.ir` also validates with naga and Tint.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_wgsl::{entry_point_names, write, Options, RESERVED};

#[test]
fn reserved_names_are_renamed_and_others_kept() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/reserved.ir");
    let module = luma_ir::parse::parse_module(&std::fs::read_to_string(path).unwrap()).unwrap();
    let wgsl = write(&module, &Options::default()).unwrap();
    for expected in [
        "struct sampler_ {",                  // predeclared type
        "output: vec4f,",                     // GLSL's reserved word, not WGSL's
        "loop_: f32,",                        // keyword
        "var<uniform> uniform_: sampler_;",   // enumerant
        "var<storage, read_write> read_:",    // enumerant
        "var texture: texture_2d<f32>;",      // free in WGSL
        "var var_: sampler;",                 // keyword
        "fn mix_(length_: f32, array_: f32)", // built-in function, predeclared type
        "let gl_Position = ",                 // free in WGSL
        "input: vec2f",                       // free in WGSL
        "fn_: vec4f",                         // keyword
        "let let_ = ",                        // keyword
        "let _x = ",                          // `__` is reserved
        "let vec3f_ = ",                      // predeclared alias
    ] {
        assert!(wgsl.contains(expected), "missing `{expected}` in:\n{wgsl}");
    }
}

#[test]
fn list_has_the_keywords_types_and_builtins() {
    for word in [
        "fn",
        "let",
        "loop",
        "vec3f",
        "mat4x4h",
        "read_write",
        "immediate",
        "textureSample",
        "NULL",
    ] {
        assert!(RESERVED.contains(&word), "{word} is not reserved");
    }
}

#[test]
fn entry_point_names_follow_renaming() {
    let text = r#"
fn fn0 "loop"() {
body:
  return
}
fn fn1 "main"() {
body:
  return
}
entry compute "loop" = fn0 @workgroup_size(1, 1, 1)
entry compute "main" = fn1 @workgroup_size(1, 1, 1)
"#;
    let module = luma_ir::parse::parse_module(text).unwrap();
    assert_eq!(entry_point_names(&module), ["loop_", "main"]);
    let wgsl = write(&module, &Options::default()).unwrap();
    assert!(
        wgsl.contains("fn loop_()") && wgsl.contains("fn main()"),
        "{wgsl}"
    );
}
