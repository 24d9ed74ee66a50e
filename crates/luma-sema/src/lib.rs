//! Luma semantic analysis: desugaring, name resolution, type checking and constant evaluation.
