enable wgpu_binding_array;

@group(0) @binding(0) var atlas: texture_storage_2d_array<r32float, write>;
@group(0) @binding(1) var layer_counts: texture_storage_2d_array<r32uint, read_write>;
@group(0) @binding(2) var previews: binding_array<texture_storage_2d<rgba8unorm, write>, 2>;

@compute @workgroup_size(8, 8, 1)
fn clear_layers(@builtin(global_invocation_id) id: vec3u, @builtin(workgroup_id) group: vec3u) {
    let p = vec2i(id.xy);
    let layer = i32(group.z);
    let size = vec2i(textureDimensions(atlas));
    var v: bool;
    if p.x >= size.x || p.y >= size.y {
        v = true;
    } else {
        v = layer >= i32(textureNumLayers(atlas));
    }
    if v {
        return;
    }
    textureStore(atlas, p, layer, vec4f(1.0f, 0.0f, 0.0f, 0.0f));
    let texel = textureLoad(layer_counts, p, layer);
    let seen = texel.x;
    textureStore(layer_counts, p, layer, vec4u(seen + 1u));
    let shade = f32(layer) / f32(i32(textureNumLayers(atlas)));
    textureStore(previews[min(u32(layer % 2i), 1u)], p, vec4f(shade, shade, shade, 1.0f));
}
