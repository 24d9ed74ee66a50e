#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D inputImage;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D resultImage;
float conv(float kernel[9], float data[9], float denom, float offset) {
    float res = 0.0;
    for (int i = 0; i < 9; ++i) res += kernel[i] * data[i];
    return clamp(res / denom + offset, 0.0, 1.0);
}
void main() {
    ivec2 size = imageSize(inputImage);
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (c.x >= size.x || c.y >= size.y) return;
    float kernel[9] = float[9](-1.0,0.0,0.0,0.0,-1.0,0.0,0.0,0.0,2.0); float d[9];
    int n = 0;
    for (int i = -1; i <= 1; ++i) for (int j = -1; j <= 1; ++j) {
        vec3 rgb = imageLoad(inputImage, clamp(c + ivec2(i, j), ivec2(0), size - 1)).rgb;
        d[n] = (rgb.r + rgb.g + rgb.b) / 3.0;
        n++;
    }
    imageStore(resultImage, c, vec4(vec3(conv(kernel, d, 1.0, 0.5)), 1.0));
}
