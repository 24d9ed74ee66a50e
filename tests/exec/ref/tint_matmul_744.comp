#version 450
layout(local_size_x = 2, local_size_y = 2) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { uint first_matrix[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint second_matrix[]; };
layout(set = 0, binding = 2, std430) buffer B2 { uint result_matrix[]; };
layout(set = 0, binding = 3, std140) uniform U { uvec2 a_shape; uvec2 b_shape; uvec2 out_shape; } uniforms;
void main() {
    uvec2 cell = uvec2(gl_GlobalInvocationID.y, gl_GlobalInvocationID.x);
    uint inner = uniforms.a_shape.y;
    uint outer = uniforms.out_shape.y;
    uint result = 0u;
    for (uint i = 0u; i < inner; i++) result += first_matrix[i + cell.x * inner] * second_matrix[cell.y + i * outer];
    result_matrix[cell.y + cell.x * outer] = result;
}
