//! A small SPIR-V reflection reader: entry points, and for each one the descriptors and push
//! constant block its code actually uses, so the harness binds exactly what the SPIR-V being run
//! declares, whichever compiler produced it.
//!
//! "Uses" means statically referenced from a function reachable from the entry point, which is
//! what Vulkan requires to be bound. Only the operand positions that can hold a pointer are
//! looked at, so literals (alignments, line numbers, masks) are never mistaken for ids.

use std::collections::{BTreeMap, BTreeSet};

use spirv::{Decoration, Dim, ExecutionModel, Op, StorageClass};

use crate::error::{Error, Result};

/// A shader stage the harness can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// Vertex shader.
    Vertex,
    /// Fragment shader.
    Fragment,
    /// Compute shader.
    Compute,
}

impl Stage {
    /// Lower-case name (`vertex`, `fragment`, `compute`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }

    /// glslangValidator's `-S` name.
    pub fn glslang_name(self) -> &'static str {
        match self {
            Stage::Vertex => "vert",
            Stage::Fragment => "frag",
            Stage::Compute => "comp",
        }
    }
}

/// What kind of descriptor a binding needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DescriptorKind {
    /// A uniform buffer (`Uniform` + `Block`).
    UniformBuffer,
    /// A storage buffer (`StorageBuffer`, or `Uniform` + `BufferBlock`).
    StorageBuffer,
    /// A sampled image without sampler.
    SampledImage,
    /// A sampler.
    Sampler,
    /// An image and sampler in one descriptor (GLSL's `sampler2D`).
    CombinedImageSampler,
    /// A storage image.
    StorageImage,
    /// A uniform texel buffer.
    UniformTexelBuffer,
    /// A storage texel buffer.
    StorageTexelBuffer,
}

impl DescriptorKind {
    /// A short name for messages.
    pub fn name(self) -> &'static str {
        match self {
            DescriptorKind::UniformBuffer => "uniform buffer",
            DescriptorKind::StorageBuffer => "storage buffer",
            DescriptorKind::SampledImage => "sampled image",
            DescriptorKind::Sampler => "sampler",
            DescriptorKind::CombinedImageSampler => "combined image sampler",
            DescriptorKind::StorageImage => "storage image",
            DescriptorKind::UniformTexelBuffer => "uniform texel buffer",
            DescriptorKind::StorageTexelBuffer => "storage texel buffer",
        }
    }
}

/// One descriptor binding an entry point uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    /// The variable's debug name, or its type's, or empty.
    pub name: String,
    /// Descriptor set.
    pub set: u32,
    /// Binding.
    pub binding: u32,
    /// Descriptor type.
    pub kind: DescriptorKind,
    /// Array size (1 when not an array).
    pub count: u32,
}

/// One entry point and what it uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryPoint {
    /// Its name in the module.
    pub name: String,
    /// Its stage; `None` for stages the harness does not run.
    pub stage: Option<Stage>,
    /// Descriptors it uses, sorted by (set, binding).
    pub resources: Vec<Resource>,
    /// Byte size of the push constant block it uses, if any.
    pub push_constant_size: Option<u32>,
}

/// What the harness needs to know about a module.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Module {
    /// Entry points in declaration order.
    pub entry_points: Vec<EntryPoint>,
    /// Specialization constant ids declared (`SpecId`), sorted.
    pub spec_ids: Vec<u32>,
}

impl Module {
    /// The entry point of `stage`, by name when given, else the only one of that stage.
    pub fn entry(&self, stage: Stage, name: Option<&str>) -> Result<&EntryPoint> {
        let of_stage: Vec<&EntryPoint> = self
            .entry_points
            .iter()
            .filter(|e| e.stage == Some(stage))
            .collect();
        if let Some(name) = name {
            if let Some(e) = of_stage.iter().find(|e| e.name == name) {
                return Ok(e);
            }
        }
        match of_stage.as_slice() {
            [only] => Ok(only),
            [] => Err(Error::Reflect(format!(
                "the module has no {} entry point",
                stage.name()
            ))),
            many => Err(Error::Reflect(format!(
                "the module has several {} entry points ({}); name one",
                stage.name(),
                many.iter()
                    .map(|e| e.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TypeDef {
    Scalar { bytes: u32 },
    Vector { component: u32, count: u32 },
    Matrix { column: u32, count: u32 },
    Image { dim: Dim, sampled: u32 },
    Sampler,
    SampledImage,
    Array { element: u32, length: u32 },
    RuntimeArray,
    Struct,
    Pointer { class: StorageClass, pointee: u32 },
    Other,
}

#[derive(Debug, Default)]
struct Decorations {
    set: Option<u32>,
    binding: Option<u32>,
    block: bool,
    buffer_block: bool,
    array_stride: Option<u32>,
    spec_id: Option<u32>,
}

#[derive(Debug, Default, Clone, Copy)]
struct MemberDecorations {
    offset: Option<u32>,
    matrix_stride: Option<u32>,
    row_major: bool,
}

#[derive(Debug, Default)]
struct Function {
    calls: BTreeSet<u32>,
    refs: BTreeSet<u32>,
}

#[derive(Default)]
struct Reader {
    names: BTreeMap<u32, String>,
    decorations: BTreeMap<u32, Decorations>,
    members: BTreeMap<(u32, u32), MemberDecorations>,
    types: BTreeMap<u32, TypeDef>,
    struct_members: BTreeMap<u32, Vec<u32>>,
    constants: BTreeMap<u32, u64>,
    globals: BTreeMap<u32, u32>,
    functions: BTreeMap<u32, Function>,
    entries: Vec<(ExecutionModel, u32, String)>,
}

/// Nesting bound for type walks; SPIR-V types cannot be cyclic, this only stops a malformed
/// module from recursing without end.
const MAX_DEPTH: u32 = 64;

/// Reads a module's entry points and their resource use.
pub fn reflect(words: &[u32]) -> Result<Module> {
    let mut r = Reader::default();
    r.read(words)?;
    let mut module = Module::default();
    let mut spec_ids: Vec<u32> = r.decorations.values().filter_map(|d| d.spec_id).collect();
    spec_ids.sort_unstable();
    spec_ids.dedup();
    module.spec_ids = spec_ids;
    for (model, function, name) in &r.entries {
        let stage = match model {
            ExecutionModel::Vertex => Some(Stage::Vertex),
            ExecutionModel::Fragment => Some(Stage::Fragment),
            ExecutionModel::GLCompute => Some(Stage::Compute),
            _ => None,
        };
        let used = r.used_ids(*function);
        let mut resources = Vec::new();
        let mut push_constant_size = None;
        for (&var, &ty) in &r.globals {
            if !used.contains(&var) {
                continue;
            }
            let Some(TypeDef::Pointer { class, pointee }) = r.types.get(&ty).copied() else {
                continue;
            };
            if class == StorageClass::PushConstant {
                push_constant_size = Some(r.size_of(pointee, MemberDecorations::default(), 0)?);
                continue;
            }
            if !matches!(
                class,
                StorageClass::UniformConstant | StorageClass::Uniform | StorageClass::StorageBuffer
            ) {
                continue;
            }
            let (kind, count) = r.descriptor(class, pointee, var)?;
            let deco = r.decorations.get(&var);
            let (Some(set), Some(binding)) =
                (deco.and_then(|d| d.set), deco.and_then(|d| d.binding))
            else {
                return Err(Error::Reflect(format!(
                    "resource `{}` (%{var}) has no DescriptorSet or Binding decoration",
                    r.name_of(var, pointee)
                )));
            };
            resources.push(Resource {
                name: r.name_of(var, pointee),
                set,
                binding,
                kind,
                count,
            });
        }
        resources.sort_by_key(|res| (res.set, res.binding));
        module.entry_points.push(EntryPoint {
            name: name.clone(),
            stage,
            resources,
            push_constant_size,
        });
    }
    Ok(module)
}

fn string_at(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    'outer: for w in words {
        for b in w.to_le_bytes() {
            if b == 0 {
                break 'outer;
            }
            bytes.push(b);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

impl Reader {
    fn read(&mut self, words: &[u32]) -> Result<()> {
        match words.first() {
            Some(0x0723_0203) => {}
            Some(w) if w.swap_bytes() == 0x0723_0203 => {
                return Err(Error::Reflect("big-endian SPIR-V is not supported".into()))
            }
            _ => {
                return Err(Error::Reflect(
                    "not a SPIR-V module (bad magic number)".into(),
                ))
            }
        }
        let mut pos = 5;
        let mut current: Option<u32> = None;
        while pos < words.len() {
            let head = words.get(pos).copied().unwrap_or(0);
            let count = (head >> 16) as usize;
            if count == 0 {
                return Err(Error::Reflect(format!(
                    "instruction of zero words at word {pos}"
                )));
            }
            let inst = words.get(pos..pos + count).ok_or_else(|| {
                Error::Reflect(format!("instruction at word {pos} runs past the end"))
            })?;
            pos += count;
            let Some(op) = Op::from_u32(head & 0xffff) else {
                continue;
            };
            let arg = |i: usize| inst.get(i).copied();
            match op {
                Op::Function => {
                    current = arg(2);
                    if let Some(id) = current {
                        self.functions.entry(id).or_default();
                    }
                }
                Op::FunctionEnd => current = None,
                _ => {}
            }
            if let Some(f) = current {
                self.read_body(op, inst, f);
                continue;
            }
            self.read_global(op, inst)?;
        }
        Ok(())
    }

    fn read_global(&mut self, op: Op, inst: &[u32]) -> Result<()> {
        let arg = |i: usize| inst.get(i).copied();
        match op {
            Op::EntryPoint => {
                let (Some(model), Some(f)) = (arg(1), arg(2)) else {
                    return Ok(());
                };
                let name = string_at(inst.get(3..).unwrap_or(&[]));
                if let Some(model) = ExecutionModel::from_u32(model) {
                    self.entries.push((model, f, name));
                }
            }
            Op::Name => {
                if let Some(id) = arg(1) {
                    self.names
                        .insert(id, string_at(inst.get(2..).unwrap_or(&[])));
                }
            }
            Op::Decorate => {
                let (Some(id), Some(deco)) = (arg(1), arg(2)) else {
                    return Ok(());
                };
                let d = self.decorations.entry(id).or_default();
                match Decoration::from_u32(deco) {
                    Some(Decoration::DescriptorSet) => d.set = arg(3),
                    Some(Decoration::Binding) => d.binding = arg(3),
                    Some(Decoration::Block) => d.block = true,
                    Some(Decoration::BufferBlock) => d.buffer_block = true,
                    Some(Decoration::ArrayStride) => d.array_stride = arg(3),
                    Some(Decoration::SpecId) => d.spec_id = arg(3),
                    _ => {}
                }
            }
            Op::MemberDecorate => {
                let (Some(id), Some(member), Some(deco)) = (arg(1), arg(2), arg(3)) else {
                    return Ok(());
                };
                let m = self.members.entry((id, member)).or_default();
                match Decoration::from_u32(deco) {
                    Some(Decoration::Offset) => m.offset = arg(4),
                    Some(Decoration::MatrixStride) => m.matrix_stride = arg(4),
                    Some(Decoration::RowMajor) => m.row_major = true,
                    _ => {}
                }
            }
            Op::TypeBool => self.ty(arg(1), TypeDef::Scalar { bytes: 4 }),
            Op::TypeInt | Op::TypeFloat => {
                let bytes = arg(2).unwrap_or(32) / 8;
                self.ty(arg(1), TypeDef::Scalar { bytes });
            }
            Op::TypeVector => {
                if let (Some(component), Some(count)) = (arg(2), arg(3)) {
                    self.ty(arg(1), TypeDef::Vector { component, count });
                }
            }
            Op::TypeMatrix => {
                if let (Some(column), Some(count)) = (arg(2), arg(3)) {
                    self.ty(arg(1), TypeDef::Matrix { column, count });
                }
            }
            Op::TypeImage => {
                let dim = arg(3).and_then(Dim::from_u32).unwrap_or(Dim::Dim2D);
                let sampled = arg(7).unwrap_or(1);
                self.ty(arg(1), TypeDef::Image { dim, sampled });
            }
            Op::TypeSampler => self.ty(arg(1), TypeDef::Sampler),
            Op::TypeSampledImage => self.ty(arg(1), TypeDef::SampledImage),
            Op::TypeArray => {
                let (Some(element), Some(len_id)) = (arg(2), arg(3)) else {
                    return Ok(());
                };
                let length = self.constants.get(&len_id).copied().ok_or_else(|| {
                    Error::Reflect(format!(
                        "array length %{len_id} is not an integer constant the harness knows"
                    ))
                })?;
                let length = u32::try_from(length)
                    .map_err(|_| Error::Reflect(format!("array length {length} is too large")))?;
                self.ty(arg(1), TypeDef::Array { element, length });
            }
            Op::TypeRuntimeArray => self.ty(arg(1), TypeDef::RuntimeArray),
            Op::TypeStruct => {
                if let Some(id) = arg(1) {
                    self.struct_members
                        .insert(id, inst.get(2..).unwrap_or(&[]).to_vec());
                    self.ty(Some(id), TypeDef::Struct);
                }
            }
            Op::TypePointer => {
                if let (Some(class), Some(pointee)) =
                    (arg(2).and_then(StorageClass::from_u32), arg(3))
                {
                    self.ty(arg(1), TypeDef::Pointer { class, pointee });
                }
            }
            Op::Constant | Op::SpecConstant => {
                // Array lengths: the low word is enough for any length a descriptor array or a
                // block member can have.
                if let (Some(id), Some(low)) = (arg(2), arg(3)) {
                    let high = arg(4).unwrap_or(0);
                    self.constants
                        .insert(id, u64::from(low) | (u64::from(high) << 32));
                }
            }
            Op::Variable => {
                if let (Some(ty), Some(id)) = (arg(1), arg(2)) {
                    self.globals.insert(id, ty);
                }
            }
            Op::TypeVoid | Op::TypeFunction => self.ty(arg(1), TypeDef::Other),
            _ => {
                // Other type declarations (acceleration structures and the like) are recorded
                // so a resource of such a type is reported as unsupported, not as unknown.
                if (op as u32) >= (Op::TypeVoid as u32)
                    && (op as u32) <= (Op::TypeForwardPointer as u32)
                {
                    self.ty(arg(1), TypeDef::Other);
                }
            }
        }
        Ok(())
    }

    fn ty(&mut self, id: Option<u32>, def: TypeDef) {
        if let Some(id) = id {
            self.types.insert(id, def);
        }
    }

    /// Records the ids in pointer-operand positions of one instruction of function `f`.
    fn read_body(&mut self, op: Op, inst: &[u32], f: u32) {
        let positions: &[usize] = match op {
            Op::Load
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::ArrayLength
            | Op::ImageTexelPointer
            | Op::CopyObject
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
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT
            | Op::AtomicFAddEXT => &[3],
            Op::Store | Op::AtomicStore | Op::AtomicFlagClear => &[1],
            Op::CopyMemory | Op::CopyMemorySized => &[1, 2],
            Op::Select => &[4, 5],
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => &[3, 4],
            Op::Phi => {
                let fun = self.functions.entry(f).or_default();
                for id in inst.iter().skip(3).step_by(2) {
                    fun.refs.insert(*id);
                }
                return;
            }
            Op::FunctionCall => {
                let fun = self.functions.entry(f).or_default();
                if let Some(&callee) = inst.get(3) {
                    fun.calls.insert(callee);
                }
                for id in inst.iter().skip(4) {
                    fun.refs.insert(*id);
                }
                return;
            }
            _ => return,
        };
        let fun = self.functions.entry(f).or_default();
        for &p in positions {
            if let Some(&id) = inst.get(p) {
                fun.refs.insert(id);
            }
        }
    }

    /// Ids referenced in pointer positions by `entry` and every function it calls.
    fn used_ids(&self, entry: u32) -> BTreeSet<u32> {
        let mut seen = BTreeSet::new();
        let mut used = BTreeSet::new();
        let mut stack = vec![entry];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if let Some(fun) = self.functions.get(&f) {
                used.extend(fun.refs.iter().copied());
                stack.extend(fun.calls.iter().copied());
            }
        }
        used
    }

    fn name_of(&self, var: u32, pointee: u32) -> String {
        self.names
            .get(&var)
            .filter(|n| !n.is_empty())
            .or_else(|| self.names.get(&pointee))
            .cloned()
            .unwrap_or_default()
    }

    fn descriptor(
        &self,
        class: StorageClass,
        pointee: u32,
        var: u32,
    ) -> Result<(DescriptorKind, u32)> {
        let mut ty = pointee;
        let mut count: u32 = 1;
        for _ in 0..MAX_DEPTH {
            match self.types.get(&ty) {
                Some(TypeDef::Array { element, length }) => {
                    count = count.saturating_mul(*length);
                    ty = *element;
                }
                Some(TypeDef::RuntimeArray) => {
                    return Err(Error::Reflect(format!(
                        "resource `{}` is a runtime-sized descriptor array, which the harness \
                         does not bind",
                        self.name_of(var, pointee)
                    )))
                }
                _ => break,
            }
        }
        let kind = match (class, self.types.get(&ty)) {
            (StorageClass::UniformConstant, Some(TypeDef::Sampler)) => DescriptorKind::Sampler,
            (StorageClass::UniformConstant, Some(TypeDef::SampledImage)) => {
                DescriptorKind::CombinedImageSampler
            }
            (StorageClass::UniformConstant, Some(TypeDef::Image { dim, sampled })) => {
                match (dim, sampled) {
                    (Dim::DimBuffer, 2) => DescriptorKind::StorageTexelBuffer,
                    (Dim::DimBuffer, _) => DescriptorKind::UniformTexelBuffer,
                    (_, 2) => DescriptorKind::StorageImage,
                    _ => DescriptorKind::SampledImage,
                }
            }
            (StorageClass::Uniform, Some(TypeDef::Struct)) => {
                let d = self.decorations.get(&ty);
                if d.is_some_and(|d| d.buffer_block) {
                    DescriptorKind::StorageBuffer
                } else {
                    DescriptorKind::UniformBuffer
                }
            }
            (StorageClass::StorageBuffer, Some(TypeDef::Struct)) => DescriptorKind::StorageBuffer,
            _ => {
                return Err(Error::Reflect(format!(
                    "resource `{}` (%{var}) has a type the harness cannot bind",
                    self.name_of(var, pointee)
                )))
            }
        };
        Ok((kind, count))
    }

    /// Byte size of a type in an explicitly laid out block.
    fn size_of(&self, ty: u32, member: MemberDecorations, depth: u32) -> Result<u32> {
        if depth > MAX_DEPTH {
            return Err(Error::Reflect("types nest too deeply".into()));
        }
        let def = self
            .types
            .get(&ty)
            .ok_or_else(|| Error::Reflect(format!("unknown type %{ty}")))?;
        Ok(match *def {
            TypeDef::Scalar { bytes } => bytes,
            TypeDef::Vector { component, count } => self
                .size_of(component, member, depth + 1)?
                .saturating_mul(count),
            TypeDef::Matrix { column, count } => {
                let (rows, scalar) = match self.types.get(&column) {
                    Some(TypeDef::Vector { component, count }) => {
                        (*count, self.size_of(*component, member, depth + 1)?)
                    }
                    _ => return Err(Error::Reflect("matrix column is not a vector".into())),
                };
                let (vectors, length) = if member.row_major {
                    (rows, count)
                } else {
                    (count, rows)
                };
                let stride = member.matrix_stride.unwrap_or(length * scalar);
                stride
                    .saturating_mul(vectors.saturating_sub(1))
                    .saturating_add(length * scalar)
            }
            TypeDef::Array { element, length } => {
                let elem = self.size_of(element, member, depth + 1)?;
                let stride = self
                    .decorations
                    .get(&ty)
                    .and_then(|d| d.array_stride)
                    .unwrap_or(elem);
                if length == 0 {
                    0
                } else {
                    stride.saturating_mul(length - 1).saturating_add(elem)
                }
            }
            TypeDef::RuntimeArray => 0,
            TypeDef::Struct => {
                let members = self.struct_members.get(&ty).cloned().unwrap_or_default();
                let mut end = 0u32;
                for (i, m) in members.iter().enumerate() {
                    let deco = self
                        .members
                        .get(&(ty, i as u32))
                        .copied()
                        .unwrap_or_default();
                    let size = self.size_of(*m, deco, depth + 1)?;
                    end = end.max(deco.offset.unwrap_or(0).saturating_add(size));
                }
                end
            }
            TypeDef::Image { .. }
            | TypeDef::Sampler
            | TypeDef::SampledImage
            | TypeDef::Pointer { .. }
            | TypeDef::Other => {
                return Err(Error::Reflect(format!(
                    "type %{ty} has no size in a buffer block"
                )))
            }
        })
    }
}
