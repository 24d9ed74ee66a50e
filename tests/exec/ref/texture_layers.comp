#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2DArray arr;
layout(set = 0, binding = 1) uniform itexture2DArray iarr;
layout(set = 0, binding = 2) uniform texture2DArray shadow_arr;
layout(set = 0, binding = 3) uniform sampler2DArray carr;
layout(set = 0, binding = 4) uniform sampler samp;
layout(set = 0, binding = 5, std430) buffer B5 { ivec4 o[]; };
void main() {
    o[0] = ivec4(textureSize(sampler2DArray(arr, samp), 0).z, textureSize(isampler2DArray(iarr, samp), 0).z,
                 textureSize(sampler2DArray(shadow_arr, samp), 0).z, textureSize(carr, 0).z);
    o[1] = ivec4(textureSize(sampler2DArray(arr, samp), 0).xy, textureSize(carr, 2).xy);
}
