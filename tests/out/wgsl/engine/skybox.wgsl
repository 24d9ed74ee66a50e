struct Sky {
    view_rotation: mat4x4f,
    proj: mat4x4f,
    intensity: f32,
}

struct SkyVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) direction: vec3f,
}

@group(0) @binding(0) var<uniform> sky: Sky;
@group(0) @binding(1) var environment_tex: texture_cube<f32>;
@group(0) @binding(2) var environment_samp: sampler;

@vertex
fn sky_vs(@builtin(vertex_index) index: u32) -> SkyVsOutput {
    var local: array<i32, 36> = array<i32, 36>(0i, 2i, 1i, 1i, 2i, 3i, 4i, 5i, 6i, 5i, 7i, 6i, 0i, 1i, 4i, 1i, 5i, 4i, 2i, 6i, 3i, 3i, 6i, 7i, 0i, 4i, 2i, 2i, 4i, 6i, 1i, 3i, 5i, 3i, 7i, 5i);
    var local_1: array<vec3f, 8> = array<vec3f, 8>(vec3f(-1.0f), vec3f(1.0f, -1.0f, -1.0f), vec3f(-1.0f, 1.0f, -1.0f), vec3f(1.0f, 1.0f, -1.0f), vec3f(-1.0f, -1.0f, 1.0f), vec3f(1.0f, -1.0f, 1.0f), vec3f(-1.0f, 1.0f, 1.0f), vec3f(1.0f));
    let t = local[index % 36u];
    let corner = local_1[t];
    let clip = sky.proj * sky.view_rotation * vec4f(corner, 1.0f);
    return SkyVsOutput(clip.xyww, corner);
}

@fragment
fn sky_fs(@location(0) direction: vec3f) -> @location(0) vec4f {
    let texel = textureSample(environment_tex, environment_samp, normalize(direction));
    let c = texel.xyz * sky.intensity;
    return vec4f(c, 1.0f);
}
