//! Constants: deduplicated IR constants from the typed program's evaluated values, and the
//! specialization constants (baked into ordinary constants by `--spec ID=VALUE`).

use std::borrow::Cow;

use luma_base::{Diagnostic, Diagnostics, Handle, Span};
use luma_ir::{Constant, ConstantValue, Literal, Scalar, ScalarKind, Type, TypeInner, VectorSize};
use luma_thir::{ConstValue, EntryPointDef, ExprConst, Exprs, TyId};

use crate::codes;
use crate::context::{ConstKey, ModuleCtx};
use crate::error::{Failure, LResult};

/// How a literal's type is spelled in messages.
pub(crate) fn scalar_name(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "bool",
        (ScalarKind::Sint, _) => "int",
        (ScalarKind::Uint, _) => "uint",
        (ScalarKind::Float, 2) => "half",
        (ScalarKind::Float, _) => "float",
    }
}

impl ModuleCtx<'_> {
    fn dedup_const(&mut self, ty: Handle<Type>, key: ConstKey) -> Handle<Constant> {
        // The key moves into the lookup: a constant already made costs no copy of its parts.
        match self.const_cache.entry((ty, key)) {
            std::collections::hash_map::Entry::Occupied(found) => *found.get(),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let value = match &slot.key().1 {
                    ConstKey::Composite(parts) => ConstantValue::Composite(parts.clone()),
                    ConstKey::Zero => ConstantValue::Zero,
                };
                let h = self.module.constants.append(Constant {
                    name: None,
                    ty,
                    value,
                    spec_id: None,
                });
                slot.insert(h);
                h
            }
        }
    }

    /// An anonymous scalar constant.
    pub fn scalar_const(&mut self, lit: Literal) -> Handle<Constant> {
        if let Some(&h) = self.scalar_consts.get(&lit) {
            return h;
        }
        let ty = self.scalar_ty(lit.scalar());
        let h = self.module.constants.append(Constant {
            name: None,
            ty,
            value: ConstantValue::Scalar(lit),
            spec_id: None,
        });
        self.scalar_consts.insert(lit, h);
        h
    }

    /// The zero value of `ty`.
    pub fn zero_const(&mut self, ty: Handle<Type>) -> Handle<Constant> {
        self.dedup_const(ty, ConstKey::Zero)
    }

    /// A composite constant of `ty` from its parts.
    pub fn composite_const(
        &mut self,
        ty: Handle<Type>,
        parts: Vec<Handle<Constant>>,
    ) -> Handle<Constant> {
        self.dedup_const(ty, ConstKey::Composite(parts))
    }

    /// The IR constant of a `Const` expression (of the body whose expressions are `exprs`) of
    /// language type `ty`.
    pub fn expr_const(
        &mut self,
        exprs: &Exprs,
        value: ExprConst,
        ty: TyId,
        span: Span,
    ) -> LResult<Handle<Constant>> {
        let value = exprs
            .const_value(value)
            .ok_or_else(|| Failure::malformed(span, "a composite constant handle out of range"))?;
        self.thir_const(&value, ty, span)
    }

    /// The IR constant of an evaluated value of language type `ty`.
    pub fn thir_const(
        &mut self,
        value: &ConstValue,
        ty: TyId,
        span: Span,
    ) -> LResult<Handle<Constant>> {
        let ir_ty = self.ty(ty, span)?;
        self.const_of(value, ir_ty, span)
    }

    /// The IR constant of an evaluated value of IR type `ty`. Walks the value with an explicit
    /// stack (the value may nest as deep as its type).
    pub fn const_of(
        &mut self,
        value: &ConstValue,
        ty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Constant>> {
        // Each frame: a composite's type, its parts still to build (reversed) and those built.
        // Parts are borrowed from `value`; only regrouped matrix columns are made anew.
        struct Frame<'v> {
            ty: Handle<Type>,
            todo: Vec<(Cow<'v, ConstValue>, Handle<Type>)>,
            parts: Vec<Handle<Constant>>,
        }
        if !matches!(value, ConstValue::Composite(_)) {
            // Most constants are scalars: no work list.
            return self.scalar_of_value(value, ty, span);
        }
        if let Some(h) = self.vector_const_of(value, ty, span)? {
            return Ok(h);
        }
        let mut stack: Vec<Frame<'_>> = Vec::new();
        let mut pending: Option<(Cow<'_, ConstValue>, Handle<Type>)> =
            Some((Cow::Borrowed(value), ty));
        loop {
            if let Some((v, t)) = pending.take() {
                if stack.len() as u32 > self.depth_limit() {
                    return Err(Failure::too_deep(span, self.options.limits.nesting_depth));
                }
                let items = match v {
                    Cow::Borrowed(ConstValue::Composite(items)) => Ok(Cow::Borrowed(&items[..])),
                    Cow::Owned(ConstValue::Composite(items)) => Ok(Cow::Owned(items)),
                    scalar => Err(scalar),
                };
                match items {
                    Ok(items) => {
                        let mut todo = self.const_parts(items, t, span)?;
                        todo.reverse();
                        stack.push(Frame {
                            ty: t,
                            parts: Vec::with_capacity(todo.len()),
                            todo,
                        });
                    }
                    Err(scalar) => {
                        let h = self.scalar_of_value(&scalar, t, span)?;
                        match stack.last_mut() {
                            Some(f) => f.parts.push(h),
                            None => return Ok(h),
                        }
                    }
                }
            }
            let Some(top) = stack.last_mut() else {
                return Err(Failure::malformed(span, "an empty constant"));
            };
            if let Some(next) = top.todo.pop() {
                pending = Some(next);
                continue;
            }
            let Some(done) = stack.pop() else {
                return Err(Failure::malformed(span, "an empty constant"));
            };
            let h = self.composite_const(done.ty, done.parts);
            match stack.last_mut() {
                Some(f) => f.parts.push(h),
                None => return Ok(h),
            }
        }
    }

    /// A vector of scalars, the commonest composite, made as the work list below would make it
    /// (the same constants, types and checks, in the same order) but without it. `None` for
    /// anything else.
    fn vector_const_of(
        &mut self,
        value: &ConstValue,
        ty: Handle<Type>,
        span: Span,
    ) -> LResult<Option<Handle<Constant>>> {
        let ConstValue::Composite(items) = value else {
            return Ok(None);
        };
        let Some(&TypeInner::Vector { size, scalar }) = self.module.types.get(ty).map(|t| &t.inner)
        else {
            return Ok(None);
        };
        // The work list checks the depth at each part, one level down.
        if items.len() != size.count() as usize
            || items.iter().any(|i| matches!(i, ConstValue::Composite(_)))
            || self.depth_limit() < 1
        {
            return Ok(None);
        }
        let sty = self.scalar_ty(scalar);
        let mut parts = Vec::with_capacity(items.len());
        for item in items {
            parts.push(self.scalar_of_value(item, sty, span)?);
        }
        Ok(Some(self.composite_const(ty, parts)))
    }

    /// The parts of a composite constant of type `ty`, each with its type. A matrix may be
    /// given as columns or as all its scalars in column order (regrouped into columns here).
    fn const_parts<'v>(
        &mut self,
        items: Cow<'v, [ConstValue]>,
        ty: Handle<Type>,
        span: Span,
    ) -> LResult<Vec<(Cow<'v, ConstValue>, Handle<Type>)>> {
        let bad = || Failure::malformed(span, "a composite constant that does not match its type");
        let inner =
            self.module.types.get(ty).map(|t| &t.inner).ok_or_else(|| {
                Failure::malformed(Span::default(), "an IR type handle out of range")
            })?;
        // Read the type before making any (the member types, not a copy of the members).
        enum Parts {
            Vector(VectorSize, Scalar),
            Matrix(VectorSize, VectorSize, Scalar),
            Same(Handle<Type>, usize),
            Members(Vec<Handle<Type>>),
        }
        let parts = match inner {
            &TypeInner::Vector { size, scalar } => Parts::Vector(size, scalar),
            &TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => Parts::Matrix(columns, rows, scalar),
            &TypeInner::Array {
                base,
                size: luma_ir::ArraySize::Constant(n),
            } => Parts::Same(base, n as usize),
            TypeInner::Struct { members } => Parts::Members(members.iter().map(|m| m.ty).collect()),
            _ => return Err(bad()),
        };
        let mut columns_of = None;
        let expected = match parts {
            Parts::Vector(size, scalar) => {
                let s = self.scalar_ty(scalar);
                vec![s; size.count() as usize]
            }
            Parts::Matrix(columns, rows, scalar) => {
                let c = self.vector_ty(rows, scalar);
                let per_column = rows.count() as usize;
                if items.len() == columns.count() as usize * per_column
                    && items.iter().all(|i| !matches!(i, ConstValue::Composite(_)))
                {
                    columns_of = Some(per_column);
                }
                vec![c; columns.count() as usize]
            }
            Parts::Same(base, n) => vec![base; n],
            Parts::Members(tys) => tys,
        };
        let items: Vec<Cow<'v, ConstValue>> = match (columns_of, items) {
            (Some(per_column), items) => items
                .chunks(per_column)
                .map(|col| Cow::Owned(ConstValue::Composite(col.to_vec())))
                .collect(),
            (None, Cow::Borrowed(items)) => items.iter().map(Cow::Borrowed).collect(),
            (None, Cow::Owned(items)) => items.into_iter().map(Cow::Owned).collect(),
        };
        if expected.len() != items.len() {
            return Err(bad());
        }
        Ok(items.into_iter().zip(expected).collect())
    }

    fn scalar_of_value(
        &mut self,
        value: &ConstValue,
        ty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Constant>> {
        let lit = match value {
            ConstValue::Bool(b) => Literal::Bool(*b),
            ConstValue::Int(v) => Literal::I32(*v),
            ConstValue::Uint(v) => Literal::U32(*v),
            ConstValue::Float(v) => Literal::F32(*v),
            ConstValue::Half(v) => Literal::F16(*v),
            ConstValue::Composite(_) => {
                return Err(Failure::malformed(
                    span,
                    "a composite where a scalar constant is needed",
                ))
            }
        };
        let inner =
            self.module.types.get(ty).map(|t| &t.inner).ok_or_else(|| {
                Failure::malformed(Span::default(), "an IR type handle out of range")
            })?;
        if !matches!(inner, TypeInner::Scalar(s) if *s == lit.scalar()) {
            return Err(Failure::malformed(
                span,
                format!("a `{}` constant of another type", scalar_name(lit.scalar())),
            ));
        }
        Ok(self.scalar_const(lit))
    }

    /// Lowers every specialization constant, baking those named in `options.spec_values`, and
    /// reports `--spec` values that name no constant or have the wrong type.
    pub fn lower_spec_consts(&mut self, diags: &mut Diagnostics) -> LResult<bool> {
        let program = self.program;
        let options = self.options;
        let mut ok = true;
        for (&id, lit) in &options.spec_values {
            let found = program.consts.iter().find(|(_, c)| c.spec_id == Some(id));
            if found.is_none() {
                let mut known: Vec<u32> = program
                    .consts
                    .iter()
                    .filter_map(|(_, c)| c.spec_id)
                    .collect();
                known.sort_unstable();
                let known: Vec<String> = known.iter().map(|i| i.to_string()).collect();
                let mut d = Diagnostic::error(
                    codes::UNKNOWN_SPEC_ID,
                    Span::default(),
                    format!(
                        "`--spec {id}={}` names no specialization constant",
                        literal_text(*lit)
                    ),
                );
                d = if known.is_empty() {
                    d.with_note("the program declares no `@spec(id)` constant")
                } else {
                    d.with_note(format!(
                        "the program's specialization constant ids are {}",
                        known.join(", ")
                    ))
                };
                diags.push(d);
                ok = false;
            }
        }
        for (cid, def) in program.consts.iter() {
            let Some(spec_id) = def.spec_id else { continue };
            let ty = self.ty(def.ty, def.span)?;
            let baked = options.spec_values.get(&spec_id).copied();
            let (value, spec) = match baked {
                Some(lit) => {
                    if self.inner(ty)? != TypeInner::Scalar(lit.scalar()) {
                        let expected = match self.inner(ty)? {
                            TypeInner::Scalar(s) => scalar_name(s).to_string(),
                            _ => "composite".to_string(),
                        };
                        diags.push(
                            Diagnostic::error(
                                codes::SPEC_TYPE_MISMATCH,
                                def.span,
                                format!(
                                    "`--spec {spec_id}={}` gives a `{}` value, but `{}` has type `{expected}`",
                                    literal_text(lit),
                                    scalar_name(lit.scalar()),
                                    def.name
                                ),
                            )
                            .with_primary_label(format!("`{}` declared here", def.name))
                            .with_help(format!("give `--spec {spec_id}` a `{expected}` value")),
                        );
                        ok = false;
                        continue;
                    }
                    (ConstantValue::Scalar(lit), None)
                }
                None => {
                    let h = self.const_of(&def.value, ty, def.span)?;
                    let value = self
                        .module
                        .constants
                        .get(h)
                        .map(|c| c.value.clone())
                        .ok_or_else(|| Failure::malformed(def.span, "a lost constant"))?;
                    (value, Some(spec_id))
                }
            };
            let h = self.module.constants.append(Constant {
                name: Some(def.name.clone()),
                ty,
                value,
                spec_id: spec,
            });
            self.spec_consts.insert(cid, h);
        }
        Ok(ok)
    }
}

impl ModuleCtx<'_> {
    /// The workgroup size of `ep` once `--spec` values are baked: a dimension given by a
    /// specialization constant the pipeline still chooses keeps the constant (and its default as
    /// the size); one whose constant was baked takes the baked value.
    pub fn workgroup_size(&self, ep: &EntryPointDef) -> LResult<(WorkgroupSize, WorkgroupSpec)> {
        let mut size = ep.workgroup_size;
        let mut spec = [None; 3];
        for ((n, slot), cid) in size
            .iter_mut()
            .zip(spec.iter_mut())
            .zip(ep.workgroup_size_spec)
        {
            let Some(cid) = cid else { continue };
            let malformed = || {
                Failure::malformed(
                    Span::default(),
                    "a workgroup size given by a constant that is not a specialization constant",
                )
            };
            let h = self.spec_consts.get(&cid).copied().ok_or_else(malformed)?;
            let c = self.module.constants.get(h).ok_or_else(malformed)?;
            if c.spec_id.is_some() {
                *slot = Some(h);
                continue;
            }
            *n = match c.value {
                ConstantValue::Scalar(Literal::I32(v)) => u32::try_from(v).unwrap_or(0),
                ConstantValue::Scalar(Literal::U32(v)) => v,
                _ => return Err(malformed()),
            };
        }
        Ok((size, spec))
    }

    /// Reports entry points whose workgroup size `--spec` values bake to a size no target
    /// accepts (the checker has checked the defaults). `Ok(false)` when one was reported.
    pub fn check_baked_workgroup_sizes(&self, diags: &mut Diagnostics) -> LResult<bool> {
        let program = self.program;
        let mut ok = true;
        for ep in &program.entry_points {
            if ep.workgroup_size_spec.iter().all(Option::is_none) {
                continue;
            }
            let (size, _) = self.workgroup_size(ep)?;
            let total: u128 = size.iter().map(|&n| u128::from(n)).product();
            let problem = if size.contains(&0) {
                "a workgroup size is at least 1".to_string()
            } else if total > u128::from(luma_thir::MAX_WORKGROUP_INVOCATIONS) {
                format!(
                    "a workgroup has at most {} invocations; this one has {total}",
                    luma_thir::MAX_WORKGROUP_INVOCATIONS
                )
            } else if size[2] > luma_thir::MAX_WORKGROUP_SIZE_Z {
                format!(
                    "the third workgroup size is at most {}",
                    luma_thir::MAX_WORKGROUP_SIZE_Z
                )
            } else {
                continue;
            };
            let name = program
                .functions
                .get(ep.function)
                .map_or("?", |f| f.name.as_str());
            let [x, y, z] = size;
            // (assignment as written, the constant's declaration), for each baked dimension.
            let baked: Vec<(String, Span)> = ep
                .workgroup_size_spec
                .iter()
                .flatten()
                .filter_map(|&cid| program.consts.get(cid))
                .filter_map(|c| {
                    let id = c.spec_id?;
                    // As the user wrote it: `--spec 3=0`, whatever the constant's type.
                    let v = match self.options.spec_values.get(&id)? {
                        Literal::I32(v) => v.to_string(),
                        Literal::U32(v) => v.to_string(),
                        other => literal_text(*other),
                    };
                    Some((format!("`--spec {id}={v}` (`{}`)", c.name), c.span))
                })
                .collect();
            let assignments: Vec<&str> = baked.iter().map(|(a, _)| a.as_str()).collect();
            let mut d = Diagnostic::error(
                codes::WORKGROUP_SPEC_VALUE,
                baked.first().map_or(Span::default(), |(_, span)| *span),
                format!(
                    "{} makes the workgroup size of `{name}` ({x}, {y}, {z})",
                    assignments.join(" and ")
                ),
            )
            .with_primary_label(format!("this constant sizes the workgroup of `{name}`"));
            for (_, span) in baked.iter().skip(1) {
                d = d.with_label(*span, "so does this one");
            }
            diags.push(
                d.with_note(problem)
                    .with_help("give the specialization constant a size every target accepts"),
            );
            ok = false;
        }
        Ok(ok)
    }
}

/// A workgroup's size in each dimension.
type WorkgroupSize = [u32; 3];
/// The specialization constant that gives each workgroup dimension, where one does.
type WorkgroupSpec = [Option<Handle<Constant>>; 3];

/// A literal as a user would write it on the command line.
fn literal_text(lit: Literal) -> String {
    match lit {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(v) => v.to_string(),
        Literal::U32(v) => format!("{v}u"),
        Literal::F32(v) => format!("{v:?}"),
        Literal::F16(bits) => format!("half(0x{bits:04x})"),
    }
}
