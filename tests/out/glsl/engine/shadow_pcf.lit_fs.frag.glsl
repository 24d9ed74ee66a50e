#version 450

layout(location = 0) in vec4 light_space;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1, std140) uniform light_view_block {
    mat4 view_proj;
    vec4 direction;
    vec2 texel_size;
    float bias;
    float pcf_radius;
} light_view;
layout(set = 0, binding = 3) uniform texture2D shadow_map;
layout(set = 0, binding = 4) uniform samplerShadow shadow_sampler;
layout(set = 0, binding = 5) uniform sampler2D albedo;

float shadow_factor(vec4 light_space_1) {
    vec3 proj = light_space_1.xyz / vec3(light_space_1.w);
    vec2 uv_1 = vec2(proj.x * 0.5 + 0.5, 0.5 - proj.y * 0.5);
    float depth = proj.z - light_view.bias;
    int y = -1;
    uint v = 2u;
    bool v_1 = true;
    float sum = 0.0;
    float sum_1;
    while (true) {
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        int x = -1;
        uint v_2 = 2u;
        bool v_3 = true;
        float sum_2 = sum;
        float sum_3;
        while (true) {
            if (!v_3) {
                sum_3 = sum_2;
                break;
            }
            vec2 offset = vec2(float(x), float(y)) * light_view.texel_size * light_view.pcf_radius;
            float texel = texture(sampler2DShadow(shadow_map, shadow_sampler), vec3(uv_1 + offset, depth));
            float sum_4 = sum_2 + texel;
            bool next_v = v_2 != 0u;
            x = x + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            sum_2 = sum_4;
        }
        bool next_v_1 = v != 0u;
        y = y + 1;
        v = v - 1u;
        v_1 = next_v_1;
        sum = sum_3;
    }
    return sum_1 / 9.0;
}

void main() {
    vec4 texel = texture(albedo, uv);
    vec3 base = texel.xyz;
    vec3 n = normalize(normal);
    vec4 direction = light_view.direction;
    float n_dot_l = max(dot(n, -direction.xyz), 0.0);
    float shadow = shadow_factor(light_space);
    vec3 lit = base * (0.15 + 0.85 * n_dot_l * shadow);
    color = vec4(lit, 1.0);
}
