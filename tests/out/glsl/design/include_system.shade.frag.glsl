#version 450

struct FragmentInput {
    vec3 world_pos;
    vec3 normal;
    vec2 uv;
};

layout(location = 0) in vec3 world_pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform lighting_block {
    vec4 light_dir;
    vec4 light_color;
    vec4 camera_pos;
} lighting;
layout(set = 0, binding = 1) uniform sampler2D albedo_tex;

vec3 saturate3(vec3 v) {
    return clamp(v, vec3(0.0), vec3(1.0));
}

vec4 compute_pbr_lighting(FragmentInput input_) {
    vec4 albedo = texture(albedo_tex, input_.uv);
    vec3 n = normalize(input_.normal);
    vec4 light_dir = lighting.light_dir;
    vec3 l = normalize(-light_dir.xyz);
    vec4 camera_pos = lighting.camera_pos;
    vec3 v = normalize(camera_pos.xyz - input_.world_pos);
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0) * 0.31830987;
    float specular = pow(max(dot(n, h), 0.0), 32.0);
    vec4 light_color = lighting.light_color;
    vec3 color_1 = albedo.xyz * light_color.xyz * (diffuse + specular);
    vec3 saturate3_1 = saturate3(color_1);
    return vec4(saturate3_1, albedo.w);
}

void main() {
    FragmentInput input_ = FragmentInput(world_pos, normal, uv);
    vec4 result = compute_pbr_lighting(input_);
    color = result;
}
