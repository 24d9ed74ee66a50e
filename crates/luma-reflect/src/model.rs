//! The reflection model of a module (schema `luma-reflect/1`): what [`crate::Reflection`] holds
//! and how each field serializes. The crate documentation describes every field.

use serde::{Deserialize, Serialize};

/// The schema name and version written as the `schema` field of [`Reflection`]. A change that
/// removes or renames a field, or changes a field's meaning, bumps the number; new fields do not.
pub const SCHEMA: &str = "luma-reflect/1";

/// Everything a host needs to build pipelines for one compiled module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reflection {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// Every entry point, in source order.
    pub entry_points: Vec<EntryPoint>,
    /// Every descriptor-bound resource, sorted by (group, binding).
    pub bindings: Vec<Binding>,
    /// Every push-constant block (Luma allows one per module), in declaration order.
    pub push_constants: Vec<PushConstant>,
    /// The layout of every struct that host-visible memory holds, once per layout rule it is
    /// used under, sorted by (name, layout).
    pub structs: Vec<StructLayout>,
    /// Every specialization constant, sorted by id.
    pub spec_constants: Vec<SpecConstant>,
    /// Metal-wide facts of the binding remap; `None` when the MSL back end cannot express the
    /// module (then no binding has an `msl` slot either).
    pub msl: Option<MslInfo>,
    /// Direct3D-wide facts of the HLSL register assignment.
    pub hlsl: HlslInfo,
    /// The Vulkan device features, beyond Vulkan 1.0's, that the module's SPIR-V needs enabled,
    /// by their `VkPhysicalDevice*Features` member names in [`DEVICE_FEATURES`] order; so far
    /// the descriptor-indexing ones a non-uniform index into an array of resources needs.
    /// Left out of the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub device_features: Vec<String>,
}

/// Every device feature [`Reflection::device_features`] may name, in the order it lists them:
/// Vulkan's `shaderSampledImageArrayNonUniformIndexing` (arrays of sampled images and samplers)
/// and `shaderStorageImageArrayNonUniformIndexing` (arrays of storage images), members of
/// `VkPhysicalDeviceDescriptorIndexingFeatures` (Vulkan 1.2 core, `VK_EXT_descriptor_indexing`
/// before).
pub const DEVICE_FEATURES: [&str; 2] = [
    "shaderSampledImageArrayNonUniformIndexing",
    "shaderStorageImageArrayNonUniformIndexing",
];

/// The device feature that a non-uniform index into an array of `kind` needs.
pub fn non_uniform_feature(kind: luma_ir::proc::NonUniformResource) -> &'static str {
    use luma_ir::proc::NonUniformResource as R;
    match kind {
        R::SampledImage | R::Sampler => "shaderSampledImageArrayNonUniformIndexing",
        R::StorageImage => "shaderStorageImageArrayNonUniformIndexing",
    }
}

/// A shader stage, spelled as in `@entry(...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// `vertex`
    Vertex,
    /// `fragment`
    Fragment,
    /// `compute`
    Compute,
    /// `geometry`
    Geometry,
    /// `tessellation_control`
    TessellationControl,
    /// `tessellation_eval`
    #[serde(rename = "tessellation_eval")]
    TessellationEval,
}

impl From<luma_ir::ShaderStage> for Stage {
    fn from(stage: luma_ir::ShaderStage) -> Stage {
        match stage {
            luma_ir::ShaderStage::Vertex => Stage::Vertex,
            luma_ir::ShaderStage::Fragment => Stage::Fragment,
            luma_ir::ShaderStage::Compute => Stage::Compute,
            luma_ir::ShaderStage::Geometry => Stage::Geometry,
            luma_ir::ShaderStage::TessellationControl => Stage::TessellationControl,
            luma_ir::ShaderStage::TessellationEvaluation => Stage::TessellationEval,
        }
    }
}

/// One entry point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EntryPoint {
    /// The entry function's Luma name, which is the SPIR-V entry point's. Other targets may
    /// differ: GLSL's is `main`, and HLSL, MSL and WGSL add `_` to a name they reserve (`main`
    /// in MSL); `lumac::OutputEntryPoint::target_name` has each output's.
    pub name: String,
    /// Its stage.
    pub stage: Stage,
    /// Threads per workgroup for compute; `[0, 0, 0]` for other stages. A dimension a
    /// specialization constant sets holds that constant's default.
    pub workgroup_size: [u32; 3],
    /// The specialization constant id that sets each workgroup dimension (`@workgroup_size(N)`
    /// with `@spec(id) const N`), where one does: the pipeline's value is then the size.
    #[serde(default)]
    pub workgroup_size_spec_ids: [Option<u32>; 3],
    /// `@early_depth`: fragment tests run before the shader.
    pub early_depth_test: bool,
    /// Stage inputs, in parameter order.
    pub inputs: Vec<Io>,
    /// Stage outputs, in result order.
    pub outputs: Vec<Io>,
    /// The descriptor-bound resources this entry point (or anything it calls) uses, in
    /// (group, binding) order.
    pub bindings: Vec<BindingRef>,
    /// The push-constant block it uses, by name.
    pub push_constant: Option<String>,
}

/// One stage input or output (structs are flattened: every one is a scalar or vector).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Io {
    /// The flattened field or parameter name.
    pub name: String,
    /// Its Luma type (`vec3`, `uint`, ...).
    #[serde(rename = "type")]
    pub ty: String,
    /// The location of a user input or output; `None` for a builtin.
    pub location: Option<u32>,
    /// The builtin's Luma name (`position`, `vertex_index`, ...); `None` for a location.
    pub builtin: Option<String>,
    /// Interpolation of a varying (vertex-stage outputs, fragment inputs and the inputs and
    /// outputs of the stages between); `None` for vertex inputs, fragment outputs and builtins.
    pub interpolation: Option<Interpolation>,
}

/// Interpolation of a varying.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interpolation {
    /// Perspective-correct.
    Smooth,
    /// Not interpolated (integer varyings always are).
    Flat,
    /// Linear in screen space.
    NoPerspective,
}

/// A reference from an entry point to a binding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BindingRef {
    /// The binding's group (descriptor set).
    pub group: u32,
    /// Its binding number.
    pub binding: u32,
    /// Its name, as in [`Binding::name`].
    pub name: String,
}

/// What a binding is, in Luma terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BindingKind {
    /// A `uniform` block.
    UniformBuffer,
    /// A `buffer`.
    StorageBuffer,
    /// A sampled or depth texture (alone, or the texture half of a combined sampler).
    Texture,
    /// A sampler (alone, or the sampler half of a combined sampler).
    Sampler,
    /// A storage image (`image2D`, `uimage3D`, ...: `@format(...) uniform`).
    StorageTexture,
}

/// Vulkan's descriptor type of a binding (`VK_DESCRIPTOR_TYPE_*` in lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DescriptorType {
    /// `VK_DESCRIPTOR_TYPE_SAMPLER`
    Sampler,
    /// `VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER` (Luma splits combined samplers, so its own
    /// bindings never have it; SPIR-V from elsewhere may).
    CombinedImageSampler,
    /// `VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE`
    SampledImage,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_IMAGE`
    StorageImage,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER`
    UniformTexelBuffer,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER`
    StorageTexelBuffer,
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER`
    UniformBuffer,
    /// `VK_DESCRIPTOR_TYPE_STORAGE_BUFFER`
    StorageBuffer,
    /// `VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT`
    InputAttachment,
    /// `VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR`
    AccelerationStructure,
}

/// Whether a shader may write a resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Read only.
    Read,
    /// Read and written.
    ReadWrite,
    /// Written only (storage images that no reachable code loads, or `@access(write)`).
    Write,
}

/// Which standard layout a block uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayoutRule {
    /// `uniform` blocks.
    Std140,
    /// `buffer` and `@push_constant` blocks.
    Std430,
}

impl From<luma_ir::layout::LayoutRule> for LayoutRule {
    fn from(rule: luma_ir::layout::LayoutRule) -> LayoutRule {
        match rule {
            luma_ir::layout::LayoutRule::Std140 => LayoutRule::Std140,
            luma_ir::layout::LayoutRule::Std430 => LayoutRule::Std430,
        }
    }
}

/// One half of a combined sampler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombinedRole {
    /// The texture (binding N).
    Texture,
    /// The sampler (binding N + 1).
    Sampler,
}

/// One descriptor-bound resource.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    /// The resource's name (`<name>_tex` / `<name>_samp` for the halves of a combined sampler).
    pub name: String,
    /// Descriptor set / bind group / register space.
    pub group: u32,
    /// Binding number within the group.
    pub binding: u32,
    /// What it is in Luma terms.
    pub kind: BindingKind,
    /// Vulkan's descriptor type.
    pub descriptor_type: DescriptorType,
    /// The declared Luma type (`Camera`, `[]vec4`, `texture2D`, `[4]texture2D`, `sampler`).
    #[serde(rename = "type")]
    pub ty: String,
    /// Whether shaders may write it; `None` for samplers.
    pub access: Option<Access>,
    /// The element count of an array of textures or samplers; `None` when not an array.
    pub array_size: Option<u32>,
    /// Vulkan's descriptor count: `array_size`, or 1.
    pub count: u32,
    /// Shared by the texture and sampler that one combined sampler declaration became.
    pub combined_id: Option<u32>,
    /// The combined sampler's declared name (`albedo` for `albedo_tex` + `albedo_samp`).
    pub combined_name: Option<String>,
    /// Which half of the combined sampler this binding is.
    pub combined_role: Option<CombinedRole>,
    /// Texture properties, for textures and storage textures.
    pub texture: Option<TextureInfo>,
    /// The texel format of a storage texture (`rgba8`, `r32ui`, ...: Luma's `@format` names);
    /// absent for other kinds (left out of the JSON, so older readers are unaffected).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Whether a sampler is a comparison sampler; `None` for other kinds.
    pub comparison: Option<bool>,
    /// For buffers whose type is a struct: its name (a key into `structs` with `layout`).
    pub struct_name: Option<String>,
    /// For buffers: the layout rule of the contents.
    pub layout: Option<LayoutRule>,
    /// For buffers: the bytes a host must bind. With a runtime-sized array at the end, the size
    /// with zero elements (the array's offset); `n` elements need `size + n * runtime_array_stride`.
    pub size: Option<u32>,
    /// For buffers ending in a runtime-sized array: the array's element stride.
    pub runtime_array_stride: Option<u32>,
    /// For buffers: the layout of the contents as one member at offset 0 (its strides matter
    /// when the type is not a struct: `[]vec4`, `mat4`, `[16]Light`).
    pub block: Option<MemberLayout>,
    /// The stages of the entry points that use it (Vulkan's stage flags), in stage order.
    pub stages: Vec<Stage>,
    /// Where the MSL back end binds it; `None` when there is no MSL remap.
    pub msl: Option<MslSlot>,
    /// Where the HLSL back end binds it.
    pub hlsl: HlslRegister,
    /// Whether some use indexes this array of textures, samplers or storage images with an
    /// index that may differ between invocations (which every output marks non-uniform).
    /// Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub non_uniform_index: bool,
}

/// Texture properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextureInfo {
    /// Dimensionality.
    pub dim: TextureDim,
    /// Whether it is an array texture.
    pub arrayed: bool,
    /// Whether it is multisampled.
    pub multisampled: bool,
    /// What its texels are.
    pub sample_type: SampleType,
}

/// Texture dimensionality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextureDim {
    /// `2d`
    #[serde(rename = "2d")]
    D2,
    /// `3d`
    #[serde(rename = "3d")]
    D3,
    /// `cube`
    #[serde(rename = "cube")]
    Cube,
}

/// What a texture returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SampleType {
    /// Float texels.
    Float,
    /// Signed integer texels.
    Sint,
    /// Unsigned integer texels.
    Uint,
    /// Depth, sampled with comparison.
    Depth,
}

/// The push-constant block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PushConstant {
    /// The block's name.
    pub name: String,
    /// Its Luma type.
    #[serde(rename = "type")]
    pub ty: String,
    /// Its struct's name, when its type is a struct.
    pub struct_name: Option<String>,
    /// Always `std430`.
    pub layout: LayoutRule,
    /// Its size in bytes under std430 (trailing padding included).
    pub size: u32,
    /// The layout of its contents as one member at offset 0.
    pub block: MemberLayout,
    /// The stages of the entry points that use it.
    pub stages: Vec<Stage>,
    /// Its MSL buffer slot; `None` when there is no MSL remap.
    pub msl: Option<MslSlot>,
    /// Its HLSL root-constant register, when one was chosen (the HLSL option
    /// `push_constant_register`); `None` leaves the choice to the HLSL compiler.
    pub hlsl: Option<HlslRegister>,
}

/// The layout of one struct under one rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StructLayout {
    /// The struct's name (unique in this list together with `layout`).
    pub name: String,
    /// The rule it is laid out under.
    pub layout: LayoutRule,
    /// Its size in bytes, trailing padding included; `None` when it ends in a runtime-sized
    /// array.
    pub size: Option<u32>,
    /// Its alignment in bytes.
    pub align: u32,
    /// Its members, in declaration order.
    pub members: Vec<MemberLayout>,
}

/// The layout of a struct member (or of a buffer's whole contents, as `block`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberLayout {
    /// The member's name.
    pub name: String,
    /// Its Luma type.
    #[serde(rename = "type")]
    pub ty: String,
    /// Its offset in bytes from the start of the enclosing struct.
    pub offset: u32,
    /// Its size in bytes; `None` for a runtime-sized array.
    pub size: Option<u32>,
    /// Its alignment in bytes.
    pub align: u32,
    /// One entry per array dimension, outermost first; empty when it is not an array.
    pub array: Vec<ArrayDim>,
    /// The column stride of the matrix it is (or that its array elements are).
    pub matrix_stride: Option<u32>,
    /// The struct it is (or that its array elements are): a key into `structs` with the
    /// enclosing layout rule.
    pub struct_name: Option<String>,
}

/// One array dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrayDim {
    /// Element count; `None` for a runtime-sized array.
    pub size: Option<u32>,
    /// Bytes from one element to the next.
    pub stride: u32,
}

/// A specialization constant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecConstant {
    /// Its source name.
    pub name: String,
    /// Its id (`@spec(id)`, SPIR-V `SpecId`, MSL `function_constant`, WGSL `@id`).
    pub id: u32,
    /// Its Luma type (`bool`, `int`, `uint`, `float`, `half`).
    #[serde(rename = "type")]
    pub ty: String,
    /// The default value as Luma writes it (`16`, `true`, `0.5`).
    pub default: String,
    /// The bytes of its value in `VkSpecializationInfo` data (a `bool` is a 4-byte `VkBool32`).
    pub size: u32,
}

/// The class of a Metal argument-table slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MslClass {
    /// `[[buffer(n)]]`
    Buffer,
    /// `[[texture(n)]]`
    Texture,
    /// `[[sampler(n)]]`
    Sampler,
}

/// Where one resource is bound in Metal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MslSlot {
    /// The argument-table class.
    pub class: MslClass,
    /// The first index.
    pub index: u32,
    /// How many consecutive indices it takes (an array of N textures takes N).
    pub count: u32,
    /// For a storage buffer with a runtime-sized array: which entry of the sizes buffer holds
    /// its byte size.
    pub sizes_index: Option<u32>,
}

/// Metal-wide facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MslInfo {
    /// The buffer index of the sizes buffer (`constant uint*`, one byte size per storage
    /// buffer with a runtime-sized array), when there is one.
    pub sizes_buffer: Option<u32>,
    /// The storage buffers whose byte sizes it holds, in its order, by name.
    pub sizes: Vec<String>,
}

/// An HLSL register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HlslRegister {
    /// The register: class letter and number (`b3`, `t0`, `u2`, `s1`).
    pub register: String,
    /// The register space.
    pub space: u32,
    /// How many consecutive registers it takes (an array of N textures takes N).
    pub count: u32,
}

/// Direct3D-wide facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HlslInfo {
    /// The constant buffer that holds `num_workgroups` (a `uint3` at offset 0 the application
    /// fills with the dispatch size), when an entry point reads it and the HLSL option
    /// `num_workgroups` placed it on a binding nothing else takes (the HLSL back end refuses
    /// a shared one, E0922).
    pub num_workgroups: Option<HlslRegister>,
}

impl Reflection {
    /// The model as pretty-printed JSON (two-space indent, fields in schema order, a final
    /// newline). Byte-identical for equal models.
    pub fn to_json(&self) -> String {
        to_pretty_json(self)
    }

    /// Reads a model back from its JSON.
    pub fn from_json(text: &str) -> Result<Reflection, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// Pretty JSON with a final newline; serialization of these plain data types cannot fail, and
/// if it ever did the text says so instead of panicking.
pub(crate) fn to_pretty_json<T: Serialize>(value: &T) -> String {
    match serde_json::to_string_pretty(value) {
        Ok(mut text) => {
            text.push('\n');
            text
        }
        Err(e) => format!("{{\"error\": {:?}}}\n", e.to_string()),
    }
}
