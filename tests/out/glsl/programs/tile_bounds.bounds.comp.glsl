#version 450

layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform screen_block {
    uvec2 size;
    float near;
    float far;
    uint tiles_x;
} screen;
layout(set = 0, binding = 1, std430) readonly buffer depth_block {
    float depth[];
};
layout(set = 0, binding = 2, std430) buffer tile_bounds_block {
    vec4 tile_bounds[];
};
shared float tile_min[256];
shared float tile_max[256];
shared uint sky_count;

float linear_depth(float d) {
    return screen.near * screen.far / (screen.far - d * (screen.far - screen.near));
}

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(sky_count, 0u);
    }
    memoryBarrierShared();
    barrier();
    float lo = 3.4028235e38;
    float hi = -3.4028235e38;
    if (gl_GlobalInvocationID.x < screen.size.x && gl_GlobalInvocationID.y < screen.size.y) {
        float d = depth[min(gl_GlobalInvocationID.y * screen.size.x + gl_GlobalInvocationID.x, uint(depth.length()) - 1u)];
        float lo_1 = 3.4028235e38;
        float hi_1 = -3.4028235e38;
        if (d < 1.0) {
            float z = linear_depth(d);
            lo_1 = z;
            hi_1 = z;
        } else {
            atomicAdd(sky_count, 1u);
        }
        lo = lo_1;
        hi = hi_1;
    }
    tile_min[min(gl_LocalInvocationIndex, 255u)] = lo;
    tile_max[min(gl_LocalInvocationIndex, 255u)] = hi;
    memoryBarrierShared();
    barrier();
    uint v = 0u;
    int stride = 128;
    while (true) {
        if (!(v < 8u)) {
            break;
        }
        if (!(stride > 0)) {
            break;
        }
        if (int(gl_LocalInvocationIndex) < stride) {
            float t = tile_min[min(gl_LocalInvocationIndex, 255u)];
            float t_1 = tile_min[min(uint(int(gl_LocalInvocationIndex) + stride), 255u)];
            tile_min[min(gl_LocalInvocationIndex, 255u)] = min(t, t_1);
            float t_2 = tile_max[min(gl_LocalInvocationIndex, 255u)];
            float t_3 = tile_max[min(uint(int(gl_LocalInvocationIndex) + stride), 255u)];
            tile_max[min(gl_LocalInvocationIndex, 255u)] = max(t_2, t_3);
        }
        memoryBarrierShared();
        barrier();
        int stride_1 = stride / 2;
        v = v + 1u;
        stride = stride_1;
    }
    if (gl_LocalInvocationIndex == 0u) {
        float t_4 = tile_min[0u];
        bool empty = t_4 == 3.4028235e38;
        uint index = gl_WorkGroupID.y * screen.tiles_x + gl_WorkGroupID.x;
        float v_1;
        if (empty) {
            v_1 = 0.0;
        } else {
            float t_5 = tile_min[0u];
            v_1 = t_5;
        }
        float v_2;
        if (empty) {
            v_2 = 0.0;
        } else {
            float t_6 = tile_max[0u];
            v_2 = t_6;
        }
        uint t_7 = atomicAdd(sky_count, 0u);
        tile_bounds[min(index, uint(tile_bounds.length()) - 1u)] = vec4(v_1, v_2, float(t_7), empty ? 1.0 : 0.0);
    }
}
