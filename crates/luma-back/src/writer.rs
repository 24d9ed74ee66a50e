//! An indented text buffer for the text back ends.

use std::fmt;

/// Indentation stops growing past this many levels. IR blocks may nest without bound (each arm
/// of an `elseif` chain whose condition needs statements of its own is one level deeper), and
/// indenting every level made the text quadratic in the chain's length (1,000 arms: 95 MB).
pub const MAX_INDENT: usize = 64;

/// Accumulates lines with consistent indentation (up to [`MAX_INDENT`] levels).
#[derive(Debug, Clone, Default)]
pub struct CodeWriter {
    out: String,
    indent: usize,
    unit: &'static str,
}

impl CodeWriter {
    /// A writer that indents with four spaces.
    pub fn new() -> CodeWriter {
        CodeWriter {
            out: String::new(),
            indent: 0,
            unit: "    ",
        }
    }

    /// Writes one line at the current indentation (an empty `text` writes an empty line).
    pub fn line(&mut self, text: impl AsRef<str>) {
        let text = text.as_ref();
        if !text.is_empty() {
            for _ in 0..self.indent.min(MAX_INDENT) {
                self.out.push_str(self.unit);
            }
            self.out.push_str(text);
        }
        self.out.push('\n');
    }

    /// Writes one formatted line at the current indentation, formatting straight into the
    /// output (no temporary string). Like [`CodeWriter::line`], an empty line gets no
    /// indentation.
    pub fn line_fmt(&mut self, args: fmt::Arguments<'_>) {
        let start = self.out.len();
        for _ in 0..self.indent.min(MAX_INDENT) {
            self.out.push_str(self.unit);
        }
        let text_start = self.out.len();
        // Writing into a `String` cannot fail.
        let _ = fmt::Write::write_fmt(&mut self.out, args);
        if self.out.len() == text_start {
            self.out.truncate(start);
        }
        self.out.push('\n');
    }

    /// Writes text verbatim, without indentation or newline.
    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Increases indentation by one level.
    pub fn indent(&mut self) {
        self.indent += 1;
    }

    /// Decreases indentation by one level (never below zero).
    pub fn dedent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    /// Writes `header` and indents (for `if (...) {`).
    pub fn open(&mut self, header: impl AsRef<str>) {
        self.line(header);
        self.indent();
    }

    /// Dedents and writes `footer` (for `}`).
    pub fn close(&mut self, footer: impl AsRef<str>) {
        self.dedent();
        self.line(footer);
    }

    /// Current indentation depth.
    pub fn depth(&self) -> usize {
        self.indent
    }

    /// The text written so far.
    pub fn as_str(&self) -> &str {
        &self.out
    }

    /// Cuts the text back to its first `len` bytes (kept as is when shorter or not at a character
    /// boundary); the indentation stays.
    pub fn truncate(&mut self, len: usize) {
        if self.out.is_char_boundary(len) {
            self.out.truncate(len);
        }
    }

    /// Sets the indentation depth.
    pub fn set_depth(&mut self, depth: usize) {
        self.indent = depth;
    }

    /// Takes the text out.
    pub fn finish(self) -> String {
        self.out
    }
}

/// The deepest nesting of `(`, `[` and `{` in C-like `text`, outside `//` comments and string
/// literals (`#line` file names). Compilers built on clang (DXC, Metal's) refuse more than
/// [`CLANG_BRACKET_DEPTH`] by default.
pub fn bracket_depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' | '\n' => break,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    deepest
}

/// Clang's default `-fbracket-depth`, which DXC and Metal's compiler keep: deeper nesting of
/// brackets is "bracket nesting level exceeded maximum of 256".
pub const CLANG_BRACKET_DEPTH: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_depth_skips_comments_and_strings() {
        assert_eq!(bracket_depth("f(a[b{c}]) (x)"), 3);
        assert_eq!(bracket_depth("// (((\n#line 1 \"a(((.luma\"\n{ }"), 1);
        assert_eq!(bracket_depth(")) ("), 1);
    }

    #[test]
    fn indents_blocks() {
        let mut w = CodeWriter::new();
        w.open("void main() {");
        w.line("x = 1;");
        w.line("");
        w.close("}");
        assert_eq!(w.finish(), "void main() {\n    x = 1;\n\n}\n");
    }

    #[test]
    fn indentation_stops_growing_at_the_limit() {
        let mut w = CodeWriter::new();
        for _ in 0..MAX_INDENT + 10 {
            w.indent();
        }
        w.line("x = 1;");
        assert_eq!(w.depth(), MAX_INDENT + 10);
        assert_eq!(w.finish(), format!("{}x = 1;\n", "    ".repeat(MAX_INDENT)));
    }
}
