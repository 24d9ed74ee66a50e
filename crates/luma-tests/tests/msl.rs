//! Every corpus shader through the MSL back end at every opt level. Nothing on Linux can
//! compile MSL, so this is what checks it: the output is byte-identical across runs and equal
//! to its committed snapshot at `Basic` (`tests/out/msl/<path>.metal`, blessed with
//! `LUMA_BLESS=1`); brackets balance; every entry point of the IR is a `vertex` / `fragment` /
//! `kernel` function; every resource an entry point reaches is one of its parameters with the
//! attribute of its remapped index; the remapped indices are contiguous per class; and every
//! buffer member sits at the layouter's offset under Metal's own layout rules (the oracle of
//! `crates/luma-back-msl/tests/common/metal_layout.rs`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "../../luma-back-msl/tests/common/metal_layout.rs"]
mod metal_layout;

use std::path::Path;

use luma_back_msl::{write, MslClass, MslOutput, Options};
use luma_ir::{AddressSpace, Module, ShaderStage};
use luma_testutil::{assert_snapshot, corpus_path, shader_corpus, tests_dir};
use lumac::OptLevel;

const LEVELS: [(OptLevel, &str); 3] = [
    (OptLevel::None, "none"),
    (OptLevel::Basic, "basic"),
    (OptLevel::Aggressive, "aggressive"),
];

/// Braces, brackets and parentheses balance and nest properly (comments skipped).
fn check_balance(label: &str, source: &str) -> Result<(), String> {
    let mut stack = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for c in code.chars() {
            match c {
                '(' | '[' | '{' => stack.push((c, n + 1)),
                ')' | ']' | '}' => {
                    let want = match c {
                        ')' => '(',
                        ']' => '[',
                        _ => '{',
                    };
                    match stack.pop() {
                        Some((open, _)) if open == want => {}
                        other => {
                            return Err(format!("{label}: line {}: `{c}` closes {other:?}", n + 1))
                        }
                    }
                }
                _ => {}
            }
        }
    }
    match stack.pop() {
        None => Ok(()),
        Some((c, line)) => Err(format!("{label}: `{c}` opened at line {line} never closes")),
    }
}

/// The text from an entry point's declaration to its opening brace.
fn entry_signature<'s>(source: &'s str, name: &str) -> Option<&'s str> {
    let needle = format!(" {name}(");
    let start = source.lines().position(|l| {
        (l.starts_with("vertex ") || l.starts_with("fragment ") || l.starts_with("kernel "))
            && l.contains(&needle)
    })?;
    let offset: usize = source.lines().take(start).map(|l| l.len() + 1).sum();
    let rest = source.get(offset..)?;
    let end = rest.find(") {").map(|e| e + 3)?;
    rest.get(..end)
}

fn check_interface(label: &str, module: &Module, out: &MslOutput) -> Result<(), String> {
    let mut errors = Vec::new();
    if module.entry_points.len() != out.entry_points.len() {
        errors.push(format!("{label}: entry points missing from the output"));
    }
    for (ep, info) in module.entry_points.iter().zip(out.entry_points.iter()) {
        let qualifier = match ep.stage {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            _ => "kernel",
        };
        let Some(signature) = entry_signature(&out.source, &info.name) else {
            errors.push(format!("{label}: no entry function `{}`", info.name));
            continue;
        };
        if !signature.starts_with(&format!("{qualifier} ")) {
            errors.push(format!(
                "{label}: `{}` is not a {qualifier} function",
                info.name
            ));
        }
        for g in luma_back::used_globals(module, ep.function) {
            let global = &module.globals[g];
            if global.binding.is_none() && global.space != AddressSpace::PushConstant {
                continue;
            }
            let Some(b) = out
                .bindings
                .resources
                .iter()
                .find(|r| r.binding == global.binding && r.name == global.name)
            else {
                errors.push(format!(
                    "{label}: `{}` missing from the binding map",
                    global.name
                ));
                continue;
            };
            if b.binding != global.binding {
                errors.push(format!(
                    "{label}: `{}` mapped with the wrong binding",
                    global.name
                ));
            }
            let attr = format!("[[{}({})]]", b.class.as_str(), b.index);
            if !signature.lines().any(|l| l.contains(&attr)) {
                errors.push(format!(
                    "{label}: entry `{}` does not take `{}` at {attr}",
                    info.name, global.name
                ));
            }
        }
    }
    let bound = module
        .globals
        .iter()
        .filter(|(_, g)| g.binding.is_some() || g.space == AddressSpace::PushConstant)
        .count();
    if out.bindings.resources.len() != bound {
        errors.push(format!(
            "{label}: {} resources in the binding map, {bound} in the IR",
            out.bindings.resources.len()
        ));
    }
    for class in [MslClass::Buffer, MslClass::Texture, MslClass::Sampler] {
        let mut next = 0;
        for r in out.bindings.resources.iter().filter(|r| r.class == class) {
            if r.index != next {
                errors.push(format!(
                    "{label}: `{}` at {} expected {next}",
                    r.name, r.index
                ));
            }
            next = r.index + r.count;
        }
        if class == MslClass::Buffer {
            if let Some(s) = out.bindings.sizes_buffer {
                if s != next {
                    errors.push(format!("{label}: sizes buffer at {s}, expected {next}"));
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

#[test]
fn corpus_through_msl() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let out_dir = tests_dir().join("out").join("msl");
    let mut failures = Vec::new();
    let mut members_checked = 0usize;
    for path in &corpus {
        let rel = corpus_path(path);
        for (level, level_name) in LEVELS {
            let label = format!("{rel} ({level_name})");
            let module = match lumac::frontend_ir(path, level) {
                Ok(m) => m,
                Err(e) => {
                    failures.push(format!("{label}: the front end failed:\n{e}"));
                    continue;
                }
            };
            let out = match write(&module, &Options::default()) {
                Ok(out) => out,
                Err(e) => {
                    failures.push(format!("{label}: {e}"));
                    continue;
                }
            };
            if write(&module, &Options::default()).as_ref() != Ok(&out) {
                failures.push(format!("{label}: output differs between two runs"));
            }
            if level == OptLevel::Basic {
                let snapshot = out_dir.join(Path::new(&rel).with_extension("metal"));
                assert_snapshot(&snapshot, &out.source);
            }
            if let Err(e) = check_balance(&label, &out.source) {
                failures.push(e);
            }
            if let Err(e) = check_interface(&label, &module, &out) {
                failures.push(e);
            }
            let caught = std::panic::catch_unwind(|| {
                metal_layout::check_module(&module, &out.source, &label)
            });
            match caught {
                Ok(n) => members_checked += n,
                Err(e) => failures.push(format!(
                    "{label}: Metal layout differs from the layouter: {}",
                    e.downcast_ref::<String>().cloned().unwrap_or_default()
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(members_checked > 0, "no buffer member was checked");
}
