#version 450

struct Wave {
    vec2 direction;
    float steepness;
    float wavelength;
};

struct Displacement {
    vec3 offset;
    vec3 tangent;
    vec3 binormal;
};

layout(location = 0) in vec2 position;
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 normal;
layout(location = 2) out float crest;
layout(location = 3) out vec2 uv;

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

Displacement gerstner(Wave wave, vec2 p, Displacement d) {
    float k = 6.2831855 / wave.wavelength;
    float c = sqrt(ocean.gravity / k);
    vec2 dir = normalize(wave.direction);
    float f = k * (dot(dir, p) - c * ocean.time);
    float a = wave.steepness / k;
    float sin_f = sin(f);
    float cos_f = cos(f);
    Displacement result = d;
    result.offset = d.offset + vec3(dir.x * a * cos_f, a * sin_f, dir.y * a * cos_f);
    Displacement result_1 = result;
    result_1.tangent = result.tangent + vec3(-dir.x * dir.x * wave.steepness * sin_f, dir.x * wave.steepness * cos_f, -dir.x * dir.y * wave.steepness * sin_f);
    Displacement result_2 = result_1;
    result_2.binormal = result_1.binormal + vec3(-dir.x * dir.y * wave.steepness * sin_f, dir.y * wave.steepness * cos_f, -dir.y * dir.y * wave.steepness * sin_f);
    return result_2;
}

void main() {
    vec2 p = position * ocean.grid_spacing;
    int i = 0;
    uint v = 3u;
    bool v_1 = true;
    Displacement d = Displacement(vec3(0.0), vec3(1.0, 0.0, 0.0), vec3(0.0, 0.0, 1.0));
    Displacement d_1;
    while (true) {
        if (!v_1) {
            d_1 = d;
            break;
        }
        Displacement d_2 = gerstner(ocean.waves[min(uint(i), 3u)], p, d);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        d = d_2;
    }
    vec3 world = vec3(p.x, 0.0, p.y) + d_1.offset;
    vec3 normal_1 = normalize(cross(d_1.binormal, d_1.tangent));
    gl_Position = ocean.view_proj * vec4(world, 1.0);
    world_position = world;
    normal = normal_1;
    crest = d_1.offset.y;
    uv = p * 0.05;
}
