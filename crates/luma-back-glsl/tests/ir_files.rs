//! IR files in, GLSL out: every `tests/ir/*.ir` is written for each of its entry points,
//! compared with the committed `tests/ir/<name>.<entry>.<stage>.glsl` (bless with
//! `LUMA_BLESS=1`), and compiled by `glslangValidator -V --target-env vulkan1.1` and
//! `spirv-val --target-env vulkan1.1`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use luma_back_glsl::{write_all, Options};
use luma_ir::ShaderStage;
use luma_testutil::{assert_snapshot, files_with_extension, require_tool, run, scratch_dir};

fn stage_ext(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vert",
        ShaderStage::Fragment => "frag",
        ShaderStage::Compute => "comp",
        ShaderStage::Geometry => "geom",
        ShaderStage::TessellationControl => "tesc",
        ShaderStage::TessellationEvaluation => "tese",
    }
}

#[test]
fn ir_files_compile_and_validate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("ir");
    let glslang = require_tool("glslangValidator");
    let spirv_val = require_tool("spirv-val");
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
            let ext = stage_ext(stage);
            let name = format!("{stem}.{entry}.{ext}.glsl");
            assert_snapshot(&dir.join(&name), &source);
            let file = scratch.join(format!("{stem}.{entry}.{ext}"));
            std::fs::write(&file, &source).unwrap();
            let spv = scratch.join(format!("{stem}.{entry}.{ext}.spv"));
            let (ok, log) = run(Command::new(&glslang)
                .args(["-V", "--target-env", "vulkan1.1", "-S", ext, "-o"])
                .arg(&spv)
                .arg(&file));
            if !ok {
                failures.push(format!("glslangValidator rejected {name}:\n{log}"));
                continue;
            }
            let (ok, log) = run(Command::new(&spirv_val)
                .args(["--target-env", "vulkan1.1"])
                .arg(&spv));
            if !ok {
                failures.push(format!("spirv-val rejected {name}:\n{log}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
