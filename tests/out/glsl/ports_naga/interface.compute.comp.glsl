#version 450

layout(local_size_x = 4, local_size_y = 2, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) buffer output_block {
    uint output_[];
};

void main() {
    output_[min(gl_LocalInvocationIndex, uint(output_.length()) - 1u)] = gl_GlobalInvocationID.x + gl_LocalInvocationID.y + gl_LocalInvocationIndex + gl_WorkGroupID.x + gl_WorkGroupID.z;
}
