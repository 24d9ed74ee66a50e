//! Copy propagation: uses of a value that merely copies another are replaced by the original.
//!
//! Copies are: `convert` and `bitcast` to the operand's own type, `compose` of one part of the
//! result's type, `extract` of a part of a struct, array or matrix `compose`, a `shuffle` that
//! picks one operand whole, `select` between one value twice; duplicate constant,
//! global-pointer and local-pointer values; an `if` result that every
//! yielding arm binds to one value defined before the `if`; a carried value that every
//! `continue` passes unchanged (or passes its initial value); a loop result that every `break`
//! binds to one value defined before the loop. The replaced values' statements go; region
//! results that become unused are left for dead code elimination.

use luma_base::Handle;
use luma_ir::{Constant, ConstantValue, Function, Module, Op, StmtKind, Type, Value, ValueDef};
use rustc_hash::FxHashMap;

use crate::util::{
    compact_function, drop_placements, for_each_function, no_replacements, reach_live,
    replace_uses, resolve, stmt_at, Pos, Tree,
};

/// Runs copy propagation on every function.
pub(crate) fn run(module: &mut Module) {
    run_with(module, true);
}

/// [`run`] on functions that may hold orphan values (the basic pipeline compacts once, after
/// its last pass), leaving them in place unless `compact`. The result, once compacted, is what
/// [`run`] makes of the compacted input: an orphan never becomes the kept copy of a
/// duplicate function-wide value.
pub(crate) fn run_with(module: &mut Module, compact: bool) {
    let mut state = CopyProp::new();
    for_each_function(module, |module, f| {
        let live = (!compact).then(|| reach_live(f));
        state.function(module, f, live.as_deref());
        if compact {
            compact_function(f);
        }
    });
}

/// Copy propagation's state from one function to the next: the canonical constants, kept up
/// to date as the module's constants grow, and the first-value tables. The basic pipeline run
/// one function at a time (see [`crate::FunctionOptimizer`]) keeps one across the module.
pub(crate) struct CopyProp {
    canonical: CanonicalConstants,
    first: FirstValues,
}

impl CopyProp {
    pub(crate) fn new() -> Self {
        CopyProp {
            canonical: CanonicalConstants::default(),
            first: FirstValues {
                constants: Vec::new(),
                globals: Vec::new(),
                locals: Vec::new(),
                set: Vec::new(),
            },
        }
    }

    /// Propagates the copies of `f`, a function of `module` moved out of it; `live`, when
    /// given, marks the values compaction would keep (see [`propagate`]).
    pub(crate) fn function(&mut self, module: &Module, f: &mut Function, live: Option<&[bool]>) {
        self.canonical.catch_up(module);
        // Every entry is `None` between functions (each clears what it set).
        self.first.constants.resize(module.constants.len(), None);
        self.first.globals.resize(module.globals.len(), None);
        propagate(module, f, &self.canonical.of, live, &mut self.first);
    }
}

/// For each constant, the first constant equal to it (same type and value; specialization
/// constants are only equal to themselves), for the constants seen so far.
#[derive(Default)]
struct CanonicalConstants {
    first: FxHashMap<(Handle<Type>, ValueKey), Handle<Constant>>,
    /// By constant index.
    of: Vec<Handle<Constant>>,
}

impl CanonicalConstants {
    /// Takes in the constants appended to `module` since the last call. Constants are only
    /// ever appended while functions are optimised (compaction comes after), so those seen
    /// before keep their answer; if the arena shrank all the same, it starts over.
    fn catch_up(&mut self, module: &Module) {
        if self.of.len() > module.constants.len() {
            *self = CanonicalConstants::default();
        }
        for i in self.of.len()..module.constants.len() {
            let h = Handle::from_index(i as u32);
            let canonical = match module.constants.get(h) {
                Some(c) if c.spec_id.is_none() => {
                    // Composite parts are already canonical handles or equal-valued ones, so
                    // equal part lists are an exact key; scalars compare by type and bits.
                    let key = match &c.value {
                        ConstantValue::Scalar(lit) => ValueKey::Scalar(lit.scalar(), bits(*lit)),
                        ConstantValue::Composite(parts) => ValueKey::Composite(parts.clone()),
                        ConstantValue::Zero => ValueKey::Zero,
                    };
                    *self.first.entry((c.ty, key)).or_insert(h)
                }
                _ => h,
            };
            self.of.push(canonical);
        }
    }
}

/// A constant's value as a hash key: equal keys are equal values.
#[derive(PartialEq, Eq, Hash)]
enum ValueKey {
    Scalar(luma_ir::Scalar, u32),
    Composite(Vec<Handle<Constant>>),
    Zero,
}

fn bits(lit: luma_ir::Literal) -> u32 {
    match lit {
        luma_ir::Literal::Bool(b) => u32::from(b),
        luma_ir::Literal::I32(v) => v as u32,
        luma_ir::Literal::U32(v) => v,
        luma_ir::Literal::F32(v) => v.to_bits(),
        luma_ir::Literal::F16(v) => u32::from(v),
    }
}

/// The first value of a function for each canonical constant, global and local: tables
/// indexed by handle instead of a hash map, kept across functions (each function clears the
/// entries it set). A constant value has its constant's type and a canonical constant the
/// type of those it stands for, so the constant alone is the key.
struct FirstValues {
    constants: Vec<Option<Handle<Value>>>,
    globals: Vec<Option<Handle<Value>>>,
    locals: Vec<Option<Handle<Value>>>,
    /// The constant and global entries set for this function, to clear.
    set: Vec<Key>,
}

/// An entry of [`FirstValues`] to clear.
enum Key {
    Constant(usize),
    Global(usize),
}

/// `live`, when given, marks the values compaction would keep; only those are candidates.
fn propagate(
    module: &Module,
    f: &mut Function,
    canonical: &[Handle<Constant>],
    live: Option<&[bool]>,
    first: &mut FirstValues,
) {
    let n = f.values.len();
    let mut map = no_replacements(f);
    let mut killed = vec![false; n];
    let set = |map: &mut Vec<Option<Handle<Value>>>, from: Handle<Value>, to: Handle<Value>| {
        if from != to {
            if let Some(slot) = map.get_mut(from.index()) {
                *slot = Some(to);
            }
        }
    };

    // Duplicate function-wide values.
    first.locals.clear();
    first.locals.resize(f.locals.len(), None);
    for (h, v) in f.values.iter() {
        if live.is_some_and(|live| !live.get(h.index()).copied().unwrap_or(false)) {
            continue;
        }
        let slot = match v.def {
            ValueDef::Constant(c) => {
                let c = canonical.get(c.index()).copied().unwrap_or(c);
                first.set.push(Key::Constant(c.index()));
                first.constants.get_mut(c.index())
            }
            ValueDef::GlobalPointer(g) => {
                first.set.push(Key::Global(g.index()));
                first.globals.get_mut(g.index())
            }
            ValueDef::LocalPointer(l) => first.locals.get_mut(l.index()),
            _ => continue,
        };
        if let Some(slot) = slot {
            let keep = *slot.get_or_insert(h);
            set(&mut map, h, keep);
        }
    }
    for key in first.set.drain(..) {
        let slot = match key {
            Key::Constant(i) => first.constants.get_mut(i),
            Key::Global(i) => first.globals.get_mut(i),
        };
        if let Some(slot) = slot {
            *slot = None;
        }
    }
    // Canonical constants also replace their duplicates in the definitions that stay.
    for (_, v) in f.values.iter_mut() {
        if let ValueDef::Constant(c) = &mut v.def {
            *c = canonical.get(c.index()).copied().unwrap_or(*c);
        }
    }

    // The block tree, loop exits and every statement in program order, from one walk (the
    // rewrites below change only the replacement map until `replace_uses`).
    let mut stmts = Vec::with_capacity(f.values.len());
    let (tree, regions) = Tree::with_regions(f, Some(&mut stmts));

    // Trivial copies, in program order so chains resolve.
    let ty_of = |f: &Function, v: Handle<Value>| f.values.get(v).map(|x| x.ty);
    for &(_, stmt) in &stmts {
        let StmtKind::Value(v) = &stmt.kind else {
            continue;
        };
        let v = *v;
        let Some(Value {
            def: ValueDef::Op(op),
            ty,
            ..
        }) = f.values.get(v)
        else {
            continue;
        };
        let ty = *ty;
        let same = |x: Handle<Value>| ty_of(f, x) == Some(ty);
        let source = match op {
            Op::Convert { value } | Op::Bitcast { value } if same(*value) => Some(*value),
            Op::Compose { components } => match components.as_slice() {
                [x] if same(*x) => Some(*x),
                _ => None,
            },
            // A part of a composite built here is the value it was built from (the entry
            // point's result struct, composed only to be taken apart into its outputs).
            Op::Extract { base, index } => {
                let base = resolve(&map, *base);
                match f.values.get(base).map(|b| &b.def) {
                    // Not vectors: a vector may be composed of smaller vectors (then part
                    // `index` is not component `index`), and `v.x` of a vector built from
                    // scalars reads as well as the scalar (which the text targets would have
                    // to name, now used twice).
                    Some(ValueDef::Op(Op::Compose { components }))
                        if module
                            .value_inner(f, base)
                            .is_some_and(|t| t.vector_size().is_none()) =>
                    {
                        components
                            .get(*index as usize)
                            .copied()
                            .filter(|&x| same(x))
                    }
                    _ => None,
                }
            }
            Op::Shuffle { a, b, pattern } => {
                let count = |x: Handle<Value>| {
                    module
                        .value_inner(f, x)
                        .and_then(|t| t.vector_size())
                        .map_or(0, |s| s.count())
                };
                let (na, nb) = (count(*a), count(*b));
                let identity = |start: u32, len: u32| {
                    pattern.len() == len as usize
                        && pattern
                            .iter()
                            .enumerate()
                            .all(|(k, p)| *p == start + k as u32)
                };
                if same(*a) && identity(0, na) {
                    Some(*a)
                } else if same(*b) && identity(na, nb) {
                    Some(*b)
                } else {
                    None
                }
            }
            Op::Select { accept, reject, .. }
                if resolve(&map, *accept) == resolve(&map, *reject) =>
            {
                Some(*accept)
            }
            _ => None,
        };
        if let Some(source) = source {
            let to = resolve(&map, source);
            set(&mut map, v, to);
            if let Some(k) = killed.get_mut(v.index()) {
                *k = true;
            }
        }
    }

    // Region values bound to one value on every path.
    // The regions in post-order (each after the regions nested in it, before the ones after
    // it): the rounds below look at nothing else. A value flows out of nested regions to the
    // ones around them and on to later ones, so one round settles what program order took a
    // round per nesting level for (an `elseif` chain of n arms assigning n locals: n rounds
    // over n^2 results).
    let region_stmts = post_order(&regions.in_order, &tree);
    // Each round may enable the next (a copy of a copy); the number of region values bounds it.
    for _ in 0..=n {
        let mut changed = false;
        for &(b, i) in &region_stmts {
            let Some(stmt) = stmt_at(f, b, i) else {
                continue;
            };
            match &stmt.kind {
                StmtKind::If {
                    accept,
                    reject,
                    results,
                    ..
                } => {
                    for (k, r) in results.iter().enumerate() {
                        if map.get(r.index()).copied().flatten().is_some() {
                            continue;
                        }
                        let mut incoming = Vec::new();
                        for arm in [*accept, *reject] {
                            if let Some(StmtKind::Yield(args)) = f
                                .blocks
                                .get(arm)
                                .and_then(|a| a.stmts.last())
                                .map(|s| &s.kind)
                            {
                                if let Some(a) = args.get(k) {
                                    incoming.push(resolve(&map, *a));
                                }
                            }
                        }
                        if let Some(y) = single(&incoming, None) {
                            if tree.visible_in(y, b) {
                                set(&mut map, *r, y);
                                changed = true;
                            }
                        }
                    }
                }
                StmtKind::Loop(l) => {
                    let (carried, results) = (&l.carried, &l.results);
                    let exits = regions.exits_of((b, i));
                    let args_at = |want_continue: bool, k: usize, map: &[Option<Handle<Value>>]| {
                        exits
                            .iter()
                            .filter_map(|&(eb, ei)| match stmt_at(f, eb, ei).map(|s| &s.kind) {
                                Some(StmtKind::Continue(args)) if want_continue => args.get(k),
                                Some(StmtKind::Break(args)) if !want_continue => args.get(k),
                                _ => None,
                            })
                            .map(|a| resolve(map, *a))
                            .collect::<Vec<_>>()
                    };
                    for (k, c) in carried.iter().enumerate() {
                        if map.get(c.value.index()).copied().flatten().is_some() {
                            continue;
                        }
                        let init = resolve(&map, c.init);
                        let incoming = args_at(true, k, &map);
                        if incoming.iter().all(|a| *a == init || *a == c.value) {
                            set(&mut map, c.value, init);
                            changed = true;
                        }
                    }
                    for (k, r) in results.iter().enumerate() {
                        if map.get(r.index()).copied().flatten().is_some() {
                            continue;
                        }
                        let incoming = args_at(false, k, &map);
                        if let Some(y) = single(&incoming, None) {
                            if tree.visible_in(y, b) {
                                set(&mut map, *r, y);
                                changed = true;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if !changed {
            break;
        }
    }
    replace_uses(f, &map);
    drop_placements(f, &killed);
}

/// `in_order` (region statements in program order, a pre-order of the block tree) in
/// post-order: a region statement comes after every region statement inside its blocks.
fn post_order(in_order: &[Pos], tree: &Tree) -> Vec<Pos> {
    let mut out = Vec::with_capacity(in_order.len());
    // The regions that enclose the current one, innermost last.
    let mut open: Vec<Pos> = Vec::new();
    for &(b, i) in in_order {
        let owner = tree.parent.get(b.index()).copied().flatten();
        while let Some(&top) = open.last() {
            if Some(top) == owner {
                break;
            }
            out.push(top);
            open.pop();
        }
        open.push((b, i));
    }
    out.extend(open.into_iter().rev());
    out
}

/// The one value of a non-empty list whose entries are all equal (ignoring `except`).
fn single(values: &[Handle<Value>], except: Option<Handle<Value>>) -> Option<Handle<Value>> {
    let mut it = values.iter().copied().filter(|v| Some(*v) != except);
    let first = it.next()?;
    it.all(|v| v == first).then_some(first)
}
