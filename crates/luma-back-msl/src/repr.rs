//! Buffer layout types: how a type is stored in a Metal buffer so that its offsets are exactly
//! those of the std140 / std430 layouter.
//!
//! Metal lays out structs like C++ with its own sizes: `float3` is 16 bytes, `float2x2`
//! columns are 8 bytes apart, arrays are packed at the element size. The representation chosen
//! here reproduces the layouter: members are moved to their offsets with `char` padding arrays,
//! `vec3` members are `packed_float3` (12 bytes, 4-byte aligned, so a following scalar packs
//! into its last four bytes), std140 arrays of scalars and 2-vectors are arrays of 4-vectors,
//! std140 matrices with 2 rows are arrays of 4-vector columns, and a struct that needs any of
//! this gets a layout struct of its own ([`Variant`]). Every choice is checked: the Metal size
//! and alignment of the result must reproduce the layouter's, or the type is reported.

use std::collections::BTreeMap;

use luma_base::Handle;
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{ArraySize, Module, Scalar, Type, TypeInner};

use crate::{codes, Error};

/// How a type is stored in a buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repr {
    /// As the type's own MSL declaration.
    Plain,
    /// As layout struct `Reprs::variants[index]`.
    Struct(usize),
    /// An array whose elements are stored as the inner representation.
    Array(Box<Repr>),
    /// A scalar or `count`-vector stored in a 4-vector (read back through a swizzle).
    Vec4 {
        /// Components actually used.
        count: u32,
    },
    /// A 3-vector stored as `packed_float3` (or the packed type of its scalar).
    Packed3,
    /// A matrix whose columns are stored as an array of 4-vectors.
    Cols {
        /// Columns.
        columns: u32,
        /// Rows actually used.
        rows: u32,
    },
}

/// A layout struct: the members of an IR struct in their layout representation, with padding.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The IR struct it stores.
    pub ty: Handle<Type>,
    /// The layout rule it reproduces.
    pub rule: LayoutRule,
    /// Members and padding in declaration order.
    pub fields: Vec<Field>,
    /// For each IR member, by index, where it is in `fields` (members are looked up one by
    /// one, and a struct may have tens of thousands).
    pub member_fields: Vec<usize>,
}

/// One field of a [`Variant`].
#[derive(Debug, Clone)]
pub enum Field {
    /// IR member `index`, stored as `repr`.
    Member {
        /// Member index in the IR struct.
        index: usize,
        /// How it is stored.
        repr: Repr,
    },
    /// `bytes` bytes of padding (a `char` array).
    Pad {
        /// Padding size in bytes.
        bytes: u32,
    },
}

/// The representations computed so far, with the layout structs they need.
#[derive(Debug, Default)]
pub struct Reprs {
    cache: BTreeMap<(u32, u8), (Repr, u32, u32)>,
    /// Layout structs in dependency order (a variant only names earlier ones).
    pub variants: Vec<Variant>,
}

fn rule_key(rule: LayoutRule) -> u8 {
    match rule {
        LayoutRule::Std140 => 0,
        LayoutRule::Std430 => 1,
    }
}

fn layout_err(e: luma_ir::layout::LayoutError) -> Error {
    Error::invalid(format!("no host layout: {e}"))
}

fn unrepresentable(what: &str) -> Error {
    Error::new(
        codes::UNREPRESENTABLE_LAYOUT,
        format!("{what} cannot be reproduced by Metal struct layout"),
    )
}

/// Metal size and alignment of a scalar or vector of `scalar` with `count` components.
fn vector_size_align(scalar: Scalar, count: u32) -> (u32, u32) {
    let w = u32::from(scalar.width.max(1));
    match count {
        1 => (w, w),
        2 => (2 * w, 2 * w),
        _ => (4 * w, 4 * w),
    }
}

fn align_up(v: u32, a: u32) -> u32 {
    if a <= 1 {
        v
    } else {
        v.div_ceil(a).saturating_mul(a)
    }
}

impl Reprs {
    /// The representation of `ty` under `layouter`'s rule with its Metal size and alignment.
    /// `member` says whether it is a struct member (where `vec3` is packed).
    pub fn repr(
        &mut self,
        module: &Module,
        layouter: &mut Layouter<'_>,
        ty: Handle<Type>,
        member: bool,
        depth: u32,
    ) -> Result<(Repr, u32, u32), Error> {
        let key = (ty.raw() * 2 + u32::from(member), rule_key(layouter.rule()));
        if let Some(r) = self.cache.get(&key) {
            return Ok(r.clone());
        }
        if depth > 256 {
            return Err(Error::invalid("types nest too deeply"));
        }
        let inner = &module
            .types
            .get(ty)
            .ok_or_else(|| Error::invalid("bad type handle"))?
            .inner;
        let result = match inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                let (size, align) = vector_size_align(*s, 1);
                (Repr::Plain, size, align)
            }
            TypeInner::Vector { size, scalar } => {
                if size.count() == 3 && member {
                    let w = u32::from(scalar.width);
                    (Repr::Packed3, 3 * w, w)
                } else {
                    let (s, a) = vector_size_align(*scalar, size.count());
                    (Repr::Plain, s, a)
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let stride = match layouter.layout(ty).map_err(layout_err)?.kind {
                    LayoutKind::Matrix { column_stride } => column_stride,
                    _ => 0,
                };
                let (col_size, col_align) = vector_size_align(*scalar, rows.count());
                if stride == col_size {
                    (Repr::Plain, col_size * columns.count(), col_align)
                } else if stride == 16 && scalar.width == 4 {
                    (
                        Repr::Cols {
                            columns: columns.count(),
                            rows: rows.count(),
                        },
                        16 * columns.count(),
                        16,
                    )
                } else {
                    return Err(unrepresentable(&format!(
                        "a matrix with a {stride}-byte column stride"
                    )));
                }
            }
            TypeInner::Array { base, size } => {
                let stride = match layouter.layout(ty).map_err(layout_err)?.kind {
                    LayoutKind::Array { stride } => stride,
                    _ => 0,
                };
                let (elem, esize, ealign) = self.repr(module, layouter, *base, false, depth + 1)?;
                let (elem, esize, ealign) = if esize == stride {
                    (elem, esize, ealign)
                } else {
                    match module.types.get(*base).map(|t| &t.inner) {
                        Some(TypeInner::Scalar(s) | TypeInner::Atomic(s))
                            if stride == 16 && s.width == 4 =>
                        {
                            (Repr::Vec4 { count: 1 }, 16, 16)
                        }
                        Some(TypeInner::Vector { size, scalar })
                            if stride == 16 && scalar.width == 4 =>
                        {
                            (
                                Repr::Vec4 {
                                    count: size.count(),
                                },
                                16,
                                16,
                            )
                        }
                        _ => {
                            return Err(unrepresentable(&format!(
                                "an array with a {stride}-byte stride"
                            )))
                        }
                    }
                };
                let count = match size {
                    ArraySize::Constant(n) => *n,
                    ArraySize::Runtime => 1,
                };
                let repr = if elem == Repr::Plain {
                    Repr::Plain
                } else {
                    Repr::Array(Box::new(elem))
                };
                (repr, esize.saturating_mul(count), ealign)
            }
            TypeInner::Struct { members } => {
                let offsets = layouter.member_offsets(ty).map_err(layout_err)?;
                let total = layouter.size(ty).map_err(layout_err)?;
                let mut fields = Vec::new();
                let mut member_fields = Vec::with_capacity(members.len());
                let mut cursor = 0u32;
                let mut align = 1u32;
                let mut needs_variant = false;
                for (index, m) in members.iter().enumerate() {
                    let offset = offsets.get(index).copied().unwrap_or(0);
                    let (repr, size, malign) =
                        self.repr(module, layouter, m.ty, true, depth + 1)?;
                    align = align.max(malign);
                    if offset < cursor || offset % malign != 0 {
                        return Err(unrepresentable(&format!(
                            "member `{}` at offset {offset}",
                            m.name
                        )));
                    }
                    if align_up(cursor, malign) != offset {
                        fields.push(Field::Pad {
                            bytes: offset - cursor,
                        });
                        needs_variant = true;
                    }
                    if repr != Repr::Plain {
                        needs_variant = true;
                    }
                    member_fields.push(fields.len());
                    fields.push(Field::Member { index, repr });
                    cursor = offset.saturating_add(size);
                }
                let size = match total {
                    Some(total) => {
                        if total < cursor {
                            return Err(unrepresentable("a struct size"));
                        }
                        if align_up(cursor, align) != total {
                            fields.push(Field::Pad {
                                bytes: total - cursor,
                            });
                            needs_variant = true;
                        }
                        if align_up(total, align) != total {
                            return Err(unrepresentable(&format!(
                                "a {total}-byte struct with {align}-byte Metal alignment"
                            )));
                        }
                        total
                    }
                    None => cursor,
                };
                if needs_variant {
                    self.variants.push(Variant {
                        ty,
                        rule: layouter.rule(),
                        fields,
                        member_fields,
                    });
                    (Repr::Struct(self.variants.len() - 1), size, align)
                } else {
                    (Repr::Plain, size, align)
                }
            }
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
                return Err(Error::invalid("a non-host-shareable type in a buffer"))
            }
        };
        self.cache.insert(key, result.clone());
        Ok(result)
    }
}
