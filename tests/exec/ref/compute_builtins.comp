#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_z = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { uvec4 records[]; };
layout(set = 0, binding = 1, std430) buffer B1 { uvec4 sizes[]; };
void main() {
    uvec3 gid = gl_GlobalInvocationID, lid = gl_LocalInvocationID, wid = gl_WorkGroupID;
    uint index = gid.y * 8u + gid.x;
    records[index] = uvec4(gid.x, gid.y, gl_LocalInvocationIndex, wid.x + 10u * wid.y);
    if (gl_LocalInvocationIndex != lid.y * 4u + lid.x || gid.z != 0u || lid.z != 0u) records[index] = uvec4(999u);
    if (index == 0u) sizes[0] = uvec4(gl_NumWorkGroups, 0u);
}
