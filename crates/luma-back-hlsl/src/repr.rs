//! Constant-buffer layout types: how a type is stored in a `cbuffer` so that its offsets are
//! exactly those of the std140 / std430 layouter under every packing rule a consumer applies.
//!
//! HLSL constant-buffer packing differs from std140 in three ways: a vector may start at any
//! 4-byte offset that does not cross a 16-byte register, an array's last element and a struct
//! or matrix are not padded at their end (a following scalar packs into the tail), and every
//! array element starts a new register. Relaxed std140 (DXC and glslang for Vulkan) pads those
//! tails but also lets vectors start at 4-byte offsets. The representation chosen here makes
//! the three agree: every array, matrix and struct fills whole registers (so no tail exists),
//! and every other member is moved to its layouter offset by scalar padding members (scalars
//! align to 4 under every rule). Arrays of scalars and of 2- or 3-vectors become arrays of
//! 4-vectors, matrices with fewer than 4 rows store 4 rows, and a struct that needs padding or
//! such a member gets a layout struct of its own ([`Variant`]).

use std::collections::BTreeMap;

use luma_base::Handle;
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{ArraySize, Module, Type, TypeInner};

use crate::{codes, Error};

/// How a type is stored in a constant buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repr {
    /// As the type's own HLSL declaration (matrices `row_major`).
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
    /// A matrix whose columns are stored as 4-vectors (read back through a cast).
    Mat4 {
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
    /// `count` 32-bit padding scalars.
    Pad {
        /// Number of `uint` padding members.
        count: u32,
    },
}

/// The representations computed so far, with the layout structs they need.
#[derive(Debug, Default)]
pub struct Reprs {
    cache: BTreeMap<(u32, u8), Repr>,
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
        format!(
            "{what} cannot be reproduced by HLSL constant-buffer packing; use 16-byte array \
             elements (`vec4`, or structs padded to 16 bytes) and matrices with 3 or 4 rows"
        ),
    )
}

impl Reprs {
    /// The representation of `ty` stored at a 16-byte aligned offset under `layouter`'s rule.
    pub fn repr(
        &mut self,
        module: &Module,
        layouter: &mut Layouter<'_>,
        ty: Handle<Type>,
        depth: u32,
    ) -> Result<Repr, Error> {
        let key = (ty.raw(), rule_key(layouter.rule()));
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
        let repr = match inner {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_) => Repr::Plain,
            TypeInner::Matrix { columns, rows, .. } => {
                let stride = match layouter.layout(ty).map_err(layout_err)?.kind {
                    LayoutKind::Matrix { column_stride } => column_stride,
                    _ => 0,
                };
                if stride != 16 {
                    return Err(unrepresentable("a matrix with 8-byte column stride"));
                }
                if rows.count() == 4 {
                    Repr::Plain
                } else {
                    Repr::Mat4 {
                        columns: columns.count(),
                        rows: rows.count(),
                    }
                }
            }
            TypeInner::Array { base, size } => {
                if *size == ArraySize::Runtime {
                    return Err(Error::invalid("a runtime-sized array in a constant buffer"));
                }
                let stride = match layouter.layout(ty).map_err(layout_err)?.kind {
                    LayoutKind::Array { stride } => stride,
                    _ => 0,
                };
                let base_inner = &module
                    .types
                    .get(*base)
                    .ok_or_else(|| Error::invalid("bad type handle"))?
                    .inner;
                let elem = match base_inner {
                    TypeInner::Scalar(_) | TypeInner::Atomic(_) | TypeInner::Vector { .. } => {
                        if stride != 16 {
                            return Err(unrepresentable(&format!(
                                "an array with a {stride}-byte stride"
                            )));
                        }
                        let count = match base_inner {
                            TypeInner::Vector { size, .. } => size.count(),
                            _ => 1,
                        };
                        if count == 4 {
                            Repr::Plain
                        } else {
                            Repr::Vec4 { count }
                        }
                    }
                    _ => {
                        let elem = self.repr(module, layouter, *base, depth + 1)?;
                        let size = layouter.size(*base).map_err(layout_err)?.unwrap_or(0);
                        if !size.is_multiple_of(16) || size != stride {
                            return Err(unrepresentable(&format!(
                                "an array with a {stride}-byte stride"
                            )));
                        }
                        elem
                    }
                };
                if elem == Repr::Plain {
                    Repr::Plain
                } else {
                    Repr::Array(Box::new(elem))
                }
            }
            TypeInner::Struct { members } => {
                let offsets = layouter.member_offsets(ty).map_err(layout_err)?;
                let total = layouter.size(ty).map_err(layout_err)?.unwrap_or(0);
                let mut fields = Vec::new();
                let mut member_fields = Vec::with_capacity(members.len());
                let mut cursor = 0u32;
                let mut needs_variant = false;
                for (index, member) in members.iter().enumerate() {
                    let offset = offsets.get(index).copied().unwrap_or(0);
                    let repr = self.repr(module, layouter, member.ty, depth + 1)?;
                    let size = layouter.size(member.ty).map_err(layout_err)?.unwrap_or(0);
                    let big = matches!(
                        module.types.get(member.ty).map(|t| &t.inner),
                        Some(
                            TypeInner::Struct { .. }
                                | TypeInner::Array { .. }
                                | TypeInner::Matrix { .. }
                        )
                    );
                    if offset < cursor || !(offset - cursor).is_multiple_of(4) {
                        return Err(unrepresentable("a member at an unaligned offset"));
                    }
                    if big && (!offset.is_multiple_of(16) || !size.is_multiple_of(16)) {
                        return Err(unrepresentable(&format!(
                            "member `{}` (a {size}-byte aggregate at offset {offset})",
                            member.name
                        )));
                    }
                    if !big && offset % 16 + size > 16 {
                        return Err(unrepresentable(&format!(
                            "member `{}` crossing a 16-byte boundary",
                            member.name
                        )));
                    }
                    if offset > cursor {
                        fields.push(Field::Pad {
                            count: (offset - cursor) / 4,
                        });
                        needs_variant = true;
                    }
                    if repr != Repr::Plain {
                        needs_variant = true;
                    }
                    member_fields.push(fields.len());
                    fields.push(Field::Member { index, repr });
                    cursor = offset + size;
                }
                if total < cursor || !(total - cursor).is_multiple_of(4) {
                    return Err(unrepresentable("a struct size"));
                }
                if total > cursor {
                    fields.push(Field::Pad {
                        count: (total - cursor) / 4,
                    });
                    needs_variant = true;
                }
                if needs_variant {
                    self.variants.push(Variant {
                        ty,
                        rule: layouter.rule(),
                        fields,
                        member_fields,
                    });
                    Repr::Struct(self.variants.len() - 1)
                } else {
                    Repr::Plain
                }
            }
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
                return Err(Error::invalid(
                    "a non-host-shareable type in a constant buffer",
                ))
            }
        };
        self.cache.insert(key, repr.clone());
        Ok(repr)
    }
}
