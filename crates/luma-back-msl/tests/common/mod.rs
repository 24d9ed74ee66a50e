//! Shared by the MSL tests: the structural checks that stand in for a compiler (nothing on
//! Linux compiles MSL): balanced brackets outside comments and literals, and every entry point
//! and every resource of the IR present with its remapped index.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_back_msl::MslOutput;
use luma_ir::{AddressSpace, Module, ShaderStage};

/// Braces, brackets and parentheses balance and nest properly (comments skipped).
pub fn check_balance(label: &str, source: &str) -> Result<(), String> {
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

/// Every entry point is a `vertex`/`fragment`/`kernel` function, and every resource global
/// appears in each entry point that reaches it with the attribute of its remapped index.
pub fn check_interface(label: &str, module: &Module, out: &MslOutput) -> Result<(), String> {
    let mut errors = Vec::new();
    for (ep, info) in module.entry_points.iter().zip(out.entry_points.iter()) {
        let qualifier = match ep.stage {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            _ => "kernel",
        };
        let head = format!("{qualifier} ");
        let found = out
            .source
            .lines()
            .any(|l| l.starts_with(&head) && l.contains(&format!(" {}(", info.name)));
        if !found {
            errors.push(format!(
                "{label}: no `{qualifier}` function `{}`",
                info.name
            ));
        }
        let reachable = luma_back::used_globals(module, ep.function);
        let signature = entry_signature(&out.source, &info.name);
        for g in reachable {
            let global = &module.globals[g];
            let bound = global.binding.is_some() || global.space == AddressSpace::PushConstant;
            if !bound {
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
            let attr = format!("[[{}({})]]", b.class.as_str(), b.index);
            if !signature.lines().any(|l| l.contains(&attr)) {
                errors.push(format!(
                    "{label}: entry `{}` does not take `{}` at {attr}",
                    info.name, global.name
                ));
            }
        }
    }
    // Indices are contiguous per class.
    for class in [
        luma_back_msl::MslClass::Buffer,
        luma_back_msl::MslClass::Texture,
        luma_back_msl::MslClass::Sampler,
    ] {
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
        if class == luma_back_msl::MslClass::Buffer {
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

/// The text from an entry point's declaration to its opening brace.
fn entry_signature<'s>(source: &'s str, name: &str) -> &'s str {
    let needle = format!(" {name}(");
    let Some(start) = source.lines().position(|l| {
        (l.starts_with("vertex ") || l.starts_with("fragment ") || l.starts_with("kernel "))
            && l.contains(&needle)
    }) else {
        return "";
    };
    let offset: usize = source.lines().take(start).map(|l| l.len() + 1).sum();
    let rest = source.get(offset..).unwrap_or("");
    let end = rest.find(") {").map(|e| e + 3).unwrap_or(rest.len());
    rest.get(..end).unwrap_or("")
}
