#version 450

layout(local_size_x = 32, local_size_y = 1, local_size_z = 1) in;

struct Program {
    uint bytes[16];
};

struct Result {
    int value;
    int error;
    int steps;
    int depth;
};

layout(set = 0, binding = 0, std430) readonly buffer programs_block {
    Program programs[];
};
layout(set = 0, binding = 1, std430) buffer results_block {
    Result results[];
};

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

uint byte_at(Program p, int i) {
    Program p_1 = Program(uint[16](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u));
    p_1 = p;
    uint t = p_1.bytes[min(uint(i >> 2u), 15u)];
    return (t >> (uint((i & 3) * 8) & 31u)) & 255u;
}

bool is_digit(uint c) {
    return c >= 48u && c <= 57u;
}

bool is_space(uint c) {
    return c == 32u || c == 9u || c == 10u;
}

ivec2 apply(uint op, int a, int b) {
    if (op == 43u) {
        return ivec2(a + b, 0);
    } else if (op == 45u) {
        return ivec2(a - b, 0);
    } else if (op == 42u) {
        return ivec2(a * b, 0);
    } else if (op == 47u || op == 37u) {
        if (b == 0) {
            return ivec2(0, 3);
        }
        return ivec2(op == 47u ? luma_div(a, b) : luma_rem(a, b), 0);
    } else if (op == 94u) {
        if (b < 0) {
            return ivec2(0);
        }
        int k = 1;
        uint v = 30u;
        bool v_1 = true;
        int r = 1;
        int r_1;
        while (true) {
            if (!v_1) {
                r_1 = r;
                break;
            }
            if (k > b) {
                r_1 = r;
                break;
            }
            int r_2 = r * a;
            bool next_v = v != 0u;
            k = k + 1;
            v = v - 1u;
            v_1 = next_v;
            r = r_2;
        }
        return ivec2(r_1, 0);
    }
    return ivec2(0, 4);
}

Result run(Program p) {
    int stack[8] = int[8](0, 0, 0, 0, 0, 0, 0, 0);
    stack = int[8](0, 0, 0, 0, 0, 0, 0, 0);
    uint v = 0u;
    int top = 0;
    int max_depth = 0;
    int i = 0;
    int steps = 0;
    int top_1;
    int max_depth_1;
    int steps_1;
    while (true) {
        if (!(v < 64u)) {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        if (!(i < 64)) {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        uint c = byte_at(p, i);
        if (c == 0u) {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        int steps_2 = steps + 1;
        bool is_space_1 = is_space(c);
        int top_2;
        int max_depth_2;
        int i_1;
        if (is_space_1) {
            top_2 = top;
            max_depth_2 = max_depth;
            i_1 = i + 1;
        } else {
            bool is_digit_1 = is_digit(c);
            int top_3;
            int max_depth_3;
            int i_2;
            if (is_digit_1) {
                uint v_1 = 0u;
                int i_3 = i;
                int value = 0;
                int i_4;
                int value_1;
                while (true) {
                    if (!(v_1 < 64u)) {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    if (!(i_3 < 64)) {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    uint d = byte_at(p, i_3);
                    bool is_digit_2 = is_digit(d);
                    if (!is_digit_2) {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    int value_2 = value * 10 + int(d - 48u);
                    int i_5 = i_3 + 1;
                    v_1 = v_1 + 1u;
                    i_3 = i_5;
                    value = value_2;
                }
                if (top >= 8) {
                    return Result(0, 2, steps_2, max_depth);
                }
                stack[min(uint(top), 7u)] = value_1;
                int top_4 = top + 1;
                top_3 = top_4;
                max_depth_3 = max(max_depth, top_4);
                i_2 = i_4;
            } else {
                int top_5;
                int max_depth_4 = max_depth;
                if (c == 126u) {
                    if (top < 1) {
                        return Result(0, 1, steps_2, max_depth);
                    }
                    int t = stack[min(uint(top - 1), 7u)];
                    stack[min(uint(top - 1), 7u)] = -t;
                    top_5 = top;
                } else if (c == 100u) {
                    if (top < 1) {
                        return Result(0, 1, steps_2, max_depth);
                    } else if (top >= 8) {
                        return Result(0, 2, steps_2, max_depth);
                    }
                    int t_1 = stack[min(uint(top - 1), 7u)];
                    stack[min(uint(top), 7u)] = t_1;
                    int top_6 = top + 1;
                    top_5 = top_6;
                    max_depth_4 = max(max_depth, top_6);
                } else {
                    if (top < 2) {
                        return Result(0, 1, steps_2, max_depth);
                    }
                    int t_2 = stack[min(uint(top - 2), 7u)];
                    int t_3 = stack[min(uint(top - 1), 7u)];
                    ivec2 r = apply(c, t_2, t_3);
                    if (r.y != 0) {
                        return Result(0, r.y, steps_2, max_depth);
                    }
                    int top_7 = top - 1;
                    stack[min(uint(top_7 - 1), 7u)] = r.x;
                    top_5 = top_7;
                }
                top_3 = top_5;
                max_depth_3 = max_depth_4;
                i_2 = i + 1;
            }
            top_2 = top_3;
            max_depth_2 = max_depth_3;
            i_1 = i_2;
        }
        v = v + 1u;
        top = top_2;
        max_depth = max_depth_2;
        i = i_1;
        steps = steps_2;
    }
    if (top_1 != 1) {
        int v_2 = 0;
        if (top_1 > 0) {
            int t_4 = stack[min(uint(top_1 - 1), 7u)];
            v_2 = t_4;
        }
        return Result(v_2, 5, steps_1, max_depth_1);
    }
    int t_5 = stack[0u];
    return Result(t_5, 0, steps_1, max_depth_1);
}

void main() {
    uint t = uint(programs.length());
    if (gl_GlobalInvocationID.x >= uint(int(t))) {
        return;
    }
    Program t_1 = programs[min(gl_GlobalInvocationID.x, uint(programs.length()) - 1u)];
    Result run_1 = run(t_1);
    results[min(gl_GlobalInvocationID.x, uint(results.length()) - 1u)] = run_1;
}
