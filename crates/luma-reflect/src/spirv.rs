//! Reflection read back from a SPIR-V binary (schema `luma-reflect-spirv/1`): what a Vulkan host
//! needs to build descriptor set layouts, pipeline layouts and vertex input state, taken from the
//! words a driver will see rather than from the compiler's own model.
//!
//! The reader is a single pass over the instructions with the `spirv` crate's enums; it keeps
//! names, decorations, types, constants, global variables, entry points and, per function, the
//! functions it calls and the ids its pointer-taking instructions name. Per-entry usage is the
//! closure of that call graph (iterative), so it holds at every SPIR-V version, whether or not
//! the entry point's interface lists every global (1.4+). Sizes of buffer blocks come from the
//! `Offset`, `ArrayStride` and `MatrixStride` decorations, computed in declaration order (a type
//! only names earlier types), so no query recurses. Malformed input is an error, never a panic.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};
use spirv::{BuiltIn, Decoration, Dim, ExecutionMode, ExecutionModel, Op, StorageClass};

use crate::model::{to_pretty_json, Access, DescriptorType, Interpolation};
use crate::names::float_text;

/// The schema name and version written as the `schema` field of [`SpirvReflection`].
pub const SPIRV_SCHEMA: &str = "luma-reflect-spirv/1";

/// What a Vulkan host needs, read from a SPIR-V module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpirvReflection {
    /// Always [`SPIRV_SCHEMA`].
    pub schema: String,
    /// The module's SPIR-V version, `major.minor`.
    pub version: String,
    /// Every entry point, in module order.
    pub entry_points: Vec<SpirvEntryPoint>,
    /// Every descriptor set that holds a binding, by set number.
    pub descriptor_sets: Vec<DescriptorSet>,
    /// One range per push-constant block, in declaration order.
    pub push_constant_ranges: Vec<PushConstantRange>,
    /// Every specialization constant with a `SpecId`, by id: one per id, the first declared
    /// where several share it (glslang and Luma declare a `uint` twin of an `int` constant that
    /// sizes a workgroup, for the `WorkgroupSize` builtin; the pipeline's one value sets both).
    pub spec_constants: Vec<SpirvSpecConstant>,
    /// The Vulkan device features that the module's capabilities need, by the same names and
    /// in the same order as [`crate::Reflection::device_features`]:
    /// `SampledImageArrayNonUniformIndexing` and `StorageImageArrayNonUniformIndexing` need the
    /// descriptor-indexing features of those names. Left out of the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub device_features: Vec<String>,
}

/// One `OpEntryPoint`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpirvEntryPoint {
    /// Its name (`pName` of `VkPipelineShaderStageCreateInfo`).
    pub name: String,
    /// Its stage: `vertex`, `fragment`, `compute`, `geometry`, `tessellation_control`,
    /// `tessellation_eval`, or the SPIR-V execution model's name for any other.
    pub stage: String,
    /// The workgroup size (the defaults where specialization constants set it), for compute-like
    /// stages; `None` for the others.
    pub workgroup_size: Option<[u32; 3]>,
    /// The specialization constant id that sets each workgroup dimension, if any.
    pub workgroup_size_spec_ids: Option<[Option<u32>; 3]>,
    /// `Input` interface variables: for a vertex shader, its vertex attributes.
    pub inputs: Vec<InterfaceVariable>,
    /// `Output` interface variables: for a fragment shader, its color outputs.
    pub outputs: Vec<InterfaceVariable>,
    /// The descriptors the entry point (or anything it calls) uses, by (set, binding).
    pub descriptors: Vec<DescriptorRef>,
    /// Whether it uses a push-constant block.
    pub uses_push_constants: bool,
}

/// One input or output of an entry point (a builtin block contributes one per builtin member).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterfaceVariable {
    /// `OpName`, when the module has debug names.
    pub name: Option<String>,
    /// `Location`, for user inputs and outputs.
    pub location: Option<u32>,
    /// `Component`, when decorated.
    pub component: Option<u32>,
    /// The SPIR-V builtin (`Position`, `VertexIndex`, `FragCoord`, ...).
    pub builtin: Option<String>,
    /// Its type, spelled as Luma does (`vec3`, `uint`, `[1]int`).
    #[serde(rename = "type")]
    pub ty: String,
    /// The `VkFormat` (without `VK_FORMAT_`) whose components match a scalar or vector type:
    /// a vertex attribute's format, a color output's natural format.
    pub format: Option<String>,
    /// Interpolation of a varying (not of vertex inputs, fragment outputs or builtins).
    pub interpolation: Option<Interpolation>,
}

/// A reference to a descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DescriptorRef {
    /// Descriptor set.
    pub set: u32,
    /// Binding.
    pub binding: u32,
}

/// One descriptor set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DescriptorSet {
    /// The set number.
    pub set: u32,
    /// Its bindings, by binding number.
    pub bindings: Vec<DescriptorBinding>,
}

/// One `VkDescriptorSetLayoutBinding`, with what a host needs to size the buffer behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DescriptorBinding {
    /// The binding number.
    pub binding: u32,
    /// The descriptor type.
    pub descriptor_type: DescriptorType,
    /// The descriptor count (an array's element count; 0 for a runtime-sized array).
    pub count: u32,
    /// The stages whose entry points use it (its `stageFlags`), in stage order.
    pub stages: Vec<String>,
    /// `OpName` of the variable, when the module has debug names.
    pub name: Option<String>,
    /// For buffers: the end of the block's last member (a runtime-sized array counts as zero
    /// elements), the least range a host may bind.
    pub block_size: Option<u32>,
    /// For buffers ending in a runtime-sized array: its element stride.
    pub runtime_array_stride: Option<u32>,
    /// Whether shaders may write it (`NonWritable` makes a buffer or storage image read-only,
    /// `NonReadable` a storage image write-only); `None` for samplers.
    pub access: Option<Access>,
    /// For storage images with a known format: its name as Luma's `@format` spells it
    /// (`rgba8`, `r32ui`, ...; SPIR-V formats Luma has no name for keep their SPIR-V name);
    /// absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

/// One `VkPushConstantRange`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PushConstantRange {
    /// `OpName` of the variable, when the module has debug names.
    pub name: Option<String>,
    /// The smallest member offset.
    pub offset: u32,
    /// From `offset` to the end of the last member, rounded up to a multiple of 4 as Vulkan
    /// requires.
    pub size: u32,
    /// The stages whose entry points use it.
    pub stages: Vec<String>,
}

/// A specialization constant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpirvSpecConstant {
    /// Its `SpecId`.
    pub id: u32,
    /// `OpName`, when the module has debug names.
    pub name: Option<String>,
    /// Its type (`bool`, `int`, `uint`, `float`, `half`, ...).
    #[serde(rename = "type")]
    pub ty: String,
    /// Its default value.
    pub default: String,
}

/// Why a binary could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpirvError {
    /// The word index where reading stopped.
    pub word: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SpirvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid SPIR-V at word {}: {}", self.word, self.message)
    }
}

impl std::error::Error for SpirvError {}

impl SpirvReflection {
    /// Reads a module from its bytes (either byte order).
    pub fn from_bytes(bytes: &[u8]) -> Result<SpirvReflection, SpirvError> {
        if !bytes.chunks_exact(4).remainder().is_empty() {
            return Err(SpirvError {
                word: bytes.len() / 4,
                message: "the length is not a multiple of 4 bytes".to_string(),
            });
        }
        let mut words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| <[u8; 4]>::try_from(c).map_or(0, u32::from_le_bytes))
            .collect();
        if words.first() == Some(&spirv::MAGIC_NUMBER.swap_bytes()) {
            for w in &mut words {
                *w = w.swap_bytes();
            }
        }
        Self::from_words(&words)
    }

    /// Reads a module from its words.
    pub fn from_words(words: &[u32]) -> Result<SpirvReflection, SpirvError> {
        let module = Parsed::parse(words)?;
        Ok(module.reflect())
    }

    /// The model as pretty-printed JSON with a final newline.
    pub fn to_json(&self) -> String {
        to_pretty_json(self)
    }

    /// Reads a model back from its JSON.
    pub fn from_json(text: &str) -> Result<SpirvReflection, serde_json::Error> {
        serde_json::from_str(text)
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing

#[derive(Debug, Clone)]
enum SpvType {
    Void,
    Bool,
    Int { width: u32, signed: bool },
    Float { width: u32 },
    Vector { component: u32, count: u32 },
    Matrix { column: u32, count: u32 },
    Image { dim: u32, sampled: u32, format: u32 },
    Sampler,
    SampledImage,
    Array { element: u32, length: u32 },
    RuntimeArray { element: u32 },
    Struct { members: Vec<u32> },
    Pointer { pointee: u32 },
    AccelerationStructure,
    Other,
}

#[derive(Debug, Clone)]
enum ConstValue {
    Bool(bool),
    Words(Vec<u32>),
    Composite(Vec<u32>),
}

#[derive(Debug, Clone)]
struct Constant {
    ty: u32,
    value: ConstValue,
    spec: bool,
}

#[derive(Debug, Clone, Default)]
struct Decorations {
    set: Option<u32>,
    binding: Option<u32>,
    location: Option<u32>,
    component: Option<u32>,
    builtin: Option<u32>,
    spec_id: Option<u32>,
    array_stride: Option<u32>,
    block: bool,
    buffer_block: bool,
    flat: bool,
    no_perspective: bool,
    non_writable: bool,
    non_readable: bool,
}

#[derive(Debug, Clone, Default)]
struct MemberDecorations {
    offset: Option<u32>,
    matrix_stride: Option<u32>,
    row_major: bool,
    builtin: Option<u32>,
    non_writable: bool,
}

#[derive(Debug, Clone)]
struct RawEntryPoint {
    model: u32,
    function: u32,
    name: String,
    interface: Vec<u32>,
}

#[derive(Debug, Clone, Default)]
struct FunctionUse {
    calls: BTreeSet<u32>,
    ids: BTreeSet<u32>,
}

#[derive(Debug, Default)]
struct Parsed {
    version: (u32, u32),
    /// `OpCapability` operands.
    capabilities: BTreeSet<u32>,
    names: BTreeMap<u32, String>,
    decorations: BTreeMap<u32, Decorations>,
    member_decorations: BTreeMap<(u32, u32), MemberDecorations>,
    types: BTreeMap<u32, SpvType>,
    /// Type ids in declaration order (operands always name earlier types).
    type_order: Vec<u32>,
    constants: BTreeMap<u32, Constant>,
    /// Global variables: pointer type and storage class, in declaration order.
    variables: Vec<(u32, u32, u32)>,
    entry_points: Vec<RawEntryPoint>,
    local_size: BTreeMap<u32, [u32; 3]>,
    local_size_id: BTreeMap<u32, [u32; 3]>,
    functions: BTreeMap<u32, FunctionUse>,
}

fn word_err(word: usize, message: impl Into<String>) -> SpirvError {
    SpirvError {
        word,
        message: message.into(),
    }
}

/// A literal string starting at `ops[0]`: its text and the number of words it takes.
fn literal_string(ops: &[u32]) -> (String, usize) {
    let mut bytes = Vec::new();
    for (i, w) in ops.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return (String::from_utf8_lossy(&bytes).into_owned(), i + 1);
            }
            bytes.push(b);
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), ops.len())
}

fn op(ops: &[u32], i: usize) -> u32 {
    ops.get(i).copied().unwrap_or(0)
}

impl Parsed {
    fn parse(words: &[u32]) -> Result<Parsed, SpirvError> {
        if words.first() != Some(&spirv::MAGIC_NUMBER) {
            return Err(word_err(0, "the magic number is missing"));
        }
        let header = words
            .get(..5)
            .ok_or_else(|| word_err(words.len(), "the header is shorter than 5 words"))?;
        let version = op(header, 1);
        let mut module = Parsed {
            version: ((version >> 16) & 0xff, (version >> 8) & 0xff),
            ..Parsed::default()
        };
        let mut pos = 5usize;
        let mut current_function: Option<u32> = None;
        while pos < words.len() {
            let first = op(words, pos);
            let count = (first >> 16) as usize;
            let opcode = first & 0xffff;
            if count == 0 {
                return Err(word_err(pos, "an instruction has a word count of 0"));
            }
            let ops = words
                .get(pos + 1..pos + count)
                .ok_or_else(|| word_err(pos, "an instruction runs past the end"))?;
            module.instruction(pos, opcode, ops, &mut current_function)?;
            pos += count;
        }
        Ok(module)
    }

    fn decoration(&mut self, id: u32) -> &mut Decorations {
        self.decorations.entry(id).or_default()
    }

    fn add_type(&mut self, id: u32, ty: SpvType) {
        self.types.insert(id, ty);
        self.type_order.push(id);
    }

    fn instruction(
        &mut self,
        pos: usize,
        opcode: u32,
        ops: &[u32],
        current_function: &mut Option<u32>,
    ) -> Result<(), SpirvError> {
        let Some(code) = Op::from_u32(opcode) else {
            // Unknown instructions (newer extensions) carry nothing this reader needs.
            return Ok(());
        };
        if let Some(f) = *current_function {
            return self.function_instruction(pos, f, code, ops, current_function);
        }
        match code {
            Op::Capability => {
                self.capabilities.insert(op(ops, 0));
            }
            Op::EntryPoint => {
                let (name, used) = literal_string(ops.get(2..).unwrap_or(&[]));
                self.entry_points.push(RawEntryPoint {
                    model: op(ops, 0),
                    function: op(ops, 1),
                    name,
                    interface: ops.get(2 + used..).unwrap_or(&[]).to_vec(),
                });
            }
            Op::ExecutionMode | Op::ExecutionModeId => {
                let mode = op(ops, 1);
                let xyz = [op(ops, 2), op(ops, 3), op(ops, 4)];
                if code == Op::ExecutionMode && mode == ExecutionMode::LocalSize as u32 {
                    self.local_size.insert(op(ops, 0), xyz);
                } else if code == Op::ExecutionModeId && mode == ExecutionMode::LocalSizeId as u32 {
                    self.local_size_id.insert(op(ops, 0), xyz);
                }
            }
            Op::Name => {
                let (name, _) = literal_string(ops.get(1..).unwrap_or(&[]));
                self.names.insert(op(ops, 0), name);
            }
            Op::Decorate => self.decorate(op(ops, 0), op(ops, 1), ops.get(2..).unwrap_or(&[])),
            Op::MemberDecorate => {
                let d = self
                    .member_decorations
                    .entry((op(ops, 0), op(ops, 1)))
                    .or_default();
                let value = ops.get(3).copied();
                match Decoration::from_u32(op(ops, 2)) {
                    Some(Decoration::Offset) => d.offset = value,
                    Some(Decoration::MatrixStride) => d.matrix_stride = value,
                    Some(Decoration::RowMajor) => d.row_major = true,
                    Some(Decoration::ColMajor) => d.row_major = false,
                    Some(Decoration::BuiltIn) => d.builtin = value,
                    Some(Decoration::NonWritable) => d.non_writable = true,
                    _ => {}
                }
            }
            Op::TypeVoid => self.add_type(op(ops, 0), SpvType::Void),
            Op::TypeBool => self.add_type(op(ops, 0), SpvType::Bool),
            Op::TypeInt => self.add_type(
                op(ops, 0),
                SpvType::Int {
                    width: op(ops, 1),
                    signed: op(ops, 2) != 0,
                },
            ),
            Op::TypeFloat => self.add_type(op(ops, 0), SpvType::Float { width: op(ops, 1) }),
            Op::TypeVector => self.add_type(
                op(ops, 0),
                SpvType::Vector {
                    component: op(ops, 1),
                    count: op(ops, 2),
                },
            ),
            Op::TypeMatrix => self.add_type(
                op(ops, 0),
                SpvType::Matrix {
                    column: op(ops, 1),
                    count: op(ops, 2),
                },
            ),
            Op::TypeImage => self.add_type(
                op(ops, 0),
                SpvType::Image {
                    dim: op(ops, 2),
                    sampled: op(ops, 6),
                    format: op(ops, 7),
                },
            ),
            Op::TypeSampler => self.add_type(op(ops, 0), SpvType::Sampler),
            Op::TypeSampledImage => self.add_type(op(ops, 0), SpvType::SampledImage),
            Op::TypeArray => self.add_type(
                op(ops, 0),
                SpvType::Array {
                    element: op(ops, 1),
                    length: op(ops, 2),
                },
            ),
            Op::TypeRuntimeArray => self.add_type(
                op(ops, 0),
                SpvType::RuntimeArray {
                    element: op(ops, 1),
                },
            ),
            Op::TypeStruct => self.add_type(
                op(ops, 0),
                SpvType::Struct {
                    members: ops.get(1..).unwrap_or(&[]).to_vec(),
                },
            ),
            Op::TypePointer => self.add_type(
                op(ops, 0),
                SpvType::Pointer {
                    pointee: op(ops, 2),
                },
            ),
            Op::TypeAccelerationStructureKHR => {
                self.add_type(op(ops, 0), SpvType::AccelerationStructure)
            }
            Op::TypeFunction | Op::TypeEvent | Op::TypeOpaque | Op::TypeForwardPointer => {
                self.add_type(op(ops, 0), SpvType::Other)
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                self.constants.insert(
                    op(ops, 1),
                    Constant {
                        ty: op(ops, 0),
                        value: ConstValue::Bool(matches!(
                            code,
                            Op::ConstantTrue | Op::SpecConstantTrue
                        )),
                        spec: matches!(code, Op::SpecConstantTrue | Op::SpecConstantFalse),
                    },
                );
            }
            Op::Constant | Op::SpecConstant => {
                self.constants.insert(
                    op(ops, 1),
                    Constant {
                        ty: op(ops, 0),
                        value: ConstValue::Words(ops.get(2..).unwrap_or(&[]).to_vec()),
                        spec: code == Op::SpecConstant,
                    },
                );
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                self.constants.insert(
                    op(ops, 1),
                    Constant {
                        ty: op(ops, 0),
                        value: ConstValue::Composite(ops.get(2..).unwrap_or(&[]).to_vec()),
                        spec: code == Op::SpecConstantComposite,
                    },
                );
            }
            Op::Variable => self.variables.push((op(ops, 1), op(ops, 0), op(ops, 2))),
            Op::Function => {
                let id = op(ops, 1);
                self.functions.entry(id).or_default();
                *current_function = Some(id);
            }
            Op::FunctionEnd => return Err(word_err(pos, "OpFunctionEnd outside a function")),
            _ => {}
        }
        Ok(())
    }

    fn decorate(&mut self, id: u32, decoration: u32, args: &[u32]) {
        let value = args.first().copied();
        let d = self.decoration(id);
        match Decoration::from_u32(decoration) {
            Some(Decoration::DescriptorSet) => d.set = value,
            Some(Decoration::Binding) => d.binding = value,
            Some(Decoration::Location) => d.location = value,
            Some(Decoration::Component) => d.component = value,
            Some(Decoration::BuiltIn) => d.builtin = value,
            Some(Decoration::SpecId) => d.spec_id = value,
            Some(Decoration::ArrayStride) => d.array_stride = value,
            Some(Decoration::Block) => d.block = true,
            Some(Decoration::BufferBlock) => d.buffer_block = true,
            Some(Decoration::Flat) => d.flat = true,
            Some(Decoration::NoPerspective) => d.no_perspective = true,
            Some(Decoration::NonWritable) => d.non_writable = true,
            Some(Decoration::NonReadable) => d.non_readable = true,
            _ => {}
        }
    }

    /// Records what a function instruction calls and which ids its pointer operands name.
    fn function_instruction(
        &mut self,
        pos: usize,
        function: u32,
        code: Op,
        ops: &[u32],
        current_function: &mut Option<u32>,
    ) -> Result<(), SpirvError> {
        let uses = self.functions.entry(function).or_default();
        // Operand positions (after the opcode word) that may hold a pointer to a global.
        let pointer_operands: &[usize] = match code {
            Op::FunctionEnd => {
                *current_function = None;
                return Ok(());
            }
            Op::Function => return Err(word_err(pos, "OpFunction inside a function")),
            Op::FunctionCall => {
                uses.calls.insert(op(ops, 2));
                uses.ids.extend(ops.get(3..).unwrap_or(&[]).iter().copied());
                return Ok(());
            }
            Op::Phi => {
                uses.ids
                    .extend(ops.get(2..).unwrap_or(&[]).iter().step_by(2).copied());
                return Ok(());
            }
            Op::ExtInst => {
                uses.ids.extend(ops.get(4..).unwrap_or(&[]).iter().copied());
                return Ok(());
            }
            Op::Load
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::ArrayLength
            | Op::ImageTexelPointer
            | Op::CopyObject
            | Op::CopyLogical
            | Op::AtomicLoad
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicCompareExchangeWeak
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicFlagTestAndSet
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT => &[2],
            Op::Store | Op::CopyMemory | Op::CopyMemorySized => &[0, 1],
            Op::AtomicStore | Op::AtomicFlagClear => &[0],
            Op::Select => &[3, 4],
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => &[2, 3],
            _ => &[],
        };
        for &i in pointer_operands {
            if let Some(&id) = ops.get(i) {
                uses.ids.insert(id);
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Building the model

/// Merges variables on one descriptor (aliases: Luma declares a `NonWritable` twin of a
/// read-write buffer or storage image for graphics stages that only read it) into one binding, as a descriptor
/// set layout takes each binding number once: the stages of both, the wider access, the first
/// name. Bindings of one number but another descriptor type or count stay apart. `bindings` is
/// sorted by binding number.
fn merge_aliases(bindings: Vec<DescriptorBinding>) -> Vec<DescriptorBinding> {
    let mut merged: Vec<DescriptorBinding> = Vec::with_capacity(bindings.len());
    for b in bindings {
        let same = merged
            .iter_mut()
            .rev()
            .take_while(|m| m.binding == b.binding)
            .find(|m| {
                m.descriptor_type == b.descriptor_type
                    && m.count == b.count
                    && m.runtime_array_stride == b.runtime_array_stride
                    && m.format == b.format
            });
        let Some(m) = same else {
            merged.push(b);
            continue;
        };
        m.stages.extend(b.stages);
        m.stages.sort_by_key(|s| stage_rank(s));
        m.stages.dedup();
        if m.name.is_none() {
            m.name = b.name;
        }
        m.block_size = m.block_size.max(b.block_size);
        m.access = match (m.access, b.access) {
            (Some(x), Some(y)) if x != y => Some(Access::ReadWrite),
            (x, y) => x.or(y),
        };
    }
    merged
}

/// Stage names in the order [`crate::Stage`] sorts them; other models sort after, by name.
fn stage_rank(stage: &str) -> (u8, String) {
    let rank = match stage {
        "vertex" => 0,
        "fragment" => 1,
        "compute" => 2,
        "geometry" => 3,
        "tessellation_control" => 4,
        "tessellation_eval" => 5,
        _ => 6,
    };
    (rank, stage.to_string())
}

fn stage_name(model: u32) -> String {
    match ExecutionModel::from_u32(model) {
        Some(ExecutionModel::Vertex) => "vertex".to_string(),
        Some(ExecutionModel::Fragment) => "fragment".to_string(),
        Some(ExecutionModel::GLCompute) => "compute".to_string(),
        Some(ExecutionModel::Geometry) => "geometry".to_string(),
        Some(ExecutionModel::TessellationControl) => "tessellation_control".to_string(),
        Some(ExecutionModel::TessellationEvaluation) => "tessellation_eval".to_string(),
        Some(other) => format!("{other:?}"),
        None => format!("model{model}"),
    }
}

fn is_compute_like(model: u32) -> bool {
    matches!(
        ExecutionModel::from_u32(model),
        Some(
            ExecutionModel::GLCompute
                | ExecutionModel::Kernel
                | ExecutionModel::TaskNV
                | ExecutionModel::MeshNV
                | ExecutionModel::TaskEXT
                | ExecutionModel::MeshEXT
        )
    )
}

fn builtin_name(value: u32) -> String {
    match BuiltIn::from_u32(value) {
        Some(b) => format!("{b:?}"),
        None => format!("builtin{value}"),
    }
}

impl Parsed {
    fn reflect(&self) -> SpirvReflection {
        let sizes = self.struct_sizes();
        let globals: BTreeMap<u32, (u32, u32)> = self
            .variables
            .iter()
            .map(|&(id, ty, storage)| (id, (ty, storage)))
            .collect();

        // Per entry point: the globals its call graph names.
        let mut entry_uses: Vec<BTreeSet<u32>> = Vec::with_capacity(self.entry_points.len());
        for ep in &self.entry_points {
            let mut seen = BTreeSet::new();
            let mut pending = vec![ep.function];
            let mut used = BTreeSet::new();
            while let Some(f) = pending.pop() {
                if !seen.insert(f) {
                    continue;
                }
                if let Some(uses) = self.functions.get(&f) {
                    used.extend(uses.ids.iter().filter(|id| globals.contains_key(id)));
                    pending.extend(uses.calls.iter().copied());
                }
            }
            entry_uses.push(used);
        }
        let stages_of = |var: u32| -> Vec<String> {
            let mut stages: Vec<String> = self
                .entry_points
                .iter()
                .zip(&entry_uses)
                .filter(|(_, used)| used.contains(&var))
                .map(|(ep, _)| stage_name(ep.model))
                .collect();
            stages.sort_by_key(|s| stage_rank(s));
            stages.dedup();
            stages
        };

        let mut sets: BTreeMap<u32, Vec<DescriptorBinding>> = BTreeMap::new();
        let mut push_constant_ranges = Vec::new();
        let mut push_constant_vars = BTreeSet::new();
        for &(id, ptr_ty, storage) in &self.variables {
            let pointee = match self.types.get(&ptr_ty) {
                Some(SpvType::Pointer { pointee }) => *pointee,
                _ => continue,
            };
            let storage = StorageClass::from_u32(storage);
            if storage == Some(StorageClass::PushConstant) {
                let (offset, end) = self.block_extent(pointee, &sizes);
                // Vulkan wants a range's size a multiple of 4 (VUID-VkPushConstantRange-
                // size-00297); a block ending in a `half` ends 2 bytes past one.
                let end = end.div_ceil(4).saturating_mul(4);
                push_constant_ranges.push(PushConstantRange {
                    name: self.names.get(&id).cloned(),
                    offset,
                    size: end.saturating_sub(offset),
                    stages: stages_of(id),
                });
                push_constant_vars.insert(id);
                continue;
            }
            if !matches!(
                storage,
                Some(
                    StorageClass::Uniform
                        | StorageClass::UniformConstant
                        | StorageClass::StorageBuffer
                )
            ) {
                continue;
            }
            let d = self.decorations.get(&id).cloned().unwrap_or_default();
            let (Some(set), Some(binding)) = (d.set, d.binding) else {
                continue;
            };
            let Some(binding) = self.descriptor(id, pointee, storage, binding, &d, &sizes) else {
                continue;
            };
            sets.entry(set).or_default().push(DescriptorBinding {
                stages: stages_of(id),
                ..binding
            });
        }
        let descriptor_sets = sets
            .into_iter()
            .map(|(set, mut bindings)| {
                bindings.sort_by_key(|b| b.binding);
                DescriptorSet {
                    set,
                    bindings: merge_aliases(bindings),
                }
            })
            .collect();

        let entry_points = self
            .entry_points
            .iter()
            .zip(&entry_uses)
            .map(|(ep, used)| self.entry_point(ep, used, &globals, &push_constant_vars))
            .collect();

        // Result ids in declaration order: the first constant of each SpecId stands for it.
        let mut spec_constants: Vec<(u32, SpirvSpecConstant)> = self
            .constants
            .iter()
            .filter(|(_, c)| c.spec)
            .filter_map(|(&id, c)| {
                let spec_id = self.decorations.get(&id)?.spec_id?;
                let constant = SpirvSpecConstant {
                    id: spec_id,
                    name: self.names.get(&id).cloned(),
                    ty: self.type_name(c.ty),
                    default: self.constant_text(c),
                };
                Some((id, constant))
            })
            .collect();
        spec_constants.sort_by_key(|(result, c)| (c.id, *result));
        spec_constants.dedup_by_key(|(_, c)| c.id);
        let spec_constants = spec_constants.into_iter().map(|(_, c)| c).collect();

        SpirvReflection {
            schema: SPIRV_SCHEMA.to_string(),
            version: format!("{}.{}", self.version.0, self.version.1),
            entry_points,
            descriptor_sets,
            push_constant_ranges,
            spec_constants,
            device_features: self.device_features(),
        }
    }

    /// The device features the declared capabilities need (see
    /// [`SpirvReflection::device_features`]).
    fn device_features(&self) -> Vec<String> {
        use spirv::Capability as C;
        let needs = [
            (
                C::SampledImageArrayNonUniformIndexing,
                "shaderSampledImageArrayNonUniformIndexing",
            ),
            (
                C::StorageImageArrayNonUniformIndexing,
                "shaderStorageImageArrayNonUniformIndexing",
            ),
        ];
        needs
            .iter()
            .filter(|(c, _)| self.capabilities.contains(&(*c as u32)))
            .map(|(_, f)| (*f).to_string())
            .collect()
    }

    fn descriptor(
        &self,
        var: u32,
        pointee: u32,
        storage: Option<StorageClass>,
        binding: u32,
        var_decorations: &Decorations,
        sizes: &BTreeMap<u32, u32>,
    ) -> Option<DescriptorBinding> {
        // Arrays of descriptors (of arrays) multiply their counts; a runtime array is unbounded.
        let mut count = 1u32;
        let mut element = pointee;
        for _ in 0..=self.type_order.len() {
            match self.types.get(&element) {
                Some(SpvType::Array {
                    element: inner,
                    length,
                }) => {
                    count = count.saturating_mul(self.constant_u32(*length).unwrap_or(0));
                    element = *inner;
                }
                Some(SpvType::RuntimeArray { element: inner }) => {
                    count = 0;
                    element = *inner;
                }
                _ => break,
            }
        }
        let element_decorations = self.decorations.get(&element).cloned().unwrap_or_default();
        let non_writable = var_decorations.non_writable
            || self.all_members_non_writable(element)
            || element_decorations.non_writable;
        let access = if non_writable {
            Access::Read
        } else {
            Access::ReadWrite
        };
        let mut format = None;
        let (descriptor_type, access, buffer) = match self.types.get(&element)? {
            SpvType::Struct { .. } => {
                let ty = match storage {
                    Some(StorageClass::Uniform) if element_decorations.buffer_block => {
                        DescriptorType::StorageBuffer
                    }
                    Some(StorageClass::Uniform) => DescriptorType::UniformBuffer,
                    _ => DescriptorType::StorageBuffer,
                };
                let access = if ty == DescriptorType::UniformBuffer {
                    Access::Read
                } else {
                    access
                };
                (ty, Some(access), true)
            }
            SpvType::Image {
                dim,
                sampled,
                format: image_format,
            } => {
                let dim = Dim::from_u32(*dim);
                let ty = match (dim, *sampled) {
                    (Some(Dim::DimSubpassData), _) => DescriptorType::InputAttachment,
                    (Some(Dim::DimBuffer), 2) => DescriptorType::StorageTexelBuffer,
                    (Some(Dim::DimBuffer), _) => DescriptorType::UniformTexelBuffer,
                    (_, 2) => DescriptorType::StorageImage,
                    _ => DescriptorType::SampledImage,
                };
                let access = match ty {
                    DescriptorType::StorageImage | DescriptorType::StorageTexelBuffer
                        if var_decorations.non_readable || element_decorations.non_readable =>
                    {
                        Access::Write
                    }
                    DescriptorType::StorageImage | DescriptorType::StorageTexelBuffer => access,
                    _ => Access::Read,
                };
                if ty == DescriptorType::StorageImage {
                    format = format_name(*image_format);
                }
                (ty, Some(access), false)
            }
            SpvType::Sampler => (DescriptorType::Sampler, None, false),
            SpvType::SampledImage => (
                DescriptorType::CombinedImageSampler,
                Some(Access::Read),
                false,
            ),
            SpvType::AccelerationStructure => (
                DescriptorType::AccelerationStructure,
                Some(Access::Read),
                false,
            ),
            _ => return None,
        };
        let (block_size, runtime_array_stride) = if buffer {
            let (_, end) = self.block_extent(element, sizes);
            (Some(end), self.runtime_array_stride(element))
        } else {
            (None, None)
        };
        Some(DescriptorBinding {
            binding,
            descriptor_type,
            count,
            stages: Vec::new(),
            name: self.names.get(&var).cloned(),
            block_size,
            runtime_array_stride,
            access,
            format,
        })
    }

    fn all_members_non_writable(&self, ty: u32) -> bool {
        match self.types.get(&ty) {
            Some(SpvType::Struct { members }) if !members.is_empty() => {
                (0..members.len()).all(|i| {
                    self.member_decorations
                        .get(&(ty, i as u32))
                        .is_some_and(|d| d.non_writable)
                })
            }
            _ => false,
        }
    }

    /// The stride of the runtime-sized array a block ends in, if it does.
    fn runtime_array_stride(&self, block: u32) -> Option<u32> {
        let SpvType::Struct { members } = self.types.get(&block)? else {
            return None;
        };
        let last = *members.last()?;
        match self.types.get(&last)? {
            SpvType::RuntimeArray { .. } => {
                Some(self.decorations.get(&last)?.array_stride.unwrap_or(0))
            }
            _ => None,
        }
    }

    /// The smallest member offset of a block and the end of its last member.
    fn block_extent(&self, block: u32, sizes: &BTreeMap<u32, u32>) -> (u32, u32) {
        let Some(SpvType::Struct { members }) = self.types.get(&block) else {
            return (0, self.member_size(block, None, sizes));
        };
        let mut start = u32::MAX;
        let mut end = 0u32;
        for (i, &m) in members.iter().enumerate() {
            let d = self.member_decorations.get(&(block, i as u32));
            let offset = d.and_then(|d| d.offset).unwrap_or(0);
            start = start.min(offset);
            end = end.max(offset.saturating_add(self.member_size(m, d, sizes)));
        }
        if start == u32::MAX {
            start = 0;
        }
        (start, end)
    }

    /// The declared size of every struct, in declaration order so each needs only earlier
    /// results: the end of its furthest member (runtime arrays count as zero elements).
    fn struct_sizes(&self) -> BTreeMap<u32, u32> {
        let mut sizes = BTreeMap::new();
        for &id in &self.type_order {
            if let Some(SpvType::Struct { members }) = self.types.get(&id) {
                let mut end = 0u32;
                for (i, &m) in members.iter().enumerate() {
                    let d = self.member_decorations.get(&(id, i as u32));
                    let offset = d.and_then(|d| d.offset).unwrap_or(0);
                    end = end.max(offset.saturating_add(self.member_size(m, d, &sizes)));
                }
                sizes.insert(id, end);
            }
        }
        sizes
    }

    /// The bytes a member of type `ty` takes, from its decorations. No recursion, since a
    /// malformed module can make a type its own element: structs come from `sizes`, arrays from
    /// their `ArrayStride` (or, without one, their element's size, peeled in a loop), and
    /// vectors and matrices from their scalar.
    fn member_size(
        &self,
        ty: u32,
        member: Option<&MemberDecorations>,
        sizes: &BTreeMap<u32, u32>,
    ) -> u32 {
        let mut elements = 1u32;
        let mut current = ty;
        for _ in 0..=self.type_order.len() {
            let Some(SpvType::Array { element, length }) = self.types.get(&current) else {
                break;
            };
            elements = elements.saturating_mul(self.constant_u32(*length).unwrap_or(0));
            if let Some(stride) = self.decorations.get(&current).and_then(|d| d.array_stride) {
                return elements.saturating_mul(stride);
            }
            current = *element;
        }
        let scalar = |id: &u32| match self.types.get(id) {
            Some(SpvType::Int { width, .. } | SpvType::Float { width }) => width / 8,
            Some(SpvType::Bool) => 4,
            _ => 0,
        };
        let size = match self.types.get(&current) {
            Some(SpvType::Int { .. } | SpvType::Float { .. } | SpvType::Bool) => scalar(&current),
            Some(SpvType::Vector { component, count }) => scalar(component).saturating_mul(*count),
            Some(SpvType::Matrix { column, count }) => {
                let (rows, scalar) = match self.types.get(column) {
                    Some(SpvType::Vector { component, count }) => (*count, scalar(component)),
                    _ => (1, 4),
                };
                match member.and_then(|d| d.matrix_stride) {
                    Some(stride) if member.is_some_and(|d| d.row_major) => {
                        stride.saturating_mul(rows)
                    }
                    Some(stride) => stride.saturating_mul(*count),
                    None => scalar.saturating_mul(rows).saturating_mul(*count),
                }
            }
            Some(SpvType::Struct { .. }) => sizes.get(&current).copied().unwrap_or(0),
            _ => 0,
        };
        elements.saturating_mul(size)
    }

    fn constant_u32(&self, id: u32) -> Option<u32> {
        match &self.constants.get(&id)?.value {
            ConstValue::Words(w) => w.first().copied(),
            ConstValue::Bool(b) => Some(u32::from(*b)),
            ConstValue::Composite(_) => None,
        }
    }

    fn constant_text(&self, c: &Constant) -> String {
        match (&c.value, self.types.get(&c.ty)) {
            (ConstValue::Bool(b), _) => b.to_string(),
            (ConstValue::Words(w), Some(SpvType::Int { width, signed })) => {
                let low = w.first().copied().unwrap_or(0);
                let high = w.get(1).copied().unwrap_or(0);
                match (*width, *signed) {
                    (64, true) => (((u64::from(high) << 32) | u64::from(low)) as i64).to_string(),
                    (64, false) => ((u64::from(high) << 32) | u64::from(low)).to_string(),
                    (16, true) => (low as u16 as i16).to_string(),
                    (8, true) => (low as u8 as i8).to_string(),
                    (_, true) => (low as i32).to_string(),
                    (_, false) => low.to_string(),
                }
            }
            (ConstValue::Words(w), Some(SpvType::Float { width })) => {
                let low = w.first().copied().unwrap_or(0);
                let high = w.get(1).copied().unwrap_or(0);
                match width {
                    16 => float_text(luma_ir::proc::f16_to_f32(low as u16)),
                    64 => format!(
                        "{:?}",
                        f64::from_bits((u64::from(high) << 32) | u64::from(low))
                    ),
                    _ => float_text(f32::from_bits(low)),
                }
            }
            (ConstValue::Words(w), _) => w.first().copied().unwrap_or(0).to_string(),
            (ConstValue::Composite(parts), _) => format!(
                "{{{}}}",
                parts
                    .iter()
                    .map(|p| match self.constants.get(p) {
                        Some(c) if !matches!(c.value, ConstValue::Composite(_)) => {
                            self.constant_text(c)
                        }
                        _ => "?".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// A type spelled the Luma way; arrays are peeled in a loop.
    fn type_name(&self, ty: u32) -> String {
        let mut prefix = String::new();
        let mut current = ty;
        for _ in 0..=self.type_order.len() {
            let leaf = match self.types.get(&current) {
                Some(SpvType::Array { element, length }) => {
                    prefix.push_str(&format!("[{}]", self.constant_u32(*length).unwrap_or(0)));
                    current = *element;
                    continue;
                }
                Some(SpvType::RuntimeArray { element }) => {
                    prefix.push_str("[]");
                    current = *element;
                    continue;
                }
                Some(SpvType::Void) => "void".to_string(),
                Some(SpvType::Bool) => "bool".to_string(),
                Some(SpvType::Int { width, signed }) => match (width, signed) {
                    (32, true) => "int".to_string(),
                    (32, false) => "uint".to_string(),
                    (w, true) => format!("i{w}"),
                    (w, false) => format!("u{w}"),
                },
                Some(SpvType::Float { width }) => match width {
                    32 => "float".to_string(),
                    16 => "half".to_string(),
                    64 => "double".to_string(),
                    w => format!("f{w}"),
                },
                Some(SpvType::Vector { component, count }) => {
                    let prefix = match self.types.get(component) {
                        Some(SpvType::Bool) => "bvec".to_string(),
                        Some(SpvType::Int {
                            width: 32,
                            signed: true,
                        }) => "ivec".to_string(),
                        Some(SpvType::Int {
                            width: 32,
                            signed: false,
                        }) => "uvec".to_string(),
                        Some(SpvType::Float { width: 32 }) => "vec".to_string(),
                        Some(SpvType::Float { width: 16 }) => "hvec".to_string(),
                        _ => format!("{}vec", self.type_name_leaf(*component)),
                    };
                    format!("{prefix}{count}")
                }
                Some(SpvType::Matrix { column, count }) => {
                    let (rows, half) = match self.types.get(column) {
                        Some(SpvType::Vector { component, count }) => (
                            *count,
                            matches!(
                                self.types.get(component),
                                Some(SpvType::Float { width: 16 })
                            ),
                        ),
                        _ => (0, false),
                    };
                    let prefix = if half { "hmat" } else { "mat" };
                    if rows == *count {
                        format!("{prefix}{count}")
                    } else {
                        format!("{prefix}{count}x{rows}")
                    }
                }
                Some(SpvType::Struct { .. }) => self
                    .names
                    .get(&current)
                    .cloned()
                    .unwrap_or_else(|| format!("struct{current}")),
                Some(SpvType::Image { .. }) => "image".to_string(),
                Some(SpvType::Sampler) => "sampler".to_string(),
                Some(SpvType::SampledImage) => "sampled_image".to_string(),
                Some(SpvType::Pointer { .. }) => "pointer".to_string(),
                Some(SpvType::AccelerationStructure) => "acceleration_structure".to_string(),
                Some(SpvType::Other) | None => "unknown".to_string(),
            };
            prefix.push_str(&leaf);
            return prefix;
        }
        prefix.push_str("unknown");
        prefix
    }

    fn type_name_leaf(&self, ty: u32) -> String {
        match self.types.get(&ty) {
            Some(SpvType::Int { width, signed }) => {
                format!("{}{width}", if *signed { "i" } else { "u" })
            }
            Some(SpvType::Float { width }) => format!("f{width}"),
            _ => "unknown".to_string(),
        }
    }

    /// The `VkFormat` of a scalar or vector interface type.
    fn format(&self, ty: u32) -> Option<String> {
        let (scalar, count) = match self.types.get(&ty)? {
            SpvType::Vector { component, count } => (*component, *count),
            SpvType::Int { .. } | SpvType::Float { .. } => (ty, 1),
            _ => return None,
        };
        let (width, suffix) = match self.types.get(&scalar)? {
            SpvType::Float { width } => (*width, "SFLOAT"),
            SpvType::Int {
                width,
                signed: true,
            } => (*width, "SINT"),
            SpvType::Int {
                width,
                signed: false,
            } => (*width, "UINT"),
            _ => return None,
        };
        let mut format = String::new();
        for c in ["R", "G", "B", "A"].iter().take(count as usize) {
            format.push_str(&format!("{c}{width}"));
        }
        Some(format!("{format}_{suffix}"))
    }

    fn entry_point(
        &self,
        ep: &RawEntryPoint,
        used: &BTreeSet<u32>,
        globals: &BTreeMap<u32, (u32, u32)>,
        push_constant_vars: &BTreeSet<u32>,
    ) -> SpirvEntryPoint {
        let model = ExecutionModel::from_u32(ep.model);
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        for id in &ep.interface {
            let Some(&(ptr_ty, storage)) = globals.get(id) else {
                continue;
            };
            let input = match StorageClass::from_u32(storage) {
                Some(StorageClass::Input) => true,
                Some(StorageClass::Output) => false,
                _ => continue,
            };
            let Some(SpvType::Pointer { pointee }) = self.types.get(&ptr_ty) else {
                continue;
            };
            let varying = !matches!(
                (model, input),
                (Some(ExecutionModel::Vertex), true) | (Some(ExecutionModel::Fragment), false)
            );
            let list = if input { &mut inputs } else { &mut outputs };
            self.interface_variables(*id, *pointee, varying, list);
        }
        let sort_key =
            |v: &InterfaceVariable| (v.location.is_none(), v.location, v.builtin.clone());
        inputs.sort_by_key(sort_key);
        outputs.sort_by_key(sort_key);

        let mut descriptors: Vec<DescriptorRef> = used
            .iter()
            .filter_map(|id| {
                let d = self.decorations.get(id)?;
                Some(DescriptorRef {
                    set: d.set?,
                    binding: d.binding?,
                })
            })
            .collect();
        descriptors.sort();
        descriptors.dedup();

        let (workgroup_size, workgroup_size_spec_ids) = if is_compute_like(ep.model) {
            let (size, ids) = self.workgroup_size(ep.function);
            (Some(size), Some(ids))
        } else {
            (None, None)
        };
        SpirvEntryPoint {
            name: ep.name.clone(),
            stage: stage_name(ep.model),
            workgroup_size,
            workgroup_size_spec_ids,
            inputs,
            outputs,
            descriptors,
            uses_push_constants: used.iter().any(|id| push_constant_vars.contains(id)),
        }
    }

    fn interface_variables(
        &self,
        var: u32,
        pointee: u32,
        varying: bool,
        out: &mut Vec<InterfaceVariable>,
    ) {
        let d = self.decorations.get(&var).cloned().unwrap_or_default();
        // A builtin block (gl_PerVertex) reports one entry per builtin member.
        if let Some(SpvType::Struct { members }) = self.types.get(&pointee) {
            let mut any = false;
            for (i, &m) in members.iter().enumerate() {
                if let Some(b) = self
                    .member_decorations
                    .get(&(pointee, i as u32))
                    .and_then(|md| md.builtin)
                {
                    any = true;
                    out.push(InterfaceVariable {
                        name: None,
                        location: None,
                        component: None,
                        builtin: Some(builtin_name(b)),
                        ty: self.type_name(m),
                        format: None,
                        interpolation: None,
                    });
                }
            }
            if any {
                return;
            }
        }
        let builtin = d.builtin.map(builtin_name);
        let interpolation =
            (varying && builtin.is_none() && d.location.is_some()).then_some(if d.flat {
                Interpolation::Flat
            } else if d.no_perspective {
                Interpolation::NoPerspective
            } else {
                Interpolation::Smooth
            });
        out.push(InterfaceVariable {
            name: self.names.get(&var).cloned(),
            location: d.location,
            component: d.component,
            format: if builtin.is_none() {
                self.format(pointee)
            } else {
                None
            },
            builtin,
            ty: self.type_name(pointee),
            interpolation,
        });
    }

    /// The workgroup size of an entry function and the spec ids that set it: a `WorkgroupSize`
    /// builtin constant wins over `LocalSizeId`, which wins over `LocalSize`.
    fn workgroup_size(&self, function: u32) -> ([u32; 3], [Option<u32>; 3]) {
        let from_ids = |ids: [u32; 3]| {
            let mut size = [0u32; 3];
            let mut spec = [None; 3];
            for (i, id) in ids.iter().enumerate() {
                if let (Some(s), Some(p)) = (size.get_mut(i), spec.get_mut(i)) {
                    *s = self.constant_u32(*id).unwrap_or(0);
                    *p = self.decorations.get(id).and_then(|d| d.spec_id);
                }
            }
            (size, spec)
        };
        let builtin = self.constants.iter().find(|(id, _)| {
            self.decorations
                .get(id)
                .and_then(|d| d.builtin)
                .is_some_and(|b| b == BuiltIn::WorkgroupSize as u32)
        });
        if let Some((
            _,
            Constant {
                value: ConstValue::Composite(parts),
                ..
            },
        )) = builtin
        {
            if let [x, y, z] = parts.as_slice() {
                return from_ids([*x, *y, *z]);
            }
        }
        if let Some(ids) = self.local_size_id.get(&function) {
            return from_ids(*ids);
        }
        (
            self.local_size.get(&function).copied().unwrap_or([1, 1, 1]),
            [None; 3],
        )
    }
}

/// The name of a SPIR-V image format as Luma's `@format` spells it (the SPIR-V name in lower
/// case for formats Luma has no name for); `None` for `Unknown`.
fn format_name(format: u32) -> Option<String> {
    use spirv::ImageFormat as F;
    let f = F::from_u32(format)?;
    let name = match f {
        F::Unknown => return None,
        F::Rgba8 => "rgba8",
        F::Rgba8Snorm => "rgba8_snorm",
        F::Rgba8ui => "rgba8ui",
        F::Rgba8i => "rgba8i",
        F::Rgba16f => "rgba16f",
        F::Rgba16ui => "rgba16ui",
        F::Rgba16i => "rgba16i",
        F::Rgba32f => "rgba32f",
        F::Rgba32ui => "rgba32ui",
        F::Rgba32i => "rgba32i",
        F::R32f => "r32f",
        F::R32ui => "r32ui",
        F::R32i => "r32i",
        F::Rg32f => "rg32f",
        F::Rg32ui => "rg32ui",
        F::Rg32i => "rg32i",
        other => return Some(format!("{other:?}").to_lowercase()),
    };
    Some(name.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// Assembles instructions (opcode, operands) behind a SPIR-V 1.3 header.
    fn module(instructions: &[(Op, Vec<u32>)]) -> Vec<u32> {
        let mut words = vec![spirv::MAGIC_NUMBER, 0x0001_0300, 0, 100, 0];
        for (op, operands) in instructions {
            words.push(((operands.len() as u32 + 1) << 16) | *op as u32);
            words.extend(operands);
        }
        words
    }

    fn string(s: &str) -> Vec<u32> {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        while bytes.len() & 3 != 0 {
            bytes.push(0);
        }
        bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn rejects_malformed_binaries() {
        assert!(SpirvReflection::from_words(&[]).is_err());
        assert!(SpirvReflection::from_words(&[1, 2, 3, 4, 5]).is_err());
        assert!(SpirvReflection::from_bytes(&[1, 2, 3]).is_err());
        // A word count of zero, and an instruction running past the end.
        let mut words = module(&[]);
        words.push(0);
        assert!(SpirvReflection::from_words(&words).is_err());
        let mut words = module(&[]);
        words.push((9 << 16) | Op::Name as u32);
        assert!(SpirvReflection::from_words(&words).is_err());
    }

    /// Types that name themselves (a vector of itself, an array without `ArrayStride` of
    /// itself; one corrupted id is enough) in a uniform block: sizing the block terminates
    /// (it overflowed the stack).
    #[test]
    fn reads_self_referential_types_without_recursing() {
        use Op::*;
        let (vec, arr, len_ty, len, blk, ptr, var) = (1, 2, 3, 4, 5, 6, 7);
        let uniform = StorageClass::Uniform as u32;
        let words = module(&[
            (Decorate, vec![blk, Decoration::Block as u32]),
            (Decorate, vec![var, Decoration::DescriptorSet as u32, 0]),
            (Decorate, vec![var, Decoration::Binding as u32, 0]),
            (MemberDecorate, vec![blk, 0, Decoration::Offset as u32, 0]),
            (MemberDecorate, vec![blk, 1, Decoration::Offset as u32, 16]),
            (TypeVector, vec![vec, vec, 4]),
            (TypeInt, vec![len_ty, 32, 0]),
            (Constant, vec![len_ty, len, 3]),
            (TypeArray, vec![arr, arr, len]),
            (TypeStruct, vec![blk, vec, arr]),
            (TypePointer, vec![ptr, uniform, blk]),
            (Variable, vec![ptr, var, uniform]),
        ]);
        let r = SpirvReflection::from_words(&words).unwrap();
        assert_eq!(r.descriptor_sets[0].bindings[0].block_size, Some(16));
    }

    #[test]
    fn reads_descriptors_push_constants_and_usage() {
        use Op::*;
        let (void, fnty, f32_, v4, mat, arr, rt, blk, pblk, ptr_u, ptr_sb, ptr_pc) =
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        let (u32_, four, ubo, ssbo, pc, main, label, sampler_ty, ptr_s, samp) =
            (13, 14, 20, 21, 22, 30, 31, 40, 41, 42);
        let (samp_arr, ptr_sa, samps, loaded) = (43, 44, 45, 46);
        let mut name_op = vec![main];
        name_op.extend(string("main"));
        let mut entry = vec![ExecutionModel::GLCompute as u32, main];
        entry.extend(string("main"));
        let words = module(&[
            (EntryPoint, entry),
            (
                ExecutionMode,
                vec![main, spirv::ExecutionMode::LocalSize as u32, 8, 4, 1],
            ),
            (Name, name_op),
            (Decorate, vec![ubo, Decoration::DescriptorSet as u32, 1]),
            (Decorate, vec![ubo, Decoration::Binding as u32, 2]),
            (Decorate, vec![ssbo, Decoration::DescriptorSet as u32, 0]),
            (Decorate, vec![ssbo, Decoration::Binding as u32, 0]),
            (Decorate, vec![samps, Decoration::DescriptorSet as u32, 0]),
            (Decorate, vec![samps, Decoration::Binding as u32, 1]),
            (Decorate, vec![blk, Decoration::Block as u32]),
            (Decorate, vec![pblk, Decoration::Block as u32]),
            (Decorate, vec![arr, Decoration::ArrayStride as u32, 16]),
            (Decorate, vec![rt, Decoration::ArrayStride as u32, 16]),
            (MemberDecorate, vec![blk, 0, Decoration::Offset as u32, 0]),
            (MemberDecorate, vec![blk, 0, Decoration::ColMajor as u32]),
            (
                MemberDecorate,
                vec![blk, 0, Decoration::MatrixStride as u32, 16],
            ),
            (MemberDecorate, vec![blk, 1, Decoration::Offset as u32, 64]),
            (MemberDecorate, vec![blk, 2, Decoration::Offset as u32, 128]),
            (MemberDecorate, vec![pblk, 0, Decoration::Offset as u32, 0]),
            (MemberDecorate, vec![pblk, 1, Decoration::Offset as u32, 12]),
            (TypeVoid, vec![void]),
            (TypeFunction, vec![fnty, void]),
            (TypeFloat, vec![f32_, 32]),
            (TypeVector, vec![v4, f32_, 4]),
            (TypeMatrix, vec![mat, v4, 4]),
            (TypeInt, vec![u32_, 32, 0]),
            (Constant, vec![u32_, four, 4]),
            (TypeArray, vec![arr, v4, four]),
            (TypeRuntimeArray, vec![rt, v4]),
            (TypeStruct, vec![blk, mat, arr, rt]),
            (TypeStruct, vec![pblk, v4, f32_]),
            (TypePointer, vec![ptr_u, StorageClass::Uniform as u32, blk]),
            (
                TypePointer,
                vec![ptr_sb, StorageClass::StorageBuffer as u32, blk],
            ),
            (
                TypePointer,
                vec![ptr_pc, StorageClass::PushConstant as u32, pblk],
            ),
            (TypeSampler, vec![sampler_ty]),
            (TypeArray, vec![samp_arr, sampler_ty, four]),
            (
                TypePointer,
                vec![ptr_s, StorageClass::UniformConstant as u32, sampler_ty],
            ),
            (
                TypePointer,
                vec![ptr_sa, StorageClass::UniformConstant as u32, samp_arr],
            ),
            (Variable, vec![ptr_u, ubo, StorageClass::Uniform as u32]),
            (
                Variable,
                vec![ptr_sb, ssbo, StorageClass::StorageBuffer as u32],
            ),
            (
                Variable,
                vec![ptr_pc, pc, StorageClass::PushConstant as u32],
            ),
            (
                Variable,
                vec![ptr_s, samp, StorageClass::UniformConstant as u32],
            ),
            (
                Variable,
                vec![ptr_sa, samps, StorageClass::UniformConstant as u32],
            ),
            (Function, vec![void, main, 0, fnty]),
            (Label, vec![label]),
            (Load, vec![blk, loaded, ubo]),
            (ArrayLength, vec![u32_, 47, ssbo, 2]),
            (Return, vec![]),
            (FunctionEnd, vec![]),
        ]);
        let r = SpirvReflection::from_words(&words).unwrap();
        assert_eq!(r.version, "1.3");
        let ep = &r.entry_points[0];
        assert_eq!(ep.name, "main");
        assert_eq!(ep.stage, "compute");
        assert_eq!(ep.workgroup_size, Some([8, 4, 1]));
        assert_eq!(
            ep.descriptors,
            [
                DescriptorRef { set: 0, binding: 0 },
                DescriptorRef { set: 1, binding: 2 }
            ]
        );
        assert!(!ep.uses_push_constants);
        // The sampler without a binding is not a descriptor; the array of 4 samplers is.
        assert_eq!(r.descriptor_sets.len(), 2);
        let set0 = &r.descriptor_sets[0];
        assert_eq!(
            set0.bindings[0].descriptor_type,
            DescriptorType::StorageBuffer
        );
        assert_eq!(set0.bindings[0].block_size, Some(128));
        assert_eq!(set0.bindings[0].runtime_array_stride, Some(16));
        assert_eq!(set0.bindings[0].access, Some(Access::ReadWrite));
        assert_eq!(set0.bindings[0].stages, ["compute"]);
        assert_eq!(set0.bindings[1].descriptor_type, DescriptorType::Sampler);
        assert_eq!(set0.bindings[1].count, 4);
        assert!(set0.bindings[1].stages.is_empty());
        let ubo = &r.descriptor_sets[1].bindings[0];
        assert_eq!(ubo.descriptor_type, DescriptorType::UniformBuffer);
        assert_eq!(ubo.block_size, Some(128));
        let pc = &r.push_constant_ranges[0];
        assert_eq!((pc.offset, pc.size), (0, 16));
    }
}
