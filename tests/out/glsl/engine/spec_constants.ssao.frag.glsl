#version 450

layout(constant_id = 0) const int SAMPLE_COUNT = 16;
layout(constant_id = 1) const bool USE_NOISE = true;
layout(constant_id = 2) const float RADIUS = 0.5;
layout(constant_id = 3) const float INTENSITY = 1.0;
layout(constant_id = 10) const float BIAS = 0.025;

layout(location = 0) in vec2 uv;
layout(location = 0) out float occlusion;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 proj;
    mat4 inv_proj;
} camera;
layout(set = 0, binding = 1) uniform sampler2D depth_tex;
layout(set = 0, binding = 3) uniform sampler2D noise_tex;

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

vec3 view_position(vec2 uv_1) {
    vec4 texel = textureLod(depth_tex, uv_1, 0.0);
    float depth = texel.x;
    vec4 ndc = vec4(uv_1 * 2.0 - vec2(1.0), depth, 1.0);
    vec4 view = camera.inv_proj * ndc;
    return view.xyz / vec3(view.w);
}

void main() {
    vec3 local[8] = vec3[8](vec3(0.06, 0.04, 0.02), vec3(-0.1, 0.05, 0.08), vec3(0.12, -0.15, 0.1), vec3(-0.05, -0.2, 0.21), vec3(0.3, 0.12, 0.25), vec3(-0.28, 0.3, 0.33), vec3(0.41, -0.38, 0.4), vec3(-0.5, -0.45, 0.55));
    vec3 origin = view_position(uv);
    vec3 t = dFdx(origin);
    vec3 t_1 = dFdy(origin);
    vec3 normal = normalize(cross(t, t_1));
    vec2 rotation = vec2(1.0, 0.0);
    if (USE_NOISE) {
        vec4 texel = textureLod(noise_tex, uv * 16.0, 0.0);
        rotation = texel.xy * 2.0 - vec2(1.0);
    }
    int t_2 = SAMPLE_COUNT - 1;
    int i = 0;
    uint v = uint(t_2) - 0u;
    bool v_1 = 0 <= t_2;
    uint v_2 = 0u;
    float occluded = 0.0;
    float occluded_1;
    while (true) {
        if (!(v_2 < 64u)) {
            occluded_1 = occluded;
            break;
        }
        if (!v_1) {
            occluded_1 = occluded;
            break;
        }
        vec3 k = local[min(uint(luma_rem(i, 8)), 7u)];
        vec3 rotated = vec3(k.x * rotation.x - k.y * rotation.y, k.x * rotation.y + k.y * rotation.x, k.z);
        vec3 dir = faceforward(rotated, -normal, rotated);
        vec3 p = origin + dir * RADIUS;
        vec4 clip = camera.proj * vec4(p, 1.0);
        vec2 sample_uv = clip.xy / vec2(clip.w) * 0.5 + vec2(0.5);
        vec3 view_position_1 = view_position(sample_uv);
        float scene_z = view_position_1.z;
        float range = smoothstep(0.0, 1.0, RADIUS / abs(origin.z - scene_z));
        float occluded_2 = occluded + (scene_z >= p.z + BIAS ? range : 0.0);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        occluded = occluded_2;
    }
    occlusion = 1.0 - occluded_1 / float(SAMPLE_COUNT) * INTENSITY;
}
