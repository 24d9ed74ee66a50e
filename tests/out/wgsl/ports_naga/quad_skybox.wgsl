diagnostic(off, derivative_uniformity);

struct Data {
    proj_inv: mat4x4f,
    view: mat4x4f,
}

struct QuadVertOutput {
    @location(0) uv: vec2f,
    @builtin(position) position: vec4f,
}

struct SkyVertOutput {
    @builtin(position) position: vec4f,
    @location(0) uv: vec3f,
}

@group(0) @binding(0) var u_texture: texture_2d<f32>;
@group(0) @binding(1) var u_sampler: sampler;
@group(1) @binding(0) var<uniform> r_data: Data;
@group(1) @binding(1) var r_texture: texture_cube<f32>;
@group(1) @binding(2) var r_sampler: sampler;

@vertex
fn quad_vert(@location(0) pos: vec2f, @location(1) uv: vec2f) -> QuadVertOutput {
    return QuadVertOutput(uv, vec4f(pos * 1.2f, 0.0f, 1.0f));
}

@fragment
fn quad_frag(@location(0) uv: vec2f) -> @location(0) vec4f {
    let color = textureSample(u_texture, u_sampler, uv);
    if color.w == 0.0f {
        discard;
    }
    let premultiplied = color * color.w;
    return premultiplied;
}

@fragment
fn fs_extra() -> @location(0) vec4f {
    return vec4f(0.0f, 0.5f, 0.0f, 0.5f);
}

@vertex
fn sky_vert(@builtin(vertex_index) vertex_index: u32) -> SkyVertOutput {
    let tmp1 = i32(vertex_index) / 2i;
    let tmp2 = i32(vertex_index) & 1i;
    let pos = vec4f(f32(tmp1) * 4.0f - 1.0f, f32(tmp2) * 4.0f - 1.0f, 0.0f, 1.0f);
    let t = r_data.view[0u];
    let t_1 = r_data.view[1u];
    let t_2 = r_data.view[2u];
    let inv_model_view = transpose(mat3x3f(t.xyz, t_1.xyz, t_2.xyz));
    let unprojected = r_data.proj_inv * pos;
    return SkyVertOutput(pos, inv_model_view * unprojected.xyz);
}

@fragment
fn sky_frag(@location(0) uv: vec3f) -> @location(0) vec4f {
    let texel = textureSample(r_texture, r_sampler, uv);
    return texel;
}
