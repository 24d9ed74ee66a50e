#version 450

struct Normals {
    vec3 f;
};

void main() {
    Normals local[1] = Normals[1](Normals(vec3(0.0, 0.0, 1.0)));
    int zero = int(uint(gl_VertexIndex)) * 0;
    vec3 f = local[min(uint(zero), 0u)].f;
    gl_Position = vec4(f, 1.0);
}
