//! SPIR-V binary back end.
