#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec4 eye;
    float exposure;
    float white;
} camera;
layout(set = 0, binding = 4, rgba16f) uniform readonly image2D hdr_image;
layout(set = 0, binding = 5, rgba8) uniform writeonly image2D ldr_image;

f16vec3 aces(f16vec3 x) {
    return clamp(x * (x * 2.5097656hf + f16vec3(0.02999878hf)) / (x * (x * 2.4296875hf + f16vec3(0.58984375hf)) + f16vec3(0.14001465hf)), 0.0hf, 1.0hf);
}

f16vec3 tonemap(f16vec3 color, float16_t exposure, float16_t white) {
    f16vec3 aces_1 = aces(color * exposure);
    f16vec3 aces_2 = aces(f16vec3(white));
    f16vec3 mapped = aces_1 / aces_2;
    return pow(clamp(mapped, 0.0hf, 1.0hf), f16vec3(0.45458984hf));
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(hdr_image);
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    vec4 texel = imageLoad(hdr_image, clamp(p, ivec2(0), imageSize(hdr_image) - 1));
    f16vec4 hdr = f16vec4(texel);
    f16vec4 hdr_1 = hdr;
    if (any(isnan(hdr)) || any(isinf(hdr))) {
        hdr_1 = f16vec4(0.0hf);
    }
    f16vec3 encoded = tonemap(hdr_1.xyz, float16_t(camera.exposure), float16_t(camera.white));
    if (all(lessThan(uvec2(p), uvec2(imageSize(ldr_image))))) {
        imageStore(ldr_image, p, vec4(vec3(encoded), float(hdr_1.w)));
    }
}
