//! The size of a composite's copy between layouts member by member, which back ends that write
//! such copies (HLSL byte-address buffers, HLSL and MSL layout structs) use to choose between
//! straight-line code and a function per type.

use std::collections::BTreeMap;

use luma_base::{Handle, UniqueArena};
use luma_ir::{Type, TypeInner};

/// Per type: the straight-line parts of its copy, one per scalar, vector or matrix, an array
/// counting one element (back ends copy arrays with a loop). Computed once per type.
///
/// A struct holding two members of one struct type, which holds two of another, and so on,
/// has exponentially many parts for its source size: past a limit, a back end copies the type
/// with a function of its own, so the code stays proportional to the types.
#[derive(Debug, Default)]
pub struct CopyParts {
    table: BTreeMap<Handle<Type>, u64>,
}

impl CopyParts {
    /// The parts of a copy of `ty` (1 for a handle outside `types`).
    pub fn of(&mut self, types: &UniqueArena<Type>, ty: Handle<Type>) -> u64 {
        if let Some(&parts) = self.table.get(&ty) {
            return parts;
        }
        // Members and elements come earlier in the type arena than their composite: fill the
        // table from the front so that each lookup below is answered without recursion.
        for index in 0..=ty.index() {
            let h = Handle::<Type>::from_index(index as u32);
            if self.table.contains_key(&h) {
                continue;
            }
            let parts = match types.get(h).map(|t| &t.inner) {
                Some(TypeInner::Struct { members }) => members.iter().fold(0u64, |sum, m| {
                    sum.saturating_add(self.table.get(&m.ty).copied().unwrap_or(1))
                }),
                Some(TypeInner::Array { base, .. }) => self.table.get(base).copied().unwrap_or(1),
                _ => 1,
            };
            self.table.insert(h, parts);
        }
        self.table.get(&ty).copied().unwrap_or(1)
    }
}
