//! Keeps comparisons from reading as template lists: WGSL's template-list discovery (spec
//! §3.9) takes a name followed by `<` as the start of a template list when a `>` follows at the
//! same nesting depth before `)`, `]`, `;`, `{`, `:`, `&&`, `||` or an assignment. So `a < b >> c`
//! and `f(a < b, c > d)` are syntax errors, read as `a<b >` and `a<b, c>`.
//!
//! The body writer emits comparisons without knowing what text will follow them, so this pass
//! runs the discovery over each finished function: every template list it finds whose name is
//! not one of WGSL's own (the types, `var`, `bitcast`: all in [`RESERVED`], which no generated
//! name can be) is a comparison, and its left operand gets parentheses, `(a) < b`, after which
//! the `<` follows no name. Output without such a comparison is returned unchanged.

use crate::keywords::RESERVED;

/// `text` (one function's WGSL) with the left operand of each `<` that would start a template
/// list put in parentheses.
pub(crate) fn disambiguate(mut text: String) -> String {
    // Each round fixes the first misread comparison (a fix shifts the text after it); a fixed
    // `<` follows `)` and is never found again, so there are at most as many rounds as `<`s.
    let limit = text.matches('<').count() + 1;
    for _ in 0..limit {
        let Some(less) = first_misread_less(&text) else {
            break;
        };
        let start = operand_start(&text, less);
        let end = name_end(&text, less);
        // Both positions border ASCII (names, brackets, blanks); the check keeps `insert` from
        // panicking should that ever change.
        if !(text.is_char_boundary(start) && text.is_char_boundary(end)) {
            break;
        }
        text.insert(end, ')');
        text.insert(start, '(');
    }
    text
}

/// A `<` after a name that the discovery pairs with a `>` (a pending candidate).
struct Candidate {
    /// Byte offset of the `<`.
    less: usize,
    /// Nesting depth of parentheses and brackets at the `<`.
    depth: usize,
    /// Whether the name before it is WGSL's (a real template list).
    wgsl_name: bool,
}

/// The byte offset of the first `<` that the discovery algorithm reads as opening a template
/// list although the name before it is not one that takes templates.
fn first_misread_less(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut pending: Vec<Candidate> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        let next = bytes.get(i + 1).copied();
        if c == b'/' && next == Some(b'/') {
            // A line comment (the writer's notes); runs to the end of the line.
            i = text
                .get(i..)
                .and_then(|rest| rest.find('\n'))
                .map_or(bytes.len(), |n| i + n);
            continue;
        }
        if is_name_start(c) {
            let start = i;
            while bytes.get(i).copied().is_some_and(is_name_char) {
                i += 1;
            }
            let name = text.get(start..i).unwrap_or_default();
            let mut j = i;
            while bytes.get(j).is_some_and(|b| *b == b' ') {
                j += 1;
            }
            if bytes.get(j) == Some(&b'<') {
                let after = bytes.get(j + 1).copied();
                if after == Some(b'<') || after == Some(b'=') {
                    // `<<` and `<=` never open a template list.
                    i = j + 2;
                } else {
                    pending.push(Candidate {
                        less: j,
                        depth,
                        wgsl_name: RESERVED.contains(&name),
                    });
                    i = j + 1;
                }
            }
            continue;
        }
        if c.is_ascii_digit() {
            // A number literal (`1e5`, `0x1fu`): not a name, even where letters follow.
            while bytes.get(i).copied().is_some_and(is_name_char) {
                i += 1;
            }
            continue;
        }
        match c {
            b'>' => {
                if pending.last().is_some_and(|t| t.depth == depth) {
                    if let Some(t) = pending.pop() {
                        if !t.wgsl_name {
                            return Some(t.less);
                        }
                    }
                    i += 1;
                    continue;
                }
                // `>=` and `>>` that close nothing.
                i += if matches!(next, Some(b'=') | Some(b'>')) {
                    2
                } else {
                    1
                };
                continue;
            }
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                while pending.last().is_some_and(|t| t.depth >= depth) {
                    pending.pop();
                }
                depth = depth.saturating_sub(1);
            }
            b'!' if next == Some(b'=') => {
                i += 2;
                continue;
            }
            b'=' => {
                if next == Some(b'=') {
                    i += 2;
                    continue;
                }
                // An assignment ends every candidate.
                depth = 0;
                pending.clear();
            }
            b';' | b'{' | b'}' | b':' => {
                depth = 0;
                pending.clear();
            }
            b'&' | b'|' if next == Some(c) => {
                while pending.last().is_some_and(|t| t.depth >= depth) {
                    pending.pop();
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where the operand that ends just before the `<` at `less` starts: a name with its postfix
/// chain (`a.b[i + 1].c`, `f(x).y`), which the writer prints without spaces outside brackets.
fn operand_start(text: &str, less: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = less;
    // Back over the blank before `<`.
    while i > 0 && bytes.get(i - 1) == Some(&b' ') {
        i -= 1;
    }
    loop {
        // A name (or a member name after `.`).
        while i > 0 && bytes.get(i - 1).copied().is_some_and(is_name_char) {
            i -= 1;
        }
        match i.checked_sub(1).and_then(|p| bytes.get(p)) {
            Some(b'.') => i -= 1,
            _ => return i,
        }
        // Before `.`: a name, or a bracketed or parenthesized group (`a[i].b`, `f(x).y`).
        while let Some(&c @ (b']' | b')')) = i.checked_sub(1).and_then(|p| bytes.get(p)) {
            let open = if c == b']' { b'[' } else { b'(' };
            let mut level = 0usize;
            while i > 0 {
                i -= 1;
                match bytes.get(i) {
                    Some(&b) if b == c => level += 1,
                    Some(&b) if b == open => {
                        level = level.saturating_sub(1);
                        if level == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The end of the name just before the `<` at `less` (the blank between them stays outside).
fn name_end(text: &str, less: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = less;
    while i > 0 && bytes.get(i - 1) == Some(&b' ') {
        i -= 1;
    }
    i
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
mod tests {
    use super::disambiguate;

    fn s(text: &str) -> String {
        text.to_string()
    }

    #[test]
    fn a_comparison_before_a_shift_gets_parentheses() {
        assert_eq!(
            disambiguate(s("let s = n < n >> 2u;")),
            "let s = (n) < n >> 2u;"
        );
    }

    #[test]
    fn a_comparison_before_a_later_argument_gets_parentheses() {
        assert_eq!(
            disambiguate(s("let b = vec2<bool>(x < y, y > x);")),
            "let b = vec2<bool>((x) < y, y > x);"
        );
        assert_eq!(
            disambiguate(s("f(p.q[i + 1].r < y, a.b > c);")),
            "f((p.q[i + 1].r) < y, a.b > c);"
        );
        assert_eq!(
            disambiguate(s("f(g(x).y < z, w > 1);")),
            "f((g(x).y) < z, w > 1);"
        );
    }

    #[test]
    fn text_without_a_misread_is_unchanged() {
        for text in [
            "var<storage, read_write> data: array<vec4<f32>, 4>;",
            "if uv.x < 0.0f || uv.x > 1.0f {",
            "if any(uv < vec2f(0.0f)) || any(uv > vec2f(1.0f)) {",
            "let a = x << 2u; let b = x <= y; let c = x >> y; let d = x >= y;",
            "let e = bitcast<u32>(x) > y;",
            "if i < n {\n    x = y > z;\n}",
            "let f = 1e5 < x;",
        ] {
            assert_eq!(disambiguate(s(text)), text);
        }
    }
}
