//! A stable, readable text form of a typed program, for snapshot tests and debugging: every
//! declaration, resolved binding and I/O location, and every statement with its expressions
//! written as typed trees (`kind(operands): type`).

use std::fmt::Write as _;

use luma_thir::{
    Block, ConstValue, EntryInput, ExprId, ExprKind, ForStmt, FunctionDef, GlobalKind, IfStmt,
    IoBinding, IoVar, Program, Stmt, StmtKind, WhileStmt,
};

use crate::builtins::name_of;
use crate::expr::binop_str;
use crate::types::{f16_to_f32, ty_name};

/// Deepest expression or block nesting printed; deeper parts print as `...` (the checker's own
/// limits keep valid programs far below it).
const MAX_DEPTH: u32 = 1024;

/// The text form of `program`.
pub fn dump_program(program: &Program) -> String {
    let mut d = Dumper {
        p: program,
        out: String::new(),
    };
    d.program();
    d.out
}

struct Dumper<'p> {
    p: &'p Program,
    out: String,
}

fn const_text(v: &ConstValue) -> String {
    match v {
        ConstValue::Bool(b) => b.to_string(),
        ConstValue::Int(i) => i.to_string(),
        ConstValue::Uint(u) => format!("{u}u"),
        ConstValue::Float(f) => float_text(*f),
        ConstValue::Half(h) => format!("{}h", float_text(f16_to_f32(*h))),
        ConstValue::Composite(parts) => {
            let inner: Vec<String> = parts.iter().map(const_text).collect();
            format!("{{{}}}", inner.join(", "))
        }
    }
}

/// The shortest text that reads back as the same `f32`, always with a `.` or an exponent.
fn float_text(f: f32) -> String {
    let s = format!("{f}");
    if s.contains('.') || s.contains('e') || s.contains("inf") || s.contains("NaN") {
        s
    } else {
        format!("{s}.0")
    }
}

impl Dumper<'_> {
    fn ty(&self, t: luma_thir::TyId) -> String {
        ty_name(self.p, t)
    }

    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn program(&mut self) {
        let p = self.p;
        for (id, s) in p.structs.iter() {
            let mut head = format!("struct {} #{}", s.name, id.index());
            if s.varying {
                head.push_str(" varying");
            }
            if s.synthesized {
                head.push_str(" synthesized");
            }
            self.line(0, &head);
            for f in &s.fields {
                let mut t = format!("{}: {}", f.name, self.ty(f.ty));
                if let Some(l) = f.io.location {
                    let _ = write!(t, " @location({l})");
                }
                if let Some(b) = f.io.builtin {
                    let _ = write!(t, " @builtin({b:?})");
                }
                if let Some(i) = f.io.interpolation {
                    let _ = write!(t, " @interpolation({i:?})");
                }
                self.line(1, &t);
            }
        }
        for (_, c) in p.consts.iter() {
            let spec = c.spec_id.map_or(String::new(), |i| format!(" spec({i})"));
            let t = format!(
                "const {}: {}{} = {}",
                c.name,
                self.ty(c.ty),
                spec,
                const_text(&c.value)
            );
            self.line(0, &t);
        }
        for (_, g) in p.globals.iter() {
            let kind = match g.kind {
                GlobalKind::UniformBuffer => "uniform_buffer".to_string(),
                GlobalKind::StorageBuffer { access, .. } => format!("storage_buffer({access:?})"),
                GlobalKind::PushConstant => "push_constant".to_string(),
                GlobalKind::Texture => "texture".to_string(),
                GlobalKind::Sampler => "sampler".to_string(),
                GlobalKind::CombinedSampler => "combined_sampler".to_string(),
                GlobalKind::Workgroup => "workgroup".to_string(),
                GlobalKind::StorageImage { format, access, .. } => {
                    format!("storage_image({}, {access:?})", format.name())
                }
            };
            let at = match (g.group, g.binding) {
                (Some(gr), Some(b)) => format!(" group {gr} binding {b}"),
                _ => String::new(),
            };
            let t = format!("global {}: {} {kind}{at}", g.name, self.ty(g.ty));
            self.line(0, &t);
        }
        for e in &p.entry_points {
            let name = p.functions.get(e.function).map_or("?", |f| f.name.as_str());
            let mut t = format!("entry {name} {:?}", e.stage);
            if e.workgroup_size != [0, 0, 0] {
                let dims: Vec<String> = e
                    .workgroup_size
                    .iter()
                    .zip(&e.workgroup_size_spec)
                    .map(|(n, spec)| match spec.and_then(|c| p.consts.get(c)) {
                        Some(c) => format!("{} = {n}", c.name),
                        None => n.to_string(),
                    })
                    .collect();
                let _ = write!(t, " workgroup_size({})", dims.join(", "));
            }
            if e.early_depth {
                t.push_str(" early_depth");
            }
            self.line(0, &t);
            for (i, input) in e.inputs.iter().enumerate() {
                match input {
                    EntryInput::Single(v) => {
                        let t = format!("in #{i} {}", self.io(v));
                        self.line(1, &t);
                    }
                    EntryInput::Struct { struct_id, fields } => {
                        let sname = p.structs.get(*struct_id).map_or("?", |s| s.name.as_str());
                        self.line(1, &format!("in #{i} struct {sname}"));
                        for f in fields {
                            let t = match f {
                                Some(v) => self.io(v),
                                None => "stripped".to_string(),
                            };
                            self.line(2, &t);
                        }
                    }
                }
            }
            if let Some(o) = &e.output {
                let sname = p.structs.get(o.struct_id).map_or("?", |s| s.name.as_str());
                self.line(1, &format!("out struct {sname}"));
                for f in &o.fields {
                    let t = self.io(f);
                    self.line(2, &t);
                }
            }
        }
        for (_, f) in p.functions.iter() {
            self.function(f);
        }
    }

    fn io(&self, v: &IoVar) -> String {
        let at = match v.binding {
            IoBinding::Builtin(b) => format!("builtin {b:?}"),
            IoBinding::Location {
                location,
                interpolation,
            } => format!("location {location} {interpolation:?}"),
        };
        format!("{}: {} {at}", v.name, self.ty(v.ty))
    }

    fn function(&mut self, f: &FunctionDef) {
        let params: Vec<String> = f
            .params
            .iter()
            .filter_map(|l| {
                f.locals
                    .get(*l)
                    .map(|d| format!("{}: {}", d.name, self.ty(d.ty)))
            })
            .collect();
        let ret = f
            .ret
            .map_or(String::new(), |r| format!(" -> {}", self.ty(r)));
        let stage = f.stage.map_or(String::new(), |s| format!(" [{s:?}]"));
        self.line(
            0,
            &format!("function {}({}){ret}{stage}", f.name, params.join(", ")),
        );
        for (id, l) in f.locals.iter() {
            let re = if l.reassigned { " reassigned" } else { "" };
            let t = format!("local #{} {}: {}{re}", id.index(), l.name, self.ty(l.ty));
            self.line(1, &t);
        }
        self.block(f, &f.body, 1, 0);
    }

    fn local(&self, f: &FunctionDef, l: luma_thir::LocalId) -> String {
        f.locals.get(l).map_or_else(
            || format!("#{}", l.index()),
            |d| format!("{}#{}", d.name, l.index()),
        )
    }

    fn block(&mut self, f: &FunctionDef, b: &Block, indent: usize, depth: u32) {
        if depth > MAX_DEPTH {
            self.line(indent, "...");
            return;
        }
        for s in &b.stmts {
            self.stmt(f, s, indent, depth);
        }
    }

    fn stmt(&mut self, f: &FunctionDef, s: &Stmt, indent: usize, depth: u32) {
        match &s.kind {
            StmtKind::Let { local, value } => {
                let t = format!(
                    "let {} = {}",
                    self.local(f, *local),
                    self.expr(f, *value, 0)
                );
                self.line(indent, &t);
            }
            StmtKind::Assign { target, op, value } => {
                let o = op.map_or(String::new(), binop_str_owned);
                let t = format!(
                    "{} {o}= {}",
                    self.expr(f, *target, 0),
                    self.expr(f, *value, 0)
                );
                self.line(indent, &t);
            }
            StmtKind::Expr(e) => {
                let t = self.expr(f, *e, 0);
                self.line(indent, &t);
            }
            StmtKind::If(_) => {
                // `elseif` chains print flat, without recursion.
                let mut node = s;
                let mut first = true;
                while let StmtKind::If(i) = &node.kind {
                    let IfStmt {
                        cond,
                        then_block,
                        else_block,
                    } = &**i;
                    let kw = if first { "if" } else { "elseif" };
                    first = false;
                    let t = format!("{kw} {}", self.expr(f, *cond, 0));
                    self.line(indent, &t);
                    self.block(f, then_block, indent + 1, depth + 1);
                    match else_block {
                        Some(e) => match e.stmts.as_slice() {
                            [only] if matches!(only.kind, StmtKind::If(_)) => node = only,
                            _ => {
                                self.line(indent, "else");
                                self.block(f, e, indent + 1, depth + 1);
                                break;
                            }
                        },
                        None => break,
                    }
                }
            }
            StmtKind::For(fs) => {
                let ForStmt {
                    var,
                    start,
                    end,
                    step,
                    body,
                    control,
                } = &**fs;
                let st = step.map_or(String::new(), |s| format!(", {}", self.expr(f, s, 0)));
                let t = format!(
                    "for {} = {}, {}{st} {control:?}",
                    self.local(f, *var),
                    self.expr(f, *start, 0),
                    self.expr(f, *end, 0)
                );
                self.line(indent, &t);
                self.block(f, body, indent + 1, depth + 1);
            }
            StmtKind::While(w) => {
                let WhileStmt {
                    cond,
                    body,
                    control,
                } = &**w;
                let t = format!("while {} {control:?}", self.expr(f, *cond, 0));
                self.line(indent, &t);
                self.block(f, body, indent + 1, depth + 1);
            }
            StmtKind::Block(b) => {
                self.line(indent, "do");
                self.block(f, b, indent + 1, depth + 1);
            }
            StmtKind::Break => self.line(indent, "break"),
            StmtKind::Return(v) => {
                let t = match v {
                    Some(e) => format!("return {}", self.expr(f, *e, 0)),
                    None => "return".to_string(),
                };
                self.line(indent, &t);
            }
            StmtKind::Discard => self.line(indent, "discard"),
        }
    }

    fn expr(&self, f: &FunctionDef, id: ExprId, depth: u32) -> String {
        if depth > MAX_DEPTH {
            return "...".to_string();
        }
        let Some(e) = f.exprs.get(id) else {
            return "?".to_string();
        };
        let sub = |x: ExprId| self.expr(f, x, depth + 1);
        let list = |xs: &[ExprId]| {
            xs.iter()
                .map(|x| self.expr(f, *x, depth + 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let body = match &e.kind {
            ExprKind::Const(v) => f
                .exprs
                .const_value(*v)
                .map_or_else(|| "?".to_string(), |v| const_text(&v)),
            ExprKind::SpecConst(c) => format!(
                "spec {}",
                self.p.consts.get(*c).map_or("?", |d| d.name.as_str())
            ),
            ExprKind::Local(l) => self.local(f, *l),
            ExprKind::Global(g) => format!(
                "global {}",
                self.p.globals.get(*g).map_or("?", |d| d.name.as_str())
            ),
            ExprKind::Unary { op, operand } => format!("{op:?}({})", sub(*operand)),
            ExprKind::Binary { op, lhs, rhs } => {
                format!("`{}`({}, {})", binop_str(*op), sub(*lhs), sub(*rhs))
            }
            ExprKind::Call { function, args } => {
                format!(
                    "call {}({})",
                    self.p
                        .functions
                        .get(*function)
                        .map_or("?", |d| d.name.as_str()),
                    list(f.exprs.list(*args))
                )
            }
            ExprKind::Builtin { fun, args } => {
                format!("{}({})", name_of(*fun), list(f.exprs.list(*args)))
            }
            ExprKind::Construct { args } => format!("construct({})", list(f.exprs.list(*args))),
            ExprKind::Splat { value } => format!("splat({})", sub(*value)),
            ExprKind::Convert { value } => format!("convert({})", sub(*value)),
            ExprKind::Bitcast { value } => format!("bitcast({})", sub(*value)),
            ExprKind::Field { base, index } => format!("{}.{index}", sub(*base)),
            ExprKind::Swizzle { base, components } => {
                let c: String = components
                    .as_slice()
                    .iter()
                    .map(|&i| {
                        ['x', 'y', 'z', 'w']
                            .get(usize::from(i))
                            .copied()
                            .unwrap_or('?')
                    })
                    .collect();
                format!("{}.{c}", sub(*base))
            }
            ExprKind::Index { base, index } => {
                let mark = if f.non_uniform_indices.binary_search(&id).is_ok() {
                    "nonuniform "
                } else {
                    ""
                };
                format!("{}[{mark}{}]", sub(*base), sub(*index))
            }
            ExprKind::ArrayLength { base } => format!("length({})", sub(*base)),
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => format!("select({}, {}, {})", sub(*cond), sub(*accept), sub(*reject)),
            ExprKind::Error => "error".to_string(),
        };
        let ty = match self.p.types.get(e.ty) {
            luma_thir::Ty::Error => "void".to_string(),
            _ => self.ty(e.ty),
        };
        format!("{body}: {ty}")
    }
}

fn binop_str_owned(op: luma_thir::BinaryOp) -> String {
    binop_str(op).to_string()
}
