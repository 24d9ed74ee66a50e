//! Reflection: the model of entry points, bindings, layouts and specialization constants, as JSON.
//!
//! Two models, each with a versioned schema:
//!
//! - [`Reflection`] (`"schema": "luma-reflect/1"`), built by [`reflect`] from a verified IR
//!   module: what the program declares, with every host-visible layout taken from
//!   [`luma_ir::layout`] (the one std140/std430 contract every back end reproduces), per-entry
//!   usage from [`luma_back::CallGraph`], the MSL back end's binding remap and the HLSL registers.
//! - [`SpirvReflection`] (`"schema": "luma-reflect-spirv/1"`), read by
//!   [`SpirvReflection::from_bytes`] from a SPIR-V binary: what a Vulkan host needs (descriptor
//!   set layouts, push-constant ranges, vertex attribute formats, workgroup size, spec ids) as
//!   the driver will see it.
//!
//! Output is deterministic: every list has a documented order, no hash map reaches the output,
//! and [`Reflection::to_json`] writes fields in the order below. Both models also read back from
//! their JSON (`from_json`). A schema's number changes only when a field is removed, renamed or
//! changes meaning; new fields may appear within a version.
//!
//! # `luma-reflect/1`
//!
//! Top level:
//! - `schema`: `"luma-reflect/1"`.
//! - `entry_points`: every entry point, in source order (below).
//! - `bindings`: every descriptor-bound resource, sorted by (`group`, `binding`) (below).
//! - `push_constants`: every push-constant block (Luma allows one), in declaration order.
//! - `structs`: the layout of every struct that a buffer or push-constant block holds, directly
//!   or nested, once per layout rule it is seen under (a struct used by a `uniform` and by a
//!   `buffer` appears twice), sorted by (`name`, `layout`).
//! - `spec_constants`: every specialization constant, sorted by `id`.
//! - `msl`: `{ sizes_buffer, sizes }` or `null` when the MSL back end cannot express the module.
//!   `sizes_buffer` is the `[[buffer(n)]]` index of the `constant uint*` that holds the byte size
//!   of each storage buffer with a runtime-sized array (`null` when there is none, or when no
//!   entry point reads such a buffer's length: `#`, or the clamp of an index under bounds
//!   checks); `sizes` names those buffers in its order.
//! - `hlsl`: `{ num_workgroups }`: the `b` register and space of the constant buffer that holds
//!   `num_workgroups` (a `uint3` the application fills with the dispatch size), when an entry
//!   point reads it and the HLSL option placed it; else `null` (also when the option names a
//!   binding a resource uses, which the HLSL back end refuses: E0922).
//! - `device_features`: the Vulkan features beyond 1.0's the SPIR-V needs enabled
//!   (`shaderSampledImageArrayNonUniformIndexing`, `shaderStorageImageArrayNonUniformIndexing`);
//!   absent when empty.
//!
//! Entry point:
//! - `name`, `stage` (`vertex`, `fragment`, `compute`, `geometry`, `tessellation_control`,
//!   `tessellation_eval`), `workgroup_size` (`[x, y, z]`; `[0, 0, 0]` outside compute; a
//!   dimension a specialization constant sets holds its default), `workgroup_size_spec_ids`
//!   (the spec id that sets each dimension, or `null`), `early_depth_test` (`@early_depth`).
//! - `inputs`, `outputs`: in parameter / result order, each `{ name, type, location, builtin,
//!   interpolation }`: `type` is the Luma type (`vec3`), `location` is `null` for builtins,
//!   `builtin` is the Luma builtin name (`position`, `vertex_index`, ...) or `null`,
//!   `interpolation` is `smooth`, `flat` or `no_perspective` for varyings (vertex outputs,
//!   fragment inputs) and `null` for vertex inputs, fragment outputs and builtins.
//! - `bindings`: `[{ group, binding, name }]`, what the entry point or its callees use, in
//!   (group, binding) order.
//! - `push_constant`: the name of the push-constant block it uses, or `null`.
//!
//! Binding:
//! - `name`: the global's name (`<name>_tex` / `<name>_samp` for the halves of a combined
//!   sampler); `group`, `binding`.
//! - `kind`: `uniform_buffer`, `storage_buffer`, `texture`, `sampler` or `storage_texture` (a
//!   storage image).
//! - `descriptor_type`: Vulkan's descriptor type in lower case: `uniform_buffer`,
//!   `storage_buffer`, `sampled_image`, `sampler`, `storage_image` (and
//!   `combined_image_sampler`, ... for what Luma does not emit).
//! - `type`: the declared Luma type (`Camera`, `[]vec4`, `texture2D`, `[4]texture2D`).
//! - `access`: `read`, `write` or `read_write` (storage buffers and storage images as inferred
//!   or stated with `@access`, `write` only for storage images; uniform buffers and textures
//!   `read`); `null` for samplers.
//! - `array_size`: the element count of an array of textures, samplers or storage images, else
//!   `null`; `count`: Vulkan's descriptor count (`array_size` or 1).
//! - `combined_id`, `combined_name`, `combined_role`: for the two halves of one combined sampler
//!   declaration: a shared id, the declared name and `texture` / `sampler`; else `null`.
//! - `texture`: for textures and storage textures `{ dim: "2d" | "3d" | "cube", arrayed,
//!   multisampled, sample_type: "float" | "sint" | "uint" | "depth" }`, else `null`; `format`:
//!   for storage textures only, the `@format` (`rgba8`, `r32f`, ...), left out for other kinds;
//!   `comparison`: for samplers whether it is a comparison sampler, else `null`.
//! - For buffers (else `null`): `struct_name` (the struct the buffer holds, a key into
//!   `structs` with `layout`), `layout` (`std140` for uniform, `std430` for storage), `size`
//!   (bytes to bind: the std140/std430 size with trailing padding, rounded up to a multiple of
//!   4; with a runtime-sized array at the end, the size with zero elements, which is the array's
//!   offset), `runtime_array_stride` (that array's element stride: `n` elements need
//!   `size + n * runtime_array_stride` bytes, rounded up to a multiple of 4),
//!   `block` (the whole contents laid out as one member at offset 0, so `[]vec4` or `mat4`
//!   contents have their strides too).
//! - `stages`: the stages of the entry points that use it (Vulkan's `stageFlags`), in the order
//!   vertex, fragment, compute, geometry, tessellation_control, tessellation_eval.
//! - `msl`: `{ class: "buffer" | "texture" | "sampler", index, count, sizes_index }`: the
//!   Metal argument-table slot (`[[buffer(index)]]`), how many consecutive slots it takes, and
//!   for a storage buffer with a runtime-sized array its entry in the sizes buffer; `null` when
//!   there is no MSL remap.
//! - `hlsl`: `{ register, space, count }`: `register(b3, space1)` is `{ "register": "b3",
//!   "space": 1 }`: `b` for uniform buffers, `t` for read-only storage buffers
//!   (`ByteAddressBuffer`) and textures, `u` for read-write storage buffers
//!   (`RWByteAddressBuffer`) and storage images, `s` for samplers; the space is the group and
//!   `count` the registers it takes (an array of N takes N). The number is the binding unless an
//!   array earlier in the same class and space pushed it further
//!   ([`luma_back_hlsl::registers`] has the rule, which the HLSL output follows).
//! - `non_uniform_index`: `true` when an entry point indexes this array of textures, samplers
//!   or storage images with a value that may differ between invocations; absent when false.
//!
//! Push constant: `name`, `type`, `struct_name`, `layout` (always `std430`), `size` (bytes, with
//! trailing padding, a multiple of 4), `block` (as for bindings), `stages`, `msl` (its buffer slot), `hlsl` (the
//! root-constant `b` register when the HLSL option `push_constant_register` chose one, else
//! `null`: the HLSL compiler assigns it).
//!
//! Struct layout: `name` (the struct's name; a second distinct struct of the same name gets
//! `#<type index>` appended), `layout` (`std140` / `std430`), `size` (with trailing padding;
//! `null` when it ends in a runtime-sized array), `align`, `members`.
//!
//! Member layout (also `block`): `name`, `type` (Luma type), `offset` (bytes from the start of
//! the struct), `size` (`null` for a runtime-sized array), `align`, `array` (one `{ size,
//! stride }` per array dimension, outermost first, `size` `null` when runtime-sized; empty for
//! non-arrays), `matrix_stride` (column stride of the matrix it is or holds), `struct_name` (the
//! struct it is or holds, a key into `structs` under the same rule).
//!
//! Spec constant: `name`, `id`, `type` (`bool`, `int`, `uint`, `float`, `half`), `default` (the
//! value as Luma writes it: `16`, `true`, `0.025`), `size` (bytes in `VkSpecializationInfo`
//! data; a `bool` is a 4-byte `VkBool32`).
//!
//! # `luma-reflect-spirv/1`
//!
//! - `schema`, `version` (`"1.3"`).
//! - `entry_points`: in module order, each `{ name, stage, workgroup_size, workgroup_size_spec_ids,
//!   inputs, outputs, descriptors, uses_push_constants }`. `stage` as above (another execution
//!   model keeps its SPIR-V name); `workgroup_size` `[x, y, z]` for compute-like stages, else
//!   `null` (a `WorkgroupSize` builtin constant wins over `LocalSizeId`, which wins over
//!   `LocalSize`); `workgroup_size_spec_ids` the spec id that sets each dimension. `inputs` /
//!   `outputs` (user locations first by location, then builtins): `{ name, location, component,
//!   builtin, type, format, interpolation }`, `builtin` with SPIR-V's name (`FragCoord`),
//!   `format` the `VkFormat` without its prefix whose components match a scalar or vector type
//!   (`R32G32B32_SFLOAT`: a vertex attribute's format, a color output's natural format).
//!   `descriptors`: `[{ set, binding }]` it uses (through its call graph).
//! - `descriptor_sets`: by set number, `{ set, bindings }`; each binding (by number) `{ binding,
//!   descriptor_type, count, stages, name, block_size, runtime_array_stride, access }`: `count`
//!   is 0 for a runtime-sized array of descriptors; `block_size` the end of the block's last
//!   member (runtime arrays count as zero elements: the least range to bind; the IR model's
//!   `size` is this rounded up to the block's alignment, then to a multiple of 4); `access` from
//!   `NonWritable`; storage images also have `format`.
//! - `push_constant_ranges`: `{ name, offset, size, stages }` per block: `offset` is its smallest
//!   member offset, `size` runs to the end of its last member, rounded up to a multiple of 4
//!   (Vulkan's rule for a `VkPushConstantRange`; a block can end in a `half`).
//! - `spec_constants`: by id, `{ id, name, type, default }`.
//! - `device_features`: what the module's capabilities need, as in the IR model; absent when
//!   empty.
//!
//! Names (`name` fields) in this model exist only when the module carries debug names.

#![forbid(unsafe_code)]

mod build;
mod model;
mod names;
pub mod spirv;

pub use build::{reflect, reflect_with, ReflectError, ReflectOptions};
pub use model::*;
pub use spirv::{SpirvError, SpirvReflection, SPIRV_SCHEMA};
