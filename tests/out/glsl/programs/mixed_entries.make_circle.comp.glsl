#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

struct LineVertex {
    vec4 position;
    vec4 color;
};

layout(set = 0, binding = 1, std430) buffer line_vertices_block {
    LineVertex line_vertices[];
};

void main() {
    uint t = uint(line_vertices.length());
    uint count = uint(int(t)) / 2u;
    uint segment = gl_GlobalInvocationID.x;
    if (segment >= count) {
        return;
    }
    float step_angle = 6.2831855 / float(count);
    float a0 = float(segment) * step_angle;
    float a1 = a0 + step_angle;
    vec4 color = vec4(0.5 + 0.5 * cos(a0), 0.5 + 0.5 * sin(a0), 1.0, 1.0);
    line_vertices[min(segment * 2u, uint(line_vertices.length()) - 1u)] = LineVertex(vec4(cos(a0), 0.0, sin(a0), 1.0), color);
    line_vertices[min(segment * 2u + 1u, uint(line_vertices.length()) - 1u)] = LineVertex(vec4(cos(a1), 0.0, sin(a1), 1.0), color);
}
