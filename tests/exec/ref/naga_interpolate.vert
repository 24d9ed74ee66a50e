#version 450
layout(location = 1) out float smooth_;
layout(location = 3) flat out uint flat_;
layout(location = 4) noperspective out vec2 linear_;
layout(location = 5) noperspective out vec3 linear3;
layout(location = 8) flat out ivec2 iflat;
const vec2 corners[6] = vec2[6](vec2(-1.0, -1.0), vec2(1.1, -1.0), vec2(-1.0, 1.1), vec2(1.1, -1.0), vec2(-1.0, 1.1), vec2(1.1, 1.1));
void main() {
    uint id = uint(gl_VertexIndex);
    gl_Position = vec4(corners[id], 0.5, 1.0);
    smooth_ = 27.0; flat_ = id * 10u + 1u; linear_ = vec2(64.0, 125.0); linear3 = vec3(216.0, 343.0, 512.0);
    iflat = ivec2(-int(id), int(id) * 3);
}
