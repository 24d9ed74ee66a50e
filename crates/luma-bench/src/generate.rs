//! The generator of large benchmark shaders: realistic Luma (structs, many small functions,
//! loops, branches, vector and integer math, buffer, uniform and texture reads) made of
//! independent "modules", so a shader `n` times larger has exactly `n` times the modules.
//!
//! Module `k` depends only on `k` and the seed (each module draws from its own random stream), so
//! the 4x shader holds the 1x shader's modules plus new ones, and output is the same on every
//! machine. Every function is reachable from an entry point (through one "group" function per
//! [`GROUP_SIZE`] modules), so no compiler can skip the work by dropping dead code. The call
//! graph is shallow (leaves, then two middle functions that call leaves, then a root), so fully
//! inlining it costs a constant factor, not an exponential one.

use std::fmt::Write as _;

/// Modules per group function; the entry points call the groups.
pub const GROUP_SIZE: usize = 16;

/// The fixed seed of the committed benchmark (changing it changes every generated shader).
pub const DEFAULT_SEED: u64 = 0x4c55_4d41_2024_0001;

/// SplitMix64: a small, fast, well-distributed generator whose whole state is one `u64`.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }

    /// A float literal in `[lo, hi)` with two decimals, always spelled with a `.`.
    fn float(&mut self, lo: f64, hi: f64) -> String {
        let steps = ((hi - lo) * 100.0).max(1.0) as usize;
        let v = lo + self.below(steps) as f64 / 100.0;
        format!("{v:.2}")
    }
}

/// The value types generated expressions have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    F,
    V2,
    V3,
    V4,
    I,
    U,
}

impl Ty {
    const ALL: [Ty; 6] = [Ty::F, Ty::V2, Ty::V3, Ty::V4, Ty::I, Ty::U];

    fn name(self) -> &'static str {
        match self {
            Ty::F => "float",
            Ty::V2 => "vec2",
            Ty::V3 => "vec3",
            Ty::V4 => "vec4",
            Ty::I => "int",
            Ty::U => "uint",
        }
    }

    fn width(self) -> usize {
        match self {
            Ty::V2 => 2,
            Ty::V3 => 3,
            Ty::V4 => 4,
            _ => 1,
        }
    }

    fn vector(width: usize) -> Ty {
        match width {
            2 => Ty::V2,
            3 => Ty::V3,
            4 => Ty::V4,
            _ => Ty::F,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Ty::F | Ty::V2 | Ty::V3 | Ty::V4)
    }
}

/// A function that generated code may call.
#[derive(Debug, Clone)]
struct Callee {
    name: String,
    params: Vec<Ty>,
    /// Whether the callee takes the module's struct as its first parameter.
    takes_struct: bool,
    ret: Ty,
}

/// What is in scope while generating one function body.
struct Scope {
    vars: Vec<(String, Ty)>,
    /// The name of a local or parameter of the module's struct type, if any.
    struct_var: Option<String>,
    /// Fields of the module's struct.
    fields: Vec<(String, Ty)>,
    callees: Vec<Callee>,
    calls_left: usize,
    next_id: usize,
}

impl Scope {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    fn vars_of(&self, ty: Ty) -> Vec<&str> {
        self.vars
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.as_str())
            .collect()
    }
}

struct Gen<'a> {
    rng: Rng,
    out: &'a mut String,
}

impl Gen<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push('\t');
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn literal(&mut self, ty: Ty) -> String {
        match ty {
            Ty::F => self.rng.float(0.05, 4.0),
            Ty::I => format!("{}", self.rng.below(64) + 1),
            Ty::U => format!("{}u", self.rng.below(1 << 16) + 1),
            Ty::V2 | Ty::V3 | Ty::V4 => {
                if self.rng.chance(40) {
                    format!("{}({})", ty.name(), self.rng.float(0.0, 2.0))
                } else {
                    let parts: Vec<String> =
                        (0..ty.width()).map(|_| self.rng.float(0.0, 2.0)).collect();
                    format!("{}({})", ty.name(), parts.join(", "))
                }
            }
        }
    }

    /// A leaf of type `ty`: a variable, a field, a swizzle, a uniform or a literal.
    fn leaf(&mut self, scope: &Scope, ty: Ty) -> String {
        let vars = scope.vars_of(ty);
        let roll = self.rng.below(10);
        if roll < 5 {
            if let Some(v) = self.rng.pick(&vars) {
                return (*v).to_string();
            }
        }
        if roll < 7 {
            if let Some(s) = &scope.struct_var {
                let fields: Vec<&String> = scope
                    .fields
                    .iter()
                    .filter(|(_, t)| *t == ty)
                    .map(|(n, _)| n)
                    .collect();
                if let Some(f) = self.rng.pick(&fields) {
                    return format!("{s}.{f}");
                }
            }
        }
        if roll < 8 && ty.is_float() {
            // A swizzle of a wider vector.
            let wider: Vec<(&str, usize)> = scope
                .vars
                .iter()
                .filter(|(_, t)| t.is_float() && t.width() > ty.width())
                .map(|(n, t)| (n.as_str(), t.width()))
                .collect();
            if let Some((v, w)) = self.rng.pick(&wider).copied() {
                let comps = ['x', 'y', 'z', 'w'];
                let sw: String = (0..ty.width())
                    .map(|_| comps.get(self.rng.below(w)).copied().unwrap_or('x'))
                    .collect();
                return format!("{v}.{sw}");
            }
        }
        if roll == 8 {
            return match ty {
                Ty::F => "frame.time".to_string(),
                Ty::V3 => "frame.camera.xyz".to_string(),
                Ty::V4 => "frame.tint".to_string(),
                Ty::I => "frame.count".to_string(),
                Ty::U => "frame.seed".to_string(),
                Ty::V2 => "frame.camera.zw".to_string(),
            };
        }
        self.literal(ty)
    }

    /// An `int` expression that is not a literal: a variable, a field or the frame's count.
    fn int_anchor(&mut self, scope: &Scope) -> String {
        let vars = scope.vars_of(Ty::I);
        match self.rng.pick(&vars) {
            Some(v) => (*v).to_string(),
            None => "frame.count".to_string(),
        }
    }

    fn call(&mut self, scope: &mut Scope, ty: Ty, depth: usize) -> Option<String> {
        if scope.calls_left == 0 {
            return None;
        }
        let fits: Vec<Callee> = scope
            .callees
            .iter()
            .filter(|c| c.ret == ty && (!c.takes_struct || scope.struct_var.is_some()))
            .cloned()
            .collect();
        let callee = self.rng.pick(&fits)?.clone();
        scope.calls_left -= 1;
        let mut args = Vec::new();
        if callee.takes_struct {
            args.push(scope.struct_var.clone().unwrap_or_default());
        }
        for p in &callee.params {
            args.push(self.expr(scope, *p, depth.saturating_sub(1)));
        }
        Some(format!("{}({})", callee.name, args.join(", ")))
    }

    /// An expression of type `ty`, at most `depth` operators deep.
    fn expr(&mut self, scope: &mut Scope, ty: Ty, depth: usize) -> String {
        if depth == 0 || self.rng.chance(20) {
            return self.leaf(scope, ty);
        }
        if self.rng.chance(8) {
            if let Some(call) = self.call(scope, ty, depth) {
                return call;
            }
        }
        let d = depth - 1;
        match ty {
            Ty::F => self.float_expr(scope, d),
            Ty::V2 | Ty::V3 | Ty::V4 => self.vector_expr(scope, ty, d),
            Ty::I => self.int_expr(scope, d),
            Ty::U => self.uint_expr(scope, d),
        }
    }

    fn float_expr(&mut self, scope: &mut Scope, d: usize) -> String {
        match self.rng.below(17) {
            0..=2 => {
                let op = self.rng.pick(&["+", "-", "*"]).copied().unwrap_or("+");
                let a = self.expr(scope, Ty::F, d);
                let b = self.expr(scope, Ty::F, d);
                format!("({a} {op} {b})")
            }
            3 => {
                let a = self.expr(scope, Ty::F, d);
                let b = self.expr(scope, Ty::F, d);
                format!("{a} / (abs({b}) + 1.0)")
            }
            4 => {
                let f = self
                    .rng
                    .pick(&["sin", "cos", "fract", "abs", "floor", "saturate", "tanh"])
                    .copied()
                    .unwrap_or("sin");
                let a = self.expr(scope, Ty::F, d);
                format!("{f}({a})")
            }
            5 => {
                let a = self.expr(scope, Ty::F, d);
                format!("sqrt(abs({a}) + 0.01)")
            }
            6 => {
                let w = Ty::vector(2 + self.rng.below(3));
                let a = self.expr(scope, w, d);
                let b = self.expr(scope, w, d);
                format!("dot({a}, {b})")
            }
            7 => {
                let w = Ty::vector(2 + self.rng.below(3));
                let a = self.expr(scope, w, d);
                format!("length({a})")
            }
            8 => {
                let a = self.expr(scope, Ty::F, d);
                format!("clamp({a}, 0.0, 1.0)")
            }
            9 => {
                let a = self.expr(scope, Ty::F, d);
                let b = self.expr(scope, Ty::F, d);
                let t = self.leaf(scope, Ty::F);
                format!("mix({a}, {b}, fract({t}))")
            }
            10 => {
                let f = self
                    .rng
                    .pick(&["max", "min", "step"])
                    .copied()
                    .unwrap_or("max");
                let a = self.expr(scope, Ty::F, d);
                let b = self.expr(scope, Ty::F, d);
                format!("{f}({a}, {b})")
            }
            11 => {
                let a = self.expr(scope, Ty::F, d);
                let e = self.rng.float(0.5, 3.0);
                format!("pow(abs({a}) + 0.5, {e})")
            }
            12 => {
                let i = self.expr(scope, Ty::I, d);
                format!("float({i})")
            }
            13 => {
                let a = self.expr(scope, Ty::F, d);
                let b = self.expr(scope, Ty::F, d);
                let x = self.expr(scope, Ty::F, d);
                let y = self.expr(scope, Ty::F, d);
                format!("(if {a} > {b} then {x} else {y})")
            }
            14 => {
                let a = self.expr(scope, Ty::F, d);
                format!("smoothstep(0.0, 1.0, {a})")
            }
            15 => {
                let a = self.expr(scope, Ty::F, d);
                format!("exp(-abs({a}))")
            }
            _ => {
                let u = self.expr(scope, Ty::U, d);
                format!("float({u} & 65535u) * 0.0001")
            }
        }
    }

    fn vector_expr(&mut self, scope: &mut Scope, ty: Ty, d: usize) -> String {
        let n = ty.name();
        match self.rng.below(13) {
            0..=2 => {
                let op = self.rng.pick(&["+", "-", "*"]).copied().unwrap_or("+");
                let a = self.expr(scope, ty, d);
                let b = self.expr(scope, ty, d);
                format!("({a} {op} {b})")
            }
            3 | 4 => {
                let a = self.expr(scope, ty, d);
                let s = self.expr(scope, Ty::F, d);
                format!("{a} * {s}")
            }
            5 => {
                let f = self
                    .rng
                    .pick(&["normalize", "fract", "abs", "sin", "cos", "saturate"])
                    .copied()
                    .unwrap_or("abs");
                let a = self.expr(scope, ty, d);
                format!("{f}({a})")
            }
            6 => {
                let a = self.expr(scope, ty, d);
                let b = self.expr(scope, ty, d);
                let t = self.expr(scope, Ty::F, d);
                format!("mix({a}, {b}, clamp({t}, 0.0, 1.0))")
            }
            7 => {
                let a = self.expr(scope, ty, d);
                format!("clamp({a}, {n}(0.0), {n}(1.0))")
            }
            8 if ty == Ty::V3 => {
                let a = self.expr(scope, Ty::V3, d);
                let b = self.expr(scope, Ty::V3, d);
                format!("cross({a}, {b})")
            }
            8 | 9 => {
                // Built from smaller parts.
                let first = Ty::vector(ty.width() - 1);
                let a = self.expr(scope, first, d);
                let s = self.expr(scope, Ty::F, d);
                format!("{n}({a}, {s})")
            }
            10 if ty == Ty::V4 => {
                let a = self.expr(scope, Ty::V3, d);
                format!("frame.view_proj * vec4({a}, 1.0)")
            }
            10 => {
                let a = self.expr(scope, ty, d);
                let b = self.expr(scope, ty, d);
                format!("reflect({a}, normalize({b}))")
            }
            11 => {
                let i = self.expr(scope, Ty::I, d);
                let sw = match ty {
                    Ty::V2 => ".xy",
                    Ty::V3 => ".xyz",
                    _ => "",
                };
                format!("inputs[{i} & 63]{sw}")
            }
            _ => {
                let uv = self.expr(scope, Ty::V2, d);
                let sw = match ty {
                    Ty::V2 => ".xy",
                    Ty::V3 => ".rgb",
                    _ => "",
                };
                format!("sample_level(lut, fract({uv}), 0.0){sw}")
            }
        }
    }

    fn int_expr(&mut self, scope: &mut Scope, d: usize) -> String {
        match self.rng.below(8) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "-", "*"]).copied().unwrap_or("+");
                let a = self.expr(scope, Ty::I, d);
                let b = self.expr(scope, Ty::I, d);
                format!("({a} {op} {b})")
            }
            2 => {
                let a = self.expr(scope, Ty::I, d);
                let m = self.rng.below(250) + 5;
                format!("({a} & {m})")
            }
            3 => {
                let a = self.expr(scope, Ty::I, d);
                let k = self.rng.below(9) + 2;
                let op = self.rng.pick(&["/", "%", ">>"]).copied().unwrap_or("/");
                format!("({a} {op} {k})")
            }
            4 => {
                let a = self.expr(scope, Ty::F, d);
                format!("int({a} * 8.0)")
            }
            5 => {
                // Builtins take their type from their arguments: one must not be a literal.
                let f = self.rng.pick(&["min", "max"]).copied().unwrap_or("min");
                let anchor = self.int_anchor(scope);
                let a = self.expr(scope, Ty::I, d);
                let b = self.expr(scope, Ty::I, d);
                format!("{f}({anchor} + {a}, {b})")
            }
            6 => {
                let u = self.expr(scope, Ty::U, d);
                format!("int({u} & 1023u)")
            }
            _ => {
                let anchor = self.int_anchor(scope);
                let a = self.expr(scope, Ty::I, d);
                format!("clamp({anchor} - {a}, 0, 255)")
            }
        }
    }

    fn uint_expr(&mut self, scope: &mut Scope, d: usize) -> String {
        match self.rng.below(7) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "~", "*", "|"]).copied().unwrap_or("+");
                let a = self.expr(scope, Ty::U, d);
                let b = self.expr(scope, Ty::U, d);
                format!("({a} {op} {b})")
            }
            2 => {
                let a = self.expr(scope, Ty::U, d);
                let k = self.rng.below(17) + 3;
                let op = self.rng.pick(&[">>", "<<"]).copied().unwrap_or(">>");
                format!("({a} {op} {k}u)")
            }
            3 => {
                let a = self.expr(scope, Ty::U, d);
                let m = self.rng.next() as u32 | 1;
                format!("({a} * {m}u)")
            }
            4 => {
                let i = self.expr(scope, Ty::I, d);
                format!("uint({i} & 4095)")
            }
            5 => {
                let a = self.expr(scope, Ty::U, d);
                format!("reverse_bits({a})")
            }
            _ => {
                let f = self.expr(scope, Ty::F, d);
                format!("as_uint({f})")
            }
        }
    }

    fn condition(&mut self, scope: &mut Scope) -> String {
        let ty = *self
            .rng
            .pick(&[Ty::F, Ty::F, Ty::I, Ty::U])
            .unwrap_or(&Ty::F);
        let op = self
            .rng
            .pick(&["<", ">", "<=", ">=", "!="])
            .copied()
            .unwrap_or("<");
        let a = self.expr(scope, ty, 1);
        let b = self.leaf(scope, ty);
        if self.rng.chance(20) {
            let c = self.expr(scope, Ty::F, 1);
            let joiner = self.rng.pick(&["and", "or"]).copied().unwrap_or("and");
            format!("{a} {op} {b} {joiner} {c} > 0.5")
        } else {
            format!("{a} {op} {b}")
        }
    }

    fn declare(&mut self, scope: &mut Scope, indent: usize, ty: Ty) {
        let name = scope.fresh("v");
        let e = self.expr(scope, ty, 3);
        let text = if ty.is_float() && self.rng.chance(60) {
            format!("let {name} = {e}")
        } else {
            format!("let {name}: {} = {e}", ty.name())
        };
        self.line(indent, &text);
        scope.vars.push((name, ty));
    }

    fn assign(&mut self, scope: &mut Scope, indent: usize) {
        // Assignable: locals only (parameters are copies but we keep them read-only for style).
        let locals: Vec<(String, Ty)> = scope
            .vars
            .iter()
            .filter(|(n, _)| n.starts_with('v'))
            .cloned()
            .collect();
        let Some((name, ty)) = self.rng.pick(&locals).cloned() else {
            return;
        };
        // Mostly compound assignments, so values keep depending on earlier ones; one in five
        // a plain `x = e`, which ends the old value's live range.
        let op = match ty {
            Ty::I | Ty::U => self
                .rng
                .pick(&["+=", "-=", "&=", "|=", "="])
                .copied()
                .unwrap_or("+="),
            _ => self
                .rng
                .pick(&["+=", "-=", "*=", "+=", "="])
                .copied()
                .unwrap_or("+="),
        };
        let e = self.expr(scope, ty, 2);
        self.line(indent, &format!("{name} {op} {e}"));
    }

    /// `count` statements at `indent`, nesting blocks at most `nest` deep.
    fn statements(&mut self, scope: &mut Scope, indent: usize, count: usize, nest: usize) {
        for _ in 0..count {
            let roll = self.rng.below(20);
            match roll {
                0..=8 => {
                    let ty = *self.rng.pick(&Ty::ALL).unwrap_or(&Ty::F);
                    self.declare(scope, indent, ty);
                }
                9..=11 => self.assign(scope, indent),
                12 | 13 if nest > 0 => self.if_chain(scope, indent, nest),
                14 | 15 if nest > 0 => self.for_loop(scope, indent, nest),
                16 if nest > 0 => self.while_loop(scope, indent, nest),
                17 if nest > 0 => self.array_block(scope, indent),
                18 if nest > 0 => self.matrix_block(scope, indent),
                _ => self.assign(scope, indent),
            }
        }
    }

    fn if_chain(&mut self, scope: &mut Scope, indent: usize, nest: usize) {
        let cond = self.condition(scope);
        self.line(indent, &format!("if {cond} then"));
        self.block(scope, indent + 1, nest - 1);
        let elseifs = self.rng.below(3);
        for _ in 0..elseifs {
            let cond = self.condition(scope);
            self.line(indent, &format!("elseif {cond} then"));
            self.block(scope, indent + 1, nest - 1);
        }
        if self.rng.chance(50) {
            self.line(indent, "else");
            self.block(scope, indent + 1, nest - 1);
        }
        self.line(indent, "end");
    }

    fn block(&mut self, scope: &mut Scope, indent: usize, nest: usize) {
        let saved = scope.vars.len();
        let count = 1 + self.rng.below(3);
        self.statements(scope, indent, count, nest);
        // An inner block always writes something declared outside it, so it is not dead.
        self.assign(scope, indent);
        scope.vars.truncate(saved);
    }

    fn for_loop(&mut self, scope: &mut Scope, indent: usize, nest: usize) {
        let counter = scope.fresh("i");
        let hi = 2 + self.rng.below(10);
        let header = match self.rng.below(4) {
            0 => format!("for {counter} = {hi}, 0, -1 do"),
            1 => format!("for {counter} = 0, {}, 2 do", hi * 2),
            _ => format!("for {counter} = 0, {hi} do"),
        };
        if self.rng.chance(15) {
            self.line(indent, "@unroll");
        }
        self.line(indent, &header);
        let saved = scope.vars.len();
        scope.vars.push((counter.clone(), Ty::I));
        let fname = scope.fresh("t");
        let scale = self.rng.float(0.1, 1.0);
        self.line(
            indent + 1,
            &format!("let {fname} = float({counter}) * {scale}"),
        );
        scope.vars.push((fname, Ty::F));
        let count = 1 + self.rng.below(3);
        self.statements(scope, indent + 1, count, nest - 1);
        self.assign(scope, indent + 1);
        if self.rng.chance(30) {
            let cond = self.condition(scope);
            self.line(indent + 1, &format!("if {cond} then"));
            self.line(indent + 2, "break");
            self.line(indent + 1, "end");
        }
        scope.vars.truncate(saved);
        self.line(indent, "end");
    }

    fn while_loop(&mut self, scope: &mut Scope, indent: usize, nest: usize) {
        let counter = scope.fresh("v");
        let limit = 3 + self.rng.below(12);
        self.line(indent, &format!("let {counter}: int = 0"));
        scope.vars.push((counter.clone(), Ty::I));
        self.line(indent, &format!("@max_iterations({})", limit + 1));
        let cond = self.condition(scope);
        self.line(
            indent,
            &format!("while {counter} < {limit} and not ({cond}) do"),
        );
        let saved = scope.vars.len();
        let count = 1 + self.rng.below(2);
        self.statements(scope, indent + 1, count, nest - 1);
        self.assign(scope, indent + 1);
        scope.vars.truncate(saved);
        self.line(indent + 1, &format!("{counter} += 1"));
        self.line(indent, "end");
    }

    fn array_block(&mut self, scope: &mut Scope, indent: usize) {
        let arr = scope.fresh("a");
        let len = 3 + self.rng.below(4);
        let items: Vec<String> = (0..len).map(|_| self.expr(scope, Ty::F, 1)).collect();
        self.line(
            indent,
            &format!("let {arr}: [{len}]float = {{ {} }}", items.join(", ")),
        );
        let idx = self.expr(scope, Ty::I, 1);
        let value = self.expr(scope, Ty::F, 2);
        self.line(indent, &format!("{arr}[({idx}) & {}] = {value}", len - 1));
        let sum = scope.fresh("v");
        self.line(indent, &format!("let {sum} = 0.0"));
        let k = scope.fresh("i");
        self.line(indent, &format!("for {k} = 0, #{arr} - 1 do"));
        self.line(indent + 1, &format!("{sum} += {arr}[{k}] * float({k} + 1)"));
        self.line(indent, "end");
        scope.vars.push((sum, Ty::F));
    }

    fn matrix_block(&mut self, scope: &mut Scope, indent: usize) {
        let m = scope.fresh("m");
        let cols: Vec<String> = (0..3).map(|_| self.expr(scope, Ty::V3, 1)).collect();
        self.line(indent, &format!("let {m} = mat3({})", cols.join(", ")));
        let v = scope.fresh("v");
        let x = self.expr(scope, Ty::V3, 2);
        let op = if self.rng.chance(50) {
            format!("{m} * {x}")
        } else {
            format!("transpose({m}) * {x}")
        };
        self.line(indent, &format!("let {v} = {op}"));
        scope.vars.push((v, Ty::V3));
    }
}

/// Field types of a module's struct, by name.
fn struct_fields(rng: &mut Rng) -> Vec<(String, Ty)> {
    let names = [
        "albedo", "normal", "weight", "bias", "scale", "offset", "color", "count", "mask",
        "origin", "extent", "rough", "layer", "flags",
    ];
    let n = 3 + rng.below(4);
    let start = rng.below(names.len());
    (0..n)
        .map(|i| {
            let name = names.get((start + i) % names.len()).copied().unwrap_or("f");
            let ty = *rng.pick(&Ty::ALL).unwrap_or(&Ty::F);
            (name.to_string(), ty)
        })
        .collect()
}

const THEMES: [&str; 8] = [
    "lighting",
    "noise",
    "color grading",
    "geometry",
    "hashing",
    "filtering",
    "shadows",
    "fog",
];

/// Writes module `k`: a struct, a constant, leaf functions, two middle functions and the root
/// `m{k}_main(p: vec3, seed: uint) -> vec4`. `earlier_leaves` are leaf functions of earlier
/// modules the root may call; the module's own leaves are appended to it.
fn module(out: &mut String, k: usize, seed: u64, earlier_leaves: &mut Vec<Callee>) {
    let mut rng = Rng::new(seed ^ (k as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let fields = struct_fields(&mut rng);
    let theme = THEMES.get(k % THEMES.len()).copied().unwrap_or("misc");
    let mut g = Gen { rng, out };
    let _ = writeln!(g.out, "-- Module {k}: {theme} helpers.");
    g.line(0, &format!("struct S{k}"));
    for (name, ty) in &fields {
        g.line(1, &format!("{name}: {}", ty.name()));
    }
    g.line(0, "end");
    g.line(0, "");
    let c = g.rng.float(0.5, 2.5);
    g.line(0, &format!("const K{k} = {c}"));
    g.line(0, "");

    let mut leaves: Vec<Callee> = Vec::new();
    let leaf_count = 2 + g.rng.below(3);
    for j in 0..leaf_count {
        let callee = function(&mut g, k, &format!("leaf{j}"), &fields, &[], 0, 2);
        leaves.push(callee);
    }
    let mut mids: Vec<Callee> = Vec::new();
    for j in 0..2 {
        let callee = function(&mut g, k, &format!("mix{j}"), &fields, &leaves, 2, 2);
        mids.push(callee);
    }
    root(&mut g, k, &fields, &mids, earlier_leaves);
    // Only struct-free leaves can be called from other modules.
    earlier_leaves.extend(leaves.into_iter().filter(|c| !c.takes_struct));
    // Keep the pool small and recent so cross-module calls stay local, like a real library.
    if earlier_leaves.len() > 24 {
        let excess = earlier_leaves.len() - 24;
        earlier_leaves.drain(..excess);
    }
}

/// Writes one function with random parameters and body; returns how to call it.
fn function(
    g: &mut Gen<'_>,
    k: usize,
    suffix: &str,
    fields: &[(String, Ty)],
    callees: &[Callee],
    calls: usize,
    nest: usize,
) -> Callee {
    let name = format!("m{k}_{suffix}");
    let takes_struct = g.rng.chance(50);
    let nparams = 1 + g.rng.below(3);
    let params: Vec<Ty> = (0..nparams)
        .map(|_| *g.rng.pick(&Ty::ALL).unwrap_or(&Ty::F))
        .collect();
    let ret = *g.rng.pick(&Ty::ALL).unwrap_or(&Ty::F);
    let mut scope = Scope {
        vars: Vec::new(),
        struct_var: None,
        fields: fields.to_vec(),
        callees: callees.to_vec(),
        calls_left: calls,
        next_id: 0,
    };
    let mut plist = Vec::new();
    if takes_struct {
        plist.push(format!("s: S{k}"));
        scope.struct_var = Some("s".to_string());
    }
    for (i, ty) in params.iter().enumerate() {
        let p = format!("p{i}");
        plist.push(format!("{p}: {}", ty.name()));
        scope.vars.push((p, *ty));
    }
    g.line(
        0,
        &format!("function {name}({}) -> {}", plist.join(", "), ret.name()),
    );
    let count = 3 + g.rng.below(5);
    g.statements(&mut scope, 1, count, nest);
    // Make sure called functions' results flow into the result, not only into dead locals.
    let usable: Vec<Callee> = callees
        .iter()
        .filter(|c| !c.takes_struct || scope.struct_var.is_some())
        .cloned()
        .collect();
    let forced = if scope.calls_left > 0 {
        g.rng.pick(&usable).cloned()
    } else {
        None
    };
    if let Some(callee) = forced {
        scope.calls_left = scope.calls_left.saturating_sub(1);
        let mut args = Vec::new();
        if callee.takes_struct {
            args.push("s".to_string());
        }
        for p in &callee.params {
            args.push(g.expr(&mut scope, *p, 1));
        }
        let v = scope.fresh("v");
        g.line(
            1,
            &format!(
                "let {v}: {} = {}({})",
                callee.ret.name(),
                callee.name,
                args.join(", ")
            ),
        );
        scope.vars.push((v, callee.ret));
    }
    let result = combine(g, &mut scope, ret);
    g.line(1, &format!("return {result}"));
    g.line(0, "end");
    g.line(0, "");
    Callee {
        name,
        params,
        takes_struct,
        ret,
    }
}

/// An expression of type `ret` that uses several of the locals in scope (so they stay live).
fn combine(g: &mut Gen<'_>, scope: &mut Scope, ret: Ty) -> String {
    let mut terms = vec![g.expr(scope, ret, 2)];
    let same: Vec<String> = scope
        .vars_of(ret)
        .into_iter()
        .rev()
        .take(3)
        .map(str::to_string)
        .collect();
    terms.extend(same);
    let floats: Vec<(String, Ty)> = scope
        .vars
        .iter()
        .rev()
        .filter(|(_, t)| *t == Ty::F)
        .take(2)
        .cloned()
        .collect();
    let mut text = terms.join(" + ");
    if ret.is_float() {
        for (f, _) in floats {
            text = format!("({text}) * (1.0 + fract({f}))");
        }
    }
    text
}

/// Writes the module's root: builds the struct, calls both middle functions and one leaf of an
/// earlier module.
fn root(g: &mut Gen<'_>, k: usize, fields: &[(String, Ty)], mids: &[Callee], earlier: &[Callee]) {
    let mut scope = Scope {
        vars: vec![("p".to_string(), Ty::V3), ("seed".to_string(), Ty::U)],
        struct_var: None,
        fields: fields.to_vec(),
        callees: Vec::new(),
        calls_left: 0,
        next_id: 0,
    };
    g.line(
        0,
        &format!("function m{k}_main(p: vec3, seed: uint) -> vec4"),
    );
    let inits: Vec<String> = fields
        .iter()
        .map(|(name, ty)| format!("{name} = {}", g.expr(&mut scope, *ty, 1)))
        .collect();
    g.line(1, &format!("let s = S{k} {{ {} }}", inits.join(", ")));
    scope.struct_var = Some("s".to_string());
    let count = 2 + g.rng.below(4);
    g.statements(&mut scope, 1, count, 2);
    let mut results = Vec::new();
    let calls: Vec<&Callee> = mids.iter().chain(g.rng.pick(earlier)).collect();
    for callee in calls {
        let mut args = Vec::new();
        if callee.takes_struct {
            args.push("s".to_string());
        }
        for p in &callee.params {
            args.push(g.expr(&mut scope, *p, 1));
        }
        let v = scope.fresh("r");
        g.line(
            1,
            &format!("let {v} = {}({})", callee.name, args.join(", ")),
        );
        scope.vars.push((v.clone(), callee.ret));
        results.push((v, callee.ret));
    }
    let mut acc = format!("vec4(p, K{k})");
    for (v, ty) in &results {
        let as_vec4 = match ty {
            Ty::F => format!("vec4({v})"),
            Ty::V2 => format!("vec4({v}, {v})"),
            Ty::V3 => format!("vec4({v}, 1.0)"),
            Ty::V4 => v.clone(),
            Ty::I => format!("vec4(float({v}))"),
            Ty::U => format!("vec4(float({v} & 255u))"),
        };
        acc = format!("{acc} + {as_vec4}");
    }
    let extra = combine(g, &mut scope, Ty::V4);
    g.line(1, &format!("return {acc} + {extra}"));
    g.line(0, "end");
    g.line(0, "");
}

const PRELUDE: &str = "\
-- Generated by luma-bench (crates/luma-bench/src/generate.rs): a large, realistic benchmark
-- shader. Do not edit; regenerate with `luma-bench generate`.

struct Frame
\tview_proj: mat4
\tcamera: vec4
\ttint: vec4
\ttime: float
\tcount: int
\tseed: uint
end

uniform frame: Frame
@access(read) buffer inputs: []vec4
buffer outputs: []vec4
uniform lut: sampler2D

";

/// Generates a shader of `modules` modules from `seed`.
pub fn generate(modules: usize, seed: u64) -> String {
    let mut out = String::with_capacity(modules * 3000);
    out.push_str(PRELUDE);
    let mut leaves = Vec::new();
    let modules = modules.max(1);
    for k in 0..modules {
        module(&mut out, k, seed, &mut leaves);
    }
    let groups = modules.div_ceil(GROUP_SIZE);
    for gi in 0..groups {
        let _ = writeln!(out, "function group{gi}(p: vec3, seed: uint) -> vec4");
        out.push_str("\tlet acc = vec4(0.0)\n");
        let first = gi * GROUP_SIZE;
        let last = (first + GROUP_SIZE).min(modules);
        for k in first..last {
            let _ = writeln!(
                out,
                "\tacc += m{k}_main(p + vec3({}.0), seed ~ {}u)",
                k % 7,
                (k as u64).wrapping_mul(2_654_435_761) % 1_000_000
            );
        }
        out.push_str("\treturn acc\nend\n\n");
    }
    // The compute entry point runs the even groups, the fragment one the odd groups; the
    // vertex one runs the first group.
    out.push_str(
        "@entry(compute) @workgroup_size(64)\n\
         function cs_main(@builtin(global_invocation_id) gid: uvec3)\n\
         \tlet p = inputs[int(gid.x) & 63].xyz\n\
         \tlet acc = vec4(0.0)\n",
    );
    for gi in (0..groups).step_by(2) {
        let _ = writeln!(out, "\tacc += group{gi}(p, gid.x + {gi}u)");
    }
    out.push_str(
        "\tif gid.x < uint(#outputs) then\n\
         \t\toutputs[gid.x] = acc\n\
         \tend\n\
         end\n\n",
    );
    out.push_str(
        "@entry(vertex)\n\
         function vs_main(@builtin(vertex_index) vi: uint, position: vec3, normal: vec3) -> (@builtin(position) clip: vec4, uv: vec2, n: vec3)\n\
         \tlet g = group0(position, vi)\n\
         \treturn { clip = frame.view_proj * vec4(position + g.xyz * 0.001, 1.0), uv = position.xy, n = normal }\n\
         end\n\n",
    );
    out.push_str(
        "@entry(fragment)\n\
         function fs_main(uv: vec2, n: vec3) -> (color: vec4)\n\
         \tlet p = vec3(uv, n.z)\n\
         \tlet acc = vec4(0.0)\n",
    );
    for gi in (1..groups).step_by(2) {
        let _ = writeln!(out, "\tacc += group{gi}(p, frame.seed + {gi}u)");
    }
    out.push_str("\treturn { color = acc * frame.tint }\nend\n");
    out
}

/// The smallest module count whose shader has at least `lines` lines.
pub fn modules_for_lines(lines: usize, seed: u64) -> usize {
    // Lines grow linearly with modules; measure a sample and extrapolate, then correct.
    let sample = 64;
    let per = generate(sample, seed).lines().count().max(1) as f64 / sample as f64;
    let mut modules = ((lines as f64 / per).ceil() as usize).max(1);
    while generate(modules, seed).lines().count() < lines {
        modules += (modules / 100).max(1);
    }
    modules
}
