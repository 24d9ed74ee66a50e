#version 450
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;
layout(push_constant, std430) uniform Push { uint pick; } push;
layout(set = 0, binding = 0) uniform texture2D textures[4];
layout(set = 0, binding = 1) uniform sampler samplers[2];
layout(set = 0, binding = 2, r32f) uniform readonly image2D layers[2];
layout(set = 0, binding = 3, std430) buffer Results { vec4 results[]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    vec4 a = texelFetch(textures[nonuniformEXT(i % 4u)], ivec2(1, 0), 0);
    vec4 b = textureLod(nonuniformEXT(sampler2D(textures[nonuniformEXT((i + 1u) % 4u)], samplers[nonuniformEXT(i % 2u)])), vec2(0.375, 0.5), 0.0);
    vec4 c = imageLoad(layers[nonuniformEXT(i % 2u)], ivec2(0, 0));
    vec4 u = texelFetch(textures[push.pick], ivec2(0, 0), 0);
    results[3u * i] = a;
    results[3u * i + 1u] = b;
    results[3u * i + 2u] = vec4(c.x, u.x, u.y, u.w);
}
