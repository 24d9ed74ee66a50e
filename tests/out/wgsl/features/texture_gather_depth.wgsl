@group(0) @binding(0) var depth2d: texture_depth_2d;
@group(0) @binding(1) var depth_cube: texture_depth_cube;
@group(0) @binding(2) var depth_array: texture_depth_2d_array;
@group(0) @binding(3) var samp: sampler;
@group(0) @binding(4) var<storage, read_write> out: array<vec4f>;

@compute @workgroup_size(1, 1, 1)
fn gather_depth(@builtin(global_invocation_id) id: vec3u) {
    let uv = vec2f(id.xy) / vec2f(8.0f);
    let layer = i32(id.z);
    let texel = textureGather(depth2d, samp, uv);
    let texel_1 = textureGather(depth_cube, samp, vec3f(uv, 1.0f));
    let texel_2 = textureGather(depth_array, samp, uv, layer, vec2i(2i));
    out[min(id.x, arrayLength(&out) - 1u)] = texel + texel_1 + texel_2;
}
