diagnostic(off, derivative_uniformity);

struct AlphaTestOutput {
    @location(0) color: vec4f,
    @location(1) hit: u32,
}

@group(0) @binding(0) var albedo_tex: texture_2d<f32>;
@group(0) @binding(1) var albedo_samp: sampler;
@group(0) @binding(2) var<storage, read> hits: array<u32>;

fn coverage_or_discard(a: f32) -> f32 {
    if a >= 0.5f {
        return a;
    }
    discard;
    return f32();
}

fn first_hit(start: u32) -> u32 {
    var i: u32 = start;
    loop {
        let t = hits[min(i % 16u, arrayLength(&hits) - 1u)];
        if t != 0u {
            return i;
        }
        let i_1 = i + 1u;
        i = i_1;
    }
    return u32();
}

@fragment
fn alpha_test(@location(0) uv: vec2f, @location(1) @interpolate(flat) id: u32) -> AlphaTestOutput {
    let texel = textureSample(albedo_tex, albedo_samp, uv);
    if texel.w > 0.9f {
        let first_hit_1 = first_hit(id);
        return AlphaTestOutput(texel, first_hit_1);
    } else if texel.w > 0.1f {
        let coverage_or_discard_1 = coverage_or_discard(texel.w);
        return AlphaTestOutput(vec4f(texel.xyz, coverage_or_discard_1), 0u);
    }
    discard;
    return AlphaTestOutput();
}
