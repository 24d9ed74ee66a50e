#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D depth2d;
layout(set = 0, binding = 1) uniform textureCube depth_cube;
layout(set = 0, binding = 2) uniform texture2DArray depth_array;
layout(set = 0, binding = 3) uniform sampler samp;
layout(set = 0, binding = 4, std430) buffer out_block {
    vec4 out_[];
};

void main() {
    vec2 uv = vec2(gl_GlobalInvocationID.xy) / vec2(8.0);
    int layer = int(gl_GlobalInvocationID.z);
    vec4 texel = textureGather(sampler2D(depth2d, samp), uv, 0);
    vec4 texel_1 = textureGather(samplerCube(depth_cube, samp), vec3(uv, 1.0), 0);
    vec4 texel_2 = textureGatherOffset(sampler2DArray(depth_array, samp), vec3(uv, float(layer)), ivec2(2), 0);
    out_[min(gl_GlobalInvocationID.x, uint(out_.length()) - 1u)] = texel + texel_1 + texel_2;
}
