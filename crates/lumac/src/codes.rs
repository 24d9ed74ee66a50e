//! Diagnostic codes of the library facade (E00xx): driver-level problems such as a bad
//! `--spec` value or an entry point that does not exist, and internal errors.

use luma_base::{Code, CodeDoc, Diagnostic, Severity, Span};

/// An internal compiler error: a stage produced something the next stage rejected.
pub const E0001: Code = Code("E0001");
/// The selected entry point or stage does not exist in the source.
pub const E0002: Code = Code("E0002");
/// A `--spec` value names no specialization constant or does not fit its type.
pub const E0003: Code = Code("E0003");
/// A back end cannot express the program (the message names the target and construct).
pub const E0004: Code = Code("E0004");

/// Every code of this crate.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: E0001,
        severity: Severity::Error,
        title: "internal compiler error",
        example: "(no source triggers this on purpose; please report it)",
    },
    CodeDoc {
        code: E0002,
        severity: Severity::Error,
        title: "the selected entry point or stage does not exist",
        example: "luma compile shader.luma --entry=missing",
    },
    CodeDoc {
        code: E0003,
        severity: Severity::Error,
        title: "a `--spec` value does not match a specialization constant",
        example: "luma compile shader.luma --spec 7=1.5   (no `@spec(7)` constant)",
    },
    CodeDoc {
        code: E0004,
        severity: Severity::Error,
        title: "a back end cannot express the program",
        example: "@entry(geometry) ... compiled with --target=wgsl",
    },
];

/// An internal error at the start of the file (there is no user span to blame).
pub(crate) fn internal(message: String) -> Diagnostic {
    Diagnostic::error(E0001, Span::point(0), message)
        .with_note("this is a bug in the Luma compiler; please report it with the source")
}
