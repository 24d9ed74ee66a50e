//! Builtin type names, the Luma spelling of every type, and the type properties the checker
//! asks about (constructible, host-shareable, ...).

use luma_thir::{
    ArrayLen, ImageShape, Program, ScalarTy, StructId, TexDim, TextureShape, Ty, TyId, Types,
};

/// Resolves a builtin type name (`float`, `vec3`, `hmat2x4`, `sampler2DShadow`, ...).
pub(crate) fn builtin_type(name: &str) -> Option<Ty> {
    let scalar = |s| Some(Ty::Scalar(s));
    match name {
        "bool" => return scalar(ScalarTy::Bool),
        "int" => return scalar(ScalarTy::Int),
        "uint" => return scalar(ScalarTy::Uint),
        "float" => return scalar(ScalarTy::Float),
        "half" => return scalar(ScalarTy::Half),
        "atomic_int" => return Some(Ty::Atomic(ScalarTy::Int)),
        "atomic_uint" => return Some(Ty::Atomic(ScalarTy::Uint)),
        "sampler" => return Some(Ty::Sampler { comparison: false }),
        "samplerShadow" => return Some(Ty::Sampler { comparison: true }),
        _ => {}
    }
    if let Some(ty) = vector_type(name) {
        return Some(ty);
    }
    if let Some(ty) = matrix_type(name) {
        return Some(ty);
    }
    if let Some(ty) = image_type(name) {
        return Some(ty);
    }
    texture_type(name)
}

/// Every storage image type name with its shape, in documentation order.
const IMAGE_NAMES: &[(&str, ImageShape)] = &[
    ("image2D", image(TexDim::D2, false, ScalarTy::Float)),
    ("image2DArray", image(TexDim::D2, true, ScalarTy::Float)),
    ("image3D", image(TexDim::D3, false, ScalarTy::Float)),
    ("iimage2D", image(TexDim::D2, false, ScalarTy::Int)),
    ("iimage2DArray", image(TexDim::D2, true, ScalarTy::Int)),
    ("iimage3D", image(TexDim::D3, false, ScalarTy::Int)),
    ("uimage2D", image(TexDim::D2, false, ScalarTy::Uint)),
    ("uimage2DArray", image(TexDim::D2, true, ScalarTy::Uint)),
    ("uimage3D", image(TexDim::D3, false, ScalarTy::Uint)),
];

const fn image(dim: TexDim, arrayed: bool, texel: ScalarTy) -> ImageShape {
    ImageShape {
        dim,
        arrayed,
        texel,
    }
}

fn image_type(name: &str) -> Option<Ty> {
    IMAGE_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, s)| Ty::StorageImage(s))
}

fn image_name(s: ImageShape) -> &'static str {
    IMAGE_NAMES
        .iter()
        .find(|(_, sh)| *sh == s)
        .map_or("image", |(n, _)| n)
}

fn vector_type(name: &str) -> Option<Ty> {
    let (scalar, rest) = if let Some(r) = name.strip_prefix("vec") {
        (ScalarTy::Float, r)
    } else if let Some(r) = name.strip_prefix("ivec") {
        (ScalarTy::Int, r)
    } else if let Some(r) = name.strip_prefix("uvec") {
        (ScalarTy::Uint, r)
    } else if let Some(r) = name.strip_prefix("bvec") {
        (ScalarTy::Bool, r)
    } else if let Some(r) = name.strip_prefix("hvec") {
        (ScalarTy::Half, r)
    } else {
        return None;
    };
    let size = small_dim(rest)?;
    Some(Ty::Vector { scalar, size })
}

fn small_dim(s: &str) -> Option<u8> {
    match s {
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        _ => None,
    }
}

fn matrix_type(name: &str) -> Option<Ty> {
    let (scalar, rest) = if let Some(r) = name.strip_prefix("hmat") {
        (ScalarTy::Half, r)
    } else if let Some(r) = name.strip_prefix("mat") {
        (ScalarTy::Float, r)
    } else {
        return None;
    };
    let (columns, rows) = match rest.split_once('x') {
        Some((c, r)) => (small_dim(c)?, small_dim(r)?),
        None => {
            let n = small_dim(rest)?;
            (n, n)
        }
    };
    Some(Ty::Matrix {
        scalar,
        columns,
        rows,
    })
}

/// Every texture and combined sampler type name with its shape, in documentation order.
const TEXTURE_NAMES: &[(&str, bool, TextureShape)] = &[
    (
        "texture2D",
        false,
        shape(TexDim::D2, false, false, false, ScalarTy::Float),
    ),
    (
        "texture3D",
        false,
        shape(TexDim::D3, false, false, false, ScalarTy::Float),
    ),
    (
        "textureCube",
        false,
        shape(TexDim::Cube, false, false, false, ScalarTy::Float),
    ),
    (
        "texture2DArray",
        false,
        shape(TexDim::D2, true, false, false, ScalarTy::Float),
    ),
    (
        "texture2DMS",
        false,
        shape(TexDim::D2, false, true, false, ScalarTy::Float),
    ),
    (
        "itexture2D",
        false,
        shape(TexDim::D2, false, false, false, ScalarTy::Int),
    ),
    (
        "itexture3D",
        false,
        shape(TexDim::D3, false, false, false, ScalarTy::Int),
    ),
    (
        "itextureCube",
        false,
        shape(TexDim::Cube, false, false, false, ScalarTy::Int),
    ),
    (
        "itexture2DArray",
        false,
        shape(TexDim::D2, true, false, false, ScalarTy::Int),
    ),
    (
        "itexture2DMS",
        false,
        shape(TexDim::D2, false, true, false, ScalarTy::Int),
    ),
    (
        "utexture2D",
        false,
        shape(TexDim::D2, false, false, false, ScalarTy::Uint),
    ),
    (
        "utexture3D",
        false,
        shape(TexDim::D3, false, false, false, ScalarTy::Uint),
    ),
    (
        "utextureCube",
        false,
        shape(TexDim::Cube, false, false, false, ScalarTy::Uint),
    ),
    (
        "utexture2DArray",
        false,
        shape(TexDim::D2, true, false, false, ScalarTy::Uint),
    ),
    (
        "utexture2DMS",
        false,
        shape(TexDim::D2, false, true, false, ScalarTy::Uint),
    ),
    (
        "texture2DShadow",
        false,
        shape(TexDim::D2, false, false, true, ScalarTy::Float),
    ),
    (
        "textureCubeShadow",
        false,
        shape(TexDim::Cube, false, false, true, ScalarTy::Float),
    ),
    (
        "texture2DArrayShadow",
        false,
        shape(TexDim::D2, true, false, true, ScalarTy::Float),
    ),
    (
        "sampler2D",
        true,
        shape(TexDim::D2, false, false, false, ScalarTy::Float),
    ),
    (
        "sampler3D",
        true,
        shape(TexDim::D3, false, false, false, ScalarTy::Float),
    ),
    (
        "samplerCube",
        true,
        shape(TexDim::Cube, false, false, false, ScalarTy::Float),
    ),
    (
        "sampler2DArray",
        true,
        shape(TexDim::D2, true, false, false, ScalarTy::Float),
    ),
    (
        "sampler2DShadow",
        true,
        shape(TexDim::D2, false, false, true, ScalarTy::Float),
    ),
    (
        "samplerCubeShadow",
        true,
        shape(TexDim::Cube, false, false, true, ScalarTy::Float),
    ),
    (
        "sampler2DArrayShadow",
        true,
        shape(TexDim::D2, true, false, true, ScalarTy::Float),
    ),
];

const fn shape(
    dim: TexDim,
    arrayed: bool,
    multisampled: bool,
    depth: bool,
    sampled: ScalarTy,
) -> TextureShape {
    TextureShape {
        dim,
        arrayed,
        multisampled,
        depth,
        sampled,
    }
}

fn texture_type(name: &str) -> Option<Ty> {
    TEXTURE_NAMES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, combined, s)| {
            if combined {
                Ty::CombinedSampler(s)
            } else {
                Ty::Texture(s)
            }
        })
}

fn texture_name(s: TextureShape, combined: bool) -> &'static str {
    TEXTURE_NAMES
        .iter()
        .find(|(_, c, sh)| *c == combined && *sh == s)
        .map_or("texture", |(n, _, _)| n)
}

/// Whether `name` is spelled like a builtin type (so it cannot name a user declaration).
pub(crate) fn is_builtin_type_name(name: &str) -> bool {
    builtin_type(name).is_some()
}

/// Every builtin type name, for "did you mean" suggestions.
pub(crate) fn builtin_type_names() -> impl Iterator<Item = String> {
    let fixed = [
        "bool",
        "int",
        "uint",
        "float",
        "half",
        "atomic_int",
        "atomic_uint",
        "sampler",
        "samplerShadow",
    ];
    let mut out: Vec<String> = fixed.iter().map(|s| (*s).to_string()).collect();
    for p in ["vec", "ivec", "uvec", "bvec", "hvec", "mat", "hmat"] {
        for n in 2..=4 {
            out.push(format!("{p}{n}"));
        }
    }
    for p in ["mat", "hmat"] {
        for c in 2..=4 {
            for r in 2..=4 {
                out.push(format!("{p}{c}x{r}"));
            }
        }
    }
    out.extend(TEXTURE_NAMES.iter().map(|(n, _, _)| (*n).to_string()));
    out.extend(IMAGE_NAMES.iter().map(|(n, _)| (*n).to_string()));
    out.into_iter()
}

/// The Luma spelling of a type (`vec3`, `mat2x4`, `[4]Light`, `sampler2DShadow`).
pub(crate) fn ty_name(prog: &Program, id: TyId) -> String {
    let mut prefix = String::new();
    let mut cur = id;
    // Arrays nest only as deep as type expressions do; an explicit loop keeps it iterative.
    loop {
        match prog.types.get(cur) {
            Ty::Array { element, len } => {
                match len {
                    ArrayLen::Fixed(n) => prefix.push_str(&format!("[{n}]")),
                    ArrayLen::Runtime => prefix.push_str("[]"),
                }
                cur = element;
            }
            other => {
                prefix.push_str(&leaf_name(prog, other));
                return prefix;
            }
        }
    }
}

fn leaf_name(prog: &Program, ty: Ty) -> String {
    match ty {
        Ty::Error => "{unknown}".to_string(),
        Ty::Scalar(s) => s.as_str().to_string(),
        Ty::Vector { scalar, size } => {
            let p = match scalar {
                ScalarTy::Float => "vec",
                ScalarTy::Int => "ivec",
                ScalarTy::Uint => "uvec",
                ScalarTy::Bool => "bvec",
                ScalarTy::Half => "hvec",
            };
            format!("{p}{size}")
        }
        Ty::Matrix {
            scalar,
            columns,
            rows,
        } => {
            let p = if scalar == ScalarTy::Half {
                "hmat"
            } else {
                "mat"
            };
            if columns == rows {
                format!("{p}{columns}")
            } else {
                format!("{p}{columns}x{rows}")
            }
        }
        Ty::Array { .. } => "array".to_string(),
        Ty::Struct(sid) => prog
            .structs
            .get(sid)
            .map_or_else(|| "struct".to_string(), |s| s.name.clone()),
        Ty::Atomic(s) => format!("atomic_{}", s.as_str()),
        Ty::Texture(s) => texture_name(s, false).to_string(),
        Ty::Sampler { comparison } => {
            if comparison {
                "samplerShadow".to_string()
            } else {
                "sampler".to_string()
            }
        }
        Ty::CombinedSampler(s) => texture_name(s, true).to_string(),
        Ty::StorageImage(s) => image_name(s).to_string(),
    }
}

/// The scalar type of a scalar, vector or matrix.
pub(crate) fn scalar_of(types: &Types, id: TyId) -> Option<ScalarTy> {
    match types.get(id) {
        Ty::Scalar(s) => Some(s),
        Ty::Vector { scalar, .. } => Some(scalar),
        Ty::Matrix { scalar, .. } => Some(scalar),
        _ => None,
    }
}

/// Whether the type is a texture, sampler, combined sampler or storage image, or an array of
/// them.
pub(crate) fn is_resource(types: &Types, id: TyId) -> bool {
    match types.get(id) {
        Ty::Texture(_) | Ty::Sampler { .. } | Ty::CombinedSampler(_) | Ty::StorageImage(_) => true,
        Ty::Array { element, .. } => matches!(
            types.get(element),
            Ty::Texture(_) | Ty::Sampler { .. } | Ty::CombinedSampler(_) | Ty::StorageImage(_)
        ),
        _ => false,
    }
}

/// What a type holds, anywhere inside it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Props {
    /// A `bool` somewhere.
    pub has_bool: bool,
    /// An atomic somewhere.
    pub has_atomic: bool,
    /// A runtime-sized array somewhere.
    pub has_runtime: bool,
    /// A texture, sampler or storage image somewhere.
    pub has_resource: bool,
    /// A `half` somewhere.
    pub has_half: bool,
    /// Struct and array nesting depth (a scalar is 0).
    pub depth: u32,
}

impl Props {
    /// Whether values of the type can exist (locals, parameters, results, literals).
    pub fn constructible(self) -> bool {
        !self.has_atomic && !self.has_runtime && !self.has_resource
    }

    fn merge(&mut self, other: Props) {
        self.has_bool |= other.has_bool;
        self.has_atomic |= other.has_atomic;
        self.has_runtime |= other.has_runtime;
        self.has_resource |= other.has_resource;
        self.has_half |= other.has_half;
        self.depth = self.depth.max(other.depth);
    }
}

/// Properties of `id`, given the already computed properties of every struct (`struct_props`
/// gives them by struct handle). Recurses only through array types, whose nesting the parser
/// bounds; structs are looked up.
pub(crate) fn props(types: &Types, struct_props: impl Fn(StructId) -> Props, id: TyId) -> Props {
    let mut p = Props::default();
    let mut cur = id;
    let mut depth = 0;
    loop {
        match types.get(cur) {
            Ty::Array { element, len } => {
                depth += 1;
                if len == ArrayLen::Runtime {
                    p.has_runtime = true;
                }
                cur = element;
            }
            Ty::Struct(sid) => {
                let sp = struct_props(sid);
                p.merge(sp);
                p.depth = p.depth.saturating_add(depth);
                return p;
            }
            leaf => {
                match leaf {
                    Ty::Scalar(ScalarTy::Bool) => p.has_bool = true,
                    Ty::Vector {
                        scalar: ScalarTy::Bool,
                        ..
                    } => p.has_bool = true,
                    Ty::Scalar(ScalarTy::Half)
                    | Ty::Vector {
                        scalar: ScalarTy::Half,
                        ..
                    }
                    | Ty::Matrix {
                        scalar: ScalarTy::Half,
                        ..
                    } => p.has_half = true,
                    Ty::Atomic(_) => p.has_atomic = true,
                    Ty::Texture(_)
                    | Ty::Sampler { .. }
                    | Ty::CombinedSampler(_)
                    | Ty::StorageImage(_) => p.has_resource = true,
                    _ => {}
                }
                p.depth = depth;
                return p;
            }
        }
    }
}

/// Converts an `f32` to IEEE binary16 bits, rounding to nearest even (overflow gives infinity).
pub(crate) fn f32_to_f16(value: f32) -> u16 {
    let bits = value.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xFF) as i32;
    let mant = bits & 0x007F_FFFF;
    if exp == 0xFF {
        let nan = if mant != 0 { 0x0200 } else { 0 };
        return sign | 0x7C00 | nan;
    }
    let e = exp - 127 + 15;
    if e >= 0x1F {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x0080_0000;
        let shift = (14 - e) as u32;
        let half_m = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let halfway = 1 << (shift - 1);
        let rounded = if rem > halfway || (rem == halfway && (half_m & 1) == 1) {
            half_m + 1
        } else {
            half_m
        };
        return sign | rounded as u16;
    }
    let half_m = mant >> 13;
    let rem = mant & 0x1FFF;
    let mut out = ((e as u32) << 10) | half_m;
    if rem > 0x1000 || (rem == 0x1000 && (half_m & 1) == 1) {
        out += 1;
    }
    sign | out as u16
}

/// Converts an `f64` to IEEE binary16 bits, rounding to nearest even once (overflow gives
/// infinity). Untyped constants are binary64: rounding them to `f32` first would round twice,
/// and a value just past a tie between two halves would land on the tie and go to even.
pub(crate) fn f64_to_f16(value: f64) -> u16 {
    let bits = value.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    let exp = ((bits >> 52) & 0x7FF) as i32;
    let mant = bits & 0x000F_FFFF_FFFF_FFFF;
    if exp == 0x7FF {
        let nan = if mant != 0 { 0x0200 } else { 0 };
        return sign | 0x7C00 | nan;
    }
    let e = exp - 1023 + 15;
    if e >= 0x1F {
        return sign | 0x7C00;
    }
    if e <= 0 {
        // Below 2^-25 (half the smallest subnormal, which itself ties to zero).
        if e < -10 {
            return sign;
        }
        let m = mant | (1 << 52);
        let shift = (43 - e) as u32;
        let half_m = m >> shift;
        let rem = m & ((1u64 << shift) - 1);
        let halfway = 1u64 << (shift - 1);
        let rounded = if rem > halfway || (rem == halfway && (half_m & 1) == 1) {
            half_m + 1
        } else {
            half_m
        };
        return sign | rounded as u16;
    }
    let half_m = mant >> 42;
    let rem = mant & ((1u64 << 42) - 1);
    let mut out = ((e as u64) << 10) | half_m;
    // A carry out of the mantissa moves to the next exponent, and past 65504 to infinity.
    if rem > (1u64 << 41) || (rem == (1u64 << 41) && (half_m & 1) == 1) {
        out += 1;
    }
    sign | out as u16
}

/// Converts IEEE binary16 bits to `f32` (exact).
pub(crate) fn f16_to_f32(bits: u16) -> f32 {
    let sign = if bits & 0x8000 != 0 { -1.0f32 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1F);
    let mant = f32::from(bits & 0x3FF);
    match exp {
        0 => sign * mant * 2f32.powi(-24),
        0x1F => {
            if mant == 0.0 {
                sign * f32::INFINITY
            } else {
                f32::NAN
            }
        }
        _ => sign * (1.0 + mant / 1024.0) * 2f32.powi(exp - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in builtin_type_names() {
            assert!(builtin_type(&name).is_some(), "{name}");
        }
        assert_eq!(
            builtin_type("mat2x3"),
            Some(Ty::Matrix {
                scalar: ScalarTy::Float,
                columns: 2,
                rows: 3
            })
        );
        assert_eq!(builtin_type("vec5"), None);
        assert_eq!(builtin_type("mat1"), None);
    }

    #[test]
    fn half_conversions() {
        for v in [
            0.0f32,
            1.0,
            -2.5,
            65504.0,
            0.000061035156,
            5.9604645e-8,
            0.1,
        ] {
            let h = f32_to_f16(v);
            let back = f16_to_f32(h);
            assert!((back - v).abs() <= v.abs() * 0.001 + 1e-7, "{v} -> {back}");
        }
        assert_eq!(f32_to_f16(1.0), 0x3C00);
        assert_eq!(f32_to_f16(65520.0), 0x7C00);
        assert_eq!(f32_to_f16(-0.0), 0x8000);
    }

    #[test]
    fn half_from_f64_rounds_once() {
        // Expected bits from Python's struct.pack('<e', v), which rounds binary64 directly.
        for (v, bits) in [
            (1.0 + 2f64.powi(-11) + 2f64.powi(-40), 0x3C01),
            (1.0 + 2f64.powi(-11), 0x3C00),
            (1.0 + 3.0 * 2f64.powi(-11), 0x3C02),
            (1.0 / 3.0, 0x3555),
            (0.1, 0x2E66),
            (65519.99, 0x7BFF),
            (65520.0, 0x7C00),
            (-1e300, 0xFC00),
            (2f64.powi(-24), 0x0001),
            (2f64.powi(-25), 0x0000),
            (2f64.powi(-25) + 2f64.powi(-60), 0x0001),
            (3.0 * 2f64.powi(-25), 0x0002),
            (2f64.powi(-14) - 2f64.powi(-25), 0x0400),
            (2f64.powi(-14) - 2f64.powi(-24), 0x03FF),
            (-0.0, 0x8000),
            (1e-310, 0x0000),
        ] {
            assert_eq!(f64_to_f16(v), bits, "{v:e}");
        }
        assert_eq!(f64_to_f16(f64::NAN) & 0x7C00, 0x7C00);
        // Every f32 converts as f32_to_f16 converts it.
        for bits in (0..=u32::MAX).step_by(4099) {
            let f = f32::from_bits(bits);
            if !f.is_nan() {
                assert_eq!(f64_to_f16(f64::from(f)), f32_to_f16(f), "{f:e}");
            }
        }
    }
}
