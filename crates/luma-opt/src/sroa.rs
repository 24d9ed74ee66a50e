//! Scalar replacement of aggregates.
//!
//! **Promotion.** A function-local variable of at most [`MAX_PROMOTED_COMPONENTS`] scalars whose
//! pointers are only loaded, stored to, or refined by access chains whose indices are all
//! constants (in range) becomes SSA values: the
//! variable's current contents are a value, a load extracts from it, a store inserts into it.
//! Where control flow joins, the contents flow through new `If` results, loop-carried values
//! and loop results, like any other value.
//!
//! **Composites.** `extract` of a `compose` is the part (or an `extract` of the vector part
//! holding the component); `extract` of an `insert` is the inserted value at the same index
//! and an `extract` of the base otherwise; `extract` of a `splat` or `shuffle` reads the source
//! component; an `insert` over an `insert` at the same index skips the inner one; a chain of
//! `insert`s that replaces every part becomes one `compose`; `extract_dynamic` and
//! `insert_dynamic` with a constant in-range index become `extract` and `insert`; a `shuffle`
//! that only picks scalars a `compose` or `splat` put in becomes a `compose` of them.
//!
//! Promotion walks nested blocks recursively, at most [`Limits::nesting_depth`] deep; a
//! function nested deeper keeps its variables.

use std::collections::BTreeSet;

use luma_base::{Handle, Limits};
use luma_ir::proc::{part_type, ConstantInterner};
use luma_ir::{
    Block, Function, Literal, LocalVariable, LoopVar, Module, Op, Stmt, StmtKind, Type, TypeInner,
    Value, ValueDef,
};

use crate::util::{
    compact_function, constant_value, drop_placements, for_each_function, literal_of,
    no_replacements, program_order, replace_uses, resolve, stmt_at, zero_constant, Event, Pos,
    Tree,
};

/// Runs scalar replacement on every function.
pub(crate) fn run(module: &mut Module) {
    let mut interner = ConstantInterner::new();
    for_each_function(module, |module, f| {
        promote(module, f, &mut interner);
        composites(module, f);
        compact_function(f);
    });
}

// ---------------------------------------------------------------------------------------------
// Composites

fn composites(module: &mut Module, f: &mut Function) {
    let mut map = no_replacements(f);
    let mut killed = vec![false; f.values.len()];
    for event in program_order(f) {
        let Event::Stmt(b, i) = event else { continue };
        let Some(StmtKind::Value(v)) = stmt_at(f, b, i).map(|s| &s.kind) else {
            continue;
        };
        let v = *v;
        let Some(Value {
            def: ValueDef::Op(op),
            ..
        }) = f.values.get(v)
        else {
            continue;
        };
        let mut op = op.clone();
        op.for_each_operand_mut(|o| *o = resolve(&map, *o));
        match simplify_composite(module, f, &op) {
            Some(Simplified::Value(x)) => {
                if let (Some(slot), Some(k)) = (map.get_mut(v.index()), killed.get_mut(v.index())) {
                    *slot = Some(x);
                    *k = true;
                }
            }
            Some(Simplified::Op(new)) => {
                if let Some(value) = f.values.get_mut(v) {
                    value.def = ValueDef::Op(new);
                }
            }
            None => {
                if let Some(value) = f.values.get_mut(v) {
                    value.def = ValueDef::Op(op);
                }
            }
        }
    }
    replace_uses(f, &map);
    drop_placements(f, &killed);
}

enum Simplified {
    Value(Handle<Value>),
    Op(Op),
}

fn op_of(f: &Function, v: Handle<Value>) -> Option<&Op> {
    match &f.values.get(v)?.def {
        ValueDef::Op(op) => Some(op),
        _ => None,
    }
}

fn const_index(module: &Module, f: &Function, v: Handle<Value>) -> Option<u32> {
    match literal_of(module, f, v)? {
        Literal::I32(i) => u32::try_from(i).ok(),
        Literal::U32(i) => Some(i),
        _ => None,
    }
}

fn vector_len(module: &Module, f: &Function, v: Handle<Value>) -> Option<u32> {
    module.value_inner(f, v)?.vector_size().map(|s| s.count())
}

fn simplify_composite(module: &Module, f: &Function, op: &Op) -> Option<Simplified> {
    match op {
        Op::Extract { base, index } => {
            let index = *index;
            match op_of(f, *base)? {
                Op::Compose { components } => {
                    let vector = matches!(module.value_inner(f, *base)?, TypeInner::Vector { .. });
                    if !vector {
                        return components
                            .get(index as usize)
                            .map(|c| Simplified::Value(*c));
                    }
                    // Find the part that holds component `index`.
                    let mut start = 0;
                    for c in components {
                        match vector_len(module, f, *c) {
                            None if start == index => return Some(Simplified::Value(*c)),
                            None => start += 1,
                            Some(n) if index < start + n => {
                                return Some(Simplified::Op(Op::Extract {
                                    base: *c,
                                    index: index - start,
                                }))
                            }
                            Some(n) => start += n,
                        }
                    }
                    None
                }
                Op::Insert {
                    base: inner,
                    value,
                    index: at,
                } => Some(if *at == index {
                    Simplified::Value(*value)
                } else {
                    Simplified::Op(Op::Extract {
                        base: *inner,
                        index,
                    })
                }),
                Op::Splat { value } => Some(Simplified::Value(*value)),
                Op::Shuffle { a, b, pattern } => {
                    let p = *pattern.get(index as usize)?;
                    let na = vector_len(module, f, *a)?;
                    Some(Simplified::Op(if p < na {
                        Op::Extract { base: *a, index: p }
                    } else {
                        Op::Extract {
                            base: *b,
                            index: p - na,
                        }
                    }))
                }
                _ => None,
            }
        }
        Op::Insert { base, value, index } => {
            // Inserts that replace every part become one compose.
            let count = module.value_inner(f, *base)?.part_count()?;
            if count <= 16 {
                let mut parts: Vec<Option<Handle<Value>>> = vec![None; count as usize];
                if let Some(slot) = parts.get_mut(*index as usize) {
                    *slot = Some(*value);
                }
                let mut current = *base;
                for _ in 0..count {
                    let Some(Op::Insert {
                        base: inner,
                        value: v,
                        index: i,
                    }) = op_of(f, current)
                    else {
                        break;
                    };
                    if let Some(slot @ None) = parts.get_mut(*i as usize) {
                        *slot = Some(*v);
                    }
                    current = *inner;
                }
                if parts.iter().all(Option::is_some) {
                    return Some(Simplified::Op(Op::Compose {
                        components: parts.into_iter().flatten().collect(),
                    }));
                }
            }
            match op_of(f, *base)? {
                Op::Insert {
                    base: inner,
                    index: at,
                    ..
                } if at == index => Some(Simplified::Op(Op::Insert {
                    base: *inner,
                    value: *value,
                    index: *index,
                })),
                _ => None,
            }
        }
        Op::Shuffle { a, b, pattern } => {
            // Picks of scalars that a compose or splat put in: compose the scalars directly.
            let (ca, cb) = (scalar_parts(module, f, *a)?, scalar_parts(module, f, *b)?);
            let all: Vec<Option<Handle<Value>>> = ca.into_iter().chain(cb).collect();
            let components = pattern
                .iter()
                .map(|p| all.get(*p as usize).copied().flatten())
                .collect::<Option<Vec<_>>>()?;
            Some(Simplified::Op(Op::Compose { components }))
        }
        Op::ExtractDynamic { base, index } => {
            let i = const_index(module, f, *index)?;
            (i < vector_len(module, f, *base)?).then_some(Simplified::Op(Op::Extract {
                base: *base,
                index: i,
            }))
        }
        Op::InsertDynamic { base, value, index } => {
            let i = const_index(module, f, *index)?;
            Some(if i < vector_len(module, f, *base)? {
                Simplified::Op(Op::Insert {
                    base: *base,
                    value: *value,
                    index: i,
                })
            } else {
                // An out-of-range index leaves the vector unchanged.
                Simplified::Value(*base)
            })
        }
        _ => None,
    }
}

/// For each component of vector `v`: the scalar value it came from, when `v` is a `compose`
/// (scalar parts only; vector parts give `None` for their components) or a `splat`.
fn scalar_parts(
    module: &Module,
    f: &Function,
    v: Handle<Value>,
) -> Option<Vec<Option<Handle<Value>>>> {
    let n = vector_len(module, f, v)?;
    Some(match op_of(f, v) {
        Some(Op::Splat { value }) => vec![Some(*value); n as usize],
        Some(Op::Compose { components }) => {
            let mut out = Vec::with_capacity(n as usize);
            for c in components {
                match vector_len(module, f, *c) {
                    None => out.push(Some(*c)),
                    Some(k) => out.extend(std::iter::repeat_n(None, k as usize)),
                }
            }
            out
        }
        _ => vec![None; n as usize],
    })
}

// ---------------------------------------------------------------------------------------------
// Promotion of locals

/// For each pointer value into a promotable local: the local and the constant index path.
type Paths = Vec<Option<(Handle<LocalVariable>, Vec<u32>)>>;

/// The most scalar components a promoted variable may have: bigger aggregates would be copied
/// whole by every `insert` in the generated code, where memory updates one element.
pub const MAX_PROMOTED_COMPONENTS: u64 = 32;

/// The number of scalars in each type of the arena (saturating), computed in arena order since
/// types only refer to earlier ones.
fn component_counts(module: &Module) -> Vec<u64> {
    let mut counts: Vec<u64> = Vec::with_capacity(module.types.len());
    for (_, ty) in module.types.iter() {
        let of =
            |h: Handle<Type>, counts: &Vec<u64>| counts.get(h.index()).copied().unwrap_or(u64::MAX);
        let n = match &ty.inner {
            TypeInner::Scalar(_) | TypeInner::Atomic(_) => 1,
            TypeInner::Vector { size, .. } => u64::from(size.count()),
            TypeInner::Matrix { columns, rows, .. } => {
                u64::from(columns.count()) * u64::from(rows.count())
            }
            TypeInner::Array {
                base,
                size: luma_ir::ArraySize::Constant(n),
            } => of(*base, &counts).saturating_mul(u64::from(*n)),
            TypeInner::Struct { members } => members
                .iter()
                .fold(0u64, |acc, m| acc.saturating_add(of(m.ty, &counts))),
            _ => u64::MAX,
        };
        counts.push(n);
    }
    counts
}

/// Which locals can be promoted, and the path of every pointer into them.
fn promotable(module: &Module, f: &Function) -> (Vec<bool>, Paths) {
    let counts = component_counts(module);
    let mut ok: Vec<bool> = f
        .locals
        .iter()
        .map(|(_, l)| {
            counts.get(l.ty.index()).copied().unwrap_or(u64::MAX) <= MAX_PROMOTED_COMPONENTS
        })
        .collect();
    let mut paths: Paths = vec![None; f.values.len()];
    for (h, v) in f.values.iter() {
        if let ValueDef::LocalPointer(l) = v.def {
            if let Some(slot) = paths.get_mut(h.index()) {
                *slot = Some((l, Vec::new()));
            }
        }
    }
    let spoil = |l: Handle<LocalVariable>, ok: &mut Vec<bool>| {
        if let Some(flag) = ok.get_mut(l.index()) {
            *flag = false;
        }
    };
    // Access chains follow their base in program order.
    for event in program_order(f) {
        let Event::Stmt(b, i) = event else { continue };
        let Some(StmtKind::Value(v)) = stmt_at(f, b, i).map(|s| &s.kind) else {
            continue;
        };
        let Some(ValueDef::Op(Op::AccessChain { base, indices, .. })) =
            f.values.get(*v).map(|x| &x.def)
        else {
            continue;
        };
        let Some(Some((l, prefix))) = paths.get(base.index()).cloned() else {
            continue;
        };
        let mut path = prefix;
        let mut ty = f
            .values
            .get(*base)
            .and_then(|x| luma_ir::proc::pointer_parts(&module.types, x.ty))
            .map(|(t, _)| t);
        let mut good = true;
        for index in indices {
            let Some(t) = ty else {
                good = false;
                break;
            };
            let count = module.type_inner(t).and_then(TypeInner::part_count);
            match (const_index(module, f, *index), count) {
                (Some(n), Some(c)) if n < c => {
                    path.push(n);
                    ty = luma_ir::proc::part_type_of(&module.types, t, n);
                }
                _ => {
                    good = false;
                    break;
                }
            }
        }
        if good {
            if let Some(slot) = paths.get_mut(v.index()) {
                *slot = Some((l, path));
            }
        } else {
            spoil(l, &mut ok);
        }
    }
    // Every other use of a pointer into a local spoils it.
    let check = |o: Handle<Value>, allowed: bool, ok: &mut Vec<bool>| {
        if allowed {
            return;
        }
        if let Some(Some((l, _))) = paths.get(o.index()) {
            spoil(*l, ok);
        }
    };
    for (_, v) in f.values.iter() {
        match &v.def {
            ValueDef::Op(Op::AccessChain { base, indices, .. }) => {
                check(*base, true, &mut ok);
                indices.iter().for_each(|i| check(*i, false, &mut ok));
            }
            ValueDef::Op(Op::Load { pointer }) => check(*pointer, true, &mut ok),
            ValueDef::Op(op) => op.for_each_operand(|o| check(o, false, &mut ok)),
            _ => {}
        }
    }
    for (_, block) in f.blocks.iter() {
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Store { pointer, value } => {
                    check(*pointer, true, &mut ok);
                    check(*value, false, &mut ok);
                }
                kind => kind.for_each_operand(|o| check(o, false, &mut ok)),
            }
        }
    }
    (ok, paths)
}

struct Promoter<'a> {
    module: &'a mut Module,
    interner: &'a mut ConstantInterner,
    f: Function,
    promoted: Vec<bool>,
    paths: Paths,
    /// Promoted locals stored inside each region statement, by position.
    stored: Vec<(Pos, BTreeSet<Handle<LocalVariable>>)>,
    /// Whole-value loads replaced by the current contents.
    map: Vec<Option<Handle<Value>>>,
    depth_limit: u32,
}

/// The enclosing loop of a walk: which promoted locals it carries.
struct LoopCtx {
    locals: Vec<Handle<LocalVariable>>,
}

type State = Vec<Option<Handle<Value>>>;

/// Why promotion gave up on a function (it then keeps its variables).
struct Abort;

fn promote(module: &mut Module, f: &mut Function, interner: &mut ConstantInterner) {
    let (ok, paths) = promotable(module, f);
    let promoted: Vec<bool> = ok;
    if !promoted.iter().any(|p| *p) {
        return;
    }
    // Which promoted locals each region stores to.
    let tree = Tree::new(f);
    let mut stored: Vec<(Pos, BTreeSet<Handle<LocalVariable>>)> = Vec::new();
    for event in program_order(f) {
        let Event::Stmt(b, i) = event else { continue };
        let Some(StmtKind::Store { pointer, .. }) = stmt_at(f, b, i).map(|s| &s.kind) else {
            continue;
        };
        let Some(Some((l, _))) = paths.get(pointer.index()) else {
            continue;
        };
        if !promoted.get(l.index()).copied().unwrap_or(false) {
            continue;
        }
        let mut current = b;
        for _ in 0..=tree.parent.len() {
            let Some(at) = tree.parent.get(current.index()).copied().flatten() else {
                break;
            };
            match stored.iter_mut().find(|(p, _)| *p == at) {
                Some((_, set)) => {
                    set.insert(*l);
                }
                None => stored.push((at, BTreeSet::from([*l]))),
            }
            current = at.0;
        }
    }
    let mut p = Promoter {
        module,
        interner,
        f: f.clone(),
        promoted,
        paths,
        stored,
        map: Vec::new(),
        depth_limit: Limits::default().nesting_depth,
    };
    p.map = no_replacements(&p.f);
    let mut state: State = vec![None; p.f.locals.len()];
    let locals: Vec<(Handle<LocalVariable>, LocalVariable)> =
        p.f.locals.iter().map(|(h, l)| (h, l.clone())).collect();
    for (h, local) in locals {
        if !p.promoted.get(h.index()).copied().unwrap_or(false) {
            continue;
        }
        let c = match local.init {
            Some(c) => c,
            None => zero_constant(p.module, p.interner, local.ty),
        };
        let v = constant_value(&mut p.f, c, local.ty);
        if let Some(slot) = state.get_mut(h.index()) {
            *slot = Some(v);
        }
    }
    let body = p.f.body;
    let mut loops = Vec::new();
    if p.block(body, &mut state, &mut loops, None, 0).is_err() {
        return;
    }
    let map = std::mem::take(&mut p.map);
    let mut out = p.f;
    let mut map = map;
    map.resize(out.values.len(), None);
    replace_uses(&mut out, &map);
    *f = out;
}

impl Promoter<'_> {
    fn promoted_path(&self, pointer: Handle<Value>) -> Option<(Handle<LocalVariable>, Vec<u32>)> {
        let (l, path) = self.paths.get(pointer.index())?.clone()?;
        self.promoted
            .get(l.index())
            .copied()
            .unwrap_or(false)
            .then_some((l, path))
    }

    fn stored_in(&self, at: Pos) -> Vec<Handle<LocalVariable>> {
        self.stored
            .iter()
            .find(|(p, _)| *p == at)
            .map(|(_, set)| set.iter().copied().collect())
            .unwrap_or_default()
    }

    fn local_ty(&self, l: Handle<LocalVariable>) -> Option<Handle<Type>> {
        self.f.locals.get(l).map(|x| x.ty)
    }

    fn new_value(&mut self, ty: Handle<Type>, def: ValueDef) -> Handle<Value> {
        self.f.values.append(Value {
            ty,
            def,
            name: None,
        })
    }

    /// Placed `extract`s from `cur` (of type `ty`) down `path`: the values and their types.
    fn extracts(
        &mut self,
        cur: Handle<Value>,
        ty: Handle<Type>,
        path: &[u32],
        out: &mut Vec<Stmt>,
        loc: Option<luma_ir::SourceLoc>,
    ) -> Option<Vec<(Handle<Value>, Handle<Type>)>> {
        let mut chain = vec![(cur, ty)];
        let (mut v, mut t) = (cur, ty);
        for index in path {
            let pt = part_type(&mut self.module.types, t, *index)?;
            let e = self.new_value(
                pt,
                ValueDef::Op(Op::Extract {
                    base: v,
                    index: *index,
                }),
            );
            out.push(Stmt {
                kind: StmtKind::Value(e),
                loc,
            });
            v = e;
            t = pt;
            chain.push((v, t));
        }
        Some(chain)
    }

    fn block(
        &mut self,
        b: Handle<Block>,
        state: &mut State,
        loops: &mut Vec<LoopCtx>,
        yield_ext: Option<&[Handle<LocalVariable>]>,
        depth: u32,
    ) -> Result<(), Abort> {
        if depth > self.depth_limit {
            return Err(Abort);
        }
        let stmts = self
            .f
            .blocks
            .get(b)
            .map(|x| x.stmts.clone())
            .unwrap_or_default();
        let mut out: Vec<Stmt> = Vec::with_capacity(stmts.len());
        for (i, stmt) in stmts.into_iter().enumerate() {
            let loc = stmt.loc;
            match stmt.kind {
                StmtKind::Value(v) => {
                    let op = match self.f.values.get(v).map(|x| &x.def) {
                        Some(ValueDef::Op(op)) => op.clone(),
                        _ => {
                            out.push(Stmt {
                                kind: StmtKind::Value(v),
                                loc,
                            });
                            continue;
                        }
                    };
                    match op {
                        Op::AccessChain { .. } if self.promoted_path(v).is_some() => {}
                        Op::Load { pointer } => match self.promoted_path(pointer) {
                            Some((l, path)) => {
                                let (Some(cur), Some(ty)) =
                                    (state.get(l.index()).copied().flatten(), self.local_ty(l))
                                else {
                                    return Err(Abort);
                                };
                                match path.split_last() {
                                    None => {
                                        if let Some(slot) = self.map.get_mut(v.index()) {
                                            *slot = Some(cur);
                                        }
                                    }
                                    Some((last, prefix)) => {
                                        let chain = self
                                            .extracts(cur, ty, prefix, &mut out, loc)
                                            .ok_or(Abort)?;
                                        let (base, _) = *chain.last().ok_or(Abort)?;
                                        if let Some(value) = self.f.values.get_mut(v) {
                                            value.def =
                                                ValueDef::Op(Op::Extract { base, index: *last });
                                        }
                                        out.push(Stmt {
                                            kind: StmtKind::Value(v),
                                            loc,
                                        });
                                    }
                                }
                            }
                            None => out.push(Stmt {
                                kind: StmtKind::Value(v),
                                loc,
                            }),
                        },
                        _ => out.push(Stmt {
                            kind: StmtKind::Value(v),
                            loc,
                        }),
                    }
                }
                StmtKind::Store { pointer, value } => match self.promoted_path(pointer) {
                    Some((l, path)) => {
                        let (Some(cur), Some(ty)) =
                            (state.get(l.index()).copied().flatten(), self.local_ty(l))
                        else {
                            return Err(Abort);
                        };
                        let new = if path.is_empty() {
                            value
                        } else {
                            let prefix = path.get(..path.len() - 1).unwrap_or(&[]);
                            let chain =
                                self.extracts(cur, ty, prefix, &mut out, loc).ok_or(Abort)?;
                            // Insert back up the chain: the innermost first.
                            let mut part = value;
                            for ((container, cty), index) in
                                chain.iter().rev().zip(path.iter().rev())
                            {
                                let ins = self.new_value(
                                    *cty,
                                    ValueDef::Op(Op::Insert {
                                        base: *container,
                                        value: part,
                                        index: *index,
                                    }),
                                );
                                out.push(Stmt {
                                    kind: StmtKind::Value(ins),
                                    loc,
                                });
                                part = ins;
                            }
                            part
                        };
                        if let Some(slot) = state.get_mut(l.index()) {
                            *slot = Some(new);
                        }
                    }
                    None => out.push(Stmt {
                        kind: StmtKind::Store { pointer, value },
                        loc,
                    }),
                },
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    let mut results = results.into_vec();
                    let locals = self.stored_in((b, i));
                    let mut after = state.clone();
                    for arm in [accept, reject] {
                        let mut arm_state = state.clone();
                        self.block(arm, &mut arm_state, loops, Some(&locals), depth + 1)?;
                    }
                    for l in &locals {
                        let ty = self.local_ty(*l).ok_or(Abort)?;
                        let r = self.new_value(ty, ValueDef::IfResult);
                        results.push(r);
                        if let Some(slot) = after.get_mut(l.index()) {
                            *slot = Some(r);
                        }
                    }
                    *state = after;
                    out.push(Stmt {
                        kind: StmtKind::If {
                            condition,
                            accept,
                            reject,
                            results: results.into_boxed_slice(),
                        },
                        loc,
                    });
                }
                StmtKind::Loop(mut lp) => {
                    let luma_ir::Loop {
                        carried,
                        body,
                        results,
                        ..
                    } = &mut *lp;
                    let body = *body;
                    let locals = self.stored_in((b, i));
                    let mut inside = state.clone();
                    for l in &locals {
                        let ty = self.local_ty(*l).ok_or(Abort)?;
                        let init = state.get(l.index()).copied().flatten().ok_or(Abort)?;
                        let c = self.new_value(ty, ValueDef::LoopCarried);
                        carried.push(LoopVar { value: c, init });
                        if let Some(slot) = inside.get_mut(l.index()) {
                            *slot = Some(c);
                        }
                    }
                    loops.push(LoopCtx {
                        locals: locals.clone(),
                    });
                    let walked = self.block(body, &mut inside, loops, None, depth + 1);
                    loops.pop();
                    walked?;
                    for l in &locals {
                        let ty = self.local_ty(*l).ok_or(Abort)?;
                        let r = self.new_value(ty, ValueDef::LoopResult);
                        results.push(r);
                        if let Some(slot) = state.get_mut(l.index()) {
                            *slot = Some(r);
                        }
                    }
                    out.push(Stmt {
                        kind: StmtKind::Loop(lp),
                        loc,
                    });
                }
                StmtKind::Yield(mut args) => {
                    for l in yield_ext.unwrap_or(&[]) {
                        args.push(state.get(l.index()).copied().flatten().ok_or(Abort)?);
                    }
                    out.push(Stmt {
                        kind: StmtKind::Yield(args),
                        loc,
                    });
                }
                StmtKind::Continue(mut args) | StmtKind::Break(mut args)
                    if loops.last().is_some() =>
                {
                    let is_continue = matches!(
                        self.f
                            .blocks
                            .get(b)
                            .and_then(|x| x.stmts.get(i))
                            .map(|s| &s.kind),
                        Some(StmtKind::Continue(_))
                    );
                    let locals = loops.last().map(|c| c.locals.clone()).unwrap_or_default();
                    for l in &locals {
                        args.push(state.get(l.index()).copied().flatten().ok_or(Abort)?);
                    }
                    out.push(Stmt {
                        kind: if is_continue {
                            StmtKind::Continue(args)
                        } else {
                            StmtKind::Break(args)
                        },
                        loc,
                    });
                }
                kind => out.push(Stmt { kind, loc }),
            }
        }
        if let Some(block) = self.f.blocks.get_mut(b) {
            block.stmts = out;
        }
        Ok(())
    }
}
