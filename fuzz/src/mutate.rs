//! Structure-aware mutation of Luma source text: the inputs stay text that a person can read
//! and feed to `luma`, and most mutants stay close to valid programs, so the fuzzer spends its
//! time in the checker, lowering and the back ends rather than in the lexer's error paths.
//!
//! Text is split losslessly into tokens ([`tokenize`]); a mutation swaps an operator, a type, a
//! literal, a keyword or a name for another of its kind, splices tokens or lines out of a corpus
//! shader, duplicates, deletes or swaps lines, wraps lines in a block or loop (with `@unroll`
//! and `@max_iterations` attributes), wraps tokens in parentheses or a unary operator, or hands
//! the bytes to libFuzzer's own mutator.

use crate::seeds::SEEDS;

/// A small deterministic random number generator (SplitMix64): the mutator must depend only on
/// libFuzzer's seed so a run can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A random element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// What a token is, as far as mutation cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Spaces and tabs.
    Space,
    /// One line break.
    Newline,
    /// `--` to the end of the line.
    Comment,
    /// A name or keyword.
    Ident,
    /// A number literal.
    Number,
    /// A `"..."` string (include paths).
    Str,
    /// An operator or punctuation.
    Punct,
    /// Anything else, one character.
    Other,
}

/// One token: its kind and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: Kind,
    /// The exact text.
    pub text: String,
}

const PUNCTS: &[&str] = &[
    "<<=", ">>=", "...", "==", "!=", "~=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=",
    "&=", "|=", "->", "..", "+", "-", "*", "/", "%", "&", "|", "~", "<", ">", "=", "(", ")", "{",
    "}", "[", "]", ",", ".", ":", ";", "@", "#",
];

/// Splits `text` into tokens whose concatenation is `text` again.
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let (kind, len) = if c == '\n' {
            (Kind::Newline, 1)
        } else if c == ' ' || c == '\t' || c == '\r' {
            let n = rest
                .find(|c: char| c != ' ' && c != '\t' && c != '\r')
                .unwrap_or(rest.len());
            (Kind::Space, n)
        } else if rest.starts_with("--") {
            (Kind::Comment, rest.find('\n').unwrap_or(rest.len()))
        } else if c.is_ascii_alphabetic() || c == '_' {
            let n = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (Kind::Ident, n)
        } else if c.is_ascii_digit()
            || (c == '.' && rest.as_bytes().get(1).is_some_and(u8::is_ascii_digit))
        {
            let bytes = rest.as_bytes();
            let mut n = 1;
            while let Some(&b) = bytes.get(n) {
                let exp_sign = (b == b'+' || b == b'-')
                    && matches!(bytes.get(n - 1), Some(b'e' | b'E'))
                    && !rest.starts_with("0x");
                if b.is_ascii_alphanumeric() || b == b'.' || b == b'_' || exp_sign {
                    n += 1;
                } else {
                    break;
                }
            }
            (Kind::Number, n)
        } else if c == '"' {
            let end = rest
                .get(1..)
                .and_then(|r| r.find(['"', '\n']))
                .map_or(rest.len(), |i| {
                    if rest.as_bytes().get(i + 1) == Some(&b'"') {
                        i + 2
                    } else {
                        i + 1
                    }
                });
            (Kind::Str, end)
        } else if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            (Kind::Punct, p.len())
        } else {
            (Kind::Other, c.len_utf8())
        };
        let len = len.max(1).min(rest.len());
        // `len` always ends on a character boundary: every branch stops at an ASCII byte or
        // at the end of a whole character.
        let (head, tail) = match (rest.get(..len), rest.get(len..)) {
            (Some(h), Some(t)) => (h, t),
            _ => (rest, ""),
        };
        out.push(Token {
            kind,
            text: head.to_owned(),
        });
        rest = tail;
    }
    out
}

/// The text of `tokens`.
pub fn join(tokens: &[Token]) -> String {
    tokens.iter().map(|t| t.text.as_str()).collect()
}

/// Binary and unary operators, compound assignments and comparison words.
pub const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "%", "&", "|", "~", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "and",
    "or", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "<<=", ">>=", "=", "not", "#", "~=", "..",
];

/// Type names.
pub const TYPES: &[&str] = &[
    "bool", "int", "uint", "float", "half", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4",
    "uvec2", "uvec3", "uvec4", "bvec2", "bvec3", "bvec4", "hvec2", "hvec3", "hvec4", "mat2", "mat3",
    "mat4", "mat2x3", "mat2x4", "mat3x2", "mat3x4", "mat4x2", "mat4x3", "atomic_int",
    "atomic_uint", "texture2D", "texture3D", "textureCube", "texture2DArray", "sampler",
    "samplerShadow", "sampler2D", "depth2D", "storage2D",
];

/// Keywords, including the reserved Lua words.
pub const KEYWORDS: &[&str] = &[
    "function", "end", "if", "then", "elseif", "else", "for", "while", "do", "return", "break",
    "discard", "let", "const", "struct", "uniform", "buffer", "shared", "storage", "true", "false",
    "and", "or", "not", "local", "nil", "repeat", "until", "goto", "continue", "self", "in",
];

/// Literals at the edges of their types and of the limits.
pub const LITERALS: &[&str] = &[
    "0", "1", "2", "3", "-1", "7", "8", "31", "32", "33", "64", "255", "256", "4096", "4097",
    "65535", "65536", "16777216", "16777217", "2147483647", "2147483648", "-2147483648",
    "4294967295", "4294967296", "4294967295u", "4294967296u", "0u", "1u", "0xFF", "0xFFFFFFFF",
    "0xFFFFFFFFu", "0x100000000", "99999999999999999999", "0.0", "-0.0", "1.0", "0.5", ".5",
    "1e-3", "1e38", "3.4028235e38", "3.5e38", "1e39", "1e-45", "1e-50", "2.5e+2", "1e",
    "0x", "1.0u", "1.5e", "00", "0e0",
];

/// Builtin function names and builtin variables.
pub const BUILTINS: &[&str] = &[
    "sin", "cos", "abs", "min", "max", "clamp", "mix", "dot", "cross", "normalize", "length",
    "floor", "ceil", "fract", "sqrt", "pow", "exp", "log", "mod", "step", "smoothstep", "any", "all",
    "equal", "less_than", "as_float", "as_int", "as_uint", "sample", "sample_level",
    "sample_grad", "sample_compare", "texel_fetch", "texture_size", "atomic_add",
    "atomic_load", "atomic_store", "atomic_exchange", "atomic_compare_exchange", "barrier",
    "workgroup_barrier", "storage_barrier", "dfdx", "dfdy", "fwidth", "transpose",
    "determinant", "inverse", "pack_unorm4x8", "unpack_unorm4x8", "count_bits",
    "reverse_bits", "first_leading_bit", "vertex_index", "instance_index", "position",
    "front_facing", "frag_depth", "sample_index", "sample_mask", "local_invocation_id",
    "local_invocation_index", "global_invocation_id", "workgroup_id", "num_workgroups",
];

/// Attributes, written whole.
pub const ATTRIBUTES: &[&str] = &[
    "@unroll",
    "@unroll(4)",
    "@unroll(0)",
    "@unroll(4097)",
    "@unroll(100000)",
    "@max_iterations(16)",
    "@max_iterations(0)",
    "@max_iterations(4294967295)",
    "@entry(compute)",
    "@entry(vertex)",
    "@entry(fragment)",
    "@entry(geometry)",
    "@workgroup_size(64)",
    "@workgroup_size(8, 8, 1)",
    "@workgroup_size(0)",
    "@location(0)",
    "@location(31)",
    "@location(4294967295)",
    "@builtin(position)",
    "@builtin(vertex_index)",
    "@builtin(global_invocation_id)",
    "@builtin(frag_depth)",
    "@binding(0)",
    "@binding(4294967295)",
    "@group(1)",
    "@group(4294967295)",
    "@spec(0)",
    "@spec(4294967295)",
    "@access(read)",
    "@access(read_write)",
    "@push_constant",
    "@interpolation(flat)",
    "@interpolation(linear, centroid)",
];

/// Whole lines that open or close blocks, so mutants get new nesting.
const BLOCK_HEADS: &[(&str, &str)] = &[
    ("if true then", "end"),
    ("if false then", "else"),
    ("do", "end"),
    ("for i = 0, 3 do", "end"),
    ("@unroll\nfor k = 0, 7 do", "end"),
    ("@unroll(4097)\nfor k = 0, 5000 do", "end"),
    ("@unroll\nfor k = 10, 0, -3 do", "end"),
    ("@max_iterations(8)\nwhile true do", "end"),
    ("while false do", "end"),
    ("function extra_fn()", "end"),
    ("@entry(compute) @workgroup_size(1)\nfunction extra_entry()", "end"),
    ("if 1 < 2 then\nelseif false then", "end"),
];

fn replace_where(
    tokens: &mut [Token],
    rng: &mut Rng,
    is: impl Fn(&Token) -> bool,
    with: &[&str],
) -> bool {
    let positions: Vec<usize> = (0..tokens.len())
        .filter(|&i| tokens.get(i).is_some_and(&is))
        .collect();
    let (Some(&at), Some(&new)) = (rng.pick(&positions), rng.pick(with)) else {
        return false;
    };
    if let Some(t) = tokens.get_mut(at) {
        t.text = new.to_owned();
    }
    true
}

/// Line ranges `(start, end)` of token indices, each line's tokens including its newline.
fn lines(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.kind == Kind::Newline {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < tokens.len() {
        out.push((start, tokens.len()));
    }
    out
}

fn seed_tokens(rng: &mut Rng, own: &[Token]) -> Vec<Token> {
    match rng.pick(SEEDS) {
        Some((_, text)) if !rng.one_in(4) => tokenize(text),
        _ => own.to_vec(),
    }
}

fn token(kind: Kind, text: &str) -> Token {
    Token {
        kind,
        text: text.to_owned(),
    }
}

/// Applies one random structure-aware mutation to `tokens`; false when the chosen mutation
/// found nothing to change.
pub fn mutate_once(tokens: &mut Vec<Token>, rng: &mut Rng) -> bool {
    let is_word = |t: &Token, set: &[&str]| t.kind == Kind::Ident && set.contains(&t.text.as_str());
    match rng.below(16) {
        0 => replace_where(
            tokens,
            rng,
            |t| {
                (t.kind == Kind::Punct || t.kind == Kind::Ident)
                    && OPERATORS.contains(&t.text.as_str())
            },
            OPERATORS,
        ),
        1 => replace_where(tokens, rng, |t| is_word(t, TYPES), TYPES),
        2 => replace_where(tokens, rng, |t| t.kind == Kind::Number, LITERALS),
        3 => replace_where(tokens, rng, |t| is_word(t, KEYWORDS), KEYWORDS),
        4 => {
            // A name where another name was: undefined names, wrong kinds, shadowing.
            let names: Vec<String> = tokens
                .iter()
                .filter(|t| t.kind == Kind::Ident && !KEYWORDS.contains(&t.text.as_str()))
                .map(|t| t.text.clone())
                .collect();
            let mut pool: Vec<&str> = names.iter().map(String::as_str).collect();
            pool.extend_from_slice(BUILTINS);
            replace_where(
                tokens,
                rng,
                |t| t.kind == Kind::Ident && !KEYWORDS.contains(&t.text.as_str()),
                &pool,
            )
        }
        5 | 6 => {
            // Splice a run of tokens (or of whole lines) from a corpus shader.
            let donor = seed_tokens(rng, tokens);
            let piece: Vec<Token> = if rng.one_in(2) {
                let donor_lines = lines(&donor);
                let Some(&(start, _)) = rng.pick(&donor_lines) else {
                    return false;
                };
                let count = 1 + rng.below(12);
                let end = donor_lines
                    .iter()
                    .filter(|(s, _)| *s >= start)
                    .take(count)
                    .last()
                    .map_or(start, |&(_, e)| e);
                donor.get(start..end).unwrap_or(&[]).to_vec()
            } else {
                let start = rng.below(donor.len());
                let len = 1 + rng.below(48);
                let end = (start + len).min(donor.len());
                donor.get(start..end).unwrap_or(&[]).to_vec()
            };
            if piece.is_empty() {
                return false;
            }
            let at = if rng.one_in(2) {
                let own_lines = lines(tokens);
                rng.pick(&own_lines).map_or(tokens.len(), |&(s, _)| s)
            } else {
                rng.below(tokens.len() + 1)
            };
            let remove = if rng.one_in(3) { rng.below(16) } else { 0 };
            let end = (at + remove).min(tokens.len());
            tokens.splice(at..end, piece);
            true
        }
        7 => {
            // Duplicate lines in place (more functions, fields, statements, elseif arms).
            let ls = lines(tokens);
            let Some(&(start, _)) = rng.pick(&ls) else {
                return false;
            };
            let count = 1 + rng.below(8);
            let end = ls
                .iter()
                .filter(|(s, _)| *s >= start)
                .take(count)
                .last()
                .map_or(start, |&(_, e)| e);
            let piece = tokens.get(start..end).unwrap_or(&[]).to_vec();
            let times = if rng.one_in(8) { 1 + rng.below(64) } else { 1 };
            for _ in 0..times {
                tokens.splice(end..end, piece.iter().cloned());
            }
            true
        }
        8 => {
            // Delete lines.
            let ls = lines(tokens);
            let Some(&(start, _)) = rng.pick(&ls) else {
                return false;
            };
            let count = 1 + rng.below(4);
            let end = ls
                .iter()
                .filter(|(s, _)| *s >= start)
                .take(count)
                .last()
                .map_or(start, |&(_, e)| e);
            tokens.drain(start..end);
            true
        }
        9 => {
            // Swap two lines.
            let ls = lines(tokens);
            let (Some(&a), Some(&b)) = (rng.pick(&ls), rng.pick(&ls)) else {
                return false;
            };
            let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if first.1 > second.0 {
                return false;
            }
            let a_toks = tokens.get(first.0..first.1).unwrap_or(&[]).to_vec();
            let b_toks = tokens.get(second.0..second.1).unwrap_or(&[]).to_vec();
            tokens.splice(second.0..second.1, a_toks);
            tokens.splice(first.0..first.1, b_toks);
            true
        }
        10 => {
            // Delete a few tokens.
            if tokens.is_empty() {
                return false;
            }
            let start = rng.below(tokens.len());
            let end = (start + 1 + rng.below(6)).min(tokens.len());
            tokens.drain(start..end);
            true
        }
        11 => {
            // Insert a token from the dictionaries.
            let set: &[&str] = match rng.below(6) {
                0 => OPERATORS,
                1 => TYPES,
                2 => LITERALS,
                3 => KEYWORDS,
                4 => BUILTINS,
                _ => &["(", ")", "{", "}", "[", "]", ",", ".", ":", "=", "->", "\n", "x", "#"],
            };
            let Some(&word) = rng.pick(set) else {
                return false;
            };
            let at = rng.below(tokens.len() + 1);
            tokens.splice(
                at..at,
                [
                    token(Kind::Space, " "),
                    token(Kind::Other, word),
                    token(Kind::Space, " "),
                ],
            );
            true
        }
        12 => {
            // Wrap a run of tokens of one line in parentheses, a call, or a unary operator.
            let ls = lines(tokens);
            let Some(&(s, e)) = rng.pick(&ls) else {
                return false;
            };
            if e <= s + 1 {
                return false;
            }
            let a = s + rng.below(e - s - 1);
            let b = a + 1 + rng.below(e - 1 - a);
            let (open, close) = match rng.below(7) {
                0 => ("(", ")"),
                1 => ("-(", ")"),
                2 => ("not (", ")"),
                3 => ("~(", ")"),
                4 => ("abs(", ")"),
                5 => ("float(", ")"),
                _ => ("((((((((", "))))))))"),
            };
            tokens.insert(b, token(Kind::Other, close));
            tokens.insert(a, token(Kind::Other, open));
            true
        }
        13 => {
            // Wrap whole lines in a block or loop.
            let ls = lines(tokens);
            let (Some(&(s, _)), Some(&(head, tail))) = (rng.pick(&ls), rng.pick(BLOCK_HEADS))
            else {
                return false;
            };
            let count = 1 + rng.below(6);
            let e = ls
                .iter()
                .filter(|(st, _)| *st >= s)
                .take(count)
                .last()
                .map_or(s, |&(_, e)| e);
            tokens.insert(e, token(Kind::Other, &format!("{tail}\n")));
            tokens.insert(s, token(Kind::Other, &format!("{head}\n")));
            true
        }
        14 => {
            // An attribute at the start of a line.
            let ls = lines(tokens);
            let (Some(&(s, _)), Some(&attr)) = (rng.pick(&ls), rng.pick(ATTRIBUTES)) else {
                return false;
            };
            tokens.insert(s, token(Kind::Other, &format!("{attr} ")));
            true
        }
        _ => {
            // Repeat one token many times: long operator chains, deep nesting, long names.
            if tokens.is_empty() {
                return false;
            }
            let at = rng.below(tokens.len());
            let Some(t) = tokens.get(at).cloned() else {
                return false;
            };
            let times = 2 + rng.below(300);
            let piece = vec![t; times];
            tokens.splice(at..at, piece);
            true
        }
    }
}

/// Mutates `text` with one to four structure-aware mutations; the result is at most
/// `max_size` bytes (cut at a character boundary).
pub fn mutate_text(text: &str, rng: &mut Rng, max_size: usize) -> String {
    let mut tokens = tokenize(text);
    let rounds = 1 + rng.below(4);
    let mut changed = false;
    for _ in 0..rounds {
        changed |= mutate_once(&mut tokens, rng);
    }
    if !changed {
        // An empty or unlucky input: start again from a corpus shader.
        if let Some((_, seed)) = rng.pick(SEEDS) {
            tokens = tokenize(seed);
        }
    }
    let mut out = join(&tokens);
    if out.len() > max_size {
        let mut cut = max_size;
        while cut > 0 && !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenize_is_lossless() {
        for (_, text) in SEEDS {
            assert_eq!(join(&tokenize(text)), *text);
        }
        let odd = "x<<=1 -- c\n\"a\nb\" 1e-3 0x1Fu .5 é @unroll(4)\r\n";
        assert_eq!(join(&tokenize(odd)), odd);
    }

    #[test]
    fn mutants_respect_the_size_bound() {
        let mut rng = Rng::new(7);
        for (_, text) in SEEDS {
            for _ in 0..50 {
                let m = mutate_text(text, &mut rng, 4096);
                assert!(m.len() <= 4096);
            }
        }
    }
}
