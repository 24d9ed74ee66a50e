#version 450
// Reference for layout_bare_blocks.luma: the same blocks as GLSL interface blocks with the
// layouts Luma promises (std430 push constants, std140 uniforms, std430 storage).
layout(local_size_x = 1) in;
layout(push_constant, std430) uniform PC { float pc[3]; };
layout(set = 0, binding = 0, std140) uniform UA { float ua[3]; };
layout(set = 0, binding = 1, std140) uniform UM { mat2 um; };
layout(set = 0, binding = 2, std140) uniform UV { vec3 uv; };
layout(set = 0, binding = 3, std430) readonly buffer BM { mat3 bm; };
layout(set = 0, binding = 4, std430) buffer Out { float outv[]; };
void main() {
    for (int i = 0; i < 3; i++) {
        outv[i] = pc[i];
        outv[3 + i] = ua[i];
    }
    outv[6] = um[0].x;
    outv[7] = um[0].y;
    outv[8] = um[1].x;
    outv[9] = um[1].y;
    outv[10] = uv.x;
    outv[11] = uv.y;
    outv[12] = uv.z;
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            outv[13 + c * 3 + r] = bm[c][r];
}
