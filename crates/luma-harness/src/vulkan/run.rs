//! Running one [`Job`]: descriptor layouts from the SPIR-V's own reflection, resources with
//! host-visible memory, the compute or graphics pipeline, one command buffer, readback.
//!
//! Every Vulkan object a job creates is owned by a [`Scope`] that destroys it when the job ends,
//! on success and on every error path.

use std::collections::BTreeMap;

use ash::vk;

use super::{c_string, vk_err, Gpu, Message};
use crate::error::{Error, Result};
use crate::job::{
    AddressMode, AttributeFormat, Border, CompareOp, Filter, Format, ImageInput, Job, Outcome,
    Render, Shader, Slot, TextureInput, TextureKind, Topology, Work,
};
use crate::reflect::{self, DescriptorKind, Resource, Stage};

/// How long the harness waits for the device before calling it hung.
const FENCE_TIMEOUT_NS: u64 = 120_000_000_000;

/// Objects created by one job, destroyed in reverse order of kind when dropped.
struct Scope<'a> {
    device: &'a ash::Device,
    buffers: Vec<vk::Buffer>,
    memories: Vec<vk::DeviceMemory>,
    images: Vec<vk::Image>,
    views: Vec<vk::ImageView>,
    samplers: Vec<vk::Sampler>,
    modules: Vec<vk::ShaderModule>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    pipeline_layouts: Vec<vk::PipelineLayout>,
    pools: Vec<vk::DescriptorPool>,
    render_passes: Vec<vk::RenderPass>,
    framebuffers: Vec<vk::Framebuffer>,
    pipelines: Vec<vk::Pipeline>,
    command_pools: Vec<vk::CommandPool>,
    fences: Vec<vk::Fence>,
}

impl<'a> Scope<'a> {
    fn new(device: &'a ash::Device) -> Scope<'a> {
        Scope {
            device,
            buffers: Vec::new(),
            memories: Vec::new(),
            images: Vec::new(),
            views: Vec::new(),
            samplers: Vec::new(),
            modules: Vec::new(),
            set_layouts: Vec::new(),
            pipeline_layouts: Vec::new(),
            pools: Vec::new(),
            render_passes: Vec::new(),
            framebuffers: Vec::new(),
            pipelines: Vec::new(),
            command_pools: Vec::new(),
            fences: Vec::new(),
        }
    }
}

impl Drop for Scope<'_> {
    fn drop(&mut self) {
        let d = self.device;
        // SAFETY: every handle was created from `d` by this job and is destroyed exactly once,
        // after the device finished all work that could use it.
        unsafe {
            let _ = d.device_wait_idle();
            for f in self.fences.drain(..) {
                d.destroy_fence(f, None);
            }
            for p in self.command_pools.drain(..) {
                d.destroy_command_pool(p, None);
            }
            for p in self.pipelines.drain(..) {
                d.destroy_pipeline(p, None);
            }
            for f in self.framebuffers.drain(..) {
                d.destroy_framebuffer(f, None);
            }
            for r in self.render_passes.drain(..) {
                d.destroy_render_pass(r, None);
            }
            for p in self.pools.drain(..) {
                d.destroy_descriptor_pool(p, None);
            }
            for l in self.pipeline_layouts.drain(..) {
                d.destroy_pipeline_layout(l, None);
            }
            for l in self.set_layouts.drain(..) {
                d.destroy_descriptor_set_layout(l, None);
            }
            for m in self.modules.drain(..) {
                d.destroy_shader_module(m, None);
            }
            for s in self.samplers.drain(..) {
                d.destroy_sampler(s, None);
            }
            for v in self.views.drain(..) {
                d.destroy_image_view(v, None);
            }
            for i in self.images.drain(..) {
                d.destroy_image(i, None);
            }
            for b in self.buffers.drain(..) {
                d.destroy_buffer(b, None);
            }
            for m in self.memories.drain(..) {
                d.free_memory(m, None);
            }
        }
    }
}

/// A binding of the pipeline layout: the union of what the stages use.
#[derive(Debug, Clone)]
struct LayoutBinding {
    resource: Resource,
    stages: vk::ShaderStageFlags,
}

/// A host-visible buffer the job created.
#[derive(Debug, Clone, Copy)]
struct HostBuffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    size: u64,
}

/// An image with its view.
#[derive(Debug, Clone, Copy)]
struct Texture {
    image: vk::Image,
    view: vk::ImageView,
}

/// A shader stage ready for pipeline creation.
struct StageModule {
    stage: vk::ShaderStageFlags,
    module: vk::ShaderModule,
    entry: std::ffi::CString,
}

fn stage_flag(stage: Stage) -> vk::ShaderStageFlags {
    match stage {
        Stage::Vertex => vk::ShaderStageFlags::VERTEX,
        Stage::Fragment => vk::ShaderStageFlags::FRAGMENT,
        Stage::Compute => vk::ShaderStageFlags::COMPUTE,
    }
}

fn descriptor_type(kind: DescriptorKind) -> vk::DescriptorType {
    match kind {
        DescriptorKind::UniformBuffer => vk::DescriptorType::UNIFORM_BUFFER,
        DescriptorKind::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        DescriptorKind::SampledImage => vk::DescriptorType::SAMPLED_IMAGE,
        DescriptorKind::Sampler => vk::DescriptorType::SAMPLER,
        DescriptorKind::CombinedImageSampler => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
        DescriptorKind::StorageImage => vk::DescriptorType::STORAGE_IMAGE,
        DescriptorKind::UniformTexelBuffer => vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
        DescriptorKind::StorageTexelBuffer => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
    }
}

fn vk_format(format: Format) -> vk::Format {
    match format {
        Format::Rgba8Unorm => vk::Format::R8G8B8A8_UNORM,
        Format::Rgba32Float => vk::Format::R32G32B32A32_SFLOAT,
        Format::R32Float => vk::Format::R32_SFLOAT,
        Format::R32Uint => vk::Format::R32_UINT,
        Format::R32Sint => vk::Format::R32_SINT,
        Format::Rgba32Uint => vk::Format::R32G32B32A32_UINT,
        Format::Rgba32Sint => vk::Format::R32G32B32A32_SINT,
        Format::Depth32Float => vk::Format::D32_SFLOAT,
    }
}

fn attribute_format(format: AttributeFormat) -> vk::Format {
    match format {
        AttributeFormat::F32(1) => vk::Format::R32_SFLOAT,
        AttributeFormat::F32(2) => vk::Format::R32G32_SFLOAT,
        AttributeFormat::F32(3) => vk::Format::R32G32B32_SFLOAT,
        AttributeFormat::F32(_) => vk::Format::R32G32B32A32_SFLOAT,
        AttributeFormat::I32(1) => vk::Format::R32_SINT,
        AttributeFormat::I32(2) => vk::Format::R32G32_SINT,
        AttributeFormat::I32(3) => vk::Format::R32G32B32_SINT,
        AttributeFormat::I32(_) => vk::Format::R32G32B32A32_SINT,
        AttributeFormat::U32(1) => vk::Format::R32_UINT,
        AttributeFormat::U32(2) => vk::Format::R32G32_UINT,
        AttributeFormat::U32(3) => vk::Format::R32G32B32_UINT,
        AttributeFormat::U32(_) => vk::Format::R32G32B32A32_UINT,
        AttributeFormat::Unorm8x4 => vk::Format::R8G8B8A8_UNORM,
    }
}

fn filter(f: Filter) -> vk::Filter {
    match f {
        Filter::Nearest => vk::Filter::NEAREST,
        Filter::Linear => vk::Filter::LINEAR,
    }
}

fn mipmap_mode(f: Filter) -> vk::SamplerMipmapMode {
    match f {
        Filter::Nearest => vk::SamplerMipmapMode::NEAREST,
        Filter::Linear => vk::SamplerMipmapMode::LINEAR,
    }
}

fn address_mode(a: AddressMode) -> vk::SamplerAddressMode {
    match a {
        AddressMode::Repeat => vk::SamplerAddressMode::REPEAT,
        AddressMode::MirroredRepeat => vk::SamplerAddressMode::MIRRORED_REPEAT,
        AddressMode::ClampToEdge => vk::SamplerAddressMode::CLAMP_TO_EDGE,
        AddressMode::ClampToBorder => vk::SamplerAddressMode::CLAMP_TO_BORDER,
    }
}

fn compare_op(c: CompareOp) -> vk::CompareOp {
    match c {
        CompareOp::Never => vk::CompareOp::NEVER,
        CompareOp::Less => vk::CompareOp::LESS,
        CompareOp::Equal => vk::CompareOp::EQUAL,
        CompareOp::LessEqual => vk::CompareOp::LESS_OR_EQUAL,
        CompareOp::Greater => vk::CompareOp::GREATER,
        CompareOp::NotEqual => vk::CompareOp::NOT_EQUAL,
        CompareOp::GreaterEqual => vk::CompareOp::GREATER_OR_EQUAL,
        CompareOp::Always => vk::CompareOp::ALWAYS,
    }
}

fn border(b: Border) -> vk::BorderColor {
    match b {
        Border::TransparentBlack => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
        Border::OpaqueBlack => vk::BorderColor::FLOAT_OPAQUE_BLACK,
        Border::OpaqueWhite => vk::BorderColor::FLOAT_OPAQUE_WHITE,
    }
}

fn clear_color(format: Format, c: [f64; 4]) -> vk::ClearValue {
    let color = match format {
        Format::R32Uint | Format::Rgba32Uint => vk::ClearColorValue {
            uint32: c.map(|v| v as u32),
        },
        Format::R32Sint | Format::Rgba32Sint => vk::ClearColorValue {
            int32: c.map(|v| v as i32),
        },
        _ => vk::ClearColorValue {
            float32: c.map(|v| v as f32),
        },
    };
    vk::ClearValue { color }
}

fn aspect(format: Format) -> vk::ImageAspectFlags {
    if format.is_depth() {
        vk::ImageAspectFlags::DEPTH
    } else {
        vk::ImageAspectFlags::COLOR
    }
}

/// A barrier moving `image` (the `range` of it) from one layout and access to another, with no
/// queue family transfer.
fn layout_barrier(
    image: vk::Image,
    range: vk::ImageSubresourceRange,
    from: (vk::AccessFlags, vk::ImageLayout),
    to: (vk::AccessFlags, vk::ImageLayout),
) -> vk::ImageMemoryBarrier<'static> {
    vk::ImageMemoryBarrier::default()
        .src_access_mask(from.0)
        .dst_access_mask(to.0)
        .old_layout(from.1)
        .new_layout(to.1)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .image(image)
        .subresource_range(range)
}

impl Gpu {
    /// Runs a job: binds what its SPIR-V uses, dispatches or draws, and reads everything back.
    /// Fails on any validation-layer error recorded while the job ran.
    pub fn run(&self, job: &Job) -> Result<Outcome> {
        // Messages left from an earlier failed job must not be blamed on this one.
        let _ = self.take_messages();
        let mut warnings: Vec<Message> = Vec::new();
        let result = self.run_inner(job, &mut warnings);
        // Objects were destroyed when the scope inside `run_inner` dropped; errors reported
        // during destruction belong to this job too.
        let after = self.check_messages(&mut warnings);
        let mut outcome = result?;
        after?;
        outcome.warnings = warnings;
        Ok(outcome)
    }

    fn run_inner(&self, job: &Job, warnings: &mut Vec<Message>) -> Result<Outcome> {
        let scope = &mut Scope::new(&self.device);
        let shaders: Vec<(Stage, &Shader)> = match &job.work {
            Work::Compute { shader, .. } => vec![(Stage::Compute, shader)],
            Work::Render(r) => vec![(Stage::Vertex, &r.vertex), (Stage::Fragment, &r.fragment)],
        };

        // What the SPIR-V uses decides the layout: each path binds what its own code declares.
        let mut bindings: BTreeMap<(u32, u32), LayoutBinding> = BTreeMap::new();
        let mut push_size: u32 = 0;
        let mut push_stages = vk::ShaderStageFlags::empty();
        let mut stages = Vec::new();
        for (stage, shader) in &shaders {
            let module = reflect::reflect(&shader.words)?;
            let entry = module.entry(*stage, shader.entry.as_deref())?;
            let flag = stage_flag(*stage);
            for res in &entry.resources {
                match bindings.get_mut(&(res.set, res.binding)) {
                    Some(existing) => {
                        if existing.resource.kind != res.kind
                            || existing.resource.count != res.count
                        {
                            return Err(Error::Reflect(format!(
                                "group {} binding {} is a {} in one stage and a {} in another",
                                res.set,
                                res.binding,
                                existing.resource.kind.name(),
                                res.kind.name()
                            )));
                        }
                        existing.stages |= flag;
                    }
                    None => {
                        bindings.insert(
                            (res.set, res.binding),
                            LayoutBinding {
                                resource: res.clone(),
                                stages: flag,
                            },
                        );
                    }
                }
            }
            if let Some(size) = entry.push_constant_size {
                push_size = push_size.max(size);
                push_stages |= flag;
            }
            stages.push(StageModule {
                stage: flag,
                module: self.shader_module(scope, &shader.words)?,
                entry: c_string(&entry.name)?,
            });
        }
        // Module creation runs the layer's SPIR-V checks (capabilities vs enabled features).
        self.check_messages(warnings)?;

        let (set_layouts, pipeline_layout) =
            self.layouts(scope, &bindings, push_size, push_stages)?;
        let (sets, bound_buffers, textures, storage_images) =
            self.descriptors(scope, job, &bindings, &set_layouts)?;

        // Specialization data shared by all stages.
        let mut spec_entries = Vec::new();
        let mut spec_data = Vec::new();
        for s in &job.specialization {
            spec_entries.push(vk::SpecializationMapEntry {
                constant_id: s.id,
                offset: u32::try_from(spec_data.len())
                    .map_err(|_| Error::Spec("specialization data too long".into()))?,
                size: s.bytes.len(),
            });
            spec_data.extend_from_slice(&s.bytes);
        }
        let spec_info = vk::SpecializationInfo::default()
            .map_entries(&spec_entries)
            .data(&spec_data);
        let stage_infos: Vec<vk::PipelineShaderStageCreateInfo<'_>> = stages
            .iter()
            .map(|s| {
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(s.stage)
                    .module(s.module)
                    .name(&s.entry)
                    .specialization_info(&spec_info)
            })
            .collect();

        let mut push = job.push_constants.clone();
        if push.len() > push_size as usize {
            if push_size == 0 {
                return Err(Error::Spec(
                    "the test gives push constants but the shader declares no push constant block"
                        .into(),
                ));
            }
            return Err(Error::Spec(format!(
                "the test gives {} bytes of push constants but the shader's block is {push_size} \
                 bytes",
                push.len()
            )));
        }
        push.resize(push_size.div_ceil(4) as usize * 4, 0);

        let cmd_pool = self.command_pool(scope)?;
        let cmd = self.command_buffer(cmd_pool)?;
        // SAFETY: fresh primary command buffer.
        unsafe {
            self.device
                .begin_command_buffer(
                    cmd,
                    &vk::CommandBufferBeginInfo::default()
                        .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
                )
                .map_err(vk_err("vkBeginCommandBuffer"))?;
        }
        for (input, texture) in &textures {
            self.record_upload(scope, cmd, input, *texture)?;
        }
        for (input, image) in &storage_images {
            self.record_image_upload(scope, cmd, input, *image)?;
        }

        let mut readback_targets: Vec<(HostBuffer, u64)> = Vec::new();
        let mut readback_depth: Option<(HostBuffer, u64)> = None;
        match &job.work {
            Work::Compute { groups, .. } => {
                let stage = stage_infos
                    .first()
                    .copied()
                    .ok_or_else(|| Error::Vulkan("no compute stage".into()))?;
                let info = vk::ComputePipelineCreateInfo::default()
                    .stage(stage)
                    .layout(pipeline_layout);
                // SAFETY: the create info points at live locals; the layout and module are ours.
                let pipeline = unsafe {
                    self.device
                        .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
                }
                .map_err(|(_, e)| Error::Vulkan(format!("vkCreateComputePipelines failed: {e}")))?;
                scope.pipelines.extend(pipeline.iter().copied());
                let pipeline = pipeline
                    .first()
                    .copied()
                    .ok_or_else(|| Error::Vulkan("no pipeline returned".into()))?;
                self.check_messages(warnings)?;
                // SAFETY: recording into a command buffer in the recording state with objects
                // of this device.
                unsafe {
                    self.device
                        .cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, pipeline);
                    if !sets.is_empty() {
                        self.device.cmd_bind_descriptor_sets(
                            cmd,
                            vk::PipelineBindPoint::COMPUTE,
                            pipeline_layout,
                            0,
                            &sets,
                            &[],
                        );
                    }
                    if !push.is_empty() {
                        self.device
                            .cmd_push_constants(cmd, pipeline_layout, push_stages, 0, &push);
                    }
                    let [x, y, z] = *groups;
                    self.device.cmd_dispatch(cmd, x, y, z);
                }
            }
            Work::Render(render) => {
                let (pipeline, targets, depth) =
                    self.render_pipeline(scope, render, &stage_infos, pipeline_layout, warnings)?;
                self.record_draw(
                    scope,
                    cmd,
                    render,
                    pipeline,
                    pipeline_layout,
                    &sets,
                    &push,
                    push_stages,
                    &targets,
                    depth,
                )?;
                for (texture, format) in targets.iter().zip(render.targets.iter().map(|t| t.format))
                {
                    let size = u64::from(render.width)
                        * u64::from(render.height)
                        * format.texel_size() as u64;
                    let buffer = self.host_buffer(scope, size, &[])?;
                    self.record_readback(cmd, render, texture.image, format, buffer.buffer);
                    readback_targets.push((buffer, size));
                }
                if let Some(depth) = depth {
                    let size = u64::from(render.width) * u64::from(render.height) * 4;
                    let buffer = self.host_buffer(scope, size, &[])?;
                    self.record_readback(
                        cmd,
                        render,
                        depth.image,
                        Format::Depth32Float,
                        buffer.buffer,
                    );
                    readback_depth = Some((buffer, size));
                }
            }
        }

        let mut readback_images: Vec<(Slot, HostBuffer)> = Vec::new();
        for (input, image) in &storage_images {
            let buffer = self.record_image_readback(scope, cmd, input, *image)?;
            readback_images.push((input.slot, buffer));
        }

        // Make every shader and transfer write visible to the host reads below.
        let barrier = vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ);
        // SAFETY: recording state; ends recording.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &[barrier],
                &[],
                &[],
            );
            self.device
                .end_command_buffer(cmd)
                .map_err(vk_err("vkEndCommandBuffer"))?;
        }
        self.check_messages(warnings)?;
        self.submit(scope, cmd)?;
        self.check_messages(warnings)?;

        let mut outcome = Outcome::default();
        for (slot, buffer) in bound_buffers {
            outcome
                .buffers
                .push((slot, self.read(buffer, buffer.size)?));
        }
        for (buffer, size) in readback_targets {
            outcome.targets.push(self.read(buffer, size)?);
        }
        for (slot, buffer) in readback_images {
            outcome.images.push((slot, self.read(buffer, buffer.size)?));
        }
        if let Some((buffer, size)) = readback_depth {
            outcome.depth = Some(self.read(buffer, size)?);
        }
        Ok(outcome)
    }

    fn shader_module(&self, scope: &mut Scope<'_>, words: &[u32]) -> Result<vk::ShaderModule> {
        let info = vk::ShaderModuleCreateInfo::default().code(words);
        // SAFETY: `words` outlives the call.
        let module = unsafe { self.device.create_shader_module(&info, None) }
            .map_err(vk_err("vkCreateShaderModule"))?;
        scope.modules.push(module);
        Ok(module)
    }

    fn layouts(
        &self,
        scope: &mut Scope<'_>,
        bindings: &BTreeMap<(u32, u32), LayoutBinding>,
        push_size: u32,
        push_stages: vk::ShaderStageFlags,
    ) -> Result<(Vec<vk::DescriptorSetLayout>, vk::PipelineLayout)> {
        let set_count = bindings.keys().map(|(s, _)| s + 1).max().unwrap_or(0);
        if set_count > 8 {
            return Err(Error::Reflect(format!(
                "the shader uses descriptor set {}; the harness binds sets 0 to 7",
                set_count - 1
            )));
        }
        let mut set_layouts = Vec::new();
        for set in 0..set_count {
            let list: Vec<vk::DescriptorSetLayoutBinding<'_>> = bindings
                .values()
                .filter(|b| b.resource.set == set)
                .map(|b| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(b.resource.binding)
                        .descriptor_type(descriptor_type(b.resource.kind))
                        .descriptor_count(b.resource.count)
                        .stage_flags(b.stages)
                })
                .collect();
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&list);
            // SAFETY: `list` outlives the call.
            let layout = unsafe { self.device.create_descriptor_set_layout(&info, None) }
                .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
            scope.set_layouts.push(layout);
            set_layouts.push(layout);
        }
        let ranges = if push_size > 0 {
            vec![vk::PushConstantRange {
                stage_flags: push_stages,
                offset: 0,
                size: push_size.div_ceil(4) * 4,
            }]
        } else {
            Vec::new()
        };
        let info = vk::PipelineLayoutCreateInfo::default()
            .set_layouts(&set_layouts)
            .push_constant_ranges(&ranges);
        // SAFETY: arrays outlive the call.
        let layout = unsafe { self.device.create_pipeline_layout(&info, None) }
            .map_err(vk_err("vkCreatePipelineLayout"))?;
        scope.pipeline_layouts.push(layout);
        Ok((set_layouts, layout))
    }

    #[allow(clippy::type_complexity)]
    fn descriptors<'j>(
        &self,
        scope: &mut Scope<'_>,
        job: &'j Job,
        bindings: &BTreeMap<(u32, u32), LayoutBinding>,
        set_layouts: &[vk::DescriptorSetLayout],
    ) -> Result<(
        Vec<vk::DescriptorSet>,
        Vec<(Slot, HostBuffer)>,
        Vec<(&'j TextureInput, Texture)>,
        Vec<(&'j ImageInput, Texture)>,
    )> {
        if set_layouts.is_empty() {
            return Ok((Vec::new(), Vec::new(), Vec::new(), Vec::new()));
        }
        let mut counts: BTreeMap<i32, u32> = BTreeMap::new();
        for b in bindings.values() {
            *counts
                .entry(descriptor_type(b.resource.kind).as_raw())
                .or_default() += b.resource.count;
        }
        let sizes: Vec<vk::DescriptorPoolSize> = counts
            .iter()
            .map(|(&ty, &count)| vk::DescriptorPoolSize {
                ty: vk::DescriptorType::from_raw(ty),
                descriptor_count: count.max(1),
            })
            .collect();
        let info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(set_layouts.len() as u32)
            .pool_sizes(&sizes);
        // SAFETY: `sizes` outlives the call.
        let pool = unsafe { self.device.create_descriptor_pool(&info, None) }
            .map_err(vk_err("vkCreateDescriptorPool"))?;
        scope.pools.push(pool);
        let alloc = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool)
            .set_layouts(set_layouts);
        // SAFETY: pool and layouts are ours.
        let sets = unsafe { self.device.allocate_descriptor_sets(&alloc) }
            .map_err(vk_err("vkAllocateDescriptorSets"))?;

        let mut bound_buffers: Vec<(Slot, HostBuffer)> = Vec::new();
        let mut textures: Vec<(&TextureInput, Texture)> = Vec::new();
        let mut storage_images: Vec<(&ImageInput, Texture)> = Vec::new();
        let mut texture_views: BTreeMap<Slot, Texture> = BTreeMap::new();
        let mut samplers: BTreeMap<Slot, vk::Sampler> = BTreeMap::new();
        // Descriptor infos must stay at fixed addresses until the update call, so they are
        // collected first and the writes built after.
        let mut buffer_infos: Vec<(u32, u32, u32, vk::DescriptorType, vk::DescriptorBufferInfo)> =
            Vec::new();
        let mut image_infos: Vec<(u32, u32, u32, vk::DescriptorType, vk::DescriptorImageInfo)> =
            Vec::new();
        for b in bindings.values() {
            let res = &b.resource;
            let ty = descriptor_type(res.kind);
            for element in 0..res.count {
                let slot = Slot {
                    set: res.set,
                    binding: res.binding,
                    element,
                };
                let what = if res.name.is_empty() {
                    format!("a {}", res.kind.name())
                } else {
                    format!("{} `{}`", res.kind.name(), res.name)
                };
                match res.kind {
                    DescriptorKind::UniformBuffer | DescriptorKind::StorageBuffer => {
                        let input =
                            job.buffers.iter().find(|b| b.slot == slot).ok_or_else(|| {
                                Error::Spec(format!(
                                "the shader uses {what} at {slot}, but the test gives no buffer \
                                 there"
                            ))
                            })?;
                        if input.bytes.is_empty() {
                            return Err(Error::Spec(format!(
                                "the buffer at {slot} is empty; Vulkan buffers need at least \
                                 one byte"
                            )));
                        }
                        let usage = if res.kind == DescriptorKind::UniformBuffer {
                            vk::BufferUsageFlags::UNIFORM_BUFFER
                        } else {
                            vk::BufferUsageFlags::STORAGE_BUFFER
                        };
                        let buffer = self.host_buffer_with(
                            scope,
                            input.bytes.len() as u64,
                            &input.bytes,
                            usage,
                        )?;
                        bound_buffers.push((slot, buffer));
                        buffer_infos.push((
                            res.set,
                            res.binding,
                            element,
                            ty,
                            vk::DescriptorBufferInfo {
                                buffer: buffer.buffer,
                                offset: 0,
                                range: buffer.size,
                            },
                        ));
                    }
                    DescriptorKind::SampledImage | DescriptorKind::CombinedImageSampler => {
                        let input =
                            job.textures
                                .iter()
                                .find(|t| t.slot == slot)
                                .ok_or_else(|| {
                                    Error::Spec(format!(
                                "the shader uses {what} at {slot}, but the test gives no texture \
                                 there"
                            ))
                                })?;
                        let texture = match texture_views.get(&slot) {
                            Some(t) => *t,
                            None => {
                                let t = self.texture(scope, input)?;
                                texture_views.insert(slot, t);
                                textures.push((input, t));
                                t
                            }
                        };
                        let sampler = if res.kind == DescriptorKind::CombinedImageSampler {
                            self.sampler_at(scope, job, input.sampler, &mut samplers)
                                .map_err(|e| match e {
                                    Error::Spec(m) => Error::Spec(format!(
                                        "the shader uses a combined image sampler at {slot}: {m}"
                                    )),
                                    other => other,
                                })?
                        } else {
                            vk::Sampler::null()
                        };
                        image_infos.push((
                            res.set,
                            res.binding,
                            element,
                            ty,
                            vk::DescriptorImageInfo {
                                sampler,
                                image_view: texture.view,
                                image_layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
                            },
                        ));
                    }
                    DescriptorKind::Sampler => {
                        let sampler = self.sampler_at(scope, job, slot, &mut samplers)?;
                        image_infos.push((
                            res.set,
                            res.binding,
                            element,
                            ty,
                            vk::DescriptorImageInfo {
                                sampler,
                                image_view: vk::ImageView::null(),
                                image_layout: vk::ImageLayout::UNDEFINED,
                            },
                        ));
                    }
                    DescriptorKind::StorageImage => {
                        let input =
                            job.images.iter().find(|i| i.slot == slot).ok_or_else(|| {
                                Error::Spec(format!(
                                    "the shader uses {what} at {slot}, but the test gives no \
                                     [[image]] there"
                                ))
                            })?;
                        let image = self.storage_image(scope, input)?;
                        storage_images.push((input, image));
                        image_infos.push((
                            res.set,
                            res.binding,
                            element,
                            ty,
                            vk::DescriptorImageInfo {
                                sampler: vk::Sampler::null(),
                                image_view: image.view,
                                image_layout: vk::ImageLayout::GENERAL,
                            },
                        ));
                    }
                    DescriptorKind::UniformTexelBuffer | DescriptorKind::StorageTexelBuffer => {
                        return Err(Error::Reflect(format!(
                            "the shader uses {what} at {slot}; the harness does not bind {}s",
                            res.kind.name()
                        )))
                    }
                }
            }
        }
        let set_of = |s: u32| sets.get(s as usize).copied().unwrap_or_default();
        let mut writes: Vec<vk::WriteDescriptorSet<'_>> = Vec::new();
        for (set, binding, element, ty, info) in &buffer_infos {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(set_of(*set))
                    .dst_binding(*binding)
                    .dst_array_element(*element)
                    .descriptor_type(*ty)
                    .buffer_info(std::slice::from_ref(info)),
            );
        }
        for (set, binding, element, ty, info) in &image_infos {
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_set(set_of(*set))
                    .dst_binding(*binding)
                    .dst_array_element(*element)
                    .descriptor_type(*ty)
                    .image_info(std::slice::from_ref(info)),
            );
        }
        // SAFETY: the infos the writes point at live until after the call.
        unsafe { self.device.update_descriptor_sets(&writes, &[]) };
        Ok((sets, bound_buffers, textures, storage_images))
    }

    fn sampler_at(
        &self,
        scope: &mut Scope<'_>,
        job: &Job,
        slot: Slot,
        cache: &mut BTreeMap<Slot, vk::Sampler>,
    ) -> Result<vk::Sampler> {
        if let Some(s) = cache.get(&slot) {
            return Ok(*s);
        }
        let input = job
            .samplers
            .iter()
            .find(|s| s.slot == slot)
            .ok_or_else(|| {
                Error::Spec(format!(
                    "the shader uses a sampler at {slot}, but the test gives no sampler there"
                ))
            })?;
        let d = input.desc;
        let [u, v, w] = d.address;
        let mut info = vk::SamplerCreateInfo::default()
            .mag_filter(filter(d.mag))
            .min_filter(filter(d.min))
            .mipmap_mode(mipmap_mode(d.mipmap))
            .address_mode_u(address_mode(u))
            .address_mode_v(address_mode(v))
            .address_mode_w(address_mode(w))
            .border_color(border(d.border))
            .min_lod(d.min_lod)
            .max_lod(d.max_lod);
        if let Some(op) = d.compare {
            info = info.compare_enable(true).compare_op(compare_op(op));
        }
        // SAFETY: plain create info.
        let sampler = unsafe { self.device.create_sampler(&info, None) }
            .map_err(vk_err("vkCreateSampler"))?;
        scope.samplers.push(sampler);
        cache.insert(slot, sampler);
        Ok(sampler)
    }

    fn host_buffer(&self, scope: &mut Scope<'_>, size: u64, bytes: &[u8]) -> Result<HostBuffer> {
        self.host_buffer_with(scope, size, bytes, vk::BufferUsageFlags::empty())
    }

    /// A host-visible, host-coherent buffer of `size` bytes starting with `bytes`.
    fn host_buffer_with(
        &self,
        scope: &mut Scope<'_>,
        size: u64,
        bytes: &[u8],
        usage: vk::BufferUsageFlags,
    ) -> Result<HostBuffer> {
        let usage = usage
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST
            | vk::BufferUsageFlags::VERTEX_BUFFER;
        let info = vk::BufferCreateInfo::default()
            .size(size.max(4))
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: plain create info.
        let buffer =
            unsafe { self.device.create_buffer(&info, None) }.map_err(vk_err("vkCreateBuffer"))?;
        scope.buffers.push(buffer);
        // SAFETY: buffer of this device.
        let req = unsafe { self.device.get_buffer_memory_requirements(buffer) };
        let type_index = self
            .memory_type(
                req.memory_type_bits,
                vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT,
            )
            .ok_or_else(|| Error::Vulkan("no host-visible coherent memory type".into()))?;
        let memory = self.allocate(scope, req.size, type_index)?;
        // SAFETY: fresh buffer and memory of sufficient size.
        unsafe { self.device.bind_buffer_memory(buffer, memory, 0) }
            .map_err(vk_err("vkBindBufferMemory"))?;
        let hb = HostBuffer {
            buffer,
            memory,
            size,
        };
        if !bytes.is_empty() {
            self.write(hb, bytes)?;
        }
        Ok(hb)
    }

    fn allocate(
        &self,
        scope: &mut Scope<'_>,
        size: u64,
        type_index: u32,
    ) -> Result<vk::DeviceMemory> {
        let info = vk::MemoryAllocateInfo::default()
            .allocation_size(size)
            .memory_type_index(type_index);
        // SAFETY: plain allocation.
        let memory = unsafe { self.device.allocate_memory(&info, None) }
            .map_err(vk_err("vkAllocateMemory"))?;
        scope.memories.push(memory);
        Ok(memory)
    }

    fn write(&self, buffer: HostBuffer, bytes: &[u8]) -> Result<()> {
        let len = bytes.len().min(buffer.size as usize);
        // SAFETY: the memory is host visible, at least `buffer.size` bytes, not in use by the
        // device (nothing was submitted yet), and unmapped again before returning.
        unsafe {
            let ptr = self
                .device
                .map_memory(
                    buffer.memory,
                    0,
                    vk::WHOLE_SIZE,
                    vk::MemoryMapFlags::empty(),
                )
                .map_err(vk_err("vkMapMemory"))?;
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast::<u8>(), len);
            self.device.unmap_memory(buffer.memory);
        }
        Ok(())
    }

    fn read(&self, buffer: HostBuffer, size: u64) -> Result<Vec<u8>> {
        let len = size.min(buffer.size) as usize;
        // SAFETY: host-visible memory of at least `len` bytes; the device is done with it
        // (the fence was waited on and a barrier made writes visible to the host).
        unsafe {
            let ptr = self
                .device
                .map_memory(
                    buffer.memory,
                    0,
                    vk::WHOLE_SIZE,
                    vk::MemoryMapFlags::empty(),
                )
                .map_err(vk_err("vkMapMemory"))?;
            let out = std::slice::from_raw_parts(ptr.cast::<u8>(), len).to_vec();
            self.device.unmap_memory(buffer.memory);
            Ok(out)
        }
    }

    fn texture(&self, scope: &mut Scope<'_>, input: &TextureInput) -> Result<Texture> {
        let format = vk_format(input.format);
        let want = input.expected_len();
        if input.bytes.len() as u64 != want {
            return Err(Error::Spec(format!(
                "the texture at {} has {} bytes of data; its shape ({}x{}x{}, {} level(s)) \
                 needs {want}",
                input.slot,
                input.bytes.len(),
                input.width,
                input.height,
                input.depth_or_layers,
                input.levels
            )));
        }
        // SAFETY: plain query.
        let props = unsafe {
            self.instance
                .get_physical_device_format_properties(self.physical, format)
        };
        if !props
            .optimal_tiling_features
            .contains(vk::FormatFeatureFlags::SAMPLED_IMAGE)
        {
            return Err(Error::Vulkan(format!(
                "the device cannot sample {format:?} images"
            )));
        }
        let (image_type, extent_depth, layers, view_type, flags) = match input.kind {
            TextureKind::D2 => (
                vk::ImageType::TYPE_2D,
                1,
                1,
                vk::ImageViewType::TYPE_2D,
                vk::ImageCreateFlags::empty(),
            ),
            TextureKind::D2Array => (
                vk::ImageType::TYPE_2D,
                1,
                input.depth_or_layers,
                vk::ImageViewType::TYPE_2D_ARRAY,
                vk::ImageCreateFlags::empty(),
            ),
            TextureKind::D3 => (
                vk::ImageType::TYPE_3D,
                input.depth_or_layers,
                1,
                vk::ImageViewType::TYPE_3D,
                vk::ImageCreateFlags::empty(),
            ),
            TextureKind::Cube => (
                vk::ImageType::TYPE_2D,
                1,
                6,
                vk::ImageViewType::CUBE,
                vk::ImageCreateFlags::CUBE_COMPATIBLE,
            ),
        };
        let info = vk::ImageCreateInfo::default()
            .flags(flags)
            .image_type(image_type)
            .format(format)
            .extent(vk::Extent3D {
                width: input.width,
                height: input.height,
                depth: extent_depth,
            })
            .mip_levels(input.levels)
            .array_layers(layers)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_DST)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        let image = self.image(scope, &info)?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(view_type)
            .format(format)
            .subresource_range(vk::ImageSubresourceRange {
                aspect_mask: aspect(input.format),
                base_mip_level: 0,
                level_count: input.levels,
                base_array_layer: 0,
                layer_count: layers,
            });
        // SAFETY: image of this device.
        let view = unsafe { self.device.create_image_view(&view_info, None) }
            .map_err(vk_err("vkCreateImageView"))?;
        scope.views.push(view);
        Ok(Texture { image, view })
    }

    /// A storage image in the input's format, with a view of all its layers or slices.
    fn storage_image(&self, scope: &mut Scope<'_>, input: &ImageInput) -> Result<Texture> {
        let format = vk_format(input.format);
        // SAFETY: plain query.
        let props = unsafe {
            self.instance
                .get_physical_device_format_properties(self.physical, format)
        };
        if !props
            .optimal_tiling_features
            .contains(vk::FormatFeatureFlags::STORAGE_IMAGE)
        {
            return Err(Error::Vulkan(format!(
                "the device has no storage images of {format:?}"
            )));
        }
        let (image_type, depth, layers, view_type) = match input.kind {
            TextureKind::D3 => (
                vk::ImageType::TYPE_3D,
                input.depth_or_layers,
                1,
                vk::ImageViewType::TYPE_3D,
            ),
            TextureKind::D2Array => (
                vk::ImageType::TYPE_2D,
                1,
                input.depth_or_layers,
                vk::ImageViewType::TYPE_2D_ARRAY,
            ),
            TextureKind::D2 | TextureKind::Cube => {
                (vk::ImageType::TYPE_2D, 1, 1, vk::ImageViewType::TYPE_2D)
            }
        };
        let info = vk::ImageCreateInfo::default()
            .image_type(image_type)
            .format(format)
            .extent(vk::Extent3D {
                width: input.width,
                height: input.height,
                depth,
            })
            .mip_levels(1)
            .array_layers(layers)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(
                vk::ImageUsageFlags::STORAGE
                    | vk::ImageUsageFlags::TRANSFER_SRC
                    | vk::ImageUsageFlags::TRANSFER_DST,
            )
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        let image = self.image(scope, &info)?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(view_type)
            .format(format)
            .subresource_range(vk::ImageSubresourceRange {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                base_mip_level: 0,
                level_count: 1,
                base_array_layer: 0,
                layer_count: layers,
            });
        // SAFETY: image of this device.
        let view = unsafe { self.device.create_image_view(&view_info, None) }
            .map_err(vk_err("vkCreateImageView"))?;
        scope.views.push(view);
        Ok(Texture { image, view })
    }

    /// The copy region covering all of a storage image (every layer or slice).
    fn image_region(input: &ImageInput) -> (vk::BufferImageCopy, vk::ImageSubresourceRange) {
        let (depth, layers) = match input.kind {
            TextureKind::D3 => (input.depth_or_layers, 1),
            TextureKind::D2Array => (1, input.depth_or_layers),
            TextureKind::D2 | TextureKind::Cube => (1, 1),
        };
        let region = vk::BufferImageCopy {
            buffer_offset: 0,
            buffer_row_length: 0,
            buffer_image_height: 0,
            image_subresource: vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: 0,
                base_array_layer: 0,
                layer_count: layers,
            },
            image_offset: vk::Offset3D::default(),
            image_extent: vk::Extent3D {
                width: input.width,
                height: input.height,
                depth,
            },
        };
        let range = vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: 0,
            level_count: 1,
            base_array_layer: 0,
            layer_count: layers,
        };
        (region, range)
    }

    /// Records the upload of a storage image's initial texels and its transition to the
    /// `GENERAL` layout shaders read and write it in.
    fn record_image_upload(
        &self,
        scope: &mut Scope<'_>,
        cmd: vk::CommandBuffer,
        input: &ImageInput,
        image: Texture,
    ) -> Result<()> {
        let staging = self.host_buffer(scope, input.bytes.len() as u64, &input.bytes)?;
        let (region, range) = Self::image_region(input);
        let to_dst = layout_barrier(
            image.image,
            range,
            (vk::AccessFlags::empty(), vk::ImageLayout::UNDEFINED),
            (
                vk::AccessFlags::TRANSFER_WRITE,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            ),
        );
        let to_general = layout_barrier(
            image.image,
            range,
            (
                vk::AccessFlags::TRANSFER_WRITE,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            ),
            (
                vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                vk::ImageLayout::GENERAL,
            ),
        );
        // SAFETY: recording state; objects of this device.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TOP_OF_PIPE,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_dst],
            );
            self.device.cmd_copy_buffer_to_image(
                cmd,
                staging.buffer,
                image.image,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                &[region],
            );
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_general],
            );
        }
        Ok(())
    }

    /// Records the copy of a storage image's texels into a host buffer after the work, once
    /// the shaders' writes are visible to transfers.
    fn record_image_readback(
        &self,
        scope: &mut Scope<'_>,
        cmd: vk::CommandBuffer,
        input: &ImageInput,
        image: Texture,
    ) -> Result<HostBuffer> {
        let buffer = self.host_buffer(scope, input.byte_len(), &[])?;
        let (region, range) = Self::image_region(input);
        let to_src = layout_barrier(
            image.image,
            range,
            (vk::AccessFlags::SHADER_WRITE, vk::ImageLayout::GENERAL),
            (
                vk::AccessFlags::TRANSFER_READ,
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
            ),
        );
        // SAFETY: recording state; objects of this device.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_src],
            );
            self.device.cmd_copy_image_to_buffer(
                cmd,
                image.image,
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                buffer.buffer,
                &[region],
            );
        }
        Ok(buffer)
    }

    fn image(&self, scope: &mut Scope<'_>, info: &vk::ImageCreateInfo<'_>) -> Result<vk::Image> {
        // SAFETY: plain create info.
        let image =
            unsafe { self.device.create_image(info, None) }.map_err(vk_err("vkCreateImage"))?;
        scope.images.push(image);
        // SAFETY: image of this device.
        let req = unsafe { self.device.get_image_memory_requirements(image) };
        let type_index = self
            .memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL)
            .or_else(|| self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty()))
            .ok_or_else(|| Error::Vulkan("no memory type for an image".into()))?;
        let memory = self.allocate(scope, req.size, type_index)?;
        // SAFETY: fresh image and memory.
        unsafe { self.device.bind_image_memory(image, memory, 0) }
            .map_err(vk_err("vkBindImageMemory"))?;
        Ok(image)
    }

    /// Records the upload of a texture's bytes and its transition to shader-read layout.
    fn record_upload(
        &self,
        scope: &mut Scope<'_>,
        cmd: vk::CommandBuffer,
        input: &TextureInput,
        texture: Texture,
    ) -> Result<()> {
        let staging = self.host_buffer(scope, input.bytes.len() as u64, &input.bytes)?;
        let layers = match input.kind {
            TextureKind::D3 => 1,
            TextureKind::Cube => 6,
            _ => input.depth_or_layers,
        };
        let range = vk::ImageSubresourceRange {
            aspect_mask: aspect(input.format),
            base_mip_level: 0,
            level_count: input.levels,
            base_array_layer: 0,
            layer_count: layers,
        };
        let mut regions = Vec::new();
        let mut offset = 0u64;
        for level in 0..input.levels {
            let w = (input.width >> level).max(1);
            let h = (input.height >> level).max(1);
            let d = match input.kind {
                TextureKind::D3 => (input.depth_or_layers >> level).max(1),
                _ => 1,
            };
            regions.push(vk::BufferImageCopy {
                buffer_offset: offset,
                buffer_row_length: 0,
                buffer_image_height: 0,
                image_subresource: vk::ImageSubresourceLayers {
                    aspect_mask: aspect(input.format),
                    mip_level: level,
                    base_array_layer: 0,
                    layer_count: layers,
                },
                image_offset: vk::Offset3D::default(),
                image_extent: vk::Extent3D {
                    width: w,
                    height: h,
                    depth: d,
                },
            });
            offset += u64::from(w)
                * u64::from(h)
                * u64::from(d)
                * u64::from(layers)
                * input.format.texel_size() as u64;
        }
        let to_dst = layout_barrier(
            texture.image,
            range,
            (vk::AccessFlags::empty(), vk::ImageLayout::UNDEFINED),
            (
                vk::AccessFlags::TRANSFER_WRITE,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            ),
        );
        let to_read = layout_barrier(
            texture.image,
            range,
            (
                vk::AccessFlags::TRANSFER_WRITE,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            ),
            (
                vk::AccessFlags::SHADER_READ,
                vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
            ),
        );
        // SAFETY: recording state; objects of this device.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TOP_OF_PIPE,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_dst],
            );
            self.device.cmd_copy_buffer_to_image(
                cmd,
                staging.buffer,
                texture.image,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                &regions,
            );
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[to_read],
            );
        }
        Ok(())
    }

    #[allow(clippy::type_complexity)]
    fn render_pipeline(
        &self,
        scope: &mut Scope<'_>,
        render: &Render,
        stage_infos: &[vk::PipelineShaderStageCreateInfo<'_>],
        layout: vk::PipelineLayout,
        warnings: &mut Vec<Message>,
    ) -> Result<(vk::Pipeline, Vec<Texture>, Option<Texture>)> {
        if render.width == 0 || render.height == 0 {
            return Err(Error::Spec("render targets need a non-zero size".into()));
        }
        let extent = vk::Extent3D {
            width: render.width,
            height: render.height,
            depth: 1,
        };
        let mut targets = Vec::new();
        let mut attachments = Vec::new();
        let mut color_refs = Vec::new();
        for (i, t) in render.targets.iter().enumerate() {
            if t.format.is_depth() {
                return Err(Error::Spec(
                    "a depth format is not a color target; use `depth = \"d32f\"`".into(),
                ));
            }
            let format = vk_format(t.format);
            let info = vk::ImageCreateInfo::default()
                .image_type(vk::ImageType::TYPE_2D)
                .format(format)
                .extent(extent)
                .mip_levels(1)
                .array_layers(1)
                .samples(vk::SampleCountFlags::TYPE_1)
                .tiling(vk::ImageTiling::OPTIMAL)
                .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC)
                .sharing_mode(vk::SharingMode::EXCLUSIVE)
                .initial_layout(vk::ImageLayout::UNDEFINED);
            let image = self.image(scope, &info)?;
            let view = self.view_2d(scope, image, format, vk::ImageAspectFlags::COLOR)?;
            targets.push(Texture { image, view });
            attachments.push(
                vk::AttachmentDescription::default()
                    .format(format)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(vk::AttachmentLoadOp::CLEAR)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
                    .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                    .initial_layout(vk::ImageLayout::UNDEFINED)
                    .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL),
            );
            color_refs.push(vk::AttachmentReference {
                attachment: i as u32,
                layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
            });
        }
        let depth = match render.depth {
            Some(_) => {
                let format = vk::Format::D32_SFLOAT;
                let info = vk::ImageCreateInfo::default()
                    .image_type(vk::ImageType::TYPE_2D)
                    .format(format)
                    .extent(extent)
                    .mip_levels(1)
                    .array_layers(1)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .tiling(vk::ImageTiling::OPTIMAL)
                    .usage(
                        vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT
                            | vk::ImageUsageFlags::TRANSFER_SRC,
                    )
                    .sharing_mode(vk::SharingMode::EXCLUSIVE)
                    .initial_layout(vk::ImageLayout::UNDEFINED);
                let image = self.image(scope, &info)?;
                let view = self.view_2d(scope, image, format, vk::ImageAspectFlags::DEPTH)?;
                attachments.push(
                    vk::AttachmentDescription::default()
                        .format(format)
                        .samples(vk::SampleCountFlags::TYPE_1)
                        .load_op(vk::AttachmentLoadOp::CLEAR)
                        .store_op(vk::AttachmentStoreOp::STORE)
                        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
                        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                        .initial_layout(vk::ImageLayout::UNDEFINED)
                        .final_layout(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL),
                );
                Some(Texture { image, view })
            }
            None => None,
        };
        let depth_ref = vk::AttachmentReference {
            attachment: render.targets.len() as u32,
            layout: vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
        };
        let mut subpass = vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&color_refs);
        if depth.is_some() {
            subpass = subpass.depth_stencil_attachment(&depth_ref);
        }
        let subpasses = [subpass];
        let rp_info = vk::RenderPassCreateInfo::default()
            .attachments(&attachments)
            .subpasses(&subpasses);
        // SAFETY: arrays outlive the call.
        let render_pass = unsafe { self.device.create_render_pass(&rp_info, None) }
            .map_err(vk_err("vkCreateRenderPass"))?;
        scope.render_passes.push(render_pass);
        let mut views: Vec<vk::ImageView> = targets.iter().map(|t| t.view).collect();
        if let Some(d) = depth {
            views.push(d.view);
        }
        let fb_info = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&views)
            .width(render.width)
            .height(render.height)
            .layers(1);
        // SAFETY: views and render pass of this device.
        let framebuffer = unsafe { self.device.create_framebuffer(&fb_info, None) }
            .map_err(vk_err("vkCreateFramebuffer"))?;
        scope.framebuffers.push(framebuffer);

        let mut vb_bindings = Vec::new();
        let mut vb_attributes = Vec::new();
        for (i, vb) in render.vertex_buffers.iter().enumerate() {
            vb_bindings.push(vk::VertexInputBindingDescription {
                binding: i as u32,
                stride: vb.stride,
                input_rate: if vb.per_instance {
                    vk::VertexInputRate::INSTANCE
                } else {
                    vk::VertexInputRate::VERTEX
                },
            });
            for a in &vb.attributes {
                vb_attributes.push(vk::VertexInputAttributeDescription {
                    location: a.location,
                    binding: i as u32,
                    format: attribute_format(a.format),
                    offset: a.offset,
                });
            }
        }
        let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
            .vertex_binding_descriptions(&vb_bindings)
            .vertex_attribute_descriptions(&vb_attributes);
        let assembly =
            vk::PipelineInputAssemblyStateCreateInfo::default().topology(match render.topology {
                Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
                Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
            });
        // One viewport for every path: each back end must pass `position` through unchanged
        // (the glslang / DXC model); the host owns clip-space conventions.
        let viewports = [vk::Viewport {
            x: 0.0,
            y: 0.0,
            width: render.width as f32,
            height: render.height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }];
        let scissors = [vk::Rect2D {
            offset: vk::Offset2D::default(),
            extent: vk::Extent2D {
                width: render.width,
                height: render.height,
            },
        }];
        let viewport = vk::PipelineViewportStateCreateInfo::default()
            .viewports(&viewports)
            .scissors(&scissors);
        let raster = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(vk::CullModeFlags::NONE)
            .front_face(vk::FrontFace::COUNTER_CLOCKWISE)
            .line_width(1.0);
        let multisample = vk::PipelineMultisampleStateCreateInfo::default()
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let depth_state = vk::PipelineDepthStencilStateCreateInfo::default()
            .depth_test_enable(depth.is_some())
            .depth_write_enable(depth.is_some())
            .depth_compare_op(vk::CompareOp::LESS);
        let blend_attachments: Vec<vk::PipelineColorBlendAttachmentState> = render
            .targets
            .iter()
            .map(|_| {
                vk::PipelineColorBlendAttachmentState::default()
                    .blend_enable(false)
                    .color_write_mask(vk::ColorComponentFlags::RGBA)
            })
            .collect();
        let blend =
            vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend_attachments);
        let info = vk::GraphicsPipelineCreateInfo::default()
            .stages(stage_infos)
            .vertex_input_state(&vertex_input)
            .input_assembly_state(&assembly)
            .viewport_state(&viewport)
            .rasterization_state(&raster)
            .multisample_state(&multisample)
            .depth_stencil_state(&depth_state)
            .color_blend_state(&blend)
            .layout(layout)
            .render_pass(render_pass)
            .subpass(0);
        // SAFETY: all state structs are live locals.
        let pipelines = unsafe {
            self.device
                .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
        }
        .map_err(|(_, e)| Error::Vulkan(format!("vkCreateGraphicsPipelines failed: {e}")))?;
        scope.pipelines.extend(pipelines.iter().copied());
        let pipeline = pipelines
            .first()
            .copied()
            .ok_or_else(|| Error::Vulkan("no pipeline returned".into()))?;
        self.check_messages(warnings)?;
        // The render pass and framebuffer are found again through the scope when recording.
        Ok((pipeline, targets, depth))
    }

    fn view_2d(
        &self,
        scope: &mut Scope<'_>,
        image: vk::Image,
        format: vk::Format,
        aspect: vk::ImageAspectFlags,
    ) -> Result<vk::ImageView> {
        let info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(vk::ImageSubresourceRange {
                aspect_mask: aspect,
                base_mip_level: 0,
                level_count: 1,
                base_array_layer: 0,
                layer_count: 1,
            });
        // SAFETY: image of this device.
        let view = unsafe { self.device.create_image_view(&info, None) }
            .map_err(vk_err("vkCreateImageView"))?;
        scope.views.push(view);
        Ok(view)
    }

    #[allow(clippy::too_many_arguments)]
    fn record_draw(
        &self,
        scope: &mut Scope<'_>,
        cmd: vk::CommandBuffer,
        render: &Render,
        pipeline: vk::Pipeline,
        layout: vk::PipelineLayout,
        sets: &[vk::DescriptorSet],
        push: &[u8],
        push_stages: vk::ShaderStageFlags,
        targets: &[Texture],
        depth: Option<Texture>,
    ) -> Result<()> {
        let render_pass = scope
            .render_passes
            .last()
            .copied()
            .ok_or_else(|| Error::Vulkan("no render pass".into()))?;
        let framebuffer = scope
            .framebuffers
            .last()
            .copied()
            .ok_or_else(|| Error::Vulkan("no framebuffer".into()))?;
        let mut clears: Vec<vk::ClearValue> = render
            .targets
            .iter()
            .map(|t| clear_color(t.format, t.clear))
            .collect();
        if let Some(d) = render.depth {
            clears.push(vk::ClearValue {
                depth_stencil: vk::ClearDepthStencilValue {
                    depth: d.clear,
                    stencil: 0,
                },
            });
        }
        let mut vertex_buffers = Vec::new();
        for vb in &render.vertex_buffers {
            if vb.bytes.is_empty() {
                return Err(Error::Spec("a vertex buffer is empty".into()));
            }
            vertex_buffers.push(
                self.host_buffer(scope, vb.bytes.len() as u64, &vb.bytes)?
                    .buffer,
            );
        }
        let offsets = vec![0u64; vertex_buffers.len()];
        let index_buffer = match &render.indices {
            Some(indices) => {
                let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
                Some(
                    self.host_buffer_with(
                        scope,
                        bytes.len() as u64,
                        &bytes,
                        vk::BufferUsageFlags::INDEX_BUFFER,
                    )?
                    .buffer,
                )
            }
            None => None,
        };
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(vk::Rect2D {
                offset: vk::Offset2D::default(),
                extent: vk::Extent2D {
                    width: render.width,
                    height: render.height,
                },
            })
            .clear_values(&clears);
        // SAFETY: recording state; every object is of this device and alive until the scope
        // drops after the submission completed.
        unsafe {
            self.device
                .cmd_begin_render_pass(cmd, &begin, vk::SubpassContents::INLINE);
            self.device
                .cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
            if !sets.is_empty() {
                self.device.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::GRAPHICS,
                    layout,
                    0,
                    sets,
                    &[],
                );
            }
            if !push.is_empty() {
                self.device
                    .cmd_push_constants(cmd, layout, push_stages, 0, push);
            }
            if !vertex_buffers.is_empty() {
                self.device
                    .cmd_bind_vertex_buffers(cmd, 0, &vertex_buffers, &offsets);
            }
            match index_buffer {
                Some(buffer) => {
                    self.device
                        .cmd_bind_index_buffer(cmd, buffer, 0, vk::IndexType::UINT32);
                    self.device.cmd_draw_indexed(
                        cmd,
                        render.vertex_count,
                        render.instance_count,
                        render.first_vertex,
                        render.vertex_offset,
                        render.first_instance,
                    );
                }
                None => self.device.cmd_draw(
                    cmd,
                    render.vertex_count,
                    render.instance_count,
                    render.first_vertex,
                    render.first_instance,
                ),
            }
            self.device.cmd_end_render_pass(cmd);
        }
        let mut barriers = Vec::new();
        for t in targets {
            barriers.push(layout_barrier(
                t.image,
                vk::ImageSubresourceRange {
                    aspect_mask: vk::ImageAspectFlags::COLOR,
                    base_mip_level: 0,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: 1,
                },
                (
                    vk::AccessFlags::COLOR_ATTACHMENT_WRITE,
                    vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
                ),
                (
                    vk::AccessFlags::TRANSFER_READ,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                ),
            ));
        }
        if let Some(d) = depth {
            barriers.push(layout_barrier(
                d.image,
                vk::ImageSubresourceRange {
                    aspect_mask: vk::ImageAspectFlags::DEPTH,
                    base_mip_level: 0,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: 1,
                },
                (
                    vk::AccessFlags::DEPTH_STENCIL_ATTACHMENT_WRITE,
                    vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                ),
                (
                    vk::AccessFlags::TRANSFER_READ,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                ),
            ));
        }
        // SAFETY: recording state.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT
                    | vk::PipelineStageFlags::LATE_FRAGMENT_TESTS,
                vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &barriers,
            );
        }
        Ok(())
    }

    fn record_readback(
        &self,
        cmd: vk::CommandBuffer,
        render: &Render,
        image: vk::Image,
        format: Format,
        buffer: vk::Buffer,
    ) {
        let region = vk::BufferImageCopy {
            buffer_offset: 0,
            buffer_row_length: 0,
            buffer_image_height: 0,
            image_subresource: vk::ImageSubresourceLayers {
                aspect_mask: aspect(format),
                mip_level: 0,
                base_array_layer: 0,
                layer_count: 1,
            },
            image_offset: vk::Offset3D::default(),
            image_extent: vk::Extent3D {
                width: render.width,
                height: render.height,
                depth: 1,
            },
        };
        // SAFETY: recording state; the image is in TRANSFER_SRC_OPTIMAL after `record_draw`.
        unsafe {
            self.device.cmd_copy_image_to_buffer(
                cmd,
                image,
                vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                buffer,
                &[region],
            );
        }
    }

    fn command_pool(&self, scope: &mut Scope<'_>) -> Result<vk::CommandPool> {
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(self.family);
        // SAFETY: plain create info.
        let pool = unsafe { self.device.create_command_pool(&info, None) }
            .map_err(vk_err("vkCreateCommandPool"))?;
        scope.command_pools.push(pool);
        Ok(pool)
    }

    fn command_buffer(&self, pool: vk::CommandPool) -> Result<vk::CommandBuffer> {
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: pool of this device; freed with the pool.
        let buffers = unsafe { self.device.allocate_command_buffers(&info) }
            .map_err(vk_err("vkAllocateCommandBuffers"))?;
        buffers
            .first()
            .copied()
            .ok_or_else(|| Error::Vulkan("no command buffer returned".into()))
    }

    fn submit(&self, scope: &mut Scope<'_>, cmd: vk::CommandBuffer) -> Result<()> {
        // SAFETY: plain create info.
        let fence = unsafe {
            self.device
                .create_fence(&vk::FenceCreateInfo::default(), None)
        }
        .map_err(vk_err("vkCreateFence"))?;
        scope.fences.push(fence);
        let cmds = [cmd];
        let submit = vk::SubmitInfo::default().command_buffers(&cmds);
        // SAFETY: the command buffer is fully recorded; the fence is unsignaled.
        unsafe {
            self.device
                .queue_submit(self.queue, &[submit], fence)
                .map_err(vk_err("vkQueueSubmit"))?;
            self.device
                .wait_for_fences(&[fence], true, FENCE_TIMEOUT_NS)
                .map_err(|e| {
                    Error::Vulkan(format!(
                        "waiting for the device failed: {e} (a hang or an infinite loop in the \
                         shader?)"
                    ))
                })?;
        }
        Ok(())
    }
}
