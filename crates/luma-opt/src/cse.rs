//! Common subexpression elimination: a pure op that repeats an op of the same type on the same
//! operands, where the first one is visible (earlier in the same block or in an enclosing
//! block: structured dominance), is replaced by the first. Operands of commutative operators are
//! compared in either order. Loads are merged only from memory nothing writes (uniform and
//! push-constant blocks, read-only storage, textures); other memory may change in between.
//! Access chains that differ only in their `non_uniform` marker merge, and the one kept is
//! marked when either was: a needless marker costs speed, a lost one gives wrong texels.

use luma_base::Handle;
use luma_ir::{BinaryOp, Function, Module, Op, StmtKind, Type, Value, ValueDef};
use rustc_hash::FxHashMap;

use crate::util::{
    compact_function, drop_placements, for_each_function, is_removable, no_replacements,
    program_order, replace_uses, resolve, stmt_at, Event,
};

/// Runs CSE on every function.
pub(crate) fn run(module: &mut Module) {
    for_each_function(module, |module, f| eliminate(module, f));
}

fn commutative(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add
            | BinaryOp::Multiply
            | BinaryOp::BitAnd
            | BinaryOp::BitOr
            | BinaryOp::BitXor
            | BinaryOp::Equal
            | BinaryOp::NotEqual
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr
    )
}

/// A key that equal ops share: the result type and the op with resolved, ordered operands.
fn key(op: &Op, ty: Handle<Type>, map: &[Option<Handle<Value>>]) -> (Handle<Type>, String) {
    let mut op = op.clone();
    op.for_each_operand_mut(|o| *o = resolve(map, *o));
    match &mut op {
        Op::Binary { op: bin, lhs, rhs } if commutative(*bin) && *rhs < *lhs => {
            std::mem::swap(lhs, rhs);
        }
        Op::AccessChain { non_uniform, .. } => *non_uniform = false,
        _ => {}
    }
    // The Debug text names every field and handle, so equal text means equal ops.
    (ty, format!("{op:?}"))
}

fn eliminate(module: &Module, f: &mut Function) {
    let mut map = no_replacements(f);
    let mut killed = vec![false; f.values.len()];
    let mut table: FxHashMap<(Handle<Type>, String), Handle<Value>> = FxHashMap::default();
    // Keys added in each open block, removed when the block closes.
    let mut scopes: Vec<Vec<(Handle<Type>, String)>> = Vec::new();
    // Kept access chains that a merged non-uniform one marks.
    let mut marked: Vec<Handle<Value>> = Vec::new();
    for event in program_order(f) {
        match event {
            Event::Enter(_) => scopes.push(Vec::new()),
            Event::Leave(_) => {
                for k in scopes.pop().unwrap_or_default() {
                    table.remove(&k);
                }
            }
            Event::Stmt(b, i) => {
                let Some(StmtKind::Value(v)) = stmt_at(f, b, i).map(|s| &s.kind) else {
                    continue;
                };
                let v = *v;
                let Some(Value {
                    def: ValueDef::Op(op),
                    ty,
                    ..
                }) = f.values.get(v)
                else {
                    continue;
                };
                if !is_removable(module, f, op) {
                    continue;
                }
                let k = key(op, *ty, &map);
                match table.get(&k) {
                    Some(&first) => {
                        if matches!(
                            op,
                            Op::AccessChain {
                                non_uniform: true,
                                ..
                            }
                        ) {
                            marked.push(first);
                        }
                        if let (Some(slot), Some(flag)) =
                            (map.get_mut(v.index()), killed.get_mut(v.index()))
                        {
                            *slot = Some(first);
                            *flag = true;
                        }
                    }
                    None => {
                        table.insert(k.clone(), v);
                        if let Some(scope) = scopes.last_mut() {
                            scope.push(k);
                        }
                    }
                }
            }
        }
    }
    for v in marked {
        if let Some(Value {
            def: ValueDef::Op(Op::AccessChain { non_uniform, .. }),
            ..
        }) = f.values.get_mut(v)
        {
            *non_uniform = true;
        }
    }
    replace_uses(f, &map);
    drop_placements(f, &killed);
    compact_function(f);
}
