//! A generator of well-typed Luma programs driven by [`arbitrary::Unstructured`]: every byte
//! string decodes to a program that must compile for every target, so the `generate` target
//! reaches deep into lowering, the optimiser and the back ends with programs no corpus has
//! (odd nestings of loops, if-expressions, swizzles, buffer and array accesses, helper calls).
//!
//! What it avoids, on purpose, so that a compile error is always a compiler bug: constant
//! expressions that could fail to evaluate (every binary operation has an operand read at run
//! time), literals whose type would depend on an absent context (written `int(5)`, `5u`,
//! `1.5`), `-` on `uint`, ordering comparisons of vectors, barriers outside the compute entry's
//! top level, buffer access from vertex shaders and helpers, and recursion.

use std::fmt::Write as _;

use arbitrary::{Result, Unstructured};

/// Scalar kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sc {
    Bool,
    Int,
    Uint,
    Float,
}

/// The types the generator uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    S(Sc),
    V(Sc, u8),
    /// `mat4` only: enough to reach the matrix paths without inventing constructors.
    Mat4,
}

impl Ty {
    fn name(self) -> String {
        match self {
            Ty::S(Sc::Bool) => "bool".into(),
            Ty::S(Sc::Int) => "int".into(),
            Ty::S(Sc::Uint) => "uint".into(),
            Ty::S(Sc::Float) => "float".into(),
            Ty::V(s, n) => format!("{}vec{n}", prefix(s)),
            Ty::Mat4 => "mat4".into(),
        }
    }

    fn scalar(self) -> Option<Sc> {
        match self {
            Ty::S(s) | Ty::V(s, _) => Some(s),
            Ty::Mat4 => Some(Sc::Float),
        }
    }
}

fn prefix(s: Sc) -> &'static str {
    match s {
        Sc::Bool => "b",
        Sc::Int => "i",
        Sc::Uint => "u",
        Sc::Float => "",
    }
}

const SCALARS: [Sc; 4] = [Sc::Bool, Sc::Int, Sc::Uint, Sc::Float];
const COMPONENTS: [char; 4] = ['x', 'y', 'z', 'w'];

/// A local in scope.
#[derive(Debug, Clone)]
struct Var {
    name: String,
    ty: Ty,
    mutable: bool,
}

/// Local arrays: `[4]T` of a scalar type.
#[derive(Debug, Clone)]
struct ArrVar {
    name: String,
    elem: Sc,
}

/// A helper function the body may call.
#[derive(Debug, Clone)]
struct Helper {
    name: String,
    params: Vec<Ty>,
    ret: Ty,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Helper,
    Compute,
    Fragment,
    Vertex,
}

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    out: String,
    indent: usize,
    vars: Vec<Var>,
    arrays: Vec<ArrVar>,
    structs: Vec<String>,
    helpers: Vec<Helper>,
    consts: Vec<(String, Ty)>,
    next_name: u32,
    loop_depth: u32,
    stage: Stage,
    /// Statements left in this program: bounds the output size whatever the input.
    budget: u32,
}

fn any_ty(u: &mut Unstructured) -> Result<Ty> {
    Ok(match u.int_in_range(0..=9)? {
        0..=5 => Ty::S(*u.choose(&SCALARS)?),
        6..=8 => Ty::V(*u.choose(&SCALARS)?, u.int_in_range(2..=4)?),
        _ => Ty::Mat4,
    })
}

fn value_ty(u: &mut Unstructured) -> Result<Ty> {
    // Helpers take and return anything but matrices (kept simple for parameters).
    Ok(match u.int_in_range(0..=2)? {
        0 | 1 => Ty::S(*u.choose(&SCALARS)?),
        _ => Ty::V(*u.choose(&SCALARS)?, u.int_in_range(2..=4)?),
    })
}

impl Gen<'_, '_> {
    fn fresh(&mut self, stem: &str) -> String {
        self.next_name += 1;
        format!("{stem}{}", self.next_name)
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push('\t');
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn can_touch_buffers(&self) -> bool {
        matches!(self.stage, Stage::Compute | Stage::Fragment)
    }

    /// A literal written so its type never depends on context.
    fn literal(&mut self, s: Sc) -> Result<String> {
        Ok(match s {
            Sc::Bool => if self.u.arbitrary()? { "true" } else { "false" }.into(),
            Sc::Int => {
                let v: i32 = match self.u.int_in_range(0..=9)? {
                    0 => i32::MAX,
                    1 => -i32::MAX,
                    _ => self.u.int_in_range(-300..=300)?,
                };
                format!("int({v})")
            }
            Sc::Uint => {
                let v: u32 = match self.u.int_in_range(0..=9)? {
                    0 => u32::MAX,
                    _ => self.u.int_in_range(0..=600)?,
                };
                format!("{v}u")
            }
            Sc::Float => {
                let whole: i32 = self.u.int_in_range(-100..=100)?;
                let frac: u32 = self.u.int_in_range(0..=99)?;
                match self.u.int_in_range(0..=12)? {
                    0 => "1e30".into(),
                    1 => "1e-30".into(),
                    2 => ".5".into(),
                    _ => format!("{whole}.{frac:02}"),
                }
            }
        })
    }

    /// An expression of type `ty` whose value is only known at run time (reads the uniform).
    fn runtime(&mut self, ty: Ty) -> Result<String> {
        let scalar = |s: Sc| -> &'static str {
            match s {
                Sc::Bool => "(params.i > 0)",
                Sc::Int => "params.i",
                Sc::Uint => "params.u",
                Sc::Float => "params.f",
            }
        };
        Ok(match ty {
            Ty::S(s) => scalar(s).into(),
            Ty::V(Sc::Float, 4) => "params.v".into(),
            Ty::V(s, n) => format!("{}vec{n}({})", prefix(s), scalar(s)),
            Ty::Mat4 => "params.m".into(),
        })
    }

    fn var_of(&mut self, ty: Ty, mutable: bool) -> Result<Option<Var>> {
        let matching: Vec<Var> = self
            .vars
            .iter()
            .filter(|v| v.ty == ty && (!mutable || v.mutable))
            .cloned()
            .collect();
        if matching.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.u.choose(&matching)?.clone()))
    }

    /// An expression of type `ty` and whether it is a compile-time constant.
    fn expr(&mut self, ty: Ty, depth: u32) -> Result<(String, bool)> {
        if depth == 0 || self.u.is_empty() {
            return self.leaf(ty);
        }
        let d = depth - 1;
        let choice = self.u.int_in_range(0..=15)?;
        match choice {
            0..=2 => self.leaf(ty),
            3 => {
                let (c, cc) = self.expr(Ty::S(Sc::Bool), d)?;
                let (a, ac) = self.expr(ty, d)?;
                let (b, bc) = self.expr(ty, d)?;
                Ok((format!("(if {c} then {a} else {b})"), cc && ac && bc))
            }
            4 => {
                let helpers: Vec<Helper> = self
                    .helpers
                    .iter()
                    .filter(|h| h.ret == ty)
                    .cloned()
                    .collect();
                if helpers.is_empty() || self.stage == Stage::Helper && self.u.ratio(1, 2)? {
                    return self.leaf(ty);
                }
                let h = self.u.choose(&helpers)?.clone();
                let mut args = Vec::new();
                for p in &h.params {
                    args.push(self.expr(*p, d)?.0);
                }
                Ok((format!("{}({})", h.name, args.join(", ")), false))
            }
            _ => match ty {
                Ty::S(Sc::Bool) => self.bool_expr(d),
                Ty::S(s) => self.num_expr(s, d),
                Ty::V(s, n) => self.vec_expr(s, n, d),
                Ty::Mat4 => self.mat_expr(d),
            },
        }
    }

    /// An `int` index masked into `0..=mask`: a constant index out of bounds is an error, and
    /// the mask keeps even a constant one in bounds.
    fn index(&mut self, depth: u32, mask: u32) -> Result<String> {
        let (i, _) = self.expr(Ty::S(Sc::Int), depth)?;
        Ok(format!("({i} & {mask})"))
    }

    fn leaf(&mut self, ty: Ty) -> Result<(String, bool)> {
        match self.u.int_in_range(0..=5)? {
            0 | 1 => {
                if let Some(v) = self.var_of(ty, false)? {
                    return Ok((v.name, false));
                }
            }
            2 => {
                let consts: Vec<String> = self
                    .consts
                    .iter()
                    .filter(|(_, t)| *t == ty)
                    .map(|(n, _)| n.clone())
                    .collect();
                if !consts.is_empty() {
                    return Ok((self.u.choose(&consts)?.clone(), true));
                }
            }
            3 => return Ok((self.runtime(ty)?, false)),
            _ => {}
        }
        match ty {
            Ty::S(s) => Ok((self.literal(s)?, true)),
            Ty::V(s, n) => {
                let mut parts = Vec::new();
                for _ in 0..n {
                    parts.push(self.literal(s)?);
                }
                Ok((format!("{}vec{n}({})", prefix(s), parts.join(", ")), true))
            }
            Ty::Mat4 => Ok(("params.m".into(), false)),
        }
    }

    /// `(a OP b)` with at least one operand known only at run time.
    fn binary(&mut self, lt: Ty, rt: Ty, op: &str, d: u32) -> Result<String> {
        let (a, ac) = self.expr(lt, d)?;
        let (mut b, bc) = self.expr(rt, d)?;
        if ac && bc {
            b = self.runtime(rt)?;
        }
        Ok(format!("({a} {op} {b})"))
    }

    /// `e` unless it is a constant, else a run-time value of `ty`: for operations whose
    /// constant folding could fail (overflow, NaN, infinity), which the checker rightly
    /// reports as an error.
    fn not_const(&mut self, e: (String, bool), ty: Ty) -> Result<String> {
        if e.1 {
            self.runtime(ty)
        } else {
            Ok(e.0)
        }
    }

    /// An operand of an operation that might fail when folded: never a constant.
    fn rt_expr(&mut self, ty: Ty, d: u32) -> Result<String> {
        let e = self.expr(ty, d)?;
        self.not_const(e, ty)
    }

    fn bool_expr(&mut self, d: u32) -> Result<(String, bool)> {
        Ok(match self.u.int_in_range(0..=7)? {
            0 | 1 => {
                let s = *self.u.choose(&[Sc::Int, Sc::Uint, Sc::Float])?;
                let op = *self.u.choose(&["<", "<=", ">", ">=", "==", "!="])?;
                (self.binary(Ty::S(s), Ty::S(s), op, d)?, false)
            }
            2 => {
                let ty = any_vec(self.u)?;
                let op = *self.u.choose(&["==", "!="])?;
                (self.binary(ty, ty, op, d)?, false)
            }
            3 => {
                let op = *self.u.choose(&["and", "or"])?;
                (self.binary(Ty::S(Sc::Bool), Ty::S(Sc::Bool), op, d)?, false)
            }
            4 => {
                let (e, c) = self.expr(Ty::S(Sc::Bool), d)?;
                (format!("not ({e})"), c)
            }
            5 => {
                let n = self.u.int_in_range(2..=4)?;
                let f = *self.u.choose(&["any", "all"])?;
                let (e, c) = self.expr(Ty::V(Sc::Bool, n), d)?;
                (format!("{f}({e})"), c)
            }
            6 => {
                let (e, c) = self.expr(Ty::S(Sc::Float), d)?;
                (format!("isnan({e})"), c)
            }
            _ => {
                let (v, c) = self.expr(Ty::V(Sc::Bool, 4), d)?;
                let k = *self.u.choose(&COMPONENTS)?;
                (format!("{v}.{k}"), c)
            }
        })
    }

    fn num_expr(&mut self, s: Sc, d: u32) -> Result<(String, bool)> {
        let ty = Ty::S(s);
        Ok(match self.u.int_in_range(0..=13)? {
            0..=2 => {
                let op = *self.u.choose(&["+", "-", "*"])?;
                (self.binary(ty, ty, op, d)?, false)
            }
            3 => {
                // Division and remainder: the divisor is read at run time (zero included),
                // whose result Luma defines on every target.
                let op = *self.u.choose(&["/", "%"])?;
                let (a, _) = self.expr(ty, d)?;
                let b = match self.var_of(ty, false)? {
                    Some(v) if self.u.arbitrary()? => v.name,
                    _ => self.runtime(ty)?,
                };
                (format!("({a} {op} {b})"), false)
            }
            4 if s != Sc::Float => {
                let op = *self.u.choose(&["&", "|", "~", "<<", ">>"])?;
                if op == "<<" || op == ">>" {
                    let (a, _) = self.expr(ty, d)?;
                    let rs = *self.u.choose(&[Sc::Int, Sc::Uint])?;
                    let b = self.runtime(Ty::S(rs))?;
                    (format!("({a} {op} {b})"), false)
                } else {
                    (self.binary(ty, ty, op, d)?, false)
                }
            }
            // Parenthesised: `-` before a negative literal would start a `--` comment. The
            // operand is never constant: `-(-2147483648)` does not fold.
            5 if s != Sc::Uint => (format!("-({})", self.rt_expr(ty, d)?), false),
            5 => {
                let (e, c) = self.expr(ty, d)?;
                (format!("~({e})"), c)
            }
            6 => {
                let f = *self.u.choose(&["min", "max"])?;
                let (a, ac) = self.expr(ty, d)?;
                let (b, bc) = self.expr(ty, d)?;
                (format!("{f}({a}, {b})"), ac && bc)
            }
            7 => {
                // A conversion from another scalar type.
                let from = *self.u.choose(&[Sc::Int, Sc::Uint, Sc::Float, Sc::Bool])?;
                let (a, c) = self.expr(Ty::S(from), d)?;
                if from == Sc::Float && s != Sc::Float {
                    // Float to integer conversion of an out-of-range value is an error in a
                    // constant and differs per target at run time: keep the value small.
                    (format!("{}(clamp({a}, -1000.0, 1000.0))", ty.name()), c)
                } else {
                    (format!("{}({a})", ty.name()), c)
                }
            }
            8 => {
                let n = self.u.int_in_range(2..=4)?;
                let (v, c) = self.expr(Ty::V(s, n), d)?;
                let k = *self
                    .u
                    .choose(COMPONENTS.get(..usize::from(n)).unwrap_or(&COMPONENTS))?;
                (format!("{v}.{k}"), c)
            }
            9 if s == Sc::Float => {
                let f = *self.u.choose(&[
                    "sin", "cos", "floor", "ceil", "fract", "abs", "trunc", "round", "tanh",
                ])?;
                (format!("{f}({})", self.rt_expr(ty, d)?), false)
            }
            9 if s == Sc::Int => (format!("abs({})", self.rt_expr(ty, d)?), false),
            10 if s == Sc::Float => {
                let n = self.u.int_in_range(2..=4)?;
                let vt = Ty::V(Sc::Float, n);
                let a = self.rt_expr(vt, d)?;
                if self.u.arbitrary()? {
                    let b = self.rt_expr(vt, d)?;
                    (format!("dot({a}, {b})"), false)
                } else {
                    (format!("length({a})"), false)
                }
            }
            10 if s == Sc::Int => {
                if self.can_touch_buffers() {
                    ("#out_i".into(), false)
                } else {
                    let arrays: Vec<String> = self.arrays.iter().map(|a| a.name.clone()).collect();
                    match arrays.first() {
                        Some(a) => (format!("#{a}"), true),
                        None => self.leaf(ty)?,
                    }
                }
            }
            10 => {
                let f = *self
                    .u
                    .choose(&["count_one_bits", "reverse_bits", "first_leading_bit"])?;
                let (e, c) = self.expr(ty, d)?;
                (format!("{f}({e})"), c)
            }
            11 => {
                // A local array element, indexed at run time.
                let arrays: Vec<ArrVar> =
                    self.arrays.iter().filter(|a| a.elem == s).cloned().collect();
                if arrays.is_empty() {
                    return self.leaf(ty);
                }
                let a = self.u.choose(&arrays)?.clone();
                let i = self.index(d, 3)?;
                (format!("{}[{i}]", a.name), false)
            }
            12 if self.can_touch_buffers() => {
                let i = self.index(d, 63)?;
                let e = match s {
                    Sc::Int => format!("out_i[{i}]"),
                    Sc::Uint => format!("out_u[{i}]"),
                    _ => format!("out_f[{i}]"),
                };
                (e, false)
            }
            13 if s == Sc::Float && !self.structs.is_empty() => {
                let st = self.u.choose(&self.structs.clone())?.clone();
                (format!("{st}.a"), false)
            }
            13 if s == Sc::Uint => {
                let (a, c) = self.expr(Ty::S(Sc::Int), d)?;
                (format!("as_uint({a})"), c)
            }
            _ => self.leaf(ty)?,
        })
    }

    fn vec_expr(&mut self, s: Sc, n: u8, d: u32) -> Result<(String, bool)> {
        let ty = Ty::V(s, n);
        let name = ty.name();
        Ok(match self.u.int_in_range(0..=9)? {
            0 => {
                let (e, c) = self.expr(Ty::S(s), d)?;
                (format!("{name}({e})"), c)
            }
            1 => {
                let mut parts = Vec::new();
                let mut all = true;
                for _ in 0..n {
                    let (e, c) = self.expr(Ty::S(s), d)?;
                    parts.push(e);
                    all &= c;
                }
                (format!("{name}({})", parts.join(", ")), all)
            }
            2 if n > 2 => {
                let (a, ac) = self.expr(Ty::V(s, n - 1), d)?;
                let (b, bc) = self.expr(Ty::S(s), d)?;
                (format!("{name}({a}, {b})"), ac && bc)
            }
            3 => {
                // A swizzle of another vector of the same component type.
                let m = self.u.int_in_range(2..=4)?;
                let (v, c) = self.expr(Ty::V(s, m), d)?;
                let mut sw = String::new();
                for _ in 0..n {
                    let k = *self
                        .u
                        .choose(COMPONENTS.get(..usize::from(m)).unwrap_or(&COMPONENTS))?;
                    sw.push(k);
                }
                (format!("{v}.{sw}"), c)
            }
            4..=5 if s != Sc::Bool => {
                let op = *self.u.choose(&["+", "-", "*", "/"])?;
                let e = match self.u.int_in_range(0..=2)? {
                    0 => self.binary(ty, ty, op, d)?,
                    1 => self.binary(ty, Ty::S(s), op, d)?,
                    _ => self.binary(Ty::S(s), ty, op, d)?,
                };
                (e, false)
            }
            6 if s == Sc::Float => {
                let f = *self.u.choose(&["normalize", "floor", "fract", "sin", "abs"])?;
                (format!("{f}({})", self.rt_expr(ty, d)?), false)
            }
            6 if s == Sc::Bool => {
                let t = Ty::V(*self.u.choose(&[Sc::Int, Sc::Uint, Sc::Float])?, n);
                let f = *self
                    .u
                    .choose(&["equal", "not_equal", "less_than", "greater_than_equal"])?;
                let (a, ac) = self.expr(t, d)?;
                let (b, bc) = self.expr(t, d)?;
                (format!("{f}({a}, {b})"), ac && bc)
            }
            6 => {
                let op = *self.u.choose(&["&", "|", "~"])?;
                (self.binary(ty, ty, op, d)?, false)
            }
            7 if s == Sc::Float && n == 3 => {
                let a = self.rt_expr(ty, d)?;
                let b = self.rt_expr(ty, d)?;
                (format!("cross({a}, {b})"), false)
            }
            7 if s == Sc::Float && n == 4 => {
                let (m, _) = self.expr(Ty::Mat4, d)?;
                let (v, _) = self.expr(ty, d)?;
                if self.u.arbitrary()? {
                    (format!("({m} * {v})"), false)
                } else {
                    (format!("({v} * {m})"), false)
                }
            }
            8 if s != Sc::Bool => {
                let f = *self.u.choose(&["min", "max"])?;
                let (a, ac) = self.expr(ty, d)?;
                let (b, bc) = self.expr(ty, d)?;
                (format!("{f}({a}, {b})"), ac && bc)
            }
            9 if s == Sc::Float => {
                let a = self.rt_expr(ty, d)?;
                let b = self.rt_expr(ty, d)?;
                let t = self.rt_expr(Ty::S(Sc::Float), d)?;
                (format!("mix({a}, {b}, {t})"), false)
            }
            9 if s != Sc::Bool => {
                // A conversion from another vector type of the same size.
                let from = *self.u.choose(&[Sc::Int, Sc::Uint, Sc::Float])?;
                let (a, c) = self.expr(Ty::V(from, n), d)?;
                if from == Sc::Float {
                    let f = Ty::V(Sc::Float, n).name();
                    (format!("{name}(clamp({a}, {f}(-1000.0), {f}(1000.0)))"), c)
                } else {
                    (format!("{name}({a})"), c)
                }
            }
            _ => self.leaf(ty)?,
        })
    }

    fn mat_expr(&mut self, d: u32) -> Result<(String, bool)> {
        let e = match self.u.int_in_range(0..=3)? {
            0 => format!("transpose({})", self.expr(Ty::Mat4, d)?.0),
            1 => self.binary(Ty::Mat4, Ty::Mat4, "*", d)?,
            2 => self.binary(Ty::Mat4, Ty::S(Sc::Float), "*", d)?,
            _ => self.binary(Ty::Mat4, Ty::Mat4, "+", d)?,
        };
        Ok((e, false))
    }

    fn block(&mut self, max_stmts: u32, depth: u32) -> Result<()> {
        let n = self.u.int_in_range(0..=max_stmts)?;
        let vars = self.vars.len();
        let arrays = self.arrays.len();
        let structs = self.structs.len();
        for _ in 0..n {
            if self.budget == 0 || self.u.is_empty() {
                break;
            }
            self.budget -= 1;
            self.stmt(depth)?;
        }
        self.vars.truncate(vars);
        self.arrays.truncate(arrays);
        self.structs.truncate(structs);
        Ok(())
    }

    fn stmt(&mut self, depth: u32) -> Result<()> {
        let expr_depth = self.u.int_in_range(0..=4)?;
        match self.u.int_in_range(0..=17)? {
            0..=3 => {
                let ty = any_ty(self.u)?;
                let name = self.fresh("v");
                let (e, _) = self.expr(ty, expr_depth)?;
                self.line(&format!("let {name}: {} = {e}", ty.name()));
                self.vars.push(Var {
                    name,
                    ty,
                    mutable: true,
                });
            }
            4 | 5 => {
                let ty = any_ty(self.u)?;
                if let Some(v) = self.var_of(ty, true)? {
                    let (e, _) = self.expr(ty, expr_depth)?;
                    let op = match ty.scalar() {
                        Some(Sc::Bool) | None => "=",
                        Some(Sc::Float) if ty != Ty::Mat4 => {
                            *self.u.choose(&["=", "+=", "-=", "*=", "/=", "%="])?
                        }
                        Some(Sc::Float) => *self.u.choose(&["=", "+=", "-="])?,
                        Some(_) => *self.u.choose(&[
                            "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                        ])?,
                    };
                    self.line(&format!("{} {op} {e}", v.name));
                }
            }
            6 => {
                // A component or swizzle write (no repeated component).
                let s = *self.u.choose(&SCALARS)?;
                let n = self.u.int_in_range(2..=4)?;
                if let Some(v) = self.var_of(Ty::V(s, n), true)? {
                    let first = self.u.int_in_range(0..=n - 1)?;
                    let count = self.u.int_in_range(1..=n - first)?;
                    let sw: String = COMPONENTS
                        .iter()
                        .skip(usize::from(first))
                        .take(usize::from(count))
                        .collect();
                    let ty = if count == 1 { Ty::S(s) } else { Ty::V(s, count) };
                    let (e, _) = self.expr(ty, expr_depth)?;
                    self.line(&format!("{}.{sw} = {e}", v.name));
                }
            }
            7 => {
                let s = *self.u.choose(&[Sc::Int, Sc::Uint, Sc::Float])?;
                let name = self.fresh("arr");
                if self.u.arbitrary::<bool>()? {
                    // A fill constructor: one value for the four elements.
                    let (e, _) = self.expr(Ty::S(s), expr_depth.min(2))?;
                    self.line(&format!("let {name} = [4]{}({e})", Ty::S(s).name()));
                } else {
                    let mut parts = Vec::new();
                    for _ in 0..4 {
                        parts.push(self.expr(Ty::S(s), expr_depth.min(2))?.0);
                    }
                    self.line(&format!(
                        "let {name}: [4]{} = {{ {} }}",
                        Ty::S(s).name(),
                        parts.join(", ")
                    ));
                }
                self.arrays.push(ArrVar { name, elem: s });
            }
            8 => {
                let arrays = self.arrays.clone();
                if let Ok(a) = self.u.choose(&arrays) {
                    let i = self.index(1, 3)?;
                    let e = self.expr(Ty::S(a.elem), expr_depth)?.0;
                    self.line(&format!("{}[{i}] = {e}", a.name));
                }
            }
            9 => {
                let name = self.fresh("s");
                let a = self.expr(Ty::S(Sc::Float), expr_depth.min(2))?.0;
                let b = self.expr(Ty::V(Sc::Int, 3), expr_depth.min(2))?.0;
                let mut c = Vec::new();
                for _ in 0..4 {
                    c.push(self.expr(Ty::S(Sc::Uint), 1)?.0);
                }
                self.line(&format!(
                    "let {name} = Rec {{ a = {a}, b = {b}, c = {{ {} }} }}",
                    c.join(", ")
                ));
                let i = self.index(1, 3)?;
                let e = self.expr(Ty::S(Sc::Uint), 1)?.0;
                self.line(&format!("{name}.c[{i}] = {e}"));
                let e = self.expr(Ty::S(Sc::Int), 1)?.0;
                self.line(&format!("{name}.b.y = {e}"));
                self.structs.push(name);
            }
            10 | 11 if depth > 0 => {
                let (c, _) = self.expr(Ty::S(Sc::Bool), expr_depth)?;
                self.line(&format!("if {c} then"));
                self.nested(depth)?;
                let arms = self.u.int_in_range(0..=3)?;
                for _ in 0..arms {
                    let (c, _) = self.expr(Ty::S(Sc::Bool), expr_depth)?;
                    self.line(&format!("elseif {c} then"));
                    self.nested(depth)?;
                }
                if self.u.arbitrary()? {
                    self.line("else");
                    self.nested(depth)?;
                }
                self.line("end");
            }
            12 | 13 if depth > 0 => {
                let i = self.fresh("i");
                let (attr, header) = match self.u.int_in_range(0..=4)? {
                    0 => {
                        let hi = self.u.int_in_range(0..=6)?;
                        ("@unroll".to_string(), format!("for {i} = 0, {hi} do"))
                    }
                    1 => {
                        let hi = self.u.int_in_range(0..=40)?;
                        let n = self.u.int_in_range(1..=8)?;
                        (format!("@unroll({n})"), format!("for {i} = {hi}, 0, -3 do"))
                    }
                    2 => {
                        let hi = self.runtime(Ty::S(Sc::Int))?;
                        ("@max_iterations(16)".to_string(), format!("for {i} = 0, {hi} do"))
                    }
                    3 => {
                        let step = self.runtime(Ty::S(Sc::Int))?;
                        (
                            "@max_iterations(8)".to_string(),
                            format!("for {i} = 0, 7, {step} do"),
                        )
                    }
                    _ => (String::new(), format!("for {i} = 1, 4 do")),
                };
                if !attr.is_empty() {
                    self.line(&attr);
                }
                self.line(&header);
                self.vars.push(Var {
                    name: i,
                    ty: Ty::S(Sc::Int),
                    mutable: false,
                });
                self.loop_depth += 1;
                self.nested(depth)?;
                self.loop_depth -= 1;
                self.vars.pop();
                self.line("end");
            }
            14 if depth > 0 => {
                let (c, _) = self.expr(Ty::S(Sc::Bool), expr_depth)?;
                let n = self.u.int_in_range(1..=8)?;
                self.line(&format!("@max_iterations({n})"));
                self.line(&format!("while {c} do"));
                self.loop_depth += 1;
                self.nested(depth)?;
                self.loop_depth -= 1;
                self.line("end");
            }
            15 if depth > 0 => {
                self.line("do");
                self.nested(depth)?;
                self.line("end");
            }
            16 if self.loop_depth > 0 => {
                let (c, _) = self.expr(Ty::S(Sc::Bool), expr_depth)?;
                self.line(&format!("if {c} then"));
                self.indent += 1;
                self.line("break");
                self.indent -= 1;
                self.line("end");
            }
            16 if self.stage == Stage::Fragment => {
                let (c, _) = self.expr(Ty::S(Sc::Bool), expr_depth)?;
                self.line(&format!("if {c} then"));
                self.indent += 1;
                self.line("discard");
                self.indent -= 1;
                self.line("end");
            }
            17 if self.can_touch_buffers() => {
                let i = self.index(2, 63)?;
                let (buf, ty) = *self.u.choose(&[
                    ("out_i", Ty::S(Sc::Int)),
                    ("out_u", Ty::S(Sc::Uint)),
                    ("out_f", Ty::S(Sc::Float)),
                    ("out_v", Ty::V(Sc::Float, 4)),
                ])?;
                let e = self.expr(ty, expr_depth)?.0;
                self.line(&format!("{buf}[{i}] = {e}"));
            }
            _ => {
                let ty = any_ty(self.u)?;
                let name = self.fresh("c");
                let (e, _) = self.expr(ty, expr_depth)?;
                self.line(&format!("let {name} = {e}"));
                // An untyped `let` of a bare literal would be a float; the generator writes
                // literals with their type, so the declared type is `ty`.
                self.vars.push(Var {
                    name,
                    ty,
                    mutable: true,
                });
            }
        }
        Ok(())
    }

    fn nested(&mut self, depth: u32) -> Result<()> {
        self.indent += 1;
        self.block(4, depth - 1)?;
        self.indent -= 1;
        Ok(())
    }

    fn helper(&mut self, index: usize) -> Result<()> {
        let count = self.u.int_in_range(0..=3)?;
        let mut params = Vec::new();
        for _ in 0..count {
            params.push(value_ty(self.u)?);
        }
        let ret = value_ty(self.u)?;
        let name = format!("helper{index}");
        let list: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, t)| format!("p{i}: {}", t.name()))
            .collect();
        self.line(&format!(
            "function {name}({}) -> {}",
            list.join(", "),
            ret.name()
        ));
        self.vars = params
            .iter()
            .enumerate()
            .map(|(i, t)| Var {
                name: format!("p{i}"),
                ty: *t,
                mutable: true,
            })
            .collect();
        self.stage = Stage::Helper;
        self.indent = 1;
        self.block(6, 3)?;
        if self.u.ratio(1, 4)? {
            let (c, _) = self.expr(Ty::S(Sc::Bool), 2)?;
            let (e, _) = self.expr(ret, 2)?;
            self.line(&format!("if {c} then"));
            self.line(&format!("\treturn {e}"));
            self.line("end");
        }
        let (e, _) = self.expr(ret, 3)?;
        self.line(&format!("return {e}"));
        self.indent = 0;
        self.line("end");
        self.line("");
        self.vars.clear();
        self.arrays.clear();
        self.structs.clear();
        self.helpers.push(Helper { name, params, ret });
        Ok(())
    }
}

fn any_vec(u: &mut Unstructured) -> Result<Ty> {
    Ok(Ty::V(*u.choose(&SCALARS)?, u.int_in_range(2..=4)?))
}

/// Decodes `u` into a Luma program that must compile for every target.
pub fn generate(u: &mut Unstructured) -> Result<String> {
    let mut g = Gen {
        u,
        out: String::new(),
        indent: 0,
        vars: Vec::new(),
        arrays: Vec::new(),
        structs: Vec::new(),
        helpers: Vec::new(),
        consts: Vec::new(),
        next_name: 0,
        loop_depth: 0,
        stage: Stage::Helper,
        budget: 120,
    };
    g.line("-- generated by fuzz/src/gen.rs");
    g.line("struct Params\n\ti: int\n\tu: uint\n\tf: float\n\tv: vec4\n\tm: mat4\nend");
    g.line("struct Rec\n\ta: float\n\tb: ivec3\n\tc: [4]uint\nend");
    g.line("uniform params: Params");
    g.line("buffer out_i: []int");
    g.line("buffer out_u: []uint");
    g.line("buffer out_f: []float");
    g.line("buffer out_v: []vec4");
    let consts = g.u.int_in_range(0..=3)?;
    for k in 0..consts {
        let s = *g.u.choose(&[Sc::Int, Sc::Uint, Sc::Float, Sc::Bool])?;
        let v = g.literal(s)?;
        let name = format!("K{k}");
        g.line(&format!("const {name}: {} = {v}", Ty::S(s).name()));
        g.consts.push((name, Ty::S(s)));
    }
    g.line("");
    let helpers = g.u.int_in_range(0..=3)?;
    for i in 0..helpers {
        g.helper(i)?;
    }
    let size = *g.u.choose(&["1", "64", "8, 8", "4, 4, 4"])?;
    g.line(&format!("@entry(compute) @workgroup_size({size})"));
    g.line("function main_cs(@builtin(global_invocation_id) gid: uvec3)");
    g.stage = Stage::Compute;
    g.indent = 1;
    g.vars = vec![Var {
        name: "gid".into(),
        ty: Ty::V(Sc::Uint, 3),
        mutable: false,
    }];
    if g.u.arbitrary()? {
        g.line("workgroup_barrier()");
    }
    g.block(10, 4)?;
    g.line("out_i[int(gid.x)] = params.i");
    g.indent = 0;
    g.line("end");
    g.vars.clear();
    if g.u.arbitrary()? {
        g.line("");
        g.line("@entry(vertex)");
        g.line(
            "function main_vs(@builtin(vertex_index) vi: uint) -> (@builtin(position) pos: vec4, uv: vec2)",
        );
        g.stage = Stage::Vertex;
        g.indent = 1;
        g.vars = vec![Var {
            name: "vi".into(),
            ty: Ty::S(Sc::Uint),
            mutable: true,
        }];
        g.block(6, 3)?;
        let pos = g.expr(Ty::V(Sc::Float, 4), 3)?.0;
        let uv = g.expr(Ty::V(Sc::Float, 2), 3)?.0;
        g.line(&format!("return {{ pos = {pos}, uv = {uv} }}"));
        g.indent = 0;
        g.line("end");
        g.line("");
        g.line("@entry(fragment)");
        g.line("function main_fs(uv: vec2) -> (color: vec4)");
        g.stage = Stage::Fragment;
        g.indent = 1;
        g.vars = vec![Var {
            name: "uv".into(),
            ty: Ty::V(Sc::Float, 2),
            mutable: true,
        }];
        g.block(6, 3)?;
        let color = g.expr(Ty::V(Sc::Float, 4), 3)?.0;
        g.line(&format!("return {{ color = {color} }}"));
        g.indent = 0;
        g.line("end");
    }
    let mut out = g.out;
    let _ = writeln!(out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated programs compile for every target at every opt level. With
    /// `LUMA_FUZZ_WRITE_GENERATED=DIR`, also writes the first 40 of them to `DIR`.
    #[test]
    fn generated_programs_compile() {
        let write_to = std::env::var_os("LUMA_FUZZ_WRITE_GENERATED");
        let mut rng = crate::mutate::Rng::new(1);
        let mut failures = Vec::new();
        let mut headlines = std::collections::BTreeSet::new();
        for round in 0..300 {
            let bytes: Vec<u8> = (0..4096).map(|_| rng.next_u64() as u8).collect();
            let mut u = Unstructured::new(&bytes);
            let Ok(program) = generate(&mut u) else {
                continue;
            };
            let options = crate::options_for(&bytes);
            let result = lumac::compile(
                "gen.luma",
                &program,
                crate::corpus_reader(),
                &options,
                &lumac::Target::ALL,
            );
            if !result.success() {
                for d in &result.diagnostics {
                    if d.is_error() {
                        headlines.insert(format!("{}: {}", d.code.as_str(), d.message));
                    }
                }
                failures.push(format!("{program}\n{}", result.render(false)));
            }
            if let Some(dir) = &write_to {
                if round < 40 {
                    let path = std::path::Path::new(dir).join(format!("gen_{round:03}.luma"));
                    std::fs::write(path, &program).unwrap();
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} of 300 failed; errors:\n{}\nfirst:\n{}",
            failures.len(),
            headlines.iter().take(40).cloned().collect::<Vec<_>>().join("\n"),
            failures.first().cloned().unwrap_or_default()
        );
    }
}
