//! HLSL (Shader Model 6) back end: one HLSL source holding every entry point of a module.
//!
//! The output compiles with DXC for Direct3D 12 and, through its `[[vk::...]]` annotations, for
//! Vulkan with DXC or glslang. What the emitted code looks like and why:
//!
//! - **Names** are the user's, made legal and unique by [`luma_back::Namer`] with the full HLSL
//!   reserved list ([`keywords`]); helper functions start with `luma_`.
//! - **Temporaries.** An SSA value becomes a `const` temporary at its statement when it is used
//!   more than once, when its use is in another block than its definition, when it is impure
//!   (loads, calls, atomics, samples, derivatives, array lengths: anything whose position
//!   matters relative to stores and barriers), when it needs statements to build (array and
//!   struct values, inserts), or when inlining it would nest expressions more than
//!   [`MAX_INLINE_DEPTH`] deep. Every other value (pure, used once, in its own block) is
//!   inlined into its use. Texture and sampler values are always inlined. `If` results and
//!   `Loop` carried values and results are mutable variables declared before the construct and
//!   assigned at `Yield` / `Continue` / `Break` (through fresh temporaries when a `Continue`
//!   would otherwise read a variable it already overwrote).
//! - **Matrices.** Luma's `matCxR` (C columns of R rows) is HLSL `floatCxR`: the HLSL matrix
//!   is the transpose, so its row `i` is Luma's column `i` (`m[i]`, constructors from columns
//!   and memory order all agree). Products swap their operands: `M * v` is `mul(v, M)`,
//!   `v * M` is `mul(M, v)`, `A * B` is `mul(B, A)`. Matrices in memory are `row_major`
//!   (rows of the transpose = Luma's columns, so the memory is column-major).
//! - **Uniform buffers** are `cbuffer`s holding one member of a layout type whose offsets are
//!   exactly the std140 offsets of [`luma_ir::layout`] under all three packing rules a
//!   consumer may apply: HLSL constant-buffer packing (DXC for D3D12), relaxed std140 (DXC and
//!   glslang for Vulkan) and std140. Members are placed by explicit scalar padding members
//!   (`_padN`); arrays of scalars and 2/3-vectors are arrays of 4-vectors read through a
//!   swizzle, and matrices with fewer than 4 rows are stored with 4 rows and read through a
//!   cast, so every array, matrix and struct occupies whole 16-byte registers and the tail
//!   packing of HLSL can never pull a following member forward. A struct that needs any of
//!   this gets a separate layout struct (`Name_std140`); whole-value loads copy member by
//!   member. Push constants use the same scheme under std430 (`[[vk::push_constant]]
//!   cbuffer`); a std430 layout that constant-buffer packing cannot reproduce (4- or 8-byte
//!   array strides, 2-row matrices) is declared as 32-bit words instead (whole `uint4`
//!   registers and a tail vector, exactly the std430 size) and read at its std430 byte
//!   offsets, as storage buffers are.
//! - **Registers** ([`registers`]): each resource takes a range of its class (`b`, `t`, `u`,
//!   `s`) as long as its element count, in `space` = group, with `[[vk::binding(b, g)]]` for
//!   Vulkan. Taken in (group, binding) order, the range starts at the binding or, where an
//!   earlier array of the class and space reaches past it, just after that array, so ranges
//!   never overlap and equal the bindings in a module without arrays. Reflection reports the
//!   same ranges from the same function. Only globals the written functions use are declared
//!   (as on every other target: what only entry points dropped by `--entry` used is left out);
//!   registers are assigned over all of them, so the kept ones do not move.
//! - **Storage buffers** are `ByteAddressBuffer` (read-only) or `RWByteAddressBuffer`, read
//!   and written with explicit `Load`/`Store` at the std430 byte offsets of the layouter: this
//!   is the only HLSL form whose offsets are exact on every compiler (structured buffers use
//!   C packing on D3D12 and std430 on Vulkan, which differ for `vec3`). Runtime array lengths
//!   come from `GetDimensions` (bytes in DXC; glslang reports 32-bit words, corrected under
//!   `#if !defined(__HLSL_VERSION)`). Signed atomic min/max on these buffers is a
//!   compare-exchange loop, because glslang compares them unsigned. A `half` is the low or
//!   high 16 bits of its 32-bit word: read with `f16tof32`, written with `InterlockedAnd` then
//!   `InterlockedOr` so that two invocations writing the halves of one word both land (DXC's
//!   templated `Load<float16_t>` / `Store<float16_t>` would do, but glslang has neither).
//!   A uniform or push-constant block holding `half` is declared as 32-bit words like the
//!   push-constant blocks above (read at std140 / std430 offsets) and its halves read the
//!   same way: constant-buffer packing has no 16-bit form every consumer agrees on.
//!   glslang's HLSL front end types the intrinsics of `half` arguments as `float`, so each
//!   such call is cast back (`(float16_t3)normalize(v)`, a no-op for DXC and Slang), and it has
//!   no `half` `mul`, `transpose` or `determinant`: those go through `luma_*_half` helpers that
//!   call the intrinsic under `__HLSL_VERSION` and widen to `float` for glslang.
//! - **Integer semantics** follow language.md through helpers emitted once per type and only
//!   when used: total division and remainder (`luma_div`, `luma_rem`), float remainder
//!   (`luma_frem`), floor-based `mod` (`luma_mod`), wrapping signed `+ - *` through `uint`,
//!   shift counts masked to 31, per-component `select` (`luma_select`: HLSL 2021 rejects `?:`
//!   on vectors, glslang has no `select`).
//! - **Loops** are `for (;;)` with the exits inside: Slang 2026.12 hangs on a `while (true)`
//!   loop holding a loop whose every path breaks.
//! - **Bounds.** With [`Options::bounds_checks`], dynamic indices into arrays, vectors,
//!   matrices and runtime-sized arrays are clamped (`min(uint(i), N - 1u)`).
//! - **Non-uniform resource indices.** An index into an array of textures, samplers or
//!   storage images that the IR marks non-uniform is wrapped in `NonUniformResourceIndex`,
//!   which Direct3D 12 and DXC's SPIR-V output need for a defined access. glslang's HLSL front
//!   end does not know the intrinsic (KhronosGroup/glslang#1637): under
//!   `#if !defined(__HLSL_VERSION)` it is defined away, so glslang accepts the code but its
//!   SPIR-V carries no `NonUniform` decoration.
//! - **Spec constants** are `[[vk::constant_id(N)]] const` for SPIR-V compilers (glslang, DXC
//!   `-spirv`) and `static const` for DXIL, both initialized from a macro `LUMA_SPEC_<id>` that
//!   a build may define (`-D LUMA_SPEC_0=8`).
//! - **Fragment `position`.** D3D12 gives `SV_Position.w` as clip `w`; Luma (like Vulkan and
//!   WGSL) means `1/w`, so DXC targeting DXIL reciprocates it (`#if` on `__HLSL_VERSION` and
//!   `__spirv__`; glslang and DXC `-spirv` already give `1/w`). Slang defines `__HLSL_VERSION`
//!   but no target macro and gives `1/w` on SPIR-V, GLSL, Metal and WGSL, so under `__SLANG__`
//!   the reciprocal stands in the default case of a `__target_switch` that leaves those four
//!   targets alone.
//! - **Vertex and instance index** are `SV_VertexID` / `SV_InstanceID`: on Vulkan (DXC,
//!   glslang) they include the base vertex and instance, as Luma means; Direct3D 12 starts them
//!   at zero, so for DXIL of Shader Model 6.8 and later (`#if` on `__SHADER_TARGET_MAJOR` /
//!   `__SHADER_TARGET_MINOR`, which DXC sets from `-T`) the entry point also reads
//!   `SV_StartVertexLocation` / `SV_StartInstanceLocation` and adds them. Below 6.8 a host
//!   drawing with a non-zero base on Direct3D 12 must pass it itself.
//! - **Stage linkage.** Direct3D 12 links a vertex output to a fragment input by signature
//!   register, assigned in declaration order, where Vulkan, Metal and WebGPU match locations.
//!   Vertex output and fragment input structs therefore list `SV_Position` first (a fragment
//!   input struct always declares it, read or not), then locations in ascending order, then
//!   fragment-only system values: a fragment shader reading the vertex shader's first
//!   locations (all of them, typically) links whatever order either declared them in.
//! - **`num_workgroups`** has no HLSL semantic: with [`Options::num_workgroups`] it is read
//!   from a constant buffer (`uint3` at offset 0) that the application fills with the dispatch
//!   size; without it, using it is error `E0922`.

#![forbid(unsafe_code)]

pub mod codes;
mod groupshared;
pub mod keywords;
pub mod registers;
mod repr;
mod writer;

use std::fmt;

use luma_base::Code;
use luma_ir::{Module, ResourceBinding, ShaderStage};

pub use registers::{assign_registers, num_workgroups_clash, Register, RegisterClass};
pub use writer::{Writer, MAX_INLINE_DEPTH};

/// Options of the HLSL back end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Target shader model (major, minor); 6.0 and later. Profiles are `vs_6_0`, `ps_6_0`, ...
    pub shader_model: (u8, u8),
    /// Emit `#line` directives mapping statements back to the Luma sources.
    pub line_directives: bool,
    /// Clamp dynamic indices so no access leaves its array, vector or matrix; also clamp texel
    /// fetches (level or sample, coordinate, layer), size query levels and storage image loads
    /// into the texture, and skip out-of-range storage image stores (Vulkan, where the output
    /// also runs, leaves those undefined).
    pub bounds_checks: bool,
    /// The constant buffer (register space = group, register = binding) that holds
    /// `num_workgroups` for compute entry points that read it.
    pub num_workgroups: Option<ResourceBinding>,
    /// The register (space = group, `b` register = binding) of the push-constant block on
    /// Direct3D 12 (a root constant buffer); `None` leaves it to the compiler.
    pub push_constant_register: Option<ResourceBinding>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            shader_model: (6, 0),
            line_directives: false,
            bounds_checks: true,
            num_workgroups: None,
            push_constant_register: None,
        }
    }
}

/// One entry point of the output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryPointInfo {
    /// The HLSL function name (`-E` for DXC, `-e` for glslang).
    pub name: String,
    /// Its stage.
    pub stage: ShaderStage,
    /// The target profile, such as `vs_6_0` (`-T` for DXC).
    pub profile: String,
}

/// What [`write()`] produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HlslOutput {
    /// The HLSL source.
    pub source: String,
    /// Every entry point, in module order.
    pub entry_points: Vec<EntryPointInfo>,
}

/// Why a module could not be written as HLSL.
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

/// Writes every entry point of `module` as one HLSL source.
pub fn write(module: &Module, options: &Options) -> Result<HlslOutput, Error> {
    Writer::new(module, options)?.write()
}
