#version 450

layout(local_size_x = 16, local_size_y = 1, local_size_z = 1) in;

struct Inner {
    vec3 a;
    float b;
    vec2 c;
    mat2x3 m;
};

struct Light {
    vec3 pos;
    float range;
    vec3 color;
    uint kinds[2];
    Inner inner;
    mat3x2 tr;
};

layout(set = 0, binding = 0, std140) uniform frame_block {
    Light lights[3];
    float grid[2][3];
    vec3 odd[2];
    float scale;
    mat3 tail;
    uint flag;
} frame;
layout(set = 0, binding = 1, std430) buffer store_block {
    uint count;
    vec3 v3;
    float f;
    vec2 grid[2][3];
    mat2x3 mats[2];
    Inner inners[2];
    vec3 data[];
} store;

void main() {
    uint i = gl_GlobalInvocationID.x;
    int k = 0;
    uint v = 2u;
    bool v_1 = true;
    vec3 acc = vec3(0.0);
    vec3 acc_1;
    while (true) {
        if (!v_1) {
            acc_1 = acc;
            break;
        }
        Light l = frame.lights[min(uint(k), 2u)];
        vec3 acc_2 = acc + (l.color * l.range + l.inner.a * l.inner.b + l.inner.m * l.inner.c);
        vec2 t = acc_2.xy + l.tr * l.pos;
        vec3 acc_3 = vec3(t, acc_2.z);
        vec3 acc_4 = acc_3;
        acc_4.z = acc_3.z + float(l.kinds[1]);
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_4;
    }
    vec3 acc_5 = acc_1;
    acc_5.x = acc_1.x + (frame.grid[1u][2u] + frame.odd[1u].z * frame.scale);
    vec3 acc_6 = frame.tail * acc_5;
    store.v3 = acc_6;
    float f = store.f;
    store.f = f + frame.grid[0u][1u];
    float t_1 = store.grid[1u][2u].y;
    store.grid[1u][2u].y = t_1 - 1.0;
    vec2 t_2 = store.grid[min(i % 2u, 1u)][min(i % 3u, 2u)];
    store.grid[min(i % 2u, 1u)][min(i % 3u, 2u)] = t_2 * vec2(2.0, 3.0);
    store.mats[1u][1u].z = acc_6.y;
    store.mats[0u] = mat2x3(acc_6, acc_6.zyx);
    uint t_3 = i & 1u;
    vec3 t_4 = store.inners[min(t_3, 1u)].m[1u];
    vec2 t_5 = t_4.yz + acc_6.xy;
    store.inners[min(t_3, 1u)].m[1u].y = t_5.x;
    store.inners[min(t_3, 1u)].m[1u].z = t_5.y;
    vec2 t_6 = acc_6.zy;
    store.inners[0u].c.y = t_6.x;
    store.inners[0u].c.x = t_6.y;
    uint t_7 = uint(store.data.length());
    if (i < uint(int(t_7))) {
        vec3 t_8 = store.data[min(i, uint(store.data.length()) - 1u)];
        vec2 t_9 = t_8.zx + vec2(float(frame.flag), 1.0);
        store.data[min(i, uint(store.data.length()) - 1u)].z = t_9.x;
        store.data[min(i, uint(store.data.length()) - 1u)].x = t_9.y;
    }
    uint count = store.count;
    store.count = count + 1u;
}
