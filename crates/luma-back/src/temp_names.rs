//! What a text back end calls a temporary that holds no source variable: the function it calls,
//! `texel` for what it reads from an image, or what it loads, so every text target names the
//! same value alike (`float width = params.width;`, not `e_3` on one target and `t` on another).

use luma_base::Handle;
use luma_ir::{Function, Literal, Module, Op, TypeInner, Value, ValueDef};

use crate::constants::constant_literals;

/// The base of the name of a temporary for `value`, when it holds no source variable: the
/// callee's name, `texel` for an image sample, fetch or load, and for a load the variable or
/// the struct member at the end of its access chain (`params.width` gives `width`). `None` for
/// anything else: each back end keeps its own fallback.
pub fn temp_base(module: &Module, function: &Function, value: Handle<Value>) -> Option<String> {
    let ValueDef::Op(op) = &function.values.get(value)?.def else {
        return None;
    };
    match op {
        Op::Call { function: f, .. } => module.functions.get(*f).map(|f| f.name.clone()),
        Op::ImageSample { .. } | Op::ImageFetch { .. } | Op::ImageLoad { .. } => {
            Some("texel".into())
        }
        Op::Load { pointer } => load_name(module, function, *pointer),
        _ => None,
    }
}

/// What a load through `pointer` reads, as a name: the variable, or the struct member at the
/// end of the access chain.
fn load_name(module: &Module, function: &Function, pointer: Handle<Value>) -> Option<String> {
    match &function.values.get(pointer)?.def {
        ValueDef::GlobalPointer(g) => Some(module.globals.get(*g)?.name.clone()),
        ValueDef::LocalPointer(l) => function.locals.get(*l)?.name.clone(),
        ValueDef::Op(Op::AccessChain { base, indices, .. }) => {
            let base_ty = function.values.get(*base)?.ty;
            let TypeInner::Pointer {
                base: mut current, ..
            } = module.types.get(base_ty)?.inner
            else {
                return None;
            };
            let member = |index: Handle<Value>| -> Option<usize> {
                match constant_literals(module, function, index)?.as_slice() {
                    [Literal::U32(i)] => usize::try_from(*i).ok(),
                    [Literal::I32(i)] => usize::try_from(*i).ok(),
                    _ => None,
                }
            };
            let (last, rest) = indices.split_last()?;
            for &index in rest {
                current = match &module.types.get(current)?.inner {
                    TypeInner::Struct { members } => members.get(member(index)?)?.ty,
                    TypeInner::Array { base, .. } => *base,
                    _ => return None,
                };
            }
            match &module.types.get(current)?.inner {
                TypeInner::Struct { members } => Some(members.get(member(*last)?)?.name.clone()),
                _ => None,
            }
        }
        _ => None,
    }
}
