//! Fuzz target `msl`: mutated corpus shaders through the front end, lowering and the
//! optimiser into the msl back end, which must write the module or report a proper E09xx error.
#![no_main]

luma_fuzz::luma_fuzz_target!(
    |data: &[u8]| luma_fuzz::run_backend(data, lumac::Target::Msl),
    packed = false
);
