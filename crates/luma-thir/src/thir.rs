//! The typed program ("THIR"): what the checker produces from the AST and lowering reads.
//!
//! Everything here is resolved: names point at their declarations by id, every expression has a
//! type, literals are typed and constants evaluated, sugar is gone (entry-point I/O has explicit
//! locations and builtins, globals have explicit group and binding, compound assignments and
//! `elseif` chains are explicit, struct literals list members in declaration order). Lowering to
//! IR runs only on a program the checker accepted without errors.

use std::borrow::Cow;

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
/// Handle of an expression in its function's [`Exprs`].
pub type ExprId = Handle<Expr>;
/// Handle of a composite constant of an expression in its function's [`Exprs`].
pub type CompositeId = Handle<ConstValue>;

/// A checked program.
#[derive(Debug, Clone, Default)]
pub struct Program {
    /// Interned types.
    pub types: Types,
    /// Structs: the user-declared ones in declaration order, then the synthesized ones (tuple
    /// returns of entry points) in function order.
    pub structs: Arena<StructDef>,
    /// Module-scope globals in declaration order.
    pub globals: Arena<GlobalDef>,
    /// Module-scope constants in declaration order (local `const`s are folded where used).
    pub consts: Arena<ConstDef>,
    /// Functions in declaration order.
    pub functions: Arena<FunctionDef>,
    /// Entry points in declaration order.
    pub entry_points: Vec<EntryPointDef>,
}

impl Program {
    /// For each function, by index, the index of the first entry point that runs it (a
    /// function past the table's end has none). Checking and lowering ask this per function:
    /// searching the entry point list each time is quadratic in a program of thousands of them.
    pub fn entry_point_by_function(&self) -> Vec<Option<usize>> {
        let len = self
            .entry_points
            .iter()
            .map(|e| e.function.index() + 1)
            .max()
            .unwrap_or(0);
        let mut table = vec![None; len];
        for (index, e) in self.entry_points.iter().enumerate() {
            if let Some(slot @ None) = table.get_mut(e.function.index()) {
                *slot = Some(index);
            }
        }
        table
    }
}

/// The expressions of one function body, with the argument lists and composite constants they
/// refer to. Each function owns its own, so that lowering can free a body as soon as it is
/// lowered (a large program's expressions are the bulk of its typed form).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Exprs {
    /// Every expression of the body, in the order the checker made them.
    pub items: Arena<Expr>,
    /// The argument lists of `Call`, `Builtin` and `Construct` expressions, each one contiguous
    /// run named by an [`ExprList`] (read them with [`Exprs::list`]). One shared vector instead
    /// of a `Vec` per expression saves an allocation and 16 bytes of every expression.
    pub lists: Vec<ExprId>,
    /// The values of composite [`ExprConst`]s (read them with [`Exprs::const_value`]). Scalars
    /// stay inline in the expression; composites live here so that an expression need not be as
    /// large as a `ConstValue`.
    pub composites: Arena<ConstValue>,
}

impl Exprs {
    /// An expression; `None` for a handle of another body.
    pub fn get(&self, id: ExprId) -> Option<&Expr> {
        self.items.get(id)
    }

    /// How many expressions there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Appends an expression.
    pub fn append(&mut self, expr: Expr) -> ExprId {
        self.items.append(expr)
    }

    /// Removes every expression and list, keeping the room (for reuse as scratch).
    pub fn clear(&mut self) {
        self.items.clear();
        self.lists.clear();
        self.composites.clear();
    }

    /// Gives back the room the vectors hold beyond their contents.
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
        self.lists.shrink_to_fit();
        self.composites.shrink_to_fit();
    }

    /// Every expression with its handle, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (ExprId, &Expr)> + ExactSizeIterator {
        self.items.iter()
    }

    /// The expressions of an argument list; empty when the list is not one of this body's.
    pub fn list(&self, list: ExprList) -> &[ExprId] {
        let start = list.start as usize;
        start
            .checked_add(list.len as usize)
            .and_then(|end| self.lists.get(start..end))
            .unwrap_or(&[])
    }

    /// Appends an argument list made of `items`, in order, and returns its range.
    ///
    /// The list's expressions are checked (and their own lists appended) before this call, so
    /// each list is one contiguous run at the end of [`Exprs::lists`].
    pub fn push_list(&mut self, items: impl IntoIterator<Item = ExprId>) -> ExprList {
        let start = self.lists.len();
        self.lists.extend(items);
        let len = self.lists.len().saturating_sub(start);
        // The limits keep a program far below 2^32 list entries (every entry is an expression
        // that is an argument); past that, the list reads as empty instead of wrapping into
        // someone else's arguments.
        match (u32::try_from(start), u32::try_from(len)) {
            (Ok(start), Ok(len)) if start.checked_add(len).is_some() => ExprList { start, len },
            _ => ExprList {
                start: u32::MAX,
                len: 0,
            },
        }
    }

    /// The value of a constant expression; `None` for a composite that is not one of this
    /// program's. Scalars are built on the spot, composites borrowed.
    pub fn const_value(&self, c: ExprConst) -> Option<Cow<'_, ConstValue>> {
        Some(match c {
            ExprConst::Bool(v) => Cow::Owned(ConstValue::Bool(v)),
            ExprConst::Int(v) => Cow::Owned(ConstValue::Int(v)),
            ExprConst::Uint(v) => Cow::Owned(ConstValue::Uint(v)),
            ExprConst::Float(v) => Cow::Owned(ConstValue::Float(v)),
            ExprConst::Half(v) => Cow::Owned(ConstValue::Half(v)),
            ExprConst::Composite(id) => Cow::Borrowed(self.composites.get(id)?),
        })
    }

    /// The constant of an expression holding `value`: scalars inline, composites appended to
    /// [`Exprs::composites`].
    pub fn push_const(&mut self, value: ConstValue) -> ExprConst {
        match value {
            ConstValue::Bool(v) => ExprConst::Bool(v),
            ConstValue::Int(v) => ExprConst::Int(v),
            ConstValue::Uint(v) => ExprConst::Uint(v),
            ConstValue::Float(v) => ExprConst::Float(v),
            ConstValue::Half(v) => ExprConst::Half(v),
            composite @ ConstValue::Composite(_) => {
                ExprConst::Composite(self.composites.append(composite))
            }
        }
    }
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
    /// inferred from whether reachable code writes it). A function that no entry point
    /// reaches may still write a buffer inferred `Read`; such functions are dead code and must
    /// be left out of the output (every target rejects a write to read-only storage).
    StorageBuffer {
        /// Read-only or read-write.
        access: Access,
        /// Whether `@access` stated it (otherwise it was inferred, and a compile that keeps only
        /// some entry points infers it again from theirs).
        explicit: bool,
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
    /// `@format(f) uniform name: imageXX` (or an array of images): a storage image, with its
    /// texel format and its access (explicit `@access` or inferred from the `image_load` and
    /// `image_store` calls reachable from an entry point).
    StorageImage {
        /// The texel format in memory.
        format: ImageFormat,
        /// Read, write or both.
        access: ImageAccess,
        /// Whether `@access` stated the access (otherwise it was inferred, and a compile that
        /// keeps only some entry points infers it again from theirs).
        explicit: bool,
    },
}

/// The texel format of a storage image (`@format(...)`): WGSL's storage texel formats, spelled
/// as in GLSL layout qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum ImageFormat {
    Rgba8,
    Rgba8Snorm,
    Rgba8ui,
    Rgba8i,
    Rgba16f,
    Rgba16ui,
    Rgba16i,
    Rgba32f,
    Rgba32ui,
    Rgba32i,
    R32f,
    R32ui,
    R32i,
    Rg32f,
    Rg32ui,
    Rg32i,
}

impl ImageFormat {
    /// Every format with its Luma name, in documentation order.
    pub const ALL: [(ImageFormat, &'static str); 16] = [
        (ImageFormat::Rgba8, "rgba8"),
        (ImageFormat::Rgba8Snorm, "rgba8_snorm"),
        (ImageFormat::Rgba8ui, "rgba8ui"),
        (ImageFormat::Rgba8i, "rgba8i"),
        (ImageFormat::Rgba16f, "rgba16f"),
        (ImageFormat::Rgba16ui, "rgba16ui"),
        (ImageFormat::Rgba16i, "rgba16i"),
        (ImageFormat::Rgba32f, "rgba32f"),
        (ImageFormat::Rgba32ui, "rgba32ui"),
        (ImageFormat::Rgba32i, "rgba32i"),
        (ImageFormat::R32f, "r32f"),
        (ImageFormat::R32ui, "r32ui"),
        (ImageFormat::R32i, "r32i"),
        (ImageFormat::Rg32f, "rg32f"),
        (ImageFormat::Rg32ui, "rg32ui"),
        (ImageFormat::Rg32i, "rg32i"),
    ];

    /// The format's Luma name (`rgba8`, `r32ui`, ...).
    pub fn name(self) -> &'static str {
        ImageFormat::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("rgba8", |(_, n)| n)
    }

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<ImageFormat> {
        ImageFormat::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(f, _)| *f)
    }

    /// The texel component type loads return and stores take: `Float` for float and
    /// normalized formats, `Uint` for `...ui`, `Int` for `...i`.
    pub fn texel(self) -> ScalarTy {
        use ImageFormat as F;
        match self {
            F::Rgba8 | F::Rgba8Snorm | F::Rgba16f | F::Rgba32f | F::R32f | F::Rg32f => {
                ScalarTy::Float
            }
            F::Rgba8ui | F::Rgba16ui | F::Rgba32ui | F::R32ui | F::Rg32ui => ScalarTy::Uint,
            F::Rgba8i | F::Rgba16i | F::Rgba32i | F::R32i | F::Rg32i => ScalarTy::Int,
        }
    }
}

/// Storage image access.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageAccess {
    /// `image_load` only.
    Read,
    /// `image_store` only.
    Write,
    /// Both.
    ReadWrite,
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
///
/// A constant declared without a type whose value is made of untyped literals only
/// (`const N = 16`, `const PI = 3.14159`) takes its type at each use, like a literal; its
/// `ConstDef` records the type it has without context (`float`), and its uses are `Const`
/// expressions of the type they took.
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
    /// The expressions of the body (its statements refer to them by [`ExprId`]).
    pub exprs: Exprs,
    /// Entry point stage, when this is an entry function.
    pub stage: Option<Stage>,
    /// The declaration.
    pub span: Span,
    /// The [`ExprKind::Index`] expressions of the body that index an array of textures,
    /// samplers or storage images with a value that may differ between invocations, sorted:
    /// lowering marks those accesses non-uniform. An index that depends on a parameter is
    /// listed when any call of the function may pass a non-uniform value there (one body
    /// serves every call site, and a needless mark only costs speed). Filled by the checker's
    /// uniformity analysis; empty before it runs.
    pub non_uniform_indices: Vec<ExprId>,
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
    If(Box<IfStmt>),
    /// `for var = start, end[, step] do body end` with Lua semantics (language.md).
    For(Box<ForStmt>),
    /// `while cond do body end`.
    While(Box<WhileStmt>),
    /// `do ... end`.
    Block(Block),
    /// `break` out of the innermost loop.
    Break,
    /// `return [value]`.
    Return(Option<ExprId>),
    /// `discard` (fragment only).
    Discard,
}

// Compound statements are boxed: they are about one statement in six, and inline they made
// every statement 72 bytes instead of 32.
const _: () = assert!(std::mem::size_of::<Stmt>() <= 32);

/// `if cond then ... else ... end` (`elseif` is a nested `If` in `else_block`).
#[derive(Debug, Clone, PartialEq)]
pub struct IfStmt {
    /// `bool` condition.
    pub cond: ExprId,
    /// Taken when true.
    pub then_block: Block,
    /// Taken when false.
    pub else_block: Option<Block>,
}

/// `for var = start, end[, step] do body end` with Lua semantics (language.md). The counter is
/// an `int` or a `uint`; `start`, `end` and `step` have its type. A constant step is never zero.
#[derive(Debug, Clone, PartialEq)]
pub struct ForStmt {
    /// The counter (read-only in the body).
    pub var: LocalId,
    /// First value.
    pub start: ExprId,
    /// Inclusive bound.
    pub end: ExprId,
    /// Step; 1 when absent.
    pub step: Option<ExprId>,
    /// The body.
    pub body: Block,
    /// Loop attributes.
    pub control: LoopAttrs,
}

/// `while cond do body end`.
#[derive(Debug, Clone, PartialEq)]
pub struct WhileStmt {
    /// Tested before each iteration.
    pub cond: ExprId,
    /// The body.
    pub body: Block,
    /// Loop attributes.
    pub control: LoopAttrs,
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
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Its type.
    pub ty: TyId,
    /// Where it was written.
    pub span: Span,
}

// A large shader has hundreds of thousands of expressions (about one per six source bytes), so
// their size is most of the typed program's memory: everything an expression holds is a `Copy`
// scalar, handle or range into `Program`, never a heap allocation of its own, which keeps an
// expression at 28 bytes (it was 48 with `Vec`s and `ConstValue` inline). These fail the build
// when a new variant would grow every expression.
const _: () = assert!(std::mem::size_of::<Expr>() <= 28);
const _: () = assert!(std::mem::size_of::<ExprKind>() <= 16);

/// Expressions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExprKind {
    /// A constant value (literals, folded constant expressions, non-spec `const`s).
    Const(ExprConst),
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
    ///
    /// Exactly what the checker accepts (and so what lowering must handle):
    /// - `+ - / %`: equal numeric scalars or vectors, or a vector and a scalar of its component
    ///   type in either order (the scalar applies to every component); `+ -` also on two
    ///   matrices of one shape. `%` takes integers and floats.
    /// - `*`: as above, plus matrix times scalar and scalar times matrix (same component type),
    ///   `matCxR * vecC -> vecR`, `vecR * matCxR -> vecC`, `matCxR * matKxC -> matKxR`.
    /// - `& | ~`: equal `int`/`uint` scalars or vectors, or an integer vector and a scalar of
    ///   its component type in either order.
    /// - `<< >>`: the left operand is an `int`/`uint` scalar or vector and gives the result
    ///   type; the right operand is `int` or `uint` (either signedness, independently of the
    ///   left), of the same component count or a scalar when the left is a vector. The count is
    ///   masked to 31; `>>` is arithmetic on `int`, logical on `uint`.
    /// - `== !=`: equal scalars or vectors of any component type (`bool` included) -> `bool`.
    /// - `< <= > >=`: equal numeric scalars -> `bool`.
    /// - `and or`: `bool` scalars.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        lhs: ExprId,
        /// Right operand.
        rhs: ExprId,
    },
    /// A call of a user function. A call of a function that returns nothing appears only as
    /// the expression of a [`StmtKind::Expr`] statement, and its `ty` is `Ty::Error` there (a
    /// placeholder: such an expression has no value).
    Call {
        /// The callee.
        function: FuncId,
        /// Arguments (see [`Exprs::list`]).
        args: ExprList,
    },
    /// A call of a builtin; the overload is determined by the argument types (see
    /// [`BuiltinFn`] for the argument conventions). A builtin that returns nothing
    /// (`atomic_store`, barriers) appears only as the expression of a [`StmtKind::Expr`]
    /// statement, with `Ty::Error` as its placeholder type.
    Builtin {
        /// Which builtin.
        fun: BuiltinFn,
        /// Arguments as written (atomic builtins take a place as their first argument; texture
        /// builtins take `Global` or indexed `Global` expressions for textures and samplers);
        /// see [`Exprs::list`].
        args: ExprList,
    },
    /// Construction of a vector, matrix, array or struct of type `ty`. For vectors the
    /// arguments are scalars and vectors whose components add up (`vec4(v.xyz, 1.0)`); for
    /// matrices, either columns or `columns * rows` scalars in column order; arrays and structs
    /// take one argument per element or member, in order (struct literals are reordered to
    /// declaration order here).
    Construct {
        /// The parts (see [`Exprs::list`]).
        args: ExprList,
    },
    /// A vector with all components equal to a scalar (`vec3(1.0)`), a matrix with the scalar
    /// on its diagonal and zero elsewhere (`mat3(1.0)`), or a fixed-size array with every
    /// element equal to `value` (`[8]int(0)`), which is evaluated once.
    Splat {
        /// The scalar (for an array, a value of its element type).
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
        components: Swizzle,
    },
    /// `base[index]` on an array, vector or matrix (value or place).
    Index {
        /// The indexed value.
        base: ExprId,
        /// An `int` or `uint` index.
        index: ExprId,
    },
    /// `#base` on a runtime-sized array (fixed arrays fold to a constant): an `int`, the
    /// element count converted from the target's unsigned count.
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

/// The constant of a `Const` expression: a scalar inline, a composite by handle into
/// [`Exprs::composites`] (see [`Exprs::const_value`] and [`Exprs::push_const`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExprConst {
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
    /// A vector, matrix, array or struct value.
    Composite(CompositeId),
}

/// An argument list: a range of [`Exprs::lists`], read with [`Exprs::list`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExprList {
    /// Index of the first argument.
    start: u32,
    /// Number of arguments.
    len: u32,
}

/// The components a swizzle selects (1 to 4 of `0..=3`), inline: a `Vec` per swizzle would
/// cost an allocation and 16 more bytes in every expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Swizzle {
    /// The components; only the first `len` count.
    components: [u8; 4],
    /// How many there are (at most 4).
    len: u8,
}

impl Swizzle {
    /// The swizzle selecting `components` in order; `None` for more than four.
    pub fn new(components: &[u8]) -> Option<Swizzle> {
        let len = u8::try_from(components.len()).ok().filter(|&n| n <= 4)?;
        let mut out = Swizzle {
            components: [0; 4],
            len,
        };
        for (slot, &c) in out.components.iter_mut().zip(components) {
            *slot = c;
        }
        Some(out)
    }

    /// The selected components in order.
    pub fn as_slice(&self) -> &[u8] {
        self.components
            .get(..usize::from(self.len))
            .unwrap_or(&self.components)
    }
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
    /// `@workgroup_size(x[, y[, z]])`, missing dimensions 1; `[0, 0, 0]` for other stages. A
    /// dimension given by a specialization constant holds that constant's default.
    pub workgroup_size: [u32; 3],
    /// The specialization constant (an `int` or `uint` `@spec` constant) that gives each
    /// dimension, where one does: the pipeline may choose another size than the default.
    pub workgroup_size_spec: [Option<ConstId>; 3],
    /// `@early_depth`.
    pub early_depth: bool,
    /// One entry per function parameter, in order.
    pub inputs: Vec<EntryInput>,
    /// The returned value's I/O, if the function returns something.
    pub output: Option<EntryOutput>,
}

/// Largest workgroup (invocations), the minimum every target guarantees.
pub const MAX_WORKGROUP_INVOCATIONS: u64 = 1024;
/// Largest third workgroup size every target accepts: Direct3D's `numthreads` limit, and the
/// least Vulkan (`maxComputeWorkGroupSize[2]`) and WebGPU (`maxComputeWorkgroupSizeZ`) give.
pub const MAX_WORKGROUP_SIZE_Z: u32 = 64;

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
    /// The parameter is a scalar or vector fed by one I/O variable (inline entry points: every
    /// parameter of an entry function that does not take exactly one struct is a `Single`,
    /// numbered by one location counter across the parameters).
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
    /// A location, with its interpolation (integer varyings are always `Flat`; float ones are
    /// `Smooth` unless written otherwise). The interpolation is meaningless, and back ends
    /// ignore it, for vertex inputs and fragment outputs.
    Location {
        /// Location number.
        location: u32,
        /// Interpolation.
        interpolation: Interpolation,
    },
}

/// Every builtin function (design section 1.6 plus language.md's additions). Value conversions
/// and constructors are not builtins: they are `Construct`, `Splat` and `Convert` expressions.
///
/// Argument conventions the checker guarantees (`T` is the generic argument type, `S` its
/// component type):
/// - Componentwise math takes and returns `T` (a float scalar or vector; `abs`, `sign`, `min`,
///   `max`, `clamp` also integer ones). Where a vector builtin also accepts scalars in some
///   positions, the scalar applies to every component: `mod(T, S)`, `min(T, S)`, `max(T, S)`,
///   `clamp(T, S|T, S|T)` (each bound independently), `mix(T, T, S)`, `step(S, T)`,
///   `smoothstep(S, S, T)` (both edges scalar, or both `T`).
/// - `length`, `distance`, `dot` return `S`; `refract(T, T, S)`; `cross` takes `vec3`s;
///   `isnan` / `isinf` return a `bool` of `T`'s shape; `any` / `all` take a `bvecN`.
/// - `equal` .. `greater_than_equal` take two vectors of one type (`equal` / `not_equal` also
///   `bvecN`) and return `bvecN`.
/// - `count_one_bits`, `reverse_bits`, `first_leading_bit`, `first_trailing_bit` take an
///   `int`/`uint` scalar or vector and return the same type (WGSL's meaning: the leading bit
///   of a negative `int` is the highest bit that differs from the sign bit; -1 when none).
/// - `as_float`, `as_int`, `as_uint` take a 32-bit scalar or vector and return the same shape.
/// - Pack: `pack_unorm4x8(vec4)`, `pack_snorm4x8(vec4)`, `pack_unorm2x16(vec2)`,
///   `pack_snorm2x16(vec2)`, `pack_half2x16(vec2)` return `uint`; the `unpack_*` builtins take a
///   `uint` and return the matching vector.
/// - Atomics take a place of type `atomic_int` / `atomic_uint` (rooted at a storage buffer or
///   workgroup global) first; the other arguments have its scalar type.
///   `atomic_compare_exchange(place, compare, value)` returns the old value (the exchange
///   happened exactly when it equals `compare`); the other read-modify-write builtins return
///   the old value too.
/// - Texture builtins: see [`BuiltinFn::Sample`].
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
    Asinh,
    Acosh,
    Atanh,
    Radians,
    Degrees,
    Fma,
    /// `ldexp(x, e)`: `x * 2^e`, `e` an `int` of `x`'s shape.
    Ldexp,
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
    /// `outer_product(c, r)`: the matrix whose column `j` is `c * r[j]`.
    OuterProduct,
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
    /// `select(if_false, if_true, condition)`: WGSL's and Metal's argument order; both values
    /// are evaluated; `condition` is a `bool` (for the whole value) or a `bvecN` of the
    /// values' size (per component).
    Select,
    // Bit reinterpretation and bit operations
    AsFloat,
    AsInt,
    AsUint,
    CountOneBits,
    ReverseBits,
    FirstLeadingBit,
    FirstTrailingBit,
    /// `extract_bits(e, offset: uint, count: uint)`: WGSL's `extractBits`, with the clamped
    /// offset and count (language.md 10.4).
    ExtractBits,
    /// `insert_bits(e, newbits, offset: uint, count: uint)`: WGSL's `insertBits`.
    InsertBits,
    /// Leading zero bits, 32 for 0.
    CountLeadingZeros,
    /// Trailing zero bits, 32 for 0.
    CountTrailingZeros,
    // Texture
    /// Texture builtins share one argument layout. The texture comes first: a `Global` (or an
    /// `Index` of a `Global` array of textures) of a `Texture` or `CombinedSampler` type. A
    /// `Texture` is followed by its `Sampler` global; a combined sampler carries its own
    /// (a comparison sampler for the `...Shadow` kinds). Then come the coordinates (`vec2` for
    /// 2D, `vec3` for 3D and cube), then, for array textures only, the layer as a separate
    /// `int` argument right after the coordinates, then the builtin's own arguments:
    /// - `sample(tex, [samp,] coord, [layer])`: implicit LOD (fragment only);
    /// - `sample_bias(tex, [samp,] coord, [layer,] bias: float)` (fragment only);
    /// - `sample_level(tex, [samp,] coord, [layer,] lod: float)`;
    /// - `sample_grad(tex, [samp,] coord, [layer,] ddx, ddy)` (gradients have the coordinate's
    ///   type);
    /// - `sample_compare(tex, [samp,] coord, [layer,] reference: float)` (fragment only) and
    ///   `sample_compare_level(...)` (same arguments, level 0): depth textures with a
    ///   comparison sampler, result `float`;
    /// - `texel_fetch(tex, coord: ivecN, [layer,] lod: int)`, or
    ///   `texel_fetch(tex, coord: ivec2, sample: int)` for multisampled textures (no
    ///   sampler; a combined sampler's texture is used);
    /// - `texture_size(tex, [lod: int])` -> `ivec2` (2D, cube and 2D array: layers not
    ///   included) or `ivec3` (3D); level 0 without `lod`, and never a `lod` for
    ///   multisampled textures;
    /// - `texture_levels(tex)` -> `int` (not multisampled);
    /// - `texture_gather(tex, [samp,] coord, [layer,] component: int)` -> a 4-vector of the
    ///   texel's scalar (`vec4` for depth textures): component `component` (a constant 0 to 3,
    ///   0 for depth textures; the checker supplies 0 when the source leaves it out) of the four
    ///   texels of the bilinear footprint at level 0 (2D and cube, not multisampled);
    /// - `texture_gather_compare(tex, samp_shadow, coord, [layer,] reference: float)` -> `vec4`
    ///   (depth textures with a comparison sampler);
    /// - `texture_layers(tex)` -> `int` (array textures only);
    /// - `texture_samples(tex)` -> `int` (multisampled textures only).
    ///
    /// The sampling and gather builtins may end with a constant texel offset (`ivec2` for 2D,
    /// `ivec3` for 3D; each component in `[-8, 7]`; never for cube textures): a `Const`
    /// expression, checked by the checker.
    ///
    /// Sampling returns `vec4`; fetching returns a 4-vector of the texel type (`vec4`, `ivec4`,
    /// `uvec4`); depth textures return `float` (`sample` / `sample_level` / `texel_fetch` read
    /// the depth, with a non-comparison sampler). Integer and multisampled textures are only
    /// fetched and queried; `sample_bias` and `sample_grad` do not take depth textures.
    Sample,
    SampleBias,
    SampleLevel,
    SampleGrad,
    SampleCompare,
    SampleCompareLevel,
    TexelFetch,
    TextureSize,
    TextureLevels,
    TextureGather,
    TextureGatherCompare,
    TextureLayers,
    TextureSamples,
    // Storage images
    /// Storage image builtins take the image first: a `Global` (or an `Index` of a `Global`
    /// array of images) of a `StorageImage` type. Coordinates are `ivec2` (2D) or `ivec3` (3D),
    /// followed for array images by the layer as a separate `int`:
    /// - `image_load(img, coord, [layer])` -> `vec4` / `ivec4` / `uvec4` (the texel type);
    /// - `image_store(img, coord, [layer,] value)` with a value of the texel type (a statement:
    ///   only the expression of a [`StmtKind::Expr`], with `Ty::Error` as its placeholder type);
    /// - `image_size(img)` -> `ivec2` (2D and 2D array: layers not included) or `ivec3` (3D);
    /// - `image_layers(img)` -> `int` (array images only).
    ImageLoad,
    ImageStore,
    ImageSize,
    ImageLayers,
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
    /// `dfdx` from the invocation's own row of its 2x2 quad.
    DfdxFine,
    /// `dfdy` from the invocation's own column of its 2x2 quad.
    DfdyFine,
    /// `abs(dfdx_fine) + abs(dfdy_fine)`.
    FwidthFine,
    /// `dfdx` that may be one value for the whole 2x2 quad.
    DfdxCoarse,
    /// `dfdy` that may be one value for the whole 2x2 quad.
    DfdyCoarse,
    /// `abs(dfdx_coarse) + abs(dfdy_coarse)`.
    FwidthCoarse,
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

impl BuiltinFn {
    /// Whether this is a screen-space derivative (`dfdx`, `dfdy`, `fwidth` and their fine and
    /// coarse variants): fragment-only, and only where control flow is uniform.
    pub fn is_derivative(self) -> bool {
        use BuiltinFn as B;
        matches!(
            self,
            B::Dfdx
                | B::Dfdy
                | B::Fwidth
                | B::DfdxFine
                | B::DfdyFine
                | B::FwidthFine
                | B::DfdxCoarse
                | B::DfdyCoarse
                | B::FwidthCoarse
        )
    }

    /// Whether this is one of the atomic builtins (`atomic_load` to
    /// `atomic_compare_exchange`).
    pub fn is_atomic(self) -> bool {
        use BuiltinFn as B;
        matches!(
            self,
            B::AtomicLoad
                | B::AtomicStore
                | B::AtomicAdd
                | B::AtomicSub
                | B::AtomicMin
                | B::AtomicMax
                | B::AtomicAnd
                | B::AtomicOr
                | B::AtomicXor
                | B::AtomicExchange
                | B::AtomicCompareExchange
        )
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_contiguous_runs_and_bad_ranges_read_empty() {
        let mut p = Exprs::default();
        let ids: Vec<ExprId> = (0..5).map(Handle::from_index).collect();
        let a = p.push_list(ids[..2].iter().copied());
        let b = p.push_list(ids[2..].iter().copied());
        let empty = p.push_list([]);
        assert_eq!(p.list(a), &ids[..2]);
        assert_eq!(p.list(b), &ids[2..]);
        assert!(p.list(empty).is_empty());
        assert!(p.list(ExprList::default()).is_empty());
        // A list of another (larger) body: out of range here, so empty rather than a panic.
        let mut other = Exprs::default();
        other.push_list(ids.iter().copied());
        let far = other.push_list(ids.iter().copied());
        assert!(p.list(far).is_empty());
        let huge = ExprList {
            start: u32::MAX,
            len: u32::MAX,
        };
        assert!(p.list(huge).is_empty());
    }

    #[test]
    fn swizzles_hold_up_to_four_components() {
        assert_eq!(
            Swizzle::new(&[2]).map(|s| s.as_slice().to_vec()),
            Some(vec![2])
        );
        assert_eq!(
            Swizzle::new(&[3, 2, 1, 0]).map(|s| s.as_slice().to_vec()),
            Some(vec![3, 2, 1, 0])
        );
        assert_eq!(Swizzle::new(&[0; 5]), None);
    }

    #[test]
    fn constants_round_trip_scalars_inline_and_composites_in_the_table() {
        let mut p = Exprs::default();
        let s = p.push_const(ConstValue::Float(1.5));
        assert_eq!(s, ExprConst::Float(1.5));
        assert!(p.composites.is_empty());
        let v = ConstValue::Composite(vec![ConstValue::Int(1), ConstValue::Int(2)]);
        let c = p.push_const(v.clone());
        assert!(matches!(c, ExprConst::Composite(_)));
        assert_eq!(p.const_value(c).as_deref(), Some(&v));
        assert_eq!(p.const_value(s).as_deref(), Some(&ConstValue::Float(1.5)));
        let stray = ExprConst::Composite(Handle::from_index(7));
        assert_eq!(p.const_value(stray), None);
    }
}
