#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(push_constant, std430) uniform blur_block {
    float weights[5];
    ivec2 direction;
    mat2 rotate;
    int radius;
} blur;
layout(set = 0, binding = 0) uniform texture2D source;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D target;

vec4 tap(ivec2 p, ivec2 size) {
    return texelFetch(source, clamp(min(max(p, ivec2(0)), size - ivec2(1)), ivec2(0), textureSize(source, 0) - 1), 0);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = textureSize(source, 0);
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    ivec2 step_ = ivec2(blur.rotate * vec2(blur.direction));
    vec4 tap_1 = tap(p, size);
    vec4 sum = tap_1 * blur.weights[0u];
    int radius = blur.radius;
    int i = 1;
    uint v = uint(radius) - 1u;
    bool v_1 = 1 <= radius;
    uint v_2 = 0u;
    vec4 sum_1 = sum;
    vec4 sum_2;
    while (true) {
        if (!(v_2 < 4u)) {
            sum_2 = sum_1;
            break;
        }
        if (!v_1) {
            sum_2 = sum_1;
            break;
        }
        float w = blur.weights[min(uint(i), 4u)];
        vec4 tap_2 = tap(p + step_ * ivec2(i), size);
        vec4 tap_3 = tap(p - step_ * ivec2(i), size);
        vec4 sum_3 = sum_1 + (tap_2 + tap_3) * w;
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(target))))) {
        imageStore(target, p, sum_2);
    }
}
