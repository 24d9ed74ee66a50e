//! Expressions: constants, locals, globals, operators (with short-circuit `and` / `or`),
//! if-expressions, calls, constructors, splats and conversions. Field, index and swizzle chains
//! are in `place.rs`, builtins in `builtins.rs`.
//!
//! An if-expression of scalar or vector type whose arms are both pure and cheap becomes a
//! `Select`; otherwise an `If` with one result. `and` / `or` become an `If` with one result, except when the right operand is
//! pure and cheap, where evaluating it unconditionally is indistinguishable and a plain
//! `LogicalAnd` / `LogicalOr` is emitted.

use luma_base::{Handle, Span};
use luma_ir::{BinaryOp, Literal, Op, Scalar, StmtKind, Type, TypeInner, Value, ValueDef};
use luma_thir::{BinaryOp as TBin, BuiltinFn, Expr, ExprId, ExprKind, LocalId, Ty};

use crate::context::GlobalSlot;
use crate::error::{Failure, LResult};
use crate::function::FnCtx;
use crate::ops::float_lit;
use crate::types::Shape;

/// How many expression nodes an operand may have and still count as cheap.
const CHEAP_NODES: usize = 16;

/// Builtins that compute a value from their arguments only (no memory, no derivatives, no
/// control-flow dependence).
fn is_pure_builtin(f: BuiltinFn) -> bool {
    use BuiltinFn as B;
    !f.is_atomic()
        && !matches!(
            f,
            B::Sample
                | B::SampleBias
                | B::SampleLevel
                | B::SampleGrad
                | B::SampleCompare
                | B::SampleCompareLevel
                | B::TexelFetch
                | B::TextureSize
                | B::TextureLevels
                | B::TextureGather
                | B::TextureGatherCompare
                | B::TextureLayers
                | B::TextureSamples
                | B::ImageLoad
                | B::ImageStore
                | B::ImageSize
                | B::ImageLayers
                | B::WorkgroupBarrier
                | B::StorageBarrier
        )
        && !f.is_derivative()
}

impl<'a> FnCtx<'_, '_, 'a> {
    /// The typed expression behind a handle.
    pub fn texpr(&self, id: ExprId) -> LResult<&'a Expr> {
        self.exprs
            .get(id)
            .ok_or_else(|| Failure::malformed(self.def.span, "an expression handle out of range"))
    }

    /// Lowers an expression to its value.
    pub fn expr(&mut self, id: ExprId) -> LResult<Handle<Value>> {
        self.expr_depth += 1;
        let limit = self.m.options.limits.typed_expression_depth();
        if self.expr_depth > limit {
            let span = self.texpr(id).map_or(self.def.span, |e| e.span);
            return Err(Failure::expression_too_deep(span, limit));
        }
        // An operator chain recurses once per operand: grow the stack on the heap as needed.
        let r = luma_base::stack::grow(self.expr_depth, || self.expr_inner(id));
        self.expr_depth -= 1;
        r
    }

    fn expr_inner(&mut self, id: ExprId) -> LResult<Handle<Value>> {
        let e = self.texpr(id)?;
        let span = e.span;
        match &e.kind {
            ExprKind::Const(cv) => {
                let c = self.m.expr_const(self.exprs, *cv, e.ty, span)?;
                self.const_val(c)
            }
            ExprKind::SpecConst(cid) => {
                let c = self.m.spec_consts.get(cid).copied().ok_or_else(|| {
                    Failure::malformed(
                        span,
                        "a reference to a constant that is not a specialization constant",
                    )
                })?;
                self.const_val(c)
            }
            ExprKind::Local(l) => self.read_local(*l, span),
            ExprKind::Global(g) => match self.global_slot(*g, span)? {
                GlobalSlot::Single(g) => {
                    let ptr = self.global_ptr(g)?;
                    let ty = self.m.ty(e.ty, span)?;
                    self.emit(Op::Load { pointer: ptr }, ty)
                }
                GlobalSlot::Combined { .. } => Err(Failure::malformed(
                    span,
                    "a combined sampler used as a value outside a texture builtin",
                )),
            },
            ExprKind::Unary { op, operand } => {
                let v = self.expr(*operand)?;
                self.unary(*op, v, span)
            }
            ExprKind::Binary {
                op: op @ (TBin::And | TBin::Or),
                lhs,
                rhs,
            } => self.short_circuit(*op == TBin::And, *lhs, *rhs),
            ExprKind::Binary { op, lhs, rhs } => {
                let l = self.expr(*lhs)?;
                let r = self.expr(*rhs)?;
                let ty = self.m.ty(e.ty, span)?;
                self.binary(*op, l, r, ty, span)
            }
            ExprKind::Call { function, args } => {
                let args = self.exprs.list(*args);
                let mut vals = Vec::with_capacity(args.len());
                for &a in args {
                    vals.push(self.expr(a)?);
                }
                let callee = self.callee(*function, span)?;
                let ty = self.m.ty(e.ty, span)?;
                self.emit(
                    Op::Call {
                        function: callee,
                        args: vals,
                    },
                    ty,
                )
            }
            ExprKind::Builtin { fun, args } => self
                .builtin(*fun, self.exprs.list(*args), e)?
                .ok_or_else(|| {
                    Failure::malformed(span, "a builtin that returns nothing used as a value")
                }),
            ExprKind::Construct { args } => self.construct(self.exprs.list(*args), e),
            ExprKind::Splat { value } => {
                let v = self.expr(*value)?;
                let ty = self.m.ty(e.ty, span)?;
                self.splat(v, ty, span)
            }
            ExprKind::Convert { value } => {
                let v = self.expr(*value)?;
                let ty = self.m.ty(e.ty, span)?;
                self.convert(v, ty, span)
            }
            ExprKind::Bitcast { value } => {
                let v = self.expr(*value)?;
                let ty = self.m.ty(e.ty, span)?;
                if self.vty(v)? == ty {
                    return Ok(v);
                }
                self.emit(Op::Bitcast { value: v }, ty)
            }
            ExprKind::Field { .. } | ExprKind::Swizzle { .. } | ExprKind::Index { .. } => {
                self.read_place(id)
            }
            ExprKind::ArrayLength { base } => self.array_length(*base, e),
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => {
                let c = self.expr(*cond)?;
                let ty = self.m.ty(e.ty, span)?;
                let selectable = matches!(self.m.shape(ty), Shape::Scalar(_) | Shape::Vector(..));
                if selectable && self.pure_cheap(*accept) && self.pure_cheap(*reject) {
                    let a = self.expr(*accept)?;
                    let b = self.expr(*reject)?;
                    return self.emit(
                        Op::Select {
                            condition: c,
                            accept: a,
                            reject: b,
                        },
                        ty,
                    );
                }
                let (accept, reject) = (*accept, *reject);
                self.if_value(c, ty, |cx| cx.expr(accept), |cx| cx.expr(reject))
            }
            ExprKind::Error => Err(Failure::malformed(
                span,
                "an expression that failed to check",
            )),
        }
    }

    /// The IR function a call goes to.
    pub fn callee(&self, f: luma_thir::FuncId, span: Span) -> LResult<Handle<luma_ir::Function>> {
        self.m
            .functions
            .get(f.index())
            .copied()
            .flatten()
            .ok_or_else(|| {
                Failure::malformed(span, "a call of a function that was not lowered first")
            })
    }

    /// The current value of a local.
    pub fn read_local(&mut self, l: LocalId, span: Span) -> LResult<Handle<Value>> {
        if let Some(Some(ptr)) = self.mem.get(l.index()) {
            let ptr = *ptr;
            let local = self.local_def(l)?;
            let ty = self.m.ty(local.ty, local.span)?;
            return self.emit(Op::Load { pointer: ptr }, ty);
        }
        self.vars.get(l.index()).copied().flatten().ok_or_else(|| {
            let name = self
                .local_def(l)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            Failure::malformed(span, format!("local `{name}` read where it has no value"))
        })
    }

    /// An `If` whose arms compute one value each.
    pub fn if_value(
        &mut self,
        cond: Handle<Value>,
        ty: Handle<Type>,
        accept: impl FnOnce(&mut Self) -> LResult<Handle<Value>>,
        reject: impl FnOnce(&mut Self) -> LResult<Handle<Value>>,
    ) -> LResult<Handle<Value>> {
        let parent = self.cur;
        let a = self.new_block();
        let r = self.new_block();
        self.cur = a;
        self.terminated = false;
        let va = accept(self)?;
        self.push(StmtKind::Yield(vec![va]))?;
        self.cur = r;
        self.terminated = false;
        let vr = reject(self)?;
        self.push(StmtKind::Yield(vec![vr]))?;
        self.cur = parent;
        self.terminated = false;
        let res = self.region_value(ty, ValueDef::IfResult, None);
        self.push(StmtKind::If {
            condition: cond,
            accept: a,
            reject: r,
            results: Box::new([res]),
        })?;
        Ok(res)
    }

    fn short_circuit(&mut self, is_and: bool, lhs: ExprId, rhs: ExprId) -> LResult<Handle<Value>> {
        let l = self.expr(lhs)?;
        if self.pure_cheap(rhs) {
            let r = self.expr(rhs)?;
            let op = if is_and {
                BinaryOp::LogicalAnd
            } else {
                BinaryOp::LogicalOr
            };
            return self.logical(op, l, r);
        }
        let ty = self.vty(l)?;
        if is_and {
            self.if_value(l, ty, |cx| cx.expr(rhs), |cx| cx.lit(Literal::Bool(false)))
        } else {
            self.if_value(l, ty, |cx| cx.lit(Literal::Bool(true)), |cx| cx.expr(rhs))
        }
    }

    /// Whether evaluating `id` has no effect, cannot fault and costs little, so it may be
    /// evaluated unconditionally.
    pub fn pure_cheap(&self, id: ExprId) -> bool {
        let mut stack = vec![id];
        let mut nodes = 0usize;
        while let Some(id) = stack.pop() {
            nodes += 1;
            if nodes > CHEAP_NODES {
                return false;
            }
            let Some(e) = self.exprs.get(id) else {
                return false;
            };
            match &e.kind {
                ExprKind::Const(_) | ExprKind::SpecConst(_) => {}
                // Uniform and push-constant memory: no invocation writes it and it holds no
                // runtime-sized array, so a read (at a constant index in range, as below) is the
                // same wherever it runs and cannot fault. `elseif a and u.limit > x` then stays
                // one condition, and the chain flat.
                ExprKind::Global(g) => {
                    let read_only = self.prog.globals.get(*g).is_some_and(|g| {
                        matches!(
                            g.kind,
                            luma_thir::GlobalKind::UniformBuffer
                                | luma_thir::GlobalKind::PushConstant
                        )
                    });
                    if !read_only {
                        return false;
                    }
                }
                ExprKind::Local(l) => {
                    if self.is_mem(l.index()) {
                        return false;
                    }
                }
                ExprKind::Unary { operand, .. } => stack.push(*operand),
                ExprKind::Binary { lhs, rhs, .. } => {
                    stack.push(*lhs);
                    stack.push(*rhs);
                }
                ExprKind::Splat { value }
                | ExprKind::Convert { value }
                | ExprKind::Bitcast { value } => stack.push(*value),
                ExprKind::Construct { args } => {
                    stack.extend(self.exprs.list(*args).iter().copied())
                }
                ExprKind::Builtin { fun, args } if is_pure_builtin(*fun) => {
                    stack.extend(self.exprs.list(*args).iter().copied())
                }
                ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => stack.push(*base),
                ExprKind::Index { base, index } => {
                    let Some(b) = self.exprs.get(*base) else {
                        return false;
                    };
                    let in_range = |len: i64| {
                        crate::analysis::const_index(self.exprs, *index)
                            .is_some_and(|c| c >= 0 && c < len)
                    };
                    let ok = match self.prog.types.get(b.ty) {
                        Ty::Vector { .. } => true,
                        Ty::Array {
                            len: luma_thir::ArrayLen::Fixed(n),
                            ..
                        } => in_range(i64::from(n)),
                        Ty::Matrix { columns, .. } => in_range(i64::from(columns)),
                        _ => false,
                    };
                    if !ok {
                        return false;
                    }
                    stack.push(*base);
                    stack.push(*index);
                }
                ExprKind::Select {
                    cond,
                    accept,
                    reject,
                } => {
                    stack.push(*cond);
                    stack.push(*accept);
                    stack.push(*reject);
                }
                _ => return false,
            }
        }
        true
    }

    /// `vecN(x)` and `matCxR(x)` (diagonal) from a scalar, converting its type first if needed.
    fn splat(&mut self, v: Handle<Value>, ty: Handle<Type>, span: Span) -> LResult<Handle<Value>> {
        match self.m.shape(ty) {
            Shape::Vector(n, s) => {
                let sty = self.m.scalar_ty(s);
                let v = self.convert(v, sty, span)?;
                self.splat_to(v, n)
            }
            Shape::Matrix(columns, rows, s) => {
                let sty = self.m.scalar_ty(s);
                let v = self.convert(v, sty, span)?;
                let zero = self.lit(float_lit(s, 0.0))?;
                let cty = self.m.vector_ty(rows, s);
                let mut cols = Vec::with_capacity(columns.count() as usize);
                for j in 0..columns.count() {
                    let parts = (0..rows.count())
                        .map(|i| if i == j { v } else { zero })
                        .collect();
                    cols.push(self.emit(Op::Compose { components: parts }, cty)?);
                }
                self.emit(Op::Compose { components: cols }, ty)
            }
            Shape::Scalar(_) => self.convert(v, ty, span),
            Shape::Other => match self.m.inner(ty)? {
                // An array fill: the element value, computed once, in every element.
                TypeInner::Array {
                    size: luma_ir::ArraySize::Constant(n),
                    ..
                } => {
                    if let Some(c) = self.as_constant(v) {
                        let k = self.m.composite_const(ty, vec![c; n as usize]);
                        return self.const_val(k);
                    }
                    self.emit(
                        Op::Compose {
                            components: vec![v; n as usize],
                        },
                        ty,
                    )
                }
                _ => Err(Failure::malformed(
                    span,
                    "a splat to a type that is not a vector, matrix or fixed-size array",
                )),
            },
        }
    }

    /// The scalars of a scalar, vector or matrix value, in column order.
    fn scalars_of(&mut self, v: Handle<Value>, span: Span) -> LResult<Vec<Handle<Value>>> {
        match self.vshape(v)? {
            Shape::Scalar(_) => Ok(vec![v]),
            Shape::Vector(n, s) => {
                let sty = self.m.scalar_ty(s);
                (0..n.count())
                    .map(|i| self.emit(Op::Extract { base: v, index: i }, sty))
                    .collect()
            }
            Shape::Matrix(columns, rows, s) => {
                let cty = self.m.vector_ty(rows, s);
                let mut out = Vec::new();
                for j in 0..columns.count() {
                    let c = self.emit(Op::Extract { base: v, index: j }, cty)?;
                    out.extend(self.scalars_of(c, span)?);
                }
                Ok(out)
            }
            Shape::Other => Err(Failure::malformed(
                span,
                "a constructor argument that is not numeric",
            )),
        }
    }

    /// `v` with its component type changed to `s` (same shape).
    fn with_scalar(&mut self, v: Handle<Value>, s: Scalar, span: Span) -> LResult<Handle<Value>> {
        let ty = match self.vshape(v)? {
            Shape::Scalar(from) if from != s => self.m.scalar_ty(s),
            Shape::Vector(n, from) if from != s => self.m.vector_ty(n, s),
            Shape::Matrix(c, r, from) if from != s => self.m.intern(luma_ir::TypeInner::Matrix {
                columns: c,
                rows: r,
                scalar: s,
            }),
            _ => return Ok(v),
        };
        self.convert(v, ty, span)
    }

    fn construct(&mut self, args: &[ExprId], e: &Expr) -> LResult<Handle<Value>> {
        let span = e.span;
        let ty = self.m.ty(e.ty, span)?;
        let mut vals = Vec::with_capacity(args.len());
        for &a in args {
            vals.push(self.expr(a)?);
        }
        match self.m.shape(ty) {
            Shape::Vector(n, s) => {
                for v in &mut vals {
                    *v = self.with_scalar(*v, s, span)?;
                }
                if let [only] = vals.as_slice() {
                    let only = *only;
                    match self.vshape(only)? {
                        Shape::Scalar(_) => return self.splat_to(only, n),
                        Shape::Vector(..) => return self.convert(only, ty, span),
                        _ => {}
                    }
                }
                let mut total = 0u32;
                for &v in &vals {
                    total += match self.vshape(v)? {
                        Shape::Scalar(_) => 1,
                        Shape::Vector(k, _) => k.count(),
                        Shape::Matrix(c, r, _) => c.count() * r.count(),
                        Shape::Other => {
                            return Err(Failure::malformed(span, "a non-numeric vector part"))
                        }
                    };
                }
                let any_matrix = vals
                    .iter()
                    .any(|&v| matches!(self.vshape(v), Ok(Shape::Matrix(..))));
                if total == n.count() && !any_matrix {
                    return self.emit(Op::Compose { components: vals }, ty);
                }
                let mut scalars = Vec::new();
                for v in vals {
                    scalars.extend(self.scalars_of(v, span)?);
                }
                if (scalars.len() as u32) < n.count() {
                    return Err(Failure::malformed(
                        span,
                        "a vector constructor with too few components",
                    ));
                }
                scalars.truncate(n.count() as usize);
                self.emit(
                    Op::Compose {
                        components: scalars,
                    },
                    ty,
                )
            }
            Shape::Matrix(columns, rows, s) => {
                for v in &mut vals {
                    *v = self.with_scalar(*v, s, span)?;
                }
                if let [only] = vals.as_slice() {
                    let only = *only;
                    match self.vshape(only)? {
                        Shape::Matrix(..) => return self.convert(only, ty, span),
                        Shape::Scalar(_) => return self.splat(only, ty, span),
                        _ => {}
                    }
                }
                let cty = self.m.vector_ty(rows, s);
                if vals.len() as u32 == columns.count()
                    && vals.iter().all(|&v| self.vty(v).ok() == Some(cty))
                {
                    return self.emit(Op::Compose { components: vals }, ty);
                }
                let mut scalars = Vec::new();
                for v in vals {
                    scalars.extend(self.scalars_of(v, span)?);
                }
                let per = rows.count() as usize;
                if scalars.len() < per * columns.count() as usize {
                    return Err(Failure::malformed(
                        span,
                        "a matrix constructor with too few components",
                    ));
                }
                let mut cols = Vec::with_capacity(columns.count() as usize);
                for chunk in scalars.chunks(per).take(columns.count() as usize) {
                    cols.push(self.emit(
                        Op::Compose {
                            components: chunk.to_vec(),
                        },
                        cty,
                    )?);
                }
                self.emit(Op::Compose { components: cols }, ty)
            }
            Shape::Scalar(_) => match vals.as_slice() {
                [only] => self.convert(*only, ty, span),
                _ => Err(Failure::malformed(
                    span,
                    "a scalar constructor with several arguments",
                )),
            },
            Shape::Other => self.emit(Op::Compose { components: vals }, ty),
        }
    }
}
