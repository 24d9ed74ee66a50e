#version 450
layout(local_size_x = 1) in;
struct Thing { vec3 pos; int id; vec4 color; };
layout(set = 0, binding = 0, std430) buffer B0 { Thing things[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 o[]; };
layout(set = 0, binding = 2, std430) buffer B2 { ivec4 iout[]; };
void main() {
    vec4 v = vec4(0.0);
    v.xz = vec2(1, 2); o[0] = v; v.yx = vec2(5, 6); o[1] = v; v.w = 9.0; v.zw += vec2(1, 1); o[2] = v;
    v.ba = v.rg; o[3] = v;
    o[4] = vec4(0.0); o[4].zy = vec2(7, 8); o[5].wzyx = vec4(1, 2, 3, 4); o[6] = vec4(1.0); o[6].xw *= 3.0;
    ivec4 i = ivec4(1, 2, 3, 4); i.wx = i.xw; i.yz -= ivec2(10); iout[0] = i;
    things[1].pos.zx = vec2(-1, -2); things[1].color.g = 0.5; things[0].color.rb += vec2(0.25, 0.75);
    mat2 m = mat2(1.0); m[1].yx = vec2(3, 4); o[7] = vec4(m[0], m[1]);
}
