//! The typed program (THIR) that the checker (`luma-sema`) produces and lowering (`luma-lower`)
//! consumes, and the semantic type table both share.

pub mod thir;
pub mod types;

pub use thir::*;
pub use types::*;
