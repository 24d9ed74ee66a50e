#version 450
layout(set = 0, binding = 0, r32f) uniform writeonly image2D marks;
layout(set = 0, binding = 1, std430) buffer B1 { uint count; uint max_index; int sum; } counters;
layout(set = 0, binding = 2, std430) buffer B2 { float cells[]; };
layout(location = 0) out vec4 color;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    int i = p.x + 4 * p.y;
    imageStore(marks, p, vec4(float(i) + 0.5));
    cells[i] = gl_FragCoord.x * 10.0 + gl_FragCoord.y;
    atomicAdd(counters.count, 1u);
    atomicMax(counters.max_index, uint(i));
    atomicAdd(counters.sum, -i);
    color = vec4(0.0, 1.0, 0.0, 1.0);
}
