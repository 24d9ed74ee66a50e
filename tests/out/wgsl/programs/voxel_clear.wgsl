@group(0) @binding(0) var voxels: texture_storage_3d<rgba8unorm, write>;
@group(0) @binding(1) var occupancy: texture_storage_3d<r32uint, write>;
@group(0) @binding(2) var slices: texture_storage_2d_array<rgba16float, write>;
@group(0) @binding(3) var src_counts: texture_storage_2d_array<r32uint, read>;

@compute @workgroup_size(4, 4, 4)
fn clear_voxels(@builtin(global_invocation_id) gid: vec3u) {
    let p = vec3i(gid);
    let size = vec3i(textureDimensions(voxels));
    if p.x < size.x && p.y < size.y && p.z < size.z {
        textureStore(voxels, p, vec4f(0.0f));
        textureStore(occupancy, p, vec4u(0u));
    }
    let layers = i32(textureNumLayers(slices));
    if p.z < layers {
        let c = textureLoad(src_counts, p.xy, p.z % i32(textureNumLayers(src_counts)));
        textureStore(slices, p.xy, p.z, vec4f(f32(c.x), f32(vec2i(textureDimensions(slices)).x), 0.0f, 1.0f));
    }
}
