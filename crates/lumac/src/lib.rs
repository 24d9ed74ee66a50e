//! The Luma compiler library: [`compile`] for the common case, and the staged API
//! [`parse`] / [`check`] / [`lower`] / [`optimize`] / [`emit`] for hosts that want to inspect or
//! patch the program between stages.
//!
//! # Compile in one call
//!
//! [`compile`] runs every stage once and emits every requested target from the same IR. It
//! never panics and never fails as a Rust error: problems in the source are diagnostics in the
//! [`CompileResult`], rendered with [`CompileResult::render`] (rustc-style text) or
//! [`CompileResult::render_json`] (JSON Lines, schema in [`luma_base::render`]).
//!
//! ```
//! use lumac::{compile, MemoryReader, Options, Target};
//!
//! let source = "
//! buffer data: []float
//!
//! @entry(compute) @workgroup_size(64)
//! function double(@builtin(global_invocation_id) id: uvec3)
//!     let i = int(id.x)
//!     if i < #data then
//!         data[i] = data[i] * 2.0
//!     end
//! end
//! ";
//! let result = compile("double.luma", source, &MemoryReader::default(), &Options::default(),
//!                      &[Target::Spirv, Target::Wgsl]);
//! assert!(result.success(), "{}", result.render(false));
//! let wgsl = result.output(Target::Wgsl).unwrap();
//! assert!(wgsl.data.as_text().unwrap().contains("@compute @workgroup_size(64"));
//! // Every output carries the SHA-256 of its bytes, for build caches.
//! assert_eq!(wgsl.hash_hex().len(), 64);
//! ```
//!
//! With [`Options::reflect`], the same call also returns the reflection a host builds its
//! pipeline layouts from:
//!
//! ```
//! use lumac::{compile, MemoryReader, Options, Target};
//!
//! let source = "
//! struct Params
//!     scale: float
//!     offset: vec3
//! end
//! uniform params: Params
//! buffer data: []vec4
//! @entry(compute) @workgroup_size(64)
//! function main(@builtin(global_invocation_id) id: uvec3)
//!     data[id.x] = data[id.x] * params.scale + vec4(params.offset, 0.0)
//! end
//! ";
//! let options = Options { reflect: true, ..Options::default() };
//! let result = compile("k.luma", source, &MemoryReader::default(), &options, &[Target::Spirv]);
//! let reflection = result.reflection.as_ref().expect("compiled");
//! let params = &reflection.bindings[0];
//! assert_eq!((params.name.as_str(), params.size), ("params", Some(32)));
//! assert_eq!(reflection.structs[0].members[1].offset, 16); // std140: vec3 aligns to 16
//! ```
//!
//! Errors come back as diagnostics with stable codes:
//!
//! ```
//! use lumac::{compile, MemoryReader, Options, Target};
//!
//! let result = compile("bad.luma", "function f() -> float\n\treturn missing\nend\n",
//!                      &MemoryReader::default(), &Options::default(), &[Target::Spirv]);
//! assert!(!result.success());
//! assert!(result.outputs.is_empty());
//! assert_eq!(result.diagnostics[0].code.as_str(), "E0401");
//! let text = result.render(false);
//! assert!(text.contains("--> bad.luma:2:9"), "{text}");
//! ```
//!
//! # Includes from memory
//!
//! `#include` reads through a [`FileReader`]: [`FsReader`] for the file system, [`MemoryReader`]
//! for virtual files (asset packs, editors, tests), or your own implementation.
//!
//! ```
//! use lumac::{compile, MemoryReader, Options, Target};
//!
//! let mut files = MemoryReader::default();
//! files.insert("shaderlib/color.luma", "\
//! #pragma once
//! function luminance(c: vec3) -> float
//!     return dot(c, vec3(0.2126, 0.7152, 0.0722))
//! end
//! ");
//! let source = "\
//! #include <color.luma>
//! @entry(fragment)
//! function main(uv: vec2) -> (color: vec4)
//!     let y = luminance(vec3(uv, 0.5))
//!     return { color = vec4(y, y, y, 1.0) }
//! end
//! ";
//! let options = Options { include_dirs: vec!["shaderlib".into()], ..Options::default() };
//! let result = compile("grey.luma", source, &files, &options, &[Target::Glsl]);
//! assert!(result.success(), "{}", result.render(false));
//! assert_eq!(result.includes, vec!["shaderlib/color.luma".to_string()]);
//! ```
//!
//! # The staged API
//!
//! Each stage takes the previous one's result and a [`Diagnostics`] sink, so a host can stop
//! anywhere, inspect the syntax tree ([`Ast`]), the typed program ([`Program`]) or the IR
//! ([`IrModule`]), and change the IR before it is emitted. Here every resource moves from
//! descriptor set 0 to set 2:
//!
//! ```
//! use lumac::{Diagnostics, MemoryReader, Options, Target};
//!
//! let source = "
//! uniform tint: vec4
//! @entry(fragment)
//! function main() -> (color: vec4)
//!     return { color = tint }
//! end
//! ";
//! let options = Options::default();
//! let mut diags = options.diagnostics();
//! let parsed = lumac::parse("tint.luma", source, &MemoryReader::default(), &options, &mut diags);
//! let program = lumac::check(&parsed, &options, &mut diags).expect("no errors");
//! let mut module = lumac::lower(&program, &parsed, &options, &mut diags).expect("no errors");
//! assert!(lumac::optimize(&mut module, options.opt_level, &mut diags));
//!
//! for (_, global) in module.globals.iter_mut() {
//!     if let Some(binding) = &mut global.binding {
//!         binding.group = 2;
//!     }
//! }
//! let wgsl = lumac::emit(&module, Target::Wgsl, &options).expect("emits");
//! assert!(wgsl[0].data.as_text().unwrap().contains("@group(2) @binding(0)"));
//! ```
//!
//! A host that patches the IR should run [`verify`] before emitting: back ends assume a
//! verified module and report [`EmitError`]s (never panics) for anything else.
//!
//! [`compile`] does not lower and then optimise: [`lower_optimized`] optimises each function as
//! soon as it is lowered, so that the unoptimised IR of a big shader is never whole in memory.
//! The code is the same either way; constants the optimiser makes may be numbered differently.
//!
//! # Specialization constants and permutations
//!
//! `@spec(id)` constants stay specializable in every output; [`Options::spec_values`] bakes
//! values in at compile time instead (the CLI's `--spec ID=VALUE`), which is how a build makes
//! permutations. [`compile`] is a pure function of its inputs, so permutations can be compiled
//! in parallel (the `luma` CLI does it with rayon).
//!
//! ```
//! use lumac::{compile, parse_spec_assignment, MemoryReader, Options, Target};
//!
//! let source = "
//! @spec(0) const TAPS: int = 4
//! buffer out_data: []float
//! @entry(compute) @workgroup_size(1)
//! function main()
//!     out_data[0] = float(TAPS)
//! end
//! ";
//! let hashes: Vec<String> = ["4", "8"].iter().map(|taps| {
//!     let (id, value) = parse_spec_assignment(&format!("0={taps}")).unwrap();
//!     let mut options = Options::default();
//!     options.spec_values.insert(id, value);
//!     let result = compile("taps.luma", source, &MemoryReader::default(), &options,
//!                          &[Target::Spirv]);
//!     assert!(result.success(), "{}", result.render(false));
//!     result.outputs[0].hash_hex()
//! }).collect();
//! assert_ne!(hashes[0], hashes[1]);
//! ```

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

pub use luma_base::render::HumanOptions;
pub use luma_base::{
    Code, CodeDoc, Diagnostic, Diagnostics, Limits, Severity, SourceMap, Span, WarningPolicy,
};
pub use luma_ir::verify::verify;
pub use luma_ir::{Literal, Module as IrModule, ResourceBinding, ShaderStage};
pub use luma_opt::OptLevel;
/// The reflection crate: [`reflection::reflect`] for a module already in hand, the models' types.
pub use luma_reflect as reflection;
pub use luma_reflect::{Reflection, SpirvReflection};
pub use luma_syntax::ast::{ItemKind, Module as Ast};
pub use luma_syntax::preprocess::{FileReader, FsReader, MemoryReader};
pub use luma_thir::Program;

mod allow;
pub mod codes;
mod emit;
mod render;
mod select;
mod spec;

pub use emit::{emit, hex, warnings, EmitError, Output, OutputData, OutputEntryPoint};
pub use render::{diagnostic_json, render_human, render_json, NO_LOCATION};
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

    /// The target's usual written name (`SPIR-V`, `GLSL`, `HLSL`, `MSL`, `WGSL`).
    pub fn display_name(self) -> &'static str {
        match self {
            Target::Spirv => "SPIR-V",
            Target::Glsl => "GLSL",
            Target::Hlsl => "HLSL",
            Target::Msl => "MSL",
            Target::Wgsl => "WGSL",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Everything that changes what the compiler produces. `Options::default()` is what the CLI
/// uses without flags: `Basic` optimisation, SPIR-V 1.3, bounds checks on, no debug info.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Directories searched by `#include <...>` (and by `#include "..."` after the including
    /// file's own directory), in order. Relative ones are relative to the working directory
    /// ([`FsReader`]) or the virtual root ([`MemoryReader`]).
    pub include_dirs: Vec<String>,
    /// How much to optimise.
    pub opt_level: OptLevel,
    /// Resource limits (include depth, nesting, source size, ...).
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
    /// HLSL shader model, `(6, 0)` and up. `None` picks the lowest the program needs: 6.2
    /// when it uses `half` (DXC then needs `-enable-16bit-types`), 6.0 otherwise.
    pub hlsl_shader_model: Option<(u8, u8)>,
    /// HLSL: the constant buffer (register space = group, register = binding) the application
    /// fills with the dispatch size, for compute entry points that read `num_workgroups`
    /// (HLSL has no system value for it). Without it, such a shader is error E0922 in HLSL.
    pub hlsl_num_workgroups: Option<ResourceBinding>,
    /// Metal Shading Language version, `(2, 0)` through `(2, 4)`.
    pub msl_version: (u8, u8),
    /// Also reflect the compiled program into [`CompileResult::reflection`] (bindings with
    /// their layouts, entry points, push constants, specialization constants, HLSL registers
    /// and the MSL remap; see [`luma_reflect`]).
    pub reflect: bool,
    /// Warnings to drop or to report as errors, by code (`--allow`, `--deny`). It applies
    /// where diagnostics are collected: [`compile`] and [`Options::diagnostics`] use it; a
    /// host that makes its own [`Diagnostics`] passes it to [`Diagnostics::with_policy`].
    pub warnings: WarningPolicy,
}

impl Options {
    /// An empty collector with these options' diagnostic limit and warning policy, for the
    /// step-by-step API ([`parse`], [`check`], [`lower`]).
    pub fn diagnostics(&self) -> Diagnostics {
        Diagnostics::with_policy(self.limits.max_diagnostics, self.warnings.clone())
    }
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
            hlsl_shader_model: None,
            hlsl_num_workgroups: None,
            msl_version: (2, 4),
            reflect: false,
            warnings: WarningPolicy::default(),
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
    /// Every included file, in first-read order, by the path it was opened with (for
    /// depfiles); the main file is not in it.
    pub includes: Vec<String>,
}

/// Preprocesses and parses `text` (named `name` in diagnostics; relative includes resolve from
/// its directory), reading includes through `reader`. Parsing never fails: what does not parse
/// becomes an error node and a diagnostic in `diags`.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, Options};
///
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("a.luma", "const N = 4\nconst = 5\n", &MemoryReader::default(),
///                           &Options::default(), &mut diags);
/// assert!(diags.has_errors()); // `const` without a name
/// assert!(matches!(parsed.ast.items[0].kind, lumac::ItemKind::Const(_)));
/// ```
pub fn parse(
    name: &str,
    text: &str,
    reader: &dyn FileReader,
    options: &Options,
    diags: &mut Diagnostics,
) -> Parsed {
    parse_shared(name, Arc::from(text), reader, options, diags)
}

/// [`parse`] of a shared text: the source map keeps `text` itself instead of a copy, so a
/// caller that holds the source as an `Arc<str>` does not hold it twice.
pub fn parse_shared(
    name: &str,
    text: Arc<str>,
    reader: &dyn FileReader,
    options: &Options,
    diags: &mut Diagnostics,
) -> Parsed {
    // The parser's warnings wait until the source's `@allow`s are known, so that they apply.
    let mut syntax_diags = Diagnostics::new(diags.limit());
    let pre = luma_syntax::preprocess::preprocess_shared(
        name,
        text,
        reader,
        &luma_syntax::preprocess::PreprocessOptions {
            include_dirs: options.include_dirs.clone(),
            limits: options.limits,
        },
        &mut syntax_diags,
    );
    let ast = luma_syntax::parse(&pre.text, &options.limits, &mut syntax_diags);
    allow::install(&ast, diags);
    diags.absorb(syntax_diags);
    Parsed {
        ast,
        source_map: pre.source_map,
        includes: pre.includes,
    }
}

/// Type-checks a parsed source (names, types, constants, stage rules, uniformity); warnings
/// go to `diags` either way. It also runs on a tree with syntax errors, skipping what failed to
/// parse, so one run reports everything; the result is `Some` only when `diags` holds no error
/// at all afterwards (the parser's included), because a tree with error nodes cannot be
/// lowered.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, Options};
///
/// let options = Options::default();
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("a.luma", "const N: int = 4\nconst M = N * 2\n",
///                           &MemoryReader::default(), &options, &mut diags);
/// let program = lumac::check(&parsed, &options, &mut diags).expect("valid");
/// assert_eq!(program.consts.len(), 2);
/// ```
pub fn check(parsed: &Parsed, options: &Options, diags: &mut Diagnostics) -> Option<Program> {
    let program = luma_sema::check(&parsed.ast, &check_options(options), diags);
    program.filter(|_| !diags.has_errors())
}

/// The checker's part of `options`.
fn check_options(options: &Options) -> luma_sema::CheckOptions {
    luma_sema::CheckOptions {
        limits: options.limits,
        entry_point: options.entry_point.clone(),
        stage: options.stage.map(thir_stage),
    }
}

/// The checker's name for an IR stage.
fn thir_stage(stage: ShaderStage) -> luma_thir::Stage {
    use luma_thir::Stage;
    match stage {
        ShaderStage::Vertex => Stage::Vertex,
        ShaderStage::Fragment => Stage::Fragment,
        ShaderStage::Compute => Stage::Compute,
        ShaderStage::Geometry => Stage::Geometry,
        ShaderStage::TessellationControl => Stage::TessellationControl,
        ShaderStage::TessellationEvaluation => Stage::TessellationEval,
    }
}

/// [`check`], taking the function bodies out of `parsed.ast` and freeing each once checked, so
/// that the whole syntax tree and the whole typed program are never in memory together (what
/// [`compile`] does). The declarations stay in `parsed.ast`; its function bodies are left empty.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, Options};
///
/// let options = Options::default();
/// let mut diags = Diagnostics::new(100);
/// let mut parsed = lumac::parse("a.luma", "function f() -> int\n    return 1\nend\n",
///                               &MemoryReader::default(), &options, &mut diags);
/// let program = lumac::check_taking_bodies(&mut parsed, &options, &mut diags).expect("valid");
/// assert_eq!(program.functions.len(), 1);
/// ```
pub fn check_taking_bodies(
    parsed: &mut Parsed,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<Program> {
    let program = luma_sema::check_taking_bodies(&mut parsed.ast, &check_options(options), diags);
    program.filter(|_| !diags.has_errors())
}

/// Lowers a checked program to IR (baking `options.spec_values` and selecting
/// `options.entry_point` / `options.stage`), verified. `None` when an error was reported.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, Options, ShaderStage};
///
/// let source = "
/// @entry(vertex)
/// function vs(@builtin(vertex_index) i: uint) -> (@builtin(position) pos: vec4)
///     return { pos = vec4(0.0, 0.0, 0.0, 1.0) }
/// end
/// @entry(fragment)
/// function fs() -> (color: vec4)
///     return { color = vec4(1.0) }
/// end
/// ";
/// let options = Options { stage: Some(ShaderStage::Fragment), ..Options::default() };
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("two.luma", source, &MemoryReader::default(), &options, &mut diags);
/// let program = lumac::check(&parsed, &options, &mut diags).unwrap();
/// let module = lumac::lower(&program, &parsed, &options, &mut diags).unwrap();
/// let names: Vec<&str> = module.entry_points.iter().map(|e| e.name.as_str()).collect();
/// assert_eq!(names, ["fs"]);
/// ```
pub fn lower(
    program: &Program,
    parsed: &Parsed,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<IrModule> {
    let spec_values = spec::resolve(program, &options.spec_values, diags)?;
    let module = luma_lower::lower(
        program,
        Some(&parsed.source_map),
        &lower_options(options, spec_values),
        diags,
    )?;
    finish_lowering(module, program, options, diags)
}

/// [`lower`], taking the function bodies out of `program` and freeing each as soon as it is
/// lowered, so that the typed program and the IR are never both whole in memory ([`compile`]
/// lowers this way). Afterwards `program` keeps its declarations; its functions have no body,
/// expressions or locals.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, Options};
///
/// let source = "
/// buffer data: []int
/// @entry(compute) @workgroup_size(1)
/// function main()
///     data[0] = 6 * 7
/// end
/// ";
/// let options = Options::default();
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("a.luma", source, &MemoryReader::default(), &options, &mut diags);
/// let mut program = lumac::check(&parsed, &options, &mut diags).unwrap();
/// let module = lumac::lower_releasing_bodies(&mut program, &parsed, &options, &mut diags);
/// assert!(module.is_some());
/// assert!(program.functions.iter().all(|(_, f)| f.exprs.is_empty()));
/// ```
pub fn lower_releasing_bodies(
    program: &mut Program,
    parsed: &Parsed,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<IrModule> {
    lower_handing_over(program, parsed, options, diags, &mut |_, _| {})
}

/// [`lower_releasing_bodies`], handing each function to `on_function` as soon as it is
/// lowered (see [`luma_lower::lower_releasing_bodies`]).
fn lower_handing_over(
    program: &mut Program,
    parsed: &Parsed,
    options: &Options,
    diags: &mut Diagnostics,
    on_function: &mut dyn FnMut(&mut IrModule, luma_base::Handle<luma_ir::Function>),
) -> Option<IrModule> {
    let spec_values = spec::resolve(program, &options.spec_values, diags)?;
    let module = luma_lower::lower_releasing_bodies(
        program,
        Some(&parsed.source_map),
        &lower_options(options, spec_values),
        diags,
        on_function,
    )?;
    finish_lowering(module, program, options, diags)
}

/// [`lower_releasing_bodies`] and [`optimize`] at `options.opt_level` in one: each function
/// is optimised as soon as it is lowered (see [`luma_opt::FunctionOptimizer`]), so neither the
/// typed program nor the unoptimised IR is ever whole in memory beside the IR being built
/// ([`compile`] works this way). `None` when an error was reported.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, OptLevel, Options};
///
/// let source = "
/// buffer data: []int
/// @entry(compute) @workgroup_size(1)
/// function main()
///     data[0] = 6 * 7
/// end
/// ";
/// let options = Options { opt_level: OptLevel::Basic, ..Options::default() };
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("a.luma", source, &MemoryReader::default(), &options, &mut diags);
/// let mut program = lumac::check(&parsed, &options, &mut diags).unwrap();
/// let module = lumac::lower_optimized(&mut program, &parsed, &options, &mut diags).unwrap();
/// assert!(lumac::verify(&module).is_ok());
/// // `6 * 7` was folded: the store writes the constant 42.
/// assert!(module.constants.iter().any(|(_, c)| {
///     matches!(c.value, luma_ir::ConstantValue::Scalar(luma_ir::Literal::I32(42)))
/// }));
/// ```
pub fn lower_optimized(
    program: &mut Program,
    parsed: &Parsed,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<IrModule> {
    let mut optimizer = luma_opt::FunctionOptimizer::new(luma_opt::Options::new(options.opt_level));
    // Verified at the end of lowering in every build (the passes have run on each function by
    // then), and again after `finish` in debug builds.
    let mut module =
        lower_handing_over(program, parsed, options, diags, &mut |module, function| {
            optimizer.function(module, function);
            // The function stays until the module is emitted, in vectors grown by doubling and
            // rewritten by the passes: a copy at exact sizes leaves the outgrown ones free for
            // the next function to reuse, instead of scattered among live IR (1 MiB of peak
            // resident memory on the 50,000-line benchmark shader, for about 1% more time).
            if let Some(f) = module.functions.get_mut(function) {
                *f = f.clone();
            }
        })?;
    report_optimized(optimizer.finish(&mut module), diags).then_some(module)
}

fn lower_options(
    options: &Options,
    spec_values: std::collections::BTreeMap<u32, luma_ir::Literal>,
) -> luma_lower::LowerOptions {
    luma_lower::LowerOptions {
        spec_values,
        debug: options.debug || options.line_directives,
        limits: options.limits,
        // The rest at their defaults: among them, functions no entry point reaches are left
        // out (nothing can run them).
        ..luma_lower::LowerOptions::default()
    }
}

/// What [`lower`] does after lowering proper: entry point selection, buffer and storage image
/// access re-inference for the entry points kept, and verification.
fn finish_lowering(
    mut module: IrModule,
    program: &Program,
    options: &Options,
    diags: &mut Diagnostics,
) -> Option<IrModule> {
    if !select_entry_points(&mut module, options, diags) {
        return None;
    }
    if options.entry_point.is_some() || options.stage.is_some() {
        select::reinfer_buffer_access(&mut module, program);
        select::reinfer_image_access(&mut module, program);
    }
    if let Err(e) = verify(&module) {
        diags.push(codes::internal(format!(
            "lowering produced invalid IR: {e}"
        )));
        return None;
    }
    Some(module)
}

/// Optimises a verified module at `level`; `false` (with an internal-error diagnostic) only if
/// a pass broke the IR, which is a compiler bug.
///
/// ```
/// use lumac::{Diagnostics, MemoryReader, OptLevel, Options};
///
/// let source = "
/// buffer data: []int
/// @entry(compute) @workgroup_size(1)
/// function main()
///     data[0] = 6 * 7
/// end
/// ";
/// let options = Options { opt_level: OptLevel::None, ..Options::default() };
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("k.luma", source, &MemoryReader::default(), &options, &mut diags);
/// let program = lumac::check(&parsed, &options, &mut diags).unwrap();
/// let mut module = lumac::lower(&program, &parsed, &options, &mut diags).unwrap();
/// assert!(lumac::optimize(&mut module, OptLevel::Aggressive, &mut diags));
/// assert!(lumac::verify(&module).is_ok());
/// ```
pub fn optimize(module: &mut IrModule, level: OptLevel, diags: &mut Diagnostics) -> bool {
    report_optimized(luma_opt::optimize(module, level), diags)
}

/// `true` for a successful optimisation; otherwise reports the internal error.
fn report_optimized(result: Result<(), luma_opt::OptError>, diags: &mut Diagnostics) -> bool {
    match result {
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
    let before: Vec<String> = module
        .entry_points
        .iter()
        .map(|e| format!("`{}` ({})", e.name, e.stage.as_str()))
        .collect();
    let names: Vec<String> = module.entry_points.iter().map(|e| e.name.clone()).collect();
    select::retain_entry_points(module, |e| {
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
            format!(
                "entry points in this source: {}",
                luma_base::capped_list(&before)
            )
        };
        let mut d = Diagnostic::error(
            codes::E0002,
            NO_LOCATION,
            format!("no entry point {wanted}"),
        )
        .with_note(available);
        // A misspelt `--entry`: name the entry point it was probably meant to be.
        if let Some(name) = &options.entry_point {
            if let Some(near) = luma_base::closest(name, names.iter().map(String::as_str)) {
                d = d.with_help(format!("did you mean `--entry {near}`?"));
            }
        }
        diags.push(d);
        return false;
    }
    true
}

/// E0002 for a source without entry points: there is nothing to emit (SPIR-V, for one, requires
/// an entry point), while checking such a file of shared functions is fine.
fn no_entry_points() -> Diagnostic {
    Diagnostic::error(
        codes::E0002,
        NO_LOCATION,
        "the source declares no entry point, so there is nothing to compile",
    )
    .with_help("mark a function with `@entry(vertex)`, `@entry(fragment)` or `@entry(compute)`")
    .with_note(
        "a file of shared declarations is meant to be `#include`d; `luma check` checks it alone",
    )
}

/// What [`compile`] produced.
#[derive(Debug, Clone)]
pub struct CompileResult {
    /// One output per target (GLSL: one per entry point), in target order; empty when there is
    /// any error.
    pub outputs: Vec<Output>,
    /// Every diagnostic, errors and warnings, in source order (diagnostics about options, which
    /// have no location, last).
    pub diagnostics: Vec<Diagnostic>,
    /// How many errors were reported (including any dropped past the diagnostics limit).
    pub error_count: usize,
    /// How many warnings were reported (including any dropped past the diagnostics limit).
    pub warning_count: usize,
    /// Maps diagnostic spans to files, lines and columns.
    pub source_map: SourceMap,
    /// Every included file, in first-read order, by the path it was opened with (for
    /// depfiles).
    pub includes: Vec<String>,
    /// The optimised IR, when compilation got that far.
    pub module: Option<IrModule>,
    /// The reflection of the compiled program, with [`Options::reflect`] and no error.
    pub reflection: Option<Reflection>,
}

impl CompileResult {
    /// Whether compilation succeeded (no error; warnings allowed).
    pub fn success(&self) -> bool {
        self.error_count == 0
    }

    /// SHA-256 of the canonical (optimised) IR, when compilation got that far: a cache key that
    /// does not depend on the target. Computed on each call (it prints the whole module, about
    /// 6% of a compile to SPIR-V), so callers that want it pay for it and others do not.
    pub fn ir_hash(&self) -> Option<[u8; 32]> {
        self.module.as_ref().map(luma_ir::hash::canonical_hash)
    }

    /// The first output of `target` (for GLSL, which has one output per entry point, the
    /// first entry point's).
    pub fn output(&self, target: Target) -> Option<&Output> {
        self.outputs.iter().find(|o| o.target == target)
    }

    /// The diagnostics rendered as rustc-style text (ANSI colour when `color`), with a last
    /// line saying how many more were reported when some were not kept
    /// ([`Limits::max_diagnostics`]).
    pub fn render(&self, color: bool) -> String {
        let mut text = render_human(
            &self.diagnostics,
            &self.source_map,
            &HumanOptions {
                color,
                ..HumanOptions::default()
            },
        );
        // Past `Limits::max_diagnostics` diagnostics are counted, not kept: say so.
        if let Some(line) = luma_base::render::omitted_line(
            &self.diagnostics,
            self.error_count,
            self.warning_count,
            color,
        ) {
            text.push('\n');
            text.push_str(&line);
            text.push('\n');
        }
        text
    }

    /// The diagnostics as JSON Lines (schema in [`luma_base::render`]).
    pub fn render_json(&self) -> String {
        render_json(&self.diagnostics, &self.source_map)
    }
}

/// Compiles `text` (named `name`) to every target in `targets` from one parse.
///
/// `name` is what diagnostics show and where `#include "..."` starts looking; `reader` serves
/// the included files. The result holds the outputs, or the diagnostics that explain why there
/// are none; warnings never stop compilation. A source without entry points is error E0002
/// unless `targets` is empty (which checks and lowers without emitting).
pub fn compile(
    name: &str,
    text: &str,
    reader: &dyn FileReader,
    options: &Options,
    targets: &[Target],
) -> CompileResult {
    compile_shared(name, Arc::from(text), reader, options, targets)
}

/// [`compile`] of a shared text, which the compiler keeps (for diagnostics) without copying
/// it: the `luma` binary reads each source into an `Arc<str>` and passes it here.
pub fn compile_shared(
    name: &str,
    text: Arc<str>,
    reader: &dyn FileReader,
    options: &Options,
    targets: &[Target],
) -> CompileResult {
    let mut diags = options.diagnostics();
    let mut parsed = parse_shared(name, text, reader, options, &mut diags);
    let mut outputs = Vec::new();
    let mut module_out = None;
    let mut reflection = None;
    // The checker runs even after syntax errors (the tree marks what failed to parse), so one
    // error never hides the others.
    if let Some(mut program) = check_taking_bodies(&mut parsed, options, &mut diags) {
        // Past checking, the syntax tree only serves to point back-end errors and warnings at
        // entry functions and globals: keep their names, and free the rest before lowering
        // builds the IR. Likewise each function body of the typed program is freed as soon as
        // it is lowered (and the function optimised), and the rest of it right after.
        parsed.ast = declaration_names(std::mem::take(&mut parsed.ast));
        let optimized = lower_optimized(&mut program, &parsed, options, &mut diags);
        drop(program);
        if let Some(module) = optimized {
            if module.entry_points.is_empty() && !targets.is_empty() {
                diags.push(no_entry_points());
            }
            let mut failures = Vec::new();
            let mut compiled = Vec::new();
            for &target in targets.iter().filter(|_| !module.entry_points.is_empty()) {
                match emit(&module, target, options) {
                    Ok(mut out) => {
                        outputs.append(&mut out);
                        compiled.push(target);
                        for warning in warnings(&module, target, Some(&parsed)) {
                            diags.push(warning);
                        }
                    }
                    Err(e) => failures.push((e.target, e.to_diagnostic(Some(&parsed)))),
                }
            }
            let failed: Vec<Target> = failures.iter().map(|(target, _)| *target).collect();
            let note = emit::other_targets_note(&failed, &compiled);
            for (_, diagnostic) in failures {
                diags.push(diagnostic.with_note(note.clone()));
            }
            if options.reflect && !diags.has_errors() {
                let reflect_options = luma_reflect::ReflectOptions {
                    hlsl_num_workgroups: options.hlsl_num_workgroups,
                    msl_options: emit::msl_options(options),
                    ..luma_reflect::ReflectOptions::default()
                };
                match luma_reflect::reflect(&module, &reflect_options) {
                    Ok(r) => reflection = Some(r),
                    Err(e) => diags.push(reflection_failure(e, &parsed)),
                }
            }
            module_out = Some(module);
        }
    }
    if diags.has_errors() {
        outputs.clear();
        reflection = None;
    }
    diags.sort_by_position();
    let error_count = diags.error_count();
    let warning_count = diags.warning_count();
    CompileResult {
        outputs,
        diagnostics: diags.into_vec(),
        error_count,
        warning_count,
        source_map: parsed.source_map,
        includes: parsed.includes,
        module: module_out,
        reflection,
    }
}

/// Why a module could not be reflected, as a diagnostic: the HLSL back end's own error when it
/// cannot number the resources (reflection gives every resource its HLSL register), pointing
/// at the resource it blames, else an internal error.
fn reflection_failure(e: luma_reflect::ReflectError, parsed: &Parsed) -> Diagnostic {
    match e.hlsl_code {
        Some(code) => {
            let at = e
                .global
                .as_deref()
                .and_then(|name| Some((emit::global_name_span(parsed, name)?, name)));
            let message = format!("hlsl: {}", e.message);
            let d = match at {
                Some((span, name)) => Diagnostic::error(code, span, message)
                    .with_primary_label(format!("`{name}` is declared here")),
                None => Diagnostic::error(code, NO_LOCATION, message),
            };
            d.with_note("reflection gives every resource its HLSL register, so it fails too")
        }
        None => codes::internal(format!("reflection failed: {e}")),
    }
}

/// A syntax tree holding only `ast`'s functions, globals and constants, each reduced to its
/// name (what [`EmitError::to_diagnostic`] and back-end warnings look up), and the module's
/// name table the names are interned in. [`compile`] swaps the tree for this once checked, to
/// free it before lowering.
///
/// Globals and constants keep their names only: their types and values are one `Error` node
/// each, since nothing past checking reads them.
pub fn declaration_names(ast: Ast) -> Ast {
    use luma_syntax::ast::{ConstDecl, Expr, ExprKind, GlobalDecl, TypeExpr, TypeExprKind};
    let mut reduced = Ast::default();
    let no_type = reduced.nodes.push_type(TypeExpr {
        kind: TypeExprKind::Error,
        span: NO_LOCATION,
    });
    let no_value = reduced.nodes.push_expr(Expr {
        kind: ExprKind::Error,
        span: NO_LOCATION,
    });
    reduced.items = ast
        .items
        .iter()
        .filter_map(|item| {
            let kind = match &item.kind {
                ItemKind::Function(f) => ItemKind::Function(luma_syntax::ast::FunctionDecl {
                    name: f.name,
                    params: Vec::new(),
                    ret: None,
                    body: luma_syntax::ast::Body::default(),
                }),
                ItemKind::Global(g) => ItemKind::Global(GlobalDecl {
                    kind: g.kind,
                    keyword_span: g.keyword_span,
                    name: g.name,
                    ty: no_type,
                }),
                ItemKind::Const(c) => ItemKind::Const(ConstDecl {
                    name: c.name,
                    ty: None,
                    value: no_value,
                }),
                ItemKind::Struct(_) | ItemKind::Error => return None,
            };
            Some(luma_syntax::ast::Item {
                attributes: Vec::new(),
                kind,
                span: item.span,
            })
        })
        .collect();
    reduced.names = ast.names;
    reduced
}

/// Compiles the file at `path` to optimised IR, with `tests/shaders/include`-style include
/// directories given in `include_dirs`; on failure returns the rendered diagnostics. Meant for
/// tests and tools that drive a back end directly.
pub fn frontend_ir_with(path: &Path, options: &Options) -> Result<IrModule, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.to_string_lossy();
    let mut diags = options.diagnostics();
    let mut parsed = parse(&name, &text, &FsReader, options, &mut diags);
    let render = |diags: &Diagnostics, parsed: &Parsed| {
        render_human(
            diags.as_slice(),
            &parsed.source_map,
            &HumanOptions::default(),
        )
    };
    let Some(mut program) = check_taking_bodies(&mut parsed, options, &mut diags) else {
        return Err(render(&diags, &parsed));
    };
    // As `compile` does: each function optimised as soon as it is lowered.
    let Some(module) = lower_optimized(&mut program, &parsed, options, &mut diags) else {
        return Err(render(&diags, &parsed));
    };
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

/// Compiles `text` (named `name`) to optimised IR with `options` and reflects it: entry points,
/// bindings with their std140/std430 layouts, push constants, specialization constants, and
/// where the MSL and HLSL back ends put each resource (see [`luma_reflect`] for the JSON schema;
/// the HLSL registers follow the same `options` as [`emit`]). On failure the error holds the
/// diagnostics and the source map to render them.
///
/// ```
/// use lumac::{MemoryReader, Options};
///
/// let source = "
/// struct Light
///     color: vec3
///     intensity: float
/// end
/// uniform light: Light
/// @group(1) uniform albedo: sampler2D
/// @entry(fragment)
/// function main(uv: vec2) -> (color: vec4)
///     return { color = sample(albedo, uv) * vec4(light.color * light.intensity, 1.0) }
/// end
/// ";
/// let reflection = lumac::reflect("lit.luma", source, &MemoryReader::default(),
///                                 &Options::default())
///     .map_err(|failed| failed.render(false))
///     .unwrap();
/// let light = &reflection.bindings[0];
/// assert_eq!((light.group, light.binding, light.size), (0, 0, Some(16)));
/// // std140: the float packs into the vec3's last four bytes.
/// assert_eq!(reflection.structs[0].members[1].offset, 12);
/// let texture = &reflection.bindings[1];
/// assert_eq!((texture.group, texture.binding), (1, 0));
/// assert_eq!(texture.combined_name.as_deref(), Some("albedo"));
/// assert_eq!(texture.hlsl.register, "t0");
/// assert!(reflection.to_json().contains("\"schema\": \"luma-reflect/1\""));
/// ```
pub fn reflect(
    name: &str,
    text: &str,
    reader: &dyn FileReader,
    options: &Options,
) -> Result<Reflection, Box<CompileResult>> {
    // `compile` reflects while it still has the declarations' names to point errors at.
    let options = Options {
        reflect: true,
        ..options.clone()
    };
    let mut result = compile(name, text, reader, &options, &[]);
    match result.reflection.take() {
        Some(reflection) if result.success() => Ok(reflection),
        _ => Err(Box::new(result)),
    }
}
