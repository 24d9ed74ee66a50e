#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 6, rgba8) uniform writeonly image2D outputs[4];
layout(set = 0, binding = 7, r32f) uniform readonly image2D heights[4];

void main() {
    ivec2 p = ivec2(gl_LocalInvocationID.xy);
    vec4 h = imageLoad(heights[min(gl_WorkGroupID.x % 4u, 3u)], clamp(p, ivec2(0), imageSize(heights[min(gl_WorkGroupID.x % 4u, 3u)]) - 1));
    vec4 g = imageLoad(heights[nonuniformEXT(min(gl_LocalInvocationID.y % 4u, 3u))], clamp(p, ivec2(0), imageSize(heights[nonuniformEXT(min(gl_LocalInvocationID.y % 4u, 3u))]) - 1));
    if (all(lessThan(uvec2(p), uvec2(imageSize(outputs[nonuniformEXT(min(gl_LocalInvocationID.x % 4u, 3u))]))))) {
        imageStore(outputs[nonuniformEXT(min(gl_LocalInvocationID.x % 4u, 3u))], p, vec4(h.x, g.x, 0.0, 1.0));
    }
}
