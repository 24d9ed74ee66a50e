//! Starting values for the variables that hold `If` results in text output.
//!
//! Text targets hold an `If`'s results in variables declared just before the `if`, and each arm
//! assigns them. Lowering gives every source variable that some arm changes a result, so an arm
//! that leaves it alone yields its value from before the `If`: `if c then x = y end` is an `If`
//! whose accept arm yields `y` and whose reject arm yields the old `x`. Written naively that is
//! `x_1; if (c) { x_1 = y; } else { x_1 = x; }`, and an `elseif` chain in which each arm sets
//! another variable repeats every untouched variable in every arm.
//!
//! A result whose variable starts with a value computed before the `If` (its *default*) needs no
//! assignment in the arms that yield that value, and an arm left with nothing to write is left
//! out: `x_1 = x; if (c) { x_1 = y; }`. The variable holds its default on entry to every arm
//! (only the arms' yields assign it, and only one arm runs), which is also true of the arms of
//! an `else if` chained onto the `If`, so a chained `If` keeps the head's defaults.
//!
//! Only scalars and vectors get a default: starting a struct or array variable with a copy the
//! other arm overwrites would copy it on every path. The default is evaluated at the variable's
//! declaration, before the condition; it is defined before the `If` (it dominates it), so the IR
//! evaluates it there anyway, and a value the back end writes into its use is pure.

use std::collections::BTreeMap;

use luma_base::Handle;

use crate::chain::else_if_shape;
use luma_ir::{Block, Function, Module, StmtKind, TypeInner, Value};

/// The starting value of each result's variable of one `If`, `None` where it has none.
pub type Defaults = Vec<Option<Handle<Value>>>;

/// Where each value and block of one function sits, for asking whether a value is defined
/// outside an `If`.
#[derive(Debug, Clone)]
pub struct ResultDefaults {
    /// The block each block is nested in (through the statement that owns it); `None` for the
    /// body and for blocks not reachable from it.
    parent: Vec<Option<Handle<Block>>>,
    /// The block whose statement defines each value (a loop-carried value: the loop's body);
    /// `None` for parameters, constants and pointers to globals and locals, which every block
    /// sees.
    defined_in: Vec<Option<Handle<Block>>>,
}

impl ResultDefaults {
    /// Maps the blocks reachable from `function`'s body.
    pub fn new(function: &Function) -> Self {
        let mut parent = vec![None; function.blocks.len()];
        let mut defined_in = vec![None; function.values.len()];
        let mut define = |v: Handle<Value>, block: Handle<Block>| {
            if let Some(slot) = defined_in.get_mut(v.index()) {
                *slot = Some(block);
            }
        };
        let mut work = vec![function.body];
        while let Some(block) = work.pop() {
            let Some(b) = function.blocks.get(block) else {
                continue;
            };
            for stmt in &b.stmts {
                match &stmt.kind {
                    StmtKind::Value(v) => define(*v, block),
                    StmtKind::If { results, .. } => {
                        results.iter().for_each(|&r| define(r, block));
                    }
                    StmtKind::Loop(l) => {
                        l.results.iter().for_each(|&r| define(r, block));
                        l.carried.iter().for_each(|c| define(c.value, l.body));
                    }
                    _ => {}
                }
                stmt.kind.for_each_block(|inner| {
                    if let Some(slot) = parent.get_mut(inner.index()) {
                        if slot.is_none() {
                            *slot = Some(block);
                            work.push(inner);
                        }
                    }
                });
            }
        }
        ResultDefaults { parent, defined_in }
    }

    /// The default of each result of the `If` with arms `accept` and `reject` (see the module
    /// documentation), for scalars and vectors:
    /// - the value the reject arm yields for it, when defined outside the `If`;
    /// - when the reject arm is an else-if arm ([`crate::chain`]) yielding a result of its inner
    ///   `If`, that result's default, so the variable starts with the value the chain's last
    ///   arm yields and a chained arm that yields it assigns nothing (`x = c; if (m == 0) {
    ///   x = a; } else if (m == 1) { x = b; }`);
    /// - else none. (The accept arm's value is never the default: an accept arm left with
    ///   nothing to write would turn `if c then r = true else r = f() end`, which is how `c or
    ///   f()` lowers, into `r = true; if (!c) { r = f(); }`.)
    pub fn of_if(
        &self,
        module: &Module,
        function: &Function,
        accept: Handle<Block>,
        reject: Handle<Block>,
        results: &[Handle<Value>],
    ) -> Vec<Option<Handle<Value>>> {
        let mut defaults = vec![None; results.len()];
        // (the result's position among `results`, its position at the current level).
        let mut pending: Vec<(usize, usize)> = results
            .iter()
            .enumerate()
            .filter(|(_, &r)| scalar_or_vector(module, function, r))
            .map(|(i, _)| (i, i))
            .collect();
        // The default is evaluated where the head's variables are declared, so it must come
        // from before the head `If`, not just from before the inner `If` that yields it.
        let outside = |v: Handle<Value>| self.outside(v, accept, reject);
        let mut reject = reject;
        // One level of the chain per round, all results at once: a chain is a few dozen deep
        // at most (lowering groups longer ones), but may have hundreds of results.
        // Each round goes one `If` deeper; the bound only guards against malformed IR.
        let mut rounds = function.blocks.len();
        while !pending.is_empty() && rounds > 0 {
            rounds -= 1;
            let reject_args = yielded(function, reject).unwrap_or(&[]);
            let inner = else_if_shape(function, reject).and_then(|(_, inner)| match &inner.kind {
                StmtKind::If {
                    reject, results, ..
                } => Some((*reject, results)),
                _ => None,
            });
            let positions: BTreeMap<Handle<Value>, usize> = inner
                .map(|(_, results)| results.iter().enumerate().map(|(j, &r)| (r, j)).collect())
                .unwrap_or_default();
            let mut deeper = Vec::new();
            for (i, at) in pending {
                let from_reject = reject_args.get(at).copied();
                if let Some(v) = from_reject.filter(|&v| outside(v)) {
                    if let Some(slot) = defaults.get_mut(i) {
                        *slot = Some(v);
                    }
                } else if let Some(&j) = from_reject.and_then(|v| positions.get(&v)) {
                    deeper.push((i, j));
                }
            }
            pending = deeper;
            if let Some((r, _)) = inner {
                reject = r;
            }
        }
        defaults
    }

    /// Whether `value` is defined outside both arms (and what they nest).
    fn outside(&self, value: Handle<Value>, accept: Handle<Block>, reject: Handle<Block>) -> bool {
        let mut block = self.defined_in.get(value.index()).copied().flatten();
        // Each step goes one block out; the depth of the nesting bounds the walk (the count
        // guards against a malformed parent map).
        let mut steps = self.parent.len() + 1;
        while let Some(b) = block {
            if b == accept || b == reject {
                return false;
            }
            if steps == 0 {
                return false;
            }
            steps -= 1;
            block = self.parent.get(b.index()).copied().flatten();
        }
        true
    }
}

/// How the results of an `If` written as the `else if` of an enclosing `If` map onto the
/// enclosing results' variables, given the `Yield` arguments `args` that end the else arm and
/// the enclosing results' `defaults`: for each inner result, the position of the enclosing
/// result it is yielded to. `None` unless each inner result is yielded exactly once and every
/// other argument is its result's default (which the variable holds when the arm starts).
pub fn chain_targets(
    args: &[Handle<Value>],
    inner_results: &[Handle<Value>],
    defaults: &[Option<Handle<Value>>],
) -> Option<Vec<usize>> {
    if args.len() != defaults.len() {
        return None;
    }
    let mut position: BTreeMap<Handle<Value>, Option<usize>> =
        inner_results.iter().map(|&r| (r, None)).collect();
    for (i, (a, d)) in args.iter().zip(defaults).enumerate() {
        match position.get_mut(a) {
            Some(slot @ None) => *slot = Some(i),
            Some(Some(_)) => return None,
            None if d.is_some_and(|d| d == *a) => {}
            None => return None,
        }
    }
    inner_results
        .iter()
        .map(|r| position.get(r).copied().flatten())
        .collect()
}

/// The enclosing `results` and their `defaults` at `targets` ([`chain_targets`]): the variables
/// a chained `If`'s results are written to and the values they start with, in the chained
/// `If`'s result order. `None` when a target is out of range.
pub fn at_targets(
    targets: &[usize],
    results: &[Handle<Value>],
    defaults: &[Option<Handle<Value>>],
) -> Option<(Vec<Handle<Value>>, Defaults)> {
    let picked: Option<Vec<_>> = targets
        .iter()
        .map(|&t| Some((*results.get(t)?, *defaults.get(t)?)))
        .collect();
    picked.map(|pairs| pairs.into_iter().unzip())
}

/// [`chain_targets`] for the else-if arm `block` (values, the inner `If`, then `Yield` or
/// `Unreachable`) of an `If` whose results have `defaults`.
pub fn arm_targets(
    function: &Function,
    block: Handle<Block>,
    inner_results: &[Handle<Value>],
    defaults: &[Option<Handle<Value>>],
) -> Option<Vec<usize>> {
    let end = function.blocks.get(block)?.stmts.last()?;
    end_targets(Some(&end.kind), inner_results, defaults)
}

/// [`chain_targets`] for an else-if arm whose inner `If` is followed by `end`: a `Yield`, or
/// `Unreachable` when the inner `If` has no results.
pub fn end_targets(
    end: Option<&StmtKind>,
    inner_results: &[Handle<Value>],
    defaults: &[Option<Handle<Value>>],
) -> Option<Vec<usize>> {
    match end? {
        StmtKind::Yield(args) => chain_targets(args, inner_results, defaults),
        StmtKind::Unreachable if inner_results.is_empty() => Some(Vec::new()),
        _ => None,
    }
}

/// Whether the `Yield` arguments `args` assign nothing beyond `defaults`: each argument is its
/// result's default.
pub fn yields_defaults(args: &[Handle<Value>], defaults: &[Option<Handle<Value>>]) -> bool {
    args.len() == defaults.len()
        && args
            .iter()
            .zip(defaults)
            .all(|(a, d)| d.is_some_and(|d| d == *a))
}

/// The `(result, value)` pairs of a `Yield` that assign something: those whose value is not the
/// result's default.
pub fn assignments<'v>(
    results: &'v [Handle<Value>],
    args: &'v [Handle<Value>],
    defaults: &'v [Option<Handle<Value>>],
) -> impl Iterator<Item = (Handle<Value>, Handle<Value>)> + 'v {
    results
        .iter()
        .zip(args)
        .enumerate()
        .filter(move |(i, (_, a))| defaults.get(*i).copied().flatten() != Some(**a))
        .map(|(_, (r, a))| (*r, *a))
}

/// The arguments of the `Yield` that ends `block`, if it ends in one.
fn yielded(function: &Function, block: Handle<Block>) -> Option<&[Handle<Value>]> {
    match &function.blocks.get(block)?.stmts.last()?.kind {
        StmtKind::Yield(args) => Some(args),
        _ => None,
    }
}

fn scalar_or_vector(module: &Module, function: &Function, v: Handle<Value>) -> bool {
    function.values.get(v).is_some_and(|value| {
        matches!(
            module.types.get(value.ty).map(|t| &t.inner),
            Some(TypeInner::Scalar(_) | TypeInner::Vector { .. })
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yields_defaults_needs_every_argument() {
        let a = Handle::<Value>::from_index(1);
        let b = Handle::<Value>::from_index(2);
        assert!(yields_defaults(&[a, b], &[Some(a), Some(b)]));
        assert!(!yields_defaults(&[a, b], &[Some(a), None]));
        assert!(!yields_defaults(&[a, b], &[Some(b), Some(a)]));
        assert!(yields_defaults(&[], &[]));
    }

    #[test]
    fn chain_targets_map_inner_results() {
        let d = Handle::<Value>::from_index(1);
        let x = Handle::<Value>::from_index(5);
        let y = Handle::<Value>::from_index(6);
        // The arm yields (default, y, x): the inner results x and y land at 2 and 1.
        assert_eq!(
            chain_targets(&[d, y, x], &[x, y], &[Some(d), None, None]),
            Some(vec![2, 1])
        );
        // A non-default value that is no inner result, or an inner result yielded twice.
        assert_eq!(chain_targets(&[d, y], &[y], &[None, None]), None);
        assert_eq!(chain_targets(&[y, y], &[y], &[None, None]), None);
        assert_eq!(chain_targets(&[d], &[y], &[Some(d)]), None);
    }

    #[test]
    fn assignments_skip_defaults() {
        let r = [Handle::<Value>::from_index(10), Handle::from_index(11)];
        let a = Handle::<Value>::from_index(1);
        let b = Handle::<Value>::from_index(2);
        let pairs: Vec<_> = assignments(&r, &[a, b], &[Some(a), Some(a)]).collect();
        assert_eq!(pairs, vec![(r[1], b)]);
    }
}
