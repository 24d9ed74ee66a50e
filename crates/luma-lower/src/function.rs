//! Per-function lowering state and the two drivers: ordinary functions, and entry functions
//! whose parameters and results are the flattened stage inputs and outputs.

use std::collections::BTreeMap;

use luma_base::{Arena, Handle, Span};
use luma_ir::{
    AddressSpace, Block, Constant, EntryPoint, Function, FunctionParam, FunctionResult,
    GlobalVariable, IoBinding, LocalVariable, Op, ShaderStage, SourceLoc, Stmt, StmtKind, Type,
    Value, ValueDef, ValueNames,
};
use luma_thir::{
    self as thir, EntryInput, EntryPointDef, Exprs, FuncId, FunctionDef, LocalId, Program,
};

use crate::analysis::FnInfo;
use crate::context::{GlobalSlot, ModuleCtx};
use crate::error::{Failure, LResult};

/// What liveness queries see while lowering nested code. Positions are statement numbers of
/// the function's [`FnInfo`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum LiveFrame {
    /// Lowering a statement of a block: the statements after it are `after..end`.
    Block {
        /// The first statement after the one being lowered (and after everything in it).
        after: u32,
        /// One past the block's last statement.
        end: u32,
    },
    /// Inside a loop: everything the loop reads (statements `start..end`) may be read again by
    /// a later iteration.
    Loop {
        /// The first statement of the loop's reads.
        start: u32,
        /// One past the loop's last statement.
        end: u32,
    },
}

/// How `return` leaves the function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReturnMode {
    /// An ordinary function: `Return([])` or `Return([value])`.
    Plain,
    /// An entry function: the returned struct is split into one result per member.
    Entry {
        /// Number of outputs.
        outputs: usize,
    },
}

/// A loop being lowered.
pub(crate) struct LoopFrame {
    /// The locals whose values `break` passes out (the loop's results).
    pub results: Vec<usize>,
}

/// The state of one function being lowered.
pub(crate) struct FnCtx<'m, 'p, 'a> {
    /// The module.
    pub m: &'m mut ModuleCtx<'p>,
    /// The typed program.
    pub prog: &'a Program,
    /// The function being lowered (its signature and locals; its body may have been taken out,
    /// see `body` and `exprs`).
    pub def: &'a FunctionDef,
    /// The body being lowered. It has a lifetime of its own, shorter than the module's, so that
    /// a body can be freed as soon as it is lowered.
    pub body: &'a thir::Block,
    /// The expressions of the body.
    pub exprs: &'a Exprs,
    /// The locals of the function.
    pub locals: &'a Arena<thir::LocalDef>,
    /// What the pre-pass learned about it.
    pub info: &'m FnInfo,
    /// The IR function being built.
    pub func: Function,
    /// The block statements go to.
    pub cur: Handle<Block>,
    /// Whether the current block already ended in a terminator.
    pub terminated: bool,
    /// Current SSA value of each local (by local index); `None` before its `let`, for memory
    /// locals, and after a region where it was assigned but is dead.
    pub vars: Vec<Option<Handle<Value>>>,
    /// Pointer to the function-memory variable of each local that lives in memory.
    pub mem: Vec<Option<Handle<Value>>>,
    /// Constant values already made in this function, by constant index (the module's
    /// table, lent for the function: see [`ModuleCtx::const_vals`]).
    const_vals: Vec<Option<Handle<Value>>>,
    /// The constants with an entry in `const_vals`, to clear them when the function ends.
    const_used: Vec<Handle<Constant>>,
    /// Global pointer values already made in this function.
    global_vals: BTreeMap<Handle<GlobalVariable>, Handle<Value>>,
    /// Enclosing loops, innermost last.
    pub loops: Vec<LoopFrame>,
    /// Liveness context, innermost last.
    pub live: Vec<LiveFrame>,
    /// How `return` works here.
    pub ret: ReturnMode,
    /// Debug location of the statement being lowered.
    pub loc: Option<SourceLoc>,
    /// Current expression nesting.
    pub expr_depth: u32,
    /// Current block nesting.
    pub block_depth: u32,
}

impl<'m, 'p, 'a> FnCtx<'m, 'p, 'a> {
    fn new(
        m: &'m mut ModuleCtx<'p>,
        def: &'a FunctionDef,
        body: FnBody<'a>,
        info: &'m FnInfo,
        name: String,
        ret: ReturnMode,
    ) -> Self
    where
        'p: 'a,
    {
        let prog = m.program;
        let mut blocks = Arena::new();
        let entry_block = blocks.append(Block::default());
        let n = body.locals.len();
        let const_vals = std::mem::take(&mut m.const_vals);
        FnCtx {
            m,
            prog,
            def,
            body: body.block,
            exprs: body.exprs,
            locals: body.locals,
            info,
            func: Function {
                name,
                params: Vec::new(),
                results: Vec::new(),
                values: Arena::new(),
                locals: Arena::new(),
                blocks,
                body: entry_block,
                names: ValueNames::new(),
            },
            cur: entry_block,
            terminated: false,
            vars: vec![None; n],
            mem: vec![None; n],
            const_vals,
            const_used: Vec::new(),
            global_vals: BTreeMap::new(),
            loops: Vec::new(),
            live: Vec::new(),
            ret,
            loc: None,
            expr_depth: 0,
            block_depth: 0,
        }
    }

    // -- building blocks ------------------------------------------------------------------------

    /// A new empty block.
    pub fn new_block(&mut self) -> Handle<Block> {
        self.func.blocks.append(Block::default())
    }

    /// Appends a statement to the current block.
    pub fn push(&mut self, kind: StmtKind) -> LResult<()> {
        if self.terminated {
            return Err(Failure::malformed(
                Span::default(),
                "lowering emitted code after a terminator",
            ));
        }
        let terminator = kind.is_terminator();
        let loc = self.loc;
        let block = self
            .func
            .blocks
            .get_mut(self.cur)
            .ok_or_else(|| Failure::malformed(Span::default(), "a lost block"))?;
        block.stmts.push(Stmt { kind, loc });
        if terminator {
            self.terminated = true;
        }
        Ok(())
    }

    /// Computes `op` here, as a new value of type `ty`.
    pub fn emit(&mut self, op: Op, ty: Handle<Type>) -> LResult<Handle<Value>> {
        let v = self.func.values.append(Value {
            ty,
            def: ValueDef::Op(op),
            name: None,
        });
        self.push(StmtKind::Value(v))?;
        Ok(v)
    }

    /// A value without placement (region results, loop-carried values).
    pub fn region_value(
        &mut self,
        ty: Handle<Type>,
        def: ValueDef,
        name: Option<String>,
    ) -> Handle<Value> {
        let name = name.and_then(|n| self.func.add_name(&n));
        self.func.values.append(Value { ty, def, name })
    }

    /// The type of a value.
    pub fn vty(&self, v: Handle<Value>) -> LResult<Handle<Type>> {
        self.func
            .values
            .get(v)
            .map(|v| v.ty)
            .ok_or_else(|| Failure::malformed(Span::default(), "a lost value"))
    }

    /// The value of a module constant.
    pub fn const_val(&mut self, c: Handle<Constant>) -> LResult<Handle<Value>> {
        if let Some(&Some(v)) = self.const_vals.get(c.index()) {
            return Ok(v);
        }
        let ty = self
            .m
            .module
            .constants
            .get(c)
            .map(|c| c.ty)
            .ok_or_else(|| Failure::malformed(Span::default(), "a lost constant"))?;
        let v = self.func.values.append(Value {
            ty,
            def: ValueDef::Constant(c),
            name: None,
        });
        if self.const_vals.len() <= c.index() {
            self.const_vals
                .resize(self.m.module.constants.len().max(c.index() + 1), None);
        }
        if let Some(slot) = self.const_vals.get_mut(c.index()) {
            *slot = Some(v);
            self.const_used.push(c);
        }
        Ok(v)
    }

    /// The value of a scalar literal.
    pub fn lit(&mut self, l: luma_ir::Literal) -> LResult<Handle<Value>> {
        let c = self.m.scalar_const(l);
        self.const_val(c)
    }

    /// The constant behind a value, if it is one whose value is known now. Specialization
    /// constants are not: the pipeline may replace their default, so nothing may fold them.
    pub fn as_constant(&self, v: Handle<Value>) -> Option<Handle<Constant>> {
        match self.func.values.get(v).map(|v| &v.def) {
            Some(ValueDef::Constant(c))
                if self
                    .m
                    .module
                    .constants
                    .get(*c)
                    .is_some_and(|k| k.spec_id.is_none()) =>
            {
                Some(*c)
            }
            _ => None,
        }
    }

    /// The pointer value of an IR global.
    pub fn global_ptr(&mut self, g: Handle<GlobalVariable>) -> LResult<Handle<Value>> {
        if let Some(&v) = self.global_vals.get(&g) {
            return Ok(v);
        }
        let (ty, space) = self
            .m
            .module
            .globals
            .get(g)
            .map(|g| (g.ty, g.space))
            .ok_or_else(|| Failure::malformed(Span::default(), "a lost global"))?;
        let pty = self.m.pointer_ty(ty, space);
        let v = self.func.values.append(Value {
            ty: pty,
            def: ValueDef::GlobalPointer(g),
            name: None,
        });
        self.global_vals.insert(g, v);
        Ok(v)
    }

    /// The IR global(s) of a typed-program global.
    pub fn global_slot(&self, g: thir::GlobalId, span: Span) -> LResult<GlobalSlot> {
        self.m
            .globals
            .get(&g)
            .copied()
            .ok_or_else(|| Failure::malformed(span, "a global handle out of range"))
    }

    /// A new function-memory variable and its pointer.
    pub fn new_local_var(
        &mut self,
        name: Option<String>,
        ty: Handle<Type>,
        init: Option<Handle<Constant>>,
    ) -> Handle<Value> {
        let lv = self.func.locals.append(LocalVariable { name, ty, init });
        let pty = self.m.pointer_ty(ty, AddressSpace::Function);
        self.func.values.append(Value {
            ty: pty,
            def: ValueDef::LocalPointer(lv),
            name: None,
        })
    }

    /// Names a value after a local, unless it is shared (constants, pointers, parameters) or
    /// already named.
    pub fn name_value(&mut self, v: Handle<Value>, name: &str) {
        let unnamed = self.func.values.get(v).is_some_and(|value| {
            value.name.is_none()
                && matches!(
                    value.def,
                    ValueDef::Op(_)
                        | ValueDef::IfResult
                        | ValueDef::LoopCarried
                        | ValueDef::LoopResult
                )
        });
        if unnamed {
            let id = self.func.add_name(name);
            if let Some(value) = self.func.values.get_mut(v) {
                value.name = id;
            }
        }
    }

    /// The declaration of a local.
    pub fn local_def(&self, l: LocalId) -> LResult<&'a thir::LocalDef> {
        self.locals
            .get(l)
            .ok_or_else(|| Failure::malformed(self.def.span, "a local handle out of range"))
    }

    /// Gives local `l` the value `v` (a `let`, a parameter, or a whole assignment).
    pub fn bind_local(&mut self, l: LocalId, v: Handle<Value>) -> LResult<()> {
        let name = self.local_def(l)?.name.as_str();
        if let Some(Some(ptr)) = self.mem.get(l.index()) {
            let ptr = *ptr;
            return self.push(StmtKind::Store {
                pointer: ptr,
                value: v,
            });
        }
        self.name_value(v, name);
        match self.vars.get_mut(l.index()) {
            Some(slot) => {
                *slot = Some(v);
                Ok(())
            }
            None => Err(Failure::malformed(
                self.def.span,
                "a local handle out of range",
            )),
        }
    }

    /// The source name of local index `l`.
    pub fn local_name(&self, l: usize) -> Option<String> {
        self.locals
            .get(LocalId::from_index(l as u32))
            .map(|d| d.name.clone())
    }

    /// Whether local index `l` lives in memory.
    pub fn is_mem(&self, l: usize) -> bool {
        matches!(self.mem.get(l), Some(Some(_)))
    }

    /// Whether local `l` may be read after the statement being lowered.
    pub fn live_after(&self, l: usize) -> bool {
        self.live.iter().rev().any(|frame| match *frame {
            LiveFrame::Block { after, end } => self.info.reads_in(l, after, end),
            LiveFrame::Loop { start, end } => self.info.reads_in(l, start, end),
        })
    }

    /// The current SSA values of locals (by index).
    pub fn values_of(&self, locals: &[usize]) -> LResult<Vec<Handle<Value>>> {
        locals
            .iter()
            .map(|&l| {
                self.vars.get(l).copied().flatten().ok_or_else(|| {
                    Failure::malformed(self.def.span, "a local read before it has a value")
                })
            })
            .collect()
    }

    /// Sets the debug location from a span.
    pub fn set_loc(&mut self, span: Span) {
        self.loc = self.m.debug.as_ref().and_then(|d| d.loc(span));
    }

    /// Creates the memory variables of locals that need them.
    fn alloc_memory_locals(&mut self) -> LResult<()> {
        let needs = &self.info.memory;
        for (l, local) in self.locals.iter() {
            if needs.get(l.index()).copied() == Some(true) {
                let ty = self.m.ty(local.ty, local.span)?;
                let ptr = self.new_local_var(Some(local.name.clone()), ty, None);
                if let Some(slot) = self.mem.get_mut(l.index()) {
                    *slot = Some(ptr);
                }
            }
        }
        Ok(())
    }

    /// Lowers the body and closes the function.
    fn finish_body(mut self) -> LResult<Function> {
        let end = self.info.stmt_count();
        self.lower_block(self.body, 0, end)?;
        if !self.terminated {
            let falls_off_with_value = match self.ret {
                ReturnMode::Plain => self.def.ret.is_some(),
                ReturnMode::Entry { outputs } => outputs > 0,
            };
            self.loc = None;
            if falls_off_with_value {
                // The checker guarantees every path of such a function returns.
                self.push(StmtKind::Unreachable)?;
            } else {
                self.push(StmtKind::Return(Vec::new()))?;
            }
        }
        // Give the constant table back, cleared, for the next function.
        for c in self.const_used.drain(..) {
            if let Some(slot) = self.const_vals.get_mut(c.index()) {
                *slot = None;
            }
        }
        self.m.const_vals = std::mem::take(&mut self.const_vals);
        // The function is complete: drop the room its growing vectors kept for more, since
        // the module holds every function at once (and the typed program besides).
        self.func.values.shrink_to_fit();
        self.func.locals.shrink_to_fit();
        self.func.blocks.shrink_to_fit();
        for (_, block) in self.func.blocks.iter_mut() {
            block.stmts.shrink_to_fit();
        }
        Ok(self.func)
    }
}

/// A function body to lower: its statements, their expressions and its locals, borrowed from
/// the function's definition or from where they were moved to (see `crate::Bodies`).
#[derive(Clone, Copy)]
pub(crate) struct FnBody<'a> {
    /// The statements.
    pub block: &'a thir::Block,
    /// Their expressions.
    pub exprs: &'a Exprs,
    /// The function's locals (parameters first).
    pub locals: &'a Arena<thir::LocalDef>,
}

/// Lowers an ordinary (callable) function.
pub(crate) fn lower_plain(
    m: &mut ModuleCtx<'_>,
    fid: FuncId,
    body: FnBody<'_>,
    info: &FnInfo,
) -> LResult<Handle<Function>> {
    let prog = m.program;
    let def = prog
        .functions
        .get(fid)
        .ok_or_else(|| Failure::malformed(Span::default(), "a function handle out of range"))?;
    let mut cx = FnCtx::new(m, def, body, info, def.name.clone(), ReturnMode::Plain);
    cx.set_loc(def.span);
    let mut param_values = Vec::new();
    for (i, &l) in def.params.iter().enumerate() {
        let local = cx.local_def(l)?;
        let ty = cx.m.ty(local.ty, local.span)?;
        cx.func.params.push(FunctionParam {
            name: local.name.clone(),
            ty,
            binding: None,
        });
        let name = cx.func.add_name(local.name.as_str());
        let v = cx.func.values.append(Value {
            ty,
            def: ValueDef::Param(i as u32),
            name,
        });
        param_values.push((l, v));
    }
    if let Some(ret) = def.ret {
        let ty = cx.m.ty(ret, def.span)?;
        cx.func.results.push(FunctionResult {
            name: None,
            ty,
            binding: None,
        });
    }
    cx.alloc_memory_locals()?;
    for (l, v) in param_values {
        cx.bind_local(l, v)?;
    }
    let func = cx.finish_body()?;
    let h = m.module.functions.append(func);
    if let Some(slot) = m.functions.get_mut(fid.index()) {
        *slot = Some(h);
    }
    Ok(h)
}

fn io_binding(b: thir::IoBinding) -> IoBinding {
    match b {
        thir::IoBinding::Builtin(b) => IoBinding::BuiltIn(match b {
            thir::Builtin::Position => luma_ir::BuiltIn::Position,
            thir::Builtin::VertexIndex => luma_ir::BuiltIn::VertexIndex,
            thir::Builtin::InstanceIndex => luma_ir::BuiltIn::InstanceIndex,
            thir::Builtin::FrontFacing => luma_ir::BuiltIn::FrontFacing,
            thir::Builtin::FragDepth => luma_ir::BuiltIn::FragDepth,
            thir::Builtin::SampleIndex => luma_ir::BuiltIn::SampleIndex,
            thir::Builtin::SampleMask => luma_ir::BuiltIn::SampleMask,
            thir::Builtin::LocalInvocationId => luma_ir::BuiltIn::LocalInvocationId,
            thir::Builtin::LocalInvocationIndex => luma_ir::BuiltIn::LocalInvocationIndex,
            thir::Builtin::GlobalInvocationId => luma_ir::BuiltIn::GlobalInvocationId,
            thir::Builtin::WorkgroupId => luma_ir::BuiltIn::WorkgroupId,
            thir::Builtin::NumWorkgroups => luma_ir::BuiltIn::NumWorkgroups,
        }),
        thir::IoBinding::Location {
            location,
            interpolation,
        } => IoBinding::Location {
            location,
            interpolation: match interpolation {
                thir::Interpolation::Smooth => luma_ir::Interpolation::Smooth,
                thir::Interpolation::Flat => luma_ir::Interpolation::Flat,
                thir::Interpolation::NoPerspective => luma_ir::Interpolation::NoPerspective,
            },
        },
    }
}

fn stage_of(s: thir::Stage) -> ShaderStage {
    match s {
        thir::Stage::Vertex => ShaderStage::Vertex,
        thir::Stage::Fragment => ShaderStage::Fragment,
        thir::Stage::Compute => ShaderStage::Compute,
        thir::Stage::Geometry => ShaderStage::Geometry,
        thir::Stage::TessellationControl => ShaderStage::TessellationControl,
        thir::Stage::TessellationEval => ShaderStage::TessellationEvaluation,
    }
}

/// How one entry parameter is assembled from the flattened inputs.
enum InputPlan {
    /// The parameter is input number `n`.
    Single(u32),
    /// A struct of type `ty` whose members are inputs (`Some(n)`) or zero (`None`).
    Struct(Handle<Type>, Vec<(Option<u32>, Handle<Type>)>),
}

/// Lowers an entry point: its function (with flattened I/O), returned, and its `EntryPoint`
/// record.
pub(crate) fn lower_entry(
    m: &mut ModuleCtx<'_>,
    ep: &EntryPointDef,
    body: FnBody<'_>,
    info: &FnInfo,
) -> LResult<Handle<Function>> {
    let prog = m.program;
    let def = prog
        .functions
        .get(ep.function)
        .ok_or_else(|| Failure::malformed(Span::default(), "an entry function out of range"))?;
    if ep.inputs.len() != def.params.len() {
        return Err(Failure::malformed(
            def.span,
            "an entry point whose inputs do not match its parameters",
        ));
    }
    let outputs = ep.output.as_ref().map_or(0, |o| o.fields.len());
    let mut cx = FnCtx::new(
        m,
        def,
        body,
        info,
        def.name.clone(),
        ReturnMode::Entry { outputs },
    );
    cx.set_loc(def.span);

    // Parameters first: they must be the first values of the function.
    let mut plans = Vec::new();
    let mut param_index = 0u32;
    let mut add_param = |cx: &mut FnCtx<'_, '_, '_>, io: &thir::IoVar| -> LResult<u32> {
        let ty = cx.m.ty(io.ty, io.span)?;
        cx.func.params.push(FunctionParam {
            name: io.name.clone(),
            ty,
            binding: Some(io_binding(io.binding)),
        });
        let name = cx.func.add_name(io.name.as_str());
        cx.func.values.append(Value {
            ty,
            def: ValueDef::Param(param_index),
            name,
        });
        param_index += 1;
        Ok(param_index - 1)
    };
    for (input, &local) in ep.inputs.iter().zip(&def.params) {
        match input {
            EntryInput::Single(io) => {
                plans.push((local, InputPlan::Single(add_param(&mut cx, io)?)))
            }
            EntryInput::Struct { struct_id, fields } => {
                let sdef = prog
                    .structs
                    .get(*struct_id)
                    .ok_or_else(|| Failure::malformed(def.span, "an input struct out of range"))?;
                if sdef.fields.len() != fields.len() {
                    return Err(Failure::malformed(
                        sdef.span,
                        "an entry input struct whose I/O list does not match its members",
                    ));
                }
                let local_def = cx.local_def(local)?;
                let sty = cx.m.ty(local_def.ty, local_def.span)?;
                let mut members = Vec::new();
                for (field, io) in sdef.fields.iter().zip(fields) {
                    let mty = cx.m.ty(field.ty, field.span)?;
                    let n = match io {
                        Some(io) => Some(add_param(&mut cx, io)?),
                        None => None,
                    };
                    members.push((n, mty));
                }
                plans.push((local, InputPlan::Struct(sty, members)));
            }
        }
    }
    if let Some(out) = &ep.output {
        for io in &out.fields {
            let ty = cx.m.ty(io.ty, io.span)?;
            cx.func.results.push(FunctionResult {
                name: Some(io.name.as_str().into()),
                ty,
                binding: Some(io_binding(io.binding)),
            });
        }
        let sdef = prog
            .structs
            .get(out.struct_id)
            .ok_or_else(|| Failure::malformed(def.span, "an output struct out of range"))?;
        if sdef.fields.len() != out.fields.len() {
            return Err(Failure::malformed(
                sdef.span,
                "an entry output struct whose I/O list does not match its members",
            ));
        }
    }
    cx.alloc_memory_locals()?;
    for (local, plan) in plans {
        let v = match plan {
            InputPlan::Single(n) => cx.func.param_value(n as usize),
            InputPlan::Struct(sty, members) => {
                let mut parts = Vec::with_capacity(members.len());
                for (n, mty) in members {
                    parts.push(match n {
                        Some(n) => cx.func.param_value(n as usize),
                        None => {
                            let z = cx.m.zero_const(mty);
                            cx.const_val(z)?
                        }
                    });
                }
                cx.emit(Op::Compose { components: parts }, sty)?
            }
        };
        cx.bind_local(local, v)?;
    }
    let func = cx.finish_body()?;
    let h = m.module.functions.append(func);
    let (workgroup_size, workgroup_size_spec) = m.workgroup_size(ep)?;
    m.module.entry_points.push(EntryPoint {
        name: def.name.clone(),
        stage: stage_of(ep.stage),
        function: h,
        workgroup_size,
        workgroup_size_spec,
        early_depth_test: ep.early_depth,
    });
    Ok(h)
}
