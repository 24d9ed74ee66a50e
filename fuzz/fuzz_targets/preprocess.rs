//! Fuzz target `preprocess`: see `luma_fuzz::run_preprocess` for what it checks.
#![no_main]

luma_fuzz::luma_fuzz_target!(luma_fuzz::run_preprocess, packed = true);
