//! Typed byte-level data: the small language test specs use to spell buffer contents, push
//! constants, specialization values, texels and expected results.
//!
//! A value list is a sequence of chunks, each a string:
//!
//! ```text
//! "f32 1.0 2.0 -0.5"     little-endian f32 values (also nan, inf, -inf, and 0x7fc00000 for raw bits)
//! "f16 0.5 0x3555"       IEEE binary16 values: decimals round to nearest even, 0x... is raw bits
//! "i32 -7 min max"       i32 values (min / max are the type's limits; 0x... is a bit pattern)
//! "u32 0..4"             a range, end excluded: 0 1 2 3 (also for floats: f32 0..4)
//! "u32 0*16"             a value repeated 16 times
//! "pad 4"                4 zero bytes in inputs; 4 bytes that are not checked in expectations
//! ```
//!
//! Types: `f32 f16 i32 u32 i16 u16 i8 u8`, `bool` (a 4-byte `VkBool32`, for specialization
//! constants), `unorm8` / `snorm8` (normalized bytes written as floats, as in `rgba8` texels).
//! The host packing is spelled out by the test author on purpose: the harness never computes a
//! layout, so a std140 / std430 test checks the compiler's layout against a human's.

use crate::error::{Error, Result};

/// A component type of typed data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 32-bit float.
    F32,
    /// 16-bit float (IEEE binary16, `half`).
    F16,
    /// 32-bit signed integer.
    I32,
    /// 32-bit unsigned integer.
    U32,
    /// 16-bit signed integer.
    I16,
    /// 16-bit unsigned integer.
    U16,
    /// 8-bit signed integer.
    I8,
    /// 8-bit unsigned integer.
    U8,
    /// A byte holding a float in [0, 1] (`round(v * 255)`).
    Unorm8,
    /// A byte holding a float in [-1, 1] (`round(v * 127)`).
    Snorm8,
    /// A 4-byte boolean (`VkBool32`: 0 or 1).
    Bool,
}

impl Kind {
    /// The spelling in data strings.
    pub fn name(self) -> &'static str {
        match self {
            Kind::F32 => "f32",
            Kind::F16 => "f16",
            Kind::I32 => "i32",
            Kind::U32 => "u32",
            Kind::I16 => "i16",
            Kind::U16 => "u16",
            Kind::I8 => "i8",
            Kind::U8 => "u8",
            Kind::Unorm8 => "unorm8",
            Kind::Snorm8 => "snorm8",
            Kind::Bool => "bool",
        }
    }

    fn from_name(name: &str) -> Option<Kind> {
        Some(match name {
            "f32" => Kind::F32,
            "f16" => Kind::F16,
            "i32" => Kind::I32,
            "u32" => Kind::U32,
            "i16" => Kind::I16,
            "u16" => Kind::U16,
            "i8" => Kind::I8,
            "u8" => Kind::U8,
            "unorm8" => Kind::Unorm8,
            "snorm8" => Kind::Snorm8,
            "bool" => Kind::Bool,
            _ => return None,
        })
    }

    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            Kind::F32 | Kind::I32 | Kind::U32 | Kind::Bool => 4,
            Kind::F16 | Kind::I16 | Kind::U16 => 2,
            Kind::I8 | Kind::U8 | Kind::Unorm8 | Kind::Snorm8 => 1,
        }
    }

    /// Whether values of this kind are compared with a float tolerance.
    pub fn is_float(self) -> bool {
        matches!(self, Kind::F32 | Kind::F16 | Kind::Unorm8 | Kind::Snorm8)
    }

    /// The inclusive range of an integer kind.
    fn int_range(self) -> (i64, i64) {
        match self {
            Kind::I32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
            Kind::U32 => (0, i64::from(u32::MAX)),
            Kind::I16 => (i64::from(i16::MIN), i64::from(i16::MAX)),
            Kind::U16 => (0, i64::from(u16::MAX)),
            Kind::I8 => (i64::from(i8::MIN), i64::from(i8::MAX)),
            Kind::U8 => (0, i64::from(u8::MAX)),
            Kind::Bool => (0, 1),
            Kind::F32 | Kind::F16 | Kind::Unorm8 | Kind::Snorm8 => (0, 0),
        }
    }
}

/// One value of typed data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A float (f32, f16, unorm8, snorm8), possibly NaN or infinite.
    Float(f64),
    /// An f32 or f16 given as its bit pattern.
    FloatBits(u32),
    /// An integer (or bool as 0 / 1), already checked against its kind's range.
    Int(i64),
}

/// One value at a byte offset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    /// Byte offset from the start of the data.
    pub offset: usize,
    /// Its type.
    pub kind: Kind,
    /// Its value.
    pub value: Value,
    /// Which chunk (string) of the list it came from, for messages.
    pub chunk: usize,
}

/// Parsed typed data: values at offsets, and the total length including padding.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Data {
    /// The values in offset order.
    pub fields: Vec<Field>,
    /// Total length in bytes.
    pub len: usize,
}

/// Upper bound of values one data list may expand to, so a typo like `0*999999999` is an
/// error instead of an allocation that takes the machine down.
const MAX_BYTES: usize = 256 << 20;

impl Data {
    /// Parses a list of chunks.
    pub fn parse(chunks: &[String]) -> Result<Data> {
        let mut data = Data::default();
        for (index, chunk) in chunks.iter().enumerate() {
            data.parse_chunk(chunk, index)
                .map_err(|m| Error::Spec(format!("data chunk {} `{chunk}`: {m}", index + 1)))?;
        }
        Ok(data)
    }

    /// Parses one chunk (a single string).
    pub fn parse_one(chunk: &str) -> Result<Data> {
        Data::parse(&[chunk.to_string()])
    }

    fn parse_chunk(&mut self, chunk: &str, index: usize) -> std::result::Result<(), String> {
        let mut tokens = chunk.split_whitespace();
        let Some(head) = tokens.next() else {
            return Err("empty chunk; write a type followed by values, or `pad N`".into());
        };
        if head == "pad" {
            let n = tokens
                .next()
                .ok_or("`pad` needs a byte count")?
                .parse::<usize>()
                .map_err(|e| format!("bad byte count: {e}"))?;
            if let Some(extra) = tokens.next() {
                return Err(format!(
                    "unexpected `{extra}` after the byte count of `pad`"
                ));
            }
            self.grow(n)?;
            return Ok(());
        }
        let kind = Kind::from_name(head).ok_or_else(|| {
            format!(
                "unknown type `{head}`; expected one of f32 f16 i32 u32 i16 u16 i8 u8 unorm8 snorm8 \
                 bool, or `pad N`"
            )
        })?;
        let mut any = false;
        for token in tokens {
            any = true;
            let (values, count) = parse_token(kind, token)?;
            let total = count
                .checked_mul(values.len())
                .and_then(|n| n.checked_mul(kind.size()))
                .and_then(|n| n.checked_add(self.len))
                .filter(|&n| n <= MAX_BYTES);
            if total.is_none() {
                return Err(format!("data longer than {MAX_BYTES} bytes"));
            }
            for _ in 0..count {
                for &value in &values {
                    let offset = self.len;
                    self.grow(kind.size())?;
                    self.fields.push(Field {
                        offset,
                        kind,
                        value,
                        chunk: index,
                    });
                }
            }
        }
        if !any {
            return Err(format!("`{head}` is followed by no values"));
        }
        Ok(())
    }

    fn grow(&mut self, n: usize) -> std::result::Result<(), String> {
        self.len = self
            .len
            .checked_add(n)
            .filter(|&l| l <= MAX_BYTES)
            .ok_or_else(|| format!("data longer than {MAX_BYTES} bytes"))?;
        Ok(())
    }

    /// The bytes this data spells (padding as zeros).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        for field in &self.fields {
            let bytes = encode(field.kind, field.value);
            if let Some(dst) = out.get_mut(field.offset..field.offset + bytes.len()) {
                dst.copy_from_slice(&bytes);
            }
        }
        out
    }

    /// The single value of a one-value list (specialization constants).
    pub fn single(&self) -> Option<Field> {
        match self.fields.as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    }
}

/// Parses one token into values and a repeat count.
fn parse_token(kind: Kind, token: &str) -> std::result::Result<(Vec<Value>, usize), String> {
    let (body, count) = match token.rsplit_once('*') {
        Some((body, count)) => {
            let n = count
                .parse::<usize>()
                .map_err(|e| format!("bad repeat count in `{token}`: {e}"))?;
            (body, n)
        }
        None => (token, 1),
    };
    if let Some((a, b)) = body.split_once("..") {
        // Float ranges count in whole numbers too (`f32 0..16`), handy for texel data.
        let (start, end) = if kind.is_float() {
            let bound = |t: &str| {
                t.parse::<i64>()
                    .map_err(|_| format!("range bounds are integers, not `{t}`"))
            };
            (bound(a)?, bound(b)?)
        } else {
            (parse_int(kind, a)?, parse_int(kind, b)?)
        };
        if end < start {
            return Err(format!("range `{body}` ends before it starts"));
        }
        let len = usize::try_from(end - start).map_err(|_| "range too long".to_string())?;
        if len > MAX_BYTES {
            return Err(format!("range `{body}` is too long"));
        }
        let values = if kind.is_float() {
            let values: Vec<Value> = (start..end).map(|v| Value::Float(v as f64)).collect();
            for v in &values {
                if let Value::Float(f) = v {
                    parse_float(kind, &f.to_string())?;
                }
            }
            values
        } else {
            (start..end).map(Value::Int).collect()
        };
        return Ok((values, count));
    }
    let value = if kind.is_float() {
        parse_float(kind, body)?
    } else {
        Value::Int(parse_int(kind, body)?)
    };
    Ok((vec![value], count))
}

fn parse_float(kind: Kind, text: &str) -> std::result::Result<Value, String> {
    match text {
        "nan" => return Ok(Value::Float(f64::NAN)),
        "inf" | "+inf" => return Ok(Value::Float(f64::INFINITY)),
        "-inf" => return Ok(Value::Float(f64::NEG_INFINITY)),
        _ => {}
    }
    if let Some(hex) = text.strip_prefix("0x") {
        if kind != Kind::F32 && kind != Kind::F16 {
            return Err(format!(
                "bit patterns like `{text}` are for f32 and f16 only"
            ));
        }
        let bits = u32::from_str_radix(hex, 16)
            .map_err(|e| format!("bad {} bit pattern `{text}`: {e}", kind.name()))?;
        if kind == Kind::F16 && bits > 0xffff {
            return Err(format!("`{text}` does not fit in f16"));
        }
        return Ok(Value::FloatBits(bits));
    }
    let v = text
        .parse::<f64>()
        .map_err(|e| format!("bad {} value `{text}`: {e}", kind.name()))?;
    let (lo, hi) = match kind {
        Kind::Unorm8 => (0.0, 1.0),
        Kind::Snorm8 => (-1.0, 1.0),
        _ => (f64::NEG_INFINITY, f64::INFINITY),
    };
    if !(lo..=hi).contains(&v) {
        return Err(format!(
            "{} value `{text}` is outside [{lo}, {hi}]",
            kind.name()
        ));
    }
    Ok(Value::Float(v))
}

fn parse_int(kind: Kind, text: &str) -> std::result::Result<i64, String> {
    let (lo, hi) = kind.int_range();
    if kind == Kind::Bool {
        match text {
            "true" | "1" => return Ok(1),
            "false" | "0" => return Ok(0),
            _ => return Err(format!("bool values are true or false, not `{text}`")),
        }
    }
    match text {
        "min" => return Ok(lo),
        "max" => return Ok(hi),
        _ => {}
    }
    if let Some(hex) = text.strip_prefix("0x") {
        let bits =
            u64::from_str_radix(hex, 16).map_err(|e| format!("bad hex value `{text}`: {e}"))?;
        let width = 8 * kind.size() as u32;
        if width < 64 && bits >> width != 0 {
            return Err(format!("`{text}` does not fit in {}", kind.name()));
        }
        // A hex literal is a bit pattern, so 0x80000000 is i32::MIN for i32.
        let signed = lo < 0;
        let value = if signed && width < 64 && bits >> (width - 1) & 1 == 1 {
            (bits as i64) - (1i64 << width)
        } else {
            bits as i64
        };
        return Ok(value);
    }
    let v = text
        .parse::<i64>()
        .map_err(|e| format!("bad {} value `{text}`: {e}", kind.name()))?;
    if v < lo || v > hi {
        return Err(format!("{} value {v} is outside [{lo}, {hi}]", kind.name()));
    }
    Ok(v)
}

/// The little-endian bytes of one value.
pub fn encode(kind: Kind, value: Value) -> Vec<u8> {
    match (kind, value) {
        (Kind::F32, Value::Float(v)) => (v as f32).to_le_bytes().to_vec(),
        (Kind::F32, Value::FloatBits(b)) => b.to_le_bytes().to_vec(),
        (Kind::F16, Value::Float(v)) => f16_bits(v).to_le_bytes().to_vec(),
        (Kind::F16, Value::FloatBits(b)) => (b as u16).to_le_bytes().to_vec(),
        (Kind::Unorm8, Value::Float(v)) => vec![(v.clamp(0.0, 1.0) * 255.0).round() as u8],
        (Kind::Snorm8, Value::Float(v)) => {
            vec![((v.clamp(-1.0, 1.0) * 127.0).round() as i8) as u8]
        }
        (_, Value::Int(v)) => {
            let bytes = v.to_le_bytes();
            bytes.get(..kind.size()).unwrap_or(&[]).to_vec()
        }
        (_, Value::Float(_) | Value::FloatBits(_)) => vec![0; kind.size()],
    }
}

/// Decodes a value of `kind` from the start of `bytes`; `None` when too short.
pub fn decode(kind: Kind, bytes: &[u8]) -> Option<Value> {
    let b = bytes.get(..kind.size())?;
    let word = |b: &[u8]| -> Option<[u8; 4]> { b.try_into().ok() };
    let half = |b: &[u8]| -> Option<[u8; 2]> { b.try_into().ok() };
    Some(match kind {
        Kind::F32 => Value::Float(f64::from(f32::from_le_bytes(word(b)?))),
        Kind::F16 => Value::Float(f16_value(u16::from_le_bytes(half(b)?))),
        Kind::I32 => Value::Int(i64::from(i32::from_le_bytes(word(b)?))),
        Kind::U32 | Kind::Bool => Value::Int(i64::from(u32::from_le_bytes(word(b)?))),
        Kind::I16 => Value::Int(i64::from(i16::from_le_bytes(half(b)?))),
        Kind::U16 => Value::Int(i64::from(u16::from_le_bytes(half(b)?))),
        Kind::I8 => Value::Int(i64::from(*b.first()? as i8)),
        Kind::U8 => Value::Int(i64::from(*b.first()?)),
        Kind::Unorm8 => Value::Float(f64::from(*b.first()?) / 255.0),
        Kind::Snorm8 => Value::Float((f64::from(*b.first()? as i8) / 127.0).max(-1.0)),
    })
}

/// The binary16 bit pattern nearest `v` (ties to even), as IEEE 754 rounds: values at or
/// past 65520 become infinity, tiny ones subnormals or zero. Rounded straight from `f64`:
/// going through `f32` first could round twice.
pub fn f16_bits(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // The binary64 exponent (meaningless for binary64 subnormals, which are far below the
    // binary16 subnormal range and take the first branch).
    let e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    // Halves below 2^-14 are whole multiples of 2^-24; in binade e, of 2^(e-10). Scaling by a
    // power of two is exact, so the only rounding is `round_ties_even`.
    if e < -14 {
        let n = (a * 2f64.powi(24)).round_ties_even() as u16;
        // n == 0x400 is 2^-14, whose bits are exactly 0x0400.
        return sign | n;
    }
    let n = (a * 2f64.powi(10 - e)).round_ties_even() as u16;
    // n is 1024..=2048; 2048 carries into the next binade, which the addition does.
    let bits = (((e + 15) as u16) << 10) + (n - 1024);
    sign | bits
}

/// The value of a binary16 bit pattern.
pub fn f16_value(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let mantissa = f64::from(bits & 0x3ff);
    sign * match exp {
        0 => mantissa * 2f64.powi(-24),
        31 if mantissa == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + mantissa) * 2f64.powi(exp - 25),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(chunks: &[&str]) -> Vec<u8> {
        let chunks: Vec<String> = chunks.iter().map(|s| s.to_string()).collect();
        match Data::parse(&chunks) {
            Ok(d) => d.to_bytes(),
            Err(e) => panic!("{e}"),
        }
    }

    fn error(chunks: &[&str]) -> String {
        let chunks: Vec<String> = chunks.iter().map(|s| s.to_string()).collect();
        match Data::parse(&chunks) {
            Ok(d) => panic!("expected an error, got {d:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn packs_typed_values_and_padding() {
        assert_eq!(
            bytes(&["f32 1.0", "pad 4", "i32 -1", "u16 0x1234", "u8 7 8"]),
            vec![0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x34, 0x12, 7, 8]
        );
    }

    #[test]
    fn integer_spellings() {
        assert_eq!(bytes(&["i32 min"]), i32::MIN.to_le_bytes().to_vec());
        assert_eq!(bytes(&["i32 0x80000000"]), i32::MIN.to_le_bytes().to_vec());
        assert_eq!(bytes(&["u32 max"]), u32::MAX.to_le_bytes().to_vec());
        assert_eq!(bytes(&["u8 0..4"]), vec![0, 1, 2, 3]);
        assert_eq!(bytes(&["u8 5*3"]), vec![5, 5, 5]);
        assert_eq!(bytes(&["u8 0..2*2"]), vec![0, 1, 0, 1]);
        assert_eq!(bytes(&["bool true false"]), vec![1, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn float_spellings() {
        assert_eq!(bytes(&["f32 0x7fc00000"]), vec![0, 0, 0xc0, 0x7f]);
        assert_eq!(
            bytes(&["f32 -inf"]),
            f32::NEG_INFINITY.to_le_bytes().to_vec()
        );
        assert_eq!(bytes(&["unorm8 0 0.5 1"]), vec![0, 128, 255]);
        assert_eq!(bytes(&["snorm8 -1 1"]), vec![0x81, 127]);
        assert_eq!(bytes(&["f32 2..4"]), bytes(&["f32 2 3"]));
        assert_eq!(
            bytes(&["f16 1 -2 0x3555"]),
            vec![0, 0x3c, 0, 0xc0, 0x55, 0x35]
        );
    }

    #[test]
    fn f16_rounds_like_ieee() {
        // Expected bits from Python's struct.pack('<e', v).
        for (v, bits) in [
            (1.0 / 3.0, 0x3555),
            (65504.0, 0x7bff),
            (65519.99, 0x7bff),
            (65520.0, 0x7c00),
            (-65520.0, 0xfc00),
            (2f64.powi(-24), 0x0001),
            (2f64.powi(-25), 0x0000),
            (3.0 * 2f64.powi(-25), 0x0002),
            (2f64.powi(-14) - 2f64.powi(-24), 0x03ff),
            (1.0 + 2f64.powi(-11), 0x3c00),
            (1.0 + 3.0 * 2f64.powi(-11), 0x3c02),
            (1.0 + 2f64.powi(-11) + 2f64.powi(-40), 0x3c01),
            (0.1, 0x2e66),
            (-0.0, 0x8000),
            (f64::INFINITY, 0x7c00),
        ] {
            assert_eq!(f16_bits(v), bits, "{v}");
            if bits & 0x7c00 != 0x7c00 {
                assert_eq!(f16_bits(f16_value(bits)), bits, "{v} round trip");
            }
        }
        assert!(f16_value(0x7e00).is_nan());
        assert_eq!(f16_value(0x0001), 2f64.powi(-24));
        assert_eq!(f16_value(0xfbff), -65504.0);
    }

    #[test]
    fn rejects_mistakes() {
        assert!(error(&["i32 2147483648"]).contains("outside"));
        assert!(error(&["u8 0x100"]).contains("does not fit"));
        assert!(error(&["f64 1"]).contains("unknown type"));
        assert!(error(&["f16 0x10000"]).contains("does not fit"));
        assert!(error(&["i32 0x3c00.5"]).contains("bad hex"));
        assert!(error(&["f32"]).contains("no values"));
        assert!(error(&["f32 1.5..3"]).contains("range bounds are integers"));
        assert!(error(&["unorm8 0..3"]).contains("outside"));
        assert!(error(&["unorm8 2"]).contains("outside"));
        assert!(error(&["pad x"]).contains("bad byte count"));
        assert!(error(&["u8 1*999999999999"]).contains("longer than"));
    }

    #[test]
    fn decodes_what_it_encodes() {
        for (kind, value) in [
            (Kind::I32, Value::Int(-5)),
            (Kind::U16, Value::Int(65535)),
            (Kind::I8, Value::Int(-128)),
            (Kind::F32, Value::Float(0.25)),
            (Kind::F16, Value::Float(-0.333251953125)),
        ] {
            assert_eq!(decode(kind, &encode(kind, value)), Some(value));
        }
    }
}
