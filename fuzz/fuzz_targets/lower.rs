//! Fuzz target `lower`: see `luma_fuzz::run_lower` for what it checks.
#![no_main]

luma_fuzz::luma_fuzz_target!(luma_fuzz::run_lower, packed = false);
