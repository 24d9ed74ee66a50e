#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba32f) uniform writeonly image2D values;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D colors;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(values);
    // Out-of-range stores are skipped explicitly (Vulkan leaves them undefined).
    if (p.x < size.x && p.y < size.y) {
        imageStore(values, p, vec4(float(p.x), float(p.y), float(p.x + 10 * p.y), 1.0));
        imageStore(colors, p, vec4(float(p.x) / 2.0, float(p.y), 0.25, 1.0));
    }
}
