//! Copies of functions that two kinds of entry points share, so that each kind can declare a
//! resource its own way.
//!
//! A back end sometimes declares one resource twice, for example a storage buffer that a
//! compute shader writes and a vertex shader only reads (WebGPU gives vertex shaders no
//! writable storage): each function then names one of the two declarations. A helper that both
//! entry points call could only name one, so it is copied first: the entry points of the
//! chosen kind call the copy.

use luma_base::Handle;
use luma_ir::{EntryPoint, Function, Module, Op, StmtKind, ValueDef};

use crate::CallGraph;

/// `module` with a copy of every function that entry points for which `kind` holds and other
/// entry points both reach, and that `split` selects (the copy is for the `kind` entry points,
/// which call it and the copies of its callees instead); `None` when no function needs one.
///
/// `split` should select a function's callers with it (for instance: "reaches global g"), so
/// that a copy is never called from a function both kinds reach.
pub fn split_shared_functions(
    module: &Module,
    kind: impl Fn(&EntryPoint) -> bool,
    split: impl Fn(&CallGraph, Handle<Function>) -> bool,
) -> Option<Module> {
    let graph = CallGraph::new(module);
    let n = module.functions.len();
    let mut in_kind = vec![false; n];
    let mut in_other = vec![false; n];
    for entry in &module.entry_points {
        let slots = if kind(entry) {
            &mut in_kind
        } else {
            &mut in_other
        };
        for f in graph.reachable(entry.function) {
            if let Some(slot) = slots.get_mut(f.index()) {
                *slot = true;
            }
        }
    }
    let shared: Vec<Handle<Function>> = module
        .functions
        .handles()
        .filter(|f| {
            in_kind.get(f.index()) == Some(&true)
                && in_other.get(f.index()) == Some(&true)
                && split(&graph, *f)
        })
        .collect();
    if shared.is_empty() {
        return None;
    }
    let mut out = module.clone();
    // Copies are appended in the originals' order, so callees' copies still come first.
    let mut copy_of: Vec<Option<Handle<Function>>> = vec![None; n];
    for &f in &shared {
        let function = module.functions.get(f)?.clone();
        let copy = out.functions.append(function);
        if let Some(slot) = copy_of.get_mut(f.index()) {
            *slot = Some(copy);
        }
    }
    let redirect = |function: &mut Function| {
        let retarget = |callee: &mut Handle<Function>| {
            if let Some(Some(copy)) = copy_of.get(callee.index()) {
                *callee = *copy;
            }
        };
        for (_, value) in function.values.iter_mut() {
            if let ValueDef::Op(Op::Call { function, .. }) = &mut value.def {
                retarget(function);
            }
        }
        for (_, block) in function.blocks.iter_mut() {
            for stmt in &mut block.stmts {
                if let StmtKind::Call { function, .. } = &mut stmt.kind {
                    retarget(function);
                }
            }
        }
    };
    // The functions only `kind` entry points reach, and the copies, call copies.
    for (f, function) in out.functions.iter_mut() {
        let copy = f.index() >= n;
        let only_kind =
            in_kind.get(f.index()) == Some(&true) && in_other.get(f.index()) != Some(&true);
        if copy || only_kind {
            redirect(function);
        }
    }
    Some(out)
}
