//! Lowering of the typed Luma program (THIR) to the Luma IR.
