#version 450

layout(early_fragment_tests) in;

struct Instance {
    mat4 model;
    vec4 tint;
    uint bone_base;
    uint flags;
};

struct Light {
    vec3 position;
    float radius;
    vec3 color;
    uint kind;
};

layout(constant_id = 0) const int LIGHT_COUNT = 4;
layout(constant_id = 1) const bool USE_FOG = true;

layout(location = 0) in vec3 world_pos;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 4) noperspective in vec2 screen_uv;
layout(location = 5) flat in uint instance;
layout(location = 6) flat in int material;
layout(location = 0) out vec4 color;
layout(location = 1) out vec2 velocity;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view;
    mat4 proj;
    vec3 eye;
    float time;
} camera;
layout(set = 0, binding = 2, std430) readonly buffer instances_block {
    Instance instances[];
};
layout(set = 0, binding = 3, std140) uniform lights_block {
    Light lights[8];
};
layout(set = 0, binding = 4) uniform sampler2D albedo_map;
layout(set = 0, binding = 6) uniform sampler2D normal_map;

float attenuation(float dist, float radius) {
    float x = clamp(1.0 - pow(dist / radius, 4.0), 0.0, 1.0);
    return x * x / (dist * dist + 1.0);
}

vec3 shade_light(Light l, vec3 p, vec3 n, vec3 v, vec3 base) {
    vec3 to_light = l.kind == 0u ? -l.position : l.position - p;
    float dist = l.kind == 0u ? 1.0 : length(to_light);
    vec3 ldir = normalize(to_light);
    vec3 h = normalize(ldir + v);
    float ndl = max(dot(n, ldir), 0.0);
    float spec = pow(max(dot(n, h), 0.0), 32.0);
    float att;
    if (l.kind == 0u) {
        att = 1.0;
    } else {
        float attenuation_1 = attenuation(dist, l.radius);
        att = attenuation_1;
    }
    return (base * ndl + vec3(spec)) * l.color * att;
}

void main() {
    Instance inst = instances[min(instance, uint(instances.length()) - 1u)];
    vec3 t = normalize(tangent.xyz);
    vec3 n0 = normalize(normal);
    vec3 n0_1 = n0;
    if (!gl_FrontFacing) {
        n0_1 = -n0;
    }
    vec3 b = cross(n0_1, t) * tangent.w;
    vec4 texel = texture(normal_map, uv);
    vec3 tn = texel.xyz * 2.0 - vec3(1.0);
    vec3 n = normalize(mat3(t, b, n0_1) * tn);
    vec4 texel_1 = texture(albedo_map, uv);
    vec4 base = texel_1 * inst.tint;
    vec3 v = normalize(camera.eye - world_pos);
    vec3 c = vec3(0.03) * base.xyz;
    int t_1 = min(LIGHT_COUNT, 8) - 1;
    int i = 0;
    uint v_1 = uint(t_1) - 0u;
    bool v_2 = 0 <= t_1;
    uint v_3 = 0u;
    vec3 c_1 = c;
    vec3 c_2;
    while (true) {
        if (!(v_3 < 8u)) {
            c_2 = c_1;
            break;
        }
        if (!v_2) {
            c_2 = c_1;
            break;
        }
        vec3 shade_light_1 = shade_light(lights[min(uint(i), 7u)], world_pos, n, v, base.xyz);
        vec3 c_3 = c_1 + shade_light_1;
        bool next_v = v_1 != 0u;
        i = i + 1;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
        c_1 = c_3;
    }
    vec3 c_4 = c_2;
    if (USE_FOG) {
        float d = length(camera.eye - world_pos);
        float f = exp(-d * 0.02);
        c_4 = mix(vec3(0.5, 0.6, 0.7), c_2, vec3(f));
    }
    float coverage = clamp(base.w, 0.0, 1.0);
    uint bits = uint(coverage * 4.0 + 0.5);
    uint m = (1u << (bits & 31u)) - 1u;
    uint m_1 = m;
    if (material < 0) {
        m_1 = m & 5u;
    }
    color = vec4(c_4, base.w);
    velocity = screen_uv - vec2(0.5);
    gl_SampleMask[0] = int(m_1);
}
