#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct CameraData {
    mat4 view;
    mat4 proj;
    vec3 position;
    float near;
    float far;
    vec2 jitter;
};

struct PointLight {
    vec3 position;
    float radius;
    vec3 color;
    float intensity;
};

struct SpotLight {
    vec3 position;
    vec3 direction;
    vec2 cone;
    vec3 color;
    mat4 shadow_matrix;
    int shadow_index;
};

struct LightSet {
    vec3 ambient;
    uint point_count;
    PointLight points[4];
    SpotLight spots[2];
    float falloff[4];
    vec3 tints[2];
};

struct TextureLayer {
    mat3x2 uv_transform;
    vec4 tint;
    int index;
    float blend;
};

struct Material {
    vec4 base_color;
    TextureLayer layers[3];
    float roughness;
    float metallic;
    uint flags;
};

layout(set = 0, binding = 0, std140) uniform frame_block {
    CameraData cameras[2];
    LightSet lights;
    uint frame_index;
    float exposure;
} frame;
layout(set = 0, binding = 1, std430) readonly buffer material_table_block {
    uint count;
    uint version;
    Material materials[];
} material_table;
layout(set = 0, binding = 2, std430) buffer flat_block {
    float flat_[];
};

uint put(uint index, float v) {
    flat_[min(index, uint(flat_.length()) - 1u)] = v;
    return index + 1u;
}

uint put3(uint index, vec3 v) {
    uint put_1 = put(index, v.x);
    uint put_2 = put(put_1, v.y);
    uint put_3 = put(put_2, v.z);
    return put_3;
}

uint put4(uint index, vec4 v) {
    uint put_1 = put(index, v.x);
    uint put3_1 = put3(put_1, v.yzw);
    return put3_1;
}

vec3 point_contribution(PointLight light, vec3 p, float falloff) {
    float d = distance(light.position, p);
    float att = clamp(1.0 - pow(d / light.radius, falloff), 0.0, 1.0);
    return light.color * light.intensity * att;
}

vec3 spot_contribution(SpotLight light, vec3 p) {
    vec3 l = normalize(light.position - p);
    float cos_angle = dot(-l, normalize(light.direction));
    float cone = smoothstep(light.cone.y, light.cone.x, cos_angle);
    vec4 shadow_clip = light.shadow_matrix * vec4(p, 1.0);
    float in_shadow_map = light.shadow_index >= 0 ? shadow_clip.w : 1.0;
    return light.color * cone * sign(in_shadow_map);
}

void main() {
    LightSet lights = LightSet(vec3(0.0), 0u, PointLight[4](PointLight(vec3(0.0), 0.0, vec3(0.0), 0.0), PointLight(vec3(0.0), 0.0, vec3(0.0), 0.0), PointLight(vec3(0.0), 0.0, vec3(0.0), 0.0), PointLight(vec3(0.0), 0.0, vec3(0.0), 0.0)), SpotLight[2](SpotLight(vec3(0.0), vec3(0.0), vec2(0.0), vec3(0.0), mat4(0.0), 0), SpotLight(vec3(0.0), vec3(0.0), vec2(0.0), vec3(0.0), mat4(0.0), 0)), float[4](0.0, 0.0, 0.0, 0.0), vec3[2](vec3(0.0), vec3(0.0)));
    Material mat = Material(vec4(0.0), TextureLayer[3](TextureLayer(mat3x2(0.0), vec4(0.0), 0, 0.0), TextureLayer(mat3x2(0.0), vec4(0.0), 0, 0.0), TextureLayer(mat3x2(0.0), vec4(0.0), 0, 0.0)), 0.0, 0.0, 0u);
    lights = frame.lights;
    vec3 ambient = lights.ambient;
    uint o = put3(0u, ambient);
    uint point_count = lights.point_count;
    uint o_1 = put(o, float(point_count));
    int i = 0;
    uint v = 3u;
    bool v_1 = true;
    uint o_2 = o_1;
    uint o_3;
    while (true) {
        if (!v_1) {
            o_3 = o_2;
            break;
        }
        vec3 position = lights.points[min(uint(i), 3u)].position;
        uint o_4 = put3(o_2, position);
        float radius = lights.points[min(uint(i), 3u)].radius;
        uint o_5 = put(o_4, radius);
        vec3 color = lights.points[min(uint(i), 3u)].color;
        uint o_6 = put3(o_5, color);
        float intensity = lights.points[min(uint(i), 3u)].intensity;
        uint o_7 = put(o_6, intensity);
        float t = lights.falloff[min(uint(i), 3u)];
        uint o_8 = put(o_7, t);
        bool next_v = v != 0u;
        i = i + 1;
        v = v - 1u;
        v_1 = next_v;
        o_2 = o_8;
    }
    int i_1 = 0;
    uint v_2 = 1u;
    bool v_3 = true;
    uint o_9 = o_3;
    uint o_10;
    while (true) {
        if (!v_3) {
            o_10 = o_9;
            break;
        }
        SpotLight s = lights.spots[min(uint(i_1), 1u)];
        uint o_11 = put3(o_9, s.position);
        uint o_12 = put3(o_11, s.direction);
        uint put_1 = put(o_12, s.cone.x);
        uint o_13 = put(put_1, s.cone.y);
        uint o_14 = put3(o_13, s.color);
        uint o_15 = put4(o_14, s.shadow_matrix[3]);
        uint o_16 = put(o_15, float(s.shadow_index));
        bool next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        o_9 = o_16;
    }
    vec3 t_1 = lights.tints[0u];
    uint put3_1 = put3(o_10, t_1);
    vec3 t_2 = lights.tints[1u];
    uint o_17 = put3(put3_1, t_2);
    int c = 0;
    uint v_4 = 1u;
    bool v_5 = true;
    uint o_18 = o_17;
    uint o_19;
    while (true) {
        if (!v_5) {
            o_19 = o_18;
            break;
        }
        uint o_20 = put4(o_18, frame.cameras[min(uint(c), 1u)].view[3u]);
        uint o_21 = put4(o_20, frame.cameras[min(uint(c), 1u)].proj[2u]);
        uint o_22 = put3(o_21, frame.cameras[min(uint(c), 1u)].position);
        uint put_2 = put(o_22, frame.cameras[min(uint(c), 1u)].near);
        uint o_23 = put(put_2, frame.cameras[min(uint(c), 1u)].far);
        uint put_3 = put(o_23, frame.cameras[min(uint(c), 1u)].jitter.x);
        uint o_24 = put(put_3, frame.cameras[min(uint(c), 1u)].jitter.y);
        bool next_v_2 = v_4 != 0u;
        c = c + 1;
        v_4 = v_4 - 1u;
        v_5 = next_v_2;
        o_18 = o_24;
    }
    uint put_4 = put(o_19, float(frame.frame_index));
    uint o_25 = put(put_4, frame.exposure);
    uint count = material_table.count;
    uint put_5 = put(o_25, float(count));
    uint version = material_table.version;
    uint o_26 = put(put_5, float(version));
    uint count_1 = material_table.count;
    uint t_3 = uint(material_table.materials.length());
    uint n = min(count_1, uint(int(t_3)));
    int t_4 = int(n) - 1;
    int m = 0;
    uint v_6 = uint(t_4) - 0u;
    bool v_7 = 0 <= t_4;
    uint v_8 = 0u;
    uint o_27 = o_26;
    uint o_28;
    while (true) {
        if (!(v_8 < 16u)) {
            o_28 = o_27;
            break;
        }
        if (!v_7) {
            o_28 = o_27;
            break;
        }
        Material t_5 = material_table.materials[min(uint(m), uint(material_table.materials.length()) - 1u)];
        mat = t_5;
        vec4 base_color = mat.base_color;
        uint o_29 = put4(o_27, base_color);
        int layer = 0;
        uint v_9 = 2u;
        bool v_10 = true;
        uint o_30 = o_29;
        uint o_31;
        while (true) {
            if (!v_10) {
                o_31 = o_30;
                break;
            }
            TextureLayer t_6 = mat.layers[min(uint(layer), 2u)];
            uint put_6 = put(o_30, t_6.uv_transform[2].x);
            uint o_32 = put(put_6, t_6.uv_transform[2].y);
            uint o_33 = put4(o_32, t_6.tint);
            uint put_7 = put(o_33, float(t_6.index));
            uint o_34 = put(put_7, t_6.blend);
            bool next_v_3 = v_9 != 0u;
            layer = layer + 1;
            v_9 = v_9 - 1u;
            v_10 = next_v_3;
            o_30 = o_34;
        }
        float roughness = mat.roughness;
        uint put_8 = put(o_31, roughness);
        float metallic = mat.metallic;
        uint put_9 = put(put_8, metallic);
        uint flags = mat.flags;
        uint o_35 = put(put_9, float(flags));
        bool next_v_4 = v_6 != 0u;
        m = m + 1;
        v_6 = v_6 - 1u;
        v_7 = next_v_4;
        v_8 = v_8 + 1u;
        o_27 = o_35;
    }
    vec3 p = frame.cameras[0u].position;
    uint point_count_1 = lights.point_count;
    int t_7 = int(min(point_count_1, 4u)) - 1;
    int i_2 = 0;
    uint v_11 = uint(t_7) - 0u;
    bool v_12 = 0 <= t_7;
    uint v_13 = 0u;
    vec3 total = vec3(0.0);
    vec3 total_1;
    while (true) {
        if (!(v_13 < 4u)) {
            total_1 = total;
            break;
        }
        if (!v_12) {
            total_1 = total;
            break;
        }
        PointLight t_8 = lights.points[min(uint(i_2), 3u)];
        float t_9 = lights.falloff[min(uint(i_2), 3u)];
        vec3 point_contribution_1 = point_contribution(t_8, p, t_9);
        vec3 total_2 = total + point_contribution_1;
        bool next_v_5 = v_11 != 0u;
        i_2 = i_2 + 1;
        v_11 = v_11 - 1u;
        v_12 = next_v_5;
        v_13 = v_13 + 1u;
        total = total_2;
    }
    int i_3 = 0;
    uint v_14 = 1u;
    bool v_15 = true;
    vec3 total_3 = total_1;
    vec3 total_4;
    while (true) {
        if (!v_15) {
            total_4 = total_3;
            break;
        }
        SpotLight t_10 = lights.spots[min(uint(i_3), 1u)];
        vec3 spot_contribution_1 = spot_contribution(t_10, p);
        vec3 total_5 = total_3 + spot_contribution_1;
        bool next_v_6 = v_14 != 0u;
        i_3 = i_3 + 1;
        v_14 = v_14 - 1u;
        v_15 = next_v_6;
        total_3 = total_5;
    }
    put3(o_28, total_4);
}
