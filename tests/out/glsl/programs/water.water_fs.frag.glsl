#version 450

struct Wave {
    vec2 direction;
    float steepness;
    float wavelength;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 normal;
layout(location = 2) in float crest;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform ocean_block {
    mat4 view_proj;
    vec4 camera_position;
    Wave waves[4];
    vec4 shallow_color;
    vec4 deep_color;
    float time;
    float gravity;
    float foam_threshold;
    float grid_spacing;
} ocean;
layout(set = 0, binding = 1) uniform samplerCube environment;
layout(set = 0, binding = 3) uniform sampler2D foam_texture;

float fresnel_schlick(float cos_theta, float f0) {
    return f0 + (1.0 - f0) * pow(1.0 - clamp(cos_theta, 0.0, 1.0), 5.0);
}

void main() {
    vec3 n = normalize(normal);
    vec4 camera_position = ocean.camera_position;
    vec3 v = normalize(camera_position.xyz - world_position);
    float fresnel = fresnel_schlick(dot(n, v), 0.02);
    vec4 texel = texture(environment, reflect(-v, n));
    vec3 reflected = texel.xyz;
    float depth_factor = clamp(dot(n, v), 0.0, 1.0);
    vec4 deep_color = ocean.deep_color;
    vec4 shallow_color = ocean.shallow_color;
    vec3 water = mix(deep_color.xyz, shallow_color.xyz, vec3(depth_factor));
    vec3 color_1 = mix(water, reflected, vec3(fresnel));
    float foam_mask = smoothstep(ocean.foam_threshold, ocean.foam_threshold + 0.3, crest);
    vec4 texel_1 = texture(foam_texture, uv);
    float foam = texel_1.x * foam_mask;
    vec3 color_2 = mix(color_1, vec3(1.0), vec3(foam));
    color = vec4(color_2, 1.0);
}
