#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Hit {
    float distance_;
    int material;
};

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 inv_view_proj;
    vec4 position;
    vec4 light_direction;
    vec2 resolution;
    float time;
    int max_steps;
} camera;
layout(set = 0, binding = 1, std430) readonly buffer query_points_block {
    vec4 query_points[];
};
layout(set = 0, binding = 2, std430) buffer query_results_block {
    vec4 query_results[];
};

float sd_sphere(vec3 p, float radius) {
    return length(p) - radius;
}

float sd_box(vec3 p, vec3 half_size) {
    vec3 q = abs(p) - half_size;
    return length(max(q, vec3(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0);
}

float sd_torus(vec3 p, vec2 t) {
    vec2 q = vec2(length(p.xz) - t.x, p.y);
    return length(q) - t.y;
}

float sd_capsule(vec3 p, vec3 a, vec3 b, float r) {
    vec3 pa = p - a;
    vec3 ba = b - a;
    float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
    return length(pa - ba * h) - r;
}

float op_smooth_union(float d1, float d2, float k) {
    float h = clamp(0.5 + 0.5 * (d2 - d1) / k, 0.0, 1.0);
    return mix(d2, d1, h) - k * h * (1.0 - h);
}

vec3 op_limited_repeat(vec3 p, float spacing, float limit) {
    vec2 t = p.xz - min(max(roundEven(p.xz / vec2(spacing)), vec2(-limit)), vec2(limit)) * spacing;
    vec3 q = vec3(t.x, p.y, t.y);
    return q;
}

Hit closer(Hit a, Hit b) {
    Hit v;
    if (b.distance_ < a.distance_) {
        v = b;
    } else {
        v = a;
    }
    return v;
}

Hit scene(vec3 p) {
    Hit floor_hit = Hit(p.y + 1.0, 1);
    float bob = sin(camera.time) * 0.25;
    float sd_sphere_1 = sd_sphere(p - vec3(0.0, bob, 0.0), 1.0);
    float sd_torus_1 = sd_torus(p - vec3(0.0, -0.5, 0.0), vec2(1.5, 0.25));
    float blob = op_smooth_union(sd_sphere_1, sd_torus_1, 0.3);
    Hit blob_hit = Hit(blob, 2);
    vec3 column_space = op_limited_repeat(p, 4.0, 2.0);
    float sd_box_1 = sd_box(column_space - vec3(0.0, 0.5, 0.0), vec3(0.3, 1.5, 0.3));
    float sd_capsule_1 = sd_capsule(column_space, vec3(0.0, 2.0, 0.0), vec3(0.0, 3.0, 0.0), 0.2);
    float column = min(sd_box_1, sd_capsule_1);
    float sd_box_2 = sd_box(p, vec3(2.5, 10.0, 2.5));
    float column_1 = max(column, -sd_box_2);
    Hit column_hit = Hit(column_1, 3);
    Hit closer_1 = closer(floor_hit, blob_hit);
    Hit closer_2 = closer(closer_1, column_hit);
    return closer_2;
}

vec3 scene_normal(vec3 p) {
    Hit scene_1 = scene(p + vec3(0.0005, 0.0, 0.0));
    Hit scene_2 = scene(p - vec3(0.0005, 0.0, 0.0));
    Hit scene_3 = scene(p + vec3(0.0, 0.0005, 0.0));
    Hit scene_4 = scene(p - vec3(0.0, 0.0005, 0.0));
    Hit scene_5 = scene(p + vec3(0.0, 0.0, 0.0005));
    Hit scene_6 = scene(p - vec3(0.0, 0.0, 0.0005));
    return normalize(vec3(scene_1.distance_ - scene_2.distance_, scene_3.distance_ - scene_4.distance_, scene_5.distance_ - scene_6.distance_));
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint t = uint(query_points.length());
    if (i >= uint(int(t))) {
        return;
    }
    vec4 t_1 = query_points[min(i, uint(query_points.length()) - 1u)];
    vec3 p = t_1.xyz;
    Hit hit = scene(p);
    vec3 scene_normal_1 = scene_normal(p);
    query_results[min(i, uint(query_results.length()) - 1u)] = vec4(scene_normal_1, hit.distance_);
}
