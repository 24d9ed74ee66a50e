//! Attributes: which ones exist, where each may stand, and reading their arguments.

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{ConstId, ConstValue, ExprKind};

use crate::check::{closest, Checker, Mode, Val};
use crate::codes;

/// Every attribute of the language, with where it may stand.
const KNOWN: &[(&str, &str)] = &[
    ("entry", "a function"),
    ("workgroup_size", "a compute entry point"),
    ("early_depth", "a fragment entry point"),
    ("location", "a struct member or entry point parameter"),
    ("builtin", "a struct member or entry point parameter"),
    ("interpolation", "a struct member or entry point parameter"),
    ("group", "a `uniform` or `buffer` declaration"),
    ("binding", "a `uniform` or `buffer` declaration"),
    ("push_constant", "a `uniform` declaration"),
    ("access", "a `buffer` or storage image declaration"),
    ("format", "a storage image declaration"),
    ("spec", "a `const` declaration"),
    ("varying", "a struct"),
    ("unroll", "a loop"),
    ("max_iterations", "a loop"),
    ("allow", "a module-scope declaration or a loop"),
];

/// Attributes of other shading languages that Luma spells differently: `(foreign name, Luma
/// attribute, language, stage)`. With a stage, the foreign attribute is a whole `@entry(stage)`
/// (WGSL's `@fragment`); without, it takes the Luma attribute's arguments (HLSL's
/// `@numthreads(64, 1, 1)` is `@workgroup_size(64, 1, 1)`). After the error, the declaration is
/// checked as if the Luma attribute had been written, so that a WGSL entry point is not also
/// "not an entry point".
const FOREIGN: &[(&str, &str, &str, Option<&str>)] = &[
    ("vertex", "entry", "WGSL", Some("vertex")),
    ("fragment", "entry", "WGSL", Some("fragment")),
    ("compute", "entry", "WGSL", Some("compute")),
    ("numthreads", "workgroup_size", "HLSL", None),
    ("local_size", "workgroup_size", "GLSL", None),
    ("set", "group", "GLSL and Vulkan", None),
    ("interpolate", "interpolation", "WGSL", None),
    ("id", "spec", "WGSL", None),
];

/// The attributes written on one declaration, checked against the ones allowed there.
#[derive(Default)]
pub(crate) struct AttrSet<'a> {
    /// Each attribute kept, with its name's text.
    list: Vec<(&'a str, &'a ast::Attribute)>,
    /// The stage of a foreign stage attribute (`@fragment`), reported, to check the function
    /// as that stage's entry point.
    pub foreign_stage: Option<(&'static str, Span)>,
}

impl<'a> AttrSet<'a> {
    pub fn get(&self, name: &str) -> Option<&'a ast::Attribute> {
        self.list.iter().find(|(n, _)| *n == name).map(|&(_, a)| a)
    }

    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

impl<'a> Checker<'a> {
    /// Validates `attrs` for a declaration of kind `place` that allows `allowed`, reporting
    /// unknown, misplaced and duplicate attributes (which are then left out of the set).
    pub fn attrs<'x>(
        &mut self,
        attrs: &'x [ast::Attribute],
        allowed: &[&str],
        place: &str,
    ) -> AttrSet<'x>
    where
        'a: 'x,
    {
        let mut set = AttrSet::default();
        for a in attrs {
            let name = self.text(&a.name);
            let foreign = FOREIGN
                .iter()
                .find(|(n, luma, ..)| *n == name && allowed.contains(luma));
            if let (None, Some(&(_, luma, lang, stage))) =
                (KNOWN.iter().find(|(n, _)| *n == name), foreign)
            {
                let d = Diagnostic::error(
                    codes::E0407,
                    a.name.span,
                    format!("unknown attribute `@{name}`"),
                )
                .with_primary_label(format!("{lang}'s attribute, not Luma's"));
                let d = match stage {
                    Some(stage) => d.with_suggestion(
                        a.span,
                        format!("@entry({stage})"),
                        "Luma marks entry points with",
                    ),
                    None => d.with_suggestion(a.name.span, luma, "Luma calls it"),
                };
                self.emit(d);
                match stage {
                    Some(stage) if !set.has("entry") && set.foreign_stage.is_none() => {
                        set.foreign_stage = Some((stage, a.name.span));
                    }
                    None if !set.has(luma) => set.list.push((luma, a)),
                    _ => {}
                }
                continue;
            }
            match KNOWN.iter().find(|(n, _)| *n == name) {
                None => {
                    let mut d = Diagnostic::error(
                        codes::E0407,
                        a.name.span,
                        format!("unknown attribute `@{name}`"),
                    )
                    .with_primary_label("not a Luma attribute");
                    let near = closest(name, allowed.iter().copied())
                        .or_else(|| closest(name, KNOWN.iter().map(|(n, _)| *n)));
                    if let Some(near) = near {
                        d = d.with_suggestion(
                            a.name.span,
                            near,
                            "an attribute with a similar name exists",
                        );
                    } else if !allowed.is_empty() {
                        let list: Vec<String> = allowed.iter().map(|n| format!("`@{n}`")).collect();
                        d = d.with_note(format!("on {place}, Luma accepts {}", list.join(", ")));
                    }
                    self.emit(d);
                }
                Some((_, applies)) if !allowed.contains(&name) => {
                    self.emit(
                        Diagnostic::error(
                            codes::E0408,
                            a.span,
                            format!("`@{name}` cannot be used on {place}"),
                        )
                        .with_primary_label("not allowed here")
                        .with_note(format!("`@{name}` applies to {applies}")),
                    );
                }
                Some(_) => {
                    if let Some(prev) = set.get(name) {
                        self.emit(
                            Diagnostic::error(
                                codes::E0409,
                                a.span,
                                format!("`@{name}` is written twice"),
                            )
                            .with_primary_label("written again here")
                            .with_label(prev.span, "first written here"),
                        );
                    } else {
                        set.list.push((name, a));
                    }
                }
            }
        }
        set
    }

    fn attr_args<'x>(&self, a: &'x ast::Attribute) -> &'x [ast::ExprId] {
        a.args.as_deref().unwrap_or(&[])
    }

    /// Reports an attribute written with the wrong arguments.
    pub fn bad_attr(&mut self, a: &ast::Attribute, expected: &str) {
        // An argument that failed to parse (a string, a stray token) was reported already.
        let reported = a.args.iter().flatten().any(|e| {
            matches!(
                self.ast_expr(*e).map(|x| x.kind),
                Some(ast::ExprKind::Error)
            )
        });
        if reported {
            return;
        }
        self.emit(
            Diagnostic::error(
                codes::E0410,
                a.span,
                format!("`@{}` takes {expected}", self.text(&a.name)),
            )
            .with_primary_label("invalid arguments"),
        );
    }

    /// An attribute without arguments (`@varying`, `@early_depth`, `@push_constant`).
    pub fn attr_flag(&mut self, a: &ast::Attribute) -> bool {
        if self.attr_args(a).is_empty() {
            true
        } else {
            self.bad_attr(a, "no arguments");
            false
        }
    }

    /// An attribute with one name argument (`@entry(vertex)`, `@builtin(position)`).
    pub fn attr_ident(&mut self, a: &ast::Attribute, expected: &str) -> Option<(&'a str, Span)> {
        let args = self.attr_args(a);
        if let [one] = args {
            if let Some(ast::Expr {
                kind: ast::ExprKind::Ident(id),
                ..
            }) = self.ast_expr(*one)
            {
                return Some((self.text(&id), id.span));
            }
        }
        self.bad_attr(a, expected);
        None
    }

    /// An attribute with one constant integer argument of at least `min`.
    pub fn attr_u32(&mut self, a: &ast::Attribute, min: u32) -> Option<u32> {
        let args = self.attr_args(a);
        match args {
            [one] => {
                let what = format!("the argument of `@{}`", self.text(&a.name));
                self.const_u32(*one, &what, min)
            }
            _ => {
                self.bad_attr(a, "one constant integer");
                None
            }
        }
    }

    /// `@unroll` or `@unroll(N)`: `Some(None)` or `Some(Some(N))`; `None` on error.
    pub fn attr_opt_u32(&mut self, a: &ast::Attribute, min: u32) -> Option<Option<u32>> {
        match self.attr_args(a) {
            [] => Some(None),
            [one] => {
                let what = format!("the argument of `@{}`", self.text(&a.name));
                self.const_u32(*one, &what, min).map(Some)
            }
            _ => {
                self.bad_attr(a, "no argument or one constant integer");
                None
            }
        }
    }

    /// `@workgroup_size(x[, y[, z]])`: each size, and the `@spec` constant that gives it where
    /// one does (its default is the size).
    pub fn attr_workgroup(&mut self, a: &ast::Attribute) -> Option<WorkgroupSize> {
        let args = self.attr_args(a);
        if args.is_empty() || args.len() > 3 {
            self.bad_attr(a, "one to three constant integers");
            return None;
        }
        let mut out = WorkgroupSize {
            size: [1; 3],
            spec: [None; 3],
        };
        let mut ok = true;
        let what = "a workgroup size";
        for (i, e) in args.iter().enumerate() {
            let span = self.ast_span(*e);
            let v = self.top_expr(*e, Some(self.t.int), Mode::Value);
            let dim = match v {
                Val::Expr(x) if !self.val_is_error(v) => match self.exprs.get(x).map(|x| &x.kind) {
                    Some(ExprKind::SpecConst(cid)) => self.spec_workgroup_dim(*cid, span, what),
                    _ if self.mentions_spec(x) => {
                        self.emit(
                            Diagnostic::error(
                                codes::E0701,
                                span,
                                "a workgroup size computed from a specialization constant is not known when the shader is compiled",
                            )
                            .with_primary_label("an expression of a specialization constant")
                            .with_note("a workgroup size is a literal, a constant, or an `int` or `uint` `@spec` constant named on its own")
                            .with_help("declare a `@spec` constant for this size and name it here"),
                        );
                        None
                    }
                    _ => self.const_u32_of(v, span, what, 1).map(|n| (n, None)),
                },
                _ => self.const_u32_of(v, span, what, 1).map(|n| (n, None)),
            };
            match dim {
                Some((n, spec)) => {
                    if let (Some(slot), Some(spec_slot)) =
                        (out.size.get_mut(i), out.spec.get_mut(i))
                    {
                        *slot = n;
                        *spec_slot = spec;
                    }
                }
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// One workgroup dimension given by specialization constant `cid`: its default, which must
    /// be a valid size, and the constant.
    fn spec_workgroup_dim(
        &mut self,
        cid: ConstId,
        span: Span,
        what: &str,
    ) -> Option<(u32, Option<ConstId>)> {
        let def = self.prog.consts.get(cid)?;
        let default = match def.value {
            ConstValue::Int(i) => i128::from(i),
            ConstValue::Uint(u) => i128::from(u),
            _ => {
                let t = self.tn(def.ty);
                let name = def.name.clone();
                self.emit(
                    Diagnostic::error(
                        codes::E0501,
                        span,
                        format!("{what} must be an integer, found `{name}` of type `{t}`"),
                    )
                    .with_primary_label("expected an `int` or `uint` specialization constant"),
                );
                return None;
            }
        };
        if default < 1 {
            let name = def.name.clone();
            let decl = def.span;
            self.emit(
                Diagnostic::error(
                    codes::E0524,
                    span,
                    format!("{what} must be at least 1, but `{name}` defaults to {default}"),
                )
                .with_primary_label("out of range")
                .with_label(decl, "the default is given here")
                .with_note("the default is the size when the pipeline does not specialize it"),
            );
            return None;
        }
        Some((u32::try_from(default).ok()?, Some(cid)))
    }
}

/// The sizes of `@workgroup_size` and the specialization constants that give them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WorkgroupSize {
    /// Each dimension (the default, where a specialization constant gives it).
    pub size: [u32; 3],
    /// The `@spec` constant of each dimension, where one gives it.
    pub spec: [Option<ConstId>; 3],
}
