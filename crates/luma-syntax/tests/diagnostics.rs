//! Diagnostics tests: every `tests/diagnostics/syntax/*.luma` is preprocessed and parsed, and its
//! diagnostics, rendered as the CLI renders them (no colour, source order, summary line), must
//! match the committed `<name>.stderr` (rewrite with `LUMA_BLESS=1`). A file named after a code
//! (`E0204_tilde_eq.luma`) must report that code; every code of `codes::ALL` has such a file.
//! `recovery_*.luma` files hold several errors each: all are reported, with no cascades; their
//! JSON rendering is kept in `<name>.json` too.
//!
//! A `<name>.opts` file beside a test sets limits, one `key = value` per line
//! (`include_depth`, `nesting_depth`, `max_source_bytes`). Files under `include/` are only
//! included. Everything is served from memory, so output does not depend on the checkout path.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use luma_base::render::{render_human, render_json, summary_line, HumanOptions};
use luma_base::{Diagnostics, Limits, Severity};
use luma_syntax::preprocess::{normalize_path, preprocess, FileReader, PreprocessOptions};
use luma_syntax::{codes, parse};

/// Serves the test directory from memory; files that are not UTF-8 are unreadable.
struct TestReader {
    files: BTreeMap<String, Result<String, String>>,
}

impl FileReader for TestReader {
    fn canonicalize(&self, path: &str) -> Option<String> {
        let n = normalize_path(path);
        self.files.contains_key(&n).then_some(n)
    }
    fn read(&self, canonical: &str) -> Result<String, String> {
        self.files
            .get(canonical)
            .cloned()
            .unwrap_or_else(|| Err("missing".into()))
    }
}

fn dir() -> PathBuf {
    luma_testutil::tests_dir()
        .join("diagnostics")
        .join("syntax")
}

fn reader(dir: &Path) -> TestReader {
    let mut files = BTreeMap::new();
    for path in luma_testutil::files_with_extension(dir, "luma") {
        let rel = path
            .strip_prefix(dir)
            .unwrap()
            .to_str()
            .unwrap()
            .replace('\\', "/");
        let bytes = std::fs::read(&path).unwrap();
        // As `FsReader` words it.
        let text = String::from_utf8(bytes).map_err(|e| {
            format!(
                "the file is not valid UTF-8 ({})",
                luma_syntax::preprocess::invalid_utf8_at(
                    e.as_bytes(),
                    e.utf8_error().valid_up_to()
                )
            )
        });
        files.insert(rel, text);
    }
    TestReader { files }
}

fn limits_for(path: &Path) -> Limits {
    let mut limits = Limits::default();
    let Ok(text) = std::fs::read_to_string(path.with_extension("opts")) else {
        return limits;
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (key, value) = line.split_once('=').expect("`key = value`");
        let value: usize = value.trim().parse().expect("a number");
        match key.trim() {
            "include_depth" => limits.include_depth = value as u32,
            "nesting_depth" => limits.nesting_depth = value as u32,
            "max_source_bytes" => limits.max_source_bytes = value,
            other => panic!("unknown option `{other}` in {}", path.display()),
        }
    }
    limits
}

/// Preprocesses and parses `name`, returning the rendered text, the JSON and the codes reported.
fn check(reader: &TestReader, name: &str, limits: Limits) -> (String, String, Vec<&'static str>) {
    let mut diags = Diagnostics::new(limits.max_diagnostics);
    let source_map = match reader.read(name) {
        Ok(text) => {
            let options = PreprocessOptions {
                include_dirs: Vec::new(),
                limits,
            };
            let pre = preprocess(name, &text, reader, &options, &mut diags);
            parse(&pre.text, &limits, &mut diags);
            pre.source_map
        }
        // A main file that is not UTF-8, as `luma` reports it.
        Err(_) => {
            let bytes = std::fs::read(dir().join(name)).unwrap();
            let (d, map) = luma_syntax::preprocess::not_utf8_source(name, &bytes).unwrap();
            diags.push(d);
            map
        }
    };
    diags.sort_by_position();
    let mut out = render_human(diags.as_slice(), &source_map, &HumanOptions::default());
    if let Some(summary) = summary_line(name, diags.error_count(), diags.warning_count(), false) {
        out.push('\n');
        out.push_str(&summary);
        out.push('\n');
    }
    let json = render_json(diags.as_slice(), &source_map);
    let codes = diags.as_slice().iter().map(|d| d.code.as_str()).collect();
    (out, json, codes)
}

#[test]
fn diagnostics_match_their_stderr_files() {
    let dir = dir();
    let reader = reader(&dir);
    let mut failures = Vec::new();
    let mut checked = 0;
    for name in reader.files.keys() {
        if name.contains('/') {
            continue;
        }
        checked += 1;
        let path = dir.join(name);
        let (out, json, found) = check(&reader, name, limits_for(&path));
        if found.is_empty() {
            failures.push(format!("{name}: no diagnostic at all"));
        }
        let code = name.split('_').next().unwrap_or("");
        if code != "recovery" && !found.contains(&code) {
            failures.push(format!("{name}: expected {code}, found {found:?}"));
        }
        let result = std::panic::catch_unwind(|| {
            luma_testutil::assert_snapshot(&path.with_extension("stderr"), &out);
            if name.starts_with("recovery_") {
                luma_testutil::assert_snapshot(&path.with_extension("json"), &json);
            }
        });
        if let Err(e) = result {
            failures.push(
                e.downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| format!("{name}: snapshot mismatch")),
            );
        }
    }
    assert!(
        checked > 30,
        "expected diagnostics tests in {}",
        dir.display()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_code_has_a_test_file() {
    let reader = reader(&dir());
    let missing: Vec<&str> = codes::ALL
        .iter()
        .map(|c| c.code.as_str())
        .filter(|code| {
            !reader
                .files
                .keys()
                .any(|name| !name.contains('/') && name.starts_with(&format!("{code}_")))
        })
        .collect();
    assert!(missing.is_empty(), "codes without a test file: {missing:?}");
}

#[test]
fn code_list_is_sorted_unique_and_in_range() {
    let list: Vec<&str> = codes::ALL.iter().map(|c| c.code.as_str()).collect();
    let mut sorted = list.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(list, sorted);
    for doc in codes::ALL {
        let code = doc.code.as_str();
        let ok = match doc.severity {
            Severity::Error => ["E01", "E02", "E03"].iter().any(|p| code.starts_with(p)),
            Severity::Warning => code.starts_with("W01"),
        };
        assert!(ok, "{code} is outside the syntax layer's ranges");
        assert!(!doc.title.is_empty() && !doc.example.is_empty());
    }
}

/// The documented example of each code triggers it, except the ones that need other files or
/// huge inputs to do so.
#[test]
fn code_examples_trigger_their_code() {
    let needs_files = ["E0102", "E0103", "E0104", "E0107", "E0109", "E0306"];
    let reader = TestReader {
        files: BTreeMap::new(),
    };
    for doc in codes::ALL {
        let code = doc.code.as_str();
        if needs_files.contains(&code) {
            continue;
        }
        let mut diags = Diagnostics::default();
        let pre = preprocess(
            "example.luma",
            doc.example,
            &reader,
            &PreprocessOptions::default(),
            &mut diags,
        );
        parse(&pre.text, &Limits::default(), &mut diags);
        let found: Vec<&str> = diags.as_slice().iter().map(|d| d.code.as_str()).collect();
        assert!(found.contains(&code), "example of {code} reports {found:?}");
    }
}
