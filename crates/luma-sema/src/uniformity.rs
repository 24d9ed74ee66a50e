//! Uniformity (language.md "Uniformity"): barriers must stand in workgroup-uniform control
//! flow (an error otherwise); implicit-LOD sampling and derivatives in possibly non-uniform
//! control flow get a warning.
//!
//! A simple, conservative analysis over the typed program, in WGSL's spirit:
//! - Sources of non-uniform values: entry point inputs (except the compute builtins
//!   `workgroup_id` and `num_workgroups`), loads from `read_write` storage buffers and from
//!   workgroup memory, texture and atomic results, derivatives. Constants, specialization
//!   constants, uniform blocks, push constants and read-only storage buffers are uniform.
//! - A value is tagged with the set of those sources it may depend on: "non-uniform", or
//!   "depends on parameter i" inside ordinary functions, resolved at each call site.
//! - Control flow is non-uniform under a non-uniform `if`/`while`/`for` condition or bound
//!   (also in the arms of an if-expression and the right operand of `and` / `or`, which lower
//!   to branches when they do anything that matters here), after a `break` under one (for the
//!   rest of the loop) and after a `return` under one (for the rest of the function, and for
//!   the later iterations of every loop it leaves). An early `return` in a callee does not
//!   change its caller's control flow: invocations leave a call together (WGSL's rule).
//!   `discard` does not change uniformity either: HLSL, WGSL and MSL 2.3+ keep the invocation
//!   as a helper, and on SPIR-V and GLSL, where it ends, language.md 6.6 documents the gap.
//! - Locals are tracked in program order, as WGSL does: an assignment of a whole local replaces
//!   its tag (with the control flow's), one of a part (member, element, component) adds to it,
//!   the arms of an `if` are joined after it, and a loop's body starts from its entry state
//!   joined with every tag assigned anywhere in the loop (which is also the state after it),
//!   iterated until those stop growing. So `k = 0` after `k = lid` makes `k` uniform again,
//!   and a read before a non-uniform assignment is not affected by it. An entry point's struct
//!   parameter is one value, as in WGSL (whose compilers reject a barrier under its
//!   `workgroup_id` member when another member is `local_invocation_id`): it may differ between
//!   invocations when any member may.
//! - A function with a barrier (or an implicit-derivative operation) records which of its
//!   parameters must be uniform for it; each call checks those arguments and that the call
//!   itself stands in uniform control flow.
//! - An index into an array of textures, samplers or images that may differ between
//!   invocations is listed in its function's `non_uniform_indices`, and lowering marks the
//!   access so that every back end writes the target's non-uniform marker (Vulkan and
//!   Direct3D 12 leave an unmarked non-uniform access undefined). An index that depends on a
//!   parameter is listed when any call site may pass a non-uniform value there: the IR keeps
//!   one body per function, and marking a uniform index only costs speed, where leaving a
//!   non-uniform one unmarked gives wrong texels. After the callee-first walk that computes
//!   the summaries, a caller-first walk carries the call sites' argument tags into the callees'
//!   parameters. (No warning: the marker makes the access defined.)

use std::collections::BTreeMap;

use luma_base::{Diagnostic, Span};
use luma_thir::{
    Access, BinaryOp, Block, Builtin, BuiltinFn, EntryInput, ExprId, ExprKind, ForStmt, FuncId,
    GlobalKind, IfStmt, IoBinding, StmtKind, Ty, WhileStmt,
};

use crate::check::Checker;
use crate::codes;

/// Bit 0: non-uniform; bit i + 1: depends on parameter i.
type Tag = u64;
const NU: Tag = 1;

/// Passes over a function before its locals are all taken as possibly non-uniform.
const MAX_PASSES: u32 = 64;

fn param_bit(i: usize) -> Tag {
    if i < 63 {
        1 << (i + 1)
    } else {
        NU
    }
}

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Need {
    /// A barrier: control flow must be uniform (an error).
    Barrier,
    /// Implicit derivatives: control flow must be uniform (a warning).
    Derivative,
}

/// What callers must know about a function.
#[derive(Debug, Clone, Copy, Default)]
struct Summary {
    /// Tag of the returned value.
    ret: Tag,
    /// When the function has a barrier: the parameters whose non-uniformity would put it in
    /// non-uniform control flow (calls must also stand in uniform control flow), and the
    /// barrier (or the call leading to it).
    barrier: Option<(Tag, Span)>,
    /// The same for implicit-LOD sampling and derivatives.
    derivative: Option<(Tag, Span)>,
    /// The parameters that an index into an array of resources depends on, here or in a
    /// callee: only calls that pass something to those matter to the caller-first walk.
    index_params: Tag,
}

/// What the caller-first walk needs of one function: the tags of its indices into arrays of
/// resources and of the arguments of its calls, each the union over every pass of its walk.
#[derive(Debug, Default)]
struct Uses {
    /// Per index expression into an array of resources, its tag.
    indices: BTreeMap<ExprId, Tag>,
    /// Per call expression, the callee and the tags of its arguments.
    calls: BTreeMap<ExprId, (FuncId, Vec<Tag>)>,
}

/// A finding, reported once per span.
#[derive(Debug, Clone)]
struct Finding {
    need: Need,
    /// The barrier or sampling call itself.
    site: Span,
    /// What makes control flow non-uniform there, when known.
    reason: Option<Span>,
    /// What may run non-uniformly, as the message names it (`` `workgroup_barrier` ``, "the call
    /// of `f` (it contains a barrier)").
    what: String,
    /// For call sites: where the operation really is.
    origin: Option<Span>,
    /// For call sites in uniform control flow: the argument that the callee's operation needs
    /// uniform and that may not be (without it the call would look uniform to the reader).
    argument: Option<Span>,
    /// When only an earlier `return` under a non-uniform condition makes the site non-uniform
    /// (the site itself is outside the condition): that `return`.
    exit: Option<Span>,
}

struct Analysis<'p> {
    prog: &'p luma_thir::Program,
    /// The expressions of the function walked.
    exprs: &'p luma_thir::Exprs,
    summaries: &'p [Summary],
    /// The tag of each local at the point of the walk.
    locals: Vec<Tag>,
    /// Every change of `locals` as (local, previous tag), so that the arms of an `if` and the
    /// passes over a loop body start again from the state before them.
    trail: Vec<(u32, Tag)>,
    /// Per enclosing loop, innermost last: the (local, tag) assignments walked in its body.
    assigned: Vec<Vec<(u32, Tag)>>,
    /// Per loop (by its body's address), every tag assigned to each local in it, sorted by
    /// local: the loop's body starts from its entry state joined with these.
    loop_assigned: rustc_hash::FxHashMap<usize, Vec<(u32, Tag)>>,
    /// Past the pass limit: every read of a local gives this (every tag the function has).
    saturated: Option<Tag>,
    /// Control-flow tag and the span of what made it non-uniform.
    cf: Tag,
    reason: Option<Span>,
    /// Tag added to everything after a return under non-uniform control flow.
    after: Tag,
    after_reason: Option<Span>,
    /// The first such return, which the diagnostic points at.
    after_exit: Option<Span>,
    /// Per enclosing loop, innermost last: the tags of the control flow its breaks (and the
    /// returns in it) leave from, and what made the first non-uniform one so.
    breaks: Vec<(Tag, Option<Span>)>,
    summary: Summary,
    findings: BTreeMap<(u32, u32, Need), Finding>,
    changed: bool,
    depth: u32,
    max_depth: u32,
    /// Per loop (by its body's address), the `extra` tag and reason its last walk reached.
    loop_extra: rustc_hash::FxHashMap<usize, (Tag, Option<Span>)>,
    /// The argument tags of the calls being walked, innermost last.
    arg_tags: Vec<Tag>,
    uses: Uses,
}

/// The buffers of one function's walk, handed to the next function for their memory.
#[derive(Default)]
struct Scratch {
    locals: Vec<Tag>,
    breaks: Vec<(Tag, Option<Span>)>,
    loop_extra: rustc_hash::FxHashMap<usize, (Tag, Option<Span>)>,
    arg_tags: Vec<Tag>,
    trail: Vec<(u32, Tag)>,
    assigned: Vec<Vec<(u32, Tag)>>,
    loop_assigned: rustc_hash::FxHashMap<usize, Vec<(u32, Tag)>>,
}

impl<'a> Checker<'a> {
    /// Runs the analysis over a program without errors.
    pub fn uniformity(&mut self) {
        let order = self.callee_first_order();
        let mut summaries = vec![Summary::default(); self.funcs.len()];
        let mut all: BTreeMap<(u32, u32, Need), Finding> = BTreeMap::new();
        let max_depth = self.limits.typed_expression_depth();
        let mut scratch = Scratch::default();
        let mut uses: Vec<Uses> = std::iter::repeat_with(Uses::default)
            .take(self.funcs.len())
            .collect();
        let entries = self.prog.entry_point_by_function();
        for &f in &order {
            let fid = FuncId::from_index(f as u32);
            let Some(def) = self.prog.functions.get(fid) else {
                continue;
            };
            let entry = entries
                .get(f)
                .copied()
                .flatten()
                .and_then(|i| self.prog.entry_points.get(i));
            let Scratch {
                mut locals,
                mut breaks,
                mut loop_extra,
                mut arg_tags,
                mut trail,
                mut assigned,
                mut loop_assigned,
            } = std::mem::take(&mut scratch);
            locals.clear();
            locals.resize(def.locals.len(), 0);
            breaks.clear();
            loop_extra.clear();
            arg_tags.clear();
            trail.clear();
            assigned.clear();
            loop_assigned.clear();
            let mut a = Analysis {
                prog: &self.prog,
                exprs: &def.exprs,
                summaries: &summaries,
                locals,
                trail,
                assigned,
                loop_assigned,
                saturated: None,
                cf: 0,
                reason: None,
                after: 0,
                after_reason: None,
                after_exit: None,
                breaks,
                summary: Summary::default(),
                findings: BTreeMap::new(),
                changed: false,
                depth: 0,
                max_depth,
                loop_extra,
                arg_tags,
                uses: Uses::default(),
            };
            for (i, p) in def.params.iter().enumerate() {
                let tag = match entry.and_then(|e| e.inputs.get(i)) {
                    None => param_bit(i),
                    Some(EntryInput::Single(v)) => io_tag(v.binding),
                    Some(EntryInput::Struct { fields, .. }) => fields.iter().fold(0, |acc, f| {
                        acc | f.as_ref().map_or(0, |v| io_tag(v.binding))
                    }),
                };
                if let Some(slot) = a.locals.get_mut(p.index()) {
                    *slot = tag;
                }
            }
            // Each pass starts from the parameters' tags.
            let start = a.locals.clone();
            a.block(&def.body);
            // Loops may have raised local tags after their first pass; settle them. Each pass
            // may carry a tag only one assignment further back, so a long chain could need
            // more passes than we allow: past the limit every local and member takes every
            // tag the function can produce, and one last pass over that fixed point reports
            // what it must.
            let mut rounds = 0;
            while a.changed {
                if rounds == MAX_PASSES {
                    let top = (0..def.params.len()).fold(NU, |t, i| t | param_bit(i));
                    a.saturated = Some(top);
                }
                a.locals.clone_from(&start);
                a.trail.clear();
                a.assigned.clear();
                a.changed = false;
                a.cf = 0;
                a.reason = None;
                a.after = 0;
                a.after_reason = None;
                a.after_exit = None;
                a.block(&def.body);
                rounds += 1;
                if rounds > MAX_PASSES {
                    break;
                }
            }
            let summary = a.summary;
            let findings = std::mem::take(&mut a.findings);
            if let Some(u) = uses.get_mut(f) {
                *u = std::mem::take(&mut a.uses);
            }
            scratch = Scratch {
                locals: a.locals,
                breaks: a.breaks,
                loop_extra: a.loop_extra,
                arg_tags: a.arg_tags,
                trail: a.trail,
                assigned: a.assigned,
                loop_assigned: a.loop_assigned,
            };
            if let Some(s) = summaries.get_mut(f) {
                *s = summary;
            }
            all.extend(findings);
        }
        for (_, f) in all {
            let mut d = match f.need {
                Need::Barrier => Diagnostic::error(codes::E0609, f.site, format!("{} may run in non-uniform control flow", f.what))
                    .with_primary_label("not every invocation of the workgroup may reach this")
                    .with_note("barriers must be reached by all invocations of a workgroup together")
                    .with_help(if f.exit.is_some() {
                        // GLSL shaders often return early from the invocations past the data
                        // before a barrier (undefined behaviour there too): the fix keeps them
                        // running, which "move the barrier out of the condition" does not say.
                        "keep every invocation running to the barrier: instead of returning early, put the condition around the work the returning invocations must skip"
                    } else {
                        "move the barrier out of the condition, or make the condition uniform (from uniforms, push constants, constants, `workgroup_id` as a parameter of its own, or buffers no compiled entry point writes)"
                    }),
                Need::Derivative => {
                    let derivative = ["`dfdx`", "`dfdy`", "`fwidth`"].contains(&f.what.as_str());
                    Diagnostic::warning(codes::W0202, f.site, format!("{} may run in non-uniform control flow", f.what))
                        .with_primary_label(if derivative {
                            "derivatives here are undefined if neighbouring invocations diverge"
                        } else {
                            "implicit derivatives here are undefined if neighbouring invocations diverge"
                        })
                        .with_help(if derivative {
                            "take the derivative before the condition, where every invocation computes it"
                        } else {
                            "sample before the condition, or use `sample_level` / `sample_grad` with explicit derivatives"
                        })
                }
            };
            if let Some(r) = f.reason {
                d = d.with_label(r, "this may differ between invocations");
            } else if let Some(a) = f.argument {
                d = d.with_label(
                    a,
                    "this argument may differ between invocations, and the callee's control flow depends on it",
                );
            }
            if let Some(o) = f.origin {
                d = d.with_label(o, "the operation is here");
            }
            if let (Need::Barrier, Some(e)) = (f.need, f.exit) {
                d = d.with_label(e, "invocations that return here never reach the barrier");
            }
            self.emit(d);
        }
        self.mark_non_uniform_indices(&order, &uses);
    }

    /// Lists the non-uniform indices into arrays of resources of every function, walking
    /// callers before callees so that each function knows which of its parameters some call
    /// may pass a non-uniform value to.
    fn mark_non_uniform_indices(&mut self, order: &[usize], uses: &[Uses]) {
        // Per function, the parameter bits (and `NU`) that may be non-uniform.
        let mut params: Vec<Tag> = vec![NU; self.funcs.len()];
        for &f in order.iter().rev() {
            let Some(u) = uses.get(f) else { continue };
            let here = params.get(f).copied().unwrap_or(NU);
            for (callee, args) in u.calls.values() {
                let passed = args
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| **t & here != 0)
                    .fold(NU, |acc, (i, _)| acc | param_bit(i));
                if let Some(slot) = params.get_mut(callee.index()) {
                    *slot |= passed;
                }
            }
            let marked: Vec<ExprId> = u
                .indices
                .iter()
                .filter(|(_, t)| **t & here != 0)
                .map(|(e, _)| *e)
                .collect();
            let fid = FuncId::from_index(f as u32);
            if let Some(def) = self.prog.functions.get_mut(fid) {
                def.non_uniform_indices = marked;
            }
        }
    }

    /// Function indices with every callee before its callers (the graph is acyclic here).
    fn callee_first_order(&self) -> Vec<usize> {
        let n = self.funcs.len();
        let mut mark = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for root in 0..n {
            if mark.get(root).copied().unwrap_or(true) {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            if let Some(m) = mark.get_mut(root) {
                *m = true;
            }
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let callee = self
                    .funcs
                    .get(node)
                    .and_then(|f| f.facts.calls.get(*next))
                    .map(|(c, _)| c.index());
                *next += 1;
                match callee {
                    Some(c) => {
                        if !mark.get(c).copied().unwrap_or(true) {
                            if let Some(m) = mark.get_mut(c) {
                                *m = true;
                            }
                            stack.push((c, 0));
                        }
                    }
                    None => {
                        order.push(node);
                        stack.pop();
                    }
                }
            }
        }
        order
    }
}

/// Records, in a loop's break entry, a way out of the loop under control flow `t`.
fn leave(entry: &mut (Tag, Option<Span>), t: Tag, reason: Option<Span>) {
    entry.0 |= t;
    if t & NU != 0 && entry.1.is_none() {
        entry.1 = reason;
    }
}

fn io_tag(b: IoBinding) -> Tag {
    match b {
        IoBinding::Builtin(Builtin::WorkgroupId | Builtin::NumWorkgroups) => 0,
        _ => NU,
    }
}

impl Analysis<'_> {
    fn cf_now(&self) -> Tag {
        self.cf | self.after
    }

    fn reason_now(&self) -> Option<Span> {
        self.reason.or(self.after_reason)
    }

    /// An assignment of `tag` to local `l`: the whole local (`whole`) or a part of it.
    fn assign_local(&mut self, l: usize, tag: Tag, whole: bool) {
        let Some(&old) = self.locals.get(l) else {
            return;
        };
        self.set_local(l, if whole { tag } else { old | tag });
        // A uniform value adds nothing to the state a loop's body starts from.
        if tag != 0 {
            if let Some(pending) = self.assigned.last_mut() {
                pending.push((l as u32, tag));
            }
        }
    }

    /// Sets local `l`'s tag at this point of the walk, on the trail.
    fn set_local(&mut self, l: usize, tag: Tag) {
        if let Some(slot) = self.locals.get_mut(l) {
            if *slot != tag {
                self.trail.push((l as u32, *slot));
                *slot = tag;
            }
        }
    }

    /// Takes the local tags back to what they were when the trail was `mark` long.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some((l, old)) = self.trail.pop() else {
                break;
            };
            if let Some(slot) = self.locals.get_mut(l as usize) {
                *slot = old;
            }
        }
    }

    /// The locals changed since the trail was `mark` long, with their tags now.
    fn changes_since(&self, mark: usize) -> Vec<(u32, Tag)> {
        let mut out: Vec<(u32, Tag)> = self
            .trail
            .get(mark..)
            .unwrap_or_default()
            .iter()
            .map(|&(l, _)| (l, self.locals.get(l as usize).copied().unwrap_or(NU)))
            .collect();
        out.sort_unstable_by_key(|&(l, _)| l);
        out.dedup_by_key(|&mut (l, _)| l);
        out
    }

    /// Joins (ors) the tags a loop's body assigns into the loop's state at `key`.
    fn loop_head(&mut self, key: usize) {
        let Some(list) = self.loop_assigned.get(&key) else {
            return;
        };
        let joined: Vec<(usize, Tag)> = list
            .iter()
            .filter_map(|&(l, t)| {
                let now = self.locals.get(l as usize).copied()?;
                (now | t != now).then_some((l as usize, now | t))
            })
            .collect();
        for (l, t) in joined {
            self.set_local(l, t);
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Let { local, value } => {
                    let t = self.expr(*value) | self.cf_now();
                    self.assign_local(local.index(), t, true);
                }
                StmtKind::Assign { target, op, value } => {
                    let v = self.expr(*value);
                    let whole = matches!(
                        self.exprs.get(*target).map(|x| &x.kind),
                        Some(ExprKind::Local(_))
                    );
                    let (root, idx) = self.place(*target);
                    if let Some(l) = root {
                        let t = v | idx | self.cf_now();
                        // A compound assignment reads the old value: `place` read nothing.
                        let old = if whole && op.is_some() {
                            self.expr(*target)
                        } else {
                            0
                        };
                        self.assign_local(l, t | old, whole);
                    }
                }
                StmtKind::Expr(e) => {
                    self.expr(*e);
                }
                StmtKind::If(_) => {
                    // An `elseif` chain is a nest of `If`s; walk it iteratively. Each arm runs
                    // under the conditions of all the arms before it.
                    // Each arm starts from the state before the `if` (conditions assign
                    // nothing); after it, each local has the join of its tags at the end of
                    // every arm, the missing `else` being an arm that changes nothing.
                    let saved = (self.cf, self.reason);
                    let mark = self.trail.len();
                    let mut arms: u32 = 0;
                    let mut has_else = false;
                    // Per local an arm changed: the join of its tags there, and in how many.
                    let mut joined: BTreeMap<u32, (Tag, u32)> = BTreeMap::new();
                    let mut node = s;
                    while let StmtKind::If(i) = &node.kind {
                        let IfStmt {
                            cond,
                            then_block,
                            else_block,
                        } = &**i;
                        let c = self.expr(*cond);
                        if c != 0 {
                            self.cf |= c;
                            if c & NU != 0 && self.reason.is_none() {
                                self.reason = Some(self.span(*cond));
                            }
                        }
                        self.arm(then_block, mark, &mut joined);
                        arms += 1;
                        match else_block {
                            Some(e) => match e.stmts.as_slice() {
                                [only] if matches!(only.kind, StmtKind::If(_)) => node = only,
                                _ => {
                                    self.arm(e, mark, &mut joined);
                                    arms += 1;
                                    has_else = true;
                                    break;
                                }
                            },
                            None => break,
                        }
                    }
                    (self.cf, self.reason) = saved;
                    for (l, (t, n)) in joined {
                        let before = self.locals.get(l as usize).copied().unwrap_or(NU);
                        let keep = if has_else && n == arms { 0 } else { before };
                        self.set_local(l as usize, t | keep);
                    }
                }
                StmtKind::For(f) => {
                    let ForStmt {
                        var,
                        start,
                        end,
                        step,
                        body,
                        ..
                    } = &**f;
                    let mut t = self.expr(*start) | self.expr(*end);
                    if let Some(st) = step {
                        t |= self.expr(*st);
                    }
                    let reason = self.span(*end);
                    self.assign_local(var.index(), t | self.cf_now(), true);
                    self.looped(t, reason, body, None);
                }
                StmtKind::While(w) => {
                    let WhileStmt { cond, body, .. } = &**w;
                    let c = self.expr(*cond);
                    let reason = self.span(*cond);
                    self.looped(c, reason, body, Some(*cond));
                }
                StmtKind::Block(b) => self.block(b),
                StmtKind::Break => {
                    let (t, r) = (self.cf_now(), self.reason_now());
                    if let Some(top) = self.breaks.last_mut() {
                        leave(top, t, r);
                    }
                }
                StmtKind::Return(v) => {
                    let t = match v {
                        Some(e) => self.expr(*e),
                        None => 0,
                    };
                    self.summary.ret |= t | self.cf_now();
                    let now = self.cf_now();
                    if now != 0 {
                        let r = self.reason_now().or(Some(s.span));
                        self.after |= now;
                        if self.after_reason.is_none() {
                            self.after_reason = r;
                        }
                        if self.after_exit.is_none() {
                            self.after_exit = Some(s.span);
                        }
                        // A return leaves every enclosing loop: the invocations that stay
                        // run their next iterations without it.
                        for top in &mut self.breaks {
                            leave(top, now, r);
                        }
                    }
                }
                StmtKind::Discard => {}
            }
        }
    }

    /// One arm of an `if`: walks it, joins the locals it changed into `joined` and takes the
    /// locals back to the state before the `if` (trail length `mark`).
    fn arm(&mut self, b: &Block, mark: usize, joined: &mut BTreeMap<u32, (Tag, u32)>) {
        self.block(b);
        for (l, t) in self.changes_since(mark) {
            let slot = joined.entry(l).or_insert((0, 0));
            slot.0 |= t;
            slot.1 += 1;
        }
        self.undo_to(mark);
    }

    /// A loop body under `t` (its condition or bounds), iterated until breaks settle.
    ///
    /// Each loop starts from what its previous walk found (`loop_extra`): tags only grow, so
    /// that is still below the fixed point. Starting every walk from nothing made a loop nested
    /// `d` deep walk its body up to 4^d times (a 13 KB fuzz input took 54 s).
    fn looped(&mut self, t: Tag, reason: Span, body: &Block, cond: Option<ExprId>) {
        let saved = (self.cf, self.reason);
        // The body's address identifies the loop: the program does not change while the
        // analysis runs.
        let key = std::ptr::from_ref(body) as usize;
        // `extra`: what the loop's breaks and condition add to its control flow; its reason is
        // what made it non-uniform, the condition or a break (or return) condition.
        let (mut extra, mut extra_reason) = self.loop_extra.get(&key).copied().unwrap_or((0, None));
        // Locals: each pass starts from the state at the loop's entry joined with what the
        // body assigned in earlier passes (also from earlier walks of the loop: tags only
        // grow), which is also the state after the loop, whichever way it is left.
        let mark = self.trail.len();
        let mut settled = false;
        for _ in 0..4 {
            self.undo_to(mark);
            self.loop_head(key);
            self.assigned.push(Vec::new());
            self.cf = saved.0 | t | extra;
            if self.reason.is_none() {
                if t & NU != 0 {
                    self.reason = Some(reason);
                } else if extra & NU != 0 {
                    self.reason = extra_reason.or(Some(reason));
                }
            }
            self.breaks.push((0, None));
            self.block(body);
            let (b, b_reason) = self.breaks.pop().unwrap_or((0, None));
            if let Some(c) = cond {
                // The condition is evaluated again with locals the body may have changed.
                let ct = self.expr(c);
                if ct & NU != 0 && extra_reason.is_none() {
                    extra_reason = Some(reason);
                }
                extra |= ct;
            }
            let pending = self.assigned.pop().unwrap_or_default();
            let grew = self.record_assigned(key, pending);
            if b | extra == extra && !grew {
                settled = true;
                break;
            }
            if b & NU != 0 && extra_reason.is_none() {
                extra_reason = b_reason;
            }
            extra |= b;
        }
        if !settled {
            // Another pass over the function goes on from what this one reached.
            self.changed = true;
        }
        self.loop_extra.insert(key, (extra, extra_reason));
        (self.cf, self.reason) = saved;
        self.undo_to(mark);
        self.loop_head(key);
        // The loop's assignments are assignments in the loops around it too.
        if let (Some(outer), Some(list)) = (self.assigned.last_mut(), self.loop_assigned.get(&key))
        {
            outer.extend_from_slice(list);
        }
    }

    /// Adds a pass's assignments to loop `key`'s list (sorted by local, one entry each);
    /// whether a tag grew.
    fn record_assigned(&mut self, key: usize, mut pending: Vec<(u32, Tag)>) -> bool {
        if pending.is_empty() {
            return false;
        }
        pending.sort_unstable_by_key(|&(l, _)| l);
        let old = self.loop_assigned.remove(&key).unwrap_or_default();
        let mut merged: Vec<(u32, Tag)> = Vec::with_capacity(old.len().max(pending.len()));
        let mut grew = false;
        let mut old = old.into_iter().peekable();
        for (l, t) in pending {
            while let Some(&(ol, ot)) = old.peek() {
                if ol >= l {
                    break;
                }
                merged.push((ol, ot));
                old.next();
            }
            match merged.last_mut() {
                Some(last) if last.0 == l => {
                    if last.1 | t != last.1 {
                        last.1 |= t;
                        grew = true;
                    }
                }
                _ => {
                    if let Some(&(ol, ot)) = old.peek().filter(|&&(ol, _)| ol == l) {
                        old.next();
                        merged.push((ol, ot | t));
                        grew |= ot | t != ot;
                    } else {
                        merged.push((l, t));
                        grew = true;
                    }
                }
            }
        }
        merged.extend(old);
        self.loop_assigned.insert(key, merged);
        grew
    }

    /// Runs `f` in control flow that is also under a condition of tag `c` (at `span`), as in
    /// a branch: the arms of an if-expression and the right operand of `and` / `or`.
    fn under(&mut self, c: Tag, span: Span, f: impl FnOnce(&mut Self) -> Tag) -> Tag {
        let saved = (self.cf, self.reason);
        self.cf |= c;
        if c & NU != 0 && self.reason.is_none() {
            self.reason = Some(span);
        }
        let t = f(self);
        (self.cf, self.reason) = saved;
        t
    }

    fn span(&self, e: ExprId) -> Span {
        self.exprs.get(e).map_or(Span::default(), |x| x.span)
    }

    /// The root local of a place and the tags of the indices along it.
    fn place(&mut self, e: ExprId) -> (Option<usize>, Tag) {
        let mut cur = e;
        let mut idx = 0;
        loop {
            let Some(ex) = self.exprs.get(cur) else {
                return (None, idx);
            };
            match &ex.kind {
                ExprKind::Local(l) => return (Some(l.index()), idx),
                ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => cur = *base,
                ExprKind::Index { base, index } => {
                    idx |= self.expr(*index);
                    cur = *base;
                }
                _ => return (None, idx),
            }
        }
    }

    /// Records a barrier (`error`) or derivative use at `site` needing uniformity `req`;
    /// `what` names it, and is only called when there is something to report.
    fn record(
        &mut self,
        need: Need,
        req: Tag,
        site: Span,
        what: impl FnOnce() -> String,
        origin: Option<Span>,
        argument: Option<Span>,
    ) {
        if req & NU != 0 {
            // Uniform control flow but for an earlier return: the reader looks for a condition
            // around the site and finds none, so the diagnostic names the return.
            let exit = if self.cf & NU == 0 && self.after & NU != 0 {
                self.after_exit
            } else {
                None
            };
            let f = Finding {
                need,
                site,
                reason: self.reason_now(),
                what: what(),
                origin,
                argument,
                exit,
            };
            self.findings.entry((site.lo, site.hi, need)).or_insert(f);
        }
        // Every barrier or derivative use goes into the summary, even one that needs no
        // parameter to be uniform: a call of this function must itself stand in uniform
        // control flow, which each call site checks against its own.
        let params = req & !NU;
        let slot = match need {
            Need::Barrier => &mut self.summary.barrier,
            Need::Derivative => &mut self.summary.derivative,
        };
        match slot {
            Some((t, _)) => *t |= params,
            None => *slot = Some((params, origin.unwrap_or(site))),
        }
    }

    /// Whether `base` is a global array of textures, samplers or storage images.
    fn is_resource_array(&self, base: ExprId) -> bool {
        let Some(ex) = self.exprs.get(base) else {
            return false;
        };
        if !matches!(ex.kind, ExprKind::Global(_)) {
            return false;
        }
        let Ty::Array { element, .. } = self.prog.types.get(ex.ty) else {
            return false;
        };
        matches!(
            self.prog.types.get(element),
            Ty::Texture(_) | Ty::Sampler { .. } | Ty::CombinedSampler(_) | Ty::StorageImage(_)
        )
    }

    fn expr(&mut self, e: ExprId) -> Tag {
        if self.depth > self.max_depth {
            return NU;
        }
        self.depth += 1;
        let t = luma_base::stack::grow(self.depth, || self.expr_inner(e));
        self.depth -= 1;
        t
    }

    fn expr_inner(&mut self, e: ExprId) -> Tag {
        let Some(ex) = self.exprs.get(e) else {
            return NU;
        };
        match &ex.kind {
            ExprKind::Const(_) | ExprKind::SpecConst(_) | ExprKind::Error => 0,
            ExprKind::Local(l) => match self.saturated {
                Some(top) => top,
                None => self.locals.get(l.index()).copied().unwrap_or(NU),
            },
            ExprKind::Global(g) => match self.prog.globals.get(*g).map(|d| d.kind) {
                Some(GlobalKind::StorageBuffer {
                    access: Access::ReadWrite,
                    ..
                })
                | Some(GlobalKind::Workgroup) => NU,
                _ => 0,
            },
            ExprKind::Unary { operand, .. } => self.expr(*operand),
            ExprKind::Binary {
                op: BinaryOp::And | BinaryOp::Or,
                lhs,
                rhs,
            } => {
                // Short-circuit: the right operand runs only where the left one says so.
                let l = self.expr(*lhs);
                let span = self.span(*lhs);
                l | self.under(l, span, |a| a.expr(*rhs))
            }
            ExprKind::Binary { lhs, rhs, .. } => self.expr(*lhs) | self.expr(*rhs),
            ExprKind::Construct { args } => self
                .exprs
                .list(*args)
                .iter()
                .fold(0, |acc, a| acc | self.expr(*a)),
            ExprKind::Splat { value }
            | ExprKind::Convert { value }
            | ExprKind::Bitcast { value } => self.expr(*value),
            ExprKind::Field { base, .. } => self.expr(*base),
            ExprKind::Swizzle { base, .. } => self.expr(*base),
            ExprKind::Index { base, index } => {
                let b = self.expr(*base);
                let i = self.expr(*index);
                if i != 0 && self.is_resource_array(*base) {
                    *self.uses.indices.entry(e).or_insert(0) |= i;
                    self.summary.index_params |= i & !NU;
                }
                b | i
            }
            ExprKind::ArrayLength { .. } => 0,
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => {
                // Arms that are not pure (calls, sampling, derivatives) become a branch.
                let c = self.expr(*cond);
                let span = self.span(*cond);
                c | self.under(c, span, |a| a.expr(*accept) | a.expr(*reject))
            }
            ExprKind::Call { function, args } => {
                // The argument tags go on a stack shared by all calls (nested calls in the
                // arguments push and pop above this call's), not a vector per call.
                let base = self.arg_tags.len();
                for a in self.exprs.list(*args) {
                    let t = self.expr(*a);
                    self.arg_tags.push(t);
                }
                let tags = std::mem::take(&mut self.arg_tags);
                let sum = self
                    .summaries
                    .get(function.index())
                    .copied()
                    .unwrap_or_default();
                let map = |t: Tag| -> Tag {
                    let mut out = t & NU;
                    for (i, at) in tags.get(base..).unwrap_or_default().iter().enumerate() {
                        if t & param_bit(i) != 0 {
                            out |= at;
                        }
                    }
                    out
                };
                let name = || {
                    self.prog
                        .functions
                        .get(*function)
                        .map_or("", |f| f.name.as_str())
                };
                // The first argument that the callee needs uniform and that may not be.
                let argument = |t: Tag| -> Option<Span> {
                    let list = self.exprs.list(*args);
                    list.iter().enumerate().find_map(|(i, a)| {
                        let at = tags.get(base + i).copied().unwrap_or(0);
                        (t & param_bit(i) & !NU != 0 && at & NU != 0).then(|| self.span(*a))
                    })
                };
                let barrier_arg = sum.barrier.and_then(|(t, _)| argument(t));
                let derivative_arg = sum.derivative.and_then(|(t, _)| argument(t));
                // Only calls of functions whose resource indices depend on their parameters
                // are kept, so that the walk's memory grows with those, not with every call.
                let passed = tags
                    .get(base..)
                    .filter(|_| sum.index_params != 0)
                    .filter(|now| now.iter().any(|t| *t != 0));
                self.summary.index_params |= map(sum.index_params) & !NU;
                if let Some(now) = passed {
                    let (_, seen) = self
                        .uses
                        .calls
                        .entry(e)
                        .or_insert_with(|| (*function, Vec::new()));
                    if seen.len() < now.len() {
                        seen.resize(now.len(), 0);
                    }
                    for (s, t) in seen.iter_mut().zip(now) {
                        *s |= t;
                    }
                }
                if let Some((t, origin)) = sum.barrier {
                    let req = map(t) | self.cf_now();
                    let arg = barrier_arg;
                    self.record(
                        Need::Barrier,
                        req,
                        ex.span,
                        || format!("the call of `{}` (it contains a barrier)", name()),
                        Some(origin),
                        arg,
                    );
                }
                if let Some((t, origin)) = sum.derivative {
                    let req = map(t) | self.cf_now();
                    let arg = derivative_arg;
                    self.record(
                        Need::Derivative,
                        req,
                        ex.span,
                        || format!("the call of `{}` (it uses implicit derivatives)", name()),
                        Some(origin),
                        arg,
                    );
                }
                let ret = map(sum.ret);
                self.arg_tags = tags;
                self.arg_tags.truncate(base);
                ret
            }
            ExprKind::Builtin { fun, args } => {
                let all = self
                    .exprs
                    .list(*args)
                    .iter()
                    .fold(0, |acc, a| acc | self.expr(*a));
                // Looked up only when there is something to report.
                let name = || crate::builtins::name_of(*fun);
                match fun {
                    BuiltinFn::WorkgroupBarrier | BuiltinFn::StorageBarrier => {
                        let req = self.cf_now();
                        self.record(
                            Need::Barrier,
                            req,
                            ex.span,
                            || format!("`{}`", name()),
                            None,
                            None,
                        );
                        0
                    }
                    f if f.is_derivative()
                        || matches!(
                            f,
                            BuiltinFn::Sample | BuiltinFn::SampleBias | BuiltinFn::SampleCompare
                        ) =>
                    {
                        let req = self.cf_now();
                        self.record(
                            Need::Derivative,
                            req,
                            ex.span,
                            || format!("`{}`", name()),
                            None,
                            None,
                        );
                        NU
                    }
                    BuiltinFn::SampleLevel
                    | BuiltinFn::SampleGrad
                    | BuiltinFn::SampleCompareLevel
                    | BuiltinFn::TextureGather
                    | BuiltinFn::TextureGatherCompare
                    | BuiltinFn::TexelFetch
                    | BuiltinFn::ImageLoad
                    | BuiltinFn::AtomicLoad
                    | BuiltinFn::AtomicStore
                    | BuiltinFn::AtomicAdd
                    | BuiltinFn::AtomicSub
                    | BuiltinFn::AtomicMin
                    | BuiltinFn::AtomicMax
                    | BuiltinFn::AtomicAnd
                    | BuiltinFn::AtomicOr
                    | BuiltinFn::AtomicXor
                    | BuiltinFn::AtomicExchange
                    | BuiltinFn::AtomicCompareExchange => NU,
                    _ => all,
                }
            }
        }
    }
}
