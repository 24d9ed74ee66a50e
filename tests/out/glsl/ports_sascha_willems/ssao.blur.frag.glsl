#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out float occlusion;

layout(set = 0, binding = 8) uniform sampler2D sampler_ssao;

void main() {
    vec2 texel_size = vec2(1.0) / vec2(textureSize(sampler_ssao, 0));
    int x = -2;
    uint v = 4u;
    bool v_1 = true;
    int n = 0;
    float result = 0.0;
    int n_1;
    float result_1;
    while (true) {
        if (!v_1) {
            n_1 = n;
            result_1 = result;
            break;
        }
        int y = -2;
        uint v_2 = 4u;
        bool v_3 = true;
        int n_2 = n;
        float result_2 = result;
        int n_3;
        float result_3;
        while (true) {
            if (!v_3) {
                n_3 = n_2;
                result_3 = result_2;
                break;
            }
            vec2 offset = vec2(float(x), float(y)) * texel_size;
            vec4 texel = texture(sampler_ssao, uv + offset);
            float result_4 = result_2 + texel.x;
            int n_4 = n_2 + 1;
            bool next_v = v_2 != 0u;
            y = y + 1;
            v_2 = v_2 - 1u;
            v_3 = next_v;
            n_2 = n_4;
            result_2 = result_4;
        }
        bool next_v_1 = v != 0u;
        x = x + 1;
        v = v - 1u;
        v_1 = next_v_1;
        n = n_3;
        result = result_3;
    }
    occlusion = result_1 / float(n_1);
}
