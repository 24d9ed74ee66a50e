#version 450

struct Steep {
    vec2 uv;
    vec2 delta_uv;
    float layer_depth;
    float curr_layer_depth;
    float height;
};

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 tangent_light_pos;
layout(location = 2) in vec3 tangent_view_pos;
layout(location = 3) in vec3 tangent_frag_pos;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler2D sampler_color_map;
layout(set = 0, binding = 3) uniform sampler2D sampler_normal_height_map;
layout(set = 0, binding = 5, std140) uniform ubo_block {
    float height_scale;
    float parallax_bias;
    float num_layers;
    int mapping_mode;
} ubo;

float height_at(vec2 uv_1) {
    vec4 texel = textureLod(sampler_normal_height_map, uv_1, 0.0);
    return 1.0 - texel.w;
}

vec2 parallax_mapping(vec2 uv_1, vec3 view_dir) {
    float height = height_at(uv_1);
    vec2 p = view_dir.xy * (height * (ubo.height_scale * 0.5) + ubo.parallax_bias) / vec2(view_dir.z);
    return uv_1 - p;
}

Steep steep_search(vec2 uv_1, vec3 view_dir) {
    float height_at_1 = height_at(uv_1);
    Steep s = Steep(uv_1, view_dir.xy * ubo.height_scale / vec2(view_dir.z * ubo.num_layers), 1.0 / ubo.num_layers, 0.0, height_at_1);
    uint v = 0u;
    Steep s_1 = s;
    int i = 0;
    Steep s_2;
    while (true) {
        if (!(v < 256u)) {
            s_2 = s_1;
            break;
        }
        if (!(float(i) < ubo.num_layers)) {
            s_2 = s_1;
            break;
        }
        Steep s_3 = s_1;
        s_3.curr_layer_depth = s_1.curr_layer_depth + s_1.layer_depth;
        Steep s_4 = s_3;
        s_4.uv = s_3.uv - s_3.delta_uv;
        float height_at_2 = height_at(s_4.uv);
        Steep s_5 = s_4;
        s_5.height = height_at_2;
        if (s_5.height < s_5.curr_layer_depth) {
            s_2 = s_5;
            break;
        }
        int i_1 = i + 1;
        v = v + 1u;
        s_1 = s_5;
        i = i_1;
    }
    return s_2;
}

vec2 steep_parallax_mapping(vec2 uv_1, vec3 view_dir) {
    Steep steep_search_1 = steep_search(uv_1, view_dir);
    return steep_search_1.uv;
}

vec2 parallax_occlusion_mapping(vec2 uv_1, vec3 view_dir) {
    Steep s = steep_search(uv_1, view_dir);
    vec2 prev_uv = s.uv + s.delta_uv;
    float next_depth = s.height - s.curr_layer_depth;
    float height_at_1 = height_at(prev_uv);
    float prev_depth = height_at_1 - s.curr_layer_depth + s.layer_depth;
    return mix(s.uv, prev_uv, vec2(next_depth / (next_depth - prev_depth)));
}

void main() {
    vec3 v = normalize(tangent_view_pos - tangent_frag_pos);
    if (ubo.mapping_mode == 0) {
        vec4 texel = textureLod(sampler_color_map, uv, 0.0);
        color = texel;
        return;
    }
    vec2 mapped_uv = uv;
    if (ubo.mapping_mode == 2) {
        vec2 mapped_uv_1 = parallax_mapping(uv, v);
        mapped_uv = mapped_uv_1;
    } else if (ubo.mapping_mode == 3) {
        vec2 mapped_uv_2 = steep_parallax_mapping(uv, v);
        mapped_uv = mapped_uv_2;
    } else if (ubo.mapping_mode == 4) {
        vec2 mapped_uv_3 = parallax_occlusion_mapping(uv, v);
        mapped_uv = mapped_uv_3;
    }
    vec4 texel_1 = textureLod(sampler_normal_height_map, mapped_uv, 0.0);
    vec3 normal_height = texel_1.xyz;
    vec4 texel_2 = textureLod(sampler_color_map, mapped_uv, 0.0);
    vec3 color_1 = texel_2.xyz;
    if (mapped_uv.x < 0.0 || mapped_uv.x > 1.0 || mapped_uv.y < 0.0 || mapped_uv.y > 1.0) {
        discard;
    }
    vec3 n = normalize(normal_height * 2.0 - vec3(1.0));
    vec3 l = normalize(tangent_light_pos - tangent_frag_pos);
    vec3 h = normalize(l + v);
    vec3 ambient = color_1 * 0.2;
    vec3 diffuse = color_1 * max(dot(l, n), 0.0);
    vec3 specular = vec3(0.15) * pow(max(dot(n, h), 0.0), 32.0);
    color = vec4(ambient + diffuse + specular, 1.0);
}
