#version 450

struct Corner {
    vec2 offset;
    float scale;
};

layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint slot;
layout(location = 0) out vec4 color;

layout(push_constant, std430) uniform push_block {
    Corner corners[4];
    vec4 palette[4];
    vec4 levels[3];
    mat3 transform;
} push;

float level(float x) {
    float result = push.levels[0u].y;
    int i = 1;
    uint v = 1u;
    bool v_1 = true;
    float result_1 = result;
    float result_2;
    while (true) {
        if (!v_1) {
            result_2 = result_1;
            break;
        }
        float result_3 = result_1;
        if (x > push.levels[min(uint(i), 2u)].x) {
            result_3 = push.levels[min(uint(i), 2u)].y;
        }
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        result_1 = result_3;
    }
    return result_2;
}

void main() {
    vec4 base = push.palette[min(slot, 3u)];
    float level_1 = level(uv.x);
    color = vec4(base.xyz * level_1, base.w);
}
