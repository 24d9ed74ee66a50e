#version 450

struct Corner {
    vec2 offset;
    float scale;
};

layout(location = 0) out vec2 uv;
layout(location = 1) flat out uint slot;

layout(push_constant, std430) uniform push_block {
    Corner corners[4];
    vec4 palette[4];
    vec4 levels[3];
    mat3 transform;
} push;

void main() {
    Corner corner = push.corners[min(uint(gl_VertexIndex) & 3u, 3u)];
    vec3 p = push.transform * vec3(corner.offset * corner.scale, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    uv = corner.offset;
    slot = uint(gl_InstanceIndex) & 3u;
}
