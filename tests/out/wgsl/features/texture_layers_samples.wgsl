@group(0) @binding(0) var layers: texture_2d_array<f32>;
@group(0) @binding(1) var ilayers: texture_2d_array<i32>;
@group(0) @binding(2) var shadow_layers: texture_depth_2d_array;
@group(0) @binding(3) var combined_layers_tex: texture_2d_array<f32>;
@group(0) @binding(4) var combined_layers_samp: sampler;
@group(0) @binding(5) var msaa: texture_multisampled_2d<f32>;
@group(0) @binding(6) var umsaa: texture_multisampled_2d<u32>;
@group(0) @binding(7) var<storage, read_write> out: array<vec4i>;

@compute @workgroup_size(1, 1, 1)
fn counts() {
    out[min(0u, arrayLength(&out) - 1u)] = vec4i(i32(textureNumLayers(layers)), i32(textureNumLayers(ilayers)), i32(textureNumLayers(shadow_layers)), i32(textureNumLayers(combined_layers_tex)));
    out[min(1u, arrayLength(&out) - 1u)] = vec4i(i32(textureNumSamples(msaa)), i32(textureNumSamples(umsaa)), vec2i(textureDimensions(layers)).x, i32(textureNumLevels(layers)));
}

@vertex
fn counts_vs() -> @builtin(position) vec4f {
    let texel = textureSampleLevel(combined_layers_tex, combined_layers_samp, vec2f(0.5f), 0i, 0.0f);
    return vec4f(f32(i32(textureNumLayers(layers))), f32(i32(textureNumSamples(msaa))), texel.x, 1.0f);
}
