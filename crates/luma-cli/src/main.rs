//! The `luma` command-line compiler.

fn main() {}
