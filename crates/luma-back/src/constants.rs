//! Facts about constant operands that several back ends act on: the literals of a scalar or
//! vector constant, and whether constant `clamp` / `smoothstep` bounds are known to be in order
//! (the targets' own `clamp` is undefined, and WGSL's an error, when they are not; Luma's is
//! `min(max(x, lo), hi)`).

use luma_base::Handle;
use luma_ir::{ConstantValue, Function, Literal, Module, TypeInner, Value, ValueDef};

/// The component literals of `v` when it is a scalar or vector constant known at compile time
/// (not a specialization constant, nor built from one); `None` otherwise.
pub fn constant_literals(
    module: &Module,
    function: &Function,
    v: Handle<Value>,
) -> Option<Vec<Literal>> {
    let ValueDef::Constant(c) = function.values.get(v)?.def else {
        return None;
    };
    let constant = module.constants.get(c)?;
    if constant.spec_id.is_some() {
        return None;
    }
    match &constant.value {
        ConstantValue::Scalar(l) => Some(vec![*l]),
        ConstantValue::Zero => {
            let (scalar, size) = module.type_inner(constant.ty)?.scalar_or_vector()?;
            let zero = luma_ir::proc::zero_literal(scalar)?;
            Some(vec![zero; size.map_or(1, |s| s.count() as usize)])
        }
        ConstantValue::Composite(parts) => {
            if !matches!(module.type_inner(constant.ty)?, TypeInner::Vector { .. }) {
                return None;
            }
            parts
                .iter()
                .map(|&p| match module.constants.get(p) {
                    Some(part) if part.spec_id.is_none() => match part.value {
                        ConstantValue::Scalar(l) => Some(l),
                        _ => None,
                    },
                    _ => None,
                })
                .collect()
        }
    }
}

/// Whether `v` is the integer constant 0 (a texture level that always exists, so the back ends
/// need not clamp it).
pub fn is_integer_zero(module: &Module, function: &Function, v: Handle<Value>) -> bool {
    matches!(
        constant_literals(module, function, v).as_deref(),
        Some([Literal::I32(0) | Literal::U32(0)])
    )
}

/// Whether `divisor` is an integer constant with no component equal to 0 or -1: the only
/// divisors for which Luma's total `/` and `%` (WGSL's rules) differ from the targets' own
/// truncating operators, so with any other constant the back ends write the plain operator
/// instead of a guarded helper.
pub fn is_safe_integer_divisor(
    module: &Module,
    function: &Function,
    divisor: Handle<Value>,
) -> bool {
    constant_literals(module, function, divisor).is_some_and(|literals| {
        literals.iter().all(|l| match l {
            Literal::I32(v) => *v != 0 && *v != -1,
            Literal::U32(v) => *v != 0,
            _ => false,
        })
    })
}

/// Whether `low` and `high` are constants with `low <= high` (`low < high` when `strict`) in
/// every component, a scalar bound standing for each component of a vector one. `false` when
/// either is not a compile-time constant or a comparison is not ordered (NaN).
pub fn bounds_ordered(
    module: &Module,
    function: &Function,
    low: Handle<Value>,
    high: Handle<Value>,
    strict: bool,
) -> bool {
    let (Some(lows), Some(highs)) = (
        constant_literals(module, function, low),
        constant_literals(module, function, high),
    ) else {
        return false;
    };
    if lows.len() != highs.len() && lows.len() != 1 && highs.len() != 1 {
        return false;
    }
    let n = lows.len().max(highs.len());
    (0..n).all(|i| {
        let a = if lows.len() == 1 {
            lows.first()
        } else {
            lows.get(i)
        };
        let b = if highs.len() == 1 {
            highs.first()
        } else {
            highs.get(i)
        };
        let ordering = match (a, b) {
            (Some(Literal::F32(a)), Some(Literal::F32(b))) => a.partial_cmp(b),
            (Some(Literal::F16(a)), Some(Literal::F16(b))) => {
                luma_ir::proc::f16_to_f32(*a).partial_cmp(&luma_ir::proc::f16_to_f32(*b))
            }
            (Some(Literal::I32(a)), Some(Literal::I32(b))) => Some(a.cmp(b)),
            (Some(Literal::U32(a)), Some(Literal::U32(b))) => Some(a.cmp(b)),
            _ => None,
        };
        match ordering {
            Some(std::cmp::Ordering::Less) => true,
            Some(std::cmp::Ordering::Equal) => !strict,
            _ => false,
        }
    })
}

/// The text of Luma's `clamp(x, lo, hi)` in a C-like target whose functions are `{prefix}clamp`,
/// `{prefix}min` and `{prefix}max`, given the arguments and their texts: the target's `clamp`
/// when the bounds are constants in order, `min(max(x, lo), hi)` otherwise (the targets' own
/// `clamp` is undefined when lo > hi). `None` without three arguments.
pub fn clamp_text(
    module: &Module,
    function: &Function,
    args: &[Handle<Value>],
    texts: &[String],
    prefix: &str,
) -> Option<String> {
    let (&[_, lo, hi], [x, lo_text, hi_text]) = (args, texts) else {
        return None;
    };
    Some(if bounds_ordered(module, function, lo, hi, false) {
        format!("{prefix}clamp({x}, {lo_text}, {hi_text})")
    } else {
        format!("{prefix}min({prefix}max({x}, {lo_text}), {hi_text})")
    })
}
