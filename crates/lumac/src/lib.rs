//! The Luma compiler library: `compile`, and the staged API `parse` / `check` / `lower` / `emit`.
