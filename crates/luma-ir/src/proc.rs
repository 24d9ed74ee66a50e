//! Type and constant helpers that every consumer of the IR needs: the scalar and shape of a
//! type, the type of a value, inserting types and constants, and binary16 conversions.
//!
//! Queries that look inside nested types walk them with an explicit work list and a visited set,
//! so they neither recurse nor revisit a type shared by many members.

use luma_base::{Arena, Handle, UniqueArena};

use crate::ir::{
    AddressSpace, ArraySize, Constant, ConstantValue, EntryPoint, Function, Literal, Module,
    Scalar, ScalarKind, Type, TypeInner, Value, VectorSize,
};

impl TypeInner {
    /// The scalar of a scalar, vector, matrix or atomic; `None` for other types.
    pub fn scalar(&self) -> Option<Scalar> {
        match *self {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some(s),
            TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => Some(scalar),
            _ => None,
        }
    }

    /// The scalar kind of a scalar, vector, matrix or atomic.
    pub fn scalar_kind(&self) -> Option<ScalarKind> {
        self.scalar().map(|s| s.kind)
    }

    /// The component count of a vector; `None` for other types.
    pub fn vector_size(&self) -> Option<VectorSize> {
        match *self {
            TypeInner::Vector { size, .. } => Some(size),
            _ => None,
        }
    }

    /// Whether this is a scalar or a vector (the operands of componentwise operators).
    pub fn is_scalar_or_vector(&self) -> bool {
        matches!(self, TypeInner::Scalar(_) | TypeInner::Vector { .. })
    }

    /// The scalar of a scalar or vector, with the vector size (`None` for a scalar): the "shape"
    /// that componentwise operators preserve.
    pub fn scalar_or_vector(&self) -> Option<(Scalar, Option<VectorSize>)> {
        match *self {
            TypeInner::Scalar(s) => Some((s, None)),
            TypeInner::Vector { size, scalar } => Some((scalar, Some(size))),
            _ => None,
        }
    }

    /// A scalar (when `size` is `None`) or vector of `scalar`.
    pub fn with_shape(scalar: Scalar, size: Option<VectorSize>) -> TypeInner {
        match size {
            None => TypeInner::Scalar(scalar),
            Some(size) => TypeInner::Vector { size, scalar },
        }
    }

    /// The number of parts `Compose`, `Extract` and `Insert` address: vector components, matrix
    /// columns, fixed array elements or struct members; `None` for other types (runtime arrays
    /// included).
    pub fn part_count(&self) -> Option<u32> {
        match self {
            TypeInner::Vector { size, .. } => Some(size.count()),
            TypeInner::Matrix { columns, .. } => Some(columns.count()),
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => Some(*n),
            TypeInner::Struct { members } => u32::try_from(members.len()).ok(),
            _ => None,
        }
    }
}

/// The type of part `index` of a composite type (see [`TypeInner::part_count`]): the
/// component, column, element or member type. Inserts the component or column type when it is
/// not in the arena yet, so this needs the arena mutably; see [`part_type_of`] for a read-only
/// lookup.
pub fn part_type(
    types: &mut UniqueArena<Type>,
    ty: Handle<Type>,
    index: u32,
) -> Option<Handle<Type>> {
    let inner = types.get(ty)?.inner.clone();
    if index >= inner.part_count()? {
        return None;
    }
    Some(match inner {
        TypeInner::Vector { scalar, .. } => types.insert(unnamed(TypeInner::Scalar(scalar))),
        TypeInner::Matrix { rows, scalar, .. } => {
            types.insert(unnamed(TypeInner::Vector { size: rows, scalar }))
        }
        TypeInner::Array { base, .. } => base,
        TypeInner::Struct { members } => members.get(index as usize)?.ty,
        _ => return None,
    })
}

/// Read-only [`part_type`]: `None` also when the component or column type is not in the arena.
pub fn part_type_of(
    types: &UniqueArena<Type>,
    ty: Handle<Type>,
    index: u32,
) -> Option<Handle<Type>> {
    let inner = &types.get(ty)?.inner;
    if index >= inner.part_count()? {
        return None;
    }
    match inner {
        TypeInner::Vector { scalar, .. } => types.find(&unnamed(TypeInner::Scalar(*scalar))),
        TypeInner::Matrix { rows, scalar, .. } => types.find(&unnamed(TypeInner::Vector {
            size: *rows,
            scalar: *scalar,
        })),
        TypeInner::Array { base, .. } => Some(*base),
        TypeInner::Struct { members } => members.get(index as usize).map(|m| m.ty),
        _ => None,
    }
}

fn unnamed(inner: TypeInner) -> Type {
    Type { name: None, inner }
}

/// Whether any type reachable from `ty` through array elements and struct members (`ty`
/// included; pointer bases excluded) satisfies `pred`. Dangling handles are skipped.
pub fn any_subtype(
    types: &UniqueArena<Type>,
    ty: Handle<Type>,
    mut pred: impl FnMut(&TypeInner) -> bool,
) -> bool {
    // Most types asked about (the verifier asks for every value) have no subtypes: answer those
    // without the walk.
    match types.get(ty).map(|t| &t.inner) {
        None => return false,
        Some(TypeInner::Array { .. } | TypeInner::Struct { .. }) => {}
        Some(inner) => return pred(inner),
    }
    // The types seen are a set, not a table as long as the arena: callers ask about every
    // global or every type, and a table each time cost types x globals (seconds in a module of
    // thousands of struct types).
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![ty];
    while let Some(h) = stack.pop() {
        if !seen.insert(h.index()) {
            continue;
        }
        let Some(t) = types.get(h) else { continue };
        if pred(&t.inner) {
            return true;
        }
        match &t.inner {
            TypeInner::Array { base, .. } => stack.push(*base),
            TypeInner::Struct { members } => stack.extend(members.iter().rev().map(|m| m.ty)),
            _ => {}
        }
    }
    false
}

/// For each function of `module`, by index, the first entry point that runs it. Back ends and
/// passes look this up per function: a search of the entry point list each time costs
/// functions x entry points, seconds in a module of thousands of entry points.
pub fn entry_point_by_function(module: &Module) -> Vec<Option<&EntryPoint>> {
    let mut table = vec![None; module.functions.len()];
    for ep in &module.entry_points {
        if let Some(slot @ None) = table.get_mut(ep.function.index()) {
            *slot = Some(ep);
        }
    }
    table
}

/// Whether `ty` can live in host-visible memory (uniform, storage and push-constant buffers):
/// numbers, vectors, matrices, atomics and arrays and structs of them; no `bool`.
pub fn is_host_shareable(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    types.contains(ty)
        && !any_subtype(types, ty, |inner| match inner {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
                s.kind == ScalarKind::Bool
            }
            TypeInner::Matrix { .. }
            | TypeInner::Atomic(_)
            | TypeInner::Array { .. }
            | TypeInner::Struct { .. } => false,
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => true,
        })
}

/// Whether values of `ty` can be built, copied and held in SSA values and function memory:
/// scalars, vectors, matrices, fixed-size arrays and structs of them (no atomics, runtime
/// arrays, pointers, textures or samplers).
pub fn is_constructible(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    types.contains(ty)
        && !any_subtype(types, ty, |inner| match inner {
            TypeInner::Scalar(_)
            | TypeInner::Vector { .. }
            | TypeInner::Matrix { .. }
            | TypeInner::Struct { .. } => false,
            TypeInner::Array { size, .. } => *size == ArraySize::Runtime,
            TypeInner::Atomic(_)
            | TypeInner::Pointer { .. }
            | TypeInner::Image { .. }
            | TypeInner::Sampler { .. } => true,
        })
}

/// Whether `ty` is or contains a runtime-sized array.
pub fn contains_runtime_array(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    any_subtype(types, ty, |inner| {
        matches!(
            inner,
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            }
        )
    })
}

/// Whether `ty` is or contains an atomic.
pub fn contains_atomic(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    any_subtype(types, ty, |inner| matches!(inner, TypeInner::Atomic(_)))
}

/// Whether `ty` is or contains a 16-bit float (scalar, vector or matrix).
pub fn contains_f16(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    any_subtype(types, ty, |inner| match inner {
        TypeInner::Scalar(s)
        | TypeInner::Atomic(s)
        | TypeInner::Vector { scalar: s, .. }
        | TypeInner::Matrix { scalar: s, .. } => s.kind == ScalarKind::Float && s.width == 2,
        _ => false,
    })
}

/// Whether `ty` is or contains an array.
pub fn contains_array(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    any_subtype(types, ty, |inner| matches!(inner, TypeInner::Array { .. }))
}

/// Whether `ty` is an image or sampler, or an array of them (the types of `Handle` globals).
pub fn is_handle_type(types: &UniqueArena<Type>, ty: Handle<Type>) -> bool {
    let mut current = ty;
    // Arrays of arrays of textures are bounded by the arena length.
    for _ in 0..=types.len() {
        match types.get(current).map(|t| &t.inner) {
            Some(TypeInner::Image { .. } | TypeInner::Sampler { .. }) => return true,
            Some(TypeInner::Array { base, .. }) => current = *base,
            _ => return false,
        }
    }
    false
}

/// The pointer type's pointee and space, if `ty` is a pointer.
pub fn pointer_parts(
    types: &UniqueArena<Type>,
    ty: Handle<Type>,
) -> Option<(Handle<Type>, AddressSpace)> {
    match types.get(ty)?.inner {
        TypeInner::Pointer { base, space } => Some((base, space)),
        _ => None,
    }
}

/// What a non-uniform access into an array of resources reaches: each kind has its own device
/// feature (Vulkan's `shader*ArrayNonUniformIndexing`) and SPIR-V capability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NonUniformResource {
    /// A sampled or depth texture.
    SampledImage,
    /// A sampler (Vulkan counts samplers with sampled images).
    Sampler,
    /// A storage image.
    StorageImage,
}

/// What access chain `v` of `f` reaches when it is a non-uniform access into an array of
/// resources that the back ends must mark: its `non_uniform` is set, it is a `Handle`-space
/// chain, and some index is not a constant (a pass may have folded the index into one, and a
/// constant is uniform). `None` for every other value.
pub fn non_uniform_access(
    types: &UniqueArena<Type>,
    f: &Function,
    v: Handle<Value>,
) -> Option<NonUniformResource> {
    let value = f.values.get(v)?;
    let crate::ir::ValueDef::Op(crate::ir::Op::AccessChain {
        indices,
        non_uniform: true,
        ..
    }) = &value.def
    else {
        return None;
    };
    let dynamic = indices.iter().any(|i| {
        !matches!(
            f.values.get(*i).map(|x| &x.def),
            Some(crate::ir::ValueDef::Constant(_))
        )
    });
    if !dynamic {
        return None;
    }
    let (pointee, space) = pointer_parts(types, value.ty)?;
    if space != AddressSpace::Handle {
        return None;
    }
    match &types.get(pointee)?.inner {
        TypeInner::Image {
            class: crate::ir::ImageClass::Storage { .. },
            ..
        } => Some(NonUniformResource::StorageImage),
        TypeInner::Image { .. } => Some(NonUniformResource::SampledImage),
        TypeInner::Sampler { .. } => Some(NonUniformResource::Sampler),
        _ => None,
    }
}

/// What resource value `v` of `f` is when it is loaded through a chain that
/// [`non_uniform_access`] reports: the texture, sampler or storage image operand that SPIR-V
/// decorates `NonUniform`.
pub fn non_uniform_load(
    types: &UniqueArena<Type>,
    f: &Function,
    v: Handle<Value>,
) -> Option<NonUniformResource> {
    match &f.values.get(v)?.def {
        crate::ir::ValueDef::Op(crate::ir::Op::Load { pointer }) => {
            non_uniform_access(types, f, *pointer)
        }
        _ => None,
    }
}

impl Module {
    /// The handle of the unnamed type `inner`, inserting it if needed.
    pub fn ensure_type(&mut self, inner: TypeInner) -> Handle<Type> {
        self.types.insert(unnamed(inner))
    }

    /// The handle of the scalar type `scalar`.
    pub fn scalar_type(&mut self, scalar: Scalar) -> Handle<Type> {
        self.ensure_type(TypeInner::Scalar(scalar))
    }

    /// The handle of `ptr<space, base>`.
    pub fn pointer_type(&mut self, base: Handle<Type>, space: AddressSpace) -> Handle<Type> {
        self.ensure_type(TypeInner::Pointer { base, space })
    }

    /// The structure of a type, if the handle is valid.
    pub fn type_inner(&self, ty: Handle<Type>) -> Option<&TypeInner> {
        self.types.get(ty).map(|t| &t.inner)
    }

    /// The structure of the type of `value` in `function`.
    pub fn value_inner(&self, function: &Function, value: Handle<Value>) -> Option<&TypeInner> {
        self.type_inner(function.values.get(value)?.ty)
    }

    /// Whether `ty` can live in host-visible memory; see [`is_host_shareable`].
    pub fn is_host_shareable(&self, ty: Handle<Type>) -> bool {
        is_host_shareable(&self.types, ty)
    }

    /// Whether values of `ty` can be built and copied; see [`is_constructible`].
    pub fn is_constructible(&self, ty: Handle<Type>) -> bool {
        is_constructible(&self.types, ty)
    }

    /// The literal of a non-specialization scalar constant (a `Zero` scalar included).
    pub fn literal(&self, constant: Handle<Constant>) -> Option<Literal> {
        let c = self.constants.get(constant)?;
        if c.spec_id.is_some() {
            return None;
        }
        match &c.value {
            ConstantValue::Scalar(lit) => Some(*lit),
            ConstantValue::Zero => match self.type_inner(c.ty)? {
                TypeInner::Scalar(s) => zero_literal(*s),
                _ => None,
            },
            ConstantValue::Composite(_) => None,
        }
    }

    /// Appends a scalar constant holding `literal` (no deduplication: see
    /// [`ConstantInterner`] for that).
    pub fn add_scalar_constant(&mut self, literal: Literal) -> Handle<Constant> {
        let ty = self.scalar_type(literal.scalar());
        self.constants.append(Constant {
            name: None,
            ty,
            value: ConstantValue::Scalar(literal),
            spec_id: None,
        })
    }

    /// Appends a composite constant of `ty` built from `parts`.
    pub fn add_composite_constant(
        &mut self,
        ty: Handle<Type>,
        parts: Vec<Handle<Constant>>,
    ) -> Handle<Constant> {
        self.constants.append(Constant {
            name: None,
            ty,
            value: ConstantValue::Composite(parts),
            spec_id: None,
        })
    }
}

/// The zero of a scalar type (`false` for `bool`); `None` for an invalid scalar.
pub fn zero_literal(scalar: Scalar) -> Option<Literal> {
    Some(match (scalar.kind, scalar.width) {
        (ScalarKind::Bool, _) => Literal::Bool(false),
        (ScalarKind::Sint, 4) => Literal::I32(0),
        (ScalarKind::Uint, 4) => Literal::U32(0),
        (ScalarKind::Float, 4) => Literal::F32(0.0),
        (ScalarKind::Float, 2) => Literal::F16(0),
        _ => return None,
    })
}

/// Hands out unnamed, non-specialization constants, reusing an existing equal constant (same
/// type and value) instead of appending a duplicate. Passes that create many constants use it
/// so the constant arena stays small and equal constants stay one handle.
#[derive(Debug, Default)]
pub struct ConstantInterner {
    /// Existing plain constants by (type, value); kept sorted-free as a map only for lookup.
    known: rustc_hash::FxHashMap<(Handle<Type>, ConstKey), Handle<Constant>>,
    /// How many constants of the arena have been indexed.
    indexed: usize,
}

/// A hashable form of a [`ConstantValue`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum ConstKey {
    Scalar(Literal),
    Composite(Vec<Handle<Constant>>),
    Zero,
}

impl ConstKey {
    fn of(value: &ConstantValue) -> ConstKey {
        match value {
            ConstantValue::Scalar(l) => ConstKey::Scalar(*l),
            ConstantValue::Composite(parts) => ConstKey::Composite(parts.clone()),
            ConstantValue::Zero => ConstKey::Zero,
        }
    }
}

impl ConstantInterner {
    /// An interner that has not indexed anything yet.
    pub fn new() -> Self {
        Self::default()
    }

    fn catch_up(&mut self, constants: &Arena<Constant>) {
        // By index, not `iter().skip(n)`: skipping walks the n elements already indexed, which
        // made every `intern` linear in the arena and a pass quadratic in its constants.
        for i in self.indexed..constants.len() {
            let h = Handle::from_index(i as u32);
            let Some(c) = constants.get(h) else {
                continue;
            };
            if c.name.is_none() && c.spec_id.is_none() {
                self.known
                    .entry((c.ty, ConstKey::of(&c.value)))
                    .or_insert(h);
            }
        }
        self.indexed = constants.len();
    }

    /// A plain constant of `ty` with `value`, reused or appended.
    pub fn intern(
        &mut self,
        constants: &mut Arena<Constant>,
        ty: Handle<Type>,
        value: ConstantValue,
    ) -> Handle<Constant> {
        self.catch_up(constants);
        let key = (ty, ConstKey::of(&value));
        if let Some(&h) = self.known.get(&key) {
            return h;
        }
        let h = constants.append(Constant {
            name: None,
            ty,
            value,
            spec_id: None,
        });
        self.known.insert(key, h);
        self.indexed = constants.len();
        h
    }

    /// A scalar constant holding `literal`, reused or appended (inserting its type if needed).
    pub fn scalar(&mut self, module: &mut Module, literal: Literal) -> Handle<Constant> {
        let ty = module.scalar_type(literal.scalar());
        self.intern(&mut module.constants, ty, ConstantValue::Scalar(literal))
    }
}

/// Converts IEEE 754 binary16 bits to the `f32` of the same value (exact).
pub fn f16_to_f32(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exp = u32::from((bits >> 10) & 0x1f);
    let mant = u32::from(bits & 0x3ff);
    let out = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: value = m * 2^-24, exactly representable as a normal f32.
            let value = m as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -value } else { value };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(out)
}

/// Converts an `f32` to binary16 bits, rounding to nearest with ties to even (NaNs stay NaNs,
/// keeping the top payload bits; out-of-range values become infinities).
pub fn f32_to_f16(value: f32) -> u16 {
    let bits = value.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        if mant == 0 {
            return sign | 0x7c00;
        }
        let payload = (mant >> 13) as u16;
        return sign | 0x7c00 | 0x200 | payload;
    }
    // Unbiased exponent of the f32 value.
    let e = exp - 127;
    if e > 15 {
        return sign | 0x7c00;
    }
    if e >= -14 {
        // Normal f16: keep 10 mantissa bits, round the 13 dropped ones.
        let half_exp = (e + 15) as u32;
        let kept = mant >> 13;
        let dropped = mant & 0x1fff;
        let mut out = (half_exp << 10) | kept;
        if dropped > 0x1000 || (dropped == 0x1000 && (kept & 1) == 1) {
            // Carries into the exponent when the mantissa overflows, giving the next binade or
            // infinity, which is the correctly rounded result.
            out += 1;
        }
        return sign | out as u16;
    }
    if e < -25 {
        return sign;
    }
    // Subnormal f16: value = m * 2^-24 with m < 1024. The f32 significand (with its implicit
    // bit) is 24 bits at exponent e; shift it down to units of 2^-24.
    let significand = mant | 0x80_0000;
    let shift = (-14 - e) as u32 + 13;
    let kept = significand >> shift;
    let dropped = significand & ((1u32 << shift) - 1);
    let halfway = 1u32 << (shift - 1);
    let mut out = kept;
    if dropped > halfway || (dropped == halfway && (kept & 1) == 1) {
        out += 1;
    }
    sign | out as u16
}

/// The bit field `MathFunction::ExtractBits` and `InsertBits` work on: `(o, c)` with
/// `o = min(offset, 32)` and `c = min(count, 32 - o)` (WGSL's clamping), so `o + c <= 32`.
pub fn bit_field(offset: u32, count: u32) -> (u32, u32) {
    let o = offset.min(32);
    (o, count.min(32 - o))
}

/// The mask of bit field `(o, c)` (from [`bit_field`]) in a 32-bit word.
fn bit_field_mask(o: u32, c: u32) -> u32 {
    // `c == 0` and `c == 32` are the cases a plain `(1 << c) - 1` gets wrong.
    let low = u32::MAX.checked_shr(32 - c).unwrap_or(0);
    low.checked_shl(o).unwrap_or(0)
}

/// `MathFunction::ExtractBits` on a 32-bit word: the field's bits in the low bits, the rest
/// zero, or copies of the field's top bit when `signed`; 0 for an empty field.
pub fn extract_bits(e: u32, offset: u32, count: u32, signed: bool) -> u32 {
    let (o, c) = bit_field(offset, count);
    if c == 0 {
        return 0;
    }
    // Shift the field to the top, then back down: arithmetically for signed values.
    let top = e << (32 - o - c);
    if signed {
        ((top as i32) >> (32 - c)) as u32
    } else {
        top >> (32 - c)
    }
}

/// `MathFunction::InsertBits` on 32-bit words: `e` with the field replaced by the low bits of
/// `newbits`.
pub fn insert_bits(e: u32, newbits: u32, offset: u32, count: u32) -> u32 {
    let (o, c) = bit_field(offset, count);
    let mask = bit_field_mask(o, c);
    (e & !mask) | (newbits.checked_shl(o).unwrap_or(0) & mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::StructMember;

    #[test]
    fn f16_round_trips_every_value() {
        for bits in 0..=u16::MAX {
            let f = f16_to_f32(bits);
            let back = f32_to_f16(f);
            if f.is_nan() {
                assert!(back & 0x7c00 == 0x7c00 && back & 0x3ff != 0, "{bits:#x}");
            } else {
                assert_eq!(back, bits, "{bits:#x} -> {f} -> {back:#x}");
            }
        }
    }

    #[test]
    fn f16_rounds_to_nearest_even() {
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0).
        assert_eq!(f32_to_f16(1.0 + 2f32.powi(-11)), 0x3c00);
        // 1 + 3 * 2^-11 is halfway between 1 + 2^-10 (odd) and 1 + 2^-9: rounds up.
        assert_eq!(f32_to_f16(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
        assert_eq!(f32_to_f16(65504.0), 0x7bff);
        assert_eq!(f32_to_f16(65520.0), 0x7c00);
        assert_eq!(f32_to_f16(-0.0), 0x8000);
        // Smallest subnormal and half of it (ties to even: zero).
        assert_eq!(f32_to_f16(2f32.powi(-24)), 0x0001);
        assert_eq!(f32_to_f16(2f32.powi(-25)), 0x0000);
        assert_eq!(f32_to_f16(1.5 * 2f32.powi(-24)), 0x0002);
        // Largest subnormal rounding up into the smallest normal.
        assert_eq!(f32_to_f16(2f32.powi(-14) - 2f32.powi(-26)), 0x0400);
    }

    #[test]
    fn type_queries() {
        let mut m = Module::default();
        let f = m.scalar_type(Scalar::F32);
        let b = m.scalar_type(Scalar::BOOL);
        let at = m.ensure_type(TypeInner::Atomic(Scalar::U32));
        let rt = m.ensure_type(TypeInner::Array {
            base: f,
            size: ArraySize::Runtime,
        });
        let s = m.types.insert(Type {
            name: Some("S".into()),
            inner: TypeInner::Struct {
                members: vec![
                    StructMember {
                        name: "a".into(),
                        ty: at,
                    },
                    StructMember {
                        name: "b".into(),
                        ty: rt,
                    },
                ],
            },
        });
        assert!(m.is_host_shareable(s));
        assert!(!m.is_constructible(s));
        assert!(!m.is_host_shareable(b));
        assert!(m.is_constructible(b));
        assert!(contains_runtime_array(&m.types, s));
        assert!(contains_atomic(&m.types, s));
        assert!(!contains_atomic(&m.types, f));
        let p = m.pointer_type(s, AddressSpace::Uniform);
        assert_eq!(pointer_parts(&m.types, p), Some((s, AddressSpace::Uniform)));
        assert_eq!(part_type_of(&m.types, s, 1), Some(rt));
        assert_eq!(part_type_of(&m.types, s, 2), None);
        let v = m.ensure_type(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::F32,
        });
        assert_eq!(part_type(&mut m.types, v, 2), Some(f));
        let mat = m.ensure_type(TypeInner::Matrix {
            columns: VectorSize::Bi,
            rows: VectorSize::Tri,
            scalar: Scalar::F32,
        });
        assert_eq!(part_type(&mut m.types, mat, 1), Some(v));
    }

    #[test]
    fn interner_reuses_constants() {
        let mut m = Module::default();
        let mut interner = ConstantInterner::new();
        let a = interner.scalar(&mut m, Literal::F32(1.0));
        let b = interner.scalar(&mut m, Literal::F32(1.0));
        let c = interner.scalar(&mut m, Literal::F32(-0.0));
        let d = interner.scalar(&mut m, Literal::F32(0.0));
        assert_eq!(a, b);
        assert_ne!(c, d);
        assert_eq!(m.constants.len(), 3);
        assert_eq!(m.literal(c), Some(Literal::F32(-0.0)));
    }

    #[test]
    fn bit_fields_clamp_as_wgsl() {
        assert_eq!(bit_field(40, 5), (32, 0));
        assert_eq!(bit_field(30, 5), (30, 2));
        assert_eq!(extract_bits(0xF0, 4, 4, false), 0xF);
        assert_eq!(extract_bits(0xF0, 4, 4, true), u32::MAX);
        assert_eq!(extract_bits(0x8000_0000, 0, 32, true), 0x8000_0000);
        assert_eq!(extract_bits(0xFFFF_FFFF, 32, 5, true), 0);
        assert_eq!(extract_bits(0xC000_0000, 30, 9, true), u32::MAX);
        assert_eq!(insert_bits(0, u32::MAX, 0, 32), u32::MAX);
        assert_eq!(insert_bits(0xFF, 0, 4, 100), 0xF);
        assert_eq!(insert_bits(0x1234, 0xFFFF, 32, 1), 0x1234);
        assert_eq!(insert_bits(0, 0b101, 31, 3), 0x8000_0000);
    }
}
