//! Spans over the expanded source, and the source map that leads them back to original files.
//!
//! The preprocessor splices every `#include` into one expanded text; the lexer, parser and checker
//! only ever see that text, so a [`Span`] is a byte range in it. The [`SourceMap`] records which
//! piece of the expanded text came from which file (and which `#line` directive renamed it), so a
//! diagnostic can name the original file, line and column.

use std::sync::Arc;

use serde::Serialize;

/// Identifies one source file loaded by the preprocessor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct FileId(pub u32);

/// A half-open byte range `[lo, hi)` in the expanded source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct Span {
    /// First byte.
    pub lo: u32,
    /// One past the last byte.
    pub hi: u32,
}

impl Span {
    /// A span from `lo` to `hi`.
    pub const fn new(lo: u32, hi: u32) -> Span {
        Span { lo, hi }
    }

    /// An empty span at `offset`, for "expected X here" messages.
    pub const fn point(offset: u32) -> Span {
        Span {
            lo: offset,
            hi: offset,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// Length in bytes.
    pub fn len(self) -> u32 {
        self.hi.saturating_sub(self.lo)
    }

    /// Whether the span covers no byte.
    pub fn is_empty(self) -> bool {
        self.hi <= self.lo
    }
}

/// One loaded file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name diagnostics show: the path as the user or the include directive spelled it.
    pub name: String,
    /// The file's full text, shared (not copied) with whoever read it: the compiler keeps the
    /// file for diagnostics while the preprocessor and the caller hold the same text.
    pub text: Arc<str>,
    /// Byte offset of the start of each line, for offset -> line/column lookups.
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// Builds a file record, indexing its line starts. An `Arc<str>` is kept as it is; a
    /// `String` or `&str` is copied into one.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// Zero-based line index holding byte `offset`.
    pub fn line_index(&self, offset: u32) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    /// Byte range of zero-based line `index`, without its line terminator.
    pub fn line_range(&self, index: usize) -> (u32, u32) {
        let start = self.line_starts.get(index).copied().unwrap_or(0);
        let mut end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len() as u32);
        let bytes = self.text.as_bytes();
        while end > start {
            match bytes.get(end as usize - 1) {
                Some(b'\n') | Some(b'\r') => end -= 1,
                _ => break,
            }
        }
        (start, end)
    }

    /// Number of lines (a file without a final newline still counts its last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

/// A run of the expanded text copied verbatim from one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    /// Where the run starts in the expanded text.
    pub expanded_start: u32,
    /// Length of the run in bytes.
    pub len: u32,
    /// The file it was copied from.
    pub file: FileId,
    /// Where the run starts in that file.
    pub file_start: u32,
    /// What a `#line` directive in force says: the reported line number is the real one-based line
    /// plus `line_delta`, and the reported file name is `renamed` (an index into
    /// [`SourceMap::line_names`]) when set.
    pub line_delta: i64,
    /// A file name given by `#line N "name"`, as an index into [`SourceMap::line_names`].
    pub renamed: Option<u32>,
}

/// A position resolved to the original file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The file the byte came from.
    pub file: FileId,
    /// The name to show (the file's name, or a `#line` rename).
    pub name: String,
    /// One-based line as reported (after `#line` adjustment).
    pub line: u32,
    /// One-based column, counted in characters.
    pub column: u32,
    /// Byte offset in the original file.
    pub offset: u32,
}

/// The files of one compilation and the map from expanded offsets back to them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    segments: Vec<Segment>,
    /// File names introduced by `#line N "name"`.
    pub line_names: Vec<String>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// A map for a single file whose text is the whole expanded source.
    pub fn single(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceMap {
        let mut map = SourceMap::new();
        let file = map.add_file(SourceFile::new(name, text));
        let len = map.file(file).map_or(0, |f| f.text.len() as u32);
        map.push_segment(Segment {
            expanded_start: 0,
            len,
            file,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
        map
    }

    /// Registers a file and returns its id.
    pub fn add_file(&mut self, file: SourceFile) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(file);
        id
    }

    /// Appends a segment; segments must be pushed in increasing `expanded_start` order.
    pub fn push_segment(&mut self, segment: Segment) {
        self.segments.push(segment);
    }

    /// The file behind `id`.
    pub fn file(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    /// All files, in load order.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// All segments, in expanded order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The segment holding expanded offset `offset`. An offset at or past the end of the
    /// expanded text resolves to the last segment (a few bytes the preprocessor adds there, such
    /// as an included file's missing line break, may lie outside every segment), except
    /// `u32::MAX`, the offset of a diagnostic about options rather than the source, which no
    /// text reaches (the source-size limit is far below it): it resolves to none.
    pub fn segment_at(&self, offset: u32) -> Option<&Segment> {
        if offset == u32::MAX {
            return None;
        }
        let index = match self
            .segments
            .binary_search_by(|s| s.expanded_start.cmp(&offset))
        {
            Ok(i) => {
                // Several empty segments may start at the same offset: take the last one that
                // actually covers bytes, else the last one.
                let mut j = i;
                while let Some(next) = self.segments.get(j + 1) {
                    if next.expanded_start == offset {
                        j += 1;
                    } else {
                        break;
                    }
                }
                j
            }
            Err(0) => return self.segments.first(),
            Err(i) => i - 1,
        };
        self.segments.get(index)
    }

    /// Maps an expanded offset to the file and byte offset it came from.
    pub fn original(&self, offset: u32) -> Option<(FileId, u32)> {
        let seg = self.segment_at(offset)?;
        let within = offset.saturating_sub(seg.expanded_start).min(seg.len);
        Some((seg.file, seg.file_start + within))
    }

    /// Resolves an expanded offset to a file, line and column for display.
    pub fn locate(&self, offset: u32) -> Option<Location> {
        let seg = self.segment_at(offset)?;
        let (file_id, file_offset) = self.original(offset)?;
        let file = self.file(file_id)?;
        let line_index = file.line_index(file_offset);
        let (line_start, _) = file.line_range(line_index);
        // A byte-order mark at the start of the file is not a column (the lexer skips it).
        let column = file
            .text
            .get(line_start as usize..file_offset as usize)
            .map(|s| {
                if line_start == 0 {
                    s.strip_prefix('\u{feff}').unwrap_or(s)
                } else {
                    s
                }
            })
            .map_or(1, |s| s.chars().count() as u32 + 1);
        let real_line = line_index as i64 + 1;
        let line = real_line
            .saturating_add(seg.line_delta)
            .clamp(1, u32::MAX as i64) as u32;
        let name = match seg.renamed {
            Some(i) => self
                .line_names
                .get(i as usize)
                .cloned()
                .unwrap_or_else(|| file.name.clone()),
            None => file.name.clone(),
        };
        Some(Location {
            file: file_id,
            name,
            line,
            column,
            offset: file_offset,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_in_single_file() {
        let map = SourceMap::single("a.luma", "let a = 1\nlet b = 2\n");
        let loc = map.locate(14).unwrap();
        assert_eq!((loc.name.as_str(), loc.line, loc.column), ("a.luma", 2, 5));
    }

    #[test]
    fn the_end_locates_and_the_options_offset_does_not() {
        let map = SourceMap::single("a.luma", "let a = 1\n");
        let end = map.locate(10).unwrap();
        assert_eq!((end.line, end.column), (2, 1));
        assert!(map.locate(11).is_some());
        assert_eq!(map.locate(u32::MAX), None);
        assert_eq!(map.original(u32::MAX), None);
    }

    #[test]
    fn locate_through_segments_and_line_directive() {
        let mut map = SourceMap::new();
        let main = map.add_file(SourceFile::new("main.luma", "x\n#include\ny\n"));
        let inc = map.add_file(SourceFile::new("inc.luma", "abc\n"));
        map.line_names.push("renamed.luma".into());
        map.push_segment(Segment {
            expanded_start: 0,
            len: 2,
            file: main,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
        map.push_segment(Segment {
            expanded_start: 2,
            len: 4,
            file: inc,
            file_start: 0,
            line_delta: 0,
            renamed: None,
        });
        map.push_segment(Segment {
            expanded_start: 6,
            len: 2,
            file: main,
            file_start: 11,
            line_delta: 97,
            renamed: Some(0),
        });
        let a = map.locate(3).unwrap();
        assert_eq!((a.name.as_str(), a.line, a.column), ("inc.luma", 1, 2));
        let y = map.locate(6).unwrap();
        assert_eq!(
            (y.name.as_str(), y.line, y.column),
            ("renamed.luma", 100, 1)
        );
    }
}
