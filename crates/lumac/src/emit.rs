//! Running the back ends: one IR module in, the outputs of one target out.

use luma_base::{Diagnostic, Span};
use luma_ir::{Module, ShaderStage};
use sha2::{Digest, Sha256};

use crate::codes::E0004;
use crate::{Options, Target};

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
}

/// One compiled output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The target.
    pub target: Target,
    /// For per-entry outputs (GLSL): the entry point's name and stage.
    pub entry_point: Option<(String, ShaderStage)>,
    /// The output.
    pub data: OutputData,
    /// SHA-256 of the output bytes.
    pub hash: [u8; 32],
}

impl Output {
    fn new(target: Target, entry_point: Option<(String, ShaderStage)>, data: OutputData) -> Output {
        let hash = Sha256::digest(data.as_bytes()).into();
        Output {
            target,
            entry_point,
            data,
            hash,
        }
    }

    /// The conventional file suffix: `spv`, `wgsl`, `hlsl`, `metal`, and for GLSL the stage
    /// (`vert`, `frag`, `comp`, `geom`, `tesc`, `tese`).
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

    /// The file name for an output of `stem` (`shader.spv`, `shader.main_vs.vert`).
    pub fn file_name(&self, stem: &str) -> String {
        match &self.entry_point {
            Some((entry, _)) => format!("{stem}.{entry}.{}", self.extension()),
            None => format!("{stem}.{}", self.extension()),
        }
    }

    /// The output hash as lowercase hex.
    pub fn hash_hex(&self) -> String {
        hex(&self.hash)
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

fn target_error(target: Target, code: luma_base::Code, message: String) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(
            E0004,
            Span::point(0),
            format!("{}: {message}", target.name()),
        )
        .with_note(format!(
            "reported by the {} back end as {code}",
            target.name()
        )),
    )
}

/// Emits `module` for `target`. GLSL gives one output per entry point; every other target one
/// output holding every entry point.
pub fn emit(
    module: &Module,
    target: Target,
    options: &Options,
) -> Result<Vec<Output>, Box<Diagnostic>> {
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
            .map_err(|e| target_error(target, e.code, e.message))?;
            Ok(vec![Output::new(
                target,
                None,
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
            .map_err(|e| target_error(target, e.code, e.message))?;
            Ok(outputs
                .into_iter()
                .map(|(entry, stage, source)| {
                    Output::new(target, Some((entry, stage)), OutputData::Text(source))
                })
                .collect())
        }
        Target::Hlsl => {
            let out = luma_back_hlsl::write(
                module,
                &luma_back_hlsl::Options {
                    line_directives: lines,
                    bounds_checks: options.bounds_checks,
                    ..luma_back_hlsl::Options::default()
                },
            )
            .map_err(|e| target_error(target, e.code, e.message))?;
            Ok(vec![Output::new(
                target,
                None,
                OutputData::Text(out.source),
            )])
        }
        Target::Msl => {
            let out = luma_back_msl::write(
                module,
                &luma_back_msl::Options {
                    bounds_checks: options.bounds_checks,
                    ..luma_back_msl::Options::default()
                },
            )
            .map_err(|e| target_error(target, e.code, e.message))?;
            Ok(vec![Output::new(
                target,
                None,
                OutputData::Text(out.source),
            )])
        }
        Target::Wgsl => {
            let source = luma_back_wgsl::write(module, &luma_back_wgsl::Options::default())
                .map_err(|e| target_error(target, e.code, e.message))?;
            Ok(vec![Output::new(target, None, OutputData::Text(source))])
        }
    }
}
