#version 450

layout(location = 0) in vec4 va;
layout(location = 1) in vec4 vb;
layout(location = 2) noperspective in vec2 screen;
layout(location = 3) flat in int line;
layout(location = 4) flat in ivec4 vin1;
layout(location = 0) out vec4 color;
layout(location = 1) out vec2 extra;

layout(set = 0, binding = 0) uniform sampler2D tex;

void main() {
    vec4 c = gl_FrontFacing ? va : vb;
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 c_1 = c + texelFetch(tex, clamp(p + ivec2(1), ivec2(0), textureSize(tex, 0) - 1), 0);
    vec4 c_2 = c_1 + texelFetch(tex, clamp(p + ivec2(-1, 1), ivec2(0), textureSize(tex, 0) - 1), 0);
    vec4 c_3 = c_2 + -(-vb);
    ivec4 a = ~(~vin1);
    bvec2 bools1 = not(bvec2(screen.x == 0.0, screen.y == 0.0));
    bvec2 bools2 = lessThanEqual(screen, vec2(1.5, 0.5));
    vec2 e = vec2(bools1.x ? 1.0 : 0.0, bools2.x && true ? 1.0 : 0.0);
    vec2 m = screen.x > screen.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
    color = c_3 + vec4(a) * 0.01;
    extra = e + m + vec2(float(uint(gl_SampleMaskIn[0]))) + vec2(float(uint(gl_SampleID))) + vec2(float(line));
    gl_SampleMask[0] = int(uint(gl_SampleMaskIn[0]) & 1u);
    gl_FragDepth = clamp(gl_FragCoord.z * 0.5, 0.0, 1.0);
}
