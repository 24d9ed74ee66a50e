#version 450

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 color;
layout(location = 3) in vec2 uv;
layout(location = 4) flat in uint highlight;
layout(location = 0) out vec4 color_1;

layout(set = 0, binding = 0, std140) uniform frame_block {
    mat4 view_proj;
    vec4 camera_position;
    vec4 light_position;
    vec4 light_color;
} frame;

void main() {
    vec3 n = normalize(normal);
    vec4 light_position = frame.light_position;
    vec3 to_light = light_position.xyz - world_position;
    float distance_sq = dot(to_light, to_light);
    vec3 l = to_light * inversesqrt(distance_sq);
    vec4 camera_position = frame.camera_position;
    vec3 v = normalize(camera_position.xyz - world_position);
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0);
    float specular = pow(max(dot(n, h), 0.0), 64.0) * step(0.0, diffuse);
    float attenuation = 1.0 / (1.0 + distance_sq * 0.01);
    vec4 light_color = frame.light_color;
    vec3 lit = color.xyz * (vec3(0.1) + light_color.xyz * (diffuse * attenuation)) + vec3(specular * attenuation);
    float rim = highlight != 0u ? pow(1.0 - max(dot(n, v), 0.0), 3.0) : 0.0;
    color_1 = vec4(lit + vec3(1.0, 0.8, 0.2) * rim, color.w);
}
