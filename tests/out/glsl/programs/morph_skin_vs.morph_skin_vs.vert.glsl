#version 450

struct Delta {
    vec3 position;
    float pad0;
    vec3 normal;
    float pad1;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 4) in uint joint_ids;
layout(location = 5) in uint joint_weights;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec4 tangent_1;
layout(location = 2) out vec2 uv_1;
layout(location = 3) flat out uint dominant_joint;

layout(set = 0, binding = 0, std140) uniform morph_block {
    float weights[8];
    int target_ids[8];
    int active_;
    uint vertex_count;
    mat4 model;
    mat4 view_proj;
} morph;
layout(set = 0, binding = 1, std430) readonly buffer deltas_block {
    Delta deltas[];
};
layout(set = 0, binding = 2, std430) readonly buffer joints_block {
    mat4x3 joints[];
};

void main() {
    vec3 t = tangent.xyz;
    int t_1 = morph.active_ - 1;
    int k = 0;
    uint v = uint(t_1) - 0u;
    bool v_1 = 0 <= t_1;
    uint v_2 = 0u;
    vec3 p = position;
    vec3 n = normal;
    vec3 p_1;
    vec3 n_1;
    while (true) {
        if (!(v_2 < 8u)) {
            p_1 = p;
            n_1 = n;
            break;
        }
        if (!v_1) {
            p_1 = p;
            n_1 = n;
            break;
        }
        float w = morph.weights[min(uint(k), 7u)];
        if (w == 0.0) {
            p_1 = p;
            n_1 = n;
            break;
        }
        Delta d = deltas[min(uint(morph.target_ids[min(uint(k), 7u)]) * morph.vertex_count + uint(gl_VertexIndex), uint(deltas.length()) - 1u)];
        vec3 p_2 = p + d.position * w;
        vec3 n_2 = n + d.normal * w;
        bool next_v = v != 0u;
        k = k + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        p = p_2;
        n = n_2;
    }
    uvec4 ids = uvec4(joint_ids & 255u, (joint_ids >> 8u) & 255u, (joint_ids >> 16u) & 255u, joint_ids >> 24u);
    vec4 ws = unpackUnorm4x8(joint_weights);
    float total = ws.x + ws.y + ws.z + ws.w;
    vec4 ws_1 = total > 0.0 ? ws / vec4(total) : vec4(1.0, 0.0, 0.0, 0.0);
    mat4x3 t_2 = joints[min(ids.x, uint(joints.length()) - 1u)];
    mat4x3 t_3 = t_2 * ws_1.x;
    mat4x3 t_4 = joints[min(ids.y, uint(joints.length()) - 1u)];
    mat4x3 t_5 = t_4 * ws_1.y;
    mat4x3 t_6 = joints[min(ids.z, uint(joints.length()) - 1u)];
    mat4x3 t_7 = t_6 * ws_1.z;
    mat4x3 t_8 = joints[min(ids.w, uint(joints.length()) - 1u)];
    mat4x3 t_9 = t_8 * ws_1.w;
    vec3 t_10 = t_3[0] + t_5[0] + t_7[0] + t_9[0];
    vec3 t_11 = t_3[1] + t_5[1] + t_7[1] + t_9[1];
    vec3 t_12 = t_3[2] + t_5[2] + t_7[2] + t_9[2];
    mat4x3 skin = mat4x3(t_10, t_11, t_12, t_3[3] + t_5[3] + t_7[3] + t_9[3]);
    uint dominant = ids.x;
    float best = ws_1.x;
    int c = 1;
    uint v_3 = 2u;
    bool v_4 = true;
    uint dominant_1 = dominant;
    float best_1 = best;
    uint dominant_2;
    while (true) {
        if (!v_4) {
            dominant_2 = dominant_1;
            break;
        }
        uint dominant_3 = dominant_1;
        float best_2 = best_1;
        if (ws_1[min(uint(c), 3u)] > best_1) {
            dominant_3 = ids[min(uint(c), 3u)];
            best_2 = ws_1[min(uint(c), 3u)];
        }
        bool next_v_1 = v_3 != 0u;
        c = c + 1;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
        dominant_1 = dominant_3;
        best_1 = best_2;
    }
    vec3 local_pos = skin * vec4(p_1, 1.0);
    mat3 m3 = mat3(t_10, t_11, t_12);
    vec4 world = morph.model * vec4(local_pos, 1.0);
    mat4 model = morph.model;
    vec4 t_13 = model[0];
    vec4 t_14 = model[1];
    vec4 t_15 = model[2];
    mat3 nm = mat3(t_13.xyz, t_14.xyz, t_15.xyz) * m3;
    gl_Position = morph.view_proj * world;
    normal_1 = normalize(nm * n_1);
    tangent_1 = vec4(normalize(nm * t), tangent.w);
    uv_1 = uv;
    dominant_joint = dominant_2;
}
