#version 450
layout(local_size_x = 16) in;
struct Program { uint bytes[16]; };
struct Result { int value; int error; int steps; int depth; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { Program programs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { Result results[]; };
uint byte_at(uint p, int i) { return (programs[p].bytes[i >> 2] >> uint((i & 3) * 8)) & 0xFFu; }
bool is_digit(uint c) { return c >= 48u && c <= 57u; }
// Luma's division: truncated, x / 0 handled by the caller, no INT_MIN / -1 in these programs.
ivec2 apply_op(uint op, int a, int b) {
    if (op == 43u) return ivec2(a + b, 0);
    if (op == 45u) return ivec2(a - b, 0);
    if (op == 42u) return ivec2(a * b, 0);
    if (op == 47u || op == 37u) {
        if (b == 0) return ivec2(0, 3);
        return ivec2(op == 47u ? a / b : a % b, 0);
    }
    if (op == 94u) {
        if (b < 0) return ivec2(0, 0);
        int r = 1;
        for (int k = 1; k <= 31 && k <= b; k++) r *= a;
        return ivec2(r, 0);
    }
    return ivec2(0, 4);
}
Result run(uint p) {
    int stack[8];
    int top = 0, depth = 0, i = 0, steps = 0;
    while (i < 64) {
        uint c = byte_at(p, i);
        if (c == 0u) break;
        steps++;
        if (c == 32u) { i++; continue; }
        if (is_digit(c)) {
            int v = 0;
            while (i < 64 && is_digit(byte_at(p, i))) { v = v * 10 + int(byte_at(p, i) - 48u); i++; }
            if (top >= 8) return Result(0, 2, steps, depth);
            stack[top++] = v; depth = max(depth, top);
            continue;
        }
        if (c == 126u) {
            if (top < 1) return Result(0, 1, steps, depth);
            stack[top - 1] = -stack[top - 1];
        } else if (c == 100u) {
            if (top < 1) return Result(0, 1, steps, depth);
            if (top >= 8) return Result(0, 2, steps, depth);
            stack[top] = stack[top - 1]; top++; depth = max(depth, top);
        } else {
            if (top < 2) return Result(0, 1, steps, depth);
            ivec2 r = apply_op(c, stack[top - 2], stack[top - 1]);
            if (r.y != 0) return Result(0, r.y, steps, depth);
            top--; stack[top - 1] = r.x;
        }
        i++;
    }
    if (top != 1) return Result(top > 0 ? stack[top - 1] : 0, 5, steps, depth);
    return Result(stack[0], 0, steps, depth);
}
void main() { results[gl_LocalInvocationIndex] = run(gl_LocalInvocationIndex); }
