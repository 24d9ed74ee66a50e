struct Camera {
    view_proj: mat4x4f,
}

struct SkinVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) normal: vec3f,
    @location(1) uv: vec2f,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> bones: array<mat4x4f>;

@vertex
fn skin_vs(@location(0) position: vec3f, @location(1) normal: vec3f, @location(2) uv: vec2f, @location(3) joints: vec4u, @location(4) weights: vec4f) -> SkinVsOutput {
    let t = bones[min(joints.x, arrayLength(&bones) - 1u)];
    let t_1 = t * weights.x;
    let t_2 = bones[min(joints.y, arrayLength(&bones) - 1u)];
    let t_3 = t_2 * weights.y;
    let t_4 = bones[min(joints.z, arrayLength(&bones) - 1u)];
    let t_5 = t_4 * weights.z;
    let t_6 = bones[min(joints.w, arrayLength(&bones) - 1u)];
    let t_7 = t_6 * weights.w;
    let skin = mat4x4f(t_1[0] + t_3[0] + t_5[0] + t_7[0], t_1[1] + t_3[1] + t_5[1] + t_7[1], t_1[2] + t_3[2] + t_5[2] + t_7[2], t_1[3] + t_3[3] + t_5[3] + t_7[3]);
    let world = skin * vec4f(position, 1.0f);
    let t_8 = skin * vec4f(normal, 0.0f);
    let normal_1 = normalize(t_8.xyz);
    return SkinVsOutput(camera.view_proj * world, normal_1, uv);
}

@fragment
fn skin_fs(@location(0) normal: vec3f, @location(1) uv: vec2f) -> @location(0) vec4f {
    let t = vec3f(0.3f, 1.0f, 0.5f);
    let l = max(dot(normalize(normal), normalize(t)), 0.0f);
    return vec4f(vec3f(0.2f + 0.8f * l) * vec3f(uv, 1.0f), 1.0f);
}
