//! HLSL (Shader Model 6) back end.
