//! Fuzz target `generate`: the input drives a generator of well-typed programs
//! (`luma_fuzz::gen`); every one must compile for every target. libFuzzer's own byte mutation
//! is the right mutator here: the bytes are the generator's choices, not text.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| luma_fuzz::run_generate(data));
