diagnostic(off, derivative_uniformity);

struct Camera {
    view: mat4x4f,
    proj: mat4x4f,
    eye: vec3f,
    time: f32,
}

struct Instance {
    model: mat4x4f,
    tint: vec4f,
    bone_base: u32,
    flags: u32,
}

struct Light {
    position: vec3f,
    radius: f32,
    color: vec3f,
    kind: u32,
}

struct VsMainOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_pos: vec3f,
    @location(1) normal: vec3f,
    @location(2) tangent: vec4f,
    @location(3) uv: vec2f,
    @location(4) @interpolate(linear) screen_uv: vec2f,
    @location(5) @interpolate(flat) instance: u32,
    @location(6) @interpolate(flat) material: i32,
}

struct FsMainOutput {
    @location(0) color: vec4f,
    @location(1) velocity: vec2f,
    @builtin(sample_mask) mask: u32,
}

@id(0) override LIGHT_COUNT: i32 = 4i;
@id(1) override USE_FOG: bool = true;

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> bones: array<mat4x4f>;
@group(0) @binding(2) var<storage, read> instances: array<Instance>;
@group(0) @binding(3) var<uniform> lights: array<Light, 8>;
@group(0) @binding(4) var albedo_map_tex: texture_2d<f32>;
@group(0) @binding(5) var albedo_map_samp: sampler;
@group(0) @binding(6) var normal_map_tex: texture_2d<f32>;
@group(0) @binding(7) var normal_map_samp: sampler;

fn skin_matrix(base: u32, joints: vec4u, weights: vec4f) -> mat4x4f {
    let t = bones[min(base + joints.x, arrayLength(&bones) - 1u)];
    let m = t * weights.x;
    let t_1 = bones[min(base + joints.y, arrayLength(&bones) - 1u)];
    let t_2 = t_1 * weights.y;
    let t_3 = bones[min(base + joints.z, arrayLength(&bones) - 1u)];
    let t_4 = t_3 * weights.z;
    let t_5 = bones[min(base + joints.w, arrayLength(&bones) - 1u)];
    let t_6 = t_5 * weights.w;
    let m_1 = mat4x4f(m[0] + t_2[0] + t_4[0] + t_6[0], m[1] + t_2[1] + t_4[1] + t_6[1], m[2] + t_2[2] + t_4[2] + t_6[2], m[3] + t_2[3] + t_4[3] + t_6[3]);
    return m_1;
}

fn attenuation(dist: f32, radius: f32) -> f32 {
    let x = clamp(1.0f - pow(dist / radius, 4.0f), 0.0f, 1.0f);
    return x * x / (dist * dist + 1.0f);
}

fn shade_light(l: Light, p: vec3f, n: vec3f, v: vec3f, base: vec3f) -> vec3f {
    let to_light = select(l.position - p, -l.position, l.kind == 0u);
    let dist = select(length(to_light), 1.0f, l.kind == 0u);
    let ldir = normalize(to_light);
    let h = normalize(ldir + v);
    let ndl = max(dot(n, ldir), 0.0f);
    let spec = pow(max(dot(n, h), 0.0f), 32.0f);
    var att: f32;
    if l.kind == 0u {
        att = 1.0f;
    } else {
        let attenuation_1 = attenuation(dist, l.radius);
        att = attenuation_1;
    }
    return (base * ndl + vec3f(spec)) * l.color * att;
}

@vertex
fn vs_main(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f, @location(4) joints: vec4u, @location(5) weights: vec4f, @builtin(instance_index) instance_id: u32) -> VsMainOutput {
    let inst = instances[min(instance_id, arrayLength(&instances) - 1u)];
    let skin = skin_matrix(inst.bone_base, joints, weights);
    let world = inst.model * skin;
    let wp = world * vec4f(position, 1.0f);
    let t = world[0];
    let t_1 = world[1];
    let t_2 = world[2];
    let nmat = mat3x3f(t.xyz, t_1.xyz, t_2.xyz);
    let clip = camera.proj * camera.view * wp;
    return VsMainOutput(clip, wp.xyz, normalize(nmat * normal), vec4f(normalize(nmat * tangent.xyz), tangent.w), uv, clip.xy / vec2f(clip.w) * 0.5f + vec2f(0.5f), instance_id, i32(inst.flags & 255u) - 3i);
}

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn fs_main(@location(0) world_pos: vec3f, @location(1) normal: vec3f, @location(2) tangent: vec4f, @location(3) uv: vec2f, @location(4) @interpolate(linear) screen_uv: vec2f, @location(5) @interpolate(flat) instance: u32, @location(6) @interpolate(flat) material: i32, @builtin(front_facing) front: bool) -> FsMainOutput {
    let inst = instances[min(instance, arrayLength(&instances) - 1u)];
    let t = normalize(tangent.xyz);
    let n0 = normalize(normal);
    var n0_1: vec3f = n0;
    if !front {
        n0_1 = -n0;
    }
    let b = cross(n0_1, t) * tangent.w;
    let texel = textureSample(normal_map_tex, normal_map_samp, uv);
    let tn = texel.xyz * 2.0f - vec3f(1.0f);
    let n = normalize(mat3x3f(t, b, n0_1) * tn);
    let texel_1 = textureSample(albedo_map_tex, albedo_map_samp, uv);
    let base = texel_1 * inst.tint;
    let v = normalize(camera.eye - world_pos);
    let c = vec3f(0.03f) * base.xyz;
    var t_1: i32;
    t_1 = LIGHT_COUNT;
    let t_2 = min(t_1, 8i) - 1i;
    var i: i32 = 0i;
    var v_1: u32 = bitcast<u32>(t_2) - 0u;
    var v_2: bool = 0i <= t_2;
    var v_3: u32 = 0u;
    var c_1: vec3f = c;
    var c_2: vec3f;
    loop {
        if !(v_3 < 8u) {
            c_2 = c_1;
            break;
        }
        if !v_2 {
            c_2 = c_1;
            break;
        }
        let shade_light_1 = shade_light(lights[min(u32(i), 7u)], world_pos, n, v, base.xyz);
        let c_3 = c_1 + shade_light_1;
        let next_v = v_1 != 0u;
        i = i + 1i;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
        c_1 = c_3;
    }
    var c_4: vec3f = c_2;
    if USE_FOG {
        let d = length(camera.eye - world_pos);
        let f = exp(-d * 0.02f);
        c_4 = mix(vec3f(0.5f, 0.6f, 0.7f), c_2, vec3f(f));
    }
    let coverage = clamp(base.w, 0.0f, 1.0f);
    let bits = u32(coverage * 4.0f + 0.5f);
    let m = (1u << bits) - 1u;
    var m_1: u32 = m;
    if material < 0i {
        m_1 = m & 5u;
    }
    return FsMainOutput(vec4f(c_4, base.w), screen_uv - vec2f(0.5f), m_1);
}
