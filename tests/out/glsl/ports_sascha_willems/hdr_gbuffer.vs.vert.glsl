#version 450

struct Varyings {
    vec4 clip;
    vec3 uvw;
    vec3 pos;
    vec3 normal;
    vec3 view_vec;
    vec3 light_vec;
};

layout(constant_id = 0) const int TYPE = 0;

layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec3 uvw;
layout(location = 1) out vec3 pos_1;
layout(location = 2) out vec3 normal_1;
layout(location = 3) out vec3 view_vec;
layout(location = 4) out vec3 light_vec;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 modelview;
    mat4 inverse_modelview;
    float exposure;
} ubo;

void main() {
    vec4 t = ubo.modelview * vec4(pos, 1.0);
    mat4 modelview = ubo.modelview;
    vec4 t_1 = modelview[0];
    vec4 t_2 = modelview[1];
    vec4 t_3 = modelview[2];
    Varyings out_ = Varyings(vec4(0.0), pos, t.xyz, mat3(t_1.xyz, t_2.xyz, t_3.xyz) * normal, vec3(0.0), vec3(0.0));
    Varyings out_1;
    if (TYPE == 0) {
        mat4 modelview_1 = ubo.modelview;
        vec4 t_4 = modelview_1[0];
        vec4 t_5 = modelview_1[1];
        vec4 t_6 = modelview_1[2];
        Varyings out_2 = out_;
        out_2.clip = ubo.projection * vec4(mat3(t_4.xyz, t_5.xyz, t_6.xyz) * pos, 1.0);
        out_1 = out_2;
    } else {
        Varyings out_3 = out_;
        out_3.clip = ubo.projection * ubo.modelview * vec4(pos, 1.0);
        Varyings out_4 = out_3;
        out_4.light_vec = vec3(0.0, -5.0, 5.0) - out_3.pos;
        Varyings out_5 = out_4;
        out_5.view_vec = -out_4.pos;
        out_1 = out_5;
    }
    gl_Position = out_1.clip;
    uvw = out_1.uvw;
    pos_1 = out_1.pos;
    normal_1 = out_1.normal;
    view_vec = out_1.view_vec;
    light_vec = out_1.light_vec;
}
