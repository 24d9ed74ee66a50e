#version 450

layout(constant_id = 0) const int TYPE = 0;

layout(location = 0) in vec3 uvw;
layout(location = 1) in vec3 pos;
layout(location = 2) in vec3 normal;
layout(location = 3) in vec3 view_vec;
layout(location = 4) in vec3 light_vec;
layout(location = 0) out vec4 color0;
layout(location = 1) out vec4 color1;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 modelview;
    mat4 inverse_modelview;
    float exposure;
} ubo;
layout(set = 0, binding = 1) uniform samplerCube sampler_env_map;

void main() {
    vec4 color = vec4(0.0);
    if (TYPE == 0) {
        vec4 color_1 = texture(sampler_env_map, normalize(uvw));
        color = color_1;
    } else if (TYPE == 1) {
        mat4 inverse_modelview = ubo.inverse_modelview;
        vec4 t = inverse_modelview[0];
        vec4 t_1 = inverse_modelview[1];
        vec4 t_2 = inverse_modelview[2];
        vec3 w_view_vec = mat3(t.xyz, t_1.xyz, t_2.xyz) * normalize(view_vec);
        vec3 normal_1 = normalize(normal);
        mat4 inverse_modelview_1 = ubo.inverse_modelview;
        vec4 t_3 = inverse_modelview_1[0];
        vec4 t_4 = inverse_modelview_1[1];
        vec4 t_5 = inverse_modelview_1[2];
        vec3 w_normal = mat3(t_3.xyz, t_4.xyz, t_5.xyz) * normal_1;
        float n_dot_l = max(dot(normal_1, light_vec), 0.0);
        vec3 eye_dir = normalize(view_vec);
        vec3 half_vec = normalize(light_vec + eye_dir);
        float n_dot_h = max(dot(normal_1, half_vec), 0.0);
        float n_dot_v = max(dot(normal_1, eye_dir), 0.0);
        float v_dot_h = max(dot(eye_dir, half_vec), 0.0);
        float nh2 = 2.0 * n_dot_h;
        float g1 = nh2 * n_dot_v / v_dot_h;
        float g2 = nh2 * n_dot_l / v_dot_h;
        float geo_att = min(1.0, min(g1, g2));
        float fresnel = pow(1.0 - v_dot_h, 5.0) * 0.4 + 0.6;
        float spec = fresnel * geo_att / (n_dot_v * n_dot_l * 3.14);
        vec4 color_2 = texture(sampler_env_map, reflect(-w_view_vec, w_normal));
        color = vec4(color_2.xyz * n_dot_l * (0.2 + spec * 0.8), 1.0);
    } else if (TYPE == 2) {
        mat4 inverse_modelview_2 = ubo.inverse_modelview;
        vec4 t_6 = inverse_modelview_2[0];
        vec4 t_7 = inverse_modelview_2[1];
        vec4 t_8 = inverse_modelview_2[2];
        vec3 w_view_vec_1 = mat3(t_6.xyz, t_7.xyz, t_8.xyz) * normalize(view_vec);
        mat4 inverse_modelview_3 = ubo.inverse_modelview;
        vec4 t_9 = inverse_modelview_3[0];
        vec4 t_10 = inverse_modelview_3[1];
        vec4 t_11 = inverse_modelview_3[2];
        vec3 w_normal_1 = mat3(t_9.xyz, t_10.xyz, t_11.xyz) * normal;
        vec4 color_3 = texture(sampler_env_map, refract(-w_view_vec_1, w_normal_1, 0.625));
        color = color_3;
    }
    vec3 exposed = vec3(1.0) - exp(-color.xyz * ubo.exposure);
    float l = dot(exposed, vec3(0.2126, 0.7152, 0.0722));
    color0 = vec4(exposed, 1.0);
    color1 = vec4(l > 0.75 ? exposed : vec3(0.0), 1.0);
}
