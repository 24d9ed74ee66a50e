#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer codes_block {
    uint codes[];
};
layout(set = 0, binding = 1, std430) buffer results_block {
    int results[];
};

int weight(uint c) {
    if (c < 4u) {
        return 1;
    } else if (c < 8u) {
        return 2;
    } else if (c < 16u) {
        return 3;
    } else if (c < 32u) {
        return 4;
    }
    return 5;
}

void main() {
    int i = int(gl_GlobalInvocationID.x);
    uint t = codes[min(uint(i), uint(codes.length()) - 1u)];
    bool taken = false;
    if (t == 0u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 7;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 1u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 48;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 2u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 85;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 3u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 21;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 4u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 58;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 5u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 95;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 6u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 31;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 7u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 68;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 8u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 4;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 9u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 41;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 10u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 78;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 11u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 14;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 12u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 51;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 13u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 88;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 14u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 24;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 15u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 61;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 16u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 98;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 17u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 34;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 18u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 71;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 19u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 7;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 20u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 44;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 21u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 81;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 22u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 17;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 23u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 54;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 24u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 91;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 25u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 27;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 26u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 64;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 27u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 0;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 28u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 37;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 29u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 74;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 30u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 10;
        taken = true;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 31u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 47;
        taken = true;
    }
    if (taken) {
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 32u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 84;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 33u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 20;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 34u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 57;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 35u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 94;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 36u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 30;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 37u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 67;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 38u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 3;
    } else if (codes[min(uint(i), uint(codes.length()) - 1u)] == 39u) {
        results[min(uint(i), uint(results.length()) - 1u)] = 40;
    }
    uint t_1 = codes[min(uint(i), uint(codes.length()) - 1u)];
    int w = weight(t_1);
    if (w == 1) {
        int t_2 = results[min(uint(i), uint(results.length()) - 1u)];
        results[min(uint(i), uint(results.length()) - 1u)] = t_2 + 10;
    } else if (w == 2) {
        int t_3 = results[min(uint(i), uint(results.length()) - 1u)];
        results[min(uint(i), uint(results.length()) - 1u)] = t_3 + 20;
    } else if (w == 3) {
        int t_4 = results[min(uint(i), uint(results.length()) - 1u)];
        results[min(uint(i), uint(results.length()) - 1u)] = t_4 - 30;
    } else if (w == 4) {
        int t_5 = results[min(uint(i), uint(results.length()) - 1u)];
        results[min(uint(i), uint(results.length()) - 1u)] = t_5 * 2;
    } else {
        results[min(uint(i), uint(results.length()) - 1u)] = 0;
    }
}
