//! Helpers shared by the back ends: the namer with per-target reserved words, the indented text
//! writer, and call-graph queries (which functions and globals an entry point reaches).
//!
//! Back ends depend on this crate and on `luma-ir`, never on each other.

pub mod callgraph;
pub mod namer;
pub mod writer;

pub use callgraph::{reachable_functions, used_globals, CallGraph};
pub use namer::Namer;
pub use writer::CodeWriter;
