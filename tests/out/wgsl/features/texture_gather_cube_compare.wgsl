@group(0) @binding(0) var depth_cube: texture_depth_cube;
@group(0) @binding(1) var cmp: sampler_comparison;
@group(0) @binding(2) var ccube_shadow_tex: texture_depth_cube;
@group(0) @binding(3) var ccube_shadow_samp: sampler_comparison;
@group(0) @binding(4) var<storage, read_write> out: array<vec4f>;

@compute @workgroup_size(1, 1, 1)
fn gather_cube(@builtin(global_invocation_id) id: vec3u) {
    let dir = normalize(vec3f(vec2f(id.xy), 1.0f));
    let texel = textureGatherCompare(depth_cube, cmp, dir, 0.25f);
    let texel_1 = textureGatherCompare(ccube_shadow_tex, ccube_shadow_samp, dir, 0.75f);
    out[min(id.x, arrayLength(&out) - 1u)] = texel + texel_1;
}
