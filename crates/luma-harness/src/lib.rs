//! Vulkan execution harness: runs compiled shaders on a real Vulkan driver (lavapipe in CI, a
//! GPU where there is one) and checks what they computed.
//!
//! Validators prove output is well-formed; this crate proves it is right. A test is a shader plus
//! a TOML spec (inputs, a dispatch or a draw, expected outputs, see [`spec`]); the runner compiles
//! the shader through every path (Luma SPIR-V, Luma GLSL through glslang, Luma HLSL through
//! glslang, Luma WGSL through naga), runs each on the device with the Khronos validation layer,
//! and requires every path to produce the expected values. Any validation error fails the run.
//!
//! Layers: [`data`] (typed byte strings) and [`compare`] are pure; [`reflect`] reads SPIR-V;
//! [`job`] describes one device run and [`vulkan`] executes it; [`spec`], [`paths`] and
//! [`runner`] turn test files into jobs; [`report`] prints the results.

pub mod compare;
pub mod data;
pub mod error;
pub mod job;
pub mod luma;
pub mod paths;
pub mod reflect;
pub mod report;
pub mod runner;
pub mod spec;
pub mod vulkan;

pub use error::{Error, Result};
pub use vulkan::{Gpu, GpuOptions, Validation};
