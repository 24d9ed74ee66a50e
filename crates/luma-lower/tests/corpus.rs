//! Every corpus shader lowers, passes the IR verifier (with and without debug information),
//! lowers to identical text twice, and matches its committed IR dump (`tests/out/ir/`; rewrite
//! with `LUMA_BLESS=1` and review the diff).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use luma_base::Diagnostics;
use luma_ir::print::{print_module, print_module_with, PrintOptions};
use luma_lower::{lower, LowerOptions};

#[test]
fn corpus_lowers_verifies_and_matches_its_dumps() {
    let corpus = luma_testutil::shader_corpus();
    assert!(
        corpus.len() >= 30,
        "the corpus shrank to {} shaders",
        corpus.len()
    );
    let shaders = luma_testutil::tests_dir().join("shaders");
    let out = luma_testutil::tests_dir().join("out").join("ir");
    let mut failures = String::new();
    for path in &corpus {
        let front = common::front_file(path);
        let mut diags = Diagnostics::default();
        let Some(m) = lower(
            &front.program,
            Some(&front.map),
            &LowerOptions::default(),
            &mut diags,
        ) else {
            failures.push_str(&format!("== {}: {:?}\n", path.display(), diags.as_slice()));
            continue;
        };
        if let Err(e) = luma_ir::verify::verify(&m) {
            failures.push_str(&format!("== {}: {e}\n", path.display()));
            continue;
        }
        let text = print_module(&m);
        let again = lower(
            &front.program,
            Some(&front.map),
            &LowerOptions::default(),
            &mut diags,
        )
        .unwrap();
        assert_eq!(
            text,
            print_module(&again),
            "{} lowers differently twice",
            path.display()
        );
        let debug = LowerOptions {
            debug: true,
            ..LowerOptions::default()
        };
        let with_debug = lower(&front.program, Some(&front.map), &debug, &mut diags).unwrap();
        if let Err(e) = luma_ir::verify::verify(&with_debug) {
            failures.push_str(&format!("== {} (debug): {e}\n", path.display()));
        }
        assert_eq!(
            print_module_with(&with_debug, PrintOptions::CANONICAL),
            print_module_with(&m, PrintOptions::CANONICAL),
            "{}: debug information changed the program",
            path.display()
        );
        let rel = path.strip_prefix(&shaders).unwrap().with_extension("ir");
        luma_testutil::assert_snapshot(&out.join(rel), &text);
    }
    assert!(failures.is_empty(), "{failures}");
}
