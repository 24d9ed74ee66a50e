//! The diagnostic codes of the WGSL back end (E0950-E0959): constructs WGSL cannot express;
//! and its warnings (W0950-W0959): output that WebGPU as specified rejects.

use luma_base::{Code, CodeDoc, Severity};

/// The stage does not exist in WGSL.
pub const UNSUPPORTED_STAGE: Code = Code("E0950");
/// A texture operation WGSL has no builtin for.
pub const UNSUPPORTED_TEXTURE_OP: Code = Code("E0951");
/// A specialization constant WGSL cannot declare.
pub const UNSUPPORTED_SPEC_CONSTANT: Code = Code("E0952");
/// A value WGSL cannot write where it is needed.
pub const UNSUPPORTED_VALUE: Code = Code("E0953");
/// A storage image access WGSL cannot declare for the image's format.
pub const UNSUPPORTED_STORAGE_ACCESS: Code = Code("E0954");
/// A push-constant block WGSL's `var<immediate>` cannot hold.
pub const UNSUPPORTED_IMMEDIATE: Code = Code("E0955");
/// Statements nested deeper than WGSL implementations accept.
pub const NESTING_TOO_DEEP: Code = Code("E0956");
/// The IR breaks an invariant the verifier checks.
pub const INVALID_IR: Code = Code("E0959");
/// A vertex shader writes a storage buffer, or uses one holding atomics (see
/// [`crate::warnings`]).
pub const VERTEX_STORAGE_WRITE: Code = Code("W0950");

/// Every code of this back end, for the documentation.
pub const CODES: &[CodeDoc] = &[
    CodeDoc {
        code: UNSUPPORTED_STAGE,
        severity: Severity::Error,
        title: "WGSL has no geometry or tessellation stages",
        example: "@entry(geometry)\nfunction gs()\nend",
    },
    CodeDoc {
        code: UNSUPPORTED_TEXTURE_OP,
        severity: Severity::Error,
        title: "WGSL has no texture builtin for this sampling",
        example:
            "uniform depth: texture2DShadow\nuniform s: sampler\n-- sample_bias(depth, s, uv, 1.0)",
    },
    CodeDoc {
        code: UNSUPPORTED_SPEC_CONSTANT,
        severity: Severity::Error,
        title: "WGSL cannot declare this specialization constant",
        example: "@spec(70000) const N: int = 4",
    },
    CodeDoc {
        code: UNSUPPORTED_VALUE,
        severity: Severity::Error,
        title: "WGSL cannot write this value where it is used",
        example: "-- a private variable initialized to an infinity",
    },
    CodeDoc {
        code: UNSUPPORTED_STORAGE_ACCESS,
        severity: Severity::Error,
        title: "WGSL cannot read and write a storage texture of this format",
        example: "@format(rgba8) uniform img: image2D\n-- image_load and image_store of `img` in one shader",
    },
    CodeDoc {
        code: UNSUPPORTED_IMMEDIATE,
        severity: Severity::Error,
        title: "WGSL immediates cannot hold this push-constant block (16-bit values, or arrays of more than 1024 elements in all)",
        example: "struct Push\n\tscale: half\nend\n@push_constant uniform push: Push",
    },
    CodeDoc {
        code: NESTING_TOO_DEEP,
        severity: Severity::Error,
        title: "`if` statements and loops nested deeper than WGSL implementations accept (Tint: about 62 levels in a function)",
        example: "-- 63 `if` statements, each inside the one before",
    },
    CodeDoc {
        code: VERTEX_STORAGE_WRITE,
        severity: Severity::Warning,
        title: "a vertex shader writes a storage buffer, or uses one holding atomics, which WebGPU does not allow (wgpu needs `VERTEX_WRITABLE_STORAGE`)",
        example: "buffer counts: []uint
@entry(vertex)
function vs(@builtin(vertex_index) i: uint) -> (@builtin(position) p: vec4)
	counts[i] = 1u
	return { p = vec4(0.0) }
end",
    },
    CodeDoc {
        code: INVALID_IR,
        severity: Severity::Error,
        title: "the IR given to the WGSL back end is malformed (a compiler bug)",
        example: "-- not reachable from Luma source",
    },
];
