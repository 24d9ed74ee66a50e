//! When each SSA value of a function becomes a named temporary in text output.
//!
//! Text targets have expressions, not SSA, so every back end must decide for each value whether
//! to write it into its use or to bind it to a name. This module is that decision, made once and
//! the same way for every text target (naga's regret, wgpu issue 4511, was leaving it implicit).
//!
//! The rule, for a value computed by an [`Op`] at its `StmtKind::Value` statement:
//! - a pointer (an address such as `buf.items[i]`) or an opaque handle (a texture or sampler) is
//!   spelled out at every use ([`Placement::Inline`]): neither can be held in a temporary on every
//!   target, and both are free to repeat;
//! - a value no live code uses is not written ([`Placement::Dead`]), unless its op has an effect
//!   (a call, an atomic), which is then evaluated as a statement ([`Placement::Effect`]);
//! - an impure value (a load, call, atomic, sample, derivative, array length: anything whose
//!   position matters relative to stores, barriers and control flow) gets a named temporary at
//!   its statement ([`Placement::Named`]). A load from memory that no shader invocation writes
//!   (a uniform buffer, the push constants) gives the same value wherever it runs, so it is
//!   placed like a pure value;
//! - a pure value that holds a source variable (it has a [`Value::name`] hint: `let q = a / b`)
//!   is named after it, so the output keeps the author's variables, unless its one use is the
//!   `Yield` that ends the arm defining it: the assignment to the `If`'s result then holds it
//!   under the variable's name;
//! - a pure value used exactly once, and used in the same loop as its definition, is written into
//!   that use ([`Placement::Inline`]); moving it into a loop would repeat its work, so one used
//!   across a loop boundary is named instead;
//! - any other pure value (used more than once) is named;
//! - a value written into its use that would nest more than [`MAX_INLINE_DEPTH`] such values
//!   deep is named instead, so expressions stay readable and bounded;
//! - a load that only the condition of an else-if arm reads is written into that condition
//!   ([`crate::chain`]), so `elseif x == 2` chains stay flat.
//!
//! A back end may force more values to be named (through the `force_named` predicate), for ops
//! it can only write as statements.

use luma_base::Handle;
use luma_ir::{AddressSpace, Block, Function, Module, Op, StmtKind, TypeInner, Value, ValueDef};

/// The deepest nesting of values written into their uses; a value that would nest deeper is
/// named instead.
pub const MAX_INLINE_DEPTH: u32 = 12;

/// How a text back end writes one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Not written: no live code uses it and evaluating it has no effect.
    Dead,
    /// Written into its use (see the module documentation for when).
    Inline,
    /// Bound to a named temporary at its statement.
    Named,
    /// Evaluated as a statement for its effect; its result is unused.
    Effect,
}

/// The placement of every value of one function, with use counts.
#[derive(Debug, Clone)]
pub struct ValuePlan {
    placement: Vec<Placement>,
    uses: Vec<u32>,
}

/// Whether evaluating `op` changes anything besides producing its result.
pub fn has_effect(op: &Op) -> bool {
    matches!(op, Op::Call { .. } | Op::Atomic { .. })
}

impl ValuePlan {
    /// Plans `function` of `module`. `force_named` marks ops the back end can only write as
    /// statements; they are named whenever they are live. Only code reachable from the body is
    /// considered, so values a pass left unplaced in the arena cost nothing.
    pub fn new(module: &Module, function: &Function, force_named: impl Fn(&Op) -> bool) -> Self {
        let count = function.values.len();
        let mut placed = vec![false; count];
        let mut depth = vec![0u32; count];
        let mut live = vec![false; count];
        // The block whose statements define each value, and the values an `If` arm yields in
        // the block that defines them.
        let mut def_block: Vec<Option<Handle<Block>>> = vec![None; count];
        let mut yielded_where_defined = vec![false; count];
        let mut yields: Vec<(Handle<Value>, Handle<Block>)> = Vec::new();
        let mut pending: Vec<Handle<Value>> = Vec::new();
        // Uses made by statements other than `Value`, with the loop depth they occur at.
        let mut stmt_uses: Vec<(Handle<Value>, u32)> = Vec::new();

        // Walk reachable blocks iteratively with their loop depth.
        let mut blocks: Vec<(Handle<Block>, u32)> = vec![(function.body, 0)];
        while let Some((block_handle, d)) = blocks.pop() {
            let Some(block) = function.blocks.get(block_handle) else {
                continue;
            };
            for stmt in &block.stmts {
                match &stmt.kind {
                    StmtKind::Value(v) => {
                        if let Some(slot) = placed.get_mut(v.index()) {
                            *slot = true;
                        }
                        if let Some(slot) = depth.get_mut(v.index()) {
                            *slot = d;
                        }
                        if let Some(slot) = def_block.get_mut(v.index()) {
                            *slot = Some(block_handle);
                        }
                        if let Some(ValueDef::Op(op)) = function.values.get(*v).map(|v| &v.def) {
                            if has_effect(op) {
                                pending.push(*v);
                            }
                        }
                    }
                    other => {
                        if let StmtKind::Yield(args) = other {
                            yields.extend(args.iter().map(|&a| (a, block_handle)));
                        }
                        other.for_each_operand(|o| {
                            stmt_uses.push((o, d));
                            pending.push(o);
                        });
                    }
                }
                match &stmt.kind {
                    StmtKind::Loop(l) => blocks.push((l.body, d + 1)),
                    other => other.for_each_block(|b| blocks.push((b, d))),
                }
            }
        }

        // Liveness: everything a live value or a statement reads is live.
        while let Some(v) = pending.pop() {
            let Some(slot) = live.get_mut(v.index()) else {
                continue;
            };
            if *slot {
                continue;
            }
            *slot = true;
            if let Some(ValueDef::Op(op)) = function.values.get(v).map(|v| &v.def) {
                op.for_each_operand(|o| pending.push(o));
            }
        }

        // Use counts, and whether some use sits at another loop depth than the definition.
        let mut uses = vec![0u32; count];
        let mut crosses_loop = vec![false; count];
        let mut note = |o: Handle<Value>, at: u32| {
            if let Some(n) = uses.get_mut(o.index()) {
                *n += 1;
            }
            if depth.get(o.index()).is_some_and(|&d| d != at) {
                if let Some(c) = crosses_loop.get_mut(o.index()) {
                    *c = true;
                }
            }
        };
        for &(o, at) in &stmt_uses {
            note(o, at);
        }
        for (h, value) in function.values.iter() {
            let (Some(true), Some(true)) = (placed.get(h.index()), live.get(h.index())) else {
                continue;
            };
            if let ValueDef::Op(op) = &value.def {
                let at = depth.get(h.index()).copied().unwrap_or(0);
                op.for_each_operand(|o| note(o, at));
            }
        }

        for &(v, block) in &yields {
            if def_block.get(v.index()) == Some(&Some(block)) {
                if let Some(slot) = yielded_where_defined.get_mut(v.index()) {
                    *slot = true;
                }
            }
        }

        let mut placement = vec![Placement::Dead; count];
        for (h, value) in function.values.iter() {
            let ValueDef::Op(op) = &value.def else {
                continue;
            };
            let i = h.index();
            if placed.get(i) != Some(&true) || live.get(i) != Some(&true) {
                continue;
            }
            let n = uses.get(i).copied().unwrap_or(0);
            let p = if is_address_or_handle(module, value) {
                Placement::Inline
            } else if n == 0 {
                if has_effect(op) {
                    Placement::Effect
                } else {
                    Placement::Dead
                }
            } else if force_named(op)
                || !(op.is_pure() || reads_constant_memory(module, function, op))
            {
                Placement::Named
            } else if n == 1
                && crosses_loop.get(i) == Some(&false)
                && (value.name.is_none() || yielded_where_defined.get(i) == Some(&true))
            {
                // A source variable's new value that an arm only yields is written straight
                // into the assignment to the `If`'s result, which carries the variable's name:
                // `x_1 = x * 2.0;`, not `float x_2 = x * 2.0; x_1 = x_2;`.
                Placement::Inline
            } else {
                Placement::Named
            };
            if let Some(slot) = placement.get_mut(i) {
                *slot = p;
            }
        }
        // Inlined values nest at most MAX_INLINE_DEPTH deep; a deeper one is named. Unbounded,
        // a chain of single-use values (4,000 inlined calls of `a = f(a)`) became one expression
        // 4,000 parentheses deep, built by copying ever longer text at every level: 30,000 such
        // calls took 46 s and 15 GB. Operands come before their users in the arena (lowering
        // and compaction number values in definition order), so one pass in arena order sees
        // each operand's depth first.
        let mut inline_depth = vec![0u32; count];
        for (h, value) in function.values.iter() {
            let ValueDef::Op(op) = &value.def else {
                continue;
            };
            let i = h.index();
            if placement.get(i) != Some(&Placement::Inline) {
                continue;
            }
            let mut d = 0u32;
            op.for_each_operand(|o| {
                if placement.get(o.index()) == Some(&Placement::Inline) {
                    d = d.max(inline_depth.get(o.index()).copied().unwrap_or(0));
                }
            });
            let own = if is_address_or_handle(module, value) {
                // Addresses and handles must be spelled at their use; they add no nesting of
                // their own beyond their index operands.
                d
            } else if d >= MAX_INLINE_DEPTH {
                if let Some(slot) = placement.get_mut(i) {
                    *slot = Placement::Named;
                }
                0
            } else {
                d + 1
            };
            if let Some(slot) = inline_depth.get_mut(i) {
                *slot = own;
            }
        }
        // Loads that else-if arms write into their conditions (see `crate::chain`).
        let folds = crate::chain::else_if_folds(
            module,
            function,
            |v| {
                matches!(
                    placement.get(v.index()),
                    Some(Placement::Dead | Placement::Inline)
                )
            },
            |v| uses.get(v.index()).copied().unwrap_or(0),
        );
        for v in folds {
            if let Some(slot) = placement.get_mut(v.index()) {
                *slot = Placement::Inline;
            }
        }
        ValuePlan { placement, uses }
    }

    /// The else-if arm `block` (the reject block of an `If`) forms under this plan, if any.
    pub fn else_if(
        &self,
        module: &Module,
        function: &Function,
        block: Handle<Block>,
    ) -> Option<crate::chain::ElseIf> {
        crate::chain::else_if(
            module,
            function,
            block,
            |v| matches!(self.placement(v), Placement::Dead | Placement::Inline),
            |v| self.uses(v),
        )
    }

    /// How `value` is written. Values not computed by an op (parameters, constants, variable
    /// pointers, `If` and `Loop` results) report `Dead`: each back end spells those itself.
    pub fn placement(&self, value: Handle<Value>) -> Placement {
        self.placement
            .get(value.index())
            .copied()
            .unwrap_or(Placement::Dead)
    }

    /// How many times live code reads `value`.
    pub fn uses(&self, value: Handle<Value>) -> u32 {
        self.uses.get(value.index()).copied().unwrap_or(0)
    }
}

/// For back ends that place values themselves (HLSL, MSL): whether the value `value`, computed
/// by `op`, may be written into its one use. A pure op may, and so may a load of a scalar,
/// vector or matrix from uniform or push-constant memory (the same value wherever it runs; a
/// struct or array is copied by statements); an insert (a statement on every target) and an
/// access chain (a place, not a value) may not.
pub fn inlinable_at_use(module: &Module, function: &Function, value: &Value, op: &Op) -> bool {
    let constant_load = reads_constant_memory(module, function, op)
        && !matches!(
            module.types.get(value.ty).map(|t| &t.inner),
            Some(TypeInner::Struct { .. } | TypeInner::Array { .. }) | None
        );
    (op.is_pure() || constant_load)
        && !matches!(
            op,
            Op::Insert { .. } | Op::InsertDynamic { .. } | Op::AccessChain { .. }
        )
}

/// Whether `op` loads from memory no invocation writes: uniform buffers and push constants.
/// Such a load gives the same value wherever it runs, so it may move to its use.
pub fn reads_constant_memory(module: &Module, function: &Function, op: &Op) -> bool {
    let Op::Load { pointer } = op else {
        return false;
    };
    let Some(value) = function.values.get(*pointer) else {
        return false;
    };
    matches!(
        module.types.get(value.ty).map(|t| &t.inner),
        Some(TypeInner::Pointer {
            space: AddressSpace::Uniform | AddressSpace::PushConstant,
            ..
        })
    )
}

/// Pointers and opaque handles are spelled at every use.
fn is_address_or_handle(module: &Module, value: &Value) -> bool {
    matches!(
        module.types.get(value.ty).map(|t| &t.inner),
        Some(TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. })
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use luma_base::Arena;
    use luma_ir::{
        BinaryOp, Constant, ConstantValue, Function, FunctionResult, Literal, LoopControl, Scalar,
        Stmt, Type, ValueNames,
    };

    fn stmt(kind: StmtKind) -> Stmt {
        Stmt { kind, loc: None }
    }

    /// `b = a + 1; c = b * b; unused = a - 1; loop { e = c + 1; d = a + 1; dead = b + 1;
    /// return e + d }`
    #[test]
    fn names_shared_and_loop_crossing_values() {
        let mut module = Module::default();
        let f32_ty = module.types.insert(Type {
            name: None,
            inner: TypeInner::Scalar(Scalar::F32),
        });
        let one = module.constants.append(Constant {
            name: None,
            ty: f32_ty,
            value: ConstantValue::Scalar(Literal::F32(1.0)),
            spec_id: None,
        });
        let mut names = ValueNames::new();
        let mut values = Arena::new();
        let a = values.append(Value {
            ty: f32_ty,
            def: ValueDef::Param(0),
            name: names.add("a"),
        });
        let c1 = values.append(Value {
            ty: f32_ty,
            def: ValueDef::Constant(one),
            name: None,
        });
        let op = |op, lhs, rhs| Value {
            ty: f32_ty,
            def: ValueDef::Op(Op::Binary { op, lhs, rhs }),
            name: None,
        };
        let b = values.append(op(BinaryOp::Add, a, c1));
        let c = values.append(op(BinaryOp::Multiply, b, b));
        let d = values.append(op(BinaryOp::Add, a, c1));
        let unused = values.append(op(BinaryOp::Subtract, a, c1));
        let e = values.append(op(BinaryOp::Add, c, c1));
        let dead = values.append(op(BinaryOp::Add, b, c1));
        let sum = values.append(op(BinaryOp::Add, e, d));
        let mut blocks = Arena::new();
        let body_of_loop = blocks.append(Block {
            stmts: vec![
                stmt(StmtKind::Value(e)),
                stmt(StmtKind::Value(d)),
                stmt(StmtKind::Value(dead)),
                stmt(StmtKind::Value(sum)),
                stmt(StmtKind::Return(vec![sum])),
            ],
        });
        let body = blocks.append(Block {
            stmts: vec![
                stmt(StmtKind::Value(b)),
                stmt(StmtKind::Value(c)),
                stmt(StmtKind::Value(unused)),
                stmt(StmtKind::Loop(Box::new(luma_ir::Loop {
                    carried: vec![],
                    body: body_of_loop,
                    results: vec![],
                    control: LoopControl::default(),
                }))),
                stmt(StmtKind::Unreachable),
            ],
        });
        let function = Function {
            name: "f".into(),
            params: vec![],
            results: vec![FunctionResult {
                name: None,
                ty: f32_ty,
                binding: None,
            }],
            values,
            locals: Arena::new(),
            blocks,
            body,
            names,
        };
        let plan = ValuePlan::new(&module, &function, |_| false);
        assert_eq!(plan.placement(b), Placement::Named, "used twice");
        assert_eq!(plan.placement(c), Placement::Named, "used inside a loop");
        assert_eq!(plan.placement(d), Placement::Inline);
        assert_eq!(plan.placement(e), Placement::Inline);
        assert_eq!(plan.placement(sum), Placement::Inline);
        assert_eq!(plan.placement(unused), Placement::Dead);
        assert_eq!(plan.placement(dead), Placement::Dead);
        // `dead` is not live, so its read of `b` does not count.
        assert_eq!(plan.uses(b), 2);
        assert_eq!(plan.uses(c), 1);
    }

    /// `let q = a + 1` keeps its name; a uniform load used once is written into its use; a
    /// storage load is not.
    #[test]
    fn source_names_stay_and_uniform_loads_move() {
        use luma_ir::{AddressSpace, GlobalVariable, StorageAccess};
        let mut module = Module::default();
        let f32_ty = module.types.insert(Type {
            name: None,
            inner: TypeInner::Scalar(Scalar::F32),
        });
        let mut pointers = Vec::new();
        for space in [
            AddressSpace::Uniform,
            AddressSpace::Storage {
                access: StorageAccess::Read,
            },
        ] {
            let ptr = module.types.insert(Type {
                name: None,
                inner: TypeInner::Pointer {
                    base: f32_ty,
                    space,
                },
            });
            let g = module.globals.append(GlobalVariable {
                name: "g".into(),
                space,
                binding: None,
                ty: f32_ty,
                init: None,
                combined: None,
            });
            pointers.push((ptr, g));
        }
        let mut names = ValueNames::new();
        let mut values = Arena::new();
        let a = values.append(Value {
            ty: f32_ty,
            def: ValueDef::Param(0),
            name: names.add("a"),
        });
        let mut loads = Vec::new();
        for &(ptr, g) in &pointers {
            let p = values.append(Value {
                ty: ptr,
                def: ValueDef::GlobalPointer(g),
                name: None,
            });
            loads.push(values.append(Value {
                ty: f32_ty,
                def: ValueDef::Op(Op::Load { pointer: p }),
                name: None,
            }));
        }
        let q = values.append(Value {
            ty: f32_ty,
            def: ValueDef::Op(Op::Binary {
                op: BinaryOp::Add,
                lhs: a,
                rhs: loads[0],
            }),
            name: names.add("q"),
        });
        let r = values.append(Value {
            ty: f32_ty,
            def: ValueDef::Op(Op::Binary {
                op: BinaryOp::Add,
                lhs: q,
                rhs: loads[1],
            }),
            name: None,
        });
        let mut blocks = Arena::new();
        let body = blocks.append(Block {
            stmts: vec![
                stmt(StmtKind::Value(loads[0])),
                stmt(StmtKind::Value(loads[1])),
                stmt(StmtKind::Value(q)),
                stmt(StmtKind::Value(r)),
                stmt(StmtKind::Return(vec![r])),
            ],
        });
        let function = Function {
            name: "f".into(),
            params: vec![],
            results: vec![FunctionResult {
                name: None,
                ty: f32_ty,
                binding: None,
            }],
            values,
            locals: Arena::new(),
            blocks,
            body,
            names,
        };
        let plan = ValuePlan::new(&module, &function, |_| false);
        assert_eq!(plan.placement(loads[0]), Placement::Inline, "uniform load");
        assert_eq!(plan.placement(loads[1]), Placement::Named, "storage load");
        assert_eq!(plan.placement(q), Placement::Named, "source variable");
        assert_eq!(plan.placement(r), Placement::Inline);
    }
}
