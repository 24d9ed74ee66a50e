#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 view_vec;
layout(location = 3) in vec3 light_vec;
layout(location = 4) in vec4 tangent;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform push_consts_block {
    mat4 model;
    uint alpha_mask;
    float alpha_mask_cutoff;
} push_consts;
layout(set = 1, binding = 0) uniform sampler2D sampler_color_map;
layout(set = 1, binding = 2) uniform sampler2D sampler_normal_map;

void main() {
    vec4 color_1 = texture(sampler_color_map, uv);
    vec4 texel = texture(sampler_normal_map, uv);
    vec3 mapped = texel.xyz;
    if (push_consts.alpha_mask == 1u && color_1.w < push_consts.alpha_mask_cutoff) {
        discard;
    }
    vec3 t = normalize(tangent.xyz);
    vec3 b = cross(normal, tangent.xyz) * tangent.w;
    mat3 tbn = mat3(t, b, normalize(normal));
    vec3 n = tbn * normalize(mapped * 2.0 - vec3(1.0));
    vec3 l = normalize(light_vec);
    vec3 v = normalize(view_vec);
    vec3 r = reflect(-l, n);
    vec3 diffuse = vec3(max(dot(n, l), 0.1));
    float specular = pow(max(dot(r, v), 0.0), 32.0);
    color = vec4(diffuse * color_1.xyz + vec3(specular), color_1.w);
}
