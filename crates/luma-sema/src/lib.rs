//! Luma semantic analysis: desugaring, name resolution, type checking and constant evaluation.
//! [`check`] turns a parsed [`ast::Module`] into the typed program ([`luma_thir::Program`])
//! that lowering consumes, or reports why it cannot.
//!
//! # Passes
//! 1. Declarations: every module-scope name is registered first, so declarations may refer to
//!    ones written later. Struct members and constants are then resolved on demand in
//!    dependency order (a cycle is an error), globals get their kind and binding (the design's
//!    binding defaults), function signatures are resolved (tuple returns become the
//!    synthesized struct `<function>_out`) and entry points get their I/O.
//! 2. Bodies: statements and expressions, with untyped literals, constant folding, builtins as
//!    overload sets, and the facts the next pass needs (calls, writes, stage-specific uses).
//! 3. The call graph: recursion, stage rules, storage buffer access inference, and the
//!    uniformity analysis (see the `uniformity` module).
//!
//! # Names and scopes
//! - Module scope is one namespace for structs, functions, globals and constants; declaring a
//!   name twice is an error, and builtin type and function names cannot be declared.
//! - Each function body, `if` / `elseif` / `else` arm, loop body and `do` block is a scope.
//!   Parameters live in the function's outermost scope, a `for` counter in a scope of its own
//!   around the loop body.
//! - A `let` or local `const` may shadow a name of an enclosing scope (a module-scope name, a
//!   builtin function, or a local of an outer block); declaring the same name twice in one
//!   block is an error (assign instead, or open a `do ... end` block). A name is visible from
//!   the statement after its declaration: `let x = x + 1.0` reads the outer `x`.
//! - A local that shadows a function cannot be called.
//!
//! # Literals and constants
//! Literals are untyped until a context gives them a type (language.md): a declared type, the
//! other operand, a parameter, a member, an element, a constructor's component type, an index
//! (`int`). Without context an integer or float literal is a `float`. Expressions made only of
//! untyped literals are evaluated exactly (integers within ±2^64, floats in binary64) and stay
//! untyped, like WGSL's abstract numbers. A `const` declared without a type and initialized by
//! such an expression stays untyped too, so `const N = 16` serves as an array size, an `int`
//! loop bound and a `uint` comparison alike.
//!
//! Constant subexpressions are folded while checking with the language's exact semantics
//! (wrapping integer `+ - *`, truncated division, masked shifts, binary32 floats); integer
//! division by zero, `INT_MIN / -1` and non-finite float results are errors there. Builtin
//! function calls are never constant. Each top-level expression may spend
//! `limits.max_const_eval_steps` scalar operations (copies of constant tables included), and
//! the whole program sixteen times that.
//!
//! # Other decisions
//! - `for` counters are `int` or `uint`; the counter's type comes from the first typed of
//!   start, bound and step, and is `int` when all three are untyped literals.
//! - An entry point takes either one struct parameter (with any `@builtin` parameters beside
//!   it) or any number of scalar and vector parameters (each one input, numbered by one
//!   location counter), and returns nothing, a struct or a tuple.
//! - Storage buffer access is `read_write` when an assignment or atomic builtin reachable from
//!   an entry point writes it, `read` otherwise, unless `@access(...)` says.
//! - Texture builtins: see `luma_thir::BuiltinFn::Sample`; arrays of textures are indexed
//!   like arrays (`textures[i]`).

#![forbid(unsafe_code)]

mod attrs;
mod builtins;
mod check;
pub mod codes;
mod consts;
mod decls;
pub mod dump;
mod entry;
mod expr;
mod foreign;
mod stages;
mod stmt;
mod types;
mod uniformity;

use luma_base::{Diagnostics, Limits};
use luma_syntax::ast;
use luma_thir::Program;

/// Options of [`check`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Resource limits (nesting depth, array sizes, constant evaluation steps, unrolling).
    pub limits: Limits,
    /// The entry points the outputs will keep, as `--entry` (by name) and `--stage` select
    /// them; `None` for all. Storage buffer and image access is inferred from what the kept
    /// entry points reach, as the outputs declare it: a buffer that only a dropped entry point
    /// writes is read-only, so the uniformity analysis takes its loads as uniform. A selection
    /// that keeps nothing is ignored here (the caller reports it).
    pub entry_point: Option<String>,
    /// See `entry_point`.
    pub stage: Option<luma_thir::Stage>,
}

/// Checks a parsed module and builds its typed program.
///
/// Every problem found is pushed into `diags`; the result is `Some` exactly when no error was
/// reported by this call (warnings allowed). When `diags` already holds a failed `#include`,
/// names that cannot be found are not reported (the missing file may declare them), and the
/// result is `None` if there were any. When it holds a syntax error, what the checker would
/// report in (or about) a declaration that holds one is not reported: the parser's recovery
/// may have read it other than it was meant.
pub fn check(
    module: &ast::Module,
    options: &CheckOptions,
    diags: &mut Diagnostics,
) -> Option<Program> {
    check_bodies_from(module, check::Bodies::InTree, options, diags)
}

/// [`check`], taking the function bodies out of `module` and freeing each once it is checked:
/// the whole syntax tree and the whole typed program are then never alive together, which
/// lowers a large module's peak memory by about a third. The declarations stay in `module`
/// (for looking names up afterwards); the bodies are left empty.
pub fn check_taking_bodies(
    module: &mut ast::Module,
    options: &CheckOptions,
    diags: &mut Diagnostics,
) -> Option<Program> {
    let bodies = module.take_bodies();
    check_bodies_from(module, check::Bodies::Owned(bodies), options, diags)
}

/// The spans of the declarations that hold a syntax error in `diags` after which the parser
/// may have misread the code ([`luma_syntax::codes::misreads_source`]), in source order. An
/// error reported at a declaration's last byte or just past it counts as inside, and a missing
/// `end` (found at the next token) where its block opened.
fn damaged_items(module: &ast::Module, diags: &Diagnostics) -> Vec<luma_base::Span> {
    let mut errors: Vec<u32> = diags
        .as_slice()
        .iter()
        .filter(|d| luma_syntax::codes::misreads_source(d))
        .map(|d| {
            // A missing `end` is found at the next token, which may be the end of the file
            // past a trailing newline or the next declaration: the block it leaves open,
            // labelled first, tells which declaration it damaged.
            match d.secondary.first() {
                Some(opener) if d.code == luma_syntax::codes::UNCLOSED_BLOCK => opener.span.lo,
                _ => d.primary.span.lo,
            }
        })
        .collect();
    if errors.is_empty() {
        return Vec::new();
    }
    errors.sort_unstable();
    let mut damaged: Vec<luma_base::Span> = module
        .items
        .iter()
        .map(|item| item.span)
        .filter(|span| {
            let first = errors.partition_point(|&at| at < span.lo);
            errors.get(first).is_some_and(|&at| at <= span.hi)
        })
        .collect();
    damaged.sort_unstable_by_key(|span| (span.lo, span.hi));
    damaged
}

fn check_bodies_from(
    module: &ast::Module,
    bodies: check::Bodies,
    options: &CheckOptions,
    diags: &mut Diagnostics,
) -> Option<Program> {
    let errors_before = diags.error_count();
    use luma_syntax::codes as syntax;
    let include_failed = diags.as_slice().iter().any(|d| {
        matches!(
            d.code,
            syntax::INCLUDE_NOT_FOUND
                | syntax::INCLUDE_UNREADABLE
                | syntax::INCLUDE_TOO_DEEP
                | syntax::MALFORMED_INCLUDE
        )
    });
    let damaged = damaged_items(module, diags);
    let mut c = check::Checker::new(module, bodies, options.limits, diags);
    c.entry_selection = (options.entry_point.clone(), options.stage);
    c.include_failed = include_failed;
    c.damaged = damaged;
    c.collect();
    c.resolve_structs();
    c.resolve_consts();
    c.resolve_globals();
    c.resolve_signatures();
    c.entry_points();
    c.bodies();
    let acyclic = c.recursion();
    c.stage_checks();
    let ok_so_far = c.diags.error_count() == errors_before && c.hidden_errors == 0;
    if acyclic && ok_so_far {
        c.uniformity();
        c.check_stage_interface();
    }
    let failed = c.diags.error_count() != errors_before || c.hidden_errors > 0;
    let program = c.prog;
    if failed {
        None
    } else {
        Some(program)
    }
}
