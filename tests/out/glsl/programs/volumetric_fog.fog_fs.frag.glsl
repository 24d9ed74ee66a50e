#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform fog_block {
    mat4 inv_view_proj;
    mat4 light_view_proj;
    vec4 camera_position;
    vec4 sun_direction;
    vec4 sun_color;
    vec4 ambient_color;
    float density;
    float height_falloff;
    float anisotropy;
    float max_distance;
    float noise_scale;
    vec3 wind_offset;
    int steps;
    uint frame;
} fog;
layout(set = 0, binding = 1) uniform sampler2D scene_depth;
layout(set = 0, binding = 3) uniform sampler3D noise_volume;
layout(set = 0, binding = 5) uniform sampler2DShadow sun_shadow;

vec3 world_position(vec2 uv_1, float depth) {
    vec4 ndc = vec4(uv_1.x * 2.0 - 1.0, 1.0 - uv_1.y * 2.0, depth, 1.0);
    vec4 world = fog.inv_view_proj * ndc;
    return world.xyz / vec3(world.w);
}

float henyey_greenstein(float cos_theta, float g) {
    float g2 = g * g;
    return (1.0 - g2) / (12.566371 * pow(1.0 + g2 - 2.0 * g * cos_theta, 1.5));
}

float density_at(vec3 p) {
    float height = exp(-max(p.y, 0.0) * fog.height_falloff);
    vec4 texel = textureLod(noise_volume, p * fog.noise_scale + fog.wind_offset, 0.0);
    float n = texel.x;
    return fog.density * height * (0.5 + n);
}

float sun_visibility(vec3 p) {
    vec4 clip = fog.light_view_proj * vec4(p, 1.0);
    vec3 s = clip.xyz / vec3(clip.w);
    vec2 uv_1 = vec2(s.x * 0.5 + 0.5, 0.5 - s.y * 0.5);
    if (uv_1.x < 0.0 || uv_1.x > 1.0 || uv_1.y < 0.0 || uv_1.y > 1.0) {
        return 1.0;
    }
    float texel = textureLod(sun_shadow, vec3(uv_1, s.z - 0.002), 0.0);
    return texel;
}

void main() {
    vec4 texel = textureLod(scene_depth, uv, 0.0);
    float depth = texel.x;
    vec3 end_point = world_position(uv, depth);
    vec4 camera_position = fog.camera_position;
    vec3 start = camera_position.xyz;
    vec3 ray = end_point - start;
    float ray_length = min(length(ray), fog.max_distance);
    vec3 dir = normalize(ray);
    int steps = clamp(fog.steps, 1, 128);
    float step_length = ray_length / float(steps);
    float jitter = fract(52.982918 * fract(dot(gl_FragCoord.xy + vec2(float(fog.frame % 64u) * 5.588238), vec2(0.06711056, 0.00583715))));
    vec4 sun_direction = fog.sun_direction;
    float phase = henyey_greenstein(dot(dir, -normalize(sun_direction.xyz)), fog.anisotropy);
    int t = steps - 1;
    int i = 0;
    uint v = uint(t) - 0u;
    bool v_1 = 0 <= t;
    uint v_2 = 0u;
    float transmittance = 1.0;
    vec3 scattered = vec3(0.0);
    float transmittance_1;
    vec3 scattered_1;
    while (true) {
        if (!(v_2 < 128u)) {
            transmittance_1 = transmittance;
            scattered_1 = scattered;
            break;
        }
        if (!v_1) {
            transmittance_1 = transmittance;
            scattered_1 = scattered;
            break;
        }
        vec3 p = start + dir * (float(i) + jitter) * step_length;
        float sigma = density_at(p);
        float transmittance_2 = transmittance;
        vec3 scattered_2 = scattered;
        if (sigma > 0.0001) {
            vec4 sun_color = fog.sun_color;
            float sun_visibility_1 = sun_visibility(p);
            vec4 ambient_color = fog.ambient_color;
            vec3 light = sun_color.xyz * sun_visibility_1 * phase + ambient_color.xyz;
            float step_transmittance = exp(-sigma * step_length);
            vec3 scattered_3 = scattered + light * transmittance * (1.0 - step_transmittance);
            float transmittance_3 = transmittance * step_transmittance;
            if (transmittance_3 < 0.01) {
                transmittance_1 = transmittance_3;
                scattered_1 = scattered_3;
                break;
            }
            transmittance_2 = transmittance_3;
            scattered_2 = scattered_3;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        transmittance = transmittance_2;
        scattered = scattered_2;
    }
    color = vec4(scattered_1, 1.0 - transmittance_1);
}
