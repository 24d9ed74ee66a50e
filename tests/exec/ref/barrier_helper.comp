#version 450
layout(local_size_x = 64) in;
shared float tile[64];
layout(set = 0, binding = 0, std430) buffer B0 { float data[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float outv[]; };
void main() {
    uint li = gl_LocalInvocationIndex;
    tile[li] = float(li);
    data[li] = float(li) + 0.5;
    memoryBarrierShared(); barrier();
    memoryBarrierBuffer(); barrier();
    if (li == 0u) { tile[1] = 100.0; data[1] = 200.0; }
    memoryBarrierShared(); barrier();
    memoryBarrierBuffer(); barrier();
    outv[li] = tile[li] + data[li];
}
