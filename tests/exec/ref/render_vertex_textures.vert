#version 450
layout(set = 0, binding = 0) uniform texture2D heights;
layout(set = 0, binding = 1) uniform texture2D lut_tex;
layout(set = 0, binding = 2) uniform sampler lut_samp;
layout(set = 0, binding = 3) uniform sampler smp;
layout(location = 0) flat out vec4 a;
layout(location = 1) flat out vec4 b;
void main() {
    uint id = uint(gl_VertexIndex);
    vec2 p = vec2(float((id << 1u) & 2u), float(id & 2u));
    gl_Position = vec4(p * 4.0 - 1.0, 0.0, 1.0);
    float v0 = texelFetch(sampler2D(heights, smp), ivec2(3, 0), 0).x;
    float v1 = texelFetch(sampler2D(heights, smp), ivec2(1, 0), 1).x;
    ivec2 size = textureSize(sampler2D(heights, smp), 1);
    vec4 s = textureLod(sampler2D(lut_tex, lut_samp), vec2(0.75, 0.25), 0.0);
    float s2 = textureLod(sampler2D(heights, smp), vec2(0.6, 0.5), 1.0).x;
    a = vec4(v0, v1, float(textureQueryLevels(sampler2D(heights, smp))), float(size.x * 10 + size.y));
    b = s + vec4(s2);
}
