#version 450

layout(location = 3) in ivec2 offset;
layout(location = 1) in vec2 corner;
layout(location = 5) in uint tag;
layout(location = 1) out vec3 normal;
layout(location = 0) out vec2 uv;
layout(location = 2) flat out uint id;

void main() {
    vec2 p = corner + vec2(offset) * 0.25;
    normal = vec3(0.0, 0.0, 1.0);
    uv = p * 0.5 + vec2(0.5);
    id = tag + uint(gl_VertexIndex) * 16u + uint(gl_InstanceIndex);
    gl_Position = vec4(p, 0.5, 1.0);
}
