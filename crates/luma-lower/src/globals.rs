//! Globals: resources, push constants and workgroup memory, with combined samplers split into a
//! texture global (binding N) and a sampler global (binding N + 1) that share a combined id, and
//! storage images typed with the format and access their declaration gives.

use std::collections::BTreeSet;

use luma_base::{Diagnostic, Diagnostics};
use luma_ir::layout::{rule_for_space, LayoutError, LayoutRule, Layouter};
use luma_ir::{
    AddressSpace, CombinedRole, CombinedSampler, GlobalVariable, ResourceBinding, StorageAccess,
};
use luma_thir::{Access, GlobalDef, GlobalKind};

use crate::codes;
use crate::context::{GlobalSlot, ModuleCtx};
use crate::error::{Failure, LResult};

fn binding_of(def: &GlobalDef) -> LResult<ResourceBinding> {
    match (def.group, def.binding) {
        (Some(group), Some(binding)) => Ok(ResourceBinding { group, binding }),
        _ => Err(Failure::malformed(
            def.span,
            format!("resource `{}` has no resolved group and binding", def.name),
        )),
    }
}

/// `base`, or `base_1`, `base_2`, ... when `taken` has it: the halves of a split combined
/// sampler must not take the name of another global (reflection and the MSL binding map list
/// resources by name), whatever order the two were declared in.
fn unique_name(taken: &mut BTreeSet<String>, base: String) -> String {
    let mut name = base.clone();
    let mut n = 0u32;
    while taken.contains(&name) {
        n += 1;
        name = format!("{base}_{n}");
    }
    taken.insert(name.clone());
    name
}

impl ModuleCtx<'_> {
    /// Lowers every global in declaration order.
    pub fn lower_globals(&mut self) -> LResult<()> {
        let program = self.program;
        let mut combined_id = 0u32;
        // Every name a user global keeps, so that generated `<name>_tex` / `<name>_samp` names
        // avoid them.
        let mut taken: BTreeSet<String> = program
            .globals
            .iter()
            .filter(|(_, def)| def.kind != GlobalKind::CombinedSampler)
            .map(|(_, def)| def.name.clone())
            .collect();
        for (gid, def) in program.globals.iter() {
            let slot = match def.kind {
                GlobalKind::CombinedSampler => {
                    let (tex_ty, samp_ty) = self.split_combined_ty(def.ty, def.span)?;
                    let rb = binding_of(def)?;
                    let sampler_binding = rb.binding.checked_add(1).ok_or_else(|| {
                        Failure::malformed(
                            def.span,
                            format!("combined sampler `{}` at binding {} leaves no binding for its sampler", def.name, rb.binding),
                        )
                    })?;
                    let id = combined_id;
                    combined_id += 1;
                    let texture = self.module.globals.append(GlobalVariable {
                        name: unique_name(&mut taken, format!("{}_tex", def.name)),
                        space: AddressSpace::Handle,
                        binding: Some(rb),
                        ty: tex_ty,
                        init: None,
                        combined: Some(CombinedSampler {
                            id,
                            name: def.name.clone(),
                            role: CombinedRole::Texture,
                        }),
                    });
                    let sampler = self.module.globals.append(GlobalVariable {
                        name: unique_name(&mut taken, format!("{}_samp", def.name)),
                        space: AddressSpace::Handle,
                        binding: Some(ResourceBinding {
                            group: rb.group,
                            binding: sampler_binding,
                        }),
                        ty: samp_ty,
                        init: None,
                        combined: Some(CombinedSampler {
                            id,
                            name: def.name.clone(),
                            role: CombinedRole::Sampler,
                        }),
                    });
                    GlobalSlot::Combined { texture, sampler }
                }
                GlobalKind::StorageImage { format, access, .. } => {
                    let ty = self.storage_image_ty(def.ty, format, access, def.span)?;
                    GlobalSlot::Single(self.module.globals.append(GlobalVariable {
                        name: def.name.clone(),
                        space: AddressSpace::Handle,
                        binding: Some(binding_of(def)?),
                        ty,
                        init: None,
                        combined: None,
                    }))
                }
                kind => {
                    let ty = self.ty(def.ty, def.span)?;
                    let (space, binding) = match kind {
                        GlobalKind::UniformBuffer => {
                            (AddressSpace::Uniform, Some(binding_of(def)?))
                        }
                        GlobalKind::StorageBuffer { access, .. } => (
                            AddressSpace::Storage {
                                access: match access {
                                    Access::Read => StorageAccess::Read,
                                    Access::ReadWrite => StorageAccess::ReadWrite,
                                },
                            },
                            Some(binding_of(def)?),
                        ),
                        GlobalKind::PushConstant => (AddressSpace::PushConstant, None),
                        GlobalKind::Texture | GlobalKind::Sampler => {
                            (AddressSpace::Handle, Some(binding_of(def)?))
                        }
                        GlobalKind::Workgroup
                        | GlobalKind::CombinedSampler
                        | GlobalKind::StorageImage { .. } => (AddressSpace::Workgroup, None),
                    };
                    GlobalSlot::Single(self.module.globals.append(GlobalVariable {
                        name: def.name.clone(),
                        space,
                        binding,
                        ty,
                        init: None,
                        combined: None,
                    }))
                }
            };
            self.globals.insert(gid, slot);
        }
        self.check_block_sizes()
    }

    /// Each global of the program that is one IR global (not a combined sampler's pair), with
    /// that IR global.
    fn single_globals(&self) -> impl Iterator<Item = (&GlobalDef, &GlobalVariable)> + '_ {
        self.program
            .globals
            .iter()
            .filter_map(|(gid, def)| match self.globals.get(&gid) {
                Some(GlobalSlot::Single(g)) => Some((def, self.module.globals.get(*g)?)),
                _ => None,
            })
    }

    /// Warns of each push-constant block larger than 128 bytes, the `maxPushConstantsSize`
    /// every Vulkan device has (many desktop GPUs have 256; D3D12 root constants and WebGPU
    /// immediates are smaller still): a pipeline using it fails to be created on the others.
    pub fn warn_large_push_constants(&self, diags: &mut Diagnostics) {
        const GUARANTEED: u32 = 128;
        let mut std430 = Layouter::new(&self.module.types, LayoutRule::Std430);
        for (def, global) in self.single_globals() {
            if global.space != AddressSpace::PushConstant {
                continue;
            }
            let Some(size) = push_constant_range_size(&self.module.types, &mut std430, global.ty)
            else {
                continue;
            };
            if size > GUARANTEED {
                let padded = std430.size(global.ty).ok().flatten().unwrap_or(size);
                let mut d = Diagnostic::warning(
                    codes::LARGE_PUSH_CONSTANTS,
                    def.span,
                    format!(
                        "push-constant block `{}` is {size} bytes; Vulkan guarantees only \
                             {GUARANTEED}",
                        def.name
                    ),
                )
                .with_primary_label(format!("{size} bytes"))
                .with_note(
                    "a pipeline that uses it fails to be created on devices whose \
                         `maxPushConstantsSize` is 128 (common on mobile GPUs; many desktop \
                         GPUs allow 256)",
                )
                .with_help("move the larger members to a uniform buffer");
                if padded != size {
                    // Reflection's `size` is the struct's, padding at its end included.
                    d = d.with_note(format!(
                        "{size} bytes is where its last member ends: the push-constant range a \
                         pipeline needs, as `luma reflect --spirv` gives it in \
                         `push_constant_ranges`; the block's `size` in `luma reflect`, {padded}, \
                         includes the struct's padding at its end"
                    ));
                }
                diags.push(d);
            }
        }
    }

    /// Reports a buffer, uniform or push-constant block past 4 GiB in its layout, or workgroup
    /// memory past 4 GiB (measured with std430's sizes): the checker bounds each array's
    /// element count, not the bytes a nest of arrays takes, and no target can address more.
    /// One layouter per rule serves every global (each caches the whole type arena's layouts).
    fn check_block_sizes(&self) -> LResult<()> {
        let mut std140 = Layouter::new(&self.module.types, LayoutRule::Std140);
        let mut std430 = Layouter::new(&self.module.types, LayoutRule::Std430);
        for (def, global) in self.single_globals() {
            let (layouter, name) = match (global.space, rule_for_space(global.space)) {
                (_, Some(LayoutRule::Std140)) => (&mut std140, "std140 layout"),
                (_, Some(LayoutRule::Std430)) => (&mut std430, "std430 layout"),
                (AddressSpace::Workgroup, None) => (&mut std430, "workgroup memory"),
                _ => continue,
            };
            if let Err(LayoutError::TooLarge(_)) = layouter.layout(global.ty) {
                return Err(Failure::too_large(def.span, &def.name, name));
            }
        }
        Ok(())
    }
}

/// The bytes a `VkPushConstantRange` for a push-constant block of type `ty` must cover: to the
/// end of its last member, rounded up to 4 (reflection's `push_constant_ranges` size), not the
/// struct's size rounded up to its alignment (`{ mat4, mat4, float }` is 132 bytes, not 144).
fn push_constant_range_size(
    types: &luma_base::UniqueArena<luma_ir::Type>,
    std430: &mut Layouter<'_>,
    ty: luma_base::Handle<luma_ir::Type>,
) -> Option<u32> {
    let Some(luma_ir::TypeInner::Struct { members, .. }) = types.get(ty).map(|t| &t.inner) else {
        return std430.size(ty).ok().flatten();
    };
    let offsets = std430.member_offsets(ty).ok()?;
    let mut end = 0u32;
    for (member, offset) in members.iter().zip(offsets) {
        let size = std430.size(member.ty).ok().flatten()?;
        end = end.max(offset.checked_add(size)?);
    }
    luma_ir::layout::round_up(end, 4)
}
