//! The IR text form: every IR file of the test suite round-trips (parse, print, parse, print
//! gives the same text), printed outputs (`*.out.ir`) are already canonical, and the printer's
//! output for `tests/ir/print/*.ir` is snapshotted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_ir::parse::parse_module;
use luma_ir::print::print_module;
use luma_testutil::{assert_snapshot, files_with_extension, tests_dir};

#[test]
fn every_ir_file_round_trips() {
    let files = files_with_extension(&tests_dir().join("ir"), "ir");
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        let printed = print_module(&module);
        let reparsed = parse_module(&printed)
            .unwrap_or_else(|e| panic!("{} (printed):{e}\n{printed}", path.display()));
        let reprinted = print_module(&reparsed);
        assert_eq!(printed, reprinted, "{} does not round-trip", path.display());
        if path.to_string_lossy().ends_with(".out.ir") {
            assert_eq!(text, printed, "{} is not in printed form", path.display());
        }
    }
}

#[test]
fn printer_snapshots() {
    let dir = tests_dir().join("ir").join("print");
    for path in files_with_extension(&dir, "ir") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".ir") else {
            continue;
        };
        if stem.ends_with(".out") {
            continue;
        }
        let module = parse_module(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_snapshot(&dir.join(format!("{stem}.out.ir")), &print_module(&module));
    }
}

#[test]
fn printer_inputs_verify() {
    let dir = tests_dir().join("ir").join("print");
    for path in files_with_extension(&dir, "ir") {
        let module = parse_module(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if let Err(e) = luma_ir::verify::verify(&module) {
            panic!("{}: {e}", path.display());
        }
    }
}

/// Damaged text (truncated anywhere, or with a character replaced) never makes the parser,
/// printer or verifier panic: they return errors.
#[test]
fn damaged_text_never_panics() {
    let files = files_with_extension(&tests_dir().join("ir"), "ir");
    let replacements = [
        '%', '{', '}', '(', ')', '"', '9', '-', ':', ',', '\n', 'x', '[', '<',
    ];
    let mut parsed = 0usize;
    for path in files.iter().step_by(3) {
        let text = std::fs::read_to_string(path).unwrap();
        let chars: Vec<char> = text.chars().collect();
        let mut variants: Vec<String> = Vec::new();
        for cut in (0..chars.len()).step_by(7) {
            variants.push(chars[..cut].iter().collect());
        }
        for (k, at) in (0..chars.len()).step_by(5).enumerate() {
            let mut damaged = chars.clone();
            damaged[at] = replacements[k % replacements.len()];
            variants.push(damaged.into_iter().collect());
        }
        for variant in variants {
            if let Ok(module) = parse_module(&variant) {
                parsed += 1;
                let _ = print_module(&module);
                let _ = luma_ir::verify::verify(&module);
                let _ = luma_ir::hash::canonical_hash(&module);
            }
        }
    }
    assert!(parsed > 100, "only {parsed} damaged variants parsed");
}

#[test]
fn a_struct_named_like_a_type_keyword_prints_and_reads_back() {
    // `texture_` starts the image type keywords: every `texture_params_N` label was refused,
    // and printing (behind `--hash`, manifests and `dump-ir`) never ended.
    let text = "struct s \"texture_params\" {\n  scale: f32,\n}\n\nglobal g0 \"params\": s in uniform @group(0) @binding(0)\n";
    let module = luma_ir::parse::parse_module(text).unwrap();
    let printed = luma_ir::print::print_module(&module);
    assert!(
        printed.contains("struct s_texture_params_1 \"texture_params\" {"),
        "{printed}"
    );
    assert_eq!(luma_ir::parse::parse_module(&printed).unwrap(), module);
}
