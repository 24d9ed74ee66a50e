//! Every corpus shader through the GLSL back end at every opt level, every entry point: the
//! source compiles with `glslangValidator -V --target-env vulkan1.1 -S <stage>`, glslang's
//! SPIR-V passes `spirv-val --target-env vulkan1.1`, glslang's buffer layouts equal the
//! layouter's, the output is byte-identical across runs, and at `Basic` it equals the committed
//! `tests/out/glsl/<path>.<entry>.<stage>.glsl` (blessed with `LUMA_BLESS=1`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../luma-back-glsl/tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use luma_back_glsl::{write_all, Options};
use luma_testutil::{
    assert_snapshot, blessing, files_with_extension, map_in_parallel, scratch_dir, shader_corpus,
    tests_dir,
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

/// What one corpus shader's checks found.
#[derive(Default)]
struct ShaderReport {
    failures: Vec<String>,
    snapshots: Vec<PathBuf>,
    checked: usize,
}

/// Every check of one corpus shader at every opt level.
fn check_shader(shader: &Path, scratch: &Path, out_dir: &Path) -> ShaderReport {
    let mut report = ShaderReport::default();
    let stem = relative_stem(shader);
    for (level, level_name) in LEVELS {
        let module = match lumac::frontend_ir(shader, level) {
            Ok(module) => module,
            Err(e) => {
                report
                    .failures
                    .push(format!("{stem} ({level_name}): front end failed:\n{e}"));
                continue;
            }
        };
        let options = Options::default();
        let outputs = match write_all(&module, &options) {
            Ok(outputs) => outputs,
            Err(e) => {
                report.failures.push(format!("{stem} ({level_name}): {e}"));
                continue;
            }
        };
        if write_all(&module, &options).ok().as_ref() != Some(&outputs) {
            report.failures.push(format!(
                "{stem} ({level_name}): output differs between runs"
            ));
        }
        for (entry, stage, source) in outputs {
            let ext = common::stage_ext(stage);
            let name = format!("{stem}.{entry}.{ext}");
            if level == OptLevel::Basic {
                let path = out_dir.join(format!("{name}.glsl"));
                assert_snapshot(&path, &source);
                report.snapshots.push(path);
            }
            let file = scratch.join(format!("{}.{level_name}.{ext}", name.replace('/', "_")));
            if let Err(e) = common::check(&module, &source, stage, &file) {
                report.failures.push(format!("{name} ({level_name}): {e}"));
            }
            report.checked += 1;
        }
    }
    report
}

#[test]
fn corpus_compiles_with_glslang() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let scratch = scratch_dir("glsl-corpus");
    let out_dir = tests_dir().join("out").join("glsl");
    let mut failures = Vec::new();
    let mut snapshots = Vec::new();
    let mut checked = 0usize;
    // Shaders are independent (each writes only its own scratch files): one per core.
    for report in map_in_parallel(&corpus, |shader| check_shader(shader, &scratch, &out_dir)) {
        failures.extend(report.failures);
        snapshots.extend(report.snapshots);
        checked += report.checked;
    }
    failures.extend(stale_snapshots(&out_dir, &snapshots, "glsl"));
    assert!(
        failures.is_empty(),
        "{} of {checked} GLSL outputs failed:\n\n{}",
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
