#version 450

layout(constant_id = 0) const int SSAO_KERNEL_SIZE = 64;
layout(constant_id = 1) const float SSAO_RADIUS = 0.5;

layout(location = 0) in vec2 uv;
layout(location = 0) out float occlusion;

layout(set = 0, binding = 0) uniform sampler2D sampler_position_depth;
layout(set = 0, binding = 2) uniform sampler2D sampler_normal;
layout(set = 0, binding = 4) uniform sampler2D ssao_noise;
layout(set = 0, binding = 6, std140) uniform ubo_ssao_kernel_block {
    vec4 samples[64];
} ubo_ssao_kernel;
layout(set = 0, binding = 7, std140) uniform ubo_block {
    mat4 projection;
} ubo;

void main() {
    vec4 texel = texture(sampler_position_depth, uv);
    vec3 frag_pos = texel.xyz;
    vec4 texel_1 = texture(sampler_normal, uv);
    vec3 normal = normalize(texel_1.xyz * 2.0 - vec3(1.0));
    vec2 tex_dim = vec2(textureSize(sampler_position_depth, 0));
    vec2 noise_dim = vec2(textureSize(ssao_noise, 0));
    vec2 noise_uv = tex_dim / noise_dim * uv;
    vec4 texel_2 = texture(ssao_noise, noise_uv);
    vec3 random_vec = texel_2.xyz * 2.0 - vec3(1.0);
    vec3 tangent = normalize(random_vec - normal * dot(random_vec, normal));
    vec3 bitangent = cross(tangent, normal);
    mat3 tbn = mat3(tangent, bitangent, normal);
    int count = min(SSAO_KERNEL_SIZE, 64);
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
        vec4 t_1 = ubo_ssao_kernel.samples[min(uint(i), 63u)];
        vec3 sample_pos = frag_pos + tbn * t_1.xyz * SSAO_RADIUS;
        vec4 offset = ubo.projection * vec4(sample_pos, 1.0);
        vec3 t_2 = offset.xyz / vec3(offset.w);
        vec4 offset_1 = vec4(t_2, offset.w);
        vec3 t_3 = offset_1.xyz * 0.5 + vec3(0.5);
        vec4 offset_2 = vec4(t_3, offset_1.w);
        vec4 texel_3 = textureLod(sampler_position_depth, offset_2.xy, 0.0);
        float sample_depth = -texel_3.w;
        float range_check = smoothstep(0.0, 1.0, SSAO_RADIUS / abs(frag_pos.z - sample_depth));
        float occlusion_3 = occlusion_1 + (sample_depth >= sample_pos.z + 0.025 ? 1.0 : 0.0) * range_check;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occlusion_1 = occlusion_3;
    }
    occlusion = 1.0 - occlusion_2 / float(count);
}
