//! Comparing results with expected typed data: integers exactly, floats within an absolute or
//! ULP tolerance, normalized bytes within half a quantization step plus the tolerance.

use std::fmt;

use crate::data::{decode, f16_bits, f16_value, Data, Kind, Value};

/// How far a float may be from its expected value. A value passes when it is within `abs`
/// OR within `ulp` units in the last place; both zero means bit-exact (except that `0.0` and
/// `-0.0` are equal and any NaN matches an expected `nan`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tolerance {
    /// Absolute difference allowed.
    pub abs: f64,
    /// Units in the last place allowed (of f32, or of f16 for `f16` values).
    pub ulp: u32,
}

/// One value that differs from its expectation.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// Byte offset of the value in the checked range (relative to the range start).
    pub offset: usize,
    /// Its type.
    pub kind: Kind,
    /// What the test expects.
    pub expected: Value,
    /// What the shader produced (`None` if the result is too short).
    pub actual: Option<Value>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {}: {} expected {}, got ",
            self.offset,
            self.kind.name(),
            show(self.kind, self.expected)
        )?;
        match self.actual {
            Some(v) => write!(f, "{}", show(self.kind, v)),
            None => write!(f, "nothing (result too short)"),
        }
    }
}

/// A value as a person reads it: floats as f32 with their bit pattern.
pub fn show(kind: Kind, value: Value) -> String {
    match (kind, value) {
        (Kind::F32, Value::Float(v)) => {
            let f = v as f32;
            format!("{f:?} ({:#010x})", f.to_bits())
        }
        (Kind::F16, Value::Float(v)) => {
            let bits = f16_bits(v);
            format!("{:?} ({bits:#06x})", f16_value(bits))
        }
        (Kind::F16, Value::FloatBits(b)) => format!("{:?} ({b:#06x})", f16_value(b as u16)),
        (_, Value::Float(v)) => format!("{v:.4}"),
        (_, Value::FloatBits(b)) => format!("{:?} ({b:#010x})", f32::from_bits(b)),
        (_, Value::Int(v)) => v.to_string(),
    }
}

/// Every value of `expected` that `actual` (the bytes of the checked range) does not match.
pub fn check(expected: &Data, actual: &[u8], tolerance: Tolerance) -> Vec<Mismatch> {
    let mut out = Vec::new();
    for field in &expected.fields {
        let got = actual
            .get(field.offset..)
            .and_then(|rest| decode(field.kind, rest));
        let ok = got.is_some_and(|got| matches(field.kind, field.value, got, tolerance));
        if !ok {
            out.push(Mismatch {
                offset: field.offset,
                kind: field.kind,
                expected: field.value,
                actual: got,
            });
        }
    }
    out
}

/// Whether `actual` matches `expected` for a value of `kind`.
pub fn matches(kind: Kind, expected: Value, actual: Value, tolerance: Tolerance) -> bool {
    match (expected, actual) {
        (Value::Int(e), Value::Int(a)) => e == a,
        (Value::FloatBits(e), Value::Float(a)) if kind == Kind::F16 => u32::from(f16_bits(a)) == e,
        (Value::FloatBits(e), Value::Float(a)) => (a as f32).to_bits() == e,
        (Value::Float(e), Value::Float(a)) => match kind {
            Kind::Unorm8 => near(e, a, tolerance.abs + 0.5 / 255.0),
            Kind::Snorm8 => near(e, a, tolerance.abs + 0.5 / 127.0),
            Kind::F16 => f16_matches(e, a, tolerance),
            _ => float_matches(e as f32, a as f32, tolerance),
        },
        _ => false,
    }
}

fn near(e: f64, a: f64, abs: f64) -> bool {
    // The small slack absorbs the rounding of expected values written in decimal.
    (e - a).abs() <= abs + 1e-9
}

fn float_matches(e: f32, a: f32, tolerance: Tolerance) -> bool {
    if e.is_nan() {
        return a.is_nan();
    }
    if a.is_nan() {
        return false;
    }
    if e.is_infinite() || a.is_infinite() {
        return e == a;
    }
    if e == a {
        return true;
    }
    if f64::from((e - a).abs()) <= tolerance.abs {
        return true;
    }
    ulp_distance(e, a) <= u64::from(tolerance.ulp)
}

/// `float_matches` for binary16: the expected decimal is rounded to the nearest half first, and
/// ULPs count halves.
fn f16_matches(e: f64, a: f64, tolerance: Tolerance) -> bool {
    let e = f16_value(f16_bits(e));
    if e.is_nan() || a.is_nan() || e.is_infinite() || a.is_infinite() {
        return float_matches(e as f32, a as f32, Tolerance::default());
    }
    if e == a || (e - a).abs() <= tolerance.abs {
        return true;
    }
    let line = |x: f64| {
        let bits = i64::from(f16_bits(x));
        if bits & 0x8000 != 0 {
            -(bits & 0x7fff)
        } else {
            bits
        }
    };
    line(e).abs_diff(line(a)) <= u64::from(tolerance.ulp)
}

/// The number of representable f32 values between `a` and `b`.
pub fn ulp_distance(a: f32, b: f32) -> u64 {
    // Map the bit patterns onto a line where adjacent floats are adjacent integers and both
    // zeros meet at 0.
    fn line(x: f32) -> i64 {
        let bits = i64::from(x.to_bits());
        if bits & 0x8000_0000 != 0 {
            -(bits & 0x7fff_ffff)
        } else {
            bits
        }
    }
    line(a).abs_diff(line(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(chunks: &[&str]) -> Data {
        let chunks: Vec<String> = chunks.iter().map(|s| s.to_string()).collect();
        match Data::parse(&chunks) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn integers_are_exact_and_padding_is_skipped() {
        let expected = data(&["i32 1", "pad 4", "i32 -3"]);
        let mut actual = Vec::new();
        actual.extend_from_slice(&1i32.to_le_bytes());
        actual.extend_from_slice(&99i32.to_le_bytes());
        actual.extend_from_slice(&(-3i32).to_le_bytes());
        assert!(check(&expected, &actual, Tolerance::default()).is_empty());
        actual.truncate(8);
        actual.extend_from_slice(&(-2i32).to_le_bytes());
        let m = check(&expected, &actual, Tolerance::default());
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].to_string(), "byte 8: i32 expected -3, got -2");
    }

    #[test]
    fn floats_use_the_tolerance() {
        let one_up = f32::from_bits(1.0f32.to_bits() + 1);
        let t0 = Tolerance::default();
        let t1 = Tolerance { abs: 0.0, ulp: 1 };
        assert!(!float_matches(1.0, one_up, t0));
        assert!(float_matches(1.0, one_up, t1));
        assert!(float_matches(0.0, -0.0, t0));
        assert!(float_matches(f32::NAN, f32::NAN, t0));
        assert!(!float_matches(
            1.0,
            f32::NAN,
            Tolerance { abs: 10.0, ulp: 10 }
        ));
        assert!(float_matches(1.0, 1.01, Tolerance { abs: 0.02, ulp: 0 }));
        assert_eq!(ulp_distance(-0.0, f32::from_bits(1)), 1);
        assert_eq!(
            ulp_distance(f32::from_bits(0x8000_0001), f32::from_bits(1)),
            2
        );
    }

    #[test]
    fn f16_compares_halves() {
        let third = data(&["f16 0.33325"]);
        assert!(check(&third, &0x3555u16.to_le_bytes(), Tolerance::default()).is_empty());
        let m = check(&third, &0x3556u16.to_le_bytes(), Tolerance::default());
        assert_eq!(m.len(), 1);
        assert_eq!(
            m[0].to_string(),
            "byte 0: f16 expected 0.333251953125 (0x3555), got 0.33349609375 (0x3556)"
        );
        let t1 = Tolerance { abs: 0.0, ulp: 1 };
        assert!(check(&third, &0x3556u16.to_le_bytes(), t1).is_empty());
        let bits = data(&["f16 0x7c00"]);
        assert!(check(&bits, &0x7c00u16.to_le_bytes(), Tolerance::default()).is_empty());
        assert_eq!(check(&bits, &0x7bffu16.to_le_bytes(), t1).len(), 1);
    }

    #[test]
    fn unorm_allows_half_a_step() {
        let expected = data(&["unorm8 0.5"]);
        assert!(check(&expected, &[128], Tolerance::default()).is_empty());
        assert!(check(&expected, &[127], Tolerance::default()).is_empty());
        assert_eq!(check(&expected, &[126], Tolerance::default()).len(), 1);
    }

    #[test]
    fn short_results_are_mismatches() {
        let m = check(
            &data(&["u32 1 2"]),
            &1u32.to_le_bytes(),
            Tolerance::default(),
        );
        assert_eq!(m.len(), 1);
        assert!(m[0].to_string().contains("too short"));
    }
}
