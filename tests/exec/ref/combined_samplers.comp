#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D c2d;
layout(set = 0, binding = 2) uniform sampler2DArray carr;
layout(set = 0, binding = 4) uniform sampler2DShadow cshadow;
layout(set = 0, binding = 6) uniform samplerCube ccube;
layout(set = 0, binding = 8, std430) buffer B8 { vec4 o[]; };
void main() {
    o[0] = textureLod(c2d, vec2(0.75, 0.25), 0.0);
    o[1] = texelFetch(c2d, ivec2(0, 1), 0);
    ivec2 size = textureSize(c2d, 0);
    o[2] = vec4(textureLod(carr, vec3(0.5, 0.5, 1.0), 0.0).x, textureLod(cshadow, vec3(0.25, 0.5, 0.5), 0.0),
                textureLod(cshadow, vec3(0.75, 0.5, 0.5), 0.0), float(size.x * 10 + size.y));
    o[3] = textureLod(ccube, vec3(0.0, 0.0, -1.0), 0.0);
}
