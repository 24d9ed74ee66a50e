#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec2 pairs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float rem_out[]; };
layout(set = 0, binding = 2, std430) buffer B2 { float mod_out[]; };
layout(set = 0, binding = 3, std430) buffer B3 { vec4 vec_out[]; };
void main() {
    for (int i = 0; i <= 5; i++) {
        vec2 p = pairs[i];
        rem_out[i] = p.x - p.y * trunc(p.x / p.y);
        mod_out[i] = p.x - p.y * floor(p.x / p.y);
    }
    vec4 v = vec4(pairs[0].x, pairs[1].x, pairs[4].x, pairs[5].x);
    float d = pairs[0].y;
    vec_out[0] = v - d * trunc(v / d);
    vec_out[1] = v - d * floor(v / d);
    vec4 dd = vec4(d, -d, d, -d);
    vec_out[2] = v - dd * floor(v / dd);
}
