#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform params_block {
    float time;
    float exposure;
    float hue_shift;
    vec4 rotation;
    uint count;
} params;
layout(set = 0, binding = 1, std430) buffer samples_block {
    vec4 samples[];
};

float sq(float x) {
    return x * x;
}

vec3 safe_normalize(vec3 v) {
    float len_sq = dot(v, v);
    return len_sq > 1e-6 ? v * inversesqrt(len_sq) : vec3(0.0, 0.0, 1.0);
}

vec4 quat_from_axis_angle(vec3 axis, float angle) {
    vec3 safe_normalize_1 = safe_normalize(axis);
    return vec4(safe_normalize_1 * sin(angle * 0.5), cos(angle * 0.5));
}

mat3 quat_to_mat3(vec4 q) {
    float x = q.x;
    float y = q.y;
    float z = q.z;
    float w = q.w;
    return mat3(vec3(1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y)), vec3(2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x)), vec3(2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y)));
}

vec2 hammersley(uint i, uint n) {
    return vec2(float(i) / float(n), float(bitfieldReverse(i)) * 2.3283064e-10);
}

vec3 hemisphere_cosine(vec2 u) {
    float r = sqrt(u.x);
    float phi = 6.2831855 * u.y;
    return vec3(r * cos(phi), r * sin(phi), sqrt(max(0.0, 1.0 - u.x)));
}

void main() {
    if (gl_GlobalInvocationID.x >= params.count) {
        return;
    }
    vec2 u = hammersley(gl_GlobalInvocationID.x, params.count);
    vec3 local_dir = hemisphere_cosine(u);
    vec4 q = quat_from_axis_angle(vec3(1.0, 0.0, 0.0), 1.5707964);
    mat3 quat_to_mat3_1 = quat_to_mat3(q);
    vec3 world = quat_to_mat3_1 * local_dir;
    float sq_1 = sq(local_dir.z);
    samples[min(gl_GlobalInvocationID.x, uint(samples.length()) - 1u)] = vec4(world, sq_1);
}
