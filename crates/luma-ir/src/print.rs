//! The IR's text form: `luma dump-ir` output, the input of the IR file tests, and what the
//! canonical hash digests. [`crate::parse`] reads it back; printing, parsing and printing again
//! gives the same text.
//!
//! # Grammar
//!
//! Comments run from `//` to the end of the line. Whitespace separates tokens; newlines matter
//! only inside function bodies, where each statement is one line (its nested blocks excepted).
//!
//! ```text
//! module     = { source | struct | const | global | function | entry }
//! source     = "source" INT STRING [ "text" STRING ]
//! struct     = "struct" LABEL [ STRING | "unnamed" ] "{" { ( IDENT | STRING ) ":" type "," } "}"
//! const      = [ "@spec(" INT ")" ] "const" cN [ STRING ] ":" type "=" cvalue
//! cvalue     = literal | "{" [ cN { "," cN } ] "}" | "zero"
//! global     = "global" gN STRING ":" type "in" space [ "@group(" INT ")" "@binding(" INT ")" ]
//!              [ "@combined(" INT "," STRING "," ( "texture" | "sampler" ) ")" ] [ "=" cN ]
//! function   = "fn" fnN STRING "(" [ param { "," param } ] ")" [ "->" "(" result { "," result } ")" ]
//!              "{" { local } { header } "body:" { stmt } "}"
//! param      = STRING ":" type [ io ]
//! result     = [ STRING ":" ] type [ io ]
//! io         = "@builtin(" IDENT ")" | "@location(" INT [ "," ( "flat" | "no_perspective" ) ] ")"
//! local      = "local" lN [ STRING ] ":" type [ "=" cN ]
//! header     = def "=" ( "param" INT | "const" cN | "global" gN | "local" lN
//!                      | "if_result" | "loop_carried" | "loop_result" | op )
//! def        = %N [ STRING ] ":" type
//! stmt       = def "=" op [ loc ]
//!            | "store" %N "," %N [ loc ]          | "atomic_store" %N "," %N [ loc ]
//!            | "image_store" %N "," %N [ "," "array_index" %N ] "," %N [ loc ]
//!            | "call" fnN "(" [ %N { "," %N } ] ")" [ loc ]
//!            | "barrier(" [ "workgroup" ] [ "," ] [ "storage" ] ")" [ loc ]
//!            | [ def { "," def } "=" ] "if" %N [ loc ] "{" { stmt } "}" "else" "{" { stmt } "}"
//!            | [ def { "," def } "=" ] "loop" "(" [ def "=" %N { "," def "=" %N } ] ")"
//!              [ "@unroll(" ( "full" | "never" | INT ) ")" ] [ "@max_iterations(" INT ")" ]
//!              [ loc ] "{" { stmt } "}"
//!            | ( "yield" | "continue" | "break" | "return" ) [ %N { "," %N } ] [ loc ]
//!            | "discard" [ loc ] | "unreachable" [ loc ]
//! loc        = "!" INT ":" INT ":" INT            // debug source, line, column
//! entry      = "entry" stage STRING "=" fnN [ "@workgroup_size(" INT "," INT "," INT ")" ]
//!              [ "@early_depth_test" ]
//! ```
//!
//! Types are written by structure: `bool`, `i32`, `u32`, `f32`, `f16` (other widths as `i16`,
//! `f64`...), `vec3<f32>`, `mat4x3<f32>` (4 columns of 3 rows), `atomic<u32>`, `[f32; 4]`,
//! `[f32]` (runtime-sized), `ptr<storage(read), [f32]>`, `texture_2d<f32>`,
//! `texture_depth_cube_array`, `texture_multisampled_2d<i32>`, storage images as
//! `texture_storage_2d<rgba8, write>` / `texture_storage_2d_array<r32ui, read_write>` (the
//! format in Luma's spelling, then `read`, `write` or `read_write`), `sampler`,
//! `sampler_comparison`, and structs by their label. A struct's label is its name when that is
//! a plain identifier used by no other struct and not a type keyword; otherwise a unique
//! `name_N` (or `anon_N`), and the declaration then states the real name (or `unnamed`).
//!
//! Spaces: `function`, `private`, `workgroup`, `uniform`, `storage(read)`,
//! `storage(read_write)`, `push_constant`, `handle`, `input`, `output`.
//!
//! Literals describe their own type: `true`, `-5` (`i32`), `5u` (`u32`), `1.5` / `1e-7` /
//! `inf` / `nan(0x7fc00000)` (`f32`, the NaN by its bits), and the same with an `h` suffix
//! for `f16` (`0.5h`).
//!
//! Values are numbered by their handle (`%5`) and keep their name as a quoted hint
//! (`%5 "color": vec4<f32>`). A function lists, before `body:`, every value that no statement
//! of its body places or lists: parameters, constants, variable pointers (and, in malformed IR
//! only, unplaced operations and unlisted region results). Each body statement is one line;
//! `If` and `Loop` statements bind their results on the left, like `%8: f32 = if %6 { ... }`.
//! The printer adds comments for readers: a scalar constant's value (`%3: f32 = const c1  //
//! 0.5`) and a global's name; the parser ignores them, so they never affect round trips.
//!
//! Operations, after `=`: `neg`, `not`, `bit_not`; `add`, `sub`, `mul`, `div`, `rem`,
//! `bit_and`, `bit_or`, `bit_xor`, `shl`, `shr`, `eq`, `ne`, `lt`, `le`, `gt`, `ge`,
//! `logical_and`, `logical_or`; the products `vector_times_scalar`, `matrix_times_scalar`,
//! `matrix_times_vector`, `vector_times_matrix`, `matrix_times_matrix`; `select c, a, b`;
//! `splat v`; `compose a, b, ...`; `extract v, N`; `insert v, part, N`; `extract_dynamic v, i`;
//! `insert_dynamic v, part, i`; `shuffle a, b, [N, ...]`; `convert v`; `bitcast v`; `all`,
//! `any`, `is_nan`, `is_inf`; every math function by its snake-case name (`inverse_sqrt`,
//! `face_forward`, `pack4x8_unorm`...); `dpdx`, `dpdy`, `fwidth` with an optional `_coarse` /
//! `_fine` suffix; `access [nonuniform] p, i, ...` (`nonuniform`: a non-uniform index into an
//! array of resources); `load p`; `array_length p`; `call fnN(args)`;
//! `image_sample img, smp, coord [, array_index v] , level (auto | zero | exact v | bias v |
//! grad x y) [, depth_ref v] [, offset cN]`; `image_fetch img, coord [, array_index v]
//! [, level v] [, sample v]`; `image_load img, coord [, array_index v]`;
//! `image_size img [, level v]`, `image_num_levels img`,
//! `image_num_layers img`, `image_num_samples img`; `atomic_add p, v` (and `atomic_sub`,
//! `atomic_and`, `atomic_or`, `atomic_xor`, `atomic_min`, `atomic_max`, `atomic_exchange`,
//! `atomic_compare_exchange p, v, comparator`); `atomic_load p`.
//!
//! The printer is total: malformed IR (dangling handles, blocks owned twice) prints without
//! panicking, though not all of it parses back.

use std::fmt::Write as _;

use luma_base::Handle;

use crate::ir::{
    AddressSpace, ArraySize, AtomicFunction, BinaryOp, BuiltIn, CombinedRole, Constant,
    ConstantValue, DerivativeAxis, DerivativeControl, Function, ImageClass, ImageDimension,
    ImageQuery, ImageSample, Interpolation, IoBinding, Literal, Loop, Module, Op, ProductKind,
    RelationalFunction, SampleLevel, ScalarKind, ShaderStage, SourceLoc, Stmt, StmtKind,
    StorageAccess, Type, TypeInner, UnaryOp, UnrollHint, Value, ValueDef,
};
use crate::ir::{MathFunction, Scalar};
use crate::proc::f16_to_f32;

/// What the printer includes besides the program itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintOptions {
    /// Statement source locations (`!source:line:column`).
    pub locations: bool,
    /// The `source` lines naming debug files (and their embedded text).
    pub debug_sources: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            locations: true,
            debug_sources: true,
        }
    }
}

impl PrintOptions {
    /// The canonical form: no locations and no debug file names, so the text depends only on
    /// the program (what [`crate::hash::canonical_hash`] digests).
    pub const CANONICAL: PrintOptions = PrintOptions {
        locations: false,
        debug_sources: false,
    };
}

/// The whole module as text, with locations and debug sources.
pub fn print_module(module: &Module) -> String {
    print_module_with(module, PrintOptions::default())
}

/// The whole module as text, including what `options` asks for.
pub fn print_module_with(module: &Module, options: PrintOptions) -> String {
    let printer = Printer::new(module, options);
    let mut out = String::new();
    printer.module(&mut out);
    out
}

/// One line describing a statement (an `If` or `Loop` without its blocks), as the printer
/// writes it; verifier errors quote it.
pub fn describe_stmt(module: &Module, function: &Function, stmt: &Stmt) -> String {
    let printer = Printer::new(module, PrintOptions::CANONICAL);
    let mut out = String::new();
    printer.stmt_head(&mut out, function, stmt);
    out.trim_end_matches(" {").to_string()
}

/// The text of a type as the printer writes it.
pub fn describe_type(module: &Module, ty: Handle<Type>) -> String {
    let printer = Printer::new(module, PrintOptions::CANONICAL);
    let mut out = String::new();
    printer.ty(&mut out, ty);
    out
}

/// Words that a struct label may not be because they start other types.
pub(crate) fn is_type_keyword(word: &str) -> bool {
    if matches!(
        word,
        "bool"
            | "vec2"
            | "vec3"
            | "vec4"
            | "atomic"
            | "ptr"
            | "sampler"
            | "sampler_comparison"
            | "unnamed"
            | "in"
    ) || word.starts_with("texture_")
    {
        return true;
    }
    let bytes = word.as_bytes();
    // Sized scalars like `i32`, `f16`, `bool8`.
    let scalar_prefix = ["i", "u", "f", "bool"]
        .iter()
        .find(|p| word.starts_with(**p))
        .map(|p| p.len());
    if let Some(n) = scalar_prefix {
        if word.len() > n && bytes.iter().skip(n).all(u8::is_ascii_digit) {
            return true;
        }
    }
    // `matCxR`.
    matches!(
        bytes,
        [b'm', b'a', b't', c, b'x', r] if c.is_ascii_digit() && r.is_ascii_digit()
    )
}

/// Whether `word` can be written bare as a struct label.
fn is_plain_identifier(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Unique labels for every struct type, indexed by type index (`None` for other types).
pub(crate) fn struct_labels(module: &Module) -> Vec<Option<String>> {
    let mut labels: Vec<Option<String>> = vec![None; module.types.len()];
    let mut counts: rustc_hash::FxHashMap<&str, u32> = Default::default();
    for (_, ty) in module.types.iter() {
        if let (TypeInner::Struct { .. }, Some(name)) = (&ty.inner, &ty.name) {
            *counts.entry(name.as_str()).or_insert(0) += 1;
        }
    }
    let mut used: rustc_hash::FxHashSet<String> = Default::default();
    // First the structs that keep their own name, so a fallback never takes a real name.
    for (h, ty) in module.types.iter() {
        if let (TypeInner::Struct { .. }, Some(name)) = (&ty.inner, &ty.name) {
            if counts.get(name.as_str()) == Some(&1)
                && is_plain_identifier(name)
                && !is_type_keyword(name)
            {
                used.insert(name.clone());
                if let Some(slot) = labels.get_mut(h.index()) {
                    *slot = Some(name.clone());
                }
            }
        }
    }
    for (h, ty) in module.types.iter() {
        if !matches!(ty.inner, TypeInner::Struct { .. }) {
            continue;
        }
        if labels.get(h.index()).is_some_and(Option::is_some) {
            continue;
        }
        let base: String = match &ty.name {
            Some(name) => {
                let cleaned: String = name
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                    .collect();
                if cleaned.is_empty() || cleaned.starts_with(|c: char| c.is_ascii_digit()) {
                    format!("s_{cleaned}")
                } else {
                    cleaned
                }
            }
            None => "anon".to_string(),
        };
        // A base that starts like a type keyword (`texture_params`) makes every candidate
        // one: move it out of the keyword first, or the search below never ends.
        let base = if is_type_keyword(&format!("{base}_1")) {
            format!("s_{base}")
        } else {
            base
        };
        let mut n = 1u32;
        let label = loop {
            let candidate = format!("{base}_{n}");
            if !used.contains(&candidate) && !is_type_keyword(&candidate) {
                break candidate;
            }
            n += 1;
        };
        used.insert(label.clone());
        if let Some(slot) = labels.get_mut(h.index()) {
            *slot = Some(label);
        }
    }
    labels
}

/// Writes `s` as a quoted string with escapes for `"`, `\` and control characters.
pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a literal so that it names its own type (see the module docs).
pub fn write_literal(out: &mut String, literal: Literal) {
    match literal {
        Literal::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Literal::I32(v) => {
            let _ = write!(out, "{v}");
        }
        Literal::U32(v) => {
            let _ = write!(out, "{v}u");
        }
        Literal::F32(v) => write_f32(out, v, v.to_bits()),
        Literal::F16(bits) => {
            let v = f16_to_f32(bits);
            if v.is_nan() {
                let _ = write!(out, "nan({bits:#06x})");
            } else {
                write_f32(out, v, v.to_bits());
            }
            out.push('h');
        }
    }
}

fn write_f32(out: &mut String, v: f32, bits: u32) {
    if v.is_nan() {
        let _ = write!(out, "nan({bits:#010x})");
    } else if v.is_infinite() {
        out.push_str(if v < 0.0 { "-inf" } else { "inf" });
    } else {
        // `{:?}` is the shortest text that reads back to the same bits and always has a `.` or
        // an exponent, which tells floats from integers.
        let _ = write!(out, "{v:?}");
    }
}

pub(crate) fn space_name(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Function => "function",
        AddressSpace::Private => "private",
        AddressSpace::Workgroup => "workgroup",
        AddressSpace::Uniform => "uniform",
        AddressSpace::Storage {
            access: StorageAccess::Read,
        } => "storage(read)",
        AddressSpace::Storage {
            access: StorageAccess::ReadWrite,
        } => "storage(read_write)",
        AddressSpace::PushConstant => "push_constant",
        AddressSpace::Handle => "handle",
        AddressSpace::Input => "input",
        AddressSpace::Output => "output",
    }
}

pub(crate) fn unary_name(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Negate => "neg",
        UnaryOp::LogicalNot => "not",
        UnaryOp::BitNot => "bit_not",
    }
}

pub(crate) const BINARY_OPS: [(BinaryOp, &str); 18] = [
    (BinaryOp::Add, "add"),
    (BinaryOp::Subtract, "sub"),
    (BinaryOp::Multiply, "mul"),
    (BinaryOp::Divide, "div"),
    (BinaryOp::Remainder, "rem"),
    (BinaryOp::BitAnd, "bit_and"),
    (BinaryOp::BitOr, "bit_or"),
    (BinaryOp::BitXor, "bit_xor"),
    (BinaryOp::ShiftLeft, "shl"),
    (BinaryOp::ShiftRight, "shr"),
    (BinaryOp::Equal, "eq"),
    (BinaryOp::NotEqual, "ne"),
    (BinaryOp::Less, "lt"),
    (BinaryOp::LessEqual, "le"),
    (BinaryOp::Greater, "gt"),
    (BinaryOp::GreaterEqual, "ge"),
    (BinaryOp::LogicalAnd, "logical_and"),
    (BinaryOp::LogicalOr, "logical_or"),
];

pub(crate) fn binary_name(op: BinaryOp) -> &'static str {
    BINARY_OPS
        .iter()
        .find(|(o, _)| *o == op)
        .map_or("?", |(_, n)| n)
}

pub(crate) const PRODUCTS: [(ProductKind, &str); 5] = [
    (ProductKind::VectorTimesScalar, "vector_times_scalar"),
    (ProductKind::MatrixTimesScalar, "matrix_times_scalar"),
    (ProductKind::MatrixTimesVector, "matrix_times_vector"),
    (ProductKind::VectorTimesMatrix, "vector_times_matrix"),
    (ProductKind::MatrixTimesMatrix, "matrix_times_matrix"),
];

pub(crate) const RELATIONALS: [(RelationalFunction, &str); 4] = [
    (RelationalFunction::All, "all"),
    (RelationalFunction::Any, "any"),
    (RelationalFunction::IsNan, "is_nan"),
    (RelationalFunction::IsInf, "is_inf"),
];

pub(crate) const ATOMICS: [(AtomicFunction, &str); 9] = [
    (AtomicFunction::Add, "atomic_add"),
    (AtomicFunction::Subtract, "atomic_sub"),
    (AtomicFunction::And, "atomic_and"),
    (AtomicFunction::Or, "atomic_or"),
    (AtomicFunction::Xor, "atomic_xor"),
    (AtomicFunction::Min, "atomic_min"),
    (AtomicFunction::Max, "atomic_max"),
    (AtomicFunction::Exchange, "atomic_exchange"),
    (AtomicFunction::CompareExchange, "atomic_compare_exchange"),
];

/// Every math function, in declaration order (what the parser matches names against).
pub(crate) const MATH_FUNCTIONS: [MathFunction; 68] = [
    MathFunction::Abs,
    MathFunction::Sign,
    MathFunction::Floor,
    MathFunction::Ceil,
    MathFunction::Round,
    MathFunction::Trunc,
    MathFunction::Fract,
    MathFunction::Mod,
    MathFunction::Min,
    MathFunction::Max,
    MathFunction::Clamp,
    MathFunction::Mix,
    MathFunction::Step,
    MathFunction::SmoothStep,
    MathFunction::Sqrt,
    MathFunction::InverseSqrt,
    MathFunction::Pow,
    MathFunction::Exp,
    MathFunction::Exp2,
    MathFunction::Log,
    MathFunction::Log2,
    MathFunction::Sin,
    MathFunction::Cos,
    MathFunction::Tan,
    MathFunction::Asin,
    MathFunction::Acos,
    MathFunction::Atan,
    MathFunction::Atan2,
    MathFunction::Sinh,
    MathFunction::Cosh,
    MathFunction::Tanh,
    MathFunction::Asinh,
    MathFunction::Acosh,
    MathFunction::Atanh,
    MathFunction::Radians,
    MathFunction::Degrees,
    MathFunction::Fma,
    MathFunction::Ldexp,
    MathFunction::Saturate,
    MathFunction::Length,
    MathFunction::Distance,
    MathFunction::Dot,
    MathFunction::Cross,
    MathFunction::Normalize,
    MathFunction::Reflect,
    MathFunction::Refract,
    MathFunction::FaceForward,
    MathFunction::Transpose,
    MathFunction::Inverse,
    MathFunction::Determinant,
    MathFunction::CountOneBits,
    MathFunction::ReverseBits,
    MathFunction::FirstLeadingBit,
    MathFunction::FirstTrailingBit,
    MathFunction::ExtractBits,
    MathFunction::InsertBits,
    MathFunction::CountLeadingZeros,
    MathFunction::CountTrailingZeros,
    MathFunction::Pack4x8Unorm,
    MathFunction::Pack4x8Snorm,
    MathFunction::Pack2x16Unorm,
    MathFunction::Pack2x16Snorm,
    MathFunction::Pack2x16Float,
    MathFunction::Unpack4x8Unorm,
    MathFunction::Unpack4x8Snorm,
    MathFunction::Unpack2x16Unorm,
    MathFunction::Unpack2x16Snorm,
    MathFunction::Unpack2x16Float,
];

/// The text name of a math function.
pub fn math_name(fun: MathFunction) -> &'static str {
    match fun {
        MathFunction::Abs => "abs",
        MathFunction::Sign => "sign",
        MathFunction::Floor => "floor",
        MathFunction::Ceil => "ceil",
        MathFunction::Round => "round",
        MathFunction::Trunc => "trunc",
        MathFunction::Fract => "fract",
        MathFunction::Mod => "mod",
        MathFunction::Min => "min",
        MathFunction::Max => "max",
        MathFunction::Clamp => "clamp",
        MathFunction::Mix => "mix",
        MathFunction::Step => "step",
        MathFunction::SmoothStep => "smoothstep",
        MathFunction::Sqrt => "sqrt",
        MathFunction::InverseSqrt => "inverse_sqrt",
        MathFunction::Pow => "pow",
        MathFunction::Exp => "exp",
        MathFunction::Exp2 => "exp2",
        MathFunction::Log => "log",
        MathFunction::Log2 => "log2",
        MathFunction::Sin => "sin",
        MathFunction::Cos => "cos",
        MathFunction::Tan => "tan",
        MathFunction::Asin => "asin",
        MathFunction::Acos => "acos",
        MathFunction::Atan => "atan",
        MathFunction::Atan2 => "atan2",
        MathFunction::Sinh => "sinh",
        MathFunction::Cosh => "cosh",
        MathFunction::Tanh => "tanh",
        MathFunction::Asinh => "asinh",
        MathFunction::Acosh => "acosh",
        MathFunction::Atanh => "atanh",
        MathFunction::Radians => "radians",
        MathFunction::Degrees => "degrees",
        MathFunction::Fma => "fma",
        MathFunction::Ldexp => "ldexp",
        MathFunction::Saturate => "saturate",
        MathFunction::Length => "length",
        MathFunction::Distance => "distance",
        MathFunction::Dot => "dot",
        MathFunction::Cross => "cross",
        MathFunction::Normalize => "normalize",
        MathFunction::Reflect => "reflect",
        MathFunction::Refract => "refract",
        MathFunction::FaceForward => "face_forward",
        MathFunction::Transpose => "transpose",
        MathFunction::Inverse => "inverse",
        MathFunction::Determinant => "determinant",
        MathFunction::CountOneBits => "count_one_bits",
        MathFunction::ReverseBits => "reverse_bits",
        MathFunction::FirstLeadingBit => "first_leading_bit",
        MathFunction::FirstTrailingBit => "first_trailing_bit",
        MathFunction::ExtractBits => "extract_bits",
        MathFunction::InsertBits => "insert_bits",
        MathFunction::CountLeadingZeros => "count_leading_zeros",
        MathFunction::CountTrailingZeros => "count_trailing_zeros",
        MathFunction::Pack4x8Unorm => "pack4x8_unorm",
        MathFunction::Pack4x8Snorm => "pack4x8_snorm",
        MathFunction::Pack2x16Unorm => "pack2x16_unorm",
        MathFunction::Pack2x16Snorm => "pack2x16_snorm",
        MathFunction::Pack2x16Float => "pack2x16_float",
        MathFunction::Unpack4x8Unorm => "unpack4x8_unorm",
        MathFunction::Unpack4x8Snorm => "unpack4x8_snorm",
        MathFunction::Unpack2x16Unorm => "unpack2x16_unorm",
        MathFunction::Unpack2x16Snorm => "unpack2x16_snorm",
        MathFunction::Unpack2x16Float => "unpack2x16_float",
    }
}

pub(crate) fn derivative_name(axis: DerivativeAxis, control: DerivativeControl) -> &'static str {
    match (axis, control) {
        (DerivativeAxis::X, DerivativeControl::None) => "dpdx",
        (DerivativeAxis::X, DerivativeControl::Coarse) => "dpdx_coarse",
        (DerivativeAxis::X, DerivativeControl::Fine) => "dpdx_fine",
        (DerivativeAxis::Y, DerivativeControl::None) => "dpdy",
        (DerivativeAxis::Y, DerivativeControl::Coarse) => "dpdy_coarse",
        (DerivativeAxis::Y, DerivativeControl::Fine) => "dpdy_fine",
        (DerivativeAxis::Width, DerivativeControl::None) => "fwidth",
        (DerivativeAxis::Width, DerivativeControl::Coarse) => "fwidth_coarse",
        (DerivativeAxis::Width, DerivativeControl::Fine) => "fwidth_fine",
    }
}

pub(crate) const STAGES: [ShaderStage; 6] = [
    ShaderStage::Vertex,
    ShaderStage::Fragment,
    ShaderStage::Compute,
    ShaderStage::Geometry,
    ShaderStage::TessellationControl,
    ShaderStage::TessellationEvaluation,
];

pub(crate) const BUILTINS: [BuiltIn; 12] = [
    BuiltIn::Position,
    BuiltIn::VertexIndex,
    BuiltIn::InstanceIndex,
    BuiltIn::FrontFacing,
    BuiltIn::FragDepth,
    BuiltIn::SampleIndex,
    BuiltIn::SampleMask,
    BuiltIn::LocalInvocationId,
    BuiltIn::LocalInvocationIndex,
    BuiltIn::GlobalInvocationId,
    BuiltIn::WorkgroupId,
    BuiltIn::NumWorkgroups,
];

fn scalar_name(out: &mut String, s: Scalar) {
    let bits = u32::from(s.width) * 8;
    match s.kind {
        ScalarKind::Bool if s.width == 1 => out.push_str("bool"),
        ScalarKind::Bool => {
            let _ = write!(out, "bool{bits}");
        }
        ScalarKind::Sint => {
            let _ = write!(out, "i{bits}");
        }
        ScalarKind::Uint => {
            let _ = write!(out, "u{bits}");
        }
        ScalarKind::Float => {
            let _ = write!(out, "f{bits}");
        }
    }
}

struct Printer<'a> {
    module: &'a Module,
    options: PrintOptions,
    labels: Vec<Option<String>>,
}

/// Work items of the block printer, which walks nested blocks with a stack instead of
/// recursion.
enum Task {
    /// Print statements of `block` from `index` on, at nesting `depth`.
    Stmts {
        block: Handle<crate::ir::Block>,
        index: usize,
        depth: usize,
    },
    /// Print a closing line at `depth`.
    Line { text: &'static str, depth: usize },
}

impl<'a> Printer<'a> {
    fn new(module: &'a Module, options: PrintOptions) -> Self {
        Printer {
            module,
            options,
            labels: struct_labels(module),
        }
    }

    fn module(&self, out: &mut String) {
        let m = self.module;
        let mut sections: Vec<String> = Vec::new();
        if self.options.debug_sources && !m.debug_sources.is_empty() {
            let mut s = String::new();
            for (i, src) in m.debug_sources.iter().enumerate() {
                let _ = write!(s, "source {i} ");
                write_string(&mut s, &src.name);
                if let Some(text) = &src.text {
                    s.push_str(" text ");
                    write_string(&mut s, text);
                }
                s.push('\n');
            }
            sections.push(s);
        }
        let mut structs = String::new();
        for (h, ty) in m.types.iter() {
            if let TypeInner::Struct { members } = &ty.inner {
                let label = self.label(h);
                let _ = write!(structs, "struct {label}");
                match &ty.name {
                    Some(name) if *name == label => {}
                    Some(name) => {
                        structs.push(' ');
                        write_string(&mut structs, name);
                    }
                    None => structs.push_str(" unnamed"),
                }
                structs.push_str(" {\n");
                for member in members {
                    structs.push_str("  ");
                    if is_plain_identifier(&member.name) {
                        structs.push_str(&member.name);
                    } else {
                        write_string(&mut structs, &member.name);
                    }
                    structs.push_str(": ");
                    self.ty(&mut structs, member.ty);
                    structs.push_str(",\n");
                }
                structs.push_str("}\n");
            }
        }
        if !structs.is_empty() {
            sections.push(structs);
        }
        if !m.constants.is_empty() {
            let mut s = String::new();
            for (h, c) in m.constants.iter() {
                self.constant(&mut s, h, c);
            }
            sections.push(s);
        }
        if !m.globals.is_empty() {
            let mut s = String::new();
            for (h, g) in m.globals.iter() {
                let _ = write!(s, "global g{} ", h.raw());
                write_string(&mut s, &g.name);
                s.push_str(": ");
                self.ty(&mut s, g.ty);
                let _ = write!(s, " in {}", space_name(g.space));
                if let Some(b) = g.binding {
                    let _ = write!(s, " @group({}) @binding({})", b.group, b.binding);
                }
                if let Some(c) = &g.combined {
                    let _ = write!(s, " @combined({}, ", c.id);
                    write_string(&mut s, &c.name);
                    s.push_str(match c.role {
                        CombinedRole::Texture => ", texture)",
                        CombinedRole::Sampler => ", sampler)",
                    });
                }
                if let Some(init) = g.init {
                    let _ = write!(s, " = c{}", init.raw());
                }
                s.push('\n');
            }
            sections.push(s);
        }
        for (h, f) in m.functions.iter() {
            let mut s = String::new();
            self.function(&mut s, h, f);
            sections.push(s);
        }
        if !m.entry_points.is_empty() {
            let mut s = String::new();
            for ep in &m.entry_points {
                let _ = write!(s, "entry {} ", ep.stage.as_str());
                write_string(&mut s, &ep.name);
                let _ = write!(s, " = fn{}", ep.function.raw());
                if ep.stage == ShaderStage::Compute || ep.workgroup_size != [0, 0, 0] {
                    s.push_str(" @workgroup_size(");
                    for (i, (n, spec)) in ep
                        .workgroup_size
                        .iter()
                        .zip(&ep.workgroup_size_spec)
                        .enumerate()
                    {
                        if i > 0 {
                            s.push_str(", ");
                        }
                        if let Some(c) = spec {
                            let _ = write!(s, "c{} = ", c.raw());
                        }
                        let _ = write!(s, "{n}");
                    }
                    s.push(')');
                }
                if ep.early_depth_test {
                    s.push_str(" @early_depth_test");
                }
                s.push('\n');
            }
            sections.push(s);
        }
        out.push_str(&sections.join("\n"));
    }

    fn label(&self, ty: Handle<Type>) -> String {
        self.labels
            .get(ty.index())
            .and_then(Clone::clone)
            .unwrap_or_else(|| format!("?type{}", ty.raw()))
    }

    fn ty(&self, out: &mut String, ty: Handle<Type>) {
        // Pointers and arrays nest other types; walk that chain without recursion, writing the
        // prefixes first and collecting the suffixes to write after the innermost type.
        let mut suffixes: Vec<String> = Vec::new();
        let mut current = ty;
        let mut steps = 0usize;
        loop {
            steps += 1;
            let Some(t) = self.module.types.get(current) else {
                let _ = write!(out, "?type{}", current.raw());
                break;
            };
            if steps > self.module.types.len() + 1 {
                out.push_str("?cycle");
                break;
            }
            match &t.inner {
                TypeInner::Scalar(s) => {
                    scalar_name(out, *s);
                    break;
                }
                TypeInner::Vector { size, scalar } => {
                    let _ = write!(out, "vec{}<", size.count());
                    scalar_name(out, *scalar);
                    out.push('>');
                    break;
                }
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => {
                    let _ = write!(out, "mat{}x{}<", columns.count(), rows.count());
                    scalar_name(out, *scalar);
                    out.push('>');
                    break;
                }
                TypeInner::Atomic(s) => {
                    out.push_str("atomic<");
                    scalar_name(out, *s);
                    out.push('>');
                    break;
                }
                TypeInner::Array { base, size } => {
                    out.push('[');
                    suffixes.push(match size {
                        ArraySize::Constant(n) => format!("; {n}]"),
                        ArraySize::Runtime => "]".to_string(),
                    });
                    current = *base;
                }
                TypeInner::Pointer { base, space } => {
                    let _ = write!(out, "ptr<{}, ", space_name(*space));
                    suffixes.push(">".to_string());
                    current = *base;
                }
                TypeInner::Struct { .. } => {
                    out.push_str(&self.label(current));
                    break;
                }
                TypeInner::Image {
                    dim,
                    arrayed,
                    class,
                } => {
                    out.push_str("texture_");
                    let (depth, ms, kind) = match class {
                        ImageClass::Sampled { kind, multisampled } => {
                            (false, *multisampled, Some(*kind))
                        }
                        ImageClass::Depth { multisampled } => (true, *multisampled, None),
                        ImageClass::Storage { format, access } => {
                            out.push_str("storage_");
                            out.push_str(match dim {
                                ImageDimension::D2 => "2d",
                                ImageDimension::D3 => "3d",
                                ImageDimension::Cube => "cube",
                            });
                            if *arrayed {
                                out.push_str("_array");
                            }
                            let _ = write!(out, "<{}, {}>", format.as_str(), access.as_str());
                            break;
                        }
                    };
                    if depth {
                        out.push_str("depth_");
                    }
                    if ms {
                        out.push_str("multisampled_");
                    }
                    out.push_str(match dim {
                        ImageDimension::D2 => "2d",
                        ImageDimension::D3 => "3d",
                        ImageDimension::Cube => "cube",
                    });
                    if *arrayed {
                        out.push_str("_array");
                    }
                    if let Some(kind) = kind {
                        out.push('<');
                        out.push_str(match kind {
                            ScalarKind::Float => "f32",
                            ScalarKind::Sint => "i32",
                            ScalarKind::Uint => "u32",
                            ScalarKind::Bool => "bool",
                        });
                        out.push('>');
                    }
                    break;
                }
                TypeInner::Sampler { comparison } => {
                    out.push_str(if *comparison {
                        "sampler_comparison"
                    } else {
                        "sampler"
                    });
                    break;
                }
            }
        }
        for suffix in suffixes.iter().rev() {
            out.push_str(suffix);
        }
    }

    fn constant(&self, out: &mut String, h: Handle<Constant>, c: &Constant) {
        if let Some(id) = c.spec_id {
            let _ = write!(out, "@spec({id}) ");
        }
        let _ = write!(out, "const c{}", h.raw());
        if let Some(name) = &c.name {
            out.push(' ');
            write_string(out, name);
        }
        out.push_str(": ");
        self.ty(out, c.ty);
        out.push_str(" = ");
        match &c.value {
            ConstantValue::Scalar(lit) => write_literal(out, *lit),
            ConstantValue::Composite(parts) => {
                out.push('{');
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "c{}", p.raw());
                }
                out.push('}');
            }
            ConstantValue::Zero => out.push_str("zero"),
        }
        out.push('\n');
    }

    fn io(&self, out: &mut String, binding: Option<IoBinding>) {
        match binding {
            None => {}
            Some(IoBinding::BuiltIn(b)) => {
                let _ = write!(out, " @builtin({})", b.as_str());
            }
            Some(IoBinding::Location {
                location,
                interpolation,
            }) => {
                let _ = write!(out, " @location({location}");
                match interpolation {
                    Interpolation::Smooth => {}
                    Interpolation::Flat => out.push_str(", flat"),
                    Interpolation::NoPerspective => out.push_str(", no_perspective"),
                }
                out.push(')');
            }
        }
    }

    fn function(&self, out: &mut String, h: Handle<Function>, f: &Function) {
        let _ = write!(out, "fn fn{} ", h.raw());
        write_string(out, &f.name);
        out.push('(');
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_string(out, &p.name);
            out.push_str(": ");
            self.ty(out, p.ty);
            self.io(out, p.binding);
        }
        out.push(')');
        if !f.results.is_empty() {
            out.push_str(" -> (");
            for (i, r) in f.results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if let Some(name) = &r.name {
                    write_string(out, name);
                    out.push_str(": ");
                }
                self.ty(out, r.ty);
                self.io(out, r.binding);
            }
            out.push(')');
        }
        out.push_str(" {\n");
        for (lh, local) in f.locals.iter() {
            let _ = write!(out, "  local l{}", lh.raw());
            if let Some(name) = &local.name {
                out.push(' ');
                write_string(out, name);
            }
            out.push_str(": ");
            self.ty(out, local.ty);
            if let Some(init) = local.init {
                let _ = write!(out, " = c{}", init.raw());
            }
            out.push('\n');
        }
        // Values that the body defines are printed there; the rest go in the header.
        let defined_in_body = defined_in_body(f);
        for (vh, value) in f.values.iter() {
            let in_body = defined_in_body.get(vh.index()).copied().unwrap_or(false);
            let header = match value.def {
                ValueDef::Param(_)
                | ValueDef::Constant(_)
                | ValueDef::GlobalPointer(_)
                | ValueDef::LocalPointer(_) => true,
                ValueDef::Op(_)
                | ValueDef::IfResult
                | ValueDef::LoopCarried
                | ValueDef::LoopResult => !in_body,
            };
            if !header {
                continue;
            }
            out.push_str("  ");
            self.def(out, f, vh, value);
            out.push_str(" = ");
            match &value.def {
                ValueDef::Param(i) => {
                    let _ = write!(out, "param {i}");
                }
                ValueDef::Constant(c) => {
                    let _ = write!(out, "const c{}", c.raw());
                    if let Some(Constant {
                        value: ConstantValue::Scalar(lit),
                        ..
                    }) = self.module.constants.get(*c)
                    {
                        out.push_str("  // ");
                        write_literal(out, *lit);
                    }
                }
                ValueDef::GlobalPointer(g) => {
                    let _ = write!(out, "global g{}", g.raw());
                    if let Some(global) = self.module.globals.get(*g) {
                        out.push_str("  // ");
                        out.push_str(&global.name);
                    }
                }
                ValueDef::LocalPointer(l) => {
                    let _ = write!(out, "local l{}", l.raw());
                }
                ValueDef::Op(op) => self.op(out, op),
                ValueDef::IfResult => out.push_str("if_result"),
                ValueDef::LoopCarried => out.push_str("loop_carried"),
                ValueDef::LoopResult => out.push_str("loop_result"),
            }
            out.push('\n');
        }
        out.push_str("body:\n");
        self.blocks(out, f);
        out.push_str("}\n");
    }

    /// `%N "name": type`
    fn def(&self, out: &mut String, f: &Function, vh: Handle<Value>, value: &Value) {
        let _ = write!(out, "%{}", vh.raw());
        if let Some(name) = f.value_name(value) {
            out.push(' ');
            write_string(out, name);
        }
        out.push_str(": ");
        self.ty(out, value.ty);
    }

    fn def_of(&self, out: &mut String, f: &Function, vh: Handle<Value>) {
        match f.values.get(vh) {
            Some(value) => self.def(out, f, vh, value),
            None => {
                let _ = write!(out, "%{}: ?type", vh.raw());
            }
        }
    }

    fn values(&self, out: &mut String, values: &[Handle<Value>]) {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "%{}", v.raw());
        }
    }

    fn loc(&self, out: &mut String, loc: Option<SourceLoc>) {
        if let (true, Some(loc)) = (self.options.locations, loc) {
            let _ = write!(out, " !{}:{}:{}", loc.source, loc.line, loc.column);
        }
    }

    fn blocks(&self, out: &mut String, f: &Function) {
        let mut printed = vec![false; f.blocks.len()];
        let mut tasks = vec![Task::Stmts {
            block: f.body,
            index: 0,
            depth: 1,
        }];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Line { text, depth } => {
                    indent(out, depth);
                    out.push_str(text);
                    out.push('\n');
                }
                Task::Stmts {
                    block,
                    index,
                    depth,
                } => {
                    if index == 0 {
                        match printed.get_mut(block.index()) {
                            Some(flag) if !*flag => *flag = true,
                            Some(_) => {
                                indent(out, depth);
                                let _ = writeln!(out, "// block b{} again", block.raw());
                                continue;
                            }
                            None => {
                                indent(out, depth);
                                let _ = writeln!(out, "// missing block b{}", block.raw());
                                continue;
                            }
                        }
                    }
                    let Some(stmt) = f.blocks.get(block).and_then(|b| b.stmts.get(index)) else {
                        continue;
                    };
                    tasks.push(Task::Stmts {
                        block,
                        index: index + 1,
                        depth,
                    });
                    indent(out, depth);
                    self.stmt_head(out, f, stmt);
                    out.push('\n');
                    match &stmt.kind {
                        StmtKind::If { accept, reject, .. } => {
                            tasks.push(Task::Line { text: "}", depth });
                            tasks.push(Task::Stmts {
                                block: *reject,
                                index: 0,
                                depth: depth + 1,
                            });
                            tasks.push(Task::Line {
                                text: "} else {",
                                depth,
                            });
                            tasks.push(Task::Stmts {
                                block: *accept,
                                index: 0,
                                depth: depth + 1,
                            });
                        }
                        StmtKind::Loop(l) => {
                            tasks.push(Task::Line { text: "}", depth });
                            tasks.push(Task::Stmts {
                                block: l.body,
                                index: 0,
                                depth: depth + 1,
                            });
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// A statement's own line (for `If` and `Loop`, the line that opens the first block).
    fn stmt_head(&self, out: &mut String, f: &Function, stmt: &Stmt) {
        match &stmt.kind {
            StmtKind::Value(v) => {
                self.def_of(out, f, *v);
                out.push_str(" = ");
                match f.values.get(*v).map(|value| &value.def) {
                    Some(ValueDef::Op(op)) => self.op(out, op),
                    Some(ValueDef::Param(i)) => {
                        let _ = write!(out, "param {i}");
                    }
                    Some(ValueDef::Constant(c)) => {
                        let _ = write!(out, "const c{}", c.raw());
                    }
                    Some(ValueDef::GlobalPointer(g)) => {
                        let _ = write!(out, "global g{}", g.raw());
                    }
                    Some(ValueDef::LocalPointer(l)) => {
                        let _ = write!(out, "local l{}", l.raw());
                    }
                    Some(ValueDef::IfResult) => out.push_str("if_result"),
                    Some(ValueDef::LoopCarried) => out.push_str("loop_carried"),
                    Some(ValueDef::LoopResult) => out.push_str("loop_result"),
                    None => out.push_str("?missing"),
                }
                self.loc(out, stmt.loc);
            }
            StmtKind::Store { pointer, value } => {
                let _ = write!(out, "store %{}, %{}", pointer.raw(), value.raw());
                self.loc(out, stmt.loc);
            }
            StmtKind::AtomicStore { pointer, value } => {
                let _ = write!(out, "atomic_store %{}, %{}", pointer.raw(), value.raw());
                self.loc(out, stmt.loc);
            }
            StmtKind::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                let _ = write!(out, "image_store %{}, %{}", image.raw(), coordinate.raw());
                if let Some(a) = array_index {
                    let _ = write!(out, ", array_index %{}", a.raw());
                }
                let _ = write!(out, ", %{}", value.raw());
                self.loc(out, stmt.loc);
            }
            StmtKind::Call { function, args } => {
                let _ = write!(out, "call fn{}(", function.raw());
                self.values(out, args);
                out.push(')');
                self.loc(out, stmt.loc);
            }
            StmtKind::Barrier(b) => {
                out.push_str(match (b.workgroup, b.storage) {
                    (true, true) => "barrier(workgroup, storage)",
                    (true, false) => "barrier(workgroup)",
                    (false, true) => "barrier(storage)",
                    (false, false) => "barrier()",
                });
                self.loc(out, stmt.loc);
            }
            StmtKind::If {
                condition, results, ..
            } => {
                self.results(out, f, results);
                let _ = write!(out, "if %{}", condition.raw());
                self.loc(out, stmt.loc);
                out.push_str(" {");
            }
            StmtKind::Loop(l) => {
                let Loop {
                    carried,
                    results,
                    control,
                    ..
                } = &**l;
                self.results(out, f, results);
                out.push_str("loop (");
                for (i, var) in carried.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.def_of(out, f, var.value);
                    let _ = write!(out, " = %{}", var.init.raw());
                }
                out.push(')');
                match control.unroll {
                    UnrollHint::None => {}
                    UnrollHint::Full => out.push_str(" @unroll(full)"),
                    UnrollHint::Never => out.push_str(" @unroll(never)"),
                    UnrollHint::AtMost(n) => {
                        let _ = write!(out, " @unroll({n})");
                    }
                }
                if let Some(n) = control.max_iterations {
                    let _ = write!(out, " @max_iterations({n})");
                }
                self.loc(out, stmt.loc);
                out.push_str(" {");
            }
            StmtKind::Yield(values)
            | StmtKind::Continue(values)
            | StmtKind::Break(values)
            | StmtKind::Return(values) => {
                out.push_str(match &stmt.kind {
                    StmtKind::Yield(_) => "yield",
                    StmtKind::Continue(_) => "continue",
                    StmtKind::Break(_) => "break",
                    _ => "return",
                });
                if !values.is_empty() {
                    out.push(' ');
                    self.values(out, values);
                }
                self.loc(out, stmt.loc);
            }
            StmtKind::Discard => {
                out.push_str("discard");
                self.loc(out, stmt.loc);
            }
            StmtKind::Unreachable => {
                out.push_str("unreachable");
                self.loc(out, stmt.loc);
            }
        }
    }

    fn results(&self, out: &mut String, f: &Function, results: &[Handle<Value>]) {
        for (i, r) in results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.def_of(out, f, *r);
        }
        if !results.is_empty() {
            out.push_str(" = ");
        }
    }

    fn op(&self, out: &mut String, op: &Op) {
        let v = |h: &Handle<Value>| format!("%{}", h.raw());
        match op {
            Op::Unary { op, arg } => {
                let _ = write!(out, "{} {}", unary_name(*op), v(arg));
            }
            Op::Binary { op, lhs, rhs } => {
                let _ = write!(out, "{} {}, {}", binary_name(*op), v(lhs), v(rhs));
            }
            Op::Product { kind, lhs, rhs } => {
                let name = PRODUCTS
                    .iter()
                    .find(|(k, _)| k == kind)
                    .map_or("?", |(_, n)| n);
                let _ = write!(out, "{name} {}, {}", v(lhs), v(rhs));
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                let _ = write!(out, "select {}, {}, {}", v(condition), v(accept), v(reject));
            }
            Op::Splat { value } => {
                let _ = write!(out, "splat {}", v(value));
            }
            Op::Compose { components } => {
                out.push_str("compose");
                if !components.is_empty() {
                    out.push(' ');
                    self.values(out, components);
                }
            }
            Op::Extract { base, index } => {
                let _ = write!(out, "extract {}, {index}", v(base));
            }
            Op::Insert { base, value, index } => {
                let _ = write!(out, "insert {}, {}, {index}", v(base), v(value));
            }
            Op::ExtractDynamic { base, index } => {
                let _ = write!(out, "extract_dynamic {}, {}", v(base), v(index));
            }
            Op::InsertDynamic { base, value, index } => {
                let _ = write!(
                    out,
                    "insert_dynamic {}, {}, {}",
                    v(base),
                    v(value),
                    v(index)
                );
            }
            Op::Shuffle { a, b, pattern } => {
                let _ = write!(out, "shuffle {}, {}, [", v(a), v(b));
                for (i, p) in pattern.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{p}");
                }
                out.push(']');
            }
            Op::Convert { value } => {
                let _ = write!(out, "convert {}", v(value));
            }
            Op::Bitcast { value } => {
                let _ = write!(out, "bitcast {}", v(value));
            }
            Op::Relational { fun, arg } => {
                let name = RELATIONALS
                    .iter()
                    .find(|(f, _)| f == fun)
                    .map_or("?", |(_, n)| n);
                let _ = write!(out, "{name} {}", v(arg));
            }
            Op::Math { fun, args } => {
                out.push_str(math_name(*fun));
                if !args.is_empty() {
                    out.push(' ');
                    self.values(out, args);
                }
            }
            Op::Derivative { axis, control, arg } => {
                let _ = write!(out, "{} {}", derivative_name(*axis, *control), v(arg));
            }
            Op::AccessChain {
                base,
                indices,
                non_uniform,
            } => {
                out.push_str(if *non_uniform {
                    "access nonuniform "
                } else {
                    "access "
                });
                let _ = write!(out, "{}", v(base));
                for i in indices {
                    let _ = write!(out, ", {}", v(i));
                }
            }
            Op::Load { pointer } => {
                let _ = write!(out, "load {}", v(pointer));
            }
            Op::ArrayLength { pointer } => {
                let _ = write!(out, "array_length {}", v(pointer));
            }
            Op::Call { function, args } => {
                let _ = write!(out, "call fn{}(", function.raw());
                self.values(out, args);
                out.push(')');
            }
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
                let _ = write!(
                    out,
                    "image_sample {}, {}, {}",
                    v(image),
                    v(sampler),
                    v(coordinate)
                );
                if let Some(a) = array_index {
                    let _ = write!(out, ", array_index {}", v(a));
                }
                out.push_str(", level ");
                match level {
                    SampleLevel::Auto => out.push_str("auto"),
                    SampleLevel::Zero => out.push_str("zero"),
                    SampleLevel::Exact(l) => {
                        let _ = write!(out, "exact {}", v(l));
                    }
                    SampleLevel::Bias(b) => {
                        let _ = write!(out, "bias {}", v(b));
                    }
                    SampleLevel::Gradient { x, y } => {
                        let _ = write!(out, "grad {} {}", v(x), v(y));
                    }
                }
                if let Some(d) = depth_ref {
                    let _ = write!(out, ", depth_ref {}", v(d));
                }
                if let Some(c) = offset {
                    let _ = write!(out, ", offset c{}", c.raw());
                }
                if let Some(n) = gather {
                    let _ = write!(out, ", gather {n}");
                }
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                let _ = write!(out, "image_fetch {}, {}", v(image), v(coordinate));
                if let Some(a) = array_index {
                    let _ = write!(out, ", array_index {}", v(a));
                }
                if let Some(l) = level {
                    let _ = write!(out, ", level {}", v(l));
                }
                if let Some(s) = sample {
                    let _ = write!(out, ", sample {}", v(s));
                }
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                let _ = write!(out, "image_load {}, {}", v(image), v(coordinate));
                if let Some(a) = array_index {
                    let _ = write!(out, ", array_index {}", v(a));
                }
            }
            Op::ImageQuery { image, query } => match query {
                ImageQuery::Size { level } => {
                    let _ = write!(out, "image_size {}", v(image));
                    if let Some(l) = level {
                        let _ = write!(out, ", level {}", v(l));
                    }
                }
                ImageQuery::NumLevels => {
                    let _ = write!(out, "image_num_levels {}", v(image));
                }
                ImageQuery::NumLayers => {
                    let _ = write!(out, "image_num_layers {}", v(image));
                }
                ImageQuery::NumSamples => {
                    let _ = write!(out, "image_num_samples {}", v(image));
                }
            },
            Op::Atomic {
                fun,
                pointer,
                value,
                comparator,
            } => {
                let name = ATOMICS
                    .iter()
                    .find(|(f, _)| f == fun)
                    .map_or("?", |(_, n)| n);
                let _ = write!(out, "{name} {}, {}", v(pointer), v(value));
                if let Some(c) = comparator {
                    let _ = write!(out, ", {}", v(c));
                }
            }
            Op::AtomicLoad { pointer } => {
                let _ = write!(out, "atomic_load {}", v(pointer));
            }
        }
    }
}

/// Deepest indentation written: past it, blocks line up. Text (and the canonical hash, which
/// prints the module) would otherwise grow with the square of the nesting depth: a 5,000-arm
/// `elseif` chain printed 50 MB of spaces.
const MAX_INDENT: usize = 32;

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth.min(MAX_INDENT) {
        out.push_str("  ");
    }
}

/// Which values a statement reachable from the body places or lists (by value index).
fn defined_in_body(f: &Function) -> Vec<bool> {
    let mut defined = vec![false; f.values.len()];
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![f.body];
    let mark = |v: Handle<Value>, defined: &mut Vec<bool>| {
        if let Some(flag) = defined.get_mut(v.index()) {
            *flag = true;
        }
    };
    while let Some(block) = stack.pop() {
        match seen.get_mut(block.index()) {
            Some(flag) if !*flag => *flag = true,
            _ => continue,
        }
        let Some(b) = f.blocks.get(block) else {
            continue;
        };
        for stmt in &b.stmts {
            match &stmt.kind {
                StmtKind::Value(v) => mark(*v, &mut defined),
                StmtKind::If { results, .. } => {
                    results.iter().for_each(|v| mark(*v, &mut defined));
                }
                StmtKind::Loop(l) => {
                    l.carried.iter().for_each(|c| mark(c.value, &mut defined));
                    l.results.iter().for_each(|v| mark(*v, &mut defined));
                }
                _ => {}
            }
            stmt.kind.for_each_block(|b| stack.push(b));
        }
    }
    defined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_name_their_type() {
        let cases = [
            (Literal::Bool(true), "true"),
            (Literal::I32(-5), "-5"),
            (Literal::U32(5), "5u"),
            (Literal::F32(1.0), "1.0"),
            (Literal::F32(-0.0), "-0.0"),
            (Literal::F32(1e-7), "1e-7"),
            (Literal::F32(f32::INFINITY), "inf"),
            (Literal::F32(f32::from_bits(0x7fc0_0001)), "nan(0x7fc00001)"),
            (Literal::F16(0x3800), "0.5h"),
            (Literal::F16(0x7e00), "nan(0x7e00)h"),
        ];
        for (lit, text) in cases {
            let mut s = String::new();
            write_literal(&mut s, lit);
            assert_eq!(s, text);
        }
    }

    #[test]
    fn type_keywords() {
        for w in [
            "f32",
            "i16",
            "bool",
            "bool8",
            "vec3",
            "mat4x3",
            "texture_2d",
            "ptr",
        ] {
            assert!(is_type_keyword(w), "{w}");
        }
        for w in ["Light", "fish", "matrix", "u", "f", "mat4"] {
            assert!(!is_type_keyword(w), "{w}");
        }
    }
}
