#version 450

struct DualQuat {
    vec4 real;
    vec4 dual;
};

struct JointMatrix {
    vec4 rows[3];
};

struct Skinned {
    vec3 position;
    vec3 normal;
    vec3 tangent;
};

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in uvec4 joints;
layout(location = 4) in vec4 weights;
layout(location = 5) in vec2 uv;
layout(location = 0) out vec3 normal_1;
layout(location = 1) out vec4 tangent_1;
layout(location = 2) out vec2 uv_1;

layout(set = 0, binding = 0, std140) uniform skin_block {
    mat4 view_proj;
    mat4 model;
    uint use_dual_quaternions;
    uint joint_count;
} skin;
layout(set = 0, binding = 1, std430) readonly buffer joint_dqs_block {
    DualQuat joint_dqs[];
};
layout(set = 0, binding = 2, std430) readonly buffer joint_matrices_block {
    JointMatrix joint_matrices[];
};

vec3 quat_rotate(vec4 q, vec3 v) {
    return v + cross(q.xyz, cross(q.xyz, v) + v * q.w) * 2.0;
}

DualQuat blend_dual_quats(uvec4 joints_1, vec4 weights_1) {
    DualQuat first = joint_dqs[min(joints_1.x, uint(joint_dqs.length()) - 1u)];
    vec4 real = first.real * weights_1.x;
    vec4 dual = first.dual * weights_1.x;
    int i = 1;
    uint v = 2u;
    bool v_1 = true;
    vec4 real_1 = real;
    vec4 dual_1 = dual;
    vec4 real_2;
    vec4 dual_2;
    while (true) {
        if (!v_1) {
            real_2 = real_1;
            dual_2 = dual_1;
            break;
        }
        float w = weights_1[min(uint(i), 3u)];
        vec4 real_3 = real_1;
        vec4 dual_3 = dual_1;
        if (w > 0.0) {
            DualQuat dq = joint_dqs[min(joints_1[min(uint(i), 3u)], uint(joint_dqs.length()) - 1u)];
            float s = dot(first.real, dq.real) < 0.0 ? -w : w;
            real_3 = real_1 + dq.real * s;
            dual_3 = dual_1 + dq.dual * s;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        real_1 = real_3;
        dual_1 = dual_3;
    }
    float inv_len = 1.0 / length(real_2);
    return DualQuat(real_2 * inv_len, dual_2 * inv_len);
}

vec3 dq_transform_point(DualQuat dq, vec3 p) {
    vec4 t = dq.dual;
    vec4 t_1 = dq.real;
    vec4 t_2 = dq.real;
    vec4 t_3 = dq.dual;
    vec3 t_4 = (t.xyz * dq.real.w - t_1.xyz * dq.dual.w + cross(t_2.xyz, t_3.xyz)) * 2.0;
    vec3 quat_rotate_1 = quat_rotate(dq.real, p);
    return quat_rotate_1 + t_4;
}

mat4 joint_matrix(uint index) {
    vec4 r[3] = joint_matrices[min(index, uint(joint_matrices.length()) - 1u)].rows;
    return mat4(vec4(r[0].x, r[1].x, r[2].x, 0.0), vec4(r[0].y, r[1].y, r[2].y, 0.0), vec4(r[0].z, r[1].z, r[2].z, 0.0), vec4(r[0].w, r[1].w, r[2].w, 1.0));
}

mat4 blend_matrices(uvec4 joints_1, vec4 weights_1) {
    mat4 joint_matrix_1 = joint_matrix(joints_1.x);
    mat4 m = joint_matrix_1 * weights_1.x;
    int i = 1;
    uint v = 2u;
    bool v_1 = true;
    mat4 m_1 = m;
    mat4 m_2;
    while (true) {
        if (!v_1) {
            m_2 = m_1;
            break;
        }
        mat4 m_3;
        if (weights_1[min(uint(i), 3u)] > 0.0) {
            mat4 joint_matrix_2 = joint_matrix(joints_1[min(uint(i), 3u)]);
            mat4 t = joint_matrix_2 * weights_1[min(uint(i), 3u)];
            m_3 = mat4(m_1[0] + t[0], m_1[1] + t[1], m_1[2] + t[2], m_1[3] + t[3]);
        } else {
            m_3 = m_1;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        m_1 = m_3;
    }
    return m_2;
}

Skinned skin_vertex(vec3 position_1, vec3 normal_2, vec3 tangent_2, uvec4 joints_1, vec4 weights_1) {
    uvec4 clamped = min(joints_1, uvec4(max(skin.joint_count, 1u) - 1u));
    if (skin.use_dual_quaternions != 0u) {
        DualQuat dq = blend_dual_quats(clamped, weights_1);
        vec3 dq_transform_point_1 = dq_transform_point(dq, position_1);
        vec3 quat_rotate_1 = quat_rotate(dq.real, normal_2);
        vec3 quat_rotate_2 = quat_rotate(dq.real, tangent_2);
        return Skinned(dq_transform_point_1, quat_rotate_1, quat_rotate_2);
    }
    mat4 m = blend_matrices(clamped, weights_1);
    vec4 t = m * vec4(position_1, 1.0);
    vec4 t_1 = m * vec4(normal_2, 0.0);
    vec4 t_2 = m * vec4(tangent_2, 0.0);
    return Skinned(t.xyz, normalize(t_1.xyz), normalize(t_2.xyz));
}

void main() {
    Skinned s = skin_vertex(position, normal, tangent.xyz, joints, weights);
    vec4 world = skin.model * vec4(s.position, 1.0);
    vec4 t = skin.model * vec4(s.normal, 0.0);
    vec4 t_1 = skin.model * vec4(s.tangent, 0.0);
    gl_Position = skin.view_proj * world;
    normal_1 = t.xyz;
    tangent_1 = vec4(t_1.xyz, tangent.w);
    uv_1 = uv;
}
