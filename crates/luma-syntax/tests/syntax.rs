//! Parser snapshot tests: every `tests/syntax/*.luma` parses without a diagnostic, and its AST
//! dump matches the committed `tests/syntax/*.ast` (rewrite with `LUMA_BLESS=1`).

use luma_base::{Diagnostics, Limits, SourceMap};
use luma_syntax::dump::dump_ast;
use luma_syntax::parse;

#[test]
fn syntax_snapshots() {
    let dir = luma_testutil::tests_dir().join("syntax");
    let files = luma_testutil::files_with_extension(&dir, "luma");
    assert!(
        files.len() >= 4,
        "no syntax tests found in {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut diags = Diagnostics::default();
        let module = parse(&text, &Limits::default(), &mut diags);
        if !diags.as_slice().is_empty() {
            failures.push(format!(
                "{name}: unexpected diagnostics: {:#?}",
                diags.as_slice()
            ));
            continue;
        }
        let map = SourceMap::single(name.as_str(), text.as_str());
        let dump = dump_ast(&module, &map);
        let result = std::panic::catch_unwind(|| {
            luma_testutil::assert_snapshot(&path.with_extension("ast"), &dump)
        });
        if let Err(e) = result {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "snapshot mismatch".into());
            failures.push(msg);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
