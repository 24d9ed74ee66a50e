//! Luma spellings of IR types (`vec3`, `[4]mat4`, `texture2DShadow`), as reflection reports them.

use luma_base::{Handle, UniqueArena};
use luma_ir::{
    ArraySize, ImageClass, ImageDimension, Literal, Scalar, ScalarKind, Type, TypeInner, VectorSize,
};

/// The Luma name of a scalar type (`float`, `int`, `uint`, `bool`, `half`).
pub(crate) fn scalar_name(scalar: Scalar) -> &'static str {
    match (scalar.kind, scalar.width) {
        (ScalarKind::Bool, _) => "bool",
        (ScalarKind::Sint, _) => "int",
        (ScalarKind::Uint, _) => "uint",
        (ScalarKind::Float, 2) => "half",
        (ScalarKind::Float, _) => "float",
    }
}

fn vector_prefix(scalar: Scalar) -> &'static str {
    match (scalar.kind, scalar.width) {
        (ScalarKind::Bool, _) => "bvec",
        (ScalarKind::Sint, _) => "ivec",
        (ScalarKind::Uint, _) => "uvec",
        (ScalarKind::Float, 2) => "hvec",
        (ScalarKind::Float, _) => "vec",
    }
}

fn matrix_name(columns: VectorSize, rows: VectorSize, scalar: Scalar) -> String {
    let prefix = if scalar.width == 2 { "hmat" } else { "mat" };
    if columns == rows {
        format!("{prefix}{}", columns.count())
    } else {
        format!("{prefix}{}x{}", columns.count(), rows.count())
    }
}

fn image_name(dim: ImageDimension, arrayed: bool, class: ImageClass) -> String {
    let (prefix, multisampled, shadow) = match class {
        ImageClass::Sampled { kind, multisampled } => {
            let prefix = match kind {
                ScalarKind::Sint => "i",
                ScalarKind::Uint => "u",
                ScalarKind::Float | ScalarKind::Bool => "",
            };
            (prefix, multisampled, false)
        }
        ImageClass::Depth { multisampled } => ("", multisampled, true),
        ImageClass::Storage { format, .. } => {
            let prefix = match format.kind() {
                ScalarKind::Sint => "i",
                ScalarKind::Uint => "u",
                ScalarKind::Float | ScalarKind::Bool => "",
            };
            let dim = match dim {
                ImageDimension::D3 => "3D",
                _ => "2D",
            };
            return format!("{prefix}image{dim}{}", if arrayed { "Array" } else { "" });
        }
    };
    let dim = match dim {
        ImageDimension::D2 => "2D",
        ImageDimension::D3 => "3D",
        ImageDimension::Cube => "Cube",
    };
    format!(
        "{prefix}texture{dim}{}{}{}",
        if arrayed { "Array" } else { "" },
        if multisampled { "MS" } else { "" },
        if shadow { "Shadow" } else { "" }
    )
}

/// The Luma spelling of `ty`: `float`, `vec3`, `mat2x3`, `[4]Light`, `[]vec4`, `atomic_uint`,
/// `texture2D`, `samplerShadow`, or a struct's name. Arrays are peeled in a loop, so deeply
/// nested array types cost no recursion; a bad handle spells `{invalid}`.
pub(crate) fn type_name(types: &UniqueArena<Type>, ty: Handle<Type>) -> String {
    let mut prefix = String::new();
    let mut current = ty;
    // Each step moves to an earlier handle, so the loop ends after at most `types.len()` steps.
    for _ in 0..=types.len() {
        let Some(t) = types.get(current) else {
            break;
        };
        let leaf = match &t.inner {
            TypeInner::Array { base, size } => {
                match size {
                    ArraySize::Constant(n) => prefix.push_str(&format!("[{n}]")),
                    ArraySize::Runtime => prefix.push_str("[]"),
                }
                current = *base;
                continue;
            }
            TypeInner::Scalar(s) => scalar_name(*s).to_string(),
            TypeInner::Vector { size, scalar } => {
                format!("{}{}", vector_prefix(*scalar), size.count())
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => matrix_name(*columns, *rows, *scalar),
            TypeInner::Atomic(s) => format!("atomic_{}", scalar_name(*s)),
            TypeInner::Struct { .. } => t
                .name
                .clone()
                .unwrap_or_else(|| format!("struct{}", current.index())),
            TypeInner::Pointer { .. } => "pointer".to_string(),
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => image_name(*dim, *arrayed, *class),
            TypeInner::Sampler { comparison } => {
                if *comparison {
                    "samplerShadow".to_string()
                } else {
                    "sampler".to_string()
                }
            }
        };
        prefix.push_str(&leaf);
        return prefix;
    }
    prefix.push_str("{invalid}");
    prefix
}

/// A scalar constant's value as text: `16`, `true`, `0.5`, `1.0`, `-0.0`, `inf`, `NaN`.
/// Floats use the shortest text that reads back to the same value, always with a `.` or an
/// exponent so that they read as floats.
pub(crate) fn literal_text(literal: Literal) -> String {
    match literal {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(v) => v.to_string(),
        Literal::U32(v) => v.to_string(),
        Literal::F32(v) => float_text(v),
        Literal::F16(bits) => float_text(luma_ir::proc::f16_to_f32(bits)),
    }
}

/// Shortest round-trip text of a float (`{:?}` prints `1.0`, `0.025`, `1e-7`, `inf`, `NaN`).
pub(crate) fn float_text(v: f32) -> String {
    format!("{v:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_types_the_luma_way() {
        let mut types = UniqueArena::new();
        let mut add = |inner| types.insert(Type { name: None, inner });
        let f = add(TypeInner::Scalar(Scalar::F32));
        let h3 = add(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::F16,
        });
        let m23 = add(TypeInner::Matrix {
            columns: VectorSize::Bi,
            rows: VectorSize::Tri,
            scalar: Scalar::F32,
        });
        let arr = add(TypeInner::Array {
            base: m23,
            size: ArraySize::Constant(4),
        });
        let rt = add(TypeInner::Array {
            base: arr,
            size: ArraySize::Runtime,
        });
        let at = add(TypeInner::Atomic(Scalar::U32));
        let shadow = add(TypeInner::Image {
            dim: ImageDimension::Cube,
            arrayed: false,
            class: ImageClass::Depth {
                multisampled: false,
            },
        });
        let itex = add(TypeInner::Image {
            dim: ImageDimension::D2,
            arrayed: true,
            class: ImageClass::Sampled {
                kind: ScalarKind::Sint,
                multisampled: false,
            },
        });
        let cmp = add(TypeInner::Sampler { comparison: true });
        let cases = [
            (f, "float"),
            (h3, "hvec3"),
            (m23, "mat2x3"),
            (arr, "[4]mat2x3"),
            (rt, "[][4]mat2x3"),
            (at, "atomic_uint"),
            (shadow, "textureCubeShadow"),
            (itex, "itexture2DArray"),
            (cmp, "samplerShadow"),
            (Handle::from_index(99), "{invalid}"),
        ];
        for (ty, name) in cases {
            assert_eq!(type_name(&types, ty), name);
        }
    }

    #[test]
    fn literals_read_back_as_their_type() {
        assert_eq!(literal_text(Literal::F32(1.0)), "1.0");
        assert_eq!(literal_text(Literal::F32(0.025)), "0.025");
        assert_eq!(literal_text(Literal::F32(-0.0)), "-0.0");
        assert_eq!(literal_text(Literal::I32(-3)), "-3");
        assert_eq!(literal_text(Literal::U32(7)), "7");
        assert_eq!(literal_text(Literal::Bool(false)), "false");
        assert_eq!(literal_text(Literal::F16(0x3800)), "0.5");
    }
}
