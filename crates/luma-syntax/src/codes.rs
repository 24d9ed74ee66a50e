//! Every diagnostic code the syntax layer emits: E01xx preprocessor, E02xx lexer, E03xx parser,
//! W01xx warnings. [`ALL`] documents each with a title and an example that triggers it.

use luma_base::{Code, CodeDoc, Diagnostic, Severity};

/// An `#include` names a file that is not found.
pub const INCLUDE_NOT_FOUND: Code = Code("E0101");
/// A file includes itself, directly or through others.
pub const INCLUDE_CYCLE: Code = Code("E0102");
/// `#include` nesting deeper than `Limits::include_depth`.
pub const INCLUDE_TOO_DEEP: Code = Code("E0103");
/// The source after include expansion exceeds `Limits::max_source_bytes`.
pub const SOURCE_TOO_LARGE: Code = Code("E0104");
/// A malformed `#include` line.
pub const MALFORMED_INCLUDE: Code = Code("E0105");
/// A malformed `#line` line.
pub const MALFORMED_LINE: Code = Code("E0106");
/// An included file exists but cannot be read, or a source (included or the main one) is not
/// UTF-8.
pub const INCLUDE_UNREADABLE: Code = Code("E0107");
/// A C preprocessor directive Luma does not have: `#define`, `#undef`, `#if`, `#ifdef`,
/// `#ifndef`, `#elif`, `#else`, `#endif`.
pub const C_DIRECTIVE: Code = Code("E0108");
/// A file without `#pragma once` that declares something, included a second time.
pub const REPEATED_INCLUDE: Code = Code("E0109");

/// A character that starts no token.
pub const UNKNOWN_CHARACTER: Code = Code("E0201");
/// A long comment without its closing bracket.
pub const UNTERMINATED_COMMENT: Code = Code("E0202");
/// A Lua word that Luma reserves (`local`, `nil`, `repeat`, `until`, `goto`, `continue`, `self`).
pub const RESERVED_WORD: Code = Code("E0203");
/// `~=`, Lua's not-equal (also when C's xor-assignment was meant), and C's `^=` statement.
pub const TILDE_EQ: Code = Code("E0204");
/// `..`, which is reserved.
pub const DOT_DOT: Code = Code("E0205");
/// A malformed number literal.
pub const INVALID_NUMBER: Code = Code("E0206");
/// An integer literal too large for any integer type.
pub const INT_OUT_OF_RANGE: Code = Code("E0207");
/// A float literal too large for `float`.
pub const FLOAT_OUT_OF_RANGE: Code = Code("E0208");
/// A quoted string outside a directive.
pub const STRING_LITERAL: Code = Code("E0209");
/// C's `!`, `&&`, `||`.
pub const C_OPERATOR: Code = Code("E0210");
/// A `;`.
pub const SEMICOLON: Code = Code("E0211");
/// A C comment, `// ...` or `/* ... */`.
pub const C_COMMENT: Code = Code("E0212");

/// A token the grammar does not allow here.
pub const UNEXPECTED_TOKEN: Code = Code("E0301");
/// A block without its `end`.
pub const UNCLOSED_BLOCK: Code = Code("E0302");
/// `a < b < c`.
pub const CHAINED_COMPARISON: Code = Code("E0303");
/// Assignment to something that is not a place.
pub const INVALID_ASSIGN_TARGET: Code = Code("E0304");
/// An expression standing alone that is not a call.
pub const EXPR_NOT_STATEMENT: Code = Code("E0305");
/// Expressions, types or blocks nested deeper than `Limits::nesting_depth`, or an expression
/// deeper than `Limits::expression_depth` (a long operator chain).
pub const NESTING_TOO_DEEP: Code = Code("E0306");
/// Attributes before something that takes none.
pub const MISPLACED_ATTRIBUTES: Code = Code("E0307");
/// A literal whose entries do not match its form (`field = value` mixed with plain values).
pub const INVALID_LITERAL_ENTRIES: Code = Code("E0308");
/// Lua's method-call syntax `a:f()`.
pub const METHOD_CALL: Code = Code("E0309");
/// An `end` with no open block.
pub const UNEXPECTED_END: Code = Code("E0310");
/// A module-scope declaration (`function`, `struct`, `uniform`, `buffer`, `shared`) inside a
/// function body.
pub const DECLARATION_IN_BLOCK: Code = Code("E0311");
/// An empty tuple return type `-> ()`.
pub const EMPTY_TUPLE_RETURN: Code = Code("E0312");

/// An unknown `#pragma`.
pub const UNKNOWN_PRAGMA: Code = Code("W0101");
/// Text after `#pragma once`.
pub const PRAGMA_ONCE_EXTRA: Code = Code("W0102");
/// A decimal integer literal with a leading zero (`010`), which C and GLSL read as octal.
pub const LEADING_ZERO: Code = Code("W0103");

const fn error(code: Code, title: &'static str, example: &'static str) -> CodeDoc {
    CodeDoc {
        code,
        severity: Severity::Error,
        title,
        example,
    }
}

const fn warning(code: Code, title: &'static str, example: &'static str) -> CodeDoc {
    CodeDoc {
        code,
        severity: Severity::Warning,
        title,
        example,
    }
}

/// Every code of the syntax layer, in code order.
pub const ALL: &[CodeDoc] = &[
    error(
        INCLUDE_NOT_FOUND,
        "included file not found",
        "#include \"missing.luma\"\n",
    ),
    error(
        INCLUDE_CYCLE,
        "a file includes itself, directly or through other files",
        "-- a.luma\n#include \"b.luma\"\n-- b.luma\n#include \"a.luma\"\n",
    ),
    error(
        INCLUDE_TOO_DEEP,
        "`#include` nesting deeper than the include depth limit (32 by default)",
        "-- each of f1.luma ... f33.luma includes the next\n#include \"f1.luma\"\n",
    ),
    error(
        SOURCE_TOO_LARGE,
        "the source after include expansion exceeds the size limit (64 MiB by default)",
        "-- a file that includes a 40 MiB file twice\n#include \"big.luma\"\n#include \"big.luma\"\n",
    ),
    error(
        MALFORMED_INCLUDE,
        "malformed `#include` directive",
        "#include common.luma\n",
    ),
    error(
        MALFORMED_LINE,
        "malformed `#line` directive",
        "#line ten\n",
    ),
    error(
        INCLUDE_UNREADABLE,
        "an included file exists but cannot be read, or a source file (included or the main input) is not UTF-8",
        "#include \"binary.dat\"\n",
    ),
    error(
        C_DIRECTIVE,
        "a C preprocessor directive Luma does not have (`#define`, `#if`, `#ifdef`, ...)",
        "#define PI 3.14159\n",
    ),
    error(
        REPEATED_INCLUDE,
        "a file without `#pragma once` that declares something is included twice",
        "-- util.luma declares `function sq(x: float) -> float ... end`\n#include \"util.luma\"\n#include \"util.luma\"\n",
    ),
    error(
        UNKNOWN_CHARACTER,
        "a character that is not part of Luma's syntax",
        "function f(a: float, b: float) -> float\n    return a $ b\nend\n",
    ),
    error(
        UNTERMINATED_COMMENT,
        "a long comment without its closing bracket",
        "--[[ this comment never ends\n",
    ),
    error(
        RESERVED_WORD,
        "a Lua word that Luma reserves: `local`, `nil`, `repeat`, `until`, `goto`, `continue`, `self`",
        "function f()\n    local x = 1.0\nend\n",
    ),
    error(
        TILDE_EQ,
        "Lua's `~=` (or C's `^=`): Luma writes not-equal as `!=`, and has no xor-assignment (`x = x ~ y`)",
        "function f(a: int, b: int) -> bool\n    return a ~= b\nend\n",
    ),
    error(
        DOT_DOT,
        "`..` and `...` are reserved (Lua's concatenation and varargs)",
        "const S = A .. B\n",
    ),
    error(
        INVALID_NUMBER,
        "a malformed number literal",
        "const X = 1.5u\n",
    ),
    error(
        INT_OUT_OF_RANGE,
        "an integer literal too large for any integer type",
        "const X = 4294967296u\n",
    ),
    error(
        FLOAT_OUT_OF_RANGE,
        "a float literal too large for `float`",
        "const X = 1e39\n",
    ),
    error(
        STRING_LITERAL,
        "a quoted string outside an `#include` or `#line` directive",
        "const NAME = \"albedo\"\n",
    ),
    error(
        C_OPERATOR,
        "C's `!`, `&&` or `||`: Luma writes `not`, `and`, `or`",
        "function f(a: bool, b: bool) -> bool\n    return a && !b\nend\n",
    ),
    error(
        SEMICOLON,
        "a semicolon: Luma statements need no separator",
        "const X = 1.0;\n",
    ),
    error(
        C_COMMENT,
        "a C comment (`//` or `/* */`): Luma comments are `--` and `--[[ ... ]]`",
        "const X = 1.0 // one\n",
    ),
    error(
        UNEXPECTED_TOKEN,
        "a token the grammar does not allow at this point",
        "function f(x: int)\n    if x > 1\n        g()\n    end\nend\n",
    ),
    error(
        UNCLOSED_BLOCK,
        "a block (`function`, `struct`, `if`, `for`, `while`, `do`) without its `end`",
        "function f()\n    if x then\n        y = 1\nend\n",
    ),
    error(
        CHAINED_COMPARISON,
        "comparisons are non-associative: `a < b < c` is an error",
        "function f(x: float) -> bool\n    return 0.0 < x < 1.0\nend\n",
    ),
    error(
        INVALID_ASSIGN_TARGET,
        "the left side of an assignment is not a variable, field, swizzle or element",
        "function f(x: float)\n    g(x) = 1.0\nend\n",
    ),
    error(
        EXPR_NOT_STATEMENT,
        "an expression that is not a call cannot stand alone as a statement",
        "function f(x: float)\n    x + 1.0\nend\n",
    ),
    error(
        NESTING_TOO_DEEP,
        "expressions, types or blocks nested deeper than the nesting limit (256 by default), or \
         an operator chain deeper than the expression depth limit (16,384 by default)",
        "let x = ((((((( ... 300 levels ... )))))))\nlet y = a + a + a + ... -- 20,000 operands\n",
    ),
    error(
        MISPLACED_ATTRIBUTES,
        "attributes before something that takes none (attributes stand before declarations, \
         fields, parameters and loops)",
        "function f()\n    @unroll let x = 1.0\nend\n",
    ),
    error(
        INVALID_LITERAL_ENTRIES,
        "a literal mixes `field = value` entries with plain values, or uses the wrong form for its type",
        "const V = { x = 1.0, 2.0 }\n",
    ),
    error(
        METHOD_CALL,
        "Lua's method call `a:f()`: Luma has no methods",
        "function f(v: vec3) -> float\n    return v:length()\nend\n",
    ),
    error(
        UNEXPECTED_END,
        "an `end` that closes no block",
        "function f()\nend\nend\n",
    ),
    error(
        DECLARATION_IN_BLOCK,
        "a module-scope declaration (`function`, `struct`, `uniform`, `buffer`, `shared`) inside a function body",
        "function f()\n    shared tile: [64]float\nend\n",
    ),
    error(
        EMPTY_TUPLE_RETURN,
        "an empty tuple return type `-> ()`",
        "function f() -> ()\nend\n",
    ),
    warning(
        UNKNOWN_PRAGMA,
        "an unknown `#pragma` (it is ignored)",
        "#pragma optimize\n",
    ),
    warning(
        PRAGMA_ONCE_EXTRA,
        "text after `#pragma once` (it is ignored)",
        "#pragma once please\n",
    ),
    warning(
        LEADING_ZERO,
        "an integer literal with a leading zero: Luma reads it as decimal, C and GLSL as octal",
        "const MASK = 0755\n",
    ),
];

/// Whether the parser, reporting `d`, may have read the code around it other than it was
/// meant: it dropped an unknown character, skipped tokens up to a place it could go on from
/// ("expected `,` or `)`" in `g(x -> y)` drops `-> y`), or closed blocks where it had to. The
/// checker does not report what it finds in a declaration holding such an error, which would
/// describe the misreading (a call "with one argument" where two were written). The other
/// syntax errors, an unknown character with a fix (a look-alike such as fullwidth `（`, read
/// as `(`), and an "expected" that comes with advice or a fix name one construct the parser
/// recognised and read as meant (`local` as `let`, a `;` or a literal's suffix ignored, braces
/// as `then ... end`, a missing comma, a statement that assigns to a value), so what the
/// checker finds beside them is real.
pub fn misreads_source(d: &Diagnostic) -> bool {
    if !d.is_error() {
        return false;
    }
    match d.code {
        // A character with a fix is a look-alike (fullwidth `（`, an en dash) the lexer read
        // as the ASCII character it stands for; any other is dropped.
        UNKNOWN_CHARACTER => d.suggestions.is_empty(),
        UNCLOSED_BLOCK | INVALID_LITERAL_ENTRIES | METHOD_CALL | UNEXPECTED_END => true,
        // A generic "expected X, found Y" skipped ahead; one with advice or a fix recognised
        // what was written (C braces around a block, Lua's `function a.b(...)`, GLSL's
        // `vec3 pos = e`) and read it as meant.
        UNEXPECTED_TOKEN => {
            d.message.starts_with("expected ") && d.help.is_empty() && d.suggestions.is_empty()
        }
        _ => false,
    }
}
