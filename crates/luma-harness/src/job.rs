//! One run on the Vulkan device, described as plain data: SPIR-V, the work (a dispatch or a
//! draw), the resources with their bytes, push constants and specialization values. The test
//! spec is turned into a `Job` once per path; the Vulkan module runs it.

use crate::error::{Error, Result};
use crate::vulkan::Message;

/// A SPIR-V module and the entry point to run from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shader {
    /// The module's words.
    pub words: Vec<u32>,
    /// Entry point name; `None` takes the module's only entry point of the needed stage.
    pub entry: Option<String>,
}

/// A descriptor slot: set, binding and array element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    /// Descriptor set (Luma's group).
    pub set: u32,
    /// Binding.
    pub binding: u32,
    /// Element of a descriptor array (0 otherwise).
    pub element: u32,
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "group {} binding {}", self.set, self.binding)?;
        if self.element != 0 {
            write!(f, " element {}", self.element)?;
        }
        Ok(())
    }
}

/// What the job does.
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// `vkCmdDispatch(groups)` of a compute shader.
    Compute {
        /// The compute shader.
        shader: Shader,
        /// Workgroup counts.
        groups: [u32; 3],
    },
    /// An offscreen draw.
    Render(Box<Render>),
}

/// An offscreen draw into fixed-size targets.
#[derive(Debug, Clone, PartialEq)]
pub struct Render {
    /// The vertex shader.
    pub vertex: Shader,
    /// The fragment shader.
    pub fragment: Shader,
    /// Vertices per instance.
    pub vertex_count: u32,
    /// Instances.
    pub instance_count: u32,
    /// `firstVertex` (`firstIndex` when indexed).
    pub first_vertex: u32,
    /// `firstInstance`.
    pub first_instance: u32,
    /// `u32` indices: the draw is indexed when present.
    pub indices: Option<Vec<u32>>,
    /// `vertexOffset` of an indexed draw.
    pub vertex_offset: i32,
    /// Primitive topology.
    pub topology: Topology,
    /// Target width in pixels.
    pub width: u32,
    /// Target height in pixels.
    pub height: u32,
    /// Color attachments, location 0 first.
    pub targets: Vec<ColorTarget>,
    /// Optional depth attachment (test `less`, writes on).
    pub depth: Option<DepthTarget>,
    /// Vertex buffers, binding 0 first.
    pub vertex_buffers: Vec<VertexBuffer>,
}

/// A primitive topology.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topology {
    /// Independent triangles.
    TriangleList,
    /// A triangle strip.
    TriangleStrip,
}

impl Topology {
    /// Parses `triangle_list` / `triangle_strip`.
    pub fn from_name(name: &str) -> Result<Topology> {
        match name {
            "triangle_list" => Ok(Topology::TriangleList),
            "triangle_strip" => Ok(Topology::TriangleStrip),
            _ => Err(Error::Spec(format!(
                "unknown topology `{name}`; expected triangle_list or triangle_strip"
            ))),
        }
    }
}

/// A color attachment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColorTarget {
    /// Its format.
    pub format: Format,
    /// Clear value (converted to the format's numeric type).
    pub clear: [f64; 4],
}

/// The depth attachment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DepthTarget {
    /// Clear depth.
    pub clear: f32,
}

/// A vertex buffer and its attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct VertexBuffer {
    /// Bytes between consecutive vertices (or instances).
    pub stride: u32,
    /// Advances per instance instead of per vertex.
    pub per_instance: bool,
    /// Contents.
    pub bytes: Vec<u8>,
    /// Attributes read from it.
    pub attributes: Vec<Attribute>,
}

/// A vertex attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attribute {
    /// Shader input location.
    pub location: u32,
    /// Format in the buffer.
    pub format: AttributeFormat,
    /// Byte offset within a vertex.
    pub offset: u32,
}

/// Vertex attribute formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeFormat {
    /// 1 to 4 f32 components.
    F32(u8),
    /// 1 to 4 i32 components.
    I32(u8),
    /// 1 to 4 u32 components.
    U32(u8),
    /// 4 normalized bytes.
    Unorm8x4,
}

impl AttributeFormat {
    /// Parses `f32`, `f32x2` .. `f32x4`, the same for `i32` and `u32`, and `unorm8x4`.
    pub fn from_name(name: &str) -> Result<AttributeFormat> {
        if name == "unorm8x4" {
            return Ok(AttributeFormat::Unorm8x4);
        }
        let (base, count) = match name.split_once('x') {
            Some((base, n)) => (base, n.parse::<u8>().ok()),
            None => (name, Some(1)),
        };
        let bad = || {
            Error::Spec(format!(
                "unknown vertex format `{name}`; expected f32, f32x2..f32x4, i32.., u32.. or \
                 unorm8x4"
            ))
        };
        let count = count.filter(|n| (1..=4).contains(n)).ok_or_else(bad)?;
        match base {
            "f32" => Ok(AttributeFormat::F32(count)),
            "i32" => Ok(AttributeFormat::I32(count)),
            "u32" => Ok(AttributeFormat::U32(count)),
            _ => Err(bad()),
        }
    }
}

/// Image formats for textures and render targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `R8G8B8A8_UNORM` (`rgba8`).
    Rgba8Unorm,
    /// `R32G32B32A32_SFLOAT` (`rgba32f`).
    Rgba32Float,
    /// `R32_SFLOAT` (`r32f`).
    R32Float,
    /// `R32_UINT` (`r32u`).
    R32Uint,
    /// `R32_SINT` (`r32i`).
    R32Sint,
    /// `R32G32B32A32_UINT` (`rgba32u`).
    Rgba32Uint,
    /// `R32G32B32A32_SINT` (`rgba32i`).
    Rgba32Sint,
    /// `D32_SFLOAT` (`d32f`): depth textures for comparison sampling.
    Depth32Float,
}

impl Format {
    /// Parses a spec name.
    pub fn from_name(name: &str) -> Result<Format> {
        Ok(match name {
            "rgba8" => Format::Rgba8Unorm,
            "rgba32f" => Format::Rgba32Float,
            "r32f" => Format::R32Float,
            "r32u" => Format::R32Uint,
            "r32i" => Format::R32Sint,
            "rgba32u" => Format::Rgba32Uint,
            "rgba32i" => Format::Rgba32Sint,
            "d32f" => Format::Depth32Float,
            _ => {
                return Err(Error::Spec(format!(
                    "unknown format `{name}`; expected rgba8, rgba32f, r32f, r32u, r32i, \
                     rgba32u, rgba32i or d32f"
                )))
            }
        })
    }

    /// Bytes per texel.
    pub fn texel_size(self) -> usize {
        match self {
            Format::Rgba8Unorm
            | Format::R32Float
            | Format::R32Uint
            | Format::R32Sint
            | Format::Depth32Float => 4,
            Format::Rgba32Float | Format::Rgba32Uint | Format::Rgba32Sint => 16,
        }
    }

    /// Whether the format holds depth.
    pub fn is_depth(self) -> bool {
        self == Format::Depth32Float
    }
}

/// Texture shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureKind {
    /// `2d`
    D2,
    /// `2d_array`
    D2Array,
    /// `3d`
    D3,
    /// `cube` (six layers: +X, -X, +Y, -Y, +Z, -Z)
    Cube,
}

impl TextureKind {
    /// Parses a spec name.
    pub fn from_name(name: &str) -> Result<TextureKind> {
        Ok(match name {
            "2d" => TextureKind::D2,
            "2d_array" => TextureKind::D2Array,
            "3d" => TextureKind::D3,
            "cube" => TextureKind::Cube,
            _ => {
                return Err(Error::Spec(format!(
                    "unknown texture kind `{name}`; expected 2d, 2d_array, 3d or cube"
                )))
            }
        })
    }
}

/// A buffer bound at a slot.
#[derive(Debug, Clone, PartialEq)]
pub struct BufferInput {
    /// Where it is bound.
    pub slot: Slot,
    /// Initial contents; the buffer is exactly this long.
    pub bytes: Vec<u8>,
}

/// A texture bound at a slot.
#[derive(Debug, Clone, PartialEq)]
pub struct TextureInput {
    /// Where it is bound.
    pub slot: Slot,
    /// Shape.
    pub kind: TextureKind,
    /// Texel format.
    pub format: Format,
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// Depth of level 0 (3D) or layer count (arrays; 6 for cubes); 1 otherwise.
    pub depth_or_layers: u32,
    /// Mip levels.
    pub levels: u32,
    /// Texels: level by level, layer by layer (or slice by slice), rows top to bottom.
    pub bytes: Vec<u8>,
    /// The sampler that goes with this texture when the shader declares a combined image
    /// sampler at the texture's slot (GLSL recombines Luma's split pair that way).
    pub sampler: Slot,
}

impl TextureInput {
    /// The byte length its shape needs.
    pub fn expected_len(&self) -> u64 {
        let mut total = 0u64;
        let layers = match self.kind {
            TextureKind::D3 => 1,
            _ => u64::from(self.depth_or_layers),
        };
        for level in 0..self.levels.min(32) {
            let w = u64::from((self.width >> level).max(1));
            let h = u64::from((self.height >> level).max(1));
            let d = match self.kind {
                TextureKind::D3 => u64::from((self.depth_or_layers >> level).max(1)),
                _ => 1,
            };
            total += w * h * d * layers * self.format.texel_size() as u64;
        }
        total
    }
}

/// Texture filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// Nearest texel.
    Nearest,
    /// Linear interpolation.
    Linear,
}

/// Sampler address modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    /// `repeat`
    Repeat,
    /// `mirror`
    MirroredRepeat,
    /// `clamp_edge`
    ClampToEdge,
    /// `clamp_border`
    ClampToBorder,
}

impl AddressMode {
    /// Parses a spec name.
    pub fn from_name(name: &str) -> Result<AddressMode> {
        Ok(match name {
            "repeat" => AddressMode::Repeat,
            "mirror" => AddressMode::MirroredRepeat,
            "clamp_edge" => AddressMode::ClampToEdge,
            "clamp_border" => AddressMode::ClampToBorder,
            _ => {
                return Err(Error::Spec(format!(
                    "unknown address mode `{name}`; expected repeat, mirror, clamp_edge or \
                     clamp_border"
                )))
            }
        })
    }
}

/// Comparison functions (depth comparison samplers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    /// never
    Never,
    /// less
    Less,
    /// equal
    Equal,
    /// less_equal
    LessEqual,
    /// greater
    Greater,
    /// not_equal
    NotEqual,
    /// greater_equal
    GreaterEqual,
    /// always
    Always,
}

impl CompareOp {
    /// Parses a spec name.
    pub fn from_name(name: &str) -> Result<CompareOp> {
        Ok(match name {
            "never" => CompareOp::Never,
            "less" => CompareOp::Less,
            "equal" => CompareOp::Equal,
            "less_equal" => CompareOp::LessEqual,
            "greater" => CompareOp::Greater,
            "not_equal" => CompareOp::NotEqual,
            "greater_equal" => CompareOp::GreaterEqual,
            "always" => CompareOp::Always,
            _ => {
                return Err(Error::Spec(format!(
                    "unknown compare op `{name}`; expected never, less, equal, less_equal, \
                     greater, not_equal, greater_equal or always"
                )))
            }
        })
    }
}

/// Border colors for `clamp_border`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Border {
    /// (0, 0, 0, 0)
    TransparentBlack,
    /// (0, 0, 0, 1)
    OpaqueBlack,
    /// (1, 1, 1, 1)
    OpaqueWhite,
}

/// A sampler.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerDesc {
    /// Magnification filter.
    pub mag: Filter,
    /// Minification filter.
    pub min: Filter,
    /// Filter between mip levels.
    pub mipmap: Filter,
    /// Address modes for u, v, w.
    pub address: [AddressMode; 3],
    /// Border color.
    pub border: Border,
    /// Depth comparison, for comparison samplers.
    pub compare: Option<CompareOp>,
    /// Lowest level of detail.
    pub min_lod: f32,
    /// Highest level of detail.
    pub max_lod: f32,
}

impl Default for SamplerDesc {
    fn default() -> SamplerDesc {
        SamplerDesc {
            mag: Filter::Nearest,
            min: Filter::Nearest,
            mipmap: Filter::Nearest,
            address: [AddressMode::ClampToEdge; 3],
            border: Border::TransparentBlack,
            compare: None,
            min_lod: 0.0,
            max_lod: 1000.0,
        }
    }
}

/// A storage image bound at a slot: created in its format with `STORAGE` usage, filled with
/// its bytes (zeros when the spec gives none), in the `GENERAL` layout while shaders run, and
/// read back afterwards.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageInput {
    /// Where it is bound.
    pub slot: Slot,
    /// `D2`, `D2Array` or `D3` (storage images have no cube form).
    pub kind: TextureKind,
    /// Texel format.
    pub format: Format,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// Depth for 3D images, layer count for arrays, 1 otherwise.
    pub depth_or_layers: u32,
    /// Initial contents: layers (or slices) in order, rows top to bottom, tightly packed.
    pub bytes: Vec<u8>,
}

impl ImageInput {
    /// The size of the whole image in bytes (one level).
    pub fn byte_len(&self) -> u64 {
        u64::from(self.width)
            * u64::from(self.height)
            * u64::from(self.depth_or_layers)
            * self.format.texel_size() as u64
    }
}

/// A sampler bound at a slot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerInput {
    /// Where it is bound.
    pub slot: Slot,
    /// How it samples.
    pub desc: SamplerDesc,
}

/// A specialization constant value.
#[derive(Debug, Clone, PartialEq)]
pub struct Specialization {
    /// `SpecId`.
    pub id: u32,
    /// Its bytes (4 for 32-bit values and booleans).
    pub bytes: Vec<u8>,
}

/// Everything one run needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    /// Dispatch or draw.
    pub work: Work,
    /// Buffers by slot.
    pub buffers: Vec<BufferInput>,
    /// Textures by slot.
    pub textures: Vec<TextureInput>,
    /// Samplers by slot.
    pub samplers: Vec<SamplerInput>,
    /// Storage images by slot.
    pub images: Vec<ImageInput>,
    /// Push constant bytes (from offset 0).
    pub push_constants: Vec<u8>,
    /// Specialization constant values.
    pub specialization: Vec<Specialization>,
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outcome {
    /// Every buffer the shaders used, with its contents after the run.
    pub buffers: Vec<(Slot, Vec<u8>)>,
    /// Every storage image the shaders used, with its texels after the run (laid out as
    /// [`ImageInput::bytes`]).
    pub images: Vec<(Slot, Vec<u8>)>,
    /// Each color target's pixels, rows top to bottom, tightly packed.
    pub targets: Vec<Vec<u8>>,
    /// The depth target's values (f32), if there is one.
    pub depth: Option<Vec<u8>>,
    /// Validation warnings (errors make the run fail instead).
    pub warnings: Vec<Message>,
}
