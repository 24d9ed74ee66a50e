//! Field, index and swizzle chains, read and written.
//!
//! Values (SSA locals and computed values) use `Extract` / `ExtractDynamic` / `Shuffle` to read
//! and `Insert` / `InsertDynamic` / `Shuffle` to build the updated whole value. Memory (globals
//! and locals that live in memory) is reached with one `AccessChain` per access and loads or
//! stores only what is used: `ubo.lights[i].color` is one access chain and one load of a vec3.
//!
//! A swizzle written through memory (`buf.v.xz = w`) becomes one store per component through
//! an access chain to that component: no load of the vector, and the components not written are
//! never touched (no read-modify-write another invocation could race with). A compound swizzle
//! assignment loads the vector once for the old value.
//!
//! A value array or matrix indexed with a run-time index is spilled to a function-memory
//! variable (a constant is used as the variable's initializer instead of a store).
//!
//! Evaluation order of an assignment: the place's index expressions (outermost base first),
//! then the right-hand side, then the read-modify-write of the place.

use luma_base::{Handle, Span};
use luma_ir::{AddressSpace, Literal, Op, Scalar, StmtKind, Type, TypeInner, Value};
use luma_thir::{BinaryOp as TBin, Expr, ExprId, ExprKind, GlobalId, LocalId};

use crate::analysis;
use crate::context::GlobalSlot;
use crate::error::{Failure, LResult};
use crate::function::FnCtx;
use crate::types::Shape;

/// A step of a chain, before evaluation.
enum Step<'a> {
    Field(u32),
    Index(ExprId),
    Swizzle(&'a [u8]),
}

/// A step of a chain, with its index evaluated.
#[derive(Clone, Copy)]
enum EStep<'a> {
    /// A member or in-range constant index.
    Part(u32),
    /// A run-time index.
    Dyn(Handle<Value>),
    /// A swizzle: its components, borrowed from the typed program.
    Swizzle(&'a [u8]),
}

/// What a chain starts from.
enum Root {
    Local(LocalId),
    Global(GlobalId),
    Value(ExprId),
}

/// The part of a vector an assignment writes.
enum VecSel {
    /// The whole value (no vector-level step).
    Whole,
    /// These distinct components.
    Comps(Vec<u32>),
    /// One component chosen at run time.
    Dyn(Handle<Value>),
}

impl<'a> FnCtx<'_, '_, 'a> {
    fn chain(&self, id: ExprId) -> LResult<(Root, Vec<Step<'a>>, Span)> {
        let mut steps = Vec::new();
        let mut cur = id;
        let span = self.texpr(id)?.span;
        loop {
            if steps.len() as u32 > self.m.depth_limit() {
                return Err(Failure::too_deep(span, self.m.options.limits.nesting_depth));
            }
            let e: &'a Expr = self.texpr(cur)?;
            match &e.kind {
                ExprKind::Field { base, index } => {
                    steps.push(Step::Field(*index));
                    cur = *base;
                }
                ExprKind::Swizzle { base, components } => {
                    steps.push(Step::Swizzle(components.as_slice()));
                    cur = *base;
                }
                ExprKind::Index { base, index } => {
                    steps.push(Step::Index(*index));
                    cur = *base;
                }
                ExprKind::Local(l) => {
                    steps.reverse();
                    return Ok((Root::Local(*l), steps, span));
                }
                ExprKind::Global(g) => {
                    steps.reverse();
                    return Ok((Root::Global(*g), steps, span));
                }
                _ => {
                    steps.reverse();
                    return Ok((Root::Value(cur), steps, span));
                }
            }
        }
    }

    /// Evaluates the index expressions of `steps`, root first. (The result reuses the list's
    /// memory: both step types have one size, and `collect` then works in place.)
    fn eval_steps(&mut self, steps: Vec<Step<'a>>) -> LResult<Vec<EStep<'a>>> {
        steps
            .into_iter()
            .map(|s| {
                Ok(match s {
                    Step::Field(i) => EStep::Part(i),
                    Step::Swizzle(cs) => EStep::Swizzle(cs),
                    Step::Index(e) => match analysis::const_index(self.exprs, e) {
                        Some(c) if (0..=i64::from(u32::MAX)).contains(&c) => EStep::Part(c as u32),
                        _ => EStep::Dyn(self.expr(e)?),
                    },
                })
            })
            .collect()
    }

    /// The pointer and pointee type a chain root stands for, if it is memory.
    fn root_pointer(
        &mut self,
        root: &Root,
        span: Span,
    ) -> LResult<Option<(Handle<Value>, Handle<Type>)>> {
        match root {
            Root::Local(l) => match self.mem.get(l.index()).copied().flatten() {
                Some(ptr) => {
                    let local = self.local_def(*l)?;
                    Ok(Some((ptr, self.m.ty(local.ty, local.span)?)))
                }
                None => Ok(None),
            },
            Root::Global(g) => match self.global_slot(*g, span)? {
                GlobalSlot::Single(g) => {
                    let ptr = self.global_ptr(g)?;
                    let ty = self
                        .m
                        .module
                        .globals
                        .get(g)
                        .map(|g| g.ty)
                        .ok_or_else(|| Failure::malformed(span, "a lost global"))?;
                    Ok(Some((ptr, ty)))
                }
                GlobalSlot::Combined { .. } => Err(Failure::malformed(
                    span,
                    "a combined sampler used as a value outside a texture builtin",
                )),
            },
            Root::Value(_) => Ok(None),
        }
    }

    /// The address space of a pointer value.
    fn space_of(&self, ptr: Handle<Value>) -> LResult<AddressSpace> {
        match self.m.inner(self.vty(ptr)?)? {
            TypeInner::Pointer { space, .. } => Ok(space),
            _ => Err(Failure::malformed(
                Span::default(),
                "a pointer that is not a pointer",
            )),
        }
    }

    /// `AccessChain(base, indices)` with the right pointer type, or `base` itself.
    fn access(
        &mut self,
        base: Handle<Value>,
        indices: Vec<Handle<Value>>,
        pointee: Handle<Type>,
    ) -> LResult<Handle<Value>> {
        if indices.is_empty() {
            return Ok(base);
        }
        let space = self.space_of(base)?;
        let pty = self.m.pointer_ty(pointee, space);
        // Resources are indexed only by texture and image builtins (`load_handle`), which mark
        // their non-uniform indices; no place chain reaches `Handle` memory.
        self.emit(
            Op::AccessChain {
                base,
                indices,
                non_uniform: false,
            },
            pty,
        )
    }

    fn u32_lit(&mut self, k: u32) -> LResult<Handle<Value>> {
        self.lit(Literal::U32(k))
    }

    /// A run-time component index into a vector value of type `vty`, clamped into it as an
    /// unsigned number. An out-of-range dynamic index writes the clamped element
    /// (language.md §7.5), as it does for a vector in memory, whose access chain the back ends
    /// clamp; `InsertDynamic` itself leaves the vector unchanged for an out-of-range index, so
    /// without the clamp `v[k] = x` on a local dropped the write that `buf[i][k] = x` makes,
    /// and a compound `v[k] += x` read one component and wrote none.
    fn clamp_component(
        &mut self,
        index: Handle<Value>,
        vty: Handle<Type>,
    ) -> LResult<Handle<Value>> {
        let Shape::Vector(n, _) = self.m.shape(vty) else {
            return Ok(index);
        };
        let u = self.m.scalar_ty(Scalar::U32);
        let index = match self.scalar_of(self.vty(index)?)? {
            Scalar::U32 => index,
            _ => self.emit(Op::Bitcast { value: index }, u)?,
        };
        let last = self.u32_lit(n.count() - 1)?;
        self.emit(
            Op::Math {
                fun: luma_ir::MathFunction::Min,
                args: vec![index, last],
            },
            u,
        )
    }

    /// Reads a field / index / swizzle chain.
    pub fn read_place(&mut self, id: ExprId) -> LResult<Handle<Value>> {
        let (root, steps, span) = self.chain(id)?;
        if let Root::Value(e) = root {
            let v = self.expr(e)?;
            let steps = self.eval_steps(steps)?;
            return self.read_value(v, &steps, span);
        }
        let steps = self.eval_steps(steps)?;
        if let Some((ptr, ty)) = self.root_pointer(&root, span)? {
            return self.read_mem(ptr, ty, &steps, span);
        }
        let Root::Local(l) = root else {
            return Err(Failure::malformed(span, "a chain without a root"));
        };
        let v = self.read_local(l, span)?;
        self.read_value(v, &steps, span)
    }

    fn read_mem(
        &mut self,
        ptr: Handle<Value>,
        pointee: Handle<Type>,
        steps: &[EStep<'_>],
        span: Span,
    ) -> LResult<Handle<Value>> {
        let mut indices = Vec::new();
        let mut ty = pointee;
        let mut used = 0;
        for (i, step) in steps.iter().enumerate() {
            match step {
                EStep::Part(k) => {
                    let (pty, _) = self.m.part_ty(ty, *k)?;
                    indices.push(self.u32_lit(*k)?);
                    ty = pty;
                }
                EStep::Dyn(v) => {
                    if let TypeInner::Struct { .. } = self.m.inner(ty)? {
                        return Err(Failure::malformed(span, "a run-time index into a struct"));
                    }
                    let (pty, _) = self.m.part_ty(ty, 0)?;
                    indices.push(*v);
                    ty = pty;
                }
                EStep::Swizzle(cs) if cs.len() == 1 && i + 1 == steps.len() => {
                    let (pty, _) = self.m.part_ty(ty, 0)?;
                    let c = cs.first().copied().unwrap_or(0);
                    indices.push(self.u32_lit(u32::from(c))?);
                    ty = pty;
                }
                EStep::Swizzle(_) => break,
            }
            used = i + 1;
        }
        let p = self.access(ptr, indices, ty)?;
        let v = self.emit(Op::Load { pointer: p }, ty)?;
        self.read_value(v, steps.get(used..).unwrap_or_default(), span)
    }

    fn read_value(
        &mut self,
        mut v: Handle<Value>,
        steps: &[EStep<'_>],
        span: Span,
    ) -> LResult<Handle<Value>> {
        for (j, step) in steps.iter().enumerate() {
            let ty = self.vty(v)?;
            // A constant index out of range is read as a run-time one.
            let mut out_of_range = None;
            if let EStep::Part(k) = *step {
                let (_, count) = self.m.part_ty(ty, k)?;
                if count.is_some_and(|c| k >= c) {
                    out_of_range = Some(self.u32_lit(k)?);
                }
            }
            match (step, out_of_range) {
                (&EStep::Part(k), None) => {
                    let (pty, _) = self.m.part_ty(ty, k)?;
                    v = self.emit(Op::Extract { base: v, index: k }, pty)?;
                }
                (_, Some(index)) | (&EStep::Dyn(index), None) => match self.m.shape(ty) {
                    Shape::Vector(_, s) => {
                        let sty = self.m.scalar_ty(s);
                        v = self.emit(Op::ExtractDynamic { base: v, index }, sty)?;
                    }
                    _ => {
                        let ptr = self.spill(v)?;
                        let mut rest = vec![EStep::Dyn(index)];
                        rest.extend(steps.get(j + 1..).unwrap_or_default().iter().copied());
                        return self.read_mem(ptr, ty, &rest, span);
                    }
                },
                (EStep::Swizzle(cs), None) => {
                    let s = self.scalar_of(ty)?;
                    if let [c] = cs {
                        let sty = self.m.scalar_ty(s);
                        let index = u32::from(*c);
                        v = self.emit(Op::Extract { base: v, index }, sty)?;
                    } else {
                        let rty = self.m.scalar_or_vector_ty(cs.len() as u32, s);
                        v = self.emit(
                            Op::Shuffle {
                                a: v,
                                b: v,
                                pattern: cs.iter().map(|&c| u32::from(c)).collect(),
                            },
                            rty,
                        )?;
                    }
                }
            }
        }
        Ok(v)
    }

    /// Puts a value in a new function-memory variable and returns its pointer.
    fn spill(&mut self, v: Handle<Value>) -> LResult<Handle<Value>> {
        let ty = self.vty(v)?;
        if let Some(c) = self.as_constant(v) {
            return Ok(self.new_local_var(None, ty, Some(c)));
        }
        let p = self.new_local_var(None, ty, None);
        self.push(StmtKind::Store {
            pointer: p,
            value: v,
        })?;
        Ok(p)
    }

    /// Splits the steps of a written place at the first step into a vector: the steps before
    /// it, the vector's type there, and which components are written.
    fn split_tail(
        &mut self,
        root_ty: Handle<Type>,
        steps: &[EStep<'_>],
        span: Span,
    ) -> LResult<(usize, Handle<Type>, VecSel)> {
        let mut ty = root_ty;
        let mut t = steps.len();
        for (i, step) in steps.iter().enumerate() {
            if let Shape::Vector(..) = self.m.shape(ty) {
                t = i;
                break;
            }
            ty = match step {
                EStep::Part(k) => self.m.part_ty(ty, *k)?.0,
                EStep::Dyn(_) => self.m.part_ty(ty, 0)?.0,
                EStep::Swizzle(_) => {
                    return Err(Failure::malformed(span, "a swizzle of a non-vector"))
                }
            };
        }
        let tail = steps.get(t..).unwrap_or_default();
        if tail.is_empty() {
            return Ok((t, ty, VecSel::Whole));
        }
        let Shape::Vector(n, _) = self.m.shape(ty) else {
            return Err(Failure::malformed(span, "a vector step on a non-vector"));
        };
        let mut sel = VecSel::Comps((0..n.count()).collect());
        let mut identity = true;
        for step in tail {
            sel = match (sel, step) {
                (VecSel::Comps(cs), EStep::Swizzle(sw)) => {
                    identity = false;
                    let mut picked = Vec::with_capacity(sw.len());
                    for &c in sw.iter() {
                        picked.push(*cs.get(c as usize).ok_or_else(|| {
                            Failure::malformed(span, "a swizzle component out of range")
                        })?);
                    }
                    VecSel::Comps(picked)
                }
                (VecSel::Comps(cs), EStep::Part(k)) => {
                    identity = false;
                    match cs.get(*k as usize) {
                        Some(&c) => VecSel::Comps(vec![c]),
                        // An out-of-range constant index writes an unspecified component.
                        None => VecSel::Dyn(self.u32_lit(*k)?),
                    }
                }
                (VecSel::Comps(cs), EStep::Dyn(i)) => {
                    if identity {
                        VecSel::Dyn(*i)
                    } else if cs.len() >= 2 {
                        // Index the swizzle's component list at run time.
                        let u = self.m.scalar_ty(Scalar::U32);
                        let parts: Vec<_> = cs
                            .iter()
                            .map(|&c| self.m.scalar_const(Literal::U32(c)))
                            .collect();
                        let tty = self.m.scalar_or_vector_ty(cs.len() as u32, Scalar::U32);
                        let table = self.m.composite_const(tty, parts);
                        let table = self.const_val(table)?;
                        VecSel::Dyn(self.emit(
                            Op::ExtractDynamic {
                                base: table,
                                index: *i,
                            },
                            u,
                        )?)
                    } else {
                        return Err(Failure::malformed(span, "an index into a scalar"));
                    }
                }
                (_, _) => return Err(Failure::malformed(span, "an index into a scalar")),
            };
        }
        Ok((t, ty, sel))
    }

    /// `op(old, rhs)` for compound assignment, `rhs` for plain assignment.
    fn combine(
        &mut self,
        op: Option<TBin>,
        old: Option<Handle<Value>>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        match (op, old) {
            (Some(op), Some(old)) => {
                let ty = self.vty(old)?;
                self.binary(op, old, rhs, ty, span)
            }
            _ => Ok(rhs),
        }
    }

    /// `target = value` or `target op= value`.
    pub fn assign(&mut self, target: ExprId, op: Option<TBin>, value: ExprId) -> LResult<()> {
        let (root, steps, span) = self.chain(target)?;
        let steps = self.eval_steps(steps)?;
        let rhs = self.expr(value)?;
        if let Some((ptr, ty)) = self.root_pointer(&root, span)? {
            return self.write_mem(ptr, ty, &steps, op, rhs, span);
        }
        let Root::Local(l) = root else {
            return Err(Failure::malformed(
                span,
                "an assignment to something that is not a place",
            ));
        };
        if steps.is_empty() && op.is_none() {
            // A whole assignment does not read the old value, which may be gone: a local
            // assigned in an `if` and overwritten before any read is dropped after the `if`.
            return self.bind_local(l, rhs);
        }
        let old = self.read_local(l, span)?;
        let new = self.update_value(old, &steps, op, rhs, span)?;
        self.bind_local(l, new)
    }

    fn update_value(
        &mut self,
        old: Handle<Value>,
        steps: &[EStep<'_>],
        op: Option<TBin>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let root_ty = self.vty(old)?;
        let (t, _, sel) = self.split_tail(root_ty, steps, span)?;
        let mut stack: Vec<(Handle<Value>, u32)> = Vec::new();
        let mut cur = old;
        for step in steps.get(..t).unwrap_or_default() {
            let EStep::Part(k) = step else {
                return Err(Failure::malformed(
                    span,
                    "a run-time index into an array or matrix held in a value",
                ));
            };
            let (pty, count) = self.m.part_ty(self.vty(cur)?, *k)?;
            if count.is_some_and(|c| *k >= c) {
                return Err(Failure::malformed(span, "a constant index out of range"));
            }
            stack.push((cur, *k));
            cur = self.emit(
                Op::Extract {
                    base: cur,
                    index: *k,
                },
                pty,
            )?;
        }
        let leaf = cur;
        let lty = self.vty(leaf)?;
        let mut new = match sel {
            VecSel::Whole => {
                let old = op.map(|_| leaf);
                self.combine(op, old, rhs, span)?
            }
            VecSel::Comps(cs) => match cs.as_slice() {
                [c] => {
                    let c = *c;
                    let sty = self.m.part_ty(lty, c)?.0;
                    let old = match op {
                        Some(_) => Some(self.emit(
                            Op::Extract {
                                base: leaf,
                                index: c,
                            },
                            sty,
                        )?),
                        None => None,
                    };
                    let nc = self.combine(op, old, rhs, span)?;
                    self.emit(
                        Op::Insert {
                            base: leaf,
                            value: nc,
                            index: c,
                        },
                        lty,
                    )?
                }
                _ => {
                    let s = self.scalar_of(lty)?;
                    let n = match self.m.shape(lty) {
                        Shape::Vector(n, _) => n.count(),
                        _ => return Err(Failure::malformed(span, "a swizzle of a non-vector")),
                    };
                    let old = match op {
                        Some(_) => {
                            let sty = self.m.scalar_or_vector_ty(cs.len() as u32, s);
                            Some(self.emit(
                                Op::Shuffle {
                                    a: leaf,
                                    b: leaf,
                                    pattern: cs.as_slice().into(),
                                },
                                sty,
                            )?)
                        }
                        None => None,
                    };
                    let nv = self.combine(op, old, rhs, span)?;
                    let pattern = (0..n)
                        .map(|j| match cs.iter().position(|&c| c == j) {
                            Some(k) => n + k as u32,
                            None => j,
                        })
                        .collect();
                    self.emit(
                        Op::Shuffle {
                            a: leaf,
                            b: nv,
                            pattern,
                        },
                        lty,
                    )?
                }
            },
            VecSel::Dyn(index) => {
                let s = self.scalar_of(lty)?;
                let sty = self.m.scalar_ty(s);
                let index = self.clamp_component(index, lty)?;
                let old = match op {
                    Some(_) => Some(self.emit(Op::ExtractDynamic { base: leaf, index }, sty)?),
                    None => None,
                };
                let nc = self.combine(op, old, rhs, span)?;
                self.emit(
                    Op::InsertDynamic {
                        base: leaf,
                        value: nc,
                        index,
                    },
                    lty,
                )?
            }
        };
        while let Some((base, k)) = stack.pop() {
            let bty = self.vty(base)?;
            new = self.emit(
                Op::Insert {
                    base,
                    value: new,
                    index: k,
                },
                bty,
            )?;
        }
        Ok(new)
    }

    #[allow(clippy::too_many_arguments)]
    fn write_mem(
        &mut self,
        ptr: Handle<Value>,
        pointee: Handle<Type>,
        steps: &[EStep<'_>],
        op: Option<TBin>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<()> {
        let (t, vty, sel) = self.split_tail(pointee, steps, span)?;
        let mut indices = Vec::with_capacity(t + 1);
        for step in steps.get(..t).unwrap_or_default() {
            indices.push(match step {
                EStep::Part(k) => self.u32_lit(*k)?,
                EStep::Dyn(v) => *v,
                EStep::Swizzle(_) => {
                    return Err(Failure::malformed(span, "a swizzle of a non-vector"))
                }
            });
        }
        match sel {
            VecSel::Whole => {
                let p = self.access(ptr, indices, vty)?;
                self.store_combined(p, vty, op, rhs, span)
            }
            VecSel::Dyn(i) => {
                let sty = self.m.part_ty(vty, 0)?.0;
                indices.push(i);
                let p = self.access(ptr, indices, sty)?;
                self.store_combined(p, sty, op, rhs, span)
            }
            VecSel::Comps(cs) => {
                let sty = self.m.part_ty(vty, 0)?.0;
                if let [c] = cs.as_slice() {
                    indices.push(self.u32_lit(*c)?);
                    let p = self.access(ptr, indices, sty)?;
                    return self.store_combined(p, sty, op, rhs, span);
                }
                let new = match op {
                    Some(_) => {
                        let vp = self.access(ptr, indices.clone(), vty)?;
                        let whole = self.emit(Op::Load { pointer: vp }, vty)?;
                        let s = self.scalar_of(vty)?;
                        let oty = self.m.scalar_or_vector_ty(cs.len() as u32, s);
                        let old = self.emit(
                            Op::Shuffle {
                                a: whole,
                                b: whole,
                                pattern: cs.as_slice().into(),
                            },
                            oty,
                        )?;
                        self.combine(op, Some(old), rhs, span)?
                    }
                    None => rhs,
                };
                for (k, &c) in cs.iter().enumerate() {
                    let part = self.emit(
                        Op::Extract {
                            base: new,
                            index: k as u32,
                        },
                        sty,
                    )?;
                    let mut idx = indices.clone();
                    idx.push(self.u32_lit(c)?);
                    let p = self.access(ptr, idx, sty)?;
                    self.push(StmtKind::Store {
                        pointer: p,
                        value: part,
                    })?;
                }
                Ok(())
            }
        }
    }

    fn store_combined(
        &mut self,
        p: Handle<Value>,
        ty: Handle<Type>,
        op: Option<TBin>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<()> {
        let old = match op {
            Some(_) => Some(self.emit(Op::Load { pointer: p }, ty)?),
            None => None,
        };
        let new = self.combine(op, old, rhs, span)?;
        self.push(StmtKind::Store {
            pointer: p,
            value: new,
        })
    }

    /// The pointer a memory place expression denotes (atomics, `#` of runtime arrays), and its
    /// pointee type.
    pub fn place_pointer(&mut self, id: ExprId) -> LResult<(Handle<Value>, Handle<Type>)> {
        let (root, steps, span) = self.chain(id)?;
        let steps = self.eval_steps(steps)?;
        let Some((ptr, mut ty)) = self.root_pointer(&root, span)? else {
            return Err(Failure::malformed(
                span,
                "a memory operation on a value that is not in memory",
            ));
        };
        let mut indices = Vec::with_capacity(steps.len());
        for step in &steps {
            match step {
                EStep::Part(k) => {
                    ty = self.m.part_ty(ty, *k)?.0;
                    indices.push(self.u32_lit(*k)?);
                }
                EStep::Dyn(v) => {
                    ty = self.m.part_ty(ty, 0)?.0;
                    indices.push(*v);
                }
                EStep::Swizzle(cs) => match cs {
                    [c] => {
                        ty = self.m.part_ty(ty, 0)?.0;
                        indices.push(self.u32_lit(u32::from(*c))?);
                    }
                    _ => return Err(Failure::malformed(span, "a pointer to a swizzle")),
                },
            }
        }
        let p = self.access(ptr, indices, ty)?;
        Ok((p, ty))
    }

    /// `#base` for a runtime-sized array (and, defensively, a fixed one).
    pub fn array_length(&mut self, base: ExprId, e: &Expr) -> LResult<Handle<Value>> {
        let b = self.texpr(base)?;
        let rty = self.m.ty(e.ty, e.span)?;
        if let luma_thir::Ty::Array {
            len: luma_thir::ArrayLen::Fixed(n),
            ..
        } = self.prog.types.get(b.ty)
        {
            let lit = match self.m.shape(rty) {
                Shape::Scalar(s) if s == Scalar::U32 => Literal::U32(n),
                _ => Literal::I32(n as i32),
            };
            return self.lit(lit);
        }
        let (p, _) = self.place_pointer(base)?;
        let u = self.m.scalar_ty(Scalar::U32);
        let len = self.emit(Op::ArrayLength { pointer: p }, u)?;
        if rty == u {
            return Ok(len);
        }
        self.emit(Op::Convert { value: len }, rty)
    }
}
