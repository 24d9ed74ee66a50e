//! Operations: arithmetic with Luma's total integer semantics, conversions, composites,
//! `GLSL.std.450` math, derivatives, atomics and barriers.

use luma_base::Handle;
use luma_ir::{
    AddressSpace, AtomicFunction, Barrier, BinaryOp, DerivativeAxis, DerivativeControl, Literal,
    MathFunction, Op as IrOp, ProductKind, RelationalFunction, Scalar, ScalarKind, Type, TypeInner,
    UnaryOp, Value, VectorSize,
};
use spirv::{Capability, GlslStd450Op as G, MemorySemantics, Op, Scope};

use crate::function::FunctionWriter;
use crate::layout::Layout;
use crate::words::Word;
use crate::Error;

/// The bound a dynamic index is clamped to.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Bound {
    /// A fixed element count.
    Fixed(u32),
    /// The length of the runtime-sized array that is member `member` of variable `var`.
    Runtime { var: Word, member: u32 },
}

impl<'w, 'a> FunctionWriter<'w, 'a> {
    /// Emits the operation defining `v` and returns its id (possibly an existing id, for
    /// operations that are the identity on SPIR-V types).
    pub(crate) fn emit_op(
        &mut self,
        v: Handle<Value>,
        value: &'a Value,
        op: &'a IrOp,
    ) -> Result<Word, Error> {
        let ty = value.ty;
        match op {
            IrOp::Unary { op, arg } => self.unary(ty, *op, *arg),
            IrOp::Binary { op, lhs, rhs } => self.binary(ty, *op, *lhs, *rhs),
            IrOp::Product { kind, lhs, rhs } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let l = self.value_id(*lhs)?;
                let r = self.value_id(*rhs)?;
                let opcode = match kind {
                    ProductKind::VectorTimesScalar => Op::VectorTimesScalar,
                    ProductKind::MatrixTimesScalar => Op::MatrixTimesScalar,
                    ProductKind::MatrixTimesVector => Op::MatrixTimesVector,
                    ProductKind::VectorTimesMatrix => Op::VectorTimesMatrix,
                    ProductKind::MatrixTimesMatrix => Op::MatrixTimesMatrix,
                };
                self.inst(opcode, t, &[l, r])
            }
            IrOp::Select {
                condition,
                accept,
                reject,
            } => self.select(ty, *condition, *accept, *reject),
            IrOp::Splat { value } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let scalar = self.value_id(*value)?;
                let n = match self.w.ir_type_inner(ty)? {
                    TypeInner::Vector { size, .. } => size.count(),
                    _ => return Err(Error::invalid("`Splat` to a type that is not a vector")),
                };
                self.inst(Op::CompositeConstruct, t, &vec![scalar; n as usize])
            }
            IrOp::Compose { components } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let parts = components
                    .iter()
                    .map(|&c| self.value_id(c))
                    .collect::<Result<Vec<_>, _>>()?;
                self.inst(Op::CompositeConstruct, t, &parts)
            }
            IrOp::Extract { base, index } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let b = self.value_id(*base)?;
                self.inst(Op::CompositeExtract, t, &[b, *index])
            }
            IrOp::Insert { base, value, index } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let b = self.value_id(*base)?;
                let part = self.value_id(*value)?;
                self.inst(Op::CompositeInsert, t, &[part, b, *index])
            }
            IrOp::ExtractDynamic { base, index } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let n = self.vector_len(*base)?;
                let b = self.value_id(*base)?;
                // SPIR-V leaves an out-of-range index undefined; the IR wants some component.
                let i = self.clamp_index(*index, Bound::Fixed(n))?;
                self.inst(Op::VectorExtractDynamic, t, &[b, i])
            }
            IrOp::InsertDynamic { base, value, index } => {
                self.insert_dynamic(ty, *base, *value, *index)
            }
            IrOp::Shuffle { a, b, pattern } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let mut operands = vec![self.value_id(*a)?, self.value_id(*b)?];
                operands.extend_from_slice(pattern);
                self.inst(Op::VectorShuffle, t, &operands)
            }
            IrOp::Convert { value } => self.convert(ty, *value),
            IrOp::Bitcast { value } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let from = self.value_type(*value)?;
                let id = self.value_id(*value)?;
                if from == t {
                    Ok(id)
                } else {
                    self.inst(Op::Bitcast, t, &[id])
                }
            }
            IrOp::Relational { fun, arg } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let a = self.value_id(*arg)?;
                match fun {
                    RelationalFunction::All | RelationalFunction::Any => {
                        if self.vector_size_of(*arg)?.is_none() {
                            return Ok(a);
                        }
                        let opcode = if *fun == RelationalFunction::All {
                            Op::All
                        } else {
                            Op::Any
                        };
                        self.inst(opcode, t, &[a])
                    }
                    RelationalFunction::IsNan => self.inst(Op::IsNan, t, &[a]),
                    RelationalFunction::IsInf => self.inst(Op::IsInf, t, &[a]),
                }
            }
            IrOp::Math { fun, args } => self.math(ty, *fun, args),
            IrOp::Derivative { axis, control, arg } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let a = self.value_id(*arg)?;
                if *control != DerivativeControl::None {
                    self.w.capability(Capability::DerivativeControl);
                }
                let opcode = match (axis, control) {
                    (DerivativeAxis::X, DerivativeControl::None) => Op::DPdx,
                    (DerivativeAxis::X, DerivativeControl::Coarse) => Op::DPdxCoarse,
                    (DerivativeAxis::X, DerivativeControl::Fine) => Op::DPdxFine,
                    (DerivativeAxis::Y, DerivativeControl::None) => Op::DPdy,
                    (DerivativeAxis::Y, DerivativeControl::Coarse) => Op::DPdyCoarse,
                    (DerivativeAxis::Y, DerivativeControl::Fine) => Op::DPdyFine,
                    (DerivativeAxis::Width, DerivativeControl::None) => Op::Fwidth,
                    (DerivativeAxis::Width, DerivativeControl::Coarse) => Op::FwidthCoarse,
                    (DerivativeAxis::Width, DerivativeControl::Fine) => Op::FwidthFine,
                };
                self.inst(opcode, t, &[a])
            }
            IrOp::AccessChain { base, indices, .. } => {
                let kind = luma_ir::proc::non_uniform_access(&self.w.module.types, self.func, v);
                let id = self.access_chain(v, ty, *base, indices, kind)?;
                if let Some(kind) = kind {
                    self.w.non_uniform(id, kind)?;
                }
                Ok(id)
            }
            IrOp::Load { pointer } => {
                let id = self.load(*pointer)?;
                // The loaded texture, sampler or storage image is the operand that Vulkan
                // requires decorated when its descriptor may differ between invocations.
                if let Some(kind) =
                    luma_ir::proc::non_uniform_access(&self.w.module.types, self.func, *pointer)
                {
                    self.w.non_uniform(id, kind)?;
                }
                Ok(id)
            }
            IrOp::ArrayLength { pointer } => {
                let (var, member) = self.runtime_array_of(*pointer)?;
                self.runtime_length(var, member)
            }
            IrOp::Call { function, args } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let callee = self
                    .w
                    .function_ids
                    .get(function.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| {
                        Error::invalid(format!("call of unknown function {function:?}"))
                    })?;
                let mut operands = vec![callee];
                for &a in args {
                    operands.push(self.value_id(a)?);
                }
                self.inst(Op::FunctionCall, t, &operands)
            }
            IrOp::ImageSample(s) => self.image_sample(
                ty,
                s.image,
                s.sampler,
                s.coordinate,
                s.array_index,
                &s.level,
                s.depth_ref,
                s.offset,
                s.gather,
            ),
            IrOp::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => self.image_fetch(ty, *image, *coordinate, *array_index, *level, *sample),
            IrOp::ImageLoad {
                image,
                coordinate,
                array_index,
            } => self.image_load(*image, *coordinate, *array_index),
            IrOp::ImageQuery { image, query } => self.image_query(ty, *image, query),
            IrOp::Atomic {
                fun,
                pointer,
                value,
                comparator,
            } => self.atomic(ty, *fun, *pointer, *value, *comparator),
            IrOp::AtomicLoad { pointer } => {
                let t = self.w.ir_type(ty, Layout::Plain)?;
                let p = self.value_id(*pointer)?;
                let scope = self.atomic_scope(*pointer)?;
                let semantics = self.w.const_u32(MemorySemantics::RELAXED.bits())?;
                self.inst(Op::AtomicLoad, t, &[p, scope, semantics])
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Shapes and constants

    /// The IR type of value `v`.
    pub(crate) fn type_of(&self, v: Handle<Value>) -> Result<Handle<Type>, Error> {
        Ok(self.ir_value(v)?.ty)
    }

    /// The structure of the type of value `v`.
    pub(crate) fn inner_of(&self, v: Handle<Value>) -> Result<&'a TypeInner, Error> {
        let ty = self.type_of(v)?;
        self.w.ir_type_inner(ty)
    }

    /// The scalar and vector size of a scalar or vector value.
    pub(crate) fn shape_of(&self, v: Handle<Value>) -> Result<(Scalar, Option<VectorSize>), Error> {
        self.inner_of(v)?
            .scalar_or_vector()
            .ok_or_else(|| Error::invalid(format!("value {v:?} is not a scalar or vector")))
    }

    fn vector_size_of(&self, v: Handle<Value>) -> Result<Option<VectorSize>, Error> {
        Ok(self.inner_of(v)?.vector_size())
    }

    fn vector_len(&self, v: Handle<Value>) -> Result<u32, Error> {
        self.vector_size_of(v)?
            .map(VectorSize::count)
            .ok_or_else(|| Error::invalid(format!("value {v:?} is not a vector")))
    }

    /// A constant of `scalar` (splatted to a vector of `size`) with the integer bits `bits` or,
    /// for floats, the value `float`.
    pub(crate) fn splat_const(
        &mut self,
        scalar: Scalar,
        size: Option<VectorSize>,
        literal: Literal,
    ) -> Result<Word, Error> {
        let one = self.w.literal(literal)?;
        match size {
            None => Ok(one),
            Some(size) => {
                let ty = self.w.numeric_type(scalar, Some(size))?;
                self.w.const_composite(ty, vec![one; size.count() as usize])
            }
        }
    }

    /// The integer constant `bits` of `scalar`'s kind, splatted to `size`.
    fn int_const(
        &mut self,
        scalar: Scalar,
        size: Option<VectorSize>,
        bits: u32,
    ) -> Result<Word, Error> {
        let literal = match scalar.kind {
            ScalarKind::Sint => Literal::I32(bits as i32),
            ScalarKind::Uint => Literal::U32(bits),
            _ => return Err(Error::invalid("an integer operation on a non-integer type")),
        };
        self.splat_const(scalar, size, literal)
    }

    /// The float constant `value` of `scalar`'s width, splatted to `size`.
    fn float_const(
        &mut self,
        scalar: Scalar,
        size: Option<VectorSize>,
        value: f32,
    ) -> Result<Word, Error> {
        let literal = match scalar.width {
            2 => Literal::F16(luma_ir::proc::f32_to_f16(value)),
            _ => Literal::F32(value),
        };
        self.splat_const(scalar, size, literal)
    }

    /// The components of `v` when it is a known (non-specialization) scalar or vector
    /// constant.
    pub(crate) fn const_components(&self, v: Handle<Value>) -> Option<Vec<Literal>> {
        luma_back::constant_literals(self.w.module, self.func, v)
    }

    /// `value` splatted to a vector of `size` when it is a scalar and `size` is a vector size.
    fn splat_to(
        &mut self,
        id: Word,
        v: Handle<Value>,
        size: Option<VectorSize>,
    ) -> Result<Word, Error> {
        let (scalar, own) = self.shape_of(v)?;
        match (own, size) {
            (None, Some(size)) => {
                let ty = self.w.numeric_type(scalar, Some(size))?;
                let parts = vec![id; size.count() as usize];
                // A constant scalar splats to a constant vector, not to code.
                if self.const_components(v).is_some() {
                    return self.w.const_composite(ty, parts);
                }
                self.inst(Op::CompositeConstruct, ty, &parts)
            }
            _ => Ok(id),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Operators

    fn unary(&mut self, ty: Handle<Type>, op: UnaryOp, arg: Handle<Value>) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let a = self.value_id(arg)?;
        match op {
            UnaryOp::LogicalNot => self.inst(Op::LogicalNot, t, &[a]),
            UnaryOp::BitNot => self.inst(Op::Not, t, &[a]),
            UnaryOp::Negate => match self.inner_of(arg)? {
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => {
                    let column = self.w.numeric_type(*scalar, Some(*rows))?;
                    let mut parts = Vec::with_capacity(columns.count() as usize);
                    for i in 0..columns.count() {
                        let c = self.inst(Op::CompositeExtract, column, &[a, i])?;
                        parts.push(self.inst(Op::FNegate, column, &[c])?);
                    }
                    self.inst(Op::CompositeConstruct, t, &parts)
                }
                other => match other.scalar_kind() {
                    Some(ScalarKind::Float) => self.inst(Op::FNegate, t, &[a]),
                    // Two's complement negation wraps: -MIN == MIN.
                    Some(ScalarKind::Sint | ScalarKind::Uint) => self.inst(Op::SNegate, t, &[a]),
                    _ => Err(Error::invalid("negation of a non-numeric value")),
                },
            },
        }
    }

    fn binary(
        &mut self,
        ty: Handle<Type>,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let l = self.value_id(lhs)?;
        let r = self.value_id(rhs)?;
        if let TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } = self.inner_of(lhs)?
        {
            // SPIR-V has no componentwise matrix arithmetic: work column by column.
            let column = self.w.numeric_type(*scalar, Some(*rows))?;
            let mut parts = Vec::with_capacity(columns.count() as usize);
            for i in 0..columns.count() {
                let a = self.inst(Op::CompositeExtract, column, &[l, i])?;
                let b = self.inst(Op::CompositeExtract, column, &[r, i])?;
                parts.push(self.arith(op, *scalar, Some(*rows), column, a, b, None)?);
            }
            return self.inst(Op::CompositeConstruct, t, &parts);
        }
        let (scalar, size) = self.shape_of(lhs)?;
        self.arith(op, scalar, size, t, l, r, Some(rhs))
    }

    /// A componentwise binary operator on scalars or vectors of `scalar`. `rhs_value`, when
    /// known, lets constant divisors and shift counts skip their guards.
    #[allow(clippy::too_many_arguments)]
    fn arith(
        &mut self,
        op: BinaryOp,
        scalar: Scalar,
        size: Option<VectorSize>,
        t: Word,
        l: Word,
        r: Word,
        rhs_value: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        use ScalarKind::{Bool, Float, Sint, Uint};
        let kind = scalar.kind;
        let opcode = match (op, kind) {
            (BinaryOp::Add, Float) => Op::FAdd,
            (BinaryOp::Add, Sint | Uint) => Op::IAdd,
            (BinaryOp::Subtract, Float) => Op::FSub,
            (BinaryOp::Subtract, Sint | Uint) => Op::ISub,
            (BinaryOp::Multiply, Float) => Op::FMul,
            (BinaryOp::Multiply, Sint | Uint) => Op::IMul,
            (BinaryOp::Divide, Float) => Op::FDiv,
            (BinaryOp::Divide | BinaryOp::Remainder, Sint | Uint) => {
                return self.int_division(op, scalar, size, t, l, r, rhs_value)
            }
            (BinaryOp::Remainder, Float) => {
                // x - y * trunc(x / y), exactly as the language defines it (OpFRem is fmod).
                let q = self.inst(Op::FDiv, t, &[l, r])?;
                let tq = self.ext(t, G::Trunc, &[q])?;
                let m = self.inst(Op::FMul, t, &[r, tq])?;
                return self.inst(Op::FSub, t, &[l, m]);
            }
            (BinaryOp::BitAnd, Sint | Uint) => Op::BitwiseAnd,
            (BinaryOp::BitOr, Sint | Uint) => Op::BitwiseOr,
            (BinaryOp::BitXor, Sint | Uint) => Op::BitwiseXor,
            (BinaryOp::ShiftLeft | BinaryOp::ShiftRight, Sint | Uint) => {
                let count = self.shift_count(r, rhs_value)?;
                let opcode = match (op, kind) {
                    (BinaryOp::ShiftLeft, _) => Op::ShiftLeftLogical,
                    (_, Sint) => Op::ShiftRightArithmetic,
                    _ => Op::ShiftRightLogical,
                };
                return self.inst(opcode, t, &[l, count]);
            }
            (BinaryOp::Equal, Float) => Op::FOrdEqual,
            (BinaryOp::Equal, Sint | Uint) => Op::IEqual,
            (BinaryOp::Equal, Bool) => Op::LogicalEqual,
            // IEEE: NaN != x is true.
            (BinaryOp::NotEqual, Float) => Op::FUnordNotEqual,
            (BinaryOp::NotEqual, Sint | Uint) => Op::INotEqual,
            (BinaryOp::NotEqual, Bool) => Op::LogicalNotEqual,
            (BinaryOp::Less, Float) => Op::FOrdLessThan,
            (BinaryOp::Less, Sint) => Op::SLessThan,
            (BinaryOp::Less, Uint) => Op::ULessThan,
            (BinaryOp::LessEqual, Float) => Op::FOrdLessThanEqual,
            (BinaryOp::LessEqual, Sint) => Op::SLessThanEqual,
            (BinaryOp::LessEqual, Uint) => Op::ULessThanEqual,
            (BinaryOp::Greater, Float) => Op::FOrdGreaterThan,
            (BinaryOp::Greater, Sint) => Op::SGreaterThan,
            (BinaryOp::Greater, Uint) => Op::UGreaterThan,
            (BinaryOp::GreaterEqual, Float) => Op::FOrdGreaterThanEqual,
            (BinaryOp::GreaterEqual, Sint) => Op::SGreaterThanEqual,
            (BinaryOp::GreaterEqual, Uint) => Op::UGreaterThanEqual,
            (BinaryOp::LogicalAnd, Bool) => Op::LogicalAnd,
            (BinaryOp::LogicalOr, Bool) => Op::LogicalOr,
            (op, kind) => {
                return Err(Error::invalid(format!(
                    "operator {op:?} on {kind:?} operands"
                )))
            }
        };
        // Comparisons produce bools of the operands' shape; everything else has their type.
        let result_ty = if matches!(
            op,
            BinaryOp::Equal
                | BinaryOp::NotEqual
                | BinaryOp::Less
                | BinaryOp::LessEqual
                | BinaryOp::Greater
                | BinaryOp::GreaterEqual
        ) {
            self.w.numeric_type(Scalar::BOOL, size)?
        } else {
            t
        };
        self.inst(opcode, result_ty, &[l, r])
    }

    /// Integer `/` and `%` with Luma's total semantics: the divisor becomes 1 where it is 0 or
    /// where `MIN / -1` would overflow. Dividing by 1 then gives exactly the defined results
    /// (`x / 0 == x`, `x % 0 == 0`, `MIN / -1 == MIN`, `MIN % -1 == 0`), so nothing needs fixing
    /// afterwards. The guard is built from selects only (no logical operators on bool
    /// vectors), and a constant divisor keeps only the parts of it that can trigger.
    #[allow(clippy::too_many_arguments)]
    fn int_division(
        &mut self,
        op: BinaryOp,
        scalar: Scalar,
        size: Option<VectorSize>,
        t: Word,
        l: Word,
        r: Word,
        rhs_value: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        let signed = scalar.kind == ScalarKind::Sint;
        let divide = op == BinaryOp::Divide;
        let opcode = match (divide, signed) {
            (true, true) => Op::SDiv,
            (true, false) => Op::UDiv,
            (false, true) => Op::SRem,
            (false, false) => Op::UMod,
        };
        let parts = rhs_value.and_then(|v| self.const_components(v));
        let is_zero = |p: &Literal| matches!(p, Literal::I32(0) | Literal::U32(0));
        let is_minus_one = |p: &Literal| matches!(p, Literal::I32(-1));
        if let Some(parts) = &parts {
            if signed && !parts.is_empty() && parts.iter().all(is_minus_one) {
                // x / -1 is the wrapping negation (MIN stays MIN); x % -1 is always 0.
                return if divide {
                    self.inst(Op::SNegate, t, &[l])
                } else {
                    self.w.const_null(t)
                };
            }
        }
        let needs_zero_guard = parts.as_ref().is_none_or(|p| p.iter().any(is_zero));
        let needs_overflow_guard =
            signed && parts.as_ref().is_none_or(|p| p.iter().any(is_minus_one));
        let bool_ty = self.w.numeric_type(Scalar::BOOL, size)?;
        let one = self.int_const(scalar, size, 1)?;
        let mut divisor = r;
        if needs_overflow_guard {
            let min = self.int_const(scalar, size, i32::MIN as u32)?;
            let minus_one = self.int_const(scalar, size, u32::MAX)?;
            let lhs_is_min = self.inst(Op::IEqual, bool_ty, &[l, min])?;
            let rhs_is_minus_one = self.inst(Op::IEqual, bool_ty, &[r, minus_one])?;
            let when_minus_one = self.inst(Op::Select, t, &[lhs_is_min, one, r])?;
            divisor = self.inst(Op::Select, t, &[rhs_is_minus_one, when_minus_one, divisor])?;
        }
        if needs_zero_guard {
            let zero = self.int_const(scalar, size, 0)?;
            let rhs_is_zero = self.inst(Op::IEqual, bool_ty, &[r, zero])?;
            divisor = self.inst(Op::Select, t, &[rhs_is_zero, one, divisor])?;
        }
        self.inst(opcode, t, &[l, divisor])
    }

    /// The shift count masked to `0..=31` (kept as is when it is a constant already in range).
    fn shift_count(&mut self, r: Word, rhs_value: Option<Handle<Value>>) -> Result<Word, Error> {
        let Some(rhs) = rhs_value else {
            return Err(Error::invalid("a shift of matrices"));
        };
        let (scalar, size) = self.shape_of(rhs)?;
        if let Some(parts) = self.const_components(rhs) {
            // A constant count is masked here rather than at run time.
            let mut ids = Vec::with_capacity(parts.len());
            let mut unchanged = true;
            for part in &parts {
                let bits = match *part {
                    Literal::U32(v) => v,
                    Literal::I32(v) => v as u32,
                    _ => return Err(Error::invalid("a shift count that is not an integer")),
                };
                unchanged &= bits < 32;
                ids.push(self.w.const_int(scalar, bits & 31)?);
            }
            if unchanged {
                return Ok(r);
            }
            return match (size, ids.as_slice()) {
                (None, [id]) => Ok(*id),
                (Some(_), _) => {
                    let t = self.w.numeric_type(scalar, size)?;
                    self.w.const_composite(t, ids)
                }
                _ => Err(Error::invalid("a shift count of the wrong shape")),
            };
        }
        if luma_back::shift::count_in_range(self.w.module, self.func, rhs) {
            return Ok(r);
        }
        let t = self.w.numeric_type(scalar, size)?;
        let mask = self.int_const(scalar, size, 31)?;
        self.inst(Op::BitwiseAnd, t, &[r, mask])
    }

    fn select(
        &mut self,
        ty: Handle<Type>,
        condition: Handle<Value>,
        accept: Handle<Value>,
        reject: Handle<Value>,
    ) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let mut c = self.value_id(condition)?;
        let a = self.value_id(accept)?;
        let b = self.value_id(reject)?;
        let condition_is_scalar = self.vector_size_of(condition)?.is_none();
        match self.w.ir_type_inner(ty)? {
            TypeInner::Scalar(_) => self.inst(Op::Select, t, &[c, a, b]),
            TypeInner::Vector { size, .. } => {
                // Before SPIR-V 1.4 the condition of a vector select is a vector.
                if condition_is_scalar && !self.w.at_least(4) {
                    let bvec = self.w.numeric_type(Scalar::BOOL, Some(*size))?;
                    c = self.inst(
                        Op::CompositeConstruct,
                        bvec,
                        &vec![c; size.count() as usize],
                    )?;
                }
                self.inst(Op::Select, t, &[c, a, b])
            }
            _ => {
                if self.w.at_least(4) {
                    self.inst(Op::Select, t, &[c, a, b])
                } else {
                    self.branch_select(t, c, a, b)
                }
            }
        }
    }

    /// `base` with component `index` replaced; an out-of-range index changes nothing. A
    /// componentwise select against `(0, 1, ...)` gives exactly that without undefined
    /// behaviour (`OpVectorInsertDynamic` is undefined out of range).
    fn insert_dynamic(
        &mut self,
        ty: Handle<Type>,
        base: Handle<Value>,
        value: Handle<Value>,
        index: Handle<Value>,
    ) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let size = self
            .vector_size_of(base)?
            .ok_or_else(|| Error::invalid("`InsertDynamic` on a value that is not a vector"))?;
        let n = size.count() as usize;
        let (index_scalar, _) = self.shape_of(index)?;
        let b = self.value_id(base)?;
        let v = self.value_id(value)?;
        let i = self.value_id(index)?;
        let index_vec = self.w.numeric_type(index_scalar, Some(size))?;
        let mut iota = Vec::with_capacity(n);
        for k in 0..n as u32 {
            iota.push(self.w.const_int(index_scalar, k)?);
        }
        let iota = self.w.const_composite(index_vec, iota)?;
        let splat_index = self.inst(Op::CompositeConstruct, index_vec, &vec![i; n])?;
        let bvec = self.w.numeric_type(Scalar::BOOL, Some(size))?;
        let hit = self.inst(Op::IEqual, bvec, &[splat_index, iota])?;
        let splat_value = self.inst(Op::CompositeConstruct, t, &vec![v; n])?;
        self.inst(Op::Select, t, &[hit, splat_value, b])
    }

    /// `index` clamped to `bound` (unsigned, so negative indices clamp to the last element)
    /// when bounds checks are on; constant indices in range are kept as they are.
    pub(crate) fn clamp_index(
        &mut self,
        index: Handle<Value>,
        bound: Bound,
    ) -> Result<Word, Error> {
        let id = self.value_id(index)?;
        let (scalar, _) = self.shape_of(index)?;
        if !matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint) {
            return Err(Error::invalid("an index that is not an integer"));
        }
        let constant = self
            .const_components(index)
            .and_then(|parts| match parts.as_slice() {
                [Literal::I32(v)] => Some(*v as u32),
                [Literal::U32(v)] => Some(*v),
                _ => None,
            });
        match bound {
            Bound::Fixed(n) => {
                if let Some(c) = constant {
                    return if c < n {
                        Ok(id)
                    } else if self.w.options.bounds_checks {
                        self.w.const_int(scalar, n.saturating_sub(1))
                    } else {
                        Ok(id)
                    };
                }
                if !self.w.options.bounds_checks {
                    return Ok(id);
                }
                if n <= 1 {
                    // One element: every index reads it.
                    return self.w.const_int(scalar, 0);
                }
                let t = self.w.scalar_type(scalar)?;
                let last = self.w.const_int(scalar, n - 1)?;
                self.ext(t, G::UMin, &[id, last])
            }
            Bound::Runtime { var, member } => {
                if !self.w.options.bounds_checks {
                    return Ok(id);
                }
                let u32_ty = self.w.scalar_type(Scalar::U32)?;
                let last = self.runtime_last_index(var, member)?;
                let unsigned = if scalar.kind == ScalarKind::Sint {
                    self.inst(Op::Bitcast, u32_ty, &[id])?
                } else {
                    id
                };
                self.ext(u32_ty, G::UMin, &[unsigned, last])
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Conversions

    fn convert(&mut self, ty: Handle<Type>, value: Handle<Value>) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let from_ty = self.value_type(value)?;
        let src = self.value_id(value)?;
        if from_ty == t {
            return Ok(src);
        }
        let to = self.w.ir_type_inner(ty)?;
        let from = self.inner_of(value)?;
        if let (
            TypeInner::Matrix {
                columns,
                rows,
                scalar: from_scalar,
            },
            TypeInner::Matrix { scalar, .. },
        ) = (from, to)
        {
            let from_column = self.w.numeric_type(*from_scalar, Some(*rows))?;
            let to_column = self.w.numeric_type(*scalar, Some(*rows))?;
            let mut parts = Vec::with_capacity(columns.count() as usize);
            for i in 0..columns.count() {
                let c = self.inst(Op::CompositeExtract, from_column, &[src, i])?;
                parts.push(self.inst(Op::FConvert, to_column, &[c])?);
            }
            return self.inst(Op::CompositeConstruct, t, &parts);
        }
        let (from_scalar, size) = from
            .scalar_or_vector()
            .ok_or_else(|| Error::invalid("conversion of a value that is not numeric"))?;
        let (to_scalar, _) = to
            .scalar_or_vector()
            .ok_or_else(|| Error::invalid("conversion to a type that is not numeric"))?;
        use ScalarKind::{Bool, Float, Sint, Uint};
        match (from_scalar.kind, to_scalar.kind) {
            (Float, Float) => self.inst(Op::FConvert, t, &[src]),
            (Float, Sint) => self.inst(Op::ConvertFToS, t, &[src]),
            (Float, Uint) => self.inst(Op::ConvertFToU, t, &[src]),
            (Sint, Float) => self.inst(Op::ConvertSToF, t, &[src]),
            (Uint, Float) => self.inst(Op::ConvertUToF, t, &[src]),
            (Sint | Uint, Sint | Uint) => self.inst(Op::Bitcast, t, &[src]),
            (Bool, _) => {
                let (one, zero) = match to_scalar.kind {
                    Float => (
                        self.float_const(to_scalar, size, 1.0)?,
                        self.float_const(to_scalar, size, 0.0)?,
                    ),
                    _ => (
                        self.int_const(to_scalar, size, 1)?,
                        self.int_const(to_scalar, size, 0)?,
                    ),
                };
                self.inst(Op::Select, t, &[src, one, zero])
            }
            (Float, Bool) => {
                let zero = self.float_const(from_scalar, size, 0.0)?;
                self.inst(Op::FUnordNotEqual, t, &[src, zero])
            }
            (Sint | Uint, Bool) => {
                let zero = self.int_const(from_scalar, size, 0)?;
                self.inst(Op::INotEqual, t, &[src, zero])
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Math

    fn math(
        &mut self,
        ty: Handle<Type>,
        fun: MathFunction,
        args: &[Handle<Value>],
    ) -> Result<Word, Error> {
        use MathFunction as M;
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| Error::invalid(format!("`{fun:?}` is missing argument {i}")))
        };
        let result_size = self.w.ir_type_inner(ty)?.vector_size();
        // Componentwise functions take every argument at the result's shape.
        let mut ids = Vec::with_capacity(args.len());
        for &a in args {
            let id = self.value_id(a)?;
            let componentwise = !matches!(
                fun,
                M::Refract
                    | M::Length
                    | M::Distance
                    | M::Dot
                    | M::Cross
                    | M::Normalize
                    | M::Reflect
                    | M::FaceForward
                    | M::Transpose
                    | M::Inverse
                    | M::Determinant
                    | M::Pack4x8Unorm
                    | M::Pack4x8Snorm
                    | M::Pack2x16Unorm
                    | M::Pack2x16Snorm
                    | M::Pack2x16Float
                    | M::Unpack4x8Unorm
                    | M::Unpack4x8Snorm
                    | M::Unpack2x16Unorm
                    | M::Unpack2x16Snorm
                    | M::Unpack2x16Float
                    | M::ExtractBits
                    | M::InsertBits
            );
            ids.push(
                if componentwise && self.inner_of(a)?.is_scalar_or_vector() {
                    self.splat_to(id, a, result_size)?
                } else {
                    id
                },
            );
        }
        let x = *ids
            .first()
            .ok_or_else(|| Error::invalid("a math function without arguments"))?;
        let kind = self.inner_of(arg(0)?)?.scalar_kind();
        let by_kind = |float: G, sint: G, uint: G| match kind {
            Some(ScalarKind::Float) => Ok(float),
            Some(ScalarKind::Sint) => Ok(sint),
            Some(ScalarKind::Uint) => Ok(uint),
            _ => Err(Error::invalid(format!("`{fun:?}` of a non-numeric value"))),
        };
        let direct = match fun {
            M::Abs => match kind {
                // |x| of an unsigned value is x.
                Some(ScalarKind::Uint) => return Ok(x),
                Some(ScalarKind::Sint) => G::SAbs,
                _ => G::FAbs,
            },
            M::Sign => match kind {
                // 0 or 1 for unsigned values.
                Some(ScalarKind::Uint) => {
                    let (scalar, size) = self.shape_of(arg(0)?)?;
                    let one = self.int_const(scalar, size, 1)?;
                    return self.ext(t, G::UMin, &[x, one]);
                }
                Some(ScalarKind::Sint) => G::SSign,
                _ => G::FSign,
            },
            M::Floor => G::Floor,
            M::Ceil => G::Ceil,
            M::Round => G::RoundEven,
            M::Trunc => G::Trunc,
            M::Fract => G::Fract,
            M::Mod => {
                // OpFMod is x - y * floor(x / y) (GLSL's mod, the result takes y's sign).
                if kind != Some(ScalarKind::Float) {
                    return Err(Error::invalid("`mod` of integers"));
                }
                return self.inst(Op::FMod, t, &ids);
            }
            M::Min => by_kind(G::FMin, G::SMin, G::UMin)?,
            M::Max => by_kind(G::FMax, G::SMax, G::UMax)?,
            M::Clamp => return self.clamp(t, fun, args, &ids),
            M::Mix => G::FMix,
            M::Step => G::Step,
            M::SmoothStep => G::SmoothStep,
            M::Sqrt => G::Sqrt,
            M::InverseSqrt => G::InverseSqrt,
            M::Pow => G::Pow,
            M::Exp => G::Exp,
            M::Exp2 => G::Exp2,
            M::Log => G::Log,
            M::Log2 => G::Log2,
            M::Sin => G::Sin,
            M::Cos => G::Cos,
            M::Tan => G::Tan,
            M::Asin => G::Asin,
            M::Acos => G::Acos,
            M::Atan => G::Atan,
            M::Atan2 => G::Atan2,
            M::Sinh => G::Sinh,
            M::Cosh => G::Cosh,
            M::Tanh => G::Tanh,
            M::Asinh => G::Asinh,
            M::Acosh => G::Acosh,
            M::Atanh => G::Atanh,
            M::Radians => G::Radians,
            M::Degrees => G::Degrees,
            M::Fma => G::Fma,
            M::Ldexp => G::Ldexp,
            M::Saturate => {
                let (scalar, size) = self.shape_of(arg(0)?)?;
                let zero = self.float_const(scalar, size, 0.0)?;
                let one = self.float_const(scalar, size, 1.0)?;
                return self.ext(t, G::FClamp, &[x, zero, one]);
            }
            M::Length => G::Length,
            M::Distance => G::Distance,
            M::Dot => {
                if kind == Some(ScalarKind::Float) {
                    return self.inst(Op::Dot, t, &ids);
                }
                return self.integer_dot(t, arg(0)?, &ids);
            }
            M::Cross => G::Cross,
            M::Normalize => G::Normalize,
            M::Reflect => G::Reflect,
            M::Refract => G::Refract,
            M::FaceForward => G::FaceForward,
            M::Transpose => return self.inst(Op::Transpose, t, &[x]),
            M::Inverse => G::MatrixInverse,
            M::Determinant => G::Determinant,
            M::CountOneBits => return self.inst(Op::BitCount, t, &[x]),
            M::ReverseBits => return self.inst(Op::BitReverse, t, &[x]),
            M::FirstLeadingBit => match kind {
                Some(ScalarKind::Sint) => G::FindSMsb,
                _ => G::FindUMsb,
            },
            M::FirstTrailingBit => G::FindILsb,
            M::CountLeadingZeros | M::CountTrailingZeros => {
                return self.count_zeros(t, fun == M::CountLeadingZeros, arg(0)?, x)
            }
            M::ExtractBits => {
                let (o, c) = self.bit_field(arg(1)?, arg(2)?)?;
                let op = match kind {
                    Some(ScalarKind::Sint) => Op::BitFieldSExtract,
                    _ => Op::BitFieldUExtract,
                };
                return self.inst(op, t, &[x, o, c]);
            }
            M::InsertBits => {
                let (o, c) = self.bit_field(arg(2)?, arg(3)?)?;
                let newbits = *ids
                    .get(1)
                    .ok_or_else(|| Error::invalid("`InsertBits` without new bits"))?;
                return self.inst(Op::BitFieldInsert, t, &[x, newbits, o, c]);
            }
            M::Pack4x8Unorm => G::PackUnorm4x8,
            M::Pack4x8Snorm => G::PackSnorm4x8,
            M::Pack2x16Unorm => G::PackUnorm2x16,
            M::Pack2x16Snorm => G::PackSnorm2x16,
            M::Pack2x16Float => G::PackHalf2x16,
            M::Unpack4x8Unorm => G::UnpackUnorm4x8,
            M::Unpack4x8Snorm => G::UnpackSnorm4x8,
            M::Unpack2x16Unorm => G::UnpackUnorm2x16,
            M::Unpack2x16Snorm => G::UnpackSnorm2x16,
            M::Unpack2x16Float => G::UnpackHalf2x16,
        };
        self.ext(t, direct, &ids)
    }

    /// `clamp(x, lo, hi)` is `min(max(x, lo), hi)`. `GLSL.std.450`'s clamp is undefined when
    /// `lo > hi`, so it is used only when constant bounds prove `lo <= hi`.
    fn clamp(
        &mut self,
        t: Word,
        fun: MathFunction,
        args: &[Handle<Value>],
        ids: &[Word],
    ) -> Result<Word, Error> {
        let (Some(&x_value), Some(&lo_value), Some(&hi_value)) =
            (args.first(), args.get(1), args.get(2))
        else {
            return Err(Error::invalid(format!("`{fun:?}` needs three arguments")));
        };
        let (&[x, lo, hi], kind) = (
            <&[Word; 3]>::try_from(ids).map_err(|_| Error::invalid("`Clamp` arity"))?,
            self.inner_of(x_value)?.scalar_kind(),
        );
        let ordered =
            luma_back::bounds_ordered(self.w.module, self.func, lo_value, hi_value, false);
        let (clamp, max, min) = match kind {
            Some(ScalarKind::Float) => (G::FClamp, G::FMax, G::FMin),
            Some(ScalarKind::Sint) => (G::SClamp, G::SMax, G::SMin),
            Some(ScalarKind::Uint) => (G::UClamp, G::UMax, G::UMin),
            _ => return Err(Error::invalid("`clamp` of a non-numeric value")),
        };
        if ordered {
            return self.ext(t, clamp, &[x, lo, hi]);
        }
        let low = self.ext(t, max, &[x, lo])?;
        self.ext(t, min, &[low, hi])
    }

    /// `count_leading_zeros` / `count_trailing_zeros` of `x` (value `a`, result type `t`), from
    /// `FindUMsb` / `FindILsb` of its bits as unsigned (`FindSMsb` would skip a negative
    /// int's sign copies): their -1 for 0 gives `31 - 0xFFFFFFFF == 32` and
    /// `min(0xFFFFFFFF, 32) == 32`.
    fn count_zeros(
        &mut self,
        t: Word,
        leading: bool,
        a: Handle<Value>,
        x: Word,
    ) -> Result<Word, Error> {
        let (scalar, size) = self.shape_of(a)?;
        let ut = self.w.numeric_type(Scalar::U32, size)?;
        let bits = if scalar.kind == ScalarKind::Sint {
            self.inst(Op::Bitcast, ut, &[x])?
        } else {
            x
        };
        let count = if leading {
            let msb = self.ext(ut, G::FindUMsb, &[bits])?;
            let k31 = self.int_const(Scalar::U32, size, 31)?;
            self.inst(Op::ISub, ut, &[k31, msb])?
        } else {
            let lsb = self.ext(ut, G::FindILsb, &[bits])?;
            let k32 = self.int_const(Scalar::U32, size, 32)?;
            self.ext(ut, G::UMin, &[lsb, k32])?
        };
        if scalar.kind == ScalarKind::Sint {
            self.inst(Op::Bitcast, t, &[count])
        } else {
            Ok(count)
        }
    }

    /// The offset and count operands of a bit field instruction. SPIR-V leaves a field past
    /// bit 31 undefined; Luma clamps as WGSL does (`o = min(offset, 32)`,
    /// `c = min(count, 32 - o)`), at compile time when both are constants.
    fn bit_field(
        &mut self,
        offset: Handle<Value>,
        count: Handle<Value>,
    ) -> Result<(Word, Word), Error> {
        let (o, c) = (self.value_id(offset)?, self.value_id(count)?);
        let module = self.w.module;
        let known = |v| match luma_back::constant_literals(module, self.func, v).as_deref() {
            Some(&[Literal::U32(x)]) => Some(x),
            _ => None,
        };
        if let (Some(ko), Some(kc)) = (known(offset), known(count)) {
            if ko.checked_add(kc).is_some_and(|end| end <= 32) {
                return Ok((o, c));
            }
            let (ko, kc) = luma_ir::proc::bit_field(ko, kc);
            return Ok((self.w.const_u32(ko)?, self.w.const_u32(kc)?));
        }
        let u32_ty = self.w.scalar_type(Scalar::U32)?;
        let bits = self.w.const_u32(32)?;
        let o = self.ext(u32_ty, G::UMin, &[o, bits])?;
        let room = self.inst(Op::ISub, u32_ty, &[bits, o])?;
        let c = self.ext(u32_ty, G::UMin, &[c, room])?;
        Ok((o, c))
    }

    /// The dot product of integer vectors (SPIR-V's `OpDot` takes only floats).
    fn integer_dot(&mut self, t: Word, a: Handle<Value>, ids: &[Word]) -> Result<Word, Error> {
        let (&[x, y], n) = (
            <&[Word; 2]>::try_from(ids).map_err(|_| Error::invalid("`Dot` arity"))?,
            self.vector_len(a)?,
        );
        let vec_ty = self.value_type(a)?;
        let products = self.inst(Op::IMul, vec_ty, &[x, y])?;
        let mut sum = self.inst(Op::CompositeExtract, t, &[products, 0])?;
        for i in 1..n {
            let p = self.inst(Op::CompositeExtract, t, &[products, i])?;
            sum = self.inst(Op::IAdd, t, &[sum, p])?;
        }
        Ok(sum)
    }

    // -----------------------------------------------------------------------------------------
    // Atomics and barriers

    /// The memory scope of an atomic through `pointer`: the device for storage buffers, the
    /// workgroup for workgroup memory.
    fn atomic_scope(&mut self, pointer: Handle<Value>) -> Result<Word, Error> {
        let scope = match self.pointer_space(pointer)? {
            AddressSpace::Storage { .. } => Scope::Device,
            AddressSpace::Workgroup => Scope::Workgroup,
            other => {
                return Err(Error::invalid(format!(
                    "an atomic in the {other:?} address space"
                )))
            }
        };
        self.w.const_u32(scope as u32)
    }

    /// A read-modify-write atomic. Atomics are relaxed (semantics 0), as in GLSL and WGSL:
    /// ordering against other memory comes from barriers.
    fn atomic(
        &mut self,
        ty: Handle<Type>,
        fun: AtomicFunction,
        pointer: Handle<Value>,
        value: Handle<Value>,
        comparator: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let p = self.value_id(pointer)?;
        let v = self.value_id(value)?;
        let scope = self.atomic_scope(pointer)?;
        let relaxed = self.w.const_u32(MemorySemantics::RELAXED.bits())?;
        let signed = self.w.ir_type_inner(ty)?.scalar_kind() == Some(ScalarKind::Sint);
        let opcode = match fun {
            AtomicFunction::Add => Op::AtomicIAdd,
            AtomicFunction::Subtract => Op::AtomicISub,
            AtomicFunction::And => Op::AtomicAnd,
            AtomicFunction::Or => Op::AtomicOr,
            AtomicFunction::Xor => Op::AtomicXor,
            AtomicFunction::Min if signed => Op::AtomicSMin,
            AtomicFunction::Min => Op::AtomicUMin,
            AtomicFunction::Max if signed => Op::AtomicSMax,
            AtomicFunction::Max => Op::AtomicUMax,
            AtomicFunction::Exchange => Op::AtomicExchange,
            AtomicFunction::CompareExchange => {
                let c = comparator
                    .ok_or_else(|| Error::invalid("`CompareExchange` without a comparator"))?;
                let c = self.value_id(c)?;
                return self.inst(
                    Op::AtomicCompareExchange,
                    t,
                    &[p, scope, relaxed, relaxed, v, c],
                );
            }
        };
        self.inst(opcode, t, &[p, scope, relaxed, v])
    }

    /// `OpAtomicStore`.
    pub(crate) fn atomic_store(
        &mut self,
        pointer: Handle<Value>,
        value: Handle<Value>,
    ) -> Result<(), Error> {
        let p = self.value_id(pointer)?;
        let v = self.value_id(value)?;
        let scope = self.atomic_scope(pointer)?;
        let relaxed = self.w.const_u32(MemorySemantics::RELAXED.bits())?;
        self.inst_void(Op::AtomicStore, &[p, scope, relaxed, v])
    }

    /// A workgroup control barrier that also makes workgroup and/or storage memory visible:
    /// memory scope Device when storage memory is involved (other workgroups' writes), else
    /// Workgroup; acquire-release semantics on the named storage classes.
    pub(crate) fn barrier(&mut self, barrier: Barrier) -> Result<(), Error> {
        let execution = self.w.const_u32(Scope::Workgroup as u32)?;
        let memory_scope = if barrier.storage {
            Scope::Device
        } else {
            Scope::Workgroup
        };
        let mut semantics = MemorySemantics::empty();
        if barrier.workgroup {
            semantics |= MemorySemantics::WORKGROUP_MEMORY;
        }
        if barrier.storage {
            semantics |= MemorySemantics::UNIFORM_MEMORY;
        }
        if !semantics.is_empty() {
            semantics |= MemorySemantics::ACQUIRE_RELEASE;
        }
        let memory = self.w.const_u32(memory_scope as u32)?;
        let semantics = self.w.const_u32(semantics.bits())?;
        self.inst_void(Op::ControlBarrier, &[execution, memory, semantics])
    }
}
