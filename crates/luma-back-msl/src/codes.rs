//! The diagnostic codes of the MSL back end (E0940 to E0949 of the back-end range E09xx).

use luma_base::{Code, CodeDoc, Severity};

/// A construct MSL 2.4 cannot express.
pub const UNSUPPORTED: Code = Code("E0940");
/// A host-visible layout that Metal's struct layout cannot reproduce exactly.
pub const UNREPRESENTABLE_LAYOUT: Code = Code("E0941");
/// Brackets nested deeper than compilers built on clang accept.
pub const NESTING_TOO_DEEP: Code = Code("E0942");
/// The IR breaks an invariant the verifier guarantees (a compiler bug, never a user error).
pub const INVALID_IR: Code = Code("E0943");

/// Every code of this crate, with a title and an example that triggers it.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: UNSUPPORTED,
        severity: Severity::Error,
        title: "construct not expressible in MSL",
        example: "@entry(geometry)\nfunction gs()\nend",
    },
    CodeDoc {
        code: UNREPRESENTABLE_LAYOUT,
        severity: Severity::Error,
        title: "buffer layout not expressible with Metal struct layout",
        example:
            "(a uniform block holding a 2x2 matrix of `half`: std140 gives each column 16 bytes)",
    },
    CodeDoc {
        code: NESTING_TOO_DEEP,
        severity: Severity::Error,
        title: "a function nests blocks and parentheses deeper than Metal's compiler accepts (256 brackets)",
        example: "-- about 250 `if` statements, each inside the one before",
    },
    CodeDoc {
        code: INVALID_IR,
        severity: Severity::Error,
        title: "internal compiler error: invalid IR reached the MSL back end",
        example: "(not reachable from Luma source; reported only for a compiler bug)",
    },
];
