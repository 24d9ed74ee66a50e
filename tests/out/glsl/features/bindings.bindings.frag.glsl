#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) in vec3 dir;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform a_block {
    vec4 value;
} a;
layout(set = 0, binding = 1, std140) uniform b_block {
    vec4 value;
} b;
layout(set = 0, binding = 10, std140) uniform c_block {
    vec4 value;
} c;
layout(set = 0, binding = 11, std140) uniform d_block {
    vec4 value;
} d;
layout(set = 1, binding = 0, std140) uniform e_block {
    vec4 value;
} e;
layout(set = 1, binding = 3) uniform sampler2D f;
layout(set = 1, binding = 5) uniform texture2D g;
layout(set = 0, binding = 12, std140) uniform h_block {
    vec4 value;
} h;
layout(set = 0, binding = 4) uniform sampler s;
layout(set = 0, binding = 13, std140) uniform i_block {
    vec4 value;
} i;
layout(push_constant, std430) uniform pc_block {
    vec4 value;
} pc;
layout(set = 2, binding = 0, std430) readonly buffer items_block {
    vec4 items[];
};
layout(set = 0, binding = 14) uniform samplerCube j;
layout(set = 0, binding = 16, std430) readonly buffer k_block {
    vec4 k[];
};

void main() {
    vec4 sum = a.value + b.value + c.value + d.value + e.value + h.value + i.value + pc.value;
    vec4 texel = texture(f, uv);
    vec4 texel_1 = texture(sampler2D(g, s), uv);
    vec4 texel_2 = texture(j, dir);
    vec4 t = texel + texel_1 + texel_2;
    vec4 t_1 = items[min(0u, uint(items.length()) - 1u)];
    vec4 t_2 = k[min(1u, uint(k.length()) - 1u)];
    color = sum + t + t_1 + t_2;
}
