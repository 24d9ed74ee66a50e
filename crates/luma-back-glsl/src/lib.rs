//! GLSL 450 (Vulkan flavour) back end: one GLSL source per entry point.
//!
//! The output is what `glslangValidator -V --target-env vulkan1.1` compiles: `#version 450`,
//! `layout(location=)` inputs and outputs, `layout(set=, binding=)` resources, `std140` uniform
//! blocks and `std430` storage and push-constant blocks (GLSL's own rules for those layouts are
//! exactly Luma's layout contract, so no offsets are spelled out; the tests check that glslang's
//! offsets equal the layouter's), combined samplers where the source declared them, separate
//! `texture2D` + `sampler` objects joined by `sampler2D(t, s)` constructors otherwise.
//!
//! Values follow [`luma_back::plan`]: impure or shared values become named temporaries, pure
//! values used once are written into their use. `If` results and loop-carried values are
//! variables declared before their construct and assigned where the IR binds them.
//!
//! Operators compute Luma's meaning, not GLSL's: integer `/` and `%` go through small helper
//! functions (`x / 0 == x`, `x % 0 == 0`, `MIN / -1 == MIN`, truncated remainder), float `%`
//! through `x - y * trunc(x / y)`, shift counts are masked, `round` is `roundEven`, and dynamic
//! indices are clamped into their array, vector or matrix when [`Options::bounds_checks`] is on.

#![forbid(unsafe_code)]

mod body;
pub mod codes;
mod helpers;
mod keywords;
mod writer;

use std::fmt;

use luma_base::Code;
use luma_ir::{Module, ShaderStage};

pub use keywords::{RESERVED, RESERVED_PREFIXES};

/// What to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The entry point to write (GLSL holds one entry point per source). Ignored by
    /// [`write_all`].
    pub entry_point: String,
    /// Whether to write `#line` directives that map the output back to the Luma sources
    /// (`GL_GOOGLE_cpp_style_line_directive` when they name files).
    pub line_directives: bool,
    /// Whether to clamp dynamic indices into their array, vector or matrix (GLSL, unlike the IR,
    /// leaves out-of-range accesses undefined); also texel fetches (level or sample,
    /// coordinate, layer), size query levels and storage image loads into the texture, and to
    /// skip out-of-range storage image stores (Vulkan leaves those undefined).
    pub bounds_checks: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            entry_point: String::new(),
            line_directives: false,
            bounds_checks: true,
        }
    }
}

/// Why a module could not be written as GLSL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The diagnostic code (see [`codes`]).
    pub code: Code,
    /// What went wrong, lower case, naming the construct.
    pub message: String,
    /// The module global (a resource, push-constant block or private variable) the error is
    /// about, by its IR name, when one is to blame: lets the caller point at its declaration.
    pub global: Option<String>,
}

impl Error {
    pub(crate) fn new(code: Code, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
            global: None,
        }
    }

    /// The error, blaming the module global `name`.
    pub(crate) fn about_global(self, name: &str) -> Error {
        Error {
            global: Some(name.to_string()),
            ..self
        }
    }

    /// An IR shape that a verified module never has.
    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(codes::INVALID_IR, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

/// Writes the entry point `options.entry_point` of `module` as a GLSL 450 source.
pub fn write(module: &Module, options: &Options) -> Result<String, Error> {
    let index = module
        .entry_points
        .iter()
        .position(|e| e.name == options.entry_point)
        .ok_or_else(|| {
            Error::new(
                codes::NO_SUCH_ENTRY_POINT,
                format!(
                    "the module has no entry point `{}`; it has {}",
                    options.entry_point,
                    entry_list(module)
                ),
            )
        })?;
    let shared = writer::Shared::new(module);
    writer::Writer::new(module, options, index, &shared)?.write()
}

/// Writes every entry point of `module`, in source order: `(entry point name, stage, source)`.
/// `options.entry_point` is ignored.
pub fn write_all(
    module: &Module,
    options: &Options,
) -> Result<Vec<(String, ShaderStage, String)>, Error> {
    let mut out = Vec::with_capacity(module.entry_points.len());
    let shared = writer::Shared::new(module);
    for (index, entry) in module.entry_points.iter().enumerate() {
        let source = writer::Writer::new(module, options, index, &shared)?.write()?;
        out.push((entry.name.clone(), entry.stage, source));
    }
    Ok(out)
}

fn entry_list(module: &Module) -> String {
    if module.entry_points.is_empty() {
        return "none".to_string();
    }
    module
        .entry_points
        .iter()
        .map(|e| format!("`{}`", e.name))
        .collect::<Vec<_>>()
        .join(", ")
}
