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

#[cfg(test)]
mod tests {
    use super::*;

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
