@group(0) @binding(0) var labels: texture_storage_2d<rgba32sint, read>;
@group(0) @binding(1) var relabeled: texture_storage_2d<rgba16sint, write>;
@group(0) @binding(2) var voxels: texture_storage_3d<r32uint, read_write>;
@group(0) @binding(3) var mask: texture_storage_2d<rgba8uint, write>;
@group(0) @binding(4) var offsets: texture_storage_2d<rg32sint, read>;

@compute @workgroup_size(4, 4, 4)
fn count_voxels(@builtin(global_invocation_id) id: vec3u) {
    let v = vec3i(id);
    let size = vec3i(textureDimensions(voxels));
    if v.x >= size.x || v.y >= size.y || v.z >= size.z {
        return;
    }
    let label = textureLoad(labels, v.xy);
    let texel = textureLoad(offsets, v.xy);
    let shift = texel.xy;
    let texel_1 = textureLoad(voxels, v);
    let hits = texel_1.x + u32(abs(label.x) % 7i);
    textureStore(voxels, v, vec4u(hits, 0u, 0u, 0u));
    if v.z == 0i {
        textureStore(relabeled, v.xy, vec4i(-label.x, label.y ^ 255i, shift.x, shift.y));
        let bit = select(0u, 255u, label.x < 0i);
        textureStore(mask, v.xy, vec4u(bit, hits & 255u, u32(size.z), 1u));
    }
}
