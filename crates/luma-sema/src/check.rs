//! The checker's state and the helpers every part of it shares: symbols, scopes, checked
//! values (typed THIR expressions or untyped constants), coercion to an expected type,
//! constant folding with its step budget, and diagnostics wording.

use std::borrow::Cow;

use luma_base::{Arena, Diagnostic, Diagnostics, Limits, Span};
use luma_syntax::ast;
use luma_thir::{
    Access, BuiltinFn, ConstId, ConstValue, Expr, ExprId, ExprKind, Exprs, FuncId, GlobalId,
    LocalDef, LocalId, Program, ScalarTy, Stage, StructId, Ty, TyId,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::codes;
use crate::consts::{self, Abstract, FoldError, MaterializeError};
use crate::types::{self, Props};

/// A module-scope name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sym {
    pub kind: SymKind,
    /// The declared name's span.
    pub span: Span,
}

/// What a module-scope name declares.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SymKind {
    Struct(StructId),
    Function(FuncId),
    Global(GlobalId),
    Const(ConstId),
}

/// Lazy resolution state of a struct or constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    Pending,
    InProgress,
    Done,
}

/// The value of a constant, module-scope or local.
#[derive(Debug, Clone)]
pub(crate) enum ConstSlot {
    /// Not evaluated yet.
    Pending,
    /// An untyped constant (no declared type, untyped initializer).
    Abstract(Abstract),
    /// A typed constant.
    Typed(ConstValue, TyId),
    /// A specialization constant of the given type.
    Spec(ConstId, TyId),
    /// Its declaration failed (already reported).
    Error,
}

pub(crate) struct StructInfo<'a> {
    pub decl: Option<&'a ast::StructDecl>,
    /// Attributes written on the declaration.
    pub attrs: &'a [ast::Attribute],
    pub state: State,
    pub props: Props,
}

pub(crate) struct ConstInfo<'a> {
    pub decl: &'a ast::ConstDecl,
    pub attrs: &'a [ast::Attribute],
    pub state: State,
    pub slot: ConstSlot,
}

pub(crate) struct GlobalInfo<'a> {
    pub decl: &'a ast::GlobalDecl,
    pub attrs: &'a [ast::Attribute],
    /// `@access(...)` as written on a storage buffer.
    pub explicit_access: Option<(Access, Span)>,
    /// `@access(...)` as written on a storage image.
    pub explicit_image_access: Option<(luma_thir::ImageAccess, Span)>,
    /// Whether the declaration resolved (a failed one accepts anything silently).
    pub ok: bool,
}

/// Something a function does that only some stages or some control flow allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Use {
    /// Implicit-LOD sampling (`sample`, `sample_bias`, `sample_compare`), named.
    ImplicitLod(&'static str),
    /// A derivative builtin, named.
    Derivative(&'static str),
    Discard,
    Barrier(&'static str),
    /// Workgroup memory.
    Workgroup(GlobalId),
    /// A storage image write (`image_store`), named.
    ImageStore(&'static str),
}

/// What the body of a function does, for the checks that need the call graph.
#[derive(Debug, Clone, Default)]
pub(crate) struct Facts {
    pub calls: Vec<(FuncId, Span)>,
    pub uses: Vec<(Use, Span)>,
    /// Storage buffers and storage images written (assignments, atomics, `image_store`).
    pub writes: Vec<(GlobalId, Span)>,
    /// Storage images read (`image_load`).
    pub image_reads: Vec<(GlobalId, Span)>,
}

pub(crate) struct EntryAttrs {
    pub stage: Stage,
    pub stage_span: Span,
    pub workgroup_size: [u32; 3],
    /// The `@spec` constant giving each workgroup dimension, where one does.
    pub workgroup_size_spec: [Option<ConstId>; 3],
    pub early_depth: bool,
    /// Where `@early_depth` is written, when it is.
    pub early_depth_span: Option<Span>,
}

pub(crate) struct FuncInfo<'a> {
    /// The declaration (its body is empty when the checker owns the bodies: see [`Bodies`]).
    pub decl: &'a ast::FunctionDecl,
    /// Whether the body has a `return` with a value (for E0604's "lacks its `-> T`", asked
    /// also after the body is freed).
    pub body_returns_value: bool,
    pub item: &'a ast::Item,
    pub entry: Option<EntryAttrs>,
    pub param_tys: Vec<TyId>,
    pub ret: Option<TyId>,
    pub facts: Facts,
}

/// A name visible in a function body.
#[derive(Debug, Clone)]
pub(crate) enum LocalSym {
    Var(LocalId),
    /// A `for` counter (read-only).
    Counter(LocalId),
    Const(ConstSlot),
}

/// Block scopes of one function: every declaration of the open scopes in one list, each
/// linked to the declaration of the same name it shadows, and a map from each visible name to
/// its innermost declaration. (A shadow stack per name cost an allocation per name.)
#[derive(Default)]
pub(crate) struct Scopes<'a> {
    map: FxHashMap<&'a str, usize>,
    decls: Vec<ScopedDecl<'a>>,
    /// Per open scope, the length of `decls` when it opened.
    stack: Vec<usize>,
}

struct ScopedDecl<'a> {
    name: &'a str,
    /// Number of open scopes when it was declared.
    depth: usize,
    sym: LocalSym,
    span: Span,
    /// The declaration of the same name it shadows, if any.
    shadows: Option<usize>,
}

impl<'a> Scopes<'a> {
    pub fn push(&mut self) {
        self.stack.push(self.decls.len());
    }

    pub fn pop(&mut self) {
        if let Some(mark) = self.stack.pop() {
            // Latest first, so a name declared twice in the scope gets its outer one back.
            while self.decls.len() > mark {
                let Some(d) = self.decls.pop() else { break };
                match d.shadows {
                    Some(i) => {
                        self.map.insert(d.name, i);
                    }
                    None => {
                        self.map.remove(d.name);
                    }
                }
            }
        }
    }

    /// Declares `name` in the innermost scope; returns the span of a declaration of the same
    /// name in that same scope, if any (the new one still shadows it, to avoid cascades).
    pub fn declare(&mut self, name: &'a str, sym: LocalSym, span: Span) -> Option<Span> {
        let depth = self.stack.len();
        let index = self.decls.len();
        let shadows = self.map.insert(name, index);
        let prev = shadows
            .and_then(|i| self.decls.get(i))
            .filter(|d| d.depth == depth)
            .map(|d| d.span);
        self.decls.push(ScopedDecl {
            name,
            depth,
            sym,
            span,
            shadows,
        });
        prev
    }

    pub fn lookup(&self, name: &str) -> Option<&LocalSym> {
        self.map
            .get(name)
            .and_then(|&i| self.decls.get(i))
            .map(|d| &d.sym)
    }

    /// Every visible name, for suggestions.
    pub fn visible(&self) -> impl Iterator<Item = &&'a str> {
        self.map.keys()
    }

    /// Closes every scope, keeping the memory for the next function.
    pub fn clear(&mut self) {
        self.map.clear();
        self.decls.clear();
        self.stack.clear();
    }
}

pub(crate) struct LoopCtx {
    pub has_break: bool,
}

/// State of the function body being checked.
pub(crate) struct FnCtx<'a> {
    pub locals: Arena<LocalDef>,
    pub scopes: Scopes<'a>,
    pub loops: Vec<LoopCtx>,
    pub ret: Option<TyId>,
    pub ret_span: Span,
    pub facts: Facts,
    /// Locals declared without a type whose initializer was an untyped integer constant, with
    /// its span and value (`None` for an if-expression whose arms are all untyped integer
    /// constants): they are `float` (language.md), which surprises authors who meant `int`,
    /// so type errors that involve them say why.
    pub float_defaults: Vec<(LocalId, Span, Option<i128>)>,
    /// If-expressions made `float` only because every arm is an untyped integer constant and
    /// nothing gave them another type (`if c then 1 else 0`): a local they initialize joins
    /// `float_defaults`.
    pub float_default_selects: Vec<ExprId>,
    /// Whether the body holds a statement that failed to parse: what it lost may have been the
    /// `return`, so "missing return" is not reported.
    pub incomplete: bool,
    /// Where names assigned before any declaration were declared by the checker (after E0401):
    /// a later `let` of the name is the declaration the author meant, not a second one.
    pub implicit: Vec<Span>,
    /// In a fragment entry point, the struct parameter with members stripped from the input
    /// (`@varying` builtins other than a position the shader reads), and per member whether it
    /// is stripped: it reads as zero, which a read of one is warned about.
    pub varying_input: Option<(LocalId, Vec<bool>)>,
    /// The stage, when the function is an entry point.
    pub entry_stage: Option<Stage>,
    /// Locals whose initializer failed to parse (Lua's `let f = function(x) ... end`): calling
    /// one is part of that error.
    pub unparsed_init: Vec<LocalId>,
}

/// A checked expression: a typed THIR expression, or an untyped constant still waiting for
/// the type its context gives it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Val {
    Expr(ExprId),
    Abs(Abstract, Span),
}

/// How an expression is used, which decides what its type may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A value: its type must be constructible.
    Value,
    /// A place or reference: the base of a member access or index, an assignment target, an
    /// atomic operand, the operand of `#`, a texture builtin argument.
    Ref,
}

/// Common interned types.
pub(crate) struct CommonTys {
    pub error: TyId,
    pub bool_: TyId,
    pub int: TyId,
    pub uint: TyId,
    pub float: TyId,
}

/// Where the checker reads function bodies.
pub(crate) enum Bodies {
    /// In the declarations of the tree it was given.
    InTree,
    /// Taken out of the tree ([`ast::Module::take_bodies`]), by function: each is freed once
    /// checked, so the whole tree is never alive beside the whole typed program.
    Owned(Vec<ast::Body>),
}

pub(crate) struct Checker<'a> {
    pub ast: &'a ast::Module,
    /// Where function bodies are read.
    pub bodies: Bodies,
    /// The nodes of the body being checked (empty outside bodies).
    pub body_nodes: Cow<'a, ast::Nodes>,
    pub limits: Limits,
    pub diags: &'a mut Diagnostics,
    pub prog: Program,
    /// The expressions of the function body being checked (moved into its `FunctionDef` when
    /// the body is done); outside bodies, the scratch of constant and type expressions.
    pub exprs: Exprs,
    pub names: FxHashMap<&'a str, Sym>,
    pub structs: Vec<StructInfo<'a>>,
    pub consts: Vec<ConstInfo<'a>>,
    pub globals: Vec<GlobalInfo<'a>>,
    pub funcs: Vec<FuncInfo<'a>>,
    pub t: CommonTys,
    /// Depth of lazy struct / constant resolution.
    pub lazy_depth: u32,
    pub fcx: Option<FnCtx<'a>>,
    /// Current expression nesting depth. Lazy resolution of constants and structs from inside an
    /// expression keeps counting, so the limit bounds the whole recursion.
    pub depth: u32,
    /// Current block nesting depth.
    pub block_depth: u32,
    /// Whether the statement being checked is a `return` without a value followed by a call
    /// statement, which the newline rule split off as a statement of its own.
    pub call_after_return: bool,
    /// Whether the statement being checked follows one that always exits (W0203 reports
    /// it; W0209 then stays quiet about a dropped value there).
    pub stmt_unreachable: bool,
    /// Current type expression nesting depth.
    pub type_depth: u32,
    /// Whether the expression depth limit was reported in the current function.
    pub depth_reported: bool,
    /// Constant evaluation steps spent on the current top-level expression.
    pub steps: u64,
    /// Constant evaluation steps spent in the whole program.
    pub total_steps: u64,
    pub steps_reported: bool,
    /// Interned scalar and vector types, by `scalar_index * 4 + size - 1` (size 1: the scalar).
    small_tys: [Option<TyId>; 20],
    /// The scopes of the last function checked, emptied: the next one reuses their memory.
    pub spare_scopes: Scopes<'a>,
    /// Per called name that is not declared: its builtin type and builtin function, if any.
    pub builtin_callees: FxHashMap<&'a str, (Option<Ty>, Option<BuiltinFn>)>,
    /// The errors already reported on a struct member used as entry point I/O, by code and
    /// place: a struct that several entry points use (a `@varying` struct is a vertex output
    /// and a fragment input) has its members checked once per use.
    pub member_io_reported: FxHashSet<(luma_base::Code, Span)>,
    /// Whether an `#include` failed (its file was not found, unreadable, too deep or
    /// malformed): names that cannot be found are then not reported, since the missing text
    /// may declare them.
    pub include_failed: bool,
    /// Errors not reported because of `include_failed` or `damaged`: the check still failed.
    pub hidden_errors: usize,
    /// The spans of the declarations that hold a syntax error the parser may have misread
    /// the code after, sorted: what the parser's recovery made of them (a parameter list cut
    /// short at a missing comma, a call with one argument where two were written) is not what
    /// the user wrote, so the checker's reports that point into them are not shown; each is
    /// reported once it parses.
    pub damaged: Vec<Span>,
    /// The entry points kept (`CheckOptions::entry_point` and `stage`), which storage access
    /// is inferred from.
    pub entry_selection: (Option<String>, Option<luma_thir::Stage>),
    /// Work spent on "a similar name exists" suggestions (see [`Checker::suggest`]).
    pub suggestion_work: u64,
    /// Member indices by name of the structs with many members, built at their first lookup
    /// (see [`Checker::member_index`]).
    member_indices: FxHashMap<StructId, FxHashMap<String, usize>>,
    /// The `@builtin(...)` attributes whose name is not a builtin (E0614 reported) or missing
    /// (E0410): the member that carries one is not judged again as a location or as a missing
    /// builtin.
    pub unknown_builtin_attrs: Vec<Span>,
    /// Spans of `~` applied to an untyped integer (negative until typed), for the `uint` hint
    /// when such a mask meets a `uint`.
    pub untyped_complements: FxHashSet<Span>,
    /// Spans of untyped constants that are not one literal as written (a named constant,
    /// `N * 0.5`, `7 / 2.0`): an error about such a value names it by its value, not as a
    /// literal the source does not contain.
    pub derived_constants: FxHashSet<Span>,
}

fn scalar_index(s: ScalarTy) -> usize {
    match s {
        ScalarTy::Bool => 0,
        ScalarTy::Int => 1,
        ScalarTy::Uint => 2,
        ScalarTy::Float => 3,
        ScalarTy::Half => 4,
    }
}

/// Budget of constant evaluation steps for a whole program, in multiples of the per-expression
/// limit: large constant tables copied into many expressions are bounded too.
const TOTAL_STEPS_FACTOR: u64 = 16;

impl<'a> Checker<'a> {
    pub fn new(
        ast: &'a ast::Module,
        bodies: Bodies,
        limits: Limits,
        diags: &'a mut Diagnostics,
    ) -> Checker<'a> {
        let mut prog = Program::default();
        let t = CommonTys {
            error: prog.types.intern(Ty::Error),
            bool_: prog.types.intern(Ty::Scalar(ScalarTy::Bool)),
            int: prog.types.intern(Ty::Scalar(ScalarTy::Int)),
            uint: prog.types.intern(Ty::Scalar(ScalarTy::Uint)),
            float: prog.types.intern(Ty::Scalar(ScalarTy::Float)),
        };
        Checker {
            ast,
            bodies,
            body_nodes: Cow::Owned(ast::Nodes::for_body()),
            exprs: Exprs::default(),
            limits,
            diags,
            prog,
            names: FxHashMap::default(),
            structs: Vec::new(),
            consts: Vec::new(),
            globals: Vec::new(),
            funcs: Vec::new(),
            t,
            lazy_depth: 0,
            fcx: None,
            depth: 0,
            block_depth: 0,
            call_after_return: false,
            stmt_unreachable: false,
            type_depth: 0,
            depth_reported: false,
            steps: 0,
            total_steps: 0,
            steps_reported: false,
            small_tys: [None; 20],
            spare_scopes: Scopes::default(),
            builtin_callees: FxHashMap::default(),
            member_io_reported: FxHashSet::default(),
            include_failed: false,
            damaged: Vec::new(),
            entry_selection: (None, None),
            hidden_errors: 0,
            suggestion_work: 0,
            member_indices: FxHashMap::default(),
            unknown_builtin_attrs: Vec::new(),
            untyped_complements: FxHashSet::default(),
            derived_constants: FxHashSet::default(),
        }
    }

    /// The index of the first member named `name` of the struct `sid`, whose members
    /// [`Checker::ensure_struct`] has resolved. Small structs are scanned; a struct with many
    /// members gets a map, since a scan per access made 20,000 accesses into a struct of
    /// 20,000 members take seconds.
    pub fn member_index(&mut self, sid: StructId, name: &str) -> Option<usize> {
        const SCANNED: usize = 16;
        let fields = &self.prog.structs.get(sid)?.fields;
        if fields.len() <= SCANNED {
            return fields.iter().position(|f| f.name == name);
        }
        let map = self.member_indices.entry(sid).or_insert_with(|| {
            // In reverse, so the first of two members with one name (an error reported
            // elsewhere) is the one found, as a scan finds it.
            fields
                .iter()
                .enumerate()
                .rev()
                .map(|(i, f)| (f.name.clone(), i))
                .collect()
        });
        map.get(name).copied()
    }

    /// Whether `span` (an I/O member with its attributes) holds a `@builtin(...)` whose name
    /// E0614 reported as unknown.
    pub fn has_unknown_builtin(&self, span: Span) -> bool {
        self.unknown_builtin_attrs
            .iter()
            .any(|a| a.lo >= span.lo && a.hi <= span.hi)
    }

    /// The text of a name of the syntax tree.
    pub fn text(&self, id: &ast::Ident) -> &'a str {
        self.ast.name(id.name)
    }

    // ---------------------------------------------------------------------------------------
    // Diagnostics

    pub fn emit(&mut self, d: Diagnostic) {
        if self.include_failed && matches!(d.code, codes::E0401 | codes::E0402 | codes::E0403) {
            // The name may be declared in the file that could not be included.
            self.hidden_errors += 1;
            return;
        }
        if !self.damaged.is_empty()
            && std::iter::once(&d.primary)
                .chain(&d.secondary)
                .any(|label| self.is_damaged(label.span))
        {
            if d.is_error() {
                self.hidden_errors += 1;
            }
            return;
        }
        self.diags.push(d);
    }

    /// Whether `span` lies in a declaration that holds a syntax error (`damaged`).
    fn is_damaged(&self, span: Span) -> bool {
        // The last declaration starting at or before the span is the only one that can hold it.
        let after = self.damaged.partition_point(|d| d.lo <= span.lo);
        after
            .checked_sub(1)
            .and_then(|i| self.damaged.get(i))
            .is_some_and(|d| span.lo <= d.hi)
    }

    /// The Luma spelling of a type.
    pub fn tn(&self, ty: TyId) -> String {
        // An entry point's tuple of results is a struct the compiler named (`fs_out`): shown
        // as the tuple the source wrote.
        if let Ty::Struct(sid) = self.ty(ty) {
            if let Some(def) = self.prog.structs.get(sid).filter(|d| d.synthesized) {
                const SHOWN: usize = 8;
                let mut fields: Vec<String> = def
                    .fields
                    .iter()
                    .take(SHOWN)
                    .map(|f| format!("{}: {}", f.name, types::ty_name(&self.prog, f.ty)))
                    .collect();
                if def.fields.len() > SHOWN {
                    fields.push(format!("... {} more", def.fields.len() - SHOWN));
                }
                return format!("({})", fields.join(", "));
            }
        }
        types::ty_name(&self.prog, ty)
    }

    // ---------------------------------------------------------------------------------------
    // Types

    pub fn intern(&mut self, ty: Ty) -> TyId {
        // Scalars and vectors are most of the types asked for (every literal, operator and
        // builtin call): a small table of the handles already interned saves hashing them.
        // The table only remembers what interning returned, so handles are the same.
        let slot = match ty {
            Ty::Scalar(s) => Some(scalar_index(s) * 4),
            Ty::Vector {
                scalar,
                size: size @ 2..=4,
            } => Some(scalar_index(scalar) * 4 + usize::from(size) - 1),
            _ => None,
        };
        if let Some(&Some(id)) = slot.and_then(|i| self.small_tys.get(i)) {
            return id;
        }
        let id = self.prog.types.intern(ty);
        if let Some(cached) = slot.and_then(|i| self.small_tys.get_mut(i)) {
            *cached = Some(id);
        }
        id
    }

    pub fn ty(&self, id: TyId) -> Ty {
        self.prog.types.get(id)
    }

    pub fn is_error(&self, id: TyId) -> bool {
        // A pattern, not `==`: the derived comparison of two `Ty`s is a call, and this is asked
        // several times per expression.
        matches!(self.ty(id), Ty::Error)
    }

    pub fn scalar_ty(&mut self, s: ScalarTy) -> TyId {
        self.intern(Ty::Scalar(s))
    }

    pub fn vec_ty(&mut self, scalar: ScalarTy, size: u8) -> TyId {
        if size == 1 {
            self.intern(Ty::Scalar(scalar))
        } else {
            self.intern(Ty::Vector { scalar, size })
        }
    }

    /// `ty` with its component type replaced (same shape).
    pub fn with_scalar(&mut self, ty: TyId, s: ScalarTy) -> TyId {
        match self.ty(ty) {
            Ty::Scalar(_) => self.scalar_ty(s),
            Ty::Vector { size, .. } => self.intern(Ty::Vector { scalar: s, size }),
            Ty::Matrix { columns, rows, .. } => self.intern(Ty::Matrix {
                scalar: s,
                columns,
                rows,
            }),
            _ => ty,
        }
    }

    pub fn scalar_of(&self, ty: TyId) -> Option<ScalarTy> {
        types::scalar_of(&self.prog.types, ty)
    }

    pub fn props(&self, ty: TyId) -> Props {
        let lookup = |sid: StructId| {
            self.structs
                .get(sid.index())
                .map_or(Props::default(), |s| s.props)
        };
        types::props(&self.prog.types, lookup, ty)
    }

    /// Properties without building a table (for hot paths: struct tables are small).
    pub fn constructible(&self, ty: TyId) -> bool {
        match self.ty(ty) {
            Ty::Scalar(_) | Ty::Vector { .. } | Ty::Matrix { .. } | Ty::Error => true,
            Ty::Struct(sid) => self
                .structs
                .get(sid.index())
                .is_none_or(|s| s.props.constructible()),
            _ => self.props(ty).constructible(),
        }
    }

    // ---------------------------------------------------------------------------------------
    // THIR expressions

    pub fn mk(&mut self, kind: ExprKind, ty: TyId, span: Span) -> ExprId {
        self.exprs.append(Expr { kind, ty, span })
    }

    pub fn err_expr(&mut self, span: Span) -> ExprId {
        let e = self.t.error;
        self.mk(ExprKind::Error, e, span)
    }

    pub fn err_val(&mut self, span: Span) -> Val {
        Val::Expr(self.err_expr(span))
    }

    pub fn expr_ty(&self, e: ExprId) -> TyId {
        self.exprs.get(e).map_or(self.t.error, |x| x.ty)
    }

    pub fn expr_span(&self, e: ExprId) -> Span {
        self.exprs.get(e).map_or(Span::default(), |x| x.span)
    }

    /// The value of a constant expression (a scalar is built on the spot, a composite borrowed
    /// from the program's table).
    pub fn const_of(&self, e: ExprId) -> Option<Cow<'_, ConstValue>> {
        match self.exprs.get(e).map(|x| x.kind) {
            Some(ExprKind::Const(c)) => self.exprs.const_value(c),
            _ => None,
        }
    }

    /// The type of a checked value (`None` for an untyped constant).
    pub fn val_ty(&self, v: Val) -> Option<TyId> {
        match v {
            Val::Expr(e) => Some(self.expr_ty(e)),
            Val::Abs(..) => None,
        }
    }

    pub fn val_span(&self, v: Val) -> Span {
        match v {
            Val::Expr(e) => self.expr_span(e),
            Val::Abs(_, s) => s,
        }
    }

    /// Whether the value is an error (already reported).
    pub fn val_is_error(&self, v: Val) -> bool {
        matches!(v, Val::Expr(e) if self.is_error(self.expr_ty(e)))
    }

    /// A constant expression of type `ty`, counting the cost of copying it.
    pub fn const_expr(&mut self, value: ConstValue, ty: TyId, span: Span) -> ExprId {
        let cost = consts::size(&value);
        if !self.spend(cost, span) {
            return self.err_expr(span);
        }
        self.mk_const(value, ty, span)
    }

    /// A constant expression of type `ty`, its cost already counted.
    pub fn mk_const(&mut self, value: ConstValue, ty: TyId, span: Span) -> ExprId {
        let c = self.exprs.push_const(value);
        self.mk(ExprKind::Const(c), ty, span)
    }

    /// Spends constant evaluation steps; reports the limit once and returns `false` past it.
    pub fn spend(&mut self, cost: u64, span: Span) -> bool {
        self.steps = self.steps.saturating_add(cost);
        self.total_steps = self.total_steps.saturating_add(cost);
        let limit = self.limits.max_const_eval_steps;
        if self.steps > limit || self.total_steps > limit.saturating_mul(TOTAL_STEPS_FACTOR) {
            if !self.steps_reported {
                self.steps_reported = true;
                let msg = if self.steps > limit {
                    format!("this constant expression takes more than {limit} evaluation steps")
                } else {
                    format!(
                        "the program's constants take more than {} evaluation steps",
                        limit.saturating_mul(TOTAL_STEPS_FACTOR)
                    )
                };
                self.emit(
                    Diagnostic::error(codes::E0704, span, msg)
                        .with_primary_label("the limit is reached here")
                        .with_note(
                            "every scalar a constant expression computes or copies is one step",
                        )
                        .with_help("use smaller constant tables, or put large tables in a buffer"),
                );
            }
            return false;
        }
        true
    }

    /// Reports a failed fold.
    pub fn fold_error(&mut self, err: FoldError, span: Span, what: &str) {
        match err {
            FoldError::DivisionByZero => self.emit(
                Diagnostic::error(codes::E0702, span, format!("{what} divides by zero"))
                    .with_primary_label("the divisor is a constant zero")
                    .with_note("in a constant expression this is an error; at run time `x / 0` is `x` and `x % 0` is 0"),
            ),
            FoldError::Overflow => self.emit(
                Diagnostic::error(codes::E0703, span, format!("{what} overflows"))
                    .with_primary_label("the result does not fit its type"),
            ),
            FoldError::ShiftCount => self.emit(
                Diagnostic::error(codes::E0703, span, format!("{what} shifts by a count outside 0 to 63"))
                    .with_primary_label("the shift count of an untyped constant")
                    .with_help("an expression of untyped integers is computed exactly, so it shifts by 0 to 63 bits; to shift as `int` or `uint` do, with the count masked to the type's bits, type an operand: `int(1) << -1`"),
            ),
            FoldError::NotFinite => self.emit(
                Diagnostic::error(codes::E0703, span, format!("{what} is not a finite number"))
                    .with_primary_label("the result is infinite or NaN"),
            ),
            FoldError::NotFoldable => {}
        }
    }

    // ---------------------------------------------------------------------------------------
    // Untyped constants

    /// Gives an untyped constant the scalar type `s`, reporting when it cannot take it.
    pub fn materialize(&mut self, a: Abstract, span: Span, s: ScalarTy) -> ExprId {
        match consts::materialize(a, s) {
            Ok(v) => {
                let ty = self.scalar_ty(s);
                self.const_expr(v, ty, span)
            }
            Err(e) => {
                self.materialize_error(a, span, s, e);
                self.err_expr(span)
            }
        }
    }

    pub fn materialize_error(&mut self, a: Abstract, span: Span, s: ScalarTy, e: MaterializeError) {
        match e {
            MaterializeError::OutOfRange => {
                let mut d = Diagnostic::error(
                    codes::E0516,
                    span,
                    format!(
                        "the constant `{}` does not fit in `{}`",
                        a.describe(),
                        s.as_str()
                    ),
                );
                d = match (a, s) {
                    (Abstract::Int(v), ScalarTy::Uint) if v < 0 => {
                        d = d
                            .with_primary_label("a negative constant where a `uint` is expected")
                            .with_help("`uint` values are never negative; use an `int`, or write the value you mean");
                        // Masks such as `x & ~0xFF` meet this: an untyped `~` is the complement
                        // of an unbounded integer, negative until it gets a type.
                        if v >= i128::from(i32::MIN) && self.untyped_complements.contains(&span) {
                            let bits = v + (1i128 << 32);
                            let operand = -v - 1;
                            let operand = if operand >= 10 {
                                format!("0x{operand:X}")
                            } else {
                                operand.to_string()
                            };
                            d = d.with_note(format!(
                                "an untyped `~{operand}` is {v} until it gets a type: `~{operand}u` is the `uint` complement (`0x{bits:X}u`)"
                            ));
                        }
                        d
                    }
                    (_, ScalarTy::Int) => d.with_primary_label(format!(
                        "`int` holds values from {} to {}",
                        i32::MIN,
                        i32::MAX
                    )),
                    (_, ScalarTy::Uint) => {
                        d.with_primary_label(format!("`uint` holds values from 0 to {}", u32::MAX))
                    }
                    _ => d.with_primary_label("the value is outside the type's finite range"),
                };
                self.emit(d);
            }
            MaterializeError::FloatToInteger => self.emit(
                Diagnostic::error(
                    codes::E0517,
                    span,
                    self.float_constant_message(a, span, s.as_str()),
                )
                .with_primary_label(format!("expected `{}`", s.as_str()))
                .with_help(if self.derived_constants.contains(&span) {
                    format!(
                        "an untyped constant computed with a float is a float: convert \
                         explicitly with `{}(...)`",
                        s.as_str()
                    )
                } else {
                    format!(
                        "write an integer literal, or convert explicitly with `{}(...)`",
                        s.as_str()
                    )
                }),
            ),
            MaterializeError::NotNumeric => self.emit(
                Diagnostic::error(
                    codes::E0501,
                    span,
                    format!(
                        "mismatched types: expected `{}`, found a number",
                        s.as_str()
                    ),
                )
                .with_primary_label(format!("expected `{}`", s.as_str())),
            ),
        }
    }

    /// "the float literal `1.5` cannot be an `int`", or for a constant computed or named in
    /// the source (`N * 0.5`, `HALF`), "this constant is the float `4.0`, ...".
    pub fn float_constant_message(&self, a: Abstract, span: Span, ty: &str) -> String {
        if self.derived_constants.contains(&span) {
            format!(
                "this constant is the float `{}`, which cannot be {} `{ty}`",
                a.describe(),
                article(ty)
            )
        } else {
            format!(
                "the float literal `{}` cannot be {} `{ty}`",
                a.describe(),
                article(ty)
            )
        }
    }

    /// "an integer literal" or "a float literal", or "an integer constant" or "a float
    /// constant" for one computed or named in the source.
    pub fn untyped_kind(&self, a: Abstract, span: Span) -> &'static str {
        match (a.is_int(), self.derived_constants.contains(&span)) {
            (true, false) => "an integer literal",
            (false, false) => "a float literal",
            (true, true) => "an integer constant",
            (false, true) => "a float constant",
        }
    }

    /// Types a value, taking the hint's component type for an untyped constant when it is
    /// numeric (a soft expectation), else the default: `float` (language.md: "with no context
    /// a literal is `float`").
    pub fn concretize(&mut self, v: Val, hint: Option<TyId>) -> ExprId {
        match v {
            Val::Expr(e) => e,
            Val::Abs(a, span) => {
                let s = self.concrete_scalar(a, hint);
                self.materialize(a, span, s)
            }
        }
    }

    /// The scalar type [`Checker::concretize`] gives the untyped constant `a` where `hint` is
    /// expected: the hint's component type when numeric (a float constant is never an
    /// integer), else `float`.
    pub fn concrete_scalar(&self, a: Abstract, hint: Option<TyId>) -> ScalarTy {
        match hint.and_then(|h| self.scalar_of(h)) {
            Some(ScalarTy::Bool) | None => ScalarTy::Float,
            Some(ScalarTy::Int | ScalarTy::Uint) if !a.is_int() => ScalarTy::Float,
            Some(s) => s,
        }
    }

    /// Requires a value of type `ty` (a hard expectation). `what` describes the position for
    /// the message ("the argument", "the initializer").
    pub fn coerce(&mut self, v: Val, ty: TyId, what: &str) -> ExprId {
        self.coerce_with(v, ty, &|| what.to_owned())
    }

    /// [`Checker::coerce`] with the position's description built only when there is an error
    /// to report (calls coerce every argument: no `format!` per argument).
    pub fn coerce_with(&mut self, v: Val, ty: TyId, what: &dyn Fn() -> String) -> ExprId {
        match v {
            Val::Abs(a, span) => {
                if self.is_error(ty) {
                    return self.err_expr(span);
                }
                match self.ty(ty) {
                    Ty::Scalar(s) if s != ScalarTy::Bool => self.materialize(a, span, s),
                    _ => {
                        let kind = self.untyped_kind(a, span);
                        let mut d = Diagnostic::error(
                            codes::E0501,
                            span,
                            format!("mismatched types: expected `{}`, found {kind}", self.tn(ty)),
                        )
                        .with_primary_label(format!(
                            "{} must be `{}`",
                            what(),
                            self.tn(ty)
                        ));
                        if let Ty::Vector { .. } | Ty::Matrix { .. } = self.ty(ty) {
                            d = d.with_help(format!(
                                "Luma does not splat implicitly: write `{}({})`",
                                self.tn(ty),
                                a.describe()
                            ));
                        }
                        self.emit(d);
                        self.err_expr(span)
                    }
                }
            }
            Val::Expr(e) => {
                let found = self.expr_ty(e);
                if found == ty || self.is_error(found) || self.is_error(ty) {
                    return e;
                }
                let span = self.expr_span(e);
                let d = self.mismatch(span, ty, found, &what());
                let d = self.explain_float_default(e, ty, d);
                self.emit(d);
                self.err_expr(span)
            }
        }
    }

    /// When `e` reads a local that is `float` only because an untyped integer constant
    /// initialized it, says so on `d` and how to give it the intended type (the integer type
    /// of `wanted`, the other operand or the expected type, else `int`).
    pub fn explain_float_default(&self, e: ExprId, wanted: TyId, d: Diagnostic) -> Diagnostic {
        let Some((name, span, value)) = self.float_default(e) else {
            return d;
        };
        let ty = self
            .scalar_of(wanted)
            .filter(|s| s.is_integer())
            .map_or("int", |s| s.as_str());
        d.with_label(span, float_default_label(&name, value))
            .with_help(format!(
                "an untyped literal defaults to `float`; declare the type you mean: `let {name}: {ty} = {}`",
                float_default_init(value)
            ))
    }

    /// [`Self::explain_float_default`] for an index, which may be an `int` or a `uint`.
    pub fn explain_float_default_index(&self, e: ExprId, d: Diagnostic) -> Diagnostic {
        let Some((name, span, value)) = self.float_default(e) else {
            return d;
        };
        let uint = match value {
            Some(v) if v >= 0 => format!(" (or `let {name} = {v}u` for a `uint`)"),
            _ => String::new(),
        };
        d.with_label(span, float_default_label(&name, value))
            .with_help(format!(
                "an untyped literal defaults to `float`; declare the type you mean: `let {name}: int = {}`{uint}",
                float_default_init(value)
            ))
    }

    /// Whether `e` is an if-expression that is `float` only because its arms are untyped
    /// integer constants.
    pub fn is_float_default_select(&self, e: ExprId) -> bool {
        self.fcx
            .as_ref()
            .is_some_and(|f| f.float_default_selects.contains(&e))
    }

    /// When `e` reads a local that is `float` only because untyped integer constants
    /// initialized it: the local's name, the initializer's span and the constant's value
    /// (`None` for an if-expression of such constants).
    /// Arithmetic on such a local (`data[i + 1]`) is `float` for the same reason: the operands
    /// of `+ - * / %` are searched too, a few levels deep.
    pub fn float_default(&self, e: ExprId) -> Option<(String, Span, Option<i128>)> {
        self.float_default_in(e, 0)
    }

    fn float_default_in(&self, e: ExprId, depth: u32) -> Option<(String, Span, Option<i128>)> {
        let local = match self.exprs.get(e).map(|x| &x.kind)? {
            ExprKind::Local(local) => local,
            ExprKind::Binary {
                op:
                    luma_thir::BinaryOp::Add
                    | luma_thir::BinaryOp::Sub
                    | luma_thir::BinaryOp::Mul
                    | luma_thir::BinaryOp::Div
                    | luma_thir::BinaryOp::Rem,
                lhs,
                rhs,
            } if depth < 8 => {
                return self
                    .float_default_in(*lhs, depth + 1)
                    .or_else(|| self.float_default_in(*rhs, depth + 1));
            }
            ExprKind::Unary {
                op: luma_thir::UnaryOp::Neg,
                operand,
            } if depth < 8 => return self.float_default_in(*operand, depth + 1),
            _ => return None,
        };
        let f = self.fcx.as_ref()?;
        let &(_, span, value) = f.float_defaults.iter().find(|(l, _, _)| l == local)?;
        let name = f
            .locals
            .get(*local)
            .map(|l| l.name.clone())
            .unwrap_or_default();
        Some((name, span, value))
    }

    /// The "mismatched types" diagnostic, with conversion advice.
    pub fn mismatch(&mut self, span: Span, expected: TyId, found: TyId, what: &str) -> Diagnostic {
        let e = self.tn(expected);
        let f = self.tn(found);
        let mut d = Diagnostic::error(
            codes::E0501,
            span,
            format!("mismatched types: expected `{e}`, found `{f}`"),
        )
        .with_primary_label(format!("{what} must be `{e}`, this is `{f}`"));
        let (et, ft) = (self.ty(expected), self.ty(found));
        let same_shape = match (et, ft) {
            (Ty::Scalar(_), Ty::Scalar(_)) => true,
            (Ty::Vector { size: a, .. }, Ty::Vector { size: b, .. }) => a == b,
            (
                Ty::Matrix {
                    columns: a,
                    rows: b,
                    ..
                },
                Ty::Matrix {
                    columns: c,
                    rows: d,
                    ..
                },
            ) => a == c && b == d,
            _ => false,
        };
        let found_float = matches!(ft, Ty::Scalar(ScalarTy::Float));
        let found_bool = matches!(
            ft,
            Ty::Scalar(ScalarTy::Bool)
                | Ty::Vector {
                    scalar: ScalarTy::Bool,
                    ..
                }
        );
        if what == "the layer" && found_float {
            // GLSL's array-texture layer is a float coordinate that Vulkan rounds: `int(...)`
            // alone would truncate it and pick another layer for 0.5 and up.
            d = d.with_help(
                "Luma never converts implicitly: write `int(round(...))`, the nearest layer, \
                 which is what Vulkan picks for a float layer (`int(...)` truncates)",
            );
        } else if what == "argument 3 of `mix`" && found_bool {
            // GLSL's `mix(a, b, bvec)` selects instead of blending.
            d = d.with_help(
                "GLSL's `mix` with a `bool` picks one of the values; Luma writes that \
                 `select(a, b, condition)`",
            );
        } else if matches!(
            (et, ft),
            (
                Ty::Vector {
                    scalar: ScalarTy::Bool,
                    ..
                },
                Ty::Scalar(ScalarTy::Bool)
            )
        ) {
            // `return a == b` for a `bvec3`: GLSL's `==` on vectors is one `bool` too, but
            // HLSL's and WGSL's compare componentwise.
            d = d.with_help(format!(
                "`==` and `!=` on vectors give one `bool`: compare componentwise with \
                 `equal(a, b)` or `not_equal(a, b)` (or `less_than`, ...); to repeat a `bool`, \
                 write `{e}(...)`"
            ));
        } else if same_shape {
            d = d.with_help(format!(
                "Luma never converts implicitly: write `{e}(...)` to convert"
            ));
        } else if let (Ty::Vector { size: a, .. }, Ty::Vector { size: b, .. }) = (et, ft) {
            if a < b {
                let comps = &"xyzw"[..usize::from(a).min(4)];
                d = d.with_help(format!(
                    "take the first components with a swizzle: `.{comps}`"
                ));
            }
        }
        d
    }

    /// Requires a `bool` condition.
    pub fn condition(&mut self, v: Val, what: &str) -> ExprId {
        let bool_ = self.t.bool_;
        match v {
            Val::Expr(e) if self.expr_ty(e) == bool_ || self.is_error(self.expr_ty(e)) => e,
            _ => {
                let span = self.val_span(v);
                let found = match v {
                    Val::Expr(e) => format!("`{}`", self.tn(self.expr_ty(e))),
                    Val::Abs(a, s) => self.untyped_kind(a, s).to_string(),
                };
                self.emit(
                    Diagnostic::error(
                        codes::E0521,
                        span,
                        format!("{what} must be a `bool`, found {found}"),
                    )
                    .with_primary_label("expected `bool`")
                    .with_help("Luma has no truthiness: compare explicitly, e.g. `x != 0`"),
                );
                self.err_expr(span)
            }
        }
    }

    /// An integer constant (`@location(N)`, array sizes, workgroup sizes) at least `min`.
    pub fn const_u32(&mut self, id: ast::ExprId, what: &str, min: u32) -> Option<u32> {
        let span = self.ast_span(id);
        let v = self.top_expr(id, Some(self.t.int), Mode::Value);
        self.const_u32_of(v, span, what, min)
    }

    /// [`Self::const_u32`] of an expression already checked (with the `int` hint).
    pub fn const_u32_of(&mut self, v: Val, span: Span, what: &str, min: u32) -> Option<u32> {
        let value: Option<i128> = match v {
            Val::Abs(Abstract::Int(i), _) => Some(i),
            Val::Abs(a @ Abstract::Float(_), s) => {
                let kind = self.untyped_kind(a, s);
                self.emit(
                    Diagnostic::error(
                        codes::E0517,
                        span,
                        format!("{what} must be an integer, found {kind}"),
                    )
                    .with_primary_label("expected an integer"),
                );
                return None;
            }
            Val::Expr(e) => {
                if self.val_is_error(v) {
                    return None;
                }
                match self.const_of(e).as_deref() {
                    Some(ConstValue::Int(i)) => Some(i128::from(*i)),
                    Some(ConstValue::Uint(u)) => Some(i128::from(*u)),
                    Some(_) => {
                        let t = self.tn(self.expr_ty(e));
                        self.emit(
                            Diagnostic::error(
                                codes::E0501,
                                span,
                                format!("{what} must be an integer, found `{t}`"),
                            )
                            .with_primary_label("expected `int` or `uint`"),
                        );
                        return None;
                    }
                    None => {
                        let d = Diagnostic::error(
                            codes::E0701,
                            span,
                            format!("{what} must be known at compile time"),
                        );
                        let d = if self.mentions_spec(e) {
                            // A spec constant is a constant to the reader, so the general note
                            // would not say what is wrong.
                            d.with_primary_label("uses a specialization constant")
                                .with_note("a specialization constant's value is chosen when the pipeline is created, after this is fixed")
                                .with_help("use a plain `const` (without `@spec`) here")
                        } else {
                            d.with_primary_label("not a constant expression")
                                .with_note("constant expressions are made of literals, constants, operators and constructors")
                        };
                        self.emit(d);
                        return None;
                    }
                }
            }
        };
        let value = value?;
        if value < i128::from(min) || value > i128::from(u32::MAX) {
            let d = if value < i128::from(min) {
                Diagnostic::error(
                    codes::E0524,
                    span,
                    format!("{what} must be at least {min}, found {value}"),
                )
            } else {
                Diagnostic::error(
                    codes::E0516,
                    span,
                    format!("{what} must fit in 32 bits, found {value}"),
                )
            };
            self.emit(d.with_primary_label("out of range"));
            return None;
        }
        u32::try_from(value).ok()
    }

    // ---------------------------------------------------------------------------------------
    // AST access

    /// The module's declarations and the body being checked.
    pub fn ast_nodes(&self) -> ast::NodesView<'_> {
        ast::NodesView {
            module: &self.ast.nodes,
            body: Some(&self.body_nodes),
        }
    }

    pub fn ast_expr(&self, id: ast::ExprId) -> Option<ast::Expr> {
        self.ast_nodes().expr(id).copied()
    }

    pub fn ast_span(&self, id: ast::ExprId) -> Span {
        self.ast_nodes()
            .expr(id)
            .map_or(Span::default(), |e| e.span)
    }

    pub fn ast_type(&self, id: ast::TypeId) -> Option<ast::TypeExpr> {
        self.ast_nodes().ty(id).copied()
    }

    /// The expressions of a list (copied: the body's nodes belong to the checker).
    pub fn ast_list(&self, list: ast::ExprList) -> Vec<ast::ExprId> {
        self.ast_nodes().list(list).to_vec()
    }

    /// The body of function `index` that has not been checked yet (`None` once checked when
    /// the checker owns the bodies).
    pub fn unchecked_body(&self, index: usize) -> Option<&ast::Body> {
        match &self.bodies {
            Bodies::InTree => self.funcs.get(index).map(|f| &f.decl.body),
            Bodies::Owned(bodies) => bodies.get(index),
        }
    }

    /// Checks a top-level expression (a statement's, a declaration's, an attribute's): resets
    /// the per-expression constant budget.
    pub fn top_expr(&mut self, id: ast::ExprId, hint: Option<TyId>, mode: Mode) -> Val {
        self.steps = 0;
        self.steps_reported = false;
        self.expr_mode(id, hint, mode)
    }

    // ---------------------------------------------------------------------------------------
    // Function context

    pub fn add_use(&mut self, u: Use, span: Span) {
        if let Some(f) = self.fcx.as_mut() {
            f.facts.uses.push((u, span));
        }
    }

    pub fn declare_local(&mut self, name: &ast::Ident, ty: TyId, counter: bool) -> LocalId {
        self.declare_local_as(name, ty, counter, false)
    }

    /// [`Self::declare_local`] for a function parameter (`param`): a name used twice in one
    /// parameter list is reported as such.
    pub fn declare_local_as(
        &mut self,
        name: &ast::Ident,
        ty: TyId,
        counter: bool,
        param: bool,
    ) -> LocalId {
        let text = self.text(name);
        let Some(f) = self.fcx.as_mut() else {
            return LocalId::from_index(0);
        };
        let id = f.locals.append(LocalDef {
            name: text.to_owned(),
            ty,
            reassigned: false,
            span: name.span,
        });
        let sym = if counter {
            LocalSym::Counter(id)
        } else {
            LocalSym::Var(id)
        };
        let prev = f.scopes.declare(text, sym, name.span);
        if let Some(prev) = prev.filter(|p| !f.implicit.contains(p)) {
            let d = if param {
                Diagnostic::error(
                    codes::E0405,
                    name.span,
                    format!("the parameter `{text}` is declared twice"),
                )
                .with_primary_label("declared again here")
                .with_label(prev, "first declared here")
                .with_help("give each parameter its own name")
            } else {
                Diagnostic::error(
                    codes::E0405,
                    name.span,
                    format!("`{text}` is already declared in this block"),
                )
                .with_primary_label("declared again here")
                .with_label(prev, "first declared here")
                .with_help(format!(
                    "to change it, assign with `{text} = ...`; to keep both, choose another name or open a `do ... end` block"
                ))
            };
            self.emit(d);
        }
        id
    }

    /// [`closest`] for a name that cannot be found, within a budget for the whole check: each
    /// search compares the name with every candidate, so thousands of unknown names among
    /// thousands of declared ones would take minutes. Past the budget, or once diagnostics
    /// are dropped (no suggestion would be shown), there is no suggestion.
    pub fn suggest<'c>(
        &mut self,
        name: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> Option<&'c str> {
        /// About a tenth of a second of comparisons.
        const BUDGET: u64 = 1 << 26;
        if self.diags.dropped() > 0 || self.suggestion_work > BUDGET {
            return None;
        }
        let candidates: Vec<&'c str> = candidates.into_iter().collect();
        let n = name.len() as u64;
        let work: u64 = candidates.iter().map(|c| n * c.len() as u64 + 1).sum();
        self.suggestion_work = self.suggestion_work.saturating_add(work);
        if self.suggestion_work > BUDGET {
            return None;
        }
        closest(name, candidates)
    }

    /// Visible value names for suggestions: locals, then module names.
    ///
    /// Unsorted: [`closest`] picks the same name whatever the order. Empty once diagnostics
    /// are being dropped, since no suggestion would be shown: a source with thousands of
    /// unknown names and thousands of locals would otherwise compare every pair.
    pub fn visible_value_names(&self) -> Vec<&'a str> {
        if self.diags.dropped() > 0 {
            return Vec::new();
        }
        let mut v: Vec<&'a str> = Vec::new();
        if let Some(f) = &self.fcx {
            v.extend(f.scopes.visible().copied());
        }
        for (n, s) in &self.names {
            if matches!(s.kind, SymKind::Global(_) | SymKind::Const(_)) {
                v.push(n);
            }
        }
        v
    }
}

/// Names in backticks, comma-separated, for a message: at most eight, then how many more (a
/// struct may have thousands of members).
pub(crate) fn name_list<S: AsRef<str>>(names: &[S]) -> String {
    luma_base::capped_list(names.iter().map(|n| format!("`{}`", n.as_ref())))
}

pub(crate) use luma_syntax::similar::closest;

/// The label on the initializer of a local that defaulted to `float` (`value`: the integer
/// constant, `None` for an if-expression of integer constants).
fn float_default_label(name: &str, value: Option<i128>) -> String {
    match value {
        Some(_) => format!("`{name}` is `float` because nothing gives this literal another type"),
        None => format!(
            "`{name}` is `float` because nothing gives the literals of this if-expression another type"
        ),
    }
}

/// The initializer shown in the help for a local that defaulted to `float`.
fn float_default_init(value: Option<i128>) -> String {
    value.map_or_else(|| "if ...".to_owned(), |v| v.to_string())
}

/// "a" or "an" before a type name as it is read aloud: an `int`, an `ivec2`, a `uint`.
pub(crate) fn article(type_name: &str) -> &'static str {
    if type_name.starts_with(['a', 'e', 'i', 'o']) {
        "an"
    } else {
        "a"
    }
}
