@group(0) @binding(0) var frame: texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(1) var<storage, read_write> histogram: array<atomic<u32>, 64>;
var<workgroup> local_bins: array<atomic<u32>, 64>;

fn luminance(c: vec3f) -> f32 {
    return dot(c, vec3f(0.2126f, 0.7152f, 0.0722f));
}

@compute @workgroup_size(16, 16, 1)
fn build_histogram(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) lane: u32) {
    if lane < 64u {
        atomicStore(&local_bins[lane], 0u);
    }
    workgroupBarrier();
    let size = vec2i(textureDimensions(frame));
    let p = vec2i(id.xy);
    if p.x < size.x && p.y < size.y {
        let texel = textureLoad(frame, p);
        let luminance_1 = luminance(texel.xyz);
        let l = saturate(luminance_1);
        let bin = min(u32(l * 64.0f), 63u);
        atomicAdd(&local_bins[bin], 1u);
    }
    workgroupBarrier();
    if lane < 64u {
        let count = atomicLoad(&local_bins[lane]);
        if count > 0u {
            atomicAdd(&histogram[min(lane, 63u)], count);
        }
    }
}
