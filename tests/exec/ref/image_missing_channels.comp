#version 450
// Reference for image_missing_channels.luma: Vulkan fills the channels a storage image format
// lacks with 0 (alpha 1) on imageLoad.
layout(local_size_x = 2) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D fimg;
layout(set = 0, binding = 1, r32ui) uniform readonly uimage2D uimg;
layout(set = 0, binding = 2, r32i) uniform readonly iimage2D iimg;
layout(set = 0, binding = 3, rgba8) uniform readonly image2D cimg;
layout(set = 0, binding = 4, std430) buffer F { vec4 fout[]; };
layout(set = 0, binding = 5, std430) buffer U { uvec4 uout[]; };
layout(set = 0, binding = 6, std430) buffer I { ivec4 iout[]; };
void main() {
    uint lid = gl_LocalInvocationIndex;
    ivec2 p = ivec2(int(lid), 0);
    fout[lid] = imageLoad(fimg, p);
    fout[lid + 2u] = imageLoad(cimg, p);
    uout[lid] = imageLoad(uimg, p);
    iout[lid] = imageLoad(iimg, p);
}
