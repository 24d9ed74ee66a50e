//! Copies of functions that two kinds of entry points share, so that each kind can declare a
//! resource its own way.
//!
//! A back end sometimes declares one resource twice, for example a storage buffer that a
//! compute shader writes and a vertex shader only reads (WebGPU gives vertex shaders no
//! writable storage): each function then names one of the two declarations. A helper that both
//! entry points call could only name one, so it is copied first: the entry points of the
//! chosen kind call the copy.

use luma_base::Handle;
use luma_ir::{
    EntryPoint, Function, GlobalVariable, Module, Op, StmtKind, StorageFormat, ValueDef,
};

use crate::{image_uses, CallGraph};

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

/// `module` with copies of the functions that only query a read-write storage image
/// (`image_size`, `image_layers`) and that entry points which only store the image share with
/// entry points which load it; `None` when no function needs one. `split_format` selects the
/// images whose format the back end declares once per access.
///
/// A back end that declares such an image `write` for the storing entry points and `read` for
/// the others (WGSL for most formats, MSL per function argument) must name one declaration in
/// each function: a shared helper would force the union, `read_write`, on both kinds of entry
/// point although neither loads and stores the image. The storing entry points call the copies.
pub fn split_image_query_helpers(
    module: &Module,
    split_format: impl Fn(StorageFormat) -> bool,
) -> Option<Module> {
    let mut current: Option<Module> = None;
    let mut graphs: Option<(CallGraph, Vec<Vec<Handle<GlobalVariable>>>)> = None;
    for g in module.globals.handles() {
        let m = current.as_ref().unwrap_or(module);
        let Some(format) = crate::read_write_image_format(m, g) else {
            continue;
        };
        if !split_format(format) {
            continue;
        }
        // The call graph of the current module, rebuilt only after a split.
        if graphs.is_none() {
            let graph = CallGraph::new(m);
            let reached = graph.reachable_globals_of_every_function();
            graphs = Some((graph, reached));
        }
        let Some((graph, reached_globals)) = graphs.as_ref() else {
            continue;
        };
        // What each function itself does with the image: (loads, stores).
        let uses: Vec<(bool, bool)> = m
            .functions
            .iter()
            .map(|(f, function)| {
                if graph.direct_globals(f).contains(&g) {
                    image_uses(function, g)
                } else {
                    (false, false)
                }
            })
            .collect();
        // What each function does with it directly or through calls, callees first (linear
        // in the call graph, however many images a module has).
        let mut subtree = uses.clone();
        for f in graph.bottom_up() {
            let mut acc = subtree.get(f.index()).copied().unwrap_or((false, false));
            for callee in graph.callees(f) {
                let (l, s) = subtree
                    .get(callee.index())
                    .copied()
                    .unwrap_or((false, false));
                acc = (acc.0 || l, acc.1 || s);
            }
            if let Some(slot) = subtree.get_mut(f.index()) {
                *slot = acc;
            }
        }
        let query_only: Vec<bool> = m
            .functions
            .handles()
            .map(|f| {
                reached_globals
                    .get(f.index())
                    .is_some_and(|gs| gs.contains(&g))
                    && subtree.get(f.index()) == Some(&(false, false))
            })
            .collect();
        if !query_only.contains(&true) {
            continue;
        }
        let store_only =
            |entry: &EntryPoint| subtree.get(entry.function.index()) == Some(&(false, true));
        if let Some(split) = split_shared_functions(m, store_only, |_, f| {
            query_only.get(f.index()) == Some(&true)
        }) {
            current = Some(split);
            graphs = None;
        }
    }
    current
}
