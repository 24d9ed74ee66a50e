#version 450

layout(location = 0) out vec3 uv;

layout(set = 1, binding = 0, std140) uniform r_data_block {
    mat4 proj_inv;
    mat4 view;
} r_data;

void main() {
    int tmp1 = int(uint(gl_VertexIndex)) / 2;
    int tmp2 = int(uint(gl_VertexIndex)) & 1;
    vec4 pos = vec4(float(tmp1) * 4.0 - 1.0, float(tmp2) * 4.0 - 1.0, 0.0, 1.0);
    vec4 t = r_data.view[0u];
    vec4 t_1 = r_data.view[1u];
    vec4 t_2 = r_data.view[2u];
    mat3 inv_model_view = transpose(mat3(t.xyz, t_1.xyz, t_2.xyz));
    vec4 unprojected = r_data.proj_inv * pos;
    gl_Position = pos;
    uv = inv_model_view * unprojected.xyz;
}
