enable wgpu_binding_array;

struct Push {
    material: u32,
    tint: vec4f,
}

var<immediate> push: Push;
@group(0) @binding(0) var albedo_maps: binding_array<texture_2d<f32>, 8>;
@group(0) @binding(1) var samplers: binding_array<sampler, 2>;
@group(0) @binding(2) var detail_maps_tex: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(3) var detail_maps_samp: binding_array<sampler, 4>;
@group(0) @binding(4) var id_maps: binding_array<texture_2d<u32>, 2>;
@group(0) @binding(5) var<storage, read> material_table: array<u32>;
@group(0) @binding(6) var outputs: binding_array<texture_storage_2d<rgba8unorm, write>, 4>;
@group(0) @binding(7) var heights: binding_array<texture_storage_2d<r32float, read>, 4>;

fn albedo(index: u32, uv: vec2f) -> vec4f {
    let texel = textureSampleLevel(albedo_maps[min(index, 7u)], samplers[0i], uv, 0.0f);
    return texel;
}

@fragment
fn shade(@location(0) uv: vec2f, @location(1) @interpolate(flat) material: u32) -> @location(0) vec4f {
    let texel = textureSample(albedo_maps[min(push.material, 7u)], samplers[1i], uv);
    let base = texel * push.tint;
    let t = material_table[min(material, arrayLength(&material_table) - 1u)];
    let slot = t % 8u;
    let a = textureSample(albedo_maps[min(slot, 7u)], samplers[min(material % 2u, 1u)], uv);
    let t_1 = material & 3u;
    let d = textureSample(detail_maps_tex[min(t_1, 3u)], detail_maps_samp[min(t_1, 3u)], uv);
    let id = textureLoad(id_maps[min(material % 2u, 1u)], vec2i(uv * 4.0f), 0i);
    let size = vec2i(textureDimensions(albedo_maps[min(slot, 7u)], 0i));
    let albedo_1 = albedo(material, uv);
    let albedo_2 = albedo(push.material, uv);
    let c = base + a * d + albedo_1 + albedo_2;
    return c + vec4f(f32(id.x) / f32(size.x + 1i));
}

@compute @workgroup_size(8, 8, 1)
fn blit(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_id) lid: vec3u) {
    let p = vec2i(lid.xy);
    let h = textureLoad(heights[min(group.x % 4u, 3u)], p);
    let g = textureLoad(heights[min(lid.y % 4u, 3u)], p);
    textureStore(outputs[min(lid.x % 4u, 3u)], p, vec4f(h.x, g.x, 0.0f, 1.0f));
}
