#version 450

struct Hit {
    float distance_;
    int material;
};

layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 inv_view_proj;
    vec4 position;
    vec4 light_direction;
    vec2 resolution;
    float time;
    int max_steps;
} camera;

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

Hit march(vec3 origin, vec3 direction) {
    int steps = clamp(camera.max_steps, 1, 256);
    uint v = uint(steps) - 1u;
    bool v_1 = 1 <= steps;
    uint v_2 = 0u;
    float t = 0.0;
    while (true) {
        if (!(v_2 < 256u)) {
            break;
        }
        if (!v_1) {
            break;
        }
        Hit h = scene(origin + direction * t);
        if (h.distance_ < 0.001 * t) {
            return Hit(t, h.material);
        }
        float t_1 = t + h.distance_;
        if (t_1 > 100.0) {
            break;
        }
        bool next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        t = t_1;
    }
    return Hit(100.0, 0);
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

float soft_shadow(vec3 origin, vec3 direction, float k) {
    uint v = 0u;
    float result = 1.0;
    float t = 0.02;
    float result_1;
    while (true) {
        if (!(v < 64u)) {
            result_1 = result;
            break;
        }
        if (!(t < 20.0)) {
            result_1 = result;
            break;
        }
        Hit scene_1 = scene(origin + direction * t);
        float h = scene_1.distance_;
        if (h < 0.0001) {
            return 0.0;
        }
        float result_2 = min(result, k * h / t);
        float t_1 = t + clamp(h, 0.01, 0.5);
        v = v + 1u;
        result = result_2;
        t = t_1;
    }
    return clamp(result_1, 0.0, 1.0);
}

float ambient_occlusion(vec3 p, vec3 n) {
    int i = 0;
    uint v = 4u;
    bool v_1 = true;
    float occlusion = 0.0;
    float scale = 1.0;
    float occlusion_1;
    while (true) {
        if (!v_1) {
            occlusion_1 = occlusion;
            break;
        }
        float step_length = 0.01 + 0.12 * float(i) / 4.0;
        Hit scene_1 = scene(p + n * step_length);
        float d = scene_1.distance_;
        float occlusion_2 = occlusion + (step_length - d) * scale;
        float scale_1 = scale * 0.95;
        if (occlusion_2 > 0.35) {
            occlusion_1 = occlusion_2;
            break;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        occlusion = occlusion_2;
        scale = scale_1;
    }
    return clamp(1.0 - 3.0 * occlusion_1, 0.0, 1.0);
}

vec3 material_color(int material, vec3 p) {
    if (material == 1) {
        int checker = (int(floor(p.x)) + int(floor(p.z))) & 1;
        return checker == 0 ? vec3(0.8) : vec3(0.3);
    } else if (material == 2) {
        return vec3(0.9, 0.3, 0.2);
    } else if (material == 3) {
        return vec3(0.6, 0.6, 0.7);
    }
    return vec3(0.0);
}

void main() {
    vec2 uv = gl_FragCoord.xy / camera.resolution;
    vec2 ndc = vec2(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0);
    vec4 far_point = camera.inv_view_proj * vec4(ndc, 1.0, 1.0);
    vec4 position = camera.position;
    vec3 origin = position.xyz;
    vec3 direction = normalize(far_point.xyz / vec3(far_point.w) - origin);
    vec3 sky = mix(vec3(0.7, 0.8, 1.0), vec3(0.2, 0.4, 0.8), vec3(clamp(direction.y, 0.0, 1.0)));
    Hit hit = march(origin, direction);
    if (hit.material == 0) {
        color = vec4(sky, 1.0);
        gl_FragDepth = 1.0;
        return;
    }
    vec3 p = origin + direction * hit.distance_;
    vec3 n = scene_normal(p);
    vec4 light_direction = camera.light_direction;
    vec3 l = normalize(light_direction.xyz);
    float soft_shadow_1 = soft_shadow(p + n * 0.01, l, 8.0);
    float diffuse = max(dot(n, l), 0.0) * soft_shadow_1;
    float ambient_occlusion_1 = ambient_occlusion(p, n);
    float ambient = 0.2 * ambient_occlusion_1;
    vec3 material_color_1 = material_color(hit.material, p);
    vec3 lit = material_color_1 * (diffuse + ambient);
    float fog = 1.0 - exp(-0.0008 * hit.distance_ * hit.distance_);
    color = vec4(mix(lit, sky, vec3(fog)), 1.0);
    gl_FragDepth = hit.distance_ / 100.0;
}
