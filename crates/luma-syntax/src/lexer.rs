//! The Luma lexer: a pure scanner over `&str` producing `(kind, len)` raw tokens, and a cooking
//! step that turns them into the parser's tokens (keywords, literal values, spans) and reports
//! lexical errors.
//!
//! The raw layer ([`tokenize`], [`first_token`]) never fails and never allocates: every byte of
//! the input belongs to exactly one raw token, comments and whitespace included, and malformed
//! input is a token kind of its own. [`lex`] is where diagnostics come from. It recovers so that
//! the parser sees what the author most likely meant (`~=` becomes `!=`, `&&` becomes `and`,
//! `local` behaves as `let`), or an [`TokenKind::Error`] token the parser skips without reporting
//! again, so one typo gives one diagnostic.

use luma_base::{Code, Diagnostic, Diagnostics, Span};

use crate::codes;

/// One raw token: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawToken {
    /// What was scanned.
    pub kind: RawKind,
    /// Length in bytes (the input is at most `u32::MAX` bytes; longer input is cut by [`lex`]).
    pub len: u32,
}

/// Kinds of raw token. Error cases are kinds too, so the scanner itself never fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawKind {
    /// Spaces, tabs, line breaks (and a byte-order mark at the very start).
    Whitespace,
    /// `-- ...` up to (not including) the end of the line.
    LineComment,
    /// `--[[ ... ]]` or `--[==[ ... ]==]`; `level` counts the `=` signs.
    LongComment {
        /// Number of `=` between the brackets.
        level: u32,
        /// Whether the matching closing bracket was found.
        terminated: bool,
    },
    /// A C comment: `// ...` up to the end of the line (`block` false) or `/* ... */`.
    /// Reported, then skipped like a comment.
    CComment {
        /// `/* ... */` rather than `// ...`.
        block: bool,
        /// Whether a block comment's `*/` was found.
        terminated: bool,
    },
    /// `[A-Za-z_][A-Za-z0-9_]*` (keywords included; cooking tells them apart).
    Ident,
    /// A numeric literal as far as its characters go (validated when cooked).
    Number,
    /// `"..."` or `'...'` (not part of the language outside directives).
    String {
        /// Whether the closing quote was found on the same line.
        terminated: bool,
    },
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `.`
    Dot,
    /// `..` or `...` (reserved)
    DotDot,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `;` (not used by Luma)
    Semi,
    /// `->`
    Arrow,
    /// `=`
    Eq,
    /// `==`
    EqEq,
    /// `!=`
    BangEq,
    /// `!` (Luma writes `not`)
    Bang,
    /// `~=` (Luma writes `!=`)
    TildeEq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `&`
    Amp,
    /// `&&` (Luma writes `and`)
    AmpAmp,
    /// `|`
    Pipe,
    /// `||` (Luma writes `or`)
    PipePipe,
    /// `~`
    Tilde,
    /// `^` (not an operator in Luma)
    Caret,
    /// `?` (not an operator in Luma)
    Question,
    /// `#`
    Hash,
    /// `@`
    At,
    /// `+=`
    PlusEq,
    /// `-=`
    MinusEq,
    /// `*=`
    StarEq,
    /// `/=`
    SlashEq,
    /// `%=`
    PercentEq,
    /// `&=`
    AmpEq,
    /// `|=`
    PipeEq,
    /// `<<=`
    ShlEq,
    /// `>>=`
    ShrEq,
    /// One or more characters that cannot start any token.
    Unknown,
    /// One non-ASCII character commonly pasted for an ASCII one (fullwidth `（`, an en dash
    /// for `-`, `×` for `*`): see [`look_alike`].
    LookAlike,
}

/// The ASCII character that `c` is commonly typed or pasted for (by an input method that
/// writes fullwidth forms, or from a document that typesets `-` and `*`), with a name for it.
pub fn look_alike(c: char) -> Option<(char, &'static str)> {
    Some(match c {
        '\u{ff08}' => ('(', "a fullwidth parenthesis"),
        '\u{ff09}' => (')', "a fullwidth parenthesis"),
        '\u{ff3b}' => ('[', "a fullwidth bracket"),
        '\u{ff3d}' => (']', "a fullwidth bracket"),
        '\u{ff5b}' => ('{', "a fullwidth brace"),
        '\u{ff5d}' => ('}', "a fullwidth brace"),
        '\u{ff0c}' => (',', "a fullwidth comma"),
        '\u{ff1a}' => (':', "a fullwidth colon"),
        '\u{ff1b}' => (';', "a fullwidth semicolon"),
        '\u{ff1d}' => ('=', "a fullwidth equals sign"),
        '\u{ff0e}' => ('.', "a fullwidth full stop"),
        '\u{ff0b}' => ('+', "a fullwidth plus sign"),
        '\u{ff0d}' => ('-', "a fullwidth hyphen-minus"),
        '\u{ff0a}' => ('*', "a fullwidth asterisk"),
        '\u{ff0f}' => ('/', "a fullwidth slash"),
        '\u{ff1c}' => ('<', "a fullwidth less-than sign"),
        '\u{ff1e}' => ('>', "a fullwidth greater-than sign"),
        '\u{2212}' => ('-', "a minus sign (U+2212)"),
        '\u{2013}' => ('-', "an en dash"),
        '\u{2014}' => ('-', "an em dash"),
        '\u{00d7}' => ('*', "a multiplication sign"),
        '\u{00f7}' => ('/', "a division sign"),
        _ => return None,
    })
}

/// Scans the first token of `input` (which must not be empty; an empty input gives a
/// zero-length `Whitespace` token).
pub fn first_token(input: &str) -> RawToken {
    let mut cursor = Cursor {
        bytes: input.as_bytes(),
        text: input,
        pos: 0,
    };
    let kind = cursor.scan();
    RawToken {
        kind,
        len: u32::try_from(cursor.pos).unwrap_or(u32::MAX),
    }
}

/// Scans all of `input` into raw tokens, in order, covering every byte.
pub fn tokenize(input: &str) -> impl Iterator<Item = RawToken> + '_ {
    let mut rest = input;
    let mut at_start = true;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        // A byte-order mark is whitespace only where editors put it: at the very start.
        let token = if at_start && rest.starts_with('\u{feff}') {
            RawToken {
                kind: RawKind::Whitespace,
                len: 3,
            }
        } else {
            first_token(rest)
        };
        at_start = false;
        let len = (token.len as usize).max(1).min(rest.len());
        rest = rest.get(len..).unwrap_or("");
        Some(token)
    })
}

struct Cursor<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self, n: usize) -> Option<u8> {
        self.bytes.get(self.pos + n).copied()
    }

    fn is(&self, n: usize, b: u8) -> bool {
        self.peek(n) == Some(b)
    }

    fn eat_while(&mut self, f: impl Fn(u8) -> bool) {
        while let Some(b) = self.peek(0) {
            if !f(b) {
                break;
            }
            self.pos += 1;
        }
    }

    fn scan(&mut self) -> RawKind {
        let Some(b) = self.peek(0) else {
            return RawKind::Whitespace;
        };
        self.pos += 1;
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                self.eat_while(is_whitespace);
                RawKind::Whitespace
            }
            b'-' if self.is(0, b'-') => {
                self.pos += 1;
                self.comment()
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                self.eat_while(is_ident_continue);
                RawKind::Ident
            }
            b'0'..=b'9' => {
                self.pos -= 1;
                self.number();
                RawKind::Number
            }
            b'.' if self.peek(0).is_some_and(|c| c.is_ascii_digit()) => {
                self.pos -= 1;
                self.number();
                RawKind::Number
            }
            b'"' | b'\'' => self.string(b),
            b'(' => RawKind::LParen,
            b')' => RawKind::RParen,
            b'[' => RawKind::LBracket,
            b']' => RawKind::RBracket,
            b'{' => RawKind::LBrace,
            b'}' => RawKind::RBrace,
            b',' => RawKind::Comma,
            b':' => RawKind::Colon,
            b';' => RawKind::Semi,
            b'#' => RawKind::Hash,
            b'@' => RawKind::At,
            b'^' => RawKind::Caret,
            b'?' => RawKind::Question,
            // `...` (Lua's varargs) is one reserved token too, so that it gets its own message.
            b'.' if self.is(0, b'.') => {
                self.pos += if self.is(1, b'.') { 2 } else { 1 };
                RawKind::DotDot
            }
            b'.' => RawKind::Dot,
            b'=' => self.pair(b'=', RawKind::EqEq, RawKind::Eq),
            b'!' => self.pair(b'=', RawKind::BangEq, RawKind::Bang),
            b'~' => self.pair(b'=', RawKind::TildeEq, RawKind::Tilde),
            b'+' => self.pair(b'=', RawKind::PlusEq, RawKind::Plus),
            b'*' => self.pair(b'=', RawKind::StarEq, RawKind::Star),
            b'/' if matches!(self.peek(0), Some(b'/' | b'*')) => self.c_comment(),
            b'/' => self.pair(b'=', RawKind::SlashEq, RawKind::Slash),
            b'%' => self.pair(b'=', RawKind::PercentEq, RawKind::Percent),
            b'-' => {
                if self.is(0, b'>') {
                    self.pos += 1;
                    RawKind::Arrow
                } else {
                    self.pair(b'=', RawKind::MinusEq, RawKind::Minus)
                }
            }
            b'&' => {
                if self.is(0, b'&') {
                    self.pos += 1;
                    RawKind::AmpAmp
                } else {
                    self.pair(b'=', RawKind::AmpEq, RawKind::Amp)
                }
            }
            b'|' => {
                if self.is(0, b'|') {
                    self.pos += 1;
                    RawKind::PipePipe
                } else {
                    self.pair(b'=', RawKind::PipeEq, RawKind::Pipe)
                }
            }
            b'<' => {
                if self.is(0, b'<') {
                    self.pos += 1;
                    self.pair(b'=', RawKind::ShlEq, RawKind::Shl)
                } else {
                    self.pair(b'=', RawKind::Le, RawKind::Lt)
                }
            }
            b'>' => {
                if self.is(0, b'>') {
                    self.pos += 1;
                    self.pair(b'=', RawKind::ShrEq, RawKind::Shr)
                } else {
                    self.pair(b'=', RawKind::Ge, RawKind::Gt)
                }
            }
            _ => {
                self.pos -= 1;
                if let Some(c) = self.text.get(self.pos..).and_then(|r| r.chars().next()) {
                    if look_alike(c).is_some() {
                        self.pos += c.len_utf8();
                        return RawKind::LookAlike;
                    }
                }
                self.unknown();
                RawKind::Unknown
            }
        }
    }

    fn pair(&mut self, next: u8, two: RawKind, one: RawKind) -> RawKind {
        if self.is(0, next) {
            self.pos += 1;
            two
        } else {
            one
        }
    }

    /// After `--`: a long comment if `[=*[` follows, else a line comment.
    fn comment(&mut self) -> RawKind {
        if let Some(level) = long_bracket_level(self.bytes.get(self.pos..).unwrap_or(&[])) {
            self.pos += level as usize + 2;
            let terminated = match find_long_close(self.bytes.get(self.pos..).unwrap_or(&[]), level)
            {
                Some(end) => {
                    self.pos += end;
                    true
                }
                None => {
                    self.pos = self.bytes.len();
                    false
                }
            };
            return RawKind::LongComment { level, terminated };
        }
        self.eat_while(|b| b != b'\n');
        RawKind::LineComment
    }

    /// After a `/` that a `/` or `*` follows: C's comments, which no Luma token sequence
    /// starts with (`/` takes no unary operand).
    #[cold]
    #[inline(never)]
    fn c_comment(&mut self) -> RawKind {
        if self.is(0, b'/') {
            self.eat_while(|b| b != b'\n');
            return RawKind::CComment {
                block: false,
                terminated: true,
            };
        }
        self.pos += 1;
        let rest = self.bytes.get(self.pos..).unwrap_or(&[]);
        let terminated = match rest.windows(2).position(|w| w == b"*/") {
            Some(end) => {
                self.pos += end + 2;
                true
            }
            None => {
                self.pos = self.bytes.len();
                false
            }
        };
        RawKind::CComment {
            block: true,
            terminated,
        }
    }

    /// Digits, letters, `_`, a fraction point and signed exponents: as far as the literal's
    /// characters go, so a malformed literal (`12abc`, `1e`) is one token with one diagnostic.
    fn number(&mut self) {
        let hex = self.is(0, b'0') && matches!(self.peek(1), Some(b'x' | b'X'));
        if hex {
            self.pos += 2;
            self.eat_while(is_ident_continue);
            // C's hexadecimal floats (`0x1.8p1`, `0x1p-3`): one malformed literal, reported
            // as such, not `0x1` and a float with a suffix.
            if self.is(0, b'.') && self.peek(1).is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
                self.eat_while(is_ident_continue);
            }
            let exponent = self.pos > 0
                && matches!(self.bytes.get(self.pos - 1), Some(b'p' | b'P'))
                && matches!(self.peek(0), Some(b'+' | b'-'))
                && self.peek(1).is_some_and(|c| c.is_ascii_digit());
            if exponent {
                self.pos += 1;
                self.eat_while(|c| c.is_ascii_digit());
            }
            return;
        }
        let mut seen_dot = false;
        let mut seen_exp = false;
        while let Some(b) = self.peek(0) {
            if b == b'.' {
                if seen_dot && !seen_exp && self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
                    // `1.0.0`: one malformed literal, not `1.0` then `.0`.
                    self.pos += 1;
                    continue;
                }
                if seen_dot || seen_exp || self.is(1, b'.') {
                    break;
                }
                let next = self.peek(1);
                let fraction = next.is_some_and(|c| c.is_ascii_digit());
                let exponent = matches!(next, Some(b'e' | b'E'))
                    && (self.peek(2).is_some_and(|c| c.is_ascii_digit())
                        || (matches!(self.peek(2), Some(b'+' | b'-'))
                            && self.peek(3).is_some_and(|c| c.is_ascii_digit())));
                // `1.x` is a field access on `1`, not a malformed number.
                let plain_end = !next.is_some_and(is_ident_continue);
                if !(fraction || exponent || plain_end) {
                    break;
                }
                seen_dot = true;
                self.pos += 1;
            } else if b == b'e' || b == b'E' {
                seen_exp = true;
                self.pos += 1;
                if matches!(self.peek(0), Some(b'+' | b'-')) {
                    self.pos += 1;
                }
            } else if is_ident_continue(b) {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// A quoted string, ended by the same quote or (unterminated) by the end of the line.
    fn string(&mut self, quote: u8) -> RawKind {
        while let Some(b) = self.peek(0) {
            match b {
                b'\n' => return RawKind::String { terminated: false },
                b'\\' if self.peek(1).is_some_and(|c| c != b'\n') => self.pos += 2,
                _ if b == quote => {
                    self.pos += 1;
                    return RawKind::String { terminated: true };
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(self.bytes.len());
        RawKind::String { terminated: false }
    }

    /// A run of characters that start no token, taken whole so one stray sequence (a pasted
    /// Unicode symbol, say) gives one diagnostic.
    fn unknown(&mut self) {
        let start = self.pos;
        let rest = self.text.get(start..).unwrap_or("");
        for c in rest.chars() {
            if self.pos > start && (!is_unknown_char(c) || look_alike(c).is_some()) {
                break;
            }
            self.pos += c.len_utf8();
        }
        if self.pos == start {
            self.pos += 1;
        }
    }
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `c` can start no token at all.
fn is_unknown_char(c: char) -> bool {
    !c.is_ascii()
        || matches!(c, '$' | '`' | '\\')
        || (c.is_ascii_control() && !c.is_ascii_whitespace() && c != '\x0b')
}

/// If `rest` starts with `[`, `=`*n, `[`, returns n.
pub(crate) fn long_bracket_level(rest: &[u8]) -> Option<u32> {
    if rest.first() != Some(&b'[') {
        return None;
    }
    let mut level = 0u32;
    let mut i = 1usize;
    while rest.get(i) == Some(&b'=') {
        level = level.saturating_add(1);
        i += 1;
    }
    (rest.get(i) == Some(&b'[')).then_some(level)
}

/// Offset just past the first `]`, `=`*level, `]` in `rest`.
pub(crate) fn find_long_close(rest: &[u8], level: u32) -> Option<usize> {
    let mut i = 0usize;
    while i < rest.len() {
        if rest.get(i) == Some(&b']') {
            let mut j = i + 1;
            let mut n = 0u32;
            while rest.get(j) == Some(&b'=') {
                n = n.saturating_add(1);
                j += 1;
            }
            if n == level && rest.get(j) == Some(&b']') {
                return Some(j + 1);
            }
            // The `]` that ended this run may open the real closer; resume there.
            i = if n > 0 { j } else { i + 1 };
        } else {
            i += 1;
        }
    }
    None
}

/// Keywords and reserved words, by spelling. Most names are not keywords: looking at the length
/// first compares a name with a few words instead of all of them.
fn keyword(text: &str) -> Option<TokenKind> {
    Some(match text.len() {
        2 => match text {
            "if" => TokenKind::If,
            "do" => TokenKind::Do,
            "in" => TokenKind::In,
            "or" => TokenKind::Or,
            _ => return None,
        },
        3 => match text {
            "end" => TokenKind::End,
            "let" => TokenKind::Let,
            "for" => TokenKind::For,
            "and" => TokenKind::And,
            "not" => TokenKind::Not,
            "nil" => TokenKind::Reserved(Reserved::Nil),
            _ => return None,
        },
        4 => match text {
            "then" => TokenKind::Then,
            "else" => TokenKind::Else,
            "true" => TokenKind::True,
            "goto" => TokenKind::Reserved(Reserved::Goto),
            "self" => TokenKind::Reserved(Reserved::SelfValue),
            _ => return None,
        },
        5 => match text {
            "while" => TokenKind::While,
            "false" => TokenKind::False,
            "const" => TokenKind::Const,
            "break" => TokenKind::Break,
            "local" => TokenKind::Reserved(Reserved::Local),
            "until" => TokenKind::Reserved(Reserved::Until),
            _ => return None,
        },
        6 => match text {
            "return" => TokenKind::Return,
            "elseif" => TokenKind::Elseif,
            "struct" => TokenKind::Struct,
            "buffer" => TokenKind::Buffer,
            "shared" => TokenKind::Shared,
            "repeat" => TokenKind::Reserved(Reserved::Repeat),
            _ => return None,
        },
        7 => match text {
            "uniform" => TokenKind::Uniform,
            "discard" => TokenKind::Discard,
            _ => return None,
        },
        8 => match text {
            "function" => TokenKind::Function,
            "continue" => TokenKind::Reserved(Reserved::Continue),
            _ => return None,
        },
        _ => return None,
    })
}

/// Lua words Luma reserves so that Lua habits get a helpful error instead of a confusing one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reserved {
    /// `local` (the parser treats it as `let`).
    Local,
    /// `nil`
    Nil,
    /// `repeat`
    Repeat,
    /// `until`
    Until,
    /// `goto`
    Goto,
    /// `continue`
    Continue,
    /// `self`
    SelfValue,
}

impl Reserved {
    /// The word as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Reserved::Local => "local",
            Reserved::Nil => "nil",
            Reserved::Repeat => "repeat",
            Reserved::Until => "until",
            Reserved::Goto => "goto",
            Reserved::Continue => "continue",
            Reserved::SelfValue => "self",
        }
    }
}

/// Kinds of cooked token, as the parser sees them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TokenKind {
    /// A name.
    Ident,
    /// An integer literal that fits in 64 bits (32 with the `u` suffix); [`number_value`] of
    /// its text gives the value. Tokens carry no values so that they stay 12 bytes: a large
    /// shader has hundreds of thousands, and their pages cost more than lexing them.
    Int {
        /// Written with the `u` suffix.
        unsigned: bool,
    },
    /// A floating-point literal that fits in `float`; [`number_value`] of its text gives the
    /// value.
    Float,
    /// `function`
    Function,
    /// `end`
    End,
    /// `let`
    Let,
    /// `return`
    Return,
    /// `if`
    If,
    /// `then`
    Then,
    /// `elseif`
    Elseif,
    /// `else`
    Else,
    /// `for`
    For,
    /// `while`
    While,
    /// `do`
    Do,
    /// `in` (reserved for a future iterator `for`)
    In,
    /// `and`
    And,
    /// `or`
    Or,
    /// `not`
    Not,
    /// `true`
    True,
    /// `false`
    False,
    /// `struct`
    Struct,
    /// `uniform`
    Uniform,
    /// `buffer`
    Buffer,
    /// `const`
    Const,
    /// `break`
    Break,
    /// `discard`
    Discard,
    /// `shared`
    Shared,
    /// A reserved Lua word; [`lex`] has already reported it.
    Reserved(Reserved),
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `->`
    Arrow,
    /// `=`
    Assign,
    /// `==`
    EqEq,
    /// `!=` (also what a reported `~=` becomes)
    NotEq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `&`
    Amp,
    /// `|`
    Pipe,
    /// `~`
    Tilde,
    /// `#`
    Hash,
    /// `@`
    At,
    /// `+=`
    PlusEq,
    /// `-=`
    MinusEq,
    /// `*=`
    StarEq,
    /// `/=`
    SlashEq,
    /// `%=`
    PercentEq,
    /// `&=`
    AmpEq,
    /// `|=`
    PipeEq,
    /// `<<=`
    ShlEq,
    /// `>>=`
    ShrEq,
    /// Input [`lex`] has already reported (a stray character, a string, a malformed literal):
    /// the parser skips it without a second diagnostic.
    Error,
    /// The end of the input.
    Eof,
}

impl TokenKind {
    /// How diagnostics name a token of this kind (`` `end` ``, "identifier", ...).
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Ident => "identifier",
            TokenKind::Int { .. } => "integer literal",
            TokenKind::Float => "float literal",
            TokenKind::Error => "invalid token",
            TokenKind::Eof => "end of file",
            other => other.spelling(),
        }
    }

    /// The fixed spelling of keywords and punctuation, in backticks; a plain description
    /// otherwise.
    pub fn spelling(self) -> &'static str {
        match self {
            TokenKind::Function => "`function`",
            TokenKind::End => "`end`",
            TokenKind::Let => "`let`",
            TokenKind::Return => "`return`",
            TokenKind::If => "`if`",
            TokenKind::Then => "`then`",
            TokenKind::Elseif => "`elseif`",
            TokenKind::Else => "`else`",
            TokenKind::For => "`for`",
            TokenKind::While => "`while`",
            TokenKind::Do => "`do`",
            TokenKind::In => "`in`",
            TokenKind::And => "`and`",
            TokenKind::Or => "`or`",
            TokenKind::Not => "`not`",
            TokenKind::True => "`true`",
            TokenKind::False => "`false`",
            TokenKind::Struct => "`struct`",
            TokenKind::Uniform => "`uniform`",
            TokenKind::Buffer => "`buffer`",
            TokenKind::Const => "`const`",
            TokenKind::Break => "`break`",
            TokenKind::Discard => "`discard`",
            TokenKind::Shared => "`shared`",
            TokenKind::Reserved(Reserved::Local) => "`local`",
            TokenKind::Reserved(Reserved::Nil) => "`nil`",
            TokenKind::Reserved(Reserved::Repeat) => "`repeat`",
            TokenKind::Reserved(Reserved::Until) => "`until`",
            TokenKind::Reserved(Reserved::Goto) => "`goto`",
            TokenKind::Reserved(Reserved::Continue) => "`continue`",
            TokenKind::Reserved(Reserved::SelfValue) => "`self`",
            TokenKind::LParen => "`(`",
            TokenKind::RParen => "`)`",
            TokenKind::LBracket => "`[`",
            TokenKind::RBracket => "`]`",
            TokenKind::LBrace => "`{`",
            TokenKind::RBrace => "`}`",
            TokenKind::Dot => "`.`",
            TokenKind::Comma => "`,`",
            TokenKind::Colon => "`:`",
            TokenKind::Arrow => "`->`",
            TokenKind::Assign => "`=`",
            TokenKind::EqEq => "`==`",
            TokenKind::NotEq => "`!=`",
            TokenKind::Lt => "`<`",
            TokenKind::Le => "`<=`",
            TokenKind::Gt => "`>`",
            TokenKind::Ge => "`>=`",
            TokenKind::Shl => "`<<`",
            TokenKind::Shr => "`>>`",
            TokenKind::Plus => "`+`",
            TokenKind::Minus => "`-`",
            TokenKind::Star => "`*`",
            TokenKind::Slash => "`/`",
            TokenKind::Percent => "`%`",
            TokenKind::Amp => "`&`",
            TokenKind::Pipe => "`|`",
            TokenKind::Tilde => "`~`",
            TokenKind::Hash => "`#`",
            TokenKind::At => "`@`",
            TokenKind::PlusEq => "`+=`",
            TokenKind::MinusEq => "`-=`",
            TokenKind::StarEq => "`*=`",
            TokenKind::SlashEq => "`/=`",
            TokenKind::PercentEq => "`%=`",
            TokenKind::AmpEq => "`&=`",
            TokenKind::PipeEq => "`|=`",
            TokenKind::ShlEq => "`<<=`",
            TokenKind::ShrEq => "`>>=`",
            TokenKind::Ident => "identifier",
            TokenKind::Int { .. } => "integer literal",
            TokenKind::Float => "float literal",
            TokenKind::Error => "invalid token",
            TokenKind::Eof => "end of file",
        }
    }

    /// Whether this is a keyword (reserved words included).
    pub fn is_keyword(self) -> bool {
        matches!(
            self,
            TokenKind::Function
                | TokenKind::End
                | TokenKind::Let
                | TokenKind::Return
                | TokenKind::If
                | TokenKind::Then
                | TokenKind::Elseif
                | TokenKind::Else
                | TokenKind::For
                | TokenKind::While
                | TokenKind::Do
                | TokenKind::In
                | TokenKind::And
                | TokenKind::Or
                | TokenKind::Not
                | TokenKind::True
                | TokenKind::False
                | TokenKind::Struct
                | TokenKind::Uniform
                | TokenKind::Buffer
                | TokenKind::Const
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::Shared
                | TokenKind::Reserved(_)
        )
    }
}

/// A cooked token.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is in the expanded source.
    pub span: Span,
    /// Whether a line break (possibly inside a comment) separates it from the previous token.
    /// Luma is not line-sensitive; the parser uses this only to recover from errors and to
    /// place "expected X" messages at the end of the previous line.
    pub newline_before: bool,
}

/// Cooks `text` into the parser's tokens, reporting every lexical error into `diags`. The result
/// always ends with one [`TokenKind::Eof`] token. Text longer than `u32::MAX` bytes is cut there
/// (the preprocessor's size limit keeps real inputs far below).
///
/// The parser does not call this: it pulls tokens from a [`Lexer`] as it goes, so the whole
/// file's tokens never exist at once. This is for tools that want them all.
pub fn lex(text: &str, diags: &mut Diagnostics) -> Vec<Token> {
    let mut lexer = Lexer::new(text, diags.sibling());
    // Shaders run at 0.2-0.4 tokens per byte; reserving the upper end once saves the copies of
    // a doubling vector, and the untouched rest of a large allocation costs no memory.
    lexer.cooker.tokens.reserve(text.len() / 5 * 2 + 16);
    lexer.fill_to(usize::MAX);
    let Lexer { cooker, .. } = lexer;
    diags.absorb(cooker.diags);
    cooker.tokens
}

/// What [`lex`] gives, read the way the parser reads it: one token at a time from a [`Lexer`],
/// releasing the tokens behind in steps of `release_step` (at least 1) instead of thousands.
/// For tests and fuzzing: any difference from [`lex`] is a bug in the window.
pub fn lex_through_window(text: &str, diags: &mut Diagnostics, release_step: usize) -> Vec<Token> {
    let mut lexer = Lexer::new(text, diags.sibling()).releasing_in_steps_of(release_step);
    let mut seen = Vec::new();
    let mut pos = 0usize;
    loop {
        lexer.fill_to(pos.saturating_sub(lexer.base()) + 1);
        let Some(&token) = pos
            .checked_sub(lexer.base())
            .and_then(|at| lexer.tokens().get(at))
        else {
            // Unreachable while `fill_to` keeps its promise; an early end is what a test sees.
            break;
        };
        seen.push(token);
        if token.kind == TokenKind::Eof {
            break;
        }
        lexer.release_before(pos);
        pos += 1;
    }
    diags.absorb(lexer.into_diagnostics());
    seen
}

/// The cooking step run on demand: [`Lexer::fill_to`] cooks more of the text, and
/// [`Lexer::release_before`] drops tokens the caller is done with. The parser keeps only a
/// window of tokens around its position, so a large file's tokens (12 bytes each, about 4.5
/// bytes per source byte) are never all in memory at once. The tokens and diagnostics are those
/// [`lex`] gives, in the same order.
pub struct Lexer<'a> {
    cooker: Cooker<'a>,
    cursor: Cursor<'a>,
    /// Where the next raw token starts.
    offset: usize,
    /// Index, counted from the first token of the file, of `cooker.tokens[0]`: the tokens before
    /// it were released.
    base: usize,
    /// Whether the end of the text was reached and [`TokenKind::Eof`] pushed.
    done: bool,
    /// Fewest tokens a release drops ([`RELEASE_STEP`] but in tests).
    release_step: usize,
}

/// Tokens a release keeps behind the last one cooked: the cooker looks back along the current
/// line (at most 257 tokens, see `Cooker::statement_place_before`) to cook the next.
const COOKER_LOOKBACK: usize = 512;

/// Fewest tokens a release drops: dropping moves the kept ones to the front, and doing it only
/// in steps this large (and only when more are dropped than kept) keeps that cost linear.
const RELEASE_STEP: usize = 4096;

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`, reporting into `diags` (see [`Lexer::into_diagnostics`]).
    pub fn new(text: &'a str, diags: Diagnostics) -> Lexer<'a> {
        Lexer {
            cooker: Cooker {
                text,
                tokens: Vec::new(),
                diags,
                newline: true,
                open_repeats: 0,
                pending_local: None,
                c_for_parens: 0,
                c_for_bare: false,
                c_comments: [None, None],
                semicolons: None,
                reserved_names: [None, None],
                caret_eq_at: None,
                float_suffixes: None,
            },
            cursor: Cursor {
                bytes: text.as_bytes(),
                text,
                pos: 0,
            },
            offset: 0,
            base: 0,
            done: false,
            release_step: RELEASE_STEP,
        }
    }

    /// The same lexer releasing tokens in steps of `step` (at least 1) instead of thousands:
    /// for tests that check, on small inputs, that releasing never changes what is cooked.
    pub fn releasing_in_steps_of(mut self, step: usize) -> Lexer<'a> {
        self.release_step = step.max(1);
        self
    }

    /// The tokens cooked and not yet released; the first is token number [`Lexer::base`] of the
    /// file. Once [`Lexer::is_done`], the last is the one [`TokenKind::Eof`].
    pub fn tokens(&self) -> &[Token] {
        &self.cooker.tokens
    }

    /// The same tokens, to rewrite one the parser splits (`>>` closing two type-argument
    /// lists). The lexer looks back only at kinds a split does not change.
    pub fn tokens_mut(&mut self) -> &mut [Token] {
        &mut self.cooker.tokens
    }

    /// How many tokens of the file were released before [`Lexer::tokens`].
    pub fn base(&self) -> usize {
        self.base
    }

    /// Whether the whole text is cooked (the tokens end with [`TokenKind::Eof`]).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Cooks until [`Lexer::tokens`] holds at least `len` tokens or the text ends.
    pub fn fill_to(&mut self, len: usize) {
        while self.cooker.tokens.len() < len && !self.done {
            if !self.cook_next() {
                self.finish();
            }
        }
    }

    /// Drops the tokens before the file's token number `index`, as far as the lexer's own look
    /// back allows, in steps that keep the cost linear (so some may stay).
    pub fn release_before(&mut self, index: usize) {
        let head = self.base + self.cooker.tokens.len();
        let keep_from = index.min(head.saturating_sub(COOKER_LOOKBACK));
        let drop = keep_from.saturating_sub(self.base);
        if drop >= self.release_step && drop >= self.cooker.tokens.len() - drop {
            self.cooker.tokens.drain(..drop);
            self.base += drop;
        }
    }

    /// The lexical errors reported so far (all of them once [`Lexer::is_done`]).
    pub fn into_diagnostics(self) -> Diagnostics {
        self.cooker.diags
    }

    /// Scans and cooks the next raw token; `false` at the end of the text.
    fn cook_next(&mut self) -> bool {
        let text = self.cooker.text;
        let bytes = text.as_bytes();
        let offset = self.offset;
        if offset >= text.len() {
            return false;
        }
        let cooker = &mut self.cooker;
        let cursor = &mut self.cursor;
        if bytes.get(offset).copied().is_some_and(is_whitespace) {
            // Whitespace, a third of the raw tokens, only tells the parser where lines break:
            // scanned here, looking for line breaks on the way, without the cooking step.
            let mut end = offset;
            while let Some(b) = bytes.get(end).copied().filter(|&b| is_whitespace(b)) {
                if b == b'\n' {
                    cooker.newline = true;
                }
                end += 1;
            }
            if u32::try_from(end).is_err() {
                return false;
            }
            self.offset = end;
            return true;
        }
        // What `tokenize` does, with one cursor over the whole text instead of a slice of the
        // rest per token (the scanner only looks at the bytes from its position on, so it scans
        // the same tokens).
        let kind = if offset == 0 && text.starts_with('\u{feff}') {
            // A byte-order mark is whitespace only where editors put it: at the very start.
            cursor.pos = 3;
            RawKind::Whitespace
        } else if self.base == 0
            && cooker.tokens.is_empty()
            && text.get(offset..).is_some_and(|t| t.starts_with("#!"))
            && text
                .get(..offset)
                .is_some_and(|t| t.trim_start_matches('\u{feff}').is_empty())
        {
            // A script's `#!` line (Lua skips it): one error, and the line is skipped.
            let end = text
                .get(offset..)
                .and_then(|t| t.find('\n'))
                .map_or(text.len(), |n| offset + n);
            cooker.shebang(offset, end);
            cursor.pos = end;
            RawKind::LineComment
        } else {
            cursor.pos = offset;
            cursor.scan()
        };
        let end = cursor.pos.max(offset + 1).min(text.len());
        if u32::try_from(end).is_err() {
            return false;
        }
        cooker.cook(kind, offset, end);
        self.offset = end;
        text.is_char_boundary(end)
    }

    /// Reports what was held back for the end of the file and pushes [`TokenKind::Eof`].
    fn finish(&mut self) {
        let cooker = &mut self.cooker;
        let eof = u32::try_from(self.offset).unwrap_or(u32::MAX);
        if let Some((lo, hi)) = cooker.pending_local.take() {
            cooker.reserved(Reserved::Local, lo, hi, Some(TokenKind::Eof));
        }
        cooker.finish_c_comments();
        cooker.finish_float_suffixes();
        cooker.finish_semicolons();
        cooker.finish_reserved_names();
        cooker.tokens.push(Token {
            kind: TokenKind::Eof,
            span: Span::point(eof),
            newline_before: true,
        });
        self.done = true;
    }
}

struct Cooker<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    diags: Diagnostics,
    newline: bool,
    open_repeats: u32,
    pending_local: Option<(usize, usize)>,
    /// Open parentheses of a C-style `for (...; ...; ...)` header on the current line: the
    /// parser reports the header as a whole, so its semicolons are dropped silently.
    c_for_parens: u32,
    /// A `for` header without parentheses on the current line, before its `do` or `{`: Go's
    /// `for i := 0; i < n; i++ {` and C's header without them. The parser reports such a
    /// header as a whole when its text holds a `;`, so the semicolons are dropped silently.
    c_for_bare: bool,
    /// The first `//` and the first terminated `/* */` comment's error, held back until the
    /// end of the file, with the count of further comments of its kind.
    c_comments: [Option<(Diagnostic, u32)>; 2],
    /// The first `;`'s error, held back until the end of the file, with the count of further
    /// semicolons: code ported from C, GLSL or HLSL has one on every line.
    semicolons: Option<(Diagnostic, u32)>,
    /// The first error for `local` used as a name and for `self`, held back until the end of
    /// the file, with the count of further uses: a renamed-later variable or a ported method
    /// uses the word on many lines, and one error with a count says it all.
    reserved_names: [Option<(Diagnostic, u32)>; 2],
    /// Where the `=` of a reported `^=` statement starts: it is part of that error's token.
    caret_eq_at: Option<usize>,
    /// The first C float suffix's error (`0.5f`), held back until the end of the file, with
    /// the count of further ones: ported code has one on every literal. The literals are read
    /// without their suffix.
    float_suffixes: Option<(Diagnostic, u32)>,
}

/// `d`, the error at the first of `more + 1` occurrences of something reported once per file,
/// with a note saying how many more the file has (`one` and `many` name it, `done` says what
/// happens to them).
fn with_count_of_more(d: Diagnostic, more: u32, one: &str, many: &str, done: &str) -> Diagnostic {
    match more {
        0 => d,
        1 => d.with_note(format!(
            "1 more {one} in this file is {done} without another error"
        )),
        n => d.with_note(format!(
            "{n} more {many} in this file are {done} without another error"
        )),
    }
}

impl Cooker<'_> {
    fn slice(&self, lo: usize, hi: usize) -> &str {
        self.text.get(lo..hi).unwrap_or("")
    }

    fn push(&mut self, kind: TokenKind, lo: usize, hi: usize) {
        if let Some((plo, phi)) = self.pending_local.take() {
            // A token on a later line does not follow `local` (`out[0] = local` then a
            // statement starting with a name is a use of the word, not a declaration).
            let next = Some(kind).filter(|_| !self.newline);
            self.reserved(Reserved::Local, plo, phi, next);
        }
        if self.newline {
            self.c_for_parens = 0;
            self.c_for_bare = false;
        }
        match kind {
            TokenKind::For => self.c_for_bare = true,
            TokenKind::Do | TokenKind::LBrace => self.c_for_bare = false,
            _ => {}
        }
        match kind {
            TokenKind::LParen if self.c_for_parens > 0 => {
                self.c_for_parens = self.c_for_parens.saturating_add(1)
            }
            TokenKind::LParen
                if !self.newline && self.tokens.last().map(|t| t.kind) == Some(TokenKind::For) =>
            {
                self.c_for_parens = 1
            }
            TokenKind::RParen => self.c_for_parens = self.c_for_parens.saturating_sub(1),
            _ => {}
        }
        // The target of `goto continue` and a label's name (`::continue::`) are part of the
        // `goto` or label already reported: a reserved word there is not another error.
        let last = |n: usize| {
            self.tokens
                .len()
                .checked_sub(n)
                .and_then(|i| self.tokens.get(i))
                .map(|t| t.kind)
        };
        let goto_target = !self.newline && last(1) == Some(TokenKind::Reserved(Reserved::Goto));
        let label_name = !self.newline
            && last(1) == Some(TokenKind::Colon)
            && last(2) == Some(TokenKind::Colon)
            && self.text.get(hi..hi + 2) == Some("::");
        if let TokenKind::Reserved(word) = kind {
            if word == Reserved::Local {
                self.pending_local = Some((lo, hi));
            } else if !goto_target && !label_name {
                self.reserved(word, lo, hi, None);
            }
        }
        self.tokens.push(Token {
            kind,
            span: span(lo, hi),
            newline_before: self.newline,
        });
        self.newline = false;
    }

    fn error(
        &mut self,
        code: Code,
        lo: usize,
        hi: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::error(code, span(lo, hi), message)
    }

    /// Where the statement starts when the tokens cooked so far end with a place (`h`, `v.x`,
    /// `b[i]`) that begins a line after a token that ends a statement or opens a block: a `~=`
    /// after it stands as a statement, where C's (and Luma's `~`) xor would make it read as
    /// xor-assignment, not as Lua's not-equal.
    fn statement_place_before(&self) -> Option<usize> {
        let last = self.tokens.len().checked_sub(1)?;
        let mut i = last;
        loop {
            // A place on one line is short; a bound keeps hostile input linear.
            if last - i > 256 {
                return None;
            }
            let t = self.tokens.get(i)?;
            match t.kind {
                TokenKind::Ident if t.newline_before => break,
                TokenKind::Ident => {
                    // Only `.name` continues a place.
                    i = i.checked_sub(1)?;
                    if self.tokens.get(i)?.kind != TokenKind::Dot {
                        return None;
                    }
                    i = i.checked_sub(1)?;
                }
                TokenKind::RBracket if !t.newline_before => {
                    let mut depth = 0usize;
                    loop {
                        let b = self.tokens.get(i)?;
                        if b.newline_before || last - i > 256 {
                            return None;
                        }
                        match b.kind {
                            TokenKind::RBracket => depth += 1,
                            TokenKind::LBracket => {
                                depth = depth.saturating_sub(1);
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i = i.checked_sub(1)?;
                    }
                    i = i.checked_sub(1)?;
                }
                _ => return None,
            }
        }
        // At the very start of the file no statement can stand (it is module scope).
        let before = self.tokens.get(i.checked_sub(1)?)?;
        let ends_statement = matches!(
            before.kind,
            TokenKind::Ident
                | TokenKind::Int { .. }
                | TokenKind::Float
                | TokenKind::True
                | TokenKind::False
                | TokenKind::RParen
                | TokenKind::RBracket
                | TokenKind::RBrace
                | TokenKind::End
                | TokenKind::Then
                | TokenKind::Do
                | TokenKind::Else
                | TokenKind::Break
                | TokenKind::Discard
                | TokenKind::Return
                | TokenKind::Error
        );
        ends_statement.then_some(i)
    }

    /// Reports `place ~= value` as a statement (the tokens from `start` are the place, `lo..hi`
    /// the `~=`), with the xor written out when the rest of the line holds the value.
    #[cold]
    #[inline(never)]
    fn xor_assign(&mut self, start: usize, lo: usize, hi: usize) {
        let target_lo = self.tokens.get(start).map_or(lo, |t| t.span.lo as usize);
        let target = self.slice(target_lo, lo).trim_end().to_owned();
        let rest = self.text.get(hi..).unwrap_or("");
        let line = rest.split('\n').next().unwrap_or("");
        // No strings in Luma: `--` always starts a comment.
        let code = line.split("--").next().unwrap_or("");
        let operand = code.trim().trim_end_matches(';').trim_end();
        let mut d = self
            .error(
                codes::TILDE_EQ,
                lo,
                hi,
                "Luma has no xor-assignment operator",
            )
            .with_primary_label("not an operator in Luma");
        d = if self.slice(lo, hi) == "^=" {
            d.with_note("`^` is not an operator in Luma; its bitwise xor is `~`")
        } else {
            d.with_note("`~=` is Lua's not-equal, which Luma writes as `!=`")
        };
        if operand.is_empty() {
            d = d.with_help(format!("write the xor out: `{target} = {target} ~ value`"));
        } else {
            let value = if is_simple_operand(operand) {
                operand.to_owned()
            } else {
                format!("({operand})")
            };
            let operand_hi = hi + (code.len() - code.trim_start().len()) + operand.len();
            d = d.with_suggestion(
                span(target_lo, operand_hi),
                format!("{target} = {target} ~ {value}"),
                "write the xor out",
            );
        }
        self.diags.push(d);
    }

    /// A `#!` line at the start of the source.
    #[cold]
    #[inline(never)]
    fn shebang(&mut self, lo: usize, hi: usize) {
        let d = self
            .error(
                codes::UNKNOWN_CHARACTER,
                lo,
                (lo + 2).min(hi),
                "a `#!` line is not Luma",
            )
            .with_primary_label("a script's interpreter line")
            .with_help("remove the line: Luma sources are compiled with `luma compile`, not run");
        self.diags.push(d);
    }

    /// A string as an attribute's argument (`@entry("fragment")`): the help unquotes it.
    #[cold]
    #[inline(never)]
    /// `include` or `line` when the string at `lo` follows `#include` or `#line` on the same
    /// line (the directive did not start its line, or it would not have reached the lexer).
    fn directive_before(&self, lo: usize) -> Option<&'static str> {
        if self.newline {
            return None;
        }
        let [word, hash] = [self.tokens.last()?, self.tokens.iter().rev().nth(1)?];
        if hash.kind != TokenKind::Hash
            || hash.span.hi != word.span.lo
            || word.span.hi as usize > lo
        {
            return None;
        }
        match self.slice(word.span.lo as usize, word.span.hi as usize) {
            "include" => Some("include"),
            "line" => Some("line"),
            _ => None,
        }
    }

    fn attribute_string_help(&self, d: Diagnostic, lo: usize, hi: usize) -> Diagnostic {
        let kinds: Vec<TokenKind> = self.tokens.iter().rev().take(3).map(|t| t.kind).collect();
        let inner = self.slice(lo + 1, hi.saturating_sub(1));
        let is_name = inner.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if self.newline || kinds != [TokenKind::LParen, TokenKind::Ident, TokenKind::At] || !is_name
        {
            return d;
        }
        d.with_suggestion(
            span(lo, hi),
            inner,
            "attribute arguments are names, not strings: write it without quotes",
        )
    }

    /// One error for a C comment, which is then skipped as a Luma comment would be. Only the
    /// first `//` and the first `/* */` comment of a file are reported (with a count of the
    /// others, at the end of the file): a file of C comments is one habit, not one mistake per
    /// line.
    #[cold]
    #[inline(never)]
    fn c_comment_error(&mut self, block: bool, terminated: bool, lo: usize, hi: usize) {
        if block && self.slice(lo, hi).contains('\n') {
            self.newline = true;
        }
        let slot = usize::from(block);
        if terminated {
            if let Some((_, more)) = self.c_comments.get_mut(slot).and_then(Option::as_mut) {
                *more += 1;
                return;
            }
        }
        let opener = (lo + 2).min(hi);
        let d = if block {
            let d = self
                .error(
                    codes::C_COMMENT,
                    lo,
                    opener,
                    "Luma writes block comments as `--[[ ... ]]`",
                )
                .with_primary_label("a C comment");
            if terminated {
                d.with_help("write `--[[` for `/*` and `]]` for `*/`")
            } else {
                d.with_note("this comment has no `*/`: the rest of the file is skipped")
                    .with_help("write `--[[` for `/*`, and close the comment with `]]`")
            }
        } else {
            let d = self
                .error(
                    codes::C_COMMENT,
                    lo,
                    opener,
                    "Luma comments start with `--`, not `//`",
                )
                .with_suggestion(span(lo, opener), "--", "write Luma's comment marker");
            // After an operand on its line, `//` may be Lua's floor division.
            let after_operand = !self.newline
                && self.tokens.last().is_some_and(|t| {
                    matches!(
                        t.kind,
                        TokenKind::Ident
                            | TokenKind::Int { .. }
                            | TokenKind::Float
                            | TokenKind::RParen
                            | TokenKind::RBracket
                    )
                });
            if after_operand {
                d.with_note("Lua's floor division `a // b` is `floor(a / b)` in Luma")
            } else {
                d
            }
        };
        match self.c_comments.get_mut(slot) {
            Some(first @ None) if terminated => *first = Some((d, 0)),
            _ => self.diags.push(d),
        }
    }

    /// Reports the first C float suffix, with how many more the file has.
    fn finish_float_suffixes(&mut self) {
        let Some((d, more)) = self.float_suffixes.take() else {
            return;
        };
        self.diags.push(with_count_of_more(
            d,
            more,
            "float suffix",
            "float suffixes",
            "dropped",
        ));
    }

    /// Reports the first semicolon, with how many more the file has.
    fn finish_semicolons(&mut self) {
        let Some((d, more)) = self.semicolons.take() else {
            return;
        };
        self.diags
            .push(with_count_of_more(d, more, "`;`", "`;`", "ignored"));
    }

    /// Reports the first use of `local` as a name and of `self`, with how many more the file
    /// has.
    fn finish_reserved_names(&mut self) {
        for (slot, word) in [(0, "`local`"), (1, "`self`")] {
            let Some((d, more)) = self.reserved_names.get_mut(slot).and_then(Option::take) else {
                continue;
            };
            let d = match more {
                0 => d,
                1 => d.with_note(format!(
                    "{word} is used once more in this file, which gets no error of its own"
                )),
                n => d.with_note(format!(
                    "{word} is used {n} more times in this file, which get no error of their own"
                )),
            };
            self.diags.push(d);
        }
    }

    /// Reports the first C comment of each kind, with how many more the file has.
    fn finish_c_comments(&mut self) {
        for (slot, what) in [(0, "`//`"), (1, "`/* */`")] {
            let Some((d, more)) = self.c_comments.get_mut(slot).and_then(Option::take) else {
                continue;
            };
            let one = format!("{what} comment");
            let many = format!("{what} comments");
            self.diags
                .push(with_count_of_more(d, more, &one, &many, "skipped"));
        }
    }

    fn cook(&mut self, kind: RawKind, lo: usize, hi: usize) {
        let kind = match kind {
            RawKind::Whitespace => {
                // Bytes, not chars: whitespace is ASCII.
                if self.slice(lo, hi).as_bytes().contains(&b'\n') {
                    self.newline = true;
                }
                return;
            }
            // A line comment ends before its line break.
            RawKind::LineComment => return,
            RawKind::CComment { block, terminated } => {
                self.c_comment_error(block, terminated, lo, hi);
                if terminated {
                    return;
                }
                // As for an unterminated long comment: the parser reports nothing unclosed
                // after it.
                TokenKind::Error
            }
            RawKind::LongComment { level, terminated } => {
                if self.slice(lo, hi).contains('\n') {
                    self.newline = true;
                }
                if !terminated {
                    let opener = lo + 4 + level as usize;
                    let close = format!("]{}]", "=".repeat(level as usize));
                    let d = self
                        .error(
                            codes::UNTERMINATED_COMMENT,
                            lo,
                            opener.min(hi),
                            "unterminated long comment",
                        )
                        .with_primary_label("comment opened here")
                        .with_note(format!(
                            "a comment opened with `{}` ends at the first `{close}`",
                            self.slice(lo, opener.min(hi))
                        ));
                    self.diags.push(d);
                    // The rest of the file is the comment: an error token tells the parser,
                    // which then reports nothing left unclosed at the end of the file.
                    TokenKind::Error
                } else {
                    return;
                }
            }
            RawKind::Ident => {
                let word = self.slice(lo, hi);
                keyword(word).unwrap_or(TokenKind::Ident)
            }
            RawKind::Number => self.number(lo, hi),
            RawKind::String { terminated } => {
                let d = if let Some(word) = self.directive_before(lo) {
                    // `const A = 1 #include "x.luma"`: a directive after code on its line,
                    // which the preprocessor does not see (the parser stays quiet about it).
                    self.error(
                        codes::MALFORMED_INCLUDE,
                        lo,
                        hi,
                        format!("`#{word}` must start its line"),
                    )
                    .with_primary_label("a directive after other code on this line")
                    .with_help("put the directive on a line of its own")
                } else if terminated {
                    let d = self
                        .error(codes::STRING_LITERAL, lo, hi, "Luma has no string literals")
                        .with_note("quoted paths appear only in `#include` and `#line` directives");
                    self.attribute_string_help(d, lo, hi)
                } else {
                    self.error(codes::STRING_LITERAL, lo, lo + 1, "unterminated string literal")
                        .with_primary_label("string opened here")
                        .with_note("Luma has no string literals; quoted paths appear only in `#include` and `#line` directives")
                };
                self.diags.push(d);
                TokenKind::Error
            }
            RawKind::LParen => TokenKind::LParen,
            RawKind::RParen => TokenKind::RParen,
            RawKind::LBracket => TokenKind::LBracket,
            RawKind::RBracket => TokenKind::RBracket,
            RawKind::LBrace => TokenKind::LBrace,
            RawKind::RBrace => TokenKind::RBrace,
            RawKind::Dot => TokenKind::Dot,
            RawKind::DotDot if hi - lo == 3 => {
                let d = self
                    .error(codes::DOT_DOT, lo, hi, "`...` is reserved")
                    .with_help(
                        "Luma functions take a fixed list of typed parameters, without varargs: \
                         pass an array (`values: [4]float`) or a struct",
                    );
                self.diags.push(d);
                TokenKind::Error
            }
            RawKind::DotDot => {
                let d = self
                    .error(codes::DOT_DOT, lo, hi, "`..` is reserved")
                    .with_help(
                        "Luma has no strings to concatenate: to join vectors, construct one \
                         (`vec3(a.xy, b)`); to count, `for i = a, b do ... end`",
                    );
                self.diags.push(d);
                TokenKind::Error
            }
            RawKind::Comma => TokenKind::Comma,
            RawKind::Colon => TokenKind::Colon,
            RawKind::Semi if (self.c_for_parens > 0 || self.c_for_bare) && !self.newline => return,
            RawKind::Semi => {
                match &mut self.semicolons {
                    Some((_, more)) => *more += 1,
                    None => {
                        let d = self
                            .error(codes::SEMICOLON, lo, hi, "Luma does not use semicolons")
                            .with_suggestion(span(lo, hi), "", "remove the `;`");
                        self.semicolons = Some((d, 0));
                    }
                }
                // Dropping it lets `let x = 1;` parse as meant: no cascade.
                return;
            }
            RawKind::Arrow => TokenKind::Arrow,
            RawKind::Eq if self.caret_eq_at.take() == Some(lo) => return,
            RawKind::Eq => TokenKind::Assign,
            RawKind::EqEq => TokenKind::EqEq,
            RawKind::BangEq => TokenKind::NotEq,
            RawKind::Bang => {
                let spaced = self
                    .text
                    .get(hi..)
                    .and_then(|r| r.chars().next())
                    .is_some_and(|c| !c.is_whitespace());
                let d = self
                    .error(
                        codes::C_OPERATOR,
                        lo,
                        hi,
                        "Luma writes logical not as `not`",
                    )
                    .with_suggestion(
                        span(lo, hi),
                        if spaced { "not " } else { "not" },
                        "use Luma's logical not",
                    );
                self.diags.push(d);
                TokenKind::Not
            }
            RawKind::TildeEq => {
                if let Some(start) = self.statement_place_before() {
                    self.xor_assign(start, lo, hi);
                    // The parser skips the statement without a second diagnostic.
                    TokenKind::Error
                } else {
                    let d = self
                        .error(codes::TILDE_EQ, lo, hi, "Luma writes not-equal as `!=`")
                        .with_suggestion(span(lo, hi), "!=", "use Luma's not-equal");
                    self.diags.push(d);
                    TokenKind::NotEq
                }
            }
            RawKind::Lt => TokenKind::Lt,
            RawKind::Le => TokenKind::Le,
            RawKind::Gt => TokenKind::Gt,
            RawKind::Ge => TokenKind::Ge,
            RawKind::Shl => TokenKind::Shl,
            RawKind::Shr => TokenKind::Shr,
            RawKind::Plus => TokenKind::Plus,
            RawKind::Minus => TokenKind::Minus,
            RawKind::Star => TokenKind::Star,
            RawKind::Slash => TokenKind::Slash,
            RawKind::Percent => TokenKind::Percent,
            RawKind::Amp => TokenKind::Amp,
            RawKind::AmpAmp => {
                let d = self
                    .error(
                        codes::C_OPERATOR,
                        lo,
                        hi,
                        "Luma writes logical and as `and`",
                    )
                    .with_suggestion(span(lo, hi), "and", "use Luma's logical and");
                self.diags.push(d);
                TokenKind::And
            }
            RawKind::Pipe => TokenKind::Pipe,
            RawKind::PipePipe => {
                let d = self
                    .error(codes::C_OPERATOR, lo, hi, "Luma writes logical or as `or`")
                    .with_suggestion(span(lo, hi), "or", "use Luma's logical or");
                self.diags.push(d);
                TokenKind::Or
            }
            RawKind::Tilde => TokenKind::Tilde,
            RawKind::Caret
                if self.text.get(hi..hi + 1) == Some("=")
                    && self.statement_place_before().is_some() =>
            {
                // C's xor-assignment `h ^= x`: one error with the xor written out, as for
                // `h ~= x`; the `=` belongs to this token.
                if let Some(start) = self.statement_place_before() {
                    self.xor_assign(start, lo, hi + 1);
                }
                self.caret_eq_at = Some(hi);
                TokenKind::Error
            }
            RawKind::Caret => {
                let d = self
                    .error(
                        codes::UNKNOWN_CHARACTER,
                        lo,
                        hi,
                        "`^` is not a Luma operator",
                    )
                    .with_help("write powers as `pow(x, y)` and bitwise xor as `~`");
                self.diags.push(d);
                TokenKind::Error
            }
            RawKind::Question => {
                let d = self
                    .error(
                        codes::UNKNOWN_CHARACTER,
                        lo,
                        hi,
                        "`?` is not a Luma operator",
                    )
                    .with_help("write a conditional value as `if c then a else b`");
                self.diags.push(d);
                TokenKind::Error
            }
            RawKind::Hash => TokenKind::Hash,
            RawKind::At => TokenKind::At,
            RawKind::PlusEq => TokenKind::PlusEq,
            RawKind::MinusEq => TokenKind::MinusEq,
            RawKind::StarEq => TokenKind::StarEq,
            RawKind::SlashEq => TokenKind::SlashEq,
            RawKind::PercentEq => TokenKind::PercentEq,
            RawKind::AmpEq => TokenKind::AmpEq,
            RawKind::PipeEq => TokenKind::PipeEq,
            RawKind::ShlEq => TokenKind::ShlEq,
            RawKind::ShrEq => TokenKind::ShrEq,
            RawKind::LookAlike => match self.look_alike_token(lo, hi) {
                Some(kind) => kind,
                None => return,
            },
            RawKind::Unknown => {
                let shown: String = self
                    .slice(lo, hi)
                    .chars()
                    .map(|c| {
                        if c.is_control() || c.is_whitespace() || c == '\u{feff}' || c == '\u{200b}'
                        {
                            c.escape_unicode().to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect();
                let shown = if shown.contains('`') {
                    format!("` {shown} `")
                } else {
                    shown
                };
                let many = self.slice(lo, hi).chars().count() > 1;
                let message = if many {
                    format!("unexpected characters `{shown}`")
                } else {
                    format!("unexpected character `{shown}`")
                };
                let mut d = self.error(codes::UNKNOWN_CHARACTER, lo, hi, message);
                let text = self.slice(lo, hi);
                if text.chars().any(|c| c.is_alphabetic()) {
                    d = d.with_help("identifiers use ASCII letters, digits and `_`");
                } else if text.contains('\u{feff}') {
                    // Most editors draw neither character, so the line looks clean.
                    d = d.with_help(
                        "a byte-order mark (U+FEFF) may only begin the file; this one is \
                         invisible in most editors: delete it (often left by pasting or by \
                         joining files)",
                    );
                } else if text.contains('\u{200b}') {
                    d = d.with_help(
                        "a zero-width space (U+200B) is invisible in most editors: delete it",
                    );
                } else if let Some(c) = text.chars().find(|c| c.is_whitespace()) {
                    // A no-break or typeset space (pasted from a web page or a word
                    // processor) is drawn as an ordinary blank.
                    d = d.with_help(format!(
                        "U+{:04X} looks like a space but is not one: replace it with a plain \
                         space or a tab",
                        u32::from(c)
                    ));
                }
                self.diags.push(d);
                TokenKind::Error
            }
        };
        self.push(kind, lo, hi);
    }

    /// A look-alike of an ASCII character: one error with the fix, then the token the ASCII
    /// character makes (none for a semicolon, which Luma drops), so parsing goes on as meant.
    #[cold]
    #[inline(never)]
    fn look_alike_token(&mut self, lo: usize, hi: usize) -> Option<TokenKind> {
        let text = self.slice(lo, hi);
        let (ascii, name) = text
            .chars()
            .next()
            .and_then(look_alike)
            .unwrap_or(('?', "a character"));
        let kind = match ascii {
            '(' => TokenKind::LParen,
            ')' => TokenKind::RParen,
            '[' => TokenKind::LBracket,
            ']' => TokenKind::RBracket,
            '{' => TokenKind::LBrace,
            '}' => TokenKind::RBrace,
            ',' => TokenKind::Comma,
            ':' => TokenKind::Colon,
            '=' => TokenKind::Assign,
            '.' => TokenKind::Dot,
            '+' => TokenKind::Plus,
            '-' => TokenKind::Minus,
            '*' => TokenKind::Star,
            '/' => TokenKind::Slash,
            '<' => TokenKind::Lt,
            '>' => TokenKind::Gt,
            _ => TokenKind::Error,
        };
        let message = format!("unexpected character `{text}`");
        let d = self.error(codes::UNKNOWN_CHARACTER, lo, hi, message);
        let d = if ascii == ';' {
            d.with_primary_label(name).with_suggestion(
                span(lo, hi),
                "",
                "Luma does not use semicolons: remove it",
            )
        } else {
            d.with_primary_label(format!("{name}, not `{ascii}`"))
                .with_suggestion(span(lo, hi), ascii, "type the ASCII character")
        };
        self.diags.push(d);
        (ascii != ';').then_some(kind)
    }

    /// `00012`: decimal 12 in Luma, octal in C and GLSL. A warning with the value Luma reads
    /// and the literal without its leading zeros (hexadecimal literals and `0` itself never
    /// get here: only a decimal integer with a value starts with `0`).
    #[cold]
    #[inline(never)]
    fn leading_zero(&mut self, lo: usize, hi: usize, value: u64, unsigned: bool) {
        let text = self.slice(lo, hi);
        if text
            .bytes()
            .any(|b| !(b.is_ascii_digit() || b == b'u' || b == b'U'))
        {
            return;
        }
        let suffix = if unsigned { "u" } else { "" };
        let digits = text.trim_end_matches(['u', 'U']);
        let octal = u64::from_str_radix(digits, 8).ok();
        let mut d = Diagnostic::warning(
            codes::LEADING_ZERO,
            span(lo, hi),
            format!("`{text}` has a leading zero: Luma reads it as decimal {value}"),
        )
        .with_primary_label(format!("decimal {value}"));
        d = match octal {
            Some(octal) => d.with_note(format!(
                "C and GLSL read an integer with a leading zero as octal: `{text}` is {octal} there"
            )),
            None => d.with_note("C and GLSL read an integer with a leading zero as octal"),
        };
        let d = d.with_suggestion(
            span(lo, hi),
            format!("{value}{suffix}"),
            "Luma has no octal literals; write the decimal value without leading zeros",
        );
        self.diags.push(d);
    }

    /// Validates a numeric literal and computes its value.
    fn number(&mut self, lo: usize, hi: usize) -> TokenKind {
        let text = self.slice(lo, hi);
        let suffix = c_float_suffix_len(text);
        if suffix > 0 {
            let at = hi - suffix;
            match &mut self.float_suffixes {
                Some((_, more)) => *more += 1,
                None => {
                    let d = self
                        .error(
                            codes::INVALID_NUMBER,
                            lo,
                            hi,
                            format!(
                                "invalid suffix `{}` on a number literal",
                                self.slice(at, hi)
                            ),
                        )
                        .with_suggestion(
                            span(at, hi),
                            "",
                            "Luma literals take their type from context; remove the suffix",
                        );
                    self.float_suffixes = Some((d, 0));
                }
            }
            return TokenKind::Float;
        }
        match parse_number(self.slice(lo, hi), false) {
            Ok(NumberValue::Int { value, unsigned }) => {
                if value != 0 && self.slice(lo, hi).starts_with('0') {
                    self.leading_zero(lo, hi, value, unsigned);
                }
                TokenKind::Int { unsigned }
            }
            Ok(NumberValue::Float(_)) => TokenKind::Float,
            Err(problem) => {
                let d = match problem {
                    NumberProblem::Invalid { message, help } => {
                        let mut d = self.error(codes::INVALID_NUMBER, lo, hi, message);
                        if let Some(help) = help {
                            d = d.with_help(help);
                        }
                        d
                    }
                    NumberProblem::BadSuffix {
                        at,
                        message,
                        fix,
                        replacement,
                    } => {
                        let mut d = self.error(codes::INVALID_NUMBER, lo, hi, message);
                        if let Some(fix) = fix {
                            d = d.with_suggestion(span(lo + at, hi), replacement, fix);
                        }
                        d
                    }
                    NumberProblem::IntTooLarge { unsigned } => {
                        let (message, note) = if unsigned {
                            (
                                "`uint` literal out of range",
                                "the largest `uint` is 4294967295 (`0xFFFFFFFFu`)",
                            )
                        } else {
                            (
                                "integer literal out of range",
                                "integer literals must fit in 64 bits before they take a type; the largest `uint` is 4294967295",
                            )
                        };
                        self.error(codes::INT_OUT_OF_RANGE, lo, hi, message)
                            .with_note(note)
                    }
                    NumberProblem::FloatTooLarge => self
                        .error(
                            codes::FLOAT_OUT_OF_RANGE,
                            lo,
                            hi,
                            "float literal out of range",
                        )
                        .with_note("the largest `float` is about 3.4028235e38"),
                };
                self.diags.push(d);
                TokenKind::Error
            }
        }
    }

    /// Reserved Lua words get one diagnostic each, worded for the habit they come from. `local`
    /// waits for the next token: `local function` needs a different explanation.
    fn reserved(&mut self, word: Reserved, lo: usize, hi: usize, next: Option<TokenKind>) {
        let d = match word {
            Reserved::Local if next == Some(TokenKind::Function) => self
                .error(codes::RESERVED_WORD, lo, hi, "Luma has no local functions")
                .with_primary_label("reserved word")
                .with_help("declare the function at module scope")
                .with_suggestion(span(lo, hi), "", "remove `local`"),
            // `local x`: a Lua declaration.
            Reserved::Local if next == Some(TokenKind::Ident) => self
                .error(
                    codes::RESERVED_WORD,
                    lo,
                    hi,
                    "Luma declares variables with `let`",
                )
                .with_primary_label("reserved word")
                .with_suggestion(span(lo, hi), "let", "declare it with"),
            // Anything else (`let local = p`, `local + 1.0`, a member `local: vec2`) uses the
            // word as a name, which `let` would not fix.
            Reserved::Local => {
                let d = self
                    .error(
                        codes::RESERVED_WORD,
                        lo,
                        hi,
                        "`local` is reserved and cannot be a name",
                    )
                    .with_primary_label("reserved word")
                    .with_help(
                        "Luma reserves Lua's `local`; choose another name, such as `local_pos`",
                    );
                self.once_per_file(0, d);
                return;
            }
            Reserved::Nil => self
                .error(codes::RESERVED_WORD, lo, hi, "Luma has no `nil`")
                .with_primary_label("reserved word")
                .with_note("every variable is initialized when it is declared"),
            Reserved::Repeat => {
                self.open_repeats += 1;
                self.error(codes::RESERVED_WORD, lo, hi, "Luma has no `repeat ... until` loop")
                    .with_primary_label("reserved word")
                    .with_help(
                        "write `while true do ... if cond then break end end` with `@max_iterations(N)`",
                    )
            }
            Reserved::Until => {
                if self.open_repeats > 0 {
                    // Already explained at its `repeat`.
                    self.open_repeats -= 1;
                    return;
                }
                self.error(
                    codes::RESERVED_WORD,
                    lo,
                    hi,
                    "Luma has no `repeat ... until` loop",
                )
                .with_primary_label("reserved word")
            }
            Reserved::Goto => self
                .error(codes::RESERVED_WORD, lo, hi, "Luma has no `goto`")
                .with_primary_label("reserved word")
                .with_help("leave loops with `break` and functions with `return`"),
            Reserved::Continue => self
                .error(codes::RESERVED_WORD, lo, hi, "Luma has no `continue`")
                .with_primary_label("reserved word")
                .with_help("put the rest of the loop body inside an `if`"),
            Reserved::SelfValue => {
                let d = self
                    .error(codes::RESERVED_WORD, lo, hi, "Luma has no `self`")
                    .with_primary_label("reserved word")
                    .with_help("Luma has no methods; pass the value as an ordinary parameter");
                self.once_per_file(1, d);
                return;
            }
        };
        self.diags.push(d);
    }

    /// Holds `d` back as the first error of `reserved_names[slot]`, or counts it as one more.
    fn once_per_file(&mut self, slot: usize, d: Diagnostic) {
        match self.reserved_names.get_mut(slot) {
            Some(Some((_, more))) => *more += 1,
            Some(first @ None) => *first = Some((d, 0)),
            None => self.diags.push(d),
        }
    }
}

/// Whether `text` can follow `x ~ ` without parentheses: a name, number, field, call or
/// element, with no operator outside brackets.
pub(crate) fn is_simple_operand(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            c if depth == 0 && !(c.is_ascii_alphanumeric() || c == '_' || c == '.') => {
                return false
            }
            _ => {}
        }
    }
    depth == 0
}

fn span(lo: usize, hi: usize) -> Span {
    Span::new(
        u32::try_from(lo).unwrap_or(u32::MAX),
        u32::try_from(hi).unwrap_or(u32::MAX),
    )
}

enum NumberProblem {
    Invalid {
        message: String,
        help: Option<&'static str>,
    },
    BadSuffix {
        at: usize,
        message: String,
        /// What the suggestion says, when there is one.
        fix: Option<String>,
        /// What replaces the text from `at` in the suggestion.
        replacement: String,
    },
    IntTooLarge {
        unsigned: bool,
    },
    FloatTooLarge,
}

/// The decimal spelling of C's hexadecimal float `0x<digits>` (`1.8p1` gives `3.0`), when
/// `digits` is one (hex digits with at most one point, then `p` and a decimal exponent) and its
/// value is finite. A literal that is not is reported as a malformed hexadecimal integer.
fn hex_float(digits: &str) -> Option<String> {
    let (mantissa, exponent) = match digits.split_once(['p', 'P']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (digits, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_hexdigit())
        || whole.len() + fraction.len() > 16
    {
        return None;
    }
    let mut value = 0f64;
    for c in whole.chars().chain(fraction.chars()) {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let shift = exponent.checked_sub(i32::try_from(fraction.len()).ok()?.checked_mul(4)?)?;
    let value = value * 2f64.powi(shift);
    if !value.is_finite() || value > f64::from(f32::MAX) {
        return None;
    }
    // `{:?}` writes the shortest text that reads back as the value, with a point (`3.0`).
    Some(format!("{value:?}"))
}

/// The value of a number literal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NumberValue {
    /// An integer literal.
    Int {
        /// The value.
        value: u64,
        /// Written with the `u` suffix.
        unsigned: bool,
    },
    /// A floating-point literal, parsed to the nearest `f64`.
    Float(f64),
}

/// The value of the number literal `text` (the text of a [`TokenKind::Int`] or
/// [`TokenKind::Float`] token), or `None` when it is not a valid literal (the lexer reported
/// those and made them [`TokenKind::Error`]). A float with C's suffix (`0.5f`, which the lexer
/// reported) has the value without it.
pub fn number_value(text: &str) -> Option<NumberValue> {
    let body = text
        .get(..text.len() - c_float_suffix_len(text))
        .unwrap_or(text);
    parse_number(body, true).ok()
}

/// The length of C's float suffix (`f`, `F`, `h`, `H`, `lf`, `LF`) at the end of `text` when
/// the rest is a decimal float literal (`0.5f`, `1.0e3f`, `2.f` is not Luma), else 0.
fn c_float_suffix_len(text: &str) -> usize {
    let len = ["lf", "LF", "f", "F", "h", "H"]
        .iter()
        .find(|s| text.ends_with(*s))
        .map_or(0, |s| s.len());
    let body = text.get(..text.len() - len).unwrap_or("");
    let is_float = len > 0
        && !body.starts_with("0x")
        && !body.starts_with("0X")
        && body.contains(['.', 'e', 'E'])
        && matches!(parse_number(body, false), Ok(NumberValue::Float(_)));
    if is_float {
        len
    } else {
        0
    }
}

/// Validates the text of a raw number token.
/// With `value_needed` false (the lexer, which only validates: the parser computes the value
/// again), a float literal that cannot overflow is not converted and reads as 0.0.
fn parse_number(text: &str, value_needed: bool) -> Result<NumberValue, NumberProblem> {
    let bytes = text.as_bytes();
    if let Some(digits) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        if digits.contains(['.', 'p', 'P']) && !digits.ends_with(['u', 'U']) {
            if let Some(decimal) = hex_float(digits) {
                return Err(NumberProblem::BadSuffix {
                    at: 0,
                    message: "Luma has no hexadecimal float literals".into(),
                    fix: Some("write the value in decimal".into()),
                    replacement: decimal,
                });
            }
        }
        let (digits, unsigned) = match digits.strip_suffix(['u', 'U']) {
            Some(d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_hexdigit()) => (d, true),
            _ => (digits, false),
        };
        if digits.is_empty() {
            return Err(NumberProblem::Invalid {
                message: "hexadecimal literal has no digits".into(),
                help: None,
            });
        }
        if let Some(bad) = digits.bytes().position(|b| !b.is_ascii_hexdigit()) {
            return Err(NumberProblem::Invalid {
                message: format!(
                    "invalid digit `{}` in hexadecimal literal",
                    digits
                        .get(bad..)
                        .and_then(|s| s.chars().next())
                        .unwrap_or('?')
                ),
                help: Some("hexadecimal literals are integers: `0xFF` or `0xFFu`"),
            });
        }
        let mut value: u64 = 0;
        for b in digits.bytes() {
            let d = (b as char).to_digit(16).unwrap_or(0) as u64;
            value = value
                .checked_mul(16)
                .and_then(|v| v.checked_add(d))
                .ok_or(NumberProblem::IntTooLarge { unsigned })?;
        }
        return int_kind(value, unsigned);
    }

    // Decimal: mantissa digits, optional fraction, optional exponent, optional suffix.
    let mut i = 0usize;
    let digit = |i: usize| bytes.get(i).is_some_and(|b| b.is_ascii_digit());
    while digit(i) {
        i += 1;
    }
    let integer_digits = i;
    let mut is_float = false;
    if bytes.get(i) == Some(&b'.') {
        is_float = true;
        i += 1;
        while digit(i) {
            i += 1;
        }
    }
    let mantissa_digits = text
        .get(..i)
        .is_some_and(|m| m.bytes().any(|b| b.is_ascii_digit()));
    if !mantissa_digits {
        return Err(NumberProblem::Invalid {
            message: "invalid number literal".into(),
            help: None,
        });
    }
    let has_exponent = matches!(bytes.get(i), Some(b'e' | b'E'));
    if has_exponent {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digit(i) {
            return Err(NumberProblem::Invalid {
                message: "exponent has no digits".into(),
                help: Some("write the exponent as in `1e-3` or `2.5e+2`"),
            });
        }
        while digit(i) {
            i += 1;
        }
        is_float = true;
    }
    let suffix = text.get(i..).unwrap_or("");
    let body = text.get(..i).unwrap_or("");
    if suffix.starts_with('.') {
        return Err(NumberProblem::Invalid {
            message: "a number literal has one decimal point, this one has several".into(),
            help: None,
        });
    }
    match suffix {
        "" => {}
        "u" | "U" if !is_float => {
            let value = parse_decimal(body).ok_or(NumberProblem::IntTooLarge { unsigned: true })?;
            return int_kind(value, true);
        }
        "u" | "U" => {
            return Err(NumberProblem::BadSuffix {
                at: i,
                message: "the `u` suffix is only for integer literals".into(),
                fix: Some("remove the suffix".into()),
                replacement: String::new(),
            })
        }
        "f" | "F" | "h" | "H" | "lf" | "LF" | "i" | "I" => {
            return Err(NumberProblem::BadSuffix {
                at: i,
                message: format!("invalid suffix `{suffix}` on a number literal"),
                fix: Some("Luma literals take their type from context; remove the suffix".into()),
                replacement: String::new(),
            })
        }
        // C's `long` suffixes: Luma's integers are 32-bit, so the literal is `10` or `10u`.
        _ if !is_float
            && matches!(
                suffix.to_ascii_lowercase().as_str(),
                "l" | "ll" | "ul" | "lu" | "ull" | "llu"
            ) =>
        {
            let unsigned = suffix.contains(['u', 'U']);
            let fix = if unsigned {
                format!("Luma has no 64-bit integers (`int` and `uint` are 32-bit): a `uint` literal (`{body}u`) takes the suffix")
            } else {
                format!("Luma has no 64-bit integers (`int` and `uint` are 32-bit): write `{body}`, an `int` where one is expected (`let n: int = {body}`)")
            };
            return Err(NumberProblem::BadSuffix {
                at: i,
                message: format!("invalid suffix `{suffix}` on a number literal"),
                fix: Some(fix),
                replacement: if unsigned { "u" } else { "" }.into(),
            });
        }
        // `0b1010` (C++, Rust, Python) and `0o17` (Rust, Python): the value in the spelling
        // Luma has (hexadecimal for bits, decimal for octal).
        _ if body == "0" && suffix.starts_with(['b', 'B', 'o', 'O']) => {
            let binary = suffix.starts_with(['b', 'B']);
            let rest = suffix.get(1..).unwrap_or("");
            let (digits, unsigned) = match rest.strip_suffix(['u', 'U']) {
                Some(d) => (d, "u"),
                None => (rest, ""),
            };
            let digits: String = digits.chars().filter(|&c| c != '_').collect();
            let value = u64::from_str_radix(&digits, if binary { 2 } else { 8 }).ok();
            let (name, fix, replacement) = match (binary, value) {
                (true, Some(v)) => (
                    "binary",
                    "write it in hexadecimal",
                    format!("0x{v:X}{unsigned}"),
                ),
                (false, Some(v)) => ("octal", "write it in decimal", format!("{v}{unsigned}")),
                (true, None) => ("binary", "", String::new()),
                (false, None) => ("octal", "", String::new()),
            };
            return Err(NumberProblem::BadSuffix {
                at: 0,
                message: format!("Luma has no {name} literals"),
                fix: (!replacement.is_empty()).then(|| fix.to_owned()),
                replacement,
            });
        }
        _ if suffix.starts_with('_')
            || suffix.bytes().next().is_some_and(|b| b.is_ascii_digit()) =>
        {
            // `1_000_000`: the digits together, when that is all the separators hid.
            let joined: String = text.chars().filter(|&c| c != '_').collect();
            if !joined.is_empty()
                && joined.bytes().all(|b| {
                    b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-' | b'u')
                })
            {
                return Err(NumberProblem::BadSuffix {
                    at: 0,
                    message: "Luma has no digit separators".into(),
                    fix: Some("write the digits together".into()),
                    replacement: joined,
                });
            }
            return Err(NumberProblem::Invalid {
                message: "invalid number literal".into(),
                help: Some("digit separators are not supported"),
            });
        }
        _ => {
            return Err(NumberProblem::BadSuffix {
                at: i,
                message: format!("invalid suffix `{suffix}` on a number literal"),
                fix: None,
                replacement: String::new(),
            })
        }
    }
    if !is_float {
        let value = parse_decimal(body).ok_or(NumberProblem::IntTooLarge { unsigned: false })?;
        return int_kind(value, false);
    }
    // Below 1e38 (no exponent, at most 38 digits before the point) a literal fits in `float`.
    if !value_needed && !has_exponent && integer_digits <= 38 {
        return Ok(NumberValue::Float(0.0));
    }
    let value: f64 = body.parse().map_err(|_| NumberProblem::Invalid {
        message: "invalid number literal".into(),
        help: None,
    })?;
    // `float` is the widest floating type: a literal it cannot hold is out of range everywhere.
    if !value.is_finite() || (value as f32).is_infinite() {
        return Err(NumberProblem::FloatTooLarge);
    }
    Ok(NumberValue::Float(value))
}

fn parse_decimal(digits: &str) -> Option<u64> {
    let mut value: u64 = 0;
    for b in digits.bytes() {
        value = value
            .checked_mul(10)?
            .checked_add(u64::from(b.wrapping_sub(b'0')))?;
    }
    Some(value)
}

fn int_kind(value: u64, unsigned: bool) -> Result<NumberValue, NumberProblem> {
    if unsigned && value > u64::from(u32::MAX) {
        return Err(NumberProblem::IntTooLarge { unsigned: true });
    }
    Ok(NumberValue::Int { value, unsigned })
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    fn raw(input: &str, expect: Expect) {
        let mut out = String::new();
        let mut offset = 0usize;
        for t in tokenize(input) {
            let end = offset + t.len as usize;
            out.push_str(&format!("{:?} {:?}\n", t.kind, &input[offset..end]));
            offset = end;
        }
        expect.assert_eq(&out);
    }

    fn cooked(input: &str, expect: Expect) {
        let mut diags = Diagnostics::default();
        let tokens = lex(input, &mut diags);
        let mut out = String::new();
        for t in &tokens {
            let text = &input[t.span.lo as usize..t.span.hi as usize];
            let nl = if t.newline_before { "^" } else { " " };
            // Number tokens show their value, as the parser will read it.
            match (t.kind, number_value(text)) {
                (TokenKind::Int { .. }, Some(NumberValue::Int { value, unsigned })) => out
                    .push_str(&format!(
                        "{nl}Int {{ value: {value}, unsigned: {unsigned} }} {text:?}\n"
                    )),
                (TokenKind::Float, Some(NumberValue::Float(value))) => {
                    out.push_str(&format!("{nl}Float({value:?}) {text:?}\n"))
                }
                _ => out.push_str(&format!("{nl}{:?} {text:?}\n", t.kind)),
            }
        }
        for d in diags.as_slice() {
            out.push_str(&format!(
                "{} {}..{}: {}\n",
                d.code, d.primary.span.lo, d.primary.span.hi, d.message
            ));
            for s in &d.suggestions {
                out.push_str(&format!("  suggest {:?} ({})\n", s.replacement, s.message));
            }
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn raw_tokens_cover_every_byte() {
        raw(
            "let x=1 --c\n--[==[ a ]] b ]==]y",
            expect![[r#"
                Ident "let"
                Whitespace " "
                Ident "x"
                Eq "="
                Number "1"
                Whitespace " "
                LineComment "--c"
                Whitespace "\n"
                LongComment { level: 2, terminated: true } "--[==[ a ]] b ]==]"
                Ident "y"
            "#]],
        );
    }

    #[test]
    fn operators_take_the_longest_match() {
        raw(
            "<<= >>= << >> <= >= -> -= == != ~= && || &= |= .. . ~ ! ^ ?",
            expect![[r#"
                ShlEq "<<="
                Whitespace " "
                ShrEq ">>="
                Whitespace " "
                Shl "<<"
                Whitespace " "
                Shr ">>"
                Whitespace " "
                Le "<="
                Whitespace " "
                Ge ">="
                Whitespace " "
                Arrow "->"
                Whitespace " "
                MinusEq "-="
                Whitespace " "
                EqEq "=="
                Whitespace " "
                BangEq "!="
                Whitespace " "
                TildeEq "~="
                Whitespace " "
                AmpAmp "&&"
                Whitespace " "
                PipePipe "||"
                Whitespace " "
                AmpEq "&="
                Whitespace " "
                PipeEq "|="
                Whitespace " "
                DotDot ".."
                Whitespace " "
                Dot "."
                Whitespace " "
                Tilde "~"
                Whitespace " "
                Bang "!"
                Whitespace " "
                Caret "^"
                Whitespace " "
                Question "?"
            "#]],
        );
    }

    #[test]
    fn numbers() {
        cooked(
            "42 0xFF 1.0 .5 1e-3 2.5e+2 42u 0xFFu 1. 7.e2 0 4294967295u",
            expect![[r#"
                ^Int { value: 42, unsigned: false } "42"
                 Int { value: 255, unsigned: false } "0xFF"
                 Float(1.0) "1.0"
                 Float(0.5) ".5"
                 Float(0.001) "1e-3"
                 Float(250.0) "2.5e+2"
                 Int { value: 42, unsigned: true } "42u"
                 Int { value: 255, unsigned: true } "0xFFu"
                 Float(1.0) "1."
                 Float(700.0) "7.e2"
                 Int { value: 0, unsigned: false } "0"
                 Int { value: 4294967295, unsigned: true } "4294967295u"
                ^Eof ""
            "#]],
        );
    }

    #[test]
    fn number_followed_by_field_or_range() {
        cooked(
            "1.x a[1].y 1..2",
            expect![[r#"
                ^Int { value: 1, unsigned: false } "1"
                 Dot "."
                 Ident "x"
                 Ident "a"
                 LBracket "["
                 Int { value: 1, unsigned: false } "1"
                 RBracket "]"
                 Dot "."
                 Ident "y"
                 Int { value: 1, unsigned: false } "1"
                 Error ".."
                 Int { value: 2, unsigned: false } "2"
                ^Eof ""
                E0205 12..14: `..` is reserved
            "#]],
        );
    }

    #[test]
    fn bad_numbers() {
        cooked(
            "0x 0xG1 1e 1.5u 1.0f 12abc 4294967296u 18446744073709551616 1e39 1e400 1_000 0xFFFFFFFFFFFFFFFFF",
            expect![[r#"
                ^Error "0x"
                 Error "0xG1"
                 Error "1e"
                 Error "1.5u"
                 Float(1.0) "1.0f"
                 Error "12abc"
                 Error "4294967296u"
                 Error "18446744073709551616"
                 Error "1e39"
                 Error "1e400"
                 Error "1_000"
                 Error "0xFFFFFFFFFFFFFFFFF"
                ^Eof ""
                E0206 0..2: hexadecimal literal has no digits
                E0206 3..7: invalid digit `G` in hexadecimal literal
                E0206 8..10: exponent has no digits
                E0206 11..15: the `u` suffix is only for integer literals
                  suggest "" (remove the suffix)
                E0206 21..26: invalid suffix `abc` on a number literal
                E0207 27..38: `uint` literal out of range
                E0207 39..59: integer literal out of range
                E0208 60..64: float literal out of range
                E0208 65..70: float literal out of range
                E0206 71..76: Luma has no digit separators
                  suggest "1000" (write the digits together)
                E0207 77..96: integer literal out of range
                E0206 16..20: invalid suffix `f` on a number literal
                  suggest "" (Luma literals take their type from context; remove the suffix)
            "#]],
        );
    }

    #[test]
    fn keywords_and_reserved_words() {
        cooked(
            "function end let return if then elseif else for while do in and or not true false struct uniform buffer const break discard shared storage",
            expect![[r#"
                ^Function "function"
                 End "end"
                 Let "let"
                 Return "return"
                 If "if"
                 Then "then"
                 Elseif "elseif"
                 Else "else"
                 For "for"
                 While "while"
                 Do "do"
                 In "in"
                 And "and"
                 Or "or"
                 Not "not"
                 True "true"
                 False "false"
                 Struct "struct"
                 Uniform "uniform"
                 Buffer "buffer"
                 Const "const"
                 Break "break"
                 Discard "discard"
                 Shared "shared"
                 Ident "storage"
                ^Eof ""
            "#]],
        );
        cooked(
            "local x\nlocal function f\nnil repeat until goto continue self until",
            expect![[r#"
                ^Reserved(Local) "local"
                 Ident "x"
                ^Reserved(Local) "local"
                 Function "function"
                 Ident "f"
                ^Reserved(Nil) "nil"
                 Reserved(Repeat) "repeat"
                 Reserved(Until) "until"
                 Reserved(Goto) "goto"
                 Reserved(Continue) "continue"
                 Reserved(SelfValue) "self"
                 Reserved(Until) "until"
                ^Eof ""
                E0203 0..5: Luma declares variables with `let`
                  suggest "let" (declare it with)
                E0203 8..13: Luma has no local functions
                  suggest "" (remove `local`)
                E0203 25..28: Luma has no `nil`
                E0203 29..35: Luma has no `repeat ... until` loop
                E0203 42..46: Luma has no `goto`
                E0203 61..66: Luma has no `repeat ... until` loop
                E0203 56..60: Luma has no `self`
            "#]],
        );
    }

    #[test]
    fn c_and_lua_habits_recover() {
        cooked(
            "a ~= b; !c && d || e",
            expect![[r#"
                ^Ident "a"
                 NotEq "~="
                 Ident "b"
                 Not "!"
                 Ident "c"
                 And "&&"
                 Ident "d"
                 Or "||"
                 Ident "e"
                ^Eof ""
                E0204 2..4: Luma writes not-equal as `!=`
                  suggest "!=" (use Luma's not-equal)
                E0210 8..9: Luma writes logical not as `not`
                  suggest "not " (use Luma's logical not)
                E0210 11..13: Luma writes logical and as `and`
                  suggest "and" (use Luma's logical and)
                E0210 16..18: Luma writes logical or as `or`
                  suggest "or" (use Luma's logical or)
                E0211 6..7: Luma does not use semicolons
                  suggest "" (remove the `;`)
            "#]],
        );
    }

    #[test]
    fn tilde_eq_as_a_statement_is_xor_assignment() {
        // A place at the start of a line, after the end of a statement: the `~=` is reported
        // once as a missing xor-assignment (an `Error` token); inside an expression it is `!=`.
        cooked(
            "x = y\nb[i].m ~= k | 1u -- mask\nif a ~= b then\nend\nz ~=",
            expect![[r#"
                ^Ident "x"
                 Assign "="
                 Ident "y"
                ^Ident "b"
                 LBracket "["
                 Ident "i"
                 RBracket "]"
                 Dot "."
                 Ident "m"
                 Error "~="
                 Ident "k"
                 Pipe "|"
                 Int { value: 1, unsigned: true } "1u"
                ^If "if"
                 Ident "a"
                 NotEq "~="
                 Ident "b"
                 Then "then"
                ^End "end"
                ^Ident "z"
                 Error "~="
                ^Eof ""
                E0204 13..15: Luma has no xor-assignment operator
                  suggest "b[i].m = b[i].m ~ (k | 1u)" (write the xor out)
                E0204 36..38: Luma writes not-equal as `!=`
                  suggest "!=" (use Luma's not-equal)
                E0204 52..54: Luma has no xor-assignment operator
            "#]],
        );
    }

    #[test]
    fn comments() {
        cooked(
            "a -- line\nb --[[ long\n ]] c --[=[ ]] ]=] d --[==[ never closed ]=]",
            expect![[r#"
                ^Ident "a"
                ^Ident "b"
                ^Ident "c"
                 Ident "d"
                 Error "--[==[ never closed ]=]"
                ^Eof ""
                E0202 43..49: unterminated long comment
            "#]],
        );
        // `--[` without a second bracket is a line comment.
        cooked(
            "--[ x\ny --[= z\nw",
            expect![[r#"
                ^Ident "y"
                ^Ident "w"
                ^Eof ""
            "#]],
        );
    }

    #[test]
    fn strings_and_stray_characters() {
        cooked(
            "\"abc\" 'x\n$€€ ` \\ x^y ?\u{0}",
            expect![[r#"
                ^Error "\"abc\""
                 Error "'x"
                ^Error "$€€"
                 Error "`"
                 Error "\\"
                 Ident "x"
                 Error "^"
                 Ident "y"
                 Error "?"
                 Error "\0"
                ^Eof ""
                E0209 0..5: Luma has no string literals
                E0209 6..7: unterminated string literal
                E0201 9..16: unexpected characters `$€€`
                E0201 17..18: unexpected character `` ` ``
                E0201 19..20: unexpected character `\`
                E0201 22..23: `^` is not a Luma operator
                E0201 25..26: `?` is not a Luma operator
                E0201 26..27: unexpected character `\u{0}`
            "#]],
        );
    }

    #[test]
    fn byte_order_mark_only_at_start() {
        cooked(
            "\u{feff}a \u{feff}",
            expect![[r#"
                ^Ident "a"
                 Error "\u{feff}"
                ^Eof ""
                E0201 5..8: unexpected character `\u{feff}`
            "#]],
        );
    }
}
