//! WGSL back end: one WGSL module with every entry point.
//!
//! The output is what naga's validator and Tint accept: `@vertex`/`@fragment`/`@compute`
//! entry points with `@location`/`@builtin`/`@interpolate` parameters and results, resources
//! with `@group`/`@binding`, `var<uniform>`, `var<storage, read|read_write>`, `var<workgroup>`,
//! `atomic<T>`, `override` with `@id` for specialization constants, and the push-constant block
//! as `var<immediate>` (naga 30's and Tint's name; WGSL's immediate data excludes `half`,
//! E0955, and arrays: a block holding arrays is declared flat, one member per scalar, vector or
//! matrix at its std430 offset, and each function that reads the block starts by copying it
//! into a local `var` of the block's type).
//!
//! Layouts are exactly the layouter's: storage and push-constant memory (std430) is WGSL's own
//! layout, and uniform memory (std140) gets `@size` attributes on struct members, element
//! wrapper structs for arrays whose std140 stride WGSL would not give, and column wrapper
//! structs for matrices whose std140 column stride WGSL would not give. Reads of such padded
//! data convert it back to the plain type.
//!
//! Values follow [`luma_back::plan`]: impure or shared values become `let` temporaries, pure
//! values used once are written into their use, `If` results and loop-carried values are
//! `var`s declared before their construct.
//!
//! Operators compute Luma's meaning: WGSL's integer `/` and `%` already are Luma's, and so is
//! its float `%`; `mod` is `x - y * floor(x / y)`, constant shift counts are masked, and
//! expressions WGSL would evaluate at shader-creation time and reject (an overflowing constant
//! sum, a constant division by zero) are kept from being constant expressions.

#![forbid(unsafe_code)]

mod body;
pub mod codes;
mod helpers;
mod keywords;
mod layout;
mod templates;
mod warnings;
mod writer;

use std::fmt;

use luma_base::Code;
use luma_ir::Module;

pub use keywords::{RESERVED, RESERVED_PREFIXES};
pub use warnings::{warnings, Warning};

/// What to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Clamp run-time indices into arrays, vectors and matrices in buffer memory (storage,
    /// uniform, push constants) into range, as the other back ends do. WGSL itself bounds an
    /// out-of-range access only to its variable, so without this a store may land in another
    /// element or member of the same buffer (never outside it). Indices into function, private
    /// and workgroup memory are clamped by WebGPU implementations either way. Run-time indices
    /// into arrays of textures, samplers and storage images (naga's binding arrays, which
    /// nothing bounds) are clamped too.
    pub bounds_checks: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bounds_checks: true,
        }
    }
}

/// Why a module could not be written as WGSL.
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

/// Writes `module`, every entry point included, as one WGSL source.
pub fn write(module: &Module, options: &Options) -> Result<String, Error> {
    // A helper that a vertex shader and another entry point both call, and that reaches a
    // writable buffer or image, gets a copy for the vertex shader, which can then name the
    // read-only declaration of the buffer or image (WebGPU gives vertex shaders no writable
    // storage).
    let split = luma_back::split_shared_functions(
        module,
        |entry| entry.stage == luma_ir::ShaderStage::Vertex,
        |graph, f| {
            graph
                .reachable_globals(f)
                .iter()
                .any(|&g| writer::vertex_needs_read_only_twin(module, g))
        },
    );
    let module = split.as_ref().unwrap_or(module);
    // A helper that only queries a read-write image (`image_size`), shared by entry points that
    // only store the image and others, gets a copy for the storing ones, so that neither needs
    // a `read_write` declaration, which WGSL has only for the r32 formats.
    let split = luma_back::split_image_query_helpers(module, |format| {
        !matches!(
            format,
            luma_ir::StorageFormat::R32Float
                | luma_ir::StorageFormat::R32Uint
                | luma_ir::StorageFormat::R32Sint
        )
    });
    writer::Writer::new(split.as_ref().unwrap_or(module), options)?.write()
}

/// The WGSL function name of each entry point of `module`, in order: the Luma name, or the name
/// with a `_` suffix when WGSL reserves it (what a pipeline must ask for). Entry points that
/// share a function share its name.
pub fn entry_point_names(module: &Module) -> Vec<String> {
    writer::entry_point_names(module).1
}
