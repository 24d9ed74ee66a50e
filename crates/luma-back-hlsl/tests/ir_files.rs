//! HLSL from IR text files: every `tests/ir/*.ir` module is written as HLSL, compared with its
//! committed snapshot (`tests/out/<name>.hlsl`, bless with `LUMA_BLESS=1`), and every entry
//! point is compiled by glslang's HLSL front end to SPIR-V that must pass `spirv-val`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::path::Path;

use luma_back_hlsl::write;
use luma_testutil::{assert_snapshot, files_with_extension};

/// IR files HLSL (shader model 6.0) cannot express, with the code of the error they give.
fn expected_error(stem: &str) -> Option<&'static str> {
    match stem {
        // 16-bit floats need shader model 6.2 and `-enable-16bit-types`.
        "half" => Some("E0920"),
        _ => None,
    }
}

#[test]
fn ir_files_compile_and_validate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let files = files_with_extension(&dir.join("ir"), "ir");
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let module = luma_ir::parse::parse_module(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        if let Err(e) = luma_ir::verify::verify(&module) {
            failures.push(format!("{stem}: the IR does not verify: {e}"));
            continue;
        }
        let out = match (
            write(&module, &common::options_for(&module)),
            expected_error(&stem),
        ) {
            (Ok(out), None) => out,
            (Err(e), Some(code)) if e.code.as_str() == code => continue,
            (Ok(_), Some(code)) => {
                failures.push(format!("{stem}: expected error {code}, got HLSL"));
                continue;
            }
            (Err(e), _) => {
                failures.push(format!("{stem}: {e}"));
                continue;
            }
        };
        let again = write(&module, &common::options_for(&module)).unwrap();
        assert_eq!(out, again, "{stem}: output differs between two runs");
        assert_snapshot(&dir.join("out").join(format!("{stem}.hlsl")), &out.source);
        if let Err(e) = common::validate(&stem, &out) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
