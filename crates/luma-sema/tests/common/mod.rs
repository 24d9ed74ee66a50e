//! Helpers shared by the checker's tests: running the front end on a file or a string.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use luma_base::render::{render_human, HumanOptions};
use luma_base::{Diagnostics, Limits, SourceMap};
use luma_sema::CheckOptions;
use luma_syntax::preprocess::{preprocess, FsReader, MemoryReader, PreprocessOptions};
use luma_thir::Program;

/// The result of running preprocess, parse and check.
pub struct Checked {
    pub program: Option<Program>,
    pub diags: Diagnostics,
    pub map: SourceMap,
}

impl Checked {
    /// The diagnostics rendered as the CLI shows them, without colour.
    pub fn rendered(&self) -> String {
        render_human(self.diags.as_slice(), &self.map, &HumanOptions::default())
    }
}

/// Runs the front end on a file, with `tests/shaders/include` as include directory.
pub fn check_file(path: &Path, limits: Limits) -> Checked {
    let text = std::fs::read_to_string(path).unwrap();
    let include = luma_testutil::tests_dir().join("shaders").join("include");
    let options = PreprocessOptions {
        include_dirs: vec![include.to_string_lossy().into_owned()],
        limits,
    };
    let mut diags = Diagnostics::new(limits.max_diagnostics);
    let name = path.to_string_lossy().into_owned();
    let pre = preprocess(&name, &text, &FsReader, &options, &mut diags);
    finish(pre.text, pre.source_map, diags, limits)
}

/// Runs the front end on an in-memory source named `name`.
pub fn check_str(name: &str, text: &str) -> Checked {
    check_str_with(name, text, Limits::default())
}

/// Runs the front end on an in-memory source with the given limits.
pub fn check_str_with(name: &str, text: &str, limits: Limits) -> Checked {
    let reader = MemoryReader::new(Default::default());
    let options = PreprocessOptions {
        include_dirs: Vec::new(),
        limits,
    };
    let mut diags = Diagnostics::new(limits.max_diagnostics);
    let pre = preprocess(name, text, &reader, &options, &mut diags);
    finish(pre.text, pre.source_map, diags, limits)
}

fn finish(
    text: std::sync::Arc<str>,
    map: SourceMap,
    mut diags: Diagnostics,
    limits: Limits,
) -> Checked {
    let module = luma_syntax::parse(&text, &limits, &mut diags);
    let program = if diags.has_errors() {
        None
    } else {
        luma_sema::check(
            &module,
            &CheckOptions {
                limits,
                ..Default::default()
            },
            &mut diags,
        )
    };
    Checked {
        program,
        diags,
        map,
    }
}

/// Checks a source that must be accepted without any diagnostic and returns its program.
pub fn ok(text: &str) -> Program {
    let c = check_str("test.luma", text);
    assert!(
        c.diags.as_slice().is_empty(),
        "unexpected diagnostics:\n{}",
        c.rendered()
    );
    c.program.expect("no program")
}

/// Checks a source that must be rejected; returns the rendered diagnostics.
pub fn err(text: &str) -> String {
    let c = check_str("test.luma", text);
    assert!(c.program.is_none(), "the source was accepted:\n{text}");
    c.rendered()
}
