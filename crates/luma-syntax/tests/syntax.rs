//! Parser snapshot tests: every `tests/syntax/*.luma` preprocesses and parses without a
//! diagnostic, and its AST dump matches the committed `tests/syntax/*.ast` (rewrite with
//! `LUMA_BLESS=1`). Files under `tests/syntax/include/` are only included by the others, served
//! by a `MemoryReader` so the dumps do not depend on the checkout path.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;

use luma_base::{Diagnostics, Limits};
use luma_syntax::dump::dump_ast;
use luma_syntax::parse;
use luma_syntax::preprocess::{preprocess, MemoryReader, PreprocessOptions};

#[test]
fn syntax_snapshots() {
    let dir = luma_testutil::tests_dir().join("syntax");
    let all = luma_testutil::files_with_extension(&dir, "luma");
    let mut files = BTreeMap::new();
    for path in &all {
        let rel = path
            .strip_prefix(&dir)
            .unwrap()
            .to_str()
            .unwrap()
            .replace('\\', "/");
        files.insert(rel, std::fs::read_to_string(path).unwrap());
    }
    let reader = MemoryReader::new(files.clone());
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, text) in &files {
        if name.starts_with("include/") {
            continue;
        }
        checked += 1;
        let mut diags = Diagnostics::default();
        let pre = preprocess(
            name,
            text,
            &reader,
            &PreprocessOptions::default(),
            &mut diags,
        );
        let module = parse(&pre.text, &Limits::default(), &mut diags);
        if !diags.as_slice().is_empty() {
            failures.push(format!(
                "{name}: unexpected diagnostics: {:#?}",
                diags.as_slice()
            ));
            continue;
        }
        let dump = dump_ast(&module, &pre.source_map);
        let path = dir.join(name).with_extension("ast");
        let result = std::panic::catch_unwind(|| luma_testutil::assert_snapshot(&path, &dump));
        if let Err(e) = result {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "snapshot mismatch".into());
            failures.push(msg);
        }
    }
    assert!(
        checked >= 7,
        "expected the syntax tests in {}",
        dir.display()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
