//! Every corpus shader through the WGSL back end at every opt level: naga parses and validates
//! the output, naga's buffer layouts equal the layouter's, Tint (`tools/tint/validate.mjs`, on
//! Dawn's null backend) accepts it unless the shader has a push-constant block (Tint has none:
//! naga alone checks those, and the test names them), the output is byte-identical across runs,
//! and at `Basic` it equals the committed `tests/out/wgsl/<path>.wgsl` (`LUMA_BLESS=1`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../luma-back-wgsl/tests/common/mod.rs"]
mod common;

use std::path::Path;

use luma_back_wgsl::{write, Options};
use luma_testutil::{assert_snapshot, scratch_dir, shader_corpus, tests_dir};
use lumac::OptLevel;

const LEVELS: [(OptLevel, &str); 3] = [
    (OptLevel::None, "none"),
    (OptLevel::Basic, "basic"),
    (OptLevel::Aggressive, "aggressive"),
];

/// The shader's path under `tests/shaders` without its extension, with `/` separators.
fn relative_stem(path: &Path) -> String {
    let root = tests_dir().join("shaders");
    let rel = path.strip_prefix(&root).unwrap_or(path).with_extension("");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn corpus_validates_with_naga_and_tint() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let scratch = scratch_dir("wgsl-corpus");
    let out_dir = tests_dir().join("out").join("wgsl");
    let mut failures = Vec::new();
    let mut tint_files = Vec::new();
    let mut naga_only = Vec::new();
    for shader in &corpus {
        let stem = relative_stem(shader);
        for (level, level_name) in LEVELS {
            let module = match lumac::frontend_ir(shader, level) {
                Ok(module) => module,
                Err(e) => {
                    failures.push(format!("{stem} ({level_name}): front end failed:\n{e}"));
                    continue;
                }
            };
            let source = match write(&module, &Options::default()) {
                Ok(source) => source,
                Err(e) => {
                    failures.push(format!("{stem} ({level_name}): {e}"));
                    continue;
                }
            };
            if write(&module, &Options::default()).ok().as_deref() != Some(source.as_str()) {
                failures.push(format!(
                    "{stem} ({level_name}): output differs between runs"
                ));
            }
            if level == OptLevel::Basic {
                assert_snapshot(&out_dir.join(format!("{stem}.wgsl")), &source);
            }
            if let Err(e) = common::naga_check(&module, &source) {
                failures.push(format!("{stem}.wgsl ({level_name}): {e}"));
            }
            let file = scratch.join(format!("{}.{level_name}.wgsl", stem.replace('/', "_")));
            std::fs::write(&file, &source).unwrap();
            if common::uses_push_constants(&module) {
                if level == OptLevel::Basic {
                    naga_only.push(stem.clone());
                }
            } else {
                tint_files.push(file);
            }
        }
    }
    if let Err(e) = common::tint_check(&tint_files) {
        failures.push(e);
    }
    if !naga_only.is_empty() {
        // Push-constant shaders: Tint has no `var<immediate>`, naga validated them above.
        eprintln!(
            "validated by naga only (push constants): {}",
            naga_only.join(", ")
        );
    }
    assert!(
        failures.is_empty(),
        "{} WGSL failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
