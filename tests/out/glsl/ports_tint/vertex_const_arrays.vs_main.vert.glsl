#version 450

void main() {
    vec4 local[3] = vec4[3](vec4(0.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0), vec4(1.0, 1.0, 0.0, 1.0));
    vec4 t = local[min(uint(gl_VertexIndex), 2u)];
    gl_Position = t;
}
