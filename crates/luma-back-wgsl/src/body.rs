//! Function bodies: statements, structured control flow and expressions.
//!
//! Blocks are walked with an explicit work stack, so the depth of `if` and loop nesting costs no
//! native stack. Each value is written as [`luma_back::plan`] places it; `If` results, loop
//! results and loop-carried values are `var`s declared just before their construct.
//!
//! WGSL evaluates an expression made only of literals and constants when the shader is created,
//! and rejects the shader if that evaluation overflows, divides by zero or makes an infinity.
//! Luma gives those operations a run-time meaning (wrapping, `x / 0 == x`), so an operation
//! whose operands are all constant, and that might fail, first binds one operand to a `let`,
//! which is never a constant expression.

use luma_back::defaults::{assignments, at_targets, end_targets, yields_defaults};
use luma_back::prec::{self, operand as wrap};
use luma_back::{component, CodeWriter, Namer, Placement, Prec, ResultDefaults, Side, ValuePlan};
use luma_base::Handle;
use luma_ir::{
    AddressSpace, ArraySize, AtomicFunction, Barrier, BinaryOp, Block, Constant, ConstantValue,
    DerivativeAxis, DerivativeControl, Function, ImageClass, ImageDimension, ImageQuery, Literal,
    MathFunction, Op, RelationalFunction, SampleLevel, Scalar, ScalarKind, ShaderStage, StmtKind,
    Type, TypeInner, UnaryOp, Value, ValueDef, VectorSize,
};

use crate::codes;
use crate::helpers::Helper;
use crate::layout::Repr;
use crate::writer::{shape_name, Expr, Writer};
use crate::Error;

/// Writes function `handle` (with its entry point attributes when it is one).
pub(crate) fn write_function(
    w: &mut Writer<'_>,
    handle: Handle<Function>,
) -> Result<String, Error> {
    let module = w.module;
    let function = module
        .functions
        .get(handle)
        .ok_or_else(|| Error::invalid("function handle out of range"))?;
    let entry = w.entries.get(handle.index()).copied().flatten();
    // Ops WGSL can only write as statements are always named.
    let plan = ValuePlan::new(module, function, |op| match op {
        Op::Insert { .. } => true,
        Op::Atomic {
            fun: AtomicFunction::CompareExchange,
            ..
        } => true,
        Op::Select { accept, .. } => function
            .values
            .get(*accept)
            .and_then(|v| module.types.get(v.ty))
            .is_some_and(|t| !t.inner.is_scalar_or_vector()),
        _ => false,
    });
    let mut fw = FunctionWriter {
        namer: w.namer.clone(),
        w,
        function,
        handle,
        entry_stage: entry.map(|e| e.stage),
        plan,
        exprs: vec![None; function.values.len()],
        local_names: Vec::with_capacity(function.locals.len()),
        out: CodeWriter::new(),
        else_if: None,
        defaults: ResultDefaults::new(function),
        chain_position: 0,
    };
    if let Some(entry) = entry {
        fw.entry_header(entry)?;
    }
    fw.write()?;
    Ok(fw.out.finish())
}

/// Where a block sits, which decides whether its terminator needs a jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The function body: a final `return;` without values is implied.
    FunctionBody,
    /// A loop body: a final `Continue` falls through to the next iteration.
    LoopBody,
    /// An `if` arm.
    Arm,
}

enum Work {
    Block {
        block: Handle<Block>,
        next: usize,
        role: Role,
    },
    /// `} else {`; `candidate` when the else arm may turn out to be an `else if`. In a guarded
    /// chain (see [`GUARD_CHAINS_PAST`]), `}` and `if !guard {` instead.
    Else {
        candidate: bool,
        guard: Option<String>,
    },
    EndIf,
    /// The end of an `if` merged into its parent's `else if` (or, `guarded`, into the guarded
    /// chain): the parent writes the `}`.
    EndIfMerged {
        guarded: bool,
    },
    EndLoop,
}

enum Ctx {
    If {
        results: Vec<Handle<Value>>,
        /// The value each result's variable starts with ([`luma_back::defaults`]); the arms
        /// assign only other values.
        defaults: Vec<Option<Handle<Value>>>,
    },
    Loop {
        carried: Vec<Handle<Value>>,
        results: Vec<Handle<Value>>,
    },
}

/// The carried values and results of the innermost loop.
type LoopVars = (Vec<Handle<Value>>, Vec<Handle<Value>>);

struct FunctionWriter<'w, 'a> {
    w: &'w mut Writer<'a>,
    function: &'a Function,
    handle: Handle<Function>,
    entry_stage: Option<ShaderStage>,
    plan: ValuePlan,
    namer: Namer,
    exprs: Vec<Option<Expr>>,
    local_names: Vec<String>,
    out: CodeWriter,
    /// The last `} else {` of a candidate `else if` arm.
    else_if: Option<ElseSlot>,
    /// How many `else if` arms enclose the statement being written: Tint counts each one
    /// toward its nesting limit (see [`TINT_NESTING_LIMIT`]).
    chain_position: usize,
    /// Where values are defined, for the starting values of `If` result variables.
    defaults: ResultDefaults,
}

/// Where the `} else {` (or, in a guarded chain, `}` and `if !guard {`) of a candidate `else if`
/// arm was written, so that an `if` that is the whole arm can take it back.
struct ElseSlot {
    /// Output length before it.
    before: usize,
    /// Output length after it.
    after: usize,
    /// The chain's guard variable, when it is guarded.
    guard: Option<String>,
}

/// The deepest statement nesting Tint accepts, in its count: 2 for the function body and for
/// each `if`, loop and their blocks, 1 for each `else if` of a chain (Tint reports "statement
/// nesting depth / chaining length exceeds limit of 127" past 125 as Luma counts here). Naga
/// allows 127 nested braces, so Tint is the binding limit.
const TINT_NESTING_LIMIT: usize = 125;

/// An `else if` chain that would take the count past this is written as a guarded chain instead:
/// `var taken = false; if a { taken = true; .. }` then `if !taken && b { taken = true; .. }` and
/// so on, each `if` at the chain head's depth, so a chain of any length costs two levels.
/// Luma has no `switch`, so long `elseif` chains are how a shader dispatches over many cases.
const GUARD_CHAINS_PAST: usize = 100;

impl<'w, 'a> FunctionWriter<'w, 'a> {
    fn entry_header(&mut self, entry: &luma_ir::EntryPoint) -> Result<(), Error> {
        match entry.stage {
            ShaderStage::Vertex => self.out.line("@vertex"),
            ShaderStage::Fragment => {
                if entry.early_depth_test {
                    self.out
                        .line("// @early_depth: WGSL cannot force early fragment tests");
                }
                self.out.line("@fragment");
            }
            ShaderStage::Compute => {
                // A size given by a specialization constant names its `override`. WGSL wants
                // the sizes of one type: `i32` overrides are converted where a `u32` one is
                // among them (an override-expression, which `@workgroup_size` accepts).
                let module = self.w.module;
                let is_u32 = |c: &Handle<Constant>| {
                    module.constants.get(*c).is_some_and(|k| {
                        matches!(
                            module.types.get(k.ty).map(|t| &t.inner),
                            Some(TypeInner::Scalar(s)) if s.kind == ScalarKind::Uint
                        )
                    })
                };
                let any_u32 = entry.workgroup_size_spec.iter().flatten().any(is_u32);
                let mut sizes = Vec::with_capacity(3);
                for (n, spec) in entry.workgroup_size.iter().zip(&entry.workgroup_size_spec) {
                    sizes.push(match spec {
                        Some(c) if any_u32 && !is_u32(c) => {
                            format!("u32({})", self.w.constant_ref(*c)?.text)
                        }
                        Some(c) => self.w.constant_ref(*c)?.text,
                        None => n.max(&1).to_string(),
                    });
                }
                self.out.line_fmt(format_args!(
                    "@compute @workgroup_size({})",
                    sizes.join(", ")
                ));
            }
            other => {
                return Err(Error::new(
                    codes::UNSUPPORTED_STAGE,
                    format!("WGSL has no {} stage", other.as_str()),
                ))
            }
        }
        Ok(())
    }

    fn write(&mut self) -> Result<(), Error> {
        let function = self.function;
        let mut params = Vec::with_capacity(function.params.len());
        for (index, param) in function.params.iter().enumerate() {
            let v = function.param_value(index);
            let name = self.namer.call(&param.name);
            let ty = self.w.type_text(param.ty)?;
            let attrs = match self.entry_stage {
                Some(stage) => {
                    self.w
                        .io_attributes(param.binding, param.ty, stage == ShaderStage::Fragment)?
                }
                None => String::new(),
            };
            params.push(format!("{attrs}{name}: {ty}"));
            self.set(v, Expr::name(name));
        }
        let name = self
            .w
            .function_names
            .get(self.handle.index())
            .cloned()
            .unwrap_or_default();
        // The result type's zero value, for a `return` WGSL needs at an end that the IR never
        // reaches (see `luma_back::ends_in_return`).
        let mut zero = None;
        let ret = match (self.entry_stage, function.results.as_slice()) {
            (_, []) => String::new(),
            (Some(stage), [one]) => {
                let attrs =
                    self.w
                        .io_attributes(one.binding, one.ty, stage == ShaderStage::Vertex)?;
                let ty = self.w.type_text(one.ty)?;
                zero = Some(format!("{ty}()"));
                format!(" -> {attrs}{ty}")
            }
            (None, [one]) => {
                let ty = self.w.type_text(one.ty)?;
                zero = Some(format!("{ty}()"));
                format!(" -> {ty}")
            }
            (Some(_), _) => {
                let s = self
                    .w
                    .output_structs
                    .get(self.handle.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| Error::invalid("entry point without an output struct"))?;
                zero = Some(format!("{s}()"));
                format!(" -> {s}")
            }
            (None, _) => {
                return Err(Error::invalid(
                    "a function that is not an entry point returns several values",
                ))
            }
        };
        self.out
            .open(format!("fn {name}({}){ret} {{", params.join(", ")));

        for (_, local) in function.locals.iter() {
            let name = self.namer.call(local.name.as_deref().unwrap_or("local"));
            self.local_names.push(name.clone());
            let ty = self.w.type_text(local.ty)?;
            match local.init {
                Some(init) => {
                    let value = self.w.constant_ref(init)?;
                    self.out
                        .line_fmt(format_args!("var {name}: {ty} = {};", value.text));
                }
                None => self.out.line_fmt(format_args!("var {name}: {ty};")),
            }
        }
        for line in self.w.function_prologue(self.handle) {
            self.out.line(line);
        }

        let mut work = vec![Work::Block {
            block: function.body,
            next: 0,
            role: Role::FunctionBody,
        }];
        let mut ctx: Vec<Ctx> = Vec::new();
        while let Some(item) = work.pop() {
            match item {
                Work::Else { candidate, guard } => {
                    let before = self.out.as_str().len();
                    match &guard {
                        Some(g) => {
                            self.out.close("}");
                            self.out.open(format!("if !{g} {{"));
                        }
                        None => {
                            self.out.dedent();
                            self.out.line("} else {");
                            self.out.indent();
                        }
                    }
                    let after = self.out.as_str().len();
                    self.else_if = candidate.then_some(ElseSlot {
                        before,
                        after,
                        guard,
                    });
                }
                Work::EndIf | Work::EndLoop => {
                    ctx.pop();
                    self.out.close("}");
                }
                Work::EndIfMerged { guarded } => {
                    ctx.pop();
                    if !guarded {
                        self.chain_position = self.chain_position.saturating_sub(1);
                    }
                }
                Work::Block { block, next, role } => {
                    self.block(block, next, role, &mut work, &mut ctx)?;
                }
            }
        }
        if let Some(zero) = zero.filter(|_| !luma_back::ends_in_return(function, function.body)) {
            self.out.line_fmt(format_args!("return {zero};"));
        }
        self.out.close("}");
        Ok(())
    }

    fn block(
        &mut self,
        block: Handle<Block>,
        next: usize,
        role: Role,
        work: &mut Vec<Work>,
        ctx: &mut Vec<Ctx>,
    ) -> Result<(), Error> {
        let stmts = &self
            .function
            .blocks
            .get(block)
            .ok_or_else(|| Error::invalid("block handle out of range"))?
            .stmts;
        let mut index = next;
        while let Some(stmt) = stmts.get(index) {
            match &stmt.kind {
                StmtKind::Value(v) => self.value_stmt(*v)?,
                StmtKind::Store { pointer, value } => {
                    let p = self.operand(*pointer)?;
                    let v = self.operand(*value)?;
                    self.out.line_fmt(format_args!("{} = {};", p.text, v.text));
                }
                StmtKind::AtomicStore { pointer, value } => {
                    let p = self.operand(*pointer)?;
                    let v = self.operand(*value)?;
                    self.out
                        .line_fmt(format_args!("atomicStore({}, {});", address_of(&p), v.text));
                }
                StmtKind::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => {
                    let mut args = self.storage_args(*image, *coordinate, *array_index)?;
                    args.push(self.operand(*value)?.text);
                    self.out
                        .line_fmt(format_args!("textureStore({});", args.join(", ")));
                }
                StmtKind::Call { function, args } => {
                    let call = self.call(*function, args)?;
                    self.out.line_fmt(format_args!("{};", call.text));
                }
                StmtKind::Barrier(barrier) => self.barrier(*barrier),
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    if results.is_empty()
                        && self.is_empty_arm(*accept, &[])
                        && self.is_empty_arm(*reject, &[])
                    {
                        index += 1;
                        continue;
                    }
                    let cond = self.operand(*condition)?;
                    // The only statement of an `else` arm: write `} else if`, its results
                    // being the variables of the enclosing `If`'s, which keep their defaults.
                    let merged =
                        self.take_else_if(role == Role::Arm, results, stmts.get(index + 1), ctx);
                    let defaults = match &merged {
                        Some((targets, _)) => {
                            self.alias_enclosing_results(results, targets, ctx)?
                        }
                        None => {
                            let defaults = self.defaults.of_if(
                                self.w.module,
                                self.function,
                                *accept,
                                *reject,
                                results,
                            );
                            for (&r, &d) in results.iter().zip(&defaults) {
                                self.declare_var(r, d)?;
                            }
                            defaults
                        }
                    };
                    let merged = merged.map(|(_, guard)| guard);
                    let reject_empty = self.is_empty_arm(*reject, &defaults);
                    // Whether the `else` arm may print as `else if` (asked once: it walks the arm).
                    let else_if_arm = !reject_empty && self.is_else_if_arm(*reject);
                    // An empty accept arm is written as `if !c`, unless the reject arm goes on
                    // as `else if`: `if c {} else if` keeps the chain flat.
                    let accept_empty = self.is_empty_arm(*accept, &defaults) && !else_if_arm;
                    let chained = !accept_empty && else_if_arm;
                    let guard = match &merged {
                        Some(guard) => guard.clone(),
                        None if chained && self.chain_needs_guard(*reject) => {
                            let g = self.namer.call("taken");
                            self.out.line_fmt(format_args!("var {g} = false;"));
                            Some(g)
                        }
                        None => None,
                    };
                    if matches!(merged, Some(None)) {
                        self.chain_position += 1;
                    }
                    self.check_nesting(stmt)?;
                    // A merged `if` is followed by the `Yield` of its results to themselves.
                    work.push(Work::Block {
                        block,
                        next: index + if merged.is_some() { 2 } else { 1 },
                        role,
                    });
                    work.push(match &merged {
                        Some(g) => Work::EndIfMerged {
                            guarded: g.is_some(),
                        },
                        None => Work::EndIf,
                    });
                    ctx.push(Ctx::If {
                        results: results.to_vec(),
                        defaults,
                    });
                    let test = if accept_empty {
                        (prec::prefix("!", &cond.text, cond.prec), Prec::Unary)
                    } else {
                        (cond.text, cond.prec)
                    };
                    match (&merged, &guard) {
                        (Some(Some(g)), _) => {
                            let test = prec::infix(
                                "&&",
                                Prec::LogicalAnd,
                                (&format!("!{g}"), Prec::Unary),
                                (&test.0, test.1),
                            );
                            self.out.line("}");
                            self.out.open(format!("if {test} {{"));
                        }
                        (Some(None), _) => self.out.open(format!("}} else if {} {{", test.0)),
                        (None, _) => self.out.open(format!("if {} {{", test.0)),
                    }
                    if let Some(g) = &guard {
                        self.out.line_fmt(format_args!("{g} = true;"));
                    }
                    if accept_empty {
                        work.push(Work::Block {
                            block: *reject,
                            next: 0,
                            role: Role::Arm,
                        });
                    } else {
                        if !reject_empty {
                            work.push(Work::Block {
                                block: *reject,
                                next: 0,
                                role: Role::Arm,
                            });
                            work.push(Work::Else {
                                candidate: chained,
                                guard,
                            });
                        }
                        work.push(Work::Block {
                            block: *accept,
                            next: 0,
                            role: Role::Arm,
                        });
                    }
                    return Ok(());
                }
                StmtKind::Loop(lp) => {
                    let luma_ir::Loop {
                        carried,
                        body,
                        results,
                        ..
                    } = &**lp;
                    for lv in carried {
                        self.declare_var(lv.value, Some(lv.init))?;
                    }
                    for &r in results {
                        self.declare_var(r, None)?;
                    }
                    self.check_nesting(stmt)?;
                    self.out.open("loop {");
                    work.push(Work::Block {
                        block,
                        next: index + 1,
                        role,
                    });
                    work.push(Work::EndLoop);
                    ctx.push(Ctx::Loop {
                        carried: carried.iter().map(|lv| lv.value).collect(),
                        results: results.clone(),
                    });
                    work.push(Work::Block {
                        block: *body,
                        next: 0,
                        role: Role::LoopBody,
                    });
                    return Ok(());
                }
                StmtKind::Yield(args) => {
                    let Some(Ctx::If { results, defaults }) = ctx.last() else {
                        return Err(Error::invalid("`Yield` outside an `If` arm"));
                    };
                    if results.len() != args.len() {
                        return Err(Error::invalid(
                            "wrong number of values for a region's results",
                        ));
                    }
                    let pairs: Vec<_> = assignments(results, args, defaults).collect();
                    for (t, a) in pairs {
                        let target = self.operand(t)?;
                        let value = self.operand(a)?;
                        self.out
                            .line_fmt(format_args!("{} = {};", target.text, value.text));
                    }
                }
                StmtKind::Continue(args) => {
                    let carried = innermost_loop(ctx)?.0;
                    self.assign_parallel(&carried, args)?;
                    if role != Role::LoopBody {
                        self.out.line("continue;");
                    }
                }
                StmtKind::Break(args) => {
                    let results = innermost_loop(ctx)?.1;
                    self.assign_all(&results, args)?;
                    self.out.line("break;");
                }
                StmtKind::Return(values) => self.ret(values, role)?,
                StmtKind::Discard => self.out.line("discard;"),
                StmtKind::Unreachable => {}
            }
            if stmt.kind.is_terminator() {
                return Ok(());
            }
            index += 1;
        }
        Ok(())
    }

    /// Whether an `else` arm may print as `else if` ([`luma_back::chain`]): only values written
    /// into their use, one `If`, then `Yield` of its results (or `Unreachable`).
    fn is_else_if_arm(&self, block: Handle<Block>) -> bool {
        self.plan
            .else_if(self.w.module, self.function, block)
            .is_some_and(|arm| arm.fold.is_empty())
    }

    /// Whether the `if` being written is the whole of a candidate `else` arm that nothing has
    /// been written into yet; if so, takes back the `} else {` line so the `if` can print as
    /// `} else if`, and returns where its results go among the enclosing `If`'s
    /// ([`luma_back::defaults::chain_targets`]) and the chain's guard when it is guarded. `next` is the statement
    /// after the `if`.
    fn take_else_if(
        &mut self,
        eligible: bool,
        results: &[Handle<Value>],
        next: Option<&luma_ir::Stmt>,
        ctx: &[Ctx],
    ) -> Option<(Vec<usize>, Option<String>)> {
        let ElseSlot {
            before,
            after,
            guard,
        } = self.else_if.take()?;
        // An arm's enclosing context is its `If`.
        let defaults = match ctx.last() {
            Some(Ctx::If { defaults, .. }) => defaults.as_slice(),
            _ => &[],
        };
        let targets = end_targets(next.map(|s| &s.kind), results, defaults);
        if !eligible || self.out.as_str().len() != after {
            return None;
        }
        let targets = targets?;
        // The `if` header goes where `} else {` was, one level out.
        self.out.truncate(before);
        let depth = self.out.depth();
        self.out.set_depth(depth.saturating_sub(1));
        Some((targets, guard))
    }

    /// Tint's count of the nesting of an `if` or loop about to be opened here.
    fn tint_nesting(&self) -> usize {
        2 * self.out.depth() + self.chain_position
    }

    /// Whether the `else if` chain whose first arm is `reject` would, written as `else if`s,
    /// take Tint's nesting count past [`GUARD_CHAINS_PAST`].
    fn chain_needs_guard(&self, mut reject: Handle<Block>) -> bool {
        let room = GUARD_CHAINS_PAST.saturating_sub(self.tint_nesting());
        let mut arms = 0;
        while arms <= room {
            match self.plan.else_if(self.w.module, self.function, reject) {
                Some(arm) if arm.fold.is_empty() => {
                    arms += 1;
                    reject = arm.reject;
                }
                _ => return false,
            }
        }
        true
    }

    /// Refuses an `if` or loop nested deeper than Tint accepts (naga's limit is looser).
    fn check_nesting(&self, stmt: &luma_ir::Stmt) -> Result<(), Error> {
        if self.tint_nesting() <= TINT_NESTING_LIMIT {
            return Ok(());
        }
        let name = &self.function.name;
        let place = match stmt.loc {
            Some(loc) => format!("the `if` or loop from line {} (in `{name}`)", loc.line),
            None => format!("an `if` or loop in `{name}`"),
        };
        Err(Error::new(
            codes::NESTING_TOO_DEEP,
            format!(
                "{place} is nested deeper than WGSL implementations accept: Tint allows about \
                 62 levels of `if` and loops in a function (the limit is 127, and each level \
                 counts twice); move inner levels into functions"
            ),
        ))
    }

    /// Names the results of an `If` merged into the enclosing `If`'s `else if` after the
    /// enclosing results at `targets`, which the arm yields them to, and returns their defaults:
    /// the enclosing results', which their variables still hold when the arm starts.
    fn alias_enclosing_results(
        &mut self,
        results: &[Handle<Value>],
        targets: &[usize],
        ctx: &[Ctx],
    ) -> Result<Vec<Option<Handle<Value>>>, Error> {
        if results.is_empty() {
            return Ok(Vec::new());
        }
        let Some(Ctx::If {
            results: enclosing,
            defaults: enclosing_defaults,
        }) = ctx.last()
        else {
            return Err(Error::invalid("`else if` outside an `If` arm"));
        };
        let Some((variables, defaults)) = at_targets(targets, enclosing, enclosing_defaults) else {
            return Err(Error::invalid(
                "wrong number of values for a region's results",
            ));
        };
        for (&r, e) in results.iter().zip(variables) {
            let expr = self.operand(e)?;
            self.set(r, expr);
        }
        Ok(defaults)
    }

    /// Whether an `if` arm writes nothing: only inlined or dead values, then `Yield` of the
    /// results' `defaults`, which their variables already hold.
    fn is_empty_arm(&self, block: Handle<Block>, defaults: &[Option<Handle<Value>>]) -> bool {
        let Some(block) = self.function.blocks.get(block) else {
            return false;
        };
        let Some((last, rest)) = block.stmts.split_last() else {
            return false;
        };
        matches!(&last.kind, StmtKind::Yield(args) if yields_defaults(args, defaults))
            && rest.iter().all(|s| match s.kind {
                StmtKind::Value(v) => {
                    matches!(self.plan.placement(v), Placement::Dead | Placement::Inline)
                }
                _ => false,
            })
    }

    /// Declares the `var` behind an `If` result, loop result or loop-carried value.
    fn declare_var(&mut self, v: Handle<Value>, init: Option<Handle<Value>>) -> Result<(), Error> {
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("v"));
        let ty = self.w.type_text(value.ty)?;
        match init {
            Some(init) => {
                let e = self.operand(init)?;
                self.var_with_value(&name, &ty, init, &e)?;
            }
            None => self.out.line_fmt(format_args!("var {name}: {ty};")),
        }
        self.set(
            v,
            Expr {
                reads: vec![v.raw()],
                ..Expr::name(name)
            },
        );
        Ok(())
    }

    fn assign_all(
        &mut self,
        targets: &[Handle<Value>],
        args: &[Handle<Value>],
    ) -> Result<(), Error> {
        if targets.len() != args.len() {
            return Err(Error::invalid(
                "wrong number of values for a region's results",
            ));
        }
        for (&t, &a) in targets.iter().zip(args) {
            let target = self.operand(t)?;
            let value = self.operand(a)?;
            self.out
                .line_fmt(format_args!("{} = {};", target.text, value.text));
        }
        Ok(())
    }

    /// Assigns loop-carried variables as if all at once: a new value that reads a variable
    /// assigned before it in the sequence is saved in a `let` before any assignment.
    fn assign_parallel(
        &mut self,
        targets: &[Handle<Value>],
        args: &[Handle<Value>],
    ) -> Result<(), Error> {
        if targets.len() != args.len() {
            return Err(Error::invalid(
                "wrong number of values for a loop's carried values",
            ));
        }
        let mut assigned: Vec<u32> = Vec::new();
        let mut pending: Vec<(String, String)> = Vec::new();
        for (&t, &a) in targets.iter().zip(args) {
            if t == a {
                continue;
            }
            let mut value = self.operand(a)?;
            if value.reads.iter().any(|r| assigned.contains(r)) {
                let base = self.function.value_name(self.value(t)?).unwrap_or("v");
                let name = self.namer.call(&format!("next_{base}"));
                self.out
                    .line_fmt(format_args!("let {name} = {};", value.text));
                value = Expr::name(name);
            }
            assigned.push(t.raw());
            pending.push((self.operand(t)?.text, value.text));
        }
        for (target, value) in pending {
            self.out.line_fmt(format_args!("{target} = {value};"));
        }
        Ok(())
    }

    fn ret(&mut self, values: &[Handle<Value>], role: Role) -> Result<(), Error> {
        let mut texts = Vec::with_capacity(values.len());
        for &v in values {
            texts.push(self.operand(v)?.text);
        }
        match texts.as_slice() {
            [] => {
                if role != Role::FunctionBody {
                    self.out.line("return;");
                }
            }
            [one] => self.out.line_fmt(format_args!("return {one};")),
            _ => {
                let s = self
                    .w
                    .output_structs
                    .get(self.handle.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| Error::invalid("`Return` of several values from a function"))?;
                self.out
                    .line_fmt(format_args!("return {s}({});", texts.join(", ")));
            }
        }
        Ok(())
    }

    fn barrier(&mut self, barrier: Barrier) {
        if barrier.storage {
            self.out.line("storageBarrier();");
        }
        // A control barrier with no memory asked for is still a workgroup barrier in WGSL.
        if barrier.workgroup || !barrier.storage {
            self.out.line("workgroupBarrier();");
        }
    }

    // -----------------------------------------------------------------------------------------
    // Values

    fn value(&self, v: Handle<Value>) -> Result<&'a Value, Error> {
        self.function
            .values
            .get(v)
            .ok_or_else(|| Error::invalid("value handle out of range"))
    }

    fn value_inner(&self, v: Handle<Value>) -> Result<&'a TypeInner, Error> {
        let ty = self.value(v)?.ty;
        self.w.inner(ty)
    }

    fn set(&mut self, v: Handle<Value>, e: Expr) {
        if let Some(slot) = self.exprs.get_mut(v.index()) {
            *slot = Some(e);
        }
    }

    /// The current text of operand `v`.
    fn operand(&mut self, v: Handle<Value>) -> Result<Expr, Error> {
        let value = self.value(v)?;
        match &value.def {
            ValueDef::Constant(c) => self.w.constant_ref(*c),
            ValueDef::GlobalPointer(g) => {
                let name = self
                    .w
                    .global_name_in(self.handle, *g)
                    .ok_or_else(|| Error::invalid("global handle out of range"))?;
                Ok(Expr::name(name))
            }
            ValueDef::LocalPointer(l) => {
                let name = self
                    .local_names
                    .get(l.index())
                    .cloned()
                    .ok_or_else(|| Error::invalid("local handle out of range"))?;
                Ok(Expr::name(name))
            }
            _ => self.exprs.get(v.index()).cloned().flatten().ok_or_else(|| {
                Error::invalid(format!("value {} used before its definition", v.raw()))
            }),
        }
    }

    /// Operand `v` in a form that may be written several times, and that is not a constant
    /// expression when `unconst` is set: otherwise it is bound to a `let` here (it is pure or
    /// constant, so evaluating it here is the same).
    fn bound_operand(&mut self, v: Handle<Value>, unconst: bool) -> Result<Expr, Error> {
        let e = self.operand(v)?;
        if e.cheap && !(unconst && e.konst) {
            return Ok(e);
        }
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("t"));
        self.bind(v, &name, &e)?;
        let named = Expr::name(name);
        if matches!(value.def, ValueDef::Op(_)) {
            self.set(v, named.clone());
        }
        Ok(named)
    }

    /// Declares `name` for value `v`, written as `e`: a `let`, or, when `e` is a constant
    /// expression that reads an override, a `var` assigned after its declaration. WGSL never
    /// treats a `let` as an override-expression, but naga's override processing evaluates
    /// through `let`s at pipeline creation (gfx-rs/wgpu#9002) and rejects what fails there
    /// (`INT_MIN / -1`, a shift by 33, `-INT_MIN` with the pipeline's values), which Luma
    /// defines at run time; a load of a function `var` is a run-time value for naga too. The
    /// value is stored, not given as the initializer: naga 30 panics writing SPIR-V for some
    /// functions whose `var`s are initialized with override-expressions.
    fn bind(&mut self, v: Handle<Value>, name: &str, e: &Expr) -> Result<(), Error> {
        if e.konst && self.reads_override(v)? {
            let ty = self.w.type_text(self.value(v)?.ty)?;
            self.out.line_fmt(format_args!("var {name}: {ty};"));
            self.out.line_fmt(format_args!("{name} = {};", e.text));
        } else {
            self.out.line_fmt(format_args!("let {name} = {};", e.text));
        }
        Ok(())
    }

    /// Declares `var name: ty` holding value `v`, written as `e`: initialized with it, or,
    /// when `e` is a constant expression that reads an override, assigned after the
    /// declaration, for the two reasons `bind` gives (naga 30's SPIR-V writer panics on a
    /// function with `var v: u32 = bitcast<u32>(N);` for an override `N`, which a loop up to a
    /// spec constant produces at `--opt aggressive`; and naga evaluates such an initializer at
    /// pipeline creation, where Luma's run-time operator rules do not apply).
    fn var_with_value(
        &mut self,
        name: &str,
        ty: &str,
        v: Handle<Value>,
        e: &Expr,
    ) -> Result<(), Error> {
        if e.konst && self.reads_override(v)? {
            self.out.line_fmt(format_args!("var {name}: {ty};"));
            self.out.line_fmt(format_args!("{name} = {};", e.text));
        } else {
            self.out
                .line_fmt(format_args!("var {name}: {ty} = {};", e.text));
        }
        Ok(())
    }

    /// Whether value `v` reads a specialization constant (an override), through its operands
    /// and the parts of composite constants; `true` when that is not settled within a bounded
    /// walk.
    fn reads_override(&self, v: Handle<Value>) -> Result<bool, Error> {
        let module = self.w.module;
        let mut values = vec![v];
        let mut constants = Vec::new();
        let mut visits = 0usize;
        while let Some(v) = values.pop() {
            visits += 1;
            if visits > 256 {
                return Ok(true);
            }
            match &self.value(v)?.def {
                ValueDef::Constant(c) => constants.push(*c),
                ValueDef::Op(op) => op.for_each_operand(|o| values.push(o)),
                _ => {}
            }
            while let Some(c) = constants.pop() {
                visits += 1;
                if visits > 256 {
                    return Ok(true);
                }
                let constant = module
                    .constants
                    .get(c)
                    .ok_or_else(|| Error::invalid("constant handle out of range"))?;
                if constant.spec_id.is_some() {
                    return Ok(true);
                }
                if let ConstantValue::Composite(parts) = &constant.value {
                    constants.extend(parts.iter().copied());
                }
            }
        }
        Ok(false)
    }

    fn value_stmt(&mut self, v: Handle<Value>) -> Result<(), Error> {
        let placement = self.plan.placement(v);
        if placement == Placement::Dead {
            return Ok(());
        }
        let value = self.value(v)?;
        let ValueDef::Op(op) = &value.def else {
            return Err(Error::invalid(
                "`Value` statement for a value without an op",
            ));
        };
        match op {
            Op::Insert {
                base,
                value: part,
                index,
            } => return self.insert(v, *base, *part, *index),
            Op::Select {
                condition,
                accept,
                reject,
            } if placement == Placement::Named
                && !self.value_inner(*accept)?.is_scalar_or_vector() =>
            {
                return self.select_stmt(v, *condition, *accept, *reject)
            }
            Op::Atomic {
                fun: AtomicFunction::CompareExchange,
                pointer,
                value: replacement,
                comparator,
            } => {
                let comparator = comparator
                    .ok_or_else(|| Error::invalid("compare-exchange without a comparator"))?;
                return self.compare_exchange(v, *pointer, *replacement, comparator);
            }
            _ => {}
        }
        let mut e = self.op_expr(v, op)?;
        match placement {
            Placement::Dead => {}
            Placement::Inline => {
                let mut reads = Vec::new();
                op.for_each_operand(|o| {
                    if let Some(Some(oe)) = self.exprs.get(o.index()) {
                        reads.extend(oe.reads.iter().copied());
                    }
                });
                reads.sort_unstable();
                reads.dedup();
                e.reads = reads;
                self.set(v, e);
            }
            Placement::Named => {
                let name = self.temp_name(v)?;
                self.bind(v, &name, &e)?;
                self.set(v, Expr::name(name));
            }
            Placement::Effect => match op {
                // WGSL discards a call's result only for calls of user functions and of
                // builtins not marked `@must_use`; atomics are among the latter.
                Op::Call { .. } | Op::Atomic { .. } => {
                    self.out.line_fmt(format_args!("{};", e.text))
                }
                _ => self.out.line_fmt(format_args!("_ = {};", e.text)),
            },
        }
        Ok(())
    }

    /// A name for a temporary: the source variable it holds, else what it calls, samples or
    /// loads ([`luma_back::temp_base`]).
    fn temp_name(&mut self, v: Handle<Value>) -> Result<String, Error> {
        let value = self.value(v)?;
        if let Some(name) = self.function.value_name(value) {
            return Ok(self.namer.call(name));
        }
        let base = luma_back::temp_base(self.w.module, self.function, v);
        Ok(self.namer.call(base.as_deref().unwrap_or("t")))
    }

    /// `var name = base; name.part = value;`: WGSL has no expression that replaces one part.
    fn insert(
        &mut self,
        v: Handle<Value>,
        base: Handle<Value>,
        part: Handle<Value>,
        index: u32,
    ) -> Result<(), Error> {
        if self.plan.placement(v) == Placement::Dead {
            return Ok(());
        }
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("t"));
        let base_e = self.operand(base)?;
        let ty = self.w.type_text(value.ty)?;
        self.var_with_value(&name, &ty, base, &base_e)?;
        let accessor = self.part_accessor(value.ty, index)?;
        let part_e = self.operand(part)?;
        self.out
            .line_fmt(format_args!("{name}{accessor} = {};", part_e.text));
        self.set(v, Expr::name(name));
        Ok(())
    }

    /// `select` takes only scalars and vectors; other types choose with an `if`.
    fn select_stmt(
        &mut self,
        v: Handle<Value>,
        c: Handle<Value>,
        a: Handle<Value>,
        r: Handle<Value>,
    ) -> Result<(), Error> {
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("t"));
        let ty = self.w.type_text(value.ty)?;
        let c = self.operand(c)?;
        let a = self.operand(a)?;
        let r = self.operand(r)?;
        self.out.line_fmt(format_args!("var {name}: {ty};"));
        self.out.open(format!("if {} {{", c.text));
        self.out.line_fmt(format_args!("{name} = {};", a.text));
        self.out.dedent();
        self.out.line("} else {");
        self.out.indent();
        self.out.line_fmt(format_args!("{name} = {};", r.text));
        self.out.close("}");
        self.set(v, Expr::name(name));
        Ok(())
    }

    /// A strong compare-exchange from WGSL's weak one: retry while the exchange failed
    /// spuriously (the old value matched but nothing was stored).
    fn compare_exchange(
        &mut self,
        v: Handle<Value>,
        pointer: Handle<Value>,
        replacement: Handle<Value>,
        comparator: Handle<Value>,
    ) -> Result<(), Error> {
        let p = self.operand(pointer)?;
        let x = self.bound_operand(replacement, false)?;
        let c = self.bound_operand(comparator, false)?;
        let value = self.value(v)?;
        let name = match self.function.value_name(value) {
            Some(n) => self.namer.call(n),
            None => self.namer.call("old"),
        };
        let ty = self.w.type_text(value.ty)?;
        let result = self.namer.call("exchange");
        self.out.line_fmt(format_args!("var {name}: {ty};"));
        self.out.open("loop {");
        self.out.line_fmt(format_args!(
            "let {result} = atomicCompareExchangeWeak({}, {}, {});",
            address_of(&p),
            c.text,
            x.text
        ));
        self.out
            .line_fmt(format_args!("{name} = {result}.old_value;"));
        self.out
            .open(format!("if {result}.exchanged || {name} != {} {{", c.text));
        self.out.line("break;");
        self.out.close("}");
        self.out.close("}");
        self.set(v, Expr::name(name));
        Ok(())
    }

    /// `.x`, `[2]` or `.member` for part `index` of a composite of type `ty`.
    fn part_accessor(&mut self, ty: Handle<Type>, index: u32) -> Result<String, Error> {
        Ok(match self.w.inner(ty)? {
            TypeInner::Vector { size, .. } => {
                if index >= size.count() {
                    return Err(Error::invalid("vector component index out of range"));
                }
                format!(".{}", component(index))
            }
            TypeInner::Matrix { .. } | TypeInner::Array { .. } => format!("[{index}]"),
            TypeInner::Struct { .. } => format!(".{}", self.w.member(ty, index)?.0),
            _ => return Err(Error::invalid("part of a type that is not a composite")),
        })
    }

    fn call(&mut self, function: Handle<Function>, args: &[Handle<Value>]) -> Result<Expr, Error> {
        let name = self
            .w
            .function_names
            .get(function.index())
            .cloned()
            .ok_or_else(|| Error::invalid("function handle out of range"))?;
        let mut texts = Vec::with_capacity(args.len());
        for &a in args {
            texts.push(self.operand(a)?.text);
        }
        Ok(Expr::primary(format!("{name}({})", texts.join(", "))))
    }

    // -----------------------------------------------------------------------------------------
    // Expressions

    fn op_expr(&mut self, v: Handle<Value>, op: &Op) -> Result<Expr, Error> {
        let value = self.value(v)?;
        let mut konst = false;
        let e = match op {
            Op::Unary { op, arg } => {
                let mut a = self.operand(*arg)?;
                if *op == UnaryOp::Negate && a.konst && !self.negation_is_safe(*arg)? {
                    a = self.bound_operand(*arg, true)?;
                }
                konst = a.konst;
                match op {
                    UnaryOp::Negate => unary("-", &a),
                    UnaryOp::BitNot => unary("~", &a),
                    UnaryOp::LogicalNot => unary("!", &a),
                }
            }
            Op::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs)?,
            Op::Product { lhs, rhs, .. } => {
                let (l, r) = self.guarded_pair(*lhs, *rhs, false)?;
                binary("*", Prec::Multiplicative, &l, &r)
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.operand(*condition)?;
                let a = self.operand(*accept)?;
                let r = self.operand(*reject)?;
                konst = c.konst && a.konst && r.konst;
                Expr::primary(format!("select({}, {}, {})", r.text, a.text, c.text))
            }
            Op::Splat { value: s } => {
                let e = self.operand(*s)?;
                konst = e.konst;
                let ty = self.w.type_text(value.ty)?;
                Expr::primary(format!("{ty}({})", e.text))
            }
            Op::Compose { components } => {
                let mut parts = Vec::with_capacity(components.len());
                konst = true;
                for &c in components {
                    let e = self.operand(c)?;
                    konst &= e.konst;
                    parts.push(e.text);
                }
                let ty = self.w.type_text(value.ty)?;
                Expr::primary(format!("{ty}({})", parts.join(", ")))
            }
            Op::Extract { base, index } => {
                let b = self.operand(*base)?;
                konst = b.konst;
                let base_ty = self.value(*base)?.ty;
                let accessor = self.part_accessor(base_ty, *index)?;
                postfix(&b, &accessor)
            }
            Op::ExtractDynamic { base, index } => {
                let b = self.operand(*base)?;
                let size = match self.value_inner(*base)? {
                    TypeInner::Vector { size, .. } => size.count(),
                    _ => return Err(Error::invalid("dynamic extract from a non-vector")),
                };
                // A constant vector indexed by a constant expression that is no literal
                // (`vec2u(14u)[v.y & 1u]` at --opt none) is a constant expression to WGSL:
                // evaluated at shader creation, where an out-of-range index is an error and
                // the result makes the expressions using it constant too (a shift count of
                // 32 or more is then rejected, found by luma-difftest). A `let` for the index
                // keeps it a run-time index, which WGSL clamps as Luma defines.
                let literal = self.constant_literals(*index)?.is_some();
                let i = if b.konst && !literal && self.operand(*index)?.konst {
                    self.bound_operand(*index, true)?.text
                } else {
                    self.index_text(*index, Some(size))?
                };
                postfix(&b, &format!("[{i}]"))
            }
            Op::InsertDynamic {
                base,
                value: part,
                index,
            } => {
                // Componentwise select keeps `base` unchanged for an out-of-range index.
                let (size, scalar) = match self.value_inner(*base)? {
                    TypeInner::Vector { size, scalar } => (*size, *scalar),
                    _ => return Err(Error::invalid("dynamic insert into a non-vector")),
                };
                let b = self.operand(*base)?;
                let p = self.operand(*part)?;
                let i = self.operand(*index)?;
                let index_scalar = self
                    .value_inner(*index)?
                    .scalar()
                    .ok_or_else(|| Error::invalid("non-integer index"))?;
                let suffix = if index_scalar.kind == ScalarKind::Uint {
                    "u"
                } else {
                    "i"
                };
                let lanes: Vec<String> =
                    (0..size.count()).map(|k| format!("{k}{suffix}")).collect();
                let ivec = shape_name(index_scalar, Some(size));
                let vec = shape_name(scalar, Some(size));
                Expr::primary(format!(
                    "select({}, {vec}({}), {ivec}({}) == {ivec}({}))",
                    b.text,
                    p.text,
                    lanes.join(", "),
                    i.text
                ))
            }
            Op::Shuffle { a, b, pattern } => self.shuffle(v, *a, *b, pattern)?,
            Op::Convert { value: source } => {
                let mut s = self.operand(*source)?;
                if self.value(*source)?.ty == value.ty {
                    s
                } else {
                    if s.konst && !self.conversion_is_safe(*source, value.ty)? {
                        s = self.bound_operand(*source, true)?;
                    }
                    konst = s.konst;
                    let ty = self.w.type_text(value.ty)?;
                    Expr::primary(format!("{ty}({})", s.text))
                }
            }
            Op::Bitcast { value: source } => {
                let mut s = self.operand(*source)?;
                if self.value(*source)?.ty == value.ty {
                    s
                } else {
                    // A constant bitcast to an infinity or NaN fails at shader creation.
                    if s.konst && self.w.inner(value.ty)?.scalar_kind() == Some(ScalarKind::Float) {
                        s = self.bound_operand(*source, true)?;
                    }
                    konst = s.konst;
                    let ty = self.w.type_text(value.ty)?;
                    let from_half = self
                        .value_inner(*source)?
                        .scalar()
                        .is_some_and(|s| s.width == 2);
                    let to_half = self
                        .w
                        .inner(value.ty)?
                        .scalar()
                        .is_some_and(|s| s.width == 2);
                    if from_half || to_half {
                        // Two halves in one 32-bit word. naga 30 mistypes `bitcast` between
                        // `vec2h` and `u32`; packing through f32 keeps every finite value and
                        // infinity.
                        konst = false;
                        self.half_bitcast(&s.text, &ty, from_half)
                    } else {
                        Expr::primary(format!("bitcast<{ty}>({})", s.text))
                    }
                }
            }
            Op::Relational { fun, arg } => self.relational(*fun, *arg)?,
            Op::Math { fun, args } => self.math(*fun, args)?,
            Op::Derivative { axis, control, arg } => {
                let a = self.operand(*arg)?;
                let base = match axis {
                    DerivativeAxis::X => "dpdx",
                    DerivativeAxis::Y => "dpdy",
                    DerivativeAxis::Width => "fwidth",
                };
                let suffix = match control {
                    DerivativeControl::None => "",
                    DerivativeControl::Coarse => "Coarse",
                    DerivativeControl::Fine => "Fine",
                };
                Expr::primary(format!("{base}{suffix}({})", a.text))
            }
            // WGSL has no marker for a non-uniform index into a `binding_array`: naga's
            // uniformity analysis finds those indices itself, its validator then requires
            // `TEXTURE_AND_SAMPLER_BINDING_ARRAY_NON_UNIFORM_INDEXING` (or the storage-texture
            // one), and its SPIR-V writer decorates them `NonUniform`. The chain's
            // `non_uniform` marker is left unwritten.
            Op::AccessChain { base, indices, .. } => self.access_chain(*base, indices)?,
            Op::Load { pointer } => self.load(*pointer)?,
            Op::ArrayLength { pointer } => {
                let p = self.operand(*pointer)?;
                Expr::primary(format!("arrayLength({})", address_of(&p)))
            }
            Op::Call { function, args } => self.call(*function, args)?,
            Op::ImageSample(s) => self.sample(
                s.image,
                s.sampler,
                s.coordinate,
                s.array_index,
                &s.level,
                s.depth_ref,
                s.offset,
                s.gather,
            )?,
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => self.fetch(*image, *coordinate, *array_index, *level, *sample)?,
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                // WGSL defines out-of-range storage texture loads and stores (zero or an edge
                // texel; dropped), so no clamp or guard is written.
                let args = self.storage_args(*image, *coordinate, *array_index)?;
                Expr::primary(format!("textureLoad({})", args.join(", ")))
            }
            Op::ImageQuery { image, query } => self.query(*image, query, value.ty)?,
            Op::Atomic {
                fun,
                pointer,
                value: operand,
                ..
            } => {
                let p = self.operand(*pointer)?;
                let x = self.operand(*operand)?;
                let name = match fun {
                    AtomicFunction::Add => "atomicAdd",
                    AtomicFunction::Subtract => "atomicSub",
                    AtomicFunction::And => "atomicAnd",
                    AtomicFunction::Or => "atomicOr",
                    AtomicFunction::Xor => "atomicXor",
                    AtomicFunction::Min => "atomicMin",
                    AtomicFunction::Max => "atomicMax",
                    AtomicFunction::Exchange => "atomicExchange",
                    AtomicFunction::CompareExchange => {
                        return Err(Error::invalid("compare-exchange written as an expression"))
                    }
                };
                Expr::primary(format!("{name}({}, {})", address_of(&p), x.text))
            }
            Op::AtomicLoad { pointer } => {
                let p = self.operand(*pointer)?;
                Expr::primary(format!("atomicLoad({})", address_of(&p)))
            }
            Op::Insert { .. } => return Err(Error::invalid("insert written as an expression")),
        };
        Ok(if konst { e.konst() } else { e })
    }

    /// `vec2h` to a 32-bit integer or back, through `pack2x16float` / `unpack2x16float`.
    fn half_bitcast(&self, source: &str, ty: &str, from_half: bool) -> Expr {
        if from_half {
            let bits = format!("pack2x16float(vec2f({source}))");
            if ty == "u32" {
                Expr::primary(bits)
            } else {
                Expr::primary(format!("bitcast<{ty}>({bits})"))
            }
        } else {
            Expr::primary(format!("vec2h(unpack2x16float(bitcast<u32>({source})))"))
        }
    }

    /// Both operands, with the first bound to a `let` when both are constant expressions and
    /// the operation might fail when evaluated at shader creation (`safe` says it cannot).
    fn guarded_pair(
        &mut self,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        safe: bool,
    ) -> Result<(Expr, Expr), Error> {
        let l = self.operand(lhs)?;
        let r = self.operand(rhs)?;
        if l.konst && r.konst && !safe {
            let l = self.bound_operand(lhs, true)?;
            return Ok((l, r));
        }
        Ok((l, r))
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> Result<Expr, Error> {
        let inner = self.value_inner(lhs)?.clone();
        let size = match &inner {
            TypeInner::Scalar(_) => None,
            TypeInner::Vector { size, .. } => Some(*size),
            _ => return Err(Error::invalid("binary operator on a composite")),
        };
        let vector = size.is_some();
        let float = inner.scalar_kind() == Some(ScalarKind::Float);
        if let BinaryOp::ShiftLeft | BinaryOp::ShiftRight = op {
            let count = self.shift_count(rhs, size)?;
            let safe = op == BinaryOp::ShiftRight || self.const_shift_is_safe(lhs, rhs)?;
            let mut l = self.operand(lhs)?;
            if l.konst && count.konst && !safe {
                l = self.bound_operand(lhs, true)?;
            }
            let sym = if op == BinaryOp::ShiftLeft {
                "<<"
            } else {
                ">>"
            };
            let konst = l.konst && count.konst;
            let e = binary(sym, Prec::Shift, &l, &count);
            return Ok(if konst { e.konst() } else { e });
        }
        let arithmetic = matches!(
            op,
            BinaryOp::Add
                | BinaryOp::Subtract
                | BinaryOp::Multiply
                | BinaryOp::Divide
                | BinaryOp::Remainder
        );
        // A constant integer divisor's zero components divide as 1 would (`x / 0 == x / 1 == x`,
        // `x % 0 == x % 1 == 0`): writing 1 keeps naga, which rejects any division by a
        // constant zero, and shader-creation evaluation away from the zero.
        let divisor = match (op, self.constant_literals(rhs)?) {
            (BinaryOp::Divide | BinaryOp::Remainder, Some(lits))
                if lits.iter().any(|l| is_integer_zero(*l)) =>
            {
                Some(lits.iter().copied().map(one_for_zero).collect::<Vec<_>>())
            }
            _ => None,
        };
        let safe =
            !arithmetic || self.const_arithmetic_is_safe(op, lhs, rhs, divisor.as_deref())?;
        let (l, mut r) = self.guarded_pair(lhs, rhs, safe)?;
        if divisor.is_none() && matches!(op, BinaryOp::Divide | BinaryOp::Remainder) {
            if let Some(text) = self.divisor_without_zeros(rhs)? {
                r = Expr::primary(text);
            } else if ((r.konst && !l.konst) || (!r.konst && self.computed_from_constants(rhs)?))
                && self
                    .value_inner(rhs)?
                    .scalar_kind()
                    .is_some_and(|k| k != ScalarKind::Float)
                && !self.known_nonzero(rhs)?
            {
                // A constant divisor that is not a literal (`i32(false)` at --opt none): WGSL
                // evaluates it at shader creation and rejects a zero. Dividing by 1 where it is
                // zero is Luma's meaning, and the `select` folds at creation too. A divisor
                // bound to a `let` but computed from constants only (`let v = 0u << 15u` at
                // --opt none) is no constant expression, but naga folds its initializer and
                // rejects the division by the literal zero it finds behind the name (found by
                // luma-difftest): the `select` is a run-time value there, which naga leaves be.
                let ty = self.w.type_text(self.value(rhs)?.ty)?;
                let zero = Expr::primary(format!("{ty}(0)"));
                let is_zero = binary("==", Prec::Relational, &r, &zero);
                r = Expr::primary(format!("select({}, {ty}(1), {})", r.text, is_zero.text)).konst();
            }
        }
        if let Some(lits) = &divisor {
            let texts: Vec<String> = lits.iter().map(|l| self.w.literal(*l).text).collect();
            r = match (size, texts.as_slice()) {
                (None, [one]) => Expr::name(one.clone()).konst(),
                _ => {
                    let ty = self.value(rhs)?.ty;
                    let ty = self.w.type_text(ty)?;
                    Expr::primary(format!("{ty}({})", texts.join(", "))).konst()
                }
            };
        }
        let konst = l.konst && r.konst;
        let e = match op {
            BinaryOp::Add => binary("+", Prec::Additive, &l, &r),
            BinaryOp::Subtract => binary("-", Prec::Additive, &l, &r),
            BinaryOp::Multiply => binary("*", Prec::Multiplicative, &l, &r),
            BinaryOp::Divide => binary("/", Prec::Multiplicative, &l, &r),
            BinaryOp::Remainder => binary("%", Prec::Multiplicative, &l, &r),
            BinaryOp::BitAnd => binary("&", Prec::BitAnd, &l, &r),
            BinaryOp::BitOr => binary("|", Prec::BitOr, &l, &r),
            BinaryOp::BitXor => binary("^", Prec::BitXor, &l, &r),
            BinaryOp::Equal => binary("==", Prec::Relational, &l, &r),
            // IEEE `!=` is true when either side is NaN (SPIR-V's `FUnordNotEqual`), but naga
            // writes WGSL's float `!=` as `FOrdNotEqual`: the negated `==` means the same
            // everywhere.
            BinaryOp::NotEqual if float => unary("!", &binary("==", Prec::Relational, &l, &r)),
            BinaryOp::NotEqual => binary("!=", Prec::Relational, &l, &r),
            BinaryOp::Less => binary("<", Prec::Relational, &l, &r),
            BinaryOp::LessEqual => binary("<=", Prec::Relational, &l, &r),
            BinaryOp::Greater => binary(">", Prec::Relational, &l, &r),
            BinaryOp::GreaterEqual => binary(">=", Prec::Relational, &l, &r),
            // `&&` and `||` take only scalars; `&` and `|` work componentwise on bool vectors.
            BinaryOp::LogicalAnd if vector => binary("&", Prec::BitAnd, &l, &r),
            BinaryOp::LogicalOr if vector => binary("|", Prec::BitOr, &l, &r),
            BinaryOp::LogicalAnd => binary("&&", Prec::LogicalAnd, &l, &r),
            BinaryOp::LogicalOr => binary("||", Prec::LogicalOr, &l, &r),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight => {
                return Err(Error::invalid("shift handled above"))
            }
        };
        Ok(if konst { e.konst() } else { e })
    }

    /// Whether `v` is a constant, or a splat or composition of constants, with no zero
    /// component.
    fn known_nonzero(&self, v: Handle<Value>) -> Result<bool, Error> {
        let nonzero = |lits: Vec<Literal>| !lits.iter().any(|l| is_integer_zero(*l));
        if let Some(lits) = self.constant_literals(v)? {
            return Ok(nonzero(lits));
        }
        match &self.value(v)?.def {
            ValueDef::Op(Op::Splat { value }) => {
                Ok(self.constant_literals(*value)?.is_some_and(nonzero))
            }
            ValueDef::Op(Op::Compose { components }) => {
                for &c in components {
                    if !self.known_nonzero(c)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Whether `v` is computed from module constants only, by operations naga may fold when it
    /// reads the WGSL (arithmetic, conversions, compositions), whatever the writer made of it:
    /// naga's front end folds such a `let` initializer to a literal. Looks at most 64 values
    /// deep; anything past that counts as not constant.
    fn computed_from_constants(&self, v: Handle<Value>) -> Result<bool, Error> {
        let mut stack = vec![v];
        let mut seen = 0;
        while let Some(v) = stack.pop() {
            seen += 1;
            if seen > 64 {
                return Ok(false);
            }
            match &self.value(v)?.def {
                ValueDef::Constant(_) => {}
                ValueDef::Op(
                    op @ (Op::Unary { .. }
                    | Op::Binary { .. }
                    | Op::Select { .. }
                    | Op::Splat { .. }
                    | Op::Compose { .. }
                    | Op::Extract { .. }
                    | Op::Shuffle { .. }
                    | Op::Convert { .. }
                    | Op::Bitcast { .. }
                    | Op::Relational { .. }
                    | Op::Math { .. }),
                ) => op.for_each_operand(|operand| stack.push(operand)),
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    /// An inlined integer vector divisor built from parts, with its constant zero parts
    /// written as 1 (`x / 0 == x / 1` and `x % 0 == x % 1` in Luma): naga rejects a division
    /// by a vector with a literal zero component even when other components are run-time
    /// values (found by luma-difftest). `None` when nothing changes.
    fn divisor_without_zeros(&mut self, v: Handle<Value>) -> Result<Option<String>, Error> {
        if self.plan.placement(v) != Placement::Inline {
            return Ok(None);
        }
        let value = self.value(v)?;
        let ty = value.ty;
        let ValueDef::Op(Op::Compose { components }) = &value.def else {
            return Ok(None);
        };
        let components = components.clone();
        let mut changed = false;
        let mut parts = Vec::with_capacity(components.len());
        for c in components {
            if let Some(lits) = self.constant_literals(c)? {
                if lits.iter().any(|l| is_integer_zero(*l)) {
                    changed = true;
                    let texts: Vec<String> = lits
                        .iter()
                        .map(|l| self.w.literal(one_for_zero(*l)).text)
                        .collect();
                    parts.push(if let [one] = texts.as_slice() {
                        one.clone()
                    } else {
                        let cty = self.value(c)?.ty;
                        format!("{}({})", self.w.type_text(cty)?, texts.join(", "))
                    });
                    continue;
                }
            }
            if let Some(text) = self.divisor_without_zeros(c)? {
                changed = true;
                parts.push(text);
                continue;
            }
            parts.push(self.operand(c)?.text);
        }
        if !changed {
            return Ok(None);
        }
        Ok(Some(format!(
            "{}({})",
            self.w.type_text(ty)?,
            parts.join(", ")
        )))
    }

    /// The shift count masked to the operand width: folded when constant (WGSL rejects a
    /// constant count that is too large), left to WGSL's own masking otherwise.
    fn shift_count(&mut self, rhs: Handle<Value>, size: Option<VectorSize>) -> Result<Expr, Error> {
        if let Some(lits) = self.constant_literals(rhs)? {
            let masked: Vec<String> = lits
                .iter()
                .map(|l| match l {
                    Literal::U32(v) => format!("{}u", v & 31),
                    Literal::I32(v) => format!("{}u", v & 31),
                    _ => "0u".to_string(),
                })
                .collect();
            return Ok(match size {
                None => Expr::name(masked.join("")).konst(),
                Some(size) => {
                    let ty = shape_name(Scalar::U32, Some(size));
                    let all_same = masked.windows(2).all(|w| w.first() == w.get(1));
                    let inner = if all_same {
                        masked.first().cloned().unwrap_or_default()
                    } else {
                        masked.join(", ")
                    };
                    Expr::primary(format!("{ty}({inner})")).konst()
                }
            });
        }
        let count = self.operand(rhs)?;
        // WGSL masks a run-time count itself, but naga rejects a vector count with a constant
        // component of 32 or more (`vec4u(n, 40u)`), even through `let`s, and a constant count
        // that is no literal (`u32(-1i >> 1u)` at --opt none, evaluated at shader creation):
        // mask those (found by luma-difftest).
        if count.konst || self.has_large_constant_part(rhs)? {
            let mask = match size {
                None => Expr::name("31u".to_string()).konst(),
                Some(size) => {
                    let ty = shape_name(Scalar::U32, Some(size));
                    Expr::primary(format!("{ty}(31u)")).konst()
                }
            };
            let masked = binary("&", Prec::BitAnd, &count, &mask);
            return Ok(if count.konst { masked.konst() } else { masked });
        }
        Ok(count)
    }

    /// Whether a composed shift count has a constant component of 32 or more.
    fn has_large_constant_part(&self, v: Handle<Value>) -> Result<bool, Error> {
        // Components of a `Compose` or `Splat`, looked through one level at a time; the IR
        // bounds how deep composes nest (vectors of scalars and smaller vectors).
        let mut stack = vec![v];
        let mut seen = 0;
        while let Some(v) = stack.pop() {
            seen += 1;
            if seen > 64 {
                break;
            }
            if let Some(lits) = self.constant_literals(v)? {
                if lits.iter().any(|l| match l {
                    Literal::U32(c) => *c >= 32,
                    Literal::I32(c) => (*c as u32) >= 32,
                    _ => false,
                }) {
                    return Ok(true);
                }
                continue;
            }
            match &self.value(v)?.def {
                ValueDef::Op(Op::Compose { components }) => stack.extend(components.iter()),
                ValueDef::Op(Op::Splat { value }) => stack.push(*value),
                _ => {}
            }
        }
        Ok(false)
    }

    /// The literals of a scalar or vector constant value (vectors componentwise).
    fn constant_literals(&self, v: Handle<Value>) -> Result<Option<Vec<Literal>>, Error> {
        Ok(luma_back::constant_literals(
            self.w.module,
            self.function,
            v,
        ))
    }

    /// Whether WGSL can evaluate `op` on constant operands without an error: both are
    /// literal constants (the right one as written, `rhs_written`, when that differs) and the
    /// result is representable. Anything else is treated as unsafe.
    fn const_arithmetic_is_safe(
        &self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        rhs_written: Option<&[Literal]>,
    ) -> Result<bool, Error> {
        let b = match rhs_written {
            Some(lits) => Some(lits.to_vec()),
            None => self.constant_literals(rhs)?,
        };
        let (Some(a), Some(b)) = (self.constant_literals(lhs)?, b) else {
            return Ok(false);
        };
        let n = a.len().max(b.len());
        Ok((0..n).all(|i| {
            let (Some(x), Some(y)) = (a.get(i).or(a.first()), b.get(i).or(b.first())) else {
                return false;
            };
            match (x, y) {
                (Literal::I32(x), Literal::I32(y)) => match op {
                    BinaryOp::Add => x.checked_add(*y).is_some(),
                    BinaryOp::Subtract => x.checked_sub(*y).is_some(),
                    BinaryOp::Multiply => x.checked_mul(*y).is_some(),
                    BinaryOp::Divide => x.checked_div(*y).is_some(),
                    BinaryOp::Remainder => x.checked_rem(*y).is_some(),
                    _ => true,
                },
                (Literal::U32(x), Literal::U32(y)) => match op {
                    BinaryOp::Add => x.checked_add(*y).is_some(),
                    BinaryOp::Subtract => x.checked_sub(*y).is_some(),
                    BinaryOp::Multiply => x.checked_mul(*y).is_some(),
                    BinaryOp::Divide => x.checked_div(*y).is_some(),
                    BinaryOp::Remainder => x.checked_rem(*y).is_some(),
                    _ => true,
                },
                (Literal::F32(x), Literal::F32(y)) => {
                    let r = match op {
                        BinaryOp::Add => x + y,
                        BinaryOp::Subtract => x - y,
                        BinaryOp::Multiply => x * y,
                        BinaryOp::Divide => x / y,
                        BinaryOp::Remainder => x % y,
                        _ => 0.0,
                    };
                    r.is_finite()
                }
                _ => false,
            }
        }))
    }

    /// Whether a constant left shift keeps every shifted-out bit equal to the sign (WGSL's
    /// condition for evaluating it at shader creation).
    fn const_shift_is_safe(&self, lhs: Handle<Value>, rhs: Handle<Value>) -> Result<bool, Error> {
        let (Some(a), Some(b)) = (self.constant_literals(lhs)?, self.constant_literals(rhs)?)
        else {
            return Ok(false);
        };
        let n = a.len().max(b.len());
        Ok((0..n).all(|i| {
            let count = match b.get(i).or(b.first()) {
                Some(Literal::U32(c)) => c & 31,
                Some(Literal::I32(c)) => (*c as u32) & 31,
                _ => return false,
            };
            match a.get(i).or(a.first()) {
                Some(Literal::I32(x)) => {
                    let shifted = x.wrapping_shl(count);
                    shifted.wrapping_shr(count) == *x && (shifted < 0) == (*x < 0)
                }
                Some(Literal::U32(x)) => x.wrapping_shl(count).wrapping_shr(count) == *x,
                _ => false,
            }
        }))
    }

    fn negation_is_safe(&self, arg: Handle<Value>) -> Result<bool, Error> {
        Ok(self
            .constant_literals(arg)?
            .is_some_and(|lits| lits.iter().all(|l| !matches!(l, Literal::I32(i32::MIN)))))
    }

    /// Whether converting the constant `source` to `to` cannot fail at shader creation.
    fn conversion_is_safe(&self, source: Handle<Value>, to: Handle<Type>) -> Result<bool, Error> {
        let target = self.w.inner(to)?.scalar();
        let Some(lits) = self.constant_literals(source)? else {
            return Ok(false);
        };
        Ok(lits
            .iter()
            .all(|l| match (l, target.map(|s| (s.kind, s.width))) {
                (Literal::F32(v), Some((ScalarKind::Sint, _))) => {
                    v.is_finite() && *v > -2147483904.0 && *v < 2147483648.0
                }
                (Literal::F32(v), Some((ScalarKind::Uint, _))) => {
                    v.is_finite() && *v > -1.0 && *v < 4294967296.0
                }
                (Literal::F32(v), Some((ScalarKind::Float, 2))) => v.abs() <= 65504.0,
                (Literal::F32(_), _) => true,
                (Literal::F16(_), Some((ScalarKind::Float, _))) => true,
                (Literal::F16(_), _) => false,
                _ => true,
            }))
    }

    /// A constant index clamped into `0..len` as an unsigned number, so a negative one takes the
    /// last element as on the other targets (WGSL rejects constant out-of-range indices, which
    /// folding can leave in the IR), or the index as is (WGSL bounds it at run time).
    fn index_text(&mut self, index: Handle<Value>, len: Option<u32>) -> Result<String, Error> {
        if let (Some(lits), Some(len)) = (self.constant_literals(index)?, len) {
            if let Some(lit) = lits.first() {
                let (i, unsigned) = match lit {
                    Literal::I32(i) => (i64::from(*i), false),
                    Literal::U32(u) => (i64::from(*u), true),
                    _ => return Err(Error::invalid("index is not an integer")),
                };
                let clamped = unsigned_clamp(i, len);
                return Ok(if unsigned {
                    format!("{clamped}u")
                } else {
                    format!("{clamped}i")
                });
            }
        }
        // An index made of constants but no literal reads a specialization constant (`a[N]`
        // with `@spec` N): an override-expression to WGSL, and an override-expression index
        // out of range is a pipeline-creation error. Bound to a variable it is a run-time
        // index, which WGSL clamps (into function, private and workgroup memory) as Luma
        // defines; buffer indices are clamped around it.
        if self.operand(index)?.konst && self.constant_literals(index)?.is_none() {
            return Ok(self.bound_operand(index, true)?.text);
        }
        Ok(self.operand(index)?.text)
    }

    fn shuffle(
        &mut self,
        v: Handle<Value>,
        a: Handle<Value>,
        b: Handle<Value>,
        pattern: &[u32],
    ) -> Result<Expr, Error> {
        let a_len = match self.value_inner(a)? {
            TypeInner::Vector { size, .. } => size.count(),
            _ => return Err(Error::invalid("shuffle of a non-vector")),
        };
        let from_a = pattern.iter().all(|&i| i < a_len);
        let from_b = pattern.iter().all(|&i| i >= a_len);
        if from_a || a == b || from_b {
            let (source, offset) = if from_b && a != b { (b, a_len) } else { (a, 0) };
            let s = self.operand(source)?;
            let swizzle: String = pattern
                .iter()
                .map(|&i| {
                    let i = if a == b { i % a_len } else { i - offset };
                    component(i)
                })
                .collect();
            let e = postfix(&s, &format!(".{swizzle}"));
            return Ok(if s.konst { e.konst() } else { e });
        }
        let ea = self.bound_operand(a, false)?;
        let eb = self.bound_operand(b, false)?;
        let b_len = match self.value_inner(b)? {
            TypeInner::Vector { size, .. } => size.count(),
            _ => return Err(Error::invalid("shuffle of a non-vector")),
        };
        let parts: Vec<String> = luma_back::shuffle_runs(pattern, a_len, b_len)
            .iter()
            .map(|run| {
                let base = if run.from_first { &ea } else { &eb };
                match &run.swizzle {
                    Some(s) => postfix(base, &format!(".{s}")).text,
                    None => base.text.clone(),
                }
            })
            .collect();
        let ty = self.value(v)?.ty;
        let ty = self.w.type_text(ty)?;
        let e = Expr::primary(format!("{ty}({})", parts.join(", ")));
        Ok(if ea.konst && eb.konst { e.konst() } else { e })
    }

    fn relational(&mut self, fun: RelationalFunction, arg: Handle<Value>) -> Result<Expr, Error> {
        let a = self.operand(arg)?;
        let inner = self.value_inner(arg)?.clone();
        Ok(match fun {
            RelationalFunction::All => Expr::primary(format!("all({})", a.text)),
            RelationalFunction::Any => Expr::primary(format!("any({})", a.text)),
            // WGSL has no `isNan` / `isInf` (and may assume neither occurs in arithmetic):
            // test the bits.
            RelationalFunction::IsNan | RelationalFunction::IsInf => {
                let (scalar, size) = inner
                    .scalar_or_vector()
                    .ok_or_else(|| Error::invalid("float test of a composite"))?;
                // A half is tested as the f32 it converts to exactly (infinities and NaNs
                // included): naga 30 rejects `bitcast<u32>(vec2h(x, 0.0h))`, and a vector of
                // halves has no 32-bit bitcast at all (`isinf(hvec3)` was an error).
                let widened = if scalar.width == 2 {
                    format!("{}({})", shape_name(Scalar::F32, size), a.text)
                } else {
                    a.text.clone()
                };
                let ty = shape_name(Scalar::U32, size);
                let (bits, mask, inf) = (
                    format!("bitcast<{ty}>({widened})"),
                    "0x7fffffffu",
                    "0x7f800000u",
                );
                let (mask, inf) = match size {
                    None => (mask.to_string(), inf.to_string()),
                    Some(s) => {
                        let t = shape_name(Scalar::U32, Some(s));
                        (format!("{t}({mask})"), format!("{t}({inf})"))
                    }
                };
                let op = if fun == RelationalFunction::IsNan {
                    ">"
                } else {
                    "=="
                };
                Expr::with_prec(format!("({bits} & {mask}) {op} {inf}"), Prec::Relational)
            }
        })
    }

    fn math(&mut self, fun: MathFunction, args: &[Handle<Value>]) -> Result<Expr, Error> {
        use MathFunction as M;
        let mut exprs = Vec::with_capacity(args.len());
        for &a in args {
            exprs.push(self.operand(a)?);
        }
        // Builtins on constants are evaluated at shader creation and may fail there.
        if !exprs.is_empty() && exprs.iter().all(|e| e.konst) {
            if let Some(&first) = args.first() {
                if let Some(e) = exprs.first_mut() {
                    *e = self.bound_operand(first, true)?;
                }
            }
        }
        // WGSL also rejects constant edges alone, whatever the other argument: `smoothstep`
        // with `low >= high` and `clamp` with `low > high` are shader-creation errors when both
        // bounds are const-expressions (pipeline-creation errors for overrides), and Luma gives
        // them a run-time meaning (`smoothstep(1.0, 0.0, x)` is a common falling edge). Bounds
        // known to be in order stay as they are.
        let edges = match fun {
            M::SmoothStep => Some(0),
            M::Clamp => Some(1),
            _ => None,
        };
        if let (Some(low), Some(&low_arg), Some(&high_arg)) = (
            edges,
            edges.and_then(|i| args.get(i)),
            edges.and_then(|i| args.get(i + 1)),
        ) {
            let both_konst = exprs.get(low).is_some_and(|e| e.konst)
                && exprs.get(low + 1).is_some_and(|e| e.konst);
            let strict = fun == M::SmoothStep;
            if both_konst
                && !luma_back::bounds_ordered(
                    self.w.module,
                    self.function,
                    low_arg,
                    high_arg,
                    strict,
                )
            {
                let bound = self.bound_operand(low_arg, true)?;
                if let Some(e) = exprs.get_mut(low) {
                    *e = bound;
                }
            }
        }
        // `ldexp` with a constant exponent above the float's bias + 1 is a shader-creation error
        // (pipeline-creation for overrides); Luma leaves such results target-dependent, so an
        // exponent that is not a known constant in range gets a run-time value.
        if fun == M::Ldexp && exprs.get(1).is_some_and(|e| e.konst) {
            if let Some(&e) = args.get(1) {
                let max = match self
                    .value_inner(args.first().copied().unwrap_or(e))?
                    .scalar()
                {
                    Some(s) if s.width == 2 => 16,
                    _ => 128,
                };
                let in_range = self.constant_literals(e)?.is_some_and(|lits| {
                    lits.iter()
                        .all(|l| matches!(l, Literal::I32(k) if *k <= max))
                });
                if !in_range {
                    let bound = self.bound_operand(e, true)?;
                    if let Some(slot) = exprs.get_mut(1) {
                        *slot = bound;
                    }
                }
            }
        }
        // `extractBits` / `insertBits` with a constant offset and count past bit 31 are
        // shader-creation errors (pipeline-creation for overrides); Luma clamps them as WGSL
        // does at run time. Known constants are clamped here; other constant pairs get a
        // run-time offset.
        if matches!(fun, M::ExtractBits | M::InsertBits) {
            let fields = args.len().saturating_sub(2);
            if let (Some(&offset), Some(&count)) = (args.get(fields), args.get(fields + 1)) {
                let known = |this: &Self, v| -> Result<Option<u32>, Error> {
                    Ok(match this.constant_literals(v)?.as_deref() {
                        Some(&[Literal::U32(x)]) => Some(x),
                        _ => None,
                    })
                };
                if let (Some(ko), Some(kc)) = (known(self, offset)?, known(self, count)?) {
                    let (o, c) = luma_ir::proc::bit_field(ko, kc);
                    if (o, c) != (ko, kc) {
                        if let Some(e) = exprs.get_mut(fields) {
                            *e = Expr::primary(format!("{o}u"));
                        }
                        if let Some(e) = exprs.get_mut(fields + 1) {
                            *e = Expr::primary(format!("{c}u"));
                        }
                    }
                } else if exprs.get(fields).is_some_and(|e| e.konst)
                    && exprs.get(fields + 1).is_some_and(|e| e.konst)
                {
                    let bound = self.bound_operand(offset, true)?;
                    if let Some(e) = exprs.get_mut(fields) {
                        *e = bound;
                    }
                }
            }
        }
        let texts: Vec<String> = exprs.iter().map(|e| e.text.clone()).collect();
        let arg_inner = match args.first() {
            Some(a) => self.value_inner(*a)?.clone(),
            None => return Err(Error::invalid("math function without arguments")),
        };
        let scalar = arg_inner
            .scalar()
            .ok_or_else(|| Error::invalid("math on a composite"))?;
        let call = |name: &str| Expr::primary(format!("{name}({})", texts.join(", ")));
        Ok(match fun {
            M::Abs => call("abs"),
            M::Sign => call("sign"),
            M::Floor => call("floor"),
            M::Ceil => call("ceil"),
            M::Round => call("round"),
            M::Trunc => call("trunc"),
            M::Fract => call("fract"),
            M::Mod => {
                let helper = Helper::Mod {
                    scalar,
                    size: arg_inner.vector_size(),
                };
                self.w.helpers.insert(helper);
                call(&helper.name())
            }
            M::Min => call("min"),
            M::Max => call("max"),
            M::Clamp => call("clamp"),
            M::Mix => call("mix"),
            M::Step => call("step"),
            M::SmoothStep => call("smoothstep"),
            M::Sqrt => call("sqrt"),
            M::InverseSqrt => call("inverseSqrt"),
            M::Pow => call("pow"),
            M::Exp => call("exp"),
            M::Exp2 => call("exp2"),
            M::Log => call("log"),
            M::Log2 => call("log2"),
            M::Sin => call("sin"),
            M::Cos => call("cos"),
            M::Tan => call("tan"),
            M::Asin => call("asin"),
            M::Acos => call("acos"),
            M::Atan => call("atan"),
            M::Atan2 => call("atan2"),
            M::Sinh => call("sinh"),
            M::Cosh => call("cosh"),
            M::Tanh => call("tanh"),
            M::Asinh => call("asinh"),
            M::Acosh => call("acosh"),
            M::Atanh => call("atanh"),
            M::Radians => call("radians"),
            M::Degrees => call("degrees"),
            M::Fma => call("fma"),
            M::Ldexp => call("ldexp"),
            M::Saturate => call("saturate"),
            M::Length => call("length"),
            M::Distance => call("distance"),
            M::Dot => call("dot"),
            M::Cross => call("cross"),
            M::Normalize => call("normalize"),
            M::Reflect => call("reflect"),
            M::Refract => call("refract"),
            M::FaceForward => call("faceForward"),
            M::Transpose => call("transpose"),
            M::Inverse => {
                let TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } = arg_inner
                else {
                    return Err(Error::invalid("inverse of a non-matrix"));
                };
                if columns != rows {
                    return Err(Error::invalid("inverse of a non-square matrix"));
                }
                let helper = Helper::Inverse {
                    size: columns,
                    scalar,
                };
                self.w.helpers.insert(helper);
                call(&helper.name())
            }
            M::Determinant => call("determinant"),
            M::CountOneBits => call("countOneBits"),
            M::ReverseBits => call("reverseBits"),
            M::FirstLeadingBit => call("firstLeadingBit"),
            M::FirstTrailingBit => call("firstTrailingBit"),
            M::CountLeadingZeros => call("countLeadingZeros"),
            M::CountTrailingZeros => call("countTrailingZeros"),
            M::ExtractBits => call("extractBits"),
            M::InsertBits => call("insertBits"),
            M::Pack4x8Unorm => call("pack4x8unorm"),
            M::Pack4x8Snorm => call("pack4x8snorm"),
            M::Pack2x16Unorm => call("pack2x16unorm"),
            M::Pack2x16Snorm => call("pack2x16snorm"),
            M::Pack2x16Float => call("pack2x16float"),
            M::Unpack4x8Unorm => call("unpack4x8unorm"),
            M::Unpack4x8Snorm => call("unpack4x8snorm"),
            M::Unpack2x16Unorm => call("unpack2x16unorm"),
            M::Unpack2x16Snorm => call("unpack2x16snorm"),
            M::Unpack2x16Float => call("unpack2x16float"),
        })
    }

    /// A reference (or, into padded uniform memory, a value) for an access chain.
    fn access_chain(
        &mut self,
        base: Handle<Value>,
        indices: &[Handle<Value>],
    ) -> Result<Expr, Error> {
        let b = self.operand(base)?;
        let base_ty = self.value(base)?.ty;
        let (start, space) = match self.w.inner(base_ty)? {
            TypeInner::Pointer { base, space } => (*base, *space),
            _ => return Err(Error::invalid("access chain on a non-pointer")),
        };
        let uniform = space == AddressSpace::Uniform;
        // WGSL bounds an out-of-range index only to the originating variable: a store may land
        // in another element or member of the same buffer, and wgpu leaves buffer accesses
        // unchecked where Vulkan's robust buffer access is on. Luma's meaning is the clamped
        // element, so run-time indices into buffer memory are clamped here, as on the other
        // targets (function, private and workgroup memory are clamped by the implementations).
        let buffer = self.w.options.bounds_checks
            && matches!(
                space,
                AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant
            );
        let mut text = b.text;
        // The type reached so far: by handle while it can be a struct, array or matrix (whose
        // names and layouts are looked up), then by structure (a column or component).
        let mut current = Some(start);
        let mut inner = luma_back::shape_of(self.w.inner(start)?);
        for &index in indices {
            let padded = matches!(inner, TypeInner::Array { .. } | TypeInner::Matrix { .. });
            let repr = match current {
                Some(ty) if uniform && padded => self.w.repr_140(ty)?,
                _ => Repr::Plain,
            };
            match inner {
                TypeInner::Struct { .. } => {
                    let ty = current.ok_or_else(|| Error::invalid("struct without a handle"))?;
                    let i = self.constant_index(index)?;
                    let (name, member) = self.w.member(ty, i)?;
                    text = format!("{text}.{name}");
                    current = Some(member);
                    inner = luma_back::shape_of(self.w.inner(member)?);
                }
                TypeInner::Array { base, size } => {
                    let len = match size {
                        ArraySize::Constant(n) => Some(n),
                        ArraySize::Runtime => None,
                    };
                    let mut i = self.index_text(index, len)?;
                    // WGSL bounds array indices, but binding arrays are naga's, unbounded.
                    let handles = matches!(
                        self.w.inner(base)?,
                        TypeInner::Image { .. } | TypeInner::Sampler { .. }
                    );
                    // A runtime-sized array's length is known only when the shader runs, so a
                    // constant index may be past its end too.
                    if !handles
                        && buffer
                        && len.is_none()
                        && self.constant_literals(index)?.is_some()
                    {
                        i = self.min_index(index, i, &format!("arrayLength(&{text}) - 1u"))?;
                    }
                    if !handles && buffer {
                        let last = match len {
                            Some(n) => format!("{}u", n - 1),
                            None => format!("arrayLength(&{text}) - 1u"),
                        };
                        i = self.buffer_index(buffer, index, i, &last)?;
                    }
                    // Binding arrays are naga's and unbounded: their run-time indices are
                    // clamped here like those into buffers, as unsigned numbers.
                    if let (true, Some(n)) = (handles && self.w.options.bounds_checks, len) {
                        let last = format!("{}u", n.saturating_sub(1));
                        i = self.buffer_index(true, index, i, &last)?;
                    }
                    text = match repr {
                        Repr::Wrapped { .. } => format!("{text}[{i}].value"),
                        _ => format!("{text}[{i}]"),
                    };
                    current = Some(base);
                    inner = luma_back::shape_of(self.w.inner(base)?);
                }
                TypeInner::Vector { size, scalar } => {
                    text = match self.constant_literals(index)?.as_deref() {
                        Some([Literal::U32(i)]) if *i < size.count() => {
                            format!("{text}.{}", component(*i))
                        }
                        Some([Literal::I32(i)]) if (0..size.count() as i32).contains(i) => {
                            format!("{text}.{}", component(*i as u32))
                        }
                        _ => {
                            let i = self.index_text(index, Some(size.count()))?;
                            let last = format!("{}u", size.count() - 1);
                            let i = self.buffer_index(buffer, index, i, &last)?;
                            format!("{text}[{i}]")
                        }
                    };
                    current = None;
                    inner = TypeInner::Scalar(scalar);
                }
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => {
                    match repr {
                        Repr::Columns { .. } => {
                            if let Some(lits) = self.constant_literals(index)? {
                                let i = match lits.first() {
                                    Some(Literal::U32(u)) => i64::from(*u),
                                    Some(Literal::I32(i)) => i64::from(*i),
                                    _ => return Err(Error::invalid("index is not an integer")),
                                };
                                let i = unsigned_clamp(i, columns.count());
                                text = format!("{text}.c{i}");
                            } else {
                                // Columns of a padded matrix are members: a run-time column
                                // index reads the whole matrix first.
                                let ty = current
                                    .ok_or_else(|| Error::invalid("matrix without a handle"))?;
                                let matrix =
                                    self.w.plain_from_std140(ty, &text, Some(&mut self.namer))?;
                                let i = self.operand(index)?.text;
                                let last = format!("{}u", columns.count() - 1);
                                let i = self.buffer_index(buffer, index, i, &last)?;
                                text = format!("{matrix}[{i}]");
                            }
                        }
                        _ => {
                            let i = self.index_text(index, Some(columns.count()))?;
                            let last = format!("{}u", columns.count() - 1);
                            let i = self.buffer_index(buffer, index, i, &last)?;
                            text = format!("{text}[{i}]");
                        }
                    }
                    current = None;
                    inner = TypeInner::Vector { size: rows, scalar };
                }
                _ => return Err(Error::invalid("access chain indexes into a scalar")),
            }
        }
        Ok(Expr::primary(text))
    }

    /// The index `text` (of the `index` value) into buffer memory or a binding array (`buffer`,
    /// false also under `--no-bounds-checks`): when it is not a constant, clamped to `last` (a `u32`
    /// expression) as `min(u32(i), last)`, so a negative index takes the last element as on
    /// the other targets.
    fn buffer_index(
        &mut self,
        buffer: bool,
        index: Handle<Value>,
        text: String,
        last: &str,
    ) -> Result<String, Error> {
        if !buffer || self.constant_literals(index)?.is_some() {
            return Ok(text);
        }
        self.min_index(index, text, last)
    }

    /// The index `text` (of the `index` value) clamped to `last` as an unsigned number.
    fn min_index(
        &mut self,
        index: Handle<Value>,
        text: String,
        last: &str,
    ) -> Result<String, Error> {
        Ok(
            if self.value_inner(index)?.scalar_kind() == Some(ScalarKind::Uint) {
                format!("min({text}, {last})")
            } else {
                format!("min(u32({text}), {last})")
            },
        )
    }

    fn constant_index(&self, index: Handle<Value>) -> Result<u32, Error> {
        match self.constant_literals(index)?.as_deref() {
            Some([Literal::U32(i)]) => Ok(*i),
            Some([Literal::I32(i)]) => {
                u32::try_from(*i).map_err(|_| Error::invalid("negative member index"))
            }
            _ => Err(Error::invalid("struct member index is not a constant")),
        }
    }

    fn load(&mut self, pointer: Handle<Value>) -> Result<Expr, Error> {
        let p = self.operand(pointer)?;
        let pointer_ty = self.value(pointer)?.ty;
        if let TypeInner::Pointer {
            base,
            space: AddressSpace::Uniform,
        } = *self.w.inner(pointer_ty)?
        {
            if self.w.repr_140(base)? != Repr::Plain {
                let text = self
                    .w
                    .plain_from_std140(base, &p.text, Some(&mut self.namer))?;
                return Ok(Expr::primary(text));
            }
        }
        Ok(Expr { cheap: false, ..p })
    }

    // -----------------------------------------------------------------------------------------
    // Textures

    fn image_info(
        &self,
        image: Handle<Value>,
    ) -> Result<(ImageDimension, bool, ImageClass), Error> {
        match self.value_inner(image)? {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => Ok((*dim, *arrayed, *class)),
            _ => Err(Error::invalid(
                "texture operation on a value that is not a texture",
            )),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sample(
        &mut self,
        image: Handle<Value>,
        sampler: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        level: &SampleLevel,
        depth_ref: Option<Handle<Value>>,
        offset: Option<Handle<luma_ir::Constant>>,
        gather: Option<u8>,
    ) -> Result<Expr, Error> {
        let (_, _, class) = self.image_info(image)?;
        let depth = matches!(class, ImageClass::Depth { .. });
        if let Some(component) = gather {
            // `textureGather(component, t, s, coords, [layer,] [offset])` (depth textures
            // take no component) and `textureGatherCompare(t, s, coords, [layer,] reference,
            // [offset])`; integer textures are gathered too.
            let mut args = Vec::new();
            if !depth {
                args.push(format!("{component}"));
            }
            args.push(self.operand(image)?.text);
            args.push(self.operand(sampler)?.text);
            args.push(self.operand(coordinate)?.text);
            if let Some(layer) = array_index {
                args.push(self.operand(layer)?.text);
            }
            if let Some(r) = depth_ref {
                args.push(self.operand(r)?.text);
            }
            if let Some(o) = offset {
                args.push(self.w.constant_ref(o)?.text);
            }
            let name = if depth_ref.is_some() {
                "textureGatherCompare"
            } else {
                "textureGather"
            };
            return Ok(Expr::primary(format!("{name}({})", args.join(", "))));
        }
        if let ImageClass::Sampled {
            kind: ScalarKind::Sint | ScalarKind::Uint,
            ..
        } = class
        {
            return Err(Error::new(
                codes::UNSUPPORTED_TEXTURE_OP,
                "WGSL samples only float textures; read integer textures with `texel_fetch`",
            ));
        }
        let t = self.operand(image)?.text;
        let s = self.operand(sampler)?.text;
        let c = self.operand(coordinate)?.text;
        let mut args = vec![t, s, c];
        if let Some(layer) = array_index {
            args.push(self.operand(layer)?.text);
        }
        let unsupported = |what: &str| {
            Error::new(
                codes::UNSUPPORTED_TEXTURE_OP,
                format!("WGSL cannot sample a depth texture {what}"),
            )
        };
        let name = match (depth_ref, level) {
            (Some(r), SampleLevel::Auto) => {
                args.push(self.operand(r)?.text);
                "textureSampleCompare"
            }
            (Some(r), SampleLevel::Zero) => {
                args.push(self.operand(r)?.text);
                "textureSampleCompareLevel"
            }
            (Some(r), SampleLevel::Exact(l)) if self.is_zero_constant(*l)? => {
                args.push(self.operand(r)?.text);
                "textureSampleCompareLevel"
            }
            (Some(_), _) => {
                return Err(unsupported(
                    "with a comparison at a level other than 0 or with gradients or a bias",
                ))
            }
            (None, SampleLevel::Auto) => "textureSample",
            (None, SampleLevel::Bias(b)) => {
                if depth {
                    return Err(unsupported("with a bias"));
                }
                args.push(self.operand(*b)?.text);
                "textureSampleBias"
            }
            (None, SampleLevel::Zero) => {
                args.push(if depth { "0i" } else { "0.0f" }.to_string());
                "textureSampleLevel"
            }
            (None, SampleLevel::Exact(l)) => {
                if depth {
                    // Depth textures take an integer level.
                    match self.integral_constant(*l)? {
                        Some(level) => args.push(format!("{level}i")),
                        None => return Err(unsupported("at a fractional or run-time level")),
                    }
                } else {
                    args.push(self.operand(*l)?.text);
                }
                "textureSampleLevel"
            }
            (None, SampleLevel::Gradient { x, y }) => {
                if depth {
                    return Err(unsupported("with gradients"));
                }
                args.push(self.operand(*x)?.text);
                args.push(self.operand(*y)?.text);
                "textureSampleGrad"
            }
        };
        if let Some(o) = offset {
            args.push(self.w.constant_ref(o)?.text);
        }
        Ok(Expr::primary(format!("{name}({})", args.join(", "))))
    }

    fn is_zero_constant(&self, v: Handle<Value>) -> Result<bool, Error> {
        Ok(self.integral_constant(v)? == Some(0))
    }

    fn integral_constant(&self, v: Handle<Value>) -> Result<Option<i64>, Error> {
        Ok(match self.constant_literals(v)?.as_deref() {
            Some([Literal::F32(f)]) if f.fract() == 0.0 && f.abs() < 65536.0 => Some(*f as i64),
            Some([Literal::I32(i)]) => Some(i64::from(*i)),
            Some([Literal::U32(u)]) => Some(i64::from(*u)),
            _ => None,
        })
    }

    /// The texture, coordinates and (for arrays) layer of a storage texture access.
    fn storage_args(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
    ) -> Result<Vec<String>, Error> {
        let (_, arrayed, class) = self.image_info(image)?;
        if !matches!(class, ImageClass::Storage { .. }) {
            return Err(Error::invalid(
                "a storage image access of a sampled texture",
            ));
        }
        let mut args = vec![self.operand(image)?.text, self.operand(coordinate)?.text];
        match (arrayed, array_index) {
            (false, None) => {}
            (true, Some(layer)) => args.push(self.operand(layer)?.text),
            _ => {
                return Err(Error::invalid(
                    "an array layer must be given exactly for array images",
                ))
            }
        }
        Ok(args)
    }

    fn fetch(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        level: Option<Handle<Value>>,
        sample: Option<Handle<Value>>,
    ) -> Result<Expr, Error> {
        let (_, arrayed, class) = self.image_info(image)?;
        let t = self.operand(image)?.text;
        let c = self.operand(coordinate)?.text;
        let mut args = vec![t, c];
        if arrayed {
            let layer =
                array_index.ok_or_else(|| Error::invalid("array texture fetch without a layer"))?;
            args.push(self.operand(layer)?.text);
        }
        let multisampled = matches!(
            class,
            ImageClass::Sampled {
                multisampled: true,
                ..
            } | ImageClass::Depth { multisampled: true }
        );
        if multisampled {
            let s = sample.ok_or_else(|| Error::invalid("multisampled fetch without a sample"))?;
            args.push(self.operand(s)?.text);
        } else {
            args.push(match level {
                Some(l) => self.operand(l)?.text,
                None => "0i".to_string(),
            });
        }
        Ok(Expr::primary(format!("textureLoad({})", args.join(", "))))
    }

    fn query(
        &mut self,
        image: Handle<Value>,
        query: &ImageQuery,
        result: Handle<Type>,
    ) -> Result<Expr, Error> {
        let (_, _, class) = self.image_info(image)?;
        let t = self.operand(image)?.text;
        let multisampled = matches!(
            class,
            ImageClass::Sampled {
                multisampled: true,
                ..
            } | ImageClass::Depth { multisampled: true }
        );
        // WGSL answers in `u32`; Luma's queries are `i32`.
        let ty = self.w.type_text(result)?;
        let inner = match query {
            ImageQuery::Size { level } => match level {
                Some(l) if !multisampled => {
                    let zero = luma_back::is_integer_zero(self.w.module, self.function, *l);
                    let l = self.operand(*l)?.text;
                    if self.w.options.bounds_checks && !zero {
                        // WGSL leaves the size at an out-of-range level indeterminate (naga's
                        // SPIR-V gives 0 on lavapipe): report the nearest level's, as the
                        // other back ends do. The constant level 0 always exists.
                        format!(
                            "textureDimensions({t}, clamp({l}, 0i, i32(textureNumLevels({t})) - 1i))"
                        )
                    } else {
                        format!("textureDimensions({t}, {l})")
                    }
                }
                _ => format!("textureDimensions({t})"),
            },
            ImageQuery::NumLevels => format!("textureNumLevels({t})"),
            ImageQuery::NumLayers => format!("textureNumLayers({t})"),
            ImageQuery::NumSamples => format!("textureNumSamples({t})"),
        };
        Ok(Expr::primary(format!("{ty}({inner})")))
    }
}

fn innermost_loop(ctx: &[Ctx]) -> Result<LoopVars, Error> {
    for c in ctx.iter().rev() {
        if let Ctx::Loop { carried, results } = c {
            return Ok((carried.clone(), results.clone()));
        }
    }
    Err(Error::invalid("`Continue` or `Break` outside a loop"))
}

/// `&p` for a reference expression.
fn address_of(p: &Expr) -> String {
    prec::prefix("&", &p.text, p.prec)
}

fn unary(op: &str, a: &Expr) -> Expr {
    Expr::with_prec(prec::prefix(op, &a.text, a.prec), Prec::Unary)
}

fn binary(op: &str, parent: Prec, l: &Expr, r: &Expr) -> Expr {
    Expr::with_prec(
        prec::infix(op, parent, (&l.text, l.prec), (&r.text, r.prec)),
        parent,
    )
}

fn postfix(base: &Expr, suffix: &str) -> Expr {
    Expr {
        text: format!(
            "{}{suffix}",
            wrap(&base.text, base.prec, Prec::Primary, Side::Left)
        ),
        prec: Prec::Primary,
        cheap: base.cheap,
        konst: false,
        reads: base.reads.clone(),
    }
}

/// Whether `l` is an integer zero (a divisor Luma treats as 1).
fn is_integer_zero(l: Literal) -> bool {
    matches!(l, Literal::I32(0) | Literal::U32(0))
}

/// `l`, with an integer zero replaced by 1: `x / 0 == x / 1` and `x % 0 == x % 1` in Luma.
fn one_for_zero(l: Literal) -> Literal {
    match l {
        Literal::I32(0) => Literal::I32(1),
        Literal::U32(0) => Literal::U32(1),
        other => other,
    }
}

/// The constant index `i` clamped into `0..len` as the other targets clamp indices: as an
/// unsigned 32-bit number, so a negative index takes the last element.
fn unsigned_clamp(i: i64, len: u32) -> i64 {
    let last = i64::from(len.saturating_sub(1));
    if i < 0 {
        last
    } else {
        i.min(last)
    }
}
