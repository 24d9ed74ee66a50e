#version 450

struct LineVertex {
    vec4 position;
    vec4 color;
};

layout(location = 0) out vec4 color;
layout(location = 1) noperspective out float edge;

layout(set = 0, binding = 0, std140) uniform view_block {
    mat4 view_proj;
    vec2 viewport;
    float line_width;
    float time;
} view;
layout(set = 0, binding = 1, std430) readonly buffer line_vertices_block {
    LineVertex line_vertices[];
};

void main() {
    uint segment = uint(gl_VertexIndex) / 6u;
    uint corner = uint(gl_VertexIndex) % 6u;
    LineVertex a = line_vertices[min(segment * 2u, uint(line_vertices.length()) - 1u)];
    LineVertex b = line_vertices[min(segment * 2u + 1u, uint(line_vertices.length()) - 1u)];
    vec4 clip_a = view.view_proj * a.position;
    vec4 clip_b = view.view_proj * b.position;
    vec2 screen_a = clip_a.xy / vec2(clip_a.w) * view.viewport;
    vec2 screen_b = clip_b.xy / vec2(clip_b.w) * view.viewport;
    vec2 dir = normalize(screen_b - screen_a);
    vec2 normal = vec2(-dir.y, dir.x) * view.line_width / view.viewport;
    bool use_b = corner == 1u || corner == 2u || corner == 4u;
    float side = corner == 0u || corner == 1u || corner == 3u ? -1.0 : 1.0;
    vec4 clip = use_b ? clip_b : clip_a;
    gl_Position = clip + vec4(normal * side * clip.w, 0.0, 0.0);
    color = use_b ? b.color : a.color;
    edge = side;
}
