//! Luma syntax: the preprocessor, lexer and parser, and the syntax tree they produce.
//!
//! Parsing never fails: it returns a tree (with `Error` nodes where input was malformed) together
//! with every diagnostic found.

pub mod ast;
pub mod codes;
pub mod dump;
pub mod lexer;
pub mod parser;
pub mod preprocess;

pub use parser::parse;
