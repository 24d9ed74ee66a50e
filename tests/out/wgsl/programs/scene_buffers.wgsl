struct CameraData {
    view: mat4x4f,
    proj: mat4x4f,
    position: vec3f,
    near: f32,
    far: f32,
    jitter: vec2f,
}

struct PointLight {
    position: vec3f,
    radius: f32,
    color: vec3f,
    intensity: f32,
}

struct SpotLight {
    position: vec3f,
    direction: vec3f,
    cone: vec2f,
    color: vec3f,
    shadow_matrix: mat4x4f,
    shadow_index: i32,
}

struct f32_std140_element {
    @size(16) value: f32,
}

struct LightSet {
    ambient: vec3f,
    point_count: u32,
    points: array<PointLight, 4>,
    spots: array<SpotLight, 2>,
    falloff: array<f32, 4>,
    tints: array<vec3f, 2>,
}

struct LightSet_std140 {
    ambient: vec3f,
    point_count: u32,
    points: array<PointLight, 4>,
    spots: array<SpotLight, 2>,
    falloff: array<f32_std140_element, 4>,
    tints: array<vec3f, 2>,
}

struct Frame_std140 {
    cameras: array<CameraData, 2>,
    lights: LightSet_std140,
    frame_index: u32,
    exposure: f32,
}

struct TextureLayer {
    uv_transform: mat3x2f,
    tint: vec4f,
    index: i32,
    blend: f32,
}

struct Material {
    base_color: vec4f,
    layers: array<TextureLayer, 3>,
    roughness: f32,
    metallic: f32,
    flags: u32,
}

struct MaterialTable {
    count: u32,
    version: u32,
    materials: array<Material>,
}

@group(0) @binding(0) var<uniform> frame: Frame_std140;
@group(0) @binding(1) var<storage, read> material_table: MaterialTable;
@group(0) @binding(2) var<storage, read_write> flat: array<f32>;

fn array_from_std140(v: array<f32_std140_element, 4>) -> array<f32, 4> {
    var source = v;
    var result: array<f32, 4>;
    for (var i = 0u; i < 4u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn LightSet_from_std140(v: LightSet_std140) -> LightSet {
    return LightSet(v.ambient, v.point_count, v.points, v.spots, array_from_std140(v.falloff), v.tints);
}

fn put(index: u32, v: f32) -> u32 {
    flat[min(index, arrayLength(&flat) - 1u)] = v;
    return index + 1u;
}

fn put3(index: u32, v: vec3f) -> u32 {
    let put_1 = put(index, v.x);
    let put_2 = put(put_1, v.y);
    let put_3 = put(put_2, v.z);
    return put_3;
}

fn put4(index: u32, v: vec4f) -> u32 {
    let put_1 = put(index, v.x);
    let put3_1 = put3(put_1, v.yzw);
    return put3_1;
}

fn point_contribution(light: PointLight, p: vec3f, falloff: f32) -> vec3f {
    let d = distance(light.position, p);
    let att = saturate(1.0f - pow(d / light.radius, falloff));
    return light.color * light.intensity * att;
}

fn spot_contribution(light: SpotLight, p: vec3f) -> vec3f {
    let l = normalize(light.position - p);
    let cos_angle = dot(-l, normalize(light.direction));
    let cone = smoothstep(light.cone.y, light.cone.x, cos_angle);
    let shadow_clip = light.shadow_matrix * vec4f(p, 1.0f);
    let in_shadow_map = select(1.0f, shadow_clip.w, light.shadow_index >= 0i);
    return light.color * cone * sign(in_shadow_map);
}

@compute @workgroup_size(1, 1, 1)
fn flatten() {
    var lights: LightSet;
    var mat: Material;
    lights = LightSet_from_std140(frame.lights);
    let ambient = lights.ambient;
    let o = put3(0u, ambient);
    let point_count = lights.point_count;
    let o_1 = put(o, f32(point_count));
    var i: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var o_2: u32 = o_1;
    var o_3: u32;
    loop {
        if !v_1 {
            o_3 = o_2;
            break;
        }
        let position = lights.points[i].position;
        let o_4 = put3(o_2, position);
        let radius = lights.points[i].radius;
        let o_5 = put(o_4, radius);
        let color = lights.points[i].color;
        let o_6 = put3(o_5, color);
        let intensity = lights.points[i].intensity;
        let o_7 = put(o_6, intensity);
        let t = lights.falloff[i];
        let o_8 = put(o_7, t);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        o_2 = o_8;
    }
    var i_1: i32 = 0i;
    var v_2: u32 = 1u;
    var v_3: bool = true;
    var o_9: u32 = o_3;
    var o_10: u32;
    loop {
        if !v_3 {
            o_10 = o_9;
            break;
        }
        let s = lights.spots[i_1];
        let o_11 = put3(o_9, s.position);
        let o_12 = put3(o_11, s.direction);
        let put_1 = put(o_12, s.cone.x);
        let o_13 = put(put_1, s.cone.y);
        let o_14 = put3(o_13, s.color);
        let o_15 = put4(o_14, s.shadow_matrix[3]);
        let o_16 = put(o_15, f32(s.shadow_index));
        let next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        o_9 = o_16;
    }
    let t_1 = lights.tints[0u];
    let put3_1 = put3(o_10, t_1);
    let t_2 = lights.tints[1u];
    let o_17 = put3(put3_1, t_2);
    var c: i32 = 0i;
    var v_4: u32 = 1u;
    var v_5: bool = true;
    var o_18: u32 = o_17;
    var o_19: u32;
    loop {
        if !v_5 {
            o_19 = o_18;
            break;
        }
        let o_20 = put4(o_18, frame.cameras[min(u32(c), 1u)].view[3u]);
        let o_21 = put4(o_20, frame.cameras[min(u32(c), 1u)].proj[2u]);
        let o_22 = put3(o_21, frame.cameras[min(u32(c), 1u)].position);
        let put_2 = put(o_22, frame.cameras[min(u32(c), 1u)].near);
        let o_23 = put(put_2, frame.cameras[min(u32(c), 1u)].far);
        let put_3 = put(o_23, frame.cameras[min(u32(c), 1u)].jitter.x);
        let o_24 = put(put_3, frame.cameras[min(u32(c), 1u)].jitter.y);
        let next_v_2 = v_4 != 0u;
        c = c + 1i;
        v_4 = v_4 - 1u;
        v_5 = next_v_2;
        o_18 = o_24;
    }
    let put_4 = put(o_19, f32(frame.frame_index));
    let o_25 = put(put_4, frame.exposure);
    let count = material_table.count;
    let put_5 = put(o_25, f32(count));
    let version = material_table.version;
    let o_26 = put(put_5, f32(version));
    let count_1 = material_table.count;
    let t_3 = arrayLength(&material_table.materials);
    let n = min(count_1, u32(i32(t_3)));
    let t_4 = i32(n) - 1i;
    var m: i32 = 0i;
    var v_6: u32 = bitcast<u32>(t_4) - 0u;
    var v_7: bool = 0i <= t_4;
    var v_8: u32 = 0u;
    var o_27: u32 = o_26;
    var o_28: u32;
    loop {
        if !(v_8 < 16u) {
            o_28 = o_27;
            break;
        }
        if !v_7 {
            o_28 = o_27;
            break;
        }
        let t_5 = material_table.materials[min(u32(m), arrayLength(&material_table.materials) - 1u)];
        mat = t_5;
        let base_color = mat.base_color;
        let o_29 = put4(o_27, base_color);
        var layer: i32 = 0i;
        var v_9: u32 = 2u;
        var v_10: bool = true;
        var o_30: u32 = o_29;
        var o_31: u32;
        loop {
            if !v_10 {
                o_31 = o_30;
                break;
            }
            let t_6 = mat.layers[layer];
            let put_6 = put(o_30, t_6.uv_transform[2].x);
            let o_32 = put(put_6, t_6.uv_transform[2].y);
            let o_33 = put4(o_32, t_6.tint);
            let put_7 = put(o_33, f32(t_6.index));
            let o_34 = put(put_7, t_6.blend);
            let next_v_3 = v_9 != 0u;
            layer = layer + 1i;
            v_9 = v_9 - 1u;
            v_10 = next_v_3;
            o_30 = o_34;
        }
        let roughness = mat.roughness;
        let put_8 = put(o_31, roughness);
        let metallic = mat.metallic;
        let put_9 = put(put_8, metallic);
        let flags = mat.flags;
        let o_35 = put(put_9, f32(flags));
        let next_v_4 = v_6 != 0u;
        m = m + 1i;
        v_6 = v_6 - 1u;
        v_7 = next_v_4;
        v_8 = v_8 + 1u;
        o_27 = o_35;
    }
    let p = frame.cameras[0u].position;
    let point_count_1 = lights.point_count;
    let t_7 = i32(min(point_count_1, 4u)) - 1i;
    var i_2: i32 = 0i;
    var v_11: u32 = bitcast<u32>(t_7) - 0u;
    var v_12: bool = 0i <= t_7;
    var v_13: u32 = 0u;
    var total: vec3f = vec3f(0.0f);
    var total_1: vec3f;
    loop {
        if !(v_13 < 4u) {
            total_1 = total;
            break;
        }
        if !v_12 {
            total_1 = total;
            break;
        }
        let t_8 = lights.points[i_2];
        let t_9 = lights.falloff[i_2];
        let point_contribution_1 = point_contribution(t_8, p, t_9);
        let total_2 = total + point_contribution_1;
        let next_v_5 = v_11 != 0u;
        i_2 = i_2 + 1i;
        v_11 = v_11 - 1u;
        v_12 = next_v_5;
        v_13 = v_13 + 1u;
        total = total_2;
    }
    var i_3: i32 = 0i;
    var v_14: u32 = 1u;
    var v_15: bool = true;
    var total_3: vec3f = total_1;
    var total_4: vec3f;
    loop {
        if !v_15 {
            total_4 = total_3;
            break;
        }
        let t_10 = lights.spots[i_3];
        let spot_contribution_1 = spot_contribution(t_10, p);
        let total_5 = total_3 + spot_contribution_1;
        let next_v_6 = v_14 != 0u;
        i_3 = i_3 + 1i;
        v_14 = v_14 - 1u;
        v_15 = next_v_6;
        total_3 = total_5;
    }
    put3(o_28, total_4);
}
