//! Shared helpers of the lowering tests: a typed-program builder and an IR interpreter.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

pub mod build;
pub mod interp;

use std::path::Path;

use luma_base::render::{render_human, HumanOptions};
use luma_base::{Diagnostics, Limits, SourceMap};
use luma_ir::Module;
use luma_lower::{lower, LowerOptions};
use luma_thir::Program;

/// Options for tests that lower plain functions without entry points: lower every function.
pub fn lower_options() -> LowerOptions {
    LowerOptions {
        all_functions: true,
        ..LowerOptions::default()
    }
}

/// Lowers `p` and verifies the result, failing the test with the diagnostics if lowering fails.
pub fn lower_ok(p: &Program) -> Module {
    let mut diags = Diagnostics::default();
    match lower(p, None, &lower_options(), &mut diags) {
        Some(m) => {
            assert!(!diags.has_errors(), "{:?}", diags.as_slice());
            if let Err(e) = luma_ir::verify::verify(&m) {
                panic!("{e}\n{}", luma_ir::print::print_module(&m));
            }
            m
        }
        None => panic!("lowering failed: {:#?}", diags.as_slice()),
    }
}

/// The typed program of a source, with its source map; fails the test on any front-end error.
pub struct Front {
    pub program: Program,
    pub map: SourceMap,
}

fn finish(pre: luma_syntax::preprocess::Preprocessed, mut diags: Diagnostics, what: &str) -> Front {
    let limits = Limits::default();
    let module = luma_syntax::parse(&pre.text, &limits, &mut diags);
    let program = if diags.has_errors() {
        None
    } else {
        luma_sema::check(
            &module,
            &luma_sema::CheckOptions {
                limits,
                ..Default::default()
            },
            &mut diags,
        )
    };
    match program {
        Some(program) if !diags.has_errors() => Front {
            program,
            map: pre.source_map,
        },
        _ => panic!(
            "{what} does not check:\n{}",
            render_human(diags.as_slice(), &pre.source_map, &HumanOptions::default())
        ),
    }
}

/// Runs the front end on a corpus file (includes from `tests/shaders/include`).
pub fn front_file(path: &Path) -> Front {
    use luma_syntax::preprocess::{preprocess, FsReader, PreprocessOptions};
    let text = std::fs::read_to_string(path).unwrap();
    let include = luma_testutil::tests_dir().join("shaders").join("include");
    let options = PreprocessOptions {
        include_dirs: vec![include.to_string_lossy().into_owned()],
        limits: Limits::default(),
    };
    let mut diags = Diagnostics::default();
    let name = path.to_string_lossy().into_owned();
    let pre = preprocess(&name, &text, &FsReader, &options, &mut diags);
    finish(pre, diags, &name)
}

/// Runs the front end on an in-memory source.
pub fn front(text: &str) -> Front {
    use luma_syntax::preprocess::{preprocess, MemoryReader, PreprocessOptions};
    let reader = MemoryReader::new(Default::default());
    let options = PreprocessOptions {
        include_dirs: Vec::new(),
        limits: Limits::default(),
    };
    let mut diags = Diagnostics::default();
    let pre = preprocess("test.luma", text, &reader, &options, &mut diags);
    finish(pre, diags, "the test source")
}

/// Checks and lowers a source (verified).
pub fn lower_src(text: &str) -> Module {
    lower_ok(&front(text).program)
}
