//! Foundations shared by every Luma compiler crate: arenas and handles, spans and the source map,
//! diagnostics, and the limits that bound the work done on hostile input.

pub mod arena;
pub mod diagnostic;
pub mod limits;
pub mod render;
pub mod span;
pub mod stack;

pub use arena::{Arena, ArenaFull, Handle, UniqueArena};
pub use diagnostic::{
    capped_list, closest, Code, CodeDoc, Diagnostic, Diagnostics, Label, Severity, Suggestion,
    WarningLevel, WarningPolicy,
};
pub use limits::Limits;
pub use span::{FileId, Location, Segment, SourceFile, SourceMap, Span};
