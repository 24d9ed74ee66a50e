#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;
layout(set = 0, binding = 0) uniform texture2D textures[2];
layout(set = 0, binding = 1, r32f) uniform readonly image2D images[2];
layout(set = 0, binding = 2, std430) buffer Out { vec2 results[]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    float t = texelFetch(textures[nonuniformEXT(i % 2u)], ivec2(0), 0).x;
    float m = imageLoad(images[nonuniformEXT((i + 1u) % 2u)], ivec2(0)).x;
    results[i] = vec2(t, m);
}
