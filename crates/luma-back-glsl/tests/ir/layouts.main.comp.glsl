#version 450

layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;

struct Inner {
    float a;
    vec2 b;
};

struct Block {
    float scalars[3];
    vec2 pairs[2];
    mat2 m2;
    mat3x2 m32;
    mat4x3 m43;
    vec3 v3;
    float tail;
    Inner inner;
    float after;
    Inner inners[2];
    mat2 mats[2];
    int ints[2];
};

layout(set = 0, binding = 0, std140) uniform ubo_block {
    float scalars[3];
    vec2 pairs[2];
    mat2 m2;
    mat3x2 m32;
    mat4x3 m43;
    vec3 v3;
    float tail;
    Inner inner;
    float after;
    Inner inners[2];
    mat2 mats[2];
    int ints[2];
} ubo;
layout(set = 0, binding = 1, std430) readonly buffer ssbo_block {
    float scalars[3];
    vec2 pairs[2];
    mat2 m2;
    mat3x2 m32;
    mat4x3 m43;
    vec3 v3;
    float tail;
    Inner inner;
    float after;
    Inner inners[2];
    mat2 mats[2];
    int ints[2];
} ssbo;
layout(set = 0, binding = 2, std430) buffer out_block {
    Block block;
    vec4 sum;
} out_;

void main() {
    float s = ubo.scalars[min(gl_LocalInvocationIndex, 2u)];
    vec2 p = ubo.pairs[min(gl_LocalInvocationIndex, 1u)];
    mat2 m2 = ubo.m2;
    vec2 col = ubo.m32[min(gl_LocalInvocationIndex, 2u)];
    float elem = ubo.m32[2][min(gl_LocalInvocationIndex, 1u)];
    vec2 col1 = ubo.m32[1];
    mat4x3 m43 = ubo.m43;
    float tail = ubo.tail;
    Inner inner = ubo.inner;
    Inner inners[2] = ubo.inners;
    mat2 m = ubo.mats[min(gl_LocalInvocationIndex, 1u)];
    int ints[2] = ubo.ints;
    Block copy = Block(ubo.scalars, ubo.pairs, ubo.m2, ubo.m32, ubo.m43, ubo.v3, ubo.tail, ubo.inner, ubo.after, ubo.inners, ubo.mats, ubo.ints);
    Block from_storage = Block(ssbo.scalars, ssbo.pairs, ssbo.m2, ssbo.m32, ssbo.m43, ssbo.v3, ssbo.tail, ssbo.inner, ssbo.after, ssbo.inners, ssbo.mats, ssbo.ints);
    out_.block = from_storage;
    float t = s + elem + tail + inner.a + float(ints[1]) + m43[3].z + copy.after;
    out_.sum = vec4(p + col + col1 + inners[1].b + m[0] + m2[1], t, t);
}
