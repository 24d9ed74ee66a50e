//! Reads the IR text form (grammar in [`crate::print`]) back into a [`Module`].
//!
//! The parser builds exactly what the text says and leaves judging it to the verifier, so
//! tests can write malformed IR: references to values, constants, globals or functions that
//! are never defined stay dangling handles, a value defined twice with the same text is placed
//! twice, and so on. It rejects only what cannot be represented: syntax errors, numbering with
//! holes (`%7` never defined while `%8` is), definitions out of order (`c2` before `c1`), one
//! value defined two different ways, and unknown struct labels.
//!
//! Nested blocks are numbered in the order they open (the body is `b0`); nested blocks and
//! types are parsed recursively, at most four times [`Limits::nesting_depth`] deep (what lowering
//! a program within the limit can produce).

use std::fmt;

use luma_base::{Arena, Handle, Limits};

use crate::ir::{
    AddressSpace, ArraySize, Barrier, Block, CombinedRole, CombinedSampler, Constant,
    ConstantValue, DebugSource, DerivativeAxis, DerivativeControl, EntryPoint, Function,
    FunctionParam, FunctionResult, GlobalVariable, ImageAccess, ImageClass, ImageDimension,
    ImageQuery, ImageSample, Interpolation, IoBinding, Literal, LocalVariable, Loop, LoopControl,
    LoopVar, Module, Op, ResourceBinding, SampleLevel, Scalar, ScalarKind, SourceLoc, Stmt,
    StmtKind, StorageAccess, StorageFormat, StructMember, Type, TypeInner, UnaryOp, UnrollHint,
    Value, ValueDef, ValueNames, VectorSize,
};
use crate::print::{
    math_name, ATOMICS, BINARY_OPS, BUILTINS, MATH_FUNCTIONS, PRODUCTS, RELATIONALS, STAGES,
};
use crate::proc::f32_to_f16;

/// A syntax error in IR text, at a one-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// One-based line.
    pub line: u32,
    /// One-based column (in characters).
    pub column: u32,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a whole module.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    let tokens = lex(text)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        module: Module::default(),
        structs: Default::default(),
        // Lowering a program within the language's nesting limit can nest IR blocks deeper
        // (a loop's exit test and an if-expression with effects are IR levels of their own),
        // and its printed form must parse back; the back ends take the same bound.
        depth_limit: Limits::default().nesting_depth.saturating_mul(4),
    };
    parser.module()?;
    Ok(parser.module)
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `%N`
    Value(u32),
    /// A number as written (`5`, `-1.5e3`, `5u`, `0.5h`, `0x7fc00000`).
    Number(String),
    Str(String),
    Punct(char),
    Arrow,
    Newline,
    Eof,
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: u32,
    column: u32,
}

fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0usize;
    let mut line = 1u32;
    let mut col = 1u32;
    let at = |i: usize| chars.get(i).copied();
    while let Some(c) = at(i) {
        let (start_line, start_col) = (line, col);
        let err = |message: String| ParseError {
            line: start_line,
            column: start_col,
            message,
        };
        let push = |tok: Tok, tokens: &mut Vec<Token>| {
            tokens.push(Token {
                tok,
                line: start_line,
                column: start_col,
            })
        };
        if c == '\n' {
            push(Tok::Newline, &mut tokens);
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '/' && at(i + 1) == Some('/') {
            while let Some(c) = at(i) {
                if c == '\n' {
                    break;
                }
                i += 1;
                col += 1;
            }
            continue;
        }
        let start = i;
        if c.is_ascii_alphabetic() || c == '_' {
            while at(i).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                i += 1;
            }
            let word: String = chars.get(start..i).unwrap_or_default().iter().collect();
            col += (i - start) as u32;
            push(Tok::Ident(word), &mut tokens);
            continue;
        }
        if c == '%' {
            i += 1;
            while at(i).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
            let digits: String = chars.get(start + 1..i).unwrap_or_default().iter().collect();
            col += (i - start) as u32;
            let n = digits
                .parse::<u32>()
                .map_err(|_| err(format!("bad value number `%{digits}`")))?;
            push(Tok::Value(n), &mut tokens);
            continue;
        }
        let negative_number = c == '-' && at(i + 1).is_some_and(|c| c.is_ascii_digit());
        if c.is_ascii_digit() || negative_number {
            i += 1;
            while let Some(c) = at(i) {
                let exponent_sign = (c == '+' || c == '-')
                    && matches!(at(i - 1), Some('e' | 'E'))
                    && !chars.get(start..i).unwrap_or_default().contains(&'x');
                if c.is_ascii_alphanumeric() || c == '.' || exponent_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            let text: String = chars.get(start..i).unwrap_or_default().iter().collect();
            col += (i - start) as u32;
            push(Tok::Number(text), &mut tokens);
            continue;
        }
        if c == '"' {
            i += 1;
            col += 1;
            let mut s = String::new();
            loop {
                let Some(c) = at(i) else {
                    return Err(err("unterminated string".into()));
                };
                i += 1;
                col += 1;
                match c {
                    '"' => break,
                    '\n' => return Err(err("unterminated string".into())),
                    '\\' => {
                        let Some(e) = at(i) else {
                            return Err(err("unterminated string".into()));
                        };
                        i += 1;
                        col += 1;
                        match e {
                            'n' => s.push('\n'),
                            't' => s.push('\t'),
                            'r' => s.push('\r'),
                            '"' => s.push('"'),
                            '\\' => s.push('\\'),
                            'u' => {
                                if at(i) != Some('{') {
                                    return Err(err("expected `{` after `\\u`".into()));
                                }
                                let hex_start = i + 1;
                                let mut j = hex_start;
                                while at(j).is_some_and(|c| c.is_ascii_hexdigit()) {
                                    j += 1;
                                }
                                if at(j) != Some('}') {
                                    return Err(err("expected `}` in `\\u{...}`".into()));
                                }
                                let hex: String =
                                    chars.get(hex_start..j).unwrap_or_default().iter().collect();
                                let ch = u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .ok_or_else(|| err(format!("bad escape `\\u{{{hex}}}`")))?;
                                s.push(ch);
                                col += (j + 1 - i) as u32;
                                i = j + 1;
                            }
                            other => return Err(err(format!("unknown escape `\\{other}`"))),
                        }
                    }
                    c => s.push(c),
                }
            }
            push(Tok::Str(s), &mut tokens);
            continue;
        }
        if c == '-' && at(i + 1) == Some('>') {
            i += 2;
            col += 2;
            push(Tok::Arrow, &mut tokens);
            continue;
        }
        if "(){}[]<>,:;=!@-".contains(c) {
            i += 1;
            col += 1;
            push(Tok::Punct(c), &mut tokens);
            continue;
        }
        return Err(err(format!("unexpected character `{c}`")));
    }
    tokens.push(Token {
        tok: Tok::Eof,
        line,
        column: col,
    });
    Ok(tokens)
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    module: Module,
    structs: rustc_hash::FxHashMap<String, Handle<Type>>,
    depth_limit: u32,
}

/// Per-function parsing state.
struct FnState {
    values: Vec<Option<Value>>,
    blocks: Arena<Block>,
    locals: Arena<LocalVariable>,
    names: ValueNames,
}

impl FnState {
    /// Defines value `index` as `value` named `name` (`value.name` is ignored).
    fn define(&mut self, index: u32, mut value: Value, name: Option<String>) -> Result<(), String> {
        let i = index as usize;
        if self.values.len() <= i {
            // Value numbers come from the text; a huge one would allocate without bound.
            if i > 1 << 24 {
                return Err(format!("value number %{index} is too large"));
            }
            self.values.resize(i + 1, None);
        }
        match self.values.get_mut(i) {
            Some(slot @ None) => {
                value.name = name.and_then(|n| self.names.add(&n));
                *slot = Some(value);
                Ok(())
            }
            // A second definition must say the same, name included (as text: it has no id).
            Some(Some(existing))
                if existing.ty == value.ty
                    && existing.def == value.def
                    && existing.name.and_then(|id| self.names.get(id)) == name.as_deref() =>
            {
                Ok(())
            }
            Some(Some(_)) => Err(format!("%{index} is defined twice, differently")),
            None => Err(format!("value number %{index} is too large")),
        }
    }
}

type PResult<T> = Result<T, ParseError>;

impl Parser {
    fn peek(&self) -> &Tok {
        self.tokens.get(self.pos).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn peek_at(&self, n: usize) -> &Tok {
        self.tokens.get(self.pos + n).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn next(&mut self) -> Tok {
        let tok = self.peek().clone();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        tok
    }

    fn error<T>(&self, message: impl Into<String>) -> PResult<T> {
        let (line, column) = self
            .tokens
            .get(self.pos)
            .or_else(|| self.tokens.last())
            .map_or((1, 1), |t| (t.line, t.column));
        Err(ParseError {
            line,
            column,
            message: message.into(),
        })
    }

    fn describe(tok: &Tok) -> String {
        match tok {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Value(n) => format!("`%{n}`"),
            Tok::Number(s) => format!("`{s}`"),
            Tok::Str(_) => "a string".into(),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Arrow => "`->`".into(),
            Tok::Newline => "end of line".into(),
            Tok::Eof => "end of input".into(),
        }
    }

    fn unexpected<T>(&self, expected: &str) -> PResult<T> {
        self.error(format!(
            "expected {expected}, found {}",
            Self::describe(self.peek())
        ))
    }

    fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.pos += 1;
        }
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if *self.peek() == Tok::Punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.unexpected(&format!("`{c}`"))
        }
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(w) if w == word)
    }

    fn eat_word(&mut self, word: &str) -> bool {
        if self.is_word(word) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_word(&mut self, word: &str) -> PResult<()> {
        if self.eat_word(word) {
            Ok(())
        } else {
            self.unexpected(&format!("`{word}`"))
        }
    }

    fn ident(&mut self) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(w) => {
                self.pos += 1;
                Ok(w)
            }
            _ => self.unexpected("a name"),
        }
    }

    fn string(&mut self) -> PResult<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.pos += 1;
                Ok(s)
            }
            _ => self.unexpected("a string"),
        }
    }

    fn opt_string(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.pos += 1;
                Some(s)
            }
            _ => None,
        }
    }

    fn uint(&mut self) -> PResult<u32> {
        match self.peek().clone() {
            Tok::Number(n) => match n.parse::<u32>() {
                Ok(v) => {
                    self.pos += 1;
                    Ok(v)
                }
                Err(_) => self.error(format!("`{n}` is not an unsigned 32-bit number")),
            },
            _ => self.unexpected("a number"),
        }
    }

    fn value_ref(&mut self) -> PResult<Handle<Value>> {
        match self.peek() {
            Tok::Value(n) => {
                let h = Handle::from_index(*n);
                self.pos += 1;
                Ok(h)
            }
            _ => self.unexpected("a value (`%N`)"),
        }
    }

    /// A label like `c3`, `g0`, `l1`, `fn2`: its number.
    fn numbered(&mut self, prefix: &str) -> PResult<u32> {
        if let Tok::Ident(w) = self.peek() {
            if let Some(digits) = w.strip_prefix(prefix) {
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    if let Ok(n) = digits.parse::<u32>() {
                        self.pos += 1;
                        return Ok(n);
                    }
                }
            }
        }
        self.unexpected(&format!("`{prefix}N`"))
    }

    fn line_end(&mut self) -> PResult<()> {
        match self.peek() {
            Tok::Newline => {
                self.pos += 1;
                Ok(())
            }
            Tok::Eof | Tok::Punct('}') => Ok(()),
            _ => self.unexpected("end of line"),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Module items

    fn module(&mut self) -> PResult<()> {
        loop {
            self.skip_newlines();
            match self.peek().clone() {
                Tok::Eof => return Ok(()),
                Tok::Ident(w) => match w.as_str() {
                    "source" => self.source()?,
                    "struct" => self.struct_decl()?,
                    "const" => self.constant(None)?,
                    "global" => self.global()?,
                    "fn" => self.function()?,
                    "entry" => self.entry()?,
                    _ => return self.unexpected("an item"),
                },
                Tok::Punct('@') => {
                    self.pos += 1;
                    self.expect_word("spec")?;
                    self.expect_punct('(')?;
                    let id = self.uint()?;
                    self.expect_punct(')')?;
                    self.constant(Some(id))?;
                }
                _ => return self.unexpected("an item"),
            }
        }
    }

    fn source(&mut self) -> PResult<()> {
        self.expect_word("source")?;
        let index = self.uint()?;
        if index as usize != self.module.debug_sources.len() {
            return self.error(format!(
                "expected source {}",
                self.module.debug_sources.len()
            ));
        }
        let name = self.string()?;
        let text = if self.eat_word("text") {
            Some(self.string()?)
        } else {
            None
        };
        self.module.debug_sources.push(DebugSource { name, text });
        self.line_end()
    }

    fn struct_decl(&mut self) -> PResult<()> {
        self.expect_word("struct")?;
        let label = self.ident()?;
        if self.structs.contains_key(&label) {
            return self.error(format!("struct `{label}` is declared twice"));
        }
        let name = if self.eat_word("unnamed") {
            None
        } else {
            Some(self.opt_string().unwrap_or_else(|| label.clone()))
        };
        self.expect_punct('{')?;
        let mut members = Vec::new();
        loop {
            self.skip_newlines();
            if self.eat_punct('}') {
                break;
            }
            let member_name = match self.peek().clone() {
                Tok::Str(s) => {
                    self.pos += 1;
                    s
                }
                _ => self.ident()?,
            };
            self.expect_punct(':')?;
            let ty = self.ty(0)?;
            members.push(StructMember {
                name: member_name,
                ty,
            });
            self.skip_newlines();
            if !self.eat_punct(',') {
                self.skip_newlines();
                self.expect_punct('}')?;
                break;
            }
        }
        let h = self.module.types.insert(Type {
            name,
            inner: TypeInner::Struct { members },
        });
        self.structs.insert(label, h);
        self.line_end()
    }

    fn constant(&mut self, spec_id: Option<u32>) -> PResult<()> {
        self.expect_word("const")?;
        let index = self.numbered("c")?;
        if index as usize != self.module.constants.len() {
            self.pos -= 1;
            return self.error(format!("expected c{}", self.module.constants.len()));
        }
        let name = self.opt_string();
        self.expect_punct(':')?;
        let ty = self.ty(0)?;
        self.expect_punct('=')?;
        let value = if self.eat_word("zero") {
            ConstantValue::Zero
        } else if self.eat_punct('{') {
            let mut parts = Vec::new();
            if !self.eat_punct('}') {
                loop {
                    parts.push(Handle::from_index(self.numbered("c")?));
                    if self.eat_punct('}') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
            }
            ConstantValue::Composite(parts)
        } else {
            ConstantValue::Scalar(self.literal()?)
        };
        self.module.constants.append(Constant {
            name,
            ty,
            value,
            spec_id,
        });
        self.line_end()
    }

    fn literal(&mut self) -> PResult<Literal> {
        if self.eat_word("true") {
            return Ok(Literal::Bool(true));
        }
        if self.eat_word("false") {
            return Ok(Literal::Bool(false));
        }
        let negative = self.eat_punct('-');
        let sign = if negative { -1.0f32 } else { 1.0 };
        match self.peek().clone() {
            Tok::Ident(w) if w == "inf" || w == "infh" => {
                self.pos += 1;
                let v = sign * f32::INFINITY;
                Ok(if w == "infh" {
                    Literal::F16(f32_to_f16(v))
                } else {
                    Literal::F32(v)
                })
            }
            Tok::Ident(w) if w == "nan" && !negative => {
                self.pos += 1;
                self.expect_punct('(')?;
                let bits = match self.next() {
                    Tok::Number(n) => n,
                    _ => return self.unexpected("NaN bits"),
                };
                self.expect_punct(')')?;
                let half = self.eat_word("h");
                let hex = bits.strip_prefix("0x").unwrap_or(&bits);
                let parsed = u32::from_str_radix(hex, 16);
                match (half, parsed) {
                    (true, Ok(b)) if b <= 0xffff => Ok(Literal::F16(b as u16)),
                    (false, Ok(b)) => Ok(Literal::F32(f32::from_bits(b))),
                    _ => self.error(format!("bad NaN bits `{bits}`")),
                }
            }
            Tok::Number(n) => {
                self.pos += 1;
                let text = if negative { format!("-{n}") } else { n.clone() };
                parse_number(&text).ok_or(()).or_else(|()| {
                    self.pos -= 1;
                    self.error(format!("bad literal `{text}`"))
                })
            }
            _ => self.unexpected("a literal"),
        }
    }

    fn global(&mut self) -> PResult<()> {
        self.expect_word("global")?;
        let index = self.numbered("g")?;
        if index as usize != self.module.globals.len() {
            self.pos -= 1;
            return self.error(format!("expected g{}", self.module.globals.len()));
        }
        let name = self.string()?;
        self.expect_punct(':')?;
        let ty = self.ty(0)?;
        self.expect_word("in")?;
        let space = self.space()?;
        let mut binding = None;
        let mut combined = None;
        while self.eat_punct('@') {
            let attr = self.ident()?;
            self.expect_punct('(')?;
            match attr.as_str() {
                "group" => {
                    let group = self.uint()?;
                    self.expect_punct(')')?;
                    self.expect_punct('@')?;
                    self.expect_word("binding")?;
                    self.expect_punct('(')?;
                    let b = self.uint()?;
                    binding = Some(ResourceBinding { group, binding: b });
                }
                "combined" => {
                    let id = self.uint()?;
                    self.expect_punct(',')?;
                    let cname = self.string()?;
                    self.expect_punct(',')?;
                    let role = match self.ident()?.as_str() {
                        "texture" => CombinedRole::Texture,
                        "sampler" => CombinedRole::Sampler,
                        _ => return self.error("expected `texture` or `sampler`"),
                    };
                    combined = Some(CombinedSampler {
                        id,
                        name: cname,
                        role,
                    });
                }
                other => return self.error(format!("unknown global attribute `@{other}`")),
            }
            self.expect_punct(')')?;
        }
        let init = if self.eat_punct('=') {
            Some(Handle::from_index(self.numbered("c")?))
        } else {
            None
        };
        self.module.globals.append(GlobalVariable {
            name,
            space,
            binding,
            ty,
            init,
            combined,
        });
        self.line_end()
    }

    fn entry(&mut self) -> PResult<()> {
        self.expect_word("entry")?;
        let stage_word = self.ident()?;
        let Some(stage) = STAGES.iter().copied().find(|s| s.as_str() == stage_word) else {
            return self.error(format!("unknown stage `{stage_word}`"));
        };
        let name = self.string()?;
        self.expect_punct('=')?;
        let function = Handle::from_index(self.numbered("fn")?);
        let mut workgroup_size = [0; 3];
        let mut workgroup_size_spec = [None; 3];
        let mut early_depth_test = false;
        while self.eat_punct('@') {
            match self.ident()?.as_str() {
                "workgroup_size" => {
                    self.expect_punct('(')?;
                    for (i, (slot, spec)) in workgroup_size
                        .iter_mut()
                        .zip(workgroup_size_spec.iter_mut())
                        .enumerate()
                    {
                        if i > 0 {
                            self.expect_punct(',')?;
                        }
                        // `cN = 64`: specialization constant `cN`, whose default is 64.
                        if matches!(self.peek(), Tok::Ident(_)) {
                            *spec = Some(Handle::from_index(self.numbered("c")?));
                            self.expect_punct('=')?;
                        }
                        *slot = self.uint()?;
                    }
                    self.expect_punct(')')?;
                }
                "early_depth_test" => early_depth_test = true,
                other => return self.error(format!("unknown entry attribute `@{other}`")),
            }
        }
        self.module.entry_points.push(EntryPoint {
            name,
            stage,
            function,
            workgroup_size,
            workgroup_size_spec,
            early_depth_test,
        });
        self.line_end()
    }

    // -----------------------------------------------------------------------------------------
    // Types

    fn space(&mut self) -> PResult<AddressSpace> {
        let word = self.ident()?;
        Ok(match word.as_str() {
            "function" => AddressSpace::Function,
            "private" => AddressSpace::Private,
            "workgroup" => AddressSpace::Workgroup,
            "uniform" => AddressSpace::Uniform,
            "storage" => {
                self.expect_punct('(')?;
                let access = match self.ident()?.as_str() {
                    "read" => StorageAccess::Read,
                    "read_write" => StorageAccess::ReadWrite,
                    _ => return self.error("expected `read` or `read_write`"),
                };
                self.expect_punct(')')?;
                AddressSpace::Storage { access }
            }
            "push_constant" => AddressSpace::PushConstant,
            "handle" => AddressSpace::Handle,
            "input" => AddressSpace::Input,
            "output" => AddressSpace::Output,
            other => return self.error(format!("unknown address space `{other}`")),
        })
    }

    fn scalar_word(word: &str) -> Option<Scalar> {
        if word == "bool" {
            return Some(Scalar::BOOL);
        }
        let (kind, digits) = if let Some(d) = word.strip_prefix("bool") {
            (ScalarKind::Bool, d)
        } else if let Some(d) = word.strip_prefix('i') {
            (ScalarKind::Sint, d)
        } else if let Some(d) = word.strip_prefix('u') {
            (ScalarKind::Uint, d)
        } else if let Some(d) = word.strip_prefix('f') {
            (ScalarKind::Float, d)
        } else {
            return None;
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let bits: u32 = digits.parse().ok()?;
        if bits == 0 || !bits.is_multiple_of(8) || bits > 8 * 255 {
            return None;
        }
        Some(Scalar {
            kind,
            width: (bits / 8) as u8,
        })
    }

    fn scalar(&mut self) -> PResult<Scalar> {
        let word = self.ident()?;
        match Self::scalar_word(&word) {
            Some(s) => Ok(s),
            None => self.error(format!("expected a scalar type, found `{word}`")),
        }
    }

    fn angle_scalar(&mut self) -> PResult<Scalar> {
        self.expect_punct('<')?;
        let s = self.scalar()?;
        self.expect_punct('>')?;
        Ok(s)
    }

    fn ty(&mut self, depth: u32) -> PResult<Handle<Type>> {
        if depth > self.depth_limit {
            return self.error("types nest too deeply");
        }
        let inner = if self.eat_punct('[') {
            let base = self.ty(depth + 1)?;
            let size = if self.eat_punct(';') {
                let n = self.uint()?;
                ArraySize::Constant(n)
            } else {
                ArraySize::Runtime
            };
            self.expect_punct(']')?;
            TypeInner::Array { base, size }
        } else {
            let word = self.ident()?;
            if let Some(&h) = self.structs.get(&word) {
                return Ok(h);
            }
            if let Some(s) = Self::scalar_word(&word) {
                TypeInner::Scalar(s)
            } else if let Some(n) = word.strip_prefix("vec") {
                let size = n
                    .parse::<u32>()
                    .ok()
                    .and_then(VectorSize::from_count)
                    .map_or_else(|| self.error(format!("unknown type `{word}`")), Ok)?;
                TypeInner::Vector {
                    size,
                    scalar: self.angle_scalar()?,
                }
            } else if let Some(rest) = word.strip_prefix("mat") {
                let mut parts = rest.split('x');
                let columns = parts
                    .next()
                    .and_then(|c| c.parse::<u32>().ok())
                    .and_then(VectorSize::from_count);
                let rows = parts
                    .next()
                    .and_then(|c| c.parse::<u32>().ok())
                    .and_then(VectorSize::from_count);
                let (Some(columns), Some(rows), None) = (columns, rows, parts.next()) else {
                    return self.error(format!("unknown type `{word}`"));
                };
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar: self.angle_scalar()?,
                }
            } else if word == "atomic" {
                TypeInner::Atomic(self.angle_scalar()?)
            } else if word == "ptr" {
                self.expect_punct('<')?;
                let space = self.space()?;
                self.expect_punct(',')?;
                let base = self.ty(depth + 1)?;
                self.expect_punct('>')?;
                TypeInner::Pointer { base, space }
            } else if word == "sampler" {
                TypeInner::Sampler { comparison: false }
            } else if word == "sampler_comparison" {
                TypeInner::Sampler { comparison: true }
            } else if let Some(rest) = word.strip_prefix("texture_") {
                self.texture(rest, &word)?
            } else {
                return self.error(format!("unknown type `{word}`"));
            }
        };
        Ok(self.module.ensure_type(inner))
    }

    fn texture(&mut self, rest: &str, word: &str) -> PResult<TypeInner> {
        if let Some(rest) = rest.strip_prefix("storage_") {
            return self.storage_texture(rest, word);
        }
        let (depth, rest) = match rest.strip_prefix("depth_") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (multisampled, rest) = match rest.strip_prefix("multisampled_") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (rest, arrayed) = match rest.strip_suffix("_array") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let dim = match rest {
            "2d" => ImageDimension::D2,
            "3d" => ImageDimension::D3,
            "cube" => ImageDimension::Cube,
            _ => return self.error(format!("unknown type `{word}`")),
        };
        let class = if depth {
            ImageClass::Depth { multisampled }
        } else {
            self.expect_punct('<')?;
            let kind = match self.ident()?.as_str() {
                "f32" => ScalarKind::Float,
                "i32" => ScalarKind::Sint,
                "u32" => ScalarKind::Uint,
                "bool" => ScalarKind::Bool,
                other => return self.error(format!("unknown texel kind `{other}`")),
            };
            self.expect_punct('>')?;
            ImageClass::Sampled { kind, multisampled }
        };
        Ok(TypeInner::Image {
            dim,
            arrayed,
            class,
        })
    }

    /// `texture_storage_2d<rgba8, write>` and the like, after `texture_storage_`.
    fn storage_texture(&mut self, rest: &str, word: &str) -> PResult<TypeInner> {
        let (rest, arrayed) = match rest.strip_suffix("_array") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let dim = match rest {
            "2d" => ImageDimension::D2,
            "3d" => ImageDimension::D3,
            "cube" => ImageDimension::Cube,
            _ => return self.error(format!("unknown type `{word}`")),
        };
        self.expect_punct('<')?;
        let name = self.ident()?;
        let Some(format) = StorageFormat::from_name(&name) else {
            return self.error(format!("unknown storage format `{name}`"));
        };
        self.expect_punct(',')?;
        let access = match self.ident()?.as_str() {
            "read" => ImageAccess::Read,
            "write" => ImageAccess::Write,
            "read_write" => ImageAccess::ReadWrite,
            other => return self.error(format!("unknown image access `{other}`")),
        };
        self.expect_punct('>')?;
        Ok(TypeInner::Image {
            dim,
            arrayed,
            class: ImageClass::Storage { format, access },
        })
    }

    // -----------------------------------------------------------------------------------------
    // Functions

    fn io(&mut self) -> PResult<Option<IoBinding>> {
        if *self.peek() != Tok::Punct('@') {
            return Ok(None);
        }
        self.pos += 1;
        let word = self.ident()?;
        self.expect_punct('(')?;
        let binding = match word.as_str() {
            "builtin" => {
                let name = self.ident()?;
                let Some(b) = BUILTINS.iter().copied().find(|b| b.as_str() == name) else {
                    return self.error(format!("unknown builtin `{name}`"));
                };
                IoBinding::BuiltIn(b)
            }
            "location" => {
                let location = self.uint()?;
                let interpolation = if self.eat_punct(',') {
                    match self.ident()?.as_str() {
                        "flat" => Interpolation::Flat,
                        "no_perspective" => Interpolation::NoPerspective,
                        "smooth" => Interpolation::Smooth,
                        other => return self.error(format!("unknown interpolation `{other}`")),
                    }
                } else {
                    Interpolation::Smooth
                };
                IoBinding::Location {
                    location,
                    interpolation,
                }
            }
            other => return self.error(format!("unknown attribute `@{other}`")),
        };
        self.expect_punct(')')?;
        Ok(Some(binding))
    }

    fn function(&mut self) -> PResult<()> {
        self.expect_word("fn")?;
        let index = self.numbered("fn")?;
        if index as usize != self.module.functions.len() {
            self.pos -= 1;
            return self.error(format!("expected fn{}", self.module.functions.len()));
        }
        let name = self.string()?;
        self.expect_punct('(')?;
        let mut params = Vec::new();
        if !self.eat_punct(')') {
            loop {
                let pname = self.string()?;
                self.expect_punct(':')?;
                let ty = self.ty(0)?;
                let binding = self.io()?;
                params.push(FunctionParam {
                    name: pname,
                    ty,
                    binding,
                });
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let mut results = Vec::new();
        if *self.peek() == Tok::Arrow {
            self.pos += 1;
            self.expect_punct('(')?;
            loop {
                let rname = if matches!(self.peek(), Tok::Str(_)) {
                    let n = self.string()?;
                    self.expect_punct(':')?;
                    Some(n)
                } else {
                    None
                };
                let ty = self.ty(0)?;
                let binding = self.io()?;
                results.push(FunctionResult {
                    name: rname,
                    ty,
                    binding,
                });
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        self.expect_punct('{')?;
        let mut state = FnState {
            values: Vec::new(),
            blocks: Arena::new(),
            locals: Arena::new(),
            names: ValueNames::new(),
        };
        // Locals and header values, up to `body:`.
        loop {
            self.skip_newlines();
            if self.eat_word("body") {
                self.expect_punct(':')?;
                self.line_end()?;
                break;
            }
            if self.eat_word("local") {
                let index = self.numbered("l")?;
                if index as usize != state.locals.len() {
                    self.pos -= 1;
                    return self.error(format!("expected l{}", state.locals.len()));
                }
                let lname = self.opt_string();
                self.expect_punct(':')?;
                let ty = self.ty(0)?;
                let init = if self.eat_punct('=') {
                    Some(Handle::from_index(self.numbered("c")?))
                } else {
                    None
                };
                state.locals.append(LocalVariable {
                    name: lname,
                    ty,
                    init,
                });
                self.line_end()?;
                continue;
            }
            if matches!(self.peek(), Tok::Value(_)) {
                let (vh, name, ty) = self.def()?;
                self.expect_punct('=')?;
                let def = self.header_def()?;
                self.define(
                    &mut state,
                    vh,
                    Value {
                        ty,
                        def,
                        name: None,
                    },
                    name,
                )?;
                self.line_end()?;
                continue;
            }
            return self.unexpected("`local`, a value definition or `body:`");
        }
        let body = state.blocks.append(Block::default());
        self.block_contents(&mut state, body, 0)?;
        self.expect_punct('}')?;
        self.line_end()?;
        let mut values = Arena::new();
        for (i, v) in state.values.into_iter().enumerate() {
            match v {
                Some(v) => {
                    values.append(v);
                }
                None => {
                    return self.error(format!(
                        "in function fn{index}: value %{i} is never defined (values are numbered \
                         without holes)"
                    ))
                }
            }
        }
        self.module.functions.append(Function {
            name,
            params,
            results,
            values,
            locals: state.locals,
            blocks: state.blocks,
            body,
            names: state.names,
        });
        Ok(())
    }

    fn define(
        &self,
        state: &mut FnState,
        vh: Handle<Value>,
        value: Value,
        name: Option<String>,
    ) -> PResult<()> {
        match state.define(vh.raw(), value, name) {
            Ok(()) => Ok(()),
            Err(message) => self.error(message),
        }
    }

    /// `%N "name": type`
    fn def(&mut self) -> PResult<(Handle<Value>, Option<String>, Handle<Type>)> {
        let vh = self.value_ref()?;
        let name = self.opt_string();
        self.expect_punct(':')?;
        let ty = self.ty(0)?;
        Ok((vh, name, ty))
    }

    fn header_def(&mut self) -> PResult<ValueDef> {
        if self.eat_word("param") {
            return Ok(ValueDef::Param(self.uint()?));
        }
        if self.is_word("const") && matches!(self.peek_at(1), Tok::Ident(w) if w.starts_with('c')) {
            self.pos += 1;
            return Ok(ValueDef::Constant(Handle::from_index(self.numbered("c")?)));
        }
        if self.is_word("global") {
            self.pos += 1;
            return Ok(ValueDef::GlobalPointer(Handle::from_index(
                self.numbered("g")?,
            )));
        }
        if self.is_word("local") {
            self.pos += 1;
            return Ok(ValueDef::LocalPointer(Handle::from_index(
                self.numbered("l")?,
            )));
        }
        if self.eat_word("if_result") {
            return Ok(ValueDef::IfResult);
        }
        if self.eat_word("loop_carried") {
            return Ok(ValueDef::LoopCarried);
        }
        if self.eat_word("loop_result") {
            return Ok(ValueDef::LoopResult);
        }
        Ok(ValueDef::Op(self.op()?))
    }

    fn loc(&mut self) -> PResult<Option<SourceLoc>> {
        if !self.eat_punct('!') {
            return Ok(None);
        }
        let source = self.uint()?;
        self.expect_punct(':')?;
        let line = self.uint()?;
        self.expect_punct(':')?;
        let column = self.uint()?;
        Ok(Some(SourceLoc {
            source,
            line,
            column,
        }))
    }

    fn value_list(&mut self) -> PResult<Vec<Handle<Value>>> {
        let mut values = Vec::new();
        if !matches!(self.peek(), Tok::Value(_)) {
            return Ok(values);
        }
        loop {
            values.push(self.value_ref()?);
            if !self.eat_punct(',') {
                return Ok(values);
            }
        }
    }

    /// Statements up to the closing `}` (not consumed).
    fn block_contents(
        &mut self,
        state: &mut FnState,
        block: Handle<Block>,
        depth: u32,
    ) -> PResult<()> {
        if depth > self.depth_limit {
            return self.error("blocks nest too deeply");
        }
        loop {
            self.skip_newlines();
            if *self.peek() == Tok::Punct('}') || *self.peek() == Tok::Eof {
                return Ok(());
            }
            let stmt = self.stmt(state, depth)?;
            if let Some(b) = state.blocks.get_mut(block) {
                b.stmts.push(stmt);
            }
            self.line_end()?;
        }
    }

    fn nested_block(&mut self, state: &mut FnState, depth: u32) -> PResult<Handle<Block>> {
        self.expect_punct('{')?;
        let block = state.blocks.append(Block::default());
        self.block_contents(state, block, depth + 1)?;
        self.expect_punct('}')?;
        Ok(block)
    }

    fn stmt(&mut self, state: &mut FnState, depth: u32) -> PResult<Stmt> {
        let simple = |kind: StmtKind, p: &mut Parser| -> PResult<Stmt> {
            let loc = p.loc()?;
            Ok(Stmt { kind, loc })
        };
        if let Tok::Ident(word) = self.peek().clone() {
            match word.as_str() {
                "store" | "atomic_store" => {
                    self.pos += 1;
                    let pointer = self.value_ref()?;
                    self.expect_punct(',')?;
                    let value = self.value_ref()?;
                    let kind = if word == "store" {
                        StmtKind::Store { pointer, value }
                    } else {
                        StmtKind::AtomicStore { pointer, value }
                    };
                    return simple(kind, self);
                }
                "image_store" => {
                    self.pos += 1;
                    let image = self.value_ref()?;
                    self.expect_punct(',')?;
                    let coordinate = self.value_ref()?;
                    self.expect_punct(',')?;
                    let array_index = if self.eat_word("array_index") {
                        let layer = self.value_ref()?;
                        self.expect_punct(',')?;
                        Some(layer)
                    } else {
                        None
                    };
                    let value = self.value_ref()?;
                    let kind = StmtKind::ImageStore {
                        image,
                        coordinate,
                        array_index,
                        value,
                    };
                    return simple(kind, self);
                }
                "call" => {
                    self.pos += 1;
                    let function = Handle::from_index(self.numbered("fn")?);
                    self.expect_punct('(')?;
                    let args = self.value_list()?;
                    self.expect_punct(')')?;
                    return simple(StmtKind::Call { function, args }, self);
                }
                "barrier" => {
                    self.pos += 1;
                    self.expect_punct('(')?;
                    let mut barrier = Barrier {
                        workgroup: false,
                        storage: false,
                    };
                    while !self.eat_punct(')') {
                        match self.ident()?.as_str() {
                            "workgroup" => barrier.workgroup = true,
                            "storage" => barrier.storage = true,
                            other => return self.error(format!("unknown barrier `{other}`")),
                        }
                        self.eat_punct(',');
                    }
                    return simple(StmtKind::Barrier(barrier), self);
                }
                "yield" | "continue" | "break" | "return" => {
                    self.pos += 1;
                    let values = self.value_list()?;
                    let kind = match word.as_str() {
                        "yield" => StmtKind::Yield(values),
                        "continue" => StmtKind::Continue(values),
                        "break" => StmtKind::Break(values),
                        _ => StmtKind::Return(values),
                    };
                    return simple(kind, self);
                }
                "discard" => {
                    self.pos += 1;
                    return simple(StmtKind::Discard, self);
                }
                "unreachable" => {
                    self.pos += 1;
                    return simple(StmtKind::Unreachable, self);
                }
                "if" | "loop" => return self.region(state, Vec::new(), depth),
                _ => return self.unexpected("a statement"),
            }
        }
        // Definitions: one `%N: T = op`, or results of an `if` / `loop`.
        let mut defs = vec![self.def()?];
        while self.eat_punct(',') {
            defs.push(self.def()?);
        }
        self.expect_punct('=')?;
        if self.is_word("if") || self.is_word("loop") {
            let mut results = Vec::new();
            for (vh, name, ty) in defs {
                let def = if self.is_word("if") {
                    ValueDef::IfResult
                } else {
                    ValueDef::LoopResult
                };
                self.define(
                    state,
                    vh,
                    Value {
                        ty,
                        def,
                        name: None,
                    },
                    name,
                )?;
                results.push(vh);
            }
            return self.region(state, results, depth);
        }
        let mut defs = defs.into_iter();
        let (Some((vh, name, ty)), None) = (defs.next(), defs.next()) else {
            return self.error("only `if` and `loop` define several values");
        };
        let def = self.header_def()?;
        self.define(
            state,
            vh,
            Value {
                ty,
                def,
                name: None,
            },
            name,
        )?;
        let loc = self.loc()?;
        Ok(Stmt {
            kind: StmtKind::Value(vh),
            loc,
        })
    }

    fn region(
        &mut self,
        state: &mut FnState,
        results: Vec<Handle<Value>>,
        depth: u32,
    ) -> PResult<Stmt> {
        if self.eat_word("if") {
            let condition = self.value_ref()?;
            let loc = self.loc()?;
            let accept = self.nested_block(state, depth)?;
            self.expect_word("else")?;
            let reject = self.nested_block(state, depth)?;
            return Ok(Stmt {
                kind: StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results: results.into_boxed_slice(),
                },
                loc,
            });
        }
        self.expect_word("loop")?;
        self.expect_punct('(')?;
        let mut carried = Vec::new();
        if !self.eat_punct(')') {
            loop {
                let (vh, name, ty) = self.def()?;
                self.define(
                    state,
                    vh,
                    Value {
                        ty,
                        def: ValueDef::LoopCarried,
                        name: None,
                    },
                    name,
                )?;
                self.expect_punct('=')?;
                let init = self.value_ref()?;
                carried.push(LoopVar { value: vh, init });
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let mut control = LoopControl::default();
        while self.eat_punct('@') {
            let word = self.ident()?;
            self.expect_punct('(')?;
            match word.as_str() {
                "unroll" => {
                    control.unroll = if self.eat_word("full") {
                        UnrollHint::Full
                    } else if self.eat_word("never") {
                        UnrollHint::Never
                    } else {
                        UnrollHint::AtMost(self.uint()?)
                    };
                }
                "max_iterations" => control.max_iterations = Some(self.uint()?),
                other => return self.error(format!("unknown loop attribute `@{other}`")),
            }
            self.expect_punct(')')?;
        }
        let loc = self.loc()?;
        let body = self.nested_block(state, depth)?;
        Ok(Stmt {
            kind: StmtKind::Loop(Box::new(Loop {
                carried,
                body,
                results,
                control,
            })),
            loc,
        })
    }

    // -----------------------------------------------------------------------------------------
    // Operations

    fn op(&mut self) -> PResult<Op> {
        let word = self.ident()?;
        let w = word.as_str();
        let v = |p: &mut Parser| p.value_ref();
        let comma = |p: &mut Parser| p.expect_punct(',');
        if let Some(op) = match w {
            "neg" => Some(UnaryOp::Negate),
            "not" => Some(UnaryOp::LogicalNot),
            "bit_not" => Some(UnaryOp::BitNot),
            _ => None,
        } {
            return Ok(Op::Unary { op, arg: v(self)? });
        }
        if let Some((op, _)) = BINARY_OPS.iter().find(|(_, n)| *n == w) {
            let lhs = v(self)?;
            comma(self)?;
            let rhs = v(self)?;
            return Ok(Op::Binary { op: *op, lhs, rhs });
        }
        if let Some((kind, _)) = PRODUCTS.iter().find(|(_, n)| *n == w) {
            let lhs = v(self)?;
            comma(self)?;
            let rhs = v(self)?;
            return Ok(Op::Product {
                kind: *kind,
                lhs,
                rhs,
            });
        }
        if let Some((fun, _)) = RELATIONALS.iter().find(|(_, n)| *n == w) {
            return Ok(Op::Relational {
                fun: *fun,
                arg: v(self)?,
            });
        }
        if let Some(fun) = MATH_FUNCTIONS.iter().find(|f| math_name(**f) == w) {
            return Ok(Op::Math {
                fun: *fun,
                args: self.value_list()?,
            });
        }
        if let Some((fun, _)) = ATOMICS.iter().find(|(_, n)| *n == w) {
            let pointer = v(self)?;
            comma(self)?;
            let value = v(self)?;
            let comparator = if self.eat_punct(',') {
                Some(v(self)?)
            } else {
                None
            };
            return Ok(Op::Atomic {
                fun: *fun,
                pointer,
                value,
                comparator,
            });
        }
        if let Some((axis, control)) = derivative(w) {
            return Ok(Op::Derivative {
                axis,
                control,
                arg: v(self)?,
            });
        }
        Ok(match w {
            "select" => {
                let condition = v(self)?;
                comma(self)?;
                let accept = v(self)?;
                comma(self)?;
                let reject = v(self)?;
                Op::Select {
                    condition,
                    accept,
                    reject,
                }
            }
            "splat" => Op::Splat { value: v(self)? },
            "compose" => Op::Compose {
                components: self.value_list()?,
            },
            "extract" => {
                let base = v(self)?;
                comma(self)?;
                let index = self.uint()?;
                Op::Extract { base, index }
            }
            "insert" => {
                let base = v(self)?;
                comma(self)?;
                let value = v(self)?;
                comma(self)?;
                let index = self.uint()?;
                Op::Insert { base, value, index }
            }
            "extract_dynamic" => {
                let base = v(self)?;
                comma(self)?;
                let index = v(self)?;
                Op::ExtractDynamic { base, index }
            }
            "insert_dynamic" => {
                let base = v(self)?;
                comma(self)?;
                let value = v(self)?;
                comma(self)?;
                let index = v(self)?;
                Op::InsertDynamic { base, value, index }
            }
            "shuffle" => {
                let a = v(self)?;
                comma(self)?;
                let b = v(self)?;
                comma(self)?;
                self.expect_punct('[')?;
                let mut pattern = Vec::new();
                if !self.eat_punct(']') {
                    loop {
                        pattern.push(self.uint()?);
                        if self.eat_punct(']') {
                            break;
                        }
                        comma(self)?;
                    }
                }
                Op::Shuffle {
                    a,
                    b,
                    pattern: pattern.into_boxed_slice(),
                }
            }
            "convert" => Op::Convert { value: v(self)? },
            "bitcast" => Op::Bitcast { value: v(self)? },
            "access" => {
                let non_uniform = self.eat_word("nonuniform");
                let base = v(self)?;
                let mut indices = Vec::new();
                while self.eat_punct(',') {
                    indices.push(v(self)?);
                }
                Op::AccessChain {
                    base,
                    indices,
                    non_uniform,
                }
            }
            "load" => Op::Load { pointer: v(self)? },
            "array_length" => Op::ArrayLength { pointer: v(self)? },
            "atomic_load" => Op::AtomicLoad { pointer: v(self)? },
            "call" => {
                let function = Handle::from_index(self.numbered("fn")?);
                self.expect_punct('(')?;
                let args = self.value_list()?;
                self.expect_punct(')')?;
                Op::Call { function, args }
            }
            "image_sample" => self.image_sample()?,
            "image_fetch" => {
                let image = v(self)?;
                comma(self)?;
                let coordinate = v(self)?;
                let (mut array_index, mut level, mut sample) = (None, None, None);
                while self.eat_punct(',') {
                    match self.ident()?.as_str() {
                        "array_index" => array_index = Some(v(self)?),
                        "level" => level = Some(v(self)?),
                        "sample" => sample = Some(v(self)?),
                        other => return self.error(format!("unknown fetch operand `{other}`")),
                    }
                }
                Op::ImageFetch {
                    image,
                    coordinate,
                    array_index,
                    level,
                    sample,
                }
            }
            "image_load" => {
                let image = v(self)?;
                comma(self)?;
                let coordinate = v(self)?;
                let array_index = if self.eat_punct(',') {
                    self.expect_word("array_index")?;
                    Some(v(self)?)
                } else {
                    None
                };
                Op::ImageLoad {
                    image,
                    coordinate,
                    array_index,
                }
            }
            "image_size" => {
                let image = v(self)?;
                let level = if self.eat_punct(',') {
                    self.expect_word("level")?;
                    Some(v(self)?)
                } else {
                    None
                };
                Op::ImageQuery {
                    image,
                    query: ImageQuery::Size { level },
                }
            }
            "image_num_levels" => Op::ImageQuery {
                image: v(self)?,
                query: ImageQuery::NumLevels,
            },
            "image_num_layers" => Op::ImageQuery {
                image: v(self)?,
                query: ImageQuery::NumLayers,
            },
            "image_num_samples" => Op::ImageQuery {
                image: v(self)?,
                query: ImageQuery::NumSamples,
            },
            _ => {
                self.pos -= 1;
                return self.error(format!("unknown operation `{word}`"));
            }
        })
    }

    fn image_sample(&mut self) -> PResult<Op> {
        let image = self.value_ref()?;
        self.expect_punct(',')?;
        let sampler = self.value_ref()?;
        self.expect_punct(',')?;
        let coordinate = self.value_ref()?;
        let mut array_index = None;
        let mut level = None;
        let mut depth_ref = None;
        let mut offset = None;
        let mut gather = None;
        while self.eat_punct(',') {
            match self.ident()?.as_str() {
                "array_index" => array_index = Some(self.value_ref()?),
                "level" => {
                    level = Some(match self.ident()?.as_str() {
                        "auto" => SampleLevel::Auto,
                        "zero" => SampleLevel::Zero,
                        "exact" => SampleLevel::Exact(self.value_ref()?),
                        "bias" => SampleLevel::Bias(self.value_ref()?),
                        "grad" => {
                            let x = self.value_ref()?;
                            let y = self.value_ref()?;
                            SampleLevel::Gradient { x, y }
                        }
                        other => return self.error(format!("unknown level `{other}`")),
                    })
                }
                "depth_ref" => depth_ref = Some(self.value_ref()?),
                "offset" => offset = Some(Handle::from_index(self.numbered("c")?)),
                "gather" => {
                    let n = self.uint()?;
                    gather = Some(match u8::try_from(n) {
                        Ok(n) if n <= 3 => n,
                        _ => return self.error(format!("gather component {n} is not 0 to 3")),
                    });
                }
                other => return self.error(format!("unknown sample operand `{other}`")),
            }
        }
        let Some(level) = level else {
            return self.error("`image_sample` needs a `level`");
        };
        Ok(Op::ImageSample(Box::new(ImageSample {
            image,
            sampler,
            coordinate,
            array_index,
            level,
            depth_ref,
            offset,
            gather,
        })))
    }
}

fn derivative(word: &str) -> Option<(DerivativeAxis, DerivativeControl)> {
    let (axis, rest) = if let Some(r) = word.strip_prefix("dpdx") {
        (DerivativeAxis::X, r)
    } else if let Some(r) = word.strip_prefix("dpdy") {
        (DerivativeAxis::Y, r)
    } else if let Some(r) = word.strip_prefix("fwidth") {
        (DerivativeAxis::Width, r)
    } else {
        return None;
    };
    let control = match rest {
        "" => DerivativeControl::None,
        "_coarse" => DerivativeControl::Coarse,
        "_fine" => DerivativeControl::Fine,
        _ => return None,
    };
    Some((axis, control))
}

/// A numeric literal: `-5` (i32), `5u` (u32), `1.5` / `1e3` (f32), `0.5h` (f16).
fn parse_number(text: &str) -> Option<Literal> {
    if let Some(digits) = text.strip_suffix('u') {
        return digits.parse::<u32>().ok().map(Literal::U32);
    }
    if let Some(f) = text.strip_suffix('h') {
        let v = parse_float(f)?;
        return Some(Literal::F16(f32_to_f16(v)));
    }
    if text.contains(['.', 'e', 'E']) {
        return parse_float(text).map(Literal::F32);
    }
    text.parse::<i32>().ok().map(Literal::I32)
}

fn parse_float(text: &str) -> Option<f32> {
    // Rust's parser accepts forms we do not print (`inf`, `NaN`, `+1`): allow only digits,
    // one sign, a point and an exponent.
    if !text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
    {
        return None;
    }
    text.parse::<f32>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_number("-5"), Some(Literal::I32(-5)));
        assert_eq!(parse_number("5u"), Some(Literal::U32(5)));
        assert_eq!(parse_number("1e-7"), Some(Literal::F32(1e-7)));
        assert_eq!(parse_number("-0.0"), Some(Literal::F32(-0.0)));
        assert_eq!(parse_number("0.5h"), Some(Literal::F16(0x3800)));
        assert_eq!(parse_number("2147483648"), None);
        assert_eq!(parse_number("1x"), None);
    }

    #[test]
    fn errors_have_positions() {
        let err = parse_module("const c1: f32 = 1.0\n").unwrap_err();
        assert_eq!((err.line, err.column), (1, 7));
        assert_eq!(err.to_string(), "1:7: expected c0");
        let err = parse_module("struct S {\n  a: vec5<f32>,\n}\n").unwrap_err();
        assert_eq!(err.line, 2);
    }
}
