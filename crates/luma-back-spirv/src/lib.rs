//! SPIR-V binary back end: a verified [`luma_ir::Module`] in, a SPIR-V module (as 32-bit words)
//! out, valid for `spirv-val --target-env vulkanX.Y` at the chosen SPIR-V version.
//!
//! # Shape
//!
//! [`write()`] builds a [`Writer`], which fills the sections of the module in the order SPIR-V
//! requires (capabilities, extensions, the `GLSL.std.450` import, memory model, entry points,
//! execution modes, debug strings and names, decorations, types/constants/globals, functions)
//! and joins them behind the header. Everything is created on demand, so only the types,
//! constants, capabilities and extensions the module really uses appear, and the emission order
//! (and so the output) depends only on the IR and the [`Options`].
//!
//! # Decisions
//!
//! - **Types** are deduplicated by their SPIR-V structure, decorations included. A struct or
//!   array that lives in a uniform buffer (std140), a storage buffer or push constant block
//!   (std430) or in plain memory/values (no explicit layout) gets one SPIR-V type per distinct
//!   set of `Offset` / `ArrayStride` / `MatrixStride` decorations; copying a whole composite
//!   between two such types is one `OpCopyLogical` from SPIR-V 1.4 (but a buffer's `Block`
//!   struct goes member by member into and out of plain values: Mesa's SPIR-V reader fails
//!   pipelines that `OpCopyLogical` between a block and a struct), and before that goes member
//!   by member and element by element (arrays longer than 64 elements, and arrays whose elements
//!   together take more than 1,024 straight-line copies, such as nested short arrays, with a
//!   loop through a function variable, so code size does not grow with array length). Offsets
//!   and strides come only from [`luma_ir::layout`].
//! - **Buffers**: a uniform, storage or push-constant global whose type is a struct gets a copy of
//!   that struct decorated `Block` (so the struct can still be nested elsewhere undecorated);
//!   any other type is wrapped in a one-member `Block` struct named `<global>_block` whose member
//!   carries the global's name. Storage buffers use the `StorageBuffer` storage class (with
//!   `SPV_KHR_storage_buffer_storage_class` below SPIR-V 1.3); read-only ones are `NonWritable`.
//! - **Entry points**: each entry point becomes a `void()` function whose parameters are read from
//!   `Input` variables at its start and whose results are stored to `Output` variables at each
//!   `Return`. Below SPIR-V 1.4 the interface lists the `Input`/`Output` variables; from 1.4 it
//!   lists every global the entry point uses.
//! - **Control flow** is the IR's structure: `If` becomes a selection construct, `Loop` a loop
//!   construct whose continue target only branches back to the header; `If` results, carried
//!   values and loop results become `OpPhi` (or the incoming value itself when a merge has a
//!   single predecessor).
//! - **Semantics** follow the IR docs exactly: integer division and remainder select a divisor of
//!   1 when it is 0 or when `MIN / -1` would overflow (which then yields the defined results
//!   directly), shift counts are masked to 31, float `%` is `x - y * trunc(x / y)`, `clamp` with
//!   possibly crossed bounds is `min(max(x, lo), hi)`, numeric-to-bool compares with zero and
//!   bool-to-numeric selects 1 or 0. With [`Options::bounds_checks`], dynamic indices into arrays,
//!   vectors and matrices are clamped (`UMin`) to the last element; a runtime-sized array is
//!   clamped to `OpArrayLength - 1` (read once per function). A runtime-sized array of length 0
//!   has no element to clamp to: such an access is left to the driver's robustness. Float `==`
//!   and orderings are ordered comparisons, `!=` is unordered (true for NaN), as in IEEE 754.
//! - **Discard** is `OpKill`, or `OpTerminateInvocation` from SPIR-V 1.6 (where `OpKill` is
//!   deprecated). Demote-to-helper would change the meaning (later derivatives and stores would
//!   still run), so it is not used.
//! - **Debug** ([`Options::debug`]): one `OpString` per debug source, `OpSource` with the file
//!   text when the IR has it, `OpName` / `OpMemberName` for everything that has a source name,
//!   and an `OpLine` wherever a statement's source line changes. SPIR-V has no identifiers to
//!   legalize, so names are the source names as they are (entry point names must be exact).
//!   The header's generator word is 0: Luma has no registered SPIR-V tool id yet.

#![forbid(unsafe_code)]

mod convert;
mod expr;
mod function;
mod image;
mod layout;
mod types;
mod words;
mod writer;

pub mod codes;

use std::fmt;

use luma_base::Code;
use luma_ir::Module;

pub use writer::Writer;

/// What to emit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The SPIR-V version, `(1, 0)` through `(1, 6)`. The default `(1, 3)` is Vulkan 1.1's.
    pub version: (u8, u8),
    /// Emit debug information: `OpSource` (with the file text when the IR has it), `OpName` /
    /// `OpMemberName` and `OpLine`.
    pub debug: bool,
    /// Emit only the entry point of this name (and what it uses); all of them when `None`.
    pub entry_point: Option<String>,
    /// Clamp dynamic indices so that no access touches memory outside its array, vector or
    /// matrix (SPIR-V itself gives no such guarantee); also clamp texel fetches (level or
    /// sample, coordinate, layer), size query levels and storage image loads into the texture,
    /// and skip out-of-range storage image stores (Vulkan leaves those undefined).
    pub bounds_checks: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            version: (1, 3),
            debug: false,
            entry_point: None,
            bounds_checks: true,
        }
    }
}

/// Why a module could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The diagnostic code (see [`codes`]).
    pub code: Code,
    /// What went wrong, lower case, naming the construct in backticks.
    pub message: String,
    /// The entry points the error is about, when it comes from several together (none of
    /// which fails alone): a caller points the diagnostic at them.
    pub entry_points: Vec<String>,
}

impl Error {
    pub(crate) fn new(code: Code, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
            entry_points: Vec::new(),
        }
    }

    /// The error, about these entry points.
    pub(crate) fn about_entry_points(mut self, names: &[&str]) -> Error {
        self.entry_points = names.iter().map(|n| (*n).to_string()).collect();
        self
    }

    /// An error for IR that breaks an invariant the verifier should have enforced.
    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(codes::INVALID_IR, format!("invalid IR: {}", message.into()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

/// Writes `module` as a SPIR-V binary (one `u32` per word, in host order; write them
/// little-endian for a `.spv` file).
pub fn write(module: &Module, options: &Options) -> Result<Vec<u32>, Error> {
    // A helper that a graphics entry point and a compute entry point both call, and that
    // reaches a writable buffer or image, gets a copy for the graphics entry points, which can
    // then read the buffer or image through its `NonWritable` twin.
    let split = luma_back::split_shared_functions(
        module,
        |entry| entry.stage != luma_ir::ShaderStage::Compute,
        |graph, f| {
            graph
                .reachable_globals(f)
                .iter()
                .any(|&g| writer::may_have_read_twin(module, g))
        },
    );
    Writer::new(split.as_ref().unwrap_or(module), options)?.write()
}

/// The words of a SPIR-V module as little-endian bytes, the usual `.spv` file format.
pub fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}
