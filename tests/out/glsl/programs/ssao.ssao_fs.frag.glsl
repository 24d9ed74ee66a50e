#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out float occlusion;

layout(set = 0, binding = 0, std140) uniform ssao_block {
    mat4 projection;
    mat4 inv_projection;
    vec4 kernel[64];
    vec2 noise_scale;
    float radius;
    float bias;
    int kernel_size;
    float power;
} ssao;
layout(set = 0, binding = 1) uniform sampler2D depth_buffer;
layout(set = 0, binding = 3) uniform sampler2D normal_buffer;
layout(set = 0, binding = 5) uniform sampler2D rotation_noise;

vec3 reconstruct_view_position(vec2 uv_1) {
    vec4 texel = textureLod(depth_buffer, uv_1, 0.0);
    float depth = texel.x;
    vec4 clip = vec4(uv_1.x * 2.0 - 1.0, 1.0 - uv_1.y * 2.0, depth, 1.0);
    vec4 view = ssao.inv_projection * clip;
    return view.xyz / vec3(view.w);
}

vec3 view_normal(vec2 uv_1) {
    vec4 texel = textureLod(normal_buffer, uv_1, 0.0);
    return normalize(texel.xyz * 2.0 - vec3(1.0));
}

mat3 tangent_frame(vec3 n, vec3 random) {
    vec3 tangent = normalize(random - n * dot(random, n));
    vec3 bitangent = cross(n, tangent);
    return mat3(tangent, bitangent, n);
}

vec2 project_to_uv(vec3 view_pos) {
    vec4 offset = ssao.projection * vec4(view_pos, 1.0);
    vec2 ndc = offset.xy / vec2(offset.w);
    return vec2(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5);
}

void continue_marker() {
}

void main() {
    vec3 position = reconstruct_view_position(uv);
    vec3 normal = view_normal(uv);
    vec4 texel = textureLod(rotation_noise, uv * ssao.noise_scale, 0.0);
    vec3 random = vec3(texel.xy * 2.0 - vec2(1.0), 0.0);
    mat3 tbn = tangent_frame(normal, random);
    int count = clamp(ssao.kernel_size, 1, 64);
    int t = count - 1;
    int i = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    float occlusion_1 = 0.0;
    float occlusion_2;
    while (true) {
        if (!(v_2 < 64u)) {
            occlusion_2 = occlusion_1;
            break;
        }
        if (!v_1) {
            occlusion_2 = occlusion_1;
            break;
        }
        vec4 t_1 = ssao.kernel[min(uint(i), 63u)];
        vec3 sample_pos = position + tbn * t_1.xyz * ssao.radius;
        vec2 sample_uv = project_to_uv(sample_pos);
        float occlusion_3;
        if (any(lessThan(sample_uv, vec2(0.0))) || any(greaterThan(sample_uv, vec2(1.0)))) {
            continue_marker();
            occlusion_3 = occlusion_1;
        } else {
            vec3 reconstruct_view_position_1 = reconstruct_view_position(sample_uv);
            float scene_depth = reconstruct_view_position_1.z;
            float range_check = smoothstep(0.0, 1.0, ssao.radius / abs(position.z - scene_depth));
            occlusion_3 = occlusion_1 + step(sample_pos.z + ssao.bias, scene_depth) * range_check;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occlusion_1 = occlusion_3;
    }
    float visibility = 1.0 - occlusion_2 / float(count);
    occlusion = pow(clamp(visibility, 0.0, 1.0), ssao.power);
}
