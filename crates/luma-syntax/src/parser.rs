//! The recovering recursive-descent parser: cooked tokens in, [`Module`] out.
//!
//! Parsing never fails. Each error is reported once; the parser then recovers so that later
//! independent errors are reported too, without cascades:
//! - A missing keyword (`then`, `do`, `end`, `)`) is reported and treated as present.
//! - After an error the parser is *recovering*: further errors are suppressed until a new
//!   statement, field or item starts cleanly, or a block's `end` is found. A statement that failed
//!   is skipped up to a synchronisation point: a statement keyword, `end`/`else`/`elseif`, an item
//!   keyword, or a name or `@` at the start of a line.
//! - Tokens the lexer already reported ([`TokenKind::Error`], reserved Lua words) are consumed
//!   without a second diagnostic, and nodes built from them are `Error` nodes, which later stages
//!   skip silently.
//!
//! # Nesting limit
//!
//! Expression and type trees (followed through both kinds: the length of an array type, the type of
//! an array literal) and statement blocks are each nested at most `Limits::nesting_depth` deep in
//! the returned tree, where the left operand of a binary operator counts as no deeper than its
//! operator (a chain `a + b + c + ...` is one level, as a reader sees it). Counting every node,
//! expression trees are at most `Limits::expression_depth` deep: later stages recurse over them
//! through `luma_base::stack::grow`, so their depth is bounded by that limit, not by the stack.
//! Past either limit the parser reports `E0306` once per top-level declaration and replaces the
//! offending subtree by an `Error` node. Binary and unary operator chains and postfix chains are
//! parsed with loops, and the recursion that remains (parentheses, literals, arguments, blocks)
//! stops at the nesting limit and skips the rest of the nested construct with a bracket-counting
//! loop, so no input can overflow the stack.
//!
//! # The one line-sensitive rule
//!
//! `return` takes a value if the next token can start an expression, except that a name or `if`
//! on a later line starts a new statement (Luma allows statements after `return`, unlike Lua).

use luma_base::{Diagnostic, Diagnostics, Limits, Span};

use crate::ast::{
    Attribute, BinaryOp, Block, Body, ConstDecl, Expr, ExprId, ExprKind, ExprList, Field, ForStmt,
    FunctionDecl, GlobalDecl, GlobalKind, Ident, IfStmt, Item, ItemKind, LiteralBits, Module,
    Nodes, NodesView, ReturnType, Stmt, StmtKind, StructDecl, StructLit, TypeExpr, TypeExprKind,
    TypeId, UnaryOp, WhileStmt,
};
use crate::codes;
use crate::lexer::{
    is_simple_operand, number_value, Lexer, NumberValue, Reserved, Token, TokenKind,
};
use crate::similar;

/// Parses expanded source text into a module, reporting every lexical and syntax error into
/// `diags`. Lexer diagnostics come first, then the parser's; sort with
/// `Diagnostics::sort_by_position` for source order.
///
/// The text is lexed as the parser goes (a [`Lexer`] cooks tokens a step ahead of it, and those
/// behind it are released), so the file's tokens are never all in memory at once.
pub fn parse(text: &str, limits: &Limits, diags: &mut Diagnostics) -> Module {
    if text.len() > limits.max_source_bytes || u32::try_from(text.len()).is_err() {
        diags.push(
            Diagnostic::error(
                codes::SOURCE_TOO_LARGE,
                Span::point(0),
                format!(
                    "the source is {} bytes, more than the limit of {} bytes",
                    text.len(),
                    limits.max_source_bytes
                ),
            )
            .with_note("the limit is `Limits::max_source_bytes`"),
        );
        return Module::default();
    }
    let mut lexer = Lexer::new(text, diags.sibling());
    lexer.fill_to(LOOKAHEAD + REFILL_STEP);
    let parser_diags = diags.sibling();
    let mut parser = Parser {
        text,
        lexer,
        pos: 0,
        prev_hi: 0,
        module: Module::default(),
        nodes: NodeContext::default(),
        module_nodes: None,
        spare_nodes: NodeContext::for_body(),
        diags: parser_diags,
        limit: limits.nesting_depth,
        expression_limit: limits.expression_depth,
        recovering: false,
        depth: 0,
        block_depth: 0,
        repeat_depth: 0,
        if_arm_depth: 0,
        end_after_if_expr: None,
        item_is_entry: false,
        in_is_a_name: false,
        operands: Vec::new(),
        pending_ops: Vec::new(),
        prefix_ops: Vec::new(),
        list_items: Vec::new(),
        block_stmts: Vec::new(),
        limit_reported: false,
        last_unclosed: None,
        suspects: Vec::new(),
        item_indent: 0,
        brace_blocks: 0,
        returns_value: false,
        returns_tuple: false,
        bare_return_next: None,
    };
    parser.parse_module();
    // Every body restores the module's nodes when it ends; `module_nodes` is only set inside one.
    let nodes = match parser.module_nodes.take() {
        Some(module) => module,
        None => parser.nodes,
    };
    let mut module = parser.module;
    module.nodes = nodes.nodes;
    // The parser stops at the `Eof` token, so the lexer has cooked the whole text and reported
    // everything it will.
    diags.absorb(parser.lexer.into_diagnostics());
    diags.absorb(parser.diags);
    module
}

/// Tokens past the current one the parser may read with [`Parser::nth`]: [`Parser::bump`] keeps
/// that many cooked ahead. Scans that look further use [`Parser::peek_far`].
const LOOKAHEAD: usize = 8;

/// Tokens the lexer cooks at a time when the parser runs short.
const REFILL_STEP: usize = 1024;

/// Keywords that start or continue a statement: a name close to one of them where a statement
/// is expected is most likely that keyword misspelt.
const STATEMENT_KEYWORDS: &[&str] = &[
    "return", "else", "elseif", "end", "while", "for", "if", "then", "do", "break", "discard",
    "let",
];

/// Keywords that start a declaration at module scope.
const ITEM_KEYWORDS: &[&str] = &["function", "struct", "uniform", "buffer", "shared", "const"];

/// The nodes being written (the module's declarations or a function body's) with the parser's
/// depth of each, by handle.
#[derive(Default)]
struct NodeContext {
    nodes: Nodes,
    /// Depth of each expression node, by position.
    expr_depth: Vec<NodeDepth>,
    /// Depth of each type node (the nesting of the expressions in it included).
    type_depth: Vec<u32>,
}

impl NodeContext {
    fn for_body() -> NodeContext {
        NodeContext {
            nodes: Nodes::for_body(),
            ..NodeContext::default()
        }
    }
}

/// What [`Parser::enter_body`] put aside, for [`Parser::leave_body`].
enum Outside {
    /// The module's declarations (kept in `Parser::module_nodes` meanwhile).
    Module,
    /// Another body's nodes (a function declared inside a body is parsed whole).
    Body(NodeContext),
}

/// Binding power of binary operators, low to high (language.md).
const PREC_OR: u8 = 1;
const PREC_AND: u8 = 2;
const PREC_CMP: u8 = 3;
const PREC_BIT_OR: u8 = 4;
const PREC_BIT_XOR: u8 = 5;
const PREC_BIT_AND: u8 = 6;
const PREC_SHIFT: u8 = 7;
const PREC_ADD: u8 = 8;
const PREC_MUL: u8 = 9;

fn binary_op(kind: TokenKind) -> Option<(BinaryOp, u8)> {
    Some(match kind {
        TokenKind::Or => (BinaryOp::Or, PREC_OR),
        TokenKind::And => (BinaryOp::And, PREC_AND),
        TokenKind::EqEq => (BinaryOp::Eq, PREC_CMP),
        TokenKind::NotEq => (BinaryOp::Ne, PREC_CMP),
        TokenKind::Lt => (BinaryOp::Lt, PREC_CMP),
        TokenKind::Le => (BinaryOp::Le, PREC_CMP),
        TokenKind::Gt => (BinaryOp::Gt, PREC_CMP),
        TokenKind::Ge => (BinaryOp::Ge, PREC_CMP),
        TokenKind::Pipe => (BinaryOp::BitOr, PREC_BIT_OR),
        TokenKind::Tilde => (BinaryOp::BitXor, PREC_BIT_XOR),
        TokenKind::Amp => (BinaryOp::BitAnd, PREC_BIT_AND),
        TokenKind::Shl => (BinaryOp::Shl, PREC_SHIFT),
        TokenKind::Shr => (BinaryOp::Shr, PREC_SHIFT),
        TokenKind::Plus => (BinaryOp::Add, PREC_ADD),
        TokenKind::Minus => (BinaryOp::Sub, PREC_ADD),
        TokenKind::Star => (BinaryOp::Mul, PREC_MUL),
        TokenKind::Slash => (BinaryOp::Div, PREC_MUL),
        TokenKind::Percent => (BinaryOp::Rem, PREC_MUL),
        _ => return None,
    })
}

fn unary_op(kind: TokenKind) -> Option<UnaryOp> {
    Some(match kind {
        TokenKind::Minus => UnaryOp::Neg,
        TokenKind::Not => UnaryOp::Not,
        TokenKind::Tilde => UnaryOp::BitNot,
        TokenKind::Hash => UnaryOp::Len,
        _ => return None,
    })
}

/// `=` gives `Some(None)`, `op=` gives `Some(Some(op))`.
fn assign_op(kind: TokenKind) -> Option<Option<BinaryOp>> {
    Some(match kind {
        TokenKind::Assign => None,
        TokenKind::PlusEq => Some(BinaryOp::Add),
        TokenKind::MinusEq => Some(BinaryOp::Sub),
        TokenKind::StarEq => Some(BinaryOp::Mul),
        TokenKind::SlashEq => Some(BinaryOp::Div),
        TokenKind::PercentEq => Some(BinaryOp::Rem),
        TokenKind::AmpEq => Some(BinaryOp::BitAnd),
        TokenKind::PipeEq => Some(BinaryOp::BitOr),
        TokenKind::ShlEq => Some(BinaryOp::Shl),
        TokenKind::ShrEq => Some(BinaryOp::Shr),
        _ => return None,
    })
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
    )
}

/// Tokens that can begin an expression.
fn starts_expr(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Ident
            | TokenKind::Int { .. }
            | TokenKind::Float
            | TokenKind::True
            | TokenKind::False
            | TokenKind::LParen
            | TokenKind::LBrace
            | TokenKind::LBracket
            | TokenKind::Minus
            | TokenKind::Not
            | TokenKind::Tilde
            | TokenKind::Hash
            | TokenKind::If
            | TokenKind::Error
            | TokenKind::Reserved(Reserved::Nil | Reserved::SelfValue | Reserved::Local)
    )
}

/// The Luma builtin of an HLSL system-value semantic (case-insensitive, as in HLSL).
fn hlsl_semantic_builtin(semantic: &str) -> Option<&'static str> {
    Some(match semantic.to_ascii_lowercase().as_str() {
        "sv_position" => "position",
        "sv_vertexid" => "vertex_index",
        "sv_instanceid" => "instance_index",
        "sv_isfrontface" => "front_facing",
        "sv_depth" => "frag_depth",
        "sv_sampleindex" => "sample_index",
        "sv_coverage" => "sample_mask",
        "sv_dispatchthreadid" => "global_invocation_id",
        "sv_groupthreadid" => "local_invocation_id",
        "sv_groupindex" => "local_invocation_index",
        "sv_groupid" => "workgroup_id",
        _ => return None,
    })
}

/// Whether `name` is a builtin scalar, vector or matrix type, or another language's name for
/// one (HLSL's `float3`): what a C cast `(name)x` converts to.
fn is_cast_type_name(name: &str) -> bool {
    if matches!(name, "bool" | "int" | "uint" | "float" | "half" | "double") {
        return true;
    }
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    let dims = name.get(base.len()..).unwrap_or("");
    !dims.is_empty()
        && dims.starts_with(|c: char| c.is_ascii_digit())
        && matches!(
            base,
            "vec" | "ivec" | "uvec" | "bvec" | "mat" | "float" | "int" | "uint" | "half" | "bool"
        )
}

/// Tokens that begin a top-level declaration.
fn starts_item(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::At
            | TokenKind::Function
            | TokenKind::Struct
            | TokenKind::Uniform
            | TokenKind::Buffer
            | TokenKind::Shared
            | TokenKind::Const
    )
}

/// Whether `name` reads as a type: a builtin type name or a capitalised (struct) name. Used only
/// to word the fix for two names written where `name: Type` belongs.
fn looks_like_type(name: &str) -> bool {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return true;
    }
    const SCALARS: &[&str] = &[
        "bool",
        "int",
        "uint",
        "float",
        "half",
        "atomic_int",
        "atomic_uint",
    ];
    if SCALARS.contains(&name) {
        return true;
    }
    let vector = ["vec", "ivec", "uvec", "bvec", "hvec"].iter().any(|p| {
        name.strip_prefix(p)
            .is_some_and(|n| matches!(n, "2" | "3" | "4"))
    });
    let matrix = ["mat", "hmat"].iter().any(|p| {
        name.strip_prefix(p).is_some_and(|n| {
            let b = n.as_bytes();
            matches!(b, [c] if (b'2'..=b'4').contains(c))
                || matches!(b, [c, b'x', r] if (b'2'..=b'4').contains(c) && (b'2'..=b'4').contains(r))
        })
    });
    let resource = ["sampler", "texture", "itexture", "utexture"]
        .iter()
        .any(|p| name.starts_with(p));
    // HLSL's and Metal's `float4`, `int2`, `float4x4`, `double`.
    let hlsl = name == "double"
        || ["float", "int", "uint", "half", "bool", "double"]
            .iter()
            .any(|p| {
                name.strip_prefix(p).is_some_and(|n| {
                    let b = n.as_bytes();
                    matches!(b, [c] if (b'1'..=b'4').contains(c))
                        || matches!(b, [c, b'x', r] if (b'1'..=b'4').contains(c) && (b'1'..=b'4').contains(r))
                })
            });
    vector || matrix || resource || hlsl
}

/// Names of C preprocessor directives, for a helpful message when one is written.
const C_DIRECTIVES: &[&str] = &[
    "define",
    "undef",
    "ifdef",
    "ifndef",
    "if",
    "elif",
    "else",
    "endif",
    "version",
    "extension",
    "error",
    "import",
];

/// A block that may be the one really missing its `end`, kept to explain a later E0302.
struct Suspect {
    opener: Span,
    what: String,
    /// The `end` that closed it while indented less than the opener's line.
    end: Option<Span>,
    /// An `if` written as `else if`, which needs its own `end`.
    else_if: bool,
}

struct PendingOp {
    op: BinaryOp,
    span: Span,
    prec: u8,
    /// A comparison whose left operand is a comparison: reported, built as an `Error` node.
    chained: bool,
    /// `^`, which the lexer reported: parsed as an operator so that its right operand does
    /// not end the expression early (which would cut argument lists and struct literals short
    /// and cascade into arity errors), and built as an `Error` node.
    reported: bool,
}

struct Parser<'t> {
    text: &'t str,
    /// Cooks tokens as the parser needs them; its window holds the token before `pos` and at
    /// least [`LOOKAHEAD`] after it (or up to `Eof`).
    lexer: Lexer<'t>,
    /// The current token's number, counted from the first token of the file.
    pos: usize,
    /// End of the last consumed token.
    prev_hi: u32,
    /// The items and names; its nodes are filled in at the end.
    module: Module,
    /// The nodes being written: the module's, or the body being parsed.
    nodes: NodeContext,
    /// The module's nodes while a body is being parsed.
    module_nodes: Option<NodeContext>,
    /// The last body's nodes, cleared and written again by the next body.
    spare_nodes: NodeContext,
    /// The parser's own reports, which go after the lexer's.
    diags: Diagnostics,
    limit: u32,
    /// `Limits::expression_depth`: the deepest expression tree, operator chains included.
    expression_limit: u32,
    /// Suppresses further errors until a clean restart (see the module documentation).
    recovering: bool,
    /// Current recursion depth through expressions and types.
    depth: u32,
    /// Current block nesting.
    block_depth: u32,
    /// Open Lua `repeat` blocks (only while skipping one).
    repeat_depth: u32,
    /// An `end` right after an `if` expression on its line (Lua's `if ... end` habit), which
    /// closes the enclosing block instead: named when the statements after it fall out of
    /// their function.
    end_after_if_expr: Option<Span>,
    /// Whether the keyword `in` was taken as a name (GLSL's and HLSL's `in` parameter, E0301
    /// reported there): its uses in expressions are then read as that name, not reported again.
    in_is_a_name: bool,
    /// Whether the declaration being parsed carries `@entry(...)` (its results are named).
    item_is_entry: bool,
    /// Open arms of `if` statements: where Python's `elif` (or Perl's `elsif`) starting a line
    /// ends the arm as `elseif` would.
    if_arm_depth: u32,
    /// Work stacks shared by every nested construct, each using the part above what its
    /// enclosing ones left and truncating back to it (instead of vectors per construct):
    /// operands and operators of the binary expressions being parsed,
    operands: Vec<ExprId>,
    pending_ops: Vec<PendingOp>,
    /// prefix operators of the unary expressions being parsed, read back innermost first,
    prefix_ops: Vec<(UnaryOp, Span)>,
    /// items of the expression lists being parsed (arguments, elements), and
    list_items: Vec<ExprId>,
    /// statements of the blocks being parsed; each list or block is copied out at its end
    /// into a vector of exactly its length.
    block_stmts: Vec<Stmt>,
    /// Whether the nesting limit was reported for the current top-level declaration.
    limit_reported: bool,
    /// Token index where a missing `end` was last reported (enclosing blocks that fail at the same
    /// token are not reported again).
    last_unclosed: Option<usize>,
    suspects: Vec<Suspect>,
    /// Indentation of the line where the current top-level declaration starts.
    item_indent: usize,
    /// Blocks opened with C's `{` instead of `then` / `do` (reported once): their `}` closes
    /// them as `end` would, so the rest of the function parses as meant.
    brace_blocks: u32,
    /// Whether the function being parsed declares a result (`->`).
    returns_value: bool,
    /// Whether that result is a tuple of named fields (`-> (color: vec4, ...)`).
    returns_tuple: bool,
    /// Where the statement after a `return` without a value starts, when the newline rule took
    /// it as a statement of its own (a name on the next line).
    bare_return_next: Option<u32>,
}

/// How deep an expression node is, counted two ways.
#[derive(Clone, Copy)]
struct NodeDepth {
    /// Every node on the deepest path (`Limits::expression_depth`).
    tree: u32,
    /// Nodes on the most nested path, where the left operand of a binary operator is at its
    /// operator's level, so `a + b + c` is 2 (the operator and a leaf) however long the chain
    /// (`Limits::nesting_depth`).
    nesting: u32,
}

impl NodeDepth {
    /// A literal or a name.
    const LEAF: NodeDepth = NodeDepth {
        tree: 1,
        nesting: 1,
    };

    /// The larger of each count.
    fn max(self, other: NodeDepth) -> NodeDepth {
        NodeDepth {
            tree: self.tree.max(other.tree),
            nesting: self.nesting.max(other.nesting),
        }
    }
}

impl Parser<'_> {
    // ---------------------------------------------------------------------------------------
    // Token access

    /// The token `n` after the current one, for `n` below [`LOOKAHEAD`] (which `bump` keeps
    /// cooked); [`Parser::peek_far`] looks further.
    fn nth(&self, n: usize) -> Token {
        let index = self.pos.wrapping_sub(self.lexer.base()).wrapping_add(n);
        match self.lexer.tokens().get(index) {
            Some(t) => *t,
            None => self.eof(),
        }
    }

    /// The file's token number `index`, if the lexer's window still (or already) holds it: the
    /// one before the current token always is.
    fn token_at(&self, index: usize) -> Option<Token> {
        let at = index.checked_sub(self.lexer.base())?;
        self.lexer.tokens().get(at).copied()
    }

    /// The token `n` after the current one, however far: cooks up to it first.
    fn peek_far(&mut self, n: usize) -> Token {
        if self.pos + n + 1 > self.lexer.base() + self.lexer.tokens().len() {
            self.refill(n + 1);
        }
        self.nth(n)
    }

    /// Releases the tokens before the previous one and cooks until `ahead` tokens from the
    /// current one (and [`REFILL_STEP`] more) are there, or the text ends.
    #[cold]
    #[inline(never)]
    fn refill(&mut self, ahead: usize) {
        self.lexer.release_before(self.pos.saturating_sub(1));
        let wanted = (self.pos - self.lexer.base().min(self.pos))
            .saturating_add(ahead)
            .saturating_add(REFILL_STEP);
        self.lexer.fill_to(wanted);
    }

    fn eof(&self) -> Token {
        self.lexer.tokens().last().copied().unwrap_or(Token {
            kind: TokenKind::Eof,
            span: Span::point(0),
            newline_before: true,
        })
    }

    fn tok(&self) -> Token {
        self.nth(0)
    }

    fn kind(&self) -> TokenKind {
        self.tok().kind
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.kind() == kind
    }

    fn bump(&mut self) -> Token {
        let t = self.tok();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
            self.prev_hi = t.span.hi;
            if self.pos + LOOKAHEAD >= self.lexer.base() + self.lexer.tokens().len()
                && !self.lexer.is_done()
            {
                self.refill(LOOKAHEAD);
            }
        }
        t
    }

    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    fn slice(&self, span: Span) -> &str {
        self.text
            .get(span.lo as usize..span.hi as usize)
            .unwrap_or("")
    }

    fn ident_of(&mut self, t: Token) -> Ident {
        let text = self
            .text
            .get(t.span.lo as usize..t.span.hi as usize)
            .unwrap_or("");
        Ident {
            name: self.module.names.intern(text),
            span: t.span,
        }
    }

    /// The text of a name parsed into this module.
    fn name(&self, ident: &Ident) -> &str {
        self.module.name(ident.name)
    }

    fn since(&self, lo: u32) -> Span {
        Span::new(lo, self.prev_hi.max(lo))
    }

    fn describe(&self, t: Token) -> String {
        match t.kind {
            TokenKind::Ident => format!("identifier `{}`", self.slice(t.span)),
            TokenKind::Int { .. } | TokenKind::Float => {
                format!("number `{}`", self.slice(t.span))
            }
            k if k.is_keyword() => format!("keyword {}", k.spelling()),
            k => k.describe().to_owned(),
        }
    }

    // ---------------------------------------------------------------------------------------
    // Reporting

    /// Reports unless recovering; either way the parser is recovering afterwards.
    fn report(&mut self, d: Diagnostic) {
        if !self.recovering {
            self.diags.push(d);
        }
        self.recovering = true;
    }

    /// "expected X, found Y" at the current token. When that token starts a new line the error
    /// points just after the previous token, where the missing thing belongs.
    fn expected_diag(&self, what: &str) -> Option<Diagnostic> {
        self.expected_diag_at(what, true)
    }

    /// Like [`Self::expected_diag`], but always at the unexpected token: for "expected a
    /// statement" the token is the problem, not something missing before it.
    fn unexpected_diag(&self, what: &str) -> Option<Diagnostic> {
        self.expected_diag_at(what, false)
    }

    fn expected_diag_at(&self, what: &str, after_previous: bool) -> Option<Diagnostic> {
        let t = self.tok();
        if matches!(t.kind, TokenKind::Error | TokenKind::Reserved(_)) {
            // The lexer has already explained this token.
            return None;
        }
        let message = format!("expected {what}, found {}", self.describe(t));
        let d = if after_previous && t.newline_before && self.pos > 0 {
            let d = Diagnostic::error(codes::UNEXPECTED_TOKEN, Span::point(self.prev_hi), message)
                .with_primary_label(format!("expected {what}"));
            if t.kind == TokenKind::Eof {
                d
            } else {
                d.with_label(t.span, "unexpected token")
            }
        } else {
            Diagnostic::error(codes::UNEXPECTED_TOKEN, t.span, message)
                .with_primary_label(format!("expected {what}"))
        };
        Some(d)
    }

    fn expected(&mut self, what: &str) {
        match self.expected_diag(what) {
            Some(d) => self.report(d),
            None => self.recovering = true,
        }
    }

    fn unexpected(&mut self, what: &str) {
        match self.unexpected_diag(what) {
            Some(d) => self.report(d),
            None => self.recovering = true,
        }
    }

    fn expected_with_help(&mut self, what: &str, help: impl Into<String>) {
        match self.expected_diag(what) {
            Some(d) => self.report(d.with_help(help)),
            None => self.recovering = true,
        }
    }

    /// Reports the nesting limit once per top-level declaration.
    fn nesting_error(&mut self, span: Span, what: &str) {
        let d = Diagnostic::error(
            codes::NESTING_TOO_DEEP,
            span,
            format!("{what} nested too deeply"),
        )
        .with_primary_label(format!("more than {} levels of nesting", self.limit))
        .with_note(format!(
            "Luma accepts at most {} nested levels of expressions, types or blocks",
            self.limit
        ));
        self.limit_error(d);
    }

    /// An expression deeper than `Limits::expression_depth` without being nested too deeply: a
    /// very long operator chain. Reported like [`Parser::nesting_error`], once per declaration.
    fn expression_depth_error(&mut self, span: Span) {
        let d = Diagnostic::error(
            codes::NESTING_TOO_DEEP,
            span,
            "expression too deep: its operator chain is too long",
        )
        .with_primary_label(format!(
            "more than {} operators deep",
            self.expression_limit
        ))
        .with_note(format!(
            "Luma accepts expressions at most {} operators deep (a chain `a + b + ...` of n \
             operands is n - 1 deep)",
            self.expression_limit
        ))
        .with_help(
            "sum the chain in parts: `let part1 = ...` for a few thousand operands at a time",
        );
        self.limit_error(d);
    }

    /// Reports a limit error, the first of the current top-level declaration only, and
    /// recovers either way.
    #[cold]
    fn limit_error(&mut self, d: Diagnostic) {
        self.recovering = true;
        if !self.limit_reported {
            self.limit_reported = true;
            self.diags.push(d);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Node allocation with depth accounting

    fn depth_of(&self, e: ExprId) -> NodeDepth {
        self.nodes
            .nodes
            .local_index(e.raw())
            .and_then(|i| self.nodes.expr_depth.get(i))
            .copied()
            .unwrap_or(NodeDepth::LEAF)
    }

    fn type_depth_of(&self, t: TypeId) -> u32 {
        self.nodes
            .nodes
            .local_index(t.raw())
            .and_then(|i| self.nodes.type_depth.get(i))
            .copied()
            .unwrap_or(1)
    }

    /// The module's nodes and, inside a body, the body's.
    fn view(&self) -> NodesView<'_> {
        match &self.module_nodes {
            Some(module) => NodesView {
                module: &module.nodes,
                body: Some(&self.nodes.nodes),
            },
            None => NodesView {
                module: &self.nodes.nodes,
                body: None,
            },
        }
    }

    /// The expression behind `id`.
    fn expr(&self, id: ExprId) -> Option<&Expr> {
        self.view().expr(id)
    }

    /// The type expression behind `id`.
    fn ty(&self, id: TypeId) -> Option<&TypeExpr> {
        self.view().ty(id)
    }

    /// Starts writing a function body's own nodes, into the scratch of the last body (its
    /// vectors already grown: a body's nodes are copied out once, at their exact size).
    fn enter_body(&mut self) -> Outside {
        let mut body = std::mem::take(&mut self.spare_nodes);
        body.nodes.clear_for_body();
        body.expr_depth.clear();
        body.type_depth.clear();
        if self.module_nodes.is_none() {
            self.module_nodes = Some(std::mem::replace(&mut self.nodes, body));
            Outside::Module
        } else {
            Outside::Body(std::mem::replace(&mut self.nodes, body))
        }
    }

    /// Ends the body [`Parser::enter_body`] started, returning its nodes.
    fn leave_body(&mut self, outside: Outside) -> Nodes {
        let restored = match outside {
            Outside::Module => self.module_nodes.take().unwrap_or_default(),
            Outside::Body(body) => body,
        };
        let scratch = std::mem::replace(&mut self.nodes, restored);
        // Cloning allocates each vector at its length; the scratch keeps its room.
        let nodes = scratch.nodes.clone();
        self.spare_nodes = scratch;
        nodes
    }

    /// Writes the module's nodes, not the body's, for a declaration found inside a body; gives
    /// back the body's, for [`Parser::resume_body`].
    fn suspend_body(&mut self) -> Option<NodeContext> {
        let module = self.module_nodes.take()?;
        Some(std::mem::replace(&mut self.nodes, module))
    }

    /// Goes back to writing the body [`Parser::suspend_body`] put aside.
    fn resume_body(&mut self, body: Option<NodeContext>) {
        if let Some(body) = body {
            self.module_nodes = Some(std::mem::replace(&mut self.nodes, body));
        }
    }

    /// The deepest of an array value's written type (`type_depth`) and its listed values.
    fn typed_list_depth(&self, type_depth: u32, list: ExprList) -> NodeDepth {
        self.nodes
            .nodes
            .list(list)
            .iter()
            .map(|e| self.depth_of(*e))
            .fold(
                NodeDepth {
                    tree: type_depth,
                    nesting: type_depth,
                },
                NodeDepth::max,
            )
    }

    /// The deepest child of an expression of `kind`, by each count (zeros for a leaf).
    fn child_depth(&self, kind: &ExprKind) -> NodeDepth {
        let d = |e: &ExprId| self.depth_of(*e);
        let none = NodeDepth {
            tree: 0,
            nesting: 0,
        };
        match kind {
            ExprKind::Int { .. }
            | ExprKind::Float(_)
            | ExprKind::Bool(_)
            | ExprKind::Ident(_)
            | ExprKind::Error => none,
            ExprKind::Unary { operand, .. } => d(operand),
            ExprKind::Binary { lhs, rhs, .. } => {
                // The left operand is at its operator's level of nesting.
                let lhs = d(lhs);
                let lhs = NodeDepth {
                    tree: lhs.tree,
                    nesting: lhs.nesting.saturating_sub(1),
                };
                lhs.max(d(rhs))
            }
            ExprKind::Call { callee, args } => self
                .nodes
                .nodes
                .list(*args)
                .iter()
                .map(d)
                .fold(d(callee), NodeDepth::max),
            ExprKind::Field { base, .. } => d(base),
            ExprKind::Index { base, index } => d(base).max(d(index)),
            ExprKind::StructLit(lit) => self.nodes.nodes.struct_lit(*lit).map_or(none, |lit| {
                lit.fields
                    .iter()
                    .map(|(_, v)| d(v))
                    .fold(none, NodeDepth::max)
            }),
            ExprKind::ArrayLit { ty, elements } => {
                self.typed_list_depth(ty.map_or(0, |t| self.type_depth_of(t)), *elements)
            }
            ExprKind::ArrayFill { ty, args } => {
                self.typed_list_depth(self.type_depth_of(*ty), *args)
            }
            ExprKind::IfExpr {
                cond,
                then_value,
                else_value,
            } => d(cond).max(d(then_value)).max(d(else_value)),
            ExprKind::Paren(inner) => d(inner),
        }
    }

    fn alloc(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let child = self.child_depth(&kind);
        let mut depth = NodeDepth {
            tree: child.tree.saturating_add(1),
            nesting: child.nesting.saturating_add(1),
        };
        let mut kind = kind;
        if depth.nesting > self.limit {
            self.nesting_error(span, "expression");
            (kind, depth) = (ExprKind::Error, NodeDepth::LEAF);
        } else if depth.tree > self.expression_limit {
            self.expression_depth_error(span);
            (kind, depth) = (ExprKind::Error, NodeDepth::LEAF);
        }
        let id = self.nodes.nodes.push_expr(Expr { kind, span });
        self.nodes.expr_depth.push(depth);
        id
    }

    fn alloc_error(&mut self, span: Span) -> ExprId {
        self.alloc(ExprKind::Error, span)
    }

    fn alloc_type(&mut self, kind: TypeExprKind, span: Span) -> TypeId {
        let mut depth = match &kind {
            TypeExprKind::Named(_) | TypeExprKind::Error => 1,
            TypeExprKind::Array { len, element } => self
                .type_depth_of(*element)
                .max(len.map_or(0, |l| self.depth_of(l).nesting))
                .saturating_add(1),
        };
        let mut kind = kind;
        if depth > self.limit {
            self.nesting_error(span, "type");
            kind = TypeExprKind::Error;
            depth = 1;
        }
        let id = self.nodes.nodes.push_type(TypeExpr { kind, span });
        self.nodes.type_depth.push(depth);
        id
    }

    // ---------------------------------------------------------------------------------------
    // Skipping

    /// After a failed statement: skip to something that can start the next statement or end the
    /// block.
    fn sync_statement(&mut self) {
        loop {
            let t = self.tok();
            let stop = match t.kind {
                TokenKind::Eof
                | TokenKind::End
                | TokenKind::Else
                | TokenKind::Elseif
                | TokenKind::Function
                | TokenKind::Struct
                | TokenKind::Let
                | TokenKind::Const
                | TokenKind::Return
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::For
                | TokenKind::While
                | TokenKind::Reserved(
                    Reserved::Local | Reserved::Repeat | Reserved::Goto | Reserved::Continue,
                ) => true,
                TokenKind::Reserved(Reserved::Until) => self.repeat_depth > 0,
                TokenKind::Ident
                | TokenKind::If
                | TokenKind::Do
                | TokenKind::At
                | TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Shared => t.newline_before,
                _ => false,
            };
            if stop {
                break;
            }
            self.bump();
        }
    }

    /// After a failed declaration at module level: skip to the next declaration.
    fn sync_item(&mut self) {
        loop {
            let t = self.tok();
            let stop = match t.kind {
                TokenKind::Eof | TokenKind::Function | TokenKind::Struct => true,
                TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Shared
                | TokenKind::Const
                | TokenKind::At => t.newline_before,
                _ => false,
            };
            if stop {
                break;
            }
            self.bump();
        }
    }

    /// Skips the rest of an expression that is nested past the limit: balanced brackets, up to a
    /// closing bracket, a comma or a keyword that ends the enclosing construct.
    fn skip_nested_expr(&mut self) {
        let mut brackets = 0usize;
        // If-expressions begun in the skipped text: their `then` and `else` are skipped too,
        // or the enclosing expression would stop at them and the statement after it too.
        let mut ifs = 0usize;
        loop {
            let k = self.kind();
            match k {
                TokenKind::If => ifs += 1,
                TokenKind::Then if brackets == 0 && ifs > 0 => {}
                TokenKind::Else if brackets == 0 && ifs > 0 => ifs -= 1,
                TokenKind::Eof
                | TokenKind::End
                | TokenKind::Function
                | TokenKind::Struct
                | TokenKind::Let
                | TokenKind::Return
                | TokenKind::For
                | TokenKind::While
                | TokenKind::Do
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Shared
                | TokenKind::Const => break,
                TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace => brackets += 1,
                TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => {
                    if brackets == 0 {
                        break;
                    }
                    brackets -= 1;
                }
                TokenKind::Comma
                | TokenKind::Then
                | TokenKind::Else
                | TokenKind::Elseif
                | TokenKind::Assign
                    if brackets == 0 =>
                {
                    break
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a type nested past the limit: its `[...]` prefixes and its name.
    fn skip_nested_type(&mut self) {
        // A declaration keyword ends the skip: the type's `]` is missing.
        const STOP: &[TokenKind] = &[TokenKind::End, TokenKind::Function, TokenKind::Struct];
        while self.at(TokenKind::LBracket) {
            if !self.skip_balanced(TokenKind::LBracket, TokenKind::RBracket, STOP) {
                return;
            }
        }
        self.eat(TokenKind::Ident);
    }

    /// Skips a block nested past the limit, up to (not including) its `end`.
    fn skip_nested_block(&mut self) {
        let mut open = 0usize;
        let mut prev = TokenKind::Eof;
        loop {
            let t = self.tok();
            match t.kind {
                TokenKind::Eof => break,
                TokenKind::End => {
                    if open == 0 {
                        break;
                    }
                    open -= 1;
                }
                TokenKind::Do | TokenKind::Function | TokenKind::Struct => open += 1,
                // An `if` after an operator or opening bracket is an if-expression, which has
                // no `end`.
                TokenKind::If
                    if !(binary_op(prev).is_some()
                        || assign_op(prev).is_some()
                        || matches!(
                            prev,
                            TokenKind::LParen
                                | TokenKind::LBracket
                                | TokenKind::LBrace
                                | TokenKind::Comma
                                | TokenKind::Not
                                | TokenKind::Hash
                                | TokenKind::Return
                        )) =>
                {
                    open += 1
                }
                _ => {}
            }
            prev = t.kind;
            self.bump();
        }
    }

    /// Expects `kind`; if it is missing, reports and skips ahead to it, unless a token that
    /// clearly starts something else comes first (then the keyword is taken as present).
    fn expect_skip(&mut self, kind: TokenKind, what: &str) {
        if self.eat(kind).is_some() {
            return;
        }
        let opens_block = matches!(kind, TokenKind::Then | TokenKind::Do);
        if opens_block && self.at(TokenKind::LBrace) {
            let word = if kind == TokenKind::Then {
                "then"
            } else {
                "do"
            };
            self.expected_with_help(
                what,
                format!("Luma writes blocks as `{word} ... end`, without braces"),
            );
            self.brace_block();
            return;
        }
        if opens_block && self.at(TokenKind::Ident) {
            // `if c thne`, `for i = 0, 3 od`: the keyword misspelt, read as it.
            let word = if kind == TokenKind::Then {
                "then"
            } else {
                "do"
            };
            let t = self.tok();
            let written = self.slice(t.span).to_owned();
            if misspells(&written, word) {
                self.bump();
                let d = Diagnostic::error(
                    codes::UNEXPECTED_TOKEN,
                    t.span,
                    format!("unknown keyword `{written}`"),
                )
                .with_primary_label(format!("read as `{word}`"))
                .with_suggestion(
                    t.span,
                    word,
                    "a keyword with a similar name exists",
                );
                self.report(d);
                return;
            }
        }
        self.expected(what);
        loop {
            let t = self.tok();
            if t.kind == kind {
                self.bump();
                return;
            }
            if opens_block && t.kind == TokenKind::LBrace && self.nth(1).newline_before {
                // `for (int i = 0; ...) {`: the brace opens the body.
                self.brace_block();
                return;
            }
            let stop = match t.kind {
                TokenKind::Eof
                | TokenKind::End
                | TokenKind::Else
                | TokenKind::Elseif
                | TokenKind::Function
                | TokenKind::Struct => true,
                TokenKind::Ident
                | TokenKind::Let
                | TokenKind::Const
                | TokenKind::Return
                | TokenKind::If
                | TokenKind::For
                | TokenKind::While
                | TokenKind::Do
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::At => t.newline_before,
                _ => false,
            };
            if stop {
                return;
            }
            self.bump();
        }
    }

    /// Enters a block opened with `{` (already reported).
    fn brace_block(&mut self) {
        self.bump();
        self.brace_blocks += 1;
    }

    /// Expects a closing bracket, pointing back at the opening one when it is missing.
    fn expect_close(&mut self, kind: TokenKind, open: Span) {
        if self.eat(kind).is_some() {
            return;
        }
        match self.expected_diag(kind.spelling()) {
            Some(d) => {
                let opener = self.slice(open).to_owned();
                self.report(d.with_label(open, format!("this `{opener}` is not closed")));
            }
            None => self.recovering = true,
        }
    }

    /// Whether the parser is at the end of the file right after an error token that runs to
    /// it (an unterminated comment, reported by the lexer): the blocks it leaves open are
    /// that error's consequence, not missing `end`s.
    fn cut_short(&self) -> bool {
        let t = self.tok();
        t.kind == TokenKind::Eof
            && self
                .pos
                .checked_sub(1)
                .and_then(|p| self.token_at(p))
                .is_some_and(|prev| prev.kind == TokenKind::Error && prev.span.hi == t.span.lo)
    }

    /// Byte column of `offset` in its line.
    fn column_of(&self, offset: u32) -> usize {
        let before = self.text.get(..offset as usize).unwrap_or("");
        before.len() - before.rfind('\n').map_or(0, |i| i + 1)
    }

    /// Indentation (in bytes) of the line holding `offset`.
    fn indent_of_line(&self, offset: u32) -> usize {
        let before = self.text.get(..offset as usize).unwrap_or("");
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        self.text
            .get(start..)
            .unwrap_or("")
            .bytes()
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count()
    }

    /// Expects the `end` of a block opened at `opener`.
    fn expect_end(&mut self, opener: Span, what: &str) {
        if self.brace_blocks > 0 && self.eat(TokenKind::RBrace).is_some() {
            // The `}` of a block opened with `{`, reported where it opened.
            self.brace_blocks -= 1;
            self.recovering = false;
            return;
        }
        if self.at(TokenKind::Ident) && self.at_foreign_end() {
            // `endif`, `fi`, `endwhile`: another language's `end`, reported and taken as one.
            let t = self.bump();
            let word = self.slice(t.span).to_owned();
            let (message, fix) = if misspells(&word, "end") {
                (
                    format!("unknown keyword `{word}`"),
                    "a keyword with a similar name exists",
                )
            } else {
                (
                    format!("Luma closes every block with `end`, not `{word}`"),
                    "write",
                )
            };
            let d = Diagnostic::error(codes::UNEXPECTED_TOKEN, t.span, message)
                .with_primary_label("read as `end`")
                .with_label(opener, format!("closes this {what}"))
                .with_suggestion(t.span, "end", fix);
            self.report(d);
            self.recovering = false;
            return;
        }
        if let Some(end) = self.eat(TokenKind::End) {
            // A block closed cleanly: errors inside it are behind us.
            self.recovering = false;
            self.end_with_keyword(end.span);
            if self.column_of(end.span.lo) < self.indent_of_line(opener.lo) {
                // Indented like an enclosing block: this `end` may belong to it.
                self.suspects.push(Suspect {
                    opener,
                    what: what.to_owned(),
                    end: Some(end.span),
                    else_if: false,
                });
            } else {
                self.suspects.retain(|s| s.opener.lo <= opener.lo);
            }
            return;
        }
        if self.last_unclosed == Some(self.pos) || self.cut_short() {
            return;
        }
        self.last_unclosed = Some(self.pos);
        let t = self.tok();
        let found = self.describe(t);
        let mut d = Diagnostic::error(
            codes::UNCLOSED_BLOCK,
            t.span,
            format!("expected `end` to close {what}, found {found}"),
        )
        .with_primary_label("expected `end`")
        .with_label(opener, format!("this {what} has no `end`"));
        let inner: Vec<Suspect> = {
            let (inner, outer): (Vec<Suspect>, Vec<Suspect>) = std::mem::take(&mut self.suspects)
                .into_iter()
                .partition(|s| s.opener.lo > opener.lo);
            self.suspects = outer;
            inner
        };
        if let Some(s) = inner.iter().find(|s| s.else_if) {
            d = d
                .with_label(s.opener, "`else if` opens a nested `if` here")
                .with_help(
                    "a nested `if` needs its own `end`; write `elseif` to continue the same `if`",
                );
        } else if let Some(s) = inner.iter().rev().find(|s| s.end.is_some()) {
            d = d.with_label(
                s.opener,
                format!("this {} may be missing its `end`", s.what),
            );
            if let Some(end) = s.end {
                d = d.with_label(end, format!("this `end` closes the {}", s.what));
            }
        }
        // A missing `end` is reported even while recovering: it is an independent error.
        self.diags.push(d);
        self.recovering = true;
    }

    fn expect_ident(&mut self, what: &str) -> Option<Ident> {
        if self.at(TokenKind::Ident) {
            let t = self.bump();
            return Some(self.ident_of(t));
        }
        if self.at(TokenKind::Reserved(Reserved::Local)) {
            // `let local = ...`: the lexer has said that the word is reserved; take it as the
            // name so that the rest of the declaration parses without further errors.
            let t = self.bump();
            return Some(self.ident_of(t));
        }
        let t = self.tok();
        // A keyword at the start of a line is usually the next statement, unless a `:` follows
        // it (`in: vec4`, a struct member named with a keyword).
        if t.kind.is_keyword() && (!t.newline_before || self.nth(1).kind == TokenKind::Colon) {
            // At the keyword itself: it is the problem, not something missing before it.
            if let Some(d) = self.unexpected_diag(what) {
                let word = self.slice(t.span).to_owned();
                let mut d = d.with_note(format!("`{word}` is a keyword and cannot be a name"));
                if t.kind == TokenKind::In {
                    // `in` is read as the name here and at its uses (`in_is_a_name`), so the
                    // declaration is not misread: the help says so to `misreads_source`, and
                    // the checker still checks what surrounds it. Other keywords used later
                    // (`return end`) do change what parses.
                    d = d.with_help("choose another name, such as `input`");
                }
                self.report(d);
                // Taken as the name, so that the rest of the declaration (a struct's members,
                // a variable's uses) parses as written: one error, no cascade.
                let t = self.bump();
                if t.kind == TokenKind::In {
                    self.in_is_a_name = true;
                }
                return Some(self.ident_of(t));
            }
        }
        self.expected(what);
        None
    }

    // ---------------------------------------------------------------------------------------
    // Module and items

    fn parse_module(&mut self) {
        while !self.at(TokenKind::Eof) {
            self.limit_reported = false;
            let before = self.pos;
            self.parse_item();
            if self.pos == before {
                self.bump();
            }
        }
    }

    fn parse_item(&mut self) {
        let t = self.tok();
        let lo = t.span.lo;
        self.item_indent = self.column_of(lo);
        self.brace_blocks = 0;
        if starts_item(t.kind) {
            self.recovering = false;
        }
        let attributes = self.parse_attributes();
        self.item_is_entry = attributes.iter().any(|a| self.name(&a.name) == "entry");
        let kind =
            match self.kind() {
                TokenKind::Function => self.parse_function(),
                TokenKind::Struct => self.parse_struct(),
                TokenKind::Uniform | TokenKind::Buffer | TokenKind::Shared => self.parse_global(),
                TokenKind::Const => match self.parse_const() {
                    Some(c) => ItemKind::Const(c),
                    None => ItemKind::Error,
                },
                TokenKind::Reserved(Reserved::Local) if self.nth(1).kind == TokenKind::Function => {
                    // The lexer explained `local function`; parse the function as meant.
                    self.bump();
                    self.parse_function()
                }
                TokenKind::Let
                    if self.nth(1).kind == TokenKind::Ident
                        && matches!(self.nth(2).kind, TokenKind::Assign | TokenKind::Colon) =>
                {
                    // `let x = 1.0` at module scope: reported, and read as the constant it can
                    // only be, so that its uses resolve. Each one is reported: it starts a line
                    // of its own, a clean restart.
                    self.recovering = false;
                    let t = self.tok();
                    let d = Diagnostic::error(
                    codes::UNEXPECTED_TOKEN,
                    t.span,
                    "Luma has no module-level variables",
                )
                .with_primary_label("`let` declares a local variable inside a function")
                .with_note(
                    "values that shaders change live in `buffer` or `shared` memory, or in locals",
                )
                .with_suggestion(t.span, "const", "a module-level value is a constant");
                    self.report(d);
                    match self.parse_const() {
                        Some(c) => ItemKind::Const(c),
                        None => ItemKind::Error,
                    }
                }
                TokenKind::Ident
                    if self.slice(self.tok().span) == "fn"
                        && self.nth(1).kind == TokenKind::Ident
                        && !self.nth(1).newline_before =>
                {
                    self.foreign_function_keyword();
                    self.parse_function()
                }
                TokenKind::Ident
                    if self.slice(self.tok().span) == "var"
                        && self.nth(1).kind == TokenKind::Lt
                        && !self.nth(1).newline_before =>
                {
                    self.wgsl_var_global()
                }
                TokenKind::End if attributes.is_empty() => {
                    let t = self.bump();
                    let d = Diagnostic::error(codes::UNEXPECTED_END, t.span, "unexpected `end`")
                    .with_primary_label("no block is open here")
                    .with_help(
                        "remove this `end`, or check that earlier blocks are not closed too early",
                    );
                    self.report(d);
                    return;
                }
                _ => {
                    self.item_expected(!attributes.is_empty());
                    self.sync_item();
                    if !attributes.is_empty() {
                        self.module.items.push(Item {
                            attributes,
                            kind: ItemKind::Error,
                            span: self.since(lo),
                        });
                    }
                    return;
                }
            };
        self.module.items.push(Item {
            attributes,
            kind,
            span: self.since(lo),
        });
    }

    /// `fn name(...)` (WGSL, Rust): one error with the fix; the function is parsed as written
    /// with `function`.
    #[cold]
    #[inline(never)]
    fn foreign_function_keyword(&mut self) {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma declares functions with `function`",
        )
        .with_primary_label("WGSL's keyword")
        .with_suggestion(t.span, "function", "write");
        // A new declaration starts here, and the function after the keyword parses as
        // written: what follows is reported as usual.
        self.recovering = false;
        self.report(d);
        self.recovering = false;
    }

    /// WGSL's `var<uniform> name: T`, `var<storage, read_write> name: T` and
    /// `var<workgroup> name: T` at module scope: one error with Luma's keyword, and the global
    /// is declared as that keyword would declare it, so its uses resolve.
    #[cold]
    #[inline(never)]
    fn wgsl_var_global(&mut self) -> ItemKind {
        let var = self.bump();
        self.bump();
        let mut words = Vec::new();
        while !matches!(self.kind(), TokenKind::Gt | TokenKind::Eof) && !self.tok().newline_before {
            let t = self.bump();
            if t.kind != TokenKind::Comma {
                words.push(self.slice(t.span).to_owned());
            }
        }
        let Some(close) = self.eat(TokenKind::Gt) else {
            self.expected("`>`");
            self.sync_item();
            return ItemKind::Error;
        };
        let span = var.span.to(close.span);
        let space = words.first().map_or("", String::as_str);
        let (kind, keyword) = match space {
            "uniform" => (Some(GlobalKind::Uniform), "uniform"),
            "storage" => (Some(GlobalKind::Buffer), "buffer"),
            "workgroup" => (Some(GlobalKind::Shared), "shared"),
            _ => (None, ""),
        };
        let written = self.slice(span).to_owned();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            span,
            format!("`{written}` does not declare globals in Luma"),
        )
        .with_primary_label("WGSL's declaration");
        let d = match kind {
            Some(_) => {
                let d = d.with_suggestion(span, keyword, "Luma's keyword is");
                if words.iter().any(|w| w == "read_write" || w == "read") {
                    d.with_note(
                        "a `buffer` is read-only unless the shader writes it; `@access(read)` or \
                         `@access(read_write)` states it",
                    )
                } else {
                    d
                }
            }
            None => d.with_help(
                "module-scope variables are `uniform` and `buffer` resources or `shared` \
                 workgroup memory; a value fixed at compile time is a `const`",
            ),
        };
        self.recovering = false;
        self.report(d);
        // Without a Luma equivalent (`var<private>`) the declaration is still read whole, and
        // dropped.
        let kind = kind.unwrap_or(GlobalKind::Shared);
        let known = !keyword.is_empty();
        self.recovering = !known;
        let Some(name) = self.expect_ident("a name") else {
            self.sync_item();
            return ItemKind::Error;
        };
        if self.eat(TokenKind::Colon).is_none() {
            self.expected("`:` and a type");
            self.sync_item();
            return ItemKind::Error;
        }
        let ty = self.parse_type();
        if !known {
            self.recovering = false;
            return ItemKind::Error;
        }
        ItemKind::Global(GlobalDecl {
            kind,
            keyword_span: span,
            name,
            ty,
        })
    }

    fn item_expected(&mut self, after_attributes: bool) {
        let t = self.tok();
        let next = self.nth(1);
        if t.kind == TokenKind::Hash
            && next.span.lo == t.span.hi
            && matches!(self.slice(next.span), "include" | "line")
        {
            // `#include` after code on its line: the lexer reported it at its path.
            self.recovering = true;
            return;
        }
        let what = if after_attributes {
            "a declaration after the attributes"
        } else {
            "a declaration"
        };
        let Some(d) = self.unexpected_diag(what) else {
            self.recovering = true;
            return;
        };
        let d = d.with_primary_label(
            "expected `function`, `struct`, `uniform`, `buffer`, `shared` or `const`",
        );
        if let Some(help) = matches!(t.kind, TokenKind::Ident | TokenKind::In)
            .then(|| self.c_declaration_help())
            .flatten()
        {
            self.report(d.with_help(help));
            return;
        }
        if let Some(k) = (t.kind == TokenKind::Ident)
            .then(|| self.misspelt_item_keyword(t.span))
            .flatten()
        {
            self.report(d.with_suggestion(t.span, k, "a keyword with a similar name exists"));
            return;
        }
        let d = match t.kind {
            TokenKind::Let | TokenKind::Reserved(Reserved::Local) => d.with_help(
                "`let` declares a local variable inside a function; module-level constants are \
                 declared with `const`",
            ),
            TokenKind::LBracket
                if self.nth(1).kind == TokenKind::Ident
                    || self.nth(1).kind == TokenKind::LBracket =>
            {
                // HLSL's `[numthreads(8, 8, 1)]`, `[[vk::binding(0)]]`, `[shader("pixel")]`.
                let name = self.slice(self.nth(1).span);
                if name == "numthreads" {
                    d.with_help(
                        "HLSL's `[numthreads(x, y, z)]` is written `@entry(compute) \
                         @workgroup_size(x, y, z)` in Luma",
                    )
                } else {
                    d.with_help(
                        "Luma's attributes are written `@name(...)` before the declaration: \
                         `@entry(stage)`, `@workgroup_size(x, y, z)`, `@group(n) @binding(n)`",
                    )
                }
            }
            TokenKind::Hash if self.c_directive_follows() => d.with_help(
                "Luma has no C preprocessor: the directives are `#include`, `#pragma` and \
                 `#line`; declare constants with `const`",
            ),
            TokenKind::Ident
            | TokenKind::If
            | TokenKind::For
            | TokenKind::While
            | TokenKind::Return
            | TokenKind::Do
            | TokenKind::Break
            | TokenKind::Discard => {
                // The function before may have ended early: what it lost is not its fault.
                if let Some(Item {
                    kind: ItemKind::Function(f),
                    span,
                    ..
                }) = self.module.items.last_mut()
                {
                    mark_incomplete(&mut f.body.block);
                    let item_end = span.hi;
                    match self.end_after_if_expr.filter(|e| e.hi == item_end) {
                        // `let y = if c then a else b end`: that `end` closed the function.
                        Some(end) => d
                            .with_label(end, "this `end` closed the function")
                            .with_help(
                                "an `if` expression ends with its `else` value, without `end`: \
                                 remove this `end`",
                            ),
                        None => d.with_help(
                            "statements belong inside a function body; an extra `end` may have \
                             closed the function early",
                        ),
                    }
                } else {
                    d.with_help("statements belong inside a function body")
                }
            }
            _ => d,
        };
        self.report(d);
    }

    /// The declaration keyword a name at module scope misspells (`fucntion`), if any.
    fn misspelt_item_keyword(&self, span: Span) -> Option<&'static str> {
        similar::closest_keyword(self.slice(span), ITEM_KEYWORDS)
    }

    /// The help for a C, GLSL or HLSL declaration at module scope (`void main()`,
    /// `vec4 shade(...)`, `layout(...) in vec2 uv`, `in vec2 uv`), or `None` when the token
    /// does not start one.
    fn c_declaration_help(&self) -> Option<&'static str> {
        let (a, b, c) = (self.nth(0), self.nth(1), self.nth(2));
        let first = self.slice(a.span);
        // GLSL ES's default precision (`precision highp float;`).
        if first == "precision"
            && matches!(self.slice(b.span), "highp" | "mediump" | "lowp")
            && !b.newline_before
        {
            return Some(
                "Luma has no precision qualifiers: remove the line (`float` is 32-bit; `half` is \
                 the 16-bit float type)",
            );
        }
        // HLSL's resource declarations (`cbuffer Params : register(b0) { ... }`).
        if matches!(first, "cbuffer" | "tbuffer") && b.kind == TokenKind::Ident {
            return Some(
                "Luma has no `cbuffer`: declare the members as a struct, `struct Params ... \
                 end`, and the block as `uniform params: Params` (`@group(n) @binding(n)` \
                 instead of `register`)",
            );
        }
        if matches!(
            first,
            "StructuredBuffer" | "RWStructuredBuffer" | "ByteAddressBuffer" | "RWByteAddressBuffer"
        ) {
            return Some(
                "Luma's storage buffers are `buffer name: []T` (`buffer name: S` for a struct)",
            );
        }
        if matches!(
            first,
            "Texture2D"
                | "Texture3D"
                | "TextureCube"
                | "Texture2DArray"
                | "RWTexture2D"
                | "SamplerState"
                | "SamplerComparisonState"
        ) {
            return Some(
                "textures and samplers are `uniform` globals: `uniform tex: texture2D`, \
                 `uniform samp: sampler` (`samplerShadow` for comparison), storage images \
                 `@format(rgba8) uniform img: image2D`",
            );
        }
        if first == "layout" && b.kind == TokenKind::LParen {
            return Some(
                "Luma has no `layout(...)`: entry point inputs and outputs are parameters and \
                 results (`@location(n)`), resources are `uniform` or `buffer` declarations \
                 (`@group(n) @binding(n)`)",
            );
        }
        if matches!(first, "in" | "out" | "varying" | "attribute")
            && b.kind == TokenKind::Ident
            && !b.newline_before
        {
            return Some(
                "Luma has no global stage variables: an entry point's inputs are its \
                 parameters and its outputs its results, `function fs(uv: vec2) -> (color: vec4)`",
            );
        }
        let c_function = b.kind == TokenKind::Ident
            && !b.newline_before
            && c.kind == TokenKind::LParen
            && (first == "void" || looks_like_type(first));
        c_function.then_some(
            "Luma declares functions as `function name(param: type, ...) -> type`, ending with \
             `end`",
        )
    }

    /// Whether the current `#` is followed by a C preprocessor directive name on its line.
    fn c_directive_follows(&self) -> bool {
        let next = self.nth(1);
        !next.newline_before
            && next.span.lo == self.tok().span.hi
            && C_DIRECTIVES.contains(&self.slice(next.span))
    }

    fn parse_attributes(&mut self) -> Vec<Attribute> {
        let mut attributes = Vec::new();
        while let Some(at) = self.eat(TokenKind::At) {
            let Some(name) = self.expect_ident("an attribute name") else {
                continue;
            };
            let args = if self.at(TokenKind::LParen) && !self.tok().newline_before {
                let open = self.bump();
                let base = self.list_items.len();
                self.parse_expr_list(TokenKind::RParen, open.span);
                Some(self.list_items.drain(base..).collect())
            } else {
                None
            };
            attributes.push(Attribute {
                name,
                args,
                span: self.since(at.span.lo),
            });
        }
        attributes
    }

    /// Whether the attributes starting at the current `@` belong to a declaration (so a block
    /// being parsed ends before them).
    fn attributes_start_item(&mut self) -> bool {
        let mut i = 0usize;
        loop {
            let t = self.peek_far(i);
            match t.kind {
                TokenKind::At => {
                    i += 1;
                    if self.peek_far(i).kind == TokenKind::Ident {
                        i += 1;
                    }
                    let open = self.peek_far(i);
                    if open.kind == TokenKind::LParen && !open.newline_before {
                        let mut brackets = 0usize;
                        loop {
                            match self.peek_far(i).kind {
                                TokenKind::Eof => return false,
                                TokenKind::LParen => brackets += 1,
                                TokenKind::RParen => {
                                    brackets = brackets.saturating_sub(1);
                                    if brackets == 0 {
                                        i += 1;
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            i += 1;
                        }
                    }
                }
                TokenKind::Function
                | TokenKind::Struct
                | TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Shared
                | TokenKind::Const => return true,
                _ => return false,
            }
        }
    }

    fn parse_function(&mut self) -> ItemKind {
        let kw = self.bump();
        let mut name = self.expect_ident("a function name");
        let mut ok = name.is_some();
        let mut params = Vec::new();
        if !self.at(TokenKind::LParen) && ok {
            let method = self.nth(1);
            let dotted = matches!(self.kind(), TokenKind::Dot | TokenKind::Colon)
                && method.kind == TokenKind::Ident
                && self.nth(2).kind == TokenKind::LParen;
            match (&name, self.kind(), method.kind) {
                // Lua's `function a.b()` / `function a:b()`.
                (Some(n), TokenKind::Dot | TokenKind::Colon, TokenKind::Ident) => {
                    let help = format!(
                        "Luma has no tables or methods: declare a plain function, e.g. `function {}_{}(...)`",
                        self.name(n),
                        self.slice(method.span)
                    );
                    self.expected_with_help("`(`", help);
                }
                _ => self.expected("`(`"),
            }
            ok = false;
            if let (true, Some(n)) = (dotted, name) {
                // `function Light.intensity(...)` (or `Light:intensity`) is kept under its
                // dotted name, which no call can reach: its body is checked, and the checker
                // knows that a call `Light.intensity(...)` (or `v:intensity(...)`) is part of
                // this error.
                let span = n.span.to(method.span);
                let text = self.slice(span).to_owned();
                name = Some(Ident {
                    name: self.module.names.intern(&text),
                    span,
                });
                ok = true;
            }
            while !self.at(TokenKind::LParen) && !self.tok().newline_before {
                self.bump();
            }
            self.recovering = false;
        }
        if let Some(open) = self.eat(TokenKind::LParen) {
            params = self.parse_field_list(TokenKind::RParen, open.span, "a parameter");
        }
        let ret = self.parse_return_type();
        let what = match &name {
            Some(n) => format!("function `{}`", self.name(n)),
            None => "function".to_owned(),
        };
        let errors_before = self.diags.error_count();
        let braces_before = self.brace_blocks;
        if self.at(TokenKind::LBrace) {
            self.function_brace();
        }
        let returns_value = std::mem::replace(&mut self.returns_value, ret.is_some());
        let returns_tuple = std::mem::replace(
            &mut self.returns_tuple,
            matches!(ret, Some(ReturnType::Tuple { .. })),
        );
        let outside = self.enter_body();
        let mut block = self.parse_block();
        let nodes = self.leave_body(outside);
        self.returns_value = returns_value;
        self.returns_tuple = returns_tuple;
        self.expect_end(kw.span, &what);
        // A braced body closed with `end` (or a brace left open inside) does not leave a `}`
        // expected after the function.
        self.brace_blocks = braces_before;
        if self.diags.error_count() > errors_before {
            mark_incomplete(&mut block);
        }
        match name {
            Some(name) if ok => ItemKind::Function(FunctionDecl {
                name,
                params,
                ret,
                body: Body { block, nodes },
            }),
            _ => ItemKind::Error,
        }
    }

    /// C's `function f() {`: reported once, and the `{` opens the body, so that its `}` closes
    /// it as `end` would and the body is parsed and checked as meant.
    #[cold]
    #[inline(never)]
    fn function_brace(&mut self) {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma does not put function bodies in braces",
        )
        .with_primary_label("a C-style block")
        .with_help("the body follows the signature on the next line and ends with `end`");
        self.report(d);
        self.brace_block();
    }

    fn parse_return_type(&mut self) -> Option<ReturnType> {
        let t = self.tok();
        let arrow = match t.kind {
            TokenKind::Arrow => {
                self.bump();
                true
            }
            // `function f(): vec4` (Luau) and `function f() vec4`: say `->` and carry on.
            TokenKind::Colon if !t.newline_before => {
                if let Some(d) = self.expected_diag("`->` before the return type") {
                    self.report(d.with_suggestion(
                        t.span,
                        "->",
                        "write the return type after an arrow",
                    ));
                }
                self.bump();
                true
            }
            TokenKind::Ident | TokenKind::LBracket if !t.newline_before => {
                if let Some(d) = self.expected_diag("`->` before the return type") {
                    self.report(d.with_suggestion(
                        Span::point(t.span.lo),
                        "-> ",
                        "write the return type after an arrow",
                    ));
                }
                true
            }
            _ => false,
        };
        if !arrow {
            return None;
        }
        if self.at(TokenKind::At) {
            // `-> @builtin(position) vec4`: attributes need a named field to stand on.
            let lo = self.tok().span.lo;
            let attributes = self.parse_attributes();
            let ty = self.parse_type();
            let span = self.since(lo);
            let d = Diagnostic::error(
                codes::MISPLACED_ATTRIBUTES,
                span,
                "attributes cannot stand on a return type",
            )
            .with_primary_label("attributed return type")
            .with_help("name the output in a tuple: `-> (@builtin(position) position: vec4)`");
            self.report(d);
            let _ = attributes;
            return Some(ReturnType::Type(ty));
        }
        if let Some(open) = self.eat(TokenKind::LParen) {
            if self.at_unnamed_result() {
                return Some(self.unnamed_results(open.span));
            }
            let fields = self.parse_field_list(TokenKind::RParen, open.span, "a named field");
            let span = self.since(open.span.lo);
            if fields.is_empty() && !self.recovering {
                self.report(
                    Diagnostic::error(codes::EMPTY_TUPLE_RETURN, span, "empty tuple return type")
                        .with_primary_label("returns no fields")
                        .with_help("a function that returns nothing has no `->`"),
                );
            }
            return Some(ReturnType::Tuple { fields, span });
        }
        Some(ReturnType::Type(self.parse_type()))
    }

    /// After a result list's `(`: a type where a named field belongs (`(int, int)`, `(vec4)`,
    /// `([4]float)`).
    /// A name counts when it looks like a type (a builtin type's or a capitalised struct's):
    /// `-> (color)` is a named output missing its type.
    fn at_unnamed_result(&self) -> bool {
        let t = self.tok();
        match t.kind {
            TokenKind::Ident => {
                matches!(self.nth(1).kind, TokenKind::Comma | TokenKind::RParen)
                    && looks_like_type(self.slice(t.span))
            }
            TokenKind::LBracket => true,
            _ => false,
        }
    }

    /// Go's and Lua's several results, `-> (int, int)`, or a type in parentheses: reported
    /// once (each type would otherwise be a field missing its type, and two equal types a
    /// field declared twice). The result is an error type, so that the body's `return`s and an
    /// entry point's output rules add nothing of their own.
    #[cold]
    #[inline(never)]
    fn unnamed_results(&mut self, open: Span) -> ReturnType {
        let first_lo = self.tok().span.lo;
        let mut types = vec![self.parse_type()];
        let first = self.since(first_lo);
        while self.eat(TokenKind::Comma).is_some() {
            if self.at(TokenKind::RParen) {
                break;
            }
            types.push(self.parse_type());
        }
        self.expect_close(TokenKind::RParen, open);
        let span = self.since(open.lo);
        let texts: Vec<String> = types.iter().map(|t| self.type_text(*t)).collect();
        let (message, help) = match types.as_slice() {
            // An entry point's results are named outputs: `-> (vec4)` meant one.
            _ if self.item_is_entry => (
                "an entry point's results are named",
                format!(
                    "name each output: `-> ({})`",
                    texts
                        .iter()
                        .enumerate()
                        .map(|(i, t)| format!("out{i}: {t}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            [_] => (
                "a result type does not stand in parentheses",
                format!(
                    "write the type alone, `-> {}`; parentheses hold an entry point's named \
                     outputs, `-> (color: vec4)`",
                    self.slice(first)
                ),
            ),
            _ => (
                "a function returns one value, not a list of types",
                "return a struct with a member for each value; an entry point names its outputs \
                 instead, `-> (color: vec4, bloom: vec4)`"
                    .to_owned(),
            ),
        };
        let d = Diagnostic::error(codes::UNEXPECTED_TOKEN, span, message)
            .with_primary_label("types without names")
            .with_help(help);
        if !self.recovering {
            self.diags.push(d);
        }
        ReturnType::Type(self.alloc_type(TypeExprKind::Error, span))
    }

    /// `[@attrs] name: T` separated by commas, up to `close`.
    fn parse_field_list(&mut self, close: TokenKind, open: Span, what: &str) -> Vec<Field> {
        let mut fields = Vec::new();
        loop {
            if self.at(close) || self.at(TokenKind::Eof) {
                break;
            }
            let attributes = self.parse_attributes();
            let reported = !self.recovering;
            let qualifier = if close == TokenKind::RParen && what == "a parameter" {
                self.parameter_qualifier()
            } else {
                None
            };
            if let Some(f) = self.parse_field_tail(attributes, what) {
                if let Some((q, text)) = qualifier.filter(|_| reported) {
                    self.report_parameter_qualifier(q, text, &f);
                }
                if what == "a parameter" && self.at(TokenKind::Assign) {
                    self.default_argument(&f);
                }
                fields.push(f);
            }
            if self.eat(TokenKind::Comma).is_some() {
                continue;
            }
            if self.at(close) {
                break;
            }
            // `f(a: float b: float)`: the next field begins on this line; read on as if the
            // comma were there.
            if self.at(TokenKind::Ident)
                && !self.tok().newline_before
                && self.nth(1).kind == TokenKind::Colon
            {
                self.missing_comma(close);
                continue;
            }
            self.expected(&format!("`,` or {}", close.spelling()));
            // Skip to the next separator on this line.
            while !matches!(self.kind(), TokenKind::Comma | TokenKind::Eof)
                && !self.at(close)
                && !self.tok().newline_before
            {
                self.bump();
            }
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        self.expect_close(close, open);
        fields
    }

    /// GLSL's and HLSL's `in`, `out` and `inout` before a parameter's name (`inout x: float`,
    /// `out float y`): skipped, to be reported with the parameter that follows.
    fn parameter_qualifier(&mut self) -> Option<(Token, &'static str)> {
        let (q, next) = (self.nth(0), self.nth(1));
        if next.kind != TokenKind::Ident || next.newline_before {
            return None;
        }
        let text = match (q.kind, self.slice(q.span)) {
            (TokenKind::In, _) => "in",
            (TokenKind::Ident, "out") => "out",
            (TokenKind::Ident, "inout") => "inout",
            _ => return None,
        };
        self.bump();
        Some((q, text))
    }

    /// One error for a parameter qualifier, with what Luma writes instead (reported after the
    /// parameter, whose type the help names, unless the parser was recovering before it).
    fn report_parameter_qualifier(&mut self, q: Token, text: &str, param: &Field) {
        let name = self.name(&param.name).to_owned();
        let ty = self
            .ty(param.ty)
            .map_or("T", |t| self.slice(t.span))
            .to_owned();
        let remove = Span::new(q.span.lo, param.name.span.lo.max(q.span.hi));
        let message = if text == "in" {
            "Luma has no `in` parameter qualifier".to_owned()
        } else {
            format!("Luma has no `{text}` parameters")
        };
        let d = Diagnostic::error(codes::UNEXPECTED_TOKEN, q.span, message);
        let d = match text {
            "in" => d
                .with_primary_label("not a parameter qualifier")
                .with_suggestion(remove, "", "parameters are inputs already: remove `in`"),
            "out" => d
                .with_primary_label("not a parameter qualifier")
                .with_help(format!(
                    "return the value instead: remove the parameter and declare the result, `-> {ty}` (a struct returns several values)"
                )),
            _ => d
                .with_primary_label("not a parameter qualifier")
                .with_note(format!(
                    "parameters are copies: assigning to `{name}` in the function does not change the caller's value"
                ))
                .with_help(format!(
                    "take `{name}: {ty}` and return the new value, `-> {ty}` (a struct returns several values)"
                )),
        };
        // The parameter parsed as meant: not a reason to suppress the errors that follow.
        self.diags.push(d);
    }

    /// `x: float = 1.0` (C++, HLSL, Python): one error, and the default is skipped.
    fn default_argument(&mut self, param: &Field) {
        let reported = !self.recovering;
        let eq = self.bump();
        let value = self.parse_expr();
        let value_span = self.expr(value).map_or(eq.span, |e| e.span);
        let text = self.slice(value_span).to_owned();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            eq.span.to(value_span),
            "Luma has no default arguments",
        )
        .with_primary_label(format!("a default value for `{}`", self.name(&param.name)))
        .with_suggestion(
            Span::new(param.span.hi, value_span.hi),
            "",
            format!("remove `= {text}` and pass the value in every call (a `const` can name it)"),
        );
        if reported {
            self.diags.push(d);
        }
    }

    /// `name: T` after a field's attributes.
    fn parse_field_tail(&mut self, attributes: Vec<Attribute>, what: &str) -> Option<Field> {
        let lo = attributes.first().map_or(self.tok().span.lo, |a| a.span.lo);
        // `vec3 position` (GLSL order): one error with the fix, then parse it as meant.
        if let Some(f) = self.glsl_declaration(&attributes, lo, "write the name first") {
            return Some(f);
        }
        let name = self.expect_ident(what)?;
        let ty = if self.eat(TokenKind::Colon).is_some() {
            self.parse_type()
        } else {
            // Keep the field, with a type later stages skip: a parameter or member dropped
            // here would make its uses undeclared and every call's argument count wrong.
            self.expected_with_help("`:` and a type", "declare it as `name: type`");
            self.alloc_type(TypeExprKind::Error, name.span)
        };
        let mut attributes = attributes;
        // Parameters' default values have their own error (`default_argument`).
        let member = what == "a field name";
        self.field_suffix(&mut attributes, member);
        Some(Field {
            attributes,
            name,
            ty,
            span: self.since(lo),
        })
    }

    /// What other languages write after a field's type, on its line: HLSL's semantic
    /// (`pos: vec4 : SV_Position`) and a default value (`power: float = 1.0`). One error each,
    /// and the rest is skipped; a system-value semantic becomes the `@builtin` it names, so a
    /// vertex output is not also without a position.
    fn field_suffix(&mut self, attributes: &mut Vec<Attribute>, member: bool) {
        let t = self.tok();
        let next = self.nth(1);
        if t.kind == TokenKind::Colon
            && !t.newline_before
            && next.kind == TokenKind::Ident
            && !next.newline_before
        {
            let semantic = self.slice(next.span).to_owned();
            let span = t.span.to(next.span);
            let builtin = hlsl_semantic_builtin(&semantic);
            let mut d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                span,
                format!("Luma has no HLSL semantics such as `{semantic}`"),
            )
            .with_primary_label("an HLSL semantic");
            d = match builtin {
                Some(b) => d.with_help(format!(
                    "mark the builtin with an attribute before the name: `@builtin({b})`"
                )),
                None => d.with_help(
                    "members that are not builtins are passed at locations, counted from 0 in \
                     order (`@location(n)` picks one); remove the semantic",
                ),
            };
            self.recovering = false;
            self.report(d);
            self.recovering = false;
            self.bump();
            let name_tok = self.bump();
            let has_builtin = attributes.iter().any(|a| self.name(&a.name) == "builtin");
            if let (Some(b), false) = (builtin, has_builtin) {
                let attr_name = Ident {
                    name: self.module.names.intern("builtin"),
                    span: name_tok.span,
                };
                let arg_name = Ident {
                    name: self.module.names.intern(b),
                    span: name_tok.span,
                };
                let arg = self.alloc(ExprKind::Ident(arg_name), name_tok.span);
                attributes.push(Attribute {
                    name: attr_name,
                    args: Some(vec![arg]),
                    span: name_tok.span,
                });
            }
            return;
        }
        if member && t.kind == TokenKind::Assign && !t.newline_before {
            let d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                "struct members have no default values",
            )
            .with_primary_label("a default value")
            .with_help(
                "give every member in each struct literal (`Light { dir = ..., power = ... }`); \
                 a shared value can be a `const`",
            );
            self.recovering = false;
            self.report(d);
            self.bump();
            // The value is parsed and dropped.
            self.parse_expr();
            self.recovering = false;
        }
    }

    /// Recognises two names where `name: Type` is expected: `vec3 position` (GLSL order) or
    /// `position vec3` (a missing colon). Reports it with the fix and returns the field as the
    /// author meant it.
    fn glsl_declaration(
        &mut self,
        attributes: &[Attribute],
        lo: u32,
        message: &str,
    ) -> Option<Field> {
        let (a, b) = (self.nth(0), self.nth(1));
        if a.kind != TokenKind::Ident || b.kind != TokenKind::Ident || b.newline_before {
            return None;
        }
        let a_text = self.slice(a.span).to_owned();
        let b_text = self.slice(b.span).to_owned();
        let type_first = looks_like_type(&a_text) && !looks_like_type(&b_text);
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            b.span,
            format!("expected `:`, found identifier `{b_text}`"),
        )
        .with_primary_label("expected `:`");
        let d = if type_first {
            d.with_note("Luma writes the name before the type")
                .with_suggestion(a.span.to(b.span), format!("{b_text}: {a_text}"), message)
        } else if looks_like_type(&b_text) {
            d.with_suggestion(Span::new(a.span.hi, b.span.lo), ": ", "add a colon")
        } else {
            d.with_note("declare it as `name: type`")
        };
        self.report(d);
        self.bump();
        self.bump();
        let (name, ty) = if type_first { (b, a) } else { (a, b) };
        let ty_name = self.ident_of(ty);
        let ty = self.alloc_type(TypeExprKind::Named(ty_name), ty.span);
        let name = self.ident_of(name);
        Some(Field {
            attributes: attributes.to_vec(),
            name,
            ty,
            span: self.since(lo),
        })
    }

    fn parse_struct(&mut self) -> ItemKind {
        let kw = self.bump();
        let name = self.expect_ident("a struct name");
        let what = match &name {
            Some(n) => format!("struct `{}`", self.name(n)),
            None => "struct".to_owned(),
        };
        let mut fields = Vec::new();
        // `struct S { ... }` (C style): one error, then read the braces as the body.
        if let Some(open) = self.eat(TokenKind::LBrace) {
            let d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                open.span,
                "expected a field or `end`, found `{`",
            )
            .with_primary_label("expected a field")
            .with_help("Luma lists struct fields up to `end`, without braces or commas");
            self.report(d);
            loop {
                match self.kind() {
                    TokenKind::RBrace
                    | TokenKind::Eof
                    | TokenKind::Function
                    | TokenKind::Struct => break,
                    TokenKind::Comma => {
                        self.bump();
                    }
                    _ => {
                        let before = self.pos;
                        let attributes = self.parse_attributes();
                        if let Some(f) = self.parse_field_tail(attributes, "a field name") {
                            fields.push(f);
                        }
                        if self.pos == before {
                            self.bump();
                        }
                    }
                }
            }
            self.expect_close(TokenKind::RBrace, open.span);
            self.eat(TokenKind::End);
            return match name {
                Some(name) => ItemKind::Struct(StructDecl { name, fields }),
                None => ItemKind::Error,
            };
        }
        loop {
            let t = self.tok();
            match t.kind {
                // A `struct` or `const` indented inside the body: declared in it (C++ and
                // Rust's associated items), not the next declaration after a missing `end`.
                TokenKind::Struct | TokenKind::Const
                    if t.newline_before && !self.at_item_indentation() =>
                {
                    self.declaration_in_struct();
                }
                TokenKind::End | TokenKind::Eof | TokenKind::Function | TokenKind::Struct => break,
                TokenKind::Uniform | TokenKind::Buffer | TokenKind::Shared | TokenKind::Const
                    if t.newline_before =>
                {
                    break
                }
                TokenKind::At if self.attributes_start_item() => break,
                kind if kind == TokenKind::At
                    || kind == TokenKind::Ident
                    // `in: vec4`: a keyword as a member's name, reported by `expect_ident`,
                    // which then takes it as the name so that the struct parses as written.
                    || (kind.is_keyword() && self.nth(1).kind == TokenKind::Colon) =>
                {
                    self.recovering = false;
                    let attributes = self.parse_attributes();
                    if let Some(f) = self.parse_field_tail(attributes, "a field name") {
                        fields.push(f);
                    }
                    if let Some(comma) = self.eat(TokenKind::Comma) {
                        let d = Diagnostic::error(
                            codes::UNEXPECTED_TOKEN,
                            comma.span,
                            "struct fields are not separated by commas",
                        )
                        .with_suggestion(comma.span, "", "remove the `,`");
                        self.report(d);
                    }
                }
                _ => {
                    self.unexpected("a field or `end`");
                    self.bump();
                }
            }
            if self.recovering {
                while !self.at_field_sync_point() {
                    self.bump();
                }
            }
        }
        self.expect_end(kw.span, &what);
        match name {
            Some(name) => ItemKind::Struct(StructDecl { name, fields }),
            None => ItemKind::Error,
        }
    }

    /// Where skipping inside a struct body stops: its end, the next item, or a new line that
    /// starts a field.
    fn at_field_sync_point(&self) -> bool {
        let t = self.tok();
        match t.kind {
            TokenKind::End | TokenKind::Eof | TokenKind::Function | TokenKind::Struct => true,
            TokenKind::Ident | TokenKind::At => t.newline_before,
            _ => false,
        }
    }

    /// `uniform name: T`, `buffer [storage] name: T`, `shared name: T`.
    fn parse_global(&mut self) -> ItemKind {
        match self.parse_global_decl() {
            Some(g) => ItemKind::Global(g),
            None => ItemKind::Error,
        }
    }

    fn parse_global_decl(&mut self) -> Option<GlobalDecl> {
        let kw = self.bump();
        let kind = match kw.kind {
            TokenKind::Uniform => GlobalKind::Uniform,
            TokenKind::Buffer => GlobalKind::Buffer,
            _ => GlobalKind::Shared,
        };
        let mut keyword_span = kw.span;
        // `storage` is a word only here: `buffer storage name: T`.
        if kind == GlobalKind::Buffer
            && self.at(TokenKind::Ident)
            && self.slice(self.tok().span) == "storage"
            && self.nth(1).kind == TokenKind::Ident
        {
            keyword_span = keyword_span.to(self.bump().span);
        }
        let lo = self.tok().span.lo;
        let (name, ty) = match self.glsl_declaration(&[], lo, "write the name first") {
            Some(f) => (f.name, f.ty),
            None => {
                let name = self.expect_ident("a name")?;
                if self.eat(TokenKind::Colon).is_none() {
                    let word = self.slice(kw.span).to_owned();
                    let help = if self.at(TokenKind::LBrace) {
                        // GLSL's interface block, `uniform Camera { mat4 view; }`.
                        let block = self.name(&name).to_owned();
                        format!(
                            "declare the block's members as a struct, `struct {block} ... end`, \
                             and the {word} as `{word} {}: {block}`",
                            block.to_lowercase()
                        )
                    } else {
                        "declare it as `name: type`".to_owned()
                    };
                    self.expected_with_help("`:` and a type", help);
                    if self.at(TokenKind::LBrace) {
                        self.skip_braces();
                    }
                    return None;
                }
                (name, self.parse_type())
            }
        };
        if let Some(eq) = self.eat(TokenKind::Assign) {
            let word = self.slice(kw.span).to_owned();
            let d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                eq.span,
                format!("a `{word}` declaration cannot have an initializer"),
            )
            .with_primary_label("unexpected `=`")
            .with_note("resources and workgroup memory get their contents at run time");
            let d = if kind == GlobalKind::Uniform {
                d.with_help(
                    "a value fixed when the shader is compiled is a `const`; one chosen when the \
                     pipeline is created is a specialization constant, `@spec(id) const`",
                )
            } else {
                d
            };
            self.report(d);
            self.parse_expr();
            // The declaration stands without its initializer, so its uses are not undeclared.
        }
        Some(GlobalDecl {
            kind,
            keyword_span,
            name,
            ty,
        })
    }

    /// `const NAME[: T] = value`.
    fn parse_const(&mut self) -> Option<ConstDecl> {
        self.bump();
        let name = self.expect_ident("a constant name")?;
        let ty = if self.eat(TokenKind::Colon).is_some() {
            Some(self.parse_type())
        } else {
            None
        };
        if ty.is_none() && self.at_glsl_const() {
            return self.parse_glsl_const(name);
        }
        if self.eat(TokenKind::Assign).is_none() {
            self.expected_with_help("`=`", "a constant needs a value: `const N = 4`");
            // Declared with an error value, so its uses are not reported as undeclared.
            let value = self.alloc_error(name.span);
            return Some(ConstDecl { name, ty, value });
        }
        let value = self.parse_expr();
        Some(ConstDecl { name, ty, value })
    }

    /// At `PI =` after `const float` (GLSL's `const float PI = 3.14`).
    fn at_glsl_const(&self) -> bool {
        let (b, c) = (self.nth(0), self.nth(1));
        b.kind == TokenKind::Ident
            && !b.newline_before
            && c.kind == TokenKind::Assign
            && !c.newline_before
    }

    /// `const float PI = 3.14` (GLSL), at `PI`, with `float` read as the name: reported with the
    /// fix, parsed as `const PI: float = 3.14`.
    fn parse_glsl_const(&mut self, ty_name: Ident) -> Option<ConstDecl> {
        let b = self.bump();
        let ty_text = self.name(&ty_name).to_owned();
        let name_text = self.slice(b.span).to_owned();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            b.span,
            format!("expected `=`, found identifier `{name_text}`"),
        )
        .with_primary_label("a second name here")
        .with_note("Luma declares constants with `const NAME: type = value`")
        .with_suggestion(
            ty_name.span.to(b.span),
            format!("{name_text}: {ty_text}"),
            "write the type after the name",
        );
        self.report(d);
        self.bump();
        let ty = self.alloc_type(TypeExprKind::Named(ty_name), ty_name.span);
        let value = self.parse_expr();
        let name = self.ident_of(b);
        Some(ConstDecl {
            name,
            ty: Some(ty),
            value,
        })
    }

    // ---------------------------------------------------------------------------------------
    // Types

    fn parse_type(&mut self) -> TypeId {
        let t = self.tok();
        if self.depth >= self.limit {
            self.skip_nested_type();
            self.nesting_error(t.span, "type");
            return self.alloc_type(TypeExprKind::Error, t.span);
        }
        self.depth += 1;
        let mut prefixes: Vec<(u32, Option<ExprId>)> = Vec::new();
        while let Some(open) = self.eat(TokenKind::LBracket) {
            let len = if self.at(TokenKind::RBracket) {
                None
            } else {
                Some(self.parse_expr())
            };
            if self.eat(TokenKind::RBracket).is_none() {
                if self.at(TokenKind::Comma) {
                    self.expected_with_help(
                        "`]`",
                        "array literals are written `{ 1.0, 2.0 }` or `[2]float { 1.0, 2.0 }`",
                    );
                } else {
                    self.expect_close(TokenKind::RBracket, open.span);
                }
            }
            prefixes.push((open.span.lo, len));
        }
        let base = if self.at(TokenKind::Ident) {
            let t = self.bump();
            if self.at(TokenKind::Lt) && !self.tok().newline_before {
                self.generic_type(t, false)
            } else {
                let ident = self.ident_of(t);
                let named = self.alloc_type(TypeExprKind::Named(ident), t.span);
                self.array_suffix(named, t.span)
            }
        } else if self.at(TokenKind::Struct) && !self.tok().newline_before {
            // (On a line of its own, `struct` starts the next declaration after a missing type.)
            self.anonymous_struct()
        } else {
            let span = Span::point(self.tok().span.lo);
            self.expected("a type");
            self.alloc_type(TypeExprKind::Error, span)
        };
        let mut ty = base;
        for (lo, len) in prefixes.into_iter().rev() {
            let span = self.since(lo);
            ty = self.alloc_type(TypeExprKind::Array { len, element: ty }, span);
        }
        self.depth -= 1;
        ty
    }

    /// `array<T, N>`, `vec3<f32>`, `mat4x4<f32>`, `atomic<u32>` (WGSL's spellings) and any other
    /// `name<...>`: Luma types take no angle-bracket arguments. Reported once, with Luma's
    /// spelling where there is one, and parsed as that type (else as an error type), so that the
    /// `<...>` neither cascades into field or statement errors nor hides the type from checking.
    #[cold]
    #[inline(never)]
    fn generic_type(&mut self, name: Token, constructor: bool) -> TypeId {
        let base = self.slice(name.span).to_owned();
        let open = self.bump();
        let mut fixed: Option<(TypeExprKind, String)> = None;
        if base == "array" {
            let element = self.parse_type();
            let element_text = self.type_text(element);
            // The length is an operand (a literal or a constant's name): a whole expression
            // would read the closing `>` as a comparison.
            let len = if self.eat(TokenKind::Comma).is_some() {
                Some(self.parse_unary())
            } else {
                None
            };
            let len_text = len
                .and_then(|l| self.expr(l))
                .map(|e| self.slice(e.span).to_owned())
                .unwrap_or_default();
            fixed = Some((
                TypeExprKind::Array { len, element },
                format!("[{len_text}]{element_text}"),
            ));
        } else {
            // The arguments of the other generics are names: read them as text, up to the `>`
            // (a bound keeps hostile input linear; the line ends the search too).
            let mut args: Vec<String> = Vec::new();
            while self.at(TokenKind::Ident) && !self.tok().newline_before && args.len() < 8 {
                let t = self.bump();
                args.push(self.slice(t.span).to_owned());
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
            let scalar = args.first().map(String::as_str);
            let luma_name = match (base.as_str(), scalar, args.len()) {
                ("vec2" | "vec3" | "vec4", Some(s), 1) => match s {
                    "f32" | "float" => Some(base.clone()),
                    "i32" | "int" => Some(format!("i{base}")),
                    "u32" | "uint" => Some(format!("u{base}")),
                    "bool" => Some(format!("b{base}")),
                    "f16" | "half" => Some(format!("h{base}")),
                    _ => None,
                },
                (m, Some("f32" | "float"), 1) if is_matrix_name(m) => Some(m.to_string()),
                ("atomic", Some("u32" | "uint"), 1) => Some("atomic_uint".to_string()),
                ("atomic", Some("i32" | "int"), 1) => Some("atomic_int".to_string()),
                _ => None,
            };
            if let Some(luma_name) = luma_name {
                let ident = Ident {
                    name: self.module.names.intern(&luma_name),
                    span: name.span,
                };
                fixed = Some((TypeExprKind::Named(ident), luma_name));
            }
        }
        self.close_generic(open.span);
        let whole = self.since(name.span.lo);
        let mut d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            Span::new(open.span.lo, whole.hi),
            format!(
                "Luma types take no `<...>` arguments, as in `{}`",
                self.slice(whole)
            ),
        )
        .with_primary_label("type arguments");
        let kind = match fixed {
            Some((kind, text)) => {
                if constructor && matches!(kind, TypeExprKind::Array { .. }) {
                    d = d.with_note(format!(
                        "an array value lists its elements in braces: `{text} {{ ... }}`"
                    ));
                }
                d = d.with_suggestion(whole, text, "write Luma's spelling");
                kind
            }
            None => {
                d = d.with_note(
                    "Luma's types are plain names (`vec3`, `ivec2`, `mat4`, `atomic_uint`, \
                     `texture2D`) and arrays `[N]T`",
                );
                TypeExprKind::Error
            }
        };
        // The `<...>` is consumed whole: what follows parses normally, so this is not a
        // recovery point (an outer `array<...>` reports its own arguments too).
        if !self.recovering {
            self.diags.push(d);
        }
        self.alloc_type(kind, whole)
    }

    /// `vec3<f32>(...)` (WGSL's constructor spelling), with the name already consumed: reported
    /// as [`Self::generic_type`] does and read as the constructor's Luma name (`vec3`), so that
    /// the call's arguments are checked as written.
    #[cold]
    #[inline(never)]
    fn generic_constructor(&mut self, name: Token) -> ExprId {
        let ty = self.generic_type(name, true);
        let (kind, span) = match self.ty(ty) {
            Some(t) => match &t.kind {
                TypeExprKind::Named(ident) => (ExprKind::Ident(*ident), t.span),
                _ => (ExprKind::Error, t.span),
            },
            None => (ExprKind::Error, name.span),
        };
        self.alloc(kind, span)
    }

    /// WGSL's `bitcast<u32>(x)`, with `bitcast` consumed and at the `<`: one error with Luma's
    /// `as_uint` / `as_int` / `as_float` as the fix, and read as that builtin so the argument
    /// is checked (a comparison chain `bitcast < u32 > (x)` otherwise).
    #[cold]
    #[inline(never)]
    fn wgsl_bitcast(&mut self, name: Token) -> ExprId {
        let mut depth = 0usize;
        let mut target: Option<&'static str> = None;
        for _ in 0..64 {
            let t = self.tok();
            if t.kind == TokenKind::Eof || (depth > 0 && t.newline_before) {
                break;
            }
            self.bump();
            match t.kind {
                TokenKind::Lt => depth += 1,
                TokenKind::Gt => depth = depth.saturating_sub(1),
                TokenKind::Shr => depth = depth.saturating_sub(2),
                TokenKind::Ident => {
                    let word = self.slice(t.span);
                    let kind = match word {
                        "u32" | "uint" => Some("as_uint"),
                        "i32" | "int" => Some("as_int"),
                        "f32" | "float" => Some("as_float"),
                        _ if word.starts_with("uvec")
                            || (word.starts_with("vec") && word.ends_with('u')) =>
                        {
                            Some("as_uint")
                        }
                        _ if word.starts_with("ivec")
                            || (word.starts_with("vec") && word.ends_with('i')) =>
                        {
                            Some("as_int")
                        }
                        _ if word.starts_with("vec") => Some("as_float"),
                        _ => None,
                    };
                    target = kind.or(target);
                }
                _ => {}
            }
            if depth == 0 {
                break;
            }
        }
        let whole = self.since(name.span.lo);
        let mut d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            whole,
            "Luma has no `bitcast<T>(...)`",
        )
        .with_primary_label("WGSL's bit reinterpretation");
        let kind = match target {
            Some(builtin) => {
                d = d.with_suggestion(whole, builtin, "reinterpret the bits with");
                ExprKind::Ident(Ident {
                    name: self.module.names.intern(builtin),
                    span: whole,
                })
            }
            None => {
                d = d.with_help("reinterpret bits with `as_uint(x)`, `as_int(x)` or `as_float(x)`");
                ExprKind::Error
            }
        };
        self.report(d);
        self.alloc(kind, whole)
    }

    /// Whether the `<` at the current token opens a type-argument list on this line that a `(`
    /// follows (`vec3<f32>(...)`), rather than a comparison (`f(array < n, m > k)` with a local
    /// named `array`).
    fn generic_list_then_call(&mut self) -> bool {
        let mut depth = 0usize;
        for n in 0..32 {
            let t = self.peek_far(n);
            if n > 0 && t.newline_before {
                return false;
            }
            match t.kind {
                TokenKind::Lt => depth += 1,
                TokenKind::Gt | TokenKind::Shr => {
                    let closes = if t.kind == TokenKind::Shr { 2 } else { 1 };
                    if depth <= closes {
                        return depth == closes && self.peek_far(n + 1).kind == TokenKind::LParen;
                    }
                    depth -= closes;
                }
                TokenKind::Ident | TokenKind::Comma | TokenKind::Int { .. } => {}
                _ => return false,
            }
        }
        false
    }

    /// A type as Luma writes it, for suggestions: names as interned, array lengths as written.
    fn type_text(&self, ty: TypeId) -> String {
        match self.ty(ty) {
            Some(t) => match &t.kind {
                TypeExprKind::Named(ident) => match self.name(ident) {
                    // WGSL's scalar names, which the checker reports on their own.
                    "f32" => "float".to_owned(),
                    "i32" => "int".to_owned(),
                    "u32" => "uint".to_owned(),
                    "f16" => "half".to_owned(),
                    name => name.to_owned(),
                },
                TypeExprKind::Array { len, element } => {
                    let len = len
                        .and_then(|l| self.expr(l))
                        .map_or("", |e| self.slice(e.span));
                    format!("[{len}]{}", self.type_text(*element))
                }
                TypeExprKind::Error => self.slice(t.span).to_owned(),
            },
            None => String::new(),
        }
    }

    /// Consumes the `>` that closes type arguments opened at `open`, splitting a `>>` (the
    /// end of `array<vec3<f32>>`) so that the outer list finds its own `>`. Anything else left
    /// before the `>` on the line is skipped (it was already reported or is part of the one
    /// mistake).
    fn close_generic(&mut self, open: Span) {
        let mut skipped = 0;
        loop {
            let t = self.tok();
            match t.kind {
                TokenKind::Gt if !t.newline_before => {
                    self.bump();
                    return;
                }
                TokenKind::Shr if !t.newline_before => {
                    // Leave the second `>` for the enclosing list.
                    let index = self.pos.wrapping_sub(self.lexer.base());
                    if let Some(slot) = self.lexer.tokens_mut().get_mut(index) {
                        slot.kind = TokenKind::Gt;
                        slot.span = Span::new(t.span.lo + 1, t.span.hi);
                    }
                    self.prev_hi = t.span.lo + 1;
                    return;
                }
                TokenKind::Eof => break,
                _ if t.newline_before || skipped >= 64 => break,
                _ => {
                    self.bump();
                    skipped += 1;
                }
            }
        }
        self.expect_close(TokenKind::Gt, open);
    }

    /// `buffer b: struct ... end`, a GLSL-style block written inline: reported once with the
    /// named declaration to write instead, and skipped through its `end`, so that its fields
    /// are not read as stray items.
    #[cold]
    #[inline(never)]
    fn anonymous_struct(&mut self) -> TypeId {
        let keyword = self.bump();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            keyword.span,
            "a struct type cannot be written inline",
        )
        .with_primary_label("expected a type name")
        .with_help("declare it at module scope (`struct Name` ... `end`) and write its name here");
        if !self.recovering {
            self.diags.push(d);
        }
        // Fields hold no `end` of their own, but a nested inline struct does.
        let mut open = 1u32;
        while !self.at(TokenKind::Eof) {
            match self.bump().kind {
                TokenKind::Struct => open += 1,
                TokenKind::End => {
                    open -= 1;
                    if open == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        let span = self.since(keyword.span.lo);
        self.alloc_type(TypeExprKind::Error, span)
    }

    /// C's array suffix after a type, `float[4]`: reported with the Luma spelling (`[4]float`)
    /// and parsed as that array, so the declaration's uses are checked as meant.
    #[cold]
    #[inline(never)]
    fn array_suffix(&mut self, element: TypeId, element_span: Span) -> TypeId {
        let mut lens = Vec::new();
        let lo = self.tok().span.lo;
        while self.at(TokenKind::LBracket) && !self.tok().newline_before {
            let open = self.bump();
            let len = if self.at(TokenKind::RBracket) {
                None
            } else {
                Some(self.parse_expr())
            };
            if self.eat(TokenKind::RBracket).is_none() {
                self.expect_close(TokenKind::RBracket, open.span);
                return element;
            }
            lens.push(len);
        }
        if lens.is_empty() {
            return element;
        }
        let span = self.since(lo);
        let whole = Span::new(element_span.lo, span.hi);
        let fixed = format!("{}{}", self.slice(span), self.slice(element_span));
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            span,
            "array sizes come before the element type",
        )
        .with_primary_label("C's array suffix")
        .with_suggestion(whole, fixed, "write the size first");
        if !self.recovering {
            self.diags.push(d);
        }
        let mut ty = element;
        for len in lens.into_iter().rev() {
            ty = self.alloc_type(TypeExprKind::Array { len, element: ty }, whole);
        }
        ty
    }

    // ---------------------------------------------------------------------------------------
    // Blocks and statements

    fn block_ends(&mut self) -> bool {
        match self.kind() {
            TokenKind::End | TokenKind::Else | TokenKind::Elseif | TokenKind::Eof => true,
            TokenKind::RBrace => self.brace_blocks > 0,
            TokenKind::Reserved(Reserved::Until) => self.repeat_depth > 0,
            TokenKind::Ident => {
                self.at_foreign_end() || (self.if_arm_depth > 0 && self.at_foreign_elseif())
            }
            // A declaration indented like the enclosing one starts the next item (the function
            // lacks its `end`); indented deeper, it is a misplaced nested declaration.
            TokenKind::Function | TokenKind::Struct => self.at_item_indentation(),
            TokenKind::At => self.attributes_start_item() && self.at_item_indentation(),
            _ => false,
        }
    }

    fn at_item_indentation(&self) -> bool {
        self.column_of(self.tok().span.lo) <= self.item_indent
    }

    fn parse_block(&mut self) -> Block {
        let lo = self.tok().span.lo;
        if self.block_depth >= self.limit {
            let t = self.tok();
            self.nesting_error(t.span, "block");
            self.skip_nested_block();
            return Block {
                stmts: Vec::new(),
                span: Span::point(lo),
            };
        }
        self.block_depth += 1;
        let base = self.block_stmts.len();
        let mut hi = lo;
        while !self.block_ends() {
            let before = self.pos;
            if let Some(stmt) = self.parse_statement() {
                hi = stmt.span.hi;
                self.block_stmts.push(stmt);
            }
            if self.recovering {
                self.sync_statement();
            }
            if self.pos == before && !self.block_ends() {
                self.bump();
            }
        }
        self.block_depth -= 1;
        let stmts: Vec<Stmt> = self.block_stmts.drain(base..).collect();
        let span = if stmts.is_empty() {
            Span::point(lo)
        } else {
            Span::new(lo, hi)
        };
        Block { stmts, span }
    }

    fn stmt(&self, kind: StmtKind, lo: u32) -> Option<Stmt> {
        Some(Stmt {
            kind,
            span: self.since(lo),
        })
    }

    /// Parses one statement. This function and the ones it calls for block statements sit on
    /// the recursion path of nested blocks, so each arm lives in its own function: only small
    /// frames stack up (unoptimised builds give every local of a function its own slot).
    fn parse_statement(&mut self) -> Option<Stmt> {
        let t = self.tok();
        let lo = t.span.lo;
        if matches!(
            t.kind,
            TokenKind::Let
                | TokenKind::Const
                | TokenKind::If
                | TokenKind::For
                | TokenKind::While
                | TokenKind::Do
                | TokenKind::Return
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::At
                | TokenKind::Ident
                | TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Shared
                | TokenKind::Reserved(_)
        ) {
            self.recovering = false;
        }
        match t.kind {
            TokenKind::At => self.parse_attributed_statement(lo),
            TokenKind::Let => self.parse_let(lo),
            // `local x = ...` is a Lua declaration; `local` before anything else is a use of
            // the reserved word as a name (`local = p`), an expression statement.
            TokenKind::Reserved(Reserved::Local) if self.nth(1).kind == TokenKind::Ident => {
                self.parse_let(lo)
            }
            TokenKind::Ident if self.at_misspelt_let() => {
                // `lte x = 1.0`, `Let x = 1.0`: reported, then read as the declaration meant.
                let word = self.slice(t.span).to_owned();
                let d = Diagnostic::error(
                    codes::UNEXPECTED_TOKEN,
                    t.span,
                    format!("unknown keyword `{word}`"),
                )
                .with_primary_label("read as `let`")
                .with_suggestion(
                    t.span,
                    "let",
                    "a keyword with a similar name exists",
                );
                self.report(d);
                self.parse_let(lo)
            }
            TokenKind::Const => self.parse_const_statement(lo),
            TokenKind::If => self.parse_if(lo),
            TokenKind::For => self.parse_for(Vec::new(), lo),
            TokenKind::While => self.parse_while(Vec::new(), lo),
            TokenKind::Do => self.parse_do(lo),
            TokenKind::Break => {
                self.bump();
                self.stmt(StmtKind::Break, lo)
            }
            TokenKind::Discard => {
                self.bump();
                self.stmt(StmtKind::Discard, lo)
            }
            TokenKind::Return => self.parse_return(lo),
            TokenKind::Function | TokenKind::Struct => self.parse_nested_declaration(lo),
            TokenKind::Uniform | TokenKind::Buffer | TokenKind::Shared => {
                self.parse_misplaced_global(lo)
            }
            TokenKind::Reserved(_) => self.parse_reserved_statement(lo),
            TokenKind::Colon if self.at_lua_label() => self.lua_label(lo),
            TokenKind::Hash if t.newline_before && self.c_directive_follows() => {
                self.c_directive_in_block();
                None
            }
            TokenKind::Ident
                if self.nth(1).kind == TokenKind::Ident
                    && !self.nth(1).newline_before
                    && matches!(self.nth(2).kind, TokenKind::Assign | TokenKind::Colon)
                    && matches!(self.slice(self.tok().span), "var" | "auto" | "mut") =>
            {
                self.parse_foreign_let(lo)
            }
            TokenKind::Ident
                if self.nth(1).kind == TokenKind::Ident
                    && !self.nth(1).newline_before
                    && self.nth(2).kind == TokenKind::Assign
                    && !self.misspelt_statement_keyword() =>
            {
                self.parse_glsl_local(lo)
            }
            TokenKind::Ident if self.at_glsl_declaration_without_value() => {
                self.parse_glsl_local_without_value(lo)
            }
            TokenKind::Ident if self.at_glsl_array_declaration() => self.parse_glsl_array_local(lo),
            TokenKind::Ident if self.at_c_switch() => self.parse_c_switch(lo),
            TokenKind::Ident if self.at_foreign_loop() => self.parse_foreign_loop(lo),
            TokenKind::Ident if self.at_block_switch() => self.parse_block_switch(lo),
            k if starts_expr(k) => self.parse_expr_statement(lo),
            _ => {
                self.unexpected("a statement");
                None
            }
        }
    }

    /// Skips from a `{` to its matching `}` (or the end of the file).
    fn skip_braces(&mut self) {
        self.skip_balanced(TokenKind::LBrace, TokenKind::RBrace, &[]);
    }

    /// Skips from an `open` token to its matching `close`, which is consumed. Returns false,
    /// consuming neither, at the end of the file or a token of `stop` before that.
    fn skip_balanced(&mut self, open: TokenKind, close: TokenKind, stop: &[TokenKind]) -> bool {
        let mut depth = 0usize;
        loop {
            let kind = self.kind();
            if kind == TokenKind::Eof || stop.contains(&kind) {
                return false;
            }
            if kind == open {
                depth += 1;
            } else if kind == close {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    self.bump();
                    return true;
                }
            }
            self.bump();
        }
    }

    /// Whether the statement is C's `switch (x) {` or WGSL's `switch x {`: the name `switch`,
    /// then a line that ends with `{`. A local named `switch` that is assigned, indexed or
    /// called (`switch = Pair {`, `switch.a = ...`) is not one.
    fn at_c_switch(&mut self) -> bool {
        let next = self.nth(1);
        if self.slice(self.tok().span) != "switch"
            || next.newline_before
            || !(next.kind == TokenKind::LParen || starts_expr(next.kind))
            || matches!(
                next.kind,
                TokenKind::Minus | TokenKind::LBracket | TokenKind::LBrace | TokenKind::Hash
            )
        {
            return false;
        }
        self.last_kind_on_line() == TokenKind::LBrace
    }

    /// The kind of the last token on the current token's line after it (`Eof` when it is the
    /// last): what tells a foreign statement header (`switch x {`, `switch x do`) apart.
    fn last_kind_on_line(&mut self) -> TokenKind {
        let mut last = TokenKind::Eof;
        for n in 1.. {
            let t = self.peek_far(n);
            if t.newline_before || t.kind == TokenKind::Eof {
                break;
            }
            last = t.kind;
        }
        last
    }

    /// Whether the statement is a `switch` written with Luma's block words, `switch x do` or
    /// `switch x then`: the name `switch` followed on its line by more than `=` or a call's
    /// `(`, the line ending with `do` or `then`.
    fn at_block_switch(&mut self) -> bool {
        if self.slice(self.tok().span) != "switch" {
            return false;
        }
        let next = self.nth(1);
        if next.newline_before || matches!(next.kind, TokenKind::Assign | TokenKind::LParen) {
            return false;
        }
        matches!(self.last_kind_on_line(), TokenKind::Do | TokenKind::Then)
    }

    /// `switch x do ... end`: one error; the body is parsed as a block up to its `end`, so the
    /// `end` does not close the enclosing function (and every error after it with it).
    #[cold]
    #[inline(never)]
    fn parse_block_switch(&mut self, lo: u32) -> Option<Stmt> {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma has no `switch` statement",
        )
        .with_primary_label("a `switch`")
        .with_help(
            "test the cases in turn: `if x == 0 then ... elseif x == 1 then ... else ... end`",
        );
        self.report(d);
        while !self.tok_is_line_end() {
            self.bump();
        }
        let kw = self.bump();
        let _ = self.parse_block();
        self.expect_end(kw.span, "`switch` block");
        self.recovering = false;
        self.stmt(StmtKind::Error, lo)
    }

    /// Whether the current token is the last of its line (the next one starts a new line or
    /// the source ends).
    fn tok_is_line_end(&self) -> bool {
        self.at(TokenKind::Eof) || self.nth(1).newline_before || self.nth(1).kind == TokenKind::Eof
    }

    /// C's `switch (x) { case ...: ... }` or WGSL's `switch x { ... }`: one error, and the
    /// whole statement, braces included, is skipped.
    #[cold]
    #[inline(never)]
    fn parse_c_switch(&mut self, lo: u32) -> Option<Stmt> {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma has no `switch` statement",
        )
        .with_primary_label("a C or WGSL `switch`")
        .with_help(
            "test the cases in turn: `if x == 0 then ... elseif x == 1 then ... else ... end`",
        );
        self.report(d);
        self.skip_braces();
        self.recovering = false;
        self.stmt(StmtKind::Error, lo)
    }

    /// Whether the statement is WGSL's or Rust's `loop {`: the name `loop` with a `{` after it
    /// on the same line (as a Luma statement, a struct value alone would be an error anyway).
    fn at_foreign_loop(&self) -> bool {
        let next = self.nth(1);
        self.slice(self.tok().span) == "loop"
            && next.kind == TokenKind::LBrace
            && !next.newline_before
    }

    /// WGSL's `loop { ... continuing { break if c } }` (Rust's `loop { ... }`): one error, and
    /// the whole statement, braces included, is skipped. Read as a struct value, it gave
    /// "struct literal entries need field names" and a `break` outside a loop.
    #[cold]
    #[inline(never)]
    fn parse_foreign_loop(&mut self, lo: u32) -> Option<Stmt> {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma has no `loop` statement",
        )
        .with_primary_label("a WGSL or Rust `loop`")
        .with_help(
            "write `while true do ... end`, with `@max_iterations(N)` on the line before it, and \
             leave it with `break`; a WGSL `continuing { break if c }` becomes \
             `if c then break end` at the end of the body",
        );
        self.report(d);
        self.skip_braces();
        self.recovering = false;
        self.stmt(StmtKind::Error, lo)
    }

    fn parse_attributed_statement(&mut self, lo: u32) -> Option<Stmt> {
        let attributes = self.parse_attributes();
        match self.kind() {
            TokenKind::For => self.parse_for(attributes, lo),
            TokenKind::While => self.parse_while(attributes, lo),
            _ => {
                self.misplaced_loop_attributes(&attributes);
                if self.block_ends() {
                    return None;
                }
                self.parse_statement()
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn misplaced_loop_attributes(&mut self, attributes: &[Attribute]) {
        if let (Some(first), Some(last)) = (attributes.first(), attributes.last()) {
            let span = first.span.to(last.span);
            let d = Diagnostic::error(
                codes::MISPLACED_ATTRIBUTES,
                span,
                "attributes cannot stand before this statement",
            )
            .with_primary_label("not followed by a loop")
            .with_note("inside a function, only `for` and `while` loops take attributes");
            // `@spec(0) let k = 1.0`: specialization constants are module-scope `const`s.
            let d = if attributes.iter().any(|a| self.name(&a.name) == "spec") {
                d.with_help(
                    "a specialization constant is declared at module scope: \
                     `@spec(0) const K: float = 1.0`",
                )
            } else {
                d
            };
            self.report(d);
            self.recovering = false;
        }
    }

    fn parse_const_statement(&mut self, lo: u32) -> Option<Stmt> {
        match self.parse_const() {
            Some(c) => self.stmt(StmtKind::Const(c), lo),
            None => self.stmt(StmtKind::Error, lo),
        }
    }

    fn parse_do(&mut self, lo: u32) -> Option<Stmt> {
        let kw = self.bump();
        let body = self.parse_inner_block();
        self.expect_end(kw.span, "`do` block");
        self.stmt(StmtKind::Do(Box::new(body)), lo)
    }

    /// `function` or `struct` indented inside a function body.
    #[cold]
    #[inline(never)]
    fn parse_nested_declaration(&mut self, lo: u32) -> Option<Stmt> {
        let t = self.report_misplaced_declaration(
            "inside a function body",
            if self.kind() == TokenKind::Function {
                "Luma has no nested functions; declare it at module scope and call it"
            } else {
                "move this declaration out of the function"
            },
        );
        // Parse it whole so its body does not derail the enclosing function, and keep it as
        // a module item: the function's calls and the struct's uses then resolve, instead of
        // adding "cannot find" errors to the one mistake.
        let saved = self.item_indent;
        self.item_indent = self.column_of(t.span.lo);
        // A module item: its signature or fields are the module's nodes.
        let body = self.suspend_body();
        let kind = if t.kind == TokenKind::Function {
            self.parse_function()
        } else {
            self.parse_struct()
        };
        self.resume_body(body);
        self.push_module_item(t.span.lo, kind);
        self.item_indent = saved;
        self.recovering = false;
        self.stmt(StmtKind::Error, lo)
    }

    /// A `struct` or `const` inside a struct's body: one error, and the declaration is kept as
    /// a module item (as one nested in a function is), so that the struct's own members after
    /// it and the uses of the inner name parse and resolve.
    #[cold]
    #[inline(never)]
    fn declaration_in_struct(&mut self) {
        let t = self.report_misplaced_declaration(
            "inside a struct",
            "a struct holds only members: declare this before the struct and use it there",
        );
        let saved = self.item_indent;
        self.item_indent = self.column_of(t.span.lo);
        let kind = if t.kind == TokenKind::Struct {
            self.parse_struct()
        } else {
            match self.parse_const() {
                Some(c) => ItemKind::Const(c),
                None => ItemKind::Error,
            }
        };
        self.push_module_item(t.span.lo, kind);
        self.item_indent = saved;
        self.recovering = false;
    }

    #[cold]
    #[inline(never)]
    fn parse_misplaced_global(&mut self, lo: u32) -> Option<Stmt> {
        let t = self.report_misplaced_declaration(
            "inside a function body",
            "move this declaration out of the function",
        );
        // Kept as a module item, as a nested function or struct is: its uses then resolve
        // instead of each adding "cannot find" to the one mistake.
        let body = self.suspend_body();
        let global = self.parse_global_decl();
        self.resume_body(body);
        if let Some(g) = global {
            self.push_module_item(t.span.lo, ItemKind::Global(g));
        }
        self.stmt(StmtKind::Error, lo)
    }

    /// Reports the declaration at the current token as out of place (`where_` labels it,
    /// `help` says what to do) and returns its first token.
    fn report_misplaced_declaration(&mut self, where_: &str, help: &str) -> Token {
        let t = self.tok();
        let word = self.slice(t.span).to_owned();
        let d = Diagnostic::error(
            codes::DECLARATION_IN_BLOCK,
            t.span,
            format!("`{word}` declarations belong at module scope"),
        )
        .with_primary_label(where_)
        .with_help(help);
        self.report(d);
        t
    }

    /// Keeps a declaration found out of place, from `lo` to here, as a module item: its uses
    /// then resolve instead of each adding "cannot find" to the one mistake.
    fn push_module_item(&mut self, lo: u32, kind: ItemKind) {
        let span = self.since(lo);
        self.module.items.push(Item {
            attributes: Vec::new(),
            kind,
            span,
        });
    }

    /// Lua statements the lexer has already reported: consumed whole, so what they contain
    /// parses normally and nothing cascades.
    fn parse_reserved_statement(&mut self, lo: u32) -> Option<Stmt> {
        match self.kind() {
            TokenKind::Reserved(Reserved::Repeat) => {
                self.bump();
                self.repeat_depth += 1;
                self.parse_block();
                self.repeat_depth -= 1;
                if self.eat(TokenKind::Reserved(Reserved::Until)).is_some() {
                    self.parse_expr();
                }
                self.recovering = true;
                self.stmt(StmtKind::Error, lo)
            }
            TokenKind::Reserved(Reserved::Goto) => {
                self.bump();
                if !self.tok().newline_before
                    && matches!(self.kind(), TokenKind::Ident | TokenKind::Reserved(_))
                {
                    self.bump();
                }
                self.stmt(StmtKind::Error, lo)
            }
            TokenKind::Reserved(Reserved::Continue | Reserved::Until) => {
                self.bump();
                self.stmt(StmtKind::Error, lo)
            }
            // `nil` and `self` start expressions.
            _ => self.parse_expr_statement(lo),
        }
    }

    /// Whether a Lua label, `::name::`, starts here (the lexer makes `::` two colons).
    fn at_lua_label(&self) -> bool {
        let adjacent = |a: Token, b: Token| a.span.hi == b.span.lo && !b.newline_before;
        let (c1, c2, name, c3, c4) = (
            self.tok(),
            self.nth(1),
            self.nth(2),
            self.nth(3),
            self.nth(4),
        );
        [c1, c2, c3, c4].iter().all(|t| t.kind == TokenKind::Colon)
            && matches!(name.kind, TokenKind::Ident | TokenKind::Reserved(_))
            && adjacent(c1, c2)
            && adjacent(c3, c4)
            && !name.newline_before
            && !c3.newline_before
    }

    /// A Lua label, `::name::`, the target of a `goto`: one error, and the label is skipped.
    #[cold]
    #[inline(never)]
    fn lua_label(&mut self, lo: u32) -> Option<Stmt> {
        let span = self.tok().span.to(self.nth(4).span);
        let d = Diagnostic::error(codes::UNEXPECTED_TOKEN, span, "Luma has no `goto` labels")
            .with_primary_label("a Lua label")
            .with_help(
                "leave loops with `break` and functions with `return`; to skip the rest of a \
                 loop body, put it inside an `if`",
            );
        self.report(d);
        for _ in 0..5 {
            self.bump();
        }
        self.stmt(StmtKind::Error, lo)
    }

    #[cold]
    #[inline(never)]
    fn c_directive_in_block(&mut self) {
        if let Some(d) = self.unexpected_diag("a statement") {
            self.report(d.with_help(
                "Luma has no C preprocessor: the directives are `#include`, `#pragma` and \
                 `#line`; declare constants with `const`",
            ));
        }
        self.recovering = true;
    }

    /// `var x = e` (WGSL, Swift, JavaScript), `auto x = e` (C++) and `mut x = e`: reported
    /// with the fix, parsed as `let x = e` (a `let` may be reassigned, so nothing else changes).
    fn parse_foreign_let(&mut self, lo: u32) -> Option<Stmt> {
        let keyword = self.tok().span;
        let name = self.nth(1).span;
        let word = self.slice(keyword).to_owned();
        let replacement = format!("let {}", self.slice(name));
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            keyword,
            format!("`{word}` does not declare variables in Luma"),
        )
        .with_primary_label("written as a declaration keyword")
        .with_note("Luma declares variables with `let name = value` (they may be reassigned)")
        .with_suggestion(
            Span::new(keyword.lo, name.hi),
            replacement,
            "declare it with `let`",
        );
        self.report(d);
        self.parse_let(lo)
    }

    /// `vec3 pos = e` (GLSL): reported with the fix, parsed as `let pos: vec3 = e`.
    fn parse_glsl_local(&mut self, lo: u32) -> Option<Stmt> {
        let (a, b) = (self.nth(0), self.nth(1));
        let ty_text = self.slice(a.span).to_owned();
        let name_text = self.slice(b.span).to_owned();
        let d = self
            .glsl_declaration_error(b, "Luma declares variables with `let name: type = value`")
            .with_suggestion(
                Span::new(a.span.lo, b.span.hi),
                format!("let {name_text}: {ty_text}"),
                "declare it with `let`",
            );
        self.report(d);
        self.bump();
        self.bump();
        self.bump();
        let value = self.parse_expr();
        self.glsl_let(a, b, value, lo)
    }

    /// The error of a GLSL declaration `type name` (`a` `b`), reported at the name.
    fn glsl_declaration_error(&self, b: Token, note: &str) -> Diagnostic {
        Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            b.span,
            format!(
                "expected `=` or a call, found identifier `{}`",
                self.slice(b.span)
            ),
        )
        .with_primary_label("a second name here")
        .with_note(note)
    }

    /// The `let b: a = value` a GLSL declaration `a b = value` means.
    fn glsl_let(&mut self, a: Token, b: Token, value: ExprId, lo: u32) -> Option<Stmt> {
        let ty_name = self.ident_of(a);
        let ty = self.alloc_type(TypeExprKind::Named(ty_name), a.span);
        self.glsl_let_typed(ty, b, value, lo)
    }

    /// The `let b: ty = value` a GLSL declaration of `b` means, once its type is built.
    fn glsl_let_typed(&mut self, ty: TypeId, b: Token, value: ExprId, lo: u32) -> Option<Stmt> {
        let name = self.ident_of(b);
        self.stmt(
            StmtKind::Let {
                name,
                ty: Some(ty),
                value,
            },
            lo,
        )
    }

    /// Whether the statement starts with a name close to a statement keyword (`esle x = 1.0`).
    fn misspelt_statement_keyword(&self) -> bool {
        let t = self.tok();
        t.kind == TokenKind::Ident
            && similar::closest_keyword(self.slice(t.span), STATEMENT_KEYWORDS).is_some()
    }

    /// `vec3 v` alone on its line (GLSL), where the first name reads as a type.
    fn at_glsl_declaration_without_value(&self) -> bool {
        let (a, b, c) = (self.nth(0), self.nth(1), self.nth(2));
        b.kind == TokenKind::Ident
            && !b.newline_before
            && (c.newline_before || c.kind == TokenKind::Eof)
            && looks_like_type(self.slice(a.span))
    }

    /// `float arr[4] ...` (GLSL), where the first name reads as a type.
    fn at_glsl_array_declaration(&self) -> bool {
        let (a, b, c) = (self.nth(0), self.nth(1), self.nth(2));
        b.kind == TokenKind::Ident
            && !b.newline_before
            && c.kind == TokenKind::LBracket
            && !c.newline_before
            && looks_like_type(self.slice(a.span))
    }

    /// `vec3 v` (GLSL, without a value): reported with the fix, parsed as a `let` whose value
    /// is an error, so the uses of `v` that follow find it.
    fn parse_glsl_local_without_value(&mut self, lo: u32) -> Option<Stmt> {
        let (a, b) = (self.bump(), self.bump());
        let ty_text = self.slice(a.span).to_owned();
        let name_text = self.slice(b.span).to_owned();
        let d = self
            .glsl_declaration_error(
                b,
                "Luma declares variables with `let name: type = value`, and every variable has a value",
            )
            .with_help(format!(
                "declare it with `let` and give it its first value: `let {name_text}: {ty_text} = ...`"
            ));
        self.report(d);
        let value = self.alloc_error(b.span);
        self.glsl_let(a, b, value, lo)
    }

    /// `float arr[4] = e` (GLSL): reported with the fix, parsed as `let arr: [4]float = e`
    /// (with an error for a value when there is no `= e`).
    fn parse_glsl_array_local(&mut self, lo: u32) -> Option<Stmt> {
        let (a, b) = (self.bump(), self.bump());
        self.bump();
        let len = (!self.at(TokenKind::RBracket)).then(|| self.parse_expr());
        let close = self.tok();
        if self.eat(TokenKind::RBracket).is_none() {
            self.expected("`]`");
            return self.stmt(StmtKind::Error, lo);
        }
        let ty_text = self.slice(a.span).to_owned();
        let name_text = self.slice(b.span).to_owned();
        let len_text = len
            .and_then(|e| self.expr(e))
            .map_or(String::new(), |e| self.slice(e.span).to_owned());
        let declaration = format!("let {name_text}: [{len_text}]{ty_text}");
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            b.span,
            format!("expected `=` or a call, found identifier `{name_text}`"),
        )
        .with_primary_label("a second name here")
        .with_note(
            "Luma declares variables with `let name: type = value`; an array type is `[N]T`",
        );
        let has_value = self.at(TokenKind::Assign);
        let d = if has_value {
            d.with_suggestion(
                Span::new(a.span.lo, close.span.hi),
                declaration,
                "declare it with `let`",
            )
        } else {
            d.with_help(format!(
                "declare it with `let` and give it its first value: `{declaration} = ...`"
            ))
        };
        self.report(d);
        let ty_name = self.ident_of(a);
        let element = self.alloc_type(TypeExprKind::Named(ty_name), a.span);
        let ty = self.alloc_type(
            TypeExprKind::Array { len, element },
            Span::new(a.span.lo, close.span.hi),
        );
        let value = if self.eat(TokenKind::Assign).is_some() {
            self.parse_expr()
        } else {
            self.alloc_error(b.span)
        };
        self.glsl_let_typed(ty, b, value, lo)
    }

    fn parse_let(&mut self, lo: u32) -> Option<Stmt> {
        self.bump();
        let Some(name) = self.expect_ident("a variable name") else {
            return self.stmt(StmtKind::Error, lo);
        };
        let ty = self.type_annotation();
        if self.at(TokenKind::Comma) {
            return self.parse_let_list(lo, name, ty);
        }
        if self.eat(TokenKind::Assign).is_none() {
            let help = self.uninitialized_help(name, ty);
            self.expected_with_help("`=`", help);
            // Still declare the name, with an `Error` value that later stages skip, so that its
            // uses (typically `x = ...` on the next line) are not reported as undeclared.
            let value = self.alloc_error(name.span);
            return self.stmt(StmtKind::Let { name, ty, value }, lo);
        }
        let value = self.parse_expr();
        if self.at(TokenKind::Comma) && !self.tok().newline_before {
            return self.parse_let_continued(
                lo,
                Stmt {
                    kind: StmtKind::Let { name, ty, value },
                    span: self.since(lo),
                },
            );
        }
        self.stmt(StmtKind::Let { name, ty, value }, lo)
    }

    /// A declaration's optional `: T`.
    fn type_annotation(&mut self) -> Option<TypeId> {
        if self.eat(TokenKind::Colon).is_some() {
            Some(self.parse_type())
        } else {
            None
        }
    }

    /// `let a = x, b = y` (C's declaration list): one error at the first `,`, then each
    /// `name [: T] = value` after a comma is declared as if it had its own `let`. The
    /// declarations before the last are pushed to the enclosing block; the last is returned.
    #[cold]
    #[inline(never)]
    fn parse_let_continued(&mut self, lo: u32, first: Stmt) -> Option<Stmt> {
        let comma = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            comma.span,
            "one `let` declares one variable",
        )
        .with_primary_label("a second declaration after `,`")
        .with_help("give each variable its own `let`, on its own line");
        self.report(d);
        let mut last = first;
        while self.at(TokenKind::Comma)
            && self.nth(1).kind == TokenKind::Ident
            && matches!(self.nth(2).kind, TokenKind::Assign | TokenKind::Colon)
        {
            self.bump();
            let t = self.bump();
            let name = self.ident_of(t);
            let ty = self.type_annotation();
            let value = if self.eat(TokenKind::Assign).is_some() {
                self.parse_expr()
            } else {
                self.alloc_error(name.span)
            };
            let next = Stmt {
                kind: StmtKind::Let { name, ty, value },
                span: self.since(lo),
            };
            self.block_stmts.push(std::mem::replace(&mut last, next));
        }
        Some(last)
    }

    /// `let a, b = x, y` (Lua's multiple assignment): one error, then each name is declared
    /// with the value at its position (an `Error` value, which later stages skip, where there
    /// is none), so that the names' uses are not reported as undeclared. The declarations
    /// before the last are pushed to the enclosing block directly; the last is returned.
    #[cold]
    #[inline(never)]
    fn parse_let_list(&mut self, lo: u32, first: Ident, ty: Option<TypeId>) -> Option<Stmt> {
        self.expected_with_help(
            "`=`",
            "Luma has no multiple assignment: declare one variable per `let`",
        );
        let mut names = vec![(first, ty)];
        while self.eat(TokenKind::Comma).is_some() {
            if !self.at(TokenKind::Ident) {
                break;
            }
            let t = self.bump();
            let name = self.ident_of(t);
            let ty = self.type_annotation();
            names.push((name, ty));
        }
        let mut values = Vec::new();
        if self.eat(TokenKind::Assign).is_some() {
            loop {
                values.push(self.parse_expr());
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
        }
        let count = names.len();
        let mut last = None;
        for (i, (name, ty)) in names.into_iter().enumerate() {
            let value = match values.get(i) {
                Some(&v) => v,
                None => self.alloc_error(name.span),
            };
            let stmt = self.stmt(StmtKind::Let { name, ty, value }, lo);
            if i + 1 == count {
                last = stmt;
            } else if let Some(stmt) = stmt {
                self.block_stmts.push(stmt);
            }
        }
        last
    }

    /// The help of a `let` without a value, with the declaration's own name and type: a struct
    /// type (by Luma's naming habit, capitalised) gets the literal that fills it, an array type
    /// its fill constructor.
    #[cold]
    #[inline(never)]
    fn uninitialized_help(&self, name: Ident, ty: Option<TypeId>) -> String {
        let name = self.slice(name.span);
        let ty = ty
            .and_then(|t| self.ty(t))
            .map(|t| self.slice(t.span))
            .filter(|t| !t.is_empty());
        match ty {
            Some(t) if t.starts_with(|c: char| c.is_ascii_uppercase()) => format!(
                "every variable is initialized where it is declared, and a struct value names \
                 every member: `let {name} = {t} {{ member = value, ... }}`"
            ),
            // A port of C's `float kernel[9];` filled element by element: the fill
            // constructor is the value to start from.
            Some(t) if t.starts_with('[') => format!(
                "every variable is initialized where it is declared, and an array fill gives \
                 every element one value: `let {name} = {t}(value)`"
            ),
            Some(t) => format!(
                "every variable is initialized where it is declared: `let {name}: {t} = ...`"
            ),
            None => {
                format!("every variable is initialized where it is declared: `let {name} = ...`")
            }
        }
    }

    fn parse_if(&mut self, lo: u32) -> Option<Stmt> {
        let prev = self.pos.checked_sub(1).and_then(|i| self.token_at(i));
        let kw = self.bump();
        // `else if` opens a nested `if` that needs its own `end`; remember it for the hint.
        if prev.is_some_and(|p| p.kind == TokenKind::Else) && !kw.newline_before {
            self.suspects.push(Suspect {
                opener: kw.span,
                what: "`if`".to_owned(),
                end: None,
                else_if: true,
            });
        }
        let mut branches = Vec::new();
        let cond = self.parse_condition();
        self.expect_then();
        let block = self.parse_if_arm();
        branches.push((cond, block));
        let mut else_block = None;
        let mut braced = false;
        loop {
            // C's `} else {`: the `}` closes the braced block before `else`.
            if self.brace_blocks > 0
                && self.at(TokenKind::RBrace)
                && matches!(self.nth(1).kind, TokenKind::Else | TokenKind::Elseif)
            {
                self.bump();
                self.brace_blocks -= 1;
                braced = true;
            }
            if self.eat(TokenKind::Elseif).is_some() {
                let cond = self.parse_condition();
                self.expect_then();
                let block = self.parse_if_arm();
                branches.push((cond, block));
            } else if self.at(TokenKind::Ident) && self.at_foreign_elseif() {
                self.foreign_elseif();
                let cond = self.parse_condition();
                self.expect_then();
                let block = self.parse_if_arm();
                branches.push((cond, block));
            } else if let Some(else_kw) = self.eat(TokenKind::Else) {
                if self.at(TokenKind::LBrace) && self.nth(1).newline_before {
                    if !braced {
                        let t = self.tok();
                        let d = Diagnostic::error(
                            codes::UNEXPECTED_TOKEN,
                            t.span,
                            "expected a statement, found `{`",
                        )
                        .with_primary_label("a C-style block")
                        .with_help("Luma writes blocks as `else ... end`, without braces");
                        self.report(d);
                    }
                    self.brace_block();
                }
                else_block = Some(self.parse_block());
                if matches!(self.kind(), TokenKind::Elseif | TokenKind::Else) {
                    self.arm_after_else(else_kw.span);
                }
                break;
            } else {
                break;
            }
        }
        self.expect_end(kw.span, "`if`");
        self.stmt(
            StmtKind::If(Box::new(IfStmt {
                branches,
                else_block,
            })),
            lo,
        )
    }

    /// At a misspelt `let` that starts a declaration: `lte x = ...`, `Let x: float = ...`.
    fn at_misspelt_let(&self) -> bool {
        let (name, after) = (self.nth(1), self.nth(2));
        name.kind == TokenKind::Ident
            && !name.newline_before
            && matches!(after.kind, TokenKind::Assign | TokenKind::Colon)
            && !after.newline_before
            && misspells(self.slice(self.tok().span), "let")
    }

    /// At another language's block end alone on its line: Bash's `fi` and `done`, GLSL's and
    /// Fortran's `endif`, PHP's `endwhile`, ...
    fn at_foreign_end(&self) -> bool {
        let t = self.tok();
        if !t.newline_before {
            return false;
        }
        let next = self.nth(1);
        if !(next.newline_before || next.kind == TokenKind::Eof) {
            return false;
        }
        let word = self.slice(t.span);
        matches!(
            word,
            "endif" | "fi" | "endwhile" | "endfor" | "endfunction" | "end_if" | "done" | "wend"
        ) || misspells(word, "end")
    }

    /// After the `end` at `end`: Visual Basic's and Fortran's `end if`, `end function`, ...
    /// with nothing after the keyword on its line, reported and consumed (else the keyword
    /// would open another block or declaration).
    #[inline]
    fn end_with_keyword(&mut self, end: Span) {
        let t = self.tok();
        if t.newline_before
            || !matches!(
                t.kind,
                TokenKind::If
                    | TokenKind::Function
                    | TokenKind::While
                    | TokenKind::For
                    | TokenKind::Do
            )
        {
            return;
        }
        let after = self.nth(1);
        if !(after.newline_before || after.kind == TokenKind::Eof) {
            return;
        }
        self.foreign_end_keyword(end, t.span);
    }

    #[cold]
    #[inline(never)]
    fn foreign_end_keyword(&mut self, end: Span, keyword: Span) {
        let word = self.slice(keyword).to_owned();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            keyword,
            format!("Luma closes every block with a plain `end`, not `end {word}`"),
        )
        .with_primary_label("remove this")
        .with_suggestion(end.to(keyword), "end", "write");
        self.report(d);
        self.bump();
    }

    /// The body of a loop or `do` block: not an `if` arm, even inside one, so another
    /// language's `elif` in it is not taken for the enclosing `if`'s next arm.
    fn parse_inner_block(&mut self) -> Block {
        let saved = std::mem::replace(&mut self.if_arm_depth, 0);
        let block = self.parse_block();
        self.if_arm_depth = saved;
        block
    }

    /// The block of an `if` or `elseif` arm.
    fn parse_if_arm(&mut self) -> Block {
        self.if_arm_depth += 1;
        let block = self.parse_block();
        self.if_arm_depth -= 1;
        block
    }

    /// At another language's `elseif` (Python's `elif`, Perl's and Ruby's `elsif`) starting a
    /// line with a `then` later on it: inside an `if`, an arm meant as `elseif`, not a
    /// statement.
    fn at_foreign_elseif(&mut self) -> bool {
        let t = self.tok();
        if !t.newline_before {
            return false;
        }
        let word = self.slice(t.span);
        if !matches!(word, "elif" | "elsif" | "else_if") && !misspells(word, "elseif") {
            return false;
        }
        // The condition is one line: look for its `then` within a bounded distance.
        for n in 1..256 {
            let next = self.peek_far(n);
            if next.newline_before || next.kind == TokenKind::Eof {
                return false;
            }
            if next.kind == TokenKind::Then {
                return true;
            }
        }
        false
    }

    /// Reports the word [`Self::at_foreign_elseif`] found, with `elseif` as the fix, and
    /// consumes it: the arm is then parsed as an `elseif` arm.
    #[cold]
    #[inline(never)]
    fn foreign_elseif(&mut self) {
        let t = self.bump();
        let word = self.slice(t.span).to_owned();
        let d = if !matches!(word.as_str(), "elif" | "elsif" | "else_if") {
            Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                format!("unknown keyword `{word}`"),
            )
            .with_primary_label("read as `elseif`")
            .with_suggestion(t.span, "elseif", "a keyword with a similar name exists")
        } else {
            Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                format!("Luma writes `elseif`, not `{word}`"),
            )
            .with_primary_label("read as `elseif`")
            .with_suggestion(t.span, "elseif", "continue the `if` with")
        };
        self.report(d);
    }

    /// An `elseif` or a second `else` after an `if`'s `else`: one error, and the arms are
    /// parsed (and dropped) so that the `if`'s `end` still closes it.
    #[cold]
    #[inline(never)]
    fn arm_after_else(&mut self, else_span: Span) {
        let t = self.tok();
        let d = if t.kind == TokenKind::Elseif {
            Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                "`elseif` after the `else` of this `if`",
            )
            .with_primary_label("after the `else`")
            .with_label(else_span, "the `else` arm is the last")
            .with_help("move the `elseif` arm before the `else`")
        } else {
            Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                "a second `else` in one `if`",
            )
            .with_primary_label("a second `else`")
            .with_label(else_span, "the first `else`")
            .with_help("an `if` has one `else`; test another condition with `elseif`")
        };
        self.report(d);
        while matches!(self.kind(), TokenKind::Elseif | TokenKind::Else) {
            if self.bump().kind == TokenKind::Elseif {
                self.parse_expr();
                self.expect_then();
            }
            self.parse_block();
        }
        self.recovering = false;
    }

    fn expect_then(&mut self) {
        if self.at(TokenKind::Assign) {
            if let Some(d) = self.expected_diag("`then`") {
                self.report(d.with_help("compare with `==`; `=` assigns"));
            }
        }
        self.expect_skip(TokenKind::Then, "`then`");
    }

    /// The condition of an `if`, `elseif` or `while`. C's `if (x = y)` habit, `if a = b then`
    /// with `=` on the condition's line, is one error at the `=`; the condition is then read as
    /// the comparison `a == b`, so the checker does not add "the condition is not a `bool`".
    fn parse_condition(&mut self) -> ExprId {
        let cond = self.parse_expr();
        let t = self.tok();
        if t.kind != TokenKind::Assign || t.newline_before || !starts_expr(self.nth(1).kind) {
            return cond;
        }
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "`=` assigns; a condition compares with `==`",
        )
        .with_primary_label("an assignment in a condition")
        .with_suggestion(t.span, "==", "compare with");
        self.report(d);
        // Read as `==`, the condition recovers whole.
        self.recovering = false;
        self.bump();
        let rhs = self.parse_expr();
        let lo = self.expr(cond).map_or(t.span.lo, |e| e.span.lo);
        let hi = self
            .expr(rhs)
            .map_or(t.span.hi, |e| e.span.hi)
            .max(t.span.hi);
        self.alloc(
            ExprKind::Binary {
                op: BinaryOp::Eq,
                op_span: t.span,
                lhs: cond,
                rhs,
            },
            Span::new(lo, hi),
        )
    }

    /// `var = start, end[, step]` after `for`.
    #[allow(clippy::type_complexity)]
    fn parse_for_header(&mut self) -> Option<(Ident, ExprId, ExprId, Option<ExprId>)> {
        if self.at(TokenKind::LParen) {
            self.c_for_header();
            return None;
        }
        if self.bare_c_for_header() {
            return None;
        }
        let var = self.expect_ident("a loop variable")?;
        if self.at(TokenKind::In) || self.at(TokenKind::Comma) {
            self.iterator_for();
            return None;
        }
        if self.eat(TokenKind::Assign).is_none() {
            self.expected("`=`");
            return None;
        }
        let start = self.parse_expr();
        if self.eat(TokenKind::Comma).is_none() {
            self.expected_with_help(
                "`,` and the last value",
                "count with `for i = first, last[, step] do ... end`",
            );
            return None;
        }
        let end = self.parse_expr();
        let step = if self.eat(TokenKind::Comma).is_some() {
            Some(self.parse_expr())
        } else {
            None
        };
        Some((var, start, end, step))
    }

    /// A `for` header with semicolons but no parentheses (`for i = 0; i < n; i += 1 do`, Go's
    /// `for i := 0; i < n; i++ {`), at the token after `for`: the same one error as
    /// [`Parser::c_for_header`], then the header is skipped up to its `do` or `{` on the same
    /// line. The lexer dropped the header's semicolons without a word, so this is what
    /// reports them. `false` (nothing consumed) when the header has no `;`.
    #[cold]
    #[inline(never)]
    fn bare_c_for_header(&mut self) -> bool {
        let first = self.tok();
        let mut end = None;
        for n in 0.. {
            let t = self.peek_far(n);
            if t.kind == TokenKind::Eof || (n > 0 && t.newline_before) {
                break;
            }
            if matches!(t.kind, TokenKind::Do | TokenKind::LBrace) {
                end = Some((n, t.span.lo));
                break;
            }
        }
        let (count, hi) = match end {
            Some(found) => found,
            // No `do` or `{` on the line: up to the line's last token.
            None => {
                let mut n = 0;
                while self.peek_far(n + 1).kind != TokenKind::Eof
                    && !self.peek_far(n + 1).newline_before
                {
                    n += 1;
                }
                (n + 1, self.peek_far(n).span.hi)
            }
        };
        let Some(header) = self.text.get(first.span.lo as usize..hi as usize) else {
            return false;
        };
        let semicolons = code_semicolons(header);
        if let [one] = semicolons.as_slice() {
            // One stray `;` in a Luma header: the lexer's error, which it left to this.
            let at = first.span.lo + u32::try_from(*one).unwrap_or(0);
            let d = Diagnostic::error(
                codes::SEMICOLON,
                Span::new(at, at + 1),
                "Luma does not use semicolons",
            )
            .with_suggestion(Span::new(at, at + 1), "", "remove the `;`");
            self.report(d);
            return false;
        }
        if semicolons.is_empty() {
            return false;
        }
        let help = match c_for_as_luma(header) {
            Some(luma) => format!(
                "write `for {luma} do`: Luma's `for` counts from the first value to the last, \
                 included"
            ),
            None => "Luma's `for` counts from the first value to the last, included: \
                     `for i = 0, n - 1 do ... end`"
                .to_owned(),
        };
        let span = Span::new(first.span.lo, hi.max(first.span.hi));
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            span,
            "Luma has no C-style `for` header",
        )
        .with_primary_label("expected `name = first, last`")
        .with_help(help);
        self.report(d);
        for _ in 0..count {
            self.bump();
        }
        true
    }

    /// C's `for (int i = 0; i < n; i++)`, at its `(`: one error for the whole header, with
    /// Luma's loop when the header is the usual count, then the header is skipped up to its
    /// `)` on the same line (the lexer dropped its semicolons without a word), so `do` or `{`
    /// and the body parse as meant.
    #[cold]
    #[inline(never)]
    fn c_for_header(&mut self) {
        let open = self.tok();
        let mut close = None;
        let mut depth = 0usize;
        for n in 0.. {
            let t = self.peek_far(n);
            if t.kind == TokenKind::Eof || (n > 0 && t.newline_before) {
                break;
            }
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        close = Some((n, t.span));
                        break;
                    }
                }
                _ => {}
            }
        }
        let counted = close
            .and_then(|(_, c)| c_for_as_luma(self.text.get(open.span.hi as usize..c.lo as usize)?));
        let help = match counted {
            Some(header) => format!(
                "write `for {header} do`: Luma's `for` counts from the first value to the last, \
                 included"
            ),
            None => "Luma's `for` counts from the first value to the last, included: \
                     `for i = 0, n - 1 do ... end`"
                .to_owned(),
        };
        let span = match close {
            Some((_, c)) => open.span.to(c),
            None => open.span,
        };
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            span,
            "Luma has no C-style `for` header",
        )
        .with_primary_label("expected `name = first, last`")
        .with_help(help);
        self.report(d);
        if let Some((n, _)) = close {
            for _ in 0..=n {
                self.bump();
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn iterator_for(&mut self) {
        let t = self.tok();
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            t.span,
            "Luma has only counting `for` loops",
        )
        .with_primary_label("expected `=`")
        .with_help("count with `for i = first, last[, step] do ... end`");
        self.report(d);
    }

    fn parse_for(&mut self, attributes: Vec<Attribute>, lo: u32) -> Option<Stmt> {
        let kw = self.bump();
        let header = self.parse_for_header();
        self.expect_skip(TokenKind::Do, "`do`");
        let body = self.parse_inner_block();
        self.expect_end(kw.span, "`for` loop");
        match header {
            Some((var, start, end, step)) => self.stmt(
                StmtKind::For(Box::new(ForStmt {
                    attributes,
                    var,
                    start,
                    end,
                    step,
                    body,
                })),
                lo,
            ),
            None => self.stmt(StmtKind::Error, lo),
        }
    }

    fn parse_while(&mut self, attributes: Vec<Attribute>, lo: u32) -> Option<Stmt> {
        let kw = self.bump();
        let cond = self.parse_condition();
        self.expect_skip(TokenKind::Do, "`do`");
        let body = self.parse_inner_block();
        self.expect_end(kw.span, "`while` loop");
        self.stmt(
            StmtKind::While(Box::new(WhileStmt {
                attributes,
                cond,
                body,
            })),
            lo,
        )
    }

    fn parse_return(&mut self, lo: u32) -> Option<Stmt> {
        self.bump();
        let t = self.tok();
        let takes_value = starts_expr(t.kind)
            && !(t.newline_before && matches!(t.kind, TokenKind::Ident | TokenKind::If));
        if !takes_value && t.newline_before && t.kind == TokenKind::Ident {
            self.bare_return_next = Some(t.span.lo);
        }
        let mut value = if takes_value {
            Some(self.parse_expr())
        } else {
            None
        };
        if value.is_some() && self.at(TokenKind::Comma) && !self.tok().newline_before {
            value = Some(self.return_list(t.span.lo));
        }
        self.stmt(StmtKind::Return(value), lo)
    }

    /// Lua's `return a, b`: Luma returns one value (several results are one tuple literal).
    /// The rest of the list is parsed, reported once, and the whole list becomes an `Error`
    /// node, so the checker adds no type mismatch of its own.
    #[cold]
    #[inline(never)]
    fn return_list(&mut self, lo: u32) -> ExprId {
        while self.eat(TokenKind::Comma).is_some() {
            self.parse_expr();
        }
        let span = self.since(lo);
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            span,
            "`return` takes one value, not a list",
        )
        .with_primary_label("several values")
        .with_help(if self.returns_tuple {
            "a function with several results (`-> (color: vec4, bloom: vec4)`) returns them by \
             name: `return { color = ..., bloom = ... }`"
        } else {
            "return a struct with a member for each value (`return Pair { first = ..., second \
             = ... }`); an entry point may name several outputs instead (`-> (color: vec4, \
             bloom: vec4)`) and return `{ color = ..., bloom = ... }`"
        });
        if !self.recovering {
            self.diags.push(d);
        }
        self.alloc_error(span)
    }

    fn parse_expr_statement(&mut self, lo: u32) -> Option<Stmt> {
        let first = self.tok();
        let target = self.parse_expr();
        if let Some(op) = assign_op(self.kind()) {
            let op_tok = self.bump();
            let value = self.parse_expr();
            if !self.is_place(target) {
                let span = self.expr(target).map_or(op_tok.span, |e| e.span);
                let mut d = Diagnostic::error(
                    codes::INVALID_ASSIGN_TARGET,
                    span,
                    "cannot assign to this expression",
                )
                .with_primary_label("not a variable, field, swizzle or element");
                if matches!(
                    self.expr(target).map(|e| &e.kind),
                    Some(ExprKind::Call { .. })
                ) {
                    d = d.with_note("a call's result is a value, not a place");
                } else if matches!(
                    self.expr(self.place_root(target)).map(|e| &e.kind),
                    Some(ExprKind::Call { .. })
                ) {
                    // `make().a = 2.0`, `table()[i] = x`.
                    d = d.with_note(
                        "a call's result is a value, not a place: to change a part of it, store \
                         it with `let` first",
                    );
                }
                self.report(d);
            }
            return self.stmt(
                StmtKind::Assign {
                    target,
                    op,
                    op_span: op_tok.span,
                    value,
                },
                lo,
            );
        }
        let complete = self.tok().newline_before || self.at(TokenKind::Eof);
        if self.bare_return_next == Some(lo) && self.returns_value && complete {
            if let Some(e) = self.expr(target) {
                if !matches!(e.kind, ExprKind::Call { .. } | ExprKind::Error) {
                    if let Some(ret) = self.value_after_return(target, e.span) {
                        return ret;
                    }
                }
            }
        }
        let (span, kind) = match self.expr(target) {
            Some(e) => (e.span, &e.kind),
            None => return self.stmt(StmtKind::Error, lo),
        };
        match kind {
            ExprKind::Call { .. } => self.stmt(StmtKind::Expr(target), lo),
            ExprKind::Error => self.stmt(StmtKind::Error, lo),
            ExprKind::Binary {
                op: BinaryOp::Eq, ..
            } => {
                let d = Diagnostic::error(
                    codes::EXPR_NOT_STATEMENT,
                    span,
                    "this comparison is not a statement",
                )
                .with_primary_label("the value is unused")
                .with_help("assign with `=`; `==` compares");
                self.report(d);
                self.stmt(StmtKind::Error, lo)
            }
            _ => {
                let next = self.tok();
                let mut d = Diagnostic::error(
                    codes::EXPR_NOT_STATEMENT,
                    span,
                    "expression is not a statement",
                )
                .with_primary_label("the value is unused");
                // C's `x--` lexes as `x` and a comment: Lua's `--` starts one.
                let decrement = self
                    .text
                    .get(span.hi as usize..)
                    .is_some_and(|rest| rest.starts_with("--"));
                // `retrun x`, `esle`, `ned`: a misspelt keyword reads as a name.
                let keyword = (first.kind == TokenKind::Ident)
                    .then(|| similar::closest_keyword(self.slice(first.span), STATEMENT_KEYWORDS))
                    .flatten();
                d = if decrement {
                    d.with_help(format!(
                        "`--` starts a comment in Luma; to decrement, write `{} -= 1`",
                        self.slice(span)
                    ))
                } else if keyword.is_some() {
                    d
                } else {
                    d.with_help("only calls stand alone; to keep a value, write `let name = ...`")
                };
                if !next.newline_before && next.kind != TokenKind::Eof {
                    if next.kind == TokenKind::Error {
                        self.recovering = true;
                        return self.stmt(StmtKind::Error, lo);
                    }
                    let found = self.describe(next);
                    d = Diagnostic::error(
                        codes::UNEXPECTED_TOKEN,
                        next.span,
                        format!("expected `=` or a call, found {found}"),
                    )
                    .with_primary_label("expected `=`")
                    .with_label(span, "this expression is not a statement");
                    if next.kind == TokenKind::Comma {
                        d = d.with_help(
                            "Luma has no multiple assignment: assign one target per statement \
                             (`a = x` on one line, `b = y` on the next)",
                        );
                    }
                    if let ExprKind::Ident(id) = kind {
                        if matches!(self.name(id), "elif" | "elsif" | "elseif" | "else_if") {
                            d = d.with_suggestion(id.span, "elseif", "Luma continues an `if` with");
                        }
                    }
                }
                if let Some(k) = keyword.filter(|_| d.suggestions.is_empty()) {
                    d = d.with_suggestion(first.span, k, "a keyword with a similar name exists");
                }
                self.report(d);
                self.stmt(StmtKind::Error, lo)
            }
        }
    }

    /// `return` with the value on the next line, in a function with a result: by the newline
    /// rule the value is a statement of its own, which no statement can be. Reported once,
    /// here, and the value is given to the `return` (the statement before it in the block), so
    /// the checker does not add that the `return` has no value. `None` when the statement
    /// before is not that `return`.
    #[cold]
    #[inline(never)]
    fn value_after_return(&mut self, value: ExprId, span: Span) -> Option<Option<Stmt>> {
        let ret = self.block_stmts.last()?;
        if !matches!(ret.kind, StmtKind::Return(None)) {
            return None;
        }
        let keyword = ret.span;
        let text = self.slice(span);
        let mut d = Diagnostic::error(
            codes::EXPR_NOT_STATEMENT,
            span,
            "the value of `return` must start on the same line as `return`",
        )
        .with_primary_label("a statement of its own, not the value")
        .with_label(keyword, "this `return` has no value")
        .with_note("a name or `if` on the line after `return` starts a new statement");
        d = if text.contains('\n') {
            d.with_help("start the value on the line of `return`")
        } else {
            d.with_suggestion(
                keyword.to(span),
                format!("return {text}"),
                "start the value on the line of `return`",
            )
        };
        self.report(d);
        let ret = self.block_stmts.last_mut()?;
        ret.kind = StmtKind::Return(Some(value));
        ret.span = ret.span.to(span);
        Some(None)
    }

    /// Whether `e` is syntactically a place: a name followed by fields and indexes.
    /// The expression under the members and indices of `e` (`make()` in `make().a[1]`).
    fn place_root(&self, mut e: ExprId) -> ExprId {
        while let Some(ExprKind::Field { base, .. } | ExprKind::Index { base, .. }) =
            self.expr(e).map(|x| &x.kind)
        {
            e = *base;
        }
        e
    }

    fn is_place(&self, mut e: ExprId) -> bool {
        loop {
            match self.expr(e).map(|x| &x.kind) {
                Some(ExprKind::Ident(_)) | Some(ExprKind::Error) | None => return true,
                Some(ExprKind::Field { base, .. }) | Some(ExprKind::Index { base, .. }) => {
                    e = *base
                }
                Some(_) => return false,
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Expressions

    fn parse_expr(&mut self) -> ExprId {
        let t = self.tok();
        if self.depth >= self.limit {
            self.skip_nested_expr();
            self.nesting_error(t.span, "expression");
            return self.alloc_error(t.span);
        }
        self.depth += 1;
        let mut e = self.parse_binary();
        if self.at(TokenKind::Error) && self.slice(self.tok().span) == "?" {
            e = self.c_conditional(t.span.lo);
        }
        self.depth -= 1;
        e
    }

    /// C's `c ? a : b`, at its `?` (which the lexer reported, suggesting an if-expression): the
    /// branches are parsed so that they end no statement early, and the whole conditional is
    /// an `Error` node, so a variable it initializes is not typed from the condition alone.
    /// Nested conditionals recurse through [`Self::parse_expr`], within the nesting limit.
    #[cold]
    #[inline(never)]
    fn c_conditional(&mut self, lo: u32) -> ExprId {
        self.bump();
        // As after any token the lexer reported: what is missing around it is not reported
        // again (`if a > b ? a : b` lacks its `then` because of the `?`).
        self.recovering = true;
        if starts_expr(self.kind()) {
            self.parse_expr();
            if self.eat(TokenKind::Colon).is_some() && starts_expr(self.kind()) {
                self.parse_expr();
            }
        }
        let span = self.since(lo);
        self.alloc_error(span)
    }

    /// Binary operators by precedence climbing with explicit stacks (no recursion per operator).
    /// The stacks are the parser's `operands` and `pending_ops`: this expression uses the part
    /// above `operand_base` and `op_base` (operands nested in it, in parentheses or arguments,
    /// use and give back the part above that).
    fn parse_binary(&mut self) -> ExprId {
        let first = self.parse_unary();
        if self.binary_operator().is_none() {
            return first;
        }
        let operand_base = self.operands.len();
        let op_base = self.pending_ops.len();
        self.operands.push(first);
        while let Some((op, prec, reported)) = self.binary_operator() {
            let op_tok = self.bump();
            while self.pending_ops.len() > op_base
                && self.pending_ops.last().is_some_and(|top| top.prec >= prec)
            {
                self.reduce();
            }
            let mut chained = false;
            if prec == PREC_CMP {
                if let Some(&lhs) = self.operands.last() {
                    chained = match self.expr(lhs).map(|e| &e.kind) {
                        Some(ExprKind::Binary { op, .. }) => is_comparison(*op),
                        _ => false,
                    };
                }
            }
            self.pending_ops.push(PendingOp {
                op,
                span: op_tok.span,
                prec,
                chained,
                reported,
            });
            let rhs = self.parse_unary();
            self.operands.push(rhs);
        }
        while self.pending_ops.len() > op_base {
            self.reduce();
        }
        let result = self.operands.pop().unwrap_or(first);
        self.operands.truncate(operand_base);
        result
    }

    /// The binary operator at the current token, with its precedence and whether it is Lua's
    /// `^` (which the lexer reported: Luma writes `pow` and `~`). `^` binds tightest, as in
    /// Lua; it counts only between two operands on one line, so that it never swallows the
    /// next statement.
    fn binary_operator(&self) -> Option<(BinaryOp, u8, bool)> {
        let t = self.tok();
        if let Some((op, prec)) = binary_op(t.kind) {
            return Some((op, prec, false));
        }
        let next = self.nth(1);
        if t.kind != TokenKind::Error || next.newline_before || !starts_expr(next.kind) {
            return None;
        }
        // Lua's concatenation `a .. b` (reported by the lexer) is an operator too, just below
        // `+`: the whole `a .. b` is the error, so what it initializes takes no type from `a`
        // (`let v = c.xy .. c.z` would make `v` a `vec2`, and `vec4(v, 1.0)` short).
        // `x ^= y` is one error token whose `=` the lexer dropped: not an operator between two
        // operands.
        let caret_eq = self
            .text
            .get(t.span.hi as usize..)
            .is_some_and(|rest| rest.starts_with('='));
        match self.slice(t.span) {
            "^" if !caret_eq => Some((BinaryOp::Mul, PREC_MUL + 1, true)),
            ".." => Some((BinaryOp::Add, PREC_SHIFT, true)),
            _ => None,
        }
    }

    /// Replaces the top two operands by the top operator applied to them.
    fn reduce(&mut self) {
        let (Some(op), Some(rhs), Some(lhs)) = (
            self.pending_ops.pop(),
            self.operands.pop(),
            self.operands.pop(),
        ) else {
            return;
        };
        let lo = self.expr(lhs).map_or(op.span.lo, |e| e.span.lo);
        let hi = self.expr(rhs).map_or(op.span.hi, |e| e.span.hi);
        let span = Span::new(lo, hi.max(lo));
        let e = if op.chained {
            self.report_chain(lhs, op.span, op.op, rhs);
            self.alloc_error(span)
        } else if op.reported {
            self.alloc_error(span)
        } else {
            self.alloc(
                ExprKind::Binary {
                    op: op.op,
                    op_span: op.span,
                    lhs,
                    rhs,
                },
                span,
            )
        };
        self.operands.push(e);
    }

    fn report_chain(&mut self, lhs: ExprId, op_span: Span, op: BinaryOp, rhs: ExprId) {
        let Some(ExprKind::Binary {
            op: first_op,
            op_span: first_span,
            lhs: a,
            rhs: b,
        }) = self.expr(lhs).map(|e| e.kind)
        else {
            return;
        };
        let text = |e: ExprId| {
            self.expr(e)
                .map(|x| self.slice(x.span))
                .filter(|s| s.len() <= 40 && !s.contains('\n'))
                .map(str::to_owned)
        };
        let mut d = Diagnostic::error(
            codes::CHAINED_COMPARISON,
            op_span,
            "comparison operators cannot be chained",
        )
        .with_primary_label("second comparison")
        .with_label(first_span, "first comparison");
        d = match (text(a), text(b), text(rhs)) {
            (Some(a), Some(b), Some(c)) => d.with_help(format!(
                "combine comparisons with `and`: `{a} {} {b} and {b} {} {c}`",
                first_op.as_str(),
                op.as_str()
            )),
            _ => d.with_help("combine comparisons with `and`"),
        };
        self.report(d);
    }

    fn parse_unary(&mut self) -> ExprId {
        // The prefix operators are consecutive tokens: keep them on the shared stack and read
        // them back, innermost first, once the operand is parsed.
        let first_prefix = self.prefix_ops.len();
        while let Some(op) = unary_op(self.kind()) {
            let t = self.bump();
            self.prefix_ops.push((op, t.span));
        }
        let mut e = self.parse_postfix();
        while self.prefix_ops.len() > first_prefix {
            let Some((op, op_span)) = self.prefix_ops.pop() else {
                break;
            };
            let hi = self.expr(e).map_or(op_span.hi, |x| x.span.hi);
            e = self.alloc(
                ExprKind::Unary {
                    op,
                    op_span,
                    operand: e,
                },
                Span::new(op_span.lo, hi.max(op_span.hi)),
            );
        }
        e
    }

    /// Postfix operations, in a loop. Each operation is its own function so this frame, which
    /// stays on the stack while nested expressions are parsed, stays small.
    fn parse_postfix(&mut self) -> ExprId {
        let mut e = self.parse_primary();
        let lo = self.expr(e).map_or(0, |x| x.span.lo);
        loop {
            e = match self.kind() {
                TokenKind::Dot => match self.postfix_field(e, lo) {
                    Ok(e) => e,
                    Err(e) => return e,
                },
                TokenKind::LBracket => self.postfix_index(e, lo),
                TokenKind::LParen => self.postfix_call(e, lo),
                TokenKind::Colon
                    if self.nth(1).kind == TokenKind::Ident
                        && self.nth(2).kind == TokenKind::LParen
                        && !self.tok().newline_before =>
                {
                    self.method_call(e, lo)
                }
                _ => return e,
            };
        }
    }

    /// `.name`; `Err` with an error node when the name is missing (the chain ends there).
    fn postfix_field(&mut self, base: ExprId, lo: u32) -> Result<ExprId, ExprId> {
        self.bump();
        if self.at(TokenKind::Ident) || (self.in_is_a_name && self.at(TokenKind::In)) {
            let t = self.bump();
            let name = self.ident_of(t);
            Ok(self.alloc(ExprKind::Field { base, name }, self.since(lo)))
        } else {
            self.expected("a field name after `.`");
            Err(self.alloc_error(self.since(lo)))
        }
    }

    fn postfix_index(&mut self, base: ExprId, lo: u32) -> ExprId {
        let open = self.bump();
        let index = self.parse_expr();
        self.expect_close(TokenKind::RBracket, open.span);
        self.alloc(ExprKind::Index { base, index }, self.since(lo))
    }

    fn postfix_call(&mut self, callee: ExprId, lo: u32) -> ExprId {
        let open = self.bump();
        if open.newline_before {
            self.nodes
                .nodes
                .calls_after_line_break
                .push((callee, open.span));
        }
        let base = self.list_items.len();
        self.parse_expr_list(TokenKind::RParen, open.span);
        let args = self.take_list(base);
        self.alloc(ExprKind::Call { callee, args }, self.since(lo))
    }

    /// Lua's `v:f(x)`: one error, then the call Luma would write, `f(v, x)`.
    #[cold]
    #[inline(never)]
    fn method_call(&mut self, base: ExprId, lo: u32) -> ExprId {
        let colon = self.bump();
        let name_tok = self.bump();
        let name = self.ident_of(name_tok);
        // `t:len()`, `buf:size()`: what Luma spells `#t`, not a function to pass `t` to.
        let length = matches!(self.name(&name), "len" | "size" | "count" | "getn")
            && self.nth(1).kind == TokenKind::RParen;
        let d = Diagnostic::error(
            codes::METHOD_CALL,
            colon.span.to(name_tok.span),
            "Luma has no method calls",
        )
        .with_primary_label("method call syntax");
        let d = if length {
            d.with_help("the length of an array is `#value`")
        } else {
            d.with_help(format!(
                "pass the value as the first argument: `{}(value, ...)`",
                self.name(&name)
            ))
        };
        self.report(d);
        if length {
            // Read as `#base`, so checking goes on without a second error for the name.
            self.bump();
            self.bump();
            let op_span = colon.span.to(name_tok.span);
            return self.alloc(
                ExprKind::Unary {
                    op: UnaryOp::Len,
                    op_span,
                    operand: base,
                },
                self.since(lo),
            );
        }
        let open = self.bump();
        let list_base = self.list_items.len();
        self.list_items.push(base);
        self.parse_expr_list(TokenKind::RParen, open.span);
        let args = self.take_list(list_base);
        let callee = self.alloc(ExprKind::Ident(name), name_tok.span);
        self.alloc(ExprKind::Call { callee, args }, self.since(lo))
    }

    /// Comma-separated expressions up to `close` (a trailing comma is allowed), pushed on the
    /// shared `list_items` stack; [`Parser::take_list`] moves them into the module. The stack
    /// lets nested lists (`f(g(a, b), c)`) collect above the outer one's part and still land
    /// as contiguous runs of the lists of the nodes being written.
    fn parse_expr_list(&mut self, close: TokenKind, open: Span) {
        loop {
            if self.at(close) || self.at(TokenKind::Eof) {
                break;
            }
            let e = self.parse_expr();
            if self.eat(TokenKind::Comma).is_some() {
                self.list_items.push(e);
                continue;
            }
            let (e, goes_on) = self.skip_rest_of_entry(e, close);
            self.list_items.push(e);
            if !goes_on {
                break;
            }
        }
        self.expect_close(close, open);
    }

    /// After an entry of a list (call arguments, literal elements or fields) that neither `,`
    /// nor `close` follows on its line: reports it, skips the rest of the entry up to the next
    /// `,` or `close` of this list, and says whether the list goes on. The entry becomes an
    /// `Error` node, since what it was meant to be is unknown; it still counts, so that a call
    /// or literal with one broken entry does not also get a wrong count of them. On a later
    /// line the list ends as before: the line more likely starts a statement than continues an
    /// unclosed list.
    fn skip_rest_of_entry(&mut self, entry: ExprId, close: TokenKind) -> (ExprId, bool) {
        let t = self.tok();
        if t.kind == close || t.newline_before || t.kind == TokenKind::Eof {
            return (entry, false);
        }
        // `max(x 2.0)`, `S { a = 1.0 b = 2.0 }`: a name or a number right after a whole entry
        // on its line starts the next one; the list is read as if the comma were there.
        if matches!(
            t.kind,
            TokenKind::Ident | TokenKind::Int { .. } | TokenKind::Float
        ) {
            self.missing_comma(close);
            return (entry, true);
        }
        let found = self.describe(t);
        if !matches!(t.kind, TokenKind::Error | TokenKind::Reserved(_)) {
            let d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                t.span,
                format!("expected `,` or {}, found {found}", close.spelling()),
            )
            .with_primary_label(format!("expected `,` or {}", close.spelling()));
            self.report(d);
        }
        self.recovering = true;
        let lo = self.expr(entry).map_or(t.span.lo, |e| e.span.lo);
        self.skip_nested_expr();
        let entry = self.alloc_error(self.since(lo));
        (entry, self.eat(TokenKind::Comma).is_some())
    }

    /// "expected `,` or `)`" at a token that starts the next entry of a list: the fix adds the
    /// comma, and the caller reads on as if it were there.
    #[cold]
    #[inline(never)]
    fn missing_comma(&mut self, close: TokenKind) {
        let t = self.tok();
        let help = format!("add a `,` before `{}`", self.slice(t.span));
        if let Some(d) = self.expected_diag(&format!("`,` or {}", close.spelling())) {
            self.report(d.with_suggestion(Span::point(self.prev_hi), ",", help));
        }
    }

    /// Moves the items of `list_items` from `base` on into one list of the module.
    fn take_list(&mut self, base: usize) -> ExprList {
        let items = self.list_items.get(base..).unwrap_or(&[]);
        let list = self.nodes.nodes.push_list(items);
        self.list_items.truncate(base);
        list
    }

    /// Dispatches on the first token of an operand; the nested cases have functions of their
    /// own to keep this frame small on the recursion path.
    fn parse_primary(&mut self) -> ExprId {
        let t = self.tok();
        match t.kind {
            TokenKind::Int { .. }
            | TokenKind::Float
            | TokenKind::True
            | TokenKind::False
            | TokenKind::Error
            | TokenKind::Reserved(Reserved::Nil | Reserved::SelfValue | Reserved::Local) => {
                self.primary_token(t)
            }
            TokenKind::Ident => {
                if self.nth(1).kind == TokenKind::LBrace {
                    self.bump();
                    let ident = self.ident_of(t);
                    return self.parse_braced(t.span.lo, Some(ident), None);
                }
                self.primary_token(t)
            }
            TokenKind::LParen => self.parse_paren(t),
            TokenKind::LBrace => self.parse_braced(t.span.lo, None, None),
            TokenKind::LBracket => self.parse_typed_array(t),
            TokenKind::If => self.parse_if_expr(),
            TokenKind::In if self.in_is_a_name => {
                self.bump();
                let ident = self.ident_of(t);
                self.alloc(ExprKind::Ident(ident), t.span)
            }
            _ => self.primary_error(t),
        }
    }

    /// An operand that is a single token.
    fn primary_token(&mut self, t: Token) -> ExprId {
        self.bump();
        let kind = match t.kind {
            TokenKind::Int { .. } | TokenKind::Float => {
                match number_value(
                    self.text
                        .get(t.span.lo as usize..t.span.hi as usize)
                        .unwrap_or(""),
                ) {
                    Some(NumberValue::Int { value, unsigned }) => ExprKind::Int {
                        value: LiteralBits::from_u64(value),
                        unsigned,
                    },
                    Some(NumberValue::Float(value)) => {
                        ExprKind::Float(LiteralBits::from_f64(value))
                    }
                    // The lexer made every invalid literal an error token.
                    None => ExprKind::Error,
                }
            }
            TokenKind::True => ExprKind::Bool(true),
            TokenKind::False => ExprKind::Bool(false),
            TokenKind::Ident
                if self.at(TokenKind::Lt)
                    && self.nth(1).kind == TokenKind::Ident
                    && matches!(self.nth(2).kind, TokenKind::Gt | TokenKind::Comma)
                    && is_generic_constructor(self.slice(t.span))
                    && self.generic_list_then_call() =>
            {
                return self.generic_constructor(t);
            }
            TokenKind::Ident
                if self.at(TokenKind::Lt)
                    && self.slice(t.span) == "bitcast"
                    && self.generic_list_then_call() =>
            {
                return self.wgsl_bitcast(t);
            }
            TokenKind::Ident => ExprKind::Ident(self.ident_of(t)),
            _ => {
                // Already reported by the lexer.
                self.recovering = true;
                ExprKind::Error
            }
        };
        self.alloc(kind, t.span)
    }

    fn parse_paren(&mut self, open: Token) -> ExprId {
        self.bump();
        let inner = self.parse_expr();
        let closed = self.at(TokenKind::RParen);
        self.expect_close(TokenKind::RParen, open.span);
        if closed {
            if let Some(cast) = self.c_cast(open, inner) {
                return cast;
            }
        }
        self.alloc(ExprKind::Paren(inner), self.since(open.span.lo))
    }

    /// C's cast, `(int)x` or `(float)(a + b)`: a parenthesized builtin type name followed on
    /// the same line by an operand. One error with the conversion Luma writes, and the
    /// conversion call is what is parsed (the cast binds as a prefix operator, as in C), so the
    /// operand is not "not a statement" and the type is not "not a value".
    fn c_cast(&mut self, open: Token, inner: ExprId) -> Option<ExprId> {
        let Some(ExprKind::Ident(ty)) = self.expr(inner).map(|e| e.kind) else {
            return None;
        };
        let next = self.tok();
        if next.newline_before
            || !matches!(
                next.kind,
                TokenKind::Ident | TokenKind::Int { .. } | TokenKind::Float | TokenKind::LParen
            )
            || !is_cast_type_name(self.name(&ty))
        {
            return None;
        }
        let cast_span = Span::new(open.span.lo, self.prev_hi);
        let type_text = self.name(&ty).to_owned();
        if next.kind == TokenKind::LParen {
            // `(float)(a + b)` and `(vec2)(x, y)`: the parenthesized operand is the argument
            // list of the conversion.
            let call = self.postfix_call(inner, open.span.lo);
            let whole = self.since(open.span.lo);
            let args_text = self.slice(Span::new(next.span.lo, whole.hi)).to_owned();
            let d = Diagnostic::error(
                codes::UNEXPECTED_TOKEN,
                cast_span,
                "Luma has no C-style casts",
            )
            .with_primary_label("a C cast")
            .with_suggestion(
                whole,
                format!("{type_text}{args_text}"),
                "convert with a constructor",
            );
            self.report(d);
            self.recovering = false;
            return Some(call);
        }
        let callee = inner;
        let operand = self.parse_unary();
        let operand_span = self.expr(operand).map_or(next.span, |e| e.span);
        let operand_text = self.slice(operand_span).to_owned();
        let whole = cast_span.to(operand_span);
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            cast_span,
            "Luma has no C-style casts",
        )
        .with_primary_label("a C cast")
        .with_suggestion(
            whole,
            format!("{type_text}({operand_text})"),
            "convert with a constructor",
        );
        self.report(d);
        self.recovering = false;
        let base = self.list_items.len();
        self.list_items.push(operand);
        let args = self.take_list(base);
        Some(self.alloc(ExprKind::Call { callee, args }, whole))
    }

    /// `[N]T { ... }`, or `[N]T(value)` (every element `value`).
    fn parse_typed_array(&mut self, open: Token) -> ExprId {
        let ty = self.parse_type();
        if self.at(TokenKind::LBrace) {
            return self.parse_braced(open.span.lo, None, Some(ty));
        }
        if self.at(TokenKind::LParen) {
            // The checker counts the arguments, so that a wrong count is one error with the
            // type's name in it rather than a parse error.
            let paren = self.bump();
            let base = self.list_items.len();
            self.parse_expr_list(TokenKind::RParen, paren.span);
            let args = self.take_list(base);
            return self.alloc(ExprKind::ArrayFill { ty, args }, self.since(open.span.lo));
        }
        self.expected_with_help(
            "`{` and the array's elements, or `(` and one value for every element",
            "array literals are written `[3]float { 1.0, 2.0, 3.0 }`, or `[3]float(0.0)` for three equal elements",
        );
        self.alloc_error(self.since(open.span.lo))
    }

    /// A token that cannot start an operand.
    #[cold]
    #[inline(never)]
    fn primary_error(&mut self, t: Token) -> ExprId {
        let mut increment = false;
        let help = match t.kind {
            TokenKind::Plus => {
                let prev = self.pos.checked_sub(1).and_then(|i| self.token_at(i));
                increment =
                    prev.is_some_and(|p| p.kind == TokenKind::Plus && p.span.hi == t.span.lo);
                Some(if increment {
                    "Luma has no `++`; write `x += 1`"
                } else {
                    "Luma has no unary `+`; remove it"
                })
            }
            TokenKind::Function => Some("Luma has no anonymous functions"),
            TokenKind::Star => {
                let prev = self.pos.checked_sub(1).and_then(|i| self.token_at(i));
                prev.filter(|p| p.kind == TokenKind::Star && p.span.hi == t.span.lo)
                    .map(|_| "Luma has no `**`; write powers as `pow(x, y)`")
            }
            TokenKind::StarEq => {
                // `x **= 2.0` lexes as `x *` and `*= 2.0`.
                let prev = self.pos.checked_sub(1).and_then(|i| self.token_at(i));
                prev.filter(|p| p.kind == TokenKind::Star && p.span.hi == t.span.lo)
                    .map(|_| "Luma has no `**=`; write powers as `x = pow(x, y)`")
            }
            _ => None,
        };
        match help {
            Some(h) => self.expected_with_help("an expression", h),
            None => self.expected("an expression"),
        }
        if increment {
            // `x++`: consume the second `+`, so that the statement ends here and the next one
            // (an `if` whose `end` would otherwise close the function) parses as written.
            self.bump();
            return self.alloc_error(self.since(t.span.lo));
        }
        if t.kind == TokenKind::Function {
            // Skip the whole `function ... end`, so its `end` closes nothing else.
            self.bump();
            self.skip_nested_block();
            self.eat(TokenKind::End);
            return self.alloc_error(self.since(t.span.lo));
        }
        self.alloc_error(Span::point(t.span.lo))
    }

    /// `{ ... }` after an optional struct name or array type.
    fn parse_braced(&mut self, lo: u32, name: Option<Ident>, ty: Option<TypeId>) -> ExprId {
        let open = self.bump();
        let mut fields = Vec::new();
        let elements_base = self.list_items.len();
        // `Some(true)`: `field = value` entries; `Some(false)`: plain values.
        let mut named = if name.is_some() {
            Some(true)
        } else if ty.is_some() {
            Some(false)
        } else {
            None
        };
        let mut invalid = false;
        loop {
            if self.at(TokenKind::RBrace) || self.at(TokenKind::Eof) {
                break;
            }
            let entry = self.tok();
            // `in = x`: a keyword where a field name goes (a member cannot be declared with
            // one, but the declaration has its own error): one error here, then the entry is
            // read as the field it was meant to be, not as statements.
            let keyword_field = entry.kind.is_keyword() && self.nth(1).kind == TokenKind::Assign;
            // (`in`, once declared as a name, is that name here too: reported there.)
            if keyword_field && !(entry.kind == TokenKind::In && self.in_is_a_name) {
                let word = self.slice(entry.span).to_owned();
                if let Some(d) = self.unexpected_diag("a field name") {
                    self.report(d.with_note(format!("`{word}` is a keyword and cannot be a name")));
                }
            }
            // `{ color: v }`, `S { a: 1.0 }` (JavaScript's and Rust's habit): a named entry
            // with `:` for `=`. Not in a literal of plain values, nor `{ v:f() }` written
            // tight without a struct name: Lua's method call.
            let colon = self.nth(1);
            let tight_method = name.is_none()
                && colon.span.lo == entry.span.hi
                && self.nth(2).kind == TokenKind::Ident
                && self.nth(2).span.lo == colon.span.hi
                && self.nth(3).kind == TokenKind::LParen;
            let colon_field = entry.kind == TokenKind::Ident
                && colon.kind == TokenKind::Colon
                && !colon.newline_before
                && named != Some(false)
                && !tight_method;
            let is_field = (entry.kind == TokenKind::Ident || keyword_field)
                && (self.nth(1).kind == TokenKind::Assign || colon_field);
            match named {
                None => named = Some(is_field),
                Some(expect) if expect != is_field && !invalid => {
                    invalid = true;
                    self.literal_entries_error(entry, name.as_ref(), ty.is_some(), is_field);
                }
                Some(_) => {}
            }
            if colon_field {
                self.colon_for_assign(entry, colon);
            }
            let field = is_field.then(|| {
                let t = self.bump();
                self.bump();
                self.ident_of(t)
            });
            let mut value = self.parse_expr();
            let mut goes_on = self.eat(TokenKind::Comma).is_some();
            if !goes_on && !self.at(TokenKind::RBrace) {
                if self.at(TokenKind::Colon) {
                    self.expected_with_help(
                        "`,` or `}`",
                        "struct literal fields are written `name = value`",
                    );
                } else if self.tok().newline_before
                    && self.at(TokenKind::Ident)
                    && self.nth(1).kind == TokenKind::Assign
                {
                    // `name = value` on the next line: a forgotten comma between two fields.
                    self.missing_comma(TokenKind::RBrace);
                    goes_on = true;
                } else {
                    (value, goes_on) = self.skip_rest_of_entry(value, TokenKind::RBrace);
                    if !goes_on && !self.at(TokenKind::RBrace) {
                        self.expected("`,` or `}`");
                    }
                }
            }
            match field {
                Some(field) => fields.push((field, value)),
                None => self.list_items.push(value),
            }
            if !goes_on {
                break;
            }
        }
        self.expect_close(TokenKind::RBrace, open.span);
        let span = self.since(lo);
        let elements = self.take_list(elements_base);
        if invalid {
            return self.alloc_error(span);
        }
        match named {
            Some(false) => self.alloc(ExprKind::ArrayLit { ty, elements }, span),
            None if ty.is_some() => self.alloc(ExprKind::ArrayLit { ty, elements }, span),
            _ => {
                let lit = self.nodes.nodes.push_struct_lit(StructLit { name, fields });
                self.alloc(ExprKind::StructLit(lit), span)
            }
        }
    }

    /// `name: value` in a literal: one error with the fix, and the entry is read as
    /// `name = value`.
    #[cold]
    #[inline(never)]
    fn colon_for_assign(&mut self, name: Token, colon: Token) {
        let replacement = format!("{} =", self.slice(name.span));
        let d = Diagnostic::error(
            codes::UNEXPECTED_TOKEN,
            colon.span,
            "expected `=` after the field name, found `:`",
        )
        .with_primary_label("expected `=`")
        .with_suggestion(
            name.span.to(colon.span),
            replacement,
            "literal entries are written `name = value`",
        );
        self.report(d);
    }

    #[cold]
    #[inline(never)]
    fn literal_entries_error(
        &mut self,
        entry: Token,
        name: Option<&Ident>,
        typed_array: bool,
        is_field: bool,
    ) {
        let (message, help) = match (name, typed_array) {
            (Some(n), _) => (
                "struct literal entries need field names".to_owned(),
                format!("write `{} {{ field = value, ... }}`", self.name(n)),
            ),
            (None, true) => (
                "array literal entries cannot have names".to_owned(),
                "list the values: `[2]float { 1.0, 2.0 }`".to_owned(),
            ),
            (None, false) => (
                "this literal mixes `field = value` entries with plain values".to_owned(),
                "a struct literal names every field; an array literal names none".to_owned(),
            ),
        };
        let d = Diagnostic::error(codes::INVALID_LITERAL_ENTRIES, entry.span, message)
            .with_primary_label(if is_field {
                "named entry"
            } else {
                "unnamed entry"
            })
            .with_help(help);
        self.report(d);
    }

    /// `if c then a {elseif c then b} else d` as an expression.
    fn parse_if_expr(&mut self) -> ExprId {
        let kw = self.bump();
        let mut arms = Vec::new();
        let cond = self.parse_expr();
        self.expect_close_kw(TokenKind::Then);
        let value = self.parse_expr();
        arms.push((kw.span.lo, cond, value));
        while let Some(t) = self.eat(TokenKind::Elseif) {
            let cond = self.parse_expr();
            self.expect_close_kw(TokenKind::Then);
            let value = self.parse_expr();
            arms.push((t.span.lo, cond, value));
        }
        let else_value = if self.eat(TokenKind::Else).is_some() {
            self.parse_expr()
        } else {
            self.missing_else()
        };
        let next = self.tok();
        if next.kind == TokenKind::End && !next.newline_before {
            self.end_after_if_expr = Some(next.span);
        }
        let mut acc = else_value;
        for (lo, cond, then_value) in arms.into_iter().rev() {
            acc = self.alloc(
                ExprKind::IfExpr {
                    cond,
                    then_value,
                    else_value: acc,
                },
                self.since(lo),
            );
        }
        acc
    }

    #[cold]
    #[inline(never)]
    fn missing_else(&mut self) -> ExprId {
        let span = Span::point(self.prev_hi);
        match self.expected_diag("`else`") {
            Some(d) => self.report(d.with_note("an `if` expression needs an `else` value")),
            None => self.recovering = true,
        }
        self.alloc_error(span)
    }

    fn expect_close_kw(&mut self, kind: TokenKind) {
        if self.eat(kind).is_none() {
            self.expected(kind.spelling());
        }
    }
}

/// Luma's header (`i = 0, 3`) for the inside of a C `for (...)` header that counts one
/// variable up or down to a bound: `int i = 0; i < 4; i++` (the end becomes inclusive).
/// The offsets of the `;`s in `text` (one line's tokens, with the comments between them)
/// outside its `--` comments: the semicolons the lexer dropped.
fn code_semicolons(text: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(next) = text.get(at..).and_then(|rest| rest.find([';', '-'])) {
        let pos = at + next;
        let tail = text.get(pos..).unwrap_or("");
        if tail.starts_with(';') {
            found.push(pos);
            at = pos + 1;
            continue;
        }
        if !tail.starts_with("--") {
            at = pos + 1;
            continue;
        }
        // A long comment `--[==[ ... ]==]` ends at its bracket; a line comment at the end.
        let after = tail.get(2..).unwrap_or("");
        let level = after
            .strip_prefix('[')
            .map(|b| b.len() - b.trim_start_matches('=').len())
            .filter(|&n| after.get(1 + n..).is_some_and(|x| x.starts_with('[')));
        let Some(n) = level else {
            break;
        };
        let close = format!("]{}]", "=".repeat(n));
        match after.find(&close) {
            Some(end) => at = pos + 2 + end + close.len(),
            None => break,
        }
    }
    found
}

fn c_for_as_luma(header: &str) -> Option<String> {
    let mut parts = header.split(';').map(str::trim);
    let (init, cond, step) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    // `let i = 0`, `int i = 0`, `i = 0`, `let i: int = 0`.
    let (decl, start) = init.split_once('=')?;
    let start = start.trim();
    let decl = decl.split(':').next()?.trim();
    let var = decl.rsplit(char::is_whitespace).next()?;
    if !is_name(var) || start.is_empty() {
        return None;
    }
    // `i < n`, `i <= n`, `i > n`, `i >= n`.
    let rest = cond.strip_prefix(var)?.trim_start();
    let (op, bound) = ["<=", ">=", "<", ">"]
        .iter()
        .find_map(|op| Some((*op, rest.strip_prefix(op)?.trim())))?;
    if bound.is_empty() {
        return None;
    }
    // `i++`, `++i`, `i += k`, `i -= k`, `i = i + k` (`i--` starts a comment in Luma, so it
    // never reaches here).
    let compact: String = step.chars().filter(|c| !c.is_whitespace()).collect();
    let up = [format!("{var}++"), format!("++{var}")];
    let step_by: String = if up.contains(&compact) {
        "1".to_owned()
    } else if let Some(k) = compact.strip_prefix(&format!("{var}+=")) {
        k.to_owned()
    } else if let Some(k) = compact.strip_prefix(&format!("{var}-=")) {
        format!("-{k}")
    } else if let Some(k) = compact.strip_prefix(&format!("{var}={var}+")) {
        k.to_owned()
    } else if let Some(k) = compact.strip_prefix(&format!("{var}={var}-")) {
        format!("-{k}")
    } else {
        return None;
    };
    let down = step_by.starts_with('-');
    if !step_by
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-')
        || down != op.starts_with('>')
    {
        return None;
    }
    let last = match op {
        "<=" | ">=" => bound.to_owned(),
        _ => {
            let delta: i64 = if down { 1 } else { -1 };
            match bound.parse::<i64>() {
                Ok(n) => n.checked_add(delta)?.to_string(),
                Err(_) => {
                    let bound = if is_simple_operand(bound) {
                        bound.to_owned()
                    } else {
                        format!("({bound})")
                    };
                    if down {
                        format!("{bound} + 1")
                    } else {
                        format!("{bound} - 1")
                    }
                }
            }
        }
    };
    Some(match step_by.as_str() {
        "1" => format!("{var} = {start}, {last}"),
        _ => format!("{var} = {start}, {last}, {step_by}"),
    })
}

/// Marks a function body that lost statements to a syntax error, so that the checker does not
/// report what the lost statements would have provided (a missing `return`): an `Error`
/// statement at its end stands for them.
fn mark_incomplete(body: &mut Block) {
    if !matches!(
        body.stmts.last(),
        Some(Stmt {
            kind: StmtKind::Error,
            ..
        })
    ) {
        body.stmts.push(Stmt {
            kind: StmtKind::Error,
            span: Span::point(body.span.hi),
        });
    }
}

/// Whether `name<...>(...)` in an expression is WGSL's spelling of a Luma constructor (or of an
/// array, which Luma writes `[N]T { ... }`).
/// Whether `word` is a slip of the keyword `keyword` (`ned` for `end`, `lte` or `Let` for
/// `let`, `elsefi` for `elseif`), as the misspelt-keyword suggestions judge it.
fn misspells(word: &str, keyword: &str) -> bool {
    word != keyword
        && (word.eq_ignore_ascii_case(keyword)
            || similar::closest_keyword(word, &[keyword]) == Some(keyword))
}

fn is_generic_constructor(name: &str) -> bool {
    matches!(name, "vec2" | "vec3" | "vec4" | "array") || is_matrix_name(name)
}

/// Whether `name` is a float matrix type's name: `mat2`..`mat4` and `matCxR` with `C` and `R`
/// from 2 to 4.
fn is_matrix_name(name: &str) -> bool {
    let dims = |d: &str| matches!(d, "2" | "3" | "4");
    match name.strip_prefix("mat") {
        Some(rest) => match rest.split_once('x') {
            Some((columns, rows)) => dims(columns) && dims(rows),
            None => dims(rest),
        },
        None => false,
    }
}
