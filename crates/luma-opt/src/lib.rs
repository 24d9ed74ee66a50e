//! Optimisation passes over the Luma IR and the pass pipeline of each opt level.
