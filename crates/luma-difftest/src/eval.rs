//! The reference evaluator: runs a [`Case`] on its syntax tree with the meaning language.md and
//! docs/language.md give each construct, independently of the compiler. Its outputs are the
//! expected values every other path is compared with.
//!
//! Where a target may legitimately compute something else, the evaluator stops with
//! [`Stop::Indeterminate`] and the generator discards the program: a float operation whose exact
//! result is not an f32 (drivers differ in rounding, contraction and division precision), a
//! NaN, infinity or denormal (drivers may flush), the bits of a float zero (drivers need not
//! keep its sign), a `pack` rounding tie (GLSL's `round` picks either way), an out-of-range
//! index or conversion, `clamp` with crossed bounds.

use crate::ast::{
    AtomicOp, AtomicRef, BinOp, Buf, Builtin, Case, Expr, Func, Lit, Place, Scalar, Stmt, Ty, UnOp,
    Unpack, FINP_LEN, INP_LEN,
};

/// A value.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// `bool`.
    B(bool),
    /// `int`.
    I(i32),
    /// `uint`.
    U(u32),
    /// `float`.
    F(f32),
    /// A vector or array.
    C(Vec<Val>),
    /// A struct, with its type name.
    S(String, Vec<Val>),
}

/// Why evaluation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The result may legitimately differ between targets.
    Indeterminate(String),
    /// The program is not well formed (a generator or minimiser bug).
    Invalid(String),
    /// It ran longer than the step budget.
    Budget,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Indeterminate(why) => write!(f, "indeterminate: {why}"),
            Stop::Invalid(why) => write!(f, "invalid program: {why}"),
            Stop::Budget => write!(f, "step budget exhausted"),
        }
    }
}

type E<T> = Result<T, Stop>;

fn indet<T>(why: impl Into<String>) -> E<T> {
    Err(Stop::Indeterminate(why.into()))
}

fn invalid<T>(why: impl Into<String>) -> E<T> {
    Err(Stop::Invalid(why.into()))
}

/// The buffers after a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Outputs {
    /// `out`.
    pub out: Vec<u32>,
    /// `fout`.
    pub fout: Vec<f32>,
}

/// Most statements and expressions one case may evaluate.
pub const BUDGET: u64 = 400_000;

/// Runs every program of `c` in order, as the entry point does.
pub fn run(c: &Case) -> E<Outputs> {
    let mut ev = Eval {
        case: c,
        out: vec![0; c.out_len as usize],
        fout: vec![0.0; c.fout_len as usize],
        steps: 0,
        depth: 0,
        globals: c
            .programs
            .iter()
            .flat_map(|p| {
                p.shared
                    .iter()
                    .map(|(n, _)| n.clone())
                    .chain(p.atomics.iter().map(|(n, _, _)| n.clone()))
            })
            .map(|n| (n, None))
            .collect(),
    };
    // The entry point's own slots (see `print::case`).
    let first = c.inputs.words.first().copied().unwrap_or(0);
    let ffirst = c.inputs.floats.first().copied().unwrap_or(0.0);
    ev.store(Buf::Out, 0, Val::U(first))?;
    ev.store(Buf::Fout, 0, Val::F(ffirst))?;
    for p in &c.programs {
        let body = p
            .body()
            .ok_or_else(|| Stop::Invalid("a program without a body".into()))?;
        ev.call(body, Vec::new())?;
    }
    Ok(Outputs {
        out: ev.out,
        fout: ev.fout,
    })
}

/// The value of the constant expression `e`, whose names are the constants `consts`: an
/// error where the front end reports one (division by zero, `INT_MIN / -1`, a conversion out of
/// range) or where the value is not exact.
pub fn const_value(e: &Expr, consts: &[(String, Val)]) -> E<Val> {
    let case = Case {
        programs: Vec::new(),
        inputs: crate::ast::Inputs {
            words: Vec::new(),
            floats: Vec::new(),
        },
        out_len: 0,
        fout_len: 0,
    };
    let mut ev = Eval {
        case: &case,
        out: Vec::new(),
        fout: Vec::new(),
        steps: 0,
        depth: 0,
        globals: Vec::new(),
    };
    let mut fr = Frame {
        vars: consts.to_vec(),
    };
    ev.expr(&mut fr, e)
}

enum Flow {
    Next,
    Break,
    Return(Option<Val>),
}

struct Frame {
    vars: Vec<(String, Val)>,
}

struct Eval<'c> {
    case: &'c Case,
    out: Vec<u32>,
    fout: Vec<f32>,
    steps: u64,
    depth: usize,
    /// `shared` variables and atomics: `None` until first stored (workgroup memory starts
    /// undefined; reading it then is a malformed program).
    globals: Vec<(String, Option<Val>)>,
}

/// Deepest call and block nesting followed (generated programs stay far below it).
const MAX_DEPTH: usize = 200;

/// Checks that `r`, the f32 result of an operation, is exactly `wide`, the result in f64, and an
/// ordinary number: anything else may differ between drivers.
fn exact(r: f32, wide: f64, what: &str) -> E<f32> {
    if !r.is_finite() {
        return indet(format!("{what} is not finite"));
    }
    if f64::from(r) != wide {
        return indet(format!("{what} is not exact in f32"));
    }
    if r != 0.0 && r.abs() < f32::MIN_POSITIVE {
        return indet(format!("{what} is denormal"));
    }
    Ok(r)
}

fn float_ok(x: f32, what: &str) -> E<f32> {
    exact(x, f64::from(x), what)
}

impl Val {
    fn parts(&self) -> E<&[Val]> {
        match self {
            Val::C(p) | Val::S(_, p) => Ok(p),
            other => invalid(format!("{other:?} has no parts")),
        }
    }
    fn b(&self) -> E<bool> {
        match self {
            Val::B(b) => Ok(*b),
            other => invalid(format!("expected a bool, got {other:?}")),
        }
    }
    fn f(&self) -> E<f32> {
        match self {
            Val::F(x) => Ok(*x),
            other => invalid(format!("expected a float, got {other:?}")),
        }
    }
    fn u(&self) -> E<u32> {
        match self {
            Val::U(x) => Ok(*x),
            other => invalid(format!("expected a uint, got {other:?}")),
        }
    }
    /// An index: a non-negative `int` or a `uint`.
    fn index(&self, len: usize) -> E<usize> {
        let i = match self {
            Val::I(v) => i64::from(*v),
            Val::U(v) => i64::from(*v),
            other => return invalid(format!("index {other:?}")),
        };
        match usize::try_from(i) {
            Ok(i) if i < len => Ok(i),
            _ => indet(format!("index {i} out of range 0..{len}")),
        }
    }
}

/// Applies `f` to each component (scalars are one component).
fn map1(a: &Val, f: &dyn Fn(&Val) -> E<Val>) -> E<Val> {
    match a {
        Val::C(p) => Ok(Val::C(p.iter().map(f).collect::<E<_>>()?)),
        s => f(s),
    }
}

/// Componentwise on two operands, a scalar meeting every component of a vector.
fn map2(a: &Val, b: &Val, f: &dyn Fn(&Val, &Val) -> E<Val>) -> E<Val> {
    match (a, b) {
        (Val::C(x), Val::C(y)) if x.len() == y.len() => Ok(Val::C(
            x.iter().zip(y).map(|(p, q)| f(p, q)).collect::<E<_>>()?,
        )),
        (Val::C(x), s @ (Val::B(_) | Val::I(_) | Val::U(_) | Val::F(_))) => {
            Ok(Val::C(x.iter().map(|p| f(p, s)).collect::<E<_>>()?))
        }
        (s @ (Val::B(_) | Val::I(_) | Val::U(_) | Val::F(_)), Val::C(y)) => {
            Ok(Val::C(y.iter().map(|q| f(s, q)).collect::<E<_>>()?))
        }
        (Val::C(_), _) | (_, Val::C(_)) | (Val::S(..), _) | (_, Val::S(..)) => {
            invalid(format!("shape mismatch: {a:?} and {b:?}"))
        }
        (x, y) => f(x, y),
    }
}

/// Componentwise on three operands, scalars broadcasting.
fn map3(a: &Val, b: &Val, c: &Val, f: &dyn Fn(&Val, &Val, &Val) -> E<Val>) -> E<Val> {
    let n = [a, b, c].iter().find_map(|v| match v {
        Val::C(p) => Some(p.len()),
        _ => None,
    });
    let at = |v: &Val, i: usize| -> E<Val> {
        match v {
            Val::C(p) => p
                .get(i)
                .cloned()
                .ok_or_else(|| Stop::Invalid("shape mismatch".into())),
            s => Ok(s.clone()),
        }
    };
    match n {
        None => f(a, b, c),
        Some(n) => Ok(Val::C(
            (0..n)
                .map(|i| f(&at(a, i)?, &at(b, i)?, &at(c, i)?))
                .collect::<E<_>>()?,
        )),
    }
}

fn int_binary(op: BinOp, x: i32, y: i32) -> E<Val> {
    Ok(match op {
        BinOp::Add => Val::I(x.wrapping_add(y)),
        BinOp::Sub => Val::I(x.wrapping_sub(y)),
        BinOp::Mul => Val::I(x.wrapping_mul(y)),
        // language.md: x / 0 = x, x % 0 = 0, MIN / -1 = MIN, MIN % -1 = 0.
        BinOp::Div => Val::I(if y == 0 || (x == i32::MIN && y == -1) {
            x
        } else {
            x / y
        }),
        BinOp::Rem => Val::I(if y == 0 || (x == i32::MIN && y == -1) {
            0
        } else {
            x % y
        }),
        BinOp::BitAnd => Val::I(x & y),
        BinOp::BitOr => Val::I(x | y),
        BinOp::BitXor => Val::I(x ^ y),
        BinOp::Eq => Val::B(x == y),
        BinOp::Ne => Val::B(x != y),
        BinOp::Lt => Val::B(x < y),
        BinOp::Le => Val::B(x <= y),
        BinOp::Gt => Val::B(x > y),
        BinOp::Ge => Val::B(x >= y),
        _ => return invalid(format!("{op:?} on ints")),
    })
}

fn uint_binary(op: BinOp, x: u32, y: u32) -> E<Val> {
    Ok(match op {
        BinOp::Add => Val::U(x.wrapping_add(y)),
        BinOp::Sub => Val::U(x.wrapping_sub(y)),
        BinOp::Mul => Val::U(x.wrapping_mul(y)),
        BinOp::Div => Val::U(x.checked_div(y).unwrap_or(x)),
        BinOp::Rem => Val::U(x.checked_rem(y).unwrap_or(0)),
        BinOp::BitAnd => Val::U(x & y),
        BinOp::BitOr => Val::U(x | y),
        BinOp::BitXor => Val::U(x ^ y),
        BinOp::Eq => Val::B(x == y),
        BinOp::Ne => Val::B(x != y),
        BinOp::Lt => Val::B(x < y),
        BinOp::Le => Val::B(x <= y),
        BinOp::Gt => Val::B(x > y),
        BinOp::Ge => Val::B(x >= y),
        _ => return invalid(format!("{op:?} on uints")),
    })
}

fn float_binary(op: BinOp, x: f32, y: f32) -> E<Val> {
    let (wx, wy) = (f64::from(x), f64::from(y));
    Ok(match op {
        BinOp::Add => Val::F(exact(x + y, wx + wy, "a float sum")?),
        BinOp::Sub => Val::F(exact(x - y, wx - wy, "a float difference")?),
        BinOp::Mul => Val::F(exact(x * y, wx * wy, "a float product")?),
        BinOp::Div => Val::F(exact(x / y, wx / wy, "a float quotient")?),
        BinOp::Rem => {
            // `x - y * trunc(x / y)`, every step exact.
            let q = exact(x / y, wx / wy, "the quotient of a float remainder")?;
            let t = q.trunc();
            let p = exact(y * t, wy * f64::from(t), "a float remainder")?;
            Val::F(exact(x - p, wx - f64::from(p), "a float remainder")?)
        }
        BinOp::Eq => Val::B(x == y),
        BinOp::Ne => Val::B(x != y),
        BinOp::Lt => Val::B(x < y),
        BinOp::Le => Val::B(x <= y),
        BinOp::Gt => Val::B(x > y),
        BinOp::Ge => Val::B(x >= y),
        _ => return invalid(format!("{op:?} on floats")),
    })
}

fn scalar_binary(op: BinOp, a: &Val, b: &Val) -> E<Val> {
    if matches!(op, BinOp::Shl | BinOp::Shr) {
        // The count is masked to 31 (language.md), whatever its signedness.
        let count = match b {
            Val::I(c) => (*c as u32) & 31,
            Val::U(c) => c & 31,
            other => return invalid(format!("shift count {other:?}")),
        };
        return Ok(match (op, a) {
            (BinOp::Shl, Val::I(x)) => Val::I(x.wrapping_shl(count)),
            (BinOp::Shr, Val::I(x)) => Val::I(x >> count),
            (BinOp::Shl, Val::U(x)) => Val::U(x.wrapping_shl(count)),
            (BinOp::Shr, Val::U(x)) => Val::U(x >> count),
            _ => return invalid(format!("shift of {a:?}")),
        });
    }
    match (a, b) {
        (Val::I(x), Val::I(y)) => int_binary(op, *x, *y),
        (Val::U(x), Val::U(y)) => uint_binary(op, *x, *y),
        (Val::F(x), Val::F(y)) => float_binary(op, *x, *y),
        (Val::B(x), Val::B(y)) => match op {
            BinOp::Eq => Ok(Val::B(x == y)),
            BinOp::Ne => Ok(Val::B(x != y)),
            _ => invalid(format!("{op:?} on bools")),
        },
        _ => invalid(format!("{op:?} on {a:?} and {b:?}")),
    }
}

/// Whether `v` is a matrix: its parts are float vectors (arrays never meet an operator).
fn is_matrix(v: &Val) -> bool {
    match v {
        Val::C(cols) => cols.first().is_some_and(
            |c| matches!(c, Val::C(p) if p.first().is_some_and(|x| matches!(x, Val::F(_)))),
        ),
        _ => false,
    }
}

/// The sum of exact f32 products `terms` (given in f64, where they are exact), when every order
/// of adding them, fused with the products or not, gives the same f32: the terms' magnitudes
/// added up stay within 24 significant bits of the finest term's grain. Drivers reassociate
/// and fuse a matrix product's sums freely.
fn exact_sum(terms: &[f64], what: &str) -> E<f32> {
    let mut frac = 0i32;
    let mut total = 0.0f64;
    for t in terms {
        if f64::from(*t as f32) != *t {
            return indet(format!("a product in {what} is not exact in f32"));
        }
        let mut f = 0;
        let mut x = t.abs();
        while x.fract() != 0.0 && f < 60 {
            x *= 2.0;
            f += 1;
        }
        frac = frac.max(f);
        total += t.abs();
    }
    if total * 2f64.powi(frac) > 16_777_216.0 {
        return indet(format!("{what} may round"));
    }
    let sum: f64 = terms.iter().sum();
    exact(sum as f32, sum, what)
}

fn columns(m: &Val) -> E<Vec<Vec<f32>>> {
    m.parts()?
        .iter()
        .map(|c| c.parts()?.iter().map(Val::f).collect::<E<Vec<f32>>>())
        .collect()
}

fn floats(v: &Val) -> E<Vec<f32>> {
    v.parts()?.iter().map(Val::f).collect()
}

fn vector(xs: Vec<f32>) -> Val {
    Val::C(xs.into_iter().map(Val::F).collect())
}

/// `m * v`, `v * m`, `a * b` with GLSL's meaning (language.md §7.2), and `+ - *` by a scalar
/// or a matrix componentwise.
fn matrix_binary(op: BinOp, a: &Val, b: &Val) -> E<Val> {
    let (ma, mb) = (is_matrix(a), is_matrix(b));
    match op {
        BinOp::Add | BinOp::Sub if ma && mb => {
            let (x, y) = (a.parts()?, b.parts()?);
            if x.len() != y.len() {
                return invalid("matrix sum of different shapes");
            }
            Ok(Val::C(
                x.iter()
                    .zip(y)
                    .map(|(p, q)| binary(op, p, q))
                    .collect::<E<_>>()?,
            ))
        }
        BinOp::Mul if ma && mb => {
            // Column j of a * b is a * (column j of b).
            let cols = b
                .parts()?
                .iter()
                .map(|c| matrix_binary(BinOp::Mul, a, c))
                .collect::<E<_>>()?;
            Ok(Val::C(cols))
        }
        BinOp::Mul if ma && matches!(b, Val::C(_)) => {
            // m * v: component i is the sum over columns j of m[j][i] * v[j].
            let (m, v) = (columns(a)?, floats(b)?);
            if m.len() != v.len() {
                return invalid("matrix times a vector of the wrong size");
            }
            let rows = m.first().map_or(0, Vec::len);
            let mut out = Vec::new();
            for i in 0..rows {
                let terms: Vec<f64> = m
                    .iter()
                    .zip(&v)
                    .map(|(col, x)| f64::from(col.get(i).copied().unwrap_or(0.0)) * f64::from(*x))
                    .collect();
                out.push(exact_sum(&terms, "a matrix product")?);
            }
            Ok(vector(out))
        }
        BinOp::Mul if mb && matches!(a, Val::C(_)) => {
            // v * m: component j is dot(v, m[j]).
            let (v, m) = (floats(a)?, columns(b)?);
            let mut out = Vec::new();
            for col in &m {
                if col.len() != v.len() {
                    return invalid("vector times a matrix of the wrong size");
                }
                let terms: Vec<f64> = col
                    .iter()
                    .zip(&v)
                    .map(|(c, x)| f64::from(*c) * f64::from(*x))
                    .collect();
                out.push(exact_sum(&terms, "a matrix product")?);
            }
            Ok(vector(out))
        }
        BinOp::Mul => {
            // By a scalar: every column.
            let (m, s) = if ma { (a, b) } else { (b, a) };
            Ok(Val::C(
                m.parts()?
                    .iter()
                    .map(|c| binary(BinOp::Mul, c, s))
                    .collect::<E<_>>()?,
            ))
        }
        _ => invalid(format!("{op:?} on matrices")),
    }
}

/// The determinant by cofactor expansion, exact in f64 for the matrices the generator builds;
/// every product and partial sum of every expansion must then be an exact f32 for a target's own
/// formula to agree, which the magnitudes and fractional bits of the cofactor terms bound.
fn determinant(m: &[Vec<f64>]) -> E<Val> {
    fn det(m: &[Vec<f64>]) -> f64 {
        let n = m.len();
        if n == 1 {
            return m.first().and_then(|c| c.first()).copied().unwrap_or(0.0);
        }
        let mut sum = 0.0;
        for j in 0..n {
            let minor: Vec<Vec<f64>> = m
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != j)
                .map(|(_, c)| c.iter().skip(1).copied().collect())
                .collect();
            let a = m.get(j).and_then(|c| c.first()).copied().unwrap_or(0.0);
            let sign = if j % 2 == 0 { 1.0 } else { -1.0 };
            sum += sign * a * det(&minor);
        }
        sum
    }
    // Bound every term of the full expansion: the product of one entry per row and column.
    let n = m.len();
    let max_abs = m.iter().flatten().fold(0.0f64, |a, b| a.max(b.abs()));
    let mut frac = 0;
    for v in m.iter().flatten() {
        let mut f = 0;
        let mut x = v.abs();
        while x.fract() != 0.0 && f < 60 {
            x *= 2.0;
            f += 1;
        }
        frac = frac.max(f);
    }
    let terms = (1..=n).product::<usize>() as f64;
    let bound = terms * max_abs.powi(n as i32) * 2f64.powi((frac * n) as i32);
    if bound > 16_777_216.0 {
        return indet("a determinant may round");
    }
    let d = det(m);
    Ok(Val::F(exact(d as f32, d, "a determinant")?))
}

fn transpose(m: &Val) -> E<Val> {
    let cols = columns(m)?;
    let rows = cols.first().map_or(0, Vec::len);
    Ok(Val::C(
        (0..rows)
            .map(|i| {
                vector(
                    cols.iter()
                        .map(|c| c.get(i).copied().unwrap_or(0.0))
                        .collect(),
                )
            })
            .collect(),
    ))
}

/// A `matCxR` constructed from one argument: a scalar on the diagonal (zeros elsewhere), or the
/// upper-left part of a matrix (the identity's where the source has none, as in GLSL).
fn matrix_from(cols: u8, rows: u8, v: &Val) -> E<Val> {
    let src = if is_matrix(v) {
        Some(columns(v)?)
    } else {
        None
    };
    let d = match v {
        Val::F(x) => *x,
        _ => 1.0,
    };
    if src.is_none() && !matches!(v, Val::F(_)) {
        return invalid("matrix constructor of one non-float");
    }
    let mut out = Vec::new();
    for j in 0..usize::from(cols) {
        let mut col = Vec::new();
        for i in 0..usize::from(rows) {
            let diag = if i == j { d } else { 0.0 };
            let x = match &src {
                Some(m) => m.get(j).and_then(|c| c.get(i)).copied().unwrap_or(diag),
                None => diag,
            };
            col.push(x);
        }
        out.push(vector(col));
    }
    Ok(Val::C(out))
}

/// Whether `x / y` or `x % y` divides an integer by zero or `INT_MIN` by -1 in any component.
fn const_division_error(x: &Val, y: &Val) -> bool {
    let bad = |p: &Val, q: &Val| match (p, q) {
        (Val::I(a), Val::I(b)) => *b == 0 || (*a == i32::MIN && *b == -1),
        (Val::U(_), Val::U(b)) => *b == 0,
        _ => false,
    };
    let comps = |v: &Val| -> Vec<Val> {
        match v {
            Val::C(p) => p.clone(),
            s => vec![s.clone()],
        }
    };
    let (xs, ys) = (comps(x), comps(y));
    let n = xs.len().max(ys.len());
    (0..n).any(|i| {
        let p = xs.get(i).or(xs.first());
        let q = ys.get(i).or(ys.first());
        matches!((p, q), (Some(p), Some(q)) if bad(p, q))
    })
}

fn binary(op: BinOp, a: &Val, b: &Val) -> E<Val> {
    if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) && (is_matrix(a) || is_matrix(b)) {
        return matrix_binary(op, a, b);
    }
    if matches!(op, BinOp::Eq | BinOp::Ne) {
        if let (Val::C(x), Val::C(y)) = (a, b) {
            // `==` on vectors is one bool: all components equal.
            let mut all = true;
            for (p, q) in x.iter().zip(y) {
                all &= scalar_binary(BinOp::Eq, p, q)?.b()?;
            }
            return Ok(Val::B(if op == BinOp::Eq { all } else { !all }));
        }
    }
    map2(a, b, &|x, y| scalar_binary(op, x, y))
}

fn unary(op: UnOp, a: &Val) -> E<Val> {
    map1(a, &|x| {
        Ok(match (op, x) {
            (UnOp::Neg, Val::I(v)) => Val::I(v.wrapping_neg()),
            (UnOp::Neg, Val::F(v)) => Val::F(-v),
            (UnOp::Not, Val::B(v)) => Val::B(!v),
            (UnOp::BitNot, Val::I(v)) => Val::I(!v),
            (UnOp::BitNot, Val::U(v)) => Val::U(!v),
            _ => return invalid(format!("{op:?} on {x:?}")),
        })
    })
}

fn convert_scalar(to: Scalar, x: &Val) -> E<Val> {
    Ok(match (to, x) {
        (Scalar::Int, Val::I(v)) => Val::I(*v),
        (Scalar::Int, Val::U(v)) => Val::I(*v as i32),
        (Scalar::Int, Val::B(v)) => Val::I(i32::from(*v)),
        (Scalar::Int, Val::F(v)) => {
            if !(-2_147_483_648.0..2_147_483_648.0).contains(v) {
                return indet(format!("int({v}) is out of range"));
            }
            Val::I(v.trunc() as i32)
        }
        (Scalar::Uint, Val::I(v)) => Val::U(*v as u32),
        (Scalar::Uint, Val::U(v)) => Val::U(*v),
        (Scalar::Uint, Val::B(v)) => Val::U(u32::from(*v)),
        (Scalar::Uint, Val::F(v)) => {
            if !(0.0..4_294_967_296.0).contains(v) {
                return indet(format!("uint({v}) is out of range"));
            }
            Val::U(v.trunc() as u32)
        }
        (Scalar::Float, Val::F(v)) => Val::F(*v),
        (Scalar::Float, Val::B(v)) => Val::F(if *v { 1.0 } else { 0.0 }),
        (Scalar::Float, Val::I(v)) => Val::F(exact(*v as f32, f64::from(*v), "float(int)")?),
        (Scalar::Float, Val::U(v)) => Val::F(exact(*v as f32, f64::from(*v), "float(uint)")?),
        (Scalar::Bool, Val::I(v)) => Val::B(*v != 0),
        (Scalar::Bool, Val::U(v)) => Val::B(*v != 0),
        (Scalar::Bool, Val::F(v)) => Val::B(*v != 0.0),
        (Scalar::Bool, Val::B(v)) => Val::B(*v),
        _ => return invalid(format!("conversion of {x:?}")),
    })
}

fn bits_of(x: &Val) -> E<u32> {
    match x {
        Val::I(v) => Ok(*v as u32),
        Val::U(v) => Ok(*v),
        Val::F(v) => {
            if *v == 0.0 {
                // Drivers need not keep the sign of a zero, which its bits show.
                return indet("the bits of a float zero");
            }
            Ok(v.to_bits())
        }
        other => invalid(format!("bits of {other:?}")),
    }
}

fn first_leading(x: &Val) -> E<Val> {
    Ok(match x {
        Val::I(v) => {
            let bits = if *v < 0 { !*v } else { *v } as u32;
            Val::I(if bits == 0 {
                -1
            } else {
                31 - bits.leading_zeros() as i32
            })
        }
        Val::U(v) => Val::U(if *v == 0 {
            u32::MAX
        } else {
            31 - v.leading_zeros()
        }),
        other => return invalid(format!("first_leading_bit of {other:?}")),
    })
}

/// The field of `extract_bits` / `insert_bits` (language.md 10.4): `o = min(offset, 32)`,
/// `c = min(count, 32 - o)`.
fn bit_field(offset: u32, count: u32) -> (u32, u32) {
    let o = offset.min(32);
    (o, count.min(32 - o))
}

/// `extract_bits` of the 32 bits `e` on field `(o, c)`, sign-extended when `signed`.
fn extract_bits(e: u32, o: u32, c: u32, signed: bool) -> u32 {
    if c == 0 {
        return 0;
    }
    // In 64 bits: `c` may be 32.
    let field = (u64::from(e) >> o) & ((1u64 << c) - 1);
    let negative = signed && (field >> (c - 1)) & 1 == 1;
    if negative {
        (field | (u64::MAX << c)) as u32
    } else {
        field as u32
    }
}

fn first_trailing(x: &Val) -> E<Val> {
    let t = |v: u32| if v == 0 { u32::MAX } else { v.trailing_zeros() };
    Ok(match x {
        Val::I(v) => Val::I(t(*v as u32) as i32),
        Val::U(v) => Val::U(t(*v)),
        other => return invalid(format!("first_trailing_bit of {other:?}")),
    })
}

/// One normalised component: `round(clamp(x, lo, 1) * scale)`, refusing ties (GLSL rounds them
/// either way; WGSL up).
fn norm(x: f32, lo: f32, scale: f32) -> E<i64> {
    let c = x.clamp(lo, 1.0);
    let v = exact(c * scale, f64::from(c) * f64::from(scale), "a pack product")?;
    if (v - v.floor()) == 0.5 {
        return indet("a pack rounding tie");
    }
    Ok(v.round() as i64)
}

/// The f16 bits of `x` when it is a normal half (or refuses: zeros show their sign, denormals may
/// flush, others round).
fn to_half(x: f32) -> E<u32> {
    if x == 0.0 {
        return indet("pack_half2x16 of a zero");
    }
    let a = x.abs();
    if !(2f32.powi(-14)..=65504.0).contains(&a) {
        return indet("pack_half2x16 out of the normal half range");
    }
    let bits = x.to_bits();
    let mantissa = bits & 0x7f_ffff;
    if mantissa & 0x1fff != 0 {
        return indet("pack_half2x16 of a value with more than 11 significant bits");
    }
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let sign = (bits >> 31) << 15;
    Ok(sign | ((exp as u32) << 10) | (mantissa >> 13))
}

fn from_half(h: u32) -> E<f32> {
    let sign = if h & 0x8000 != 0 { -1.0f64 } else { 1.0 };
    let exp = (h >> 10) & 0x1f;
    let man = f64::from(h & 0x3ff);
    let v = match exp {
        0 => man * 2f64.powi(-24),
        31 => return indet("unpack_half2x16 of an infinity or NaN"),
        e => (1.0 + man / 1024.0) * 2f64.powi(e as i32 - 15),
    };
    Ok((sign * v) as f32)
}

fn pack(f: Builtin, v: &Val) -> E<Val> {
    let xs: Vec<f32> = v.parts()?.iter().map(Val::f).collect::<E<_>>()?;
    let mut w: u32 = 0;
    for (i, x) in xs.iter().enumerate() {
        let i = i as u32;
        w |= match f {
            Builtin::PackUnorm4x8 => ((norm(*x, 0.0, 255.0)? as u32) & 0xff) << (8 * i),
            Builtin::PackSnorm4x8 => ((norm(*x, -1.0, 127.0)? as u32) & 0xff) << (8 * i),
            Builtin::PackUnorm2x16 => ((norm(*x, 0.0, 65535.0)? as u32) & 0xffff) << (16 * i),
            Builtin::PackSnorm2x16 => ((norm(*x, -1.0, 32767.0)? as u32) & 0xffff) << (16 * i),
            Builtin::PackHalf2x16 => to_half(*x)? << (16 * i),
            _ => return invalid("not a pack builtin"),
        };
    }
    Ok(Val::U(w))
}

fn unpack_exact(u: Unpack, w: u32) -> Val {
    let comps: Vec<Val> = match u {
        Unpack::Unorm4x8 => (0..4)
            .map(|i| Val::F(((w >> (8 * i)) & 0xff) as f32))
            .collect(),
        Unpack::Snorm4x8 => (0..4)
            .map(|i| Val::F(f32::from((((w >> (8 * i)) & 0xff) as u8 as i8).max(-127))))
            .collect(),
        Unpack::Unorm2x16 => (0..2)
            .map(|i| Val::F(((w >> (16 * i)) & 0xffff) as f32))
            .collect(),
        Unpack::Snorm2x16 => (0..2)
            .map(|i| {
                Val::F(f32::from(
                    (((w >> (16 * i)) & 0xffff) as u16 as i16).max(-32767),
                ))
            })
            .collect(),
    };
    Val::C(comps)
}

fn minmax(a: &Val, b: &Val, min: bool) -> E<Val> {
    map2(a, b, &|x, y| {
        Ok(match (x, y) {
            (Val::I(p), Val::I(q)) => Val::I(if min { *p.min(q) } else { *p.max(q) }),
            (Val::U(p), Val::U(q)) => Val::U(if min { *p.min(q) } else { *p.max(q) }),
            (Val::F(p), Val::F(q)) => Val::F(if min { p.min(*q) } else { p.max(*q) }),
            _ => return invalid(format!("min/max of {x:?} and {y:?}")),
        })
    })
}

fn ordered(lo: &Val, hi: &Val) -> E<bool> {
    Ok(match (lo, hi) {
        (Val::I(p), Val::I(q)) => p <= q,
        (Val::U(p), Val::U(q)) => p <= q,
        (Val::F(p), Val::F(q)) => p <= q,
        _ => return invalid("clamp bounds"),
    })
}

fn builtin(f: Builtin, args: &[Val]) -> E<Val> {
    let arg = |i: usize| -> E<&Val> {
        args.get(i)
            .ok_or_else(|| Stop::Invalid(format!("{} lacks argument {i}", f.name())))
    };
    let x = arg(0)?;
    let fl = |g: &dyn Fn(f32) -> f32| map1(x, &|v| Ok(Val::F(float_ok(g(v.f()?), f.name())?)));
    match f {
        Builtin::Abs => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.wrapping_abs()),
                Val::F(p) => Val::F(p.abs()),
                other => return invalid(format!("abs of {other:?}")),
            })
        }),
        Builtin::Sign => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.signum()),
                Val::F(p) => Val::F(if *p > 0.0 {
                    1.0
                } else if *p < 0.0 {
                    -1.0
                } else {
                    0.0
                }),
                other => return invalid(format!("sign of {other:?}")),
            })
        }),
        Builtin::Floor => fl(&f32::floor),
        Builtin::Ceil => fl(&f32::ceil),
        Builtin::Round => fl(&f32::round_ties_even),
        Builtin::Trunc => fl(&f32::trunc),
        Builtin::Fract => map1(x, &|v| {
            let p = v.f()?;
            let fl = p.floor();
            Ok(Val::F(exact(
                p - fl,
                f64::from(p) - f64::from(fl),
                "fract",
            )?))
        }),
        Builtin::Mod => map2(x, arg(1)?, &|p, q| {
            let (p, q) = (p.f()?, q.f()?);
            let d = exact(p / q, f64::from(p) / f64::from(q), "the quotient of mod")?;
            let fl = d.floor();
            let m = exact(q * fl, f64::from(q) * f64::from(fl), "mod")?;
            Ok(Val::F(exact(p - m, f64::from(p) - f64::from(m), "mod")?))
        }),
        Builtin::Min => minmax(x, arg(1)?, true),
        Builtin::Max => minmax(x, arg(1)?, false),
        Builtin::Clamp => {
            let (lo, hi) = (arg(1)?, arg(2)?);
            map3(x, lo, hi, &|v, l, h| {
                // GLSL leaves clamp with lo > hi undefined.
                if !ordered(l, h)? {
                    return indet("clamp with lo > hi");
                }
                minmax(&minmax(v, l, false)?, h, true)
            })
        }
        Builtin::Saturate => map1(x, &|v| Ok(Val::F(v.f()?.clamp(0.0, 1.0)))),
        Builtin::Mix => map3(x, arg(1)?, arg(2)?, &|p, q, t| {
            let (p, q, t) = (p.f()?, q.f()?, t.f()?);
            // Drivers compute `x * (1 - a) + y * a` or `x + a * (y - x)`, fused or not: every
            // form must be exact for the result to be one.
            let one_minus = exact(1.0 - t, 1.0 - f64::from(t), "mix")?;
            let a = exact(p * one_minus, f64::from(p) * f64::from(one_minus), "mix")?;
            let b = exact(q * t, f64::from(q) * f64::from(t), "mix")?;
            let r = exact(a + b, f64::from(a) + f64::from(b), "mix")?;
            let d = exact(q - p, f64::from(q) - f64::from(p), "mix")?;
            let s = exact(t * d, f64::from(t) * f64::from(d), "mix")?;
            let r2 = exact(p + s, f64::from(p) + f64::from(s), "mix")?;
            if r != r2 {
                return indet("mix forms differ");
            }
            Ok(Val::F(r))
        }),
        Builtin::Step => map2(x, arg(1)?, &|edge, v| {
            Ok(Val::F(if v.f()? < edge.f()? { 0.0 } else { 1.0 }))
        }),
        Builtin::AsFloat => map1(x, &|v| {
            let r = f32::from_bits(bits_of(v)?);
            Ok(Val::F(float_ok(r, "as_float")?))
        }),
        Builtin::AsInt => map1(x, &|v| Ok(Val::I(bits_of(v)? as i32))),
        Builtin::AsUint => map1(x, &|v| Ok(Val::U(bits_of(v)?))),
        Builtin::CountOneBits => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.count_ones() as i32),
                Val::U(p) => Val::U(p.count_ones()),
                other => return invalid(format!("count_one_bits of {other:?}")),
            })
        }),
        Builtin::ReverseBits => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.reverse_bits()),
                Val::U(p) => Val::U(p.reverse_bits()),
                other => return invalid(format!("reverse_bits of {other:?}")),
            })
        }),
        Builtin::FirstLeadingBit => map1(x, &first_leading),
        Builtin::FirstTrailingBit => map1(x, &first_trailing),
        Builtin::CountLeadingZeros => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.leading_zeros() as i32),
                Val::U(p) => Val::U(p.leading_zeros()),
                other => return invalid(format!("count_leading_zeros of {other:?}")),
            })
        }),
        Builtin::CountTrailingZeros => map1(x, &|v| {
            Ok(match v {
                Val::I(p) => Val::I(p.trailing_zeros() as i32),
                Val::U(p) => Val::U(p.trailing_zeros()),
                other => return invalid(format!("count_trailing_zeros of {other:?}")),
            })
        }),
        Builtin::ExtractBits => {
            let (o, c) = bit_field(arg(1)?.u()?, arg(2)?.u()?);
            map1(x, &|v| {
                Ok(match v {
                    Val::I(p) => Val::I(extract_bits(*p as u32, o, c, true) as i32),
                    Val::U(p) => Val::U(extract_bits(*p, o, c, false)),
                    other => return invalid(format!("extract_bits of {other:?}")),
                })
            })
        }
        Builtin::InsertBits => {
            let (o, c) = bit_field(arg(2)?.u()?, arg(3)?.u()?);
            // The field's mask in 64-bit arithmetic, where shifting by 32 is defined.
            let mask = (((1u64 << c) - 1) << o) as u32;
            map2(x, arg(1)?, &|p, q| {
                Ok(match (p, q) {
                    (Val::I(e), Val::I(n)) => {
                        Val::I(((*e as u32 & !mask) | (((*n as u64) << o) as u32 & mask)) as i32)
                    }
                    (Val::U(e), Val::U(n)) => {
                        Val::U((e & !mask) | ((u64::from(*n) << o) as u32 & mask))
                    }
                    _ => return invalid(format!("insert_bits of {p:?} and {q:?}")),
                })
            })
        }
        Builtin::PackUnorm4x8
        | Builtin::PackSnorm4x8
        | Builtin::PackUnorm2x16
        | Builtin::PackSnorm2x16
        | Builtin::PackHalf2x16 => pack(f, x),
        Builtin::UnpackHalf2x16 => {
            let w = x.u()?;
            Ok(Val::C(vec![
                Val::F(from_half(w & 0xffff)?),
                Val::F(from_half(w >> 16)?),
            ]))
        }
        Builtin::UnpackUnorm4x8
        | Builtin::UnpackSnorm4x8
        | Builtin::UnpackUnorm2x16
        | Builtin::UnpackSnorm2x16 => invalid("unpack outside UnpackExact"),
        Builtin::Equal
        | Builtin::NotEqual
        | Builtin::LessThan
        | Builtin::LessThanEqual
        | Builtin::GreaterThan
        | Builtin::GreaterThanEqual => {
            let op = match f {
                Builtin::Equal => BinOp::Eq,
                Builtin::NotEqual => BinOp::Ne,
                Builtin::LessThan => BinOp::Lt,
                Builtin::LessThanEqual => BinOp::Le,
                Builtin::GreaterThan => BinOp::Gt,
                _ => BinOp::Ge,
            };
            map2(x, arg(1)?, &|p, q| scalar_binary(op, p, q))
        }
        // Both values were evaluated (a builtin's arguments all are); a `bool` condition
        // picks for every component.
        Builtin::Select => map3(x, arg(1)?, arg(2)?, &|f, t, c| {
            Ok(if c.b()? { t.clone() } else { f.clone() })
        }),
        Builtin::Any | Builtin::All => {
            let bs: Vec<bool> = x.parts()?.iter().map(Val::b).collect::<E<_>>()?;
            Ok(Val::B(if f == Builtin::All {
                bs.iter().all(|b| *b)
            } else {
                bs.iter().any(|b| *b)
            }))
        }
        Builtin::Transpose => transpose(x),
        Builtin::Cross => {
            let (a, b) = (floats(x)?, floats(arg(1)?)?);
            let at = |v: &[f32], i: usize| f64::from(v.get(i).copied().unwrap_or(0.0));
            let mut out = Vec::new();
            for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                let terms = [at(&a, i) * at(&b, j), -(at(&a, j) * at(&b, i))];
                out.push(exact_sum(&terms, "cross")?);
            }
            Ok(vector(out))
        }
        Builtin::Determinant => {
            let m = columns(x)?;
            let m: Vec<Vec<f64>> = m
                .iter()
                .map(|c| c.iter().map(|v| f64::from(*v)).collect())
                .collect();
            determinant(&m)
        }
        Builtin::Fma => map3(x, arg(1)?, arg(2)?, &|a, b, c| {
            let (a, b, c) = (f64::from(a.f()?), f64::from(b.f()?), f64::from(c.f()?));
            // Fused or not, the same where the product and the sum are exact.
            Ok(Val::F(exact_sum(&[a * b, c], "fma")?))
        }),
        Builtin::Dot => {
            let (p, q) = (x.parts()?, arg(1)?.parts()?);
            let mut sum = 0.0f32;
            for (a, b) in p.iter().zip(q) {
                let (a, b) = (a.f()?, b.f()?);
                let prod = exact(a * b, f64::from(a) * f64::from(b), "a dot product")?;
                sum = exact(
                    sum + prod,
                    f64::from(sum) + f64::from(prod),
                    "a dot product",
                )?;
            }
            Ok(Val::F(sum))
        }
    }
}

impl Eval<'_> {
    fn tick(&mut self) -> E<()> {
        self.steps += 1;
        if self.steps > BUDGET {
            return Err(Stop::Budget);
        }
        Ok(())
    }

    fn buf_len(&self, b: Buf) -> usize {
        match b {
            Buf::Inp => INP_LEN as usize,
            Buf::Finp => FINP_LEN as usize,
            Buf::Out => self.out.len(),
            Buf::Fout => self.fout.len(),
        }
    }

    fn load(&self, b: Buf, i: usize) -> E<Val> {
        let v = match b {
            Buf::Inp => self.case.inputs.words.get(i).copied().map(Val::U),
            Buf::Finp => self.case.inputs.floats.get(i).copied().map(Val::F),
            Buf::Out => self.out.get(i).copied().map(Val::U),
            Buf::Fout => self.fout.get(i).copied().map(Val::F),
        };
        v.ok_or_else(|| Stop::Invalid(format!("{}[{i}] beyond the inputs", b.name())))
    }

    fn store(&mut self, b: Buf, i: usize, v: Val) -> E<()> {
        match (b, v) {
            (Buf::Out, Val::U(x)) => {
                *self
                    .out
                    .get_mut(i)
                    .ok_or_else(|| Stop::Invalid(format!("out[{i}] out of range")))? = x;
            }
            (Buf::Fout, Val::F(x)) => {
                *self
                    .fout
                    .get_mut(i)
                    .ok_or_else(|| Stop::Invalid(format!("fout[{i}] out of range")))? = x;
            }
            (b, v) => return invalid(format!("store of {v:?} to {}", b.name())),
        }
        Ok(())
    }

    fn call(&mut self, f: &Func, args: Vec<Val>) -> E<Option<Val>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return invalid("calls nest too deeply");
        }
        if args.len() != f.params.len() {
            return invalid(format!("{} takes {} arguments", f.name, f.params.len()));
        }
        let mut frame = Frame {
            vars: f.params.iter().map(|(n, _)| n.clone()).zip(args).collect(),
        };
        let flow = self.block(&mut frame, &f.body)?;
        self.depth -= 1;
        match (flow, &f.ret) {
            (Flow::Return(v), Some(_)) if v.is_some() => Ok(v),
            (Flow::Return(None) | Flow::Next, None) => Ok(None),
            _ => invalid(format!("{} ends without its result", f.name)),
        }
    }

    fn block(&mut self, fr: &mut Frame, stmts: &[Stmt]) -> E<Flow> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return invalid("blocks nest too deeply");
        }
        let mark = fr.vars.len();
        let mut flow = Flow::Next;
        for s in stmts {
            flow = self.stmt(fr, s)?;
            if !matches!(flow, Flow::Next) {
                break;
            }
        }
        fr.vars.truncate(mark);
        self.depth -= 1;
        Ok(flow)
    }

    /// The value of a local, parameter or `shared` variable.
    fn read(&self, fr: &Frame, name: &str) -> E<Val> {
        if let Some((_, v)) = fr.vars.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        match self.globals.iter().find(|(n, _)| n == name) {
            Some((_, Some(v))) => Ok(v.clone()),
            Some((_, None)) => invalid(format!("{name} read before it is stored")),
            None => invalid(format!("no variable {name}")),
        }
    }

    fn write(&mut self, fr: &mut Frame, name: &str, v: Val) -> E<()> {
        if let Some((_, slot)) = fr.vars.iter_mut().rev().find(|(n, _)| n == name) {
            *slot = v;
            return Ok(());
        }
        match self.globals.iter_mut().find(|(n, _)| n == name) {
            Some((_, slot)) => {
                *slot = Some(v);
                Ok(())
            }
            None => invalid(format!("no variable {name}")),
        }
    }

    /// An atomic builtin on the `shared` atomic `a`: the old value.
    fn atomic(&mut self, fr: &mut Frame, op: AtomicOp, a: &AtomicRef, args: &[Expr]) -> E<Val> {
        let name = a.name.as_str();
        let index = match &a.index {
            Some(i) => Some(self.expr(fr, i)?),
            None => None,
        };
        let vals = args
            .iter()
            .map(|a| self.expr(fr, a))
            .collect::<E<Vec<_>>>()?;
        if vals.len() != op.arity() {
            return invalid(format!("{} takes {} values", op.name(), op.arity()));
        }
        let v = vals.first().cloned();
        // An element of an array of atomics: its array is undefined until every element is
        // stored (the body stores them all first).
        let whole = match &index {
            Some(_) => Some(self.read(fr, name).or_else(|_| {
                match self.globals.iter().find(|(n, _)| n == name) {
                    Some((_, None)) => Ok(Val::C(Vec::new())),
                    _ => invalid(format!("no atomic {name}")),
                }
            })?),
            None => None,
        };
        let put = |ev: &mut Self, fr: &mut Frame, v: Val| -> E<()> {
            match (&index, &whole) {
                (Some(i), Some(Val::C(parts))) => {
                    let mut parts = parts.clone();
                    let k = match i {
                        Val::I(k) => *k as i64,
                        Val::U(k) => i64::from(*k),
                        _ => return invalid("atomic index"),
                    };
                    let len = ev
                        .case
                        .programs
                        .iter()
                        .flat_map(|p| p.atomics.iter())
                        .find(|(n, _, _)| n == name)
                        .and_then(|(_, _, len)| *len)
                        .unwrap_or(0);
                    let k = match usize::try_from(k) {
                        Ok(k) if k < len as usize => k,
                        _ => return indet(format!("atomic index {k} out of range")),
                    };
                    while parts.len() <= k {
                        parts.push(Val::B(false));
                    }
                    if let Some(slot) = parts.get_mut(k) {
                        *slot = v;
                    }
                    ev.write(fr, name, Val::C(parts))
                }
                (None, _) => ev.write(fr, name, v),
                _ => invalid("atomic of a non-array"),
            }
        };
        if op == AtomicOp::Store {
            let v = v.ok_or_else(|| Stop::Invalid("atomic_store without a value".into()))?;
            put(self, fr, v.clone())?;
            return Ok(v);
        }
        let old = match (&index, &whole) {
            (Some(i), Some(w)) => {
                let parts = w.parts()?;
                let k = i.index(parts.len())?;
                match parts.get(k) {
                    Some(Val::B(_)) | None => {
                        return invalid(format!("{name}[{k}] read before it is stored"))
                    }
                    Some(v) => v.clone(),
                }
            }
            _ => self.read(fr, name)?,
        };
        let new = match (op, &old, v.as_ref()) {
            (AtomicOp::Load, _, _) => old.clone(),
            (AtomicOp::Exchange, _, Some(v)) => v.clone(),
            (AtomicOp::CompareExchange, _, Some(cmp)) => {
                if old == *cmp {
                    vals.get(1).cloned().unwrap_or(old.clone())
                } else {
                    old.clone()
                }
            }
            (_, Val::I(x), Some(Val::I(y))) => Val::I(match op {
                AtomicOp::Add => x.wrapping_add(*y),
                AtomicOp::Sub => x.wrapping_sub(*y),
                AtomicOp::Min => *x.min(y),
                AtomicOp::Max => *x.max(y),
                AtomicOp::And => x & y,
                AtomicOp::Or => x | y,
                _ => x ^ y,
            }),
            (_, Val::U(x), Some(Val::U(y))) => Val::U(match op {
                AtomicOp::Add => x.wrapping_add(*y),
                AtomicOp::Sub => x.wrapping_sub(*y),
                AtomicOp::Min => *x.min(y),
                AtomicOp::Max => *x.max(y),
                AtomicOp::And => x & y,
                AtomicOp::Or => x | y,
                _ => x ^ y,
            }),
            _ => return invalid(format!("{} of {old:?} with {v:?}", op.name())),
        };
        put(self, fr, new)?;
        Ok(old)
    }

    fn stmt(&mut self, fr: &mut Frame, s: &Stmt) -> E<Flow> {
        self.tick()?;
        match s {
            Stmt::Let { name, init, .. } | Stmt::Const { name, init, .. } => {
                let v = self.expr(fr, init)?;
                fr.vars.push((name.clone(), v));
            }
            Stmt::Assign { place, op, value } => self.assign(fr, place, *op, value)?,
            Stmt::If { arms, otherwise } => {
                for (c, b) in arms {
                    if self.expr(fr, c)?.b()? {
                        return self.block(fr, b);
                    }
                }
                if let Some(b) = otherwise {
                    return self.block(fr, b);
                }
            }
            Stmt::For {
                var,
                counter,
                first,
                last,
                step,
                attr,
                body,
            } => {
                let a = self.expr(fr, first)?;
                let b = self.expr(fr, last)?;
                let st = match step {
                    Some(s) => self.expr(fr, s)?,
                    None if *counter == Scalar::Int => Val::I(1),
                    None => Val::U(1),
                };
                // Lua's count: the loop never steps past `last` and never overflows.
                let (start, count, step): (i64, u64, i64) = match (a, b, st) {
                    (Val::I(a), Val::I(b), Val::I(s)) => {
                        let (a, b, s) = (i64::from(a), i64::from(b), i64::from(s));
                        let n = if s > 0 && a <= b {
                            ((b - a) / s + 1) as u64
                        } else if s < 0 && a >= b {
                            ((a - b) / -s + 1) as u64
                        } else {
                            0
                        };
                        (a, n, s)
                    }
                    (Val::U(a), Val::U(b), Val::U(s)) => {
                        let (a, b, s) = (i64::from(a), i64::from(b), i64::from(s));
                        let n = if s > 0 && a <= b {
                            ((b - a) / s + 1) as u64
                        } else {
                            0
                        };
                        (a, n, s)
                    }
                    _ => return invalid("for bounds of mixed types"),
                };
                let cap = attr.max_iterations.map_or(u64::MAX, u64::from);
                let mut k: u64 = 0;
                while k < count && k < cap {
                    self.tick()?;
                    let i = start + step * (k as i64);
                    let iv = if *counter == Scalar::Int {
                        Val::I(i as i32)
                    } else {
                        Val::U(i as u32)
                    };
                    let mark = fr.vars.len();
                    fr.vars.push((var.clone(), iv));
                    let flow = self.block(fr, body)?;
                    fr.vars.truncate(mark);
                    match flow {
                        Flow::Next => {}
                        Flow::Break => break,
                        r @ Flow::Return(_) => return Ok(r),
                    }
                    k += 1;
                }
            }
            Stmt::While { cond, attr, body } => {
                let cap = attr.max_iterations.map_or(u64::MAX, u64::from);
                let mut k: u64 = 0;
                // The iteration cap is tested before the condition (lowering's order, and the
                // only one in which `@max_iterations` bounds the condition's side effects too).
                while k < cap {
                    self.tick()?;
                    if !self.expr(fr, cond)?.b()? {
                        break;
                    }
                    match self.block(fr, body)? {
                        Flow::Next => {}
                        Flow::Break => break,
                        r @ Flow::Return(_) => return Ok(r),
                    }
                    k += 1;
                }
            }
            Stmt::Do(b) => return self.block(fr, b),
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.expr(fr, e)?),
                    None => None,
                };
                return Ok(Flow::Return(v));
            }
            Stmt::Atomic(op, name, args) => {
                self.atomic(fr, *op, name, args)?;
            }
            // One invocation per workgroup: nothing to wait for.
            Stmt::Barrier => {}
            Stmt::Call(name, args) => {
                let vals = args
                    .iter()
                    .map(|a| self.expr(fr, a))
                    .collect::<E<Vec<_>>>()?;
                let f = self
                    .case
                    .func(name)
                    .ok_or_else(|| Stop::Invalid(format!("no function {name}")))?;
                self.call(f, vals)?;
            }
        }
        Ok(Flow::Next)
    }

    /// A place resolved to a root and a path of part indices (evaluated once).
    fn resolve(&mut self, fr: &mut Frame, p: &Place) -> E<(Root, Vec<Step>)> {
        match p {
            Place::Var(n) => Ok((Root::Var(n.clone()), Vec::new())),
            Place::Buf(b, i) => {
                let len = self.buf_len(*b);
                let i = self.expr(fr, i)?.index(len)?;
                Ok((Root::Buf(*b, i), Vec::new()))
            }
            Place::Field(inner, f) => {
                let (root, mut path) = self.resolve(fr, inner)?;
                path.push(Step::Field(f.clone()));
                Ok((root, path))
            }
            Place::Index(inner, i) => {
                let (root, mut path) = self.resolve(fr, inner)?;
                let i = self.expr(fr, i)?;
                path.push(Step::Index(i));
                Ok((root, path))
            }
            Place::Swizzle(inner, c) => {
                let (root, mut path) = self.resolve(fr, inner)?;
                path.push(Step::Swizzle(c.clone()));
                Ok((root, path))
            }
        }
    }

    fn field_index(&self, v: &Val, f: &str) -> E<usize> {
        let Val::S(name, _) = v else {
            return invalid(format!("field {f} of {v:?}"));
        };
        let def = self
            .case
            .struct_def(name)
            .ok_or_else(|| Stop::Invalid(format!("no struct {name}")))?;
        def.fields
            .iter()
            .position(|(n, _)| n == f)
            .ok_or_else(|| Stop::Invalid(format!("no field {f} in {name}")))
    }

    fn assign(&mut self, fr: &mut Frame, p: &Place, op: Option<BinOp>, value: &Expr) -> E<()> {
        let (root, path) = self.resolve(fr, p)?;
        let rhs = self.expr(fr, value)?;
        let new = match &root {
            // A whole store needs no old value (a `shared` variable has none at first).
            Root::Var(_) if path.is_empty() && op.is_none() => rhs,
            Root::Var(n) => {
                let old = self.read(fr, n)?;
                self.update(&old, &path, op, rhs)?
            }
            Root::Buf(b, i) => {
                let old = self.load(*b, *i)?;
                self.update(&old, &path, op, rhs)?
            }
        };
        match root {
            Root::Var(n) => self.write(fr, &n, new)?,
            Root::Buf(b, i) => self.store(b, i, new)?,
        }
        Ok(())
    }

    /// `whole` with the part at `path` replaced by `rhs` (or by `part op rhs`).
    fn update(&self, whole: &Val, path: &[Step], op: Option<BinOp>, rhs: Val) -> E<Val> {
        let Some((step, rest)) = path.split_first() else {
            return match op {
                Some(op) => binary(op, whole, &rhs),
                None => Ok(rhs),
            };
        };
        match step {
            Step::Field(f) => {
                let i = self.field_index(whole, f)?;
                let Val::S(name, mut parts) = whole.clone() else {
                    return invalid("field of a non-struct");
                };
                let slot = parts
                    .get_mut(i)
                    .ok_or_else(|| Stop::Invalid("field out of range".into()))?;
                *slot = self.update(slot, rest, op, rhs)?;
                Ok(Val::S(name, parts))
            }
            Step::Index(i) => {
                let Val::C(mut parts) = whole.clone() else {
                    return invalid("index of a non-composite");
                };
                let i = i.index(parts.len())?;
                let slot = parts
                    .get_mut(i)
                    .ok_or_else(|| Stop::Invalid("index out of range".into()))?;
                *slot = self.update(slot, rest, op, rhs)?;
                Ok(Val::C(parts))
            }
            Step::Swizzle(c) => {
                let Val::C(mut parts) = whole.clone() else {
                    return invalid("swizzle of a non-vector");
                };
                let old = Val::C(
                    c.iter()
                        .map(|k| parts.get(*k as usize).cloned())
                        .collect::<Option<_>>()
                        .ok_or_else(|| Stop::Invalid("swizzle out of range".into()))?,
                );
                let new = self.update(&old, rest, op, rhs)?;
                let new_parts: Vec<Val> = match new {
                    Val::C(p) => p,
                    s => vec![s],
                };
                for (k, v) in c.iter().zip(new_parts) {
                    let slot = parts
                        .get_mut(*k as usize)
                        .ok_or_else(|| Stop::Invalid("swizzle out of range".into()))?;
                    *slot = v;
                }
                Ok(Val::C(parts))
            }
        }
    }

    fn expr(&mut self, fr: &mut Frame, e: &Expr) -> E<Val> {
        self.tick()?;
        Ok(match e {
            Expr::Lit(l) => match l {
                Lit::Bool(b) => Val::B(*b),
                Lit::Int(v) => Val::I(*v),
                Lit::Uint(v) => Val::U(*v),
                Lit::Float(v) => Val::F(*v),
            },
            Expr::Var(n) => self.read(fr, n)?,
            Expr::Atomic(op, n, args) => self.atomic(fr, *op, n, args)?,
            Expr::Load(b, i) => {
                let len = self.buf_len(*b);
                let i = self.expr(fr, i)?.index(len)?;
                self.load(*b, i)?
            }
            Expr::BufLen(b) => Val::I(self.buf_len(*b) as i32),
            Expr::Len(a) => Val::I(self.expr(fr, a)?.parts()?.len() as i32),
            Expr::Unary(op, a) => {
                let v = self.expr(fr, a)?;
                unary(*op, &v)?
            }
            Expr::Binary(BinOp::And, a, b) => {
                // Short-circuit: the right operand runs only when needed.
                if self.expr(fr, a)?.b()? {
                    Val::B(self.expr(fr, b)?.b()?)
                } else {
                    Val::B(false)
                }
            }
            Expr::Binary(BinOp::Or, a, b) => {
                if self.expr(fr, a)?.b()? {
                    Val::B(true)
                } else {
                    Val::B(self.expr(fr, b)?.b()?)
                }
            }
            Expr::Binary(op, a, b) => {
                let x = self.expr(fr, a)?;
                let y = self.expr(fr, b)?;
                if matches!(op, BinOp::Div | BinOp::Rem)
                    && crate::gen::is_const(e)
                    && const_division_error(&x, &y)
                {
                    // language.md §7.2: an error in a constant expression, not a value.
                    return indet("integer division by zero or INT_MIN / -1 in a constant");
                }
                binary(*op, &x, &y)?
            }
            Expr::Builtin(f, args) => {
                let vals = args
                    .iter()
                    .map(|a| self.expr(fr, a))
                    .collect::<E<Vec<_>>>()?;
                builtin(*f, &vals)?
            }
            Expr::UnpackExact(u, w) => {
                let w = self.expr(fr, w)?.u()?;
                unpack_exact(*u, w)
            }
            Expr::Call(name, args) => {
                let vals = args
                    .iter()
                    .map(|a| self.expr(fr, a))
                    .collect::<E<Vec<_>>>()?;
                let f = self
                    .case
                    .func(name)
                    .ok_or_else(|| Stop::Invalid(format!("no function {name}")))?;
                self.call(f, vals)?
                    .ok_or_else(|| Stop::Invalid(format!("{name} returns nothing")))?
            }
            Expr::Construct(ty, parts) => {
                let vals = parts
                    .iter()
                    .map(|a| self.expr(fr, a))
                    .collect::<E<Vec<_>>>()?;
                match ty {
                    Ty::Vector(_, n) => {
                        let mut flat = Vec::new();
                        for v in vals {
                            match v {
                                Val::C(p) => flat.extend(p),
                                s => flat.push(s),
                            }
                        }
                        if flat.len() == 1 {
                            let s = flat.first().cloned().unwrap_or(Val::B(false));
                            flat = vec![s; usize::from(*n)];
                        }
                        if flat.len() != usize::from(*n) {
                            return invalid("vector constructor of the wrong size");
                        }
                        Val::C(flat)
                    }
                    Ty::Array(_, n) => {
                        let vals = match vals.as_slice() {
                            // A fill: the one value, evaluated once, in every element.
                            [one] if *n != 1 => vec![one.clone(); *n as usize],
                            _ => vals,
                        };
                        if vals.len() != *n as usize {
                            return invalid("array constructor of the wrong size");
                        }
                        Val::C(vals)
                    }
                    Ty::Matrix(c, r) => {
                        if let [one] = vals.as_slice() {
                            matrix_from(*c, *r, one)?
                        } else if vals.len() == usize::from(*c) {
                            Val::C(vals)
                        } else {
                            return invalid("matrix constructor of the wrong size");
                        }
                    }
                    _ => return invalid("constructor of a scalar or struct type"),
                }
            }
            Expr::Struct(name, fields) => {
                let vals = fields
                    .iter()
                    .map(|(_, a)| self.expr(fr, a))
                    .collect::<E<Vec<_>>>()?;
                Val::S(name.clone(), vals)
            }
            Expr::Convert(ty, a) => {
                let v = self.expr(fr, a)?;
                let s = ty
                    .scalar()
                    .ok_or_else(|| Stop::Invalid("conversion to a composite".into()))?;
                map1(&v, &|x| convert_scalar(s, x))?
            }
            Expr::Swizzle(a, c) => {
                let v = self.expr(fr, a)?;
                let parts = v.parts()?;
                let picked = c
                    .iter()
                    .map(|k| parts.get(*k as usize).cloned())
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| Stop::Invalid("swizzle out of range".into()))?;
                if picked.len() == 1 {
                    picked.into_iter().next().unwrap_or(Val::B(false))
                } else {
                    Val::C(picked)
                }
            }
            Expr::Index(a, i) => {
                let v = self.expr(fr, a)?;
                let parts = v.parts()?;
                let i = self.expr(fr, i)?.index(parts.len())?;
                parts
                    .get(i)
                    .cloned()
                    .ok_or_else(|| Stop::Invalid("index".into()))?
            }
            Expr::Field(a, f) => {
                let v = self.expr(fr, a)?;
                let i = self.field_index(&v, f)?;
                v.parts()?
                    .get(i)
                    .cloned()
                    .ok_or_else(|| Stop::Invalid("field".into()))?
            }
            Expr::If(c, a, b) => {
                if self.expr(fr, c)?.b()? {
                    self.expr(fr, a)?
                } else {
                    self.expr(fr, b)?
                }
            }
        })
    }
}

enum Root {
    Var(String),
    Buf(Buf, usize),
}

enum Step {
    Field(String),
    Index(Val),
    Swizzle(Vec<u8>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_edge_cases_follow_language_md() {
        assert_eq!(int_binary(BinOp::Div, 7, 0), Ok(Val::I(7)));
        assert_eq!(int_binary(BinOp::Rem, 7, 0), Ok(Val::I(0)));
        assert_eq!(int_binary(BinOp::Div, i32::MIN, -1), Ok(Val::I(i32::MIN)));
        assert_eq!(int_binary(BinOp::Rem, i32::MIN, -1), Ok(Val::I(0)));
        assert_eq!(int_binary(BinOp::Rem, -7, 2), Ok(Val::I(-1)));
        assert_eq!(
            scalar_binary(BinOp::Shl, &Val::I(1), &Val::I(33)),
            Ok(Val::I(2))
        );
        assert_eq!(
            scalar_binary(BinOp::Shr, &Val::I(-8), &Val::I(-1)),
            Ok(Val::I(-1))
        );
        assert_eq!(uint_binary(BinOp::Div, 5, 0), Ok(Val::U(5)));
    }

    #[test]
    fn inexact_floats_are_indeterminate() {
        assert!(matches!(
            float_binary(BinOp::Div, 1.0, 3.0),
            Err(Stop::Indeterminate(_))
        ));
        assert_eq!(float_binary(BinOp::Div, 1.0, 4.0), Ok(Val::F(0.25)));
        assert_eq!(float_binary(BinOp::Rem, -7.5, 2.0), Ok(Val::F(-1.5)));
        assert!(matches!(
            bits_of(&Val::F(-0.0)),
            Err(Stop::Indeterminate(_))
        ));
    }

    #[test]
    fn pack_ties_are_indeterminate() {
        assert!(matches!(norm(0.5, 0.0, 255.0), Err(Stop::Indeterminate(_))));
        assert_eq!(norm(0.25, 0.0, 255.0), Ok(64));
        assert_eq!(to_half(1.5), Ok(0x3e00));
        assert_eq!(from_half(0x3e00), Ok(1.5));
    }
}
