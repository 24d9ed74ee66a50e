struct Skin {
    view_proj: mat4x4f,
    model: mat4x4f,
    use_dual_quaternions: u32,
    joint_count: u32,
}

struct DualQuat {
    real: vec4f,
    dual: vec4f,
}

struct JointMatrix {
    rows: array<vec4f, 3>,
}

struct RestVertex {
    position: vec4f,
    normal: vec4f,
    tangent: vec4f,
    joints: vec4u,
    weights: vec4f,
}

struct SkinnedVertex {
    position: vec4f,
    normal: vec4f,
    tangent: vec4f,
}

struct Skinned {
    position: vec3f,
    normal: vec3f,
    tangent: vec3f,
}

struct SkinnedVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) tangent: vec4f,
    @location(2) uv: vec2f,
}

@group(0) @binding(0) var<uniform> skin: Skin;
@group(0) @binding(1) var<storage, read> joint_dqs: array<DualQuat>;
@group(0) @binding(2) var<storage, read> joint_matrices: array<JointMatrix>;
@group(0) @binding(3) var<storage, read> rest_vertices: array<RestVertex>;
@group(0) @binding(4) var<storage, read_write> skinned_vertices: array<SkinnedVertex>;

fn quat_rotate(q: vec4f, v: vec3f) -> vec3f {
    return v + cross(q.xyz, cross(q.xyz, v) + v * q.w) * 2.0f;
}

fn blend_dual_quats(joints: vec4u, weights: vec4f) -> DualQuat {
    let first = joint_dqs[min(joints.x, arrayLength(&joint_dqs) - 1u)];
    let real = first.real * weights.x;
    let dual = first.dual * weights.x;
    var i: i32 = 1i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var real_1: vec4f = real;
    var dual_1: vec4f = dual;
    var real_2: vec4f;
    var dual_2: vec4f;
    loop {
        if !v_1 {
            real_2 = real_1;
            dual_2 = dual_1;
            break;
        }
        let w = weights[i];
        var real_3: vec4f = real_1;
        var dual_3: vec4f = dual_1;
        if w > 0.0f {
            let dq = joint_dqs[min(joints[i], arrayLength(&joint_dqs) - 1u)];
            let s = select(w, -w, dot(first.real, dq.real) < 0.0f);
            real_3 = real_1 + dq.real * s;
            dual_3 = dual_1 + dq.dual * s;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        real_1 = real_3;
        dual_1 = dual_3;
    }
    let inv_len = 1.0f / length(real_2);
    return DualQuat(real_2 * inv_len, dual_2 * inv_len);
}

fn dq_transform_point(dq: DualQuat, p: vec3f) -> vec3f {
    let t = dq.dual;
    let t_1 = dq.real;
    let t_2 = dq.real;
    let t_3 = dq.dual;
    let t_4 = (t.xyz * dq.real.w - t_1.xyz * dq.dual.w + cross(t_2.xyz, t_3.xyz)) * 2.0f;
    let quat_rotate_1 = quat_rotate(dq.real, p);
    return quat_rotate_1 + t_4;
}

fn joint_matrix(index: u32) -> mat4x4f {
    let r = joint_matrices[min(index, arrayLength(&joint_matrices) - 1u)].rows;
    return mat4x4f(vec4f(r[0].x, r[1].x, r[2].x, 0.0f), vec4f(r[0].y, r[1].y, r[2].y, 0.0f), vec4f(r[0].z, r[1].z, r[2].z, 0.0f), vec4f(r[0].w, r[1].w, r[2].w, 1.0f));
}

fn blend_matrices(joints: vec4u, weights: vec4f) -> mat4x4f {
    let joint_matrix_1 = joint_matrix(joints.x);
    let m = joint_matrix_1 * weights.x;
    var i: i32 = 1i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var m_1: mat4x4f = m;
    var m_2: mat4x4f;
    loop {
        if !v_1 {
            m_2 = m_1;
            break;
        }
        var m_3: mat4x4f;
        if weights[i] > 0.0f {
            let joint_matrix_2 = joint_matrix(joints[i]);
            let t = joint_matrix_2 * weights[i];
            m_3 = mat4x4f(m_1[0] + t[0], m_1[1] + t[1], m_1[2] + t[2], m_1[3] + t[3]);
        } else {
            m_3 = m_1;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        m_1 = m_3;
    }
    return m_2;
}

fn skin_vertex(position: vec3f, normal: vec3f, tangent: vec3f, joints: vec4u, weights: vec4f) -> Skinned {
    let clamped = min(joints, vec4u(max(skin.joint_count, 1u) - 1u));
    if skin.use_dual_quaternions != 0u {
        let dq = blend_dual_quats(clamped, weights);
        let dq_transform_point_1 = dq_transform_point(dq, position);
        let quat_rotate_1 = quat_rotate(dq.real, normal);
        let quat_rotate_2 = quat_rotate(dq.real, tangent);
        return Skinned(dq_transform_point_1, quat_rotate_1, quat_rotate_2);
    }
    let m = blend_matrices(clamped, weights);
    let t = m * vec4f(position, 1.0f);
    let t_1 = m * vec4f(normal, 0.0f);
    let t_2 = m * vec4f(tangent, 0.0f);
    return Skinned(t.xyz, normalize(t_1.xyz), normalize(t_2.xyz));
}

@vertex
fn skinned_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) joints: vec4u, @location(4) weights: vec4f, @location(5) uv: vec2f) -> SkinnedVsOutput {
    let s = skin_vertex(position, normal, tangent.xyz, joints, weights);
    let world = skin.model * vec4f(s.position, 1.0f);
    let t = skin.model * vec4f(s.normal, 0.0f);
    let t_1 = skin.model * vec4f(s.tangent, 0.0f);
    return SkinnedVsOutput(skin.view_proj * world, t.xyz, vec4f(t_1.xyz, tangent.w), uv);
}

@fragment
fn skinned_fs(@location(0) normal: vec3f, @location(1) tangent: vec4f, @location(2) uv: vec2f) -> @location(0) vec4f {
    let n = normalize(normal);
    let t = normalize(tangent.xyz - n * dot(n, tangent.xyz));
    let b = cross(n, t) * tangent.w;
    let t_1 = vec3f(0.3f, 1.0f, 0.5f);
    let light = normalize(t_1);
    let shade = max(dot(n, light), 0.0f) * 0.8f + 0.2f;
    return vec4f(vec3f(shade) + b * 0.001f, 1.0f);
}

@compute @workgroup_size(64, 1, 1)
fn skin_compute(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let t = arrayLength(&rest_vertices);
    if i >= u32(i32(t)) {
        return;
    }
    let v = rest_vertices[min(i, arrayLength(&rest_vertices) - 1u)];
    let t_1 = v.position;
    let t_2 = v.normal;
    let t_3 = v.tangent;
    let s = skin_vertex(t_1.xyz, t_2.xyz, t_3.xyz, v.joints, v.weights);
    skinned_vertices[min(i, arrayLength(&skinned_vertices) - 1u)] = SkinnedVertex(vec4f(s.position, 1.0f), vec4f(s.normal, 0.0f), vec4f(s.tangent, v.tangent.w));
}
