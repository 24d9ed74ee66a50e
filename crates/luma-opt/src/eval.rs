//! Exact evaluation of operations on constants, shared by constant folding and constant
//! propagation.
//!
//! Integers follow the `BinaryOp` docs exactly (wrapping arithmetic, `x / 0 == x`,
//! `MIN / -1 == MIN`, `x % 0 == 0`, masked shift counts). Floats are computed in their own
//! precision with IEEE 754 round-to-nearest-even (`f16` through `f32`, which rounds
//! `+ - * / sqrt` correctly for binary16), and only where IEEE fixes the result: nothing is
//! folded whose operands or result are NaN (their bits differ between hosts and targets), nor
//! transcendental functions, `fract`, `mod`, float `%`, dot products or matrix products (whose
//! rounding depends on the target's evaluation order), nor conversions whose result Luma leaves
//! unspecified (out-of-range float to integer).

use luma_base::Handle;
use luma_ir::proc::{f16_to_f32, f32_to_f16, part_type, zero_literal, ConstantInterner};
use luma_ir::{
    BinaryOp, Constant, ConstantValue, Literal, MathFunction, Module, Op, ProductKind,
    RelationalFunction, Scalar, ScalarKind, Type, TypeInner, UnaryOp, Value, VectorSize,
};

/// A constant value as a tree: a scalar, or the parts of a composite.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum CVal {
    /// A scalar.
    Scalar(Literal),
    /// Components, columns, elements or members.
    Composite(Vec<CVal>),
}

/// How deep constant trees may nest before evaluation gives up (types nest far less in real
/// shaders; this bounds recursion on hostile IR).
const MAX_DEPTH: u32 = 64;

impl CVal {
    /// The tree of constant `c` (`None` for specialization constants, whose value the pipeline
    /// may change, and for trees deeper than the limit).
    pub fn of_constant(module: &Module, c: Handle<Constant>) -> Option<CVal> {
        Self::of_constant_at(module, c, 0)
    }

    fn of_constant_at(module: &Module, c: Handle<Constant>, depth: u32) -> Option<CVal> {
        if depth > MAX_DEPTH {
            return None;
        }
        let constant = module.constants.get(c)?;
        if constant.spec_id.is_some() {
            return None;
        }
        match &constant.value {
            ConstantValue::Scalar(lit) => Some(CVal::Scalar(*lit)),
            ConstantValue::Zero => Self::zero(module, constant.ty, depth),
            ConstantValue::Composite(parts) => parts
                .iter()
                .map(|p| Self::of_constant_at(module, *p, depth + 1))
                .collect::<Option<Vec<_>>>()
                .map(CVal::Composite),
        }
    }

    /// The zero value of `ty`.
    fn zero(module: &Module, ty: Handle<Type>, depth: u32) -> Option<CVal> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(match module.type_inner(ty)? {
            TypeInner::Scalar(s) => CVal::Scalar(zero_literal(*s)?),
            TypeInner::Vector { size, scalar } => {
                CVal::Composite(vec![
                    CVal::Scalar(zero_literal(*scalar)?);
                    size.count() as usize
                ])
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => CVal::Composite(vec![
                CVal::Composite(vec![
                    CVal::Scalar(zero_literal(
                        *scalar
                    )?);
                    rows.count() as usize
                ]);
                columns.count() as usize
            ]),
            TypeInner::Array {
                base,
                size: luma_ir::ArraySize::Constant(n),
            } => {
                let element = Self::zero(module, *base, depth + 1)?;
                // Large zero arrays are not worth expanding.
                if *n > 1024 {
                    return None;
                }
                CVal::Composite(vec![element; *n as usize])
            }
            TypeInner::Struct { members } => CVal::Composite(
                members
                    .iter()
                    .map(|m| Self::zero(module, m.ty, depth + 1))
                    .collect::<Option<Vec<_>>>()?,
            ),
            _ => return None,
        })
    }

    fn scalar(&self) -> Option<Literal> {
        match self {
            CVal::Scalar(l) => Some(*l),
            CVal::Composite(_) => None,
        }
    }

    fn parts(&self) -> Option<&[CVal]> {
        match self {
            CVal::Composite(p) => Some(p),
            CVal::Scalar(_) => None,
        }
    }

    /// Interns the tree as a constant of type `ty`, building composite parts bottom-up.
    pub fn intern(
        &self,
        module: &mut Module,
        interner: &mut ConstantInterner,
        ty: Handle<Type>,
    ) -> Option<Handle<Constant>> {
        self.intern_at(module, interner, ty, 0)
    }

    fn intern_at(
        &self,
        module: &mut Module,
        interner: &mut ConstantInterner,
        ty: Handle<Type>,
        depth: u32,
    ) -> Option<Handle<Constant>> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self {
            CVal::Scalar(lit) => {
                if *module.type_inner(ty)? != TypeInner::Scalar(lit.scalar()) {
                    return None;
                }
                Some(interner.intern(&mut module.constants, ty, ConstantValue::Scalar(*lit)))
            }
            CVal::Composite(parts) => {
                if module.type_inner(ty)?.part_count()? as usize != parts.len() {
                    return None;
                }
                let mut handles = Vec::with_capacity(parts.len());
                for (i, part) in parts.iter().enumerate() {
                    let part_ty = part_type(&mut module.types, ty, i as u32)?;
                    handles.push(part.intern_at(module, interner, part_ty, depth + 1)?);
                }
                Some(interner.intern(&mut module.constants, ty, ConstantValue::Composite(handles)))
            }
        }
    }
}

fn is_nan(l: Literal) -> bool {
    match l {
        Literal::F32(v) => v.is_nan(),
        Literal::F16(b) => f16_to_f32(b).is_nan(),
        _ => false,
    }
}

/// Applies `f` to a scalar, or to each component of a vector.
fn map1(a: &CVal, f: impl Fn(Literal) -> Option<Literal>) -> Option<CVal> {
    match a {
        CVal::Scalar(l) => f(*l).map(CVal::Scalar),
        CVal::Composite(parts) => parts
            .iter()
            .map(|p| p.scalar().and_then(&f).map(CVal::Scalar))
            .collect::<Option<Vec<_>>>()
            .map(CVal::Composite),
    }
}

/// Applies `f` componentwise to two scalars or two vectors of one size.
fn map2(a: &CVal, b: &CVal, f: impl Fn(Literal, Literal) -> Option<Literal>) -> Option<CVal> {
    match (a, b) {
        (CVal::Scalar(x), CVal::Scalar(y)) => f(*x, *y).map(CVal::Scalar),
        (CVal::Composite(xs), CVal::Composite(ys)) if xs.len() == ys.len() => xs
            .iter()
            .zip(ys)
            .map(|(x, y)| f(x.scalar()?, y.scalar()?).map(CVal::Scalar))
            .collect::<Option<Vec<_>>>()
            .map(CVal::Composite),
        _ => None,
    }
}

/// Applies `f` componentwise to three scalars or vectors of one size.
fn map3(
    a: &CVal,
    b: &CVal,
    c: &CVal,
    f: impl Fn(Literal, Literal, Literal) -> Option<Literal>,
) -> Option<CVal> {
    match (a, b, c) {
        (CVal::Scalar(x), CVal::Scalar(y), CVal::Scalar(z)) => f(*x, *y, *z).map(CVal::Scalar),
        (CVal::Composite(xs), CVal::Composite(ys), CVal::Composite(zs))
            if xs.len() == ys.len() && ys.len() == zs.len() =>
        {
            xs.iter()
                .zip(ys)
                .zip(zs)
                .map(|((x, y), z)| f(x.scalar()?, y.scalar()?, z.scalar()?).map(CVal::Scalar))
                .collect::<Option<Vec<_>>>()
                .map(CVal::Composite)
        }
        _ => None,
    }
}

/// A float operation in the literal's own precision; `None` if an operand or the result is
/// NaN.
fn float1(a: Literal, f: impl Fn(f32) -> f32) -> Option<Literal> {
    let out = match a {
        Literal::F32(x) if !x.is_nan() => Literal::F32(f(x)),
        Literal::F16(x) if !is_nan(a) => Literal::F16(f32_to_f16(f(f16_to_f32(x)))),
        _ => return None,
    };
    (!is_nan(out)).then_some(out)
}

fn float2(a: Literal, b: Literal, f: impl Fn(f32, f32) -> f32) -> Option<Literal> {
    if is_nan(a) || is_nan(b) {
        return None;
    }
    let out = match (a, b) {
        (Literal::F32(x), Literal::F32(y)) => Literal::F32(f(x, y)),
        (Literal::F16(x), Literal::F16(y)) => {
            Literal::F16(f32_to_f16(f(f16_to_f32(x), f16_to_f32(y))))
        }
        _ => return None,
    };
    (!is_nan(out)).then_some(out)
}

/// A float's value as `f32` (exact for `f16`).
fn as_f32(l: Literal) -> Option<f32> {
    match l {
        Literal::F32(x) => Some(x),
        Literal::F16(x) => Some(f16_to_f32(x)),
        _ => None,
    }
}

fn binary_scalar(op: BinaryOp, a: Literal, b: Literal) -> Option<Literal> {
    use BinaryOp as B;
    use Literal as L;
    Some(match (op, a, b) {
        (B::Add, L::I32(x), L::I32(y)) => L::I32(x.wrapping_add(y)),
        (B::Add, L::U32(x), L::U32(y)) => L::U32(x.wrapping_add(y)),
        (B::Subtract, L::I32(x), L::I32(y)) => L::I32(x.wrapping_sub(y)),
        (B::Subtract, L::U32(x), L::U32(y)) => L::U32(x.wrapping_sub(y)),
        (B::Multiply, L::I32(x), L::I32(y)) => L::I32(x.wrapping_mul(y)),
        (B::Multiply, L::U32(x), L::U32(y)) => L::U32(x.wrapping_mul(y)),
        (B::Divide, L::I32(x), L::I32(y)) => L::I32(match y {
            0 => x,
            -1 => x.wrapping_neg(),
            _ => x / y,
        }),
        (B::Divide, L::U32(x), L::U32(y)) => L::U32(x.checked_div(y).unwrap_or(x)),
        (B::Remainder, L::I32(x), L::I32(y)) => L::I32(match y {
            0 | -1 => 0,
            _ => x % y,
        }),
        (B::Remainder, L::U32(x), L::U32(y)) => L::U32(x.checked_rem(y).unwrap_or(0)),
        (B::BitAnd, L::I32(x), L::I32(y)) => L::I32(x & y),
        (B::BitAnd, L::U32(x), L::U32(y)) => L::U32(x & y),
        (B::BitOr, L::I32(x), L::I32(y)) => L::I32(x | y),
        (B::BitOr, L::U32(x), L::U32(y)) => L::U32(x | y),
        (B::BitXor, L::I32(x), L::I32(y)) => L::I32(x ^ y),
        (B::BitXor, L::U32(x), L::U32(y)) => L::U32(x ^ y),
        (B::ShiftLeft, L::I32(x), L::U32(y)) => L::I32(x.wrapping_shl(y & 31)),
        (B::ShiftLeft, L::U32(x), L::U32(y)) => L::U32(x.wrapping_shl(y & 31)),
        (B::ShiftRight, L::I32(x), L::U32(y)) => L::I32(x.wrapping_shr(y & 31)),
        (B::ShiftRight, L::U32(x), L::U32(y)) => L::U32(x.wrapping_shr(y & 31)),
        (B::Add, _, _) => float2(a, b, |x, y| x + y)?,
        (B::Subtract, _, _) => float2(a, b, |x, y| x - y)?,
        (B::Multiply, _, _) => float2(a, b, |x, y| x * y)?,
        (B::Divide, _, _) => float2(a, b, |x, y| x / y)?,
        (B::LogicalAnd, L::Bool(x), L::Bool(y)) => L::Bool(x && y),
        (B::LogicalOr, L::Bool(x), L::Bool(y)) => L::Bool(x || y),
        (B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual, _, _) => {
            L::Bool(compare(op, a, b)?)
        }
        _ => return None,
    })
}

fn compare(op: BinaryOp, a: Literal, b: Literal) -> Option<bool> {
    use std::cmp::Ordering;
    let ord = match (a, b) {
        (Literal::Bool(x), Literal::Bool(y)) => x.cmp(&y),
        (Literal::I32(x), Literal::I32(y)) => x.cmp(&y),
        (Literal::U32(x), Literal::U32(y)) => x.cmp(&y),
        (Literal::F32(_), Literal::F32(_)) | (Literal::F16(_), Literal::F16(_)) => {
            // NaN comparisons differ between targets' ordered and unordered forms.
            as_f32(a)?.partial_cmp(&as_f32(b)?)?
        }
        _ => return None,
    };
    Some(match op {
        BinaryOp::Equal => ord == Ordering::Equal,
        BinaryOp::NotEqual => ord != Ordering::Equal,
        BinaryOp::Less => ord == Ordering::Less,
        BinaryOp::LessEqual => ord != Ordering::Greater,
        BinaryOp::Greater => ord == Ordering::Greater,
        BinaryOp::GreaterEqual => ord != Ordering::Less,
        _ => return None,
    })
}

fn unary_scalar(op: UnaryOp, a: Literal) -> Option<Literal> {
    Some(match (op, a) {
        (UnaryOp::Negate, Literal::I32(x)) => Literal::I32(x.wrapping_neg()),
        (UnaryOp::Negate, Literal::F32(_) | Literal::F16(_)) => float1(a, |x| -x)?,
        (UnaryOp::LogicalNot, Literal::Bool(b)) => Literal::Bool(!b),
        (UnaryOp::BitNot, Literal::I32(x)) => Literal::I32(!x),
        (UnaryOp::BitNot, Literal::U32(x)) => Literal::U32(!x),
        _ => return None,
    })
}

/// Converts one scalar to `to` per `Op::Convert`'s rules.
fn convert_scalar(a: Literal, to: Scalar) -> Option<Literal> {
    use Literal as L;
    let out = match (a, to.kind, to.width) {
        (_, _, _) if a.scalar() == to => a,
        (L::Bool(b), ScalarKind::Sint, 4) => L::I32(i32::from(b)),
        (L::Bool(b), ScalarKind::Uint, 4) => L::U32(u32::from(b)),
        (L::Bool(b), ScalarKind::Float, 4) => L::F32(if b { 1.0 } else { 0.0 }),
        (L::Bool(b), ScalarKind::Float, 2) => L::F16(if b { 0x3c00 } else { 0 }),
        (L::I32(x), ScalarKind::Bool, _) => L::Bool(x != 0),
        (L::U32(x), ScalarKind::Bool, _) => L::Bool(x != 0),
        // NaN operands are refused below: targets differ on ordered and unordered `!= 0`.
        (L::F32(_) | L::F16(_), ScalarKind::Bool, _) => L::Bool(as_f32(a)? != 0.0),
        (L::I32(x), ScalarKind::Uint, 4) => L::U32(x as u32),
        (L::U32(x), ScalarKind::Sint, 4) => L::I32(x as i32),
        (L::I32(x), ScalarKind::Float, 4) => L::F32(x as f32),
        (L::U32(x), ScalarKind::Float, 4) => L::F32(x as f32),
        // Exact for |x| <= 2^24; larger values overflow binary16 either way.
        (L::I32(x), ScalarKind::Float, 2) => L::F16(f32_to_f16(x as f32)),
        (L::U32(x), ScalarKind::Float, 2) => L::F16(f32_to_f16(x as f32)),
        (L::F32(_) | L::F16(_), ScalarKind::Sint, 4) => {
            let t = as_f32(a)?.trunc();
            if !(-2_147_483_648.0..2_147_483_648.0).contains(&t) {
                return None;
            }
            L::I32(t as i32)
        }
        (L::F32(_) | L::F16(_), ScalarKind::Uint, 4) => {
            let t = as_f32(a)?.trunc();
            if !(0.0..4_294_967_296.0).contains(&t) {
                return None;
            }
            L::U32(t as u32)
        }
        (L::F32(x), ScalarKind::Float, 2) => L::F16(f32_to_f16(x)),
        (L::F16(x), ScalarKind::Float, 4) => L::F32(f16_to_f32(x)),
        _ => return None,
    };
    (!is_nan(out) && !is_nan(a)).then_some(out)
}

/// The bytes of a scalar, little-endian.
fn scalar_bytes(l: Literal, out: &mut Vec<u8>) -> Option<()> {
    match l {
        Literal::I32(x) => out.extend_from_slice(&x.to_le_bytes()),
        Literal::U32(x) => out.extend_from_slice(&x.to_le_bytes()),
        Literal::F32(x) => out.extend_from_slice(&x.to_bits().to_le_bytes()),
        Literal::F16(x) => out.extend_from_slice(&x.to_le_bytes()),
        Literal::Bool(_) => return None,
    }
    Some(())
}

fn scalar_from_bytes(s: Scalar, bytes: &[u8]) -> Option<Literal> {
    Some(match (s.kind, bytes) {
        (ScalarKind::Sint, &[a, b, c, d]) => Literal::I32(i32::from_le_bytes([a, b, c, d])),
        (ScalarKind::Uint, &[a, b, c, d]) => Literal::U32(u32::from_le_bytes([a, b, c, d])),
        (ScalarKind::Float, &[a, b, c, d]) => {
            Literal::F32(f32::from_bits(u32::from_le_bytes([a, b, c, d])))
        }
        (ScalarKind::Float, &[a, b]) => Literal::F16(u16::from_le_bytes([a, b])),
        _ => return None,
    })
}

/// Reinterprets the bits of `a` as `to` (a scalar or vector); the first component holds the
/// lowest bits, as in SPIR-V.
fn bitcast(a: &CVal, to: &TypeInner) -> Option<CVal> {
    let mut bytes = Vec::new();
    match a {
        CVal::Scalar(l) => scalar_bytes(*l, &mut bytes)?,
        CVal::Composite(parts) => {
            for p in parts {
                scalar_bytes(p.scalar()?, &mut bytes)?;
            }
        }
    }
    let (scalar, size) = to.scalar_or_vector()?;
    let width = usize::from(scalar.width);
    let count = size.map_or(1, VectorSize::count) as usize;
    if bytes.len() != width * count {
        return None;
    }
    let mut parts = Vec::with_capacity(count);
    for chunk in bytes.chunks(width) {
        parts.push(CVal::Scalar(scalar_from_bytes(scalar, chunk)?));
    }
    Some(match size {
        None => parts.into_iter().next()?,
        Some(_) => CVal::Composite(parts),
    })
}

/// `ldexp` of an `f32`, folded only where every target gives the exact `x * 2^e`: `e` in
/// `-126..=127` (WGSL leaves larger exponents indeterminate), `x` and the result normal or
/// zero (targets may flush subnormals, and overflow is undefined in SPIR-V).
fn ldexp(x: Literal, e: Literal) -> Option<Literal> {
    let (Literal::F32(x), Literal::I32(e)) = (x, e) else {
        return None;
    };
    if !(-126..=127).contains(&e) || !(x == 0.0 || x.is_normal()) {
        return None;
    }
    let r = (f64::from(x) * 2f64.powi(e)) as f32;
    (r == 0.0 || r.is_normal()).then_some(Literal::F32(r))
}

/// The `u32` scalar constant `v` (a bit field's offset or count).
fn u32_of(v: &CVal) -> Option<u32> {
    match v.scalar()? {
        Literal::U32(x) => Some(x),
        _ => None,
    }
}

fn first_leading_bit(l: Literal) -> Option<Literal> {
    Some(match l {
        Literal::U32(0) => Literal::U32(u32::MAX),
        Literal::U32(x) => Literal::U32(31 - x.leading_zeros()),
        Literal::I32(0 | -1) => Literal::I32(-1),
        Literal::I32(x) if x > 0 => Literal::I32(31 - x.leading_zeros() as i32),
        // Negative: the most significant bit that differs from the sign (a zero bit).
        Literal::I32(x) => Literal::I32(31 - (!x).leading_zeros() as i32),
        _ => return None,
    })
}

fn first_trailing_bit(l: Literal) -> Option<Literal> {
    Some(match l {
        Literal::U32(0) => Literal::U32(u32::MAX),
        Literal::U32(x) => Literal::U32(x.trailing_zeros()),
        Literal::I32(0) => Literal::I32(-1),
        Literal::I32(x) => Literal::I32(x.trailing_zeros() as i32),
        _ => return None,
    })
}

/// `min`/`max` on two scalars: exact for integers; for floats only without NaN and without a
/// pair of differently signed zeros (targets disagree on which zero they return).
fn min_max(max: bool, a: Literal, b: Literal) -> Option<Literal> {
    Some(match (a, b) {
        (Literal::I32(x), Literal::I32(y)) => Literal::I32(if max { x.max(y) } else { x.min(y) }),
        (Literal::U32(x), Literal::U32(y)) => Literal::U32(if max { x.max(y) } else { x.min(y) }),
        (Literal::F32(_), Literal::F32(_)) | (Literal::F16(_), Literal::F16(_)) => {
            let (x, y) = (as_f32(a)?, as_f32(b)?);
            if x.is_nan() || y.is_nan() || (x == 0.0 && y == 0.0 && x.to_bits() != y.to_bits()) {
                return None;
            }
            let pick_a = if max { x >= y } else { x <= y };
            if pick_a {
                a
            } else {
                b
            }
        }
        _ => return None,
    })
}

fn clamp(x: Literal, lo: Literal, hi: Literal) -> Option<Literal> {
    // `clamp` is undefined on every target when lo > hi.
    if compare(BinaryOp::Greater, lo, hi)? {
        return None;
    }
    min_max(false, min_max(true, x, lo)?, hi)
}

fn math(fun: MathFunction, args: &[&CVal]) -> Option<CVal> {
    use MathFunction as M;
    let a = *args.first()?;
    match fun {
        M::Abs => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.wrapping_abs())),
            Literal::U32(_) => Some(l),
            _ => float1(l, f32::abs),
        }),
        M::Sign => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.signum())),
            // The sign of zero differs between targets.
            _ if as_f32(l)? == 0.0 => None,
            _ => float1(l, f32::signum),
        }),
        M::Floor => map1(a, |l| float1(l, f32::floor)),
        M::Ceil => map1(a, |l| float1(l, f32::ceil)),
        M::Trunc => map1(a, |l| float1(l, f32::trunc)),
        M::Round => map1(a, |l| float1(l, f32::round_ties_even)),
        M::Sqrt => map1(a, |l| float1(l, f32::sqrt)),
        M::Saturate => map1(a, |l| {
            let one = match l {
                Literal::F32(_) => Literal::F32(1.0),
                _ => Literal::F16(0x3c00),
            };
            let zero = match l {
                Literal::F32(_) => Literal::F32(0.0),
                _ => Literal::F16(0),
            };
            clamp(l, zero, one)
        }),
        M::Min => map2(a, args.get(1)?, |x, y| min_max(false, x, y)),
        M::Max => map2(a, args.get(1)?, |x, y| min_max(true, x, y)),
        M::Clamp => map3(a, args.get(1)?, args.get(2)?, clamp),
        M::CountOneBits => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.count_ones() as i32)),
            Literal::U32(x) => Some(Literal::U32(x.count_ones())),
            _ => None,
        }),
        M::ReverseBits => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.reverse_bits())),
            Literal::U32(x) => Some(Literal::U32(x.reverse_bits())),
            _ => None,
        }),
        M::Ldexp => map2(a, args.get(1)?, ldexp),
        M::CountLeadingZeros => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.leading_zeros() as i32)),
            Literal::U32(x) => Some(Literal::U32(x.leading_zeros())),
            _ => None,
        }),
        M::CountTrailingZeros => map1(a, |l| match l {
            Literal::I32(x) => Some(Literal::I32(x.trailing_zeros() as i32)),
            Literal::U32(x) => Some(Literal::U32(x.trailing_zeros())),
            _ => None,
        }),
        M::FirstLeadingBit => map1(a, first_leading_bit),
        M::FirstTrailingBit => map1(a, first_trailing_bit),
        // Exact, and clamped the same way on every target (the back ends clamp where the
        // target leaves a field past bit 31 undefined).
        M::ExtractBits => {
            let (o, c) = (u32_of(args.get(1)?)?, u32_of(args.get(2)?)?);
            map1(a, |l| match l {
                Literal::I32(x) => Some(Literal::I32(luma_ir::proc::extract_bits(
                    x as u32, o, c, true,
                ) as i32)),
                Literal::U32(x) => Some(Literal::U32(luma_ir::proc::extract_bits(x, o, c, false))),
                _ => None,
            })
        }
        M::InsertBits => {
            let (o, c) = (u32_of(args.get(2)?)?, u32_of(args.get(3)?)?);
            map2(a, args.get(1)?, |x, y| match (x, y) {
                (Literal::I32(e), Literal::I32(n)) => Some(Literal::I32(
                    luma_ir::proc::insert_bits(e as u32, n as u32, o, c) as i32,
                )),
                (Literal::U32(e), Literal::U32(n)) => {
                    Some(Literal::U32(luma_ir::proc::insert_bits(e, n, o, c)))
                }
                _ => None,
            })
        }
        M::Pack4x8Unorm | M::Pack4x8Snorm | M::Pack2x16Unorm | M::Pack2x16Snorm => {
            pack_normalized(fun, a)
        }
        _ => None,
    }
}

/// `pack_unorm4x8`, `pack_snorm4x8`, `pack_unorm2x16` or `pack_snorm2x16` of constant
/// components: each clamped, scaled (an exact IEEE product), rounded to the nearest integer
/// and stored in its bits, component 0 lowest. Not folded when a scaled component lies
/// exactly halfway between two integers, where GLSL leaves the rounding direction to the
/// implementation, nor for NaN. (Folding also keeps the value away from drivers' own folding:
/// Mesa 22's constant folder sign-extends a negative `snorm` component into the ones above it.)
fn pack_normalized(fun: MathFunction, a: &CVal) -> Option<CVal> {
    use MathFunction as M;
    let CVal::Composite(parts) = a else {
        return None;
    };
    let (bits, signed) = match fun {
        M::Pack4x8Unorm => (8u32, false),
        M::Pack4x8Snorm => (8, true),
        M::Pack2x16Unorm => (16, false),
        M::Pack2x16Snorm => (16, true),
        _ => return None,
    };
    if parts.len() as u32 * bits != 32 {
        return None;
    }
    let max = if signed {
        ((1u32 << (bits - 1)) - 1) as f32
    } else {
        ((1u32 << bits) - 1) as f32
    };
    let low = if signed { -1.0 } else { 0.0 };
    let mask = (1u32 << bits) - 1;
    let mut word = 0u32;
    for (i, part) in parts.iter().enumerate() {
        let CVal::Scalar(Literal::F32(x)) = part else {
            return None;
        };
        if x.is_nan() {
            return None;
        }
        let scaled = x.clamp(low, 1.0) * max;
        if scaled - scaled.floor() == 0.5 {
            return None;
        }
        let q = scaled.round() as i32;
        word |= ((q as u32) & mask) << (bits * i as u32);
    }
    Some(CVal::Scalar(Literal::U32(word)))
}

/// Evaluates `op` whose result has type `result`, given the constant value of each operand
/// (`None` for an operand that is not constant). Returns `None` when the op is not constant
/// or not safely foldable.
pub(crate) fn eval(
    module: &Module,
    op: &Op,
    result: Handle<Type>,
    operand: &dyn Fn(Handle<Value>) -> Option<CVal>,
) -> Option<CVal> {
    let rt = module.type_inner(result)?;
    let out = match op {
        Op::Unary { op, arg } => map1(&operand(*arg)?, |l| unary_scalar(*op, l))?,
        Op::Binary { op, lhs, rhs } => map2(&operand(*lhs)?, &operand(*rhs)?, |x, y| {
            binary_scalar(*op, x, y)
        })?,
        Op::Product { kind, lhs, rhs } => match kind {
            ProductKind::VectorTimesScalar => {
                let s = operand(*rhs)?.scalar()?;
                map1(&operand(*lhs)?, |l| float2(l, s, |x, y| x * y))?
            }
            ProductKind::MatrixTimesScalar => {
                let s = operand(*rhs)?.scalar()?;
                let m = operand(*lhs)?;
                CVal::Composite(
                    m.parts()?
                        .iter()
                        .map(|col| map1(col, |l| float2(l, s, |x, y| x * y)))
                        .collect::<Option<Vec<_>>>()?,
                )
            }
            _ => return None,
        },
        Op::Select {
            condition,
            accept,
            reject,
        } => {
            let c = operand(*condition)?;
            match c {
                CVal::Scalar(Literal::Bool(true)) => operand(*accept)?,
                CVal::Scalar(Literal::Bool(false)) => operand(*reject)?,
                CVal::Composite(flags) => {
                    let (a, b) = (operand(*accept)?, operand(*reject)?);
                    let (ap, bp) = (a.parts()?, b.parts()?);
                    if flags.len() != ap.len() || flags.len() != bp.len() {
                        return None;
                    }
                    let mut parts = Vec::with_capacity(flags.len());
                    for ((f, x), y) in flags.iter().zip(ap).zip(bp) {
                        match f.scalar()? {
                            Literal::Bool(true) => parts.push(x.clone()),
                            Literal::Bool(false) => parts.push(y.clone()),
                            _ => return None,
                        }
                    }
                    CVal::Composite(parts)
                }
                CVal::Scalar(_) => return None,
            }
        }
        Op::Splat { value } => {
            let n = rt.vector_size()?.count() as usize;
            CVal::Composite(vec![operand(*value)?; n])
        }
        Op::Compose { components } => {
            let mut parts = Vec::new();
            let vector = matches!(rt, TypeInner::Vector { .. });
            for c in components {
                let v = operand(*c)?;
                match (vector, v) {
                    (true, CVal::Composite(inner)) => parts.extend(inner),
                    (_, v) => parts.push(v),
                }
            }
            CVal::Composite(parts)
        }
        Op::Extract { base, index } => operand(*base)?.parts()?.get(*index as usize)?.clone(),
        Op::Insert { base, value, index } => {
            let mut parts = operand(*base)?.parts()?.to_vec();
            *parts.get_mut(*index as usize)? = operand(*value)?;
            CVal::Composite(parts)
        }
        Op::ExtractDynamic { base, index } => {
            let i = index_of(&operand(*index)?)?;
            // An out-of-range index yields an unspecified component: leave it to the target.
            operand(*base)?.parts()?.get(i)?.clone()
        }
        Op::InsertDynamic { base, value, index } => {
            let i = index_of(&operand(*index)?)?;
            let mut parts = operand(*base)?.parts()?.to_vec();
            if let Some(slot) = parts.get_mut(i) {
                *slot = operand(*value)?;
            }
            CVal::Composite(parts)
        }
        Op::Shuffle { a, b, pattern } => {
            let (x, y) = (operand(*a)?, operand(*b)?);
            let all: Vec<&CVal> = x.parts()?.iter().chain(y.parts()?).collect();
            CVal::Composite(
                pattern
                    .iter()
                    .map(|p| all.get(*p as usize).map(|c| (*c).clone()))
                    .collect::<Option<Vec<_>>>()?,
            )
        }
        Op::Convert { value } => {
            let (to, _) = rt.scalar_or_vector()?;
            map1(&operand(*value)?, |l| convert_scalar(l, to))?
        }
        Op::Bitcast { value } => bitcast(&operand(*value)?, rt)?,
        Op::Relational { fun, arg } => {
            let a = operand(*arg)?;
            match fun {
                RelationalFunction::All | RelationalFunction::Any => {
                    let flags = a
                        .parts()?
                        .iter()
                        .map(|p| match p.scalar()? {
                            Literal::Bool(b) => Some(b),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()?;
                    CVal::Scalar(Literal::Bool(if *fun == RelationalFunction::All {
                        flags.iter().all(|b| *b)
                    } else {
                        flags.iter().any(|b| *b)
                    }))
                }
                RelationalFunction::IsNan => {
                    map1(&a, |l| Some(Literal::Bool(as_f32(l)?.is_nan())))?
                }
                RelationalFunction::IsInf => {
                    map1(&a, |l| Some(Literal::Bool(as_f32(l)?.is_infinite())))?
                }
            }
        }
        Op::Math { fun, args } => {
            let values = args
                .iter()
                .map(|a| operand(*a))
                .collect::<Option<Vec<_>>>()?;
            let refs: Vec<&CVal> = values.iter().collect();
            math(*fun, &refs)?
        }
        _ => return None,
    };
    Some(out)
}

fn index_of(c: &CVal) -> Option<usize> {
    match c.scalar()? {
        Literal::I32(i) => usize::try_from(i).ok(),
        Literal::U32(i) => usize::try_from(i).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(op: BinaryOp, a: Literal, b: Literal) -> Option<Literal> {
        binary_scalar(op, a, b)
    }

    #[test]
    fn integer_division_is_total() {
        use Literal::{I32, U32};
        assert_eq!(bin(BinaryOp::Divide, I32(7), I32(0)), Some(I32(7)));
        assert_eq!(
            bin(BinaryOp::Divide, I32(i32::MIN), I32(-1)),
            Some(I32(i32::MIN))
        );
        assert_eq!(bin(BinaryOp::Divide, I32(-7), I32(2)), Some(I32(-3)));
        assert_eq!(bin(BinaryOp::Remainder, I32(-7), I32(2)), Some(I32(-1)));
        assert_eq!(bin(BinaryOp::Remainder, I32(7), I32(0)), Some(I32(0)));
        assert_eq!(
            bin(BinaryOp::Remainder, I32(i32::MIN), I32(-1)),
            Some(I32(0))
        );
        assert_eq!(bin(BinaryOp::Divide, U32(7), U32(0)), Some(U32(7)));
        assert_eq!(bin(BinaryOp::Remainder, U32(7), U32(0)), Some(U32(0)));
        assert_eq!(
            bin(BinaryOp::Add, I32(i32::MAX), I32(1)),
            Some(I32(i32::MIN))
        );
        assert_eq!(bin(BinaryOp::ShiftLeft, I32(1), U32(33)), Some(I32(2)));
        assert_eq!(bin(BinaryOp::ShiftRight, I32(-8), U32(1)), Some(I32(-4)));
        assert_eq!(
            bin(BinaryOp::ShiftRight, U32(0x8000_0000), U32(31)),
            Some(U32(1))
        );
    }

    #[test]
    fn floats_fold_in_their_precision_and_never_through_nan() {
        use Literal::{F16, F32};
        assert_eq!(
            bin(BinaryOp::Add, F32(0.1), F32(0.2)),
            Some(F32(0.1f32 + 0.2f32))
        );
        assert_eq!(
            bin(BinaryOp::Divide, F32(1.0), F32(0.0)),
            Some(F32(f32::INFINITY))
        );
        assert_eq!(bin(BinaryOp::Divide, F32(0.0), F32(0.0)), None);
        assert_eq!(bin(BinaryOp::Add, F32(f32::NAN), F32(1.0)), None);
        assert_eq!(bin(BinaryOp::Less, F32(f32::NAN), F32(1.0)), None);
        // 1.0h + 2^-11 rounds to 1.0 in binary16 (ties to even).
        assert_eq!(
            bin(BinaryOp::Add, F16(0x3c00), F16(f32_to_f16(2f32.powi(-11)))),
            Some(F16(0x3c00))
        );
        assert_eq!(
            bin(BinaryOp::Remainder, F32(5.5), F32(2.0)),
            None,
            "float % is left to the target"
        );
    }

    fn pack(fun: MathFunction, xs: &[f32]) -> Option<u32> {
        let v = CVal::Composite(xs.iter().map(|&x| CVal::Scalar(Literal::F32(x))).collect());
        match math(fun, &[&v])? {
            CVal::Scalar(Literal::U32(w)) => Some(w),
            _ => None,
        }
    }

    #[test]
    fn normalized_packs_fold_except_at_halfway_points() {
        use MathFunction as M;
        // Clamped to [-1, 1], each byte its own: the negative third component does not reach
        // into the fourth (Mesa 22's folder got 0xff817f7f).
        assert_eq!(
            pack(M::Pack4x8Snorm, &[12.0, 9.25, -31.25, 0.0]),
            Some(0x0081_7f7f)
        );
        assert_eq!(pack(M::Pack4x8Snorm, &[-1.0, 0.0, 0.0, 0.0]), Some(0x81));
        assert_eq!(
            pack(M::Pack4x8Unorm, &[0.0, 1.0, 2.0, -3.0]),
            Some(0x00ff_ff00)
        );
        assert_eq!(pack(M::Pack2x16Snorm, &[-1.0, 0.25]), Some(0x2000_8001));
        assert_eq!(pack(M::Pack2x16Unorm, &[1.0, 0.0]), Some(0xffff));
        // 0.5 * 255 = 127.5: the rounding direction is the target's.
        assert_eq!(pack(M::Pack4x8Unorm, &[0.5, 0.0, 0.0, 0.0]), None);
        assert_eq!(pack(M::Pack4x8Snorm, &[f32::NAN, 0.0, 0.0, 0.0]), None);
        // A vector of the wrong width is not a pack operand.
        assert_eq!(pack(M::Pack4x8Snorm, &[0.0, 0.0]), None);
    }

    #[test]
    fn conversions_follow_the_convert_docs() {
        use Literal::{Bool, F32, I32, U32};
        assert_eq!(convert_scalar(F32(-2.7), Scalar::I32), Some(I32(-2)));
        assert_eq!(convert_scalar(F32(3e9), Scalar::I32), None);
        assert_eq!(convert_scalar(F32(-1.0), Scalar::U32), None);
        assert_eq!(convert_scalar(F32(-0.5), Scalar::U32), Some(U32(0)));
        assert_eq!(convert_scalar(I32(-1), Scalar::U32), Some(U32(u32::MAX)));
        assert_eq!(
            convert_scalar(I32(16_777_217), Scalar::F32),
            Some(F32(16_777_216.0))
        );
        assert_eq!(convert_scalar(F32(-0.0), Scalar::BOOL), Some(Bool(false)));
        assert_eq!(convert_scalar(Bool(true), Scalar::F32), Some(F32(1.0)));
    }

    #[test]
    fn bit_queries() {
        use Literal::{I32, U32};
        assert_eq!(first_leading_bit(U32(1)), Some(U32(0)));
        assert_eq!(first_leading_bit(U32(0)), Some(U32(u32::MAX)));
        assert_eq!(first_leading_bit(I32(-1)), Some(I32(-1)));
        assert_eq!(first_leading_bit(I32(-2)), Some(I32(0)));
        assert_eq!(first_leading_bit(I32(0x100)), Some(I32(8)));
        assert_eq!(first_trailing_bit(I32(8)), Some(I32(3)));
        assert_eq!(first_trailing_bit(I32(0)), Some(I32(-1)));
    }

    #[test]
    fn bitcast_splits_low_bits_first() {
        let v = CVal::Scalar(Literal::U32(0x4000_3c00));
        let to = TypeInner::Vector {
            size: VectorSize::Bi,
            scalar: Scalar::F16,
        };
        assert_eq!(
            bitcast(&v, &to),
            Some(CVal::Composite(vec![
                CVal::Scalar(Literal::F16(0x3c00)),
                CVal::Scalar(Literal::F16(0x4000))
            ]))
        );
    }

    #[test]
    fn float_min_max_avoid_signed_zero_pairs() {
        use Literal::F32;
        assert_eq!(min_max(false, F32(0.0), F32(-0.0)), None);
        assert_eq!(min_max(true, F32(1.0), F32(-2.0)), Some(F32(1.0)));
        assert_eq!(clamp(F32(5.0), F32(1.0), F32(0.0)), None);
    }
}
