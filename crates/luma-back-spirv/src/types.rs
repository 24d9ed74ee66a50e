//! SPIR-V types: structural deduplication (decorations included) and the mapping from IR types
//! under a memory layout.

use luma_base::Handle;
use luma_ir::{
    ArraySize, GlobalVariable, ImageClass, ImageDimension, Scalar, ScalarKind, StorageFormat, Type,
    TypeInner, VectorSize,
};
use spirv::{Capability, Decoration, Op};

use crate::layout::Layout;
use crate::words::{Inst, Word};
use crate::writer::{storage_class, Writer};
use crate::Error;

/// A struct member as SPIR-V sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MemberKey {
    /// The member's type.
    pub ty: Word,
    /// Its name (for `OpMemberName`).
    pub name: String,
    /// `Offset`, in an explicitly laid-out struct.
    pub offset: Option<u32>,
    /// `MatrixStride` (with `ColMajor`) for a matrix or array of matrices, when laid out.
    pub matrix_stride: Option<u32>,
}

/// A SPIR-V type with everything that distinguishes it, decorations included: two equal keys
/// are one SPIR-V type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum SpvType {
    Void,
    Bool,
    Int {
        width: u32,
        signed: bool,
    },
    Float {
        width: u32,
    },
    Vector {
        component: Word,
        count: u32,
    },
    Matrix {
        column: Word,
        count: u32,
    },
    /// `length` is the id of a `u32` constant.
    Array {
        element: Word,
        length: Word,
        stride: Option<u32>,
    },
    RuntimeArray {
        element: Word,
        stride: Option<u32>,
    },
    Struct {
        name: Option<String>,
        members: Vec<MemberKey>,
        block: bool,
    },
    Pointer {
        class: u32,
        pointee: Word,
    },
    Image {
        sampled: Word,
        dim: u32,
        depth: bool,
        arrayed: bool,
        multisampled: bool,
        /// The format of a storage image (`Sampled` = 2); `None` for sampled images.
        storage: Option<StorageFormat>,
    },
    Sampler,
    SampledImage {
        image: Word,
    },
    Function {
        ret: Word,
        params: Vec<Word>,
    },
}

impl Writer<'_> {
    /// The id of `ty`, declaring it (with its decorations and names) on first use.
    pub(crate) fn intern(&mut self, ty: SpvType) -> Result<Word, Error> {
        if let Some(&id) = self.spv_types.get(&ty) {
            return Ok(id);
        }
        let id = self.id();
        match &ty {
            SpvType::Void => Inst::new(Op::TypeVoid).word(id),
            SpvType::Bool => Inst::new(Op::TypeBool).word(id),
            SpvType::Int { width, signed } => Inst::new(Op::TypeInt)
                .word(id)
                .word(*width)
                .word(u32::from(*signed)),
            SpvType::Float { width } => {
                if *width == 16 {
                    self.capability(Capability::Float16);
                }
                Inst::new(Op::TypeFloat).word(id).word(*width)
            }
            SpvType::Vector { component, count } => Inst::new(Op::TypeVector)
                .word(id)
                .word(*component)
                .word(*count),
            SpvType::Matrix { column, count } => Inst::new(Op::TypeMatrix)
                .word(id)
                .word(*column)
                .word(*count),
            SpvType::Array {
                element, length, ..
            } => Inst::new(Op::TypeArray)
                .word(id)
                .word(*element)
                .word(*length),
            SpvType::RuntimeArray { element, .. } => {
                Inst::new(Op::TypeRuntimeArray).word(id).word(*element)
            }
            SpvType::Struct { members, .. } => Inst::new(Op::TypeStruct)
                .word(id)
                .words(&members.iter().map(|m| m.ty).collect::<Vec<_>>()),
            SpvType::Pointer { class, pointee } => Inst::new(Op::TypePointer)
                .word(id)
                .word(*class)
                .word(*pointee),
            SpvType::Image {
                sampled,
                dim,
                depth,
                arrayed,
                multisampled,
                storage,
            } => {
                if *dim == spirv::Dim::DimCube as u32 && *arrayed {
                    self.capability(Capability::SampledCubeArray);
                }
                // Sampled = 1: used with a sampler (or fetched); 2: a storage image, whose
                // format is always known (no `StorageImage*WithoutFormat` capability needed).
                let (mode, format) = match storage {
                    None => (1, spirv::ImageFormat::Unknown),
                    Some(f) => {
                        let format = spirv_format(*f);
                        if needs_extended_formats(*f) {
                            self.capability(Capability::StorageImageExtendedFormats);
                        }
                        (2, format)
                    }
                };
                Inst::new(Op::TypeImage)
                    .word(id)
                    .word(*sampled)
                    .word(*dim)
                    .word(u32::from(*depth))
                    .word(u32::from(*arrayed))
                    .word(u32::from(*multisampled))
                    .word(mode)
                    .word(format as u32)
            }
            SpvType::Sampler => Inst::new(Op::TypeSampler).word(id),
            SpvType::SampledImage { image } => {
                Inst::new(Op::TypeSampledImage).word(id).word(*image)
            }
            SpvType::Function { ret, params } => Inst::new(Op::TypeFunction)
                .word(id)
                .word(*ret)
                .words(params),
        }
        .push_into(&mut self.declarations)?;
        match &ty {
            SpvType::Array {
                stride: Some(stride),
                ..
            }
            | SpvType::RuntimeArray {
                stride: Some(stride),
                ..
            } => self.decorate(id, Decoration::ArrayStride, &[*stride])?,
            SpvType::Struct {
                name,
                members,
                block,
            } => {
                if *block {
                    self.decorate(id, Decoration::Block, &[])?;
                }
                if let Some(name) = name {
                    self.name(id, name)?;
                }
                for (i, member) in members.iter().enumerate() {
                    let i = i as u32;
                    if let Some(offset) = member.offset {
                        self.decorate_member(id, i, Decoration::Offset, &[offset])?;
                    }
                    if let Some(stride) = member.matrix_stride {
                        self.decorate_member(id, i, Decoration::ColMajor, &[])?;
                        self.decorate_member(id, i, Decoration::MatrixStride, &[stride])?;
                    }
                    self.member_name(id, i, &member.name)?;
                }
            }
            _ => {}
        }
        self.spv_types.insert(ty, id);
        Ok(id)
    }

    /// The SPIR-V type of a scalar.
    pub(crate) fn scalar_type(&mut self, scalar: Scalar) -> Result<Word, Error> {
        let width = u32::from(scalar.width) * 8;
        self.intern(match scalar.kind {
            ScalarKind::Bool => SpvType::Bool,
            ScalarKind::Sint => SpvType::Int {
                width,
                signed: true,
            },
            ScalarKind::Uint => SpvType::Int {
                width,
                signed: false,
            },
            ScalarKind::Float => SpvType::Float { width },
        })
    }

    /// The SPIR-V type of a scalar (`size` `None`) or vector of `scalar`.
    pub(crate) fn numeric_type(
        &mut self,
        scalar: Scalar,
        size: Option<VectorSize>,
    ) -> Result<Word, Error> {
        let component = self.scalar_type(scalar)?;
        match size {
            None => Ok(component),
            Some(size) => self.intern(SpvType::Vector {
                component,
                count: size.count(),
            }),
        }
    }

    /// `void`.
    pub(crate) fn void_type(&mut self) -> Result<Word, Error> {
        self.intern(SpvType::Void)
    }

    /// A pointer type.
    pub(crate) fn pointer_type(
        &mut self,
        class: spirv::StorageClass,
        pointee: Word,
    ) -> Result<Word, Error> {
        self.intern(SpvType::Pointer {
            class: class as u32,
            pointee,
        })
    }

    /// The SPIR-V type of IR type `root` when it lives in memory of layout `layout` (values
    /// and plain memory use [`Layout::Plain`]). Pointer types take their pointee's layout from
    /// their address space.
    pub(crate) fn ir_type(&mut self, root: Handle<Type>, layout: Layout) -> Result<Word, Error> {
        let root = self.type_key(root, layout)?;
        if let Some(&id) = self.ir_types.get(&root) {
            return Ok(id);
        }
        // Post-order walk with an explicit stack: types nest as deep as the user wrote them.
        let mut stack = vec![(root, false)];
        let mut in_progress: Vec<(Handle<Type>, Layout)> = Vec::new();
        while let Some((key, expanded)) = stack.pop() {
            if self.ir_types.contains_key(&key) {
                continue;
            }
            if expanded {
                let id = self.build_type(key.0, key.1)?;
                self.ir_types.insert(key, id);
                in_progress.retain(|k| *k != key);
                continue;
            }
            if in_progress.contains(&key) {
                return Err(Error::invalid(format!("type {:?} contains itself", key.0)));
            }
            in_progress.push(key);
            stack.push((key, true));
            for dep in self.type_deps(key.0, key.1)?.into_iter().rev() {
                if !self.ir_types.contains_key(&dep) {
                    if in_progress.contains(&dep) {
                        return Err(Error::invalid(format!("type {:?} contains itself", dep.0)));
                    }
                    stack.push((dep, false));
                }
            }
        }
        self.ir_types
            .get(&root)
            .copied()
            .ok_or_else(|| Error::invalid(format!("type {:?} could not be declared", root.0)))
    }

    /// The cache key of `ty` under `layout`: the layout only matters for arrays and structs.
    fn type_key(&self, ty: Handle<Type>, layout: Layout) -> Result<(Handle<Type>, Layout), Error> {
        Ok(match self.ir_type_inner(ty)? {
            TypeInner::Array { .. } | TypeInner::Struct { .. } => (ty, layout),
            _ => (ty, Layout::Plain),
        })
    }

    /// The IR types `ty` is built from, with the layout each is needed in.
    fn type_deps(
        &self,
        ty: Handle<Type>,
        layout: Layout,
    ) -> Result<Vec<(Handle<Type>, Layout)>, Error> {
        Ok(match self.ir_type_inner(ty)? {
            TypeInner::Array { base, .. } => vec![self.type_key(*base, layout)?],
            TypeInner::Struct { members } => members
                .iter()
                .map(|m| self.type_key(m.ty, layout))
                .collect::<Result<_, _>>()?,
            TypeInner::Pointer { base, space } => {
                vec![self.type_key(*base, Layout::for_space(*space))?]
            }
            _ => Vec::new(),
        })
    }

    /// Declares `ty` under `layout`; its parts are already declared.
    fn build_type(&mut self, ty: Handle<Type>, layout: Layout) -> Result<Word, Error> {
        let module = self.module;
        let inner = self.ir_type_inner(ty)?;
        match inner {
            TypeInner::Scalar(scalar) | TypeInner::Atomic(scalar) => self.scalar_type(*scalar),
            TypeInner::Vector { size, scalar } => self.numeric_type(*scalar, Some(*size)),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let column = self.numeric_type(*scalar, Some(*rows))?;
                self.intern(SpvType::Matrix {
                    column,
                    count: columns.count(),
                })
            }
            TypeInner::Array { base, size } => {
                let element = self.ir_type(*base, layout)?;
                let stride = match layout {
                    Layout::Plain => None,
                    _ => Some(self.layouts.array_stride(ty, layout)?),
                };
                match size {
                    ArraySize::Constant(n) => {
                        let length = self.const_u32(*n)?;
                        self.intern(SpvType::Array {
                            element,
                            length,
                            stride,
                        })
                    }
                    ArraySize::Runtime => self.intern(SpvType::RuntimeArray { element, stride }),
                }
            }
            TypeInner::Struct { members } => {
                let name = module.types.get(ty).and_then(|t| t.name.clone());
                let member_list: Vec<(Handle<Type>, String)> =
                    members.iter().map(|m| (m.ty, m.name.clone())).collect();
                let offsets = match layout {
                    Layout::Plain => None,
                    _ => Some(self.layouts.member_offsets(ty, layout)?),
                };
                self.struct_type(name, &member_list, offsets.as_deref(), layout, false)
            }
            TypeInner::Pointer { base, space } => {
                let pointee = self.ir_type(*base, Layout::for_space(*space))?;
                self.pointer_type(storage_class(*space), pointee)
            }
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => {
                let (kind, depth, multisampled, storage) = match class {
                    ImageClass::Sampled { kind, multisampled } => {
                        (*kind, false, *multisampled, None)
                    }
                    ImageClass::Depth { multisampled } => {
                        (ScalarKind::Float, true, *multisampled, None)
                    }
                    ImageClass::Storage { format, .. } => {
                        (format.kind(), false, false, Some(*format))
                    }
                };
                let sampled = self.scalar_type(Scalar { kind, width: 4 })?;
                let dim = match dim {
                    ImageDimension::D2 => spirv::Dim::Dim2D,
                    ImageDimension::D3 => spirv::Dim::Dim3D,
                    ImageDimension::Cube => spirv::Dim::DimCube,
                };
                self.intern(SpvType::Image {
                    sampled,
                    dim: dim as u32,
                    depth,
                    arrayed: *arrayed,
                    multisampled,
                    storage,
                })
            }
            TypeInner::Sampler { .. } => self.intern(SpvType::Sampler),
        }
    }

    /// A struct of `members` laid out at `offsets` (none for plain memory).
    fn struct_type(
        &mut self,
        name: Option<String>,
        members: &[(Handle<Type>, String)],
        offsets: Option<&[u32]>,
        layout: Layout,
        block: bool,
    ) -> Result<Word, Error> {
        let mut keys = Vec::with_capacity(members.len());
        for (i, (ty, member_name)) in members.iter().enumerate() {
            let id = self.ir_type(*ty, layout)?;
            let offset = match offsets {
                Some(offsets) => Some(offsets.get(i).copied().ok_or_else(|| {
                    Error::invalid("the layouter returned fewer offsets than members")
                })?),
                None => None,
            };
            let matrix_stride = match layout {
                Layout::Plain => None,
                _ => self.member_matrix_stride(*ty, layout)?,
            };
            keys.push(MemberKey {
                ty: id,
                name: member_name.clone(),
                offset,
                matrix_stride,
            });
        }
        self.intern(SpvType::Struct {
            name,
            members: keys,
            block,
        })
    }

    /// The matrix stride a member of type `ty` needs: for a matrix, or an array (of arrays) of
    /// matrices, that of the matrix; none otherwise.
    fn member_matrix_stride(
        &mut self,
        ty: Handle<Type>,
        layout: Layout,
    ) -> Result<Option<u32>, Error> {
        let mut current = ty;
        // Bounded by the number of types: each step goes to an array's element type.
        for _ in 0..=self.module.types.len() {
            match self.ir_type_inner(current)? {
                TypeInner::Array { base, .. } => current = *base,
                TypeInner::Matrix { .. } => {
                    return Ok(Some(self.layouts.matrix_stride(current, layout)?))
                }
                _ => return Ok(None),
            }
        }
        Err(Error::invalid(format!("type {ty:?} contains itself")))
    }

    /// The `Block` struct a uniform, storage or push-constant global points to, and whether
    /// it is a wrapper (the global's value is its member 0) rather than the global's own
    /// struct type decorated `Block`.
    pub(crate) fn block_type(&mut self, g: Handle<GlobalVariable>) -> Result<(Word, bool), Error> {
        let global = self.ir_global(g)?;
        let layout = Layout::for_space(global.space);
        match self.ir_type_inner(global.ty)? {
            TypeInner::Struct { members } => {
                let name = self
                    .module
                    .types
                    .get(global.ty)
                    .and_then(|t| t.name.clone());
                let member_list: Vec<(Handle<Type>, String)> =
                    members.iter().map(|m| (m.ty, m.name.clone())).collect();
                let offsets = self.layouts.member_offsets(global.ty, layout)?;
                let id = self.struct_type(name, &member_list, Some(&offsets), layout, true)?;
                Ok((id, false))
            }
            _ => {
                let name = format!("{}_block", global.name);
                let member_list = [(global.ty, global.name.clone())];
                let id = self.struct_type(Some(name), &member_list, Some(&[0]), layout, true)?;
                Ok((id, true))
            }
        }
    }
}

/// The SPIR-V image format of a storage format.
fn spirv_format(f: StorageFormat) -> spirv::ImageFormat {
    use spirv::ImageFormat as S;
    use StorageFormat as F;
    match f {
        F::Rgba8Unorm => S::Rgba8,
        F::Rgba8Snorm => S::Rgba8Snorm,
        F::Rgba8Uint => S::Rgba8ui,
        F::Rgba8Sint => S::Rgba8i,
        F::Rgba16Float => S::Rgba16f,
        F::Rgba16Uint => S::Rgba16ui,
        F::Rgba16Sint => S::Rgba16i,
        F::Rgba32Float => S::Rgba32f,
        F::Rgba32Uint => S::Rgba32ui,
        F::Rgba32Sint => S::Rgba32i,
        F::R32Float => S::R32f,
        F::R32Uint => S::R32ui,
        F::R32Sint => S::R32i,
        F::Rg32Float => S::Rg32f,
        F::Rg32Uint => S::Rg32ui,
        F::Rg32Sint => S::Rg32i,
    }
}

/// Whether a storage format needs `StorageImageExtendedFormats` (the SPIR-V spec's table: the
/// two-channel 32-bit formats among ours; the others come with `Shader`).
fn needs_extended_formats(f: StorageFormat) -> bool {
    matches!(
        f,
        StorageFormat::Rg32Float | StorageFormat::Rg32Uint | StorageFormat::Rg32Sint
    )
}
