//! `docs/diagnostics.md` is generated from every crate's `codes` list ([`lumac::codes::catalog`]):
//! this test fails when the committed file is stale. Rewrite it with
//! `LUMA_BLESS=1 cargo test -p lumac --test diagnostics_doc` and review the diff.

#![allow(clippy::indexing_slicing)]

use std::fmt::Write as _;

use lumac::codes::{catalog, CatalogEntry};
use lumac::Severity;

/// Code ranges and what they cover, as `HACKING.md` assigns them.
const RANGES: &[(&str, &str)] = &[
    (
        "E00",
        "Driver: options, entry point selection, internal errors",
    ),
    ("E01", "Preprocessor"),
    ("E02", "Lexer"),
    ("E03", "Parser"),
    ("E04", "Names and declarations"),
    ("E05", "Types and expressions"),
    ("E06", "Statements, entry points, stages and resources"),
    ("E07", "Constant evaluation and limits"),
    ("E08", "Lowering"),
    ("E09", "Back ends: constructs a target cannot express"),
    ("W01", "Syntax warnings"),
    ("W02", "Semantic warnings"),
    ("W08", "Lowering warnings: limits that not every device has"),
    (
        "W09",
        "Back-end warnings: output some consumers of the target reject",
    ),
];

fn range_of(code: &str) -> &'static str {
    RANGES
        .iter()
        .find(|(prefix, _)| code.starts_with(prefix))
        .map_or("Other", |(_, title)| title)
}

fn render(entries: &[CatalogEntry]) -> String {
    let mut out = String::new();
    out.push_str(
        "<!-- Generated from each crate's `codes` list by `cargo test -p lumac --test \
         diagnostics_doc`.\n     Do not edit: change the `CodeDoc`s, then rerun the test with \
         LUMA_BLESS=1. -->\n\n",
    );
    out.push_str("# Luma diagnostics\n\n");
    out.push_str(
        "Every problem Luma reports has a stable code: `E` for errors (no output is written), \
         `W` for warnings\n(output is written). Each entry below gives the code, its severity, \
         the part of the compiler\nthat reports it and a source that triggers it. `luma \
         --message-format=json` prints the same\ndiagnostics as JSON Lines (one object per \
         diagnostic, with `code`, `severity`, `message`, file\nand position, labels, notes, \
         help and suggested fixes).\n\nA warning is silenced inside a declaration or a loop \
         by `@allow(CODE)` before it ([language.md](language.md#5-declarations-and-scopes)),\nor \
         everywhere by `luma --allow CODE`; `--deny CODE` and `--deny warnings` make warnings \
         errors\n([cli.md](cli.md#warnings)).\n\n",
    );
    let errors = entries
        .iter()
        .filter(|e| e.doc.severity == Severity::Error)
        .count();
    let _ = writeln!(
        out,
        "{} codes: {} errors, {} warnings.\n",
        entries.len(),
        errors,
        entries.len() - errors
    );
    out.push_str("| range | reported by |\n|---|---|\n");
    for (prefix, title) in RANGES {
        let count = entries
            .iter()
            .filter(|e| e.doc.code.as_str().starts_with(prefix))
            .count();
        let _ = writeln!(
            out,
            "| [{prefix}xx](#{}) ({count}) | {title} |",
            anchor(title)
        );
    }
    let mut section = "";
    for entry in entries {
        let code = entry.doc.code.as_str();
        let range = range_of(code);
        if range != section {
            section = range;
            let _ = writeln!(out, "\n## {range}");
        }
        let severity = match entry.doc.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(out, "\n### {code}: {}\n", entry.doc.title);
        let _ = writeln!(out, "{severity}, reported by `{}`\n", entry.component);
        let _ = writeln!(out, "```lua\n{}\n```", entry.doc.example.trim_end());
    }
    out
}

/// GitHub's heading anchor: lower case, spaces to `-`, punctuation dropped.
fn anchor(title: &str) -> String {
    title
        .chars()
        .filter_map(|c| match c {
            'a'..='z' | '0'..='9' | '-' | '_' => Some(c),
            'A'..='Z' => Some(c.to_ascii_lowercase()),
            ' ' => Some('-'),
            _ => None,
        })
        .collect()
}

#[test]
fn diagnostics_doc_is_current() {
    let entries = catalog();
    assert!(entries.len() > 100, "only {} codes", entries.len());
    let path = luma_testutil::workspace_root().join("docs/diagnostics.md");
    luma_testutil::assert_snapshot(&path, &render(&entries));
}

#[test]
fn every_code_is_well_formed_and_in_a_range() {
    for entry in catalog() {
        let code = entry.doc.code.as_str();
        let well_formed = code.len() == 5
            && (code.starts_with('E') || code.starts_with('W'))
            && code.chars().skip(1).all(|c| c.is_ascii_digit());
        assert!(
            well_formed,
            "{} reports a malformed code `{code}`",
            entry.component
        );
        assert_ne!(range_of(code), "Other", "{code} is in no documented range");
        let warning = entry.doc.severity == Severity::Warning;
        assert_eq!(
            warning,
            code.starts_with('W'),
            "{code}: severity and letter disagree"
        );
        assert!(
            !entry.doc.title.is_empty() && !entry.doc.example.is_empty(),
            "{code}"
        );
    }
}

#[test]
fn every_code_belongs_to_one_component() {
    let entries = catalog();
    for pair in entries.windows(2) {
        assert_ne!(
            pair[0].doc.code.as_str(),
            pair[1].doc.code.as_str(),
            "{} and {} both document {}",
            pair[0].component,
            pair[1].component,
            pair[0].doc.code.as_str()
        );
    }
}
