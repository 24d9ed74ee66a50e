//! Constant folding: operations whose operands are all constants become constants (see
//! [`crate::eval`] for what is folded and how exactly), and a `select` with a constant `bool`
//! condition becomes the selected operand.

use luma_ir::proc::ConstantInterner;
use luma_ir::{ConstantValue, Function, Literal, Module, Op, StmtKind, TypeInner, ValueDef};

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

/// Constant trees of the values of `f` that are scalar constants (non-specialization; a
/// `select` reads its condition here). Composite constants are built when an operation looks
/// them up (see `fold_function`): most are never looked up.
fn scalar_constant_values(module: &Module, f: &Function) -> Vec<Option<CVal>> {
    f.values
        .iter()
        .map(|(_, v)| match v.def {
            ValueDef::Constant(c) => {
                let scalar = module.constants.get(c).is_some_and(|k| match k.value {
                    ConstantValue::Scalar(_) => true,
                    ConstantValue::Zero => {
                        matches!(module.type_inner(k.ty), Some(TypeInner::Scalar(_)))
                    }
                    ConstantValue::Composite(_) => false,
                });
                if scalar {
                    CVal::of_constant(module, c)
                } else {
                    None
                }
            }
            _ => None,
        })
        .collect()
}

pub(crate) fn fold_function(
    module: &mut Module,
    f: &mut Function,
    interner: &mut ConstantInterner,
) {
    let mut known = scalar_constant_values(module, f);
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
        // A member, element or component of a composite constant is one of its parts: take
        // the part rather than build the whole composite's tree for each read (quadratic for
        // a big constant struct read member by member).
        if let Op::Extract { base, index } = op {
            let part = match values.get(*base).map(|b| &b.def) {
                Some(ValueDef::Constant(c)) => composite_part(module, *c, *index, ty),
                _ => None,
            };
            if let Some((part, tree)) = part {
                if let Some(value) = values.get_mut(v) {
                    value.def = ValueDef::Constant(part);
                }
                if let Some(slot) = known.get_mut(v.index()) {
                    *slot = Some(tree);
                }
                return;
            }
        }
        // A value that is a constant from the start and is not in `known` is a composite (or
        // zero) constant, or one that has no tree; values folded here are in `known`.
        let lookup = |h: luma_base::Handle<luma_ir::Value>| match known.get(h.index()) {
            Some(Some(known)) => Some(known.clone()),
            _ => match values.get(h).map(|v| &v.def) {
                Some(ValueDef::Constant(c)) => CVal::of_constant(module, *c),
                _ => None,
            },
        };
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

/// Part `index` of the composite constant `c` and its tree, when both are plain constants (no
/// specialization constant in them, as [`CVal::of_constant`] requires) and the part has the
/// type `ty` that the extraction gives.
fn composite_part(
    module: &Module,
    c: luma_base::Handle<luma_ir::Constant>,
    index: u32,
    ty: luma_base::Handle<luma_ir::Type>,
) -> Option<(luma_base::Handle<luma_ir::Constant>, CVal)> {
    let constant = module.constants.get(c)?;
    if constant.spec_id.is_some() {
        return None;
    }
    let ConstantValue::Composite(parts) = &constant.value else {
        return None;
    };
    let part = *parts.get(index as usize)?;
    if module.constants.get(part)?.ty != ty {
        return None;
    }
    Some((part, CVal::of_constant(module, part)?))
}
