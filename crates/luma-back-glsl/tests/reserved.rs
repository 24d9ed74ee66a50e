//! Reserved-word renaming: source names that GLSL reserves get a suffix (or, for `gl_`, a
//! prefix); names GLSL allows are kept. `tests/ir/reserved.ir` also compiles with glslang.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_glsl::{write, Options, RESERVED};

#[test]
fn reserved_names_are_renamed_and_others_kept() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/reserved.ir");
    let module = luma_ir::parse::parse_module(&std::fs::read_to_string(path).unwrap()).unwrap();
    let options = Options {
        entry_point: "main".into(),
        ..Options::default()
    };
    let glsl = write(&module, &options).unwrap();
    for expected in [
        "in vec2 input_;",                        // reserved for future use
        "out vec4 sample_;",                      // keyword
        "} uniform_;",                            // keyword
        "vec4 output_;",                          // reserved member name
        "float loop;",                            // WGSL's keyword, not GLSL's
        "uniform texture2D texture_;",            // built-in function
        "float mix_(float length_, float array)", // built-in functions; `array` is free
        "float u_gl_Position",                    // the `gl_` prefix
        "vec4 let = ",                            // WGSL's keyword, not GLSL's
        "float _x = ",                            // `__` is reserved
    ] {
        assert!(glsl.contains(expected), "missing `{expected}` in:\n{glsl}");
    }
}

#[test]
fn list_has_the_keywords_types_and_builtins() {
    for word in [
        "uniform",
        "sampler2DShadow",
        "texture2D",
        "f16vec3",
        "mix",
        "texelFetch",
        "main",
        "input",
    ] {
        assert!(RESERVED.contains(&word), "{word} is not reserved");
    }
}
