//! The HLSL writer: module sections in order (types, constants, resources, helpers, functions
//! and entry points), and the statement and expression emission of function bodies.

use std::collections::{BTreeMap, BTreeSet};

use luma_back::defaults::{arm_targets, assignments, at_targets, yields_defaults};
use luma_back::prec::{Prec, Side};
use luma_back::text_expr::{infix, Expr};
use luma_back::{else_if, else_if_folds, CallGraph, CodeWriter, Namer, ResultDefaults};
use luma_base::Handle;
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{
    AddressSpace, ArraySize, AtomicFunction, BinaryOp, Block, BuiltIn, Constant, ConstantValue,
    DerivativeAxis, DerivativeControl, EntryPoint, Function, GlobalVariable, ImageClass,
    ImageDimension, ImageQuery, ImageSample, Interpolation, IoBinding, Literal, LocalVariable,
    MathFunction, Module, Op, ProductKind, RelationalFunction, ResourceBinding, SampleLevel,
    Scalar, ScalarKind, ShaderStage, StmtKind, StorageAccess, Type, TypeInner, UnaryOp, UnrollHint,
    Value, ValueDef,
};

use crate::keywords::RESERVED;
use crate::registers::Register;
use crate::repr::{Field, Repr, Reprs};
use crate::{codes, EntryPointInfo, Error, HlslOutput, Options};

/// Deepest nesting of inlined expressions; a deeper value becomes a temporary.
pub const MAX_INLINE_DEPTH: u32 = 12;

/// Arrays with more leaf elements than this are zeroed through a wrapper struct rather than an
/// initializer list.
const MAX_ZERO_LIST_ELEMENTS: u64 = 64;

/// Deepest nesting of blocks and access chains the writer follows. Lowering a program within
/// `Limits::nesting_depth` (256) can nest deeper IR: each Luma block level, each if-expression
/// with effects in its arms, and the exit test of each loop is an IR level of its own, so the
/// bound is four times the language's.
const MAX_NESTING: usize = 4 * 256;

type R<T> = Result<T, Error>;

/// Where a pointer points, as HLSL can reach it.
#[derive(Debug, Clone)]
enum Place {
    /// An lvalue expression: locals, private and workgroup memory, and constant buffers (whose
    /// layout representation `repr` says how the value is stored).
    Typed {
        expr: String,
        ty: Handle<Type>,
        repr: Repr,
    },
    /// `offset` bytes into byte-address buffer `buffer`.
    Bytes {
        buffer: String,
        global: Handle<GlobalVariable>,
        offset: Offset,
        ty: Handle<Type>,
    },
}

/// The most bytes a Direct3D 12 constant buffer holds: `D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT`
/// (4096) rows of 16 bytes.
const CBUFFER_LIMIT: u64 = 4096 * 16;

/// A uniform or push-constant block stored as 32-bit words (see `Writer::word_blocks`): whole
/// 16-byte registers, then a tail vector of the last 1 to 3 words, so that the block is
/// exactly its std140 / std430 size (Direct3D 12 checks a shader's root constants against the
/// root signature's count, Vulkan its push-constant block against the pipeline layout's
/// range). The functions read 1 to 4 consecutive words at a byte offset.
#[derive(Debug, Clone)]
struct WordBlock {
    /// A uniform block (std140 offsets) rather than push constants (std430).
    std140: bool,
    words: String,
    tail: String,
    /// Whole `uint4` registers.
    registers: u32,
    /// Words after them (0 to 3).
    tail_words: u32,
    /// Load functions for 1, 2, 3 and 4 words.
    loads: [String; 4],
}

impl WordBlock {
    fn new(namer: &mut Namer, name: &str, size: u32, std140: bool) -> WordBlock {
        let words = size.div_ceil(4).max(1);
        WordBlock {
            std140,
            words: namer.call(&format!("{name}_words")),
            tail: namer.call(&format!("{name}_tail")),
            registers: words / 4,
            tail_words: words % 4,
            loads: [
                namer.call(&format!("{name}_load")),
                namer.call(&format!("{name}_load2")),
                namer.call(&format!("{name}_load3")),
                namer.call(&format!("{name}_load4")),
            ],
        }
    }

    fn load_name(&self, words: u32) -> &str {
        let i = words.clamp(1, 4) as usize - 1;
        self.loads.get(i).map_or("", String::as_str)
    }

    /// The block (opened by `opening`, `... cbuffer name {`) and its load functions.
    fn write(&self, out: &mut CodeWriter, opening: &str, name: &str) {
        let (words, tail, [l1, l2, l3, l4]) = (&self.words, &self.tail, &self.loads);
        let (registers, tail_words) = (self.registers, self.tail_words);
        let rule = if self.std140 { "std140" } else { "std430" };
        out.line(opening);
        out.indent();
        if registers > 0 {
            out.line_fmt(format_args!("uint4 {words}[{registers}];"));
        }
        match tail_words {
            0 => {}
            1 => out.line_fmt(format_args!("uint {tail};")),
            n => out.line_fmt(format_args!("uint{n} {tail};")),
        }
        out.close("};");
        out.line_fmt(format_args!(
            "// `{name}` is read as 32-bit words at its {rule} offsets: constant-buffer packing \
             cannot reproduce its layout."
        ));
        let from_registers = format!("{words}[o >> 4u][(o >> 2u) & 3u]");
        let from_tail = if tail_words == 1 {
            tail.clone()
        } else {
            format!(
                "{tail}[min((o >> 2u) & 3u, {}u)]",
                tail_words.saturating_sub(1)
            )
        };
        // An `if`, not `?:`, which HLSL evaluates on both sides.
        let body = match (registers, tail_words) {
            (_, 0) => format!("return {from_registers};"),
            (0, _) => format!("return {from_tail};"),
            _ => format!(
                "if ((o >> 4u) < {registers}u) {{ return {from_registers}; }} return {from_tail};"
            ),
        };
        out.line_fmt(format_args!("uint {l1}(uint o) {{ {body} }}"));
        out.line_fmt(format_args!(
            "uint2 {l2}(uint o) {{ return uint2({l1}(o), {l1}(o + 4u)); }}"
        ));
        out.line_fmt(format_args!(
            "uint3 {l3}(uint o) {{ return uint3({l1}(o), {l1}(o + 4u), {l1}(o + 8u)); }}"
        ));
        out.line_fmt(format_args!(
            "uint4 {l4}(uint o) {{ return uint4({l1}(o), {l1}(o + 4u), {l1}(o + 8u), {l1}(o + 12u)); }}"
        ));
    }
}

/// A byte offset: a constant plus terms already formatted as `uint` expressions.
#[derive(Debug, Clone, Default)]
struct Offset {
    constant: u32,
    terms: Vec<String>,
}

impl Offset {
    fn plus(&self, bytes: u32) -> Offset {
        Offset {
            constant: self.constant.wrapping_add(bytes),
            terms: self.terms.clone(),
        }
    }

    fn render(&self) -> String {
        let mut parts: Vec<String> = self.terms.clone();
        if self.constant != 0 || parts.is_empty() {
            parts.insert(0, format!("{}u", self.constant));
        }
        parts.join(" + ")
    }
}

/// Structs and arrays whose copy to or from a byte-address buffer takes more straight-line parts
/// than this (arrays are copied with a loop: one element counts) are copied by a function per
/// buffer and type: a struct holding two members of one struct type, which holds two of
/// another, and so on, has exponentially many parts for its source size, while one function
/// per type keeps the code proportional to the types.
const COPY_INLINE_LIMIT: u64 = 64;

/// How a function body refers to its values.
struct FnCtx<'f> {
    func: &'f Function,
    /// The name or expression of each value that has one (parameters, temporaries, variables).
    names: Vec<Option<Expr>>,
    /// Values emitted at their single use instead of at their statement.
    inline: Vec<bool>,
    /// Local variable names.
    locals: Vec<String>,
    namer: Namer,
    /// For an entry point: the output struct name and the member name of each result.
    outputs: Option<(String, Vec<String>)>,
    /// Uses of each value by emitted code.
    uses: Vec<u32>,
    /// Current block nesting.
    depth: usize,
    /// Where values are defined, for the starting values of `If` result variables.
    defaults: ResultDefaults,
    /// Which values may not be declared `const` (see [`SpecExpressions`]).
    spec_exprs: SpecExpressions,
    /// The source of the last `#line` directive written in the function, whose file name the
    /// next directives keep until the source changes.
    line_source: Option<u32>,
}

/// Helper functions requested while writing bodies, each emitted once.
#[derive(Debug, Default)]
struct Helpers {
    names: BTreeMap<String, String>,
    emitted: BTreeMap<String, ()>,
    text: String,
}

/// Writes one module as HLSL.
pub struct Writer<'a> {
    module: &'a Module,
    options: &'a Options,
    namer: Namer,
    /// Back-end names (`luma_...`) handed out so far.
    internal_names: luma_back::namer::InternalNames,
    struct_names: BTreeMap<Handle<Type>, String>,
    member_names: BTreeMap<Handle<Type>, Vec<String>>,
    global_names: Vec<String>,
    function_names: Vec<String>,
    constant_names: Vec<Option<String>>,
    std140: Layouter<'a>,
    std430: Layouter<'a>,
    reprs: Reprs,
    variant_names: Vec<String>,
    /// Representation of each constant-buffer global (uniform or push constant).
    global_reprs: BTreeMap<Handle<GlobalVariable>, Repr>,
    /// Constant buffers declared as 32-bit words and read at their std140 / std430 byte
    /// offsets, like storage buffers: blocks holding `half`, and push-constant blocks whose
    /// std430 layout constant-buffer packing cannot reproduce (4- and 8-byte array strides,
    /// 2-row matrices).
    word_blocks: BTreeMap<Handle<GlobalVariable>, WordBlock>,
    typedefs: BTreeMap<Handle<Type>, String>,
    typedef_text: String,
    /// Structs wrapping one big array, whose `(S)0` spells the array's zero value.
    zero_wrappers: BTreeMap<Handle<Type>, String>,
    zero_wrapper_text: String,
    /// Whether the code marks an index `NonUniformResourceIndex` (which glslang lacks).
    non_uniform_used: bool,
    helpers: Helpers,
    /// Per type: the parts of its straight-line copy (see [`COPY_INLINE_LIMIT`]).
    copy_parts: luma_back::CopyParts,
    /// Per buffer, type and direction (`true`: store): the function copying the type between
    /// the buffer and a value, for types past [`COPY_INLINE_LIMIT`].
    copy_helpers: BTreeMap<(Handle<GlobalVariable>, Handle<Type>, bool), String>,
    /// Per constant-buffer layout struct (by index into `reprs.variants`): the function reading
    /// it into a value of its IR struct, for structs past [`COPY_INLINE_LIMIT`].
    variant_helpers: BTreeMap<usize, String>,
    num_workgroups_name: Option<String>,
    /// The register range of every bound global ([`crate::registers`]).
    registers: BTreeMap<Handle<GlobalVariable>, Register>,
    /// The globals the written functions use: only these are declared, as every other target
    /// does, so a resource that only entry points left out by `--entry` / `--stage` used (or
    /// that nothing uses) is not in the output. Registers are still assigned over every bound
    /// global, so they do not depend on which entry points are kept.
    used_globals: BTreeSet<Handle<GlobalVariable>>,
    /// The module's call graph (which globals each function uses).
    graph: CallGraph,
}

/// Which values are computed from constants alone, at least one of them a specialization
/// constant. glslang's HLSL front end folds such an initializer of a `const` local into a
/// specialization-constant expression and then rejects the declaration ("non-matching or
/// non-convertible constant type for const initializer"), so these locals are declared without
/// `const` (DXC takes either). Answers are memoised per function: walking each temporary's
/// operands back to their leaves was quadratic on long chains of pure values.
#[derive(Debug, Default)]
struct SpecExpressions {
    /// For each value: `None` until classified, then (constants only, some of them spec).
    class: Vec<Option<(bool, bool)>>,
}

impl SpecExpressions {
    fn new(func: &Function) -> Self {
        SpecExpressions {
            class: vec![None; func.values.len()],
        }
    }

    /// Whether `v` is a specialization-constant expression (see the type's documentation).
    fn is_spec(&mut self, module: &Module, func: &Function, v: Handle<Value>) -> bool {
        // Post-order without recursion: an op is classified once its operands are.
        let mut stack = vec![(v, false)];
        while let Some((x, operands_done)) = stack.pop() {
            if self.class.get(x.index()).copied().flatten().is_some() {
                continue;
            }
            let class = match func.values.get(x).map(|value| &value.def) {
                Some(ValueDef::Constant(c)) => (
                    true,
                    module
                        .constants
                        .get(*c)
                        .is_some_and(|c| c.spec_id.is_some()),
                ),
                Some(ValueDef::Op(op)) if op.is_pure() => {
                    if !operands_done {
                        stack.push((x, true));
                        op.for_each_operand(|o| stack.push((o, false)));
                        continue;
                    }
                    let (mut constant, mut spec) = (true, false);
                    op.for_each_operand(|o| {
                        // An operand still unclassified is a cycle, which valid IR lacks.
                        let (c, s) = self
                            .class
                            .get(o.index())
                            .copied()
                            .flatten()
                            .unwrap_or((false, false));
                        constant &= c;
                        spec |= s;
                    });
                    (constant, spec)
                }
                _ => (false, false),
            };
            if let Some(slot) = self.class.get_mut(x.index()) {
                *slot = Some(class);
            }
        }
        matches!(
            self.class.get(v.index()).copied().flatten(),
            Some((true, true))
        )
    }

    /// `const ` where a local may be declared constant for glslang as well, else nothing.
    fn qualifier(&mut self, module: &Module, func: &Function, v: Handle<Value>) -> &'static str {
        if self.is_spec(module, func, v) {
            ""
        } else {
            "const "
        }
    }
}

fn vector_letter(i: u32) -> &'static str {
    match i {
        0 => "x",
        1 => "y",
        2 => "z",
        _ => "w",
    }
}

fn swizzle(count: u32) -> &'static str {
    match count {
        1 => "x",
        2 => "xy",
        3 => "xyz",
        _ => "xyzw",
    }
}

/// Formats an `f32` so that it reads back as the same value.
fn float_literal(v: f32) -> Expr {
    if !v.is_finite() {
        return Expr::atom(format!("asfloat({:#010x}u)", v.to_bits()));
    }
    let mut s = format!("{v:?}");
    if !s.contains('.') && !s.contains('e') && !s.contains("inf") {
        s.push_str(".0");
    }
    if s.starts_with('-') {
        Expr::new(s, Prec::Unary)
    } else {
        Expr::atom(s)
    }
}

fn int_literal(v: i32) -> Expr {
    if v == i32::MIN {
        Expr::new("(-2147483647 - 1)", Prec::Primary)
    } else if v < 0 {
        Expr::new(v.to_string(), Prec::Unary)
    } else {
        Expr::atom(v.to_string())
    }
}

impl<'a> Writer<'a> {
    /// Prepares names and layouts; fails on constructs HLSL cannot express.
    pub fn new(module: &'a Module, options: &'a Options) -> R<Writer<'a>> {
        if options.shader_model.0 < 6 {
            return Err(Error::unsupported(format!(
                "shader model {}.{} is not supported; the HLSL back end targets 6.0 and later",
                options.shader_model.0, options.shader_model.1
            )));
        }
        if options.shader_model < (6, 2)
            && module.types.iter().any(|(_, t)| {
                matches!(&t.inner,
                    TypeInner::Scalar(s) | TypeInner::Atomic(s)
                    | TypeInner::Vector { scalar: s, .. }
                    | TypeInner::Matrix { scalar: s, .. } if s.kind == ScalarKind::Float && s.width == 2)
            })
        {
            return Err(Error::unsupported(
                "`half` needs HLSL shader model 6.2 or later (compiled with `-enable-16bit-types`)",
            ));
        }
        // `luma_` names belong to the back end (helpers, typedefs, generated buffers): a user
        // name starting with it is renamed (`u_luma_...`), so the two can never meet.
        // `LUMA_SPEC_<id>` names the output's specialization-constant macros.
        let mut namer = Namer::new(RESERVED, &["__", "luma_", "LUMA_"]);
        let mut internal_names = luma_back::namer::InternalNames::default();
        let mut struct_names = BTreeMap::new();
        let mut member_names = BTreeMap::new();
        for (handle, ty) in module.types.iter() {
            if let TypeInner::Struct { members } = &ty.inner {
                let base = ty.name.clone().unwrap_or_else(|| "Struct".to_string());
                struct_names.insert(handle, namer.call(&base));
                let mut member_namer = namer.sibling(&["__"]);
                let names = members
                    .iter()
                    .map(|m| member_namer.call(&m.name))
                    .collect::<Vec<_>>();
                member_names.insert(handle, names);
            }
        }
        let mut constant_names = Vec::with_capacity(module.constants.len());
        for (_, c) in module.constants.iter() {
            let needs_decl = c.name.is_some()
                || c.spec_id.is_some()
                || matches!(
                    module.types.get(c.ty).map(|t| &t.inner),
                    Some(TypeInner::Array { .. } | TypeInner::Struct { .. })
                );
            constant_names.push(if needs_decl {
                Some(match c.name.as_deref() {
                    Some(name) => namer.call(name),
                    None => internal_names.fresh("luma_const"),
                })
            } else {
                None
            });
        }
        let global_names = module
            .globals
            .iter()
            .map(|(_, g)| namer.call(&g.name))
            .collect();
        let function_names = module
            .functions
            .iter()
            .map(|(_, f)| namer.call(&f.name))
            .collect();
        let graph = CallGraph::new(module);
        let mut writer = Writer {
            module,
            options,
            namer,
            internal_names,
            struct_names,
            member_names,
            global_names,
            function_names,
            constant_names,
            std140: Layouter::new(&module.types, LayoutRule::Std140),
            std430: Layouter::new(&module.types, LayoutRule::Std430),
            reprs: Reprs::default(),
            variant_names: Vec::new(),
            global_reprs: BTreeMap::new(),
            word_blocks: BTreeMap::new(),
            typedefs: BTreeMap::new(),
            typedef_text: String::new(),
            zero_wrappers: BTreeMap::new(),
            zero_wrapper_text: String::new(),
            non_uniform_used: false,
            helpers: Helpers::default(),
            copy_parts: luma_back::CopyParts::default(),
            copy_helpers: BTreeMap::new(),
            variant_helpers: BTreeMap::new(),
            num_workgroups_name: None,
            registers: crate::registers::assign_registers(module)?,
            used_globals: module
                .functions
                .handles()
                .flat_map(|f| graph.direct_globals(f).to_vec())
                .collect(),
            graph,
        };
        for (handle, global) in module.globals.iter() {
            let std140 = match global.space {
                AddressSpace::Uniform => true,
                AddressSpace::PushConstant => false,
                _ => continue,
            };
            let layouter = if std140 {
                &mut writer.std140
            } else {
                &mut writer.std430
            };
            // Every block is a `cbuffer`, which Direct3D 12 caps at 4096 16-byte rows; DXC's
            // validator rejects a larger one. Only blocks the compiled entry points use count.
            let block_size = layouter
                .size(global.ty)
                .map_err(|e| Error::invalid(format!("no host layout: {e}")))?
                .unwrap_or(0);
            if u64::from(block_size) > CBUFFER_LIMIT && writer.used_globals.contains(&handle) {
                return Err(Error::new(
                    codes::UNSUPPORTED,
                    format!(
                        "`{}` takes {block_size} bytes, but a Direct3D 12 constant buffer holds \
                         at most {CBUFFER_LIMIT} (4096 rows of 16 bytes), and DXC rejects a \
                         larger one; keep large read-only data in a storage buffer \
                         (`@access(read) buffer`)",
                        global.name
                    ),
                )
                .about_global(&global.name));
            }
            // A block is read as 32-bit words at its std140 / std430 offsets (see `WordBlock`)
            // when it holds `half`, for which constant-buffer packing has no form every
            // consumer agrees on (each half is then read from its 16 bits, as in storage
            // buffers), and when it is a push-constant block whose layout `Reprs` cannot
            // reproduce. Every std140 layout is reproducible.
            let as_words = if luma_ir::proc::contains_f16(&module.types, global.ty) {
                true
            } else {
                match writer.reprs.repr(module, layouter, global.ty, 0) {
                    Ok(repr) => {
                        writer.global_reprs.insert(handle, repr);
                        false
                    }
                    Err(e) if e.code == codes::UNREPRESENTABLE_LAYOUT && !std140 => true,
                    Err(e) if e.code == codes::UNREPRESENTABLE_LAYOUT => {
                        return Err(
                            Error::new(e.code, format!("`{}`: {}", global.name, e.message))
                                .about_global(&global.name),
                        )
                    }
                    Err(e) => return Err(e),
                }
            };
            if as_words {
                let raw = WordBlock::new(&mut writer.namer, &global.name, block_size, std140);
                writer.word_blocks.insert(handle, raw);
            }
        }
        // Named before any function body refers to it.
        writer.num_workgroups_name = Some(writer.internal_names.fresh("luma_num_workgroups"));
        for variant in &writer.reprs.variants {
            let base = writer
                .struct_names
                .get(&variant.ty)
                .cloned()
                .unwrap_or_else(|| "Struct".to_string());
            let suffix = match variant.rule {
                LayoutRule::Std140 => "std140",
                LayoutRule::Std430 => "std430",
            };
            writer
                .variant_names
                .push(writer.namer.call(&format!("{base}_{suffix}")));
        }
        Ok(writer)
    }

    /// Writes the whole source.
    pub fn write(mut self) -> R<HlslOutput> {
        let module = self.module;
        crate::groupshared::check(module, &self.graph)?;
        let mut entry_points = Vec::new();
        for ep in &module.entry_points {
            let prefix = match ep.stage {
                ShaderStage::Vertex => "vs",
                ShaderStage::Fragment => "ps",
                ShaderStage::Compute => "cs",
                other => {
                    return Err(Error::unsupported(format!(
                        "the HLSL back end does not support {} entry points (`{}`)",
                        other.as_str(),
                        ep.name
                    )))
                }
            };
            let name = self
                .function_names
                .get(ep.function.index())
                .cloned()
                .ok_or_else(|| Error::invalid("entry point names a missing function"))?;
            entry_points.push(EntryPointInfo {
                name,
                stage: ep.stage,
                profile: format!(
                    "{prefix}_{}_{}",
                    self.options.shader_model.0, self.options.shader_model.1
                ),
            });
        }

        let mut body = CodeWriter::new();
        let entries = luma_ir::proc::entry_point_by_function(module);
        for (handle, function) in module.functions.iter() {
            let entry = entries.get(handle.index()).copied().flatten();
            let start = body.as_str().len();
            self.write_function(&mut body, handle, function, entry)?;
            let depth = body
                .as_str()
                .get(start..)
                .map_or(0, luma_back::bracket_depth);
            if depth > luma_back::CLANG_BRACKET_DEPTH {
                return Err(Error::new(
                    codes::NESTING_TOO_DEEP,
                    format!(
                        "`{}` nests blocks and parentheses {depth} deep, and DXC \
                         accepts {}: move inner levels into functions",
                        function.name,
                        luma_back::CLANG_BRACKET_DEPTH
                    ),
                ));
            }
        }

        let mut head = CodeWriter::new();
        head.line_fmt(format_args!(
            "// HLSL Shader Model {}.{} generated by Luma.",
            self.options.shader_model.0, self.options.shader_model.1
        ));
        head.line("");
        if self.non_uniform_used {
            // DXC defines `__HLSL_VERSION`; glslang's HLSL front end neither defines it nor
            // knows `NonUniformResourceIndex` (KhronosGroup/glslang#1637), so there the marker
            // is dropped and the access is as undefined as it was unmarked.
            head.line("#if !defined(__HLSL_VERSION)");
            head.line("#define NonUniformResourceIndex(i) (i)");
            head.line("#endif");
            head.line("");
        }
        self.write_structs(&mut head)?;
        // Constants and globals may zero a big array through a wrapper struct, which must be
        // declared after the structs and before them.
        let mut declarations = CodeWriter::new();
        self.write_constants(&mut declarations)?;
        self.write_globals(&mut declarations)?;
        let mut source = head.finish();
        source.push_str(&self.zero_wrapper_text);
        source.push_str(&declarations.finish());
        source.push_str(&self.typedef_text);
        if !self.typedef_text.is_empty() {
            source.push('\n');
        }
        source.push_str(&self.helpers.text);
        source.push_str(&body.finish());
        Ok(HlslOutput {
            source,
            entry_points,
        })
    }

    // -----------------------------------------------------------------------------------------
    // Types

    fn ty(&self, ty: Handle<Type>) -> R<&'a TypeInner> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid("bad type handle"))
    }

    fn scalar_name(&self, scalar: Scalar) -> R<&'static str> {
        Ok(match (scalar.kind, scalar.width) {
            (ScalarKind::Bool, _) => "bool",
            (ScalarKind::Sint, 4) => "int",
            (ScalarKind::Uint, 4) => "uint",
            (ScalarKind::Float, 4) => "float",
            (ScalarKind::Float, 2) => {
                if self.options.shader_model >= (6, 2) {
                    "float16_t"
                } else {
                    return Err(Error::unsupported(
                        "`half` needs shader model 6.2 or later (with `-enable-16bit-types`)",
                    ));
                }
            }
            _ => return Err(Error::invalid("unsupported scalar width")),
        })
    }

    /// The HLSL name of a type that is not an array.
    fn type_name(&mut self, ty: Handle<Type>) -> R<String> {
        Ok(match self.ty(ty)? {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => self.scalar_name(*s)?.to_string(),
            TypeInner::Vector { size, scalar } => {
                format!("{}{}", self.scalar_name(*scalar)?, size.count())
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => format!(
                "{}{}x{}",
                self.scalar_name(*scalar)?,
                columns.count(),
                rows.count()
            ),
            TypeInner::Struct { .. } => self
                .struct_names
                .get(&ty)
                .cloned()
                .ok_or_else(|| Error::invalid("unnamed struct"))?,
            TypeInner::Array { .. } => return self.array_typedef(ty),
            TypeInner::Image {
                dim,
                arrayed,
                class: ImageClass::Storage { format, .. },
            } => {
                let texel = format!(
                    "{}4",
                    self.scalar_name(Scalar {
                        kind: format.kind(),
                        width: 4
                    })?
                );
                let base = match dim {
                    ImageDimension::D3 => "RWTexture3D",
                    _ if *arrayed => "RWTexture2DArray",
                    _ => "RWTexture2D",
                };
                format!("{base}<{texel}>")
            }
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => {
                let (ms, texel) = match class {
                    ImageClass::Sampled { kind, multisampled } => (
                        *multisampled,
                        format!(
                            "{}4",
                            self.scalar_name(Scalar {
                                kind: *kind,
                                width: 4
                            })?
                        ),
                    ),
                    ImageClass::Depth { multisampled } => (*multisampled, "float".to_string()),
                    ImageClass::Storage { .. } => {
                        return Err(Error::invalid("a storage image named as a texture"))
                    }
                };
                let base = match (dim, ms) {
                    (ImageDimension::D2, false) => "Texture2D",
                    (ImageDimension::D2, true) => "Texture2DMS",
                    (ImageDimension::D3, _) => "Texture3D",
                    (ImageDimension::Cube, _) => "TextureCube",
                };
                format!("{base}{}<{texel}>", if *arrayed { "Array" } else { "" })
            }
            TypeInner::Sampler { comparison } => if *comparison {
                "SamplerComparisonState"
            } else {
                "SamplerState"
            }
            .to_string(),
            TypeInner::Pointer { .. } => return Err(Error::invalid("pointer type in HLSL")),
        })
    }

    /// A typedef for an array type (HLSL functions cannot spell an array return type).
    fn array_typedef(&mut self, ty: Handle<Type>) -> R<String> {
        if let Some(name) = self.typedefs.get(&ty) {
            return Ok(name.clone());
        }
        let (base, dims) = self.array_dims(ty)?;
        let base_name = self.type_name(base)?;
        let name = self.internal_names.fresh(&format!(
            "luma_array_{}{}",
            base_name,
            dims.iter().map(|d| format!("_{d}")).collect::<String>()
        ));
        let dims_text: String = dims.iter().map(|d| format!("[{d}]")).collect();
        self.typedef_text
            .push_str(&format!("typedef {base_name} {name}{dims_text};\n"));
        self.typedefs.insert(ty, name.clone());
        Ok(name)
    }

    /// The innermost element type and the dimensions of a (nested) fixed array, outermost first.
    fn array_dims(&self, mut ty: Handle<Type>) -> R<(Handle<Type>, Vec<u32>)> {
        let mut dims = Vec::new();
        while let TypeInner::Array { base, size } = self.ty(ty)? {
            match size {
                ArraySize::Constant(n) => dims.push(*n),
                ArraySize::Runtime => {
                    return Err(Error::invalid(
                        "runtime-sized array outside a storage buffer",
                    ))
                }
            }
            ty = *base;
            if dims.len() > MAX_NESTING {
                return Err(Error::invalid("arrays nest too deeply"));
            }
        }
        Ok((ty, dims))
    }

    /// A declaration `T name` (arrays as declarators: `float name[3]`), with `row_major` on
    /// matrices when `memory` is set.
    fn decl(&mut self, ty: Handle<Type>, name: &str, memory: bool) -> R<String> {
        let (base, dims) = if matches!(self.ty(ty)?, TypeInner::Array { .. }) {
            self.array_dims(ty)?
        } else {
            (ty, Vec::new())
        };
        let base_name = self.type_name(base)?;
        let major = if memory && matches!(self.ty(base)?, TypeInner::Matrix { .. }) {
            "row_major "
        } else {
            ""
        };
        let dims: String = dims.iter().map(|d| format!("[{d}]")).collect();
        Ok(format!("{major}{base_name} {name}{dims}"))
    }

    /// A declaration of `ty` stored as `repr` in a constant buffer.
    fn decl_repr(&mut self, ty: Handle<Type>, repr: &Repr, name: &str) -> R<String> {
        match repr {
            Repr::Plain => self.decl(ty, name, true),
            Repr::Struct(i) => Ok(format!(
                "{} {name}",
                self.variant_names
                    .get(*i)
                    .ok_or_else(|| Error::invalid("missing layout struct"))?
            )),
            Repr::Vec4 { .. } => {
                let scalar = match self.ty(ty)? {
                    TypeInner::Scalar(s) | TypeInner::Atomic(s) => *s,
                    TypeInner::Vector { scalar, .. } => *scalar,
                    _ => return Err(Error::invalid("vec4 representation of a non-vector")),
                };
                Ok(format!("{}4 {name}", self.scalar_name(scalar)?))
            }
            Repr::Mat4 { columns, .. } => Ok(format!("row_major float{columns}x4 {name}")),
            Repr::Array(inner) => match self.ty(ty)? {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => {
                    let inner_decl = self.decl_repr(*base, inner, name)?;
                    // The element declarator already ends in the name or its dimensions; the
                    // outer dimension goes right after the name.
                    Ok(insert_dim(&inner_decl, name, *n))
                }
                _ => Err(Error::invalid("array representation of a non-array")),
            },
        }
    }

    fn write_structs(&mut self, out: &mut CodeWriter) -> R<()> {
        let module = self.module;
        for (handle, ty) in module.types.iter() {
            let TypeInner::Struct { members } = &ty.inner else {
                continue;
            };
            // Structs ending in a runtime array exist only as storage-buffer layouts, which
            // are reached through byte offsets.
            if members.iter().any(|m| {
                matches!(
                    module.types.get(m.ty).map(|t| &t.inner),
                    Some(TypeInner::Array {
                        size: ArraySize::Runtime,
                        ..
                    })
                )
            }) {
                continue;
            }
            let name = self.struct_names.get(&handle).cloned().unwrap_or_default();
            let names = self.member_names.get(&handle).cloned().unwrap_or_default();
            out.open(format!("struct {name} {{"));
            for (member, mname) in members.iter().zip(names.iter()) {
                let d = self.decl(member.ty, mname, true)?;
                out.line_fmt(format_args!("{d};"));
            }
            out.close("};");
            out.line("");
        }
        let variants = self.reprs.variants.clone();
        for (i, variant) in variants.iter().enumerate() {
            let name = self.variant_names.get(i).cloned().unwrap_or_default();
            let TypeInner::Struct { members } = self.ty(variant.ty)? else {
                return Err(Error::invalid("layout struct of a non-struct"));
            };
            let names = self
                .member_names
                .get(&variant.ty)
                .cloned()
                .unwrap_or_default();
            out.line_fmt(format_args!(
                "// `{}` laid out by {} rules (padding makes every packing rule agree).",
                self.struct_names
                    .get(&variant.ty)
                    .cloned()
                    .unwrap_or_default(),
                match variant.rule {
                    LayoutRule::Std140 => "std140",
                    LayoutRule::Std430 => "std430",
                }
            ));
            out.open(format!("struct {name} {{"));
            let mut pad = 0u32;
            for field in &variant.fields {
                match field {
                    Field::Member { index, repr } => {
                        let member = members
                            .get(*index)
                            .ok_or_else(|| Error::invalid("bad member index"))?;
                        let mname = names.get(*index).cloned().unwrap_or_default();
                        let d = self.decl_repr(member.ty, repr, &mname)?;
                        out.line_fmt(format_args!("{d};"));
                    }
                    Field::Pad { count } => {
                        let list: Vec<String> = (0..*count)
                            .map(|_| luma_back::namer::padding_name(&names, &mut pad))
                            .collect();
                        out.line_fmt(format_args!("uint {};", list.join(", ")));
                    }
                }
            }
            out.close("};");
            out.line("");
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    fn literal(&self, lit: Literal) -> R<Expr> {
        Ok(match lit {
            Literal::Bool(b) => Expr::atom(if b { "true" } else { "false" }),
            Literal::I32(v) => int_literal(v),
            Literal::U32(v) => Expr::atom(format!("{v}u")),
            Literal::F32(v) => float_literal(v),
            Literal::F16(bits) => {
                let name = self.scalar_name(Scalar::F16)?;
                Expr::atom(format!("{name}(f16tof32({bits}u))"))
            }
        })
    }

    fn zero_scalar(&self, scalar: Scalar) -> R<Expr> {
        self.literal(match scalar.kind {
            ScalarKind::Bool => Literal::Bool(false),
            ScalarKind::Sint => Literal::I32(0),
            ScalarKind::Uint => Literal::U32(0),
            // A half zero inside an initializer list must be a half already (see `zero_of`).
            ScalarKind::Float if scalar == Scalar::F16 => Literal::F16(0),
            ScalarKind::Float => Literal::F32(0.0),
        })
    }

    /// A constant as an expression (declared constants by name).
    fn constant_expr(&mut self, c: Handle<Constant>) -> R<Expr> {
        if let Some(Some(name)) = self.constant_names.get(c.index()) {
            return Ok(Expr::atom(name.clone()));
        }
        self.constant_value(c)
    }

    /// A constant's value, spelled out (the initializer of a declared constant).
    fn constant_value(&mut self, c: Handle<Constant>) -> R<Expr> {
        let constant = self
            .module
            .constants
            .get(c)
            .ok_or_else(|| Error::invalid("bad constant handle"))?;
        let inner = self.ty(constant.ty)?;
        match &constant.value {
            ConstantValue::Scalar(lit) => self.literal(*lit),
            ConstantValue::Zero => self.zero_of(constant.ty),
            ConstantValue::Composite(parts) => {
                let mut texts = Vec::new();
                for p in parts {
                    texts.push(self.constant_expr(*p)?.text);
                }
                match inner {
                    TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
                        let name = self.type_name(constant.ty)?;
                        Ok(Expr::atom(format!("{name}({})", texts.join(", "))))
                    }
                    _ => Ok(Expr::atom(format!("{{ {} }}", texts.join(", ")))),
                }
            }
        }
    }

    /// The zero value of a type: `(T)0`, or an initializer list for arrays.
    ///
    /// Where `T` holds `half` values the cast is spelled for glslang's HLSL front end, which
    /// converts no integer to `float16_t` in a cast (`(float16_t3)0` and `(S)0` of a struct
    /// with a `half` member do not compile; DXC takes both) and no scalar at all to a `half`
    /// member of a struct: half vectors and matrices are `(T)0.0`, a half scalar is a half
    /// literal, and a struct holding a half is the initializer list of its members' zeros,
    /// as struct constants are.
    fn zero_of(&mut self, ty: Handle<Type>) -> R<Expr> {
        match self.ty(ty)? {
            TypeInner::Scalar(s) => self.zero_scalar(*s),
            TypeInner::Array { base, size } => {
                let n = match size {
                    ArraySize::Constant(n) => *n,
                    ArraySize::Runtime => return Err(Error::invalid("zero runtime array")),
                };
                if self.scalar_count(ty)? > MAX_ZERO_LIST_ELEMENTS {
                    return self.zero_through_wrapper(ty);
                }
                let elem = self.zero_of(*base)?.text;
                let list = vec![elem; n as usize];
                Ok(Expr::atom(format!("{{ {} }}", list.join(", "))))
            }
            TypeInner::Struct { members } if self.holds_half(ty) => {
                let members: Vec<Handle<Type>> = members.iter().map(|m| m.ty).collect();
                let mut texts = Vec::with_capacity(members.len());
                for m in members {
                    texts.push(self.zero_of(m)?.text);
                }
                Ok(Expr::atom(format!("{{ {} }}", texts.join(", "))))
            }
            _ => {
                let name = self.type_name(ty)?;
                let zero = if self.holds_half(ty) { "0.0" } else { "0" };
                Ok(Expr::new(format!("({name}){zero}"), Prec::Unary))
            }
        }
    }

    /// Whether `ty` is or contains a `half` scalar, vector or matrix.
    fn holds_half(&self, ty: Handle<Type>) -> bool {
        luma_ir::proc::contains_f16(&self.module.types, ty)
    }

    /// How many leaf elements an array of arrays has (1 for anything else).
    fn scalar_count(&self, ty: Handle<Type>) -> R<u64> {
        let mut count = 1u64;
        let mut current = ty;
        for _ in 0..=self.module.types.len() {
            match self.ty(current)? {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => {
                    count = count.saturating_mul(u64::from(*n));
                    current = *base;
                }
                _ => break,
            }
        }
        Ok(count)
    }

    /// The zero value of a big array as `((W)0).v`, `W` a struct holding just the array: an
    /// initializer list would spell every element (2^24 of them: 167 MB of HLSL), and HLSL
    /// has no cast to an array type that glslang accepts.
    fn zero_through_wrapper(&mut self, ty: Handle<Type>) -> R<Expr> {
        let name = match self.zero_wrappers.get(&ty) {
            Some(name) => name.clone(),
            None => {
                let name = self.internal_names.fresh("luma_zero");
                let member = self.decl(ty, "v", false)?;
                self.zero_wrapper_text
                    .push_str(&format!("struct {name} {{\n    {member};\n}};\n\n"));
                self.zero_wrappers.insert(ty, name.clone());
                name
            }
        };
        // glslang casts `0.0h` to a wrapper of half scalars and `0.0` to one of half vectors or
        // matrices (see `zero_of`); a big array of structs holding half has no cast it takes.
        let mut leaf = ty;
        while let TypeInner::Array { base, .. } = self.ty(leaf)? {
            leaf = *base;
        }
        let zero = match self.ty(leaf)? {
            TypeInner::Scalar(s) if *s == Scalar::F16 => "0.0h",
            _ if self.holds_half(leaf) => "0.0",
            _ => "0",
        };
        Ok(Expr::atom(format!("(({name}){zero}).v")))
    }

    fn write_constants(&mut self, out: &mut CodeWriter) -> R<()> {
        let module = self.module;
        let mut any = false;
        for (handle, c) in module.constants.iter() {
            let Some(Some(name)) = self.constant_names.get(handle.index()).cloned() else {
                continue;
            };
            let value = match (c.spec_id, &c.value) {
                // A specialization constant's default is written as a literal: glslang crashes
                // on `float16_t(f16tof32(...))` there (DXC was not available to try). The
                // exact decimal with the `h` suffix is the same half on any rounding.
                (Some(_), ConstantValue::Scalar(Literal::F16(bits))) => half_literal(*bits),
                (Some(_), ConstantValue::Zero) if matches!(self.ty(c.ty)?, TypeInner::Scalar(s) if *s == Scalar::F16) => {
                    half_literal(0)
                }
                _ => self.constant_value(handle)?.text,
            };
            if let Some(id) = c.spec_id {
                let ty = self.type_name(c.ty)?;
                let mac = format!("LUMA_SPEC_{id}");
                out.line_fmt(format_args!("#ifndef {mac}"));
                out.line_fmt(format_args!("#define {mac} {value}"));
                out.line("#endif");
                let sizes_workgroup = module
                    .entry_points
                    .iter()
                    .any(|e| e.workgroup_size_spec.contains(&Some(handle)));
                if sizes_workgroup {
                    // `numthreads` takes no specialization constant (glslang crashes on one,
                    // and Direct3D has none): the size is the macro, and the constant is the
                    // macro too, so the body never sees another value than the size. A build
                    // specializes both by defining the macro.
                    out.line_fmt(format_args!(
                        "static const {ty} {name} = {mac}; // sizes a workgroup: not a pipeline constant"
                    ));
                } else {
                    out.line("#if defined(__spirv__) || !defined(__HLSL_VERSION)");
                    out.line_fmt(format_args!(
                        "[[vk::constant_id({id})]] const {ty} {name} = {mac};"
                    ));
                    out.line("#else");
                    out.line_fmt(format_args!("static const {ty} {name} = {mac};"));
                    out.line("#endif");
                }
            } else {
                let d = self.decl(c.ty, &name, false)?;
                out.line_fmt(format_args!("static const {d} = {value};"));
            }
            any = true;
        }
        if any {
            out.line("");
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Globals

    fn write_globals(&mut self, out: &mut CodeWriter) -> R<()> {
        let module = self.module;
        for (handle, global) in module.globals.iter() {
            if !self.used_globals.contains(&handle) {
                continue;
            }
            let name = self
                .global_names
                .get(handle.index())
                .cloned()
                .unwrap_or_default();
            let vk = global
                .binding
                .map(|b| format!("[[vk::binding({}, {})]] ", b.binding, b.group));
            let register = self
                .registers
                .get(&handle)
                .map(|r| format!(" : register({}, space{})", r.name(), r.space))
                .unwrap_or_default();
            match global.space {
                AddressSpace::Uniform | AddressSpace::PushConstant => {
                    let block = self.namer.call(&format!("{}_block", global.name));
                    let opening = if global.space == AddressSpace::PushConstant {
                        let reg = self
                            .options
                            .push_constant_register
                            .map(|b| format!(" : register(b{}, space{})", b.binding, b.group))
                            .unwrap_or_default();
                        format!("[[vk::push_constant]] cbuffer {block}{reg} {{")
                    } else {
                        format!(
                            "{}cbuffer {block}{} {{",
                            vk.unwrap_or_default(),
                            register.clone()
                        )
                    };
                    if let Some(raw) = self.word_blocks.get(&handle) {
                        raw.write(out, &opening, &global.name);
                        continue;
                    }
                    let repr = self
                        .global_reprs
                        .get(&handle)
                        .cloned()
                        .unwrap_or(Repr::Plain);
                    let member = self.decl_repr(global.ty, &repr, &name)?;
                    out.line(&opening);
                    out.indent();
                    out.line_fmt(format_args!("{member};"));
                    out.close("};");
                }
                AddressSpace::Storage { access } => {
                    let kind = match access {
                        StorageAccess::Read => "ByteAddressBuffer",
                        StorageAccess::ReadWrite => "RWByteAddressBuffer",
                    };
                    out.line_fmt(format_args!(
                        "{}{kind} {name}{register};",
                        vk.unwrap_or_default(),
                    ));
                }
                AddressSpace::Handle => {
                    let (base, _) = if matches!(self.ty(global.ty)?, TypeInner::Array { .. }) {
                        self.array_dims(global.ty)?
                    } else {
                        (global.ty, Vec::new())
                    };
                    if let TypeInner::Image {
                        class: ImageClass::Storage { format, .. },
                        ..
                    } = self.ty(base)?
                    {
                        // The texel format for Vulkan: DXC reads `vk::image_format`, glslang
                        // `spv::format_*` (each warns about the other's attribute, hence
                        // the `#if`: glslang does not define `__HLSL_VERSION`). Without it
                        // both would guess a 32-bit format from the element type.
                        let name = format.as_str().replace('_', "");
                        out.line("#if defined(__HLSL_VERSION)");
                        out.line_fmt(format_args!("[[vk::image_format(\"{name}\")]]"));
                        out.line("#else");
                        out.line_fmt(format_args!("[[spv::format_{name}]]"));
                        out.line("#endif");
                    }
                    let d = self.decl(global.ty, &name, false)?;
                    out.line_fmt(format_args!("{}{d}{register};", vk.unwrap_or_default()));
                }
                AddressSpace::Workgroup => {
                    let d = self.decl(global.ty, &name, false)?;
                    out.line_fmt(format_args!("groupshared {d};"));
                }
                AddressSpace::Private => {
                    let d = self.decl(global.ty, &name, false)?;
                    let init = match global.init {
                        Some(c) => self.constant_expr(c)?.text,
                        None => self.zero_of(global.ty)?.text,
                    };
                    out.line_fmt(format_args!("static {d} = {init};"));
                }
                AddressSpace::Function | AddressSpace::Input | AddressSpace::Output => {
                    return Err(Error::invalid(format!(
                        "global `{}` in an address space HLSL globals cannot have",
                        global.name
                    )))
                }
            }
        }
        let uses_num_workgroups = module.entry_points.iter().any(|ep| {
            module.functions.get(ep.function).is_some_and(|f| {
                f.params
                    .iter()
                    .any(|p| p.binding == Some(IoBinding::BuiltIn(BuiltIn::NumWorkgroups)))
            })
        });
        if uses_num_workgroups {
            let Some(b) = self.options.num_workgroups else {
                return Err(Error::new(
                    codes::NUM_WORKGROUPS,
                    "`num_workgroups` has no HLSL semantic; set the HLSL option `num_workgroups` \
                     to a constant buffer (group, binding) that the application fills with the \
                     dispatch size",
                ));
            };
            self.check_num_workgroups_is_free(module, b)?;
            let name = self.num_workgroups_name.clone().unwrap_or_default();
            let block = self.internal_names.fresh("luma_num_workgroups_block");
            out.line_fmt(format_args!(
                "[[vk::binding({}, {})]] cbuffer {block} : register(b{}, space{}) {{",
                b.binding, b.group, b.binding, b.group
            ));
            out.indent();
            out.line_fmt(format_args!("uint3 {name};"));
            out.close("};");
        }
        out.line("");
        Ok(())
    }

    /// The `num_workgroups` constant buffer is declared at the option's (group, binding) as both
    /// its Vulkan binding and its `b` register: a resource on that binding (a uniform buffer's
    /// `b` register is its binding) or the push-constant block placed on that register would
    /// share it with the dispatch size (DXC rejects overlapping registers; on Vulkan the two
    /// would read one descriptor).
    fn check_num_workgroups_is_free(&self, module: &Module, at: ResourceBinding) -> R<()> {
        let clash = |what: &str| {
            Error::new(
                codes::NUM_WORKGROUPS,
                format!(
                    "the `num_workgroups` constant buffer at group {}, binding {} \
                     (register b{}, space{}) would share it with {what}; give the HLSL option \
                     `num_workgroups` a binding no resource of the source uses",
                    at.group, at.binding, at.binding, at.group
                ),
            )
        };
        let push_constants_used = module
            .globals
            .iter()
            .any(|(h, g)| g.space == AddressSpace::PushConstant && self.used_globals.contains(&h));
        let push_constant_register = self
            .options
            .push_constant_register
            .filter(|_| push_constants_used);
        match crate::registers::num_workgroups_clash(module, at, push_constant_register) {
            Some(what) => Err(clash(&what)),
            None => Ok(()),
        }
    }
}

/// Inserts an outer array dimension right after `name` in a declarator.
fn insert_dim(decl: &str, name: &str, n: u32) -> String {
    match decl.rfind(name) {
        Some(at) => {
            let (head, tail) = decl.split_at(at + name.len());
            format!("{head}[{n}]{tail}")
        }
        None => format!("{decl}[{n}]"),
    }
}

// ---------------------------------------------------------------------------------------------
// Function analysis: which values are inlined at their use.

/// Per-value facts of one function body.
struct Analysis {
    /// Uses of each value by code that is emitted.
    uses: Vec<u32>,
    /// The block placing each `Op` value.
    def_block: Vec<Option<Handle<Block>>>,
    /// The block of the (last seen) use of each value.
    use_block: Vec<Option<Handle<Block>>>,
    /// Whether each value's code is emitted at all.
    needed: Vec<bool>,
}

/// Whether the HLSL of `op` spells an operand more than once (so an inlined operand would be
/// evaluated twice): two-source shuffles and coarse or fine `fwidth`.
fn repeats_operands(op: &Op) -> bool {
    match op {
        Op::Shuffle { a, b, .. } => a != b,
        Op::Derivative {
            axis: DerivativeAxis::Width,
            control,
            ..
        } => *control != DerivativeControl::None,
        _ => false,
    }
}

fn op_has_effect(op: &Op) -> bool {
    matches!(op, Op::Call { .. } | Op::Atomic { .. })
}

/// Whether `v` is written nowhere but into its use (or not at all), without an effect.
fn unwritten(ctx: &FnCtx<'_>, v: Handle<Value>) -> bool {
    ctx.inline.get(v.index()).copied().unwrap_or(false)
        && matches!(
            ctx.func.values.get(v).map(|x| &x.def),
            Some(ValueDef::Op(op)) if !op_has_effect(op)
        )
}

fn analyze(func: &Function) -> R<Analysis> {
    let n = func.values.len();
    let mut a = Analysis {
        uses: vec![0; n],
        def_block: vec![None; n],
        use_block: vec![None; n],
        needed: vec![false; n],
    };
    let mut work: Vec<Handle<Value>> = Vec::new();
    // Blocks nest without bound (each arm of an `elseif` chain whose condition needs
    // statements is one level deeper); this walk keeps its own stack.
    let mut pending = vec![func.body];
    while let Some(block) = pending.pop() {
        let b = func
            .blocks
            .get(block)
            .ok_or_else(|| Error::invalid("bad block handle"))?;
        for stmt in &b.stmts {
            if let StmtKind::Value(v) = stmt.kind {
                if let Some(slot) = a.def_block.get_mut(v.index()) {
                    *slot = Some(block);
                }
                // Calls and atomics run whether or not their result is used.
                if let Some(Value {
                    def: ValueDef::Op(op),
                    ..
                }) = func.values.get(v)
                {
                    if op_has_effect(op) {
                        if let Some(x) = a.needed.get_mut(v.index()) {
                            *x = true;
                        }
                        work.push(v);
                    }
                }
            }
            stmt.kind.for_each_operand(|v| {
                if let Some(u) = a.uses.get_mut(v.index()) {
                    *u += 1;
                }
                if let Some(ub) = a.use_block.get_mut(v.index()) {
                    *ub = Some(block);
                }
                if let Some(x) = a.needed.get_mut(v.index()) {
                    if !*x {
                        *x = true;
                        work.push(v);
                    }
                }
            });
            stmt.kind.for_each_block(|inner| pending.push(inner));
        }
    }
    // Uses by needed values only: a value nothing needs is never emitted, so its operands
    // must not count it.
    while let Some(v) = work.pop() {
        let Some(Value {
            def: ValueDef::Op(op),
            ..
        }) = func.values.get(v)
        else {
            continue;
        };
        let block = a.def_block.get(v.index()).copied().flatten();
        let mut operands = Vec::new();
        op.for_each_operand(|o| operands.push(o));
        let weight = if repeats_operands(op) { 2 } else { 1 };
        for o in operands {
            if let Some(u) = a.uses.get_mut(o.index()) {
                *u += weight;
            }
            if let Some(ub) = a.use_block.get_mut(o.index()) {
                *ub = block;
            }
            if let Some(x) = a.needed.get_mut(o.index()) {
                if !*x {
                    *x = true;
                    work.push(o);
                }
            }
        }
    }
    Ok(a)
}

// ---------------------------------------------------------------------------------------------
// Functions

/// The innermost enclosing constructs a terminator refers to.
#[derive(Debug, Clone)]
enum Frame {
    If {
        results: Vec<Handle<Value>>,
        /// The value each result's variable starts with ([`luma_back::defaults`]); the arms
        /// assign only other values.
        defaults: Vec<Option<Handle<Value>>>,
    },
    Loop {
        carried: Vec<Handle<Value>>,
        results: Vec<Handle<Value>>,
    },
}

/// Where an interface member goes in a vertex output or fragment input struct: `SV_Position`,
/// then locations in ascending order, then the fragment-only system values. Direct3D 12 links
/// stages by signature register, which DXC assigns in declaration order ("prefix-stable"
/// packing): a fragment input signature must be a prefix of the vertex output signature. In
/// this one order, and with every fragment input struct holding `SV_Position`, a fragment shader
/// that reads the vertex shader's first locations links, whichever it declared first.
fn signature_key(binding: IoBinding) -> (u8, u32) {
    match binding {
        IoBinding::BuiltIn(BuiltIn::Position) => (0, 0),
        IoBinding::Location { location, .. } => (1, location),
        IoBinding::BuiltIn(b) => (2, b as u32),
    }
}

/// The condition under which the output is DXIL for Shader Model 6.8 or later, where
/// `SV_StartVertexLocation` and `SV_StartInstanceLocation` exist. DXC defines the
/// `__SHADER_TARGET_*` macros from `-T`, so the check follows the profile the HLSL is compiled
/// for rather than the shader model Luma was asked for. SPIR-V compilers are excluded: their
/// `SV_VertexID` / `SV_InstanceID` already include the base (Vulkan's `VertexIndex`). Two
/// nested `#if`s, closed by [`D3D_START_LOCATIONS_END`]: a compiler without the macros (Slang,
/// glslang) then never evaluates them, where one `#if` made Slang warn that they are undefined.
const D3D_START_LOCATIONS: &str =
    "#if defined(__HLSL_VERSION) && !defined(__spirv__) && defined(__SHADER_TARGET_MAJOR)\n\
     #if __SHADER_TARGET_MAJOR * 100 + __SHADER_TARGET_MINOR >= 608\n";
/// Closes [`D3D_START_LOCATIONS`].
const D3D_START_LOCATIONS_END: &str = "#endif\n#endif\n";

impl<'a> Writer<'a> {
    fn value_ty(&self, func: &Function, v: Handle<Value>) -> R<Handle<Type>> {
        func.values
            .get(v)
            .map(|x| x.ty)
            .ok_or_else(|| Error::invalid("bad value handle"))
    }

    fn value_inner(&self, func: &Function, v: Handle<Value>) -> R<&'a TypeInner> {
        let ty = self.value_ty(func, v)?;
        self.ty(ty)
    }

    fn write_function(
        &mut self,
        out: &mut CodeWriter,
        handle: Handle<Function>,
        func: &Function,
        entry: Option<&EntryPoint>,
    ) -> R<()> {
        let analysis = analyze(func)?;
        let fname = self
            .function_names
            .get(handle.index())
            .cloned()
            .unwrap_or_default();
        // Interface struct names are taken before the body's names are, so no local can
        // shadow them.
        let (input_struct, output_struct) = if entry.is_some() {
            (
                self.namer.call(&format!("{fname}_Input")),
                self.namer.call(&format!("{fname}_Output")),
            )
        } else {
            (String::new(), String::new())
        };
        let mut ctx = FnCtx {
            func,
            names: vec![None; func.values.len()],
            inline: vec![false; func.values.len()],
            locals: Vec::new(),
            namer: self.namer.clone(),
            outputs: None,
            uses: analysis.uses.clone(),
            depth: 0,
            defaults: ResultDefaults::new(func),
            spec_exprs: SpecExpressions::new(func),
            line_source: None,
        };
        self.decide_inlining(&mut ctx, &analysis)?;

        // Signature.
        let mut params = Vec::new();
        if let Some(ep) = entry {
            let input_name = ctx.namer.call("input");
            let mut inputs = Vec::new();
            let mut member_namer = ctx.namer.sibling(&["__"]);
            // (index member, start member, start semantic) of vertex_index and instance_index.
            let mut starts: Vec<(String, String, &str)> = Vec::new();
            for (i, p) in func.params.iter().enumerate() {
                let binding = p
                    .binding
                    .ok_or_else(|| Error::invalid("entry input without binding"))?;
                if binding == IoBinding::BuiltIn(BuiltIn::NumWorkgroups) {
                    let name = self.num_workgroups_name.clone().unwrap_or_default();
                    if let Some(slot) = ctx.names.get_mut(i) {
                        *slot = Some(Expr::atom(name));
                    }
                    continue;
                }
                let mname = member_namer.call(&p.name);
                inputs.push((
                    signature_key(binding),
                    self.io_member(ep.stage, binding, true, p.ty, &mname)?,
                ));
                if let Some(slot) = ctx.names.get_mut(i) {
                    *slot = Some(Expr::atom(format!("{input_name}.{mname}")));
                }
                let start = match binding {
                    IoBinding::BuiltIn(BuiltIn::VertexIndex) => Some("SV_StartVertexLocation"),
                    IoBinding::BuiltIn(BuiltIn::InstanceIndex) => Some("SV_StartInstanceLocation"),
                    _ => None,
                };
                if let Some(semantic) = start {
                    let start = member_namer.call(&format!("luma_start_{mname}"));
                    starts.push((mname, start, semantic));
                }
            }
            if ep.stage == ShaderStage::Fragment && !inputs.is_empty() {
                let position = signature_key(IoBinding::BuiltIn(BuiltIn::Position));
                if !inputs.iter().any(|(key, _)| *key == position) {
                    let name = member_namer.call("luma_position");
                    inputs.push((position, format!("float4 {name} : SV_Position;")));
                }
                inputs.sort_by_key(|(key, _)| *key);
            }
            if !inputs.is_empty() {
                let sname = input_struct.clone();
                out.open(format!("struct {sname} {{"));
                for (_, line) in &inputs {
                    out.line(line);
                }
                if !starts.is_empty() {
                    out.raw(D3D_START_LOCATIONS);
                    for (_, start, semantic) in &starts {
                        out.line_fmt(format_args!("uint {start} : {semantic};"));
                    }
                    out.raw(D3D_START_LOCATIONS_END);
                }
                out.close("};");
                out.line("");
                params.push(format!("{sname} {input_name}"));
            }
            let mut ret = "void".to_string();
            if !func.results.is_empty() {
                let sname = output_struct.clone();
                let mut member_namer = ctx.namer.sibling(&["__"]);
                let mut names = Vec::new();
                let mut lines = Vec::new();
                for (i, r) in func.results.iter().enumerate() {
                    let binding = r
                        .binding
                        .ok_or_else(|| Error::invalid("entry output without binding"))?;
                    let mname =
                        member_namer.call(r.name.as_deref().unwrap_or(&format!("result{i}")));
                    let line = self.io_member(ep.stage, binding, false, r.ty, &mname)?;
                    lines.push((signature_key(binding), line));
                    names.push(mname);
                }
                if ep.stage == ShaderStage::Vertex {
                    lines.sort_by_key(|(key, _)| *key);
                }
                out.open(format!("struct {sname} {{"));
                for (_, line) in &lines {
                    out.line(line);
                }
                out.close("};");
                out.line("");
                ctx.outputs = Some((sname.clone(), names));
                ret = sname;
            }
            match ep.stage {
                ShaderStage::Compute => {
                    let mut sizes = Vec::with_capacity(3);
                    for (n, id) in ep
                        .workgroup_size
                        .iter()
                        .zip(ep.workgroup_size_spec_ids(self.module))
                    {
                        sizes.push(match id {
                            Some(id) => format!("LUMA_SPEC_{id}"),
                            None => n.to_string(),
                        });
                    }
                    out.line_fmt(format_args!("[numthreads({})]", sizes.join(", ")));
                }
                ShaderStage::Fragment if ep.early_depth_test => out.line("[earlydepthstencil]"),
                _ => {}
            }
            out.open(format!("{ret} {fname}({}) {{", params.join(", ")));
            for (i, p) in func.params.iter().enumerate() {
                if ep.stage == ShaderStage::Fragment
                    && p.binding == Some(IoBinding::BuiltIn(BuiltIn::Position))
                {
                    let e = ctx
                        .names
                        .get(i)
                        .cloned()
                        .flatten()
                        .map(|e| e.text)
                        .unwrap_or_default();
                    out.line("// D3D12 gives clip w here; Luma means 1/w, as Vulkan gives it.");
                    out.raw("#if defined(__HLSL_VERSION) && !defined(__spirv__)\n");
                    // Slang defines no target macro, and passes `SV_Position` through
                    // unchanged to SPIR-V, GLSL, Metal and WGSL, which give 1/w already:
                    // its HLSL and DXIL targets take Direct3D's w.
                    out.raw("#if defined(__SLANG__)\n");
                    out.line("__target_switch");
                    out.open("{");
                    out.line("case spirv:");
                    out.line("case glsl:");
                    out.line("case metal:");
                    out.line("case wgsl:");
                    out.line("    break;");
                    out.line("default:");
                    out.line_fmt(format_args!("    {e}.w = 1.0 / {e}.w;"));
                    out.line("    break;");
                    out.close("}");
                    out.raw("#else\n");
                    out.line_fmt(format_args!("{e}.w = 1.0 / {e}.w;"));
                    out.raw("#endif\n");
                    out.raw("#endif\n");
                }
            }
            if !starts.is_empty() {
                out.line("// D3D12 starts SV_VertexID and SV_InstanceID at zero; Luma counts from");
                out.line(
                    "// the draw's first vertex and instance (below SM 6.8 the host adds them).",
                );
                out.raw(D3D_START_LOCATIONS);
                for (index, start, _) in &starts {
                    out.line_fmt(format_args!(
                        "{input_name}.{index} += {input_name}.{start};"
                    ));
                }
                out.raw(D3D_START_LOCATIONS_END);
            }
        } else {
            for (i, p) in func.params.iter().enumerate() {
                let name = ctx.namer.call(&p.name);
                params.push(self.decl(p.ty, &name, false)?);
                if let Some(slot) = ctx.names.get_mut(i) {
                    *slot = Some(Expr::atom(name));
                }
            }
            let ret = match func.results.as_slice() {
                [] => "void".to_string(),
                [r] => self.type_name(r.ty)?,
                _ => return Err(Error::invalid("function with several results")),
            };
            out.open(format!("{ret} {fname}({}) {{", params.join(", ")));
        }

        // Locals.
        for (_, local) in func.locals.iter() {
            let name = ctx.namer.call(local.name.as_deref().unwrap_or("local"));
            self.declare_local(out, local, &name)?;
            ctx.locals.push(name);
        }

        let mut frames = Vec::new();
        self.write_block(out, &mut ctx, func.body, &mut frames, true)?;
        if !luma_back::ends_in_return(func, func.body) {
            // After a trailing `discard` (the invocation goes on as a helper) or an endless
            // loop: DXC rejects a non-void function whose end control may reach ("not all
            // control paths return a value").
            match (&ctx.outputs, func.results.as_slice()) {
                (_, []) => {}
                (Some((sname, _)), _) => out.line_fmt(format_args!("return ({sname})0;")),
                (None, [r]) => {
                    let name = ctx.namer.call("zero");
                    let decl = self.decl(r.ty, &name, false)?;
                    let zero = self.zero_of(r.ty)?.text;
                    out.line_fmt(format_args!("{decl} = {zero};"));
                    out.line_fmt(format_args!("return {name};"));
                }
                (None, _) => return Err(Error::invalid("function with several results")),
            }
        }
        out.close("}");
        out.line("");
        Ok(())
    }

    fn declare_local(&mut self, out: &mut CodeWriter, local: &LocalVariable, name: &str) -> R<()> {
        let d = self.decl(local.ty, name, false)?;
        let init = match local.init {
            Some(c) => self.constant_expr(c)?.text,
            None => self.zero_of(local.ty)?.text,
        };
        out.line_fmt(format_args!("{d} = {init};"));
        Ok(())
    }

    /// An entry-point interface member: `[[vk::location(n)]] nointerpolation float2 uv :
    /// TEXCOORDn;`.
    fn io_member(
        &mut self,
        stage: ShaderStage,
        binding: IoBinding,
        input: bool,
        ty: Handle<Type>,
        name: &str,
    ) -> R<String> {
        let decl = self.decl(ty, name, false)?;
        Ok(match binding {
            IoBinding::BuiltIn(b) => {
                let s = match b {
                    BuiltIn::Position => "SV_Position",
                    BuiltIn::VertexIndex => "SV_VertexID",
                    BuiltIn::InstanceIndex => "SV_InstanceID",
                    BuiltIn::FrontFacing => "SV_IsFrontFace",
                    BuiltIn::FragDepth => "SV_Depth",
                    BuiltIn::SampleIndex => "SV_SampleIndex",
                    BuiltIn::SampleMask => "SV_Coverage",
                    BuiltIn::LocalInvocationId => "SV_GroupThreadID",
                    BuiltIn::LocalInvocationIndex => "SV_GroupIndex",
                    BuiltIn::GlobalInvocationId => "SV_DispatchThreadID",
                    BuiltIn::WorkgroupId => "SV_GroupID",
                    BuiltIn::NumWorkgroups => {
                        return Err(Error::invalid("num_workgroups has no semantic"))
                    }
                };
                format!("{decl} : {s};")
            }
            IoBinding::Location {
                location,
                interpolation,
            } => {
                if stage == ShaderStage::Fragment && !input {
                    // The location too, not only the semantic's index: Slang numbers
                    // `SV_Target` outputs in declaration order for SPIR-V, so an output after
                    // a gap (locations 0, 1, 7) would land on the wrong attachment.
                    format!("[[vk::location({location})]] {decl} : SV_Target{location};")
                } else {
                    let varying = (stage == ShaderStage::Vertex && !input)
                        || (stage == ShaderStage::Fragment && input);
                    let interp = match interpolation {
                        Interpolation::Flat if varying => "nointerpolation ",
                        Interpolation::NoPerspective if varying => "noperspective ",
                        _ => "",
                    };
                    format!("[[vk::location({location})]] {interp}{decl} : TEXCOORD{location};")
                }
            }
        })
    }
}

impl<'a> Writer<'a> {
    /// Whether `op` loads from a block read as 32-bit words (`word_blocks`): its value is an
    /// unpacking expression per component, named rather than repeated inside its use (and
    /// glslang's HLSL front end folds `length(half3(...))` of such words to zero).
    fn reads_word_block(&self, func: &Function, op: &Op) -> bool {
        let Op::Load { pointer } = op else {
            return false;
        };
        luma_back::pointer_global(func, *pointer).is_some_and(|g| self.word_blocks.contains_key(&g))
    }

    fn decide_inlining(&mut self, ctx: &mut FnCtx<'_>, a: &Analysis) -> R<()> {
        let func = ctx.func;
        let mut depth = vec![0u32; func.values.len()];
        // A `bool` vector indexed at run time is named first: glslang's HLSL front end folds a
        // comparison of constant vectors to one `bool`, and then rejects `(a <= b)[i]` ("left
        // of '[' is not of type array, matrix, or vector"); `const bool2 c = a <= b; c[i]` it
        // compiles.
        let mut indexed_bool_vectors = vec![false; func.values.len()];
        for (_, value) in func.values.iter() {
            if let ValueDef::Op(Op::ExtractDynamic { base, .. }) = &value.def {
                let is_bool_vector = func.values.get(*base).is_some_and(|b| {
                    matches!(
                        self.module.types.get(b.ty).map(|t| &t.inner),
                        Some(TypeInner::Vector {
                            scalar: Scalar::BOOL,
                            ..
                        })
                    )
                });
                if let (true, Some(slot)) =
                    (is_bool_vector, indexed_bool_vectors.get_mut(base.index()))
                {
                    *slot = true;
                }
            }
        }
        // Values in arena order: operands of a placed value are defined before it, and the
        // arena is in definition order for everything lowering and the passes create; a value
        // whose operand comes later is simply not inlined.
        for (v, value) in func.values.iter() {
            let ValueDef::Op(op) = &value.def else {
                continue;
            };
            let i = v.index();
            if matches!(op, Op::AccessChain { .. }) {
                // Pointers are places, rebuilt at every use.
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
                continue;
            }
            let inner = self.ty(value.ty)?;
            let handle_load = matches!(op, Op::Load { .. })
                && matches!(inner, TypeInner::Image { .. } | TypeInner::Sampler { .. });
            if handle_load {
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
                continue;
            }
            let composite_compose = matches!(op, Op::Compose { .. })
                && matches!(inner, TypeInner::Array { .. } | TypeInner::Struct { .. });
            let uses = a.uses.get(i).copied().unwrap_or(0);
            let same_block =
                a.use_block.get(i).copied().flatten() == a.def_block.get(i).copied().flatten();
            if !luma_back::plan::inlinable_at_use(self.module, func, value, op)
                || composite_compose
                || uses != 1
                || !same_block
                || self.reads_word_block(func, op)
                || indexed_bool_vectors.get(i) == Some(&true)
            {
                continue;
            }
            let mut d = 0u32;
            op.for_each_operand(|o| {
                if ctx.inline.get(o.index()).copied().unwrap_or(false) {
                    d = d.max(depth.get(o.index()).copied().unwrap_or(0));
                }
            });
            if d + 1 > MAX_INLINE_DEPTH {
                continue;
            }
            if let Some(x) = depth.get_mut(i) {
                *x = d + 1;
            }
            if let Some(x) = ctx.inline.get_mut(i) {
                *x = true;
            }
        }
        // Values nothing needs are not emitted at all.
        for (i, needed) in a.needed.iter().enumerate() {
            if !needed {
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
            }
        }
        // Loads that else-if arms write into their conditions.
        let folds = else_if_folds(
            self.module,
            func,
            |v| unwritten(ctx, v),
            |v| a.uses.get(v.index()).copied().unwrap_or(0),
        );
        for v in folds {
            if let Some(x) = ctx.inline.get_mut(v.index()) {
                *x = true;
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Statements

    fn write_block(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        block: Handle<Block>,
        frames: &mut Vec<Frame>,
        function_body: bool,
    ) -> R<()> {
        // Blocks nest without bound (each arm of an `elseif` chain whose condition needs
        // statements is one level deeper): every level checks the stack left and continues
        // on a heap segment when it runs low, so the depth costs no fixed limit.
        luma_base::stack::grow(luma_base::stack::CHECK_EVERY - 1, || {
            self.write_block_inner(out, ctx, block, frames, function_body)
        })
    }

    fn write_block_inner(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        block: Handle<Block>,
        frames: &mut Vec<Frame>,
        function_body: bool,
    ) -> R<()> {
        ctx.depth += 1;
        let func = ctx.func;
        let b = func
            .blocks
            .get(block)
            .ok_or_else(|| Error::invalid("bad block handle"))?;
        let count = b.stmts.len();
        let mut last_line: Option<(u32, u32)> = None;
        for (i, stmt) in b.stmts.iter().enumerate() {
            let last = i + 1 == count;
            if self.options.line_directives {
                if let Some(loc) = stmt.loc {
                    if last_line != Some((loc.source, loc.line)) {
                        // The file name only where it changes: a directive without one keeps
                        // the name of the one before (C's rule). Naming it every time wrote the
                        // name once per statement, so a long `#line` name made the output
                        // their product. Bodies are written in output order, so the last
                        // directive written is the one before in the text.
                        if ctx.line_source == Some(loc.source) {
                            out.raw(&format!("#line {}\n", loc.line));
                        } else {
                            let file = self
                                .module
                                .debug_sources
                                .get(loc.source as usize)
                                .map(|s| s.name.replace('\\', "/").replace('"', "'"))
                                .unwrap_or_default();
                            out.raw(&format!("#line {} \"{}\"\n", loc.line, file));
                            ctx.line_source = Some(loc.source);
                        }
                        last_line = Some((loc.source, loc.line));
                    }
                }
            }
            match &stmt.kind {
                StmtKind::Value(v) => self.write_value(out, ctx, *v)?,
                StmtKind::Store { pointer, value } => {
                    let place = self.place(ctx, *pointer, 0)?;
                    self.write_store(out, ctx, &place, *value)?;
                }
                StmtKind::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => {
                    let func = ctx.func;
                    let img = self.expr(ctx, *image, 0)?;
                    let ity = self.value_ty(func, *image)?;
                    let coord = self.expr(ctx, *coordinate, 0)?.text;
                    let layer = match array_index {
                        Some(l) => Some(self.expr(ctx, *l, 0)?.text),
                        None => None,
                    };
                    let v = self.expr(ctx, *value, 0)?.text;
                    let (c, n) = self.storage_coordinate(ity, coord, layer)?;
                    if self.options.bounds_checks {
                        let helper = self.image_store_helper(ity, n)?;
                        out.line_fmt(format_args!("{helper}({}, {c}, {v});", img.text));
                    } else {
                        out.line_fmt(format_args!(
                            "{}[uint{n}({c})] = {v};",
                            img.at(Prec::Primary, Side::Left)
                        ));
                    }
                }
                StmtKind::AtomicStore { pointer, value } => {
                    let place = self.place(ctx, *pointer, 0)?;
                    let v = self.expr(ctx, *value, 0)?;
                    let old = ctx.namer.call("old");
                    match &place {
                        Place::Typed { expr, ty, .. } => {
                            let t = self.type_name(*ty)?;
                            out.line_fmt(format_args!("{t} {old};"));
                            out.line_fmt(format_args!(
                                "InterlockedExchange({expr}, {}, {old});",
                                v.text
                            ));
                        }
                        Place::Bytes { buffer, offset, .. } => {
                            out.line_fmt(format_args!("uint {old};"));
                            out.line_fmt(format_args!(
                                "{buffer}.InterlockedExchange({}, asuint({}), {old});",
                                offset.render(),
                                v.text
                            ));
                        }
                    }
                }
                StmtKind::Call { function, args } => {
                    let call = self.call_expr(ctx, *function, args)?;
                    out.line_fmt(format_args!("{};", call.text));
                }
                StmtKind::Barrier(barrier) => {
                    out.line(match (barrier.workgroup, barrier.storage) {
                        (true, true) => "AllMemoryBarrierWithGroupSync();",
                        (false, true) => "DeviceMemoryBarrierWithGroupSync();",
                        _ => "GroupMemoryBarrierWithGroupSync();",
                    });
                }
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    let defaults =
                        ctx.defaults
                            .of_if(self.module, ctx.func, *accept, *reject, results);
                    for (r, d) in results.iter().zip(&defaults) {
                        self.declare_var(out, ctx, *r, *d, "phi")?;
                    }
                    self.write_if(
                        out, ctx, *condition, *accept, *reject, results, defaults, frames,
                    )?;
                    out.close("}");
                }
                StmtKind::Loop(lp) => {
                    let luma_ir::Loop {
                        carried,
                        body,
                        results,
                        control,
                    } = &**lp;
                    for c in carried {
                        let init = self.expr(ctx, c.init, 0)?;
                        let name = self.var_name(ctx, c.value, "carried");
                        let d = self.decl(self.value_ty(func, c.value)?, &name, false)?;
                        out.line_fmt(format_args!("{d} = {};", init.text));
                    }
                    for r in results {
                        self.declare_var(out, ctx, *r, None, "result")?;
                    }
                    match control.unroll {
                        UnrollHint::None => {}
                        UnrollHint::Full => out.line("[unroll]"),
                        UnrollHint::AtMost(n) => out.line_fmt(format_args!("[unroll({n})]")),
                        UnrollHint::Never => out.line("[loop]"),
                    }
                    // `for (;;)`, not `while (true)`: Slang 2026.12 never finishes compiling a
                    // `while (true)` loop that holds a loop whose every path breaks (an
                    // if-else breaking in both arms), which Luma writes for a loop whose body
                    // always leaves; the same loops spelled `for (;;)` compile at once.
                    out.open("for (;;) {");
                    frames.push(Frame::Loop {
                        carried: carried.iter().map(|c| c.value).collect(),
                        results: results.clone(),
                    });
                    self.write_block(out, ctx, *body, frames, false)?;
                    frames.pop();
                    out.close("}");
                }
                StmtKind::Yield(values) => {
                    let Some(Frame::If { results, defaults }) = frames.last() else {
                        return Err(Error::invalid("`Yield` outside an `If`"));
                    };
                    if results.len() != values.len() {
                        return Err(Error::invalid(
                            "terminator arity differs from its construct",
                        ));
                    }
                    let (targets, values): (Vec<_>, Vec<_>) =
                        assignments(results, values, defaults).unzip();
                    self.assign(out, ctx, &targets, &values)?;
                }
                StmtKind::Continue(values) => {
                    let Some((carried, _)) = innermost_loop(frames) else {
                        return Err(Error::invalid("`Continue` outside a loop"));
                    };
                    self.assign(out, ctx, &carried, values)?;
                    let loop_end = last && matches!(frames.last(), Some(Frame::Loop { .. }));
                    if !loop_end {
                        out.line("continue;");
                    }
                }
                StmtKind::Break(values) => {
                    let Some((_, results)) = innermost_loop(frames) else {
                        return Err(Error::invalid("`Break` outside a loop"));
                    };
                    self.assign(out, ctx, &results, values)?;
                    out.line("break;");
                }
                StmtKind::Return(values) => {
                    self.write_return(out, ctx, values, last && function_body)?
                }
                StmtKind::Discard => out.line("discard;"),
                StmtKind::Unreachable => {}
            }
        }
        ctx.depth -= 1;
        Ok(())
    }

    /// Writes an `If` up to (not including) its closing brace: `if (c) {`, an arm whose only
    /// statement is an empty `Yield` is left out (negating the condition when it is the accept
    /// arm), and a reject arm that is an else-if arm ([`luma_back::chain`]) continues the chain
    /// as `} else if (...) {`. The chain is walked in a loop at the head's depth, so its length
    /// costs neither nesting nor stack.
    #[allow(clippy::too_many_arguments)]
    fn write_if(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        condition: Handle<Value>,
        accept: Handle<Block>,
        reject: Handle<Block>,
        results: &[Handle<Value>],
        defaults: Vec<Option<Handle<Value>>>,
        frames: &mut Vec<Frame>,
    ) -> R<()> {
        let func = ctx.func;
        // An arm whose only statement yields the defaults, which the variables hold.
        let empty_yield = |b: Handle<Block>, defaults: &[Option<Handle<Value>>]| {
            func.blocks.get(b).is_some_and(|b| {
                matches!(b.stmts.as_slice(), [s] if matches!(&s.kind, StmtKind::Yield(v) if yields_defaults(v, defaults)))
            })
        };
        frames.push(Frame::If {
            results: results.to_vec(),
            defaults,
        });
        let (mut condition, mut accept, mut reject) = (condition, accept, reject);
        let mut chained = false;
        loop {
            let cond = self.expr(ctx, condition, 0)?;
            let current = match frames.last() {
                Some(Frame::If { defaults, .. }) => defaults.clone(),
                _ => Vec::new(),
            };
            let (accept_empty, reject_empty) =
                (empty_yield(accept, &current), empty_yield(reject, &current));
            // The reject arm as an `else if` ([`luma_back::chain`]; its values are written
            // inside the inner condition). Placement is settled before writing, so asking
            // before the accept arm is written gives the same answer as after.
            let arm = if reject_empty {
                None
            } else {
                else_if(
                    self.module,
                    func,
                    reject,
                    |v| unwritten(ctx, v),
                    |v| ctx.uses.get(v.index()).copied().unwrap_or(0),
                )
                .filter(|arm| arm.fold.is_empty())
            };
            // An empty accept arm is written as `if (!c)`, unless the reject arm goes on as
            // `else if`: `if (c) {} else if` keeps the chain flat.
            let (test, first, second) = if accept_empty && !reject_empty && arm.is_none() {
                (cond.prefix("!").text, reject, None)
            } else {
                (cond.text, accept, (!reject_empty).then_some(reject))
            };
            if chained {
                out.dedent();
                out.open(format!("}} else if ({test}) {{"));
            } else {
                out.open(format!("if ({test}) {{"));
            }
            self.write_block(out, ctx, first, frames, false)?;
            let Some(else_block) = second else {
                break;
            };
            // Where the chained `If`'s results go among the variables being assigned.
            let targets = arm
                .as_ref()
                .and_then(|arm| arm_targets(func, else_block, &arm.results, &current));
            match (arm, targets) {
                (Some(arm), Some(targets)) => {
                    (condition, accept, reject) = (arm.condition, arm.accept, arm.reject);
                    chained = true;
                    // A chained `If`'s arms yield its results, which the arm yields on to the
                    // variables at `targets` (the others keep their defaults), so they assign
                    // those variables.
                    let Some(Frame::If { results, defaults }) = frames.pop() else {
                        return Err(Error::invalid("`else if` outside an `If`"));
                    };
                    let Some((results, defaults)) = at_targets(&targets, &results, &defaults)
                    else {
                        return Err(Error::invalid("`else if` results out of range"));
                    };
                    frames.push(Frame::If { results, defaults });
                }
                _ => {
                    out.dedent();
                    out.open("} else {");
                    self.write_block(out, ctx, else_block, frames, false)?;
                    break;
                }
            }
        }
        frames.pop();
        Ok(())
    }

    fn var_name(&mut self, ctx: &mut FnCtx<'_>, v: Handle<Value>, fallback: &str) -> String {
        let hint = ctx
            .func
            .values
            .get(v)
            .and_then(|x| ctx.func.value_name(x).map(String::from))
            .unwrap_or_else(|| fallback.to_string());
        let name = ctx.namer.call(&hint);
        if let Some(slot) = ctx.names.get_mut(v.index()) {
            *slot = Some(Expr::atom(name.clone()));
        }
        name
    }

    /// Declares the variable behind an `If` or loop result, starting with `init` when given.
    fn declare_var(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        init: Option<Handle<Value>>,
        fallback: &str,
    ) -> R<()> {
        let init = match init {
            Some(init) => Some(self.expr(ctx, init, 0)?.text),
            None => None,
        };
        let name = self.var_name(ctx, v, fallback);
        let d = self.decl(self.value_ty(ctx.func, v)?, &name, false)?;
        match init {
            Some(init) => out.line_fmt(format_args!("{d} = {init};")),
            None => out.line_fmt(format_args!("{d};")),
        }
        Ok(())
    }

    /// Assigns `values` to the variables of `targets` as if all at once.
    fn assign(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        targets: &[Handle<Value>],
        values: &[Handle<Value>],
    ) -> R<()> {
        if targets.len() != values.len() {
            return Err(Error::invalid(
                "terminator arity differs from its construct",
            ));
        }
        let mut exprs = Vec::new();
        for v in values {
            exprs.push(self.expr(ctx, *v, 0)?);
        }
        // A value that reads a target assigned before it must be saved first.
        let mut reads = Vec::new();
        for v in values {
            let mut r = Vec::new();
            self.reads_of(ctx, *v, &mut r, 0);
            reads.push(r);
        }
        for (i, r) in reads.iter().enumerate() {
            let hazard = r.iter().any(|read| {
                targets
                    .iter()
                    .position(|t| t == read)
                    .is_some_and(|j| j < i)
            });
            if hazard {
                if let (Some(e), Some(v)) = (exprs.get_mut(i), values.get(i)) {
                    let name = ctx.namer.call("next");
                    let d = self.decl(self.value_ty(ctx.func, *v)?, &name, false)?;
                    out.line_fmt(format_args!("const {d} = {};", e.text));
                    *e = Expr::atom(name);
                }
            }
        }
        for (t, e) in targets.iter().zip(exprs.iter()) {
            let name = ctx
                .names
                .get(t.index())
                .cloned()
                .flatten()
                .ok_or_else(|| Error::invalid("construct variable without a name"))?;
            if name.text != e.text {
                out.line_fmt(format_args!("{} = {};", name.text, e.text));
            }
        }
        Ok(())
    }

    /// The mutable variables (`If`/`Loop` values) an emitted expression for `v` reads.
    fn reads_of(
        &self,
        ctx: &FnCtx<'_>,
        v: Handle<Value>,
        out: &mut Vec<Handle<Value>>,
        depth: u32,
    ) {
        let Some(value) = ctx.func.values.get(v) else {
            return;
        };
        match &value.def {
            ValueDef::IfResult | ValueDef::LoopCarried | ValueDef::LoopResult => out.push(v),
            ValueDef::Op(op) if ctx.inline.get(v.index()).copied().unwrap_or(false) => {
                if depth > MAX_NESTING as u32 {
                    return;
                }
                op.for_each_operand(|o| self.reads_of(ctx, o, out, depth + 1));
            }
            _ => {}
        }
    }

    fn write_return(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        values: &[Handle<Value>],
        at_end: bool,
    ) -> R<()> {
        if let Some((sname, members)) = ctx.outputs.clone() {
            let name = ctx.namer.call("output");
            out.line_fmt(format_args!("{sname} {name};"));
            for (m, v) in members.iter().zip(values.iter()) {
                let e = self.expr(ctx, *v, 0)?;
                out.line_fmt(format_args!("{name}.{m} = {};", e.text));
            }
            out.line_fmt(format_args!("return {name};"));
            return Ok(());
        }
        match values {
            [] => {
                if !at_end {
                    out.line("return;");
                }
            }
            [v] => {
                let e = self.expr(ctx, *v, 0)?;
                out.line_fmt(format_args!("return {};", e.text));
            }
            _ => return Err(Error::invalid("function returns several values")),
        }
        Ok(())
    }
}

/// Carried values and results of a loop.
type LoopVars = (Vec<Handle<Value>>, Vec<Handle<Value>>);

fn innermost_loop(frames: &[Frame]) -> Option<LoopVars> {
    frames.iter().rev().find_map(|f| match f {
        Frame::Loop { carried, results } => Some((carried.clone(), results.clone())),
        Frame::If { .. } => None,
    })
}

// ---------------------------------------------------------------------------------------------
// Values

impl<'a> Writer<'a> {
    /// Emits the statement of value `v`, unless it is inlined at its use.
    fn write_value(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
    ) -> R<()> {
        let func = ctx.func;
        let value = func
            .values
            .get(v)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        let ValueDef::Op(op) = &value.def else {
            return Err(Error::invalid("a placed value that is not an op"));
        };
        if ctx.inline.get(v.index()).copied().unwrap_or(false) && !op_has_effect(op) {
            return Ok(());
        }
        let ty = value.ty;
        match op {
            Op::Load { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                match self.load_expr(&place)? {
                    Some(e) => self.bind_temp(out, ctx, v, ty, e)?,
                    None => {
                        let name = self.var_name(ctx, v, "value");
                        let d = self.decl(ty, &name, false)?;
                        out.line_fmt(format_args!("{d};"));
                        self.copy_load(out, &mut ctx.namer, &name, &place, 0)?;
                    }
                }
            }
            Op::Atomic {
                fun,
                pointer,
                value: operand,
                comparator,
            } => self.write_atomic(out, ctx, v, *fun, *pointer, *operand, *comparator)?,
            Op::AtomicLoad { pointer } => self.write_atomic_load(out, ctx, v, *pointer)?,
            Op::Call { function, args } => {
                let call = self.call_expr(ctx, *function, args)?;
                if ctx.uses.get(v.index()).copied().unwrap_or(0) > 0 {
                    self.bind_temp(out, ctx, v, ty, call)?;
                } else {
                    out.line_fmt(format_args!("{};", call.text));
                }
            }
            Op::Compose { components }
                if matches!(
                    self.ty(ty)?,
                    TypeInner::Array { .. } | TypeInner::Struct { .. }
                ) =>
            {
                let mut parts = Vec::new();
                for c in components {
                    parts.push(self.expr(ctx, *c, 0)?.text);
                }
                let name = self.var_name(ctx, v, "composite");
                let d = self.decl(ty, &name, false)?;
                let qualifier = ctx.spec_exprs.qualifier(self.module, ctx.func, v);
                out.line_fmt(format_args!("{qualifier}{d} = {{ {} }};", parts.join(", ")));
            }
            Op::Insert {
                base,
                value: part,
                index,
            } => {
                let b = self.expr(ctx, *base, 0)?;
                let p = self.expr(ctx, *part, 0)?;
                let name = self.var_name(ctx, v, "composite");
                let d = self.decl(ty, &name, false)?;
                out.line_fmt(format_args!("{d} = {};", b.text));
                let access = self.part_access(ty, *index)?;
                out.line_fmt(format_args!("{name}{access} = {};", p.text));
            }
            Op::InsertDynamic {
                base,
                value: part,
                index,
            } => {
                let b = self.expr(ctx, *base, 0)?;
                let p = self.expr(ctx, *part, 0)?;
                let i = self.expr(ctx, *index, 0)?;
                let n = match self.ty(ty)? {
                    TypeInner::Vector { size, .. } => size.count(),
                    _ => return Err(Error::invalid("dynamic insert into a non-vector")),
                };
                let name = self.var_name(ctx, v, "updated");
                let d = self.decl(ty, &name, false)?;
                out.line_fmt(format_args!("{d} = {};", b.text));
                let idx = self.as_uint(ctx, *index, &i)?;
                out.open(format!(
                    "if ({} < {n}u) {{",
                    idx.at(Prec::Relational, Side::Left)
                ));
                out.line_fmt(format_args!("{name}[{}] = {};", idx.text, p.text));
                out.close("}");
            }
            _ => {
                let e = self.op_expr(ctx, op, ty, 0)?;
                self.bind_temp(out, ctx, v, ty, e)?;
            }
        }
        Ok(())
    }

    fn bind_temp(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        ty: Handle<Type>,
        e: Expr,
    ) -> R<()> {
        // Named after what it calls, samples or loads, as on every text target.
        let base = luma_back::temp_base(self.module, ctx.func, v);
        let name = self.var_name(ctx, v, base.as_deref().unwrap_or("e"));
        let d = self.decl(ty, &name, false)?;
        let qualifier = ctx.spec_exprs.qualifier(self.module, ctx.func, v);
        out.line_fmt(format_args!("{qualifier}{d} = {};", e.text));
        Ok(())
    }

    /// `.x`, `[i]` or `.member` selecting part `index` of a composite of type `ty`.
    fn part_access(&self, ty: Handle<Type>, index: u32) -> R<String> {
        Ok(match self.ty(ty)? {
            TypeInner::Vector { .. } => format!(".{}", vector_letter(index)),
            TypeInner::Matrix { .. } | TypeInner::Array { .. } => format!("[{index}]"),
            TypeInner::Struct { .. } => {
                let name = self
                    .member_names
                    .get(&ty)
                    .and_then(|m| m.get(index as usize))
                    .ok_or_else(|| Error::invalid("bad member index"))?;
                format!(".{name}")
            }
            _ => return Err(Error::invalid("part of a non-composite")),
        })
    }

    /// The expression of value `v` at its use.
    fn expr(&mut self, ctx: &mut FnCtx<'_>, v: Handle<Value>, depth: u32) -> R<Expr> {
        if let Some(Some(e)) = ctx.names.get(v.index()) {
            return Ok(e.clone());
        }
        let func = ctx.func;
        let value = func
            .values
            .get(v)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        match &value.def {
            ValueDef::Constant(c) => self.constant_expr(*c),
            ValueDef::Op(op) => {
                if depth > MAX_NESTING as u32 {
                    return Err(Error::invalid("expressions nest too deeply"));
                }
                if let Op::Load { pointer } = op {
                    let place = self.place(ctx, *pointer, 0)?;
                    return self
                        .load_expr(&place)?
                        .ok_or_else(|| Error::invalid("composite load used before its statement"));
                }
                self.op_expr(ctx, op, value.ty, depth + 1)
            }
            ValueDef::GlobalPointer(_) | ValueDef::LocalPointer(_) => {
                Err(Error::invalid("a pointer used as a value"))
            }
            ValueDef::Param(_)
            | ValueDef::IfResult
            | ValueDef::LoopCarried
            | ValueDef::LoopResult => Err(Error::invalid("a value used before its definition")),
        }
    }

    fn call_expr(
        &mut self,
        ctx: &mut FnCtx<'_>,
        function: Handle<Function>,
        args: &[Handle<Value>],
    ) -> R<Expr> {
        let name = self
            .function_names
            .get(function.index())
            .cloned()
            .ok_or_else(|| Error::invalid("call of a missing function"))?;
        let mut texts = Vec::new();
        for a in args {
            texts.push(self.expr(ctx, *a, 0)?.text);
        }
        Ok(Expr::atom(format!("{name}({})", texts.join(", "))))
    }

    fn const_index(&self, ctx: &FnCtx<'_>, v: Handle<Value>) -> Option<u32> {
        let value = ctx.func.values.get(v)?;
        let ValueDef::Constant(c) = value.def else {
            return None;
        };
        match self.module.constants.get(c)? {
            Constant {
                value: ConstantValue::Scalar(Literal::U32(n)),
                spec_id: None,
                ..
            } => Some(*n),
            Constant {
                value: ConstantValue::Scalar(Literal::I32(n)),
                spec_id: None,
                ..
            } => u32::try_from(*n).ok(),
            Constant {
                value: ConstantValue::Zero,
                spec_id: None,
                ..
            } => Some(0),
            _ => None,
        }
    }

    /// `e` (the expression of integer value `v`) as a `uint` expression.
    fn as_uint(&self, ctx: &FnCtx<'_>, v: Handle<Value>, e: &Expr) -> R<Expr> {
        if let Some(c) = self.const_index(ctx, v) {
            return Ok(Expr::atom(format!("{c}u")));
        }
        Ok(match self.value_inner(ctx.func, v)?.scalar_kind_of() {
            Some(ScalarKind::Uint) => e.clone(),
            _ => Expr::atom(format!("uint({})", e.text)),
        })
    }

    /// An index into something of `n` elements, clamped when bounds checks are on and the
    /// index is not a constant in range.
    fn index(&mut self, ctx: &mut FnCtx<'_>, index: Handle<Value>, n: Option<u32>) -> R<Expr> {
        if let Some(c) = self.const_index(ctx, index) {
            if n.is_none_or(|n| c < n) {
                return Ok(Expr::atom(format!("{c}")));
            }
        }
        let e = self.expr(ctx, index, 0)?;
        if !self.options.bounds_checks {
            return Ok(e);
        }
        let u = self.as_uint(ctx, index, &e)?;
        Ok(match n {
            Some(n) => Expr::atom(format!("min({}, {}u)", u.text, n.saturating_sub(1))),
            None => u,
        })
    }
}

trait ScalarKindOf {
    fn scalar_kind_of(&self) -> Option<ScalarKind>;
    fn vector_count(&self) -> Option<u32>;
}

impl ScalarKindOf for TypeInner {
    fn scalar_kind_of(&self) -> Option<ScalarKind> {
        match self {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some(s.kind),
            TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => {
                Some(scalar.kind)
            }
            _ => None,
        }
    }

    fn vector_count(&self) -> Option<u32> {
        match self {
            TypeInner::Vector { size, .. } => Some(size.count()),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Memory

impl<'a> Writer<'a> {
    /// The layout of `ty` in byte-addressed `global`: std140 for a uniform block read as
    /// words, std430 for everything else.
    fn bytes_kind(&mut self, global: Handle<GlobalVariable>, ty: Handle<Type>) -> R<LayoutKind> {
        if self.word_blocks.get(&global).is_some_and(|r| r.std140) {
            return self
                .std140
                .layout(ty)
                .map(|l| l.kind.clone())
                .map_err(|e| Error::invalid(format!("no std140 layout: {e}")));
        }
        self.std430_kind(ty)
    }

    /// The repr of member `i` of a struct stored as `repr`.
    fn member_repr(&self, repr: &Repr, i: usize) -> Repr {
        match repr {
            Repr::Struct(vi) => self
                .reprs
                .variants
                .get(*vi)
                .and_then(|v| match v.fields.get(*v.member_fields.get(i)?) {
                    Some(Field::Member { index, repr }) if *index == i => Some(repr.clone()),
                    _ => None,
                })
                .unwrap_or(Repr::Plain),
            _ => Repr::Plain,
        }
    }

    /// The byte offset of member `i` of struct `ty` in `global`'s layout (what
    /// [`Writer::bytes_kind`] gives, without copying every member's offset for each member).
    fn bytes_member_offset(
        &mut self,
        global: Handle<GlobalVariable>,
        ty: Handle<Type>,
        i: usize,
    ) -> R<Option<u32>> {
        let layout = if self.word_blocks.get(&global).is_some_and(|r| r.std140) {
            self.std140
                .layout(ty)
                .map_err(|e| Error::invalid(format!("no std140 layout: {e}")))?
        } else {
            self.std430
                .layout(ty)
                .map_err(|e| Error::invalid(format!("no std430 layout: {e}")))?
        };
        Ok(match &layout.kind {
            LayoutKind::Struct { offsets } => offsets.get(i).copied(),
            _ => None,
        })
    }

    fn std430_kind(&mut self, ty: Handle<Type>) -> R<LayoutKind> {
        self.std430
            .layout(ty)
            .map(|l| l.kind.clone())
            .map_err(|e| Error::invalid(format!("no std430 layout: {e}")))
    }

    /// Where pointer `ptr` points.
    fn place(&mut self, ctx: &mut FnCtx<'_>, ptr: Handle<Value>, depth: usize) -> R<Place> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("access chains nest too deeply"));
        }
        let func = ctx.func;
        let value = func
            .values
            .get(ptr)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        match &value.def {
            ValueDef::GlobalPointer(g) => {
                let global = self
                    .module
                    .globals
                    .get(*g)
                    .ok_or_else(|| Error::invalid("bad global handle"))?;
                let name = self
                    .global_names
                    .get(g.index())
                    .cloned()
                    .unwrap_or_default();
                Ok(match global.space {
                    AddressSpace::Storage { .. } => Place::Bytes {
                        buffer: name,
                        global: *g,
                        offset: Offset::default(),
                        ty: global.ty,
                    },
                    AddressSpace::Uniform | AddressSpace::PushConstant
                        if self.word_blocks.contains_key(g) =>
                    {
                        Place::Bytes {
                            buffer: name,
                            global: *g,
                            offset: Offset::default(),
                            ty: global.ty,
                        }
                    }
                    _ => Place::Typed {
                        expr: name,
                        ty: global.ty,
                        repr: self.global_reprs.get(g).cloned().unwrap_or(Repr::Plain),
                    },
                })
            }
            ValueDef::LocalPointer(l) => Ok(Place::Typed {
                expr: ctx
                    .locals
                    .get(l.index())
                    .cloned()
                    .ok_or_else(|| Error::invalid("bad local handle"))?,
                ty: func
                    .locals
                    .get(*l)
                    .map(|x| x.ty)
                    .ok_or_else(|| Error::invalid("bad local handle"))?,
                repr: Repr::Plain,
            }),
            ValueDef::Op(Op::AccessChain { base, indices, .. }) => {
                let non_uniform =
                    luma_ir::proc::non_uniform_access(&self.module.types, func, ptr).is_some();
                let (end, _) = luma_ir::proc::pointer_parts(&self.module.types, value.ty)
                    .ok_or_else(|| Error::invalid("an access chain that is not a pointer"))?;
                let mut place = self.place(ctx, *base, depth + 1)?;
                let mut rest = indices.as_slice();
                while !rest.is_empty() {
                    let (next, taken) = self.step(ctx, place, rest, end, non_uniform)?;
                    place = next;
                    rest = rest.get(taken..).unwrap_or_default();
                }
                Ok(place)
            }
            _ => Err(Error::invalid("a value used as a pointer")),
        }
    }

    /// The access-chain steps that `indices` (not empty) start with: one index, or two for a
    /// component of a matrix column. `end` is the type the whole chain reaches, which is the
    /// type of a vector component or of a column the chain ends at. Neither is looked up in
    /// the type arena: it holds only the types that values and variables use, and a column
    /// reached only on the way to one of its components is not one of them (the verifier
    /// compares such steps structurally). `non_uniform` (an index into an array of resources
    /// that may differ between invocations) wraps a dynamic array index in
    /// `NonUniformResourceIndex`. Returns the place and how many indices it took.
    fn step(
        &mut self,
        ctx: &mut FnCtx<'_>,
        place: Place,
        indices: &[Handle<Value>],
        end: Handle<Type>,
        non_uniform: bool,
    ) -> R<(Place, usize)> {
        let (index, component) = match indices {
            [index] => (*index, None),
            [index, next, ..] => (*index, Some(*next)),
            [] => return Err(Error::invalid("an access chain without indices")),
        };
        match place {
            Place::Typed { expr, ty, repr } => {
                let inner = self.ty(ty)?;
                let (next_ty, access, next_repr, taken) = match inner {
                    TypeInner::Struct { members } => {
                        let i = self
                            .const_index(ctx, index)
                            .ok_or_else(|| Error::invalid("dynamic struct member index"))?;
                        let m = members
                            .get(i as usize)
                            .ok_or_else(|| Error::invalid("bad member index"))?;
                        let next = self.member_repr(&repr, i as usize);
                        (m.ty, self.part_access(ty, i)?, next, 1)
                    }
                    TypeInner::Array { base, size } => {
                        let n = match size {
                            ArraySize::Constant(n) => Some(*n),
                            ArraySize::Runtime => None,
                        };
                        let mut i = self.index(ctx, index, n)?.text;
                        if non_uniform && self.const_index(ctx, index).is_none() {
                            self.non_uniform_used = true;
                            i = format!("NonUniformResourceIndex({i})");
                        }
                        let next = match &repr {
                            Repr::Array(inner) => (**inner).clone(),
                            _ => Repr::Plain,
                        };
                        (*base, format!("[{i}]"), next, 1)
                    }
                    TypeInner::Vector { size, .. } => {
                        let access = self.component_access(ctx, index, size.count())?;
                        (end, access, Repr::Plain, 1)
                    }
                    TypeInner::Matrix { columns, rows, .. } => {
                        let i = self.index(ctx, index, Some(columns.count()))?.text;
                        match component {
                            Some(c) => {
                                let access = self.component_access(ctx, c, rows.count())?;
                                (end, format!("[{i}]{access}"), Repr::Plain, 2)
                            }
                            None => {
                                let next = match repr {
                                    Repr::Mat4 { rows, .. } => Repr::Vec4 { count: rows },
                                    _ => Repr::Plain,
                                };
                                (end, format!("[{i}]"), next, 1)
                            }
                        }
                    }
                    _ => return Err(Error::invalid("access chain into a non-composite")),
                };
                let place = Place::Typed {
                    expr: format!("{expr}{access}"),
                    ty: next_ty,
                    repr: next_repr,
                };
                Ok((place, taken))
            }
            Place::Bytes {
                buffer,
                global,
                offset,
                ty,
            } => {
                let inner = self.ty(ty)?;
                if let TypeInner::Struct { members } = inner {
                    let i = self
                        .const_index(ctx, index)
                        .ok_or_else(|| Error::invalid("dynamic struct member index"))?
                        as usize;
                    let m = members
                        .get(i)
                        .ok_or_else(|| Error::invalid("bad member index"))?;
                    let off = self
                        .bytes_member_offset(global, ty, i)?
                        .ok_or_else(|| Error::invalid("bad member index"))?;
                    let place = Place::Bytes {
                        buffer,
                        global,
                        offset: offset.plus(off),
                        ty: m.ty,
                    };
                    return Ok((place, 1));
                }
                let kind = self.bytes_kind(global, ty)?;
                match (inner, &kind) {
                    (TypeInner::Array { base, size }, LayoutKind::Array { stride }) => {
                        let n = match size {
                            ArraySize::Constant(n) => Some(*n),
                            ArraySize::Runtime => None,
                        };
                        let (base, stride) = (*base, *stride);
                        let offset = self.byte_index(ctx, global, offset, index, stride, n)?;
                        let place = Place::Bytes {
                            buffer,
                            global,
                            offset,
                            ty: base,
                        };
                        Ok((place, 1))
                    }
                    (
                        TypeInner::Matrix {
                            columns,
                            rows,
                            scalar,
                        },
                        LayoutKind::Matrix { column_stride },
                    ) => {
                        let (columns, rows, width) =
                            (columns.count(), rows.count(), u32::from(scalar.width));
                        let column_stride = *column_stride;
                        let mut offset = self.byte_index(
                            ctx,
                            global,
                            offset,
                            index,
                            column_stride,
                            Some(columns),
                        )?;
                        let mut taken = 1;
                        if let Some(c) = component {
                            offset = self.byte_index(ctx, global, offset, c, width, Some(rows))?;
                            taken = 2;
                        }
                        let place = Place::Bytes {
                            buffer,
                            global,
                            offset,
                            ty: end,
                        };
                        Ok((place, taken))
                    }
                    (TypeInner::Vector { size, scalar }, _) => {
                        let (n, width) = (size.count(), u32::from(scalar.width));
                        let offset = self.byte_index(ctx, global, offset, index, width, Some(n))?;
                        let place = Place::Bytes {
                            buffer,
                            global,
                            offset,
                            ty: end,
                        };
                        Ok((place, 1))
                    }
                    _ => Err(Error::invalid("access chain into a non-composite")),
                }
            }
        }
    }

    /// `.y` for constant component `index` of a vector of `n` components, else `[i]`.
    fn component_access(&mut self, ctx: &mut FnCtx<'_>, index: Handle<Value>, n: u32) -> R<String> {
        Ok(match self.const_index(ctx, index) {
            Some(c) if c < n => format!(".{}", vector_letter(c)),
            _ => format!("[{}]", self.index(ctx, index, Some(n))?.text),
        })
    }

    /// `offset` moved to element `index` of `n` (`None`: a runtime-sized array of buffer
    /// `global`) elements `stride` bytes apart.
    fn byte_index(
        &mut self,
        ctx: &mut FnCtx<'_>,
        global: Handle<GlobalVariable>,
        offset: Offset,
        index: Handle<Value>,
        stride: u32,
        n: Option<u32>,
    ) -> R<Offset> {
        if let Some(c) = self.const_index(ctx, index) {
            // A runtime-sized array's length is known only when the shader runs, so a constant
            // index may be past its end too.
            let in_range = match n {
                Some(n) => c < n,
                None => !self.options.bounds_checks,
            };
            if in_range {
                return Ok(offset.plus(c.wrapping_mul(stride)));
            }
        }
        let i = match n {
            Some(n) => self.index(ctx, index, Some(n))?,
            None => {
                let e = self.expr(ctx, index, 0)?;
                let u = self.as_uint(ctx, index, &e)?;
                if self.options.bounds_checks {
                    let len = self.array_length_helper(global)?;
                    Expr::atom(format!("min({}, {len}() - 1u)", u.text))
                } else {
                    u
                }
            }
        };
        let term = if stride == 1 {
            i.text
        } else {
            format!("{} * {stride}u", i.at(Prec::Multiplicative, Side::Left))
        };
        let mut offset = offset;
        offset.terms.push(term);
        Ok(offset)
    }

    /// The expression reading a place, or `None` when it takes statements (structs and arrays
    /// that are not stored as their value type).
    fn load_expr(&mut self, place: &Place) -> R<Option<Expr>> {
        match place {
            Place::Typed { expr, ty, repr } => Ok(match repr {
                Repr::Plain => Some(Expr::atom(expr.clone())),
                Repr::Vec4 { count } => Some(Expr::atom(format!("{expr}.{}", swizzle(*count)))),
                Repr::Mat4 { columns, rows } => {
                    let scalar = match self.ty(*ty)? {
                        TypeInner::Matrix { scalar, .. } => *scalar,
                        _ => Scalar::F32,
                    };
                    Some(Expr::new(
                        format!("({}{columns}x{rows}){expr}", self.scalar_name(scalar)?),
                        Prec::Unary,
                    ))
                }
                Repr::Struct(_) | Repr::Array(_) => None,
            }),
            Place::Bytes {
                buffer,
                global,
                offset,
                ty,
            } => {
                let raw = self.word_blocks.get(global).cloned();
                let word_load = match &raw {
                    Some(raw) => raw.load_name(1).to_owned(),
                    None => format!("{buffer}.Load"),
                };
                if let Some(e) = self.half_load(&word_load, *global, offset, *ty)? {
                    return Ok(Some(e));
                }
                let off = offset.render();
                // `{buffer}.Load{n}(offset)`, or a raw push-constant block's load function.
                let load = |n: u32, off: &str| match &raw {
                    Some(raw) => format!("{}({off})", raw.load_name(n)),
                    None if n == 1 => format!("{buffer}.Load({off})"),
                    None => format!("{buffer}.Load{n}({off})"),
                };
                Ok(match self.ty(*ty)? {
                    TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                        Some(Expr::atom(bitcast_from_uint(*s, &load(1, &off))?))
                    }
                    TypeInner::Vector { size, scalar } => Some(Expr::atom(bitcast_from_uint(
                        *scalar,
                        &load(size.count(), &off),
                    )?)),
                    TypeInner::Matrix {
                        columns,
                        rows,
                        scalar,
                    } => {
                        let stride = match self.bytes_kind(*global, *ty)? {
                            LayoutKind::Matrix { column_stride } => column_stride,
                            _ => 16,
                        };
                        let mut cols = Vec::new();
                        for c in 0..columns.count() {
                            cols.push(bitcast_from_uint(
                                *scalar,
                                &load(rows.count(), &offset.plus(c * stride).render()),
                            )?);
                        }
                        let name = self.type_name(*ty)?;
                        Some(Expr::atom(format!("{name}({})", cols.join(", "))))
                    }
                    _ => None,
                })
            }
        }
    }

    /// A `half` scalar, vector or matrix read from a storage buffer (or a constant buffer read
    /// as words), `None` for other types.
    ///
    /// Each half is the low or high 16 bits of the 32-bit word holding it (std430 puts halves
    /// at even offsets), widened exactly by `f16tof32`. DXC's `Load<float16_t>` would read
    /// them directly, but glslang's HLSL front end, the one this project can run, has no
    /// templated loads; this form means the same to both.
    ///
    /// `word_load` reads the 32-bit word at a byte offset: `buffer.Load`, or the load function
    /// of a constant buffer read as words; `global` is the buffer (for its layout rule).
    fn half_load(
        &mut self,
        word_load: &str,
        global: Handle<GlobalVariable>,
        offset: &Offset,
        ty: Handle<Type>,
    ) -> R<Option<Expr>> {
        let one = |off: &Offset| {
            let o = off.render();
            format!("float16_t(f16tof32({word_load}(({o}) & ~3u) >> ((({o}) & 2u) << 3u)))")
        };
        let vector = |off: &Offset, n: u32| {
            let parts: Vec<String> = (0..n).map(|k| one(&off.plus(2 * k))).collect();
            format!("float16_t{n}({})", parts.join(", "))
        };
        Ok(Some(match self.ty(ty)? {
            TypeInner::Scalar(s) if *s == Scalar::F16 => Expr::atom(one(offset)),
            TypeInner::Vector { size, scalar } if *scalar == Scalar::F16 => {
                Expr::atom(vector(offset, size.count()))
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } if *scalar == Scalar::F16 => {
                let stride = match self.bytes_kind(global, ty)? {
                    LayoutKind::Matrix { column_stride } => column_stride,
                    _ => 8,
                };
                let cols: Vec<String> = (0..columns.count())
                    .map(|c| vector(&offset.plus(c * stride), rows.count()))
                    .collect();
                let name = self.type_name(ty)?;
                Expr::atom(format!("{name}({})", cols.join(", ")))
            }
            _ => return Ok(None),
        }))
    }

    /// Writes a `half` scalar, vector or matrix `src` (a name) to a storage buffer; `false`
    /// for other types. Each half replaces its 16 bits of the word holding it with
    /// `InterlockedAnd` then `InterlockedOr`, so invocations writing the two halves of one word
    /// at once both land (a plain read-modify-write of the word would lose one).
    fn half_store(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        buffer: &str,
        offset: &Offset,
        ty: Handle<Type>,
        src: &str,
    ) -> R<bool> {
        let half = match self.ty(ty)? {
            TypeInner::Scalar(s)
            | TypeInner::Vector { scalar: s, .. }
            | TypeInner::Matrix { scalar: s, .. } => *s == Scalar::F16,
            _ => false,
        };
        if !half {
            return Ok(false);
        }
        // The value and the offset are each written once, then read per half. The cast is a
        // no-op for DXC; glslang types some half intrinsics (`dot`) as float.
        let name = self.type_name(ty)?;
        let value = namer.call("halves");
        out.line_fmt(format_args!("const {name} {value} = ({name})({src});"));
        let at = namer.call("at");
        out.line_fmt(format_args!("const uint {at} = {};", offset.render()));
        let offset = &Offset {
            constant: 0,
            terms: vec![at],
        };
        let src = value.as_str();
        let mut one = |off: &Offset, value: &str| {
            let o = off.render();
            out.line_fmt(format_args!(
                "{buffer}.InterlockedAnd(({o}) & ~3u, (({o}) & 2u) != 0u ? 0xffffu : 0xffff0000u);"
            ));
            out.line_fmt(format_args!(
                "{buffer}.InterlockedOr(({o}) & ~3u, f32tof16(float({value})) << ((({o}) & 2u) << 3u));"
            ));
        };
        match self.ty(ty)? {
            TypeInner::Scalar(s) if *s == Scalar::F16 => one(offset, src),
            TypeInner::Vector { size, scalar } if *scalar == Scalar::F16 => {
                for k in 0..size.count() {
                    one(&offset.plus(2 * k), &format!("{src}.{}", vector_letter(k)));
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } if *scalar == Scalar::F16 => {
                let stride = match self.std430_kind(ty)? {
                    LayoutKind::Matrix { column_stride } => column_stride,
                    _ => 8,
                };
                for c in 0..columns.count() {
                    for k in 0..rows.count() {
                        one(
                            &offset.plus(c * stride + 2 * k),
                            &format!("{src}[{c}].{}", vector_letter(k)),
                        );
                    }
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Statements that read a whole struct or array at `place` into variable `dst`.
    fn copy_load(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        dst: &str,
        place: &Place,
        depth: usize,
    ) -> R<()> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("types nest too deeply"));
        }
        if let Some(e) = self.load_expr(place)? {
            out.line_fmt(format_args!("{dst} = {};", e.text));
            return Ok(());
        }
        if let Place::Bytes {
            buffer,
            global,
            offset,
            ty,
        } = place
        {
            if self.copy_by_call(*ty)? {
                let helper = self.copy_helper(buffer, *global, *ty, false, depth)?;
                out.line_fmt(format_args!("{dst} = {helper}({});", offset.render()));
                return Ok(());
            }
        }
        if let Place::Typed {
            expr,
            ty,
            repr: Repr::Struct(variant),
        } = place
        {
            if self.copy_by_call(*ty)? {
                let helper = self.variant_helper(*variant, *ty, depth)?;
                out.line_fmt(format_args!("{dst} = {helper}({expr});"));
                return Ok(());
            }
        }
        self.copy_load_parts(out, namer, dst, place, depth)
    }

    /// [`Writer::copy_load`] of a struct or array part by part, inline.
    fn copy_load_parts(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        dst: &str,
        place: &Place,
        depth: usize,
    ) -> R<()> {
        let ty = match place {
            Place::Typed { ty, .. } | Place::Bytes { ty, .. } => *ty,
        };
        match self.ty(ty)? {
            TypeInner::Struct { members } => {
                for i in 0..members.len() as u32 {
                    let sub = self.const_step(place, i)?;
                    let access = self.part_access(ty, i)?;
                    self.copy_load(out, namer, &format!("{dst}{access}"), &sub, depth + 1)?;
                }
            }
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => {
                let i = namer.call("i");
                out.open(format!("for (uint {i} = 0u; {i} < {n}u; ++{i}) {{"));
                let sub = self.var_step(place, &i)?;
                self.copy_load(out, namer, &format!("{dst}[{i}]"), &sub, depth + 1)?;
                out.close("}");
            }
            _ => return Err(Error::invalid("cannot copy this type")),
        }
        Ok(())
    }

    /// Statements that write value expression `src` (a name) to a struct or array place.
    fn copy_store(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        place: &Place,
        src: &str,
        depth: usize,
    ) -> R<()> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("types nest too deeply"));
        }
        let (buffer, global, offset, ty) = match place {
            Place::Typed { expr, .. } => {
                out.line_fmt(format_args!("{expr} = {src};"));
                return Ok(());
            }
            Place::Bytes {
                buffer,
                global,
                offset,
                ty,
            } => (buffer.clone(), *global, offset.clone(), *ty),
        };
        if self.half_store(out, namer, &buffer, &offset, ty, src)? {
            return Ok(());
        }
        let off = offset.render();
        match self.ty(ty)? {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
                out.line_fmt(format_args!(
                    "{buffer}.Store({off}, {});",
                    bitcast_to_uint(*s, src)?
                ));
            }
            TypeInner::Vector { size, scalar } => {
                out.line_fmt(format_args!(
                    "{buffer}.Store{}({off}, {});",
                    size.count(),
                    bitcast_to_uint(*scalar, src)?
                ));
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let stride = match self.std430_kind(ty)? {
                    LayoutKind::Matrix { column_stride } => column_stride,
                    _ => 16,
                };
                for c in 0..columns.count() {
                    out.line_fmt(format_args!(
                        "{buffer}.Store{}({}, {});",
                        rows.count(),
                        offset.plus(c * stride).render(),
                        bitcast_to_uint(*scalar, &format!("{src}[{c}]"))?
                    ));
                }
            }
            TypeInner::Struct { .. } | TypeInner::Array { .. } if self.copy_by_call(ty)? => {
                let helper = self.copy_helper(&buffer, global, ty, true, depth)?;
                out.line_fmt(format_args!("{helper}({off}, {src});"));
            }
            _ => self.copy_store_parts(out, namer, place, src, depth)?,
        }
        Ok(())
    }

    /// [`Writer::copy_store`] of a struct or array part by part, inline.
    fn copy_store_parts(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        place: &Place,
        src: &str,
        depth: usize,
    ) -> R<()> {
        let ty = match place {
            Place::Typed { ty, .. } | Place::Bytes { ty, .. } => *ty,
        };
        match self.ty(ty)? {
            TypeInner::Struct { members } => {
                for i in 0..members.len() as u32 {
                    let sub = self.const_step(place, i)?;
                    let access = self.part_access(ty, i)?;
                    self.copy_store(out, namer, &sub, &format!("{src}{access}"), depth + 1)?;
                }
            }
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => {
                let i = namer.call("i");
                out.open(format!("for (uint {i} = 0u; {i} < {n}u; ++{i}) {{"));
                let sub = self.var_step(place, &i)?;
                self.copy_store(out, namer, &sub, &format!("{src}[{i}]"), depth + 1)?;
                out.close("}");
            }
            _ => return Err(Error::invalid("cannot store this type")),
        }
        Ok(())
    }

    /// Whether copies of `ty` to or from a byte-address buffer call a function of their own.
    fn copy_by_call(&mut self, ty: Handle<Type>) -> R<bool> {
        Ok(matches!(
            self.ty(ty)?,
            TypeInner::Struct { .. } | TypeInner::Array { .. }
        ) && self.copy_parts.of(&self.module.types, ty) > COPY_INLINE_LIMIT)
    }

    /// The function that reads constant-buffer layout struct `variant` (of IR struct `ty`) into
    /// a value, written once per layout struct, after the functions it calls.
    fn variant_helper(&mut self, variant: usize, ty: Handle<Type>, depth: usize) -> R<String> {
        if let Some(name) = self.variant_helpers.get(&variant) {
            return Ok(name.clone());
        }
        let variant_name = self
            .variant_names
            .get(variant)
            .cloned()
            .ok_or_else(|| Error::invalid("layout struct without a name"))?;
        let type_name = self.type_name(ty)?;
        let name = self
            .internal_names
            .fresh(&format!("luma_from_{variant_name}"));
        self.variant_helpers.insert(variant, name.clone());
        let mut namer = self.namer.clone();
        let place = Place::Typed {
            expr: "luma_value".to_string(),
            ty,
            repr: Repr::Struct(variant),
        };
        let mut body = CodeWriter::new();
        body.indent();
        body.line(format!("{type_name} luma_result;"));
        self.copy_load_parts(&mut body, &mut namer, "luma_result", &place, depth)?;
        body.line("return luma_result;");
        self.helpers.text.push_str(&format!(
            "// Reads `{type_name}` out of its constant-buffer layout.\n\
             {type_name} {name}({variant_name} luma_value) {{\n{}}}\n\n",
            body.finish()
        ));
        Ok(name)
    }

    /// The function that loads (`store`: stores) a `ty` at a byte offset of buffer `global`
    /// (named `buffer`), written once per buffer, type and direction, after the functions it
    /// calls and before the code that calls it.
    fn copy_helper(
        &mut self,
        buffer: &str,
        global: Handle<GlobalVariable>,
        ty: Handle<Type>,
        store: bool,
        depth: usize,
    ) -> R<String> {
        if let Some(name) = self.copy_helpers.get(&(global, ty, store)) {
            return Ok(name.clone());
        }
        // An identifier for the type: its struct name, or the typedef HLSL functions need to
        // return an array.
        let type_name = match self.ty(ty)? {
            TypeInner::Array { .. } => self.array_typedef(ty)?,
            _ => self.type_name(ty)?,
        };
        let verb = if store { "store" } else { "load" };
        let name = self
            .internal_names
            .fresh(&format!("luma_{verb}_{buffer}_{type_name}"));
        self.copy_helpers.insert((global, ty, store), name.clone());
        // Its own names: the module's (globals stay visible) and the two `luma_` parameters.
        let mut namer = self.namer.clone();
        let place = Place::Bytes {
            buffer: buffer.to_string(),
            global,
            offset: Offset {
                constant: 0,
                terms: vec!["luma_offset".to_string()],
            },
            ty,
        };
        let mut body = CodeWriter::new();
        body.indent();
        let value = "luma_value";
        if store {
            self.copy_store_parts(&mut body, &mut namer, &place, value, depth)?;
        } else {
            body.line(self.decl(ty, value, false)? + ";");
            self.copy_load_parts(&mut body, &mut namer, value, &place, depth)?;
            body.line(format!("return {value};"));
        }
        let signature = if store {
            format!(
                "void {name}(uint luma_offset, {})",
                self.decl(ty, value, false)?
            )
        } else {
            format!("{type_name} {name}(uint luma_offset)")
        };
        self.helpers.text.push_str(&format!(
            "// Copies `{type_name}` {} `{buffer}` at a byte offset.\n{signature} {{\n{}}}\n\n",
            if store { "into" } else { "out of" },
            body.finish()
        ));
        Ok(name)
    }

    /// The place of constant part `i` of a struct or array place.
    fn const_step(&mut self, place: &Place, i: u32) -> R<Place> {
        self.part_step(place, &i.to_string(), Some(i))
    }

    /// The place of element `[var]` of an array place (`var` in range).
    fn var_step(&mut self, place: &Place, var: &str) -> R<Place> {
        self.part_step(place, var, None)
    }

    fn part_step(&mut self, place: &Place, index: &str, constant: Option<u32>) -> R<Place> {
        match place {
            Place::Typed { expr, ty, repr } => {
                let ty = *ty;
                match self.ty(ty)? {
                    TypeInner::Struct { members } => {
                        let i = constant.ok_or_else(|| Error::invalid("dynamic member"))?;
                        let m = members
                            .get(i as usize)
                            .ok_or_else(|| Error::invalid("bad member index"))?;
                        let next = self.member_repr(repr, i as usize);
                        Ok(Place::Typed {
                            expr: format!("{expr}{}", self.part_access(ty, i)?),
                            ty: m.ty,
                            repr: next,
                        })
                    }
                    TypeInner::Array { base, .. } => Ok(Place::Typed {
                        expr: format!("{expr}[{index}]"),
                        ty: *base,
                        repr: match repr {
                            Repr::Array(inner) => (**inner).clone(),
                            _ => Repr::Plain,
                        },
                    }),
                    _ => Err(Error::invalid("part of a non-aggregate")),
                }
            }
            Place::Bytes {
                buffer,
                global,
                offset,
                ty,
            } => {
                if let TypeInner::Struct { members } = self.ty(*ty)? {
                    let i = constant.ok_or_else(|| Error::invalid("dynamic member"))?;
                    let m = members
                        .get(i as usize)
                        .ok_or_else(|| Error::invalid("bad member index"))?;
                    let off = self
                        .bytes_member_offset(*global, *ty, i as usize)?
                        .unwrap_or(0);
                    return Ok(Place::Bytes {
                        buffer: buffer.clone(),
                        global: *global,
                        offset: offset.plus(off),
                        ty: m.ty,
                    });
                }
                let kind = self.bytes_kind(*global, *ty)?;
                match (self.ty(*ty)?, kind) {
                    (TypeInner::Array { base, .. }, LayoutKind::Array { stride }) => {
                        let mut offset = offset.clone();
                        match constant {
                            Some(c) => offset = offset.plus(c.wrapping_mul(stride)),
                            None => offset.terms.push(format!("{index} * {stride}u")),
                        }
                        Ok(Place::Bytes {
                            buffer: buffer.clone(),
                            global: *global,
                            offset,
                            ty: *base,
                        })
                    }
                    _ => Err(Error::invalid("part of a non-aggregate")),
                }
            }
        }
    }

    fn write_store(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        place: &Place,
        value: Handle<Value>,
    ) -> R<()> {
        let e = self.expr(ctx, value, 0)?;
        match place {
            Place::Typed { expr, repr, .. } => {
                if *repr != Repr::Plain {
                    return Err(Error::invalid("store into a constant buffer"));
                }
                out.line_fmt(format_args!("{expr} = {};", e.text));
                Ok(())
            }
            Place::Bytes { ty, .. } => {
                let simple = matches!(
                    self.ty(*ty)?,
                    TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_)
                );
                // A value written in parts is named once, so it is evaluated once.
                let src = if simple || is_identifier(&e.text) {
                    e.text
                } else {
                    let name = ctx.namer.call("stored");
                    let d = self.decl(self.value_ty(ctx.func, value)?, &name, false)?;
                    out.line_fmt(format_args!("const {d} = {};", e.text));
                    name
                };
                self.copy_store(out, &mut ctx.namer, place, &src, 0)
            }
        }
    }

    /// The helper that returns the element count of the runtime-sized array of `global`.
    fn array_length_helper(&mut self, global: Handle<GlobalVariable>) -> R<String> {
        let key = format!("length:{}", global.index());
        if let Some(name) = self.helpers.names.get(&key) {
            return Ok(name.clone());
        }
        let g = self
            .module
            .globals
            .get(global)
            .ok_or_else(|| Error::invalid("bad global handle"))?;
        let gname = self
            .global_names
            .get(global.index())
            .cloned()
            .unwrap_or_default();
        // The runtime array is the global's type or its struct's last member.
        let (offset, array_ty) = match self.ty(g.ty)? {
            TypeInner::Array { .. } => (0, g.ty),
            TypeInner::Struct { members } => {
                let last = members
                    .last()
                    .ok_or_else(|| Error::invalid("empty storage struct"))?;
                let offsets = match self.std430_kind(g.ty)? {
                    LayoutKind::Struct { offsets } => offsets,
                    _ => Vec::new(),
                };
                (offsets.last().copied().unwrap_or(0), last.ty)
            }
            _ => return Err(Error::invalid("array length of a non-array")),
        };
        let stride = match self.std430_kind(array_ty)? {
            LayoutKind::Array { stride } => stride,
            _ => return Err(Error::invalid("array length of a non-array")),
        };
        let name = self.internal_names.fresh(&format!("luma_length_{gname}"));
        self.helpers.names.insert(key, name.clone());
        let count = if offset == 0 {
            format!("size / {stride}u")
        } else {
            format!("size < {offset}u ? 0u : (size - {offset}u) / {stride}u")
        };
        self.helpers.text.push_str(&format!(
            "// Element count of the runtime-sized array of `{gname}` (offset {offset}, stride {stride}).\n\
             uint {name}() {{\n    uint size;\n    {gname}.GetDimensions(size);\n\
             #if !defined(__HLSL_VERSION)\n    \
             // glslang reports 32-bit words where HLSL (DXC) reports bytes.\n    \
             size *= 4u;\n\
             #endif\n    \
             return {count};\n}}\n\n"
        ));
        Ok(name)
    }
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `text` (a `uint` expression of the same shape) reinterpreted as scalar kind `s`.
fn bitcast_from_uint(s: Scalar, text: &str) -> R<String> {
    Ok(match (s.kind, s.width) {
        (ScalarKind::Uint, 4) => text.to_string(),
        (ScalarKind::Sint, 4) => format!("asint({text})"),
        (ScalarKind::Float, 4) => format!("asfloat({text})"),
        _ => return Err(Error::unsupported(
            "16-bit and boolean values in storage buffers are not supported by the HLSL back end",
        )),
    })
}

/// `text` reinterpreted as `uint`.
fn bitcast_to_uint(s: Scalar, text: &str) -> R<String> {
    Ok(match (s.kind, s.width) {
        (ScalarKind::Uint, 4) => text.to_string(),
        (ScalarKind::Sint, 4) | (ScalarKind::Float, 4) => format!("asuint({text})"),
        _ => return Err(Error::unsupported(
            "16-bit and boolean values in storage buffers are not supported by the HLSL back end",
        )),
    })
}

// ---------------------------------------------------------------------------------------------
// Atomics

impl<'a> Writer<'a> {
    #[allow(clippy::too_many_arguments)]
    fn write_atomic(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        fun: AtomicFunction,
        pointer: Handle<Value>,
        operand: Handle<Value>,
        comparator: Option<Handle<Value>>,
    ) -> R<()> {
        let func = ctx.func;
        let ty = self.value_ty(func, v)?;
        let scalar = match self.ty(ty)? {
            TypeInner::Scalar(s) => *s,
            _ => return Err(Error::invalid("atomic of a non-scalar")),
        };
        let signed = scalar.kind == ScalarKind::Sint;
        let place = self.place(ctx, pointer, 0)?;
        let value = self.expr(ctx, operand, 0)?;
        let cmp = match comparator {
            Some(c) => Some(self.expr(ctx, c, 0)?),
            None => None,
        };
        let t = self.scalar_name(scalar)?;
        let name = self.var_name(ctx, v, "old");
        match &place {
            Place::Typed { expr, .. } => {
                let operand = if fun == AtomicFunction::Subtract {
                    if signed {
                        format!("asint(0u - asuint({}))", value.text)
                    } else {
                        format!("0u - {}", value.at(Prec::Additive, Side::Right))
                    }
                } else {
                    value.text.clone()
                };
                out.line_fmt(format_args!("{t} {name};"));
                let call = match fun {
                    AtomicFunction::CompareExchange => format!(
                        "InterlockedCompareExchange({expr}, {}, {operand}, {name});",
                        cmp.map(|c| c.text).unwrap_or_default()
                    ),
                    _ => format!("{}({expr}, {operand}, {name});", interlocked(fun)),
                };
                out.line(call);
            }
            Place::Bytes { buffer, offset, .. } => {
                let off = offset.render();
                let as_u = |e: &Expr| {
                    if signed {
                        format!("asuint({})", e.text)
                    } else {
                        e.text.clone()
                    }
                };
                if signed && matches!(fun, AtomicFunction::Min | AtomicFunction::Max) {
                    // Byte-address buffers hold `uint`; a signed minimum or maximum needs a
                    // compare-exchange loop (glslang would compare unsigned).
                    let helper = self.signed_minmax_helper(buffer, fun == AtomicFunction::Min)?;
                    out.line_fmt(format_args!(
                        "const int {name} = {helper}({off}, {});",
                        value.text
                    ));
                    return Ok(());
                }
                let raw = if signed {
                    ctx.namer.call("old_bits")
                } else {
                    name.clone()
                };
                out.line_fmt(format_args!("uint {raw};"));
                let operand = if fun == AtomicFunction::Subtract {
                    format!(
                        "0u - {}",
                        if signed {
                            as_u(&value)
                        } else {
                            value.at(Prec::Additive, Side::Right)
                        }
                    )
                } else {
                    as_u(&value)
                };
                let call = match fun {
                    AtomicFunction::CompareExchange => format!(
                        "{buffer}.InterlockedCompareExchange({off}, {}, {operand}, {raw});",
                        cmp.as_ref().map(as_u).unwrap_or_default()
                    ),
                    _ => format!("{buffer}.{}({off}, {operand}, {raw});", interlocked(fun)),
                };
                out.line(call);
                if signed {
                    out.line_fmt(format_args!("const int {name} = asint({raw});"));
                }
            }
        }
        Ok(())
    }

    /// `atomic_load` as an `InterlockedAdd` of zero. HLSL has no atomic load, and a plain read
    /// of a value that other invocations update atomically is a data race: the compiler may
    /// hoist it out of a polling loop, and a non-`globallycoherent` buffer read may see a stale
    /// value. Adding zero is how HLSL code reads atomically (as the GLSL writer's
    /// `atomicAdd(x, 0)`), and returns the value.
    fn write_atomic_load(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        pointer: Handle<Value>,
    ) -> R<()> {
        let ty = self.value_ty(ctx.func, v)?;
        let scalar = match self.ty(ty)? {
            TypeInner::Scalar(s) => *s,
            _ => return Err(Error::invalid("atomic load of a non-scalar")),
        };
        let signed = scalar.kind == ScalarKind::Sint;
        let place = self.place(ctx, pointer, 0)?;
        let t = self.scalar_name(scalar)?;
        let name = self.var_name(ctx, v, "value");
        match &place {
            Place::Typed { expr, .. } => {
                let zero = if signed { "0" } else { "0u" };
                out.line_fmt(format_args!("{t} {name};"));
                out.line_fmt(format_args!("InterlockedAdd({expr}, {zero}, {name});"));
            }
            Place::Bytes { buffer, offset, .. } => {
                let off = offset.render();
                let raw = if signed {
                    ctx.namer.call("bits")
                } else {
                    name.clone()
                };
                out.line_fmt(format_args!("uint {raw};"));
                out.line_fmt(format_args!("{buffer}.InterlockedAdd({off}, 0u, {raw});"));
                if signed {
                    out.line_fmt(format_args!("const int {name} = asint({raw});"));
                }
            }
        }
        Ok(())
    }

    fn signed_minmax_helper(&mut self, buffer: &str, min: bool) -> R<String> {
        let op = if min { "min" } else { "max" };
        let key = format!("atomic_{op}:{buffer}");
        if let Some(n) = self.helpers.names.get(&key) {
            return Ok(n.clone());
        }
        let name = self
            .internal_names
            .fresh(&format!("luma_atomic_{op}_{buffer}"));
        self.helpers.names.insert(key, name.clone());
        self.helpers.text.push_str(&format!(
            "// Atomic signed {op} on `{buffer}`; returns the value before.\n\
             int {name}(uint offset, int value) {{\n    \
             uint expected = {buffer}.Load(offset);\n    \
             [allow_uav_condition] while (true) {{\n        \
             uint replacement = asuint({op}(asint(expected), value));\n        \
             uint original;\n        \
             {buffer}.InterlockedCompareExchange(offset, expected, replacement, original);\n        \
             if (original == expected) {{\n            return asint(original);\n        }}\n        \
             expected = original;\n    }}\n    return 0;\n}}\n\n"
        ));
        Ok(name)
    }
}

fn interlocked(fun: AtomicFunction) -> &'static str {
    match fun {
        AtomicFunction::Add | AtomicFunction::Subtract => "InterlockedAdd",
        AtomicFunction::And => "InterlockedAnd",
        AtomicFunction::Or => "InterlockedOr",
        AtomicFunction::Xor => "InterlockedXor",
        AtomicFunction::Min => "InterlockedMin",
        AtomicFunction::Max => "InterlockedMax",
        AtomicFunction::Exchange => "InterlockedExchange",
        AtomicFunction::CompareExchange => "InterlockedCompareExchange",
    }
}

// ---------------------------------------------------------------------------------------------
// Operations

impl<'a> Writer<'a> {
    /// Emits helper `base` for type `ty_name` once (HLSL overloads share the name) and returns
    /// the name.
    fn helper(&mut self, base: &str, ty_name: &str, make: impl FnOnce(&str) -> String) -> String {
        let name = match self.helpers.names.get(base) {
            Some(n) => n.clone(),
            None => {
                let n = self.internal_names.fresh(base);
                self.helpers.names.insert(base.to_string(), n.clone());
                n
            }
        };
        let key = format!("{base}:{ty_name}");
        if let std::collections::btree_map::Entry::Vacant(slot) = self.helpers.emitted.entry(key) {
            slot.insert(());
            let text = make(&name);
            self.helpers.text.push_str(&text);
            self.helpers.text.push('\n');
        }
        name
    }

    /// The helper that calls `function` (`mul`, `transpose`, `determinant`) on `half`
    /// operands: DXC and Slang have those overloads, glslang's HLSL front end has none, so
    /// there (no `__HLSL_VERSION`) the operands are widened to `float` and the result is
    /// rounded to `half` once.
    fn half_via_float_helper(
        &mut self,
        function: &str,
        operands: &[Handle<Type>],
        result: Handle<Type>,
    ) -> R<String> {
        let mut names = Vec::with_capacity(operands.len());
        for &ty in operands {
            names.push(self.type_name(ty)?);
        }
        let result_name = self.type_name(result)?;
        let params: Vec<String> = names
            .iter()
            .zip(["a", "b"])
            .map(|(ty, p)| format!("{ty} {p}"))
            .collect();
        let plain: Vec<&str> = ["a", "b"].into_iter().take(names.len()).collect();
        let widened: Vec<String> = names
            .iter()
            .zip(["a", "b"])
            .map(|(ty, p)| format!("({}){p}", ty.replacen("float16_t", "float", 1)))
            .collect();
        let key = names.join(",");
        Ok(self.helper(&format!("luma_{function}_half"), &key, |name| {
            format!(
                "// `{function}` of `half` operands: glslang's HLSL front end has none, so there it is taken in float.\n\
                 {result_name} {name}({}) {{\n\
                 #if defined(__HLSL_VERSION)\n    return {function}({});\n\
                 #else\n    return ({result_name}){function}({});\n#endif\n}}\n",
                params.join(", "),
                plain.join(", "),
                widened.join(", ")
            )
        }))
    }

    fn op_expr(&mut self, ctx: &mut FnCtx<'_>, op: &Op, ty: Handle<Type>, depth: u32) -> R<Expr> {
        let func = ctx.func;
        Ok(match op {
            Op::Unary { op: uop, arg } => {
                let a = self.expr(ctx, *arg, depth)?;
                let kind = self.value_inner(func, *arg)?.scalar_kind_of();
                match (uop, kind) {
                    (UnaryOp::Negate, Some(ScalarKind::Sint)) => {
                        let bits = format!(
                            "0u - {}",
                            self.uint_bits(ctx, *arg, &a)
                                .at(Prec::Additive, Side::Right)
                        );
                        let mut e = Expr::atom(format!("asint({bits})"));
                        e.bits = Some((bits, Prec::Additive));
                        e
                    }
                    (UnaryOp::Negate, Some(ScalarKind::Uint)) => Expr::new(
                        format!("0u - {}", a.at(Prec::Additive, Side::Right)),
                        Prec::Additive,
                    ),
                    (UnaryOp::Negate, _) => a.prefix("-"),
                    (UnaryOp::LogicalNot, _) => a.prefix("!"),
                    (UnaryOp::BitNot, _) => a.prefix("~"),
                }
            }
            Op::Binary { op: bop, lhs, rhs } => self.binary(ctx, *bop, *lhs, *rhs, ty, depth)?,
            Op::Product { kind, lhs, rhs } => {
                let l = self.expr(ctx, *lhs, depth)?;
                let r = self.expr(ctx, *rhs, depth)?;
                match kind {
                    ProductKind::VectorTimesScalar | ProductKind::MatrixTimesScalar => {
                        infix("*", Prec::Multiplicative, &l, &r)
                    }
                    // The HLSL matrix is the transpose of Luma's, so the operands swap.
                    ProductKind::MatrixTimesVector
                    | ProductKind::VectorTimesMatrix
                    | ProductKind::MatrixTimesMatrix => {
                        if self.holds_half(ty) {
                            let operands = [self.value_ty(func, *rhs)?, self.value_ty(func, *lhs)?];
                            let name = self.half_via_float_helper("mul", &operands, ty)?;
                            Expr::atom(format!("{name}({}, {})", r.text, l.text))
                        } else {
                            Expr::atom(format!("mul({}, {})", r.text, l.text))
                        }
                    }
                }
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.expr(ctx, *condition, depth)?;
                let a = self.expr(ctx, *accept, depth)?;
                let b = self.expr(ctx, *reject, depth)?;
                match self.value_inner(func, *condition)? {
                    TypeInner::Vector { size, .. } => {
                        let n = size.count();
                        let tn = self.type_name(ty)?;
                        let parts: Vec<String> = (0..n)
                            .map(|i| {
                                let l = vector_letter(i);
                                format!("c.{l} ? a.{l} : b.{l}")
                            })
                            .collect();
                        let helper = self.helper("luma_select", &tn, |name| {
                            format!(
                                "// Per-component select (HLSL 2021 rejects `?:` on vectors).\n\
                                 {tn} {name}(bool{n} c, {tn} a, {tn} b) {{\n    return {tn}({});\n}}\n",
                                parts.join(", ")
                            )
                        });
                        Expr::atom(format!("{helper}({}, {}, {})", c.text, a.text, b.text))
                    }
                    _ => Expr::new(
                        format!(
                            "{} ? {} : {}",
                            c.at(Prec::Conditional, Side::Left),
                            a.at(Prec::Conditional, Side::Right),
                            b.at(Prec::Conditional, Side::Right)
                        ),
                        Prec::Conditional,
                    ),
                }
            }
            Op::Splat { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let tn = self.type_name(ty)?;
                e.prefix(&format!("({tn})"))
            }
            Op::Compose { components } => {
                let mut parts = Vec::new();
                for c in components {
                    parts.push(self.expr(ctx, *c, depth)?.text);
                }
                let tn = self.type_name(ty)?;
                Expr::atom(format!("{tn}({})", parts.join(", ")))
            }
            Op::Extract { base, index } => {
                let b = self.expr(ctx, *base, depth)?;
                let bty = self.value_ty(func, *base)?;
                let access = self.part_access(bty, *index)?;
                Expr::atom(format!("{}{access}", b.at(Prec::Primary, Side::Left)))
            }
            Op::ExtractDynamic { base, index } => {
                let b = self.expr(ctx, *base, depth)?;
                let n = self.value_inner(func, *base)?.vector_count();
                let i = self.index(ctx, *index, n)?;
                Expr::atom(format!("{}[{}]", b.at(Prec::Primary, Side::Left), i.text))
            }
            Op::Shuffle { a, b, pattern } => {
                let ea = self.expr(ctx, *a, depth)?;
                let na = self.value_inner(func, *a)?.vector_count().unwrap_or(1);
                let from_a = a == b || pattern.iter().all(|&p| p < na);
                if from_a {
                    let s: String = pattern.iter().map(|&p| vector_letter(p % na)).collect();
                    Expr::atom(format!("{}.{s}", ea.at(Prec::Primary, Side::Left)))
                } else {
                    let eb = self.expr(ctx, *b, depth)?;
                    let mut groups: Vec<(bool, String)> = Vec::new();
                    for &p in pattern {
                        let (first, letter) = if p < na {
                            (true, vector_letter(p))
                        } else {
                            (false, vector_letter(p - na))
                        };
                        match groups.last_mut() {
                            Some((f, s)) if *f == first => s.push_str(letter),
                            _ => groups.push((first, letter.to_string())),
                        }
                    }
                    let parts: Vec<String> = groups
                        .iter()
                        .map(|(first, s)| {
                            let e = if *first { &ea } else { &eb };
                            format!("{}.{s}", e.at(Prec::Primary, Side::Left))
                        })
                        .collect();
                    let tn = self.type_name(ty)?;
                    Expr::atom(format!("{tn}({})", parts.join(", ")))
                }
            }
            Op::Convert { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let tn = self.type_name(ty)?;
                let from = self.value_inner(func, *value)?.scalar_or_vector();
                let to = self.ty(ty)?.scalar_or_vector();
                let half = |s: Scalar| s.kind == ScalarKind::Float && s.width == 2;
                let other = |s: Scalar| s.kind != ScalarKind::Float;
                match (from, to) {
                    // Between `half` and an integer or bool, through `float`: glslang's HLSL
                    // front end (the one this project can run) has no such constructor. The
                    // value is the same: every half is a float; an integer below 65520 in
                    // magnitude converts to float exactly, and a larger one to a float at or
                    // past 65520, which is infinity in half as the integer is.
                    (Some((f, size)), Some((t, _)))
                        if (half(f) && other(t)) || (other(f) && half(t)) =>
                    {
                        let via = match size {
                            Some(n) => format!("float{}", n.count()),
                            None => "float".to_string(),
                        };
                        Expr::atom(format!("{tn}({via}({}))", e.text))
                    }
                    _ => Expr::atom(format!("{tn}({})", e.text)),
                }
            }
            Op::Bitcast { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let f = match self.ty(ty)?.scalar_kind_of() {
                    Some(ScalarKind::Float) => "asfloat",
                    Some(ScalarKind::Sint) => "asint",
                    Some(ScalarKind::Uint) => "asuint",
                    _ => return Err(Error::invalid("bitcast to a non-numeric type")),
                };
                let from_uint =
                    self.value_inner(func, *value)?.scalar_kind_of() == Some(ScalarKind::Uint);
                let mut out = Expr::atom(format!("{f}({})", e.text));
                if f == "asint" && from_uint {
                    out.bits = Some((e.text.clone(), e.prec));
                }
                out
            }
            Op::Relational { fun, arg } => {
                let e = self.expr(ctx, *arg, depth)?;
                let f = match fun {
                    RelationalFunction::All => "all",
                    RelationalFunction::Any => "any",
                    RelationalFunction::IsNan => "isnan",
                    RelationalFunction::IsInf => "isinf",
                };
                Expr::atom(format!("{f}({})", e.text))
            }
            Op::Math { fun, args } => {
                let e = self.math(ctx, *fun, args, ty, depth)?;
                if self.holds_half(ty) {
                    // glslang's HLSL front end types most intrinsics of `half` arguments
                    // (`max`, `lerp`, `normalize`, ...) as `float`, which it then will not
                    // return or store as `half` without a cast; for DXC and Slang it is a no-op.
                    let name = self.type_name(ty)?;
                    Expr::atom(format!("(({name}){})", e.text))
                } else {
                    e
                }
            }
            Op::Derivative { axis, control, arg } => {
                let e = self.expr(ctx, *arg, depth)?;
                let suffix = match control {
                    DerivativeControl::None => "",
                    DerivativeControl::Coarse => "_coarse",
                    DerivativeControl::Fine => "_fine",
                };
                match axis {
                    DerivativeAxis::X => Expr::atom(format!("ddx{suffix}({})", e.text)),
                    DerivativeAxis::Y => Expr::atom(format!("ddy{suffix}({})", e.text)),
                    DerivativeAxis::Width if suffix.is_empty() => {
                        Expr::atom(format!("fwidth({})", e.text))
                    }
                    DerivativeAxis::Width => Expr::new(
                        format!("abs(ddx{suffix}({0})) + abs(ddy{suffix}({0}))", e.text),
                        Prec::Additive,
                    ),
                }
            }
            Op::Load { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                self.load_expr(&place)?
                    .ok_or_else(|| Error::invalid("composite load in an expression"))?
            }
            Op::ArrayLength { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                let Place::Bytes { global, .. } = place else {
                    return Err(Error::invalid("array length outside a storage buffer"));
                };
                let helper = self.array_length_helper(global)?;
                Expr::atom(format!("{helper}()"))
            }
            Op::Call { function, args } => self.call_expr(ctx, *function, args)?,
            Op::ImageSample(sample) => {
                let ImageSample {
                    image,
                    sampler,
                    coordinate,
                    array_index,
                    level,
                    depth_ref,
                    offset,
                    gather,
                } = &**sample;
                let img = self.expr(ctx, *image, depth)?;
                let smp = self.expr(ctx, *sampler, depth)?;
                let mut coord = self.expr(ctx, *coordinate, depth)?.text;
                if let Some(layer) = array_index {
                    let l = self.expr(ctx, *layer, depth)?;
                    let n = self
                        .value_inner(func, *coordinate)?
                        .vector_count()
                        .unwrap_or(1)
                        + 1;
                    coord = format!("float{n}({coord}, float({}))", l.text);
                }
                let off = match offset {
                    Some(c) => format!(", {}", self.constant_expr(*c)?.text),
                    None => String::new(),
                };
                let dref = match depth_ref {
                    Some(d) => Some(self.expr(ctx, *d, depth)?.text),
                    None => None,
                };
                let i = img.at(Prec::Primary, Side::Left);
                let s = smp.text;
                if let Some(component) = gather {
                    let cube = matches!(
                        self.value_inner(func, *image)?,
                        TypeInner::Image {
                            dim: ImageDimension::Cube,
                            ..
                        }
                    );
                    // `Gather` is `GatherRed`; the others name their component.
                    let text = match dref {
                        // glslang's HLSL front end reads `GatherCmp` without an offset as
                        // AMD's gather with a bias (an `OpImageDrefGather` with `Bias`, which
                        // Vulkan rejects); a zero offset is the same gather for every
                        // compiler. Cube textures take no offset.
                        Some(r) if off.is_empty() && !cube => {
                            format!("{i}.GatherCmp({s}, {coord}, {r}, int2(0, 0))")
                        }
                        Some(r) => format!("{i}.GatherCmp({s}, {coord}, {r}{off})"),
                        None => {
                            let which = match component {
                                0 => "Red",
                                1 => "Green",
                                2 => "Blue",
                                _ => "Alpha",
                            };
                            format!("{i}.Gather{which}({s}, {coord}{off})")
                        }
                    };
                    return Ok(Expr::atom(text));
                }
                let text = match (level, dref) {
                    (SampleLevel::Auto, None) => format!("{i}.Sample({s}, {coord}{off})"),
                    (SampleLevel::Auto, Some(r)) => {
                        format!("{i}.SampleCmp({s}, {coord}, {r}{off})")
                    }
                    (SampleLevel::Zero, None) => format!("{i}.SampleLevel({s}, {coord}, 0.0{off})"),
                    (SampleLevel::Zero, Some(r)) => {
                        format!("{i}.SampleCmpLevelZero({s}, {coord}, {r}{off})")
                    }
                    (SampleLevel::Exact(l), None) => {
                        let l = self.expr(ctx, *l, depth)?.text;
                        format!("{i}.SampleLevel({s}, {coord}, {l}{off})")
                    }
                    (SampleLevel::Exact(l), Some(r)) => {
                        if self.options.shader_model < (6, 7) {
                            return Err(Error::unsupported(
                                "depth comparison at an explicit level needs shader model 6.7",
                            ));
                        }
                        let l = self.expr(ctx, *l, depth)?.text;
                        format!("{i}.SampleCmpLevel({s}, {coord}, {r}, {l}{off})")
                    }
                    (SampleLevel::Bias(b), None) => {
                        let b = self.expr(ctx, *b, depth)?.text;
                        format!("{i}.SampleBias({s}, {coord}, {b}{off})")
                    }
                    (SampleLevel::Gradient { x, y }, None) => {
                        let x = self.expr(ctx, *x, depth)?.text;
                        let y = self.expr(ctx, *y, depth)?.text;
                        format!("{i}.SampleGrad({s}, {coord}, {x}, {y}{off})")
                    }
                    (SampleLevel::Bias(_) | SampleLevel::Gradient { .. }, Some(_)) => {
                        return Err(Error::unsupported(
                            "depth comparison with a bias or gradients is not supported in HLSL \
                             before shader model 6.8",
                        ))
                    }
                };
                Expr::atom(text)
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                let img = self.expr(ctx, *image, depth)?;
                let coord = self.expr(ctx, *coordinate, depth)?.text;
                let n = self
                    .value_inner(func, *coordinate)?
                    .vector_count()
                    .unwrap_or(1);
                let layer = match array_index {
                    Some(l) => Some(self.expr(ctx, *l, depth)?.text),
                    None => None,
                };
                let i = img.at(Prec::Primary, Side::Left);
                if self.options.bounds_checks {
                    let ity = self.value_ty(func, *image)?;
                    let (helper, count) = self.texel_fetch_helper(ity, ty)?;
                    let unsigned = self.value_inner(func, *coordinate)?.scalar_kind_of()
                        == Some(ScalarKind::Uint);
                    let c = match &layer {
                        Some(l) => format!("int{count}({coord}, {l})"),
                        None if unsigned => format!("int{count}({coord})"),
                        None => coord.clone(),
                    };
                    // The level, or the sample of a multisampled texture, as an `int`.
                    let last = match (sample, level) {
                        (Some(v), _) | (None, Some(v)) => {
                            let e = self.expr(ctx, *v, depth)?;
                            match self.value_inner(func, *v)?.scalar_kind_of() {
                                Some(ScalarKind::Uint) => format!("int({})", e.text),
                                _ => e.text,
                            }
                        }
                        (None, None) => "0".to_string(),
                    };
                    return Ok(Expr::atom(format!("{helper}({}, {c}, {last})", img.text)));
                }
                let text = match sample {
                    Some(smp) => {
                        let smp = self.expr(ctx, *smp, depth)?.text;
                        match layer {
                            Some(l) => format!("{i}.Load(int{}({coord}, {l}), {smp})", n + 1),
                            None => format!("{i}.Load(int{n}({coord}), {smp})"),
                        }
                    }
                    None => {
                        let lod = match level {
                            Some(l) => self.expr(ctx, *l, depth)?.text,
                            None => "0".to_string(),
                        };
                        match layer {
                            Some(l) => format!("{i}.Load(int{}({coord}, {l}, {lod}))", n + 2),
                            None => format!("{i}.Load(int{}({coord}, {lod}))", n + 1),
                        }
                    }
                };
                Expr::atom(text)
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                let img = self.expr(ctx, *image, depth)?;
                let ity = self.value_ty(func, *image)?;
                let coord = self.expr(ctx, *coordinate, depth)?.text;
                let layer = match array_index {
                    Some(l) => Some(self.expr(ctx, *l, depth)?.text),
                    None => None,
                };
                let (c, n) = self.storage_coordinate(ity, coord, layer)?;
                if self.options.bounds_checks {
                    let helper = self.image_load_helper(ity, n)?;
                    Expr::atom(format!("{helper}({}, {c})", img.text))
                } else {
                    Expr::atom(format!(
                        "{}[uint{n}({c})]",
                        img.at(Prec::Primary, Side::Left)
                    ))
                }
            }
            Op::ImageQuery { image, query } => {
                let img = self.expr(ctx, *image, depth)?;
                let ity = self.value_ty(func, *image)?;
                if self.storage_image(ity)?.is_some() {
                    let helper = self.storage_query_helper(ity, query)?;
                    return Ok(Expr::atom(format!("{helper}({})", img.text)));
                }
                let helper = self.image_query_helper(ity, query)?;
                let arg = match query {
                    ImageQuery::Size { level: Some(l) } => {
                        let e = self.expr(ctx, *l, depth)?;
                        format!(", {}", self.as_uint(ctx, *l, &e)?.text)
                    }
                    ImageQuery::Size { level: None } => {
                        if self.image_is_multisampled(ity)? {
                            String::new()
                        } else {
                            ", 0u".to_string()
                        }
                    }
                    _ => String::new(),
                };
                Expr::atom(format!("{helper}({}{arg})", img.text))
            }
            Op::Atomic { .. }
            | Op::AtomicLoad { .. }
            | Op::Insert { .. }
            | Op::InsertDynamic { .. }
            | Op::AccessChain { .. } => {
                return Err(Error::invalid("operation used as an expression"))
            }
        })
    }

    fn image_is_multisampled(&self, ty: Handle<Type>) -> R<bool> {
        Ok(matches!(
            self.ty(ty)?,
            TypeInner::Image {
                class: ImageClass::Sampled {
                    multisampled: true,
                    ..
                } | ImageClass::Depth { multisampled: true },
                ..
            }
        ))
    }

    /// The dimension, arrayness and texel kind of a storage image type; `None` for others.
    fn storage_image(&self, ty: Handle<Type>) -> R<Option<(ImageDimension, bool, ScalarKind)>> {
        Ok(match self.ty(ty)? {
            TypeInner::Image {
                dim,
                arrayed,
                class: ImageClass::Storage { format, .. },
            } => Some((*dim, *arrayed, format.kind())),
            _ => None,
        })
    }

    /// A storage image coordinate with the layer appended (`int3(c, layer)` for arrays), and
    /// its component count.
    fn storage_coordinate(
        &self,
        ty: Handle<Type>,
        coord: String,
        layer: Option<String>,
    ) -> R<(String, u32)> {
        let (dim, arrayed, _) = self
            .storage_image(ty)?
            .ok_or_else(|| Error::invalid("a storage image access of a sampled texture"))?;
        let dims = if dim == ImageDimension::D3 { 3 } else { 2 };
        match (arrayed, layer) {
            (false, None) => Ok((coord, dims)),
            (true, Some(l)) => Ok((format!("int{}({coord}, {l})", dims + 1), dims + 1)),
            _ => Err(Error::invalid(
                "an array layer must be given exactly for array images",
            )),
        }
    }

    /// `GetDimensions` of a storage image as text declaring `w, h[, d]` and the `uintN` bound
    /// every coordinate (with its layer) must stay below.
    fn storage_extent(n: u32) -> (String, String) {
        let outs = if n == 3 { "w, h, d" } else { "w, h" };
        (
            format!("uint {outs};\n    t.GetDimensions({outs});"),
            format!("uint{n}({outs})"),
        )
    }

    /// `luma_image_load(t, c)`: a storage image read with the coordinate clamped into the image
    /// (Vulkan leaves out-of-range reads undefined; Direct3D returns zero either way).
    fn image_load_helper(&mut self, ty: Handle<Type>, n: u32) -> R<String> {
        let (_, _, kind) = self
            .storage_image(ty)?
            .ok_or_else(|| Error::invalid("a storage image access of a sampled texture"))?;
        let tn = self.type_name(ty)?;
        let texel = format!("{}4", self.scalar_name(Scalar { kind, width: 4 })?);
        let (dims, extent) = Self::storage_extent(n);
        Ok(self.helper("luma_image_load", &tn, |name| {
            format!(
                "{texel} {name}({tn} t, int{n} c) {{\n    {dims}\n    \
                 return t[uint{n}(clamp(c, 0, int{n}({extent}) - 1))];\n}}\n"
            )
        }))
    }

    /// `luma_image_store(t, c, v)`: a storage image write that does nothing out of range.
    fn image_store_helper(&mut self, ty: Handle<Type>, n: u32) -> R<String> {
        let (_, _, kind) = self
            .storage_image(ty)?
            .ok_or_else(|| Error::invalid("a storage image access of a sampled texture"))?;
        let tn = self.type_name(ty)?;
        let texel = format!("{}4", self.scalar_name(Scalar { kind, width: 4 })?);
        let (dims, extent) = Self::storage_extent(n);
        Ok(self.helper("luma_image_store", &tn, |name| {
            format!(
                "void {name}({tn} t, int{n} c, {texel} v) {{\n    {dims}\n    \
                 if (all(uint{n}(c) < {extent})) {{\n        t[uint{n}(c)] = v;\n    }}\n}}\n"
            )
        }))
    }

    /// Size and layer queries of a storage image (`GetDimensions` without a level).
    fn storage_query_helper(&mut self, ty: Handle<Type>, query: &ImageQuery) -> R<String> {
        let (dim, arrayed, _) = self
            .storage_image(ty)?
            .ok_or_else(|| Error::invalid("a storage query of a sampled texture"))?;
        let tn = self.type_name(ty)?;
        let mut outs = vec!["width", "height"];
        if dim == ImageDimension::D3 {
            outs.push("depth");
        }
        if arrayed {
            outs.push("layers");
        }
        let outs = outs.join(", ");
        let (base, ret, body) = match query {
            ImageQuery::Size { .. } if dim == ImageDimension::D3 => {
                ("luma_image_size", "int3", "int3(width, height, depth)")
            }
            ImageQuery::Size { .. } => ("luma_image_size", "int2", "int2(width, height)"),
            ImageQuery::NumLayers if arrayed => ("luma_image_layers", "int", "int(layers)"),
            _ => return Err(Error::invalid("a storage image query it cannot answer")),
        };
        Ok(self.helper(base, &tn, |name| {
            format!(
                "{ret} {name}({tn} t) {{\n    uint {outs};\n    \
                 t.GetDimensions({outs});\n    return {body};\n}}\n"
            )
        }))
    }

    /// `luma_texel_fetch(t, c, level)` (or `(t, c, sample)` for multisampled textures): a
    /// `Load` with the level clamped into the texture's levels (the sample into its samples),
    /// then the coordinate (its layer appended for arrays) into the size at that level. Vulkan
    /// leaves out-of-range fetches undefined (Direct3D returns zero). Returns the helper's name
    /// and the coordinate's component count, layer included.
    fn texel_fetch_helper(&mut self, ty: Handle<Type>, result: Handle<Type>) -> R<(String, u32)> {
        let TypeInner::Image { dim, arrayed, .. } = self.ty(ty)? else {
            return Err(Error::invalid("texel fetch of a non-image"));
        };
        let (dim, arrayed) = (*dim, *arrayed);
        let ms = self.image_is_multisampled(ty)?;
        let tn = self.type_name(ty)?;
        let ret = self.type_name(result)?;
        // GetDimensions outputs, in order, for this texture type; the extent is all but the
        // last (levels or samples).
        let mut extent = vec!["width", "height"];
        if dim == ImageDimension::D3 {
            extent.push("depth");
        }
        if arrayed {
            extent.push("layers");
        }
        let n = extent.len() as u32;
        let extent = extent.join(", ");
        let name = if ms {
            self.helper("luma_texel_fetch", &tn, |name| {
                format!(
                    "{ret} {name}({tn} t, int{n} c, int s) {{\n    \
                     uint {extent}, samples;\n    \
                     t.GetDimensions({extent}, samples);\n    \
                     return t.Load(clamp(c, 0, int{n}({extent}) - 1), \
                     clamp(s, 0, int(samples) - 1));\n}}\n"
                )
            })
        } else {
            self.helper("luma_texel_fetch", &tn, |name| {
                format!(
                    "{ret} {name}({tn} t, int{n} c, int level) {{\n    \
                     uint {extent}, levels;\n    \
                     t.GetDimensions(0u, {extent}, levels);\n    \
                     uint l = uint(clamp(level, 0, int(levels) - 1));\n    \
                     t.GetDimensions(l, {extent}, levels);\n    \
                     return t.Load(int{}(clamp(c, 0, int{n}({extent}) - 1), l));\n}}\n",
                    n + 1
                )
            })
        };
        Ok((name, n))
    }

    fn image_query_helper(&mut self, ty: Handle<Type>, query: &ImageQuery) -> R<String> {
        let TypeInner::Image { dim, arrayed, .. } = self.ty(ty)? else {
            return Err(Error::invalid("image query of a non-image"));
        };
        let ms = self.image_is_multisampled(ty)?;
        let tn = self.type_name(ty)?;
        // GetDimensions outputs, in order, for this texture type.
        let mut outs: Vec<&str> = vec!["width", "height"];
        if *dim == ImageDimension::D3 {
            outs.push("depth");
        }
        if *arrayed {
            outs.push("layers");
        }
        outs.push(if ms { "samples" } else { "levels" });
        let size_count: u32 = if *dim == ImageDimension::D3 { 3 } else { 2 };
        let (base, ret, body, takes_level) = match query {
            ImageQuery::Size { .. } => {
                let comps = ["width", "height", "depth"];
                let list: Vec<&str> = comps.iter().take(size_count as usize).copied().collect();
                (
                    "luma_texture_size",
                    format!("int{size_count}"),
                    format!("int{size_count}({})", list.join(", ")),
                    !ms,
                )
            }
            ImageQuery::NumLevels => {
                if ms {
                    return Err(Error::invalid("mip levels of a multisampled texture"));
                }
                (
                    "luma_texture_levels",
                    "int".to_string(),
                    "int(levels)".to_string(),
                    false,
                )
            }
            ImageQuery::NumLayers => {
                if !arrayed {
                    return Err(Error::invalid("layers of a non-array texture"));
                }
                (
                    "luma_texture_layers",
                    "int".to_string(),
                    "int(layers)".to_string(),
                    false,
                )
            }
            ImageQuery::NumSamples => {
                if !ms {
                    return Err(Error::invalid("samples of a single-sampled texture"));
                }
                (
                    "luma_texture_samples",
                    "int".to_string(),
                    "int(samples)".to_string(),
                    false,
                )
            }
        };
        let outs_decl = outs.join(", ");
        let level_arg = if ms {
            ""
        } else if takes_level {
            "level, "
        } else {
            "0u, "
        };
        let param = if takes_level { ", uint level" } else { "" };
        let bounds = self.options.bounds_checks;
        Ok(self.helper(base, &tn, |name| {
            if takes_level && bounds {
                // An out-of-range level is undefined in Vulkan: report the nearest level's size.
                return format!(
                    "{ret} {name}({tn} t{param}) {{\n    uint {outs_decl};\n    \
                     t.GetDimensions(0u, {outs_decl});\n    \
                     t.GetDimensions(uint(clamp(int(level), 0, int(levels) - 1)), {outs_decl});\n    \
                     return {body};\n}}\n"
                );
            }
            format!(
                "{ret} {name}({tn} t{param}) {{\n    uint {outs_decl};\n    \
                 t.GetDimensions({level_arg}{outs_decl});\n    return {body};\n}}\n"
            )
        }))
    }
}

impl<'a> Writer<'a> {
    fn binary(
        &mut self,
        ctx: &mut FnCtx<'_>,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        ty: Handle<Type>,
        depth: u32,
    ) -> R<Expr> {
        let func = ctx.func;
        let l = self.expr(ctx, lhs, depth)?;
        let operand_ty = self.value_ty(func, lhs)?;
        let kind = self.ty(operand_ty)?.scalar_kind_of();
        // Shift counts are masked to 31 (constant counts are masked here).
        if matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight) {
            let count = match self.const_index(ctx, rhs) {
                Some(c) => Expr::atom(format!("{}u", c & 31)),
                None if luma_back::shift::count_in_range(self.module, func, rhs) => {
                    self.expr(ctx, rhs, depth)?
                }
                None => {
                    let r = self.expr(ctx, rhs, depth)?;
                    Expr::new(
                        format!("{} & 31u", r.at(Prec::BitAnd, Side::Left)),
                        Prec::BitAnd,
                    )
                }
            };
            let sym = if op == BinaryOp::ShiftLeft {
                "<<"
            } else {
                ">>"
            };
            return Ok(infix(sym, Prec::Shift, &l, &count));
        }
        let r = self.expr(ctx, rhs, depth)?;
        let tn = self.type_name(operand_ty)?;
        let signed = kind == Some(ScalarKind::Sint);
        let float = kind == Some(ScalarKind::Float);
        Ok(match op {
            BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply if signed => {
                // Signed overflow is undefined in DXIL: wrap through uint.
                let sym = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Subtract => "-",
                    _ => "*",
                };
                let lu = self.uint_bits(ctx, lhs, &l);
                let ru = self.uint_bits(ctx, rhs, &r);
                let prec = if sym == "*" {
                    Prec::Multiplicative
                } else {
                    Prec::Additive
                };
                let bits = infix(sym, prec, &lu, &ru).text;
                let mut e = Expr::atom(format!("asint({bits})"));
                e.bits = Some((bits, prec));
                e
            }
            BinaryOp::Add => infix("+", Prec::Additive, &l, &r),
            BinaryOp::Subtract => infix("-", Prec::Additive, &l, &r),
            BinaryOp::Multiply => infix("*", Prec::Multiplicative, &l, &r),
            BinaryOp::Divide if float => infix("/", Prec::Multiplicative, &l, &r),
            // A constant divisor other than 0 and -1 needs no guard: HLSL's `/` truncates, as
            // Luma's does. Its `%` is only defined when both operands have the same sign, so
            // signed remainders keep the helper.
            BinaryOp::Divide | BinaryOp::Remainder
                if (op == BinaryOp::Divide || !signed)
                    && luma_back::is_safe_integer_divisor(self.module, ctx.func, rhs) =>
            {
                let sym = if op == BinaryOp::Divide { "/" } else { "%" };
                infix(sym, Prec::Multiplicative, &l, &r)
            }
            BinaryOp::Divide => {
                let name = self.int_helper("luma_div", &tn, operand_ty, signed, true)?;
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::Remainder if float => {
                // `precise`: each step rounded on its own, as Luma's `%` is defined (DXC would
                // contract `x - y * q` into a mad, and glslang's SPIR-V of it into an `Fma`
                // that drivers may fold the caller's next addition into).
                // glslang types `trunc` of a half as float: the cast keeps the steps in half.
                let quotient = if self.holds_half(operand_ty) {
                    format!("({tn})trunc(x / y)")
                } else {
                    "trunc(x / y)".to_string()
                };
                let name = self.helper("luma_frem", &tn, |name| {
                    format!(
                        "// Truncated float remainder: x - y * trunc(x / y), each step rounded.\n\
                         {tn} {name}({tn} x, {tn} y) {{\n    precise {tn} r = x - y * {quotient};\n    return r;\n}}\n"
                    )
                });
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::Remainder => {
                let name = self.int_helper("luma_rem", &tn, operand_ty, signed, false)?;
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::BitAnd => infix("&", Prec::BitAnd, &l, &r),
            BinaryOp::BitOr => infix("|", Prec::BitOr, &l, &r),
            BinaryOp::BitXor => infix("^", Prec::BitXor, &l, &r),
            BinaryOp::Equal => infix("==", Prec::Relational, &l, &r),
            BinaryOp::NotEqual => infix("!=", Prec::Relational, &l, &r),
            // `a.x < b >> c` is valid HLSL, but Slang's parser reads a member name followed by
            // `<` and a later `>>` as a generic method call (`a.x<b>>`) and rejects it: after a
            // member, a shift on the right of `<` is parenthesized.
            BinaryOp::Less
                if r.prec == Prec::Shift
                    && ends_with_member(&l.at(Prec::Relational, Side::Left)) =>
            {
                infix(
                    "<",
                    Prec::Relational,
                    &l,
                    &Expr::atom(format!("({})", r.text)),
                )
            }
            BinaryOp::Less => infix("<", Prec::Relational, &l, &r),
            BinaryOp::LessEqual => infix("<=", Prec::Relational, &l, &r),
            BinaryOp::Greater => infix(">", Prec::Relational, &l, &r),
            BinaryOp::GreaterEqual => infix(">=", Prec::Relational, &l, &r),
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                let (sym, prec, bit) = if op == BinaryOp::LogicalAnd {
                    ("&&", Prec::LogicalAnd, "&")
                } else {
                    ("||", Prec::LogicalOr, "|")
                };
                match self.ty(ty)?.vector_count() {
                    // HLSL 2021 rejects `&&` and `||` on vectors; go through uint bits.
                    Some(n) => Expr::atom(format!(
                        "bool{n}(uint{n}({}) {bit} uint{n}({}))",
                        l.text, r.text
                    )),
                    None => infix(sym, prec, &l, &r),
                }
            }
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight => {
                return Err(Error::invalid("shift handled above"))
            }
        })
    }

    /// Total integer division (`div`) or remainder helper for `tn`; vectors apply the scalar
    /// helper per component.
    fn int_helper(
        &mut self,
        base: &str,
        tn: &str,
        ty: Handle<Type>,
        signed: bool,
        div: bool,
    ) -> R<String> {
        let scalar = if signed { "int" } else { "uint" };
        // The scalar overload first (vectors call it).
        let scalar_body = match (signed, div) {
            (true, true) => "// x / 0 == x and MIN / -1 == MIN: divide by 1 instead.\n    \
                             return x / ((y == 0 || (x == (-2147483647 - 1) && y == -1)) ? 1 : y);"
                .to_string(),
            (true, false) => "// Truncated remainder; x % 0 == 0 and MIN % -1 == 0. Written with\n    \
                              // division because `%` on negative ints differs between compilers.\n    \
                              const int d = (y == 0 || (x == (-2147483647 - 1) && y == -1)) ? 1 : y;\n    \
                              return x - d * (x / d);"
                .to_string(),
            (false, true) => "// x / 0 == x.\n    return x / (y == 0u ? 1u : y);".to_string(),
            (false, false) => "// x % 0 == 0.\n    return x % (y == 0u ? 1u : y);".to_string(),
        };
        let name = self.helper(base, scalar, |name| {
            format!("{scalar} {name}({scalar} x, {scalar} y) {{\n    {scalar_body}\n}}\n")
        });
        if let Some(n) = self.ty(ty)?.vector_count() {
            let parts: Vec<String> = (0..n)
                .map(|i| {
                    let l = vector_letter(i);
                    format!("{name}(x.{l}, y.{l})")
                })
                .collect();
            let tn = tn.to_string();
            self.helper(base, &tn, |name| {
                format!(
                    "{tn} {name}({tn} x, {tn} y) {{\n    return {tn}({});\n}}\n",
                    parts.join(", ")
                )
            });
        }
        Ok(name)
    }

    fn math(
        &mut self,
        ctx: &mut FnCtx<'_>,
        fun: MathFunction,
        args: &[Handle<Value>],
        ty: Handle<Type>,
        depth: u32,
    ) -> R<Expr> {
        use MathFunction as M;
        let func = ctx.func;
        let mut a = Vec::new();
        for v in args {
            a.push(self.expr(ctx, *v, depth)?);
        }
        let arg = |i: usize| a.get(i).map(|e| e.text.clone()).unwrap_or_default();
        let call = |name: &str| {
            Expr::atom(format!(
                "{name}({})",
                a.iter()
                    .map(|e| e.text.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        let arg_ty = match args.first() {
            Some(v) => self.value_ty(func, *v)?,
            None => ty,
        };
        let tn = self.type_name(arg_ty)?;
        let kind = self.ty(arg_ty)?.scalar_kind_of();
        Ok(match fun {
            M::Abs => call("abs"),
            M::Sign => {
                // HLSL `sign` returns int; Luma keeps the operand type.
                if kind == Some(ScalarKind::Sint) {
                    call("sign")
                } else {
                    Expr::atom(format!("{tn}(sign({}))", arg(0)))
                }
            }
            M::Floor => call("floor"),
            M::Ceil => call("ceil"),
            M::Round => call("round"),
            M::Trunc => call("trunc"),
            M::Fract => call("frac"),
            M::Mod => {
                // `precise`, as `luma_frem` (found by luma-difftest: lavapipe folded the add
                // after glslang's `Fma` into it, rounding `x + 0.0625` first).
                // glslang types `floor` of a half as float: the cast keeps the steps in half.
                let quotient = if self.holds_half(arg_ty) {
                    format!("({tn})floor(x / y)")
                } else {
                    "floor(x / y)".to_string()
                };
                let name = self.helper("luma_mod", &tn, |name| {
                    format!(
                        "// GLSL mod: x - y * floor(x / y), each step rounded (HLSL fmod truncates).\n\
                         {tn} {name}({tn} x, {tn} y) {{\n    precise {tn} r = x - y * {quotient};\n    return r;\n}}\n"
                    )
                });
                Expr::atom(format!("{name}({}, {})", arg(0), arg(1)))
            }
            M::Min => call("min"),
            M::Max => call("max"),
            M::Clamp => {
                let texts = a.iter().map(|e| e.text.clone()).collect::<Vec<_>>();
                let text = luma_back::clamp_text(self.module, func, args, &texts, "")
                    .ok_or_else(|| Error::invalid("clamp needs three arguments"))?;
                Expr::atom(text)
            }
            M::Mix => call("lerp"),
            M::Step => call("step"),
            M::SmoothStep => call("smoothstep"),
            M::Sqrt => call("sqrt"),
            M::InverseSqrt => call("rsqrt"),
            M::Pow => call("pow"),
            M::Exp => call("exp"),
            M::Exp2 => call("exp2"),
            M::Log => call("log"),
            M::Log2 => call("log2"),
            M::Sin => call("sin"),
            M::Cos => call("cos"),
            M::Tan => call("tan"),
            M::Asin => call("asin"),
            M::Acos => call("acos"),
            M::Atan => call("atan"),
            M::Atan2 => call("atan2"),
            M::Sinh => call("sinh"),
            M::Cosh => call("cosh"),
            M::Tanh => call("tanh"),
            // HLSL has no inverse hyperbolic functions: their log formulas, as Mesa lowers
            // them (so NaN below acosh's domain and past atanh's, and atanh(±1) = ±inf).
            M::Asinh | M::Acosh | M::Atanh => {
                let (base, formula) = match fun {
                    M::Asinh => ("luma_asinh", "sign(v) * log(abs(v) + sqrt(v * v + 1.0))"),
                    M::Acosh => ("luma_acosh", "log(v + sqrt(v * v - 1.0))"),
                    _ => ("luma_atanh", "0.5 * log((1.0 + v) / (1.0 - v))"),
                };
                let name = self.float_formula_helper(base, arg_ty, &tn, formula)?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::Radians => call("radians"),
            M::Degrees => call("degrees"),
            M::Fma => call("mad"),
            M::Ldexp => {
                let name = self.ldexp_helper(arg_ty, &tn)?;
                Expr::atom(format!("{name}({}, {})", arg(0), arg(1)))
            }
            M::Saturate => call("saturate"),
            M::Length => call("length"),
            M::Distance => call("distance"),
            M::Dot => call("dot"),
            M::Cross => call("cross"),
            M::Normalize => call("normalize"),
            M::Reflect => call("reflect"),
            M::Refract => call("refract"),
            M::FaceForward => call("faceforward"),
            M::Transpose | M::Determinant if self.holds_half(arg_ty) => {
                let function = if fun == M::Transpose {
                    "transpose"
                } else {
                    "determinant"
                };
                let name = self.half_via_float_helper(function, &[arg_ty], ty)?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::Transpose => call("transpose"),
            M::Determinant => call("determinant"),
            M::Inverse => {
                let n = match self.ty(arg_ty)? {
                    TypeInner::Matrix { columns, .. } => columns.count(),
                    _ => return Err(Error::invalid("inverse of a non-matrix")),
                };
                let name = self.helper("luma_inverse", &tn, |name| inverse_helper(name, &tn, n));
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::CountOneBits => self.int_result(call("countbits"), kind)?,
            M::ReverseBits if kind == Some(ScalarKind::Sint) => {
                Expr::atom(format!("asint(reversebits(asuint({})))", arg(0)))
            }
            M::ReverseBits => call("reversebits"),
            M::FirstLeadingBit => self.int_result(call("firstbithigh"), kind)?,
            M::FirstTrailingBit => self.int_result(call("firstbitlow"), kind)?,
            // From the highest / lowest set bit of the bits as `uint` (a negative int's sign
            // bit is set; `firstbithigh` of an int would skip the sign copies): HLSL's
            // 0xFFFFFFFF for 0 gives 31 - 0xFFFFFFFF == 32 and min(0xFFFFFFFF, 32) == 32.
            M::CountLeadingZeros | M::CountTrailingZeros => {
                let bits = if kind == Some(ScalarKind::Sint) {
                    format!("asuint({})", arg(0))
                } else {
                    arg(0)
                };
                let count = if fun == M::CountLeadingZeros {
                    format!("31u - firstbithigh({bits})")
                } else {
                    format!("min(firstbitlow({bits}), 32u)")
                };
                if kind == Some(ScalarKind::Sint) {
                    Expr::atom(format!("asint({count})"))
                } else {
                    Expr::new(
                        count,
                        if fun == M::CountLeadingZeros {
                            Prec::Additive
                        } else {
                            Prec::Primary
                        },
                    )
                }
            }
            M::ExtractBits | M::InsertBits => {
                let ut = match self.ty(arg_ty)?.vector_count() {
                    Some(n) => format!("uint{n}"),
                    None => "uint".to_string(),
                };
                let name = self.bit_field_helper(fun, &tn, &ut, kind == Some(ScalarKind::Sint));
                let texts: Vec<String> = a.iter().map(|e| e.text.clone()).collect();
                Expr::atom(format!("{name}({})", texts.join(", ")))
            }
            M::Pack4x8Unorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_pack4x8unorm", "float4", |name| format!(
                    "uint {name}(float4 v) {{\n    uint4 q = uint4(round(saturate(v) * 255.0));\n    \
                     return q.x | (q.y << 8) | (q.z << 16) | (q.w << 24);\n}}\n"
                )),
                arg(0)
            )),
            M::Pack4x8Snorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_pack4x8snorm", "float4", |name| format!(
                    "uint {name}(float4 v) {{\n    int4 q = int4(round(clamp(v, -1.0, 1.0) * 127.0));\n    \
                     uint4 b = asuint(q) & 0xFFu;\n    \
                     return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);\n}}\n"
                )),
                arg(0)
            )),
            M::Pack2x16Unorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_pack2x16unorm", "float2", |name| format!(
                    "uint {name}(float2 v) {{\n    uint2 q = uint2(round(saturate(v) * 65535.0));\n    \
                     return q.x | (q.y << 16);\n}}\n"
                )),
                arg(0)
            )),
            M::Pack2x16Snorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_pack2x16snorm", "float2", |name| format!(
                    "uint {name}(float2 v) {{\n    int2 q = int2(round(clamp(v, -1.0, 1.0) * 32767.0));\n    \
                     uint2 b = asuint(q) & 0xFFFFu;\n    return b.x | (b.y << 16);\n}}\n"
                )),
                arg(0)
            )),
            M::Pack2x16Float => Expr::atom(format!(
                "{}({})",
                self.helper("luma_pack2x16float", "float2", |name| format!(
                    "uint {name}(float2 v) {{\n    return f32tof16(v.x) | (f32tof16(v.y) << 16);\n}}\n"
                )),
                arg(0)
            )),
            M::Unpack4x8Unorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_unpack4x8unorm", "uint", |name| format!(
                    "float4 {name}(uint p) {{\n    \
                     return float4(p & 0xFFu, (p >> 8) & 0xFFu, (p >> 16) & 0xFFu, p >> 24) / 255.0;\n}}\n"
                )),
                arg(0)
            )),
            M::Unpack4x8Snorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_unpack4x8snorm", "uint", |name| format!(
                    "float4 {name}(uint p) {{\n    \
                     int4 b = asint(uint4(p << 24, p << 16, p << 8, p)) >> 24;\n    \
                     return clamp(float4(b) / 127.0, -1.0, 1.0);\n}}\n"
                )),
                arg(0)
            )),
            M::Unpack2x16Unorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_unpack2x16unorm", "uint", |name| format!(
                    "float2 {name}(uint p) {{\n    return float2(p & 0xFFFFu, p >> 16) / 65535.0;\n}}\n"
                )),
                arg(0)
            )),
            M::Unpack2x16Snorm => Expr::atom(format!(
                "{}({})",
                self.helper("luma_unpack2x16snorm", "uint", |name| format!(
                    "float2 {name}(uint p) {{\n    int2 b = asint(uint2(p << 16, p)) >> 16;\n    \
                     return clamp(float2(b) / 32767.0, -1.0, 1.0);\n}}\n"
                )),
                arg(0)
            )),
            M::Unpack2x16Float => Expr::atom(format!(
                "{}({})",
                self.helper("luma_unpack2x16float", "uint", |name| format!(
                    "float2 {name}(uint p) {{\n    return float2(f16tof32(p), f16tof32(p >> 16));\n}}\n"
                )),
                arg(0)
            )),
        })
    }

    /// The bits of signed value `v` (expression `e`) as `uint`: a literal for a non-negative
    /// constant, `asuint(e)` otherwise.
    fn uint_bits(&self, ctx: &FnCtx<'_>, v: Handle<Value>, e: &Expr) -> Expr {
        if let Some(ValueDef::Constant(c)) = ctx.func.values.get(v).map(|x| &x.def) {
            if let Some(Constant {
                value: ConstantValue::Scalar(Literal::I32(n)),
                spec_id: None,
                ..
            }) = self.module.constants.get(*c)
            {
                if *n >= 0
                    && self
                        .constant_names
                        .get(c.index())
                        .is_none_or(|n| n.is_none())
                {
                    return Expr::atom(format!("{n}u"));
                }
            }
        }
        if let Some((bits, prec)) = &e.bits {
            return Expr::new(bits.clone(), *prec);
        }
        Expr::atom(format!("asuint({})", e.text))
    }

    /// HLSL bit queries return `uint`; Luma keeps signed operands signed.
    /// Helper `base` on `tn` returning `formula` of `v`, its argument as `float`: a `half`
    /// argument is computed in `float` and the result converted once (glslang's HLSL front end
    /// does not convert `float` intermediates to `half` implicitly).
    fn float_formula_helper(
        &mut self,
        base: &str,
        ty: Handle<Type>,
        tn: &str,
        formula: &str,
    ) -> R<String> {
        let n = self.ty(ty)?.vector_count();
        let ft = format!("float{}", n.map(|n| n.to_string()).unwrap_or_default());
        Ok(self.helper(base, tn, |name| {
            if ft == tn {
                format!("{tn} {name}({tn} v) {{\n    return {formula};\n}}\n")
            } else {
                format!(
                    "{tn} {name}({tn} x) {{\n    {ft} v = ({ft})x;\n    \
                     return ({tn})({formula});\n}}\n"
                )
            }
        }))
    }

    /// The helper for `ldexp` on `tn`. HLSL's `ldexp` takes a float exponent and multiplies by
    /// `exp2` of it, which need not be exact and overflows for exponents past 127 whose result
    /// is finite; the helper multiplies by two powers of two built from their exponent bits
    /// (exact), which covers exponents in `-252..=254`.
    fn ldexp_helper(&mut self, ty: Handle<Type>, tn: &str) -> R<String> {
        let n = self.ty(ty)?.vector_count();
        let suffix = n.map(|n| n.to_string()).unwrap_or_default();
        let (ft, it, ut) = (
            format!("float{suffix}"),
            format!("int{suffix}"),
            format!("uint{suffix}"),
        );
        let half = ft != tn;
        Ok(self.helper("luma_ldexp", tn, |name| {
            let product = format!("({ft})x * asfloat({ut}(e1 + 127) << 23) * asfloat({ut}(e2 + 127) << 23)");
            let result = if half {
                format!("({tn})({product})")
            } else {
                product
            };
            format!(
                "// x * 2^e, exact where x and the result are normal: two factors 2^e1 * 2^e2 with\n\
                 // e1, e2 in [-126, 127], built from their exponent bits.\n\
                 {tn} {name}({tn} x, {it} e) {{\n    \
                 {it} e1 = clamp(e, -126, 127);\n    \
                 {it} e2 = clamp(e - e1, -126, 127);\n    \
                 return {result};\n}}\n"
            )
        }))
    }

    /// The helper for `extract_bits` / `insert_bits` on `tn` (whose bits as unsigned are
    /// `ut`). HLSL has no bit field intrinsics, and masks shift amounts to 5 bits, so the
    /// helpers shift only by 0 to 31: an empty field is handled apart, and a field of 32 bits
    /// at offset 0 shifts by 0. The offset and count are clamped as WGSL does
    /// (`o = min(offset, 32)`, `c = min(count, 32 - o)`).
    fn bit_field_helper(&mut self, fun: MathFunction, tn: &str, ut: &str, signed: bool) -> String {
        let clamp = "    uint o = min(offset, 32u);\n    uint c = min(count, 32u - o);\n";
        if fun == MathFunction::ExtractBits {
            self.helper("luma_extract_bits", tn, |name| {
                format!(
                    "// extract_bits: bits o..o+c of e in the low bits, {} above them.\n\
                     {tn} {name}({tn} e, uint offset, uint count) {{\n{clamp}    \
                     if (c == 0u) {{\n        return ({tn})0;\n    }}\n    \
                     // The field to the top, then back down{}.\n    \
                     return (e << (32u - o - c)) >> (32u - c);\n}}\n",
                    if signed {
                        "copies of its top bit"
                    } else {
                        "zeros"
                    },
                    if signed {
                        " (arithmetic: sign-extends)"
                    } else {
                        ""
                    },
                )
            })
        } else {
            let (e, newbits, bits) = if signed {
                ("asuint(e)", "asuint(newbits)", "asint(bits)")
            } else {
                ("e", "newbits", "bits")
            };
            self.helper("luma_insert_bits", tn, |name| {
                format!(
                    "// insert_bits: e with bits o..o+c replaced by the low c bits of newbits.\n\
                     {tn} {name}({tn} e, {tn} newbits, uint offset, uint count) {{\n{clamp}    \
                     uint mask = c == 0u ? 0u : (0xFFFFFFFFu >> (32u - c)) << o;\n    \
                     {ut} bits = ({e} & ~mask) | (({newbits} << o) & mask);\n    \
                     return {bits};\n}}\n"
                )
            })
        }
    }

    fn int_result(&self, e: Expr, kind: Option<ScalarKind>) -> R<Expr> {
        Ok(if kind == Some(ScalarKind::Sint) {
            Expr::atom(format!("asint({})", e.text))
        } else {
            e
        })
    }
}

/// The inverse of an `n`x`n` matrix (HLSL has no intrinsic). The HLSL matrix is the transpose
/// of Luma's, and inverse commutes with transpose, so the ordinary formula is right.
fn inverse_helper(name: &str, tn: &str, n: u32) -> String {
    match n {
        2 => format!(
            "{tn} {name}({tn} m) {{\n    \
             return {tn}(m[1][1], -m[0][1], -m[1][0], m[0][0]) / determinant(m);\n}}\n"
        ),
        3 => format!(
            "{tn} {name}({tn} m) {{\n    \
             {tn} adj;\n    \
             adj[0] = cross(m[1], m[2]);\n    \
             adj[1] = cross(m[2], m[0]);\n    \
             adj[2] = cross(m[0], m[1]);\n    \
             return transpose(adj) / dot(m[0], adj[0]);\n}}\n"
        ),
        _ => format!(
            "{tn} {name}({tn} m) {{\n    \
             float a00 = m[0][0], a01 = m[0][1], a02 = m[0][2], a03 = m[0][3];\n    \
             float a10 = m[1][0], a11 = m[1][1], a12 = m[1][2], a13 = m[1][3];\n    \
             float a20 = m[2][0], a21 = m[2][1], a22 = m[2][2], a23 = m[2][3];\n    \
             float a30 = m[3][0], a31 = m[3][1], a32 = m[3][2], a33 = m[3][3];\n    \
             float b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10;\n    \
             float b02 = a00 * a13 - a03 * a10, b03 = a01 * a12 - a02 * a11;\n    \
             float b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;\n    \
             float b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30;\n    \
             float b08 = a20 * a33 - a23 * a30, b09 = a21 * a32 - a22 * a31;\n    \
             float b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;\n    \
             float det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;\n    \
             return {tn}(\n        \
             a11 * b11 - a12 * b10 + a13 * b09, a02 * b10 - a01 * b11 - a03 * b09,\n        \
             a31 * b05 - a32 * b04 + a33 * b03, a22 * b04 - a21 * b05 - a23 * b03,\n        \
             a12 * b08 - a10 * b11 - a13 * b07, a00 * b11 - a02 * b08 + a03 * b07,\n        \
             a32 * b02 - a30 * b05 - a33 * b01, a20 * b05 - a22 * b02 + a23 * b01,\n        \
             a10 * b10 - a11 * b08 + a13 * b06, a01 * b08 - a00 * b10 - a03 * b06,\n        \
             a30 * b04 - a31 * b02 + a33 * b00, a21 * b02 - a20 * b04 - a23 * b00,\n        \
             a11 * b07 - a10 * b09 - a12 * b06, a00 * b09 - a01 * b07 + a02 * b06,\n        \
             a31 * b01 - a30 * b03 - a32 * b00, a20 * b03 - a21 * b01 + a22 * b00) / det;\n}}\n"
        ),
    }
}

/// A half as an HLSL `h` literal: its exact decimal value (at most 24 decimal places, as every
/// half is a multiple of 2^-24), so no compiler can round it to another half.
fn half_literal(bits: u16) -> String {
    let v = f64::from(luma_ir::proc::f16_to_f32(bits));
    let text = format!("{v:.24}");
    let trimmed = text.trim_end_matches('0');
    let trimmed = if trimmed.ends_with('.') {
        format!("{trimmed}0")
    } else {
        trimmed.to_string()
    };
    format!("{trimmed}h")
}

/// Whether `text` ends with a member access (`.name`): what Slang's parser takes for the start of
/// a generic method call when `<` follows.
fn ends_with_member(text: &str) -> bool {
    let name = text.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    name.len() < text.len() && name.ends_with('.')
}

#[cfg(test)]
mod half_literal_tests {
    use super::half_literal;

    #[test]
    fn exact_decimals() {
        assert_eq!(half_literal(0x3555), "0.333251953125h");
        assert_eq!(half_literal(0x2e66), "0.0999755859375h");
        assert_eq!(half_literal(0x0001), "0.000000059604644775390625h");
        assert_eq!(half_literal(0x7bff), "65504.0h");
        assert_eq!(half_literal(0xc000), "-2.0h");
        assert_eq!(half_literal(0), "0.0h");
    }
}
