//! Lowering of the typed Luma program (THIR) to the Luma IR.
//!
//! [`lower`] turns a checked [`luma_thir::Program`] into a [`luma_ir::Module`]:
//! - types, deduplicated constants, specialization constants (or constants baked from
//!   `--spec ID=VALUE`);
//! - globals in their address spaces, with each combined sampler `foo` at binding N split into
//!   `foo_tex` (binding N) and `foo_samp` (binding N + 1) sharing a `CombinedSampler` id;
//! - functions in SSA form over structured control flow (callees before callers): locals are
//!   SSA values, except arrays and matrices indexed at run time, which live in function memory;
//! - entry points whose parameters and results are the flattened stage inputs and outputs.
//!
//! The module docs of `stmt`, `place`, `expr`, `ops` and `builtins` state the lowering
//! decisions (loop shapes, the Lua `for` count, evaluation order, swizzle stores).
//!
//! Lowering runs only on programs the checker accepted; it reports errors (`E08xx`, see
//! [`codes`]) only for what the checker cannot know (bad `--spec` values). A typed program that
//! breaks the checker's guarantees gives `E0803` (nested past the limit) or `E0899` (malformed)
//! instead of a crash. Recursion follows blocks, expressions and types, each bounded by
//! `Limits::nesting_depth` (plus a small margin); `elseif` chains, loops over statements and
//! all analyses are iterative.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;

use luma_base::{Arena, Handle};
use luma_base::{Diagnostics, Limits, SourceMap};
use luma_ir::{Function, Literal, Module};
use luma_thir::{Block, Exprs, FuncId, LocalDef, Program};

mod analysis;
mod builtins;
pub mod codes;
mod consts;
mod context;
mod error;
mod expr;
mod function;
mod globals;
mod ops;
mod order;
mod place;
mod stmt;
mod types;

use context::ModuleCtx;
use error::{Failure, LResult};

/// Options of [`lower`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LowerOptions {
    /// Specialization constants to bake (`--spec ID=VALUE`): the constant with that `@spec` id
    /// becomes an ordinary (named) constant with this value. An id no constant has, or a value
    /// of another type than the constant's, is an error.
    pub spec_values: BTreeMap<u32, Literal>,
    /// Fill [`Module::debug_sources`] with the source files (names and texts) and give every
    /// statement its source location (file, line, column, honouring `#line`).
    pub debug: bool,
    /// Limits; lowering uses `nesting_depth`.
    pub limits: Limits,
    /// Lower every function, also those no entry point reaches (by default they are left out:
    /// nothing can run them). For tools and tests that inspect a library of functions; note that
    /// the checker infers buffer access from reachable code only, so an unreachable function
    /// that writes a buffer gives IR the verifier rejects.
    pub all_functions: bool,
}

/// Lowers a checked program to IR. Returns `None` after reporting errors to `diags`.
///
/// `source_map` is needed only for debug locations (`options.debug`).
pub fn lower(
    program: &Program,
    source_map: Option<&SourceMap>,
    options: &LowerOptions,
    diags: &mut Diagnostics,
) -> Option<Module> {
    lower_from(
        program,
        Bodies::Borrowed(program),
        source_map,
        options,
        diags,
        &mut |_, _| {},
    )
}

/// [`lower`], taking every function body (statements, expressions and locals) out of `program`
/// and freeing each as soon as it is lowered. The bodies are the bulk of a typed program, so the
/// peak memory of lowering becomes about the larger of the typed program and the IR instead of
/// their sum. Afterwards `program` keeps its declarations (types, structs, globals, constants,
/// entry points, function names and return types); its functions have no body and no locals
/// (their `params` name locals that are gone).
///
/// `on_function` is called with the module and the handle of each function as soon as that
/// function is lowered: every function it calls is lowered (and was handed over) before it,
/// and an entry point's function is handed over once its entry point is in the module.
/// `on_function` may rewrite the function's body (a driver optimises it there, so that the
/// unoptimised IR of the whole module never exists at once), but not its signature or name,
/// which its callers rely on.
pub fn lower_releasing_bodies(
    program: &mut Program,
    source_map: Option<&SourceMap>,
    options: &LowerOptions,
    diags: &mut Diagnostics,
    on_function: &mut dyn FnMut(&mut Module, Handle<Function>),
) -> Option<Module> {
    let bodies = program
        .functions
        .iter_mut()
        .map(|(_, f)| {
            Some(OwnedBody {
                block: std::mem::take(&mut f.body),
                exprs: std::mem::take(&mut f.exprs),
                locals: std::mem::take(&mut f.locals),
            })
        })
        .collect();
    lower_from(
        program,
        Bodies::Owned(bodies),
        source_map,
        options,
        diags,
        on_function,
    )
}

fn lower_from(
    program: &Program,
    mut bodies: Bodies<'_>,
    source_map: Option<&SourceMap>,
    options: &LowerOptions,
    diags: &mut Diagnostics,
    on_function: &mut dyn FnMut(&mut Module, Handle<Function>),
) -> Option<Module> {
    let mut m = ModuleCtx::new(program, options, source_map);
    match lower_module(&mut m, &mut bodies, diags, on_function) {
        Ok(true) => Some(m.module),
        Ok(false) => None,
        Err(failure) => {
            diags.push(failure.into_diagnostic());
            None
        }
    }
}

/// Where the function bodies are: in the program, or taken out of it (by function index) and
/// freed one by one as lowering finishes with them.
enum Bodies<'p> {
    Borrowed(&'p Program),
    Owned(Vec<Option<OwnedBody>>),
}

/// A function body taken out of its program.
struct OwnedBody {
    block: Block,
    exprs: Exprs,
    locals: Arena<LocalDef>,
}

impl Bodies<'_> {
    /// The body of `f`; `None` when it is out of range or already released.
    fn get(&self, f: FuncId) -> Option<function::FnBody<'_>> {
        match self {
            Bodies::Borrowed(program) => program.functions.get(f).map(|def| function::FnBody {
                block: &def.body,
                exprs: &def.exprs,
                locals: &def.locals,
            }),
            Bodies::Owned(bodies) => bodies.get(f.index())?.as_ref().map(|b| function::FnBody {
                block: &b.block,
                exprs: &b.exprs,
                locals: &b.locals,
            }),
        }
    }

    /// Frees the body of `f` (when owned): nothing needs it any more.
    fn release(&mut self, f: FuncId) {
        if let Bodies::Owned(bodies) = self {
            if let Some(slot) = bodies.get_mut(f.index()) {
                *slot = None;
            }
        }
    }
}

/// Lowers everything; `Ok(false)` when user errors were reported.
fn lower_module(
    m: &mut ModuleCtx<'_>,
    bodies: &mut Bodies<'_>,
    diags: &mut Diagnostics,
    on_function: &mut dyn FnMut(&mut Module, Handle<Function>),
) -> LResult<bool> {
    let program = m.program;
    if !m.lower_spec_consts(diags)? || !m.check_baked_workgroup_sizes(diags)? {
        return Ok(false);
    }
    m.lower_globals()?;
    m.warn_large_push_constants(diags);
    let missing_body = || Failure::malformed(Default::default(), "a function without its body");
    // One walk of every body up front: the call graph, memory locals and liveness facts.
    let mut infos: Vec<analysis::FnInfo> = Vec::with_capacity(program.functions.len());
    for f in program.functions.handles() {
        let body = bodies.get(f).ok_or_else(missing_body)?;
        infos.push(analysis::analyze(program, body));
    }
    let (order, called) = order::function_order(program, &infos, m.options.all_functions)?;
    let entry_functions = program.entry_point_by_function();
    let missing = || Failure::malformed(Default::default(), "a function without its analysis");
    for f in order {
        let is_entry = entry_functions.get(f.index()).is_some_and(Option::is_some);
        // An entry function gets an ordinary version only if something calls it.
        if !is_entry || called.get(f.index()).copied().unwrap_or(false) {
            let info = infos.get(f.index()).ok_or_else(missing)?;
            let body = bodies.get(f).ok_or_else(missing_body)?;
            let h = function::lower_plain(m, f, body, info)?;
            on_function(&mut m.module, h);
        }
        if !is_entry {
            // Not needed again: free them while the IR grows.
            if let Some(i) = infos.get_mut(f.index()) {
                *i = analysis::FnInfo::default();
            }
            bodies.release(f);
        }
    }
    // Two entry points may share a function (one per stage is an error, but be safe): release
    // a body only after its last entry point.
    let mut last_entry = vec![0; program.functions.len()];
    for (k, ep) in program.entry_points.iter().enumerate() {
        if let Some(slot) = last_entry.get_mut(ep.function.index()) {
            *slot = k;
        }
    }
    for (k, ep) in program.entry_points.iter().enumerate() {
        let info = infos.get(ep.function.index()).ok_or_else(missing)?;
        let body = bodies.get(ep.function).ok_or_else(missing_body)?;
        let h = function::lower_entry(m, ep, body, info)?;
        on_function(&mut m.module, h);
        if last_entry.get(ep.function.index()) == Some(&k) {
            bodies.release(ep.function);
        }
    }
    Ok(true)
}
