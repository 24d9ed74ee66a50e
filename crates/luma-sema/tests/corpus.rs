//! Every shader of the valid corpus (`tests/shaders`) checks clean: no error and no warning.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use luma_base::Limits;

#[test]
fn corpus_checks_clean() {
    let corpus = luma_testutil::shader_corpus();
    assert!(
        corpus.len() >= 30,
        "the corpus shrank to {} shaders",
        corpus.len()
    );
    let mut failures = String::new();
    for path in &corpus {
        let c = common::check_file(path, Limits::default());
        if !c.diags.as_slice().is_empty() || c.program.is_none() {
            failures.push_str(&format!("== {}\n{}\n", path.display(), c.rendered()));
        }
    }
    assert!(
        failures.is_empty(),
        "corpus shaders with diagnostics:\n{failures}"
    );
}

#[test]
fn corpus_has_every_engine_shader() {
    let names: Vec<String> = luma_testutil::shader_corpus()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "pbr",
        "shadow_pcf",
        "skybox",
        "blur_compute",
        "prefix_sum",
        "histogram",
        "particles_update",
        "particles_render",
        "matmul_tiled",
        "skinning",
        "tonemap",
        "spec_constants",
        "deferred",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "missing corpus shader {want}"
        );
    }
}
