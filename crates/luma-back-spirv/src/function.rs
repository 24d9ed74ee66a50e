//! Function bodies: parameters and locals, structured control flow (selection and loop
//! constructs with `OpPhi` at merges), statements, and the entry-point interface.
//!
//! The IR's nested blocks are walked with an explicit task stack instead of recursion, so
//! however deeply the user nests `if` and loops, the writer's native stack does not grow.

use luma_base::Handle;
use luma_ir::{
    AddressSpace, Block, Function, GlobalVariable, LocalVariable, LoopControl, SourceLoc, StmtKind,
    UnrollHint, Value, ValueDef,
};
use rustc_hash::FxHashMap;
use spirv::{FunctionControl, LoopControl as SpvLoopControl, Op, SelectionControl, StorageClass};

use crate::layout::Layout;
use crate::types::SpvType;
use crate::words::{Inst, Word};
use crate::writer::{EntryInfo, Writer};
use crate::Error;

/// Where a pointer value points, as far as `OpArrayLength` and runtime-array clamps need to
/// know: the runtime-sized array of a storage buffer is member 0 of its wrapper or the last
/// member of its struct, so its length is asked of the variable itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Position {
    /// Somewhere else (or unknown).
    Other,
    /// The whole global.
    Global(Handle<GlobalVariable>),
    /// Member `1` of the global's struct.
    GlobalMember(Handle<GlobalVariable>, u32),
}

/// A value arriving at a merge: the values bound, and the block they come from.
type Incoming = (Vec<Word>, Word);

/// A loop-carried value's header `OpPhi`, whose back-edge operand is patched in once the
/// continue block is known.
#[derive(Debug, Clone, Copy)]
struct CarriedPhi {
    id: Word,
    ty: Word,
    /// Index in `body` of the word that receives the value from the continue block.
    patch: usize,
}

/// An open structured construct.
#[derive(Debug)]
enum Construct {
    If {
        merge: Word,
        /// The label of the reject arm, or `None` when it branches straight to the merge.
        reject_label: Option<Word>,
        results: Vec<Handle<Value>>,
        incoming: Vec<Incoming>,
    },
    Loop {
        header: Word,
        continue_label: Word,
        merge: Word,
        carried: Vec<CarriedPhi>,
        results: Vec<Handle<Value>>,
        continues: Vec<Incoming>,
        breaks: Vec<Incoming>,
    },
}

/// Work left in the body walk.
#[derive(Debug)]
enum Task {
    /// Emit the statements of `block` from `next` on.
    Block { block: Handle<Block>, next: usize },
    /// The accept arm is done: start the reject arm.
    IfReject,
    /// Both arms are done: open the merge block.
    IfMerge,
    /// The body is done: write the continue block and open the merge block.
    LoopEnd,
}

/// Writes one SPIR-V function: an ordinary function, or an entry point's `void()` function.
pub(crate) struct FunctionWriter<'w, 'a> {
    pub(crate) w: &'w mut Writer<'a>,
    pub(crate) func: &'a Function,
    /// The function's handle (which globals it reads through a read-only twin).
    pub(crate) handle: Handle<Function>,
    id: Word,
    name: String,
    entry: Option<EntryInfo>,
    values: Vec<Option<Word>>,
    positions: Vec<Position>,
    params: Vec<Word>,
    locals: Vec<Word>,
    wrapped_pointers: Vec<Option<Word>>,
    /// `OpArrayLength` results and last valid indices, by (variable, member): maps, since a
    /// function may index thousands of runtime arrays.
    lengths: FxHashMap<(Word, u32), Word>,
    last_indices: FxHashMap<(Word, u32), Word>,
    vars: Vec<Word>,
    prologue: Vec<Word>,
    pub(crate) body: Vec<Word>,
    entry_label: Word,
    pub(crate) current_label: Word,
    block_open: bool,
    constructs: Vec<Construct>,
    current_line: Option<SourceLoc>,
    /// The result id of the last instruction appended to the body (values are named only when
    /// they are that instruction's result, never a shared constant or another value's id).
    pub(crate) last_result: Word,
}

impl<'w, 'a> FunctionWriter<'w, 'a> {
    /// Prepares to write `func` as function `id`: an entry point's function when `entry` is
    /// given (parameters come from, and results go to, its interface variables).
    pub(crate) fn new(
        w: &'w mut Writer<'a>,
        handle: Handle<Function>,
        func: &'a Function,
        id: Word,
        entry: Option<&EntryInfo>,
    ) -> Result<Self, Error> {
        let entry_label = w.id();
        let globals = w.module.globals.len();
        Ok(FunctionWriter {
            w,
            handle,
            func,
            id,
            name: func.name.clone(),
            entry: entry.cloned(),
            values: vec![None; func.values.len()],
            positions: vec![Position::Other; func.values.len()],
            params: Vec::new(),
            locals: Vec::new(),
            wrapped_pointers: vec![None; globals],
            lengths: FxHashMap::default(),
            last_indices: FxHashMap::default(),
            vars: Vec::new(),
            prologue: Vec::new(),
            body: Vec::new(),
            entry_label,
            current_label: entry_label,
            block_open: true,
            constructs: Vec::new(),
            current_line: None,
            last_result: 0,
        })
    }

    /// Writes the function to `out`.
    pub(crate) fn write(mut self, out: &mut Vec<Word>) -> Result<(), Error> {
        let func = self.func;
        let is_entry = self.entry.is_some();
        // Signature.
        let ret = if is_entry {
            self.w.void_type()?
        } else {
            match func.results.as_slice() {
                [] => self.w.void_type()?,
                [result] => self.w.ir_type(result.ty, Layout::Plain)?,
                _ => {
                    return Err(Error::invalid(format!(
                        "function `{}` returns {} values; only entry functions may return \
                         more than one",
                        func.name,
                        func.results.len()
                    )))
                }
            }
        };
        let mut param_types = Vec::new();
        if !is_entry {
            for param in &func.params {
                param_types.push(self.w.ir_type(param.ty, Layout::Plain)?);
            }
        }
        let fn_type = self.w.intern(SpvType::Function {
            ret,
            params: param_types.clone(),
        })?;
        if !is_entry {
            self.w.name(self.id, &self.name)?;
            for (i, param) in func.params.iter().enumerate() {
                let id = self.w.id();
                self.params.push(id);
                self.w.name(id, &param.name)?;
                self.set_value(func.param_value(i), id)?;
            }
        }
        // Function-space variables, zero-initialized unless they have an initializer.
        for (_, local) in func.locals.iter() {
            let id = self.declare_local(local)?;
            self.locals.push(id);
        }
        if let Some(entry) = self.entry.clone() {
            self.load_inputs(&entry)?;
        }

        self.write_body()?;
        if self.block_open {
            return Err(Error::invalid(format!(
                "the body of `{}` does not end in a terminator",
                func.name
            )));
        }

        Inst::new(Op::Function)
            .word(ret)
            .word(self.id)
            .word(FunctionControl::NONE.bits())
            .word(fn_type)
            .push_into(out)?;
        for (&id, &ty) in self.params.iter().zip(&param_types) {
            Inst::new(Op::FunctionParameter)
                .word(ty)
                .word(id)
                .push_into(out)?;
        }
        Inst::new(Op::Label).word(self.entry_label).push_into(out)?;
        out.extend_from_slice(&self.vars);
        out.extend_from_slice(&self.prologue);
        out.extend_from_slice(&self.body);
        Inst::new(Op::FunctionEnd).push_into(out)?;
        Ok(())
    }

    fn declare_local(&mut self, local: &LocalVariable) -> Result<Word, Error> {
        let ty = self.w.ir_type(local.ty, Layout::Plain)?;
        let pointer = self.w.pointer_type(StorageClass::Function, ty)?;
        let init = match local.init {
            Some(c) => self.w.constant(c)?,
            None => self.w.const_null(ty)?,
        };
        let id = self.w.id();
        Inst::new(Op::Variable)
            .word(pointer)
            .word(id)
            .word(StorageClass::Function as u32)
            .word(init)
            .push_into(&mut self.vars)?;
        if let Some(name) = &local.name {
            self.w.name(id, name)?;
        }
        Ok(id)
    }

    /// Reads every entry input at the start of the entry block.
    fn load_inputs(&mut self, entry: &EntryInfo) -> Result<(), Error> {
        let func = self.func;
        for (i, (param, io)) in func.params.iter().zip(&entry.inputs).enumerate() {
            let ty = self.w.ir_type(param.ty, Layout::Plain)?;
            let mut pointer = io.var;
            if io.array_wrapped {
                let ptr_ty = self.w.pointer_type(StorageClass::Input, ty)?;
                let zero = self.w.const_u32(0)?;
                let id = self.w.id();
                Inst::new(Op::AccessChain)
                    .word(ptr_ty)
                    .word(id)
                    .word(io.var)
                    .word(zero)
                    .push_into(&mut self.prologue)?;
                pointer = id;
            }
            let id = self.w.id();
            Inst::new(Op::Load)
                .word(ty)
                .word(id)
                .word(pointer)
                .push_into(&mut self.prologue)?;
            self.set_value(func.param_value(i), id)?;
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Values

    /// The IR value behind `v`.
    pub(crate) fn ir_value(&self, v: Handle<Value>) -> Result<&'a Value, Error> {
        self.func.values.get(v).ok_or_else(|| {
            Error::invalid(format!(
                "value {v:?} is out of range in function `{}`",
                self.func.name
            ))
        })
    }

    fn set_value(&mut self, v: Handle<Value>, id: Word) -> Result<(), Error> {
        let slot = self
            .values
            .get_mut(v.index())
            .ok_or_else(|| Error::invalid(format!("value {v:?} is out of range")))?;
        *slot = Some(id);
        Ok(())
    }

    /// The id holding value `v`.
    pub(crate) fn value_id(&mut self, v: Handle<Value>) -> Result<Word, Error> {
        if let Some(Some(id)) = self.values.get(v.index()) {
            return Ok(*id);
        }
        let value = self.ir_value(v)?;
        let id = match &value.def {
            ValueDef::Constant(c) => self.w.constant(*c)?,
            ValueDef::GlobalPointer(g) => {
                let info = self.w.global_in(self.handle, *g)?;
                if info.wrapped {
                    self.wrapped_pointer(*g)?
                } else {
                    info.var
                }
            }
            ValueDef::LocalPointer(l) => self
                .locals
                .get(l.index())
                .copied()
                .ok_or_else(|| Error::invalid(format!("local {l:?} is out of range")))?,
            _ => {
                return Err(Error::invalid(format!(
                    "value {v:?} of function `{}` is used before its definition",
                    self.func.name
                )))
            }
        };
        self.set_value(v, id)?;
        Ok(id)
    }

    /// A pointer to member 0 of a wrapped buffer: the global's value as the IR sees it. It is
    /// made once per function, in the entry block, where it dominates every use.
    fn wrapped_pointer(&mut self, g: Handle<GlobalVariable>) -> Result<Word, Error> {
        if let Some(Some(id)) = self.wrapped_pointers.get(g.index()) {
            return Ok(*id);
        }
        let info = self.w.global_in(self.handle, g)?;
        let global = self.w.ir_global(g)?;
        let member = self.w.ir_type(global.ty, info.layout)?;
        let ptr_ty = self.w.pointer_type(info.class, member)?;
        let zero = self.w.const_u32(0)?;
        let id = self.w.id();
        Inst::new(Op::AccessChain)
            .word(ptr_ty)
            .word(id)
            .word(info.var)
            .word(zero)
            .push_into(&mut self.prologue)?;
        if let Some(slot) = self.wrapped_pointers.get_mut(g.index()) {
            *slot = Some(id);
        }
        Ok(id)
    }

    /// The element count (`u32`) of the runtime-sized array that is member `member` of buffer
    /// variable `var`. A buffer's length cannot change while the shader runs, so it is read once
    /// per function, in the entry block, where it dominates every use.
    pub(crate) fn runtime_length(&mut self, var: Word, member: u32) -> Result<Word, Error> {
        if let Some(&id) = self.lengths.get(&(var, member)) {
            return Ok(id);
        }
        let u32_ty = self.w.scalar_type(luma_ir::Scalar::U32)?;
        let id = self.w.id();
        Inst::new(Op::ArrayLength)
            .word(u32_ty)
            .word(id)
            .word(var)
            .word(member)
            .push_into(&mut self.prologue)?;
        self.lengths.insert((var, member), id);
        Ok(id)
    }

    /// The last valid index of that array (`length - 1`), for index clamps; made once per
    /// function like the length.
    pub(crate) fn runtime_last_index(&mut self, var: Word, member: u32) -> Result<Word, Error> {
        if let Some(&id) = self.last_indices.get(&(var, member)) {
            return Ok(id);
        }
        let length = self.runtime_length(var, member)?;
        let u32_ty = self.w.scalar_type(luma_ir::Scalar::U32)?;
        let one = self.w.const_u32(1)?;
        let id = self.w.id();
        Inst::new(Op::ISub)
            .word(u32_ty)
            .word(id)
            .word(length)
            .word(one)
            .push_into(&mut self.prologue)?;
        self.last_indices.insert((var, member), id);
        Ok(id)
    }

    /// Where pointer value `v` points (see [`Position`]).
    pub(crate) fn position(&self, v: Handle<Value>) -> Position {
        match self.func.values.get(v).map(|v| &v.def) {
            Some(ValueDef::GlobalPointer(g)) => Position::Global(*g),
            _ => self
                .positions
                .get(v.index())
                .copied()
                .unwrap_or(Position::Other),
        }
    }

    /// Records where an access chain points.
    pub(crate) fn set_position(&mut self, v: Handle<Value>, position: Position) {
        if let Some(slot) = self.positions.get_mut(v.index()) {
            *slot = position;
        }
    }

    /// The SPIR-V type of value `v`.
    pub(crate) fn value_type(&mut self, v: Handle<Value>) -> Result<Word, Error> {
        let ty = self.ir_value(v)?.ty;
        self.w.ir_type(ty, Layout::Plain)
    }

    // -----------------------------------------------------------------------------------------
    // Instructions

    /// Appends an instruction with a result to the current block and returns the result id.
    pub(crate) fn inst(&mut self, op: Op, ty: Word, operands: &[Word]) -> Result<Word, Error> {
        self.check_open()?;
        let id = self.w.id();
        Inst::new(op)
            .word(ty)
            .word(id)
            .words(operands)
            .push_into(&mut self.body)?;
        self.last_result = id;
        Ok(id)
    }

    /// Appends an instruction without a result to the current block.
    pub(crate) fn inst_void(&mut self, op: Op, operands: &[Word]) -> Result<(), Error> {
        self.check_open()?;
        Inst::new(op).words(operands).push_into(&mut self.body)
    }

    /// Appends a `GLSL.std.450` instruction.
    pub(crate) fn ext(
        &mut self,
        ty: Word,
        op: spirv::GlslStd450Op,
        args: &[Word],
    ) -> Result<Word, Error> {
        let set = self.w.glsl_ext();
        self.check_open()?;
        let id = self.w.id();
        Inst::new(Op::ExtInst)
            .word(ty)
            .word(id)
            .word(set)
            .word(op as u32)
            .words(args)
            .push_into(&mut self.body)?;
        self.last_result = id;
        Ok(id)
    }

    pub(crate) fn check_open(&self) -> Result<(), Error> {
        if self.block_open {
            Ok(())
        } else {
            Err(Error::invalid(format!(
                "code after a terminator in `{}`",
                self.func.name
            )))
        }
    }

    /// Starts a new block.
    pub(crate) fn start_block(&mut self, label: Word) -> Result<(), Error> {
        if self.block_open {
            return Err(Error::invalid(format!(
                "a block of `{}` does not end in a terminator",
                self.func.name
            )));
        }
        Inst::new(Op::Label).word(label).push_into(&mut self.body)?;
        self.current_label = label;
        self.block_open = true;
        // Line information does not carry over block boundaries.
        self.current_line = None;
        Ok(())
    }

    /// Ends the current block with `terminator`.
    pub(crate) fn end_block(&mut self, op: Op, operands: &[Word]) -> Result<(), Error> {
        self.inst_void(op, operands)?;
        self.block_open = false;
        Ok(())
    }

    /// Emits `OpLine` when `loc` differs from the line in effect (debug output only).
    fn set_line(&mut self, loc: Option<SourceLoc>) -> Result<(), Error> {
        let Some(loc) = loc else {
            return Ok(());
        };
        if !self.w.options.debug || self.current_line == Some(loc) {
            return Ok(());
        }
        let Some(&file) = self.w.file_strings.get(loc.source as usize) else {
            return Ok(());
        };
        self.inst_void(Op::Line, &[file, loc.line, loc.column])?;
        self.current_line = Some(loc);
        Ok(())
    }

    /// Splits the current block around a two-way choice: `accept` or `reject` is the value
    /// depending on `condition` (used for whole-composite selects before SPIR-V 1.4, where
    /// `OpSelect` takes only scalars and vectors).
    pub(crate) fn branch_select(
        &mut self,
        ty: Word,
        condition: Word,
        accept: Word,
        reject: Word,
    ) -> Result<Word, Error> {
        let header = self.current_label;
        let arm = self.w.id();
        let merge = self.w.id();
        self.inst_void(Op::SelectionMerge, &[merge, SelectionControl::NONE.bits()])?;
        self.end_block(Op::BranchConditional, &[condition, arm, merge])?;
        self.start_block(arm)?;
        self.end_block(Op::Branch, &[merge])?;
        self.start_block(merge)?;
        self.inst(Op::Phi, ty, &[accept, arm, reject, header])
    }

    /// A function-space variable of type `ty` for the writer's own use (declared in the entry
    /// block, uninitialized: it is always written before it is read).
    pub(crate) fn temp_variable(&mut self, ty: Word) -> Result<Word, Error> {
        let pointer = self.w.pointer_type(StorageClass::Function, ty)?;
        let id = self.w.id();
        Inst::new(Op::Variable)
            .word(pointer)
            .word(id)
            .word(StorageClass::Function as u32)
            .push_into(&mut self.vars)?;
        Ok(id)
    }

    /// Emits `for (i = 0u; i < count; i++) body(i)` as a loop construct in the middle of the
    /// current block, which continues in the loop's merge block afterwards.
    pub(crate) fn counted_loop(
        &mut self,
        count: u32,
        mut body: impl FnMut(&mut Self, Word) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let u32_ty = self.w.scalar_type(luma_ir::Scalar::U32)?;
        let bool_ty = self.w.scalar_type(luma_ir::Scalar::BOOL)?;
        let zero = self.w.const_u32(0)?;
        let one = self.w.const_u32(1)?;
        let limit = self.w.const_u32(count)?;
        let pre = self.current_label;
        let header = self.w.id();
        let body_label = self.w.id();
        let continue_label = self.w.id();
        let merge = self.w.id();
        let next = self.w.id();
        self.end_block(Op::Branch, &[header])?;
        self.start_block(header)?;
        let i = self.inst(Op::Phi, u32_ty, &[zero, pre, next, continue_label])?;
        let more = self.inst(Op::ULessThan, bool_ty, &[i, limit])?;
        self.inst_void(
            Op::LoopMerge,
            &[merge, continue_label, SpvLoopControl::NONE.bits()],
        )?;
        self.end_block(Op::BranchConditional, &[more, body_label, merge])?;
        self.start_block(body_label)?;
        body(self, i)?;
        self.end_block(Op::Branch, &[continue_label])?;
        self.start_block(continue_label)?;
        self.check_open()?;
        Inst::new(Op::IAdd)
            .word(u32_ty)
            .word(next)
            .word(i)
            .word(one)
            .push_into(&mut self.body)?;
        self.end_block(Op::Branch, &[header])?;
        self.start_block(merge)
    }

    // -----------------------------------------------------------------------------------------
    // Statements and control flow

    fn block(&self, block: Handle<Block>) -> Result<&'a Block, Error> {
        self.func.blocks.get(block).ok_or_else(|| {
            Error::invalid(format!(
                "block {block:?} is out of range in `{}`",
                self.func.name
            ))
        })
    }

    fn write_body(&mut self) -> Result<(), Error> {
        let mut tasks = vec![Task::Block {
            block: self.func.body,
            next: 0,
        }];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Block { block, next } => {
                    let stmts = &self.block(block)?.stmts;
                    let Some(stmt) = stmts.get(next) else {
                        return Err(Error::invalid(format!(
                            "block {block:?} of `{}` does not end in a terminator",
                            self.func.name
                        )));
                    };
                    self.set_line(stmt.loc)?;
                    if stmt.kind.is_terminator() {
                        if next + 1 != stmts.len() {
                            return Err(Error::invalid(format!(
                                "block {block:?} of `{}` has statements after its terminator",
                                self.func.name
                            )));
                        }
                        self.terminator(&stmt.kind)?;
                        continue;
                    }
                    tasks.push(Task::Block {
                        block,
                        next: next + 1,
                    });
                    self.statement(&stmt.kind, &mut tasks)?;
                }
                Task::IfReject => {
                    if let Some(Construct::If {
                        reject_label: Some(label),
                        ..
                    }) = self.constructs.last()
                    {
                        let label = *label;
                        self.start_block(label)?;
                    }
                }
                Task::IfMerge => {
                    let Some(Construct::If {
                        merge,
                        results,
                        incoming,
                        ..
                    }) = self.constructs.pop()
                    else {
                        return Err(Error::invalid("unbalanced `If` construct"));
                    };
                    self.start_block(merge)?;
                    self.merge_values(&results, incoming)?;
                }
                Task::LoopEnd => {
                    let Some(Construct::Loop {
                        header,
                        continue_label,
                        merge,
                        carried,
                        results,
                        continues,
                        breaks,
                    }) = self.constructs.pop()
                    else {
                        return Err(Error::invalid("unbalanced `Loop` construct"));
                    };
                    self.start_block(continue_label)?;
                    for (i, phi) in carried.iter().enumerate() {
                        let next = match continues.as_slice() {
                            // Never continued: the back edge is unreachable and carries the
                            // value unchanged.
                            [] => phi.id,
                            [(values, _)] => *values.get(i).ok_or_else(|| arity("Continue"))?,
                            many => {
                                let mut operands = Vec::with_capacity(many.len() * 2);
                                for (values, label) in many {
                                    operands.push(*values.get(i).ok_or_else(|| arity("Continue"))?);
                                    operands.push(*label);
                                }
                                self.inst(Op::Phi, phi.ty, &operands)?
                            }
                        };
                        let slot = self
                            .body
                            .get_mut(phi.patch)
                            .ok_or_else(|| Error::invalid("lost a loop phi"))?;
                        *slot = next;
                    }
                    self.end_block(Op::Branch, &[header])?;
                    self.start_block(merge)?;
                    self.merge_values(&results, breaks)?;
                }
            }
        }
        Ok(())
    }

    /// Binds the results of a merge: nothing arrives (unreachable merge: undefined values),
    /// one predecessor (its values, which dominate the merge), or several (`OpPhi`).
    fn merge_values(
        &mut self,
        results: &[Handle<Value>],
        incoming: Vec<Incoming>,
    ) -> Result<(), Error> {
        for (i, &result) in results.iter().enumerate() {
            let ty = self.value_type(result)?;
            let id = match incoming.as_slice() {
                [] => self.inst(Op::Undef, ty, &[])?,
                [(values, _)] => *values.get(i).ok_or_else(|| arity("Yield or Break"))?,
                many => {
                    let mut operands = Vec::with_capacity(many.len() * 2);
                    for (values, label) in many {
                        operands.push(*values.get(i).ok_or_else(|| arity("Yield or Break"))?);
                        operands.push(*label);
                    }
                    let id = self.inst(Op::Phi, ty, &operands)?;
                    self.name_value(result, id)?;
                    id
                }
            };
            self.set_value(result, id)?;
        }
        Ok(())
    }

    fn name_value(&mut self, v: Handle<Value>, id: Word) -> Result<(), Error> {
        if let Some(name) = self.func.value_name(self.ir_value(v)?) {
            self.w.name(id, name)?;
        }
        Ok(())
    }

    fn values_of(&mut self, values: &[Handle<Value>]) -> Result<Vec<Word>, Error> {
        values.iter().map(|&v| self.value_id(v)).collect()
    }

    /// A non-terminating statement; nested blocks are scheduled on `tasks`.
    fn statement(&mut self, kind: &'a StmtKind, tasks: &mut Vec<Task>) -> Result<(), Error> {
        match kind {
            StmtKind::Value(v) => {
                let value = self.ir_value(*v)?;
                let ValueDef::Op(op) = &value.def else {
                    return Err(Error::invalid(format!(
                        "value {v:?} is placed by a statement but is not an operation"
                    )));
                };
                self.last_result = 0;
                let id = self.emit_op(*v, value, op)?;
                // Name only ids made for this value, not ones it reuses (an identity
                // conversion, a constant).
                if id == self.last_result {
                    self.name_value(*v, id)?;
                }
                self.set_value(*v, id)?;
            }
            StmtKind::Store { pointer, value } => self.store(*pointer, *value)?,
            StmtKind::AtomicStore { pointer, value } => self.atomic_store(*pointer, *value)?,
            StmtKind::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => self.image_store(*image, *coordinate, *array_index, *value)?,
            StmtKind::Call { function, args } => {
                let callee = self
                    .w
                    .function_ids
                    .get(function.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| {
                        Error::invalid(format!("call of unknown function {function:?}"))
                    })?;
                let void = self.w.void_type()?;
                let mut operands = vec![callee];
                operands.extend(self.values_of(args)?);
                self.inst(Op::FunctionCall, void, &operands)?;
            }
            StmtKind::Barrier(barrier) => self.barrier(*barrier)?,
            StmtKind::If {
                condition,
                accept,
                reject,
                results,
            } => {
                let condition = self.value_id(*condition)?;
                let merge = self.w.id();
                // An arm that only yields values defined before the `If` needs no block of
                // its own: the header branches straight to the merge.
                let accept_values = self.trivial_yield(*accept)?;
                let reject_values = self.trivial_yield(*reject)?;
                let header = self.current_label;
                let mut incoming = Vec::new();
                let (accept_target, reject_target, reject_label) = match reject_values {
                    Some(values) => {
                        incoming.push((values, header));
                        (self.w.id(), merge, None)
                    }
                    None => match accept_values {
                        Some(values) => {
                            incoming.push((values, header));
                            let reject_label = self.w.id();
                            (merge, reject_label, Some(reject_label))
                        }
                        None => {
                            let reject_label = self.w.id();
                            (self.w.id(), reject_label, Some(reject_label))
                        }
                    },
                };
                self.inst_void(Op::SelectionMerge, &[merge, SelectionControl::NONE.bits()])?;
                self.end_block(
                    Op::BranchConditional,
                    &[condition, accept_target, reject_target],
                )?;
                self.constructs.push(Construct::If {
                    merge,
                    reject_label,
                    results: results.to_vec(),
                    incoming,
                });
                tasks.push(Task::IfMerge);
                if reject_label.is_some() {
                    tasks.push(Task::Block {
                        block: *reject,
                        next: 0,
                    });
                    tasks.push(Task::IfReject);
                }
                if accept_target != merge {
                    tasks.push(Task::Block {
                        block: *accept,
                        next: 0,
                    });
                    self.start_block(accept_target)?;
                } else if let Some(label) = reject_label {
                    // The accept arm was folded into the header's branch: the reject arm
                    // starts right away (drop the now redundant `IfReject`).
                    tasks.pop();
                    self.start_block(label)?;
                }
            }
            StmtKind::Loop(lp) => {
                let luma_ir::Loop {
                    carried,
                    body,
                    results,
                    control,
                } = &**lp;
                let inits = carried
                    .iter()
                    .map(|c| self.value_id(c.init))
                    .collect::<Result<Vec<_>, _>>()?;
                let pre = self.current_label;
                let header = self.w.id();
                let body_label = self.w.id();
                let continue_label = self.w.id();
                let merge = self.w.id();
                self.end_block(Op::Branch, &[header])?;
                self.start_block(header)?;
                let mut phis = Vec::with_capacity(carried.len());
                for (var, init) in carried.iter().zip(inits) {
                    let ty = self.value_type(var.value)?;
                    // The back-edge value is patched in after the body: placeholder 0.
                    let id = self.inst(Op::Phi, ty, &[init, pre, 0, continue_label])?;
                    let patch = self.body.len() - 2;
                    self.set_value(var.value, id)?;
                    self.name_value(var.value, id)?;
                    phis.push(CarriedPhi { id, ty, patch });
                }
                let mut operands = vec![merge, continue_label];
                operands.extend(self.loop_control(*control));
                self.inst_void(Op::LoopMerge, &operands)?;
                self.end_block(Op::Branch, &[body_label])?;
                self.start_block(body_label)?;
                self.constructs.push(Construct::Loop {
                    header,
                    continue_label,
                    merge,
                    carried: phis,
                    results: results.clone(),
                    continues: Vec::new(),
                    breaks: Vec::new(),
                });
                tasks.push(Task::LoopEnd);
                tasks.push(Task::Block {
                    block: *body,
                    next: 0,
                });
            }
            StmtKind::Yield(_)
            | StmtKind::Continue(_)
            | StmtKind::Break(_)
            | StmtKind::Return(_)
            | StmtKind::Discard
            | StmtKind::Unreachable => return Err(Error::invalid("misplaced terminator")),
        }
        Ok(())
    }

    /// The yielded values when `block` is nothing but a `Yield` of values available before the
    /// `If` (its operands are then defined outside the arm).
    fn trivial_yield(&mut self, block: Handle<Block>) -> Result<Option<Vec<Word>>, Error> {
        let stmts = &self.block(block)?.stmts;
        match stmts.as_slice() {
            [stmt] => match &stmt.kind {
                StmtKind::Yield(values) => {
                    // Values are available when already bound or bindable (constants, pointers).
                    let mut ids = Vec::with_capacity(values.len());
                    for &v in values {
                        let ready = matches!(self.values.get(v.index()), Some(Some(_)))
                            || matches!(
                                self.ir_value(v)?.def,
                                ValueDef::Constant(_)
                                    | ValueDef::GlobalPointer(_)
                                    | ValueDef::LocalPointer(_)
                            );
                        if !ready {
                            return Ok(None);
                        }
                        ids.push(self.value_id(v)?);
                    }
                    Ok(Some(ids))
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// The `OpLoopMerge` loop-control mask and its literal operands.
    fn loop_control(&self, control: LoopControl) -> Vec<Word> {
        let mut mask = SpvLoopControl::NONE;
        let mut partial = None;
        match control.unroll {
            UnrollHint::None => {}
            UnrollHint::Full => mask |= SpvLoopControl::UNROLL,
            UnrollHint::Never => mask |= SpvLoopControl::DONT_UNROLL,
            // PartialCount exists from SPIR-V 1.4; before, there is no "up to N" hint and a
            // full-unroll request would be wrong for loops with run-time bounds.
            UnrollHint::AtMost(n) => {
                if self.w.at_least(4) {
                    mask |= SpvLoopControl::PARTIAL_COUNT;
                    partial = Some(n);
                }
            }
        }
        let mut max = None;
        if let Some(n) = control.max_iterations {
            if self.w.at_least(4) {
                mask |= SpvLoopControl::MAX_ITERATIONS;
                max = Some(n);
            }
        }
        // Literal operands follow in the order of their mask bits.
        let mut words = vec![mask.bits()];
        words.extend(max);
        words.extend(partial);
        words
    }

    /// A terminator: ends the current block.
    fn terminator(&mut self, kind: &'a StmtKind) -> Result<(), Error> {
        match kind {
            StmtKind::Yield(values) => {
                let ids = self.values_of(values)?;
                let label = self.current_label;
                match self.constructs.last_mut() {
                    Some(Construct::If {
                        merge, incoming, ..
                    }) => {
                        incoming.push((ids, label));
                        let merge = *merge;
                        self.end_block(Op::Branch, &[merge])
                    }
                    _ => Err(Error::invalid("`Yield` outside an `If` arm")),
                }
            }
            StmtKind::Continue(values) | StmtKind::Break(values) => {
                let ids = self.values_of(values)?;
                let label = self.current_label;
                let is_break = matches!(kind, StmtKind::Break(_));
                let target = self.constructs.iter_mut().rev().find_map(|c| match c {
                    Construct::Loop {
                        continue_label,
                        merge,
                        continues,
                        breaks,
                        ..
                    } => Some(if is_break {
                        breaks.push((ids.clone(), label));
                        *merge
                    } else {
                        continues.push((ids.clone(), label));
                        *continue_label
                    }),
                    Construct::If { .. } => None,
                });
                match target {
                    Some(target) => self.end_block(Op::Branch, &[target]),
                    None => Err(Error::invalid("`Continue` or `Break` outside a loop")),
                }
            }
            StmtKind::Return(values) => {
                let ids = self.values_of(values)?;
                if let Some(entry) = self.entry.clone() {
                    if ids.len() != entry.outputs.len() {
                        return Err(arity("Return"));
                    }
                    for ((&id, io), result) in
                        ids.iter().zip(&entry.outputs).zip(&self.func.results)
                    {
                        let mut pointer = io.var;
                        if io.array_wrapped {
                            let ty = self.w.ir_type(result.ty, Layout::Plain)?;
                            let ptr_ty = self.w.pointer_type(StorageClass::Output, ty)?;
                            let zero = self.w.const_u32(0)?;
                            pointer = self.inst(Op::AccessChain, ptr_ty, &[io.var, zero])?;
                        }
                        self.inst_void(Op::Store, &[pointer, id])?;
                    }
                    return self.end_block(Op::Return, &[]);
                }
                match ids.as_slice() {
                    [] => self.end_block(Op::Return, &[]),
                    [id] => self.end_block(Op::ReturnValue, &[*id]),
                    _ => Err(arity("Return")),
                }
            }
            StmtKind::Discard => {
                if self.w.at_least(6) {
                    self.end_block(Op::TerminateInvocation, &[])
                } else {
                    self.end_block(Op::Kill, &[])
                }
            }
            StmtKind::Unreachable => self.end_block(Op::Unreachable, &[]),
            _ => Err(Error::invalid(
                "a statement that is not a terminator ends a block",
            )),
        }
    }

    /// The address space of pointer value `v`.
    pub(crate) fn pointer_space(&self, v: Handle<Value>) -> Result<AddressSpace, Error> {
        let ty = self.ir_value(v)?.ty;
        match self.w.ir_type_inner(ty)? {
            luma_ir::TypeInner::Pointer { space, .. } => Ok(*space),
            _ => Err(Error::invalid(format!("value {v:?} is not a pointer"))),
        }
    }
}

fn arity(what: &str) -> Error {
    Error::invalid(format!(
        "`{what}` binds a different number of values than its construct expects"
    ))
}
