#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform textureCube depth_cube;
layout(set = 0, binding = 1) uniform samplerShadow cmp;
layout(set = 0, binding = 2) uniform samplerCubeShadow ccube_shadow;
layout(set = 0, binding = 4, std430) buffer out_block {
    vec4 out_[];
};

void main() {
    vec3 dir = normalize(vec3(vec2(gl_GlobalInvocationID.xy), 1.0));
    vec4 texel = textureGather(samplerCubeShadow(depth_cube, cmp), dir, 0.25);
    vec4 texel_1 = textureGather(ccube_shadow, dir, 0.75);
    out_[min(gl_GlobalInvocationID.x, uint(out_.length()) - 1u)] = texel + texel_1;
}
