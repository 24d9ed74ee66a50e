//! Every corpus shader lowers, verifies, optimises at every level with the verifier run after
//! every pass, and dumps; optimising and dumping twice gives identical bytes, and the canonical
//! hash ignores debug locations.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_ir::hash::canonical_hash;
use luma_ir::print::print_module;
use luma_ir::verify::verify;
use luma_opt::{optimize_with, OptLevel, Options};
use luma_testutil::shader_corpus;

fn lowered(path: &std::path::Path) -> luma_ir::Module {
    lumac::frontend_ir(path, lumac::OptLevel::None)
        .unwrap_or_else(|e| panic!("{} does not compile:\n{e}", path.display()))
}

#[test]
fn corpus_optimises_at_every_level() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty());
    let mut failures = Vec::new();
    for path in &corpus {
        let module = lowered(path);
        if let Err(e) = verify(&module) {
            failures.push(format!("{}: lowered IR is invalid: {e}", path.display()));
            continue;
        }
        for level in [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive] {
            let options = Options {
                level,
                verify_each_pass: true,
            };
            let mut a = module.clone();
            if let Err(e) = optimize_with(&mut a, options) {
                failures.push(format!("{} at {}: {e}", path.display(), level.as_str()));
                continue;
            }
            let mut b = module.clone();
            optimize_with(&mut b, options).unwrap();
            let (ta, tb) = (print_module(&a), print_module(&b));
            if ta != tb {
                failures.push(format!(
                    "{} at {}: optimising twice gives different IR",
                    path.display(),
                    level.as_str()
                ));
            }
            if canonical_hash(&a) != canonical_hash(&b) {
                failures.push(format!("{}: hashes differ", path.display()));
            }
            let reparsed = luma_ir::parse::parse_module(&ta)
                .map(|m| print_module(&m))
                .unwrap_or_else(|e| format!("parse error {e}"));
            if reparsed != ta {
                failures.push(format!(
                    "{} at {}: the dump does not round-trip",
                    path.display(),
                    level.as_str()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What `lumac` compiles, each function optimised as soon as it is lowered
/// (`luma_opt::FunctionOptimizer`), emits what optimising the module lowered whole emits, for
/// every target at every level. (The IR itself may number the constants the passes make
/// differently: they are interned as the functions come.)
#[test]
fn corpus_optimised_function_by_function_emits_what_the_module_optimised_whole_emits() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty());
    let emit_all = |module: &luma_ir::Module| -> Vec<Result<Vec<lumac::Output>, String>> {
        lumac::Target::ALL
            .iter()
            .map(|&target| {
                lumac::emit(module, target, &lumac::Options::default()).map_err(|e| e.to_string())
            })
            .collect()
    };
    let failures: Vec<String> = luma_testutil::map_in_parallel(&corpus, |path| {
        let module = lowered(path);
        let mut failures = Vec::new();
        for level in [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive] {
            let mut whole = module.clone();
            optimize_with(&mut whole, Options::new(level)).unwrap();
            let by_function = lumac::frontend_ir(path, level)
                .unwrap_or_else(|e| panic!("{} does not compile:\n{e}", path.display()));
            let (a, b) = (emit_all(&whole), emit_all(&by_function));
            for ((target, a), b) in lumac::Target::ALL.iter().zip(&a).zip(&b) {
                if a != b {
                    failures.push(format!(
                        "{} at {}: optimised function by function, the {} output differs",
                        path.display(),
                        level.as_str(),
                        target.name()
                    ));
                }
            }
        }
        failures
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
