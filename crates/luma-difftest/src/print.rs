//! Luma source text of a [`Case`]: the four buffers, every program's structs and functions, and
//! the entry point `difftest` that calls each program's body in turn.
//!
//! Expressions get only the parentheses the precedence table of language.md §7.1 needs (binary
//! operators are left-associative), so the parser's precedence is under test too; an
//! if-expression, which extends as far right as possible, is parenthesised wherever it is an
//! operand.

use std::fmt::Write;

use crate::ast::{
    AtomicOp, AtomicRef, BinOp, Buf, Case, Expr, Func, Lit, LoopAttr, Place, Program, Stmt,
    StructDef, Ty, UnOp,
};

/// The entry point's name.
pub const ENTRY: &str = "difftest";

/// The whole shader.
pub fn case(c: &Case) -> String {
    let mut out = String::new();
    let seeds: Vec<String> = c.programs.iter().map(|p| p.seed.to_string()).collect();
    let _ = writeln!(
        out,
        "-- luma-difftest programs (seeds {})",
        seeds.join(", ")
    );
    out.push('\n');
    for b in [Buf::Inp, Buf::Finp, Buf::Out, Buf::Fout] {
        let _ = writeln!(out, "buffer {}: []{}", b.name(), b.element().name());
    }
    for p in &c.programs {
        program(&mut out, p);
    }
    out.push('\n');
    let _ = writeln!(out, "@entry(compute) @workgroup_size(1)");
    let _ = writeln!(out, "function {ENTRY}()");
    // Every buffer is used whatever the programs do, so that every path binds all four.
    out.push_str("\tout[0] = inp[0]\n\tfout[0] = finp[0]\n");
    for p in &c.programs {
        if let Some(body) = p.body() {
            let _ = writeln!(out, "\t{}()", body.name);
        }
    }
    out.push_str("end\n");
    out
}

fn program(out: &mut String, p: &Program) {
    for s in &p.structs {
        struct_def(out, s);
    }
    if !p.shared.is_empty() || !p.atomics.is_empty() {
        out.push('\n');
    }
    for (name, ty) in &p.shared {
        let _ = writeln!(out, "shared {name}: {}", type_name(ty));
    }
    for (name, s, len) in &p.atomics {
        let n = len.map(|n| format!("[{n}]")).unwrap_or_default();
        let _ = writeln!(out, "shared {name}: {n}atomic_{}", s.name());
    }
    for f in &p.funcs {
        func(out, f);
    }
}

fn struct_def(out: &mut String, s: &StructDef) {
    let _ = writeln!(out, "\nstruct {}", s.name);
    for (name, ty) in &s.fields {
        let _ = writeln!(out, "\t{name}: {}", type_name(ty));
    }
    out.push_str("end\n");
}

fn func(out: &mut String, f: &Func) {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|(n, t)| format!("{n}: {}", type_name(t)))
        .collect();
    let _ = write!(out, "\nfunction {}({})", f.name, params.join(", "));
    if let Some(r) = &f.ret {
        let _ = write!(out, " -> {}", type_name(r));
    }
    out.push('\n');
    block(out, &f.body, 1);
    out.push_str("end\n");
}

/// A type's spelling.
pub fn type_name(t: &Ty) -> String {
    match t {
        Ty::Scalar(s) => s.name().to_string(),
        Ty::Vector(s, n) => format!("{}{n}", s.vector_prefix()),
        Ty::Array(e, n) => format!("[{n}]{}", type_name(e)),
        Ty::Struct(name) => name.clone(),
        Ty::Matrix(c, r) if c == r => format!("mat{c}"),
        Ty::Matrix(c, r) => format!("mat{c}x{r}"),
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push('\t');
    }
}

fn block(out: &mut String, stmts: &[Stmt], depth: usize) {
    for s in stmts {
        stmt(out, s, depth);
    }
}

fn attrs(out: &mut String, a: &LoopAttr, depth: usize) {
    let mut parts = Vec::new();
    if let Some(n) = a.max_iterations {
        parts.push(format!("@max_iterations({n})"));
    }
    match a.unroll {
        Some(Some(n)) => parts.push(format!("@unroll({n})")),
        Some(None) => parts.push("@unroll".to_string()),
        None => {}
    }
    if !parts.is_empty() {
        indent(out, depth);
        out.push_str(&parts.join(" "));
        out.push('\n');
    }
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    match s {
        Stmt::Let { name, ty, init } => {
            indent(out, depth);
            let _ = writeln!(out, "let {name}: {} = {}", type_name(ty), expr(init, 0));
        }
        Stmt::Const { name, ty, init } => {
            indent(out, depth);
            let _ = writeln!(out, "const {name}: {} = {}", type_name(ty), expr(init, 0));
        }
        Stmt::Assign {
            place: p,
            op,
            value,
        } => {
            indent(out, depth);
            let o = op.map(BinOp::text).unwrap_or("");
            let _ = writeln!(out, "{} {o}= {}", place(p), expr(value, 0));
        }
        Stmt::If { arms, otherwise } => {
            for (i, (c, b)) in arms.iter().enumerate() {
                indent(out, depth);
                let kw = if i == 0 { "if" } else { "elseif" };
                let _ = writeln!(out, "{kw} {} then", expr(c, 0));
                block(out, b, depth + 1);
            }
            if let Some(b) = otherwise {
                indent(out, depth);
                out.push_str("else\n");
                block(out, b, depth + 1);
            }
            indent(out, depth);
            out.push_str("end\n");
        }
        Stmt::For {
            var,
            first,
            last,
            step,
            attr,
            body,
            ..
        } => {
            attrs(out, attr, depth);
            indent(out, depth);
            let _ = write!(out, "for {var} = {}, {}", expr(first, 0), expr(last, 0));
            if let Some(s) = step {
                let _ = write!(out, ", {}", expr(s, 0));
            }
            out.push_str(" do\n");
            block(out, body, depth + 1);
            indent(out, depth);
            out.push_str("end\n");
        }
        Stmt::While { cond, attr, body } => {
            attrs(out, attr, depth);
            indent(out, depth);
            let _ = writeln!(out, "while {} do", expr(cond, 0));
            block(out, body, depth + 1);
            indent(out, depth);
            out.push_str("end\n");
        }
        Stmt::Do(b) => {
            indent(out, depth);
            out.push_str("do\n");
            block(out, b, depth + 1);
            indent(out, depth);
            out.push_str("end\n");
        }
        Stmt::Break => {
            indent(out, depth);
            out.push_str("break\n");
        }
        Stmt::Return(e) => {
            indent(out, depth);
            match e {
                Some(e) => {
                    let _ = writeln!(out, "return {}", expr(e, 0));
                }
                None => out.push_str("return\n"),
            }
        }
        Stmt::Call(name, args) => {
            indent(out, depth);
            let _ = writeln!(out, "{name}({})", list(args));
        }
        Stmt::Atomic(op, name, args) => {
            indent(out, depth);
            let _ = writeln!(out, "{}", atomic(*op, name, args));
        }
        Stmt::Barrier => {
            indent(out, depth);
            out.push_str("workgroup_barrier()\n");
        }
    }
}

fn place(p: &Place) -> String {
    match p {
        Place::Var(n) => n.clone(),
        Place::Buf(b, i) => format!("{}[{}]", b.name(), expr(i, 0)),
        Place::Field(p, f) => format!("{}.{f}", place(p)),
        Place::Index(p, i) => format!("{}[{}]", place(p), expr(i, 0)),
        Place::Swizzle(p, c) => format!("{}.{}", place(p), swizzle(c)),
    }
}

fn swizzle(c: &[u8]) -> String {
    c.iter()
        .map(|i| match i {
            0 => 'x',
            1 => 'y',
            2 => 'z',
            _ => 'w',
        })
        .collect()
}

fn atomic(op: AtomicOp, a: &AtomicRef, args: &[Expr]) -> String {
    let name = match &a.index {
        Some(i) => format!("{}[{}]", a.name, expr(i, 0)),
        None => a.name.clone(),
    };
    if args.is_empty() {
        format!("{}({name})", op.name())
    } else {
        format!("{}({name}, {})", op.name(), list(args))
    }
}

fn list(args: &[Expr]) -> String {
    args.iter()
        .map(|a| expr(a, 0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A literal's spelling.
pub fn literal(l: Lit) -> String {
    match l {
        Lit::Bool(b) => b.to_string(),
        Lit::Int(v) => v.to_string(),
        Lit::Uint(v) if v >= 0x10000 => format!("0x{v:X}u"),
        Lit::Uint(v) => format!("{v}u"),
        Lit::Float(v) => {
            // `{:?}` is the shortest text that reads back as the same f32, always with a `.`
            // or an exponent, so the lexer sees a float.
            format!("{v:?}")
        }
    }
}

/// Precedence of an expression: 0 if-expression, 1-9 binary levels, 10 unary, 11 postfix and
/// atoms.
fn level(e: &Expr) -> u8 {
    match e {
        Expr::If(..) => 0,
        Expr::Binary(op, ..) => op.level(),
        Expr::Unary(..) | Expr::Len(_) | Expr::BufLen(_) => 10,
        Expr::Lit(Lit::Int(v)) if *v < 0 => 10,
        Expr::Lit(Lit::Float(v)) if v.is_sign_negative() => 10,
        _ => 11,
    }
}

/// `e` printed where an expression of at least precedence `min` is needed.
pub fn expr(e: &Expr, min: u8) -> String {
    let text = bare(e);
    if level(e) < min || (min > 0 && matches!(e, Expr::If(..))) {
        format!("({text})")
    } else {
        text
    }
}

fn bare(e: &Expr) -> String {
    match e {
        Expr::Lit(l) => literal(*l),
        Expr::Var(n) => n.clone(),
        Expr::Load(b, i) => format!("{}[{}]", b.name(), expr(i, 0)),
        Expr::BufLen(b) => format!("#{}", b.name()),
        Expr::Len(a) => format!("#{}", expr(a, 11)),
        Expr::Unary(op, a) => {
            let o = match op {
                UnOp::Neg => "-",
                UnOp::Not => "not ",
                UnOp::BitNot => "~",
            };
            let inner = expr(a, 10);
            // `--` starts a comment: a negated operand that itself starts with `-` gets
            // parentheses.
            if inner.starts_with('-') {
                format!("{o}({inner})")
            } else {
                format!("{o}{inner}")
            }
        }
        Expr::Binary(op, a, b) => {
            let l = op.level();
            format!("{} {} {}", expr(a, l), op.text(), expr(b, l + 1))
        }
        Expr::Builtin(f, args) => format!("{}({})", f.name(), list(args)),
        Expr::UnpackExact(u, w) => format!(
            "floor({}({}) * {} + 0.5)",
            u.builtin().name(),
            expr(w, 0),
            literal(Lit::Float(u.scale()))
        ),
        Expr::Call(name, args) => format!("{name}({})", list(args)),
        Expr::Atomic(op, name, args) => atomic(*op, name, args),
        Expr::Construct(ty, parts) => match ty {
            // One part for several elements is a fill constructor.
            Ty::Array(_, n) if parts.len() == 1 && *n != 1 => {
                format!("{}({})", type_name(ty), list(parts))
            }
            Ty::Array(..) => format!("{} {{ {} }}", type_name(ty), list(parts)),
            _ => format!("{}({})", type_name(ty), list(parts)),
        },
        Expr::Struct(name, fields) => {
            let fields: Vec<String> = fields
                .iter()
                .map(|(f, v)| format!("{f} = {}", expr(v, 0)))
                .collect();
            format!("{name} {{ {} }}", fields.join(", "))
        }
        Expr::Convert(ty, a) => format!("{}({})", type_name(ty), expr(a, 0)),
        Expr::Swizzle(a, c) => format!("{}.{}", expr(a, 11), swizzle(c)),
        Expr::Index(a, i) => format!("{}[{}]", expr(a, 11), expr(i, 0)),
        Expr::Field(a, f) => format!("{}.{f}", expr(a, 11)),
        Expr::If(c, a, b) => format!("if {} then {} else {}", expr(c, 0), expr(a, 0), expr(b, 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: &str) -> Box<Expr> {
        Box::new(Expr::Var(n.into()))
    }

    #[test]
    fn parentheses_follow_precedence() {
        let sum = Expr::Binary(BinOp::Add, v("a"), v("b"));
        let prod = Expr::Binary(BinOp::Mul, Box::new(sum.clone()), v("c"));
        assert_eq!(expr(&prod, 0), "(a + b) * c");
        let left = Expr::Binary(BinOp::Sub, Box::new(sum.clone()), v("c"));
        assert_eq!(expr(&left, 0), "a + b - c");
        let right = Expr::Binary(BinOp::Sub, v("c"), Box::new(sum));
        assert_eq!(expr(&right, 0), "c - (a + b)");
        let neg = Expr::Unary(UnOp::Neg, Box::new(Expr::Lit(Lit::Int(-3))));
        assert_eq!(expr(&neg, 0), "-(-3)");
        let shift = Expr::Binary(
            BinOp::BitAnd,
            v("x"),
            Box::new(Expr::Binary(BinOp::Shl, v("y"), v("z"))),
        );
        assert_eq!(expr(&shift, 0), "x & y << z");
    }

    #[test]
    fn if_expressions_are_parenthesised_as_operands() {
        let ife = Expr::If(v("c"), v("a"), v("b"));
        assert_eq!(expr(&ife, 0), "if c then a else b");
        let sum = Expr::Binary(BinOp::Add, Box::new(ife), v("d"));
        assert_eq!(expr(&sum, 0), "(if c then a else b) + d");
    }

    #[test]
    fn literals_read_back_exactly() {
        assert_eq!(literal(Lit::Float(0.0625)), "0.0625");
        assert_eq!(literal(Lit::Float(-3.0)), "-3.0");
        assert_eq!(literal(Lit::Uint(0xdead_beef)), "0xDEADBEEFu");
        assert_eq!(literal(Lit::Int(i32::MIN)), "-2147483648");
    }
}
