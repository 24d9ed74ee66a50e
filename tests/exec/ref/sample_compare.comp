#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D depth;
layout(set = 0, binding = 1) uniform samplerShadow less;
layout(set = 0, binding = 2) uniform samplerShadow gequal;
layout(set = 0, binding = 3) uniform samplerShadow pcf;
layout(set = 0, binding = 4) uniform sampler plain;
layout(set = 0, binding = 5) uniform texture2DArray layered;
layout(set = 0, binding = 6, std430) buffer B6 { vec4 o[]; };
void main() {
    o[0] = vec4(textureLod(sampler2DShadow(depth, less), vec3(0.25, 0.5, 0.5), 0.0), textureLod(sampler2DShadow(depth, less), vec3(0.75, 0.5, 0.5), 0.0),
                textureLod(sampler2DShadow(depth, gequal), vec3(0.25, 0.5, 0.5), 0.0), textureLod(sampler2DShadow(depth, gequal), vec3(0.75, 0.5, 0.5), 0.0));
    o[1] = vec4(textureLod(sampler2DShadow(depth, pcf), vec3(0.5, 0.5, 0.5), 0.0),
                textureGrad(sampler2DArrayShadow(layered, less), vec4(0.5, 0.5, 0.0, 0.5), vec2(0.0), vec2(0.0)),
                textureGrad(sampler2DArrayShadow(layered, less), vec4(0.5, 0.5, 1.0, 0.5), vec2(0.0), vec2(0.0)), 0.0);
    o[2] = vec4(texelFetch(sampler2D(depth, plain), ivec2(1, 0), 0).x, textureLod(sampler2D(depth, plain), vec2(0.25, 0.5), 0.0).x, 0.0, 0.0);
}
