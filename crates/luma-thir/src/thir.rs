//! The typed program ("THIR"): what the checker produces from the AST and lowering reads.
//!
//! Everything here is resolved: names point at their declarations by id, every expression has a
//! type, literals are typed and constants evaluated, sugar is gone (entry-point I/O has explicit
//! locations and builtins, globals have explicit group and binding, compound assignments and
//! `elseif` chains are explicit, struct literals list members in declaration order). Lowering to
//! IR runs only on a program the checker accepted without errors.

use luma_base::{Arena, Handle, Span};

use crate::types::{ScalarTy, TyId, Types};

/// Handle of a struct definition.
pub type StructId = Handle<StructDef>;
/// Handle of a module-scope global (resource, push constant block or workgroup variable).
pub type GlobalId = Handle<GlobalDef>;
/// Handle of a module-scope constant.
pub type ConstId = Handle<ConstDef>;
/// Handle of a function.
pub type FuncId = Handle<FunctionDef>;
/// Handle of a local (parameter, `let` or loop counter) within its function.
pub type LocalId = Handle<LocalDef>;
/// Handle of an expression in [`Program::exprs`].
pub type ExprId = Handle<Expr>;

/// A checked program.
#[derive(Debug, Clone, Default)]
pub struct Program {
    /// Interned types.
    pub types: Types,
    /// Structs, user-declared and synthesized (inline entry I/O), in declaration order.
    pub structs: Arena<StructDef>,
    /// Module-scope globals in declaration order.
    pub globals: Arena<GlobalDef>,
    /// Module-scope constants in declaration order (local `const`s are folded where used).
    pub consts: Arena<ConstDef>,
    /// Functions in declaration order.
    pub functions: Arena<FunctionDef>,
    /// Every expression of every function body.
    pub exprs: Arena<Expr>,
    /// Entry points in declaration order.
    pub entry_points: Vec<EntryPointDef>,
}

/// A struct type.
#[derive(Debug, Clone, PartialEq)]
pub struct StructDef {
    /// Source name; synthesized structs get `<function>_in` / `<function>_out`.
    pub name: String,
    /// Members in declaration order.
    pub fields: Vec<FieldDef>,
    /// Declared `@varying`.
    pub varying: bool,
    /// Synthesized from inline entry-point parameters or a tuple return.
    pub synthesized: bool,
    /// The declaration.
    pub span: Span,
}

/// A struct member.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDef {
    /// Member name.
    pub name: String,
    /// Member type.
    pub ty: TyId,
    /// I/O attributes as written (`@location`, `@builtin`, `@interpolation`), used when the
    /// struct is an entry point's input or output.
    pub io: FieldIo,
    /// The member declaration.
    pub span: Span,
}

/// I/O attributes written on a field or inline parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FieldIo {
    /// `@location(n)`.
    pub location: Option<u32>,
    /// `@builtin(name)`.
    pub builtin: Option<Builtin>,
    /// `@interpolation(mode)`.
    pub interpolation: Option<Interpolation>,
}

/// What kind of global a declaration made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobalKind {
    /// `uniform name: T` with a plain data type: a uniform buffer (std140).
    UniformBuffer,
    /// `buffer name: T`: a storage buffer (std430), with its access (explicit `@access` or
    /// inferred from whether reachable code writes it).
    StorageBuffer {
        /// Read-only or read-write.
        access: Access,
    },
    /// `@push_constant uniform name: T` (std430, no binding).
    PushConstant,
    /// `uniform name: textureXX` (or an array of textures).
    Texture,
    /// `uniform name: sampler` / `samplerShadow`.
    Sampler,
    /// `uniform name: samplerXX`: texture at `binding`, sampler at `binding + 1`.
    CombinedSampler,
    /// `shared name: T` (workgroup memory).
    Workgroup,
}

/// Storage buffer access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Read only.
    Read,
    /// Read and write.
    ReadWrite,
}

/// A module-scope global.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalDef {
    /// Source name.
    pub name: String,
    /// What it is.
    pub kind: GlobalKind,
    /// Declared type.
    pub ty: TyId,
    /// Resolved group (descriptor set); `None` for push constants and workgroup memory.
    pub group: Option<u32>,
    /// Resolved binding (the texture's binding for a combined sampler; its sampler takes the
    /// next one); `None` for push constants and workgroup memory.
    pub binding: Option<u32>,
    /// The declaration.
    pub span: Span,
}

/// A module-scope constant.
#[derive(Debug, Clone, PartialEq)]
pub struct ConstDef {
    /// Source name.
    pub name: String,
    /// Its type.
    pub ty: TyId,
    /// Its exact value (the default for a specialization constant).
    pub value: ConstValue,
    /// `@spec(id)`.
    pub spec_id: Option<u32>,
    /// The declaration.
    pub span: Span,
}

/// An evaluated constant.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    /// `bool`
    Bool(bool),
    /// `int`
    Int(i32),
    /// `uint`
    Uint(u32),
    /// `float`
    Float(f32),
    /// `half`, as its binary16 bits.
    Half(u16),
    /// Vector components, matrix columns, array elements or struct members, in order.
    Composite(Vec<ConstValue>),
}

/// A function.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    /// Source name.
    pub name: String,
    /// Parameters, as locals of this function.
    pub params: Vec<LocalId>,
    /// Return type; `None` when the function returns nothing.
    pub ret: Option<TyId>,
    /// Every local of the function: parameters, `let`s and loop counters.
    pub locals: Arena<LocalDef>,
    /// The body.
    pub body: Block,
    /// Entry point stage, when this is an entry function.
    pub stage: Option<Stage>,
    /// The declaration.
    pub span: Span,
}

/// A parameter, `let` variable or `for` counter.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalDef {
    /// Source name.
    pub name: String,
    /// Its type.
    pub ty: TyId,
    /// Whether it is ever assigned after its declaration (parameters included: Luma parameters
    /// are mutable copies).
    pub reassigned: bool,
    /// The declaration.
    pub span: Span,
}

/// A block of statements.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// Statements in order.
    pub stmts: Vec<Stmt>,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// Where it was written.
    pub span: Span,
}

/// Statements.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `let local = value`.
    Let {
        /// The new local.
        local: LocalId,
        /// Its initial value.
        value: ExprId,
    },
    /// `target = value` or `target op= value` (the place is evaluated once).
    Assign {
        /// A place expression: `Local`, `Global`, or `Field` / `Index` / `Swizzle` chains on one.
        target: ExprId,
        /// For compound assignment, the operator applied to the old value and `value`.
        op: Option<BinaryOp>,
        /// The right-hand side.
        value: ExprId,
    },
    /// An expression evaluated for its effect (a call of a function or builtin).
    Expr(ExprId),
    /// `if cond then ... else ... end` (`elseif` is a nested `If` in `else_block`).
    If {
        /// `bool` condition.
        cond: ExprId,
        /// Taken when true.
        then_block: Block,
        /// Taken when false.
        else_block: Option<Block>,
    },
    /// `for var = start, end[, step] do body end` with Lua semantics (language.md).
    For {
        /// The counter (read-only in the body).
        var: LocalId,
        /// First value.
        start: ExprId,
        /// Inclusive bound.
        end: ExprId,
        /// Step; 1 when absent.
        step: Option<ExprId>,
        /// The body.
        body: Block,
        /// Loop attributes.
        control: LoopAttrs,
    },
    /// `while cond do body end`.
    While {
        /// Tested before each iteration.
        cond: ExprId,
        /// The body.
        body: Block,
        /// Loop attributes.
        control: LoopAttrs,
    },
    /// `do ... end`.
    Block(Block),
    /// `break` out of the innermost loop.
    Break,
    /// `return [value]`.
    Return(Option<ExprId>),
    /// `discard` (fragment only).
    Discard,
}

/// Loop attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoopAttrs {
    /// `@unroll` (`Some(None)`) or `@unroll(N)` (`Some(Some(N))`).
    pub unroll: Option<Option<u32>>,
    /// `@max_iterations(N)`: the loop runs at most N iterations.
    pub max_iterations: Option<u32>,
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its type.
    pub ty: TyId,
    /// Where it was written.
    pub span: Span,
}

/// Expressions.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A constant value (literals, folded constant expressions, non-spec `const`s).
    Const(ConstValue),
    /// A specialization constant (never folded).
    SpecConst(ConstId),
    /// A local variable or parameter.
    Local(LocalId),
    /// A global (resource, push constant block or workgroup variable).
    Global(GlobalId),
    /// `op operand`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// Operand.
        operand: ExprId,
    },
    /// `lhs op rhs`. Arithmetic operands may mix a vector or matrix with a scalar of the same
    /// component type (`v * 2.0`, `2.0 * v`, `v + 1.0`); `*` between matrices and vectors is the
    /// linear-algebra product; `and` / `or` short-circuit; `==` / `!=` on vectors compare all
    /// components into one `bool`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: ExprId,
        /// Right operand.
        rhs: ExprId,
    },
    /// A call of a user function.
    Call {
        /// The callee.
        function: FuncId,
        /// Arguments.
        args: Vec<ExprId>,
    },
    /// A call of a builtin; the overload is determined by the argument types.
    Builtin {
        /// Which builtin.
        fun: BuiltinFn,
        /// Arguments as written (atomic builtins take a place as their first argument; texture
        /// builtins take `Global` or indexed `Global` expressions for textures and samplers).
        args: Vec<ExprId>,
    },
    /// Construction of a vector, matrix, array or struct of type `ty`. For vectors the
    /// arguments are scalars and vectors whose components add up (`vec4(v.xyz, 1.0)`); for
    /// matrices, either columns or `columns * rows` scalars in column order; arrays and structs
    /// take one argument per element or member, in order (struct literals are reordered to
    /// declaration order here).
    Construct {
        /// The parts.
        args: Vec<ExprId>,
    },
    /// A vector with all components equal to a scalar (`vec3(1.0)`), or a matrix with the scalar
    /// on its diagonal and zero elsewhere (`mat3(1.0)`).
    Splat {
        /// The scalar.
        value: ExprId,
    },
    /// Value conversion to `ty` (`float(i)`, `vec3(ivec3(...))`, `uint(b)`); a matrix of other
    /// shape (`mat3(m4)`) takes the upper-left part, filled with the identity.
    Convert {
        /// The source value.
        value: ExprId,
    },
    /// Bit reinterpretation (`as_float`, `as_int`, `as_uint`).
    Bitcast {
        /// The source value.
        value: ExprId,
    },
    /// Member `index` of a struct value or place.
    Field {
        /// The struct.
        base: ExprId,
        /// Member index in declaration order.
        index: u32,
    },
    /// A swizzle of a vector value or place (components 0..=3).
    Swizzle {
        /// The vector.
        base: ExprId,
        /// Selected components; one component yields a scalar.
        components: Vec<u8>,
    },
    /// `base[index]` on an array, vector or matrix (value or place).
    Index {
        /// The indexed value.
        base: ExprId,
        /// An `int` or `uint` index.
        index: ExprId,
    },
    /// `#base` on a runtime-sized array (fixed arrays fold to a constant): an `int`.
    ArrayLength {
        /// A place rooted at a storage buffer global.
        base: ExprId,
    },
    /// `if cond then a else b` as an expression.
    Select {
        /// `bool` condition.
        cond: ExprId,
        /// Value when true.
        accept: ExprId,
        /// Value when false.
        reject: ExprId,
    },
    /// An expression that failed to check (never present in a program without errors).
    Error,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x` (signed integers wrap, floats).
    Neg,
    /// `not x` (bool, bvec).
    Not,
    /// `~x` (integers).
    BitNot,
}

/// Binary operators (language.md semantics).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `~`
    BitXor,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `and` (short-circuit)
    And,
    /// `or` (short-circuit)
    Or,
}

/// Shader stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    TessellationEval,
}

/// Builtin I/O variables (WGSL names; aliases resolved).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `position` (vertex out `vec4`; fragment in, alias `frag_coord`).
    Position,
    /// `vertex_index` (alias `vertex_id`), `uint`.
    VertexIndex,
    /// `instance_index` (alias `instance_id`), `uint`.
    InstanceIndex,
    /// `front_facing`, `bool`.
    FrontFacing,
    /// `frag_depth`, `float` (fragment out).
    FragDepth,
    /// `sample_index`, `uint`.
    SampleIndex,
    /// `sample_mask`, `uint`.
    SampleMask,
    /// `local_invocation_id`, `uvec3`.
    LocalInvocationId,
    /// `local_invocation_index`, `uint`.
    LocalInvocationIndex,
    /// `global_invocation_id`, `uvec3`.
    GlobalInvocationId,
    /// `workgroup_id`, `uvec3`.
    WorkgroupId,
    /// `num_workgroups`, `uvec3`.
    NumWorkgroups,
}

/// Interpolation modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Interpolation {
    /// `smooth` (perspective-correct).
    Smooth,
    /// `flat`.
    Flat,
    /// `noperspective`.
    NoPerspective,
}

/// An entry point, with its I/O resolved to locations and builtins.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryPointDef {
    /// The entry function.
    pub function: FuncId,
    /// Its stage.
    pub stage: Stage,
    /// `@workgroup_size(x[, y[, z]])`, missing dimensions 1; `[0, 0, 0]` for other stages.
    pub workgroup_size: [u32; 3],
    /// `@early_depth`.
    pub early_depth: bool,
    /// One entry per function parameter, in order.
    pub inputs: Vec<EntryInput>,
    /// The returned value's I/O, if the function returns something.
    pub output: Option<EntryOutput>,
}

/// How one entry-function parameter receives its value.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryInput {
    /// The parameter is a struct; each member is fed by one I/O variable, or is `None` when the
    /// member is stripped (a builtin of a `@varying` struct used as fragment input), in which
    /// case it holds the member type's zero value.
    Struct {
        /// The struct.
        struct_id: StructId,
        /// One entry per member.
        fields: Vec<Option<IoVar>>,
    },
    /// The parameter is a scalar or vector fed by one I/O variable (inline entry points).
    Single(IoVar),
}

/// How the returned value is written to outputs.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryOutput {
    /// The returned struct (user-declared or synthesized from a tuple return).
    pub struct_id: StructId,
    /// One output per member, in member order.
    pub fields: Vec<IoVar>,
}

/// One flattened input or output.
#[derive(Debug, Clone, PartialEq)]
pub struct IoVar {
    /// The member or parameter name.
    pub name: String,
    /// Its type (a scalar or vector).
    pub ty: TyId,
    /// Where it goes.
    pub binding: IoBinding,
    /// The member or parameter declaration.
    pub span: Span,
}

/// Where an I/O variable goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoBinding {
    /// A builtin.
    Builtin(Builtin),
    /// A location, with its interpolation (integer varyings are always `Flat`).
    Location {
        /// Location number.
        location: u32,
        /// Interpolation.
        interpolation: Interpolation,
    },
}

/// Every builtin function (design section 1.6 plus language.md's additions). Value conversions
/// and constructors are not builtins: they are `Construct`, `Splat` and `Convert` expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BuiltinFn {
    // Math
    Abs,
    Sign,
    Floor,
    Ceil,
    Round,
    Trunc,
    Fract,
    Mod,
    Min,
    Max,
    Clamp,
    Saturate,
    Mix,
    Step,
    SmoothStep,
    Sqrt,
    InverseSqrt,
    Pow,
    Exp,
    Exp2,
    Log,
    Log2,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Radians,
    Degrees,
    Fma,
    IsNan,
    IsInf,
    // Vector
    Length,
    Distance,
    Dot,
    Cross,
    Normalize,
    Reflect,
    Refract,
    FaceForward,
    // Matrix
    Transpose,
    Inverse,
    Determinant,
    // Componentwise comparison and reduction
    Equal,
    NotEqual,
    LessThan,
    LessThanEqual,
    GreaterThan,
    GreaterThanEqual,
    Any,
    All,
    // Bit reinterpretation and bit operations
    AsFloat,
    AsInt,
    AsUint,
    CountOneBits,
    ReverseBits,
    FirstLeadingBit,
    FirstTrailingBit,
    // Texture
    Sample,
    SampleBias,
    SampleLevel,
    SampleGrad,
    SampleCompare,
    SampleCompareLevel,
    TexelFetch,
    TextureSize,
    TextureLevels,
    // Atomic
    AtomicLoad,
    AtomicStore,
    AtomicAdd,
    AtomicSub,
    AtomicMin,
    AtomicMax,
    AtomicAnd,
    AtomicOr,
    AtomicXor,
    AtomicExchange,
    AtomicCompareExchange,
    // Compute
    WorkgroupBarrier,
    StorageBarrier,
    // Derivatives
    Dfdx,
    Dfdy,
    Fwidth,
    // Pack / unpack
    PackUnorm4x8,
    PackSnorm4x8,
    PackUnorm2x16,
    PackSnorm2x16,
    PackHalf2x16,
    UnpackUnorm4x8,
    UnpackSnorm4x8,
    UnpackUnorm2x16,
    UnpackSnorm2x16,
    UnpackHalf2x16,
}

impl ConstValue {
    /// The scalar type of a scalar constant.
    pub fn scalar_ty(&self) -> Option<ScalarTy> {
        match self {
            ConstValue::Bool(_) => Some(ScalarTy::Bool),
            ConstValue::Int(_) => Some(ScalarTy::Int),
            ConstValue::Uint(_) => Some(ScalarTy::Uint),
            ConstValue::Float(_) => Some(ScalarTy::Float),
            ConstValue::Half(_) => Some(ScalarTy::Half),
            ConstValue::Composite(_) => None,
        }
    }
}
