//! Pass 1: module-scope declarations. Names are registered first so that every declaration
//! can refer to any other (forward references); struct members and constants are then resolved
//! lazily in dependency order (a cycle is an error), globals get their kind and binding, and
//! function signatures (with the synthesized output structs of tuple returns) are resolved.

use std::borrow::Cow;
use std::collections::BTreeMap;

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{
    Access, ArrayLen, ConstDef, ConstValue, FieldDef, FieldIo, FunctionDef, GlobalDef, GlobalKind,
    ImageFormat, Interpolation, ScalarTy, Stage, StructDef, StructId, Ty, TyId,
    MAX_WORKGROUP_INVOCATIONS, MAX_WORKGROUP_SIZE_Z,
};

use crate::builtins;
use crate::check::{
    closest, Bodies, Checker, ConstInfo, ConstSlot, EntryAttrs, Facts, FuncInfo, GlobalInfo, Mode,
    State, StructInfo, Sym, SymKind, Val,
};
use crate::codes;
use crate::entry::builtin_by_name;
use crate::expr::returns_value;
use crate::types::{self, Props};

/// The most parameters a function may take: the limit of SPIR-V (its universal limits) and of
/// WGSL, which Tint enforces ("function declares 260 parameters, maximum is 255").
const MAX_PARAMETERS: usize = 255;

/// Where a type expression stands, for the runtime-sized array rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TypeCtx {
    /// The type of a `buffer` declaration.
    BufferTop,
    /// The last member of a struct.
    StructLast,
    /// A member of a struct other than the last.
    StructMember,
    /// Anywhere else.
    Other,
}

/// Stage names of `@entry(...)`.
/// The stages of [`STAGES`], for messages.
const STAGE_LIST: &str =
    "`vertex`, `fragment`, `compute`, `geometry`, `tessellation_control` or `tessellation_eval`";

const STAGES: &[(&str, Stage)] = &[
    ("vertex", Stage::Vertex),
    ("fragment", Stage::Fragment),
    ("compute", Stage::Compute),
    ("geometry", Stage::Geometry),
    ("tessellation_control", Stage::TessellationControl),
    ("tessellation_eval", Stage::TessellationEval),
];

/// Largest specialization constant id every target accepts (WGSL `@id`, MSL function constants).
const MAX_SPEC_ID: u32 = 65535;

impl<'a> Checker<'a> {
    // -----------------------------------------------------------------------------------------
    // 1a: names

    /// Registers every module-scope name and allocates its THIR slot.
    pub fn collect(&mut self) {
        let ast = self.ast;
        for item in &ast.items {
            match &item.kind {
                ast::ItemKind::Struct(s) => {
                    let varying = item
                        .attributes
                        .iter()
                        .any(|a| self.text(&a.name) == "varying");
                    let id = self.prog.structs.append(StructDef {
                        name: self.text(&s.name).to_owned(),
                        fields: Vec::new(),
                        varying,
                        synthesized: false,
                        span: item.span,
                    });
                    self.structs.push(StructInfo {
                        decl: Some(s),
                        attrs: &item.attributes,
                        state: State::Pending,
                        props: Props::default(),
                    });
                    self.register(&s.name, SymKind::Struct(id));
                }
                ast::ItemKind::Function(f) => {
                    let id = self.prog.functions.append(FunctionDef {
                        name: self.text(&f.name).to_owned(),
                        params: Vec::new(),
                        ret: None,
                        locals: Default::default(),
                        body: Default::default(),
                        exprs: Default::default(),
                        stage: None,
                        span: item.span,
                        non_uniform_indices: Vec::new(),
                    });
                    let body_returns_value = returns_value(match &self.bodies {
                        Bodies::InTree => &f.body.block,
                        Bodies::Owned(bodies) => bodies
                            .get(self.funcs.len())
                            .map_or(&f.body.block, |b| &b.block),
                    });
                    self.funcs.push(FuncInfo {
                        decl: f,
                        body_returns_value,
                        item,
                        entry: None,
                        param_tys: Vec::new(),
                        ret: None,
                        facts: Facts::default(),
                    });
                    self.register(&f.name, SymKind::Function(id));
                }
                ast::ItemKind::Global(g) => {
                    let error = self.t.error;
                    let id = self.prog.globals.append(GlobalDef {
                        name: self.text(&g.name).to_owned(),
                        kind: GlobalKind::UniformBuffer,
                        ty: error,
                        group: None,
                        binding: None,
                        span: item.span,
                    });
                    self.globals.push(GlobalInfo {
                        decl: g,
                        attrs: &item.attributes,
                        explicit_access: None,
                        explicit_image_access: None,
                        ok: false,
                    });
                    self.register(&g.name, SymKind::Global(id));
                }
                ast::ItemKind::Const(c) => {
                    let error = self.t.error;
                    let id = self.prog.consts.append(ConstDef {
                        name: self.text(&c.name).to_owned(),
                        ty: error,
                        value: ConstValue::Bool(false),
                        spec_id: None,
                        span: item.span,
                    });
                    self.consts.push(ConstInfo {
                        decl: c,
                        attrs: &item.attributes,
                        state: State::Pending,
                        slot: ConstSlot::Pending,
                    });
                    self.register(&c.name, SymKind::Const(id));
                }
                ast::ItemKind::Error => {}
            }
        }
    }

    fn register(&mut self, name: &ast::Ident, kind: SymKind) {
        let n = self.text(name);
        if types::is_builtin_type_name(n) {
            self.emit(
                Diagnostic::error(
                    codes::E0406,
                    name.span,
                    format!("`{n}` is the name of a builtin type"),
                )
                .with_primary_label("cannot be declared")
                .with_help("choose another name"),
            );
            return;
        }
        if builtins::lookup(n).is_some() {
            // Still declared below, so that its uses resolve to it and report nothing more.
            self.emit(
                Diagnostic::error(
                    codes::E0406,
                    name.span,
                    format!("`{n}` is the name of a builtin function"),
                )
                .with_primary_label("cannot be declared")
                .with_note("Luma has no overloading: a declaration cannot replace a builtin")
                .with_help("choose another name"),
            );
        }
        if let Some(prev) = self.names.get(n) {
            let prev_span = prev.span;
            self.emit(
                Diagnostic::error(codes::E0404, name.span, format!("`{n}` is declared twice"))
                    .with_primary_label("declared again here")
                    .with_label(prev_span, "first declared here")
                    .with_note("structs, functions, globals and constants share one namespace"),
            );
            return;
        }
        self.names.insert(
            n,
            Sym {
                kind,
                span: name.span,
            },
        );
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// Resolves a type expression.
    pub fn resolve_type(&mut self, id: ast::TypeId, ctx: TypeCtx) -> TyId {
        let Some(te) = self.ast_type(id) else {
            return self.t.error;
        };
        match &te.kind {
            ast::TypeExprKind::Error => self.t.error,
            ast::TypeExprKind::Named(name) => self.named_type(name),
            ast::TypeExprKind::Array { len, element } => {
                // Nesting of array type expressions is bounded by the parser's type nesting
                // limit; this recursion follows it.
                self.type_depth += 1;
                if self.type_depth > self.limits.nesting_depth {
                    self.type_depth -= 1;
                    self.too_deep(te.span, "type");
                    return self.t.error;
                }
                let elem = self.resolve_type(*element, TypeCtx::Other);
                self.type_depth -= 1;
                let len = match len {
                    Some(e) => match self.array_size(*e) {
                        Some(n) => ArrayLen::Fixed(n),
                        None => return self.t.error,
                    },
                    None => {
                        if ctx == TypeCtx::StructMember {
                            // A buffer's struct with its runtime array declared first (as a
                            // count after the data): the fix is the member order, not a size.
                            self.emit(
                                Diagnostic::error(codes::E0525, te.span, "runtime-sized array not allowed here")
                                    .with_primary_label("`[]T` is not the struct's last member")
                                    .with_note("a runtime-sized array can only be the type of a `buffer` or the last member of a struct used as one")
                                    .with_help("move this member to the end of the struct, or give the array a size: `[N]T`"),
                            );
                            return self.t.error;
                        }
                        if ctx == TypeCtx::Other {
                            self.emit(
                                Diagnostic::error(codes::E0525, te.span, "runtime-sized array not allowed here")
                                    .with_primary_label("`[]T` has no size")
                                    .with_note("a runtime-sized array can only be the type of a `buffer` or the last member of a struct used as one")
                                    .with_help("give the array a size: `[N]T`"),
                            );
                            return self.t.error;
                        }
                        ArrayLen::Runtime
                    }
                };
                if self.is_error(elem) {
                    return elem;
                }
                if self.props(elem).has_runtime {
                    self.emit(
                        Diagnostic::error(
                            codes::E0525,
                            te.span,
                            "an array element cannot hold a runtime-sized array",
                        )
                        .with_primary_label("the element type ends in `[]T`")
                        .with_note("a runtime-sized array can only be the type of a `buffer` or the last member of a struct used as one"),
                    );
                    return self.t.error;
                }
                if let Ty::Array {
                    len: ArrayLen::Runtime,
                    ..
                } = self.ty(elem)
                {
                    return self.t.error;
                }
                self.intern(Ty::Array { element: elem, len })
            }
        }
    }

    fn array_size(&mut self, e: ast::ExprId) -> Option<u32> {
        let span = self.ast_span(e);
        // Array sizes may name constants declared anywhere; evaluate them in a clean context
        // when this is a module-scope type.
        let n = self.const_u32(e, "an array size", 1)?;
        if u64::from(n) > self.limits.max_array_elements {
            self.emit(
                Diagnostic::error(
                    codes::E0705,
                    span,
                    format!("an array of {n} elements is too large"),
                )
                .with_primary_label(format!(
                    "the limit is {} elements",
                    self.limits.max_array_elements
                ))
                .with_help("use a runtime-sized array in a `buffer` for large data"),
            );
            return None;
        }
        Some(n)
    }

    fn named_type(&mut self, name: &ast::Ident) -> TyId {
        let n = self.text(name);
        if let Some(t) = types::builtin_type(n) {
            return self.intern(t);
        }
        match self.names.get(n).map(|s| s.kind) {
            Some(SymKind::Struct(sid)) => self.intern(Ty::Struct(sid)),
            Some(other) => {
                let what = match other {
                    SymKind::Function(_) => "a function",
                    SymKind::Global(_) => "a global",
                    _ => "a constant",
                };
                self.emit(
                    Diagnostic::error(
                        codes::E0402,
                        name.span,
                        format!("`{n}` is {what}, not a type"),
                    )
                    .with_primary_label("expected a type"),
                );
                self.t.error
            }
            None => {
                let mut d =
                    Diagnostic::error(codes::E0402, name.span, format!("cannot find type `{n}`"))
                        .with_primary_label("not a builtin type or a declared struct");
                if let Some((languages, luma)) = crate::foreign::lookup_type(n) {
                    d = d.with_suggestion(
                        name.span,
                        luma,
                        format!("`{n}` is {languages}'s name; Luma calls it"),
                    );
                } else if self.diags.dropped() == 0 {
                    // (Once diagnostics are dropped, no suggestion would be shown.)
                    let structs: Vec<String> = self
                        .names
                        .iter()
                        .filter(|(_, s)| matches!(s.kind, SymKind::Struct(_)))
                        .map(|(k, _)| (*k).to_string())
                        .chain(types::builtin_type_names())
                        .collect();
                    if let Some(c) = self.suggest(n, structs.iter().map(String::as_str)) {
                        d = d.with_suggestion(name.span, c, "a type with a similar name exists");
                    }
                }
                self.emit(d);
                self.t.error
            }
        }
    }

    /// Whether a type expression is the name `void`, which no declaration gives a meaning.
    fn is_void(&self, t: ast::TypeId) -> bool {
        matches!(
            self.ast_type(t).map(|x| x.kind),
            Some(ast::TypeExprKind::Named(id)) if self.text(&id) == "void" && !self.names.contains_key("void")
        )
    }

    pub fn too_deep(&mut self, span: Span, what: &str) {
        self.too_deep_past(span, what, self.limits.nesting_depth);
    }

    /// [`Checker::too_deep`] for a limit other than the nesting depth.
    pub fn too_deep_past(&mut self, span: Span, what: &str, limit: u32) {
        if self.depth_reported {
            return;
        }
        self.depth_reported = true;
        self.emit(
            Diagnostic::error(codes::E0706, span, format!("{what} nesting is too deep"))
                .with_primary_label(format!("more than {limit} levels"))
                .with_help("split it into smaller pieces"),
        );
    }

    // -----------------------------------------------------------------------------------------
    // 1b: structs

    /// Resolves every struct's members, then checks the struct graph.
    pub fn resolve_structs(&mut self) {
        for i in 0..self.structs.len() {
            let attrs = self.structs.get(i).map_or(&[][..], |s| s.attrs);
            let set = self.attrs(attrs, &["varying", "allow"], "a struct");
            if let Some(a) = set.get("varying") {
                self.attr_flag(a);
            }
        }
        for i in 0..self.structs.len() {
            self.ensure_struct(StructId::from_index(i as u32));
        }
        self.struct_graph();
    }

    /// Resolves the members of `sid` if not done yet.
    pub fn ensure_struct(&mut self, sid: StructId) {
        let Some(info) = self.structs.get(sid.index()) else {
            return;
        };
        if info.state != State::Pending {
            return;
        }
        let Some(decl) = info.decl else {
            return;
        };
        if !self.enter_lazy(decl.name.span) {
            return;
        }
        if let Some(s) = self.structs.get_mut(sid.index()) {
            s.state = State::InProgress;
        }
        let saved = self.save_context();
        let count = decl.fields.len();
        if count == 0 {
            self.emit(
                Diagnostic::error(
                    codes::E0418,
                    decl.name.span,
                    format!("struct `{}` has no members", self.text(&decl.name)),
                )
                .with_primary_label("declared without members")
                .with_help("give it at least one member (GLSL and WGSL have no empty structs)"),
            );
        }
        let mut fields: Vec<FieldDef> = Vec::with_capacity(count);
        let mut seen: BTreeMap<&str, Span> = BTreeMap::new();
        for (i, f) in decl.fields.iter().enumerate() {
            let ctx = if i + 1 == count {
                TypeCtx::StructLast
            } else {
                TypeCtx::StructMember
            };
            let ty = self.resolve_type(f.ty, ctx);
            let io = self.field_io(&f.attributes, "a struct member");
            if let Some(prev) = seen.get(self.text(&f.name)) {
                let prev = *prev;
                self.emit(
                    Diagnostic::error(
                        codes::E0411,
                        f.name.span,
                        format!(
                            "struct `{}` has two members named `{}`",
                            self.text(&decl.name),
                            self.text(&f.name)
                        ),
                    )
                    .with_primary_label("declared again here")
                    .with_label(prev, "first declared here"),
                );
            } else {
                seen.insert(self.text(&f.name), f.name.span);
            }
            fields.push(FieldDef {
                name: self.text(&f.name).to_owned(),
                ty,
                io,
                span: f.span,
            });
        }
        self.restore_context(saved);
        if let Some(def) = self.prog.structs.get_mut(sid) {
            def.fields = fields;
        }
        if let Some(s) = self.structs.get_mut(sid.index()) {
            s.state = State::Done;
        }
        self.lazy_depth -= 1;
    }

    /// I/O attributes of a struct member, inline parameter or tuple-return field.
    pub fn field_io(&mut self, attrs: &[ast::Attribute], place: &str) -> FieldIo {
        let set = self.attrs(attrs, &["location", "builtin", "interpolation"], place);
        let mut io = FieldIo::default();
        if let Some(a) = set.get("location") {
            io.location = self.attr_u32(a, 0);
        }
        if let Some(a) = set.get("builtin") {
            if let Some((name, span)) =
                self.attr_ident(a, "one builtin name, like `@builtin(position)`")
            {
                match builtin_by_name(name) {
                    Some(b) => io.builtin = Some(b),
                    None => {
                        self.unknown_builtin(name, span);
                        self.unknown_builtin_attrs.push(a.span);
                    }
                }
            } else {
                // `@builtin` without its name (E0410): the member is still meant as a builtin,
                // not an input or output at a location.
                self.unknown_builtin_attrs.push(a.span);
            }
        }
        if let Some(a) = set.get("interpolation") {
            if let Some((name, span)) =
                self.attr_ident(a, "one mode: `smooth`, `flat` or `noperspective`")
            {
                io.interpolation = match name {
                    "smooth" => Some(Interpolation::Smooth),
                    "flat" => Some(Interpolation::Flat),
                    "noperspective" => Some(Interpolation::NoPerspective),
                    _ => {
                        let mut d = Diagnostic::error(
                            codes::E0620,
                            span,
                            format!("unknown interpolation mode `{name}`"),
                        )
                        .with_primary_label("expected `smooth`, `flat` or `noperspective`");
                        if let Some(c) = closest(name, ["smooth", "flat", "noperspective"]) {
                            d = d.with_suggestion(span, c, "a mode with a similar name exists");
                        }
                        self.emit(d);
                        None
                    }
                };
            }
        }
        if io.location.is_some() && io.builtin.is_some() {
            if let Some(a) = set.get("location") {
                self.emit(
                    Diagnostic::error(
                        codes::E0410,
                        a.span,
                        "a value cannot have both a `@location` and a `@builtin`",
                    )
                    .with_primary_label("remove one of them"),
                );
            }
            io.location = None;
        }
        io
    }

    /// Enters a lazy resolution level, reporting the depth limit.
    fn enter_lazy(&mut self, span: Span) -> bool {
        if self.lazy_depth >= self.limits.nesting_depth {
            self.too_deep(span, "declaration dependency");
            return false;
        }
        self.lazy_depth += 1;
        true
    }

    /// Struct cycles, properties and member rules, in dependency order (iteratively).
    fn struct_graph(&mut self) {
        let n = self.structs.len();
        // Direct struct dependencies of each struct (through arrays).
        let mut deps: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
        for (sid, def) in self.prog.structs.iter() {
            let mut d = Vec::new();
            for f in &def.fields {
                if let Some(s) = self.struct_in(f.ty) {
                    d.push((s.index(), f.span));
                }
            }
            if let Some(slot) = deps.get_mut(sid.index()) {
                *slot = d;
            }
        }
        // Iterative DFS: 0 unvisited, 1 on stack, 2 done.
        let mut mark = vec![0u8; n];
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut in_cycle = vec![false; n];
        for root in 0..n {
            if mark.get(root).copied() != Some(0) {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            if let Some(m) = mark.get_mut(root) {
                *m = 1;
            }
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let edge = deps.get(node).and_then(|d| d.get(*next)).copied();
                *next += 1;
                match edge {
                    Some((to, span)) => match mark.get(to).copied() {
                        Some(0) => {
                            if let Some(m) = mark.get_mut(to) {
                                *m = 1;
                            }
                            stack.push((to, 0));
                        }
                        Some(1) => {
                            // A cycle: the stack from `to` up to `node`.
                            let start = stack.iter().position(|(s, _)| *s == to).unwrap_or(0);
                            let chain: Vec<usize> =
                                stack.iter().skip(start).map(|(s, _)| *s).collect();
                            self.report_struct_cycle(&chain, span);
                            for c in chain {
                                if let Some(x) = in_cycle.get_mut(c) {
                                    *x = true;
                                }
                            }
                        }
                        _ => {}
                    },
                    None => {
                        if let Some(m) = mark.get_mut(node) {
                            *m = 2;
                        }
                        order.push(node);
                        stack.pop();
                    }
                }
            }
        }
        // Properties in post-order: dependencies first.
        for &s in &order {
            let sid = StructId::from_index(s as u32);
            let fields: Vec<(TyId, Span, bool)> = self
                .prog
                .structs
                .get(sid)
                .map(|d| {
                    let count = d.fields.len();
                    d.fields
                        .iter()
                        .enumerate()
                        .map(|(i, f)| (f.ty, f.span, i + 1 == count))
                        .collect()
                })
                .unwrap_or_default();
            let mut p = Props::default();
            let cyclic = in_cycle.get(s).copied().unwrap_or(false);
            for (ty, span, last) in fields {
                let fp = self.props(ty);
                if fp.has_resource && !cyclic {
                    self.emit(
                        Diagnostic::error(
                            codes::E0625,
                            span,
                            "textures and samplers cannot be struct members",
                        )
                        .with_primary_label("a resource member")
                        .with_help("declare it as its own `uniform` global"),
                    );
                }
                let direct_runtime = matches!(
                    self.ty(ty),
                    Ty::Array {
                        len: ArrayLen::Runtime,
                        ..
                    }
                );
                if fp.has_runtime && !(last && direct_runtime) && !cyclic {
                    self.emit(
                        Diagnostic::error(codes::E0525, span, "this member holds a runtime-sized array")
                            .with_primary_label("a struct ending in `[]T` can only be a `buffer`'s type")
                            .with_note("a runtime-sized array can only be the type of a `buffer` or the last member of a struct used as one"),
                    );
                }
                let mut fp = fp;
                fp.depth = fp.depth.saturating_add(1);
                merge(&mut p, fp);
            }
            if p.depth > self.limits.nesting_depth {
                let span = self
                    .structs
                    .get(s)
                    .and_then(|i| i.decl)
                    .map_or(Span::default(), |d| d.name.span);
                self.too_deep(span, "struct");
            }
            if let Some(info) = self.structs.get_mut(s) {
                info.props = p;
            }
        }
    }

    fn report_struct_cycle(&mut self, chain: &[usize], span: Span) {
        let names: Vec<String> = chain
            .iter()
            .filter_map(|&i| self.prog.structs.get(StructId::from_index(i as u32)))
            .map(|d| format!("`{}`", d.name))
            .collect();
        let first = names.first().cloned().unwrap_or_default();
        let mut path = names.join(" contains ");
        path.push_str(&format!(" contains {first}"));
        self.emit(
            Diagnostic::error(
                codes::E0412,
                span,
                format!("struct {first} contains itself"),
            )
            .with_primary_label("this member makes the struct infinitely large")
            .with_note(path),
        );
    }

    /// The struct a type is made of (through arrays).
    pub fn struct_in(&self, ty: TyId) -> Option<StructId> {
        let mut cur = ty;
        loop {
            match self.ty(cur) {
                Ty::Array { element, .. } => cur = element,
                Ty::Struct(s) => return Some(s),
                _ => return None,
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // 1c: constants

    pub fn resolve_consts(&mut self) {
        for i in 0..self.consts.len() {
            self.ensure_const(luma_thir::ConstId::from_index(i as u32));
        }
    }

    /// The value of module constant `cid`, evaluating it if needed.
    pub fn ensure_const(&mut self, cid: luma_thir::ConstId) -> ConstSlot {
        let Some(info) = self.consts.get(cid.index()) else {
            return ConstSlot::Error;
        };
        match info.state {
            State::Done => return info.slot.clone(),
            State::InProgress => {
                let span = info.decl.name.span;
                let name = self.text(&info.decl.name);
                self.emit(
                    Diagnostic::error(
                        codes::E0416,
                        span,
                        format!("the value of `{name}` depends on itself"),
                    )
                    .with_primary_label("its initializer refers back to it")
                    .with_note("constants are evaluated at compile time; a cycle has no value"),
                );
                if let Some(c) = self.consts.get_mut(cid.index()) {
                    c.slot = ConstSlot::Error;
                    c.state = State::Done;
                }
                return ConstSlot::Error;
            }
            State::Pending => {}
        }
        let decl = info.decl;
        let attrs = info.attrs;
        if !self.enter_lazy(decl.name.span) {
            return ConstSlot::Error;
        }
        if let Some(c) = self.consts.get_mut(cid.index()) {
            c.state = State::InProgress;
        }
        let saved = self.save_context();
        let set = self.attrs(attrs, &["spec", "allow"], "a constant");
        let slot = match set.get("spec") {
            Some(a) => self.spec_const(cid, decl, a),
            None => self.plain_const(cid, decl),
        };
        self.restore_context(saved);
        self.lazy_depth -= 1;
        if let Some(c) = self.consts.get_mut(cid.index()) {
            // A cycle may already have settled it as an error.
            if c.state == State::InProgress {
                c.slot = slot;
                c.state = State::Done;
            }
            return c.slot.clone();
        }
        ConstSlot::Error
    }

    /// Evaluates a `const` initializer (module or local) to its slot, without recording it.
    pub fn eval_const(&mut self, decl: &ast::ConstDecl) -> (ConstSlot, Option<TyId>) {
        let declared = decl.ty.map(|t| self.resolve_type(t, TypeCtx::Other));
        if let Some(t) = declared {
            if !self.is_error(t) && !self.constructible(t) {
                let span = self
                    .ast_type(decl.ty.unwrap_or(ast::TypeId::from_index(0)))
                    .map_or(decl.name.span, |x| x.span);
                let name = self.tn(t);
                self.emit(
                    Diagnostic::error(
                        codes::E0519,
                        span,
                        format!("a constant cannot have type `{name}`"),
                    )
                    .with_primary_label("not a value type"),
                );
                return (ConstSlot::Error, None);
            }
        }
        let v = self.top_expr(decl.value, declared, Mode::Value);
        match (v, declared) {
            (Val::Abs(a, _), None) => (ConstSlot::Abstract(a), None),
            (v, declared) => {
                let e = match declared {
                    Some(t) => self.coerce(v, t, "the initializer"),
                    None => self.concretize(v, None),
                };
                if self.val_is_error(Val::Expr(e)) {
                    return (ConstSlot::Error, declared);
                }
                let ty = self.expr_ty(e);
                match self.const_of(e).map(Cow::into_owned) {
                    Some(c) => (ConstSlot::Typed(c, ty), Some(ty)),
                    None if self.steps_reported => (ConstSlot::Error, Some(ty)),
                    None => {
                        let span = self.expr_span(e);
                        let mut d = Diagnostic::error(
                            codes::E0701,
                            span,
                            format!("the value of `{}` is not known at compile time", self.text(&decl.name)),
                        )
                        .with_primary_label("not a constant expression")
                        .with_note("constant expressions are made of literals, other constants, operators and constructors");
                        if self.mentions_spec(e) {
                            d = d.with_help("a specialization constant is only known when the pipeline is created: use it directly where needed");
                        } else {
                            d = d.with_help("use `let` for a value computed at run time");
                        }
                        self.emit(d);
                        (ConstSlot::Error, Some(ty))
                    }
                }
            }
        }
    }

    pub(crate) fn mentions_spec(&self, e: luma_thir::ExprId) -> bool {
        let mut stack = vec![e];
        let mut n = 0;
        while let Some(x) = stack.pop() {
            n += 1;
            if n > 10_000 {
                return false;
            }
            let Some(ex) = self.exprs.get(x) else {
                continue;
            };
            match &ex.kind {
                luma_thir::ExprKind::SpecConst(_) => return true,
                luma_thir::ExprKind::Unary { operand, .. } => stack.push(*operand),
                luma_thir::ExprKind::Binary { lhs, rhs, .. } => {
                    stack.push(*lhs);
                    stack.push(*rhs);
                }
                luma_thir::ExprKind::Construct { args } => {
                    stack.extend(self.exprs.list(*args).iter().copied())
                }
                luma_thir::ExprKind::Splat { value }
                | luma_thir::ExprKind::Convert { value }
                | luma_thir::ExprKind::Bitcast { value } => stack.push(*value),
                luma_thir::ExprKind::Select {
                    cond,
                    accept,
                    reject,
                } => {
                    stack.push(*cond);
                    stack.push(*accept);
                    stack.push(*reject);
                }
                luma_thir::ExprKind::Field { base, .. }
                | luma_thir::ExprKind::Swizzle { base, .. } => stack.push(*base),
                luma_thir::ExprKind::Index { base, index } => {
                    stack.push(*base);
                    stack.push(*index);
                }
                _ => {}
            }
        }
        false
    }

    fn plain_const(&mut self, cid: luma_thir::ConstId, decl: &ast::ConstDecl) -> ConstSlot {
        let (slot, _) = self.eval_const(decl);
        let span = decl.name.span;
        let (ty, value) = match &slot {
            ConstSlot::Typed(v, t) => (*t, v.clone()),
            ConstSlot::Abstract(a) => {
                let e = self.materialize(*a, span, ScalarTy::Float);
                match self.const_of(e).map(Cow::into_owned) {
                    Some(v) => (self.t.float, v),
                    None => return ConstSlot::Error,
                }
            }
            _ => return slot,
        };
        if let Some(def) = self.prog.consts.get_mut(cid) {
            def.ty = ty;
            def.value = value;
        }
        slot
    }

    fn spec_const(
        &mut self,
        cid: luma_thir::ConstId,
        decl: &ast::ConstDecl,
        attr: &ast::Attribute,
    ) -> ConstSlot {
        let id = self.attr_u32(attr, 0);
        if let Some(id) = id {
            if id > MAX_SPEC_ID {
                self.emit(
                    Diagnostic::error(
                        codes::E0708,
                        attr.span,
                        format!("specialization constant id {id} is too large"),
                    )
                    .with_primary_label(format!("ids go from 0 to {MAX_SPEC_ID}"))
                    .with_note("WGSL and MSL accept 16-bit ids only"),
                );
            }
            let dup = self
                .prog
                .consts
                .iter()
                .find(|(c, d)| *c != cid && d.spec_id == Some(id))
                .map(|(_, d)| d.span);
            if let Some(prev) = dup {
                self.emit(
                    Diagnostic::error(
                        codes::E0708,
                        attr.span,
                        format!("specialization constant id {id} is used twice"),
                    )
                    .with_primary_label("used again here")
                    .with_label(prev, "first used here"),
                );
            }
        }
        let (slot, _) = self.eval_const(decl);
        let span = decl.name.span;
        let (ty, value) = match slot {
            ConstSlot::Typed(v, t) => (t, v),
            ConstSlot::Abstract(a) if a.is_int() => {
                // An untyped integer would default to `float` (language.md: "with no context a
                // literal is a float"), and the type is the pipeline's interface: a host that
                // writes the integer 64 would get the float of its bits.
                let name = self.text(&decl.name);
                self.emit(
                    Diagnostic::error(
                        codes::E0708,
                        span,
                        format!("specialization constant `{name}` needs a type"),
                    )
                    .with_primary_label("no type given")
                    .with_note(format!(
                        "an untyped integer default would make `{name}` a `float`; the host \
                         sets a specialization constant's value by its type"
                    ))
                    .with_suggestion(
                        span,
                        format!("{name}: int"),
                        "state the type",
                    ),
                );
                return ConstSlot::Error;
            }
            ConstSlot::Abstract(a) => {
                let e = self.concretize(Val::Abs(a, span), None);
                match self.const_of(e).map(Cow::into_owned) {
                    Some(v) => (self.expr_ty(e), v),
                    None => return ConstSlot::Error,
                }
            }
            _ => return ConstSlot::Error,
        };
        if !matches!(self.ty(ty), Ty::Scalar(_)) {
            let name = self.tn(ty);
            // The written type where there is one (`V: vec3`), else the default's value.
            let at = match decl.ty.and_then(|t| self.ast_type(t)) {
                Some(t) => t.span,
                None => self.ast_span(decl.value),
            };
            self.emit(
                Diagnostic::error(
                    codes::E0708,
                    at,
                    format!("a specialization constant cannot have type `{name}`"),
                )
                .with_primary_label("expected `bool`, `int`, `uint`, `float` or `half`"),
            );
            return ConstSlot::Error;
        }
        if let Some(def) = self.prog.consts.get_mut(cid) {
            def.ty = ty;
            def.value = value;
            def.spec_id = id;
        }
        ConstSlot::Spec(cid, ty)
    }

    /// Saves the function context and expression counters around a lazy resolution.
    pub fn save_context(&mut self) -> (Option<crate::check::FnCtx<'a>>, u32, u64, bool) {
        (self.fcx.take(), self.depth, self.steps, self.steps_reported)
    }

    pub fn restore_context(&mut self, saved: (Option<crate::check::FnCtx<'a>>, u32, u64, bool)) {
        self.fcx = saved.0;
        self.depth = saved.1;
        self.steps = saved.2;
        self.steps_reported = saved.3;
    }

    // -----------------------------------------------------------------------------------------
    // 1d: globals and bindings

    pub fn resolve_globals(&mut self) {
        for i in 0..self.globals.len() {
            let gid = luma_thir::GlobalId::from_index(i as u32);
            self.resolve_global(gid);
        }
        self.assign_bindings();
    }

    fn resolve_global(&mut self, gid: luma_thir::GlobalId) {
        let Some(info) = self.globals.get(gid.index()) else {
            return;
        };
        let decl = info.decl;
        let attrs = info.attrs;
        let (allowed, place): (&[&str], &str) = match decl.kind {
            ast::GlobalKind::Uniform => (
                &[
                    "group",
                    "binding",
                    "push_constant",
                    "format",
                    "access",
                    "allow",
                ],
                "a `uniform` declaration",
            ),
            ast::GlobalKind::Buffer => (
                &["group", "binding", "access", "allow"],
                "a `buffer` declaration",
            ),
            ast::GlobalKind::Shared => (&["allow"], "a `shared` declaration"),
        };
        let set = self.attrs(attrs, allowed, place);
        let ctx = if decl.kind == ast::GlobalKind::Buffer {
            TypeCtx::BufferTop
        } else {
            TypeCtx::Other
        };
        let ty = self.resolve_type(decl.ty, ctx);
        let ty_span = self.ast_type(decl.ty).map_or(decl.name.span, |t| t.span);
        let push = set.get("push_constant").is_some_and(|a| self.attr_flag(a));
        let mut kind = self.global_kind(decl, ty, ty_span, push);
        let image = matches!(kind, Some(GlobalKind::StorageImage { .. }));
        let mut ok = !self.is_error(ty) && kind.is_some();
        let mut explicit_access = None;
        let mut explicit_image_access = None;
        if decl.kind == ast::GlobalKind::Uniform && !image {
            // `@format` and `@access` on a `uniform` only describe storage images.
            for name in ["format", "access"] {
                if let Some(a) = set.get(name) {
                    if kind.is_some() {
                        self.emit(
                            Diagnostic::error(
                                codes::E0408,
                                a.span,
                                format!("`@{name}` applies only to storage images"),
                            )
                            .with_primary_label("not allowed here")
                            .with_note(format!(
                                "`{}` is not a storage image (`image2D`, `uimage3D`, ...)",
                                self.text(&decl.name)
                            )),
                        );
                    }
                }
            }
        }
        if image {
            let format = self.image_format(decl, ty, &set);
            if let Some(a) = set.get("access") {
                explicit_image_access = self.image_access_attr(a);
            }
            match format {
                Some(format) => {
                    kind = Some(GlobalKind::StorageImage {
                        format,
                        access: luma_thir::ImageAccess::Read,
                        explicit: explicit_image_access.is_some(),
                    })
                }
                None => ok = false,
            }
        } else if let Some(a) = set
            .get("access")
            .filter(|_| decl.kind == ast::GlobalKind::Buffer)
        {
            if let Some((mode, span)) =
                self.attr_ident(a, "one access mode: `read` or `read_write`")
            {
                explicit_access = match mode {
                    "read" => Some((Access::Read, a.span)),
                    "read_write" => Some((Access::ReadWrite, a.span)),
                    _ => {
                        let mut d = Diagnostic::error(
                            codes::E0410,
                            span,
                            format!("unknown access mode `{mode}`"),
                        )
                        .with_primary_label("expected `read` or `read_write`");
                        if let Some(c) = closest(mode, ["read", "read_write"]) {
                            d = d.with_suggestion(span, c, "a mode with a similar name exists");
                        }
                        self.emit(d);
                        None
                    }
                };
            }
        }
        if let Some((Access::Read, attr_span)) = explicit_access {
            if !self.is_error(ty) && self.props(ty).has_atomic {
                let name = self.text(&decl.name).to_string();
                self.emit(
                    Diagnostic::error(
                        codes::E0628,
                        attr_span,
                        format!("`{name}` holds atomics, so it cannot be `@access(read)`"),
                    )
                    .with_primary_label("declared read-only here")
                    .with_label(ty_span, "this type holds an atomic")
                    .with_note(
                        "atomics need a read-write buffer: WGSL keeps them only in `read_write` \
                         storage, and every target declares such a buffer read-write",
                    )
                    .with_help("remove `@access(read)`"),
                );
                explicit_access = None;
            }
        }
        let mut group = None;
        let mut binding = None;
        if let Some(a) = set.get("group") {
            group = self.attr_u32(a, 0);
        }
        if let Some(a) = set.get("binding") {
            binding = self.attr_u32(a, 0);
        }
        if push {
            if let Some(a) = set.get("group").or_else(|| set.get("binding")) {
                self.emit(
                    Diagnostic::error(
                        codes::E0408,
                        a.span,
                        "a push constant block has no group or binding",
                    )
                    .with_primary_label("remove this attribute")
                    .with_note(
                        "push constants are set through the pipeline layout, not a descriptor",
                    ),
                );
            }
            group = None;
            binding = None;
        }
        if let Some(def) = self.prog.globals.get_mut(gid) {
            def.ty = ty;
            def.kind = kind.unwrap_or(GlobalKind::UniformBuffer);
            // Explicit numbers are kept here; `assign_bindings` fills in the defaults.
            def.group = group;
            def.binding = binding;
        }
        if let Some(info) = self.globals.get_mut(gid.index()) {
            info.explicit_access = explicit_access;
            info.explicit_image_access = explicit_image_access;
            info.ok = ok;
        }
    }

    /// The `@format(...)` of a storage image global: required, a known format, of the texel
    /// kind the image type holds. `None` after reporting an error.
    fn image_format(
        &mut self,
        decl: &ast::GlobalDecl,
        ty: TyId,
        set: &crate::attrs::AttrSet<'a>,
    ) -> Option<ImageFormat> {
        let elem = match self.ty(ty) {
            Ty::Array { element, .. } => element,
            _ => ty,
        };
        let Ty::StorageImage(shape) = self.ty(elem) else {
            return None;
        };
        let tn = self.tn(elem);
        let fitting: Vec<&str> = ImageFormat::ALL
            .iter()
            .filter(|(f, _)| f.texel() == shape.texel)
            .map(|(_, n)| *n)
            .collect();
        let fitting_list = fitting
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let Some(a) = set.get("format") else {
            let first = fitting.first().copied().unwrap_or("rgba8");
            self.emit(
                Diagnostic::error(
                    codes::E0629,
                    decl.name.span,
                    format!(
                        "storage image `{}` needs a `@format`",
                        self.text(&decl.name)
                    ),
                )
                .with_primary_label("no texel format given")
                .with_note(format!("formats for `{tn}`: {fitting_list}"))
                .with_help(format!(
                    "write the format the image is created with, such as `@format({first})`"
                )),
            );
            return None;
        };
        let (name, span) = self.attr_ident(a, "one texel format, such as `rgba8` or `r32ui`")?;
        let Some(format) = ImageFormat::from_name(name) else {
            let mut d = Diagnostic::error(
                codes::E0630,
                span,
                format!("unknown storage image format `{name}`"),
            )
            .with_primary_label("not a storage texel format");
            let lower = name.to_ascii_lowercase();
            if let Some(luma) = luma_format_of_wgsl(name) {
                d = d.with_suggestion(
                    span,
                    luma,
                    format!("Luma uses the GLSL name for WGSL's `{name}`"),
                );
            } else if let Some(luma) = ImageFormat::from_name(&lower).map(ImageFormat::name) {
                // `RGBA8` (Vulkan's and D3D's enums are upper case): the name is right.
                d = d.with_suggestion(span, luma, "format names are lower case");
            } else if let Some(c) = closest(name, ImageFormat::ALL.iter().map(|(_, n)| *n)) {
                d = d.with_suggestion(span, c, "a format with a similar name exists");
            }
            self.emit(d.with_note(format!("formats for `{tn}`: {fitting_list}")));
            return None;
        };
        if format.texel() != shape.texel {
            let holds = |s: ScalarTy| match s {
                ScalarTy::Int => "`int` texels",
                ScalarTy::Uint => "`uint` texels",
                _ => "`float` texels",
            };
            self.emit(
                Diagnostic::error(
                    codes::E0631,
                    span,
                    format!(
                        "format `{name}` holds {}, but `{tn}` holds {}",
                        holds(format.texel()),
                        holds(shape.texel)
                    ),
                )
                .with_primary_label("the format does not match the image type")
                .with_label(
                    self.ast_type(decl.ty).map_or(decl.name.span, |t| t.span),
                    format!("declared `{tn}` here"),
                )
                .with_note(format!("formats for `{tn}`: {fitting_list}"))
                .with_help(
                    "float and normalized formats go with `image...`, `...ui` with `uimage...`, \
                     `...i` with `iimage...`",
                ),
            );
            return None;
        }
        Some(format)
    }

    /// What to write when a function without `@entry` uses entry point syntax: the `@entry`
    /// of the stage its builtins belong to (fragment when they say nothing).
    fn missing_entry_help(&self, decl: &ast::FunctionDecl) -> String {
        let tuple = match &decl.ret {
            Some(ast::ReturnType::Tuple { fields, .. }) => fields.as_slice(),
            _ => &[],
        };
        let mut stage = "fragment";
        for f in decl.params.iter().chain(tuple) {
            for a in &f.attributes {
                if self.text(&a.name) != "builtin" {
                    continue;
                }
                let arg = a
                    .args
                    .iter()
                    .flatten()
                    .next()
                    .and_then(|e| match self.ast_expr(*e) {
                        Some(ast::Expr {
                            kind: ast::ExprKind::Ident(id),
                            ..
                        }) => Some(self.text(&id)),
                        _ => None,
                    });
                stage = match arg {
                    Some(
                        "global_invocation_id"
                        | "local_invocation_id"
                        | "local_invocation_index"
                        | "workgroup_id"
                        | "num_workgroups",
                    ) => "compute",
                    Some("vertex_index" | "instance_index" | "vertex_id" | "instance_id") => {
                        "vertex"
                    }
                    Some("position") if tuple.iter().any(|t| std::ptr::eq(t, f)) => "vertex",
                    _ => continue,
                };
            }
        }
        format!(
            "if `{}` is an entry point, write `@entry({stage})` before `function`",
            self.text(&decl.name)
        )
    }

    /// `@access(read | write | read_write)` on a storage image.
    fn image_access_attr(&mut self, a: &ast::Attribute) -> Option<(luma_thir::ImageAccess, Span)> {
        let (mode, span) =
            self.attr_ident(a, "one access mode: `read`, `write` or `read_write`")?;
        let access = match mode {
            "read" => luma_thir::ImageAccess::Read,
            "write" => luma_thir::ImageAccess::Write,
            "read_write" => luma_thir::ImageAccess::ReadWrite,
            _ => {
                let mut d =
                    Diagnostic::error(codes::E0410, span, format!("unknown access mode `{mode}`"))
                        .with_primary_label("expected `read`, `write` or `read_write`");
                if let Some(c) = closest(mode, ["read", "write", "read_write"]) {
                    d = d.with_suggestion(span, c, "a mode with a similar name exists");
                }
                self.emit(d);
                return None;
            }
        };
        Some((access, a.span))
    }

    fn global_kind(
        &mut self,
        decl: &ast::GlobalDecl,
        ty: TyId,
        span: Span,
        push: bool,
    ) -> Option<GlobalKind> {
        if self.is_error(ty) {
            return None;
        }
        let p = self.props(ty);
        // A struct member that is a texture or sampler already has E0625 at the member; the
        // global of that struct type is not a second mistake.
        if p.has_resource && self.struct_in(ty).is_some() {
            return None;
        }
        let name = self.tn(ty);
        let g = self.text(&decl.name);
        // The resource type behind at most one array level.
        let (elem, arrayed) = match self.ty(ty) {
            Ty::Array { element, len } => (element, Some(len)),
            _ => (ty, None),
        };
        let resource_kind = match self.ty(elem) {
            Ty::StorageImage(_) => Some(GlobalKind::StorageImage {
                format: ImageFormat::Rgba8,
                access: luma_thir::ImageAccess::Read,
                explicit: false,
            }),
            Ty::Texture(_) => Some(GlobalKind::Texture),
            Ty::Sampler { .. } => Some(GlobalKind::Sampler),
            Ty::CombinedSampler(_) => Some(GlobalKind::CombinedSampler),
            _ => None,
        };
        match decl.kind {
            ast::GlobalKind::Shared => {
                if p.has_resource {
                    self.bad_global_type(
                        span,
                        format!("workgroup memory cannot hold `{name}`"),
                        "textures and samplers are `uniform` globals",
                    );
                    return None;
                }
                if p.has_runtime {
                    self.emit(
                        Diagnostic::error(
                            codes::E0525,
                            span,
                            "workgroup memory cannot be runtime-sized",
                        )
                        .with_primary_label("give the array a size"),
                    );
                    return None;
                }
                Some(GlobalKind::Workgroup)
            }
            ast::GlobalKind::Uniform if !push && (resource_kind.is_some() || p.has_resource) => {
                match (resource_kind, arrayed) {
                    (Some(k), None) => Some(k),
                    (Some(k), Some(ArrayLen::Fixed(_))) => Some(k),
                    (Some(_), Some(ArrayLen::Runtime)) => {
                        self.emit(
                            Diagnostic::error(
                                codes::E0525,
                                span,
                                "arrays of textures, samplers and images need a size",
                            )
                            .with_primary_label("runtime-sized resource arrays are not supported"),
                        );
                        None
                    }
                    (None, _) => {
                        self.bad_global_type(
                            span,
                            format!("`{g}` cannot have type `{name}`"),
                            "a resource global is a texture, a sampler, a storage image or an array of one of them",
                        );
                        None
                    }
                }
            }
            ast::GlobalKind::Uniform | ast::GlobalKind::Buffer => {
                let what = match (decl.kind, push) {
                    (ast::GlobalKind::Buffer, _) => "a storage buffer",
                    (_, true) => "a push constant block",
                    _ => "a uniform block",
                };
                if p.has_resource {
                    self.bad_global_type(
                        span,
                        format!("{what} cannot hold `{name}`"),
                        "textures and samplers are `uniform` globals of their own",
                    );
                    return None;
                }
                if p.has_atomic && decl.kind != ast::GlobalKind::Buffer {
                    self.emit(
                        Diagnostic::error(
                            codes::E0628,
                            span,
                            format!("{what} cannot hold atomics"),
                        )
                        .with_primary_label(format!("`{name}` holds an atomic"))
                        .with_note("atomics live in `buffer` and `shared` memory"),
                    );
                    return None;
                }
                if p.has_runtime && decl.kind != ast::GlobalKind::Buffer {
                    self.emit(
                        Diagnostic::error(
                            codes::E0525,
                            span,
                            format!("{what} cannot be runtime-sized"),
                        )
                        .with_primary_label(format!("`{name}` holds a runtime-sized array"))
                        .with_note("only a `buffer` can end in `[]T`"),
                    );
                    return None;
                }
                if p.has_bool {
                    let field = self.find_bool_field(ty);
                    let mut d =
                        Diagnostic::error(codes::E0623, span, format!("{what} cannot hold `bool`"))
                            .with_primary_label(format!("`{name}` holds a `bool`"))
                            .with_note("host-visible memory has no `bool` layout")
                            .with_help("store a `uint` (0 or 1) and compare it with `!= 0`");
                    if let Some(f) = field {
                        d = d.with_label(f, "this member is a `bool`");
                    }
                    self.emit(d);
                    return None;
                }
                Some(match (decl.kind, push) {
                    (ast::GlobalKind::Buffer, _) => GlobalKind::StorageBuffer {
                        access: Access::Read,
                        explicit: false,
                    },
                    (_, true) => GlobalKind::PushConstant,
                    _ => GlobalKind::UniformBuffer,
                })
            }
        }
    }

    fn bad_global_type(&mut self, span: Span, msg: String, note: &str) {
        self.emit(
            Diagnostic::error(codes::E0623, span, msg)
                .with_primary_label("invalid type here")
                .with_note(note.to_string()),
        );
    }

    /// The span of a `bool` member somewhere inside `ty` (breadth-first).
    fn find_bool_field(&self, ty: TyId) -> Option<Span> {
        let mut queue = std::collections::VecDeque::from([ty]);
        let mut seen = 0;
        while let Some(t) = queue.pop_front() {
            seen += 1;
            if seen > 100_000 {
                return None;
            }
            let Some(sid) = self.struct_in(t) else {
                continue;
            };
            let def = self.prog.structs.get(sid)?;
            for f in &def.fields {
                let mut cur = f.ty;
                while let Ty::Array { element, .. } = self.ty(cur) {
                    cur = element;
                }
                match self.ty(cur) {
                    Ty::Scalar(ScalarTy::Bool)
                    | Ty::Vector {
                        scalar: ScalarTy::Bool,
                        ..
                    } => return Some(f.span),
                    Ty::Struct(_) => queue.push_back(cur),
                    _ => {}
                }
            }
        }
        None
    }

    /// The source name of a global, for messages.
    fn global_name(&self, gid: luma_thir::GlobalId) -> String {
        self.prog
            .globals
            .get(gid)
            .map(|d| d.name.clone())
            .unwrap_or_default()
    }

    /// Binding defaults (design section 5.2): `@group` defaults to 0 and is never inherited;
    /// per group, a missing `@binding` takes the counter, and the counter is always at least
    /// one past the highest binding seen (two past for a combined sampler).
    fn assign_bindings(&mut self) {
        // Past `u32::MAX` when a resource took the last binding number.
        let mut next: BTreeMap<u32, u64> = BTreeMap::new();
        let mut used: BTreeMap<(u32, u32), luma_thir::GlobalId> = BTreeMap::new();
        let mut push_seen: Option<Span> = None;
        let ids: Vec<luma_thir::GlobalId> = self.prog.globals.handles().collect();
        for gid in ids {
            let Some(def) = self.prog.globals.get(gid) else {
                continue;
            };
            let (kind, span, group, binding) = (def.kind, def.span, def.group, def.binding);
            let ok = self.globals.get(gid.index()).is_some_and(|g| g.ok);
            match kind {
                GlobalKind::Workgroup => continue,
                GlobalKind::PushConstant => {
                    if let Some(prev) = push_seen {
                        self.emit(
                            Diagnostic::error(
                                codes::E0622,
                                span,
                                "a shader has at most one push constant block",
                            )
                            .with_primary_label("a second push constant block")
                            .with_label(prev, "the first one")
                            .with_help("put every push constant in one struct"),
                        );
                    }
                    push_seen = Some(span);
                    continue;
                }
                _ => {}
            }
            if !ok {
                continue;
            }
            let group = group.unwrap_or(0);
            let counter = next.entry(group).or_insert(0);
            let Some(binding) = binding.or_else(|| u32::try_from(*counter).ok()) else {
                // The counter is past the last binding number: a global at 4294967295 took it.
                let name = self.global_name(gid);
                self.emit(
                    Diagnostic::error(
                        codes::E0634,
                        span,
                        format!(
                            "`{name}` has no binding: it would take the one after {}, the last \
                             binding number of group {group}",
                            u32::MAX
                        ),
                    )
                    .with_primary_label("no binding number is left for it")
                    .with_note(
                        "a resource without `@binding` takes the binding after the highest one \
                         before it in its group",
                    )
                    .with_help("give it a `@binding`, or the resource before it a lower one"),
                );
                continue;
            };
            let slots: u32 = if kind == GlobalKind::CombinedSampler {
                2
            } else {
                1
            };
            if binding.checked_add(slots - 1).is_none() {
                // The sampler half of a combined sampler takes the next binding number, and
                // binding numbers are 32-bit.
                let name = self.global_name(gid);
                self.emit(
                    Diagnostic::error(
                        codes::E0634,
                        span,
                        format!(
                            "combined sampler `{name}` is at binding {binding}, which leaves no binding for its sampler"
                        ),
                    )
                    .with_primary_label(format!("its sampler would need binding {}", u64::from(binding) + 1))
                    .with_note("a combined sampler takes two bindings: the texture's and the next one for its sampler")
                    .with_help("give it a lower `@binding`"),
                );
                continue;
            }
            *counter = (*counter).max(u64::from(binding) + u64::from(slots));
            // Inclusive, since the last binding may be u32::MAX (checked above not to
            // overflow): an exclusive end would saturate there and check nothing, so a global
            // numbered after one at u32::MAX (the counter stays there) would share its binding.
            for b in binding..=binding + (slots - 1) {
                if let Some(&other) = used.get(&(group, b)) {
                    let other_span = self.prog.globals.get(other).map_or(span, |d| d.span);
                    let name = self.global_name(gid);
                    let other_name = self.global_name(other);
                    let other_combined = self
                        .prog
                        .globals
                        .get(other)
                        .is_some_and(|d| d.kind == GlobalKind::CombinedSampler);
                    let mut d = Diagnostic::error(
                        codes::E0621,
                        span,
                        format!(
                            "`{name}` and `{other_name}` both use binding {b} of group {group}"
                        ),
                    )
                    .with_primary_label(format!("`{name}` is at group {group}, binding {b}"))
                    .with_label(other_span, format!("`{other_name}` is already there"));
                    // The note explains a clash only a combined sampler's second binding makes.
                    if kind == GlobalKind::CombinedSampler || other_combined {
                        d = d.with_note("a combined sampler takes two bindings: the texture's and the next one for its sampler");
                    }
                    self.emit(d);
                    break;
                }
                used.insert((group, b), gid);
            }
            if let Some(def) = self.prog.globals.get_mut(gid) {
                def.group = Some(group);
                def.binding = Some(binding);
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // 1e: function signatures

    pub fn resolve_signatures(&mut self) {
        for i in 0..self.funcs.len() {
            self.resolve_signature(luma_thir::FuncId::from_index(i as u32));
        }
    }

    fn resolve_signature(&mut self, fid: luma_thir::FuncId) {
        let Some(info) = self.funcs.get(fid.index()) else {
            return;
        };
        let (decl, item) = (info.decl, info.item);
        let set = self.attrs(
            &item.attributes,
            &["entry", "workgroup_size", "early_depth", "allow"],
            "a function",
        );
        let mut entry = None;
        if let (None, Some((name, span))) = (set.get("entry"), set.foreign_stage) {
            // `@fragment` (WGSL), reported by `attrs`: checked as `@entry(fragment)`.
            if let Some(&(_, stage)) = STAGES.iter().find(|(n, _)| *n == name) {
                entry = Some(EntryAttrs {
                    stage,
                    stage_span: span,
                    workgroup_size: [0; 3],
                    workgroup_size_spec: [None; 3],
                    early_depth: false,
                    early_depth_span: None,
                });
            }
        }
        if let Some(a) = set.get("entry") {
            if let Some((name, span)) = self.attr_ident(a, &format!("one stage: {STAGE_LIST}")) {
                match STAGES.iter().find(|(n, _)| *n == name) {
                    Some(&(_, stage)) => {
                        entry = Some(EntryAttrs {
                            stage,
                            stage_span: span,
                            workgroup_size: [0; 3],
                            workgroup_size_spec: [None; 3],
                            early_depth: false,
                            early_depth_span: None,
                        })
                    }
                    None => {
                        let mut d = Diagnostic::error(
                            codes::E0611,
                            span,
                            format!("unknown shader stage `{name}`"),
                        )
                        .with_primary_label("not a stage")
                        .with_note(format!("the stages are {STAGE_LIST}"));
                        // Other languages' names and abbreviations of the same stages
                        // (HLSL's `pixel`, Metal's `kernel`, file extensions).
                        let other = match name {
                            "pixel" | "ps" | "frag" => Some("fragment"),
                            "vert" | "vs" => Some("vertex"),
                            "kernel" | "comp" | "cs" => Some("compute"),
                            _ => None,
                        };
                        if let Some(stage) = other {
                            d = d.with_suggestion(span, stage, format!("Luma's name for `{name}`"));
                        } else if let Some(c) = closest(name, STAGES.iter().map(|(n, _)| *n)) {
                            d = d.with_suggestion(span, c, "a stage with a similar name exists");
                        }
                        self.emit(d);
                    }
                }
            }
        }
        let entry_written = set.has("entry") || set.foreign_stage.is_some();
        let has_entry = entry.is_some();
        if let Some(a) = set.get("workgroup_size") {
            let size = self.attr_workgroup(a);
            match entry.as_mut() {
                Some(e) if e.stage == Stage::Compute => {
                    if let Some(crate::attrs::WorkgroupSize { size: s, spec }) = size {
                        e.workgroup_size_spec = spec;
                        // Three `u32`s multiply to less than 2^96: exact in `u128`, where a
                        // `u64` product could wrap to a small number (found by fuzzing).
                        let total: u128 = s.iter().map(|&x| u128::from(x)).product();
                        if total > u128::from(MAX_WORKGROUP_INVOCATIONS) {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0612,
                                    a.span,
                                    format!("a workgroup of {total} invocations is too large"),
                                )
                                .with_primary_label(format!(
                                    "at most {MAX_WORKGROUP_INVOCATIONS} invocations"
                                ))
                                .with_note("1024 is the largest workgroup every target supports"),
                            );
                        } else if s[2] > MAX_WORKGROUP_SIZE_Z {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0612,
                                    a.span,
                                    format!("a workgroup's third size of {} is too large", s[2]),
                                )
                                .with_primary_label(format!(
                                    "the third size is at most {MAX_WORKGROUP_SIZE_Z}"
                                ))
                                .with_note(
                                    "64 is the largest z size every target supports (Direct3D's \
                                     limit, and the least Vulkan and WebGPU guarantee)",
                                ),
                            );
                        }
                        e.workgroup_size = s;
                    } else {
                        e.workgroup_size = [1, 1, 1];
                    }
                }
                _ if !entry_written || has_entry => {
                    self.emit(
                        Diagnostic::error(
                            codes::E0612,
                            a.span,
                            "`@workgroup_size` is only for compute entry points",
                        )
                        .with_primary_label("not a compute entry point"),
                    );
                }
                _ => {}
            }
        } else if let Some(e) = entry.as_mut() {
            if e.stage == Stage::Compute {
                self.emit(
                    Diagnostic::error(
                        codes::E0612,
                        decl.name.span,
                        format!(
                            "compute entry point `{}` needs `@workgroup_size`",
                            self.text(&decl.name)
                        ),
                    )
                    .with_primary_label("no workgroup size")
                    .with_help(
                        "add `@workgroup_size(64)` (or the size you need) before `function`",
                    ),
                );
                e.workgroup_size = [1, 1, 1];
            }
        }
        if let Some(a) = set.get("early_depth") {
            let flag = self.attr_flag(a);
            match entry.as_mut() {
                Some(e) if e.stage == Stage::Fragment => {
                    e.early_depth = flag;
                    e.early_depth_span = Some(a.span);
                }
                _ if !entry_written || has_entry => {
                    self.emit(
                        Diagnostic::error(
                            codes::E0408,
                            a.span,
                            "`@early_depth` is only for fragment entry points",
                        )
                        .with_primary_label("not a fragment entry point"),
                    );
                }
                _ => {}
            }
        }
        let is_entry = entry.is_some() || entry_written;
        // Entry point syntax on a plain function is most likely a forgotten `@entry(...)`:
        // one error per function, which says so, however many places use that syntax.
        let mut entry_syntax_reported = false;
        // Parameters.
        let mut param_tys = Vec::with_capacity(decl.params.len());
        for p in &decl.params {
            let ty = self.resolve_type(p.ty, TypeCtx::Other);
            if !p.attributes.is_empty() && !is_entry && !entry_syntax_reported {
                entry_syntax_reported = true;
                let help = self.missing_entry_help(decl);
                self.emit(
                    Diagnostic::error(
                        codes::E0626,
                        p.span,
                        "only entry point parameters take I/O attributes",
                    )
                    .with_primary_label(format!(
                        "`{}` is not an entry point",
                        self.text(&decl.name)
                    ))
                    .with_help(help),
                );
            }
            if !self.is_error(ty) && !self.constructible(ty) {
                let tn = self.tn(ty);
                let span = self.ast_type(p.ty).map_or(p.span, |t| t.span);
                let mut d = Diagnostic::error(
                    codes::E0519,
                    span,
                    format!("a parameter cannot have type `{tn}`"),
                )
                .with_primary_label("not a value type");
                if types::is_resource(&self.prog.types, ty) {
                    d = d.with_note("textures and samplers cannot be passed to functions: use the global directly");
                }
                self.emit(d);
            }
            param_tys.push(ty);
        }
        if let Some(extra) = decl.params.get(MAX_PARAMETERS) {
            self.emit(
                Diagnostic::error(
                    codes::E0710,
                    extra.span,
                    format!(
                        "`{}` takes {} parameters, and SPIR-V and WGSL allow at most {MAX_PARAMETERS}",
                        self.text(&decl.name),
                        decl.params.len()
                    ),
                )
                .with_primary_label(format!("parameter {}", MAX_PARAMETERS + 1))
                .with_help("group related parameters into a struct"),
            );
        }
        // Result.
        let ret = match &decl.ret {
            None => None,
            Some(ast::ReturnType::Type(t)) if self.is_void(*t) => {
                let name = self.text(&decl.name);
                let params = if decl.params.is_empty() { "" } else { "..." };
                let span = self.ast_type(*t).map_or(decl.name.span, |x| x.span);
                self.emit(
                    Diagnostic::error(codes::E0402, span, "cannot find type `void`")
                        .with_primary_label("Luma has no `void` type")
                        .with_help(format!(
                            "a function that returns nothing has no `->` (write `function {name}({params})`)"
                        )),
                );
                // Checked as the function without a result it is meant to be.
                None
            }
            Some(ast::ReturnType::Type(t)) => {
                let ty = self.resolve_type(*t, TypeCtx::Other);
                if !self.is_error(ty) && !self.constructible(ty) {
                    let tn = self.tn(ty);
                    let span = self.ast_type(*t).map_or(decl.name.span, |x| x.span);
                    self.emit(
                        Diagnostic::error(
                            codes::E0519,
                            span,
                            format!("a function cannot return `{tn}`"),
                        )
                        .with_primary_label("not a value type"),
                    );
                }
                Some(ty)
            }
            Some(ast::ReturnType::Tuple { fields, span }) => {
                if !is_entry && !entry_syntax_reported {
                    let help = self.missing_entry_help(decl);
                    self.emit(
                        Diagnostic::error(codes::E0626, *span, "only entry points return tuples")
                            .with_primary_label(format!(
                                "`{}` is not an entry point",
                                self.text(&decl.name)
                            ))
                            .with_help(format!("{help}; otherwise declare a struct and return it")),
                    );
                }
                let ty = self.tuple_struct(decl, fields, *span);
                // An ordinary function that returns a tuple was reported (E0626): its result
                // is an error, so its `return`s and its callers add no errors of their own
                // (a caller's "expected `(color: vec4)`, found `(color: vec4)`").
                Some(if is_entry { ty } else { self.t.error })
            }
        };
        if let Some(def) = self.prog.functions.get_mut(fid) {
            def.ret = ret;
            def.stage = entry.as_ref().map(|e| e.stage);
        }
        if let Some(info) = self.funcs.get_mut(fid.index()) {
            info.param_tys = param_tys;
            info.ret = ret;
            info.entry = entry;
        }
    }

    /// The synthesized output struct `<function>_out` of a tuple return.
    fn tuple_struct(
        &mut self,
        decl: &'a ast::FunctionDecl,
        fields: &'a [ast::Field],
        span: Span,
    ) -> TyId {
        let mut defs = Vec::with_capacity(fields.len());
        let mut seen: BTreeMap<&str, Span> = BTreeMap::new();
        for f in fields {
            let ty = self.resolve_type(f.ty, TypeCtx::Other);
            let io = self.field_io(&f.attributes, "a tuple field");
            if let Some(prev) = seen.get(self.text(&f.name)) {
                let prev = *prev;
                self.emit(
                    Diagnostic::error(
                        codes::E0411,
                        f.name.span,
                        format!("the result has two fields named `{}`", self.text(&f.name)),
                    )
                    .with_primary_label("declared again here")
                    .with_label(prev, "first declared here"),
                );
            } else {
                seen.insert(self.text(&f.name), f.name.span);
            }
            defs.push(FieldDef {
                name: self.text(&f.name).to_owned(),
                ty,
                io,
                span: f.span,
            });
        }
        let props = defs.iter().fold(Props::default(), |mut acc, f| {
            let mut fp = self.props(f.ty);
            fp.depth += 1;
            merge(&mut acc, fp);
            acc
        });
        let sid = self.prog.structs.append(StructDef {
            name: format!("{}_out", self.text(&decl.name)),
            fields: defs,
            varying: false,
            synthesized: true,
            span,
        });
        self.structs.push(StructInfo {
            decl: None,
            attrs: &[],
            state: State::Done,
            props,
        });
        self.intern(Ty::Struct(sid))
    }
}

fn merge(p: &mut Props, other: Props) {
    p.has_bool |= other.has_bool;
    p.has_atomic |= other.has_atomic;
    p.has_runtime |= other.has_runtime;
    p.has_resource |= other.has_resource;
    p.has_half |= other.has_half;
    p.depth = p.depth.max(other.depth);
}

/// The Luma name of a format written with its WGSL name (`rgba8unorm` is `rgba8`,
/// `r32uint` is `r32ui`), for the suggestion of an unknown `@format`.
fn luma_format_of_wgsl(name: &str) -> Option<&'static str> {
    let candidate = if let Some(base) = name.strip_suffix("unorm") {
        base.to_string()
    } else if let Some(base) = name.strip_suffix("snorm") {
        format!("{base}_snorm")
    } else if let Some(base) = name.strip_suffix("float") {
        format!("{base}f")
    } else if let Some(base) = name.strip_suffix("uint") {
        format!("{base}ui")
    } else if let Some(base) = name.strip_suffix("sint") {
        format!("{base}i")
    } else {
        return None;
    };
    ImageFormat::from_name(&candidate).map(|f| f.name())
}
