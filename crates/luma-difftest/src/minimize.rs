//! Automatic minimisation of a disagreeing case (delta debugging on the syntax tree): drop
//! programs and helpers, delete statements, replace an `if` by one of its arms or a loop by its
//! body, drop `elseif` / `else` arms, and replace an expression by a sub-expression of the same
//! type, keeping each edit while the disagreement persists.
//!
//! An edit is kept when the smaller case is still determinate for the evaluator and at least one
//! of the originally failing sources still fails the same way ([`crate::run::Verdict::signature`]).
//! Edits keep programs well typed: a `let` is deleted only when nothing after it names the
//! variable, a helper only when nothing calls it, and replacements have the replaced type.

use crate::ast::{
    BinOp, Buf, Builtin, Case, Expr, Func, Lit, Place, Program, Scalar, Stmt, Ty, UnOp,
};

/// Most cases the minimiser tries before it stops with what it has.
pub const MAX_TRIES: usize = 3000;

/// Shrinks `case` while `interesting` holds; returns the smallest case found and the number of
/// candidates tried.
pub fn minimize(case: &Case, interesting: &mut dyn FnMut(&Case) -> bool) -> (Case, usize) {
    let mut best = case.clone();
    let mut tries = 0;
    // Programs first: a batch shrinks to the programs that matter before any program is edited.
    // [`candidates`] makes one copy of the case per edit, and the edits grow with every
    // expression (each can become a zero), so on a batch of ten large programs that is a
    // hundred times the memory of the same edits on one (24 GB, killed, on seeds 40-49).
    let mut k = 0;
    while best.programs.len() > 1 && k < best.programs.len() {
        if tries >= MAX_TRIES {
            return (best, tries);
        }
        tries += 1;
        let mut c = best.clone();
        c.programs.remove(k);
        if interesting(&c) {
            best = c;
        } else {
            k += 1;
        }
    }
    loop {
        let mut improved = false;
        let mut k = 0;
        let mut cands = candidates(&best);
        while let Some(c) = cands.get(k) {
            if tries >= MAX_TRIES {
                return (best, tries);
            }
            tries += 1;
            if interesting(c) {
                best = c.clone();
                improved = true;
                // The same index now names the next edit of the smaller case.
                cands = candidates(&best);
            } else {
                k += 1;
            }
        }
        if !improved {
            return (best, tries);
        }
    }
}

/// Every one-edit smaller version of `case`, larger edits first.
pub fn candidates(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    if case.programs.len() > 1 {
        for k in 0..case.programs.len() {
            let mut c = case.clone();
            c.programs.remove(k);
            out.push(c);
        }
    }
    for (pi, p) in case.programs.iter().enumerate() {
        for variant in program_variants(case, p) {
            let mut c = case.clone();
            if let Some(slot) = c.programs.get_mut(pi) {
                *slot = variant;
            }
            out.push(c);
        }
    }
    out
}

fn program_variants(case: &Case, p: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    // Unused structs: named nowhere but in their own definition.
    let text = crate::print::case(case);
    for (si, s) in p.structs.iter().enumerate() {
        let uses = text
            .match_indices(s.name.as_str())
            .filter(|(i, _)| {
                // Whole names only: `p0_S1` is not a use of `p0_S10`.
                let next = text.get(i + s.name.len()..).and_then(|r| r.chars().next());
                !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            })
            .count();
        if uses <= 1 {
            let mut q = p.clone();
            q.structs.remove(si);
            out.push(q);
        }
    }
    let body_index = p.funcs.len().saturating_sub(1);
    // A `shared` variable no helper names becomes a local of the body: its first store (the
    // body's opening statements store every one) declares it instead.
    for (gi, (name, ty)) in p.shared.iter().enumerate() {
        let helpers = p.funcs.get(..body_index).unwrap_or_default();
        if helpers.iter().any(|f| mentions(&f.body, name)) {
            continue;
        }
        let mut q = p.clone();
        q.shared.remove(gi);
        let Some(body) = q.funcs.get_mut(body_index) else {
            continue;
        };
        let first = body.body.iter().position(
            |s| matches!(s, Stmt::Assign { place: Place::Var(n), op: None, .. } if n == name),
        );
        if let Some(k) = first {
            if let Some(Stmt::Assign { value, .. }) = body.body.get(k).cloned() {
                if let Some(slot) = body.body.get_mut(k) {
                    *slot = Stmt::Let {
                        name: name.clone(),
                        ty: ty.clone(),
                        init: value,
                    };
                }
                out.push(q);
            }
        }
    }
    // Unused helpers.
    for (fi, f) in p.funcs.iter().enumerate() {
        if fi == body_index {
            continue;
        }
        if !p.funcs.iter().any(|g| calls(&g.body, &f.name)) {
            let mut q = p.clone();
            q.funcs.remove(fi);
            out.push(q);
        }
    }
    for (fi, f) in p.funcs.iter().enumerate() {
        let mut typer = Typer::new(case, f);
        for body in typer.block_variants(&f.body, f.ret.is_some(), true) {
            let mut q = p.clone();
            if let Some(g) = q.funcs.get_mut(fi) {
                g.body = body;
            }
            out.push(q);
        }
    }
    out
}

fn calls(b: &[Stmt], name: &str) -> bool {
    let mut found = false;
    for s in b {
        visit_stmt(s, &mut |e| {
            if let Expr::Call(n, _) = e {
                found |= n == name;
            }
        });
        if let Stmt::Call(n, _) = s {
            found |= n == name;
        }
        for inner in sub_blocks(s) {
            found |= calls(inner, name);
        }
    }
    found
}

fn sub_blocks(s: &Stmt) -> Vec<&Vec<Stmt>> {
    match s {
        Stmt::If { arms, otherwise } => {
            let mut v: Vec<&Vec<Stmt>> = arms.iter().map(|(_, b)| b).collect();
            if let Some(b) = otherwise {
                v.push(b);
            }
            v
        }
        Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::Do(body) => vec![body],
        _ => Vec::new(),
    }
}

/// Calls `f` on every expression of `s` itself (not of nested blocks), outermost first.
fn visit_stmt(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    let mut roots: Vec<&Expr> = Vec::new();
    match s {
        Stmt::Let { init, .. } | Stmt::Const { init, .. } => roots.push(init),
        Stmt::Assign { place, value, .. } => {
            place_exprs(place, &mut roots);
            roots.push(value);
        }
        Stmt::If { arms, .. } => roots.extend(arms.iter().map(|(c, _)| c)),
        Stmt::For {
            first, last, step, ..
        } => {
            roots.push(first);
            roots.push(last);
            if let Some(s) = step {
                roots.push(s);
            }
        }
        Stmt::While { cond, .. } => roots.push(cond),
        Stmt::Return(Some(e)) => roots.push(e),
        Stmt::Call(_, args) | Stmt::Atomic(_, _, args) => roots.extend(args.iter()),
        Stmt::Do(_) | Stmt::Break | Stmt::Return(None) | Stmt::Barrier => {}
    }
    let mut stack = roots;
    while let Some(e) = stack.pop() {
        f(e);
        stack.extend(children(e));
    }
}

fn place_exprs<'a>(p: &'a Place, out: &mut Vec<&'a Expr>) {
    match p {
        Place::Var(_) => {}
        Place::Buf(_, i) => out.push(i),
        Place::Field(q, _) | Place::Swizzle(q, _) => place_exprs(q, out),
        Place::Index(q, i) => {
            place_exprs(q, out);
            out.push(i);
        }
    }
}

fn place_root(p: &Place) -> Option<&str> {
    match p {
        Place::Var(n) => Some(n),
        Place::Buf(..) => None,
        Place::Field(q, _) | Place::Swizzle(q, _) | Place::Index(q, _) => place_root(q),
    }
}

fn children(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::BufLen(_) => Vec::new(),
        Expr::Load(_, a)
        | Expr::Len(a)
        | Expr::Unary(_, a)
        | Expr::UnpackExact(_, a)
        | Expr::Convert(_, a)
        | Expr::Swizzle(a, _)
        | Expr::Field(a, _) => vec![a],
        Expr::Binary(_, a, b) | Expr::Index(a, b) => vec![a, b],
        Expr::Builtin(_, args)
        | Expr::Call(_, args)
        | Expr::Construct(_, args)
        | Expr::Atomic(_, _, args) => args.iter().collect(),
        Expr::Struct(_, fields) => fields.iter().map(|(_, e)| e).collect(),
        Expr::If(c, a, b) => vec![c, a, b],
    }
}

/// Whether `name` is read or written anywhere in `stmts`.
fn mentions(stmts: &[Stmt], name: &str) -> bool {
    let mut found = false;
    for s in stmts {
        visit_stmt(s, &mut |e| {
            if let Expr::Var(n) = e {
                found |= n == name;
            }
        });
        if let Stmt::Assign { place, .. } = s {
            found |= place_root(place) == Some(name);
        }
        for b in sub_blocks(s) {
            found |= mentions(b, name);
        }
    }
    found
}

/// Whether `b` holds a `break` that leaves the loop around it (not one of a nested loop).
fn breaks_out(b: &[Stmt]) -> bool {
    b.iter().any(|s| match s {
        Stmt::Break => true,
        Stmt::If { .. } | Stmt::Do(_) => sub_blocks(s).into_iter().any(|x| breaks_out(x)),
        _ => false,
    })
}

/// Types of variables in scope while the variants of one function are built.
struct Typer<'c> {
    case: &'c Case,
    vars: Vec<(String, Ty)>,
}

impl<'c> Typer<'c> {
    fn new(case: &'c Case, f: &Func) -> Typer<'c> {
        Typer {
            case,
            vars: f.params.clone(),
        }
    }

    fn var(&self, name: &str) -> Option<Ty> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
            .or_else(|| self.case.global(name))
    }

    /// The type of `e`, when it can tell.
    fn ty(&self, e: &Expr) -> Option<Ty> {
        Some(match e {
            Expr::Lit(l) => match l {
                Lit::Bool(_) => Ty::BOOL,
                Lit::Int(_) => Ty::INT,
                Lit::Uint(_) => Ty::UINT,
                Lit::Float(_) => Ty::FLOAT,
            },
            Expr::Var(n) => self.var(n)?,
            Expr::Load(b, _) => Ty::Scalar(b.element()),
            Expr::BufLen(_) | Expr::Len(_) => Ty::INT,
            Expr::Unary(UnOp::Not, _) => Ty::BOOL,
            Expr::Unary(_, a) => self.ty(a)?,
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || matches!(op, BinOp::And | BinOp::Or) {
                    Ty::BOOL
                } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                    self.ty(a)?
                } else {
                    // A scalar may meet a vector: the result is the vector.
                    let (ta, tb) = (self.ty(a)?, self.ty(b)?);
                    match (&ta, &tb) {
                        // Linear algebra (language.md §7.2).
                        (Ty::Matrix(_, r), Ty::Matrix(c, _)) if *op == BinOp::Mul => {
                            return Some(Ty::Matrix(*c, *r))
                        }
                        (Ty::Matrix(_, r), Ty::Vector(..)) => {
                            return Some(Ty::Vector(Scalar::Float, *r))
                        }
                        (Ty::Vector(..), Ty::Matrix(c, _)) => {
                            return Some(Ty::Vector(Scalar::Float, *c))
                        }
                        (Ty::Matrix(..), _) => return Some(ta),
                        (_, Ty::Matrix(..)) => return Some(tb),
                        _ => {}
                    }
                    if ta.width()? >= tb.width()? {
                        ta
                    } else {
                        tb
                    }
                }
            }
            Expr::Builtin(f, args) => self.builtin_ty(*f, args)?,
            Expr::UnpackExact(u, _) => Ty::Vector(Scalar::Float, u.width()),
            Expr::Call(n, _) => self.case.func(n)?.ret.clone()?,
            Expr::Atomic(_, a, _) => self.case.global(&a.name)?,
            Expr::Construct(ty, _) | Expr::Convert(ty, _) => ty.clone(),
            Expr::Struct(n, _) => Ty::Struct(n.clone()),
            Expr::Swizzle(a, c) => Ty::shaped(self.ty(a)?.scalar()?, c.len() as u8),
            Expr::Index(a, _) => match self.ty(a)? {
                Ty::Array(e, _) => *e,
                Ty::Vector(s, _) => Ty::Scalar(s),
                Ty::Matrix(_, r) => Ty::Vector(Scalar::Float, r),
                _ => return None,
            },
            Expr::Field(a, f) => {
                let Ty::Struct(n) = self.ty(a)? else {
                    return None;
                };
                let def = self.case.struct_def(&n)?;
                def.fields.iter().find(|(x, _)| x == f)?.1.clone()
            }
            Expr::If(_, a, _) => self.ty(a)?,
        })
    }

    fn builtin_ty(&self, f: Builtin, args: &[Expr]) -> Option<Ty> {
        let first = args.first().and_then(|a| self.ty(a));
        let width = || first.as_ref().and_then(Ty::width);
        Some(match f {
            Builtin::Equal
            | Builtin::NotEqual
            | Builtin::LessThan
            | Builtin::LessThanEqual
            | Builtin::GreaterThan
            | Builtin::GreaterThanEqual => Ty::shaped(Scalar::Bool, width()?),
            Builtin::Any | Builtin::All => Ty::BOOL,
            Builtin::Dot | Builtin::Determinant => Ty::FLOAT,
            Builtin::AsFloat => Ty::shaped(Scalar::Float, width()?),
            Builtin::AsInt => Ty::shaped(Scalar::Int, width()?),
            Builtin::AsUint => Ty::shaped(Scalar::Uint, width()?),
            Builtin::PackUnorm4x8
            | Builtin::PackSnorm4x8
            | Builtin::PackUnorm2x16
            | Builtin::PackSnorm2x16
            | Builtin::PackHalf2x16 => Ty::UINT,
            Builtin::UnpackUnorm4x8 | Builtin::UnpackSnorm4x8 => Ty::Vector(Scalar::Float, 4),
            Builtin::UnpackUnorm2x16 | Builtin::UnpackSnorm2x16 | Builtin::UnpackHalf2x16 => {
                Ty::Vector(Scalar::Float, 2)
            }
            Builtin::Step => self.ty(args.get(1)?)?,
            Builtin::Transpose => match first? {
                Ty::Matrix(c, r) => Ty::Matrix(r, c),
                _ => return None,
            },
            _ => first?,
        })
    }

    /// Variants of `e` with one sub-expression replaced by one of its own sub-expressions of
    /// the same type.
    fn expr_variants(&self, e: &Expr) -> Vec<Expr> {
        let mut out = Vec::new();
        let Some(ty) = self.ty(e) else {
            return out;
        };
        // `e` itself replaced by a child of its type.
        for c in children(e) {
            // A constant child would take its type from the new context (`as_uint(1)` reads
            // the `1` as a float): only non-constant children replace their parent.
            if self.ty(c).as_ref() == Some(&ty) && !crate::gen::is_const(c) {
                out.push(c.clone());
            }
        }
        // A child replaced by its own variants.
        let rebuild = |i: usize, new: Expr| -> Expr {
            let mut e2 = e.clone();
            let mut k = 0;
            replace_child(&mut e2, i, &mut k, new);
            e2
        };
        for (i, c) in children(e).into_iter().enumerate() {
            for v in self.expr_variants(c) {
                out.push(rebuild(i, v));
            }
        }
        // Last, a scalar replaced by a typed zero (`0u`, `int(0)`, ...), which frees whatever
        // variables it read.
        if let (Ty::Scalar(s), false) = (&ty, crate::gen::is_const(e)) {
            let lit = match s {
                Scalar::Uint => Expr::Lit(Lit::Uint(0)),
                Scalar::Int => Expr::Convert(Ty::INT, Box::new(Expr::Lit(Lit::Int(0)))),
                Scalar::Float => Expr::Convert(Ty::FLOAT, Box::new(Expr::Lit(Lit::Float(0.0)))),
                Scalar::Bool => Expr::Lit(Lit::Bool(false)),
            };
            out.push(lit);
        }
        out
    }

    fn stmt_variants(&mut self, s: &Stmt, in_helper_with_result: bool) -> Vec<Vec<Stmt>> {
        let mut out: Vec<Vec<Stmt>> = Vec::new();
        match s {
            Stmt::Let { name, ty, init } => {
                for v in self.expr_variants(init) {
                    out.push(vec![Stmt::Let {
                        name: name.clone(),
                        ty: ty.clone(),
                        init: v,
                    }]);
                }
            }
            Stmt::Assign { place, op, value } => {
                if op.is_some() {
                    out.push(vec![Stmt::Assign {
                        place: place.clone(),
                        op: None,
                        value: value.clone(),
                    }]);
                }
                for v in self.expr_variants(value) {
                    out.push(vec![Stmt::Assign {
                        place: place.clone(),
                        op: *op,
                        value: v,
                    }]);
                }
            }
            Stmt::If { arms, otherwise } => {
                for (_, b) in arms {
                    out.push(vec![Stmt::Do(b.clone())]);
                }
                if let Some(b) = otherwise {
                    out.push(vec![Stmt::Do(b.clone())]);
                    out.push(vec![Stmt::If {
                        arms: arms.clone(),
                        otherwise: None,
                    }]);
                }
                if arms.len() > 1 {
                    for k in 0..arms.len() {
                        let mut a = arms.clone();
                        a.remove(k);
                        out.push(vec![Stmt::If {
                            arms: a,
                            otherwise: otherwise.clone(),
                        }]);
                    }
                }
                for (k, (c, b)) in arms.iter().enumerate() {
                    for v in self.expr_variants(c) {
                        let mut a = arms.clone();
                        if let Some(slot) = a.get_mut(k) {
                            slot.0 = v;
                        }
                        out.push(vec![Stmt::If {
                            arms: a,
                            otherwise: otherwise.clone(),
                        }]);
                    }
                    for nb in self.block_variants(b, in_helper_with_result, false) {
                        let mut a = arms.clone();
                        if let Some(slot) = a.get_mut(k) {
                            slot.1 = nb;
                        }
                        out.push(vec![Stmt::If {
                            arms: a,
                            otherwise: otherwise.clone(),
                        }]);
                    }
                }
                if let Some(b) = otherwise {
                    for nb in self.block_variants(b, in_helper_with_result, false) {
                        out.push(vec![Stmt::If {
                            arms: arms.clone(),
                            otherwise: Some(nb),
                        }]);
                    }
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
                if !breaks_out(body) {
                    let mut b = vec![Stmt::Let {
                        name: var.clone(),
                        ty: Ty::Scalar(*counter),
                        init: first.clone(),
                    }];
                    b.extend(body.iter().cloned());
                    out.push(vec![Stmt::Do(b)]);
                }
                let rebuild = |first: Expr, last: Expr, step: Option<Expr>, body: Vec<Stmt>| {
                    vec![Stmt::For {
                        var: var.clone(),
                        counter: *counter,
                        first,
                        last,
                        step,
                        attr: *attr,
                        body,
                    }]
                };
                if step.is_some() && !matches!(step, Some(Expr::Lit(_))) {
                    out.push(rebuild(first.clone(), last.clone(), None, body.clone()));
                }
                for v in self.expr_variants(first) {
                    out.push(rebuild(v, last.clone(), step.clone(), body.clone()));
                }
                for v in self.expr_variants(last) {
                    out.push(rebuild(first.clone(), v, step.clone(), body.clone()));
                }
                if let Some(s) = step {
                    for v in self.expr_variants(s) {
                        out.push(rebuild(first.clone(), last.clone(), Some(v), body.clone()));
                    }
                }
                self.vars.push((var.clone(), Ty::Scalar(*counter)));
                for nb in self.block_variants(body, in_helper_with_result, false) {
                    out.push(rebuild(first.clone(), last.clone(), step.clone(), nb));
                }
                self.vars.pop();
            }
            Stmt::While { cond, attr, body } => {
                if !breaks_out(body) {
                    out.push(vec![Stmt::Do(body.clone())]);
                }
                for v in self.expr_variants(cond) {
                    out.push(vec![Stmt::While {
                        cond: v,
                        attr: *attr,
                        body: body.clone(),
                    }]);
                }
                for nb in self.block_variants(body, in_helper_with_result, false) {
                    out.push(vec![Stmt::While {
                        cond: cond.clone(),
                        attr: *attr,
                        body: nb,
                    }]);
                }
            }
            Stmt::Do(b) => {
                for nb in self.block_variants(b, in_helper_with_result, false) {
                    out.push(vec![Stmt::Do(nb)]);
                }
            }
            Stmt::Return(Some(e)) => {
                for v in self.expr_variants(e) {
                    out.push(vec![Stmt::Return(Some(v))]);
                }
            }
            Stmt::Call(n, args) => {
                for (k, a) in args.iter().enumerate() {
                    for v in self.expr_variants(a) {
                        let mut a2 = args.clone();
                        if let Some(slot) = a2.get_mut(k) {
                            *slot = v;
                        }
                        out.push(vec![Stmt::Call(n.clone(), a2)]);
                    }
                }
            }
            // A variant of a constant's value might not be constant.
            Stmt::Const { .. } => {}
            Stmt::Atomic(op, n, args) => {
                for (k, a) in args.iter().enumerate() {
                    for v in self.expr_variants(a) {
                        let mut a2 = args.clone();
                        if let Some(slot) = a2.get_mut(k) {
                            *slot = v;
                        }
                        out.push(vec![Stmt::Atomic(*op, n.clone(), a2)]);
                    }
                }
            }
            Stmt::Break | Stmt::Return(None) | Stmt::Barrier => {}
        }
        out
    }

    /// Variants of a block: one statement deleted or replaced by one of its variants.
    fn block_variants(
        &mut self,
        b: &[Stmt],
        with_result: bool,
        function_body: bool,
    ) -> Vec<Vec<Stmt>> {
        let mark = self.vars.len();
        let mut out = Vec::new();
        for (i, s) in b.iter().enumerate() {
            let last = i + 1 == b.len();
            let deletable = match s {
                Stmt::Let { name, .. } | Stmt::Const { name, .. } => {
                    !b.get(i + 1..).is_some_and(|rest| mentions(rest, name))
                }
                Stmt::Return(_) => !(function_body && last && with_result),
                _ => true,
            };
            if deletable {
                let mut nb = b.to_vec();
                nb.remove(i);
                out.push(nb);
            }
            // `do ... end` replaced by its statements, where no name it declares meets another
            // of this block, of an enclosing one or of the statements after it.
            if let Stmt::Do(inner) = s {
                let declared: Vec<&String> = inner
                    .iter()
                    .filter_map(|x| match x {
                        Stmt::Let { name, .. } | Stmt::Const { name, .. } => Some(name),
                        _ => None,
                    })
                    .collect();
                let rest = b.get(i + 1..).unwrap_or_default();
                let clash = declared.iter().any(|n| {
                    self.vars.iter().any(|(v, _)| v == *n)
                        || b.iter().any(|x| {
                            matches!(x, Stmt::Let { name, .. } | Stmt::Const { name, .. } if name == *n)
                        })
                        || mentions(rest, n)
                });
                if !clash {
                    let mut nb: Vec<Stmt> = b.get(..i).map(<[Stmt]>::to_vec).unwrap_or_default();
                    nb.extend(inner.iter().cloned());
                    nb.extend(rest.iter().cloned());
                    out.push(nb);
                }
            }
            for rep in self.stmt_variants(s, with_result) {
                let mut nb: Vec<Stmt> = b.get(..i).map(<[Stmt]>::to_vec).unwrap_or_default();
                nb.extend(rep);
                nb.extend(b.get(i + 1..).map(<[Stmt]>::to_vec).unwrap_or_default());
                out.push(nb);
            }
            if let Stmt::Let { name, ty, .. } | Stmt::Const { name, ty, .. } = s {
                self.vars.push((name.clone(), ty.clone()));
            }
        }
        self.vars.truncate(mark);
        out
    }
}

/// Replaces the `target`-th child of `e` (in [`children`] order) by `new`.
fn replace_child(e: &mut Expr, target: usize, k: &mut usize, new: Expr) {
    let mut slots: Vec<&mut Expr> = match e {
        Expr::Lit(_) | Expr::Var(_) | Expr::BufLen(_) => Vec::new(),
        Expr::Load(_, a)
        | Expr::Len(a)
        | Expr::Unary(_, a)
        | Expr::UnpackExact(_, a)
        | Expr::Convert(_, a)
        | Expr::Swizzle(a, _)
        | Expr::Field(a, _) => vec![a.as_mut()],
        Expr::Binary(_, a, b) | Expr::Index(a, b) => vec![a.as_mut(), b.as_mut()],
        Expr::Builtin(_, args)
        | Expr::Call(_, args)
        | Expr::Construct(_, args)
        | Expr::Atomic(_, _, args) => args.iter_mut().collect(),
        Expr::Struct(_, fields) => fields.iter_mut().map(|(_, e)| e).collect(),
        Expr::If(c, a, b) => vec![c.as_mut(), a.as_mut(), b.as_mut()],
    };
    if let Some(slot) = slots.get_mut(target) {
        **slot = new;
    }
    *k += 1;
}

/// Renumbers the `out` and `fout` slots `case` still writes to `1..`, in order, and shrinks the
/// buffers to fit (slot 0 of each is the entry point's own).
pub fn compact_slots(case: &Case) -> Case {
    let mut c = case.clone();
    let mut used: Vec<(Buf, i32)> = Vec::new();
    for p in &mut c.programs {
        crate::gen::map_slots(p, &mut |b, k| {
            if !used.contains(&(b, k)) {
                used.push((b, k));
            }
            k
        });
    }
    let renumber = |b: Buf| -> Vec<i32> {
        let mut ks: Vec<i32> = used
            .iter()
            .filter(|(x, _)| *x == b)
            .map(|(_, k)| *k)
            .collect();
        ks.sort_unstable();
        ks
    };
    let (outs, fouts) = (renumber(Buf::Out), renumber(Buf::Fout));
    for p in &mut c.programs {
        crate::gen::map_slots(p, &mut |b, k| {
            let list = if b == Buf::Out { &outs } else { &fouts };
            list.iter()
                .position(|x| *x == k)
                .map_or(k, |i| i as i32 + 1)
        });
        p.out = (1, outs.len() as u32);
        p.fout = (1, fouts.len() as u32);
    }
    c.out_len = outs.len() as u32 + 1;
    c.fout_len = fouts.len() as u32 + 1;
    c
}

/// Statements in a case (all programs, all blocks): the size the minimiser reduces.
pub fn size(case: &Case) -> usize {
    fn block(b: &[Stmt]) -> usize {
        b.iter()
            .map(|s| 1 + sub_blocks(s).into_iter().map(|x| block(x)).sum::<usize>())
            .sum()
    }
    case.programs
        .iter()
        .flat_map(|p| p.funcs.iter())
        .map(|f| block(&f.body))
        .sum()
}
