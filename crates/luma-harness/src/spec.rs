//! Execution test specs: `<name>.toml` next to `<name>.luma`, read with serde and checked into a
//! [`Test`] that the runner turns into one [`Job`](crate::job::Job) per path.
//!
//! A compute test, complete:
//!
//! ```toml
//! description = "integer division truncates toward zero"
//!
//! [compute]
//! entry = "main"
//! groups = [1, 1, 1]
//!
//! [[buffer]]          # group defaults to 0, element to 0
//! binding = 0
//! data = ["i32 7 -7", "i32 2 2"]
//!
//! [[buffer]]
//! binding = 1
//! size = 8            # zero-filled; `data` and `size` together pad data with zeros
//!
//! [[expect]]
//! buffer = 1
//! data = ["i32 3 -3"]
//! ```
//!
//! Other tables: `push_constants = [...]` (typed data), `[[spec]] id = 0, value = "i32 5"`,
//! `[[texture]]`, `[[sampler]]`, `[[image]]`, `[render]` with `[[vertex_buffer]]`, `[tolerance]`,
//! `[not_applicable] hlsl = "reason"`, `device_features = [...]` (optional device features the
//! shader needs), and `[reference]` for hand-written GLSL or SPIR-V
//! assembly run as extra paths. `tests/exec/README.md` documents every key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::compare::Tolerance;
use crate::data::{f16_bits, f16_value, Data, Kind, Value};
use crate::error::{Error, Result};
use crate::job::{
    AddressMode, Attribute, AttributeFormat, Border, BufferInput, ColorTarget, CompareOp,
    DepthTarget, Filter, Format, ImageInput, SamplerDesc, SamplerInput, Slot, TextureInput,
    TextureKind, Topology, VertexBuffer,
};
use crate::reflect::Stage;

/// The ways a test's shader reaches the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PathKind {
    /// Luma's SPIR-V back end, run directly.
    Spirv,
    /// Luma's GLSL back end, compiled by `glslangValidator -V`.
    Glsl,
    /// Luma's HLSL back end, compiled by `glslangValidator -D -V`.
    Hlsl,
    /// Luma's HLSL back end, compiled by Slang (`tools/slang/slangc.py`): a second HLSL front
    /// end, whose reading of HLSL is DXC's where glslang's differs.
    HlslSlang,
    /// Luma's WGSL back end, translated to SPIR-V by naga.
    Wgsl,
    /// Hand-written GLSL from the spec's `[reference]`, compiled by glslang.
    RefGlsl,
    /// Hand-written SPIR-V assembly from the spec's `[reference]`, assembled by `spirv-as`.
    RefSpvasm,
}

impl PathKind {
    /// The Luma paths every run takes, in report order.
    pub const LUMA: [PathKind; 4] = [
        PathKind::Spirv,
        PathKind::Glsl,
        PathKind::Hlsl,
        PathKind::Wgsl,
    ];

    /// Luma paths that run only when asked for (`--paths`): `hlsl-slang` needs device features
    /// the other paths must run without (see [`crate::vulkan::GpuOptions::slang_features`]).
    pub const OPT_IN: [PathKind; 1] = [PathKind::HlslSlang];

    /// Every path, in report order.
    pub const ALL: [PathKind; 7] = [
        PathKind::Spirv,
        PathKind::Glsl,
        PathKind::Hlsl,
        PathKind::HlslSlang,
        PathKind::Wgsl,
        PathKind::RefGlsl,
        PathKind::RefSpvasm,
    ];

    /// The name used in specs, reports and `--paths`.
    pub fn name(self) -> &'static str {
        match self {
            PathKind::Spirv => "spirv",
            PathKind::Glsl => "glsl",
            PathKind::Hlsl => "hlsl",
            PathKind::HlslSlang => "hlsl-slang",
            PathKind::Wgsl => "wgsl",
            PathKind::RefGlsl => "ref-glsl",
            PathKind::RefSpvasm => "ref-spvasm",
        }
    }

    /// Parses a path name.
    pub fn from_name(name: &str) -> Option<PathKind> {
        PathKind::ALL.into_iter().find(|p| p.name() == name)
    }
}

// ---- The TOML shape -------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    description: Option<String>,
    luma: Option<String>,
    compute: Option<RawCompute>,
    render: Option<RawRender>,
    #[serde(default)]
    buffer: Vec<RawBuffer>,
    push_constants: Option<Vec<String>>,
    #[serde(default)]
    spec: Vec<RawSpecConst>,
    #[serde(default)]
    texture: Vec<RawTexture>,
    #[serde(default)]
    sampler: Vec<RawSampler>,
    #[serde(default)]
    image: Vec<RawImage>,
    #[serde(default)]
    vertex_buffer: Vec<RawVertexBuffer>,
    #[serde(default)]
    expect: Vec<RawExpect>,
    tolerance: Option<RawTolerance>,
    #[serde(default)]
    not_applicable: BTreeMap<String, String>,
    reference: Option<RawReference>,
    #[serde(default)]
    device_features: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCompute {
    entry: Option<String>,
    groups: Option<[u32; 3]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRender {
    vertex: Option<String>,
    fragment: Option<String>,
    vertex_count: u32,
    instance_count: Option<u32>,
    first_vertex: Option<u32>,
    first_instance: Option<u32>,
    indices: Option<Vec<u32>>,
    vertex_offset: Option<i32>,
    size: [u32; 2],
    targets: Vec<String>,
    clear: Option<Vec<[f64; 4]>>,
    depth: Option<String>,
    clear_depth: Option<f32>,
    topology: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuffer {
    #[serde(default)]
    group: u32,
    binding: u32,
    #[serde(default)]
    element: u32,
    data: Option<Vec<String>>,
    size: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecConst {
    id: u32,
    value: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTexture {
    #[serde(default)]
    group: u32,
    binding: u32,
    #[serde(default)]
    element: u32,
    kind: Option<String>,
    format: String,
    size: Vec<u32>,
    layers: Option<u32>,
    levels: Option<u32>,
    data: Vec<String>,
    sampler: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImage {
    #[serde(default)]
    group: u32,
    binding: u32,
    #[serde(default)]
    element: u32,
    kind: Option<String>,
    format: String,
    size: Vec<u32>,
    layers: Option<u32>,
    data: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawAddress {
    One(String),
    Each(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSampler {
    #[serde(default)]
    group: u32,
    binding: u32,
    #[serde(default)]
    element: u32,
    filter: Option<String>,
    mag_filter: Option<String>,
    min_filter: Option<String>,
    mipmap: Option<String>,
    address: Option<RawAddress>,
    border: Option<String>,
    compare: Option<String>,
    min_lod: Option<f32>,
    max_lod: Option<f32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVertexBuffer {
    stride: u32,
    step: Option<String>,
    data: Vec<String>,
    attributes: Vec<RawAttribute>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttribute {
    location: u32,
    format: String,
    #[serde(default)]
    offset: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    buffer: Option<u32>,
    image: Option<u32>,
    #[serde(default)]
    group: u32,
    #[serde(default)]
    element: u32,
    #[serde(default)]
    offset: u64,
    target: Option<u32>,
    #[serde(default)]
    depth: bool,
    pixel: Option<[u32; 2]>,
    rect: Option<[u32; 4]>,
    data: Vec<String>,
    abs: Option<f64>,
    ulp: Option<u32>,
    note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTolerance {
    abs: Option<f64>,
    ulp: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReference {
    #[serde(default)]
    glsl: BTreeMap<String, String>,
    #[serde(default)]
    spvasm: BTreeMap<String, String>,
}

// ---- The checked model ----------------------------------------------------------------------

/// What a test runs.
#[derive(Debug, Clone, PartialEq)]
pub enum TestWork {
    /// A compute dispatch.
    Compute {
        /// Entry point name (required for Luma sources).
        entry: Option<String>,
        /// Workgroup counts.
        groups: [u32; 3],
    },
    /// A draw.
    Render(Box<RenderSpec>),
}

/// A draw, as the spec describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderSpec {
    /// Vertex entry point name.
    pub vertex: Option<String>,
    /// Fragment entry point name.
    pub fragment: Option<String>,
    /// Vertices.
    pub vertex_count: u32,
    /// Instances.
    pub instance_count: u32,
    /// `firstVertex` of a non-indexed draw (`firstIndex` of an indexed one).
    pub first_vertex: u32,
    /// `firstInstance`.
    pub first_instance: u32,
    /// The index buffer (`u32` indices) of an indexed draw.
    pub indices: Option<Vec<u32>>,
    /// `vertexOffset` of an indexed draw.
    pub vertex_offset: i32,
    /// Topology.
    pub topology: Topology,
    /// Target width.
    pub width: u32,
    /// Target height.
    pub height: u32,
    /// Color targets.
    pub targets: Vec<ColorTarget>,
    /// Depth target.
    pub depth: Option<DepthTarget>,
    /// Vertex buffers.
    pub vertex_buffers: Vec<VertexBuffer>,
}

/// A specialization value: bytes for Vulkan, and the number naga's override processing takes.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecValue {
    /// `SpecId` / WGSL `@id`.
    pub id: u32,
    /// Bytes for `VkSpecializationInfo`.
    pub bytes: Vec<u8>,
    /// The value as a number (bools as 0 / 1).
    pub number: f64,
}

/// Where an expectation looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectWhere {
    /// A buffer range starting at `offset`.
    Buffer {
        /// The buffer's slot.
        slot: Slot,
        /// Byte offset of the range.
        offset: u64,
    },
    /// A range of a storage image's texels (layers or slices in order, rows top to bottom,
    /// tightly packed) starting at byte `offset`.
    Image {
        /// The image's slot.
        slot: Slot,
        /// Byte offset of the range.
        offset: u64,
    },
    /// Pixels of a color target (`target: None` means the depth target).
    Pixels {
        /// Color target index, or `None` for depth.
        target: Option<u32>,
        /// x, y, width, height.
        rect: [u32; 4],
    },
}

/// One expectation.
#[derive(Debug, Clone, PartialEq)]
pub struct Expect {
    /// Where.
    pub at: ExpectWhere,
    /// What: for pixels, either one texel's worth (applied to every pixel of the rect) or
    /// every pixel of the rect, row by row.
    pub data: Data,
    /// Float tolerance.
    pub tolerance: Tolerance,
    /// A note shown with a failure.
    pub note: Option<String>,
}

/// Hand-written sources run as extra paths, per stage.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct References {
    /// GLSL files.
    pub glsl: BTreeMap<Stage, PathBuf>,
    /// SPIR-V assembly files.
    pub spvasm: BTreeMap<Stage, PathBuf>,
}

/// A checked execution test.
#[derive(Debug, Clone, PartialEq)]
pub struct Test {
    /// File stem of the spec.
    pub name: String,
    /// The spec file.
    pub spec_path: PathBuf,
    /// One-line description.
    pub description: String,
    /// The Luma source, when the test has one.
    pub luma: Option<PathBuf>,
    /// Hand-written sources.
    pub references: References,
    /// Dispatch or draw.
    pub work: TestWork,
    /// Buffers.
    pub buffers: Vec<BufferInput>,
    /// Textures.
    pub textures: Vec<TextureInput>,
    /// Samplers.
    pub samplers: Vec<SamplerInput>,
    /// Storage images.
    pub images: Vec<ImageInput>,
    /// Push constant bytes.
    pub push_constants: Vec<u8>,
    /// Specialization values.
    pub specialization: Vec<SpecValue>,
    /// Expectations.
    pub expects: Vec<Expect>,
    /// Paths declared not applicable, with the reason.
    pub not_applicable: BTreeMap<PathKind, String>,
    /// Optional device features the shader needs (names from
    /// [`crate::vulkan::OPTIONAL_FEATURES`]): on a device without one, every path is n/a.
    pub device_features: Vec<String>,
}

impl Test {
    /// The paths this test has: the four Luma paths when it has a Luma source, plus one per
    /// kind of reference source.
    pub fn paths(&self) -> Vec<PathKind> {
        let mut out = Vec::new();
        if self.luma.is_some() {
            out.extend(PathKind::LUMA);
            out.extend(PathKind::OPT_IN);
        }
        if !self.references.glsl.is_empty() {
            out.push(PathKind::RefGlsl);
        }
        if !self.references.spvasm.is_empty() {
            out.push(PathKind::RefSpvasm);
        }
        out
    }

    /// The stages the test runs.
    pub fn stages(&self) -> Vec<Stage> {
        match self.work {
            TestWork::Compute { .. } => vec![Stage::Compute],
            TestWork::Render(_) => vec![Stage::Vertex, Stage::Fragment],
        }
    }

    /// The entry point name the spec gives for `stage`.
    pub fn entry(&self, stage: Stage) -> Option<&str> {
        match (&self.work, stage) {
            (TestWork::Compute { entry, .. }, Stage::Compute) => entry.as_deref(),
            (TestWork::Render(r), Stage::Vertex) => r.vertex.as_deref(),
            (TestWork::Render(r), Stage::Fragment) => r.fragment.as_deref(),
            _ => None,
        }
    }
}

/// Every `*.toml` spec under `dir` (not recursive), sorted by name.
pub fn discover(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", dir.display())))?;
    let mut out: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    Ok(out)
}

/// Reads and checks one spec.
pub fn load(spec_path: &Path) -> Result<Test> {
    let text = std::fs::read_to_string(spec_path)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", spec_path.display())))?;
    let name = spec_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    parse(&name, spec_path, &text).map_err(|e| match e {
        Error::Spec(m) => Error::Spec(format!("{}: {m}", spec_path.display())),
        other => other,
    })
}

fn stage_from(name: &str) -> Result<Stage> {
    match name {
        "compute" => Ok(Stage::Compute),
        "vertex" => Ok(Stage::Vertex),
        "fragment" => Ok(Stage::Fragment),
        _ => Err(Error::Spec(format!(
            "unknown stage `{name}`; expected compute, vertex or fragment"
        ))),
    }
}

fn filter_from(name: &str) -> Result<Filter> {
    match name {
        "nearest" => Ok(Filter::Nearest),
        "linear" => Ok(Filter::Linear),
        _ => Err(Error::Spec(format!(
            "unknown filter `{name}`; expected nearest or linear"
        ))),
    }
}

fn border_from(name: &str) -> Result<Border> {
    match name {
        "transparent_black" => Ok(Border::TransparentBlack),
        "opaque_black" => Ok(Border::OpaqueBlack),
        "opaque_white" => Ok(Border::OpaqueWhite),
        _ => Err(Error::Spec(format!(
            "unknown border `{name}`; expected transparent_black, opaque_black or opaque_white"
        ))),
    }
}

/// Parses spec text; `spec_path` locates the files it names.
pub fn parse(name: &str, spec_path: &Path, text: &str) -> Result<Test> {
    let raw: RawSpec =
        toml::from_str(text).map_err(|e| Error::Spec(format!("invalid spec: {e}")))?;
    let dir = spec_path.parent().unwrap_or(Path::new("."));

    let luma = match &raw.luma {
        Some(file) => {
            let p = dir.join(file);
            if !p.is_file() {
                return Err(Error::Spec(format!("`luma = \"{file}\"` does not exist")));
            }
            Some(p)
        }
        None => Some(dir.join(format!("{name}.luma"))).filter(|p| p.is_file()),
    };
    let mut references = References::default();
    if let Some(r) = &raw.reference {
        for (stage, file) in &r.glsl {
            references.glsl.insert(stage_from(stage)?, dir.join(file));
        }
        for (stage, file) in &r.spvasm {
            references.spvasm.insert(stage_from(stage)?, dir.join(file));
        }
        for p in references.glsl.values().chain(references.spvasm.values()) {
            if !p.is_file() {
                return Err(Error::Spec(format!(
                    "reference source {} does not exist",
                    p.display()
                )));
            }
        }
    }
    if luma.is_none() && references.glsl.is_empty() && references.spvasm.is_empty() {
        return Err(Error::Spec(format!(
            "no shader: write {name}.luma next to the spec (or name one with `luma = ...`)"
        )));
    }

    let (work, vertex_buffers_used) = match (&raw.compute, &raw.render) {
        (Some(c), None) => {
            let groups = c.groups.unwrap_or([1, 1, 1]);
            if groups.contains(&0) {
                return Err(Error::Spec(
                    "`groups` must be at least 1 in each dimension".into(),
                ));
            }
            (
                TestWork::Compute {
                    entry: c.entry.clone(),
                    groups,
                },
                false,
            )
        }
        (None, Some(r)) => (
            TestWork::Render(Box::new(render_spec(r, &raw.vertex_buffer)?)),
            true,
        ),
        (Some(_), Some(_)) => {
            return Err(Error::Spec(
                "a test is either [compute] or [render], not both".into(),
            ))
        }
        (None, None) => {
            return Err(Error::Spec(
                "the spec needs a [compute] or a [render] table".into(),
            ))
        }
    };
    if !vertex_buffers_used && !raw.vertex_buffer.is_empty() {
        return Err(Error::Spec(
            "[[vertex_buffer]] is only for [render] tests".into(),
        ));
    }
    if luma.is_some() {
        let stages: &[(&str, Option<&String>)] = match (&raw.compute, &raw.render) {
            (Some(c), _) => &[("[compute] entry", c.entry.as_ref())],
            (_, Some(r)) => &[
                ("[render] vertex", r.vertex.as_ref()),
                ("[render] fragment", r.fragment.as_ref()),
            ],
            _ => &[],
        };
        for (what, entry) in stages {
            if entry.is_none() {
                return Err(Error::Spec(format!(
                    "{what} is required for a Luma test (the GLSL and HLSL paths compile one \
                     entry point by name)"
                )));
            }
        }
    }

    let mut buffers = Vec::new();
    for b in &raw.buffer {
        let slot = Slot {
            set: b.group,
            binding: b.binding,
            element: b.element,
        };
        let mut bytes = match &b.data {
            Some(d) => Data::parse(d)?.to_bytes(),
            None => Vec::new(),
        };
        match b.size {
            Some(size) => {
                let size = usize::try_from(size)
                    .map_err(|_| Error::Spec(format!("buffer at {slot}: size too large")))?;
                if size < bytes.len() {
                    return Err(Error::Spec(format!(
                        "buffer at {slot}: `size = {size}` is smaller than its data ({} bytes)",
                        bytes.len()
                    )));
                }
                bytes.resize(size, 0);
            }
            None if b.data.is_none() => {
                return Err(Error::Spec(format!(
                    "buffer at {slot} needs `data` or `size`"
                )))
            }
            None => {}
        }
        if buffers.iter().any(|x: &BufferInput| x.slot == slot) {
            return Err(Error::Spec(format!("two buffers at {slot}")));
        }
        buffers.push(BufferInput { slot, bytes });
    }

    let push_constants = match &raw.push_constants {
        Some(d) => Data::parse(d)?.to_bytes(),
        None => Vec::new(),
    };

    let mut specialization = Vec::new();
    for s in &raw.spec {
        let data = Data::parse_one(&s.value)?;
        let field = data.single().ok_or_else(|| {
            Error::Spec(format!("spec constant {}: give exactly one value", s.id))
        })?;
        // The value the bytes hold: naga takes `override` values as numbers.
        let number = match field.value {
            Value::Float(v) if field.kind == Kind::F16 => f16_value(f16_bits(v)),
            Value::Float(v) => v,
            Value::FloatBits(b) if field.kind == Kind::F16 => f16_value(b as u16),
            Value::FloatBits(b) => f64::from(f32::from_bits(b)),
            Value::Int(i) => i as f64,
        };
        if specialization.iter().any(|x: &SpecValue| x.id == s.id) {
            return Err(Error::Spec(format!("spec constant {} given twice", s.id)));
        }
        specialization.push(SpecValue {
            id: s.id,
            bytes: data.to_bytes(),
            number,
        });
    }

    let mut textures = Vec::new();
    for t in &raw.texture {
        textures.push(texture(t)?);
    }
    let mut samplers = Vec::new();
    for s in &raw.sampler {
        samplers.push(sampler(s)?);
    }
    let mut images: Vec<ImageInput> = Vec::new();
    for i in &raw.image {
        let input = image(i)?;
        if images.iter().any(|x| x.slot == input.slot) {
            return Err(Error::Spec(format!("two images at {}", input.slot)));
        }
        images.push(input);
    }

    let default_tolerance = Tolerance {
        abs: raw.tolerance.as_ref().and_then(|t| t.abs).unwrap_or(0.0),
        ulp: raw.tolerance.as_ref().and_then(|t| t.ulp).unwrap_or(0),
    };
    let mut expects = Vec::new();
    for e in &raw.expect {
        expects.push(expect(e, &work, &buffers, &images, default_tolerance)?);
    }
    if expects.is_empty() {
        return Err(Error::Spec(
            "the spec has no [[expect]]; a test must check something".into(),
        ));
    }

    let mut not_applicable = BTreeMap::new();
    for (path, reason) in &raw.not_applicable {
        let kind = PathKind::from_name(path).ok_or_else(|| {
            Error::Spec(format!(
                "[not_applicable] names unknown path `{path}`; paths are spirv, glsl, hlsl, hlsl-slang, wgsl"
            ))
        })?;
        if reason.trim().len() < 10 {
            return Err(Error::Spec(format!(
                "[not_applicable] {path}: give the reason the path cannot run this test"
            )));
        }
        not_applicable.insert(kind, reason.clone());
    }
    for f in &raw.device_features {
        if !crate::vulkan::OPTIONAL_FEATURES.contains(&f.as_str()) {
            return Err(Error::Spec(format!(
                "device_features names `{f}`; the harness knows {}",
                crate::vulkan::OPTIONAL_FEATURES.join(", ")
            )));
        }
    }

    Ok(Test {
        name: name.to_string(),
        spec_path: spec_path.to_path_buf(),
        description: raw.description.clone().unwrap_or_default(),
        luma,
        references,
        work,
        buffers,
        textures,
        samplers,
        images,
        push_constants,
        specialization,
        expects,
        not_applicable,
        device_features: raw.device_features.clone(),
    })
}

fn render_spec(r: &RawRender, vbs: &[RawVertexBuffer]) -> Result<RenderSpec> {
    let [width, height] = r.size;
    if width == 0 || height == 0 || width > 4096 || height > 4096 {
        return Err(Error::Spec(
            "[render] size must be 1..=4096 in each dimension".into(),
        ));
    }
    // A depth-only pass is how a fragment shader without outputs is tested.
    if r.targets.is_empty() && r.depth.is_none() {
        return Err(Error::Spec(
            "[render] needs a color target or a depth target".into(),
        ));
    }
    let mut targets = Vec::new();
    for (i, name) in r.targets.iter().enumerate() {
        let format = Format::from_name(name)?;
        if format.is_depth() {
            return Err(Error::Spec(
                "`d32f` is not a color target; use `depth = \"d32f\"`".into(),
            ));
        }
        let clear = r
            .clear
            .as_ref()
            .and_then(|c| c.get(i).copied())
            .unwrap_or([0.0; 4]);
        targets.push(ColorTarget { format, clear });
    }
    let depth = match r.depth.as_deref() {
        Some("d32f") => Some(DepthTarget {
            clear: r.clear_depth.unwrap_or(1.0),
        }),
        Some(other) => {
            return Err(Error::Spec(format!(
                "depth target format `{other}` is not supported; use d32f"
            )))
        }
        None => None,
    };
    let mut vertex_buffers = Vec::new();
    for vb in vbs {
        let per_instance = match vb.step.as_deref() {
            None | Some("vertex") => false,
            Some("instance") => true,
            Some(other) => {
                return Err(Error::Spec(format!(
                    "vertex buffer step `{other}`; expected vertex or instance"
                )))
            }
        };
        let mut attributes = Vec::new();
        for a in &vb.attributes {
            attributes.push(Attribute {
                location: a.location,
                format: AttributeFormat::from_name(&a.format)?,
                offset: a.offset,
            });
        }
        vertex_buffers.push(VertexBuffer {
            stride: vb.stride,
            per_instance,
            bytes: Data::parse(&vb.data)?.to_bytes(),
            attributes,
        });
    }
    if r.indices.is_none() && r.vertex_offset.is_some() {
        return Err(Error::Spec(
            "[render] vertex_offset needs an indexed draw (`indices`)".into(),
        ));
    }
    if let Some(indices) = &r.indices {
        let end = u64::from(r.first_vertex.unwrap_or(0)) + u64::from(r.vertex_count);
        if indices.is_empty() || end > indices.len() as u64 {
            return Err(Error::Spec(format!(
                "[render] draws indices {}..{end} of {}",
                r.first_vertex.unwrap_or(0),
                indices.len()
            )));
        }
    }
    Ok(RenderSpec {
        vertex: r.vertex.clone(),
        fragment: r.fragment.clone(),
        vertex_count: r.vertex_count,
        instance_count: r.instance_count.unwrap_or(1),
        first_vertex: r.first_vertex.unwrap_or(0),
        first_instance: r.first_instance.unwrap_or(0),
        indices: r.indices.clone(),
        vertex_offset: r.vertex_offset.unwrap_or(0),
        topology: Topology::from_name(r.topology.as_deref().unwrap_or("triangle_list"))?,
        width,
        height,
        targets,
        depth,
        vertex_buffers,
    })
}

fn texture(t: &RawTexture) -> Result<TextureInput> {
    let slot = Slot {
        set: t.group,
        binding: t.binding,
        element: t.element,
    };
    let kind = TextureKind::from_name(t.kind.as_deref().unwrap_or("2d"))?;
    let format = Format::from_name(&t.format)?;
    let (width, height, depth) = match (kind, t.size.as_slice()) {
        (TextureKind::D3, [w, h, d]) => (*w, *h, *d),
        (TextureKind::D3, _) => {
            return Err(Error::Spec(format!(
                "texture at {slot}: a 3d texture's size is [width, height, depth]"
            )))
        }
        (_, [w, h]) => (*w, *h, 1),
        _ => {
            return Err(Error::Spec(format!(
                "texture at {slot}: size is [width, height]"
            )))
        }
    };
    if width == 0 || height == 0 || depth == 0 || width > 4096 || height > 4096 || depth > 4096 {
        return Err(Error::Spec(format!(
            "texture at {slot}: sizes must be 1..=4096"
        )));
    }
    let layers = match kind {
        TextureKind::D2Array => t.layers.ok_or_else(|| {
            Error::Spec(format!(
                "texture at {slot}: a 2d_array texture needs `layers`"
            ))
        })?,
        TextureKind::Cube => {
            if width != height {
                return Err(Error::Spec(format!(
                    "texture at {slot}: cube faces must be square"
                )));
            }
            6
        }
        TextureKind::D3 => depth,
        TextureKind::D2 => 1,
    };
    if t.layers.is_some() && kind != TextureKind::D2Array {
        return Err(Error::Spec(format!(
            "texture at {slot}: `layers` is only for 2d_array textures"
        )));
    }
    if layers == 0 || layers > 2048 {
        return Err(Error::Spec(format!(
            "texture at {slot}: layers must be 1..=2048"
        )));
    }
    let levels = t.levels.unwrap_or(1);
    let max_levels = 32 - width.max(height).max(depth).leading_zeros();
    if levels == 0 || levels > max_levels {
        return Err(Error::Spec(format!(
            "texture at {slot}: levels must be 1..={max_levels} for its size"
        )));
    }
    let input = TextureInput {
        slot,
        kind,
        format,
        width,
        height,
        depth_or_layers: layers,
        levels,
        bytes: Data::parse(&t.data)?.to_bytes(),
        sampler: Slot {
            set: t.group,
            binding: t.sampler.unwrap_or(t.binding + 1),
            element: t.element,
        },
    };
    if input.bytes.len() as u64 != input.expected_len() {
        return Err(Error::Spec(format!(
            "texture at {slot}: data is {} bytes; {}x{}x{} {} with {levels} level(s) needs {} \
             (levels, then layers or slices, then rows top to bottom)",
            input.bytes.len(),
            width,
            height,
            layers,
            t.format,
            input.expected_len()
        )));
    }
    Ok(input)
}

fn image(i: &RawImage) -> Result<ImageInput> {
    let slot = Slot {
        set: i.group,
        binding: i.binding,
        element: i.element,
    };
    let kind = TextureKind::from_name(i.kind.as_deref().unwrap_or("2d"))?;
    let format = Format::from_name(&i.format)?;
    if format.is_depth() {
        return Err(Error::Spec(format!(
            "image at {slot}: `d32f` is not a storage image format"
        )));
    }
    let (width, height, depth_or_layers) = match (kind, i.size.as_slice(), i.layers) {
        (TextureKind::D3, [w, h, d], None) => (*w, *h, *d),
        (TextureKind::D2Array, [w, h], Some(layers)) => (*w, *h, layers),
        (TextureKind::D2, [w, h], None) => (*w, *h, 1),
        (TextureKind::Cube, _, _) => {
            return Err(Error::Spec(format!(
                "image at {slot}: storage images are 2d, 2d_array or 3d"
            )))
        }
        _ => {
            return Err(Error::Spec(format!(
                "image at {slot}: size is [width, height] (and `layers` for 2d_array), or \
                 [width, height, depth] for 3d"
            )))
        }
    };
    if [width, height, depth_or_layers]
        .iter()
        .any(|&n| n == 0 || n > 4096)
    {
        return Err(Error::Spec(format!(
            "image at {slot}: sizes and layers must be 1..=4096"
        )));
    }
    let mut input = ImageInput {
        slot,
        kind,
        format,
        width,
        height,
        depth_or_layers,
        bytes: Vec::new(),
    };
    let len = input.byte_len();
    input.bytes = match &i.data {
        Some(d) => Data::parse(d)?.to_bytes(),
        None => vec![0; usize::try_from(len).unwrap_or(usize::MAX)],
    };
    if input.bytes.len() as u64 != len {
        return Err(Error::Spec(format!(
            "image at {slot}: data is {} bytes; {width}x{height}x{depth_or_layers} {} needs \
             {len} (layers or slices, then rows top to bottom)",
            input.bytes.len(),
            i.format
        )));
    }
    Ok(input)
}

fn sampler(s: &RawSampler) -> Result<SamplerInput> {
    let slot = Slot {
        set: s.group,
        binding: s.binding,
        element: s.element,
    };
    let mut desc = SamplerDesc::default();
    if let Some(f) = &s.filter {
        desc.mag = filter_from(f)?;
        desc.min = desc.mag;
    }
    if let Some(f) = &s.mag_filter {
        desc.mag = filter_from(f)?;
    }
    if let Some(f) = &s.min_filter {
        desc.min = filter_from(f)?;
    }
    if let Some(f) = &s.mipmap {
        desc.mipmap = filter_from(f)?;
    }
    match &s.address {
        Some(RawAddress::One(a)) => desc.address = [AddressMode::from_name(a)?; 3],
        Some(RawAddress::Each(list)) => {
            let [u, v, w] = list.as_slice() else {
                return Err(Error::Spec(format!(
                    "sampler at {slot}: `address` is one mode or a list of three"
                )));
            };
            desc.address = [
                AddressMode::from_name(u)?,
                AddressMode::from_name(v)?,
                AddressMode::from_name(w)?,
            ];
        }
        None => {}
    }
    if let Some(b) = &s.border {
        desc.border = border_from(b)?;
    }
    if let Some(c) = &s.compare {
        desc.compare = Some(CompareOp::from_name(c)?);
    }
    if let Some(l) = s.min_lod {
        desc.min_lod = l;
    }
    if let Some(l) = s.max_lod {
        desc.max_lod = l;
    }
    Ok(SamplerInput { slot, desc })
}

fn expect(
    e: &RawExpect,
    work: &TestWork,
    buffers: &[BufferInput],
    images: &[ImageInput],
    default: Tolerance,
) -> Result<Expect> {
    let data = Data::parse(&e.data)?;
    let tolerance = Tolerance {
        abs: e.abs.unwrap_or(default.abs),
        ulp: e.ulp.unwrap_or(default.ulp),
    };
    if let Some(binding) = e.image {
        if e.buffer.is_some() || e.target.is_some() || e.depth {
            return Err(Error::Spec(
                "an [[expect]] names exactly one of `buffer = B`, `image = B`, `target = N` or \
                 `depth = true`"
                    .into(),
            ));
        }
        let slot = Slot {
            set: e.group,
            binding,
            element: e.element,
        };
        let image = images.iter().find(|i| i.slot == slot).ok_or_else(|| {
            Error::Spec(format!(
                "[[expect]] reads the image at {slot}, which the test does not declare"
            ))
        })?;
        let end = e.offset.saturating_add(data.len as u64);
        if end > image.byte_len() {
            return Err(Error::Spec(format!(
                "[[expect]] on the image at {slot} reads bytes {}..{end}, past its end ({})",
                e.offset,
                image.byte_len()
            )));
        }
        if e.pixel.is_some() || e.rect.is_some() {
            return Err(Error::Spec(
                "`pixel` / `rect` are for render targets; an image expectation is a byte range \
                 (`offset`)"
                    .into(),
            ));
        }
        return Ok(Expect {
            at: ExpectWhere::Image {
                slot,
                offset: e.offset,
            },
            data,
            tolerance,
            note: e.note.clone(),
        });
    }
    let at = match (e.buffer, e.target, e.depth) {
        (Some(binding), None, false) => {
            let slot = Slot {
                set: e.group,
                binding,
                element: e.element,
            };
            let buffer = buffers.iter().find(|b| b.slot == slot).ok_or_else(|| {
                Error::Spec(format!(
                    "[[expect]] reads the buffer at {slot}, which the test does not declare"
                ))
            })?;
            let end = e.offset.saturating_add(data.len as u64);
            if end > buffer.bytes.len() as u64 {
                return Err(Error::Spec(format!(
                    "[[expect]] on the buffer at {slot} reads bytes {}..{end}, past its end ({})",
                    e.offset,
                    buffer.bytes.len()
                )));
            }
            if e.pixel.is_some() || e.rect.is_some() {
                return Err(Error::Spec(
                    "`pixel` / `rect` are for render targets".into(),
                ));
            }
            ExpectWhere::Buffer {
                slot,
                offset: e.offset,
            }
        }
        (None, target, depth) if target.is_some() != depth => {
            let TestWork::Render(r) = work else {
                return Err(Error::Spec(
                    "pixel expectations need a [render] test".into(),
                ));
            };
            let rect = match (e.pixel, e.rect) {
                (Some([x, y]), None) => [x, y, 1, 1],
                (None, Some(rect)) => rect,
                _ => {
                    return Err(Error::Spec(
                        "a pixel expectation needs exactly one of `pixel = [x, y]` or \
                         `rect = [x, y, w, h]`"
                            .into(),
                    ))
                }
            };
            let [x, y, w, h] = rect;
            if w == 0 || h == 0 || x.saturating_add(w) > r.width || y.saturating_add(h) > r.height {
                return Err(Error::Spec(format!(
                    "pixel rect {rect:?} is empty or outside the {}x{} target",
                    r.width, r.height
                )));
            }
            let texel = match target {
                Some(t) => {
                    let target = r.targets.get(t as usize).ok_or_else(|| {
                        Error::Spec(format!("[[expect]] target {t} does not exist"))
                    })?;
                    target.format.texel_size()
                }
                None => {
                    if r.depth.is_none() {
                        return Err(Error::Spec(
                            "[[expect]] reads depth but the draw has no depth target".into(),
                        ));
                    }
                    4
                }
            };
            let all = texel * w as usize * h as usize;
            if data.len != texel && data.len != all {
                return Err(Error::Spec(format!(
                    "pixel data is {} bytes; give one texel ({texel} bytes) for the whole rect \
                     or every texel ({all} bytes)",
                    data.len
                )));
            }
            ExpectWhere::Pixels { target, rect }
        }
        _ => {
            return Err(Error::Spec(
                "an [[expect]] names exactly one of `buffer = B`, `target = N` or `depth = true`"
                    .into(),
            ))
        }
    };
    Ok(Expect {
        at,
        data,
        tolerance,
        note: e.note.clone(),
    })
}
