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
use crate::span::{FileId, SourceFile, SourceMap, Span};

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

/// `line_start`, past a byte-order mark that starts the file (the lexer skips it, so it is
/// neither a column nor part of an excerpt), unless `lo` points into it.
fn after_bom(text: &str, line_start: usize, lo: usize) -> usize {
    let bom = '\u{feff}'.len_utf8();
    if line_start == 0 && text.starts_with('\u{feff}') && lo >= bom {
        bom
    } else {
        line_start
    }
}

/// Resolves an expanded span. A span that runs past the end of its segment (it crosses an
/// `#include` boundary) is clipped to that segment, which is where it starts.
fn resolve(map: &SourceMap, span: Span) -> Option<Resolved> {
    let seg = map.segment_at(span.lo)?;
    let start = map.locate(span.lo)?;
    let file = map.file(start.file)?;
    let seg_end = seg.expanded_start.saturating_add(seg.len);
    let len = span.len().min(seg_end.saturating_sub(span.lo));
    // Clip both ends to character boundaries so excerpts never split a character (the
    // renderer slices at them; a span from a byte inside a character made it panic).
    let lo = floor_boundary(&file.text, start.offset as usize);
    let hi = (start.offset as usize + len as usize).min(file.text.len());
    let hi = floor_boundary(&file.text, hi).max(lo);
    let end_index = file.line_index(hi as u32);
    let (end_line_start, _) = file.line_range(end_index);
    let end_column = file
        .text
        .get(after_bom(&file.text, end_line_start as usize, hi)..hi)
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
    /// Line and column shown for the first label (the primary one when it is here).
    position: (u32, u32),
}

/// An excerpt longer than this many bytes (a huge line, or a label over many lines) is cut to
/// a window around its first label, so the cost of rendering does not grow with the line: a
/// 10 MB line with a thousand errors on it renders in milliseconds.
const LONG_EXCERPT: usize = 4096;

/// Bytes of context the window keeps on each side of the first label (more than any terminal
/// shows: the renderer trims the window again to `term_width`).
const WINDOW_CONTEXT: usize = 512;

/// The largest character boundary of `text` at or below `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
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
        let first_start = after_bom(&file.text, first_start as usize, r.lo);
        let last_end = (last_end as usize).max(r.hi);
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
                position: (r.line, r.column),
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
    // Each excerpt with its text and, for a windowed one, the location the renderer will
    // print (relative to the window) and the true one to put in its place.
    let mut fixes: Vec<(String, String)> = Vec::new();
    let mut dropped: Vec<String> = Vec::new();
    let texts: Vec<(Excerpt, &str)> = excerpts(d, map)
        .into_iter()
        .filter_map(|e| {
            let file = map.file(e.file)?;
            if e.hi.saturating_sub(e.lo) <= LONG_EXCERPT {
                let text = file.text.get(e.lo..e.hi).unwrap_or("");
                return Some((e, text));
            }
            Some(window(e, file, &mut fixes, &mut dropped))
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
    for note in d.notes.iter().chain(&dropped) {
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
    let mut from = 0;
    for (shown, real) in &fixes {
        if let Some(at) = text.get(from..).and_then(|rest| rest.find(shown.as_str())) {
            let at = from + at;
            text.replace_range(at..at + shown.len(), real);
            from = at + real.len();
        }
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Cuts a long excerpt to a window of `WINDOW_CONTEXT` bytes around its first label: labels
/// that start outside the window become notes, a label running past it is cut at its end. The
/// renderer numbers columns from the window's start, so the true `file:line:column` of the
/// excerpt's location is recorded in `fixes` to replace the one printed.
fn window<'t>(
    mut e: Excerpt,
    file: &'t SourceFile,
    fixes: &mut Vec<(String, String)>,
    dropped: &mut Vec<String>,
) -> (Excerpt, &'t str) {
    let text: &str = &file.text;
    let anchor = e.labels.first().map_or(e.lo, |l| l.1);
    let lo = floor_boundary(text, anchor.saturating_sub(WINDOW_CONTEXT).max(e.lo));
    let hi = floor_boundary(text, (anchor + 2 * WINDOW_CONTEXT).min(e.hi)).max(lo);
    let name = e.name.clone();
    e.labels.retain(|(_, l_lo, _, message)| {
        let inside = (lo..=hi).contains(l_lo);
        if !inside && !message.is_empty() {
            dropped.push(format!(
                "{message} (in `{name}`, outside the excerpt shown)"
            ));
        }
        inside
    });
    for label in &mut e.labels {
        label.2 = label.2.min(hi);
    }
    // Line lookups go through the file's line index: scanning a huge line per diagnostic is
    // what this function exists to avoid.
    let window_line = file.line_index(u32::try_from(lo).unwrap_or(u32::MAX));
    let anchor_line = file.line_index(u32::try_from(anchor).unwrap_or(u32::MAX));
    let (line_start, _) = file.line_range(window_line);
    if (line_start as usize) < lo && anchor_line == window_line {
        // The window starts inside the anchor's line: the printed column counts from there.
        let shown_col = text.get(lo..anchor).map_or(0, |s| s.chars().count()) + 1;
        let shown_line = (window_line as i64 + 1)
            .saturating_add(e.line_delta)
            .clamp(1, u32::MAX as i64);
        fixes.push((
            format!("{}:{shown_line}:{shown_col}", e.name),
            format!("{}:{}:{}", e.name, e.position.0, e.position.1),
        ));
    }
    e.lo = lo;
    e.hi = hi;
    (e, text.get(lo..hi).unwrap_or(""))
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

/// The line that says how many diagnostics were reported but not kept (`Diagnostics` keeps at
/// most `Limits::max_diagnostics` and counts the rest): `note: 1200 more errors and 3 more
/// warnings were reported but not shown (at most 1000 diagnostics are kept:
/// `Limits::max_diagnostics`)`. `None` when every diagnostic was kept. `shown` are the kept
/// ones; `errors` and `warnings` the totals, kept or not.
pub fn omitted_line(
    shown: &[Diagnostic],
    errors: usize,
    warnings: usize,
    color: bool,
) -> Option<String> {
    let (more_errors, more_warnings) = omitted_counts(shown, errors, warnings);
    let more = |n: usize, word: &str| match n {
        0 => None,
        1 => Some(format!("1 more {word}")),
        n => Some(format!("{n} more {word}s")),
    };
    let parts: Vec<String> = [more(more_errors, "error"), more(more_warnings, "warning")]
        .into_iter()
        .flatten()
        .collect();
    if parts.is_empty() {
        return None;
    }
    let verb = if more_errors + more_warnings == 1 {
        "was"
    } else {
        "were"
    };
    let rest = format!(
        "{} {verb} reported but not shown (at most {} diagnostics are kept: \
         `Limits::max_diagnostics`)",
        parts.join(" and "),
        shown.len()
    );
    Some(if color {
        format!("\x1b[1m\x1b[92mnote\x1b[0m: {rest}")
    } else {
        format!("note: {rest}")
    })
}

/// How many errors and warnings were reported but not kept: the totals `errors` and
/// `warnings` less those among `shown`.
pub fn omitted_counts(shown: &[Diagnostic], errors: usize, warnings: usize) -> (usize, usize) {
    let shown_errors = shown.iter().filter(|d| d.is_error()).count();
    let shown_warnings = shown.len().saturating_sub(shown_errors);
    (
        errors.saturating_sub(shown_errors),
        warnings.saturating_sub(shown_warnings),
    )
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
    fn long_lines_render_a_window_with_the_true_column() {
        // A 1 MB line: the excerpt is cut around the label, the location stays exact.
        let line = format!(
            "{}if a ~= b then{}",
            "x".repeat(500_000),
            "y".repeat(500_000)
        );
        let text = format!("let q = 1\n{line}\nend\n");
        let map = SourceMap::single("a.luma", text.as_str());
        let at = 10 + 500_005;
        let d = Diagnostic::error(Code("E0204"), Span::new(at, at + 2), "Luma writes `!=`")
            .with_primary_label("Lua's not-equal")
            .with_label(Span::new(10, 11), "far away on this line");
        let out = render_diagnostic(&d, &map, &HumanOptions::default());
        assert!(out.len() < 2000, "{} bytes", out.len());
        assert!(out.contains(" --> a.luma:2:500006\n"), "{out}");
        assert!(out.contains("if a ~= b then"), "{out}");
        assert!(out.contains("^^ Lua's not-equal"), "{out}");
        assert!(
            out.contains("= note: far away on this line (in `a.luma`, outside the excerpt shown)"),
            "{out}"
        );
        let json = json_value(&d, &map);
        assert_eq!(json["column"], 500_006);
    }

    #[test]
    fn a_label_over_many_lines_renders_a_bounded_excerpt() {
        let text = format!("--[[{}", "comment line\n".repeat(100_000));
        let map = SourceMap::single("a.luma", text.as_str());
        let len = u32::try_from(text.len()).unwrap();
        let d = Diagnostic::error(
            Code("E0202"),
            Span::new(0, len),
            "unterminated long comment",
        )
        .with_primary_label("this comment is never closed");
        let out = render_diagnostic(&d, &map, &HumanOptions::default());
        assert!(out.len() < 8000, "{} bytes", out.len());
        assert!(out.contains(" --> a.luma:1:1\n"), "{out}");
    }

    #[test]
    fn spans_inside_a_character_render() {
        // Found by the `parse` fuzz target: a label from a byte inside a multi-byte character
        // made the renderer slice inside it and panic.
        let map = SourceMap::single("a.luma", "x = \u{fffd}\u{fffd}\u{fffd}\n");
        for lo in 4..13 {
            for hi in lo..14 {
                let d = Diagnostic::error(Code("E0201"), Span::new(lo, hi), "unknown character")
                    .with_primary_label("here")
                    .with_label(Span::new(hi, hi + 1), "and here");
                let out = render_diagnostic(&d, &map, &HumanOptions::default());
                assert!(out.contains("unknown character"), "{out}");
                let _ = json_value(&d, &map);
            }
        }
    }

    #[test]
    fn short_excerpts_are_not_windowed() {
        // Just under the window threshold: the whole line goes to the renderer, which trims
        // it to the terminal width itself; the location is its own.
        let line = format!("{}a ~= b", "x".repeat(3000));
        let map = SourceMap::single("a.luma", line.as_str());
        let d = Diagnostic::error(Code("E0204"), Span::new(3002, 3004), "Luma writes `!=`");
        let out = render_diagnostic(&d, &map, &HumanOptions::default());
        assert!(out.contains(" --> a.luma:1:3003\n"), "{out}");
    }

    #[test]
    fn omitted_diagnostics_are_counted_in_one_line() {
        let kept = [
            Diagnostic::error(Code("E0211"), Span::new(0, 1), "a"),
            Diagnostic::warning(Code("W0201"), Span::new(0, 1), "b"),
        ];
        assert_eq!(omitted_line(&kept, 1, 1, false), None);
        assert_eq!(
            omitted_line(&kept, 1201, 4, false).as_deref(),
            Some(
                "note: 1200 more errors and 3 more warnings were reported but not shown (at \
                 most 2 diagnostics are kept: `Limits::max_diagnostics`)"
            )
        );
        assert_eq!(
            omitted_line(&kept, 2, 1, false).as_deref(),
            Some(
                "note: 1 more error was reported but not shown (at most 2 diagnostics are \
                 kept: `Limits::max_diagnostics`)"
            )
        );
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
