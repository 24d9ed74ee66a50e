//! Metal Shading Language 2.4 back end: one MSL source holding every entry point of a module,
//! plus the binding remap a Metal host needs to bind its resources.
//!
//! Nothing on Linux can compile MSL: this output is covered by committed snapshots, by tests
//! that every resource and entry point appears with its remapped index, and by keeping this
//! writer parallel to the HLSL one (same modules, same helper names, same temporaries).
//!
//! - **Names** are the user's, made legal and unique by [`luma_back::Namer`] with the C++14 and
//!   Metal reserved list ([`keywords`]); every `metal` library name is written qualified
//!   (`metal::float3`, `metal::dot`), helper functions start with `luma_`.
//! - **Temporaries** follow the HLSL back end's rule exactly: an SSA value becomes a `const`
//!   temporary when used more than once, used in another block than its definition, impure
//!   (loads, calls, atomics, samples, derivatives, array lengths), built by statements (array
//!   and struct values, inserts) or nested more than [`MAX_INLINE_DEPTH`] deep; otherwise it is
//!   inlined. `If` results and `Loop` carried values and results are variables declared before
//!   the construct and assigned at `Yield` / `Continue` / `Break`.
//! - **Resources are parameters.** Entry points take every global their call graph reaches
//!   ([`luma_back::CallGraph`]): buffers (`constant` for uniform buffers and push constants,
//!   `device` / `const device` for storage buffers), textures and samplers with remapped
//!   indices, and declare workgroup (`threadgroup`) and private (`thread`) variables in their
//!   body; helper functions receive the globals they reach as reference parameters, in global
//!   order.
//! - **Binding remap** ([`MslBindingMap`]): indices are contiguous per class (buffer, texture,
//!   sampler), assigned in (group, binding) order over the whole module, so one map serves every
//!   entry point; an array of N textures takes N texture indices. The push-constant block and
//!   the sizes buffer take the next buffer indices.
//! - **Layouts.** Buffers hold layout structs (`Name_std140`, `Name_std430`) whose members sit
//!   at exactly the layouter's offsets: `char` padding arrays, `metal::packed_float3` for `vec3`
//!   members, arrays of scalars and 2-vectors with a 16-byte std140 stride as arrays of
//!   4-vectors, and std140 matrices with 2 rows as arrays of 4-vector columns. Whole-value
//!   loads and stores of such types copy member by member.
//! - **Runtime array lengths** come from the sizes buffer: `constant uint* luma_buffer_sizes
//!   [[buffer(k)]]`, where entry `i` is the byte size bound to the `i`-th storage buffer that
//!   holds a runtime-sized array ([`MslBindingMap::sizes`], in (group, binding) order). The
//!   element count is `(size - offset) / stride`.
//! - **Semantics** follow language.md through helpers emitted once per type and only when used
//!   (`luma_div`, `luma_rem`, `luma_frem`, `luma_mod`), signed `+ - *` computed through `uint`
//!   with `as_type` (signed overflow is undefined in Metal), shift counts masked to 31, and
//!   `atomic_compare_exchange_weak_explicit` retried until it fails for a real mismatch.
//! - **Specialization constants** are `[[function_constant(id)]]` with the default applied
//!   through `metal::is_function_constant_defined`.

#![forbid(unsafe_code)]

pub mod codes;
pub mod keywords;
mod repr;
mod writer;

use std::fmt;

use luma_base::Code;
use luma_ir::{Module, ShaderStage};

pub use writer::{Writer, MAX_INLINE_DEPTH};

/// Options of the MSL back end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Target Metal Shading Language version (major, minor); 2.4 and earlier 2.x versions.
    pub lang_version: (u8, u8),
    /// Clamp dynamic indices so no access leaves its array, vector or matrix; also clamp texel
    /// fetches (level or sample, coordinate, layer), size query levels and storage image loads
    /// into the texture, and skip out-of-range storage image stores (Metal leaves those
    /// undefined).
    pub bounds_checks: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lang_version: (2, 4),
            bounds_checks: true,
        }
    }
}

/// The class of a Metal argument-table slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MslClass {
    /// `[[buffer(n)]]`
    Buffer,
    /// `[[texture(n)]]`
    Texture,
    /// `[[sampler(n)]]`
    Sampler,
}

impl MslClass {
    /// The attribute name (`buffer`, `texture`, `sampler`).
    pub fn as_str(self) -> &'static str {
        match self {
            MslClass::Buffer => "buffer",
            MslClass::Texture => "texture",
            MslClass::Sampler => "sampler",
        }
    }
}

/// Where one IR global is bound in Metal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MslBinding {
    /// The global's source name.
    pub name: String,
    /// Its Vulkan-style descriptor set and binding (`None` for the push-constant block).
    pub binding: Option<luma_ir::ResourceBinding>,
    /// The argument-table class.
    pub class: MslClass,
    /// The first index (an array of N textures or samplers takes N consecutive indices).
    pub index: u32,
    /// How many consecutive indices it takes.
    pub count: u32,
}

/// The binding remap of a module: contiguous per class, in (group, binding) order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MslBindingMap {
    /// Every bound global and the push-constant block.
    pub resources: Vec<MslBinding>,
    /// The buffer index of the sizes buffer, when any storage buffer has a runtime array.
    pub sizes_buffer: Option<u32>,
    /// The storage buffers whose byte sizes the sizes buffer holds, in its order (by name).
    pub sizes: Vec<String>,
}

/// One entry point of the output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryPointInfo {
    /// The MSL function name.
    pub name: String,
    /// Its stage.
    pub stage: ShaderStage,
    /// Threads per threadgroup for compute (Metal sets it from the API); zeros otherwise.
    pub workgroup_size: [u32; 3],
}

/// What [`write()`] produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MslOutput {
    /// The MSL source.
    pub source: String,
    /// Every entry point, in module order.
    pub entry_points: Vec<EntryPointInfo>,
    /// Where every resource is bound.
    pub bindings: MslBindingMap,
}

/// Why a module could not be written as MSL.
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

    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(codes::INVALID_IR, message)
    }

    pub(crate) fn unsupported(message: impl Into<String>) -> Error {
        Error::new(codes::UNSUPPORTED, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

/// Writes every entry point of `module` as one MSL source with its binding remap.
pub fn write(module: &Module, options: &Options) -> Result<MslOutput, Error> {
    // A helper that a vertex shader and another entry point both call, and that reaches a
    // read-write storage image, gets a copy for the vertex shader, so that a vertex shader
    // that only loads the image declares it `access::read` (a shared helper takes one
    // parameter type, the union of its callers' needs), as WGSL does.
    let vertex_split = luma_back::split_shared_functions(
        module,
        |entry| entry.stage == luma_ir::ShaderStage::Vertex,
        |graph, f| {
            graph
                .reachable_globals(f)
                .iter()
                .any(|&g| luma_back::read_write_image_format(module, g).is_some())
        },
    );
    let module = vertex_split.as_ref().unwrap_or(module);
    // A helper that only queries a read-write image (`image_size`), shared by entry points that
    // only store the image and others, gets a copy for the storing ones, so that both keep the
    // narrow access each declares (a shared helper takes one parameter type).
    let split = luma_back::split_image_query_helpers(module, |_| true);
    Writer::new(split.as_ref().unwrap_or(module), options)?.write()
}
