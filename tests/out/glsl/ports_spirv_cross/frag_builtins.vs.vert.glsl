#version 450

layout(location = 0) out vec4 va;
layout(location = 1) out vec4 vb;
layout(location = 2) noperspective out vec2 screen;
layout(location = 3) flat out int line;
layout(location = 4) flat out ivec4 vin1;

void main() {
    vec2 uv = vec2(float((uint(gl_VertexIndex) << 1u) & 2u), float(uint(gl_VertexIndex) & 2u));
    gl_Position = vec4(uv * 2.0 - vec2(1.0), 0.0, 1.0);
    va = vec4(uv, 0.0, 1.0);
    vb = vec4(vec2(1.0) - uv, float(uint(gl_InstanceIndex)), 1.0);
    screen = uv;
    line = int(uint(gl_VertexIndex));
    vin1 = ivec4(int(uint(gl_VertexIndex)), int(uint(gl_InstanceIndex)), -1, 7);
}
