#version 450

struct FragIn {
    vec4 frag;
    bool front;
    uint sample_id;
    uint mask_in;
    vec4 color;
    vec2 screen;
    uint id;
    int layer;
    float weight;
};

struct FragOut {
    vec4 color;
    vec4 normal;
    uint id;
    float depth;
    uint mask;
};

layout(location = 0) in vec4 color;
layout(location = 1) noperspective in vec2 screen;
layout(location = 2) flat in uint id;
layout(location = 3) flat in int layer;
layout(location = 4) in float weight;
layout(location = 0) out vec4 color_1;
layout(location = 2) out vec4 normal;
layout(location = 3) out uint id_1;

void main() {
    FragIn input_ = FragIn(gl_FragCoord, gl_FrontFacing, uint(gl_SampleID), uint(gl_SampleMaskIn[0]), color, screen, id, layer, weight);
    if (input_.color.w < 0.01) {
        discard;
    }
    float facing = input_.front ? 1.0 : -1.0;
    FragOut t = FragOut(input_.color * input_.weight, vec4(input_.screen, facing, float(input_.layer)), input_.id + input_.sample_id, input_.frag.z * 0.5, input_.mask_in & 15u);
    color_1 = t.color;
    normal = t.normal;
    id_1 = t.id;
    gl_FragDepth = t.depth;
    gl_SampleMask[0] = int(t.mask);
}
