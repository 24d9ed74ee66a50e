//! Algebraic simplification: identities that hold exactly.
//!
//! Integers (scalars and vectors, with splat constants): `x + 0`, `x - 0`, `x * 1`, `x / 1`,
//! `x | 0`, `x ^ 0`, `x & ~0`, `x << 0`, `x >> 0` (counts masked like the op), `x & x`,
//! `x | x` give `x`; `x * 0`, `x & 0`, `x % 1`, `x - x`, `x ^ x` give 0; `x | ~0` gives ~0;
//! `x == x`, `x <= x`, `x >= x` give true and `x != x`, `x < x`, `x > x` false.
//! Floats, only what IEEE 754 makes exact for every `x` (NaN, infinities and the sign of zero
//! included): `x * 1.0`, `x / 1.0`, `x - 0.0` and `x + -0.0` give `x` (`x + 0.0` does not:
//! `-0.0 + 0.0` is `+0.0`; `x * 0.0` does not: NaN and infinities).
//! Bools: `b and true`, `b or false`, `b and b`, `b or b`, `b == true`, `b != false` give `b`;
//! `b and false` gives false, `b or true` true. Double `neg`, `not` and `bit_not` cancel.
//! `select(c, true, false)` is `c`; `select(not c, a, b)` is `select(c, b, a)`.
//! `extract` of a `splat` is the scalar.
//! An `If` whose arms only yield scalars or vectors becomes `select`s.

use luma_base::Handle;
use luma_ir::proc::{zero_literal, ConstantInterner};
use luma_ir::{
    BinaryOp, Block, Function, Literal, Module, Op, Scalar, ScalarKind, Stmt, StmtKind, Type,
    TypeInner, UnaryOp, Value, ValueDef,
};

use crate::eval::CVal;
use crate::util::{
    compact_function, drop_placements, for_each_function, no_replacements, program_order,
    replace_uses, resolve, stmt_at, Event, Pos,
};

/// Runs algebraic simplification on every function.
pub(crate) fn run(module: &mut Module) {
    let mut interner = ConstantInterner::new();
    for_each_function(module, |module, f| {
        simplify(module, f, &mut interner);
        ifs_to_selects(module, f);
        compact_function(f);
    });
}

/// What a value simplifies to.
enum Rewrite {
    /// An existing value (an operand).
    Value(Handle<Value>),
    /// A constant: every component this literal.
    Splat(Literal),
    /// Another op.
    Op(Op),
}

/// The literal every component of constant value `v` equals, if `v` is such a constant.
fn splat_literal(module: &Module, f: &Function, v: Handle<Value>) -> Option<Literal> {
    let ValueDef::Constant(c) = f.values.get(v)?.def else {
        return None;
    };
    match CVal::of_constant(module, c)? {
        CVal::Scalar(l) => Some(l),
        CVal::Composite(parts) => {
            let mut it = parts.iter();
            let first = match it.next()? {
                CVal::Scalar(l) => *l,
                CVal::Composite(_) => return None,
            };
            it.all(|p| *p == CVal::Scalar(first)).then_some(first)
        }
    }
}

fn is_zero(l: Literal) -> bool {
    matches!(l, Literal::I32(0) | Literal::U32(0))
}

fn is_one(l: Literal) -> bool {
    matches!(l, Literal::I32(1) | Literal::U32(1))
}

fn is_ones(l: Literal) -> bool {
    matches!(l, Literal::I32(-1) | Literal::U32(u32::MAX))
}

fn float_bits(l: Literal) -> Option<u32> {
    match l {
        Literal::F32(x) => Some(x.to_bits()),
        Literal::F16(x) => Some(u32::from(x)),
        _ => None,
    }
}

fn is_float_one(l: Literal) -> bool {
    matches!(l, Literal::F32(x) if x == 1.0) || matches!(l, Literal::F16(0x3c00))
}

fn is_float_pos_zero(l: Literal) -> bool {
    float_bits(l) == Some(0)
}

fn is_float_neg_zero(l: Literal) -> bool {
    matches!(l, Literal::F32(x) if x.to_bits() == 0x8000_0000) || matches!(l, Literal::F16(0x8000))
}

fn rewrite(module: &Module, f: &Function, op: &Op, ty: Handle<Type>) -> Option<Rewrite> {
    let inner = module.type_inner(ty)?;
    let scalar = inner.scalar();
    let op_of = |v: Handle<Value>| match f.values.get(v).map(|x| &x.def) {
        Some(ValueDef::Op(op)) => Some(op),
        _ => None,
    };
    let lit = |v: Handle<Value>| splat_literal(module, f, v);
    match op {
        Op::Unary { op, arg } => match op_of(*arg)? {
            Op::Unary {
                op: inner_op,
                arg: x,
            } if inner_op == op => Some(Rewrite::Value(*x)),
            _ => None,
        },
        Op::Binary { op, lhs, rhs } => binary(module, f, *op, *lhs, *rhs, scalar?, &lit),
        Op::Select {
            condition,
            accept,
            reject,
        } => {
            if inner == &TypeInner::Scalar(Scalar::BOOL)
                && lit(*accept) == Some(Literal::Bool(true))
                && lit(*reject) == Some(Literal::Bool(false))
                && module.value_inner(f, *condition) == Some(inner)
            {
                return Some(Rewrite::Value(*condition));
            }
            match op_of(*condition)? {
                Op::Unary {
                    op: UnaryOp::LogicalNot,
                    arg,
                } => Some(Rewrite::Op(Op::Select {
                    condition: *arg,
                    accept: *reject,
                    reject: *accept,
                })),
                _ => None,
            }
        }
        Op::Extract { base, .. } => match op_of(*base)? {
            Op::Splat { value } => Some(Rewrite::Value(*value)),
            _ => None,
        },
        _ => None,
    }
}

fn binary(
    module: &Module,
    f: &Function,
    op: BinaryOp,
    lhs: Handle<Value>,
    rhs: Handle<Value>,
    result: Scalar,
    lit: &dyn Fn(Handle<Value>) -> Option<Literal>,
) -> Option<Rewrite> {
    use BinaryOp as B;
    let operand_scalar = module.value_inner(f, lhs)?.scalar()?;
    let int = matches!(operand_scalar.kind, ScalarKind::Sint | ScalarKind::Uint);
    let float = operand_scalar.kind == ScalarKind::Float;
    let boolean = operand_scalar.kind == ScalarKind::Bool;
    let (l, r) = (lit(lhs), lit(rhs));
    let same = lhs == rhs;
    let zero = zero_literal(operand_scalar)?;
    let ones = match operand_scalar.kind {
        ScalarKind::Sint => Literal::I32(-1),
        _ => Literal::U32(u32::MAX),
    };
    let keep = |v: Handle<Value>| Some(Rewrite::Value(v));
    let constant = |l: Literal| Some(Rewrite::Splat(l));
    let test = |p: &dyn Fn(Literal) -> bool, x: Option<Literal>| x.is_some_and(p);
    if int {
        return match op {
            B::Add if test(&is_zero, r) => keep(lhs),
            B::Add if test(&is_zero, l) => keep(rhs),
            B::Subtract if test(&is_zero, r) => keep(lhs),
            B::Subtract if same => constant(zero),
            B::Multiply if test(&is_one, r) => keep(lhs),
            B::Multiply if test(&is_one, l) => keep(rhs),
            B::Multiply if test(&is_zero, r) || test(&is_zero, l) => constant(zero),
            B::Divide if test(&is_one, r) => keep(lhs),
            B::Remainder if test(&is_one, r) => constant(zero),
            B::BitAnd if test(&is_zero, r) || test(&is_zero, l) => constant(zero),
            B::BitAnd if test(&is_ones, r) => keep(lhs),
            B::BitAnd if test(&is_ones, l) => keep(rhs),
            B::BitAnd | B::BitOr if same => keep(lhs),
            B::BitOr if test(&is_zero, r) => keep(lhs),
            B::BitOr if test(&is_zero, l) => keep(rhs),
            B::BitOr if test(&is_ones, r) || test(&is_ones, l) => constant(ones),
            B::BitXor if test(&is_zero, r) => keep(lhs),
            B::BitXor if test(&is_zero, l) => keep(rhs),
            B::BitXor if same => constant(zero),
            B::ShiftLeft | B::ShiftRight
                if r.is_some_and(|c| matches!(c, Literal::U32(n) if n & 31 == 0)) =>
            {
                keep(lhs)
            }
            B::Equal | B::LessEqual | B::GreaterEqual if same && result == Scalar::BOOL => {
                constant(Literal::Bool(true))
            }
            B::NotEqual | B::Less | B::Greater if same && result == Scalar::BOOL => {
                constant(Literal::Bool(false))
            }
            _ => None,
        };
    }
    if float {
        return match op {
            B::Multiply if test(&is_float_one, r) => keep(lhs),
            B::Multiply if test(&is_float_one, l) => keep(rhs),
            B::Divide if test(&is_float_one, r) => keep(lhs),
            B::Subtract if test(&is_float_pos_zero, r) => keep(lhs),
            B::Add if test(&is_float_neg_zero, r) => keep(lhs),
            B::Add if test(&is_float_neg_zero, l) => keep(rhs),
            _ => None,
        };
    }
    if boolean {
        let t = |x: Option<Literal>| x == Some(Literal::Bool(true));
        let fl = |x: Option<Literal>| x == Some(Literal::Bool(false));
        return match op {
            B::LogicalAnd if t(r) => keep(lhs),
            B::LogicalAnd if t(l) => keep(rhs),
            B::LogicalAnd if fl(r) || fl(l) => constant(Literal::Bool(false)),
            B::LogicalOr if fl(r) => keep(lhs),
            B::LogicalOr if fl(l) => keep(rhs),
            B::LogicalOr if t(r) || t(l) => constant(Literal::Bool(true)),
            B::LogicalAnd | B::LogicalOr if same => keep(lhs),
            B::Equal if t(r) => keep(lhs),
            B::Equal if t(l) => keep(rhs),
            B::NotEqual if fl(r) => keep(lhs),
            B::NotEqual if fl(l) => keep(rhs),
            _ => None,
        };
    }
    None
}

fn simplify(module: &mut Module, f: &mut Function, interner: &mut ConstantInterner) {
    let mut map = no_replacements(f);
    let mut killed = vec![false; f.values.len()];
    for event in program_order(f) {
        let Event::Stmt(b, i) = event else { continue };
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
        let ty = *ty;
        // Earlier rewrites apply to this op's operands first.
        let mut op = op.clone();
        op.for_each_operand_mut(|o| *o = resolve(&map, *o));
        let Some(rw) = rewrite(module, f, &op, ty) else {
            continue;
        };
        match rw {
            Rewrite::Value(x) => {
                let to = resolve(&map, x);
                if let (Some(slot), Some(k)) = (map.get_mut(v.index()), killed.get_mut(v.index())) {
                    *slot = Some(to);
                    *k = true;
                }
            }
            Rewrite::Splat(l) => {
                let value = match module.type_inner(ty) {
                    Some(TypeInner::Vector { size, .. }) => {
                        CVal::Composite(vec![CVal::Scalar(l); size.count() as usize])
                    }
                    _ => CVal::Scalar(l),
                };
                if let Some(c) = value.intern(module, interner, ty) {
                    if let Some(x) = f.values.get_mut(v) {
                        x.def = ValueDef::Constant(c);
                    }
                }
            }
            Rewrite::Op(new) => {
                if let Some(x) = f.values.get_mut(v) {
                    x.def = ValueDef::Op(new);
                }
            }
        }
    }
    replace_uses(f, &map);
    drop_placements(f, &killed);
}

/// Turns `if c { yield a... } else { yield b... }`, whose arms do nothing else and whose
/// results are scalars or vectors, into one `select` per result.
fn ifs_to_selects(module: &Module, f: &mut Function) {
    let mut candidates: Vec<Pos> = Vec::new();
    for event in program_order(f) {
        let Event::Stmt(b, i) = event else { continue };
        let Some(StmtKind::If {
            accept,
            reject,
            results,
            ..
        }) = stmt_at(f, b, i).map(|s| &s.kind)
        else {
            continue;
        };
        let only_yield = |arm: Handle<Block>| {
            f.blocks.get(arm).is_some_and(|a| {
                matches!(
                    a.stmts.as_slice(),
                    [Stmt {
                        kind: StmtKind::Yield(_),
                        ..
                    }]
                )
            })
        };
        let selectable = results.iter().all(|r| {
            module
                .value_inner(f, *r)
                .is_some_and(TypeInner::is_scalar_or_vector)
        });
        if only_yield(*accept) && only_yield(*reject) && selectable && !results.is_empty() {
            candidates.push((b, i));
        }
    }
    // Later positions first, so earlier indices stay valid.
    candidates.sort_by(|a, b| b.cmp(a));
    let mut map = no_replacements(f);
    for (b, i) in candidates {
        let Some(Stmt {
            kind:
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                },
            loc,
        }) = stmt_at(f, b, i).cloned()
        else {
            continue;
        };
        let args = |arm: Handle<Block>| match f.blocks.get(arm).and_then(|a| a.stmts.first()) {
            Some(Stmt {
                kind: StmtKind::Yield(args),
                ..
            }) => args.clone(),
            _ => Vec::new(),
        };
        let (yes, no) = (args(accept), args(reject));
        // `If` conditions are bool scalars, which select whole values of any scalar or vector.
        if module.value_inner(f, condition) != Some(&TypeInner::Scalar(Scalar::BOOL))
            || yes.len() != results.len()
            || no.len() != results.len()
        {
            continue;
        }
        let mut stmts = Vec::new();
        for ((r, a), n) in results.iter().zip(&yes).zip(&no) {
            let Some(value) = f.values.get(*r) else {
                continue;
            };
            let (ty, name) = (value.ty, value.name);
            let select = f.values.append(Value {
                ty,
                def: ValueDef::Op(Op::Select {
                    condition,
                    accept: *a,
                    reject: *n,
                }),
                name,
            });
            if let Some(slot) = map.get_mut(r.index()) {
                *slot = Some(select);
            }
            stmts.push(Stmt {
                kind: StmtKind::Value(select),
                loc,
            });
        }
        if let Some(block) = f.blocks.get_mut(b) {
            if i < block.stmts.len() {
                block.stmts.splice(i..=i, stmts);
            }
        }
    }
    map.resize(f.values.len(), None);
    replace_uses(f, &map);
}
