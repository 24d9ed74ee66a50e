//! Resource limits that keep hostile input from exhausting the compiler (language.md, "Limits").

/// Every limit the compiler enforces. Each is configurable; the defaults are language.md's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Deepest `#include` nesting.
    pub include_depth: u32,
    /// Deepest nesting of expressions, blocks and types, counted separately for each. The left
    /// operand of a binary operator does not nest deeper than the operator, so an operator
    /// chain `a + b + c + ...` is one level however long it is ([`Limits::expression_depth`]
    /// bounds those).
    pub nesting_depth: u32,
    /// Deepest expression tree counting every node, the left operands of binary operators
    /// included: an operator chain of `n` operands is `n` deep. Passes that recurse over
    /// expressions grow their stack on the heap as they go (see `luma_base::stack`), so this
    /// bounds their memory and time, not the thread's stack size.
    pub expression_depth: u32,
    /// Largest source after `#include` expansion, in bytes (each `#include` processed counts
    /// as 64 bytes besides the text it adds, so include diamonds of empty files end too).
    pub max_source_bytes: usize,
    /// Largest element count of one array type.
    pub max_array_elements: u64,
    /// Most loop iterations an unroll may produce.
    pub max_unroll_iterations: u32,
    /// Most evaluation steps spent on one constant expression.
    pub max_const_eval_steps: u64,
    /// Most diagnostics kept (later ones are counted, not stored).
    pub max_diagnostics: usize,
}

impl Limits {
    /// How deep the passes after the parser follow a typed expression tree before giving up (a
    /// guard: the parser bounds Luma source by [`Limits::expression_depth`] and
    /// [`Limits::nesting_depth`] first). The typed tree may be a few levels deeper than the
    /// syntax tree (conversions and splats the checker inserts), hence the margin.
    pub fn typed_expression_depth(&self) -> u32 {
        self.expression_depth
            .max(self.nesting_depth)
            .saturating_mul(4)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            include_depth: 32,
            nesting_depth: 256,
            expression_depth: 16_384,
            max_source_bytes: 64 * 1024 * 1024,
            max_array_elements: 1 << 24,
            max_unroll_iterations: 4096,
            max_const_eval_steps: 1_000_000,
            max_diagnostics: 1000,
        }
    }
}
