//! Helper functions that give GLSL operators Luma's meaning, written once per type and only when
//! the program uses them.
//!
//! GLSL leaves integer division by zero and `MIN / -1` undefined, and its `%` on negative
//! operands undefined (glslang emits a floored `OpSMod`). Luma's `/` truncates toward zero with
//! `x / 0 == x` and `MIN / -1 == MIN`, and `%` is the truncated remainder with `x % 0 == 0` and
//! `MIN % -1 == 0`. Replacing the divisor by 1 in exactly the cases GLSL leaves undefined gives
//! all of those at once: `x / 1 == x`, `MIN / 1 == MIN`, and `x - 1 * (x / 1) == 0`.

use luma_ir::{Scalar, ScalarKind, VectorSize};

/// Which operation a helper implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HelperKind {
    /// Integer `/`.
    Div,
    /// Integer `%` and float `%` (`x - y * trunc(x / y)`).
    Rem,
}

/// One helper overload: an operation on one scalar or vector type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Helper {
    /// The operation.
    pub kind: HelperKind,
    /// The component type.
    pub scalar: Scalar,
    /// The vector size, `None` for a scalar.
    pub size: Option<VectorSize>,
}

impl Helper {
    /// The function name (overloaded by type).
    pub fn name(self) -> &'static str {
        match self.kind {
            HelperKind::Div => "luma_div",
            HelperKind::Rem => "luma_rem",
        }
    }

    /// The helper that this one calls, which must be written before it.
    pub fn dependency(self) -> Option<Helper> {
        match (self.scalar.kind, self.size) {
            (ScalarKind::Sint, Some(_)) => Some(Helper { size: None, ..self }),
            _ => None,
        }
    }

    /// The GLSL definition. `ty` spells a scalar or vector type of this helper's component.
    pub fn definition(self, ty: &dyn Fn(Scalar, Option<VectorSize>) -> String) -> String {
        let t = ty(self.scalar, self.size);
        let name = self.name();
        let head = format!("{t} {name}({t} a, {t} b) {{");
        let body = match (self.kind, self.scalar.kind, self.size) {
            (HelperKind::Div, ScalarKind::Sint, None) => {
                "    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);"
                    .to_string()
            }
            (HelperKind::Rem, ScalarKind::Sint, None) => {
                "    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;\n    \
                 return a - d * (a / d);"
                    .to_string()
            }
            // Signed vectors: componentwise, through the scalar overload (GLSL has no
            // componentwise `||` to build the condition with).
            (_, ScalarKind::Sint, Some(size)) => {
                let parts: Vec<String> = ["x", "y", "z", "w"]
                    .iter()
                    .take(size.count() as usize)
                    .map(|c| format!("{name}(a.{c}, b.{c})"))
                    .collect();
                format!("    return {t}({});", parts.join(", "))
            }
            (kind, ScalarKind::Uint, size) => {
                let op = if kind == HelperKind::Div { "/" } else { "%" };
                match size {
                    None => format!("    return a {op} (b == 0u ? 1u : b);"),
                    Some(_) => format!("    return a {op} mix(b, {t}(1u), equal(b, {t}(0u)));"),
                }
            }
            // Float `%`: the truncated remainder, unlike GLSL's `mod`.
            _ => "    return a - b * trunc(a / b);".to_string(),
        };
        let comment = match (self.kind, self.scalar.kind) {
            (HelperKind::Div, _) => {
                "// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN."
            }
            (HelperKind::Rem, ScalarKind::Float) => "// Luma `%` on floats: x - y * trunc(x / y).",
            (HelperKind::Rem, _) => {
                "// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0."
            }
        };
        format!("{comment}\n{head}\n{body}\n}}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use luma_ir::Scalar;

    fn text(kind: HelperKind, scalar: Scalar, size: Option<VectorSize>) -> String {
        Helper { kind, scalar, size }.definition(&|s, size| crate::writer::shape_name(s, size))
    }

    #[test]
    fn signed_division_replaces_the_undefined_divisors_by_one() {
        let div = text(HelperKind::Div, Scalar::I32, None);
        assert!(div.contains("int luma_div(int a, int b) {"), "{div}");
        assert!(
            div.contains("return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);"),
            "{div}"
        );
        let rem = text(HelperKind::Rem, Scalar::I32, None);
        assert!(rem.contains("return a - d * (a / d);"), "{rem}");
    }

    #[test]
    fn signed_vectors_go_through_the_scalar_overload() {
        let helper = Helper {
            kind: HelperKind::Div,
            scalar: Scalar::I32,
            size: Some(VectorSize::Tri),
        };
        assert_eq!(
            helper.dependency(),
            Some(Helper {
                size: None,
                ..helper
            })
        );
        let div = text(HelperKind::Div, Scalar::I32, Some(VectorSize::Tri));
        assert!(
            div.contains(
                "return ivec3(luma_div(a.x, b.x), luma_div(a.y, b.y), luma_div(a.z, b.z));"
            ),
            "{div}"
        );
    }

    #[test]
    fn unsigned_and_float_helpers() {
        let udiv = text(HelperKind::Div, Scalar::U32, Some(VectorSize::Bi));
        assert!(
            udiv.contains("return a / mix(b, uvec2(1u), equal(b, uvec2(0u)));"),
            "{udiv}"
        );
        let urem = text(HelperKind::Rem, Scalar::U32, None);
        assert!(urem.contains("return a % (b == 0u ? 1u : b);"), "{urem}");
        let frem = text(HelperKind::Rem, Scalar::F32, Some(VectorSize::Quad));
        assert!(frem.contains("vec4 luma_rem(vec4 a, vec4 b) {"), "{frem}");
        assert!(frem.contains("return a - b * trunc(a / b);"), "{frem}");
        assert_eq!(
            Helper {
                kind: HelperKind::Rem,
                scalar: Scalar::F32,
                size: None
            }
            .dependency(),
            None
        );
    }
}
