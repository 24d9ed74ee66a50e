#version 450
layout(local_size_x = 2, local_size_y = 1) in;
layout(set = 0, binding = 0, rgba32i) uniform readonly iimage2D signed_in;
layout(set = 0, binding = 1, rgba32i) uniform writeonly iimage2D signed_out;
layout(set = 0, binding = 2, r32ui) uniform uimage2D counts;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec4 s = imageLoad(signed_in, p);
    // -INT_MIN wraps to INT_MIN; the division truncates toward zero.
    imageStore(signed_out, p, ivec4(int(0u - uint(s.x)), s.y >> 1, int(uint(s.z) * 3u), s.w / 2));
    uint c = imageLoad(counts, p).x;
    imageStore(counts, p, uvec4(c + 6u));
}
