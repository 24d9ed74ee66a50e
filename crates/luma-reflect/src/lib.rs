//! Reflection: the model of entry points, bindings, layouts and specialization constants, as JSON.
