#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer ints_block {
    int ints[];
};
layout(set = 0, binding = 1, std430) buffer uints_block {
    uint uints[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
uvec4 luma_div(uvec4 a, uvec4 b) {
    return a / mix(b, uvec4(1u), equal(b, uvec4(0u)));
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
ivec2 luma_rem(ivec2 a, ivec2 b) {
    return ivec2(luma_rem(a.x, b.x), luma_rem(a.y, b.y));
}

void main() {
    int t = ints[min(0u, uint(ints.length()) - 1u)];
    int t_1 = ints[min(1u, uint(ints.length()) - 1u)];
    ivec2 a = ivec2(t, t_1);
    int x = ints[min(2u, uint(ints.length()) - 1u)];
    ivec2 r = luma_rem(a, ivec2(x, 0));
    ints[min(3u, uint(ints.length()) - 1u)] = r.x + r.y;
    uint t_2 = uints[min(0u, uint(uints.length()) - 1u)];
    uvec4 u = uvec4(t_2);
    uint t_3 = uints[min(1u, uint(uints.length()) - 1u)];
    uvec4 q = luma_div(u, uvec4(uvec2(t_3, 0u), uvec2(11u, 0u)));
    uints[min(2u, uint(uints.length()) - 1u)] = q.x + q.y + q.z + q.w;
    ints[min(4u, uint(ints.length()) - 1u)] = luma_div(-x, 0) + luma_rem(x, 0);
}
