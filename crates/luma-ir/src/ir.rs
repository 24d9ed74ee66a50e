//! The IR data structures: module, types, constants, globals, functions, values and statements.
//!
//! Shape, in short:
//! - A [`Module`] owns deduplicated [`Type`]s, [`Constant`]s, [`GlobalVariable`]s, [`Function`]s
//!   and the [`EntryPoint`]s that name some of those functions.
//! - A [`Function`] owns its SSA [`Value`]s, its [`LocalVariable`]s (function-space memory) and its
//!   [`Block`]s. Every value is defined once. Values defined by an [`Op`] are placed in program
//!   order by exactly one [`StmtKind::Value`] statement; parameters, constants and variable pointers
//!   need no placement; the results of `If` and `Loop` regions are listed by their statement.
//! - Control flow is structured: a [`Block`] is a list of statements whose last one is a
//!   terminator ([`StmtKind::is_terminator`]). `If` and `Loop` statements own nested blocks;
//!   values flow out of regions only through `Yield`, `Continue` and `Break` arguments, which bind
//!   the region's result values (block arguments in the MLIR sense, phis in SPIR-V terms).
//! - A value is visible from its definition to the end of the block that defines it, including
//!   blocks nested there (structured dominance).
//! - Memory is reached only through pointers: `GlobalPointer` / `LocalPointer` values, refined by
//!   `AccessChain`, read by `Load`, written by `Store`. Everything else is a value.
//! - Entry-point inputs are the entry function's parameters and its outputs are its results, each
//!   a scalar or vector with an [`IoBinding`]; structs are already flattened.
//!
//! Operators carry Luma's target-independent meaning (see each [`BinaryOp`] variant): every back
//! end must emit code that computes exactly that, whatever the target's own operator does.

use std::num::NonZeroU32;

use luma_base::{Arena, Handle, UniqueArena};

/// A whole shader program: every entry point of one source, and what they use.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Module {
    /// Types, deduplicated by structure (and name, for structs).
    pub types: UniqueArena<Type>,
    /// Module-scope constants, including specialization constants.
    pub constants: Arena<Constant>,
    /// Module-scope variables: resources, workgroup memory, private globals.
    pub globals: Arena<GlobalVariable>,
    /// Every function, entry functions included; a callee always comes before its callers.
    pub functions: Arena<Function>,
    /// The entry points, in source order.
    pub entry_points: Vec<EntryPoint>,
    /// Source files that [`SourceLoc`]s refer to (for `--debug` output and `#line` directives).
    pub debug_sources: Vec<DebugSource>,
}

/// A source file named by debug locations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DebugSource {
    /// The file name as the user wrote it (or as a `#line` directive renamed it).
    pub name: String,
    /// The file's text, embedded by `--debug` SPIR-V output (OpSource).
    pub text: Option<String>,
}

/// A position in a [`DebugSource`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourceLoc {
    /// Index into [`Module::debug_sources`].
    pub source: u32,
    /// One-based line.
    pub line: u32,
    /// One-based column.
    pub column: u32,
}

// ---------------------------------------------------------------------------------------------
// Types

/// The kind of a scalar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarKind {
    /// `bool` (no defined memory layout: never in host-visible memory).
    Bool,
    /// Two's-complement signed integer.
    Sint,
    /// Unsigned integer.
    Uint,
    /// IEEE 754 binary floating point.
    Float,
}

/// A scalar type: kind and width in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scalar {
    /// What the bits mean.
    pub kind: ScalarKind,
    /// Width in bytes: 1 for `bool` (abstract), 4 for `i32`/`u32`/`f32`, 2 for `f16`.
    pub width: u8,
}

impl Scalar {
    /// `bool`
    pub const BOOL: Scalar = Scalar {
        kind: ScalarKind::Bool,
        width: 1,
    };
    /// `i32`
    pub const I32: Scalar = Scalar {
        kind: ScalarKind::Sint,
        width: 4,
    };
    /// `u32`
    pub const U32: Scalar = Scalar {
        kind: ScalarKind::Uint,
        width: 4,
    };
    /// `f32`
    pub const F32: Scalar = Scalar {
        kind: ScalarKind::Float,
        width: 4,
    };
    /// `f16`
    pub const F16: Scalar = Scalar {
        kind: ScalarKind::Float,
        width: 2,
    };
}

/// Number of components of a vector, or of columns/rows of a matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VectorSize {
    /// 2
    Bi = 2,
    /// 3
    Tri = 3,
    /// 4
    Quad = 4,
}

impl VectorSize {
    /// The size as a number.
    pub const fn count(self) -> u32 {
        self as u32
    }

    /// The size for `n` in 2..=4.
    pub const fn from_count(n: u32) -> Option<VectorSize> {
        match n {
            2 => Some(VectorSize::Bi),
            3 => Some(VectorSize::Tri),
            4 => Some(VectorSize::Quad),
            _ => None,
        }
    }
}

/// A type, optionally named (structs carry their source name; other types have none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Type {
    /// The name back ends use for a struct; `None` for other types.
    pub name: Option<String>,
    /// The structure.
    pub inner: TypeInner,
}

/// The structure of a type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeInner {
    /// A scalar.
    Scalar(Scalar),
    /// A vector of 2 to 4 scalars.
    Vector {
        /// Component count.
        size: VectorSize,
        /// Component type.
        scalar: Scalar,
    },
    /// A matrix of `columns` column vectors of `rows` floats each (column-major everywhere).
    Matrix {
        /// Number of columns.
        columns: VectorSize,
        /// Number of rows (the size of each column vector).
        rows: VectorSize,
        /// Element type (`f32` or `f16`).
        scalar: Scalar,
    },
    /// An atomic integer; only in `Storage` or `Workgroup` memory.
    Atomic(Scalar),
    /// An array.
    Array {
        /// Element type.
        base: Handle<Type>,
        /// Element count.
        size: ArraySize,
    },
    /// A struct. Member offsets are not stored: host-visible layouts come from
    /// [`crate::layout`] under the std140 (uniform) or std430 (storage, push constant) rules.
    Struct {
        /// Members in order.
        members: Vec<StructMember>,
    },
    /// A pointer into memory of `space`. Pointers are never stored in memory.
    Pointer {
        /// The pointee type.
        base: Handle<Type>,
        /// Where the pointee lives.
        space: AddressSpace,
    },
    /// A sampled, depth or storage texture (a `Handle`-space object).
    Image {
        /// Dimensionality.
        dim: ImageDimension,
        /// Whether it is an array texture.
        arrayed: bool,
        /// What sampling it returns.
        class: ImageClass,
    },
    /// A sampler (a `Handle`-space object).
    Sampler {
        /// Whether it is a comparison (shadow) sampler.
        comparison: bool,
    },
}

/// A struct member.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// The member's source name.
    pub name: String,
    /// Its type.
    pub ty: Handle<Type>,
}

/// The element count of an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArraySize {
    /// A fixed count (at least 1).
    Constant(u32),
    /// Sized at run time by the bound buffer; only as a `Storage` global's type or its last
    /// struct member.
    Runtime,
}

/// Texture dimensionality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageDimension {
    /// 2D
    D2,
    /// 3D
    D3,
    /// Cube map
    Cube,
}

/// What a texture returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageClass {
    /// A color texture whose texels are 4-vectors of `kind`.
    Sampled {
        /// `Float`, `Sint` or `Uint`.
        kind: ScalarKind,
        /// Multisampled (fetch only).
        multisampled: bool,
    },
    /// A depth texture, sampled with a comparison.
    Depth {
        /// Multisampled (fetch only).
        multisampled: bool,
    },
    /// A storage image: read with [`Op::ImageLoad`] and written with [`StmtKind::ImageStore`]
    /// (never sampled, never multisampled, never a cube); its texels are 4-vectors of the
    /// format's [`StorageFormat::kind`].
    Storage {
        /// The texel format in memory.
        format: StorageFormat,
        /// What the program may do with it.
        access: ImageAccess,
    },
}

/// The texel format of a storage image: WGSL's storage texel formats (the set every target
/// can declare). Loads convert to, and stores from, 4-vectors of [`StorageFormat::kind`]:
/// missing channels read as 0 (and alpha as 1), extra channels are dropped on store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StorageFormat {
    /// 4 x 8-bit unsigned normalized.
    Rgba8Unorm,
    /// 4 x 8-bit signed normalized.
    Rgba8Snorm,
    /// 4 x 8-bit unsigned integer.
    Rgba8Uint,
    /// 4 x 8-bit signed integer.
    Rgba8Sint,
    /// 4 x 16-bit float.
    Rgba16Float,
    /// 4 x 16-bit unsigned integer.
    Rgba16Uint,
    /// 4 x 16-bit signed integer.
    Rgba16Sint,
    /// 4 x 32-bit float.
    Rgba32Float,
    /// 4 x 32-bit unsigned integer.
    Rgba32Uint,
    /// 4 x 32-bit signed integer.
    Rgba32Sint,
    /// 1 x 32-bit float.
    R32Float,
    /// 1 x 32-bit unsigned integer.
    R32Uint,
    /// 1 x 32-bit signed integer.
    R32Sint,
    /// 2 x 32-bit float.
    Rg32Float,
    /// 2 x 32-bit unsigned integer.
    Rg32Uint,
    /// 2 x 32-bit signed integer.
    Rg32Sint,
}

impl StorageFormat {
    /// Every format, in declaration order.
    pub const ALL: [StorageFormat; 16] = [
        StorageFormat::Rgba8Unorm,
        StorageFormat::Rgba8Snorm,
        StorageFormat::Rgba8Uint,
        StorageFormat::Rgba8Sint,
        StorageFormat::Rgba16Float,
        StorageFormat::Rgba16Uint,
        StorageFormat::Rgba16Sint,
        StorageFormat::Rgba32Float,
        StorageFormat::Rgba32Uint,
        StorageFormat::Rgba32Sint,
        StorageFormat::R32Float,
        StorageFormat::R32Uint,
        StorageFormat::R32Sint,
        StorageFormat::Rg32Float,
        StorageFormat::Rg32Uint,
        StorageFormat::Rg32Sint,
    ];

    /// The kind of the texel vectors that loads return and stores take: `Float` for float and
    /// normalized formats, `Uint` / `Sint` for the integer ones.
    pub fn kind(self) -> ScalarKind {
        use StorageFormat as F;
        match self {
            F::Rgba8Unorm
            | F::Rgba8Snorm
            | F::Rgba16Float
            | F::Rgba32Float
            | F::R32Float
            | F::Rg32Float => ScalarKind::Float,
            F::Rgba8Uint | F::Rgba16Uint | F::Rgba32Uint | F::R32Uint | F::Rg32Uint => {
                ScalarKind::Uint
            }
            F::Rgba8Sint | F::Rgba16Sint | F::Rgba32Sint | F::R32Sint | F::Rg32Sint => {
                ScalarKind::Sint
            }
        }
    }

    /// The name Luma's `@format(...)`, GLSL's layout qualifier and the IR text use (`rgba8`,
    /// `rgba8_snorm`, `rgba16f`, `r32ui`, ...).
    pub fn as_str(self) -> &'static str {
        use StorageFormat as F;
        match self {
            F::Rgba8Unorm => "rgba8",
            F::Rgba8Snorm => "rgba8_snorm",
            F::Rgba8Uint => "rgba8ui",
            F::Rgba8Sint => "rgba8i",
            F::Rgba16Float => "rgba16f",
            F::Rgba16Uint => "rgba16ui",
            F::Rgba16Sint => "rgba16i",
            F::Rgba32Float => "rgba32f",
            F::Rgba32Uint => "rgba32ui",
            F::Rgba32Sint => "rgba32i",
            F::R32Float => "r32f",
            F::R32Uint => "r32ui",
            F::R32Sint => "r32i",
            F::Rg32Float => "rg32f",
            F::Rg32Uint => "rg32ui",
            F::Rg32Sint => "rg32i",
        }
    }

    /// The format named `name` in Luma's spelling ([`StorageFormat::as_str`]).
    pub fn from_name(name: &str) -> Option<StorageFormat> {
        StorageFormat::ALL.into_iter().find(|f| f.as_str() == name)
    }

    /// The WGSL (and WebGPU) spelling: `rgba8unorm`, `rgba16float`, `r32uint`, ...
    pub fn wgsl_name(self) -> &'static str {
        use StorageFormat as F;
        match self {
            F::Rgba8Unorm => "rgba8unorm",
            F::Rgba8Snorm => "rgba8snorm",
            F::Rgba8Uint => "rgba8uint",
            F::Rgba8Sint => "rgba8sint",
            F::Rgba16Float => "rgba16float",
            F::Rgba16Uint => "rgba16uint",
            F::Rgba16Sint => "rgba16sint",
            F::Rgba32Float => "rgba32float",
            F::Rgba32Uint => "rgba32uint",
            F::Rgba32Sint => "rgba32sint",
            F::R32Float => "r32float",
            F::R32Uint => "r32uint",
            F::R32Sint => "r32sint",
            F::Rg32Float => "rg32float",
            F::Rg32Uint => "rg32uint",
            F::Rg32Sint => "rg32sint",
        }
    }
}

/// What a program may do with a storage image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ImageAccess {
    /// Loads only.
    Read,
    /// Stores only.
    Write,
    /// Loads and stores.
    ReadWrite,
}

impl ImageAccess {
    /// Whether [`Op::ImageLoad`] may read it.
    pub fn readable(self) -> bool {
        matches!(self, ImageAccess::Read | ImageAccess::ReadWrite)
    }

    /// Whether [`StmtKind::ImageStore`] may write it.
    pub fn writable(self) -> bool {
        matches!(self, ImageAccess::Write | ImageAccess::ReadWrite)
    }

    /// `read`, `write` or `read_write` (Luma's `@access(...)` and the IR text).
    pub fn as_str(self) -> &'static str {
        match self {
            ImageAccess::Read => "read",
            ImageAccess::Write => "write",
            ImageAccess::ReadWrite => "read_write",
        }
    }
}

/// Where a pointer's memory lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// Function-local variables ([`LocalVariable`]).
    Function,
    /// Per-invocation module-scope variables.
    Private,
    /// Memory shared by a compute workgroup.
    Workgroup,
    /// A uniform buffer (std140 layout).
    Uniform,
    /// A storage buffer (std430 layout).
    Storage {
        /// Whether the program may write it.
        access: StorageAccess,
    },
    /// The push constant block (std430 layout).
    PushConstant,
    /// Opaque resources: textures, storage images and samplers.
    Handle,
    /// Stage inputs. Lowering passes inputs as entry parameters; this space exists for back ends
    /// and other front ends that model interface variables as memory.
    Input,
    /// Stage outputs; see `Input`.
    Output,
}

/// Access to a storage buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StorageAccess {
    /// Read only (no reachable code writes it).
    Read,
    /// Read and write.
    ReadWrite,
}

// ---------------------------------------------------------------------------------------------
// Constants and globals

/// A module-scope constant or specialization constant.
#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    /// The source name, for named constants and every specialization constant.
    pub name: Option<String>,
    /// Its type.
    pub ty: Handle<Type>,
    /// Its value (the default value for a specialization constant).
    pub value: ConstantValue,
    /// `Some(id)` for a specialization constant (scalar only), overridable by the pipeline.
    pub spec_id: Option<u32>,
}

/// The value of a constant.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstantValue {
    /// A scalar.
    Scalar(Literal),
    /// A vector, matrix, array or struct built from other constants, one per component, column,
    /// element or member: earlier constants, never specialization constants.
    Composite(Vec<Handle<Constant>>),
    /// All bits zero: the zero value of any constructible type.
    Zero,
}

/// A scalar value. Floats compare and hash by their bits, so `-0.0 != 0.0` here and NaNs are
/// equal to themselves: constants are data, not arithmetic.
#[derive(Debug, Clone, Copy)]
pub enum Literal {
    /// `bool`
    Bool(bool),
    /// `i32`
    I32(i32),
    /// `u32`
    U32(u32),
    /// `f32`
    F32(f32),
    /// `f16`, as its IEEE 754 binary16 bits.
    F16(u16),
}

impl Literal {
    /// The literal's scalar type.
    pub fn scalar(self) -> Scalar {
        match self {
            Literal::Bool(_) => Scalar::BOOL,
            Literal::I32(_) => Scalar::I32,
            Literal::U32(_) => Scalar::U32,
            Literal::F32(_) => Scalar::F32,
            Literal::F16(_) => Scalar::F16,
        }
    }

    fn key(self) -> (u8, u32) {
        match self {
            Literal::Bool(b) => (0, b as u32),
            Literal::I32(v) => (1, v as u32),
            Literal::U32(v) => (2, v),
            Literal::F32(v) => (3, v.to_bits()),
            Literal::F16(v) => (4, v as u32),
        }
    }
}

impl PartialEq for Literal {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for Literal {}
impl std::hash::Hash for Literal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}

/// A module-scope variable.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalVariable {
    /// The source name (for a split combined sampler: `<name>_tex` / `<name>_samp`).
    pub name: String,
    /// Where it lives; `Uniform`, `Storage`, `PushConstant`, `Workgroup`, `Private` or `Handle`.
    pub space: AddressSpace,
    /// Descriptor set and binding, for `Uniform`, `Storage` and `Handle` globals.
    pub binding: Option<ResourceBinding>,
    /// The stored type (the pointee of the global's pointer).
    pub ty: Handle<Type>,
    /// Initial value, only for `Private` globals.
    pub init: Option<Handle<Constant>>,
    /// Set on both halves of a combined sampler that lowering split into texture + sampler.
    pub combined: Option<CombinedSampler>,
}

/// A descriptor set (group) and binding number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceBinding {
    /// Descriptor set / bind group / register space.
    pub group: u32,
    /// Binding within the group.
    pub binding: u32,
}

/// Links the texture and sampler globals that came from one combined sampler declaration, so
/// GLSL can recombine them and reflection can report the pairing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CombinedSampler {
    /// Shared by the two halves; unique per combined declaration in the module.
    pub id: u32,
    /// The name the user declared (`material_tex` for `uniform material_tex: sampler2D`).
    pub name: String,
    /// Which half this global is.
    pub role: CombinedRole,
}

/// One half of a combined sampler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CombinedRole {
    /// The texture (binding N).
    Texture,
    /// The sampler (binding N + 1).
    Sampler,
}

// ---------------------------------------------------------------------------------------------
// Functions

/// A function. Its first `params.len()` values are its parameters, in order.
#[derive(Debug, Clone)]
pub struct Function {
    /// Source name.
    pub name: String,
    /// Parameters; for an entry function, each carries its input binding.
    pub params: Vec<FunctionParam>,
    /// Results: none or one for ordinary functions; for an entry function, one per output, each
    /// with its output binding.
    pub results: Vec<FunctionResult>,
    /// Every SSA value of the function.
    pub values: Arena<Value>,
    /// Function-space variables (memory that must be addressed, such as dynamically indexed
    /// arrays).
    pub locals: Arena<LocalVariable>,
    /// Every block of the function.
    pub blocks: Arena<Block>,
    /// The function body.
    pub body: Handle<Block>,
    /// The texts of its values' names ([`Value::name`]); read them with
    /// [`Function::value_name`] and add them with [`Function::add_name`].
    pub names: ValueNames,
}

impl Function {
    /// The value of parameter `index` (parameters are the first values of the arena).
    pub fn param_value(&self, index: usize) -> Handle<Value> {
        Handle::from_index(index as u32)
    }

    /// Adds `name` to this function's name table, for a value of this function to carry in
    /// [`Value::name`]; `None` only when the table is full (4 GiB of names).
    pub fn add_name(&mut self, name: &str) -> Option<NameId> {
        self.names.add(name)
    }

    /// The text of `id` in this function's name table; `None` for an id of no entry (an id
    /// taken from another function's table may also name a wrong entry: copy names between
    /// functions as text, with [`Function::add_name`]).
    pub fn name_text(&self, id: NameId) -> Option<&str> {
        self.names.get(id)
    }

    /// The name of `value`, a value of this function: `None` when it has none (or when its id
    /// is none of this function's).
    pub fn value_name(&self, value: &Value) -> Option<&str> {
        value.name.and_then(|id| self.names.get(id))
    }

    /// Rebuilds the name table from the names the values carry, so that the names of values
    /// a pass dropped stop taking memory. Values that shared an entry still share one; a name
    /// that is in no entry is dropped.
    pub fn compact_names(&mut self) {
        let mut names = ValueNames::new();
        let mut map: Vec<Option<NameId>> = vec![None; self.names.len()];
        for (_, value) in self.values.iter_mut() {
            let Some(id) = value.name else { continue };
            value.name = match map.get(id.index()).copied().flatten() {
                Some(new) => Some(new),
                None => {
                    let new = self.names.get(id).and_then(|text| names.add(text));
                    if let Some(slot) = map.get_mut(id.index()) {
                        *slot = new;
                    }
                    new
                }
            };
        }
        self.names = names;
    }
}

/// Functions compare by what they mean: their values' names compare by text, so two functions
/// that gave their names in another order, or left unused names in their tables (passes that
/// drop values keep their names), are still equal. The aggressive pipeline's fixpoint test
/// relies on that.
impl PartialEq for Function {
    fn eq(&self, other: &Function) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let Function {
            name,
            params,
            results,
            values,
            locals,
            blocks,
            body,
            names: _,
        } = self;
        name == &other.name
            && params == &other.params
            && results == &other.results
            && locals == &other.locals
            && body == &other.body
            && values.len() == other.values.len()
            && values
                .iter()
                .zip(other.values.iter())
                .all(|((_, a), (_, b))| {
                    a.ty == b.ty && a.def == b.def && self.value_name(a) == other.value_name(b)
                })
            && blocks == &other.blocks
    }
}

/// A value's name: an entry of its function's [`ValueNames`]. Four bytes, and so is
/// `Option<NameId>`: a boxed string per named value was 16 bytes in every [`Value`] and a heap
/// allocation for each name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NameId(NonZeroU32);

impl NameId {
    /// The entry's position in its table.
    pub fn index(self) -> usize {
        // Ids are made from `u32` table positions plus one.
        (self.0.get() - 1) as usize
    }
}

/// The names of one function's values: their texts one after another in one buffer, with
/// where each ends, so a name costs its bytes and four more instead of an allocation.
/// A value dropped by a pass leaves its entry behind until [`Function::compact_names`] rebuilds
/// the table, and equal texts may have several entries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValueNames {
    /// All texts, one after another.
    text: String,
    /// Where each entry's text ends in `text` (it starts where the previous one ends).
    ends: Vec<u32>,
}

impl ValueNames {
    /// An empty table.
    pub fn new() -> ValueNames {
        ValueNames::default()
    }

    /// Adds an entry for `name`; `None` when the buffer would pass `u32::MAX` bytes or
    /// entries, which no shader comes near (the caller then leaves its value unnamed).
    pub fn add(&mut self, name: &str) -> Option<NameId> {
        let end = u32::try_from(self.text.len().checked_add(name.len())?).ok()?;
        let id = NameId(NonZeroU32::new(
            u32::try_from(self.ends.len()).ok()?.checked_add(1)?,
        )?);
        self.text.push_str(name);
        self.ends.push(end);
        Some(id)
    }

    /// The text of `id`; `None` when the table has no such entry.
    pub fn get(&self, id: NameId) -> Option<&str> {
        let index = id.index();
        let end = *self.ends.get(index)?;
        let start = match index.checked_sub(1) {
            Some(prev) => *self.ends.get(prev)?,
            None => 0,
        };
        self.text.get(start as usize..end as usize)
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// A function parameter (never a pointer: Luma has no out/inout parameters).
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionParam {
    /// Source name (for entry inputs: the flattened field name, such as `uv`).
    pub name: String,
    /// Its type.
    pub ty: Handle<Type>,
    /// For entry-point inputs: where the value comes from.
    pub binding: Option<IoBinding>,
}

/// A function result.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionResult {
    /// For entry-point outputs: the flattened field name, such as `color`.
    pub name: Option<String>,
    /// Its type.
    pub ty: Handle<Type>,
    /// For entry-point outputs: where the value goes.
    pub binding: Option<IoBinding>,
}

/// A function-space variable.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalVariable {
    /// Source name, if it has one.
    pub name: Option<String>,
    /// The stored type.
    pub ty: Handle<Type>,
    /// Initial value; `None` leaves it zero-initialized (Luma has no uninitialized memory).
    pub init: Option<Handle<Constant>>,
}

/// An SSA value. Values of pointer type are only variable pointers and access chains (SPIR-V
/// logical addressing): never parameters, call or region results, carried values or selects.
///
/// Values are the bulk of a lowered module's memory, hence the size bound below: the name is
/// an id into the function's table and the rare large operations are boxed.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// The value's type.
    pub ty: Handle<Type>,
    /// How it is defined.
    pub def: ValueDef,
    /// The source variable it holds, when it has one (text back ends name temporaries after
    /// it): an entry of its function's name table, read with [`Function::value_name`]. Ids
    /// compare as ids, so comparing values of two functions compares their names only through
    /// [`Function`]'s `==`.
    pub name: Option<NameId>,
}

// Values are the bulk of the IR (about one per 10 source bytes on the benchmark's generated
// shader), so each 8 bytes here cost about 0.8 bytes per source byte against the benchmark's
// bound of 8: keep new large operations boxed.
const _: () = assert!(std::mem::size_of::<Value>() <= 40);
const _: () = assert!(std::mem::size_of::<Op>() <= 32);

/// How a value is defined.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueDef {
    /// Parameter `n` of the function.
    Param(u32),
    /// A module constant.
    Constant(Handle<Constant>),
    /// A pointer to a global variable (type `Pointer { base: global.ty, space: global.space }`).
    GlobalPointer(Handle<GlobalVariable>),
    /// A pointer to a local variable (type `Pointer { base: local.ty, space: Function }`).
    LocalPointer(Handle<LocalVariable>),
    /// Computed by an operation, at the one `StmtKind::Value` statement that names it.
    Op(Op),
    /// A result of an `If`, listed in its `results`.
    IfResult,
    /// A loop-carried value, listed in a `Loop`'s `carried`.
    LoopCarried,
    /// A result of a `Loop`, listed in its `results`.
    LoopResult,
}

/// Operations that compute a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// `op arg`, componentwise, on a scalar or vector (matrix arithmetic is lowered per column).
    Unary {
        /// The operator.
        op: UnaryOp,
        /// Operand.
        arg: Handle<Value>,
    },
    /// `lhs op rhs`, componentwise on scalars or vectors; both operands have the same type,
    /// except shifts, whose `rhs` is `u32` (vector of `u32` for vector shifts) of the same shape.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: Handle<Value>,
        /// Right operand.
        rhs: Handle<Value>,
    },
    /// Linear-algebra and scaling products of floating-point vectors and matrices.
    Product {
        /// Which product.
        kind: ProductKind,
        /// Left operand.
        lhs: Handle<Value>,
        /// Right operand.
        rhs: Handle<Value>,
    },
    /// `condition ? accept : reject`; a `bool` condition selects whole values, a `bvecN`
    /// condition selects per component of `vecN` operands. Only scalars and vectors are
    /// selected (SPIR-V 1.3 `OpSelect`); other types go through an `If` with results.
    Select {
        /// The condition.
        condition: Handle<Value>,
        /// Value when true.
        accept: Handle<Value>,
        /// Value when false.
        reject: Handle<Value>,
    },
    /// A vector with every component equal to the scalar `value`.
    Splat {
        /// The scalar.
        value: Handle<Value>,
    },
    /// A composite built from parts: a vector from scalars and vectors whose component counts add
    /// up to its size; a matrix from its column vectors; an array from its elements; a struct
    /// from its members.
    Compose {
        /// The parts, in order.
        components: Vec<Handle<Value>>,
    },
    /// Component, column, element or member `index` of a composite value.
    Extract {
        /// The composite.
        base: Handle<Value>,
        /// Constant index.
        index: u32,
    },
    /// `base` with component, column, element or member `index` replaced by `value`.
    Insert {
        /// The composite.
        base: Handle<Value>,
        /// The new part.
        value: Handle<Value>,
        /// Constant index.
        index: u32,
    },
    /// Component `index` of vector `base`, with a run-time index. An out-of-range index yields
    /// an unspecified component of the vector (never a fault).
    ExtractDynamic {
        /// The vector.
        base: Handle<Value>,
        /// Integer index.
        index: Handle<Value>,
    },
    /// `base` with component `index` replaced by `value`; an out-of-range index leaves `base`
    /// unchanged.
    InsertDynamic {
        /// The vector.
        base: Handle<Value>,
        /// The new component.
        value: Handle<Value>,
        /// Integer index.
        index: Handle<Value>,
    },
    /// A vector picked from the components of `a` followed by those of `b` (`b` may be `a`).
    Shuffle {
        /// First vector.
        a: Handle<Value>,
        /// Second vector.
        b: Handle<Value>,
        /// Indices into the concatenation `a ++ b`; as many as the result has components.
        /// A boxed slice, not a `Vec`: its 8 bytes less keep [`Op`] at 32 bytes.
        pattern: Box<[u32]>,
    },
    /// Value conversion to the result type's scalar kind (same shape): float to integer
    /// truncates toward zero (out-of-range values give an unspecified result); integer to float
    /// rounds to nearest; between integers of one width reinterprets the bits; numeric to bool is
    /// `!= 0`; bool to numeric is 1 or 0.
    Convert {
        /// The source value.
        value: Handle<Value>,
    },
    /// Reinterprets the bits as the result type (same total width).
    Bitcast {
        /// The source value.
        value: Handle<Value>,
    },
    /// Tests on boolean vectors and float classes.
    Relational {
        /// Which test.
        fun: RelationalFunction,
        /// The operand.
        arg: Handle<Value>,
    },
    /// A math builtin.
    Math {
        /// Which function.
        fun: MathFunction,
        /// Its arguments (1 to 4, per the function).
        args: Vec<Handle<Value>>,
    },
    /// A screen-space derivative (fragment stage only).
    Derivative {
        /// `dFdx`, `dFdy` or `fwidth`.
        axis: DerivativeAxis,
        /// Coarse, fine or the implementation's choice.
        control: DerivativeControl,
        /// The differentiated value (float scalar or vector).
        arg: Handle<Value>,
    },
    /// A pointer into the composite behind `base`: one index per level (at least one), struct
    /// member indices constant integers, array, vector and matrix indices any integer value.
    /// An out-of-range run-time array index reads or writes an unspecified element of that
    /// array or nothing at all (never memory outside it); back ends clamp where the target does
    /// not guarantee that.
    AccessChain {
        /// The pointer to start from.
        base: Handle<Value>,
        /// Indices, outermost first.
        indices: Vec<Handle<Value>>,
        /// The run-time index into an array of resources (textures, samplers, storage images)
        /// may differ between invocations: Vulkan and Direct3D 12 leave such an access
        /// undefined unless the back end marks it (`NonUniform`, `nonuniformEXT`,
        /// `NonUniformResourceIndex`). Only on `Handle`-space chains. A `true` that is not
        /// needed costs speed, never correctness, so passes that merge chains keep it set
        /// when either had it; `false` everywhere else.
        non_uniform: bool,
    },
    /// The value behind a pointer.
    Load {
        /// The pointer.
        pointer: Handle<Value>,
    },
    /// The element count (`u32`) of the runtime-sized array behind `pointer`: either a storage
    /// global whose type is a runtime array or the last member of such a global's struct.
    ArrayLength {
        /// Pointer to the runtime-sized array.
        pointer: Handle<Value>,
    },
    /// A call of a function that returns a value.
    Call {
        /// The callee.
        function: Handle<Function>,
        /// Arguments, one per parameter.
        args: Vec<Handle<Value>>,
    },
    /// Samples a texture through a sampler (see [`ImageSample`]). Boxed: at 36 bytes it was
    /// the largest operation, and samples are rare beside arithmetic.
    ImageSample(Box<ImageSample>),
    /// Reads one texel without filtering: a 4-vector of the texel kind for `Sampled` images, an
    /// `f32` depth for `Depth` images.
    ImageFetch {
        /// The texture.
        image: Handle<Value>,
        /// Integer texel coordinates.
        coordinate: Handle<Value>,
        /// Layer index (`i32`) for array textures.
        array_index: Option<Handle<Value>>,
        /// Mip level (`i32`): present exactly for non-multisampled textures.
        level: Option<Handle<Value>>,
        /// Sample index (`i32`), for multisampled textures.
        sample: Option<Handle<Value>>,
    },
    /// Reads one texel of a readable storage image: a 4-vector of the format's kind. An
    /// out-of-range coordinate or layer yields zero or an unspecified texel of the image
    /// (never a fault); back ends clamp where the target does not guarantee that.
    ImageLoad {
        /// The storage image: an `Image` value of class `Storage`, loaded from a `Handle`-space
        /// pointer.
        image: Handle<Value>,
        /// Texel coordinates: an `i32` vector of the dimension's size (2 for 2D, 3 for 3D).
        coordinate: Handle<Value>,
        /// Layer index (`i32`), exactly for array images.
        array_index: Option<Handle<Value>>,
    },
    /// Queries a texture's properties.
    ImageQuery {
        /// The texture.
        image: Handle<Value>,
        /// What to ask.
        query: ImageQuery,
    },
    /// An atomic read-modify-write; yields the value before the operation.
    Atomic {
        /// Which operation.
        fun: AtomicFunction,
        /// Pointer to an `Atomic` in `Storage` or `Workgroup` memory.
        pointer: Handle<Value>,
        /// The operand (the replacement for `CompareExchange`).
        value: Handle<Value>,
        /// The expected value, for `CompareExchange` only.
        comparator: Option<Handle<Value>>,
    },
    /// Atomically reads an `Atomic`.
    AtomicLoad {
        /// Pointer to the atomic.
        pointer: Handle<Value>,
    },
}

/// A texture sample ([`Op::ImageSample`]). The result is a 4-vector of the texel kind for
/// `Sampled` images and an `f32` for `Depth` images (the comparison result when `depth_ref`
/// is given, the depth otherwise).
#[derive(Debug, Clone, PartialEq)]
pub struct ImageSample {
    /// The texture: an `Image` value, loaded from a `Handle`-space pointer.
    pub image: Handle<Value>,
    /// The sampler: a `Sampler` value, loaded from a `Handle`-space pointer.
    pub sampler: Handle<Value>,
    /// Coordinates (float vector; cube maps take a direction).
    pub coordinate: Handle<Value>,
    /// Layer index (`i32`) for array textures.
    pub array_index: Option<Handle<Value>>,
    /// How the mip level is chosen.
    pub level: SampleLevel,
    /// Depth reference for comparison sampling of depth textures.
    pub depth_ref: Option<Handle<Value>>,
    /// Constant texel offset (an `ivec2`/`ivec3` constant, each component in `[-8, 7]`), if
    /// any. Cube textures take none.
    pub offset: Option<Handle<Constant>>,
    /// A gather instead of a filtered sample: component `n` (0 to 3; 0 for depth textures) of
    /// each of the four texels of the bilinear footprint at level 0, in GLSL `textureGather`
    /// order (`(i0, j1)`, `(i1, j1)`, `(i1, j0)`, `(i0, j0)`). The result is a 4-vector of the
    /// texel's scalar (`vec4<f32>` for depth textures); with `depth_ref`, the four comparison
    /// results. `level` is [`SampleLevel::Zero`]; 2D and cube textures only.
    pub gather: Option<u8>,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Arithmetic negation (integers wrap: `-MIN == MIN`).
    Negate,
    /// Logical not (bool and bool vectors).
    LogicalNot,
    /// Bitwise complement (integers).
    BitNot,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+`; integers wrap.
    Add,
    /// `-`; integers wrap.
    Subtract,
    /// Componentwise `*`; integers wrap. (Matrix products are [`Op::Product`].)
    Multiply,
    /// `/`: integers truncate toward zero; `x / 0 == x`; `MIN / -1 == MIN`.
    Divide,
    /// `%`: integers give the truncated remainder (sign of `lhs`), `x % 0 == 0`,
    /// `MIN % -1 == 0`; floats give `lhs - rhs * trunc(lhs / rhs)`.
    Remainder,
    /// Bitwise and (integers).
    BitAnd,
    /// Bitwise or (integers).
    BitOr,
    /// Bitwise exclusive or (integers).
    BitXor,
    /// `lhs << (rhs & (bits - 1))`.
    ShiftLeft,
    /// `lhs >> (rhs & (bits - 1))`: arithmetic for signed, logical for unsigned.
    ShiftRight,
    /// Componentwise `==` (any scalar kind), result `bool` / `bvecN`.
    Equal,
    /// Componentwise `!=`.
    NotEqual,
    /// Componentwise `<` (numeric).
    Less,
    /// Componentwise `<=`.
    LessEqual,
    /// Componentwise `>`.
    Greater,
    /// Componentwise `>=`.
    GreaterEqual,
    /// Logical and of bools, both operands evaluated (short-circuiting is lowered to `If`).
    LogicalAnd,
    /// Logical or of bools, both operands evaluated.
    LogicalOr,
}

/// Products that are not componentwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProductKind {
    /// `vecN * scalar`.
    VectorTimesScalar,
    /// `matCxR * scalar`.
    MatrixTimesScalar,
    /// `matCxR * vecC -> vecR`.
    MatrixTimesVector,
    /// `vecR * matCxR -> vecC` (row vector times matrix).
    VectorTimesMatrix,
    /// `matKxR * matCxK -> matCxR`.
    MatrixTimesMatrix,
}

/// Tests on a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelationalFunction {
    /// Whether every component of a bool vector is true.
    All,
    /// Whether any component of a bool vector is true.
    Any,
    /// Componentwise NaN test.
    IsNan,
    /// Componentwise infinity test.
    IsInf,
}

/// Math builtins. Unless noted, they work componentwise on float scalars and vectors; those
/// marked "numeric" also take integer operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MathFunction {
    /// Absolute value (numeric; `abs(MIN) == MIN` for integers).
    Abs,
    /// -1, 0 or 1 (numeric, signed).
    Sign,
    /// Round down.
    Floor,
    /// Round up.
    Ceil,
    /// Round to nearest, halfway cases to even.
    Round,
    /// Round toward zero.
    Trunc,
    /// `x - floor(x)`.
    Fract,
    /// `x - y * floor(x / y)` (GLSL `mod`; not HLSL `fmod`).
    Mod,
    /// Minimum (numeric).
    Min,
    /// Maximum (numeric).
    Max,
    /// `min(max(x, lo), hi)` (numeric).
    Clamp,
    /// `x * (1 - a) + y * a`.
    Mix,
    /// `x < edge ? 0 : 1` as `step(edge, x)`.
    Step,
    /// Hermite interpolation `smoothstep(lo, hi, x)`.
    SmoothStep,
    /// Square root.
    Sqrt,
    /// `1 / sqrt(x)`.
    InverseSqrt,
    /// `x ^ y`.
    Pow,
    /// `e ^ x`.
    Exp,
    /// `2 ^ x`.
    Exp2,
    /// Natural logarithm.
    Log,
    /// Base-2 logarithm.
    Log2,
    /// Sine.
    Sin,
    /// Cosine.
    Cos,
    /// Tangent.
    Tan,
    /// Arc sine.
    Asin,
    /// Arc cosine.
    Acos,
    /// Arc tangent of one argument.
    Atan,
    /// `atan2(y, x)`.
    Atan2,
    /// Hyperbolic sine.
    Sinh,
    /// Hyperbolic cosine.
    Cosh,
    /// Hyperbolic tangent.
    Tanh,
    /// Inverse hyperbolic sine.
    Asinh,
    /// Inverse hyperbolic cosine (unspecified for `x < 1`).
    Acosh,
    /// Inverse hyperbolic tangent (unspecified for `|x| >= 1`).
    Atanh,
    /// Degrees to radians.
    Radians,
    /// Radians to degrees.
    Degrees,
    /// `a * b + c`.
    Fma,
    /// `ldexp(x, e)`: `x * 2^e`, `e` a signed 32-bit integer of `x`'s shape. Exact when `e`
    /// is in `-126..=127` and `x` and the result are normal; otherwise target-dependent.
    Ldexp,
    /// Clamp to [0, 1].
    Saturate,
    /// Euclidean length (vector -> scalar).
    Length,
    /// `length(a - b)`.
    Distance,
    /// Dot product (vector, vector -> scalar).
    Dot,
    /// Cross product of 3-vectors.
    Cross,
    /// `v / length(v)`.
    Normalize,
    /// `reflect(i, n)`.
    Reflect,
    /// `refract(i, n, eta)`; `eta` is a scalar.
    Refract,
    /// `faceforward(n, i, nref)`.
    FaceForward,
    /// Matrix transpose.
    Transpose,
    /// Inverse of a square matrix.
    Inverse,
    /// Determinant of a square matrix.
    Determinant,
    /// Number of set bits (integers).
    CountOneBits,
    /// Bit reversal (integers).
    ReverseBits,
    /// Index of the most significant set bit (for signed: of the first bit that differs from
    /// the sign), -1 / `0xFFFFFFFF` when none (integers).
    FirstLeadingBit,
    /// Index of the least significant set bit, -1 / `0xFFFFFFFF` when none (integers).
    FirstTrailingBit,
    /// `extract_bits(e, offset, count)` (integers; `offset` and `count` are `u32` scalars):
    /// with `o = min(offset, 32)` and `c = min(count, 32 - o)`, bits `o..o + c` of `e` in the
    /// low bits of the result, sign-extended from bit `c - 1` for signed `e`; 0 when `c == 0`
    /// (WGSL's `extractBits`).
    ExtractBits,
    /// `insert_bits(e, newbits, offset, count)` (integers; `offset` and `count` are `u32`
    /// scalars): `e` with bits `o..o + c` replaced by the low `c` bits of `newbits`, `o` and
    /// `c` clamped as in `ExtractBits` (WGSL's `insertBits`).
    InsertBits,
    /// Number of zero bits above the most significant set bit, 32 for 0 (integers; the sign
    /// bit of a negative `i32` is set, so its count is 0).
    CountLeadingZeros,
    /// Number of zero bits below the least significant set bit, 32 for 0 (integers).
    CountTrailingZeros,
    /// Packs a `vec4` of [0, 1] floats into a `u32`, 8 bits each, x in the low byte.
    Pack4x8Unorm,
    /// Packs a `vec4` of [-1, 1] floats into a `u32`.
    Pack4x8Snorm,
    /// Packs a `vec2` of [0, 1] floats into a `u32`, 16 bits each.
    Pack2x16Unorm,
    /// Packs a `vec2` of [-1, 1] floats into a `u32`.
    Pack2x16Snorm,
    /// Packs a `vec2` into two binary16 halves of a `u32`.
    Pack2x16Float,
    /// Inverse of `Pack4x8Unorm`.
    Unpack4x8Unorm,
    /// Inverse of `Pack4x8Snorm`.
    Unpack4x8Snorm,
    /// Inverse of `Pack2x16Unorm`.
    Unpack2x16Unorm,
    /// Inverse of `Pack2x16Snorm`.
    Unpack2x16Snorm,
    /// Inverse of `Pack2x16Float`.
    Unpack2x16Float,
}

/// Derivative direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DerivativeAxis {
    /// d/dx
    X,
    /// d/dy
    Y,
    /// `abs(d/dx) + abs(d/dy)`
    Width,
}

/// Derivative precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DerivativeControl {
    /// The implementation's choice.
    None,
    /// Coarse.
    Coarse,
    /// Fine.
    Fine,
}

/// How a sample picks its mip level.
#[derive(Debug, Clone, PartialEq)]
pub enum SampleLevel {
    /// Implicit, from derivatives (fragment stage only).
    Auto,
    /// Level 0.
    Zero,
    /// An explicit level of detail (`f32`).
    Exact(Handle<Value>),
    /// Implicit plus a bias (`f32`).
    Bias(Handle<Value>),
    /// From explicit gradients.
    Gradient {
        /// d(coordinate)/dx
        x: Handle<Value>,
        /// d(coordinate)/dy
        y: Handle<Value>,
    },
}

/// Texture queries.
#[derive(Debug, Clone, PartialEq)]
pub enum ImageQuery {
    /// Size of a mip level (`i32` vector: width, height[, depth]; array layers not included).
    /// Storage images have one level and take no `level`.
    Size {
        /// Mip level (`i32`), level 0 when absent.
        level: Option<Handle<Value>>,
    },
    /// Number of mip levels (`i32`).
    NumLevels,
    /// Number of array layers (`i32`).
    NumLayers,
    /// Number of samples (`i32`).
    NumSamples,
}

/// Atomic read-modify-write operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AtomicFunction {
    /// Add (wrapping).
    Add,
    /// Subtract (wrapping).
    Subtract,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Minimum (signed or unsigned per the atomic's type).
    Min,
    /// Maximum.
    Max,
    /// Replace.
    Exchange,
    /// Replace if equal to the comparator.
    CompareExchange,
}

// ---------------------------------------------------------------------------------------------
// Blocks and statements

/// A straight-line list of statements ending in a terminator.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// Statements; the last is a terminator.
    pub stmts: Vec<Stmt>,
}

/// A statement with its source location.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// The source line it came from (for `--debug` line info); `None` for synthesized code.
    pub loc: Option<SourceLoc>,
}

// Statements are the IR's second bulk after values (about one per 12 source bytes on the
// benchmark's generated shader): 32 bytes of kind and 16 of location. Keep new large
// statements boxed, as `Loop` is.
const _: () = assert!(std::mem::size_of::<Stmt>() <= 48);

/// Statements.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// Evaluates the `Op` of this value here.
    Value(Handle<Value>),
    /// Writes `value` through `pointer`.
    Store {
        /// Destination.
        pointer: Handle<Value>,
        /// Stored value (of the pointee type).
        value: Handle<Value>,
    },
    /// Atomically writes an `Atomic`.
    AtomicStore {
        /// Pointer to the atomic.
        pointer: Handle<Value>,
        /// The new value.
        value: Handle<Value>,
    },
    /// Writes one texel of a writable storage image. A store to an out-of-range coordinate or
    /// layer does nothing (never a fault); back ends guard where the target does not
    /// guarantee that.
    ImageStore {
        /// The storage image (as for [`Op::ImageLoad`]).
        image: Handle<Value>,
        /// Texel coordinates: an `i32` vector of the dimension's size.
        coordinate: Handle<Value>,
        /// Layer index (`i32`), exactly for array images.
        array_index: Option<Handle<Value>>,
        /// The texel: a 4-vector of the format's kind.
        value: Handle<Value>,
    },
    /// A call of a function that returns nothing.
    Call {
        /// The callee.
        function: Handle<Function>,
        /// Arguments, one per parameter.
        args: Vec<Handle<Value>>,
    },
    /// A control barrier with memory semantics, in workgroup-uniform control flow.
    Barrier(Barrier),
    /// Two-way branch with a merge. Each arm ends in `Yield` (continuing after the `If` with the
    /// yielded values bound to `results`) or leaves the region (`Break`, `Continue`, `Return`,
    /// `Discard`, `Unreachable`). If no arm yields, the statement after the `If` is `Unreachable`.
    If {
        /// `bool` condition.
        condition: Handle<Value>,
        /// Taken when true.
        accept: Handle<Block>,
        /// Taken when false.
        reject: Handle<Block>,
        /// Values defined at the merge (`ValueDef::IfResult`), one per `Yield` argument. A
        /// boxed slice, not a `Vec`: its 8 bytes less keep [`StmtKind`] at 32 bytes.
        results: Box<[Handle<Value>]>,
    },
    /// A loop (see [`Loop`]). Boxed: loops are rare beside the other statements, and the box
    /// keeps every statement 32 bytes smaller.
    Loop(Box<Loop>),
    /// Ends the innermost enclosing `If` arm, binding its results.
    Yield(Vec<Handle<Value>>),
    /// Starts the next iteration of the innermost loop, binding its carried values.
    Continue(Vec<Handle<Value>>),
    /// Leaves the innermost loop, binding its results.
    Break(Vec<Handle<Value>>),
    /// Returns from the function with one value per result.
    Return(Vec<Handle<Value>>),
    /// Ends the fragment invocation without writing outputs.
    Discard,
    /// Marks a point control never reaches.
    Unreachable,
}

impl StmtKind {
    /// Whether this statement ends a block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            StmtKind::Yield(_)
                | StmtKind::Continue(_)
                | StmtKind::Break(_)
                | StmtKind::Return(_)
                | StmtKind::Discard
                | StmtKind::Unreachable
        )
    }
}

/// A loop. `carried` values are bound to their `init` on entry and to `Continue`'s arguments
/// on each further iteration; `Break` leaves with its arguments bound to `results`. The body
/// must end every path in `Continue`, `Break`, `Return`, `Discard` or `Unreachable`.
/// Statements after a loop that no `Break` leaves are unreachable (they need not be
/// `Unreachable`).
#[derive(Debug, Clone, PartialEq)]
pub struct Loop {
    /// Loop-carried values (`ValueDef::LoopCarried`) with their initial values.
    pub carried: Vec<LoopVar>,
    /// The body, run once per iteration.
    pub body: Handle<Block>,
    /// Values defined after the loop (`ValueDef::LoopResult`), one per `Break` argument.
    pub results: Vec<Handle<Value>>,
    /// Hints for the target compiler.
    pub control: LoopControl,
}

/// A loop-carried value and its initial value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopVar {
    /// The carried value (`ValueDef::LoopCarried`).
    pub value: Handle<Value>,
    /// Its value on entry, defined before the loop.
    pub init: Handle<Value>,
}

/// Loop hints (never a change of meaning).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LoopControl {
    /// Unrolling hint.
    pub unroll: UnrollHint,
    /// A bound the program guarantees (lowering enforces `@max_iterations` with a counter).
    pub max_iterations: Option<u32>,
}

/// Unrolling hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnrollHint {
    /// The target compiler decides.
    #[default]
    None,
    /// Unroll completely.
    Full,
    /// Unroll up to this many iterations.
    AtMost(u32),
    /// Do not unroll.
    Never,
}

/// Memory made visible by a barrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Barrier {
    /// Workgroup memory.
    pub workgroup: bool,
    /// Storage buffer memory.
    pub storage: bool,
}

// ---------------------------------------------------------------------------------------------
// Entry points

/// A shader stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShaderStage {
    /// Vertex shader.
    Vertex,
    /// Fragment (pixel) shader.
    Fragment,
    /// Compute shader.
    Compute,
    /// Geometry shader.
    Geometry,
    /// Tessellation control (hull) shader.
    TessellationControl,
    /// Tessellation evaluation (domain) shader.
    TessellationEvaluation,
}

impl ShaderStage {
    /// The stage's Luma spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            ShaderStage::Vertex => "vertex",
            ShaderStage::Fragment => "fragment",
            ShaderStage::Compute => "compute",
            ShaderStage::Geometry => "geometry",
            ShaderStage::TessellationControl => "tessellation_control",
            ShaderStage::TessellationEvaluation => "tessellation_eval",
        }
    }
}

/// An entry point.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryPoint {
    /// The entry point's name (the function's source name).
    pub name: String,
    /// Its stage.
    pub stage: ShaderStage,
    /// The entry function: inputs are its parameters, outputs its results.
    pub function: Handle<Function>,
    /// Workgroup size, for compute; `[0, 0, 0]` otherwise. A dimension given by a
    /// specialization constant holds its default.
    pub workgroup_size: [u32; 3],
    /// The specialization constant (a scalar `i32` or `u32` one) that gives each dimension,
    /// where one does: the pipeline may choose another size than `workgroup_size`.
    pub workgroup_size_spec: [Option<Handle<Constant>>; 3],
    /// `@early_depth`: force early fragment tests.
    pub early_depth_test: bool,
}

impl EntryPoint {
    /// The `SpecId` of the specialization constant that gives each workgroup dimension, where
    /// one does (what GLSL's `local_size_x_id`, HLSL's macro and reflection name).
    pub fn workgroup_size_spec_ids(&self, module: &Module) -> [Option<u32>; 3] {
        self.workgroup_size_spec.map(|c| {
            c.and_then(|c| module.constants.get(c))
                .and_then(|c| c.spec_id)
        })
    }
}

/// Where an entry-point input or output goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IoBinding {
    /// A builtin variable.
    BuiltIn(BuiltIn),
    /// A user location.
    Location {
        /// Location number.
        location: u32,
        /// Interpolation (meaningful for vertex outputs and fragment inputs; integer varyings
        /// are always `Flat`).
        interpolation: Interpolation,
    },
}

/// Interpolation qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Interpolation {
    /// Perspective-correct (the default).
    #[default]
    Smooth,
    /// Not interpolated.
    Flat,
    /// Linear in screen space.
    NoPerspective,
}

/// Builtin inputs and outputs (WGSL's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltIn {
    /// Vertex output clip position / fragment input frag coord (`vec4`).
    Position,
    /// Vertex index (`u32`).
    VertexIndex,
    /// Instance index (`u32`).
    InstanceIndex,
    /// Fragment front-facing flag (`bool`).
    FrontFacing,
    /// Fragment depth output (`f32`).
    FragDepth,
    /// Sample index (`u32`).
    SampleIndex,
    /// Sample mask in or out (`u32`).
    SampleMask,
    /// Compute local invocation id (`uvec3`).
    LocalInvocationId,
    /// Compute local invocation index (`u32`).
    LocalInvocationIndex,
    /// Compute global invocation id (`uvec3`).
    GlobalInvocationId,
    /// Compute workgroup id (`uvec3`).
    WorkgroupId,
    /// Compute number of workgroups (`uvec3`).
    NumWorkgroups,
}

impl BuiltIn {
    /// The builtin's Luma (WGSL) name.
    pub fn as_str(self) -> &'static str {
        match self {
            BuiltIn::Position => "position",
            BuiltIn::VertexIndex => "vertex_index",
            BuiltIn::InstanceIndex => "instance_index",
            BuiltIn::FrontFacing => "front_facing",
            BuiltIn::FragDepth => "frag_depth",
            BuiltIn::SampleIndex => "sample_index",
            BuiltIn::SampleMask => "sample_mask",
            BuiltIn::LocalInvocationId => "local_invocation_id",
            BuiltIn::LocalInvocationIndex => "local_invocation_index",
            BuiltIn::GlobalInvocationId => "global_invocation_id",
            BuiltIn::WorkgroupId => "workgroup_id",
            BuiltIn::NumWorkgroups => "num_workgroups",
        }
    }
}
