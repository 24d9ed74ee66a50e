//! What back ends ask of a function's control flow.

use luma_base::Handle;
use luma_ir::{Block, Function, StmtKind};

/// Whether every path through `block` of `function` ends in a `Return`, as WGSL's behaviour
/// analysis, naga's validator, DXC and Metal see it: the IR also ends paths in `Discard`, which
/// is no exit on those targets (the invocation goes on as a helper), and in `Unreachable` after
/// an endless loop, which they do not follow. A function with a result whose body does not end
/// in a return there needs one written after it (of a zero value that nothing that writes
/// reaches). Iterative: `elseif` chains nest their arms as deep as they are long.
pub fn ends_in_return(function: &Function, block: Handle<Block>) -> bool {
    let mut stack = vec![block];
    while let Some(b) = stack.pop() {
        let Some(stmts) = function.blocks.get(b).map(|b| b.stmts.as_slice()) else {
            return false;
        };
        match stmts {
            [.., last] if matches!(last.kind, StmtKind::Return(_)) => {}
            [.., before, last] if matches!(last.kind, StmtKind::Unreachable) => {
                match &before.kind {
                    StmtKind::If { accept, reject, .. } => {
                        stack.push(*accept);
                        stack.push(*reject);
                    }
                    _ => return false,
                }
            }
            _ => return false,
        }
    }
    true
}
