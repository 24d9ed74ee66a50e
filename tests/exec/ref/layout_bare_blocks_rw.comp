#version 450
// Reference for layout_bare_blocks_rw.luma, with the layouts Luma promises.
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform PC { mat2 pm; };
layout(set = 0, binding = 0, std140) uniform UI { int ui; };
layout(set = 0, binding = 1, std430) buffer Counter { uint counter; };
layout(set = 0, binding = 2, std430) buffer V3 { vec3 v3[2]; };
layout(set = 0, binding = 3, std430) buffer Out { float outv[]; };
void main() {
    outv[0] = pm[0].x;
    outv[1] = pm[0].y;
    outv[2] = pm[1].x;
    outv[3] = pm[1].y;
    outv[4] = float(ui);
    counter += 5u;
    v3[1] = v3[0] + vec3(1.0);
    v3[0].y = 9.0;
}
