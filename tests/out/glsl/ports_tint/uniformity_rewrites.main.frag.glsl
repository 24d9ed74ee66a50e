#version 450

layout(location = 0) in vec4 g;
layout(location = 0) out vec4 c;

layout(set = 0, binding = 0, std140) uniform my_uniform_block {
    float my_uniform;
};
layout(set = 0, binding = 1) uniform texture2D my_texture;
layout(set = 0, binding = 2) uniform sampler my_sampler;

vec4 foo_member_initialize(vec4 g_1) {
    bvec2 vb2 = bvec2(my_uniform == -1.0, false);
    vec4 r = vec4(0.0);
    if (vb2.x) {
        vec4 r_1 = texture(sampler2D(my_texture, my_sampler), vec2(0.0), 0.0);
        r = r_1;
    }
    return r;
}

vec4 foo_default_initialize(vec4 g_1) {
    return vec4(0.0);
}

void main() {
    vec4 foo_member_initialize_1 = foo_member_initialize(g);
    vec4 foo_default_initialize_1 = foo_default_initialize(g);
    c = foo_member_initialize_1 + foo_default_initialize_1;
}
