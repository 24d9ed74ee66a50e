//! Direct3D's limit on `groupshared` memory: 32 KiB per compute shader, which DXC enforces at
//! compile time ("total thread group shared memory storage ... exceeded"). Checked here so that
//! a program over it is an error naming the entry point, not HLSL that does not compile.

use luma_back::callgraph::CallGraph;
use luma_base::Handle;
use luma_ir::{AddressSpace, ArraySize, Module, ScalarKind, Type, TypeInner};

use crate::{codes, Error};

/// Bytes of `groupshared` memory one compute shader may use (D3D12's
/// `D3D12_CS_TGSM_REGISTER_COUNT` of 8192 32-bit registers).
pub(crate) const LIMIT: u64 = 32 * 1024;

/// An error for the first compute entry point whose `shared` variables (its own and its
/// callees') need more than [`LIMIT`] bytes as HLSL declares them.
pub(crate) fn check(module: &Module, graph: &CallGraph) -> Result<(), Error> {
    for entry in &module.entry_points {
        let mut total = 0u64;
        for g in graph.reachable_globals(entry.function) {
            let Some(global) = module.globals.get(g) else {
                continue;
            };
            if global.space != AddressSpace::Workgroup {
                continue;
            }
            let (size, _) = natural_layout(module, global.ty, 0).unwrap_or((u64::MAX, 1));
            total = total.saturating_add(size);
        }
        if total > LIMIT {
            return Err(Error::new(
                codes::GROUPSHARED_LIMIT,
                format!(
                    "compute entry point `{}` uses {total} bytes of `shared` memory, but \
                     Direct3D allows at most {LIMIT} bytes of groupshared memory",
                    entry.name
                ),
            ));
        }
    }
    Ok(())
}

/// Size and alignment of `ty` as HLSL lays out `groupshared` data: every value at its natural
/// alignment (4 bytes, 2 for 16-bit values), no vector padding (a `float3` is 12 bytes, also as
/// an array element), `bool` as 4 bytes. `None` for types that cannot be shared, or nested
/// past any real program's depth.
fn natural_layout(module: &Module, ty: Handle<Type>, depth: u32) -> Option<(u64, u64)> {
    if depth > 64 {
        return None;
    }
    let scalar_bytes = |kind: ScalarKind, width: u8| -> u64 {
        if kind == ScalarKind::Bool {
            4
        } else {
            u64::from(width)
        }
    };
    match &module.types.get(ty)?.inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
            let b = scalar_bytes(s.kind, s.width);
            Some((b, b))
        }
        TypeInner::Vector { size, scalar } => {
            let b = scalar_bytes(scalar.kind, scalar.width);
            Some((b.saturating_mul(u64::from(size.count())), b))
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            let b = scalar_bytes(scalar.kind, scalar.width);
            let n = u64::from(columns.count()) * u64::from(rows.count());
            Some((b.saturating_mul(n), b))
        }
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
        } => {
            let (size, align) = natural_layout(module, *base, depth + 1)?;
            let stride = size.div_ceil(align).saturating_mul(align);
            Some((stride.saturating_mul(u64::from(*n)), align))
        }
        TypeInner::Struct { members } => {
            let (mut offset, mut align) = (0u64, 1u64);
            for member in members {
                let (size, a) = natural_layout(module, member.ty, depth + 1)?;
                offset = offset.div_ceil(a).saturating_mul(a).saturating_add(size);
                align = align.max(a);
            }
            Some((offset.div_ceil(align).saturating_mul(align), align))
        }
        _ => None,
    }
}
