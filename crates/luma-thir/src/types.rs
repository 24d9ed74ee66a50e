//! Luma's semantic types, interned in a [`Types`] table so a [`TyId`] compares by identity.

use luma_base::{Handle, UniqueArena};

use crate::StructId;

/// Handle of an interned type.
pub type TyId = Handle<Ty>;

/// Scalar types of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarTy {
    /// `bool`
    Bool,
    /// `int` (i32)
    Int,
    /// `uint` (u32)
    Uint,
    /// `float` (f32)
    Float,
    /// `half` (f16)
    Half,
}

impl ScalarTy {
    /// The Luma spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            ScalarTy::Bool => "bool",
            ScalarTy::Int => "int",
            ScalarTy::Uint => "uint",
            ScalarTy::Float => "float",
            ScalarTy::Half => "half",
        }
    }

    /// `int` or `uint`.
    pub fn is_integer(self) -> bool {
        matches!(self, ScalarTy::Int | ScalarTy::Uint)
    }

    /// `float` or `half`.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarTy::Float | ScalarTy::Half)
    }
}

/// Texture dimensionality as the language spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TexDim {
    /// `2D`
    D2,
    /// `3D`
    D3,
    /// `Cube`
    Cube,
}

/// A texture's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureShape {
    /// Dimensionality.
    pub dim: TexDim,
    /// `...Array` types.
    pub arrayed: bool,
    /// `...MS` types (fetch only).
    pub multisampled: bool,
    /// Depth textures (`...Shadow`), sampled with `sample_compare`.
    pub depth: bool,
    /// Texel component type (`Float`, `Int` or `Uint`; `Float` for depth).
    pub sampled: ScalarTy,
}

/// A storage image's shape: `image2D`, `iimage2DArray`, `uimage3D`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageShape {
    /// `D2` or `D3` (storage images have no cube form).
    pub dim: TexDim,
    /// `...Array` types (2D only).
    pub arrayed: bool,
    /// Texel component type: `Float` (`image...`), `Int` (`iimage...`) or `Uint` (`uimage...`).
    pub texel: ScalarTy,
}

/// Whether an array has a fixed length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrayLen {
    /// `[N]T`
    Fixed(u32),
    /// `[]T`
    Runtime,
}

/// A type of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A type that failed to resolve; anything is accepted where it appears, so one error does
    /// not cascade.
    Error,
    /// A scalar.
    Scalar(ScalarTy),
    /// `vecN`, `ivecN`, `uvecN`, `bvecN`, `hvecN`.
    Vector {
        /// Component type.
        scalar: ScalarTy,
        /// 2, 3 or 4.
        size: u8,
    },
    /// `matCxR` (C columns, R rows), `mat4` = `mat4x4`.
    Matrix {
        /// `Float` or `Half`.
        scalar: ScalarTy,
        /// Columns, 2 to 4.
        columns: u8,
        /// Rows, 2 to 4.
        rows: u8,
    },
    /// `[N]T` or `[]T`.
    Array {
        /// Element type.
        element: TyId,
        /// Length.
        len: ArrayLen,
    },
    /// A user struct (or a synthesized entry-point I/O struct).
    Struct(StructId),
    /// `atomic_int` / `atomic_uint`.
    Atomic(ScalarTy),
    /// `texture2D`, `texture2DArray`, `texture3D`, `textureCube`, `texture2DShadow`, ...
    Texture(TextureShape),
    /// `sampler` (`comparison: false`) or `samplerShadow` (`comparison: true`).
    Sampler {
        /// Comparison sampler.
        comparison: bool,
    },
    /// `sampler2D`, `sampler2DShadow`, ...: a texture and a sampler in one binding declaration
    /// (split into two bindings by lowering).
    CombinedSampler(TextureShape),
    /// `image2D`, `iimage2DArray`, `uimage3D`, ...: a storage image (its format and access are
    /// properties of the global, [`crate::GlobalKind::StorageImage`]).
    StorageImage(ImageShape),
}

/// The type interner.
#[derive(Debug, Clone, Default)]
pub struct Types {
    arena: UniqueArena<Ty>,
}

impl Types {
    /// An empty table.
    pub fn new() -> Types {
        Types::default()
    }

    /// Interns `ty`.
    pub fn intern(&mut self, ty: Ty) -> TyId {
        self.arena.insert(ty)
    }

    /// The type behind `id` (`Ty::Error` for a foreign handle).
    pub fn get(&self, id: TyId) -> Ty {
        self.arena.get(id).copied().unwrap_or(Ty::Error)
    }

    /// Every interned type, in interning order.
    pub fn iter(&self) -> impl Iterator<Item = (TyId, &Ty)> {
        self.arena.iter()
    }
}
