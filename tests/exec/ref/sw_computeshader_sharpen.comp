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
    float kernel[9] = float[9](-1.0,-1.0,-1.0,-1.0,9.0,-1.0,-1.0,-1.0,-1.0); float r[9]; float g[9]; float b[9];
    int n = 0;
    for (int i = -1; i <= 1; ++i) for (int j = -1; j <= 1; ++j) {
        vec3 rgb = imageLoad(inputImage, clamp(c + ivec2(i, j), ivec2(0), size - 1)).rgb;
        r[n] = rgb.r; g[n] = rgb.g; b[n] = rgb.b;
        n++;
    }
    imageStore(resultImage, c, vec4(conv(kernel, r, 1.0, 0.0), conv(kernel, g, 1.0, 0.0), conv(kernel, b, 1.0, 0.0), 1.0));
}
