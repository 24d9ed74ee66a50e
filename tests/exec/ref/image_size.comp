#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D flat_img;
layout(set = 0, binding = 1, r32ui) uniform readonly uimage2DArray layered;
layout(set = 0, binding = 2, rgba32i) uniform readonly iimage3D volume;
layout(set = 0, binding = 3, std430) buffer Out { int o[8]; };
void main() {
    ivec2 a = imageSize(flat_img);
    ivec3 b = imageSize(layered);
    ivec3 c = imageSize(volume);
    o[0] = a.x; o[1] = a.y; o[2] = b.x; o[3] = b.y; o[4] = b.z;
    o[5] = c.x; o[6] = c.y; o[7] = c.z;
}
