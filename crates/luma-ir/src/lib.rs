//! The Luma IR: the single input of every back end.
//!
//! It knows nothing of Luma syntax. See [`ir`] for the data structures and their invariants,
//! [`visit`] for the operand visitors every consumer shares, [`verify`] for the verifier that
//! checks those invariants, [`mod@print`] and [`parse`] for the text form (`luma dump-ir`),
//! [`hash`] for the canonical hash, [`layout`] for std140/std430 layouts and [`proc`] for the
//! type and constant helpers.

pub mod hash;
pub mod ir;
pub mod layout;
pub mod parse;
pub mod print;
pub mod proc;
pub mod verify;
pub mod visit;

pub use ir::*;
