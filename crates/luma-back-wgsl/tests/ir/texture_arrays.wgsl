enable wgpu_binding_array;

@group(0) @binding(0) var decals: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2f, @location(1) @interpolate(flat) layer: u32) -> @location(0) vec4f {
    let texel = textureSampleLevel(decals[min(layer & 7u, 3u)], samp, uv, 0.0f);
    let texel_1 = textureSampleLevel(decals[3u], samp, uv, 0.0f);
    return texel + texel_1;
}
