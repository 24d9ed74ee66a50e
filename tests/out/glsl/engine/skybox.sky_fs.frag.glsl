#version 450

layout(location = 0) in vec3 direction;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform sky_block {
    mat4 view_rotation;
    mat4 proj;
    float intensity;
} sky;
layout(set = 0, binding = 1) uniform samplerCube environment;

void main() {
    vec4 texel = texture(environment, normalize(direction));
    vec3 c = texel.xyz * sky.intensity;
    color = vec4(c, 1.0);
}
