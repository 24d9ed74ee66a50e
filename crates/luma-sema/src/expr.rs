//! Expressions: name resolution, operators with language.md's typing rules, member access and
//! swizzles, indexing, struct and array literals typed by context, if-expressions, calls of
//! functions, builtins and type constructors. Constant subexpressions are folded as they are
//! built, so constant expressions are exactly those that end up as `Const`.

use std::borrow::Cow;

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{
    ArrayLen, BinaryOp, BuiltinFn, ConstValue, ExprId, ExprKind, GlobalKind, ScalarTy, StructId,
    Swizzle, Ty, TyId, UnaryOp,
};

use crate::builtins::{self, CallResult};
use crate::check::{name_list, Checker, ConstSlot, LocalSym, Mode, SymKind, Use, Val};
use crate::codes;
use crate::consts::{self, Abstract, AbstractResult};
use crate::decls::TypeCtx;
use crate::foreign;
use crate::types;

/// The most elements one array fill constructor `[N]T(value)` makes (E0711): each is a separate
/// part of a composite in every target, and SPIR-V caps one composite at 65,532 parts.
const MAX_FILL_ELEMENTS: u32 = 4096;

fn thir_binop(op: ast::BinaryOp) -> BinaryOp {
    match op {
        ast::BinaryOp::Add => BinaryOp::Add,
        ast::BinaryOp::Sub => BinaryOp::Sub,
        ast::BinaryOp::Mul => BinaryOp::Mul,
        ast::BinaryOp::Div => BinaryOp::Div,
        ast::BinaryOp::Rem => BinaryOp::Rem,
        ast::BinaryOp::BitAnd => BinaryOp::BitAnd,
        ast::BinaryOp::BitOr => BinaryOp::BitOr,
        ast::BinaryOp::BitXor => BinaryOp::BitXor,
        ast::BinaryOp::Shl => BinaryOp::Shl,
        ast::BinaryOp::Shr => BinaryOp::Shr,
        ast::BinaryOp::Eq => BinaryOp::Eq,
        ast::BinaryOp::Ne => BinaryOp::Ne,
        ast::BinaryOp::Lt => BinaryOp::Lt,
        ast::BinaryOp::Le => BinaryOp::Le,
        ast::BinaryOp::Gt => BinaryOp::Gt,
        ast::BinaryOp::Ge => BinaryOp::Ge,
        ast::BinaryOp::And => BinaryOp::And,
        ast::BinaryOp::Or => BinaryOp::Or,
    }
}

pub(crate) fn binop_str(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::BitAnd => "&",
        BinaryOp::BitOr => "|",
        BinaryOp::BitXor => "~",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Lt => "<",
        BinaryOp::Le => "<=",
        BinaryOp::Gt => ">",
        BinaryOp::Ge => ">=",
        BinaryOp::And => "and",
        BinaryOp::Or => "or",
    }
}

pub(crate) fn ast_binop(op: ast::BinaryOp) -> BinaryOp {
    thir_binop(op)
}

/// Why a binary operator rejects its operand types.
enum BinErr {
    /// Generic mismatch.
    Mismatch,
    /// Ordering comparison of vectors.
    VectorOrdering,
    /// `bool` operands where numbers are needed.
    BoolArith,
    /// `and` / `or` on non-`bool`.
    Logic,
}

/// GLSL's builtin variables (`gl_FragCoord`): what Luma declares instead, an entry point
/// parameter or result with `@builtin`.
/// Another language's spelling of a literal: `Some(Some(keyword))` for a boolean (`True`,
/// `FALSE`), `Some(None)` for a null value (`null`, `NULL`, `None`, `nullptr`), which Luma
/// does not have.
fn foreign_literal(name: &str) -> Option<Option<&'static str>> {
    match name {
        "True" | "TRUE" => Some(Some("true")),
        "False" | "FALSE" => Some(Some("false")),
        "null" | "NULL" | "None" | "nullptr" | "undefined" => Some(None),
        _ => None,
    }
}

pub(crate) fn glsl_builtin_variable_help(name: &str) -> Option<String> {
    if matches!(name, "gl_FragColor" | "gl_FragData") {
        return Some(format!(
            "GLSL's `{name}` is a result of the fragment entry point in Luma: declare it, \
             `-> (color: vec4)`, and return it, `return {{ color = ... }}`"
        ));
    }
    if name == "gl_WorkGroupSize" {
        // Not an input on any target: GLSL's constant of the layout's local_size.
        return Some(
            "GLSL's `gl_WorkGroupSize` is the entry point's `@workgroup_size`, which Luma gives \
             no name: declare the size as a `const` (`const GROUP = 256`) and use it in both \
             places, `@workgroup_size(GROUP)` and here (a `@spec` constant if the pipeline \
             chooses it, as with `local_size_x_id`)"
                .to_owned(),
        );
    }
    let (builtin, ty, input) = match name {
        "gl_FragCoord" => ("position", "vec4", true),
        "gl_FrontFacing" => ("front_facing", "bool", true),
        "gl_SampleID" => ("sample_index", "uint", true),
        "gl_VertexIndex" | "gl_VertexID" => ("vertex_index", "uint", true),
        "gl_InstanceIndex" | "gl_InstanceID" => ("instance_index", "uint", true),
        "gl_GlobalInvocationID" => ("global_invocation_id", "uvec3", true),
        "gl_LocalInvocationID" => ("local_invocation_id", "uvec3", true),
        "gl_LocalInvocationIndex" => ("local_invocation_index", "uint", true),
        "gl_WorkGroupID" => ("workgroup_id", "uvec3", true),
        "gl_NumWorkGroups" => ("num_workgroups", "uvec3", true),
        "gl_Position" => ("position", "vec4", false),
        "gl_FragDepth" => ("frag_depth", "float", false),
        _ => return None,
    };
    Some(if input {
        format!(
            "GLSL's `{name}` is the builtin input `{builtin}` in Luma: take it as a parameter \
             of the entry point, `@builtin({builtin}) {builtin}: {ty}`"
        )
    } else {
        format!(
            "GLSL's `{name}` is the builtin output `{builtin}` in Luma: declare it as a result \
             of the entry point, `-> (@builtin({builtin}) {builtin}: {ty}, ...)`, and return it"
        )
    })
}

/// Lua's standard libraries, whose functions a Lua programmer calls as `math.sin(x)`.
const LUA_LIBRARIES: &[&str] = &["math", "string", "table", "bit32", "utf8", "os", "io"];

impl<'a> Checker<'a> {
    /// Checks an expression used as a value.
    pub fn expr(&mut self, id: ast::ExprId, hint: Option<TyId>) -> Val {
        self.expr_mode(id, hint, Mode::Value)
    }

    /// Checks an expression in `mode`, bounding recursion by the expression depth limit (the
    /// parser's, so this only guards trees built elsewhere) and growing the stack as it goes:
    /// an operator chain recurses once per operand.
    pub fn expr_mode(&mut self, id: ast::ExprId, hint: Option<TyId>, mode: Mode) -> Val {
        let Some(e) = self.ast_expr(id) else {
            return self.err_val(Span::default());
        };
        if self.depth >= self.limits.expression_depth {
            self.too_deep_past(e.span, "expression", self.limits.expression_depth);
            return self.err_val(e.span);
        }
        self.depth += 1;
        let v = luma_base::stack::grow(self.depth, || self.expr_inner(e, hint, mode));
        self.depth -= 1;
        if mode == Mode::Value {
            self.value_check(v)
        } else {
            v
        }
    }

    /// Rejects values whose type cannot exist as a value.
    pub(crate) fn value_check(&mut self, v: Val) -> Val {
        let Val::Expr(e) = v else { return v };
        let ty = self.expr_ty(e);
        if self.constructible(ty) {
            return v;
        }
        let span = self.expr_span(e);
        let tn = self.tn(ty);
        let p = self.props(ty);
        let mut d = Diagnostic::error(
            codes::E0518,
            span,
            format!("a value of type `{tn}` cannot be used here"),
        )
        .with_primary_label(format!("this is `{tn}`"));
        d = if matches!(self.ty(ty), Ty::Atomic(_)) {
            d.with_help(
                "read an atomic with `atomic_load(...)` and write it with `atomic_store(...)`",
            )
        } else if p.has_resource {
            d.with_note("textures and samplers can only be passed to texture builtins")
        } else if p.has_runtime {
            d.with_note(
                "a runtime-sized array cannot be copied: index it, or take its length with `#`",
            )
        } else {
            d.with_note("a type holding atomics cannot be copied: use its members through the atomic builtins")
        };
        self.emit(d);
        self.err_val(span)
    }

    fn expr_inner(&mut self, e: ast::Expr, hint: Option<TyId>, mode: Mode) -> Val {
        let span = e.span;
        match &e.kind {
            ast::ExprKind::Int { value, unsigned } => {
                let value = value.to_u64();
                if *unsigned {
                    match u32::try_from(value) {
                        Ok(v) => {
                            let t = self.t.uint;
                            Val::Expr(self.const_expr(ConstValue::Uint(v), t, span))
                        }
                        Err(_) => {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0516,
                                    span,
                                    format!("the literal `{value}u` does not fit in `uint`"),
                                )
                                .with_primary_label(format!(
                                    "`uint` holds values from 0 to {}",
                                    u32::MAX
                                )),
                            );
                            self.err_val(span)
                        }
                    }
                } else {
                    Val::Abs(Abstract::Int(i128::from(value)), span)
                }
            }
            ast::ExprKind::Float(f) => {
                let f = f.to_f64();
                if f.is_finite() {
                    Val::Abs(Abstract::Float(f), span)
                } else {
                    self.emit(
                        Diagnostic::error(codes::E0516, span, "this float literal is too large")
                            .with_primary_label("not a finite number"),
                    );
                    self.err_val(span)
                }
            }
            ast::ExprKind::Bool(b) => {
                let t = self.t.bool_;
                Val::Expr(self.const_expr(ConstValue::Bool(*b), t, span))
            }
            ast::ExprKind::Ident(id) => self.ident(id),
            ast::ExprKind::Unary {
                op,
                op_span,
                operand,
            } => self.unary(*op, *op_span, *operand, span, hint),
            ast::ExprKind::Binary {
                op,
                op_span,
                lhs,
                rhs,
            } => self.binary(thir_binop(*op), *op_span, *lhs, *rhs, span, hint),
            ast::ExprKind::Call { callee, args } => {
                let args = self.ast_list(*args);
                let r = self.call(*callee, &args, span, hint);
                if r.void {
                    if self.returns_undeclared_value(*callee) {
                        // The function's `return` with a value was reported (E0604): the
                        // result type is what is missing, not a value here.
                        return self.err_val(span);
                    }
                    let name = self.callee_name(*callee);
                    self.emit(
                        Diagnostic::error(
                            codes::E0520,
                            span,
                            format!("`{name}` returns nothing, so it has no value"),
                        )
                        .with_primary_label("used as a value here"),
                    );
                    return self.err_val(span);
                }
                Val::Expr(r.expr)
            }
            ast::ExprKind::Field { base, name } => self.field(*base, name, span),
            ast::ExprKind::Index { base, index } => self.index(*base, *index, span),
            ast::ExprKind::StructLit(lit) => {
                let Some(ast::StructLit { name, fields }) =
                    self.ast_nodes().struct_lit(*lit).cloned()
                else {
                    return self.err_val(span);
                };
                // Empty braces parse as a struct literal (nothing in them says otherwise);
                // where an array is expected they are an array literal without elements.
                if name.is_none()
                    && fields.is_empty()
                    && matches!(hint.map(|h| self.ty(h)), Some(Ty::Array { .. }))
                {
                    self.array_lit(None, &[], hint, span)
                } else {
                    self.struct_lit(name.as_ref(), &fields, hint, span)
                }
            }
            ast::ExprKind::ArrayLit { ty, elements } => {
                let elements = self.ast_list(*elements);
                self.array_lit(*ty, &elements, hint, span)
            }
            ast::ExprKind::ArrayFill { ty, args } => {
                let args = self.ast_list(*args);
                self.array_fill(*ty, &args, span)
            }
            ast::ExprKind::IfExpr {
                cond,
                then_value,
                else_value,
            } => self.if_expr(*cond, *then_value, *else_value, hint, span),
            ast::ExprKind::Paren(inner) => self.expr_mode(*inner, hint, mode),
            ast::ExprKind::Error => self.err_val(span),
        }
    }

    /// Whether `callee` names a user function declared without a result whose body has a
    /// `return` with a value (E0604): such a function lacks its `-> T`.
    #[cold]
    #[inline(never)]
    fn returns_undeclared_value(&self, callee: ast::ExprId) -> bool {
        let Some(ast::ExprKind::Ident(id)) = self.ast_expr(callee).map(|e| e.kind) else {
            return false;
        };
        let Some(SymKind::Function(fid)) = self.names.get(self.text(&id)).map(|s| s.kind) else {
            return false;
        };
        let Some(f) = self.funcs.get(fid.index()) else {
            return false;
        };
        f.decl.ret.is_none() && f.body_returns_value
    }

    fn callee_name(&self, callee: ast::ExprId) -> String {
        match self.ast_expr(callee).map(|e| e.kind) {
            Some(ast::ExprKind::Ident(id)) => self.text(&id).to_owned(),
            _ => "this".to_string(),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Names

    fn ident(&mut self, id: &ast::Ident) -> Val {
        let name = self.text(id);
        let span = id.span;
        let local = self
            .fcx
            .as_ref()
            .and_then(|f| f.scopes.lookup(name))
            .cloned();
        if let Some(sym) = local {
            return match sym {
                LocalSym::Var(l) | LocalSym::Counter(l) => {
                    let ty = self
                        .fcx
                        .as_ref()
                        .and_then(|f| f.locals.get(l))
                        .map_or(self.t.error, |d| d.ty);
                    Val::Expr(self.mk(ExprKind::Local(l), ty, span))
                }
                LocalSym::Const(slot) => self.slot_val(&slot, span),
            };
        }
        match self.names.get(name).map(|s| s.kind) {
            Some(SymKind::Const(cid)) => {
                let slot = self.ensure_const(cid);
                self.slot_val(&slot, span)
            }
            Some(SymKind::Global(gid)) => {
                if self.fcx.is_none() {
                    // Module scope: a constant, an array size or an attribute argument.
                    self.emit(
                        Diagnostic::error(
                            codes::E0701,
                            span,
                            format!("`{name}` is a global, so its value is not known at compile time"),
                        )
                        .with_primary_label("read at run time")
                        .with_note("constant expressions are made of literals, other constants, operators and constructors"),
                    );
                    return self.err_val(span);
                }
                let ok = self.globals.get(gid.index()).is_some_and(|g| g.ok);
                if !ok {
                    return self.err_val(span);
                }
                let (ty, kind) = self
                    .prog
                    .globals
                    .get(gid)
                    .map_or((self.t.error, GlobalKind::UniformBuffer), |g| {
                        (g.ty, g.kind)
                    });
                if kind == GlobalKind::Workgroup {
                    self.add_use(Use::Workgroup(gid), span);
                }
                Val::Expr(self.mk(ExprKind::Global(gid), ty, span))
            }
            Some(SymKind::Function(_)) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0413,
                        span,
                        format!("`{name}` is a function, not a value"),
                    )
                    .with_primary_label("functions are not values")
                    .with_help(format!("call it: `{name}(...)`")),
                );
                self.err_val(span)
            }
            Some(SymKind::Struct(_)) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0413,
                        span,
                        format!("`{name}` is a struct type, not a value"),
                    )
                    .with_primary_label("a type")
                    .with_help(format!(
                        "build a value with `{name} {{ member = value, ... }}`"
                    )),
                );
                self.err_val(span)
            }
            None => {
                if types::is_builtin_type_name(name) {
                    self.emit(
                        Diagnostic::error(
                            codes::E0413,
                            span,
                            format!("`{name}` is a type, not a value"),
                        )
                        .with_primary_label("a type")
                        .with_help(format!("construct a value with `{name}(...)`")),
                    );
                } else if builtins::lookup(name).is_some() {
                    self.emit(
                        Diagnostic::error(
                            codes::E0413,
                            span,
                            format!("`{name}` is a builtin function, not a value"),
                        )
                        .with_primary_label("functions are not values")
                        .with_help(format!("call it: `{name}(...)`")),
                    );
                } else {
                    let mut d = Diagnostic::error(
                        codes::E0401,
                        span,
                        format!("cannot find `{name}` in this scope"),
                    )
                    .with_primary_label("not declared");
                    if let Some(keyword) = foreign_literal(name) {
                        // Python's `True`, C's `TRUE` and `NULL`, JavaScript's `null`: the
                        // spelling guess below would offer an unrelated name.
                        d = match keyword {
                            Some(keyword) => d.with_suggestion(span, keyword, "Luma's literal is"),
                            None => d.with_note(
                                "Luma has no null value: every variable is initialized when it \
                                 is declared, and resources are always bound",
                            ),
                        };
                        self.emit(d);
                        return self.err_val(span);
                    }
                    if let Some(help) = glsl_builtin_variable_help(name) {
                        d = d.with_help(help);
                    } else if LUA_LIBRARIES.contains(&name) {
                        d = d.with_help(format!(
                            "Luma has no Lua `{name}` library: builtins such as `sin` and `floor` \
                             are called by name, and constants such as π are declared: \
                             `const PI = 3.14159265358979`"
                        ));
                    }
                    let candidates = self.visible_value_names();
                    if let Some(c) = self.suggest(name, candidates) {
                        d = d.with_suggestion(span, c, "a value with a similar name exists");
                    }
                    self.emit(d);
                }
                self.err_val(span)
            }
        }
    }

    /// The value of a constant slot at a use.
    pub fn slot_val(&mut self, slot: &ConstSlot, span: Span) -> Val {
        match slot {
            ConstSlot::Abstract(a) => {
                self.derived_constants.insert(span);
                Val::Abs(*a, span)
            }
            ConstSlot::Typed(v, ty) => Val::Expr(self.const_expr(v.clone(), *ty, span)),
            ConstSlot::Spec(cid, ty) => Val::Expr(self.mk(ExprKind::SpecConst(*cid), *ty, span)),
            ConstSlot::Pending | ConstSlot::Error => self.err_val(span),
        }
    }

    /// Whether an expression is made only of untyped constants, so the other operand should
    /// be checked first and give it a type.
    fn is_weak(&self, id: ast::ExprId, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        let Some(e) = self.ast_expr(id) else {
            return false;
        };
        match &e.kind {
            ast::ExprKind::Int { unsigned, .. } => !unsigned,
            ast::ExprKind::Float(_) => true,
            ast::ExprKind::Paren(i) => self.is_weak(*i, depth + 1),
            ast::ExprKind::Unary {
                op: ast::UnaryOp::Neg | ast::UnaryOp::BitNot,
                operand,
                ..
            } => self.is_weak(*operand, depth + 1),
            ast::ExprKind::Binary { op, lhs, rhs, .. } => {
                !matches!(
                    op,
                    ast::BinaryOp::Eq
                        | ast::BinaryOp::Ne
                        | ast::BinaryOp::Lt
                        | ast::BinaryOp::Le
                        | ast::BinaryOp::Gt
                        | ast::BinaryOp::Ge
                        | ast::BinaryOp::And
                        | ast::BinaryOp::Or
                ) && self.is_weak(*lhs, depth + 1)
                    && self.is_weak(*rhs, depth + 1)
            }
            ast::ExprKind::IfExpr {
                then_value,
                else_value,
                ..
            } => self.is_weak(*then_value, depth + 1) && self.is_weak(*else_value, depth + 1),
            ast::ExprKind::Ident(id) => {
                let name = self.text(id);
                if let Some(sym) = self.fcx.as_ref().and_then(|f| f.scopes.lookup(name)) {
                    return matches!(sym, LocalSym::Const(ConstSlot::Abstract(_)));
                }
                match self.names.get(name).map(|s| s.kind) {
                    Some(SymKind::Const(cid)) => matches!(
                        self.consts.get(cid.index()).map(|c| &c.slot),
                        Some(ConstSlot::Abstract(_))
                    ),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    // -----------------------------------------------------------------------------------------
    // Unary

    fn unary(
        &mut self,
        op: ast::UnaryOp,
        op_span: Span,
        operand: ast::ExprId,
        span: Span,
        hint: Option<TyId>,
    ) -> Val {
        if op == ast::UnaryOp::Len {
            return self.length(operand, op_span, span);
        }
        let v = self.expr(
            operand,
            if op == ast::UnaryOp::Not {
                Some(self.t.bool_)
            } else {
                hint
            },
        );
        if self.val_is_error(v) {
            return self.err_val(span);
        }
        let (top, opname) = match op {
            ast::UnaryOp::Neg => (UnaryOp::Neg, "-"),
            ast::UnaryOp::Not => (UnaryOp::Not, "not"),
            _ => (UnaryOp::BitNot, "~"),
        };
        let e = match v {
            Val::Abs(a, operand_span) => {
                // `-1.5` is still a literal; `-HALF` is as derived as `HALF`.
                if self.derived_constants.contains(&operand_span) {
                    self.derived_constants.insert(span);
                }
                return match top {
                    UnaryOp::Neg => match a.neg() {
                        Ok(x) => Val::Abs(x, span),
                        Err(err) => {
                            self.fold_error(err, span, "this negation");
                            self.err_val(span)
                        }
                    },
                    UnaryOp::BitNot => match a.bit_not() {
                        Some(x) => {
                            self.untyped_complements.insert(span);
                            Val::Abs(x, span)
                        }
                        None => {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0503,
                                    op_span,
                                    "`~` takes an integer, found a float literal",
                                )
                                .with_primary_label("bitwise complement of a float"),
                            );
                            self.err_val(span)
                        }
                    },
                    UnaryOp::Not => {
                        self.emit(
                            Diagnostic::error(
                                codes::E0503,
                                op_span,
                                "`not` takes a `bool`, found a number",
                            )
                            .with_primary_label("not a `bool`")
                            .with_help("Luma has no truthiness: compare explicitly, e.g. `x == 0`"),
                        );
                        self.err_val(span)
                    }
                };
            }
            Val::Expr(e) => e,
        };
        let ty = self.expr_ty(e);
        let (scalar, shape_ok) = match self.ty(ty) {
            Ty::Scalar(s) | Ty::Vector { scalar: s, .. } => (Some(s), true),
            Ty::Matrix { scalar, .. } => (Some(scalar), false),
            _ => (None, false),
        };
        let ok = shape_ok
            && match (top, scalar) {
                (UnaryOp::Neg, Some(s)) => s == ScalarTy::Int || s.is_float(),
                (UnaryOp::Not, Some(s)) => s == ScalarTy::Bool,
                (UnaryOp::BitNot, Some(s)) => s.is_integer(),
                _ => false,
            };
        if !ok {
            let tn = self.tn(ty);
            let espan = self.expr_span(e);
            let mut d = Diagnostic::error(
                codes::E0503,
                op_span,
                format!("`{opname}` cannot be applied to `{tn}`"),
            )
            .with_label(espan, format!("this is `{tn}`"));
            d = match (top, scalar, shape_ok) {
                (UnaryOp::Neg, Some(ScalarTy::Uint), true) => d
                    .with_primary_label("unary `-` on a `uint`")
                    .with_help("`uint` values are never negative: convert first with `-int(x)`, or compute `0u - x` for the wrapped value"),
                (UnaryOp::Neg, Some(_), false) => d.with_primary_label("negating a matrix").with_help("multiply it by `-1.0`"),
                (UnaryOp::Not, _, _) => d
                    .with_primary_label("`not` takes `bool` and `bvecN`")
                    .with_help("Luma has no truthiness: compare explicitly, e.g. `x == 0`"),
                (UnaryOp::BitNot, _, _) => d.with_primary_label("`~` takes `int` and `uint` scalars and vectors"),
                _ => d.with_primary_label("invalid operand"),
            };
            self.emit(d);
            return self.err_val(span);
        }
        if let Some(c) = self.const_of(e).map(Cow::into_owned) {
            if self.spend(consts::size(&c), span) {
                match consts::unary(top, &c) {
                    Ok(r) => return Val::Expr(self.mk_const(r, ty, span)),
                    Err(err) => {
                        self.fold_error(err, span, "this expression");
                        return self.err_val(span);
                    }
                }
            }
        }
        Val::Expr(self.mk(
            ExprKind::Unary {
                op: top,
                operand: e,
            },
            ty,
            span,
        ))
    }

    /// `#base`.
    fn length(&mut self, operand: ast::ExprId, op_span: Span, span: Span) -> Val {
        let v = self.expr_mode(operand, None, Mode::Ref);
        let int = self.t.int;
        match v {
            Val::Expr(e) if self.val_is_error(v) => Val::Expr(self.err_expr(self.expr_span(e))),
            Val::Expr(e) => match self.ty(self.expr_ty(e)) {
                Ty::Array {
                    len: ArrayLen::Fixed(n),
                    ..
                } => {
                    let n = i32::try_from(n).unwrap_or(i32::MAX);
                    Val::Expr(self.const_expr(ConstValue::Int(n), int, span))
                }
                Ty::Array {
                    len: ArrayLen::Runtime,
                    ..
                } => Val::Expr(self.mk(ExprKind::ArrayLength { base: e }, int, span)),
                _ => {
                    let tn = self.tn(self.expr_ty(e));
                    let espan = self.expr_span(e);
                    self.emit(
                        Diagnostic::error(
                            codes::E0526,
                            op_span,
                            format!("`#` needs an array, found `{tn}`"),
                        )
                        .with_primary_label("the length operator")
                        .with_label(espan, format!("this is `{tn}`")),
                    );
                    self.err_val(span)
                }
            },
            Val::Abs(..) => {
                self.emit(
                    Diagnostic::error(codes::E0526, op_span, "`#` needs an array, found a number")
                        .with_primary_label("the length operator"),
                );
                self.err_val(span)
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Binary

    fn binary(
        &mut self,
        op: BinaryOp,
        op_span: Span,
        lhs: ast::ExprId,
        rhs: ast::ExprId,
        span: Span,
        hint: Option<TyId>,
    ) -> Val {
        if matches!(op, BinaryOp::And | BinaryOp::Or) {
            let b = self.t.bool_;
            let l = self.expr(lhs, Some(b));
            let r = self.expr(rhs, Some(b));
            return self.binary_vals(op, op_span, l, r, span, hint);
        }
        let is_cmp = matches!(
            op,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        );
        let is_shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr);
        let outer = if is_cmp { None } else { hint };
        let (l, r) = if self.is_weak(lhs, 0) && !self.is_weak(rhs, 0) && !is_shift {
            let r = self.expr(rhs, outer);
            let h = self.val_ty(r);
            let l = self.expr(lhs, h);
            (l, r)
        } else {
            let l = self.expr(lhs, outer);
            let h = if is_shift {
                None
            } else {
                self.val_ty(l).or(outer)
            };
            let r = self.expr(rhs, h);
            (l, r)
        };
        self.binary_vals(op, op_span, l, r, span, hint)
    }

    /// Applies a binary operator to checked operands (also used by compound assignment).
    pub fn binary_vals(
        &mut self,
        op: BinaryOp,
        op_span: Span,
        l: Val,
        r: Val,
        span: Span,
        hint: Option<TyId>,
    ) -> Val {
        if self.val_is_error(l) || self.val_is_error(r) {
            return self.err_val(span);
        }
        // Two untyped constants: exact arithmetic, still untyped.
        if let (Val::Abs(a, _), Val::Abs(b, _)) = (l, r) {
            return match consts::abstract_binary(op, a, b) {
                Ok(Some(AbstractResult::Abstract(x))) => {
                    self.derived_constants.insert(span);
                    Val::Abs(x, span)
                }
                Ok(Some(AbstractResult::Bool(v))) => {
                    let t = self.t.bool_;
                    Val::Expr(self.const_expr(ConstValue::Bool(v), t, span))
                }
                Ok(None) => {
                    let what = |a: Abstract| {
                        if a.is_int() {
                            "an integer literal"
                        } else {
                            "a float literal"
                        }
                    };
                    let msg = if matches!(op, BinaryOp::And | BinaryOp::Or) {
                        format!("`{}` takes `bool` operands, found numbers", binop_str(op))
                    } else {
                        format!(
                            "`{}` cannot be applied to {} and {}",
                            binop_str(op),
                            what(a),
                            what(b)
                        )
                    };
                    self.emit(
                        Diagnostic::error(codes::E0502, op_span, msg)
                            .with_primary_label("invalid operands"),
                    );
                    self.err_val(span)
                }
                Err(err) => {
                    self.fold_error(err, span, "this constant expression");
                    self.err_val(span)
                }
            };
        }
        // One untyped constant: it takes the component type of the other side.
        let (le, re) = match (l, r) {
            (Val::Expr(a), Val::Expr(b)) => (a, b),
            (Val::Abs(a, s), Val::Expr(b)) => {
                let bt = self.expr_ty(b);
                let target = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
                    match hint.and_then(|h| self.scalar_of(h)) {
                        Some(s) if s.is_integer() => Some(s),
                        _ => self
                            .scalar_of(bt)
                            .filter(|s| s.is_integer())
                            .or(Some(ScalarTy::Int)),
                    }
                } else {
                    self.scalar_of(bt)
                };
                let Some(target) = target
                    .filter(|s| *s != ScalarTy::Bool || matches!(op, BinaryOp::Eq | BinaryOp::Ne))
                else {
                    return self.binary_type_error(
                        op,
                        op_span,
                        Val::Abs(a, s),
                        Val::Expr(b),
                        span,
                        BinErr::Mismatch,
                    );
                };
                if target == ScalarTy::Bool {
                    return self.binary_type_error(
                        op,
                        op_span,
                        Val::Abs(a, s),
                        Val::Expr(b),
                        span,
                        BinErr::Mismatch,
                    );
                }
                if let Some(v) = self.float_literal_on_integer(a, s, b, target, span) {
                    return v;
                }
                (self.materialize(a, s, target), b)
            }
            (Val::Expr(a), Val::Abs(b, s)) => {
                let at = self.expr_ty(a);
                let target = self.scalar_of(at).filter(|x| *x != ScalarTy::Bool);
                let Some(target) = target else {
                    return self.binary_type_error(
                        op,
                        op_span,
                        Val::Expr(a),
                        Val::Abs(b, s),
                        span,
                        BinErr::Mismatch,
                    );
                };
                if let Some(v) = self.float_literal_on_integer(b, s, a, target, span) {
                    return v;
                }
                (a, self.materialize(b, s, target))
            }
            (Val::Abs(..), Val::Abs(..)) => return self.err_val(span),
        };
        if self.val_is_error(Val::Expr(le)) || self.val_is_error(Val::Expr(re)) {
            return self.err_val(span);
        }
        let (lt, rt) = (self.expr_ty(le), self.expr_ty(re));
        let result = match self.binary_result(op, lt, rt) {
            Ok(t) => t,
            Err(kind) => {
                return self.binary_type_error(
                    op,
                    op_span,
                    Val::Expr(le),
                    Val::Expr(re),
                    span,
                    kind,
                )
            }
        };
        // Both constants are copied for folding only when both sides are constant.
        let both_const = self.const_of(le).is_some() && self.const_of(re).is_some();
        let consts = both_const.then(|| {
            (
                self.const_of(le).map(Cow::into_owned),
                self.const_of(re).map(Cow::into_owned),
            )
        });
        if let Some((Some(a), Some(b))) = consts {
            let cost = consts::size(&a) + consts::size(&b);
            if self.spend(cost, span) {
                match consts::binary(&self.prog.types, op, &a, lt, &b, rt) {
                    Ok(v) => return Val::Expr(self.mk_const(v, result, span)),
                    Err(consts::FoldError::NotFoldable) => {}
                    Err(err) => {
                        self.fold_error(err, span, "this constant expression");
                        return self.err_val(span);
                    }
                }
            }
        }
        Val::Expr(self.mk(
            ExprKind::Binary {
                op,
                lhs: le,
                rhs: re,
            },
            result,
            span,
        ))
    }

    /// The result type of `lt op rt` under language.md's rules.
    fn binary_result(&mut self, op: BinaryOp, lt: TyId, rt: TyId) -> Result<TyId, BinErr> {
        let (l, r) = (self.ty(lt), self.ty(rt));
        let scalar = |t: Ty| match t {
            Ty::Scalar(s) | Ty::Vector { scalar: s, .. } | Ty::Matrix { scalar: s, .. } => Some(s),
            _ => None,
        };
        let (ls, rs) = (scalar(l), scalar(r));
        match op {
            BinaryOp::And | BinaryOp::Or => {
                if matches!(
                    (l, r),
                    (Ty::Scalar(ScalarTy::Bool), Ty::Scalar(ScalarTy::Bool))
                ) {
                    Ok(self.t.bool_)
                } else {
                    Err(BinErr::Logic)
                }
            }
            BinaryOp::Eq | BinaryOp::Ne => match (l, r) {
                (Ty::Scalar(_) | Ty::Vector { .. }, _) if lt == rt => Ok(self.t.bool_),
                _ => Err(BinErr::Mismatch),
            },
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => match (l, r) {
                (Ty::Scalar(s), _) if lt == rt && s != ScalarTy::Bool => Ok(self.t.bool_),
                (Ty::Vector { .. }, Ty::Vector { .. }) if lt == rt => Err(BinErr::VectorOrdering),
                (Ty::Vector { .. }, _) | (_, Ty::Vector { .. }) => Err(BinErr::VectorOrdering),
                (Ty::Scalar(ScalarTy::Bool), _) => Err(BinErr::BoolArith),
                _ => Err(BinErr::Mismatch),
            },
            BinaryOp::Shl | BinaryOp::Shr => {
                let (Some(a), Some(b)) = (ls, rs) else {
                    return Err(BinErr::Mismatch);
                };
                if !a.is_integer() || !b.is_integer() {
                    return Err(if a == ScalarTy::Bool || b == ScalarTy::Bool {
                        BinErr::BoolArith
                    } else {
                        BinErr::Mismatch
                    });
                }
                match (l, r) {
                    (Ty::Scalar(_), Ty::Scalar(_)) => Ok(lt),
                    (Ty::Vector { size: n, .. }, Ty::Vector { size: m, .. }) if n == m => Ok(lt),
                    (Ty::Vector { .. }, Ty::Scalar(_)) => Ok(lt),
                    _ => Err(BinErr::Mismatch),
                }
            }
            BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => {
                let (Some(a), Some(b)) = (ls, rs) else {
                    return Err(BinErr::Mismatch);
                };
                if a != b || !a.is_integer() {
                    return Err(if a == ScalarTy::Bool || b == ScalarTy::Bool {
                        BinErr::BoolArith
                    } else {
                        BinErr::Mismatch
                    });
                }
                match (l, r) {
                    _ if lt == rt && !matches!(l, Ty::Matrix { .. }) => Ok(lt),
                    (Ty::Vector { .. }, Ty::Scalar(_)) => Ok(lt),
                    (Ty::Scalar(_), Ty::Vector { .. }) => Ok(rt),
                    _ => Err(BinErr::Mismatch),
                }
            }
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => {
                let (Some(a), Some(b)) = (ls, rs) else {
                    return Err(BinErr::Mismatch);
                };
                if a == ScalarTy::Bool || b == ScalarTy::Bool {
                    return Err(BinErr::BoolArith);
                }
                if a != b {
                    return Err(BinErr::Mismatch);
                }
                match (l, r) {
                    (Ty::Scalar(_), Ty::Scalar(_)) | (Ty::Vector { .. }, Ty::Vector { .. })
                        if lt == rt =>
                    {
                        Ok(lt)
                    }
                    (Ty::Vector { .. }, Ty::Scalar(_)) => Ok(lt),
                    (Ty::Scalar(_), Ty::Vector { .. }) => Ok(rt),
                    (Ty::Matrix { .. }, Ty::Matrix { .. })
                        if lt == rt && matches!(op, BinaryOp::Add | BinaryOp::Sub) =>
                    {
                        Ok(lt)
                    }
                    (Ty::Matrix { .. }, Ty::Scalar(_)) if op == BinaryOp::Mul => Ok(lt),
                    (Ty::Scalar(_), Ty::Matrix { .. }) if op == BinaryOp::Mul => Ok(rt),
                    (Ty::Matrix { columns, rows, .. }, Ty::Vector { size, .. })
                        if op == BinaryOp::Mul && size == columns =>
                    {
                        Ok(self.vec_ty(a, rows))
                    }
                    (Ty::Vector { size, .. }, Ty::Matrix { columns, rows, .. })
                        if op == BinaryOp::Mul && size == rows =>
                    {
                        Ok(self.vec_ty(a, columns))
                    }
                    (
                        Ty::Matrix {
                            columns: c1,
                            rows: r1,
                            ..
                        },
                        Ty::Matrix {
                            columns: c2,
                            rows: r2,
                            ..
                        },
                    ) if op == BinaryOp::Mul && c1 == r2 => Ok(self.intern(Ty::Matrix {
                        scalar: a,
                        columns: c2,
                        rows: r1,
                    })),
                    _ => Err(BinErr::Mismatch),
                }
            }
        }
    }

    fn binary_type_error(
        &mut self,
        op: BinaryOp,
        op_span: Span,
        l: Val,
        r: Val,
        span: Span,
        kind: BinErr,
    ) -> Val {
        let describe = |c: &Self, v: Val| match v {
            Val::Expr(e) => format!("`{}`", c.tn(c.expr_ty(e))),
            Val::Abs(a, _) => {
                if a.is_int() {
                    "an integer literal".to_string()
                } else {
                    "a float literal".to_string()
                }
            }
        };
        let (ld, rd) = (describe(self, l), describe(self, r));
        let (ls, rs) = (self.val_span(l), self.val_span(r));
        let o = binop_str(op);
        // A literal beside `and` / `or` is no mismatch of types but a non-`bool` operand.
        let logic = matches!(op, BinaryOp::And | BinaryOp::Or);
        let kind = if logic { BinErr::Logic } else { kind };
        let is_bool = |c: &Self, v: Val| matches!(v, Val::Expr(e) if matches!(c.ty(c.expr_ty(e)), Ty::Scalar(ScalarTy::Bool)));
        // Lua's `c and a or b`, which picks a value.
        let lua_select = op == BinaryOp::And && is_bool(self, l) && !is_bool(self, r);
        let d = match kind {
            BinErr::VectorOrdering => {
                let f = match op {
                    BinaryOp::Lt => "less_than",
                    BinaryOp::Le => "less_than_equal",
                    BinaryOp::Gt => "greater_than",
                    _ => "greater_than_equal",
                };
                Diagnostic::error(codes::E0504, op_span, format!("`{o}` cannot compare vectors"))
                    .with_primary_label("ordering comparison of vectors")
                    .with_label(ls, format!("this is {ld}"))
                    .with_label(rs, format!("this is {rd}"))
                    .with_help(format!("compare componentwise with `{f}(a, b)`, then reduce with `any(...)` or `all(...)`"))
            }
            BinErr::Logic => Diagnostic::error(
                codes::E0502,
                op_span,
                format!("`{o}` takes `bool` operands, found {ld} and {rd}"),
            )
            .with_primary_label("logical operator")
            .with_label(ls, format!("this is {ld}"))
            .with_label(rs, format!("this is {rd}"))
            .with_help(if lua_select {
                "Lua's `c and a or b` picks a value: Luma writes `if c then a else b`; a number \
                 is no condition either: compare it, e.g. `x != 0`"
            } else {
                "Luma has no truthiness: compare explicitly, e.g. `x != 0`"
            }),
            BinErr::BoolArith => Diagnostic::error(
                codes::E0502,
                op_span,
                format!("`{o}` cannot be applied to {ld} and {rd}"),
            )
            .with_primary_label("`bool` values are not numbers")
            .with_label(ls, format!("this is {ld}"))
            .with_label(rs, format!("this is {rd}"))
            .with_help("convert with `int(b)` or `float(b)` if you mean 1 and 0"),
            BinErr::Mismatch => {
                let mut d = Diagnostic::error(
                    codes::E0502,
                    op_span,
                    format!("`{o}` cannot be applied to {ld} and {rd}"),
                )
                .with_primary_label("incompatible operand types")
                .with_label(ls, format!("this is {ld}"))
                .with_label(rs, format!("this is {rd}"));
                if let (Val::Expr(a), Val::Expr(b)) = (l, r) {
                    let (sa, sb) = (
                        self.scalar_of(self.expr_ty(a)),
                        self.scalar_of(self.expr_ty(b)),
                    );
                    if let (Some(sa), Some(sb)) = (sa, sb) {
                        if sa != sb {
                            // Convert the other operand to the float side's component type,
                            // or to its vector type when both are vectors of one size.
                            let (from, to, scalar) = if sb.is_float() {
                                (self.expr_ty(a), self.expr_ty(b), sb)
                            } else {
                                (self.expr_ty(b), self.expr_ty(a), sa)
                            };
                            let name = match (self.ty(from), self.ty(to)) {
                                (Ty::Vector { size: m, .. }, Ty::Vector { size: n, .. })
                                    if m == n =>
                                {
                                    self.tn(to)
                                }
                                _ => scalar.as_str().to_owned(),
                            };
                            d = d.with_help(format!(
                                "Luma never converts implicitly: convert one side, e.g. `{name}(...)`"
                            ));
                        }
                    }
                    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
                        d = d.with_note("shifts take an `int` or `uint` left operand and an `int` or `uint` count of the same width (or a scalar count)");
                    }
                    let (ta, tb) = (self.expr_ty(a), self.expr_ty(b));
                    if op == BinaryOp::Mul {
                        d = self.matrix_shape_help(ta, tb, d);
                    }
                    d = self.explain_float_default(a, tb, d);
                    d = self.explain_float_default(b, ta, d);
                }
                // `m / s`: Luma scales matrices by `*` only.
                if op == BinaryOp::Div {
                    let is_matrix = |c: &Self, v: Val| {
                        c.val_ty(v)
                            .is_some_and(|t| matches!(c.ty(t), Ty::Matrix { .. }))
                    };
                    let is_scalar = |c: &Self, v: Val| match c.val_ty(v) {
                        Some(t) => matches!(c.ty(t), Ty::Scalar(_)),
                        None => true,
                    };
                    if is_matrix(self, l) && is_scalar(self, r) {
                        d = d.with_help(
                            "a matrix is scaled by `*` only: multiply by the reciprocal, `m * (1.0 / s)`",
                        );
                    }
                }
                // `on * 1.0`: a `bool` beside a number literal (GLSL and Lua programmers both
                // reach for it to make 0 or 1).
                let arith = matches!(
                    op,
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
                );
                let literal = matches!(l, Val::Abs(..)) || matches!(r, Val::Abs(..));
                if arith && literal && (is_bool(self, l) || is_bool(self, r)) {
                    d = d.with_help(
                        "`bool` values are not numbers: convert with `float(b)` or `int(b)` if \
                         you mean 1 and 0, or choose with `if b then x else y`",
                    );
                }
                d
            }
        };
        self.emit(d);
        self.err_val(span)
    }

    /// A float literal operand beside an integer operand (`n * 0.5`): the literal would take
    /// the integer type, which it cannot, and the fix is almost always to convert the other
    /// operand, so the error points at both and says that; a whole number (`n * 2.0`) may also
    /// have meant integer arithmetic. `None` when this is not such an operand.
    fn float_literal_on_integer(
        &mut self,
        lit: Abstract,
        lit_span: Span,
        other: ExprId,
        target: ScalarTy,
        span: Span,
    ) -> Option<Val> {
        let Abstract::Float(f) = lit else {
            return None;
        };
        if !target.is_integer() || !f.is_finite() {
            return None;
        }
        let tn = target.as_str();
        let other_ty = self.expr_ty(other);
        let on = self.tn(other_ty);
        let convert = match self.ty(other_ty) {
            Ty::Vector { size, .. } => format!("vec{size}"),
            _ => "float".to_string(),
        };
        let mut d = Diagnostic::error(
            codes::E0517,
            lit_span,
            self.float_constant_message(lit, lit_span, tn),
        )
        .with_primary_label(format!("takes the type of the other operand, `{tn}`"))
        .with_label(self.expr_span(other), format!("this is `{on}`"))
        .with_help(format!(
            "to compute in floating point, convert the `{on}` operand: `{convert}(...)`"
        ));
        if f.fract() == 0.0 && f.abs() < 2_147_483_648.0 {
            d = d.with_help(format!(
                "to compute in `{tn}`, write the literal as an integer: `{f:.0}`"
            ));
        }
        self.emit(d);
        Some(self.err_val(span))
    }

    /// For `matrix * vector` (or `vector * matrix`) of mismatched sizes: the vector size the
    /// product needs, and for the usual `mat4 * vec3` how to extend a point or a direction.
    fn matrix_shape_help(&self, lt: TyId, rt: TyId, d: Diagnostic) -> Diagnostic {
        let (m, v, needed) = match (self.ty(lt), self.ty(rt)) {
            (Ty::Matrix { columns, .. }, Ty::Vector { size, .. }) => (lt, size, columns),
            (Ty::Vector { size, .. }, Ty::Matrix { rows, .. }) => (rt, size, rows),
            (Ty::Matrix { columns, .. }, Ty::Matrix { rows, .. }) if columns != rows => {
                return d.with_help(format!(
                    "`a * b` composes matrices when `a` has as many columns as `b` has rows: a `{}` has {columns} columns, a `{}` {rows} rows",
                    self.tn(lt),
                    self.tn(rt)
                ));
            }
            _ => return d,
        };
        if v == needed {
            return d;
        }
        let mn = self.tn(m);
        if needed == 4 && v == 3 {
            d.with_help(format!(
                "a `{mn}` transforms 4-component vectors: extend the `vec3`, `vec4(p, 1.0)` for a \
                 point or `vec4(d, 0.0)` for a direction"
            ))
        } else {
            d.with_help(format!(
                "a `{mn}` multiplies {needed}-component vectors on this side"
            ))
        }
    }

    // -----------------------------------------------------------------------------------------
    // Members and indexing

    /// W0205: member `index` of a fragment entry point's `@varying` parameter `base` is a
    /// `@builtin` the fragment stage does not have (`instance_index`, say), stripped from the
    /// input, so the read gives zero.
    fn warn_stripped_builtin(&mut self, base: ExprId, sid: StructId, index: usize, span: Span) {
        let Some(ExprKind::Local(local)) = self.exprs.get(base).map(|e| &e.kind) else {
            return;
        };
        let stripped = self.fcx.as_ref().is_some_and(|f| {
            f.varying_input
                .as_ref()
                .is_some_and(|(l, members)| l == local && members.get(index) == Some(&true))
        });
        if !stripped {
            return;
        }
        let Some(def) = self.prog.structs.get(sid) else {
            return;
        };
        let Some(field) = def.fields.get(index) else {
            return;
        };
        let Some(builtin) = field.io.builtin else {
            return;
        };
        let (sname, fname, fspan) = (def.name.clone(), field.name.clone(), field.span);
        let bname = crate::entry::builtin_name(builtin);
        let d = Diagnostic::warning(
            codes::W0205,
            span,
            format!(
                "`{fname}` is `@builtin({bname})` in `@varying` struct `{sname}`, which a \
                 fragment shader does not receive: this reads zero"
            ),
        )
        .with_primary_label("always zero here")
        .with_label(fspan, "stripped from the fragment input")
        .with_help(format!(
            "pass the value in a plain member of `{sname}`, which gets a location"
        ));
        self.emit(d);
    }

    fn field(&mut self, base: ast::ExprId, name: &ast::Ident, span: Span) -> Val {
        let b = self.expr_mode(base, None, Mode::Ref);
        let be = match b {
            Val::Expr(e) => e,
            Val::Abs(..) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0506,
                        name.span,
                        format!("a number has no member `{}`", self.text(name)),
                    )
                    .with_primary_label("member access on a literal"),
                );
                return self.err_val(span);
            }
        };
        let bt = self.expr_ty(be);
        match self.ty(bt) {
            Ty::Error => self.err_val(span),
            Ty::Struct(sid) => {
                self.ensure_struct(sid);
                let wanted = self.text(name);
                let found = self.member_index(sid, wanted).map(|i| {
                    let ty = self.prog.structs.get(sid).and_then(|d| d.fields.get(i));
                    (i, ty.map(|f| f.ty))
                });
                match found {
                    Some((i, Some(fty))) => {
                        self.warn_stripped_builtin(be, sid, i, span);
                        if let Some(c) = self.const_of(be) {
                            if let Some(v) = consts::extract(&c, i) {
                                return Val::Expr(self.const_expr(v, fty, span));
                            }
                        }
                        Val::Expr(self.mk(
                            ExprKind::Field {
                                base: be,
                                index: i as u32,
                            },
                            fty,
                            span,
                        ))
                    }
                    _ => {
                        let sname = self
                            .prog
                            .structs
                            .get(sid)
                            .map(|d| d.name.clone())
                            .unwrap_or_default();
                        let mut d = Diagnostic::error(
                            codes::E0415,
                            name.span,
                            format!("struct `{sname}` has no member `{}`", self.text(name)),
                        )
                        .with_primary_label("unknown member");
                        // The members are listed for a diagnostic that is kept only.
                        if self.diags.dropped() == 0 {
                            let fields: Vec<String> = self
                                .prog
                                .structs
                                .get(sid)
                                .map(|d| d.fields.iter().map(|f| f.name.clone()).collect())
                                .unwrap_or_default();
                            if let Some(c) =
                                self.suggest(self.text(name), fields.iter().map(String::as_str))
                            {
                                d = d.with_suggestion(
                                    name.span,
                                    c,
                                    "a member with a similar name exists",
                                );
                            } else if !fields.is_empty() {
                                d = d.with_note(format!("its members are {}", name_list(&fields)));
                            }
                        }
                        self.emit(d);
                        self.err_val(span)
                    }
                }
            }
            Ty::Vector { scalar, size } => self.swizzle(be, scalar, size, name, span),
            other => {
                let tn = self.tn(bt);
                let bspan = self.expr_span(be);
                let mut d = Diagnostic::error(
                    codes::E0506,
                    name.span,
                    format!("`{tn}` has no member `{}`", self.text(name)),
                )
                .with_primary_label("unknown member")
                .with_label(bspan, format!("this is `{tn}`"));
                d = match other {
                    Ty::Scalar(_) => d.with_help(format!(
                        "swizzles need a vector; to repeat a scalar, write `vec{}(x)`",
                        self.text(name).len().clamp(2, 4)
                    )),
                    Ty::Matrix { .. } => d.with_help("a matrix column is `m[i]`"),
                    Ty::Array { .. }
                        if matches!(
                            self.text(name),
                            "length" | "len" | "size" | "count" | "Length" | "Count"
                        ) =>
                    {
                        let help = "Luma's length operator is `#`, as in Lua";
                        match self.ast_expr(base).map(|e| e.kind) {
                            Some(ast::ExprKind::Ident(id)) => {
                                d.with_suggestion(span, format!("#{}", self.text(&id)), help)
                            }
                            _ => d.with_help(format!("{help}: `#array`")),
                        }
                    }
                    _ => d,
                };
                self.emit(d);
                self.err_val(span)
            }
        }
    }

    fn swizzle(
        &mut self,
        base: ExprId,
        scalar: ScalarTy,
        size: u8,
        name: &ast::Ident,
        span: Span,
    ) -> Val {
        const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
        let text = self.text(name);
        let bt = self.expr_ty(base);
        let fail = |c: &mut Self, msg: String, label: String| {
            c.emit(Diagnostic::error(codes::E0505, name.span, msg).with_primary_label(label));
            c.err_val(span)
        };
        // The type's name is only needed for an error: spelled out there, not per swizzle.
        if text.is_empty() || text.len() > 4 {
            let tn = self.tn(bt);
            return fail(
                self,
                format!("`.{text}` is not a swizzle of `{tn}`"),
                "a swizzle has 1 to 4 components".to_string(),
            );
        }
        let first = text.chars().next().unwrap_or('x');
        let Some(set) = SETS.iter().find(|s| s.contains(first)) else {
            let tn = self.tn(bt);
            return fail(
                self,
                format!("`{tn}` has no member `{text}`"),
                "components are `xyzw`, `rgba` or `stpq`".to_string(),
            );
        };
        let mut comps = Vec::with_capacity(text.len());
        for ch in text.chars() {
            match set.find(ch) {
                Some(i) if i < usize::from(size) => comps.push(i as u8),
                Some(_) => {
                    let tn = self.tn(bt);
                    return fail(
                        self,
                        format!("`{tn}` has no component `{ch}`"),
                        format!("`{tn}` has {size} components"),
                    );
                }
                None => {
                    let other = SETS.iter().find(|s| s.contains(ch));
                    return match other {
                        Some(o) => fail(
                            self,
                            format!("`.{text}` mixes the `{set}` and `{o}` component names"),
                            "use one set of names per swizzle".to_string(),
                        ),
                        None => fail(
                            self,
                            format!("`{ch}` is not a vector component"),
                            "components are `xyzw`, `rgba` or `stpq`".to_string(),
                        ),
                    };
                }
            }
        }
        let rt = self.vec_ty(scalar, comps.len() as u8);
        if let Some(ConstValue::Composite(parts)) = self.const_of(base).as_deref() {
            let picked: Option<Vec<ConstValue>> = comps
                .iter()
                .map(|&i| parts.get(usize::from(i)).cloned())
                .collect();
            if let Some(mut p) = picked {
                let v = if p.len() == 1 {
                    p.remove(0)
                } else {
                    ConstValue::Composite(p)
                };
                return Val::Expr(self.const_expr(v, rt, span));
            }
        }
        let Some(components) = Swizzle::new(&comps) else {
            let tn = self.tn(bt);
            return fail(
                self,
                format!("`.{text}` is not a swizzle of `{tn}`"),
                "a swizzle has 1 to 4 components".to_string(),
            );
        };
        Val::Expr(self.mk(ExprKind::Swizzle { base, components }, rt, span))
    }

    fn index(&mut self, base: ast::ExprId, index: ast::ExprId, span: Span) -> Val {
        // An element of a named constant at a constant index is taken from the constant where
        // it is kept: copying the whole table for each read made a table of 8,000 elements
        // read 8,000 times exceed the evaluation-step limit (and hold 64 million copies).
        let early_index = match self.named_typed_const(base) {
            Some(const_ty) => {
                let iv = self.expr(index, Some(self.t.int));
                if let Some(v) = self.named_const_element(base, const_ty, iv, span) {
                    return v;
                }
                Some(iv)
            }
            None => None,
        };
        let b = self.expr_mode(base, None, Mode::Ref);
        let iv = match early_index {
            Some(iv) => iv,
            None => self.expr(index, Some(self.t.int)),
        };
        let ispan = self.val_span(iv);
        let ie = match iv {
            Val::Abs(Abstract::Int(v), s) if v < 0 => {
                self.emit(
                    Diagnostic::error(codes::E0508, s, format!("index {v} is negative"))
                        .with_primary_label("indices start at 0"),
                );
                return self.err_val(span);
            }
            Val::Abs(a, s) => self.materialize(a, s, ScalarTy::Int),
            Val::Expr(e) => e,
        };
        let it = self.expr_ty(ie);
        if !self.is_error(it) && !matches!(self.ty(it), Ty::Scalar(ScalarTy::Int | ScalarTy::Uint))
        {
            let tn = self.tn(it);
            let d = Diagnostic::error(
                codes::E0501,
                ispan,
                format!("an index must be an `int` or `uint`, found `{tn}`"),
            )
            .with_primary_label("invalid index type");
            let d = self.explain_float_default_index(ie, d);
            self.emit(d);
            return self.err_val(span);
        }
        let be = match b {
            Val::Expr(e) => e,
            Val::Abs(..) => {
                self.emit(
                    Diagnostic::error(codes::E0507, span, "a number cannot be indexed")
                        .with_primary_label("indexing a literal"),
                );
                return self.err_val(span);
            }
        };
        let bt = self.expr_ty(be);
        if self.is_error(bt) || self.is_error(it) {
            return self.err_val(span);
        }
        let Some((elem, bound)) = self.indexed_element(bt) else {
            let tn = self.tn(bt);
            let bspan = self.expr_span(be);
            self.emit(
                Diagnostic::error(codes::E0507, span, format!("`{tn}` cannot be indexed"))
                    .with_primary_label("indexing")
                    .with_label(bspan, format!("this is `{tn}`")),
            );
            return self.err_val(span);
        };
        let const_index: Option<u64> = match self.const_of(ie).as_deref() {
            Some(ConstValue::Int(i)) => Some(if *i < 0 { u64::MAX } else { *i as u64 }),
            Some(ConstValue::Uint(u)) => Some(u64::from(*u)),
            _ => None,
        };
        if let (Some(i), Some(n)) = (const_index, bound) {
            if i >= n {
                let tn = self.tn(bt);
                let shown = match self.const_of(ie).as_deref() {
                    Some(ConstValue::Int(v)) => v.to_string(),
                    _ => i.to_string(),
                };
                self.emit(
                    Diagnostic::error(
                        codes::E0508,
                        ispan,
                        format!("index {shown} is out of bounds for `{tn}`"),
                    )
                    .with_primary_label(format!("valid indices are 0 to {}", n.saturating_sub(1))),
                );
                return self.err_val(span);
            }
        }
        if let (Some(i), Some(c)) = (const_index, self.const_of(be)) {
            if let Some(v) = usize::try_from(i).ok().and_then(|i| consts::extract(&c, i)) {
                return Val::Expr(self.const_expr(v, elem, span));
            }
        }
        Val::Expr(self.mk(
            ExprKind::Index {
                base: be,
                index: ie,
            },
            elem,
            span,
        ))
    }

    /// What indexing a value of type `ty` gives (an array's element, a vector's component, a
    /// matrix's column) and how many there are (`None`: a runtime-sized array); `None` when
    /// `ty` cannot be indexed.
    fn indexed_element(&mut self, ty: TyId) -> Option<(TyId, Option<u64>)> {
        Some(match self.ty(ty) {
            Ty::Array { element, len } => (
                element,
                match len {
                    ArrayLen::Fixed(n) => Some(u64::from(n)),
                    ArrayLen::Runtime => None,
                },
            ),
            Ty::Vector { scalar, size } => (self.scalar_ty(scalar), Some(u64::from(size))),
            Ty::Matrix {
                scalar,
                columns,
                rows,
            } => (self.vec_ty(scalar, rows), Some(u64::from(columns))),
            _ => return None,
        })
    }

    /// The type of the typed (non-specialization) constant that `base` names, if it is the
    /// name of one, local or global; a global one is evaluated here if it was not yet.
    fn named_typed_const(&mut self, base: ast::ExprId) -> Option<TyId> {
        match self.named_const_slot(base)? {
            ConstSlot::Typed(_, ty) => Some(*ty),
            _ => None,
        }
    }

    /// The slot of the constant that `base` names, if it is the name of one, local or global;
    /// a global one is evaluated here if it was not yet (its value is kept in its slot).
    fn named_const_slot(&mut self, base: ast::ExprId) -> Option<&ConstSlot> {
        let ast::ExprKind::Ident(id) = &self.ast_expr(base)?.kind else {
            return None;
        };
        let name = self.text(id);
        let local = self
            .fcx
            .as_ref()
            .is_some_and(|f| f.scopes.lookup(name).is_some());
        if local {
            return match self.fcx.as_ref()?.scopes.lookup(name)? {
                LocalSym::Const(slot) => Some(slot),
                _ => None,
            };
        }
        let Some(SymKind::Const(cid)) = self.names.get(name).map(|s| s.kind) else {
            return None;
        };
        let resolved = self
            .consts
            .get(cid.index())
            .is_some_and(|c| matches!(c.state, crate::check::State::Done));
        if !resolved {
            self.ensure_const(cid);
        }
        Some(&self.consts.get(cid.index())?.slot)
    }

    /// Element `iv` of the constant named by `base` (of type `const_ty`, see
    /// [`Checker::named_typed_const`]) when `iv` is a constant index in range; `None` sends
    /// the access down the general path, which reports what is wrong with it.
    fn named_const_element(
        &mut self,
        base: ast::ExprId,
        const_ty: TyId,
        iv: Val,
        span: Span,
    ) -> Option<Val> {
        let i = match iv {
            Val::Abs(Abstract::Int(v), _) => usize::try_from(v).ok()?,
            Val::Abs(..) => return None,
            Val::Expr(e) => match self.const_of(e).as_deref()? {
                ConstValue::Int(v) => usize::try_from(*v).ok()?,
                ConstValue::Uint(v) => usize::try_from(*v).ok()?,
                _ => return None,
            },
        };
        let (element_ty, _) = self.indexed_element(const_ty)?;
        let ConstSlot::Typed(value, _) = self.named_const_slot(base)? else {
            return None;
        };
        // Out of range (`None`): the general path reports it.
        let element = consts::extract(value, i)?;
        Some(Val::Expr(self.const_expr(element, element_ty, span)))
    }

    // -----------------------------------------------------------------------------------------
    // Literals

    fn struct_lit(
        &mut self,
        name: Option<&ast::Ident>,
        fields: &[(ast::Ident, ast::ExprId)],
        hint: Option<TyId>,
        span: Span,
    ) -> Val {
        let sid = match name {
            Some(n) => match self.names.get(self.text(n)).map(|s| s.kind) {
                Some(SymKind::Struct(sid)) => Some(sid),
                Some(_) => {
                    self.emit(
                        Diagnostic::error(
                            codes::E0402,
                            n.span,
                            format!("`{}` is not a struct", self.text(n)),
                        )
                        .with_primary_label("expected a struct name"),
                    );
                    None
                }
                None => {
                    let is_builtin = types::is_builtin_type_name(self.text(n));
                    let mut d = Diagnostic::error(
                        codes::E0402,
                        n.span,
                        format!("cannot find struct `{}`", self.text(n)),
                    )
                    .with_primary_label("not a declared struct");
                    if is_builtin {
                        d = d.with_help(format!(
                            "construct a `{}` with `{}(...)`",
                            self.text(n),
                            self.text(n)
                        ));
                    }
                    self.emit(d);
                    None
                }
            },
            None => match hint.map(|h| self.ty(h)) {
                Some(Ty::Struct(sid)) => Some(sid),
                Some(Ty::Error) => None,
                Some(_) | None => {
                    let msg = match hint {
                        Some(h) => format!("expected `{}`, found a struct literal", self.tn(h)),
                        None => "cannot infer the type of this struct literal".to_string(),
                    };
                    let code = if hint.is_some() {
                        codes::E0501
                    } else {
                        codes::E0514
                    };
                    let help = match hint.map(|h| (h, self.ty(h))) {
                        Some((h, Ty::Vector { .. } | Ty::Matrix { .. } | Ty::Scalar(_))) => {
                            constructor_help(&self.tn(h))
                        }
                        _ => "write the struct's name before the braces: `Name { ... }`".into(),
                    };
                    self.emit(
                        Diagnostic::error(code, span, msg)
                            .with_primary_label("an anonymous struct literal")
                            .with_help(help),
                    );
                    None
                }
            },
        };
        let Some(sid) = sid else {
            for (_, v) in fields {
                self.expr(*v, None);
            }
            return self.err_val(span);
        };
        self.ensure_struct(sid);
        let (sname, members, tuple): (String, Vec<(String, TyId)>, bool) = self
            .prog
            .structs
            .get(sid)
            .map(|d| {
                (
                    d.name.clone(),
                    d.fields.iter().map(|f| (f.name.clone(), f.ty)).collect(),
                    d.synthesized,
                )
            })
            .unwrap_or_default();
        let mut values: Vec<Option<(ExprId, Span)>> = vec![None; members.len()];
        let mut ok = true;
        for (fname, v) in fields {
            let fname_text = self.text(fname);
            match self.member_index(sid, fname_text) {
                Some(i) => {
                    let fty = members.get(i).map_or(self.t.error, |m| m.1);
                    let val = self.expr(*v, Some(fty));
                    let e = self.coerce_with(val, fty, &|| format!("member `{fname_text}`"));
                    if let Some(slot) = values.get_mut(i) {
                        if let Some((_, prev)) = slot {
                            let prev = *prev;
                            self.emit(
                                Diagnostic::error(
                                    codes::E0513,
                                    fname.span,
                                    format!("member `{fname_text}` is set twice"),
                                )
                                .with_primary_label("set again here")
                                .with_label(prev, "first set here"),
                            );
                            ok = false;
                        } else {
                            *slot = Some((e, fname.span));
                        }
                    }
                }
                None => {
                    self.expr(*v, None);
                    // A tuple of results is a struct the user never named (`<function>_out`).
                    let message = if tuple {
                        let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
                        format!(
                            "the function has no result `{fname_text}`; its results are {}",
                            name_list(&names)
                        )
                    } else {
                        format!("struct `{sname}` has no member `{fname_text}`")
                    };
                    let mut d = Diagnostic::error(codes::E0415, fname.span, message)
                        .with_primary_label(if tuple {
                            "unknown result"
                        } else {
                            "unknown member"
                        });
                    if let Some(c) =
                        self.suggest(fname_text, members.iter().map(|(n, _)| n.as_str()))
                    {
                        d = d.with_suggestion(fname.span, c, "a member with a similar name exists");
                    }
                    self.emit(d);
                    ok = false;
                }
            }
        }
        let missing: Vec<&str> = members
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|((n, _), _)| n.as_str())
            .collect();
        if !missing.is_empty() && ok {
            self.emit(
                Diagnostic::error(
                    codes::E0512,
                    span,
                    if tuple {
                        format!(
                            "missing result{} {}: a function returns all its results at once",
                            if missing.len() == 1 { "" } else { "s" },
                            name_list(&missing)
                        )
                    } else {
                        format!(
                            "missing member{} {} in a `{sname}` literal",
                            if missing.len() == 1 { "" } else { "s" },
                            name_list(&missing)
                        )
                    },
                )
                .with_primary_label(if tuple {
                    "every result must be set"
                } else {
                    "every member must be set"
                })
                .with_note("Luma has no default values"),
            );
        }
        if !ok || !missing.is_empty() {
            return self.err_val(span);
        }
        let args: Vec<ExprId> = values.into_iter().flatten().map(|(e, _)| e).collect();
        let ty = self.intern(Ty::Struct(sid));
        Val::Expr(self.construct_expr(args, ty, span))
    }

    /// An array literal without its type where none is expected, or where a type that is
    /// not an array is: one error, whose help writes what the literal should be.
    #[cold]
    #[inline(never)]
    fn array_lit_without_type(
        &mut self,
        expected: Option<(TyId, Ty)>,
        elements: &[ast::ExprId],
        span: Span,
    ) {
        let n = elements.len();
        let vals: Vec<Val> = elements.iter().map(|e| self.expr(*e, None)).collect();
        let d = match expected {
            Some((t, ty)) => {
                let tn = self.tn(t);
                let d = Diagnostic::error(
                    codes::E0501,
                    span,
                    format!("expected `{tn}`, found an array literal"),
                )
                .with_primary_label("an array literal");
                match ty {
                    // Another language's initializer list: say how Luma builds the type.
                    Ty::Vector { .. } | Ty::Matrix { .. } | Ty::Scalar(_) => {
                        d.with_help(constructor_help(&tn))
                    }
                    Ty::Struct(_) => d.with_help(format!(
                        "a `{tn}` value names its members: `{{ member = value, ... }}`"
                    )),
                    _ => d,
                }
            }
            None => {
                // The element type the first typed element has; untyped literals default to
                // `float` (`int` for integer literals, the likelier intent).
                let elem = vals
                    .iter()
                    .find_map(|v| match *v {
                        Val::Expr(_) if self.val_is_error(*v) => None,
                        Val::Expr(_) => self.val_ty(*v).map(|t| self.tn(t)),
                        Val::Abs(Abstract::Int(_), _) => Some("int".to_owned()),
                        Val::Abs(Abstract::Float(_), _) => Some("float".to_owned()),
                    })
                    .unwrap_or_else(|| "T".to_owned());
                Diagnostic::error(
                    codes::E0514,
                    span,
                    "cannot infer the type of this array literal",
                )
                .with_primary_label("an array literal")
                .with_help(format!(
                    "write the array type before the braces: `[{n}]{elem} {{ ... }}`"
                ))
            }
        };
        self.emit(d);
    }

    fn array_lit(
        &mut self,
        ty: Option<ast::TypeId>,
        elements: &[ast::ExprId],
        hint: Option<TyId>,
        span: Span,
    ) -> Val {
        let target = match ty {
            Some(t) => Some(self.resolve_type(t, TypeCtx::Other)),
            None => hint,
        };
        let (elem, n, aty) = match target.map(|t| (t, self.ty(t))) {
            Some((
                t,
                Ty::Array {
                    element,
                    len: ArrayLen::Fixed(n),
                },
            )) => (element, n, t),
            Some((_, Ty::Error)) => {
                for e in elements {
                    self.expr(*e, None);
                }
                return self.err_val(span);
            }
            other => {
                self.array_lit_without_type(other, elements, span);
                return self.err_val(span);
            }
        };
        if elements.len() as u64 != u64::from(n) {
            let tn = self.tn(aty);
            self.emit(
                Diagnostic::error(
                    codes::E0515,
                    span,
                    format!(
                        "`{tn}` has {n} elements, but the literal has {}",
                        elements.len()
                    ),
                )
                .with_primary_label(format!("expected {n} elements")),
            );
            for e in elements {
                self.expr(*e, Some(elem));
            }
            return self.err_val(span);
        }
        let mut args = Vec::with_capacity(elements.len());
        for e in elements {
            let v = self.expr(*e, Some(elem));
            args.push(self.coerce(v, elem, "an array element"));
        }
        if !self.constructible(aty) {
            let placeholder = self.mk(ExprKind::Error, aty, span);
            return self.value_check(Val::Expr(placeholder));
        }
        Val::Expr(self.construct_expr(args, aty, span))
    }

    /// `[N]T(value)`: an array whose every element is `value`, evaluated once.
    fn array_fill(&mut self, ty: ast::TypeId, args: &[ast::ExprId], span: Span) -> Val {
        let aty = self.resolve_type(ty, TypeCtx::Other);
        let (elem, n) = match self.ty(aty) {
            Ty::Array {
                element,
                len: ArrayLen::Fixed(n),
            } => (element, n),
            other => {
                if !matches!(other, Ty::Error) {
                    let tn = self.tn(aty);
                    self.emit(
                        Diagnostic::error(
                            codes::E0511,
                            span,
                            format!("`{tn}` cannot be filled with one value"),
                        )
                        .with_primary_label("not an array of a fixed size")
                        .with_note("`[N]T(value)` builds an array of N copies of `value`"),
                    );
                }
                for a in args {
                    self.expr(*a, None);
                }
                return self.err_val(span);
            }
        };
        let [arg] = args else {
            let tn = self.tn(aty);
            let en = self.tn(elem);
            self.emit(
                Diagnostic::error(
                    codes::E0511,
                    span,
                    format!(
                        "`{tn}(...)` takes one value for every element, found {} arguments",
                        args.len()
                    ),
                )
                .with_primary_label("expected one argument")
                .with_help(format!(
                    "`{tn}(x)` sets every element to the `{en}` `x`; list different elements \
                     in braces: `{tn} {{ a, b, ... }}`"
                )),
            );
            for a in args {
                self.expr(*a, Some(elem));
            }
            return self.err_val(span);
        };
        let v = self.expr(*arg, Some(elem));
        let value = self.coerce(v, elem, "the value of an array fill");
        if self.is_error(self.expr_ty(value)) {
            return self.err_val(span);
        }
        if !self.constructible(aty) {
            let placeholder = self.mk(ExprKind::Error, aty, span);
            return self.value_check(Val::Expr(placeholder));
        }
        if n > MAX_FILL_ELEMENTS {
            let tn = self.tn(aty);
            self.emit(
                Diagnostic::error(
                    codes::E0711,
                    span,
                    format!(
                        "`{tn}(...)` would make {n} copies of its value; one fill constructor \
                         makes at most {MAX_FILL_ELEMENTS}"
                    ),
                )
                .with_primary_label("too many elements")
                .with_note(
                    "each element is a separate value in every target's code (SPIR-V limits \
                     one composite to 65,532 parts)",
                )
                .with_help(
                    "an array this large belongs in `shared` memory or a `buffer`, not in \
                     each invocation's private memory",
                ),
            );
            return self.err_val(span);
        }
        Val::Expr(self.splat_expr(value, aty, span))
    }

    /// A `Construct` of `ty`, folded when every part is constant.
    pub fn construct_expr(&mut self, args: Vec<ExprId>, ty: TyId, span: Span) -> ExprId {
        if args.iter().any(|a| self.is_error(self.expr_ty(*a))) {
            return self.err_expr(span);
        }
        // Folded only when every argument is a constant: checked first, so that constructors
        // of run-time values copy no constants.
        let all_const = args.iter().all(|a| self.const_of(*a).is_some());
        let parts: Option<Vec<(ConstValue, TyId)>> = all_const
            .then(|| {
                args.iter()
                    .map(|a| {
                        self.const_of(*a)
                            .map(|c| (c.into_owned(), self.expr_ty(*a)))
                    })
                    .collect()
            })
            .flatten();
        if let Some(parts) = parts {
            let cost: u64 = parts.iter().map(|(c, _)| consts::size(c)).sum();
            if self.spend(cost, span) {
                if let Ok(v) = consts::construct(&self.prog.types, &parts, ty) {
                    return self.mk_const(v, ty, span);
                }
            }
        }
        let args = self.exprs.push_list(args);
        self.mk(ExprKind::Construct { args }, ty, span)
    }

    fn if_expr(
        &mut self,
        cond: ast::ExprId,
        then_v: ast::ExprId,
        else_v: ast::ExprId,
        hint: Option<TyId>,
        span: Span,
    ) -> Val {
        let b = self.t.bool_;
        let cv = self.expr(cond, Some(b));
        let c = self.condition(cv, "the condition of an if-expression");
        let (a, bv) = if self.is_weak(then_v, 0) && !self.is_weak(else_v, 0) {
            let bv = self.expr(else_v, hint);
            let h = self.val_ty(bv).or(hint);
            (self.expr(then_v, h), bv)
        } else {
            let a = self.expr(then_v, hint);
            let h = self.val_ty(a).or(hint);
            (a, self.expr(else_v, h))
        };
        if self.val_is_error(a) || self.val_is_error(bv) || self.is_error(self.expr_ty(c)) {
            return self.err_val(span);
        }
        let const_cond = match self.const_of(c).as_deref() {
            Some(ConstValue::Bool(x)) => Some(*x),
            _ => None,
        };
        // Whether the result is `float` only because untyped integer constants defaulted.
        let int_default;
        let (ae, be) = match (a, bv) {
            (Val::Abs(x, _), Val::Abs(y, dead_span)) if const_cond == Some(true) => {
                if !self.dead_arm_fits(x, y, dead_span, hint) {
                    return self.err_val(span);
                }
                self.derived_constants.insert(span);
                return Val::Abs(x, span);
            }
            (Val::Abs(x, dead_span), Val::Abs(y, _)) if const_cond == Some(false) => {
                if !self.dead_arm_fits(y, x, dead_span, hint) {
                    return self.err_val(span);
                }
                self.derived_constants.insert(span);
                return Val::Abs(y, span);
            }
            (Val::Abs(..), Val::Abs(..)) => {
                // Both untyped: the expected type, else the type of the wider literal kind.
                int_default = hint.is_none()
                    && matches!(a, Val::Abs(Abstract::Int(_), _))
                    && matches!(bv, Val::Abs(Abstract::Int(_), _));
                let h = hint.or_else(|| {
                    let any_float = matches!(a, Val::Abs(Abstract::Float(_), _))
                        || matches!(bv, Val::Abs(Abstract::Float(_), _));
                    if any_float {
                        Some(self.t.float)
                    } else {
                        None
                    }
                });
                let ae = self.concretize(a, h);
                let at = self.expr_ty(ae);
                (ae, self.coerce(bv, at, "the `else` value"))
            }
            (Val::Abs(..), Val::Expr(y)) => {
                // `if a then 1 else if b then 2 else 3`: the nested if-expression defaulted.
                int_default =
                    matches!(a, Val::Abs(Abstract::Int(_), _)) && self.is_float_default_select(y);
                let yt = self.expr_ty(y);
                (self.coerce(a, yt, "the `then` value"), y)
            }
            (Val::Expr(x), Val::Abs(..)) => {
                int_default =
                    matches!(bv, Val::Abs(Abstract::Int(_), _)) && self.is_float_default_select(x);
                let xt = self.expr_ty(x);
                (x, self.coerce(bv, xt, "the `else` value"))
            }
            (Val::Expr(x), Val::Expr(y)) => {
                int_default = self.is_float_default_select(x) && self.is_float_default_select(y);
                (x, y)
            }
        };
        let (at, bt) = (self.expr_ty(ae), self.expr_ty(be));
        if self.is_error(at) || self.is_error(bt) {
            return self.err_val(span);
        }
        if at != bt {
            let (an, bn) = (self.tn(at), self.tn(bt));
            let (aspan, bspan) = (self.expr_span(ae), self.expr_span(be));
            self.emit(
                Diagnostic::error(
                    codes::E0501,
                    bspan,
                    format!(
                        "the values of an if-expression have different types: `{an}` and `{bn}`"
                    ),
                )
                .with_primary_label(format!("this is `{bn}`"))
                .with_label(aspan, format!("this is `{an}`"))
                .with_help("convert one of them so both have the same type"),
            );
            return self.err_val(span);
        }
        // A constant condition picks its arm here, except when that would turn the
        // expression into a constant while the other arm is not one: an if-expression is not a
        // constant expression (language.md §5), so `(if true then 0 else x)` is a run-time zero
        // (a zero `for` step that runs no iteration, a divisor that gives `x / 0 == x`), never
        // a constant-expression error.
        let folds = |taken: ExprId, other: ExprId| {
            self.const_of(taken).is_none() || self.const_of(other).is_some()
        };
        match const_cond {
            Some(true) if folds(ae, be) => Val::Expr(ae),
            Some(false) if folds(be, ae) => Val::Expr(be),
            _ => {
                let select = self.mk(
                    ExprKind::Select {
                        cond: c,
                        accept: ae,
                        reject: be,
                    },
                    at,
                    span,
                );
                if let Some(f) = self.fcx.as_mut().filter(|_| int_default) {
                    f.float_default_selects.push(select);
                }
                Val::Expr(select)
            }
        }
    }

    /// Whether the arm a constant condition does not take, `dead`, can have the type the taken
    /// arm gets where `hint` is expected, reporting when it cannot: both arms of an
    /// if-expression have one type whatever the condition (language.md §4), so
    /// `let a: uint = if true then 1 else -1` is the error it is with a run-time condition.
    fn dead_arm_fits(
        &mut self,
        taken: Abstract,
        dead: Abstract,
        dead_span: Span,
        hint: Option<TyId>,
    ) -> bool {
        let s = self.concrete_scalar(taken, hint);
        match consts::materialize(dead, s) {
            Ok(_) => true,
            Err(e) => {
                self.materialize_error(dead, dead_span, s, e);
                false
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Calls

    /// `d` about a call of `callee` that cannot be made, with a note when the call's `(` starts
    /// a line: the user most likely meant a new statement or expression there, and the error
    /// points at the line before.
    fn explain_line_break_call(&self, callee: ast::ExprId, d: Diagnostic) -> Diagnostic {
        // The parser records calls in the order of their callees, in the nodes they are in.
        let calls = if ast::Nodes::is_body_index(callee.raw()) {
            &self.body_nodes.calls_after_line_break
        } else {
            &self.ast.nodes.calls_after_line_break
        };
        match calls.binary_search_by_key(&callee.index(), |(c, _)| c.index()) {
            Ok(i) => match calls.get(i) {
                Some(&(_, paren)) => d
                    .with_label(paren, "this `(` continues the expression before it")
                    .with_note(
                        "a line break does not end an expression: as in Lua, a `(` that starts \
                         a line calls what comes before it",
                    ),
                None => d,
            },
            Err(_) => d,
        }
    }

    /// Checks a call: a user function, a builtin or a type constructor.
    pub fn call(
        &mut self,
        callee: ast::ExprId,
        args: &[ast::ExprId],
        span: Span,
        _hint: Option<TyId>,
    ) -> CallResult {
        let err = |c: &mut Self| CallResult {
            expr: c.err_expr(span),
            void: false,
        };
        let Some(ast::Expr {
            kind: ast::ExprKind::Ident(id),
            ..
        }) = self.ast_expr(callee)
        else {
            if matches!(
                self.ast_expr(callee).map(|e| e.kind),
                Some(ast::ExprKind::Error)
            ) {
                // The parser reported the callee (`[4]float(...)`, ...).
                self.unresolved_call_args(args);
                return err(self);
            }
            // `Light.intensity(...)` calls the function the parser reported as declared with
            // Lua's `function Light.intensity(...)` (and kept under that name): not another
            // mistake.
            if let Some(ast::Expr {
                kind: ast::ExprKind::Field { base, name },
                ..
            }) = self.ast_expr(callee)
            {
                if let Some(ast::ExprKind::Ident(table)) = self.ast_expr(base).map(|e| e.kind) {
                    let dotted = format!("{}.{}", self.text(&table), self.text(&name));
                    if matches!(
                        self.names.get(dotted.as_str()).map(|s| s.kind),
                        Some(SymKind::Function(_))
                    ) {
                        self.unresolved_call_args(args);
                        return err(self);
                    }
                }
            }
            let cspan = self.ast_span(callee);
            let mut d = Diagnostic::error(
                codes::E0414,
                cspan,
                "only functions, builtins and types can be called",
            )
            .with_primary_label("not a function name");
            d = self.explain_line_break_call(callee, d);
            match self.ast_expr(callee).map(|e| e.kind) {
                Some(ast::ExprKind::Field { base, name }) => {
                    if let Some(help) = self.method_call_help(base, &name, !args.is_empty()) {
                        d = d.with_help(help);
                    }
                }
                // GLSL's array constructor, `float[3](a, b, c)`.
                Some(ast::ExprKind::Index { base, index }) => {
                    if let Some(ast::ExprKind::Ident(ty)) = self.ast_expr(base).map(|e| e.kind) {
                        let ty = self.text(&ty);
                        let is_type = crate::types::is_builtin_type_name(ty)
                            || matches!(
                                self.names.get(ty).map(|s| s.kind),
                                Some(SymKind::Struct(_))
                            );
                        let len = match self.ast_expr(index).map(|e| e.kind) {
                            Some(ast::ExprKind::Int { value, .. }) => value.to_u64().to_string(),
                            _ => "N".to_owned(),
                        };
                        if is_type {
                            d = d.with_help(format!(
                                "GLSL's array constructor `{ty}[{len}](...)` is an array literal \
                                 in Luma: `[{len}]{ty} {{ a, b, ... }}`"
                            ));
                        }
                    }
                }
                _ => {}
            }
            self.emit(d);
            self.unresolved_call_args(args);
            return err(self);
        };
        let name = self.text(&id);
        if let Some(sym) = self.fcx.as_ref().and_then(|f| f.scopes.lookup(name)) {
            // A local whose initializer failed (Lua's `let f = function(x) ... end`, reported
            // by the parser) is not a second mistake when it is called.
            if let LocalSym::Var(l) = *sym {
                if self
                    .fcx
                    .as_ref()
                    .is_some_and(|f| f.unparsed_init.contains(&l))
                {
                    self.unresolved_call_args(args);
                    return err(self);
                }
            }
            let what = match sym {
                LocalSym::Const(_) => "a constant",
                _ => "a local variable",
            };
            let shadows = self.names.contains_key(name) || builtins::lookup(name).is_some();
            let mut d = Diagnostic::error(
                codes::E0414,
                id.span,
                format!("`{name}` is {what}, not a function"),
            )
            .with_primary_label("cannot be called");
            d = self.explain_line_break_call(callee, d);
            if shadows {
                d = d.with_note(format!(
                    "the {} shadows the function `{name}`; rename it to call the function",
                    what.trim_start_matches("a ")
                ));
            }
            self.emit(d);
            self.unresolved_call_args(args);
            return err(self);
        }
        match self.names.get(name).map(|s| s.kind) {
            Some(SymKind::Function(fid)) => return self.user_call(fid, &id, args, span),
            Some(SymKind::Struct(_)) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0414,
                        id.span,
                        format!("`{name}` is a struct, not a function"),
                    )
                    .with_primary_label("cannot be called")
                    .with_help(format!(
                        "build a value with `{name} {{ member = value, ... }}`"
                    )),
                );
                self.unresolved_call_args(args);
                return err(self);
            }
            // A global named after a builtin was already rejected (E0406): the call still
            // means the builtin, so it is checked as one instead of failing a second time.
            Some(SymKind::Global(_) | SymKind::Const(_))
                if builtins::lookup(name).is_some() || types::builtin_type(name).is_some() => {}
            Some(SymKind::Global(_) | SymKind::Const(_)) => {
                let d =
                    Diagnostic::error(codes::E0414, id.span, format!("`{name}` is not a function"))
                        .with_primary_label("cannot be called");
                let d = self.explain_line_break_call(callee, d);
                self.emit(d);
                self.unresolved_call_args(args);
                return err(self);
            }
            None => {}
        }
        let (constructor, builtin) = self.builtin_callee(name);
        if let Some(t) = constructor {
            let expr = self.construct(t, name, id.span, args, span);
            return CallResult { expr, void: false };
        }
        if let Some(f) = builtin {
            return self.builtin_call(f, args, span);
        }
        // `v:intensity(...)` (E0309, read as `intensity(v, ...)`) calls the method the parser
        // kept as `Light:intensity` after reporting Lua's `function Light:intensity(...)`.
        let method = format!(":{name}");
        if self
            .names
            .iter()
            .any(|(n, s)| n.ends_with(method.as_str()) && matches!(s.kind, SymKind::Function(_)))
        {
            self.unresolved_call_args(args);
            return err(self);
        }
        let mut d = Diagnostic::error(
            codes::E0403,
            id.span,
            format!("cannot find function `{name}`"),
        )
        .with_primary_label("not a function, builtin or type");
        if let Some((languages, instead)) = foreign::lookup(name) {
            // Another shading language's builtin: say what Luma calls it.
            d = match instead {
                foreign::Instead::Builtin(luma) => d.with_suggestion(
                    id.span,
                    luma,
                    format!("`{name}` is {languages}'s name; Luma calls it"),
                ),
                foreign::Instead::Write(how) => {
                    d.with_help(format!("Luma has no `{name}` ({languages}): {how}"))
                }
            };
        } else if let Some((languages, luma)) = foreign::lookup_type(name) {
            // Another language's vector or matrix constructor (`float3(...)`).
            d = d.with_suggestion(
                id.span,
                luma,
                format!("`{name}` is {languages}'s type name; Luma calls it"),
            );
        } else if self.diags.dropped() == 0 {
            // (Once diagnostics are dropped, no suggestion would be shown. `closest` picks the
            // same name in any order.)
            let mut candidates: Vec<&str> = self
                .names
                .iter()
                .filter(|(_, s)| matches!(s.kind, SymKind::Function(_)))
                .map(|(k, _)| *k)
                .collect();
            for n in builtins::names() {
                candidates.push(n);
            }
            // Constructors too (`vce3(1.0)`): the value types, not textures or samplers.
            let types: Vec<String> = types::builtin_type_names()
                .filter(|t| {
                    !t.starts_with("sampler")
                        && !t.starts_with("atomic")
                        && !t.contains("texture")
                        && !t.contains("image")
                })
                .collect();
            candidates.extend(types.iter().map(String::as_str));
            if let Some(c) = self.suggest(name, candidates) {
                let what = if types.iter().any(|t| t == c) {
                    "a type with a similar name exists"
                } else {
                    "a function with a similar name exists"
                };
                d = d.with_suggestion(id.span, c, what);
            }
        }
        self.emit(d);
        self.unresolved_call_args(args);
        err(self)
    }

    /// The builtin type (a constructor) and the builtin function named `name`, looked up once
    /// per name: the tables are searched by comparing names, and a shader calls the same few
    /// builtins many times.
    fn builtin_callee(&mut self, name: &'a str) -> (Option<Ty>, Option<BuiltinFn>) {
        if let Some(&known) = self.builtin_callees.get(name) {
            return known;
        }
        let found = (types::builtin_type(name), builtins::lookup(name));
        self.builtin_callees.insert(name, found);
        found
    }

    /// Checks the arguments of a call that could not be resolved, for their own errors only:
    /// as references, so that a texture or buffer passed to a misspelled texture builtin is
    /// not reported as a misused value on top of the unknown name.
    /// What to write instead of a method call `x.name(...)` (GLSL's `a.length()`, HLSL's
    /// `tex.Sample(s, uv)`, `v.normalize()`): Luma has no methods.
    fn method_call_help(
        &mut self,
        base: ast::ExprId,
        name: &ast::Ident,
        has_args: bool,
    ) -> Option<String> {
        let x = match self.ast_expr(base).map(|e| e.kind) {
            Some(ast::ExprKind::Ident(id)) => self.text(&id),
            _ => "x",
        };
        let method = self.text(name);
        if matches!(
            method,
            "length" | "size" | "count" | "len" | "Length" | "Count"
        ) {
            let v = self.expr_mode(base, None, Mode::Ref);
            let ty = self.val_ty(v).map(|t| self.ty(t));
            return Some(if matches!(ty, Some(Ty::Array { .. })) {
                format!("Luma has no methods: the length of an array is `#{x}`")
            } else if matches!(ty, Some(Ty::Vector { .. })) {
                format!("Luma has no methods: the length of a vector is `length({x})`")
            } else {
                format!(
                    "Luma has no methods: a vector's length is `length({x})`, an array's length `#{x}`"
                )
            });
        }
        let texture_method = match method {
            "Sample" => Some("sample"),
            "SampleLevel" => Some("sample_level"),
            "SampleBias" => Some("sample_bias"),
            "SampleGrad" => Some("sample_grad"),
            "SampleCmp" => Some("sample_compare"),
            "SampleCmpLevelZero" => Some("sample_compare_level"),
            "Load" => Some("texel_fetch"),
            "GetDimensions" => Some("texture_size"),
            "Gather" | "GatherRed" | "GatherGreen" | "GatherBlue" | "GatherAlpha" | "gather" => {
                Some("texture_gather")
            }
            "GatherCmp" | "GatherCmpRed" | "gather_compare" => Some("texture_gather_compare"),
            "get_array_size" => Some("texture_layers"),
            "get_num_samples" => Some("texture_samples"),
            _ => None,
        };
        if let Some(luma) = texture_method {
            return Some(format!(
                "Luma has no methods: texture builtins take the texture first, `{luma}({x}, ...)`"
            ));
        }
        if LUA_LIBRARIES.contains(&x) && !self.names_a_value(x) {
            // Lua's `math.sin(a)`: a library, not a value with methods.
            let luma = match method {
                "sqrt" | "abs" | "floor" | "ceil" | "exp" | "log" | "sin" | "cos" | "tan"
                | "asin" | "acos" | "atan" | "min" | "max" | "pow" => method,
                // C's `fmod` truncates, as Luma's `%` on floats does.
                "fmod" => {
                    return Some(format!(
                        "Luma has no `{x}` library: `{x}.fmod(a, b)` is `a % b`"
                    ))
                }
                _ => {
                    return Some(format!(
                        "Luma has no `{x}` library; its builtins are called by name, such as \
                         `sin(a)`"
                    ))
                }
            };
            return Some(format!(
                "Luma has no `{x}` library: call the builtin by its name, `{luma}(...)`"
            ));
        }
        if builtins::lookup(method).is_some() {
            let rest = if has_args { ", ..." } else { "" };
            return Some(format!(
                "Luma has no methods: call the builtin with the value first, `{method}({x}{rest})`"
            ));
        }
        None
    }

    /// Whether `name` is a local, a global or a constant (a value that could have members).
    fn names_a_value(&self, name: &str) -> bool {
        self.fcx
            .as_ref()
            .is_some_and(|f| f.scopes.lookup(name).is_some())
            || self
                .names
                .get(name)
                .is_some_and(|s| matches!(s.kind, SymKind::Global(_) | SymKind::Const(_)))
    }

    fn unresolved_call_args(&mut self, args: &[ast::ExprId]) {
        for a in args {
            self.expr_mode(*a, None, Mode::Ref);
        }
    }

    fn user_call(
        &mut self,
        fid: luma_thir::FuncId,
        id: &ast::Ident,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        if self.fcx.is_none() {
            // Outside function bodies every expression is a constant one (a module `const`,
            // an array size, an attribute argument), checked before the signatures are
            // resolved: the callee's result type is not known yet, and a call is never
            // constant whatever it returns.
            let name = self.text(id);
            self.emit(
                Diagnostic::error(
                    codes::E0701,
                    span,
                    format!("`{name}` is called where a constant is needed"),
                )
                .with_primary_label("a function call is not a constant expression")
                .with_note(
                    "constant expressions are made of literals, other constants, operators and \
                     constructors; calls are never constant",
                ),
            );
            self.unresolved_call_args(args);
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        // The parameter types are read by index below rather than copied out per call.
        let (n_params, ret, is_entry, decl_span) = match self.funcs.get(fid.index()) {
            Some(f) => (
                f.param_tys.len(),
                f.ret,
                f.entry.is_some(),
                f.decl.name.span,
            ),
            None => (0, None, false, id.span),
        };
        let param = |c: &Self, k: usize| {
            c.funcs
                .get(fid.index())
                .and_then(|f| f.param_tys.get(k))
                .copied()
        };
        if is_entry {
            self.emit(
                Diagnostic::error(
                    codes::E0417,
                    id.span,
                    format!("`{}` is an entry point and cannot be called", self.text(id)),
                )
                .with_primary_label("called here")
                .with_label(decl_span, "declared as an entry point here")
                .with_help("move the shared code into an ordinary function and call that"),
            );
        }
        if args.len() != n_params {
            let n = n_params;
            self.emit(
                Diagnostic::error(
                    codes::E0509,
                    span,
                    format!(
                        "`{}` takes {n} argument{}, but {} {} given",
                        self.text(id),
                        if n == 1 { "" } else { "s" },
                        args.len(),
                        if args.len() == 1 { "was" } else { "were" }
                    ),
                )
                .with_primary_label(format!(
                    "{} argument{}",
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ))
                .with_label(decl_span, "declared here"),
            );
            // Still check the arguments (with the parameter types where they line up), for
            // errors of their own.
            for (k, a) in args.iter().enumerate() {
                let pt = param(self, k);
                self.expr(*a, pt);
            }
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        let id_text = self.text(id);
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let pt = param(self, i).unwrap_or(self.t.error);
            if !self.is_error(pt) && !self.constructible(pt) {
                // A parameter of a type no value has (a texture: E0519, reported with the
                // signature): the argument is checked as a reference, which a resource may be,
                // rather than reported again as a value that cannot be passed.
                self.expr_mode(*a, None, Mode::Ref);
                out.push(self.err_expr(self.ast_span(*a)));
                continue;
            }
            let v = self.expr(*a, Some(pt));
            let what = || format!("argument {} of `{}`", i + 1, id_text);
            out.push(self.coerce_with(v, pt, &what));
        }
        if is_entry {
            // Reported (E0417): not a call in the call graph either, where calling the entry
            // point from itself would be reported again as recursion.
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        if let Some(f) = self.fcx.as_mut() {
            f.facts.calls.push((fid, span));
        }
        let void = ret.is_none();
        let ty = ret.unwrap_or(self.t.error);
        let args = self.exprs.push_list(out);
        let expr = self.mk(
            ExprKind::Call {
                function: fid,
                args,
            },
            ty,
            span,
        );
        CallResult { expr, void }
    }

    // -----------------------------------------------------------------------------------------
    // Constructors and conversions

    fn construct(
        &mut self,
        t: Ty,
        name: &str,
        name_span: Span,
        args: &[ast::ExprId],
        span: Span,
    ) -> ExprId {
        let ty = self.intern(t);
        let component = match t {
            Ty::Scalar(s) | Ty::Vector { scalar: s, .. } | Ty::Matrix { scalar: s, .. } => s,
            _ => {
                let mut d = Diagnostic::error(
                    codes::E0511,
                    name_span,
                    format!("`{name}` values cannot be constructed"),
                )
                .with_primary_label("not a value type")
                .with_note("textures, samplers and atomics are declared as globals");
                let sampled = matches!(t, Ty::Texture(_) | Ty::CombinedSampler(_));
                if sampled && !args.is_empty() {
                    // GLSL 1.x's `texture2D(sampler, uv)`, `textureCube(...)`.
                    d = d.with_help(format!(
                        "GLSL's `{name}(sampler, coords)` samples a texture: Luma calls it \
                         `sample(texture, coords)` (`sample(texture, sampler, coords)` with a \
                         separate sampler)"
                    ));
                }
                self.emit(d);
                for a in args {
                    // The texture and sampler named as arguments are what such a call takes:
                    // not each another error.
                    let resource_name = sampled
                        && matches!(
                            self.ast_expr(*a).map(|e| e.kind),
                            Some(ast::ExprKind::Ident(_))
                        );
                    if !resource_name {
                        self.expr(*a, None);
                    }
                }
                return self.err_expr(span);
            }
        };
        let sty = self.scalar_ty(component);
        // Up to four argument values (every vector constructor) go in an array on the stack
        // instead of a vector per call.
        const INLINE: usize = 4;
        let mut inline = [Val::Abs(Abstract::Int(0), span); INLINE];
        let spilled: Vec<Val>;
        let vals: &[Val] = if args.len() <= INLINE {
            for (slot, a) in inline.iter_mut().zip(args) {
                *slot = self.expr(*a, Some(sty));
            }
            inline.get(..args.len()).unwrap_or_default()
        } else {
            spilled = args.iter().map(|a| self.expr(*a, Some(sty))).collect();
            &spilled
        };
        if vals.iter().any(|v| self.val_is_error(*v)) {
            return self.err_expr(span);
        }
        let bad = |c: &mut Self, msg: String, label: &str| {
            c.emit(
                Diagnostic::error(codes::E0511, span, msg).with_primary_label(label.to_string()),
            );
            c.err_expr(span)
        };
        match t {
            Ty::Scalar(s) => {
                let [v] = vals else {
                    return bad(
                        self,
                        format!("`{name}(...)` takes one value, found {}", vals.len()),
                        "one argument expected",
                    );
                };
                match *v {
                    Val::Abs(a, vs) => match consts::materialize(a, s) {
                        Ok(c) => self.const_expr(c, ty, span),
                        Err(_) => {
                            // The literal does not fit the target directly: give it its own
                            // type (an integer literal `int`, else `uint`; a float literal
                            // `float`) and convert, so `uint(-1)` wraps like any `int` does.
                            let own = match a {
                                Abstract::Int(v) if i32::try_from(v).is_ok() => ScalarTy::Int,
                                Abstract::Int(v) if u32::try_from(v).is_ok() => ScalarTy::Uint,
                                Abstract::Int(v) => {
                                    // Neither 32-bit integer holds it, so there are no bits to
                                    // convert; saying "this `float`" would blame a literal the
                                    // user wrote as an integer.
                                    let t = self.tn(ty);
                                    self.emit(
                                        Diagnostic::error(
                                            codes::E0703,
                                            span,
                                            format!(
                                                "the integer constant {v} is outside both \
                                                 `int` and `uint`, so `{t}(...)` cannot \
                                                 convert it"
                                            ),
                                        )
                                        .with_primary_label("out of range")
                                        .with_help(
                                            "`int` holds -2147483648 to 2147483647 and `uint` \
                                             0 to 4294967295",
                                        ),
                                    );
                                    return self.err_expr(span);
                                }
                                Abstract::Float(_) => ScalarTy::Float,
                            };
                            let e = self.materialize(a, vs, own);
                            self.convert_expr(e, ty, span)
                        }
                    },
                    Val::Expr(e) => {
                        let et = self.expr_ty(e);
                        match self.ty(et) {
                            Ty::Scalar(_) => self.convert_expr(e, ty, span),
                            _ => {
                                let tn = self.tn(et);
                                let target = self.with_scalar(et, s);
                                let hint =
                                    if matches!(self.ty(et), Ty::Vector { .. } | Ty::Matrix { .. })
                                    {
                                        format!("convert vectors with `{}(...)`", self.tn(target))
                                    } else {
                                        "expected a scalar".to_string()
                                    };
                                bad(
                                    self,
                                    format!("`{name}(...)` converts scalars, found `{tn}`"),
                                    &hint,
                                )
                            }
                        }
                    }
                }
            }
            Ty::Vector { scalar, size } => {
                if let [v] = vals {
                    match *v {
                        Val::Abs(a, vs) => {
                            let c = self.materialize(a, vs, scalar);
                            return self.splat_expr(c, ty, span);
                        }
                        Val::Expr(e) => {
                            let et = self.expr_ty(e);
                            match self.ty(et) {
                                Ty::Scalar(s) if s == scalar => {
                                    return self.splat_expr(e, ty, span)
                                }
                                Ty::Scalar(s) => {
                                    // The argument as written when it is a name (`vec3(i)`).
                                    let arg = match args.first().and_then(|a| self.ast_expr(*a)) {
                                        Some(ast::Expr {
                                            kind: ast::ExprKind::Ident(id),
                                            ..
                                        }) => self.text(&id),
                                        _ => "x",
                                    };
                                    return bad(
                                        self,
                                        format!(
                                            "`{name}({arg})` repeats a `{}`, found `{}`",
                                            scalar.as_str(),
                                            s.as_str()
                                        ),
                                        &format!(
                                            "convert the scalar first: `{name}({}({arg}))`",
                                            scalar.as_str()
                                        ),
                                    );
                                }
                                Ty::Vector { size: n, .. } if n == size => {
                                    return if et == ty {
                                        e
                                    } else {
                                        self.convert_expr(e, ty, span)
                                    };
                                }
                                Ty::Vector { size: n, .. } if n > size => {
                                    let comps = &"xyzw"[..usize::from(size)];
                                    return bad(
                                        self,
                                        format!("`{name}(...)` cannot shorten a `{}`", self.tn(et)),
                                        &format!("take components with a swizzle: `v.{comps}`"),
                                    );
                                }
                                _ => {}
                            }
                        }
                    }
                }
                if vals.is_empty() {
                    return bad(
                        self,
                        format!("`{name}()` needs components"),
                        &format!("write `{name}(0.0)` for zero"),
                    );
                }
                let mut total = 0u32;
                let mut parts = Vec::with_capacity(vals.len());
                for (i, v) in vals.iter().enumerate() {
                    let e = match *v {
                        Val::Abs(a, vs) => self.materialize(a, vs, scalar),
                        Val::Expr(e) => e,
                    };
                    let et = self.expr_ty(e);
                    if self.is_error(et) {
                        return self.err_expr(span);
                    }
                    let n = match self.ty(et) {
                        Ty::Scalar(s) if s == scalar => 1,
                        Ty::Vector { scalar: s, size: n } if s == scalar => u32::from(n),
                        _ => {
                            let tn = self.tn(et);
                            let espan = self.expr_span(e);
                            let mut d = Diagnostic::error(
                                codes::E0511,
                                espan,
                                format!(
                                    "the components of `{name}` are `{}`, argument {} is `{tn}`",
                                    scalar.as_str(),
                                    i + 1
                                ),
                            )
                            .with_primary_label(format!("this is `{tn}`"));
                            d = match self.ty(et) {
                                Ty::Scalar(_) | Ty::Vector { .. } => {
                                    let conv = self.with_scalar(et, scalar);
                                    let conv = self.tn(conv);
                                    d.with_help(format!("convert it first, e.g. `{conv}(...)`"))
                                }
                                Ty::Matrix { .. } => d.with_help(
                                    "a matrix is not a vector: take one of its columns, `m[i]`",
                                ),
                                // A struct or an array has no conversion to offer: its name
                                // as the "conversion" was nonsense (`A(...)`).
                                _ => d.with_note(format!(
                                    "a vector is built from scalars and vectors; take them from \
                                     the `{tn}` value's members or elements"
                                )),
                            };
                            self.emit(d);
                            return self.err_expr(span);
                        }
                    };
                    total += n;
                    parts.push(e);
                }
                if total != u32::from(size) {
                    return bad(
                        self,
                        format!("`{name}` has {size} components, but the arguments have {total}"),
                        &format!(
                            "{} component{} {}",
                            total.abs_diff(u32::from(size)),
                            if total.abs_diff(u32::from(size)) == 1 {
                                ""
                            } else {
                                "s"
                            },
                            if total < u32::from(size) {
                                "missing"
                            } else {
                                "too many"
                            }
                        ),
                    );
                }
                self.construct_expr(parts, ty, span)
            }
            Ty::Matrix {
                scalar,
                columns,
                rows,
            } => {
                if let [v] = vals {
                    match *v {
                        Val::Abs(a, vs) => {
                            let c = self.materialize(a, vs, scalar);
                            return self.splat_expr(c, ty, span);
                        }
                        Val::Expr(e) => {
                            let et = self.expr_ty(e);
                            match self.ty(et) {
                                Ty::Scalar(s) if s == scalar => {
                                    return self.splat_expr(e, ty, span)
                                }
                                Ty::Matrix { .. } => {
                                    return if et == ty {
                                        e
                                    } else {
                                        self.convert_expr(e, ty, span)
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                }
                let col_ty = self.vec_ty(scalar, rows);
                let es: Vec<ExprId> = vals
                    .iter()
                    .map(|v| match *v {
                        Val::Abs(a, vs) => self.materialize(a, vs, scalar),
                        Val::Expr(e) => e,
                    })
                    .collect();
                if es.iter().any(|e| self.is_error(self.expr_ty(*e))) {
                    return self.err_expr(span);
                }
                let sty = self.scalar_ty(scalar);
                if es.len() == usize::from(columns) && es.iter().all(|e| self.expr_ty(*e) == col_ty)
                {
                    return self.construct_expr(es, ty, span);
                }
                if es.len() == usize::from(columns) * usize::from(rows)
                    && es.iter().all(|e| self.expr_ty(*e) == sty)
                {
                    return self.construct_expr(es, ty, span);
                }
                let ctn = self.tn(col_ty);
                bad(
                    self,
                    format!("invalid arguments for `{name}`"),
                    &format!(
                        "`{name}` takes {columns} `{ctn}` columns, {} `{}` values in column order, one `{}` for the diagonal, or a matrix",
                        usize::from(columns) * usize::from(rows),
                        scalar.as_str(),
                        scalar.as_str()
                    ),
                )
            }
            _ => self.err_expr(span),
        }
    }

    fn splat_expr(&mut self, value: ExprId, ty: TyId, span: Span) -> ExprId {
        if self.is_error(self.expr_ty(value)) {
            return self.err_expr(span);
        }
        if let Some(c) = self.const_of(value).map(Cow::into_owned) {
            // An array fill copies its value N times: the cost is counted before the copies
            // are made, so a large fill of a large constant stops at the limit (E0704)
            // instead of allocating it.
            let fill = match self.ty(ty) {
                Ty::Array {
                    len: ArrayLen::Fixed(n),
                    ..
                } => Some(n),
                _ => None,
            };
            if let Some(n) = fill {
                if !self.spend(consts::size(&c).saturating_mul(u64::from(n)), span) {
                    return self.err_expr(span);
                }
            }
            if let Ok(v) = consts::splat(&self.prog.types, &c, ty) {
                return if fill.is_some() {
                    self.mk_const(v, ty, span)
                } else {
                    self.const_expr(v, ty, span)
                };
            }
        }
        self.mk(ExprKind::Splat { value }, ty, span)
    }

    /// A value conversion of `value` to `ty` (identity when the types are equal).
    pub fn convert_expr(&mut self, value: ExprId, ty: TyId, span: Span) -> ExprId {
        let from = self.expr_ty(value);
        if self.is_error(from) {
            return self.err_expr(span);
        }
        if from == ty {
            return value;
        }
        if let Some(c) = self.const_of(value).map(Cow::into_owned) {
            match consts::convert(&self.prog.types, &c, from, ty) {
                Ok(v) => return self.const_expr(v, ty, span),
                Err(consts::FoldError::NotFoldable) => {}
                Err(_) => {
                    let (f, t) = (self.tn(from), self.tn(ty));
                    self.emit(
                        Diagnostic::error(
                            codes::E0703,
                            span,
                            format!("this constant `{f}` does not fit in `{t}`"),
                        )
                        .with_primary_label("conversion out of range"),
                    );
                    return self.err_expr(span);
                }
            }
        }
        self.mk(ExprKind::Convert { value }, ty, span)
    }
}

/// The help for braces where a vector, matrix or scalar is expected: most likely another
/// language's initializer list.
fn constructor_help(type_name: &str) -> String {
    format!("braces build arrays and structs only; write the constructor: `{type_name}(...)`")
}

/// Whether `block` holds a `return` with a value, at any depth.
pub(crate) fn returns_value(block: &ast::Block) -> bool {
    // An explicit stack: blocks nest as deep as the source does.
    let mut blocks = vec![block];
    while let Some(block) = blocks.pop() {
        for stmt in &block.stmts {
            match &stmt.kind {
                ast::StmtKind::Return(Some(_)) => return true,
                ast::StmtKind::If(s) => {
                    blocks.extend(s.branches.iter().map(|(_, b)| b));
                    blocks.extend(s.else_block.as_ref());
                }
                ast::StmtKind::For(s) => blocks.push(&s.body),
                ast::StmtKind::While(s) => blocks.push(&s.body),
                ast::StmtKind::Do(b) => blocks.push(b),
                _ => {}
            }
        }
    }
    false
}
