//! Constant propagation: sparse conditional constant propagation over the structured IR.
//!
//! Every value starts unknown (optimistic); parameters, loads, calls and specialization
//! constants are varying. The function is evaluated in program order, repeatedly until nothing
//! changes: an op with constant operands is evaluated ([`crate::eval`]), `select` with a
//! constant condition takes its operand's value, an `If` with a constant condition runs only
//! the arm it takes, an `If` result meets the values its running arms yield, a carried value
//! meets its initial value and every running `continue`, a loop result every running `break`.
//! So a value that is constant on every path that can run becomes that constant, even through
//! `If` results and loop-carried values (`let x = 0; while ... do if false then x = 1 end end`).
//! Branches whose condition became constant are then folded.

use luma_base::Handle;
use luma_ir::proc::ConstantInterner;
use luma_ir::{Block, Function, Literal, Module, Op, StmtKind, Value, ValueDef};
use rustc_hash::FxHashMap;

use crate::dce::fold_branches;
use crate::eval::{eval, CVal};
use crate::util::{
    compact_function, constant_value, drop_placements, for_each_function, no_replacements,
    program_order, replace_uses, stmt_at, Event, Pos, Tree,
};

#[derive(Debug, Clone, PartialEq)]
enum Lat {
    /// Not known yet (no running path defines it so far).
    Undef,
    /// The same constant on every running path.
    Const(CVal),
    /// Not a constant.
    Varying,
}

fn meet(a: &Lat, b: &Lat) -> Lat {
    match (a, b) {
        (Lat::Undef, x) | (x, Lat::Undef) => x.clone(),
        (Lat::Const(x), Lat::Const(y)) if x == y => Lat::Const(x.clone()),
        _ => Lat::Varying,
    }
}

/// Runs constant propagation on every function.
pub(crate) fn run(module: &mut Module) {
    let mut interner = ConstantInterner::new();
    for_each_function(module, |module, f| propagate(module, f, &mut interner));
}

fn propagate(module: &mut Module, f: &mut Function, interner: &mut ConstantInterner) {
    let lat = solve(module, f);
    let mut map = no_replacements(f);
    let mut killed = vec![false; f.values.len()];
    let handles: Vec<Handle<Value>> = f.values.handles().collect();
    for v in handles {
        // A select whose condition is constant is its chosen operand.
        if let Some(ValueDef::Op(Op::Select {
            condition,
            accept,
            reject,
        })) = f.values.get(v).map(|x| &x.def)
        {
            let chosen = match lat.get(condition.index()) {
                Some(Lat::Const(CVal::Scalar(Literal::Bool(true)))) => Some(*accept),
                Some(Lat::Const(CVal::Scalar(Literal::Bool(false)))) => Some(*reject),
                _ => None,
            };
            if let (Some(chosen), false) =
                (chosen, matches!(lat.get(v.index()), Some(Lat::Const(_))))
            {
                if let (Some(slot), Some(k)) = (map.get_mut(v.index()), killed.get_mut(v.index())) {
                    *slot = Some(chosen);
                    *k = true;
                }
                continue;
            }
        }
        let Some(Lat::Const(c)) = lat.get(v.index()) else {
            continue;
        };
        let Some(value) = f.values.get(v) else {
            continue;
        };
        let ty = value.ty;
        let replace_with_constant = match &value.def {
            ValueDef::Op(op) => op.is_pure(),
            ValueDef::IfResult | ValueDef::LoopCarried | ValueDef::LoopResult => true,
            _ => false,
        };
        if !replace_with_constant {
            continue;
        }
        let Some(constant) = c.intern(module, interner, ty) else {
            continue;
        };
        match f.values.get_mut(v) {
            Some(value) if matches!(value.def, ValueDef::Op(_)) => {
                value.def = ValueDef::Constant(constant);
            }
            _ => {
                let new = constant_value(f, constant, ty);
                if let Some(slot) = map.get_mut(v.index()) {
                    *slot = Some(new);
                }
            }
        }
    }
    map.resize(f.values.len(), None);
    killed.resize(f.values.len(), false);
    replace_uses(f, &map);
    drop_placements(f, &killed);
    fold_branches(module, f);
    compact_function(f);
}

/// How many more times a loop body is walked at once within one round (see [`solve`]).
const MAX_LOOP_WALKS: u32 = 4;

/// What an event of the walk is to a loop: the entry into a loop body (with the loop's carried
/// values) or the exit from one (with the index of the matching entry).
enum LoopBody {
    None,
    Enter { carried: Vec<Handle<Value>> },
    Leave { enter: usize },
}

/// For each event of `events`, what it is to a loop body.
fn loop_bodies(f: &Function, events: &[Event]) -> Vec<LoopBody> {
    let mut out: Vec<LoopBody> = events.iter().map(|_| LoopBody::None).collect();
    let mut open: Vec<usize> = Vec::new();
    // The loop statement that owns each block as its body (the event just before its entry).
    for (at, event) in events.iter().enumerate() {
        match *event {
            Event::Enter(_) => open.push(at),
            Event::Leave(b) => {
                let Some(enter) = open.pop() else { continue };
                let owner =
                    enter
                        .checked_sub(1)
                        .and_then(|k| events.get(k))
                        .and_then(|e| match *e {
                            Event::Stmt(sb, si) => stmt_at(f, sb, si),
                            _ => None,
                        });
                if let Some(StmtKind::Loop(l)) = owner.map(|s| &s.kind) {
                    if l.body == b {
                        let carried = l.carried.iter().map(|c| c.value).collect();
                        if let Some(slot) = out.get_mut(enter) {
                            *slot = LoopBody::Enter { carried };
                        }
                        if let Some(slot) = out.get_mut(at) {
                            *slot = LoopBody::Leave { enter };
                        }
                    }
                }
            }
            Event::Stmt(..) => {}
        }
    }
    out
}

/// The lattice value of every value of `f` at the fixed point.
fn solve(module: &Module, f: &Function) -> Vec<Lat> {
    let n = f.values.len();
    let mut lat: Vec<Lat> = f
        .values
        .iter()
        .map(|(_, v)| match v.def {
            ValueDef::Constant(c) => CVal::of_constant(module, c).map_or(Lat::Varying, Lat::Const),
            ValueDef::Param(_) | ValueDef::GlobalPointer(_) | ValueDef::LocalPointer(_) => {
                Lat::Varying
            }
            _ => Lat::Undef,
        })
        .collect();
    let tree = Tree::new(f);
    let events = program_order(f);
    let mut block_exec = vec![false; f.blocks.len()];
    if let Some(flag) = block_exec.get_mut(f.body.index()) {
        *flag = true;
    }
    // Whether control can reach the statement after a region (by position).
    let mut after: FxHashMap<Pos, bool> = FxHashMap::default();
    let get = |lat: &[Lat], v: Handle<Value>| lat.get(v.index()).cloned().unwrap_or(Lat::Varying);
    // A loop's body is walked again at once while a `continue` changes its carried values,
    // instead of waiting for the next round: a loop whose exit is found only on the second pass
    // through its body would otherwise hold back everything after it by a round, and functions
    // with hundreds of loops in a row (inlined code) took hundreds of rounds.
    let loops = loop_bodies(f, &events);
    // Each round only moves values down the lattice and marks more code as running, so the
    // number of rounds is bounded by twice the values plus the blocks.
    for _ in 0..(2 * n + f.blocks.len() + 2) {
        let mut changed = false;
        let mut reach_stack: Vec<bool> = Vec::new();
        // For each loop body being walked: its carried values' lattice when the walk entered
        // it, and how many times it has been walked again this round.
        let mut loop_stack: Vec<(Vec<Lat>, u32)> = Vec::new();
        let mut again: Option<u32> = None;
        let mut next = 0;
        while let Some(event) = events.get(next) {
            let at = next;
            next += 1;
            match *event {
                Event::Enter(b) => {
                    reach_stack.push(block_exec.get(b.index()).copied().unwrap_or(false));
                    if let Some(LoopBody::Enter { carried }) = loops.get(at) {
                        let snapshot = carried.iter().map(|v| get(&lat, *v)).collect();
                        loop_stack.push((snapshot, again.take().unwrap_or(0)));
                    }
                }
                Event::Leave(_) => {
                    reach_stack.pop();
                    if let Some(LoopBody::Leave { enter }) = loops.get(at) {
                        let carried: &[Handle<Value>] = match loops.get(*enter) {
                            Some(LoopBody::Enter { carried }) => carried,
                            _ => &[],
                        };
                        if let Some((snapshot, walks)) = loop_stack.pop() {
                            let moved = carried
                                .iter()
                                .zip(&snapshot)
                                .any(|(v, before)| get(&lat, *v) != *before);
                            // The lattice is three levels high, so a few walks settle a loop;
                            // the rounds finish whatever the bound leaves.
                            if moved && walks < MAX_LOOP_WALKS {
                                again = Some(walks + 1);
                                next = *enter;
                            }
                        }
                    }
                }
                Event::Stmt(b, i) => {
                    let mut reach = reach_stack.last().copied().unwrap_or(false);
                    if let Some(prev) = i.checked_sub(1) {
                        if let Some(flag) = after.get(&(b, prev)) {
                            reach &= *flag;
                        }
                    }
                    if let Some(top) = reach_stack.last_mut() {
                        *top = reach;
                    }
                    if !reach {
                        continue;
                    }
                    let Some(stmt) = stmt_at(f, b, i) else {
                        continue;
                    };
                    let mut update = |lat: &mut Vec<Lat>, v: Handle<Value>, new: Lat| {
                        if let Some(slot) = lat.get_mut(v.index()) {
                            let merged = match (&*slot, &new) {
                                (Lat::Undef, _) => new,
                                (_, Lat::Undef) => slot.clone(),
                                _ => meet(slot, &new),
                            };
                            if *slot != merged {
                                *slot = merged;
                                changed = true;
                            }
                        }
                    };
                    match &stmt.kind {
                        StmtKind::Value(v) => {
                            let new = match f.values.get(*v).map(|x| (&x.def, x.ty)) {
                                Some((ValueDef::Op(op), ty)) => evaluate(module, op, ty, &lat),
                                _ => Lat::Varying,
                            };
                            // An op's value is recomputed, not accumulated: its operands only
                            // move down, so it does too.
                            if let Some(slot) = lat.get_mut(v.index()) {
                                if *slot != new && new != Lat::Undef {
                                    *slot = new;
                                    changed = true;
                                }
                            }
                        }
                        StmtKind::If {
                            condition,
                            accept,
                            reject,
                            ..
                        } => {
                            let (run_accept, run_reject) = match get(&lat, *condition) {
                                Lat::Undef => (false, false),
                                Lat::Const(CVal::Scalar(Literal::Bool(c))) => (c, !c),
                                _ => (true, true),
                            };
                            let yields = |arm: Handle<Block>| {
                                f.blocks
                                    .get(arm)
                                    .and_then(|a| a.stmts.last())
                                    .is_some_and(|s| matches!(s.kind, StmtKind::Yield(_)))
                            };
                            let reach_after =
                                (run_accept && yields(*accept)) || (run_reject && yields(*reject));
                            for (arm, run) in [(*accept, run_accept), (*reject, run_reject)] {
                                if let Some(flag) = block_exec.get_mut(arm.index()) {
                                    if run && !*flag {
                                        *flag = true;
                                        changed = true;
                                    }
                                }
                            }
                            let entry = after.entry((b, i)).or_insert(false);
                            if reach_after && !*entry {
                                *entry = true;
                                changed = true;
                            }
                        }
                        StmtKind::Loop(l) => {
                            let (carried, body) = (&l.carried, &l.body);
                            for c in carried {
                                let init = get(&lat, c.init);
                                update(&mut lat, c.value, init);
                            }
                            if let Some(flag) = block_exec.get_mut(body.index()) {
                                if !*flag {
                                    *flag = true;
                                    changed = true;
                                }
                            }
                            after.entry((b, i)).or_insert(false);
                        }
                        StmtKind::Yield(args) => {
                            if let Some((pb, pi)) = tree.parent.get(b.index()).copied().flatten() {
                                if let Some(StmtKind::If { results, .. }) =
                                    stmt_at(f, pb, pi).map(|s| &s.kind)
                                {
                                    for (r, a) in results.iter().zip(args) {
                                        let v = get(&lat, *a);
                                        update(&mut lat, *r, v);
                                    }
                                }
                            }
                        }
                        StmtKind::Continue(args) | StmtKind::Break(args) => {
                            let Some((lb, li)) = tree.loop_of.get(b.index()).copied().flatten()
                            else {
                                continue;
                            };
                            let Some(StmtKind::Loop(l)) = stmt_at(f, lb, li).map(|s| &s.kind)
                            else {
                                continue;
                            };
                            let (carried, results) = (&l.carried, &l.results);
                            if matches!(stmt.kind, StmtKind::Continue(_)) {
                                for (c, a) in carried.iter().zip(args) {
                                    let v = get(&lat, *a);
                                    update(&mut lat, c.value, v);
                                }
                            } else {
                                for (r, a) in results.iter().zip(args) {
                                    let v = get(&lat, *a);
                                    update(&mut lat, *r, v);
                                }
                                let entry = after.entry((lb, li)).or_insert(false);
                                if !*entry {
                                    *entry = true;
                                    changed = true;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    lat
}

/// The lattice value of an op from its operands'.
fn evaluate(module: &Module, op: &Op, ty: Handle<luma_ir::Type>, lat: &[Lat]) -> Lat {
    if !op.is_pure() {
        return Lat::Varying;
    }
    let get = |v: Handle<Value>| lat.get(v.index()).cloned().unwrap_or(Lat::Varying);
    if let Op::Select {
        condition,
        accept,
        reject,
    } = op
    {
        match get(*condition) {
            Lat::Const(CVal::Scalar(Literal::Bool(true))) => return get(*accept),
            Lat::Const(CVal::Scalar(Literal::Bool(false))) => return get(*reject),
            _ => {}
        }
    }
    let mut any_undef = false;
    let mut any_varying = false;
    op.for_each_operand(|o| match get(o) {
        Lat::Undef => any_undef = true,
        Lat::Varying => any_varying = true,
        Lat::Const(_) => {}
    });
    if any_varying {
        return Lat::Varying;
    }
    if any_undef {
        return Lat::Undef;
    }
    let lookup = |v: Handle<Value>| match get(v) {
        Lat::Const(c) => Some(c),
        _ => None,
    };
    eval(module, op, ty, &lookup).map_or(Lat::Varying, Lat::Const)
}
