struct Block {
    value: vec4f,
}

@group(0) @binding(0) var<uniform> a: Block;
@group(0) @binding(1) var<uniform> b: Block;
@group(0) @binding(10) var<uniform> c: Block;
@group(0) @binding(11) var<uniform> d: Block;
@group(1) @binding(0) var<uniform> e: Block;
@group(1) @binding(3) var f_tex: texture_2d<f32>;
@group(1) @binding(4) var f_samp: sampler;
@group(1) @binding(5) var g: texture_2d<f32>;
@group(0) @binding(12) var<uniform> h: Block;
@group(0) @binding(4) var s: sampler;
@group(0) @binding(13) var<uniform> i: Block;
var<immediate> pc: Block;
@group(2) @binding(0) var<storage, read> items: array<vec4f>;
@group(0) @binding(14) var j_tex: texture_cube<f32>;
@group(0) @binding(15) var j_samp: sampler;
@group(0) @binding(16) var<storage, read> k: array<vec4f>;

@fragment
fn bindings(@location(0) uv: vec2f, @location(1) dir: vec3f) -> @location(0) vec4f {
    let sum = a.value + b.value + c.value + d.value + e.value + h.value + i.value + pc.value;
    let texel = textureSample(f_tex, f_samp, uv);
    let texel_1 = textureSample(g, s, uv);
    let texel_2 = textureSample(j_tex, j_samp, dir);
    let t = texel + texel_1 + texel_2;
    let t_1 = items[min(0u, arrayLength(&items) - 1u)];
    let t_2 = k[min(1u, arrayLength(&k) - 1u)];
    return sum + t + t_1 + t_2;
}
