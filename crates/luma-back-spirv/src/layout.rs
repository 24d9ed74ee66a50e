//! The memory layouts SPIR-V types are declared under, and the bridge to `luma_ir::layout`, the
//! only source of offsets and strides.

use luma_base::Handle;
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{AddressSpace, Module, Type};

use crate::Error;

/// The layout a SPIR-V array or struct type is declared with: none (values, function, private
/// and workgroup memory, handles, interface variables) or explicit offsets and strides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Layout {
    /// No `Offset` / `ArrayStride` / `MatrixStride` decorations.
    Plain,
    /// Uniform buffers.
    Std140,
    /// Storage buffers and push constants.
    Std430,
}

impl Layout {
    /// The layout of memory in `space`.
    pub(crate) fn for_space(space: AddressSpace) -> Layout {
        match luma_ir::layout::rule_for_space(space) {
            Some(LayoutRule::Std140) => Layout::Std140,
            Some(LayoutRule::Std430) => Layout::Std430,
            None => Layout::Plain,
        }
    }
}

/// Cached std140 and std430 layouters over one module's types.
#[derive(Debug)]
pub(crate) struct Layouts<'a> {
    std140: Layouter<'a>,
    std430: Layouter<'a>,
}

impl<'a> Layouts<'a> {
    /// Layouters for `module`'s types.
    pub(crate) fn new(module: &'a Module) -> Layouts<'a> {
        Layouts {
            std140: Layouter::new(&module.types, LayoutRule::Std140),
            std430: Layouter::new(&module.types, LayoutRule::Std430),
        }
    }

    fn kind(&mut self, ty: Handle<Type>, layout: Layout) -> Result<LayoutKind, Error> {
        let layouter = match layout {
            Layout::Std140 => &mut self.std140,
            Layout::Std430 => &mut self.std430,
            Layout::Plain => {
                return Err(Error::invalid(
                    "asked for the explicit layout of a type in plain memory",
                ))
            }
        };
        layouter
            .layout(ty)
            .map(|l| l.kind.clone())
            .map_err(|e| Error::invalid(format!("no host-visible layout: {e}")))
    }

    /// The `ArrayStride` of array type `ty`.
    pub(crate) fn array_stride(&mut self, ty: Handle<Type>, layout: Layout) -> Result<u32, Error> {
        match self.kind(ty, layout)? {
            LayoutKind::Array { stride } => Ok(stride),
            _ => Err(Error::invalid(format!("type {ty:?} is not an array"))),
        }
    }

    /// The `Offset` of each member of struct type `ty`.
    pub(crate) fn member_offsets(
        &mut self,
        ty: Handle<Type>,
        layout: Layout,
    ) -> Result<Vec<u32>, Error> {
        match self.kind(ty, layout)? {
            LayoutKind::Struct { offsets } => Ok(offsets),
            _ => Err(Error::invalid(format!("type {ty:?} is not a struct"))),
        }
    }

    /// The `MatrixStride` (column stride) of matrix type `ty`.
    pub(crate) fn matrix_stride(&mut self, ty: Handle<Type>, layout: Layout) -> Result<u32, Error> {
        match self.kind(ty, layout)? {
            LayoutKind::Matrix { column_stride } => Ok(column_stride),
            _ => Err(Error::invalid(format!("type {ty:?} is not a matrix"))),
        }
    }
}
