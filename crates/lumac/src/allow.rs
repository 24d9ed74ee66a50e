//! `@allow(W0202, ...)`: warnings a declaration or a loop allows inside itself.
//!
//! The attribute stands where attributes already do (before a module-scope declaration, or a
//! `for` or `while` loop); the checker accepts it there and reports it anywhere else. Its
//! arguments are checked here, against every warning of every stage (the catalog), because
//! the warnings it silences come from the parser to the back ends. Each allowance is handed
//! to the [`Diagnostics`] collector before the checker runs, so it applies to everything
//! reported afterwards; the parser's own warnings are passed through it once it is known.

use luma_base::{Diagnostic, Diagnostics, Span};
use luma_syntax::ast::{self, Block, ItemKind, StmtKind};

use crate::codes;

/// Reads every `@allow` of `ast`, reports arguments that are not warning codes (E0004), and
/// allows each code named inside the span of what carries the attribute.
pub(crate) fn install(ast: &ast::Module, diags: &mut Diagnostics) {
    // Each attribute with the nodes its arguments are in (a loop's are its function body's).
    let mut allows: Vec<(Span, &ast::Attribute, &ast::Nodes)> = Vec::new();
    // Loops nest up to the parser's depth limit: an explicit stack, not recursion.
    let mut blocks: Vec<(&Block, &ast::Nodes)> = Vec::new();
    for item in &ast.items {
        allows.extend(item.attributes.iter().map(|a| (item.span, a, &ast.nodes)));
        if let ItemKind::Function(f) = &item.kind {
            blocks.push((&f.body.block, &f.body.nodes));
        }
    }
    while let Some((block, nodes)) = blocks.pop() {
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::For(f) => {
                    allows.extend(f.attributes.iter().map(|a| (stmt.span, a, nodes)));
                    blocks.push((&f.body, nodes));
                }
                StmtKind::While(w) => {
                    allows.extend(w.attributes.iter().map(|a| (stmt.span, a, nodes)));
                    blocks.push((&w.body, nodes));
                }
                StmtKind::If(i) => {
                    blocks.extend(i.branches.iter().map(|(_, b)| (b, nodes)));
                    blocks.extend(i.else_block.iter().map(|b| (b, nodes)));
                }
                StmtKind::Do(b) => blocks.push((b, nodes)),
                _ => {}
            }
        }
    }
    let mut allowed = Vec::new();
    for (scope, attribute, nodes) in allows {
        if ast.name(attribute.name.name) != "allow" {
            continue;
        }
        let args = attribute.args.as_deref().unwrap_or(&[]);
        if args.is_empty() {
            diags.push(
                Diagnostic::error(codes::E0004, attribute.span, "`@allow` names no warning")
                    .with_primary_label("no codes")
                    .with_help("name the warnings it allows: `@allow(W0202)`"),
            );
        }
        for &arg in args {
            let Some(expr) = nodes.expr(arg) else {
                continue;
            };
            let written = match &expr.kind {
                ast::ExprKind::Ident(ident) => ast.name(ident.name),
                // Reported by the parser already.
                ast::ExprKind::Error => continue,
                _ => {
                    diags.push(
                        Diagnostic::error(codes::E0004, expr.span, "`@allow` takes warning codes")
                            .with_primary_label("not a code")
                            .with_help("write the code as it is printed: `@allow(W0202)`"),
                    );
                    continue;
                }
            };
            match codes::named_code(written) {
                codes::NamedCode::Warning(code) => allowed.push((scope, code)),
                codes::NamedCode::Error(_) => diags.push(
                    Diagnostic::error(
                        codes::E0004,
                        expr.span,
                        format!("`{written}` is an error, which cannot be allowed"),
                    )
                    .with_primary_label("an error code")
                    .with_note("`@allow` takes warning codes (W...); errors must be fixed"),
                ),
                // No "did you mean": codes one digit apart are unrelated warnings.
                codes::NamedCode::Unknown(_) => diags.push(
                    Diagnostic::error(
                        codes::E0004,
                        expr.span,
                        format!("no warning has the code `{written}`"),
                    )
                    .with_primary_label("unknown code")
                    .with_note(
                        "docs/diagnostics.md lists every warning code; `luma explain CODE` \
                         explains one",
                    ),
                ),
            }
        }
    }
    diags.allow_within(allowed);
}
