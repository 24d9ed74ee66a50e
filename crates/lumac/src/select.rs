//! Keeping a subset of a module's entry points (`--entry`, `--stage`): the others stop being
//! entry points, so their functions, which carry I/O bindings only entry functions may have,
//! leave the module together with every function no remaining entry point calls.

use luma_base::{Arena, Handle};
use luma_ir::{EntryPoint, Function, Module, Op, StmtKind, ValueDef};

/// Keeps the entry points `keep` accepts and the functions they reach, in their original order
/// (callees stay before callers), with every call and entry point renumbered.
pub(crate) fn retain_entry_points(module: &mut Module, keep: impl Fn(&EntryPoint) -> bool) {
    module.entry_points.retain(|e| keep(e));
    let graph = luma_back::CallGraph::new(module);
    let mut reached = vec![false; module.functions.len()];
    for entry in &module.entry_points {
        for f in graph.reachable(entry.function) {
            if let Some(slot) = reached.get_mut(f.index()) {
                *slot = true;
            }
        }
    }
    let old = std::mem::take(&mut module.functions);
    let mut remap: Vec<Option<Handle<Function>>> = vec![None; old.len()];
    let mut functions = Arena::new();
    for (handle, function) in old.iter() {
        if reached.get(handle.index()) == Some(&true) {
            let new = functions.append(function.clone());
            if let Some(slot) = remap.get_mut(handle.index()) {
                *slot = Some(new);
            }
        }
    }
    let renumber = |f: &mut Handle<Function>| {
        if let Some(Some(new)) = remap.get(f.index()) {
            *f = *new;
        }
    };
    for (_, function) in functions.iter_mut() {
        for (_, value) in function.values.iter_mut() {
            if let ValueDef::Op(Op::Call { function, .. }) = &mut value.def {
                renumber(function);
            }
        }
        for (_, block) in function.blocks.iter_mut() {
            for stmt in &mut block.stmts {
                if let StmtKind::Call { function, .. } = &mut stmt.kind {
                    renumber(function);
                }
            }
        }
    }
    for entry in &mut module.entry_points {
        renumber(&mut entry.function);
    }
    module.functions = functions;
}
