@group(0) @binding(0) var f_rgba8: texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(1) var f_rgba8_snorm: texture_storage_2d<rgba8snorm, read>;
@group(0) @binding(2) var f_rgba16f: texture_storage_2d_array<rgba16float, read>;
@group(0) @binding(3) var f_rgba32f: texture_storage_3d<rgba32float, read>;
@group(0) @binding(4) var f_r32f: texture_storage_2d<r32float, read_write>;
@group(0) @binding(5) var f_rg32f: texture_storage_2d<rg32float, read>;
@group(0) @binding(6) var i_rgba8i: texture_storage_2d<rgba8sint, read>;
@group(0) @binding(7) var i_rgba16i: texture_storage_2d_array<rgba16sint, read>;
@group(0) @binding(8) var i_rgba32i: texture_storage_3d<rgba32sint, read>;
@group(0) @binding(9) var i_r32i: texture_storage_2d<r32sint, read_write>;
@group(0) @binding(10) var i_rg32i: texture_storage_2d<rg32sint, read>;
@group(0) @binding(11) var u_rgba8ui: texture_storage_2d<rgba8uint, read>;
@group(0) @binding(12) var u_rgba16ui: texture_storage_2d<rgba16uint, read>;
@group(0) @binding(13) var u_rgba32ui: texture_storage_2d<rgba32uint, read>;
@group(0) @binding(14) var u_r32ui: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(15) var u_rg32ui: texture_storage_2d<rg32uint, read>;
@group(1) @binding(0) var out_color: texture_storage_2d<rgba8unorm, write>;
@group(1) @binding(1) var counts: texture_storage_2d<r32uint, write>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let p = vec2i(id.xy);
    let texel = textureLoad(f_rgba8, p);
    let texel_1 = textureLoad(f_rgba8_snorm, p);
    let texel_2 = textureLoad(f_rgba16f, p, 1i);
    let texel_3 = textureLoad(f_rgba32f, vec3i(p, 0i));
    let texel_4 = textureLoad(f_r32f, p);
    let texel_5 = textureLoad(f_rg32f, p);
    let f = texel + texel_1 + texel_2 + texel_3 + texel_4 + texel_5;
    let texel_6 = textureLoad(i_rgba8i, p);
    let texel_7 = textureLoad(i_rgba16i, p, 1i);
    let texel_8 = textureLoad(i_rgba32i, vec3i(p, 0i));
    let texel_9 = textureLoad(i_r32i, p);
    let texel_10 = textureLoad(i_rg32i, p);
    let i = texel_6 + texel_7 + texel_8 + texel_9 + texel_10;
    let texel_11 = textureLoad(u_rgba8ui, p);
    let texel_12 = textureLoad(u_rgba16ui, p);
    let texel_13 = textureLoad(u_rgba32ui, p);
    let texel_14 = textureLoad(u_r32ui, p);
    let texel_15 = textureLoad(u_rg32ui, p);
    let u = texel_11 + texel_12 + texel_13 + texel_14 + texel_15;
    textureStore(out_color, p, f + vec4f(i) + vec4f(u));
    textureStore(f_r32f, p, f.xxxx);
    textureStore(i_r32i, p, i);
    textureStore(u_r32ui, p, u);
    textureStore(counts, p, u + vec4u(1u));
}
