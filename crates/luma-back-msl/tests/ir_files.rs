//! MSL from IR text files: every `tests/ir/*.ir` module is written as MSL and compared with its
//! committed snapshot (`tests/out/<name>.metal`, bless with `LUMA_BLESS=1`). Nothing on Linux
//! compiles MSL, so the output is also checked structurally: balanced brackets, every entry
//! point present, every resource present at its remapped index, indices contiguous per class.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::path::Path;

use luma_back_msl::{write, Options};
use luma_testutil::{assert_snapshot, files_with_extension};

#[test]
fn ir_files_write_and_check() {
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
        let out = write(&module, &Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let again = write(&module, &Options::default()).unwrap();
        assert_eq!(out, again, "{stem}: output differs between two runs");
        assert_snapshot(&dir.join("out").join(format!("{stem}.metal")), &out.source);
        if let Err(e) = common::check_balance(&stem, &out.source) {
            failures.push(e);
        }
        if let Err(e) = common::check_interface(&stem, &module, &out) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
