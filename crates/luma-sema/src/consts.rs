//! Constant evaluation: untyped ("abstract") literal arithmetic, and folding of typed constant
//! expressions with the language's exact semantics (wrapping `+ - *` on integers, truncated
//! division, masked shift counts, binary32 / binary16 float arithmetic).
//!
//! Integer division or remainder by zero, `INT_MIN / -1`, `INT_MIN % -1` and float results that
//! are not finite are errors in constant expressions (language.md), reported by the caller from
//! the [`FoldError`] returned here.

use luma_thir::{ArrayLen, BinaryOp, ConstValue, ScalarTy, Ty, TyId, Types, UnaryOp};

use crate::types::{f16_to_f32, f32_to_f16, f64_to_f16};

/// An untyped constant: what literals and expressions over them evaluate to before a context
/// gives them a type. Integers are exact within `(-2^64, 2^64)`; floats are binary64.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Abstract {
    /// An integer literal (or an expression of integer literals).
    Int(i128),
    /// A float literal (or an expression involving one).
    Float(f64),
}

/// Bound of abstract integers (exclusive, both signs).
const ABSTRACT_INT_BOUND: i128 = 1 << 64;

/// Why a constant operation did not produce a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FoldError {
    /// Integer division or remainder by zero.
    DivisionByZero,
    /// `INT_MIN / -1`, an abstract integer out of range.
    Overflow,
    /// A shift of an untyped integer by a count outside 0..=63 (a typed shift masks it).
    ShiftCount,
    /// A float result that is infinite or NaN.
    NotFinite,
    /// The operation is valid but not evaluated at compile time (the expression stays as is).
    NotFoldable,
}

impl Abstract {
    /// Negation.
    pub fn neg(self) -> Result<Abstract, FoldError> {
        match self {
            Abstract::Int(v) => check_int(-v),
            Abstract::Float(f) => Ok(Abstract::Float(-f)),
        }
    }

    /// Bitwise complement (integers only).
    pub fn bit_not(self) -> Option<Abstract> {
        match self {
            Abstract::Int(v) => Some(Abstract::Int(-v - 1)),
            Abstract::Float(_) => None,
        }
    }

    /// Whether this is an integer literal.
    pub fn is_int(self) -> bool {
        matches!(self, Abstract::Int(_))
    }

    /// The value as a float.
    pub fn as_f64(self) -> f64 {
        match self {
            Abstract::Int(v) => v as f64,
            Abstract::Float(f) => f,
        }
    }

    /// Text for messages.
    pub fn describe(self) -> String {
        match self {
            Abstract::Int(v) => v.to_string(),
            Abstract::Float(f) => format_float(f),
        }
    }
}

/// A float printed so that it reads as a float literal.
pub(crate) fn format_float(f: f64) -> String {
    if f != 0.0 && !(1e-5..1e16).contains(&f.abs()) {
        return format!("{f:e}");
    }
    let s = format!("{f}");
    if s.contains('.') || s.contains('e') || s.contains("inf") || s.contains("NaN") {
        s
    } else {
        format!("{s}.0")
    }
}

fn check_int(v: i128) -> Result<Abstract, FoldError> {
    if v.abs() >= ABSTRACT_INT_BOUND {
        Err(FoldError::Overflow)
    } else {
        Ok(Abstract::Int(v))
    }
}

fn check_float(f: f64) -> Result<Abstract, FoldError> {
    if f.is_finite() {
        Ok(Abstract::Float(f))
    } else {
        Err(FoldError::NotFinite)
    }
}

/// Result of an operator on two untyped constants.
pub(crate) enum AbstractResult {
    /// Still untyped.
    Abstract(Abstract),
    /// A typed `bool` (comparisons).
    Bool(bool),
}

/// Applies `op` to two untyped constants. `Ok(None)` means the operator does not take these
/// operands (the caller reports the type error).
pub(crate) fn abstract_binary(
    op: BinaryOp,
    a: Abstract,
    b: Abstract,
) -> Result<Option<AbstractResult>, FoldError> {
    use Abstract::Int;
    let r = match (op, a, b) {
        (BinaryOp::Add, Int(x), Int(y)) => check_int(x + y)?,
        (BinaryOp::Sub, Int(x), Int(y)) => check_int(x - y)?,
        (BinaryOp::Mul, Int(x), Int(y)) => check_int(x.checked_mul(y).ok_or(FoldError::Overflow)?)?,
        (BinaryOp::Div, Int(x), Int(y)) => {
            if y == 0 {
                return Err(FoldError::DivisionByZero);
            }
            check_int(x / y)?
        }
        (BinaryOp::Rem, Int(x), Int(y)) => {
            if y == 0 {
                return Err(FoldError::DivisionByZero);
            }
            check_int(x % y)?
        }
        (BinaryOp::BitAnd, Int(x), Int(y)) => Int(x & y),
        (BinaryOp::BitOr, Int(x), Int(y)) => Int(x | y),
        (BinaryOp::BitXor, Int(x), Int(y)) => Int(x ^ y),
        (BinaryOp::Shl, Int(x), Int(y)) => {
            if !(0..64).contains(&y) {
                return Err(FoldError::ShiftCount);
            }
            check_int(x.checked_mul(1i128 << y).ok_or(FoldError::Overflow)?)?
        }
        (BinaryOp::Shr, Int(x), Int(y)) => {
            if !(0..64).contains(&y) {
                return Err(FoldError::ShiftCount);
            }
            Int(x >> y)
        }
        (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem, _, _) => {
            let (x, y) = (a.as_f64(), b.as_f64());
            let v = match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                _ => x - y * (x / y).trunc(),
            };
            check_float(v)?
        }
        (
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge,
            _,
            _,
        ) => {
            let ord = match (a, b) {
                (Int(x), Int(y)) => x.partial_cmp(&y),
                _ => a.as_f64().partial_cmp(&b.as_f64()),
            };
            let Some(ord) = ord else {
                return Ok(Some(AbstractResult::Bool(op == BinaryOp::Ne)));
            };
            let v = match op {
                BinaryOp::Eq => ord.is_eq(),
                BinaryOp::Ne => ord.is_ne(),
                BinaryOp::Lt => ord.is_lt(),
                BinaryOp::Le => ord.is_le(),
                BinaryOp::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            };
            return Ok(Some(AbstractResult::Bool(v)));
        }
        _ => return Ok(None),
    };
    Ok(Some(AbstractResult::Abstract(r)))
}

/// Why an untyped constant cannot take a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MaterializeError {
    /// The value does not fit (`300000000000` as `int`, `-1` as `uint`, `1e40` as `float`).
    OutOfRange,
    /// A float literal where an integer is required.
    FloatToInteger,
    /// The type is not numeric.
    NotNumeric,
}

/// Gives an untyped constant the scalar type `s`.
pub(crate) fn materialize(a: Abstract, s: ScalarTy) -> Result<ConstValue, MaterializeError> {
    match (a, s) {
        (_, ScalarTy::Bool) => Err(MaterializeError::NotNumeric),
        (Abstract::Int(v), ScalarTy::Int) => i32::try_from(v)
            .map(ConstValue::Int)
            .map_err(|_| MaterializeError::OutOfRange),
        (Abstract::Int(v), ScalarTy::Uint) => u32::try_from(v)
            .map(ConstValue::Uint)
            .map_err(|_| MaterializeError::OutOfRange),
        (Abstract::Float(_), ScalarTy::Int | ScalarTy::Uint) => {
            Err(MaterializeError::FloatToInteger)
        }
        (a, ScalarTy::Float) => {
            let f = a.as_f64() as f32;
            if f.is_finite() {
                Ok(ConstValue::Float(f))
            } else {
                Err(MaterializeError::OutOfRange)
            }
        }
        (a, ScalarTy::Half) => {
            let h = f64_to_f16(a.as_f64());
            if f16_to_f32(h).is_finite() {
                Ok(ConstValue::Half(h))
            } else {
                Err(MaterializeError::OutOfRange)
            }
        }
    }
}

/// Number of scalar components in a constant (cost of copying or evaluating it).
pub(crate) fn size(v: &ConstValue) -> u64 {
    // This runs for every constant expression, and most are scalars or vectors: the stack only
    // holds nested composites, so it stays unallocated for those.
    let ConstValue::Composite(parts) = v else {
        return 1;
    };
    let mut n = 0u64;
    let mut stack: Vec<&[ConstValue]> = Vec::new();
    let mut cur: &[ConstValue] = parts;
    loop {
        for c in cur {
            match c {
                ConstValue::Composite(inner) => stack.push(inner),
                _ => n += 1,
            }
        }
        match stack.pop() {
            Some(next) => cur = next,
            None => return n,
        }
    }
}

/// The zero of a scalar type.
fn zero(s: ScalarTy) -> ConstValue {
    match s {
        ScalarTy::Bool => ConstValue::Bool(false),
        ScalarTy::Int => ConstValue::Int(0),
        ScalarTy::Uint => ConstValue::Uint(0),
        ScalarTy::Float => ConstValue::Float(0.0),
        ScalarTy::Half => ConstValue::Half(0),
    }
}

fn finite_f32(v: f32) -> Result<ConstValue, FoldError> {
    if v.is_finite() {
        Ok(ConstValue::Float(v))
    } else {
        Err(FoldError::NotFinite)
    }
}

fn finite_f16(v: f32) -> Result<ConstValue, FoldError> {
    let h = f32_to_f16(v);
    if f16_to_f32(h).is_finite() {
        Ok(ConstValue::Half(h))
    } else {
        Err(FoldError::NotFinite)
    }
}

/// `op a` on a scalar.
fn unary_scalar(op: UnaryOp, a: &ConstValue) -> Result<ConstValue, FoldError> {
    use ConstValue as C;
    Ok(match (op, a) {
        (UnaryOp::Neg, C::Int(x)) => C::Int(x.wrapping_neg()),
        (UnaryOp::Neg, C::Float(x)) => C::Float(-x),
        (UnaryOp::Neg, C::Half(x)) => C::Half(x ^ 0x8000),
        (UnaryOp::Not, C::Bool(b)) => C::Bool(!b),
        (UnaryOp::BitNot, C::Int(x)) => C::Int(!x),
        (UnaryOp::BitNot, C::Uint(x)) => C::Uint(!x),
        _ => return Err(FoldError::NotFoldable),
    })
}

/// `op a` on a scalar or vector constant.
pub(crate) fn unary(op: UnaryOp, a: &ConstValue) -> Result<ConstValue, FoldError> {
    match a {
        ConstValue::Composite(parts) => parts
            .iter()
            .map(|p| unary_scalar(op, p))
            .collect::<Result<Vec<_>, _>>()
            .map(ConstValue::Composite),
        s => unary_scalar(op, s),
    }
}

/// `a op b` on two scalars of one type (shifts: any integer count).
fn binary_scalar(op: BinaryOp, a: &ConstValue, b: &ConstValue) -> Result<ConstValue, FoldError> {
    use ConstValue as C;
    let shift = |b: &ConstValue| -> Option<u32> {
        match b {
            C::Int(y) => Some((*y as u32) & 31),
            C::Uint(y) => Some(y & 31),
            _ => None,
        }
    };
    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
        let n = shift(b).ok_or(FoldError::NotFoldable)?;
        return Ok(match (op, a) {
            (BinaryOp::Shl, C::Int(x)) => C::Int(((*x as u32) << n) as i32),
            (BinaryOp::Shr, C::Int(x)) => C::Int(x >> n),
            (BinaryOp::Shl, C::Uint(x)) => C::Uint(x << n),
            (BinaryOp::Shr, C::Uint(x)) => C::Uint(x >> n),
            _ => return Err(FoldError::NotFoldable),
        });
    }
    Ok(match (a, b) {
        (C::Int(x), C::Int(y)) => {
            let (x, y) = (*x, *y);
            match op {
                BinaryOp::Add => C::Int(x.wrapping_add(y)),
                BinaryOp::Sub => C::Int(x.wrapping_sub(y)),
                BinaryOp::Mul => C::Int(x.wrapping_mul(y)),
                BinaryOp::Div | BinaryOp::Rem => {
                    if y == 0 {
                        return Err(FoldError::DivisionByZero);
                    }
                    // `INT_MIN / -1` does not fit (an error in a constant, language.md §7.2);
                    // `INT_MIN % -1` is 0, which does.
                    if x == i32::MIN && y == -1 && op == BinaryOp::Div {
                        return Err(FoldError::Overflow);
                    }
                    C::Int(if op == BinaryOp::Div {
                        x / y
                    } else {
                        x.wrapping_rem(y)
                    })
                }
                BinaryOp::BitAnd => C::Int(x & y),
                BinaryOp::BitOr => C::Int(x | y),
                BinaryOp::BitXor => C::Int(x ^ y),
                _ => C::Bool(compare(op, x.cmp(&y))?),
            }
        }
        (C::Uint(x), C::Uint(y)) => {
            let (x, y) = (*x, *y);
            match op {
                BinaryOp::Add => C::Uint(x.wrapping_add(y)),
                BinaryOp::Sub => C::Uint(x.wrapping_sub(y)),
                BinaryOp::Mul => C::Uint(x.wrapping_mul(y)),
                BinaryOp::Div | BinaryOp::Rem => {
                    if y == 0 {
                        return Err(FoldError::DivisionByZero);
                    }
                    C::Uint(if op == BinaryOp::Div { x / y } else { x % y })
                }
                BinaryOp::BitAnd => C::Uint(x & y),
                BinaryOp::BitOr => C::Uint(x | y),
                BinaryOp::BitXor => C::Uint(x ^ y),
                _ => C::Bool(compare(op, x.cmp(&y))?),
            }
        }
        (C::Float(x), C::Float(y)) => float_op(op, *x, *y, finite_f32)?,
        (C::Half(x), C::Half(y)) => float_op(op, f16_to_f32(*x), f16_to_f32(*y), finite_f16)?,
        (C::Bool(x), C::Bool(y)) => match op {
            BinaryOp::Eq => C::Bool(x == y),
            BinaryOp::Ne => C::Bool(x != y),
            BinaryOp::And => C::Bool(*x && *y),
            BinaryOp::Or => C::Bool(*x || *y),
            _ => return Err(FoldError::NotFoldable),
        },
        _ => return Err(FoldError::NotFoldable),
    })
}

fn float_op(
    op: BinaryOp,
    x: f32,
    y: f32,
    make: fn(f32) -> Result<ConstValue, FoldError>,
) -> Result<ConstValue, FoldError> {
    match op {
        BinaryOp::Add => make(x + y),
        BinaryOp::Sub => make(x - y),
        BinaryOp::Mul => make(x * y),
        BinaryOp::Div => make(x / y),
        BinaryOp::Rem => make(x - y * (x / y).trunc()),
        _ => {
            let ord = x.partial_cmp(&y);
            Ok(ConstValue::Bool(match ord {
                Some(o) => compare(op, o)?,
                None => op == BinaryOp::Ne,
            }))
        }
    }
}

fn compare(op: BinaryOp, ord: std::cmp::Ordering) -> Result<bool, FoldError> {
    Ok(match op {
        BinaryOp::Eq => ord.is_eq(),
        BinaryOp::Ne => ord.is_ne(),
        BinaryOp::Lt => ord.is_lt(),
        BinaryOp::Le => ord.is_le(),
        BinaryOp::Gt => ord.is_gt(),
        BinaryOp::Ge => ord.is_ge(),
        _ => return Err(FoldError::NotFoldable),
    })
}

fn parts(v: &ConstValue) -> Option<&[ConstValue]> {
    match v {
        ConstValue::Composite(p) => Some(p),
        _ => None,
    }
}

/// `a op b` for operands of types `lt` and `rt` (already checked by the type checker).
pub(crate) fn binary(
    types: &Types,
    op: BinaryOp,
    a: &ConstValue,
    lt: TyId,
    b: &ConstValue,
    rt: TyId,
) -> Result<ConstValue, FoldError> {
    let (l, r) = (types.get(lt), types.get(rt));
    // Whole-vector equality.
    if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
        if let (Some(pa), Some(pb)) = (parts(a), parts(b)) {
            let mut all = true;
            for (x, y) in pa.iter().zip(pb) {
                if let ConstValue::Bool(e) = binary_scalar(BinaryOp::Eq, x, y)? {
                    all &= e;
                }
            }
            return Ok(ConstValue::Bool(if op == BinaryOp::Eq {
                all
            } else {
                !all
            }));
        }
    }
    if op == BinaryOp::Mul {
        match (l, r) {
            (Ty::Matrix { .. }, Ty::Vector { .. }) => return mat_vec(a, b),
            (Ty::Vector { .. }, Ty::Matrix { .. }) => return vec_mat(a, b),
            (Ty::Matrix { .. }, Ty::Matrix { .. }) => return mat_mat(a, b),
            _ => {}
        }
    }
    componentwise(op, a, b)
}

/// Componentwise `op` with scalar broadcast on either side, through matrix columns too.
fn componentwise(op: BinaryOp, a: &ConstValue, b: &ConstValue) -> Result<ConstValue, FoldError> {
    match (parts(a), parts(b)) {
        (Some(pa), Some(pb)) => pa
            .iter()
            .zip(pb)
            .map(|(x, y)| componentwise(op, x, y))
            .collect::<Result<Vec<_>, _>>()
            .map(ConstValue::Composite),
        (Some(pa), None) => pa
            .iter()
            .map(|x| componentwise(op, x, b))
            .collect::<Result<Vec<_>, _>>()
            .map(ConstValue::Composite),
        (None, Some(pb)) => pb
            .iter()
            .map(|y| componentwise(op, a, y))
            .collect::<Result<Vec<_>, _>>()
            .map(ConstValue::Composite),
        (None, None) => binary_scalar(op, a, b),
    }
}

fn dot(a: &[ConstValue], b: &[ConstValue]) -> Result<ConstValue, FoldError> {
    let mut acc: Option<ConstValue> = None;
    for (x, y) in a.iter().zip(b) {
        let p = binary_scalar(BinaryOp::Mul, x, y)?;
        acc = Some(match acc {
            None => p,
            Some(s) => binary_scalar(BinaryOp::Add, &s, &p)?,
        });
    }
    acc.ok_or(FoldError::NotFoldable)
}

fn column(m: &[ConstValue], c: usize) -> Option<&[ConstValue]> {
    m.get(c).and_then(parts)
}

/// Row `r` of a matrix given as columns.
fn row(m: &[ConstValue], r: usize) -> Option<Vec<ConstValue>> {
    m.iter()
        .map(|col| parts(col).and_then(|c| c.get(r)).cloned())
        .collect()
}

fn mat_vec(m: &ConstValue, v: &ConstValue) -> Result<ConstValue, FoldError> {
    let (m, v) = (
        parts(m).ok_or(FoldError::NotFoldable)?,
        parts(v).ok_or(FoldError::NotFoldable)?,
    );
    let rows = column(m, 0).map_or(0, <[ConstValue]>::len);
    (0..rows)
        .map(|r| dot(&row(m, r).ok_or(FoldError::NotFoldable)?, v))
        .collect::<Result<Vec<_>, _>>()
        .map(ConstValue::Composite)
}

fn vec_mat(v: &ConstValue, m: &ConstValue) -> Result<ConstValue, FoldError> {
    let (v, m) = (
        parts(v).ok_or(FoldError::NotFoldable)?,
        parts(m).ok_or(FoldError::NotFoldable)?,
    );
    (0..m.len())
        .map(|c| dot(v, column(m, c).ok_or(FoldError::NotFoldable)?))
        .collect::<Result<Vec<_>, _>>()
        .map(ConstValue::Composite)
}

fn mat_mat(a: &ConstValue, b: &ConstValue) -> Result<ConstValue, FoldError> {
    let pb = parts(b).ok_or(FoldError::NotFoldable)?;
    pb.iter()
        .map(|col| mat_vec(a, col))
        .collect::<Result<Vec<_>, _>>()
        .map(ConstValue::Composite)
}

/// Converts a scalar constant to scalar type `to` (value conversion).
pub(crate) fn convert_scalar(v: &ConstValue, to: ScalarTy) -> Result<ConstValue, FoldError> {
    use ConstValue as C;
    let as_f = |v: &ConstValue| -> Option<f64> {
        match v {
            C::Int(x) => Some(f64::from(*x)),
            C::Uint(x) => Some(f64::from(*x)),
            C::Float(x) => Some(f64::from(*x)),
            C::Half(x) => Some(f64::from(f16_to_f32(*x))),
            C::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
            C::Composite(_) => None,
        }
    };
    Ok(match (v, to) {
        (C::Bool(b), ScalarTy::Bool) => C::Bool(*b),
        (_, ScalarTy::Bool) => C::Bool(as_f(v).ok_or(FoldError::NotFoldable)? != 0.0),
        (C::Int(x), ScalarTy::Uint) => C::Uint(*x as u32),
        (C::Uint(x), ScalarTy::Int) => C::Int(*x as i32),
        (_, ScalarTy::Int) => {
            let f = as_f(v).ok_or(FoldError::NotFoldable)?.trunc();
            if !(f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&f) {
                return Err(FoldError::Overflow);
            }
            C::Int(f as i32)
        }
        (_, ScalarTy::Uint) => {
            let f = as_f(v).ok_or(FoldError::NotFoldable)?.trunc();
            if !(0.0..=f64::from(u32::MAX)).contains(&f) {
                return Err(FoldError::Overflow);
            }
            C::Uint(f as u32)
        }
        (_, ScalarTy::Float) => finite_f32(as_f(v).ok_or(FoldError::NotFoldable)? as f32)?,
        (_, ScalarTy::Half) => {
            // Rounded once, from the exact value, as untyped constants are.
            let h = f64_to_f16(as_f(v).ok_or(FoldError::NotFoldable)?);
            if f16_to_f32(h).is_finite() {
                C::Half(h)
            } else {
                return Err(FoldError::NotFinite);
            }
        }
    })
}

/// Value conversion of a scalar, vector or matrix constant of type `from` to type `to`.
pub(crate) fn convert(
    types: &Types,
    v: &ConstValue,
    from: TyId,
    to: TyId,
) -> Result<ConstValue, FoldError> {
    match (types.get(from), types.get(to)) {
        (Ty::Scalar(_), Ty::Scalar(s)) => convert_scalar(v, s),
        (Ty::Vector { .. }, Ty::Vector { scalar, .. }) => parts(v)
            .ok_or(FoldError::NotFoldable)?
            .iter()
            .map(|c| convert_scalar(c, scalar))
            .collect::<Result<Vec<_>, _>>()
            .map(ConstValue::Composite),
        (
            Ty::Matrix { .. },
            Ty::Matrix {
                scalar,
                columns,
                rows,
            },
        ) => {
            let cols = parts(v).ok_or(FoldError::NotFoldable)?;
            let mut out = Vec::with_capacity(usize::from(columns));
            for c in 0..usize::from(columns) {
                let mut col = Vec::with_capacity(usize::from(rows));
                for r in 0..usize::from(rows) {
                    let src = column(cols, c).and_then(|col| col.get(r));
                    col.push(match src {
                        Some(x) => convert_scalar(x, scalar)?,
                        None if c == r => convert_scalar(&ConstValue::Float(1.0), scalar)?,
                        None => zero(scalar),
                    });
                }
                out.push(ConstValue::Composite(col));
            }
            Ok(ConstValue::Composite(out))
        }
        _ => Err(FoldError::NotFoldable),
    }
}

/// A vector of `size` copies of `v`, or a `columns x rows` matrix with `v` on the diagonal.
pub(crate) fn splat(types: &Types, v: &ConstValue, to: TyId) -> Result<ConstValue, FoldError> {
    match types.get(to) {
        Ty::Vector { size, .. } => Ok(ConstValue::Composite(vec![v.clone(); usize::from(size)])),
        Ty::Array {
            len: ArrayLen::Fixed(n),
            ..
        } => Ok(ConstValue::Composite(vec![v.clone(); n as usize])),
        Ty::Matrix {
            scalar,
            columns,
            rows,
        } => Ok(ConstValue::Composite(
            (0..columns)
                .map(|c| {
                    ConstValue::Composite(
                        (0..rows)
                            .map(|r| if c == r { v.clone() } else { zero(scalar) })
                            .collect(),
                    )
                })
                .collect(),
        )),
        _ => Err(FoldError::NotFoldable),
    }
}

/// A constant of type `to` built from the parts of a `Construct` (see its THIR doc).
pub(crate) fn construct(
    types: &Types,
    args: &[(ConstValue, TyId)],
    to: TyId,
) -> Result<ConstValue, FoldError> {
    match types.get(to) {
        Ty::Vector { size, .. } => {
            let mut out = Vec::with_capacity(usize::from(size));
            for (v, _) in args {
                match v {
                    ConstValue::Composite(p) => out.extend(p.iter().cloned()),
                    s => out.push(s.clone()),
                }
            }
            Ok(ConstValue::Composite(out))
        }
        Ty::Matrix { columns, rows, .. } => {
            if args.len() == usize::from(columns) {
                return Ok(ConstValue::Composite(
                    args.iter().map(|(v, _)| v.clone()).collect(),
                ));
            }
            let scalars: Vec<ConstValue> = args.iter().map(|(v, _)| v.clone()).collect();
            Ok(ConstValue::Composite(
                scalars
                    .chunks(usize::from(rows))
                    .map(|c| ConstValue::Composite(c.to_vec()))
                    .collect(),
            ))
        }
        Ty::Array {
            len: ArrayLen::Fixed(_),
            ..
        }
        | Ty::Struct(_) => Ok(ConstValue::Composite(
            args.iter().map(|(v, _)| v.clone()).collect(),
        )),
        _ => Err(FoldError::NotFoldable),
    }
}

/// Part `index` of a composite constant.
pub(crate) fn extract(v: &ConstValue, index: usize) -> Option<ConstValue> {
    parts(v).and_then(|p| p.get(index)).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_semantics() {
        let i = |x| ConstValue::Int(x);
        assert_eq!(
            binary_scalar(BinaryOp::Add, &i(i32::MAX), &i(1)),
            Ok(i(i32::MIN))
        );
        assert_eq!(binary_scalar(BinaryOp::Div, &i(-7), &i(2)), Ok(i(-3)));
        assert_eq!(binary_scalar(BinaryOp::Rem, &i(-7), &i(2)), Ok(i(-1)));
        assert_eq!(
            binary_scalar(BinaryOp::Div, &i(1), &i(0)),
            Err(FoldError::DivisionByZero)
        );
        assert_eq!(
            binary_scalar(BinaryOp::Div, &i(i32::MIN), &i(-1)),
            Err(FoldError::Overflow)
        );
        // The remainder fits: 0 (language.md §7.2).
        assert_eq!(binary_scalar(BinaryOp::Rem, &i(i32::MIN), &i(-1)), Ok(i(0)));
        assert_eq!(binary_scalar(BinaryOp::Shl, &i(1), &i(33)), Ok(i(2)));
        assert_eq!(
            binary_scalar(BinaryOp::Shr, &i(-8), &ConstValue::Uint(1)),
            Ok(i(-4))
        );
    }

    #[test]
    fn float_semantics() {
        let f = |x| ConstValue::Float(x);
        assert_eq!(binary_scalar(BinaryOp::Rem, &f(-7.5), &f(2.0)), Ok(f(-1.5)));
        assert_eq!(
            binary_scalar(BinaryOp::Div, &f(1.0), &f(0.0)),
            Err(FoldError::NotFinite)
        );
    }

    #[test]
    fn abstract_rules() {
        let r = abstract_binary(BinaryOp::Div, Abstract::Int(7), Abstract::Int(2));
        assert!(matches!(
            r,
            Ok(Some(AbstractResult::Abstract(Abstract::Int(3))))
        ));
        let r = abstract_binary(BinaryOp::Add, Abstract::Int(1), Abstract::Float(0.5));
        assert!(matches!(r, Ok(Some(AbstractResult::Abstract(Abstract::Float(f)))) if f == 1.5));
        assert_eq!(
            materialize(Abstract::Int(-1), ScalarTy::Uint),
            Err(MaterializeError::OutOfRange)
        );
        assert_eq!(
            materialize(Abstract::Int(-2147483648), ScalarTy::Int),
            Ok(ConstValue::Int(i32::MIN))
        );
        assert_eq!(
            materialize(Abstract::Float(1.5), ScalarTy::Int),
            Err(MaterializeError::FloatToInteger)
        );
    }
}
