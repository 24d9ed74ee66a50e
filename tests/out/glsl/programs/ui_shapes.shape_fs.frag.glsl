#version 450

struct Shape {
    vec4 rect;
    vec4 color;
    vec4 border_color;
    float radius;
    float border;
    vec2 shadow_offset;
    uint kind;
    uint hard;
    vec2 pad;
};

layout(location = 0) in vec2 offset;
layout(location = 1) flat in uint index;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std430) readonly buffer shapes_block {
    Shape shapes[];
};

float sd_round_rect(vec2 p, vec2 half_size, float r) {
    vec2 q = abs(p) - half_size + vec2(r);
    return length(max(q, vec2(0.0))) + min(max(q.x, q.y), 0.0) - r;
}

float sd_ring(vec2 p, float radius, float width) {
    return abs(length(p) - radius) - width * 0.5;
}

float coverage(float d, bool hard) {
    float t = fwidth(d);
    float w = max(t, 0.0001);
    float soft = smoothstep(w, -w, d);
    float exact = 1.0 - smoothstep(-0.0, 0.0, d);
    return hard ? exact : soft;
}

void main() {
    Shape s = shapes[min(index, uint(shapes.length()) - 1u)];
    float r = min(max(s.radius * 1.0, 0.0), min(s.rect.z, s.rect.w));
    float d;
    if (s.kind == 0u) {
        vec4 t = s.rect;
        float sd_round_rect_1 = sd_round_rect(offset, t.zw, r);
        d = sd_round_rect_1;
    } else {
        float sd_ring_1 = sd_ring(offset, s.rect.z, s.border);
        d = sd_ring_1;
    }
    float inside = coverage(d, s.hard != 0u);
    float border = coverage(abs(d + s.border * 0.5) - s.border * 0.5, s.hard != 0u);
    vec4 t_1 = s.rect;
    float shadow_d = sd_round_rect(offset - s.shadow_offset, t_1.zw, r);
    float shadow = smoothstep(6.0, 0.0, shadow_d) * 0.35;
    vec4 fill = mix(s.color, s.border_color, vec4(clamp(border, 0.0, 1.0) * step(0.5, s.border)));
    float a = fill.w * inside;
    float out_a = a + shadow * (1.0 - a);
    color = vec4(fill.xyz * a / vec3(max(out_a, 0.0001)), out_a);
}
