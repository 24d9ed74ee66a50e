@group(0) @binding(0) var image_2d: texture_2d<f32>;
@group(0) @binding(1) var image_2d_array: texture_2d_array<f32>;
@group(0) @binding(2) var image_cube: texture_cube<f32>;
@group(0) @binding(3) var image_3d: texture_3d<f32>;
@group(0) @binding(4) var image_aa: texture_multisampled_2d<f32>;
@group(0) @binding(5) var image_depth: texture_depth_2d;
@group(0) @binding(6) var image_mipmapped_src: texture_2d<u32>;
@group(0) @binding(7) var image_multisampled_src: texture_multisampled_2d<u32>;
@group(0) @binding(8) var image_array_src: texture_2d_array<u32>;
@group(0) @binding(9) var image_storage_src: texture_storage_2d<rgba8uint, read>;
@group(0) @binding(10) var image_dst: texture_storage_2d<r32uint, write>;

@vertex
fn queries(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4f {
    let lod = i32(vi % 2u);
    let dim_2d = vec2i(textureDimensions(image_2d));
    let dim_2d_lod = vec2i(textureDimensions(image_2d, clamp(lod, 0i, i32(textureNumLevels(image_2d)) - 1i)));
    let dim_2d_array = vec2i(textureDimensions(image_2d_array));
    let dim_2d_array_lod = vec2i(textureDimensions(image_2d_array, clamp(1i, 0i, i32(textureNumLevels(image_2d_array)) - 1i)));
    let dim_cube = vec2i(textureDimensions(image_cube));
    let dim_cube_lod = vec2i(textureDimensions(image_cube, clamp(lod, 0i, i32(textureNumLevels(image_cube)) - 1i)));
    let dim_3d = vec3i(textureDimensions(image_3d));
    let dim_3d_lod = vec3i(textureDimensions(image_3d, clamp(lod, 0i, i32(textureNumLevels(image_3d)) - 1i)));
    let dim_aa = vec2i(textureDimensions(image_aa));
    let dim_depth = vec2i(textureDimensions(image_depth, clamp(lod, 0i, i32(textureNumLevels(image_depth)) - 1i)));
    let sum = dim_2d.y + dim_2d_lod.y + dim_2d_array.y + dim_2d_array_lod.y + dim_cube.y + dim_cube_lod.y + dim_3d.z + dim_3d_lod.z + dim_aa.x + dim_depth.x;
    let levels = i32(textureNumLevels(image_2d)) + i32(textureNumLevels(image_2d_array)) + i32(textureNumLevels(image_cube)) + i32(textureNumLevels(image_3d)) + i32(textureNumLevels(image_depth));
    let layers = i32(textureNumLayers(image_2d_array)) + i32(textureNumSamples(image_aa));
    return vec4f(f32(sum), f32(levels), f32(layers), 1.0f);
}

@compute @workgroup_size(16, 1, 1)
fn fetches(@builtin(local_invocation_id) local_id: vec3u) {
    let dim = vec2i(textureDimensions(image_storage_src));
    let itc = dim * vec2i(local_id.xy) % vec2i(10i, 20i);
    let z = i32(local_id.z);
    let value1 = textureLoad(image_mipmapped_src, itc, z);
    let value2 = textureLoad(image_multisampled_src, itc, z);
    let value4 = textureLoad(image_storage_src, itc);
    let value5 = textureLoad(image_array_src, itc, z, z + 1i);
    textureStore(image_dst, vec2i(itc.x, 0i), value1 + value2 + value4 + value5);
}
