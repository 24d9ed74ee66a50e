//! Scalar operators, conversions and math builtins with the IR's meaning: integers wrap, division
//! by zero gives `x` (remainder 0), shift counts are masked, `mod` floors, `round` goes to even.

use luma_ir::{BinaryOp, MathFunction, Scalar, ScalarKind, UnaryOp};

use crate::{map1, map2_broadcast, R, V};

/// A unary operator on one scalar.
pub fn unary(op: UnaryOp, x: &V) -> R<V> {
    Ok(match (op, x) {
        (UnaryOp::Negate, V::I(v)) => V::I(v.wrapping_neg()),
        (UnaryOp::Negate, V::F(v)) => V::F(-v),
        (UnaryOp::LogicalNot, V::B(b)) => V::B(!b),
        (UnaryOp::BitNot, V::I(v)) => V::I(!v),
        (UnaryOp::BitNot, V::U(v)) => V::U(!v),
        _ => return Err(format!("{op:?} on {x:?}")),
    })
}

/// A binary operator on two scalars.
pub fn binary(op: BinaryOp, a: &V, b: &V) -> R<V> {
    use BinaryOp as O;
    if matches!(op, O::ShiftLeft | O::ShiftRight) {
        let count = match b {
            V::U(y) => y & 31,
            V::I(y) => (*y as u32) & 31,
            _ => return Err(format!("shift count {b:?}")),
        };
        return Ok(match (op, a) {
            (O::ShiftLeft, V::I(x)) => V::I(x.wrapping_shl(count)),
            (O::ShiftRight, V::I(x)) => V::I(x >> count),
            (O::ShiftLeft, V::U(x)) => V::U(x.wrapping_shl(count)),
            (O::ShiftRight, V::U(x)) => V::U(x >> count),
            _ => return Err(format!("{op:?} of {a:?}")),
        });
    }
    Ok(match (a, b) {
        (V::I(x), V::I(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::I(x.wrapping_add(y)),
                O::Subtract => V::I(x.wrapping_sub(y)),
                O::Multiply => V::I(x.wrapping_mul(y)),
                O::Divide => V::I(if y == 0 || (x == i32::MIN && y == -1) {
                    x
                } else {
                    x / y
                }),
                O::Remainder => V::I(if y == 0 || (x == i32::MIN && y == -1) {
                    0
                } else {
                    x % y
                }),
                O::BitAnd => V::I(x & y),
                O::BitOr => V::I(x | y),
                O::BitXor => V::I(x ^ y),
                _ => compare(op, x.cmp(&y))?,
            }
        }
        (V::U(x), V::U(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::U(x.wrapping_add(y)),
                O::Subtract => V::U(x.wrapping_sub(y)),
                O::Multiply => V::U(x.wrapping_mul(y)),
                O::Divide => V::U(x.checked_div(y).unwrap_or(x)),
                O::Remainder => V::U(x.checked_rem(y).unwrap_or(0)),
                O::BitAnd => V::U(x & y),
                O::BitOr => V::U(x | y),
                O::BitXor => V::U(x ^ y),
                _ => compare(op, x.cmp(&y))?,
            }
        }
        (V::F(x), V::F(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::F(x + y),
                O::Subtract => V::F(x - y),
                O::Multiply => V::F(x * y),
                O::Divide => V::F(x / y),
                O::Remainder => V::F(x - y * (x / y).trunc()),
                O::Equal => V::B(x == y),
                O::NotEqual => V::B(x != y),
                O::Less => V::B(x < y),
                O::LessEqual => V::B(x <= y),
                O::Greater => V::B(x > y),
                O::GreaterEqual => V::B(x >= y),
                _ => return Err(format!("{op:?} on floats")),
            }
        }
        (V::B(x), V::B(y)) => match op {
            O::LogicalAnd => V::B(*x && *y),
            O::LogicalOr => V::B(*x || *y),
            O::Equal => V::B(x == y),
            O::NotEqual => V::B(x != y),
            _ => return Err(format!("{op:?} on bools")),
        },
        _ => return Err(format!("{op:?} on {a:?} and {b:?}")),
    })
}

fn compare(op: BinaryOp, ord: std::cmp::Ordering) -> R<V> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    use BinaryOp as O;
    Ok(V::B(match op {
        O::Equal => ord == Equal,
        O::NotEqual => ord != Equal,
        O::Less => ord == Less,
        O::LessEqual => ord != Greater,
        O::Greater => ord == Greater,
        O::GreaterEqual => ord != Less,
        _ => return Err(format!("{op:?} is not an integer operator")),
    }))
}

/// A value conversion of one scalar to `to`'s kind (`Op::Convert`): float to integer truncates
/// (saturating where the IR leaves the result unspecified), integers of one width keep their
/// bits, numbers to bool test `!= 0`, bool to numbers is 1 or 0.
pub fn convert(x: &V, to: Scalar) -> R<V> {
    Ok(match (to.kind, x) {
        (ScalarKind::Sint, V::I(v)) => V::I(*v),
        (ScalarKind::Sint, V::U(v)) => V::I(*v as i32),
        (ScalarKind::Sint, V::F(v)) => V::I(*v as i32),
        (ScalarKind::Sint, V::B(b)) => V::I(i32::from(*b)),
        (ScalarKind::Uint, V::I(v)) => V::U(*v as u32),
        (ScalarKind::Uint, V::U(v)) => V::U(*v),
        (ScalarKind::Uint, V::F(v)) => V::U(*v as u32),
        (ScalarKind::Uint, V::B(b)) => V::U(u32::from(*b)),
        (ScalarKind::Float, V::I(v)) => V::F(*v as f32),
        (ScalarKind::Float, V::U(v)) => V::F(*v as f32),
        (ScalarKind::Float, V::F(v)) => V::F(if to.width == 2 {
            luma_ir::proc::f16_to_f32(luma_ir::proc::f32_to_f16(*v))
        } else {
            *v
        }),
        (ScalarKind::Float, V::B(b)) => V::F(if *b { 1.0 } else { 0.0 }),
        (ScalarKind::Bool, V::I(v)) => V::B(*v != 0),
        (ScalarKind::Bool, V::U(v)) => V::B(*v != 0),
        (ScalarKind::Bool, V::F(v)) => V::B(*v != 0.0),
        (ScalarKind::Bool, V::B(b)) => V::B(*b),
        (_, other) => return Err(format!("convert {other:?}")),
    })
}

fn arg(a: &[V], i: usize) -> R<&V> {
    a.get(i).ok_or_else(|| format!("missing argument {i}"))
}

fn f1(x: &V, f: &dyn Fn(f32) -> f32) -> R<V> {
    map1(x, &|v| match v {
        V::F(p) => Ok(V::F(f(*p))),
        other => Err(format!("expected a float, got {other:?}")),
    })
}

fn f2(x: &V, y: &V, f: &dyn Fn(f32, f32) -> f32) -> R<V> {
    map2_broadcast(x, y, &|p, q| match (p, q) {
        (V::F(p), V::F(q)) => Ok(V::F(f(*p, *q))),
        _ => Err(format!("expected floats, got {p:?} and {q:?}")),
    })
}

/// Componentwise three-argument float function, broadcasting scalars.
fn tri(x: &V, y: &V, z: &V, f: &dyn Fn(f32, f32, f32) -> f32) -> R<V> {
    let n = [x, y, z]
        .iter()
        .filter_map(|v| v.parts().map(<[V]>::len))
        .max();
    let at = |v: &V, i: usize| -> R<f32> {
        match v {
            V::C(parts) => parts
                .get(i)
                .and_then(V::as_f32)
                .ok_or_else(|| format!("component {i} of {v:?}")),
            V::F(s) => Ok(*s),
            other => Err(format!("expected a float, got {other:?}")),
        }
    };
    match n {
        None => Ok(V::F(f(at(x, 0)?, at(y, 0)?, at(z, 0)?))),
        Some(n) => Ok(V::C(
            (0..n)
                .map(|i| Ok(V::F(f(at(x, i)?, at(y, i)?, at(z, i)?))))
                .collect::<R<_>>()?,
        )),
    }
}

fn vecf(v: &V) -> R<Vec<f32>> {
    match v {
        V::C(parts) => parts
            .iter()
            .map(|p| {
                p.as_f32()
                    .ok_or_else(|| format!("expected a float, got {p:?}"))
            })
            .collect(),
        V::F(x) => Ok(vec![*x]),
        other => Err(format!("expected a float vector, got {other:?}")),
    }
}

fn from_vecf(xs: Vec<f32>, scalar: bool) -> V {
    if scalar {
        V::F(xs.first().copied().unwrap_or(0.0))
    } else {
        V::C(xs.into_iter().map(V::F).collect())
    }
}

fn dotf(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn clamp_num(x: &V, lo: &V, hi: &V) -> R<V> {
    let low = minmax(x, lo, false)?;
    minmax(&low, hi, true)
}

fn minmax(x: &V, y: &V, min: bool) -> R<V> {
    map2_broadcast(x, y, &|p, q| {
        Ok(match (p, q) {
            (V::I(a), V::I(b)) => V::I(if min { *a.min(b) } else { *a.max(b) }),
            (V::U(a), V::U(b)) => V::U(if min { *a.min(b) } else { *a.max(b) }),
            (V::F(a), V::F(b)) => V::F(if min { a.min(*b) } else { a.max(*b) }),
            _ => return Err(format!("min/max of {p:?} and {q:?}")),
        })
    })
}

fn ints(x: &V, fi: &dyn Fn(i32) -> i32, fu: &dyn Fn(u32) -> u32) -> R<V> {
    map1(x, &|v| match v {
        V::I(p) => Ok(V::I(fi(*p))),
        V::U(p) => Ok(V::U(fu(*p))),
        other => Err(format!("expected an integer, got {other:?}")),
    })
}

/// The `u32` offset and count of `extract_bits` / `insert_bits`.
fn field_args(offset: &V, count: &V) -> R<(u32, u32)> {
    match (offset, count) {
        (V::U(o), V::U(c)) => Ok((*o, *c)),
        _ => Err(format!("bit field offset {offset:?} and count {count:?}")),
    }
}

fn first_leading_signed(x: i32) -> i32 {
    // The first bit, from the top, that differs from the sign bit.
    let bits = if x < 0 { !x } else { x } as u32;
    if bits == 0 {
        -1
    } else {
        31 - bits.leading_zeros() as i32
    }
}

fn first_leading_unsigned(x: u32) -> u32 {
    if x == 0 {
        u32::MAX
    } else {
        31 - x.leading_zeros()
    }
}

fn first_trailing(x: u32) -> u32 {
    if x == 0 {
        u32::MAX
    } else {
        x.trailing_zeros()
    }
}

/// `floor(0.5 + v)`: how the pack builtins round (WGSL's definition).
fn pack_round(v: f32) -> f32 {
    (0.5 + v).floor()
}

fn pack(fun: MathFunction, xs: &[f32]) -> R<u32> {
    let get = |i: usize| xs.get(i).copied().unwrap_or(0.0);
    Ok(match fun {
        MathFunction::Pack4x8Unorm => (0..4).fold(0u32, |acc, i| {
            let q = pack_round(get(i).clamp(0.0, 1.0) * 255.0) as u32;
            acc | ((q & 0xff) << (8 * i))
        }),
        MathFunction::Pack4x8Snorm => (0..4).fold(0u32, |acc, i| {
            let q = pack_round(get(i).clamp(-1.0, 1.0) * 127.0) as i32;
            acc | (((q as u32) & 0xff) << (8 * i))
        }),
        MathFunction::Pack2x16Unorm => (0..2).fold(0u32, |acc, i| {
            let q = pack_round(get(i).clamp(0.0, 1.0) * 65535.0) as u32;
            acc | ((q & 0xffff) << (16 * i))
        }),
        MathFunction::Pack2x16Snorm => (0..2).fold(0u32, |acc, i| {
            let q = pack_round(get(i).clamp(-1.0, 1.0) * 32767.0) as i32;
            acc | (((q as u32) & 0xffff) << (16 * i))
        }),
        MathFunction::Pack2x16Float => (0..2).fold(0u32, |acc, i| {
            acc | (u32::from(luma_ir::proc::f32_to_f16(get(i))) << (16 * i))
        }),
        other => return Err(format!("{other:?} is not a pack function")),
    })
}

fn unpack(fun: MathFunction, w: u32) -> R<Vec<f32>> {
    let byte = |i: u32| (w >> (8 * i)) & 0xff;
    let half = |i: u32| (w >> (16 * i)) & 0xffff;
    Ok(match fun {
        MathFunction::Unpack4x8Unorm => (0..4).map(|i| byte(i) as f32 / 255.0).collect(),
        MathFunction::Unpack4x8Snorm => (0..4)
            .map(|i| (f32::from(byte(i) as u8 as i8) / 127.0).max(-1.0))
            .collect(),
        MathFunction::Unpack2x16Unorm => (0..2).map(|i| half(i) as f32 / 65535.0).collect(),
        MathFunction::Unpack2x16Snorm => (0..2)
            .map(|i| (f32::from(half(i) as u16 as i16) / 32767.0).max(-1.0))
            .collect(),
        MathFunction::Unpack2x16Float => (0..2)
            .map(|i| luma_ir::proc::f16_to_f32(half(i) as u16))
            .collect(),
        other => return Err(format!("{other:?} is not an unpack function")),
    })
}

fn determinant(m: &[Vec<f32>]) -> R<f32> {
    let at = |c: usize, r: usize| -> R<f32> {
        m.get(c)
            .and_then(|col| col.get(r))
            .copied()
            .ok_or_else(|| "matrix element out of range".to_string())
    };
    match m.len() {
        2 => Ok(at(0, 0)? * at(1, 1)? - at(1, 0)? * at(0, 1)?),
        3 => Ok(at(0, 0)? * (at(1, 1)? * at(2, 2)? - at(2, 1)? * at(1, 2)?)
            - at(1, 0)? * (at(0, 1)? * at(2, 2)? - at(2, 1)? * at(0, 2)?)
            + at(2, 0)? * (at(0, 1)? * at(1, 2)? - at(1, 1)? * at(0, 2)?)),
        4 => {
            let mut sum = 0.0;
            for c in 0..4 {
                let minor: Vec<Vec<f32>> = (0..4)
                    .filter(|k| *k != c)
                    .map(|k| (1..4).map(|r| at(k, r)).collect::<R<Vec<f32>>>())
                    .collect::<R<_>>()?;
                let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
                sum += sign * at(c, 0)? * determinant(&minor)?;
            }
            Ok(sum)
        }
        n => Err(format!("determinant of a {n}x{n} matrix")),
    }
}

fn inverse(m: &[Vec<f32>]) -> R<Vec<Vec<f32>>> {
    let n = m.len();
    let det = determinant(m)?;
    let mut out = vec![vec![0.0f32; n]; n];
    for (c, col) in out.iter_mut().enumerate() {
        for (r, slot) in col.iter_mut().enumerate() {
            // inverse[c][r] = cofactor(r, c) / det (the adjugate is the cofactor transpose).
            let minor: Vec<Vec<f32>> = (0..n)
                .filter(|k| *k != r)
                .map(|k| {
                    let src = m.get(k).ok_or("matrix column out of range")?;
                    Ok((0..n)
                        .filter(|j| *j != c)
                        .map(|j| src.get(j).copied().unwrap_or(0.0))
                        .collect())
                })
                .collect::<R<_>>()?;
            let cof = if n == 1 { 1.0 } else { determinant(&minor)? };
            let sign = if (r + c) % 2 == 0 { 1.0 } else { -1.0 };
            *slot = sign * cof / det;
        }
    }
    Ok(out)
}

fn matrix(v: &V) -> R<Vec<Vec<f32>>> {
    match v {
        V::C(cols) => cols.iter().map(vecf).collect(),
        other => Err(format!("expected a matrix, got {other:?}")),
    }
}

fn from_matrix(m: Vec<Vec<f32>>) -> V {
    V::C(m.into_iter().map(|c| from_vecf(c, false)).collect())
}

/// A math builtin (`Op::Math`) on its arguments.
pub fn math(fun: MathFunction, a: &[V]) -> R<V> {
    use MathFunction as M;
    let x = arg(a, 0)?;
    match fun {
        M::Abs => map1(x, &|v| {
            Ok(match v {
                V::I(p) => V::I(p.wrapping_abs()),
                V::U(p) => V::U(*p),
                V::F(p) => V::F(p.abs()),
                other => return Err(format!("abs of {other:?}")),
            })
        }),
        M::Sign => map1(x, &|v| {
            Ok(match v {
                V::I(p) => V::I(p.signum()),
                V::F(p) => V::F(if *p > 0.0 {
                    1.0
                } else if *p < 0.0 {
                    -1.0
                } else {
                    *p
                }),
                other => return Err(format!("sign of {other:?}")),
            })
        }),
        M::Floor => f1(x, &f32::floor),
        M::Ceil => f1(x, &f32::ceil),
        M::Round => f1(x, &f32::round_ties_even),
        M::Trunc => f1(x, &f32::trunc),
        M::Fract => f1(x, &|p| p - p.floor()),
        M::Mod => f2(x, arg(a, 1)?, &|p, q| p - q * (p / q).floor()),
        M::Min => minmax(x, arg(a, 1)?, true),
        M::Max => minmax(x, arg(a, 1)?, false),
        M::Clamp => clamp_num(x, arg(a, 1)?, arg(a, 2)?),
        M::Saturate => f1(x, &|p| p.clamp(0.0, 1.0)),
        M::Mix => tri(x, arg(a, 1)?, arg(a, 2)?, &|p, q, t| p * (1.0 - t) + q * t),
        M::Step => f2(x, arg(a, 1)?, &|edge, p| if p < edge { 0.0 } else { 1.0 }),
        M::SmoothStep => tri(x, arg(a, 1)?, arg(a, 2)?, &|lo, hi, p| {
            let t = ((p - lo) / (hi - lo)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        }),
        M::Sqrt => f1(x, &f32::sqrt),
        M::InverseSqrt => f1(x, &|p| 1.0 / p.sqrt()),
        M::Pow => f2(x, arg(a, 1)?, &f32::powf),
        M::Exp => f1(x, &f32::exp),
        M::Exp2 => f1(x, &f32::exp2),
        M::Log => f1(x, &f32::ln),
        M::Log2 => f1(x, &f32::log2),
        M::Sin => f1(x, &f32::sin),
        M::Cos => f1(x, &f32::cos),
        M::Tan => f1(x, &f32::tan),
        M::Asin => f1(x, &f32::asin),
        M::Acos => f1(x, &f32::acos),
        M::Atan => f1(x, &f32::atan),
        M::Atan2 => f2(x, arg(a, 1)?, &f32::atan2),
        M::Sinh => f1(x, &f32::sinh),
        M::Cosh => f1(x, &f32::cosh),
        M::Tanh => f1(x, &f32::tanh),
        M::Asinh => f1(x, &f32::asinh),
        M::Acosh => f1(x, &f32::acosh),
        M::Atanh => f1(x, &f32::atanh),
        M::Radians => f1(x, &f32::to_radians),
        M::Degrees => f1(x, &f32::to_degrees),
        M::Fma => tri(x, arg(a, 1)?, arg(a, 2)?, &f32::mul_add),
        M::Ldexp => map2_broadcast(x, arg(a, 1)?, &|p, q| match (p, q) {
            // Exact in f64 (powers of two up to 2^±400), then rounded once to f32; past
            // ±400 the result is 0 or infinity either way.
            (V::F(p), V::I(k)) => Ok(V::F(
                (f64::from(*p) * 2f64.powi((*k).clamp(-400, 400))) as f32,
            )),
            _ => Err(format!("ldexp of {p:?} and {q:?}")),
        }),
        M::Length => {
            let v = vecf(x)?;
            Ok(V::F(dotf(&v, &v).sqrt()))
        }
        M::Distance => {
            let (p, q) = (vecf(x)?, vecf(arg(a, 1)?)?);
            let d: Vec<f32> = p.iter().zip(&q).map(|(s, t)| s - t).collect();
            Ok(V::F(dotf(&d, &d).sqrt()))
        }
        M::Dot => {
            let (p, q) = (vecf(x)?, vecf(arg(a, 1)?)?);
            Ok(V::F(dotf(&p, &q)))
        }
        M::Cross => {
            let (p, q) = (vecf(x)?, vecf(arg(a, 1)?)?);
            let (Some(&[p0, p1, p2]), Some(&[q0, q1, q2])) = (p.get(..3), q.get(..3)) else {
                return Err("cross of non-3-vectors".into());
            };
            Ok(from_vecf(
                vec![p1 * q2 - q1 * p2, p2 * q0 - q2 * p0, p0 * q1 - q0 * p1],
                false,
            ))
        }
        M::Normalize => {
            let v = vecf(x)?;
            let len = dotf(&v, &v).sqrt();
            Ok(from_vecf(
                v.iter().map(|c| c / len).collect(),
                x.parts().is_none(),
            ))
        }
        M::Reflect => {
            let (i, n) = (vecf(x)?, vecf(arg(a, 1)?)?);
            let d = dotf(&n, &i);
            Ok(from_vecf(
                i.iter().zip(&n).map(|(p, q)| p - 2.0 * d * q).collect(),
                x.parts().is_none(),
            ))
        }
        M::Refract => {
            let (i, n) = (vecf(x)?, vecf(arg(a, 1)?)?);
            let eta = arg(a, 2)?.as_f32().ok_or("refract eta is not a float")?;
            let d = dotf(&n, &i);
            let k = 1.0 - eta * eta * (1.0 - d * d);
            let out = if k < 0.0 {
                vec![0.0; i.len()]
            } else {
                i.iter()
                    .zip(&n)
                    .map(|(p, q)| eta * p - (eta * d + k.sqrt()) * q)
                    .collect()
            };
            Ok(from_vecf(out, x.parts().is_none()))
        }
        M::FaceForward => {
            let n = vecf(x)?;
            let (i, nref) = (vecf(arg(a, 1)?)?, vecf(arg(a, 2)?)?);
            let flip = dotf(&nref, &i) >= 0.0;
            Ok(from_vecf(
                n.iter().map(|c| if flip { -c } else { *c }).collect(),
                x.parts().is_none(),
            ))
        }
        M::Transpose => {
            let m = matrix(x)?;
            let rows = m.first().map_or(0, Vec::len);
            Ok(from_matrix(
                (0..rows)
                    .map(|r| {
                        m.iter()
                            .map(|col| col.get(r).copied().unwrap_or(0.0))
                            .collect()
                    })
                    .collect(),
            ))
        }
        M::Determinant => Ok(V::F(determinant(&matrix(x)?)?)),
        M::Inverse => Ok(from_matrix(inverse(&matrix(x)?)?)),
        M::CountOneBits => ints(x, &|p| p.count_ones() as i32, &u32::count_ones),
        M::ReverseBits => ints(x, &i32::reverse_bits, &u32::reverse_bits),
        M::FirstLeadingBit => ints(x, &first_leading_signed, &first_leading_unsigned),
        M::FirstTrailingBit => ints(x, &|p| first_trailing(p as u32) as i32, &first_trailing),
        M::CountLeadingZeros => ints(x, &|p| p.leading_zeros() as i32, &u32::leading_zeros),
        M::CountTrailingZeros => ints(x, &|p| p.trailing_zeros() as i32, &u32::trailing_zeros),
        M::ExtractBits => {
            let (o, c) = field_args(arg(a, 1)?, arg(a, 2)?)?;
            ints(
                x,
                &|p| luma_ir::proc::extract_bits(p as u32, o, c, true) as i32,
                &|p| luma_ir::proc::extract_bits(p, o, c, false),
            )
        }
        M::InsertBits => {
            let (o, c) = field_args(arg(a, 2)?, arg(a, 3)?)?;
            map2_broadcast(x, arg(a, 1)?, &|p, q| match (p, q) {
                (V::I(e), V::I(n)) => Ok(V::I(
                    luma_ir::proc::insert_bits(*e as u32, *n as u32, o, c) as i32,
                )),
                (V::U(e), V::U(n)) => Ok(V::U(luma_ir::proc::insert_bits(*e, *n, o, c))),
                _ => Err(format!("insert_bits of {p:?} and {q:?}")),
            })
        }
        M::Pack4x8Unorm
        | M::Pack4x8Snorm
        | M::Pack2x16Unorm
        | M::Pack2x16Snorm
        | M::Pack2x16Float => Ok(V::U(pack(fun, &vecf(x)?)?)),
        M::Unpack4x8Unorm
        | M::Unpack4x8Snorm
        | M::Unpack2x16Unorm
        | M::Unpack2x16Snorm
        | M::Unpack2x16Float => {
            let w = x.as_u32().ok_or("unpack of a non-uint")?;
            Ok(from_vecf(unpack(fun, w)?, false))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_builtins() {
        assert_eq!(first_leading_signed(-1), -1);
        assert_eq!(first_leading_signed(0), -1);
        assert_eq!(first_leading_signed(1), 0);
        assert_eq!(first_leading_signed(-2), 0);
        assert_eq!(first_leading_signed(i32::MIN), 30);
        assert_eq!(first_leading_unsigned(0x8000_0000), 31);
        assert_eq!(first_trailing(0), u32::MAX);
        assert_eq!(first_trailing(8), 3);
    }

    #[test]
    fn pack_round_trips() {
        let w = pack(MathFunction::Pack4x8Unorm, &[0.0, 1.0, 0.5, 2.0]).unwrap();
        assert_eq!(w, 0xff80_ff00);
        let back = unpack(MathFunction::Unpack4x8Snorm, 0x0000_0080).unwrap();
        assert_eq!(back.first().copied(), Some(-1.0));
    }

    #[test]
    fn float_rounding_builtins() {
        assert_eq!(math(MathFunction::Round, &[V::F(2.5)]), Ok(V::F(2.0)));
        assert_eq!(math(MathFunction::Round, &[V::F(-3.5)]), Ok(V::F(-4.0)));
        assert_eq!(
            math(MathFunction::Mod, &[V::F(-7.0), V::F(2.0)]),
            Ok(V::F(1.0))
        );
        assert_eq!(
            math(MathFunction::Mix, &[V::F(2.0), V::F(4.0), V::F(0.5)]),
            Ok(V::F(3.0))
        );
    }
}
