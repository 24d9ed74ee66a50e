//! Pass tests as data: every `tests/ir/<pass>/<name>.ir` (where `<pass>` names a pass, or is
//! `pipeline`) is parsed and verified, optimised, verified again, and printed; the text must
//! equal `<name>.out.ir` (bless with `LUMA_BLESS=1`). A first-line `// run: p1 p2 ...` comment
//! runs that sequence of passes instead of the folder's pass; in `pipeline/`, a
//! `// level: none|basic|aggressive` comment picks the opt level. Optimising the same input
//! twice must give identical bytes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use luma_ir::parse::parse_module;
use luma_ir::print::print_module;
use luma_ir::verify::verify;
use luma_opt::{optimize_with, run_pass, OptLevel, Options, Pass};
use luma_testutil::{assert_snapshot, files_with_extension, tests_dir};

fn directive<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| {
            l.strip_prefix("//")?
                .trim()
                .strip_prefix(key)?
                .strip_prefix(':')
        })
        .map(str::trim)
}

fn optimise(path: &Path, folder: &str, text: &str) -> String {
    let mut module = parse_module(text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
    if let Err(e) = verify(&module) {
        panic!("{}: the input is not valid IR: {e}", path.display());
    }
    if folder == "pipeline" {
        let level = directive(text, "level")
            .and_then(OptLevel::from_name)
            .unwrap_or_else(|| panic!("{}: needs `// level: ...`", path.display()));
        let options = Options {
            level,
            verify_each_pass: true,
        };
        if let Err(e) = optimize_with(&mut module, options) {
            panic!("{}: {e}", path.display());
        }
    } else {
        let passes: Vec<Pass> = match directive(text, "run") {
            Some(list) => list
                .split_whitespace()
                .map(|n| Pass::from_name(n).unwrap_or_else(|| panic!("unknown pass {n}")))
                .collect(),
            None => vec![Pass::from_name(folder).unwrap()],
        };
        for pass in passes {
            if let Err(e) = run_pass(&mut module, pass) {
                panic!("{}: {e}", path.display());
            }
        }
    }
    print_module(&module)
}

#[test]
fn pass_snapshots() {
    let root = tests_dir().join("ir");
    let mut count = 0;
    let mut folders: Vec<&str> = Pass::ALL.iter().map(|p| p.name()).collect();
    folders.push("pipeline");
    for folder in folders {
        let dir = root.join(folder);
        for path in files_with_extension(&dir, "ir") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".out.ir") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let first = optimise(&path, folder, &text);
            let second = optimise(&path, folder, &text);
            assert_eq!(
                first,
                second,
                "{}: output is not deterministic",
                path.display()
            );
            let stem = name.trim_end_matches(".ir");
            assert_snapshot(&dir.join(format!("{stem}.out.ir")), &first);
            count += 1;
        }
    }
    assert!(count > 0);
}

#[test]
fn every_pass_has_tests() {
    for pass in Pass::ALL {
        let dir = tests_dir().join("ir").join(pass.name());
        let inputs = files_with_extension(&dir, "ir")
            .into_iter()
            .filter(|p| !p.to_string_lossy().ends_with(".out.ir"))
            .count();
        assert!(inputs >= 2, "tests/ir/{} has {inputs} inputs", pass.name());
    }
}

/// Damaged test inputs that still parse and verify are unusual but valid IR: every level must
/// optimise them into valid IR without panicking.
#[test]
fn damaged_but_valid_modules_optimise() {
    let files = files_with_extension(&tests_dir().join("ir"), "ir");
    let replacements = ['0', '1', '2', '3', '5', '7', '9'];
    let mut optimised = 0usize;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for (k, at) in (0..chars.len()).enumerate() {
            // Digits are handles, indices and literals: changing one keeps the syntax.
            if !chars[at].is_ascii_digit() || !k.is_multiple_of(2) {
                continue;
            }
            let mut damaged = chars.clone();
            damaged[at] = replacements[(k / 2) % replacements.len()];
            let variant: String = damaged.into_iter().collect();
            let Ok(module) = parse_module(&variant) else {
                continue;
            };
            if verify(&module).is_err() {
                continue;
            }
            for level in [OptLevel::Basic, OptLevel::Aggressive] {
                let mut m = module.clone();
                let options = Options {
                    level,
                    verify_each_pass: true,
                };
                if let Err(e) = optimize_with(&mut m, options) {
                    panic!("{} with {at} changed: {e}\n{variant}", path.display());
                }
            }
            optimised += 1;
        }
    }
    assert!(optimised > 200, "only {optimised} variants were valid");
}

/// The basic pipeline leaves orphan values between its passes and compacts once; its result
/// must be exactly that of its passes run one by one (each compacting). Checked on every valid
/// test input and on the damaged variants of each (which reach odd corners: dead constants
/// before live duplicates, unused locals, constant branches).
#[test]
fn basic_pipeline_equals_its_passes_one_by_one() {
    let files = files_with_extension(&tests_dir().join("ir"), "ir");
    let replacements = ['0', '1', '2', '3', '5', '7', '9'];
    let mut compared = 0usize;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let chars: Vec<char> = text.chars().collect();
        let variants = std::iter::once(text.clone()).chain(
            (0..chars.len())
                .filter(|&at| chars[at].is_ascii_digit() && at % 3 == 0)
                .map(|at| {
                    let mut damaged = chars.clone();
                    damaged[at] = replacements[at % replacements.len()];
                    damaged.into_iter().collect::<String>()
                }),
        );
        for variant in variants {
            let Ok(module) = parse_module(&variant) else {
                continue;
            };
            if verify(&module).is_err() {
                continue;
            }
            let mut pipeline = module.clone();
            let options = Options {
                level: OptLevel::Basic,
                verify_each_pass: true,
            };
            if let Err(e) = optimize_with(&mut pipeline, options) {
                panic!("{}: {e}\n{variant}", path.display());
            }
            let mut one_by_one = module;
            for pass in [Pass::Fold, Pass::CopyProp, Pass::Dce] {
                run_pass(&mut one_by_one, pass).unwrap();
            }
            assert_eq!(
                format!("{pipeline:?}"),
                format!("{one_by_one:?}"),
                "{}: the basic pipeline differs from its passes\n{variant}",
                path.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 200, "only {compared} modules were compared");
}
