struct TexturesOutput {
    @location(0) color: vec4f,
    @location(1) ints: vec4i,
    @location(2) uints: vec4u,
}

@group(0) @binding(0) var tex2d: texture_2d<f32>;
@group(0) @binding(1) var tex3d: texture_3d<f32>;
@group(0) @binding(2) var tex_cube: texture_cube<f32>;
@group(0) @binding(3) var tex_array: texture_2d_array<f32>;
@group(0) @binding(4) var tex_ms: texture_multisampled_2d<f32>;
@group(0) @binding(5) var itex: texture_2d<i32>;
@group(0) @binding(6) var utex: texture_2d<u32>;
@group(0) @binding(7) var itex3d: texture_3d<i32>;
@group(0) @binding(8) var utex_array: texture_2d_array<u32>;
@group(0) @binding(9) var depth2d: texture_depth_2d;
@group(0) @binding(10) var depth_cube: texture_depth_cube;
@group(0) @binding(11) var depth_array: texture_depth_2d_array;
@group(0) @binding(12) var samp: sampler;
@group(0) @binding(13) var cmp: sampler_comparison;
@group(0) @binding(14) var c2d_tex: texture_2d<f32>;
@group(0) @binding(15) var c2d_samp: sampler;
@group(0) @binding(16) var c3d_tex: texture_3d<f32>;
@group(0) @binding(17) var c3d_samp: sampler;
@group(0) @binding(18) var ccube_tex: texture_cube<f32>;
@group(0) @binding(19) var ccube_samp: sampler;
@group(0) @binding(20) var carray_tex: texture_2d_array<f32>;
@group(0) @binding(21) var carray_samp: sampler;
@group(0) @binding(22) var cshadow_tex: texture_depth_2d;
@group(0) @binding(23) var cshadow_samp: sampler_comparison;
@group(0) @binding(24) var ccube_shadow_tex: texture_depth_cube;
@group(0) @binding(25) var ccube_shadow_samp: sampler_comparison;
@group(0) @binding(26) var carray_shadow_tex: texture_depth_2d_array;
@group(0) @binding(27) var carray_shadow_samp: sampler_comparison;

@fragment
fn textures(@location(0) uv: vec2f, @location(1) dir: vec3f, @location(2) uvw: vec3f, @location(3) @interpolate(flat) layer: i32) -> TexturesOutput {
    let texel = textureSample(tex2d, samp, uv);
    let texel_1 = textureSample(tex3d, samp, uvw);
    let texel_2 = textureSample(tex_cube, samp, dir);
    let texel_3 = textureSample(tex_array, samp, uv, layer);
    let s0 = texel + texel_1 + texel_2 + texel_3;
    let texel_4 = textureSampleBias(tex2d, samp, uv, 0.5f);
    let texel_5 = textureSampleBias(tex_cube, samp, dir, -1.0f);
    let texel_6 = textureSampleBias(tex_array, samp, uv, layer, 1.0f);
    let s1 = texel_4 + texel_5 + texel_6;
    let texel_7 = textureSampleLevel(tex2d, samp, uv, 2.0f);
    let texel_8 = textureSampleLevel(tex3d, samp, uvw, 0.0f);
    let texel_9 = textureSampleLevel(tex_array, samp, uv, layer, 1.5f);
    let s2 = texel_7 + texel_8 + texel_9;
    let t = dpdx(uv);
    let t_1 = dpdy(uv);
    let texel_10 = textureSampleGrad(tex2d, samp, uv, t, t_1);
    let texel_11 = textureSampleGrad(tex_cube, samp, dir, vec3f(0.01f), vec3f(0.02f));
    let texel_12 = textureSampleGrad(tex_array, samp, uv, layer, vec2f(0.0f), vec2f(0.0f));
    let s3 = texel_10 + texel_11 + texel_12;
    let texel_13 = textureSample(depth2d, samp, uv);
    let texel_14 = textureSampleLevel(depth2d, samp, uv, 0i);
    let depth = texel_13 + texel_14;
    let texel_15 = textureSampleCompare(depth2d, cmp, uv, 0.5f);
    let texel_16 = textureSampleCompare(depth_cube, cmp, dir, 0.25f);
    let texel_17 = textureSampleCompare(depth_array, cmp, uv, layer, 0.75f);
    let texel_18 = textureSampleCompareLevel(depth2d, cmp, uv, 0.5f);
    let shadow = texel_15 + texel_16 + texel_17 + texel_18;
    let texel_19 = textureSample(c2d_tex, c2d_samp, uv);
    let texel_20 = textureSample(c3d_tex, c3d_samp, uvw);
    let texel_21 = textureSample(ccube_tex, ccube_samp, dir);
    let texel_22 = textureSample(carray_tex, carray_samp, uv, layer);
    let c0 = texel_19 + texel_20 + texel_21 + texel_22;
    let texel_23 = textureSampleBias(c2d_tex, c2d_samp, uv, 1.0f);
    let texel_24 = textureSampleLevel(ccube_tex, ccube_samp, dir, 3.0f);
    let texel_25 = textureSampleGrad(c3d_tex, c3d_samp, uvw, vec3f(0.0f), vec3f(0.0f));
    let texel_26 = textureSampleLevel(carray_tex, carray_samp, uv, layer, 0.0f);
    let c1 = texel_23 + texel_24 + texel_25 + texel_26;
    let texel_27 = textureSampleCompare(cshadow_tex, cshadow_samp, uv, 0.5f);
    let texel_28 = textureSampleCompare(ccube_shadow_tex, ccube_shadow_samp, dir, 0.5f);
    let texel_29 = textureSampleCompare(carray_shadow_tex, carray_shadow_samp, uv, layer, 0.5f);
    let texel_30 = textureSampleCompareLevel(cshadow_tex, cshadow_samp, uv, 0.5f);
    let c_shadow = texel_27 + texel_28 + texel_29 + texel_30;
    let texel_31 = vec2i(uv * 64.0f);
    let f0 = textureLoad(tex2d, texel_31, 0i) + textureLoad(tex3d, vec3i(uvw * 16.0f), 1i) + textureLoad(tex_array, texel_31, layer, 0i) + textureLoad(tex_ms, texel_31, 3i) + textureLoad(c2d_tex, texel_31, 1i);
    let fd = textureLoad(depth2d, texel_31, 0i) + textureLoad(depth_array, texel_31, layer, 0i);
    let fi = textureLoad(itex, texel_31, 0i) + textureLoad(itex3d, vec3i(texel_31, 0i), 0i);
    let fu = textureLoad(utex, texel_31, 0i) + textureLoad(utex_array, texel_31, layer, 0i);
    let sizes = vec2i(textureDimensions(tex2d, 0i)) + vec2i(textureDimensions(tex_cube, clamp(1i, 0i, i32(textureNumLevels(tex_cube)) - 1i))) + vec2i(textureDimensions(tex_array, 0i)) + vec2i(textureDimensions(tex_ms)) + vec2i(textureDimensions(itex, 0i)) + vec2i(textureDimensions(depth2d, 0i)) + vec2i(textureDimensions(c2d_tex, 0i)) + vec2i(textureDimensions(depth_cube, 0i));
    let t_2 = vec2i(textureDimensions(utex_array, 0i));
    let size3 = vec3i(textureDimensions(tex3d, 0i)) + vec3i(textureDimensions(c3d_tex, clamp(1i, 0i, i32(textureNumLevels(c3d_tex)) - 1i))) + t_2.xyy + vec3i(textureDimensions(itex3d, 0i));
    let levels = i32(textureNumLevels(tex2d)) + i32(textureNumLevels(tex3d)) + i32(textureNumLevels(tex_cube)) + i32(textureNumLevels(tex_array)) + i32(textureNumLevels(depth2d)) + i32(textureNumLevels(ccube_tex)) + i32(textureNumLevels(itex));
    let footprint = fwidth(uv);
    let color = s0 + s1 + s2 + s3 + c0 + c1 + f0 + vec4f(depth + shadow + c_shadow + fd) + vec4f(footprint, 0.0f, 0.0f);
    return TexturesOutput(color, fi + vec4i(sizes, size3.xy) + vec4i(levels), fu + vec4u(u32(size3.z)));
}
