#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec2 uv_1;
layout(location = 1) out f16vec3 normal_1;
layout(location = 2) out f16vec3 view_dir;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 eye;
    float exposure;
    float white;
} camera;

void main() {
    vec4 eye = camera.eye;
    gl_Position = camera.view_proj * vec4(pos, 1.0);
    uv_1 = uv;
    normal_1 = f16vec3(normal);
    view_dir = f16vec3(normalize(eye.xyz - pos));
}
