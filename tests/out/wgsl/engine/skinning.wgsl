struct Camera {
    view_proj: mat4x4f,
}

struct SkinnedVertex {
    position: vec3f,
    normal: vec3f,
    uv: vec2f,
    joints: vec4u,
    weights: vec4f,
}

struct skin_vs_out {
    clip: vec4f,
    normal: vec3f,
    uv: vec2f,
}

struct skin_fs_out {
    color: vec4f,
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
    let input = SkinnedVertex(position, normal, uv, joints, weights);
    let t = bones[min(input.joints.x, arrayLength(&bones) - 1u)];
    let t_1 = t * input.weights.x;
    let t_2 = bones[min(input.joints.y, arrayLength(&bones) - 1u)];
    let t_3 = t_2 * input.weights.y;
    let t_4 = mat4x4f(t_1[0] + t_3[0], t_1[1] + t_3[1], t_1[2] + t_3[2], t_1[3] + t_3[3]);
    let t_5 = bones[min(input.joints.z, arrayLength(&bones) - 1u)];
    let t_6 = t_5 * input.weights.z;
    let t_7 = mat4x4f(t_4[0] + t_6[0], t_4[1] + t_6[1], t_4[2] + t_6[2], t_4[3] + t_6[3]);
    let t_8 = bones[min(input.joints.w, arrayLength(&bones) - 1u)];
    let t_9 = t_8 * input.weights.w;
    let skin = mat4x4f(t_7[0] + t_9[0], t_7[1] + t_9[1], t_7[2] + t_9[2], t_7[3] + t_9[3]);
    let world = skin * vec4f(input.position, 1.0f);
    let t_10 = skin * vec4f(input.normal, 0.0f);
    let normal_1 = normalize(t_10.xyz);
    let t_11 = skin_vs_out(camera.view_proj * world, normal_1, input.uv);
    return SkinVsOutput(t_11.clip, t_11.normal, t_11.uv);
}

@fragment
fn skin_fs(@location(0) normal: vec3f, @location(1) uv: vec2f) -> @location(0) vec4f {
    let t = vec3f(0.3f, 1.0f, 0.5f);
    let l = max(dot(normalize(normal), normalize(t)), 0.0f);
    return skin_fs_out(vec4f(vec3f(0.2f + 0.8f * l) * vec3f(uv, 1.0f), 1.0f)).color;
}
