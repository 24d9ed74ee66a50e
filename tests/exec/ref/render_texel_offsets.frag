#version 450
layout(set = 0, binding = 0) uniform texture2D grid;
layout(set = 0, binding = 1) uniform sampler samp;
layout(location = 0) out float right;
layout(location = 1) out float down;
void main() {
    vec2 uv = gl_FragCoord.xy / 4.0;
    right = textureOffset(sampler2D(grid, samp), uv, ivec2(1, 0)).x;
    down = textureOffset(sampler2D(grid, samp), uv, ivec2(-1, 2), 0.0).x;
}
