//! The diagnostic codes of the GLSL back end (E0930-E0939): constructs GLSL cannot express.

use luma_base::{Code, CodeDoc, Severity};

/// The requested entry point does not exist.
pub const NO_SUCH_ENTRY_POINT: Code = Code("E0930");
/// The stage has no GLSL form in this back end.
pub const UNSUPPORTED_STAGE: Code = Code("E0931");
/// A half of a combined sampler is used apart from its other half.
pub const SPLIT_COMBINED_SAMPLER: Code = Code("E0932");
/// A texture operation GLSL has no function for.
pub const UNSUPPORTED_TEXTURE_OP: Code = Code("E0933");
/// A binding or set above GLSL's largest layout value.
pub const LAYOUT_VALUE_TOO_LARGE: Code = Code("E0934");
/// The IR breaks an invariant the verifier checks.
pub const INVALID_IR: Code = Code("E0939");

/// Every code of this back end, for the documentation.
pub const CODES: &[CodeDoc] = &[
    CodeDoc {
        code: NO_SUCH_ENTRY_POINT,
        severity: Severity::Error,
        title: "the entry point named for GLSL output does not exist",
        example: "(reported only to a host that calls `luma_back_glsl` directly with an `Options::entry_point` the module lacks; `luma` and `lumac` select entry points themselves and report E0002)",
    },
    CodeDoc {
        code: UNSUPPORTED_STAGE,
        severity: Severity::Error,
        title: "the GLSL back end cannot write this stage",
        example: "@entry(geometry)\nfunction gs()\nend",
    },
    CodeDoc {
        code: SPLIT_COMBINED_SAMPLER,
        severity: Severity::Error,
        title: "a combined sampler's texture or sampler is used on its own where GLSL needs both",
        example: "uniform tex: sampler2D\nfunction f(t: texture2D) -> vec4 ... end\n-- f(tex)",
    },
    CodeDoc {
        code: UNSUPPORTED_TEXTURE_OP,
        severity: Severity::Error,
        title: "GLSL has no texture function for this sampling",
        example: "uniform shadow: sampler2DArrayShadow\n-- sample_compare with a bias",
    },
    CodeDoc {
        code: LAYOUT_VALUE_TOO_LARGE,
        severity: Severity::Error,
        title: "a set, binding or specialization constant id too large for glslang",
        example: "@binding(65535) buffer data: []float",
    },
    CodeDoc {
        code: INVALID_IR,
        severity: Severity::Error,
        title: "the IR given to the GLSL back end is malformed (a compiler bug)",
        example: "-- not reachable from Luma source",
    },
];
