#version 450
void main() {
    int id = gl_VertexIndex;
    gl_Position = vec4(float(id / 2) * 4.0 - 1.0, float(id & 1) * 4.0 - 1.0, 0.0, 1.0);
}
