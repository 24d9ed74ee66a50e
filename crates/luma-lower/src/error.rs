//! The failure lowering passes up the call stack: a diagnostic code, a span and a message.
//!
//! Lowering runs on checked programs, so almost every failure here means the typed program broke
//! its contract with lowering (a checker bug); those are reported as `E0899` instead of a panic.

use luma_base::{Code, Diagnostic, Span};

use crate::codes;

/// Why lowering of a function (or of the module) stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The diagnostic code to report.
    pub code: Code,
    /// Where.
    pub span: Span,
    /// What went wrong.
    pub message: String,
}

/// Result of a lowering step.
pub(crate) type LResult<T> = Result<T, Failure>;

impl Failure {
    /// The typed program violates an invariant the checker promises.
    pub fn malformed(span: Span, what: impl Into<String>) -> Failure {
        Failure {
            code: codes::MALFORMED_PROGRAM,
            span,
            message: format!(
                "internal compiler error: lowering met a malformed typed program: {}",
                what.into()
            ),
        }
    }

    /// Blocks, expressions or types nest deeper than the nesting limit allows.
    pub fn too_deep(span: Span, limit: u32) -> Failure {
        Failure {
            code: codes::NESTING_TOO_DEEP,
            span,
            message: format!("code nested deeper than the nesting limit of {limit}"),
        }
    }

    /// An expression tree deeper than lowering follows (`Limits::typed_expression_depth`).
    pub fn expression_too_deep(span: Span, limit: u32) -> Failure {
        Failure {
            code: codes::NESTING_TOO_DEEP,
            span,
            message: format!("an expression deeper than {limit} levels"),
        }
    }

    /// A global whose type takes more than 4 GiB laid out as `layout` says.
    pub fn too_large(span: Span, name: &str, layout: &str) -> Failure {
        Failure {
            code: codes::TYPE_TOO_LARGE,
            span,
            message: format!("`{name}` takes more than 4 GiB ({layout})"),
        }
    }

    /// The diagnostic to report.
    pub fn into_diagnostic(self) -> Diagnostic {
        let is_internal = self.code == codes::MALFORMED_PROGRAM;
        let d = Diagnostic::error(self.code, self.span, self.message);
        if is_internal {
            d.with_note(
                "the checker accepted this program, so this is a compiler bug; please report it",
            )
        } else if self.code == codes::TYPE_TOO_LARGE {
            d.with_help(
                "no target addresses more than 4 GiB in one binding: use smaller arrays, a \
                 runtime-sized outer array (`[]T`), or several buffers",
            )
        } else {
            d.with_help("split the code into smaller functions")
        }
    }
}
