#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform params_block {
    vec2 src_texel;
    float threshold;
    float knee;
    float filter_radius;
    float intensity;
    int first_mip;
    int mip_count;
} params;
layout(set = 0, binding = 0) uniform sampler2D source;

float luminance(vec3 c) {
    return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

float karis_weight(vec3 c) {
    float luminance_1 = luminance(c);
    return 1.0 / (1.0 + luminance_1);
}

vec3 prefilter(vec3 c) {
    float brightness = max(c.x, max(c.y, c.z));
    float soft = min(max(brightness - params.threshold + params.knee, 0.0), 2.0 * params.knee);
    float soft_1 = soft * soft / (4.0 * params.knee + 1e-5);
    float contribution = max(soft_1, brightness - params.threshold) / max(brightness, 1e-5);
    return c * contribution;
}

vec3 tap(vec2 uv_1, float dx, float dy) {
    vec4 texel = textureLod(source, uv_1 + vec2(dx, dy) * params.src_texel, 0.0);
    return texel.xyz;
}

void main() {
    vec3 boxes[5] = vec3[5](vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0));
    float box_weights[5] = float[5](0.0, 0.0, 0.0, 0.0, 0.0);
    vec3 a = tap(uv, -2.0, 2.0);
    vec3 b = tap(uv, 0.0, 2.0);
    vec3 c = tap(uv, 2.0, 2.0);
    vec3 d = tap(uv, -2.0, 0.0);
    vec3 e = tap(uv, 0.0, 0.0);
    vec3 f = tap(uv, 2.0, 0.0);
    vec3 g = tap(uv, -2.0, -2.0);
    vec3 h = tap(uv, 0.0, -2.0);
    vec3 i = tap(uv, 2.0, -2.0);
    vec3 j = tap(uv, -1.0, 1.0);
    vec3 k = tap(uv, 1.0, 1.0);
    vec3 l = tap(uv, -1.0, -1.0);
    vec3 m = tap(uv, 1.0, -1.0);
    vec3 result;
    if (params.first_mip != 0) {
        boxes = vec3[5]((a + b + d + e) * 0.25, (b + c + e + f) * 0.25, (d + e + g + h) * 0.25, (e + f + h + i) * 0.25, (j + k + l + m) * 0.25);
        box_weights = float[5](0.125, 0.125, 0.125, 0.125, 0.5);
        int n = 0;
        uint v = 4u;
        bool v_1 = true;
        vec3 result_1 = vec3(0.0);
        float total_weight = 0.0;
        vec3 result_2;
        float total_weight_1;
        while (true) {
            if (!v_1) {
                result_2 = result_1;
                total_weight_1 = total_weight;
                break;
            }
            float t = box_weights[min(uint(n), 4u)];
            vec3 t_1 = boxes[min(uint(n), 4u)];
            float karis_weight_1 = karis_weight(t_1);
            float w = t * karis_weight_1;
            vec3 t_2 = boxes[min(uint(n), 4u)];
            vec3 prefilter_1 = prefilter(t_2);
            vec3 result_3 = result_1 + prefilter_1 * w;
            float total_weight_2 = total_weight + w;
            bool next_v = v != 0u;
            n = n + 1;
            v = v - 1u;
            v_1 = next_v;
            result_1 = result_3;
            total_weight = total_weight_2;
        }
        result = result_2 / vec3(max(total_weight_1, 0.0001));
    } else {
        vec3 result_4 = e * 0.125;
        vec3 result_5 = result_4 + (a + c + g + i) * 0.03125;
        vec3 result_6 = result_5 + (b + d + f + h) * 0.0625;
        result = result_6 + (j + k + l + m) * 0.125;
    }
    color = vec4(max(result, vec3(0.0)), 1.0);
}
