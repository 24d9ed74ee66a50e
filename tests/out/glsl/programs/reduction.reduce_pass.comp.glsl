#version 450

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

struct Partial {
    float sum;
    float min_value;
    float max_value;
    uint non_finite;
};

layout(push_constant, std430) uniform reduce_block {
    uint count;
    uint first_pass;
} reduce;
layout(set = 0, binding = 0, std430) readonly buffer values_block {
    float values[];
};
layout(set = 0, binding = 1, std430) readonly buffer partials_in_block {
    Partial partials_in[];
};
layout(set = 0, binding = 2, std430) buffer partials_out_block {
    Partial partials_out[];
};
shared float sums[256];
shared float minima[256];
shared float maxima[256];
shared uint bad_count;

Partial identity() {
    return Partial(0.0, 3.4028235e38, -3.4028235e38, 0u);
}

Partial combine(Partial a, Partial b) {
    return Partial(a.sum + b.sum, min(a.min_value, b.min_value), max(a.max_value, b.max_value), a.non_finite + b.non_finite);
}

Partial load(uint index) {
    if (reduce.first_pass != 0u) {
        float v = values[min(index, uint(values.length()) - 1u)];
        if (isnan(v) || isinf(v)) {
            Partial p = identity();
            Partial p_1 = p;
            p_1.non_finite = 1u;
            return p_1;
        }
        return Partial(v, v, v, 0u);
    }
    Partial t = partials_in[min(index, uint(partials_in.length()) - 1u)];
    return t;
}

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(bad_count, 0u);
    }
    Partial acc = identity();
    uint stride = gl_NumWorkGroups.x * 256u;
    uint i = gl_WorkGroupID.x * 256u + gl_LocalInvocationIndex;
    uint v = 0u;
    Partial acc_1 = acc;
    uint i_1 = i;
    Partial acc_2;
    while (true) {
        if (!(v < 1048576u)) {
            acc_2 = acc_1;
            break;
        }
        if (!(i_1 < reduce.count)) {
            acc_2 = acc_1;
            break;
        }
        Partial load_1 = load(i_1);
        Partial acc_3 = combine(acc_1, load_1);
        uint i_2 = i_1 + stride;
        v = v + 1u;
        acc_1 = acc_3;
        i_1 = i_2;
    }
    sums[min(gl_LocalInvocationIndex, 255u)] = acc_2.sum;
    minima[min(gl_LocalInvocationIndex, 255u)] = acc_2.min_value;
    maxima[min(gl_LocalInvocationIndex, 255u)] = acc_2.max_value;
    memoryBarrierShared();
    barrier();
    atomicAdd(bad_count, acc_2.non_finite);
    uint v_1 = 0u;
    uint active_ = 128u;
    while (true) {
        if (!(v_1 < 8u)) {
            break;
        }
        if (!(active_ > 0u)) {
            break;
        }
        if (gl_LocalInvocationIndex < active_) {
            float t = sums[min(gl_LocalInvocationIndex + active_, 255u)];
            float t_1 = sums[min(gl_LocalInvocationIndex, 255u)];
            sums[min(gl_LocalInvocationIndex, 255u)] = t_1 + t;
            float t_2 = minima[min(gl_LocalInvocationIndex, 255u)];
            float t_3 = minima[min(gl_LocalInvocationIndex + active_, 255u)];
            minima[min(gl_LocalInvocationIndex, 255u)] = min(t_2, t_3);
            float t_4 = maxima[min(gl_LocalInvocationIndex, 255u)];
            float t_5 = maxima[min(gl_LocalInvocationIndex + active_, 255u)];
            maxima[min(gl_LocalInvocationIndex, 255u)] = max(t_4, t_5);
        }
        memoryBarrierShared();
        barrier();
        uint active_1 = active_ >> 1u;
        v_1 = v_1 + 1u;
        active_ = active_1;
    }
    if (gl_LocalInvocationIndex == 0u) {
        float t_6 = sums[0u];
        float t_7 = minima[0u];
        float t_8 = maxima[0u];
        uint t_9 = atomicAdd(bad_count, 0u);
        partials_out[min(gl_WorkGroupID.x, uint(partials_out.length()) - 1u)] = Partial(t_6, t_7, t_8, t_9);
    }
}
