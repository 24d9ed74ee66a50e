#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint id;
layout(location = 0) out vec4 color;
layout(location = 1) out uint hit;

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 2, std430) readonly buffer hits_block {
    uint hits[];
};

float coverage_or_discard(float a) {
    if (a >= 0.5) {
        return a;
    }
    discard;
}

uint first_hit(uint start) {
    uint i = start;
    while (true) {
        uint t = hits[min(i % 16u, uint(hits.length()) - 1u)];
        if (t != 0u) {
            return i;
        }
        uint i_1 = i + 1u;
        i = i_1;
    }
}

void main() {
    vec4 texel = texture(albedo, uv);
    if (texel.w > 0.9) {
        uint first_hit_1 = first_hit(id);
        color = texel;
        hit = first_hit_1;
        return;
    } else if (texel.w > 0.1) {
        float coverage_or_discard_1 = coverage_or_discard(texel.w);
        color = vec4(texel.xyz, coverage_or_discard_1);
        hit = 0u;
        return;
    }
    discard;
}
