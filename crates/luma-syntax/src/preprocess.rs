//! The preprocessor: `#include`, `#pragma once` and `#line`, expanded into one text with a
//! [`SourceMap`] that leads every byte back to its file and line.
//!
//! A line whose first non-blank characters are `#include`, `#pragma` or `#line` followed by
//! whitespace or the end of the line (or `#include` directly followed by its quoted path) is a
//! directive (outside long comments); any other `#` is the
//! length operator, so `#arr` may start a line. C's `#define`, `#undef` and conditional
//! directives are recognized the same way only to report them (E0108) and recover: a
//! `#define NAME value` line becomes `const NAME = value`, and of each `#if ... #endif` the first
//! arm is kept and the others are blanked. Directive lines stay in the expanded text as
//! spaces of the same length, so a diagnostic about a directive (or anything else) has a span that
//! resolves to the original file, line and column. An included file's text follows its directive
//! line.
//!
//! Files are identified by canonical path (from the [`FileReader`]): `#pragma once`, cycle
//! detection and reading each file once use it. Names shown in diagnostics are the paths as
//! joined from the directives, lexically normalised (unless a symbolic link makes `a/../b` another
//! file than `b`), so output does not depend on where the sources live on disk; the `includes`
//! list has the paths as joined.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use luma_base::{Diagnostic, Diagnostics, FileId, Limits, Segment, SourceFile, SourceMap, Span};

use crate::codes;
use crate::lexer::{find_long_close, long_bracket_level};

/// Where included files come from. Implementations must be `Send + Sync` to be shared by
/// threads; the trait itself is object safe.
pub trait FileReader {
    /// The canonical identity of the file at `path`, or `None` if there is no file there.
    fn canonicalize(&self, path: &str) -> Option<String>;
    /// The text of the file with canonical path `canonical`, or why it cannot be read.
    fn read(&self, canonical: &str) -> Result<String, String>;
    /// Whether `path` names a directory (which [`FileReader::canonicalize`] does not resolve):
    /// only to say so when an include finds nothing else.
    fn is_directory(&self, _path: &str) -> bool {
        false
    }
    /// The size in bytes of the file with canonical path `canonical`, if known without reading
    /// it: a file past the size limit is then reported without being read.
    fn size(&self, _canonical: &str) -> Option<u64> {
        None
    }
}

/// Reads includes from the file system; canonical paths are `std::fs::canonicalize`'s.
#[derive(Debug, Clone, Copy, Default)]
pub struct FsReader;

impl FileReader for FsReader {
    fn canonicalize(&self, path: &str) -> Option<String> {
        let canonical = std::fs::canonicalize(path).ok()?;
        if !canonical.is_file() {
            return None;
        }
        canonical.to_str().map(str::to_owned)
    }

    fn is_directory(&self, path: &str) -> bool {
        std::path::Path::new(path).is_dir()
    }

    fn size(&self, canonical: &str) -> Option<u64> {
        std::fs::metadata(canonical).ok().map(|m| m.len())
    }

    fn read(&self, canonical: &str) -> Result<String, String> {
        let bytes = std::fs::read(canonical).map_err(|e| e.to_string())?;
        String::from_utf8(bytes).map_err(|e| {
            format!(
                "the file is not valid UTF-8 ({})",
                invalid_utf8_at(e.as_bytes(), e.utf8_error().valid_up_to())
            )
        })
    }
}

/// Where text stops being UTF-8, for a person to find it: `line 3, column 14: byte 0xe9`
/// (1-based; the column counts the characters before it on its line; a lone CR ends a line, as
/// it does for the lexer). `valid_up_to` is [`std::str::Utf8Error::valid_up_to`].
pub fn invalid_utf8_at(bytes: &[u8], valid_up_to: usize) -> String {
    let valid = bytes.get(..valid_up_to).unwrap_or(bytes);
    let mut line = 1;
    let mut line_start = 0;
    for (i, &b) in valid.iter().enumerate() {
        // The CR of a CRLF pair is not a break of its own; one before the bad byte is lone.
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
            line_start = i + 1;
        }
    }
    let column = std::str::from_utf8(valid.get(line_start..).unwrap_or(&[]))
        .map_or(0, |t| t.chars().count())
        + 1;
    match bytes.get(valid_up_to) {
        Some(b) => format!("line {line}, column {column}: byte {b:#04x}"),
        None => format!("line {line}, column {column}"),
    }
}

/// For a main source that is not UTF-8 (an included one gets E0107 at its `#include`): the
/// E0107 error at the first bad byte, with the source map to render it with (the text with each
/// byte that is not UTF-8 shown as `?`, so that every offset is the file's own, and lone CRs as
/// line breaks). `None` for UTF-8 text. `name` is the name diagnostics show; `<stdin>` is
/// advised to send UTF-8 rather than to save it.
pub fn not_utf8_source(name: &str, bytes: &[u8]) -> Option<(Diagnostic, SourceMap)> {
    let error = std::str::from_utf8(bytes).err()?;
    let at = error.valid_up_to();
    let bad_len = error.error_len().unwrap_or(bytes.len().saturating_sub(at));
    let mut shown = String::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                shown.push_str(text);
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                shown.push_str(std::str::from_utf8(valid).unwrap_or(""));
                let n = e.error_len().unwrap_or(after.len()).max(1).min(after.len());
                shown.extend(std::iter::repeat_n('?', n));
                rest = after.get(n..).unwrap_or(&[]);
            }
        }
    }
    let map = SourceMap::single(name, lone_cr_to_lf(Arc::from(shown)));
    let lo = u32::try_from(at).unwrap_or(u32::MAX);
    let hi = u32::try_from(at + bad_len.max(1)).unwrap_or(u32::MAX);
    let span = Span::new(lo, hi);
    let byte = bytes.get(at).copied().unwrap_or(0);
    let help = if name == "<stdin>" {
        "send UTF-8 text"
    } else {
        "save the file as UTF-8"
    };
    let d = Diagnostic::error(
        codes::INCLUDE_UNREADABLE,
        span,
        format!("`{name}` is not UTF-8 text"),
    )
    .with_primary_label(format!("byte {byte:#04x} is not UTF-8"))
    .with_note("Luma sources are UTF-8; an older editor may have saved this one as Latin-1 or as a Windows code page")
    .with_help(help);
    Some((d, map))
}

/// Serves virtual files from memory, with no file system access at all. Paths are compared
/// after lexical normalisation (`a/./b/../c.luma` is `a/c.luma`), which is also the canonical
/// path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryReader {
    files: BTreeMap<String, String>,
}

impl MemoryReader {
    /// A reader serving `files` (path to text); paths are normalised.
    pub fn new(files: BTreeMap<String, String>) -> MemoryReader {
        let mut reader = MemoryReader::default();
        for (path, text) in files {
            reader.insert(&path, text);
        }
        reader
    }

    /// Adds or replaces one file.
    pub fn insert(&mut self, path: &str, text: impl Into<String>) {
        self.files.insert(normalize_path(path), text.into());
    }
}

impl FileReader for MemoryReader {
    fn canonicalize(&self, path: &str) -> Option<String> {
        let normalized = normalize_path(path);
        self.files.contains_key(&normalized).then_some(normalized)
    }

    fn read(&self, canonical: &str) -> Result<String, String> {
        self.files
            .get(canonical)
            .cloned()
            .ok_or_else(|| "no such virtual file".to_owned())
    }
}

/// Lexically normalises a `/`-separated path: drops `.` and empty components and resolves `..`
/// against the component before it (a leading `..` of a relative path stays; one at the root of
/// an absolute path is dropped).
pub fn normalize_path(path: &str) -> String {
    clean_path(path, true)
}

/// `path` without its `.` and empty components, its `..` kept: the file it names even when a
/// directory before a `..` is a symbolic link (where [`normalize_path`] may name another).
fn tidy_path(path: &str) -> String {
    clean_path(path, false)
}

fn clean_path(path: &str, resolve_parents: bool) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if resolve_parents => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !absolute {
                    parts.push("..");
                }
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// The directory part of `path` (empty for a bare file name).
fn dir_of(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) => "/",
        Some(i) => path.get(..i).unwrap_or(""),
        None => "",
    }
}

/// `dir/path`, or `path` when it is absolute or `dir` is empty.
fn join(dir: &str, path: &str) -> String {
    if path.starts_with('/') || dir.is_empty() {
        path.to_owned()
    } else if dir.ends_with('/') {
        format!("{dir}{path}")
    } else {
        format!("{dir}/{path}")
    }
}

/// What the preprocessor needs besides the sources.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PreprocessOptions {
    /// Directories searched for `#include <p>`, and for `#include "p"` after the including
    /// file's directory, in order. Relative ones are relative to the working directory (for
    /// [`FsReader`]) or to the virtual root (for [`MemoryReader`]).
    pub include_dirs: Vec<String>,
    /// Include depth and expanded size limits.
    pub limits: Limits,
}

/// The expanded source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preprocessed {
    /// The text the lexer reads: every include spliced in, directive lines blanked. Empty when
    /// the size limit was exceeded, so that no later stage reports errors about a cut text.
    /// When nothing was spliced or blanked it is the main file's own text, shared, not copied.
    pub text: Arc<str>,
    /// Leads every offset of `text` back to its file and line.
    pub source_map: SourceMap,
    /// Every file read through the [`FileReader`], in first-read order, by the path it was
    /// opened with (joined from the including file's directory or an include directory, `.`
    /// components dropped): what a Makefile depfile lists. The main file is not in it.
    pub includes: Vec<String>,
}

/// Expands `main_text` (named `main_name` in diagnostics; its includes resolve relative to that
/// name's directory), reading included files through `reader`. The text is copied once, into
/// the source map; [`preprocess_shared`] takes a shared text and copies nothing.
pub fn preprocess(
    main_name: &str,
    main_text: &str,
    reader: &dyn FileReader,
    options: &PreprocessOptions,
    diags: &mut Diagnostics,
) -> Preprocessed {
    preprocess_shared(main_name, Arc::from(main_text), reader, options, diags)
}

/// [`preprocess`] of a shared text: the source map keeps `main_text` itself, and so does
/// [`Preprocessed::text`] when the file has no directive (a large generated shader is then held
/// once, not three times).
pub fn preprocess_shared(
    main_name: &str,
    main_text: Arc<str>,
    reader: &dyn FileReader,
    options: &PreprocessOptions,
    diags: &mut Diagnostics,
) -> Preprocessed {
    let main_text = lone_cr_to_lf(main_text);
    let mut ex = Expander {
        reader,
        options,
        diags,
        out: String::new(),
        map: SourceMap::new(),
        includes: Vec::new(),
        read: BTreeMap::new(),
        canonical_paths: BTreeMap::new(),
        once: BTreeSet::new(),
        first_include: BTreeMap::new(),
        stack: Vec::new(),
        overflow: false,
        charged: 0,
        last_directive: None,
    };
    let main_id = ex
        .map
        .add_file(SourceFile::new(main_name, Arc::clone(&main_text)));
    if main_text.len() > options.limits.max_source_bytes || u32::try_from(main_text.len()).is_err()
    {
        ex.map.push_segment(Segment {
            expanded_start: 0,
            len: 0,
            file: main_id,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
        ex.too_large(Span::point(0));
        return ex.finish(&main_text);
    }
    let canonical = reader.canonicalize(main_name);
    ex.stack.push(Frame {
        canonical,
        name: main_name.to_owned(),
        directive: None,
    });
    // The expanded text is at least the main file's text: reserve it, rather than grow it by
    // doubling (which copies it a few times over).
    ex.out.reserve(main_text.len());
    ex.process(main_id, &main_text, main_name);
    if ex.map.segments().is_empty() {
        ex.map.push_segment(Segment {
            expanded_start: 0,
            len: 0,
            file: main_id,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
    }
    ex.finish(&main_text)
}

/// `text` with each carriage return that does not start a CRLF pair turned into a line feed.
/// Files saved with classic Mac line endings end their lines with a lone CR, which Lua (and so
/// Luma) also reads as a line break; with the lexer, the preprocessor and the source map all
/// splitting lines at LF, a `--` comment on the first line otherwise swallowed the whole file.
/// The replacement keeps every byte offset, so spans are unchanged; text without a lone CR is
/// returned as it is, uncopied.
fn lone_cr_to_lf(text: Arc<str>) -> Arc<str> {
    // `contains` is a fast byte search: most files have no CR at all.
    if !text.contains('\r') {
        return text;
    }
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes.get(i) == Some(&b'\r') && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return text;
    }
    let normalized: String = text
        .char_indices()
        .map(|(i, c)| if lone(i) { '\n' } else { c })
        .collect();
    Arc::from(normalized)
}

/// A file being expanded.
struct Frame {
    canonical: Option<String>,
    /// Name shown in diagnostics.
    name: String,
    /// The `#include` line that brought it in (expanded span).
    directive: Option<Span>,
}

/// A run of the current file being copied, not yet pushed as a segment.
struct Run {
    expanded_start: usize,
    file_start: usize,
    line_delta: i64,
    renamed: Option<u32>,
}

enum Directive {
    Include,
    Pragma,
    Line,
    /// `#define` or `#undef`, which Luma does not have.
    Define,
    /// `#undef`.
    Undef,
    /// `#if`, `#ifdef` or `#ifndef`: conditional compilation, which Luma does not have.
    If,
    /// `#elif` or `#else`.
    Else,
    /// `#endif`.
    Endif,
}

/// C's conditional compilation in one file: Luma has none, so the first arm of each
/// `#if ... #endif` is kept as if its condition held and the other arms are blanked (each
/// arm usually declares the same names, which would otherwise be declared twice).
#[derive(Default)]
struct Conditionals {
    /// `#if`s reported and not yet closed, whose first arm is being kept.
    open: u32,
    /// Inside an arm being blanked: 1 plus the `#if`s opened inside it; 0 when not blanking.
    skipping: u32,
    /// The name of an include guard (`#ifndef NAME` then `#define NAME`) whose `#define` is
    /// still to come: it is part of the guard's error.
    guard: Option<String>,
}

/// What each processed `#include` counts against `Limits::max_source_bytes`, besides the text it
/// adds: the directive's bookkeeping (source map segments, path resolution). Without it an
/// include diamond of empty files did 2^depth includes, each adding one newline: 8 million of
/// them before the limit, about 9 seconds.
const INCLUDE_COST: usize = 64;

struct Expander<'a> {
    reader: &'a dyn FileReader,
    options: &'a PreprocessOptions,
    diags: &'a mut Diagnostics,
    out: String,
    map: SourceMap,
    includes: Vec<String>,
    /// Files read so far, by canonical path.
    read: BTreeMap<String, (FileId, Arc<str>)>,
    /// What [`FileReader::canonicalize`] answered for each path asked.
    canonical_paths: BTreeMap<String, Option<String>>,
    /// Canonical paths of files that said `#pragma once`.
    once: BTreeSet<String>,
    /// The `#include` line that first brought in each file (canonical path), and whether the
    /// file declares anything, found when it is included a second time.
    first_include: BTreeMap<String, (Span, Option<bool>)>,
    stack: Vec<Frame>,
    /// The size limit was exceeded: stop everything.
    overflow: bool,
    /// Bytes charged to the size limit besides the text: [`INCLUDE_COST`] per `#include`.
    charged: usize,
    /// The most recent `#include` line, where a size overflow is reported.
    last_directive: Option<Span>,
}

fn span(lo: usize, hi: usize) -> Span {
    Span::new(
        u32::try_from(lo).unwrap_or(u32::MAX),
        u32::try_from(hi).unwrap_or(u32::MAX),
    )
}

impl Expander<'_> {
    /// The result; `main_text` stands in for the expanded text when the two are equal.
    fn finish(self, main_text: &Arc<str>) -> Preprocessed {
        Preprocessed {
            text: if self.overflow {
                Arc::from("")
            } else if *self.out == **main_text {
                Arc::clone(main_text)
            } else {
                Arc::from(self.out)
            },
            source_map: self.map,
            includes: self.includes,
        }
    }

    fn too_large(&mut self, at: Span) {
        self.overflow = true;
        let limit = self.options.limits.max_source_bytes;
        self.diags.push(
            Diagnostic::error(
                codes::SOURCE_TOO_LARGE,
                at,
                format!("the source exceeds {limit} bytes after includes are expanded"),
            )
            .with_primary_label("the limit is reached here")
            .with_note(
                "the limit is `Limits::max_source_bytes`; each `#include` counts as 64 bytes \
                 besides the text it adds",
            ),
        );
    }

    /// Appends `s` unless that would pass the size limit.
    fn append(&mut self, s: &str) -> bool {
        if self.overflow {
            return false;
        }
        if self.out.len() + self.charged + s.len() > self.options.limits.max_source_bytes {
            let at = self
                .stack
                .iter()
                .rev()
                .find_map(|f| f.directive)
                .or(self.last_directive)
                .unwrap_or(Span::point(0));
            self.too_large(at);
            return false;
        }
        self.out.push_str(s);
        true
    }

    fn flush(&mut self, run: &Run, file: FileId) {
        let len = self.out.len().saturating_sub(run.expanded_start);
        if len == 0 {
            return;
        }
        self.map.push_segment(Segment {
            expanded_start: u32::try_from(run.expanded_start).unwrap_or(u32::MAX),
            len: u32::try_from(len).unwrap_or(u32::MAX),
            file,
            file_start: u32::try_from(run.file_start).unwrap_or(u32::MAX),
            line_delta: run.line_delta,
            renamed: run.renamed,
        });
    }

    /// Expands one file's text into `out`. Returns the `#line` state at its end.
    fn process(&mut self, file: FileId, text: &Arc<str>, resolve_path: &str) -> (i64, Option<u32>) {
        let mut run = Run {
            expanded_start: self.out.len(),
            file_start: 0,
            line_delta: 0,
            renamed: None,
        };
        let bytes = text.as_bytes();
        let mut offset = 0usize;
        if text.starts_with('\u{feff}') {
            // Editors put a byte-order mark first; three spaces keep the offsets.
            if !self.append("   ") {
                return (run.line_delta, run.renamed);
            }
            offset = 3;
        }
        let mut comment: Option<u32> = None;
        // Where (expanded offset) the open long comment starts, and whether it was opened on a
        // directive line: the lexer never sees a directive line's text, so the lines of such a
        // comment are blanked here instead.
        let mut comment_start = 0usize;
        let mut hidden = false;
        let mut conditionals = Conditionals::default();
        let mut line_index = text.get(..offset).map_or(0, |s| s.matches('\n').count());
        while offset < bytes.len() {
            // `str::find` of a char searches with memchr, a word at a time.
            let line_end = text
                .get(offset..)
                .and_then(|rest| rest.find('\n'))
                .map_or(bytes.len(), |i| offset + i);
            let next = (line_end + 1).min(bytes.len());
            let line = text.get(offset..line_end).unwrap_or("");
            let whole = text.get(offset..next).unwrap_or("");
            if let Some(level) = comment.filter(|_| hidden) {
                let closed_at = find_long_close(line.as_bytes(), level);
                let code_at = closed_at.unwrap_or(line.len());
                let line_start = self.out.len();
                let mut kept = " ".repeat(code_at);
                kept.push_str(whole.get(code_at..).unwrap_or(""));
                if !self.append(&kept) {
                    break;
                }
                if closed_at.is_some() {
                    hidden = false;
                    comment = None;
                    if let Some(open) = scan_comments(line.get(code_at..).unwrap_or(""), None) {
                        comment = Some(open.level);
                        comment_start = line_start + code_at + open.opened_at.unwrap_or(0);
                    }
                }
                offset = next;
                line_index += 1;
                continue;
            }
            let directive = if comment.is_none() || conditionals.skipping > 0 {
                detect_directive(line)
            } else {
                None
            };
            if conditionals.skipping > 0 {
                match directive {
                    Some((Directive::If, _)) => conditionals.skipping += 1,
                    Some((Directive::Endif, _)) => {
                        conditionals.skipping -= 1;
                        if conditionals.skipping == 0 {
                            conditionals.open = conditionals.open.saturating_sub(1);
                        }
                    }
                    _ => {}
                }
                let mut blank = " ".repeat(line.len());
                if next > line_end {
                    blank.push('\n');
                }
                if !self.append(&blank) {
                    break;
                }
                offset = next;
                line_index += 1;
                continue;
            }
            if let Some((Directive::Define, args_at)) = directive {
                let line_start = self.out.len();
                let guard = conditionals.guard.take();
                let rewritten = if guard.is_some_and(|g| {
                    line.get(args_at..)
                        .is_some_and(|rest| rest.split("--").next().unwrap_or("").trim() == g)
                }) {
                    None
                } else {
                    self.define(line, args_at, line_start)
                };
                // A comment opened on the line is the lexer's to see in a rewritten line, and
                // this loop's to blank in a blanked one.
                let open = match &rewritten {
                    Some(code) => scan_comments(code, None),
                    None => {
                        let from = directive_text_end(line, args_at);
                        scan_comments(line.get(from..).unwrap_or(""), None).map(|o| OpenComment {
                            opened_at: o.opened_at.map(|at| from + at),
                            ..o
                        })
                    }
                };
                if let Some(open) = open {
                    comment = Some(open.level);
                    comment_start = line_start + open.opened_at.unwrap_or(0);
                    hidden = rewritten.is_none();
                }
                let mut text = rewritten.unwrap_or_else(|| " ".repeat(line.len()));
                if next > line_end {
                    text.push('\n');
                }
                if !self.append(&text) {
                    break;
                }
                offset = next;
                line_index += 1;
                continue;
            }
            match directive {
                None => {
                    let line_start = self.out.len();
                    let open = scan_comments(line, comment);
                    if let Some(at) = open.and_then(|o| o.opened_at) {
                        comment_start = line_start + at;
                    }
                    comment = open.map(|o| o.level);
                    if !self.append(whole) {
                        break;
                    }
                }
                Some((kind, args_at)) => {
                    let line_start = self.out.len();
                    let from = directive_text_end(line, args_at);
                    if let Some(open) = scan_comments(line.get(from..).unwrap_or(""), None) {
                        comment = Some(open.level);
                        comment_start = line_start + from + open.opened_at.unwrap_or(0);
                        hidden = true;
                    }
                    let mut blank = " ".repeat(line.len());
                    if next > line_end {
                        blank.push('\n');
                    }
                    if !self.append(&blank) {
                        break;
                    }
                    // From the `#`: an indented directive's diagnostics do not underline the
                    // indentation.
                    let indent = line.len() - line.trim_start().len();
                    let line_span = span(line_start + indent, line_start + line.len());
                    match kind {
                        Directive::Include => {
                            self.last_directive = Some(line_span);
                            let include = self.parse_include(line, args_at, line_start);
                            if let Some((path, angle, path_span)) = include {
                                self.flush(&run, file);
                                self.include(&path, angle, path_span, line_span, resolve_path);
                                if self.overflow {
                                    return (run.line_delta, run.renamed);
                                }
                                run.expanded_start = self.out.len();
                                run.file_start = next;
                            }
                        }
                        Directive::Pragma => self.pragma(line, args_at, line_start),
                        // Handled before the line is blanked.
                        Directive::Define => {}
                        Directive::Undef => {
                            let d = Diagnostic::error(
                                codes::C_DIRECTIVE,
                                line_span,
                                "Luma has no `#undef`",
                            )
                            .with_primary_label("a C preprocessor directive")
                            .with_note("Luma has no macros: constants are `const` declarations")
                            .with_suggestion(
                                line_span,
                                "",
                                "remove the line",
                            );
                            self.diags.push(d);
                        }
                        Directive::If
                            if self.include_guard(line, args_at, text, next).is_some() =>
                        {
                            let guard = self.include_guard(line, args_at, text, next);
                            let d = Diagnostic::error(
                                codes::C_DIRECTIVE,
                                line_span,
                                "Luma has no include guards",
                            )
                            .with_primary_label("an `#ifndef` include guard")
                            .with_help(
                                "write `#pragma once` at the top of the file instead of the \
                                 guard's `#ifndef`, `#define` and `#endif`",
                            );
                            self.diags.push(d);
                            // The guard does what `#pragma once` does.
                            if let Some(canonical) =
                                self.stack.last().and_then(|f| f.canonical.clone())
                            {
                                self.once.insert(canonical);
                            }
                            conditionals.guard = guard;
                            conditionals.open += 1;
                        }
                        Directive::If => {
                            let word_end = args_at;
                            let d = Diagnostic::error(
                                codes::C_DIRECTIVE,
                                span(line_start + indent, line_start + word_end),
                                "Luma has no conditional compilation",
                            )
                            .with_primary_label("a C preprocessor directive")
                            .with_note(
                                "the lines up to the matching `#elif`, `#else` or `#endif` are \
                                 checked as if the condition held; the other arms are ignored",
                            )
                            .with_help(
                                "choose code with a `const` or an `@spec` constant and an ordinary \
                                 `if` (the branch not taken is removed when the value is known); \
                                 `--spec ID=VALUE` bakes a value per build",
                            );
                            self.diags.push(d);
                            conditionals.open += 1;
                        }
                        Directive::Else | Directive::Endif if conditionals.open > 0 => {
                            if matches!(kind, Directive::Else) {
                                conditionals.skipping = 1;
                            } else {
                                conditionals.open -= 1;
                            }
                        }
                        Directive::Else | Directive::Endif => {
                            let d = Diagnostic::error(
                                codes::C_DIRECTIVE,
                                span(line_start + indent, line_start + args_at),
                                "Luma has no conditional compilation",
                            )
                            .with_primary_label("a C preprocessor directive without its `#if`")
                            .with_suggestion(
                                line_span,
                                "",
                                "remove the line",
                            );
                            self.diags.push(d);
                        }
                        Directive::Line => {
                            if let Some((number, name)) = self.parse_line(line, args_at, line_start)
                            {
                                self.flush(&run, file);
                                // The line after the directive gets `number`.
                                let next_real = line_index as i64 + 2;
                                run.line_delta = number - next_real;
                                if let Some(name) = name {
                                    let index = u32::try_from(self.map.line_names.len())
                                        .unwrap_or(u32::MAX);
                                    self.map.line_names.push(name);
                                    run.renamed = Some(index);
                                }
                                run.expanded_start = self.out.len();
                                run.file_start = next;
                            }
                        }
                    }
                }
            }
            offset = next;
            line_index += 1;
        }
        let included = self.stack.last().is_some_and(|f| f.directive.is_some());
        if let Some(level) = comment.filter(|_| (hidden || included) && !self.overflow) {
            self.unterminated_comment(comment_start, level, hidden, included);
        }
        if !self.overflow {
            self.flush(&run, file);
        }
        (run.line_delta, run.renamed)
    }

    /// A long comment still open at the end of a file, where the lexer would not report it: it
    /// was opened on a directive line (whose text the lexer never sees), or the file is
    /// included and the comment would run on into the text of the file that includes it. The
    /// comment is blanked to the end of the file, so that it ends there.
    fn unterminated_comment(&mut self, start: usize, level: u32, hidden: bool, included: bool) {
        let opener = 4 + level as usize;
        let mut d = Diagnostic::error(
            codes::UNTERMINATED_COMMENT,
            span(start, start + opener),
            "unterminated long comment",
        )
        .with_primary_label("comment opened here")
        .with_note(format!(
            "a comment opened with `--[{eq}[` ends at the first `]{eq}]`",
            eq = "=".repeat(level as usize)
        ));
        if included {
            d = d.with_note(
                "a comment cannot continue past the end of an included file into the file that \
                 includes it",
            );
        }
        self.diags.push(d);
        if !hidden && self.out.is_char_boundary(start) {
            let tail = self.out.split_off(start);
            // Byte for byte, so that every offset after it stays where it was (a character
            // of several bytes becomes as many spaces).
            let blank: String = tail
                .bytes()
                .map(|b| if b == b'\n' { '\n' } else { ' ' })
                .collect();
            self.out.push_str(&blank);
        }
    }

    /// Parses `#include "p"` / `#include <p>` from `args_at` on; reports malformed lines.
    fn parse_include(
        &mut self,
        line: &str,
        args_at: usize,
        line_start: usize,
    ) -> Option<(String, bool, Span)> {
        let rest = line.get(args_at..).unwrap_or("");
        let skipped = rest.len() - rest.trim_start().len();
        let arg_at = args_at + skipped;
        let arg = rest.trim_start();
        let at = |lo: usize, hi: usize| span(line_start + lo, line_start + hi);
        let (close, angle) = match arg.chars().next() {
            Some('"') => ('"', false),
            Some('<') => ('>', true),
            _ => {
                let end = line.trim_end().len().max(arg_at);
                let (lo, hi) = if arg.trim().is_empty() {
                    (line.len() - line.trim_start().len(), args_at)
                } else {
                    (arg_at, end)
                };
                let d = Diagnostic::error(
                    codes::MALFORMED_INCLUDE,
                    at(lo, hi),
                    "expected `\"file\"` or `<file>` after `#include`",
                )
                .with_primary_label("not a quoted path")
                .with_help("write `#include \"common.luma\"` or `#include <common.luma>`");
                self.diags.push(d);
                return None;
            }
        };
        let inner = arg.get(1..).unwrap_or("");
        let Some(end) = inner.find(close) else {
            let d = Diagnostic::error(
                codes::MALFORMED_INCLUDE,
                at(arg_at, arg_at + 1),
                "unterminated `#include` path",
            )
            .with_primary_label(format!("this path has no closing `{close}`"));
            self.diags.push(d);
            return None;
        };
        let path = inner.get(..end).unwrap_or("");
        let path_span = at(arg_at, arg_at + end + 2);
        if path.trim().is_empty() {
            let d = Diagnostic::error(codes::MALFORMED_INCLUDE, path_span, "empty `#include` path");
            self.diags.push(d);
            return None;
        }
        let after_at = arg_at + end + 2;
        if let Some(junk) = trailing_junk(line, after_at) {
            let d = Diagnostic::error(
                codes::MALFORMED_INCLUDE,
                at(junk.0, junk.1),
                "unexpected text after the `#include` path",
            )
            .with_primary_label("not part of the directive")
            .with_help("one `#include` per line; a comment may follow with `--`");
            self.diags.push(d);
            return None;
        }
        Some((path.to_owned(), angle, path_span))
    }

    fn pragma(&mut self, line: &str, args_at: usize, line_start: usize) {
        let rest = line.get(args_at..).unwrap_or("");
        let name_at = args_at + (rest.len() - rest.trim_start().len());
        let name: String = line
            .get(name_at..)
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let at = |lo: usize, hi: usize| span(line_start + lo, line_start + hi);
        if name.is_empty() {
            let d = Diagnostic::warning(
                codes::UNKNOWN_PRAGMA,
                at(line.len() - line.trim_start().len(), args_at),
                "`#pragma` without a name is ignored",
            )
            .with_note("Luma knows `#pragma once`");
            self.diags.push(d);
            return;
        }
        let name_end = name_at + name.len();
        if name != "once" {
            let d = Diagnostic::warning(
                codes::UNKNOWN_PRAGMA,
                at(name_at, name_end),
                format!("unknown pragma `{name}` is ignored"),
            )
            .with_note("Luma knows `#pragma once`");
            self.diags.push(d);
            return;
        }
        if let Some(junk) = trailing_junk(line, name_end) {
            let d = Diagnostic::warning(
                codes::PRAGMA_ONCE_EXTRA,
                at(junk.0, junk.1),
                "text after `#pragma once` is ignored",
            )
            .with_suggestion(at(junk.0, junk.1), "", "remove it");
            self.diags.push(d);
        }
        if let Some(canonical) = self.stack.last().and_then(|f| f.canonical.clone()) {
            self.once.insert(canonical);
        }
    }

    /// Parses `#line N ["name"]`.
    fn parse_line(
        &mut self,
        line: &str,
        args_at: usize,
        line_start: usize,
    ) -> Option<(i64, Option<String>)> {
        let at = |lo: usize, hi: usize| span(line_start + lo, line_start + hi);
        let rest = line.get(args_at..).unwrap_or("");
        let num_at = args_at + (rest.len() - rest.trim_start().len());
        let digits: String = line
            .get(num_at..)
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let bad = |me: &mut Self, lo: usize, hi: usize, message: &str| {
            let d = Diagnostic::error(codes::MALFORMED_LINE, at(lo, hi), message.to_owned())
                .with_help("write `#line 42` or `#line 42 \"name.luma\"`");
            me.diags.push(d);
        };
        let word_end = |from: usize| {
            from + line
                .get(from..)
                .unwrap_or("")
                .find(char::is_whitespace)
                .unwrap_or(line.len().saturating_sub(from))
        };
        if digits.is_empty() {
            let end = word_end(num_at).max(num_at);
            let (lo, hi) = if end > num_at {
                (num_at, end)
            } else {
                (line.len() - line.trim_start().len(), args_at)
            };
            bad(self, lo, hi, "expected a line number after `#line`");
            return None;
        }
        let num_end = num_at + digits.len();
        let number = digits
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=i64::from(i32::MAX)).contains(n));
        let Some(number) = number else {
            bad(
                self,
                num_at,
                num_end,
                "line number out of range (1 to 2147483647)",
            );
            return None;
        };
        let after = line.get(num_end..).unwrap_or("");
        if after.chars().next().is_some_and(|c| !c.is_whitespace()) {
            bad(
                self,
                num_at,
                word_end(num_at),
                "expected a line number after `#line`",
            );
            return None;
        }
        let name_at = num_end + (after.len() - after.trim_start().len());
        let mut name = None;
        let mut end = num_end;
        if line.get(name_at..).is_some_and(|s| s.starts_with('"')) {
            let inner = line.get(name_at + 1..).unwrap_or("");
            let Some(close) = inner.find('"') else {
                bad(
                    self,
                    name_at,
                    name_at + 1,
                    "unterminated file name in `#line`",
                );
                return None;
            };
            name = Some(inner.get(..close).unwrap_or("").to_owned());
            end = name_at + close + 2;
        }
        if let Some(junk) = trailing_junk(line, end) {
            bad(self, junk.0, junk.1, "unexpected text in `#line`");
            return None;
        }
        Some((number, name))
    }

    fn include(&mut self, path: &str, angle: bool, path_span: Span, line_span: Span, from: &str) {
        if self.overflow {
            return;
        }
        self.charged = self.charged.saturating_add(INCLUDE_COST);
        if self.out.len() + self.charged > self.options.limits.max_source_bytes {
            self.too_large(line_span);
            return;
        }
        let mut candidates = Vec::new();
        if path.starts_with('/') {
            candidates.push(path.to_owned());
        } else {
            if !angle {
                candidates.push(join(dir_of(from), path));
            }
            for dir in &self.options.include_dirs {
                candidates.push(join(dir, path));
            }
        }
        let found = candidates
            .iter()
            .find_map(|c| self.canonicalize(c).map(|canon| (c.clone(), canon)));
        let Some((resolved, canonical)) = found else {
            let shown = if angle {
                format!("<{path}>")
            } else {
                format!("\"{path}\"")
            };
            let mut d = Diagnostic::error(
                codes::INCLUDE_NOT_FOUND,
                path_span,
                format!("cannot find included file {shown}"),
            )
            .with_primary_label("not found");
            // `<...>` skips the including file's directory: say so when the file is there.
            let beside = join(dir_of(from), path);
            let quoted = angle && self.canonicalize(&beside).is_some();
            if quoted {
                d = d.with_help(format!(
                    "`{}` exists beside this file, but `#include <...>` searches only the include \
                     directories: write `#include \"{path}\"`",
                    normalize_path(&beside)
                ));
            } else if candidates.is_empty() {
                d = d.with_help(
                    "`#include <...>` searches the include directories; add one with \
                     `--include-dir`",
                );
            }
            if !candidates.is_empty() {
                // As searched: `lib/../a.luma` may be another file than `a.luma`.
                let mut list: Vec<String> = Vec::new();
                for c in &candidates {
                    let shown = format!("`{}`", tidy_path(c));
                    if !list.contains(&shown) {
                        list.push(shown);
                    }
                }
                d = d.with_note(format!("searched {}", list.join(", ")));
                if let Some(dir) = candidates.iter().find(|c| self.reader.is_directory(c)) {
                    d = d.with_note(format!(
                        "`{}` is a directory; `#include` names a file",
                        normalize_path(dir)
                    ));
                }
            }
            if path.contains('\\') {
                d = d.with_help(format!(
                    "include paths separate directories with `/` on every system: `{}`",
                    path.replace('\\', "/")
                ));
            }
            self.diags.push(d);
            return;
        };
        if self.once.contains(&canonical) {
            return;
        }
        let name = self.display_name(&resolved, &canonical);
        if let Some(start) = self
            .stack
            .iter()
            .position(|f| f.canonical.as_deref() == Some(canonical.as_str()))
        {
            let mut chain: Vec<&str> = self
                .stack
                .get(start..)
                .unwrap_or(&[])
                .iter()
                .map(|f| f.name.as_str())
                .collect();
            chain.push(name.as_str());
            let mut d = Diagnostic::error(
                codes::INCLUDE_CYCLE,
                path_span,
                format!("include cycle: `{name}` is already being included"),
            )
            .with_primary_label(format!("includes `{name}` again"))
            .with_note(format!("the cycle is {}", chain.join(" -> ")))
            .with_help("add `#pragma once` to the shared file, or remove one of the includes");
            let frames = self.stack.get(start + 1..).unwrap_or(&[]);
            let parents = self.stack.get(start..).unwrap_or(&[]);
            for (frame, parent) in frames.iter().zip(parents) {
                if let Some(at) = frame.directive {
                    d = d.with_label(
                        at,
                        format!("`{}` includes `{}` here", parent.name, frame.name),
                    );
                }
            }
            self.diags.push(d);
            return;
        }
        if self.repeated_include(&canonical, &name, path_span) {
            return;
        }
        let depth = self.stack.len();
        let limit = self.options.limits.include_depth as usize;
        if depth > limit {
            let mut chain: Vec<&str> = self.stack.iter().map(|f| f.name.as_str()).collect();
            chain.push(name.as_str());
            let d = Diagnostic::error(
                codes::INCLUDE_TOO_DEEP,
                path_span,
                format!("includes nested more than {limit} deep"),
            )
            .with_primary_label(format!("include level {depth}"))
            .with_note(format!("the include chain is {}", chain.join(" -> ")))
            .with_note("the limit is `Limits::include_depth`");
            self.diags.push(d);
            return;
        }
        let room = self
            .options
            .limits
            .max_source_bytes
            .saturating_sub(self.out.len() + self.charged);
        if !self.read.contains_key(&canonical)
            && self
                .reader
                .size(&canonical)
                .is_some_and(|size| size > room as u64)
        {
            // Not read at all: a file of gigabytes would take seconds and as much memory.
            self.too_large(line_span);
            return;
        }
        let (file, text) = match self.read.get(&canonical) {
            Some((file, text)) => (*file, Arc::clone(text)),
            None => match self.reader.read(&canonical) {
                Ok(text) => {
                    let text = lone_cr_to_lf(Arc::from(text));
                    let file = self
                        .map
                        .add_file(SourceFile::new(name.clone(), Arc::clone(&text)));
                    self.read
                        .insert(canonical.clone(), (file, Arc::clone(&text)));
                    // As opened, as C compilers list it: a depfile that named the canonical
                    // path would miss a switched symbolic link (`sdk -> sdk-1.3`).
                    self.includes.push(tidy_path(&resolved));
                    (file, text)
                }
                Err(why) => {
                    let d = Diagnostic::error(
                        codes::INCLUDE_UNREADABLE,
                        path_span,
                        format!("cannot read `{name}`: {why}"),
                    )
                    .with_primary_label("included here");
                    self.diags.push(d);
                    return;
                }
            },
        };
        self.first_include
            .entry(canonical.clone())
            .or_insert((path_span, None));
        self.stack.push(Frame {
            canonical: Some(canonical),
            name,
            directive: Some(line_span),
        });
        let (line_delta, renamed) = self.process(file, &text, &resolved);
        self.stack.pop();
        if self.overflow || self.out.ends_with('\n') {
            return;
        }
        // The included text must end its last line, or the includer's next line would join it.
        // The added line break is mapped (to the end of the included file): at the end of the
        // expanded text it is where the end of input is reported ("expected `end`, found end
        // of file"), which must locate.
        self.map.push_segment(Segment {
            expanded_start: u32::try_from(self.out.len()).unwrap_or(u32::MAX),
            len: 1,
            file,
            file_start: u32::try_from(text.len()).unwrap_or(u32::MAX),
            line_delta,
            renamed,
        });
        self.append("\n");
    }
}

impl Expander<'_> {
    /// [`FileReader::canonicalize`], asked once per path: an include diamond opens the same
    /// files over and over, and on a file system each answer costs several system calls.
    fn canonicalize(&mut self, path: &str) -> Option<String> {
        if let Some(known) = self.canonical_paths.get(path) {
            return known.clone();
        }
        let canonical = self.reader.canonicalize(path);
        self.canonical_paths
            .insert(path.to_owned(), canonical.clone());
        canonical
    }

    /// The name diagnostics show for the file found at `resolved`: the path lexically
    /// normalised (`a/../b.luma` is `b.luma`), unless that names another file because `a` is a
    /// symbolic link; then the path as searched.
    fn display_name(&mut self, resolved: &str, canonical: &str) -> String {
        let normalized = normalize_path(resolved);
        let tidy = tidy_path(resolved);
        if normalized == tidy || self.canonicalize(&normalized).as_deref() == Some(canonical) {
            normalized
        } else {
            tidy
        }
    }

    /// The name `NAME` if `line` is `#ifndef NAME` and the next line that is not blank is
    /// `#define NAME`: a C include guard.
    fn include_guard(&self, line: &str, args_at: usize, text: &str, next: usize) -> Option<String> {
        if !line.trim_start().starts_with("#ifndef") {
            return None;
        }
        let name = line.get(args_at..)?.split("--").next()?.trim();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return None;
        }
        let following = text.get(next..)?.lines().find(|l| !l.trim().is_empty())?;
        let rest = following.trim_start().strip_prefix("#define")?;
        (rest.starts_with([' ', '\t']) && rest.split("--").next()?.trim() == name)
            .then(|| name.to_owned())
    }

    /// A second `#include` of a file without `#pragma once` that declares something: its
    /// declarations would all be declared twice (one E0404 each, both labels on the same line
    /// of the included file). One error at this include instead, which is skipped as if the
    /// file said `#pragma once`. A file that declares nothing (comments, or includes of files
    /// that have `#pragma once`) may be included again.
    fn repeated_include(&mut self, canonical: &str, name: &str, path_span: Span) -> bool {
        let Some(&(first, declares)) = self.first_include.get(canonical) else {
            return false;
        };
        let declares = match declares {
            Some(d) => d,
            None => {
                let d = self
                    .read
                    .get(canonical)
                    .is_some_and(|(_, text)| declares_something(text));
                if let Some(entry) = self.first_include.get_mut(canonical) {
                    entry.1 = Some(d);
                }
                d
            }
        };
        if !declares {
            return false;
        }
        let d = Diagnostic::error(
            codes::REPEATED_INCLUDE,
            path_span,
            format!("`{name}` is included twice"),
        )
        .with_primary_label("included again here")
        .with_label(first, "first included here")
        .with_note("its declarations would be declared twice; this include is skipped")
        .with_help(format!(
            "add `#pragma once` at the top of `{name}`, or remove this `#include`"
        ));
        self.diags.push(d);
        // Reported once: later includes of the file are skipped as `#pragma once` would.
        self.once.insert(canonical.to_owned());
        true
    }

    /// `#define NAME value`: an error with the `const` to write, and the line rewritten as that
    /// `const` (same length, the value at the same columns) so that the name is declared and
    /// its uses add no "cannot find" errors. `None` (the line is blanked) for a function-like
    /// macro, a name without a value, or a line that is not a definition.
    fn define(&mut self, line: &str, args_at: usize, line_start: usize) -> Option<String> {
        let at = |lo: usize, hi: usize| span(line_start + lo, line_start + hi);
        let directive_at = line.len() - line.trim_start().len();
        let rest = line.get(args_at..).unwrap_or("");
        let name_at = args_at + (rest.len() - rest.trim_start().len());
        let name_len = line
            .get(name_at..)
            .unwrap_or("")
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let name_end = name_at + name_len;
        let name = line.get(name_at..name_end).unwrap_or("");
        let after = line.get(name_end..).unwrap_or("");
        let value_at = name_end + (after.len() - after.trim_start().len());
        // The value up to a `--` comment.
        let value_text = line.get(value_at..).unwrap_or("");
        let value = value_text
            .find("--")
            .map_or(value_text, |i| value_text.get(..i).unwrap_or(""))
            .trim_end();
        let directive = at(directive_at, args_at);
        let whole = at(directive_at, value_at + value.len());
        let starts_name = name.bytes().next().is_some_and(|b| !b.is_ascii_digit());
        if !starts_name {
            let d = Diagnostic::error(codes::C_DIRECTIVE, directive, "Luma has no `#define`")
                .with_primary_label("a C preprocessor directive")
                .with_note("Luma has no macros: constants are `const` declarations");
            self.diags.push(d);
            return None;
        }
        if after.starts_with('(') {
            let d = Diagnostic::error(codes::C_DIRECTIVE, directive, "Luma has no macros")
                .with_primary_label("a function-like macro")
                .with_help(format!(
                    "write a function: `function {name}(x: float) -> float ... end` (with the \
                     parameter and result types it needs)"
                ));
            self.diags.push(d);
            return None;
        }
        if value.is_empty() || !after.starts_with([' ', '\t']) {
            let d = Diagnostic::error(codes::C_DIRECTIVE, directive, "Luma has no `#define`")
                .with_primary_label("a C preprocessor directive")
                .with_help(format!(
                    "declare a constant to test with an ordinary `if`: `const {name} = true`"
                ));
            self.diags.push(d);
            return None;
        }
        let d = Diagnostic::error(codes::C_DIRECTIVE, directive, "Luma has no `#define`")
            .with_primary_label("a C preprocessor directive")
            .with_suggestion(
                whole,
                format!("const {name} = {value}"),
                "declare a constant",
            );
        self.diags.push(d);
        // `#define` and `const` plus the gap after it are kept in place: `const`, two spaces,
        // the original gap, the name, `=` over the first blank after it, then the value.
        let mut out = String::with_capacity(line.len());
        out.push_str(line.get(..directive_at).unwrap_or(""));
        out.push_str("const  ");
        out.push_str(line.get(args_at..name_end).unwrap_or(""));
        out.push('=');
        out.push_str(line.get(name_end + 1..).unwrap_or(""));
        (out.len() == line.len()).then_some(out)
    }
}

/// Whether `text` has a line (outside long comments) that starts a declaration: a keyword
/// that starts one, or an attribute.
fn declares_something(text: &str) -> bool {
    let mut comment: Option<u32> = None;
    for line in text.lines() {
        if comment.is_none() {
            let code = line.trim_start();
            let word: &str = code
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            // `#define NAME value` is read as a `const` (see `Expander::define`).
            if code.starts_with('@')
                || code.starts_with("#define")
                || matches!(
                    word,
                    "function" | "struct" | "uniform" | "buffer" | "shared" | "const"
                )
            {
                return true;
            }
        }
        comment = scan_comments(line, comment).map(|c| c.level);
    }
    false
}

/// If `line` is a directive, its kind and the offset just after the directive name.
fn detect_directive(line: &str) -> Option<(Directive, usize)> {
    let indent = line
        .bytes()
        .take_while(|&b| b == b' ' || b == b'\t')
        .count();
    let rest = line.get(indent..)?;
    // Almost every line is code: one byte settles it.
    if !rest.starts_with('#') {
        return None;
    }
    for (name, kind) in [
        ("#include", Directive::Include),
        ("#pragma", Directive::Pragma),
        ("#line", Directive::Line),
        ("#define", Directive::Define),
        ("#undef", Directive::Undef),
        ("#ifdef", Directive::If),
        ("#ifndef", Directive::If),
        ("#if", Directive::If),
        ("#elif", Directive::Else),
        ("#else", Directive::Else),
        ("#endif", Directive::Endif),
    ] {
        if let Some(after) = rest.strip_prefix(name) {
            // `#include"a.luma"` too, as C compilers read it.
            let path_follows = matches!(kind, Directive::Include) && after.starts_with(['"', '<']);
            if after.is_empty() || after.starts_with([' ', '\t', '\r']) || path_follows {
                return Some((kind, indent + name.len()));
            }
        }
    }
    None
}

/// The byte range of non-blank text after `from` that is not a `--` comment.
fn trailing_junk(line: &str, from: usize) -> Option<(usize, usize)> {
    let rest = line.get(from..)?;
    let trimmed = rest.trim_start();
    if trimmed.trim_end().is_empty() || trimmed.starts_with("--") {
        return None;
    }
    let lo = from + (rest.len() - trimmed.len());
    Some((lo, from + rest.trim_end().len()))
}

/// A long comment open at the end of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OpenComment {
    /// Its level (the `=`s between the brackets).
    level: u32,
    /// Where on the line its `--[` starts; `None` when it was already open at the line's start.
    opened_at: Option<usize>,
}

/// Tracks long comments across lines, so directives inside them are left alone. `state` is the
/// level of the long comment open at the start of the line; returns the one open at its end.
fn scan_comments(line: &str, mut state: Option<u32>) -> Option<OpenComment> {
    let bytes = line.as_bytes();
    let mut i = 0usize;
    let mut opened_at = None;
    loop {
        if let Some(level) = state.take() {
            match find_long_close(bytes.get(i..).unwrap_or(&[]), level) {
                Some(end) => i += end,
                None => return Some(OpenComment { level, opened_at }),
            }
        }
        // The first `--` from `i`: each `-` is found with `str::find` (memchr), as most lines
        // have none. `i` only ever follows ASCII bytes, so it is a char boundary.
        let mut from = i;
        let dashes = loop {
            let d = from + line.get(from..)?.find('-')?;
            if bytes.get(d + 1) == Some(&b'-') {
                break d;
            }
            from = d + 1;
        };
        let after = dashes + 2;
        match long_bracket_level(bytes.get(after..).unwrap_or(&[])) {
            Some(level) => {
                state = Some(level);
                opened_at = Some(dashes);
                i = after + level as usize + 2;
            }
            None => return None,
        }
    }
}

/// Where the comment after a directive's own text may start: past a quoted `#include` or
/// `#line` path, whose `--` is part of the name.
fn directive_text_end(line: &str, args_at: usize) -> usize {
    let rest = line.get(args_at..).unwrap_or("");
    let arg_at = args_at + (rest.len() - rest.trim_start().len());
    let mut in_quote = false;
    let mut angle = line.get(arg_at..).is_some_and(|a| a.starts_with('<'));
    for (i, b) in line.bytes().enumerate().skip(arg_at) {
        match b {
            b'"' => in_quote = !in_quote,
            b'>' if angle => angle = false,
            b'-' if !in_quote && !angle && line.as_bytes().get(i + 1) == Some(&b'-') => {
                return i;
            }
            _ => {}
        }
    }
    line.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization() {
        assert_eq!(normalize_path("a/./b/../c.luma"), "a/c.luma");
        assert_eq!(normalize_path("./a.luma"), "a.luma");
        assert_eq!(normalize_path("../x/../y.luma"), "../y.luma");
        assert_eq!(normalize_path("/a/../../b"), "/b");
        assert_eq!(normalize_path("a//b/"), "a/b");
        assert_eq!(normalize_path("a/.."), ".");
    }

    #[test]
    fn directive_detection() {
        assert!(detect_directive("#include \"a\"").is_some());
        assert!(detect_directive("  \t#pragma once").is_some());
        assert!(detect_directive("#line").is_some());
        assert!(detect_directive("#line\r").is_some());
        assert!(detect_directive("#arr").is_none());
        assert!(detect_directive("#lines 3").is_none());
        assert!(detect_directive("#include\"a\"").is_some());
        assert!(detect_directive("#include<a>").is_some());
        assert!(detect_directive("#pragma\"a\"").is_none());
        assert!(detect_directive("x #include \"a\"").is_none());
    }

    #[test]
    fn comment_tracking() {
        let level = |line: &str, state| scan_comments(line, state).map(|c| c.level);
        assert_eq!(level("a --[[ open", None), Some(0));
        assert_eq!(level("still ]] x --[==[", Some(0)), Some(2));
        assert_eq!(level("-- line --[[", None), None);
        assert_eq!(level("]=] ]==] done", Some(2)), None);
        assert_eq!(level("a - b -- c", None), None);
        assert_eq!(level("a - b --[[ c", None), Some(0));
        assert_eq!(level("a -", None), None);
        assert_eq!(
            scan_comments("x --[[ a ]] y --[=[ b", None),
            Some(OpenComment {
                level: 1,
                opened_at: Some(14)
            })
        );
        assert_eq!(
            scan_comments("still open", Some(0)),
            Some(OpenComment {
                level: 0,
                opened_at: None
            })
        );
        assert_eq!(directive_text_end("#include \"a--b\" --[[", 8), 16);
        assert_eq!(directive_text_end("#include <a--b> --x", 8), 16);
        assert_eq!(directive_text_end("#pragma once", 7), 12);
    }
}
