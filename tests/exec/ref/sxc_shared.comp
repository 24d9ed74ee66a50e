#version 450
layout(local_size_x = 4) in;
shared float sShared[gl_WorkGroupSize.x];
layout(set = 0, binding = 0, std430) readonly buffer SSBO { float in_data[]; };
layout(set = 0, binding = 1, std430) writeonly buffer SSBO2 { float out_data[]; };
void main() {
    uint ident = gl_GlobalInvocationID.x;
    sShared[gl_LocalInvocationIndex] = in_data[ident];
    memoryBarrierShared();
    barrier();
    out_data[ident] = sShared[gl_WorkGroupSize.x - gl_LocalInvocationIndex - 1u];
}
