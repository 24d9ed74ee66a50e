//! Statements: SSA construction over structured control flow.
//!
//! Locals are SSA values tracked in `FnCtx::vars`. An `if` (with its whole `elseif` chain) gets
//! one result per local assigned in any arm that is still live after it; a loop carries every
//! local assigned in its body that the loop or later code reads, and its results are the carried
//! locals live after it. `break` passes the current values of the loop's results.
//!
//! Loops are lowered with the exit test at the top of the body (`If(go) { Yield } else {
//! Break }`), the update at the bottom (`Continue`), and, for `@max_iterations(N)`, an extra
//! carried counter tested first.
//!
//! A Lua `for` over integers computes its iteration count up front as an unsigned number (Lua
//! 5.4's method: `(end - start) / step` in unsigned arithmetic for a positive step, `(start - end)
//! / (-(step + 1) + 1)` for a negative one), carries it down to zero, and carries a `go` flag for
//! the first test, so no value ever overflows the counter's range: `for i = 2147483640,
//! 2147483647` runs exactly 8 times and a zero step runs no iteration. The counter's last
//! increment may wrap, but that value is never used. (The checker gives every `for` an `int` or
//! `uint` counter.)

use luma_base::{Handle, Span};
use luma_ir::{
    BinaryOp, ConstantValue, Literal, LoopControl, LoopVar, Op, Scalar, ScalarKind, StmtKind,
    UnaryOp, UnrollHint, Value, ValueDef,
};
use luma_thir::{
    Block, ExprId, ExprKind, IfStmt, LocalId, LoopAttrs, Stmt, StmtKind as TStmt, WhileStmt,
};

use crate::analysis::StmtInfo;
use crate::error::{Failure, LResult};
use crate::function::{FnCtx, LiveFrame, LoopFrame, ReturnMode};
use crate::types::Shape;

/// How many arms of an `if` / `elseif` chain nest in one IR `If` chain (see `lower_if`).
const CHAIN_GROUP: usize = 32;

/// An `if` or `elseif` arm: its condition, block, span, and the block's statement numbers.
type IfArm<'a> = (ExprId, &'a Block, Span, u32, u32);

/// One `if` / `elseif` arm whose `If` statement is still to be placed.
struct PendingIf {
    parent: Handle<luma_ir::Block>,
    condition: Handle<Value>,
    accept: Handle<luma_ir::Block>,
    reject: Handle<luma_ir::Block>,
    accept_yields: bool,
    loc: Option<luma_ir::SourceLoc>,
}

/// Where a loop is in the function's statement numbering, and what its body assigns.
struct LoopRegion {
    /// The locals the body assigns, increasing.
    writes: Vec<usize>,
    /// The first statement of what the loop reads on every iteration (a `while` reads its
    /// condition, which belongs to the loop statement itself).
    reads_from: u32,
    /// The first statement of the body.
    body_first: u32,
    /// One past the loop's last statement.
    end: u32,
}

fn loop_control(attrs: LoopAttrs) -> LoopControl {
    LoopControl {
        unroll: match attrs.unroll {
            None => UnrollHint::None,
            Some(None) => UnrollHint::Full,
            Some(Some(n)) => UnrollHint::AtMost(n),
        },
        max_iterations: attrs.max_iterations,
    }
}

impl<'a> FnCtx<'_, '_, 'a> {
    /// Lowers a block's statements, numbered from `first` up to `end` in the function's
    /// statement numbering; statements after a terminator are unreachable and dropped.
    pub fn lower_block(&mut self, block: &'a Block, first: u32, end: u32) -> LResult<()> {
        self.block_depth += 1;
        if self.block_depth > self.m.depth_limit() {
            let span = block.stmts.first().map_or(self.def.span, |s| s.span);
            return Err(Failure::too_deep(span, self.m.options.limits.nesting_depth));
        }
        self.live.push(LiveFrame::Block { after: first, end });
        let mut k = first;
        for stmt in &block.stmts {
            if self.terminated {
                break;
            }
            let info = self.info.stmt(k, stmt);
            if let Some(LiveFrame::Block { after, .. }) = self.live.last_mut() {
                *after = info.end;
            }
            let saved = self.loc;
            self.set_loc(stmt.span);
            self.lower_stmt(stmt, k, info)?;
            self.loc = saved;
            k = info.end;
        }
        self.live.pop();
        self.block_depth -= 1;
        Ok(())
    }

    /// Lowers statement number `k`.
    fn lower_stmt(&mut self, stmt: &'a Stmt, k: u32, info: StmtInfo) -> LResult<()> {
        match &stmt.kind {
            TStmt::Let { local, value } => {
                let v = self.expr(*value)?;
                self.bind_local(*local, v)
            }
            TStmt::Assign { target, op, value } => self.assign(*target, *op, *value),
            TStmt::Expr(e) => self.expr_stmt(*e),
            TStmt::If(_) => self.lower_if(stmt, k, info),
            TStmt::For(f) => self.lower_for(
                f.var,
                [f.start, f.end],
                f.step,
                &f.body,
                f.control,
                stmt.span,
                (k, info),
            ),
            TStmt::While(w) => {
                let WhileStmt {
                    cond,
                    body,
                    control,
                } = &**w;
                // The loop reads its condition (statement `k` itself) and its body.
                let region = LoopRegion {
                    writes: self.info.writes_in(k + 1, info.end),
                    reads_from: k,
                    body_first: k + 1,
                    end: info.end,
                };
                let cond = *cond;
                self.lower_loop(
                    &region,
                    *control,
                    Vec::new(),
                    move |cx, _| {
                        let c = cx.expr(cond)?;
                        cx.exit_unless(c)
                    },
                    body,
                    |_, _| Ok(Vec::new()),
                )
            }
            TStmt::Block(b) => self.lower_block(b, k + 1, info.end),
            TStmt::Break => {
                let vals = self.break_values(stmt.span, "`break` outside a loop")?;
                self.push(StmtKind::Break(vals))
            }
            TStmt::Return(value) => self.lower_return(*value, stmt.span),
            TStmt::Discard => self.push(StmtKind::Discard),
        }
    }

    fn lower_return(&mut self, value: Option<ExprId>, span: Span) -> LResult<()> {
        let Some(e) = value else {
            return self.push(StmtKind::Return(Vec::new()));
        };
        let v = self.expr(e)?;
        match self.ret {
            ReturnMode::Plain => self.push(StmtKind::Return(vec![v])),
            ReturnMode::Entry { outputs } => {
                let ty = self.vty(v)?;
                let mut vals = Vec::with_capacity(outputs);
                for i in 0..outputs as u32 {
                    let (mty, count) = self.m.part_ty(ty, i)?;
                    if count != Some(outputs as u32) {
                        return Err(Failure::malformed(
                            span,
                            "an entry point returns a value that does not match its outputs",
                        ));
                    }
                    vals.push(self.emit(Op::Extract { base: v, index: i }, mty)?);
                }
                self.push(StmtKind::Return(vals))
            }
        }
    }

    /// An expression statement: calls of functions and builtins that return nothing are
    /// statements; anything else is evaluated and its value dropped.
    fn expr_stmt(&mut self, e: ExprId) -> LResult<()> {
        let expr = self.exprs.get(e).ok_or_else(|| {
            Failure::malformed(self.def.span, "an expression handle out of range")
        })?;
        match &expr.kind {
            ExprKind::Call { function, args } => {
                let returns = self
                    .prog
                    .functions
                    .get(*function)
                    .map(|f| f.ret.is_some())
                    .unwrap_or(false);
                if returns {
                    self.expr(e)?;
                    return Ok(());
                }
                let args = self.exprs.list(*args);
                let mut vals = Vec::with_capacity(args.len());
                for &a in args {
                    vals.push(self.expr(a)?);
                }
                let callee = self.callee(*function, expr.span)?;
                self.push(StmtKind::Call {
                    function: callee,
                    args: vals,
                })
            }
            ExprKind::Builtin { fun, args } => {
                self.builtin(*fun, self.exprs.list(*args), expr)?;
                Ok(())
            }
            _ => {
                self.expr(e)?;
                Ok(())
            }
        }
    }

    /// Ends the current block with `Yield` of `flag` (an arm group's "an arm ran", if any) and
    /// the given locals' values, unless it already ended; returns whether it yielded.
    fn yield_group_if_open(
        &mut self,
        flag: Option<Handle<Value>>,
        results: &[usize],
    ) -> LResult<bool> {
        if self.terminated {
            return Ok(false);
        }
        let mut vals = Vec::with_capacity(results.len() + 1);
        vals.extend(flag);
        vals.extend(self.values_of(results)?);
        self.push(StmtKind::Yield(vals))?;
        Ok(true)
    }

    /// Puts back the saved SSA values of some locals.
    fn restore(&mut self, saved: &[(usize, Option<Handle<Value>>)]) {
        for &(l, v) in saved {
            if let Some(slot) = self.vars.get_mut(l) {
                *slot = v;
            }
        }
    }

    /// Lowers an `if` with its whole `elseif` chain, iteratively: a chain is one level of
    /// nesting in the source, so it costs no recursion and no nesting budget here. Each arm nests
    /// one level deeper in the IR, up to `CHAIN_GROUP` arms (see below).
    fn lower_if(&mut self, stmt: &'a Stmt, k: u32, info: StmtInfo) -> LResult<()> {
        // Each arm: condition, block, span, and the block's statement numbers.
        let mut arms: Vec<IfArm<'a>> = Vec::new();
        let mut final_else: Option<(&'a Block, u32, u32)> = None;
        let (mut node, mut node_k, mut node_info) = (stmt, k, info);
        loop {
            let TStmt::If(i) = &node.kind else {
                return Err(Failure::malformed(node.span, "an `if` chain without `if`"));
            };
            let IfStmt {
                cond,
                then_block,
                else_block,
            } = &**i;
            arms.push((
                *cond,
                then_block,
                node.span,
                node_k + 1,
                node_info.else_start,
            ));
            match else_block {
                Some(b) => match b.stmts.as_slice() {
                    [only @ Stmt {
                        kind: TStmt::If(_), ..
                    }] => {
                        node_k = node_info.else_start;
                        node_info = self.info.stmt(node_k, only);
                        node = only;
                    }
                    _ => {
                        final_else = Some((b, node_info.else_start, node_info.end));
                        break;
                    }
                },
                None => break,
            }
        }

        // Every arm is nested in statement `k`.
        let writes = self.info.writes_in(k + 1, info.end);
        let mut results = Vec::new();
        let mut dead = Vec::new();
        for l in writes {
            if self.vars.get(l).copied().flatten().is_none() {
                continue;
            }
            if self.live_after(l) {
                results.push(l);
            } else {
                dead.push(l);
            }
        }
        // Only locals the arms assign or declare change; save and restore just those.
        let touched = self.info.touched_in(k + 1, info.end);
        let snapshot: Vec<(usize, Option<Handle<Value>>)> = touched
            .iter()
            .map(|&l| (l, self.vars.get(l).copied().flatten()))
            .collect();

        // A chain of many arms is lowered in groups of `CHAIN_GROUP`: each group is an `If` chain
        // whose results start with whether one of its arms ran, and the next group runs in the
        // `else` of an `If` on that flag. The groups sit side by side, so a chain of any length
        // nests at most `CHAIN_GROUP + 1` deep in the IR and in every output: SPIR-V allows
        // 1023 nested constructs, Tint 127 levels (two for each `if` that cannot print as
        // `else if`, as when an arm's condition has an `and` to short-circuit), and glslang's
        // parser runs out of stack on a few thousand `else if`s.
        let group_count = arms.len().div_ceil(CHAIN_GROUP);
        let mut carried: Option<Vec<Handle<Value>>> = None;
        let mut outer_results = Vec::new();
        for (index, group) in arms.chunks(CHAIN_GROUP).enumerate() {
            let last = index + 1 == group_count;
            let fallback = if last { final_else.take() } else { None };
            let values = match carried.take() {
                None => self.lower_if_group(group, fallback, &results, &snapshot, !last)?,
                Some(previous) => {
                    self.lower_guarded_group(group, fallback, &results, &snapshot, previous, last)?
                }
            };
            if last {
                outer_results = values;
            } else {
                carried = Some(values);
            }
        }
        self.restore(&snapshot);
        if !self.terminated {
            for (&l, v) in results.iter().zip(outer_results) {
                if let Some(slot) = self.vars.get_mut(l) {
                    *slot = Some(v);
                }
            }
            for l in dead {
                if let Some(slot) = self.vars.get_mut(l) {
                    *slot = None;
                }
            }
        }
        Ok(())
    }

    /// Lowers `arms` (with `final_else` after the last) as an `If` chain in the current block
    /// and returns the chain's results: the values of `results` after it, led by a `bool` that
    /// says whether an arm ran when `flag` is set (then the chain has no final `else`, and falling
    /// through yields `false`). Leaves the block terminated when no arm reaches the end.
    fn lower_if_group(
        &mut self,
        arms: &[IfArm<'a>],
        final_else: Option<(&'a Block, u32, u32)>,
        results: &[usize],
        snapshot: &[(usize, Option<Handle<Value>>)],
        flag: bool,
    ) -> LResult<Vec<Handle<Value>>> {
        let (ran, not_ran) = if flag {
            (
                Some(self.lit(Literal::Bool(true))?),
                Some(self.lit(Literal::Bool(false))?),
            )
        } else {
            (None, None)
        };
        let mut pending: Vec<PendingIf> = Vec::with_capacity(arms.len());
        for &(cond, then_block, span, first, end) in arms {
            self.set_loc(span);
            let condition = self.expr(cond)?;
            let parent = self.cur;
            let loc = self.loc;
            let accept = self.new_block();
            let reject = self.new_block();
            self.cur = accept;
            self.terminated = false;
            self.lower_block(then_block, first, end)?;
            let accept_yields = self.yield_group_if_open(ran, results)?;
            self.restore(snapshot);
            self.cur = reject;
            self.terminated = false;
            self.loc = loc;
            pending.push(PendingIf {
                parent,
                condition,
                accept,
                reject,
                accept_yields,
                loc,
            });
        }
        if let Some((b, first, end)) = final_else {
            self.lower_block(b, first, end)?;
        }
        let mut reject_yields = self.yield_group_if_open(not_ran, results)?;
        self.restore(snapshot);

        let mut outer_results = Vec::new();
        while let Some(arm) = pending.pop() {
            let any = arm.accept_yields || reject_yields;
            let mut result_vals = Vec::new();
            if any {
                if let Some(ran) = ran {
                    let ty = self.vty(ran)?;
                    let name = Some("taken".to_string());
                    result_vals.push(self.region_value(ty, ValueDef::IfResult, name));
                }
                for &l in results {
                    let init = self.vars.get(l).copied().flatten().ok_or_else(|| {
                        Failure::malformed(self.def.span, "an `if` result without a value")
                    })?;
                    let ty = self.vty(init)?;
                    let name = self.local_name(l);
                    result_vals.push(self.region_value(ty, ValueDef::IfResult, name));
                }
            }
            self.cur = arm.parent;
            self.terminated = false;
            self.loc = arm.loc;
            self.push(StmtKind::If {
                condition: arm.condition,
                accept: arm.accept,
                reject: arm.reject,
                results: result_vals.as_slice().into(),
            })?;
            if !any {
                self.push(StmtKind::Unreachable)?;
            }
            if pending.is_empty() {
                outer_results = result_vals;
            } else if any {
                // This `If` is the whole `else` of the enclosing arm.
                self.push(StmtKind::Yield(result_vals))?;
                reject_yields = true;
            } else {
                reject_yields = false;
            }
        }
        Ok(outer_results)
    }

    /// Lowers a group of arms after the first: `If(ran) { Yield(previous) } else { group }`, where
    /// `previous` is the results of the group before (led by its `ran` flag), and returns this
    /// `If`'s results (without the flag for the `last` group).
    fn lower_guarded_group(
        &mut self,
        arms: &[IfArm<'a>],
        final_else: Option<(&'a Block, u32, u32)>,
        results: &[usize],
        snapshot: &[(usize, Option<Handle<Value>>)],
        previous: Vec<Handle<Value>>,
        last: bool,
    ) -> LResult<Vec<Handle<Value>>> {
        let Some((&ran, values)) = previous.split_first() else {
            return Err(Failure::malformed(
                self.def.span,
                "an `if` group without its flag",
            ));
        };
        let passed = if last {
            values.to_vec()
        } else {
            previous.clone()
        };
        let parent = self.cur;
        let loc = self.loc;
        let accept = self.new_block();
        let reject = self.new_block();
        self.cur = accept;
        self.terminated = false;
        self.push(StmtKind::Yield(passed.clone()))?;
        self.cur = reject;
        self.terminated = false;
        self.restore(snapshot);
        let inner = self.lower_if_group(arms, final_else, results, snapshot, !last)?;
        if !self.terminated {
            self.push(StmtKind::Yield(inner))?;
        }
        self.restore(snapshot);
        self.cur = parent;
        self.terminated = false;
        self.loc = loc;
        let mut guard_results = Vec::with_capacity(passed.len());
        for &v in &passed {
            let ty = self.vty(v)?;
            let name = self
                .func
                .values
                .get(v)
                .and_then(|x| self.func.value_name(x))
                .map(String::from);
            guard_results.push(self.region_value(ty, ValueDef::IfResult, name));
        }
        self.push(StmtKind::If {
            condition: ran,
            accept,
            reject,
            results: guard_results.as_slice().into(),
        })?;
        Ok(guard_results)
    }

    /// The current values of the innermost loop's results, which a `Break` passes out
    /// (`outside` is the error when there is no loop).
    fn break_values(&self, span: Span, outside: &'static str) -> LResult<Vec<Handle<Value>>> {
        let frame = self
            .loops
            .last()
            .ok_or_else(|| Failure::malformed(span, outside))?;
        self.values_of(&frame.results)
    }

    /// `If(cond) { Yield } else { Break(loop results) }`: leaves the innermost loop unless
    /// `cond` holds.
    pub fn exit_unless(&mut self, cond: Handle<Value>) -> LResult<()> {
        let vals = self.break_values(self.def.span, "a loop exit outside a loop")?;
        let parent = self.cur;
        let accept = self.new_block();
        let reject = self.new_block();
        self.cur = accept;
        self.push(StmtKind::Yield(Vec::new()))?;
        self.cur = reject;
        self.terminated = false;
        self.push(StmtKind::Break(vals))?;
        self.cur = parent;
        self.terminated = false;
        self.push(StmtKind::If {
            condition: cond,
            accept,
            reject,
            results: Box::default(),
        })
    }

    /// Lowers a loop. `extras` are loop-carried values that belong to the loop itself (a `for`
    /// counter), given with their initial values; `header` emits the exit tests at the top of the
    /// body (it sees the extras' carried values) and `latch` computes the extras' next values
    /// after the body.
    #[allow(clippy::too_many_arguments)]
    fn lower_loop(
        &mut self,
        region: &LoopRegion,
        attrs: LoopAttrs,
        extras: Vec<(Handle<Value>, Option<String>)>,
        header: impl FnOnce(&mut Self, &[Handle<Value>]) -> LResult<()>,
        body: &'a Block,
        latch: impl FnOnce(&mut Self, &[Handle<Value>]) -> LResult<Vec<Handle<Value>>>,
    ) -> LResult<()> {
        let mut carried_locals = Vec::new();
        let mut results = Vec::new();
        for &l in &region.writes {
            if self.is_mem(l) || self.vars.get(l).copied().flatten().is_none() {
                continue;
            }
            let live = self.live_after(l);
            if live || self.info.reads_in(l, region.reads_from, region.end) {
                carried_locals.push(l);
            }
            if live {
                results.push(l);
            }
        }

        // Carried values: the loop's own extras, the iteration counter, then the locals.
        let mut carried = Vec::new();
        let mut extra_vals = Vec::new();
        for (init, name) in extras {
            let ty = self.vty(init)?;
            let v = self.region_value(ty, ValueDef::LoopCarried, name);
            carried.push(LoopVar { value: v, init });
            extra_vals.push(v);
        }
        let counter = match attrs.max_iterations {
            Some(n) => {
                let init = self.lit(Literal::U32(0))?;
                let ty = self.vty(init)?;
                let v = self.region_value(ty, ValueDef::LoopCarried, None);
                carried.push(LoopVar { value: v, init });
                Some((v, n))
            }
            None => None,
        };
        for &l in &carried_locals {
            let init = self.values_of(&[l])?.first().copied().ok_or_else(|| {
                Failure::malformed(self.def.span, "a carried local without a value")
            })?;
            let ty = self.vty(init)?;
            let name = self.local_name(l);
            let v = self.region_value(ty, ValueDef::LoopCarried, name);
            carried.push(LoopVar { value: v, init });
            if let Some(slot) = self.vars.get_mut(l) {
                *slot = Some(v);
            }
        }

        let parent = self.cur;
        let body_block = self.new_block();
        self.cur = body_block;
        self.terminated = false;
        self.loops.push(LoopFrame {
            results: results.clone(),
        });
        self.live.push(LiveFrame::Loop {
            start: region.reads_from,
            end: region.end,
        });
        let loc = self.loc;
        if let Some((iter, n)) = counter {
            let limit = self.lit(Literal::U32(n))?;
            let ok = self.compare(BinaryOp::Less, iter, limit)?;
            self.exit_unless(ok)?;
        }
        header(self, &extra_vals)?;
        self.lower_block(body, region.body_first, region.end)?;
        if !self.terminated {
            self.loc = loc;
            let mut next = latch(self, &extra_vals)?;
            if let Some((iter, _)) = counter {
                let one = self.lit(Literal::U32(1))?;
                let ty = self.vty(iter)?;
                next.push(self.emit(
                    Op::Binary {
                        op: BinaryOp::Add,
                        lhs: iter,
                        rhs: one,
                    },
                    ty,
                )?);
            }
            next.extend(self.values_of(&carried_locals)?);
            self.push(StmtKind::Continue(next))?;
        }
        self.live.pop();
        self.loops.pop();

        let mut result_vals = Vec::with_capacity(results.len());
        for &l in &results {
            let ty = self
                .vars
                .get(l)
                .copied()
                .flatten()
                .map(|v| self.vty(v))
                .transpose()?;
            let ty = ty.ok_or_else(|| {
                Failure::malformed(self.def.span, "a loop result without a value")
            })?;
            let name = self.local_name(l);
            result_vals.push(self.region_value(ty, ValueDef::LoopResult, name));
        }
        self.cur = parent;
        self.terminated = false;
        self.loc = loc;
        self.push(StmtKind::Loop(Box::new(luma_ir::Loop {
            carried,
            body: body_block,
            results: result_vals.clone(),
            control: loop_control(attrs),
        })))?;
        // Values defined in the body are not visible after the loop: every local the body
        // assigns is dead afterwards unless it is a result.
        for &l in &region.writes {
            if !self.is_mem(l) {
                if let Some(slot) = self.vars.get_mut(l) {
                    *slot = None;
                }
            }
        }
        for (l, v) in results.into_iter().zip(result_vals) {
            if let Some(slot) = self.vars.get_mut(l) {
                *slot = Some(v);
            }
        }
        Ok(())
    }

    /// A `bool` comparison of two scalars.
    pub fn compare(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> LResult<Handle<Value>> {
        let b = self.m.scalar_ty(Scalar::BOOL);
        self.emit(Op::Binary { op, lhs, rhs }, b)
    }

    /// A binary operation whose result has the type of `lhs`.
    pub fn arith(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> LResult<Handle<Value>> {
        let ty = self.vty(lhs)?;
        self.emit(Op::Binary { op, lhs, rhs }, ty)
    }

    /// Reinterprets a 32-bit integer scalar as `u32`.
    fn as_u32(&mut self, v: Handle<Value>) -> LResult<Handle<Value>> {
        if let Some(c) = self.as_constant(v) {
            if let Some(ConstantValue::Scalar(Literal::I32(k))) =
                self.m.module.constants.get(c).map(|c| c.value.clone())
            {
                return self.lit(Literal::U32(k as u32));
            }
        }
        let u = self.m.scalar_ty(Scalar::U32);
        self.emit(Op::Bitcast { value: v }, u)
    }

    /// The scalar literal behind a constant value, if any.
    pub fn literal_of(&self, v: Handle<Value>) -> Option<Literal> {
        let c = self.as_constant(v)?;
        match self.m.module.constants.get(c).map(|c| &c.value) {
            Some(ConstantValue::Scalar(l)) => Some(*l),
            _ => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn lower_for(
        &mut self,
        var: LocalId,
        [start, end]: [ExprId; 2],
        step: Option<ExprId>,
        body: &'a Block,
        attrs: LoopAttrs,
        span: Span,
        (k, info): (u32, StmtInfo),
    ) -> LResult<()> {
        let local = self.local_def(var)?;
        let name = local.name.clone();
        let ty = self.m.ty(local.ty, local.span)?;
        let Shape::Scalar(scalar) = self.m.shape(ty) else {
            return Err(Failure::malformed(
                span,
                "a `for` counter that is not a scalar",
            ));
        };
        let s = self.expr(start)?;
        let e = self.expr(end)?;
        let st = match step {
            Some(x) => self.expr(x)?,
            None => self.lit(match scalar.kind {
                ScalarKind::Sint => Literal::I32(1),
                _ => Literal::U32(1),
            })?,
        };
        // The loop reads only its body: the bounds are evaluated once, before it.
        let region = LoopRegion {
            writes: self.info.writes_in(k + 1, info.end),
            reads_from: k + 1,
            body_first: k + 1,
            end: info.end,
        };
        match scalar.kind {
            ScalarKind::Sint | ScalarKind::Uint => {
                let signed = scalar.kind == ScalarKind::Sint;
                let (enter, count) = self.for_prep(s, e, st, signed)?;
                self.lower_loop(
                    &region,
                    attrs,
                    vec![(s, Some(name)), (count, None), (enter, None)],
                    |cx, ex| {
                        let (Some(&i), Some(&go)) = (ex.first(), ex.get(2)) else {
                            return Err(Failure::malformed(span, "a lost `for` counter"));
                        };
                        cx.exit_unless(go)?;
                        cx.bind_local(var, i)
                    },
                    body,
                    |cx, ex| {
                        let (Some(&i), Some(&rem)) = (ex.first(), ex.get(1)) else {
                            return Err(Failure::malformed(span, "a lost `for` counter"));
                        };
                        let zero = cx.lit(Literal::U32(0))?;
                        let one = cx.lit(Literal::U32(1))?;
                        let go = cx.compare(BinaryOp::NotEqual, rem, zero)?;
                        let rem2 = cx.arith(BinaryOp::Subtract, rem, one)?;
                        let i2 = cx.arith(BinaryOp::Add, i, st)?;
                        Ok(vec![i2, rem2, go])
                    },
                )
            }
            _ => Err(Failure::malformed(
                span,
                "a `for` counter that is not an `int` or a `uint`",
            )),
        }
    }

    /// Whether an integer `for` runs at all, and its iteration count minus one (`u32`).
    fn for_prep(
        &mut self,
        s: Handle<Value>,
        e: Handle<Value>,
        st: Handle<Value>,
        signed: bool,
    ) -> LResult<(Handle<Value>, Handle<Value>)> {
        let step_const = match self.literal_of(st) {
            Some(Literal::I32(k)) => Some(i64::from(k)),
            Some(Literal::U32(k)) => Some(i64::from(k)),
            _ => None,
        };
        let (us, ue) = if signed {
            (self.as_u32(s)?, self.as_u32(e)?)
        } else {
            (s, e)
        };
        match step_const {
            Some(0) => Ok((self.lit(Literal::Bool(false))?, self.lit(Literal::U32(0))?)),
            Some(k) if k > 0 => {
                let enter = self.compare(BinaryOp::LessEqual, s, e)?;
                let diff = self.arith(BinaryOp::Subtract, ue, us)?;
                let count = if k == 1 {
                    diff
                } else {
                    let d = self.lit(Literal::U32(k as u32))?;
                    self.arith(BinaryOp::Divide, diff, d)?
                };
                Ok((enter, count))
            }
            Some(k) => {
                // k < 0: divide by |k| computed as -(k + 1) + 1 so that MIN does not overflow.
                let enter = self.compare(BinaryOp::GreaterEqual, s, e)?;
                let diff = self.arith(BinaryOp::Subtract, us, ue)?;
                let divisor = (-(k + 1)) as u32 + 1;
                let count = if divisor == 1 {
                    diff
                } else {
                    let d = self.lit(Literal::U32(divisor))?;
                    self.arith(BinaryOp::Divide, diff, d)?
                };
                Ok((enter, count))
            }
            None if !signed => {
                let zero = self.lit(Literal::U32(0))?;
                let nonzero = self.compare(BinaryOp::NotEqual, st, zero)?;
                let ordered = self.compare(BinaryOp::LessEqual, s, e)?;
                let enter = self.logical(BinaryOp::LogicalAnd, nonzero, ordered)?;
                let diff = self.arith(BinaryOp::Subtract, e, s)?;
                let count = self.arith(BinaryOp::Divide, diff, st)?;
                Ok((enter, count))
            }
            None => {
                let zero = self.lit(Literal::I32(0))?;
                let one = self.lit(Literal::I32(1))?;
                let uone = self.lit(Literal::U32(1))?;
                let pos = self.compare(BinaryOp::Greater, st, zero)?;
                let neg = self.compare(BinaryOp::Less, st, zero)?;
                let up_ok = self.compare(BinaryOp::LessEqual, s, e)?;
                let down_ok = self.compare(BinaryOp::GreaterEqual, s, e)?;
                let up = self.logical(BinaryOp::LogicalAnd, pos, up_ok)?;
                let down = self.logical(BinaryOp::LogicalAnd, neg, down_ok)?;
                let enter = self.logical(BinaryOp::LogicalOr, up, down)?;
                let ust = self.as_u32(st)?;
                let up_diff = self.arith(BinaryOp::Subtract, ue, us)?;
                let up_count = self.arith(BinaryOp::Divide, up_diff, ust)?;
                let st1 = self.arith(BinaryOp::Add, st, one)?;
                let ity = self.vty(st)?;
                let neg_st1 = self.emit(
                    Op::Unary {
                        op: UnaryOp::Negate,
                        arg: st1,
                    },
                    ity,
                )?;
                let neg_st1 = self.as_u32(neg_st1)?;
                let divisor = self.arith(BinaryOp::Add, neg_st1, uone)?;
                let down_diff = self.arith(BinaryOp::Subtract, us, ue)?;
                let down_count = self.arith(BinaryOp::Divide, down_diff, divisor)?;
                let uty = self.vty(up_count)?;
                let count = self.emit(
                    Op::Select {
                        condition: pos,
                        accept: up_count,
                        reject: down_count,
                    },
                    uty,
                )?;
                Ok((enter, count))
            }
        }
    }

    /// `LogicalAnd` / `LogicalOr` of two evaluated bools.
    pub fn logical(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
    ) -> LResult<Handle<Value>> {
        let ty = self.vty(lhs)?;
        self.emit(Op::Binary { op, lhs, rhs }, ty)
    }
}
