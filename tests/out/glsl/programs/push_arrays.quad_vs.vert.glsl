#version 450

struct Corner {
    vec2 offset;
    float scale;
};

struct Quad {
    vec4 clip;
    vec2 uv;
    uint slot;
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
    Quad t = Quad(vec4(p.xy, 0.0, 1.0), corner.offset, uint(gl_InstanceIndex) & 3u);
    gl_Position = t.clip;
    uv = t.uv;
    slot = t.slot;
}
