#version 450

layout(location = 0) in vec2 tex_coord;
layout(location = 1) in vec3 eye_vec;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform global_block {
    vec4 view_proj_row0;
    vec4 view_proj_row1;
    vec4 view_proj_row2;
    vec4 view_proj_row3;
    vec4 cam_pos;
    vec4 sun_dir;
    vec4 sun_color;
    vec4 fog_color_distance;
} global;
layout(set = 0, binding = 3) uniform sampler2D tex_heightmap;

vec4 fog_factor(vec3 world) {
    vec4 cam_pos = global.cam_pos;
    vec3 eye = world - cam_pos.xyz;
    vec3 n_eye = normalize(eye);
    float w = exp(-dot(eye, eye) * global.fog_color_distance.w * 0.75);
    vec4 sun_dir = global.sun_dir;
    float sun = pow(clamp(dot(n_eye, sun_dir.xyz), 0.0, 1.0), 8.0);
    vec3 c = mix(vec3(1.0), vec3(0.6, 0.6, 0.9), vec3(n_eye.y * 0.5 + 0.5));
    return vec4(mix(c, vec3(0.95, 0.87, 0.78), vec3(sun)), w);
}

vec3 apply_fog(vec3 color_1, vec4 fog) {
    return mix(fog.xyz, color_1, vec3(fog.w));
}

vec3 apply_lighting(vec3 color_1, float diffuse) {
    vec4 sun_color = global.sun_color;
    vec3 lighting = sun_color.xyz * diffuse + vec3(0.1, 0.175, 0.275);
    return color_1 * lighting;
}

void main() {
    vec4 texel = texture(tex_heightmap, tex_coord);
    vec3 base = texel.xyz;
    vec4 sun_dir = global.sun_dir;
    vec3 lit = apply_lighting(base, clamp(dot(normalize(-eye_vec), sun_dir.xyz), 0.0, 1.0));
    vec4 cam_pos = global.cam_pos;
    vec4 fog = fog_factor(eye_vec + cam_pos.xyz);
    vec3 apply_fog_1 = apply_fog(lit, fog);
    color = vec4(apply_fog_1, 1.0);
}
