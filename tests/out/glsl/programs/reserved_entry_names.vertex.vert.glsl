#version 450

struct vertex_out {
    vec4 position;
    float value;
};

layout(location = 0) out float value;

layout(set = 0, binding = 0, std140) uniform globals_block {
    float scale;
    float offset;
} globals;

void main() {
    float vertex_Output_1 = float(uint(gl_VertexIndex)) * globals.scale;
    vec4 output_ = vec4(vertex_Output_1, 0.0, 0.0, 1.0);
    vertex_out t = vertex_out(output_, vertex_Output_1 + globals.offset);
    gl_Position = t.position;
    value = t.value;
}
