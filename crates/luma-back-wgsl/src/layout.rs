//! Host-shared layouts in WGSL: which attributes and wrapper types make WGSL place every member
//! exactly where the layouter (std140 for uniform, std430 for storage and push constants) does.
//!
//! WGSL's own layout is std430's, so storage memory needs nothing. Uniform memory differs in
//! three ways, each fixed here:
//! - array strides: std140 rounds every array stride up to 16, WGSL does not. An array whose
//!   element WGSL would pack tighter (a scalar, a `vec2`) gets its elements wrapped in a struct
//!   with one `@size`d member `value`;
//! - matrix column strides: std140 puts columns 16 bytes apart, WGSL puts `vec2` columns 8 apart
//!   (and `f16` columns closer still). Such a matrix becomes a struct of `@size(16)` columns
//!   `c0`, `c1`, ...;
//! - struct sizes and member offsets: std140 rounds struct alignment up to 16. Members get
//!   `@size` attributes so that the next member starts at the layouter's offset and the struct
//!   ends at the layouter's size.
//!
//! A struct used both in uniform memory and elsewhere gets a second declaration (`Name_std140`)
//! only when the two layouts really differ; otherwise its one declaration carries the std140
//! attributes (attributes do not matter to values).

use luma_base::Handle;
use luma_ir::layout::{round_up, LayoutRule, Layouter};
use luma_ir::{ArraySize, ScalarKind, Type, TypeInner, VectorSize};

use crate::Error;

/// How a type is spelled in uniform (std140) memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Repr {
    /// The plain type already has the std140 layout.
    Plain,
    /// A matrix stored as a struct of 16-byte columns `c0`, `c1`, ... named `name`.
    Columns {
        /// The column struct's name.
        name: String,
        /// Number of columns.
        columns: u32,
    },
    /// An array whose elements are wrapped in struct `wrapper` (member `value`).
    Wrapped {
        /// The element wrapper's name.
        wrapper: String,
    },
    /// An array of elements that have their own std140 spelling.
    ArrayOfPadded,
    /// A struct with its own std140 declaration named `name`.
    Struct {
        /// The std140 declaration's name.
        name: String,
    },
}

/// Size and alignment of a WGSL type in bytes (`size` is `None` for runtime-sized types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Extent {
    pub size: Option<u32>,
    pub align: u32,
}

/// Per-type layout facts for one module.
#[derive(Debug, Clone)]
pub(crate) struct HostLayouts {
    /// Extent of each type's plain WGSL spelling (with its struct attributes).
    pub plain: Vec<Extent>,
    /// `@size` attributes of each struct's plain declaration, per member.
    pub plain_sizes: Vec<Vec<Option<u32>>>,
    /// Std140 spelling of each type that lives in uniform memory.
    pub std140: Vec<Option<Repr>>,
    /// Extent of each type's std140 spelling.
    pub std140_extent: Vec<Option<Extent>>,
    /// `@size` attributes of each std140 struct declaration, per member.
    pub std140_sizes: Vec<Vec<Option<u32>>>,
}

/// Which memory each type is found in.
#[derive(Debug, Clone, Default)]
pub(crate) struct Contexts {
    /// In uniform memory.
    pub uniform: Vec<bool>,
    /// In storage or push-constant memory.
    pub host430: Vec<bool>,
}

/// WGSL's natural alignment of a vector of `size` components of `width` bytes.
fn vector_align(size: VectorSize, width: u32) -> u32 {
    match size {
        VectorSize::Bi => 2 * width,
        VectorSize::Tri | VectorSize::Quad => 4 * width,
    }
}

fn round(value: u32, align: u32) -> Result<u32, Error> {
    round_up(value, align).ok_or_else(|| Error::invalid("layout does not fit in 32 bits"))
}

/// The `@size` attributes that make members of extents `members` land at `offsets`, with the
/// struct ending at `size`.
fn member_sizes(
    members: &[Extent],
    offsets: &[u32],
    size: Option<u32>,
) -> Result<Vec<Option<u32>>, Error> {
    let mut out = vec![None; members.len()];
    let align = members.iter().map(|m| m.align).max().unwrap_or(1);
    for (i, (m, &offset)) in members.iter().zip(offsets).enumerate() {
        let Some(msize) = m.size else {
            continue;
        };
        let end = offset
            .checked_add(msize)
            .ok_or_else(|| Error::invalid("layout does not fit in 32 bits"))?;
        let target_next = match (members.get(i + 1), offsets.get(i + 1)) {
            (Some(next), Some(&next_offset)) => {
                if round(end, next.align)? == next_offset {
                    continue;
                }
                if next_offset % next.align != 0 {
                    return Err(Error::invalid(
                        "a member offset is not aligned for its WGSL type",
                    ));
                }
                next_offset
            }
            _ => match size {
                Some(total) if round(end, align)? != total => total,
                _ => continue,
            },
        };
        let padded = target_next
            .checked_sub(offset)
            .filter(|&p| p >= msize)
            .ok_or_else(|| Error::invalid("members overlap in the layout"))?;
        if let Some(slot) = out.get_mut(i) {
            *slot = Some(padded);
        }
    }
    Ok(out)
}

/// Computes plain extents, plain struct attributes and std140 spellings for every type.
/// `names` gives the std140 names to use: (columns struct, element wrapper, std140 struct) for
/// a type, asked only when needed.
pub(crate) fn compute(
    types: &luma_base::UniqueArena<Type>,
    contexts: &Contexts,
    mut names: impl FnMut(Handle<Type>, NameKind) -> String,
) -> Result<HostLayouts, Error> {
    let n = types.len();
    let mut l140 = Layouter::new(types, LayoutRule::Std140);
    let mut l430 = Layouter::new(types, LayoutRule::Std430);
    let mut out = HostLayouts {
        plain: Vec::with_capacity(n),
        plain_sizes: vec![Vec::new(); n],
        std140: vec![None; n],
        std140_extent: vec![None; n],
        std140_sizes: vec![Vec::new(); n],
    };
    for (h, ty) in types.iter() {
        let i = h.index();
        let in140 = contexts.uniform.get(i) == Some(&true);
        let in430 = contexts.host430.get(i) == Some(&true);
        // Plain extent.
        let plain = match &ty.inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                let w = u32::from(s.width).max(if s.kind == ScalarKind::Bool { 4 } else { 1 });
                Extent {
                    size: Some(w),
                    align: w,
                }
            }
            TypeInner::Vector { size, scalar } => {
                let w = u32::from(scalar.width).max(if scalar.kind == ScalarKind::Bool {
                    4
                } else {
                    1
                });
                Extent {
                    size: Some(w * size.count()),
                    align: vector_align(*size, w),
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let w = u32::from(scalar.width);
                let align = vector_align(*rows, w);
                let stride = round(w * rows.count(), align)?;
                Extent {
                    size: Some(stride * columns.count()),
                    align,
                }
            }
            TypeInner::Array { base, size } => {
                let e = *out
                    .plain
                    .get(base.index())
                    .ok_or_else(|| Error::invalid("type refers to a later type"))?;
                let esize = e
                    .size
                    .ok_or_else(|| Error::invalid("array of runtime-sized elements"))?;
                let stride = round(esize, e.align)?;
                Extent {
                    size: match size {
                        ArraySize::Constant(n) => Some(
                            stride
                                .checked_mul(*n)
                                .ok_or_else(|| Error::invalid("array larger than 4 GiB"))?,
                        ),
                        ArraySize::Runtime => None,
                    },
                    align: e.align,
                }
            }
            TypeInner::Struct { members } => {
                let mut extents = Vec::with_capacity(members.len());
                for m in members {
                    extents.push(
                        *out.plain
                            .get(m.ty.index())
                            .ok_or_else(|| Error::invalid("type refers to a later type"))?,
                    );
                }
                let all_plain_140 = members
                    .iter()
                    .all(|m| matches!(out.std140.get(m.ty.index()), Some(Some(Repr::Plain))));
                // The rule whose offsets the plain declaration follows.
                let rule = if in430 {
                    Some(LayoutRule::Std430)
                } else if in140 && all_plain_140 {
                    Some(LayoutRule::Std140)
                } else {
                    None
                };
                let align = extents.iter().map(|e| e.align).max().unwrap_or(1);
                match rule {
                    Some(rule) => {
                        let layouter = if rule == LayoutRule::Std140 {
                            &mut l140
                        } else {
                            &mut l430
                        };
                        let layout = layouter
                            .layout(h)
                            .map_err(|e| Error::invalid(e.to_string()))?
                            .clone();
                        let offsets = match &layout.kind {
                            luma_ir::layout::LayoutKind::Struct { offsets } => offsets.clone(),
                            _ => return Err(Error::invalid("struct without member offsets")),
                        };
                        let sizes = member_sizes(&extents, &offsets, layout.size)?;
                        if let Some(slot) = out.plain_sizes.get_mut(i) {
                            *slot = sizes;
                        }
                        Extent {
                            size: layout.size,
                            align,
                        }
                    }
                    None => {
                        let mut end = 0u32;
                        let mut sized = true;
                        for e in &extents {
                            let offset = round(end, e.align)?;
                            match e.size {
                                Some(s) => {
                                    end = offset
                                        .checked_add(s)
                                        .ok_or_else(|| Error::invalid("struct larger than 4 GiB"))?
                                }
                                None => sized = false,
                            }
                        }
                        if let Some(slot) = out.plain_sizes.get_mut(i) {
                            *slot = vec![None; members.len()];
                        }
                        Extent {
                            size: if sized {
                                Some(round(end, align)?)
                            } else {
                                None
                            },
                            align,
                        }
                    }
                }
            }
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
                Extent {
                    size: Some(0),
                    align: 1,
                }
            }
        };
        out.plain.push(plain);

        if !in140 {
            continue;
        }
        // Std140 spelling.
        let (repr, extent) = match &ty.inner {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_) => {
                (Repr::Plain, plain)
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let w = u32::from(scalar.width);
                if w == 4 && *rows != VectorSize::Bi {
                    (Repr::Plain, plain)
                } else {
                    (
                        Repr::Columns {
                            name: names(h, NameKind::Columns),
                            columns: columns.count(),
                        },
                        Extent {
                            size: Some(16 * columns.count()),
                            align: vector_align(*rows, w),
                        },
                    )
                }
            }
            TypeInner::Array { base, size } => {
                let erepr = out
                    .std140
                    .get(base.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| Error::invalid("uniform array element without a layout"))?;
                let e = out
                    .std140_extent
                    .get(base.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| Error::invalid("uniform array element without a layout"))?;
                let esize = e
                    .size
                    .ok_or_else(|| Error::invalid("runtime-sized uniform element"))?;
                let stride = match &l140
                    .layout(h)
                    .map_err(|e| Error::invalid(e.to_string()))?
                    .kind
                {
                    luma_ir::layout::LayoutKind::Array { stride } => *stride,
                    _ => return Err(Error::invalid("array without a stride")),
                };
                let count = match size {
                    ArraySize::Constant(n) => *n,
                    ArraySize::Runtime => {
                        return Err(Error::invalid("runtime-sized array in uniform memory"))
                    }
                };
                let extent = Extent {
                    size: Some(
                        stride
                            .checked_mul(count)
                            .ok_or_else(|| Error::invalid("array larger than 4 GiB"))?,
                    ),
                    align: e.align,
                };
                if round(esize, e.align)? == stride {
                    let repr = if erepr == Repr::Plain {
                        Repr::Plain
                    } else {
                        Repr::ArrayOfPadded
                    };
                    (repr, extent)
                } else {
                    (
                        Repr::Wrapped {
                            wrapper: names(h, NameKind::Wrapper),
                        },
                        extent,
                    )
                }
            }
            TypeInner::Struct { members } => {
                let layout = l140
                    .layout(h)
                    .map_err(|e| Error::invalid(e.to_string()))?
                    .clone();
                let offsets = match &layout.kind {
                    luma_ir::layout::LayoutKind::Struct { offsets } => offsets.clone(),
                    _ => return Err(Error::invalid("struct without member offsets")),
                };
                let mut extents = Vec::with_capacity(members.len());
                let mut all_plain = true;
                for m in members {
                    all_plain &= matches!(out.std140.get(m.ty.index()), Some(Some(Repr::Plain)));
                    extents.push(
                        out.std140_extent
                            .get(m.ty.index())
                            .copied()
                            .flatten()
                            .ok_or_else(|| Error::invalid("uniform member without a layout"))?,
                    );
                }
                let sizes = member_sizes(&extents, &offsets, layout.size)?;
                let align = extents.iter().map(|e| e.align).max().unwrap_or(1);
                let extent = Extent {
                    size: layout.size,
                    align,
                };
                let plain_sizes = out.plain_sizes.get(i).cloned().unwrap_or_default();
                // The plain declaration serves when it has the same members and attributes.
                if all_plain && plain_sizes == sizes && plain.size == layout.size {
                    (Repr::Plain, extent)
                } else {
                    if let Some(slot) = out.std140_sizes.get_mut(i) {
                        *slot = sizes;
                    }
                    (
                        Repr::Struct {
                            name: names(h, NameKind::Struct),
                        },
                        extent,
                    )
                }
            }
            TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
                return Err(Error::invalid("opaque type in uniform memory"))
            }
        };
        if let Some(slot) = out.std140.get_mut(i) {
            *slot = Some(repr);
        }
        if let Some(slot) = out.std140_extent.get_mut(i) {
            *slot = Some(extent);
        }
    }
    Ok(out)
}

/// Which std140 helper type a name is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameKind {
    /// The column struct of a matrix.
    Columns,
    /// The element wrapper of an array.
    Wrapper,
    /// The std140 declaration of a struct.
    Struct,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_pad_to_offsets_and_struct_size() {
        let f = Extent {
            size: Some(4),
            align: 4,
        };
        let s16 = Extent {
            size: Some(16),
            align: 4,
        };
        // std140 struct { f32 a; struct(16) b; f32 c } -> a at 0, b at 16, c at 32, size 48:
        // `a` is padded up to `b`, and `c` up to the struct's end.
        let sizes = member_sizes(&[f, s16, f], &[0, 16, 32], Some(48)).unwrap_or_default();
        assert_eq!(sizes, vec![Some(16), None, Some(16)]);
        // Natural placement needs nothing.
        let sizes = member_sizes(&[f, f], &[0, 4], Some(8)).unwrap_or_default();
        assert_eq!(sizes, vec![None, None]);
    }
}
