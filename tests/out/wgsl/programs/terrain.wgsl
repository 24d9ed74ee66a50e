diagnostic(off, derivative_uniformity);

struct Terrain {
    view_proj: mat4x4f,
    camera_position: vec4f,
    sun_direction: vec4f,
    world_size: f32,
    height_scale: f32,
    tile_quads: u32,
    tiles_per_edge: u32,
    layer_heights: vec4f,
    texture_scale: f32,
}

struct TerrainVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) world_position: vec3f,
    @location(1) normal: vec3f,
    @location(2) height01: f32,
    @location(3) @interpolate(flat) tile: u32,
}

@group(0) @binding(0) var<uniform> terrain: Terrain;
@group(0) @binding(1) var heightmap_tex: texture_2d<f32>;
@group(0) @binding(2) var heightmap_samp: sampler;
@group(0) @binding(3) var layers_tex: texture_2d_array<f32>;
@group(0) @binding(4) var layers_samp: sampler;

fn height_at(uv: vec2f) -> f32 {
    let texel = textureSampleLevel(heightmap_tex, heightmap_samp, uv, 0.0f);
    return texel.x * terrain.height_scale;
}

fn triplanar(p: vec3f, n: vec3f, layer: i32) -> vec3f {
    let w = abs(n);
    let w_1 = w / vec3f(w.x + w.y + w.z);
    let s = terrain.texture_scale;
    let texel = textureSample(layers_tex, layers_samp, p.zy * s, layer);
    let x = texel.xyz;
    let texel_1 = textureSample(layers_tex, layers_samp, p.xz * s, layer);
    let y = texel_1.xyz;
    let texel_2 = textureSample(layers_tex, layers_samp, p.xy * s, layer);
    let z = texel_2.xyz;
    return x * w_1.x + y * w_1.y + z * w_1.z;
}

@vertex
fn terrain_vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> TerrainVsOutput {
    var local: array<vec2i, 6> = array<vec2i, 6>(vec2i(0i), vec2i(1i, 0i), vec2i(0i, 1i), vec2i(0i, 1i), vec2i(1i, 0i), vec2i(1i));
    let quad = vertex / 6u;
    let corner = local[vertex % 6u];
    let quad_xy = vec2u(quad % terrain.tile_quads, quad / terrain.tile_quads);
    let tile_xy = vec2u(instance % terrain.tiles_per_edge, instance / terrain.tiles_per_edge);
    let cell = vec2i(tile_xy * vec2u(terrain.tile_quads) + quad_xy) + corner;
    let cells_per_edge = f32(terrain.tile_quads * terrain.tiles_per_edge);
    let uv = vec2f(cell) / vec2f(cells_per_edge);
    let texel = 1.0f / cells_per_edge;
    let h = height_at(uv);
    let h_left = height_at(uv - vec2f(texel, 0.0f));
    let h_right = height_at(uv + vec2f(texel, 0.0f));
    let h_down = height_at(uv - vec2f(0.0f, texel));
    let h_up = height_at(uv + vec2f(0.0f, texel));
    let spacing = terrain.world_size * texel;
    let normal = normalize(vec3f(h_left - h_right, 2.0f * spacing, h_down - h_up));
    let world = vec3f((uv.x - 0.5f) * terrain.world_size, h, (uv.y - 0.5f) * terrain.world_size);
    return TerrainVsOutput(terrain.view_proj * vec4f(world, 1.0f), world, normal, h / terrain.height_scale, instance);
}

@fragment
fn terrain_fs(@location(0) world_position: vec3f, @location(1) normal: vec3f, @location(2) height01: f32, @location(3) @interpolate(flat) tile: u32) -> @location(0) vec4f {
    let n = normalize(normal);
    let slope = 1.0f - n.y;
    var i: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var weights: vec4f = vec4f(0.0f);
    var weights_1: vec4f;
    loop {
        if !v_1 {
            weights_1 = weights;
            break;
        }
        let start = terrain.layer_heights[min(u32(i), 3u)];
        let next_start = select(2.0f, terrain.layer_heights[min(u32(i + 1i), 3u)], i < 3i);
        let weights_2 = select(weights, vec4f(smoothstep(start - 0.05f, start + 0.05f, height01) * (1.0f - smoothstep(next_start - 0.05f, next_start + 0.05f, height01))), vec4u(0u, 1u, 2u, 3u) == vec4u(min(bitcast<u32>(i), 3u)));
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        weights = weights_2;
    }
    let rock = smoothstep(0.3f, 0.6f, slope);
    let weights_3 = mix(weights_1, vec4f(0.0f, 0.0f, 1.0f, 0.0f), vec4f(rock));
    let weights_4 = weights_3 / vec4f(max(weights_3.x + weights_3.y + weights_3.z + weights_3.w, 0.0001f));
    var i_1: i32 = 0i;
    var v_2: u32 = 3u;
    var v_3: bool = true;
    var albedo: vec3f = vec3f(0.0f);
    var albedo_1: vec3f;
    loop {
        if !v_3 {
            albedo_1 = albedo;
            break;
        }
        let triplanar_1 = triplanar(world_position, n, i_1);
        let albedo_2 = albedo + triplanar_1 * weights_4[i_1];
        let next_v_1 = v_2 != 0u;
        i_1 = i_1 + 1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        albedo = albedo_2;
    }
    let sun_direction = terrain.sun_direction;
    let diffuse = max(dot(n, normalize(sun_direction.xyz)), 0.0f);
    let debug_tint = select(0.97f, 1.0f, (tile & 1u) == 0u);
    return vec4f(albedo_1 * (0.25f + 0.75f * diffuse) * debug_tint, 1.0f);
}
