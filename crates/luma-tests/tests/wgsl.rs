//! Every corpus shader through the WGSL back end at every opt level: naga parses and validates
//! the output, naga's buffer layouts equal the layouter's, Tint (`tools/tint/validate.mjs`, on
//! Dawn's null backend) accepts it unless the shader has an array of textures (naga's
//! `binding_array`, which Tint lacks) or a vertex shader writing a storage buffer (wgpu only), so
//! naga alone checks those, and the test names them), the output is byte-identical across runs,
//! and at `Basic` it equals the committed `tests/out/wgsl/<path>.wgsl` (`LUMA_BLESS=1`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../luma-back-wgsl/tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use luma_back_wgsl::{write, Options};
use luma_testutil::{
    assert_snapshot, blessing, files_with_extension, scratch_dir, shader_corpus, tests_dir,
};
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
    let mut snapshots = Vec::new();
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
                let path = out_dir.join(format!("{stem}.wgsl"));
                assert_snapshot(&path, &source);
                snapshots.push(path);
            }
            if let Err(e) = common::naga_check(&module, &source) {
                failures.push(format!("{stem}.wgsl ({level_name}): {e}"));
            }
            let file = scratch.join(format!("{}.{level_name}.wgsl", stem.replace('/', "_")));
            std::fs::write(&file, &source).unwrap();
            match common::naga_only_reason(&module, &source) {
                Some(reason) => {
                    if level == OptLevel::Basic {
                        naga_only.push(format!("{stem} ({reason})"));
                    }
                }
                None => tint_files.push(file),
            }
        }
    }
    if let Err(e) = common::tint_check(&tint_files) {
        failures.push(e);
    }
    if !naga_only.is_empty() {
        // Tint has no binding arrays and WebGPU no writable vertex storage; naga validated
        // these above.
        eprintln!("validated by naga only: {}", naga_only.join(", "));
    }
    failures.extend(stale_snapshots(&out_dir, &snapshots, "wgsl"));
    assert!(
        failures.is_empty(),
        "{} WGSL failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Snapshots of shaders that left the corpus: removed when blessing, failures otherwise.
fn stale_snapshots(out_dir: &Path, current: &[PathBuf], ext: &str) -> Vec<String> {
    let mut stale = Vec::new();
    for path in files_with_extension(out_dir, ext) {
        if current.contains(&path) {
            continue;
        }
        if blessing() {
            std::fs::remove_file(&path).unwrap();
        } else {
            stale.push(format!(
                "{} belongs to no corpus shader; rerun with LUMA_BLESS=1 to remove it",
                path.display()
            ));
        }
    }
    stale
}
