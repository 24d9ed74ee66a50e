#version 450

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in float view_depth;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1, std140) uniform cascades_block {
    mat4 view_proj[4];
    vec4 splits;
    vec4 texel_sizes;
    vec4 light_direction;
    float blend_band;
    float normal_bias;
    float depth_bias;
    int debug;
} cascades;
layout(set = 0, binding = 2) uniform sampler2DArrayShadow shadow_maps;
layout(set = 0, binding = 4) uniform sampler2D albedo_map;

int select_cascade(float view_depth_1) {
    vec4 passed = vec4(greaterThan(vec4(view_depth_1), cascades.splits));
    return min(int(dot(passed, vec4(1.0))), 3);
}

float interleaved_gradient_noise(vec2 p) {
    return fract(52.982918 * fract(dot(p, vec2(0.06711056, 0.00583715))));
}

float shadow_in_cascade(int index, vec3 world_position_1, vec3 normal_1, float rotation) {
    vec2 local[16] = vec2[16](vec2(-0.94201624, -0.39906216), vec2(0.9455861, -0.76890725), vec2(-0.0941841, -0.9293887), vec2(0.34495938, 0.2938776), vec2(-0.9158858, 0.45771432), vec2(-0.8154423, -0.87912464), vec2(-0.38277543, 0.27676845), vec2(0.974844, 0.7564838), vec2(0.44323325, -0.97511554), vec2(0.5374298, -0.4737342), vec2(-0.2649691, -0.41893023), vec2(0.79197514, 0.19090188), vec2(-0.2418884, 0.99706507), vec2(-0.81409955, 0.9143759), vec2(0.19984126, 0.78641367), vec2(0.14383161, -0.1410079));
    vec3 offset_position = world_position_1 + normal_1 * cascades.normal_bias * cascades.texel_sizes[min(uint(index), 3u)];
    vec4 light_clip = cascades.view_proj[min(uint(index), 3u)] * vec4(offset_position, 1.0);
    vec3 ndc = light_clip.xyz / vec3(light_clip.w);
    vec2 uv_1 = vec2(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5);
    if (any(lessThan(uv_1, vec2(0.0))) || any(greaterThan(uv_1, vec2(1.0))) || ndc.z > 1.0) {
        return 1.0;
    }
    float reference = ndc.z - cascades.depth_bias;
    vec2 filter_radius = vec2(1.5) / vec2(textureSize(shadow_maps, 0).xy);
    float s = sin(rotation);
    float c = cos(rotation);
    mat2 rotate = mat2(vec2(c, s), vec2(-s, c));
    int i = 0;
    uint v = 15u;
    bool v_1 = true;
    float lit = 0.0;
    float lit_1;
    while (true) {
        if (!v_1) {
            lit_1 = lit;
            break;
        }
        vec2 t = local[min(uint(i), 15u)];
        vec2 tap_uv = uv_1 + rotate * t * filter_radius;
        float texel = textureGrad(shadow_maps, vec4(tap_uv, float(index), reference), vec2(0.0), vec2(0.0));
        float lit_2 = lit + texel;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        lit = lit_2;
    }
    return lit_1 / 16.0;
}

void main() {
    vec3 local[4] = vec3[4](vec3(1.0, 0.4, 0.4), vec3(0.4, 1.0, 0.4), vec3(0.4, 0.4, 1.0), vec3(1.0, 1.0, 0.4));
    vec3 n = normalize(normal);
    vec4 light_direction = cascades.light_direction;
    vec3 l = normalize(-light_direction.xyz);
    float interleaved_gradient_noise_1 = interleaved_gradient_noise(gl_FragCoord.xy);
    float rotation = interleaved_gradient_noise_1 * 6.2831855;
    int index = select_cascade(view_depth);
    float shadow = shadow_in_cascade(index, world_position, n, rotation);
    float shadow_1 = shadow;
    if (index < 3) {
        float far = cascades.splits[min(uint(index), 3u)];
        float fade = (far - view_depth) / cascades.blend_band;
        float shadow_2 = shadow;
        if (fade < 1.0) {
            float next = shadow_in_cascade(index + 1, world_position, n, rotation);
            shadow_2 = mix(next, shadow, clamp(fade, 0.0, 1.0));
        }
        shadow_1 = shadow_2;
    }
    vec4 texel = texture(albedo_map, uv);
    vec3 albedo = texel.xyz;
    vec3 lit = albedo * (0.15 + 0.85 * max(dot(n, l), 0.0) * shadow_1);
    vec3 lit_1 = lit;
    if (cascades.debug != 0) {
        vec3 t = local[min(uint(index), 3u)];
        lit_1 = lit * t;
    }
    color = vec4(lit_1, 1.0);
}
