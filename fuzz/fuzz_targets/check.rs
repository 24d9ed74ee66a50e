//! Fuzz target `check`: see `luma_fuzz::run_check` for what it checks.
#![no_main]

luma_fuzz::luma_fuzz_target!(luma_fuzz::run_check, packed = false);
