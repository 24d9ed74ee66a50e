//! The program generator: random, well-typed Luma compute programs from a seed.
//!
//! Programs are built top-down with the types known at every node, so they are well typed by
//! construction; the evaluator then runs each one and the generator draws again (from a derived
//! seed) when the result would legitimately differ between targets.
//!
//! Floats stay exact: every float expression carries a conservative bound on its magnitude and
//! on its fractional bits (`Fb`); an operation whose result might need more than f32's 24
//! significant bits is applied to "tamed" operands instead (`clamp(floor(x * 16.0) * 0.0625,
//! -64.0, 64.0)` and its variants, all exact), and everything stored in memory (locals,
//! members, elements, parameters, results) is tamed. Float division and remainders use
//! power-of-two divisors only. Integers need no care: every integer operation, division by
//! zero and `INT_MIN / -1` included, has one meaning in language.md, and the generator seeks
//! those edge cases out.
//!
//! Dynamic indices are masked into range, and side effects are commutative counter bumps
//! (`out[k] += e` in helpers), so that the order in which a target evaluates operands cannot
//! change the result, while short-circuiting, if-expression arms and loop trip counts show in
//! the counters.
//!
//! Matrices (`matCxR`, as locals, members, elements, parameters and results) are tamed column
//! by column; their products (`m * v`, `v * m`, `a * b`, `*=`) multiply tamed operands, whose
//! sums of products stay exact in any order a driver adds or fuses them. A program may also own
//! `shared` (workgroup) variables and atomics: the body stores each one first (workgroup memory
//! starts undefined), helpers read and write them, an atomic's result is only ever a whole `let`
//! initializer, and `workgroup_barrier()` stands only at the body's top level before any
//! `return` (uniform control flow; the entry point runs one invocation per workgroup).

use crate::ast::{
    AtomicOp, AtomicRef, BinOp, Buf, Builtin, Expr, Func, Lit, LoopAttr, Place, Program, Scalar,
    Stmt, StructDef, Ty, UnOp, Unpack, FINP_LEN, INP_LEN,
};
use crate::rng::Rng;

/// Size limits of a generated program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Statements per program, all functions together (roughly).
    pub max_stmts: usize,
    /// Helper functions per program.
    pub max_helpers: usize,
    /// Expression depth.
    pub max_expr_depth: u32,
    /// Block nesting depth.
    pub max_block_depth: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_stmts: 40,
            max_helpers: 3,
            max_expr_depth: 4,
            max_block_depth: 3,
        }
    }
}

/// A bound on a float expression: `|x| <= mag` and `x` is a multiple of `2^-frac`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fb {
    mag: f64,
    frac: u32,
}

impl Fb {
    const ZERO: Fb = Fb { mag: 0.0, frac: 0 };

    /// Whether every value within the bound is an exact f32 (24 significant bits).
    fn fits(self) -> bool {
        self.mag * 2f64.powi(self.frac as i32) <= 16_777_216.0
    }

    fn max(self, o: Fb) -> Fb {
        Fb {
            mag: self.mag.max(o.mag),
            frac: self.frac.max(o.frac),
        }
    }
}

/// Bound of any float read from memory: tamed values are within ±64 with 4 fractional bits;
/// the slack up to 256 covers `+=` accumulating a few of them (the evaluator rejects the rare
/// run that goes further).
const MEM: Fb = Fb {
    mag: 256.0,
    frac: 4,
};

/// `finp` holds multiples of 1/4 within ±64 (see [`inputs`]).
const FINP: Fb = Fb { mag: 64.0, frac: 2 };

/// A generated expression, its float bound, and whether it is a constant expression (literals
/// and constructors, conversions and operators of constants): two constant operands would make
/// a constant expression, where division by zero and overflow are compile-time errors and an
/// untyped literal may have no type to take.
struct G {
    e: Expr,
    fb: Fb,
}

impl G {
    fn new(e: Expr, fb: Fb) -> G {
        G { e, fb }
    }

    fn konst(&self) -> bool {
        is_const(&self.e)
    }
}

/// Whether `e` is a constant expression in Luma's sense (language.md §5: literals, other
/// constants, operators, constructors and indexing of constants; `#` of a fixed array).
pub fn is_const(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) | Expr::Len(_) => true,
        Expr::Var(n) => is_const_name(n),
        Expr::Construct(_, parts) => parts.iter().all(is_const),
        Expr::Struct(_, fields) => fields.iter().all(|(_, e)| is_const(e)),
        Expr::Convert(_, a) | Expr::Unary(_, a) | Expr::Swizzle(a, _) | Expr::Field(a, _) => {
            is_const(a)
        }
        Expr::Binary(_, a, b) | Expr::Index(a, b) => is_const(a) && is_const(b),
        Expr::If(c, a, b) => is_const(c) && is_const(a) && is_const(b),
        Expr::Load(..)
        | Expr::BufLen(_)
        | Expr::Builtin(..)
        | Expr::UnpackExact(..)
        | Expr::Call(..)
        | Expr::Atomic(..) => false,
    }
}

/// Nodes of `e`, to keep repeated expressions small.
fn expr_nodes(e: &Expr) -> usize {
    1 + match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::BufLen(_) => 0,
        Expr::Load(_, a)
        | Expr::Len(a)
        | Expr::Unary(_, a)
        | Expr::UnpackExact(_, a)
        | Expr::Convert(_, a)
        | Expr::Swizzle(a, _)
        | Expr::Field(a, _) => expr_nodes(a),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => expr_nodes(a) + expr_nodes(b),
        Expr::Builtin(_, args)
        | Expr::Call(_, args)
        | Expr::Construct(_, args)
        | Expr::Atomic(_, _, args) => args.iter().map(expr_nodes).sum(),
        Expr::Struct(_, fields) => fields.iter().map(|(_, a)| expr_nodes(a)).sum(),
        Expr::If(c, a, b) => expr_nodes(c) + expr_nodes(a) + expr_nodes(b),
    }
}

/// Whether `name` names a `const` (the generator names them `K<n>`, and nothing else so).
pub fn is_const_name(name: &str) -> bool {
    name.strip_prefix('K')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `e` names a constant (and is so typed, unlike an expression of literals alone).
fn has_const_ref(e: &Expr) -> bool {
    match e {
        Expr::Var(n) => is_const_name(n),
        Expr::Lit(_) | Expr::BufLen(_) => false,
        Expr::Load(_, a)
        | Expr::Len(a)
        | Expr::Unary(_, a)
        | Expr::UnpackExact(_, a)
        | Expr::Convert(_, a)
        | Expr::Swizzle(a, _)
        | Expr::Field(a, _) => has_const_ref(a),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => has_const_ref(a) || has_const_ref(b),
        Expr::Builtin(_, args)
        | Expr::Call(_, args)
        | Expr::Construct(_, args)
        | Expr::Atomic(_, _, args) => args.iter().any(has_const_ref),
        Expr::Struct(_, fields) => fields.iter().any(|(_, a)| has_const_ref(a)),
        Expr::If(c, a, b) => has_const_ref(c) || has_const_ref(a) || has_const_ref(b),
    }
}

/// Every atomic of a `shared` atomic or array of them, by constant index.
fn atomic_refs(name: &str, len: Option<u32>) -> Vec<AtomicRef> {
    match len {
        None => vec![AtomicRef {
            name: name.to_string(),
            index: None,
        }],
        Some(n) => (0..n)
            .map(|k| AtomicRef {
                name: name.to_string(),
                index: Some(bx(Expr::Lit(Lit::Int(k as i32)))),
            })
            .collect(),
    }
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

fn flit(v: f32) -> Expr {
    Expr::Lit(Lit::Float(v))
}

fn frac_bits(v: f64) -> u32 {
    let mut f = 0;
    let mut x = v.abs();
    while x.fract() != 0.0 && f < 40 {
        x *= 2.0;
        f += 1;
    }
    f
}

/// A local in scope.
#[derive(Debug, Clone)]
struct Var {
    name: String,
    ty: Ty,
    mutable: bool,
}

/// A helper that later code may call.
#[derive(Debug, Clone)]
struct Helper {
    name: String,
    params: Vec<Ty>,
    ret: Option<Ty>,
}

/// Names that are keywords or builtins in some target language: good local and member names
/// for testing that back ends rename what they must. Never one of Luma's own builtins: a local
/// of that name hides the builtin from the calls after it (`select` left when it became one).
const TARGET_WORDS: &[&str] = &[
    "input",
    "output",
    "kernel",
    "device",
    "thread",
    "packed",
    "static",
    "inline",
    "register",
    "linear",
    "precise",
    "groupshared",
    "vertex",
    "fragment",
    "main",
    "line",
    "point",
    "matrix",
    "vector",
    "common",
    "filter",
    "sizeof",
    "union",
    "template",
    "this",
    "switch",
    "default",
    "signed",
    "unsigned",
    "float2",
    "int3",
    "uint4",
    "half2",
    "texture",
    "sampler",
    "loop",
    "var",
    "fn",
    "ptr",
    "array",
    "atomic",
    "private",
    "workgroup",
    "storage",
    "float2x2",
    "dot4",
    "asfloat",
    "lerp",
    "frac",
    "rsqrt",
    "mul",
    "out_1",
    "inp_",
];

/// How a step of an access path goes.
#[derive(Debug, Clone)]
enum Access {
    Field(String),
    /// An element of an array or a component of a vector, of this many.
    Index(u32),
    /// Some components of a vector of this many.
    Swizzle(u8),
}

struct Gen {
    rng: Rng,
    cfg: Config,
    prefix: String,
    structs: Vec<StructDef>,
    helpers: Vec<Helper>,
    funcs: Vec<Func>,
    scopes: Vec<Vec<Var>>,
    next_name: u32,
    out_next: u32,
    fout_next: u32,
    stmts_left: usize,
    loop_depth: u32,
    block_depth: u32,
    /// The result type of the function being generated (`None` for no result).
    ret: Option<Ty>,
    in_helper: bool,
    /// Expression nodes the current statement may still use; at zero, only leaves.
    nodes: u32,
    /// `shared` variables of the program.
    shared: Vec<(String, Ty)>,
    /// `shared` atomics of the program.
    atomics: Vec<(String, Scalar, Option<u32>)>,
    /// Values of the constants declared so far (by name; names are never reused).
    const_vals: Vec<(String, crate::eval::Val)>,
    /// Whether the body has a `return` yet: control flow after one (under a condition that
    /// may differ between invocations) is not uniform, so no barrier may follow.
    body_returned: bool,
}

/// Expression nodes per statement.
const NODES: u32 = 24;

/// Generates one program from `seed`. Its functions and structs are named with `prefix`; its
/// `out` and `fout` slots start at 0 (see [`relocate`]).
pub fn program(seed: u64, prefix: &str, cfg: Config) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        cfg,
        prefix: prefix.to_string(),
        structs: Vec::new(),
        helpers: Vec::new(),
        funcs: Vec::new(),
        scopes: Vec::new(),
        next_name: 0,
        out_next: 0,
        fout_next: 0,
        stmts_left: cfg.max_stmts,
        loop_depth: 0,
        block_depth: 0,
        ret: None,
        in_helper: false,
        nodes: NODES,
        shared: Vec::new(),
        atomics: Vec::new(),
        body_returned: false,
        const_vals: Vec::new(),
    };
    let nstructs = g.rng.below(3);
    for _ in 0..nstructs {
        g.gen_struct();
    }
    if g.rng.chance(40) {
        for k in 0..g.rng.range(1, 3) {
            let ty = g.any_ty(0);
            g.shared.push((format!("{prefix}g{k}"), ty));
        }
    }
    if g.rng.chance(35) {
        for k in 0..g.rng.range(1, 2) {
            let s = if g.rng.chance(50) {
                Scalar::Int
            } else {
                Scalar::Uint
            };
            let len = if g.rng.chance(40) {
                Some(*g.rng.pick(&[2u32, 3, 4, 5, 8]).unwrap_or(&4))
            } else {
                None
            };
            g.atomics.push((format!("{prefix}a{k}"), s, len));
        }
    }
    let nhelpers = g.rng.below(cfg.max_helpers as u64 + 1);
    for _ in 0..nhelpers {
        g.gen_helper();
    }
    g.gen_body();
    Program {
        seed,
        structs: g.structs,
        shared: g.shared,
        atomics: g.atomics,
        funcs: g.funcs,
        out: (0, g.out_next),
        fout: (0, g.fout_next),
    }
}

/// Buffer inputs from `seed`: words biased towards integer edge cases, floats on a 1/4 grid
/// within ±64 with halfway cases for `round`.
pub fn inputs(seed: u64) -> crate::ast::Inputs {
    let mut rng = Rng::new(seed ^ 0x1234_5678);
    const EDGE: &[u32] = &[
        0,
        1,
        2,
        3,
        31,
        32,
        33,
        63,
        0xffff_ffff,
        0xffff_fffe,
        0x8000_0000,
        0x7fff_ffff,
        0x8000_0001,
        0xffff,
        0x1_0000,
        0xff,
        0x100,
        5,
        7,
        0xffff_fff9,
    ];
    let words = (0..INP_LEN)
        .map(|_| match rng.below(4) {
            0 | 1 => rng.pick(EDGE).copied().unwrap_or(0),
            2 => rng.below(64) as u32,
            _ => rng.next_u32(),
        })
        .collect();
    let floats = (0..FINP_LEN)
        .map(|_| match rng.below(4) {
            0 => *rng
                .pick(&[0.0, 0.5, -0.5, 1.5, -2.5, 1.0, -1.0, 0.25, 2.5, -0.75])
                .unwrap_or(&0.0),
            _ => rng.range(-256, 256) as f32 * 0.25,
        })
        .collect();
    crate::ast::Inputs { words, floats }
}

/// Moves every `out` / `fout` slot of `p` up by `out` / `fout`.
pub fn relocate(p: &mut Program, out: u32, fout: u32) {
    map_slots(p, &mut |b, k| match b {
        Buf::Out => k + out as i32,
        _ => k + fout as i32,
    });
    p.out.0 += out;
    p.fout.0 += fout;
}

/// Rewrites every constant `out` / `fout` slot index `k` of `p` (stores, and loads of a
/// program's own counters) to `f(buffer, k)`.
pub fn map_slots(p: &mut Program, f: &mut dyn FnMut(Buf, i32) -> i32) {
    for func in &mut p.funcs {
        for s in &mut func.body {
            slots_stmt(s, f);
        }
    }
}

fn shift_slot(b: Buf, i: &mut Expr, f: &mut dyn FnMut(Buf, i32) -> i32) {
    if !matches!(b, Buf::Out | Buf::Fout) {
        return;
    }
    if let Expr::Lit(Lit::Int(k)) = i {
        *k = f(b, *k);
    }
}

fn slots_stmt(s: &mut Stmt, f: &mut dyn FnMut(Buf, i32) -> i32) {
    match s {
        Stmt::Let { init, .. } | Stmt::Const { init, .. } => slots_expr(init, f),
        Stmt::Assign { place, value, .. } => {
            slots_place(place, f);
            slots_expr(value, f);
        }
        Stmt::If { arms, otherwise } => {
            for (c, b) in arms {
                slots_expr(c, f);
                b.iter_mut().for_each(|s| slots_stmt(s, f));
            }
            if let Some(b) = otherwise {
                b.iter_mut().for_each(|s| slots_stmt(s, f));
            }
        }
        Stmt::For {
            first,
            last,
            step,
            body,
            ..
        } => {
            slots_expr(first, f);
            slots_expr(last, f);
            if let Some(s) = step {
                slots_expr(s, f);
            }
            body.iter_mut().for_each(|s| slots_stmt(s, f));
        }
        Stmt::While { cond, body, .. } => {
            slots_expr(cond, f);
            body.iter_mut().for_each(|s| slots_stmt(s, f));
        }
        Stmt::Do(b) => b.iter_mut().for_each(|s| slots_stmt(s, f)),
        Stmt::Break => {}
        Stmt::Return(e) => {
            if let Some(e) = e {
                slots_expr(e, f);
            }
        }
        Stmt::Call(_, args) | Stmt::Atomic(_, _, args) => {
            args.iter_mut().for_each(|a| slots_expr(a, f))
        }
        Stmt::Barrier => {}
    }
}

fn slots_place(p: &mut Place, f: &mut dyn FnMut(Buf, i32) -> i32) {
    match p {
        Place::Var(_) => {}
        Place::Buf(b, i) => {
            shift_slot(*b, i, f);
            slots_expr(i, f);
        }
        Place::Field(p, _) | Place::Swizzle(p, _) => slots_place(p, f),
        Place::Index(p, i) => {
            slots_place(p, f);
            slots_expr(i, f);
        }
    }
}

fn slots_expr(e: &mut Expr, f: &mut dyn FnMut(Buf, i32) -> i32) {
    match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::BufLen(_) => {}
        Expr::Load(b, i) => {
            // A load of an output slot is a program reading its own counter, at a constant.
            if matches!(b, Buf::Out | Buf::Fout) {
                shift_slot(*b, i, f);
            } else {
                slots_expr(i, f);
            }
        }
        Expr::Len(a)
        | Expr::Unary(_, a)
        | Expr::UnpackExact(_, a)
        | Expr::Convert(_, a)
        | Expr::Swizzle(a, _)
        | Expr::Field(a, _) => slots_expr(a, f),
        Expr::Binary(_, a, b) | Expr::Index(a, b) => {
            slots_expr(a, f);
            slots_expr(b, f);
        }
        Expr::Builtin(_, args)
        | Expr::Call(_, args)
        | Expr::Construct(_, args)
        | Expr::Atomic(_, _, args) => args.iter_mut().for_each(|a| slots_expr(a, f)),
        Expr::Struct(_, fields) => fields.iter_mut().for_each(|(_, a)| slots_expr(a, f)),
        Expr::If(c, a, b) => {
            slots_expr(c, f);
            slots_expr(a, f);
            slots_expr(b, f);
        }
    }
}

impl Gen {
    // -----------------------------------------------------------------------------------------
    // Names, scopes and types

    fn fresh(&mut self, stem: &str) -> String {
        self.next_name += 1;
        if stem == "v" && self.rng.chance(8) {
            if let Some(w) = self.rng.pick(TARGET_WORDS) {
                let w = w.to_string();
                if !self.scopes.iter().flatten().any(|v| v.name == w) {
                    return w;
                }
            }
        }
        format!("{stem}{}", self.next_name)
    }

    fn declare(&mut self, name: String, ty: Ty, mutable: bool) {
        if let Some(s) = self.scopes.last_mut() {
            s.push(Var { name, ty, mutable });
        }
    }

    /// Visible variables (inner declarations hide outer ones of the same name).
    fn visible(&self) -> Vec<Var> {
        let mut out: Vec<Var> = Vec::new();
        for scope in self.scopes.iter().rev() {
            for v in scope.iter().rev() {
                if !out.iter().any(|o| o.name == v.name) {
                    out.push(v.clone());
                }
            }
        }
        out
    }

    fn scalar(&mut self) -> Scalar {
        match self.rng.weighted(&[4, 3, 4, 2]) {
            0 => Scalar::Int,
            1 => Scalar::Uint,
            2 => Scalar::Float,
            _ => Scalar::Bool,
        }
    }

    /// One of the six comparisons (one draw of the generator's random stream).
    fn comparison_op(&mut self) -> BinOp {
        *self
            .rng
            .pick(&[
                BinOp::Eq,
                BinOp::Ne,
                BinOp::Lt,
                BinOp::Le,
                BinOp::Gt,
                BinOp::Ge,
            ])
            .unwrap_or(&BinOp::Lt)
    }

    fn numeric_scalar(&mut self) -> Scalar {
        match self.rng.weighted(&[4, 3, 4]) {
            0 => Scalar::Int,
            1 => Scalar::Uint,
            _ => Scalar::Float,
        }
    }

    fn width(&mut self) -> u8 {
        *self.rng.pick(&[1u8, 1, 1, 2, 3, 4]).unwrap_or(&1)
    }

    fn simple_ty(&mut self) -> Ty {
        let s = self.scalar();
        let n = self.width();
        Ty::shaped(s, n)
    }

    /// Any type a local may have.
    fn any_ty(&mut self, nesting: u32) -> Ty {
        match self.rng.weighted(&[12, 2, 2, 2]) {
            // Not inside arrays of arrays: their constructors would be huge.
            3 if nesting < 2 => {
                let c = self.rng.range(2, 4) as u8;
                let r = self.rng.range(2, 4) as u8;
                Ty::Matrix(c, r)
            }
            1 if nesting < 2 => {
                let n = *self.rng.pick(&[2u32, 3, 4, 5, 8]).unwrap_or(&4);
                Ty::Array(Box::new(self.any_ty(nesting + 1)), n)
            }
            2 if !self.structs.is_empty() => {
                let i = self.rng.below(self.structs.len() as u64) as usize;
                let name = self
                    .structs
                    .get(i)
                    .map(|s| s.name.clone())
                    .unwrap_or_default();
                Ty::Struct(name)
            }
            _ => self.simple_ty(),
        }
    }

    fn struct_fields(&self, name: &str) -> Vec<(String, Ty)> {
        self.structs
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.fields.clone())
            .unwrap_or_default()
    }

    fn gen_struct(&mut self) {
        let name = format!("{}S{}", self.prefix, self.structs.len());
        let n = self.rng.range(1, 4);
        let mut fields = Vec::new();
        for k in 0..n {
            let ty = self.any_ty(1);
            let fname = if self.rng.chance(15) {
                self.rng
                    .pick(TARGET_WORDS)
                    .map(|w| w.to_string())
                    .unwrap_or_default()
            } else {
                format!("m{k}")
            };
            if fields.iter().any(|(f, _): &(String, Ty)| *f == fname) {
                fields.push((format!("m{k}"), ty));
            } else {
                fields.push((fname, ty));
            }
        }
        self.structs.push(StructDef { name, fields });
    }

    // -----------------------------------------------------------------------------------------
    // Functions

    fn gen_helper(&mut self) {
        let name = format!("{}f{}", self.prefix, self.helpers.len());
        let nparams = self.rng.below(4);
        let mut params = Vec::new();
        for _ in 0..nparams {
            let ty = self.any_ty(0);
            params.push((self.fresh("a"), ty));
        }
        let ret = if self.rng.chance(80) {
            Some(if self.rng.chance(30) {
                Ty::BOOL
            } else {
                self.any_ty(0)
            })
        } else {
            None
        };
        self.ret = ret.clone();
        self.in_helper = true;
        self.scopes = vec![
            self.shared_vars(),
            params
                .iter()
                .map(|(n, t)| Var {
                    name: n.clone(),
                    ty: t.clone(),
                    mutable: true,
                })
                .collect(),
        ];
        let budget = self.stmts_left.min(8);
        let mut body = Vec::new();
        // A helper always has an effect to show when it runs.
        body.push(self.bump());
        // Parameters and the body's top-level locals share one scope.
        let n = self.rng.range(0, budget as i64) as usize;
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            body.push(self.stmt());
        }
        if let Some(r) = &ret {
            let r = r.clone();
            let e = self.stored(&r, self.cfg.max_expr_depth);
            body.push(Stmt::Return(Some(e)));
        }
        self.scopes.clear();
        self.funcs.push(Func {
            name: name.clone(),
            params: params.clone(),
            ret: ret.clone(),
            body,
        });
        self.helpers.push(Helper {
            name,
            params: params.into_iter().map(|(_, t)| t).collect(),
            ret,
        });
    }

    fn gen_body(&mut self) {
        self.ret = None;
        self.in_helper = false;
        self.scopes = vec![Vec::new()];
        let mut body = Vec::new();
        // Workgroup memory starts undefined: store every `shared` variable and atomic first,
        // from expressions that cannot read one (nor call a helper, which may).
        let helpers = std::mem::take(&mut self.helpers);
        for (name, ty) in self.shared.clone() {
            self.nodes = NODES;
            let value = self.stored(&ty, 2);
            body.push(Stmt::Assign {
                place: Place::Var(name),
                op: None,
                value,
            });
        }
        for (name, s, len) in self.atomics.clone() {
            for a in atomic_refs(&name, len) {
                self.nodes = NODES;
                let value = self.expr(&Ty::Scalar(s), 2).e;
                body.push(Stmt::Atomic(AtomicOp::Store, a, vec![value]));
            }
        }
        self.helpers = helpers;
        self.scopes = vec![self.shared_vars(), Vec::new()];
        while self.stmts_left > 0 {
            let before = self.stmts_left;
            body.push(self.stmt());
            if self.stmts_left == before {
                self.stmts_left -= 1;
            }
        }
        // Observe what is still in scope at the end, workgroup memory too.
        let vars = self.visible();
        for v in vars.iter().take(6) {
            body.extend(self.observe(&Expr::Var(v.name.clone()), &v.ty, 2));
        }
        if self.barrier_ok() && self.rng.chance(50) {
            body.push(Stmt::Barrier);
        }
        for (name, ty) in self.shared.clone() {
            // Not when observed above, nor when a local of another type hides it.
            let hidden = vars.iter().position(|v| v.name == name && v.ty == ty);
            if hidden.is_some_and(|k| k >= 6) {
                body.extend(self.observe(&Expr::Var(name), &ty, 2));
            }
        }
        for (name, s, len) in self.atomics.clone() {
            for a in atomic_refs(&name, len) {
                let e = Expr::Atomic(AtomicOp::Load, a, Vec::new());
                body.push(self.observe_scalar(e, s));
            }
        }
        self.scopes.clear();
        self.funcs.push(Func {
            name: format!("{}main", self.prefix),
            params: Vec::new(),
            ret: None,
            body,
        });
    }

    // -----------------------------------------------------------------------------------------
    // Statements

    fn block_stmts(&mut self, n: usize) -> Vec<Stmt> {
        self.scopes.push(Vec::new());
        self.block_depth += 1;
        let mut out = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            out.push(self.stmt());
        }
        self.block_depth -= 1;
        self.scopes.pop();
        out
    }

    /// A block that may end in `break` (inside a loop) or `return`.
    fn arm(&mut self) -> Vec<Stmt> {
        let n = self.rng.range(1, 3) as usize;
        self.scopes.push(Vec::new());
        self.block_depth += 1;
        let mut out = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            out.push(self.stmt());
        }
        if self.loop_depth > 0 && self.rng.chance(15) {
            out.push(Stmt::Break);
        } else if self.rng.chance(8) {
            let r = self.ret.clone();
            let e = r.map(|t| self.stored(&t, 2));
            out.push(Stmt::Return(e));
            if !self.in_helper {
                self.body_returned = true;
            }
        }
        self.block_depth -= 1;
        self.scopes.pop();
        out
    }

    fn stmt(&mut self) -> Stmt {
        self.stmts_left = self.stmts_left.saturating_sub(1);
        self.nodes = NODES;
        let nested = self.block_depth < self.cfg.max_block_depth;
        let w = [
            14,                                          // let
            12,                                          // assign
            14,                                          // output
            if nested { 8 } else { 0 },                  // if
            if nested { 6 } else { 0 },                  // for
            if nested { 3 } else { 0 },                  // while
            if nested { 1 } else { 0 },                  // do
            if self.void_helpers() { 3 } else { 0 },     // call
            if self.in_helper { 4 } else { 0 },          // bump
            if self.atomics.is_empty() { 0 } else { 3 }, // atomic
            if self.barrier_ok() { 2 } else { 0 },       // barrier
            4,                                           // const
        ];
        match self.rng.weighted(&w) {
            0 => self.let_stmt(),
            1 => self.assign_stmt(),
            2 => self.output_stmt(),
            3 => self.if_stmt(),
            4 => self.for_stmt(),
            5 => self.while_stmt(),
            6 => {
                let n = self.rng.range(1, 3) as usize;
                Stmt::Do(self.block_stmts(n))
            }
            7 => self.call_stmt(),
            8 => self.bump(),
            9 => self.atomic_stmt(),
            10 => Stmt::Barrier,
            _ => self.const_stmt(),
        }
    }

    /// Whether a barrier may stand here: in the body, outside every block, before any
    /// `return` (so in uniform control flow), in a program with workgroup memory.
    fn barrier_ok(&self) -> bool {
        !self.in_helper
            && self.block_depth == 0
            && !self.body_returned
            && (!self.shared.is_empty() || !self.atomics.is_empty())
    }

    /// The `shared` variables as variables in scope.
    fn shared_vars(&self) -> Vec<Var> {
        self.shared
            .iter()
            .map(|(name, ty)| Var {
                name: name.clone(),
                ty: ty.clone(),
                mutable: true,
            })
            .collect()
    }

    /// An atomic builtin on one of the program's atomics of scalar `want` (any when `None`),
    /// never `atomic_store` when `value` (its result is used).
    fn atomic_call(
        &mut self,
        want: Option<Scalar>,
        value: bool,
    ) -> Option<(AtomicOp, AtomicRef, Vec<Expr>)> {
        let options: Vec<(String, Scalar, Option<u32>)> = self
            .atomics
            .iter()
            .filter(|(_, s, _)| want.is_none_or(|w| w == *s))
            .cloned()
            .collect();
        let (name, s, len) = self.rng.pick(&options).cloned()?;
        let name = AtomicRef {
            name,
            index: len.map(|n| bx(self.index_expr(n))),
        };
        let ops: &[AtomicOp] = if value {
            &[
                AtomicOp::Load,
                AtomicOp::Add,
                AtomicOp::Sub,
                AtomicOp::Min,
                AtomicOp::Max,
                AtomicOp::And,
                AtomicOp::Or,
                AtomicOp::Xor,
                AtomicOp::Exchange,
                AtomicOp::CompareExchange,
            ]
        } else {
            &[
                AtomicOp::Store,
                AtomicOp::Add,
                AtomicOp::Sub,
                AtomicOp::Min,
                AtomicOp::Max,
                AtomicOp::And,
                AtomicOp::Or,
                AtomicOp::Xor,
                AtomicOp::Exchange,
                AtomicOp::CompareExchange,
            ]
        };
        let op = *self.rng.pick(ops).unwrap_or(&AtomicOp::Add);
        let t = Ty::Scalar(s);
        let args = (0..op.arity())
            .map(|k| {
                if op == AtomicOp::CompareExchange && k == 0 && self.rng.chance(50) {
                    // Often the value it holds, so that the exchange happens.
                    Expr::Atomic(AtomicOp::Load, name.clone(), Vec::new())
                } else {
                    self.expr(&t, 2).e
                }
            })
            .collect();
        Some((op, name, args))
    }

    fn atomic_stmt(&mut self) -> Stmt {
        match self.atomic_call(None, false) {
            Some((op, name, args)) => Stmt::Atomic(op, name, args),
            None => self.output_stmt(),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    /// `const K<n>: T = e`: evaluated by the front end's constant folder, which must give the
    /// run-time meaning of every operator (wrapping, masked shifts, truncating division), since
    /// language.md lists only division by zero, `INT_MIN / -1`, non-finite floats and
    /// out-of-range conversions as errors in constants (the evaluator redraws those).
    fn const_stmt(&mut self) -> Stmt {
        let ty = self.simple_ty();
        let mut init = self.const_expr(&ty, 3);
        // The front end checks constants in dead code too: one it would reject (or whose float
        // value is inexact) becomes a leaf.
        let value = match crate::eval::const_value(&init, &self.const_vals) {
            Ok(v) => Some(v),
            Err(_) => {
                let mut v = None;
                for _ in 0..8 {
                    init = self.const_leaf(&ty);
                    if let Ok(x) = crate::eval::const_value(&init, &self.const_vals) {
                        v = Some(x);
                        break;
                    }
                }
                v
            }
        };
        self.next_name += 1;
        let name = format!("K{}", self.next_name);
        if let Some(v) = value {
            self.const_vals.push((name.clone(), v));
        }
        self.declare(name.clone(), ty.clone(), false);
        Stmt::Const { name, ty, init }
    }

    /// A visible constant of type `ty`, or a component or swizzle of a constant vector.
    fn const_ref(&mut self, ty: &Ty) -> Option<Expr> {
        let mut options: Vec<Expr> = Vec::new();
        for v in self.visible() {
            if !is_const_name(&v.name) {
                continue;
            }
            if v.ty == *ty {
                options.push(Expr::Var(v.name.clone()));
            } else if let (Ty::Vector(s, n), Some(w)) = (&v.ty, ty.width()) {
                if ty.scalar() == Some(*s) && w <= *n {
                    let c = self.swizzle(*n, w, false);
                    let var = bx(Expr::Var(v.name.clone()));
                    let first = c.first().copied().unwrap_or(0);
                    options.push(if w == 1 && self.rng.chance(50) {
                        Expr::Index(var, bx(Expr::Lit(Lit::Int(i32::from(first)))))
                    } else {
                        Expr::Swizzle(var, c)
                    });
                }
            }
        }
        self.rng.pick(&options).cloned()
    }

    fn const_leaf(&mut self, ty: &Ty) -> Expr {
        if self.rng.chance(60) {
            if let Some(e) = self.const_ref(ty) {
                return e;
            }
        }
        let s = ty.scalar().unwrap_or(Scalar::Int);
        let l = self.literal(s).e;
        match ty {
            Ty::Vector(..) => Expr::Construct(ty.clone(), vec![l]),
            _ => l,
        }
    }

    /// Makes `(a, b)` typed: one of them names a constant (an expression of untyped literals
    /// alone is evaluated exactly, where overflow is an error rather than a wrap). `uint`
    /// literals carry their type.
    fn typed_pair(&mut self, ty: &Ty, a: Expr, b: Expr) -> Option<(Expr, Expr)> {
        if has_const_ref(&a) || has_const_ref(&b) || ty.scalar() == Some(Scalar::Uint) {
            return Some((a, b));
        }
        let k = self.const_ref(ty)?;
        Some(if self.rng.chance(50) { (k, b) } else { (a, k) })
    }

    /// A constant expression of the scalar or vector `ty`.
    fn const_expr(&mut self, ty: &Ty, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(25) {
            return self.const_leaf(ty);
        }
        let s = ty.scalar().unwrap_or(Scalar::Int);
        let n = ty.width().unwrap_or(1);
        match (s, self.rng.below(6)) {
            (_, 0) if n > 1 => {
                let parts = (0..n)
                    .map(|_| self.const_expr(&Ty::Scalar(s), depth - 1))
                    .collect();
                Expr::Construct(ty.clone(), parts)
            }
            (Scalar::Int | Scalar::Uint, 1) => {
                let o = if s == Scalar::Int && self.rng.chance(50) {
                    UnOp::Neg
                } else {
                    UnOp::BitNot
                };
                let a = self.const_expr(ty, depth - 1);
                if !has_const_ref(&a) {
                    return self.const_leaf(ty);
                }
                Expr::Unary(o, bx(a))
            }
            (Scalar::Int | Scalar::Uint, 2) => {
                // From another kind: bits kept, or a float truncated.
                let from = match self.rng.below(3) {
                    0 => Scalar::Float,
                    1 => Scalar::Bool,
                    _ if s == Scalar::Int => Scalar::Uint,
                    _ => Scalar::Int,
                };
                let a = self.const_expr(&Ty::shaped(from, n), depth - 1);
                if !has_const_ref(&a) {
                    return self.const_leaf(ty);
                }
                Expr::Convert(ty.clone(), bx(a))
            }
            (Scalar::Int | Scalar::Uint, _) => {
                let op = *self
                    .rng
                    .pick(&[
                        BinOp::Add,
                        BinOp::Sub,
                        BinOp::Mul,
                        BinOp::Div,
                        BinOp::Rem,
                        BinOp::BitAnd,
                        BinOp::BitOr,
                        BinOp::BitXor,
                        BinOp::Shl,
                        BinOp::Shr,
                    ])
                    .unwrap_or(&BinOp::Add);
                let a = self.const_expr(ty, depth - 1);
                if matches!(op, BinOp::Shl | BinOp::Shr) {
                    if !has_const_ref(&a) {
                        return self.const_leaf(ty);
                    }
                    let cs = if self.rng.chance(50) {
                        Scalar::Int
                    } else {
                        Scalar::Uint
                    };
                    let cw = if self.rng.chance(50) { n } else { 1 };
                    let mut b = self.const_expr(&Ty::shaped(cs, cw), depth - 1);
                    if !has_const_ref(&b) {
                        // Untyped, the count takes the shifted value's type.
                        b = self.const_leaf(&Ty::shaped(s, cw));
                    }
                    return Expr::Binary(op, bx(a), bx(b));
                }
                let b = self.const_expr(ty, depth - 1);
                match self.typed_pair(ty, a, b) {
                    Some((a, b)) => Expr::Binary(op, bx(a), bx(b)),
                    None => self.const_leaf(ty),
                }
            }
            (Scalar::Float, 1) => {
                let from = if self.rng.chance(50) {
                    Scalar::Int
                } else {
                    Scalar::Uint
                };
                let a = self.const_expr(&Ty::shaped(from, n), depth - 1);
                if !has_const_ref(&a) {
                    return self.const_leaf(ty);
                }
                Expr::Convert(ty.clone(), bx(a))
            }
            (Scalar::Float, _) => {
                let op = *self
                    .rng
                    .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem])
                    .unwrap_or(&BinOp::Add);
                let a = self.const_expr(ty, depth - 1);
                let b = if matches!(op, BinOp::Div | BinOp::Rem) {
                    flit(*self.rng.pick(&[2.0f32, 0.5, 4.0, -8.0]).unwrap_or(&2.0))
                } else {
                    self.const_expr(ty, depth - 1)
                };
                match self.typed_pair(ty, a, b) {
                    Some((a, b)) => Expr::Binary(op, bx(a), bx(b)),
                    None => self.const_leaf(ty),
                }
            }
            (Scalar::Bool, k) => {
                if n > 1 || k == 1 {
                    let a = self.const_expr(ty, depth - 1);
                    return Expr::Unary(UnOp::Not, bx(a));
                }
                if k == 2 {
                    let op = if self.rng.chance(50) {
                        BinOp::And
                    } else {
                        BinOp::Or
                    };
                    let a = self.const_expr(ty, depth - 1);
                    let b = self.const_expr(ty, depth - 1);
                    return Expr::Binary(op, bx(a), bx(b));
                }
                let cs = self.numeric_scalar();
                let op = self.comparison_op();
                let ct = Ty::Scalar(cs);
                let a = self.const_expr(&ct, depth - 1);
                let b = self.const_expr(&ct, depth - 1);
                if !has_const_ref(&a) && !has_const_ref(&b) {
                    return self.const_leaf(ty);
                }
                Expr::Binary(op, bx(a), bx(b))
            }
        }
    }

    fn let_stmt(&mut self) -> Stmt {
        let ty = self.any_ty(0);
        let atomic = match ty {
            Ty::Scalar(s @ (Scalar::Int | Scalar::Uint)) if self.rng.chance(30) => {
                self.atomic_call(Some(s), true)
            }
            _ => None,
        };
        let init = match atomic {
            // Only a whole initializer: within an expression, the order of its operands
            // would show.
            Some((op, name, args)) => Expr::Atomic(op, name, args),
            None => self.stored(&ty, self.cfg.max_expr_depth),
        };
        // Sometimes shadow a name of an enclosing block.
        let outer: Vec<String> = self
            .scopes
            .iter()
            .rev()
            .skip(1)
            .flatten()
            .filter(|v| v.mutable)
            .map(|v| v.name.clone())
            .collect();
        let current: Vec<String> = self
            .scopes
            .last()
            .map(|s| s.iter().map(|v| v.name.clone()).collect())
            .unwrap_or_default();
        let name = match self.rng.pick(&outer) {
            Some(n) if self.rng.chance(10) && !current.contains(n) => n.clone(),
            _ => self.fresh("v"),
        };
        self.declare(name.clone(), ty.clone(), true);
        Stmt::Let { name, ty, init }
    }

    /// Access paths from `root_ty` down to a part of type `want` (at most `depth` steps).
    fn paths(&self, root_ty: &Ty, want: &Ty, depth: u32, out: &mut Vec<Vec<Access>>) {
        let mut stack: Vec<(Ty, Vec<Access>)> = vec![(root_ty.clone(), Vec::new())];
        while let Some((ty, path)) = stack.pop() {
            if ty == *want {
                out.push(path.clone());
            }
            if path.len() as u32 >= depth {
                continue;
            }
            match &ty {
                Ty::Struct(name) => {
                    for (f, t) in self.struct_fields(name) {
                        let mut p = path.clone();
                        p.push(Access::Field(f));
                        stack.push((t, p));
                    }
                }
                Ty::Array(e, n) => {
                    let mut p = path.clone();
                    p.push(Access::Index(*n));
                    stack.push(((**e).clone(), p));
                }
                Ty::Vector(s, n) => {
                    if let Some(wn) = want.width() {
                        if want.scalar() == Some(*s) && wn <= *n {
                            let mut p = path.clone();
                            if wn == 1 {
                                p.push(Access::Index(u32::from(*n)));
                            } else {
                                p.push(Access::Swizzle(*n));
                            }
                            stack.push((want.clone(), p));
                        }
                    }
                }
                Ty::Matrix(c, r) => {
                    // A column, then whatever a vector gives.
                    let mut p = path.clone();
                    p.push(Access::Index(u32::from(*c)));
                    stack.push((Ty::Vector(Scalar::Float, *r), p));
                }
                Ty::Scalar(_) => {}
            }
        }
    }

    /// A swizzle of `n` components out of `of`; distinct components when `distinct`.
    fn swizzle(&mut self, of: u8, n: u8, distinct: bool) -> Vec<u8> {
        let mut comps: Vec<u8> = Vec::new();
        while comps.len() < usize::from(n) {
            let c = self.rng.below(u64::from(of)) as u8;
            if distinct && comps.contains(&c) {
                continue;
            }
            comps.push(c);
        }
        comps
    }

    /// A bit field offset or count for `extract_bits` / `insert_bits`: a literal in `0..=40`
    /// or a run-time `uint` in `0..=63`, so that empty, whole and out-of-range fields (which
    /// the back ends clamp) all come up.
    fn bit_field_arg(&mut self, depth: u32) -> Expr {
        if self.nodes == 0 || depth <= 1 || self.rng.chance(50) {
            return Expr::Lit(Lit::Uint(self.rng.below(41) as u32));
        }
        let e = self.nonlit(&Ty::UINT, depth - 1);
        Expr::Binary(BinOp::BitAnd, bx(e.e), bx(Expr::Lit(Lit::Uint(63))))
    }

    /// An index expression always within `0..n`.
    fn index_expr(&mut self, n: u32) -> Expr {
        if self.nodes == 0 || self.rng.chance(45) {
            return Expr::Lit(Lit::Int(self.rng.below(u64::from(n)) as i32));
        }
        let depth = 1;
        self.nodes = self.nodes.saturating_sub(1);
        if n.is_power_of_two() {
            if self.rng.chance(50) {
                let e = self.nonlit(&Ty::INT, depth);
                Expr::Binary(
                    BinOp::BitAnd,
                    bx(e.e),
                    bx(Expr::Lit(Lit::Int(n as i32 - 1))),
                )
            } else {
                let e = self.nonlit(&Ty::UINT, depth);
                Expr::Binary(BinOp::BitAnd, bx(e.e), bx(Expr::Lit(Lit::Uint(n - 1))))
            }
        } else if self.rng.chance(50) {
            let e = self.nonlit(&Ty::UINT, depth);
            Expr::Binary(BinOp::Rem, bx(e.e), bx(Expr::Lit(Lit::Uint(n))))
        } else {
            let e = self.nonlit(&Ty::INT, depth);
            Expr::Builtin(
                Builtin::Clamp,
                vec![
                    e.e,
                    Expr::Lit(Lit::Int(0)),
                    Expr::Lit(Lit::Int(n as i32 - 1)),
                ],
            )
        }
    }

    fn assign_stmt(&mut self) -> Stmt {
        let vars: Vec<Var> = self.visible().into_iter().filter(|v| v.mutable).collect();
        let Some(v) = self.rng.pick(&vars).cloned() else {
            return self.let_stmt();
        };
        // Walk down a random path.
        let mut place = Place::Var(v.name.clone());
        let mut ty = v.ty.clone();
        loop {
            if !self.rng.chance(55) {
                break;
            }
            match ty.clone() {
                Ty::Struct(name) => {
                    let fields = self.struct_fields(&name);
                    let Some((f, t)) = self.rng.pick(&fields).cloned() else {
                        break;
                    };
                    place = Place::Field(Box::new(place), f);
                    ty = t;
                }
                Ty::Array(e, n) => {
                    let i = self.index_expr(n);
                    place = Place::Index(Box::new(place), bx(i));
                    ty = *e;
                }
                Ty::Vector(s, n) => {
                    if self.rng.chance(50) {
                        let k = self.rng.range(1, i64::from(n)) as u8;
                        let c = self.swizzle(n, k, true);
                        place = Place::Swizzle(Box::new(place), c);
                        ty = Ty::shaped(s, k);
                    } else {
                        let i = self.index_expr(u32::from(n));
                        place = Place::Index(Box::new(place), bx(i));
                        ty = Ty::Scalar(s);
                    }
                    break;
                }
                Ty::Matrix(c, r) => {
                    let i = self.index_expr(u32::from(c));
                    place = Place::Index(Box::new(place), bx(i));
                    ty = Ty::Vector(Scalar::Float, r);
                }
                Ty::Scalar(_) => break,
            }
        }
        let op = self.compound_op(&ty);
        let value = match op {
            Some(BinOp::Shl | BinOp::Shr) => {
                let count_ty = if self.rng.chance(50) {
                    Ty::INT
                } else {
                    Ty::UINT
                };
                self.shift_count(&count_ty, &ty)
            }
            Some(BinOp::Mul) if self.matrix_factor(&ty).is_some() && self.rng.chance(40) => {
                // `m *= a` and `v *= a` with a square matrix `a` of small entries.
                let n = self.matrix_factor(&ty).unwrap_or(2);
                self.small_matrix(n)
            }
            Some(BinOp::Mul) if ty.scalar() == Some(Scalar::Float) => {
                flit(*self.rng.pick(&[0.5f32, 2.0, -1.0, 0.25]).unwrap_or(&0.5))
            }
            Some(_) if ty.scalar() == Some(Scalar::Float) => self.stored(&ty, 2),
            Some(_) => self.expr(&ty, 3).e,
            None => self.stored(&ty, self.cfg.max_expr_depth),
        };
        Stmt::Assign { place, op, value }
    }

    fn compound_op(&mut self, ty: &Ty) -> Option<BinOp> {
        if self.rng.chance(50) {
            return None;
        }
        match ty.scalar()? {
            Scalar::Int | Scalar::Uint => self
                .rng
                .pick(&[
                    BinOp::Add,
                    BinOp::Sub,
                    BinOp::Mul,
                    BinOp::Div,
                    BinOp::Rem,
                    BinOp::BitAnd,
                    BinOp::BitOr,
                    BinOp::Shl,
                    BinOp::Shr,
                ])
                .copied(),
            Scalar::Float => self
                .rng
                .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul])
                .copied(),
            Scalar::Bool => None,
        }
    }

    /// A shift count of `count_ty`'s scalar for shifting a `lhs`-shaped value: a scalar or a
    /// vector of the same width.
    fn shift_count(&mut self, count_ty: &Ty, lhs: &Ty) -> Expr {
        let s = count_ty.scalar().unwrap_or(Scalar::Uint);
        let n = if self.rng.chance(50) {
            lhs.width().unwrap_or(1)
        } else {
            1
        };
        let t = Ty::shaped(s, n);
        if n == 1 && self.rng.chance(50) {
            // A literal count takes the type of the shifted value.
            let k = *self
                .rng
                .pick(&[0i32, 1, 3, 7, 15, 31, 32, 33, 63])
                .unwrap_or(&1);
            return Expr::Lit(if lhs.scalar() == Some(Scalar::Int) {
                Lit::Int(if self.rng.chance(15) { -k } else { k })
            } else {
                Lit::Uint(k as u32)
            });
        }
        self.nonlit(&t, 2).e
    }

    fn out_slot(&mut self) -> Expr {
        let k = self.out_next;
        self.out_next += 1;
        Expr::Lit(Lit::Int(k as i32))
    }

    fn fout_slot(&mut self) -> Expr {
        let k = self.fout_next;
        self.fout_next += 1;
        Expr::Lit(Lit::Int(k as i32))
    }

    /// Statements writing (parts of) `e` of type `ty` to fresh output slots.
    fn observe(&mut self, e: &Expr, ty: &Ty, budget: u32) -> Vec<Stmt> {
        let mut out = Vec::new();
        match ty {
            Ty::Scalar(s) => out.push(self.observe_scalar(e.clone(), *s)),
            Ty::Vector(s, n) => {
                for k in 0..*n {
                    let c = Expr::Swizzle(bx(e.clone()), vec![k]);
                    out.push(self.observe_scalar(c, *s));
                }
            }
            Ty::Array(el, n) => {
                if budget > 0 {
                    for k in 0..(*n).min(3) {
                        let part = Expr::Index(bx(e.clone()), bx(Expr::Lit(Lit::Int(k as i32))));
                        out.extend(self.observe(&part, el, budget - 1));
                    }
                }
            }
            Ty::Matrix(c, r) => {
                if budget > 0 {
                    for k in 0..*c {
                        let col = Expr::Index(bx(e.clone()), bx(Expr::Lit(Lit::Int(i32::from(k)))));
                        out.extend(self.observe(&col, &Ty::Vector(Scalar::Float, *r), budget - 1));
                    }
                }
            }
            Ty::Struct(name) => {
                if budget > 0 {
                    for (f, t) in self.struct_fields(name) {
                        let part = Expr::Field(bx(e.clone()), f);
                        out.extend(self.observe(&part, &t, budget - 1));
                    }
                }
            }
        }
        out
    }

    fn observe_scalar(&mut self, e: Expr, s: Scalar) -> Stmt {
        match s {
            Scalar::Float => {
                let slot = self.fout_slot();
                Stmt::Assign {
                    place: Place::Buf(Buf::Fout, bx(slot)),
                    op: None,
                    value: e,
                }
            }
            _ => {
                let slot = self.out_slot();
                let value = self.as_out_word(e, s);
                Stmt::Assign {
                    place: Place::Buf(Buf::Out, bx(slot)),
                    op: None,
                    value,
                }
            }
        }
    }

    fn as_out_word(&mut self, e: Expr, s: Scalar) -> Expr {
        match s {
            Scalar::Uint => e,
            Scalar::Int => {
                if self.rng.chance(50) {
                    Expr::Builtin(Builtin::AsUint, vec![e])
                } else {
                    Expr::Convert(Ty::UINT, bx(e))
                }
            }
            Scalar::Bool => {
                if self.rng.chance(50) {
                    Expr::Convert(Ty::UINT, bx(e))
                } else {
                    Expr::If(
                        bx(e),
                        bx(Expr::Lit(Lit::Uint(1))),
                        bx(Expr::Lit(Lit::Uint(0))),
                    )
                }
            }
            Scalar::Float => Expr::Builtin(Builtin::AsUint, vec![e]),
        }
    }

    fn output_stmt(&mut self) -> Stmt {
        let ty = self.simple_ty();
        // Not a constant: `as_uint(1)` would read the untyped `1` as a float.
        let g = self.nonlit(&ty, self.cfg.max_expr_depth);
        let s = ty.scalar().unwrap_or(Scalar::Uint);
        let n = ty.width().unwrap_or(1);
        let e = if n > 1 {
            Expr::Swizzle(bx(g.e), vec![self.rng.below(u64::from(n)) as u8])
        } else {
            g.e
        };
        // Sometimes accumulate, so that every iteration of a loop shows.
        if s != Scalar::Float && self.rng.chance(30) {
            let slot = self.out_slot();
            let value = self.as_out_word(e, s);
            return Stmt::Assign {
                place: Place::Buf(Buf::Out, bx(slot)),
                op: Some(if self.rng.chance(50) {
                    BinOp::Add
                } else {
                    BinOp::BitOr
                }),
                value,
            };
        }
        self.observe_scalar(e, s)
    }

    /// `out[k] += e`: a counter showing that (and how often) this code ran.
    fn bump(&mut self) -> Stmt {
        let slot = self.out_slot();
        let value = if self.rng.chance(50) {
            Expr::Lit(Lit::Uint(1))
        } else {
            self.nonlit(&Ty::UINT, 2).e
        };
        Stmt::Assign {
            place: Place::Buf(Buf::Out, bx(slot)),
            op: Some(BinOp::Add),
            value,
        }
    }

    fn if_stmt(&mut self) -> Stmt {
        let narms = self.rng.weighted(&[6, 3, 1]) + 1;
        let mut arms = Vec::new();
        for _ in 0..narms {
            let c = self.expr(&Ty::BOOL, 3).e;
            let b = self.arm();
            arms.push((c, b));
        }
        let otherwise = if self.rng.chance(50) {
            Some(self.arm())
        } else {
            None
        };
        Stmt::If { arms, otherwise }
    }

    fn loop_body(&mut self, counter: Option<(String, Scalar)>) -> Vec<Stmt> {
        self.loop_depth += 1;
        self.scopes.push(Vec::new());
        if let Some((name, s)) = counter {
            self.declare(name, Ty::Scalar(s), false);
        }
        self.block_depth += 1;
        let n = self.rng.range(1, 4) as usize;
        let mut body = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            body.push(self.stmt());
        }
        // Show each iteration.
        if self.rng.chance(60) {
            body.push(self.output_stmt());
        }
        self.block_depth -= 1;
        self.scopes.pop();
        self.loop_depth -= 1;
        body
    }

    fn for_stmt(&mut self) -> Stmt {
        let var = self.fresh("i");
        let mut attr = LoopAttr::default();
        let (counter, first, last, step) = if self.rng.chance(50) {
            // Constant bounds, at most a handful of iterations.
            let uint = self.rng.chance(20);
            let steps: &[i64] = if uint {
                &[1, 2, 3]
            } else {
                &[1, 1, 2, 3, -1, -1, -2, -3]
            };
            let s = *self.rng.pick(steps).unwrap_or(&1);
            let count = self.rng.range(0, 6);
            let a = if uint {
                self.rng.range(0, 6)
            } else {
                self.rng.range(-5, 5)
            };
            let b = if count == 0 {
                a - s
            } else {
                a + s * (count - 1)
            };
            let b = if uint { b.max(0) } else { b };
            let lit = |v: i64| {
                if uint {
                    Expr::Lit(Lit::Uint(v as u32))
                } else {
                    Expr::Lit(Lit::Int(v as i32))
                }
            };
            let step = if s == 1 && self.rng.chance(50) {
                None
            } else {
                Some(lit(s))
            };
            match self.rng.below(4) {
                0 => attr.unroll = Some(None),
                1 => attr.unroll = Some(Some(self.rng.range(1, 4) as u32)),
                _ => {}
            }
            (
                if uint { Scalar::Uint } else { Scalar::Int },
                lit(a),
                lit(b),
                step,
            )
        } else {
            // Run-time bounds: anything, capped by `@max_iterations`.
            attr.max_iterations = Some(self.rng.range(1, 10) as u32);
            if self.rng.chance(25) {
                attr.unroll = Some(Some(self.rng.range(1, 4) as u32));
            }
            let s = if self.rng.chance(25) {
                Scalar::Uint
            } else {
                Scalar::Int
            };
            let t = Ty::Scalar(s);
            let first = self.nonlit(&t, 2).e;
            let last = self.expr(&t, 2).e;
            let step = match self.rng.below(4) {
                0 => None,
                1 => Some(if s == Scalar::Int {
                    Expr::Lit(Lit::Int(*self.rng.pick(&[1, 2, -1, -3, 7]).unwrap_or(&1)))
                } else {
                    Expr::Lit(Lit::Uint(*self.rng.pick(&[1u32, 2, 5]).unwrap_or(&1)))
                }),
                2 => {
                    // A small step that may be zero or negative.
                    let e = self.nonlit(&t, 2).e;
                    Some(if s == Scalar::Int {
                        Expr::Binary(
                            BinOp::Sub,
                            bx(Expr::Binary(
                                BinOp::BitAnd,
                                bx(e),
                                bx(Expr::Lit(Lit::Int(3))),
                            )),
                            bx(Expr::Lit(Lit::Int(1))),
                        )
                    } else {
                        Expr::Binary(BinOp::BitAnd, bx(e), bx(Expr::Lit(Lit::Uint(3))))
                    })
                }
                _ => Some(self.nonlit(&t, 2).e),
            };
            (s, first, last, step)
        };
        let body = self.loop_body(Some((var.clone(), counter)));
        Stmt::For {
            var,
            counter,
            first,
            last,
            step,
            attr,
            body,
        }
    }

    fn while_stmt(&mut self) -> Stmt {
        let attr = LoopAttr {
            max_iterations: Some(self.rng.range(1, 10) as u32),
            unroll: None,
        };
        let cond = self.expr(&Ty::BOOL, 3).e;
        let body = self.loop_body(None);
        Stmt::While { cond, attr, body }
    }

    fn void_helpers(&self) -> bool {
        self.helpers.iter().any(|h| h.ret.is_none())
    }

    fn call_stmt(&mut self) -> Stmt {
        let hs: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| h.ret.is_none())
            .cloned()
            .collect();
        let Some(h) = self.rng.pick(&hs).cloned() else {
            return self.output_stmt();
        };
        let args = self.args(&h);
        Stmt::Call(h.name, args)
    }

    fn args(&mut self, h: &Helper) -> Vec<Expr> {
        h.params.iter().map(|t| self.stored(t, 2)).collect()
    }

    // -----------------------------------------------------------------------------------------
    // Expressions

    /// An expression of type `ty` fit to be stored: floats tamed, composites built from stored
    /// parts.
    fn stored(&mut self, ty: &Ty, depth: u32) -> Expr {
        match ty {
            Ty::Scalar(Scalar::Float) | Ty::Vector(Scalar::Float, _) => {
                let g = self.expr(ty, depth);
                self.tame(g)
            }
            Ty::Matrix(c, r) => self.mat_tamed(*c, *r, depth),
            _ => self.expr(ty, depth).e,
        }
    }

    /// `g` brought within ±64 and 4 fractional bits, exactly.
    fn tame(&mut self, g: G) -> Expr {
        let fb = g.fb;
        if fb.mag <= 64.0 && fb.frac <= 4 {
            return g.e;
        }
        let mut e = g.e;
        if fb.frac > 4 {
            let f = *self
                .rng
                .pick(&[
                    Builtin::Floor,
                    Builtin::Round,
                    Builtin::Trunc,
                    Builtin::Ceil,
                ])
                .unwrap_or(&Builtin::Floor);
            let scaled = Expr::Builtin(f, vec![Expr::Binary(BinOp::Mul, bx(e), bx(flit(16.0)))]);
            e = if self.rng.chance(50) {
                Expr::Binary(BinOp::Mul, bx(scaled), bx(flit(0.0625)))
            } else {
                Expr::Binary(BinOp::Div, bx(scaled), bx(flit(16.0)))
            };
        }
        if fb.mag > 60.0 {
            e = if self.rng.chance(25) && fb.frac <= 20 {
                Expr::Builtin(Builtin::Mod, vec![e, flit(64.0)])
            } else {
                let lo = -(self.rng.range(0, 256) as f32) * 0.25;
                let hi = self.rng.range(0, 256) as f32 * 0.25;
                Expr::Builtin(Builtin::Clamp, vec![e, flit(lo), flit(hi)])
            };
        }
        e
    }

    /// An expression of `ty` that is not a bare literal.
    fn nonlit(&mut self, ty: &Ty, depth: u32) -> G {
        for _ in 0..4 {
            let g = self.expr(ty, depth);
            if !g.konst() {
                return g;
            }
        }
        self.nonlit_leaf(ty)
    }

    /// A non-literal leaf: of a scalar or vector type an input read, converted; of a matrix,
    /// array or struct type a variable of it, else one built with a non-literal first part.
    fn nonlit_leaf(&mut self, ty: &Ty) -> G {
        match ty {
            Ty::Array(el, n) => {
                if let Some(v) = self.var_of(ty, false) {
                    return v;
                }
                let mut parts = vec![self.nonlit_leaf(el).e];
                parts.extend((1..*n).map(|_| self.stored(el, 0)));
                return G::new(Expr::Construct(ty.clone(), parts), Fb::ZERO);
            }
            Ty::Struct(name) => {
                if let Some(v) = self.var_of(ty, false) {
                    return v;
                }
                let mut parts = Vec::new();
                for (i, (f, t)) in self.struct_fields(name).into_iter().enumerate() {
                    let part = if i == 0 {
                        self.nonlit_leaf(&t).e
                    } else {
                        self.stored(&t, 0)
                    };
                    parts.push((f, part));
                }
                return G::new(Expr::Struct(name.clone(), parts), Fb::ZERO);
            }
            _ => {}
        }
        if let Ty::Matrix(..) = ty {
            if let Some(v) = self.var_of(ty, false) {
                return v;
            }
            let x = self.load(Buf::Finp);
            return G::new(Expr::Construct(ty.clone(), vec![x]), FINP);
        }
        let s = ty.scalar().unwrap_or(Scalar::Uint);
        let n = ty.width().unwrap_or(1);
        // Not a constant: its leaves make the non-constant operand of an operator.
        if let Some(v) = self.var_of(ty, false) {
            return v;
        }
        let scalar = match s {
            Scalar::Uint => G::new(self.load(Buf::Inp), Fb::ZERO),
            Scalar::Int => G::new(
                Expr::Builtin(Builtin::AsInt, vec![self.load(Buf::Inp)]),
                Fb::ZERO,
            ),
            Scalar::Float => G::new(self.load(Buf::Finp), FINP),
            Scalar::Bool => {
                let w = self.load(Buf::Inp);
                let k = self.rng.below(8) as u32;
                G::new(
                    Expr::Binary(BinOp::Gt, bx(w), bx(Expr::Lit(Lit::Uint(k << 28)))),
                    Fb::ZERO,
                )
            }
        };
        match (ty, n) {
            (Ty::Scalar(_), _) | (_, 1) => scalar,
            _ => G::new(Expr::Construct(ty.clone(), vec![scalar.e]), scalar.fb),
        }
    }

    fn load(&mut self, b: Buf) -> Expr {
        let len = match b {
            Buf::Inp => INP_LEN,
            _ => FINP_LEN,
        };
        let i = if self.rng.chance(70) {
            Expr::Lit(Lit::Int(self.rng.below(u64::from(len)) as i32))
        } else {
            self.index_expr(len)
        };
        Expr::Load(b, bx(i))
    }

    /// A variable, or a part of one, of type `ty`; a constant too when `consts`.
    fn var_of(&mut self, ty: &Ty, consts: bool) -> Option<G> {
        let vars = self.visible();
        let mut options: Vec<(String, Vec<Access>)> = Vec::new();
        for v in &vars {
            if !consts && is_const_name(&v.name) {
                continue;
            }
            let mut paths = Vec::new();
            self.paths(&v.ty, ty, 3, &mut paths);
            for p in paths {
                options.push((v.name.clone(), p));
            }
        }
        let (name, path) = self.rng.pick(&options).cloned()?;
        let mut e = Expr::Var(name);
        for step in path {
            e = match step {
                Access::Field(f) => Expr::Field(bx(e), f),
                Access::Index(n) => {
                    let i = self.index_expr(n);
                    Expr::Index(bx(e), bx(i))
                }
                Access::Swizzle(of) => {
                    let want = ty.width().unwrap_or(1);
                    let comps = self.swizzle(of, want, false);
                    Expr::Swizzle(bx(e), comps)
                }
            };
        }
        let fb = if ty.scalar() == Some(Scalar::Float) {
            MEM
        } else {
            Fb::ZERO
        };
        Some(G::new(e, fb))
    }

    fn literal(&mut self, s: Scalar) -> G {
        match s {
            Scalar::Bool => G {
                e: Expr::Lit(Lit::Bool(self.rng.chance(50))),
                fb: Fb::ZERO,
            },
            Scalar::Int => {
                let v = match self.rng.below(6) {
                    0 => *self
                        .rng
                        .pick(&[i32::MIN, i32::MAX, -1, 0, 1, i32::MIN + 1, 31, 32, 33])
                        .unwrap_or(&0),
                    1..=3 => self.rng.range(-8, 16) as i32,
                    _ => self.rng.next_u32() as i32 >> self.rng.below(32),
                };
                G {
                    e: Expr::Lit(Lit::Int(v)),
                    fb: Fb::ZERO,
                }
            }
            Scalar::Uint => {
                let v = match self.rng.below(6) {
                    0 => *self
                        .rng
                        .pick(&[u32::MAX, 0x8000_0000, 0x7fff_ffff, 0, 1, 31, 32, 33])
                        .unwrap_or(&0),
                    1..=3 => self.rng.below(20) as u32,
                    _ => self.rng.next_u32() >> self.rng.below(32),
                };
                G {
                    e: Expr::Lit(Lit::Uint(v)),
                    fb: Fb::ZERO,
                }
            }
            Scalar::Float => {
                let v = match self.rng.below(4) {
                    0 => *self
                        .rng
                        .pick(&[0.5f32, -0.5, 1.5, 2.5, -2.5, 1.0, 0.0, 0.0625, -3.0])
                        .unwrap_or(&0.5),
                    _ => self.rng.range(-128, 128) as f32 * 0.25,
                };
                G {
                    e: flit(v),
                    fb: Fb {
                        mag: f64::from(v.abs()),
                        frac: frac_bits(f64::from(v)),
                    },
                }
            }
        }
    }

    fn helper_returning(&mut self, ty: &Ty) -> Option<G> {
        let hs: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| h.ret.as_ref() == Some(ty))
            .cloned()
            .collect();
        let h = self.rng.pick(&hs).cloned()?;
        let args = self.args(&h);
        let fb = if ty.scalar() == Some(Scalar::Float) {
            MEM
        } else {
            Fb::ZERO
        };
        Some(G::new(Expr::Call(h.name, args), fb))
    }

    /// Any expression of type `ty`.
    fn expr(&mut self, ty: &Ty, depth: u32) -> G {
        // Leaves.
        if depth == 0 || self.nodes == 0 || self.rng.chance(25) {
            return self.leaf(ty);
        }
        self.nodes -= 1;
        if self.rng.chance(6) {
            if let Some(g) = self.helper_returning(ty) {
                return g;
            }
        }
        if self.rng.chance(5) {
            return self.if_expr(ty, depth);
        }
        match ty {
            Ty::Scalar(s) | Ty::Vector(s, _) => {
                let n = ty.width().unwrap_or(1);
                if n > 1 && self.rng.chance(15) {
                    return self.vector_construct(*s, n, depth);
                }
                if self.rng.chance(8) {
                    // A swizzle or component of a wider vector.
                    let wide = self.rng.range(i64::from(n.max(2)), 4) as u8;
                    let src = self.expr(&Ty::Vector(*s, wide), depth - 1);
                    if n == 1 && self.rng.chance(40) {
                        let i = self.index_expr(u32::from(wide));
                        return G::new(Expr::Index(bx(src.e), bx(i)), src.fb);
                    }
                    let c = self.swizzle(wide, n, false);
                    return G::new(Expr::Swizzle(bx(src.e), c), src.fb);
                }
                match s {
                    Scalar::Int | Scalar::Uint => self.int_expr(*s, n, depth),
                    Scalar::Float => self.float_expr(n, depth),
                    Scalar::Bool => self.bool_expr(n, depth),
                }
            }
            Ty::Matrix(c, r) => self.mat_expr(*c, *r, depth),
            Ty::Array(el, n) => {
                if self.rng.chance(50) {
                    if let Some(v) = self.var_of(ty, true) {
                        return v;
                    }
                }
                let parts = (0..*n).map(|_| self.stored(el, depth - 1)).collect();
                G::new(Expr::Construct(ty.clone(), parts), Fb::ZERO)
            }
            Ty::Struct(name) => {
                if self.rng.chance(50) {
                    if let Some(v) = self.var_of(ty, true) {
                        return v;
                    }
                }
                let fields = self.struct_fields(name);
                let parts = fields
                    .into_iter()
                    .map(|(f, t)| (f, self.stored(&t, depth - 1)))
                    .collect();
                G::new(Expr::Struct(name.clone(), parts), Fb::ZERO)
            }
        }
    }

    fn leaf(&mut self, ty: &Ty) -> G {
        match ty {
            Ty::Scalar(s) => {
                if self.rng.chance(35) {
                    return self.literal(*s);
                }
                if self.rng.chance(60) {
                    if let Some(v) = self.var_of(ty, true) {
                        return v;
                    }
                }
                if *s == Scalar::Int && self.rng.chance(10) {
                    let e = if self.rng.chance(50) {
                        Expr::BufLen(if self.rng.chance(50) {
                            Buf::Inp
                        } else {
                            Buf::Finp
                        })
                    } else {
                        let arrays: Vec<Var> = self
                            .visible()
                            .into_iter()
                            .filter(|v| matches!(v.ty, Ty::Array(..)))
                            .collect();
                        match self.rng.pick(&arrays) {
                            Some(a) => Expr::Len(bx(Expr::Var(a.name.clone()))),
                            None => Expr::BufLen(Buf::Inp),
                        }
                    };
                    return G::new(e, Fb::ZERO);
                }
                self.nonlit_leaf(ty)
            }
            Ty::Vector(s, n) => {
                if self.rng.chance(60) {
                    if let Some(v) = self.var_of(ty, true) {
                        return v;
                    }
                }
                if self.rng.chance(30) {
                    // A splat of a literal.
                    let l = self.literal(*s);
                    return G::new(Expr::Construct(ty.clone(), vec![l.e]), l.fb);
                }
                let parts: Vec<G> = (0..*n).map(|_| self.leaf(&Ty::Scalar(*s))).collect();
                self.construct_from(ty.clone(), parts)
            }
            Ty::Matrix(c, r) => {
                if self.rng.chance(60) {
                    if let Some(v) = self.var_of(ty, true) {
                        return v;
                    }
                }
                if self.rng.chance(30) {
                    return self.nonlit_leaf(ty);
                }
                let col = Ty::Vector(Scalar::Float, *r);
                let parts: Vec<G> = (0..*c).map(|_| self.leaf(&col)).collect();
                self.construct_from(ty.clone(), parts)
            }
            Ty::Array(el, n) => {
                if let Some(v) = self.var_of(ty, true) {
                    return v;
                }
                // A third of the arrays are fills, `[N]T(value)`: one part, copied N times.
                let count = if *n > 1 && self.rng.chance(33) { 1 } else { *n };
                let parts = (0..count).map(|_| self.stored(el, 0)).collect();
                G::new(Expr::Construct(ty.clone(), parts), Fb::ZERO)
            }
            Ty::Struct(name) => {
                if let Some(v) = self.var_of(ty, true) {
                    return v;
                }
                let fields = self.struct_fields(name);
                let parts = fields
                    .into_iter()
                    .map(|(f, t)| (f, self.stored(&t, 0)))
                    .collect();
                G::new(Expr::Struct(name.clone(), parts), Fb::ZERO)
            }
        }
    }

    /// A vector constructor from parts, with at least one non-literal part (a constructor of
    /// literals only is fine in Luma, but keeps nothing for the optimiser to get wrong).
    fn construct_from(&mut self, ty: Ty, parts: Vec<G>) -> G {
        let fb = parts.iter().fold(Fb::ZERO, |a, p| a.max(p.fb));
        G::new(
            Expr::Construct(ty, parts.into_iter().map(|p| p.e).collect()),
            fb,
        )
    }

    fn vector_construct(&mut self, s: Scalar, n: u8, depth: u32) -> G {
        let mut parts = Vec::new();
        let mut left = n;
        while left > 0 {
            let k = if left >= 2 && self.rng.chance(30) {
                self.rng.range(2, i64::from(left)) as u8
            } else {
                1
            };
            parts.push(self.expr(&Ty::shaped(s, k), depth - 1));
            left -= k;
        }
        self.construct_from(Ty::Vector(s, n), parts)
    }

    fn if_expr(&mut self, ty: &Ty, depth: u32) -> G {
        let c = self.expr(&Ty::BOOL, depth - 1);
        let a = self.expr(ty, depth - 1);
        let b = if a.konst() {
            self.nonlit(ty, depth - 1)
        } else {
            self.expr(ty, depth - 1)
        };
        let fb = a.fb.max(b.fb);
        // A third of the if-expressions of scalars and vectors are `select(b, a, c)` (both
        // values evaluated), half of the vector ones with a condition per component.
        if matches!(ty, Ty::Scalar(_) | Ty::Vector(..)) && self.rng.chance(33) {
            let c = match ty {
                Ty::Vector(_, n) if self.rng.chance(50) => {
                    self.expr(&Ty::Vector(Scalar::Bool, *n), depth - 1).e
                }
                _ => c.e,
            };
            return G::new(Expr::Builtin(Builtin::Select, vec![b.e, a.e, c]), fb);
        }
        G::new(Expr::If(bx(c.e), bx(a.e), bx(b.e)), fb)
    }

    /// Two operands for a binary operator of type `ty` (one may be a scalar when `ty` is a
    /// vector), never both literals.
    fn operands(&mut self, ty: &Ty, depth: u32, scalar_ok: bool) -> (G, G) {
        let s = ty.scalar().unwrap_or(Scalar::Int);
        let lt = if scalar_ok && ty.width() > Some(1) && self.rng.chance(20) {
            Ty::Scalar(s)
        } else {
            ty.clone()
        };
        let rt = if lt == *ty && scalar_ok && ty.width() > Some(1) && self.rng.chance(20) {
            Ty::Scalar(s)
        } else {
            ty.clone()
        };
        let a = self.expr(&lt, depth - 1);
        let b = if a.konst() {
            self.nonlit(&rt, depth - 1)
        } else {
            self.expr(&rt, depth - 1)
        };
        (a, b)
    }

    fn int_expr(&mut self, s: Scalar, n: u8, depth: u32) -> G {
        let ty = Ty::shaped(s, n);
        let signed = s == Scalar::Int;
        let choice = self.rng.weighted(&[
            10,                          // arithmetic
            6,                           // bitwise
            5,                           // shift
            if signed { 2 } else { 0 },  // negate
            2,                           // bitnot
            5,                           // min/max/clamp/abs/sign
            4,                           // bit builtins
            5,                           // conversions
            3,                           // bitcasts
            if n == 1 { 2 } else { 0 },  // pack
            if n == 1 { 1 } else { 0 },  // length
            if !signed { 2 } else { 0 }, // unpack-exact components
        ]);
        let z = Fb::ZERO;
        match choice {
            0 => {
                let op = *self
                    .rng
                    .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem])
                    .unwrap_or(&BinOp::Add);
                let (a, b) = self.operands(&ty, depth, true);
                G::new(Expr::Binary(op, bx(a.e), bx(b.e)), z)
            }
            1 => {
                let op = *self
                    .rng
                    .pick(&[BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor])
                    .unwrap_or(&BinOp::BitAnd);
                let (a, b) = self.operands(&ty, depth, true);
                G::new(Expr::Binary(op, bx(a.e), bx(b.e)), z)
            }
            2 => {
                let op = if self.rng.chance(50) {
                    BinOp::Shl
                } else {
                    BinOp::Shr
                };
                let a = self.nonlit(&ty, depth - 1);
                let ct = if self.rng.chance(50) {
                    Ty::INT
                } else {
                    Ty::UINT
                };
                let count = self.shift_count(&ct, &ty);
                G::new(Expr::Binary(op, bx(a.e), bx(count)), z)
            }
            3 => {
                let a = self.nonlit(&ty, depth - 1);
                G::new(Expr::Unary(UnOp::Neg, bx(a.e)), z)
            }
            4 => {
                let a = self.nonlit(&ty, depth - 1);
                G::new(Expr::Unary(UnOp::BitNot, bx(a.e)), z)
            }
            5 => {
                let which = self.rng.below(if signed { 5 } else { 3 });
                match which {
                    0 | 1 => {
                        let f = if which == 0 {
                            Builtin::Min
                        } else {
                            Builtin::Max
                        };
                        // `min(T, TS)`: the first argument has the full type.
                        let a = self.nonlit(&ty, depth - 1);
                        let bt = if n > 1 && self.rng.chance(30) {
                            Ty::Scalar(s)
                        } else {
                            ty.clone()
                        };
                        let b = self.expr(&bt, depth - 1);
                        G::new(Expr::Builtin(f, vec![a.e, b.e]), z)
                    }
                    2 => {
                        let x = self.nonlit(&ty, depth - 1);
                        let (lo, hi) = self.int_bounds(s);
                        G::new(Expr::Builtin(Builtin::Clamp, vec![x.e, lo, hi]), z)
                    }
                    3 => {
                        let x = self.nonlit(&ty, depth - 1);
                        G::new(Expr::Builtin(Builtin::Abs, vec![x.e]), z)
                    }
                    _ => {
                        let x = self.nonlit(&ty, depth - 1);
                        G::new(Expr::Builtin(Builtin::Sign, vec![x.e]), z)
                    }
                }
            }
            6 => {
                let f = *self
                    .rng
                    .pick(&[
                        Builtin::CountOneBits,
                        Builtin::ReverseBits,
                        Builtin::FirstLeadingBit,
                        Builtin::FirstTrailingBit,
                        Builtin::CountLeadingZeros,
                        Builtin::CountTrailingZeros,
                        Builtin::ExtractBits,
                        Builtin::InsertBits,
                    ])
                    .unwrap_or(&Builtin::CountOneBits);
                let x = self.nonlit(&ty, depth - 1);
                let mut args = vec![x.e];
                if f == Builtin::InsertBits {
                    args.push(self.expr(&ty, depth - 1).e);
                }
                if matches!(f, Builtin::ExtractBits | Builtin::InsertBits) {
                    args.push(self.bit_field_arg(depth));
                    args.push(self.bit_field_arg(depth));
                }
                G::new(Expr::Builtin(f, args), z)
            }
            7 => {
                // From the other integer kind, a float or a bool.
                let from = match self.rng.below(3) {
                    0 => {
                        if signed {
                            Scalar::Uint
                        } else {
                            Scalar::Int
                        }
                    }
                    1 => Scalar::Float,
                    _ => Scalar::Bool,
                };
                let ft = Ty::shaped(from, n);
                let x = self.nonlit(&ft, depth - 1);
                let arg = if from == Scalar::Float && !signed {
                    // uint of a negative float is undefined: take the magnitude.
                    Expr::Builtin(Builtin::Abs, vec![x.e])
                } else {
                    x.e
                };
                G::new(Expr::Convert(ty.clone(), bx(arg)), z)
            }
            8 => {
                let from = if self.rng.chance(50) {
                    Scalar::Float
                } else if signed {
                    Scalar::Uint
                } else {
                    Scalar::Int
                };
                let x = self.nonlit(&Ty::shaped(from, n), depth - 1);
                let f = if signed {
                    Builtin::AsInt
                } else {
                    Builtin::AsUint
                };
                G::new(Expr::Builtin(f, vec![x.e]), z)
            }
            9 if !signed => {
                let (f, w) = *self
                    .rng
                    .pick(&[
                        (Builtin::PackUnorm4x8, 4u8),
                        (Builtin::PackSnorm4x8, 4),
                        (Builtin::PackUnorm2x16, 2),
                        (Builtin::PackSnorm2x16, 2),
                        (Builtin::PackHalf2x16, 2),
                    ])
                    .unwrap_or(&(Builtin::PackUnorm4x8, 4));
                let v = self.nonlit(&Ty::Vector(Scalar::Float, w), depth - 1);
                let v = self.tame(v);
                G::new(Expr::Builtin(f, vec![v]), z)
            }
            9 | 10 => {
                let len = Expr::BufLen(if self.rng.chance(50) {
                    Buf::Inp
                } else {
                    Buf::Finp
                });
                if signed {
                    G::new(len, z)
                } else {
                    G::new(Expr::Convert(Ty::UINT, bx(len)), z)
                }
            }
            _ => {
                // A component of an exact unpack, back to an integer.
                let u = *self
                    .rng
                    .pick(&[
                        Unpack::Unorm4x8,
                        Unpack::Snorm4x8,
                        Unpack::Unorm2x16,
                        Unpack::Snorm2x16,
                    ])
                    .unwrap_or(&Unpack::Unorm4x8);
                let w = self.nonlit(&Ty::UINT, depth - 1);
                let v = Expr::UnpackExact(u, bx(w.e));
                let c = self.rng.below(u64::from(u.width())) as u8;
                let comp = Expr::Swizzle(bx(v), vec![c]);
                let conv = Expr::Convert(Ty::INT, bx(comp));
                let scalar = if signed {
                    conv
                } else {
                    Expr::Builtin(Builtin::AsUint, vec![conv])
                };
                if n == 1 {
                    G::new(scalar, z)
                } else {
                    G::new(Expr::Construct(ty.clone(), vec![scalar]), z)
                }
            }
        }
    }

    fn int_bounds(&mut self, s: Scalar) -> (Expr, Expr) {
        if s == Scalar::Int {
            let a = self.rng.range(-100, 100) as i32;
            let b = a + self.rng.range(0, 200) as i32;
            (Expr::Lit(Lit::Int(a)), Expr::Lit(Lit::Int(b)))
        } else {
            let a = self.rng.below(100) as u32;
            let b = a + self.rng.below(1000) as u32;
            (Expr::Lit(Lit::Uint(a)), Expr::Lit(Lit::Uint(b)))
        }
    }

    fn float_expr(&mut self, n: u8, depth: u32) -> G {
        let ty = Ty::shaped(Scalar::Float, n);
        let choice = self.rng.weighted(&[
            10,                                   // + - *
            3,                                    // / % by a power of two
            2,                                    // negate
            6,                                    // unary builtins
            5,                                    // min/max/clamp/mod/mix/step
            3,                                    // float(int)
            2,                                    // as_float
            if n == 1 { 2 } else { 0 },           // dot
            if n == 2 || n == 4 { 2 } else { 0 }, // unpack
            if n > 1 { 3 } else { 0 },            // matrix times vector
            if n == 3 { 2 } else { 0 },           // cross
            if n == 1 { 1 } else { 0 },           // determinant
            2,                                    // fma
        ]);
        match choice {
            0 => {
                let op = *self
                    .rng
                    .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul])
                    .unwrap_or(&BinOp::Add);
                let (a, b) = self.operands(&ty, depth, op == BinOp::Mul);
                self.float_binary(op, a, b)
            }
            1 => {
                let op = if self.rng.chance(60) {
                    BinOp::Div
                } else {
                    BinOp::Rem
                };
                let p = *self
                    .rng
                    .pick(&[2.0f32, 4.0, 0.5, 8.0, -2.0, 1.0, 0.25])
                    .unwrap_or(&2.0);
                let a = self.nonlit(&ty, depth - 1);
                let a = self.fit_for(a, |fb| {
                    let k = p.abs().log2();
                    Fb {
                        mag: fb.mag / f64::from(p.abs()),
                        frac: (fb.frac as i32 + k.max(0.0) as i32) as u32,
                    }
                });
                let fb = if op == BinOp::Div {
                    let k = p.abs().log2() as i32;
                    Fb {
                        mag: a.fb.mag / f64::from(p.abs()),
                        frac: (a.fb.frac as i32 + k.max(0)) as u32,
                    }
                } else {
                    Fb {
                        mag: a.fb.mag.min(f64::from(p.abs())),
                        frac: a.fb.frac,
                    }
                };
                G::new(Expr::Binary(op, bx(a.e), bx(flit(p))), fb)
            }
            2 => {
                let a = self.nonlit(&ty, depth - 1);
                let fb = a.fb;
                G::new(Expr::Unary(UnOp::Neg, bx(a.e)), fb)
            }
            3 => {
                let f = *self
                    .rng
                    .pick(&[
                        Builtin::Abs,
                        Builtin::Sign,
                        Builtin::Floor,
                        Builtin::Ceil,
                        Builtin::Round,
                        Builtin::Trunc,
                        Builtin::Fract,
                        Builtin::Saturate,
                    ])
                    .unwrap_or(&Builtin::Floor);
                let a = self.nonlit(&ty, depth - 1);
                let fb = match f {
                    Builtin::Abs => a.fb,
                    Builtin::Sign => Fb { mag: 1.0, frac: 0 },
                    Builtin::Fract | Builtin::Saturate => Fb {
                        mag: 1.0,
                        frac: a.fb.frac,
                    },
                    _ => Fb {
                        mag: a.fb.mag + 1.0,
                        frac: 0,
                    },
                };
                G::new(Expr::Builtin(f, vec![a.e]), fb)
            }
            4 => match self.rng.below(5) {
                0 | 1 => {
                    let f = if self.rng.chance(50) {
                        Builtin::Min
                    } else {
                        Builtin::Max
                    };
                    let a = self.nonlit(&ty, depth - 1);
                    let bt = if n > 1 && self.rng.chance(30) {
                        Ty::FLOAT
                    } else {
                        ty.clone()
                    };
                    let b = self.expr(&bt, depth - 1);
                    let fb = a.fb.max(b.fb);
                    G::new(Expr::Builtin(f, vec![a.e, b.e]), fb)
                }
                2 => {
                    let a = self.nonlit(&ty, depth - 1);
                    let lo = self.rng.range(-256, 256) as f32 * 0.25;
                    let hi = lo + self.rng.range(0, 256) as f32 * 0.25;
                    let fb = Fb {
                        mag: a.fb.mag.min(f64::from(lo.abs().max(hi.abs()))),
                        frac: a.fb.frac.max(2),
                    };
                    G::new(
                        Expr::Builtin(Builtin::Clamp, vec![a.e, flit(lo), flit(hi)]),
                        fb,
                    )
                }
                3 => {
                    let a = self.nonlit(&ty, depth - 1);
                    let p = *self
                        .rng
                        .pick(&[2.0f32, 4.0, 0.5, 16.0, -4.0])
                        .unwrap_or(&2.0);
                    let a = self.fit_for(a, |fb| fb);
                    let fb = Fb {
                        mag: f64::from(p.abs()),
                        frac: a.fb.frac,
                    };
                    G::new(Expr::Builtin(Builtin::Mod, vec![a.e, flit(p)]), fb)
                }
                _ => {
                    if self.rng.chance(50) {
                        let a = self.expr(&ty, depth - 1);
                        let b = self.nonlit(&ty, depth - 1);
                        let (a, b) = (self.tame(a), self.tame(b));
                        let t = *self
                            .rng
                            .pick(&[0.0f32, 0.25, 0.5, 0.75, 1.0])
                            .unwrap_or(&0.5);
                        G::new(
                            Expr::Builtin(Builtin::Mix, vec![a, b, flit(t)]),
                            Fb { mag: 64.0, frac: 6 },
                        )
                    } else {
                        let et = if n > 1 && self.rng.chance(50) {
                            Ty::FLOAT
                        } else {
                            ty.clone()
                        };
                        let edge = self.expr(&et, depth - 1);
                        let x = if edge.konst() {
                            self.nonlit(&ty, depth - 1)
                        } else {
                            self.expr(&ty, depth - 1)
                        };
                        G::new(
                            Expr::Builtin(Builtin::Step, vec![edge.e, x.e]),
                            Fb { mag: 1.0, frac: 0 },
                        )
                    }
                }
            },
            5 => {
                let from = if self.rng.chance(60) {
                    Scalar::Int
                } else {
                    Scalar::Uint
                };
                let src = self.nonlit(&Ty::shaped(from, n), depth - 1);
                if self.rng.chance(15) {
                    // From bools: exactly 0 or 1.
                    let b = self.nonlit(&Ty::shaped(Scalar::Bool, n), depth - 1);
                    return G::new(Expr::Convert(ty, bx(b.e)), Fb { mag: 1.0, frac: 0 });
                }
                let k = self.rng.range(8, 31) as i32;
                let count = if from == Scalar::Int {
                    Expr::Lit(Lit::Int(k))
                } else {
                    Expr::Lit(Lit::Uint(k as u32))
                };
                let shifted = Expr::Binary(BinOp::Shr, bx(src.e), bx(count));
                let bits = if from == Scalar::Int { 31 - k } else { 32 - k };
                G::new(
                    Expr::Convert(ty, bx(shifted)),
                    Fb {
                        mag: 2f64.powi(bits),
                        frac: 0,
                    },
                )
            }
            6 => {
                // Bits that make an ordinary float: sign and mantissa random, exponent fixed.
                let w = self.nonlit(&Ty::shaped(Scalar::Uint, n), depth - 1);
                let (mask, exp, fb) = if self.rng.chance(50) {
                    (0x807f_ffffu32, 0x3f80_0000u32, Fb { mag: 2.0, frac: 23 })
                } else {
                    (0x007f_ffff, 0x4000_0000, Fb { mag: 4.0, frac: 22 })
                };
                let masked = Expr::Binary(
                    BinOp::BitOr,
                    bx(Expr::Binary(
                        BinOp::BitAnd,
                        bx(w.e),
                        bx(Expr::Lit(Lit::Uint(mask))),
                    )),
                    bx(Expr::Lit(Lit::Uint(exp))),
                );
                G::new(Expr::Builtin(Builtin::AsFloat, vec![masked]), fb)
            }
            7 => {
                let w = self.rng.range(2, 4) as u8;
                let vt = Ty::Vector(Scalar::Float, w);
                let a = self.nonlit(&vt, depth - 1);
                let b = self.expr(&vt, depth - 1);
                let (a, b) = (self.tame(a), self.tame(b));
                G::new(
                    Expr::Builtin(Builtin::Dot, vec![a, b]),
                    Fb {
                        mag: 4.0 * 64.0 * 64.0,
                        frac: 8,
                    },
                )
            }
            10 => {
                let a = self.nonlit(&ty, depth - 1);
                let b = self.expr(&ty, depth - 1);
                let (a, b) = (self.tame(a), self.tame(b));
                G::new(
                    Expr::Builtin(Builtin::Cross, vec![a, b]),
                    Fb {
                        mag: 2.0 * 4096.0,
                        frac: 8,
                    },
                )
            }
            11 => {
                // Exact whatever formula a target uses: a tamed 2x2, or small entries.
                let k = self.rng.range(2, 4) as u8;
                let m = if k == 2 && self.rng.chance(50) {
                    self.mat_tamed(2, 2, depth - 1)
                } else {
                    self.small_matrix(k)
                };
                G::new(
                    Expr::Builtin(Builtin::Determinant, vec![m]),
                    Fb {
                        mag: 2.0 * 4096.0,
                        frac: 8,
                    },
                )
            }
            12 => {
                // `a * b + c`, fused or not: the same where every step is exact.
                let a = self.nonlit(&ty, depth - 1);
                let b = self.expr(&ty, depth - 1);
                let c = self.expr(&ty, depth - 1);
                let (a, b, c) = (self.tame(a), self.tame(b), self.tame(c));
                G::new(
                    Expr::Builtin(Builtin::Fma, vec![a, b, c]),
                    Fb {
                        mag: 4096.0 + 64.0,
                        frac: 8,
                    },
                )
            }
            9 => {
                let k = self.rng.range(2, 4) as u8;
                let vt = Ty::Vector(Scalar::Float, k);
                let e = if self.rng.chance(50) {
                    let m = self.mat_tamed(k, n, depth - 1);
                    let v = self.expr(&vt, depth - 1);
                    let v = self.tame(v);
                    Expr::Binary(BinOp::Mul, bx(m), bx(v))
                } else {
                    let v = self.expr(&vt, depth - 1);
                    let v = self.tame(v);
                    let m = self.mat_tamed(n, k, depth - 1);
                    Expr::Binary(BinOp::Mul, bx(v), bx(m))
                };
                G::new(
                    e,
                    Fb {
                        mag: f64::from(k) * 64.0 * 64.0,
                        frac: 8,
                    },
                )
            }
            _ => {
                let w = self.nonlit(&Ty::UINT, depth - 1);
                if n == 2 && self.rng.chance(50) {
                    // Halves without infinities or NaNs: the top exponent bit cleared.
                    let masked = Expr::Binary(
                        BinOp::BitAnd,
                        bx(w.e),
                        bx(Expr::Lit(Lit::Uint(0xbfff_bfff))),
                    );
                    return G::new(
                        Expr::Builtin(Builtin::UnpackHalf2x16, vec![masked]),
                        Fb { mag: 2.0, frac: 24 },
                    );
                }
                let u = if n == 4 {
                    *self
                        .rng
                        .pick(&[Unpack::Unorm4x8, Unpack::Snorm4x8])
                        .unwrap_or(&Unpack::Unorm4x8)
                } else {
                    *self
                        .rng
                        .pick(&[Unpack::Unorm2x16, Unpack::Snorm2x16])
                        .unwrap_or(&Unpack::Unorm2x16)
                };
                G::new(
                    Expr::UnpackExact(u, bx(w.e)),
                    Fb {
                        mag: f64::from(u.scale()),
                        frac: 0,
                    },
                )
            }
        }
    }

    /// `g` as is when `op(g.fb)` fits, tamed otherwise.
    fn fit_for(&mut self, g: G, op: impl Fn(Fb) -> Fb) -> G {
        if op(g.fb).fits() {
            return g;
        }
        let e = self.tame(g);
        G::new(e, MEM)
    }

    fn float_binary(&mut self, op: BinOp, a: G, b: G) -> G {
        let combine = |x: Fb, y: Fb| match op {
            BinOp::Mul => Fb {
                mag: x.mag * y.mag,
                frac: x.frac + y.frac,
            },
            _ => Fb {
                mag: x.mag + y.mag,
                frac: x.frac.max(y.frac),
            },
        };
        let (a, b) = if combine(a.fb, b.fb).fits() {
            (a, b)
        } else {
            let (afb, bfb) = (a.fb, b.fb);
            let ea = if afb.mag <= 64.0 && afb.frac <= 4 {
                a.e
            } else {
                self.tame(a)
            };
            let eb = if bfb.mag <= 64.0 && bfb.frac <= 4 {
                b.e
            } else {
                self.tame(b)
            };
            let fa = Fb {
                mag: afb.mag.min(64.0),
                frac: afb.frac.min(4),
            };
            let fbb = Fb {
                mag: bfb.mag.min(64.0),
                frac: bfb.frac.min(4),
            };
            (G { e: ea, fb: fa }, G { e: eb, fb: fbb })
        };
        let fb = combine(a.fb, b.fb);
        G::new(Expr::Binary(op, bx(a.e), bx(b.e)), fb)
    }

    // -----------------------------------------------------------------------------------------
    // Matrices

    /// The size of the square matrix a place of type `ty` may be multiplied by in `*=`: `m *= a`
    /// for a square `m`, `v *= a` for a float vector.
    fn matrix_factor(&self, ty: &Ty) -> Option<u8> {
        match ty {
            Ty::Matrix(c, r) if c == r => Some(*c),
            Ty::Vector(Scalar::Float, n) => Some(*n),
            _ => None,
        }
    }

    /// A square matrix of entries from {-1, 0, 0.5, 1, 2} (some from memory), so that products
    /// by it stay small.
    fn small_matrix(&mut self, n: u8) -> Expr {
        let cols = (0..n)
            .map(|_| {
                let parts = (0..n)
                    .map(|_| {
                        if self.rng.chance(15) {
                            let x = self.load(Buf::Inp);
                            Expr::Convert(
                                Ty::FLOAT,
                                bx(Expr::Binary(
                                    BinOp::BitAnd,
                                    bx(x),
                                    bx(Expr::Lit(Lit::Uint(1))),
                                )),
                            )
                        } else {
                            flit(
                                *self
                                    .rng
                                    .pick(&[-1.0f32, 0.0, 0.5, 1.0, 2.0])
                                    .unwrap_or(&1.0),
                            )
                        }
                    })
                    .collect();
                Expr::Construct(Ty::Vector(Scalar::Float, n), parts)
            })
            .collect();
        Expr::Construct(Ty::Matrix(n, n), cols)
    }

    /// A matrix expression whose entries are tamed (within ±64, 4 fractional bits).
    fn mat_tamed(&mut self, c: u8, r: u8, depth: u32) -> Expr {
        let g = self.expr(&Ty::Matrix(c, r), depth);
        self.tame_mat(c, r, g)
    }

    /// `g` with its entries tamed column by column (`matCxR(tame(g[0]), ...)`). That repeats
    /// `g`, so a big `g` is replaced by tamed columns of leaves instead.
    fn tame_mat(&mut self, c: u8, r: u8, g: G) -> Expr {
        if g.fb.mag <= 64.0 && g.fb.frac <= 4 {
            return g.e;
        }
        let small = expr_nodes(&g.e) <= 6;
        let col_ty = Ty::Vector(Scalar::Float, r);
        let cols = (0..c)
            .map(|j| {
                let col = if small {
                    G::new(
                        Expr::Index(bx(g.e.clone()), bx(Expr::Lit(Lit::Int(i32::from(j))))),
                        g.fb,
                    )
                } else {
                    self.leaf(&col_ty)
                };
                self.tame(col)
            })
            .collect();
        Expr::Construct(Ty::Matrix(c, r), cols)
    }

    fn mat_expr(&mut self, c: u8, r: u8, depth: u32) -> G {
        let ty = Ty::Matrix(c, r);
        let col = Ty::Vector(Scalar::Float, r);
        let tamed = Fb { mag: 64.0, frac: 4 };
        match self.rng.weighted(&[3, 2, 3, 3, 4, 2, 2]) {
            0 => {
                let parts: Vec<G> = (0..c)
                    .map(|_| {
                        let g = self.expr(&col, depth - 1);
                        G::new(self.tame(g), tamed)
                    })
                    .collect();
                self.construct_from(ty, parts)
            }
            1 => {
                // The diagonal, zeros elsewhere (square or not).
                let g = self.nonlit(&Ty::FLOAT, depth - 1);
                let e = self.tame(g);
                G::new(Expr::Construct(ty, vec![e]), tamed)
            }
            2 => {
                let op = if self.rng.chance(50) {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                let a = self.mat_tamed(c, r, depth - 1);
                let b = self.mat_tamed(c, r, depth - 1);
                G::new(
                    Expr::Binary(op, bx(a), bx(b)),
                    Fb {
                        mag: 128.0,
                        frac: 4,
                    },
                )
            }
            3 => {
                let a = self.mat_tamed(c, r, depth - 1);
                let (s, fb) = if self.rng.chance(50) {
                    let p = *self
                        .rng
                        .pick(&[0.5f32, 2.0, -1.0, 0.25, 4.0])
                        .unwrap_or(&2.0);
                    (
                        flit(p),
                        Fb {
                            mag: 64.0 * f64::from(p.abs()),
                            frac: 6,
                        },
                    )
                } else {
                    let g = self.nonlit(&Ty::FLOAT, depth - 1);
                    (
                        self.tame(g),
                        Fb {
                            mag: 4096.0,
                            frac: 8,
                        },
                    )
                };
                let e = if self.rng.chance(50) {
                    Expr::Binary(BinOp::Mul, bx(a), bx(s))
                } else {
                    Expr::Binary(BinOp::Mul, bx(s), bx(a))
                };
                G::new(e, fb)
            }
            4 => {
                // A product: (k columns, r rows) * (c columns, k rows).
                let k = self.rng.range(2, 4) as u8;
                let a = self.mat_tamed(k, r, depth - 1);
                let b = self.mat_tamed(c, k, depth - 1);
                G::new(
                    Expr::Binary(BinOp::Mul, bx(a), bx(b)),
                    Fb {
                        mag: f64::from(k) * 4096.0,
                        frac: 8,
                    },
                )
            }
            5 => {
                let a = self.expr(&Ty::Matrix(r, c), depth - 1);
                G::new(Expr::Builtin(Builtin::Transpose, vec![a.e]), a.fb)
            }
            _ => {
                // From a matrix of another size: its upper-left part, the identity's elsewhere.
                // (Unary `-` on a matrix is E0503: `* -1.0` above negates.)
                let c2 = self.rng.range(2, 4) as u8;
                let r2 = self.rng.range(2, 4) as u8;
                let a = self.nonlit(&Ty::Matrix(c2, r2), depth - 1);
                let fb = a.fb.max(Fb { mag: 1.0, frac: 0 });
                G::new(Expr::Construct(ty, vec![a.e]), fb)
            }
        }
    }

    fn bool_expr(&mut self, n: u8, depth: u32) -> G {
        let z = Fb::ZERO;
        if n > 1 {
            // bvecN: componentwise comparisons, conversions or `not`.
            return match self.rng.below(4) {
                3 => {
                    let a = self.nonlit(&Ty::Vector(Scalar::Bool, n), depth - 1);
                    G::new(Expr::Unary(UnOp::Not, bx(a.e)), z)
                }
                0 | 1 => {
                    let f = *self
                        .rng
                        .pick(&[
                            Builtin::Equal,
                            Builtin::NotEqual,
                            Builtin::LessThan,
                            Builtin::LessThanEqual,
                            Builtin::GreaterThan,
                            Builtin::GreaterThanEqual,
                        ])
                        .unwrap_or(&Builtin::Equal);
                    let s = self.numeric_scalar();
                    let t = Ty::Vector(s, n);
                    let a = self.nonlit(&t, depth - 1);
                    let b = self.expr(&t, depth - 1);
                    G::new(Expr::Builtin(f, vec![a.e, b.e]), z)
                }
                _ => {
                    let s = self.numeric_scalar();
                    let a = self.nonlit(&Ty::Vector(s, n), depth - 1);
                    G::new(Expr::Convert(Ty::Vector(Scalar::Bool, n), bx(a.e)), z)
                }
            };
        }
        match self.rng.weighted(&[8, 3, 4, 2, 2, 2]) {
            0 => {
                let s = self.numeric_scalar();
                let op = self.comparison_op();
                let (a, b) = self.operands(&Ty::Scalar(s), depth, false);
                G::new(Expr::Binary(op, bx(a.e), bx(b.e)), z)
            }
            1 => {
                // `==` / `!=` on whole vectors.
                let s = self.scalar();
                let w = self.rng.range(2, 4) as u8;
                let op = if self.rng.chance(50) {
                    BinOp::Eq
                } else {
                    BinOp::Ne
                };
                let (a, b) = self.operands(&Ty::Vector(s, w), depth, false);
                G::new(Expr::Binary(op, bx(a.e), bx(b.e)), z)
            }
            2 => {
                let op = if self.rng.chance(50) {
                    BinOp::And
                } else {
                    BinOp::Or
                };
                let a = self.nonlit(&Ty::BOOL, depth - 1);
                // The right side often has an effect, to show whether it ran.
                let b = match self.helper_returning(&Ty::BOOL) {
                    Some(call) if self.rng.chance(60) => call,
                    _ => self.expr(&Ty::BOOL, depth - 1),
                };
                G::new(Expr::Binary(op, bx(a.e), bx(b.e)), z)
            }
            3 => {
                let a = self.nonlit(&Ty::BOOL, depth - 1);
                G::new(Expr::Unary(UnOp::Not, bx(a.e)), z)
            }
            4 => {
                let f = if self.rng.chance(50) {
                    Builtin::Any
                } else {
                    Builtin::All
                };
                let w = self.rng.range(2, 4) as u8;
                let v = self.nonlit(&Ty::Vector(Scalar::Bool, w), depth - 1);
                G::new(Expr::Builtin(f, vec![v.e]), z)
            }
            _ => {
                let s = self.numeric_scalar();
                let a = self.nonlit(&Ty::Scalar(s), depth - 1);
                G::new(Expr::Convert(Ty::BOOL, bx(a.e)), z)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_program() {
        let a = program(42, "p0_", Config::default());
        let b = program(42, "p0_", Config::default());
        assert_eq!(a, b);
        let c = program(43, "p0_", Config::default());
        assert_ne!(a, c);
    }

    #[test]
    fn fb_fits_24_bits() {
        assert!(Fb {
            mag: 256.0,
            frac: 16
        }
        .fits());
        assert!(!Fb {
            mag: 4096.0,
            frac: 16
        }
        .fits());
    }
}
