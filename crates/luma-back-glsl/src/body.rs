//! Function bodies: statements, structured control flow and expressions.
//!
//! Blocks are walked with an explicit work stack, so the depth of `if` and loop nesting costs no
//! native stack. Each value is written as [`luma_back::plan`] places it; `If` results, loop
//! results and loop-carried values are variables declared just before their construct.

use luma_back::defaults::{assignments, at_targets, end_targets, yields_defaults};
use luma_back::prec::{self, operand as wrap};
use luma_back::{component, CodeWriter, Namer, Placement, Prec, ResultDefaults, Side, ValuePlan};
use luma_base::Handle;
use luma_ir::{
    ArraySize, AtomicFunction, Barrier, BinaryOp, Block, DerivativeAxis, DerivativeControl,
    Function, ImageClass, ImageDimension, ImageQuery, Literal, LoopControl, MathFunction, Module,
    Op, RelationalFunction, SampleLevel, Scalar, ScalarKind, SourceLoc, StmtKind, Type, TypeInner,
    UnaryOp, UnrollHint, Value, ValueDef, VectorSize,
};

use crate::codes;
use crate::helpers::{Helper, HelperKind};
use crate::writer::{
    combined_type_name, one_scalar, shape_name, zero_scalar, Expr, GlobalForm, Writer,
    EXT_CONTROL_FLOW_ATTRIBUTES, EXT_NONUNIFORM, EXT_SAMPLERLESS,
};
use crate::Error;

/// Whether `value` is a `half` (scalar, vector or matrix) computed by `op` from constants only.
///
/// glslang folds an expression of constants in binary64, and rounds a folded 16-bit value
/// toward zero where it emits it as a constant (and not at all where it converts it to
/// float): `float(1.0hf / 3.0hf)` gave 0.33333334 instead of the half 0.33325195, and
/// `1.0hf + 0.0007324219hf` gave 1.0 instead of 1.0009765625. The writer therefore puts the
/// first operand of such an op in a variable, which glslang does not fold through, and the
/// driver computes (or folds) it in half as the language says. Luma's optimiser folds these
/// itself at `basic` and above; this matters at `--opt none` and for any op it leaves.
fn half_from_constants(module: &Module, function: &Function, value: &Value, op: &Op) -> bool {
    let half = module
        .types
        .get(value.ty)
        .and_then(|t| t.inner.scalar())
        .is_some_and(|s| s.kind == ScalarKind::Float && s.width == 2);
    if !half {
        return false;
    }
    let mut any = false;
    let mut all = true;
    op.for_each_operand(|o| {
        any = true;
        all &= matches!(
            function.values.get(o).map(|v| &v.def),
            Some(ValueDef::Constant(_))
        );
    });
    // Only ops that round; building, picking and copying halves is exact.
    let rounds = matches!(
        op,
        Op::Unary { .. }
            | Op::Binary { .. }
            | Op::Product { .. }
            | Op::Convert { .. }
            | Op::Math { .. }
    );
    any && all && rounds
}

/// Writes function `handle` (as `main` when it is the entry function).
pub(crate) fn write_function(
    w: &mut Writer<'_>,
    handle: Handle<Function>,
) -> Result<String, Error> {
    let module = w.module;
    let function = module
        .functions
        .get(handle)
        .ok_or_else(|| Error::invalid("function handle out of range"))?;
    let is_entry = handle == w.entry.function;
    let plan = ValuePlan::new(module, function, |op| matches!(op, Op::Insert { .. }));
    let mut fw = FunctionWriter {
        namer: w.namer.clone(),
        w,
        function,
        handle,
        is_entry,
        plan,
        exprs: vec![None; function.values.len()],
        local_names: Vec::with_capacity(function.locals.len()),
        out: CodeWriter::new(),
        else_if: None,
        defaults: ResultDefaults::new(function),
        unfolded: None,
        lines: LineState::default(),
    };
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
    /// `} else {`; `candidate` when the else arm may turn out to be an `else if`.
    Else {
        candidate: bool,
    },
    EndIf,
    /// The end of an `if` merged into its parent's `else if`: the parent writes the `}`.
    EndIfMerged,
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

/// Tracks which source line the next output line maps to, for `#line`.
#[derive(Default)]
struct LineState {
    /// (source, line) of the last directive, and the output line count when it was written.
    current: Option<(u32, u32, usize)>,
    /// Newlines counted in the output so far, and up to which byte.
    newlines: usize,
    scanned: usize,
}

struct FunctionWriter<'w, 'a> {
    w: &'w mut Writer<'a>,
    function: &'a Function,
    handle: Handle<Function>,
    is_entry: bool,
    plan: ValuePlan,
    namer: Namer,
    exprs: Vec<Option<Expr>>,
    local_names: Vec<String>,
    out: CodeWriter,
    /// Output lengths before and after the last `} else {` of a candidate `else if` arm.
    else_if: Option<(usize, usize)>,
    /// Where values are defined, for the starting values of `If` result variables.
    defaults: ResultDefaults,
    lines: LineState,
    /// While an op of [`half_from_constants`] is written: its first operand (a constant) and
    /// the variable that holds it.
    unfolded: Option<(Handle<Value>, Expr)>,
}

impl<'w, 'a> FunctionWriter<'w, 'a> {
    fn write(&mut self) -> Result<(), Error> {
        let function = self.function;
        // Parameters.
        let mut params = Vec::with_capacity(function.params.len());
        for (index, param) in function.params.iter().enumerate() {
            let v = function.param_value(index);
            if self.is_entry {
                let text = self.w.input_texts.get(index).cloned().unwrap_or_default();
                let expr = if text.starts_with("uint(") {
                    Expr::primary(text)
                } else {
                    Expr::name(text)
                };
                self.set(v, expr);
            } else {
                let name = self.namer.call(&param.name);
                params.push(self.w.decl(param.ty, &name)?);
                self.set(v, Expr::name(name));
            }
        }
        let header = if self.is_entry {
            "void main() {".to_string()
        } else {
            let name = self
                .w
                .function_names
                .get(&self.handle)
                .cloned()
                .unwrap_or_default();
            let ret = match function.results.as_slice() {
                [] => "void".to_string(),
                [one] => self.w.type_ctor(one.ty)?,
                _ => {
                    return Err(Error::invalid(
                        "a function that is not an entry point returns several values",
                    ))
                }
            };
            format!("{ret} {name}({}) {{", params.join(", "))
        };
        self.out.open(header);

        if self.is_entry {
            let privates = self.w.zero_filled_privates.clone();
            for g in privates {
                let name = self.w.global_names.get(&g).cloned().unwrap_or_default();
                let ty = self
                    .w
                    .module
                    .globals
                    .get(g)
                    .map(|g| g.ty)
                    .ok_or_else(|| Error::invalid("global handle out of range"))?;
                self.zero_fill(&name, ty)?;
            }
        }

        // Locals.
        for (_, local) in function.locals.iter() {
            let name = self.namer.call(local.name.as_deref().unwrap_or("local"));
            self.local_names.push(name.clone());
            let decl = self.w.decl(local.ty, &name)?;
            match local.init {
                Some(init) => {
                    let value = self.w.constant_ref(init)?;
                    self.out.line_fmt(format_args!("{decl} = {};", value.text));
                }
                None if self.w.has_large_array(local.ty) => {
                    self.out.line_fmt(format_args!("{decl};"));
                    self.zero_fill(&name, local.ty)?;
                }
                None => {
                    let value = self.w.zero_value(local.ty)?;
                    self.out.line_fmt(format_args!("{decl} = {};", value.text));
                }
            }
        }

        let mut work = vec![Work::Block {
            block: function.body,
            next: 0,
            role: Role::FunctionBody,
        }];
        let mut ctx: Vec<Ctx> = Vec::new();
        while let Some(item) = work.pop() {
            match item {
                Work::Else { candidate } => {
                    let before = self.out.as_str().len();
                    self.out.dedent();
                    self.out.line("} else {");
                    self.out.indent();
                    self.else_if = candidate.then(|| (before, self.out.as_str().len()));
                }
                Work::EndIf | Work::EndLoop => {
                    ctx.pop();
                    self.out.close("}");
                }
                Work::EndIfMerged => {
                    ctx.pop();
                }
                Work::Block { block, next, role } => {
                    self.block(block, next, role, &mut work, &mut ctx)?;
                }
            }
        }
        self.out.close("}");
        Ok(())
    }

    /// Writes statements of `block` from `next` until its end or a nested construct, which is
    /// pushed on `work` with the rest of the block after it.
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
            // `if` and loops declare their variables first; their directive goes on the header.
            // A value written into its use (or not at all) writes no line of its own: a
            // directive for it would stand between `} else {` and the `if` of an else-if arm and
            // keep the chain from flattening (4,000 arms nested 4,000 deep: 128 MB of GLSL).
            let writes_nothing = matches!(stmt.kind, StmtKind::Value(v)
                if matches!(self.plan.placement(v), Placement::Dead | Placement::Inline));
            if !writes_nothing && !matches!(stmt.kind, StmtKind::If { .. } | StmtKind::Loop { .. })
            {
                self.line_directive(stmt.loc);
            }
            match &stmt.kind {
                StmtKind::Value(v) => self.value_stmt(*v)?,
                StmtKind::Store { pointer, value } => self.store(*pointer, *value)?,
                StmtKind::AtomicStore { pointer, value } => {
                    let p = self.operand(*pointer)?;
                    let v = self.operand(*value)?;
                    self.out
                        .line_fmt(format_args!("atomicExchange({}, {});", p.text, v.text));
                }
                StmtKind::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => self.image_store(*image, *coordinate, *array_index, *value)?,
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
                    let defaults = if let Some(targets) = &merged {
                        self.alias_enclosing_results(results, targets, ctx)?
                    } else {
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
                    };
                    // An empty accept arm is written as `if (!c)`, unless the reject arm goes on
                    // as `else if`: `if (c) {} else if` keeps the chain flat.
                    let accept_empty =
                        self.is_empty_arm(*accept, &defaults) && !self.is_else_if_arm(*reject);
                    let reject_empty = self.is_empty_arm(*reject, &defaults);
                    self.line_directive(stmt.loc);
                    let keyword = if merged.is_some() { "} else if" } else { "if" };
                    // A merged `if` is followed by the `Yield` of its results to themselves.
                    work.push(Work::Block {
                        block,
                        next: index + if merged.is_some() { 2 } else { 1 },
                        role,
                    });
                    work.push(if merged.is_some() {
                        Work::EndIfMerged
                    } else {
                        Work::EndIf
                    });
                    ctx.push(Ctx::If {
                        results: results.to_vec(),
                        defaults,
                    });
                    if accept_empty {
                        let negated = prec::prefix("!", &cond.text, cond.prec);
                        self.out.open(format!("{keyword} ({negated}) {{"));
                        work.push(Work::Block {
                            block: *reject,
                            next: 0,
                            role: Role::Arm,
                        });
                    } else {
                        self.out.open(format!("{keyword} ({}) {{", cond.text));
                        if !reject_empty {
                            work.push(Work::Block {
                                block: *reject,
                                next: 0,
                                role: Role::Arm,
                            });
                            work.push(Work::Else {
                                candidate: self.is_else_if_arm(*reject),
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
                        control,
                    } = &**lp;
                    for lv in carried {
                        self.declare_var(lv.value, Some(lv.init))?;
                    }
                    for &r in results {
                        self.declare_var(r, None)?;
                    }
                    self.line_directive(stmt.loc);
                    if let Some(attribute) = self.loop_attribute(*control) {
                        self.out.line(attribute);
                    }
                    self.out.open("while (true) {");
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
    /// ([`luma_back::defaults::chain_targets`]). `next` is the statement after the `if`.
    fn take_else_if(
        &mut self,
        eligible: bool,
        results: &[Handle<Value>],
        next: Option<&luma_ir::Stmt>,
        ctx: &[Ctx],
    ) -> Option<Vec<usize>> {
        let (before, after) = self.else_if.take()?;
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
        if self.lines.scanned > before {
            self.lines.scanned = before;
            self.lines.newlines = self.lines.newlines.saturating_sub(1);
        }
        Some(targets)
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

    fn loop_attribute(&mut self, control: LoopControl) -> Option<String> {
        let attribute = match control.unroll {
            UnrollHint::Full => "[[unroll]]",
            UnrollHint::Never => "[[dont_unroll]]",
            UnrollHint::None | UnrollHint::AtMost(_) => return None,
        };
        self.w.extensions.insert(EXT_CONTROL_FLOW_ATTRIBUTES);
        Some(attribute.to_string())
    }

    /// Declares the variable behind an `If` result, loop result or loop-carried value.
    fn declare_var(&mut self, v: Handle<Value>, init: Option<Handle<Value>>) -> Result<(), Error> {
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("v"));
        let decl = self.w.decl(value.ty, &name)?;
        match init {
            Some(init) => {
                let e = self.operand(init)?;
                self.out.line_fmt(format_args!("{decl} = {};", e.text));
            }
            None => self.out.line_fmt(format_args!("{decl};")),
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
    /// assigned before it in the sequence is saved in a temporary before any assignment.
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
                let target = self.value(t)?;
                let base = self.function.value_name(target).unwrap_or("v");
                let name = self.namer.call(&format!("next_{base}"));
                let decl = self.w.decl(target.ty, &name)?;
                self.out.line_fmt(format_args!("{decl} = {};", value.text));
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
        if self.is_entry {
            let targets = self.w.output_targets.clone();
            let results = &self.function.results;
            if values.len() != targets.len() || values.len() != results.len() {
                return Err(Error::invalid(
                    "`Return` does not match the entry point's outputs",
                ));
            }
            for (target, &v) in targets.iter().zip(values) {
                let e = self.operand(v)?;
                let text = if target == "gl_SampleMask[0]" {
                    format!("int({})", e.text)
                } else {
                    e.text
                };
                self.out.line_fmt(format_args!("{target} = {text};"));
            }
            if role != Role::FunctionBody {
                self.out.line("return;");
            }
            return Ok(());
        }
        match values {
            [] => {
                if role != Role::FunctionBody {
                    self.out.line("return;");
                }
            }
            [v] => {
                let e = self.operand(*v)?;
                self.out.line_fmt(format_args!("return {};", e.text));
            }
            _ => return Err(Error::invalid("`Return` of several values from a function")),
        }
        Ok(())
    }

    fn barrier(&mut self, barrier: Barrier) {
        if barrier.workgroup {
            self.out.line("memoryBarrierShared();");
        }
        if barrier.storage {
            self.out.line("memoryBarrierBuffer();");
        }
        self.out.line("barrier();");
    }

    fn line_directive(&mut self, loc: Option<SourceLoc>) {
        if !self.w.options.line_directives {
            return;
        }
        let Some(loc) = loc else {
            return;
        };
        let text = self.out.as_str();
        let newlines = text
            .get(self.lines.scanned..)
            .map_or(0, |rest| rest.bytes().filter(|&b| b == b'\n').count());
        self.lines.newlines += newlines;
        self.lines.scanned = text.len();
        if let Some((source, line, at)) = self.lines.current {
            let expected = line as usize + (self.lines.newlines - at);
            if source == loc.source && expected == loc.line as usize {
                return;
            }
        }
        // The file name only where it changes: a directive without one keeps the name of the
        // one before (C's rule, which glslang follows). Naming it every time wrote the name once
        // per statement, so a long `#line` name made the output their product.
        let same_source = self
            .lines
            .current
            .is_some_and(|(source, _, _)| source == loc.source);
        let directive = match self.w.module.debug_sources.get(loc.source as usize) {
            Some(source) if !same_source => format!(
                "#line {} \"{}\"\n",
                loc.line,
                escape_file_name(&source.name)
            ),
            _ => format!("#line {}\n", loc.line),
        };
        self.out.raw(&directive);
        self.lines.newlines += 1;
        self.lines.scanned = self.out.as_str().len();
        self.lines.current = Some((loc.source, loc.line, self.lines.newlines));
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
        if let Some((held, e)) = &self.unfolded {
            if *held == v {
                return Ok(e.clone());
            }
        }
        let value = self.value(v)?;
        match &value.def {
            ValueDef::Constant(c) => self.w.constant_ref(*c),
            ValueDef::GlobalPointer(g) => {
                let name = self
                    .w
                    .global_names
                    .get(g)
                    .cloned()
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

    /// Operand `v` in a form that may be written several times: a costly inlined expression
    /// is first bound to a temporary here (it is pure, so evaluating it here is the same).
    fn cheap_operand(&mut self, v: Handle<Value>) -> Result<Expr, Error> {
        let e = self.operand(v)?;
        if e.cheap {
            return Ok(e);
        }
        let value = self.value(v)?;
        let name = self
            .namer
            .call(self.function.value_name(value).unwrap_or("t"));
        let decl = self.w.decl(value.ty, &name)?;
        self.out.line_fmt(format_args!("{decl} = {};", e.text));
        let named = Expr::name(name);
        if matches!(value.def, ValueDef::Op(_)) {
            self.set(v, named.clone());
        }
        Ok(named)
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
        if let Op::Insert {
            base,
            value: part,
            index,
        } = op
        {
            return self.insert(v, *base, *part, *index);
        }
        if half_from_constants(self.w.module, self.function, value, op) {
            let mut first = None;
            op.for_each_operand(|o| {
                first = first.or(Some(o));
            });
            if let Some(o) = first {
                let held = self.operand(o)?;
                let name = self.namer.call("k");
                let decl = self.w.decl(self.value(o)?.ty, &name)?;
                self.out.line_fmt(format_args!("{decl} = {};", held.text));
                self.unfolded = Some((o, Expr::name(name)));
            }
        }
        let e = self.op_expr(v, op);
        self.unfolded = None;
        let mut e = e?;
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
                let decl = self.w.decl(value.ty, &name)?;
                self.out.line_fmt(format_args!("{decl} = {};", e.text));
                self.set(v, Expr::name(name));
            }
            Placement::Effect => self.out.line_fmt(format_args!("{};", e.text)),
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

    /// `T name = base; name.part = value;`: GLSL has no expression that replaces one part.
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
        let name = match self.function.value_name(value) {
            Some(n) => self.namer.call(n),
            None => self.namer.call("t"),
        };
        let decl = self.w.decl(value.ty, &name)?;
        let base_e = self.operand(base)?;
        self.out.line_fmt(format_args!("{decl} = {};", base_e.text));
        let accessor = self.part_accessor(value.ty, index)?;
        let part_e = self.operand(part)?;
        self.out
            .line_fmt(format_args!("{name}{accessor} = {};", part_e.text));
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
            .get(&function)
            .cloned()
            .ok_or_else(|| Error::invalid("function handle out of range"))?;
        let mut texts = Vec::with_capacity(args.len());
        for &a in args {
            if self.combined_half(a)?.is_some() {
                return Err(Error::new(
                    codes::SPLIT_COMBINED_SAMPLER,
                    format!(
                        "a combined sampler's texture or sampler is passed to `{}` on its own; \
                         GLSL keeps the two together, so pass the combined sampler's results \
                         instead",
                        self.w
                            .module
                            .functions
                            .get(function)
                            .map_or("", |f| f.name.as_str())
                    ),
                ));
            }
            texts.push(self.operand(a)?.text);
        }
        Ok(Expr::primary(format!("{name}({})", texts.join(", "))))
    }

    fn store(&mut self, pointer: Handle<Value>, value: Handle<Value>) -> Result<(), Error> {
        // A whole flattened block has no name of its own: store it member by member.
        if let Some(global) = self.flat_block_root(pointer)? {
            let ty = self
                .w
                .module
                .globals
                .get(global)
                .map(|g| g.ty)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            let target = self.operand(pointer)?;
            let source = self.cheap_operand(value)?;
            let TypeInner::Struct { members } = self.w.inner(ty)? else {
                return Err(Error::invalid("flattened block of a non-struct type"));
            };
            for index in 0..members.len() {
                let (member, _) = self.w.member(ty, index as u32)?;
                self.out.line_fmt(format_args!(
                    "{}.{member} = {}.{member};",
                    target.text, source.text
                ));
            }
            return Ok(());
        }
        let target = self.operand(pointer)?;
        let source = self.operand(value)?;
        self.out
            .line_fmt(format_args!("{} = {};", target.text, source.text));
        Ok(())
    }

    /// The global behind `pointer` when it points at a whole struct-typed block.
    fn flat_block_root(
        &self,
        pointer: Handle<Value>,
    ) -> Result<Option<Handle<luma_ir::GlobalVariable>>, Error> {
        if let ValueDef::GlobalPointer(g) = self.value(pointer)?.def {
            if self.w.global_forms.get(&g) == Some(&GlobalForm::FlatBlock) {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }

    /// For a texture or sampler value that comes from one half of a combined sampler: its
    /// pairing id and role.
    fn combined_half(
        &self,
        v: Handle<Value>,
    ) -> Result<Option<(u32, luma_ir::CombinedRole)>, Error> {
        let mut current = v;
        for _ in 0..=self.function.values.len() {
            match &self.value(current)?.def {
                ValueDef::Op(Op::Load { pointer }) => current = *pointer,
                ValueDef::Op(Op::AccessChain { base, .. }) => current = *base,
                ValueDef::GlobalPointer(g) => {
                    let global = self
                        .w
                        .module
                        .globals
                        .get(*g)
                        .ok_or_else(|| Error::invalid("global handle out of range"))?;
                    return Ok(global.combined.as_ref().map(|c| (c.id, c.role)));
                }
                _ => return Ok(None),
            }
        }
        Ok(None)
    }

    // -----------------------------------------------------------------------------------------
    // Expressions

    fn op_expr(&mut self, v: Handle<Value>, op: &Op) -> Result<Expr, Error> {
        let value = self.value(v)?;
        Ok(match op {
            Op::Unary { op, arg } => {
                let a = self.operand(*arg)?;
                let vector = matches!(self.value_inner(*arg)?, TypeInner::Vector { .. });
                match op {
                    UnaryOp::Negate => unary("-", &a),
                    UnaryOp::BitNot => unary("~", &a),
                    UnaryOp::LogicalNot if vector => Expr::primary(format!("not({})", a.text)),
                    UnaryOp::LogicalNot => unary("!", &a),
                }
            }
            Op::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs)?,
            // Every product kind is GLSL's `*`, `v * m` included.
            Op::Product { lhs, rhs, .. } => {
                let (l, r) = (self.operand(*lhs)?, self.operand(*rhs)?);
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
                if matches!(self.value_inner(*condition)?, TypeInner::Vector { .. }) {
                    Expr::primary(format!("mix({}, {}, {})", r.text, a.text, c.text))
                } else {
                    Expr::with_prec(
                        format!(
                            "{} ? {} : {}",
                            wrap(&c.text, c.prec, Prec::Conditional, Side::Left),
                            wrap(&a.text, a.prec, Prec::Conditional, Side::Right),
                            wrap(&r.text, r.prec, Prec::Conditional, Side::Right)
                        ),
                        Prec::Conditional,
                    )
                }
            }
            Op::Splat { value: s } => {
                let e = self.operand(*s)?;
                let ctor = self.w.type_ctor(value.ty)?;
                Expr::primary(format!("{ctor}({})", e.text))
            }
            Op::Compose { components } => {
                let mut parts = Vec::with_capacity(components.len());
                for &c in components {
                    parts.push(self.operand(c)?.text);
                }
                let ctor = self.w.type_ctor(value.ty)?;
                Expr::primary(format!("{ctor}({})", parts.join(", ")))
            }
            Op::Extract { base, index } => {
                let b = self.operand(*base)?;
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
                let i = self.index_text(*index, Some(size), None)?;
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
                let lanes: Vec<String> = (0..size.count())
                    .map(|k| {
                        if index_scalar.kind == ScalarKind::Uint {
                            format!("{k}u")
                        } else {
                            k.to_string()
                        }
                    })
                    .collect();
                let ivec = shape_name(index_scalar, Some(size));
                let vec = shape_name(scalar, Some(size));
                Expr::primary(format!(
                    "mix({}, {vec}({}), equal({ivec}({}), {ivec}({})))",
                    b.text,
                    p.text,
                    lanes.join(", "),
                    i.text
                ))
            }
            Op::Shuffle { a, b, pattern } => self.shuffle(v, *a, *b, pattern)?,
            Op::Convert { value: source } => {
                let s = self.operand(*source)?;
                if self.value(*source)?.ty == value.ty {
                    s
                } else {
                    let ctor = self.w.type_ctor(value.ty)?;
                    Expr::primary(format!("{ctor}({})", s.text))
                }
            }
            Op::Bitcast { value: source } => self.bitcast(*source, value.ty)?,
            Op::Relational { fun, arg } => {
                let a = self.operand(*arg)?;
                let vector = matches!(self.value_inner(*arg)?, TypeInner::Vector { .. });
                match fun {
                    RelationalFunction::All | RelationalFunction::Any if !vector => a,
                    RelationalFunction::All => Expr::primary(format!("all({})", a.text)),
                    RelationalFunction::Any => Expr::primary(format!("any({})", a.text)),
                    RelationalFunction::IsNan => Expr::primary(format!("isnan({})", a.text)),
                    RelationalFunction::IsInf => Expr::primary(format!("isinf({})", a.text)),
                }
            }
            Op::Math { fun, args } => self.math(*fun, args, value.ty)?,
            Op::Derivative { axis, control, arg } => {
                let a = self.operand(*arg)?;
                let base = match axis {
                    DerivativeAxis::X => "dFdx",
                    DerivativeAxis::Y => "dFdy",
                    DerivativeAxis::Width => "fwidth",
                };
                let suffix = match control {
                    DerivativeControl::None => "",
                    DerivativeControl::Coarse => "Coarse",
                    DerivativeControl::Fine => "Fine",
                };
                Expr::primary(format!("{base}{suffix}({})", a.text))
            }
            Op::AccessChain { base, indices, .. } => {
                let non_uniform =
                    luma_ir::proc::non_uniform_access(&self.w.module.types, self.function, v)
                        .is_some();
                self.access_chain(*base, indices, non_uniform)?
            }
            Op::Load { pointer } => self.load(*pointer, value.ty)?,
            Op::ArrayLength { pointer } => {
                let p = self.operand(*pointer)?;
                Expr::primary(format!("uint({}.length())", p.text))
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
            } => self.image_load(*image, *coordinate, *array_index)?,
            Op::ImageQuery { image, query } => self.query(*image, query)?,
            Op::Atomic {
                fun,
                pointer,
                value: operand,
                comparator,
            } => {
                let p = self.operand(*pointer)?;
                let x = self.operand(*operand)?;
                let text = match fun {
                    AtomicFunction::Add => format!("atomicAdd({}, {})", p.text, x.text),
                    AtomicFunction::Subtract => {
                        format!("atomicAdd({}, {})", p.text, unary("-", &x).text)
                    }
                    AtomicFunction::And => format!("atomicAnd({}, {})", p.text, x.text),
                    AtomicFunction::Or => format!("atomicOr({}, {})", p.text, x.text),
                    AtomicFunction::Xor => format!("atomicXor({}, {})", p.text, x.text),
                    AtomicFunction::Min => format!("atomicMin({}, {})", p.text, x.text),
                    AtomicFunction::Max => format!("atomicMax({}, {})", p.text, x.text),
                    AtomicFunction::Exchange => format!("atomicExchange({}, {})", p.text, x.text),
                    AtomicFunction::CompareExchange => {
                        let c = comparator.ok_or_else(|| {
                            Error::invalid("compare-exchange without a comparator")
                        })?;
                        let c = self.operand(c)?;
                        format!("atomicCompSwap({}, {}, {})", p.text, c.text, x.text)
                    }
                };
                Expr::primary(text)
            }
            Op::AtomicLoad { pointer } => {
                // GLSL 4.50 has no atomic load; adding zero is one, and returns the value.
                let p = self.operand(*pointer)?;
                let zero = match self.value_inner(v)?.scalar() {
                    Some(s) => zero_scalar(s),
                    None => return Err(Error::invalid("atomic load of a non-integer")),
                };
                Expr::primary(format!("atomicAdd({}, {zero})", p.text))
            }
            Op::Insert { .. } => return Err(Error::invalid("insert written as an expression")),
        })
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> Result<Expr, Error> {
        let inner = self.value_inner(lhs)?.clone();
        let (scalar, size) = match &inner {
            TypeInner::Scalar(s) => (*s, None),
            TypeInner::Vector { size, scalar } => (*scalar, Some(*size)),
            _ => return Err(Error::invalid("binary operator on a composite")),
        };
        let vector = size.is_some();
        let integer = matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint);
        if let BinaryOp::ShiftLeft | BinaryOp::ShiftRight = op {
            let l = self.operand(lhs)?;
            let count = self.shift_count(rhs, size)?;
            let sym = if op == BinaryOp::ShiftLeft {
                "<<"
            } else {
                ">>"
            };
            return Ok(binary(sym, Prec::Shift, &l, &count));
        }
        let l = self.operand(lhs)?;
        let r = self.operand(rhs)?;
        Ok(match op {
            BinaryOp::Add => binary("+", Prec::Additive, &l, &r),
            BinaryOp::Subtract => binary("-", Prec::Additive, &l, &r),
            BinaryOp::Multiply => binary("*", Prec::Multiplicative, &l, &r),
            // A constant divisor other than 0 and -1 needs no guard; GLSL's `%` is only exact
            // for unsigned operands.
            BinaryOp::Divide if integer && !self.safe_divisor(rhs) => {
                self.helper_call(HelperKind::Div, scalar, size, &l, &r)
            }
            BinaryOp::Divide => binary("/", Prec::Multiplicative, &l, &r),
            BinaryOp::Remainder if scalar.kind == ScalarKind::Uint && self.safe_divisor(rhs) => {
                binary("%", Prec::Multiplicative, &l, &r)
            }
            BinaryOp::Remainder => self.helper_call(HelperKind::Rem, scalar, size, &l, &r),
            BinaryOp::BitAnd => binary("&", Prec::BitAnd, &l, &r),
            BinaryOp::BitOr => binary("|", Prec::BitOr, &l, &r),
            BinaryOp::BitXor => binary("^", Prec::BitXor, &l, &r),
            BinaryOp::Equal if vector => Expr::primary(format!("equal({}, {})", l.text, r.text)),
            BinaryOp::NotEqual if vector => {
                Expr::primary(format!("notEqual({}, {})", l.text, r.text))
            }
            BinaryOp::Less if vector => Expr::primary(format!("lessThan({}, {})", l.text, r.text)),
            BinaryOp::LessEqual if vector => {
                Expr::primary(format!("lessThanEqual({}, {})", l.text, r.text))
            }
            BinaryOp::Greater if vector => {
                Expr::primary(format!("greaterThan({}, {})", l.text, r.text))
            }
            BinaryOp::GreaterEqual if vector => {
                Expr::primary(format!("greaterThanEqual({}, {})", l.text, r.text))
            }
            BinaryOp::Equal => binary("==", Prec::Relational, &l, &r),
            BinaryOp::NotEqual => binary("!=", Prec::Relational, &l, &r),
            BinaryOp::Less => binary("<", Prec::Relational, &l, &r),
            BinaryOp::LessEqual => binary("<=", Prec::Relational, &l, &r),
            BinaryOp::Greater => binary(">", Prec::Relational, &l, &r),
            BinaryOp::GreaterEqual => binary(">=", Prec::Relational, &l, &r),
            // GLSL has no componentwise logical operators on bool vectors: go through bits.
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr if vector => {
                let n = size.map_or(0, |s| s.count());
                let sym = if op == BinaryOp::LogicalAnd { "&" } else { "|" };
                Expr::primary(format!(
                    "bvec{n}(uvec{n}({}) {sym} uvec{n}({}))",
                    l.text, r.text
                ))
            }
            BinaryOp::LogicalAnd => binary("&&", Prec::LogicalAnd, &l, &r),
            BinaryOp::LogicalOr => binary("||", Prec::LogicalOr, &l, &r),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight => {
                return Err(Error::invalid("shift handled above"))
            }
        })
    }

    /// Whether `divisor` is a constant with no component equal to 0 or -1.
    fn safe_divisor(&self, divisor: Handle<Value>) -> bool {
        luma_back::is_safe_integer_divisor(self.w.module, self.function, divisor)
    }

    fn helper_call(
        &mut self,
        kind: HelperKind,
        scalar: Scalar,
        size: Option<VectorSize>,
        l: &Expr,
        r: &Expr,
    ) -> Expr {
        let helper = Helper { kind, scalar, size };
        self.w.helpers.insert(helper);
        Expr::primary(format!("{}({}, {})", helper.name(), l.text, r.text))
    }

    /// The shift count masked to 31: folded when constant.
    fn shift_count(&mut self, rhs: Handle<Value>, size: Option<VectorSize>) -> Result<Expr, Error> {
        if let Some(lits) = self.constant_literals(rhs)? {
            let masked: Vec<String> = lits
                .iter()
                .map(|l| match l {
                    Literal::U32(v) => format!("{}u", v & 31),
                    Literal::I32(v) => format!("{}", v & 31),
                    _ => "0u".to_string(),
                })
                .collect();
            return Ok(match size {
                None => Expr::name(masked.join("")),
                Some(size) => {
                    let all_same = masked.windows(2).all(|w| w.first() == w.get(1));
                    let scalar = self
                        .value_inner(rhs)?
                        .scalar()
                        .ok_or_else(|| Error::invalid("shift count is not an integer"))?;
                    let ty = shape_name(scalar, Some(size));
                    if all_same {
                        Expr::primary(format!(
                            "{ty}({})",
                            masked.first().cloned().unwrap_or_default()
                        ))
                    } else {
                        Expr::primary(format!("{ty}({})", masked.join(", ")))
                    }
                }
            });
        }
        let r = self.operand(rhs)?;
        if luma_back::shift::count_in_range(self.w.module, self.function, rhs) {
            return Ok(r);
        }
        let scalar = self
            .value_inner(rhs)?
            .scalar()
            .ok_or_else(|| Error::invalid("shift count is not an integer"))?;
        let mask = if scalar.kind == ScalarKind::Uint {
            "31u"
        } else {
            "31"
        };
        let mask = match size {
            None => Expr::name(mask),
            Some(size) => Expr::primary(format!("{}({mask})", shape_name(scalar, Some(size)))),
        };
        Ok(binary("&", Prec::BitAnd, &r, &mask))
    }

    /// The literals of a scalar or vector constant value (vectors componentwise).
    fn constant_literals(&self, v: Handle<Value>) -> Result<Option<Vec<Literal>>, Error> {
        Ok(luma_back::constant_literals(
            self.w.module,
            self.function,
            v,
        ))
    }

    fn shuffle(
        &mut self,
        _v: Handle<Value>,
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
            return Ok(postfix(&s, &format!(".{swizzle}")));
        }
        // Mixed sources: a constructor of runs taken from each.
        let ea = self.cheap_operand(a)?;
        let eb = self.cheap_operand(b)?;
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
        let ty = self.value(_v)?.ty;
        let ctor = self.w.type_ctor(ty)?;
        Ok(Expr::primary(format!("{ctor}({})", parts.join(", "))))
    }

    fn bitcast(&mut self, source: Handle<Value>, to: Handle<Type>) -> Result<Expr, Error> {
        let s = self.operand(source)?;
        let from_inner = self.value_inner(source)?.clone();
        let to_inner = self.w.inner(to)?.clone();
        let from = from_inner
            .scalar_or_vector()
            .ok_or_else(|| Error::invalid("bitcast of a composite"))?;
        let target = to_inner
            .scalar_or_vector()
            .ok_or_else(|| Error::invalid("bitcast to a composite"))?;
        if from == target {
            return Ok(s);
        }
        let ctor = self.w.type_ctor(to)?;
        let func = match (from.0.kind, from.0.width, target.0.kind, target.0.width) {
            (ScalarKind::Float, 4, ScalarKind::Sint, 4) => "floatBitsToInt".to_string(),
            (ScalarKind::Float, 4, ScalarKind::Uint, 4) => "floatBitsToUint".to_string(),
            (ScalarKind::Sint, 4, ScalarKind::Float, 4) => "intBitsToFloat".to_string(),
            (ScalarKind::Uint, 4, ScalarKind::Float, 4) => "uintBitsToFloat".to_string(),
            (ScalarKind::Sint | ScalarKind::Uint, 4, ScalarKind::Sint | ScalarKind::Uint, 4) => {
                ctor
            }
            // Two halves in one 32-bit word.
            (ScalarKind::Float, 2, ScalarKind::Uint, 4)
                if from.1 == Some(VectorSize::Bi) && target.1.is_none() =>
            {
                "packFloat2x16".to_string()
            }
            (ScalarKind::Uint, 4, ScalarKind::Float, 2)
                if from.1.is_none() && target.1 == Some(VectorSize::Bi) =>
            {
                "unpackFloat2x16".to_string()
            }
            (ScalarKind::Float, 2, ScalarKind::Sint, 4)
                if from.1 == Some(VectorSize::Bi) && target.1.is_none() =>
            {
                return Ok(Expr::primary(format!("int(packFloat2x16({}))", s.text)));
            }
            (ScalarKind::Sint, 4, ScalarKind::Float, 2)
                if from.1.is_none() && target.1 == Some(VectorSize::Bi) =>
            {
                return Ok(Expr::primary(format!("unpackFloat2x16(uint({}))", s.text)));
            }
            _ => return Err(Error::invalid("bitcast between types of different widths")),
        };
        Ok(Expr::primary(format!("{func}({})", s.text)))
    }

    fn math(
        &mut self,
        fun: MathFunction,
        args: &[Handle<Value>],
        result_ty: Handle<Type>,
    ) -> Result<Expr, Error> {
        use MathFunction as M;
        let mut texts = Vec::with_capacity(args.len());
        for &a in args {
            texts.push(self.operand(a)?.text);
        }
        let arg_inner = match args.first() {
            Some(a) => self.value_inner(*a)?.clone(),
            None => return Err(Error::invalid("math function without arguments")),
        };
        let scalar = arg_inner
            .scalar()
            .ok_or_else(|| Error::invalid("math on a composite"))?;
        let unsigned = scalar.kind == ScalarKind::Uint;
        let call = |name: &str| call_text(name, &texts);
        let text = match fun {
            M::Abs => call("abs"),
            M::Sign => call("sign"),
            M::Floor => call("floor"),
            M::Ceil => call("ceil"),
            M::Round => call("roundEven"),
            M::Trunc => call("trunc"),
            M::Fract => call("fract"),
            M::Mod => call("mod"),
            M::Min => call("min"),
            M::Max => call("max"),
            M::Clamp => luma_back::clamp_text(self.w.module, self.function, args, &texts, "")
                .ok_or_else(|| Error::invalid("clamp needs three arguments"))?,
            M::Mix => call("mix"),
            M::Step => call("step"),
            M::SmoothStep => call("smoothstep"),
            M::Sqrt => call("sqrt"),
            M::InverseSqrt => call("inversesqrt"),
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
            M::Atan2 => call("atan"),
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
            M::Saturate => {
                let x = texts.first().cloned().unwrap_or_default();
                format!(
                    "clamp({x}, {}, {})",
                    zero_scalar(scalar),
                    one_scalar(scalar)
                )
            }
            M::Length => call("length"),
            M::Distance => call("distance"),
            M::Dot => call("dot"),
            M::Cross => call("cross"),
            M::Normalize => call("normalize"),
            M::Reflect => call("reflect"),
            M::Refract => call("refract"),
            M::FaceForward => call("faceforward"),
            M::Transpose => call("transpose"),
            M::Inverse => call("inverse"),
            M::Determinant => call("determinant"),
            // GLSL returns `int` counts and indices; Luma keeps the operand's type.
            M::CountOneBits | M::FirstLeadingBit | M::FirstTrailingBit => {
                let name = match fun {
                    M::CountOneBits => "bitCount",
                    M::FirstLeadingBit => "findMSB",
                    _ => "findLSB",
                };
                if unsigned {
                    let ctor = self.w.type_ctor(result_ty)?;
                    format!("{ctor}({})", call(name))
                } else {
                    call(name)
                }
            }
            M::ReverseBits => call("bitfieldReverse"),
            // From the highest / lowest set bit of the bits as `uint` (`findMSB` of an int
            // skips the sign copies): -1 for 0 gives 31 - -1 == 32 and
            // min(uint(-1), 32u) == 32.
            M::CountLeadingZeros | M::CountTrailingZeros => {
                let x = texts.first().cloned().unwrap_or_default();
                let size = arg_inner.vector_size();
                let uty = shape_name(Scalar::U32, size);
                let bits = if unsigned { x } else { format!("{uty}({x})") };
                let count = if fun == M::CountLeadingZeros {
                    format!("{uty}(31 - findMSB({bits}))")
                } else {
                    format!("min({uty}(findLSB({bits})), 32u)")
                };
                if unsigned {
                    count
                } else {
                    let ctor = self.w.type_ctor(result_ty)?;
                    format!("{ctor}({count})")
                }
            }
            M::ExtractBits | M::InsertBits => {
                // `bitfieldExtract(e, int offset, int bits)`, `bitfieldInsert(e, n, offset,
                // bits)`: the field operands are the last two.
                let fields = args.len().saturating_sub(2);
                let (Some(&offset), Some(&count)) = (args.get(fields), args.get(fields + 1)) else {
                    return Err(Error::invalid("a bit field without offset and count"));
                };
                let (o, c) = self.bit_field(
                    (offset, texts.get(fields).map_or("", String::as_str)),
                    (count, texts.get(fields + 1).map_or("", String::as_str)),
                )?;
                let mut field_texts: Vec<String> = texts.iter().take(fields).cloned().collect();
                field_texts.push(o);
                field_texts.push(c);
                let name = if fun == M::ExtractBits {
                    "bitfieldExtract"
                } else {
                    "bitfieldInsert"
                };
                call_text(name, &field_texts)
            }
            M::Pack4x8Unorm => call("packUnorm4x8"),
            M::Pack4x8Snorm => call("packSnorm4x8"),
            M::Pack2x16Unorm => call("packUnorm2x16"),
            M::Pack2x16Snorm => call("packSnorm2x16"),
            M::Pack2x16Float => call("packHalf2x16"),
            M::Unpack4x8Unorm => call("unpackUnorm4x8"),
            M::Unpack4x8Snorm => call("unpackSnorm4x8"),
            M::Unpack2x16Unorm => call("unpackUnorm2x16"),
            M::Unpack2x16Snorm => call("unpackSnorm2x16"),
            M::Unpack2x16Float => call("unpackHalf2x16"),
        };
        Ok(Expr::primary(text))
    }

    /// The `int` offset and bits operands of `bitfieldExtract` / `bitfieldInsert`. GLSL leaves
    /// a field past bit 31 undefined; Luma clamps as WGSL does (`o = min(offset, 32)`,
    /// `c = min(count, 32 - o)`), at compile time when both are constants.
    fn bit_field(
        &mut self,
        (offset, o): (Handle<Value>, &str),
        (count, c): (Handle<Value>, &str),
    ) -> Result<(String, String), Error> {
        let known = |this: &mut Self, v| -> Result<Option<u32>, Error> {
            Ok(match this.constant_literals(v)?.as_deref() {
                Some(&[Literal::U32(x)]) => Some(x),
                _ => None,
            })
        };
        if let (Some(ko), Some(kc)) = (known(self, offset)?, known(self, count)?) {
            let (ko, kc) = luma_ir::proc::bit_field(ko, kc);
            return Ok((ko.to_string(), kc.to_string()));
        }
        let clamped = format!("min({o}, 32u)");
        Ok((
            format!("int({clamped})"),
            format!("int(min({c}, 32u - {clamped}))"),
        ))
    }

    /// An index, clamped into `0..len` (or into the runtime array `runtime_array`) when bounds
    /// checks are on and the index is not a constant known to be in range.
    fn index_text(
        &mut self,
        index: Handle<Value>,
        len: Option<u32>,
        runtime_array: Option<&str>,
    ) -> Result<String, Error> {
        let scalar = self
            .value_inner(index)?
            .scalar()
            .ok_or_else(|| Error::invalid("index is not an integer"))?;
        let unsigned = scalar.kind == ScalarKind::Uint;
        if let Some(lits) = self.constant_literals(index)? {
            if let (Some(lit), Some(len)) = (lits.first(), len) {
                // As unsigned, as every other back end and the interpreter clamp: a negative
                // index reads the last element.
                let i = match lit {
                    Literal::I32(i) => *i as u32,
                    Literal::U32(u) => *u,
                    _ => return Err(Error::invalid("index is not an integer")),
                };
                // An out-of-range constant reads an unspecified element: the one a run-time
                // clamp would pick.
                let clamped = i.min(len.saturating_sub(1));
                return Ok(if unsigned {
                    format!("{clamped}u")
                } else {
                    clamped.to_string()
                });
            }
        }
        let e = self.operand(index)?;
        if !self.w.options.bounds_checks {
            return Ok(e.text);
        }
        Ok(match (len, runtime_array) {
            (Some(len), _) => {
                // Unsigned, as the other back ends clamp (SPIR-V's UMin, HLSL's and MSL's
                // `min(uint(i), n - 1)`): a negative index reads the last element everywhere.
                let last = len.saturating_sub(1);
                if unsigned {
                    format!("min({}, {last}u)", e.text)
                } else {
                    format!("min(uint({}), {last}u)", e.text)
                }
            }
            (None, Some(array)) => {
                let i = if unsigned {
                    e.text
                } else {
                    format!("uint({})", e.text)
                };
                format!("min({i}, uint({array}.length()) - 1u)")
            }
            (None, None) => e.text,
        })
    }

    /// The text of an access chain; `non_uniform` wraps its dynamic array indices (into an array
    /// of resources) in `nonuniformEXT`.
    fn access_chain(
        &mut self,
        base: Handle<Value>,
        indices: &[Handle<Value>],
        non_uniform: bool,
    ) -> Result<Expr, Error> {
        let b = self.operand(base)?;
        let base_ty = self.value(base)?.ty;
        let mut current = match self.w.inner(base_ty)? {
            TypeInner::Pointer { base, .. } => *base,
            _ => return Err(Error::invalid("access chain on a non-pointer")),
        };
        let mut text = b.text;
        let mut inner = luma_back::shape_of(self.w.inner(current)?);
        for &index in indices {
            match inner {
                TypeInner::Struct { .. } => {
                    let i = self.constant_index(index)?;
                    let (name, ty) = self.w.member(current, i)?;
                    text = format!("{text}.{name}");
                    current = ty;
                    inner = luma_back::shape_of(self.w.inner(current)?);
                }
                TypeInner::Array { base, size } => {
                    let mut i = match size {
                        ArraySize::Constant(n) => self.index_text(index, Some(n), None)?,
                        ArraySize::Runtime => self.index_text(index, None, Some(&text))?,
                    };
                    if non_uniform && self.constant_literals(index)?.is_none() {
                        self.w.extensions.insert(EXT_NONUNIFORM);
                        i = format!("nonuniformEXT({i})");
                    }
                    text = format!("{text}[{i}]");
                    current = base;
                    inner = luma_back::shape_of(self.w.inner(current)?);
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
                            let i = self.index_text(index, Some(size.count()), None)?;
                            format!("{text}[{i}]")
                        }
                    };
                    inner = TypeInner::Scalar(scalar);
                }
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => {
                    let i = self.index_text(index, Some(columns.count()), None)?;
                    text = format!("{text}[{i}]");
                    inner = TypeInner::Vector { size: rows, scalar };
                }
                _ => return Err(Error::invalid("access chain indexes into a scalar")),
            }
        }
        Ok(Expr::primary(text))
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

    fn load(&mut self, pointer: Handle<Value>, ty: Handle<Type>) -> Result<Expr, Error> {
        let p = self.operand(pointer)?;
        if let Some(global) = self.flat_block_root(pointer)? {
            // A whole struct block: rebuild the struct from its members.
            let gty = self
                .w
                .module
                .globals
                .get(global)
                .map(|g| g.ty)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            let TypeInner::Struct { members } = self.w.inner(gty)? else {
                return Err(Error::invalid("flattened block of a non-struct type"));
            };
            let mut parts = Vec::with_capacity(members.len());
            for index in 0..members.len() {
                let (member, _) = self.w.member(gty, index as u32)?;
                parts.push(format!("{}.{member}", p.text));
            }
            let ctor = self.w.type_ctor(ty)?;
            return Ok(Expr::primary(format!("{ctor}({})", parts.join(", "))));
        }
        Ok(Expr { cheap: false, ..p })
    }

    // -----------------------------------------------------------------------------------------
    // Textures

    /// The sampler expression for sampling `image` with `sampler`: the combined sampler's name,
    /// or a `sampler2D(t, s)` constructor for separate objects.
    fn sampler_expr(
        &mut self,
        image: Handle<Value>,
        sampler: Handle<Value>,
        shadow: bool,
    ) -> Result<String, Error> {
        let image_half = self.combined_half(image)?;
        let sampler_half = self.combined_half(sampler)?;
        let i = self.operand(image)?;
        match (image_half, sampler_half) {
            (Some((a, _)), Some((b, _))) if a == b => Ok(i.text),
            (None, None) => {
                let s = self.operand(sampler)?;
                let (dim, arrayed, class) = self.image_info(image)?;
                let ctor = combined_type_name(dim, arrayed, class, shadow);
                let types = &self.w.module.types;
                if luma_ir::proc::non_uniform_load(types, self.function, image).is_some()
                    || luma_ir::proc::non_uniform_load(types, self.function, sampler).is_some()
                {
                    // glslang marks the constructed sampler only when asked: Vulkan needs
                    // the sample's sampled-image operand itself decorated `NonUniform`, not
                    // just the texture or sampler it was built from.
                    self.w.extensions.insert(EXT_NONUNIFORM);
                    Ok(format!("nonuniformEXT({ctor}({}, {}))", i.text, s.text))
                } else {
                    Ok(format!("{ctor}({}, {})", i.text, s.text))
                }
            }
            _ => Err(Error::new(
                codes::SPLIT_COMBINED_SAMPLER,
                "a combined sampler's texture is sampled with another sampler, or a sampler with \
                 another texture; GLSL keeps a combined sampler's halves together",
            )),
        }
    }

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
        let (dim, arrayed, class) = self.image_info(image)?;
        let shadow = depth_ref.is_some();
        let s = self.sampler_expr(image, sampler, shadow)?;
        let coord = self.operand(coordinate)?;
        let mut parts = vec![coord.text.clone()];
        if let Some(layer) = array_index {
            let l = self.operand(layer)?;
            parts.push(format!("float({})", l.text));
        }
        if let Some(component) = gather {
            // `textureGather` takes the layer in the coordinate but the depth reference (or
            // the component) as an argument of its own, after the offset's place.
            let p = if parts.len() == 1 {
                coord.text
            } else {
                let n = match dim {
                    ImageDimension::D2 => 3,
                    ImageDimension::D3 | ImageDimension::Cube => 4,
                };
                format!("vec{n}({})", parts.join(", "))
            };
            let last = match depth_ref {
                Some(r) => self.operand(r)?.text,
                None => component.to_string(),
            };
            let text = match (offset, shadow) {
                (None, _) => format!("textureGather({s}, {p}, {last})"),
                (Some(o), false) => {
                    let o = self.w.constant_ref(o)?.text;
                    format!("textureGatherOffset({s}, {p}, {o}, {last})")
                }
                (Some(o), true) => {
                    let o = self.w.constant_ref(o)?.text;
                    format!("textureGatherOffset({s}, {p}, {last}, {o})")
                }
            };
            return Ok(Expr::primary(text));
        }
        let cube_array_shadow = shadow && dim == ImageDimension::Cube && arrayed;
        let mut compare = None;
        if let Some(r) = depth_ref {
            let r = self.operand(r)?;
            if cube_array_shadow {
                compare = Some(r.text);
            } else {
                parts.push(r.text);
            }
        }
        let coord_size = match dim {
            ImageDimension::D2 => 2,
            ImageDimension::D3 | ImageDimension::Cube => 3,
        } + parts.len()
            - 1;
        let p = if parts.len() == 1 {
            coord.text
        } else {
            format!("vec{coord_size}({})", parts.join(", "))
        };
        let offset = match offset {
            Some(c) => Some(self.w.constant_ref(c)?.text),
            None => None,
        };
        let unsupported = |what: &str| {
            Error::new(
                codes::UNSUPPORTED_TEXTURE_OP,
                format!(
                    "GLSL cannot sample a {} with {what}",
                    shadow_name(dim, arrayed)
                ),
            )
        };
        // Shadow lookups of arrays and cubes take no explicit level: a zero gradient is level 0.
        let no_lod = shadow && (arrayed || dim == ImageDimension::Cube);
        let zero_grad = match dim {
            ImageDimension::D2 => "vec2(0.0)",
            _ => "vec3(0.0)",
        };
        let text = match level {
            SampleLevel::Auto => match (&offset, &compare) {
                (_, Some(c)) => format!("texture({s}, {p}, {c})"),
                (Some(o), None) => format!("textureOffset({s}, {p}, {o})"),
                (None, None) => format!("texture({s}, {p})"),
            },
            SampleLevel::Bias(b) => {
                if shadow && arrayed {
                    return Err(unsupported("a bias"));
                }
                let b = self.operand(*b)?.text;
                match &offset {
                    Some(o) => format!("textureOffset({s}, {p}, {o}, {b})"),
                    None => format!("texture({s}, {p}, {b})"),
                }
            }
            SampleLevel::Zero if cube_array_shadow => return Err(unsupported("an explicit level")),
            SampleLevel::Zero if no_lod => match &offset {
                Some(o) => format!("textureGradOffset({s}, {p}, {zero_grad}, {zero_grad}, {o})"),
                None => format!("textureGrad({s}, {p}, {zero_grad}, {zero_grad})"),
            },
            SampleLevel::Zero => match &offset {
                Some(o) => format!("textureLodOffset({s}, {p}, 0.0, {o})"),
                None => format!("textureLod({s}, {p}, 0.0)"),
            },
            SampleLevel::Exact(l) => {
                if no_lod {
                    return Err(unsupported("an explicit level"));
                }
                let l = self.operand(*l)?.text;
                match &offset {
                    Some(o) => format!("textureLodOffset({s}, {p}, {l}, {o})"),
                    None => format!("textureLod({s}, {p}, {l})"),
                }
            }
            SampleLevel::Gradient { x, y } => {
                if cube_array_shadow {
                    return Err(unsupported("gradients"));
                }
                let x = self.operand(*x)?.text;
                let y = self.operand(*y)?.text;
                match &offset {
                    Some(o) => format!("textureGradOffset({s}, {p}, {x}, {y}, {o})"),
                    None => format!("textureGrad({s}, {p}, {x}, {y})"),
                }
            }
        };
        // A depth texture read without comparison returns its depth in the first component.
        Ok(if matches!(class, ImageClass::Depth { .. }) && !shadow {
            Expr::primary(format!("{text}.x"))
        } else {
            Expr::primary(text)
        })
    }

    /// The texture operand of a fetch or query: the combined sampler, or the texture itself
    /// (through `GL_EXT_samplerless_texture_functions`).
    fn unsampled_texture(&mut self, image: Handle<Value>, what: &str) -> Result<String, Error> {
        let e = self.operand(image)?;
        if let Some((id, _)) = self.combined_half(image)? {
            // `texelFetch` and friends do not take shadow samplers.
            let shadow = self.w.module.globals.iter().any(|(_, g)| {
                g.combined
                    .as_ref()
                    .is_some_and(|c| c.id == id && c.role == luma_ir::CombinedRole::Sampler)
                    && self.w.element_type(g.ty).is_ok_and(|t| {
                        matches!(self.w.inner(t), Ok(TypeInner::Sampler { comparison: true }))
                    })
            });
            let (_, _, class) = self.image_info(image)?;
            if shadow && matches!(class, ImageClass::Depth { .. }) && what == "fetch" {
                return Err(Error::new(
                    codes::UNSUPPORTED_TEXTURE_OP,
                    "GLSL cannot fetch texels from a combined shadow sampler; declare the depth \
                     texture and its comparison sampler separately",
                ));
            }
        } else {
            self.w.extensions.insert(EXT_SAMPLERLESS);
        }
        Ok(e.text)
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
        let t = self.unsampled_texture(image, "fetch")?;
        let coord_inner = self.value_inner(coordinate)?.clone();
        let c = self.operand(coordinate)?;
        let size = coord_inner.vector_size().map_or(1, |s| s.count());
        let unsigned = coord_inner.scalar_kind() == Some(ScalarKind::Uint);
        let mut p = if unsigned {
            if size == 1 {
                format!("int({})", c.text)
            } else {
                format!("ivec{size}({})", c.text)
            }
        } else {
            c.text
        };
        if arrayed {
            let layer =
                array_index.ok_or_else(|| Error::invalid("array texture fetch without a layer"))?;
            let l = self.operand(layer)?;
            p = format!("ivec{}({p}, {})", size + 1, l.text);
        }
        let multisampled = matches!(
            class,
            ImageClass::Sampled {
                multisampled: true,
                ..
            } | ImageClass::Depth { multisampled: true }
        );
        let bounds = self.w.options.bounds_checks;
        let last = if multisampled {
            let s = sample.ok_or_else(|| Error::invalid("multisampled fetch without a sample"))?;
            let s = self.operand(s)?.text;
            if bounds {
                format!("clamp({s}, 0, textureSamples({t}) - 1)")
            } else {
                s
            }
        } else {
            match level {
                Some(l) => self.clamped_level(l, &t)?,
                None => "0".to_string(),
            }
        };
        if bounds {
            // Vulkan leaves an out-of-range fetch undefined: clamp into the size at the
            // (clamped) level, layers included.
            let n = size + u32::from(arrayed);
            let extent = if multisampled {
                format!("textureSize({t})")
            } else {
                format!("textureSize({t}, {last})")
            };
            p = format!("clamp({p}, ivec{n}(0), {extent} - 1)");
        }
        let text = format!("texelFetch({t}, {p}, {last})");
        Ok(if matches!(class, ImageClass::Depth { .. }) {
            Expr::primary(format!("{text}.x"))
        } else {
            Expr::primary(text)
        })
    }

    /// A fetch or size query level: under bounds checks clamped into the texture's levels
    /// (Vulkan leaves an out-of-range level undefined), except the constant 0, which always
    /// exists.
    fn clamped_level(&mut self, level: Handle<Value>, t: &str) -> Result<String, Error> {
        let l = self.operand(level)?.text;
        let zero = luma_back::is_integer_zero(self.w.module, self.function, level);
        Ok(if self.w.options.bounds_checks && !zero {
            format!("clamp({l}, 0, textureQueryLevels({t}) - 1)")
        } else {
            l
        })
    }

    /// The image, its coordinate with the layer appended (`ivec3(c, layer)` for arrays), and
    /// the coordinate's component count.
    fn storage_access(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
    ) -> Result<(String, String, u32), Error> {
        let (dim, arrayed, class) = self.image_info(image)?;
        if !matches!(class, ImageClass::Storage { .. }) {
            return Err(Error::invalid(
                "a storage image access of a sampled texture",
            ));
        }
        let img = self.operand(image)?.text;
        let c = self.operand(coordinate)?.text;
        let dims = if dim == ImageDimension::D3 { 3 } else { 2 };
        match (arrayed, array_index) {
            (false, None) => Ok((img, c, dims)),
            (true, Some(layer)) => {
                let l = self.operand(layer)?.text;
                Ok((img, format!("ivec{}({c}, {l})", dims + 1), dims + 1))
            }
            _ => Err(Error::invalid(
                "an array layer must be given exactly for array images",
            )),
        }
    }

    /// `imageLoad`; under bounds checks the coordinate is clamped into the image (Vulkan
    /// leaves out-of-range image reads undefined).
    fn image_load(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
    ) -> Result<Expr, Error> {
        let (img, p, n) = self.storage_access(image, coordinate, array_index)?;
        let p = if self.w.options.bounds_checks {
            format!("clamp({p}, ivec{n}(0), imageSize({img}) - 1)")
        } else {
            p
        };
        Ok(Expr::primary(format!("imageLoad({img}, {p})")))
    }

    /// `imageStore`; under bounds checks guarded so an out-of-range store does nothing.
    fn image_store(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        value: Handle<Value>,
    ) -> Result<(), Error> {
        let (img, p, n) = self.storage_access(image, coordinate, array_index)?;
        let v = self.operand(value)?.text;
        let store = format!("imageStore({img}, {p}, {v});");
        if self.w.options.bounds_checks {
            // Unsigned comparison: a negative coordinate is a huge unsigned one.
            self.out.open(format!(
                "if (all(lessThan(uvec{n}({p}), uvec{n}(imageSize({img}))))) {{"
            ));
            self.out.line(store);
            self.out.close("}");
        } else {
            self.out.line(store);
        }
        Ok(())
    }

    fn query(&mut self, image: Handle<Value>, query: &ImageQuery) -> Result<Expr, Error> {
        let (dim, arrayed, class) = self.image_info(image)?;
        if matches!(class, ImageClass::Storage { .. }) {
            let img = self.operand(image)?.text;
            let text = match query {
                ImageQuery::Size { .. } if arrayed => format!("imageSize({img}).xy"),
                ImageQuery::Size { .. } => format!("imageSize({img})"),
                ImageQuery::NumLayers => format!("imageSize({img}).z"),
                ImageQuery::NumLevels | ImageQuery::NumSamples => {
                    return Err(Error::invalid("a level or sample query of a storage image"))
                }
            };
            return Ok(Expr::primary(text));
        }
        let t = self.unsampled_texture(image, "query")?;
        let multisampled = matches!(
            class,
            ImageClass::Sampled {
                multisampled: true,
                ..
            } | ImageClass::Depth { multisampled: true }
        );
        let size_call = |lod: &str| {
            if multisampled {
                format!("textureSize({t})")
            } else {
                format!("textureSize({t}, {lod})")
            }
        };
        let text = match query {
            ImageQuery::Size { level } => {
                let lod = match level {
                    Some(l) if !multisampled => self.clamped_level(*l, &t)?,
                    Some(l) => self.operand(*l)?.text,
                    None => "0".to_string(),
                };
                let call = size_call(&lod);
                // Array textures report their layer count last; Luma's size leaves it out.
                if arrayed {
                    match dim {
                        ImageDimension::D3 => format!("{call}.xyz"),
                        _ => format!("{call}.xy"),
                    }
                } else {
                    call
                }
            }
            ImageQuery::NumLevels => format!("textureQueryLevels({t})"),
            ImageQuery::NumLayers => format!(
                "{}.{}",
                size_call("0"),
                if dim == ImageDimension::D3 { "w" } else { "z" }
            ),
            ImageQuery::NumSamples => format!("textureSamples({t})"),
        };
        Ok(Expr::primary(text))
    }

    // -----------------------------------------------------------------------------------------
    // Zero-filling large arrays

    /// Statements that zero `target` of type `ty`, with loops for large arrays.
    fn zero_fill(&mut self, target: &str, ty: Handle<Type>) -> Result<(), Error> {
        enum Item {
            Fill(String, Handle<Type>),
            Close,
        }
        let mut stack = vec![Item::Fill(target.to_string(), ty)];
        // Every item names a type nested in `ty`, which the arena bounds.
        let mut budget = self.w.module.types.len().saturating_mul(8).max(64);
        while let Some(item) = stack.pop() {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                return Err(Error::invalid("zero-filling a type that nests too deeply"));
            }
            let (lvalue, ty) = match item {
                Item::Close => {
                    self.out.close("}");
                    continue;
                }
                Item::Fill(lvalue, ty) => (lvalue, ty),
            };
            if !self.w.has_large_array(ty) {
                let zero = self.w.zero_value(ty)?;
                self.out.line_fmt(format_args!("{lvalue} = {};", zero.text));
                continue;
            }
            match self.w.inner(ty)?.clone() {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => {
                    let i = self.namer.call("i");
                    self.out
                        .open(format!("for (int {i} = 0; {i} < {n}; ++{i}) {{"));
                    stack.push(Item::Close);
                    stack.push(Item::Fill(format!("{lvalue}[{i}]"), base));
                }
                TypeInner::Struct { members } => {
                    for index in (0..members.len()).rev() {
                        let (name, mty) = self.w.member(ty, index as u32)?;
                        stack.push(Item::Fill(format!("{lvalue}.{name}"), mty));
                    }
                }
                _ => {
                    return Err(Error::invalid(
                        "zero-filling a type that is not constructible",
                    ))
                }
            }
        }
        Ok(())
    }
}

/// The carried values and results of the innermost loop.
type LoopVars = (Vec<Handle<Value>>, Vec<Handle<Value>>);

fn innermost_loop(ctx: &[Ctx]) -> Result<LoopVars, Error> {
    for c in ctx.iter().rev() {
        if let Ctx::Loop { carried, results } = c {
            return Ok((carried.clone(), results.clone()));
        }
    }
    Err(Error::invalid("`Continue` or `Break` outside a loop"))
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
        reads: base.reads.clone(),
    }
}

fn shadow_name(dim: ImageDimension, arrayed: bool) -> &'static str {
    match (dim, arrayed) {
        (ImageDimension::Cube, true) => "cube array shadow texture",
        (ImageDimension::Cube, false) => "cube shadow texture",
        (_, true) => "2D array shadow texture",
        _ => "texture",
    }
}

fn escape_file_name(name: &str) -> String {
    name.replace('\\', "/").replace('"', "'")
}

/// `name(a, b, c)`, written into one string (no joined copy of the arguments first).
fn call_text(name: &str, args: &[String]) -> String {
    let len = name.len() + 2 + args.iter().map(|a| a.len() + 2).sum::<usize>();
    let mut text = String::with_capacity(len);
    text.push_str(name);
    text.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(a);
    }
    text.push(')');
    text
}
