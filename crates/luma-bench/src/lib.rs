//! The Luma benchmark: compile speed, peak memory and SPIR-V size of Luma against naga and
//! glslang on the same inputs, written up as `docs/benchmarks.md` by `scripts/bench.sh`.
//!
//! - [`generate`] writes the large generated shaders (deterministic, any size).
//! - [`corpus`] gathers the cases: the small test shaders, a medium and the large shader at
//!   1x, 4x and 16x.
//! - [`run`] measures every case: Luma in process per target and for all five, the front-end
//!   stages, the `luma` binary, naga (binary and crate) and glslangValidator, and SPIR-V
//!   instruction counts against glslang with and without `spirv-opt -O`.
//! - [`process`] measures a child process (wall, CPU, peak memory) through a probe;
//!   [`stats`] turns runs into medians and growth exponents; [`spirv`] counts instructions.
//! - [`stages`] times each stage of one compilation (parse, check, lower, optimise, each
//!   back end), to show where the time goes.
//! - [`memory`] counts the heap each stage leaves and peaks at.
//! - [`report`] writes the markdown.
//!
//! Timings are never asserted in tests (shared machines are noisy); the smoke test runs these
//! code paths on tiny inputs.

pub mod corpus;
pub mod generate;
pub mod memory;
pub mod process;
pub mod report;
pub mod run;
pub mod spirv;
pub mod stages;
pub mod stats;
pub mod tools;
