#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, r32f) uniform writeonly image2D visibility;
layout(set = 0, binding = 1, std140) uniform tint_block {
    vec4 tint;
};

void main() {
    if (all(lessThan(uvec2(ivec2(gl_FragCoord.xy)), uvec2(imageSize(visibility))))) {
        imageStore(visibility, ivec2(gl_FragCoord.xy), vec4(gl_FragCoord.z, 0.0, 0.0, 0.0));
    }
    color = vec4(uv, 0.0, 1.0) * tint;
}
