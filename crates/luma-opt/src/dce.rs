//! Dead code elimination.
//!
//! - An `If` whose condition is a constant is replaced by the arm it takes (the code after it
//!   goes too when that arm does not yield, and an enclosing `If` left without a yielding arm
//!   is then followed by `Unreachable`).
//! - Pure values nothing live uses are removed, with their statements.
//! - `If` and `Loop` statements without effects (no store, call, barrier, return, discard,
//!   unreachable, impure op or branch out of them) and without live results are removed;
//!   kept ones lose their dead results, carried values and the matching `yield` / `continue` /
//!   `break` arguments.
//! - Stores to function-local variables that no live load reads are removed: a load from a
//!   local is live only if its value is, so a local whose loads only feed stores into locals
//!   nothing reads goes with them (SPIRV-Tools' aggressive DCE does the same; inlined helpers
//!   that fill a local array of which the caller uses one element leave such chains).
//! - Functions that no entry point reaches are removed (when the module has entry points), and
//!   the arenas are compacted: no orphan value, block, local, constant or type remains.
//!
//! Loads from memory other invocations may write, stores to memory that can be read, atomics,
//! barriers and calls are never removed; unused loads from locals, uniform and push-constant
//! blocks, read-only storage buffers and textures are (nothing can change or observe them), and
//! so are unused samples, image loads, derivatives and array lengths, which have no effect.

use luma_base::Handle;
use luma_ir::{
    Block, Function, Literal, LocalVariable, Module, Op, Stmt, StmtKind, Value, ValueDef,
};
use rustc_hash::FxHashSet;

use crate::util::{
    compact_function, compact_module, for_each_function, is_removable, no_replacements, reach_live,
    replace_uses, resolve, stmt_at, walk_blocks, Event, Pos, Regions, Tree,
};

/// Runs dead code elimination on `module`.
pub(crate) fn run(module: &mut Module) {
    run_with(module, false);
}

/// [`run`] on functions that may hold orphan values (`orphans`; the basic pipeline's earlier
/// passes leave them for this one's compaction). Its result is what [`run`] makes of the
/// compacted functions: branch folding does not depend on the order of blocks, and orphan
/// values read no local.
pub(crate) fn run_with(module: &mut Module, orphans: bool) {
    for_each_function(module, |module, f| function(module, f, orphans));
    finish(module);
}

/// The part of dead code elimination done in each function (branch folding, then dead code
/// and unused locals), on `f` moved out of `module`, which it leaves compact; `orphans` as
/// for [`run_with`].
pub(crate) fn function(module: &Module, f: &mut Function, orphans: bool) {
    let live = orphans.then(|| reach_live(f));
    fold_branches(module, f);
    eliminate(module, f, live.as_deref());
}

/// The module-wide part, once every function is done: unreachable functions go, then the
/// constants and types nothing uses any more.
pub(crate) fn finish(module: &mut Module) {
    remove_unreachable_functions(module);
    compact_module(module);
}

/// Replaces each `If` with a constant condition by the arm it takes (orphan values change
/// nothing here).
///
/// Folding is confluent (each fold replaces one `If` by an arm, and sealing only drops code
/// that cannot run), so the folds are done a whole block at a time, and the results of folded
/// `If`s are replaced once at the end: folding one `If` per scan of the function, with a
/// replacement pass after each, was quadratic in the number of folded `If`s, which inlining
/// makes many of.
pub(crate) fn fold_branches(module: &Module, f: &mut Function) {
    let mut map = no_replacements(f);
    let mut folded_any = false;
    // Each pass folds every `If` whose condition is constant once earlier folds' results are
    // replaced; a pass that folds nothing ends it, and each pass removes at least one `If`.
    for _ in 0..=f.blocks.len() {
        if !fold_pass(module, f, &mut map) {
            break;
        }
        folded_any = true;
    }
    if folded_any {
        replace_uses(f, &map);
        seal_unyielding_ifs(f);
    }
}

/// One pass over every block: each `If` whose condition (through `map`) is a constant is
/// replaced by the arm it takes, and that arm's statements are looked at in turn. Returns
/// whether anything was folded.
fn fold_pass(module: &Module, f: &mut Function, map: &mut [Option<Handle<Value>>]) -> bool {
    let mut folded = false;
    let taken = |f: &Function, map: &[Option<Handle<Value>>], condition: Handle<Value>| match f
        .values
        .get(resolve(map, condition))
        .map(|v| &v.def)
    {
        Some(ValueDef::Constant(c)) => match module.literal(*c) {
            Some(Literal::Bool(taken)) => Some(taken),
            _ => None,
        },
        _ => None,
    };
    for index in 0..f.blocks.len() {
        let b = Handle::from_index(index as u32);
        let Some(block) = f.blocks.get(b) else {
            continue;
        };
        // Most blocks fold nothing: leave them as they are, without rebuilding them.
        let foldable = block.stmts.iter().any(|stmt| match &stmt.kind {
            StmtKind::If { condition, .. } => taken(f, map, *condition).is_some(),
            _ => false,
        });
        if !foldable {
            continue;
        }
        let Some(block) = f.blocks.get_mut(b) else {
            continue;
        };
        let mut pending = std::mem::take(&mut block.stmts);
        pending.reverse();
        let mut out = Vec::with_capacity(pending.len());
        while let Some(stmt) = pending.pop() {
            let StmtKind::If {
                condition,
                accept,
                reject,
                results,
            } = &stmt.kind
            else {
                out.push(stmt);
                continue;
            };
            let Some(taken) = taken(f, map, *condition) else {
                out.push(stmt);
                continue;
            };
            folded = true;
            let (arm, other) = if taken {
                (*accept, *reject)
            } else {
                (*reject, *accept)
            };
            if let Some(o) = f.blocks.get_mut(other) {
                o.stmts.clear();
            }
            let arm_stmts = f
                .blocks
                .get_mut(arm)
                .map(|a| std::mem::take(&mut a.stmts))
                .unwrap_or_default();
            match arm_stmts.split_last() {
                Some((last, body)) if matches!(last.kind, StmtKind::Yield(_)) => {
                    if let StmtKind::Yield(args) = &last.kind {
                        for (r, a) in results.iter().zip(args) {
                            if let Some(slot) = map.get_mut(r.index()) {
                                *slot = Some(*a);
                            }
                        }
                    }
                    pending.extend(body.iter().rev().cloned());
                }
                // The arm leaves the region: what followed the `If` can no longer run.
                _ => {
                    pending.clear();
                    pending.extend(arm_stmts.into_iter().rev());
                }
            }
        }
        if let Some(block) = f.blocks.get_mut(b) {
            block.stmts = out;
        }
    }
    folded
}

/// Ends the block after every `If` neither of whose arms yields with `Unreachable`, dropping
/// the statements that followed it (they can no longer run). Splicing an arm that leaves its
/// region into an enclosing `If`'s arm replaces that arm's `Yield`, so the enclosing `If` may
/// stop yielding; sealing one `If` can do the same to the next one out. Blocks are taken
/// innermost first (the reverse of the order a walk enters them), so one pass reaches the
/// fixed point for the body's blocks; passes repeat for blocks the body does not reach.
fn seal_unyielding_ifs(f: &mut Function) {
    let mut order: Vec<Handle<Block>> = Vec::with_capacity(f.blocks.len());
    walk_blocks(&f.blocks, f.body, |event| {
        if let Event::Enter(b) = event {
            order.push(b);
        }
    });
    order.reverse();
    let mut in_order = vec![false; f.blocks.len()];
    for b in &order {
        if let Some(flag) = in_order.get_mut(b.index()) {
            *flag = true;
        }
    }
    order.extend(
        f.blocks
            .handles()
            .filter(|b| !in_order.get(b.index()).copied().unwrap_or(true)),
    );
    let yields = |f: &Function, arm: Handle<Block>| {
        f.blocks
            .get(arm)
            .and_then(|a| a.stmts.last())
            .is_some_and(|s| matches!(s.kind, StmtKind::Yield(_)))
    };
    for _ in 0..=f.blocks.len() {
        let mut changed = false;
        for &b in &order {
            let Some(block) = f.blocks.get(b) else {
                continue;
            };
            let cut = block.stmts.iter().enumerate().find_map(|(i, stmt)| {
                let StmtKind::If { accept, reject, .. } = &stmt.kind else {
                    return None;
                };
                if yields(f, *accept) || yields(f, *reject) {
                    return None;
                }
                let rest = block.stmts.get(i + 1..).unwrap_or(&[]);
                let sealed = matches!(rest, [s] if s.kind == StmtKind::Unreachable);
                (!sealed).then_some(i)
            });
            if let (Some(i), Some(block)) = (cut, f.blocks.get_mut(b)) {
                block.stmts.truncate(i + 1);
                block.stmts.push(Stmt {
                    kind: StmtKind::Unreachable,
                    loc: None,
                });
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The pointer values derived from each local (its pointers and access chains into them).
fn local_of_pointers(f: &Function, stmts: &[(Pos, &Stmt)]) -> Vec<Option<Handle<LocalVariable>>> {
    let mut of: Vec<Option<Handle<LocalVariable>>> = vec![None; f.values.len()];
    // Access chains come after their base in program order, so one walk suffices.
    for (h, v) in f.values.iter() {
        if let ValueDef::LocalPointer(l) = v.def {
            if let Some(slot) = of.get_mut(h.index()) {
                *slot = Some(l);
            }
        }
    }
    for (_, stmt) in stmts {
        let StmtKind::Value(v) = &stmt.kind else {
            continue;
        };
        if let Some(Value {
            def: ValueDef::Op(Op::AccessChain { base, .. }),
            ..
        }) = f.values.get(*v)
        {
            let local = of.get(base.index()).copied().flatten();
            if let Some(slot) = of.get_mut(v.index()) {
                *slot = local;
            }
        }
    }
    of
}

/// Locals that something other than a load may read: a pointer into them is used other than
/// as the base of an access chain, the destination of a store or the pointer of a load (a
/// load reads its local only if the load is live, which liveness decides).
fn read_locals(
    f: &Function,
    of: &[Option<Handle<LocalVariable>>],
    live: Option<&[bool]>,
) -> Vec<bool> {
    let mut read = vec![false; f.locals.len()];
    let mark = |p: Handle<Value>, read: &mut Vec<bool>| {
        if let Some(Some(l)) = of.get(p.index()) {
            if let Some(flag) = read.get_mut(l.index()) {
                *flag = true;
            }
        }
    };
    for (h, v) in f.values.iter() {
        if live.is_some_and(|live| !live.get(h.index()).copied().unwrap_or(false)) {
            continue;
        }
        match &v.def {
            ValueDef::Op(Op::AccessChain { indices, .. }) => {
                indices.iter().for_each(|i| mark(*i, &mut read));
            }
            ValueDef::Op(Op::Load { .. }) => {}
            ValueDef::Op(op) => op.for_each_operand(|o| mark(o, &mut read)),
            _ => {}
        }
    }
    for (_, block) in f.blocks.iter() {
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Store { value, .. } => mark(*value, &mut read),
                kind => kind.for_each_operand(|o| mark(o, &mut read)),
            }
        }
    }
    read
}

/// `compact_live`, when given, marks the values compaction would have kept before branch
/// folding (the others are orphans).
fn eliminate(module: &Module, f: &mut Function, compact_live: Option<&[bool]>) {
    // Every statement in program order (the walks below need no block entries or exits).
    let mut stmts: Vec<(Pos, &Stmt)> = Vec::with_capacity(f.values.len());
    let (tree, regions) = Tree::with_regions(f, Some(&mut stmts));
    let pointers = local_of_pointers(f, &stmts);
    let local_of = |pointer: Handle<Value>| pointers.get(pointer.index()).copied().flatten();
    // Locals something reads; a live load from a local adds it below, with its stores.
    let mut read = read_locals(f, &pointers, compact_live);
    let unread = |read: &[bool], pointer: Handle<Value>| {
        local_of(pointer).is_some_and(|l| !read.get(l.index()).copied().unwrap_or(true))
    };
    // A load from a local has no effect: it is removed when unused, and a local whose loads
    // are all unused is unread, so its stores go and with them what they store (which may be
    // loads from another local: a chain of copies nothing reads goes as a whole).
    // Samples, image loads, derivatives and array lengths have no effect either: only their
    // position matters (other passes keep them in place), so an unused one goes.
    let pure = |v: Handle<Value>| {
        is_pure(module, f, v)
            || match f.values.get(v).map(|x| &x.def) {
                Some(ValueDef::Op(Op::Load { pointer })) => local_of(*pointer).is_some(),
                Some(ValueDef::Op(
                    Op::ImageSample { .. }
                    | Op::ImageLoad { .. }
                    | Op::Derivative { .. }
                    | Op::ArrayLength { .. },
                )) => true,
                _ => false,
            }
    };
    // The stores into each local not read so far, by their position in `stmts`.
    let mut waiting_stores: Vec<Vec<usize>> = vec![Vec::new(); f.locals.len()];

    // Regions with effects of their own, by position (in the order found, which `keep` below
    // follows). The sets make marking linear: `in_effect` answers membership, and `to_root`
    // holds the regions whose every ancestor is marked too, where a walk up can stop (with
    // a list scan and full walks, a 5,000-arm `elseif` chain took 20 s).
    let mut effect: Vec<Pos> = Vec::new();
    let mut in_effect: FxHashSet<Pos> = FxHashSet::default();
    let mut to_root: FxHashSet<Pos> = FxHashSet::default();
    let mut mark_up = |from: Handle<Block>, stop_at_loop: bool, effect: &mut Vec<Pos>| {
        let mut current = from;
        for _ in 0..=tree.parent.len() {
            let Some((pb, pi)) = tree.parent.get(current.index()).copied().flatten() else {
                return;
            };
            let is_loop = matches!(stmt_at(f, pb, pi).map(|s| &s.kind), Some(StmtKind::Loop(_)));
            if is_loop && stop_at_loop {
                return;
            }
            // Whoever marked this region went on up to the root, or up to the same loop as
            // this walk (the regions between are this region's own ancestors).
            let done = if stop_at_loop {
                in_effect.contains(&(pb, pi))
            } else {
                !to_root.insert((pb, pi))
            };
            if done {
                return;
            }
            if in_effect.insert((pb, pi)) {
                effect.push((pb, pi));
            }
            current = pb;
        }
    };
    for (index, &((b, _), stmt)) in stmts.iter().enumerate() {
        let essential = match &stmt.kind {
            StmtKind::Value(v) => !pure(*v),
            StmtKind::Store { pointer, .. } if unread(&read, *pointer) => {
                if let Some(list) =
                    local_of(*pointer).and_then(|l| waiting_stores.get_mut(l.index()))
                {
                    list.push(index);
                }
                false
            }
            StmtKind::Store { .. } => true,
            StmtKind::AtomicStore { .. }
            | StmtKind::ImageStore { .. }
            | StmtKind::Call { .. }
            | StmtKind::Barrier(_)
            | StmtKind::Return(_)
            | StmtKind::Discard
            | StmtKind::Unreachable => true,
            StmtKind::Continue(_) | StmtKind::Break(_) => {
                mark_up(b, true, &mut effect);
                false
            }
            _ => false,
        };
        if essential {
            mark_up(b, false, &mut effect);
        }
    }

    // Liveness.
    let n = f.values.len();
    let mut live = vec![false; n];
    let mut kept: FxHashSet<Pos> = FxHashSet::default();
    let mut pending_carried: Vec<(Pos, usize)> = Vec::new();
    let mut work: Vec<Handle<Value>> = Vec::new();
    // Where each region value is defined: (region position, index in its list).
    let mut region_def: Vec<Option<(Pos, usize)>> = vec![None; n];
    for &((b, i), stmt) in &stmts {
        match &stmt.kind {
            StmtKind::If { results, .. } if !results.is_empty() => {
                for (k, r) in results.iter().enumerate() {
                    if let Some(slot) = region_def.get_mut(r.index()) {
                        *slot = Some(((b, i), k));
                    }
                }
            }
            StmtKind::Loop(l) if !l.results.is_empty() => {
                for (k, r) in l.results.iter().enumerate() {
                    if let Some(slot) = region_def.get_mut(r.index()) {
                        *slot = Some(((b, i), k));
                    }
                }
            }
            _ => {}
        }
        if let StmtKind::Loop(l) = &stmt.kind {
            for (k, c) in l.carried.iter().enumerate() {
                if let Some(slot) = region_def.get_mut(c.value.index()) {
                    *slot = Some(((b, i), k));
                }
            }
        }
    }
    let push = |v: Handle<Value>, live: &mut Vec<bool>, work: &mut Vec<Handle<Value>>| {
        if let Some(flag) = live.get_mut(v.index()) {
            if !*flag {
                *flag = true;
                work.push(v);
            }
        }
    };
    // Keeps a region: an `If`'s condition becomes live, and carried values waiting for their
    // loop to be kept are processed.
    let keep = |at: Pos,
                kept: &mut FxHashSet<Pos>,
                live: &mut Vec<bool>,
                work: &mut Vec<Handle<Value>>,
                pending: &mut Vec<(Pos, usize)>| {
        if !kept.insert(at) {
            return;
        }
        match stmt_at(f, at.0, at.1).map(|s| &s.kind) {
            Some(StmtKind::If { condition, .. }) => push(*condition, live, work),
            Some(StmtKind::Loop(l)) => {
                let carried = &l.carried;
                let mut k = 0;
                while k < pending.len() {
                    if pending.get(k).is_some_and(|(pos, _)| *pos == at) {
                        let (_, index) = pending.swap_remove(k);
                        carried_live(f, &regions, at, index, carried, live, work);
                    } else {
                        k += 1;
                    }
                }
            }
            _ => {}
        }
    };
    for at in &effect {
        keep(*at, &mut kept, &mut live, &mut work, &mut pending_carried);
    }
    for (_, stmt) in &stmts {
        match &stmt.kind {
            StmtKind::Value(v) if !pure(*v) => push(*v, &mut live, &mut work),
            StmtKind::Store { pointer, .. } if unread(&read, *pointer) => {}
            StmtKind::Store { .. }
            | StmtKind::AtomicStore { .. }
            | StmtKind::ImageStore { .. }
            | StmtKind::Call { .. }
            | StmtKind::Return(_) => {
                stmt.kind
                    .for_each_operand(|o| push(o, &mut live, &mut work));
            }
            _ => {}
        }
    }
    while let Some(v) = work.pop() {
        let Some(value) = f.values.get(v) else {
            continue;
        };
        if let ValueDef::Op(Op::Load { pointer }) = &value.def {
            // The first live load from a local: its stores are live, and the regions that
            // hold them have an effect.
            if let Some(l) = local_of(*pointer).filter(|_| unread(&read, *pointer)) {
                if let Some(flag) = read.get_mut(l.index()) {
                    *flag = true;
                }
                let stores = waiting_stores
                    .get_mut(l.index())
                    .map(std::mem::take)
                    .unwrap_or_default();
                for index in stores {
                    let Some(&((b, _), stmt)) = stmts.get(index) else {
                        continue;
                    };
                    let first_new = effect.len();
                    mark_up(b, false, &mut effect);
                    for at in effect.get(first_new..).unwrap_or(&[]).to_vec() {
                        keep(at, &mut kept, &mut live, &mut work, &mut pending_carried);
                    }
                    stmt.kind
                        .for_each_operand(|o| push(o, &mut live, &mut work));
                }
            }
        }
        match &value.def {
            ValueDef::Op(op) => op.for_each_operand(|o| push(o, &mut live, &mut work)),
            ValueDef::IfResult => {
                let Some(Some((at, k))) = region_def.get(v.index()).copied() else {
                    continue;
                };
                keep(at, &mut kept, &mut live, &mut work, &mut pending_carried);
                if let Some(StmtKind::If { accept, reject, .. }) =
                    stmt_at(f, at.0, at.1).map(|s| &s.kind)
                {
                    for arm in [*accept, *reject] {
                        if let Some(StmtKind::Yield(args)) = f
                            .blocks
                            .get(arm)
                            .and_then(|a| a.stmts.last())
                            .map(|s| &s.kind)
                        {
                            if let Some(a) = args.get(k) {
                                push(*a, &mut live, &mut work);
                            }
                        }
                    }
                }
            }
            ValueDef::LoopResult => {
                let Some(Some((at, k))) = region_def.get(v.index()).copied() else {
                    continue;
                };
                keep(at, &mut kept, &mut live, &mut work, &mut pending_carried);
                for &(eb, ei) in regions.exits_of(at) {
                    if let Some(StmtKind::Break(args)) = stmt_at(f, eb, ei).map(|s| &s.kind) {
                        if let Some(a) = args.get(k) {
                            push(*a, &mut live, &mut work);
                        }
                    }
                }
            }
            ValueDef::LoopCarried => {
                let Some(Some((at, k))) = region_def.get(v.index()).copied() else {
                    continue;
                };
                if kept.contains(&at) {
                    if let Some(StmtKind::Loop(l)) = stmt_at(f, at.0, at.1).map(|s| &s.kind) {
                        carried_live(f, &regions, at, k, &l.carried, &mut live, &mut work);
                    }
                } else {
                    pending_carried.push((at, k));
                }
            }
            _ => {}
        }
    }

    // Rewrite: drop dead statements, regions, results and arguments.
    let is_live = |v: &Handle<Value>| live.get(v.index()).copied().unwrap_or(false);
    let mut edits: Vec<(Handle<Block>, usize, Edit)> = Vec::new();
    for &((b, i), stmt) in &stmts {
        match &stmt.kind {
            StmtKind::Value(v) if !is_live(v) => edits.push((b, i, Edit::Remove)),
            StmtKind::Store { pointer, .. } if unread(&read, *pointer) => {
                edits.push((b, i, Edit::Remove))
            }
            StmtKind::If {
                accept,
                reject,
                results,
                ..
            } => {
                if !kept.contains(&(b, i)) {
                    edits.push((b, i, Edit::Remove));
                    continue;
                }
                let keep_mask: Vec<bool> = results.iter().map(is_live).collect();
                if keep_mask.iter().all(|k| *k) {
                    continue;
                }
                edits.push((b, i, Edit::Results(keep_mask.clone())));
                for arm in [*accept, *reject] {
                    if let Some(last) = f.blocks.get(arm).map(|a| a.stmts.len()) {
                        if let Some(li) = last.checked_sub(1) {
                            edits.push((arm, li, Edit::Args(keep_mask.clone(), ArgKind::Yield)));
                        }
                    }
                }
            }
            StmtKind::Loop(l) => {
                let (carried, results) = (&l.carried, &l.results);
                if !kept.contains(&(b, i)) {
                    edits.push((b, i, Edit::Remove));
                    continue;
                }
                let carried_mask: Vec<bool> = carried.iter().map(|c| is_live(&c.value)).collect();
                let result_mask: Vec<bool> = results.iter().map(is_live).collect();
                if carried_mask.iter().all(|k| *k) && result_mask.iter().all(|k| *k) {
                    continue;
                }
                edits.push((b, i, Edit::Loop(carried_mask.clone(), result_mask.clone())));
                for &(eb, ei) in regions.exits_of((b, i)) {
                    let kind = match stmt_at(f, eb, ei).map(|s| &s.kind) {
                        Some(StmtKind::Continue(_)) => (carried_mask.clone(), ArgKind::Continue),
                        _ => (result_mask.clone(), ArgKind::Break),
                    };
                    edits.push((eb, ei, Edit::Args(kind.0, kind.1)));
                }
            }
            _ => {}
        }
    }
    apply_edits(f, edits);
    // The module outlives the passes: give back the room of statements removed here and by the
    // earlier passes (only blocks that lost some: most keep their exact size from lowering).
    for (_, block) in f.blocks.iter_mut() {
        if block.stmts.capacity() > block.stmts.len() {
            block.stmts.shrink_to_fit();
        }
    }
    compact_function(f);
}

/// A carried value of a kept loop is live: its initial value and what each `continue` passes
/// for it are live too.
fn carried_live(
    f: &Function,
    regions: &Regions,
    at: Pos,
    k: usize,
    carried: &[luma_ir::LoopVar],
    live: &mut [bool],
    work: &mut Vec<Handle<Value>>,
) {
    let mut push = |v: Handle<Value>| {
        if let Some(flag) = live.get_mut(v.index()) {
            if !*flag {
                *flag = true;
                work.push(v);
            }
        }
    };
    if let Some(c) = carried.get(k) {
        push(c.init);
    }
    for &(eb, ei) in regions.exits_of(at) {
        if let Some(StmtKind::Continue(args)) = stmt_at(f, eb, ei).map(|s| &s.kind) {
            if let Some(a) = args.get(k) {
                push(*a);
            }
        }
    }
}

fn is_pure(module: &Module, f: &Function, v: Handle<Value>) -> bool {
    match f.values.get(v).map(|x| &x.def) {
        Some(ValueDef::Op(op)) => is_removable(module, f, op),
        _ => true,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ArgKind {
    Yield,
    Continue,
    Break,
}

#[derive(Debug, Clone)]
enum Edit {
    Remove,
    /// Keep the `If` results where the mask is true.
    Results(Vec<bool>),
    /// Keep the loop's carried values and results where the masks are true.
    Loop(Vec<bool>, Vec<bool>),
    /// Keep the arguments of a yield / continue / break where the mask is true.
    Args(Vec<bool>, ArgKind),
}

fn retain_mask<T>(items: &mut Vec<T>, mask: &[bool]) {
    let mut index = 0;
    items.retain(|_| {
        let keep = mask.get(index).copied().unwrap_or(true);
        index += 1;
        keep
    });
}

fn apply_edits(f: &mut Function, edits: Vec<(Handle<Block>, usize, Edit)>) {
    // Every edit names a statement by its position before any edit. Removals are applied last,
    // one pass per block: removing statements one at a time moved the rest of the block each
    // time, quadratic in a block of many dead statements.
    let mut removals: Vec<(Handle<Block>, usize)> = Vec::new();
    for (b, i, edit) in edits {
        let Some(block) = f.blocks.get_mut(b) else {
            continue;
        };
        match edit {
            Edit::Remove => removals.push((b, i)),
            Edit::Results(mask) => {
                if let Some(StmtKind::If { results, .. }) =
                    block.stmts.get_mut(i).map(|s| &mut s.kind)
                {
                    let mut kept = std::mem::take(results).into_vec();
                    retain_mask(&mut kept, &mask);
                    *results = kept.into_boxed_slice();
                }
            }
            Edit::Loop(carried_mask, result_mask) => {
                if let Some(StmtKind::Loop(l)) = block.stmts.get_mut(i).map(|s| &mut s.kind) {
                    retain_mask(&mut l.carried, &carried_mask);
                    retain_mask(&mut l.results, &result_mask);
                }
            }
            Edit::Args(mask, kind) => match (block.stmts.get_mut(i).map(|s| &mut s.kind), kind) {
                (Some(StmtKind::Yield(args)), ArgKind::Yield)
                | (Some(StmtKind::Continue(args)), ArgKind::Continue)
                | (Some(StmtKind::Break(args)), ArgKind::Break) => retain_mask(args, &mask),
                _ => {}
            },
        }
    }
    removals.sort_unstable();
    removals.dedup();
    for group in removals.chunk_by(|x, y| x.0 == y.0) {
        let Some(&(b, _)) = group.first() else {
            continue;
        };
        let Some(block) = f.blocks.get_mut(b) else {
            continue;
        };
        let mut next = group.iter().map(|&(_, i)| i).peekable();
        let mut index = 0;
        block.stmts.retain(|_| {
            let remove = next.peek() == Some(&index);
            if remove {
                next.next();
            }
            index += 1;
            !remove
        });
    }
}

/// Removes functions that no entry point reaches (through calls), when there are entry points.
pub(crate) fn remove_unreachable_functions(module: &mut Module) {
    if module.entry_points.is_empty() {
        return;
    }
    let n = module.functions.len();
    let mut reached = vec![false; n];
    for ep in &module.entry_points {
        if let Some(flag) = reached.get_mut(ep.function.index()) {
            *flag = true;
        }
    }
    // Callers come after callees: one backward sweep propagates reachability.
    for i in (0..n).rev() {
        if !reached.get(i).copied().unwrap_or(false) {
            continue;
        }
        let Some(f) = module.functions.get(Handle::from_index(i as u32)) else {
            continue;
        };
        for callee in callees(f) {
            if let Some(flag) = reached.get_mut(callee.index()) {
                *flag = true;
            }
        }
    }
    crate::util::retain_functions(module, &reached);
}

/// Every function `f` calls.
pub(crate) fn callees(f: &Function) -> Vec<Handle<Function>> {
    let mut out = Vec::new();
    for (_, v) in f.values.iter() {
        if let ValueDef::Op(Op::Call { function, .. }) = &v.def {
            out.push(*function);
        }
    }
    for (_, block) in f.blocks.iter() {
        for stmt in &block.stmts {
            if let StmtKind::Call { function, .. } = &stmt.kind {
                out.push(*function);
            }
        }
    }
    out
}
