@group(0) @binding(0) var tex2d: texture_2d<f32>;
@group(0) @binding(1) var tex3d: texture_3d<f32>;
@group(0) @binding(2) var tex_cube: texture_cube<f32>;
@group(0) @binding(3) var tex_array: texture_2d_array<f32>;
@group(0) @binding(4) var itex: texture_2d<i32>;
@group(0) @binding(5) var utex_array: texture_2d_array<u32>;
@group(0) @binding(6) var depth2d: texture_depth_2d;
@group(0) @binding(7) var depth_array: texture_depth_2d_array;
@group(0) @binding(8) var samp: sampler;
@group(0) @binding(9) var cmp: sampler_comparison;
@group(0) @binding(10) var c2d_tex: texture_2d<f32>;
@group(0) @binding(11) var c2d_samp: sampler;
@group(0) @binding(12) var carray_shadow_tex: texture_depth_2d_array;
@group(0) @binding(13) var carray_shadow_samp: sampler_comparison;
@group(0) @binding(14) var<storage, read_write> out_f: array<vec4f>;
@group(0) @binding(15) var<storage, read_write> out_i: array<vec4i>;

@compute @workgroup_size(8, 1, 1)
fn gathers(@builtin(global_invocation_id) id: vec3u) {
    let uv = vec2f(id.xy) / vec2f(8.0f);
    let layer = i32(id.z);
    let dir = vec3f(uv, 1.0f);
    let texel = textureGather(0, tex2d, samp, uv);
    let texel_1 = textureGather(1, tex2d, samp, uv);
    let texel_2 = textureGather(2, tex2d, samp, uv);
    let texel_3 = textureGather(3, tex2d, samp, uv);
    let g0 = texel + texel_1 + texel_2 + texel_3;
    let texel_4 = textureGather(1, tex_array, samp, uv, layer);
    let texel_5 = textureGather(3, tex_cube, samp, dir);
    let texel_6 = textureGather(2, c2d_tex, c2d_samp, uv);
    let g1 = texel_4 + texel_5 + texel_6;
    let texel_7 = textureGather(0, tex2d, samp, uv, vec2i(1i, -1i));
    let texel_8 = textureGather(3, tex2d, samp, uv, vec2i(-1i, 0i));
    let texel_9 = textureGather(0, tex_array, samp, uv, layer, vec2i(7i, -8i));
    let g2 = texel_7 + texel_8 + texel_9;
    let texel_10 = textureGatherCompare(depth2d, cmp, uv, 0.5f);
    let texel_11 = textureGatherCompare(depth_array, cmp, uv, layer, 0.75f, vec2i(0i, 1i));
    let texel_12 = textureGatherCompare(carray_shadow_tex, carray_shadow_samp, uv, layer, 0.5f);
    let d1 = texel_10 + texel_11 + texel_12;
    let texel_13 = textureGather(2, itex, samp, uv, vec2i(1i));
    let texel_14 = textureGather(3, utex_array, samp, uv, layer);
    let i0 = texel_13 + vec4i(texel_14);
    let texel_15 = textureSampleLevel(tex2d, samp, uv, 1.0f, vec2i(1i, 0i));
    let texel_16 = textureSampleLevel(tex3d, samp, vec3f(uv, 0.5f), 0.0f, vec3i(-1i, 0i, 1i));
    let texel_17 = textureSampleLevel(tex_array, samp, uv, layer, 0.0f, vec2i(0i, -2i));
    let o0 = texel_15 + texel_16 + texel_17;
    let texel_18 = textureSampleGrad(tex2d, samp, uv, vec2f(0.01f), vec2f(0.0f), vec2i(-1i, 0i));
    let texel_19 = textureSampleGrad(tex3d, samp, vec3f(uv, 0.5f), vec3f(0.0f), vec3f(0.0f), vec3i(7i));
    let o1 = texel_18 + texel_19;
    let texel_20 = textureSampleLevel(depth2d, samp, uv, 0i, vec2i(3i, 4i));
    let texel_21 = textureSampleCompareLevel(depth2d, cmp, uv, 0.5f, vec2i(-8i, 7i));
    let texel_22 = textureSampleCompareLevel(depth_array, cmp, uv, layer, 0.5f, vec2i(1i, 0i));
    let o2 = texel_20 + texel_21 + texel_22;
    out_f[min(id.x, arrayLength(&out_f) - 1u)] = g0 + g1 + g2 + d1 + o0 + o1 + vec4f(o2);
    out_i[min(id.x, arrayLength(&out_i) - 1u)] = i0;
}

@fragment
fn offsets(@location(0) uv: vec2f, @location(1) dir: vec3f, @location(2) uvw: vec3f, @location(3) @interpolate(flat) layer: i32) -> @location(0) vec4f {
    let texel = textureSample(tex2d, samp, uv, vec2i(1i, 2i));
    let texel_1 = textureSample(tex3d, samp, uvw, vec3i(0i, 0i, -1i));
    let texel_2 = textureSample(tex_array, samp, uv, layer, vec2i(-3i, 0i));
    let texel_3 = textureSample(c2d_tex, c2d_samp, uv, vec2i(-1i, 0i));
    let s0 = texel + texel_1 + texel_2 + texel_3;
    let texel_4 = textureSampleBias(tex2d, samp, uv, 0.5f, vec2i(1i));
    let texel_5 = textureSampleBias(tex3d, samp, uvw, -1.0f, vec3i(1i, 0i, 0i));
    let texel_6 = textureSampleBias(tex_array, samp, uv, layer, 1.0f, vec2i(0i, 1i));
    let s1 = texel_4 + texel_5 + texel_6;
    let texel_7 = textureSample(depth2d, samp, uv, vec2i(1i, 0i));
    let texel_8 = textureSampleCompare(depth2d, cmp, uv, 0.5f, vec2i(0i, 1i));
    let texel_9 = textureSampleCompare(depth_array, cmp, uv, layer, 0.25f, vec2i(-1i));
    let texel_10 = textureSampleCompare(carray_shadow_tex, carray_shadow_samp, uv, layer, 0.5f, vec2i(2i, 0i));
    let d = texel_7 + texel_8 + texel_9 + texel_10;
    let texel_11 = textureGather(1, tex_cube, samp, dir);
    let texel_12 = textureGatherCompare(depth2d, cmp, uv, 0.5f, vec2i(-1i, 1i));
    let g = texel_11 + texel_12;
    return s0 + s1 + g + vec4f(d);
}
