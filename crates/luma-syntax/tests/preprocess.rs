//! Preprocessor tests: include resolution (relative, `<>`, include directories in order),
//! `#pragma once` by canonical path, cycles, depth and size limits, `#line`, and diagnostics in
//! included files resolving to the right file and line, with both readers.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::sync::Arc;

use luma_base::{Diagnostic, Diagnostics, Limits};
use luma_syntax::parse;
use luma_syntax::preprocess::{
    preprocess, preprocess_shared, FileReader, FsReader, MemoryReader, PreprocessOptions,
    Preprocessed,
};

fn memory(files: &[(&str, &str)]) -> MemoryReader {
    let map: BTreeMap<String, String> = files
        .iter()
        .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
        .collect();
    MemoryReader::new(map)
}

fn run(
    reader: &dyn FileReader,
    main: &str,
    text: &str,
    dirs: &[&str],
    limits: Limits,
) -> (Preprocessed, Vec<Diagnostic>) {
    let options = PreprocessOptions {
        include_dirs: dirs.iter().map(|d| (*d).to_owned()).collect(),
        limits,
    };
    let mut diags = Diagnostics::default();
    let out = preprocess(main, text, reader, &options, &mut diags);
    (out, diags.into_vec())
}

/// `name:line:col` of a diagnostic's primary span.
fn at(p: &Preprocessed, d: &Diagnostic) -> String {
    let loc = p
        .source_map
        .locate(d.primary.span.lo)
        .expect("span resolves");
    format!("{}:{}:{}", loc.name, loc.line, loc.column)
}

fn codes_of(diags: &[Diagnostic]) -> Vec<&'static str> {
    diags.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn relative_include_resolves_against_the_including_file() {
    let reader = memory(&[
        ("shaders/common/types.luma", "struct A\n  x: float\nend\n"),
        ("shaders/common/more.luma", "const K = 1\n"),
        ("shaders/common/nested.luma", "#include \"more.luma\"\n"),
    ]);
    let main = "#include \"common/types.luma\"\n#include \"common/nested.luma\"\nconst M = 2\n";
    let (p, diags) = run(&reader, "shaders/main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("struct A"));
    assert!(p.text.contains("const K = 1"));
    assert!(p.text.contains("const M = 2"));
    assert_eq!(
        p.includes,
        [
            "shaders/common/types.luma",
            "shaders/common/nested.luma",
            "shaders/common/more.luma"
        ]
    );
    // Every byte maps back: `const M` is on line 3 of the main file.
    let m = p.text.find("const M").unwrap() as u32;
    let loc = p.source_map.locate(m).unwrap();
    assert_eq!(
        (loc.name.as_str(), loc.line, loc.column),
        ("shaders/main.luma", 3, 1)
    );
    let k = p.text.find("const K").unwrap() as u32;
    let loc = p.source_map.locate(k).unwrap();
    assert_eq!(
        (loc.name.as_str(), loc.line),
        ("shaders/common/more.luma", 1)
    );
}

#[test]
fn directive_lines_become_spaces_of_the_same_length() {
    let reader = memory(&[("a.luma", "X\n")]);
    let main = "  #include \"a.luma\" -- comment\nY\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    let first_line = p.text.lines().next().unwrap();
    assert_eq!(first_line.len(), "  #include \"a.luma\" -- comment".len());
    assert!(first_line.trim().is_empty());
    assert_eq!(*p.text, format!("{first_line}\nX\nY\n"));
}

#[test]
fn angle_includes_search_include_dirs_in_order() {
    let reader = memory(&[
        ("first/x.luma", "const FIRST = 1\n"),
        ("second/x.luma", "const SECOND = 1\n"),
        ("second/y.luma", "const Y = 1\n"),
    ]);
    let (p, diags) = run(
        &reader,
        "main.luma",
        "#include <x.luma>\n#include <y.luma>\n",
        &["first", "second"],
        Limits::default(),
    );
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("FIRST") && !p.text.contains("SECOND"));
    assert!(p.text.contains("const Y"));
    assert_eq!(p.includes, ["first/x.luma", "second/y.luma"]);

    // Reversed order picks the other file.
    let (p, _) = run(
        &reader,
        "main.luma",
        "#include <x.luma>\n",
        &["second", "first"],
        Limits::default(),
    );
    assert!(p.text.contains("SECOND"));
}

#[test]
fn quoted_includes_fall_back_to_include_dirs_but_angle_ones_skip_the_local_dir() {
    let reader = memory(&[
        ("src/local.luma", "const LOCAL = 1\n"),
        ("lib/local.luma", "const LIB = 1\n"),
        ("lib/only_lib.luma", "const ONLY = 1\n"),
    ]);
    let (p, diags) = run(
        &reader,
        "src/main.luma",
        "#include \"local.luma\"\n#include \"only_lib.luma\"\n",
        &["lib"],
        Limits::default(),
    );
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("LOCAL") && p.text.contains("ONLY") && !p.text.contains("LIB "));
    let (p, _) = run(
        &reader,
        "src/main.luma",
        "#include <local.luma>\n",
        &["lib"],
        Limits::default(),
    );
    assert!(p.text.contains("const LIB"));
}

#[test]
fn pragma_once_compares_canonical_paths() {
    let reader = memory(&[
        ("b.luma", "#pragma once\nconst B = 1\n"),
        ("a/x.luma", "-- empty\n"),
    ]);
    let main = "#include \"b.luma\"\n#include \"a/../b.luma\"\n#include \"./b.luma\"\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(p.text.matches("const B").count(), 1);
    assert_eq!(p.includes, ["b.luma"]);
}

#[test]
fn files_without_pragma_once_are_included_each_time() {
    // A file that declares nothing (here a comment) may be included again; one that declares
    // something is E0109 the second time (`tests/diagnostics/syntax/E0109_*`).
    let reader = memory(&[("b.luma", "-- declares nothing")]);
    let main = "#include \"b.luma\"\n#include \"b.luma\"\nconst C = 2\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    assert_eq!(
        p.text.matches("-- declares nothing\n").count(),
        2,
        "{:?}",
        p.text
    );
    assert_eq!(p.includes, ["b.luma"]);
    // The newline added after the unterminated last line keeps `const C` on its own line.
    let mut parse_diags = Diagnostics::default();
    let module = parse(&p.text, &Limits::default(), &mut parse_diags);
    assert!(parse_diags.as_slice().is_empty());
    assert_eq!(module.items.len(), 1);
}

#[test]
fn a_declaring_file_included_twice_is_one_error() {
    let reader = memory(&[("b.luma", "const B = 1\n")]);
    let main = "#include \"b.luma\"\n#include \"b.luma\"\n#include \"b.luma\"\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert_eq!(codes_of(&diags), ["E0109"]);
    assert_eq!(at(&p, &diags[0]), "main.luma:2:10");
    assert_eq!(p.text.matches("const B = 1").count(), 1, "{:?}", p.text);
}

#[test]
fn include_cycles_show_the_whole_chain() {
    let reader = memory(&[
        ("a.luma", "#include \"b.luma\"\n"),
        ("b.luma", "const B = 1\n#include \"a.luma\"\n"),
    ]);
    let (p, diags) = run(
        &reader,
        "a.luma",
        "#include \"b.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0102"]);
    let d = &diags[0];
    assert_eq!(d.notes, ["the cycle is a.luma -> b.luma -> a.luma"]);
    assert_eq!(at(&p, d), "b.luma:2:10");
    assert_eq!(d.secondary.len(), 1);
    let loc = p.source_map.locate(d.secondary[0].span.lo).unwrap();
    assert_eq!((loc.name.as_str(), loc.line), ("a.luma", 1));
    assert_eq!(d.secondary[0].message, "`a.luma` includes `b.luma` here");
}

#[test]
fn self_include_is_a_cycle_but_not_with_pragma_once() {
    let reader = memory(&[("s.luma", "#include \"s.luma\"\n")]);
    let (_, diags) = run(
        &reader,
        "main.luma",
        "#include \"s.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0102"]);
    assert_eq!(diags[0].notes, ["the cycle is s.luma -> s.luma"]);
    let reader = memory(&[("s.luma", "#pragma once\n#include \"s.luma\"\n")]);
    let (_, diags) = run(
        &reader,
        "main.luma",
        "#include \"s.luma\"\n",
        &[],
        Limits::default(),
    );
    assert!(diags.is_empty());
}

fn chain(n: usize) -> MemoryReader {
    let mut files = BTreeMap::new();
    for i in 1..=n {
        let text = if i < n {
            format!("#include \"f{}.luma\"\n", i + 1)
        } else {
            "const DEEPEST = 1\n".to_owned()
        };
        files.insert(format!("f{i}.luma"), text);
    }
    MemoryReader::new(files)
}

#[test]
fn include_depth_32_works_and_33_is_an_error() {
    let (p, diags) = run(
        &chain(32),
        "main.luma",
        "#include \"f1.luma\"\n",
        &[],
        Limits::default(),
    );
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("DEEPEST"));
    assert_eq!(p.includes.len(), 32);

    let (p, diags) = run(
        &chain(33),
        "main.luma",
        "#include \"f1.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0103"]);
    assert!(!p.text.contains("DEEPEST"));
    assert_eq!(at(&p, &diags[0]), "f32.luma:1:10");
    assert!(diags[0].notes[0].starts_with("the include chain is main.luma -> f1.luma -> "));
    assert!(diags[0].notes[0].ends_with("f32.luma -> f33.luma"));

    // The limit is configurable.
    let limits = Limits {
        include_depth: 2,
        ..Limits::default()
    };
    let (_, diags) = run(
        &chain(3),
        "main.luma",
        "#include \"f1.luma\"\n",
        &[],
        limits,
    );
    assert_eq!(codes_of(&diags), ["E0103"]);
    let (_, diags) = run(
        &chain(2),
        "main.luma",
        "#include \"f1.luma\"\n",
        &[],
        limits,
    );
    assert!(diags.is_empty());
}

#[test]
fn size_limit_counts_the_expanded_text() {
    let big = "-- 0123456789\n".repeat(10); // 140 bytes
    let reader = memory(&[("big.luma", big.as_str())]);
    let main = "#include \"big.luma\"\n#include \"big.luma\"\n";
    let limits = Limits {
        max_source_bytes: 250,
        ..Limits::default()
    };
    let (p, diags) = run(&reader, "main.luma", main, &[], limits);
    assert_eq!(codes_of(&diags), ["E0104"]);
    assert_eq!(&*p.text, "", "a cut text would only give cascading errors");
    assert_eq!(at(&p, &diags[0]), "main.luma:2:1");

    // Exactly at the limit is fine; each `#include` counts 64 bytes besides its text.
    let text = main.len() + 2 * big.len();
    let exact = text + 2 * 64;
    let limits = Limits {
        max_source_bytes: exact,
        ..Limits::default()
    };
    let (p, diags) = run(&reader, "main.luma", main, &[], limits);
    assert!(diags.is_empty());
    assert_eq!(p.text.len(), text);
    let limits = Limits {
        max_source_bytes: exact - 1,
        ..Limits::default()
    };
    let (_, diags) = run(&reader, "main.luma", main, &[], limits);
    assert_eq!(codes_of(&diags), ["E0104"]);

    // Includes of empty files add no text but still count: a diamond of them ends.
    let mut files: Vec<(String, String)> = (0..30)
        .map(|d| {
            (
                format!("d{d}.luma"),
                format!(
                    "#include \"d{n}.luma\"\n#include \"d{n}.luma\"\n",
                    n = d + 1
                ),
            )
        })
        .collect();
    files.push(("d30.luma".into(), String::new()));
    let named: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let reader = memory(&named);
    let limits = Limits {
        max_source_bytes: 64 * 1024,
        ..Limits::default()
    };
    let (_, diags) = run(&reader, "main.luma", "#include \"d0.luma\"\n", &[], limits);
    assert_eq!(codes_of(&diags), ["E0104"]);

    // A main text over the limit by itself.
    let limits = Limits {
        max_source_bytes: 4,
        ..Limits::default()
    };
    let (p, diags) = run(&reader, "main.luma", "const X = 1\n", &[], limits);
    assert_eq!(codes_of(&diags), ["E0104"]);
    assert_eq!(at(&p, &diags[0]), "main.luma:1:1");
}

#[test]
fn line_directives_rename_and_renumber() {
    let reader = memory(&[]);
    let main = "a\n#line 100 \"gen.luma\"\nb\nc\n#line 7\nd\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    let locate = |needle: &str| {
        let loc = p
            .source_map
            .locate(p.text.find(needle).unwrap() as u32)
            .unwrap();
        format!("{}:{}", loc.name, loc.line)
    };
    assert_eq!(locate("a"), "main.luma:1");
    assert_eq!(locate("b"), "gen.luma:100");
    assert_eq!(locate("c"), "gen.luma:101");
    // `#line N` without a name keeps the current name.
    assert_eq!(locate("d"), "gen.luma:7");
}

#[test]
fn line_directive_applies_to_its_own_file_only() {
    let reader = memory(&[("inc.luma", "#line 50 \"x.luma\"\nq\n")]);
    let main = "#include \"inc.luma\"\nr\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    let q = p
        .source_map
        .locate(p.text.find('q').unwrap() as u32)
        .unwrap();
    assert_eq!((q.name.as_str(), q.line), ("x.luma", 50));
    let r = p
        .source_map
        .locate(p.text.find('r').unwrap() as u32)
        .unwrap();
    assert_eq!((r.name.as_str(), r.line), ("main.luma", 2));
}

#[test]
fn parse_errors_in_included_files_name_that_file_and_line() {
    let reader = memory(&[
        ("lib/a.luma", "const A = 1\n\nconst B = 2 +\n"),
        ("lib/b.luma", "struct S\n  x: float\nend\n"),
    ]);
    let main =
        "#include \"lib/b.luma\"\n#include \"lib/a.luma\"\nfunction f()\n  let x = a ~= b\nend\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    let mut diags = Diagnostics::default();
    parse(&p.text, &Limits::default(), &mut diags);
    diags.sort_by_position();
    let found: Vec<String> = diags
        .as_slice()
        .iter()
        .map(|d| format!("{} {}", d.code, at(&p, d)))
        .collect();
    // `const B = 2 +` runs into the next line's `function`: reported at the end of line 3.
    assert_eq!(found, ["E0301 lib/a.luma:3:14", "E0204 main.luma:4:13"]);
}

#[test]
fn directive_diagnostics_point_into_the_directive_line() {
    let reader = memory(&[("ok.luma", "\n")]);
    let main = "\
#include nothing
#include \"unterminated
#include \"\"
#include \"ok.luma\" extra
#include <missing.luma>
#include \"missing.luma\"
#pragma optimize
#pragma once please
#pragma
#line ten
#line 0
#line 5 \"open
#line 5 \"name\" extra
#line
";
    let (p, diags) = run(&reader, "main.luma", main, &["inc"], Limits::default());
    let found: Vec<String> = diags
        .iter()
        .map(|d| format!("{} {} {}", d.code, at(&p, d), d.message))
        .collect();
    assert_eq!(
        found,
        [
            "E0105 main.luma:1:10 expected `\"file\"` or `<file>` after `#include`",
            "E0105 main.luma:2:10 unterminated `#include` path",
            "E0105 main.luma:3:10 empty `#include` path",
            "E0105 main.luma:4:20 unexpected text after the `#include` path",
            "E0101 main.luma:5:10 cannot find included file <missing.luma>",
            "E0101 main.luma:6:10 cannot find included file \"missing.luma\"",
            "W0101 main.luma:7:9 unknown pragma `optimize` is ignored",
            "W0102 main.luma:8:14 text after `#pragma once` is ignored",
            "W0101 main.luma:9:1 `#pragma` without a name is ignored",
            "E0106 main.luma:10:7 expected a line number after `#line`",
            "E0106 main.luma:11:7 line number out of range (1 to 2147483647)",
            "E0106 main.luma:12:9 unterminated file name in `#line`",
            "E0106 main.luma:13:16 unexpected text in `#line`",
            "E0106 main.luma:14:1 expected a line number after `#line`",
        ]
    );
    assert_eq!(diags[4].notes, ["searched `inc/missing.luma`"]);
    assert_eq!(
        diags[5].notes,
        ["searched `missing.luma`, `inc/missing.luma`"]
    );
    // Nothing of the directives reaches the parser.
    let mut parse_diags = Diagnostics::default();
    parse(&p.text, &Limits::default(), &mut parse_diags);
    assert!(parse_diags.as_slice().is_empty());
}

#[test]
fn hash_that_is_not_a_directive_is_the_length_operator() {
    let reader = memory(&[]);
    let main = "function f(arr: [4]int) -> int\n    return\n#arr\nend\n#included_not\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    assert!(p.text.contains("#arr"));
    assert!(p.text.contains("#included_not"));
}

#[test]
fn directives_inside_long_comments_are_ignored() {
    let reader = memory(&[]);
    let main = "--[[\n#include \"nope.luma\"\n]]\n--[==[ x\n#include \"nope.luma\" ]] \n]==]\n#pragma once\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("#include \"nope.luma\""));
    assert!(!p.text.contains("#pragma"));
}

#[test]
fn memory_reader_never_touches_the_file_system() {
    // Cargo.toml exists on disk next to the test's working directory, but not in the reader.
    let reader = memory(&[]);
    let (_, diags) = run(
        &reader,
        "main.luma",
        "#include \"Cargo.toml\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0101"]);
    assert_eq!(reader.canonicalize("Cargo.toml"), None);
}

/// Expands `main` (including `a.luma` with text `included`) and parses it, both without a
/// diagnostic; returns how many items the module has and the line and column of `needle`.
fn items_and_position(included: &str, main: &str, needle: &str) -> (usize, (u32, u32)) {
    let reader = memory(&[("a.luma", included)]);
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    let mut parse_diags = Diagnostics::default();
    let module = parse(&p.text, &Limits::default(), &mut parse_diags);
    assert!(
        parse_diags.as_slice().is_empty(),
        "{:#?}",
        parse_diags.as_slice()
    );
    let at = p
        .source_map
        .locate(p.text.find(needle).unwrap() as u32)
        .unwrap();
    (module.items.len(), (at.line, at.column))
}

#[test]
fn crlf_line_endings_and_byte_order_marks() {
    let main = "\u{feff}#include \"a.luma\"\r\nconst B = 2\r\n";
    assert_eq!(
        items_and_position("\u{feff}const A = 1\r\n", main, "const B"),
        (2, (2, 1))
    );
}

#[test]
fn lone_carriage_returns_end_lines() {
    // Classic Mac line endings, in an included file and in the main one (with a CRLF line
    // too): a comment ends at the CR, and lines are counted as the editor shows them.
    let main = "#include \"a.luma\"\r-- main\rconst B = 2\r\nconst C = 3\r";
    assert_eq!(
        items_and_position("-- shared\rconst A = 1\r", main, "const C"),
        (3, (4, 1))
    );
}

struct Unreadable;

impl FileReader for Unreadable {
    fn canonicalize(&self, path: &str) -> Option<String> {
        Some(path.to_owned())
    }
    fn read(&self, _: &str) -> Result<String, String> {
        Err("permission denied".to_owned())
    }
}

#[test]
fn unreadable_files_are_reported() {
    let (p, diags) = run(
        &Unreadable,
        "main.luma",
        "\n#include \"x.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0107"]);
    assert_eq!(diags[0].message, "cannot read `x.luma`: permission denied");
    assert_eq!(at(&p, &diags[0]), "main.luma:2:10");
}

#[test]
fn readers_are_object_safe_and_thread_safe() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<FsReader>();
    assert_send_sync::<MemoryReader>();
    let readers: Vec<Box<dyn FileReader + Send + Sync>> =
        vec![Box::new(FsReader), Box::new(memory(&[]))];
    assert_eq!(readers.len(), 2);
}

#[test]
fn file_system_reader_with_temp_dirs() {
    let root = luma_testutil::scratch_dir("preprocess-fs");
    let write = |rel: &str, text: &str| {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("src/main.luma", "");
    write("src/util/math.luma", "#pragma once\nconst TAU = 6.28\n");
    write("src/util/both.luma", "#include \"math.luma\"\n");
    write("inc1/shared.luma", "const ONE = 1\n");
    write("inc2/shared.luma", "const TWO = 2\n");
    write("inc2/only2.luma", "const ONLY2 = 2\n");
    write("bad.luma", "");
    std::fs::write(root.join("bad.luma"), [0xff, 0xfe, 0x00]).unwrap();
    let s = |p: std::path::PathBuf| p.to_str().unwrap().to_owned();
    let main_name = s(root.join("src/main.luma"));
    let inc1 = s(root.join("inc1"));
    let inc2 = s(root.join("inc2"));
    let main = "\
#include \"util/math.luma\"
#include \"util/../util/both.luma\"
#include <shared.luma>
#include <only2.luma>
#include \"../bad.luma\"
#include \"nowhere.luma\"
";
    let (p, diags) = run(
        &FsReader,
        &main_name,
        main,
        &[&inc1, &inc2],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0107", "E0101"], "{diags:#?}");
    assert!(
        diags[0]
            .message
            .ends_with("the file is not valid UTF-8 (line 1, column 1: byte 0xff)"),
        "{}",
        diags[0].message
    );
    assert_eq!(p.text.matches("const TAU").count(), 1);
    assert!(p.text.contains("ONE") && !p.text.contains("TWO =") && p.text.contains("ONLY2"));
    // By the paths they were opened with (`..` kept: a link before it would change the file).
    let opened = |rel: &str| s(root.join(rel));
    assert_eq!(
        p.includes,
        [
            opened("src/util/math.luma"),
            opened("src/util/../util/both.luma"),
            opened("inc1/shared.luma"),
            opened("inc2/only2.luma"),
        ]
    );
    // A directory is not a file to include, and the error says what it found instead.
    assert_eq!(FsReader.canonicalize(&inc1), None);
    let (_, diags) = run(
        &FsReader,
        &main_name,
        "#include \"util\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0101"], "{diags:#?}");
    let util = luma_syntax::preprocess::normalize_path(&s(root.join("src/util")));
    assert_eq!(
        diags[0].notes.last().map(String::as_str),
        Some(format!("`{util}` is a directory; `#include` names a file").as_str())
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_design_include_example_expands_and_parses() {
    let reader = memory(&[
        (
            "common/types.luma",
            "#pragma once\nstruct FragmentInput\n\tuv: vec2\nend\nstruct FragmentOutput\n\tcolor: vec4\nend\n",
        ),
        (
            "common/lighting.luma",
            "#pragma once\n#include \"types.luma\"\nfunction compute_pbr_lighting(input: FragmentInput) -> vec4\n\treturn vec4(input.uv, 0.0, 1.0)\nend\n",
        ),
    ]);
    let main = "\
#include \"common/types.luma\"
#include \"common/lighting.luma\"

@entry(fragment)
function shade(input: FragmentInput) -> FragmentOutput
	let result = compute_pbr_lighting(input)
	return FragmentOutput { color = result }
end
";
    let (p, diags) = run(&reader, "shader.luma", main, &[], Limits::default());
    assert!(diags.is_empty());
    let mut parse_diags = Diagnostics::default();
    let module = parse(&p.text, &Limits::default(), &mut parse_diags);
    assert!(parse_diags.as_slice().is_empty());
    assert_eq!(module.items.len(), 4);
    assert_eq!(p.includes, ["common/types.luma", "common/lighting.luma"]);
}

#[test]
fn text_without_directives_is_shared_not_copied() {
    let options = PreprocessOptions {
        include_dirs: Vec::new(),
        limits: Limits::default(),
    };
    let reader = memory(&[("inc.luma", "const K = 1\n")]);
    let mut diags = Diagnostics::default();

    let plain: Arc<str> = Arc::from("const A = 1\nconst B = A\n");
    let p = preprocess_shared(
        "main.luma",
        Arc::clone(&plain),
        &reader,
        &options,
        &mut diags,
    );
    assert!(
        Arc::ptr_eq(&p.text, &plain),
        "the lexer reads the caller's text"
    );
    let (_, file) = p.source_map.files().next().unwrap();
    assert!(
        Arc::ptr_eq(&file.text, &plain),
        "the source map keeps it too"
    );

    let with_include: Arc<str> = Arc::from("#include \"inc.luma\"\nconst A = K\n");
    let p = preprocess_shared(
        "main.luma",
        Arc::clone(&with_include),
        &reader,
        &options,
        &mut diags,
    );
    assert!(!Arc::ptr_eq(&p.text, &with_include));
    assert!(p.text.contains("const K = 1") && p.text.contains("const A = K"));
    let (_, file) = p.source_map.files().next().unwrap();
    assert!(
        Arc::ptr_eq(&file.text, &with_include),
        "the main file is still not copied"
    );
    assert!(diags.as_slice().is_empty());
}

#[test]
fn a_long_comment_opened_on_a_directive_line_runs_to_its_close() {
    // The lines inside it are not code, whatever the directive (the lexer never sees a
    // directive line, so the preprocessor blanks them); offsets stay where they were.
    let main = "const A = 1\n#line 3 --[[ disabled:\nconst B = 2\n--]] const C = 3\n";
    let (p, diags) = run(&memory(&[]), "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(p.text.len(), main.len());
    assert!(!p.text.contains("const B"), "{}", p.text);
    assert!(p.text.contains("const C = 3"), "{}", p.text);

    // After `#pragma once` in an included file, and after the `#include` itself: the included
    // text is spliced in, and the including file's commented lines are not.
    let reader = memory(&[(
        "lib.luma",
        "#pragma once --[[ old:\nuniform legacy: vec4\n]]\nuniform tint: vec4\n",
    )]);
    let main = "#include \"lib.luma\" --[==[ also:\nconst D = 4\n]==]\nconst E = 5\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(
        !p.text.contains("legacy") && !p.text.contains("const D"),
        "{}",
        p.text
    );
    assert!(
        p.text.contains("uniform tint") && p.text.contains("const E = 5"),
        "{}",
        p.text
    );
    // The `--` of a quoted path is part of the path.
    let reader = memory(&[("a--[[b.luma", "const F = 6\n")]);
    let main = "#include \"a--[[b.luma\"\nconst G = 7\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("const F = 6") && p.text.contains("const G = 7"));

    // Never closed: the lexer cannot see it, so the preprocessor reports it at its opener.
    let main = "const A = 1\n#pragma once --[=[ open\nconst B = 2\n";
    let (p, diags) = run(&memory(&[]), "main.luma", main, &[], Limits::default());
    assert_eq!(codes_of(&diags), ["E0202"], "{diags:#?}");
    assert_eq!(at(&p, &diags[0]), "main.luma:2:14");
    assert!(!p.text.contains("const B"));
}

#[test]
fn a_long_comment_ends_with_the_included_file_that_opens_it() {
    let reader = memory(&[("part.luma", "const A = 1\n--[[ TODO: document\nmore\n")]);
    let main = "#include \"part.luma\"\n]]\nconst B = 2\n";
    let (p, diags) = run(&reader, "main.luma", main, &[], Limits::default());
    assert_eq!(codes_of(&diags), ["E0202"], "{diags:#?}");
    assert_eq!(at(&p, &diags[0]), "part.luma:2:1");
    // The comment is blanked, so the including file's text is read as code again (its `]]`
    // is then a syntax error of its own).
    assert!(
        !p.text.contains("TODO") && !p.text.contains("more"),
        "{}",
        p.text
    );
    assert!(p.text.contains("]]\nconst B = 2"), "{}", p.text);
}

#[test]
fn include_path_may_follow_the_directive_without_a_blank() {
    let reader = memory(&[("a.luma", "const A = 1\n"), ("inc/b.luma", "const B = 2\n")]);
    let main = "#include\"a.luma\"\n#include<b.luma>\n";
    let (p, diags) = run(&reader, "main.luma", main, &["inc"], Limits::default());
    assert!(diags.is_empty(), "{diags:#?}");
    assert!(p.text.contains("const A = 1") && p.text.contains("const B = 2"));
}

/// A reader that knows sizes and counts what it is asked, to check that the preprocessor asks
/// each path once and never reads a file past the size limit.
struct CountingReader {
    inner: MemoryReader,
    canonicalized: std::sync::Mutex<Vec<String>>,
    huge: &'static str,
}

impl FileReader for CountingReader {
    fn canonicalize(&self, path: &str) -> Option<String> {
        self.canonicalized.lock().unwrap().push(path.to_owned());
        if path == self.huge {
            return Some(path.to_owned());
        }
        self.inner.canonicalize(path)
    }
    fn read(&self, canonical: &str) -> Result<String, String> {
        assert_ne!(canonical, self.huge, "a file past the size limit was read");
        self.inner.read(canonical)
    }
    fn size(&self, canonical: &str) -> Option<u64> {
        (canonical == self.huge).then_some(u64::MAX)
    }
}

#[test]
fn paths_are_resolved_once_and_huge_files_are_not_read() {
    // A diamond: every level includes the next twice (E0109 stops the second include of a
    // file that declares something; these declare nothing, so both are expanded).
    let mut files = vec![("d20.luma".to_owned(), "-- leaf\n".to_owned())];
    for level in 0..20 {
        let next = format!("d{}.luma", level + 1);
        files.push((
            format!("d{level}.luma"),
            format!("#include \"{next}\"\n#include \"{next}\"\n"),
        ));
    }
    let reader = CountingReader {
        inner: MemoryReader::new(files.into_iter().collect()),
        canonicalized: std::sync::Mutex::new(Vec::new()),
        huge: "huge.luma",
    };
    let limits = Limits {
        max_source_bytes: 1 << 16,
        ..Limits::default()
    };
    let (_, diags) = run(&reader, "main.luma", "#include \"d0.luma\"\n", &[], limits);
    assert_eq!(codes_of(&diags), ["E0104"], "{diags:#?}");
    let asked = reader.canonicalized.lock().unwrap().clone();
    let mut distinct = asked.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(asked.len(), distinct.len(), "{asked:?}");

    let (p, diags) = run(
        &reader,
        "main.luma",
        "const A = 1\n#include \"huge.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0104"], "{diags:#?}");
    assert_eq!(at(&p, &diags[0]), "main.luma:2:1");
}

#[test]
fn directive_diagnostics_start_at_the_hash_and_defines_count_as_declarations() {
    let (p, diags) = run(
        &memory(&[]),
        "main.luma",
        "\t  #undef X\n  #endif\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0108", "E0108"], "{diags:#?}");
    assert_eq!(at(&p, &diags[0]), "main.luma:1:4");
    assert_eq!(at(&p, &diags[1]), "main.luma:2:3");
    // A header of `#define`s (read as `const`s) included twice is one E0109, not one "declared
    // twice" per name.
    let reader = memory(&[("defs.luma", "#define A 1\n#define B 2\n")]);
    let (_, diags) = run(
        &reader,
        "main.luma",
        "#include \"defs.luma\"\n#include \"defs.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0108", "E0108", "E0109"], "{diags:#?}");
}

/// Through a symbolic link, `lib/../helper.luma` is not `helper.luma`: diagnostics name the
/// file that was read.
#[cfg(unix)]
#[test]
fn names_through_a_symbolic_link_keep_their_parent_steps() {
    let root = luma_testutil::scratch_dir("preprocess-links");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("project/shaders")).unwrap();
    std::fs::create_dir_all(root.join("thirdparty/lib")).unwrap();
    std::fs::write(
        root.join("thirdparty/helper.luma"),
        "const H = 1\nconst H = 2\n",
    )
    .unwrap();
    std::fs::write(
        root.join("project/shaders/helper.luma"),
        "-- another file\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(
        root.join("thirdparty/lib"),
        root.join("project/shaders/lib"),
    )
    .unwrap();
    let main = root.join("project/shaders/main.luma");
    let main = main.to_str().unwrap();
    let (p, diags) = run(
        &FsReader,
        main,
        "#include \"lib/../helper.luma\"\n#include \"lib/../nowhere.luma\"\n",
        &[],
        Limits::default(),
    );
    assert_eq!(codes_of(&diags), ["E0101"], "{diags:#?}");
    assert!(
        diags[0]
            .notes
            .iter()
            .any(|n| n.contains("shaders/lib/../nowhere.luma`")),
        "{diags:#?}"
    );
    let names: Vec<String> = p.source_map.files().map(|(_, f)| f.name.clone()).collect();
    assert!(
        names
            .iter()
            .any(|n| n.ends_with("shaders/lib/../helper.luma")),
        "{names:?}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
