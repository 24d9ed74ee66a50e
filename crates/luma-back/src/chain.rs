//! `else if` chains.
//!
//! Lowering spells `if a then .. elseif b then .. end` as an `If` whose reject block holds just
//! another `If`, so a chain of n arms nests n deep in the IR. Text targets write such a reject
//! block as `} else if (b) {` at the level of the chain's head: the output, the nesting limits
//! of the writers and their stacks stay flat however long the chain is.
//!
//! A reject block is an else-if arm when it is the values of the inner condition, one `If`,
//! then `Yield` of that `If`'s results (or, for an `If` without results, `Unreachable`).
//! An arm that yields results is the common `if a then r = x elseif b then r = y end`: the inner
//! `If`'s results are the outer's under other names, so a chained arm assigns the head's
//! variables directly. An outer result the inner `If` does not produce (`if a then r = x elseif
//! b then s = y end`: the inner `If` leaves `r` alone) is yielded from a value from before the
//! outer `If`, the starting value of its variable ([`crate::defaults`]), which a chained arm
//! then leaves as it is. Its values must write nothing
//! of their own: each is dead or written into its use, except that a load used only by the
//! inner condition is written into the condition too (it runs at the same point either way, and
//! `elseif x == 2` loads `x` in every arm). The back end says which values it writes at their
//! use; this module decides the rest, the same way for every text target.

use std::collections::BTreeSet;

use luma_base::Handle;
use luma_ir::{Block, Function, Module, Op, Stmt, StmtKind, TypeInner, Value, ValueDef};

/// The inner `If` of an else-if arm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElseIf {
    /// The inner condition, written as `} else if (condition) {`.
    pub condition: Handle<Value>,
    /// The inner `If`'s accept block: the body of the `else if`.
    pub accept: Handle<Block>,
    /// The inner `If`'s reject block, which may continue the chain.
    pub reject: Handle<Block>,
    /// The inner `If`'s results: empty, or the outer `If`'s results under other names (the arm
    /// yields them), so a back end writes them to the variables of the outer results.
    pub results: Vec<Handle<Value>>,
    /// Loads the back end would name that must be written into the condition instead.
    pub fold: Vec<Handle<Value>>,
}

/// The parts of a block shaped like an else-if arm: its leading statements (which must all be
/// `Value`s) and the inner `If`, or `None`. The shape alone: whether the values write nothing is
/// [`else_if`]'s question. A back end that must bound nesting before it knows how it writes
/// values can count such a block at its chain head's depth.
pub fn else_if_shape(function: &Function, block: Handle<Block>) -> Option<(&[Stmt], &Stmt)> {
    let block = function.blocks.get(block)?;
    let (last, rest) = block.stmts.split_last()?;
    let (inner, prelude) = rest.split_last()?;
    let StmtKind::If { results, .. } = &inner.kind else {
        return None;
    };
    let values = prelude.iter().all(|s| matches!(s.kind, StmtKind::Value(_)));
    let ends = match &last.kind {
        StmtKind::Yield(args) => {
            // Each inner result once; any other argument is a value from before the outer
            // `If` (not one of this arm's), which a back end makes the outer variable's
            // starting value ([`crate::defaults`]) so the arm need not assign it.
            let mut sorted = args.clone();
            sorted.sort_unstable();
            let count = |v: &Handle<Value>| {
                sorted.partition_point(|a| a <= v) - sorted.partition_point(|a| a < v)
            };
            let once = results.iter().all(|r| count(r) == 1);
            let mut inner_results = results.clone();
            inner_results.sort_unstable();
            let from_before = prelude.iter().all(|s| match s.kind {
                StmtKind::Value(v) => count(&v) == 0 || inner_results.binary_search(&v).is_ok(),
                _ => true,
            });
            once && from_before
        }
        StmtKind::Unreachable => results.is_empty(),
        _ => false,
    };
    (ends && values).then_some((prelude, inner))
}

/// Whether `block`, the reject block of an `If`, can be written as `else if`, and how.
///
/// `unwritten(v)` says whether the back end writes value `v` nowhere but into its use (or not at
/// all, being dead), without an effect; `uses(v)` is how often the written code reads `v`.
pub fn else_if(
    module: &Module,
    function: &Function,
    block: Handle<Block>,
    unwritten: impl Fn(Handle<Value>) -> bool,
    uses: impl Fn(Handle<Value>) -> u32,
) -> Option<ElseIf> {
    let (prelude, inner) = else_if_shape(function, block)?;
    let StmtKind::If {
        condition,
        accept,
        reject,
        results,
    } = &inner.kind
    else {
        return None;
    };
    let mut candidates = BTreeSet::new();
    let mut defined = BTreeSet::new();
    for stmt in prelude {
        let StmtKind::Value(v) = stmt.kind else {
            return None;
        };
        defined.insert(v);
        if unwritten(v) {
            continue;
        }
        if !foldable_load(module, function, v) || uses(v) != 1 {
            return None;
        }
        candidates.insert(v);
    }
    let mut fold = Vec::new();
    if !candidates.is_empty() {
        // The condition's expression: the values of this block it reaches through values
        // written at their use. A candidate outside it is read somewhere else.
        let mut seen = BTreeSet::new();
        let mut stack = vec![*condition];
        while let Some(v) = stack.pop() {
            if !defined.contains(&v) || !seen.insert(v) {
                continue;
            }
            if candidates.remove(&v) {
                fold.push(v);
            } else if !unwritten(v) {
                continue;
            }
            if let Some(ValueDef::Op(op)) = function.values.get(v).map(|x| &x.def) {
                op.for_each_operand(|o| stack.push(o));
            }
        }
        if !candidates.is_empty() {
            return None;
        }
    }
    Some(ElseIf {
        condition: *condition,
        accept: *accept,
        reject: *reject,
        results: results.to_vec(),
        fold,
    })
}

/// The loads that the else-if arms of `function` write into their conditions (see [`else_if`]):
/// the back end writes them at their use instead of naming them.
pub fn else_if_folds(
    module: &Module,
    function: &Function,
    unwritten: impl Fn(Handle<Value>) -> bool,
    uses: impl Fn(Handle<Value>) -> u32,
) -> Vec<Handle<Value>> {
    let mut folds = Vec::new();
    let mut blocks = vec![function.body];
    let mut seen = BTreeSet::new();
    while let Some(block) = blocks.pop() {
        if !seen.insert(block) {
            continue;
        }
        let Some(b) = function.blocks.get(block) else {
            continue;
        };
        for stmt in &b.stmts {
            if let StmtKind::If { reject, .. } = &stmt.kind {
                if let Some(arm) = else_if(module, function, *reject, &unwritten, &uses) {
                    folds.extend(arm.fold);
                }
            }
            stmt.kind.for_each_block(|inner| blocks.push(inner));
        }
    }
    folds
}

/// A load of a scalar or vector: an expression on every text target.
fn foldable_load(module: &Module, function: &Function, v: Handle<Value>) -> bool {
    let Some(value) = function.values.get(v) else {
        return false;
    };
    matches!(value.def, ValueDef::Op(Op::Load { .. }))
        && matches!(
            module.types.get(value.ty).map(|t| &t.inner),
            Some(TypeInner::Scalar(_) | TypeInner::Vector { .. })
        )
}
