//! The Luma compiler library: [`compile`] for the common case, and the staged API
//! [`parse`] / [`check`] / [`lower`] / [`optimize`] / [`emit`] for hosts that want to inspect or
//! patch the program between stages.
//!
//! ```
//! use lumac::{compile, MemoryReader, Options, Target};
//!
//! let source = "
//! @entry(compute) @workgroup_size(64)
//! function main(@builtin(global_invocation_id) id: uvec3)
//! end
//! ";
//! let result = compile("main.luma", source, &MemoryReader::default(), &Options::default(),
//!                      &[Target::Spirv, Target::Wgsl]);
//! assert!(result.success());
//! assert_eq!(result.outputs.len(), 2);
//! ```

use std::collections::BTreeMap;
use std::path::Path;

pub use luma_base::render::{render_human, render_json, HumanOptions};
pub use luma_base::{Code, Diagnostic, Diagnostics, Limits, Severity, SourceMap, Span};
pub use luma_ir::{Literal, Module as IrModule, ShaderStage};
pub use luma_opt::OptLevel;
pub use luma_syntax::ast::Module as Ast;
pub use luma_syntax::preprocess::{FileReader, FsReader, MemoryReader};
pub use luma_thir::Program;

pub mod codes;
mod emit;
mod spec;

pub use emit::{emit, Output, OutputData};
pub use spec::{parse_spec_assignment, SpecValue};

/// A compilation target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// SPIR-V binary (Vulkan).
    Spirv,
    /// GLSL 450, Vulkan flavour (one output per entry point).
    Glsl,
    /// HLSL for Shader Model 6.
    Hlsl,
    /// Metal Shading Language 2.4.
    Msl,
    /// WGSL.
    Wgsl,
}

impl Target {
    /// Every target, in a fixed order.
    pub const ALL: [Target; 5] = [
        Target::Spirv,
        Target::Glsl,
        Target::Hlsl,
        Target::Msl,
        Target::Wgsl,
    ];

    /// The target's command-line name (`spirv`, `glsl`, `hlsl`, `msl`, `wgsl`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Spirv => "spirv",
            Target::Glsl => "glsl",
            Target::Hlsl => "hlsl",
            Target::Msl => "msl",
            Target::Wgsl => "wgsl",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Everything that changes what the compiler produces.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Directories searched by `#include <...>` (and by `#include "..."` after the including
    /// file's own directory), in order.
    pub include_dirs: Vec<String>,
    /// How much to optimise.
    pub opt_level: OptLevel,
    /// Resource limits.
    pub limits: Limits,
    /// Specialization constants to bake in, by id (`--spec ID=VALUE`).
    pub spec_values: BTreeMap<u32, SpecValue>,
    /// Debug information: SPIR-V names and line info, `#line` directives in text outputs.
    pub debug: bool,
    /// `#line` directives in GLSL and HLSL output even without `debug`.
    pub line_directives: bool,
    /// Only this entry point (by name).
    pub entry_point: Option<String>,
    /// Only entry points of this stage.
    pub stage: Option<ShaderStage>,
    /// SPIR-V version, `(1, 0)` through `(1, 6)`.
    pub spirv_version: (u8, u8),
    /// Clamp dynamic indices on targets that do not bound them themselves.
    pub bounds_checks: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            include_dirs: Vec::new(),
            opt_level: OptLevel::Basic,
            limits: Limits::default(),
            spec_values: BTreeMap::new(),
            debug: false,
            line_directives: false,
            entry_point: None,
            stage: None,
            spirv_version: (1, 3),
            bounds_checks: true,
        }
    }
}

/// A preprocessed and parsed source.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The syntax tree.
    pub ast: Ast,
    /// Maps spans back to the original files.
    pub source_map: SourceMap,
    /// Canonical paths of every included file, in first-read order (for depfiles).
    pub includes: Vec<String>,
}

/// Preprocesses and parses `text` (named `name` in diagnostics; relative includes resolve from
/// its directory), reading includes through `reader`.
pub fn parse(
    name: &str,
    text: &str,
    reader: &dyn FileReader,
    options: &Options,
    diags: &mut Diagnostics,
) -> Parsed {
    let pre = luma_syntax::preprocess::preprocess(
        name,
        text,
        reader,
        &luma_syntax::preprocess::PreprocessOptions {
            include_dirs: options.include_dirs.clone(),
            limits: options.limits,
        },
        diags,
    );
    let ast = luma_syntax::parse(&pre.text, &options.limits, diags);
    Parsed {
        ast,
        source_map: pre.source_map,
        includes: pre.includes,
    }
}

/// Type-checks a parsed source. `Some` exactly when no error was found.
pub fn check(parsed: &Parsed, options: &Options, diags: &mut Diagnostics) -> Option<Program> {
    luma_sema::check(
        &parsed.ast,
        &luma_sema::CheckOptions {
            limits: options.limits,
        },
        diags,
    )
}

/// Lowers a checked program to IR (baking `options.spec_values` and selecting
/// `options.entry_point` / `options.stage`), verified. `None` when an error was reported.
pub fn lower(
    program: &Program,
    parsed: &Parsed,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<IrModule> {
    let spec_values = spec::resolve(program, &options.spec_values, diags)?;
    let mut module = luma_lower::lower(
        program,
        Some(&parsed.source_map),
        &luma_lower::LowerOptions {
            spec_values,
            debug: options.debug || options.line_directives,
            limits: options.limits,
        },
        diags,
    )?;
    if !select_entry_points(&mut module, options, diags) {
        return None;
    }
    if let Err(e) = luma_ir::verify::verify(&module) {
        diags.push(codes::internal(format!(
            "lowering produced invalid IR: {e}"
        )));
        return None;
    }
    Some(module)
}

/// Optimises a module at `level`.
pub fn optimize(module: &mut IrModule, level: OptLevel, diags: &mut Diagnostics) -> bool {
    match luma_opt::optimize(module, level) {
        Ok(()) => true,
        Err(e) => {
            diags.push(codes::internal(format!("optimisation failed: {e}")));
            false
        }
    }
}

fn select_entry_points(module: &mut IrModule, options: &Options, diags: &mut Diagnostics) -> bool {
    if options.entry_point.is_none() && options.stage.is_none() {
        return true;
    }
    let before: Vec<String> = module.entry_points.iter().map(|e| e.name.clone()).collect();
    module.entry_points.retain(|e| {
        options
            .entry_point
            .as_ref()
            .is_none_or(|name| &e.name == name)
            && options.stage.is_none_or(|stage| e.stage == stage)
    });
    if module.entry_points.is_empty() {
        let wanted = match (&options.entry_point, options.stage) {
            (Some(name), Some(stage)) => format!("`{name}` with stage `{}`", stage.as_str()),
            (Some(name), None) => format!("`{name}`"),
            (None, Some(stage)) => format!("of stage `{}`", stage.as_str()),
            (None, None) => String::new(),
        };
        let available = if before.is_empty() {
            "the source declares no entry point".to_string()
        } else {
            format!("entry points in this source: {}", before.join(", "))
        };
        diags.push(
            Diagnostic::error(
                codes::E0002,
                Span::point(0),
                format!("no entry point {wanted}"),
            )
            .with_note(available),
        );
        return false;
    }
    true
}

/// What [`compile`] produced.
#[derive(Debug, Clone)]
pub struct CompileResult {
    /// One output per target (GLSL: one per entry point), in target order; empty on error.
    pub outputs: Vec<Output>,
    /// Every diagnostic, errors and warnings, in report order.
    pub diagnostics: Vec<Diagnostic>,
    /// How many errors were reported (including any dropped past the diagnostics limit).
    pub error_count: usize,
    /// Maps diagnostic spans to files, lines and columns.
    pub source_map: SourceMap,
    /// Canonical paths of every included file (for depfiles).
    pub includes: Vec<String>,
    /// SHA-256 of the canonical (optimised) IR, when compilation got that far.
    pub ir_hash: Option<[u8; 32]>,
    /// The optimised IR, when compilation got that far.
    pub module: Option<IrModule>,
}

impl CompileResult {
    /// Whether compilation succeeded (no error).
    pub fn success(&self) -> bool {
        self.error_count == 0
    }

    /// The diagnostics rendered as rustc-style text.
    pub fn render(&self, color: bool) -> String {
        render_human(
            &self.diagnostics,
            &self.source_map,
            &HumanOptions {
                color,
                ..HumanOptions::default()
            },
        )
    }
}

/// Compiles `text` (named `name`) to every target in `targets` from one parse.
pub fn compile(
    name: &str,
    text: &str,
    reader: &dyn FileReader,
    options: &Options,
    targets: &[Target],
) -> CompileResult {
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let parsed = parse(name, text, reader, options, &mut diags);
    let mut outputs = Vec::new();
    let mut ir_hash = None;
    let mut module_out = None;
    // The checker runs even after syntax errors (the tree marks what failed to parse), so one
    // error never hides the others.
    {
        if let Some(program) = check(&parsed, options, &mut diags) {
            if let Some(mut module) = lower(&program, &parsed, options, &mut diags) {
                if optimize(&mut module, options.opt_level, &mut diags) {
                    ir_hash = Some(luma_ir::hash::canonical_hash(&module));
                    for &target in targets {
                        match emit(&module, target, options) {
                            Ok(mut out) => outputs.append(&mut out),
                            Err(d) => diags.push(*d),
                        }
                    }
                    module_out = Some(module);
                }
            }
        }
    }
    if diags.has_errors() {
        outputs.clear();
    }
    diags.sort_by_position();
    let error_count = diags.error_count();
    CompileResult {
        outputs,
        diagnostics: diags.into_vec(),
        error_count,
        source_map: parsed.source_map,
        includes: parsed.includes,
        ir_hash,
        module: module_out,
    }
}

/// Compiles the file at `path` to optimised IR, with `tests/shaders/include`-style include
/// directories given in `include_dirs`; on failure returns the rendered diagnostics. Meant for
/// tests and tools that drive a back end directly.
pub fn frontend_ir_with(path: &Path, options: &Options) -> Result<IrModule, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.to_string_lossy();
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let parsed = parse(&name, &text, &FsReader, options, &mut diags);
    let render = |diags: &Diagnostics, parsed: &Parsed| {
        render_human(
            diags.as_slice(),
            &parsed.source_map,
            &HumanOptions::default(),
        )
    };
    let Some(program) = check(&parsed, options, &mut diags) else {
        return Err(render(&diags, &parsed));
    };
    let Some(mut module) = lower(&program, &parsed, options, &mut diags) else {
        return Err(render(&diags, &parsed));
    };
    if !optimize(&mut module, options.opt_level, &mut diags) {
        return Err(render(&diags, &parsed));
    }
    Ok(module)
}

/// [`frontend_ir_with`] with default options at `opt`, and the corpus include directory
/// `tests/shaders/include` next to the file's `tests/shaders` ancestor, when there is one.
pub fn frontend_ir(path: &Path, opt: OptLevel) -> Result<IrModule, String> {
    let mut options = Options {
        opt_level: opt,
        ..Options::default()
    };
    if let Some(shaders) = path.ancestors().find(|p| p.ends_with("shaders")) {
        options
            .include_dirs
            .push(shaders.join("include").to_string_lossy().into_owned());
    }
    frontend_ir_with(path, &options)
}
