//! The order functions are lowered in: every callee before its callers (the IR requires it),
//! otherwise declaration order, so the output is deterministic.

use luma_thir::{FuncId, Program};

use crate::analysis::FnInfo;
use crate::error::{Failure, LResult};

/// Every function reachable from an entry point, callees first, and for each function whether
/// any function calls it. Functions no entry point reaches are left out of the IR: nothing can
/// run them, and the checker infers buffer access from reachable code only, so lowering them
/// could write memory the module declares read-only. `infos` are the functions' analyses, by
/// function.
pub(crate) fn function_order(
    prog: &Program,
    infos: &[FnInfo],
    all_functions: bool,
) -> LResult<(Vec<FuncId>, Vec<bool>)> {
    let n = prog.functions.len();
    let callees = |f: FuncId| {
        infos
            .get(f.index())
            .map_or(&[][..], |i| i.callees.as_slice())
    };
    let mut called = vec![false; n];
    for info in infos {
        for f in &info.callees {
            match called.get_mut(f.index()) {
                Some(c) => *c = true,
                None => {
                    return Err(Failure::malformed(
                        Default::default(),
                        format!("a call names function #{} that does not exist", f.index()),
                    ))
                }
            }
        }
    }
    // Iterative depth-first post-order; 1 = on the stack, 2 = emitted.
    let mut state = vec![0u8; n];
    let mut order = Vec::with_capacity(n);
    let roots: Vec<FuncId> = if all_functions {
        prog.functions.handles().collect()
    } else {
        prog.entry_points.iter().map(|e| e.function).collect()
    };
    for start in roots {
        if state.get(start.index()).copied() != Some(0) {
            continue;
        }
        let mut stack: Vec<(FuncId, usize)> = vec![(start, 0)];
        if let Some(s) = state.get_mut(start.index()) {
            *s = 1;
        }
        while let Some((f, next)) = stack.last_mut() {
            let f = *f;
            let child = callees(f).get(*next).copied();
            *next += 1;
            match child {
                Some(c) => match state.get(c.index()).copied() {
                    Some(0) => {
                        if let Some(s) = state.get_mut(c.index()) {
                            *s = 1;
                        }
                        stack.push((c, 0));
                    }
                    Some(1) => {
                        let span = prog.functions.get(c).map(|d| d.span).unwrap_or_default();
                        return Err(Failure::malformed(
                            span,
                            "the call graph has a cycle (recursion)",
                        ));
                    }
                    _ => {}
                },
                None => {
                    stack.pop();
                    if let Some(s) = state.get_mut(f.index()) {
                        *s = 2;
                    }
                    order.push(f);
                }
            }
        }
    }
    // Only calls made by reachable functions count: an entry point called solely from dead
    // code is not also lowered as a plain function.
    let mut reached_called = vec![false; n];
    for f in &order {
        for c in callees(*f) {
            if let Some(slot) = reached_called.get_mut(c.index()) {
                *slot = true;
            }
        }
    }
    debug_assert!(reached_called.iter().zip(&called).all(|(r, c)| !*r || *c));
    Ok((order, reached_called))
}
