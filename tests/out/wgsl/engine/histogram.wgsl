struct Params {
    min_log_lum: f32,
    inv_log_lum_range: f32,
    width: u32,
    height: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var hdr_image: texture_2d<f32>;
@group(0) @binding(2) var<storage, read_write> histogram: array<atomic<u32>, 256>;
var<workgroup> local_bins: array<atomic<u32>, 256>;

fn bin_index(color: vec3f) -> u32 {
    let lum = dot(color, vec3f(0.2126f, 0.7152f, 0.0722f));
    if lum < 0.005f {
        return 0u;
    }
    let log_lum = clamp((log2(lum) - params.min_log_lum) * params.inv_log_lum_range, 0.0f, 1.0f);
    return u32(log_lum * 254.0f + 1.0f);
}

@compute @workgroup_size(16, 16, 1)
fn build_histogram(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
    atomicStore(&local_bins[lid], 0u);
    workgroupBarrier();
    if gid.x < params.width && gid.y < params.height {
        let texel = textureLoad(hdr_image, vec2i(gid.xy), 0i);
        let color = texel.xyz;
        let bin_index_1 = bin_index(color);
        atomicAdd(&local_bins[bin_index_1], 1u);
    }
    workgroupBarrier();
    let count = atomicLoad(&local_bins[lid]);
    if count > 0u {
        atomicAdd(&histogram[min(lid, 255u)], count);
    }
}
