//! Fuzz target `parse`: see `luma_fuzz::run_parse` for what it checks.
#![no_main]

luma_fuzz::luma_fuzz_target!(luma_fuzz::run_parse, packed = false);
