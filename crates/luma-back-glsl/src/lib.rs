//! GLSL 450 (Vulkan flavour) back end.
