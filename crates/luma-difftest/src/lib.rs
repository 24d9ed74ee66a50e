//! Differential testing of the Luma compiler: random, well-typed compute programs run through
//! a reference evaluator of the language (the expected answer), the IR interpreter at every opt
//! level, and every target on a Vulkan driver (SPIR-V; GLSL and HLSL through glslang; WGSL
//! through naga) at every opt level. Every answer must agree; a program on which they do not is
//! minimised automatically and saved as a regression test under `tests/difftest/`.
//!
//! - [`gen`] builds programs from a seed ([`ast`]), [`print`](mod@print) writes them as Luma source and
//!   [`eval`] runs them with the language's meaning;
//! - [`run`] compiles a [`ast::Case`] at every opt level and compares every path;
//! - [`minimize`] shrinks a disagreeing program while the disagreement persists;
//! - [`regress`] writes and reads the saved programs (a Luma source and a harness spec).

pub mod ast;
pub mod campaign;
pub mod eval;
pub mod gen;
pub mod minimize;
pub mod print;
pub mod regress;
pub mod rng;
pub mod run;
