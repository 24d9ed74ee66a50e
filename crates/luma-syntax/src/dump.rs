//! `luma dump-ast`: a stable, readable, indented rendering of the syntax tree.
//!
//! One node per line: `label: Kind details @line:col`, children indented by two spaces. The
//! position is where the node starts; it is prefixed with the file name when the node comes from
//! an included file (or a `#line` rename). The walk uses an explicit stack, so any tree, however
//! deep, is dumped without recursion.

use std::fmt::Write as _;

use luma_base::{FileId, SourceMap, Span};

use crate::ast::{
    Attribute, Block, ExprId, ExprKind, Field, ForStmt, GlobalKind, Ident, IfStmt, Item, ItemKind,
    Module, Nodes, NodesView, ReturnType, Stmt, StmtKind, StructLit, TypeExprKind, TypeId,
    WhileStmt,
};

/// The deepest level written as indentation (see `Dumper::line`).
const MAX_INDENT: usize = 64;

/// Renders `module` as an indented tree, positions resolved through `map`.
pub fn dump_ast(module: &Module, map: &SourceMap) -> String {
    let mut dumper = Dumper {
        module,
        body: None,
        map,
        out: String::new(),
        stack: Vec::new(),
    };
    dumper.out.push_str("Module\n");
    for item in module.items.iter().rev() {
        dumper.stack.push((1, "", Work::Item(item)));
    }
    dumper.run();
    dumper.out
}

enum Work<'a> {
    Item(&'a Item),
    Attribute(&'a Attribute),
    Field(&'a Field, &'static str),
    Block(&'a Block),
    Stmt(&'a Stmt),
    Expr(ExprId),
    FieldInit(&'a Ident, ExprId),
    Type(TypeId),
    Tuple(&'a [Field], Span),
    Text(&'static str),
}

struct Dumper<'a> {
    module: &'a Module,
    /// The nodes of the function whose item is being dumped (an item's parts are all dumped
    /// before the next item's).
    body: Option<&'a Nodes>,
    map: &'a SourceMap,
    out: String,
    /// (indent, label, work), popped from the end.
    stack: Vec<(usize, &'static str, Work<'a>)>,
}

impl<'a> Dumper<'a> {
    fn nodes(&self) -> NodesView<'a> {
        NodesView {
            module: &self.module.nodes,
            body: self.body,
        }
    }

    fn pos(&self, span: Span) -> String {
        match self.map.locate(span.lo) {
            Some(loc) if loc.file == FileId(0) && loc.name == self.main_name() => {
                format!("@{}:{}", loc.line, loc.column)
            }
            Some(loc) => format!("@{}:{}:{}", loc.name, loc.line, loc.column),
            None => "@?".to_owned(),
        }
    }

    fn main_name(&self) -> &str {
        self.map.file(FileId(0)).map_or("", |f| f.name.as_str())
    }

    fn line(&mut self, indent: usize, label: &str, text: &str, span: Option<Span>) {
        // Past `MAX_INDENT` levels (an operator chain thousands of operands long) the level is
        // written as a number instead of spaces, so the dump stays linear in the tree's size.
        for _ in 0..indent.min(MAX_INDENT) {
            self.out.push_str("  ");
        }
        if indent > MAX_INDENT {
            let _ = write!(self.out, "[+{}] ", indent - MAX_INDENT);
        }
        if !label.is_empty() {
            self.out.push_str(label);
            self.out.push_str(": ");
        }
        self.out.push_str(text);
        if let Some(span) = span {
            let pos = self.pos(span);
            let _ = write!(self.out, " {pos}");
        }
        self.out.push('\n');
    }

    /// Schedules `children` (in order) at `indent`.
    fn children(&mut self, indent: usize, children: Vec<(&'static str, Work<'a>)>) {
        for (label, work) in children.into_iter().rev() {
            self.stack.push((indent, label, work));
        }
    }

    fn run(&mut self) {
        while let Some((indent, label, work)) = self.stack.pop() {
            match work {
                Work::Item(item) => self.item(indent, item),
                Work::Attribute(a) => {
                    let parens = if a.args.as_ref().is_some_and(Vec::is_empty) {
                        "()"
                    } else {
                        ""
                    };
                    let text = format!("Attribute @{}{parens}", self.module.name(a.name.name));
                    self.line(indent, label, &text, Some(a.span));
                    let args = a
                        .args
                        .iter()
                        .flatten()
                        .map(|e| ("arg", Work::Expr(*e)))
                        .collect();
                    self.children(indent + 1, args);
                }
                Work::Field(f, kind) => {
                    let text = format!("{kind} {}", self.module.name(f.name.name));
                    self.line(indent, label, &text, Some(f.span));
                    let mut c: Vec<_> = f
                        .attributes
                        .iter()
                        .map(|a| ("", Work::Attribute(a)))
                        .collect();
                    c.push(("type", Work::Type(f.ty)));
                    self.children(indent + 1, c);
                }
                Work::Block(b) => {
                    if b.stmts.is_empty() {
                        self.line(indent, label, "Block (empty)", Some(b.span));
                    } else {
                        self.line(indent, label, "Block", Some(b.span));
                        let c = b.stmts.iter().map(|s| ("", Work::Stmt(s))).collect();
                        self.children(indent + 1, c);
                    }
                }
                Work::Stmt(s) => self.stmt(indent, label, s),
                Work::Expr(e) => self.expr(indent, label, e),
                Work::FieldInit(name, value) => {
                    let text = format!("FieldInit {}", self.module.name(name.name));
                    self.line(indent, label, &text, Some(name.span));
                    self.children(indent + 1, vec![("value", Work::Expr(value))]);
                }
                Work::Type(t) => self.ty(indent, label, t),
                Work::Tuple(fields, span) => {
                    self.line(indent, label, "Tuple", Some(span));
                    let c = fields
                        .iter()
                        .map(|f| ("", Work::Field(f, "Output")))
                        .collect();
                    self.children(indent + 1, c);
                }
                Work::Text(text) => self.line(indent, label, text, None),
            }
        }
    }

    fn item(&mut self, indent: usize, item: &'a Item) {
        let attrs = || item.attributes.iter().map(|a| ("", Work::Attribute(a)));
        match &item.kind {
            ItemKind::Struct(s) => {
                let text = format!("Struct {}", self.module.name(s.name.name));
                self.line(indent, "", &text, Some(item.span));
                let mut c: Vec<_> = attrs().collect();
                c.extend(s.fields.iter().map(|f| ("", Work::Field(f, "Field"))));
                self.children(indent + 1, c);
            }
            ItemKind::Function(f) => {
                self.body = Some(&f.body.nodes);
                let text = format!("Function {}", self.module.name(f.name.name));
                self.line(indent, "", &text, Some(item.span));
                let mut c: Vec<_> = attrs().collect();
                c.extend(f.params.iter().map(|p| ("", Work::Field(p, "Param"))));
                match &f.ret {
                    Some(ReturnType::Type(t)) => c.push(("returns", Work::Type(*t))),
                    Some(ReturnType::Tuple { fields, span }) => {
                        c.push(("returns", Work::Tuple(fields, *span)));
                    }
                    None => {}
                }
                c.push(("body", Work::Block(&f.body.block)));
                self.children(indent + 1, c);
            }
            ItemKind::Global(g) => {
                let keyword = match g.kind {
                    GlobalKind::Uniform => "uniform",
                    GlobalKind::Buffer if g.keyword_span.len() > 6 => "buffer storage",
                    GlobalKind::Buffer => "buffer",
                    GlobalKind::Shared => "shared",
                };
                let text = format!("Global {keyword} {}", self.module.name(g.name.name));
                self.line(indent, "", &text, Some(item.span));
                let mut c: Vec<_> = attrs().collect();
                c.push(("type", Work::Type(g.ty)));
                self.children(indent + 1, c);
            }
            ItemKind::Const(k) => {
                let text = format!("Const {}", self.module.name(k.name.name));
                self.line(indent, "", &text, Some(item.span));
                let mut c: Vec<_> = attrs().collect();
                if let Some(t) = k.ty {
                    c.push(("type", Work::Type(t)));
                }
                c.push(("value", Work::Expr(k.value)));
                self.children(indent + 1, c);
            }
            ItemKind::Error => {
                self.line(indent, "", "ErrorItem", Some(item.span));
                let c = attrs().collect();
                self.children(indent + 1, c);
            }
        }
    }

    fn stmt(&mut self, indent: usize, label: &'static str, s: &'a Stmt) {
        let at = Some(s.span);
        let next = indent + 1;
        match &s.kind {
            StmtKind::Let { name, ty, value } => {
                let text = format!("Let {}", self.module.name(name.name));
                self.line(indent, label, &text, at);
                let mut c = Vec::new();
                if let Some(t) = ty {
                    c.push(("type", Work::Type(*t)));
                }
                c.push(("value", Work::Expr(*value)));
                self.children(next, c);
            }
            StmtKind::Const(k) => {
                let text = format!("Const {}", self.module.name(k.name.name));
                self.line(indent, label, &text, at);
                let mut c = Vec::new();
                if let Some(t) = k.ty {
                    c.push(("type", Work::Type(t)));
                }
                c.push(("value", Work::Expr(k.value)));
                self.children(next, c);
            }
            StmtKind::Assign {
                target, op, value, ..
            } => {
                let text = match op {
                    Some(op) => format!("Assign {}=", op.as_str()),
                    None => "Assign =".to_owned(),
                };
                self.line(indent, label, &text, at);
                self.children(
                    next,
                    vec![
                        ("target", Work::Expr(*target)),
                        ("value", Work::Expr(*value)),
                    ],
                );
            }
            StmtKind::Expr(e) => {
                self.line(indent, label, "ExprStmt", at);
                self.children(next, vec![("", Work::Expr(*e))]);
            }
            StmtKind::If(if_stmt) => {
                let IfStmt {
                    branches,
                    else_block,
                } = &**if_stmt;
                self.line(indent, label, "If", at);
                let mut c = Vec::new();
                for (i, (cond, block)) in branches.iter().enumerate() {
                    c.push((if i == 0 { "cond" } else { "elseif" }, Work::Expr(*cond)));
                    c.push(("then", Work::Block(block)));
                }
                if let Some(b) = else_block {
                    c.push(("else", Work::Block(b)));
                }
                self.children(next, c);
            }
            StmtKind::For(for_stmt) => {
                let ForStmt {
                    attributes,
                    var,
                    start,
                    end,
                    step,
                    body,
                } = &**for_stmt;
                let text = format!("For {}", self.module.name(var.name));
                self.line(indent, label, &text, at);
                let mut c: Vec<_> = attributes
                    .iter()
                    .map(|a| ("", Work::Attribute(a)))
                    .collect();
                c.push(("start", Work::Expr(*start)));
                c.push(("end", Work::Expr(*end)));
                if let Some(step) = step {
                    c.push(("step", Work::Expr(*step)));
                }
                c.push(("body", Work::Block(body)));
                self.children(next, c);
            }
            StmtKind::While(while_stmt) => {
                let WhileStmt {
                    attributes,
                    cond,
                    body,
                } = &**while_stmt;
                self.line(indent, label, "While", at);
                let mut c: Vec<_> = attributes
                    .iter()
                    .map(|a| ("", Work::Attribute(a)))
                    .collect();
                c.push(("cond", Work::Expr(*cond)));
                c.push(("body", Work::Block(body)));
                self.children(next, c);
            }
            StmtKind::Do(body) => {
                self.line(indent, label, "Do", at);
                self.children(next, vec![("body", Work::Block(body))]);
            }
            StmtKind::Break => self.line(indent, label, "Break", at),
            StmtKind::Return(value) => {
                self.line(indent, label, "Return", at);
                if let Some(v) = value {
                    self.children(next, vec![("value", Work::Expr(*v))]);
                }
            }
            StmtKind::Discard => self.line(indent, label, "Discard", at),
            StmtKind::Error => self.line(indent, label, "ErrorStmt", at),
        }
    }

    fn expr(&mut self, indent: usize, label: &'static str, id: ExprId) {
        let Some(e) = self.nodes().expr(id) else {
            self.line(indent, label, "<invalid expression handle>", None);
            return;
        };
        let at = Some(e.span);
        let next = indent + 1;
        match &e.kind {
            ExprKind::Int { value, unsigned } => {
                let value = value.to_u64();
                let text = format!("Int {value}{}", if *unsigned { "u" } else { "" });
                self.line(indent, label, &text, at);
            }
            ExprKind::Float(v) => self.line(indent, label, &format!("Float {:?}", v.to_f64()), at),
            ExprKind::Bool(b) => self.line(indent, label, &format!("Bool {b}"), at),
            ExprKind::Ident(i) => self.line(
                indent,
                label,
                &format!("Ident {}", self.module.name(i.name)),
                at,
            ),
            ExprKind::Unary { op, operand, .. } => {
                self.line(indent, label, &format!("Unary {}", op.as_str()), at);
                self.children(next, vec![("", Work::Expr(*operand))]);
            }
            ExprKind::Binary { op, lhs, rhs, .. } => {
                self.line(indent, label, &format!("Binary {}", op.as_str()), at);
                self.children(next, vec![("", Work::Expr(*lhs)), ("", Work::Expr(*rhs))]);
            }
            ExprKind::Call { callee, args } => {
                self.line(indent, label, "Call", at);
                let mut c = vec![("callee", Work::Expr(*callee))];
                c.extend(
                    self.nodes()
                        .list(*args)
                        .iter()
                        .map(|a| ("arg", Work::Expr(*a))),
                );
                self.children(next, c);
            }
            ExprKind::Field { base, name } => {
                self.line(
                    indent,
                    label,
                    &format!("Field .{}", self.module.name(name.name)),
                    at,
                );
                self.children(next, vec![("", Work::Expr(*base))]);
            }
            ExprKind::Index { base, index } => {
                self.line(indent, label, "Index", at);
                self.children(
                    next,
                    vec![("", Work::Expr(*base)), ("index", Work::Expr(*index))],
                );
            }
            ExprKind::StructLit(lit) => {
                let Some(StructLit { name, fields }) = self.nodes().struct_lit(*lit) else {
                    self.line(indent, label, "<invalid struct literal handle>", at);
                    return;
                };
                let text = match name {
                    Some(n) => format!("StructLit {}", self.module.name(n.name)),
                    None => "StructLit (anonymous)".to_owned(),
                };
                self.line(indent, label, &text, at);
                let c = fields
                    .iter()
                    .map(|(n, v)| ("", Work::FieldInit(n, *v)))
                    .collect();
                self.children(next, c);
            }
            ExprKind::ArrayLit { ty, elements } => {
                self.line(indent, label, "ArrayLit", at);
                let mut c = Vec::new();
                if let Some(t) = ty {
                    c.push(("type", Work::Type(*t)));
                }
                c.extend(
                    self.nodes()
                        .list(*elements)
                        .iter()
                        .map(|e| ("", Work::Expr(*e))),
                );
                self.children(next, c);
            }
            ExprKind::ArrayFill { ty, args } => {
                self.line(indent, label, "ArrayFill", at);
                let mut c = vec![("type", Work::Type(*ty))];
                c.extend(
                    self.nodes()
                        .list(*args)
                        .iter()
                        .map(|e| ("", Work::Expr(*e))),
                );
                self.children(next, c);
            }
            ExprKind::IfExpr {
                cond,
                then_value,
                else_value,
            } => {
                self.line(indent, label, "IfExpr", at);
                self.children(
                    next,
                    vec![
                        ("cond", Work::Expr(*cond)),
                        ("then", Work::Expr(*then_value)),
                        ("else", Work::Expr(*else_value)),
                    ],
                );
            }
            ExprKind::Paren(inner) => {
                self.line(indent, label, "Paren", at);
                self.children(next, vec![("", Work::Expr(*inner))]);
            }
            ExprKind::Error => self.line(indent, label, "ErrorExpr", at),
        }
    }

    fn ty(&mut self, indent: usize, label: &'static str, id: TypeId) {
        let Some(t) = self.nodes().ty(id) else {
            self.line(indent, label, "<invalid type handle>", None);
            return;
        };
        let at = Some(t.span);
        match &t.kind {
            TypeExprKind::Named(n) => self.line(
                indent,
                label,
                &format!("Type {}", self.module.name(n.name)),
                at,
            ),
            TypeExprKind::Array { len, element } => {
                self.line(indent, label, "ArrayType", at);
                let mut c = Vec::new();
                match len {
                    Some(l) => c.push(("len", Work::Expr(*l))),
                    None => c.push(("len", Work::Text("runtime-sized"))),
                }
                c.push(("element", Work::Type(*element)));
                self.children(indent + 1, c);
            }
            TypeExprKind::Error => self.line(indent, label, "ErrorType", at),
        }
    }
}
