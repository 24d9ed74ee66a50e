//! Helper functions for operations WGSL has no builtin or operator for, written once per type
//! and only when the program uses them. WGSL has no overloading, so each helper's name carries
//! its type (`luma_mod_vec3f`).

use luma_ir::{Scalar, VectorSize};

/// One helper function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Helper {
    /// `mod(x, y) = x - y * floor(x / y)` on a float scalar or vector.
    Mod {
        /// Component type.
        scalar: Scalar,
        /// Vector size, `None` for a scalar.
        size: Option<VectorSize>,
    },
    /// Inverse of a square matrix.
    Inverse {
        /// Columns and rows.
        size: VectorSize,
        /// `f32` or `f16`.
        scalar: Scalar,
    },
    /// An `f32` from its bits, at run time: infinities and NaNs have no WGSL literal, and a
    /// constant `bitcast` to one is rejected when the shader is created.
    FloatFromBits {
        /// Always `f32`.
        scalar: Scalar,
    },
}

/// `f32`, `vec3f`, `f16`, `vec2h`.
pub fn shape_suffix(scalar: Scalar, size: Option<VectorSize>) -> String {
    let s = if scalar.width == 2 { "h" } else { "f" };
    match size {
        None => if scalar.width == 2 { "f16" } else { "f32" }.to_string(),
        Some(size) => format!("vec{}{s}", size.count()),
    }
}

/// `mat3x3f`, `mat2x4h`.
pub fn matrix_name(columns: VectorSize, rows: VectorSize, scalar: Scalar) -> String {
    let s = if scalar.width == 2 { "h" } else { "f" };
    format!("mat{}x{}{s}", columns.count(), rows.count())
}

impl Helper {
    /// Every helper the back end may write, for the namer to keep user names off theirs
    /// (`luma_mod_vec3f` is a valid Luma function name).
    pub fn all() -> Vec<Helper> {
        let sizes = [
            None,
            Some(VectorSize::Bi),
            Some(VectorSize::Tri),
            Some(VectorSize::Quad),
        ];
        let mut all = Vec::new();
        for scalar in [Scalar::F32, Scalar::F16] {
            all.extend(sizes.map(|size| Helper::Mod { scalar, size }));
            all.extend(
                sizes
                    .into_iter()
                    .flatten()
                    .map(|size| Helper::Inverse { size, scalar }),
            );
            all.push(Helper::FloatFromBits { scalar });
        }
        all
    }

    /// The function name.
    pub fn name(self) -> String {
        match self {
            Helper::Mod { scalar, size } => format!("luma_mod_{}", shape_suffix(scalar, size)),
            Helper::Inverse { size, scalar } => {
                format!("luma_inverse_{}", matrix_name(size, size, scalar))
            }
            Helper::FloatFromBits { scalar } => {
                format!("luma_{}_from_bits", shape_suffix(scalar, None))
            }
        }
    }

    /// The WGSL definition.
    pub fn definition(self) -> String {
        let name = self.name();
        match self {
            Helper::Mod { scalar, size } => {
                let t = shape_suffix(scalar, size);
                format!(
                    "// GLSL-style `mod`: x - y * floor(x / y).\n\
                     fn {name}(x: {t}, y: {t}) -> {t} {{\n    return x - y * floor(x / y);\n}}\n"
                )
            }
            Helper::FloatFromBits { .. } => {
                format!("fn {name}(bits: u32) -> f32 {{\n    return bitcast<f32>(bits);\n}}\n")
            }
            Helper::Inverse { size, scalar } => {
                let t = matrix_name(size, size, scalar);
                let v4 = shape_suffix(scalar, Some(VectorSize::Quad));
                let body = match size {
                    VectorSize::Bi => "    let det = m[0][0] * m[1][1] - m[1][0] * m[0][1];\n    \
                         return T(m[1][1], -m[0][1], -m[1][0], m[0][0]) * (1.0 / det);\n"
                        .replace('T', &t),
                    VectorSize::Tri => "    let r0 = cross(m[1], m[2]);\n    \
                         let r1 = cross(m[2], m[0]);\n    \
                         let r2 = cross(m[0], m[1]);\n    \
                         let det = dot(m[0], r0);\n    \
                         return transpose(T(r0, r1, r2)) * (1.0 / det);\n"
                        .replace('T', &t),
                    VectorSize::Quad => INVERSE4.replace("MAT", &t).replace("VEC", &v4),
                };
                format!("// Inverse of a square matrix.\nfn {name}(m: {t}) -> {t} {{\n{body}}}\n")
            }
        }
    }
}

/// 4x4 inverse by cofactors (the classic GLM formulation), column-major.
const INVERSE4: &str = "    let c00 = m[2][2] * m[3][3] - m[3][2] * m[2][3];
    let c02 = m[1][2] * m[3][3] - m[3][2] * m[1][3];
    let c03 = m[1][2] * m[2][3] - m[2][2] * m[1][3];
    let c04 = m[2][1] * m[3][3] - m[3][1] * m[2][3];
    let c06 = m[1][1] * m[3][3] - m[3][1] * m[1][3];
    let c07 = m[1][1] * m[2][3] - m[2][1] * m[1][3];
    let c08 = m[2][1] * m[3][2] - m[3][1] * m[2][2];
    let c10 = m[1][1] * m[3][2] - m[3][1] * m[1][2];
    let c11 = m[1][1] * m[2][2] - m[2][1] * m[1][2];
    let c12 = m[2][0] * m[3][3] - m[3][0] * m[2][3];
    let c14 = m[1][0] * m[3][3] - m[3][0] * m[1][3];
    let c15 = m[1][0] * m[2][3] - m[2][0] * m[1][3];
    let c16 = m[2][0] * m[3][2] - m[3][0] * m[2][2];
    let c18 = m[1][0] * m[3][2] - m[3][0] * m[1][2];
    let c19 = m[1][0] * m[2][2] - m[2][0] * m[1][2];
    let c20 = m[2][0] * m[3][1] - m[3][0] * m[2][1];
    let c22 = m[1][0] * m[3][1] - m[3][0] * m[1][1];
    let c23 = m[1][0] * m[2][1] - m[2][0] * m[1][1];
    let f0 = VEC(c00, c00, c02, c03);
    let f1 = VEC(c04, c04, c06, c07);
    let f2 = VEC(c08, c08, c10, c11);
    let f3 = VEC(c12, c12, c14, c15);
    let f4 = VEC(c16, c16, c18, c19);
    let f5 = VEC(c20, c20, c22, c23);
    let v0 = VEC(m[1][0], m[0][0], m[0][0], m[0][0]);
    let v1 = VEC(m[1][1], m[0][1], m[0][1], m[0][1]);
    let v2 = VEC(m[1][2], m[0][2], m[0][2], m[0][2]);
    let v3 = VEC(m[1][3], m[0][3], m[0][3], m[0][3]);
    let sign_a = VEC(1.0, -1.0, 1.0, -1.0);
    let sign_b = VEC(-1.0, 1.0, -1.0, 1.0);
    let inv = MAT(
        (v1 * f0 - v2 * f1 + v3 * f2) * sign_a,
        (v0 * f0 - v2 * f3 + v3 * f4) * sign_b,
        (v0 * f1 - v1 * f3 + v3 * f5) * sign_a,
        (v0 * f2 - v1 * f4 + v2 * f5) * sign_b,
    );
    let d = m[0] * VEC(inv[0][0], inv[1][0], inv[2][0], inv[3][0]);
    return inv * (1.0 / ((d.x + d.y) + (d.z + d.w)));
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_is_floored() {
        let helper = Helper::Mod {
            scalar: Scalar::F32,
            size: Some(VectorSize::Tri),
        };
        assert_eq!(helper.name(), "luma_mod_vec3f");
        let text = helper.definition();
        assert!(
            text.contains("fn luma_mod_vec3f(x: vec3f, y: vec3f) -> vec3f {"),
            "{text}"
        );
        assert!(text.contains("return x - y * floor(x / y);"), "{text}");
    }

    #[test]
    fn inverse_per_size_and_width() {
        for (size, name) in [
            (VectorSize::Bi, "luma_inverse_mat2x2f"),
            (VectorSize::Tri, "luma_inverse_mat3x3f"),
            (VectorSize::Quad, "luma_inverse_mat4x4f"),
        ] {
            let helper = Helper::Inverse {
                size,
                scalar: Scalar::F32,
            };
            assert_eq!(helper.name(), name);
            assert!(helper.definition().contains(&format!("fn {name}(m: ")));
        }
        let half = Helper::Inverse {
            size: VectorSize::Quad,
            scalar: Scalar::F16,
        }
        .definition();
        assert!(
            half.contains("-> mat4x4h") && half.contains("vec4h(c00, c00, c02, c03)"),
            "{half}"
        );
    }

    #[test]
    fn float_from_bits_is_a_run_time_bitcast() {
        let helper = Helper::FloatFromBits {
            scalar: Scalar::F32,
        };
        assert_eq!(
            helper.definition(),
            "fn luma_f32_from_bits(bits: u32) -> f32 {\n    return bitcast<f32>(bits);\n}\n"
        );
    }
}
