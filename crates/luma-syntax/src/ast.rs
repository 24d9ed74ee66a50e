//! The Luma syntax tree: what the parser produces and the checker reads.
//!
//! Expressions and type expressions live in arenas ([`Nodes`]), one for the module's
//! declarations and one per function body, and are referred to by [`ExprId`] / [`TypeId`];
//! statements and items are owned vectors. Every node has a [`Span`] in
//! the expanded source. The tree keeps the program as written: names are not resolved, sugar is
//! not removed, literals are not typed. Nodes that failed to parse are `Error` variants, so later
//! stages can skip them without reporting cascades.

use luma_base::{Arena, Handle, Span};
use rustc_hash::FxHashMap;

/// Handle of an expression in a [`Nodes`].
pub type ExprId = Handle<Expr>;
/// Handle of a type expression in a [`Nodes`].
pub type TypeId = Handle<TypeExpr>;

/// A parsed source file (after `#include` expansion).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Module {
    /// Top-level declarations in source order.
    pub items: Vec<Item>,
    /// The nodes of the declarations (signatures, field types, constants, attributes); each
    /// function body keeps its own in [`Body::nodes`].
    pub nodes: Nodes,
    /// The text of every name in the module, by [`Symbol`].
    pub names: Names,
}

impl Module {
    /// The text of an interned name.
    pub fn name(&self, sym: Symbol) -> &str {
        self.names.get(sym)
    }

    /// Takes the body of every function out of the tree, in item order, leaving empty ones:
    /// a checker that owns them can free each once it is checked, while the declarations stay
    /// behind for name lookups.
    pub fn take_bodies(&mut self) -> Vec<Body> {
        self.items
            .iter_mut()
            .filter_map(|item| match &mut item.kind {
                ItemKind::Function(f) => Some(std::mem::take(&mut f.body)),
                _ => None,
            })
            .collect()
    }
}

/// The bit that marks a handle (or list start) as a function body's: a body's nodes and the
/// module's declarations are numbered apart, so a handle of one is never read as a node of the
/// other.
const BODY_BIT: u32 = 1 << 31;

/// The expressions, type expressions, lists and struct literals of one part of a module: its
/// declarations ([`Module::nodes`]) or one function body ([`Body::nodes`]). Keeping each body's
/// apart lets a checker free a body as soon as it has checked it, so a large module's whole tree
/// is never alive beside its typed program.
///
/// Handles are numbered per part, and a body's carry a high bit: looking a handle up in the
/// wrong part finds nothing instead of another node.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Nodes {
    /// Whether these are a function body's nodes.
    in_body: bool,
    /// The expressions.
    exprs: Arena<Expr>,
    /// The type expressions.
    types: Arena<TypeExpr>,
    /// The argument and element lists of calls and array literals, each a contiguous run
    /// named by an [`ExprList`] (one buffer instead of a `Vec` per call).
    expr_lists: Vec<ExprId>,
    /// The struct literals (rare, so kept out of line: see [`ExprKind::StructLit`]).
    struct_lits: Arena<StructLit>,
    /// Calls whose `(` starts a line, by callee, with the `(`'s span. As in Lua, such a `(`
    /// continues the expression on the line before as a call; the checker says so when that
    /// call fails (`let a = b` then `(c).x = 1` calls `b`).
    pub calls_after_line_break: Vec<(ExprId, Span)>,
}

impl Nodes {
    /// Empty nodes for a function body.
    pub fn for_body() -> Nodes {
        Nodes {
            in_body: true,
            ..Nodes::default()
        }
    }

    /// Whether `raw` (a handle's index or a list's start) is numbered in a body.
    pub fn is_body_index(raw: u32) -> bool {
        raw & BODY_BIT != 0
    }

    /// The position behind `raw` in these nodes, if it is numbered in this part.
    pub fn local_index(&self, raw: u32) -> Option<usize> {
        (Self::is_body_index(raw) == self.in_body).then_some((raw & !BODY_BIT) as usize)
    }

    /// Position `index` (below `BODY_BIT`) numbered as this part numbers it.
    fn tagged(&self, index: u32) -> u32 {
        if self.in_body {
            index | BODY_BIT
        } else {
            index
        }
    }

    /// The handle of position `index` of this part. Past `BODY_BIT` positions (a body of over
    /// two billion nodes, which the source-size limit rules out) it is a handle no part holds.
    fn handle<T>(&self, index: usize) -> Handle<T> {
        match u32::try_from(index) {
            Ok(i) if i < BODY_BIT => Handle::from_index(self.tagged(i)),
            _ => Handle::from_index(u32::MAX),
        }
    }

    fn local<T>(&self, h: Handle<T>) -> Option<Handle<T>> {
        let i = self.local_index(h.raw())?;
        Some(Handle::from_index(i as u32))
    }

    /// The expression behind `id`, if it belongs to these nodes.
    pub fn expr(&self, id: ExprId) -> Option<&Expr> {
        self.exprs.get(self.local(id)?)
    }

    /// The type expression behind `id`, if it belongs to these nodes.
    pub fn ty(&self, id: TypeId) -> Option<&TypeExpr> {
        self.types.get(self.local(id)?)
    }

    /// The struct literal behind `id`, if it belongs to these nodes.
    pub fn struct_lit(&self, id: StructLitId) -> Option<&StructLit> {
        self.struct_lits.get(self.local(id)?)
    }

    /// The expressions of a list (empty for a list of another part).
    pub fn list(&self, list: ExprList) -> &[ExprId] {
        let Some(start) = self.local_index(list.start) else {
            return &[];
        };
        self.expr_lists
            .get(start..start.saturating_add(list.len as usize))
            .unwrap_or(&[])
    }

    /// Appends an expression.
    pub fn push_expr(&mut self, expr: Expr) -> ExprId {
        let id = self.handle(self.exprs.len());
        self.exprs.append(expr);
        id
    }

    /// Appends a type expression.
    pub fn push_type(&mut self, ty: TypeExpr) -> TypeId {
        let id = self.handle(self.types.len());
        self.types.append(ty);
        id
    }

    /// Appends a struct literal.
    pub fn push_struct_lit(&mut self, lit: StructLit) -> StructLitId {
        let id = self.handle(self.struct_lits.len());
        self.struct_lits.append(lit);
        id
    }

    /// Appends a list of expressions and names it.
    pub fn push_list(&mut self, items: &[ExprId]) -> ExprList {
        // Past `BODY_BIT` entries the list is cut to nothing; the parser's source-size limit
        // keeps real modules far below, since every entry is at least one token.
        let (Ok(start), Ok(len)) = (
            u32::try_from(self.expr_lists.len()),
            u32::try_from(items.len()),
        ) else {
            return ExprList::default();
        };
        if start >= BODY_BIT {
            return ExprList::default();
        }
        self.expr_lists.extend_from_slice(items);
        ExprList {
            start: self.tagged(start),
            len,
        }
    }

    /// Every expression with its handle, in the order they were made.
    pub fn exprs(&self) -> impl Iterator<Item = (ExprId, &Expr)> {
        self.exprs.iter().map(|(h, e)| (self.handle(h.index()), e))
    }

    /// Removes every node, keeping the room, to be written again as a body's (a parser's
    /// scratch). Handles made before are dangling.
    pub fn clear_for_body(&mut self) {
        self.in_body = true;
        self.exprs.clear();
        self.types.clear();
        self.expr_lists.clear();
        self.struct_lits.clear();
        self.calls_after_line_break.clear();
    }
}

/// A function's body: its statements and the nodes they refer to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Body {
    /// The statements.
    pub block: Block,
    /// The expressions, types, lists and struct literals of the statements.
    pub nodes: Nodes,
}

/// Looks a handle up in a module's declarations or in one function body, whichever it belongs to.
#[derive(Debug, Clone, Copy)]
pub struct NodesView<'m> {
    /// The module's declarations.
    pub module: &'m Nodes,
    /// The body being read, if any.
    pub body: Option<&'m Nodes>,
}

impl<'m> NodesView<'m> {
    fn part(&self, raw: u32) -> Option<&'m Nodes> {
        if Nodes::is_body_index(raw) {
            self.body
        } else {
            Some(self.module)
        }
    }

    /// The expression behind `id`.
    pub fn expr(&self, id: ExprId) -> Option<&'m Expr> {
        self.part(id.raw())?.expr(id)
    }

    /// The type expression behind `id`.
    pub fn ty(&self, id: TypeId) -> Option<&'m TypeExpr> {
        self.part(id.raw())?.ty(id)
    }

    /// The struct literal behind `id`.
    pub fn struct_lit(&self, id: StructLitId) -> Option<&'m StructLit> {
        self.part(id.raw())?.struct_lit(id)
    }

    /// The expressions of a list.
    pub fn list(&self, list: ExprList) -> &'m [ExprId] {
        self.part(list.start).map_or(&[], |n| n.list(list))
    }
}

/// A run of a [`Nodes`]' lists: the arguments of a call or the elements of an array literal.
/// Read it with [`Nodes::list`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ExprList {
    /// Index of the first expression.
    pub start: u32,
    /// How many there are.
    pub len: u32,
}

impl ExprList {
    /// How many expressions the list has.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether it has none.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// A 64-bit literal payload aligned to 4 bytes: stored as a `u64` it would raise the alignment,
/// and so the size, of every expression from 28 to 32 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub struct LiteralBits(u64);

impl LiteralBits {
    /// An integer literal's value.
    pub fn from_u64(value: u64) -> LiteralBits {
        LiteralBits(value)
    }

    /// A float literal's value.
    pub fn from_f64(value: f64) -> LiteralBits {
        LiteralBits(value.to_bits())
    }

    /// The value as an integer.
    pub fn to_u64(self) -> u64 {
        self.0
    }

    /// The value as a float.
    pub fn to_f64(self) -> f64 {
        f64::from_bits(self.0)
    }
}

impl std::fmt::Debug for LiteralBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bits = self.0;
        write!(f, "{bits:#x}")
    }
}

/// An interned name: an index into a module's [`Names`]. Two symbols of one module are equal
/// exactly when their texts are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(u32);

/// The distinct names of a module: their text stored once, in one buffer, so that a name in the
/// tree is a 4-byte [`Symbol`] instead of a `String` per occurrence.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// All texts, one after another.
    text: String,
    /// Where each symbol's text ends in `text` (it starts where the previous one ends).
    ends: Vec<u32>,
    /// Each text's symbol, for interning.
    lookup: FxHashMap<Box<str>, Symbol>,
}

impl Names {
    /// The symbol of `name`, adding it when new.
    ///
    /// The parser only interns slices of a source under `u32::MAX` bytes, so the text buffer's
    /// offsets and the symbol count fit in `u32`; past that (never reached) the offset saturates.
    pub fn intern(&mut self, name: &str) -> Symbol {
        if let Some(&sym) = self.lookup.get(name) {
            return sym;
        }
        let sym = Symbol(u32::try_from(self.ends.len()).unwrap_or(u32::MAX));
        self.text.push_str(name);
        self.ends
            .push(u32::try_from(self.text.len()).unwrap_or(u32::MAX));
        self.lookup.insert(name.into(), sym);
        sym
    }

    /// The text of `sym` (empty for a symbol of another table).
    pub fn get(&self, sym: Symbol) -> &str {
        let index = sym.0 as usize;
        let start = match index.checked_sub(1) {
            Some(prev) => self.ends.get(prev).copied().unwrap_or(0),
            None => 0,
        };
        let end = self.ends.get(index).copied().unwrap_or(start);
        self.text.get(start as usize..end as usize).unwrap_or("")
    }

    /// How many distinct names there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

impl PartialEq for Names {
    /// Two tables are equal when they give every symbol the same text (the lookup map follows).
    fn eq(&self, other: &Names) -> bool {
        self.text == other.text && self.ends == other.ends
    }
}

/// A name as written, with its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ident {
    /// The identifier, interned in its module's [`Names`].
    pub name: Symbol,
    /// Where it was written.
    pub span: Span,
}

/// `@name` or `@name(arg, ...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The attribute name, without `@`.
    pub name: Ident,
    /// Arguments; `None` when written without parentheses (`@varying`), `Some(vec![])` for `@x()`.
    pub args: Option<Vec<ExprId>>,
    /// From `@` to the closing parenthesis.
    pub span: Span,
}

/// A top-level declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Attributes written before the declaration.
    pub attributes: Vec<Attribute>,
    /// What is declared.
    pub kind: ItemKind,
    /// The whole declaration, attributes included.
    pub span: Span,
}

/// The kinds of top-level declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    /// `struct Name ... end`
    Struct(StructDecl),
    /// `function name(...) [-> ret] ... end`
    Function(FunctionDecl),
    /// `uniform name: T`, `buffer [storage] name: T`, `shared name: T`.
    Global(GlobalDecl),
    /// `const NAME[: T] = value` (with `@spec(id)` among the item's attributes for spec constants).
    Const(ConstDecl),
    /// A declaration that failed to parse; its errors were reported.
    Error,
}

/// `struct Name fields end`.
#[derive(Debug, Clone, PartialEq)]
pub struct StructDecl {
    /// The struct's name.
    pub name: Ident,
    /// Fields in order.
    pub fields: Vec<Field>,
}

/// A struct field, a tuple-return field or an inline entry parameter: `[@attrs] name: T`.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// `@location`, `@builtin`, `@interpolation`, ...
    pub attributes: Vec<Attribute>,
    /// Field name.
    pub name: Ident,
    /// Field type.
    pub ty: TypeId,
    /// The whole field.
    pub span: Span,
}

/// `function name(params) [-> ret] body end`.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDecl {
    /// Function name.
    pub name: Ident,
    /// Parameters (each may carry attributes, for inline entry points).
    pub params: Vec<Field>,
    /// Return type, if any.
    pub ret: Option<ReturnType>,
    /// The body (empty once taken out by [`Module::take_bodies`]).
    pub body: Body,
}

/// What follows `->`.
#[derive(Debug, Clone, PartialEq)]
pub enum ReturnType {
    /// A single type: `-> vec4`, `-> VertexOutput`.
    Type(TypeId),
    /// A tuple of named fields: `-> (color: vec4, @location(1) normal: vec4)`.
    Tuple {
        /// The named fields.
        fields: Vec<Field>,
        /// From `(` to `)`.
        span: Span,
    },
}

/// Which kind of resource or memory a global declaration names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GlobalKind {
    /// `uniform` (a uniform block, texture, sampler or, with `@push_constant`, a push constant block).
    Uniform,
    /// `buffer` or `buffer storage` (a storage buffer).
    Buffer,
    /// `shared` (workgroup memory).
    Shared,
}

/// `uniform name: T`, `buffer [storage] name: T` or `shared name: T`.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalDecl {
    /// Which keyword introduced it.
    pub kind: GlobalKind,
    /// The span of that keyword (and `storage`, when written).
    pub keyword_span: Span,
    /// The global's name.
    pub name: Ident,
    /// Its type.
    pub ty: TypeId,
}

/// `const NAME[: T] = value`, at module scope or in a block.
#[derive(Debug, Clone, PartialEq)]
pub struct ConstDecl {
    /// The constant's name.
    pub name: Ident,
    /// The declared type, if written.
    pub ty: Option<TypeId>,
    /// The initializer.
    pub value: ExprId,
}

/// A type as written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TypeExpr {
    /// The shape.
    pub kind: TypeExprKind,
    /// Where it was written.
    pub span: Span,
}

/// Shapes of type expressions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TypeExprKind {
    /// A name: a builtin type (`float`, `vec3`, `mat4x3`, `sampler2D`, `atomic_uint`) or a struct.
    Named(Ident),
    /// `[N]T` (with `len`) or `[]T` (runtime-sized, `len` is `None`).
    Array {
        /// Element count expression.
        len: Option<ExprId>,
        /// Element type.
        element: TypeId,
    },
    /// A type that failed to parse.
    Error,
}

/// `stmt*`, up to the keyword that ends it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// Statements in order.
    pub stmts: Vec<Stmt>,
    /// From the first to the last token of the block (empty at the block's start when empty).
    pub span: Span,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// The whole statement, attributes included.
    pub span: Span,
}

/// Statements.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `let name[: T] = value`.
    Let {
        /// Variable name.
        name: Ident,
        /// Declared type, if written.
        ty: Option<TypeId>,
        /// Initializer.
        value: ExprId,
    },
    /// `const NAME[: T] = value` inside a function.
    Const(ConstDecl),
    /// `target = value` or `target op= value`.
    Assign {
        /// The place assigned to.
        target: ExprId,
        /// `Some(op)` for compound assignment (`+=` is `Some(BinaryOp::Add)`).
        op: Option<BinaryOp>,
        /// Span of the `=` or `op=` token.
        op_span: Span,
        /// The assigned value.
        value: ExprId,
    },
    /// An expression evaluated for its effect (a call).
    Expr(ExprId),
    /// `if c then ... elseif c then ... else ... end`.
    If(Box<IfStmt>),
    /// `[@attrs] for var = start, end[, step] do ... end`.
    For(Box<ForStmt>),
    /// `[@attrs] while c do ... end`.
    While(Box<WhileStmt>),
    /// `do ... end`.
    Do(Box<Block>),
    /// `break`.
    Break,
    /// `return [value]`.
    Return(Option<ExprId>),
    /// `discard`.
    Discard,
    /// A statement that failed to parse; its errors were reported.
    Error,
}

/// `if c then ... elseif c then ... else ... end`.
#[derive(Debug, Clone, PartialEq)]
pub struct IfStmt {
    /// The `if` and each `elseif`, in order.
    pub branches: Vec<(ExprId, Block)>,
    /// The `else` block.
    pub else_block: Option<Block>,
}

/// `[@attrs] for var = start, end[, step] do ... end`.
#[derive(Debug, Clone, PartialEq)]
pub struct ForStmt {
    /// Loop attributes (`@unroll`, `@max_iterations`).
    pub attributes: Vec<Attribute>,
    /// The counter.
    pub var: Ident,
    /// First value.
    pub start: ExprId,
    /// Last value (inclusive).
    pub end: ExprId,
    /// Step, when written.
    pub step: Option<ExprId>,
    /// The body.
    pub body: Block,
}

/// `[@attrs] while c do ... end`.
#[derive(Debug, Clone, PartialEq)]
pub struct WhileStmt {
    /// Loop attributes.
    pub attributes: Vec<Attribute>,
    /// Condition, tested before each iteration.
    pub cond: ExprId,
    /// The body.
    pub body: Block,
}

/// An expression.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// Expressions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExprKind {
    /// An integer literal; `value` is exact (the lexer rejects literals above `u64::MAX`).
    Int {
        /// The literal's value (read it with [`LiteralBits::to_u64`]).
        value: LiteralBits,
        /// Written with the `u` suffix.
        unsigned: bool,
    },
    /// A floating-point literal, parsed to the nearest `f64` (read it with
    /// [`LiteralBits::to_f64`]).
    Float(LiteralBits),
    /// `true` or `false`.
    Bool(bool),
    /// A name.
    Ident(Ident),
    /// `op operand`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// Span of the operator token.
        op_span: Span,
        /// The operand.
        operand: ExprId,
    },
    /// `lhs op rhs` (including `and` / `or`).
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Span of the operator token.
        op_span: Span,
        /// Left operand.
        lhs: ExprId,
        /// Right operand.
        rhs: ExprId,
    },
    /// `callee(args)`: a function, builtin or type constructor (`vec3(...)`, `float(x)`).
    Call {
        /// What is called (an `Ident` in every valid program).
        callee: ExprId,
        /// Arguments.
        args: ExprList,
    },
    /// `base.name`: a field or a swizzle (the checker decides which).
    Field {
        /// The value accessed.
        base: ExprId,
        /// The field or swizzle name.
        name: Ident,
    },
    /// `base[index]`.
    Index {
        /// The value indexed.
        base: ExprId,
        /// The index.
        index: ExprId,
    },
    /// `Name { a = x, b = y }` (typed) or `{ a = x }` (anonymous, typed by context), in
    /// [`Nodes`]' struct literals: struct literals are rare, and their parts inline would make
    /// every expression larger.
    StructLit(StructLitId),
    /// `[N]T { a, b }` (typed) or `{ a, b }` (typed by context).
    ArrayLit {
        /// The array type, when written.
        ty: Option<TypeId>,
        /// Elements in order.
        elements: ExprList,
    },
    /// `[N]T(value)`: an array whose every element is `value` (the checker requires exactly
    /// one argument).
    ArrayFill {
        /// The array type.
        ty: TypeId,
        /// The arguments as written.
        args: ExprList,
    },
    /// `if c then a else b` as an expression.
    IfExpr {
        /// Condition.
        cond: ExprId,
        /// Value when true.
        then_value: ExprId,
        /// Value when false.
        else_value: ExprId,
    },
    /// `( inner )`; kept so spans and `dump-ast` show what was written.
    Paren(ExprId),
    /// An expression that failed to parse; its errors were reported.
    Error,
}

// Expressions are the largest part of a big module's tree (about one per two tokens): keep
// them at 28 bytes (no 8-byte fields, no heap data; lists live in `Nodes::list`).
const _: () = assert!(std::mem::size_of::<Expr>() <= 28);
// Statements box their blocks: an inline `for` would make every statement 88 bytes.
const _: () = assert!(std::mem::size_of::<Stmt>() <= 32);

/// Handle of a struct literal in a [`Nodes`].
pub type StructLitId = Handle<StructLit>;

/// The parts of a struct literal.
#[derive(Debug, Clone, PartialEq)]
pub struct StructLit {
    /// The struct name, when written.
    pub name: Option<Ident>,
    /// `field = value` pairs in source order.
    pub fields: Vec<(Ident, ExprId)>,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `not x`
    Not,
    /// `~x`
    BitNot,
    /// `#x`
    Len,
}

/// Binary operators, including those usable in compound assignment.
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
    /// `~` (binary)
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

impl BinaryOp {
    /// The operator as written in Luma.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "~",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }
}

impl UnaryOp {
    /// The operator as written in Luma.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Not => "not",
            UnaryOp::BitNot => "~",
            UnaryOp::Len => "#",
        }
    }
}
