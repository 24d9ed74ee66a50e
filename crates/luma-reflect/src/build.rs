//! Building the [`Reflection`] of a verified IR module: entry points and their I/O from the entry
//! functions, per-entry usage from [`luma_back::CallGraph`], layouts only from
//! [`luma_ir::layout`], Metal slots from the MSL back end's [`MslBindingMap`] and HLSL registers
//! from the HLSL back end's own [`luma_back_hlsl::assign_registers`].

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use luma_back::CallGraph;
use luma_back_msl::MslBindingMap;
use luma_base::Handle;
use luma_ir::layout::{LayoutKind, Layouter};
use luma_ir::{
    AddressSpace, ArraySize, BuiltIn, ConstantValue, GlobalVariable, ImageClass, ImageDimension,
    IoBinding, Module, ResourceBinding, ScalarKind, ShaderStage, StorageAccess, Type, TypeInner,
};

use crate::model::{
    Access, ArrayDim, Binding, BindingKind, BindingRef, CombinedRole, DescriptorType, EntryPoint,
    HlslInfo, HlslRegister, Interpolation, Io, LayoutRule, MemberLayout, MslClass, MslInfo,
    MslSlot, PushConstant, Reflection, SampleType, SpecConstant, Stage, StructLayout, TextureDim,
    TextureInfo, SCHEMA,
};
use crate::names::{literal_text, type_name};

/// What changes the reflection besides the module: the HLSL options that place resources the
/// binding numbers do not (they must match the options the HLSL output was written with), and
/// whether to run the MSL back end for its binding remap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReflectOptions {
    /// The HLSL back end's `push_constant_register` option.
    pub hlsl_push_constant_register: Option<ResourceBinding>,
    /// The HLSL back end's `num_workgroups` option.
    pub hlsl_num_workgroups: Option<ResourceBinding>,
    /// Run the MSL back end to report its binding remap ([`crate::reflect`] only).
    pub msl: bool,
    /// The options that MSL back end run gets: the same as the output's, since bounds checks
    /// decide whether a sizes buffer is declared.
    pub msl_options: luma_back_msl::Options,
}

impl Default for ReflectOptions {
    fn default() -> Self {
        ReflectOptions {
            hlsl_push_constant_register: None,
            hlsl_num_workgroups: None,
            msl: true,
            msl_options: luma_back_msl::Options::default(),
        }
    }
}

/// Why a module could not be reflected: it breaks an invariant the IR verifier checks (a bad
/// handle, a buffer without a host layout), or the HLSL back end cannot number its resources
/// (registers past `u32::MAX`), which reflection reports for every resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReflectError {
    /// What is wrong, naming the global or type.
    pub message: String,
    /// The HLSL back end's diagnostic code when the module is one the HLSL target cannot
    /// express (E0920); `None` when the module is malformed.
    pub hlsl_code: Option<luma_base::Code>,
    /// The module global the HLSL back end blames, by its IR name, when one is to blame.
    pub global: Option<String>,
}

impl fmt::Display for ReflectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReflectError {}

fn err(message: impl Into<String>) -> ReflectError {
    ReflectError {
        message: message.into(),
        hlsl_code: None,
        global: None,
    }
}

/// Reflects a verified module. With [`ReflectOptions::msl`], runs the MSL back end for its
/// binding remap; a module MSL cannot express (a geometry stage, say) gets no Metal slots.
pub fn reflect(module: &Module, options: &ReflectOptions) -> Result<Reflection, ReflectError> {
    let map = if options.msl {
        luma_back_msl::write(module, &options.msl_options)
            .ok()
            .map(|out| out.bindings)
    } else {
        None
    };
    reflect_with(module, map.as_ref(), options)
}

/// Reflects a verified module with the MSL binding remap a caller already has (from
/// `luma_back_msl::write` on the same module), or none. [`ReflectOptions::msl`] is ignored.
pub fn reflect_with(
    module: &Module,
    msl: Option<&MslBindingMap>,
    options: &ReflectOptions,
) -> Result<Reflection, ReflectError> {
    Builder::new(module).build(msl, options)
}

struct Builder<'a> {
    module: &'a Module,
    std140: Layouter<'a>,
    std430: Layouter<'a>,
    /// The key of every struct type, by type index: its name, made unique.
    struct_keys: BTreeMap<usize, String>,
    /// The stages that use each global, by global index.
    stages: Vec<BTreeSet<Stage>>,
    /// The arrays of resources that entry points index with a non-uniform index.
    non_uniform: BTreeSet<Handle<GlobalVariable>>,
    /// The device features those accesses need.
    features: BTreeSet<&'static str>,
}

impl<'a> Builder<'a> {
    fn new(module: &'a Module) -> Builder<'a> {
        let mut struct_keys = BTreeMap::new();
        let mut taken = BTreeSet::new();
        for (handle, ty) in module.types.iter() {
            if let TypeInner::Struct { .. } = ty.inner {
                let base = ty
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("struct{}", handle.index()));
                // Two distinct struct types may share a name (the arena dedups by name and
                // structure); the later one gets its type index appended so keys stay unique.
                let key = if taken.contains(&base) {
                    format!("{base}#{}", handle.index())
                } else {
                    base
                };
                taken.insert(key.clone());
                struct_keys.insert(handle.index(), key);
            }
        }
        Builder {
            module,
            std140: Layouter::new(&module.types, luma_ir::layout::LayoutRule::Std140),
            std430: Layouter::new(&module.types, luma_ir::layout::LayoutRule::Std430),
            struct_keys,
            stages: vec![BTreeSet::new(); module.globals.len()],
            non_uniform: BTreeSet::new(),
            features: BTreeSet::new(),
        }
    }

    fn build(
        mut self,
        msl: Option<&MslBindingMap>,
        options: &ReflectOptions,
    ) -> Result<Reflection, ReflectError> {
        let module = self.module;
        let graph = CallGraph::new(module);
        let mut entry_globals = Vec::with_capacity(module.entry_points.len());
        for ep in &module.entry_points {
            let used = graph.reachable_globals(ep.function);
            for g in &used {
                if let Some(set) = self.stages.get_mut(g.index()) {
                    set.insert(ep.stage.into());
                }
            }
            entry_globals.push(used);
        }
        self.non_uniform_accesses(&graph);

        let bound = luma_back::bound_globals(module);

        // The HLSL back end's own assignment, so the two cannot disagree.
        let registers = luma_back_hlsl::assign_registers(module).map_err(|e| ReflectError {
            hlsl_code: (e.code != luma_back_hlsl::codes::INVALID_IR).then_some(e.code),
            message: e.message,
            global: e.global,
        })?;
        let mut bindings = Vec::with_capacity(bound.len());
        let mut roots = Vec::new();
        for &(rb, handle) in &bound {
            let global = self.global(handle)?;
            let register = registers.get(&handle).copied().ok_or_else(|| {
                err(format!(
                    "bound global `{}` has no HLSL register",
                    global.name
                ))
            })?;
            let binding = self.binding(global, rb, handle, msl, register)?;
            if let Some(rule) = binding.layout {
                roots.push((global.ty, rule));
            }
            bindings.push(binding);
        }

        let mut push_constants = Vec::new();
        for (handle, global) in module.globals.iter() {
            if global.space != AddressSpace::PushConstant {
                continue;
            }
            roots.push((global.ty, LayoutRule::Std430));
            push_constants.push(self.push_constant(global, handle, msl, options)?);
        }

        let structs = self.structs(&roots)?;

        let mut entry_points = Vec::with_capacity(module.entry_points.len());
        for (ep, used) in module.entry_points.iter().zip(&entry_globals) {
            entry_points.push(self.entry_point(ep, used)?);
        }

        let mut spec_constants = Vec::new();
        for (_, c) in module.constants.iter() {
            let Some(id) = c.spec_id else {
                continue;
            };
            spec_constants.push(self.spec_constant(c, id)?);
        }
        spec_constants.sort_by(|a, b| (a.id, &a.name).cmp(&(b.id, &b.name)));

        let uses_num_workgroups = module.entry_points.iter().any(|ep| {
            module.functions.get(ep.function).is_some_and(|f| {
                f.params
                    .iter()
                    .any(|p| p.binding == Some(IoBinding::BuiltIn(BuiltIn::NumWorkgroups)))
            })
        });
        // Where the HLSL back end would refuse the option's binding (E0922: a resource or the
        // push-constant block is there), it places no buffer.
        let push_constants_used = push_constants.iter().any(|p| !p.stages.is_empty());
        let push_constant_register = options
            .hlsl_push_constant_register
            .filter(|_| push_constants_used);
        let hlsl = HlslInfo {
            num_workgroups: options
                .hlsl_num_workgroups
                .filter(|_| uses_num_workgroups)
                .filter(|&at| {
                    luma_back_hlsl::num_workgroups_clash(module, at, push_constant_register)
                        .is_none()
                })
                .map(|b| cbuffer_register(b, 1)),
        };

        Ok(Reflection {
            schema: SCHEMA.to_string(),
            entry_points,
            bindings,
            push_constants,
            structs,
            spec_constants,
            msl: msl.map(|m| MslInfo {
                sizes_buffer: m.sizes_buffer,
                sizes: m.sizes.clone(),
            }),
            hlsl,
            device_features: crate::model::DEVICE_FEATURES
                .iter()
                .filter(|f| self.features.contains(**f))
                .map(|f| (*f).to_string())
                .collect(),
        })
    }

    /// Finds the non-uniform accesses into arrays of resources in the functions entry points
    /// reach (what the back ends write), and the device features they need.
    fn non_uniform_accesses(&mut self, graph: &CallGraph) {
        let module = self.module;
        let mut functions = BTreeSet::new();
        for ep in &module.entry_points {
            functions.extend(graph.reachable(ep.function));
        }
        for f in functions {
            let Some(func) = module.functions.get(f) else {
                continue;
            };
            for (v, value) in func.values.iter() {
                let Some(kind) = luma_ir::proc::non_uniform_access(&module.types, func, v) else {
                    continue;
                };
                self.features
                    .insert(crate::model::non_uniform_feature(kind));
                if let luma_ir::ValueDef::Op(luma_ir::Op::AccessChain { base, .. }) = &value.def {
                    if let Some(g) = luma_back::pointer_global(func, *base) {
                        self.non_uniform.insert(g);
                    }
                }
            }
        }
    }

    fn global(&self, handle: Handle<GlobalVariable>) -> Result<&'a GlobalVariable, ReflectError> {
        self.module
            .globals
            .get(handle)
            .ok_or_else(|| err(format!("global handle {} is invalid", handle.index())))
    }

    fn ty(&self, ty: Handle<Type>) -> Result<&'a TypeInner, ReflectError> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| err(format!("type handle {} is invalid", ty.index())))
    }

    fn name(&self, ty: Handle<Type>) -> String {
        type_name(&self.module.types, ty)
    }

    fn stages_of(&self, handle: Handle<GlobalVariable>) -> Vec<Stage> {
        self.stages
            .get(handle.index())
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default()
    }

    fn layouter(&mut self, rule: LayoutRule) -> &mut Layouter<'a> {
        match rule {
            LayoutRule::Std140 => &mut self.std140,
            LayoutRule::Std430 => &mut self.std430,
        }
    }

    fn binding(
        &mut self,
        global: &GlobalVariable,
        rb: ResourceBinding,
        handle: Handle<GlobalVariable>,
        msl: Option<&MslBindingMap>,
        register: luma_back_hlsl::Register,
    ) -> Result<Binding, ReflectError> {
        let (kind, descriptor_type, access, rule) = match global.space {
            AddressSpace::Uniform => (
                BindingKind::UniformBuffer,
                DescriptorType::UniformBuffer,
                Some(Access::Read),
                Some(LayoutRule::Std140),
            ),
            AddressSpace::Storage { access } => {
                let access = match access {
                    StorageAccess::Read => Access::Read,
                    StorageAccess::ReadWrite => Access::ReadWrite,
                };
                (
                    BindingKind::StorageBuffer,
                    DescriptorType::StorageBuffer,
                    Some(access),
                    Some(LayoutRule::Std430),
                )
            }
            AddressSpace::Handle => {
                let base = self.descriptor_element(global.ty)?.0;
                match self.ty(base)? {
                    TypeInner::Sampler { .. } => {
                        (BindingKind::Sampler, DescriptorType::Sampler, None, None)
                    }
                    TypeInner::Image {
                        class: ImageClass::Storage { access, .. },
                        ..
                    } => (
                        BindingKind::StorageTexture,
                        DescriptorType::StorageImage,
                        Some(match access {
                            luma_ir::ImageAccess::Read => Access::Read,
                            luma_ir::ImageAccess::Write => Access::Write,
                            luma_ir::ImageAccess::ReadWrite => Access::ReadWrite,
                        }),
                        None,
                    ),
                    TypeInner::Image { .. } => (
                        BindingKind::Texture,
                        DescriptorType::SampledImage,
                        Some(Access::Read),
                        None,
                    ),
                    _ => {
                        return Err(err(format!(
                            "handle global `{}` is neither a texture nor a sampler",
                            global.name
                        )))
                    }
                }
            }
            _ => {
                return Err(err(format!(
                    "global `{}` has a binding but is not a resource",
                    global.name
                )))
            }
        };

        let (array_size, texture, comparison, format) = if global.space == AddressSpace::Handle {
            let (base, array_size) = self.descriptor_element(global.ty)?;
            let (texture, comparison, format) = match self.ty(base)? {
                TypeInner::Image {
                    dim,
                    arrayed,
                    class,
                } => {
                    let format = match class {
                        ImageClass::Storage { format, .. } => Some(format.as_str().to_string()),
                        _ => None,
                    };
                    (Some(texture_info(*dim, *arrayed, *class)), None, format)
                }
                TypeInner::Sampler { comparison } => (None, Some(*comparison), None),
                _ => (None, None, None),
            };
            (array_size, texture, comparison, format)
        } else {
            (None, None, None, None)
        };
        let count = array_size.unwrap_or(1);

        let (struct_name, size, runtime_array_stride, block) = match rule {
            Some(rule) => {
                let (block, size, stride) = self.block(global, rule)?;
                (block.struct_name.clone(), Some(size), stride, Some(block))
            }
            None => (None, None, None, None),
        };

        let msl_slot = msl.and_then(|m| {
            let r = m.resources.iter().find(|r| r.binding == Some(rb))?;
            Some(MslSlot {
                class: msl_class(r.class),
                index: r.index,
                count: r.count,
                sizes_index: m
                    .sizes
                    .iter()
                    .position(|n| n == &global.name)
                    .filter(|_| runtime_array_stride.is_some())
                    .map(|i| i as u32),
            })
        });

        Ok(Binding {
            name: global.name.clone(),
            group: rb.group,
            binding: rb.binding,
            kind,
            descriptor_type,
            ty: self.name(global.ty),
            access,
            array_size,
            count,
            combined_id: global.combined.as_ref().map(|c| c.id),
            combined_name: global.combined.as_ref().map(|c| c.name.clone()),
            combined_role: global.combined.as_ref().map(|c| match c.role {
                luma_ir::CombinedRole::Texture => CombinedRole::Texture,
                luma_ir::CombinedRole::Sampler => CombinedRole::Sampler,
            }),
            texture,
            format,
            comparison,
            struct_name,
            layout: rule,
            size,
            runtime_array_stride,
            block,
            stages: self.stages_of(handle),
            msl: msl_slot,
            hlsl: HlslRegister {
                register: register.name(),
                space: register.space,
                count: register.count,
            },
            non_uniform_index: self.non_uniform.contains(&handle),
        })
    }

    /// The element type of a (possibly arrayed) texture or sampler global, and the array size.
    fn descriptor_element(
        &self,
        ty: Handle<Type>,
    ) -> Result<(Handle<Type>, Option<u32>), ReflectError> {
        match self.ty(ty)? {
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => Ok((*base, Some(*n))),
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            } => Err(err("a runtime-sized array of textures or samplers")),
            _ => Ok((ty, None)),
        }
    }

    fn push_constant(
        &mut self,
        global: &GlobalVariable,
        handle: Handle<GlobalVariable>,
        msl: Option<&MslBindingMap>,
        options: &ReflectOptions,
    ) -> Result<PushConstant, ReflectError> {
        let (block, size, stride) = self.block(global, LayoutRule::Std430)?;
        if stride.is_some() {
            return Err(err(format!(
                "push constant `{}` holds a runtime-sized array",
                global.name
            )));
        }
        let msl_slot = msl.and_then(|m| {
            let r = m
                .resources
                .iter()
                .find(|r| r.binding.is_none() && r.name == global.name)?;
            Some(MslSlot {
                class: msl_class(r.class),
                index: r.index,
                count: r.count,
                sizes_index: None,
            })
        });
        Ok(PushConstant {
            name: global.name.clone(),
            ty: self.name(global.ty),
            struct_name: block.struct_name.clone(),
            layout: LayoutRule::Std430,
            size,
            block,
            stages: self.stages_of(handle),
            msl: msl_slot,
            hlsl: options
                .hlsl_push_constant_register
                .map(|b| cbuffer_register(b, 1)),
        })
    }

    /// The contents of a buffer as a member at offset 0, the bytes to bind (with a runtime
    /// array: its offset), and the runtime array's stride.
    fn block(
        &mut self,
        global: &GlobalVariable,
        rule: LayoutRule,
    ) -> Result<(MemberLayout, u32, Option<u32>), ReflectError> {
        let block = self.member(&global.name, global.ty, 0, rule)?;
        if let Some(size) = block.size {
            // A block's size includes its trailing padding, as a struct's does: a bare `vec3`
            // block is 16 bytes like a struct holding one (Metal's `float3` reads all 16). It
            // is also whole 32-bit words: HLSL reads `half`s through 32-bit loads of a
            // (RW)ByteAddressBuffer or constant buffer, which past a 2-byte binding's end read
            // nothing (a lone `half` read as 0 on Vulkan); Vulkan's push-constant ranges and
            // WebGPU's storage bindings are multiples of 4 too.
            let padded = size.checked_next_multiple_of(block.align.max(4));
            return Ok((block, padded.unwrap_or(size), None));
        }
        // Walk down the last members to the runtime-sized array; each step moves to an earlier
        // type, so the walk is bounded by the arena's size.
        let mut ty = global.ty;
        let mut offset = 0u32;
        for _ in 0..=self.module.types.len() {
            let layout = self
                .layouter(rule)
                .layout(ty)
                .map_err(|e| err(format!("buffer `{}`: {e}", global.name)))?
                .clone();
            match (self.ty(ty)?, &layout.kind) {
                (
                    TypeInner::Array {
                        size: ArraySize::Runtime,
                        ..
                    },
                    LayoutKind::Array { stride },
                ) => return Ok((block, offset, Some(*stride))),
                (TypeInner::Struct { members }, LayoutKind::Struct { offsets }) => {
                    let (Some(last), Some(last_offset)) = (members.last(), offsets.last()) else {
                        break;
                    };
                    offset = offset.saturating_add(*last_offset);
                    ty = last.ty;
                }
                _ => break,
            }
        }
        Err(err(format!(
            "buffer `{}` has no size but no runtime-sized array at its end",
            global.name
        )))
    }

    /// The layout record of a value of type `ty` at `offset` under `rule`.
    fn member(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        offset: u32,
        rule: LayoutRule,
    ) -> Result<MemberLayout, ReflectError> {
        let type_text = self.name(ty);
        let layout = self
            .layouter(rule)
            .layout(ty)
            .map_err(|e| err(format!("`{name}` of type `{type_text}`: {e}")))?
            .clone();
        let mut array = Vec::new();
        let mut current = ty;
        let mut current_kind = layout.kind.clone();
        // Arrays peel to earlier types, so this ends within the arena's size.
        for _ in 0..=self.module.types.len() {
            match (self.ty(current)?, &current_kind) {
                (TypeInner::Array { base, size }, LayoutKind::Array { stride }) => {
                    array.push(ArrayDim {
                        size: match size {
                            ArraySize::Constant(n) => Some(*n),
                            ArraySize::Runtime => None,
                        },
                        stride: *stride,
                    });
                    current = *base;
                    current_kind = self
                        .layouter(rule)
                        .layout(current)
                        .map_err(|e| err(format!("`{name}` of type `{type_text}`: {e}")))?
                        .kind
                        .clone();
                }
                _ => break,
            }
        }
        let matrix_stride = match current_kind {
            LayoutKind::Matrix { column_stride } => Some(column_stride),
            _ => None,
        };
        let struct_name = self.struct_keys.get(&current.index()).cloned();
        Ok(MemberLayout {
            name: name.to_string(),
            ty: type_text,
            offset,
            size: layout.size,
            align: layout.align,
            array,
            matrix_stride,
            struct_name,
        })
    }

    /// The layout of every struct reachable from `roots` under the rule each is reached with,
    /// sorted by (name, rule). A worklist, so nesting depth costs no recursion.
    fn structs(
        &mut self,
        roots: &[(Handle<Type>, LayoutRule)],
    ) -> Result<Vec<StructLayout>, ReflectError> {
        let mut seen: BTreeSet<(usize, LayoutRule)> = BTreeSet::new();
        let mut pending: Vec<(Handle<Type>, LayoutRule)> = roots.to_vec();
        let mut out = Vec::new();
        while let Some((ty, rule)) = pending.pop() {
            // Peel arrays down to the element type.
            let mut element = ty;
            for _ in 0..=self.module.types.len() {
                match self.ty(element)? {
                    TypeInner::Array { base, .. } => element = *base,
                    _ => break,
                }
            }
            let TypeInner::Struct { members } = self.ty(element)? else {
                continue;
            };
            if !seen.insert((element.index(), rule)) {
                continue;
            }
            let struct_name = self.name(element);
            let layout = self
                .layouter(rule)
                .layout(element)
                .map_err(|e| err(format!("struct `{struct_name}`: {e}")))?
                .clone();
            let LayoutKind::Struct { offsets } = &layout.kind else {
                return Err(err(format!(
                    "struct `{}` has no member offsets",
                    self.name(element)
                )));
            };
            let mut member_layouts = Vec::with_capacity(members.len());
            for (member, offset) in members.iter().zip(offsets) {
                member_layouts.push(self.member(&member.name, member.ty, *offset, rule)?);
                pending.push((member.ty, rule));
            }
            out.push(StructLayout {
                name: self
                    .struct_keys
                    .get(&element.index())
                    .cloned()
                    .unwrap_or_else(|| self.name(element)),
                layout: rule,
                size: layout.size,
                align: layout.align,
                members: member_layouts,
            });
        }
        out.sort_by(|a, b| (&a.name, a.layout).cmp(&(&b.name, b.layout)));
        Ok(out)
    }

    fn entry_point(
        &self,
        ep: &luma_ir::EntryPoint,
        used: &[Handle<GlobalVariable>],
    ) -> Result<EntryPoint, ReflectError> {
        let function = self
            .module
            .functions
            .get(ep.function)
            .ok_or_else(|| err(format!("entry point `{}` has no function", ep.name)))?;
        let inputs = function
            .params
            .iter()
            .map(|p| self.io(ep.stage, true, &p.name, p.ty, p.binding))
            .collect();
        let outputs = function
            .results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let name = r.name.clone().unwrap_or_else(|| format!("result{i}"));
                self.io(ep.stage, false, &name, r.ty, r.binding)
            })
            .collect();
        let mut bindings = Vec::new();
        let mut push_constant = None;
        for &g in used {
            let global = self.global(g)?;
            if let Some(b) = global.binding {
                bindings.push(BindingRef {
                    group: b.group,
                    binding: b.binding,
                    name: global.name.clone(),
                });
            } else if global.space == AddressSpace::PushConstant && push_constant.is_none() {
                push_constant = Some(global.name.clone());
            }
        }
        bindings.sort();
        Ok(EntryPoint {
            name: ep.name.clone(),
            stage: ep.stage.into(),
            workgroup_size: ep.workgroup_size,
            workgroup_size_spec_ids: ep.workgroup_size_spec_ids(self.module),
            early_depth_test: ep.early_depth_test,
            inputs,
            outputs,
            bindings,
            push_constant,
        })
    }

    fn io(
        &self,
        stage: ShaderStage,
        input: bool,
        name: &str,
        ty: Handle<Type>,
        binding: Option<IoBinding>,
    ) -> Io {
        let (location, builtin, interpolation) = match binding {
            Some(IoBinding::BuiltIn(b)) => (None, Some(b.as_str().to_string()), None),
            Some(IoBinding::Location {
                location,
                interpolation,
            }) => {
                // Only varyings interpolate: not what the vertex stage reads from buffers, nor
                // what the fragment stage writes to attachments.
                let varying = !matches!(
                    (stage, input),
                    (ShaderStage::Vertex, true)
                        | (ShaderStage::Fragment, false)
                        | (ShaderStage::Compute, _)
                );
                let interpolation = varying.then_some(match interpolation {
                    luma_ir::Interpolation::Smooth => Interpolation::Smooth,
                    luma_ir::Interpolation::Flat => Interpolation::Flat,
                    luma_ir::Interpolation::NoPerspective => Interpolation::NoPerspective,
                });
                (Some(location), None, interpolation)
            }
            None => (None, None, None),
        };
        Io {
            name: name.to_string(),
            ty: self.name(ty),
            location,
            builtin,
            interpolation,
        }
    }

    fn spec_constant(&self, c: &luma_ir::Constant, id: u32) -> Result<SpecConstant, ReflectError> {
        let name = c.name.clone().unwrap_or_default();
        let scalar = match self.ty(c.ty)? {
            TypeInner::Scalar(s) => *s,
            _ => {
                return Err(err(format!(
                    "specialization constant `{name}` (id {id}) is not a scalar"
                )))
            }
        };
        let default = match &c.value {
            ConstantValue::Scalar(lit) => literal_text(*lit),
            ConstantValue::Zero => luma_ir::proc::zero_literal(scalar)
                .map(literal_text)
                .unwrap_or_else(|| "0".to_string()),
            ConstantValue::Composite(_) => {
                return Err(err(format!(
                    "specialization constant `{name}` (id {id}) has a composite value"
                )))
            }
        };
        let size = if scalar.kind == ScalarKind::Bool {
            4
        } else {
            u32::from(scalar.width)
        };
        Ok(SpecConstant {
            name,
            id,
            ty: self.name(c.ty),
            default,
            size,
        })
    }
}

fn texture_info(dim: ImageDimension, arrayed: bool, class: ImageClass) -> TextureInfo {
    let (multisampled, sample_type) = match class {
        ImageClass::Sampled { kind, multisampled } => (
            multisampled,
            match kind {
                ScalarKind::Sint => SampleType::Sint,
                ScalarKind::Uint => SampleType::Uint,
                ScalarKind::Float | ScalarKind::Bool => SampleType::Float,
            },
        ),
        ImageClass::Depth { multisampled } => (multisampled, SampleType::Depth),
        ImageClass::Storage { format, .. } => (
            false,
            match format.kind() {
                ScalarKind::Sint => SampleType::Sint,
                ScalarKind::Uint => SampleType::Uint,
                ScalarKind::Float | ScalarKind::Bool => SampleType::Float,
            },
        ),
    };
    TextureInfo {
        dim: match dim {
            ImageDimension::D2 => TextureDim::D2,
            ImageDimension::D3 => TextureDim::D3,
            ImageDimension::Cube => TextureDim::Cube,
        },
        arrayed,
        multisampled,
        sample_type,
    }
}

fn msl_class(class: luma_back_msl::MslClass) -> MslClass {
    match class {
        luma_back_msl::MslClass::Buffer => MslClass::Buffer,
        luma_back_msl::MslClass::Texture => MslClass::Texture,
        luma_back_msl::MslClass::Sampler => MslClass::Sampler,
    }
}

fn cbuffer_register(b: ResourceBinding, count: u32) -> HlslRegister {
    HlslRegister {
        register: format!("b{}", b.binding),
        space: b.group,
        count,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// Awkward layouts under both rules, a runtime-sized array behind a header, a bare runtime
    /// array, a push-constant block, an array of textures, a combined sampler and spec constants.
    const MODULE: &str = r#"
struct Inner {
  a: f32,
}
struct Awkward {
  v: vec3<f32>,
  f: f32,
  arr: [f32; 3],
  m: mat3x3<f32>,
  m2: mat2x2<f32>,
  inner: Inner,
  after: f32,
}
struct Runtime {
  count: u32,
  items: [vec3<f32>],
}
struct PC {
  a: vec2<f32>,
  b: f32,
}

const c0: u32 = 0u
const c1: u32 = 1u
@spec(3) const c2 "SCALE": f32 = 2.5
@spec(1) const c3 "ON": bool = true

global g0 "u": Awkward in uniform @group(0) @binding(0)
global g1 "s": Awkward in storage(read) @group(0) @binding(1)
global g2 "rt": Runtime in storage(read_write) @group(1) @binding(0)
global g3 "plain": [vec4<f32>] in storage(read) @group(1) @binding(1)
global g4 "pc": PC in push_constant
global g5 "layers": [texture_2d<f32>; 4] in handle @group(2) @binding(0)
global g6 "albedo_tex": texture_depth_2d in handle @group(2) @binding(1) @combined(0, "albedo", texture)
global g7 "albedo_samp": sampler_comparison in handle @group(2) @binding(2) @combined(0, "albedo", sampler)

fn fn0 "main"("id": vec3<u32> @builtin(global_invocation_id)) {
  %0 "id": vec3<u32> = param 0
  %1: ptr<storage(read_write), Runtime> = global g2
  %2: ptr<push_constant, PC> = global g4
  %3: u32 = const c0
  %4: u32 = const c1
body:
  %5: ptr<push_constant, f32> = access %2, %4
  %6: f32 = load %5
  %7: ptr<storage(read_write), u32> = access %1, %3
  %8: u32 = convert %6
  store %7, %8
  return
}

entry compute "main" = fn0 @workgroup_size(8, 1, 1)
"#;

    fn reflection() -> Reflection {
        let module = luma_ir::parse::parse_module(MODULE).unwrap();
        luma_ir::verify::verify(&module).unwrap();
        reflect(&module, &ReflectOptions::default()).unwrap()
    }

    fn offsets(s: &StructLayout) -> Vec<u32> {
        s.members.iter().map(|m| m.offset).collect()
    }

    fn find<'r>(r: &'r Reflection, name: &str, rule: LayoutRule) -> &'r StructLayout {
        r.structs
            .iter()
            .find(|s| s.name == name && s.layout == rule)
            .unwrap()
    }

    #[test]
    fn std140_and_std430_layouts_of_one_struct() {
        let r = reflection();
        let u = find(&r, "Awkward", LayoutRule::Std140);
        // vec3 then float packs; arrays and matrices round to 16; a nested struct aligns to 16.
        assert_eq!(offsets(u), [0, 12, 16, 64, 112, 144, 160]);
        assert_eq!((u.size, u.align), (Some(176), 16));
        let arr = &u.members[2];
        assert_eq!(
            arr.array,
            [ArrayDim {
                size: Some(3),
                stride: 16
            }]
        );
        assert_eq!((arr.size, arr.align), (Some(48), 16));
        assert_eq!(u.members[3].matrix_stride, Some(16));
        assert_eq!(u.members[4].matrix_stride, Some(16));
        assert_eq!(u.members[5].struct_name.as_deref(), Some("Inner"));

        let s = find(&r, "Awkward", LayoutRule::Std430);
        assert_eq!(offsets(s), [0, 12, 16, 32, 80, 96, 100]);
        assert_eq!((s.size, s.align), (Some(112), 16));
        assert_eq!(s.members[2].array[0].stride, 4);
        assert_eq!(s.members[4].matrix_stride, Some(8));

        assert_eq!(find(&r, "Inner", LayoutRule::Std140).size, Some(16));
        assert_eq!(find(&r, "Inner", LayoutRule::Std430).size, Some(4));
        // Sorted by (name, rule).
        let keys: Vec<(&str, LayoutRule)> = r
            .structs
            .iter()
            .map(|s| (s.name.as_str(), s.layout))
            .collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }

    #[test]
    fn buffers_report_sizes_and_runtime_strides() {
        let r = reflection();
        let b = |name: &str| r.bindings.iter().find(|b| b.name == name).unwrap();
        assert_eq!(
            (b("u").size, b("u").layout),
            (Some(176), Some(LayoutRule::Std140))
        );
        assert_eq!(b("u").hlsl.register, "b0");
        assert_eq!(
            (b("s").size, b("s").access),
            (Some(112), Some(Access::Read))
        );
        assert_eq!(b("s").hlsl.register, "t1");
        let rt = b("rt");
        assert_eq!((rt.size, rt.runtime_array_stride), (Some(16), Some(16)));
        assert_eq!(rt.access, Some(Access::ReadWrite));
        assert_eq!((rt.hlsl.register.as_str(), rt.hlsl.space), ("u0", 1));
        assert_eq!(rt.struct_name.as_deref(), Some("Runtime"));
        assert_eq!(rt.stages, [Stage::Compute]);
        let runtime = find(&r, "Runtime", LayoutRule::Std430);
        assert_eq!(offsets(runtime), [0, 16]);
        assert_eq!(runtime.size, None);
        assert_eq!(
            runtime.members[1].array,
            [ArrayDim {
                size: None,
                stride: 16
            }]
        );
        let plain = b("plain");
        assert_eq!(
            (plain.size, plain.runtime_array_stride),
            (Some(0), Some(16))
        );
        assert_eq!(plain.struct_name, None);
        assert_eq!(plain.block.as_ref().unwrap().ty, "[]vec4");
        assert!(plain.stages.is_empty());
        // The MSL remap: buffers first by (group, binding), then the push constant and the
        // sizes buffer.
        assert_eq!(plain.msl.unwrap().index, 3);
        assert_eq!(plain.msl.unwrap().sizes_index, Some(1));
        assert_eq!(rt.msl.unwrap().sizes_index, Some(0));
        let msl = r.msl.as_ref().unwrap();
        assert_eq!(msl.sizes, ["rt", "plain"]);
        assert_eq!(msl.sizes_buffer, Some(5));
    }

    #[test]
    fn push_constants_textures_and_spec_constants() {
        let r = reflection();
        let pc = &r.push_constants[0];
        assert_eq!((pc.name.as_str(), pc.size), ("pc", 16));
        assert_eq!(pc.stages, [Stage::Compute]);
        assert_eq!(pc.msl.unwrap().index, 4);
        assert_eq!(pc.hlsl, None);
        assert_eq!(offsets(find(&r, "PC", LayoutRule::Std430)), [0, 8]);

        let layers = r.bindings.iter().find(|b| b.name == "layers").unwrap();
        assert_eq!((layers.array_size, layers.count), (Some(4), 4));
        assert_eq!(layers.ty, "[4]texture2D");
        assert_eq!(layers.descriptor_type, DescriptorType::SampledImage);
        assert_eq!(
            (layers.hlsl.register.as_str(), layers.hlsl.count),
            ("t0", 4)
        );
        let msl = layers.msl.unwrap();
        assert_eq!((msl.class, msl.index, msl.count), (MslClass::Texture, 0, 4));
        let tex = r.bindings.iter().find(|b| b.name == "albedo_tex").unwrap();
        let samp = r.bindings.iter().find(|b| b.name == "albedo_samp").unwrap();
        assert_eq!(tex.combined_id, samp.combined_id);
        assert_eq!(tex.combined_name.as_deref(), Some("albedo"));
        assert_eq!(tex.texture.unwrap().sample_type, SampleType::Depth);
        // `layers` takes t0..t3 of space 2, so the texture on the next binding gets t4, as the
        // HLSL output declares it; the sampler keeps its binding.
        assert_eq!(
            (tex.hlsl.register.as_str(), tex.hlsl.space, tex.hlsl.count),
            ("t4", 2, 1)
        );
        assert_eq!(samp.hlsl.register, "s2");
        assert_eq!(
            (samp.kind, samp.comparison),
            (BindingKind::Sampler, Some(true))
        );
        assert_eq!(samp.access, None);
        assert_eq!(samp.msl.unwrap().index, 0);

        let ids: Vec<(u32, &str, &str, &str)> = r
            .spec_constants
            .iter()
            .map(|s| (s.id, s.name.as_str(), s.ty.as_str(), s.default.as_str()))
            .collect();
        assert_eq!(
            ids,
            [(1, "ON", "bool", "true"), (3, "SCALE", "float", "2.5")]
        );

        let ep = &r.entry_points[0];
        assert_eq!(ep.workgroup_size, [8, 1, 1]);
        assert_eq!(ep.push_constant.as_deref(), Some("pc"));
        assert_eq!(
            ep.bindings,
            [BindingRef {
                group: 1,
                binding: 0,
                name: "rt".to_string()
            }]
        );
        assert_eq!(
            ep.inputs[0].builtin.as_deref(),
            Some("global_invocation_id")
        );
        assert_eq!(ep.inputs[0].ty, "uvec3");
    }

    #[test]
    fn json_round_trips_and_is_stable() {
        let r = reflection();
        let json = r.to_json();
        assert_eq!(json, reflection().to_json());
        assert_eq!(Reflection::from_json(&json).unwrap(), r);
        assert!(json.starts_with("{\n  \"schema\": \"luma-reflect/1\""));
    }

    #[test]
    fn hlsl_options_place_push_constants_and_num_workgroups() {
        let text = MODULE.replace("@builtin(global_invocation_id)", "@builtin(num_workgroups)");
        let module = luma_ir::parse::parse_module(&text).unwrap();
        let options = ReflectOptions {
            hlsl_push_constant_register: Some(ResourceBinding {
                group: 3,
                binding: 0,
            }),
            hlsl_num_workgroups: Some(ResourceBinding {
                group: 4,
                binding: 7,
            }),
            msl: false,
            msl_options: luma_back_msl::Options::default(),
        };
        let r = reflect(&module, &options).unwrap();
        let pc = r.push_constants[0].hlsl.as_ref().unwrap();
        assert_eq!((pc.register.as_str(), pc.space), ("b0", 3));
        let nw = r.hlsl.num_workgroups.as_ref().unwrap();
        assert_eq!((nw.register.as_str(), nw.space), ("b7", 4));
        assert_eq!(r.msl, None);
        assert!(r.bindings.iter().all(|b| b.msl.is_none()));
    }
}
