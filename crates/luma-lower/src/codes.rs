//! The diagnostic codes lowering reports (range E08xx). Lowering runs only on checked programs,
//! so these are what the checker cannot know (command-line specialization values), and guards
//! that turn a typed program the checker should not have produced (too deep, malformed) into a
//! diagnostic instead of a crash.

use luma_base::{Code, CodeDoc, Severity};

/// `--spec ID=VALUE` names an id no `@spec(id)` constant has.
pub const UNKNOWN_SPEC_ID: Code = Code("E0801");
/// `--spec ID=VALUE` gives a value of another type than the constant's.
pub const SPEC_TYPE_MISMATCH: Code = Code("E0802");
/// Blocks or types nest deeper than `Limits::nesting_depth`, or an expression is deeper than
/// `Limits::expression_depth` allows (a guard: the checker reports Luma source past the limits
/// first; a typed program from elsewhere may reach them).
pub const NESTING_TOO_DEEP: Code = Code("E0803");
/// A buffer, uniform block, push-constant block or workgroup variable whose type takes more
/// than 4 GiB in its layout (std430 or std140): no target can address it.
pub const TYPE_TOO_LARGE: Code = Code("E0804");
/// `--spec ID=VALUE` bakes a workgroup size given by a specialization constant to a size no
/// target accepts (below 1, more than 1024 invocations, or a third size above 64).
pub const WORKGROUP_SPEC_VALUE: Code = Code("E0805");
/// The typed program breaks an invariant the checker guarantees (a compiler bug).
pub const MALFORMED_PROGRAM: Code = Code("E0899");
/// A push-constant block larger than the 128 bytes every Vulkan device must allow.
pub const LARGE_PUSH_CONSTANTS: Code = Code("W0801");

/// Every code lowering reports, with an example each.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: UNKNOWN_SPEC_ID,
        severity: Severity::Error,
        title: "`--spec` names a specialization constant id that does not exist",
        example: "-- compiled with `--spec 7=1`\n@spec(0) const COUNT: int = 4\n",
    },
    CodeDoc {
        code: SPEC_TYPE_MISMATCH,
        severity: Severity::Error,
        title: "`--spec` gives a value whose type differs from the constant's type",
        example: "-- compiled with `--spec 0=true`\n@spec(0) const COUNT: int = 4\n",
    },
    CodeDoc {
        code: NESTING_TOO_DEEP,
        severity: Severity::Error,
        title: "a typed program nested deeper than the nesting limit reached lowering",
        example: "-- no checked source triggers it (the checker reports nesting past the limit\n\
                  -- first); lowering reports a deeper typed program instead of overflowing\n",
    },
    CodeDoc {
        code: TYPE_TOO_LARGE,
        severity: Severity::Error,
        title: "a resource or workgroup variable takes more than 4 GiB in its memory layout",
        example: "buffer grid: [16777216][16777216]float\n\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tgrid[0][0] = 1.0\nend",
    },
    CodeDoc {
        code: WORKGROUP_SPEC_VALUE,
        severity: Severity::Error,
        title: "`--spec` bakes a workgroup size no target accepts",
        example: "-- compiled with `--spec 0=0`\n@spec(0) const GROUP: uint = 64\n\n@entry(compute) @workgroup_size(GROUP)\nfunction main()\nend\n",
    },
    CodeDoc {
        code: MALFORMED_PROGRAM,
        severity: Severity::Error,
        title: "internal compiler error: the checker handed lowering a malformed program",
        example: "-- no source triggers it; it reports a checker bug instead of crashing\n",
    },
    CodeDoc {
        code: LARGE_PUSH_CONSTANTS,
        severity: Severity::Warning,
        title: "a push-constant block larger than the 128 bytes Vulkan guarantees",
        example: "struct Push\n\tm: [3]mat4\nend\n@push_constant uniform push: Push\nbuffer out: []vec4\n\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tout[0] = push.m[2][0]\nend",
    },
];
