struct S {
    a: f32,
}

struct S_std140 {
    @size(16) a: f32,
}

@group(0) @binding(0) var<storage, read> b0: S;
@group(1) @binding(0) var<storage, read> b1: S;
@group(2) @binding(0) var<storage, read> b2: S;
@group(3) @binding(0) var<storage, read> b3: S;
@group(4) @binding(0) var<storage, read> b4: S;
@group(5) @binding(0) var<storage, read> b5: S;
@group(6) @binding(0) var<storage, read> b6: S;
@group(7) @binding(0) var<storage, read> b7: S;
@group(9) @binding(1) var<uniform> b8: S_std140;
@group(8) @binding(1) var<uniform> b9: S_std140;
@group(10) @binding(1) var<uniform> b10: S_std140;
@group(11) @binding(1) var<uniform> b11: S_std140;
@group(12) @binding(1) var<uniform> b12: S_std140;
@group(13) @binding(1) var<uniform> b13: S_std140;
@group(14) @binding(1) var<uniform> b14: S_std140;
@group(15) @binding(1) var<uniform> b15: S_std140;
@group(0) @binding(1) var t0: texture_2d<f32>;
@group(1) @binding(1) var t1: texture_2d<f32>;
@group(2) @binding(1) var t2: texture_2d<f32>;
@group(3) @binding(1) var t3: texture_2d<f32>;
@group(4) @binding(1) var t4: texture_2d<f32>;
@group(5) @binding(1) var t5: texture_2d<f32>;
@group(6) @binding(1) var t6: texture_2d<f32>;
@group(7) @binding(1) var t7: texture_2d<f32>;
@group(8) @binding(200) var t8: texture_depth_2d;
@group(9) @binding(200) var t9: texture_depth_2d;
@group(10) @binding(200) var t10: texture_depth_2d;
@group(11) @binding(200) var t11: texture_depth_2d;
@group(12) @binding(200) var t12: texture_depth_2d;
@group(13) @binding(200) var t13: texture_depth_2d;
@group(14) @binding(200) var t14: texture_depth_2d;
@group(15) @binding(200) var t15: texture_depth_2d;
@group(0) @binding(200) var s0: sampler;
@group(1) @binding(200) var s1: sampler;
@group(2) @binding(200) var s2: sampler;
@group(3) @binding(200) var s3: sampler;
@group(4) @binding(200) var s4: sampler;
@group(5) @binding(200) var s5: sampler;
@group(6) @binding(200) var s6: sampler;
@group(7) @binding(200) var s7: sampler;
@group(8) @binding(300) var s8: sampler_comparison;
@group(9) @binding(300) var s9: sampler_comparison;
@group(10) @binding(300) var s10: sampler_comparison;
@group(11) @binding(300) var s11: sampler_comparison;
@group(12) @binding(300) var s12: sampler_comparison;
@group(13) @binding(300) var s13: sampler_comparison;
@group(14) @binding(300) var s14: sampler_comparison;
@group(15) @binding(300) var s15: sampler_comparison;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
    let a = b0.a;
    let a_1 = b1.a;
    let a_2 = b2.a;
    let a_3 = b3.a;
    let a_4 = b4.a;
    let a_5 = b5.a;
    let a_6 = b6.a;
    let a_7 = b7.a;
    let t = a + a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + b8.a + b9.a + b10.a + b11.a + b12.a + b13.a;
    let sum = t + b14.a + b15.a;
    let c = vec4f(sum);
    let texel = textureSample(t0, s0, uv);
    let c_1 = c + texel;
    let texel_1 = textureSample(t1, s1, uv);
    let c_2 = c_1 + texel_1;
    let texel_2 = textureSample(t2, s2, uv);
    let c_3 = c_2 + texel_2;
    let texel_3 = textureSample(t3, s3, uv);
    let c_4 = c_3 + texel_3;
    let texel_4 = textureSample(t4, s4, uv);
    let c_5 = c_4 + texel_4;
    let texel_5 = textureSample(t5, s5, uv);
    let c_6 = c_5 + texel_5;
    let texel_6 = textureSample(t6, s6, uv);
    let c_7 = c_6 + texel_6;
    let texel_7 = textureSample(t7, s7, uv);
    let c_8 = c_7 + texel_7;
    let texel_8 = textureSampleCompare(t8, s8, uv, 0.5f);
    let d = 0.0f + texel_8;
    let texel_9 = textureSampleCompare(t9, s9, uv, 0.5f);
    let d_1 = d + texel_9;
    let texel_10 = textureSampleCompare(t10, s10, uv, 0.5f);
    let d_2 = d_1 + texel_10;
    let texel_11 = textureSampleCompare(t11, s11, uv, 0.5f);
    let d_3 = d_2 + texel_11;
    let texel_12 = textureSampleCompare(t12, s12, uv, 0.5f);
    let d_4 = d_3 + texel_12;
    let texel_13 = textureSampleCompare(t13, s13, uv, 0.5f);
    let d_5 = d_4 + texel_13;
    let texel_14 = textureSampleCompare(t14, s14, uv, 0.5f);
    let d_6 = d_5 + texel_14;
    let texel_15 = textureSampleCompare(t15, s15, uv, 0.5f);
    let d_7 = d_6 + texel_15;
    return c_8 * d_7;
}
