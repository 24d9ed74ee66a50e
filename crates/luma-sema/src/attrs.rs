//! Attributes: which ones exist, where each may stand, and reading their arguments.

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;

use crate::check::{closest, Checker};
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
    pub fn attrs(
        &mut self,
        attrs: &'a [ast::Attribute],
        allowed: &[&str],
        place: &str,
    ) -> AttrSet<'a> {
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

    fn attr_args(&self, a: &'a ast::Attribute) -> &'a [ast::ExprId] {
        a.args.as_deref().unwrap_or(&[])
    }

    /// Reports an attribute written with the wrong arguments.
    pub fn bad_attr(&mut self, a: &ast::Attribute, expected: &str) {
        // An argument that failed to parse (a string, a stray token) was reported already.
        let reported = a.args.iter().flatten().any(|e| {
            matches!(
                self.ast_expr(*e).map(|x| &x.kind),
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
    pub fn attr_flag(&mut self, a: &'a ast::Attribute) -> bool {
        if self.attr_args(a).is_empty() {
            true
        } else {
            self.bad_attr(a, "no arguments");
            false
        }
    }

    /// An attribute with one name argument (`@entry(vertex)`, `@builtin(position)`).
    pub fn attr_ident(&mut self, a: &'a ast::Attribute, expected: &str) -> Option<(&'a str, Span)> {
        let args = self.attr_args(a);
        if let [one] = args {
            if let Some(ast::Expr {
                kind: ast::ExprKind::Ident(id),
                ..
            }) = self.ast_expr(*one)
            {
                return Some((self.text(id), id.span));
            }
        }
        self.bad_attr(a, expected);
        None
    }

    /// An attribute with one constant integer argument of at least `min`.
    pub fn attr_u32(&mut self, a: &'a ast::Attribute, min: u32) -> Option<u32> {
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
    pub fn attr_opt_u32(&mut self, a: &'a ast::Attribute, min: u32) -> Option<Option<u32>> {
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

    /// `@workgroup_size(x[, y[, z]])`.
    pub fn attr_workgroup(&mut self, a: &'a ast::Attribute) -> Option<[u32; 3]> {
        let args = self.attr_args(a);
        if args.is_empty() || args.len() > 3 {
            self.bad_attr(a, "one to three constant integers");
            return None;
        }
        let mut out = [1u32; 3];
        let mut ok = true;
        for (slot, e) in out.iter_mut().zip(args) {
            match self.const_u32(*e, "a workgroup size", 1) {
                Some(v) => *slot = v,
                None => ok = false,
            }
        }
        ok.then_some(out)
    }
}
