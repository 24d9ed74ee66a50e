#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out f16vec2 uv_1;
layout(location = 1) out float16_t shade;
layout(location = 2) flat out uint layer;

layout(push_constant, std430) uniform object_block {
    mat4 mvp;
    vec4 tint;
} object;

void main() {
    f16vec2 h = f16vec2(uv);
    gl_Position = object.mvp * vec4(pos, 1.0);
    uv_1 = h * 2.0hf - f16vec2(1.0hf);
    shade = float16_t(pos.y * 0.5 + 0.5);
    layer = uint(gl_InstanceIndex);
}
