#version 450
layout(local_size_x = 2, local_size_y = 1, local_size_z = 1) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2DArray src;
layout(set = 0, binding = 1, r32f) uniform writeonly image2DArray dst;
layout(set = 0, binding = 2, r32f) uniform writeonly image2D parity[2];
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    int layer = int(gl_GlobalInvocationID.z);
    float v = imageLoad(src, ivec3(p, layer)).x;
    imageStore(dst, ivec3(p, layer), vec4(v * float(layer + 1)));
    if (p.x == 0 && layer < 2) {
        imageStore(parity[layer], ivec2(0), vec4(float(imageSize(src).z * 10 + layer)));
    }
}
