//! Luma syntax: the preprocessor, lexer and parser, and the syntax tree they produce.
//!
//! ```text
//! source text --preprocess--> expanded text + SourceMap --lex--> tokens --parse--> ast::Module
//! ```
//!
//! - [`preprocess::preprocess`] expands `#include`, `#pragma once` and `#line` through a
//!   [`preprocess::FileReader`] (the file system, or memory only) and records where every byte
//!   came from.
//! - [`lexer`] is a pure scanner over `&str` plus the step that reports lexical errors.
//! - [`parse`] never fails: it returns a tree (with `Error` nodes where input was malformed)
//!   together with every diagnostic found, without cascades. Expression, type and block nesting in
//!   the tree is bounded by `Limits::nesting_depth`, so later stages may recurse over it.
//! - [`dump::dump_ast`] renders the tree for `luma dump-ast`.
//! - [`similar::closest`] picks the name a misspelt one was meant to be.
//! - [`codes::ALL`] documents every diagnostic code emitted here (E01xx preprocessor, E02xx lexer,
//!   E03xx parser, W01xx warnings).

pub mod ast;
pub mod codes;
pub mod dump;
pub mod lexer;
pub mod parser;
pub mod preprocess;
pub mod similar;

pub use parser::parse;
