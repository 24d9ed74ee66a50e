//! IR files in, GLSL out: every `tests/ir/*.ir` is written for each of its entry points,
//! compared with the committed `tests/ir/<name>.<entry>.<stage>.glsl` (bless with
//! `LUMA_BLESS=1`), and compiled by `glslangValidator -V --target-env vulkan1.1` and
//! `spirv-val --target-env vulkan1.1`; glslang's buffer layouts must equal the layouter's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use luma_back_glsl::{write_all, Options};
use luma_testutil::{assert_snapshot, files_with_extension, scratch_dir};

#[test]
fn ir_files_compile_and_validate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("ir");
    let scratch = scratch_dir("glsl-ir");
    let files = files_with_extension(&dir, "ir");
    assert!(!files.is_empty(), "no IR test files in {}", dir.display());
    let mut failures = Vec::new();
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let module = luma_ir::parse::parse_module(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        luma_ir::verify::verify(&module).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let options = Options {
            line_directives: stem.contains("lines"),
            ..Options::default()
        };
        let outputs =
            write_all(&module, &options).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The same bytes every time.
        assert_eq!(write_all(&module, &options).unwrap(), outputs);
        for (entry, stage, source) in outputs {
            let ext = common::stage_ext(stage);
            let name = format!("{stem}.{entry}.{ext}.glsl");
            assert_snapshot(&dir.join(&name), &source);
            let file = scratch.join(format!("{stem}.{entry}.{ext}"));
            if let Err(e) = common::check(&module, &source, stage, &file) {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
