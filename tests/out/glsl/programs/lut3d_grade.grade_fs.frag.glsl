#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler3D lut_a;
layout(set = 0, binding = 3) uniform texture3D lut_b;
layout(set = 0, binding = 4) uniform sampler lut_sampler;
layout(push_constant, std430) uniform blend_pc_block {
    float weight;
    int size;
} blend_pc;
layout(set = 0, binding = 7) uniform sampler2D frame;

vec3 lut_coord(vec3 u, int size) {
    float n = float(size);
    return u * ((n - 1.0) / n) + vec3(0.5 / n);
}

void main() {
    vec4 c = texture(frame, uv);
    vec3 coord = lut_coord(clamp(c.xyz, 0.0, 1.0), blend_pc.size);
    vec4 texel = texture(lut_a, coord);
    vec3 a = texel.xyz;
    vec4 texel_1 = texture(sampler3D(lut_b, lut_sampler), coord);
    vec3 b = texel_1.xyz;
    color = vec4(mix(a, b, vec3(blend_pc.weight)), c.w);
}
