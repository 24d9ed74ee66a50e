//! Host-visible memory layout: std140 (uniform buffers) and std430 (storage buffers, push
//! constants), one contract for every target (language.md, "Host-visible layout").
//!
//! The rules, for a type `T` under a rule:
//! - scalars align to their size (`f16` = 2, 32-bit scalars and atomics = 4); `bool` has no
//!   host-visible layout;
//! - `vec2` aligns to twice its component size, `vec3` and `vec4` to four times it; `vec3` is
//!   three components big, so a following scalar packs into its last four bytes;
//! - a matrix is an array of its column vectors (so its matrix stride is that array's stride);
//! - an array's element alignment and stride are the element's alignment and its size rounded up
//!   to that alignment; std140 then rounds both up to 16. A runtime-sized array has that stride
//!   and no size;
//! - a struct aligns to its largest member alignment (std140: rounded up to 16); each member sits
//!   at the next offset aligned for it; the size is the end of the last member rounded up to the
//!   struct's alignment (so a member after a struct starts at an aligned offset). A struct whose
//!   last member is a runtime-sized array has no size.
//!
//! Types are laid out in arena order, each from the layouts of the earlier types it names, so no
//! query recurses however deeply types nest.

use std::fmt;

use luma_base::{Handle, UniqueArena};

use crate::ir::{AddressSpace, ArraySize, ScalarKind, Type, TypeInner, VectorSize};

/// Which standard layout applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LayoutRule {
    /// Uniform buffers: arrays and structs align to 16.
    Std140,
    /// Storage buffers and push constants.
    Std430,
}

/// The layout rule of memory in `space`, or `None` where memory is not host-visible.
pub fn rule_for_space(space: AddressSpace) -> Option<LayoutRule> {
    match space {
        AddressSpace::Uniform => Some(LayoutRule::Std140),
        AddressSpace::Storage { .. } | AddressSpace::PushConstant => Some(LayoutRule::Std430),
        AddressSpace::Function
        | AddressSpace::Private
        | AddressSpace::Workgroup
        | AddressSpace::Handle
        | AddressSpace::Input
        | AddressSpace::Output => None,
    }
}

/// The layout of one type under one rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeLayout {
    /// Size in bytes; `None` for a runtime-sized array and a struct ending in one.
    pub size: Option<u32>,
    /// Alignment in bytes (a power of two).
    pub align: u32,
    /// What else a back end must state: strides and member offsets.
    pub kind: LayoutKind,
}

/// The shape-specific part of a [`TypeLayout`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutKind {
    /// A scalar or an atomic.
    Scalar,
    /// A vector.
    Vector,
    /// A matrix (column-major): the distance between the starts of two columns.
    Matrix {
        /// Column stride in bytes.
        column_stride: u32,
    },
    /// An array (fixed or runtime-sized): the distance between the starts of two elements.
    Array {
        /// Element stride in bytes.
        stride: u32,
    },
    /// A struct: the offset of each member, in member order.
    Struct {
        /// Member offsets in bytes.
        offsets: Vec<u32>,
    },
}

/// Why a type has no layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutError {
    /// The handle is not in the type arena, or names a later type (a cycle).
    BadHandle(Handle<Type>),
    /// The type cannot live in host-visible memory (`bool`, pointers, textures, samplers).
    NotHostShareable(Handle<Type>),
    /// A runtime-sized array where a sized type is needed (an array element, a struct member
    /// other than the last).
    UnsizedElement(Handle<Type>),
    /// The size does not fit in 32 bits.
    TooLarge(Handle<Type>),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::BadHandle(h) => write!(f, "type handle {} is invalid", h.raw()),
            LayoutError::NotHostShareable(h) => {
                write!(
                    f,
                    "type {} cannot be laid out in host-visible memory",
                    h.raw()
                )
            }
            LayoutError::UnsizedElement(h) => write!(
                f,
                "type {} contains a runtime-sized array where a sized type is required",
                h.raw()
            ),
            LayoutError::TooLarge(h) => write!(f, "type {} is larger than 4 GiB", h.raw()),
        }
    }
}

impl std::error::Error for LayoutError {}

/// Computes and caches the layouts of a module's types under one rule.
#[derive(Debug, Clone)]
pub struct Layouter<'a> {
    types: &'a UniqueArena<Type>,
    rule: LayoutRule,
    /// Layouts of the types `0..cache.len()`, in arena order.
    cache: Vec<Result<TypeLayout, LayoutError>>,
}

impl<'a> Layouter<'a> {
    /// A layouter over `types` under `rule`; nothing is computed until asked.
    pub fn new(types: &'a UniqueArena<Type>, rule: LayoutRule) -> Self {
        Layouter {
            types,
            rule,
            cache: Vec::new(),
        }
    }

    /// The rule this layouter applies.
    pub fn rule(&self) -> LayoutRule {
        self.rule
    }

    /// The layout of `ty`, or why it has none.
    pub fn layout(&mut self, ty: Handle<Type>) -> Result<&TypeLayout, LayoutError> {
        if !self.types.contains(ty) {
            return Err(LayoutError::BadHandle(ty));
        }
        while self.cache.len() <= ty.index() {
            let next = Handle::from_index(self.cache.len() as u32);
            let computed = self.compute(next);
            self.cache.push(computed);
        }
        match self.cache.get(ty.index()) {
            Some(Ok(layout)) => Ok(layout),
            Some(Err(e)) => Err(e.clone()),
            None => Err(LayoutError::BadHandle(ty)),
        }
    }

    /// Size of `ty` (`None` for runtime-sized types).
    pub fn size(&mut self, ty: Handle<Type>) -> Result<Option<u32>, LayoutError> {
        self.layout(ty).map(|l| l.size)
    }

    /// Alignment of `ty`.
    pub fn align(&mut self, ty: Handle<Type>) -> Result<u32, LayoutError> {
        self.layout(ty).map(|l| l.align)
    }

    /// Member offsets of struct `ty` (empty for other types).
    pub fn member_offsets(&mut self, ty: Handle<Type>) -> Result<Vec<u32>, LayoutError> {
        self.layout(ty).map(|l| match &l.kind {
            LayoutKind::Struct { offsets } => offsets.clone(),
            _ => Vec::new(),
        })
    }

    /// The cached layout of an earlier type, as a dependency of `of`.
    fn dep(&self, dep: Handle<Type>, of: Handle<Type>) -> Result<&TypeLayout, LayoutError> {
        if dep.index() >= of.index() {
            return Err(LayoutError::BadHandle(of));
        }
        match self.cache.get(dep.index()) {
            Some(Ok(layout)) => Ok(layout),
            Some(Err(LayoutError::BadHandle(_))) | None => Err(LayoutError::BadHandle(of)),
            Some(Err(LayoutError::TooLarge(_))) => Err(LayoutError::TooLarge(of)),
            Some(Err(LayoutError::UnsizedElement(_))) => Err(LayoutError::UnsizedElement(of)),
            Some(Err(LayoutError::NotHostShareable(_))) => Err(LayoutError::NotHostShareable(of)),
        }
    }

    fn compute(&self, handle: Handle<Type>) -> Result<TypeLayout, LayoutError> {
        let ty = self
            .types
            .get(handle)
            .ok_or(LayoutError::BadHandle(handle))?;
        let too_large = LayoutError::TooLarge(handle);
        match &ty.inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                if s.kind == ScalarKind::Bool {
                    return Err(LayoutError::NotHostShareable(handle));
                }
                let w = u32::from(s.width);
                Ok(TypeLayout {
                    size: Some(w),
                    align: w,
                    kind: LayoutKind::Scalar,
                })
            }
            TypeInner::Vector { size, scalar } => {
                if scalar.kind == ScalarKind::Bool {
                    return Err(LayoutError::NotHostShareable(handle));
                }
                let w = u32::from(scalar.width);
                Ok(TypeLayout {
                    size: Some(w * size.count()),
                    align: vector_align(*size, w),
                    kind: LayoutKind::Vector,
                })
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                if scalar.kind == ScalarKind::Bool {
                    return Err(LayoutError::NotHostShareable(handle));
                }
                let w = u32::from(scalar.width);
                let column_size = w * rows.count();
                let (align, stride) = self.array_element(vector_align(*rows, w), column_size);
                Ok(TypeLayout {
                    size: Some(stride * columns.count()),
                    align,
                    kind: LayoutKind::Matrix {
                        column_stride: stride,
                    },
                })
            }
            TypeInner::Array { base, size } => {
                let element = self.dep(*base, handle)?;
                let element_size = element.size.ok_or(LayoutError::UnsizedElement(handle))?;
                let (align, stride) = self.array_element(element.align, element_size);
                let size = match size {
                    ArraySize::Constant(n) => Some(stride.checked_mul(*n).ok_or(too_large)?),
                    ArraySize::Runtime => None,
                };
                Ok(TypeLayout {
                    size,
                    align,
                    kind: LayoutKind::Array { stride },
                })
            }
            TypeInner::Struct { members } => {
                let mut offsets = Vec::with_capacity(members.len());
                let mut align = 1u32;
                let mut end = Some(0u32);
                for member in members {
                    let Some(current) = end else {
                        // Only the last member may be runtime-sized.
                        return Err(LayoutError::UnsizedElement(handle));
                    };
                    let layout = self.dep(member.ty, handle)?;
                    let offset = round_up(current, layout.align).ok_or(too_large.clone())?;
                    offsets.push(offset);
                    align = align.max(layout.align);
                    end = match layout.size {
                        Some(size) => Some(offset.checked_add(size).ok_or(too_large.clone())?),
                        None => None,
                    };
                }
                if self.rule == LayoutRule::Std140 {
                    align = align.max(16);
                }
                let size = match end {
                    Some(end) => Some(round_up(end, align).ok_or(too_large)?),
                    None => None,
                };
                Ok(TypeLayout {
                    size,
                    align,
                    kind: LayoutKind::Struct { offsets },
                })
            }
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
                Err(LayoutError::NotHostShareable(handle))
            }
        }
    }

    /// Alignment and stride of an array whose elements have `align` and `size`.
    fn array_element(&self, align: u32, size: u32) -> (u32, u32) {
        let align = match self.rule {
            LayoutRule::Std140 => align.max(16),
            LayoutRule::Std430 => align,
        };
        // Element sizes are at most 4 GiB and alignments at most 16, so rounding only fails for
        // sizes that the element's own layout already rejected; saturate to keep this total.
        let stride = round_up(size, align).unwrap_or(u32::MAX);
        (align, stride)
    }
}

fn vector_align(size: VectorSize, width: u32) -> u32 {
    match size {
        VectorSize::Bi => 2 * width,
        VectorSize::Tri | VectorSize::Quad => 4 * width,
    }
}

/// `value` rounded up to a multiple of `align` (a power of two), or `None` on overflow.
pub fn round_up(value: u32, align: u32) -> Option<u32> {
    let mask = align.checked_sub(1)?;
    value.checked_add(mask).map(|v| v & !mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Scalar, StructMember};

    struct Types(UniqueArena<Type>);

    impl Types {
        fn new() -> Self {
            Types(UniqueArena::new())
        }
        fn add(&mut self, inner: TypeInner) -> Handle<Type> {
            self.0.insert(Type { name: None, inner })
        }
        fn scalar(&mut self, s: Scalar) -> Handle<Type> {
            self.add(TypeInner::Scalar(s))
        }
        fn vec(&mut self, n: u32, s: Scalar) -> Handle<Type> {
            let size = VectorSize::from_count(n).unwrap_or(VectorSize::Quad);
            self.add(TypeInner::Vector { size, scalar: s })
        }
        fn mat(&mut self, c: u32, r: u32) -> Handle<Type> {
            let columns = VectorSize::from_count(c).unwrap_or(VectorSize::Quad);
            let rows = VectorSize::from_count(r).unwrap_or(VectorSize::Quad);
            self.add(TypeInner::Matrix {
                columns,
                rows,
                scalar: Scalar::F32,
            })
        }
        fn array(&mut self, base: Handle<Type>, n: Option<u32>) -> Handle<Type> {
            let size = n.map_or(ArraySize::Runtime, ArraySize::Constant);
            self.add(TypeInner::Array { base, size })
        }
        fn strukt(&mut self, name: &str, members: &[Handle<Type>]) -> Handle<Type> {
            let members = members
                .iter()
                .enumerate()
                .map(|(i, &ty)| StructMember {
                    name: format!("m{i}"),
                    ty,
                })
                .collect();
            self.0.insert(Type {
                name: Some(name.to_string()),
                inner: TypeInner::Struct { members },
            })
        }
    }

    fn both(types: &Types, ty: Handle<Type>) -> (TypeLayout, TypeLayout) {
        let a = Layouter::new(&types.0, LayoutRule::Std140)
            .layout(ty)
            .cloned()
            .unwrap();
        let b = Layouter::new(&types.0, LayoutRule::Std430)
            .layout(ty)
            .cloned()
            .unwrap();
        (a, b)
    }

    fn offsets(l: &TypeLayout) -> Vec<u32> {
        match &l.kind {
            LayoutKind::Struct { offsets } => offsets.clone(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn vec3_then_float_packs() {
        let mut t = Types::new();
        let f = t.scalar(Scalar::F32);
        let v3 = t.vec(3, Scalar::F32);
        let s = t.strukt("S", &[v3, f]);
        let (a, b) = both(&t, s);
        assert_eq!(offsets(&a), [0, 12]);
        assert_eq!(offsets(&b), [0, 12]);
        assert_eq!((a.size, a.align), (Some(16), 16));
        assert_eq!((b.size, b.align), (Some(16), 16));
    }

    #[test]
    fn arrays_of_float_vec3_and_structs() {
        let mut t = Types::new();
        let f = t.scalar(Scalar::F32);
        let v3 = t.vec(3, Scalar::F32);
        let af = t.array(f, Some(3));
        let av3 = t.array(v3, Some(2));
        let inner = t.strukt("Inner", &[f, f]);
        let ai = t.array(inner, Some(2));
        let (a, b) = both(&t, af);
        assert_eq!(
            (a.size, a.align, a.kind),
            (Some(48), 16, LayoutKind::Array { stride: 16 })
        );
        assert_eq!(
            (b.size, b.align, b.kind),
            (Some(12), 4, LayoutKind::Array { stride: 4 })
        );
        let (a, b) = both(&t, av3);
        assert_eq!(
            (a.size, a.kind),
            (Some(32), LayoutKind::Array { stride: 16 })
        );
        assert_eq!(
            (b.size, b.kind),
            (Some(32), LayoutKind::Array { stride: 16 })
        );
        let (a, b) = both(&t, ai);
        assert_eq!(
            (a.size, a.kind),
            (Some(32), LayoutKind::Array { stride: 16 })
        );
        assert_eq!(
            (b.size, b.kind),
            (Some(16), LayoutKind::Array { stride: 8 })
        );
    }

    #[test]
    fn matrices_are_arrays_of_columns() {
        let mut t = Types::new();
        let m3 = t.mat(3, 3);
        let m2x3 = t.mat(2, 3);
        let m3x2 = t.mat(3, 2);
        let m2 = t.mat(2, 2);
        let m4 = t.mat(4, 4);
        let cases = [
            // (type, std140 (size, align, stride), std430 (size, align, stride))
            (m3, (48, 16, 16), (48, 16, 16)),
            (m2x3, (32, 16, 16), (32, 16, 16)),
            (m3x2, (48, 16, 16), (24, 8, 8)),
            (m2, (32, 16, 16), (16, 8, 8)),
            (m4, (64, 16, 16), (64, 16, 16)),
        ];
        for (ty, (s140, a140, c140), (s430, a430, c430)) in cases {
            let (a, b) = both(&t, ty);
            assert_eq!(a.size, Some(s140));
            assert_eq!(a.align, a140);
            assert_eq!(
                a.kind,
                LayoutKind::Matrix {
                    column_stride: c140
                }
            );
            assert_eq!(b.size, Some(s430));
            assert_eq!(b.align, a430);
            assert_eq!(
                b.kind,
                LayoutKind::Matrix {
                    column_stride: c430
                }
            );
        }
    }

    #[test]
    fn nested_struct_then_scalar() {
        let mut t = Types::new();
        let f = t.scalar(Scalar::F32);
        let v2 = t.vec(2, Scalar::F32);
        let inner = t.strukt("Inner", &[f]);
        let outer = t.strukt("Outer", &[f, inner, f, v2]);
        let (a, b) = both(&t, outer);
        // std140: Inner aligns to 16 and is 16 big, so the float after it starts at 32.
        assert_eq!(offsets(&a), [0, 16, 32, 40]);
        assert_eq!(a.size, Some(48));
        // std430: Inner is 4 big and 4-aligned.
        assert_eq!(offsets(&b), [0, 4, 8, 16]);
        assert_eq!(b.size, Some(24));
        assert_eq!(b.align, 8);
    }

    #[test]
    fn f16_and_runtime_arrays() {
        let mut t = Types::new();
        let h = t.scalar(Scalar::F16);
        let h3 = t.vec(3, Scalar::F16);
        let f = t.scalar(Scalar::F32);
        let v3 = t.vec(3, Scalar::F32);
        let rt = t.array(v3, None);
        let s = t.strukt("S", &[h, h3, h, f, rt]);
        let (_, b) = both(&t, s);
        assert_eq!(offsets(&b), [0, 8, 14, 16, 32]);
        assert_eq!(b.size, None);
        assert_eq!(b.align, 16);
        let (_, rt_layout) = both(&t, rt);
        assert_eq!(rt_layout.size, None);
        assert_eq!(rt_layout.kind, LayoutKind::Array { stride: 16 });
    }

    #[test]
    fn rejects_unshareable_and_unsized_members() {
        let mut t = Types::new();
        let b = t.scalar(Scalar::BOOL);
        let f = t.scalar(Scalar::F32);
        let rt = t.array(f, None);
        let bad = t.strukt("Bad", &[rt, f]);
        let rt_of_rt = t.array(rt, Some(2));
        let mut l = Layouter::new(&t.0, LayoutRule::Std430);
        assert_eq!(l.layout(b).cloned(), Err(LayoutError::NotHostShareable(b)));
        assert_eq!(
            l.layout(bad).cloned(),
            Err(LayoutError::UnsizedElement(bad))
        );
        assert_eq!(
            l.layout(rt_of_rt).cloned(),
            Err(LayoutError::UnsizedElement(rt_of_rt))
        );
        assert_eq!(
            l.layout(Handle::from_index(99)).cloned(),
            Err(LayoutError::BadHandle(Handle::from_index(99)))
        );
    }

    #[test]
    fn huge_arrays_fail_instead_of_wrapping() {
        let mut t = Types::new();
        let v4 = t.vec(4, Scalar::F32);
        let big = t.array(v4, Some(1 << 28));
        let mut l = Layouter::new(&t.0, LayoutRule::Std430);
        assert_eq!(l.layout(big).cloned(), Err(LayoutError::TooLarge(big)));
    }

    #[test]
    fn rules_per_space() {
        use crate::ir::StorageAccess;
        assert_eq!(
            rule_for_space(AddressSpace::Uniform),
            Some(LayoutRule::Std140)
        );
        assert_eq!(
            rule_for_space(AddressSpace::Storage {
                access: StorageAccess::Read
            }),
            Some(LayoutRule::Std430)
        );
        assert_eq!(
            rule_for_space(AddressSpace::PushConstant),
            Some(LayoutRule::Std430)
        );
        assert_eq!(rule_for_space(AddressSpace::Workgroup), None);
    }
}
