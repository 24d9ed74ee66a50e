//! WGSL back end.
