#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D ramp;
layout(set = 0, binding = 1) uniform sampler nearest;
layout(set = 0, binding = 2) uniform sampler linear;
layout(set = 0, binding = 3) uniform sampler wrap;
layout(set = 0, binding = 4) uniform sampler mirror;
layout(set = 0, binding = 5) uniform sampler border;
layout(set = 0, binding = 6) uniform texture2D mips;
layout(set = 0, binding = 7) uniform sampler mip_linear;
layout(set = 0, binding = 8) uniform texture2DArray layers;
layout(set = 0, binding = 9) uniform texture3D volume;
layout(set = 0, binding = 10) uniform textureCube cube;
layout(set = 0, binding = 11, std430) buffer B11 { vec4 o[]; };
float r(sampler s, vec2 uv) { return textureLod(sampler2D(ramp, s), uv, 0.0).x; }
void main() {
    float row = 0.5;
    o[0] = vec4(r(nearest, vec2(0.3, row)), r(linear, vec2(0.5, row)), r(linear, vec2(0.0, row)), r(nearest, vec2(1.5, row)));
    o[1] = vec4(r(wrap, vec2(1.3, row)), r(mirror, vec2(1.3, row)), r(border, vec2(1.5, row)), r(wrap, vec2(-0.2, row)));
    vec2 c = vec2(0.5);
    o[2] = vec4(textureLod(sampler2D(mips, mip_linear), c, 0.0).x, textureLod(sampler2D(mips, mip_linear), c, 1.0).x,
                textureLod(sampler2D(mips, mip_linear), c, 1.5).x, textureLod(sampler2D(mips, mip_linear), c, 5.0).x);
    o[3] = vec4(textureLod(sampler2D(mips, nearest), c, 1.4).x, textureLod(sampler2DArray(layers, nearest), vec3(c, 1.0), 0.0).x,
                textureLod(sampler2DArray(layers, nearest), vec3(c, 2.0), 0.0).x, textureLod(sampler3D(volume, linear), vec3(0.5), 0.0).x);
    o[4] = vec4(textureLod(samplerCube(cube, nearest), vec3(-1.0, 0.2, 0.1), 0.0).x, textureLod(samplerCube(cube, nearest), vec3(0.1, 0.2, -1.0), 0.0).x,
                textureLod(samplerCube(cube, nearest), vec3(0.3, 1.0, -0.2), 0.0).x, textureLod(sampler3D(volume, nearest), vec3(0.75, 0.25, 0.75), 0.0).x);
}
