#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

struct Pair {
    float a;
    float b;
};

layout(set = 0, binding = 0) uniform texture2D depth;
layout(set = 0, binding = 1, std430) buffer out_block {
    vec2 out_[];
};
shared float lo[16][16];
shared float hi[16][16];
shared Pair scratch[256];

void reduce_step(uvec2 lid, uint s) {
    if (lid.x < s) {
        float t = lo[min(lid.y, 15u)][min(lid.x, 15u)];
        float t_1 = lo[min(lid.y, 15u)][min(lid.x + s, 15u)];
        lo[min(lid.y, 15u)][min(lid.x, 15u)] = min(t, t_1);
        float t_2 = hi[min(lid.y, 15u)][min(lid.x, 15u)];
        float t_3 = hi[min(lid.y, 15u)][min(lid.x + s, 15u)];
        hi[min(lid.y, 15u)][min(lid.x, 15u)] = max(t_2, t_3);
    }
    memoryBarrierShared();
    barrier();
}

void main() {
    ivec2 p = ivec2(gl_WorkGroupID.xy * uvec2(16u) + gl_LocalInvocationID.xy);
    ivec2 size = textureSize(depth, 0);
    float d = texelFetch(depth, clamp(min(p, size - ivec2(1)), ivec2(0), textureSize(depth, 0) - 1), 0).x;
    lo[min(gl_LocalInvocationID.y, 15u)][min(gl_LocalInvocationID.x, 15u)] = d;
    hi[min(gl_LocalInvocationID.y, 15u)][min(gl_LocalInvocationID.x, 15u)] = d;
    memoryBarrierShared();
    barrier();
    uint v = 0u;
    uint s = 8u;
    while (true) {
        if (!(v < 8u)) {
            break;
        }
        if (!(s > 0u)) {
            break;
        }
        reduce_step(gl_LocalInvocationID.xy, s);
        uint s_1 = s >> 1u;
        v = v + 1u;
        s = s_1;
    }
    if (gl_LocalInvocationID.x == 0u) {
        float t = lo[min(gl_LocalInvocationID.y, 15u)][0u];
        float t_1 = hi[min(gl_LocalInvocationID.y, 15u)][0u];
        scratch[min(gl_LocalInvocationID.y, 255u)] = Pair(t, t_1);
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationID.x == 0u && gl_LocalInvocationID.y == 0u) {
        float m = scratch[0u].a;
        float x = scratch[0u].b;
        int i = 1;
        uint v_1 = 14u;
        bool v_2 = true;
        float m_1 = m;
        float x_1 = x;
        float m_2;
        float x_2;
        while (true) {
            if (!v_2) {
                m_2 = m_1;
                x_2 = x_1;
                break;
            }
            float a = scratch[min(uint(i), 255u)].a;
            float m_3 = min(m_1, a);
            float b = scratch[min(uint(i), 255u)].b;
            float x_3 = max(x_1, b);
            bool next_v = v_1 != 0u;
            i = i + 1;
            v_1 = v_1 - 1u;
            v_2 = next_v;
            m_1 = m_3;
            x_1 = x_3;
        }
        out_[min(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x, uint(out_.length()) - 1u)] = vec2(m_2, x_2);
    }
}
