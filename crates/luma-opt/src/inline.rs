//! Function inlining: every call of a function that is not an entry point is replaced by the
//! callee's body, and functions that nothing calls any more are removed (when the module has
//! entry points).
//!
//! Functions are processed in order, so a callee (always earlier) has already had its own calls
//! inlined. A callee whose only `return` ends its body is spliced in place. Otherwise the body
//! becomes a loop that runs once, each `return` a `break` out of it binding the call's result.
//! A `return` inside one of the callee's loops cannot `break` out of two loops at once: that
//! loop gets two more results (a "returned" flag and the returned value), the `return` breaks
//! with the flag set, every other `break` with it clear, and an `if flag { return ... }`
//! follows the loop — which the next enclosing loop, or the once-loop, then handles the same
//! way, innermost loops first.
//!
//! A call is left a call (which stays valid) when inlining it would take its caller past
//! [`MAX_VALUES`] values, or the module's values past [`GROWTH_FACTOR`] times their number
//! before inlining plus [`GROWTH_BASE`], so repeated inlining cannot exhaust memory or time.

use luma_base::Handle;
use luma_ir::proc::ConstantInterner;
use luma_ir::{
    AddressSpace, Block, Function, Literal, LocalVariable, LoopControl, Module, NameId, Op, Stmt,
    StmtKind, Type, Value, ValueDef,
};

use crate::dce::remove_unreachable_functions;
use crate::util::{
    compact_function, constant_value, for_each_function, innermost_loop, no_replacements,
    replace_uses, stmt_at, walk_blocks, walk_from, zero_constant, Event, Pos, Tree,
};

/// The most values a function may reach through inlining.
pub const MAX_VALUES: usize = 1 << 20;

/// The module's values may grow through inlining to this many times what they were...
pub const GROWTH_FACTOR: usize = 16;

/// ... plus this many: together they bound the memory and time of a call tree that doubles
/// at every level (forty one-line functions would otherwise inline to a trillion values, and
/// the per-function limit alone let every one of them reach it). Real shaders grow far less:
/// the test corpus at most 16 times (`noise.luma`, small), the 50,000-line benchmark 5.5.
pub const GROWTH_BASE: usize = 1 << 18;

/// Inlines every call of a non-entry function.
pub(crate) fn run(module: &mut Module) {
    let entry: Vec<bool> = luma_ir::proc::entry_point_by_function(module)
        .iter()
        .map(Option::is_some)
        .collect();
    let mut interner = ConstantInterner::new();
    let before: usize = module.functions.iter().map(|(_, f)| f.values.len()).sum();
    let mut budget = before
        .saturating_mul(GROWTH_FACTOR)
        .saturating_add(GROWTH_BASE)
        .saturating_sub(before);
    for_each_function(module, |module, f| {
        inline_calls(module, f, &entry, &mut interner, &mut budget);
        compact_function(f);
    });
    remove_unreachable_functions(module);
}

/// A call site: its position, callee, arguments and result value (for `Op::Call`).
struct Site {
    block: Handle<Block>,
    index: usize,
    callee: Handle<Function>,
    args: Vec<Handle<Value>>,
    result: Option<Handle<Value>>,
}

/// Every inlinable call site of `f`, in program order.
fn call_sites(f: &Function, entry: &[bool]) -> Vec<Site> {
    let inlinable = |g: Handle<Function>| !entry.get(g.index()).copied().unwrap_or(true);
    let mut sites = Vec::new();
    walk_blocks(&f.blocks, f.body, |event| {
        let Event::Stmt(b, i) = event else { return };
        match stmt_at(f, b, i).map(|s| &s.kind) {
            Some(StmtKind::Call { function, args }) if inlinable(*function) => sites.push(Site {
                block: b,
                index: i,
                callee: *function,
                args: args.clone(),
                result: None,
            }),
            Some(StmtKind::Value(v)) => {
                if let Some(ValueDef::Op(Op::Call { function, args })) =
                    f.values.get(*v).map(|x| &x.def)
                {
                    if inlinable(*function) {
                        sites.push(Site {
                            block: b,
                            index: i,
                            callee: *function,
                            args: args.clone(),
                            result: Some(*v),
                        });
                    }
                }
            }
            _ => {}
        }
    });
    sites
}

/// Inlines the call sites of `f` in program order, one walk to find them and one pass at the
/// end to replace the results of spliced calls, so each site costs the size of its callee and
/// not of `f` (re-walking `f` per site was quadratic: a call tree that doubles at every level
/// took seconds). Callees are earlier functions, already inlined into, so the copied bodies
/// hold no inlinable calls unless a limit left some, and those stay calls.
fn inline_calls(
    module: &mut Module,
    f: &mut Function,
    entry: &[bool],
    interner: &mut ConstantInterner,
    budget: &mut usize,
) {
    let sites = call_sites(f, entry);
    if sites.is_empty() {
        return;
    }
    // Spliced bodies are put in place at the end, one pass per block (splicing each into its
    // block at once moved the rest of the block every time: quadratic in a block of many
    // calls), so every site keeps the position it was found at.
    let mut splices: Vec<(Handle<Block>, usize, Vec<Stmt>)> = Vec::new();
    let mut replacements = no_replacements(f);
    for site in sites {
        let Some(callee) = module.functions.get(site.callee) else {
            continue;
        };
        let size = callee.values.len();
        if f.values.len().saturating_add(size) > MAX_VALUES || size > *budget {
            continue;
        }
        *budget -= size;
        let callee = callee.clone();
        let (block, index) = (site.block, site.index);
        if let Some(stmts) = inline_one(module, f, callee, site, interner, &mut replacements) {
            splices.push((block, index, stmts));
        }
    }
    splices.sort_by_key(|(b, i, _)| (*b, *i));
    let mut splices = splices.into_iter().peekable();
    while let Some(&(b, _, _)) = splices.peek() {
        let Some(block) = f.blocks.get_mut(b) else {
            while splices.next_if(|(x, _, _)| *x == b).is_some() {}
            continue;
        };
        let old = std::mem::take(&mut block.stmts);
        let mut stmts = Vec::with_capacity(old.len());
        for (i, stmt) in old.into_iter().enumerate() {
            match splices.next_if(|(x, at, _)| *x == b && *at == i) {
                Some((_, _, body)) => stmts.extend(body),
                None => stmts.push(stmt),
            }
        }
        // A site past the end of its block (not in valid IR) is dropped.
        while splices.next_if(|(x, _, _)| *x == b).is_some() {}
        block.stmts = stmts;
    }
    replace_uses(f, &replacements);
}

/// Copies `callee`'s locals, values and blocks into `f` (parameters become the arguments);
/// returns the copy of the callee's body block, which starts by storing each copied local's
/// initial value: a local starts afresh on every call, and an inlined call may run many times
/// in one invocation of `f`.
fn copy_callee(
    module: &mut Module,
    f: &mut Function,
    callee: &Function,
    args: &[Handle<Value>],
    interner: &mut ConstantInterner,
) -> Handle<Block> {
    let mut init_stores = Vec::new();
    let mut locals = Vec::with_capacity(callee.locals.len());
    for (_, l) in callee.locals.iter() {
        let new = f.locals.append(LocalVariable {
            init: None,
            ..l.clone()
        });
        locals.push(new);
        let start = match l.init {
            Some(c) => c,
            None => zero_constant(module, interner, l.ty),
        };
        let value = constant_value(f, start, l.ty);
        let ptr_ty = module.pointer_type(l.ty, AddressSpace::Function);
        let pointer = f.values.append(Value {
            ty: ptr_ty,
            def: ValueDef::LocalPointer(new),
            name: None,
        });
        init_stores.push(Stmt {
            kind: StmtKind::Store { pointer, value },
            loc: None,
        });
    }
    let mut vmap: Vec<Handle<Value>> = Vec::with_capacity(callee.values.len());
    // Names are ids into the callee's table: each is added to `f`'s once per copy.
    let mut name_map: Vec<Option<NameId>> = vec![None; callee.names.len()];
    for (_, v) in callee.values.iter() {
        match v.def {
            ValueDef::Param(k) => {
                let arg = args
                    .get(k as usize)
                    .copied()
                    .unwrap_or(Handle::from_index(0));
                vmap.push(arg);
            }
            _ => {
                let mut nv = v.clone();
                if let ValueDef::LocalPointer(l) = &mut nv.def {
                    if let Some(new) = locals.get(l.index()) {
                        *l = *new;
                    }
                }
                if let Some(id) = v.name {
                    nv.name = match name_map.get(id.index()).copied().flatten() {
                        Some(new) => Some(new),
                        None => {
                            let new = callee.name_text(id).and_then(|text| f.add_name(text));
                            if let Some(slot) = name_map.get_mut(id.index()) {
                                *slot = new;
                            }
                            new
                        }
                    };
                }
                vmap.push(f.values.append(nv));
            }
        }
    }
    let vm = |h: Handle<Value>| vmap.get(h.index()).copied().unwrap_or(h);
    for (old, v) in callee.values.iter() {
        if matches!(v.def, ValueDef::Param(_)) {
            continue;
        }
        if let Some(value) = f.values.get_mut(vm(old)) {
            if let ValueDef::Op(op) = &mut value.def {
                op.for_each_operand_mut(|o| *o = vm(*o));
            }
        }
    }
    let bmap: Vec<Handle<Block>> = callee
        .blocks
        .iter()
        .map(|_| f.blocks.append(Block::default()))
        .collect();
    let bm = |h: Handle<Block>| bmap.get(h.index()).copied().unwrap_or(h);
    for (old, block) in callee.blocks.iter() {
        let mut block = block.clone();
        for stmt in &mut block.stmts {
            stmt.kind.for_each_operand_mut(|o| *o = vm(*o));
            match &mut stmt.kind {
                StmtKind::Value(v) => *v = vm(*v),
                StmtKind::If {
                    accept,
                    reject,
                    results,
                    ..
                } => {
                    *accept = bm(*accept);
                    *reject = bm(*reject);
                    results.iter_mut().for_each(|r| *r = vm(*r));
                }
                StmtKind::Loop(l) => {
                    l.body = bm(l.body);
                    l.carried.iter_mut().for_each(|c| c.value = vm(c.value));
                    l.results.iter_mut().for_each(|r| *r = vm(*r));
                }
                _ => {}
            }
        }
        if let Some(slot) = f.blocks.get_mut(bm(old)) {
            *slot = block;
        }
    }
    let body = bm(callee.body);
    if let Some(b) = f.blocks.get_mut(body) {
        b.stmts.splice(0..0, init_stores);
    }
    body
}

/// Inlines one call site. A body that can be spliced in place of the call is returned, for the
/// caller to put at the site (and the call's result is recorded in `replacements`, which the
/// caller applies once); otherwise the call is replaced here by a loop that runs once.
fn inline_one(
    module: &mut Module,
    f: &mut Function,
    mut callee: Function,
    site: Site,
    interner: &mut ConstantInterner,
    replacements: &mut [Option<Handle<Value>>],
) -> Option<Vec<Stmt>> {
    // The callee's returns are reshaped in the copy taken for this site, before it is copied
    // into `f`, so the walks cost the callee's size and not the caller's.
    let returns: Vec<Pos> = walk_from(&callee, callee.body)
        .into_iter()
        .filter_map(|e| match e {
            Event::Stmt(b, i) => matches!(
                stmt_at(&callee, b, i).map(|s| &s.kind),
                Some(StmtKind::Return(_))
            )
            .then_some((b, i)),
            _ => None,
        })
        .collect();
    let body_len = callee.blocks.get(callee.body).map_or(0, |b| b.stmts.len());
    let simple =
        returns.len() == 1 && returns.first() == Some(&(callee.body, body_len.saturating_sub(1)));
    if !simple {
        // The copy below interns each local's starting constant and pointer type; doing so
        // first keeps the module's constants and types in the order they had when returns
        // were lifted after copying.
        for (_, l) in callee.locals.iter() {
            if l.init.is_none() {
                zero_constant(module, interner, l.ty);
            }
            module.pointer_type(l.ty, AddressSpace::Function);
        }
        let result_types: Vec<Handle<Type>> = callee.results.iter().map(|r| r.ty).collect();
        let root = callee.body;
        lift_returns_out_of_loops(module, &mut callee, root, &result_types, interner);
        // Every remaining return leaves the once-loop.
        for event in walk_from(&callee, root) {
            let Event::Stmt(b, i) = event else { continue };
            if let Some(stmt) = callee
                .blocks
                .get_mut(b)
                .and_then(|blk| blk.stmts.get_mut(i))
            {
                if let StmtKind::Return(values) = &stmt.kind {
                    stmt.kind = StmtKind::Break(values.clone());
                }
            }
        }
    }
    let body = copy_callee(module, f, &callee, &site.args, interner);
    let loc = stmt_at(f, site.block, site.index).and_then(|s| s.loc);
    if simple {
        let mut stmts = f
            .blocks
            .get_mut(body)
            .map(|b| std::mem::take(&mut b.stmts))
            .unwrap_or_default();
        let returned = match stmts.pop().map(|s| s.kind) {
            Some(StmtKind::Return(values)) => values,
            _ => Vec::new(),
        };
        if let (Some(v), Some(r)) = (site.result, returned.first()) {
            if let Some(slot) = replacements.get_mut(v.index()) {
                *slot = Some(*r);
            }
        }
        return Some(stmts);
    }
    let results: Vec<Handle<Value>> = site.result.into_iter().collect();
    for r in &results {
        if let Some(v) = f.values.get_mut(*r) {
            v.def = ValueDef::LoopResult;
        }
    }
    let wrapper = Stmt {
        kind: StmtKind::Loop(Box::new(luma_ir::Loop {
            carried: Vec::new(),
            body,
            results,
            control: LoopControl::default(),
        })),
        loc,
    };
    if let Some(slot) = f
        .blocks
        .get_mut(site.block)
        .and_then(|b| b.stmts.get_mut(site.index))
    {
        *slot = wrapper;
    }
    None
}

/// Rewrites returns inside the callee's loops (innermost loops first) so that every return
/// is outside all of them; see the module docs.
fn lift_returns_out_of_loops(
    module: &mut Module,
    f: &mut Function,
    body: Handle<Block>,
    result_types: &[Handle<Type>],
    interner: &mut ConstantInterner,
) {
    // Each round moves the returns of one loop out of it; returns never move into a loop, so
    // the number of loops times their depth bounds the rounds.
    for _ in 0..=f.blocks.len().saturating_mul(f.blocks.len()).min(1 << 20) {
        let tree = Tree::from_root(f, body);
        let depth = |b: Handle<Block>| {
            let mut d = 0usize;
            let mut current = b;
            while let Some((lb, _)) = innermost_loop(f, &tree, current) {
                d += 1;
                current = lb;
            }
            d
        };
        // The deepest return inside a loop.
        let mut best: Option<(Pos, usize)> = None;
        for event in walk_from(f, body) {
            let Event::Stmt(b, i) = event else { continue };
            if !matches!(stmt_at(f, b, i).map(|s| &s.kind), Some(StmtKind::Return(_))) {
                continue;
            }
            let Some(target) = innermost_loop(f, &tree, b) else {
                continue;
            };
            let d = depth(b);
            if best.is_none_or(|(_, bd)| d > bd) {
                best = Some((target, d));
            }
        }
        let Some((target, _)) = best else {
            return;
        };
        lift_loop(module, f, &tree, body, target, result_types, interner);
    }
}

fn bool_value(
    module: &mut Module,
    f: &mut Function,
    interner: &mut ConstantInterner,
    b: bool,
) -> Handle<Value> {
    let c = interner.scalar(module, Literal::Bool(b));
    let ty = module.scalar_type(luma_ir::Scalar::BOOL);
    constant_value(f, c, ty)
}

fn zero_value(
    module: &mut Module,
    f: &mut Function,
    interner: &mut ConstantInterner,
    ty: Handle<Type>,
) -> Handle<Value> {
    let c = zero_constant(module, interner, ty);
    constant_value(f, c, ty)
}

fn lift_loop(
    module: &mut Module,
    f: &mut Function,
    tree: &Tree,
    body: Handle<Block>,
    (lb, li): Pos,
    result_types: &[Handle<Type>],
    interner: &mut ConstantInterner,
) {
    let Some(old_results) = stmt_at(f, lb, li).and_then(|s| match &s.kind {
        StmtKind::Loop(l) => Some(l.results.clone()),
        _ => None,
    }) else {
        return;
    };
    let bool_ty = module.scalar_type(luma_ir::Scalar::BOOL);
    let name = f.add_name("returned");
    let flag = f.values.append(Value {
        ty: bool_ty,
        def: ValueDef::LoopResult,
        name,
    });
    let rets: Vec<Handle<Value>> = result_types
        .iter()
        .map(|ty| {
            f.values.append(Value {
                ty: *ty,
                def: ValueDef::LoopResult,
                name: None,
            })
        })
        .collect();
    let old_types: Vec<Handle<Type>> = old_results
        .iter()
        .filter_map(|r| f.values.get(*r).map(|v| v.ty))
        .collect();
    let t = bool_value(module, f, interner, true);
    let fl = bool_value(module, f, interner, false);
    let old_zeros: Vec<Handle<Value>> = old_types
        .iter()
        .map(|ty| zero_value(module, f, interner, *ty))
        .collect();
    let ret_zeros: Vec<Handle<Value>> = result_types
        .iter()
        .map(|ty| zero_value(module, f, interner, *ty))
        .collect();
    // Exits of this loop: breaks and returns whose innermost loop it is.
    let mut edits: Vec<Pos> = Vec::new();
    for event in walk_from(f, body) {
        let Event::Stmt(b, i) = event else { continue };
        if matches!(
            stmt_at(f, b, i).map(|s| &s.kind),
            Some(StmtKind::Break(_) | StmtKind::Return(_))
        ) && innermost_loop(f, tree, b) == Some((lb, li))
        {
            edits.push((b, i));
        }
    }
    for (b, i) in edits {
        let Some(stmt) = f.blocks.get_mut(b).and_then(|blk| blk.stmts.get_mut(i)) else {
            continue;
        };
        match &mut stmt.kind {
            StmtKind::Break(args) => {
                args.push(fl);
                args.extend(ret_zeros.iter().copied());
            }
            StmtKind::Return(values) => {
                let mut args = old_zeros.clone();
                args.push(t);
                args.extend(values.iter().copied());
                stmt.kind = StmtKind::Break(args);
            }
            _ => {}
        }
    }
    let loc = stmt_at(f, lb, li).and_then(|s| s.loc);
    if let Some(StmtKind::Loop(l)) = f
        .blocks
        .get_mut(lb)
        .and_then(|blk| blk.stmts.get_mut(li))
        .map(|s| &mut s.kind)
    {
        l.results.push(flag);
        l.results.extend(rets.iter().copied());
    }
    let accept = f.blocks.append(Block {
        stmts: vec![Stmt {
            kind: StmtKind::Return(rets),
            loc,
        }],
    });
    let reject = f.blocks.append(Block {
        stmts: vec![Stmt {
            kind: StmtKind::Yield(Vec::new()),
            loc,
        }],
    });
    if let Some(block) = f.blocks.get_mut(lb) {
        let at = (li + 1).min(block.stmts.len());
        block.stmts.insert(
            at,
            Stmt {
                kind: StmtKind::If {
                    condition: flag,
                    accept,
                    reject,
                    results: Box::default(),
                },
                loc,
            },
        );
    }
}
