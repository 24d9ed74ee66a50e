#version 450

layout(location = 1) in float varying_;
layout(location = 3) flat in uint flat_;
layout(location = 4) noperspective in vec2 linear_;
layout(location = 5) in vec4 perspective;
layout(location = 8) flat in ivec3 iflat;
layout(location = 0) out vec4 color;

void main() {
    uint mask = uint(gl_SampleMaskIn[0]) & (1u << (uint(gl_SampleID) & 31u));
    float color_1 = gl_FrontFacing ? 1.0 : 0.0;
    gl_FragDepth = varying_ * 0.001;
    gl_SampleMask[0] = int(mask);
    color = vec4(color_1, float(flat_) + linear_.x, perspective.w, float(iflat.y));
}
