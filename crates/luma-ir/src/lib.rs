//! The Luma IR: the single input of every back end.
//!
//! It knows nothing of Luma syntax. See [`ir`] for the data structures and their invariants, and
//! [`visit`] for the operand visitors every consumer shares.

pub mod ir;
pub mod visit;

pub use ir::*;
