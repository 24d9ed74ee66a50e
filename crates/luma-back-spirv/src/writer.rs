//! The module-level writer: sections, ids, capabilities, constants, globals, entry points and the
//! final assembly of the binary.

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap, FxHashSet};

use luma_back::CallGraph;
use luma_base::Handle;
use luma_ir::{
    AddressSpace, BuiltIn, Constant, ConstantValue, Function, GlobalVariable, Interpolation,
    IoBinding, Literal, Module, Scalar, ScalarKind, ShaderStage, StorageAccess, Type, TypeInner,
    VectorSize,
};
use spirv::{Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass};

use crate::function::FunctionWriter;
use crate::layout::{Layout, Layouts};
use crate::types::SpvType;
use crate::words::{Inst, Word};
use crate::{codes, Error, Options};

/// How a global variable was declared.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GlobalInfo {
    /// The `OpVariable`.
    pub var: Word,
    /// Its storage class.
    pub class: StorageClass,
    /// Whether the global's value is member 0 of a wrapper `Block` struct.
    pub wrapped: bool,
    /// For a buffer whose type is a struct: the `Block`-decorated copy of the struct (the
    /// variable's pointee), which differs from the struct's ordinary laid-out type.
    pub block_struct: Option<Word>,
    /// The layout of the global's memory.
    pub layout: Layout,
    /// The variable's pointer type.
    pub pointer: Word,
}

/// An entry point's interface variable for one input or output.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IoVar {
    /// The `OpVariable`.
    pub var: Word,
    /// Whether the variable is a one-element array (`SampleMask`) holding the value.
    pub array_wrapped: bool,
}

/// What the function writer needs to know about the entry point it writes.
#[derive(Debug, Clone)]
pub(crate) struct EntryInfo {
    /// One per entry-function parameter.
    pub inputs: Vec<IoVar>,
    /// One per entry-function result.
    pub outputs: Vec<IoVar>,
}

/// Writes one SPIR-V module. Build it with [`Writer::new`], then call [`Writer::write`].
#[derive(Debug)]
pub struct Writer<'a> {
    pub(crate) module: &'a Module,
    pub(crate) options: &'a Options,
    pub(crate) layouts: Layouts<'a>,
    next_id: Word,
    /// Set when ids ran past `u32::MAX` (reported by [`Writer::write`], never a panic).
    ids_exhausted: bool,
    capabilities: BTreeSet<u32>,
    extensions: BTreeSet<&'static str>,
    glsl_ext: Option<Word>,
    entry_section: Vec<Word>,
    mode_section: Vec<Word>,
    pub(crate) debug_strings: Vec<Word>,
    pub(crate) debug_names: Vec<Word>,
    pub(crate) annotations: Vec<Word>,
    pub(crate) declarations: Vec<Word>,
    pub(crate) functions: Vec<Word>,
    pub(crate) spv_types: FxHashMap<SpvType, Word>,
    pub(crate) ir_types: FxHashMap<(Handle<Type>, Layout), Word>,
    scalar_consts: FxHashMap<(Word, u32), Word>,
    composite_consts: FxHashMap<(Word, Vec<Word>), Word>,
    null_consts: FxHashMap<Word, Word>,
    ir_consts: Vec<Option<Word>>,
    spec_consts: Vec<bool>,
    pub(crate) globals: Vec<Option<GlobalInfo>>,
    /// Per global: a `NonWritable` twin of a read-write storage buffer, bound to the same
    /// descriptor, through which graphics entry points that never write the buffer read it
    /// (see [`read_twins`]).
    read_twins: Vec<Option<Word>>,
    /// Per function: the globals it reaches through their read-only twin.
    pub(crate) twinned: Vec<Vec<Handle<GlobalVariable>>>,
    pub(crate) function_ids: Vec<Option<Word>>,
    /// `OpString` ids of the debug sources (empty without debug info).
    pub(crate) file_strings: Vec<Word>,
    /// Ids already decorated `NonUniform` (one index may serve several accesses).
    non_uniform_ids: BTreeSet<Word>,
    /// Per type: the shape of its copy between layouts before SPIR-V 1.4 (see
    /// [`crate::convert`]), computed once.
    pub(crate) copy_shapes: FxHashMap<Handle<Type>, crate::convert::CopyShape>,
    /// Per type and pair of declarations (SPIR-V type, layout): the function that converts a
    /// value of the type between them, for types too large to convert in straight-line code
    /// (see [`crate::convert`]).
    pub(crate) relayout_functions: FxHashMap<crate::convert::RelayoutKey, Word>,
    /// The struct types decorated `Block` that buffer globals point to (a lookup, never
    /// iterated): `OpCopyLogical` does not convert them (see
    /// [`Writer::copy_logical_whole`](crate::writer::Writer::copy_logical_whole)).
    pub(crate) block_structs: FxHashSet<Word>,
}

/// The stages this back end writes, with their execution models.
fn execution_model(stage: ShaderStage) -> Result<ExecutionModel, Error> {
    match stage {
        ShaderStage::Vertex => Ok(ExecutionModel::Vertex),
        ShaderStage::Fragment => Ok(ExecutionModel::Fragment),
        ShaderStage::Compute => Ok(ExecutionModel::GLCompute),
        // The IR has no primitive emission, per-vertex input arrays, output topology or patch
        // data, so these stages cannot be written correctly from it.
        ShaderStage::Geometry
        | ShaderStage::TessellationControl
        | ShaderStage::TessellationEvaluation => Err(Error::new(
            codes::UNSUPPORTED_STAGE,
            format!(
                "the SPIR-V back end does not support `{}` entry points yet",
                stage.as_str()
            ),
        )),
    }
}

/// The storage class of an address space.
pub(crate) fn storage_class(space: AddressSpace) -> StorageClass {
    match space {
        AddressSpace::Function => StorageClass::Function,
        AddressSpace::Private => StorageClass::Private,
        AddressSpace::Workgroup => StorageClass::Workgroup,
        AddressSpace::Uniform => StorageClass::Uniform,
        AddressSpace::Storage { .. } => StorageClass::StorageBuffer,
        AddressSpace::PushConstant => StorageClass::PushConstant,
        AddressSpace::Handle => StorageClass::UniformConstant,
        AddressSpace::Input => StorageClass::Input,
        AddressSpace::Output => StorageClass::Output,
    }
}

impl<'a> Writer<'a> {
    /// Checks the options and prepares to write `module`.
    pub fn new(module: &'a Module, options: &'a Options) -> Result<Writer<'a>, Error> {
        let (major, minor) = options.version;
        if major != 1 || minor > 6 {
            return Err(Error::new(
                codes::UNSUPPORTED_VERSION,
                format!("SPIR-V version `{major}.{minor}` is not supported; use 1.0 through 1.6"),
            ));
        }
        Ok(Writer {
            module,
            options,
            layouts: Layouts::new(module),
            next_id: 1,
            ids_exhausted: false,
            capabilities: BTreeSet::new(),
            extensions: BTreeSet::new(),
            glsl_ext: None,
            entry_section: Vec::new(),
            mode_section: Vec::new(),
            debug_strings: Vec::new(),
            debug_names: Vec::new(),
            annotations: Vec::new(),
            declarations: Vec::new(),
            functions: Vec::new(),
            spv_types: FxHashMap::default(),
            ir_types: FxHashMap::default(),
            scalar_consts: FxHashMap::default(),
            composite_consts: FxHashMap::default(),
            null_consts: FxHashMap::default(),
            ir_consts: vec![None; module.constants.len()],
            spec_consts: vec![false; module.constants.len()],
            globals: vec![None; module.globals.len()],
            read_twins: vec![None; module.globals.len()],
            twinned: vec![Vec::new(); module.functions.len()],
            function_ids: vec![None; module.functions.len()],
            file_strings: Vec::new(),
            non_uniform_ids: BTreeSet::new(),
            copy_shapes: FxHashMap::default(),
            relayout_functions: FxHashMap::default(),
            block_structs: FxHashSet::default(),
        })
    }

    /// Whether the target version is at least `1.minor`.
    pub(crate) fn at_least(&self, minor: u8) -> bool {
        self.options.version.1 >= minor
    }

    /// A fresh id.
    pub(crate) fn id(&mut self) -> Word {
        let id = self.next_id;
        match self.next_id.checked_add(1) {
            Some(next) => self.next_id = next,
            None => self.ids_exhausted = true,
        }
        id
    }

    /// Declares that the module uses `capability`.
    pub(crate) fn capability(&mut self, capability: Capability) {
        self.capabilities.insert(capability as u32);
    }

    /// Declares that the module uses `extension`.
    pub(crate) fn extension(&mut self, extension: &'static str) {
        self.extensions.insert(extension);
    }

    /// The id of the `GLSL.std.450` import (imported on first use).
    pub(crate) fn glsl_ext(&mut self) -> Word {
        if let Some(id) = self.glsl_ext {
            return id;
        }
        let id = self.id();
        self.glsl_ext = Some(id);
        id
    }

    /// Adds `OpDecorate target decoration operands...`.
    pub(crate) fn decorate(
        &mut self,
        target: Word,
        decoration: Decoration,
        operands: &[Word],
    ) -> Result<(), Error> {
        Inst::new(Op::Decorate)
            .word(target)
            .word(decoration as u32)
            .words(operands)
            .push_into(&mut self.annotations)
    }

    /// Decorates `id` `NonUniform`, part of a non-uniform access to a resource of `kind`, with
    /// the capabilities that access needs: `ShaderNonUniform` for the decoration and the
    /// per-kind one for indexing the array (samplers count as sampled images, as in Vulkan's
    /// `shaderSampledImageArrayNonUniformIndexing`). Before SPIR-V 1.5 they come from
    /// `SPV_EXT_descriptor_indexing`.
    pub(crate) fn non_uniform(
        &mut self,
        id: Word,
        kind: luma_ir::proc::NonUniformResource,
    ) -> Result<(), Error> {
        use luma_ir::proc::NonUniformResource as R;
        self.capability(Capability::ShaderNonUniform);
        self.capability(match kind {
            R::SampledImage | R::Sampler => Capability::SampledImageArrayNonUniformIndexing,
            R::StorageImage => Capability::StorageImageArrayNonUniformIndexing,
        });
        if !self.at_least(5) {
            self.extension("SPV_EXT_descriptor_indexing");
        }
        if self.non_uniform_ids.insert(id) {
            self.decorate(id, Decoration::NonUniform, &[])?;
        }
        Ok(())
    }

    /// Adds `OpMemberDecorate`.
    pub(crate) fn decorate_member(
        &mut self,
        target: Word,
        member: u32,
        decoration: Decoration,
        operands: &[Word],
    ) -> Result<(), Error> {
        Inst::new(Op::MemberDecorate)
            .word(target)
            .word(member)
            .word(decoration as u32)
            .words(operands)
            .push_into(&mut self.annotations)
    }

    /// Adds `OpName` when writing debug information.
    pub(crate) fn name(&mut self, target: Word, name: &str) -> Result<(), Error> {
        if !self.options.debug || name.is_empty() {
            return Ok(());
        }
        Inst::new(Op::Name)
            .word(target)
            .string(name)
            .push_into(&mut self.debug_names)
    }

    /// Adds `OpMemberName` when writing debug information.
    pub(crate) fn member_name(
        &mut self,
        target: Word,
        member: u32,
        name: &str,
    ) -> Result<(), Error> {
        if !self.options.debug || name.is_empty() {
            return Ok(());
        }
        Inst::new(Op::MemberName)
            .word(target)
            .word(member)
            .string(name)
            .push_into(&mut self.debug_names)
    }

    // -----------------------------------------------------------------------------------------
    // IR lookups that fail cleanly on a handle the verifier should have rejected.

    /// The type behind `ty`.
    pub(crate) fn ir_type_inner(&self, ty: Handle<Type>) -> Result<&'a TypeInner, Error> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid(format!("type handle {ty:?} is out of range")))
    }

    /// The global behind `g`.
    pub(crate) fn ir_global(&self, g: Handle<GlobalVariable>) -> Result<&'a GlobalVariable, Error> {
        self.module
            .globals
            .get(g)
            .ok_or_else(|| Error::invalid(format!("global handle {g:?} is out of range")))
    }

    /// The function behind `f`.
    pub(crate) fn ir_function(&self, f: Handle<Function>) -> Result<&'a Function, Error> {
        self.module
            .functions
            .get(f)
            .ok_or_else(|| Error::invalid(format!("function handle {f:?} is out of range")))
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    /// An `OpConstant` (or `OpConstantTrue` / `OpConstantFalse`) of `literal`, deduplicated.
    pub(crate) fn literal(&mut self, literal: Literal) -> Result<Word, Error> {
        let ty = self.scalar_type(literal.scalar())?;
        let bits = literal_bits(literal);
        if let Some(&id) = self.scalar_consts.get(&(ty, bits)) {
            return Ok(id);
        }
        let id = self.id();
        let inst = match literal {
            Literal::Bool(true) => Inst::new(Op::ConstantTrue).word(ty).word(id),
            Literal::Bool(false) => Inst::new(Op::ConstantFalse).word(ty).word(id),
            _ => Inst::new(Op::Constant).word(ty).word(id).word(bits),
        };
        inst.push_into(&mut self.declarations)?;
        self.scalar_consts.insert((ty, bits), id);
        Ok(id)
    }

    /// A `u32` constant.
    pub(crate) fn const_u32(&mut self, value: u32) -> Result<Word, Error> {
        self.literal(Literal::U32(value))
    }

    /// A constant of the integer scalar `scalar` holding the bits `value`.
    pub(crate) fn const_int(&mut self, scalar: Scalar, value: u32) -> Result<Word, Error> {
        match scalar.kind {
            ScalarKind::Sint => self.literal(Literal::I32(value as i32)),
            ScalarKind::Uint => self.literal(Literal::U32(value)),
            _ => Err(Error::invalid("an integer constant of a non-integer type")),
        }
    }

    /// An `OpConstantComposite` of type `ty`, deduplicated.
    pub(crate) fn const_composite(&mut self, ty: Word, parts: Vec<Word>) -> Result<Word, Error> {
        let key = (ty, parts);
        if let Some(&id) = self.composite_consts.get(&key) {
            return Ok(id);
        }
        let id = self.id();
        Inst::new(Op::ConstantComposite)
            .word(ty)
            .word(id)
            .words(&key.1)
            .push_into(&mut self.declarations)?;
        self.composite_consts.insert(key, id);
        Ok(id)
    }

    /// `OpConstantNull` of `ty` (the zero value), deduplicated.
    pub(crate) fn const_null(&mut self, ty: Word) -> Result<Word, Error> {
        if let Some(&id) = self.null_consts.get(&ty) {
            return Ok(id);
        }
        let id = self.id();
        Inst::new(Op::ConstantNull)
            .word(ty)
            .word(id)
            .push_into(&mut self.declarations)?;
        self.null_consts.insert(ty, id);
        Ok(id)
    }

    /// The id of IR constant `root`, declaring it (and its parts) on first use.
    pub(crate) fn constant(&mut self, root: Handle<Constant>) -> Result<Word, Error> {
        if let Some(Some(id)) = self.ir_consts.get(root.index()) {
            return Ok(*id);
        }
        // Post-order walk with an explicit stack: composite constants nest as deep as their
        // types, and user-controlled depth must not become native recursion.
        let mut stack = vec![(root, false)];
        // Constants expanded but not yet declared (a set, not a table as long as the module's
        // constants: this runs once per constant, and a table made it quadratic).
        let mut in_progress = std::collections::BTreeSet::new();
        while let Some((c, expanded)) = stack.pop() {
            if self.ir_consts.get(c.index()).copied().flatten().is_some() {
                continue;
            }
            let constant =
                self.module.constants.get(c).ok_or_else(|| {
                    Error::invalid(format!("constant handle {c:?} is out of range"))
                })?;
            if expanded {
                let id = self.build_constant(constant)?;
                let spec = constant.spec_id.is_some()
                    || match &constant.value {
                        ConstantValue::Composite(parts) => parts
                            .iter()
                            .any(|p| self.spec_consts.get(p.index()).copied().unwrap_or(false)),
                        _ => false,
                    };
                if let Some(slot) = self.ir_consts.get_mut(c.index()) {
                    *slot = Some(id);
                }
                if let Some(slot) = self.spec_consts.get_mut(c.index()) {
                    *slot = spec;
                }
                continue;
            }
            if !in_progress.insert(c) {
                return Err(Error::invalid(format!("constant {c:?} contains itself")));
            }
            stack.push((c, true));
            if let ConstantValue::Composite(parts) = &constant.value {
                for &p in parts.iter().rev() {
                    if self.ir_consts.get(p.index()).copied().flatten().is_none() {
                        if in_progress.contains(&p) {
                            return Err(Error::invalid(format!("constant {p:?} contains itself")));
                        }
                        stack.push((p, false));
                    }
                }
            }
        }
        self.ir_consts
            .get(root.index())
            .copied()
            .flatten()
            .ok_or_else(|| Error::invalid(format!("constant {root:?} could not be declared")))
    }

    /// Whether IR constant `c` is (or contains) a specialization constant. Only meaningful
    /// after [`Writer::constant`] declared it.
    pub(crate) fn is_spec_constant(&self, c: Handle<Constant>) -> bool {
        self.spec_consts.get(c.index()).copied().unwrap_or(false)
    }

    /// Declares one IR constant whose parts are already declared.
    fn build_constant(&mut self, constant: &Constant) -> Result<Word, Error> {
        let ty = self.ir_type(constant.ty, Layout::Plain)?;
        if let Some(spec_id) = constant.spec_id {
            let literal = match constant.value {
                ConstantValue::Scalar(literal) => literal,
                ConstantValue::Zero => luma_ir::proc::zero_literal(self.scalar_of(constant.ty)?)
                    .ok_or_else(|| {
                        Error::invalid("a specialization constant of an invalid scalar")
                    })?,
                ConstantValue::Composite(_) => {
                    return Err(Error::invalid(
                        "a specialization constant must be a scalar".to_string(),
                    ))
                }
            };
            let id = self.id();
            let inst = match literal {
                Literal::Bool(true) => Inst::new(Op::SpecConstantTrue).word(ty).word(id),
                Literal::Bool(false) => Inst::new(Op::SpecConstantFalse).word(ty).word(id),
                other => Inst::new(Op::SpecConstant)
                    .word(ty)
                    .word(id)
                    .word(literal_bits(other)),
            };
            inst.push_into(&mut self.declarations)?;
            self.decorate(id, Decoration::SpecId, &[spec_id])?;
            if let Some(name) = &constant.name {
                self.name(id, name)?;
            }
            return Ok(id);
        }
        match &constant.value {
            ConstantValue::Scalar(literal) => self.literal(*literal),
            ConstantValue::Zero => self.const_null(ty),
            ConstantValue::Composite(parts) => {
                let mut ids = Vec::with_capacity(parts.len());
                let mut spec = false;
                for &p in parts {
                    ids.push(self.constant(p)?);
                    spec |= self.is_spec_constant(p);
                }
                if spec {
                    let id = self.id();
                    Inst::new(Op::SpecConstantComposite)
                        .word(ty)
                        .word(id)
                        .words(&ids)
                        .push_into(&mut self.declarations)?;
                    if let Some(name) = &constant.name {
                        self.name(id, name)?;
                    }
                    Ok(id)
                } else {
                    self.const_composite(ty, ids)
                }
            }
        }
    }

    /// The scalar of a scalar type (for spec constants declared as zero).
    fn scalar_of(&self, ty: Handle<Type>) -> Result<Scalar, Error> {
        match self.ir_type_inner(ty)? {
            TypeInner::Scalar(s) => Ok(*s),
            _ => Err(Error::invalid("a specialization constant must be a scalar")),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Globals

    /// Declares global `g` (an `OpVariable` with its decorations).
    fn declare_global(&mut self, g: Handle<GlobalVariable>) -> Result<GlobalInfo, Error> {
        let global = self.ir_global(g)?;
        let class = storage_class(global.space);
        let layout = Layout::for_space(global.space);
        let mut wrapped = false;
        let mut block_struct = None;
        let pointee = match global.space {
            AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant => {
                let (id, is_wrapper) = self.block_type(g)?;
                wrapped = is_wrapper;
                if !is_wrapper {
                    block_struct = Some(id);
                }
                self.block_structs.insert(id);
                id
            }
            AddressSpace::Input | AddressSpace::Output => {
                return Err(Error::invalid(format!(
                    "global `{}` is in the {:?} space, which has no location or builtin; \
                     entry-point inputs and outputs are function parameters and results",
                    global.name, global.space
                )))
            }
            _ => self.ir_type(global.ty, Layout::Plain)?,
        };
        self.note_16bit_storage(global.ty, global.space)?;
        let pointer = self.intern(SpvType::Pointer {
            class: class as u32,
            pointee,
        })?;
        let var = self.id();
        let init = match global.space {
            AddressSpace::Private => Some(match global.init {
                Some(c) => self.constant(c)?,
                // Luma has no uninitialized memory: private globals start zeroed.
                None => self.const_null(pointee)?,
            }),
            _ => None,
        };
        let mut inst = Inst::new(Op::Variable)
            .word(pointer)
            .word(var)
            .word(class as u32);
        if let Some(init) = init {
            inst = inst.word(init);
        }
        inst.push_into(&mut self.declarations)?;
        self.name(var, &global.name)?;
        if let Some(binding) = global.binding {
            self.decorate(var, Decoration::DescriptorSet, &[binding.group])?;
            self.decorate(var, Decoration::Binding, &[binding.binding])?;
        }
        if let AddressSpace::Storage {
            access: StorageAccess::Read,
        } = global.space
        {
            self.decorate(var, Decoration::NonWritable, &[])?;
        }
        if let Some(access) = self.storage_image_access(global.ty) {
            // Vulkan wants the access of a storage image stated on its variable.
            if !access.writable() {
                self.decorate(var, Decoration::NonWritable, &[])?;
            }
            if !access.readable() {
                self.decorate(var, Decoration::NonReadable, &[])?;
            }
        }
        if matches!(global.space, AddressSpace::Storage { .. }) && !self.at_least(3) {
            self.extension("SPV_KHR_storage_buffer_storage_class");
        }
        Ok(GlobalInfo {
            var,
            class,
            wrapped,
            block_struct,
            layout,
            pointer,
        })
    }

    /// The access of a storage image type (or of an array of storage images).
    pub(crate) fn storage_image_access(&self, ty: Handle<Type>) -> Option<luma_ir::ImageAccess> {
        let mut inner = self.ir_type_inner(ty).ok()?;
        if let TypeInner::Array { base, .. } = inner {
            inner = self.ir_type_inner(*base).ok()?;
        }
        match inner {
            TypeInner::Image {
                class: luma_ir::ImageClass::Storage { access, .. },
                ..
            } => Some(*access),
            _ => None,
        }
    }

    /// Declares the read-only twin of storage buffer or image `g` (declared as `info`): another
    /// variable of the same type on the same descriptor, decorated `NonWritable`.
    fn declare_read_twin(
        &mut self,
        g: Handle<GlobalVariable>,
        info: GlobalInfo,
    ) -> Result<Word, Error> {
        let global = self.ir_global(g)?;
        let var = self.id();
        Inst::new(Op::Variable)
            .word(info.pointer)
            .word(var)
            .word(info.class as u32)
            .push_into(&mut self.declarations)?;
        self.name(var, &global.name)?;
        if let Some(binding) = global.binding {
            self.decorate(var, Decoration::DescriptorSet, &[binding.group])?;
            self.decorate(var, Decoration::Binding, &[binding.binding])?;
        }
        self.decorate(var, Decoration::NonWritable, &[])?;
        Ok(var)
    }

    /// How global `g` is reached from function `f`: through its read-only twin where `f` reads
    /// it so.
    pub(crate) fn global_in(
        &self,
        f: Handle<Function>,
        g: Handle<GlobalVariable>,
    ) -> Result<GlobalInfo, Error> {
        let info = self.global(g)?;
        let twinned = self.twinned.get(f.index()).is_some_and(|t| t.contains(&g));
        match self.read_twins.get(g.index()).copied().flatten() {
            Some(twin) if twinned => Ok(GlobalInfo { var: twin, ..info }),
            _ => Ok(info),
        }
    }

    pub(crate) fn global(&self, g: Handle<GlobalVariable>) -> Result<GlobalInfo, Error> {
        self.globals
            .get(g.index())
            .copied()
            .flatten()
            .ok_or_else(|| Error::invalid(format!("global {g:?} is used but was not declared")))
    }

    /// Declares the capabilities 16-bit values need in host-shared or interface memory.
    pub(crate) fn note_16bit_storage(
        &mut self,
        ty: Handle<Type>,
        space: AddressSpace,
    ) -> Result<(), Error> {
        if !self.contains_16bit(ty)? {
            return Ok(());
        }
        let capability = match space {
            AddressSpace::Storage { .. } => Capability::StorageBuffer16BitAccess,
            AddressSpace::Uniform => Capability::UniformAndStorageBuffer16BitAccess,
            AddressSpace::PushConstant => Capability::StoragePushConstant16,
            AddressSpace::Input | AddressSpace::Output => Capability::StorageInputOutput16,
            _ => return Ok(()),
        };
        self.capability(capability);
        // Core from SPIR-V 1.3; an extension before.
        if !self.at_least(3) {
            self.extension("SPV_KHR_16bit_storage");
        }
        Ok(())
    }

    /// Whether `ty` holds a 16-bit scalar anywhere.
    fn contains_16bit(&self, ty: Handle<Type>) -> Result<bool, Error> {
        self.ir_type_inner(ty)?;
        Ok(luma_ir::proc::any_subtype(
            &self.module.types,
            ty,
            |inner| inner.scalar().is_some_and(|s| s.width == 2),
        ))
    }

    // -----------------------------------------------------------------------------------------
    // Entry-point interfaces

    /// Declares the `Input` / `Output` variables of entry point `index`.
    fn declare_interface(
        &mut self,
        stage: ShaderStage,
        function: &Function,
    ) -> Result<EntryInfo, Error> {
        let mut inputs = Vec::with_capacity(function.params.len());
        for param in &function.params {
            let binding = param.binding.ok_or_else(|| {
                Error::invalid(format!(
                    "entry parameter `{}` has no location or builtin",
                    param.name
                ))
            })?;
            let io = self.declare_io(stage, StorageClass::Input, param.ty, binding, &param.name)?;
            inputs.push(io);
        }
        let mut outputs = Vec::with_capacity(function.results.len());
        for (i, result) in function.results.iter().enumerate() {
            let binding = result.binding.ok_or_else(|| {
                Error::invalid(format!("entry result {i} has no location or builtin"))
            })?;
            let name = result.name.clone().unwrap_or_default();
            let io = self.declare_io(stage, StorageClass::Output, result.ty, binding, &name)?;
            outputs.push(io);
        }
        Ok(EntryInfo { inputs, outputs })
    }

    /// Declares one interface variable.
    fn declare_io(
        &mut self,
        stage: ShaderStage,
        class: StorageClass,
        ty: Handle<Type>,
        binding: IoBinding,
        name: &str,
    ) -> Result<IoVar, Error> {
        let space = if class == StorageClass::Input {
            AddressSpace::Input
        } else {
            AddressSpace::Output
        };
        self.note_16bit_storage(ty, space)?;
        let mut value_ty = self.ir_type(ty, Layout::Plain)?;
        let mut array_wrapped = false;
        if binding == IoBinding::BuiltIn(BuiltIn::SampleMask) {
            // Vulkan declares the sample mask as an array of 32-bit integers.
            let length = self.const_u32(1)?;
            value_ty = self.intern(SpvType::Array {
                element: value_ty,
                length,
                stride: None,
            })?;
            array_wrapped = true;
        }
        let pointer = self.intern(SpvType::Pointer {
            class: class as u32,
            pointee: value_ty,
        })?;
        let var = self.id();
        Inst::new(Op::Variable)
            .word(pointer)
            .word(var)
            .word(class as u32)
            .push_into(&mut self.declarations)?;
        self.name(var, name)?;
        match binding {
            IoBinding::BuiltIn(builtin) => {
                let spv = self.builtin(stage, class, builtin)?;
                self.decorate(var, Decoration::BuiltIn, &[spv as u32])?;
                // Vulkan wants every integer fragment input flat, builtins included.
                if stage == ShaderStage::Fragment
                    && class == StorageClass::Input
                    && self.is_integer(ty)?
                {
                    self.decorate(var, Decoration::Flat, &[])?;
                }
            }
            IoBinding::Location {
                location,
                interpolation,
            } => {
                self.decorate(var, Decoration::Location, &[location])?;
                // Vulkan allows interpolation decorations only where interpolation happens:
                // vertex outputs and fragment inputs. Integer fragment inputs must be flat.
                let interpolated = (stage == ShaderStage::Vertex && class == StorageClass::Output)
                    || (stage == ShaderStage::Fragment && class == StorageClass::Input);
                if interpolated {
                    let integer = self.is_integer(ty)?;
                    match interpolation {
                        Interpolation::Flat => self.decorate(var, Decoration::Flat, &[])?,
                        Interpolation::NoPerspective if !integer => {
                            self.decorate(var, Decoration::NoPerspective, &[])?
                        }
                        _ if integer && stage == ShaderStage::Fragment => {
                            self.decorate(var, Decoration::Flat, &[])?
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(IoVar { var, array_wrapped })
    }

    /// Whether a scalar or vector type has integer components.
    fn is_integer(&self, ty: Handle<Type>) -> Result<bool, Error> {
        Ok(matches!(
            self.ir_type_inner(ty)?.scalar_kind(),
            Some(ScalarKind::Sint | ScalarKind::Uint)
        ))
    }

    /// The SPIR-V builtin for `builtin` in `stage` / `class`, declaring its capability.
    fn builtin(
        &mut self,
        stage: ShaderStage,
        class: StorageClass,
        builtin: BuiltIn,
    ) -> Result<spirv::BuiltIn, Error> {
        use spirv::BuiltIn as B;
        Ok(match builtin {
            BuiltIn::Position => {
                if stage == ShaderStage::Fragment && class == StorageClass::Input {
                    B::FragCoord
                } else {
                    B::Position
                }
            }
            BuiltIn::VertexIndex => B::VertexIndex,
            BuiltIn::InstanceIndex => B::InstanceIndex,
            BuiltIn::FrontFacing => B::FrontFacing,
            BuiltIn::FragDepth => B::FragDepth,
            BuiltIn::SampleIndex => {
                self.capability(Capability::SampleRateShading);
                B::SampleId
            }
            BuiltIn::SampleMask => B::SampleMask,
            BuiltIn::LocalInvocationId => B::LocalInvocationId,
            BuiltIn::LocalInvocationIndex => B::LocalInvocationIndex,
            BuiltIn::GlobalInvocationId => B::GlobalInvocationId,
            BuiltIn::WorkgroupId => B::WorkgroupId,
            BuiltIn::NumWorkgroups => B::NumWorkgroups,
        })
    }

    // -----------------------------------------------------------------------------------------
    // The whole module

    /// Writes the module.
    pub fn write(mut self) -> Result<Vec<Word>, Error> {
        let module = self.module;
        self.capability(Capability::Shader);

        // Which entry points, functions and globals the output holds.
        let entries: Vec<&luma_ir::EntryPoint> = match &self.options.entry_point {
            Some(name) => {
                let found: Vec<_> = module
                    .entry_points
                    .iter()
                    .filter(|e| &e.name == name)
                    .collect();
                if found.is_empty() {
                    return Err(Error::new(
                        codes::UNKNOWN_ENTRY_POINT,
                        format!("no entry point named `{name}` in this module"),
                    ));
                }
                found
            }
            None => module.entry_points.iter().collect(),
        };
        let models = entries
            .iter()
            .map(|e| execution_model(e.stage))
            .collect::<Result<Vec<_>, _>>()?;
        let graph = CallGraph::new(module);
        let mut reachable = vec![false; module.functions.len()];
        let mut called = vec![false; module.functions.len()];
        let mut used_globals = BTreeSet::new();
        for entry in &entries {
            self.ir_function(entry.function)?;
            for f in graph.reachable(entry.function) {
                if let Some(slot) = reachable.get_mut(f.index()) {
                    *slot = true;
                }
                for &callee in graph.callees(f) {
                    if let Some(slot) = called.get_mut(callee.index()) {
                        *slot = true;
                    }
                }
                used_globals.extend(graph.direct_globals(f).iter().copied());
            }
        }

        self.debug_header()?;

        // Specialization constants are the pipeline's interface: declare every one, used or
        // not, so reflection and pipelines see the same ids.
        for (c, constant) in module.constants.iter() {
            if constant.spec_id.is_some() {
                self.constant(c)?;
            }
        }
        self.workgroup_size_builtin(&entries)?;
        for &g in &used_globals {
            let info = self.declare_global(g)?;
            if let Some(slot) = self.globals.get_mut(g.index()) {
                *slot = Some(info);
            }
        }
        let (twins, twinned) = read_twins(module, &graph, &entries);
        for g in twins {
            let info = self.global(g)?;
            let twin = self.declare_read_twin(g, info)?;
            if let Some(slot) = self.read_twins.get_mut(g.index()) {
                *slot = Some(twin);
            }
        }
        self.twinned = twinned;
        // Ids of the ordinary versions of called functions, so calls can refer to them.
        for (f, _) in module.functions.iter() {
            if called.get(f.index()).copied().unwrap_or(false) {
                let id = self.id();
                if let Some(slot) = self.function_ids.get_mut(f.index()) {
                    *slot = Some(id);
                }
            }
        }
        for (f, function) in module.functions.iter() {
            if let Some(Some(id)) = self.function_ids.get(f.index()).copied() {
                let mut out = Vec::new();
                FunctionWriter::new(&mut self, f, function, id, None)?.write(&mut out)?;
                self.functions.extend(out);
            }
        }
        for (entry, model) in entries.iter().zip(models) {
            let function = self.ir_function(entry.function)?;
            let info = self.declare_interface(entry.stage, function)?;
            let id = self.id();
            let mut out = Vec::new();
            FunctionWriter::new(&mut self, entry.function, function, id, Some(&info))?
                .write(&mut out)?;
            self.functions.extend(out);
            self.name(id, &entry.name)?;

            let mut interface: Vec<Word> = info
                .inputs
                .iter()
                .chain(info.outputs.iter())
                .map(|io| io.var)
                .collect();
            if self.at_least(4) {
                // Every variable the entry point's functions use: a buffer's twin, or the
                // buffer, or both when some functions read the twin and others the buffer.
                let reached = graph.reachable(entry.function);
                for g in graph.reachable_globals(entry.function) {
                    let mut vars = BTreeSet::new();
                    for &f in &reached {
                        if graph.direct_globals(f).contains(&g) {
                            vars.insert(self.global_in(f, g)?.var);
                        }
                    }
                    if vars.is_empty() {
                        vars.insert(self.global(g)?.var);
                    }
                    interface.extend(vars);
                }
            }
            Inst::new(Op::EntryPoint)
                .word(model as u32)
                .word(id)
                .string(&entry.name)
                .words(&interface)
                .push_into(&mut self.entry_section)?;
            match entry.stage {
                ShaderStage::Fragment => {
                    self.execution_mode(id, ExecutionMode::OriginUpperLeft, &[])?;
                    let writes_depth = function
                        .results
                        .iter()
                        .any(|r| r.binding == Some(IoBinding::BuiltIn(BuiltIn::FragDepth)));
                    if writes_depth {
                        self.execution_mode(id, ExecutionMode::DepthReplacing, &[])?;
                    }
                    if entry.early_depth_test {
                        self.execution_mode(id, ExecutionMode::EarlyFragmentTests, &[])?;
                    }
                }
                ShaderStage::Compute => {
                    let [x, y, z] = entry.workgroup_size;
                    self.execution_mode(id, ExecutionMode::LocalSize, &[x, y, z])?;
                }
                _ => {}
            }
        }
        self.assemble()
    }

    /// The `WorkgroupSize` builtin constant, when a compute entry point's workgroup size is
    /// given by specialization constants: a `uvec3` `OpSpecConstantComposite` of them, which
    /// the pipeline's values override `LocalSize` with (glslang's encoding of GLSL's
    /// `local_size_x_id`; `LocalSizeId` would need Vulkan's `maintenance4`). The builtin is one
    /// per module and sizes every compute entry point in it, so they must all agree.
    fn workgroup_size_builtin(&mut self, entries: &[&luma_ir::EntryPoint]) -> Result<(), Error> {
        let compute: Vec<&luma_ir::EntryPoint> = entries
            .iter()
            .copied()
            .filter(|e| e.stage == ShaderStage::Compute)
            .collect();
        let Some(first) = compute
            .iter()
            .find(|e| e.workgroup_size_spec.iter().any(Option::is_some))
        else {
            return Ok(());
        };
        if let Some(other) = compute.iter().find(|e| {
            e.workgroup_size != first.workgroup_size
                || e.workgroup_size_spec != first.workgroup_size_spec
        }) {
            return Err(Error::new(
                codes::MIXED_WORKGROUP_SIZES,
                format!(
                    "compute entry points `{}` and `{}` cannot share one SPIR-V module: the \
                     workgroup size of `{}` is specialized, and SPIR-V gives every compute \
                     entry point of a module that size; select one with `--entry`",
                    first.name, other.name, first.name
                ),
            )
            .about_entry_points(&[&first.name, &other.name]));
        }
        let uint = Scalar {
            kind: ScalarKind::Uint,
            width: 4,
        };
        let uint_ty = self.scalar_type(uint)?;
        let mut parts = Vec::with_capacity(3);
        for (&n, spec) in first.workgroup_size.iter().zip(&first.workgroup_size_spec) {
            let Some(c) = *spec else {
                parts.push(self.literal(Literal::U32(n))?);
                continue;
            };
            let constant = self
                .module
                .constants
                .get(c)
                .ok_or_else(|| Error::invalid("a workgroup size constant out of range"))?;
            let spec_id = constant
                .spec_id
                .ok_or_else(|| Error::invalid("a workgroup size constant without a SpecId"))?;
            if matches!(self.ir_type_inner(constant.ty)?, TypeInner::Scalar(s) if *s == uint) {
                parts.push(self.constant(c)?);
            } else {
                // An `int` constant: a `uint` twin with the same SpecId and default, which the
                // pipeline's value sets too (as glslang declares `local_size_x_id`).
                let id = self.id();
                Inst::new(Op::SpecConstant)
                    .word(uint_ty)
                    .word(id)
                    .word(n)
                    .push_into(&mut self.declarations)?;
                self.decorate(id, Decoration::SpecId, &[spec_id])?;
                parts.push(id);
            }
        }
        let uvec3 = self.numeric_type(uint, Some(VectorSize::Tri))?;
        let id = self.id();
        Inst::new(Op::SpecConstantComposite)
            .word(uvec3)
            .word(id)
            .words(&parts)
            .push_into(&mut self.declarations)?;
        self.decorate(
            id,
            Decoration::BuiltIn,
            &[spirv::BuiltIn::WorkgroupSize as u32],
        )?;
        Ok(())
    }

    /// Adds `OpExecutionMode`.
    fn execution_mode(
        &mut self,
        function: Word,
        mode: ExecutionMode,
        operands: &[Word],
    ) -> Result<(), Error> {
        Inst::new(Op::ExecutionMode)
            .word(function)
            .word(mode as u32)
            .words(operands)
            .push_into(&mut self.mode_section)
    }

    /// `OpString` per debug source and `OpSource` with the text, when writing debug info.
    fn debug_header(&mut self) -> Result<(), Error> {
        if !self.options.debug {
            return Ok(());
        }
        let module = self.module;
        for source in &module.debug_sources {
            let id = self.id();
            Inst::new(Op::String)
                .word(id)
                .string(&source.name)
                .push_into(&mut self.debug_strings)?;
            self.file_strings.push(id);
        }
        for (source, &file) in module.debug_sources.iter().zip(&self.file_strings.clone()) {
            let Some(text) = &source.text else {
                continue;
            };
            // SourceLanguage::Unknown: Luma has no registered source-language enumerant.
            let mut chunks = text_chunks(text, 4 * (0xFFFF - 4) - 4).into_iter();
            let first = chunks.next().unwrap_or_default();
            Inst::new(Op::Source)
                .word(spirv::SourceLanguage::Unknown as u32)
                .word(0)
                .word(file)
                .string(first)
                .push_into(&mut self.debug_strings)?;
            for chunk in chunks {
                Inst::new(Op::SourceContinued)
                    .string(chunk)
                    .push_into(&mut self.debug_strings)?;
            }
        }
        Ok(())
    }

    /// Joins header and sections.
    fn assemble(self) -> Result<Vec<Word>, Error> {
        if self.ids_exhausted {
            return Err(Error::new(
                codes::TOO_MANY_IDS,
                "the module needs more than 4294967295 SPIR-V ids; split the shader",
            ));
        }
        let mut out = Vec::with_capacity(
            5 + self.declarations.len() + self.functions.len() + self.annotations.len(),
        );
        let (major, minor) = self.options.version;
        out.push(spirv::MAGIC_NUMBER);
        out.push((u32::from(major) << 16) | (u32::from(minor) << 8));
        // Generator: 0 ("unregistered"); Luma has no registered tool id yet.
        out.push(0);
        out.push(self.next_id);
        out.push(0);
        for &capability in &self.capabilities {
            Inst::new(Op::Capability)
                .word(capability)
                .push_into(&mut out)?;
        }
        for extension in &self.extensions {
            Inst::new(Op::Extension)
                .string(extension)
                .push_into(&mut out)?;
        }
        if let Some(id) = self.glsl_ext {
            Inst::new(Op::ExtInstImport)
                .word(id)
                .string("GLSL.std.450")
                .push_into(&mut out)?;
        }
        Inst::new(Op::MemoryModel)
            .word(spirv::AddressingModel::Logical as u32)
            .word(spirv::MemoryModel::GLSL450 as u32)
            .push_into(&mut out)?;
        out.extend_from_slice(&self.entry_section);
        out.extend_from_slice(&self.mode_section);
        out.extend_from_slice(&self.debug_strings);
        out.extend_from_slice(&self.debug_names);
        out.extend_from_slice(&self.annotations);
        out.extend_from_slice(&self.declarations);
        out.extend_from_slice(&self.functions);
        Ok(out)
    }
}

/// The 32-bit word of a scalar literal.
pub(crate) fn literal_bits(literal: Literal) -> u32 {
    match literal {
        Literal::Bool(b) => u32::from(b),
        Literal::I32(v) => v as u32,
        Literal::U32(v) => v,
        Literal::F32(v) => v.to_bits(),
        Literal::F16(v) => u32::from(v),
    }
}

/// Splits `text` into pieces of at most `max_bytes` bytes at character boundaries.
fn text_chunks(text: &str, max_bytes: usize) -> Vec<&str> {
    let mut chunks = Vec::new();
    let mut rest = text;
    while rest.len() > max_bytes {
        let mut cut = max_bytes;
        while cut > 0 && !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        if cut == 0 {
            break;
        }
        let (head, tail) = rest.split_at(cut);
        chunks.push(head);
        rest = tail;
    }
    chunks.push(rest);
    chunks
}

/// Whether global `g` is a read-write storage buffer or storage image, which graphics entry
/// points that never write it read through a `NonWritable` twin (see [`read_twins`]).
pub(crate) fn may_have_read_twin(module: &Module, g: Handle<GlobalVariable>) -> bool {
    module.globals.get(g).is_some_and(|global| {
        global.space
            == AddressSpace::Storage {
                access: StorageAccess::ReadWrite,
            }
            || read_write_storage_image(module, global.ty)
    })
}

/// Whether `ty` is a `read_write` storage image or an array of them.
fn read_write_storage_image(module: &Module, mut ty: Handle<Type>) -> bool {
    if let Some(TypeInner::Array { base, .. }) = module.types.get(ty).map(|t| &t.inner) {
        ty = *base;
    }
    matches!(
        module.types.get(ty).map(|t| &t.inner),
        Some(TypeInner::Image {
            class: luma_ir::ImageClass::Storage {
                access: luma_ir::ImageAccess::ReadWrite,
                ..
            },
            ..
        })
    )
}

/// Per entry point (by index) the functions it reaches, and per function (by index) the entry
/// points that reach it.
type Reach = (Vec<Vec<Handle<Function>>>, Vec<Vec<usize>>);

/// Which read-write storage buffers and storage images get a read-only twin, and which
/// functions read through it.
///
/// Vulkan requires `NonWritable` on every storage buffer and storage image a vertex,
/// tessellation or geometry shader uses unless `vertexPipelineStoresAndAtomics` is enabled
/// (`fragmentStoresAndAtomics` for fragment shaders). A buffer's or image's access is one for
/// the whole source, so a module whose compute shader fills a buffer or image its vertex
/// shader reads would need the feature. Instead, a function uses the twin of `g` when every
/// entry point that reaches it is a graphics entry point none of whose functions writes `g`
/// (a function a compute shader or a writing entry point also reaches keeps `g` itself).
fn read_twins(
    module: &Module,
    graph: &CallGraph,
    entries: &[&luma_ir::EntryPoint],
) -> (
    Vec<Handle<GlobalVariable>>,
    Vec<Vec<Handle<GlobalVariable>>>,
) {
    let mut twinned: Vec<Vec<Handle<GlobalVariable>>> = vec![Vec::new(); module.functions.len()];
    let read_write = AddressSpace::Storage {
        access: StorageAccess::ReadWrite,
    };
    // Per entry point the functions it reaches, and per function the entry points that reach
    // it: lists, not an entry x function table, which took gigabytes for thousands of entry
    // points. Built at the first global that can have a twin (most modules have none).
    let mut reach: Option<Reach> = None;
    let mut twins = Vec::new();
    for (g, global) in module.globals.iter() {
        let image = read_write_storage_image(module, global.ty);
        if global.space != read_write && !image {
            continue;
        }
        let (reached, reached_by) = reach.get_or_insert_with(|| {
            let reached: Vec<Vec<Handle<Function>>> = entries
                .iter()
                .map(|e| graph.reachable(e.function))
                .collect();
            let mut reached_by = vec![Vec::new(); module.functions.len()];
            for (index, functions) in reached.iter().enumerate() {
                for f in functions {
                    if let Some(list) = reached_by.get_mut(f.index()) {
                        list.push(index);
                    }
                }
            }
            (reached, reached_by)
        });
        let writes = |f: Handle<Function>| {
            graph.direct_globals(f).contains(&g)
                && module.functions.get(f).is_some_and(|function| {
                    if image {
                        luma_back::image_uses(function, g).1
                    } else {
                        luma_back::writes_global(function, g)
                    }
                })
        };
        // Per entry point: whether it only reads `g` from a graphics stage.
        let reader: Vec<bool> = entries
            .iter()
            .zip(reached.iter())
            .map(|(entry, functions)| {
                entry.stage != ShaderStage::Compute && !functions.iter().any(|&f| writes(f))
            })
            .collect();
        if !reader.iter().any(|&r| r) {
            continue;
        }
        let mut any = false;
        for (f, _) in module.functions.iter() {
            if !graph.direct_globals(f).contains(&g) {
                continue;
            }
            let reaching = reached_by.get(f.index()).map_or(&[][..], Vec::as_slice);
            let only_readers = !reaching.is_empty()
                && reaching
                    .iter()
                    .all(|&e| reader.get(e).copied().unwrap_or(false));
            if only_readers {
                if let Some(list) = twinned.get_mut(f.index()) {
                    list.push(g);
                    any = true;
                }
            }
        }
        if any {
            twins.push(g);
        }
    }
    (twins, twinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_respect_char_boundaries() {
        let chunks = text_chunks("aé€b", 3);
        assert_eq!(chunks.concat(), "aé€b");
        assert!(chunks.iter().all(|c| c.len() <= 3));
    }
}
