struct f32_std140_element {
    @size(16) value: f32,
}

struct i32_std140_element {
    @size(16) value: i32,
}

struct MorphParams_std140 {
    weights: array<f32_std140_element, 8>,
    target_ids: array<i32_std140_element, 8>,
    active_: i32,
    vertex_count: u32,
    model: mat4x4f,
    view_proj: mat4x4f,
}

struct Delta {
    position: vec3f,
    pad0: f32,
    normal: vec3f,
    pad1: f32,
}

struct MorphSkinVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) tangent: vec4f,
    @location(2) uv: vec2f,
    @location(3) @interpolate(flat) dominant_joint: u32,
}

@group(0) @binding(0) var<uniform> morph: MorphParams_std140;
@group(0) @binding(1) var<storage, read> deltas: array<Delta>;
@group(0) @binding(2) var<storage, read> joints: array<mat4x3f>;

@vertex
fn morph_skin_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f, @location(4) joint_ids: u32, @location(5) joint_weights: u32, @builtin(vertex_index) vi: u32) -> MorphSkinVsOutput {
    let t = tangent.xyz;
    let t_1 = morph.active_ - 1i;
    var k: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    var p: vec3f = position;
    var n: vec3f = normal;
    var p_1: vec3f;
    var n_1: vec3f;
    loop {
        if !(v_2 < 8u) {
            p_1 = p;
            n_1 = n;
            break;
        }
        if !v_1 {
            p_1 = p;
            n_1 = n;
            break;
        }
        let w = morph.weights[min(u32(k), 7u)].value;
        if w == 0.0f {
            p_1 = p;
            n_1 = n;
            break;
        }
        let d = deltas[min(u32(morph.target_ids[min(u32(k), 7u)].value) * morph.vertex_count + vi, arrayLength(&deltas) - 1u)];
        let p_2 = p + d.position * w;
        let n_2 = n + d.normal * w;
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        p = p_2;
        n = n_2;
    }
    let ids = vec4u(joint_ids & 255u, (joint_ids >> 8u) & 255u, (joint_ids >> 16u) & 255u, joint_ids >> 24u);
    let ws = unpack4x8unorm(joint_weights);
    let total = ws.x + ws.y + ws.z + ws.w;
    let ws_1 = select(vec4f(1.0f, 0.0f, 0.0f, 0.0f), ws / vec4f(total), total > 0.0f);
    let t_2 = joints[min(ids.x, arrayLength(&joints) - 1u)];
    let t_3 = t_2 * ws_1.x;
    let t_4 = joints[min(ids.y, arrayLength(&joints) - 1u)];
    let t_5 = t_4 * ws_1.y;
    let t_6 = joints[min(ids.z, arrayLength(&joints) - 1u)];
    let t_7 = t_6 * ws_1.z;
    let t_8 = joints[min(ids.w, arrayLength(&joints) - 1u)];
    let t_9 = t_8 * ws_1.w;
    let t_10 = t_3[0] + t_5[0] + t_7[0] + t_9[0];
    let t_11 = t_3[1] + t_5[1] + t_7[1] + t_9[1];
    let t_12 = t_3[2] + t_5[2] + t_7[2] + t_9[2];
    let skin = mat4x3f(t_10, t_11, t_12, t_3[3] + t_5[3] + t_7[3] + t_9[3]);
    let dominant = ids.x;
    let best = ws_1.x;
    var c: i32 = 1i;
    var v_3: u32 = 2u;
    var v_4: bool = true;
    var dominant_1: u32 = dominant;
    var best_1: f32 = best;
    var dominant_2: u32;
    loop {
        if !v_4 {
            dominant_2 = dominant_1;
            break;
        }
        var dominant_3: u32 = dominant_1;
        var best_2: f32 = best_1;
        if ws_1[c] > best_1 {
            dominant_3 = ids[c];
            best_2 = ws_1[c];
        }
        let next_v_1 = v_3 != 0u;
        c = c + 1i;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
        dominant_1 = dominant_3;
        best_1 = best_2;
    }
    let local_pos = skin * vec4f(p_1, 1.0f);
    let m3 = mat3x3f(t_10, t_11, t_12);
    let world = morph.model * vec4f(local_pos, 1.0f);
    let model = morph.model;
    let t_13 = model[0];
    let t_14 = model[1];
    let t_15 = model[2];
    let nm = mat3x3f(t_13.xyz, t_14.xyz, t_15.xyz) * m3;
    return MorphSkinVsOutput(morph.view_proj * world, normalize(nm * n_1), vec4f(normalize(nm * t), tangent.w), uv, dominant_2);
}

@fragment
fn skin_debug_fs(@location(0) normal: vec3f, @location(1) tangent: vec4f, @location(2) uv: vec2f, @location(3) @interpolate(flat) dominant_joint: u32) -> @location(0) vec4f {
    let hue = f32(dominant_joint % 7u) / 7.0f;
    let base = saturate(abs(fract(vec3f(hue) + vec3f(0.0f, 0.6666667f, 0.33333334f)) * 6.0f - vec3f(3.0f)) - vec3f(1.0f));
    let t = vec3f(0.3f, 1.0f, 0.2f);
    let lambert = max(dot(normalize(normal), normalize(t)), 0.0f);
    return vec4f(base * (0.2f + 0.8f * lambert), 1.0f);
}
