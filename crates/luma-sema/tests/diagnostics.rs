//! Diagnostics tests: every `tests/diagnostics/sema/*.luma` goes through the front end
//! (preprocess, parse, check) and its diagnostics, rendered as the CLI renders them (no colour,
//! source order, summary line), must match the committed `<name>.stderr` (rewrite with
//! `LUMA_BLESS=1`). A file named after a code (`E0501_mismatched_types.luma`) must report that
//! code and no syntax error; every code of `luma_sema::codes::ALL` has such a file. The checker
//! runs after syntax errors too, as in the CLI: `recovery_*.luma` files hold syntax errors and
//! show what the checker reports (and must not report) on the tree that survived them.
//! `ok_*.luma` files hold code that looks like a mistake a check reports but is not: they must
//! report nothing (their `.stderr` is empty).
//!
//! A `<name>.opts` file beside a test sets limits, one `key = value` per line
//! (`nesting_depth`, `max_array_elements`, `max_const_eval_steps`, `max_unroll_iterations`).
//! Sources are served from memory, so the output does not depend on the checkout path.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use luma_base::render::{render_human, summary_line, HumanOptions};
use luma_base::{Diagnostics, Limits};
use luma_sema::{check, codes, CheckOptions};
use luma_syntax::preprocess::{preprocess, MemoryReader, PreprocessOptions};

fn dir() -> PathBuf {
    luma_testutil::tests_dir().join("diagnostics").join("sema")
}

fn limits_for(path: &Path) -> Limits {
    let mut limits = Limits::default();
    let Ok(text) = std::fs::read_to_string(path.with_extension("opts")) else {
        return limits;
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (key, value) = line.split_once('=').expect("`key = value`");
        let value: u64 = value.trim().parse().expect("a number");
        match key.trim() {
            "nesting_depth" => limits.nesting_depth = value as u32,
            "max_array_elements" => limits.max_array_elements = value,
            "max_const_eval_steps" => limits.max_const_eval_steps = value,
            "max_unroll_iterations" => limits.max_unroll_iterations = value as u32,
            other => panic!("unknown option `{other}` in {}", path.display()),
        }
    }
    limits
}

/// Runs the front end on one test file: the rendered output and the codes reported.
fn run(name: &str, text: &str, limits: Limits) -> (String, Vec<&'static str>) {
    let reader = MemoryReader::new(BTreeMap::new());
    let options = PreprocessOptions {
        include_dirs: Vec::new(),
        limits,
    };
    let mut diags = Diagnostics::new(limits.max_diagnostics);
    let pre = preprocess(name, text, &reader, &options, &mut diags);
    let module = luma_syntax::parse(&pre.text, &limits, &mut diags);
    let syntax_errors = diags.has_errors();
    // What `lumac::compile` runs, the bodies taken out and freed once checked, must report
    // and build what checking the tree in place does.
    let mut taken = module.clone();
    let mut taken_diags = diags.clone();
    let options = CheckOptions {
        limits,
        ..Default::default()
    };
    let program = check(&module, &options, &mut diags);
    let taken_program = luma_sema::check_taking_bodies(&mut taken, &options, &mut taken_diags);
    assert_eq!(
        diags, taken_diags,
        "{name}: the bodies taken out, other diagnostics"
    );
    assert_eq!(
        program.as_ref().map(luma_sema::dump::dump_program),
        taken_program.as_ref().map(luma_sema::dump::dump_program),
        "{name}: the bodies taken out, another program"
    );
    if !syntax_errors {
        assert_eq!(
            program.is_some(),
            !diags.has_errors(),
            "{name}: `Some` exactly when no error"
        );
    }
    diags.sort_by_position();
    let mut out = render_human(diags.as_slice(), &pre.source_map, &HumanOptions::default());
    if let Some(summary) = summary_line(name, diags.error_count(), diags.warning_count(), false) {
        out.push('\n');
        out.push_str(&summary);
        out.push('\n');
    }
    let codes = diags.as_slice().iter().map(|d| d.code.as_str()).collect();
    (out, codes)
}

fn cases() -> Vec<PathBuf> {
    luma_testutil::files_with_extension(&dir(), "luma")
}

#[test]
fn diagnostics_match_their_stderr_files() {
    let mut failures = Vec::new();
    let cases = cases();
    assert!(!cases.is_empty());
    for path in &cases {
        let name = path.file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let (out, found) = run(name, &text, limits_for(path));
        let syntax_error = found
            .iter()
            .find(|c| c.starts_with("E01") || c.starts_with("E02") || c.starts_with("E03"));
        if let Some(bad) = syntax_error.filter(|_| !name.starts_with("recovery_")) {
            failures.push(format!("{name}: syntax error {bad}:\n{out}"));
            continue;
        }
        let wanted = name.split('_').next().unwrap();
        if wanted.starts_with('E') || wanted.starts_with('W') {
            if !found.contains(&wanted) {
                failures.push(format!(
                    "{name}: expected {wanted}, found {found:?}:\n{out}"
                ));
            }
        } else if name.starts_with("ok_") {
            if !found.is_empty() {
                failures.push(format!(
                    "{name}: expected no diagnostic, found {found:?}:\n{out}"
                ));
            }
        } else if found.is_empty() {
            failures.push(format!("{name}: no diagnostic at all"));
        }
        let result = std::panic::catch_unwind(|| {
            luma_testutil::assert_snapshot(&path.with_extension("stderr"), &out)
        });
        if let Err(e) = result {
            let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
            failures.push(format!("{name}: {msg}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_code_has_a_test_file() {
    let names: Vec<String> = cases()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut missing = Vec::new();
    for doc in codes::ALL {
        let prefix = format!("{}_", doc.code.as_str());
        if !names.iter().any(|n| n.starts_with(&prefix)) {
            missing.push(doc.code.as_str());
        }
    }
    assert!(
        missing.is_empty(),
        "codes without a test file in tests/diagnostics/sema: {missing:?}"
    );
}

#[test]
fn codes_are_sorted_unique_and_in_range() {
    let mut prev = "";
    for doc in codes::ALL {
        let c = doc.code.as_str();
        assert!(c > prev, "{c} is out of order or repeated");
        prev = c;
        let ok = ["E04", "E05", "E06", "E07", "W02"]
            .iter()
            .any(|r| c.starts_with(r));
        assert!(ok, "{c} is outside the checker's ranges");
        assert_eq!(
            doc.severity == luma_base::Severity::Warning,
            c.starts_with('W'),
            "{c} severity"
        );
        assert!(
            !doc.title.is_empty() && !doc.example.is_empty(),
            "{c} lacks a title or example"
        );
    }
}

/// Every code's documented example triggers that code (a first line
/// `-- with \`key = value\`` sets a limit, as `.opts` files do).
#[test]
fn every_example_triggers_its_code() {
    let mut failures = Vec::new();
    for doc in codes::ALL {
        let mut limits = Limits::default();
        if let Some(rest) = doc.example.strip_prefix("-- with `") {
            let setting = rest.split('`').next().unwrap();
            let (key, value) = setting.split_once('=').unwrap();
            let value: u64 = value.trim().parse().unwrap();
            match key.trim() {
                "nesting_depth" => limits.nesting_depth = value as u32,
                "max_const_eval_steps" => limits.max_const_eval_steps = value,
                other => panic!("unknown option {other}"),
            }
        }
        let (out, found) = run("example.luma", doc.example, limits);
        if !found.contains(&doc.code.as_str()) {
            failures.push(format!(
                "{}: example reports {found:?}\n{}\n{out}",
                doc.code, doc.example
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
