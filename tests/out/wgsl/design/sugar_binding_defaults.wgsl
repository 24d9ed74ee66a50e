diagnostic(off, derivative_uniformity);

struct Uniforms {
    model: mat4x4f,
    tint: vec4f,
}

struct Light {
    position: vec4f,
    color: vec4f,
}

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var material_tex_tex: texture_2d<f32>;
@group(0) @binding(2) var material_tex_samp: sampler;
@group(1) @binding(0) var<storage, read> lights: array<Light, 16>;

@fragment
fn shade(@location(0) uv: vec2f, @location(1) world_pos: vec3f) -> @location(0) vec4f {
    let texel = textureSample(material_tex_tex, material_tex_samp, uv);
    let albedo = texel * uniforms.tint;
    var i: i32 = 0i;
    var v: u32 = 15u;
    var v_1: bool = true;
    var total: vec3f = vec3f(0.0f);
    var total_1: vec3f;
    loop {
        if !v_1 {
            total_1 = total;
            break;
        }
        let position = lights[min(u32(i), 15u)].position;
        let to_light = position.xyz - world_pos;
        let attenuation = 1.0f / (1.0f + dot(to_light, to_light));
        let color = lights[min(u32(i), 15u)].color;
        let total_2 = total + color.xyz * attenuation;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        total = total_2;
    }
    return vec4f(albedo.xyz * total_1, albedo.w);
}
