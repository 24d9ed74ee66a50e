//! `--spec ID=VALUE`: values for specialization constants, typed by the constant they set.

use std::collections::BTreeMap;

use luma_base::{Diagnostic, Diagnostics};
use luma_ir::Literal;
use luma_thir::{Program, ScalarTy, Ty};

use crate::codes::E0003;
use crate::NO_LOCATION;

/// A specialization constant value as written by the user; its type comes from the constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpecValue {
    /// `true` / `false`.
    Bool(bool),
    /// An integer (for `int`, `uint`, or a float constant).
    Int(i64),
    /// A number with a fraction or exponent (for float constants).
    Float(f64),
}

/// Parses `ID=VALUE` (`3=true`, `0=64`, `2=-1`, `5=0.25`, `1=0x10`).
pub fn parse_spec_assignment(text: &str) -> Result<(u32, SpecValue), String> {
    let (id, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not of the form ID=VALUE"))?;
    let id: u32 = id
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a specialization constant id", id.trim()))?;
    let value = value.trim();
    let parsed = match value {
        "true" => SpecValue::Bool(true),
        "false" => SpecValue::Bool(false),
        _ => {
            let (negative, digits) = match value.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, value.strip_prefix('+').unwrap_or(value)),
            };
            // One sign at most, before the digits: Rust's integer parsers take a sign of their
            // own, which made `--3` a 3 and `-0x-10` a 16.
            let int = if let Some(hex) = digits
                .strip_prefix("0x")
                .or_else(|| digits.strip_prefix("0X"))
            {
                hex.bytes()
                    .all(|b| b.is_ascii_hexdigit())
                    .then(|| i64::from_str_radix(hex, 16).ok())
                    .flatten()
            } else if digits.starts_with(|c: char| c.is_ascii_digit()) {
                digits.parse::<i64>().ok()
            } else {
                None
            };
            match int {
                Some(v) => SpecValue::Int(if negative { -v } else { v }),
                None => match value.parse::<f64>() {
                    Ok(v) if v.is_finite() => SpecValue::Float(v),
                    _ => return Err(format!("`{value}` is not a boolean or a number")),
                },
            }
        }
    };
    Ok((id, parsed))
}

/// Converts user values to literals of the types of the constants they set.
pub(crate) fn resolve(
    program: &Program,
    values: &BTreeMap<u32, SpecValue>,
    diags: &mut Diagnostics,
) -> Option<BTreeMap<u32, Literal>> {
    let mut out = BTreeMap::new();
    let mut ok = true;
    for (&id, &value) in values {
        let Some((_, constant)) = program.consts.iter().find(|(_, c)| c.spec_id == Some(id)) else {
            let known: Vec<String> = program
                .consts
                .iter()
                .filter_map(|(_, c)| c.spec_id.map(|i| format!("{i} (`{}`)", c.name)))
                .collect();
            let mut d = Diagnostic::error(
                E0003,
                NO_LOCATION,
                format!("no specialization constant has id {id}"),
            );
            d = d.with_note(if known.is_empty() {
                "the source declares no `@spec` constant".to_string()
            } else {
                format!(
                    "specialization constants: {}",
                    luma_base::capped_list(&known)
                )
            });
            diags.push(d);
            ok = false;
            continue;
        };
        let literal = match (program.types.get(constant.ty), value) {
            (Ty::Scalar(ScalarTy::Bool), SpecValue::Bool(b)) => Some(Literal::Bool(b)),
            (Ty::Scalar(ScalarTy::Int), SpecValue::Int(v)) => {
                i32::try_from(v).ok().map(Literal::I32)
            }
            (Ty::Scalar(ScalarTy::Uint), SpecValue::Int(v)) => {
                u32::try_from(v).ok().map(Literal::U32)
            }
            // A value that rounds to infinity does not fit, as the same literal in the source
            // does not (E0208, E0516).
            (Ty::Scalar(ScalarTy::Float), SpecValue::Int(v)) => finite(v as f32).map(Literal::F32),
            (Ty::Scalar(ScalarTy::Float), SpecValue::Float(v)) => {
                finite(v as f32).map(Literal::F32)
            }
            (Ty::Scalar(ScalarTy::Half), SpecValue::Int(v)) => finite_half(v as f32),
            (Ty::Scalar(ScalarTy::Half), SpecValue::Float(v)) => finite_half(v as f32),
            _ => None,
        };
        match literal {
            Some(l) => {
                out.insert(id, l);
            }
            None => {
                let ty = match program.types.get(constant.ty) {
                    Ty::Scalar(s) => format!("`{}`", s.as_str()),
                    _ => "of a non-scalar type".to_string(),
                };
                let given = match value {
                    SpecValue::Bool(b) => b.to_string(),
                    SpecValue::Int(v) => v.to_string(),
                    SpecValue::Float(v) => format!("{v:?}"),
                };
                diags.push(
                    Diagnostic::error(
                        E0003,
                        constant.span,
                        format!(
                            "`--spec {id}={given}` does not fit `{}`, whose type is {ty}",
                            constant.name
                        ),
                    )
                    .with_primary_label("the specialization constant is declared here"),
                );
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

fn finite(v: f32) -> Option<f32> {
    v.is_finite().then_some(v)
}

/// `v` as a `half` literal, unless it rounds to infinity there.
fn finite_half(v: f32) -> Option<Literal> {
    let bits = luma_ir::proc::f32_to_f16(finite(v)?);
    // Exponent all ones: infinity (a finite `v` is never NaN).
    (bits & 0x7c00 != 0x7c00).then_some(Literal::F16(bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_assignments() {
        assert_eq!(
            parse_spec_assignment("3=true"),
            Ok((3, SpecValue::Bool(true)))
        );
        assert_eq!(parse_spec_assignment("0=-12"), Ok((0, SpecValue::Int(-12))));
        assert_eq!(parse_spec_assignment("1=0x10"), Ok((1, SpecValue::Int(16))));
        assert_eq!(
            parse_spec_assignment("2=0.5"),
            Ok((2, SpecValue::Float(0.5)))
        );
        assert!(parse_spec_assignment("x=1").is_err());
        assert!(parse_spec_assignment("1").is_err());
        assert!(parse_spec_assignment("1=abc").is_err());
        // One sign, before the digits.
        assert_eq!(parse_spec_assignment("0=+3"), Ok((0, SpecValue::Int(3))));
        assert_eq!(
            parse_spec_assignment("0=-0x10"),
            Ok((0, SpecValue::Int(-16)))
        );
        for doubled in [
            "0=--3", "0=-+3", "0=+-3", "0=++3", "0=-0x-10", "0=0x+10", "0=-0x+1",
        ] {
            assert!(parse_spec_assignment(doubled).is_err(), "{doubled}");
        }
        assert_eq!(
            parse_spec_assignment("2=-.5"),
            Ok((2, SpecValue::Float(-0.5)))
        );
    }

    #[test]
    fn lists_of_known_names_are_capped() {
        let items = |n: usize| (0..n).map(|i| format!("`c{i}`")).collect::<Vec<_>>();
        assert_eq!(luma_base::capped_list(items(2)), "`c0`, `c1`");
        assert_eq!(luma_base::capped_list(items(9)).matches('`').count(), 18);
        assert_eq!(
            luma_base::capped_list(items(20_000)),
            "`c0`, `c1`, `c2`, `c3`, `c4`, `c5`, `c6`, `c7`, and 19992 more"
        );
    }
}
