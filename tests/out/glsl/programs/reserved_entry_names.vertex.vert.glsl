#version 450

layout(location = 0) out float value;

layout(set = 0, binding = 0, std140) uniform globals_block {
    float scale;
    float offset;
} globals;

void main() {
    float vertex_Output = float(uint(gl_VertexIndex)) * globals.scale;
    vec4 output_ = vec4(vertex_Output, 0.0, 0.0, 1.0);
    gl_Position = output_;
    value = vertex_Output + globals.offset;
}
