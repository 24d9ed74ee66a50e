//! Shared helpers of the lowering tests: a typed-program builder and an IR interpreter.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

pub mod build;
pub mod interp;

use luma_base::Diagnostics;
use luma_ir::Module;
use luma_lower::{lower, LowerOptions};
use luma_thir::Program;

/// Lowers `p`, failing the test with the diagnostics if lowering fails.
pub fn lower_ok(p: &Program) -> Module {
    let mut diags = Diagnostics::default();
    match lower(p, None, &LowerOptions::default(), &mut diags) {
        Some(m) => {
            assert!(!diags.has_errors(), "{:?}", diags.as_slice());
            m
        }
        None => panic!("lowering failed: {:#?}", diags.as_slice()),
    }
}
