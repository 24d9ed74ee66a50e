//! The size of a composite's copy between layouts member by member, which back ends that write
//! such copies (HLSL byte-address buffers, HLSL and MSL layout structs) use to choose between
//! straight-line code and a function per type.

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
    /// By type index: a prefix of the arena.
    table: Vec<u64>,
}

impl CopyParts {
    /// The parts of a copy of `ty` (1 for a handle outside `types`).
    pub fn of(&mut self, types: &UniqueArena<Type>, ty: Handle<Type>) -> u64 {
        // Members and elements come earlier in the type arena than their composite: the table
        // is filled from the front, so that each lookup below is answered without recursion,
        // resuming where it stopped (refilling from the front for each type made copying
        // thousands of struct types quadratic).
        let end = ty.index().saturating_add(1).min(types.len());
        for index in self.table.len()..end {
            let part = |t: Handle<Type>| self.table.get(t.index()).copied().unwrap_or(1);
            let parts = match types
                .get(Handle::<Type>::from_index(index as u32))
                .map(|t| &t.inner)
            {
                Some(TypeInner::Struct { members }) => members
                    .iter()
                    .fold(0u64, |sum, m| sum.saturating_add(part(m.ty))),
                Some(TypeInner::Array { base, .. }) => part(*base),
                _ => 1,
            };
            self.table.push(parts);
        }
        self.table.get(ty.index()).copied().unwrap_or(1)
    }
}
