#version 450

layout(location = 0) in vec4 color;
layout(location = 1) noperspective in vec2 screen;
layout(location = 2) flat in uint id;
layout(location = 3) flat in int layer;
layout(location = 4) in float weight;
layout(location = 0) out vec4 color_1;
layout(location = 2) out vec4 normal;
layout(location = 3) out uint id_1;

void main() {
    if (color.w < 0.01) {
        discard;
    }
    float facing = gl_FrontFacing ? 1.0 : -1.0;
    color_1 = color * weight;
    normal = vec4(screen, facing, float(layer));
    id_1 = id + uint(gl_SampleID);
    gl_FragDepth = gl_FragCoord.z * 0.5;
    gl_SampleMask[0] = int(uint(gl_SampleMaskIn[0]) & 15u);
}
