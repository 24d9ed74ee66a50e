//! Property tests: random bytes and random token soups go through preprocessing, parsing, the AST
//! dump and both diagnostic renderers without a panic; every diagnostic's span resolves to a
//! file and line; and the whole front end is deterministic.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;

use luma_base::render::{render_human, render_json, HumanOptions};
use luma_base::{Diagnostics, Limits};
use luma_syntax::dump::dump_ast;
use luma_syntax::parse;
use luma_syntax::preprocess::{preprocess, MemoryReader, PreprocessOptions};
use proptest::prelude::*;

/// Files the fuzzed text may include, one of them including the main file back.
fn reader() -> MemoryReader {
    let mut files = BTreeMap::new();
    files.insert(
        "inc/a.luma".to_owned(),
        "#pragma once\nconst A = 1\n".to_owned(),
    );
    files.insert(
        "inc/b.luma".to_owned(),
        "#include \"a.luma\"\nfunction".to_owned(),
    );
    files.insert(
        "main.luma".to_owned(),
        "#include \"inc/b.luma\"\n".to_owned(),
    );
    MemoryReader::new(files)
}

/// Runs the whole syntax layer and checks the properties; returns the rendered output.
fn front_end(text: &str) -> String {
    let limits = Limits {
        // Small limits reach the limit paths often.
        nesting_depth: 24,
        include_depth: 4,
        max_source_bytes: 1 << 16,
        ..Limits::default()
    };
    let options = PreprocessOptions {
        include_dirs: vec!["inc".to_owned()],
        limits,
    };
    let mut diags = Diagnostics::default();
    let pre = preprocess("main.luma", text, &reader(), &options, &mut diags);
    let module = parse(&pre.text, &limits, &mut diags);
    let dump = dump_ast(&module, &pre.source_map);
    for d in diags.as_slice() {
        let spans = std::iter::once(d.primary.span).chain(d.secondary.iter().map(|l| l.span));
        for span in spans {
            assert!(span.lo <= span.hi, "inverted span in {d:?}");
            assert!(
                pre.source_map.locate(span.lo).is_some(),
                "span of {} does not resolve: {d:?}",
                d.code
            );
        }
    }
    let human = render_human(diags.as_slice(), &pre.source_map, &HumanOptions::default());
    let json = render_json(diags.as_slice(), &pre.source_map);
    for line in json.lines() {
        serde_json_check(line);
    }
    format!("{dump}{human}{json}")
}

/// Every JSON line is one object with the schema's head fields, positions resolved.
fn serde_json_check(line: &str) {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(v["version"], 1);
    assert!(v["code"].is_string());
    assert!(v["line"].is_u64(), "{line}");
    assert!(v["labels"].is_array());
}

const PIECES: &[&str] = &[
    "function",
    "end",
    "let",
    "return",
    "if",
    "then",
    "elseif",
    "else",
    "for",
    "while",
    "do",
    "in",
    "and",
    "or",
    "not",
    "true",
    "false",
    "struct",
    "uniform",
    "buffer",
    "storage",
    "const",
    "break",
    "discard",
    "shared",
    "local",
    "nil",
    "repeat",
    "until",
    "goto",
    "continue",
    "self",
    "x",
    "vec3",
    "Light",
    "main",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ".",
    "..",
    ",",
    ":",
    ";",
    "->",
    "=",
    "==",
    "!=",
    "~=",
    "<",
    "<=",
    ">",
    ">=",
    "<<",
    ">>",
    "+",
    "-",
    "*",
    "/",
    "%",
    "&",
    "|",
    "~",
    "#",
    "@",
    "!",
    "&&",
    "||",
    "^",
    "?",
    "+=",
    "-=",
    "<<=",
    "42",
    "0xFF",
    "42u",
    "1.5",
    ".5",
    "1e-3",
    "1e",
    "0x",
    "1e999",
    "99999999999999999999",
    "\"s\"",
    "'",
    "--",
    "--[[",
    "]]",
    "--[=[",
    "]=]",
    "\n",
    "\n",
    "\n",
    "\t",
    "@entry(fragment)",
    "@workgroup_size(8, 8)",
    "#include \"a.luma\"\n",
    "\n#include <b.luma>\n",
    "\n#include \"main.luma\"\n",
    "\n#pragma once\n",
    "\n#pragma x\n",
    "\n#line 7 \"g.luma\"\n",
    "\n#line\n",
    "é",
    "\u{feff}",
    "\r\n",
    "\0",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(PIECES),
            prop::sample::select(&[" ", "", "\n"][..]),
        ),
        0..300,
    )
    .prop_map(|parts| {
        parts
            .into_iter()
            .flat_map(|(piece, sep)| [piece, sep])
            .collect::<String>()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..1500)) {
        let text = String::from_utf8_lossy(&bytes);
        front_end(&text);
    }

    #[test]
    fn random_token_soups_never_panic(text in soup()) {
        front_end(&text);
    }

    #[test]
    fn the_front_end_is_deterministic(text in soup()) {
        prop_assert_eq!(front_end(&text), front_end(&text));
    }
}

/// Structured programs: well-formed shapes with random holes, so recovery paths deep inside
/// valid code are exercised too.
fn program() -> impl Strategy<Value = String> {
    let expr = prop::sample::select(
        &[
            "a + b * c",
            "(a",
            "f(x, y,)",
            "{ x = 1, 2 }",
            "if c then 1 else",
            "a < b < c",
            "v:len()",
            "[3]float { 1, 2, 3 }",
            "- - - x",
            "#arr",
            "a[",
            "x.",
            "T { a = }",
            "1 ~= 2",
            "nil",
            "\"s\"",
        ][..],
    );
    let stmt = (
        prop::sample::select(
            &[
                "let x = {}",
                "x = {}",
                "x += {}",
                "return {}",
                "if {} then end",
                "while {} do end",
                "for i = {}, 10 do end",
                "@unroll for i = 0, {} do end",
                "do f({}) end",
                "{}",
                "local y = {}",
                "else {}",
                "end",
                "function g() {} end",
            ][..],
        ),
        expr,
    )
        .prop_map(|(s, e)| s.replace("{}", e));
    prop::collection::vec(stmt, 0..12).prop_map(|stmts| {
        format!("struct S\n  a: float\nend\n@entry(fragment)\nfunction f(x: vec4) -> (c: vec4)\n{}\nend\n", stmts.join("\n"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn structured_programs_with_holes_never_panic(text in program()) {
        front_end(&text);
    }
}
