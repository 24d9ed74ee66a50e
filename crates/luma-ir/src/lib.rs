//! The Luma IR: the single input of every back end.
//!
//! It knows nothing of Luma syntax. See [`ir`] for the data structures and their invariants,
//! [`visit`] for the operand visitors every consumer shares, [`layout`] for std140/std430
//! layouts.

pub mod ir;
pub mod layout;
pub mod parse;
pub mod print;
pub mod proc;
pub mod visit;

pub use ir::*;
