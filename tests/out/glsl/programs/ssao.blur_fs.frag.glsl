#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out float occlusion;

layout(set = 0, binding = 7) uniform sampler2D occlusion_input;

void main() {
    vec2 texel = vec2(1.0) / vec2(textureSize(occlusion_input, 0));
    int y = -2;
    uint v = 3u;
    bool v_1 = true;
    float sum = 0.0;
    float sum_1;
    while (true) {
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        int x = -2;
        uint v_2 = 3u;
        bool v_3 = true;
        float sum_2 = sum;
        float sum_3;
        while (true) {
            if (!v_3) {
                sum_3 = sum_2;
                break;
            }
            vec2 offset = vec2(float(x), float(y)) * texel;
            vec4 texel_1 = textureLod(occlusion_input, uv + offset, 0.0);
            float sum_4 = sum_2 + texel_1.x;
            bool next_v = v_2 != 0u;
            x = x + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            sum_2 = sum_4;
        }
        bool next_v_1 = v != 0u;
        y = y + 1;
        v = v - 1u;
        v_1 = next_v_1;
        sum = sum_3;
    }
    occlusion = sum_1 / 16.0;
}
