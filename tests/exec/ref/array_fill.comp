#version 450
// Reference for array_fill.luma: the same steps in plain GLSL, arrays filled element by element.
layout(local_size_x = 4) in;
struct Item { int key; float weight; };
layout(set = 0, binding = 0, std430) buffer In { float inp[]; };
layout(set = 0, binding = 1, std430) buffer Calls { uint calls[]; };
layout(set = 0, binding = 2, std430) buffer Out { float outv[]; };
float doubled(uint i, float x) { atomicAdd(calls[i], 1u); return x * 2.0; }
int[4] histogram(int values[6]) {
    int bins[4];
    for (int k = 0; k < 4; k++) bins[k] = 0;
    for (int k = 0; k <= 5; k++) bins[clamp(values[k], 0, 3)] += 1;
    return bins;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    float x = inp[i];
    float d = doubled(i, x);
    float twice[5];
    for (int k = 0; k < 5; k++) twice[k] = d;
    twice[0] = 0.0;
    float sum = 0.0;
    for (int k = 0; k <= 4; k++) sum += twice[k];
    float grid[3][2];
    for (int a = 0; a < 3; a++) for (int b = 0; b < 2; b++) grid[a][b] = x;
    grid[1][0] = 10.0;
    Item items[3];
    for (int k = 0; k < 3; k++) items[k] = Item(int(i), x);
    items[2].key = 100;
    int stack[8];
    for (int k = 0; k < 8; k++) stack[k] = -1;
    int top = 0;
    for (int k = 0; k <= int(i) + 1; k++) { stack[top] = k * k; top += 1; }
    int vals[6];
    for (int k = 0; k < 6; k++) vals[k] = int(i);
    int hist[4] = histogram(vals);
    vec3 colors[2];
    colors[0] = vec3(x, 0.0, 1.0);
    colors[1] = colors[0];
    colors[1].y = 5.0;
    uint base = i * 8u;
    outv[base] = sum;
    outv[base + 1u] = grid[0][1] + grid[1][0] + grid[2][1];
    outv[base + 2u] = float(items[0].key + items[2].key) + items[1].weight;
    outv[base + 3u] = float(stack[int(i) + 1] + stack[7]);
    outv[base + 4u] = float(hist[0] * 1000 + hist[1] * 100 + hist[2] * 10 + hist[3]);
    outv[base + 5u] = float(7 + 7 + 4);
    outv[base + 6u] = float(calls[i]);
    outv[base + 7u] = colors[0].x + colors[1].y + colors[0].y + colors[1].z;
}
