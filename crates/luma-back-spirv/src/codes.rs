//! The diagnostic codes of the SPIR-V back end (E0910 to E0919 of the back-end range E09xx).

use luma_base::{Code, CodeDoc, Severity};

/// The requested SPIR-V version is not one of 1.0 through 1.6.
pub const UNSUPPORTED_VERSION: Code = Code("E0910");
/// The entry point named by `--entry` does not exist.
pub const UNKNOWN_ENTRY_POINT: Code = Code("E0911");
/// A shader stage the SPIR-V back end cannot express from the IR.
pub const UNSUPPORTED_STAGE: Code = Code("E0912");
/// The IR breaks an invariant the verifier guarantees (a compiler bug, never a user error).
pub const INVALID_IR: Code = Code("E0913");
/// A string or list too long for one SPIR-V instruction (65535 words).
pub const INSTRUCTION_TOO_LONG: Code = Code("E0914");

/// The module needs more ids than SPIR-V's 32-bit id space holds.
pub const TOO_MANY_IDS: Code = Code("E0915");

/// Compute entry points of different workgroup sizes share a module in which one size is
/// specialized (the `WorkgroupSize` builtin sizes them all).
pub const MIXED_WORKGROUP_SIZES: Code = Code("E0916");

/// Every code of this crate, with a title and an example that triggers it.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: UNSUPPORTED_VERSION,
        severity: Severity::Error,
        title: "unsupported SPIR-V version",
        example: "(not reachable from the `luma` binary, which refuses another `--spirv-version` as a usage error; reported to a library host whose `lumac::Options::spirv_version` is, say, (2, 0))",
    },
    CodeDoc {
        code: UNKNOWN_ENTRY_POINT,
        severity: Severity::Error,
        title: "no entry point of that name",
        example: "(reported only to a host that calls `luma_back_spirv` directly with an `Options::entry_point` the module lacks; `luma` and `lumac` select entry points themselves and report E0002)",
    },
    CodeDoc {
        code: UNSUPPORTED_STAGE,
        severity: Severity::Error,
        title: "shader stage not supported by the SPIR-V back end",
        example: "@entry(geometry)\nfunction gs()\nend",
    },
    CodeDoc {
        code: INVALID_IR,
        severity: Severity::Error,
        title: "internal compiler error: invalid IR reached the SPIR-V back end",
        example: "(not reachable from Luma source; reported only for a compiler bug)",
    },
    CodeDoc {
        code: INSTRUCTION_TOO_LONG,
        severity: Severity::Error,
        title: "a name or string is too long for one SPIR-V instruction",
        example: "an entry point whose name is longer than 262 000 bytes",
    },
    CodeDoc {
        code: TOO_MANY_IDS,
        severity: Severity::Error,
        title: "the module needs more SPIR-V ids than a 32-bit id can number",
        example: "(only a module far beyond the compiler's input limits)",
    },
    CodeDoc {
        code: MIXED_WORKGROUP_SIZES,
        severity: Severity::Error,
        title: "a specialized workgroup size in a SPIR-V module with other compute entry points",
        example: "@spec(0) const GROUP: uint = 64\n\n@entry(compute) @workgroup_size(GROUP)\nfunction a()\nend\n\n@entry(compute) @workgroup_size(8)\nfunction b()\nend",
    },
];
