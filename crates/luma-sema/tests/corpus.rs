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

/// The ports of naga's test shaders (`tests/shaders/ports_naga`), whose computing parts are
/// execution tests (`tests/exec/naga_*`), stay in the corpus like the engine shaders.
#[test]
fn corpus_has_every_naga_port() {
    let names: Vec<String> = luma_testutil::shader_corpus()
        .iter()
        .filter(|p| p.parent().and_then(|d| d.file_name()) == Some("ports_naga".as_ref()))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "image_queries",
        "interface",
        "lexical_scopes",
        "quad_skybox",
        "shadow",
        "struct_layout",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "missing corpus shader ports_naga/{want}"
        );
    }
}

/// The typed program of every corpus shader, as text (`crates/luma-sema/tests/thir/`): what
/// lowering receives. Rewrite with `LUMA_BLESS=1` and review the diff.
#[test]
fn corpus_thir_snapshots() {
    let shaders = luma_testutil::tests_dir().join("shaders");
    let out_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("thir");
    for path in luma_testutil::shader_corpus() {
        let c = common::check_file(&path, Limits::default());
        let Some(program) = c.program else {
            panic!("{} does not check:\n{}", path.display(), c.rendered());
        };
        let rel = path.strip_prefix(&shaders).unwrap().with_extension("thir");
        luma_testutil::assert_snapshot(
            &out_dir.join(rel),
            &luma_sema::dump::dump_program(&program),
        );
    }
}
