#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

struct Ray {
    vec3 origin;
    vec3 dir;
};

struct Hit {
    float t;
    vec3 normal;
    bool hit;
};

layout(set = 0, binding = 0, std140) uniform scene_block {
    vec4 sphere;
    mat4 transform;
    vec4 tint;
} scene;
layout(set = 0, binding = 1, std430) buffer hits_block {
    vec4 hits[];
};

Hit intersect(Ray ray, vec4 sphere) {
    vec3 oc = ray.origin - sphere.xyz;
    float b = dot(oc, ray.dir);
    float c = dot(oc, oc) - sphere.w * sphere.w;
    float disc = b * b - c;
    if (disc < 0.0) {
        return Hit(-1.0, vec3(0.0), false);
    }
    float t = -b - sqrt(disc);
    if (t < 0.0) {
        return Hit(-1.0, vec3(0.0), false);
    }
    vec3 p = ray.origin + ray.dir * t;
    return Hit(t, normalize(p - sphere.xyz), true);
}

vec4 shade_ray(Ray ray) {
    Hit hit = intersect(ray, scene.sphere);
    if (!hit.hit) {
        return vec4(0.0);
    }
    return vec4(hit.normal * 0.5 + vec3(0.5), hit.t);
}

vec3 scaled(vec3 v, float factor) {
    float factor_1 = factor * 2.0;
    vec3 v_1 = v * factor_1;
    return v_1;
}

float sum4(float values[4]) {
    float values_1[4] = values;
    values_1[0] = values[0] + values[1];
    return values_1[0] + values_1[2] + values_1[3];
}

vec3 transform_point(mat4 m, vec3 p) {
    vec4 h = m * vec4(p, 1.0);
    return h.xyz / vec3(h.w);
}

void record(uint index, vec4 value) {
    uint t = uint(hits.length());
    if (index >= uint(int(t))) {
        return;
    }
    hits[min(index, uint(hits.length()) - 1u)] = value;
}

void main() {
    vec2 uv = vec2(gl_GlobalInvocationID.xy) / vec2(64.0);
    vec3 origin = transform_point(scene.transform, vec3(0.0, 0.0, -3.0));
    Ray ray = Ray(origin, normalize(vec3(uv * 2.0 - vec2(1.0), 1.0)));
    vec4 shade_ray_1 = shade_ray(ray);
    vec4 color = shade_ray_1 * scene.tint;
    float s = sum4(float[4](color.x, color.y, color.z, color.w));
    vec3 scaled_1 = scaled(color.xyz, 0.5);
    record(gl_GlobalInvocationID.y * 64u + gl_GlobalInvocationID.x, vec4(scaled_1, s));
}
