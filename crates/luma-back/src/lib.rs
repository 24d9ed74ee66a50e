//! Helpers shared by the back ends: the namer with per-target reserved words, the indented text
//! writer, facts about constant operands, shuffles as swizzles, call-graph queries (which functions and globals an entry point reaches), the rule for
//! which SSA values become named temporaries in text output, `else if` chains, the starting values
//! of `If` result variables, and operator precedence.
//!
//! Back ends depend on this crate and on `luma-ir`, never on each other.

pub mod callgraph;
pub mod chain;
pub mod constants;
pub mod copy;
pub mod defaults;
pub mod flow;
pub mod namer;
pub mod plan;
pub mod prec;
pub mod shift;
pub mod split;
pub mod swizzle;
pub mod temp_names;
pub mod text_expr;
pub mod writer;

pub use callgraph::{
    entry_image_needs, image_access, image_uses, join_image_access, pointer_global,
    reachable_functions, read_write_image_format, settle_image_access, used_globals, writes_global,
    CallGraph,
};
pub use chain::{else_if, else_if_folds, else_if_shape, ElseIf};
pub use constants::{
    bounds_ordered, clamp_text, constant_literals, is_integer_zero, is_safe_integer_divisor,
};
pub use copy::CopyParts;
pub use defaults::ResultDefaults;
pub use flow::ends_in_return;
pub use namer::Namer;
pub use plan::{Placement, ValuePlan};
pub use prec::{Prec, Side};
pub use split::{split_image_query_helpers, split_shared_functions};
pub use swizzle::{component, shuffle_runs, ShuffleRun};
pub use temp_names::temp_base;
pub use writer::{bracket_depth, CodeWriter, CLANG_BRACKET_DEPTH};

/// The globals that have a descriptor binding, in (group, binding) order: the order in which
/// HLSL registers, MSL slots and reflection's binding list are assigned.
pub fn bound_globals(
    module: &luma_ir::Module,
) -> Vec<(
    luma_ir::ResourceBinding,
    luma_base::Handle<luma_ir::GlobalVariable>,
)> {
    let mut bound: Vec<_> = module
        .globals
        .iter()
        .filter_map(|(h, g)| g.binding.map(|b| (b, h)))
        .collect();
    bound.sort();
    bound
}

/// `inner` with a struct's member list left out: enough for a writer walking an access chain
/// to know what each step indexes, without copying every member at every step (which made each
/// member access cost the struct's size: quadratic on a uniform block of thousands of members).
pub fn shape_of(inner: &luma_ir::TypeInner) -> luma_ir::TypeInner {
    match inner {
        luma_ir::TypeInner::Struct { .. } => luma_ir::TypeInner::Struct {
            members: Vec::new(),
        },
        other => other.clone(),
    }
}
