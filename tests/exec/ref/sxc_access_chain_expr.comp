#version 450
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(set = 0, binding = 0) uniform itexture2D buf;
layout(set = 0, binding = 1, std430) readonly buffer R { vec4 results[16]; };
layout(set = 0, binding = 2, std430) writeonly buffer O { vec4 out_color[4]; };
layout(set = 0, binding = 3, std430) readonly buffer P { ivec2 params[4]; };
// Luma: truncated remainder, indices clamped as unsigned numbers
uint cl(int i) { return min(uint(i), 15u); }
void main() {
    uint li = gl_LocalInvocationIndex;
    ivec4 coords = texelFetch(buf, ivec2(gl_LocalInvocationID.xy), 0);
    int rem = coords.x - 16 * (coords.x / 16);
    vec4 foo = results[cl(rem)];
    ivec2 p = params[li];
    int c = p.x * p.x;
    int d = p.y * p.y;
    out_color[li] = foo + foo + results[cl(c + d)] + vec4(coords.wzyx) * 0.5;
}
