//! The programs the generator builds: a small typed syntax tree of Luma's compute subset, which
//! the printer turns into source text, the evaluator runs with the language's meaning, and the
//! minimiser shrinks.
//!
//! Every program reads the same four storage buffers (`inp: []uint` random words, `finp: []float`
//! exact floats) and writes its own slots of two more (`out: []uint`, `fout: []float`); a
//! [`Case`] puts several programs into one shader, each called from the entry point in turn.

/// A scalar type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// `bool`.
    Bool,
    /// `int` (i32).
    Int,
    /// `uint` (u32).
    Uint,
    /// `float` (f32).
    Float,
}

impl Scalar {
    /// The Luma spelling.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
        }
    }

    /// The prefix of this scalar's vector type names (`vec`, `ivec`, `uvec`, `bvec`).
    pub fn vector_prefix(self) -> &'static str {
        match self {
            Scalar::Bool => "bvec",
            Scalar::Int => "ivec",
            Scalar::Uint => "uvec",
            Scalar::Float => "vec",
        }
    }

    /// `int` or `uint`.
    pub fn is_integer(self) -> bool {
        matches!(self, Scalar::Int | Scalar::Uint)
    }
}

/// A type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A scalar.
    Scalar(Scalar),
    /// A vector of 2 to 4 components.
    Vector(Scalar, u8),
    /// A fixed-size array.
    Array(Box<Ty>, u32),
    /// A struct, by name (see [`StructDef`]).
    Struct(String),
    /// A float matrix of this many columns and rows (`matCxR`).
    Matrix(u8, u8),
}

impl Ty {
    /// `int`.
    pub const INT: Ty = Ty::Scalar(Scalar::Int);
    /// `uint`.
    pub const UINT: Ty = Ty::Scalar(Scalar::Uint);
    /// `float`.
    pub const FLOAT: Ty = Ty::Scalar(Scalar::Float);
    /// `bool`.
    pub const BOOL: Ty = Ty::Scalar(Scalar::Bool);

    /// The component scalar of a scalar, vector or matrix.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Ty::Scalar(s) | Ty::Vector(s, _) => Some(*s),
            Ty::Matrix(..) => Some(Scalar::Float),
            _ => None,
        }
    }

    /// Component count of a scalar (1) or vector.
    pub fn width(&self) -> Option<u8> {
        match self {
            Ty::Scalar(_) => Some(1),
            Ty::Vector(_, n) => Some(*n),
            _ => None,
        }
    }

    /// The scalar or vector of `scalar` with `n` components (1 is the scalar).
    pub fn shaped(scalar: Scalar, n: u8) -> Ty {
        if n <= 1 {
            Ty::Scalar(scalar)
        } else {
            Ty::Vector(scalar, n)
        }
    }
}

/// A struct type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructDef {
    /// Its name (unique in a case).
    pub name: String,
    /// Members in order.
    pub fields: Vec<(String, Ty)>,
}

/// A literal. Integer literals print without a suffix for `int` and with `u` for `uint`; the
/// generator only puts them where the context gives them their type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lit {
    /// `true` / `false`.
    Bool(bool),
    /// An `int`.
    Int(i32),
    /// A `uint`.
    Uint(u32),
    /// A `float` (always an exact decimal).
    Float(f32),
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-`
    Neg,
    /// `not`
    Not,
    /// `~`
    BitNot,
}

/// Binary operators (`and` / `or` short-circuit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
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
    /// `and`
    And,
    /// `or`
    Or,
}

impl BinOp {
    /// The operator's spelling.
    pub fn text(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "~",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }

    /// Precedence level from language.md §7.1 (1 = `or`, 9 = `* / %`).
    pub fn level(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
            BinOp::BitOr => 4,
            BinOp::BitXor => 5,
            BinOp::BitAnd => 6,
            BinOp::Shl | BinOp::Shr => 7,
            BinOp::Add | BinOp::Sub => 8,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 9,
        }
    }

    /// Whether the result is a `bool` whatever the operands.
    pub fn is_comparison(self) -> bool {
        self.level() == 3
    }

    /// The operators allowed in compound assignment (`+=` ...).
    pub fn compound(self) -> bool {
        matches!(
            self,
            BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
                | BinOp::Div
                | BinOp::Rem
                | BinOp::BitAnd
                | BinOp::BitOr
                | BinOp::Shl
                | BinOp::Shr
        )
    }
}

/// Builtin functions the generator uses: those whose results every target computes exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// `abs`
    Abs,
    /// `sign`
    Sign,
    /// `floor`
    Floor,
    /// `ceil`
    Ceil,
    /// `round` (half to even)
    Round,
    /// `trunc`
    Trunc,
    /// `fract`
    Fract,
    /// `mod`
    Mod,
    /// `min`
    Min,
    /// `max`
    Max,
    /// `clamp`
    Clamp,
    /// `saturate`
    Saturate,
    /// `mix`
    Mix,
    /// `step`
    Step,
    /// `as_float`
    AsFloat,
    /// `as_int`
    AsInt,
    /// `as_uint`
    AsUint,
    /// `count_one_bits`
    CountOneBits,
    /// `reverse_bits`
    ReverseBits,
    /// `first_leading_bit`
    FirstLeadingBit,
    /// `first_trailing_bit`
    FirstTrailingBit,
    /// `count_leading_zeros`
    CountLeadingZeros,
    /// `count_trailing_zeros`
    CountTrailingZeros,
    /// `extract_bits`
    ExtractBits,
    /// `insert_bits`
    InsertBits,
    /// `pack_unorm4x8`
    PackUnorm4x8,
    /// `pack_snorm4x8`
    PackSnorm4x8,
    /// `pack_unorm2x16`
    PackUnorm2x16,
    /// `pack_snorm2x16`
    PackSnorm2x16,
    /// `pack_half2x16`
    PackHalf2x16,
    /// `unpack_unorm4x8`
    UnpackUnorm4x8,
    /// `unpack_snorm4x8`
    UnpackSnorm4x8,
    /// `unpack_unorm2x16`
    UnpackUnorm2x16,
    /// `unpack_snorm2x16`
    UnpackSnorm2x16,
    /// `unpack_half2x16`
    UnpackHalf2x16,
    /// `equal`
    Equal,
    /// `not_equal`
    NotEqual,
    /// `less_than`
    LessThan,
    /// `less_than_equal`
    LessThanEqual,
    /// `greater_than`
    GreaterThan,
    /// `greater_than_equal`
    GreaterThanEqual,
    /// `any`
    Any,
    /// `all`
    All,
    /// `select(if_false, if_true, condition)`
    Select,
    /// `dot`
    Dot,
    /// `transpose`
    Transpose,
    /// `cross`
    Cross,
    /// `determinant`
    Determinant,
    /// `fma`
    Fma,
}

impl Builtin {
    /// The builtin's Luma name.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Abs => "abs",
            Builtin::Sign => "sign",
            Builtin::Floor => "floor",
            Builtin::Ceil => "ceil",
            Builtin::Round => "round",
            Builtin::Trunc => "trunc",
            Builtin::Fract => "fract",
            Builtin::Mod => "mod",
            Builtin::Min => "min",
            Builtin::Max => "max",
            Builtin::Clamp => "clamp",
            Builtin::Saturate => "saturate",
            Builtin::Mix => "mix",
            Builtin::Step => "step",
            Builtin::AsFloat => "as_float",
            Builtin::AsInt => "as_int",
            Builtin::AsUint => "as_uint",
            Builtin::CountOneBits => "count_one_bits",
            Builtin::ReverseBits => "reverse_bits",
            Builtin::FirstLeadingBit => "first_leading_bit",
            Builtin::FirstTrailingBit => "first_trailing_bit",
            Builtin::CountLeadingZeros => "count_leading_zeros",
            Builtin::CountTrailingZeros => "count_trailing_zeros",
            Builtin::ExtractBits => "extract_bits",
            Builtin::InsertBits => "insert_bits",
            Builtin::PackUnorm4x8 => "pack_unorm4x8",
            Builtin::PackSnorm4x8 => "pack_snorm4x8",
            Builtin::PackUnorm2x16 => "pack_unorm2x16",
            Builtin::PackSnorm2x16 => "pack_snorm2x16",
            Builtin::PackHalf2x16 => "pack_half2x16",
            Builtin::UnpackUnorm4x8 => "unpack_unorm4x8",
            Builtin::UnpackSnorm4x8 => "unpack_snorm4x8",
            Builtin::UnpackUnorm2x16 => "unpack_unorm2x16",
            Builtin::UnpackSnorm2x16 => "unpack_snorm2x16",
            Builtin::UnpackHalf2x16 => "unpack_half2x16",
            Builtin::Equal => "equal",
            Builtin::NotEqual => "not_equal",
            Builtin::LessThan => "less_than",
            Builtin::LessThanEqual => "less_than_equal",
            Builtin::GreaterThan => "greater_than",
            Builtin::GreaterThanEqual => "greater_than_equal",
            Builtin::Any => "any",
            Builtin::All => "all",
            Builtin::Select => "select",
            Builtin::Dot => "dot",
            Builtin::Transpose => "transpose",
            Builtin::Cross => "cross",
            Builtin::Determinant => "determinant",
            Builtin::Fma => "fma",
        }
    }
}

/// The atomic builtins (language.md §10.6), on a `shared` atomic of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomicOp {
    /// `atomic_load(a)`
    Load,
    /// `atomic_store(a, v)` (a statement only)
    Store,
    /// `atomic_add(a, v)`
    Add,
    /// `atomic_sub(a, v)`
    Sub,
    /// `atomic_min(a, v)`
    Min,
    /// `atomic_max(a, v)`
    Max,
    /// `atomic_and(a, v)`
    And,
    /// `atomic_or(a, v)`
    Or,
    /// `atomic_xor(a, v)`
    Xor,
    /// `atomic_exchange(a, v)`
    Exchange,
    /// `atomic_compare_exchange(a, compare, value)`
    CompareExchange,
}

impl AtomicOp {
    /// The builtin's name.
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Load => "atomic_load",
            AtomicOp::Store => "atomic_store",
            AtomicOp::Add => "atomic_add",
            AtomicOp::Sub => "atomic_sub",
            AtomicOp::Min => "atomic_min",
            AtomicOp::Max => "atomic_max",
            AtomicOp::And => "atomic_and",
            AtomicOp::Or => "atomic_or",
            AtomicOp::Xor => "atomic_xor",
            AtomicOp::Exchange => "atomic_exchange",
            AtomicOp::CompareExchange => "atomic_compare_exchange",
        }
    }

    /// Value arguments after the atomic itself.
    pub fn arity(self) -> usize {
        match self {
            AtomicOp::Load => 0,
            AtomicOp::CompareExchange => 2,
            _ => 1,
        }
    }
}

/// What an atomic builtin works on: a `shared` atomic, or an element of a `shared` array of
/// them (the index masked into range).
#[derive(Debug, Clone, PartialEq)]
pub struct AtomicRef {
    /// The `shared` variable.
    pub name: String,
    /// The element, for an array.
    pub index: Option<Box<Expr>>,
}

/// A storage buffer every program can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Buf {
    /// `inp: []uint`, random words (binding 0).
    Inp,
    /// `finp: []float`, exact floats (binding 1).
    Finp,
    /// `out: []uint`, results (binding 2).
    Out,
    /// `fout: []float`, float results (binding 3).
    Fout,
}

impl Buf {
    /// The buffer's name in the source.
    pub fn name(self) -> &'static str {
        match self {
            Buf::Inp => "inp",
            Buf::Finp => "finp",
            Buf::Out => "out",
            Buf::Fout => "fout",
        }
    }

    /// Its element type.
    pub fn element(self) -> Scalar {
        match self {
            Buf::Inp | Buf::Out => Scalar::Uint,
            Buf::Finp | Buf::Fout => Scalar::Float,
        }
    }
}

/// How an `unpack_*` result is brought back to exact integers: `floor(unpack(w) * SCALE + 0.5)`
/// undoes the division by 255 / 127 / 65535 / 32767 whatever rounding a driver's division has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unpack {
    /// `unpack_unorm4x8`, scale 255.
    Unorm4x8,
    /// `unpack_snorm4x8`, scale 127.
    Snorm4x8,
    /// `unpack_unorm2x16`, scale 65535.
    Unorm2x16,
    /// `unpack_snorm2x16`, scale 32767.
    Snorm2x16,
}

impl Unpack {
    /// The builtin.
    pub fn builtin(self) -> Builtin {
        match self {
            Unpack::Unorm4x8 => Builtin::UnpackUnorm4x8,
            Unpack::Snorm4x8 => Builtin::UnpackSnorm4x8,
            Unpack::Unorm2x16 => Builtin::UnpackUnorm2x16,
            Unpack::Snorm2x16 => Builtin::UnpackSnorm2x16,
        }
    }

    /// The factor that undoes the normalisation.
    pub fn scale(self) -> f32 {
        match self {
            Unpack::Unorm4x8 => 255.0,
            Unpack::Snorm4x8 => 127.0,
            Unpack::Unorm2x16 => 65535.0,
            Unpack::Snorm2x16 => 32767.0,
        }
    }

    /// Components of the result.
    pub fn width(self) -> u8 {
        match self {
            Unpack::Unorm4x8 | Unpack::Snorm4x8 => 4,
            Unpack::Unorm2x16 | Unpack::Snorm2x16 => 2,
        }
    }
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A literal.
    Lit(Lit),
    /// A local, parameter or `for` counter.
    Var(String),
    /// `buf[index]`.
    Load(Buf, Box<Expr>),
    /// `#buf` (the runtime element count).
    BufLen(Buf),
    /// `#array` of a fixed-size array.
    Len(Box<Expr>),
    /// A unary operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A builtin call.
    Builtin(Builtin, Vec<Expr>),
    /// `floor(unpack_*(word) * SCALE + 0.5)`: an exact `vec2` / `vec4` of integers.
    UnpackExact(Unpack, Box<Expr>),
    /// A call of a helper function.
    Call(String, Vec<Expr>),
    /// A vector (from parts or one scalar) or an array (`[N]T { ... }`, or the fill
    /// `[N]T(value)` when one part makes several elements).
    Construct(Ty, Vec<Expr>),
    /// A struct value `S { f = e, ... }`, every member in order.
    Struct(String, Vec<(String, Expr)>),
    /// A value conversion `T(e)` of a scalar or vector.
    Convert(Ty, Box<Expr>),
    /// `e.xyzw` (component indices).
    Swizzle(Box<Expr>, Vec<u8>),
    /// `e[index]` of an array or vector.
    Index(Box<Expr>, Box<Expr>),
    /// `e.field`.
    Field(Box<Expr>, String),
    /// `if c then a else b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// An atomic builtin on the named `shared` atomic, with its value arguments; its result
    /// is the old value (the loaded one for `Load`).
    Atomic(AtomicOp, AtomicRef, Vec<Expr>),
}

/// An assignment target.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// A local or parameter.
    Var(String),
    /// `out[i]` or `fout[i]`.
    Buf(Buf, Box<Expr>),
    /// `p.field`.
    Field(Box<Place>, String),
    /// `p[i]`.
    Index(Box<Place>, Box<Expr>),
    /// `p.xz` (no repeated component).
    Swizzle(Box<Place>, Vec<u8>),
}

/// Loop attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoopAttr {
    /// `@max_iterations(N)`.
    pub max_iterations: Option<u32>,
    /// `@unroll` (`Some(None)`) or `@unroll(N)`.
    pub unroll: Option<Option<u32>>,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `let name: ty = init`.
    Let {
        /// The new local.
        name: String,
        /// Its declared type.
        ty: Ty,
        /// Its initial value.
        init: Expr,
    },
    /// `const name: ty = init`, `init` a constant expression (literals, other constants,
    /// operators, constructors, indexing; language.md §5), named `K<n>` (see
    /// [`crate::gen::is_const_name`]).
    Const {
        /// The constant.
        name: String,
        /// Its declared type.
        ty: Ty,
        /// Its value.
        init: Expr,
    },
    /// `place = value` or `place op= value`.
    Assign {
        /// The target.
        place: Place,
        /// The compound operator, if any.
        op: Option<BinOp>,
        /// The value.
        value: Expr,
    },
    /// `if c then ... elseif c then ... else ... end`.
    If {
        /// The conditions and their blocks.
        arms: Vec<(Expr, Vec<Stmt>)>,
        /// The `else` block.
        otherwise: Option<Vec<Stmt>>,
    },
    /// `for var = first, last[, step] do ... end`.
    For {
        /// The counter.
        var: String,
        /// The counter's type (`int` or `uint`).
        counter: Scalar,
        /// Start.
        first: Expr,
        /// Inclusive end.
        last: Expr,
        /// Step (1 when absent).
        step: Option<Expr>,
        /// Attributes.
        attr: LoopAttr,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `while cond do ... end`.
    While {
        /// Condition.
        cond: Expr,
        /// Attributes (`@max_iterations` is always there).
        attr: LoopAttr,
        /// Body.
        body: Vec<Stmt>,
    },
    /// `do ... end`.
    Do(Vec<Stmt>),
    /// `break`.
    Break,
    /// `return [e]`.
    Return(Option<Expr>),
    /// A call of a helper without a result, or whose result is dropped... only without one.
    Call(String, Vec<Expr>),
    /// An atomic builtin as a statement (its result dropped).
    Atomic(AtomicOp, AtomicRef, Vec<Expr>),
    /// `workgroup_barrier()` (only where control flow is uniform).
    Barrier,
}

/// A function.
#[derive(Debug, Clone, PartialEq)]
pub struct Func {
    /// Its name (unique in a case).
    pub name: String,
    /// Parameters.
    pub params: Vec<(String, Ty)>,
    /// Result type.
    pub ret: Option<Ty>,
    /// Body.
    pub body: Vec<Stmt>,
}

/// One generated program: structs, helpers and a body function, writing `out` and `fout` only
/// within its slot ranges.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// Seed it was generated from.
    pub seed: u64,
    /// Struct types.
    pub structs: Vec<StructDef>,
    /// `shared` (workgroup) variables: undefined until the body's first statements store them.
    pub shared: Vec<(String, Ty)>,
    /// `shared` atomics (`atomic_int` / `atomic_uint`, or an array of this many of them),
    /// likewise stored first.
    pub atomics: Vec<(String, Scalar, Option<u32>)>,
    /// Helper functions then the body function (last: no parameters, no result).
    pub funcs: Vec<Func>,
    /// First `out` slot it owns and how many.
    pub out: (u32, u32),
    /// First `fout` slot it owns and how many.
    pub fout: (u32, u32),
}

impl Program {
    /// The body function (the last one).
    pub fn body(&self) -> Option<&Func> {
        self.funcs.last()
    }
}

/// Buffer contents every program of a case reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Inputs {
    /// `inp`.
    pub words: Vec<u32>,
    /// `finp`.
    pub floats: Vec<f32>,
}

/// Words in `inp`.
pub const INP_LEN: u32 = 64;
/// Floats in `finp`.
pub const FINP_LEN: u32 = 32;

/// Programs run by one shader: the entry point calls each body function in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// The programs.
    pub programs: Vec<Program>,
    /// Buffer inputs.
    pub inputs: Inputs,
    /// Size of `out` in words (slot 0 is the entry point's own).
    pub out_len: u32,
    /// Size of `fout` in floats (slot 0 is the entry point's own).
    pub fout_len: u32,
}

impl Case {
    /// The struct named `name`.
    pub fn struct_def(&self, name: &str) -> Option<&StructDef> {
        self.programs
            .iter()
            .flat_map(|p| p.structs.iter())
            .find(|s| s.name == name)
    }

    /// The type of the `shared` variable or atomic named `name` (an atomic as its scalar).
    pub fn global(&self, name: &str) -> Option<Ty> {
        self.programs.iter().find_map(|p| {
            p.shared
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.clone())
                .or_else(|| {
                    p.atomics
                        .iter()
                        .find(|(n, _, _)| n == name)
                        .map(|(_, s, _)| Ty::Scalar(*s))
                })
        })
    }

    /// The function named `name`.
    pub fn func(&self, name: &str) -> Option<&Func> {
        self.programs
            .iter()
            .flat_map(|p| p.funcs.iter())
            .find(|f| f.name == name)
    }
}
