//! Rendering diagnostics for people (rustc-style text with source excerpts, through
//! `annotate-snippets`) and for tools (JSON with a stable, versioned schema).
//!
//! Spans are offsets in the expanded source; both renderers resolve them through the
//! [`SourceMap`], so every position names the original file and line (after `#line` renames).
//!
//! # JSON schema, version 1
//!
//! [`render_json`] writes JSON Lines: one object per diagnostic, one per line, in the order given.
//! Fields are only ever added in a later version, never renamed or removed; a change that would
//! alter the meaning of a field bumps `version`.
//!
//! ```text
//! {
//!   "version": 1,                  // JSON_SCHEMA_VERSION
//!   "severity": "error" | "warning",
//!   "code": "E0204",
//!   "message": "Luma writes not-equal as `!=`",
//!   "file": "shader.luma" | null,  // name as the user or the #include spelled it, or a #line name
//!   "line": 3 | null,              // 1-based, after #line adjustment
//!   "column": 7 | null,            // 1-based, counted in Unicode scalar values
//!   "end_line": 3 | null,          // position just past the primary span (exclusive)
//!   "end_column": 9 | null,
//!   "byte_start": 41 | null,       // byte range of the primary span in the original file
//!   "byte_end": 43 | null,
//!   "labels": [                    // primary label first, then secondary labels
//!     { "primary": true, "message": "", "file": ..., "line": ..., "column": ...,
//!       "end_line": ..., "end_column": ..., "byte_start": ..., "byte_end": ... }
//!   ],
//!   "notes": ["..."],
//!   "help": ["..."],
//!   "suggestions": [               // certain fixes: replace the range with `replacement`
//!     { "message": "...", "replacement": "!=", "file": ..., "line": ..., "column": ...,
//!       "end_line": ..., "end_column": ..., "byte_start": ..., "byte_end": ... }
//!   ]
//! }
//! ```
//!
//! Position fields are `null` only when a span does not resolve (a diagnostic built against a
//! different source map). Keys are written in alphabetical order; consumers must not depend on
//! key order.

use std::fmt::Write as _;

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use serde_json::{json, Value};

use crate::diagnostic::{Diagnostic, Severity};
use crate::span::{FileId, SourceMap, Span};

/// Version of the JSON schema written by [`render_json`].
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// How [`render_human`] formats its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HumanOptions {
    /// Colour with ANSI escape codes (for a terminal).
    pub color: bool,
    /// Width lines are trimmed to around the annotated columns.
    pub term_width: usize,
}

impl Default for HumanOptions {
    fn default() -> Self {
        HumanOptions {
            color: false,
            term_width: 140,
        }
    }
}

/// A span resolved to one original file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Resolved {
    file: FileId,
    /// Name to show (file name or `#line` rename).
    name: String,
    /// Added to real 1-based line numbers by a `#line` in force.
    line_delta: i64,
    /// Byte range in the original file.
    lo: usize,
    hi: usize,
    /// Reported start and exclusive end positions.
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
}

/// Resolves an expanded span. A span that runs past the end of its segment (it crosses an
/// `#include` boundary) is clipped to that segment, which is where it starts.
fn resolve(map: &SourceMap, span: Span) -> Option<Resolved> {
    let seg = map.segment_at(span.lo)?;
    let start = map.locate(span.lo)?;
    let file = map.file(start.file)?;
    let seg_end = seg.expanded_start.saturating_add(seg.len);
    let len = span.len().min(seg_end.saturating_sub(span.lo));
    let lo = start.offset as usize;
    let hi = (lo + len as usize).min(file.text.len());
    // Clip to a character boundary so excerpts never split a character.
    let mut hi = hi.max(lo);
    while hi > lo && !file.text.is_char_boundary(hi) {
        hi -= 1;
    }
    let end_index = file.line_index(hi as u32);
    let (end_line_start, _) = file.line_range(end_index);
    let end_column = file
        .text
        .get(end_line_start as usize..hi)
        .map_or(1, |s| s.chars().count() as u32 + 1);
    let end_line = (end_index as i64 + 1)
        .saturating_add(seg.line_delta)
        .clamp(1, u32::MAX as i64) as u32;
    Some(Resolved {
        file: start.file,
        name: start.name,
        line_delta: seg.line_delta,
        lo,
        hi,
        line: start.line,
        column: start.column,
        end_line,
        end_column,
    })
}

/// One excerpt: consecutive whole lines of one file covering some labels.
struct Excerpt {
    file: FileId,
    name: String,
    line_delta: i64,
    /// Byte range of the excerpt in the file (whole lines).
    lo: usize,
    hi: usize,
    /// Labels: (primary?, byte range in the file, message).
    labels: Vec<(bool, usize, usize, String)>,
}

fn excerpts(d: &Diagnostic, map: &SourceMap) -> Vec<Excerpt> {
    let mut out: Vec<Excerpt> = Vec::new();
    let labels = std::iter::once((true, &d.primary)).chain(d.secondary.iter().map(|l| (false, l)));
    for (primary, label) in labels {
        let Some(r) = resolve(map, label.span) else {
            continue;
        };
        let Some(file) = map.file(r.file) else {
            continue;
        };
        let (first_start, _) = file.line_range(file.line_index(r.lo as u32));
        let (_, last_end) = file.line_range(file.line_index(r.hi as u32));
        let (first_start, last_end) = (first_start as usize, (last_end as usize).max(r.hi));
        let entry = (primary, r.lo, r.hi, label.message.clone());
        // Labels of one file under the same `#line` state share an excerpt, so they are drawn
        // together the way rustc draws them.
        match out
            .iter_mut()
            .find(|e| e.file == r.file && e.name == r.name && e.line_delta == r.line_delta)
        {
            Some(e) => {
                e.lo = e.lo.min(first_start);
                e.hi = e.hi.max(last_end);
                e.labels.push(entry);
            }
            None => out.push(Excerpt {
                file: r.file,
                name: r.name,
                line_delta: r.line_delta,
                lo: first_start,
                hi: last_end,
                labels: vec![entry],
            }),
        }
    }
    out
}

/// Renders one diagnostic as rustc-style text: `error[E0204]: message`, `--> file:line:col`, the
/// source excerpt with labels, then `= note:`, `= help:` and suggestion lines.
pub fn render_diagnostic(d: &Diagnostic, map: &SourceMap, options: &HumanOptions) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let texts: Vec<(Excerpt, &str)> = excerpts(d, map)
        .into_iter()
        .map(|e| {
            let text = map
                .file(e.file)
                .and_then(|f| f.text.get(e.lo..e.hi))
                .unwrap_or("");
            (e, text)
        })
        .collect();
    let suggestions: Vec<String> = d
        .suggestions
        .iter()
        .map(|s| {
            if s.replacement.is_empty() {
                s.message.clone()
            } else {
                format!("{}: `{}`", s.message, s.replacement)
            }
        })
        .collect();
    let mut group = Group::with_title(level.primary_title(d.message.as_str()).id(d.code.as_str()));
    for (e, text) in &texts {
        let first_line = map
            .file(e.file)
            .map_or(1, |f| f.line_index(e.lo as u32) as i64 + 1);
        let shown_line = first_line
            .saturating_add(e.line_delta)
            .clamp(1, u32::MAX as i64) as usize;
        let mut snippet = Snippet::source(*text)
            .line_start(shown_line)
            .path(e.name.as_str());
        for (primary, lo, hi, message) in &e.labels {
            let kind = if *primary {
                AnnotationKind::Primary
            } else {
                AnnotationKind::Context
            };
            let mut annotation = kind.span(lo.saturating_sub(e.lo)..hi.saturating_sub(e.lo));
            if !message.is_empty() {
                annotation = annotation.label(message.as_str());
            }
            snippet = snippet.annotation(annotation);
        }
        group = group.element(snippet);
    }
    for note in &d.notes {
        group = group.element(Level::NOTE.message(note.as_str()));
    }
    for help in d.help.iter().chain(&suggestions) {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    let renderer = if options.color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
    .decor_style(DecorStyle::Ascii)
    .term_width(options.term_width);
    let mut text = renderer.render(&[group]);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Renders every diagnostic with [`render_diagnostic`], separated by blank lines, in the order
/// given (call `Diagnostics::sort_by_position` first for source order).
pub fn render_human(diagnostics: &[Diagnostic], map: &SourceMap, options: &HumanOptions) -> String {
    let mut out = String::new();
    for d in diagnostics {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&render_diagnostic(d, map, options));
    }
    out
}

/// The closing line of a compilation, cargo-style: `error: could not compile `x.luma` due to 2
/// errors; 1 warning emitted`, or `warning: `x.luma` generated 1 warning`; `None` when there is
/// nothing to report.
pub fn summary_line(name: &str, errors: usize, warnings: usize, color: bool) -> Option<String> {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let (head, style, rest) = if errors > 0 {
        let mut rest = format!(
            "could not compile `{name}` due to {}",
            plural(errors, "error")
        );
        if warnings > 0 {
            let _ = write!(rest, "; {} emitted", plural(warnings, "warning"));
        }
        ("error", "\x1b[1m\x1b[91m", rest)
    } else if warnings > 0 {
        (
            "warning",
            "\x1b[1m\x1b[33m",
            format!("`{name}` generated {}", plural(warnings, "warning")),
        )
    } else {
        return None;
    };
    Some(if color {
        format!("{style}{head}\x1b[0m\x1b[1m: {rest}\x1b[0m")
    } else {
        format!("{head}: {rest}")
    })
}

fn position(map: &SourceMap, span: Span) -> Value {
    match resolve(map, span) {
        Some(r) => json!({
            "file": r.name,
            "line": r.line,
            "column": r.column,
            "end_line": r.end_line,
            "end_column": r.end_column,
            "byte_start": r.lo,
            "byte_end": r.hi,
        }),
        None => json!({
            "file": null,
            "line": null,
            "column": null,
            "end_line": null,
            "end_column": null,
            "byte_start": null,
            "byte_end": null,
        }),
    }
}

/// Merges the position fields of `position` into `object` (both JSON objects).
fn with_position(mut object: Value, position: Value) -> Value {
    if let (Some(o), Value::Object(p)) = (object.as_object_mut(), position) {
        o.extend(p);
    }
    object
}

/// The JSON object of one diagnostic (schema in the module documentation).
pub fn json_value(d: &Diagnostic, map: &SourceMap) -> Value {
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let labels: Vec<Value> = std::iter::once((true, &d.primary))
        .chain(d.secondary.iter().map(|l| (false, l)))
        .map(|(primary, l)| {
            with_position(
                json!({ "primary": primary, "message": l.message }),
                position(map, l.span),
            )
        })
        .collect();
    let suggestions: Vec<Value> = d
        .suggestions
        .iter()
        .map(|s| {
            with_position(
                json!({ "message": s.message, "replacement": s.replacement }),
                position(map, s.span),
            )
        })
        .collect();
    let head = json!({
        "version": JSON_SCHEMA_VERSION,
        "severity": severity,
        "code": d.code.as_str(),
        "message": d.message,
    });
    let mut object = with_position(head, position(map, d.primary.span));
    if let Some(o) = object.as_object_mut() {
        o.insert("labels".into(), Value::Array(labels));
        o.insert("notes".into(), json!(d.notes));
        o.insert("help".into(), json!(d.help));
        o.insert("suggestions".into(), Value::Array(suggestions));
    }
    object
}

/// Renders diagnostics as JSON Lines: one object per diagnostic (schema in the module
/// documentation), each followed by a newline.
pub fn render_json(diagnostics: &[Diagnostic], map: &SourceMap) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&json_value(d, map).to_string());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::span::{Segment, SourceFile};

    fn sample() -> (SourceMap, Diagnostic) {
        let map = SourceMap::single("a.luma", "let x = 1\nif a ~= b then\nend\n");
        let d = Diagnostic::error(
            Code("E0204"),
            Span::new(15, 17),
            "Luma writes not-equal as `!=`",
        )
        .with_primary_label("Lua's not-equal")
        .with_label(Span::new(10, 12), "in this condition")
        .with_note("a note")
        .with_help("a help")
        .with_suggestion(Span::new(15, 17), "!=", "use Luma's not-equal");
        (map, d)
    }

    #[test]
    fn human_rendering_is_rustc_style() {
        let (map, d) = sample();
        let text = render_human(&[d], &map, &HumanOptions::default());
        let expected = "\
error[E0204]: Luma writes not-equal as `!=`
 --> a.luma:2:6
  |
2 | if a ~= b then
  | --   ^^ Lua's not-equal
  | |
  | in this condition
  |
  = note: a note
  = help: a help
  = help: use Luma's not-equal: `!=`
";
        assert_eq!(text, expected);
    }

    #[test]
    fn color_adds_escapes_only_when_asked() {
        let (map, d) = sample();
        let plain = render_diagnostic(&d, &map, &HumanOptions::default());
        let colored = render_diagnostic(
            &d,
            &map,
            &HumanOptions {
                color: true,
                ..HumanOptions::default()
            },
        );
        assert!(!plain.contains('\x1b'));
        assert!(colored.contains('\x1b'));
    }

    #[test]
    fn line_directive_renames_file_and_shifts_lines() {
        let mut map = SourceMap::new();
        let f = map.add_file(SourceFile::new("main.luma", "a\nb ~= c\n"));
        map.line_names.push("gen.luma".into());
        map.push_segment(Segment {
            expanded_start: 0,
            len: 2,
            file: f,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
        map.push_segment(Segment {
            expanded_start: 2,
            len: 7,
            file: f,
            file_start: 2,
            line_delta: 98,
            renamed: Some(0),
        });
        let d = Diagnostic::error(Code("E0204"), Span::new(4, 6), "m");
        let text = render_diagnostic(&d, &map, &HumanOptions::default());
        assert!(text.contains("--> gen.luma:100:3"), "{text}");
        assert!(text.contains("100 | b ~= c"), "{text}");
        let json = json_value(&d, &map);
        assert_eq!(json["file"], "gen.luma");
        assert_eq!(json["line"], 100);
        assert_eq!(json["column"], 3);
        assert_eq!(json["end_column"], 5);
        assert_eq!(json["byte_start"], 4);
    }

    #[test]
    fn json_has_every_field() {
        let (map, d) = sample();
        let text = render_json(&[d.clone(), d], &map);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        let v: Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(v["version"], 1);
        assert_eq!(v["severity"], "error");
        assert_eq!(v["code"], "E0204");
        assert_eq!(v["file"], "a.luma");
        assert_eq!(
            (v["line"].as_u64(), v["column"].as_u64()),
            (Some(2), Some(6))
        );
        assert_eq!(
            (v["end_line"].as_u64(), v["end_column"].as_u64()),
            (Some(2), Some(8))
        );
        assert_eq!(v["labels"].as_array().unwrap().len(), 2);
        assert_eq!(v["labels"][0]["primary"], true);
        assert_eq!(v["labels"][1]["message"], "in this condition");
        assert_eq!(v["notes"][0], "a note");
        assert_eq!(v["help"][0], "a help");
        assert_eq!(v["suggestions"][0]["replacement"], "!=");
        assert_eq!(v["suggestions"][0]["column"], 6);
    }

    #[test]
    fn unresolvable_spans_give_nulls_not_panics() {
        let (_, d) = sample();
        let empty = SourceMap::new();
        let v = json_value(&d, &empty);
        assert!(v["file"].is_null());
        let text = render_diagnostic(&d, &empty, &HumanOptions::default());
        assert!(text.starts_with("error[E0204]"));
    }

    #[test]
    fn summary_lines() {
        assert_eq!(
            summary_line("x.luma", 2, 1, false).as_deref(),
            Some("error: could not compile `x.luma` due to 2 errors; 1 warning emitted")
        );
        assert_eq!(
            summary_line("x.luma", 1, 0, false).as_deref(),
            Some("error: could not compile `x.luma` due to 1 error")
        );
        assert_eq!(
            summary_line("x.luma", 0, 3, false).as_deref(),
            Some("warning: `x.luma` generated 3 warnings")
        );
        assert_eq!(summary_line("x.luma", 0, 0, false), None);
    }
}
