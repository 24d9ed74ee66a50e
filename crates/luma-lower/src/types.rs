//! Types: the typed program's types to IR types, and the IR type helpers lowering needs
//! (component types, pointers, shapes).

use luma_base::{Handle, Span};
use luma_ir::{
    AddressSpace, ArraySize, ImageClass, ImageDimension, Scalar, ScalarKind, StorageFormat,
    StructMember, Type, TypeInner, VectorSize,
};
use luma_thir::{
    ArrayLen, ImageAccess, ImageFormat, ImageShape, ScalarTy, TexDim, TextureShape, Ty, TyId,
};

use crate::context::ModuleCtx;
use crate::error::{Failure, LResult};

/// The shape of a value type, as lowering's arithmetic needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A scalar.
    Scalar(Scalar),
    /// A vector.
    Vector(VectorSize, Scalar),
    /// A matrix: columns, rows, element.
    Matrix(VectorSize, VectorSize, Scalar),
    /// Anything else (arrays, structs, handles, pointers).
    Other,
}

impl Shape {
    /// The scalar of a scalar, vector or matrix.
    pub fn scalar(self) -> Option<Scalar> {
        match self {
            Shape::Scalar(s) | Shape::Vector(_, s) | Shape::Matrix(_, _, s) => Some(s),
            Shape::Other => None,
        }
    }
}

/// The IR scalar of a language scalar.
pub(crate) fn scalar_of(s: ScalarTy) -> Scalar {
    match s {
        ScalarTy::Bool => Scalar::BOOL,
        ScalarTy::Int => Scalar::I32,
        ScalarTy::Uint => Scalar::U32,
        ScalarTy::Float => Scalar::F32,
        ScalarTy::Half => Scalar::F16,
    }
}

fn size_of(n: u8, span: Span) -> LResult<VectorSize> {
    VectorSize::from_count(u32::from(n))
        .ok_or_else(|| Failure::malformed(span, format!("a vector or matrix dimension of {n}")))
}

/// The IR storage format of a language format.
fn storage_format(f: ImageFormat) -> StorageFormat {
    use ImageFormat as L;
    use StorageFormat as F;
    match f {
        L::Rgba8 => F::Rgba8Unorm,
        L::Rgba8Snorm => F::Rgba8Snorm,
        L::Rgba8ui => F::Rgba8Uint,
        L::Rgba8i => F::Rgba8Sint,
        L::Rgba16f => F::Rgba16Float,
        L::Rgba16ui => F::Rgba16Uint,
        L::Rgba16i => F::Rgba16Sint,
        L::Rgba32f => F::Rgba32Float,
        L::Rgba32ui => F::Rgba32Uint,
        L::Rgba32i => F::Rgba32Sint,
        L::R32f => F::R32Float,
        L::R32ui => F::R32Uint,
        L::R32i => F::R32Sint,
        L::Rg32f => F::Rg32Float,
        L::Rg32ui => F::Rg32Uint,
        L::Rg32i => F::Rg32Sint,
    }
}

/// The IR image type of a texture shape.
fn image_inner(shape: TextureShape) -> TypeInner {
    let dim = match shape.dim {
        TexDim::D2 => ImageDimension::D2,
        TexDim::D3 => ImageDimension::D3,
        TexDim::Cube => ImageDimension::Cube,
    };
    let class = if shape.depth {
        ImageClass::Depth {
            multisampled: shape.multisampled,
        }
    } else {
        ImageClass::Sampled {
            kind: scalar_of(shape.sampled).kind,
            multisampled: shape.multisampled,
        }
    };
    TypeInner::Image {
        dim,
        arrayed: shape.arrayed,
        class,
    }
}

impl ModuleCtx<'_> {
    /// Interns an unnamed IR type.
    pub fn intern(&mut self, inner: TypeInner) -> Handle<Type> {
        self.module.types.insert(Type { name: None, inner })
    }

    /// The scalar (`size` `None`) or vector type, interned on first use.
    fn small_ty(&mut self, size: Option<VectorSize>, scalar: Scalar) -> Handle<Type> {
        if let Some(&(_, _, h)) = self
            .small_tys
            .iter()
            .find(|&&(z, s, _)| z == size && s == scalar)
        {
            return h;
        }
        let h = match size {
            None => self.intern(TypeInner::Scalar(scalar)),
            Some(size) => self.intern(TypeInner::Vector { size, scalar }),
        };
        self.small_tys.push((size, scalar, h));
        h
    }

    /// The IR type of a scalar.
    pub fn scalar_ty(&mut self, s: Scalar) -> Handle<Type> {
        self.small_ty(None, s)
    }

    /// The IR type of a vector.
    pub fn vector_ty(&mut self, size: VectorSize, scalar: Scalar) -> Handle<Type> {
        self.small_ty(Some(size), scalar)
    }

    /// A scalar (`n == 1`) or vector type of `n` components.
    pub fn scalar_or_vector_ty(&mut self, n: u32, scalar: Scalar) -> Handle<Type> {
        match VectorSize::from_count(n) {
            Some(size) => self.vector_ty(size, scalar),
            None => self.scalar_ty(scalar),
        }
    }

    /// A pointer type.
    pub fn pointer_ty(&mut self, base: Handle<Type>, space: AddressSpace) -> Handle<Type> {
        self.intern(TypeInner::Pointer { base, space })
    }

    /// The structure of an IR type.
    pub fn inner(&self, ty: Handle<Type>) -> LResult<TypeInner> {
        self.module
            .types
            .get(ty)
            .map(|t| t.inner.clone())
            .ok_or_else(|| Failure::malformed(Span::default(), "an IR type handle out of range"))
    }

    /// The shape of an IR type.
    pub fn shape(&self, ty: Handle<Type>) -> Shape {
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(TypeInner::Scalar(s)) => Shape::Scalar(*s),
            Some(TypeInner::Vector { size, scalar }) => Shape::Vector(*size, *scalar),
            Some(TypeInner::Matrix {
                columns,
                rows,
                scalar,
            }) => Shape::Matrix(*columns, *rows, *scalar),
            _ => Shape::Other,
        }
    }

    /// The type of component, column, element or member `index` of a composite, and the number
    /// of parts the composite has (`None` for runtime-sized arrays).
    pub fn part_ty(
        &mut self,
        ty: Handle<Type>,
        index: u32,
    ) -> LResult<(Handle<Type>, Option<u32>)> {
        // Borrowed, not `inner`: that would copy a struct's member list (names included).
        let inner =
            self.module.types.get(ty).map(|t| &t.inner).ok_or_else(|| {
                Failure::malformed(Span::default(), "an IR type handle out of range")
            })?;
        match inner {
            &TypeInner::Vector { size, scalar } => Ok((self.scalar_ty(scalar), Some(size.count()))),
            &TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => Ok((self.vector_ty(rows, scalar), Some(columns.count()))),
            &TypeInner::Array { base, size } => Ok((
                base,
                match size {
                    ArraySize::Constant(n) => Some(n),
                    ArraySize::Runtime => None,
                },
            )),
            TypeInner::Struct { members } => {
                let count = members.len() as u32;
                let member = members.get(index as usize).ok_or_else(|| {
                    Failure::malformed(
                        Span::default(),
                        format!("struct member {index} out of range"),
                    )
                })?;
                Ok((member.ty, Some(count)))
            }
            other => Err(Failure::malformed(
                Span::default(),
                format!("indexing into a value of IR type {other:?}"),
            )),
        }
    }

    /// Lowers a language type. Combined samplers have no single IR type (see
    /// [`ModuleCtx::split_combined_ty`]).
    pub fn ty(&mut self, id: TyId, span: Span) -> LResult<Handle<Type>> {
        self.ty_at_depth(id, span, 0)
    }

    fn ty_at_depth(&mut self, id: TyId, span: Span, depth: u32) -> LResult<Handle<Type>> {
        if let Some(&Some(h)) = self.ty_cache.get(id.index()) {
            return Ok(h);
        }
        if depth > self.depth_limit() {
            return Err(Failure::too_deep(span, self.options.limits.nesting_depth));
        }
        let h = match self.program.types.get(id) {
            Ty::Error => return Err(Failure::malformed(span, "an error type")),
            Ty::Scalar(s) => self.scalar_ty(scalar_of(s)),
            Ty::Vector { scalar, size } => {
                let size = size_of(size, span)?;
                self.vector_ty(size, scalar_of(scalar))
            }
            Ty::Matrix {
                scalar,
                columns,
                rows,
            } => {
                let inner = TypeInner::Matrix {
                    columns: size_of(columns, span)?,
                    rows: size_of(rows, span)?,
                    scalar: scalar_of(scalar),
                };
                self.intern(inner)
            }
            Ty::Array { element, len } => {
                let base = self.ty_at_depth(element, span, depth + 1)?;
                let size = match len {
                    ArrayLen::Fixed(0) => {
                        return Err(Failure::malformed(span, "an array of length 0"))
                    }
                    ArrayLen::Fixed(n) => ArraySize::Constant(n),
                    ArrayLen::Runtime => ArraySize::Runtime,
                };
                self.intern(TypeInner::Array { base, size })
            }
            Ty::Struct(sid) => {
                let program = self.program;
                let def = program
                    .structs
                    .get(sid)
                    .ok_or_else(|| Failure::malformed(span, "a struct handle out of range"))?;
                let mut members = Vec::with_capacity(def.fields.len());
                for f in &def.fields {
                    members.push(StructMember {
                        name: f.name.clone(),
                        ty: self.ty_at_depth(f.ty, f.span, depth + 1)?,
                    });
                }
                self.module.types.insert(Type {
                    name: Some(def.name.clone()),
                    inner: TypeInner::Struct { members },
                })
            }
            Ty::Atomic(s) => self.intern(TypeInner::Atomic(scalar_of(s))),
            Ty::Texture(shape) => self.intern(image_inner(shape)),
            Ty::Sampler { comparison } => self.intern(TypeInner::Sampler { comparison }),
            Ty::CombinedSampler(_) => {
                return Err(Failure::malformed(
                    span,
                    "a combined sampler used where a value type is needed",
                ))
            }
            Ty::StorageImage(_) => {
                return Err(Failure::malformed(
                    span,
                    "a storage image type outside its global (the format is the global's)",
                ))
            }
        };
        let i = id.index();
        if self.ty_cache.len() <= i {
            self.ty_cache.resize(i + 1, None);
        }
        if let Some(slot) = self.ty_cache.get_mut(i) {
            *slot = Some(h);
        }
        Ok(h)
    }

    /// The texture and sampler types a combined sampler type (or an array of them) splits into.
    pub fn split_combined_ty(
        &mut self,
        id: TyId,
        span: Span,
    ) -> LResult<(Handle<Type>, Handle<Type>)> {
        let mut sizes = Vec::new();
        let mut cur = id;
        loop {
            if sizes.len() as u32 > self.depth_limit() {
                return Err(Failure::too_deep(span, self.options.limits.nesting_depth));
            }
            match self.program.types.get(cur) {
                Ty::Array { element, len } => {
                    sizes.push(match len {
                        ArrayLen::Fixed(n) => ArraySize::Constant(n),
                        ArrayLen::Runtime => ArraySize::Runtime,
                    });
                    cur = element;
                }
                Ty::CombinedSampler(shape) => {
                    let mut tex = self.intern(image_inner(shape));
                    let mut samp = self.intern(TypeInner::Sampler {
                        comparison: shape.depth,
                    });
                    for size in sizes.into_iter().rev() {
                        tex = self.intern(TypeInner::Array { base: tex, size });
                        samp = self.intern(TypeInner::Array { base: samp, size });
                    }
                    return Ok((tex, samp));
                }
                _ => {
                    return Err(Failure::malformed(
                        span,
                        "a combined sampler global whose type is not a combined sampler",
                    ))
                }
            }
        }
    }

    /// The IR type of a storage image global of type `id` (an image or an array of images),
    /// with the format and access the global declares.
    pub fn storage_image_ty(
        &mut self,
        id: TyId,
        format: ImageFormat,
        access: ImageAccess,
        span: Span,
    ) -> LResult<Handle<Type>> {
        let (shape, len) = match self.program.types.get(id) {
            Ty::StorageImage(shape) => (shape, None),
            Ty::Array {
                element,
                len: ArrayLen::Fixed(n),
            } => match self.program.types.get(element) {
                Ty::StorageImage(shape) => (shape, Some(n)),
                _ => {
                    return Err(Failure::malformed(
                        span,
                        "a storage image global whose type is not a storage image",
                    ))
                }
            },
            _ => {
                return Err(Failure::malformed(
                    span,
                    "a storage image global whose type is not a storage image",
                ))
            }
        };
        let dim = match shape.dim {
            TexDim::D2 => ImageDimension::D2,
            TexDim::D3 => ImageDimension::D3,
            TexDim::Cube => {
                return Err(Failure::malformed(span, "a cube storage image"));
            }
        };
        let image = self.intern(TypeInner::Image {
            dim,
            arrayed: shape.arrayed,
            class: ImageClass::Storage {
                format: storage_format(format),
                access: match access {
                    ImageAccess::Read => luma_ir::ImageAccess::Read,
                    ImageAccess::Write => luma_ir::ImageAccess::Write,
                    ImageAccess::ReadWrite => luma_ir::ImageAccess::ReadWrite,
                },
            },
        });
        Ok(match len {
            None => image,
            Some(n) => self.intern(TypeInner::Array {
                base: image,
                size: ArraySize::Constant(n),
            }),
        })
    }

    /// The storage image shape behind a storage image type (arrays of them included).
    pub fn image_shape(&self, id: TyId) -> Option<ImageShape> {
        match self.program.types.get(id) {
            Ty::StorageImage(shape) => Some(shape),
            Ty::Array { element, .. } => match self.program.types.get(element) {
                Ty::StorageImage(shape) => Some(shape),
                _ => None,
            },
            _ => None,
        }
    }

    /// The texture shape behind a texture or combined sampler type (arrays of them included).
    pub fn texture_shape(&self, id: TyId) -> Option<(TextureShape, bool)> {
        let mut cur = id;
        for _ in 0..=self.depth_limit() {
            match self.program.types.get(cur) {
                Ty::Array { element, .. } => cur = element,
                Ty::Texture(shape) => return Some((shape, false)),
                Ty::CombinedSampler(shape) => return Some((shape, true)),
                _ => return None,
            }
        }
        None
    }
}

/// Whether a scalar is a float of any width.
pub(crate) fn is_float(s: Scalar) -> bool {
    s.kind == ScalarKind::Float
}
