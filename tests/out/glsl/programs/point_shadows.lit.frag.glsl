#version 450
#extension GL_EXT_control_flow_attributes : require

layout(early_fragment_tests) in;

layout(location = 0) in vec3 world;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in float view_depth;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform cascades_block {
    mat4 view_proj[4];
    vec4 splits;
    vec4 poisson[8];
    vec3 light_pos;
    float light_far;
    vec2 texel;
    float filter_radius;
    int cascade_count;
} cascades;
layout(set = 0, binding = 1) uniform texture2DArray cascade_maps;
layout(set = 0, binding = 2) uniform textureCube point_map;
layout(set = 0, binding = 3) uniform samplerShadow shadow_sampler;
layout(set = 0, binding = 4) uniform sampler2D albedo;
layout(set = 0, binding = 6) uniform samplerCube env;

int select_cascade(float view_depth_1) {
    int i = 0;
    uint v = 2u;
    bool v_1 = true;
    int c = 0;
    int c_1;
    while (true) {
        if (!v_1) {
            c_1 = c;
            break;
        }
        int c_2 = c;
        if (view_depth_1 > cascades.splits[min(uint(i), 3u)]) {
            c_2 = i + 1;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        c = c_2;
    }
    return min(c_1, cascades.cascade_count - 1);
}

float cascade_shadow(vec3 world_1, float view_depth_1, float angle) {
    int layer = select_cascade(view_depth_1);
    vec4 p = cascades.view_proj[min(uint(layer), 3u)] * vec4(world_1, 1.0);
    vec3 ndc = p.xyz / vec3(p.w);
    vec2 uv_1 = ndc.xy * 0.5 + vec2(0.5);
    float s = sin(angle);
    float c = cos(angle);
    int i = 0;
    uint v = 7u;
    bool v_1 = true;
    float lit = 0.0;
    float lit_1;
    [[unroll]]
    while (true) {
        if (!v_1) {
            lit_1 = lit;
            break;
        }
        vec4 t = cascades.poisson[min(uint(i), 7u)];
        vec2 o = t.xy;
        vec2 r = vec2(o.x * c - o.y * s, o.x * s + o.y * c) * cascades.texel * cascades.filter_radius;
        float texel = textureGrad(sampler2DArrayShadow(cascade_maps, shadow_sampler), vec4(uv_1 + r, float(layer), ndc.z - 0.002), vec2(0.0), vec2(0.0));
        float lit_2 = lit + texel;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        lit = lit_2;
    }
    return lit_1 / 8.0;
}

float point_shadow(vec3 world_1) {
    vec3 to_frag = world_1 - cascades.light_pos;
    float depth = length(to_frag) / cascades.light_far;
    float texel = texture(samplerCubeShadow(point_map, shadow_sampler), vec4(normalize(to_frag), depth - 0.005));
    return texel;
}

void main() {
    vec3 n = normalize(normal);
    float angle = fract(sin(dot(world.xz, vec2(12.9898, 78.233))) * 43758.547) * 6.2831855;
    vec4 base = texture(albedo, uv);
    vec4 texel = textureLod(env, reflect(normalize(world), n), 2.0);
    vec3 refl = texel.xyz;
    float cascade_shadow_1 = cascade_shadow(world, view_depth, angle);
    float point_shadow_1 = point_shadow(world);
    float sh = cascade_shadow_1 * point_shadow_1;
    color = vec4(base.xyz * (0.1 + 0.9 * sh) + refl * 0.04, base.w);
}
