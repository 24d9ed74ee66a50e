//! The diagnostic codes of the HLSL back end (E0920 to E0929 of the back-end range E09xx).

use luma_base::{Code, CodeDoc, Severity};

/// A construct HLSL (as targeted by these options) cannot express.
pub const UNSUPPORTED: Code = Code("E0920");
/// A host-visible layout that HLSL constant-buffer packing cannot reproduce exactly.
pub const UNREPRESENTABLE_LAYOUT: Code = Code("E0921");
/// `num_workgroups` is used but no constant buffer was given for it, or the one given shares its
/// binding or register with a resource.
pub const NUM_WORKGROUPS: Code = Code("E0922");
/// Brackets nested deeper than compilers built on clang accept.
pub const NESTING_TOO_DEEP: Code = Code("E0925");
/// The IR breaks an invariant the verifier guarantees (a compiler bug, never a user error).
pub const INVALID_IR: Code = Code("E0923");
/// A compute shader's `shared` variables need more groupshared memory than Direct3D allows.
pub const GROUPSHARED_LIMIT: Code = Code("E0924");

/// Every code of this crate, with a title and an example that triggers it.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: UNSUPPORTED,
        severity: Severity::Error,
        title: "construct not expressible in HLSL",
        example: "@entry(geometry)\nfunction gs()\nend",
    },
    CodeDoc {
        code: UNREPRESENTABLE_LAYOUT,
        severity: Severity::Error,
        title: "uniform layout not expressible with HLSL constant-buffer packing",
        example: "(not reachable from Luma source: every std140 layout is expressible, and push constants that are not are read as 32-bit words; reported only for a compiler bug)",
    },
    CodeDoc {
        code: NUM_WORKGROUPS,
        severity: Severity::Error,
        title: "`num_workgroups` needs a constant buffer of its own in HLSL",
        example: "@entry(compute) @workgroup_size(1)\nfunction main(@builtin(num_workgroups) n: uvec3)\nend",
    },
    CodeDoc {
        code: GROUPSHARED_LIMIT,
        severity: Severity::Error,
        title: "a compute shader uses more than 32 KiB of `shared` memory, Direct3D's groupshared limit",
        example: "shared tile: [8193]float
@entry(compute) @workgroup_size(64)
function main(@builtin(local_invocation_index) i: uint)
	tile[i] = 1.0
end",
    },
    CodeDoc {
        code: NESTING_TOO_DEEP,
        severity: Severity::Error,
        title: "a function nests blocks and parentheses deeper than DXC accepts (256 brackets)",
        example: "-- about 250 `if` statements, each inside the one before",
    },
    CodeDoc {
        code: INVALID_IR,
        severity: Severity::Error,
        title: "internal compiler error: invalid IR reached the HLSL back end",
        example: "(not reachable from Luma source; reported only for a compiler bug)",
    },
];
