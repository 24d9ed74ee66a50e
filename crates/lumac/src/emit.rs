//! Running the back ends: one IR module in, the outputs of one target out, and back-end
//! failures turned into diagnostics that point at the entry point that caused them.

use std::fmt;

use luma_base::{Code, Diagnostic, Span};
use luma_ir::{Module, ShaderStage};
use luma_syntax::ast::ItemKind;
use sha2::{Digest, Sha256};

use crate::{Options, Parsed, Target, NO_LOCATION};

/// The bytes of one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputData {
    /// Source text (GLSL, HLSL, MSL, WGSL).
    Text(String),
    /// Binary (SPIR-V, little-endian words).
    Binary(Vec<u8>),
}

impl OutputData {
    /// The bytes to write to a file.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            OutputData::Text(t) => t.as_bytes(),
            OutputData::Binary(b) => b,
        }
    }

    /// The text, for the text targets; `None` for SPIR-V.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            OutputData::Text(t) => Some(t),
            OutputData::Binary(_) => None,
        }
    }
}

/// An entry point as one output holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputEntryPoint {
    /// The entry function's Luma name.
    pub name: String,
    /// Its stage.
    pub stage: ShaderStage,
    /// The name to hand the target's compiler or API: the Luma name in SPIR-V, `main` in GLSL,
    /// the (possibly renamed) function name in HLSL (`-E` for DXC), MSL and WGSL (a reserved
    /// word gets a `_` suffix, `fn_`; a name the output's own helpers take is renamed too:
    /// `luma_mod_f32` is `luma_mod_f32_1` in WGSL). Every output `lumac` writes sets it.
    pub target_name: Option<String>,
    /// HLSL only: the DXC profile (`-T`), such as `vs_6_0`.
    pub profile: Option<String>,
}

/// One compiled output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The target.
    pub target: Target,
    /// For per-entry outputs (GLSL): the entry point's name and stage.
    pub entry_point: Option<(String, ShaderStage)>,
    /// The entry points this output holds, in module order.
    pub entry_points: Vec<OutputEntryPoint>,
    /// The output.
    pub data: OutputData,
}

impl Output {
    fn new(
        target: Target,
        entry_point: Option<(String, ShaderStage)>,
        entry_points: Vec<OutputEntryPoint>,
        data: OutputData,
    ) -> Output {
        Output {
            target,
            entry_point,
            entry_points,
            data,
        }
    }

    /// SHA-256 of the output bytes. Computed on request, not with the output: hashing costs
    /// about a tenth of a SPIR-V compilation, and only `--hash` and manifests need it.
    pub fn hash(&self) -> [u8; 32] {
        Sha256::digest(self.data.as_bytes()).into()
    }

    /// The conventional file suffix: `spv`, `wgsl`, `hlsl`, `metal`, and for GLSL the stage
    /// (`vert`, `frag`, `comp`, `geom`, `tesc`, `tese`), which `glslangValidator` recognises.
    pub fn extension(&self) -> &'static str {
        match (self.target, &self.entry_point) {
            (Target::Spirv, _) => "spv",
            (Target::Wgsl, _) => "wgsl",
            (Target::Hlsl, _) => "hlsl",
            (Target::Msl, _) => "metal",
            (Target::Glsl, Some((_, stage))) => glsl_stage_extension(*stage),
            (Target::Glsl, None) => "glsl",
        }
    }

    /// The file name for an output of `stem`: `shader.spv`, or with the entry point for
    /// per-entry outputs, `shader.main_vs.vert`.
    pub fn file_name(&self, stem: &str) -> String {
        match &self.entry_point {
            Some((entry, _)) => format!("{stem}.{entry}.{}", self.extension()),
            None => format!("{stem}.{}", self.extension()),
        }
    }

    /// The output hash as lowercase hex (what `sha256sum` prints for the written file).
    pub fn hash_hex(&self) -> String {
        hex(&self.hash())
    }
}

/// Lowercase hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn glsl_stage_extension(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vert",
        ShaderStage::Fragment => "frag",
        ShaderStage::Compute => "comp",
        ShaderStage::Geometry => "geom",
        ShaderStage::TessellationControl => "tesc",
        ShaderStage::TessellationEvaluation => "tese",
    }
}

/// Why a back end could not write a module: a construct the target cannot express.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmitError {
    /// The target that failed.
    pub target: Target,
    /// The back end's diagnostic code (E09xx).
    pub code: Code,
    /// The back end's message.
    pub message: String,
    /// The entry points that fail on their own, in module order: emitting a module reduced to
    /// any one of them fails too. Empty when the failure does not belong to an entry point. In
    /// a module too large to try every entry point alone, only those among the first tried.
    /// Or, when `together` is set, the entry points the back end names for a failure they
    /// cause only together (SPIR-V's E0916).
    pub entry_points: Vec<String>,
    /// Whether `entry_points` fail only together (none fails alone).
    pub together: bool,
    /// The module global (resource, push-constant block, private variable) the back end
    /// blames, by its IR name, when one is to blame.
    pub global: Option<String>,
}

impl EmitError {
    /// The error as a diagnostic. With the parsed source, its primary span is the name of the
    /// global the back end blames, with the failing entry functions as secondary labels, or
    /// when no global is to blame, the name of the first failing entry function (others get
    /// secondary labels); without the source, or when nothing is to blame, it has no location
    /// ([`NO_LOCATION`]).
    pub fn to_diagnostic(&self, parsed: Option<&Parsed>) -> Diagnostic {
        let spans: Vec<(Span, &str)> = self
            .entry_points
            .iter()
            .filter_map(|name| entry_name_span(parsed?, name).map(|span| (span, name.as_str())))
            .collect();
        let mut spans = spans.into_iter();
        let message = format!("{}: {}", self.target.name(), self.message);
        let global = self
            .global
            .as_deref()
            .and_then(|name| Some((global_name_span(parsed?, name)?, name)));
        let mut d = match (global, spans.next()) {
            (Some((span, global)), first) => {
                let mut d = Diagnostic::error(self.code, span, message)
                    .with_primary_label(format!("`{global}` is declared here"));
                for (span, name) in first.into_iter().chain(spans) {
                    d = d.with_label(span, format!("used by entry point `{name}`"));
                }
                d
            }
            (None, Some((span, name))) => {
                let mut d = Diagnostic::error(self.code, span, message)
                    .with_primary_label(format!("entry point `{name}`"));
                for (span, name) in spans {
                    d = d.with_label(
                        span,
                        if self.together {
                            format!("and entry point `{name}`")
                        } else {
                            format!("entry point `{name}` fails too")
                        },
                    );
                }
                d
            }
            (None, None) => Diagnostic::error(self.code, NO_LOCATION, message),
        };
        if self.code == luma_back_hlsl::codes::NUM_WORKGROUPS {
            d = d.with_help(
                "give the constant buffer a binding no resource uses with \
                 `--hlsl-num-workgroups GROUP,BINDING` (`Options::hlsl_num_workgroups` in lumac)",
            );
        }
        d
    }
}

/// The note on a back end's error saying where else the module stands, once every requested
/// target has been tried: `failed` are the targets whose back ends refused it, `compiled` those
/// that wrote it. A note that other targets "can be compiled" would be wrong for a module every
/// back end refuses (a geometry entry point), so it names only what was tried.
pub(crate) fn other_targets_note(failed: &[Target], compiled: &[Target]) -> String {
    let names = |targets: &[Target]| {
        let names: Vec<&str> = targets.iter().map(|t| t.display_name()).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => (*one).to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    };
    let flags = |targets: &[Target]| {
        let names: Vec<&str> = targets.iter().map(|t| t.name()).collect();
        names.join(",")
    };
    match (failed, compiled) {
        ([one], []) => format!(
            "the error is the {} back end's: other targets were not tried, and \
             `--target` selects them",
            one.display_name()
        ),
        (_, []) => format!("every requested target failed: {}", names(failed)),
        (_, _) => format!(
            "{} compiled this module; `--target {}` writes only {}",
            names(compiled),
            flags(compiled),
            if compiled.len() == 1 { "it" } else { "them" }
        ),
    }
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.code,
            self.target.name(),
            self.message
        )
    }
}

impl std::error::Error for EmitError {}

/// The span of the name of the function `name` in the parsed source.
fn entry_name_span(parsed: &Parsed, name: &str) -> Option<Span> {
    parsed.ast.items.iter().find_map(|item| match &item.kind {
        ItemKind::Function(f) if parsed.ast.name(f.name.name) == name => Some(f.name.span),
        _ => None,
    })
}

/// The span of the name of the module-scope global or constant `name` in the parsed source
/// (back ends name a constant table that lowering made a private variable by the constant).
pub(crate) fn global_name_span(parsed: &Parsed, name: &str) -> Option<Span> {
    parsed.ast.items.iter().find_map(|item| {
        let ident = match &item.kind {
            ItemKind::Global(g) => &g.name,
            ItemKind::Const(c) => &c.name,
            _ => return None,
        };
        (parsed.ast.name(ident.name) == name).then_some(ident.span)
    })
}

/// A back end's refusal, as `emit_once` reports it.
struct Failure {
    code: Code,
    message: String,
    global: Option<String>,
    /// The entry points the back end blames together, when it knows (otherwise each is tried
    /// alone, see [`failing_entry_points`]).
    entry_points: Vec<String>,
}

impl Failure {
    fn new(code: Code, message: String, global: Option<String>) -> Failure {
        Failure {
            code,
            message,
            global,
            entry_points: Vec::new(),
        }
    }
}

/// The MSL back end's options for `options`: the output's and reflection's run of it agree.
pub(crate) fn msl_options(options: &Options) -> luma_back_msl::Options {
    luma_back_msl::Options {
        lang_version: options.msl_version,
        bounds_checks: options.bounds_checks,
    }
}

/// Emits `module` for `target`. GLSL gives one output per entry point; every other target one
/// output holding every entry point.
///
/// On failure the error names the entry points that cannot be emitted (found by emitting each
/// alone), so [`EmitError::to_diagnostic`] can point at them.
///
/// ```
/// use lumac::{emit, Diagnostics, MemoryReader, Options, Target};
///
/// let source = "@entry(compute) @workgroup_size(8)\nfunction main()\nend\n";
/// let options = Options::default();
/// let mut diags = Diagnostics::new(100);
/// let parsed = lumac::parse("k.luma", source, &MemoryReader::default(), &options, &mut diags);
/// let program = lumac::check(&parsed, &options, &mut diags).unwrap();
/// let module = lumac::lower(&program, &parsed, &options, &mut diags).unwrap();
/// let outputs = emit(&module, Target::Glsl, &options).unwrap();
/// assert_eq!(outputs[0].file_name("k"), "k.main.comp");
/// assert!(outputs[0].data.as_text().unwrap().contains("local_size_x = 8"));
/// ```
pub fn emit(module: &Module, target: Target, options: &Options) -> Result<Vec<Output>, EmitError> {
    emit_once(module, target, options).map_err(|failure| {
        let together = !failure.entry_points.is_empty();
        let entry_points = if together {
            failure.entry_points
        } else if fails_on_options_alone(target, options, failure.code) {
            // A version the back end does not write (`Options::spirv_version` of 2.0, say):
            // the options are to blame, not any entry point of the source.
            Vec::new()
        } else {
            failing_entry_points(module, target, options)
        };
        EmitError {
            target,
            code: failure.code,
            message: failure.message,
            entry_points,
            together,
            global: failure.global,
        }
    })
}

/// How much work [`failing_entry_points`] may spend, in units of [`module_size`]: each entry
/// point tried costs about one module's worth (a copy of it and a back end run), so trying
/// every one of `n` entry points of a module that grows with `n` is quadratic (4,000 compute
/// entry points with a buffer each, past Metal's buffer slots: 25 s). Below this, every entry
/// point is tried, as before; past it, at least [`MIN_BLAME_TRIES`] are.
const BLAME_BUDGET: usize = 1 << 20;

/// Entry points tried however large the module is.
const MIN_BLAME_TRIES: usize = 8;

/// A measure of the work one back end run (and one copy) of `module` takes.
fn module_size(module: &Module) -> usize {
    let functions: usize = module
        .functions
        .iter()
        .map(|(_, f)| {
            f.values.len()
                + f.locals.len()
                + f.blocks
                    .iter()
                    .map(|(_, b)| b.stmts.len() + 1)
                    .sum::<usize>()
        })
        .sum();
    let sources: usize = module
        .debug_sources
        .iter()
        .map(|s| s.text.as_ref().map_or(0, String::len) / 16)
        .sum();
    functions
        + module.types.len()
        + module.constants.len()
        + module.globals.len()
        + module.entry_points.len()
        + sources
        + 1
}

/// Whether `target`'s back end refuses `options` themselves, with the error `code` it gave for
/// the module: it refuses an empty module with them too (each back end accepts an empty
/// module with the default options), so no construct of the source is to blame.
fn fails_on_options_alone(target: Target, options: &Options, code: Code) -> bool {
    matches!(emit_once(&Module::default(), target, options), Err(f) if f.code == code)
}

/// The entry points whose module, reduced to that one entry point, fails to emit, in module
/// order. Only run after a failure, so the cost is paid by programs that do not compile, and
/// bounded by [`BLAME_BUDGET`]: in a module too large to try them all, the first ones tried
/// within the budget (the diagnostic's labels are a pointer, not an inventory).
fn failing_entry_points(module: &Module, target: Target, options: &Options) -> Vec<String> {
    if module.entry_points.len() == 1 {
        return module.entry_points.iter().map(|e| e.name.clone()).collect();
    }
    let tries = (BLAME_BUDGET / module_size(module)).max(MIN_BLAME_TRIES);
    module
        .entry_points
        .iter()
        .take(tries)
        .filter(|entry| {
            let mut alone = module.clone();
            // Drop the functions only the other entry points reach, as `--entry` does: a back
            // end that plans declarations from every function's use of a global (WGSL's
            // per-access storage images) would otherwise blame this entry point for theirs.
            crate::select::retain_entry_points(&mut alone, |e| e.name == entry.name);
            emit_once(&alone, target, options).is_err()
        })
        .map(|e| e.name.clone())
        .collect()
}

/// The warnings of `target`'s back end about `module`: output that is written but that some
/// consumers of the target reject (only WGSL has such warnings). With the parsed source each
/// points at the name of the entry function it is about; without it, it has no location.
pub fn warnings(module: &Module, target: Target, parsed: Option<&Parsed>) -> Vec<Diagnostic> {
    if target != Target::Wgsl {
        return Vec::new();
    }
    luma_back_wgsl::warnings(module)
        .into_iter()
        .map(|w| {
            let message = format!("{}: {}", target.name(), w.message);
            let mut d = match parsed.and_then(|p| entry_name_span(p, &w.entry_point)) {
                Some(span) => Diagnostic::warning(w.code, span, message)
                    .with_primary_label(format!("entry point `{}`", w.entry_point)),
                None => Diagnostic::warning(w.code, NO_LOCATION, message),
            };
            if let Some(span) = parsed.and_then(|p| global_name_span(p, &w.global)) {
                d = d.with_label(span, format!("`{}` is declared here", w.global));
            }
            d.with_help(w.help)
        })
        .collect()
}

fn same_name_entries(module: &Module) -> Vec<OutputEntryPoint> {
    module
        .entry_points
        .iter()
        .map(|e| OutputEntryPoint {
            name: e.name.clone(),
            stage: e.stage,
            target_name: Some(e.name.clone()),
            profile: None,
        })
        .collect()
}

/// Pairs the back end's entry point list (module order) with the module's Luma names.
fn renamed_entries(
    module: &Module,
    names: impl Iterator<Item = (String, Option<String>)>,
) -> Vec<OutputEntryPoint> {
    module
        .entry_points
        .iter()
        .zip(names)
        .map(|(e, (target_name, profile))| OutputEntryPoint {
            name: e.name.clone(),
            stage: e.stage,
            target_name: Some(target_name),
            profile,
        })
        .collect()
}

fn emit_once(module: &Module, target: Target, options: &Options) -> Result<Vec<Output>, Failure> {
    let lines = options.debug || options.line_directives;
    match target {
        Target::Spirv => {
            let words = luma_back_spirv::write(
                module,
                &luma_back_spirv::Options {
                    version: options.spirv_version,
                    debug: options.debug,
                    entry_point: None,
                    bounds_checks: options.bounds_checks,
                },
            )
            .map_err(|e| Failure {
                entry_points: e.entry_points,
                ..Failure::new(e.code, e.message, None)
            })?;
            Ok(vec![Output::new(
                target,
                None,
                same_name_entries(module),
                OutputData::Binary(luma_back_spirv::to_bytes(&words)),
            )])
        }
        Target::Glsl => {
            let outputs = luma_back_glsl::write_all(
                module,
                &luma_back_glsl::Options {
                    entry_point: String::new(),
                    line_directives: lines,
                    bounds_checks: options.bounds_checks,
                },
            )
            .map_err(|e| Failure::new(e.code, e.message, e.global))?;
            Ok(outputs
                .into_iter()
                .map(|(entry, stage, source)| {
                    let info = OutputEntryPoint {
                        name: entry.clone(),
                        stage,
                        target_name: Some("main".to_string()),
                        profile: None,
                    };
                    Output::new(
                        target,
                        Some((entry, stage)),
                        vec![info],
                        OutputData::Text(source),
                    )
                })
                .collect())
        }
        Target::Hlsl => {
            let out = luma_back_hlsl::write(
                module,
                &luma_back_hlsl::Options {
                    shader_model: options
                        .hlsl_shader_model
                        .unwrap_or_else(|| lowest_shader_model(module)),
                    line_directives: lines,
                    bounds_checks: options.bounds_checks,
                    num_workgroups: options.hlsl_num_workgroups,
                    ..luma_back_hlsl::Options::default()
                },
            )
            .map_err(|e| Failure::new(e.code, e.message, e.global))?;
            let entries = renamed_entries(
                module,
                out.entry_points
                    .into_iter()
                    .map(|e| (e.name, Some(e.profile))),
            );
            Ok(vec![Output::new(
                target,
                None,
                entries,
                OutputData::Text(out.source),
            )])
        }
        Target::Msl => {
            let out = luma_back_msl::write(module, &msl_options(options))
                .map_err(|e| Failure::new(e.code, e.message, e.global))?;
            let entries =
                renamed_entries(module, out.entry_points.into_iter().map(|e| (e.name, None)));
            Ok(vec![Output::new(
                target,
                None,
                entries,
                OutputData::Text(out.source),
            )])
        }
        Target::Wgsl => {
            let wgsl_options = luma_back_wgsl::Options {
                bounds_checks: options.bounds_checks,
            };
            let source = luma_back_wgsl::write(module, &wgsl_options)
                .map_err(|e| Failure::new(e.code, e.message, e.global))?;
            Ok(vec![Output::new(
                target,
                None,
                wgsl_entries(module),
                OutputData::Text(source),
            )])
        }
    }
}

/// The lowest HLSL shader model the module needs: 6.2 with 16-bit floats, 6.0 otherwise.
fn lowest_shader_model(module: &Module) -> (u8, u8) {
    use luma_ir::{ScalarKind, TypeInner};
    let half = module.types.iter().any(|(_, t)| {
        matches!(&t.inner,
            TypeInner::Scalar(s) | TypeInner::Atomic(s)
            | TypeInner::Vector { scalar: s, .. }
            | TypeInner::Matrix { scalar: s, .. } if s.kind == ScalarKind::Float && s.width == 2)
    });
    if half {
        (6, 2)
    } else {
        (6, 0)
    }
}

/// WGSL entry points, under the names the back end gives their functions: the Luma name, or
/// a renamed one when WGSL or one of the back end's helpers reserves it.
fn wgsl_entries(module: &Module) -> Vec<OutputEntryPoint> {
    renamed_entries(
        module,
        luma_back_wgsl::entry_point_names(module)
            .into_iter()
            .map(|name| (name, None)),
    )
}
