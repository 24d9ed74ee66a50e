#version 450

layout(location = 10) in uint color;
layout(location = 1) out float varying_;
layout(location = 3) flat out uint flat_;
layout(location = 4) noperspective out vec2 linear_;
layout(location = 5) out vec4 perspective;
layout(location = 8) flat out ivec3 iflat;

void main() {
    uint tmp = uint(gl_VertexIndex) + uint(gl_InstanceIndex) + color;
    gl_Position = vec4(1.0);
    varying_ = float(tmp);
    flat_ = tmp * 2u;
    linear_ = vec2(27.0, 64.0);
    perspective = vec4(729.0, 1000.0, 1331.0, 1728.0);
    iflat = ivec3(-1, int(tmp), 3);
}
