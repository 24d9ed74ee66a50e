#version 450
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;
layout(set = 0, binding = 0, std140) uniform Params { mat2 m; vec4 v; } params;
layout(set = 0, binding = 1) uniform texture2D textures[3];
layout(set = 0, binding = 2, std430) buffer Idx { int idx[]; };
layout(set = 0, binding = 3, std430) buffer Out { float out_[]; };
void main() {
    // Every negative or too-large index takes the last element (index 2 of 3, column 1 of 2,
    // component 3 of vec4, component 2 of vec3).
    float values[3] = float[3](1.0, 2.0, 3.0);
    out_[0] = values[2];
    out_[1] = params.v[3];
    out_[2] = params.m[1].y;
    out_[3] = vec3(4.0, 5.0, 6.0)[2];
    out_[4] = texelFetch(textures[min(uint(idx[0]), 2u)], ivec2(0, 0), 0).x;
    out_[5] = texelFetch(textures[min(uint(idx[1]), 2u)], ivec2(0, 0), 0).x;
}
