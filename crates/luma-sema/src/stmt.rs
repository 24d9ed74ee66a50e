//! Pass 2: function bodies and statements. Scopes (see the crate docs for the shadowing
//! rules), assignment targets, loops and their attributes, returns, and the flow facts behind
//! "missing return" and "unreachable code".

use std::borrow::Cow;

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{
    Access, ArrayLen, Block, ConstValue, EntryInput, ExprConst, ExprId, ExprKind, ForStmt, FuncId,
    GlobalId, GlobalKind, IfStmt, LocalId, LoopAttrs, ScalarTy, Stage, Stmt, StmtKind, Ty, TyId,
    WhileStmt,
};

use crate::check::{Bodies, Checker, FnCtx, LocalSym, LoopCtx, Mode, Use, Val};
use crate::codes;
use crate::consts::Abstract;
use crate::decls::TypeCtx;
use crate::expr::{ast_binop, binop_str};

/// Where a place expression is rooted.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Root {
    Local(LocalId),
    Global(GlobalId),
}

/// Whether control can continue after a statement or block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// May continue with the next statement.
    Continues,
    /// Never continues (returns, discards, breaks, or loops forever).
    Exits,
}

impl<'a> Checker<'a> {
    /// W0209 for a statement that calls a builtin only computing a value (`max(a, b)` alone
    /// on its line): the value is dropped, so the line does nothing, which is usually a
    /// forgotten assignment. Atomics, which a statement calls for their effect, are left alone.
    fn warn_unused_builtin(&mut self, callee: ast::ExprId, span: Span) {
        let Some(ast::ExprKind::Ident(id)) = self.ast_expr(callee).map(|e| e.kind) else {
            return;
        };
        let name = self.text(&id);
        let shadowed = self
            .fcx
            .as_ref()
            .is_some_and(|f| f.scopes.lookup(name).is_some())
            || self.names.contains_key(name);
        let Some(fun) = crate::builtins::lookup(name).filter(|_| !shadowed) else {
            return;
        };
        if fun.is_atomic() {
            return;
        }
        let name = name.to_owned();
        self.emit(
            Diagnostic::warning(
                codes::W0209,
                span,
                format!("the result of `{name}` is unused"),
            )
            .with_primary_label("this call only computes a value, which is dropped")
            .with_help(format!(
                "assign it (`let r = {name}(...)`, `x = {name}(...)`) or remove the call"
            )),
        );
    }

    /// Checks every function body.
    pub fn bodies(&mut self) {
        let entry_of = self.prog.entry_point_by_function();
        for i in 0..self.funcs.len() {
            self.body(
                FuncId::from_index(i as u32),
                entry_of.get(i).copied().flatten(),
            );
        }
    }

    /// Checks the body of function `fid`, whose entry point (if it is one) is `entry`, an index
    /// into the program's entry points.
    fn body(&mut self, fid: FuncId, entry: Option<usize>) {
        let Some(info) = self.funcs.get(fid.index()) else {
            return;
        };
        let decl = info.decl;
        let param_tys = info.param_tys.clone();
        let ret = info.ret;
        let entry_stage = info.entry.as_ref().map(|e| e.stage);
        let ret_span = match &decl.ret {
            Some(ast::ReturnType::Type(t)) => self.ast_type(*t).map_or(decl.name.span, |x| x.span),
            Some(ast::ReturnType::Tuple { span, .. }) => *span,
            None => decl.name.span,
        };
        self.fcx = Some(FnCtx {
            locals: Default::default(),
            scopes: std::mem::take(&mut self.spare_scopes),
            loops: Vec::new(),
            ret,
            ret_span,
            facts: Default::default(),
            float_defaults: Vec::new(),
            float_default_selects: Vec::new(),
            incomplete: false,
            implicit: Vec::new(),
            varying_input: None,
            entry_stage,
            unparsed_init: Vec::new(),
        });
        self.depth_reported = false;
        self.depth = 0;
        self.block_depth = 0;
        if let Some(f) = self.fcx.as_mut() {
            f.scopes.push();
        }
        // Expressions made before this body (constant and type scratch) belong to no function.
        // The vectors keep their room from the last body: written into one scratch that has
        // grown to the largest body, a body leaves no trail of outgrown vectors behind.
        self.exprs.clear();
        let mut params = Vec::with_capacity(decl.params.len());
        for (p, &ty) in decl.params.iter().zip(&param_tys) {
            params.push(self.declare_local_as(&p.name, ty, false, true));
        }
        // A fragment entry point's struct input with members stripped (`@varying` builtins),
        // and the parameter that holds it: the one of its struct type (builtin parameters may
        // stand beside it).
        let stripped = entry
            .and_then(|i| self.prog.entry_points.get(i))
            .filter(|e| e.function == fid && e.stage == Stage::Fragment)
            .into_iter()
            .flat_map(|e| &e.inputs)
            .find_map(|input| match input {
                EntryInput::Struct { struct_id, fields } if fields.iter().any(Option::is_none) => {
                    Some((
                        *struct_id,
                        fields.iter().map(Option::is_none).collect::<Vec<bool>>(),
                    ))
                }
                _ => None,
            });
        let varying_input = stripped.and_then(|(sid, fields)| {
            let index = param_tys
                .iter()
                .position(|&ty| matches!(self.ty(ty), Ty::Struct(s) if s == sid))?;
            Some((*params.get(index)?, fields))
        });
        if let Some(f) = self.fcx.as_mut() {
            f.varying_input = varying_input;
        }
        // The body's statements, and its nodes for `ast_expr`: borrowed from the tree, or
        // taken from the checker's own bodies and freed when this function returns.
        let owned_block;
        let body_block = match &mut self.bodies {
            Bodies::InTree => {
                self.body_nodes = Cow::Borrowed(&decl.body.nodes);
                &decl.body.block
            }
            Bodies::Owned(bodies) => {
                let body = bodies
                    .get_mut(fid.index())
                    .map(std::mem::take)
                    .unwrap_or_default();
                self.body_nodes = Cow::Owned(body.nodes);
                owned_block = body.block;
                &owned_block
            }
        };
        let (block, flow) = self.block_in_scope(body_block, false);
        self.body_nodes = Cow::Owned(ast::Nodes::for_body());
        let incomplete = self.fcx.as_ref().is_some_and(|f| f.incomplete);
        if ret.is_some_and(|r| !self.is_error(r)) && flow == Flow::Continues && !incomplete {
            let rt = ret.map(|r| self.tn(r)).unwrap_or_default();
            self.emit(
                Diagnostic::error(
                    codes::E0605,
                    decl.name.span,
                    format!(
                        "`{}` can reach its end without returning a value",
                        self.text(&decl.name)
                    ),
                )
                .with_primary_label("some path through this function returns nothing")
                .with_label(ret_span, format!("it returns `{rt}`"))
                .with_help("add a `return` at the end, or make every branch return"),
            );
        }
        let Some(mut f) = self.fcx.take() else { return };
        f.scopes.clear();
        self.spare_scopes = std::mem::take(&mut f.scopes);
        if let Some(def) = self.prog.functions.get_mut(fid) {
            def.params = params;
            def.locals = std::mem::take(&mut f.locals);
            def.body = block;
            // Every body stays until lowering: copied out at its exact size, and the scratch
            // kept for the next body.
            def.exprs = self.exprs.clone();
            self.exprs.clear();
        }
        if let Some(info) = self.funcs.get_mut(fid.index()) {
            info.facts = std::mem::take(&mut f.facts);
        }
    }

    /// A block in a new scope.
    fn block_in_scope(&mut self, block: &ast::Block, new_scope: bool) -> (Block, Flow) {
        if new_scope {
            if let Some(f) = self.fcx.as_mut() {
                f.scopes.push();
            }
        }
        let r = self.block(block);
        if new_scope {
            if let Some(f) = self.fcx.as_mut() {
                f.scopes.pop();
            }
        }
        r
    }

    fn block(&mut self, block: &ast::Block) -> (Block, Flow) {
        // About one typed statement per statement: sized once instead of grown by doubling.
        let mut out = Block {
            stmts: Vec::with_capacity(block.stmts.len()),
        };
        let mut flow = Flow::Continues;
        let mut warned = false;
        for (i, s) in block.stmts.iter().enumerate() {
            // After `return` a name on a later line starts a statement of its own: when that
            // is a call, the missing value is explained where it is reported.
            self.call_after_return = matches!(s.kind, ast::StmtKind::Return(None))
                && block
                    .stmts
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.kind, ast::StmtKind::Expr(_)));
            if flow == Flow::Exits && !warned && !matches!(s.kind, ast::StmtKind::Error) {
                warned = true;
                self.emit(
                    Diagnostic::warning(codes::W0203, s.span, "unreachable statement")
                        .with_primary_label("this can never run")
                        .with_note("the statements before it always return, discard or break"),
                );
            }
            if self.block_depth >= self.limits.nesting_depth {
                self.too_deep(s.span, "block");
                break;
            }
            self.block_depth += 1;
            self.stmt_unreachable = flow == Flow::Exits;
            let f = self.stmt(s, &mut out);
            self.block_depth -= 1;
            if f == Flow::Exits {
                flow = Flow::Exits;
                if matches!(s.kind, ast::StmtKind::Discard)
                    && self
                        .fcx
                        .as_ref()
                        .is_some_and(|f| f.entry_stage.is_some_and(|s| s != Stage::Fragment))
                {
                    // A `discard` outside a fragment entry point is an error (E0606, reported
                    // later): what follows it is not unreachable once it is fixed, and is not
                    // reported so.
                    warned = true;
                }
            }
        }
        (out, flow)
    }

    fn push(&mut self, out: &mut Block, kind: StmtKind, span: Span) {
        out.stmts.push(Stmt { kind, span });
    }

    fn stmt(&mut self, s: &ast::Stmt, out: &mut Block) -> Flow {
        let span = s.span;
        match &s.kind {
            ast::StmtKind::Let { name, ty, value } => {
                let mut declared = ty.map(|t| self.resolve_type(t, TypeCtx::Other));
                if let (Some(t), Some(tid)) = (declared, ty) {
                    if !self.is_error(t) && !self.constructible(t) {
                        declared = Some(self.t.error);
                        let tn = self.tn(t);
                        let tspan = self.ast_type(*tid).map_or(name.span, |x| x.span);
                        self.emit(
                            Diagnostic::error(
                                codes::E0519,
                                tspan,
                                format!("a local cannot have type `{tn}`"),
                            )
                            .with_primary_label("not a value type"),
                        );
                    }
                }
                let v = self.top_expr(*value, declared, Mode::Value);
                let e = match declared {
                    Some(t) => self.coerce(v, t, "the initializer"),
                    None => self.concretize(v, None),
                };
                let ty = declared.unwrap_or_else(|| self.expr_ty(e));
                let local = self.declare_local(name, ty, false);
                if matches!(
                    self.ast_expr(*value).map(|x| x.kind),
                    Some(ast::ExprKind::Error)
                ) {
                    if let Some(f) = self.fcx.as_mut() {
                        f.unparsed_init.push(local);
                    }
                }
                let default = match v {
                    _ if declared.is_some() => None,
                    Val::Abs(Abstract::Int(n), lit_span) => Some((lit_span, Some(n))),
                    Val::Expr(x) if self.is_float_default_select(x) => {
                        Some((self.expr_span(x), None))
                    }
                    _ => None,
                };
                if let (Some((at, value)), Some(f)) = (default, self.fcx.as_mut()) {
                    f.float_defaults.push((local, at, value));
                }
                self.push(out, StmtKind::Let { local, value: e }, span);
                Flow::Continues
            }
            ast::StmtKind::Const(c) => {
                let (slot, _) = self.eval_const(c);
                let text = self.text(&c.name);
                if let Some(f) = self.fcx.as_mut() {
                    let prev = f.scopes.declare(text, LocalSym::Const(slot), c.name.span);
                    if let Some(prev) = prev.filter(|p| !f.implicit.contains(p)) {
                        self.emit(
                            Diagnostic::error(
                                codes::E0405,
                                c.name.span,
                                format!("`{text}` is already declared in this block"),
                            )
                            .with_primary_label("declared again here")
                            .with_label(prev, "first declared here"),
                        );
                    }
                }
                Flow::Continues
            }
            ast::StmtKind::Assign {
                target,
                op,
                op_span,
                value,
            } => {
                self.assign(*target, *op, *op_span, *value, span, out);
                Flow::Continues
            }
            ast::StmtKind::Expr(e) => {
                self.steps = 0;
                self.steps_reported = false;
                match self.ast_expr(*e).map(|x| x.kind) {
                    Some(ast::ExprKind::Call { callee, args }) => {
                        let espan = self.ast_span(*e);
                        self.depth += 1;
                        let args = self.ast_list(args);
                        let r = self.call(callee, &args, espan, None);
                        self.depth -= 1;
                        let unreachable = self.stmt_unreachable;
                        if !r.void && !unreachable && !self.val_is_error(Val::Expr(r.expr)) {
                            self.warn_unused_builtin(callee, espan);
                        }
                        if !self.val_is_error(Val::Expr(r.expr)) || r.void {
                            self.push(out, StmtKind::Expr(r.expr), span);
                        }
                    }
                    Some(ast::ExprKind::Error) | None => {}
                    Some(_) => {
                        // The parser only makes calls into statements; an expression from
                        // another producer is evaluated and discarded.
                        let v = self.top_expr(*e, None, Mode::Value);
                        let ev = self.concretize(v, None);
                        if !self.val_is_error(Val::Expr(ev)) {
                            self.push(out, StmtKind::Expr(ev), span);
                        }
                    }
                }
                Flow::Continues
            }
            ast::StmtKind::If(if_stmt) => {
                let ast::IfStmt {
                    branches,
                    else_block,
                } = &**if_stmt;
                self.if_stmt(branches, else_block.as_ref(), span, out)
            }
            ast::StmtKind::For(for_stmt) => {
                let ast::ForStmt {
                    attributes,
                    var,
                    start,
                    end,
                    step,
                    body,
                } = &**for_stmt;
                self.for_stmt(attributes, var, *start, *end, *step, body, span, out);
                Flow::Continues
            }
            ast::StmtKind::While(while_stmt) => {
                let ast::WhileStmt {
                    attributes,
                    cond,
                    body,
                } = &**while_stmt;
                self.while_stmt(attributes, *cond, body, span, out)
            }
            ast::StmtKind::Do(b) => {
                let (block, flow) = self.block_in_scope(b, true);
                self.push(out, StmtKind::Block(block), span);
                flow
            }
            ast::StmtKind::Break => {
                match self.fcx.as_mut().and_then(|f| f.loops.last_mut()) {
                    Some(l) => l.has_break = true,
                    None => {
                        self.emit(
                            Diagnostic::error(codes::E0603, span, "`break` outside a loop")
                                .with_primary_label("there is no loop to leave")
                                .with_help("use `return` to leave a function"),
                        );
                        return Flow::Continues;
                    }
                }
                self.push(out, StmtKind::Break, span);
                Flow::Exits
            }
            ast::StmtKind::Return(value) => {
                self.return_stmt(*value, span, out);
                Flow::Exits
            }
            ast::StmtKind::Discard => {
                self.add_use(Use::Discard, span);
                self.push(out, StmtKind::Discard, span);
                Flow::Exits
            }
            ast::StmtKind::Error => {
                if let Some(f) = self.fcx.as_mut() {
                    f.incomplete = true;
                }
                Flow::Continues
            }
        }
    }

    /// A value of another type returned from a function with several results
    /// (`-> (color: vec4, bloom: vec4)`): the generic mismatch would name the synthesized
    /// `<function>_out` struct, which the user never wrote, so this names the results and the
    /// literal that fills them.
    fn tuple_result_mismatch(&self, val: Val, rt: TyId, ret_span: Span) -> Option<Diagnostic> {
        let Ty::Struct(sid) = self.ty(rt) else {
            return None;
        };
        let def = self.prog.structs.get(sid).filter(|d| d.synthesized)?;
        let found = match self.val_ty(val) {
            Some(t) if t == rt || self.is_error(t) => return None,
            Some(t) => format!("`{}`", self.tn(t)),
            None => "a literal".to_owned(),
        };
        let results: Vec<String> = def
            .fields
            .iter()
            .map(|f| format!("{}: {}", f.name, self.tn(f.ty)))
            .collect();
        let literal: Vec<String> = def
            .fields
            .iter()
            .map(|f| format!("{} = ...", f.name))
            .collect();
        Some(
            Diagnostic::error(
                codes::E0501,
                self.val_span(val),
                format!(
                    "mismatched types: expected the results `({})`, found {found}",
                    results.join(", ")
                ),
            )
            .with_primary_label("a function with named results returns them all at once")
            .with_label(ret_span, "the results are declared here")
            .with_help(format!("return `{{ {} }}`", literal.join(", "))),
        )
    }

    fn return_stmt(&mut self, value: Option<ast::ExprId>, span: Span, out: &mut Block) {
        let (ret, ret_span) = match self.fcx.as_ref() {
            Some(f) => (f.ret, f.ret_span),
            None => (None, span),
        };
        match (value, ret) {
            (Some(v), Some(rt)) => {
                let val = self.top_expr(v, Some(rt), Mode::Value);
                let e = match self.tuple_result_mismatch(val, rt, ret_span) {
                    Some(d) => {
                        self.emit(d);
                        self.err_expr(span)
                    }
                    None => self.coerce(val, rt, "the returned value"),
                };
                self.push(out, StmtKind::Return(Some(e)), span);
            }
            (None, Some(rt)) => {
                if !self.is_error(rt) {
                    let tn = self.tn(rt);
                    let mut d = Diagnostic::error(
                        codes::E0604,
                        span,
                        format!("this function returns `{tn}`, but `return` has no value"),
                    )
                    .with_primary_label(format!("expected a `{tn}` value"))
                    .with_label(ret_span, format!("the function returns `{tn}`"));
                    if self.call_after_return {
                        d = d
                            .with_note(
                                "a name on the line after `return` starts a new statement, so \
                                 the call below is not the value",
                            )
                            .with_help("the value must start on the same line as `return`");
                    }
                    self.emit(d);
                }
                self.push(out, StmtKind::Return(None), span);
            }
            (Some(v), None) => {
                if self.results_without_declaration(v) {
                    self.push(out, StmtKind::Return(None), span);
                    return;
                }
                let val = self.top_expr(v, None, Mode::Value);
                if !self.val_is_error(val) {
                    let vspan = self.val_span(val);
                    // The value's type, unless it is an untyped constant (which fits several).
                    let ty = self
                        .val_ty(val)
                        .map_or_else(|| "T".to_owned(), |t| self.tn(t));
                    self.emit(
                        Diagnostic::error(
                            codes::E0604,
                            vspan,
                            "this function returns nothing, but `return` has a value",
                        )
                        .with_primary_label("unexpected value")
                        .with_help(format!(
                            "declare the result type after the parameters: `-> {ty}`"
                        )),
                    );
                }
                self.push(out, StmtKind::Return(None), span);
            }
            (None, None) => self.push(out, StmtKind::Return(None), span),
        }
    }

    /// `return { color = ... }` in a function declared without results (an entry point that
    /// forgot its `-> (...)`): one error whose help declares the results, instead of the
    /// literal's type that nothing gives. Whether `value` is such a literal.
    fn results_without_declaration(&mut self, value: ast::ExprId) -> bool {
        let Some(ast::Expr {
            kind: ast::ExprKind::StructLit(lit),
            span,
        }) = self.ast_expr(value)
        else {
            return false;
        };
        let Some(ast::StructLit { name: None, fields }) = self.ast_nodes().struct_lit(lit).cloned()
        else {
            return false;
        };
        if fields.is_empty() {
            return false;
        }
        let mut results = Vec::with_capacity(fields.len());
        for (name, e) in fields {
            let val = self.top_expr(e, None, Mode::Value);
            let ty = match val {
                Val::Expr(_) if self.val_is_error(val) => "T".to_owned(),
                Val::Expr(x) => self.tn(self.expr_ty(x)),
                // An untyped literal would be a `float`.
                Val::Abs(..) => "float".to_owned(),
            };
            results.push(format!("{}: {ty}", self.text(&name)));
        }
        let entry = self.fcx.as_ref().is_some_and(|f| f.entry_stage.is_some());
        let help = if entry {
            format!(
                "declare the results after the parameters: `-> ({})`",
                results.join(", ")
            )
        } else {
            format!(
                "only entry points return named results: declare a struct with the members \
                 `{}` and return it, `-> Name`",
                results.join(", ")
            )
        };
        self.emit(
            Diagnostic::error(
                codes::E0604,
                span,
                "this function returns nothing, but `return` has a value",
            )
            .with_primary_label("unexpected value")
            .with_help(help),
        );
        true
    }

    fn if_stmt(
        &mut self,
        branches: &[(ast::ExprId, ast::Block)],
        else_block: Option<&ast::Block>,
        span: Span,
        out: &mut Block,
    ) -> Flow {
        // Built from the last branch backwards so `elseif` nests into `else` without recursion.
        let mut checked: Vec<(ExprId, Block, Flow, Span)> = Vec::with_capacity(branches.len());
        for (cond, body) in branches {
            let b = self.t.bool_;
            let cv = self.top_expr(*cond, Some(b), Mode::Value);
            let c = self.condition(cv, "an `if` condition");
            let (block, flow) = self.block_in_scope(body, true);
            let cspan = self.ast_span(*cond);
            checked.push((c, block, flow, cspan));
        }
        let (mut tail, mut flow) = match else_block {
            Some(b) => {
                let (block, flow) = self.block_in_scope(b, true);
                (Some(block), flow)
            }
            None => (None, Flow::Continues),
        };
        let mut first_span = span;
        while let Some((c, block, f, cspan)) = checked.pop() {
            if f == Flow::Continues {
                flow = Flow::Continues;
            }
            let sspan = if checked.is_empty() {
                span
            } else {
                Span::new(cspan.lo, span.hi)
            };
            first_span = sspan;
            let stmt = Stmt {
                kind: StmtKind::If(Box::new(IfStmt {
                    cond: c,
                    then_block: block,
                    else_block: tail.take(),
                })),
                span: sspan,
            };
            if checked.is_empty() {
                out.stmts.push(stmt);
            } else {
                tail = Some(Block { stmts: vec![stmt] });
            }
        }
        let _ = first_span;
        flow
    }

    fn loop_attrs(&mut self, attrs: &[ast::Attribute]) -> LoopAttrs {
        let set = self.attrs(attrs, &["unroll", "max_iterations", "allow"], "a loop");
        let mut out = LoopAttrs::default();
        if let Some(a) = set.get("unroll") {
            out.unroll = self.attr_opt_u32(a, 1);
        }
        if let Some(a) = set.get("max_iterations") {
            out.max_iterations = self.attr_u32(a, 1);
        }
        out
    }

    fn unbounded_warning(
        &mut self,
        span: Span,
        attrs: &[ast::Attribute],
        control: &LoopAttrs,
        what: &str,
    ) {
        if control.max_iterations.is_some() || matches!(control.unroll, Some(Some(_))) {
            return;
        }
        // A bound that was written but is invalid was reported: the loop is not unbounded by
        // mistake.
        let bound_written = attrs.iter().any(|a| match self.text(&a.name) {
            "max_iterations" => true,
            "unroll" => a.args.as_ref().is_some_and(|args| !args.is_empty()),
            _ => false,
        });
        if bound_written {
            return;
        }
        self.emit(
            Diagnostic::warning(codes::W0201, span, format!("{what} has no iteration bound"))
                .with_primary_label("the compiler cannot know how often this runs")
                .with_help("state a bound with `@max_iterations(N)` (the loop then stops after N iterations) or hint one with `@unroll(N)`"),
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn for_stmt(
        &mut self,
        attrs: &[ast::Attribute],
        var: &ast::Ident,
        start: ast::ExprId,
        end: ast::ExprId,
        step: Option<ast::ExprId>,
        body: &ast::Block,
        span: Span,
        out: &mut Block,
    ) {
        let control = self.loop_attrs(attrs);
        let sv = self.top_expr(start, None, Mode::Value);
        let end_from = self.exprs.len();
        let ev = self.top_expr(end, None, Mode::Value);
        let end_to = self.exprs.len();
        let stv = step.map(|s| self.top_expr(s, None, Mode::Value));
        // The counter type: the first typed of start, end and step; `int` for literals only
        // (language.md's `for` rule: an integer start makes an `int` counter, `uint` when a
        // bound is `uint`).
        let typed_by = [Some(sv), Some(ev), stv]
            .into_iter()
            .flatten()
            .find_map(|v| Some((self.val_ty(v)?, v)));
        let typed = typed_by.map(|(t, _)| t);
        let any_error = [Some(sv), Some(ev), stv]
            .into_iter()
            .flatten()
            .any(|v| self.val_is_error(v));
        let float_literal = [Some(sv), Some(ev), stv]
            .into_iter()
            .flatten()
            .find(|v| matches!(v, Val::Abs(crate::consts::Abstract::Float(_), _)));
        let counter_ty = match typed {
            Some(t) if any_error => t,
            Some(t) => t,
            None if float_literal.is_some() => self.t.float,
            None => self.t.int,
        };
        let ok_ty = matches!(
            self.ty(counter_ty),
            Ty::Scalar(ScalarTy::Int | ScalarTy::Uint)
        );
        if !ok_ty && !any_error && !self.is_error(counter_ty) {
            let tn = self.tn(counter_ty);
            // The value that decided the type: the first typed one, else a float literal.
            let culprit = typed_by.map(|(_, v)| v).or(float_literal).unwrap_or(sv);
            let d = Diagnostic::error(
                codes::E0501,
                self.val_span(culprit),
                format!("a `for` counter is an `int` or a `uint`, not a `{tn}`"),
            )
            .with_primary_label(format!("this makes the counter `{tn}`"));
            let d = match culprit {
                // The usual way to get here: `let n = 8` then `for i = 1, n`, where `n` is a
                // `float` because nothing gave the literal a type.
                Val::Expr(e) if self.float_default(e).is_some() => {
                    self.explain_float_default_index(e, d)
                }
                // `for i = 0, if c then 2 else 5`: the if-expression is checked before the
                // counter's type is known, so nothing gives its literal arms a type.
                Val::Expr(e) if self.is_float_default_select(e) => d.with_help(
                    "an if-expression whose arms are untyped integer literals is a `float` where \
                     nothing gives it a type; bind it with a type first (`let n: int = if c then \
                     2 else 5`, then `for i = 0, n`), or write its arms typed (`2u`)",
                ),
                _ => d.with_help(
                    "count with integers and compute the float inside the loop, e.g. `let t = float(i) * 0.1`",
                ),
            };
            self.emit(d);
        }
        let cty = if ok_ty { counter_ty } else { self.t.error };
        let s_e = self.coerce(sv, cty, "the start of the `for` loop");
        let e_e = self.coerce(ev, cty, "the bound of the `for` loop");
        let st_e = match stv {
            // `for i = 10u, 0u, -1`: only an `int` counter counts down (language.md 6.4).
            Some(Val::Abs(crate::consts::Abstract::Int(v), sspan))
                if v < 0 && ok_ty && self.scalar_of(cty) == Some(ScalarTy::Uint) =>
            {
                let mut d =
                    Diagnostic::error(codes::E0516, sspan, "a `uint` counter cannot count down")
                        .with_primary_label(format!("the step {v} is negative"));
                if let Some((_, by)) = typed_by {
                    d = d.with_label(self.val_span(by), "this makes the counter `uint`");
                }
                self.emit(d.with_help(
                    "only an `int` counter counts down: write the bounds as `int`s (no `u` \
                     suffix, `int(n)` for a `uint` value) and convert with `uint(i)` in the body",
                ));
                Some(self.err_expr(sspan))
            }
            _ => stv.map(|v| self.coerce(v, cty, "the step of the `for` loop")),
        };
        let step_const = match st_e.and_then(|e| self.const_of(e).map(Cow::into_owned)) {
            Some(ConstValue::Int(i)) => Some(i128::from(i)),
            Some(ConstValue::Uint(u)) => Some(i128::from(u)),
            _ => None,
        };
        if step_const == Some(0) {
            let sspan = st_e.map_or(span, |e| self.expr_span(e));
            self.emit(
                Diagnostic::error(codes::E0707, sspan, "the step of this `for` loop is zero")
                    .with_primary_label("a zero step never reaches the bound")
                    .with_note("a step that is zero at run time runs no iteration; a constant zero step is always a mistake"),
            );
        }
        let bounds_const = self.const_of(s_e).is_some()
            && self.const_of(e_e).is_some()
            && (st_e.is_none() || step_const.is_some());
        // A bound that failed to type (a negative step for a `uint` counter, ...) is already
        // an error; it is no reason to call the loop unbounded.
        let bound_error = any_error
            || [Some(s_e), Some(e_e), st_e]
                .into_iter()
                .flatten()
                .any(|e| self.is_error(self.expr_ty(e)));
        if !bounds_const && ok_ty && !bound_error {
            // The loop's header, up to its last bound; from the counter when attributes come
            // first (the statement's span starts at them, lines above).
            let last = st_e.unwrap_or(e_e);
            let lo = if attrs.is_empty() {
                span.lo
            } else {
                var.span.lo
            };
            let header = Span::new(lo, self.expr_span(last).hi.max(lo));
            self.unbounded_warning(header, attrs, &control, "this `for` loop");
        }
        // Full unrolling of a constant loop must stay under the limit.
        if bounds_const && control.unroll.is_some() {
            let (a, b) = (self.int_const(s_e), self.int_const(e_e));
            if let (Some(a), Some(b)) = (a, b) {
                let step = step_const.unwrap_or(1);
                let count = if step > 0 && b >= a {
                    (b - a) / step + 1
                } else if step < 0 && a >= b {
                    (a - b) / (-step) + 1
                } else {
                    0
                };
                let requested = match control.unroll {
                    Some(Some(n)) => i128::from(n).min(count),
                    _ => count,
                };
                let limit = i128::from(self.limits.max_unroll_iterations);
                if requested > limit {
                    self.emit(
                        Diagnostic::error(
                            codes::E0709,
                            attrs
                                .iter()
                                .find(|a| self.text(&a.name) == "unroll")
                                .map_or(span, |a| a.span),
                            format!("unrolling this loop would copy its body {requested} times"),
                        )
                        .with_primary_label(format!("at most {limit} unrolled iterations"))
                        .with_help("use `@unroll(N)` with a smaller N, or remove `@unroll`"),
                    );
                }
            }
        }
        if let Some(f) = self.fcx.as_mut() {
            f.scopes.push();
            f.loops.push(LoopCtx { has_break: false });
        }
        let counter = self.declare_local(var, cty, true);
        let body_from = self.exprs.len();
        let (block, _) = self.block_in_scope(body, true);
        let counts_up = st_e.is_none() || step_const.is_some_and(|s| s > 0);
        if counts_up && !self.is_error(self.expr_ty(e_e)) {
            let start_is_one = self.int_const(s_e) == Some(1);
            self.length_bound_warning(
                end,
                end_from..end_to,
                body_from..self.exprs.len(),
                (var, counter),
                start_is_one,
            );
            if st_e.is_none() || step_const == Some(1) {
                self.constant_bound_warning(
                    end,
                    (s_e, e_e),
                    body_from..self.exprs.len(),
                    (var, counter),
                );
            }
            self.wrapping_bound_warning(e_e, end_from);
        }
        if let Some(f) = self.fcx.as_mut() {
            f.loops.pop();
            f.scopes.pop();
        }
        self.push(
            out,
            StmtKind::For(Box::new(ForStmt {
                var: counter,
                start: s_e,
                end: e_e,
                step: st_e,
                body: block,
                control,
            })),
            span,
        );
    }

    /// W0204: `for i = first, #x do ... x[i] ... end` runs with `i == #x`, one past the last
    /// element (the clamped index reads the last one again). `end` is the loop's bound as
    /// written, `bound` and `body` the typed expressions checked for the bound and the body.
    fn length_bound_warning(
        &mut self,
        end: ast::ExprId,
        bound: std::ops::Range<usize>,
        body: std::ops::Range<usize>,
        (var, counter): (&ast::Ident, LocalId),
        start_is_one: bool,
    ) {
        let Some(len) = self.ast_expr(self.ast_unparen(end)) else {
            return;
        };
        let ast::ExprKind::Unary {
            op: ast::UnaryOp::Len,
            operand,
            ..
        } = len.kind
        else {
            return;
        };
        let operand = self.ast_unparen(operand);
        let (Some(text), Some(operand_span)) = (
            self.ast_path_text(operand),
            self.ast_expr(operand).map(|x| x.span),
        ) else {
            return;
        };
        // The checked operand of `#`: the last typed expression of the bound written there.
        let Some(array) = self
            .exprs
            .iter()
            .skip(bound.start)
            .take(bound.len())
            .rev()
            .find(|(_, x)| x.span == operand_span)
            .map(|(h, _)| h)
        else {
            return;
        };
        let Ty::Array { len: array_len, .. } = self.ty(self.expr_ty(array)) else {
            return;
        };
        // A body that compares the counter with the length (`if i < #a then ... a[i] ...`)
        // handles the iteration one past the end itself.
        let guarded = match array_len {
            luma_thir::ArrayLen::Fixed(n) => self
                .exprs
                .iter()
                .skip(body.start)
                .take(body.len())
                .any(|(_, x)| self.compares_counter_with(x, counter, i128::from(n))),
            // A runtime-sized buffer array: the test is against its `#` (`if i < #b then`).
            _ => self
                .exprs
                .iter()
                .skip(body.start)
                .take(body.len())
                .any(|(_, x)| self.compares_counter_with_length(x, counter, array)),
        };
        if guarded {
            return;
        }
        let Some(index_span) = self
            .exprs
            .iter()
            .skip(body.start)
            .take(body.len())
            .find_map(|(_, x)| match x.kind {
                ExprKind::Index { base, index } => {
                    let by_counter = matches!(
                        self.exprs.get(index).map(|e| &e.kind),
                        Some(ExprKind::Local(l)) if *l == counter
                    );
                    (by_counter && self.same_place(base, array)).then_some(x.span)
                }
                _ => None,
            })
        else {
            return;
        };
        let i = self.text(var);
        let mut d = Diagnostic::warning(
            codes::W0204,
            len.span,
            format!("this loop runs one past the last element of `{text}`"),
        )
        .with_primary_label(format!(
            "the last iteration has `{i} == #{text}`, one past the last index"
        ))
        .with_label(
            index_span,
            format!("at `{i} == #{text}` this uses the last element again: out-of-range indices are clamped"),
        );
        if start_is_one {
            d = d.with_note(format!(
                "Luma indexes arrays from 0, not from 1 as Lua does: `for {i} = 0, #{text} - 1` visits every element"
            ));
        }
        self.emit(d.with_help(format!("`last` is inclusive: write `#{text} - 1`")));
    }

    /// W0204 for a constant bound: `for i = 1, 4 do ... a[i] ... end` with `a` a `[4]T` (Lua's
    /// 1-based habit, or C's `i < 4` written `4`) runs with `i == 4`, one past the last
    /// element. Only a bound the loop reaches (a step of 1 from a start at most the bound) and
    /// an array of exactly that length count; `#a` bounds are [`Self::length_bound_warning`]'s.
    fn constant_bound_warning(
        &mut self,
        written: ast::ExprId,
        (start, end): (ExprId, ExprId),
        body: std::ops::Range<usize>,
        (var, counter): (&ast::Ident, LocalId),
    ) {
        if matches!(
            self.ast_expr(self.ast_unparen(written)).map(|x| x.kind),
            Some(ast::ExprKind::Unary {
                op: ast::UnaryOp::Len,
                ..
            })
        ) {
            return;
        }
        let (Some(first), Some(last)) = (self.int_const(start), self.int_const(end)) else {
            return;
        };
        if first > last || first < 0 {
            return;
        }
        // As for `#a` bounds: a body that compares the counter with the bound handles the
        // iteration one past the end itself.
        let guarded = self
            .exprs
            .iter()
            .skip(body.start)
            .take(body.len())
            .any(|(_, x)| self.compares_counter_with(x, counter, last));
        if guarded {
            return;
        }
        let Some((index_span, base_span)) = self
            .exprs
            .iter()
            .skip(body.start)
            .take(body.len())
            .find_map(|(_, x)| match x.kind {
                ExprKind::Index { base, index } => {
                    let by_counter = matches!(
                        self.exprs.get(index).map(|e| &e.kind),
                        Some(ExprKind::Local(l)) if *l == counter
                    );
                    let fits = matches!(
                        self.ty(self.expr_ty(base)),
                        Ty::Array { len: ArrayLen::Fixed(n), .. } if i128::from(n) == last
                    );
                    (by_counter && fits).then(|| (x.span, self.expr_span(base)))
                }
                _ => None,
            })
        else {
            return;
        };
        // The array as written, to name it: the syntax node at the indexed base's span.
        let text = [&*self.body_nodes, &self.ast.nodes]
            .into_iter()
            .find_map(|nodes| nodes.exprs().find(|(_, x)| x.span == base_span))
            .and_then(|(h, _)| self.ast_path_text(h));
        let Some(text) = text else {
            return;
        };
        let i = self.text(var);
        let end_span = self.expr_span(end);
        let mut d = Diagnostic::warning(
            codes::W0204,
            end_span,
            format!("this loop runs one past the last element of `{text}`"),
        )
        .with_primary_label(format!(
            "the last iteration has `{i} == {last}`, one past the last index of `{text}`"
        ))
        .with_label(
            index_span,
            format!("at `{i} == {last}` this uses the last element again: out-of-range indices are clamped"),
        );
        if first == 1 {
            d = d.with_note(format!(
                "Luma indexes arrays from 0, not from 1 as Lua does: `for {i} = 0, {} do` visits every element",
                last - 1
            ));
        }
        self.emit(d.with_help(format!(
            "`last` is inclusive: write `{}` or `#{text} - 1`",
            last - 1
        )));
    }

    /// Whether `x` compares the loop counter `counter` with the constant `n`, in either order.
    fn compares_counter_with(&self, x: &luma_thir::Expr, counter: LocalId, n: i128) -> bool {
        self.compares_counter_and(x, counter, |e| self.int_const(e) == Some(n))
    }

    /// Whether `x` compares the loop counter `counter` with the run-time length of `array`
    /// (`i < #b`), in either order.
    fn compares_counter_with_length(
        &self,
        x: &luma_thir::Expr,
        counter: LocalId,
        array: ExprId,
    ) -> bool {
        self.compares_counter_and(x, counter, |e| {
            matches!(
                self.exprs.get(e).map(|e| &e.kind),
                Some(ExprKind::ArrayLength { base }) if self.same_place(*base, array)
            )
        })
    }

    /// Whether `x` compares (`<`, `<=`, `>`, `>=`, `==`, `!=`) the loop counter `counter` with
    /// an operand `other` accepts, in either order.
    fn compares_counter_and(
        &self,
        x: &luma_thir::Expr,
        counter: LocalId,
        other: impl Fn(ExprId) -> bool,
    ) -> bool {
        let ExprKind::Binary { op, lhs, rhs } = x.kind else {
            return false;
        };
        if !matches!(
            op,
            luma_thir::BinaryOp::Lt
                | luma_thir::BinaryOp::Le
                | luma_thir::BinaryOp::Gt
                | luma_thir::BinaryOp::Ge
                | luma_thir::BinaryOp::Eq
                | luma_thir::BinaryOp::Ne
        ) {
            return false;
        }
        let is_counter = |e: ExprId| {
            matches!(
                self.exprs.get(e).map(|e| &e.kind),
                Some(ExprKind::Local(l)) if *l == counter
            )
        };
        (is_counter(lhs) && other(rhs)) || (is_counter(rhs) && other(lhs))
    }

    /// `e` without enclosing parentheses.
    fn ast_unparen(&self, mut e: ast::ExprId) -> ast::ExprId {
        while let Some(ast::ExprKind::Paren(inner)) = self.ast_expr(e).map(|x| x.kind) {
            e = inner;
        }
        e
    }

    /// The text of a name, member or constant-index path (`a`, `camera.lights`, `m[0].w`), or
    /// `None` for any other expression.
    fn ast_path_text(&self, e: ast::ExprId) -> Option<String> {
        match &self.ast_expr(e)?.kind {
            ast::ExprKind::Ident(id) => Some(self.text(id).to_owned()),
            ast::ExprKind::Field { base, name } => Some(format!(
                "{}.{}",
                self.ast_path_text(*base)?,
                self.text(name)
            )),
            ast::ExprKind::Index { base, index } => match self.ast_expr(*index)?.kind {
                ast::ExprKind::Int {
                    value,
                    unsigned: false,
                } => Some(format!(
                    "{}[{}]",
                    self.ast_path_text(*base)?,
                    value.to_u64()
                )),
                _ => None,
            },
            ast::ExprKind::Paren(inner) => self.ast_path_text(*inner),
            _ => None,
        }
    }

    /// Whether two typed expressions name the same place, for W0204 and W0210: one local,
    /// global or specialization constant, through the same members and constant indices, or
    /// constant tables of one type.
    fn same_place(&self, a: ExprId, b: ExprId) -> bool {
        let (Some(x), Some(y)) = (self.exprs.get(a), self.exprs.get(b)) else {
            return false;
        };
        match (&x.kind, &y.kind) {
            (ExprKind::Local(l), ExprKind::Local(m)) => l == m,
            (ExprKind::Global(g), ExprKind::Global(h)) => g == h,
            // A specialization constant compared before a loop guards its bound as a local
            // does (`if MAX_LOD > 0u then for i = 0u, MAX_LOD - 1u do`, W0210).
            (ExprKind::SpecConst(c), ExprKind::SpecConst(d)) => c == d,
            // Each use of a named constant table is a copy of its value: two constant arrays of
            // one type stand for the same place here, since what W0204 needs is that the
            // index runs past the end of both (comparing the values would cost their size).
            (
                ExprKind::Const(ExprConst::Composite(_)),
                ExprKind::Const(ExprConst::Composite(_)),
            ) => x.ty == y.ty,
            (
                ExprKind::Field { base, index },
                ExprKind::Field {
                    base: base2,
                    index: index2,
                },
            ) => index == index2 && self.same_place(*base, *base2),
            (
                ExprKind::Index { base, index },
                ExprKind::Index {
                    base: base2,
                    index: index2,
                },
            ) => {
                let (i, j) = (self.const_of(*index), self.const_of(*index2));
                i.is_some() && i == j && self.same_place(*base, *base2)
            }
            _ => false,
        }
    }

    /// W0210: `for i = 0u, n - 1u do` with a `uint` counter. The bound is inclusive, so the
    /// `- 1u` is natural, but for `n == 0u` it wraps to 4294967295 and the loop runs until
    /// `@max_iterations` or a `break` instead of not at all (an `int` counter gets -1 and
    /// runs no iteration). A value compared before the loop (`if n > 0u then`, `if n == 0u
    /// then return end`, in the `exprs_before` expressions of the function checked so far) is
    /// taken as guarded.
    fn wrapping_bound_warning(&mut self, bound: ExprId, exprs_before: usize) {
        let Some(&luma_thir::Expr {
            kind:
                ExprKind::Binary {
                    op: luma_thir::BinaryOp::Sub,
                    lhs,
                    rhs,
                },
            ty,
            span,
        }) = self.exprs.get(bound)
        else {
            return;
        };
        if !matches!(self.ty(ty), Ty::Scalar(ScalarTy::Uint)) || self.const_of(lhs).is_some() {
            return;
        }
        let Some(c) = self.int_const(rhs).filter(|c| *c > 0) else {
            return;
        };
        // The value and, for a sum (`first + count - 1u`), each of its terms: a count checked
        // against zero guards the sum too.
        let mut terms = vec![lhs];
        let mut next = 0;
        while let Some(&t) = terms.get(next) {
            next += 1;
            if let Some(ExprKind::Binary {
                op: luma_thir::BinaryOp::Add,
                lhs: a,
                rhs: b,
            }) = self.exprs.get(t).map(|x| x.kind)
            {
                if terms.len() < 16 {
                    terms.extend([a, b]);
                }
            }
        }
        let compared_before = self.exprs.iter().take(exprs_before).any(|(_, x)| {
            use luma_thir::BinaryOp as B;
            match x.kind {
                ExprKind::Binary {
                    op: B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge,
                    lhs: a,
                    rhs: b,
                } => terms
                    .iter()
                    .any(|&t| self.same_place(a, t) || self.same_place(b, t)),
                _ => false,
            }
        });
        if compared_before {
            return;
        }
        let guard = if c == 1 {
            "n > 0u".to_owned()
        } else {
            format!("n >= {c}u")
        };
        self.emit(
            Diagnostic::warning(
                codes::W0210,
                span,
                format!("this `uint` bound wraps around when the value before `- {c}u` is below {c}u"),
            )
            .with_primary_label(
                "then it is close to 4294967295, and the loop runs that far instead of not at all",
            )
            .with_note("the bound is inclusive; with an `int` counter it would be negative and the loop would not run")
            .with_help(format!(
                "count with an `int` (`for i = 0, int(n) - {c} do`), or skip the loop when the \
                 value is too small (`if {guard} then ... end`)"
            )),
        );
    }

    fn int_const(&self, e: ExprId) -> Option<i128> {
        match self.const_of(e).as_deref() {
            Some(ConstValue::Int(i)) => Some(i128::from(*i)),
            Some(ConstValue::Uint(u)) => Some(i128::from(*u)),
            _ => None,
        }
    }

    fn while_stmt(
        &mut self,
        attrs: &[ast::Attribute],
        cond: ast::ExprId,
        body: &ast::Block,
        span: Span,
        out: &mut Block,
    ) -> Flow {
        let control = self.loop_attrs(attrs);
        let b = self.t.bool_;
        let cv = self.top_expr(cond, Some(b), Mode::Value);
        let c = self.condition(cv, "a `while` condition");
        // From the condition when attributes come first (the statement's span starts at them).
        let lo = if attrs.is_empty() {
            span.lo
        } else {
            self.expr_span(c).lo
        };
        let header = Span::new(lo, self.expr_span(c).hi.max(lo));
        // `while false` never runs its body: it has a bound (zero).
        let never = matches!(self.const_of(c).as_deref(), Some(ConstValue::Bool(false)));
        if !never {
            self.unbounded_warning(header, attrs, &control, "this `while` loop");
        }
        if let Some(f) = self.fcx.as_mut() {
            f.loops.push(LoopCtx { has_break: false });
        }
        let (block, _) = self.block_in_scope(body, true);
        let has_break = self
            .fcx
            .as_mut()
            .and_then(|f| f.loops.pop())
            .is_some_and(|l| l.has_break);
        // A `@max_iterations` whose argument was reported invalid still bounds the loop: the
        // code after it is not unreachable by mistake.
        let bounded = control.max_iterations.is_some()
            || attrs.iter().any(|a| self.text(&a.name) == "max_iterations");
        let forever =
            matches!(self.const_of(c).as_deref(), Some(ConstValue::Bool(true))) && !bounded;
        self.push(
            out,
            StmtKind::While(Box::new(WhileStmt {
                cond: c,
                body: block,
                control,
            })),
            span,
        );
        if forever && !has_break {
            Flow::Exits
        } else {
            Flow::Continues
        }
    }

    // -----------------------------------------------------------------------------------------
    // Assignment

    /// `name = value` where nothing is called `name`: in Lua this makes a global, so the
    /// author almost surely meant a declaration. Reported once with the `let` to write, and
    /// the name is then declared with the value's type so its later uses are not reported
    /// again. `false` when the target is not such a name.
    fn assign_to_undeclared(
        &mut self,
        target: ast::ExprId,
        value: ast::ExprId,
        span: Span,
        out: &mut Block,
    ) -> bool {
        let Some(ast::Expr {
            kind: ast::ExprKind::Ident(id),
            ..
        }) = self.ast_expr(target)
        else {
            return false;
        };
        let name = self.text(&id);
        let known = self
            .fcx
            .as_ref()
            .is_some_and(|f| f.scopes.lookup(name).is_some())
            || self.names.contains_key(name)
            || crate::builtins::lookup(name).is_some()
            || crate::types::is_builtin_type_name(name);
        if known {
            return false;
        }
        // (A `let` of the name may follow, or none: either way none came before.)
        let d = Diagnostic::error(
            codes::E0401,
            id.span,
            format!("cannot find `{name}` in this scope"),
        );
        let d = match crate::expr::glsl_builtin_variable_help(name) {
            Some(help) => d
                .with_primary_label("not declared: a GLSL builtin variable")
                .with_help(help),
            None => d
                .with_primary_label("not declared with `let` before this assignment")
                .with_help(format!(
                    "Luma declares variables with `let`: `let {name} = ...`"
                )),
        };
        self.emit(d);
        // GLSL's way to write an output (`gl_Position = ...`): the missing `return` that
        // follows is the same mistake, which the help above explains.
        let glsl_output = matches!(
            name,
            "gl_Position" | "gl_FragColor" | "gl_FragData" | "gl_FragDepth"
        );
        let v = self.top_expr(value, None, Mode::Value);
        let e = self.concretize(v, None);
        let ty = self.expr_ty(e);
        let local = self.declare_local(&id, ty, false);
        if let Some(f) = self.fcx.as_mut() {
            f.implicit.push(id.span);
            if glsl_output {
                f.incomplete = true;
            }
        }
        self.push(out, StmtKind::Let { local, value: e }, span);
        true
    }

    /// Whether an assignment target has the syntax of a place (a name, or members and
    /// elements of one), as the parser checks it: a target without it was reported there.
    fn ast_place_syntax(&self, e: ast::ExprId) -> bool {
        let mut cur = e;
        loop {
            match self.ast_expr(cur).map(|x| x.kind) {
                Some(ast::ExprKind::Ident(_) | ast::ExprKind::Error) | None => return true,
                Some(ast::ExprKind::Field { base, .. } | ast::ExprKind::Index { base, .. }) => {
                    cur = base;
                }
                Some(_) => return false,
            }
        }
    }

    /// The name at the root of a chain of members and indices (`K` in `K.x[0]`).
    fn ast_root_ident(&self, e: ast::ExprId) -> Option<&'a str> {
        let mut cur = e;
        loop {
            match &self.ast_expr(cur)?.kind {
                ast::ExprKind::Ident(id) => return Some(self.text(id)),
                ast::ExprKind::Field { base, .. } | ast::ExprKind::Index { base, .. } => {
                    cur = *base;
                }
                _ => return None,
            }
        }
    }

    /// The root of a place expression, or `None` when it is not a place. A swizzle may only
    /// be the last step; an index of a swizzle or a swizzle of a swizzle is not a place.
    pub fn place_root(&self, e: ExprId) -> Option<Root> {
        let mut cur = e;
        let mut first = true;
        loop {
            let ex = self.exprs.get(cur)?;
            match &ex.kind {
                ExprKind::Local(l) => return Some(Root::Local(*l)),
                ExprKind::Global(g) => return Some(Root::Global(*g)),
                ExprKind::Field { base, .. } | ExprKind::Index { base, .. } => {
                    if !first {
                        if let Some(ExprKind::Swizzle { .. }) =
                            self.exprs.get(*base).map(|b| &b.kind)
                        {
                            return None;
                        }
                    }
                    if let Some(ExprKind::Swizzle { .. }) = self.exprs.get(*base).map(|b| &b.kind) {
                        return None;
                    }
                    cur = *base;
                }
                ExprKind::Swizzle { base, .. } => {
                    if !first {
                        return None;
                    }
                    if let Some(ExprKind::Swizzle { .. }) = self.exprs.get(*base).map(|b| &b.kind) {
                        return None;
                    }
                    cur = *base;
                }
                _ => return None,
            }
            first = false;
        }
    }

    /// Reports a write to a storage buffer declared `@access(read)`.
    pub fn check_buffer_writable(&mut self, g: GlobalId, span: Span, what: &str) {
        let explicit = self.globals.get(g.index()).and_then(|i| i.explicit_access);
        if let Some((Access::Read, attr_span)) = explicit {
            let name = self
                .prog
                .globals
                .get(g)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            self.emit(
                Diagnostic::error(codes::E0602, span, format!("{what} writes `{name}`, which is declared `@access(read)`"))
                    .with_primary_label("a write")
                    .with_label(attr_span, "declared read-only here")
                    .with_help("remove `@access(read)` (access is inferred from use) or write `@access(read_write)`"),
            );
        }
    }

    fn assign(
        &mut self,
        target: ast::ExprId,
        op: Option<ast::BinaryOp>,
        op_span: Span,
        value: ast::ExprId,
        span: Span,
        out: &mut Block,
    ) {
        self.steps = 0;
        self.steps_reported = false;
        if op.is_none() && self.assign_to_undeclared(target, value, span, out) {
            return;
        }
        let tv = self.expr_mode(target, None, Mode::Ref);
        if !self.ast_place_syntax(target) {
            // The parser reported this target (E0304): only the value is left to check.
            self.expr(value, None);
            return;
        }
        let tspan = self.val_span(tv);
        let te = match tv {
            Val::Expr(e) => e,
            Val::Abs(..) => {
                // An untyped constant (`const K = 2.0`) checks as its value: name it.
                let d = match self.ast_root_ident(target) {
                    Some(name) => Diagnostic::error(
                        codes::E0602,
                        tspan,
                        format!("cannot assign to `{name}`, a constant"),
                    )
                    .with_primary_label("a constant")
                    .with_help(
                        "a constant's value is fixed: to change a copy, declare a local with `let`",
                    ),
                    None => Diagnostic::error(codes::E0601, tspan, "cannot assign to a literal")
                        .with_primary_label("not a place"),
                };
                self.emit(d);
                self.expr(value, None);
                return;
            }
        };
        let tty = self.expr_ty(te);
        let target_ok =
            !self.is_error(tty) && self.check_target(te, tspan, self.ast_root_ident(target));
        if !self.is_error(tty) && !self.constructible(tty) {
            // A texture, sampler or runtime-sized array as a whole (reported above): the value
            // is one of the same kind, which would only be reported again as unusable.
            self.expr_mode(value, None, Mode::Ref);
            return;
        }
        // Swizzle targets must not repeat a component.
        if let Some(ExprKind::Swizzle { components, .. }) = self.exprs.get(te).map(|x| &x.kind) {
            let mut seen = [false; 4];
            let mut repeated = None;
            for &c in components.as_slice() {
                if let Some(s) = seen.get_mut(usize::from(c)) {
                    if *s {
                        repeated = Some(c);
                    }
                    *s = true;
                }
            }
            if let Some(c) = repeated {
                let ch = ['x', 'y', 'z', 'w']
                    .get(usize::from(c))
                    .copied()
                    .unwrap_or('x');
                self.emit(
                    Diagnostic::error(
                        codes::E0505,
                        tspan,
                        format!("this swizzle writes component `{ch}` twice"),
                    )
                    .with_primary_label("a swizzle target cannot repeat a component"),
                );
                self.expr(value, None);
                return;
            }
        }
        let v = match op {
            None => {
                let v = self.expr(value, Some(tty));
                if !target_ok {
                    return;
                }
                match v {
                    // `let c = 0` then `c = i + 1`: the target is the `float` that surprises, so
                    // the explanation goes on its declaration.
                    Val::Expr(e)
                        if self.expr_ty(e) != tty
                            && !self.is_error(self.expr_ty(e))
                            && !self.is_error(tty) =>
                    {
                        let found = self.expr_ty(e);
                        let vspan = self.val_span(v);
                        let d = self.mismatch(vspan, tty, found, "the assigned value");
                        let d = self.explain_float_default(e, tty, d);
                        let d = self.explain_float_default(te, found, d);
                        self.emit(d);
                        self.err_expr(vspan)
                    }
                    _ => self.coerce(v, tty, "the assigned value"),
                }
            }
            Some(o) => {
                let bop = ast_binop(o);
                if matches!(bop, luma_thir::BinaryOp::And | luma_thir::BinaryOp::Or) {
                    self.expr(value, None);
                    return;
                }
                let is_shift = matches!(bop, luma_thir::BinaryOp::Shl | luma_thir::BinaryOp::Shr);
                let hint = if is_shift { None } else { Some(tty) };
                let rv = self.expr(value, hint);
                if !target_ok || self.val_is_error(rv) {
                    return;
                }
                // Type `target op value` with the target standing for its current value (the
                // operation built here only serves the typing; the statement keeps `op`).
                let r = self.binary_vals(bop, op_span, Val::Expr(te), rv, span, Some(tty));
                let Val::Expr(re) = r else { return };
                let rt = self.expr_ty(re);
                if self.is_error(rt) {
                    return;
                }
                if rt != tty {
                    let (tn, rn) = (self.tn(tty), self.tn(rt));
                    self.emit(
                        Diagnostic::error(
                            codes::E0501,
                            op_span,
                            format!("`{}=` would change `{tn}` into `{rn}`", binop_str(bop)),
                        )
                        .with_primary_label(format!("the result is `{rn}`"))
                        .with_label(tspan, format!("the target is `{tn}`")),
                    );
                    return;
                }
                // The operator's typing materialized the value; take it from the result.
                match self.exprs.get(re).map(|x| x.kind) {
                    Some(ExprKind::Binary { rhs, .. }) => rhs,
                    _ => return,
                }
            }
        };
        if self.val_is_error(Val::Expr(v)) {
            return;
        }
        self.push(
            out,
            StmtKind::Assign {
                target: te,
                op: op.map(ast_binop),
                value: v,
            },
            span,
        );
    }

    /// For `v.zyx.xy = ...`: the one swizzle that selects the same components (`v.zy`), which
    /// is a place. `None` when `e` is not a swizzle of a swizzle.
    fn swizzle_of_swizzle_help(&self, e: ExprId) -> Option<String> {
        let ExprKind::Swizzle { base, components } = self.exprs.get(e)?.kind else {
            return None;
        };
        let mut composed: Vec<u8> = components.as_slice().to_vec();
        let mut base = base;
        let mut nested = false;
        while let Some(ExprKind::Swizzle {
            base: inner,
            components: c,
        }) = self.exprs.get(base).map(|x| x.kind)
        {
            let inner_components = c.as_slice();
            composed = composed
                .iter()
                .map(|&i| inner_components.get(usize::from(i)).copied())
                .collect::<Option<Vec<u8>>>()?;
            base = inner;
            nested = true;
        }
        if !nested {
            return None;
        }
        let letters: String = composed
            .iter()
            .map(|&c| char::from(b"xyzw".get(usize::from(c)).copied().unwrap_or(b'x')))
            .collect();
        let name = match self.exprs.get(base).map(|x| x.kind) {
            Some(ExprKind::Local(l)) => self
                .fcx
                .as_ref()
                .and_then(|f| f.locals.get(l).map(|d| d.name.clone())),
            Some(ExprKind::Global(g)) => self.prog.globals.get(g).map(|d| d.name.clone()),
            _ => None,
        };
        // A repeated component is reported on its own (E0505), and no swizzle fixes it.
        let mut distinct = composed.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != composed.len() {
            return None;
        }
        Some(match name {
            Some(n) => {
                format!("select the same components with one swizzle: `{n}.{letters} = ...`")
            }
            None => {
                format!("select the same components with one swizzle of the vector: `.{letters}`")
            }
        })
    }

    /// Whether the target is a writable place, recording writes; reports otherwise.
    /// `root` is the name the target's syntax starts with, for naming a constant.
    fn check_target(&mut self, te: ExprId, tspan: Span, root: Option<&str>) -> bool {
        let tty = self.expr_ty(te);
        if matches!(self.ty(tty), Ty::Atomic(_)) {
            self.emit(
                Diagnostic::error(codes::E0602, tspan, "atomics cannot be assigned")
                    .with_primary_label("an atomic")
                    .with_help("write it with `atomic_store(place, value)`"),
            );
            return false;
        }
        if !self.constructible(tty) {
            let tn = self.tn(tty);
            let resource = matches!(
                self.ty(tty),
                Ty::Texture(_) | Ty::CombinedSampler(_) | Ty::Sampler { .. } | Ty::StorageImage(_)
            ) || matches!(self.ty(tty), Ty::Array { element, .. } if matches!(
                self.ty(element),
                Ty::Texture(_) | Ty::CombinedSampler(_) | Ty::Sampler { .. } | Ty::StorageImage(_)
            ));
            let d = if resource {
                Diagnostic::error(
                    codes::E0602,
                    tspan,
                    format!("a `{tn}` cannot be assigned"),
                )
                .with_primary_label("bound by the host, not by the shader")
                .with_help(
                    "to use one of several textures, declare an array of them and index it, or \
                     sample each in its own branch",
                )
            } else {
                Diagnostic::error(
                    codes::E0602,
                    tspan,
                    format!("a value of type `{tn}` cannot be assigned as a whole"),
                )
                .with_primary_label("assign its members or elements instead")
            };
            self.emit(d);
            return false;
        }
        match self.place_root(te) {
            None => {
                let is_const = matches!(
                    self.exprs.get(te).map(|x| &x.kind),
                    Some(ExprKind::Const(_) | ExprKind::SpecConst(_))
                );
                let d = if is_const {
                    let name = root;
                    let message = match name {
                        Some(name) => format!("cannot assign to `{name}`, a constant"),
                        None => "cannot assign to a constant".to_owned(),
                    };
                    Diagnostic::error(codes::E0602, tspan, message)
                        .with_primary_label("a constant")
                        .with_help(
                            "a constant's value is fixed: to change a copy, declare a local with \
                             `let`",
                        )
                } else if let Some(help) = self.swizzle_of_swizzle_help(te) {
                    Diagnostic::error(
                        codes::E0601,
                        tspan,
                        "cannot assign to a swizzle of a swizzle",
                    )
                    .with_primary_label("not a place")
                    .with_help(help)
                } else {
                    Diagnostic::error(codes::E0601, tspan, "cannot assign to this expression")
                        .with_primary_label("not a place")
                        .with_note("assignable places are locals, their members, elements and swizzles, and members and elements of `buffer` and `shared` globals")
                };
                self.emit(d);
                false
            }
            Some(Root::Local(l)) => {
                let counter = self.fcx.as_ref().and_then(|f| {
                    let name = f.locals.get(l).map(|d| d.name.as_str())?;
                    match f.scopes.lookup(name) {
                        Some(LocalSym::Counter(c)) if *c == l => Some(()),
                        _ => None,
                    }
                });
                if counter.is_some() {
                    let (name, decl) = self
                        .fcx
                        .as_ref()
                        .and_then(|f| f.locals.get(l))
                        .map(|d| (d.name.clone(), d.span))
                        .unwrap_or_default();
                    self.emit(
                        Diagnostic::error(
                            codes::E0602,
                            tspan,
                            format!("cannot assign to the loop counter `{name}`"),
                        )
                        .with_primary_label("the counter is read-only in the loop body")
                        .with_label(decl, "the counter")
                        .with_help(format!(
                            "copy it into a local first: `let {} = {name}`",
                            if name == "j" { "k" } else { "j" }
                        )),
                    );
                    return false;
                }
                if let Some(d) = self.fcx.as_mut().and_then(|f| f.locals.get_mut(l)) {
                    d.reassigned = true;
                }
                true
            }
            Some(Root::Global(g)) => {
                let (kind, name) = self
                    .prog
                    .globals
                    .get(g)
                    .map_or((GlobalKind::UniformBuffer, String::new()), |d| {
                        (d.kind, d.name.clone())
                    });
                match kind {
                    GlobalKind::StorageBuffer { .. } => {
                        if let Some(f) = self.fcx.as_mut() {
                            f.facts.writes.push((g, tspan));
                        }
                        self.check_buffer_writable(g, tspan, "this assignment");
                        true
                    }
                    GlobalKind::Workgroup => true,
                    _ => {
                        let what = match kind {
                            GlobalKind::PushConstant => "a push constant block",
                            GlobalKind::UniformBuffer => "a uniform block",
                            _ => "a texture or sampler",
                        };
                        self.emit(
                            Diagnostic::error(
                                codes::E0602,
                                tspan,
                                format!("cannot assign to `{name}`, {what}"),
                            )
                            .with_primary_label("read-only")
                            .with_note("shaders can write `buffer` and `shared` globals only"),
                        );
                        false
                    }
                }
            }
        }
    }
}
