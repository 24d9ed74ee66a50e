#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(location = 0) in f16vec2 uv;
layout(location = 1) in float16_t shade;
layout(location = 2) flat in uint layer;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform object_block {
    mat4 mvp;
    vec4 tint;
} object;

void main() {
    float16_t r = length(uv);
    float16_t ring = 1.0hf - smoothstep(0.7998047hf, 1.0hf, r);
    vec4 tint = object.tint;
    f16vec3 c = f16vec3(tint.xyz) * (ring * shade);
    color = vec4(vec3(c), float(layer & 1u));
}
