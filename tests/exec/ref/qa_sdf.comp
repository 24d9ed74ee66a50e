#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 points[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 distances[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 combined[]; };
float sd_sphere(vec3 p, float r) { return length(p) - r; }
float sd_box(vec3 p, vec3 b) { vec3 q = abs(p) - b; return length(max(q, vec3(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0); }
float sd_torus(vec3 p, vec2 t) { vec2 q = vec2(length(p.xz) - t.x, p.y); return length(q) - t.y; }
float sd_capsule(vec3 p, vec3 a, vec3 b, float r) {
    vec3 pa = p - a, ba = b - a;
    float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
    return length(pa - ba * h) - r;
}
float smooth_union(float d1, float d2, float k) {
    float h = clamp(0.5 + 0.5 * (d2 - d1) / k, 0.0, 1.0);
    return mix(d2, d1, h) - k * h * (1.0 - h);
}
float repeated_boxes(vec3 p) {
    vec3 q = p;
    q.xz = p.xz - 4.0 * clamp(round(p.xz / 4.0), vec2(-1.0), vec2(1.0));
    return sd_box(q, vec3(0.5));
}
void main() {
    uint i = gl_LocalInvocationIndex;
    vec3 p = points[i].xyz;
    distances[i] = vec4(sd_sphere(p, 1.5), sd_box(p, vec3(1.0, 0.5, 2.0)), sd_torus(p, vec2(2.0, 0.5)),
                        sd_capsule(p, vec3(0.0, -1.0, 0.0), vec3(0.0, 1.0, 0.0), 0.25));
    float d = sd_sphere(p - vec3(0.0, 1.0, 0.0), 1.0); int id = 1;
    float e = sd_box(p - vec3(3.0, 0.5, 0.0), vec3(0.5)); if (e < d) { d = e; id = 2; }
    e = p.y + 1.0; if (e < d) { d = e; id = 3; }
    e = sd_torus(p - vec3(-3.0, 0.0, 0.0), vec2(1.0, 0.25)); if (e < d) { d = e; id = 4; }
    combined[i] = vec4(smooth_union(sd_sphere(p, 1.0), sd_box(p - vec3(1.5, 0.0, 0.0), vec3(0.5)), 0.5),
                       repeated_boxes(p), d, float(id));
}
