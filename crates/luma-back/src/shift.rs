//! Shift counts. Luma takes a shift count modulo 32 (language.md 7.2), so every back end whose
//! target leaves larger counts undefined masks the count with `& 31`, unless the count is
//! already known to lie in `0..=31`.

use luma_base::Handle;
use luma_ir::{BinaryOp, Constant, ConstantValue, Function, Literal, Module, Op, Value, ValueDef};

/// Whether `count`, a value of `func`, is already in `0..=31` without a mask: a bitwise `and`
/// with a constant (not a specialization constant) whose every component is in `0..=31`, as a
/// careful shader writes it (`1u << (lane & 31u)`).
pub fn count_in_range(module: &Module, func: &Function, count: Handle<Value>) -> bool {
    let Some(ValueDef::Op(Op::Binary {
        op: BinaryOp::BitAnd,
        lhs,
        rhs,
    })) = func.values.get(count).map(|v| &v.def)
    else {
        return false;
    };
    [*lhs, *rhs]
        .iter()
        .any(|&side| match func.values.get(side).map(|v| &v.def) {
            Some(ValueDef::Constant(c)) => constant_in_range(module, *c, 0),
            _ => false,
        })
}

/// Whether every component of constant `c` is a known integer in `0..=31`.
fn constant_in_range(module: &Module, c: Handle<Constant>, depth: u32) -> bool {
    // Composite constants of a shift count are vectors: one level of nesting.
    if depth > 1 {
        return false;
    }
    let Some(constant) = module.constants.get(c) else {
        return false;
    };
    if constant.spec_id.is_some() {
        return false;
    }
    match &constant.value {
        ConstantValue::Zero => true,
        ConstantValue::Scalar(Literal::U32(v)) => *v <= 31,
        ConstantValue::Scalar(Literal::I32(v)) => (0..=31).contains(v),
        ConstantValue::Scalar(_) => false,
        ConstantValue::Composite(parts) => parts
            .iter()
            .all(|&part| constant_in_range(module, part, depth + 1)),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    const MODULE: &str = r#"
const c0: u32 = 31
const c1: u32 = 32
const c2: i32 = 7
const c3: i32 = -1
@spec(0) const c4 "MASK": u32 = 31
const c5: vec2<u32> = {c0, c0}
const c6: vec2<u32> = {c0, c1}

fn fn0 "f"("x": u32, "y": i32, "v": vec2<u32>) -> (u32) {
  %0 "x": u32 = param 0
  %1 "y": i32 = param 1
  %2 "v": vec2<u32> = param 2
  %3: u32 = const c0
  %4: u32 = const c1
  %5: i32 = const c2
  %6: i32 = const c3
  %7: u32 = const c4
  %8: vec2<u32> = const c5
  %9: vec2<u32> = const c6
body:
  %10: u32 = bit_and %0, %3
  %11: u32 = bit_and %3, %0
  %12: u32 = bit_and %0, %4
  %13: i32 = bit_and %1, %5
  %14: i32 = bit_and %1, %6
  %15: u32 = bit_and %0, %7
  %16: vec2<u32> = bit_and %2, %8
  %17: vec2<u32> = bit_and %2, %9
  %18: u32 = bit_or %0, %3
  return %10
}
"#;

    #[test]
    fn masks_by_constants_in_range_only() {
        let module = luma_ir::parse::parse_module(MODULE).expect("the module parses");
        let (_, func) = module.functions.iter().next().expect("one function");
        let in_range = |raw: u32| count_in_range(&module, func, Handle::from_index(raw));
        // `x & 31u`, `31u & x`, `y & 7`, `v & uvec2(31u)`.
        assert!(in_range(10));
        assert!(in_range(11));
        assert!(in_range(13));
        assert!(in_range(16));
        // `x & 32u`, `y & -1`, a spec constant mask, a vector with 32, an `or`, a parameter.
        assert!(!in_range(12));
        assert!(!in_range(14));
        assert!(!in_range(15));
        assert!(!in_range(17));
        assert!(!in_range(18));
        assert!(!in_range(0));
    }
}
