//! Constant folding: operations whose operands are all constants become constants (see
//! [`crate::eval`] for what is folded and how exactly), and a `select` with a constant `bool`
//! condition becomes the selected operand.

use luma_ir::proc::ConstantInterner;
use luma_ir::{Function, Literal, Module, Op, StmtKind, ValueDef};

use crate::eval::{eval, CVal};
use crate::util::{drop_placements, no_replacements, replace_uses, walk_stmts};

/// Folds every function of `module`.
pub(crate) fn run(module: &mut Module) {
    run_with(module, true);
}

/// [`run`], leaving orphan values in place unless `compact` (the basic pipeline compacts once,
/// after its last pass).
pub(crate) fn run_with(module: &mut Module, compact: bool) {
    let mut interner = ConstantInterner::new();
    crate::util::for_each_function(module, |module, f| {
        fold_function(module, f, &mut interner);
        if compact {
            crate::util::compact_function(f);
        }
    });
}

/// Constant trees of the values of `f` that are constants (non-specialization).
pub(crate) fn constant_values(module: &Module, f: &Function) -> Vec<Option<CVal>> {
    f.values
        .iter()
        .map(|(_, v)| match v.def {
            ValueDef::Constant(c) => CVal::of_constant(module, c),
            _ => None,
        })
        .collect()
}

fn fold_function(module: &mut Module, f: &mut Function, interner: &mut ConstantInterner) {
    let mut known = constant_values(module, f);
    let mut map = no_replacements(f);
    let mut killed = vec![false; f.values.len()];
    let body = f.body;
    // The walk needs only the blocks; the values change as they fold.
    let Function { blocks, values, .. } = &mut *f;
    let blocks: &luma_base::Arena<luma_ir::Block> = blocks;
    walk_stmts(blocks, body, |_, _, stmt| {
        let StmtKind::Value(v) = &stmt.kind else {
            return;
        };
        let v = *v;
        let Some(value) = values.get(v) else {
            return;
        };
        let ValueDef::Op(op) = &value.def else {
            return;
        };
        let ty = value.ty;
        if let Op::Select {
            condition,
            accept,
            reject,
        } = op
        {
            let chosen = match known.get(condition.index()) {
                Some(Some(CVal::Scalar(Literal::Bool(true)))) => Some(*accept),
                Some(Some(CVal::Scalar(Literal::Bool(false)))) => Some(*reject),
                _ => None,
            };
            if let Some(chosen) = chosen {
                if let (Some(slot), Some(k)) = (map.get_mut(v.index()), killed.get_mut(v.index())) {
                    *slot = Some(chosen);
                    *k = true;
                }
                return;
            }
        }
        let lookup = |h: luma_base::Handle<luma_ir::Value>| known.get(h.index()).cloned().flatten();
        let Some(result) = eval(module, op, ty, &lookup) else {
            return;
        };
        let Some(c) = result.intern(module, interner, ty) else {
            return;
        };
        if let Some(value) = values.get_mut(v) {
            value.def = ValueDef::Constant(c);
        }
        if let Some(slot) = known.get_mut(v.index()) {
            *slot = Some(result);
        }
    });
    replace_uses(f, &map);
    drop_placements(f, &killed);
}
