//! Vulkan execution harness.
