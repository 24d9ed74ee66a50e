//! IR files in, WGSL out: every `tests/ir/*.ir` is written as one WGSL module, compared with the
//! committed `tests/ir/<name>.wgsl` (bless with `LUMA_BLESS=1`), and validated by naga (front
//! end and validator) and by Tint (`tools/tint/validate.mjs`), except modules with arrays of
//! textures or a vertex shader writing a storage buffer, which Tint does not accept
//! (`common::naga_only_reason`). naga's layouts of every buffer must equal the layouter's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use luma_back_wgsl::{write, Options};
use luma_testutil::{assert_snapshot, files_with_extension, scratch_dir};

#[test]
fn ir_files_validate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("ir");
    let scratch = scratch_dir("wgsl-ir");
    let files = files_with_extension(&dir, "ir");
    assert!(!files.is_empty(), "no IR test files in {}", dir.display());
    let mut failures = Vec::new();
    let mut tint_files = Vec::new();
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let module = luma_ir::parse::parse_module(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        luma_ir::verify::verify(&module).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let source = match write(&module, &Options::default()) {
            Ok(source) => source,
            Err(e) => {
                failures.push(format!("{stem}: {e}"));
                continue;
            }
        };
        assert_eq!(
            write(&module, &Options::default()).unwrap(),
            source,
            "{stem}: not deterministic"
        );
        assert_snapshot(&dir.join(format!("{stem}.wgsl")), &source);
        if let Err(e) = common::naga_check(&module, &source) {
            failures.push(format!("{stem}.wgsl: {e}"));
        }
        let file = scratch.join(format!("{stem}.wgsl"));
        std::fs::write(&file, &source).unwrap();
        if common::naga_only_reason(&module, &source).is_none() {
            tint_files.push(file);
        }
    }
    if let Err(e) = common::tint_check(&tint_files) {
        failures.push(e);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
